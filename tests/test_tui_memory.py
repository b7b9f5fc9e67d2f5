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




class Watcher(Static):
    """Watches its screen's footer, as each footer key does (`data_bind`)."""

    def on_mount(self) -> None:
        self.watch(self.screen.query_one(Footer), "compact", lambda: None)


async def test_watchers_of_widgets_gone_from_a_live_screen_are_released():
    """A footer makes new keys whenever the bindings change and each watches
    the footer: the old ones stayed in its watchers for as long as it lived
    (the home screen's footer: for ever)."""
    app = OvertableApp(theme_name="textual-dark", bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        page = Page()
        await app.push_screen(page)
        footer = page.query_one(Footer)
        gone = []
        for _ in range(5):
            watcher = Watcher("watching")
            await page.mount(watcher)
            await pilot.pause()
            await watcher.remove()
            gone.append(weakref.ref(watcher))
            watcher = None
        listed = len(getattr(footer, "__watchers", {}).get("compact", []))
        await app.push_screen(Screen())  # any change of screen tidies up
        await pilot.pause()
        app.pop_screen()
        for _ in range(3):
            await pilot.pause()
        gc.collect()
        kept = getattr(footer, "__watchers", {}).get("compact", [])
        alive = [ref() for ref in gone if ref() is not None]
    assert listed >= 5  # Textual kept them
    assert not any(isinstance(node, Watcher) for node, _ in kept)
    assert len(alive) <= 1  # the last one removed may still be in Textual's caches


async def test_drawings_of_screens_gone_are_released_at_home():
    """Textual's cache of widgets' colours (1,024 entries) is keyed by each
    widget's drawing cache: it kept closed screens' drawn lines alive, about
    0.9 MB a match. Going home empties it."""

    app = OvertableApp(theme_name="textual-dark", bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        page = Page()
        await app.push_screen(page)
        await pilot.pause()
        drawing = weakref.ref(page.query_one(Static)._styles_cache)
        page = None
        app.go_home()
        await pilot.pause()
        await pilot.pause()
        gc.collect()
        assert drawing() is None
