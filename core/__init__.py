"""The rules of Overtable's games: pure, immutable, no I/O, no Textual.

`core.GAMES` (every game's rules, keyed by id) is imported on first use, so
that `core.catalogue` (ids, titles, player counts) costs nothing: the first
screen lists the games without loading their rules.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from core.engine import CHANCE, Category, Game, IllegalAction, Outcome

    #: Every game Overtable plays, keyed by id (the order is the home screen's).
    GAMES: dict[str, Game]

__all__ = ["CHANCE", "GAMES", "Category", "Game", "IllegalAction", "Outcome"]

_ENGINE_NAMES = frozenset({"CHANCE", "Category", "Game", "IllegalAction", "Outcome"})


def _games() -> dict[str, Any]:
    from core.bossquest import GAME as boss_quest
    from core.overboss import GAME as overboss_duel
    from core.overseers import GAME as overseers
    from core.overstocked import GAME as overstocked

    return {g.id: g for g in (boss_quest, overboss_duel, overstocked, overseers)}


def __getattr__(name: str) -> Any:
    if name == "GAMES":
        value: Any = _games()
    elif name in _ENGINE_NAMES:
        from core import engine

        value = getattr(engine, name)
    else:
        raise AttributeError(f"module 'core' has no attribute {name!r}")
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
