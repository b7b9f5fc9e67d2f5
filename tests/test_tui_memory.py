"""One process, many matches: screens that are gone are not kept alive.

A Header watches the app's title; Textual drops such a watcher only when
the title next changes, which in Overtable it never does, so every screen
with a header stayed in memory. The app forgets them when it goes home
and on every change of screen (`OvertableApp._release_closed_watchers`)."""

from __future__ import annotations

import gc
import weakref

import pytest
from textual.screen import Screen
from textual.widgets import Footer, Header, Static

from tui.app import OvertableApp


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path / "data"))


class Page(Screen):
    def compose(self):
        yield Header()
        yield Static("a page")
        yield Footer()


async def test_screens_with_a_header_are_released_once_gone():
    app = OvertableApp(theme_name="textual-dark", bot_delay=0)
    gone: list[weakref.ref] = []
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(5):
            page = Page()
            await app.push_screen(page)
            await pilot.pause()
            gone.append(weakref.ref(page.query_one(Header)))
            gone.append(weakref.ref(page))
            page = None
            await app.pop_screen()
            await pilot.pause()
        app.go_home()
        await pilot.pause()
        await pilot.pause()
        gc.collect()
        alive = [ref() for ref in gone if ref() is not None]
        title_watchers = len(getattr(app, "__watchers", {}).get("title", []))
    assert alive == []
    assert title_watchers <= 1  # the home screen's own header, if any


async def test_a_live_header_still_follows_the_title():
    app = OvertableApp(theme_name="textual-dark", bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        page = Page()
        await app.push_screen(page)
        await pilot.pause()
        app._release_closed_watchers()
        app.title = "Renamed"
        await pilot.pause()
        assert page.query_one("HeaderTitle").render().plain.startswith("Renamed")



def test_results_taken_down_before_their_tables_exist_do_not_fail():
    """The match ends and the player leaves at once: the results screen's
    mount finds its tables already gone, and says nothing."""
    from tests.overboss_screen_kit import finished, make_update
    from tui.screens.results import ResultsScreen

    screen = ResultsScreen(make_update(finished()))
    assert screen.update.outcome is not None
    screen.on_mount()  # nothing composed: no tables to fill, no error
