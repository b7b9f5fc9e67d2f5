"""tui/collector.py: the real app freezes what it holds and collects it
again between screens, so full collections during play scan only what play
made (docs/performance.md, "SSH load")."""

from __future__ import annotations

import gc
import weakref

import pytest

from tests.screen_kit import settle
from tui import collector as collector_module
from tui.app import OvertableApp
from tui.collector import Collector


class _Cycle:
    def __init__(self) -> None:
        self.me = self


class _Timers:
    """What a collector needs of an app: a timer."""

    def __init__(self) -> None:
        self.timers: list[tuple[float, object]] = []

    def set_timer(self, delay: float, callback: object, name: str = "") -> object:
        self.timers.append((delay, callback))

        class Timer:
            stopped = False

            def stop(self) -> None:
                self.stopped = True

        return Timer()


@pytest.fixture
def collector():
    made = Collector(_Timers())
    yield made
    made.stop()


def test_start_freezes_and_a_collection_reclaims_frozen_garbage(collector):
    """Frozen objects are left out of collections; the collector's own
    collection unfreezes first, so a frozen cycle that became garbage is
    reclaimed, and what survives is frozen again."""
    cycle = _Cycle()
    alive = weakref.ref(cycle)
    collector.start()
    assert gc.get_freeze_count() > 0
    del cycle
    gc.collect()
    assert alive() is not None  # frozen: a plain collection leaves it
    collector.collect()
    assert alive() is None and gc.get_freeze_count() > 0
    collector.stop()
    assert gc.get_freeze_count() == 0


def test_a_full_collection_freezes_its_survivors(collector):
    collector.start()
    kept = [_Cycle() for _ in range(50)]  # young objects, not frozen yet
    before = gc.get_freeze_count()
    gc.collect(2)
    assert gc.get_freeze_count() >= before + len(kept)
    collector.stop()
    gc.collect(2)
    assert gc.get_freeze_count() == 0  # stopped: no more freezing


def test_a_change_of_screen_schedules_one_collection(collector):
    app = collector.app
    collector.screen_changed()
    collector.screen_changed()
    assert [delay for delay, _ in app.timers] == [collector_module.SETTLE_SECONDS] * 2
    assert app.timers[-1][1] == collector.collect
    assert collector.collections == 0


async def test_the_app_collects_after_a_change_of_screen_when_asked(monkeypatch):
    monkeypatch.setattr(collector_module, "SETTLE_SECONDS", 0.05)
    app = OvertableApp(theme_name="textual-dark", collect_between_screens=True)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause(0.1)
            assert app.collector is not None and gc.get_freeze_count() > 0
            started = app.collector.collections
            await pilot.press("r")  # the rules
            await pilot.pause(0.3)
            assert app.collector.collections == started  # pushed: nothing freed
            await pilot.press("escape")  # closed, never frozen: Python's collections free it
            await pilot.pause(0.3)
            assert app.collector.collections == started
            await pilot.press("r")
            await pilot.pause(0.3)
            app.collector.collect()  # the rules frozen while up
            started = app.collector.collections
            await pilot.press("escape")  # closed: its frozen objects collected
            await pilot.pause(0.3)
            assert app.collector.collections > started
        assert gc.get_freeze_count() == 0  # unfrozen when the app ends
    finally:
        gc.unfreeze()
    plain = OvertableApp(theme_name="textual-dark")
    assert plain.collector is None  # tests and embedders: Python's own collector


def test_collections_wait_while_a_change_is_drawn(collector, monkeypatch):
    """An update or a sent move holds Python's automatic collections back
    until PAUSE_SECONDS after the last one; a run of changes longer than
    MAX_PAUSE_SECONDS lets them through once the timed pause ends."""
    app = collector.app
    assert gc.isenabled()
    try:
        collector.drawing()
        assert not gc.isenabled()
        assert app.timers[-1] == (collector_module.PAUSE_SECONDS, collector.resume)
        collector.drawing()  # another change: the pause is timed again
        assert len(app.timers) == 2 and not gc.isenabled()
        clock = [collector_module.time.monotonic() + collector_module.MAX_PAUSE_SECONDS + 1]
        monkeypatch.setattr(collector_module.time, "monotonic", lambda: clock[0])
        collector.drawing()  # paused too long: not timed again
        assert len(app.timers) == 2
        collector.resume()
        assert gc.isenabled()
        collector.drawing()  # a new pause begins
        assert not gc.isenabled() and len(app.timers) == 3
    finally:
        collector.stop()
    assert gc.isenabled()  # stopping ends any pause


def test_a_screen_pushed_over_the_others_collects_nothing(collector):
    """A push closes no screen (the results and the dialog over them at the
    end of a match): no full collection is timed for it, but one already
    timed for a closed screen still runs, a second after the last change."""
    app = collector.app
    collector.screen_changed(closed=False)
    assert app.timers == []
    collector.screen_changed(closed=True)
    collector.screen_changed(closed=False)
    assert [delay for delay, _ in app.timers] == [collector_module.SETTLE_SECONDS] * 2
    assert app.timers[-1][1] == collector.collect


async def test_the_app_tells_its_collector_whether_a_screen_was_closed(monkeypatch):
    app = OvertableApp(theme_name="textual-dark")
    told: list[bool] = []

    class Told:
        freezes = 0

        def screen_changed(self, closed: bool = True) -> None:
            told.append(closed)

        def stop(self) -> None:
            pass

    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.collector = Told()  # type: ignore[assignment]
        await pilot.press("r")  # the rules, over the home screen
        await pilot.pause()
        await pilot.press("escape")  # closed, never frozen
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        app.collector.freezes += 1  # type: ignore[attr-defined]  # frozen while up
        await pilot.press("escape")  # closed
        await pilot.pause()
    assert told[:4] == [False, False, False, True]
