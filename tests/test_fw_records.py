"""Records and export, through the real code.py on the virtual
Pico: going alone as a table does it, History's rows, the quick result's
words and the CSV export on the serial console."""

import csv

from fw_support import boot, find_text, has_text, page_frame, table

N, E, S, W = 0, 1, 2, 3
BANNER = "wait:3500"  # the result banner goes away by itself
# The menu on the score screen: UNDO ADJUST DEALER RULES STATS HISTORY
# DISPLAY EXPORT ...; during a hand RENEGE and REST OF TRICKS come after
# UNDO, and SET DEALER goes.
HISTORY = "OK:long S*5 OK"


def export(pico):
    """The console lines Export printed: (every line, the CSV rows)."""
    pico.serial_new()
    pico.run_script("OK:long S*8 OK" if table(pico).game.in_hand else "OK:long S*7 OK")
    lines = pico.serial_new().splitlines()
    # Read without the block's marks too: each test checks what it is about.
    rows = [line for line in lines if not line.startswith("euchre:")]
    return lines, list(csv.DictReader(rows))


def test_the_maker_goes_alone_after_a_defender_did():
    with boot(seed=3) as pico:  # West deals
        pico.run_script("N E:long N:long")
        game = table(pico).game
        assert table(pico).message is None
        assert (game.caller, game.lone_seat, game.lone_defender) == (N, N, E)
        buf = page_frame(pico)
        assert has_text(buf, "NOR ALONE") and has_text(buf, "EAS ALONE")
        assert has_text(buf, "NORTH CALLED") and has_text(buf, "EAST LEADS")
        pico.run_script("N*5 " + BANNER)
        assert game.scores == [4, 0] and game.last_hand.kind == "lone_march"
        # Undo takes back the lone call only: the defender is still alone.
        pico.run_script("OK:long OK " * 6)
        assert game.in_hand and game.lone_seat is None and game.lone_defender == E
        assert "ALONE NORTH" in table(pico).message


def test_a_partner_going_alone_leaves_the_caller_the_caller():
    with boot(seed=3) as pico:
        pico.run_script("E W:long")
        game = table(pico).game
        assert (game.caller, game.lone_seat) == (E, W)
        buf = page_frame(pico)
        assert has_text(buf, "EAST CALLED") and has_text(buf, "WEST ALONE")
        assert not has_text(buf, "WEST CALLED")
        pico.run_script("W W W N S " + BANNER + " " + HISTORY)
        buf = page_frame(pico)
        assert has_text(buf, "1 WEST ALONE") and not has_text(buf, "WEST MADE")
        assert has_text(buf, "+1 E-W")
        pico.run_script("W")
        _, rows = export(pico)
        assert [(row["caller"], row["alone"]) for row in rows[:2]] == \
            [("EAST", ""), ("EAST", "WEST")]


def _renege_adjust_march(pico):
    # West calls; North reneges (menu: Renege, the second entry in a hand).
    pico.run_script("W N OK:long S OK N " + BANNER)
    # Adjust score: E-W +1 (E is + for E-W), OK saves.
    pico.run_script("OK:long S OK E OK " + BANNER)
    # North calls and marches: N-S +2.
    pico.run_script("N N*5 " + BANNER)
    assert table(pico).game.scores == [2, 3]
    pico.run_script(HISTORY)
    assert table(pico).screen_name == "history"
    return page_frame(pico)


def test_history_names_who_reneged():
    with boot(seed=3) as pico:
        buf = _renege_adjust_march(pico)
        assert has_text(buf, "1 NORTH RENEGE") and not has_text(buf, "WEST RENEGE")
        assert has_text(buf, "2 NORTH MARCH") and has_text(buf, "+2 N-S")


def test_history_lists_score_adjustments():
    with boot(seed=3) as pico:
        buf = _renege_adjust_march(pico)
        # E-W's rows add up to E-W's score: +2 for the renege, +1 adjusted.
        assert has_text(buf, "ADJUST")
        assert has_text(buf, "+2 E-W") and has_text(buf, "+1 E-W")


def test_history_opens_on_its_last_row_and_scrolls_over_adjustments():
    with boot(seed=3) as pico:
        made = "N N N N E E " + BANNER + " "  # North calls, N-S make it: +1
        adjust = "OK:long S OK E OK " + BANNER + " "  # E-W +1
        pico.run_script(adjust + made * 3 + adjust + made * 3)
        assert table(pico).game.scores == [6, 2]
        pico.run_script(HISTORY)
        buf = page_frame(pico)  # 8 rows: the last 6 on view (pages 1-6)
        assert find_text(buf, 1, "2 NORTH MADE") >= 0 and find_text(buf, 6, "6 NORTH MADE") >= 0
        pico.run_script("N")
        buf = page_frame(pico)
        assert find_text(buf, 1, "1 NORTH MADE") >= 0 and not has_text(buf, "6 NORTH MADE")
        pico.run_script("N")
        buf = page_frame(pico)
        assert find_text(buf, 1, "ADJUST") >= 0 and find_text(buf, 5, "ADJUST") >= 0
        pico.run_script("N")
        assert "NO OLDER HANDS" in table(pico).message


def test_history_uses_the_width_for_long_names():
    names = {"EUCHRE_NAME_N": '"Maximilian"', "EUCHRE_NAME_W": '"Bartholome"'}
    with boot(seed=3, settings=names) as pico:
        pico.run_script("N N*5 " + BANNER + " " + HISTORY)
        buf = page_frame(pico)
        assert has_text(buf, "1 MAXIMI MARCH")


def test_a_quick_result_says_only_what_is_known():
    with boot(seed=3) as pico:
        # North calls, N-S take two tricks, then OK and S: euchred.
        pico.run_script("N N S OK S")
        game = table(pico).game
        assert game.scores == [0, 2] and table(pico).screen_name == "banner"
        buf = page_frame(pico)
        assert has_text(buf, "RESULT AFTER 2 TRICKS")
        assert not has_text(buf, "0 TRICKS TO N-S")
        assert game.last_hand.tricks == (2, 0) and game.last_hand.quick
        pico.run_script(BANNER + " OK:long")
        assert has_text(page_frame(pico), "UNDO RESULT EUCHRED")
        assert not has_text(page_frame(pico), "RESULT 2-3")
        pico.run_script("W")
        _, rows = export(pico)
        last = rows[-1]
        assert last["action"] == "RESULT EUCHRED"
        assert (last["tricks_ns"], last["tricks_ew"]) == ("2", "0")
        assert last["result"] == "euchre +2 E-W"


def test_export_rows_belong_to_their_own_hand():
    with boot(seed=3) as pico:
        # A march (rows 1-6), then East goes alone and takes a trick.
        pico.run_script("N N*5 " + BANNER + " E:long E")
        lines, rows = export(pico)
        hand = [(row["action"], row["caller"], row["alone"], row["tricks_ns"],
                 row["tricks_ew"], row["result"]) for row in rows[6:]]
        assert hand == [("CALL ALONE EAST", "EAST", "EAST", "0", "0", ""),
                        ("TRICK EAST", "EAST", "EAST", "0", "1", "")]
        # The hand's last row: its result, and the dealer of that hand.
        assert rows[5]["result"] == "march +2 N-S" and rows[5]["dealer"] == "WEST"
        # The block is marked: every line around it starts "euchre:" too.
        begin = lines.index("euchre: export begin")
        assert all(line.startswith("euchre:") for line in lines[:begin])
        assert lines[begin + 1].startswith("step,action,")
        assert lines[-1] == "euchre: export end"
        assert table(pico).message == "9 LINES TO THE USB SERIAL CONSOLE"


def test_export_names_a_lone_defender():
    with boot(seed=3) as pico:
        pico.run_script("N E:long N:long N")
        _, rows = export(pico)
        assert [row["alone"] for row in rows] == ["", "EAST", "NORTH & EAST", "NORTH & EAST"]
        assert [row["action"] for row in rows] == \
            ["CALL NORTH", "DEF ALONE EAST", "ALONE NORTH", "TRICK NORTH"]


def test_export_quotes_a_name_with_a_comma():
    with boot(seed=3, settings={"EUCHRE_NAME_N": '"Smith, J"'}) as pico:
        pico.run_script("N")
        _, rows = export(pico)
        assert rows[0]["caller"] == "SMITH, J" and rows[0]["action"] == "CALL SMITH, J"
