"""Boss Quest with every option, 3-4 knights, hot-seat: the play-test's
rule findings (qa bqall).

1. An Owl's look at the mystery spell (BQ-33) drew it early, and at the
   round's end the unused card was discarded in silence: no "The mystery
   spell was ...; it is discarded." line, which a round without a look
   has (BQ-13). Whoever looked, it is turned face up as it is discarded.
2. u took back a potion's reading and a visit to the Wizard, both of which
   the rulebook calls final (BQ-54).
"""

from __future__ import annotations

import random

import attrs
import pytest

from core import CHANCE
from core.bossquest import GAME
from core.bossquest.actions import (
    ActivateMystery,
    DiscardMystery,
    PeekMystery,
    RevealSpell,
)
from saves.journal import PlayerSpec
from saves.match import Match

PEOPLE = (PlayerSpec("Ann", "human"), PlayerSpec("Bram", "human"), PlayerSpec("Cora", "human"))
NAMES = tuple(p.name for p in PEOPLE)


def _owl_round(tmp_path, seed: int) -> tuple[Match, int, object]:
    """A seeded match with Companions, played at random until a round in
    which the Owl looked at the mystery spell and nobody used it has ended:
    the match, the index of that look's card in the history, and the card."""
    rng = random.Random(seed)
    options = attrs.evolve(GAME.Options(), companions=True, final_boss=seed % 2 == 0)
    match = Match.new(GAME.id, PEOPLE, options, directory=tmp_path, seed=seed)
    seen: tuple[int, object, int] | None = None
    for _ in range(5000):
        seats = match.to_act()
        if seen is not None and (not seats or match.state.round != seen[2]):
            return match, seen[0], seen[1]
        assert seats, "the match ended before an Owl's look went unused"
        if CHANCE in seats:
            match.step_chance(rng)
            action = match.history[-1][1]
            if isinstance(action, RevealSpell) and isinstance(match.history[-2][1], PeekMystery):
                seen = (len(match.history) - 1, action.spell, match.state.round)
            continue
        seat = min(seats)
        legal = GAME.legal_actions(match.state, seat)
        peek = [a for a in legal if isinstance(a, PeekMystery)]
        # the mystery is never used: it is left to the round's end
        choices = peek or [a for a in legal
                           if not isinstance(a, (ActivateMystery, DiscardMystery))] or legal
        action = rng.choice(choices)
        if isinstance(action, (ActivateMystery, DiscardMystery)):
            seen = None  # used after all (forced): look for another round
        match.apply(seat, action)
    raise AssertionError("no round with an unused, looked-at mystery spell")


@pytest.mark.parametrize("seed", [3, 4, 6, 7])
def test_an_unused_mystery_the_owl_looked_at_is_turned_at_the_rounds_end_bq13_bq33(
        tmp_path, seed):
    """BQ-13: a mystery spell still face down when the round ends is turned
    and discarded; BQ-33: one the Owl looked at is that card, turned face up
    (with no further draw). Everyone's log names it, as without a look."""
    match, looked, card = _owl_round(tmp_path, seed)
    turned = f"The mystery spell was {card}; it is discarded."
    for viewer in (None, 0, 1, 2):
        log = "\n".join(match.log(viewer)[looked + 1:])
        assert turned in log, (viewer, log[-600:])
        # after the round's combat, as it is without a look
        assert log.index("Combat vs") < log.index(turned), log[-600:]
    # the journal, replayed, tells it the same way
    path = match.path
    match.close()
    loaded = Match.load(path)
    assert loaded.ok, loaded.problems
    assert turned in "\n".join(loaded.match.log(None))
    loaded.match.close()
