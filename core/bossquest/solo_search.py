"""The Solo Quest's search hooks, called by core/bossquest/search.py when
the match has one knight: an estimate of the chance of winning, a rollout
policy, a pruning of the choices the tree considers, and the bot's own
move (`answer`, hard's: the policy improved by one step over playouts,
`improve`; `policy_answer`, normal's: the policy alone).
Kept apart from the knights' hooks so the two can be tuned on their own.

The quest in numbers (BQ §Solo Quest): each wave of three Bosses (14-21 HP,
give or take the row's HP spells) has five turns; a turn asks for 1-4
weapons (1-7, four colours), sees them, then gives them and the row's top
spell to one Boss (BQ-40). A Boss is beaten only by an exact hit, so the
policy first brings the Bosses within a card or two of their HP and then
asks for as many cards as best fit one of the gaps left, since the weapons
are seen before the Boss is chosen. A Boss under a condition (a colour, a
pair) is weighed by the chance the weapons that close its gap still bring
it. The four personal spells (each once in the quest) and, at the final
assault, the spare hearts (BQ-41) close what is left.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import lru_cache
from itertools import combinations
from typing import Any

from core.bossquest import solo
from core.bossquest.actions import (
    Ask,
    AssignTo,
    DrawWeapon,
    PlayPersonal,
    Resolve,
    RevealBoss,
    TargetSpell,
    TargetWeapon,
)
from core.bossquest.cards import ATTACK_CHANGE, HP_CHANGE, Colour, SpellKind
from core.bossquest.state import Phase, SoloBoss, State, evolve
from core.engine import CHANCE
from core.playout import sample_chance

_P_OVER = Phase.OVER
_P_SOLO = Phase.SOLO
_P_SOLO_ASSIGN = Phase.SOLO_ASSIGN
_P_SOLO_BOSSES = Phase.SOLO_BOSSES
_P_SOLO_END = Phase.SOLO_END
_P_SOLO_TARGET = Phase.SOLO_TARGET
_K_NEED_COLOUR = SpellKind.NEED_COLOUR
_K_NEED_PAIR = SpellKind.NEED_PAIR
_K_CANCEL = SpellKind.CANCEL

# ---------------------------------------------------------------------------
# Sums of weapons.


def _sum_odds(count: int) -> dict[int, float]:
    """The chance of each total of `count` weapons drawn from a full solo
    deck (values 1-7, four of each; BQ §Solo Quest, 2. Setup)."""
    deck = [v for v in range(1, 8) for _ in range(4)]
    totals: dict[int, int] = {}
    n = 0
    for hand in combinations(range(len(deck)), count):
        s = sum(deck[i] for i in hand)
        totals[s] = totals.get(s, 0) + 1
        n += 1
    return {s: k / n for s, k in totals.items()}


#: count -> total -> chance, for 1-4 weapons (a full deck: the wave's
#: deck is reshuffled each wave, BQ-39, and a wave draws a third of it)
SUM_ODDS = {count: _sum_odds(count) for count in range(1, solo.MAX_ASK + 1)}
#: a weapon is worth 4 on average
_MEAN_WEAPON = 4
#: the gap a building turn aims to leave for a later, finishing one
_LEAVE = 5


def _gap(boss: SoloBoss) -> int:
    return solo.boss_hp(boss) - solo.boss_strength(boss)


def _fixes(personal: tuple[Any, ...]) -> dict[int, tuple[Any, ...]]:
    """Each attack change the personal spells left can make -> the spells
    (a single spell, else two)."""
    out = _FIXES.get(personal)
    if out is None:
        out = {}
        for s in personal:
            out.setdefault(ATTACK_CHANGE[s.kind], (s,))
        for a, b in combinations(personal, 2):
            d = ATTACK_CHANGE[a.kind] + ATTACK_CHANGE[b.kind]
            if d:
                out.setdefault(d, (a, b))
        _FIXES[personal] = out
    return out


#: personal spells left -> `_fixes` (at most 16 entries)
_FIXES: dict[tuple[Any, ...], dict[int, tuple[Any, ...]]] = {}


@lru_cache(maxsize=64)
def _final_reach(personal: tuple[Any, ...], hearts: int) -> frozenset[int]:
    """The gaps the final assault can still close at its end: personal spells
    plus spare hearts for +1 / -1 each (BQ §3. Final Assault, BQ-41)."""
    spare = hearts - 1
    sums = {0}
    for s in personal:
        d = ATTACK_CHANGE[s.kind]
        sums |= {x + d for x in sums}
    return frozenset(x + a for x in sums for a in range(-spare, spare + 1))


# ---------------------------------------------------------------------------
# Rollout policy.


def _worth(gap: int, met: float, turns: int, fixes: dict[int, Any]) -> float:
    """How promising a Boss is, `gap` short of its HP with `turns` left in
    the wave after this one and a chance `met` of its conditions being met
    (1 beaten, -1 lost)."""
    if met <= 0.0:
        return -1.0
    if met < 1.0:
        return met * _worth(gap, 1.0, turns, fixes) - (1.0 - met)
    if gap == 0:
        return 1.0
    if gap in fixes and len(fixes[gap]) == 1:
        return 0.75
    if gap < 0:
        return 0.6 if gap in fixes else -1.0
    if turns == 0:
        return 0.6 if gap in fixes else -1.0
    return 0.5 - 0.03 * abs(gap - _LEAVE)


def _assign_worth(state: State, index: int, fixes: dict[int, Any], drawn: int) -> float:
    """What giving the weapons drawn (worth `drawn`) and the top spell to
    Boss `index` gains."""
    boss = state.solo_bosses[index]
    spell = solo.top_spell(state)
    turns = solo.turns_left(state) - 1
    gap = _gap(boss)
    after = gap - drawn
    spells = boss.spells
    if spell is not None and spell.kind is not _K_CANCEL:
        after += HP_CHANGE.get(spell.kind, 0)
        spells = spells + (spell,)
    if any(s.kind in _CONDITIONS for s in spells):
        trial = SoloBoss(boss.hp, boss.weapons + state.drawn, spells)
        met_after = _met_chance(trial, after, turns)
        met_before = _met_chance(boss, gap, turns + 1)
    else:
        met_after = met_before = 1.0
    return _worth(after, met_after, turns, fixes) - _worth(gap, met_before, turns + 1, fixes)


_CONDITIONS = frozenset({_K_NEED_COLOUR, _K_NEED_PAIR})


def _met_chance(boss: SoloBoss, gap: int, turns: int) -> float:
    """About the chance that `boss`'s conditions are met at the wave's end,
    `gap` short of its HP with `turns` left: a colour or a pair can still
    come only with the weapons that close the gap (about one a 4 of it),
    none once the gap is closed."""
    if solo.conditions_met(boss):
        return 1.0
    if turns == 0 or gap <= 0:
        return 0.0
    more = min(-(-gap // _MEAN_WEAPON), solo.MAX_ASK * turns)
    chance = 1.0
    for spell in solo.unmet_conditions(boss):
        if spell.kind is _K_NEED_COLOUR:
            chance *= 1.0 - (1.0 - 1.0 / _COLOURS) ** more
        else:
            # no pair yet: the Boss's weapons are of distinct colours
            no_pair = 1.0
            for i in range(more):
                no_pair *= max(0, _COLOURS - len(boss.weapons) - i) / _COLOURS
            chance *= 1.0 - no_pair
    return chance


#: the Solo Quest's weapons come in four colours (BQ §Solo Quest, 2. Setup)
_COLOURS = 4


def _ask_count(state: State, asks: list[Any], fixes: dict[int, Any]) -> Any:
    turns = solo.turns_left(state)
    spell = solo.top_spell(state)
    shift = HP_CHANGE.get(spell.kind, 0) if spell is not None else 0
    open_ = tuple(sorted(g for g in map(_gap, state.solo_bosses) if g > 0))
    if not open_:
        return asks[0]
    if turns > len(open_) and open_[-1] > _LEAVE + 2:
        # a building turn: bring the furthest Boss to about _LEAVE short
        want = round((open_[-1] - _LEAVE) / _MEAN_WEAPON)
        return asks[max(1, min(len(asks), want)) - 1]
    reach = _final_reach(state.personal, state.knights[0].hearts) if state.wave == 3 else None
    count = _finishing_count(open_, shift, frozenset(fixes), reach, turns, len(asks))
    return asks[count - 1]


@lru_cache(maxsize=1 << 14)
def _finishing_count(
    open_: tuple[int, ...],
    shift: int,
    fixes: frozenset[int],
    reach: frozenset[int] | None,
    turns: int,
    most: int,
) -> int:
    """A finishing turn: the count (1 to `most`) whose total best fits one
    of the gaps `open_` (after the top spell's HP `shift`): exactly, or
    with a personal spell (`fixes`), or at the final assault within `reach`
    of the spare hearts and spells."""
    best, best_score = 1, -1.0
    spare = turns > len(open_)
    for count in range(1, most + 1):
        score = 0.0
        for total, p in SUM_ODDS[count].items():
            fit = 0.0
            for g in open_:
                left = g + shift - total
                if reach is not None:
                    if left in reach or (turns > 1 and left > 0):
                        fit = 1.0
                elif left == 0:
                    fit = 1.0
                elif left in fixes:
                    fit = max(fit, 0.6)
                elif spare and left > 0:
                    fit = max(fit, 0.4)
            score += p * fit
        if score > best_score:
            best, best_score = count, score
    return best


def _end(state: State, legal: tuple[Any, ...]) -> Any:
    bosses = state.solo_bosses
    fixes = _fixes(state.personal)
    if state.wave == 3:
        gap = _gap(bosses[0])
        spare = state.knights[0].hearts - 1
        if gap and solo.conditions_met(bosses[0]):
            # spells first (they are worth nothing after the quest), then hearts
            for d, spells in sorted(fixes.items(), key=lambda kv: abs(gap - kv[0])):
                if abs(gap - d) < abs(gap) and abs(gap - d) <= spare:
                    play = PlayPersonal(spells[0], 0)
                    if play in legal:
                        return play
        adjust = Resolve(gap)
        return adjust if adjust in legal and gap else Resolve(0)
    for i, boss in enumerate(bosses):
        gap = _gap(boss)
        spells = fixes.get(gap) if gap else None
        if spells and solo.conditions_met(boss):
            play = PlayPersonal(spells[0], i)
            if play in legal:
                return play
    return Resolve(0)


def rollout(state: State, legal: tuple[Any, ...], rng: random.Random) -> Any:
    """A quick, sensible move (module docstring): build towards the Bosses'
    HP, finish with the count that best fits a gap, give the weapons where
    they leave a Boss nearest an exact hit, and close the rest with the
    personal spells and the final assault's hearts."""
    phase = state.phase
    if phase is _P_SOLO:
        asks = [a for a in legal if isinstance(a, Ask)]
        if asks:
            return _ask_count(state, asks, _fixes(state.personal))
        phase = _P_SOLO_ASSIGN  # no weapon left: the spell alone (BQ-40)
    if phase is _P_SOLO_ASSIGN:
        fixes = _fixes(state.personal)
        drawn = sum(w.value for w in state.drawn)
        best, best_worth = None, -9.0
        for a in legal:
            if isinstance(a, AssignTo):
                worth = _assign_worth(state, a.boss, fixes, drawn)
                if worth > best_worth:
                    best, best_worth = a, worth
        return best
    if phase is _P_SOLO_END:
        return _end(state, legal)
    if phase is _P_SOLO_TARGET:
        return _target(state, legal)
    return legal[rng.randrange(len(legal))]


def _target(state: State, legal: tuple[Any, ...]) -> Any:
    """Cancel or Swap with deck, on any Boss of the wave (BQ-40): the target
    whose change most raises its Boss's worth (a condition no longer unmet,
    an HP change off a Boss passed or short, a weapon that overshoots)."""
    bosses = state.solo_bosses
    turns = solo.turns_left(state)
    fixes = _fixes(state.personal)

    def worth(boss: SoloBoss, change: int = 0) -> float:
        gap = _gap(boss) - change
        return _worth(gap, _met_chance(boss, gap, turns), turns, fixes)

    if isinstance(legal[0], TargetSpell):

        def after_cancel(a: TargetSpell) -> float:
            boss = bosses[solo.spell_boss(state, a)]
            rest = boss.spells[: a.index] + boss.spells[a.index + 1 :]
            return worth(SoloBoss(boss.hp, boss.weapons, rest)) - worth(boss)

        return max(legal, key=after_cancel)  # the first of equals: board order

    # swap with the deck: the new card is worth about 4
    def after_swap(a: TargetWeapon) -> float:
        boss = bosses[solo.weapon_boss(state, a.weapon)]
        return worth(boss, _MEAN_WEAPON - a.weapon.value) - worth(boss)

    return max(
        (a for a in legal if isinstance(a, TargetWeapon)),
        key=lambda a: (after_swap(a), -abs(a.weapon.value - _MEAN_WEAPON)),
    )


#: Playouts per candidate move in `answer` when no budget is given (the
#: hard bot reads its level's iteration budget instead, `BUDGETS` in
#: core/bots: 4,000 deals, under its 5 s clock). The candidates differ by a
#: few hundredths in the chance of winning, so few playouts choose by
#: noise: 30 won 33 of 200 quests (the policy alone 32), 100 won 58 of the
#: same 200; 1,000 won 100 of 300 quests where 300 won 90 of the same (a
#: little, inside the noise; docs/opponents.md).
#: A move at 300 takes about 0.15 s of CPU, at 2,000 up to 1.8 s (the
#: normal level plays `policy_answer`, no playouts).
PLAYOUTS = 300


def answer(
    view: State,
    legal: tuple[Any, ...],
    playouts: int | None = None,
    stop: Callable[[], bool] | None = None,
) -> Any:
    """The hard bot's own move in the Solo Quest: the rollout policy
    improved by one step (`improve`, `playouts` deals, else `PLAYOUTS`,
    until `stop` says so), from its view. The tree search over these hooks
    measured below the policy alone (4 of 52 quests at 500 iterations a
    move, 0 of 7 at hard's 4,000), the policy about 17%, this 29% of the
    same 200 quests at 100 playouts (docs/opponents.md)."""
    if not legal or view.phase not in _DECISIONS:
        return None
    return improve(view, legal, PLAYOUTS if playouts is None else playouts, stop)


def policy_answer(view: State, legal: tuple[Any, ...]) -> Any:
    """The normal bot's own move in the Solo Quest: the rollout policy
    alone, from its view (about 19-20% of quests won, where `answer`, hard's
    move, wins about a third, docs/opponents.md). A function of the view: the
    policy draws at random only outside the quest's decisions, where it is
    not asked."""
    if not legal or view.phase not in _DECISIONS:
        return None
    return rollout(view, legal, random.Random(0))


def improve(
    view: State,
    legal: tuple[Any, ...],
    playouts: int,
    stop: Callable[[], bool] | None = None,
) -> Any:
    """The candidate (the moves `prune` keeps) whose playouts win most: on
    each of `playouts` deals drawn from the view (`_deal`: an order of the
    weapons the view leaves unseen, of every later wave's deck and of the
    Bosses left), every candidate is played, then `rollout` to the wave's end
    (the quest's end in the final assault), valued by `_at_start` there (a
    rollout algorithm: no worse than the policy but for the deals' noise, and
    common deals make the candidates' differences less noisy than their
    values). Ties go to the policy's own move, then to `legal`'s order. A
    function of the view: the deals are drawn from a generator seeded by it
    (`_view_key`); the view's unseen weapons fill the deck, whose order no
    state holds (chance draws from a pile, BQ §Solo Quest).

    Every `SETTLE_EVERY` deals it stops early once the leader is settled
    (ahead of every other candidate by more than the deals left could
    give: a playout is worth 0 to 1), the same answer all the deals would
    give; and, asked before every deal, when `stop()` is true (the bot's
    clock, "move now"), with the leader of the deals played so far, each
    candidate played on each (so a move overruns its clock by a deal at
    most, a few milliseconds)."""
    own = rollout(view, legal, random.Random(0))
    cands = prune(view, legal) or legal
    if len(cands) == 1:
        return cands[0]
    full = view if view.unseen is None else evolve(view, weapon_deck=view.unseen, unseen=None)
    rng = random.Random(_view_key(view))
    wave = full.wave
    apply = solo.apply
    afters = [apply(full, 0, a) for a in cands]
    totals = [0.0] * len(cands)
    for done in range(playouts):
        if done and stop is not None and stop():
            break
        if done and done % SETTLE_EVERY == 0 and _settled(totals, playouts - done):
            break
        deal = _deal(full, rng)
        seed = rng.getrandbits(32)
        for j, after in enumerate(afters):
            totals[j] += _play_out(after, deal, random.Random(seed), wave)
    best = max(range(len(cands)), key=lambda j: (totals[j], cands[j] == own, -j))
    return cands[best]


#: `improve` asks whether its answer is settled every this many deals
SETTLE_EVERY = 20


def _settled(totals: list[float], left: int) -> bool:
    """Whether the candidate ahead stays ahead whatever `left` more deals
    give (each adds 0 to 1 to a total): strictly, so that no tie-break is
    left to the deals to come."""
    first, second = sorted(totals, reverse=True)[:2]
    return first - second > left


def _deal(state: State, rng: random.Random) -> tuple[dict[int, list[Any]], list[int]]:
    """The order chance will draw in, for one playout: the wave's weapons
    (the deck now), each later wave's reshuffled deck (BQ-39) and the Bosses
    left."""
    orders: dict[int, list[Any]] = {}
    for wave in range(state.wave, 4):
        deck = list(state.weapon_deck if wave == state.wave else solo.solo_weapons(state.options))
        rng.shuffle(deck)
        orders[wave] = deck
    bosses = list(state.boss_deck)
    rng.shuffle(bosses)
    return orders, bosses


def _play_out(
    state: State, deal: tuple[dict[int, list[Any]], list[int]], rng: random.Random, wave: int
) -> float:
    """`rollout` from `state`, chance drawing in `deal`'s order, to the end
    of `wave` (valued by `_at_start`) or of the quest (1 won, 0 lost)."""
    orders, bosses = deal
    drawn = dict.fromkeys(orders, 0)
    met = 0
    apply = solo.apply
    legal_actions = solo.legal_actions
    while True:
        phase = state.phase
        if phase is _P_OVER:
            return _result(state)
        if state.wave != wave:
            return _at_start(state)
        if phase in _CHANCE_PHASES:
            if phase is _P_SOLO_BOSSES:
                draw: Any = RevealBoss(bosses[met])
                met += 1
            elif state.deck_top and state.deck_top[0].weapon is not None:
                draw = DrawWeapon(state.deck_top[0].weapon)
            else:
                at = drawn[state.wave]
                draw = DrawWeapon(orders[state.wave][at])
                drawn[state.wave] = at + 1
            state = apply(state, CHANCE, draw)
            continue
        legal = legal_actions(state, 0)
        state = apply(state, 0, legal[0] if len(legal) == 1 else rollout(state, legal, rng))


#: the enums by number (a string's hash differs from one process to the next)
_PHASE_NO = {p: i for i, p in enumerate(Phase)}
_COLOUR_NO = {c: i + 1 for i, c in enumerate(Colour)}


def _view_key(view: State) -> int:
    """A number read from the view (ints only: the same in every process),
    to seed `improve`'s deals."""
    return hash(
        (
            view.wave,
            _PHASE_NO[view.phase],
            view.knights[0].hearts,
            tuple((_COLOUR_NO.get(w.colour, 0), w.value) for w in view.unseen or ()),
            tuple((b.hp, _gap(b), len(b.weapons), len(b.spells)) for b in view.solo_bosses),
            tuple(w.value for w in view.drawn),
            len(view.rows[view.wave - 1]) if 1 <= view.wave <= 3 else 0,
            tuple(ATTACK_CHANGE[s.kind] for s in view.personal),
        )
    )


_DECISIONS = frozenset({_P_SOLO, _P_SOLO_ASSIGN, _P_SOLO_TARGET, _P_SOLO_END})


# ---------------------------------------------------------------------------
# Pruning.


def prune(state: State, legal: tuple[Any, ...]) -> tuple[Any, ...] | None:
    """The choices worth the tree's time: during the turns, the asks and
    the gives (a personal spell changes nothing until the wave is fought, so
    it waits for its end, where the same plays are offered); Cancel's and
    Swap's targets on the Bosses not already beaten; at the wave's end, the
    personal spells that bring a Boss towards its HP without passing it."""
    phase = state.phase
    if phase is _P_SOLO or phase is _P_SOLO_ASSIGN:
        kept = tuple(a for a in legal if not isinstance(a, PlayPersonal))
        return kept or None
    if phase is _P_SOLO_TARGET:
        # Cancel or Swap with deck reach every Boss (BQ-40): not a change
        # that breaks a Boss already beaten (exact, its conditions met)
        kept = tuple(a for a in legal if not _breaks(state, a))
        return kept or None
    if phase is _P_SOLO_END:
        bosses = state.solo_bosses
        kept = []
        for a in legal:
            if isinstance(a, PlayPersonal):
                gap = _gap(bosses[a.boss])
                d = ATTACK_CHANGE[a.spell.kind]
                if not (gap and (gap > 0) == (d > 0) and abs(d) <= abs(gap)):
                    continue
            kept.append(a)
        return tuple(kept) or None
    return None


def _breaks(state: State, action: Any) -> bool:
    """Whether Cancel's or Swap's `action` spoils a Boss beaten as it
    stands (exact, its conditions met): a swap almost surely does, a
    cancel unless it takes a condition."""
    if isinstance(action, TargetSpell):
        boss = state.solo_bosses[solo.spell_boss(state, action)]
        rest = boss.spells[: action.index] + boss.spells[action.index + 1 :]
        return _done(boss) and not _done(SoloBoss(boss.hp, boss.weapons, rest))
    return _done(state.solo_bosses[solo.weapon_boss(state, action.weapon)])


def _done(boss: SoloBoss) -> bool:
    return _gap(boss) == 0 and solo.conditions_met(boss)


def horizon(state: State) -> Any:
    """Where a rollout from `state` could stop for `estimate`: at the end of
    the wave in progress, where `estimate` reads `WAVE_START` without
    playing the rest of the wave. For `SearchHooks.horizon`; not wired yet
    (search.py's horizon keeps `ROLLOUT_DEPTH` for the Solo Quest): it
    halves the CPU time of an iteration (0.38 s per 1,000 against 0.73 s,
    200-iteration searches of five quests) but its strength is unmeasured."""
    wave = state.wave
    return lambda later: later.wave != wave


# ---------------------------------------------------------------------------
# Estimate.

#: The personal spells' attack changes, in the order of their bits in the
#: tables below.
_BITS = (1, 2, -1, -2)
#: The chance of winning the quest from the start of the 2nd wave and of
#: the final assault, by hearts (1-3) and the personal spells left (a bit
#: each for +1, +2, -1, -2): measured by playing `rollout` from 2,000 random
#: wave starts each (rows and Bosses drawn at random; the 2nd wave's ends
#: read in the final assault's table). More hearts, more spells or a later
#: wave never measured less (none can lower the chance; a test checks). A
#: personal spell left is worth about as much as a heart.
# fmt: off
WAVE_START: dict[int, tuple[tuple[float, ...], ...]] = {
    2: (
        (0.002, 0.005, 0.004, 0.011, 0.003, 0.012, 0.015, 0.033, 0.004, 0.013, 0.010, 0.035, 0.015, 0.032, 0.034, 0.085),
        (0.018, 0.055, 0.056, 0.127, 0.052, 0.120, 0.127, 0.243, 0.053, 0.127, 0.114, 0.237, 0.124, 0.232, 0.241, 0.390),
        (0.103, 0.212, 0.221, 0.361, 0.219, 0.340, 0.363, 0.490, 0.220, 0.351, 0.368, 0.523, 0.356, 0.496, 0.518, 0.640),
    ),
    3: (
        (0.116, 0.222, 0.210, 0.427, 0.246, 0.354, 0.439, 0.517, 0.233, 0.459, 0.339, 0.605, 0.440, 0.561, 0.627, 0.698),
        (0.346, 0.426, 0.512, 0.572, 0.454, 0.535, 0.603, 0.624, 0.548, 0.633, 0.687, 0.736, 0.633, 0.691, 0.772, 0.803),
        (0.534, 0.596, 0.647, 0.693, 0.627, 0.666, 0.747, 0.766, 0.709, 0.756, 0.788, 0.827, 0.749, 0.812, 0.845, 0.871),
    ),
}
# fmt: on


def _spell_bits(personal: tuple[Any, ...]) -> int:
    bits = 0
    for s in personal:
        bits |= 1 << _BITS.index(ATTACK_CHANGE[s.kind])
    return bits


def _at_start(state: State) -> float:
    hearts = state.knights[0].hearts
    if hearts <= 0:
        return 0.0
    return WAVE_START[state.wave][min(hearts, 3) - 1][_spell_bits(state.personal)]


def _wave_begins(state: State) -> bool:
    """Whether no weapon of the wave has been given yet (its Bosses may
    still be turning up)."""
    if state.wave == 3:
        return not state.solo_bosses[0].weapons and _turns_full(state)
    return state.phase is _P_SOLO_BOSSES or (
        state.phase is _P_SOLO
        and _turns_full(state)
        and not any(b.weapons for b in state.solo_bosses)
    )


def _turns_full(state: State) -> bool:
    return len(state.rows[state.wave - 1]) == solo.row_sizes(state.options)[state.wave - 1]


def estimate(state: State) -> float:
    """The chance of winning from `state`: the rest of the wave played by
    `rollout` (chance drawn by a generator seeded from the position, so the
    estimate is a function of the state), then the table of wave starts
    (`WAVE_START`)."""
    if state.phase is _P_OVER:
        return _result(state)
    if state.wave >= 2 and _wave_begins(state):
        return _at_start(state)
    rng = random.Random(_position_key(state))
    wave = state.wave
    apply = solo.apply
    while state.wave == wave:
        phase = state.phase
        if phase is _P_OVER:
            return _result(state)
        if phase in _CHANCE_PHASES:
            state = apply(state, CHANCE, sample_chance(solo.chance_outcomes(state), rng))
            continue
        legal = solo.legal_actions(state, 0)
        action = legal[0] if len(legal) == 1 else rollout(state, legal, rng)
        state = apply(state, 0, action)
    return _result(state) if state.phase is _P_OVER else _at_start(state)


def _result(state: State) -> float:
    """A finished quest's value: 1 won, 0 lost (BQ §3. Final Assault)."""
    return 1.0 if state.ending in solo.WON else 0.0


_CHANCE_PHASES = frozenset({Phase.SOLO_LAY, Phase.SOLO_BOSSES, Phase.SOLO_DRAW, Phase.SOLO_SWAP})


def _position_key(state: State) -> int:
    """A number read from the position (ints only: the same in every
    process), to seed the estimate's draws."""
    return hash(
        (
            state.wave,
            state.knights[0].hearts,
            len(state.weapon_deck),
            sum(w.value for w in state.weapon_deck),
            tuple(_gap(b) for b in state.solo_bosses),
            len(state.rows[state.wave - 1]) if 1 <= state.wave <= 3 else 0,
            len(state.personal),
        )
    )
