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
SMALL_FIRST = const(32)
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
)

# Seven segments as (x0, y0, x1, y1) rectangles, inclusive, on a 20x40 cell:
# a top, b upper right, c lower right, d bottom, e lower left, f upper left,
# g middle. Strokes are 4 pixels; the corners are left open so the segments
# read as segments from across the table.
_SEGMENTS = (
    (3, 0, 16, 3),
    (16, 2, 19, 19),
    (16, 20, 19, 37),
    (3, 36, 16, 39),
    (0, 20, 3, 37),
    (0, 2, 3, 19),
    (3, 18, 16, 21),
)
# Which segments each digit lights (bit 0 = a).
_DIGIT_SEGMENTS = (0x3F, 0x06, 0x5B, 0x4F, 0x66, 0x6D, 0x7D, 0x07, 0x7F, 0x6F)


def _build_big():
    table = bytearray(10 * BIG_PAGES * BIG_W)
    for digit in range(10):
        lit = _DIGIT_SEGMENTS[digit]
        for seg in range(7):
            if not lit >> seg & 1:
                continue
            x0, y0, x1, y1 = _SEGMENTS[seg]
            for x in range(x0, x1 + 1):
                for y in range(y0, y1 + 1):
                    # A pixel shaved off each end of a segment keeps the
                    # neighbouring segments apart.
                    if seg in (0, 3, 6) and (x == x0 or x == x1) and y in (y0, y1):
                        continue
                    if seg in (1, 2, 4, 5) and (y == y0 or y == y1) and x in (x0, x1):
                        continue
                    page = y >> 3
                    table[(digit * BIG_PAGES + page) * BIG_W + x] |= 1 << (y & 7)
    return table


BIG = _build_big()

# One view of each font, sliced when drawn: a slice of a view shares the
# bytes (a slice of the bytes would copy them). A view for every glyph,
# made once, would save that small object per character drawn, but hold
# 2.5 KiB of the heap (5 on 64-bit) for good.
SMALL_VIEW = memoryview(SMALL)
BIG_VIEW = memoryview(BIG)


def small_index(char_code):
    """Offset in ``SMALL`` of the glyph for a character code ('?' if none)."""
    if 97 <= char_code <= 122:
        char_code -= 32
    if not SMALL_FIRST <= char_code < SMALL_FIRST + SMALL_COUNT:
        char_code = 63
    return (char_code - SMALL_FIRST) * SMALL_W
