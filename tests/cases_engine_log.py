"""Rules-engine cases on the action log: the saved form, the text form,
history and stats, and a whole game checked action by action. Plain
functions: pytest runs them on CPython (tests/test_cases.py) and
tests/mp_run.py under MicroPython (a module of their own: each module is
loaded in turn into the small heap)."""

from euchre_core import Game, Rules
from euchre_core import hand_stats, reports, transcript
from euchre_core.actions import crc16
from cases_common import N, E, S, W, NS, EW, raises, play


# ----- saved form -------------------------------------------------------------

def full_game_text():
    return ("CN TN TN TS TE TN "        # N-S made 4: +1
            "P "                         # misdeal
            "AE TE TE TE TE TE "         # E alone, march: E-W +4
            "CS DE TE TE TS TE TS "      # E defends alone, 3 tricks: E-W +4
            "CN TN TS TN TS TN "         # N-S march: +2
            "CE RE "                     # E reneged: N-S +2
            "J0+1 XN "                   # a house point; the deal back to N
            "CW TN TS TN TE TN")         # W's call euchred: N-S +2


def case_full_game_to_bytes_is_small():
    game = transcript.parse(Rules(), full_game_text(), dealer=W)
    data = transcript.to_bytes(game)
    assert transcript.from_bytes(Rules(), data) == game
    assert game.scores == [8, 8] and game.winner is None and game.dealer == E
    # 15 hands with every trick recorded fit in 160 bytes.
    long_game = Game(Rules(target=99), dealer=N)
    for _ in range(15):
        long_game.call(N)
        play(long_game, [N, E, S, W, N])
    assert len(transcript.to_bytes(long_game)) <= 160
    assert transcript.from_bytes(long_game.rules, transcript.to_bytes(long_game)) == long_game


def case_text_round_trip():
    game = transcript.parse(Rules(), full_game_text(), dealer=W)
    assert transcript.text(game) == " ".join(full_game_text().split())
    assert "Unknown action" in raises(transcript.parse, Rules(), "CN Q")
    assert "Unknown action" in raises(transcript.parse, Rules(), "J2+1")


def case_from_bytes_rejects_bad_data():
    good = transcript.to_bytes(transcript.parse(Rules(), "CN TN TE", dealer=S))
    assert "truncated" in raises(transcript.from_bytes, Rules(), good[:3])
    assert "truncated" in raises(transcript.from_bytes, Rules(), good[:-1])
    assert "Not a saved" in raises(transcript.from_bytes, Rules(), b"XY" + good[2:])
    future = bytearray(good)
    future[1] = 9
    crc = crc16(future[:-2])
    future[-2] = crc >> 8
    future[-1] = crc & 0xFF
    assert "version 9" in raises(transcript.from_bytes, Rules(), bytes(future))
    damaged = bytearray(good)
    damaged[6] ^= 0x01
    assert "checksum" in raises(transcript.from_bytes, Rules(), bytes(damaged))
    raises(transcript.from_bytes, Rules(), b"")
    raises(transcript.from_bytes, Rules(), None)
    raises(transcript.from_bytes, Rules(), b"\xff" * 40)
    # A log the rules refuse is a clear ValueError too.
    stuck = transcript.to_bytes(transcript.parse(Rules(), "P", dealer=N))
    assert "replay" in raises(transcript.from_bytes, Rules(stick_the_dealer=True), stuck)


# ----- history and stats -------------------------------------------------------

def case_history_and_stats():
    game = transcript.parse(Rules(), full_game_text(), dealer=W)
    kinds = [hand.kind for hand in reports.history(game)]
    assert kinds == ["made", "lone_march", "lone_defense", "march", "renege", "euchre"]
    first = reports.history(game)[0]
    assert (first.number, first.dealer, first.caller, first.tricks, first.scorer,
            first.points) == (1, W, N, (4, 1), NS, 1)
    assert reports.history(game)[2].lone_defender == E
    assert reports.history(game)[5].dealer == N
    assert game.progress() == [(0, 0), (1, 0), (1, 4), (1, 8), (3, 8), (5, 8),
                               (6, 8), (8, 8)]
    ns, ew = hand_stats.stats(game)
    assert (ns["made"], ns["marches"], ns["euchred"], ns["euchres"]) == (2, 1, 1, 1)
    assert (ew["made"], ew["marches"], ew["euchred"], ew["euchres"]) == (1, 1, 1, 1)
    assert (ew["loners"], ew["loners_made"], ns["loners"]) == (1, 1, 0)
    assert (ew["reneges"], ns["reneges"]) == (1, 0)
    assert game.misdeals == 1


def case_progress_follows_every_score_change():
    game = transcript.parse(Rules(), "CN TN TN TS TE TN J1+2 CE TE TE TE TN TN",
                      dealer=W)
    assert game.progress() == [(0, 0), (1, 0), (1, 2), (1, 3)]


# ----- a whole game, every action checked ------------------------------------

# (action, dealer, leader, tricks, scores) after each action.
WHOLE_GAME = (
    ("CE", N, E, [0, 0], [0, 0]),      # dealer N: E leads
    ("TE", N, E, [0, 1], [0, 0]),
    ("TS", N, S, [1, 1], [0, 0]),
    ("TW", N, W, [1, 2], [0, 0]),
    ("TW", N, W, [1, 3], [0, 0]),
    ("TE", E, None, [0, 0], [0, 1]),   # E-W made 4: +1, deal to E
    ("P", S, None, [0, 0], [0, 1]),    # misdeal: deal to S
    ("AN", S, E, [0, 0], [0, 1]),      # N alone: E (left of N) leads
    ("TN", S, N, [1, 0], [0, 1]),
    ("TN", S, N, [2, 0], [0, 1]),
    ("TN", S, N, [3, 0], [0, 1]),
    ("TN", S, N, [4, 0], [0, 1]),
    ("TN", W, None, [0, 0], [4, 1]),   # lone march +4
    ("CS", W, N, [0, 0], [4, 1]),
    ("DW", W, N, [0, 0], [4, 1]),      # W defends alone: N (left of W) leads
    ("TW", W, W, [0, 1], [4, 1]),
    ("TW", W, W, [0, 2], [4, 1]),
    ("TS", W, S, [1, 2], [4, 1]),
    ("TW", W, W, [1, 3], [4, 1]),
    ("TW", N, None, [0, 0], [4, 5]),   # lone defense +4
    ("CN", N, E, [0, 0], [4, 5]),
    ("RE", E, None, [0, 0], [6, 5]),   # E reneged: N-S +2
    ("CW", E, S, [0, 0], [6, 5]),
    ("TS", E, S, [1, 0], [6, 5]),
    ("TN", E, N, [2, 0], [6, 5]),
    ("TN", E, N, [3, 0], [6, 5]),
    ("TE", E, E, [3, 1], [6, 5]),
    ("TS", S, None, [0, 0], [8, 5]),   # W's call euchred: N-S +2
    ("CS", S, W, [0, 0], [8, 5]),
    ("TW", S, W, [0, 1], [8, 5]),
    ("TS", S, S, [1, 1], [8, 5]),
    ("TS", S, S, [2, 1], [8, 5]),
    ("TN", S, N, [3, 1], [8, 5]),
    ("TN", W, None, [0, 0], [9, 5]),
    ("CE", W, N, [0, 0], [9, 5]),
    ("TN", W, N, [1, 0], [9, 5]),
    ("TS", W, S, [2, 0], [9, 5]),
    ("TN", W, N, [3, 0], [9, 5]),
    ("TE", W, E, [3, 1], [9, 5]),
    ("TS", N, None, [0, 0], [11, 5]),  # euchre: N-S wins 11-5
)


def case_whole_game_every_action():
    game = Game(Rules(), dealer=N)
    from euchre_core.transcript import parse_action
    for action, dealer, leader, tricks, scores in WHOLE_GAME:
        assert game.winner is None, action
        game.apply(parse_action(action))
        assert game.dealer == dealer, (action, game.dealer)
        assert game.leader == leader, (action, game.leader)
        assert game.tricks == tricks, (action, game.tricks)
        assert game.scores == scores, (action, game.scores)
    assert game.winner == NS and not game.skunk
    assert len(reports.history(game)) == 7
    # Undo all the way back to the first deal.
    count = 0
    while game.undo():
        count += 1
    assert count == len(WHOLE_GAME)
    assert game.scores == [0, 0] and game.dealer == N and not game.undo()


def case_extend_keeps_the_actions_before_the_first_refused_one():
    done = transcript.parse(Rules(), "CN TN TE", dealer=S)
    game = Game(Rules(), dealer=S)
    codes = done.codes
    # CN TN CN TE: the second call is refused, and nothing after it is applied.
    assert raises(game.extend, codes[:2] + codes[:1] + codes[2:]) \
        == "Trump is already named by N"
    assert game.codes == codes[:2] and game.tricks == [1, 0]
    game.extend(codes[2:])
    assert game == done and game.tricks == [1, 1]
    game.extend(b"")
    assert game == done


def case_stats_count_the_house_rules_loners_and_set_backs():
    game = Game(Rules(blind_loner=True, canadian_loner=True, setback=True, target=99),
                dealer=N)
    game.call(N, alone=True, blind=True)
    play(game, [N, N, N, N, N])  # the blind loner makes it: N-S 5
    game.call(W, ordered_up=True)  # E deals: W orders up, alone
    play(game, [W, W, W, W, W])  # E-W 4
    game.call(N)
    play(game, [N, N, N, N, N])  # a march, set back: N-S 5, E-W 2
    game.set_back()
    game.call(W, alone=True, blind=True)  # W deals; reneges on the blind loner
    game.renege(W)  # N-S 7
    game.call(N, alone=True, blind=True)
    play(game, [E, E, E, N, N])  # a blind loner set: E-W 3
    game.call(W, ordered_up=True)  # E deals: W orders up again, and is set
    play(game, [N, N, N, W, W])  # N-S 2 for it, set back: E-W 1
    game.set_back()
    assert game.scores == [7, 1]
    ns, ew = hand_stats.stats(game)
    assert ns == {"made": 2, "marches": 2, "euchred": 1, "euchres": 1, "loners": 2,
                  "loners_made": 1, "reneges": 0, "blind": 2, "blind_made": 1,
                  "forced": 0, "forced_made": 0, "set_backs": 2}
    assert ew == {"made": 1, "marches": 1, "euchred": 1, "euchres": 1, "loners": 2,
                  "loners_made": 1, "reneges": 1, "blind": 1, "blind_made": 0,
                  "forced": 2, "forced_made": 1, "set_backs": 0}


def case_blind_tells_the_hand_in_play_called_blind():
    game = Game(Rules(blind_loner=True, target=99), dealer=N)
    assert game.blind is False
    game.call(N, alone=True, blind=True)
    assert game.blind is True and game.lone_seat == N
    play(game, [N, N, N, N])
    assert game.blind is True
    game.trick(N)  # the hand is scored: no hand is on
    assert game.blind is False
    game.call(S, alone=True)  # E deals: a loner, not blind
    assert game.blind is False
    game.undo()
    game.call(E, alone=True, blind=True)
    assert game.blind is True
    game.undo()  # back to no call: the flag goes with it
    assert game.blind is False
    game.undo()  # back into the blind hand
    assert game.blind is True and game.tricks == [4, 0]


class _Counted(Game):
    """A game that counts the actions it plays (``_step``): what a replay costs."""
    steps = 0

    def _step(self, code):
        _Counted.steps += 1
        Game._step(self, code)


def _same_state(one, other):
    for name in ("scores", "dealer", "leader", "tricks", "winner", "makers", "caller",
                 "lone_seat", "lone_defender", "tricks_played", "misdeals", "trump", "blind",
                 "over", "skunk", "hand_count", "action_count", "codes"):
        assert getattr(one, name) == getattr(other, name), name
    assert reports.history(one) == reports.history(other) and one.progress() == other.progress()
    assert str(one.set_back_refusal()) == str(other.set_back_refusal())
    assert one.may_set_back == other.may_set_back


def case_extend_with_ended_brings_a_game_back_replaying_only_the_hand_in_play():
    rules = Rules(setback=True, blind_loner=True, canadian_loner=True, target=12)
    game = transcript.parse(rules, "CN TN TN TS TE TN P AE =H TE TE TE TE TE S "
                      "CS^ TS TS TS TS TS J1+2 XE CW DN TN TW TN TN TW", dealer=W)
    game.undo()
    game.undo()  # undone into a hand: its marks are dropped and made again
    game.trick(N)
    game.trick(N)  # N-S euchre W's call: a set-back may follow
    game.call(S, alone=True, blind=True)
    game.trick(S)  # New game may replace a game in the middle of a hand
    codes = game.codes
    out_at = 0  # the last moment so far with no hand in play
    for count in range(len(codes) + 1):
        # Each moment of the game: the ``ended`` New game keeps, brought back.
        kept = Game(rules, dealer=W)
        kept.extend(codes[:count])
        ended = kept.ended()
        # Played on, the game leaves what it gave as it was.
        if kept.set_back_refusal() is None:
            kept.set_back()
        else:
            kept.adjust(EW, 1)
        replayed = Game(rules, dealer=W)
        replayed.extend(codes[:count])
        if not replayed.in_hand:
            out_at = count
        _Counted.steps = 0
        back = _Counted(rules, dealer=W)
        back.extend(codes[:count], ended)
        assert _Counted.steps == count - out_at  # the hand in play, not the whole log
        _same_state(back, replayed)
        # Undone all the way back, it agrees with the replayed game at every step.
        while replayed.undo():
            assert back.undo()
            _same_state(back, replayed)
        assert not back.undo()
    # The game itself, its marks made again by its undos, gives the same.
    back = Game(rules, dealer=W)
    back.extend(codes, game.ended())
    _same_state(back, game)
    while game.undo():
        assert back.undo()
        _same_state(back, game)


def case_the_winner_of_a_kept_game_is_read_without_a_replay():
    from euchre_core.game import won_when_kept
    from euchre_core.game_forms import Previous

    def kept(game, ended=True):
        return Previous(game.rules, game.start_dealer, game.codes, 0, 0,
                        game.ended() if ended else None)

    rules = Rules(target=3)
    game = Game(rules, dealer=W)
    assert won_when_kept(kept(game)) is None  # no action yet
    game.call(E)
    play(game, (E, E, E, W, N))  # E-W made: 0-1
    assert won_when_kept(kept(game)) is None
    game.adjust(NS, 3)  # 3-1: N-S reach the target with a score change
    assert game.winner == NS and won_when_kept(kept(game)) == NS
    assert won_when_kept(kept(game, ended=False)) is None  # nothing to read it from
    # Under win by two; and past 255 points (two bytes a score: only a
    # progressive game, which has no target, gets there).
    two = Game(Rules(target=5, win_by_two=True), dealer=N)
    two.adjust(EW, 4)
    two.adjust(NS, 5)
    assert won_when_kept(kept(two)) is None  # 5-4: no lead of two
    two.adjust(NS, 1)
    assert won_when_kept(kept(two)) == NS
    # Each team at 258 (a high byte of 1) against the other at 192 or at
    # 296: a high byte read wrong turns the winner round.
    for team, other, winner in ((NS, 192, NS), (NS, 296, EW), (EW, 192, EW), (EW, 296, NS)):
        big = Game(Rules(hands=1), dealer=W)
        for _ in range(32):
            big.adjust(team, 8)
        for _ in range(other // 8):
            big.adjust(1 - team, 8)
        big.call(N if team == NS else E)
        play(big, (N, N, N, N, N) if team == NS else (E, E, E, E, E))  # a march: +2, the last hand
        assert big.scores[team] == 258 and big.scores[1 - team] == other
        assert big.over and won_when_kept(kept(big)) == winner == big.winner
    # Progressive: the team ahead after the last hand; a tie has no winner.
    # E-W euchred (4-0), or E-W march (2-2) in the last hand.
    for tricks, winner in (((N, N, N, E, E), NS), ((E, E, E, E, E), None)):
        hands = Game(Rules(hands=2), dealer=W)
        hands.call(N)
        play(hands, (N, N, N, N, N))  # N-S march: 2-0
        hands.call(E)
        play(hands, tricks)
        assert hands.over and won_when_kept(kept(hands)) == winner == hands.winner
