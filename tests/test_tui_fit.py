"""Nothing is cut off at 80x24: every screen of every game, through whole
matches against bots, with help, dialogs, the results and the final table.

After every update the screen on top is walked widget by widget
(`tests/fit_kit.py`): a line that may not wrap but is wider than its
widget, a panel wider than its viewport or reaching past its parent's edge,
fails the test with the widget's path and the line."""

from __future__ import annotations

import random

import pytest

from tests.fit_kit import overflows
from tests.screen_kit import settle
from tui.app import OvertableApp
from tui.screens.game import GameScreen
from tui.screens.help import HelpScreen
from tui.screens.results import ResultsScreen

SIZE = (80, 24)
#: (game, seats, people): people first, then bots; one person as a newcomer
#: would try it, and a hot-seat table for the hand-over cover
TABLES = [("boss-quest", 4, 1), ("overboss-duel", 2, 1), ("overstocked", 3, 1),
          ("overseers", 4, 1), ("overstocked", 3, 2)]
NAMES = ("Ann", "Bram", "Cora", "Dev", "Edda", "Finn")


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path / "data"))


class Findings:
    """What did not fit, once per widget and kind, with the screen it was on."""

    def __init__(self) -> None:
        self.seen: dict[str, str] = {}
        self.checks = 0
        #: the kinds of screen checked
        self.screens: set[str] = set()

    async def check(self, pilot) -> None:
        """The screen on top, once its layout has settled: a widget that
        re-breaks its lines at its new width (tui/widgets/flowed.py) grows
        after the layout that gave it that width, and for the moment until
        the next one its neighbours may reach past their panel. What is still
        there after a pause for that layout counts."""
        screen = pilot.app.screen
        self.checks += 1
        self.screens.add(type(screen).__name__)
        found = overflows(screen)
        if found:
            await pilot.pause()
            if pilot.app.screen is screen:
                found = [f for f in overflows(screen) if f in found]
        for where in found:
            self.seen.setdefault(where.split(":")[0], f"{type(screen).__name__}: {where}")

    def __str__(self) -> str:
        return "\n".join(self.seen.values())


async def look_at_help(pilot, findings: Findings) -> None:
    await pilot.press("f1")
    await pilot.pause()
    assert isinstance(pilot.app.screen, HelpScreen)
    await findings.check(pilot)
    await pilot.press("escape")
    await pilot.pause()


@pytest.mark.parametrize(("game_id", "seats", "people"), TABLES,
                         ids=[g + ("-hot-seat" if p > 1 else "") for g, _, p in TABLES])
async def test_a_whole_match_fits_80x24(game_id, seats, people):
    app = OvertableApp(theme_name="textual-dark", bot_delay=0.02, seed=5)
    rng = random.Random(5)
    findings = Findings()
    helped = False
    async with app.run_test(size=SIZE) as pilot:
        players = [app.seat(name, "human") for name in NAMES[:people]] + [
            app.seat(name, "bot", "heuristic") for name in NAMES[people:seats]
        ]
        app.new_match(game_id, players)
        for _ in range(6000):
            await pilot.pause(0.01)
            await findings.check(pilot)
            screen = app.screen
            if isinstance(screen, ResultsScreen):
                break
            if getattr(screen, "holds_the_table", False):
                await pilot.press("enter")  # a combat over the table waits for a key
                continue
            if isinstance(screen, GameScreen):
                update = screen.update
                if getattr(screen, "_results_due", None) is not None:
                    # the Duel's final table, its last moves put away: the
                    # results wait for Enter (or b)
                    await findings.check(pilot)
                    await pilot.press("enter")
                    continue
                if update is not None and update.legal and update.seat is not None:
                    if not helped:  # F1 over the table, at the first decision
                        helped = True
                        await look_at_help(pilot, findings)
                    screen.play(rng.choice(update.legal))
            elif screen is not app.screen_stack[0]:
                await pilot.press("enter")  # a combat, or the hand-over cover, waits for a key
        assert isinstance(app.screen, ResultsScreen), "the match did not reach its results"
        await look_at_help(pilot, findings)
        await pilot.press("b")  # the final table
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        await findings.check(pilot)
        await look_at_help(pilot, findings)
    assert helped and findings.checks > 10
    assert {"HelpScreen", "ResultsScreen"} <= findings.screens
    if people > 1:
        assert "HandoverScreen" in findings.screens
    assert not findings.seen, f"cut off at 80x24:\n{findings}"


#: the shell's screens: home and the saved matches once (they are the same
#: for every game), the new-match form and the rules of each game
SHELL = [("home", None), ("saves", None)] + [
    (start, game_id) for game_id in sorted({g for g, _, _ in TABLES}) for start in ("new", "rules")
]


@pytest.mark.parametrize(("start", "argument"), SHELL,
                         ids=[f"{s}-{a}" if a else s for s, a in SHELL])
async def test_the_shell_screens_fit_80x24(start, argument):
    """One of home, the new-match form (every seat shown, then Escape's
    question), the rules and the saved matches, with its F1 help."""
    findings = Findings()
    app = OvertableApp(start, argument, theme_name="textual-dark", bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(5):
            await pilot.pause()
        await findings.check(pilot)
        if start == "new":
            count = app.screen.query_one("#count")
            count.value = max(v for _, v in count._options)
            for _ in range(3):  # the seats appear, then the scrollbar: settle
                await pilot.pause()
            await findings.check(pilot)
            app.screen.query_one("#name-0").value = "Zed"
            await pilot.press("escape")
            await pilot.pause()
            await findings.check(pilot)  # the question before discarding
            await pilot.press("n")
            await pilot.pause()
        await look_at_help(pilot, findings)
    assert not findings.seen, f"cut off at 80x24:\n{findings}"


async def test_the_check_finds_a_line_cut_off():
    """The check itself: at 40 columns a Wizard's spell is wider than the
    market (the knights' rows were, until they learnt to fit: their cards
    go on under the first line)."""
    from tests.bossquest_screen_kit import ScreenApp, full_state, make_update

    app = ScreenApp(make_update(full_state(), 0))
    async with app.run_test(size=(40, 24)) as pilot:
        await settle(pilot)
        found = overflows(app.screen)
    assert any("#bq-market" in f and "cells in" in f for f in found), found


async def test_a_market_tag_without_room_goes_under_its_offer():
    from textual.app import App

    from tests.screen_kit import screen_text
    from tui.widgets import Market, Offer

    class One(App):
        CSS = "Market { width: 30; }"

        def compose(self):
            yield Market([Offer("R Road + i Icy Peak Crystal", key="1", tag="goes to the lair"),
                          Offer("Y Yeti", key="2", tag="short")])

    app = One()
    async with app.run_test(size=(40, 8)) as pilot:
        await settle(pilot)
        assert overflows(app.screen) == []
        lines = [line.rstrip() for line in screen_text(app).splitlines()]
    assert "R Road + i Icy Peak Crystal" in lines[0]
    assert lines[1].strip() == "goes to the lair"
    assert "Y Yeti  short" in lines[2]
