"""An Overseers bot that plays for its score from its own view.

- Draft: the card that adds most to what it keeps (Courage and Hope valued
  for the sets they may still make).
- Placement: the weakest cards face up, the best face down, so that it
  looks harmless to the vote.
- Abilities: Purple turns, Gold keeps and Teal copies whatever leaves the
  best score; Meixiu peeks at the player who shows most.
- Vote: the player it believes scores most: the cards it sees, plus the
  average of the cards its view says are unseen for each hidden card.
- Judgment: it admits when it believes it is the highest (losing its two
  weakest cards rather than its two best), else denies.
- Ties as Leader: away from itself. Greed: robs the best card it can see;
  gives its least useful. Liang: the player with most cards.
- The pair a guilty player loses, as Leader (OV-5, OV-13): its own, the
  pair that leaves it the best round score (then the most Greed); another
  player's, the pair that leaves them the worst (then the least Greed).

Nothing here reads more than the view: hidden cards are estimated from
`view.unseen` only.
"""

from __future__ import annotations

import random
from typing import Any

from core.overseers import rules
from core.overseers.actions import Admit, Choose, Copy, Deny, Pass, Turn
from core.overseers.cards import TRAIT, Character, Trait, points
from core.overseers.state import Phase, Slot, State

#: How much a Courage or Hope card is worth beyond its points now, while
#: the draft can still complete its set (per card already kept).
SET_HOPE = 0.5


def _score(slots: tuple[Slot, ...] | list[Slot]) -> int:
    return points(rules.effective(slots))


def _kept_value(kept: list[int], card: int, picks_left: int) -> float:
    before = [TRAIT[c] for c in kept]
    after = before + [TRAIT[card]]
    gain = float(points(after) - points(before))
    trait = TRAIT[card]
    if trait in (Trait.COURAGE, Trait.HOPE) and picks_left > 0:
        n = after.count(trait)
        if n < 3:
            # what the next copy would add, discounted
            gain += SET_HOPE * (points(after + [trait]) - points(after))
    return gain


def _hidden_mean(view: State) -> float:
    """The average score of one card the view does not show."""
    unseen = view.unseen or ()
    if not unseen:
        return 3.0
    return sum(points([TRAIT[c]]) for c in unseen) / len(unseen)


def estimate(view: State, seat: int) -> float:
    """What `seat` scores this round, as far as the view tells."""
    p = view.seats[seat]
    shown = [x for x in p.slots if x.card is not None]
    hidden = len(p.slots) - len(shown)
    base = points(rules.effective(shown))
    if p.character is Character.MEIXIU:
        base += 3
    return base + hidden * _hidden_mean(view)


class HeuristicBot:
    """Greedy on its own score; votes and judges from its estimates."""

    name = "heuristic"

    def choose(
        self, game: Any, view: State, seat: int, legal: tuple[Any, ...], rng: random.Random
    ) -> Any:
        if len(legal) == 1:
            return legal[0]
        phase = view.phase
        me = view.seats[seat]
        if phase is Phase.DRAFT:
            kept = [c for c in me.kept if c is not None]
            left = 5 - len(kept) - 1
            return max(legal, key=lambda a: (_kept_value(kept, a.card, left), -a.card))
        if phase is Phase.PLACE:
            return min(legal, key=lambda a: (points([TRAIT[c] for c in a.cards]), a.cards))
        if phase in (Phase.PURPLE, Phase.TEAL):
            return max(legal, key=lambda a: self._after_ability(me.slots, a))
        if phase is Phase.GOLD_KEEP:
            return max(legal, key=lambda a: _score(me.slots + (Slot(a.card, up=False),)))
        if phase is Phase.PEEK:
            return max(legal, key=lambda a: (estimate(view, a.seat), -a.slot))
        if phase is Phase.VOTE:
            return max(legal, key=lambda a: (estimate(view, a.seat), -a.seat))
        if phase is Phase.JUDGE:
            mine = rules.showdown_score(view, seat)
            others = max(estimate(view, s) for s in range(view.players) if s != seat)
            return Admit() if mine > others else Deny()
        if phase in (Phase.ADMIT, Phase.GIVE):
            return max(legal, key=lambda a: (_score(_drop(me.slots, a.slot)), -a.slot))
        if phase is Phase.ROB:
            robs = [a for a in legal if isinstance(a, Choose)]
            if not robs:
                return Pass()
            return max(robs, key=lambda a: (self._best_take(view, seat, a.seat), -a.seat))
        if phase is Phase.LIANG:
            return max(legal, key=lambda a: (len(view.seats[a.seat].slots), -a.seat))
        if phase is Phase.ACCUSE:
            others = [a for a in legal if a.seat != seat] or list(legal)
            return max(others, key=lambda a: (estimate(view, a.seat), -a.seat))
        if phase is Phase.DECLARE:
            others = [a for a in legal if a.seat != seat] or list(legal)
            return others[0]
        if phase is Phase.THIEF:
            for a in legal:
                if a.seat == seat:
                    return a
            return legal[0]
        if phase is Phase.NEXT_LEADER:
            others = [a for a in legal if a.seat != seat] or list(legal)
            return others[0]
        if phase is Phase.GUILTY:
            return guilty_pair(view, seat, legal)
        return rng.choice(legal)

    def _after_ability(self, slots: tuple[Slot, ...], action: Any) -> tuple[int, int]:
        new = list(slots)
        if isinstance(action, Turn):
            new[action.slot] = Slot(slots[action.slot].card, slots[action.slot].up, turned=True)
            return _score(new), -action.slot
        assert isinstance(action, Copy)
        s = slots[action.slot]
        new[action.slot] = Slot(s.card, up=False, under=action.top)
        return _score(new), -action.slot * 10 - action.top

    def _best_take(self, view: State, seat: int, victim: int) -> float:
        """What the worst card the victim might give adds to the bot: the
        victim chooses, so the bot expects its least useful card."""
        mine = view.seats[seat].slots
        now = _score(mine)
        gains = [
            _score(mine + (Slot(x.card, up=True),)) - now
            for x in view.seats[victim].slots
            if x.card is not None
        ]
        return min(gains) if gains else 0.0

    def __repr__(self) -> str:
        return "HeuristicBot()"


def _drop(slots: tuple[Slot, ...], index: int) -> tuple[Slot, ...]:
    return rules.without(slots, (index,))


def guilty_pair(view: State, seat: int, legal: tuple[Any, ...]) -> Any:
    """OV-5, OV-13: the Leader `seat` chooses the pair the guilty accused
    loses (the pairs cost the showdown score alike; what is left differs).
    Its own: the cards left that score most for the round, then the most
    Greed (a chance to steal); another's: the least, then the least Greed,
    so the Leader's rival keeps the weaker cards. The first on a tie."""
    accused = view.accused if view.accused is not None else seat
    slots = view.seats[accused].slots

    def left(a: Any) -> tuple[int, int]:
        rest = rules.without(slots, (a.first, a.second))
        return _score(rest), rules.greed_count(rest)

    if accused == seat:
        return max(legal, key=left)
    return min(legal, key=left)


__all__ = ["HeuristicBot", "estimate", "guilty_pair"]
