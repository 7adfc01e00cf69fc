"""The pictures of docs/ui.md (sim/picture.py): a lit area is solid, so dark
text on a lit bar reads as it does on the glass; a lone pixel is a dot."""

from sim.picture import image

SCALE = 3
BORDER = 6


class _Glass:
    """What ``image`` reads of an OLED: a frame of 0/1 per pixel and a contrast."""

    def __init__(self, lit):
        self._frame = bytearray(128 * 64)
        for x, y in lit:
            self._frame[y * 128 + x] = 1
        self.contrast = 255

    def frame(self):
        return bytes(self._frame)


def _lit(img, x, y):
    r, g, b = img.getpixel((x, y))
    return r + g + b > 300


def test_the_gap_between_lit_neighbours_is_lit_and_a_lone_pixel_keeps_its_gap():
    block = [(x, y) for x in (10, 11) for y in (20, 21)]
    img = image(_Glass(block + [(40, 40)]), scale=SCALE, color="blue", border=BORDER)
    gap = SCALE - 1  # the last row and column of a pixel's square
    left, top = BORDER + 10 * SCALE, BORDER + 20 * SCALE
    # Between (10, 20) and its right, lower and diagonal neighbours: lit.
    assert _lit(img, left + gap, top)
    assert _lit(img, left, top + gap)
    assert _lit(img, left + gap, top + gap)
    # At the block's outer edge, and round the lone pixel: the dark gap.
    assert not _lit(img, left + SCALE + gap, top)
    assert not _lit(img, left, top + SCALE + gap)
    lone_x, lone_y = BORDER + 40 * SCALE, BORDER + 40 * SCALE
    assert _lit(img, lone_x, lone_y)
    assert not _lit(img, lone_x + gap, lone_y) and not _lit(img, lone_x, lone_y + gap)
