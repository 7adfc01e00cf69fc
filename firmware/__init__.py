"""The firmware around the table: start-up (``start``), the loop (``loop``),
the display link (``glass``) and what an error leads to (``recovery``).
``code.py`` runs ``recovery.main``; the running parts are one ``parts.Firmware``.
"""


def say(message: str) -> None:
    """Every message goes to the serial console, whatever else shows it."""
    print("euchre: " + message)
