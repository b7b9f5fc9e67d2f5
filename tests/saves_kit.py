"""What the saves tests share: a random legal step of a match, and the
app as the shell tests make it (no bot delay, a fixed theme)."""

from __future__ import annotations

import random
from typing import Any

from core.engine import CHANCE
from saves.match import Match
from tui.app import OvertableApp


def random_step(match: Match, rng: random.Random) -> None:
    """One random legal step: chance's draw, or the lowest seat to act
    playing a random legal action."""
    to_act = match.to_act()
    if CHANCE in to_act:
        match.step_chance(rng)
    else:
        seat = min(to_act)
        match.apply(seat, rng.choice(match.game.legal_actions(match.state, seat)))


def play_to(match: Match, actions: int, rng: random.Random) -> Match:
    """`match` played at random until its history holds `actions` actions."""
    while len(match.history) < actions:
        random_step(match, rng)
    return match


def make_app(**kwargs: Any) -> OvertableApp:
    kwargs.setdefault("bot_delay", 0)
    kwargs.setdefault("theme_name", "textual-dark")
    return OvertableApp(**kwargs)


def on(app: Any, cls: type) -> bool:
    """`cls` is the screen on top, mounted (its on_mount has run)."""
    return isinstance(app.screen, cls) and app.screen.is_mounted
