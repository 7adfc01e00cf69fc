"""The preferences record: display settings, the table's preferences, match
tally and rules, as the firmware saves them in the NVM (compact and
versioned), written here (``prefs_bytes``, for each whole record the flash
store writes) and read back here at start-up (``load``). Neither is play's
work: ``Table.prefs_bytes`` loads this module for a save and lets it go,
and start-up lets it go with the rest of what only it uses.

Version 4 (the one written): magic, version, contrast, flags, sleep time (2
bytes), tally N-S, tally E-W, the game's rules (length, bytes), the next
game's rules (length, bytes), then what settings.toml said when it was
saved: contrast, sleep time (2 bytes), and its trump and skunk switches;
last the questions answered without an action (``Waiting.kept``, the action
count, and ``Waiting.suit_skipped``, the hand count, each 2 bytes, 0xFFFF
for none), so a power cut does not ask them again.
The flags also keep "who deals first?" waiting after New game or Reset
match (``Waiting.new_game``), so a power cut does not drop the question;
an older record has them clear. Versions 1 (no settings tail), 2 (no
switches: both stay as settings.toml has them) and 3 (no answers) still
load."""

from micropython import const

from euchre_core.game import Game
from euchre_core.rules import Rules

_PREFS_MAGIC = const(0x50)  # "P"
# 2 adds settings.toml's contrast and sleep time, 3 the switches, 4 the answers.
_PREFS_VERSION = const(4)
_FLAG_FLIPPED = const(1)
_FLAG_DEVICE_RULES = const(2)
_FLAG_TRUMP = const(4)  # show the trump suit
_FLAG_SKUNK_DOUBLE = const(8)  # a skunk counts two games
_FLAG_NEW_GAME = const(16)  # "who deals first?" waits (Waiting.new_game)
_FLAG_RESET_MATCH = const(32)  # ... for Reset match
_NO_ANSWER = const(0xFFFF)  # no answer saved


def prefs_bytes(table):
    """Display settings, match tally and rules, versioned, for the NVM."""
    game_rules = table.game.rules.to_bytes()
    next_rules = table.next_rules.to_bytes()
    flags = (_FLAG_FLIPPED if table.flipped else 0) | (
        _FLAG_DEVICE_RULES if table.device_rules else 0) | switches(
        table.trump, table.skunk_double) << 2
    waiting = table.waiting
    if waiting.new_game is not None:
        flags |= _FLAG_NEW_GAME | (_FLAG_RESET_MATCH if waiting.new_game else 0)
    head = bytes((_PREFS_MAGIC, _PREFS_VERSION, table.contrast & 0xFF, flags,
                  min(table.sleep_s, 0xFFFF) >> 8, min(table.sleep_s, 0xFFFF) & 0xFF,
                  min(table.tally[0], 255), min(table.tally[1], 255),
                  len(game_rules)))
    settings = table.settings
    base_sleep = min(settings.sleep_s, 0xFFFF)
    kept = waiting.kept
    kept = _NO_ANSWER if kept is None else min(kept, _NO_ANSWER - 1)
    skipped = waiting.suit_skipped
    skipped = _NO_ANSWER if skipped is None else min(skipped, _NO_ANSWER - 1)
    tail = bytes((settings.contrast & 0xFF, base_sleep >> 8, base_sleep & 0xFF,
                  switches(settings.trump, settings.skunk_double),
                  kept >> 8, kept & 0xFF, skipped >> 8, skipped & 0xFF))
    return head + game_rules + bytes((len(next_rules),)) + next_rules + tail


def switches(trump, skunk_double):
    return (1 if trump else 0) | (2 if skunk_double else 0)


def load(table, data):
    """Restore what ``prefs_bytes`` saved; ValueError (and no change)
    on anything else. Call before the saved actions replay: they replay
    under the game's rules saved here (a game without actions takes them).
    The next game's rules come back when the device chose them; else the
    table keeps the ones it was made with (settings.toml's). Which rules a
    game gets is decided in ``firmware.house_rules``."""
    data = bytes(data)
    if len(data) < 10 or data[0] != _PREFS_MAGIC:
        raise ValueError("Saved settings are not this scorekeeper's")
    version = data[1]
    if not 1 <= version <= _PREFS_VERSION:
        raise ValueError("Saved settings have version " + str(version)
                         + "; this firmware reads version " + str(_PREFS_VERSION))
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
        table.trump = bool(data[3] & _FLAG_TRUMP)
        table.skunk_double = bool(data[3] & _FLAG_SKUNK_DOUBLE)
    table.flipped = bool(data[3] & _FLAG_FLIPPED)
    table.device_rules = bool(data[3] & _FLAG_DEVICE_RULES)
    waiting = table.waiting
    waiting.new_game = bool(data[3] & _FLAG_RESET_MATCH) if data[3] & _FLAG_NEW_GAME else None
    waiting.kept = waiting.suit_skipped = None
    if version >= 4:
        kept = data[settings_at + 4] << 8 | data[settings_at + 5]
        skipped = data[settings_at + 6] << 8 | data[settings_at + 7]
        waiting.kept = None if kept == _NO_ANSWER else kept
        waiting.suit_skipped = None if skipped == _NO_ANSWER else skipped
    if table.device_rules:
        table.next_rules = next_rules
    game = table.game
    if game.action_count == 0 and game.rules != game_rules:
        game = Game(game_rules, dealer=game.start_dealer)
    # The game replaced, the screen is drawn again: the display's
    # preferences may have changed as well.
    table.replace_game(game, table.previous, [data[6], data[7]])
