"""Which house rules a game is played under: decided here, and only here.

1. A game keeps the rules it started under to its end, whatever is changed
   meanwhile (its log replays exactly): a saved game resumes under its own
   rules, which are saved once, in the preferences.
2. The next game gets the rules chosen in the device's Rules menu, once
   they were chosen there (saved with the preferences, until "From
   settings" is chosen in that menu); else settings.toml's.
3. settings.toml's house rules, each value checked as ``hw.settings``
   reads it (a wrong one is named and its default used). The rules combine
   freely: every combination of valid values is a game the engine scores.

Rules changed on the device apply at once while the game has no action yet
(the table UI does that). The table starts with settings.toml's rules;
``ui.prefs.load`` restores the saved game's rules, and the next game's
only when the device chose them;
``resume`` then replays the saved actions under the game's.
"""

from micropython import const

from euchre_core import Game, Rules

_TYPING = const(0)  # mypy.ini makes it true: type-only imports
if _TYPING:
    from typing import Any, List


def from_settings(options: "Any", errors: "List[str]") -> Rules:
    """settings.toml's house rules (``Settings.rules_options``, checked key by
    key as they were read); should the engine still refuse a value, the
    standard rules, with a message."""
    try:
        return Rules(**options)
    except ValueError as err:
        errors.append("house rules: " + str(err) + "; using the standard rules")
        return Rules()


def saved_game(settings_rules: Rules, saved: "Any") -> "Any":
    """The saved game's first deal, without its actions yet (``resume`` plays
    them): under the rules of an older record's header, if it has them."""
    if saved is None:
        return None
    return Game(saved.rules if saved.rules is not None else settings_rules, dealer=saved.dealer)


def resume(table: "Any", saved: "Any", messages: "List[str]") -> None:
    """The saved preferences restored (the game's rules with them), then the
    saved actions replayed; a message for what cannot be."""
    # Imported here, once the table is made: like the table UI, after the
    # display's buffer, so that it does not split the free heap there.
    from ui import prefs, restore

    try:
        prefs.load(table, saved.prefs)
    except ValueError as err:
        messages.append(str(err) + ": display settings reset")
    game = table.game
    try:
        game.extend(saved.codes)
    except ValueError:
        messages.append("Saved game damaged: " + str(game.action_count) + " actions kept")
    # With what Undo of New game brings back, and the tally the preferences had.
    table.replace_game(game, saved.previous, table.tally)
    restore.resumed(table)
