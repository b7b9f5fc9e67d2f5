"""A stand-in for a socket's writer, for tests that talk to a hub (or a
client of one) without a socket: it keeps every line written."""

from __future__ import annotations


class RecordingWriter:
    """What a `host.hub.Client` or `tui.remote.RemoteTable` writes to."""

    transport = None

    def __init__(self) -> None:
        self.lines: list[bytes] = []

    def write(self, data: bytes) -> None:
        self.lines.append(data)

    def is_closing(self) -> bool:
        return False

    def close(self) -> None:
        pass
