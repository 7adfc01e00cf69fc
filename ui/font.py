"""The scorekeeper's own fonts, as SSD1306 byte columns.

An SSD1306 page is 8 rows; one byte is one column of a page, bit 0 at the
top. Every glyph here is stored that way, so drawing is copying bytes.

* ``SMALL``: 5x7 capitals, digits and punctuation (ASCII 32..95; lower case
  is drawn as upper case), one byte per column, 5 columns a glyph. Row 7 is
  left blank so lines on consecutive pages do not touch.
* ``BIG``: seven-segment digits 20 pixels wide and 40 tall (5 pages): ``BIG``
  holds, for digit d and page p, the 20 column bytes at
  ``(d * BIG_PAGES + p) * BIG_W``. Readable across a card table.

The small glyphs are drawn below, in comments, as 7 rows of 5 cells ("#"
lit) next to their bytes; the big digits are built from segment rectangles
at import. Both are designed for this product.
"""

from micropython import const

SMALL_W = const(5)
_SMALL_FIRST = const(32)
SMALL_COUNT = const(64)
BIG_W = const(20)
BIG_PAGES = const(5)
BIG_H = const(40)

# The small glyphs, eight to a band: a line naming them, then 7 rows of 5
# cells ("#" lit). ``SMALL`` below is these drawings as byte columns;
# tests/test_ui_font.py checks that the two agree.
#
#    .    !    "    #    $    %    &    '
#   ..... ..#.. .#.#. .#.#. ..#.. ##..# .##.. ..#..
#   ..... ..#.. .#.#. ##### .#### ##.#. #..#. ..#..
#   ..... ..#.. ..... .#.#. #.#.. ...#. .##.. .....
#   ..... ..#.. ..... .#.#. .###. ..#.. .#... .....
#   ..... ..#.. ..... ##### ..#.# .#... #.#.# .....
#   ..... ..... ..... .#.#. ####. .#.## #..#. .....
#   ..... ..#.. ..... ..... ..#.. #..## .##.# .....
#    (    )    *    +    ,    -    .    /
#   ...#. .#... ..... ..... ..... ..... ..... ....#
#   ..#.. ..#.. ..#.. ..#.. ..... ..... ..... ...#.
#   .#... ...#. #.#.# ..#.. ..... ..... ..... ...#.
#   .#... ...#. .###. ##### ..... ##### ..... ..#..
#   .#... ...#. #.#.# ..#.. ..... ..... ..... .#...
#   ..#.. ..#.. ..#.. ..#.. ..##. ..... .##.. .#...
#   ...#. .#... ..... ..... .#... ..... .##.. #....
#    0    1    2    3    4    5    6    7
#   .###. ..#.. .###. .###. ...#. ##### ..##. #####
#   #...# .##.. #...# #...# ..##. #.... .#... ....#
#   #..## #.#.. ....# ....# .#.#. ####. #.... ...#.
#   #.#.# ..#.. ...#. ..##. #..#. ....# ####. ..#..
#   ##..# ..#.. ..#.. ....# ##### ....# #...# .#...
#   #...# ..#.. .#... #...# ...#. #...# #...# .#...
#   .###. ##### ##### .###. ...#. .###. .###. .#...
#    8    9    :    ;    <    =    >    ?
#   .###. .###. ..... ..... ...#. ..... .#... .###.
#   #...# #...# .##.. .##.. ..#.. ..... ..#.. #...#
#   #...# #...# .##.. .##.. .#... ##### ...#. ....#
#   .###. .#### ..... ..... #.... ..... ....# ...#.
#   #...# ....# .##.. .##.. .#... ##### ...#. ..#..
#   #...# ...#. .##.. ..#.. ..#.. ..... ..#.. .....
#   .###. .##.. ..... .#... ...#. ..... .#... ..#..
#    @    A    B    C    D    E    F    G
#   .###. .###. ####. .###. ###.. ##### ##### .###.
#   #...# #...# #...# #...# #..#. #.... #.... #...#
#   #.### #...# #...# #.... #...# #.... #.... #....
#   #.#.# ##### ####. #.... #...# ####. ####. #.###
#   #.### #...# #...# #.... #...# #.... #.... #...#
#   #.... #...# #...# #...# #..#. #.... #.... #...#
#   .###. #...# ####. .###. ###.. ##### #.... .####
#    H    I    J    K    L    M    N    O
#   #...# .###. ..### #...# #.... #...# #...# .###.
#   #...# ..#.. ...#. #..#. #.... ##.## ##..# #...#
#   #...# ..#.. ...#. #.#.. #.... #.#.# #.#.# #...#
#   ##### ..#.. ...#. ##... #.... #.#.# #..## #...#
#   #...# ..#.. ...#. #.#.. #.... #...# #...# #...#
#   #...# ..#.. #..#. #..#. #.... #...# #...# #...#
#   #...# .###. .##.. #...# ##### #...# #...# .###.
#    P    Q    R    S    T    U    V    W
#   ####. .###. ####. .#### ##### #...# #...# #...#
#   #...# #...# #...# #.... ..#.. #...# #...# #...#
#   #...# #...# #...# #.... ..#.. #...# #...# #...#
#   ####. #...# ####. .###. ..#.. #...# #...# #.#.#
#   #.... #.#.# #.#.. ....# ..#.. #...# #...# #.#.#
#   #.... #..#. #..#. ....# ..#.. #...# .#.#. ##.##
#   #.... .##.# #...# ####. ..#.. .###. ..#.. #...#
#    X    Y    Z    [    \    ]    ^    _
#   #...# #...# ##### .###. #.... .###. ..#.. .....
#   #...# #...# ....# .#... .#... ...#. .#.#. .....
#   .#.#. .#.#. ...#. .#... .#... ...#. #...# .....
#   ..#.. ..#.. ..#.. .#... ..#.. ...#. ..... .....
#   .#.#. ..#.. .#... .#... ...#. ...#. ..... .....
#   #...# ..#.. #.... .#... ...#. ...#. ..... .....
#   #...# ..#.. ##### .###. ....# .###. ..... #####

# The four suits, drawn like the small glyphs (spades, hearts, diamonds,
# clubs: the order of euchre_core.actions.SUIT_NAMES); tests/test_ui_font.py
# checks them against these drawings. They follow the characters in
# ``SMALL`` and are drawn for the codes in ``SUIT_CODES`` (not ASCII: pass
# them as bytes), small by ``screen.text`` and large by ``screen.text2``.
# Their 20 bytes end ``SMALL``.
#
#  :  S     H     D     C
#  : ..#.. .#.#. ..#.. .###.
#  : .###. ##### .###. .###.
#  : ##### ##### .###. #.#.#
#  : ##### ##### ##### #####
#  : ..#.. .###. .###. #.#.#
#  : .###. ..#.. .###. ..#..
#  : ..... ..... ..#.. .###.
SUIT_CODES = b"\x80\x81\x82\x83"

# The suits large (15 columns, 15 rows on two pages, the 16th row dark), for
# the trump suit read across the table: ``SUITS_BIG`` holds, for suit s and
# page p, the 15 column bytes at ``(s * 2 + p) * SUIT_BIG_W``.
#
#  % .......#....... ............... .......#....... ......###......
#  % ......###...... ..###.....###.. ......###...... ....#######....
#  % .....#####..... .#####...#####. ......###...... ....#######....
#  % ....#######.... #######.####### .....#####..... ....#######....
#  % ...#########... ############### ....#######.... .....#####.....
#  % ..###########.. ############### ...#########... .###..###..###.
#  % .#############. ############### ...#########... #####.###.#####
#  % ############### .#############. ..###########.. ###############
#  % ############### ..###########.. ...#########... ###############
#  % ############### ...#########... ...#########... #####.###.#####
#  % .####..#..####. ....#######.... ....#######.... .###..###..###.
#  % ..##...#...##.. .....#####..... .....#####..... .......#.......
#  % .......#....... ......###...... ......###...... ......###......
#  % ......###...... .......#....... ......###...... .....#####.....
#  % ....#######.... ............... .......#....... ....#######....
SUIT_BIG_W = const(15)
SUITS_BIG = (
    b"\x80\xc0\xe0\xf0\xf8\xfc\xfe\xff\xfe\xfc\xf8\xf0\xe0\xc0\x80"
    b"\x03\x07\x0f\x0f\x47\x43\x63\x7f\x63\x43\x47\x0f\x0f\x07\x03"
    b"\x78\xfc\xfe\xfe\xfe\xfc\xf8\xf0\xf8\xfc\xfe\xfe\xfe\xfc\x78"
    b"\x00\x00\x01\x03\x07\x0f\x1f\x3f\x1f\x0f\x07\x03\x01\x00\x00"
    b"\x00\x00\x80\xe0\xf0\xf8\xfe\xff\xfe\xf8\xf0\xe0\x80\x00\x00"
    b"\x00\x00\x00\x03\x07\x0f\x3f\x7f\x3f\x0f\x07\x03\x00\x00\x00"
    b"\xc0\xe0\xe0\xe0\xce\x9e\xff\xff\xff\x9e\xce\xe0\xe0\xe0\xc0"
    b"\x03\x07\x07\x07\x43\x61\x77\x7f\x77\x61\x43\x07\x07\x07\x03"
)

SMALL = (
    b"\x00\x00\x00\x00\x00\x00\x00\x5f\x00\x00\x00\x03\x00\x03\x00"
    b"\x12\x3f\x12\x3f\x12\x24\x2a\x7f\x2a\x12\x43\x33\x08\x66\x61"
    b"\x32\x4d\x55\x22\x50\x00\x00\x03\x00\x00\x00\x1c\x22\x41\x00"
    b"\x00\x41\x22\x1c\x00\x14\x08\x3e\x08\x14\x08\x08\x3e\x08\x08"
    b"\x00\x40\x20\x20\x00\x08\x08\x08\x08\x08\x00\x60\x60\x00\x00"
    b"\x40\x30\x08\x06\x01\x3e\x51\x49\x45\x3e\x44\x42\x7f\x40\x40"
    b"\x42\x61\x51\x49\x46\x22\x41\x49\x49\x36\x18\x14\x12\x7f\x10"
    b"\x27\x45\x45\x45\x39\x3c\x4a\x49\x49\x30\x01\x71\x09\x05\x03"
    b"\x36\x49\x49\x49\x36\x06\x49\x49\x29\x1e\x00\x36\x36\x00\x00"
    b"\x00\x56\x36\x00\x00\x08\x14\x22\x41\x00\x14\x14\x14\x14\x14"
    b"\x00\x41\x22\x14\x08\x02\x01\x51\x09\x06\x3e\x41\x5d\x55\x1e"
    b"\x7e\x09\x09\x09\x7e\x7f\x49\x49\x49\x36\x3e\x41\x41\x41\x22"
    b"\x7f\x41\x41\x22\x1c\x7f\x49\x49\x49\x41\x7f\x09\x09\x09\x01"
    b"\x3e\x41\x49\x49\x7a\x7f\x08\x08\x08\x7f\x00\x41\x7f\x41\x00"
    b"\x20\x40\x41\x3f\x01\x7f\x08\x14\x22\x41\x7f\x40\x40\x40\x40"
    b"\x7f\x02\x0c\x02\x7f\x7f\x02\x04\x08\x7f\x3e\x41\x41\x41\x3e"
    b"\x7f\x09\x09\x09\x06\x3e\x41\x51\x21\x5e\x7f\x09\x19\x29\x46"
    b"\x46\x49\x49\x49\x31\x01\x01\x7f\x01\x01\x3f\x40\x40\x40\x3f"
    b"\x1f\x20\x40\x20\x1f\x7f\x20\x18\x20\x7f\x63\x14\x08\x14\x63"
    b"\x03\x04\x78\x04\x03\x61\x51\x49\x45\x43\x00\x7f\x41\x41\x00"
    b"\x01\x06\x08\x30\x40\x00\x41\x41\x7f\x00\x04\x02\x01\x02\x04"
    b"\x40\x40\x40\x40\x40"
    b"\x0c\x2e\x3f\x2e\x0c\x0e\x1f\x3e\x1f\x0e"  # the suits
    b"\x08\x3e\x7f\x3e\x08\x1c\x4b\x7f\x4b\x1c"
)

# The big digits: seven segments on a 20x40 cell (a top, b upper right, c
# lower right, d bottom, e lower left, f upper left, g middle), strokes 4
# pixels wide, the corners left open so the segments read as segments from
# across the table. tests/test_ui_font.py holds the segments as rectangles and
# checks these bytes against them. Stored as bytes, not built at import, so
# start-up does no drawing. One digit is 5 pages of 20 columns.
BIG = (
    b"\xf8\xfc\xfc\xfe\x0f\x0f\x0f\x0f\x0f\x0f\x0f\x0f\x0f\x0f\x0f\x0f\xfe\xfc\xfc\xf8"  # 0
    b"\xff\xff\xff\xff\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\xff\xff\xff\xff"
    b"\xe7\xff\xff\xe7\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\xe7\xff\xff\xe7"
    b"\xff\xff\xff\xff\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\xff\xff\xff\xff"
    b"\x1f\x3f\x3f\x7f\xf0\xf0\xf0\xf0\xf0\xf0\xf0\xf0\xf0\xf0\xf0\xf0\x7f\x3f\x3f\x1f"
    b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\xf8\xfc\xfc\xf8"  # 1
    b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\xff\xff\xff\xff"
    b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\xe7\xff\xff\xe7"
    b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\xff\xff\xff\xff"
    b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x1f\x3f\x3f\x1f"
    b"\x00\x00\x00\x06\x0f\x0f\x0f\x0f\x0f\x0f\x0f\x0f\x0f\x0f\x0f\x0f\xfe\xfc\xfc\xf8"  # 2
    b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\xff\xff\xff\xff"
    b"\xe0\xf0\xf0\xf8\x3c\x3c\x3c\x3c\x3c\x3c\x3c\x3c\x3c\x3c\x3c\x3c\x1f\x0f\x0f\x07"
    b"\xff\xff\xff\xff\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
    b"\x1f\x3f\x3f\x7f\xf0\xf0\xf0\xf0\xf0\xf0\xf0\xf0\xf0\xf0\xf0\xf0\x60\x00\x00\x00"
    b"\x00\x00\x00\x06\x0f\x0f\x0f\x0f\x0f\x0f\x0f\x0f\x0f\x0f\x0f\x0f\xfe\xfc\xfc\xf8"  # 3
    b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\xff\xff\xff\xff"
    b"\x00\x00\x00\x18\x3c\x3c\x3c\x3c\x3c\x3c\x3c\x3c\x3c\x3c\x3c\x3c\xff\xff\xff\xe7"
    b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\xff\xff\xff\xff"
    b"\x00\x00\x00\x60\xf0\xf0\xf0\xf0\xf0\xf0\xf0\xf0\xf0\xf0\xf0\xf0\x7f\x3f\x3f\x1f"
    b"\xf8\xfc\xfc\xf8\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\xf8\xfc\xfc\xf8"  # 4
    b"\xff\xff\xff\xff\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\xff\xff\xff\xff"
    b"\x07\x0f\x0f\x1f\x3c\x3c\x3c\x3c\x3c\x3c\x3c\x3c\x3c\x3c\x3c\x3c\xff\xff\xff\xe7"
    b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\xff\xff\xff\xff"
    b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x1f\x3f\x3f\x1f"
    b"\xf8\xfc\xfc\xfe\x0f\x0f\x0f\x0f\x0f\x0f\x0f\x0f\x0f\x0f\x0f\x0f\x06\x00\x00\x00"  # 5
    b"\xff\xff\xff\xff\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
    b"\x07\x0f\x0f\x1f\x3c\x3c\x3c\x3c\x3c\x3c\x3c\x3c\x3c\x3c\x3c\x3c\xf8\xf0\xf0\xe0"
    b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\xff\xff\xff\xff"
    b"\x00\x00\x00\x60\xf0\xf0\xf0\xf0\xf0\xf0\xf0\xf0\xf0\xf0\xf0\xf0\x7f\x3f\x3f\x1f"
    b"\xf8\xfc\xfc\xfe\x0f\x0f\x0f\x0f\x0f\x0f\x0f\x0f\x0f\x0f\x0f\x0f\x06\x00\x00\x00"  # 6
    b"\xff\xff\xff\xff\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
    b"\xe7\xff\xff\xff\x3c\x3c\x3c\x3c\x3c\x3c\x3c\x3c\x3c\x3c\x3c\x3c\xf8\xf0\xf0\xe0"
    b"\xff\xff\xff\xff\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\xff\xff\xff\xff"
    b"\x1f\x3f\x3f\x7f\xf0\xf0\xf0\xf0\xf0\xf0\xf0\xf0\xf0\xf0\xf0\xf0\x7f\x3f\x3f\x1f"
    b"\x00\x00\x00\x06\x0f\x0f\x0f\x0f\x0f\x0f\x0f\x0f\x0f\x0f\x0f\x0f\xfe\xfc\xfc\xf8"  # 7
    b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\xff\xff\xff\xff"
    b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\xe7\xff\xff\xe7"
    b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\xff\xff\xff\xff"
    b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x1f\x3f\x3f\x1f"
    b"\xf8\xfc\xfc\xfe\x0f\x0f\x0f\x0f\x0f\x0f\x0f\x0f\x0f\x0f\x0f\x0f\xfe\xfc\xfc\xf8"  # 8
    b"\xff\xff\xff\xff\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\xff\xff\xff\xff"
    b"\xe7\xff\xff\xff\x3c\x3c\x3c\x3c\x3c\x3c\x3c\x3c\x3c\x3c\x3c\x3c\xff\xff\xff\xe7"
    b"\xff\xff\xff\xff\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\xff\xff\xff\xff"
    b"\x1f\x3f\x3f\x7f\xf0\xf0\xf0\xf0\xf0\xf0\xf0\xf0\xf0\xf0\xf0\xf0\x7f\x3f\x3f\x1f"
    b"\xf8\xfc\xfc\xfe\x0f\x0f\x0f\x0f\x0f\x0f\x0f\x0f\x0f\x0f\x0f\x0f\xfe\xfc\xfc\xf8"  # 9
    b"\xff\xff\xff\xff\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\xff\xff\xff\xff"
    b"\x07\x0f\x0f\x1f\x3c\x3c\x3c\x3c\x3c\x3c\x3c\x3c\x3c\x3c\x3c\x3c\xff\xff\xff\xe7"
    b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\xff\xff\xff\xff"
    b"\x00\x00\x00\x60\xf0\xf0\xf0\xf0\xf0\xf0\xf0\xf0\xf0\xf0\xf0\xf0\x7f\x3f\x3f\x1f"
)

# Each small glyph's five columns, by glyph number: a view of them in
# ``SMALL``, made once, which text copies whole into the frame, one a
# character: a slice made as it draws is an allocation per character, the
# bulk of a line's work on the board; views share the bytes, where copies
# would hold them twice.
GLYPHS = tuple(memoryview(SMALL)[at:at + SMALL_W] for at in range(0, len(SMALL), SMALL_W))
# The big digits' view, sliced when drawn: a slice of a view shares the
# bytes (a slice of the bytes would copy them).
BIG_VIEW = memoryview(BIG)


# The glyph number of every character code 0..255 (its columns start at
# SMALL_W times it in SMALL): the font's characters in order from the space,
# lower case drawn as upper case, the suits at 0x80..0x83 (SUIT_CODES), '?'
# for the rest. Drawing looks a character up here: one index, not a call.
GLYPH_OF = bytearray(bytes((63 - _SMALL_FIRST,)) * 256)
GLYPH_OF[_SMALL_FIRST:_SMALL_FIRST + SMALL_COUNT] = bytes(range(SMALL_COUNT))
GLYPH_OF[97:123] = GLYPH_OF[65:91]
GLYPH_OF[0x80:0x84] = bytes(range(SMALL_COUNT, SMALL_COUNT + 4))


def small_index(char_code):
    """Offset in ``SMALL`` of the glyph for a character code ('?' if none)."""
    return GLYPH_OF[char_code if 0 <= char_code < 256 else 63] * SMALL_W
