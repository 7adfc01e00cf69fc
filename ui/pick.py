"""The seat pickers (renege, rest of tricks, dealer, new game), adjust
score and the new game / reset confirmation, opened from the menu.

Functions of the ``Table`` (ui.py), each taking the table first. Kept apart
from menu.py and imported when one of these pages is first opened: a
game usually needs none of them, and the board's heap is small.
Pure Python.
"""

from micropython import const

from ui import menu, play, screen

# Keys: the seat keys N, E, S, W, then OK.
_KEY_E = const(1)
_KEY_W = const(3)
_KEY_OK = const(4)
# Screens (Table._mode); the same numbers in every ui module.
_MAIN = const(0)
_PICK = const(4)
# What a seat picked on the PICK screen is for.
_PICK_RENEGE = const(0)
_PICK_REST = const(1)
_PICK_DEALER = const(2)
_PICK_NEW_GAME = const(3)
# Menu entries.
_M_RESET = const(11)


def press_pick(table, key, now_ms):
    purpose = table._pick
    if key == _KEY_OK:
        if purpose == _PICK_NEW_GAME:
            key = table._random_seat(now_ms)
        else:
            table._mode = _MAIN
            return
    table._mode = _MAIN
    game = table.game
    done = True
    if purpose == _PICK_RENEGE:
        done = table._act(now_ms, game.renege, key)
    elif purpose == _PICK_DEALER:
        done = table._act(now_ms, game.set_dealer, key)
        if done:
            table._say(table.names[key].decode() + " DEALS", now_ms)
    elif purpose == _PICK_REST:
        defenders_have = game.tricks[1 - game.makers]
        if key % 2 == game.makers:
            done = table._act(now_ms, game.finish, 5 - defenders_have)
        else:
            done = table._act(now_ms, game.finish, game.tricks[game.makers])
    else:
        table._start_game(key, reset_match=table._confirm == _M_RESET)
        table._say(table.names[key].decode() + " DEALS FIRST", now_ms)
    if not done:
        # Refused (the message says why): the picker stays for another seat.
        table._mode = _PICK


def press_adjust(table, key, now_ms):
    pending = table._pending
    if key == _KEY_OK:
        table._mode = _MAIN
        game = table.game
        done = 0
        for team in (0, 1):
            if pending[team]:
                if not table._act(now_ms, game.adjust, team, pending[team]):
                    break
                done += 1
        if done == 2:
            # Both teams changed in one go: one Undo takes back both.
            table._undo_pair = (game, game.action_count)
        return
    team = key % 2
    step = 1 if key < 2 else -1
    value = pending[team] + step
    if -8 <= value <= 8 and table.game.scores[team] + value >= 0:
        pending[team] = value
    else:
        table._say("That is as far as it goes", now_ms)


def press_confirm(table, key, now_ms):
    if key == _KEY_E or key == _KEY_OK:
        menu.open_pick(table, _PICK_NEW_GAME)
    elif key == _KEY_W:
        table._mode = _MAIN
    else:
        # N and S are not offered: the message, and the question stays.
        table._say("E OR OK: YES, W: NO", now_ms)


def draw_pick(table, buf):
    purpose = table._pick
    labels = table.names
    if purpose == _PICK_RENEGE:
        prompt, hint = "WHO RENEGED?", "OK:BACK"
    elif purpose == _PICK_REST:
        prompt, hint = "REST OF TRICKS TO?", "OK:BACK"
    elif purpose == _PICK_DEALER:
        prompt, hint = "WHO DEALS?", "OK:BACK"
    else:
        prompt, hint = "WHO DEALS FIRST?", "OK:RANDOM"
    play.soft_labels(table, buf, labels, prompt, hint)


def draw_adjust(table, buf):
    pending = table._pending
    scores = table.game.scores
    teams = table.teams
    labels = (teams[0] + b" +1", teams[1] + b" +1", teams[0] + b" -1",
              teams[1] + b" -1")
    play.soft_labels(table, buf, labels, b"", "OK:SAVE")
    # Each team's score as it will be, lit when it differs from now.
    for team in (0, 1):
        shown = teams[team][:4] + b" " + str(scores[team] + pending[team]).encode()
        screen.text_center(buf, 2, shown, team * 64, team * 64 + 64, pending[team] != 0)


def draw_confirm(table, buf):
    if table._confirm == _M_RESET:
        screen.text2_center(buf, 0, "RESET?")
        screen.text_center(buf, 5, "MATCH TALLY TO 0-0")
        screen.text_center(buf, 6, "AND A NEW GAME")
    else:
        screen.text2_center(buf, 0, "NEW GAME?")
        screen.text_center(buf, 5, "THIS GAME ENDS HERE")
        screen.text_center(buf, 6, "(UNDO BRINGS IT BACK)")
    play.soft_labels(table, buf, (b"", b"YES", b"", b"NO"), b"", "OK:YES")
