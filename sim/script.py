"""Key scripts: a whole session at the table as one line of text.

    N E S W OK       short presses of a seat key or OK
    N:long OK:long   long presses (held 800 ms)
    N:1500           N held for 1500 ms
    S*3  OK:long*2   repeated
    wait:2000        2 s pass with no key touched
    down:N  up:N     press or release only (time does not pass)
    png:NAME         take a picture called NAME (see ``on_picture``)
    cut  boot        cut the power; power on again
    reset            the reset button
    unplug  plug     pull the display's plug (its pull-ups go too); plug it in
    # ...            a comment, to the end of the line

Words are case-insensitive. A bad word raises ValueError naming it, before
anything runs.
"""

KEYS = ("N", "E", "S", "W", "OK")


def parse(script):
    """The script as a list of (verb, argument) steps."""
    steps = []
    for line in script.splitlines():
        line = line.split("#", 1)[0]
        for word in line.split():
            steps.extend(_word(word))
    return steps


def _word(word):
    count = 1
    body = word
    if "*" in word:
        body, _, times = word.rpartition("*")
        if not times.isdigit() or int(times) < 1:
            raise ValueError("bad repeat in script word %r" % word)
        count = int(times)
    name, _, arg = body.partition(":")
    upper = name.upper()
    if upper in KEYS:
        if not arg:
            step = ("press", upper, None)
        elif arg.lower() == "long":
            step = ("long", upper, None)
        elif arg.isdigit():
            step = ("hold", upper, int(arg))
        else:
            raise ValueError("bad press in script word %r" % word)
    elif upper == "WAIT" and arg.isdigit():
        step = ("wait", None, int(arg))
    elif upper in ("DOWN", "UP") and arg.upper() in KEYS:
        step = (upper.lower(), arg.upper(), None)
    elif upper == "PNG" and arg:
        step = ("png", arg, None)
    elif upper in ("CUT", "BOOT", "RESET", "UNPLUG", "PLUG") and not arg:
        step = (upper.lower(), None, None)
    else:
        raise ValueError("unknown script word %r" % word)
    return [step] * count


def run(pico, script, on_picture=None):
    """Play ``script`` on a VirtualPico. ``on_picture(name)`` is called for png:NAME."""
    for verb, key, ms in parse(script):
        if verb == "press":
            pico.press(key)
        elif verb == "long":
            pico.long_press(key)
        elif verb == "hold":
            pico.hold(key, ms)
        elif verb == "wait":
            pico.advance(ms)
        elif verb == "down":
            pico.down(key)
        elif verb == "up":
            pico.up(key)
        elif verb == "png":
            if on_picture is not None:
                on_picture(key)
        elif verb == "cut":
            pico.power_cut()
        elif verb == "boot":
            pico.boot()
        elif verb == "reset":
            pico.reset()
        elif verb == "unplug":
            pico.unplug_display()
        elif verb == "plug":
            pico.plug_display()
