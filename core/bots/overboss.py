"""An Overboss Duel bot that looks one placement ahead, from its view only.

Every candidate action is applied to the bot's view (the rules run on a
view: only the opponent's face-down Boss is missing, and no decision
depends on it) and the rest of the bot's own turn is finished cheaply:

- optional effects (Icy Peak slide, Road swap, reveal abilities) are
  skipped, a Sunken City always refreshes a Spire;
- tokens and Town heroes go where the evaluation is best;
- a chance step (a Spawning Pool's draw) or the end of the turn stops it.

The evaluation is the score pad as the board stands: the bot's total minus
the opponent's (the opponent's hidden Boss objective counts as 0).

Decisions:

- Drafting: every pair is tried on every open square; the best (pair,
  square) wins. Placing the tile: every square, the same way.
- Optional effects and reveal abilities: every option and "skip" are
  evaluated; the best is taken.
- End of the turn: a Spire is used when a move gains at least
  `SPIRE_GAIN` points (any gain on the bot's last turn); the Boss is
  revealed when its ability gains at least `REVEAL_GAIN`, or on the bot's
  last turn, never when the reveal would do nothing (its objective scores
  face down too: `reveal_wasted`).
"""

from __future__ import annotations

import random
from typing import Any

from core.overboss import rules
from core.overboss.actions import (
    Draft,
    EndTurn,
    PlaceTile,
    RefreshSpire,
    RevealBoss,
    Skip,
    UseSpire,
)
from core.overboss.scoring import score_pad
from core.overboss.search import reveal_wasted
from core.overboss.state import ABILITY_STEPS, CHANCE_STEPS, State, Step

#: A Spire is used before ending the turn when it gains at least this much.
SPIRE_GAIN = 2
#: The Boss is revealed before ending the turn when that gains this much.
REVEAL_GAIN = 1

_SKIP = Skip()
_END = EndTurn()
_REVEAL = RevealBoss()
_REFRESH = RefreshSpire()
_OPTIONAL = frozenset({Step.SLIDE, Step.SWAP}) | ABILITY_STEPS


def evaluate(state: State, seat: int) -> int:
    """The bot's score minus the opponent's, as the board stands."""
    totals = score_pad(state).totals
    return totals[seat] - totals[1 - seat]


#: a late Road swap offers hundreds of pairs of tokens; looking ahead on a
#: sample keeps a decision within a few frames of the screen's interpreter
LOOKAHEAD_LIMIT = 120


class HeuristicBot:
    """Greedy one-placement look-ahead on the score difference."""

    name = "heuristic"

    def choose(
        self, game: Any, view: State, seat: int, legal: tuple[Any, ...], rng: random.Random
    ) -> Any:
        if len(legal) == 1:
            return legal[0]
        step = view.step
        if step is Step.DRAFT:
            return self._draft(view, seat, legal, rng)
        if step is Step.PLACE_TILE:
            return self._best(view, seat, [a for a in legal if isinstance(a, PlaceTile)], rng)
        if step is Step.REFRESH:
            return _REFRESH
        if step is Step.END:
            return self._end(view, seat, legal, rng)
        core = [a for a in legal if not isinstance(a, UseSpire) and a != _REVEAL]
        return self._best(view, seat, core, rng)

    # --- choosing by look-ahead ---------------------------------------------

    def _best(self, state: State, seat: int, actions: list[Any], rng: random.Random) -> Any:
        """The action whose look-ahead evaluates best (ties broken at random).
        Past LOOKAHEAD_LIMIT choices a random sample is looked at, Skip kept."""
        if len(actions) > LOOKAHEAD_LIMIT:
            rest = [a for a in actions if a != _SKIP]
            actions = [a for a in actions if a == _SKIP] + rng.sample(rest, LOOKAHEAD_LIMIT)
        best: list[Any] = []
        top = None
        for action in actions:
            value = self._value(state, seat, action)
            if top is None or value > top:
                top, best = value, [action]
            elif value == top:
                best.append(action)
        return best[0] if len(best) == 1 else rng.choice(best)

    def _value(self, state: State, seat: int, action: Any) -> int:
        after = rules.apply(state, seat, action)
        return evaluate(self._finish(after, seat), seat)

    def _finish(self, state: State, seat: int) -> State:
        """Play the rest of the bot's turn cheaply (see the module docstring)."""
        while state.turn == seat and state.step not in _STOP:
            step = state.step
            if step in _OPTIONAL:
                action = _SKIP
            elif step is Step.REFRESH:
                action = _REFRESH
            elif step is Step.PLACE_TILE:
                squares = rules.open_squares(state)
                action = PlaceTile(squares[0])
            else:  # TOKEN, LAIR, SPAWN: the best immediate result
                legal = [
                    a
                    for a in rules.legal_actions(state, seat)
                    if not isinstance(a, UseSpire) and a != _REVEAL
                ]
                if len(legal) == 1:
                    action = legal[0]
                else:
                    action = max(legal, key=lambda a: evaluate(rules.apply(state, seat, a), seat))
            state = rules.apply(state, seat, action)
        return state

    def _draft(self, state: State, seat: int, legal: tuple[Any, ...], rng: random.Random) -> Any:
        """Try every pair on every open square; take the pair of the best."""
        best: list[Any] = []
        top = None
        for draft in legal:
            if not isinstance(draft, Draft):
                continue
            drafted = rules.apply(state, seat, draft)
            for square in rules.open_squares(drafted):
                value = self._value(drafted, seat, PlaceTile(square))
                if top is None or value > top:
                    top, best = value, [draft]
                elif value == top and draft not in best:
                    best.append(draft)
        return best[0] if len(best) == 1 else rng.choice(best)

    def _end(self, state: State, seat: int, legal: tuple[Any, ...], rng: random.Random) -> Any:
        """End the turn, unless a Spire move or the reveal is worth it now."""
        now = evaluate(state, seat)
        last = len(rules.open_squares(state)) <= 1
        spires = [a for a in legal if isinstance(a, UseSpire)]
        if spires:
            move = self._best(state, seat, spires, rng)
            gain = self._value(state, seat, move) - now
            if gain >= SPIRE_GAIN or (last and gain > 0):
                return move
        if _REVEAL in legal and not reveal_wasted(state, seat):
            revealed = rules.apply(state, seat, _REVEAL)
            if revealed.step in ABILITY_STEPS:
                options = rules.legal_actions(revealed, seat)
                gain = max(self._value(revealed, seat, a) for a in options) - now
            else:
                gain = evaluate(revealed, seat) - now
            if gain >= REVEAL_GAIN or last:
                return _REVEAL
        return _END


_STOP = frozenset({Step.END, Step.OVER}) | CHANCE_STEPS
