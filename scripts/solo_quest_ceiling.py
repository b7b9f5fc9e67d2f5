"""How far can a fair player go in the Solo Quest? A planner and its
estimate of the quest's chance, beside the searching bots' 40% target
(issue: opponents worth playing; docs/opponents.md, "The Solo Quest").

Not part of the game: an analysis, run by hand (numpy is the test extra's):

    python scripts/solo_quest_ceiling.py estimate --scenes 20 --jobs 2
    python scripts/solo_quest_ceiling.py play --quests 200 --seed 1000 --jobs 2

The quest hides nothing but the order of the piles (BQ §Solo Quest: the
rows of spells lie face up, a wave's Bosses turn face up when it begins,
BQ-39, and the weapons drawn are seen, BQ-40), so the best play is an
expectation over the draws to come. The planner computes one by dynamic
programming over the wave's gaps (each Boss's HP less the attack given):

- the value of each end of the wave (every Boss's gap, the personal spells
  played at their best, then the chance of winning from the next wave's
  start: a table for the 2nd wave, the final assault planned on its row);
- back through the turns left, an array over the gaps: each turn the best
  count to ask for, the totals it may draw and the Boss each total is best
  given to, with the turn's spell's HP change;
- for a move (`choose`), every draw the deck can give exactly, colours
  included, with the conditions, Cancel and Swap with deck read on the
  Bosses as they are.

The arrays leave out the colours of later turns (a later condition is met
with about the chance a colour or a pair comes with a Boss's cards, or,
with `conditions=False`, always), Cancel and Swap with deck in later turns,
and the deck's change as later turns draw (each turn draws from the deck as
it is now). `estimate` reads the arrays at the start of random quests: the
planner's own chance, and, with every condition taken as met, a chance no
quest with conditions should beat by much.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from functools import lru_cache
from itertools import combinations, product
from math import comb
from multiprocessing import Pool
from typing import Any

import numpy as np

from core.bossquest import cards, solo
from core.bossquest.actions import (
    Ask,
    AssignTo,
    PlayPersonal,
    Resolve,
    TargetSpell,
    TargetWeapon,
)
from core.bossquest.cards import ATTACK_CHANGE, HP_CHANGE, SpellKind
from core.bossquest.solo_search import WAVE_START, _spell_bits
from core.bossquest.state import Options, Phase, SoloBoss, State
from core.engine import CHANCE
from core.playout import sample_chance

_CONDITIONS = (SpellKind.NEED_COLOUR, SpellKind.NEED_PAIR)

#: the gaps the arrays hold; a gap below GMIN (attack far above the HP) is
#: lost whatever comes, one above GMAX is not reached (the MegaBoss's 30 HP
#: and the HP spells' +4)
GMIN, GMAX = -8, 34
G = GMAX - GMIN + 1
#: the most a turn can draw (4 cards of 7)
MAX_TOTAL = 7 * solo.MAX_ASK


def _at(gap: int) -> int:
    return min(max(gap, GMIN), GMAX) - GMIN


# ---------------------------------------------------------------------------
# The end of a wave.


def _next_start(
    wave: int,
    hearts: int,
    bits: int,
    final: tuple[Any, ...],
    conditions: bool = True,
    second: Any = None,
) -> float:
    """The chance of winning from the start of the wave after `wave` with
    `hearts` and the personal spells `bits`: the 2nd wave's from a table of
    wave starts (`second`, else the search hooks' `WAVE_START`), the final
    assault's planned on its row (`final`, face up from the start, BQ §The
    scene)."""
    if hearts < 1:
        return 0.0
    if wave == 1:
        return (second or WAVE_START[2])[min(hearts, 3) - 1][bits]
    return _final_start(final, hearts, bits, conditions)


@lru_cache(maxsize=512)
def _final_start(final: tuple[Any, ...], hearts: int, bits: int, conditions: bool = True) -> float:
    personal = tuple(d for d, bit in _BIT_OF.items() if bits & bit)
    end = _wave_end(1, 3, hearts, personal, (), conditions)
    start = _turns_back(end, final, _FULL, conditions)
    return float(start[_at(cards.MEGABOSS)])


@lru_cache(maxsize=256)
def _wave_end(
    bosses: int,
    wave: int,
    hearts: int,
    personal: tuple[int, ...],
    final: tuple[Any, ...],
    conditions: bool = True,
    second: Any = None,
) -> Any:
    """The chance of winning the quest at the end of `wave`, by the gaps of
    its `bosses` Bosses (all conditions met), the personal spells `personal`
    (attack changes) played at their best; `final` is the final assault's
    row."""
    if wave == 3:
        # BQ §3. Final Assault, BQ-41: spells, then up to `hearts - 1` hearts
        spare = hearts - 1
        sums = {0}
        for d in personal:
            sums |= {x + d for x in sums}
        end = np.zeros(G)
        for x in sums:
            for a in range(-spare, spare + 1):
                if GMIN < x + a <= GMAX:
                    end[_at(x + a)] = 1.0
        return end
    shape = (G,) * bosses
    end = np.zeros(shape)
    for plan in product(range(bosses + 1), repeat=len(personal)):
        fixes = [0] * bosses
        left = []
        for d, where in zip(personal, plan, strict=True):
            if where == bosses:
                left.append(d)
            else:
                fixes[where] += d
        bits = _bits(tuple(left))
        # by the Bosses beaten: the next wave's start, or the quest lost
        worth = np.array(
            [
                _next_start(wave, hearts - (bosses - beaten), bits, final, conditions, second)
                for beaten in range(bosses + 1)
            ]
        )
        beaten = np.zeros(shape, dtype=np.int64)
        for i, fix in enumerate(fixes):
            if GMIN < fix <= GMAX:
                hit = np.zeros(G, dtype=np.int64)
                hit[_at(fix)] = 1
                beaten = beaten + hit.reshape([G if j == i else 1 for j in range(bosses)])
        np.maximum(end, worth[beaten], out=end)
    return end


_BIT_OF = {1: 1, 2: 2, -1: 4, -2: 8}


def _bits(changes: tuple[int, ...]) -> int:
    bits = 0
    for d in changes:
        bits |= _BIT_OF[d]
    return bits


# ---------------------------------------------------------------------------
# The turns left.


def _totals(deck: tuple[int, ...]) -> list[np.ndarray]:
    """For 1-4 cards drawn from `deck` (values): the chance of each total
    (index = total)."""
    counts = [deck.count(v) for v in range(8)]
    # ways[n][s]: the ways to draw n cards of total s
    ways = [[0] * (MAX_TOTAL + 1) for _ in range(solo.MAX_ASK + 1)]
    ways[0][0] = 1
    for v in range(1, 8):
        c = counts[v]
        if not c:
            continue
        new = [row[:] for row in ways]
        for n in range(solo.MAX_ASK + 1):
            for s in range(MAX_TOTAL + 1):
                w = ways[n][s]
                if not w:
                    continue
                for j in range(1, min(c, solo.MAX_ASK - n) + 1):
                    new[n + j][s + v * j] += w * comb(c, j)
        ways = new
    out = []
    for n in range(1, solo.MAX_ASK + 1):
        total = sum(ways[n])
        out.append(np.array(ways[n], dtype=float) / total if total else np.zeros(MAX_TOTAL + 1))
    return out


_OPTIONS = Options()
#: the sums of a wave's deck at its start (reshuffled each wave, BQ-39)
_FULL = _totals(tuple(w.value for w in solo.solo_weapons(_OPTIONS)))


def _met_chance(kind: SpellKind, cards: int) -> float:
    """About the chance `cards` weapons (a full deck of four colours) meet a
    condition: a colour among them, or two of one colour."""
    if kind is SpellKind.NEED_COLOUR:
        return 1.0 - 0.75**cards
    distinct = 1.0
    for j in range(cards):
        distinct *= max(0.0, 1.0 - j / 4)
    return 1.0 - distinct


def _turns_back(
    end: Any, spells: tuple[Any, ...], totals: list[np.ndarray], conditions: bool = True
) -> Any:
    """The value before the turns whose spells are `spells` (in order),
    each turn asking for the best count and giving each total drawn to the
    best Boss. A condition is met with the chance that the cards a Boss
    ends the wave with bring it (about 4 on a Boss of a wave, 7 on the
    MegaBoss; `_met_chance`)."""
    ends_with = 7 if end.ndim == 1 else 4
    value = end
    bosses = end.ndim
    reach = np.arange(G)
    drawable = sorted({int(t) for odds in totals for t in np.nonzero(odds)[0]})
    for spell in reversed(spells):
        shift = HP_CHANGE.get(spell.kind, 0)
        condition = conditions and spell.kind in _CONDITIONS
        # each total given to each Boss: the same for every count asked
        given = {
            t: [value.take(np.clip(reach + shift - t, 0, G - 1), axis=i) for i in range(bosses)]
            for t in drawable
        }
        lost = [value.take([0], axis=i) for i in range(bosses)]
        plain = {} if condition else {t: _most(v) for t, v in given.items()}
        best = None
        for n, odds in enumerate(totals, start=1):
            met = _met_chance(spell.kind, max(n + 1, ends_with)) if condition else 1.0
            expected = None
            for t in np.nonzero(odds)[0]:
                t = int(t)
                if condition:
                    v = _most(
                        [met * g + (1.0 - met) * x for g, x in zip(given[t], lost, strict=True)]
                    )
                else:
                    v = plain[t]
                part = odds[t] * v
                expected = part if expected is None else expected + part
            if expected is not None:
                best = expected if best is None else np.maximum(best, expected)
        if best is not None:
            value = best
    return value


def _most(arrays: list[Any]) -> Any:
    out = arrays[0]
    for a in arrays[1:]:
        out = np.maximum(out, a)
    return out


# ---------------------------------------------------------------------------
# The move.


def choose(view: State, legal: tuple[Any, ...]) -> Any:
    """The searching bots' move in the Solo Quest (module docstring)."""
    phase = view.phase
    if phase is Phase.SOLO_END:
        return _end(view, legal)
    plan = _Plan(view)
    if phase is Phase.SOLO:
        asks = [a for a in legal if isinstance(a, Ask)]
        if asks:
            return max(asks, key=lambda a: (plan.ask_worth(a.count), -a.count))
        return max(
            (a for a in legal if isinstance(a, AssignTo)),
            key=lambda a: plan.give_worth(a.boss, ()),
        )
    if phase is Phase.SOLO_ASSIGN:
        drawn = tuple(view.drawn)
        return max(
            (a for a in legal if isinstance(a, AssignTo)),
            key=lambda a: (plan.give_worth(a.boss, drawn), -a.boss),
        )
    if phase is Phase.SOLO_TARGET:
        # on any Boss of the wave (BQ-40): the first of equals, in board order
        bosses = view.solo_bosses
        if isinstance(legal[0], TargetSpell):
            def cancel(a: TargetSpell) -> float:
                i = solo.spell_boss(view, a)
                return plan.cancel_worth(i, bosses[i], a.index)

            return max(legal, key=cancel)

        def swap(a: TargetWeapon) -> float:
            i = solo.weapon_boss(view, a.weapon)
            return plan.swap_worth(i, bosses[i], a.weapon)

        return max(legal, key=swap)
    return None


class _Plan:
    """The wave in progress read for one move: the arrays after this turn,
    the deck, and each Boss as it stands."""

    def __init__(self, view: State) -> None:
        self.wave = view.wave
        self.bosses = view.solo_bosses
        unseen = view.unseen if view.unseen is not None else view.weapon_deck
        self.top = tuple(h.weapon for h in view.deck_top if h.weapon is not None)
        self.deck = tuple(unseen)
        row = view.rows[self.wave - 1]
        if view.phase is Phase.SOLO_TARGET:
            # the turn's spell has left the row: it is being cast
            row = (view.casting,) + row
        self.spell = row[0] if row else None
        self.later = len(row) - 1
        personal = tuple(ATTACK_CHANGE[s.kind] for s in view.personal)
        end = _wave_end(len(self.bosses), self.wave, view.knights[0].hearts, personal, view.rows[2])
        values = tuple(w.value for w in self.top + self.deck)
        self.after = _turns_back(end, tuple(row[1:]), _totals(values)).tolist()
        self.spots = [self._spot(b) for b in self.bosses]

    # -- reading a Boss

    def _spot(self, boss: SoloBoss, change: int = 0) -> tuple[int, float]:
        """Where a Boss stands in the arrays (its gap, less `change`) and the
        chance its conditions are met when the wave is fought."""
        gap = solo.boss_hp(boss) - solo.boss_strength(boss) - change
        return _at(gap), self._chance_met(boss, gap)

    def _chance_met(self, boss: SoloBoss, gap: int) -> float:
        """1 if the conditions are met now, else about the chance the
        weapons it may still be given (a card a 4 of gap) meet them."""
        if solo.conditions_met(boss):
            return 1.0
        cards = max(0, min(solo.MAX_ASK, round(gap / 4))) if self.later else 0
        if not cards:
            return 0.0
        chance = 1.0
        colours = {w.colour for w in boss.weapons}
        for s in boss.spells:
            if s.kind is SpellKind.NEED_COLOUR and s.colour not in colours:
                chance *= _met_chance(SpellKind.NEED_COLOUR, cards)
            elif s.kind is SpellKind.NEED_PAIR and len(colours) == len(boss.weapons):
                chance *= 1.0 - _no_pair(len(colours), cards)
        return chance

    def _value(self, spots: list[tuple[int, float]]) -> float:
        """The arrays read at the Bosses' spots, a Boss whose conditions may
        still fail counted both ways (failing, it is lost: index 0)."""
        unsure = [i for i, (_, met) in enumerate(spots) if 0.0 < met < 1.0]
        total = 0.0
        for alive in product((True, False), repeat=len(unsure)):
            weight = 1.0
            at = [a if met >= 1.0 else 0 for a, met in spots]
            for i, on in zip(unsure, alive, strict=True):
                met = spots[i][1]
                weight *= met if on else 1.0 - met
                if on:
                    at[i] = spots[i][0]
            cell: Any = self.after
            for a in at:
                cell = cell[a]
            total += weight * cell
        return total

    def _with(self, index: int, spot: tuple[int, float],
              other: tuple[int, tuple[int, float]] | None = None) -> float:
        """The wave's value with Boss `index` at `spot` (and `other`'s Boss
        at its spot: a Cancel or a swap on another Boss, BQ-40)."""
        spots = list(self.spots)
        spots[index] = spot
        if other is not None:
            spots[other[0]] = other[1]
        return self._value(spots)

    # -- the choices

    def _given(self, index: int, drawn: tuple[Any, ...]) -> SoloBoss:
        """Boss `index` with `drawn` and the row's top spell (Cancel and
        Swap with deck are played out by the callers)."""
        boss = self.bosses[index]
        spells = boss.spells
        spell = self.spell
        if spell is not None and spell.kind not in (SpellKind.CANCEL, SpellKind.SWAP_DECK):
            spells = spells + (spell,)
        return SoloBoss(boss.hp, boss.weapons + drawn, spells)

    def give_worth(self, index: int, drawn: tuple[Any, ...]) -> float:
        boss = self._given(index, drawn)
        kind = self.spell.kind if self.spell is not None else None
        given = (index, self._spot(boss))
        # Cancel takes a spell on any Boss of the wave (BQ-40)
        others = [(k, b) for k, b in enumerate(self.bosses) if k != index]
        if kind is SpellKind.CANCEL and (boss.spells or any(b.spells for _, b in others)):
            return max([self._cancelled(index, boss, j) for j in range(len(boss.spells))]
                       + [self._cancelled(k, b, j, given)
                          for k, b in others for j in range(len(b.spells))])
        if kind is SpellKind.SWAP_DECK and boss.weapons and (self.deck or self.top):
            # (a swap on another Boss is left out: the arrays read a draw's
            # value on the Boss it is given to)
            olds = {w.value: w for w in boss.weapons}
            return max(self._swapped(index, boss, w) for w in olds.values())
        return self._with(*given)

    def _cancelled(self, index: int, boss: SoloBoss, j: int,
                   given: tuple[int, tuple[int, float]] | None = None) -> float:
        boss = SoloBoss(boss.hp, boss.weapons, boss.spells[:j] + boss.spells[j + 1 :])
        return self._with(index, self._spot(boss), given)

    def _swapped(self, index: int, boss: SoloBoss, old: Any) -> float:
        """Swap with deck: `old` leaves the Boss for the deck's top card,
        seen if it is the card a swap put back, else any the deck holds
        (its colour not read: the conditions as they stand)."""
        pool = [w for w in self.top if w not in boss.weapons][:1] or [
            w for w in self.deck if w not in boss.weapons
        ]
        if not pool:
            return self._with(index, self._spot(boss))
        counts: dict[int, int] = {}
        for w in pool:
            counts[w.value] = counts.get(w.value, 0) + 1
        total = 0.0
        for value, c in counts.items():
            total += c * self._with(index, self._spot(boss, value - old.value))
        return total / len(pool)

    def cancel_worth(self, index: int, boss: SoloBoss, j: int) -> float:
        return self._cancelled(index, boss, j)

    def swap_worth(self, index: int, boss: SoloBoss, old: Any) -> float:
        return self._swapped(index, boss, old)

    def ask_worth(self, count: int) -> float:
        """The expected value of asking for `count` weapons: every draw the
        deck can give (grouped by what tells them apart here), each given
        to its best Boss."""
        top = self.top[:count]
        deck = self.deck
        need = min(count - len(top), len(deck))
        kind = self.spell.kind if self.spell is not None else None
        colours = kind in _CONDITIONS or any(not solo.conditions_met(b) for b in self.bosses)
        values = kind is SpellKind.SWAP_DECK
        classes: dict[Any, list[Any]] = {}
        for hand in combinations(deck, need):
            drawn = top + hand
            key: Any = sum(w.value for w in drawn)
            if colours:
                caps = {}
                for w in drawn:
                    caps[w.colour] = min(2, caps.get(w.colour, 0) + 1)
                key = (key, tuple(sorted(caps.items())))
            if values:
                key = (key, tuple(sorted(w.value for w in drawn)))
            seen = classes.get(key)
            if seen is None:
                classes[key] = [drawn, 1]
            else:
                seen[1] += 1
        ways = 0
        total = 0.0
        bosses = range(len(self.bosses))
        for drawn, c in classes.values():
            ways += c
            total += c * max(self.give_worth(i, drawn) for i in bosses)
        return total / ways if ways else 0.0


def _no_pair(colours: int, cards: int) -> float:
    """About the chance `cards` more weapons bring no second card of any
    colour to a Boss holding `colours` distinct colours (four in the deck)."""
    chance = 1.0
    for j in range(cards):
        chance *= max(0.0, 1.0 - (colours + j) / 4)
    return chance


# ---------------------------------------------------------------------------
# The wave's end: the personal spells and the final assault's hearts.


def _end(view: State, legal: tuple[Any, ...]) -> Any:
    """The personal spells that leave the best chance of winning (each Boss
    beaten counts, BQ §1st Wave), played one at a time; then the attack,
    at the final assault with the hearts that close the gap (BQ-41)."""
    bosses = view.solo_bosses
    personal = view.personal
    hearts = view.knights[0].hearts
    best: tuple[float, Any] = (-1.0, Resolve(0))
    for plan in product(range(len(bosses) + 1), repeat=len(personal)):
        given = [[] for _ in bosses]
        left = []
        for spell, where in zip(personal, plan, strict=True):
            (left if where == len(bosses) else given[where]).append(spell)
        gaps = [
            solo.boss_hp(b) - solo.boss_strength(b) - sum(ATTACK_CHANGE[s.kind] for s in g)
            for b, g in zip(bosses, given, strict=True)
        ]
        met = [solo.conditions_met(b) for b in bosses]
        bits = _spell_bits(tuple(left))
        if view.wave == 3:
            spare = hearts - 1
            gap = gaps[0]
            worth = 1.0 if met[0] and abs(gap) <= spare else 0.0
            adjust = gap if worth else 0
            # fewer spells spent, then fewer hearts: the tie goes to keeping them
            worth += 0.001 * (len(left) + (spare - abs(adjust)))
        else:
            beaten = sum(1 for g, m in zip(gaps, met, strict=True) if m and g == 0)
            after = hearts - (len(bosses) - beaten)
            worth = _next_start(view.wave, after, bits, view.rows[2])
            worth += 0.0001 * len(left)
            adjust = 0
        first = next((PlayPersonal(s, i) for i, g in enumerate(given) for s in g), Resolve(adjust))
        if worth > best[0] and first in legal:
            best = (worth, first)
    return best[1]


# ---------------------------------------------------------------------------
# The estimate, and the planner's own quests.


def estimate(seed: int, conditions: bool = True) -> float:
    """The arrays' chance of winning a random quest (`seed` lays the rows
    and shuffles the Bosses), before its first turn: the 2nd wave's start
    planned on its row for every count of hearts and spells (the Bosses
    left, every three of the five equally likely), the 1st wave's from it."""
    _wave_end.cache_clear()
    _final_start.cache_clear()
    rng = random.Random(seed)
    spells = list(solo.solo_spells(_OPTIONS))
    rng.shuffle(spells)
    first, second_row, final = tuple(spells[:5]), tuple(spells[5:10]), tuple(spells[10:])
    bosses = list(cards.BOSSES)
    rng.shuffle(bosses)
    threes = list(combinations(bosses[3:], 3))
    table = []
    for hearts in (1, 2, 3):
        row = []
        for bits in range(16):
            personal = tuple(d for d, bit in _BIT_OF.items() if bits & bit)
            end = _wave_end(3, 2, hearts, personal, final, conditions)
            start = _turns_back(end, second_row, _FULL, conditions)
            row.append(statistics.fmean(float(start[tuple(_at(hp) for hp in t)]) for t in threes))
        table.append(tuple(row))
    end = _wave_end(3, 1, 3, (1, 2, -1, -2), final, conditions, tuple(table))
    start = _turns_back(end, first, _FULL, conditions)
    return float(start[tuple(_at(hp) for hp in bosses[:3])])


def play(seed: int) -> bool:
    """One quest (`seed` draws every card) played by `choose` from the
    knight's view: won or not."""
    from core.bossquest import rules

    rng = random.Random(seed)
    state = solo.setup(_OPTIONS)
    while state.phase is not Phase.OVER:
        if solo.to_act(state) == frozenset({CHANCE}):
            state = solo.apply(state, CHANCE, sample_chance(solo.chance_outcomes(state), rng))
            continue
        legal = solo.legal_actions(state, 0)
        action = legal[0] if len(legal) == 1 else choose(rules.view(state, 0), legal)
        state = solo.apply(state, 0, action)
    return state.ending in solo.WON


def _estimates(args: tuple[int, bool]) -> float:
    return estimate(*args)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="what", required=True)
    est = sub.add_parser("estimate", help="the arrays' chance of random quests")
    est.add_argument("--scenes", type=int, default=20)
    est.add_argument("--seed", type=int, default=0)
    est.add_argument("--jobs", type=int, default=1)
    pl = sub.add_parser("play", help="the planner's own quests")
    pl.add_argument("--quests", type=int, default=200)
    pl.add_argument("--seed", type=int, default=1000)
    pl.add_argument("--jobs", type=int, default=1)
    pl.add_argument("--log", help="one JSON line a quest")
    args = parser.parse_args(argv)
    with Pool(args.jobs) as pool:
        if args.what == "estimate":
            seeds = range(args.seed, args.seed + args.scenes)
            for conditions in (True, False):
                values = pool.map(_estimates, [(s, conditions) for s in seeds])
                label = "with the conditions" if conditions else "every condition met"
                print(
                    f"{label}: {statistics.fmean(values):.1%} of {len(values)} quests "
                    f"(from {min(values):.1%} to {max(values):.1%})"
                )
            return 0
        seeds = list(range(args.seed, args.seed + args.quests))
        won = 0
        log = open(args.log, "w") if args.log else None  # noqa: SIM115
        for seed, result in zip(seeds, pool.imap(play, seeds), strict=True):
            won += result
            if log:
                log.write(json.dumps({"seed": seed, "won": result}) + "\n")
                log.flush()
        print(f"the planner won {won} of {len(seeds)} quests ({won / len(seeds):.1%})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
