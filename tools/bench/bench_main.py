# Entry script for the MicroPython runs: everything else is precompiled.
import sys

sys.path.append("lib")  # the libraries, as on the board's drive (CircuitPython looks in /lib)

import bench_press  # noqa: E402

bench_press.main(sys.argv)
