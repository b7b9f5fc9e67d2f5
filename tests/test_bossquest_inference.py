"""Boss Quest: what everyone may infer of a knight's face-down cards from
the rules (BQ-6: a knight over the HP must go to the Wizard, so a knight who
asks for weapons is not over), and the bots keeping to it (play-test
2026-12-07, /tmp/qa/bqbots.md finding 1)."""

from __future__ import annotations

import random
from collections import Counter

import attrs
import pytest

from core.bossquest import GAME, rules
from core.bossquest.actions import Activate, Ask, TargetKnight
from core.bossquest.cards import SpellKind
from core.bossquest.search import determinize, wizard_choice
from core.bossquest.state import ActiveSpell, Options, Phase, Step, Ulul
from tests.bossquest_tables import draw, knight, play, spell, table
from tests.playouts import checked_playout, seeds

SEEDS = seeds(40)


def bound_kept(state):
    """Every knight's face-down cards add no more than its public bound."""
    if state.players == 1:
        return
    for s, k in enumerate(state.knights):
        if k.down_bound is not None:
            assert rules.down_total(k) <= k.down_bound, (s, k)


@pytest.mark.parametrize("seed", range(SEEDS))
def test_the_true_state_always_keeps_the_bound(seed):
    """Random playouts with every option drawn (Ul'ul's night, potions,
    companions, bolder knights, the Final Boss): at every step each knight's
    face-down cards add at most what its asks showed, so the inference the
    bots make is never wrong."""
    rng = random.Random(seed)
    options = Options(
        potions=rng.random() < 0.5,
        companions=rng.random() < 0.5,
        final_boss=rng.random() < 0.5,
        bolder_knights=rng.random() < 0.5,
        ulul=Ulul.NIGHT if rng.random() < 0.7 else Ulul.OFF,
    )
    players = 2 + seed % 5
    checked_playout(GAME, players, options, seed, bound_kept)


def test_each_ask_bounds_the_face_down_cards_bq6():
    """BQ-6 (a knight over the HP must go to the Wizard): each ask shows the
    knight's hidden card adds at most the HP less what everyone counts of it
    (face-up weapons, spells in front of it); asks tighten it, never loosen
    it; an HP spell in play counts at the ask and leaves an earlier bound
    alone; every view carries it (it is public)."""
    state = table([knight("Y5", "R6"), knight("B3", "R2")], boss=17)
    assert state.knights[0].down_bound is None
    state = play(state, 0, Ask(1))
    assert state.knights[0].down_bound == 17 - 6
    state = draw(state, "R4")  # seat 0 shows 10
    state = draw(play(state, 1, Ask(1)), "B1")
    assert state.knights[1].down_bound == 17 - 2
    state = draw(play(state, 0, Ask(1)), "Y2")
    assert state.knights[0].down_bound == 17 - 10
    for seat in (None, 0, 1):
        assert GAME.view(state, seat).knights[0].down_bound == 7
    # an HP spell next to the Boss: 19 HP at the ask; an attack spell on the
    # knight is counted in what everyone sees of it
    hp = table(
        [knight("Y5", "R6"), knight("B3", "R2")],
        boss=17,
        active=(
            ActiveSpell(spell(SpellKind.HP_PLUS_2)),
            ActiveSpell(spell(SpellKind.ATTACK_MINUS_1), target=0),
        ),
    )
    hp = play(hp, 0, Ask(1))
    assert hp.knights[0].down_bound == 19 - (6 - 1)
    # a later, looser ask keeps the tighter bound
    looser = attrs.evolve(hp, knights=(attrs.evolve(hp.knights[0], down_bound=3),) + hp.knights[1:])
    looser = attrs.evolve(looser, phase=Phase.TURN, to_draw=0, turn=0, step=Step.CHOOSE)
    assert play(looser, 0, Ask(1)).knights[0].down_bound == 3


def test_the_bound_is_reset_each_round_and_by_a_swap():
    """A new round's knights start with no bound; Swap hidden hands each
    knight a card no ask of theirs bounded, so both bounds go."""
    state = table(
        [knight("Y5", "R6", done=True), knight("B3", "R2")],
        boss=17,
        turn=1,
        step=Step.WIZARD,
        offer=(spell(SpellKind.SWAP_HIDDEN), spell(SpellKind.HP_PLUS_1)),
    )
    state = attrs.evolve(
        state,
        knights=tuple(attrs.evolve(k, down_bound=b) for k, b in zip(state.knights, (6, 9), strict=True)),
    )
    swapped = play(state, 1, Activate(0), TargetKnight(0))
    assert [k.down_bound for k in swapped.knights] == [None, None]

    def fresh(state):
        if state.phase in (Phase.REVEAL_BOSS, Phase.LAY_SPELLS, Phase.DEAL):
            assert all(k.down_bound is None for k in state.knights)

    for seed in range(6):
        checked_playout(GAME, 2 + seed % 4, Options(), seed, fresh)


def test_determinize_keeps_a_rivals_face_down_cards_within_the_bound():
    """The search's deals give a rival who asked at 11 of 15 (BQ-6) a hidden
    card of 4 at most, each such value in turn; the seat's own cards and the
    rest are dealt as before, and the deal is one the view could be."""
    state = _playtest(asked_at=11)
    view = GAME.view(state, 1)
    assert view.knights[0].hidden.weapon is None
    rng = random.Random(5)
    values = Counter()
    for _ in range(400):
        d = determinize(view, 1, rng)
        assert GAME.view(d, 1) == view
        assert rules.down_total(d.knights[0]) <= 4
        values[d.knights[0].hidden.weapon.value] += 1
    assert set(values) == {1, 2, 3, 4}


def test_determinize_takes_the_closest_deal_when_none_keeps_the_bound():
    """A bound no unseen card can keep (a view built by hand: a real table
    always keeps it) still gives a deal, the closest: the smallest card."""
    state = _playtest(asked_at=11)
    state = attrs.evolve(
        state, knights=(attrs.evolve(state.knights[0], down_bound=0),) + state.knights[1:]
    )
    view = GAME.view(state, 1)
    for seed in range(20):
        d = determinize(view, 1, random.Random(seed))
        assert d.knights[0].hidden.weapon.value == 1


# ---------------------------------------------------------------------------
# the play-test's position (/tmp/qa/bqbots.md finding 1)


def _playtest(asked_at):
    """Boss 15, no spell in play. Ann (seat 0) shows R7 Y4 R3 = 14 and a
    hidden P1, at the Wizard; Bram (seat 1, the bot) holds P3 hidden + R4 B1
    Y6 = 14 at the Wizard with Swap hidden, Cancel and the mystery spell.
    Ann's last ask was at `asked_at` (BQ-6: her hidden card adds at most 15
    less that)."""
    state = table(
        [knight("P1", "R7", "Y4", "R3", done=True), knight("P3", "R4", "B1", "Y6")],
        boss=15,
        turn=1,
        step=Step.WIZARD,
        armorer=1,
        offer=(spell(SpellKind.SWAP_HIDDEN), spell(SpellKind.CANCEL), None),
    )
    ann = attrs.evolve(state.knights[0], down_bound=15 - asked_at)
    return attrs.evolve(state, knights=(ann,) + state.knights[1:])


def test_the_bot_swaps_its_hidden_card_onto_a_rival_bound_to_be_exact():
    """Ann asked at 11 of 15 (BQ-6: so her hidden card is 4 at most) and went
    to the Wizard at 14 + a hidden card: exactly 15 (a PERFECT that wins the
    game) or over. Swap hidden gives her Bram's P3 (17: surely over) and
    Bram her card (11 + at most 4: never over). The bot's choice at the
    Wizard (the heuristic's, which the hard bot plays there) swaps; counting
    her hidden card as any weapon it activated the mystery spell blind
    (play-test: Attack -1, which it put on itself)."""
    state = _playtest(asked_at=11)
    view = GAME.view(state, 1)
    legal = GAME.legal_actions(state, 1)
    assert Activate(0) in legal
    choice = wizard_choice(view, 1, legal)
    assert choice == Activate(0)
    after = play(state, 1, choice)
    assert wizard_choice(GAME.view(after, 1), 1, GAME.legal_actions(after, 1)) == TargetKnight(0)

