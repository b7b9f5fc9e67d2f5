"""The rules of Overtable's games: pure, immutable, no I/O, no Textual."""

from core.bossquest import GAME as _BOSS_QUEST
from core.engine import CHANCE, Category, Game, IllegalAction, Outcome
from core.overboss import GAME as _OVERBOSS_DUEL
from core.overstocked import GAME as _OVERSTOCKED

#: Every game Overtable plays, keyed by id (the order is the home screen's).
GAMES: dict[str, Game] = {g.id: g for g in (_BOSS_QUEST, _OVERBOSS_DUEL, _OVERSTOCKED)}

__all__ = ["CHANCE", "GAMES", "Category", "Game", "IllegalAction", "Outcome"]
