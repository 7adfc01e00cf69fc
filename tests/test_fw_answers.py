"""The answers that are no action, through the real code.py on the virtual
Pico: a set-back kept and a trump suit skipped are saved, so a power cut
does not ask again; a fresh game resumes without "RESUMED: NO CALL YET"."""

from fw_support import boot, has_text, page_frame, table

BANNER = "wait:3500"


def test_a_kept_set_back_survives_a_power_cut():
    with boot(seed=0, settings={"EUCHRE_SETBACK": "1"}) as pico:
        pico.run_script("E E E E E E " + BANNER + " N N N N N N")  # 2-2: SET BACK offered
        assert table(pico).screen_name == "banner"
        erases = pico.nvm.erases
        pico.run_script("OK")  # keep the points
        assert pico.nvm.erases == erases + 1  # the answer saved
        pico.run_script("cut boot wait:3500")
        t = table(pico)
        assert t.screen_name == "score" and t.game.scores == [2, 2]


def test_a_skipped_trump_suit_survives_a_power_cut():
    with boot(seed=0, settings={"EUCHRE_TRUMP": "1"}) as pico:
        pico.run_script("E OK")  # East calls; no suit this hand
        assert table(pico).screen_name == "hand"
        pico.run_script("cut boot")
        t = table(pico)
        assert t.screen_name == "hand" and t.game.caller == 1 and t.game.trump is None


def test_a_fresh_game_resumes_on_its_first_dealer():
    with boot(seed=0) as pico:
        pico.run_script("cut boot")
        t = table(pico)
        assert t.screen_name == "score" and t.message is None
        assert has_text(page_frame(pico), "DEALS FIRST")
