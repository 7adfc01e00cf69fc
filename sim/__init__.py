"""The desktop simulator: a virtual Raspberry Pi Pico that runs the unmodified
firmware (code.py, hw/, ui/, euchre_core/) with the real Adafruit libraries.

``python -m sim`` opens it in the terminal; ``python -m sim --script ... --png
DIR`` runs a key script headless and writes pictures. Tests use
``VirtualPico`` (sim/runner.py).
"""

try:
    from sim.runner import FirmwareHang, VirtualPico, make_circuitpy
    from _vboard import HardReset, PowerCut, Reload
except ImportError:  # MicroPython: only sim/cp is usable there
    pass
