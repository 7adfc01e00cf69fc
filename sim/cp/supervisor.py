"""``supervisor`` (virtual): ``ticks_ms()``, ``reload()``, ``runtime``,
``get_previous_traceback()``, and on CircuitPython 10 ``get_setting()``."""

import _vboard


def ticks_ms():
    return _vboard.current().ticks_ms()


def reload():
    _vboard.current()
    raise _vboard.Reload()


class _Reason:
    """A named constant that prints as CircuitPython prints it."""

    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return "supervisor.RunReason." + self.name


class RunReason:
    STARTUP = _Reason("STARTUP")
    AUTO_RELOAD = _Reason("AUTO_RELOAD")
    SUPERVISOR_RELOAD = _Reason("SUPERVISOR_RELOAD")
    REPL_RELOAD = _Reason("REPL_RELOAD")


class Runtime:
    @property
    def run_reason(self):
        return getattr(RunReason, _vboard.current().run_reason)

    @property
    def serial_connected(self):
        return True

    @property
    def usb_connected(self):
        return True

    @property
    def serial_bytes_available(self):
        return len(_vboard.current().serial_in)

    autoreload = True
    rgb_status_brightness = 255
    display = None


runtime = Runtime()


def get_previous_traceback():
    return _vboard.current().previous_traceback


def set_next_code_file(filename, *, working_directory=None, reload_on_success=False,
                       reload_on_error=False, sticky_on_success=False, sticky_on_error=False,
                       sticky_on_reload=False):
    # The runner uses the file name for the next run; the reload_on_* and
    # sticky_on_* choices are not simulated.
    _vboard.current().next_code_file = (filename,) if filename else None


def disable_autoreload():
    runtime.autoreload = False


def enable_autoreload():
    runtime.autoreload = True


def _get_setting(key, default=None):
    return _vboard.current().get_setting(key, default)


def _install_get_setting():
    # supervisor.get_setting arrived with CircuitPython 10.
    board = _vboard.machine
    if board is not None and board.flavour >= 10:
        globals()["get_setting"] = _get_setting


_install_get_setting()
