"""The passes of code.py's loop that handle a key event, marked for
callgrind (``bench_board.marker``): what each sent to the display and
whether a garbage collection ran in it. Loaded only for a session run with
``--mark``."""

import gc

from bench_board import _buses, _clock


def begins():
    """Just before the pass that handles a key event: the counters."""
    if _buses:
        _clock.sent = (_buses[-1].transactions, _buses[-1].data_bytes)
    _clock.heap = gc.mem_alloc()


def ended():
    """Just after that pass: a ``PASS transactions bytes collected`` line."""
    # The heap shrank during the pass: a garbage collection ran in it.
    collected = 1 if gc.mem_alloc() < _clock.heap else 0
    if _buses:
        bus = _buses[-1]
        print("PASS %d %d %d" % (bus.transactions - _clock.sent[0],
                                 bus.data_bytes - _clock.sent[1], collected))
    else:
        print("PASS 0 0 %d" % collected)
