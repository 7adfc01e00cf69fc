"""Pictures of the virtual OLED: PNG files that look like the small module on
the desk, and text made of half-block or braille characters for terminals."""

# Colours of the common 0.96" modules: (lit pixel, dark glass).
COLORS = {
    "blue": ((90, 200, 255), (8, 12, 20)),
    "white": ((235, 240, 245), (10, 10, 12)),
    "yellow": ((255, 214, 60), (12, 10, 6)),
}
WIDTH = 128
HEIGHT = 64


def _lit_color(color, contrast, y):
    if color == "yellow-blue":
        # The two-colour module: the top 16 rows are yellow, the rest blue.
        color = "yellow" if y < 16 else "blue"
    on, off = COLORS[color]
    # Contrast 0..255 dims the pixels; even contrast 0 stays faintly visible.
    level = 0.35 + 0.65 * contrast / 255.0
    return tuple(int(off[i] + (on[i] - off[i]) * level) for i in range(3))


def image(oled, scale=4, color="blue", border=None):
    """A PIL image of the glass. Each pixel is a square with a thin dark gap,
    inside a black bezel, so it reads as an OLED rather than a bitmap."""
    from PIL import Image, ImageDraw

    if color not in COLORS and color != "yellow-blue":
        raise ValueError("color must be one of blue, white, yellow, yellow-blue")
    frame = oled.frame()
    contrast = oled.contrast
    if border is None:
        border = 2 * scale
    off = COLORS["blue" if color == "yellow-blue" else color][1]
    size = (WIDTH * scale + 2 * border, HEIGHT * scale + 2 * border)
    img = Image.new("RGB", size, (0, 0, 0))
    draw = ImageDraw.Draw(img)
    draw.rectangle([border, border, border + WIDTH * scale - 1, border + HEIGHT * scale - 1],
                   fill=off)
    gap = 1 if scale >= 3 else 0
    for y in range(HEIGHT):
        lit = _lit_color(color, contrast, y)
        row = y * WIDTH
        top = border + y * scale
        below = y + 1 < HEIGHT
        for x in range(WIDTH):
            if frame[row + x]:
                left = border + x * scale
                # The gap between two lit neighbours is lit too: a lit area
                # is solid, so dark text on a lit bar reads as it does on
                # the glass, and a lone pixel still shows as a dot.
                right_lit = x + 1 < WIDTH and frame[row + x + 1]
                down_lit = below and frame[row + WIDTH + x]
                draw.rectangle([left, top, left + scale - 1 - (0 if right_lit else gap),
                                top + scale - 1 - gap], fill=lit)
                if down_lit and gap:
                    corner = right_lit and frame[row + WIDTH + x + 1]
                    draw.rectangle([left, top + scale - gap,
                                    left + scale - 1 - (0 if corner else gap),
                                    top + scale - 1], fill=lit)
    return img


def save_png(oled, path, scale=4, color="blue"):
    image(oled, scale=scale, color=color).save(path)
    return path


def half_blocks(frame, width=WIDTH, height=HEIGHT):
    """The frame as ``height // 2`` lines: one character per column and two rows."""
    lines = []
    for y in range(0, height, 2):
        top = frame[y * width : (y + 1) * width]
        bottom = frame[(y + 1) * width : (y + 2) * width]
        chars = []
        for x in range(width):
            chars.append(" ▀▄█"[top[x] | bottom[x] << 1])
        lines.append("".join(chars))
    return lines


# Braille dot bits by (column, row) inside the 2x4 cell.
_BRAILLE = ((0x01, 0x02, 0x04, 0x40), (0x08, 0x10, 0x20, 0x80))


def braille(frame, width=WIDTH, height=HEIGHT):
    """The frame as ``height // 4`` lines of ``width // 2`` braille characters."""
    lines = []
    for y in range(0, height, 4):
        chars = []
        for x in range(0, width, 2):
            bits = 0
            for dx in range(2):
                for dy in range(4):
                    if frame[(y + dy) * width + x + dx]:
                        bits |= _BRAILLE[dx][dy]
            chars.append(chr(0x2800 + bits))
        lines.append("".join(chars))
    return lines


def from_half_blocks(lines, width=WIDTH):
    """The frame back from half-block text (what a terminal shows): 8192 bytes."""
    frame = bytearray(width * len(lines) * 2)
    for row, line in enumerate(lines):
        for x, char in enumerate(line[:width]):
            code = " ▀▄█".find(char)
            if code < 0:
                raise ValueError("not a half-block character: %r" % char)
            frame[2 * row * width + x] = code & 1
            frame[(2 * row + 1) * width + x] = code >> 1
    return bytes(frame)
