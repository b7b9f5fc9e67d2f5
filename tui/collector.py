"""Python's full garbage collections, kept off the frames a player waits for.

Now and then CPython collects its oldest generation by scanning every
container object the process holds: in a game screen's process some 90,000
to 115,000 (the modules, Textual's classes and stylesheet, the screens),
up to 64-113 ms of CPU that land on whatever update is being drawn, and
7-10% of all the CPU a game screen spends (docs/performance.md). So what the app
holds is frozen (`gc.freeze`: collections leave it out) once a screen has
settled, and again after each full collection, so that the collections
during play scan only what play has made since. Frozen objects that become
cyclic garbage (a closed screen's widgets) would never be reclaimed, so a
second after each change of screen that closed one, while the player reads
the new one, everything is unfrozen, collected and frozen again. A screen
opened and closed with no freeze between (a dialog read and put away) is
not frozen: Python's own collections reclaim it, and the full one (45-75
ms of CPU on the next update, Overseers' vote box) is skipped.

Collections of the younger generations, and the full ones play still
owes, are held back while a change is drawn: from an update's arrival, or
a key that sends a move, until `PAUSE_SECONDS` after the last such (at
most `MAX_PAUSE_SECONDS` at a time), as Textual itself holds them back
during a smooth scroll. What is owed is then collected while the player
reads the screen, not in front of the frame they wait for.

Only the real app does this (`overtable`, `overtable join`): tests run many
apps in one process and leave the collector alone.
"""

from __future__ import annotations

import gc
import time
from typing import Any

#: seconds after a change of screen before the full collection
SETTLE_SECONDS = 1.0
#: seconds after the last change drawn before collections resume
PAUSE_SECONDS = 0.25
#: the longest collections are held back while changes keep coming
MAX_PAUSE_SECONDS = 2.0


#: how many times the collectors froze what the process holds
_freezes = 0


def _freeze() -> None:
    global _freezes
    gc.freeze()
    _freezes += 1


def _freeze_survivors(phase: str, info: dict[str, Any]) -> None:
    """After a full collection, freeze what survived it (gc's callback;
    the collection is over, its lists consistent)."""
    if phase == "stop" and info.get("generation") == 2:
        _freeze()


class Collector:
    """Freezes the app's objects and collects them again between screens."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self._timer: Any = None
        self.collections = 0
        #: while collections are held back: the timer that resumes them,
        #: and when the pause began (time.monotonic)
        self._resume: Any = None
        self._paused_at: float | None = None

    @property
    def freezes(self) -> int:
        """Freezes so far: a screen opened after the last one holds
        nothing frozen."""
        return _freezes

    def start(self) -> None:
        """Collect and freeze once, and keep freezing after full collections."""
        self.collect()
        if _freeze_survivors not in gc.callbacks:
            gc.callbacks.append(_freeze_survivors)

    def screen_changed(self, closed: bool = True) -> None:
        """Collect everything `SETTLE_SECONDS` after the last change of
        screen, if a screen was closed since the last collection. A screen
        pushed over the others frees nothing (the results and the dialog
        over them at the end of a match): a full collection then would
        reclaim nothing a frozen screen left, at 60-110 ms of CPU."""
        if self._timer is not None:
            self._timer.stop()
        elif not closed:
            return
        self._timer = self.app.set_timer(SETTLE_SECONDS, self.collect, name="collector")

    def collect(self) -> None:
        self._timer = None
        gc.unfreeze()
        gc.collect()
        _freeze()  # what survived (the callback does too, once started)
        self.collections += 1

    def drawing(self) -> None:
        """A change is being drawn (an update came, a move was sent): no
        automatic collection until `PAUSE_SECONDS` after the last one."""
        now = time.monotonic()
        if self._paused_at is None:
            self._paused_at = now
            gc.disable()
        elif now - self._paused_at > MAX_PAUSE_SECONDS:
            return  # changes keep coming: the pause ends as timed, then begins again
        if self._resume is not None:
            self._resume.stop()
        self._resume = self.app.set_timer(PAUSE_SECONDS, self.resume, name="collector-resume")

    def resume(self) -> None:
        """Collections as Python times them again (what is owed runs at
        the next allocation, while the player reads)."""
        if self._resume is not None:
            self._resume.stop()
            self._resume = None
        self._paused_at = None
        gc.enable()

    def stop(self) -> None:
        self.resume()
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        if _freeze_survivors in gc.callbacks:
            gc.callbacks.remove(_freeze_survivors)
        gc.unfreeze()


def drawing(app: Any) -> None:
    """Tell `app`'s collector a change is being drawn (an app without
    one, in tests, leaves Python's collector alone)."""
    collector = getattr(app, "collector", None)
    if collector is not None:
        collector.drawing()


__all__ = ["MAX_PAUSE_SECONDS", "drawing", "PAUSE_SECONDS", "SETTLE_SECONDS", "Collector"]
