"""Which spells changed a Boss Quest combat, and how (core/bossquest/
table_facts.py `combat_spells`): by hand-made rounds, and over random
matches against what the combat itself decided."""

from __future__ import annotations

import random

import attrs
import pytest

from core.bossquest import GAME
from core.bossquest.cards import HP_CHANGE, Colour, Spell, SpellKind, Weapon
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
        (SpellKind.HP_PLUS_2, frozenset(), "16 → 18 HP"),
        (SpellKind.HP_MINUS_1, frozenset(), "18 → 17 HP"),
        (SpellKind.ATTACK_PLUS_1, frozenset({1}), "strength +1"),
        (SpellKind.NEED_COLOUR, frozenset({2}), "out"),  # the only knight without blue
        (SpellKind.NO_HEART_LOSS, frozenset({3}), "over, but no heart lost"),
        (SpellKind.EXTRA_KEY, frozenset({1}), "2 keys for the win"),
    ]


def test_hp_spells_read_from_the_hp_each_found_in_order():
    """BQ §Spell effects: the HP spells add up, in the order cast. The
    play-test, round 1: Boss HP -1 then Boss HP +1 read "Boss 20 HP -1" then
    "Boss 20 HP +1", the second as if it started from 20 again: each says
    the HP it found and the HP it left."""
    spells = [ActiveSpell(Spell(SpellKind.HP_MINUS_1)), ActiveSpell(Spell(SpellKind.HP_PLUS_1))]
    effects = combat_spells(result(spells, equipment=((w("B5"),), (w("R7"),)), strengths=(5, 7),
                                   eliminated=("", ""), winners={1}, boss=20, hp=20))
    assert [e.effect for e in effects] == ["20 → 19 HP", "19 → 20 HP"]


def said_of(effects):
    return [(e.spell.kind, e.seats, e.effect, e.no_effect) for e in effects]


def test_a_spell_that_changed_nothing_is_named_with_no_effect_and_why():
    """BQ-47 (BQ §3 Combat): every spell in play is named; one that changed
    nothing says so and why. Left out, a knight's spell seemed to vanish."""
    spells = [ActiveSpell(Spell(SpellKind.NEED_PAIR)), ActiveSpell(Spell(SpellKind.NO_HEART_LOSS))]
    effects = combat_spells(result(
        spells, equipment=((w("B5"), w("B6")), (w("R7"), w("R2"))), strengths=(11, 9),
        eliminated=("", ""), winners={0}, hp=17))
    assert said_of(effects) == [  # both hold a pair, nobody over
        (SpellKind.NEED_PAIR, frozenset(), "no effect: no knight was put out by it", True),
        (SpellKind.NO_HEART_LOSS, frozenset(), "no effect: no knight went over the HP", True)]
    second = [ActiveSpell(Spell(SpellKind.SECOND_CLOSEST))]
    effects = combat_spells(result(
        second, equipment=((w("B9"), w("B8")), (w("R7"), w("R9"))), strengths=(17, 16),
        eliminated=("over", "over"), winners=set(), hp=15))
    assert said_of(effects) == [  # everybody over: nobody would have won anyway
        (SpellKind.SECOND_CLOSEST, frozenset(), "no effect: every knight was out", True)]


def test_the_play_tests_need_purple_is_listed_beside_the_mystery_and_attack():
    """The play-test at 160x45, round 1: Ann activated Need Purple (every
    knight in contention held purple), the mystery spell turned out Need 2
    of a colour (met by all), and Attack +1 went on Cora. The combat listed
    the mystery and Attack +1 but not Need Purple: every spell in play that
    round is listed, in the order cast (BQ §Spell effects, BQ-47)."""
    from tui.screens.bossquest import spells_block

    spells = [ActiveSpell(Spell(SpellKind.NEED_PAIR), mystery=True),
              ActiveSpell(Spell(SpellKind.NEED_COLOUR, Colour.PURPLE)),
              ActiveSpell(Spell(SpellKind.ATTACK_PLUS_1), target=2)]
    fought = result(
        spells, equipment=((w("P5"), w("P6")), (w("P7"), w("R7"), w("R4")), (w("P2"), w("P3"))),
        strengths=(11, 18, 6), eliminated=("", "over", ""), winners={0})
    assert said_of(combat_spells(fought)) == [
        (SpellKind.NEED_PAIR, frozenset(),
         "the mystery spell, no effect: no knight was put out by it", True),
        (SpellKind.NEED_COLOUR, frozenset(), "no effect: no knight was put out by it", True),
        (SpellKind.ATTACK_PLUS_1, frozenset({2}), "strength +1", False)]
    block = spells_block(fought, ["Ann", "Bram", "Cora"].__getitem__).plain
    assert block.splitlines() == [
        "Spells of the round",
        "○ Need 2 of a colour: the mystery spell, no effect: no knight was put out by it",
        "○ Need Purple (P): no effect: no knight was put out by it",
        "● Attack +1 → Cora: strength +1"]


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
            # the HP spells chain from the Boss's card to the HP fought
            at = fought.boss
            for e in effects:
                if e.spell.kind in HP_CHANGE:
                    before, after = map(int, e.effect.removesuffix(" HP").split(" → "))
                    assert (before, after) == (at, at + HP_CHANGE[e.spell.kind])
                    at = after
            assert at == fought.hp


# --- spells used at once and discarded (BQ-47) --------------------------------

def _mystery_swap_round():
    """The play-test's round: Ann at 16 on a 16 HP Boss, Bram done, Cora at
    the Wizard activates the mystery spell blind; it is Swap hidden, used
    on Ann (Cora's Y4 for Ann's Y2)."""
    from core import CHANCE
    from core.bossquest.actions import ActivateMystery, RevealSpell, TargetKnight
    from core.bossquest.state import Step
    from tests.bossquest_tables import knight, play, spell, table

    state = table([knight("Y2", "R7", "B7", done=True), knight("P3", "R5", done=True),
                   knight("Y4", "B6")], boss=16, turn=2, step=Step.WIZARD)
    state = play(state, 2, ActivateMystery())
    state = GAME.apply(state, CHANCE, RevealSpell(spell(SpellKind.SWAP_HIDDEN)))
    return play(state, 2, TargetKnight(0))


def _mystery_cancel_round():
    """Cora's mystery spell turns out to be Cancel with no spell in play: it
    could do nothing and is discarded unused (BQ-15); combat follows."""
    from core import CHANCE
    from core.bossquest.actions import ActivateMystery, RevealSpell
    from core.bossquest.state import Step
    from tests.bossquest_tables import knight, play, spell, table

    state = table([knight("Y2", "R7", "B7", done=True), knight("P3", "R5", done=True),
                   knight("Y4", "B6")], boss=16, turn=2, step=Step.WIZARD)
    assert state.active == ()
    state = play(state, 2, ActivateMystery())
    return GAME.apply(state, CHANCE, RevealSpell(spell(SpellKind.CANCEL)))


def test_a_mystery_spell_that_could_do_nothing_is_in_the_combat():
    """BQ-15, BQ-47 (BQ-7): the mystery spell turned out to be Cancel with
    nothing to cancel and was discarded at once; the combat names it, with
    no effect: rather than leave its caster wondering where it went."""
    state = _mystery_cancel_round()
    fought = state.history[-1]
    assert fought.spells == ()
    effects = combat_spells(fought)
    assert [(e.spell.kind, e.seats, e.effect) for e in effects] == [
        (SpellKind.CANCEL, frozenset(), "the mystery spell, no effect: no spell in play to cancel")]
    assert effects[0].shifts == ()


def test_a_mystery_spell_that_could_do_nothing_is_hidden_from_views_until_combat():
    """BQ-47: like the spells used at once, the record waits for combat (a
    view holds no `used`); the discard itself is public (BQ-13)."""
    from core import CHANCE
    from core.bossquest.actions import ActivateMystery, RevealSpell
    from core.bossquest.state import Step
    from tests.bossquest_tables import knight, play, spell, table

    state = table([knight("Y2", "R7", "B7"), knight("P3", "R5"), knight("Y4", "B6")],
                  boss=16, turn=2, step=Step.WIZARD)
    state = play(state, 2, ActivateMystery())
    state = GAME.apply(state, CHANCE, RevealSpell(spell(SpellKind.CANCEL)))
    assert [u.no_effect for u in state.used] == [True]
    for seat in (None, 0, 1, 2):
        assert GAME.view(state, seat).used == ()


def test_a_mystery_swap_of_hidden_cards_is_in_the_combat():
    """BQ-47 (BQ §Spell effects, Swap hidden; BQ-7): the mystery spell,
    turned and used at once on Ann, took her from a PERFECT 16 to 18, over;
    the combat names it and the strengths it moved, not "no spell"."""
    state = _mystery_swap_round()
    fought = state.history[-1]
    assert fought.strengths[0] == 18 and fought.eliminated[0] == "over"
    effects = [e for e in combat_spells(fought) if e.spell.kind is SpellKind.SWAP_HIDDEN]
    assert len(effects) == 1
    swap = effects[0]
    # BQ-47: "the mystery spell says it was the mystery" (play-test: it did not)
    assert swap.seats == frozenset({0, 2}) and swap.effect == "hidden cards swapped"
    assert swap.mystery and swap.caster == 2  # Cora's mystery
    assert {(s.seat, s.before, s.after) for s in swap.shifts} == {(0, 16, 18), (2, 10, 8)}


@pytest.mark.parametrize(("turned", "effect"), [
    (SpellKind.CANCEL, "cancels Boss HP +2"),
    (SpellKind.HP_PLUS_1, "18 → 19 HP"),
    (SpellKind.ATTACK_MINUS_2, "strength -2"),
])
def test_the_mystery_spell_says_it_was_the_mystery_bq47(turned, effect):
    """BQ-47: "the mystery spell says it was the mystery". play-test: Cora's
    mystery turned out Cancel a spell and the combat box read "○ Cancel a
    spell: cancels Need Purple (P)", the mystery named only in the log; so
    for one that acts at combat, on a knight or at once."""
    from core import CHANCE
    from core.bossquest.actions import ActivateMystery, RevealSpell, TargetKnight, TargetSpell
    from core.bossquest.state import Step
    from tests.bossquest_tables import knight, play, spell, table

    state = table([knight("Y2", "R7", "B7", done=True), knight("P3", "R5", done=True),
                   knight("Y4", "B6")], boss=16, turn=2, step=Step.WIZARD,
                  active=(ActiveSpell(spell(SpellKind.HP_PLUS_2)),))
    state = play(state, 2, ActivateMystery())
    state = GAME.apply(state, CHANCE, RevealSpell(spell(turned)))
    if turned is SpellKind.CANCEL:
        state = play(state, 2, TargetSpell(0))
    elif turned is SpellKind.ATTACK_MINUS_2:
        state = play(state, 2, TargetKnight(0))
    fought = state.history[-1]
    effects = [e for e in combat_spells(fought) if e.spell.kind is turned]
    # and whose mystery it was: the play-test read "● Attack +2 (the
    # mystery) → Ann: strength +2", who played it only in the log
    assert [(e.effect, e.mystery, e.caster) for e in effects] == [(effect, True, 2)]
    # the plain spell in play says nothing of a mystery
    assert not any(e.mystery for e in combat_spells(fought) if e.spell.kind is not turned)
    # the combat box: "○ Cora's mystery: Cancel a spell: cancels Boss HP +2"
    from tui.screens.bossquest import spells_text

    text = spells_text(fought, lambda s: ("Ann", "Bram", "Cora")[s]).plain
    assert f"Cora's mystery: {spell(turned)}" in text and effect in text, text
    if turned is SpellKind.ATTACK_MINUS_2:
        assert f"Cora's mystery: {spell(turned)} → Ann: strength -2" in text, text


def test_a_cancelled_mystery_spell_is_named_as_the_mystery_bq47():
    """BQ-47: "the mystery spell says it was the mystery", cancelled too.
    The play-test: Bram activated the mystery spell blind (Need Blue (B)),
    Cora cancelled it, and the combat box read "○ Cora's Cancel a spell:
    cancels Need Blue (B)": which spell had been the mystery, only the log
    said ("Bram activates the mystery spell blind." "The mystery spell is
    Need Blue (B).")."""
    from core import CHANCE
    from core.bossquest.actions import (
        Activate,
        ActivateMystery,
        GoToWizard,
        RevealSpell,
        TargetSpell,
    )
    from core.bossquest.state import Step
    from tests.bossquest_tables import knight, play, spell, table

    need_blue = spell(SpellKind.NEED_COLOUR, Colour.BLUE)
    state = table([knight("Y2", "R7", "B7", done=True), knight("P3", "R5"), knight("Y4", "B6")],
                  boss=16, turn=1, step=Step.WIZARD,
                  offer=(spell(SpellKind.CANCEL), spell(SpellKind.HP_PLUS_1),
                         spell(SpellKind.HP_MINUS_1)))
    state = play(state, 1, ActivateMystery())
    state = GAME.apply(state, CHANCE, RevealSpell(need_blue))
    state = play(state, 2, GoToWizard(), Activate(0), TargetSpell(0))
    fought = state.history[-1]
    said = [e.effect for e in combat_spells(fought) if e.spell.kind is SpellKind.CANCEL]
    assert said == [f"cancels the mystery spell, {need_blue}"]


def test_a_swap_of_hidden_cards_of_one_value_says_the_colours_changed():
    """BQ-47 (BQ §Spell effects, Swap hidden; BQ-24): the play-test read
    "Swap hidden → Cora, Edda: hidden cards swapped" with no strengths, where
    other swaps read "Ann 10→14": two cards of one value moved none, and the
    combat (every weapon face up, BQ §3) says so. Each card exists once
    (BQ-1), so they differ in colour, which colour spells count: a later
    play-test read "equal cards swapped: no change" for P4 and R4. Before
    combat no view holds it (the next test)."""
    from core.bossquest.actions import Activate, GoToWizard, TargetKnight
    from core.bossquest.state import Step
    from tests.bossquest_tables import knight, play, spell, table

    state = table([knight("Y5", "R7", "B3", done=True), knight("P3", "R5", done=True),
                   knight("P5", "B6")], boss=16, turn=2, step=Step.CHOOSE,
                  offer=(spell(SpellKind.SWAP_HIDDEN), spell(SpellKind.HP_PLUS_1),
                         spell(SpellKind.HP_MINUS_1)))
    state = play(state, 2, GoToWizard(), Activate(0), TargetKnight(0))
    swap = [e for e in combat_spells(state.history[-1]) if e.spell.kind is SpellKind.SWAP_HIDDEN]
    assert [(e.seats, e.effect, e.shifts) for e in swap] == [
        (frozenset({0, 2}), "same strength, colours swapped", ())]


def test_no_view_knows_the_spells_used_before_combat():
    """BQ-6, BQ-47: the strengths a swap moved are the knights' own secrets
    until combat: a view holds none of them."""
    from core.bossquest.actions import Activate, TargetKnight
    from core.bossquest.state import Step
    from tests.bossquest_tables import knight, play, spell, table

    state = table([knight("Y2", "R7", "B7"), knight("P3", "R5"), knight("Y4", "B6")],
                  boss=16, turn=2, step=Step.WIZARD,
                  offer=(spell(SpellKind.SWAP_HIDDEN), spell(SpellKind.HP_PLUS_1),
                         spell(SpellKind.HP_MINUS_1)))
    state = play(state, 2, Activate(0), TargetKnight(0))
    assert state.phase.value == "turn" and len(state.used) == 1
    for seat in (None, 0, 1, 2):
        assert GAME.view(state, seat).used == ()


def test_flip_cancel_and_swap_with_deck_say_what_they_moved():
    """BQ-47 (BQ §Potions' spell, BQ-32; BQ §Spell effects, Cancel and Swap
    with deck, BQ-10, BQ-11): each spell used at once is in the combat with
    the strengths (or HP) it moved."""
    import attrs

    from core import CHANCE
    from core.bossquest.actions import (
        Activate,
        DrawWeapon,
        GoToWizard,
        TargetPotion,
        TargetSpell,
        TargetWeapon,
    )
    from core.bossquest.state import ActiveSpell, Options, Step
    from tests.bossquest_tables import knight, play, spell, table
    from tests.bossquest_tables import w as tw

    options = Options(potions=True)
    flip, cancel, deck = (spell(SpellKind.FLIP_POTION), spell(SpellKind.CANCEL),
                          spell(SpellKind.SWAP_DECK))
    cora = attrs.evolve(knight("Y4", "B6", "±1"), readings=((tw("±1"), 1),))
    state = table([knight("Y2", "R7", "B5"), knight("P3", "R5"), cora], boss=16, turn=0,
                  step=Step.WIZARD, offer=(flip, cancel, deck), options=options,
                  active=(ActiveSpell(spell(SpellKind.ATTACK_PLUS_2), 1),))
    state = play(state, 0, Activate(0), TargetPotion(2, tw("±1")))  # Ann flips Cora's +1
    state = play(state, 1, GoToWizard(), Activate(1), TargetSpell(0))  # Bram cancels his own Attack +2
    state = play(state, 2, GoToWizard(), Activate(2), TargetWeapon(tw("B6")))  # Cora swaps B6
    state = GAME.apply(state, CHANCE, DrawWeapon(tw("R1")))
    fought = state.history[-1]
    said = {e.spell.kind: (e.seats, e.effect, tuple((s.seat, s.before, s.after) for s in e.shifts))
            for e in combat_spells(fought)}
    assert said[SpellKind.FLIP_POTION] == (frozenset({2}), "potion flipped", ((2, 11, 9),))
    assert said[SpellKind.CANCEL] == (frozenset({1}), "cancels Attack +2", ((1, 10, 8),))
    assert said[SpellKind.SWAP_DECK] == (frozenset({2}), "B6 swapped for the deck's R1",
                                         ((2, 9, 4),))
    assert fought.readings[2] == ((tw("±1"), -1),)


def test_a_swap_with_the_deck_of_one_value_says_the_colour_changed():
    """BQ-47 (BQ §Spell effects, Swap with deck; BQ-10): B6 swapped for the
    deck's G6 moves no strength, but the knight's colours changed (each card
    exists once, BQ-1): the combat does not say "no change". qssh finding
    5: "same strength swapped with the deck" read as nonsense; it names
    the two cards (every weapon is face up at combat, BQ-47)."""
    from core import CHANCE
    from core.bossquest.actions import Activate, DrawWeapon, GoToWizard, TargetWeapon
    from core.bossquest.state import Step
    from tests.bossquest_tables import knight, play, spell, table
    from tests.bossquest_tables import w as tw

    state = table([knight("Y2", "R7", "B5", done=True), knight("P3", "R5", done=True),
                   knight("Y4", "B6")], boss=16, turn=2, step=Step.CHOOSE,
                  offer=(spell(SpellKind.SWAP_DECK), spell(SpellKind.HP_PLUS_1),
                         spell(SpellKind.HP_MINUS_1)))
    state = play(state, 2, GoToWizard(), Activate(0), TargetWeapon(tw("B6")))
    state = GAME.apply(state, CHANCE, DrawWeapon(tw("Y6")))
    swap = [e for e in combat_spells(state.history[-1]) if e.spell.kind is SpellKind.SWAP_DECK]
    assert [(e.seats, e.effect, e.shifts) for e in swap] == [
        (frozenset({2}), "B6 swapped for the deck's Y6", ())]


# --- a heart kept over the HP: the Tortoise or "No one loses a heart" ---------

def _over_by(over: int, *, tortoise: bool, no_loss: bool):
    """Ann at 17 against a Boss of 17 - `over` HP, fought through the rules:
    with the Tortoise or the Owl, with "No one loses a heart" in play or not."""
    import attrs

    from core.bossquest.actions import Discard, GoToWizard
    from core.bossquest.cards import Companion
    from core.bossquest.state import Options
    from tests.bossquest_tables import knight, play, spell, table

    ks = [knight("R7", "B7", "Y3", done=True), knight("Y1", "B3")]  # 17 and 4
    active = (ActiveSpell(Spell(SpellKind.NO_HEART_LOSS)),) if no_loss else ()
    state = table(ks, turn=1, boss=17 - over, mystery=False, active=active,
                  offer=(spell(SpellKind.HP_PLUS_1), spell(SpellKind.HP_MINUS_1)),
                  options=Options(companions=True))
    mine = Companion.TORTOISE if tortoise else Companion.OWL
    state = attrs.evolve(state, companions=(mine, Companion.FOX),
                         reserve=tuple(c for c in Companion if c not in (mine, Companion.FOX)))
    return play(state, 1, GoToWizard(), Discard(0)).history[-1]


@pytest.mark.parametrize("over", [1, 2, 3])
@pytest.mark.parametrize("no_loss", [False, True])
@pytest.mark.parametrize("tortoise", [False, True])
def test_the_combat_says_who_kept_a_heart_over_the_hp_and_why(tortoise, no_loss, over):
    """BQ §Companions, the Tortoise: "the player does not lose a HEART if
    their total attack strength exceeds the BOSS's HP by 1 or 2 points";
    BQ §Spell effects: "No one loses a HEART during this round" (BQ-22,
    BQ-30). The combat names the cause of a kept heart on the knight's
    line: the Tortoise when its power covers the knight (the spell changed
    nothing for it then), the spell otherwise; the spell names as spared
    only a knight it alone spared, and a knight
    who lost a heart is never said to have kept it."""
    from tui.screens.bossquest import combat_text, spells_text

    fought = _over_by(over, tortoise=tortoise, no_loss=no_loss)
    by_tortoise = tortoise and over <= 2
    by_spell = no_loss and not by_tortoise
    assert fought.eliminated[0] == "over"
    assert fought.hearts_lost[0] == (0 if by_tortoise or by_spell else 1)
    assert fought.spared[0] == ("tortoise" if by_tortoise else "spell" if by_spell else "")
    spared = [e.seats for e in combat_spells(fought) if e.spell.kind is SpellKind.NO_HEART_LOSS]
    # (in play but covered by the Tortoise: named with no effect: BQ-47)
    assert spared == ([frozenset({0})] if by_spell else [frozenset()] if no_loss else [])
    ann = combat_text(fought, ["Ann", "Bob"].__getitem__, weapons=False).plain.splitlines()[1]
    spells = spells_text(fought, ["Ann", "Bob"].__getitem__).plain
    if by_tortoise:
        assert ann.endswith("over, ♥ kept (Tortoise)")
    elif by_spell:
        assert ann.endswith("over, ♥ kept (spell)")
    else:
        assert ann.endswith("over -1♥")
    assert ("No heart lost → Ann: over, but no heart lost" in spells) == by_spell
    # a knight went over, so not "no knight went over the HP": the Tortoise
    # kept the heart before the spell could
    assert ("No heart lost: no effect: the Tortoise spared the knight over" in spells) == (
        no_loss and by_tortoise)


def _mystery_at_combat_round(kind, colour=None):
    """Cora, last at the Wizard, activates the mystery spell blind; it turns
    out to be `kind`, in play until combat, which follows at once. Every
    knight holds a red weapon and a pair; Ann is the closest (17 on 17),
    nobody over."""
    from core import CHANCE
    from core.bossquest.actions import ActivateMystery, RevealSpell
    from core.bossquest.state import Step
    from tests.bossquest_tables import knight, play, spell, table

    offer = (spell(SpellKind.ATTACK_PLUS_1), spell(SpellKind.ATTACK_MINUS_1),
             spell(SpellKind.HP_PLUS_1))
    state = table([knight("R3", "R7", "B7", done=True), knight("R2", "R5", done=True),
                   knight("Y4", "R6", "Y2")], boss=17, turn=2, step=Step.WIZARD, offer=offer)
    state = play(state, 2, ActivateMystery())
    return GAME.apply(state, CHANCE, RevealSpell(spell(kind, colour)))


@pytest.mark.parametrize(("kind", "colour", "why"), [
    (SpellKind.NEED_COLOUR, Colour.RED, "no knight was put out by it"),
    (SpellKind.NEED_PAIR, None, "no knight was put out by it"),
    (SpellKind.NO_HEART_LOSS, None, "no knight went over the HP"),
])
def test_a_mystery_spell_that_did_nothing_at_combat_is_named_with_no_effect(kind, colour, why):
    """BQ-47 (BQ-7): the mystery spell, activated blind, turned out to be
    one that could do nothing only at combat (a condition every knight met,
    nobody over to spare): the summary names it with no effect: as the
    mystery. It was left out, and its caster wondered where it went."""
    state = _mystery_at_combat_round(kind, colour)
    fought = state.history[-1]
    assert [a.spell.kind for a in fought.spells] == [kind] and fought.spells[0].mystery
    assert fought.eliminated == ("", "", "")
    effects = combat_spells(fought)
    assert [(e.spell.kind, e.seats, e.effect, e.no_effect) for e in effects] == [
        (kind, frozenset(), f"the mystery spell, no effect: {why}", True)]
    # the same spell activated face up is named so too, not as the mystery
    face_up = attrs.evolve(fought, spells=(ActiveSpell(fought.spells[0].spell),))
    assert said_of(combat_spells(face_up)) == [(kind, frozenset(), f"no effect: {why}", True)]


def test_a_mystery_spell_that_changed_the_combat_says_what_it_did():
    """The mystery Winner +1 key with a winner: named for what it did."""
    state = _mystery_at_combat_round(SpellKind.EXTRA_KEY)
    fought = state.history[-1]
    assert fought.winners == frozenset({0})
    assert [(e.effect, e.no_effect) for e in combat_spells(fought)] == [
        ("2 keys for the win", False)]


# --- the mystery spell, whatever it turned out to be (BQ-47) ------------------

def test_a_mystery_final_turn_is_named_at_combat_with_no_effect_there():
    """BQ-47 (BQ §Spell effects, Final turn; BQ-7): the mystery spell, once
    turned, is always named at combat. "Final turn!" acted on the turns
    (one last action each), not on the combat: it is named with no effect
    there, under "Spells of the round", so its caster sees what the blind
    card was; the same spell activated face up is named so too."""
    from tui.screens.bossquest import spells_block

    state = _mystery_at_combat_round(SpellKind.FINAL_TURN)
    fought = state.history[-1]
    assert [a.spell.kind for a in fought.spells] == [SpellKind.FINAL_TURN]
    assert fought.spells[0].mystery
    effects = combat_spells(fought)
    assert [(e.spell.kind, e.seats, e.effect, e.no_effect) for e in effects] == [
        (SpellKind.FINAL_TURN, frozenset(),
         "the mystery spell, no effect: it acted on the turns, not at combat", True)]
    block = spells_block(fought, ["Ann", "Bram", "Cora"].__getitem__).plain
    assert block.startswith("Spells of the round\n")
    assert "Final turn! the mystery spell, no effect: it acted on the turns" in block
    face_up = attrs.evolve(fought, spells=(ActiveSpell(fought.spells[0].spell),))
    assert said_of(combat_spells(face_up)) == [
        (SpellKind.FINAL_TURN, frozenset(), "no effect: it acted on the turns, not at combat",
         True)]


def test_a_spell_named_with_a_bang_is_followed_by_no_colon():
    """A play-test read "○ Ann's Final turn!: no effect: it acted on the
    turns", a "!:" then a second colon: after a name ending in "!" what the
    spell did follows a space alone, in the combat box (and the last
    combat's panel) as in the duel's list; other names keep their colon."""
    from core.bossquest.cards import Spell
    from core.bossquest.state import DuelResult
    from tui.screens.bossquest import duel_spells_text, spells_block

    fought = _mystery_at_combat_round(SpellKind.FINAL_TURN).history[-1]
    face_up = attrs.evolve(fought, spells=(ActiveSpell(fought.spells[0].spell, caster=0),))
    block = spells_block(face_up, ["Ann", "Bram", "Cora"].__getitem__).plain
    assert "○ Ann's Final turn! no effect: it acted on the turns, not at combat" in block, block
    assert "!:" not in block
    duel = DuelResult(champion=0, megaboss=0, hp=30, weapons=(), readings=(),
                      weapons_total=0, spells_total=0, sacrificed=0, strength=0,
                      spells=(ActiveSpell(Spell(SpellKind.FINAL_TURN)),
                              ActiveSpell(Spell(SpellKind.SWAP_HIDDEN), target=0)),
                      conditions_met=True, hearts_before=3, won=False, ending="")
    listed = duel_spells_text(duel, ["Ann", "Bram"].__getitem__).plain.splitlines()
    assert listed[0].endswith("Final turn! nothing in the duel"), listed
    assert listed[1].endswith("Swap hidden → Ann: nothing in the duel"), listed


def _companions_round(*, mystery: bool):
    """Ann (the Owl) and Bram (the Fox) are done; Cora (the Tortoise) is at
    the Wizard with Swap companions, face up or as the mystery spell."""
    from core import CHANCE
    from core.bossquest.actions import Activate, ActivateMystery, RevealSpell
    from core.bossquest.cards import Companion as C
    from core.bossquest.state import Options, Step
    from tests.bossquest_tables import knight, play, spell, table

    offer = (spell(SpellKind.SWAP_COMPANIONS), spell(SpellKind.HP_PLUS_1),
             spell(SpellKind.HP_MINUS_1))
    state = table([knight("R3", "R7", "B7", done=True), knight("R2", "R5", done=True),
                   knight("Y4", "R6", "Y2")], boss=17, turn=2, step=Step.WIZARD,
                  offer=offer, options=Options(companions=True))
    held = (C.OWL, C.FOX, C.TORTOISE)
    state = attrs.evolve(state, companions=held,
                         reserve=tuple(c for c in C if c not in held))
    if not mystery:
        return play(state, 2, Activate(0))
    state = play(state, 2, ActivateMystery())
    return GAME.apply(state, CHANCE, RevealSpell(spell(SpellKind.SWAP_COMPANIONS)))


@pytest.mark.parametrize("mystery", [False, True])
def test_swap_companions_is_named_at_combat_like_the_other_swaps(mystery):
    """BQ-36, BQ-47 (BQ §Extension: Companions): Swap companions is a spell
    used at once and discarded, like Swap hidden: the combat names it, the
    knights whose companions changed and the two companions, whether it was
    activated face up or turned out to be the mystery spell."""
    from core.bossquest.actions import SwapCompanions
    from core.bossquest.cards import Companion as C
    from tests.bossquest_tables import play
    from tui.screens.bossquest import spells_block

    state = play(_companions_round(mystery=mystery), 2, SwapCompanions(C.OWL, C.TORTOISE))
    fought = state.history[-1]
    assert state.companions[0] is C.TORTOISE
    effects = [(e.spell.kind, e.seats, e.effect, e.shifts) for e in combat_spells(fought)]
    assert effects == [(SpellKind.SWAP_COMPANIONS, frozenset({0, 2}), "Owl and Tortoise swapped",
                        ())]
    block = spells_block(fought, ["Ann", "Bram", "Cora"].__getitem__).plain
    said = "Cora's mystery: " if mystery else "Cora's "  # BQ-47, and whose
    assert block == ("Spells that changed it\n"
                     f"○ {said}Swap companions → Ann, Cora: Owl and Tortoise swapped")


def test_swap_companions_with_the_reserve_says_which_came_from_it():
    """BQ-36, BQ-47: one of the two companions from the reserve: the combat
    names the knight who held the other, and which came from the reserve."""
    from core.bossquest.actions import SwapCompanions
    from core.bossquest.cards import Companion as C
    from tests.bossquest_tables import play

    state = play(_companions_round(mystery=True), 2, SwapCompanions(C.HARE, C.FOX))
    fought = state.history[-1]
    assert state.companions[1] is C.HARE
    said = [(e.seats, e.effect) for e in combat_spells(fought)]
    assert said == [(frozenset({1}), "Fox swapped for the Hare from the reserve")]


def test_no_view_knows_a_swap_of_companions_before_combat():
    """BQ-47: like every spell used at once, its record waits for combat."""
    from core.bossquest.actions import Activate, SwapCompanions
    from core.bossquest.cards import Companion as C
    from core.bossquest.state import Options, Step
    from tests.bossquest_tables import knight, play, spell, table

    offer = (spell(SpellKind.SWAP_COMPANIONS), spell(SpellKind.HP_PLUS_1),
             spell(SpellKind.HP_MINUS_1))
    state = table([knight("R3", "R7"), knight("R2", "R5"), knight("Y4", "R6")], boss=17,
                  turn=2, step=Step.WIZARD, offer=offer, options=Options(companions=True))
    held = (C.OWL, C.FOX, C.TORTOISE)
    state = attrs.evolve(state, companions=held, reserve=tuple(c for c in C if c not in held))
    state = play(state, 2, Activate(0), SwapCompanions(C.OWL, C.FOX))
    assert [u.spell.kind for u in state.used] == [SpellKind.SWAP_COMPANIONS]
    for seat in (None, 0, 1, 2):
        assert GAME.view(state, seat).used == ()


def test_a_swap_that_moved_a_potion_tells_no_strengths_combat_would_contradict():
    """Play-test: "Swap hidden → Cora, Dev: hidden cards swapped; Cora
    10→17, Dev 12→5" counted the unread potion Dev received as -2 (its lower
    reading, BQ-31) where the combat line above read it "[+2]"; the
    strengths also came before Dev's later weapons. A swap that moved a
    potion names no strengths; the others say they are the ones at the swap."""
    from core.bossquest.actions import Activate, GoToWizard, TargetKnight
    from core.bossquest.state import Options, Step
    from tests.bossquest_tables import knight, play, spell, table
    from tui.screens.bossquest import spells_text

    names = ("Ann", "Bram", "Cora")
    offer = (spell(SpellKind.SWAP_HIDDEN), spell(SpellKind.HP_PLUS_1), spell(SpellKind.HP_MINUS_1))
    state = table([knight("Y5", "R7", "B3", done=True), knight("P3", "R5", done=True),
                   knight("±2", "B6")], boss=16, turn=2, step=Step.CHOOSE, offer=offer,
                  options=Options(potions=True))
    state = play(state, 2, GoToWizard(), Activate(0), TargetKnight(0))
    while not state.history:  # Ann reads the potion she received at combat (BQ-31)
        seat = min(GAME.to_act(state))
        state = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    fought = state.history[-1]
    swap = next(e for e in combat_spells(fought) if e.spell.kind is SpellKind.SWAP_HIDDEN)
    assert swap.shifts == () and "potion" in swap.effect
    text = spells_text(fought, lambda s: names[s]).plain
    assert "→" not in text.split("Swap hidden")[1].split(":", 1)[1], text

    # a swap of two weapons tells the strengths, as at the swap
    state = table([knight("Y2", "R7", "B3", done=True), knight("P3", "R5", done=True),
                   knight("P5", "B6")], boss=16, turn=2, step=Step.CHOOSE, offer=offer)
    state = play(state, 2, GoToWizard(), Activate(0), TargetKnight(0))
    text = spells_text(state.history[-1], lambda s: names[s]).plain
    assert "hidden cards swapped; at the swap: Ann 12→15, Cora 11→8" in text, text


def test_every_spell_of_a_combat_names_its_caster():
    """Play-test bqall, finding 9: the combat box named the caster of the
    mystery ("● Ann's mystery: Attack +2 → Ann") but not of the other
    spells ("○ Boss HP +2: 20 → 22 HP", Bram's, said only in the log).
    Each spell's effect carries who activated it (BQ §Spell Cards, A:
    every knight at the Wizard activates or discards one), and the box
    names it alike: "○ Ann's Boss HP +2: …"."""
    from core.bossquest.actions import Activate, TargetKnight
    from core.bossquest.state import Step
    from tests.bossquest_tables import knight, play, spell, table

    state = table([knight("Y2", "R7", "B7", done=True), knight("P3", "R5", done=True),
                   knight("Y4", "B6")], boss=16, turn=2, step=Step.WIZARD, mystery=False,
                  offer=(None, None, spell(SpellKind.ATTACK_MINUS_1)),
                  active=(ActiveSpell(spell(SpellKind.HP_PLUS_2), caster=0),
                          ActiveSpell(spell(SpellKind.ATTACK_PLUS_1), target=1, caster=1)))
    state = play(state, 2, Activate(2), TargetKnight(0))
    fought = state.history[-1]
    effects = combat_spells(fought)
    assert [(e.spell.kind, e.caster) for e in effects] == [
        (SpellKind.HP_PLUS_2, 0), (SpellKind.ATTACK_PLUS_1, 1), (SpellKind.ATTACK_MINUS_1, 2)]
    assert not any(e.mystery for e in effects)
    from tui.screens.bossquest import spells_text

    lines = spells_text(fought, lambda s: ("Ann", "Bram", "Cora")[s]).plain.split("\n")
    assert lines == ["○ Ann's Boss HP +2: 16 → 18 HP",
                     "● Bram's Attack +1 → Bram: strength +1",
                     "● Cora's Attack -1 → Ann: strength -1"], lines


def test_a_mystery_spell_that_could_do_nothing_says_so_when_turned_bq15():
    """BQ-15: the mystery spell activated blind that turns out able to do
    nothing "is discarded unused". A play-test read only "The mystery spell
    is Cancel a spell." and its row left the Wizard's spells unsaid: the
    log says why and that it is discarded unused, for every seat (the card
    is turned face up for all), and the Wizard's row reads discarded."""
    from core import CHANCE
    from core.bossquest.actions import ActivateMystery, RevealSpell
    from core.bossquest.state import Step
    from tests.bossquest_tables import knight, play, spell, table

    state = table([knight("Y2", "R7", "B7"), knight("P3", "R5"), knight("Y4", "B6")],
                  boss=16, turn=2, step=Step.WIZARD)
    assert state.active == () and state.mystery_fate == ""
    state = play(state, 2, ActivateMystery())
    assert state.mystery_fate == "activated"
    cancel = RevealSpell(spell(SpellKind.CANCEL))
    for viewer in (None, 0, 1, 2):
        line = GAME.describe(state, CHANCE, cancel, names=("Ann", "Bram", "Cora"), viewer=viewer)
        assert line == ("The mystery spell is Cancel a spell: no spell is in play to cancel, "
                        "so it is discarded unused."), line
    turned = GAME.apply(state, CHANCE, cancel)
    assert turned.mystery_fate == "discarded"
    for seat in (None, 0, 1, 2):
        assert GAME.view(turned, seat).mystery_fate == "discarded"
    # one that acts says nothing of a discard, and its row stays activated
    hp = RevealSpell(spell(SpellKind.HP_PLUS_1))
    assert GAME.describe(state, CHANCE, hp, names=("Ann", "Bram", "Cora")) == (
        "The mystery spell is Boss HP +1.")
    assert GAME.apply(state, CHANCE, hp).mystery_fate == "activated"


def test_the_duels_spells_are_told_as_a_rounds_are_bq47():
    """BQ-47: "The Final Boss duel's combat is told the same way". A
    play-test read "○ Boss HP +2", "○ Boss HP +1" with no HP moved and a
    met "Need Purple (P)" with nothing said, where a round's box reads
    "○ Bram's Boss HP -1: 14 → 13 HP" and an unmet one "not met": each
    spell says whose it was, the HP it moved (from the MegaBoss's, in
    order), the strength, and whether its condition was met."""
    from core.bossquest.cards import Spell
    from core.bossquest.state import DuelResult
    from tui.screens.bossquest import duel_spells_text

    purple, yellow = Spell(SpellKind.NEED_COLOUR, Colour.PURPLE), Spell(SpellKind.NEED_COLOUR,
                                                                        Colour.YELLOW)
    spells = (ActiveSpell(Spell(SpellKind.HP_PLUS_2), caster=1),
              ActiveSpell(Spell(SpellKind.HP_PLUS_1), caster=2),
              ActiveSpell(Spell(SpellKind.ATTACK_MINUS_1), target=0, caster=2),
              ActiveSpell(purple, caster=1), ActiveSpell(yellow, caster=2),
              ActiveSpell(Spell(SpellKind.FINAL_TURN)))
    duel = DuelResult(champion=0, megaboss=30, hp=33, weapons=(), readings=(),
                      weapons_total=30, spells_total=-1, sacrificed=0, strength=29,
                      spells=spells, conditions_met=False, hearts_before=3, won=False,
                      ending="", unmet=(yellow,))
    listed = duel_spells_text(duel, ["Ann", "Bram", "Cora"].__getitem__).plain.splitlines()
    assert listed == ["○ Bram's Boss HP +2: 30 → 32 HP",
                      "○ Cora's Boss HP +1: 32 → 33 HP",
                      "● Cora's Attack -1 → Ann: strength -1",
                      "○ Bram's Need Purple (P): met",
                      "○ Cora's Need Yellow (Y): not met",
                      "○ Final turn! nothing in the duel"], listed


def test_the_duels_spells_keep_who_activated_them_bq37():
    """BQ-37, BQ-47: the defeated knights' voice activates the spell for
    them all (BQ-52: a single one drawn, its drawer); the duel's combat
    names whose it was, as a round's does. The duel's spells are face up
    (BQ-50): every view holds the same."""
    from core.bossquest.actions import DuelSpell
    from core.bossquest.rules import allies_voice
    from core.bossquest.state import Phase
    from tests.bossquest_tables import first_final_boss_state

    state = first_final_boss_state(lambda s: s.phase is Phase.DUEL_CHOOSE)
    voice = allies_voice(state)
    state = GAME.apply(state, voice, DuelSpell(0))
    assert state.active[-1].caster == voice
    for seat in (None, 0, 1, 2):
        assert GAME.view(state, seat).active[-1].caster == voice
    two = first_final_boss_state(lambda s: s.phase is Phase.DUEL and s.active, knights=2)
    loser = 1 - two.champion
    assert [a.caster for a in two.active] == [loser], two.active


def test_swap_with_deck_names_its_cards_at_combat_and_not_before_bq47():
    """BQ-47: "the value of a weapon Swap with deck sent face down to the
    deck is known from it once the round is fought". A play-test read "●
    Cora's Swap with deck → Cora: weapon swapped with the deck" with no
    card named, where the Solo Quest's reads "(B1 → Y5)". Before combat
    nothing tells another knight what the swap sent or took (BQ-6, BQ-10):
    no other view holds either card, and no other seat's log line names
    one."""
    from core import CHANCE
    from core.bossquest.actions import Activate, DrawWeapon, GoToWizard, TargetWeapon
    from core.bossquest.rules import strength
    from core.bossquest.state import Step
    from tests.bossquest_tables import knight, play, spell, table
    from tests.bossquest_tables import w as tw
    from tui.screens.bossquest import spells_text

    names = ("Ann", "Bram", "Cora")
    state = table([knight("Y2", "B5"), knight("P3", "R5", done=True), knight("R7", "B6")],
                  boss=16, turn=2, step=Step.CHOOSE,
                  offer=(spell(SpellKind.SWAP_DECK), spell(SpellKind.HP_PLUS_1),
                         spell(SpellKind.HP_MINUS_1)))
    lines = {seat: [] for seat in (0, 1, None)}
    for seat, action in ((2, GoToWizard()), (2, Activate(0)), (2, TargetWeapon(tw("R7"))),
                         (CHANCE, DrawWeapon(tw("B1")))):
        for viewer in lines:
            lines[viewer].append(GAME.describe(state, seat, action, names=names, viewer=viewer))
        state = GAME.apply(state, seat, action)
    assert state.history == () and state.turn == 0  # Ann still to play: no combat yet
    for viewer, said in lines.items():
        assert not any("R7" in line or "B1" in line for line in said), (viewer, said)
        view = GAME.view(state, viewer)
        assert view.used == () and view.knights[2].hidden.weapon is None, viewer
        assert strength(view, 2) is None
        assert all(top.weapon is None for top in view.deck_top), view.deck_top
    state = play(state, 0, GoToWizard(), Activate(1))
    fought = state.history[-1]
    swap = [e for e in combat_spells(fought) if e.spell.kind is SpellKind.SWAP_DECK]
    assert [(e.seats, e.effect, e.caster) for e in swap] == [
        (frozenset({2}), "R7 swapped for the deck's B1", 2)]
    text = spells_text(fought, names.__getitem__).plain
    assert "● Cora's Swap with deck → Cora: R7 swapped for the deck's B1; at the swap: Cora 13→7" \
        in text, text
