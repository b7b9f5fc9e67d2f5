"""The Boss Quest heuristic bot plays every option and player count: each of
its answers is checked against the true state (`tests.playouts.play_checked`:
it decides from its own view and answers a legal action)."""

from __future__ import annotations

import hashlib
import random

import attrs
import pytest

from core import CHANCE
from core.bossquest import GAME
from core.bossquest.actions import ReadPotion
from core.bossquest.state import Ulul
from core.bots.bossquest import HeuristicBot
from core.playout import Playout, sample_chance
from tests.bossquest_tables import Phase, SpellKind, knight, spell, table
from tests.playouts import play_checked, seeds
from tests.test_bossquest_properties import random_options

SEEDS = seeds(3)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_heuristic_bots_finish_matches_with_random_options(players):
    for seed in range(SEEDS):
        options = random_options(seed * 13 + players)
        bots = [HeuristicBot() for _ in range(players)]
        state = play_checked(GAME, bots, random.Random(seed), options)
        assert GAME.outcome(state) is not None


def test_heuristic_bolder_knight_uses_its_chance():
    """With the bolder-knights variant the bot, at the Wizard, is asked again
    while the other equips, and answers (it may pass)."""
    asked = 0
    for seed in range(6):
        options = GAME.Options(bolder_knights=True)
        state = GAME.setup(2, options)
        rng = random.Random(seed)
        bot = HeuristicBot()
        while GAME.to_act(state):
            (seat,) = GAME.to_act(state)
            if seat == CHANCE:
                action = sample_chance(GAME.chance_outcomes(state), rng)
            else:
                legal = GAME.legal_actions(state, seat)
                if state.waiting is not None:
                    asked += 1
                action = bot.choose(GAME, GAME.view(state, seat), seat, legal, rng)
            state = GAME.apply(state, seat, action)
    assert asked > 0


def _reading_table(hidden: str, *visible: str):
    """Seat 0 must read the face-up potion it just received (BQ-3)."""
    ks = [knight(hidden, *visible), knight("Y1", "B3"), knight("P1", "P2")]
    state = table(
        ks,
        turn=0,
        boss=17,
        offer=tuple(
            spell(k) for k in (SpellKind.HP_PLUS_1, SpellKind.HP_MINUS_1, SpellKind.HP_PLUS_2)
        ),
        options=GAME.Options(potions=True),
    )
    return attrs.evolve(state, phase=Phase.READ_POTION, reader=0, resume="draw", to_draw=1)


def test_heuristic_reads_a_potion_towards_the_hp():
    state = _reading_table("R7", "B6", "±3")  # 13: +3 is 16, one short of 17
    legal = GAME.legal_actions(state, 0)
    choice = HeuristicBot().choose(GAME, GAME.view(state, 0), 0, legal, random.Random(1))
    assert choice == ReadPotion(1)


def test_heuristic_reads_a_potion_down_rather_than_go_over():
    state = _reading_table("R7", "B7", "Y2", "±3")  # 16: +3 is 19, over 17
    legal = GAME.legal_actions(state, 0)
    choice = HeuristicBot().choose(GAME, GAME.view(state, 0), 0, legal, random.Random(1))
    assert choice == ReadPotion(-1)


# --- the Final Boss duel (BQ §Final Boss, BQ-37, BQ-38) ---------------------------

def _duel(night: tuple[str, ...] = (), phase=None, hearts: int = 3):
    """Bram (seat 1) won the game and faces the MegaBoss, holding `night`
    face down."""
    from core.bossquest import rules
    from core.bossquest.state import Hidden, Knight, Options
    from tests.bossquest_tables import w

    base = GAME.setup(3, Options(final_boss=True))
    knights = (Knight(hearts=1, keys=2), Knight(hearts=hearts, keys=5), Knight(hearts=2, keys=1))
    state = rules._start_duel(attrs.evolve(base, knights=knights), 1)
    cards_ = tuple(Hidden(w(c), frozenset({1})) for c in night)
    deck = state.weapon_deck
    for card in cards_:
        deck = tuple(x for i, x in enumerate(deck) if i != deck.index(card.weapon))
    bram = attrs.evolve(state.knights[1], night=cards_)
    state = attrs.evolve(state, knights=(knights[0], bram, knights[2]), weapon_deck=deck,
                         duel_asks=1 if night else 0)
    if phase is not None:
        state = attrs.evolve(state, phase=phase)
    return state


def test_the_searching_bot_plays_the_duel_as_the_heuristic_does():
    """BQ-38: the duel changes no standing, so a search values every move
    alike; the searching bot plays the duel by the heuristic (the play-test
    saw it ask 7 weapons, then sacrifice a heart at 35 against 30 HP)."""
    from core.bossquest import search

    over = _duel(("B5", "R2", "P3", "B4", "R1", "P5", "B7", "P7"), Phase.DUEL_SACRIFICE)
    assert GAME.strength(over, 1) == 34
    legal = GAME.legal_actions(over, 1)
    assert search.answer(GAME.view(over, 1), 1, legal) == legal[0]  # Sacrifice(0)
    assert legal[0].hearts == 0
    start = _duel()
    legal = GAME.legal_actions(start, 1)
    assert search.answer(GAME.view(start, 1), 1, legal) is not None


def test_the_champion_asks_several_weapons_but_not_too_many():
    """BQ-37: each request brings a spell against the champion, so the bot
    asks several weapons at first (not one at a time), but few enough to
    stay well under the MegaBoss's 30 HP; close to it, one at a time."""
    from core.bossquest.actions import DuelAsk, Fight

    bot = HeuristicBot()
    start = _duel()
    first = bot.choose(GAME, GAME.view(start, 1), 1, GAME.legal_actions(start, 1),
                       random.Random(0))
    assert isinstance(first, DuelAsk) and 3 <= first.count <= 6
    near = _duel(("B7", "R6", "P7", "Y5"))  # 25 of 30
    choice = bot.choose(GAME, GAME.view(near, 1), 1, GAME.legal_actions(near, 1),
                        random.Random(0))
    assert choice == DuelAsk(1)
    there = _duel(("B7", "R6", "P7", "Y5", "R3"))  # 28: two spare hearts mend it
    choice = bot.choose(GAME, GAME.view(there, 1), 1, GAME.legal_actions(there, 1),
                        random.Random(0))
    assert choice == Fight()


#: The heuristic bot's choices at every decision of `_CHOICE_MATCHES`
#: matches (2-5 knights, the base game and extensions; each knight plays the
#: bot's choice 7 times in 10, else a random legal action, so the tables
#: stray from the bot's own play), hashed in order. The searching bots'
#: playouts ask the heuristic bot millions of times: this pins that making
#: it faster changes none of its answers (the hash was taken before).
_CHOICE_MATCHES = 60
_CHOICES_HASH = "6fdaaec82ed5e2db6325e6785c92b10f29127355c62eb495c91c2423bb9853d2"


def _heuristic_choices_hash(matches: int) -> tuple[int, str]:
    bot = HeuristicBot()
    digest = hashlib.sha256()
    decisions = 0
    options = (
        GAME.Options(),
        GAME.Options(potions=True),
        GAME.Options(ulul=Ulul.NIGHT, potions=True, companions=True),
        GAME.Options(keep_green=True, companions=True),
    )

    def policy(state, seat, legal, rng):
        nonlocal decisions
        choice = bot.choose(GAME, GAME.view(state, seat), seat, legal, random.Random(0))
        digest.update(repr((match, choice)).encode())
        decisions += 1
        return choice if rng.random() < 0.7 else rng.choice(legal)

    for match in range(matches):
        state = GAME.setup(2 + match % 4, options[match % len(options)])
        for _ in Playout(GAME, state, random.Random(7000 + match), policy):
            pass
    return decisions, digest.hexdigest()


def test_the_heuristic_bot_chooses_as_it_did_on_many_seeded_decisions():
    decisions, digest = _heuristic_choices_hash(_CHOICE_MATCHES)
    assert decisions > 4000
    assert digest == _CHOICES_HASH


def test_the_mass_above_each_strength_is_summed_strongest_first():
    """`above[t]`: the mass strictly stronger than t, added strongest first
    (the same floats whatever skips the strengths with no mass)."""
    from core.bots.bossquest import _Model

    rng = random.Random(5)
    for _ in range(200):
        hp = rng.randrange(10, 26)
        mass = {t: rng.random() / 7 for t in rng.sample(range(hp + 1), rng.randrange(0, 9))}
        expected = [0.0] * (hp + 2)
        acc = 0.0
        for t in range(hp, -1, -1):
            expected[t] = acc
            acc += mass.get(t, 0.0)
        assert _Model.above(mass, hp) == expected
