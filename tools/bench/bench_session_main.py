# Entry script for the MicroPython session: everything else is precompiled.
import sys

# Modules are found from the working directory, as on the board (sys.path
# starts with ""): each module's __file__ is then "euchre_core/ui.mpy", not a
# long absolute path interned for every module.
sys.path[0] = ""
sys.path.append("lib")  # the libraries, as on the board's drive (CircuitPython looks in /lib)

if sys.argv[1] == "--minimal":
    # The stand-in board runs it alone: bench_session drives the simulator.
    import bench_board

    bench_board.session(sys.argv)
else:
    import bench_session

    bench_session.main(sys.argv)
