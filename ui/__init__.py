"""The table UI: five keys in, a 128x64 frame out, with no hardware and no clock.

``table.Table`` is the scorekeeper as the players see it, and
``registry.SCREENS`` names its screens, a module each with ``press`` and
``draw``; they draw into a plain ``bytearray`` in the SSD1306's page order
(``screen``, ``font``). ``keys`` numbers the five keys, ``names`` limits the
names, ``ticks`` is the wrap-safe arithmetic of the board's millisecond
counter, ``presses`` turns key changes into short and long presses. Runs
unchanged on CPython, MicroPython and CircuitPython, above the rules engine
(``euchre_core``) and below the hardware adapters (``hw``).
"""
