"""Damaged and unreadable saves as a player meets them: the resume dialog
says what a resume keeps, Continue and `overtable resume` say a save cannot
be read, the saved-matches screen shows a problem whole, the delete dialog
names an unreadable file."""

from __future__ import annotations

import random
from typing import Any

import pytest
from textual.widgets import Button, Static

from core.engine import CHANCE
from saves.journal import PlayerSpec
from saves.match import Match
from tests.screen_kit import wait_for
from tui.app import OvertableApp
from tui.screens.confirm import ConfirmScreen

PLAYERS = [PlayerSpec("Ann", "human"), PlayerSpec("Bram", "bot", "random")]


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


def make_app(**kwargs: Any) -> OvertableApp:
    kwargs.setdefault("bot_delay", 0)
    kwargs.setdefault("theme_name", "textual-dark")
    return OvertableApp(**kwargs)


def on(app: Any, cls: type) -> bool:
    return isinstance(app.screen, cls) and app.screen.is_mounted


def played(actions: int) -> Match:
    """An Overboss Duel match `actions` actions in, closed."""
    match = Match.new("overboss-duel", PLAYERS)
    rng = random.Random(2)
    while len(match.history) < actions:
        to_act = match.to_act()
        if CHANCE in to_act:
            match.step_chance(rng)
        else:
            seat = min(to_act)
            match.apply(seat, rng.choice(match.game.legal_actions(match.state, seat)))
    match.close()
    return match


def damage(match: Match, line: int) -> None:
    """Make line `line` (1-based) name seat 10 of a two-seat table."""
    lines = match.path.read_text().splitlines(keepends=True)
    lines[line - 1] = '{"seat":9,"action":{"type":"Pass"}}\n'
    match.path.write_text("".join(lines))


def dialog_text(app: Any) -> str:
    return " ".join(str(app.screen.query_one("#dialog-text", Static).render()).split())


@pytest.mark.parametrize(("line", "question", "yes"), [
    (2, "Nothing of it can be kept. Start the match again?", "Start again (y)"),
    (12, "Resume at action 10 of 30, losing the 20 after it?", "Resume (y)"),
])
async def test_the_resume_dialog_says_what_a_resume_keeps(line, question, yes):
    """Play-test: a save damaged on its first action offered "Resume at the
    last valid action?", and y started the match again from round 1, every
    move dropped without a word."""
    match = played(30)
    damage(match, line)
    original = match.path.read_bytes()
    app = make_app(start="resume")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: on(app, ConfirmScreen))
        text = dialog_text(app)
        assert text.endswith(question), text
        assert str(app.screen.query_one("#yes", Button).label) == yes
    assert match.path.read_bytes() == original
