"""What the app loads a moment after its first screen (tui/app.py,
`warm_up_later`): every screen's stylesheet, so that pushing a screen later
(the results at the end of a match, a first dialog) does not make Textual
parse every stylesheet again and restyle every widget."""

from __future__ import annotations

from tests.screen_kit import settle, wait_for
from tui import app as app_module
from tui import resources
from tui.app import OvertableApp


def test_the_package_stylesheets_are_the_screens_own():
    """`resources.stylesheets` finds every screen's CSS_PATH, in the form a
    screen names it (so the app's stylesheet knows it is loaded)."""
    from tui.screens.bossquest import BossQuestScreen
    from tui.screens.help import HelpScreen
    from tui.screens.new_match import NewMatchScreen
    from tui.screens.overboss import OverbossScreen
    from tui.screens.overseers import OverseersScreen
    from tui.screens.overstocked import OverstockedScreen
    from tui.screens.results import ResultsScreen
    from tui.screens.rules import RulesScreen
    from tui.screens.saved import SavedScreen

    found = set(resources.stylesheets())
    named = {OvertableApp.CSS_PATH} | {
        screen.CSS_PATH
        for screen in (BossQuestScreen, HelpScreen, NewMatchScreen, OverbossScreen,
                       OverseersScreen, OverstockedScreen, ResultsScreen, RulesScreen,
                       SavedScreen)
    }
    assert named == found


async def test_a_moment_after_the_first_screen_every_stylesheet_is_loaded(monkeypatch):
    # What was loaded when the warm-up came is recorded as it comes, not
    # read after a fixed pause: on a loaded machine the first screen may
    # take longer than the warm-up's delay to show.
    monkeypatch.setattr(app_module, "WARM_UP_AFTER", 0.4)
    at_warm_up: list[tuple[bool, bool]] = []
    warm_up = OvertableApp._warm_up

    def recorded(self) -> None:
        results_read = self.stylesheet.has_source(resources.css_path("results.tcss"), "")
        at_warm_up.append((self.screen.is_mounted, results_read))
        warm_up(self)

    monkeypatch.setattr(OvertableApp, "_warm_up", recorded)
    app = OvertableApp(theme_name="textual-dark")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: at_warm_up)
        # it came after the first screen was up, and found the results'
        # stylesheet not yet read: the warm-up read it
        assert at_warm_up == [(True, False)]
        sheet = app.stylesheet
        assert all(sheet.has_source(path, "") for path in resources.stylesheets())
        # a screen pushed now finds its stylesheet read: nothing parsed again
        parsed: list[bool] = []
        monkeypatch.setattr(sheet, "reparse", lambda: parsed.append(True))
        await pilot.press("r")  # the rules (rules.tcss)
        await pilot.pause()
        assert type(app.screen).__name__ == "RulesScreen"
        assert parsed == []


async def test_the_screens_look_the_same_with_their_stylesheets_read_early(monkeypatch):
    """Read early or at the push, a screen's rules apply alike: the rules
    screen's widgets get the same styles either way."""

    async def styles_of_the_rules(early: bool) -> list[tuple[str, str]]:
        app = OvertableApp(theme_name="textual-dark")
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            if early:
                app._warm_styles()
                await pilot.pause()
            await pilot.press("r")
            await pilot.pause()
            return [(str(node), node.styles.css) for node in app.screen.walk_children()]

    assert await styles_of_the_rules(True) == await styles_of_the_rules(False)


async def test_the_stylesheets_read_early_stay_parsed_for_later_widgets():
    """A widget mounted for the first time later (the results' buttons)
    adds its default CSS, and Textual parses the app's stylesheet again
    from its cache: the files read early are in that cache, not parsed
    again (Textual's own reparse left them out of it)."""
    import os

    app = OvertableApp(theme_name="textual-dark")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app._warm_styles()
        sheet = app.stylesheet
        cached = {read_from for (_, read_from, *_rest) in sheet._parse_cache.keys()}
        for path in resources.stylesheets():
            assert (os.path.abspath(path), "") in cached


async def test_a_dialog_after_the_warm_up_shows_the_screen_beneath_it(tmp_path, monkeypatch):
    """The warm-up reads every class's default CSS with the tie-breaker a
    subclass gives it, as Textual does: Screen's, read first for the home
    screen, kept the home screen's and outranked ModalScreen's, so every
    dialog after the warm-up (the new-match form's "Discard this setup?")
    had an opaque background and stood over a blank screen."""
    from textual.widgets import Input

    from tui.screens.confirm import ConfirmScreen

    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))

    async def the_question(warm: bool) -> tuple[list[tuple[str, str]], float, str]:
        app = OvertableApp(start="new", argument="overboss-duel", theme_name="textual-dark")
        async with app.run_test(size=(120, 36)) as pilot:
            await wait_for(pilot, lambda: type(app.screen).__name__ == "NewMatchScreen")
            await pilot.pause()
            if warm:
                app._warm_styles()
                await pilot.pause()
            app.screen.query_one("#name-1", Input).value = "Zed"
            await pilot.pause()
            await pilot.press("escape")
            await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
            await pilot.pause()
            # every screen's nodes, the home screen and the form under the question too
            styles = [(str(node), node.styles.css) for screen in app.screen_stack
                      for node in (screen, *screen.walk_children())]
            return styles, app.screen.styles.background.a, app.export_screenshot()

    warm, warm_alpha, warm_picture = await the_question(True)
    cold, cold_alpha, _ = await the_question(False)
    assert warm_alpha < 1 and cold_alpha < 1  # see-through, as ModalScreen's CSS says
    assert warm == cold
    assert "Overboss" in warm_picture  # the form drawn behind the question


async def test_a_game_started_after_the_warm_up_looks_as_without_it(tmp_path, monkeypatch):
    """The warm-up changes no style: a game screen (and the screens under
    it) pushed after it have the styles they have when it has not come."""
    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))

    async def the_game(warm: bool) -> list[tuple[str, str]]:
        app = OvertableApp(start="new", argument="overboss-duel", theme_name="textual-dark",
                           bot_delay=0, seed=7)
        async with app.run_test(size=(100, 30)) as pilot:
            await wait_for(pilot, lambda: type(app.screen).__name__ == "NewMatchScreen")
            if warm:
                app._warm_styles()
                await pilot.pause()
            await pilot.press("ctrl+s")
            await wait_for(pilot, lambda: type(app.screen).__name__ == "OverbossScreen")
            await pilot.pause()
            return [(str(node), node.styles.css) for screen in app.screen_stack
                    for node in (screen, *screen.walk_children())]

    assert await the_game(True) == await the_game(False)
