"""Key presses measured one by one, on the naive path and on the firmware's path.

Run by ``bench.py`` under the MicroPython unix port::

    micropython -X heapsize=4m bench_press.py SCENARIO [REPEAT]

A scenario is a list of steps ``(measured, label, function)``. Every
measured step runs inside ``filter(step, ONE)``: the benchmark runs valgrind
with ``--toggle-collect=filter_iternext``, so callgrind counts exactly the
instructions of the measured presses and nothing of start-up, set-up or the
steps between them (the firmware itself never calls ``filter``). The same
run prints, per measured step, the microseconds it took (a second figure,
noisy), the I2C transactions and bytes it sent and the heap it allocated.
``gc.collect()`` runs before each measured step so a collection never lands
inside one by chance.

Output: one ``STEP label us transactions bytes allocated`` line per
measured step, then ``DONE``.
"""

import gc
import sys
import time

import bench_framebuf

_ONE = (0,)


class Rig:
    """The real SSD1306 driver (on adafruit_framebuf) on a counting I2C bus."""

    def __init__(self, bus=None):
        driver = bench_framebuf.install()
        self.bus = bus if bus is not None else Rig.bus_only()
        self.display = driver.SSD1306_I2C(128, 64, self.bus, addr=0x3C)

    model = False  # True: the simulator's I2C wire and SSD1306 model instead

    @staticmethod
    def bus_only():
        bench_framebuf.install()
        if Rig.model:
            return model_bus()
        import bench_bus
        return bench_bus.CountingI2C()


def model_bus():
    """``busio.I2C`` of the simulator's virtual Pico, with its SSD1306 model at 0x3C.

    Its ``transactions`` and ``data_bytes`` read the wire's own counters."""
    sys.path.insert(0, "simcp")
    import _vboard
    machine = _vboard.Machine("circuitpy", nvm_path=None)
    _vboard.install(machine)
    import board
    import busio

    class ModelI2C(busio.I2C):
        @property
        def transactions(self):
            return machine.bus.transactions

        @property
        def data_bytes(self):
            return machine.bus.bytes

    bus = ModelI2C(board.GP5, board.GP4, frequency=400000)
    bus.machine = machine
    return bus


def run(steps, bus, out=print):
    result = []
    for measured, label, step in steps:
        if not measured:
            step(0)
            continue
        gc.collect()
        before_alloc = gc.mem_alloc()
        before_tx = bus.transactions
        before_bytes = bus.data_bytes
        start = time.ticks_us()
        for _ in filter(step, _ONE):
            pass
        took = time.ticks_diff(time.ticks_us(), start)
        allocated = gc.mem_alloc() - before_alloc
        line = (label, took, bus.transactions - before_tx, bus.data_bytes - before_bytes,
                allocated)
        result.append(line)
        out("STEP %s %d %d %d %d" % line)
    return result


def main(argv):
    # Before anything imports adafruit_ssd1306 (hw.display does).
    bench_framebuf.install()
    import bench_scenarios
    name = argv[1]
    repeat = int(argv[2]) if len(argv) > 2 else 1
    Rig.model = len(argv) > 3 and argv[3] == "model"
    steps, bus = bench_scenarios.build(name, repeat)
    run(steps, bus)
    print("DONE")


if __name__ == "__main__":
    main(sys.argv)
