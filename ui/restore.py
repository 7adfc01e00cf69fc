"""What only start-up does to the table: the preferences record read back
(``load_prefs``, the format ui.prefs writes) and the questions a saved game
left unanswered asked again (``resumed``). firmware.start lets this module
go once the score is on the glass: the table never needs it again.

Versions 1 (no settings tail), 2 (no switches: both stay as settings.toml
has them) and 3 (no answers) still load."""

from euchre_core.game import Game
from euchre_core.rules import Rules
from ui.prefs import (FLAG_DEVICE_RULES, FLAG_FLIPPED, FLAG_NEW_GAME, FLAG_RESET_MATCH,
                      FLAG_SKUNK_DOUBLE, FLAG_TRUMP, NONE, PREFS_MAGIC, PREFS_VERSION, switches)


def load_prefs(table, data):
    """Restore what ``Table.prefs_bytes`` saved; ValueError (and no change)
    on anything else. Call before the saved actions replay: they replay
    under the game's rules saved here (a game without actions takes them).
    The next game's rules come back when the device chose them; else the
    table keeps the ones it was made with (settings.toml's). Which rules a
    game gets is decided in ``firmware.house_rules``."""
    data = bytes(data)
    if len(data) < 10 or data[0] != PREFS_MAGIC:
        raise ValueError("Saved settings are not this scorekeeper's")
    version = data[1]
    if not 1 <= version <= PREFS_VERSION:
        raise ValueError("Saved settings have version " + str(version)
                         + "; this firmware reads version " + str(PREFS_VERSION))
    tail = (0, 0, 3, 4, 8)[version]
    size = data[8]
    if len(data) < 10 + size or len(data) != 10 + size + data[9 + size] + tail:
        raise ValueError("Saved settings are truncated")
    game_rules = Rules.from_bytes(data[9:9 + size])
    next_rules = Rules.from_bytes(data[10 + size:len(data) - tail])
    # The device's contrast and its sleep time each stand unless that value
    # in settings.toml has been edited since they were saved (version 1 did
    # not record them).
    settings = table.settings
    base_contrast = settings.contrast
    base_sleep = settings.sleep_s
    settings_at = len(data) - tail
    if not tail or data[settings_at] == base_contrast & 0xFF:
        table.contrast = data[2]
    if not tail or data[settings_at + 1] << 8 | data[settings_at + 2] == min(base_sleep, 0xFFFF):
        table.sleep_s = data[4] << 8 | data[5]
    # The switches likewise, as a pair; older versions keep settings.toml's.
    if version >= 3 and data[settings_at + 3] == switches(settings.trump, settings.skunk_double):
        table.trump = bool(data[3] & FLAG_TRUMP)
        table.skunk_double = bool(data[3] & FLAG_SKUNK_DOUBLE)
    table.flipped = bool(data[3] & FLAG_FLIPPED)
    table.device_rules = bool(data[3] & FLAG_DEVICE_RULES)
    waiting = table.waiting
    waiting.new_game = bool(data[3] & FLAG_RESET_MATCH) if data[3] & FLAG_NEW_GAME else None
    waiting.kept = waiting.suit_skipped = None
    if version >= 4:
        kept = data[settings_at + 4] << 8 | data[settings_at + 5]
        skipped = data[settings_at + 6] << 8 | data[settings_at + 7]
        waiting.kept = None if kept == NONE else kept
        waiting.suit_skipped = None if skipped == NONE else skipped
    if table.device_rules:
        table.next_rules = next_rules
    game = table.game
    if game.action_count == 0 and game.rules != game_rules:
        game = Game(game_rules, dealer=game.start_dealer)
    # The game replaced, the screen is drawn again: the display's
    # preferences may have changed as well.
    table.replace_game(game, table.previous, [data[6], data[7]])


def resumed(table):
    """The game was just replayed from its saved form: a question it left
    unanswered is asked again (``Table.home``): the power going while it
    waited must not take the choice away (keeping the points, skipping the
    suit are no action). Between hands, a question before a call (ordered
    up? blind?) is not saved: the score screen says that nothing was
    called."""
    table.home()
    if table.page is None and table.main_screen == "score" and table.game.action_count:
        # A game under way: what was pressed before the power went may
        # have been a call (ordered up? blind?) that is not saved. A game
        # without actions has nothing to resume: its first dealer's line
        # says all.
        table.say("RESUMED: NO CALL YET", table.said.pressed)
