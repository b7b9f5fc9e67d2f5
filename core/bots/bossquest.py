"""A Boss Quest bot that plays by estimates from its own view.

The bot models the end of the round. For every knight it builds the
distribution of their final attack strength from what its view shows:

- its own strength exactly (it has seen its hidden card);
- a rival who has finished equipping: the visible weapons and spells plus a
  hidden card drawn from `view.unseen`, within what its asks showed (BQ-6:
  a knight over the HP cannot ask, `Knight.down_bound`);
- a rival still equipping: the same, then a simple policy (keep asking for
  one weapon while at least `RIVAL_STOP_GAP` below the HP), drawing from
  the unseen pool.

From these it estimates each knight's expected keys this round (the closest
without exceeding wins, ties to the fewest cards, PERFECT bonus, the
condition spells, "winner +1 key", "2nd closest wins") and the chance each
goes over the HP. A decision's worth is the bot's own expected keys, minus
a heart's worth when it may go over, minus a share of the rivals' expected
keys (a larger share for the knight leading on keys).

- Equipping: an optimal-stopping table over its own strength decides
  between one more weapon and the Wizard; the last knight still equipping
  (or a "Final turn!") asks once for the count that is best on average.
- At the Wizard: every spell on offer is valued with its best target; the
  mystery spell by the average over the spell deck it is drawn from;
  discarding a spell is worth what the spell could cost the bot in a rival's
  hands, while a rival is still to visit the Wizard.
- Targets (a dark spell, a cancel, a swap) are valued the same way.

Nothing here reads more than the view: hidden cards it cannot see are
drawn from `view.unseen`, and the mystery spell from the public spell deck.
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any

from core.bossquest import solo
from core.bossquest.actions import (
    Activate,
    ActivateMystery,
    Ask,
    AssignTo,
    Discard,
    DiscardMystery,
    DuelAsk,
    DuelSpell,
    EndTurn,
    Fight,
    GoToWizard,
    LetPass,
    PeekHidden,
    PeekMystery,
    PlayPersonal,
    ReadPotion,
    ReplaceSpell,
    Resolve,
    Sacrifice,
    SwapCompanions,
    TargetKnight,
    TargetPotion,
    TargetSpell,
    TargetWeapon,
)
from core.bossquest.cards import ATTACK_CHANGE, HP_CHANGE, Companion, Spell, SpellKind, Weapon
from core.bossquest.rules import current_hp, heart_loss, potion_value, strength, weapons_of

#: A rival still equipping is taken to ask for one more weapon while at
#: least this far below the HP.
RIVAL_STOP_GAP = 4
#: The chance a rival still equipping comes to meet a condition it misses now.
LATE_ELIGIBLE = 0.3
#: The chance the bot itself comes to meet a condition it misses now, if it
#: keeps asking.
OWN_LATE_ELIGIBLE = 0.4
#: How much of a spell's possible harm to the bot a discard is worth while a
#: rival may still take it.
DENIAL = 0.5
#: A lost heart in keys, by hearts left before the loss; losing the last
#: heart loses the game.
HEART_COST = {1: 3.0, 2: 0.6}
HEART_COST_PLENTY = 0.35
#: Share of a rival's expected keys counted against the bot.
LEADER_WEIGHT = 0.6
RIVAL_WEIGHT = 0.25
#: Worth of a rival losing their last heart (the game ends): positive if
#: the bot leads on keys, negative if it trails.
ENDS_LEADING = 0.7
ENDS_TRAILING = -0.5

_PAIR = ("pair", None)
#: The companions the bot would rather hold, best first.
COMPANION_RANK = (
    Companion.TORTOISE,
    Companion.FOX,
    Companion.CHAMELEON,
    Companion.HARE,
    Companion.OWL,
    Companion.RAVEN,
)
#: Spells whose harm in a rival's hands the model does not value (a discard
#: of these denies nothing it can count).
_SWAPS = frozenset({SpellKind.SWAP_HIDDEN, SpellKind.SWAP_DECK})


@lru_cache(maxsize=1 << 15)
def _settle(gap: int, counts: tuple[int, ...], one_shot: bool) -> tuple[tuple[int, float], ...]:
    """Final gap below the HP of a rival still equipping, now `gap` below.

    `counts[v - 1]` is how many unseen weapons are worth v. Returns
    (final gap, probability) pairs; a final gap of -1 is over the HP.
    `one_shot`: the rival may ask once more at most ("Final turn!").
    """
    total = sum(counts)
    if gap < RIVAL_STOP_GAP or total == 0:
        return ((gap, 1.0),)
    out: dict[int, float] = {}
    for v, c in enumerate(counts, 1):
        if not c:
            continue
        p = c / total
        g = gap - v
        if g < 0:
            out[-1] = out.get(-1, 0.0) + p
        elif one_shot:
            out[g] = out.get(g, 0.0) + p
        else:
            for g2, q in _settle(g, counts, False):
                out[g2] = out.get(g2, 0.0) + p * q
    return tuple(sorted(out.items()))


def _meets(colours: list[Any], conds: tuple[tuple[str, Any], ...]) -> bool:
    for kind, colour in conds:
        if kind == "colour":
            if colour not in colours:
                return False
        elif len(set(colours)) == len(colours):
            return False
    return True


def _within(
    outcomes: list[tuple[int, bool, float]], ruled: list[int], cap: int
) -> list[tuple[int, bool, float]]:
    """The outcomes whose face-down cards add at most `cap` (`ruled`: what
    each adds as the rules count it), renormalised; all of them when none
    does (the bound is the rules', so that is only a view the bot cannot
    fill, never a real table)."""
    kept = [o for o, r in zip(outcomes, ruled, strict=True) if r <= cap]
    if not kept or len(kept) == len(outcomes):
        return outcomes
    total = sum(p for _, _, p in kept)
    return [(v, ok, p / total) for v, ok, p in kept]


class _Spec:
    """One knight as the bot's model sees it. A key of the model's tables
    (`_Model.dist`, `_Config.key`): equal by its fields, its hash computed
    once (hashing its weapons at every look-up cost the heuristic bot a
    tenth of its time)."""

    __slots__ = ("cards", "blind", "drawing", "count", "cap", "_key", "_hash")

    def __init__(
        self,
        cards: tuple[Weapon, ...],
        blind: bool,
        drawing: bool,
        count: int,
        cap: int | None = None,
    ):
        #: the weapons the bot knows this knight holds
        self.cards = cards
        #: plus this many unknown cards (from the unseen pool)
        self.blind = blind
        #: still equipping this round
        self.drawing = drawing
        self.count = count
        #: the most the unknown cards add, as the rules count them (BQ-6:
        #: what the knight's asks showed, `Knight.down_bound`); None: any
        self.cap = cap
        self._key = (cards, blind, drawing, count, cap)
        self._hash = hash(self._key)

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Spec) and self._key == other._key


class _Config:
    """The round as it would stand after a choice: what combat depends on."""

    __slots__ = ("hp", "mods", "conds", "no_loss", "extra", "second", "final", "specs")

    def __init__(self, hp, mods, conds, no_loss, extra, second, final, specs):
        self.hp: int = hp
        self.mods: tuple[int, ...] = mods
        self.conds: tuple[tuple[str, Any], ...] = conds
        self.no_loss: bool = no_loss
        self.extra: bool = extra
        self.second: bool = second
        self.final: bool = final
        self.specs: tuple[_Spec, ...] = specs

    def copy(self, **changes: Any) -> _Config:
        fields = {
            "hp": self.hp,
            "mods": self.mods,
            "conds": self.conds,
            "no_loss": self.no_loss,
            "extra": self.extra,
            "second": self.second,
            "final": self.final,
            "specs": self.specs,
        }
        fields.update(changes)
        return _Config(**fields)

    def key(self) -> tuple[Any, ...]:
        return (
            self.hp,
            self.mods,
            self.conds,
            self.no_loss,
            self.extra,
            self.second,
            self.final,
            self.specs,
        )


def _config_from(view: Any, seat: int, active: tuple[Any, ...]) -> _Config:
    n = view.players
    hp = view.boss or 0
    mods = [0] * n
    conds: list[tuple[str, Any]] = []
    no_loss = extra = second = final = False
    for a in active:
        kind = a.spell.kind
        if kind in HP_CHANGE:
            hp += HP_CHANGE[kind]
        elif kind in ATTACK_CHANGE:
            if a.target is not None:
                mods[a.target] += ATTACK_CHANGE[kind]
        elif kind is SpellKind.NEED_COLOUR:
            conds.append(("colour", a.spell.colour))
        elif kind is SpellKind.NEED_PAIR:
            conds.append(_PAIR)
        elif kind is SpellKind.NO_HEART_LOSS:
            no_loss = True
        elif kind is SpellKind.EXTRA_KEY:
            extra = True
        elif kind is SpellKind.SECOND_CLOSEST:
            second = True
        elif kind is SpellKind.FINAL_TURN:
            final = True
    specs = []
    for s, k in enumerate(view.knights):
        # A potion counts its reading, unread its lower one (BQ-31): the
        # model adds `value`, so the difference goes into the knight's mods.
        for w in weapons_of(k):
            if w is not None and w.colour is None:
                mods[s] += potion_value(k, w) - w.value
        cards = k.visible
        blind = 0  # face-down weapons the bot has not seen
        known_down = 0  # what the face-down ones it has seen add
        for c in ((k.hidden,) if k.hidden is not None else ()) + k.night:
            w = c.weapon
            if w is not None:
                cards = cards + (w,)
                known_down += w.value if w.colour is not None else potion_value(k, w)
            else:
                blind += 1
        drawing = not k.done and not (s == seat or k.at_wizard)
        # BQ-6: a knight who asked was not over then; its face-down cards
        # add at most what everyone saw of its asks (public, every view)
        cap = k.down_bound - known_down if blind and k.down_bound is not None else None
        specs.append(_Spec(cards, blind, drawing, k.card_count, cap))
    return _Config(hp, tuple(mods), tuple(conds), no_loss, extra, second, final, tuple(specs))


class _Model:
    """Everything one decision needs, computed once from the view."""

    def __init__(self, view: Any, seat: int):
        self.view = view
        self.seat = seat
        self.n = view.players
        unseen = view.unseen or ()
        self.unseen = unseen
        counts = [0] * 7
        for w in unseen:
            # a potion (no colour) reads + or - its value: 0 on average, left out
            if w.colour is not None:
                counts[w.value - 1] += 1
        self.counts = tuple(counts)
        total = sum(counts)
        self.values = tuple((v, c / total) for v, c in enumerate(counts, 1) if c) if total else ()
        self.cards_p = 1.0 / total if total else 0.0
        top = view.deck_top[0].weapon if view.deck_top else None
        #: the next weapon off the deck when the bot knows it (BQ-10)
        self.next_known: Weapon | None = top
        knights = view.knights
        self.keys = tuple(k.keys for k in knights)
        self.hearts = tuple(k.hearts for k in knights)
        others = [self.keys[s] for s in range(self.n) if s != seat]
        best_other = max(others) if others else 0
        mine = self.keys[seat]
        weights = []
        for s in range(self.n):
            if s == seat:
                weights.append(0.0)
            elif self.n == 2:
                weights.append(1.0)
            else:
                weights.append(LEADER_WEIGHT if self.keys[s] == best_other else RIVAL_WEIGHT)
        self.weights = tuple(weights)
        self.ends = (
            ENDS_LEADING if mine > best_other else ENDS_TRAILING if mine < best_other else 0.0
        )
        self.heart_cost = HEART_COST.get(self.hearts[seat], HEART_COST_PLENTY)
        if heart_loss(view) == 2 and self.hearts[seat] > 1:
            # Ul'ul's night: going over costs the next heart too (BQ-30)
            self.heart_cost += HEART_COST.get(self.hearts[seat] - 1, HEART_COST_PLENTY)
        self.base = _config_from(view, seat, view.active)
        #: the knights whose weapons count as every colour (BQ §Companions)
        self.chameleon = frozenset(
            s for s, c in enumerate(view.companions) if c is Companion.CHAMELEON
        )
        self._memo: dict[tuple[Any, ...], float] = {}
        self._dists: dict[tuple[Any, ...], tuple[dict[int, float], float, list[float]]] = {}

    # --- distributions ------------------------------------------------------

    def dist(self, cfg: _Config, s: int) -> tuple[dict[int, float], float, list[float]]:
        """Knight `s`'s final strength: eligible mass by strength, the chance
        of going over the HP, and the eligible mass above each strength."""
        spec = cfg.specs[s]
        # the Chameleon meets every colour condition (BQ-35)
        conds = () if s in self.chameleon else cfg.conds
        key = (spec, cfg.mods[s], cfg.hp, conds, cfg.final)
        got = self._dists.get(key)
        if got is None:
            mass, over = self._dist(cfg, spec, cfg.mods[s], conds)
            got = self._dists[key] = (mass, over, self.above(mass, cfg.hp))
        return got

    def _dist(
        self, cfg: _Config, spec: _Spec, mod: int, conds: tuple[tuple[str, Any], ...]
    ) -> tuple[dict[int, float], float]:
        hp = cfg.hp
        base = mod
        colours = []
        for w in spec.cards:
            base += w.value
            if w.colour is not None:  # a potion has no colour
                colours.append(w.colour)
        if spec.blind > 1 and self.unseen:
            # Ul'ul's night: several unseen cards; their sum, colours unknown.
            sums = {0: 1.0}
            for _ in range(spec.blind):
                nxt: dict[int, float] = {}
                for t, p in sums.items():
                    for v, q in self.values:
                        nxt[t + v] = nxt.get(t + v, 0.0) + p * q
                sums = nxt
            outcomes = [(v, True, p) for v, p in sums.items()]
            if spec.cap is not None:
                outcomes = _within(outcomes, [v for v, _, _ in outcomes], spec.cap)
        elif spec.blind and self.unseen:
            if conds:
                p = self.cards_p
                meets = {}  # by the unseen card's colour
                outcomes = []
                for w in self.unseen:
                    ok = meets.get(w.colour)
                    if ok is None:
                        ok = meets[w.colour] = _meets(colours + [w.colour], conds)
                    outcomes.append((w.value if w.colour else 0, ok, p))
                if spec.cap is not None:
                    # an unread potion counts its lower reading (BQ-31)
                    ruled = [w.value if w.colour else -w.value for w in self.unseen]
                    outcomes = _within(outcomes, ruled, spec.cap)
            else:
                outcomes = [(v, True, p) for v, p in self.values]
                if spec.cap is not None:
                    outcomes = _within(outcomes, [v for v, _ in self.values], spec.cap)
        else:
            outcomes = [(0, _meets(colours, conds) if conds else True, 1.0)]
        mass: dict[int, float] = {}
        over = 0.0
        drawing = spec.drawing
        for v, ok, p in outcomes:
            c = base + v
            if c > hp:
                over += p
                continue
            if not drawing:
                if ok:
                    c = c if c > 0 else 0
                    mass[c] = mass.get(c, 0.0) + p
                continue
            factor = p if ok else p * LATE_ELIGIBLE
            for g, q in _settle(hp - c, self.counts, cfg.final):
                if g < 0:
                    over += p * q
                else:
                    t = hp - g
                    t = t if t > 0 else 0
                    mass[t] = mass.get(t, 0.0) + factor * q
        return mass, over

    @staticmethod
    def above(mass: dict[int, float], hp: int) -> list[float]:
        """above[t]: eligible mass strictly stronger than t (t in 0..hp)."""
        arr = [0.0] * (hp + 2)
        acc = 0.0
        below = hp + 1
        # the strengths held, strongest first (every one within 0..hp): the
        # same sums as adding every strength's mass, zeros included
        for t in sorted(mass, reverse=True):
            arr[t:below] = [acc] * (below - t)
            acc += mass[t]
            below = t
        arr[:below] = [acc] * below
        return arr

    # --- the worth of a configuration ---------------------------------------

    def worth(self, cfg: _Config) -> float:
        key = cfg.key()
        got = self._memo.get(key)
        if got is None:
            got = self._worth(cfg)
            self._memo[key] = got
        return got

    def _worth(self, cfg: _Config) -> float:
        n = self.n
        hp = cfg.hp
        dists = [self.dist(cfg, s) for s in range(n)]
        aboves = [d[2] for d in dists]
        counts = [sp.count + (1 if sp.drawing else 0) for sp in cfg.specs]
        per_win = 2.0 if cfg.extra else 1.0
        total = 0.0
        me = self.seat
        for k in range(n):
            weight = 1.0 if k == me else -self.weights[k]
            if not weight:
                continue
            mass = dists[k][0]
            win = 0.0
            for t, p in mass.items():
                if cfg.second:
                    # exactly one other eligible knight is closer
                    qs = [aboves[j][t] for j in range(n) if j != k]
                    share = 0.0
                    for i, a in enumerate(qs):
                        prod = a
                        for j, b in enumerate(qs):
                            if j != i:
                                prod *= 1.0 - b
                        share += prod
                    win += p * share
                else:
                    prod = p
                    ck = counts[k]
                    for j in range(n):
                        if j == k:
                            continue
                        beaten = aboves[j][t]
                        if counts[j] < ck:
                            beaten += dists[j][0].get(t, 0.0)
                        prod *= 1.0 - beaten
                    win += prod
            keys = win * per_win + mass.get(hp, 0.0)
            total += weight * keys
        if not cfg.no_loss:
            total -= self.heart_cost * dists[me][1]
            if self.ends:
                for k in range(n):
                    if k != me and self.hearts[k] == 1:
                        total += self.ends * dists[k][1]
        return total

    # --- effects of spells --------------------------------------------------

    def effects(self, spell: Spell) -> list[tuple[Any, _Config | None]]:
        """(target action or None, resulting configuration) for each way the
        bot could cast `spell` now; a None configuration: no effect."""
        cfg = self.base
        kind = spell.kind
        me = self.seat
        if kind in HP_CHANGE:
            return [(None, cfg.copy(hp=cfg.hp + HP_CHANGE[kind]))]
        if kind in ATTACK_CHANGE:
            out = []
            for t in range(self.n):
                mods = list(cfg.mods)
                mods[t] += ATTACK_CHANGE[kind]
                out.append((TargetKnight(t), cfg.copy(mods=tuple(mods))))
            return out
        if kind is SpellKind.NEED_COLOUR:
            return [(None, cfg.copy(conds=cfg.conds + (("colour", spell.colour),)))]
        if kind is SpellKind.NEED_PAIR:
            return [(None, cfg.copy(conds=cfg.conds + (_PAIR,)))]
        if kind is SpellKind.NO_HEART_LOSS:
            return [(None, cfg.copy(no_loss=True))]
        if kind is SpellKind.EXTRA_KEY:
            return [(None, cfg.copy(extra=True))]
        if kind is SpellKind.SECOND_CLOSEST:
            return [(None, cfg.copy(second=True))]
        if kind is SpellKind.FINAL_TURN:
            return [(None, cfg.copy(final=True))]
        if kind is SpellKind.CANCEL:
            active = self.view.active
            out = []
            for i in range(len(active)):
                rest = active[:i] + active[i + 1 :]
                new = _config_from(self.view, me, rest)
                out.append((TargetSpell(i), new))
            return out or [(None, None)]
        if kind is SpellKind.SWAP_HIDDEN:
            return [(TargetKnight(t), self.swap_hidden(t)) for t in range(self.n) if t != me]
        if kind is SpellKind.FLIP_POTION:
            out = []
            for t, k in enumerate(self.view.knights):
                for w in k.visible:
                    if w.colour is None:
                        mods = list(cfg.mods)
                        mods[t] -= 2 * potion_value(k, w)
                        out.append((TargetPotion(t, w), cfg.copy(mods=tuple(mods))))
            return out or [(None, None)]
        if kind is SpellKind.SWAP_DECK:
            knight = self.view.knights[me]
            mine = knight.visible + ((knight.hidden.weapon,) if knight.hidden else ())
            return [(TargetWeapon(w), self.swap_deck(w)) for w in mine if w is not None]
        return [(None, None)]

    def swap_hidden(self, other: int) -> _Config | None:
        cfg = self.base
        knights = self.view.knights
        me = self.seat
        mine, theirs = knights[me].hidden, knights[other].hidden
        if mine is None or theirs is None or mine.weapon is None:
            return None
        specs = list(cfg.specs)
        a, b = specs[me], specs[other]
        got = theirs.weapon
        mine_cards = list(a.cards)
        mine_cards.remove(mine.weapon)
        specs[me] = _Spec(
            tuple(mine_cards) + ((got,) if got is not None else ()),
            a.blind + (got is None),
            a.drawing,
            a.count,
            # the rival's one unknown card, bounded by its asks (BQ-6)
            b.cap if got is None and b.blind == 1 and a.blind == 0 else None,
        )
        their_cards = [w for w in b.cards if got is None or w != got]
        specs[other] = _Spec(
            tuple(their_cards) + (mine.weapon,), b.blind - (got is None), b.drawing, b.count
        )
        return cfg.copy(specs=tuple(specs))

    def swap_deck(self, weapon: Weapon) -> _Config:
        cfg = self.base
        me = self.seat
        spec = cfg.specs[me]
        cards = list(spec.cards)
        if weapon in cards:
            cards.remove(weapon)
        top = self.next_known
        if top is not None:
            cards.append(top)
        specs = list(cfg.specs)
        specs[me] = _Spec(tuple(cards), spec.blind + (top is None), spec.drawing, spec.count)
        return cfg.copy(specs=tuple(specs))

    def best_cast(self, spell: Spell) -> tuple[float, float, Any]:
        """(best worth, worst worth, best target) of casting `spell`."""
        best = worst = None
        target = None
        for t, cfg in self.effects(spell):
            w = self.worth(self.base) if cfg is None else self.worth(cfg)
            if best is None or w > best:
                best, target = w, t
            if worst is None or w < worst:
                worst = w
        if best is None:
            w = self.worth(self.base)
            return w, w, None
        return best, worst, target


class HeuristicBot:
    """Boss Quest: asks for weapons while that pays on average, then uses
    the Wizard to help itself or hinder the leader. Decides from its view."""

    name = "heuristic"

    def choose(
        self, game: Any, view: Any, seat: int, legal: tuple[Any, ...], rng: random.Random
    ) -> Any:
        if len(legal) == 1:
            return legal[0]
        if view.players == 1:
            return SoloPlan(view).choose(legal)
        first = legal[0]
        peeks = [a for a in legal if isinstance(a, (PeekHidden, PeekMystery))]
        if peeks:
            # The Owl: a look costs nothing; the mystery first, else the
            # hidden weapon of the rival with most keys.
            if PeekMystery() in peeks:
                return PeekMystery()
            return max(peeks, key=lambda a: (view.knights[a.seat].keys, -a.seat))
        if isinstance(first, GoToWizard) and EndTurn() in legal:
            return self._hare(_Model(view, seat), legal)
        if isinstance(first, SwapCompanions):
            return self._companions(view, seat, legal)
        if isinstance(first, (DuelAsk, Fight, DuelSpell, Sacrifice)):
            return self._duel(game, view, seat, legal)
        if isinstance(first, (Ask, GoToWizard)):
            return self._equip(_Model(view, seat), legal)
        if isinstance(first, ReadPotion):
            return self._read(_Model(view, seat), legal)
        if isinstance(first, (TargetKnight, TargetWeapon, TargetSpell, TargetPotion)):
            return self._target(_Model(view, seat), view, legal)
        if isinstance(first, (Activate, ActivateMystery, Discard, DiscardMystery)):
            return self._wizard(_Model(view, seat), view, legal)
        return rng.choice(legal)

    def __repr__(self) -> str:
        return "HeuristicBot()"

    # --- equipping ----------------------------------------------------------

    def _equip(self, model: _Model, legal: tuple[Any, ...]) -> Any:
        asks = {a.count: a for a in legal if isinstance(a, Ask)}
        go = next((a for a in legal if isinstance(a, GoToWizard)), None)
        if not asks or not model.values:
            return go if go is not None else legal[0]
        if go is None:
            return asks[min(asks)]
        view, me = model.view, model.seat
        cfg = model.base
        hp = cfg.hp
        spec = cfg.specs[me]
        mine = cfg.mods[me] + sum(w.value for w in spec.cards)
        if mine > hp:
            return go
        # The rivals' final strengths, and the chance each beats a strength t.
        beat = [1.0] * (hp + 1)
        for j in range(model.n):
            if j == me:
                continue
            mass, _, above = model.dist(cfg, j)
            for t in range(hp + 1):
                beat[t] *= 1.0 - above[t] - 0.5 * mass.get(t, 0.0)
        per_win = 2.0 if cfg.extra else 1.0
        ok_now = 1.0
        colours = [w.colour for w in spec.cards if w.colour]
        if cfg.conds and me not in model.chameleon and not _meets(colours, cfg.conds):
            ok_now = 0.0
        ok_later = max(ok_now, OWN_LATE_ELIGIBLE)
        over = 0.0 if cfg.no_loss else -model.heart_cost

        def stop(t: int, ok: float) -> float:
            if t > hp:
                return over
            t = t if t > 0 else 0
            return ok * (beat[t] * per_win + (1.0 if t == hp else 0.0))

        values = model.values
        known = model.next_known
        last_call = cfg.final or all(k.done for s, k in enumerate(view.knights) if s != me)
        now = stop(mine, ok_now)
        if last_call:
            # One request only: pick the count whose average result is best.
            best, choice = now, go
            sums = {mine: 1.0}
            for count in range(1, max(asks) + 1):
                nxt: dict[int, float] = {}
                for t, p in sums.items():
                    if count == 1 and known is not None:
                        nxt[t + known.value] = nxt.get(t + known.value, 0.0) + p
                        continue
                    for v, q in values:
                        nxt[t + v] = nxt.get(t + v, 0.0) + p * q
                sums = nxt
                if count in asks:
                    avg = sum(p * stop(t, ok_later) for t, p in sums.items())
                    if avg > best + 1e-9:
                        best, choice = avg, asks[count]
            return choice
        # Optimal stopping, one weapon at a time: worth[t] = max(stop, go on).
        top = hp + 8
        worth = [0.0] * (top + 1)
        for t in range(top, mine, -1):
            if t > hp:
                worth[t] = over
                continue
            cont = 0.0
            for v, q in values:
                u = t + v
                cont += q * (worth[u] if u <= top else over)
            worth[t] = max(stop(t, ok_later), cont)
        if known is not None:
            cont = worth[mine + known.value] if mine + known.value <= top else over
        else:
            cont = sum(q * (worth[mine + v] if mine + v <= top else over) for v, q in values)
        return asks[1] if 1 in asks and cont > now + 1e-9 else go

    # --- companions ---------------------------------------------------------

    def _hare(self, model: _Model, legal: tuple[Any, ...]) -> Any:
        """The Hare: meet the Wizard now if one more weapon would not pay."""
        if not model.values:
            return GoToWizard()
        choice = self._equip(model, (Ask(1), GoToWizard()))
        return GoToWizard() if isinstance(choice, GoToWizard) else EndTurn()

    @staticmethod
    def _companions(view: Any, seat: int, legal: tuple[Any, ...]) -> Any:
        """The companion spell: take the best companion the bot lacks."""
        mine = view.companions[seat]
        rank = {c: i for i, c in enumerate(COMPANION_RANK)}
        best = None
        for action in legal:
            pair = {action.first, action.second}
            if mine not in pair:
                continue
            (other,) = pair - {mine}
            if rank[other] < rank[mine] and (best is None or rank[other] < rank[best[0]]):
                best = (other, action)
        return best[1] if best is not None else legal[0]

    # --- the Final Boss -----------------------------------------------------

    @staticmethod
    def _duel(game: Any, view: Any, seat: int, legal: tuple[Any, ...]) -> Any:
        """As the champion: ask for weapons until the hearts that may be
        sacrificed (keeping one) can close the gap, then fight and sacrifice
        exactly that; each request as many weapons as the gap takes with
        little risk of going over (`_duel_ask`: every request also brings a
        spell against the champion, BQ-37). As the defeated knights' voice:
        the spell that most upsets an exact match (conditions first, then
        the largest change)."""
        first = legal[0]
        if isinstance(first, DuelSpell):

            def harm(action: DuelSpell) -> int:
                kind = view.duel_offer[action.index].kind
                if kind in (SpellKind.NEED_COLOUR, SpellKind.NEED_PAIR):
                    return 3
                return abs(HP_CHANGE.get(kind, 0) or ATTACK_CHANGE.get(kind, 0))

            return max(legal, key=lambda a: (harm(a), -a.index))
        mine = game.strength(view, seat) or 0
        gap = game.current_hp(view) - mine
        spare = view.knights[seat].hearts - 1
        if isinstance(first, Sacrifice):
            return Sacrifice(gap) if 0 <= gap <= spare else Sacrifice(0)
        if Fight() in legal and gap <= spare:
            return Fight()
        asks = [a for a in legal if isinstance(a, DuelAsk)]
        return _duel_ask(view, gap - spare / 2, asks) if asks else legal[-1]

    # --- potions ------------------------------------------------------------

    def _read(self, model: _Model, legal: tuple[Any, ...]) -> Any:
        """Read a potion the way the round is worth most to the bot (the
        model counts it at its lower reading until read)."""
        view, me = model.view, model.seat
        knight = view.knights[me]
        read = {w for w, _ in knight.readings}
        unread = [w for w in weapons_of(knight) if w is not None and w.colour is None]
        unread = [w for w in unread if w not in read]
        if not unread:
            return legal[0]
        cfg = model.base
        mods = list(cfg.mods)
        # the rules read a face-up potion as it arrives (the last), at combat
        # the face-down ones, hidden card first
        potion = unread[0] if view.resume in ("combat", "duel") else unread[-1]
        if view.champion is not None:
            # the MegaBoss duel: as close to its HP as the spare hearts can mend
            gap = game_gap(view, me)
            plus = gap - 2 * potion.value
            spare = view.knights[me].hearts - 1
            good = 0 <= plus <= spare or (plus >= 0 and gap > spare)
            return ReadPotion(1) if good else ReadPotion(-1)
        mods[me] += 2 * potion.value
        plus = model.worth(cfg.copy(mods=tuple(mods)))
        return ReadPotion(1) if plus >= model.worth(cfg) - 1e-9 else ReadPotion(-1)

    # --- the Wizard ---------------------------------------------------------

    def _wizard(self, model: _Model, view: Any, legal: tuple[Any, ...]) -> Any:
        base = model.worth(model.base)
        rivals_to_come = any(not k.done for s, k in enumerate(view.knights) if s != model.seat)
        best_value, best_action = None, legal[0]
        cast_cache: dict[Spell, tuple[float, float, Any]] = {}

        def cast(spell: Spell) -> tuple[float, float, Any]:
            got = cast_cache.get(spell)
            if got is None:
                got = cast_cache[spell] = model.best_cast(spell)
            return got

        for action in legal:
            if isinstance(action, Activate):
                spell = view.offer[action.slot]
                value = cast(spell)[0] if spell is not None else base
            elif isinstance(action, Discard):
                spell = view.offer[action.slot]
                value = base
                if spell is not None and rivals_to_come and spell.kind not in _SWAPS:
                    value += DENIAL * max(0.0, base - cast(spell)[1])
            elif isinstance(action, ActivateMystery):
                deck = view.spell_deck
                if view.mystery_card is not None:
                    value = cast(view.mystery_card)[0]  # the Owl has looked
                elif not deck:
                    value = base
                else:
                    counts: dict[Spell, int] = {}
                    for s in deck:
                        counts[s] = counts.get(s, 0) + 1
                    value = sum(c * cast(s)[0] for s, c in counts.items()) / len(deck)
            elif isinstance(action, (DiscardMystery, LetPass)):
                value = base
            else:
                continue
            # Prefer the earlier action on a tie (activations come first).
            if best_value is None or value > best_value + 1e-9:
                best_value, best_action = value, action
        replace = [a for a in legal if isinstance(a, ReplaceSpell)]
        if replace and best_value is not None and best_value <= base + 1e-9:
            # The Raven: nothing here helps; try the spell deck's top card.
            return replace[0]
        return best_action

    def _target(self, model: _Model, view: Any, legal: tuple[Any, ...]) -> Any:
        spell = view.casting
        if spell is None:
            return legal[0]
        legal_set = set(legal)
        best_value, best_action = None, legal[0]
        for target, cfg in model.effects(spell):
            if target not in legal_set:
                continue
            value = model.worth(model.base if cfg is None else cfg)
            if best_value is None or value > best_value + 1e-9:
                best_value, best_action = value, target
        return best_action


def game_gap(view: Any, seat: int) -> int:
    """The MegaBoss's HP minus the champion's strength (an unread potion at
    its lower reading)."""
    return current_hp(view) - (strength(view, seat) or 0)


class SoloPlan:
    """The Solo Quest (BQ §Solo Quest): weapons go where they leave the
    Bosses of the wave closest to an exact hit, the personal spells close the
    last small gaps, and the final assault's hearts close the MegaBoss's."""

    def __init__(self, view: Any):
        self.view = view
        self.bosses = view.solo_bosses
        self.gaps = [solo.boss_hp(b) - solo.boss_strength(b) for b in self.bosses]
        self.personal = {ATTACK_CHANGE[s.kind]: s for s in view.personal}
        #: no turn of the wave left to bring a Boss more weapons (a Cancel
        #: or a swap with the last turn): a Boss short is lost
        self.spent = not solo.turns_left(view)

    def worth(self, gap: int, ok: bool = True) -> float:
        """How promising a Boss is, `gap` points short of its HP."""
        if not ok:
            return -1.0 if self.spent else -0.5 if gap > 4 else -0.9
        if gap == 0:
            return 1.0
        if gap in self.personal:
            return 0.8
        if gap < 0 or self.spent:
            return -1.0
        return 0.5 - 0.02 * gap

    def choose(self, legal: tuple[Any, ...]) -> Any:
        view = self.view
        first = legal[0]
        if isinstance(first, Ask) or view.phase is solo.Phase.SOLO:
            return self._ask(legal)
        if isinstance(first, AssignTo):
            # (the personal spells offered beside the gives wait for the wave's end)
            gives = [a for a in legal if isinstance(a, AssignTo)]
            return max(gives, key=lambda a: (self._assign_worth(a.boss), -a.boss))
        if isinstance(first, TargetSpell):
            # on any Boss of the wave (BQ-40): the first of equals, in board order
            return max(legal, key=self._cancel_worth)
        if isinstance(first, TargetWeapon):
            return max(legal, key=self._swap_worth)
        return self._end(legal)

    def _ask(self, legal: tuple[Any, ...]) -> Any:
        asks = [a for a in legal if isinstance(a, Ask)]
        if not asks:
            return next((a for a in legal if isinstance(a, AssignTo)), legal[0])
        gap = max(self.gaps) if self.gaps else 0
        # about four points a card; stop short, the last cards fine-tune
        count = max(1, min(len(asks), round((gap - 2) / 4)))
        return asks[count - 1]

    def _assign_worth(self, index: int) -> float:
        view = self.view
        boss = self.bosses[index]
        drawn = view.drawn
        spell = solo.top_spell(view)
        gap = self.gaps[index] - sum(w.value for w in drawn)
        spells = boss.spells
        if spell is not None:
            gap += HP_CHANGE.get(spell.kind, 0)
            spells = spells + (spell,)
        trial = solo.SoloBoss(boss.hp, boss.weapons + drawn, spells)
        before = self.worth(self.gaps[index], solo.conditions_met(boss))
        return self.worth(gap, solo.conditions_met(trial)) - before

    def _cancel_worth(self, action: TargetSpell) -> float:
        """What cancelling `action`'s spell gains its Boss (a condition
        lifted, an HP change off a Boss it kept from an exact hit)."""
        b = solo.spell_boss(self.view, action)
        boss = self.bosses[b]
        rest = boss.spells[: action.index] + boss.spells[action.index + 1 :]
        trial = solo.SoloBoss(boss.hp, boss.weapons, rest)
        gap = solo.boss_hp(trial) - solo.boss_strength(trial)
        before = self.worth(self.gaps[b], solo.conditions_met(boss))
        return self.worth(gap, solo.conditions_met(trial)) - before

    def _swap_worth(self, action: TargetWeapon) -> float:
        """What swapping `action`'s weapon for the deck's top card (about 4)
        gains its Boss: a Boss passed gives up a big card, one short a
        small one, one beaten none."""
        b = solo.weapon_boss(self.view, action.weapon)
        ok = solo.conditions_met(self.bosses[b])
        gap = self.gaps[b]
        return self.worth(gap + action.weapon.value - 4, ok) - self.worth(gap, ok)

    def _end(self, legal: tuple[Any, ...]) -> Any:
        for i, gap in enumerate(self.gaps):
            spell = self.personal.get(gap)
            if spell is not None and solo.conditions_met(self.bosses[i]):
                action = PlayPersonal(spell, i)
                if action in legal:
                    return action
        if self.view.wave == 3 and self.gaps and Resolve(self.gaps[0]) in legal:
            return Resolve(self.gaps[0])
        return Resolve(0) if Resolve(0) in legal else legal[-1]


def _duel_ask(view: Any, gap: float, asks: list[Any]) -> Any:
    """The largest request whose weapons' mean plus 1.5 standard
    deviations stays within `gap`, at least one weapon: the weapon deck is
    what the champion has not seen (`view.unseen`; a potion counts 0 with
    its value's spread, read either way)."""
    values = [float(w.value if w.colour is not None else 0) for w in view.unseen or ()]
    if not values:
        return asks[0]
    mean = sum(values) / len(values)
    spread = sum((v - mean) ** 2 for v in values) / len(values)
    spread += sum(float(w.value) ** 2 for w in view.unseen if w.colour is None) / len(values)
    best = asks[0]
    for action in asks:
        k = action.count
        if k * mean + 1.5 * (k * spread) ** 0.5 <= gap:
            best = action
    return best
