"""The hooks of a measured session on ``bench_board``, loaded only for one:
the passes of code.py's loop that handle a key event, marked for callgrind
(``--mark``: what each sent to the display and whether a garbage
collection ran in it), the stages of the start-up (``--startup``), and the
live heap sampled as the session goes."""

import gc

from bench_board import SessionEnd, _buses, _clock

_ONE = (0,)


def _nothing(_):
    return False


def marker():
    """A call of the C function ``filter_iternext`` and nothing else: with
    ``valgrind --tool=callgrind --dump-before=filter_iternext`` every call
    starts a new dump, so the loop pass that handles a key event (from the
    poll that returns the event to the next poll) gets a dump of its own.
    The firmware itself never calls ``filter``."""
    for _ in filter(_nothing, _ONE):
        pass


def begins():
    """Just before the pass that handles a key event: a ``BEGIN`` line, the
    counters, then the mark."""
    print("BEGIN")
    if _buses:
        _clock.sent = (_buses[-1].transactions, _buses[-1].data_bytes)
    _clock.heap = gc.mem_alloc()
    marker()


def sent():
    """In that pass, when the display lets the bus go (its bytes are on the
    wire): a ``SENT`` line, then the mark. The pass's work up to its last
    such mark is what stands before the last byte reaches the glass."""
    print("SENT")
    marker()


def ended():
    """Just after that pass: the mark, then a ``PASS transactions bytes
    collected`` line."""
    marker()
    # The heap shrank during the pass: a garbage collection ran in it.
    collected = 1 if gc.mem_alloc() < _clock.heap else 0
    if _buses:
        bus = _buses[-1]
        print("PASS %d %d %d" % (bus.transactions - _clock.sent[0],
                                 bus.data_bytes - _clock.sent[1], collected))
    else:
        print("PASS 0 0 %d" % collected)


def sample_heap():
    """``on_poll`` for the session: the live heap every ``_clock.sample`` polls."""
    _clock.polls += 1
    if _clock.started < 0 or _clock.polls % _clock.sample == 0:
        gc.collect()
        used = gc.mem_alloc()
        if _clock.started < 0:
            _clock.started = used
        if used > _clock.peak:
            _clock.peak = used


_polls = [0]


def stage(label):
    """``--startup``: a ``STAGE label transactions bytes`` line (what was sent
    to the display before it), then the mark. The start-up ends at the
    second key poll: the first pass of code.py's loop, which drew the first
    screen, is then over."""
    if _buses:
        bus = _buses[-1]
        print("STAGE %s %d %d" % (label.replace(" ", "_"), bus.transactions, bus.data_bytes))
    else:
        print("STAGE %s 0 0" % label.replace(" ", "_"))
    marker()
    if label == "key poll":
        _polls[0] += 1
        if _polls[0] == 2:
            _clock.stage = None
            raise SessionEnd()
