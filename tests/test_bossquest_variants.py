"""Boss Quest's Additional Rules and Game Extensions, paragraph by paragraph.

Each test quotes the rulebook paragraph ("BQ §...") or names the ruling
("BQ-n", docs/rulings.md) it pins.
"""

from __future__ import annotations

import attrs
import pytest

from core import CHANCE, IllegalAction
from core.bossquest import rules
from core.bossquest.actions import (
    Activate,
    Ask,
    Discard,
    GoToWizard,
    LaySpell,
    LetPass,
    RevealBoss,
    TargetKnight,
    TargetWeapon,
)
from core.bossquest.state import Ulul
from tests.bossquest_tables import (
    GAME,
    Options,
    Phase,
    SpellKind,
    Step,
    all_spells,
    cards,
    draw,
    knight,
    play,
    spell,
    table,
    w,
)

HP1 = spell(SpellKind.HP_PLUS_1)
HPM1 = spell(SpellKind.HP_MINUS_1)
ATKM2 = spell(SpellKind.ATTACK_MINUS_2)


def six(**kw):
    ks = [knight(f"{c}1", f"{c}2") for c in "RBYPG"] + [knight("R3", "B3")]
    return table(ks, **kw)


# --- Six knights (BQ §6 Players) ---------------------------------------------


def test_six_knights_play_with_all_weapons_and_four_keys():
    """BQ §6 Players: "Played with all WEAPON cards." and "Same rules as for 5
    players (4 KEYS to win)"."""
    state = GAME.setup(6, Options())
    assert len(state.weapon_deck) == 35 and len(state.spell_deck) == 23
    assert rules.keys_to_win(6) == 4


def test_six_knights_five_spells_face_up_and_no_mystery():
    """BQ §6 Players: "During setup, 5 SPELLS are set out face up (there is no
    mystery SPELL card ...)"."""
    state = GAME.apply(GAME.setup(6, Options()), CHANCE, RevealBoss(17))
    while state.phase is Phase.LAY_SPELLS:
        state = GAME.apply(state, CHANCE, GAME.chance_outcomes(state)[0][0])
    assert len(state.offer) == 5 and not state.mystery
    assert state.phase is Phase.DEAL


def test_six_knights_last_at_the_wizard_may_find_no_spell():
    """BQ §6 Players: "the last player to go to the WIZARD will have no SPELL
    card available!": their visit ends at once and combat follows."""
    ks = [knight(f"{c}1", f"{c}2", done=True) for c in "RBYPG"] + [knight("R3", "B3")]
    state = table(ks, turn=5, offer=(None,) * 5, mystery=False)
    state = play(state, 5, GoToWizard())
    assert len(state.history) == 1


def test_six_knights_round_ends_when_the_weapons_run_out_bq27():
    """BQ §6 Players: "The round ends when all players have gone to the
    WIZARD, or when there are no more WEAPON cards available." BQ-27: combat
    at once, though knights have not met the Wizard."""
    state = six(turn=0, offer=(HP1, HPM1, None, None, None), mystery=False)
    state = attrs.evolve(state, weapon_deck=state.weapon_deck[:2])
    state = play(state, 0, Ask(2))
    state = draw(state, *(w.code for w in state.weapon_deck))
    assert len(state.history) == 1
    assert state.history[-1].equipment[0][2:] != ()


def test_six_knights_ask_one_to_three():
    """BQ §6 Players: "Players ask the Armorer for 1 to 3 cards from the
    WEAPON deck.\""""
    state = six(turn=0, offer=(HP1, HPM1, None, None, None), mystery=False)
    asks = [a.count for a in GAME.legal_actions(state, 0) if isinstance(a, Ask)]
    assert asks == [1, 2, 3]
    with pytest.raises(IllegalAction, match="1 to 3"):
        GAME.apply(state, 0, Ask(4))


# --- Bolder knights (BQ §2 Players) ------------------------------------------


def two(bolder: bool = True, offer=(HP1, ATKM2, HPM1), mystery=False):
    ks = [knight("R1", "B2", done=True), knight("Y1", "B3")]
    return table(ks, turn=1, offer=offer, mystery=mystery, options=Options(bolder_knights=bolder))


def test_bolder_knight_may_use_a_spell_while_the_other_equips_bq28():
    """BQ §2 Players, "Variant for bolder Knights: on each turn, when the other
    player is completing their equipment (phase 2A), the player who has gone
    to the WIZARD (phase 2B) is allowed to activate/discard an available
    SPELL." BQ-28: after the request, before the weapons arrive."""
    state = play(two(), 1, Ask(2))
    assert GAME.to_act(state) == {0} and state.step is Step.WIZARD
    legal = GAME.legal_actions(state, 0)
    assert Activate(1) in legal and Discard(0) in legal and LetPass() in legal
    state = play(state, 0, Activate(1), TargetKnight(1))
    assert state.phase is Phase.DRAW and state.turn == 1 and state.to_draw == 2
    assert [a.spell for a in state.active] == [ATKM2]
    state = draw(state, "Y2", "Y3")
    # the last knight in phase A asked once: now the Wizard (BQ §2A)
    assert state.step is Step.WIZARD and state.turn == 1 and state.waiting is None


def test_bolder_knight_may_let_it_pass_bq28():
    """BQ §2 Players: the bolder knight "is allowed to": it may also do nothing."""
    state = play(two(), 1, Ask(1))
    state = play(state, 0, LetPass())
    assert state.phase is Phase.DRAW and state.turn == 1
    assert state.offer == (HP1, ATKM2, HPM1)


def test_without_the_variant_the_knight_at_the_wizard_waits():
    """BQ §2B: "The player then waits until all other players have arrived at
    the WIZARD. They no longer play for the rest of the round.\""""
    state = play(two(bolder=False), 1, Ask(2))
    assert state.phase is Phase.DRAW and state.waiting is None
    assert LetPass() not in GAME.legal_actions(two(bolder=False), 1)


def test_bolder_variant_is_a_two_knight_rule():
    """BQ §2 Players: the variant speaks of "the other player": with three
    knights the option changes nothing."""
    ks = [knight("R1", "B2", done=True), knight("P1", "P2", done=True), knight("Y1", "B3")]
    state = table(ks, turn=2, offer=(HP1, ATKM2, HPM1), options=Options(bolder_knights=True))
    assert play(state, 2, Ask(1)).phase is Phase.DRAW


def test_bolder_knight_with_nothing_left_is_not_asked():
    """BQ §2 Players: "activate/discard an available SPELL": none available,
    no pause."""
    state = play(two(offer=(None, None, None)), 1, Ask(1))
    assert state.phase is Phase.DRAW


def test_bolder_spells_are_conserved():
    state = play(two(), 1, Ask(1))
    state = play(state, 0, Discard(0))
    assert len(all_spells(state)) == len(cards.spells(False))
    assert HP1 in state.spell_discard


def test_lay_spell_counts_do_not_change_below_six():
    """BQ §Setup: "as many SPELL cards as there are players, plus one SPELL
    card face down" (unchanged at 3-5 knights)."""
    state = GAME.apply(GAME.setup(5, Options()), CHANCE, RevealBoss(17))
    while state.phase is Phase.LAY_SPELLS:
        state = GAME.apply(state, CHANCE, LaySpell(state.spell_deck[0]))
    assert len(state.offer) == 5 and state.mystery


# --- Boss Ul'ul (BQ §Extension: Boss Ul'ul) ------------------------------------

NIGHT = Options(ulul=Ulul.NIGHT)


def test_ulul_joins_the_boss_deck_as_a_classic_boss_bq5():
    """BQ §Boss Ul'ul: "You may use it as a classic BOSS"; BQ-5: 22 HP."""
    assert cards.ULUL not in GAME.setup(3, Options()).boss_deck
    state = GAME.setup(3, Options(ulul=Ulul.CLASSIC))
    assert sorted(state.boss_deck) == [*range(14, 22), 22]
    # a classic Boss: weapons dealt face up, one heart for going over
    ks = [knight("R7", "B7", "Y7", "P2", done=True), knight("Y1", "B3")]
    state = table(
        ks, turn=1, boss=22, offer=(HP1, HPM1), mystery=False, options=Options(ulul=Ulul.CLASSIC)
    )
    state = play(state, 1, Ask(1))
    state = draw(state, "R1")
    assert state.knights[1].visible[-1].code == "R1" and state.knights[1].night == ()
    state = play(state, 1, Discard(0))
    assert state.history[-1].hearts_lost == (1, 0)


def test_ulul_night_deals_every_weapon_face_down_bq29():
    """BQ §Boss Ul'ul, its special rule: "all WEAPON cards are played face
    down (since it is nighttime)". BQ-29: the first card is still the hidden
    one; every later one lies face down, seen by its owner only."""
    state = attrs.evolve(GAME.setup(2, NIGHT), boss_deck=(22,), boss_discard=())
    state = GAME.apply(state, CHANCE, RevealBoss(22))
    while state.phase is Phase.LAY_SPELLS:
        state = GAME.apply(state, CHANCE, GAME.chance_outcomes(state)[0][0])
    state = draw(state, "R1", "R2", "R3", "R4")
    for seat, k in enumerate(state.knights):
        assert k.visible == () and len(k.night) == 1
        assert k.night[0].known_to == {seat}
    view = GAME.view(state, 0)
    assert view.knights[0].night[0].weapon is not None
    assert view.knights[1].night[0].weapon is None
    assert GAME.visible_strength(view, 1) == 0
    assert GAME.strength(view, 1) is None and GAME.strength(view, 0) is not None
    # asked-for weapons too, and the log names them to their owner only
    seat = state.turn
    state = play(state, seat, Ask(1))
    assert "face down" in GAME.describe(
        state, CHANCE, GAME.chance_outcomes(state)[0][0], viewer=1 - seat
    )
    line = GAME.describe(state, CHANCE, GAME.chance_outcomes(state)[0][0], viewer=seat)
    assert GAME.chance_outcomes(state)[0][0].weapon.code in line
    state = GAME.apply(state, CHANCE, GAME.chance_outcomes(state)[0][0])
    assert len(state.knights[seat].night) == 2 and state.knights[seat].visible == ()


def night_fight(hearts: int, options=NIGHT, boss=22):
    ks = [knight("R7", "B7", "Y7", "P2", hearts=hearts, done=True), knight("Y1", "B3")]
    state = table(ks, turn=1, boss=boss, offer=(HP1, HPM1), mystery=False, options=options)
    return play(state, 1, GoToWizard(), Discard(0)).history[-1]


def test_ulul_night_costs_two_hearts_when_over_bq30():
    """BQ §Boss Ul'ul: "players lose 2 HEARTS instead of just 1 if they
    exceed Ul'ul's HP". BQ-30: a knight with one heart loses that one."""
    assert night_fight(3).hearts_lost == (2, 0)
    assert night_fight(1).hearts_lost == (1, 0)
    assert night_fight(3, options=Options(ulul=Ulul.CLASSIC)).hearts_lost == (1, 0)


def test_night_rule_only_while_ulul_is_the_boss():
    """BQ §Boss Ul'ul: the special rule is Ul'ul's: another Boss plays as usual."""
    assert night_fight(3, boss=17).hearts_lost == (1, 0)
    ks = [knight("R1", "B2", done=True), knight("Y1", "B3")]
    state = table(ks, turn=1, boss=17, offer=(HP1, HPM1), mystery=False, options=NIGHT)
    state = draw(play(state, 1, Ask(1)), "R3")
    assert state.knights[1].visible[-1].code == "R3" and state.knights[1].night == ()


def test_night_swap_with_deck_keeps_the_card_face_down_bq10_bq29():
    """BQ-10 at night: the deck's top card takes a face-down weapon's place
    and face; the old card goes on top, known to its owner."""
    SWAP = spell(SpellKind.SWAP_DECK)
    ks = [knight("R1", "B2", done=True), knight("Y1"), knight("P1")]
    state = table(ks, turn=1, boss=22, offer=(SWAP, HPM1, HP1), mystery=False, options=NIGHT)
    state = draw(play(state, 1, Ask(1)), "R3")
    assert [c.weapon.code for c in state.knights[1].night] == ["R3"]
    state = draw(play(state, 2, Ask(1)), "P2")
    state = play(state, 1, GoToWizard(), Activate(0), TargetWeapon(w("R3")))
    state = draw(state, "P5")
    k = state.knights[1]
    assert [c.weapon.code for c in k.night] == ["P5"] and k.night[0].known_to == {1}
    assert state.deck_top[0].weapon == w("R3") and state.deck_top[0].known_to == {1}
