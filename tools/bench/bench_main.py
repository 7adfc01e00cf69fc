# Entry script for the MicroPython runs: everything else is precompiled.
import sys

import bench_press

bench_press.main(sys.argv)
