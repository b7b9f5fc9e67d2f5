"""Turns at drawing, shared by the apps of one host.

A shared host runs one app per player, and each change of a match reaches
every app at its table at once. The change a player's own key caused is
what that player waits for; the others' copies of it are not. So an app
draws a change nobody at its terminal asked for only in its turn: it takes
one of a few file locks that every app of the host opens (beside the hub's
socket, in the directory only the host's user can open; the hub makes them
while it serves and takes them away when it stops), draws, and gives
the lock back once that frame is out. The answer to a key is drawn at once,
without a turn, so it never queues behind more than a few other screens'
redraws for the host's cores (docs/performance.md, "SSH load").

A turn is never waited for long: after `WAIT_SECONDS` the app draws anyway,
so a busy host shows others' moves late but always shows them. Where the
locks cannot be opened (a read-only directory, no hub), or are not the
host's user's own files (another user made them first in a shared folder
such as /tmp, and could hold them), every app draws at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import os
import threading
from pathlib import Path

from host.messages import DRAW_TURNS
from host.peer import own_file

#: how many apps may draw others' changes at a time: one for each core
#: the host's players' own answers do not need
TURNS = DRAW_TURNS
#: how long an app waits for a turn before it draws anyway
WAIT_SECONDS = 0.5
#: how long a turn is held at most: a frame is out in far less, but an app
#: whose terminal stopped reading never gets its frame out
HOLD_SECONDS = 1.0


class DrawTurns:
    """The host's drawing turns, as this app takes and gives them back.

    An app waiting for a turn does not poll: a thread of its own blocks on
    the lock and the kernel wakes it when the lock is given back (polling
    every 5 ms cost the waiting apps 5-7% of their CPU under load, and
    handed the turn over up to 5 ms late). With several turns, a waiting
    app blocks on the first one it does not hold."""

    def __init__(self, path: Path, turns: int = TURNS, *, create: bool = True) -> None:
        """`create`: make the locks missing at `path` (an app opens only the
        hub's: one it made was left there for good after it exited)."""
        self._path, self._turns, self._create = path, turns, create
        self._closed = False
        self._fds: list[int] = []
        self._open()
        #: the locks this app holds (a lock is per open file here, so the
        #: app itself must not take one twice)
        self._held: set[int] = set()
        #: locks a thread of this app is blocked on, and who gets each one
        #: when it comes (a waiter that gave up leaves None: given back)
        self._blocked: set[int] = set()
        self._claims: dict[int, asyncio.Future[int | None]] = {}
        self._taking = asyncio.Lock()
        #: a turn taken -> the timer that gives it back (`_arm`)
        self._timers: dict[int, threading.Timer] = {}

    def _open(self) -> None:
        flags = os.O_RDWR | os.O_CLOEXEC | os.O_NOFOLLOW | (os.O_CREAT if self._create else 0)
        for n in range(self._turns):
            try:
                fd = os.open(f"{self._path}.{n}", flags, 0o600)
            except OSError:
                break
            if not own_file(fd):  # another user's, made first: they could hold it
                os.close(fd)
                break
            self._fds.append(fd)

    def _refresh(self) -> None:
        """The hub's locks as they are now, while this app holds and waits
        for none: none opened yet (the app came before its hub), or taken
        away (the hub stopped: a new one makes its own)."""
        if self._held or self._blocked or self._create or self._closed:
            return
        try:
            if self._fds and all(os.fstat(fd).st_nlink for fd in self._fds):
                return
        except OSError:
            pass
        for fd in self._fds:
            with contextlib.suppress(OSError):
                os.close(fd)
        self._fds.clear()
        self._open()

    def _try(self) -> int | None:
        for fd in self._fds:
            if fd in self._held or fd in self._blocked:
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
        self._refresh()
        if not self._fds:
            return None
        wait = WAIT_SECONDS if wait is None else wait
        if wait <= 0:
            turn = self._try()
        else:
            try:
                turn = await asyncio.wait_for(self._take(), wait)
            except TimeoutError:
                turn = None
        if turn is not None:
            self._arm(turn)
        return turn

    def _arm(self, fd: int) -> None:
        """Give the turn back after `HOLD_SECONDS` whatever this app does:
        an app whose player stopped reading blocks on its terminal's writes,
        and held the turn until they left (every other screen of the host
        drew others' moves half a second late meanwhile)."""
        timer = threading.Timer(HOLD_SECONDS, self._expire, (fd,))
        timer.daemon = True
        self._timers[fd] = timer
        timer.start()

    def _expire(self, fd: int) -> None:
        """In the timer's thread: the lock only (the app's own record of the
        turn is its loop's; giving back a lock not held changes nothing)."""
        with contextlib.suppress(OSError):
            fcntl.flock(fd, fcntl.LOCK_UN)

    async def _take(self) -> int | None:
        async with self._taking:  # one waiting thread at a time per app
            turn = self._try()
            if turn is not None:
                return turn
            fd = next((fd for fd in self._fds if fd not in self._held), None)
            if fd is None:
                return None
            loop = asyncio.get_running_loop()
            claim: asyncio.Future[int | None] = loop.create_future()
            self._claims[fd] = claim
            if fd not in self._blocked:  # else the thread that waits on it still does
                self._blocked.add(fd)
                threading.Thread(target=self._block, args=(loop, fd), daemon=True,
                                 name="draw-turn").start()
            return await claim

    def _block(self, loop: asyncio.AbstractEventLoop, fd: int) -> None:
        """In a thread: wait for the lock, then tell the app's loop."""
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
            locked = True
        except OSError:
            locked = False
        with contextlib.suppress(RuntimeError):  # the loop has closed: the app is gone
            loop.call_soon_threadsafe(self._locked, fd, locked)

    def _locked(self, fd: int, locked: bool) -> None:
        self._blocked.discard(fd)
        claim = self._claims.pop(fd, None)
        if fd not in self._fds:
            return  # closed meanwhile (closing released the lock)
        if claim is not None and not claim.done():
            if locked:
                self._held.add(fd)
            claim.set_result(fd if locked else None)
        elif locked:  # the waiter gave up: the turn goes back at once
            with contextlib.suppress(OSError):
                fcntl.flock(fd, fcntl.LOCK_UN)

    def give_back(self, turn: int | None) -> None:
        timer = self._timers.pop(turn, None) if turn is not None else None
        if timer is not None:
            timer.cancel()
        if turn is not None and turn in self._held:
            self._held.discard(turn)
            with contextlib.suppress(OSError):
                fcntl.flock(turn, fcntl.LOCK_UN)

    def close(self) -> None:
        self._closed = True
        for timer in self._timers.values():
            timer.cancel()
        self._timers.clear()
        for fd in self._fds:
            with contextlib.suppress(OSError):
                os.close(fd)
        self._fds.clear()
        self._held.clear()
