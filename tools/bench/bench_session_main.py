# Entry script for the MicroPython session: everything else is precompiled.
import sys

import bench_session

bench_session.main(sys.argv)
