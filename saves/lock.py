"""One player process per journal: an exclusive lock held while a match is open.

A `Match` takes the lock when it is created or loaded and keeps it until
`Match.close()` (or until it is garbage collected, or the process ends: the
lock is an `flock` on an open file descriptor, which the operating system
releases with the descriptor). A second open of the same journal, in this
process or another, finds it locked and is refused; so is deleting it.

Where `fcntl` does not exist (Windows) the lock holds the file open but
excludes nothing. A child process forked without exec would share the lock:
start worker processes with "spawn" or "forkserver" (descriptors are
opened close-on-exec).
"""

from __future__ import annotations

import errno
import gc
import os
import stat
import time
import weakref
from pathlib import Path

try:
    import fcntl
except ImportError:  # pragma: no cover - not on POSIX
    fcntl = None  # type: ignore[assignment]

_CLOEXEC = getattr(os, "O_CLOEXEC", 0)

#: every lock this process holds, so that a conflict with one of our own
#: can tell a match still open from one that is garbage not yet collected
_LIVE: weakref.WeakSet[JournalLock] = weakref.WeakSet()


def open_regular(path: Path) -> int:
    """A descriptor open for reading on `path`, which must be a regular file
    (after symlinks): OSError otherwise. A pipe named like a journal would
    block the open or the read for ever, and a device such as /dev/zero
    would never end; the open never waits (O_NONBLOCK, which changes nothing
    for a regular file)."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | _CLOEXEC)
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            code = errno.EISDIR if stat.S_ISDIR(mode) else errno.EINVAL
            reason = os.strerror(code) if stat.S_ISDIR(mode) else "not a regular file"
            raise OSError(code, reason, str(path))
    except BaseException:
        os.close(fd)
        raise
    return fd


class MatchInUse(Exception):
    """The journal is open: a match in play holds its lock."""

    def __init__(self, path: Path, message: str | None = None) -> None:
        self.path = Path(path)
        super().__init__(
            message
            or f"{self.path}: this match is already being played (it is open in an "
            "Overtable window or terminal). Leave it there first."
        )


class JournalLock:
    """An exclusive, non-blocking lock on one journal file."""

    def __init__(self, path: Path, fd: int) -> None:
        self.path = Path(path)
        self._fd = fd
        stat = os.fstat(fd)
        self._identity = (stat.st_dev, stat.st_ino)
        # closes the descriptor (and so drops the lock) when released, when
        # the lock is garbage collected, or at interpreter exit
        self._finalizer = weakref.finalize(self, os.close, fd)
        _LIVE.add(self)

    @classmethod
    def acquire(cls, path: Path, wait: float = 0.0) -> JournalLock:
        """Lock `path`; `MatchInUse` when it is still locked after `wait`
        seconds (a listing's probe holds a lock for a moment), OSError when
        it cannot be opened (FileNotFoundError when it does not exist)."""
        path = Path(path)
        fd = open_regular(path)
        if fcntl is None:
            return cls(path, fd)
        deadline = time.monotonic() + wait
        collected = False
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                if not collected and _held_here(fd):
                    # a match of this process holds it: if that match is
                    # unreachable (left, but in a reference cycle), collecting
                    # it releases the lock
                    collected = True
                    gc.collect()
                    continue
                if time.monotonic() < deadline:
                    time.sleep(0.01)
                    continue
                os.close(fd)
                raise MatchInUse(path) from None
            except OSError:
                # a file system without locks (some network mounts): play on
                # without the guard rather than refuse every match
                pass
            return cls(path, fd)

    @property
    def held(self) -> bool:
        return self._finalizer.alive

    def same_file(self, fd: int) -> bool:
        """Whether `fd` is open on the locked file (not a replacement of it)."""
        stat = os.fstat(fd)
        return (stat.st_dev, stat.st_ino) == self._identity

    def size(self) -> int:
        """The locked file's size in bytes now."""
        return os.fstat(self._fd).st_size

    def release(self) -> None:
        """Drop the lock (idempotent)."""
        self._finalizer()


def _held_here(fd: int) -> bool:
    stat = os.fstat(fd)
    identity = (stat.st_dev, stat.st_ino)
    return any(lock.held and lock._identity == identity for lock in list(_LIVE))


def is_locked(path: Path) -> bool:
    """Whether a match holds `path` open now (False when it cannot be opened)."""
    try:
        JournalLock.acquire(path).release()
    except MatchInUse:
        return True
    except OSError:
        return False
    return False
