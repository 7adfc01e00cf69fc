"""Table Euchre Scorekeeper: CircuitPython runs this file at power-up.

The firmware is the ``firmware`` package: ``start`` builds the parts and the
table, ``loop`` plays, ``recovery`` decides what an error leads to.
"""

from firmware.parts import Firmware
from firmware.recovery import main

firmware = Firmware()  # the running firmware: its table, store, display (for a debugger)
main(firmware)
