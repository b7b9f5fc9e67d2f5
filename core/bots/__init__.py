"""Bots: players that decide from a seat's view (see docs/architecture.md).

`LEVELS` lists, per game id, the bot levels a match can seat (strongest
last); `make_bot(game_id, level)` builds one. Every game has at least the
"random" level.
"""

from __future__ import annotations

from collections.abc import Callable

from core.bots.base import Bot, RandomBot


def _heuristic_boss_quest() -> Bot:
    from core.bots.bossquest import HeuristicBot

    return HeuristicBot()


def _heuristic_overboss_duel() -> Bot:
    from core.bots.overboss import HeuristicBot

    return HeuristicBot()


def _heuristic_overstocked() -> Bot:
    from core.bots.overstocked import HeuristicBot

    return HeuristicBot()


def _heuristic_overseers() -> Bot:
    from core.bots.overseers import HeuristicBot

    return HeuristicBot()


_FACTORIES: dict[tuple[str, str], Callable[[], Bot]] = {
    ("boss-quest", "heuristic"): _heuristic_boss_quest,
    ("overboss-duel", "heuristic"): _heuristic_overboss_duel,
    ("overstocked", "heuristic"): _heuristic_overstocked,
    ("overseers", "heuristic"): _heuristic_overseers,
}

#: game id -> the bot levels it offers, weakest first, strongest last.
LEVELS: dict[str, tuple[str, ...]] = {
    "boss-quest": ("random", "heuristic"),
    "overboss-duel": ("random", "heuristic"),
    "overstocked": ("random", "heuristic"),
    "overseers": ("random", "heuristic"),
}

#: levels of games not in `core.GAMES` yet (no screen): listed in `LEVELS`
#: once the game is registered, so nothing offers a bot for a game the app
#: cannot show
_PENDING_LEVELS: dict[str, tuple[str, ...]] = {}


def _register_other_games() -> None:
    # Every registered game can at least seat a random bot.
    from core import GAMES

    for game_id in GAMES:
        LEVELS.setdefault(game_id, _PENDING_LEVELS.get(game_id, ("random",)))


_register_other_games()


def make_bot(game_id: str, level: str) -> Bot:
    """A fresh bot of `level` for the game `game_id` (ValueError if unknown)."""
    levels = LEVELS.get(game_id)
    if levels is None:
        raise ValueError(f"no bots for game {game_id!r}")
    if level not in levels:
        raise ValueError(f"no {level!r} bot for {game_id!r}; levels: {', '.join(levels)}")
    if level == "random":
        return RandomBot()
    return _FACTORIES[(game_id, level)]()


__all__ = ["LEVELS", "Bot", "RandomBot", "make_bot"]
