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
second after each change of screen, while the player reads the new one,
everything is unfrozen, collected and frozen again.

Only the real app does this (`overtable`, `overtable join`): tests run many
apps in one process and leave the collector alone.
"""

from __future__ import annotations

import gc
from typing import Any

#: seconds after a change of screen before the full collection
SETTLE_SECONDS = 1.0


def _freeze_survivors(phase: str, info: dict[str, Any]) -> None:
    """After a full collection, freeze what survived it (gc's callback;
    the collection is over, its lists consistent)."""
    if phase == "stop" and info.get("generation") == 2:
        gc.freeze()


class Collector:
    """Freezes the app's objects and collects them again between screens."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self._timer: Any = None
        self.collections = 0

    def start(self) -> None:
        """Collect and freeze once, and keep freezing after full collections."""
        self.collect()
        if _freeze_survivors not in gc.callbacks:
            gc.callbacks.append(_freeze_survivors)

    def screen_changed(self) -> None:
        """Collect everything `SETTLE_SECONDS` after the last change of screen."""
        if self._timer is not None:
            self._timer.stop()
        self._timer = self.app.set_timer(SETTLE_SECONDS, self.collect, name="collector")

    def collect(self) -> None:
        self._timer = None
        gc.unfreeze()
        gc.collect()
        gc.freeze()  # what survived (the callback does too, once started)
        self.collections += 1

    def stop(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        if _freeze_survivors in gc.callbacks:
            gc.callbacks.remove(_freeze_survivors)
        gc.unfreeze()


__all__ = ["SETTLE_SECONDS", "Collector"]
