"""A key that sends a move at a shared table is acknowledged (tui/screens/
game.py, `SENT_TEXT`): unless the answer comes within `SENT_DELAY`, the
prompt says it was sent until the hub answers, and a second press meanwhile
sends nothing (it could only come back refused as out of date). A refusal,
or no answer in `SENT_TIMEOUT`, gives the keys back. At this terminal the
answer comes before `send` returns, so nothing is said."""

from __future__ import annotations

import contextlib
import json

import attrs
import pytest

from host.messages import PLAY, SeatCommand
from tests.screen_kit import FakePort, screen_text, settle, settled_text
from tests.since_kit import SequenceApp, turns_of_others
from tui.screens import game as game_screen
from tui.screens.game import SENT_TEXT
from tui.widgets import ActionBar

GAMES = ["boss-quest", "overboss-duel", "overstocked", "overseers"]
PLAYERS = {"overboss-duel": 2, "overseers": 4}


class WirePort(FakePort):
    """A shared table's port: the answer comes later, over the wire."""

    answers_later = True


class DownPort(WirePort):
    """A shared table's port with the hub gone: nothing can be sent."""

    def send(self, command: SeatCommand) -> bool:
        return False


@pytest.fixture(autouse=True)
def sent_line_at_once(monkeypatch, request):
    """The line shows at once unless a test is about its delay."""
    if "delay" not in request.node.name:
        monkeypatch.setattr(game_screen, "SENT_DELAY", 0)


def decision_then_answer(game: str) -> tuple:
    """Seat 0's update with a decision, and one after it (a later seq)."""
    updates = turns_of_others(game, players=PLAYERS.get(game, 3), seed=3)
    decide = next(u for u in updates if u.legal)
    later = next(u for u in updates if u.seq > decide.seq) if decide is not updates[-1] else None
    if later is None:  # the decision is the window's last: any later change will do
        later = attrs.evolve(decide, seq=decide.seq + 1, legal=())
    return decide, later


@contextlib.asynccontextmanager
async def table(game: str, port: FakePort | None = None):
    """The game's screen showing seat 0's decision, its commands going to
    `port` (a shared table's by default): (app, pilot, screen, decision)."""
    from tui.games import screen_class

    decide, _ = decision_then_answer(game)
    app = SequenceApp(screen_class(game), [decide])
    app.port = app.game_screen.port = WirePort() if port is None else port
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        while getattr(app.screen, "holds_the_table", False):  # a combat
            await pilot.press("enter")
        yield app, pilot, app.game_screen, decide


@pytest.mark.parametrize("game", GAMES)
async def test_a_sent_move_is_acknowledged_at_once_and_not_sent_twice(game):
    _, answer = decision_then_answer(game)
    async with table(game) as (app, pilot, screen, decide):
        assert SENT_TEXT not in screen_text(app)
        screen.play(decide.legal[0])
        await pilot.pause()
        assert SENT_TEXT in screen_text(app)
        assert len(app.port.submitted) == 1
        screen.play(decide.legal[-1])  # pressed again before the answer
        screen.action_undo()
        await pilot.pause()
        assert len(app.port.commands) == 1  # nothing more went
        screen.show(answer)  # the hub's answer
        await pilot.pause()
        assert screen.sent_from is None
        assert SENT_TEXT not in screen_text(app)


async def test_the_same_update_again_keeps_the_acknowledgement():
    # An update with the same seq (a player away or back: only the names
    # change) is not the answer: the prompt still says the move was sent.
    async with table("overboss-duel") as (app, pilot, screen, decide):
        screen.play(decide.legal[0])
        renamed = attrs.evolve(decide, names=("Ann (away)", "Bob"))
        screen.show(renamed)
        await pilot.pause()
        assert SENT_TEXT in screen_text(app)
        screen.play(decide.legal[0])
        assert len(app.port.commands) == 1


@pytest.mark.parametrize("game", ["boss-quest", "overstocked"])
async def test_a_refusal_gives_the_keys_back(game):
    async with table(game) as (app, pilot, screen, decide):
        before = await settled_text(app, pilot)
        screen.play(decide.legal[0])
        await pilot.pause()
        assert SENT_TEXT in screen_text(app)
        screen.refused()
        await pilot.pause()
        assert SENT_TEXT not in screen_text(app)
        assert await settled_text(app, pilot) == before  # the update's own prompt again
        screen.play(decide.legal[0])
        assert len(app.port.submitted) == 2


async def test_without_an_answer_the_keys_come_back(monkeypatch):
    # A short timeout, but not shorter than a busy machine takes to draw
    # the prompt: pause(0) draws without waiting for the machine to be idle
    # (a pause() could outlast 0.05 s under load and miss the text).
    monkeypatch.setattr(game_screen, "SENT_TIMEOUT", 0.5)
    async with table("overseers") as (app, pilot, screen, decide):
        screen.play(decide.legal[0])
        await pilot.pause(0)
        assert SENT_TEXT in screen_text(app)
        for _ in range(100):  # until the timeout gives the keys back (5 s at most)
            await pilot.pause(0.05)
            if SENT_TEXT not in screen_text(app):
                break
        assert SENT_TEXT not in screen_text(app)
        screen.play(decide.legal[0])
        assert len(app.port.submitted) == 2


async def test_nothing_is_said_when_the_command_could_not_go():
    async with table("boss-quest", DownPort()) as (app, pilot, screen, decide):
        screen.play(decide.legal[0])
        await pilot.pause()
        assert screen.sent_from is None
        assert SENT_TEXT not in screen_text(app)


async def test_at_this_terminal_nothing_is_said_and_each_key_is_sent():
    # FakePort answers nothing and is not a shared table's port: the table
    # at this terminal answers before `send` returns.
    async with table("overboss-duel", FakePort()) as (app, pilot, screen, decide):
        screen.play(decide.legal[0])
        screen.play(decide.legal[0])
        await pilot.pause()
        assert SENT_TEXT not in screen_text(app)
        assert len(app.port.submitted) == 2


async def test_enter_pressed_twice_on_the_action_bar_sends_one_move():
    async with table("boss-quest") as (app, pilot, screen, decide):
        bar = app.game_screen.query_one(ActionBar)
        assert bar.choices
        bar.focus()
        await pilot.press("enter", "enter")
        await pilot.pause()
        assert len(app.port.submitted) == 1
        assert app.port.commands[0].kind == PLAY
        assert SENT_TEXT in screen_text(app)


async def test_the_hubs_refusal_reaches_the_screen():
    from tests.test_tui_remote_drawing import FakeScreen, table_with, waiting_updates

    first = waiting_updates()[0]

    class Refusable(FakeScreen):
        refusals = 0

        def refused(self) -> None:
            self.refusals += 1

    table, _ = table_with(first)
    screen = Refusable(first)
    table.screens["t1"] = screen  # type: ignore[assignment]
    await table.handle(json.loads(json.dumps(
        {"table": "t1", "refused": "The table changed while you were deciding; look again."})))
    assert screen.refusals == 1
    assert table.app.notes == ["The table changed while you were deciding; look again."]
    # a refusal naming no table, or another one, troubles no screen
    await table.handle({"refused": "No such table."})
    await table.handle({"table": ["odd"], "refused": "?"})
    assert screen.refusals == 1


async def test_an_answer_within_the_delay_is_the_acknowledgement_itself():
    """No line is drawn (and taken away again) for an answer that comes
    within `SENT_DELAY`: that redraw cost every move on a shared host."""
    _, answer = decision_then_answer("overstocked")
    async with table("overstocked") as (app, pilot, screen, decide):
        drawn: list[str] = []
        show_sent = screen._show_sent
        screen._show_sent = lambda: (drawn.append("sent"), show_sent())  # type: ignore[method-assign]
        screen.play(decide.legal[0])
        assert screen.sent_from == decide.seq  # a second press would send nothing
        screen.show(answer)
        await pilot.pause(game_screen.SENT_DELAY + 0.1)
        assert drawn == []
        assert SENT_TEXT not in screen_text(app)


async def test_a_slower_answer_shows_the_line_after_the_delay():
    async with table("overseers") as (app, pilot, screen, decide):
        screen.play(decide.legal[0])
        for _ in range(100):  # no answer comes: the line shows after the delay
            await pilot.pause(0.05)
            if SENT_TEXT in screen_text(app):
                break
        assert SENT_TEXT in screen_text(app)
