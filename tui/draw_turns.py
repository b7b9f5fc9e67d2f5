"""Turns at drawing, shared by the apps of one host.

A shared host runs one app per player, and each change of a match reaches
every app at its table at once. The change a player's own key caused is
what that player waits for; the others' copies of it are not. So an app
draws a change nobody at its terminal asked for only in its turn: it takes
one of a few file locks that every app of the host opens (beside the hub's
socket, in the directory only the host's user can open), draws, and gives
the lock back once that frame is out. The answer to a key is drawn at once,
without a turn, so it never queues behind more than a few other screens'
redraws for the host's cores (docs/performance.md, "SSH load").

A turn is never waited for long: after `WAIT_SECONDS` the app draws anyway,
so a busy host shows others' moves late but always shows them. Where the
locks cannot be opened (a read-only directory), every app draws at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import os
import time
from pathlib import Path

#: how many apps may draw others' changes at a time: one for each core
#: the host's players' own answers do not need
TURNS = 1
#: how long an app waits for a turn before it draws anyway
WAIT_SECONDS = 0.5
#: how often a waiting app tries the locks again
POLL_SECONDS = 0.005


class DrawTurns:
    """The host's drawing turns, as this app takes and gives them back."""

    def __init__(self, path: Path, turns: int = TURNS) -> None:
        self._fds: list[int] = []
        for n in range(turns):
            try:
                fd = os.open(f"{path}.{n}", os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
            except OSError:
                break
            self._fds.append(fd)
        #: the locks this app holds (a lock is per open file here, so the
        #: app itself must not take one twice)
        self._held: set[int] = set()

    def _try(self) -> int | None:
        for fd in self._fds:
            if fd in self._held:
                continue
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                continue
            self._held.add(fd)
            return fd
        return None

    async def take(self, wait: float | None = None) -> int | None:
        """A turn (to give back), or None when none came within `wait`
        seconds (`WAIT_SECONDS`) or there are no locks: draw anyway."""
        if not self._fds:
            return None
        end = time.monotonic() + (WAIT_SECONDS if wait is None else wait)
        while (turn := self._try()) is None:
            if time.monotonic() >= end:
                return None
            await asyncio.sleep(POLL_SECONDS)
        return turn

    def give_back(self, turn: int | None) -> None:
        if turn is not None and turn in self._held:
            self._held.discard(turn)
            with contextlib.suppress(OSError):
                fcntl.flock(turn, fcntl.LOCK_UN)

    def close(self) -> None:
        for fd in self._fds:
            with contextlib.suppress(OSError):
                os.close(fd)
        self._fds.clear()
        self._held.clear()
