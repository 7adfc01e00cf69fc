"""hw/storage.py against a model of the Pico's nvm that counts erases by
CircuitPython's rule: a write costs no erase only when every byte it
overwrites is still 0xFF."""

import random

import pytest

from euchre_core import Game, Rules
from euchre_core.actions import TRICK
from euchre_core.game_forms import Previous
from euchre_core import reports
from firmware import house_rules
from hw.saved import UNREADABLE_PREVIOUS, Saved, load
from hw.storage import FIXED_V2, MAGIC, MARKS, Storage, entry_check
from ui import restore
from ui import table as table_ui


class PowerCut(Exception):
    pass


class FlashNvm:
    """4 KiB of flash as ``microcontroller.nvm`` behaves on the RP2040."""

    def __init__(self, size=4096):
        self.data = bytearray(b"\xff" * size)
        self.erases = 0
        self.budget = None  # bytes that may still be programmed before the power goes
        self.spans = []  # (start, stop) of every write

    def __len__(self):
        return len(self.data)

    def __getitem__(self, index):
        return bytearray(self.data[index])

    def __setitem__(self, index, value):
        assert isinstance(index, slice)
        start, stop, _ = index.indices(len(self.data))
        value = bytes(value)
        assert len(value) == stop - start
        self.spans.append((start, stop))
        if all(b == 0xFF for b in self.data[start:stop]):
            for i, byte in enumerate(value):
                if self.budget is not None:
                    if self.budget == 0:
                        raise PowerCut()
                    self.budget -= 1
                self.data[start + i] = byte
            return
        if self.budget is not None:
            # An erase never completes half way in this model: the cut comes before it.
            if self.budget < len(self.data):
                raise PowerCut()
            self.budget -= len(self.data)
        self.erases += 1
        self.data[start:stop] = value


class Table:
    """The parts of the UI's Table that storage uses."""

    def __init__(self, game=None, prefs=b"\x01\x02"):
        self.game = game if game is not None else Game(Rules(), dealer=1)
        self.game_serial = 0
        self.prefs_serial = 0
        self.prefs = prefs
        self.previous = None  # the game New game replaced (see Table.previous)

    def prefs_bytes(self):
        return self.prefs

    def new_game(self, dealer=0):
        self.game = Game(self.game.rules, dealer=dealer)
        self.game_serial += 1


# One scripted game: N calls, tricks; misdeal; E alone; renege; ...
HAND_ACTIONS = [
    ("call", 0), ("trick", 1), ("trick", 0), ("trick", 2), ("trick", 0), ("trick", 3),
    ("pass_deal",),
    ("call", 1, True), ("trick", 1), ("trick", 1), ("trick", 1), ("trick", 1), ("trick", 1),
    ("call", 2), ("renege", 3),
    ("call", 3), ("defend_alone", 0), ("trick", 0), ("trick", 3), ("trick", 0), ("trick", 0), ("trick", 1),
]


def act(game, action):
    getattr(game, action[0])(*action[1:])


def resume(nvm):
    store = Storage(nvm)
    return store, load(store)


def game_of(saved, rules=None):
    """The saved game replayed, as the firmware resumes it (firmware.house_rules):
    under ``rules`` (the preferences' in the firmware), or an older header's."""
    game = Game(saved.rules or rules or Rules(), dealer=saved.dealer)
    game.extend(saved.codes)
    return game


def _adopted(store):
    """A new game's table taken by ``store`` and saved."""
    table = Table()
    store.adopt(table)
    store.sync(table)
    return table


def _played(nvm, actions, record_first=True):
    """A new game on ``nvm``, then ``actions`` saved one by one. The new
    game's record is written first, or with ``record_first`` False by the
    first action's save (the record then holds that action)."""
    store = Storage(nvm)
    table = Table()
    store.adopt(table)
    if record_first:
        store.sync(table)
    for action in actions:
        act(table.game, action)
        store.sync(table)
    return store, table


def test_a_saved_game_that_stops_replaying_keeps_the_actions_before_and_says_so():
    played = Game(Rules(), dealer=0)
    played.call(0)
    played.trick(2)
    from ui.table import Table as TableUi

    table = TableUi(game=Game(Rules(), dealer=0))
    # Then North calls again in the same hand: refused, and so is all after it.
    codes = played.codes + played.codes[:1] + played.codes[1:]
    messages = []
    house_rules.resume(table, Saved(0, codes, table.prefs_bytes(), None, None), messages)
    assert messages == ["Saved game damaged: 2 actions kept"]
    assert table.game.codes == played.codes and table.game.tricks == [1, 0]


def test_blank_nvm_loads_nothing_and_first_sync_writes_a_record():
    nvm = FlashNvm()
    store, saved = resume(nvm)
    assert saved is None and store.messages == []
    table = Table()
    store.adopt(table)
    store.sync(table)
    assert nvm.data[0:4] == MAGIC
    assert nvm.erases == 0  # the sector was blank: programming only
    assert nvm.spans == [(0, _record_end(nvm))]  # the record only: the rest is erased
    saved = resume(nvm)[1]
    assert saved.codes == b"" and saved.dealer == 1
    assert saved.prefs == b"\x01\x02"


def test_only_an_erased_header_is_a_blank_record():
    # What start-up asks before it loads the saved game's reader.
    nvm = FlashNvm()
    assert Storage(nvm).blank_record()
    store, table = _played(nvm, [])
    assert not Storage(nvm).blank_record()  # a record, even of a game without actions
    assert not Storage(None).blank_record()  # no storage: hw.saved says so
    nvm.data[4] = 0x00  # one programmed byte of the header: damaged, not blank
    nvm.data[0:4] = b"\xff" * 4
    assert not Storage(nvm).blank_record()
    # A header the caller has read already (hw.saved.load) is judged, not read again.
    assert Storage(nvm).blank_record(b"\xff" * FIXED_V2)
    assert not Storage(FlashNvm()).blank_record(b"\xff" * 4 + b"\x00" + b"\xff" * (FIXED_V2 - 5))


def test_every_action_is_appended_without_an_erase_and_resumes_exactly():
    nvm = FlashNvm()
    store, table = _played(nvm, [])
    for action in HAND_ACTIONS:
        act(table.game, action)
        store.sync(table)
        saved = load(Storage(nvm))
        assert saved.codes == table.game.codes
        assert game_of(saved).scores == table.game.scores
        assert game_of(saved).dealer == table.game.dealer
    assert nvm.erases == 0
    assert store.rewrites == 1


def test_undo_is_an_appended_marker_not_an_erase():
    nvm = FlashNvm()
    store, table = _played(nvm, HAND_ACTIONS[:6], record_first=False)
    scored = table.game.scores
    assert scored != [0, 0]
    table.game.undo()  # back across the scored hand
    store.sync(table, check_all=True)
    undone = table.game.codes[-1]
    table.game.undo()
    table.game.trick(0 if undone != TRICK << 5 else 2)  # another action in its place
    written = len(nvm.spans)
    store.sync(table, check_all=True)
    # Only what changed: one undo marker and the new action, 2 bytes each.
    assert [end - start for start, end in nvm.spans[written:]] == [2, 2]
    saved = load(Storage(nvm))
    assert saved.codes == table.game.codes
    assert game_of(saved).scores == table.game.scores
    assert nvm.erases == 0


def test_new_game_and_prefs_change_rewrite_the_record_once_each():
    nvm = FlashNvm()
    store, table = _played(nvm, HAND_ACTIONS)
    table.prefs = b"\x09"
    table.prefs_serial += 1
    store.sync(table)
    assert nvm.erases == 1
    table.new_game(dealer=3)
    store.sync(table)
    assert nvm.erases == 2
    saved = load(Storage(nvm))
    assert saved.prefs == b"\x09" and saved.codes == b"" and game_of(saved).dealer == 3


def _record_end(nvm):
    """Where the record's header, preferences, base actions, previous game, CRC and pad end."""
    data = nvm.data
    end = 11 + data[6] + (data[7] | data[8] << 8) + (data[9] | data[10] << 8) + 2
    return end + (end & 1)


@pytest.mark.parametrize("resumed", [False, True])
def test_a_rewrite_over_a_known_journal_writes_only_what_is_programmed(resumed):
    # The heap needs no 2 KiB buffer for a new game: the write stops where the
    # old journal ended, and the flash holds what a whole-area write leaves.
    nvm = FlashNvm()
    store, table = _played(nvm, HAND_ACTIONS)
    journal_end = _record_end(nvm) + 2 * len(HAND_ACTIONS)
    assert nvm.data[journal_end - 2] != 0xFF and nvm.data[journal_end] == 0xFF
    if resumed:
        store, saved = resume(nvm)
        table = Table(game=game_of(saved))
        store.adopt(table)
    table.new_game(dealer=2)
    store.sync(table)
    assert nvm.erases == 1
    assert nvm.spans[-1] == (0, journal_end)
    assert nvm.data[_record_end(nvm):2048] == b"\xff" * (2048 - _record_end(nvm))
    saved = load(Storage(nvm))
    assert saved.codes == b"" and saved.dealer == 2
    # The next rewrite covers the record only, the journal being empty.
    end = _record_end(nvm)
    table.prefs = b"\x07\x08"
    table.prefs_serial += 1
    store.sync(table)
    assert nvm.spans[-1] == (0, end) == (0, _record_end(nvm)) and nvm.erases == 2
    assert load(Storage(nvm)).prefs == b"\x07\x08"


@pytest.mark.parametrize("spoil", ["torn entry", "bytes after the journal"])
def test_a_rewrite_after_unknown_bytes_covers_the_whole_record_area(spoil):
    nvm = FlashNvm()
    store, table = _played(nvm, HAND_ACTIONS[:5])
    journal_end = _record_end(nvm) + 10
    if spoil == "torn entry":
        nvm.data[journal_end] = 0x41  # programmed, its check byte not yet
    else:
        nvm.data[1500] = 0x00  # past the first erased entry: read as the end
    store, saved = resume(nvm)
    assert saved.codes == table.game.codes
    table = Table(game=game_of(saved))
    store.adopt(table)
    table.new_game(dealer=0)
    store.sync(table)
    assert nvm.spans[-1] == (0, 2048)
    assert nvm.data[_record_end(nvm):2048] == b"\xff" * (2048 - _record_end(nvm))
    assert game_of(load(Storage(nvm))).start_dealer == 0


class CountingNvm(FlashNvm):
    """FlashNvm that counts the bytes read."""

    read = 0

    def __getitem__(self, index):
        found = super().__getitem__(index)
        self.read += len(found) if isinstance(index, slice) else 1
        return found


@pytest.mark.parametrize("spoil", [False, True])
def test_power_up_reads_the_record_and_its_journal_the_first_rewrite_the_rest(spoil):
    # The start-up reads what it resumes (a piece past the journal's end at
    # most), not the 2 KiB record area; whether the rest is erased is read by
    # the first rewrite, which covers the whole area only when it is not.
    nvm = CountingNvm()
    _played(nvm, HAND_ACTIONS)
    journal_end = _record_end(nvm) + 2 * len(HAND_ACTIONS)
    if spoil:
        nvm.data[1500] = 0x00
    nvm.read = 0
    store, saved = resume(nvm)
    assert saved.codes == game_of(saved).codes
    assert nvm.read <= journal_end + 64 < 1024
    table = Table(game=game_of(saved))
    store.adopt(table)
    table.new_game(dealer=2)
    store.sync(table)
    assert nvm.spans[-1] == ((0, 2048) if spoil else (0, journal_end))
    assert game_of(load(Storage(nvm))).start_dealer == 2


def test_full_journal_is_compacted_and_nothing_is_lost():
    nvm = FlashNvm()
    store, table = _played(nvm, [("call", 0)])
    for _ in range(700):  # a player who cannot make up his mind
        table.game.trick(1)
        store.sync(table)
        table.game.undo()
        store.sync(table, check_all=True)
    assert 1 <= nvm.erases <= 2
    saved = load(Storage(nvm))
    assert saved.codes == table.game.codes


def test_power_cut_at_every_byte_loses_at_most_the_action_being_written():
    # Save the scripted game with the power failing after each possible
    # number of programmed bytes; the resumed game is always the game before
    # or after the action that was being written.
    cut_points = 0
    for budget in range(0, 2 * len(HAND_ACTIONS) + 60):
        nvm = FlashNvm()
        store, table = _played(nvm, [])
        nvm.budget = budget
        before = table.game.codes
        try:
            for action in HAND_ACTIONS:
                before = table.game.codes
                act(table.game, action)
                store.sync(table)
        except PowerCut:
            cut_points += 1
            nvm.budget = None
            store2, saved = resume(nvm)
            assert saved.codes in (before, table.game.codes)
            # Carry on from the resumed game: the next save must work.
            table2 = Table(game=game_of(saved))
            store2.adopt(table2)
            table2.game.call(0) if not table2.game.in_hand else table2.game.trick(table2.game.leader)
            store2.sync(table2)
            assert game_of(load(Storage(nvm))).codes == table2.game.codes
            continue
        assert game_of(load(Storage(nvm))).codes == table.game.codes
    assert cut_points >= 2 * len(HAND_ACTIONS)


def test_half_programmed_check_byte_is_detected():
    # Flash programming clears bits; a cut may leave only some of them cleared.
    for code in (0x00, 0x40, 0x41, 0xFE):
        for index in range(8):
            good = entry_check(code, index, 0x1234)
            assert good < 0x80
            for partial in range(good, 0x100):
                if partial & good == good and partial != good:
                    assert partial != entry_check(code, index, 0x1234)


def _saved_image():
    nvm = FlashNvm()
    return nvm, _played(nvm, HAND_ACTIONS[:8], record_first=False)[1]


@pytest.mark.parametrize("damage, message", [
    (lambda d: d.__setitem__(slice(0, 4), b"ABCD"), "not recognised"),
    (lambda d: d.__setitem__(4, 7), "other firmware"),
    (lambda d: d.__setitem__(12, d[12] ^ 0x10), "damaged"),
    (lambda d: d.__setitem__(slice(0, 2048), bytes(2048)), "not recognised"),
    (lambda d: d.__setitem__(slice(0, 2048), bytes(random.Random(4).randrange(256) for _ in range(2048))),
     "not recognised"),
    (lambda d: d.__setitem__(8, 0xF0), "damaged"),
])
def test_damaged_image_gives_a_message_keeps_it_aside_and_starts_fresh(damage, message):
    nvm, table = _saved_image()
    original = bytes(nvm.data[0:2048])
    damage(nvm.data)
    bad = bytes(nvm.data[0:2048])
    store, saved = resume(nvm)
    assert saved is None
    assert len(store.messages) == 1 and message in store.messages[0]
    assert "kept" in store.messages[0]
    assert bytes(store.aside()) == bad[:len(store.aside())]
    assert bad != original
    _adopted(store)
    saved = load(Storage(nvm))
    assert saved.codes == b""
    assert bytes(Storage(nvm).aside()) == bad[:4096 - 2048 - MARKS]


def test_damaged_journal_entry_in_the_middle_keeps_the_actions_before_it():
    nvm, table = _saved_image()
    store = Storage(nvm)
    load(store)
    journal = store._pos - 2 * len(table.game.codes)
    nvm.data[journal + 7] ^= 0x01  # the check byte of the fourth entry
    store, saved = resume(nvm)
    assert saved.codes == table.game.codes[:3]
    assert any("partly damaged" in m for m in store.messages)


def test_second_image_does_not_overwrite_the_first_one_kept_aside():
    nvm, _ = _saved_image()
    nvm.data[0:4] = b"XXXX"
    first = bytes(nvm.data[0:100])
    store, _ = resume(nvm)
    _adopted(store)
    nvm.data[0:4] = b"YYYY"
    store, _ = resume(nvm)
    assert "kept" not in store.messages[0]
    assert bytes(store.aside()[0:100]) == first


def test_no_nvm_means_nothing_saved_and_nothing_crashes():
    store = Storage(None)
    assert load(store) is None
    assert store.messages == ["No storage: game not saved"]
    table = Table()
    store.adopt(table)
    store.sync(table, check_all=True)
    store.mark_crash()
    assert store.crash_streak() == 0


def test_crash_streak_counts_crashes_since_the_last_healthy_run_without_erases():
    nvm = FlashNvm()
    store = Storage(nvm)
    assert store.crash_streak() == 0
    store.mark_crash()
    store.mark_crash()
    assert Storage(nvm).crash_streak() == 2
    store.mark_healthy()
    assert store.crash_streak() == 0
    store.mark_crash()
    assert store.crash_streak() == 1
    assert nvm.erases == 0
    for _ in range(MARKS + 5):
        store.mark_crash()
    assert store.crash_streak() >= 8
    assert nvm.erases == 1


def test_foreign_bytes_in_the_marks_area_are_no_crash_streak_and_are_cleared():
    nvm = FlashNvm()
    nvm.data[:] = bytes(4096)  # all zeros: someone else's data
    store = Storage(nvm)
    assert store.crash_streak() == 0
    assert load(store) is None
    _adopted(store)
    assert nvm.erases == 1
    assert bytes(nvm.data[4096 - MARKS:]) == b"\xff" * MARKS
    store = Storage(nvm)
    assert store.crash_streak() == 0 and load(store) is not None
    store.mark_crash()
    assert Storage(nvm).crash_streak() == 1


def test_saving_and_run_marks_side_by_side_resume_exactly():
    # The run marks share the sector with the record: marking a crash and a
    # healthy run between saves touches neither the record nor the aside area.
    nvm = FlashNvm()
    store, table = _played(nvm, HAND_ACTIONS)
    table.new_game(dealer=2)
    store.sync(table)
    act(table.game, ("call", 0))
    store.sync(table)
    store.mark_crash()
    assert store.crash_streak() == 1
    store.mark_healthy()
    assert bytes(store.aside()) == b"\xff" * (4096 - 2048 - MARKS)
    saved = load(Storage(nvm))
    assert saved.codes == table.game.codes and saved.prefs == b"\x01\x02"


def _previous_of(game, tally=(2, 1)):
    """``Table.previous`` for ``game``: what New game keeps for Undo."""
    return Previous(game.rules, game.start_dealer, game.codes, tally[0], tally[1], game.ended())


def test_the_game_new_game_replaced_is_saved_with_the_new_record_at_no_extra_erase():
    nvm = FlashNvm()
    store, table = _played(nvm, HAND_ACTIONS)
    old = table.game
    erases = nvm.erases
    table.previous = _previous_of(old)
    table.new_game(dealer=2)
    store.sync(table)
    assert nvm.erases == erases + 1  # the new game's one rewrite, as before
    saved = load(Storage(nvm))
    previous = saved.previous
    assert (previous.rules.as_dict(), previous.dealer, previous.codes, previous.tally_ns,
            previous.tally_ew, previous.ended) == (old.rules.as_dict(), old.start_dealer,
                                                   old.codes, 2, 1, None)
    # Read back and checked by replaying it once (start-up does it once the
    # score is shown), it brings the old game back without a replay, as the
    # one New game kept in RAM does.
    again = table_ui.Table()
    again.previous = previous
    assert restore.previous_kept(again)
    previous = again.previous
    assert previous.ended == old.ended()
    back = Game(previous.rules, dealer=previous.dealer)
    back.extend(previous.codes, previous.ended)
    assert back == old and reports.history(back) == reports.history(old) and back.progress() == old.progress()
    assert back.undo() and back.codes == old.codes[:-1] and back.tricks == [3, 1]
    assert saved.codes == b"" and saved.dealer == 2
    # The new game's actions are journalled after it, and it stays.
    act(table.game, ("call", 0))
    store.sync(table)
    saved = load(Storage(nvm))
    assert saved.codes == table.game.codes and saved.previous.codes == old.codes
    # Undo of New game drops it: the record is rewritten without it.
    table.game.undo()
    store.sync(table, check_all=True)
    table.previous = None
    table.game = old
    table.game_serial += 1
    store.sync(table)
    saved = load(Storage(nvm))
    assert saved.previous is None and saved.codes == old.codes


def test_a_previous_game_that_would_crowd_the_journal_is_left_out():
    nvm = FlashNvm()
    store, table = _played(nvm, [])
    huge = Game(Rules(), dealer=0)
    huge.call(0)
    for _ in range(1200):  # adjustments: a log far longer than any real game
        huge.adjust(0, 1)
        huge.adjust(0, -1)
    table.previous = _previous_of(huge)
    table.new_game(dealer=1)
    store.sync(table)
    saved = load(Storage(nvm))
    assert saved.previous is None and saved.dealer == 1
    assert store.messages == []


def test_a_previous_game_that_does_not_replay_is_dropped_with_a_message():
    nvm = FlashNvm()
    store, table = _played(nvm, [])
    wrong = Game(Rules(), dealer=0)
    table.previous = Previous(wrong.rules, 0, bytes((0x40,)), 0, 0, None)  # a trick before any call
    table.new_game(dealer=3)
    store.sync(table)
    store, saved = resume(nvm)
    assert saved.previous.codes == bytes((0x40,)) and saved.dealer == 3 and store.messages == []
    # Start-up replays it once the score is shown: it does not replay, so it
    # is dropped, and the table says why.
    again = table_ui.Table()
    again.previous = saved.previous
    serial = again.prefs_serial
    assert not restore.previous_kept(again)
    # Dropped, and the record is written again without it: the next power-up
    # does not find it, nor say so again.
    assert again.previous is None and again.prefs_serial == serial + 1


def test_a_previous_game_whose_rules_cannot_be_read_is_dropped_with_a_message():
    class UnknownRules:
        """Rules from other firmware: bytes this one does not read."""

        def to_bytes(self):
            return b"\xee"

    nvm = FlashNvm()
    store, table = _played(nvm, [])
    table.previous = Previous(UnknownRules(), 0, b"", 0, 0, None)
    table.new_game(dealer=1)
    store.sync(table)
    store, saved = resume(nvm)
    assert saved.previous is None and saved.dealer == 1
    assert store.messages == [UNREADABLE_PREVIOUS]


def _format_1_image(game, prefs, journal, dealer=None):
    """A record as format 1 wrote it (no previous game), then ``journal`` codes."""
    from euchre_core.actions import crc16

    rules = game.rules.to_bytes()
    base = game.codes
    dealer = game.start_dealer if dealer is None else dealer
    body = (MAGIC + bytes((1, dealer, len(rules), len(prefs), len(base) & 0xFF,
                           len(base) >> 8)) + rules + prefs + base)
    crc = crc16(body)
    image = bytearray(body + bytes((crc >> 8, crc & 0xFF)))
    if len(image) & 1:
        image.append(0)
    for index, code in enumerate(journal):
        image += bytes((code, entry_check(code, index, crc)))
    nvm = FlashNvm()
    nvm.data[0:len(image)] = image
    return nvm


def test_a_record_whose_dealer_is_no_seat_is_damaged():
    # Its checksum holds: the dealer byte is checked apart, with the same words.
    game = Game(Rules(), dealer=3)
    act(game, ("call", 2))
    for dealer, damaged in ((3, False), (4, True), (0xFF, True)):
        store = Storage(_format_1_image(game, b"\x05\x06", [], dealer))
        saved = load(store)
        assert (saved is None) == damaged, dealer
        if damaged:
            assert store.messages[0].startswith("Saved game damaged: new game")


def test_a_format_1_image_is_still_resumed_and_saved_on():
    played = Game(Rules(target=7), dealer=3)
    for action in HAND_ACTIONS[:6]:
        act(played, action)
    resumed = Game(Rules(target=7), dealer=3)
    for code in played.codes[:2]:
        resumed.apply(code)
    nvm = _format_1_image(resumed, b"\x05\x06", played.codes[2:])
    store, saved = resume(nvm)
    assert store.messages == []
    assert saved.codes == played.codes and saved.rules.target == 7
    assert saved.prefs == b"\x05\x06" and saved.previous is None
    table = Table(game=game_of(saved))
    store.adopt(table)
    act(table.game, ("call", 2))
    store.sync(table)
    assert nvm.erases == 0  # appended to the old record's journal
    assert game_of(load(Storage(nvm))).codes == table.game.codes
    table.new_game(dealer=1)
    store.sync(table)
    assert nvm.data[4] == 3 and load(Storage(nvm)).dealer == 1
