"""The labels beside the seat keys, each with its triangle, on the screens
that ask (who called, how many tricks, who deals, the score's change, yes
or no). Apart from ``ui.parts``: the first picture, the score, draws none,
and loads without them."""

from ui import screen
from ui.keys import N, S, W


def soft_labels(table, buf, labels, prompt, hint):
    """Labels beside the seat keys, each with its triangle, wherever the key
    is on the picture (``Table.side_of``): at the top, right, bottom, left.
    ``prompt`` in the middle, ``hint`` (the OK key) at the bottom right."""
    left = ()
    right = ()
    for seat in range(4):
        label = labels[seat]
        if not label:
            continue
        side = table.side_of(seat)
        screen.marker(buf, side)
        if side == N:
            screen.text_center(buf, 1, label)
        elif side == S:
            screen.text_center(buf, 6, label)
        else:
            # A long label of two words takes two lines.
            cut = label.rfind(b" ") if len(label) > 8 else -1
            words = (label[:cut], label[cut + 1:]) if cut > 0 else (label,)
            if side == W:
                left = words
            else:
                right = words
    widest = 0
    for words in (left, right):
        widest += max([screen.text_width(word) for word in words] or [0])
    # Two long one-line labels (two 10-letter names) would meet: one line apart.
    apart = widest > 116 - 4 and len(left) == 1 and len(right) == 1
    for i in range(len(left)):
        screen.text(buf, 6, 3 + i, left[i])
    for i in range(len(right)):
        screen.text_right(buf, 122, 3 + i + apart, right[i])
    screen.text_center(buf, 2, prompt)
    screen.text_right(buf, 126, 7, hint)
