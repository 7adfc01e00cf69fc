"""hw/storage.py and hw/settings.py under the MicroPython unix port, as on the
board: nvm as a plain bytearray, settings from a dict and from a file. Prints
"ok" at the end.
Run from the repository root: micropython -X heapsize=256k tests/fw_mp_check.py
"""

import os
import sys

sys.path.insert(0, ".")

from euchre_core import Game, Rules  # noqa: E402
from euchre_core.game_forms import Previous  # noqa: E402
from hw import settings as hs  # noqa: E402
from hw.saved import load  # noqa: E402
from hw.storage import Storage  # noqa: E402


class Table:
    def __init__(self):
        self.game = Game(Rules(), dealer=2)
        self.game_serial = 0
        self.prefs_serial = 0
        self.previous = None

    def prefs_bytes(self):
        return b"\x50\x01"


nvm = bytearray(b"\xff" * 4096)
store = Storage(nvm)
assert load(store) is None
table = Table()
store.adopt(table)
store.sync(table)
table.game.call(0)
store.sync(table)
table.game.trick(0)
store.sync(table)
table.game.undo()
store.sync(table, True)
table.game.trick(2)
store.sync(table)
saved = load(Storage(nvm))
assert saved.codes == table.game.codes and saved.dealer == 2 and saved.rules is None
assert saved.prefs == b"\x50\x01"
old = table.game
table.previous = Previous(old.rules, old.start_dealer, old.codes, 1, 0, old.ended())
table.game = Game(Rules(), dealer=1)
table.game_serial += 1
store.sync(table)
saved = load(Storage(nvm))
assert saved.codes == b"" and saved.previous.codes == old.codes
assert (saved.previous.dealer, saved.previous.tally_ns, saved.previous.tally_ew) == (2, 1, 0)
store.mark_crash()
assert Storage(nvm).crash_streak() == 1
nvm[0] = 0
damaged = Storage(nvm)
assert load(damaged) is None
assert "not recognised" in damaged.messages[0]

values = {"EUCHRE_I2C_ADDRESS": "0x3d", "EUCHRE_TARGET": "x", "EUCHRE_WIN_BY_TWO": 1,
          "EUCHRE_ROTATION": 180, "EUCHRE_NAME_N": "Anna"}
settings = hs.Settings(values.get)
assert settings["EUCHRE_I2C_ADDRESS"] == 0x3D
assert settings["EUCHRE_WIN_BY_TWO"] is True
assert settings["EUCHRE_ROTATION"] == 180
assert settings.names()[0] == "Anna"
assert settings.errors == ["EUCHRE_TARGET: 'x' is not a number; using 10"]

# The drive's settings.toml, read line by line from a file as on the board.
try:
    os.mkdir("build")
except OSError:  # there already
    pass
with open("build/mp_settings.toml", "wb") as f:
    f.write(b'# a comment\r\nEUCHRE_NAME_N = "A\\u007cB" # too\r\n  EUCHRE_TARGET = 11 # bare\r\n'
            b'EUCHRE_NAME_E = "Bo\r\nEUCHRE_TARGET = 12\r\n[later]\r\nEUCHRE_NAME_S = "Cy"\r\n')
settings = hs.Settings(hs.read_file("build/mp_settings.toml"))
assert settings["EUCHRE_TARGET"] == 11 and settings["EUCHRE_NAME_S"] == "South"
assert settings.errors == ["EUCHRE_NAME_N: 'A|B' has a bar, a letter the screen cannot show; using \"North\"",
                           "EUCHRE_NAME_E: cannot read it (no closing quote); using \"East\""], settings.errors
assert hs.Settings(hs.read_file("build/no-such-settings.toml")).errors == []
print("ok")
