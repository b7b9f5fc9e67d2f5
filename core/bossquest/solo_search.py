"""The Solo Quest's search hooks, called by core/bossquest/search.py when
the match has one knight: an estimate of the chance of winning and a cheap
rollout policy. Kept apart from the knights' hooks so the two can be tuned
on their own.
"""

from __future__ import annotations

import random
from typing import Any

from core.bossquest import solo
from core.bossquest.actions import Ask, AssignTo, PlayPersonal, Resolve
from core.bossquest.cards import ATTACK_CHANGE
from core.bossquest.state import Phase, State

#: a weapon is worth about 4 on average (1-7, potions read either way)
_MEAN_WEAPON = 4

#: A Solo Quest's rough chance of being won, by wave and hearts left.
_SOLO = {1: 0.12, 2: 0.25, 3: 0.45}


def estimate(state: State) -> float:
    if state.phase is Phase.OVER:
        return 1.0 if state.ending in solo.WON else 0.0
    hearts = state.knights[0].hearts
    return min(1.0, _SOLO.get(state.wave, _SOLO[1]) * hearts / 3)


def rollout(state: State, legal: tuple[Any, ...], rng: random.Random) -> Any:
    phase = state.phase
    bosses = state.solo_bosses
    if phase is Phase.SOLO:
        asks = [a for a in legal if isinstance(a, Ask)]
        if asks:
            turns = solo.turns_left(state)
            need = sum(max(0, solo.boss_hp(b) - solo.boss_strength(b)) for b in bosses)
            want = max(1, min(len(asks), round(need / max(1, turns) / _MEAN_WEAPON)))
            return asks[want - 1]
    elif phase is Phase.SOLO_ASSIGN:
        drawn = sum(w.value for w in state.drawn)

        def miss(a: AssignTo) -> tuple[int, int]:
            b = bosses[a.boss]
            gap = solo.boss_hp(b) - solo.boss_strength(b) - drawn
            return (1 if gap < 0 else 0, abs(gap))

        return min((a for a in legal if isinstance(a, AssignTo)), key=miss)
    elif phase is Phase.SOLO_END:
        resolves = [a for a in legal if isinstance(a, Resolve)]
        plays = [a for a in legal if isinstance(a, PlayPersonal)]
        for play in plays:
            b = bosses[play.boss]
            gap = solo.boss_hp(b) - solo.boss_strength(b)
            if gap and gap == ATTACK_CHANGE.get(play.spell.kind):
                return play
        if state.wave == 3 and len(resolves) > 1:
            b = bosses[0]
            gap = solo.boss_hp(b) - solo.boss_strength(b)
            exact = Resolve(gap)
            return exact if exact in resolves else Resolve(0)
        return resolves[0] if resolves else legal[rng.randrange(len(legal))]
    others = [a for a in legal if not isinstance(a, PlayPersonal)] or list(legal)
    return others[rng.randrange(len(others))]
