"""Boss Quest rules, paragraph by paragraph.

Each test names the rulebook section ("BQ §...") or ruling ("BQ-n",
docs/rulings.md) it pins.
"""

from __future__ import annotations

import attrs
import pytest

from core import CHANCE, IllegalAction
from core.bossquest import rules
from core.bossquest.actions import (
    Activate,
    ActivateMystery,
    Ask,
    Discard,
    DiscardMystery,
    DrawWeapon,
    GoToWizard,
    LaySpell,
    RevealBoss,
    RevealSpell,
    TargetKnight,
    TargetSpell,
    TargetWeapon,
)
from tests.bossquest_tables import (
    GAME,
    ActiveSpell,
    B,
    G,
    Options,
    Phase,
    SpellKind,
    Step,
    all_spells,
    all_weapons,
    cards,
    draw,
    knight,
    play,
    spell,
    table,
    w,
)

HP1 = spell(SpellKind.HP_PLUS_1)
HP2 = spell(SpellKind.HP_PLUS_2)
HPM1 = spell(SpellKind.HP_MINUS_1)
HPM2 = spell(SpellKind.HP_MINUS_2)
ATK1 = spell(SpellKind.ATTACK_PLUS_1)
ATK2 = spell(SpellKind.ATTACK_PLUS_2)
ATKM1 = spell(SpellKind.ATTACK_MINUS_1)
ATKM2 = spell(SpellKind.ATTACK_MINUS_2)
NEED_BLUE = spell(SpellKind.NEED_COLOUR, B)
NEED_PAIR = spell(SpellKind.NEED_PAIR)
NO_LOSS = spell(SpellKind.NO_HEART_LOSS)
CANCEL = spell(SpellKind.CANCEL)
EXTRA = spell(SpellKind.EXTRA_KEY)
SECOND = spell(SpellKind.SECOND_CLOSEST)
FINAL = spell(SpellKind.FINAL_TURN)
SWAP_HIDDEN = spell(SpellKind.SWAP_HIDDEN)
SWAP_DECK = spell(SpellKind.SWAP_DECK)


def at_wizard(state, seat, *visits):
    """`seat` goes to the Wizard and does each of `visits` there."""
    state = play(state, seat, GoToWizard())
    return play(state, seat, *visits)


def fight(knights, boss=17, active=(), offer=None):
    """Everyone but the last knight is done; the last discards a spell, so
    combat resolves. Returns the round's result and the state after it."""
    n = len(knights)
    knights = [attrs.evolve(k, done=True, at_wizard=True) for k in knights[:-1]] + [knights[-1]]
    offer = offer or (HP1, HPM1)
    state = table(knights, boss=boss, turn=n - 1, active=active, offer=offer, mystery=False)
    state = at_wizard(state, n - 1, Discard(0))
    return state.history[-1], state


# --- Components and setup ---------------------------------------------------


def test_components_bq1_bq2():
    """BQ §Components, BQ-1, BQ-2: 35 weapons (5 colours x 1-7), 23 spells
    (17 light + 6 dark), 8 Bosses 14-21."""
    assert len(cards.weapons(True)) == 35
    assert {v.value for v in cards.weapons(True)} == set(range(1, 8))
    spells = cards.spells(True)
    assert len(spells) == 23
    assert sum(1 for s in spells if s.dark) == 6
    assert cards.BOSSES == tuple(range(14, 22))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_green_out_with_2_to_4_bq2(players):
    """BQ §Setup, BQ-2: with 2-4 players the green weapons and the green spell
    are out by default."""
    state = GAME.setup(players, Options())
    assert len(state.weapon_deck) == 28
    assert all(c.colour is not G for c in state.weapon_deck)
    assert len(state.spell_deck) == 22
    assert spell(SpellKind.NEED_COLOUR, G) not in state.spell_deck


def test_option_keeps_green_bq2():
    """BQ-2: an option keeps the green cards with 2-4 players."""
    state = GAME.setup(3, Options(keep_green=True))
    assert len(state.weapon_deck) == 35 and len(state.spell_deck) == 23


def test_five_knights_play_with_green():
    """BQ §Setup: the recommendation to remove green is for 2-4 players only."""
    state = GAME.setup(5, Options())
    assert len(state.weapon_deck) == 35 and len(state.spell_deck) == 23


def test_three_hearts_no_keys_and_player_counts():
    """BQ §Setup: three hearts each; 2-5 knights, 6 (BQ §6 Players) and 1
    (BQ §Solo Quest)."""
    state = GAME.setup(4, Options())
    assert [(k.hearts, k.keys) for k in state.knights] == [(3, 0)] * 4
    for players in (0, 7):
        with pytest.raises(IllegalAction, match="2 to 6"):
            GAME.setup(players, Options())


def test_setup_is_chance_first():
    """DESIGN: the table before anything random happens; the Boss is turned by CHANCE."""
    state = GAME.setup(3, Options())
    assert GAME.to_act(state) == {CHANCE}
    assert state.boss is None
    outcomes = GAME.chance_outcomes(state)
    assert {a.hp for a, _ in outcomes} == set(range(14, 22))
    assert sum(p for _, p in outcomes) == pytest.approx(1)


def lay_out(players, options=None, boss=16):
    state = GAME.setup(players, options or Options())
    state = GAME.apply(state, CHANCE, RevealBoss(boss))
    while state.phase is Phase.LAY_SPELLS:
        state = GAME.apply(state, CHANCE, GAME.chance_outcomes(state)[0][0])
    return state


@pytest.mark.parametrize("players", [3, 4, 5])
def test_spell_layout_one_per_knight_plus_mystery(players):
    """BQ §Setup: as many face-up spells as knights, plus one face down."""
    state = lay_out(players)
    assert len(state.offer) == players and state.mystery
    assert state.phase is Phase.DEAL


def test_two_player_layout_bq21():
    """BQ §Additional rules, 2 players; BQ-21: three face up and one face
    down; the option turns it off."""
    assert len(lay_out(2).offer) == 3
    assert len(lay_out(2, Options(two_player_spells=False)).offer) == 2


def test_mystery_spell_is_not_drawn_bq13():
    """BQ-13: the face-down mystery spell stays in the deck until it is used,
    so no state (nor any view) knows it."""
    state = lay_out(3)
    laid = [s for s in state.offer]
    assert len(state.spell_deck) == 22 - len(laid)


# --- 1 Starting equipment ---------------------------------------------------


def test_deal_hidden_then_visible_from_armorers_left_bq14():
    """BQ §1: a face-down card to each knight, then a face-up card; BQ-14:
    dealing and turns start at the Armorer's left (the next seat)."""
    state = lay_out(3)
    assert state.armorer == 0
    order = ["R1", "R2", "R3", "B1", "B2", "B3"]
    state = draw(state, *order)
    # seat 1 is left of the Armorer: first hidden and first visible card
    assert state.knights[1].hidden.weapon == w("R1")
    assert state.knights[2].hidden.weapon == w("R2")
    assert state.knights[0].hidden.weapon == w("R3")
    assert [k.visible for k in state.knights] == [(w("B3"),), (w("B1"),), (w("B2"),)]
    assert GAME.to_act(state) == {1}
    assert state.step is Step.CHOOSE


def test_own_hidden_card_only_bq1():
    """BQ §1: each player may see their own hidden card, not anyone else's."""
    state = table([knight("R5", "B2"), knight("Y7", "B3"), knight("P1", "R4")])
    for seat in range(3):
        v = GAME.view(state, seat)
        for other, k in enumerate(v.knights):
            if other == seat:
                assert k.hidden.weapon == state.knights[seat].hidden.weapon
            else:
                assert k.hidden.weapon is None
            assert k.visible == state.knights[other].visible
    spectator = GAME.view(state, None)
    assert all(k.hidden.weapon is None for k in spectator.knights)


def test_view_pools_every_unseen_card():
    """NOTES (leak by subtraction): the view's deck is all unknown, and the
    unseen pool holds the deck plus the others' hidden cards."""
    state = table([knight("R5", "B2"), knight("Y7", "B3"), knight("P1", "R4")])
    v = GAME.view(state, 0)
    assert all(c is None for c in v.weapon_deck)
    assert len(v.weapon_deck) == len(state.weapon_deck)
    assert sorted(v.unseen) == sorted(list(state.weapon_deck) + [w("Y7"), w("P1")])


# --- 2 Player turns ---------------------------------------------------------


def test_ask_for_one_to_four_weapons_face_up():
    """BQ §2A: ask the Armorer for 1 to 4 cards, kept and placed face up."""
    state = table([knight("R1", "B2"), knight("Y1", "B3")], boss=21)
    legal = GAME.legal_actions(state, 0)
    assert [a for a in legal if isinstance(a, Ask)] == [Ask(1), Ask(2), Ask(3), Ask(4)]
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, Ask(5))
    state = play(state, 0, Ask(2))
    assert GAME.to_act(state) == {CHANCE}
    state = draw(state, "R7", "Y3")
    assert state.knights[0].visible == (w("B2"), w("R7"), w("Y3"))
    assert GAME.to_act(state) == {1}


def test_ask_again_next_turn():
    """BQ §2A: players may take more weapons on their following turn."""
    state = table([knight("R1", "B2"), knight("Y1", "B3")], boss=21)
    state = draw(play(state, 0, Ask(1)), "R2")
    state = draw(play(state, 1, Ask(1)), "R3")
    assert Ask(1) in GAME.legal_actions(state, 0)


def test_going_to_the_wizard_is_final():
    """BQ §2: a knight who has gone to the Wizard cannot go back to equipping."""
    state = table([knight("R1", "B2"), knight("Y1", "B3"), knight("P1", "B4")], boss=21)
    state = play(state, 0, GoToWizard())
    assert not any(isinstance(a, Ask) for a in GAME.legal_actions(state, 0))
    with pytest.raises(IllegalAction, match="Wizard"):
        GAME.apply(state, 0, Ask(1))


def test_over_the_hp_must_go_to_wizard_bq6_bq18():
    """BQ §2A, BQ-6, BQ-18: a knight over the Boss's HP must go to the Wizard
    on their next turn; the game forces it without telling the others."""
    state = table([knight("R7", "B7", "Y1"), knight("Y2", "B3")], boss=14)
    assert GAME.legal_actions(state, 0) == (GoToWizard(),)
    with pytest.raises(IllegalAction, match="must go to the Wizard"):
        GAME.apply(state, 0, Ask(1))
    # What knight 1 sees of knight 0 is the same as if knight 0 were under.
    under = table([knight("R1", "B7", "Y1"), knight("Y2", "B3")], boss=14)
    assert GAME.view(state, 1).knights[0] == GAME.view(under, 1).knights[0]
    assert GAME.legal_actions(GAME.view(state, 0), 0) == (GoToWizard(),)


def test_over_is_judged_with_spells_in_play_bq18():
    """BQ-18: "over the HP" counts the spells in play when the turn starts."""
    exactly = [knight("R7", "B7"), knight("Y1", "B3")]  # 14 against 14
    assert Ask(1) in GAME.legal_actions(table(exactly, boss=14), 0)
    lowered = table(exactly, boss=14, active=(ActiveSpell(HPM1),))
    assert GAME.legal_actions(lowered, 0) == (GoToWizard(),)
    over = [knight("R7", "B7", "Y1"), knight("Y2", "B3")]  # 15 against 14
    weakened = table(over, boss=14, active=(ActiveSpell(ATKM1, 0),))
    assert Ask(1) in GAME.legal_actions(weakened, 0)


def test_last_knight_in_phase_a_asks_once_then_wizard():
    """BQ §2A: once only one knight remains equipping, they may ask one last
    time and must then go to the Wizard at once."""
    state = table([knight("R1", "B2", done=True), knight("Y1", "B3")], turn=1, boss=21)
    state = draw(play(state, 1, Ask(2)), "R5", "R6")
    assert GAME.to_act(state) == {1}
    assert state.step is Step.WIZARD and state.knights[1].at_wizard


def test_deck_limits_requests_bq19():
    """BQ-19: a knight asks for at most the cards left; an empty deck leaves
    only the Wizard."""
    state = table([knight("R1", "B2"), knight("Y1", "B3")], boss=21)
    state = attrs.evolve(state, weapon_deck=state.weapon_deck[:2])
    assert [a for a in GAME.legal_actions(state, 0) if isinstance(a, Ask)] == [Ask(1), Ask(2)]
    state = attrs.evolve(state, weapon_deck=())
    assert GAME.legal_actions(state, 0) == (GoToWizard(),)


def test_wizard_activate_or_discard():
    """BQ §2B: at the Wizard a knight activates or discards one spell, then
    waits for combat."""
    state = table(
        [knight("R1", "B2"), knight("Y1", "B3"), knight("P2", "B4")], offer=(HP1, HPM1, NO_LOSS)
    )
    state = play(state, 0, GoToWizard())
    legal = GAME.legal_actions(state, 0)
    assert {Activate(0), Activate(1), Activate(2), ActivateMystery()} <= set(legal)
    assert {Discard(0), Discard(1), Discard(2), DiscardMystery()} <= set(legal)
    state = play(state, 0, Discard(1))
    assert HPM1 in state.spell_discard
    assert state.offer[1] is None
    assert state.knights[0].done and GAME.to_act(state) == {1}


def test_light_spell_goes_next_to_the_boss():
    """BQ §Activating a spell: a light spell is placed next to the Boss."""
    state = table([knight("R1", "B2"), knight("Y1", "B3")], offer=(HP2, HPM1))
    state = at_wizard(state, 0, Activate(0))
    assert state.active == (ActiveSpell(HP2, None),)
    assert rules.current_hp(state) == 19


@pytest.mark.parametrize("target", [0, 1])
def test_dark_spell_on_any_knight_including_yourself(target):
    """BQ §Activating a spell: a dark spell goes in front of any knight,
    yourself included."""
    state = table([knight("R1", "B2"), knight("Y1", "B3")], offer=(ATK2, HPM1))
    state = at_wizard(state, 0, Activate(0))
    assert state.step is Step.TARGET
    assert GAME.legal_actions(state, 0) == (TargetKnight(0), TargetKnight(1))
    state = play(state, 0, TargetKnight(target))
    assert state.active == (ActiveSpell(ATK2, target),)
    assert (
        rules.strength(state, target)
        == state.knights[target].hidden.weapon.value + 2 + state.knights[target].visible[0].value
    )


def test_mystery_spell_activated_blind_bq7():
    """BQ §The mystery spell, BQ-7: choose blind, then it is turned and cast."""
    state = table([knight("R1", "B2"), knight("Y1", "B3")], offer=(HP1, HPM1))
    state = at_wizard(state, 0, ActivateMystery())
    assert GAME.to_act(state) == {CHANCE}
    assert not state.mystery
    outcomes = GAME.chance_outcomes(state)
    assert all(isinstance(a, RevealSpell) for a, _ in outcomes)
    assert {a.spell for a, _ in outcomes} == set(state.spell_deck)
    state = GAME.apply(state, CHANCE, RevealSpell(HP2))
    assert state.active == (ActiveSpell(HP2),) and state.active[0].mystery  # BQ-47
    assert HP2 not in state.spell_deck


def test_mystery_dark_spell_then_asks_for_target():
    """BQ-7: a turned mystery spell is treated as activated: a dark one needs its target."""
    state = table([knight("R1", "B2"), knight("Y1", "B3")], offer=(HP1, HPM1))
    state = at_wizard(state, 0, ActivateMystery())
    state = GAME.apply(state, CHANCE, RevealSpell(ATKM2))
    assert state.step is Step.TARGET and GAME.to_act(state) == {0}
    state = play(state, 0, TargetKnight(1))
    assert state.active == (ActiveSpell(ATKM2, 1),)


def test_mystery_without_effect_is_discarded_bq15():
    """BQ-15: a mystery spell that can do nothing (Cancel with no spell in
    play) is discarded."""
    state = table([knight("R1", "B2"), knight("Y1", "B3")], offer=(HP1, HPM1))
    state = at_wizard(state, 0, ActivateMystery())
    state = GAME.apply(state, CHANCE, RevealSpell(CANCEL))
    assert CANCEL in state.spell_discard and state.active == ()
    assert GAME.to_act(state) == {1}


def test_mystery_discarded_blind_is_turned_bq13():
    """BQ-13: a mystery spell discarded blind is turned as it joins the discards."""
    state = table([knight("R1", "B2"), knight("Y1", "B3")], offer=(HP1, HPM1))
    state = at_wizard(state, 0, DiscardMystery())
    assert GAME.to_act(state) == {CHANCE}
    state = GAME.apply(state, CHANCE, RevealSpell(EXTRA))
    assert EXTRA in state.spell_discard and state.active == ()
    assert GAME.to_act(state) == {1}


def test_spell_without_effect_cannot_be_activated_bq15():
    """BQ-15: Cancel with no spell in play can only be discarded."""
    state = table([knight("R1", "B2"), knight("Y1", "B3")], offer=(CANCEL, HPM1))
    state = play(state, 0, GoToWizard())
    assert Activate(0) not in GAME.legal_actions(state, 0)
    assert Discard(0) in GAME.legal_actions(state, 0)
    with pytest.raises(IllegalAction, match="no effect"):
        GAME.apply(state, 0, Activate(0))


# --- Spell effects ------------------------------------------------------------


@pytest.mark.parametrize("card,hp", [(HP1, 18), (HP2, 19), (HPM1, 16), (HPM2, 15)])
def test_boss_hp_spells(card, hp):
    """BQ §Spell effects: light spells change the Boss's HP for the round."""
    result, _ = fight([knight("R1", "B2"), knight("Y1", "B3")], active=(ActiveSpell(card),))
    assert result.hp == hp


@pytest.mark.parametrize("card,delta", [(ATK1, 1), (ATK2, 2), (ATKM1, -1), (ATKM2, -2)])
def test_attack_spells(card, delta):
    """BQ §Spell effects: dark spells change one knight's attack strength."""
    result, _ = fight([knight("R1", "B2"), knight("Y1", "B3")], active=(ActiveSpell(card, 1),))
    assert result.strengths == (3, 4 + delta)


def test_need_colour_spell():
    """BQ §Spell effects: without a weapon of the colour, a knight cannot win."""
    result, _ = fight([knight("R7", "R6"), knight("B1", "Y3")], active=(ActiveSpell(NEED_BLUE),))
    assert result.eliminated == ("spell", "")
    assert result.winners == {1}


def test_need_pair_spell():
    """BQ §Spell effects: without 2 weapons of one colour, a knight cannot win."""
    result, _ = fight([knight("R7", "B6"), knight("B1", "B3")], active=(ActiveSpell(NEED_PAIR),))
    assert result.eliminated == ("spell", "")
    assert result.winners == {1}


def test_no_heart_loss_spell():
    """BQ §Spell effects: no one loses a heart this round."""
    result, state = fight(
        [knight("R7", "B7", "Y7"), knight("B1", "B3")], active=(ActiveSpell(NO_LOSS),)
    )
    assert result.eliminated[0] == "over" and result.hearts_lost == (0, 0)
    assert state.knights[0].hearts == 3


def test_cancel_spell_bq11():
    """BQ §Spell effects, BQ-11: Cancel removes any activated spell, light or
    dark; both are discarded."""
    state = table(
        [knight("R1", "B2"), knight("Y1", "B3")],
        offer=(CANCEL, HPM1),
        active=(ActiveSpell(HP2), ActiveSpell(ATKM2, 0)),
    )
    state = at_wizard(state, 0, Activate(0))
    assert GAME.legal_actions(state, 0) == (TargetSpell(0), TargetSpell(1))
    state = play(state, 0, TargetSpell(1))
    assert state.active == (ActiveSpell(HP2),)
    assert CANCEL in state.spell_discard and ATKM2 in state.spell_discard


def test_extra_key_spell():
    """BQ §Spell effects: the winner of the round gains an extra key."""
    result, _ = fight([knight("R1", "B2"), knight("Y1", "B3")], active=(ActiveSpell(EXTRA),))
    assert result.winners == {1} and result.keys_gained == (0, 2)


def test_second_closest_spell():
    """BQ §Spell effects: the 2nd closest knight wins the round."""
    result, _ = fight(
        [knight("R1", "B2"), knight("Y1", "B3"), knight("R7", "B7")],
        active=(ActiveSpell(SECOND),),
    )
    # strengths 3, 4, 14 against 17: closest is knight 2, second knight 1
    assert result.winners == {1}


def test_second_closest_perfect_keeps_bonus_bq8():
    """BQ-8: under "2nd closest wins" a PERFECT knight keeps the bonus key."""
    result, _ = fight(
        [knight("R1", "B2"), knight("Y7", "B7", "R3")],
        active=(ActiveSpell(SECOND),),
    )
    assert result.perfect == {1}
    assert result.winners == {0}
    assert result.keys_gained == (1, 1)


def test_second_closest_with_no_second_bq20():
    """BQ-20: with only one knight in contention, nobody wins the round."""
    result, _ = fight([knight("R7", "B7", "Y7"), knight("Y1", "B3")], active=(ActiveSpell(SECOND),))
    assert result.winners == frozenset()


def test_second_closest_after_a_shared_first_place_bq20():
    """BQ-20: two knights sharing the first place (as close, as many cards)
    hold one place; the next knight holds the second and wins the round."""
    result, _ = fight(
        [knight("R7", "B7"), knight("Y7", "P7"), knight("R6", "B6"), knight("Y1", "B2")],
        active=(ActiveSpell(SECOND),),
    )
    # strengths 14, 14, 12, 3 against 17: knights 0 and 1 share the first
    # place (3 away, two cards each), knight 2 is second (5 away)
    assert result.winners == {2}


def test_final_turn_spell():
    """BQ §Spell effects: Final turn: each knight not at the Wizard takes one
    last action (ask or Wizard), then combat."""
    ks = [knight("R1", "B2"), knight("Y1", "B3"), knight("P1", "B4")]
    state = table(ks, offer=(FINAL, HPM1, HP1), boss=21)
    state = at_wizard(state, 0, Activate(0))
    assert state.final_turn
    state = draw(play(state, 1, Ask(1)), "R7")  # knight 1's last action
    assert state.knights[1].done and not state.knights[1].at_wizard
    assert GAME.to_act(state) == {2}
    state = at_wizard(state, 2, Discard(1))
    assert len(state.history) == 1  # combat happened


def test_cancel_final_turn_bq16():
    """BQ-16: cancelling Final turn ends it for those who have not yet taken
    their last action."""
    ks = [knight("R1", "B2"), knight("Y1", "B3"), knight("P1", "B4"), knight("P2", "B5")]
    state = table(ks, offer=(FINAL, CANCEL, HP1, HPM1), boss=21)
    state = at_wizard(state, 0, Activate(0))
    state = at_wizard(state, 1, Activate(1), TargetSpell(0))
    assert not state.final_turn
    state = draw(play(state, 2, Ask(1)), "R7")
    assert not state.knights[2].done  # plays on normally


def test_swap_hidden_spell():
    """BQ §Spell effects: swap your hidden weapon with another knight's; the
    spell is then discarded. Each sees the card received."""
    ks = [knight("R1", "B2"), knight("Y6", "B3"), knight("P1", "B4")]
    state = table(ks, offer=(SWAP_HIDDEN, HPM1, HP1))
    state = at_wizard(state, 0, Activate(0))
    assert GAME.legal_actions(state, 0) == (TargetKnight(1), TargetKnight(2))
    state = play(state, 0, TargetKnight(1))
    assert state.knights[0].hidden.weapon == w("Y6")
    assert state.knights[1].hidden.weapon == w("R1")
    assert SWAP_HIDDEN in state.spell_discard and state.active == ()
    # both knights know both cards now; knight 2 knows neither
    assert GAME.view(state, 0).knights[1].hidden.weapon == w("R1")
    assert GAME.view(state, 1).knights[0].hidden.weapon == w("Y6")
    assert GAME.view(state, 2).knights[0].hidden.weapon is None


def test_swap_with_deck_visible_bq10():
    """BQ §Spell effects, BQ-10: a visible weapon swapped with the deck's top
    card: the new card is visible; the old one lies on top, known to all."""
    ks = [knight("R1", "B2"), knight("Y6", "B3")]
    state = table(ks, offer=(SWAP_DECK, HPM1))
    state = at_wizard(state, 0, Activate(0))
    assert set(GAME.legal_actions(state, 0)) == {TargetWeapon(w("R1")), TargetWeapon(w("B2"))}
    state = play(state, 0, TargetWeapon(w("B2")))
    assert GAME.to_act(state) == {CHANCE}
    state = draw(state, "Y5")
    assert state.knights[0].visible == (w("Y5"),)
    # known to all: every seat and the onlookers, who saw it face up
    assert state.deck_top[0].weapon == w("B2") and state.deck_top[0].known_to == {0, 1, rules.PUBLIC}
    assert SWAP_DECK in state.spell_discard
    # the next draw is that known card
    state = play(state, 1, Ask(1))
    assert GAME.chance_outcomes(state) == ((DrawWeapon(w("B2")), 1.0),)


def test_swap_with_deck_hidden_bq10():
    """BQ-10: a hidden weapon swapped: the top card becomes the hidden card;
    the old hidden card lies on top known only to its owner."""
    ks = [knight("R1", "B2"), knight("Y6", "B3")]
    state = table(ks, offer=(SWAP_DECK, HPM1))
    state = at_wizard(state, 0, Activate(0), TargetWeapon(w("R1")))
    state = draw(state, "Y5")
    assert state.knights[0].hidden.weapon == w("Y5")
    assert state.deck_top[0].weapon == w("R1") and state.deck_top[0].known_to == {0}
    assert GAME.view(state, 1).deck_top[0].weapon is None
    assert GAME.view(state, 1).knights[0].hidden.weapon is None


def test_swap_with_empty_deck_cannot_be_activated_bq15():
    """BQ-15: Swap with deck cannot be activated when the deck is empty."""
    state = table([knight("R1", "B2"), knight("Y6", "B3")], offer=(SWAP_DECK, HPM1))
    state = play(attrs.evolve(state, weapon_deck=()), 0, GoToWizard())
    assert Activate(0) not in GAME.legal_actions(state, 0)


# --- 3 Combat -----------------------------------------------------------------


def test_end_of_round_example():
    """BQ §3, the rulebook's end-of-round example (spell: 1 blue weapon).
    Julien exceeds the HP and loses a heart; Lucie has no blue weapon and is
    out without losing a heart; Benjamin has blue but Élodie is closer; Élodie
    wins the key."""
    julien = knight("R7", "B6", "Y5")  # 18 > 17
    lucie = knight("R6", "Y6", "P4")  # 16, no blue
    benjamin = knight("B1", "R4", "P6")  # 11, blue
    elodie = knight("B4", "Y7", "P5")  # 16, blue
    result, state = fight(
        [julien, lucie, benjamin, elodie], boss=17, active=(ActiveSpell(NEED_BLUE),)
    )
    assert result.eliminated == ("over", "spell", "", "")
    assert result.hearts_lost == (1, 0, 0, 0)
    assert result.winners == {3}
    assert result.keys_gained == (0, 0, 0, 1)
    assert [k.hearts for k in state.knights] == [2, 3, 3, 3]
    assert [k.keys for k in state.knights] == [0, 0, 0, 1]


def test_closest_wins_a_key():
    """BQ §3: whoever is closest to the HP without exceeding it wins a key."""
    result, _ = fight([knight("R1", "B2"), knight("Y7", "B3"), knight("P7", "B5")])
    assert result.winners == {2} and result.keys_gained == (0, 0, 1)


def test_tie_fewest_weapons_wins():
    """BQ §3: on a tie, the knight with the fewest weapon cards wins."""
    result, _ = fight([knight("R1", "B2", "Y7"), knight("Y5", "B5")])
    assert result.strengths == (10, 10)
    assert result.winners == {1}


def test_tie_all_win():
    """BQ §3: still tied, every tied knight wins a key."""
    result, _ = fight([knight("R1", "B7"), knight("Y5", "B3")])
    assert result.winners == {0, 1} and result.keys_gained == (1, 1)


def test_perfect_bonus_key():
    """BQ §3: matching the HP exactly is a PERFECT: a bonus key, so a
    PERFECT winner gains 2 keys."""
    result, _ = fight([knight("R7", "B7", "Y3"), knight("Y5", "B3")])
    assert result.perfect == {0} and result.keys_gained == (2, 0)


def test_eliminated_cannot_perfect_bq8():
    """BQ-8: a knight out for an unmet spell condition wins nothing, PERFECT included."""
    result, _ = fight(
        [knight("R7", "R6", "Y4"), knight("B5", "Y3")], active=(ActiveSpell(NEED_BLUE),)
    )
    assert result.strengths[0] == 17
    assert result.perfect == frozenset() and result.keys_gained == (0, 1)


def test_over_and_unmet_loses_a_heart_bq23():
    """BQ-23: a knight both over the HP and failing a spell loses a heart."""
    result, _ = fight(
        [knight("R7", "R6", "Y5"), knight("B5", "Y3")], active=(ActiveSpell(NEED_BLUE),)
    )
    assert result.eliminated[0] == "over" and result.hearts_lost == (1, 0)


def test_nobody_in_contention():
    """BQ §3: when every knight is eliminated, no key is won; the Boss is
    defeated all the same and a new round starts."""
    result, state = fight([knight("R7", "R6", "Y5"), knight("B7", "Y7", "P7")])
    assert result.winners == frozenset() and result.keys_gained == (0, 0)
    assert state.phase is Phase.REVEAL_BOSS and state.round == 2


# --- End of the game or a new round -------------------------------------------


def test_new_round_bq_new_round():
    """BQ §Setting up a new round: Boss discarded and the next revealed;
    spells discarded and replaced; the Armorer moves left; weapons
    gathered and reshuffled."""
    result, state = fight([knight("R1", "B2"), knight("Y1", "B3"), knight("P1", "B4")], boss=17)
    # the mystery was cleared: an unused mystery is turned and discarded (BQ-13)
    assert state.phase is Phase.REVEAL_BOSS
    assert 17 in state.boss_discard
    assert all(k.hidden is None and k.visible == () for k in state.knights)
    assert len(state.weapon_deck) == 28 and state.deck_top == ()
    assert state.offer == () and state.active == ()
    assert len(all_spells(state)) == 22


def test_unused_mystery_is_discarded_at_round_end_bq13():
    """BQ §New round, BQ-13: the unused mystery spell is turned and discarded."""
    ks = [knight("R1", "B2", done=True), knight("Y1", "B3")]
    state = table(ks, turn=1, offer=(HP1, HPM1), mystery=True)
    state = at_wizard(state, 1, Discard(0))
    assert state.phase is Phase.CLEAR_MYSTERY
    state = GAME.apply(state, CHANCE, RevealSpell(EXTRA))
    assert EXTRA in state.spell_discard and state.phase is Phase.REVEAL_BOSS


def _last_round(*, final_boss: bool = False, looked: bool = False):
    """The game's last round at its last move (BQ-9): Bram, on his last
    heart, goes over the Boss's 17 HP at the Wizard, with the mystery spell
    face down (BQ-13); `looked`: Ann's Owl drew it (BQ-33), Winner +1 key."""
    ks = [knight("R1", "B2", done=True), knight("R7", "B7", "Y7", hearts=1)]
    state = table(ks, turn=1, offer=(HP1, HPM1), mystery=True,
                  options=Options(final_boss=final_boss))
    if looked:
        deck = list(state.spell_deck)
        deck.remove(EXTRA)
        state = attrs.evolve(state, spell_deck=tuple(deck), mystery_card=EXTRA,
                             mystery_known=frozenset({0}))
    return state


def test_the_games_last_round_turns_its_unused_mystery_too_bq13():
    """BQ-13: a mystery spell still face down when the round ends is turned
    and discarded, the round that ends the game too (it stayed unknown)."""
    state = at_wizard(_last_round(), 1, Discard(0))
    assert state.knights[1].hearts == 0  # the game is over (BQ-9) ...
    assert state.phase is Phase.CLEAR_MYSTERY  # ... once the mystery is turned
    assert GAME.outcome(state) is None
    line = GAME.describe(state, CHANCE, RevealSpell(EXTRA), names=["Ann", "Bram"])
    assert line == f"The mystery spell was {EXTRA}; it is discarded."
    state = GAME.apply(state, CHANCE, RevealSpell(EXTRA))
    assert state.phase is Phase.OVER and GAME.outcome(state).winners == frozenset({0})
    assert EXTRA in state.spell_discard and not state.mystery
    # the round's result names it, for the combat box
    assert state.history[-1].mystery_turned == EXTRA
    # the in-app rules say so (BQ-13)
    from tui.resources import rules_text

    assert "the round that ends the game too" in " ".join(rules_text(GAME.id).split())


def test_the_mystery_turned_before_the_final_boss_duel_is_not_drawn_in_it_bq13():
    """BQ-13 then BQ §Final Boss: the last round's mystery spell is turned
    and discarded before the MegaBoss appears, so the defeated knights'
    draws never take it; the duel is announced after it."""
    state = at_wizard(_last_round(final_boss=True), 1, Discard(0))
    assert state.phase is Phase.CLEAR_MYSTERY and state.champion is None
    line = GAME.describe(state, CHANCE, RevealSpell(EXTRA), names=["Ann", "Bram"])
    assert line.startswith(f"The mystery spell was {EXTRA}; it is discarded.\n")
    assert "MegaBoss appears" in line
    state = GAME.apply(state, CHANCE, RevealSpell(EXTRA))
    assert state.champion == 0
    assert EXTRA not in state.spell_deck and EXTRA in state.spell_discard


def test_a_looked_at_mystery_is_turned_at_the_games_end_bq33():
    """BQ-33: the mystery spell an Owl drew is that card, turned face up
    with no further draw, at the game's end too: discarded and named in the
    round's result (it stayed face down on the final table)."""
    state = at_wizard(_last_round(looked=True), 1, Discard(0))
    assert state.phase is Phase.OVER
    assert EXTRA in state.spell_discard and not state.mystery and state.mystery_card is None
    assert state.history[-1].mystery_turned == EXTRA


def test_a_rounds_result_names_the_mystery_turned_at_its_end_bq13():
    """BQ-13: the round's result names the mystery spell turned at its end
    (the combat box tells it); None when it was used."""
    ks = [knight("R1", "B2", done=True), knight("Y1", "B3")]
    state = at_wizard(table(ks, turn=1, offer=(HP1, HPM1), mystery=True), 1, Discard(0))
    assert state.history[-1].mystery_turned is None  # not drawn yet
    state = GAME.apply(state, CHANCE, RevealSpell(EXTRA))
    assert state.history[-1].mystery_turned == EXTRA
    used = at_wizard(table(ks, turn=1, offer=(HP1, HPM1), mystery=True), 1, DiscardMystery())
    used = GAME.apply(used, CHANCE, RevealSpell(EXTRA))
    assert used.history[-1].mystery_turned is None


def test_armorer_moves_left():
    """BQ §New round: the player to the left of the Armorer becomes Armorer."""
    ks = [knight("R1", "B2"), knight("Y1", "B3"), knight("P1", "B4")]
    _, state = fight(ks)
    before = 1  # fight() makes the last knight's turn; table() puts the Armorer on its right
    assert state.armorer == (before + 1) % 3


def test_boss_deck_rebuilt_the_moment_it_runs_out():
    """BQ §New round: "If, at any point, the BOSS deck or the SPELL deck runs
    out, gather up the discards and form a new deck." Turning the last Boss
    rebuilds the deck from the other seven at once, so the next round cannot
    meet the same Boss again."""
    state = attrs.evolve(
        GAME.setup(3, Options()), boss_deck=(17,), boss_discard=(14, 15, 16, 18, 19, 20, 21)
    )
    state = GAME.apply(state, CHANCE, RevealBoss(17))
    assert state.boss == 17
    assert sorted(state.boss_deck) == [14, 15, 16, 18, 19, 20, 21]
    assert state.boss_discard == ()


def test_boss_after_the_last_is_never_the_same_again():
    """BQ §New round: after the round of the deck's last Boss, the next Boss
    comes from the rebuilt deck, which does not hold the Boss just fought."""
    state = table(
        [knight("R1", "B2", done=True), knight("Y1", "B3")], turn=1, boss=17, mystery=False
    )
    state = attrs.evolve(state, boss_deck=(), boss_discard=(14, 15, 16, 18, 19, 20, 21))
    # the deck ran out when 17 was turned: as rebuilt then
    state = attrs.evolve(state, boss_deck=state.boss_discard, boss_discard=())
    state = at_wizard(state, 1, Discard(0))
    assert state.phase is Phase.REVEAL_BOSS
    assert 17 not in {a.hp for a, _ in GAME.chance_outcomes(state)}
    assert state.boss_discard == (17,)


def test_spell_deck_rebuilt_from_discards():
    """BQ §New round: a spent spell deck is rebuilt from its discards."""
    state = GAME.setup(3, Options())
    state = attrs.evolve(state, spell_deck=state.spell_deck[:2], spell_discard=state.spell_deck[2:])
    state = GAME.apply(state, CHANCE, RevealBoss(15))
    while state.phase is Phase.LAY_SPELLS:
        state = GAME.apply(state, CHANCE, GAME.chance_outcomes(state)[0][0])
    assert len(state.offer) == 3 and state.mystery
    assert len(all_spells(state)) == 22


@pytest.mark.parametrize("players,target", [(2, 5), (3, 5), (4, 5), (5, 4)])
def test_keys_to_win(players, target):
    """BQ §Course of the game: 5 keys at 2-4 knights, 4 at 5 ends the game."""
    ks = [knight("R1", "B2", keys=target - 1)] + [
        knight(f"Y{i + 1}", f"P{i + 1}") for i in range(players - 1)
    ]
    ks[0] = knight("R6", "R7", keys=target - 1)  # 13: closest
    result, state = fight(ks, boss=14)
    assert state.phase is Phase.OVER
    assert GAME.outcome(state).winners == {0}


def test_lost_last_heart_ends_the_game_bq9_bq17():
    """BQ §End of the game, BQ-9, BQ-17: a knight who loses their last heart
    ends the game and has lost; the most keys among the others wins."""
    ks = [
        knight("R7", "R6", "Y5", hearts=1, keys=3),
        knight("B5", "Y3", keys=1),
        knight("B1", "P1", keys=3),
    ]
    result, state = fight(ks, boss=17)
    assert state.phase is Phase.OVER
    out = GAME.outcome(state)
    assert out.winners == {2}  # knight 0 has most keys but no hearts
    assert "A knight who lost their last heart has lost the game." in out.notes


def test_combat_resolves_whole_before_end_bq9():
    """BQ-9: combat resolves whole (keys won) before the end is checked."""
    ks = [knight("R7", "R6", "Y5", hearts=1), knight("B5", "Y7", keys=1)]
    result, state = fight(ks, boss=17)
    assert result.keys_gained == (0, 1)
    assert GAME.outcome(state).scores == (0, 2)


def test_tie_on_keys_most_hearts_then_shared():
    """BQ §End: tied on keys, most hearts wins; still tied, all tied win."""
    ks = [
        knight("R7", "B3", keys=4, hearts=2),
        knight("Y5", "B5", keys=5, hearts=3),
        knight("P1", "B1", keys=5, hearts=2),
    ]
    # strengths 10, 10, 2 vs 14: knights 0 and 1 tie on strength and cards
    result, state = fight(ks, boss=14)
    out = GAME.outcome(state)
    assert [k.keys for k in state.knights] == [5, 6, 5]
    assert out.winners == {1}
    ks = [knight("R7", "B3", keys=4), knight("Y5", "B5", keys=4), knight("P1", "B1")]
    _, state = fight(ks, boss=14)
    assert GAME.outcome(state).winners == {0, 1}


def test_final_standings_rank_the_scores_bq26():
    """BQ-26 (with BQ-17 and BQ §End of the game): the results' scores read
    in the order of the standings: a fallen knight below every knight still
    standing, a knight beaten on hearts below the winner; the pad keeps the
    keys as won."""
    ks = [
        knight("R7", "R6", "Y5", hearts=1, keys=3),
        knight("B5", "Y3", keys=1),
        knight("B1", "P1", keys=3),
    ]
    _, state = fight(ks, boss=17)
    out = GAME.outcome(state)
    assert out.breakdown[0].values == (3, 2, 3)  # keys as won
    assert out.winners == {2}
    assert out.scores == (1, 2, 3)  # knight 0 fell: last, below knight 1
    assert out.counted == (3, 2, 3)  # what the results show as each knight's score
    assert any("BQ-26" in note for note in out.notes)
    # all on 5 keys: the most hearts wins; the others follow by hearts
    ks = [
        knight("Y7", "B7", keys=4, hearts=3),  # 14 vs 15: closest, a key
        knight("R7", "B6", "P4", keys=5, hearts=2),  # 17: over, loses a heart
        knight("P1", "B1", keys=5, hearts=2),
    ]
    _, state = fight(ks, boss=15)
    out = GAME.outcome(state)
    assert [c.values for c in out.breakdown[:2]] == [(5, 5, 5), (3, 1, 2)]
    assert out.winners == {0}
    assert out.scores == (5, 3, 4)
    # knights tied on keys and hearts share a place and a score
    ks = [knight("R7", "B3", keys=4), knight("Y5", "B5", keys=4), knight("P1", "B1")]
    _, state = fight(ks, boss=14)
    out = GAME.outcome(state)
    assert out.winners == {0, 1} and out.scores == (5, 5, 0)


def test_score_pad_breakdown():
    """The outcome's breakdown is the score pad: keys, hearts, rounds won, perfects."""
    ks = [knight("R7", "R6", "B1", keys=4), knight("B5", "Y3")]
    _, state = fight(ks, boss=14)
    out = GAME.outcome(state)
    assert [c.name for c in out.breakdown] == ["Keys", "Hearts", "Rounds won", "Perfects"]
    assert out.breakdown[0].values == (6, 0)
    assert out.breakdown[3].values == (1, 0)


# --- Illegal actions give reasons ------------------------------------------------


def test_illegal_actions_have_reasons():
    """DESIGN: apply raises IllegalAction with a reason a person can read."""
    state = table([knight("R1", "B2"), knight("Y1", "B3")])
    with pytest.raises(IllegalAction, match="not your turn"):
        GAME.apply(state, 1, Ask(1))
    with pytest.raises(IllegalAction, match="1 to 4"):
        GAME.apply(state, 0, Ask(0))
    with pytest.raises(IllegalAction, match="at the Wizard"):
        GAME.apply(state, 0, Activate(0))
    with pytest.raises(IllegalAction, match="Nothing is being drawn"):
        GAME.apply(state, CHANCE, DrawWeapon(w("R3")))
    state = play(state, 0, Ask(1))
    with pytest.raises(IllegalAction, match="cannot be drawn"):
        GAME.apply(state, CHANCE, DrawWeapon(w("R1")))  # knight 0 holds it
    with pytest.raises(IllegalAction):
        GAME.apply(state, CHANCE, LaySpell(HP1))


def test_weapons_conserved_through_a_swap():
    """Every weapon is somewhere: knights, deck, deck top."""
    ks = [knight("R1", "B2"), knight("Y6", "B3")]
    state = table(ks, offer=(SWAP_DECK, HPM1))
    state = draw(at_wizard(state, 0, Activate(0), TargetWeapon(w("R1"))), "Y5")
    assert sorted(all_weapons(state)) == sorted(cards.weapons(False))


def test_describe_never_names_hidden_cards():
    """The log is public: a hidden deal or a face-down swap names no card."""
    state = lay_out(2)
    line = GAME.describe(state, CHANCE, DrawWeapon(w("R4")), names=("Ann", "Bob"))
    assert line == "Bob is dealt a hidden weapon." and "R4" not in line
    ks = [knight("R1", "B2"), knight("Y6", "B3")]
    state = at_wizard(table(ks, offer=(SWAP_DECK, HPM1)), 0, Activate(0))
    line = GAME.describe(state, 0, TargetWeapon(w("R1")), names=("Ann", "Bob"))
    assert "R1" not in line and "hidden" in line
    state = play(state, 0, TargetWeapon(w("R1")))
    line = GAME.describe(state, CHANCE, DrawWeapon(w("Y5")), names=("Ann", "Bob"))
    assert "Y5" not in line


def test_describe_summarises_combat():
    """The log line of the action that ends a round carries the combat."""
    ks = [knight("R1", "B2", done=True), knight("R7", "B7", "Y3")]
    state = table(ks, turn=1, offer=(HP1, HPM1), mystery=False)
    state = play(state, 1, GoToWizard())
    line = GAME.describe(state, 1, Discard(0), names=("Ann", "Bob"))
    assert "Combat vs 17 HP" in line and "Bob wins the round" in line and "PERFECT for Bob" in line
    # on a line of its own under the move (run on with a space, a wide log
    # showed the two as one paragraph)
    move, combat = line.split("\n")
    assert move == "Bob discards Boss HP +1." and combat.startswith("Combat vs 17 HP")


def test_colours_have_letters_bq12():
    """BQ-12: five colours, each with its own letter, shown beside it."""
    assert [(c.label, c.value) for c in cards.Colour] == [
        ("Red", "R"),
        ("Blue", "B"),
        ("Yellow", "Y"),
        ("Purple", "P"),
        ("Green", "G"),
    ]
    assert str(w("P7")) == "P7"


def test_keys_are_not_limited_by_the_box_bq22():
    """BQ-22: keys are counted, not limited by the box's 20 tokens."""
    ks = [knight("R7", "B6", "G1", keys=4), knight("B5", "Y3", keys=4), knight("P1", "Y1", keys=4)]
    ks += [knight("R1", "Y2", keys=4), knight("B1", "P2", keys=3)]
    assert sum(k.keys for k in ks) == cards.KEY_SUPPLY - 1
    _, state = fight(ks, boss=14)  # 14: a PERFECT winner gains 2 keys
    assert sum(k.keys for k in state.knights) == cards.KEY_SUPPLY + 1


def test_swap_hidden_knowledge_bq24():
    """BQ-24: after a swap each knight knows both cards; others neither."""
    ks = [knight("R1", "B2"), knight("Y6", "B3"), knight("P1", "B4")]
    state = at_wizard(table(ks, offer=(SWAP_HIDDEN, HPM1, HP1)), 0, Activate(0), TargetKnight(1))
    assert state.knights[0].hidden.known_to == {0, 1}
    assert state.knights[1].hidden.known_to == {0, 1}
    for seat in (0, 1):
        v = GAME.view(state, seat)
        assert v.knights[0].hidden.weapon == w("Y6") and v.knights[1].hidden.weapon == w("R1")


def test_the_wizards_slots_keep_which_spells_were_discarded():
    """BQ §2B: a knight at the Wizard activates or discards a spell; the
    emptied slot keeps which (the table says "— discarded —" or
    "— activated —"), and a new round's spells start with none."""
    import random

    from core.playout import sample_chance

    rng = random.Random(5)
    state = GAME.setup(3, Options())
    seen_discard = seen_round = False
    for _ in range(3000):
        to_act = GAME.to_act(state)
        if not to_act:
            break
        if CHANCE in to_act:
            state = GAME.apply(state, CHANCE, sample_chance(GAME.chance_outcomes(state), rng))
            continue
        seat = min(to_act)
        action = rng.choice(GAME.legal_actions(state, seat))
        before = state
        state = GAME.apply(state, seat, action)
        if state.round != before.round:
            assert state.discarded == frozenset()
            seen_round = True
        elif isinstance(action, Discard):
            assert state.discarded == before.discarded | {action.slot}
            seen_discard = True
        elif isinstance(action, Activate):
            assert action.slot not in state.discarded
    assert seen_discard and seen_round
