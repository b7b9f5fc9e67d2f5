"""Which spells changed a Boss Quest combat, and how (core/bossquest/
table_facts.py `combat_spells`): by hand-made rounds, and over random
matches against what the combat itself decided."""

from __future__ import annotations

import random

from core.bossquest import GAME
from core.bossquest.cards import Colour, Spell, SpellKind, Weapon
from core.bossquest.state import ActiveSpell, RoundResult
from core.bossquest.table_facts import combat_spells
from core.playout import random_playout


def w(code: str) -> Weapon:
    return Weapon(Colour(code[0]), int(code[1:]))


def result(spells, *, equipment, strengths, eliminated, winners, boss=16, hp=17) -> RoundResult:
    n = len(strengths)
    return RoundResult(round=3, boss=boss, hp=hp, equipment=equipment, strengths=strengths,
                       eliminated=eliminated, winners=frozenset(winners), perfect=frozenset(),
                       keys_gained=(0,) * n, hearts_lost=(0,) * n, spells=tuple(spells),
                       keys_after=(0,) * n, hearts_after=(3,) * n)


def test_each_spell_says_what_it_did_and_to_whom():
    spells = [ActiveSpell(Spell(SpellKind.HP_PLUS_2)), ActiveSpell(Spell(SpellKind.HP_MINUS_1)),
              ActiveSpell(Spell(SpellKind.ATTACK_PLUS_1), target=1),
              ActiveSpell(Spell(SpellKind.NEED_COLOUR, Colour.BLUE)),
              ActiveSpell(Spell(SpellKind.NO_HEART_LOSS)),
              ActiveSpell(Spell(SpellKind.EXTRA_KEY))]
    effects = combat_spells(result(
        spells,
        equipment=((w("B5"), w("R6")), (w("B7"), w("Y9")), (w("R8"), w("Y4")), (w("P9"), w("B9"))),
        strengths=(11, 17, 12, 18), eliminated=("", "", "spell", "over"), winners={1}))
    said = [(e.spell.kind, e.seats, e.effect) for e in effects]
    assert said == [
        (SpellKind.HP_PLUS_2, frozenset(), "Boss 16 HP +2"),
        (SpellKind.HP_MINUS_1, frozenset(), "Boss 16 HP -1"),
        (SpellKind.ATTACK_PLUS_1, frozenset({1}), "strength +1"),
        (SpellKind.NEED_COLOUR, frozenset({2}), "out"),  # the only knight without blue
        (SpellKind.NO_HEART_LOSS, frozenset({3}), "over, but no heart lost"),
        (SpellKind.EXTRA_KEY, frozenset({1}), "2 keys for the win"),
    ]


def test_a_spell_that_changed_nothing_is_left_out():
    spells = [ActiveSpell(Spell(SpellKind.NEED_PAIR)), ActiveSpell(Spell(SpellKind.NO_HEART_LOSS))]
    effects = combat_spells(result(
        spells, equipment=((w("B5"), w("B6")), (w("R7"), w("R2"))), strengths=(11, 9),
        eliminated=("", ""), winners={0}, hp=17))
    assert effects == ()  # both hold a pair, nobody over
    second = [ActiveSpell(Spell(SpellKind.SECOND_CLOSEST))]
    effects = combat_spells(result(
        second, equipment=((w("B9"), w("B8")), (w("R7"), w("R9"))), strengths=(17, 16),
        eliminated=("over", "over"), winners=set(), hp=15))
    assert effects == ()  # everybody over: nobody would have won anyway


def test_the_second_closest_spell_with_no_second_place_says_it_took_the_win():
    """BQ-20: with no second place nobody wins the round, so the spell
    took the win from the closest knight (Ann at 17 against 18, the other
    knight over): the combat says so rather than "no spell changed it"."""
    second = [ActiveSpell(Spell(SpellKind.SECOND_CLOSEST))]
    effects = combat_spells(result(
        second, equipment=((w("B5"), w("Y7"), w("R5")), (w("Y1"), w("B7"), w("B9"))),
        strengths=(17, 17 + 4), eliminated=("", "over"), winners=set(), hp=18))
    said = [(e.spell.kind, e.seats, e.effect) for e in effects]
    assert said == [(SpellKind.SECOND_CLOSEST, frozenset({0}),
                     "closest, but no second place: nobody wins")]


def test_over_random_matches_every_knight_a_spell_put_out_is_named():
    for seed in range(12):
        state, _ = random_playout(GAME, 2 + seed % 3, rng=random.Random(seed))
        for fought in state.history:
            effects = combat_spells(fought)
            out = {s for s, why in enumerate(fought.eliminated) if why == "spell"}
            named = set().union(*(e.seats for e in effects if e.effect == "out"))
            assert named == out
            hp = sum(int(e.effect.rsplit(" ", 1)[1]) for e in effects if e.effect.startswith("Boss"))
            assert fought.boss + hp == fought.hp
