"""Draw the wiring picture (docs/wiring.svg) from the pin defaults in hw/settings.py.

    python tools/wiring.py docs/wiring.svg

The picture, the pin table in the build guide and the settings.toml template
all come from ``hw.settings.DEFAULTS``, so moving a default pin there moves the
wire here. The Pico's header is drawn to scale in pin order (pin 1 top left,
USB at the top, pin 40 top right) so the builder can count pads.
"""

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from hw.settings import DEFAULTS, KEY_PINS  # noqa: E402

# Raspberry Pi Pico / Pico W / Pico 2 header, physical pin -> signal.
PICO_HEADER = {
    1: "GP0", 2: "GP1", 3: "GND", 4: "GP2", 5: "GP3", 6: "GP4", 7: "GP5", 8: "GND",
    9: "GP6", 10: "GP7", 11: "GP8", 12: "GP9", 13: "GND", 14: "GP10", 15: "GP11",
    16: "GP12", 17: "GP13", 18: "GND", 19: "GP14", 20: "GP15",
    21: "GP16", 22: "GP17", 23: "GND", 24: "GP18", 25: "GP19", 26: "GP20", 27: "GP21",
    28: "GND", 29: "GP22", 30: "RUN", 31: "GP26", 32: "GP27", 33: "GND", 34: "GP28",
    35: "ADC_VREF", 36: "3V3", 37: "3V3_EN", 38: "GND", 39: "VSYS", 40: "VBUS",
}
# CircuitPython's other names for header pins on the Pico's board module.
BOARD_ALIASES = {"A0": "GP26", "A1": "GP27", "A2": "GP28"}
# Pins that are on the board itself, not on the header.
ON_BOARD = {"LED": "the Pico's own LED (GP25)"}

SEATS = (("N", "North"), ("E", "East"), ("S", "South"), ("W", "West"), ("OK", "OK"))

COLOURS = {"3V3": "#d62728", "GND": "#222222", "SDA": "#1f77b4", "SCL": "#e6a700", "KEY": "#2ca02c",
           "RES": "#9467bd"}
# The OLED's RES wire, for the SSD1309 modules that need it pulsed: drawn
# dashed to this pin when EUCHRE_DISPLAY_RESET has no default (it is "").
RESET_SUGGESTED = "GP3"

# Geometry (px). Header pads are 24 px apart (2.54 mm on the board).
PITCH = 24
BOARD_X0, BOARD_X1, BOARD_Y0 = 430, 610, 100
FIRST_PAD_Y = 130
OLED_PINS_Y = 170
OLED_PIN_X = {"GND": 110, "VCC": 140, "SCL": 170, "SDA": 200, "RES": 230}
BUS_X = 255
BUTTON_X0, BUTTON_X1 = 300, 360
WIDTH, HEIGHT = 800, 760


def defaults():
    """{key: default} of DEFAULTS."""
    return dict((row[0], row[1]) for row in DEFAULTS)


def header_pin(name):
    """Physical header pin of a CircuitPython pin name on the Pico (ValueError if none)."""
    name = BOARD_ALIASES.get(name.upper(), name.upper())
    for number, signal in PICO_HEADER.items():
        if signal == name:
            return number
    raise ValueError("%s is not a pin on the Pico's header" % name)


def pad_xy(number):
    """Centre of a header pad: pins 1..20 down the left side, 40..21 down the right."""
    if number <= 20:
        return BOARD_X0, FIRST_PAD_Y + (number - 1) * PITCH
    return BOARD_X1, FIRST_PAD_Y + (40 - number) * PITCH


def nearest_gnd(number, side_only=True):
    """The GND pad closest to a pad, on the same side of the board."""
    best = None
    for candidate, signal in PICO_HEADER.items():
        if signal != "GND" or (side_only and (candidate <= 20) != (number <= 20)):
            continue
        distance = abs(pad_xy(candidate)[1] - pad_xy(number)[1])
        if best is None or distance < best[0]:
            best = (distance, candidate)
    return best[1]


def connections():
    """The wires of the default build: (part, part pin, Pico pin number, signal, colour)."""
    pins = defaults()
    wires = [
        ("OLED", "SDA", header_pin(pins["EUCHRE_SDA"]), pins["EUCHRE_SDA"], COLOURS["SDA"]),
        ("OLED", "SCL", header_pin(pins["EUCHRE_SCL"]), pins["EUCHRE_SCL"], COLOURS["SCL"]),
        ("OLED", "VCC", header_pin("3V3"), "3V3", COLOURS["3V3"]),
        ("OLED", "GND", nearest_gnd(header_pin("3V3")), "GND", COLOURS["GND"]),
        ("OLED", "RES", header_pin(reset_pin()), reset_pin(), COLOURS["RES"]),
    ]
    for key, (short, _seat) in zip(KEY_PINS, SEATS):
        wires.append(("KEY_" + short, "1", header_pin(pins[key]), pins[key], COLOURS["KEY"]))
    key_pads = [header_pin(pins[key]) for key in KEY_PINS]
    middle = sorted(key_pads)[len(key_pads) // 2]
    wires.append(("KEYS", "2", nearest_gnd(middle), "GND", COLOURS["GND"]))
    return wires


def reset_pin():
    """The pin the RES wire goes to: EUCHRE_DISPLAY_RESET's default, else the suggested one."""
    return defaults()["EUCHRE_DISPLAY_RESET"] or RESET_SUGGESTED


def _esc(text):
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _text(x, y, text, size=12, anchor="start", colour="#222", weight="normal"):
    return ('<text x="%d" y="%d" font-size="%d" text-anchor="%s" fill="%s" font-weight="%s">%s</text>'
            % (x, y, size, anchor, colour, weight, _esc(text)))


def _wire(points, colour, label="", dashed=False):
    path = " ".join("%d,%d" % point for point in points)
    title = "<title>%s</title>" % _esc(label) if label else ""
    dash = ' stroke-dasharray="8,6"' if dashed else ""
    return ('<polyline points="%s" fill="none" stroke="%s" stroke-width="3"%s '
            'stroke-linejoin="round" stroke-linecap="round">%s</polyline>' % (path, colour, dash, title))


def render():
    """The SVG text."""
    pins = defaults()
    wires = connections()
    used = dict((wire[2], wire[4]) for wire in wires)
    out = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" '
           'font-family="DejaVu Sans, Arial, Helvetica, sans-serif">' % (WIDTH, HEIGHT, WIDTH, HEIGHT),
           '<title>Table Euchre Scorekeeper: wiring of the default build</title>',
           '<rect width="100%" height="100%" fill="#ffffff"/>',
           _text(20, 32, "Table Euchre Scorekeeper: wiring (settings.toml defaults)", 18, weight="bold")]

    # The Pico, USB at the top, pads numbered as on the board.
    board_y1 = FIRST_PAD_Y + 19 * PITCH + 30
    out.append('<rect x="%d" y="%d" width="%d" height="%d" rx="8" fill="#1e7a3a" stroke="#0d4d22" '
               'stroke-width="2"/>' % (BOARD_X0 - 14, BOARD_Y0, BOARD_X1 - BOARD_X0 + 28, board_y1 - BOARD_Y0))
    middle_x = (BOARD_X0 + BOARD_X1) // 2
    out.append('<rect x="%d" y="%d" width="44" height="22" rx="3" fill="#b8b8b8" stroke="#666"/>'
               % (middle_x - 22, BOARD_Y0 - 14))
    out.append(_text(middle_x, BOARD_Y0 + 24, "USB", 10, "middle", "#ffffff"))
    out.append(_text(middle_x, (BOARD_Y0 + board_y1) // 2 - 8, "Raspberry Pi", 13, "middle", "#ffffff", "bold"))
    out.append(_text(middle_x, (BOARD_Y0 + board_y1) // 2 + 10, "Pico", 13, "middle", "#ffffff", "bold"))
    out.append(_text(middle_x, (BOARD_Y0 + board_y1) // 2 + 28, "(top view)", 10, "middle", "#d8f0dc"))
    # The OLED module, its four header pins on the lower edge.
    out.append('<rect x="60" y="56" width="200" height="%d" rx="6" fill="#14324f" stroke="#0a1a2a" '
               'stroke-width="2"/>' % (OLED_PINS_Y - 56 + 6))
    out.append('<rect x="74" y="66" width="172" height="68" fill="#000000" stroke="#3a5a7a"/>')
    out.append(_text(160, 90, "SSD1306, SH1106", 13, "middle", "#7fd3ff", "bold"))
    out.append(_text(160, 106, "or SSD1309 OLED", 13, "middle", "#7fd3ff", "bold"))
    address = "0x%02X" % pins["EUCHRE_I2C_ADDRESS"]
    out.append(_text(160, 124, "128x64, I2C " + address, 11, "middle", "#7fd3ff"))
    for name, x in OLED_PIN_X.items():
        out.append('<rect x="%d" y="%d" width="12" height="12" fill="#d4af37" stroke="#665"/>'
                   % (x - 6, OLED_PINS_Y - 6))
        out.append(_text(x, OLED_PINS_Y - 12, name, 9, "middle", "#ffffff"))
    out.append(_text(160, 48, "match the labels printed on your module", 10, "middle", "#666"))

    lowest = FIRST_PAD_Y + 19 * PITCH + 60
    for part, part_pin, number, signal, colour in wires:
        x, y = pad_xy(number)
        label = "%s %s to Pico pin %d (%s)" % (part, part_pin, number, signal)
        if part == "OLED" and number <= 20:
            ox = OLED_PIN_X[part_pin]
            out.append(_wire([(ox, OLED_PINS_Y), (ox, y), (x, y)], colour, label,
                             dashed=part_pin == "RES"))
        elif part == "OLED":
            # Power and ground run under the board to the right-hand header.
            ox = OLED_PIN_X[part_pin]
            drop = lowest + (20 if part_pin == "GND" else 0)
            side = BOARD_X1 + 40 + (20 if part_pin == "GND" else 0)
            out.append(_wire([(ox, OLED_PINS_Y), (ox, drop), (side, drop), (side, y), (x, y)], colour, label))

    # Seat keys and OK: a push button from each key pin to a common ground bus.
    key_ys = []
    for key, (short, seat) in zip(KEY_PINS, SEATS):
        number = header_pin(pins[key])
        x, y = pad_xy(number)
        key_ys.append(y)
        out.append(_wire([(BUTTON_X1, y), (x, y)], COLOURS["KEY"], "key %s to pin %d (%s)" % (short, number, pins[key])))
        out.append(_wire([(BUS_X, y), (BUTTON_X0, y)], COLOURS["GND"]))
        out.append('<circle cx="%d" cy="%d" r="3" fill="#222"/>' % (BUS_X, y))
        # Button symbol: two contacts and a bridging plunger above them.
        out.append('<circle cx="%d" cy="%d" r="4" fill="#fff" stroke="#222" stroke-width="2"/>' % (BUTTON_X0 + 4, y))
        out.append('<circle cx="%d" cy="%d" r="4" fill="#fff" stroke="#222" stroke-width="2"/>' % (BUTTON_X1 - 4, y))
        out.append('<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#222" stroke-width="2"/>'
                   % (BUTTON_X0 + 2, y - 9, BUTTON_X1 - 2, y - 9))
        out.append('<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#222" stroke-width="2"/>'
                   % ((BUTTON_X0 + BUTTON_X1) // 2, y - 9, (BUTTON_X0 + BUTTON_X1) // 2, y - 15))
        title = "OK key" if short == "OK" else "%s seat key" % seat
        out.append(_text(BUS_X - 10, y + 4, title, 11, "end", "#222", "bold" if short == "OK" else "normal"))
    gnd_number = [wire for wire in wires if wire[0] == "KEYS"][0][2]
    gx, gy = pad_xy(gnd_number)
    top, bottom = min(key_ys + [gy]), max(key_ys + [gy])
    out.append(_wire([(BUS_X, top), (BUS_X, bottom)], COLOURS["GND"]))
    out.append(_wire([(BUS_X, gy), (gx, gy)], COLOURS["GND"], "keys' ground to pin %d (GND)" % gnd_number))
    out.append('<circle cx="%d" cy="%d" r="3" fill="#222"/>' % (BUS_X, gy))
    out.append(_text(BUS_X - 10, top - 34, "buttons to GND", 10, "end", "#666"))
    out.append(_text(BUS_X - 10, top - 22, "(internal pull-ups)", 10, "end", "#666"))

    # Pads last, so wires end under them.
    for number, signal in sorted(PICO_HEADER.items()):
        x, y = pad_xy(number)
        fill = used.get(number, "#c9b458" if signal != "GND" else "#777777")
        out.append('<circle cx="%d" cy="%d" r="8" fill="%s" stroke="#f4e9b0" stroke-width="2">'
                   '<title>pin %d: %s</title></circle>' % (x, y, fill, number, signal))
        out.append(_text(x, y + 3, str(number), 8, "middle", "#ffffff" if number in used or signal == "GND" else "#222"))
        inside = x + 14 if number <= 20 else x - 14
        out.append(_text(inside, y + 4, signal, 10, "start" if number <= 20 else "end",
                         "#ffffff" if number in used else "#cfe8d4",
                         "bold" if number in used else "normal"))

    # Legend and notes.
    y = HEIGHT - 66
    x = 20
    for name, label in (("3V3", "3V3"), ("GND", "GND"), ("SDA", "SDA " + pins["EUCHRE_SDA"]),
                        ("SCL", "SCL " + pins["EUCHRE_SCL"]), ("KEY", "keys"),
                        ("RES", "RES " + reset_pin())):
        out.append('<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="%s" stroke-width="4"%s/>'
                   % (x, y, x + 24, y, COLOURS[name],
                      ' stroke-dasharray="8,6"' if name == "RES" else ""))
        out.append(_text(x + 30, y + 4, label, 11))
        x += 110
    led = pins["EUCHRE_LED"]
    notes = []
    if not pins["EUCHRE_DISPLAY_RESET"]:
        notes.append('Dashed: RES, only for a 2.42-inch SSD1309 that needs it; then '
                     'EUCHRE_DISPLAY_RESET = "%s".' % RESET_SUGGESTED)
    if led:
        notes.append("Status LED: %s, nothing to wire." % ON_BOARD.get(led, led))
    if not pins["EUCHRE_BUZZER"]:
        notes.append("Optional piezo buzzer: + to a free GP pin named in EUCHRE_BUZZER, - to GND.")
    for index, note in enumerate(notes):
        out.append(_text(20, y + 24 + index * 16, note, 11, colour="#444"))
    out.append("</svg>")
    return "\n".join(out) + "\n"


TABLE_START = "<!-- pin-table: written by tools/wiring.py from hw/settings.py -->"
TABLE_END = "<!-- end pin-table -->"


def pin_table():
    """The pin table (Markdown) of the default build, from the same wires as the picture."""
    pins = defaults()
    rows = ["| Part | Its pin | Pico pin | CircuitPython name | settings.toml key |",
            "|---|---|---|---|---|"]
    keys_of = {"SDA": "EUCHRE_SDA", "SCL": "EUCHRE_SCL"}
    for part, part_pin, number, signal, _colour in connections():
        if part == "OLED" and part_pin == "RES":
            rows.append("| OLED, SSD1309 only (if it has RES) | RES | %d | %s | EUCHRE_DISPLAY_RESET |"
                        % (number, signal))
        elif part == "OLED":
            rows.append("| OLED | %s | %d | %s | %s |" % (
                part_pin, number, signal, keys_of.get(part_pin, "(power)")))
    for key, (short, seat) in zip(KEY_PINS, SEATS):
        title = "OK key" if short == "OK" else "%s seat key" % seat
        rows.append("| %s | one leg | %d | %s | %s |" % (title, header_pin(pins[key]), pins[key], key))
    gnd = [wire for wire in connections() if wire[0] == "KEYS"][0][2]
    rows.append("| all five keys | other leg | %d | GND | (ground) |" % gnd)
    if pins["EUCHRE_LED"]:
        rows.append("| status LED | on the board | - | %s | EUCHRE_LED |" % pins["EUCHRE_LED"])
    rows.append("| piezo buzzer (optional) | + (- to GND) | any free GP pin | %s | EUCHRE_BUZZER |"
                % (pins["EUCHRE_BUZZER"] or "none by default"))
    return "\n".join(rows) + "\n"


def update_guide(path):
    """Replace the pin table between the markers of a Markdown file; True if it changed."""
    with open(path, encoding="utf-8") as handle:
        text = handle.read()
    start = text.index(TABLE_START) + len(TABLE_START)
    end = text.index(TABLE_END)
    new = text[:start] + "\n" + pin_table() + text[end:]
    if new != text:
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(new)
    return new != text


def main(argv=None):
    import argparse

    parser = argparse.ArgumentParser(description="Write the wiring picture and pin table.")
    parser.add_argument("svg", nargs="?", default=os.path.join(ROOT, "docs", "wiring.svg"))
    parser.add_argument("--guide", help="a Markdown file whose pin table to rewrite")
    args = parser.parse_args(argv)
    folder = os.path.dirname(os.path.abspath(args.svg))
    os.makedirs(folder, exist_ok=True)
    with open(args.svg, "w", encoding="utf-8") as handle:
        handle.write(render())
    print("wrote " + args.svg)
    if args.guide:
        print(("updated " if update_guide(args.guide) else "unchanged ") + args.guide)
    return 0


if __name__ == "__main__":
    sys.exit(main())
