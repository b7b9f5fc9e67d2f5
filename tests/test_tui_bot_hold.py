"""The bots at one terminal wait while F1 help or the rules are open, with
a person seated (README: "They wait so too when people play at this
terminal"): a play-test of Boss Quest (80x24, one person against two bots)
saw three of Cora's moves made under the second of two F1 boxes opened one
after the other. Here the bot's answer comes when the test says: while a
box is up no move is applied and none starts; once the last box is put
away the bots go on."""

from __future__ import annotations

import threading

import pytest
from textual import events

from core.bots import make_bot
from saves.journal import PlayerSpec
from saves.match import Match
from tests.screen_kit import wait_for
from tui.app import OvertableApp
from tui.games import screen_class
from tui.screens.help import HelpScreen
from tui.screens.rules import RulesScreen
from tui.table import Table


class Gated:
    """The heuristic bot, deciding only once the test lets it (`answer`)."""

    def __init__(self) -> None:
        self.permits = threading.Semaphore(0)
        self.entered = 0  # decisions begun
        self.answered = 0  # decisions returned to the table
        self.lock = threading.Lock()
        self.bot = make_bot("boss-quest", "heuristic")

    def factory(self, game_id: str, level: str | None) -> object:
        return self

    def choose(self, game, view, seat, legal, rng):
        with self.lock:
            self.entered += 1
        self.permits.acquire(timeout=10)
        action = self.bot.choose(game, view, seat, legal, rng)
        with self.lock:
            self.answered += 1
        return action

    def answer(self, times: int = 1) -> None:
        for _ in range(times):
            self.permits.release()


async def seated(pilot, app, tmp_path, gated: Gated, *, delay: float = 0.0) -> Table:
    """Ann (a person) against two gated bots: Ann asks for 1 weapon, and
    Bram thinks."""
    match = Match.new("boss-quest", [PlayerSpec("Bram", "bot", "heuristic"),
                                     PlayerSpec("Ann", "human"),
                                     PlayerSpec("Cora", "bot", "heuristic")],
                      directory=tmp_path)
    table = Table(match, bot_delay=delay, seed=1, bot_factory=gated.factory)
    app.table = table
    await table.start(app, screen_class("boss-quest"))
    screen = table.screen
    await wait_for(pilot, lambda: screen.update is not None and bool(screen.update.legal))
    await pilot.press("1")
    await wait_for(pilot, lambda: gated.entered == 1)
    assert screen.update.thinking is not None
    return table


def quick_keys(app, *keys: str) -> None:
    """Keys that reach the app one straight after the other, nothing run
    between them (a person's fast Escape and F1; Pilot's `press` lets the
    app fall idle after each)."""
    for key in keys:
        event = events.Key(key, None)
        event.set_sender(app)
        app._driver.send_message(event)


async def still(pilot, table: Table, moves: int, gated: Gated, answered: int) -> None:
    """The bot's answer is in and the app has run a while: no move applied."""
    await wait_for(pilot, lambda: gated.answered >= answered)
    for _ in range(15):
        await pilot.pause(0.02)
    assert len(table.match.history) == moves, table.match.log()[-3:]


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    return OvertableApp(bot_delay=0.0, seed=1, theme_name="textual-dark")


async def test_an_answer_that_comes_under_f1_waits_for_it(app, tmp_path):
    gated = Gated()
    async with app.run_test(size=(80, 24)) as pilot:
        table = await seated(pilot, app, tmp_path, gated)
        moves = len(table.match.history)
        await pilot.press("f1")
        assert isinstance(app.screen, HelpScreen) and table.holds_bots
        gated.answer()
        await still(pilot, table, moves, gated, 1)
        await pilot.press("escape")
        await wait_for(pilot, lambda: len(table.match.history) > moves)
        gated.answer(100)
        table.close()


@pytest.mark.parametrize("delay", [0.0, 0.2])
async def test_f1_escape_f1_at_once_keeps_the_bots_waiting(app, tmp_path, delay):
    """The play-test's steps: F1 while Bram thinks, Escape, and F1 again at
    once while the next bot thinks: the second box holds them as the first did."""
    gated = Gated()
    async with app.run_test(size=(80, 24)) as pilot:
        table = await seated(pilot, app, tmp_path, gated, delay=delay)
        moves = len(table.match.history)
        await pilot.press("f1")
        gated.answer()
        await still(pilot, table, moves, gated, 1)
        quick_keys(app, "escape", "f1")
        for _ in range(3):
            await pilot.pause()
        gated.answer(5)
        await still(pilot, table, moves, gated, 1)
        for _ in range(10):
            await pilot.pause(0.05)
        assert isinstance(app.screen, HelpScreen)
        assert table.holds_bots
        assert len(table.match.history) == moves, table.match.log()[-3:]
        await pilot.press("escape")
        await wait_for(pilot, lambda: len(table.match.history) > moves)
        gated.answer(100)
        table.close()


async def test_a_box_opened_during_the_bot_delay_holds_its_move(app, tmp_path):
    """Bram's answer is in and its pause (the bot delay) running when F1
    goes up: the move waits for the box."""
    gated = Gated()
    async with app.run_test(size=(80, 24)) as pilot:
        # a pause long enough that F1 comes inside it on a loaded machine too
        # (at 0.3 s a CI run's F1 came after it, and the move was rightly played)
        table = await seated(pilot, app, tmp_path, gated, delay=1.5)
        moves = len(table.match.history)
        gated.answer()
        await wait_for(pilot, lambda: gated.answered == 1)
        await pilot.press("f1")
        for _ in range(25):
            await pilot.pause(0.02)
        assert len(table.match.history) == moves
        await pilot.press("r")
        await wait_for(pilot, lambda: isinstance(app.screen, RulesScreen))
        for _ in range(10):
            await pilot.pause(0.05)
        assert table.holds_bots and len(table.match.history) == moves
        await pilot.press("q")
        await wait_for(pilot, lambda: not table.holds_bots)
        await wait_for(pilot, lambda: len(table.match.history) > moves)
        gated.answer(100)
        table.close()
