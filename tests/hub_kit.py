"""A stand-in for a socket's writer, for tests that talk to a hub (or a
client of one) without a socket: it keeps every line written."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path


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


def hub_process(tmp_path: Path) -> tuple[Path, Callable[[], Awaitable[subprocess.Popen]]]:
    """A real `overtable hub` in its own process over `tmp_path` (its
    shared directory, socket and data directory there): the socket's path,
    and a coroutine function that starts it and returns once it answers.
    For tests that kill it (kill -9) and start it again on the same files."""
    directory, path = tmp_path / "shared", tmp_path / "run" / "hub.sock"
    argv = [sys.executable, "-c", "from tui.cli import main; raise SystemExit(main())",
            "--bot-delay", "0", "hub", "--socket", str(path), "--data-dir", str(directory)]
    env = {**os.environ, "OVERTABLE_DATA_DIR": str(tmp_path / "data")}

    async def start() -> subprocess.Popen:
        proc = subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        for _ in range(200):
            if path.exists():
                try:
                    _, w = await asyncio.open_unix_connection(str(path))
                    w.close()
                    return proc
                except OSError:
                    pass
            await asyncio.sleep(0.05)
        raise AssertionError(f"the hub did not start: {proc.stderr.read() if proc.poll() else ''}")

    return path, start
