"""The firmware around the table: start-up (``start``), the loop (``loop``),
the display link (``glass``), what an error leads to (``recovery``), the
screen of a firmware stopped after errors (``stopped``) and the notice of a
stuck key (``stuck``).
``code.py`` runs ``recovery.main``; the running parts are one ``parts.Firmware``.
"""

import random


def say(message: str) -> None:
    """Every message goes to the serial console, whatever else shows it."""
    print("euchre: " + message)


def random_number() -> int:
    """The random first dealer (CircuitPython seeds ``random`` from the
    hardware). Here, not in ``start``: the table keeps it all evening."""
    return random.getrandbits(16)
