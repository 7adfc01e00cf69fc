"""Stats, opened from the menu: made, marches, euchres, loners and reneges
per team in this game. The left key or OK goes back."""

from ui import parts, screen
from ui.keys import OK, W

LIST_PAGE = True

_LINES = (("MADE", "made"), ("MARCHES", "marches"), ("EUCHRED", "euchred"),
          ("EUCHRES", "euchres"), ("LONERS MADE", "loners"), ("RENEGES", "reneges"))


def press(table, key, long, now_ms):
    # ``key`` is the side of the picture the key sits on (Table.side_of).
    if key == W or key == OK:
        table.mode = None
        return
    # A key the page does not offer: what it does offer, nothing else.
    table.say(parts.back_hint(table), now_ms)


def draw(table, buf):
    stats = table.game.stats()
    screen.text(buf, 2, 0, "STATS")
    screen.text_right(buf, 127, 0, table.key_letter(W) + ":BACK")
    screen.hline(buf, 0, 128, 7, 2)
    columns = (80, 112)
    for team in (0, 1):
        screen.text_center(buf, 1, table.teams[team][:5], columns[team] - 16,
                           columns[team] + 16)
    line = 2
    for label, key in _LINES:
        screen.text(buf, 3, line, label)
        for team in (0, 1):
            value = str(stats[team][key])
            if key == "loners":
                value = str(stats[team]["loners_made"]) + "/" + value
            screen.text_center(buf, line, value, columns[team] - 16,
                               columns[team] + 16)
        line += 1
