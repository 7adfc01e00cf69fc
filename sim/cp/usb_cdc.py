"""``usb_cdc`` (virtual): ``console`` and ``data`` serial channels.

``data`` exists when boot.py called ``enable(data=True)``; what the firmware
writes to it is kept on the virtual board (``data_out``)."""

import _vboard


class Serial:
    def __init__(self, outbox):
        self._outbox = outbox
        self.timeout = None
        self.write_timeout = None

    def write(self, buf):
        board = _vboard.current()
        getattr(board, self._outbox).append(bytes(buf).decode("utf-8", "replace")
                                            if self._outbox == "serial_out"
                                            else bytes(buf))
        return len(buf)

    @property
    def connected(self):
        return True

    @property
    def in_waiting(self):
        return len(_vboard.current().serial_in) if self._outbox == "serial_out" else 0

    def read(self, size=1):
        board = _vboard.current()
        if self._outbox != "serial_out":
            return b""
        data = bytes(board.serial_in[:size])
        del board.serial_in[:size]
        return data

    def reset_input_buffer(self):
        pass

    def reset_output_buffer(self):
        pass

    def flush(self):
        pass


def _channels():
    board = _vboard.machine
    drive = board.drive if board is not None else {"console": True, "data": False}
    return (Serial("serial_out") if drive["console"] else None,
            Serial("data_out") if drive["data"] else None)


console, data = _channels()


def enable(*, console=True, data=False):
    board = _vboard.current()
    if not board.in_boot:
        raise RuntimeError("Cannot change USB devices now")
    board.drive["console"] = console
    board.drive["data"] = data


def disable():
    enable(console=False, data=False)
