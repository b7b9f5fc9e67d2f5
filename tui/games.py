"""Which screen plays which game: game id -> "module:Class", imported lazily.

Importing a game screen pulls in its widgets; the home screen never needs
them, so the shell imports a game's screen only when a match starts.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tui.screens.game import GameScreen

#: game id -> "package.module:ClassName" of its GameScreen subclass
SCREENS: dict[str, str] = {
    "boss-quest": "tui.screens.bossquest:BossQuestScreen",
    "overstocked": "tui.screens.overstocked:OverstockedScreen",
    "overboss-duel": "tui.screens.overboss:OverbossScreen",
    "overseers": "tui.screens.overseers:OverseersScreen",
}


class NoScreen(LookupError):
    """The game has no screen (yet) in this version of Overtable."""


def screen_class(game_id: str) -> type[GameScreen]:
    """The GameScreen subclass that plays `game_id` (imported on first use)."""
    try:
        target = SCREENS[game_id]
    except KeyError:
        raise NoScreen(f"Overtable has no screen for the game {game_id!r} yet.") from None
    module_name, _, class_name = target.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as error:
        if error.name and module_name.startswith(error.name):
            raise NoScreen(f"The screen for {game_id!r} is not installed ({target}).") from None
        raise
    return getattr(module, class_name)


def playable(game_id: str) -> bool:
    """Whether a screen is registered for `game_id` (without importing it)."""
    return game_id in SCREENS
