"""The fonts: the byte table agrees with the drawings in font.py, every glyph
is distinct, and the big digits light the right segments; numbers drawn
without making their strings look exactly like the text."""

import pathlib

from ui import font

_SOURCE = pathlib.Path(font.__file__).read_text()


def _drawn_glyphs():
    """Byte columns decoded from the commented drawings in font.py."""
    lines = [line[4:] for line in _SOURCE.splitlines()
             if line.startswith("#   ") and line[4:5] in ".#"]
    glyphs = []
    for band in range(0, len(lines), 7):
        rows = lines[band:band + 7]
        for slot in range(8):
            columns = []
            for col in range(5):
                byte = 0
                for row in range(7):
                    if rows[row][slot * 6 + col] == "#":
                        byte |= 1 << row
                columns.append(byte)
            glyphs.append(bytes(columns))
    return glyphs


def test_small_bytes_match_the_drawings():
    glyphs = _drawn_glyphs()
    assert len(glyphs) == font.SMALL_COUNT
    assert b"".join(glyphs) == font.SMALL[:font.SMALL_COUNT * font.SMALL_W]


def test_suits_match_their_drawings_and_follow_the_characters():
    rows = [line[5:] for line in _SOURCE.splitlines()
            if line.startswith("#  : ") and line[5:6] in ".#"]
    assert len(rows) == 7
    drawn = b""
    for slot in range(4):
        for col in range(5):
            drawn += bytes((sum(1 << row for row in range(7) if rows[row][slot * 6 + col] == "#"),))
    suits = font.SMALL[font.SMALL_COUNT * font.SMALL_W:]
    assert drawn == suits
    glyphs = [suits[i * 5:i * 5 + 5] for i in range(4)]
    assert len(set(glyphs)) == 4 and all(byte < 0x80 for byte in suits)
    for i, code in enumerate(font.SUIT_CODES):
        assert font.small_index(code) == (font.SMALL_COUNT + i) * font.SMALL_W


def test_big_suits_match_their_drawings():
    rows = [line[5:] for line in _SOURCE.splitlines()
            if line.startswith("#  % ") and line[5:6] in ".#"]
    assert len(rows) == 15
    drawn = b""
    for slot in range(4):
        for page in (0, 1):
            for col in range(font.SUIT_BIG_W):
                drawn += bytes((sum(1 << bit for bit in range(8) if page * 8 + bit < 15
                                    and rows[page * 8 + bit][slot * 16 + col] == "#"),))
    assert drawn == font.SUITS_BIG


def test_small_glyphs_are_distinct_and_leave_row_7_blank():
    glyphs = [font.SMALL[i * 5:i * 5 + 5] for i in range(font.SMALL_COUNT + 4)]
    assert len(set(glyphs)) == len(glyphs)
    assert all(byte < 0x80 for byte in font.SMALL)


def test_lower_case_draws_as_upper_case_and_unknown_as_question_mark():
    assert font.small_index(ord("a")) == font.small_index(ord("A"))
    assert font.small_index(ord("~")) == font.small_index(ord("?"))
    assert font.small_index(200) == font.small_index(ord("?"))


def _lit(digit, x, y):
    at = (digit * font.BIG_PAGES + y // 8) * font.BIG_W + x
    return bool(font.BIG[at] >> (y % 8) & 1)


def test_big_digits_light_their_segments():
    # Sample one pixel in the middle of each segment: a, b, c, d, e, f, g.
    probes = ((10, 1), (18, 10), (18, 29), (10, 38), (1, 29), (1, 10), (10, 19))
    lit = {0: "abcdef", 1: "bc", 2: "abdeg", 3: "abcdg", 4: "bcfg", 5: "acdfg",
           6: "acdefg", 7: "abc", 8: "abcdefg", 9: "abcdfg"}
    for digit in range(10):
        for name, (x, y) in zip("abcdefg", probes):
            assert _lit(digit, x, y) == (name in lit[digit]), (digit, name)


# The design of the big digits: seven segments as (x0, y0, x1, y1)
# rectangles, inclusive, on the 20x40 cell: a, b, c, d, e, f, g.
_SEGMENTS = ((3, 0, 16, 3), (16, 2, 19, 19), (16, 20, 19, 37), (3, 36, 16, 39), (0, 20, 3, 37),
             (0, 2, 3, 19), (3, 18, 16, 21))
# Which segments each digit lights (bit 0 = a).
_DIGIT_SEGMENTS = (0x3F, 0x06, 0x5B, 0x4F, 0x66, 0x6D, 0x7D, 0x07, 0x7F, 0x6F)


def test_big_digits_are_the_segments_with_their_corners_open():
    for digit in range(10):
        for y in range(font.BIG_H):
            for x in range(font.BIG_W):
                want = False
                for seg, (x0, y0, x1, y1) in enumerate(_SEGMENTS):
                    if not (_DIGIT_SEGMENTS[digit] >> seg & 1 and x0 <= x <= x1 and y0 <= y <= y1):
                        continue
                    # A pixel shaved off each end of a segment keeps the
                    # neighbouring segments apart.
                    horizontal = seg in (0, 3, 6)
                    if horizontal and x in (x0, x1) and y in (y0, y1):
                        continue
                    if not horizontal and y in (y0, y1) and x in (x0, x1):
                        continue
                    want = True
                assert _lit(digit, x, y) == want, (digit, x, y)
    assert len(font.BIG) == 10 * font.BIG_PAGES * font.BIG_W


def test_big_digits_are_distinct():
    size = font.BIG_PAGES * font.BIG_W
    digits = [bytes(font.BIG[d * size:(d + 1) * size]) for d in range(10)]
    assert len(set(digits)) == 10


def test_numbers_are_drawn_as_their_text_would_be():
    from ui import screen

    for value in list(range(-120, 130)) + [999, 1000, -1000, 12345]:
        for x in (0, 3, 100, 120, 126):
            by_number = bytearray(1024)
            by_text = bytearray(1024)
            end = screen.number(by_number, x, 2, value)
            assert end == screen.text(by_text, x, 2, str(value))
            assert by_number == by_text, (value, x)
        assert screen.number_width(value) == screen.text_width(str(value))


def test_inverse_text_is_its_text_dark_on_a_lit_bar_up_to_the_edge():
    from ui import screen

    # Lengths that end inside the line, at its last column, one past it
    # (the blank after the last letter), cutting a letter, and far past it.
    for txt in (b"UNDO", b"W" * 20, b"UNDO TRICK ABCDEFGHIJ", b"UNDO CALL ALONE ABCDEFGHIJ"):
        for x in (1, 3, 7, 100, 126, 127, 128):
            plain = bytearray(1024)
            inverse = bytearray(1024)
            end = screen.text(plain, x, 3, txt)
            assert screen.text(inverse, x, 3, txt, True) == end, (txt, x)
            bar = range(3 * 128 + x - 1, 3 * 128 + min(x + len(txt) * 6, 128))
            expected = bytearray(1024)
            for at in bar:
                expected[at] = plain[at] ^ 0xFF
            assert inverse == expected, (txt, x)


def test_words_set_close_are_the_words_drawn_apart():
    from ui import screen

    for txt, space in ((b"TO 10 BY 2", 3), (b"HAND 12/16", 3), (b"A  B", 1)):
        spaced = bytearray(1024)
        by_words = bytearray(1024)
        screen.text_spaced(spaced, 4, 7, txt, space)
        x = 4
        for word in txt.split(b" "):
            x = screen.text(by_words, x, 7, word) + space
        assert spaced == by_words, txt


def test_a_clear_blanks_only_its_area_and_a_line_lights_only_its_pixels():
    from ui import screen

    pattern = bytes((0x5A + i) & 0xFF for i in range(1024))
    buf = bytearray(pattern)
    screen.clear(buf)
    assert buf == bytes(1024)
    for first, last in ((0, 0), (6, 7), (0, 7), (3, 5)):
        buf = bytearray(pattern)
        screen.clear_pages(buf, first, last)
        assert buf == bytes(0 if first <= at // 128 <= last else pattern[at]
                            for at in range(1024)), (first, last)
    for x0, x1, page0, page1 in ((0, 128, 2, 4), (5, 9, 7, 7)):
        buf = bytearray(pattern)
        screen.clear_box(buf, x0, x1, page0, page1)
        assert buf == bytes(0 if page0 <= at // 128 <= page1 and x0 <= at % 128 < x1
                            else pattern[at] for at in range(1024)), (x0, x1)
    for x0, x1, y, step in ((0, 128, 7, 2), (-3, 200, 61, 1), (10, 20, 30, 3)):
        buf = bytearray(pattern)
        screen.hline(buf, x0, x1, y, step)
        lit = range(max(x0, 0), min(x1, 128), step)
        assert buf == bytes(pattern[at] | (1 << (y & 7) if at // 128 == y >> 3
                                           and at % 128 in lit else 0)
                            for at in range(1024)), (x0, x1, y, step)


def test_an_outline_is_its_edges_pixel_by_pixel():
    from ui import screen

    def reference(buf, x0, x1, y0, y1, thick):
        for inset in range(thick):
            for x in range(x0 + inset, x1 - inset):
                screen.pixel(buf, x, y0 + inset)
                screen.pixel(buf, x, y1 - inset)
            for y in range(y0 + inset, y1 - inset + 1):
                screen.pixel(buf, x0 + inset, y)
                screen.pixel(buf, x1 - 1 - inset, y)

    for x0, x1, y0, y1 in ((4, 124, 20, 35), (4, 124, 20, 51), (0, 128, 24, 31),
                           (10, 20, 0, 63), (5, 50, 3, 6)):
        for thick in (1, 2):
            drawn = bytearray(1024)
            wanted = bytearray(1024)
            screen.outline(drawn, x0, x1, y0, y1, thick)
            reference(wanted, x0, x1, y0, y1, thick)
            assert drawn == wanted, (x0, x1, y0, y1, thick)


def test_every_character_code_finds_its_glyph():
    # The rules written out apart from the table: the font from the space
    # on, lower case as upper case, the four suits, '?' for anything else.
    def expected(code):
        if 0x80 <= code < 0x84:
            return font.SMALL_COUNT + code - 0x80
        if 97 <= code <= 122:
            code -= 32
        if not 32 <= code < 96:
            code = 63
        return code - 32

    assert len(font.GLYPH_OF) == 256
    assert [font.GLYPH_OF[code] for code in range(256)] == [expected(c) for c in range(256)]
    assert [font.small_index(code) for code in range(300)] == [
        expected(code if code < 256 else 63) * font.SMALL_W for code in range(300)]


def test_a_label_changes_only_its_bar_at_every_row_and_at_the_edges():
    # Pixel by pixel: the bar is 9 rows from y, one column before the text
    # to the end of its last gap; inside it the glyphs are dark; every pixel
    # outside it is left as it was (the frame starts full of a pattern).
    from ui import screen
    from ui.font import SMALL, small_index

    for y in range(0, 57, 3):
        for x in (-4, 0, 1, 40, 110, 125):
            buf = bytearray((0x5A + i) & 0xFF for i in range(1024))
            before = bytes(buf)
            assert screen.label(buf, x, y, "AB!") == x + 18
            for col in range(128):
                for row in range(64):
                    bit = before[(row >> 3) * 128 + col] >> (row & 7) & 1
                    at = col - x
                    if x - 1 <= col < x + 18 and y <= row <= y + 8:
                        bit = 1
                        if 0 <= at and at % 6 < 5 and y + 1 <= row <= y + 7:
                            glyph = small_index(ord("AB!"[at // 6]))
                            bit = 1 ^ (SMALL[glyph + at % 6] >> (row - y - 1) & 1)
                    assert buf[(row >> 3) * 128 + col] >> (row & 7) & 1 == bit, (x, y, col, row)


def test_the_side_markers_are_triangles_pointing_at_their_edge():
    # Pixel by pixel: column ``depth`` from the edge lights rows 31 - depth
    # .. 32 + depth, moved down by the burn-in shift; nothing else changes.
    from ui import screen
    from ui.keys import E, W

    for side, edge in ((W, 0), (E, 127)):
        for shift in (0, 1, 2):
            buf = bytearray(1024)
            screen.marker(buf, side, shift)
            for col in range(128):
                depth = abs(col - edge)
                for row in range(64):
                    lit = depth < 4 and 31 - depth + shift <= row <= 32 + depth + shift
                    assert (buf[(row >> 3) * 128 + col] >> (row & 7) & 1) == lit, (side, shift, col, row)
