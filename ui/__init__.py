"""The table UI: five keys in, a 128x64 frame out, with no hardware and no clock.

``table.Table`` is the scorekeeper as the players see it; the screens draw
into a plain ``bytearray`` in the SSD1306's page order (``screen``, ``font``);
``presses`` turns key changes into short and long presses. Runs unchanged on
CPython, MicroPython and CircuitPython, above the rules engine
(``euchre_core``) and below the hardware adapters (``hw``).
"""
