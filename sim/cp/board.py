"""``board`` for the Raspberry Pi Pico (virtual): GP0..GP28, LED, A0..A3.

Like the real Pico's ``board`` it has no ``I2C()``, ``SPI()`` or ``UART()``:
the Pico has no default buses, so firmware builds ``busio.I2C`` from pins.
"""

from _vboard import PINS

board_id = "raspberry_pi_pico"

for _n in range(29):
    if _n not in (23, 24, 25):
        globals()["GP%d" % _n] = PINS[_n]
SMPS_MODE = PINS[23]
VBUS_SENSE = PINS[24]
LED = PINS[25]
A0 = PINS[26]
A1 = PINS[27]
A2 = PINS[28]
A3 = PINS[29]
VOLTAGE_MONITOR = PINS[29]
del _n
