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
)
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
