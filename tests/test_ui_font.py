"""The fonts: the byte table agrees with the drawings in font.py, every glyph
is distinct, and the big digits light the right segments; numbers and pairs
of texts drawn without joining strings look exactly like the joined text."""

import pathlib

from euchre_core import font

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
    assert b"".join(glyphs) == font.SMALL


def test_small_glyphs_are_distinct_and_leave_row_7_blank():
    glyphs = [font.SMALL[i * 5:i * 5 + 5] for i in range(font.SMALL_COUNT)]
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


def test_big_digits_are_distinct():
    size = font.BIG_PAGES * font.BIG_W
    digits = [bytes(font.BIG[d * size:(d + 1) * size]) for d in range(10)]
    assert len(set(digits)) == 10


def test_numbers_are_drawn_as_their_text_would_be():
    from euchre_core import screen

    for value in list(range(-120, 130)) + [999, 1000, -1000, 12345]:
        for x in (0, 3, 100, 120, 126):
            by_number = bytearray(1024)
            by_text = bytearray(1024)
            end = screen.number(by_number, x, 2, value)
            assert end == screen.text(by_text, x, 2, str(value))
            assert by_number == by_text, (value, x)
        assert screen.number_width(value) == screen.text_width(str(value))


def test_a_pair_is_centred_as_the_joined_text():
    from euchre_core import screen

    for first, second, left, right in ((b"NORTH", b" DEALS", 4, 124), (b"AL", b" LEADS", 6, 122),
                                       (b"BARTHOLOMEW", b" CALLED", 0, 128)):
        joined = bytearray(1024)
        pair = bytearray(1024)
        screen.text_center(joined, 5, first + second, left, right)
        screen.text_pair_center(pair, 5, first, second, left, right)
        assert pair == joined


def test_an_outline_is_its_edges_pixel_by_pixel():
    from euchre_core import screen

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
