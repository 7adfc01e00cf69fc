"""One rule for every screen (README, "At the table: the controls"): a
screen answers the keys it offers (a label or triangle beside the key, or a
hint naming it); a key it does not offer shows a message and does nothing
else; long OK opens the menu from every screen; each screen has a way out.

The walk below reaches every screen of the table UI and presses every key,
short and long, on each, upright and with the display flipped 180 degrees.
The rule is the table UI's alone (``Table``), so the walk drives it
directly; tests/test_fw_evening.py plays the same through code.py."""

import pytest

from euchre_core import Game, Rules
from ui import menu
from ui.registry import SCREENS as table_screens
from ui_read import E, N, OK, S, W, Clock, frame, press, settle, table

KEYS = [(key, long) for key in (N, E, S, W, OK) for long in (False, True)]


def _menu(item):
    """Long OK, then down to ``item`` and choose it."""
    def go(t, clock):
        press(t, clock, OK, long=True)
        index = t.page.rows.index(menu.LABELS.index(item))
        for _ in range(index):
            # Down is the key at the bottom of the picture.
            press(t, clock, t.key_at(S))
        press(t, clock, OK)
    return go


def _keys(*keys):
    def go(t, clock):
        for key in keys:
            long = isinstance(key, tuple)
            press(t, clock, key[0] if long else key, long)
            settle(t, clock)
    return go


def _then(*steps):
    def go(t, clock):
        for step in steps:
            step(t, clock)
    return go


_HAND = _keys(N)
_GAME_OVER = _keys(*([N, OK, E] * 3))  # three marches to 5

# name: (target, or (house rules, table options), how to get there, the
# screen_name it shows, seat keys it does not offer: as sides of the picture
# on list pages, else as keys, the keys that leave it).
SCREENS = {
    "score": (10, _keys(), "score", (), (N, E, S, W)),
    # A short OK asks in the bottom band: OK again passes the deal.
    "score, all passed?": (10, _keys(), "score", (), (N, E, S, W, OK)),
    "hand": (10, _HAND, "hand", (), (OK,)),
    "quick": (10, _keys(N, OK), "quick", (), (N, E, S, W, OK)),
    "quick, a result ruled out": (10, _keys(N, E, OK), "quick", (E,), (N, S, W, OK)),
    "banner": (10, _keys(N, OK), None, (), (N, E, S, W, OK)),
    "game over": (5, _GAME_OVER, "over", (), (N, E, S, W, OK)),
    "menu": (10, _keys((OK, True)), "menu", (), (W, E, OK)),
    "menu in a hand": (10, _then(_HAND, _keys((OK, True))), "menu", (), (W, E, OK)),
    "adjust score": (10, _menu("ADJUST SCORE"), "adjust", (), (OK,)),
    "set dealer": (10, _menu("SET DEALER"), "pick", (), (E, S, W, OK)),  # N deals already
    "renege": (10, _then(_HAND, _menu("RENEGE")), "pick", (), (N, E, S, W, OK)),
    "rest of tricks": (10, _then(_HAND, _menu("REST OF TRICKS")), "pick", (),
                       (N, E, S, W, OK)),
    "rules": (10, _menu("RULES"), "options", (), (W,)),
    "display": (10, _menu("DISPLAY"), "options", (), (W,)),
    "stats": (10, _menu("STATS"), "stats", (N, E, S), (W, OK)),
    "history": (10, _menu("HISTORY"), "history", (E,), (W, OK)),
    "new game?": (10, _menu("NEW GAME"), "confirm", (N, S), (E, W, OK)),
    "reset match?": (10, _menu("RESET MATCH"), "confirm", (N, S), (E, W, OK)),
    "who deals first?": (10, _then(_menu("NEW GAME"), _keys(E)), "pick", (),
                         (N, E, S, W, OK)),
    "ordered up?": ((Rules(canadian_loner=True), {}), _keys(S), "ask", (N, S), (E, W, OK)),
    "blind?": ((Rules(blind_loner=True), {}), _keys((N, True)), "ask", (N, S), (E, W, OK)),
    "trump suit": ((Rules(), {"trump": True}), _HAND, "suit", (), (N, E, S, W, OK)),
    # E-W have a point to lose, N-S march.
    "banner, set back?": ((Rules(setback=True), {}),
                          _then(lambda t, clock: t.game.adjust(1, 1), _keys(N, OK, E)),
                          "banner", (N, E, W), (S, OK)),
    "notice": (10, lambda t, clock: t.notice("Key N stuck: ignored", clock.now), "notice",
               (), (N, E, S, W, OK)),
}
# The screens that take seat keys by where they sit on the picture (the
# banner's SET BACK is the key at its bottom).
_LISTS = ("menu", "options", "stats", "history", "ask", "suit", "banner")


def _reach(name, flipped):
    target, go, _, _, _ = SCREENS[name]
    clock = Clock()
    rules, options = (Rules(target=target), {}) if isinstance(target, int) else target
    t = table(rules, dealer=0, flipped=flipped, **options)
    go(t, clock)
    if name == "banner":
        press(t, clock, N)  # made: the banner, still up
    else:
        settle(t, clock)
    if name == "score, all passed?":
        press(t, clock, OK)  # the question, still up
        assert t.message.startswith("ALL PASSED?")
    return t, clock


def _not_offered(name, t, key, long):
    screen, offered = SCREENS[name][2], SCREENS[name][3]
    if key == OK:
        return False
    # The list pages take seat keys by where they sit on the picture.
    side = t.side_of(key) if screen in _LISTS else key
    return side in offered


def test_every_screen_is_reached():
    shown = set()
    for name in SCREENS:
        t, _ = _reach(name, False)
        assert t.screen_name == (SCREENS[name][2] or "banner"), name
        shown.add(t.screen_name)
        if t.screen_name == "options":
            shown.add(("rules", "display")[t.page.kind])
        if t.screen_name == "pick":
            shown.add(("renege", "rest", "dealer", "first")[t.page.kind])
    assert shown >= {"score", "hand", "quick", "banner", "over", "menu", "adjust",
                     "rules", "display", "stats", "history", "confirm", "notice",
                     "renege", "rest", "dealer", "first", "ask", "suit"}
    # A screen added to the registry is walked too.
    assert shown >= set(table_screens)


@pytest.mark.parametrize("flipped", (False, True), ids=("upright", "flipped"))
@pytest.mark.parametrize("name", list(SCREENS))
def test_every_key_on_every_screen_keeps_the_rule(name, flipped):
    for key, long in KEYS:
        t, clock = _reach(name, flipped)
        before = bytes(frame(t))
        screen = t.screen_name
        codes = t.game.codes
        buf = bytearray(before)
        t.press(key, long, clock.step(700))
        t.render(buf)
        pressed = (name, "NESWO"[key], "long" if long else "short")
        if screen == "notice":
            # A message from the box: any key takes it away, and does nothing else.
            assert t.screen_name == "score" and t.game.codes == codes, pressed
            continue
        if key == OK and long:
            assert t.screen_name == "menu", pressed
            continue
        if _not_offered(name, t, key, long):
            # A message, and nothing else: the screen, the game and (once
            # the message has gone) the picture are as they were.
            assert t.message, pressed
            assert t.screen_name == screen and t.game.codes == codes, pressed
            settle(t, clock)
            assert bytes(frame(t)) == before, pressed
        else:
            # An offered key shows what it did.
            assert bytes(buf) != before or t.message, pressed


@pytest.mark.parametrize("flipped", (False, True), ids=("upright", "flipped"))
@pytest.mark.parametrize("name", list(SCREENS))
def test_every_screen_has_a_way_out(name, flipped):
    for key in SCREENS[name][4]:
        t, clock = _reach(name, flipped)
        screen = t.screen_name
        if screen in _LISTS and key != OK:
            key = t.key_at(key)  # the key at that side of the picture
        press(t, clock, key)
        if screen == "options":
            assert t.screen_name != "options" or key != t.key_at(W)
            if key != t.key_at(W):
                continue  # E changes the value; W leaves
        if screen == "menu" and key != t.key_at(W):
            continue  # E and OK choose the entry (Undo here): they leave too
        assert t.screen_name != screen or screen == "score" and t.game.codes, (name, key)


def test_the_message_on_game_over_is_taken_away_before_a_key_starts_a_game():
    t, clock = _reach("game over", False)
    lines = []
    t.hooks.out = lines.append
    _menu("EXPORT TO USB")(t, clock)
    assert t.screen_name == "over" and "LINES TO THE USB SERIAL CONSOLE" in t.message
    press(t, clock, OK)  # covers "OK:RANDOM": takes the message away only
    assert t.screen_name == "over" and t.message is None and t.game.winner == 0
    press(t, clock, S)
    assert t.screen_name == "score" and t.game.dealer == S and t.game.action_count == 0


def test_who_deals_first_taken_back_leaves_the_game_as_it_was():
    t, clock = _reach("who deals first?", False)
    old = t.game
    press(t, clock, OK, long=True)
    assert menu.undo_label(t) == "UNDO: KEEP OLD GAME"
    press(t, clock, OK)  # Undo keeps the old game
    assert t.game is old and t.message == "NO NEW GAME: OLD ONE KEPT"
    assert t.screen_name == "score"
    press(t, clock, OK, long=True)
    assert menu.undo_label(t) == "UNDO (NOTHING)"  # the game has no action yet


@pytest.mark.parametrize("flipped", (False, True), ids=("upright", "flipped"))
def test_the_first_press_after_a_flip_does_what_the_message_says(flipped):
    # Every key moves on the picture as it turns: the key the hint called
    # BACK a moment ago is now at the side that changes the value. The
    # message says from which side the picture is read and that any key
    # closes it; that press does nothing else. Then the hints hold.
    for key, long in KEYS:
        t, clock = _reach("display", flipped)
        press(t, clock, t.key_at(S))  # FLIP 180
        press(t, clock, t.key_at(E))  # changed: the picture turns
        assert t.flipped != flipped
        side = "N" if t.flipped else "S"
        assert t.message == "READ FROM " + side + " SIDE. ANY KEY: CLOSE"
        settle(t, clock)
        assert t.message, "it waits for a key"
        pressed = ("NESWO"[key], "long" if long else "short")
        t.press(key, long, clock.step(700))
        if key == OK and long:
            assert t.screen_name == "menu", pressed
            continue
        assert t.message is None and t.screen_name == "options", pressed
        assert t.flipped != flipped and t.page.cursor == 1, pressed
        # The hint reads "E:BACK" when flipped: the key on the picture's left.
        press(t, clock, E if t.flipped else W)

        assert t.screen_name == "menu" and t.flipped != flipped, pressed
