# Entry script for the MicroPython session: everything else is precompiled.
import sys

if sys.argv[1] == "--minimal":
    # The stand-in board runs it alone: bench_session drives the simulator.
    import bench_board

    bench_board.session(sys.argv)
else:
    import bench_session

    bench_session.main(sys.argv)
