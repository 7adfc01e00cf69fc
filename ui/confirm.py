"""New game? and Reset match?, opened from the menu: E or OK yes (then who
deals first), W no (back to the menu)."""

from ui import screen
from ui.keys import E, OK, W
from ui.labels import soft_labels

LIST_PAGE = False


def show(table, page, reset_match):
    page.kind = 1 if reset_match else 0


def press(table, key, long, now_ms):
    if key == E or key == OK:
        # The question waits for its answer: closing the page asks it
        # (Table.home).
        table.waiting.new_game = table.page.kind == 1
        table.prefs_changed()  # saved: a power cut keeps the question
        table.close()
    elif key == W:
        table.back()
    else:
        # N and S are not offered: the message, and the question stays.
        table.say("E OR OK: YES, W: NO", now_ms)


def draw(table, buf):
    if table.page.kind:
        screen.text2_center(buf, 0, "RESET?")
        screen.text_center(buf, 5, "MATCH TALLY TO 0-0")
        screen.text_center(buf, 6, "AND A NEW GAME")
    else:
        screen.text2_center(buf, 0, "NEW GAME?")
        # At game over the game has ended already: the answer starts the next.
        ending = "THE NEXT GAME STARTS" if table.game.over else "THIS GAME ENDS HERE"
        screen.text_center(buf, 5, ending)
        screen.text_center(buf, 6, "(UNDO BRINGS IT BACK)")
    soft_labels(table, buf, (b"", b"YES", b"", b"NO"), b"", "OK:YES")
