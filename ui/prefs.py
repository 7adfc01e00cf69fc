"""The preferences record: display settings, the table's preferences, match
tally and rules, as the firmware saves them in the NVM (compact and
versioned); ``Table.prefs_bytes`` calls this, and ui.restore reads the
record back at start-up.

Version 4 (the one written): magic, version, contrast, flags, sleep time (2
bytes), tally N-S, tally E-W, the game's rules (length, bytes), the next
game's rules (length, bytes), then what settings.toml said when it was
saved: contrast, sleep time (2 bytes), and its trump and skunk switches;
last the questions answered without an action (``Waiting.kept``, the action
count, and ``Waiting.suit_skipped``, the hand count, each 2 bytes, 0xFFFF
for none), so a power cut does not ask them again.
The flags also keep "who deals first?" waiting after New game or Reset
match (``Waiting.new_game``), so a power cut does not drop the question;
an older record has them clear. The names of the format are public: ui.restore
reads by them."""

from micropython import const

PREFS_MAGIC = const(0x50)  # "P"
# 2 adds settings.toml's contrast and sleep time, 3 the switches, 4 the answers.
PREFS_VERSION = const(4)
FLAG_FLIPPED = const(1)
FLAG_DEVICE_RULES = const(2)
FLAG_TRUMP = const(4)  # show the trump suit
FLAG_SKUNK_DOUBLE = const(8)  # a skunk counts two games
FLAG_NEW_GAME = const(16)  # "who deals first?" waits (Waiting.new_game)
FLAG_RESET_MATCH = const(32)  # ... for Reset match
NONE = const(0xFFFF)  # no answer saved


def prefs_bytes(table):
    """Display settings, match tally and rules, versioned, for the NVM."""
    game_rules = table.game.rules.to_bytes()
    next_rules = table.next_rules.to_bytes()
    flags = (FLAG_FLIPPED if table.flipped else 0) | (
        FLAG_DEVICE_RULES if table.device_rules else 0) | switches(
        table.trump, table.skunk_double) << 2
    waiting = table.waiting
    if waiting.new_game is not None:
        flags |= FLAG_NEW_GAME | (FLAG_RESET_MATCH if waiting.new_game else 0)
    head = bytes((PREFS_MAGIC, PREFS_VERSION, table.contrast & 0xFF, flags,
                  min(table.sleep_s, 0xFFFF) >> 8, min(table.sleep_s, 0xFFFF) & 0xFF,
                  min(table.tally[0], 255), min(table.tally[1], 255),
                  len(game_rules)))
    settings = table.settings
    base_sleep = min(settings.sleep_s, 0xFFFF)
    kept = NONE if waiting.kept is None else min(waiting.kept, NONE - 1)
    skipped = NONE if waiting.suit_skipped is None else min(waiting.suit_skipped, NONE - 1)
    tail = bytes((settings.contrast & 0xFF, base_sleep >> 8, base_sleep & 0xFF,
                  switches(settings.trump, settings.skunk_double),
                  kept >> 8, kept & 0xFF, skipped >> 8, skipped & 0xFF))
    return head + game_rules + bytes((len(next_rules),)) + next_rules + tail


def switches(trump, skunk_double):
    return (1 if trump else 0) | (2 if skunk_double else 0)
