"""Bots: players that decide from a seat's view (see docs/architecture.md).

`LEVELS` lists, per game id, the levels a new match offers, weakest first:
"easy" (the game's heuristic bot with some noise), "normal" and "hard"
(`core.bots.ismcts.IsmctsBot`, within the budgets of `BUDGETS`, with the
game's search hooks for that level: `hooks_for`; in Boss Quest's Solo
Quest normal plays the rollout policy, hard the policy improved by a step).
`ALL_BOTS` lists every bot `make_bot(game_id, level)` builds: the levels
plus "random" and "heuristic", which old journals name and the arena pits
against the levels. `DEFAULT_LEVEL` is the level a new match proposes;
`DEFAULT_BOT` is the bot seated where no level is named (a stand-in for an
away player, an old journal's bot without a level): cheap on purpose.

The budgets are one table (`BUDGETS`, with a game's own in `GAME_BUDGETS`:
`budget_of`) and `make_bot` takes `seconds` and
`iterations` to override them: the core reads no environment; the host
passes its setting (``OVERTABLE_BOT_SECONDS``, `host/budget.py`).
"""

from __future__ import annotations

from collections.abc import Callable

import attrs

from core.bots.base import Bot, NoisyBot, RandomBot


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

#: The levels a new match offers, weakest first.
SCREEN_LEVELS: tuple[str, ...] = ("easy", "normal", "hard")
#: The level a new match proposes for a bot seat.
DEFAULT_LEVEL = "normal"
#: The bot seated where no level is named (stand-ins, old journals): cheap.
DEFAULT_BOT = "heuristic"
#: How often the easy bot plays a random legal action instead of the
#: heuristic bot's choice, per game (else `EASY_NOISE_DEFAULT`): sized so
#: that easy wins clearly less than its share against the heuristic bot
#: without playing at random (against the heuristic in 2-seat games, 3 in
#: Overseers, 100-300 games each: Boss Quest 0.15 -> 28%, Overboss Duel 0.3
#: -> 24%, Overstocked 0.3 -> 38%, Overseers 0.6 -> 25% of 33%; at 0.3
#: Overseers' easy bot was as strong as the heuristic one, and Boss Quest's
#: won 8%).
EASY_NOISE: dict[str, float] = {"boss-quest": 0.15, "overseers": 0.6}
EASY_NOISE_DEFAULT = 0.3


@attrs.frozen
class Budget:
    """A searching level's budget per decision: whichever ends first."""

    #: seconds of thinking (None: no clock, reproducible by seed)
    seconds: float | None
    #: iterations of the search (None: no cap)
    iterations: int | None


#: The searching levels' budgets on one core. Sized with `python -m
#: benchmarks --only search` (iterations per second of thinking, four
#: positions per game; 14:45 UTC 2026-11-30, load average 1.5 on 2 cores:
#: Boss Quest 1,235/s, Overboss Duel 1,964/s, Overstocked 1,443/s,
#: Overseers 1,847/s): normal's cap takes about a second in the slowest
#: game (Boss Quest), hard's about 3.3 s there, leaving room under its 5 s
#: clock for a busier machine; the clock stops either sooner where a
#: position or a machine is slower. A faster core makes the same caps
#: quicker, not stronger: raise the iterations with it.
BUDGETS: dict[str, Budget] = {
    "normal": Budget(seconds=2.0, iterations=1200),
    "hard": Budget(seconds=5.0, iterations=4000),
}

#: (game id, level) -> the level's budget in that game where not `BUDGETS`'s
#: (`budget_of`). Boss Quest's hard bot plays the heuristic bot's own
#: Wizard in its rollouts (core/bossquest/search.py, `hard_rollout`), each
#: about four times as dear as normal's (734 a CPU second at 2,691 for
#: normal's on a loaded core, docs/opponents.md): 1,200 deals a move keep
#: its slowest move near 1.6 s there, well inside the clock, where 4,000
#: would run into it; the Solo Quest's hard bot reads as many deals.
GAME_BUDGETS: dict[tuple[str, str], Budget] = {
    ("boss-quest", "hard"): Budget(seconds=5.0, iterations=1200),
}


def budget_of(game_id: str, level: str) -> Budget:
    """The searching `level`'s budget in `game_id` (KeyError for a level
    that does not search)."""
    return GAME_BUDGETS.get((game_id, level)) or BUDGETS[level]


#: game id -> the levels a new match offers, weakest first, strongest last.
LEVELS: dict[str, tuple[str, ...]] = {
    "boss-quest": SCREEN_LEVELS,
    "overboss-duel": SCREEN_LEVELS,
    "overstocked": SCREEN_LEVELS,
    "overseers": SCREEN_LEVELS,
}

#: game id -> every bot `make_bot` builds for it.
ALL_BOTS: dict[str, tuple[str, ...]] = {
    game_id: ("random", "heuristic", *levels) for game_id, levels in LEVELS.items()
}

#: levels of games not in `core.GAMES` yet (no screen): listed in `LEVELS`
#: once the game is registered, so nothing offers a bot for a game the app
#: cannot show
_PENDING_LEVELS: dict[str, tuple[str, ...]] = {}


def _register_other_games() -> None:
    # Every registered game can at least seat a random bot.
    from core import GAMES

    for game_id in GAMES:
        levels = LEVELS.setdefault(game_id, _PENDING_LEVELS.get(game_id, ("random",)))
        ALL_BOTS.setdefault(game_id, tuple(dict.fromkeys(("random", *levels))))


_register_other_games()


def make_bot(
    game_id: str,
    level: str,
    *,
    seconds: float | None | object = ...,
    iterations: int | None | object = ...,
    tree_depth: int | None = None,
) -> Bot:
    """A fresh bot of `level` (any of `ALL_BOTS[game_id]`) for the game
    `game_id` (ValueError if unknown).

    For "normal" and "hard", `seconds` and `iterations` override `BUDGETS`
    (None: no bound of that kind). Naming `iterations` alone searches by
    iterations only, with no clock, so the same seed gives the same choice
    (the arena, the tests); naming `seconds` alone keeps the level's
    iteration cap and changes its time limit (a slower machine, a host
    setting). `tree_depth` bounds the search tree's depth in decisions
    (`IsmctsBot`; the arena's ``hard:tree_depth=1``), and grows a tree where
    the game searches on common deals (Boss Quest's knights); the levels set
    none."""
    bots = ALL_BOTS.get(game_id)
    if bots is None:
        raise ValueError(f"no bots for game {game_id!r}")
    if level not in bots:
        raise ValueError(f"no {level!r} bot for {game_id!r}; bots: {', '.join(bots)}")
    if tree_depth is not None and level not in BUDGETS:
        raise ValueError(f"the {level!r} bot does not search: it takes no tree_depth")
    if level == "random":
        return RandomBot()
    heuristic = _FACTORIES.get((game_id, "heuristic"))
    if level == "heuristic":
        assert heuristic is not None
        return heuristic()
    if level == "easy":
        noise = EASY_NOISE.get(game_id, EASY_NOISE_DEFAULT)
        return NoisyBot(heuristic() if heuristic else RandomBot(), noise, name="easy")
    from core import GAMES
    from core.bots.ismcts import IsmctsBot, hooks_for

    game = GAMES.get(game_id)
    budget = budget_of(game_id, level)
    if iterations is not ... and seconds is ...:
        seconds = None
    return IsmctsBot(
        iterations=budget.iterations if iterations is ... else iterations,  # type: ignore[arg-type]
        seconds=budget.seconds if seconds is ... else seconds,  # type: ignore[arg-type]
        fallback=heuristic() if heuristic else RandomBot(),
        tree_depth=tree_depth,
        # the level's own hooks (Boss Quest's normal in the Solo Quest)
        hooks=hooks_for(game, level) if game is not None else None,
        name=level,
    )


__all__ = [
    "ALL_BOTS",
    "BUDGETS",
    "DEFAULT_BOT",
    "GAME_BUDGETS",
    "DEFAULT_LEVEL",
    "LEVELS",
    "Bot",
    "Budget",
    "NoisyBot",
    "RandomBot",
    "budget_of",
    "make_bot",
]
