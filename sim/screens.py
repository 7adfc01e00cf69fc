"""docs/ui.md and docs/screens/*.png: every screen of the firmware, as the
simulator's OLED shows it (``make screens``).

Each screen is a key script run on a fresh virtual Pico (same seed, erased
nvm), so the pictures come from the real firmware and renderer and are the
same on every run. To add a screen, add a line to SCREENS:
(file name, key script, caption[, extras]), where extras may hold
"settings": settings.toml lines that replace the repository's, and "setup":
a function given the VirtualPico before the script runs.
"""

import os
import sys

from sim.runner import REPO, VirtualPico

_HAND = "N OK E wait:3500 "  # North names trump, quick result, march: N-S +2
_GAME = _HAND * 5  # N-S reach 10

SCREENS = (
    ("score", "",
     "Score screen between hands: both scores in big digits, the team names, "
     "the target and games won in the match. The marker at the screen's edge "
     "sits beside the dealer's seat key, with the dealer's name: \"DEALS FIRST\" "
     "until the game's first call or misdeal (names of up to 8 letters). After "
     "8 s without a press, that line takes turns with what the keys do: "
     "\"SEAT KEY: WHO CALLED\", \"HOLD OK: MENU, UNDO\", \"HOLD SEAT KEY: ALONE\", "
     "\"OK: EVERYBODY PASSED\"."),
    ("misdeal", "OK OK",
     "OK on the score screen asks \"ALL PASSED?\" with the next dealer's name (a "
     "stray OK changes nothing); OK again: everybody passed, so the deal moves to "
     "the left: the marker and the name now show East."),
    ("hand_called", "N",
     "North pressed their seat key: North named trump. Hand screen: makers and "
     "caller, tricks of each team as pips, the marker beside the key of the seat "
     "that leads. The line under the pips says what a held key does; after 8 s "
     "without a press it takes turns with \"SEAT KEY: TOOK TRICK\"."),
    ("hand_tricks", "N N S W",
     "Three tricks into the hand: N-S took two, E-W one. Each trick is one press "
     "of the winner's seat key."),
    ("alone", "N:long",
     "A long press names trump and goes alone: North plays alone, South sits out "
     "(South's key is refused until the hand ends)."),
    ("quick", "N N OK",
     "OK during a hand: quick result. The seat keys become soft keys, labelled "
     "beside them, so a whole hand takes three presses."),
    ("banner", "N OK E",
     "The result banner after a hand: the team that scored and the points. Under "
     "them, the makers' tricks (\"3 TRICKS TO N-S\"), or after a quick result when "
     "it came (\"RESULT AFTER 2 TRICKS\"), since the rest were not recorded."),
    ("next_hand", _HAND,
     "After the banner: the score screen again, with the next dealer."),
    ("menu", "OK:long",
     "Long OK opens the menu with Undo selected, so undo is long OK, then OK. "
     "N and S move, E or OK choose, W goes back. Between hands the entries that "
     "need a hand in play (renege, rest of the tricks) are left out; during a "
     "hand, Set dealer is (the hand keeps the dealer who dealt it: set the next "
     "one once the hand is scored). A page opened from the menu goes back to it."),
    ("adjust", "OK:long S OK",
     "Adjust score, for house penalties: the soft keys add or take a point per "
     "team, the changes shown signed (\"+1\") and below them the score that OK "
     "saves (both teams' changes together; when each alone would end the game, "
     "a message, and nothing is saved). "
     "At most 8 points a time, and no score below 0: the message at the limit "
     "says which."),
    ("set_dealer", "OK:long S*2 OK",
     "Set dealer, for a stolen deal: the seat key of the player who should deal."),
    ("rules", "OK:long S*3 OK",
     "House rules, changed on the device and saved there."),
    ("stats", _HAND + "W OK S wait:3500 OK:long S*4 OK",
     "Stats of the game so far, per team: N-S at the left, E-W at the right, "
     "as on the score screen."),
    ("history", _HAND + "W OK S wait:3500 OK:long S*5 OK",
     "History: every scored hand of the game, and every score adjustment; it "
     "opens at the newest, at the bottom, and the bottom line names the key to "
     "older hands. A row has 20 characters: team names stand whole when both "
     "have 4 letters at most, else as N-S and E-W; a player's name is cut to the "
     "room left, or, when the cut would read like another player's, becomes the "
     "seat's letter (N, E, S, W)."),
    ("display", "OK:long S*6 OK",
     "Display settings: contrast, turning the picture 180 degrees, sleep timeout."),
    ("game_over", _GAME,
     "Game over: the winner, the final score (SKUNK when the losers have 0), "
     "the score's progress over the hands, and the match tally. A seat key picks "
     "the next dealer; OK picks one at random."),
    ("renege", "N N OK:long S OK",
     "Menu, Renege, during a hand: the seat key of the player who reneged; the "
     "penalty goes to the other team."),
    ("rest_of_tricks", "N N OK:long S*2 OK",
     "Menu, Rest of tricks: the seat key of the side that takes every trick left (a lone "
     "player's partner, who sits out, is refused)."),
    ("defender_alone", "N E:long",
     "A defender's long press before the first trick: East defends alone (where "
     "the house rules allow it)."),
    ("export", _HAND + "OK:long S*7 OK",
     "Export, after one hand: the game as CSV lines on the USB serial console."),
    ("new_game", "OK:long S*8 OK",
     "New game asks first; undo brings the old game back."),
    ("who_deals_first", "OK:long S*8 OK E",
     "New game, yes: a seat key names who deals the first hand, OK picks a seat at"
     " random. It waits for its answer: leaving the menu, or a power cut, comes "
     "back to it. The menu opened over it has nothing that acts on the old game; "
     "its Undo (long OK, then OK: \"UNDO: KEEP OLD GAME\") goes back to the game as "
     "it was."),
    ("flipped", "OK:long S*6 OK S E E E E N OK",
     "Display, Flip 180: the picture is read from North's side (shown here as "
     "the glass shows it, upside down from South). A message says so, and the "
     "first press only closes it, as every key has moved on the picture. Each "
     "label and triangle stays beside its own key: the quick result's MADE 3-4 "
     "is at the N key, now at the bottom of the picture as North reads it."),
    ("ordered_up", "S",
     "Canadian loner (EUCHRE_CANADIAN_LONER = 1): the dealer's partner's call asks "
     "whether they ordered the dealer up in the first round; yes is a lone call. "
     "Without the rule the call is made at once.",
     {"settings": "EUCHRE_CANADIAN_LONER = 1\n"}),
    ("blind_loner", "N:long",
     "Blind loner (EUCHRE_BLIND_LONER = 1): the dealer's long press asks whether "
     "the dealer goes alone blind (5 points for all 5 tricks, 1 to the defenders "
     "when euchred) or looking, as any loner.",
     {"settings": "EUCHRE_BLIND_LONER = 1\n"}),
    ("set_back", "E OK N wait:3500 N OK E",
     "Robson set-back (EUCHRE_SETBACK = 1): after a hand of 2 or 4 points, when "
     "the other team has points to lose, the banner stays and offers SET BACK on "
     "the bottom key, with the score it leaves (\"SET BACK TO 0-0\"): the points "
     "come off the other team's score instead (not below 0, so a team with 1 "
     "point loses only that one). OK keeps them (saved: a power cut does not "
     "offer it again); Undo takes a set-back back. The offer waits for its "
     "answer: leaving the menu, or the next start after a power cut, shows it "
     "again. When setting back would take the game's win away, it reads "
     "\"SET BACK 8-1: NO WIN\" (under win by two a set-back may leave the "
     "win; in progressive euchre keeping may tie). That key pressed within half a "
     "second of the hand's end (the result's or the last trick's key tapped "
     "twice) only gets the offer in words.",
     {"settings": "EUCHRE_SETBACK = 1\n"}),
    ("trump_suit", "N",
     "With EUCHRE_TRUMP = 1 (or Show trump in the Rules menu) the call is followed"
     " by one press: the seat keys become the four suits. OK records none (saved: "
     "a power cut does not ask again). Left through the menu or by a power cut, it"
     " is asked again.",
     {"settings": "EUCHRE_TRUMP = 1\n"}),
    ("trump_hand", "N E N S",
     "The hand screen then shows the trump suit, large, until the hand ends.",
     {"settings": "EUCHRE_TRUMP = 1\n"}),
    ("progressive", "N OK E wait:3500 E OK N wait:3500",
     "Progressive euchre (EUCHRE_HANDS = 8): no target; the bottom line counts the"
     " hands instead. On the Rules page the TARGET row reads \"8 HANDS\" and its key"
     " says that the PROGRESSIVE row sets them.",
     {"settings": "EUCHRE_HANDS = 8\n"}),
    ("tie", "N OK E wait:3500 E OK E wait:3500",
     "Progressive euchre, the last hand scored with the teams level: game over, a "
     "tie, the match tally unchanged.",
     {"settings": "EUCHRE_HANDS = 2\n"}),
    ("house_history", "E OK OK E wait:3500 N E N OK E wait:600 S OK:long S*5 OK",
     "History names set-backs (the team that set the other back when it fits "
     "whole, and the points the other lost), blind and forced loners that made "
     "their hand (euchred, any caller reads EUCHRED), and the trump suit after the"
     " hand's number when it was recorded.",
     {"settings": "EUCHRE_TRUMP = 1\nEUCHRE_SETBACK = 1\n"}),
    ("house_rules", "OK:long S*3 OK S*15",
     "The end of the Rules page: the house rules above, then two table "
     "preferences, saved on the device: show the trump suit, and a skunk counting "
     "two games in the match tally.",),
    ("bad_setting", "",
     "A wrong value in settings.toml is named on the screen (and on the serial "
     "console); its default is used.",
     {"settings": "EUCHRE_TARGET = 500\n"}),
    ("stuck_key", "down:S wait:21000",
     "A key held for 20 s (a stuck or shorted button) is reported, then ignored "
     "until it is released. Its long press fired at 0.6 s, as any key's does: the "
     "message names what it recorded (here South called and went alone), which "
     "Undo takes back."),
    ("damaged_save", "",
     "The saved game failed its check at power-on (here one byte of the saved "
     "record was changed on purpose): it is reported, kept aside, and a new game "
     "starts instead of a crash.",
     {"setup": lambda pico: _damage_save(pico)}),
)


# An animation for the top of docs/ui.md: (key script, ms the picture stays).
HAND_GIF = (
    ("", 1500),
    ("N", 1500),
    ("OK", 1500),
    ("E", 2000),
    ("wait:3500", 2500),
)


def animation(path, steps=HAND_GIF, scale=3, color="blue"):
    """A GIF of the glass after each step of ``steps``."""
    from sim.picture import image

    frames = []
    durations = []
    with VirtualPico() as pico:
        for script, ms in steps:
            pico.run_script(script)
            frames.append(image(pico.oled, scale=scale, color=color).quantize(
                colors=4, dither=0))
            durations.append(ms)
    frames[0].save(path, save_all=True, append_images=frames[1:], duration=durations,
                   loop=0, optimize=False)
    return path


def _damage_save(pico):
    pico.run_script("N N S")
    pico.power_cut()
    data = pico.nvm_bytes()
    used = [i for i in range(len(data)) if data[i] != 0xFF]
    pico.damage_nvm(used[len(used) // 2], 0x5A)
    pico.boot()


def _settings(changes):
    """The repository's settings.toml with the keys in ``changes`` replaced
    (CircuitPython reads the first of two equal keys, so they are swapped in place)."""
    with open(os.path.join(REPO, "settings.toml")) as f:
        lines = f.read().splitlines()
    for change in changes.strip().splitlines():
        key = change.split("=", 1)[0].strip()
        found = [n for n, line in enumerate(lines) if line.split("=", 1)[0].strip() == key]
        if found:
            lines[found[0]] = change
        else:
            lines.append(change)
    return "\n".join(lines) + "\n"


def generate(docs=os.path.join(REPO, "docs"), screens=SCREENS, scale=3, color="blue"):
    """Write docs/screens/NAME.png for every screen and docs/ui.md around them."""
    folder = os.path.join(docs, "screens")
    os.makedirs(folder, exist_ok=True)
    sections = []
    for entry in screens:
        name, script, caption = entry[:3]
        extras = entry[3] if len(entry) > 3 else {}
        settings = _settings(extras["settings"]) if "settings" in extras else None
        with VirtualPico(settings=settings) as pico:
            if "setup" in extras:
                extras["setup"](pico)
            pico.run_script(script)
            if pico.traceback:
                raise RuntimeError("the firmware stopped on screen %s:\n%s" % (name, pico.traceback))
            pico.png(os.path.join(folder, name + ".png"), scale=scale, color=color)
        keys = "`" + " ".join(script.split()) + "`" if script.strip() else "(none: just switched on)"
        sections.append("### %s\n\n![%s](screens/%s.png)\n\n%s\n\nKeys from power-on: %s\n"
                        % (name.replace("_", " ").capitalize(), name, name, caption, keys))
    animation(os.path.join(folder, "hand.gif"))
    # A screen taken off the list leaves no stale picture behind.
    made = set(entry[0] + ".png" for entry in screens) | {"hand.gif"}
    for name in os.listdir(folder):
        if name.endswith((".png", ".gif")) and name not in made:
            os.remove(os.path.join(folder, name))
    with open(os.path.join(docs, "ui.md"), "w") as f:
        f.write(HEADER + "\n".join(sections))
    return [entry[0] for entry in screens]


HEADER = """\
# The screens

Every picture below is the firmware's own output: `make screens` runs each key
script on the desktop simulator (the unmodified `code.py` on a virtual Pico, the
real `adafruit_ssd1306` driver, an SSD1306 model decoding what it sends) and
saves what the OLED shows. Do not edit this file: change `sim/screens.py` and
run `make screens`.

![A hand in three presses: North names trump, OK for the quick result, East's
soft key for a march; the banner, then the score screen](screens/hand.gif)

Keys: `N` `E` `S` `W` are the seat keys, `OK` the OK key; `:long` is a long
press (held past 0.6 s), `*3` three presses, `wait:3500` lets 3.5 s pass.
The simulator's own keys (arrows, Enter, letters) are in the README.

"""


def main(argv=None):
    names = generate()
    print("wrote docs/ui.md and %d pictures in docs/screens/" % len(names))
    return 0


if __name__ == "__main__":
    sys.exit(main())
