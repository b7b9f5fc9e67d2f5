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
    ActivateMystery,
    Ask,
    DealCompanion,
    Discard,
    DrawWeapon,
    DuelAsk,
    DuelSpell,
    EndTurn,
    Fight,
    GoToWizard,
    LaySpell,
    LetPass,
    PeekHidden,
    PeekMystery,
    ReadPotion,
    ReplaceSpell,
    RevealBoss,
    RevealSpell,
    Sacrifice,
    SwapCompanions,
    TargetKnight,
    TargetPotion,
    TargetWeapon,
)
from core.bossquest.cards import Colour, Companion
from core.bossquest.state import Ulul
from core.engine import name_seats
from tests.bossquest_tables import (
    GAME,
    ActiveSpell,
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
from tests.test_bossquest_rules import ATKM1, ATKM2, HP1, HPM1


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


def test_the_log_says_the_last_knight_in_phase_a_goes_to_a_wizard_with_no_spell():
    """BQ §2A: the last knight in phase A asks once, "then must immediately go
    to the WIZARD"; with six knights there may be no spell left (BQ §6
    Players). The play-test: nothing said so, the knight just became "done"."""
    from core.wording import second_person

    names = ("Ann", "Bram", "Cora", "Dane", "Edda", "Finn")
    ks = [knight(f"{c}1", f"{c}2", done=True) for c in "RBYPG"] + [knight("R3", "B3")]
    state = table(ks, turn=5, offer=(None,) * 5, mystery=False)
    state = play(state, 5, Ask(2))
    first, last = state.weapon_deck[:2]
    assert GAME.describe(state, CHANCE, DrawWeapon(first), names=names) == f"Finn receives {first}."
    state = GAME.apply(state, CHANCE, DrawWeapon(first))
    line = GAME.describe(state, CHANCE, DrawWeapon(last), names=names)
    assert line.startswith(f"Finn receives {last} and goes to the Wizard: no spell is left.\n")
    mine = GAME.describe(state, CHANCE, DrawWeapon(last), names=names, viewer=5)
    assert second_person(mine, names, 5).startswith(
        f"You receive {last} and go to the Wizard: no spell is left.")
    assert len(GAME.apply(state, CHANCE, DrawWeapon(last)).history) == 1  # and combat follows
    # a spell left: the visit is said, then the spell's own line
    state = table(ks, turn=5, offer=(HP1, None, None, None, None), mystery=False)
    state = play(state, 5, Ask(1))
    top = state.weapon_deck[0]
    assert GAME.describe(state, CHANCE, DrawWeapon(top), names=names) == (
        f"Finn receives {top} and goes to the Wizard.")


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


def test_bolder_final_turn_and_swap_act_before_the_weapons_bq49():
    """BQ §2 Players, bolder knights, with BQ §Spell effects' "Final turn!
    Each player who has not yet gone to the Wizard must take one last action:
    either request one or more additional WEAPON cards, or activate/discard a
    SPELL card at the Wizard. Then all players move to the COMBAT phase."
    BQ-49: activated while the other knight's request waits, that request is
    its last action: combat follows, with no visit to the Wizard."""
    final = spell(SpellKind.FINAL_TURN)
    state = play(two(offer=(HP1, final, HPM1)), 1, Ask(2))
    state = play(state, 0, Activate(1))
    assert state.final_turn and state.phase is Phase.DRAW and state.turn == 1
    state = draw(state, "Y2", "Y3")
    assert len(state.history) == 1 and state.history[-1].equipment[1][-2:] == (w("Y2"), w("Y3"))
    # BQ-49, BQ-10: "Swap with deck" puts the card given up on top of the
    # deck: the other knight's first weapon, face up.
    swap = spell(SpellKind.SWAP_DECK)
    state = play(two(offer=(HP1, swap, HPM1)), 1, Ask(1))
    state = draw(play(state, 0, Activate(1), TargetWeapon(w("B2"))), "P6")
    assert state.knights[0].visible == (w("P6"),)
    assert GAME.chance_outcomes(state) == ((DrawWeapon(w("B2")), 1.0),)
    state = draw(state, "B2")
    assert state.knights[1].visible[-1] == w("B2") and state.step is Step.WIZARD


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


@pytest.mark.parametrize("options", [Options(), NIGHT])
def test_the_last_combat_leaves_every_weapon_face_up_bq47(options):
    """BQ-47: combat reveals every weapon. When it ends the game, the table
    stays as it was fought: every seat's view (a spectator's too) shows the
    hidden cards and, at Ul'ul's night, the face-down ones."""
    ks = [knight("R6", "R7", keys=4, done=True), knight("Y1", "B3")]
    boss = 22 if options.ulul is Ulul.NIGHT else 17
    state = table(ks, turn=1, boss=boss, offer=(HP1, HPM1), mystery=False, options=options)
    state = draw(play(state, 1, Ask(1)), "P2")  # the last to equip: then the Wizard
    state = play(state, 1, Discard(0))
    assert state.phase is Phase.OVER and state.history[-1].winners == {0}
    for seat in (0, 1, None):
        view = GAME.view(state, seat)
        assert set(rules.weapons_of(view.knights[0])) == {w("R6"), w("R7")}
        assert set(rules.weapons_of(view.knights[1])) == {w("Y1"), w("B3"), w("P2")}


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


def test_a_card_swapped_onto_the_deck_stays_known_when_drawn_face_down_bq10_bq29():
    """BQ-10: the swapped card goes on top "known to those who had seen it";
    at night the next knight draws it face down, and its first owner still
    knows it: both see it in their views, a third knight does not."""
    SWAP = spell(SpellKind.SWAP_DECK)
    ks = [knight("R1", "B2", done=True), knight("Y1"), knight("P1")]
    state = table(ks, turn=1, boss=22, offer=(SWAP, HPM1, HP1), mystery=False, options=NIGHT)
    state = draw(play(state, 1, Ask(1)), "R3")
    state = draw(play(state, 2, Ask(1)), "P2")
    state = play(state, 1, GoToWizard(), Activate(0), TargetWeapon(w("R3")))
    state = draw(state, "P5")
    state = draw(play(state, 2, Ask(1)), "R3")
    card = state.knights[2].night[-1]
    assert card.weapon == w("R3") and card.known_to == {1, 2}
    assert GAME.view(state, 1).knights[2].night[-1].weapon == w("R3")
    assert GAME.view(state, 0).knights[2].night[-1].weapon is None
    assert GAME.face_down_known_to(state, 2)[-1] == {1}


def test_a_face_up_card_swapped_onto_the_deck_is_known_to_onlookers_bq10():
    """BQ-10: a face-up weapon swapped onto the deck was seen by the whole
    table, spectators included: the top card is known to every view, as the
    spectator's own log line names it."""
    SWAP = spell(SpellKind.SWAP_DECK)
    ks = [knight("R1", "B2", done=True), knight("Y1", "B5"), knight("P1", "P2")]
    state = table(ks, turn=1, offer=(SWAP, HPM1, HP1), mystery=False)
    state = play(state, 1, GoToWizard(), Activate(0), TargetWeapon(w("B5")))
    state = draw(state, "P5")
    for seat in (0, 1, 2, None):
        assert GAME.view(state, seat).deck_top[0].weapon == w("B5")
    # drawn face down at night it would lie face down: known to the seats
    # that saw it, not turned face up (PUBLIC)
    assert rules._seen_on_top(state) == {0, 1, 2}


# --- Potions (BQ §Extension: Potions, BQ-3) ----------------------------------

POTIONS = Options(potions=True)
FLIP = spell(SpellKind.FLIP_POTION)


def read(k, *pairs):
    """Knight `k` has read these potions: ("±2", +1), ..."""
    return attrs.evolve(k, readings=tuple((w(c), sign) for c, sign in pairs))


def test_potions_are_shuffled_in_with_their_spell_bq3():
    """BQ §Potions, Setup: "the 3 POTION cards are shuffled in with the WEAPON
    cards, and the 2 SPELL cards are added to the SPELL cards." BQ-3: ±1,
    ±2, ±3, no colour."""
    plain = GAME.setup(3, Options())
    state = GAME.setup(3, POTIONS)
    assert len(state.spell_deck) == len(plain.spell_deck) + 2
    assert state.spell_deck.count(FLIP) == 2
    state = GAME.apply(state, CHANCE, RevealBoss(17))
    while state.phase is Phase.LAY_SPELLS:
        state = GAME.apply(state, CHANCE, GAME.chance_outcomes(state)[0][0])
    potions = [c for c in state.weapon_deck if c.colour is None]
    assert sorted(c.value for c in potions) == [1, 2, 3]
    assert len(state.weapon_deck) == 28 + 3


def test_a_potion_is_read_when_received_and_never_changes_bq31():
    """BQ §Potions: "When a player receives the POTION card, they decide
    immediately which way to read it. They cannot change it afterward.\""""
    ks = [knight("R1", "B2", done=True), knight("Y1", "B3"), knight("P1", "P2")]
    state = table(ks, turn=1, offer=(HP1, HPM1, ATKM2), options=POTIONS)
    state = draw(play(state, 1, Ask(2)), "±3")
    # the table waits for the reading before the second card
    assert state.phase is Phase.READ_POTION and GAME.to_act(state) == {1}
    assert GAME.legal_actions(state, 1) == (ReadPotion(1), ReadPotion(-1))
    assert GAME.legal_actions(GAME.view(state, 1), 1) == GAME.legal_actions(state, 1)
    assert "±3 as -3" in GAME.describe(state, 1, ReadPotion(-1))
    state = play(state, 1, ReadPotion(-1))
    assert state.phase is Phase.DRAW and state.to_draw == 1
    state = draw(state, "Y5")
    assert GAME.strength(state, 1) == 1 + 3 - 3 + 5
    assert GAME.visible_strength(state, 1) == 3 - 3 + 5
    with pytest.raises(IllegalAction, match="never changes"):
        GAME.apply(state, 2, ReadPotion(1))


def test_a_potion_dealt_face_up_is_read_before_the_deal_goes_on():
    """BQ §Potions: "they decide immediately" also when the Armorer deals it."""
    state = GAME.apply(GAME.setup(2, POTIONS), CHANCE, RevealBoss(17))
    while state.phase is Phase.LAY_SPELLS:
        state = GAME.apply(state, CHANCE, GAME.chance_outcomes(state)[0][0])
    state = draw(state, "R1", "R2", "±2")  # the Armorer (seat 0) deals seat 1 first
    assert state.phase is Phase.READ_POTION and state.reader == 1
    state = play(state, 1, ReadPotion(1))
    assert state.phase is Phase.DEAL
    state = draw(state, "R4")
    assert state.phase is Phase.TURN and GAME.strength(state, 1) == 1 + 2  # R1 hidden, +2


def test_a_hidden_potion_is_read_when_revealed_at_combat_bq31():
    """BQ §Potions: "If the POTION card is their hidden card, they decide its
    value when they reveal their card." BQ-31: until then it counts its lower
    reading for going over."""
    ks = [knight("±2", "R7", "R6", "B4"), knight("Y1", "B3")]
    ks[0] = attrs.evolve(ks[0], done=True, at_wizard=True)
    state = table(ks, turn=1, boss=17, offer=(HP1, HPM1), mystery=False, options=POTIONS)
    assert GAME.strength(state, 0) == 17 - 2
    state = play(state, 1, GoToWizard(), Discard(1))
    assert state.phase is Phase.READ_POTION and GAME.to_act(state) == {0}
    line = GAME.describe(state, 0, ReadPotion(1))
    assert "reads the potion ±2 as +2" in line and "Combat vs 17 HP" in line
    state = play(state, 0, ReadPotion(1))
    result = state.history[-1]
    assert result.strengths[0] == 19 and result.eliminated[0] == "over"


def test_the_potion_spell_flips_any_face_up_potion_bq32():
    """BQ §Potions: "1 SPELL card, 2 copies: the player may flip the reading
    of the visible POTION card of any player, including themselves." BQ-32:
    then it is discarded."""
    ks = [read(knight("R1", "±1"), ("±1", 1)), read(knight("Y1", "±3"), ("±3", -1)), knight("P1")]
    state = table(ks, turn=2, offer=(FLIP, HPM1, HP1), mystery=False, options=POTIONS)
    state = play(state, 2, GoToWizard(), Activate(0))
    assert set(GAME.legal_actions(state, 2)) == {
        TargetPotion(0, w("±1")),
        TargetPotion(1, w("±3")),
    }
    state = play(state, 2, TargetPotion(1, w("±3")))
    assert GAME.strength(state, 1) == 1 + 3
    assert FLIP in state.spell_discard and FLIP not in [a.spell for a in state.active]


def test_the_potion_spell_may_flip_the_casters_own_potion_bq32():
    """BQ §Potions: the potion spell flips "the visible POTION card of any
    player, including themselves": the knight casting it may turn their
    own reading (here from +2 to -2)."""
    ks = [knight("R1"), knight("Y1"), read(knight("P1", "±2"), ("±2", 1))]
    state = table(ks, turn=2, offer=(FLIP, HPM1, HP1), mystery=False, options=POTIONS)
    assert GAME.strength(state, 2) == 1 + 2
    state = play(state, 2, GoToWizard(), Activate(0))
    assert GAME.legal_actions(state, 2) == (TargetPotion(2, w("±2")),)
    state = play(state, 2, TargetPotion(2, w("±2")))
    assert state.knights[2].readings == ((w("±2"), -1),)
    assert GAME.strength(state, 2) == 1 - 2


def test_the_potion_spell_needs_a_face_up_potion_bq15():
    """BQ-15: a spell that could do nothing now can only be discarded."""
    ks = [knight("±1", "R1"), knight("Y1", "B2"), knight("P1")]
    state = table(ks, turn=2, offer=(FLIP, HPM1, HP1), mystery=False, options=POTIONS)
    legal = GAME.legal_actions(play(state, 2, GoToWizard()), 2)
    assert Activate(0) not in legal and Discard(0) in legal


def test_potions_have_no_colour_bq3():
    """BQ-3: two potions are not "2 WEAPON cards of the same color"."""
    NEED_PAIR = spell(SpellKind.NEED_PAIR)
    k = read(knight("R1", "±1", "±2"), ("±1", 1), ("±2", 1))
    state = table([k, knight("Y1")], active=(ActiveSpell(NEED_PAIR),), options=POTIONS)
    assert not rules.meets_conditions(state, 0)


def test_a_potion_swapped_away_loses_its_reading_bq31():
    """BQ-31: the reading belongs to the holder: a potion swapped onto the
    deck leaves its reading; a face-up potion received by a swap is read."""
    SWAP = spell(SpellKind.SWAP_DECK)
    ks = [knight("R1", done=True), read(knight("Y1", "±1"), ("±1", 1)), knight("P1")]
    state = table(ks, turn=1, offer=(SWAP, HPM1, HP1), mystery=False, options=POTIONS)
    state = play(state, 1, GoToWizard(), Activate(0), TargetWeapon(w("±1")))
    state = draw(state, "±2")
    assert state.phase is Phase.READ_POTION and state.reader == 1
    assert state.knights[1].readings == ()
    state = play(state, 1, ReadPotion(-1))
    assert state.knights[1].readings == ((w("±2"), -1),)
    assert state.turn == 2 and state.phase is Phase.TURN


# --- Companions (BQ §Extension: Companions, BQ-4) ----------------------------

COMPANIONS = Options(companions=True)
SWAP_COMP = spell(SpellKind.SWAP_COMPANIONS)
C = Companion


def with_companions(state, *companions):
    """Knights hold `companions` in seat order; the rest wait in reserve."""
    reserve = tuple(c for c in Companion if c not in companions)
    return attrs.evolve(state, companions=tuple(companions), reserve=reserve)


def test_companions_are_dealt_one_per_knight_the_rest_in_reserve_bq4():
    """BQ §Companions, Setup: "the Armorer shuffles the COMPANION cards, then
    deals one to each player. ... Undealt COMPANION cards are left face up
    next to the game, in reserve. The 3 SPELL cards are added to the SPELL
    cards." BQ-4: the six printed powers, house names."""
    state = GAME.setup(3, COMPANIONS)
    assert state.phase is Phase.DEAL_COMPANIONS and GAME.to_act(state) == {CHANCE}
    assert len(GAME.chance_outcomes(state)) == 6
    for c in (C.FOX, C.OWL, C.HARE):
        state = GAME.apply(state, CHANCE, DealCompanion(c))
    assert state.companions == (C.FOX, C.OWL, C.HARE)
    assert set(state.reserve) == {C.CHAMELEON, C.TORTOISE, C.RAVEN}
    assert state.phase is Phase.REVEAL_BOSS
    assert state.spell_deck.count(SWAP_COMP) == 3
    # "Each player places it face up next to their pawn": every knight and
    # a spectator see every companion, dealt or in reserve
    for viewer in (0, 1, 2, None):
        seen = GAME.view(state, viewer)
        assert seen.companions == state.companions and seen.reserve == state.reserve


def test_chameleon_weapons_are_of_all_colours():
    """BQ §Companions: "Permanent power: the player's WEAPON cards are
    considered to be of all colors.\""""
    need_blue = ActiveSpell(spell(SpellKind.NEED_COLOUR, Colour.BLUE))
    pair = ActiveSpell(spell(SpellKind.NEED_PAIR))
    ks = [knight("R1", "Y2"), knight("R3", "Y4")]
    state = with_companions(
        table(ks, active=(need_blue, pair), options=COMPANIONS), C.CHAMELEON, C.FOX
    )
    assert rules.meets_conditions(state, 0)
    assert not rules.meets_conditions(state, 1)


def test_the_chameleons_potions_count_as_every_colour_too_bq35():
    """BQ §Companions: "the player's WEAPON cards are considered to be of all
    colors"; a potion is a WEAPON card (BQ §Potions: "3 WEAPON cards"), so
    BQ-35 counts it: a potion and a red weapon meet "Need blue" and "Need 2
    of a colour" for the Chameleon, not for a knight without it (a potion
    has no colour, BQ-3). Played to combat, the Chameleon wins the round."""
    need_blue = ActiveSpell(spell(SpellKind.NEED_COLOUR, Colour.BLUE))
    pair = ActiveSpell(spell(SpellKind.NEED_PAIR))
    ks = [knight("±2", "R3", done=True), knight("±1", "Y4")]
    options = Options(companions=True, potions=True)
    state = table(ks, boss=14, turn=1, active=(need_blue, pair), offer=(HP1, HPM1),
                  mystery=False, options=options)
    state = with_companions(state, C.CHAMELEON, C.FOX)
    assert rules.meets_conditions(state, 0) and not rules.meets_conditions(state, 1)
    state = play(state, 1, GoToWizard(), Discard(0))
    # the hidden potions are read at combat, from the Armorer's left (BQ-31)
    state = play(state, 1, ReadPotion(1))
    state = play(state, 0, ReadPotion(1))
    result = state.history[-1]
    assert result.eliminated == ("", "spell") and result.winners == {0}


def owl_table():
    ks = [knight("R1", "B2"), knight("Y5", "B3"), knight("P1", "P2")]
    state = table(ks, turn=0, offer=(HP1, HPM1, ATKM2), mystery=True, options=COMPANIONS)
    return with_companions(state, C.OWL, C.FOX, C.HARE)


def test_owl_looks_at_a_hidden_weapon_once_per_round_bq34():
    """BQ §Companions: "Once per round: the player may look at the mystery
    SPELL card, or at another player's hidden WEAPON card." BQ-34: a look
    does not end the turn."""
    state = owl_table()
    legal = GAME.legal_actions(state, 0)
    assert PeekHidden(1) in legal and PeekMystery() in legal and PeekHidden(0) not in legal
    assert "Y5" in GAME.describe(state, 0, PeekHidden(1), viewer=0)
    assert "Y5" not in GAME.describe(state, 0, PeekHidden(1), viewer=2)
    state = play(state, 0, PeekHidden(1))
    assert GAME.view(state, 0).knights[1].hidden.weapon == w("Y5")
    assert GAME.view(state, 2).knights[1].hidden.weapon is None
    assert state.turn == 0 and state.step is Step.CHOOSE
    legal = GAME.legal_actions(state, 0)
    assert not any(isinstance(a, (PeekHidden, PeekMystery)) for a in legal)
    assert C.OWL in state.spent


def test_owl_looks_at_the_mystery_spell_bq33():
    """BQ §Companions: the Owl "may look at the mystery SPELL card". BQ-33:
    the look draws it; only the Owl's knight sees it; activated, it is the
    card seen."""
    state = play(owl_table(), 0, PeekMystery())
    assert state.phase is Phase.PEEK_MYSTERY
    state = GAME.apply(state, CHANCE, RevealSpell(HP1))
    assert state.mystery_card == HP1 and state.mystery
    assert GAME.view(state, 0).mystery_card == HP1
    assert GAME.view(state, 1).mystery_card is None
    assert GAME.view(state, None).mystery_card is None
    assert len(GAME.view(state, 1).spell_deck) == len(state.spell_deck) + 1
    state = play(state, 0, GoToWizard(), ActivateMystery())
    assert [a.spell for a in state.active] == [HP1] and state.mystery_card is None


def test_hare_chains_equipment_and_the_wizard():
    """BQ §Companions: "Once per round: the player may chain, in the same
    turn, the equipment phase (2A) and meeting the WIZARD (2B).\""""
    ks = [knight("R1", "B2"), knight("Y1", "B3"), knight("P1", "P2")]
    state = table(ks, turn=0, offer=(HP1, HPM1, ATKM2), mystery=False, options=COMPANIONS)
    state = with_companions(state, C.HARE, C.FOX, C.OWL)
    state = draw(play(state, 0, Ask(1)), "R5")
    assert state.turn == 0 and state.step is Step.HARE
    assert set(GAME.legal_actions(state, 0)) == {GoToWizard(), EndTurn()}
    state = play(state, 0, GoToWizard())
    assert state.turn == 0 and state.step is Step.WIZARD and C.HARE in state.spent
    # declined, the turn passes on, and the power stays for later
    state = with_companions(
        table(ks, turn=0, offer=(HP1, HPM1, ATKM2), mystery=False, options=COMPANIONS),
        C.HARE,
        C.FOX,
        C.OWL,
    )
    hare = draw(play(state, 0, Ask(1)), "R5")
    state = play(hare, 0, EndTurn())
    assert state.turn == 1 and C.HARE not in state.spent
    # the log says the Hare was not used (the play-test read "Cora ends the
    # turn without meeting the Wizard." after every ask, naming no Hare),
    # in a few words: a play-test found the long line after every ask
    names = ("Ann", "Bram", "Cora")
    assert GAME.describe(hare, 0, EndTurn(), names, 1) == "Ann's Hare: not used this turn."
    assert GAME.describe(hare, 0, EndTurn(), names, 0) == "Your Hare: not used this turn."
    # play-test: used, it was never named ("Edda receives B2. Edda goes to the
    # Wizard." read as a rule broken); it is, as the Raven's and Owl's are
    assert GAME.describe(hare, 0, GoToWizard(), names, 1) == (
        "Ann's Hare: on to the Wizard in the same turn.")
    assert GAME.describe(hare, 0, GoToWizard(), names, 0) == (
        "Your Hare: on to the Wizard in the same turn.")


def fox_fight(companions):
    ks = [knight("R5", "B4", "Y1", done=True), knight("Y6", "P4")]  # both 10
    state = table(ks, turn=1, boss=14, offer=(HP1, HPM1), mystery=False, options=COMPANIONS)
    state = with_companions(state, *companions)
    return play(state, 1, GoToWizard(), Discard(0)).history[-1]


def test_fox_takes_the_advantage_in_a_tie_bq35():
    """BQ §Companions: "Permanent power: in case of a tie, the player who
    holds this COMPANION takes the advantage." BQ-35: before counting cards."""
    assert fox_fight((C.OWL, C.HARE)).winners == {1}  # fewer cards
    assert fox_fight((C.FOX, C.HARE)).winners == {0}


def test_tortoise_keeps_its_heart_when_over_by_one_or_two():
    """BQ §Companions: "Permanent power: the player does not lose a HEART if
    their total attack strength exceeds the BOSS's HP by 1 or 2 points.\""""
    for over, lost in ((1, 0), (2, 0), (3, 1)):
        ks = [knight("R7", "B7", "Y3", done=True), knight("Y1", "B3")]  # 17
        state = table(
            ks, turn=1, boss=17 - over, offer=(HP1, HPM1), mystery=False, options=COMPANIONS
        )
        state = with_companions(state, C.TORTOISE, C.FOX)
        result = play(state, 1, GoToWizard(), Discard(0)).history[-1]
        assert result.eliminated[0] == "over" and result.hearts_lost[0] == lost


def test_raven_replaces_a_spell_at_the_wizard():
    """BQ §Companions: "On their turn, once per round: the player may replace
    an available spell at the WIZARD with the top card of the SPELL deck.\""""
    ks = [knight("R1", "B2"), knight("Y1", "B3"), knight("P1", "P2")]
    state = table(ks, turn=0, offer=(HP1, HPM1, ATKM2), mystery=False, options=COMPANIONS)
    state = with_companions(state, C.RAVEN, C.FOX, C.OWL)
    state = play(state, 0, ReplaceSpell(1))
    assert state.phase is Phase.REPLACE_SPELL and HPM1 in state.spell_discard
    new = state.spell_deck[0]
    state = GAME.apply(state, CHANCE, LaySpell(new))
    assert state.offer == (HP1, new, ATKM2) and state.turn == 0
    assert not any(isinstance(a, ReplaceSpell) for a in GAME.legal_actions(state, 0))


def test_the_ravens_line_says_another_when_it_brings_the_same_spell_bq34():
    """BQ §Companions, the Raven: the replaced spell is discarded, the spell
    deck's top card takes its place. Play-test: "Cora's Raven replaces Flip
    a potion with the spell deck's top card. The Raven brings Flip a potion
    to the Wizard." read as if nothing happened: the second copy is
    "another Flip a potion"; a different spell is named plainly."""
    ks = [knight("R1", "B2"), knight("Y1", "B3"), knight("P1", "P2")]
    state = table(ks, turn=0, offer=(HP1, HPM1, ATKM2), mystery=False, options=COMPANIONS)
    state = with_companions(state, C.RAVEN, C.FOX, C.OWL)
    state = attrs.evolve(state, spell_deck=(HPM1, HP1) + state.spell_deck)
    state = play(state, 0, ReplaceSpell(1))
    assert GAME.describe(state, CHANCE, LaySpell(HPM1)) == (
        f"The Raven brings another {HPM1} to the Wizard.")
    assert GAME.describe(state, CHANCE, LaySpell(HP1)) == f"The Raven brings {HP1} to the Wizard."
    state = GAME.apply(state, CHANCE, LaySpell(HPM1))
    assert state.offer == (HP1, HPM1, ATKM2)


def test_the_mystery_spell_is_the_last_card_when_the_deck_runs_out_bq45():
    """BQ §New round: "If, at any point, the ... SPELL deck runs out, gather
    up the discards and form a new deck." BQ-45: the face-down mystery spell
    is not in the deck for that (BQ-13 leaves it there only until it is
    used): a Raven's draw that leaves the deck with one card leaves only the
    mystery's card, so the mystery is that card and the discards (the
    replaced spell with them) form the new deck."""
    ks = [knight("R1", "B2"), knight("Y1", "B3"), knight("P1", "P2")]
    state = table(ks, turn=0, offer=(HP1, HPM1, ATKM2), mystery=True, options=COMPANIONS)
    state = with_companions(state, C.RAVEN, C.FOX, C.OWL)
    first, last, *rest = state.spell_deck
    state = attrs.evolve(state, spell_deck=(first, last), spell_discard=tuple(rest))
    state = play(state, 0, ReplaceSpell(0))
    assert GAME.chance_outcomes(state) == ((LaySpell(first), 0.5), (LaySpell(last), 0.5))
    state = GAME.apply(state, CHANCE, LaySpell(first))
    assert state.offer[0] == first
    assert state.mystery and state.mystery_card == last and state.mystery_known == frozenset()
    assert sorted(state.spell_deck) == sorted((*rest, HP1)) and state.spell_discard == ()
    # nobody has looked: to every seat it is still one of the deck's cards
    for seat in range(3):
        seen = GAME.view(state, seat)
        assert seen.mystery_card is None and len(seen.spell_deck) == len(state.spell_deck) + 1
    # activated blind, it is that card: no draw from the new deck
    state = play(state, 0, GoToWizard(), ActivateMystery())
    assert CHANCE not in GAME.to_act(state)
    assert last in [a.spell for a in state.active] or state.casting == last
    assert sorted(all_spells(state)) == sorted(all_spells(table(ks, options=COMPANIONS)))


def test_a_round_laid_from_a_deck_of_its_spells_and_one_more_bq45():
    """BQ-45 at the round's start: the spells laid face up leave one card,
    the mystery's; the discards form the next deck at once."""
    ks = [knight("R1", "B2"), knight("Y1", "B3"), knight("P1", "P2")]
    state = table(ks, turn=0, offer=(), mystery=False, options=COMPANIONS)
    laid = state.offer
    deck = (*laid, state.spell_deck[0])
    state = attrs.evolve(state, phase=Phase.LAY_SPELLS, offer=(), spell_deck=deck,
                         spell_discard=state.spell_deck[1:])
    for card in laid:
        state = GAME.apply(state, CHANCE, LaySpell(card))
    assert state.offer == laid and state.phase is Phase.DEAL
    assert state.mystery and state.mystery_card == deck[-1]
    assert state.spell_deck and state.spell_discard == ()


def test_a_champion_with_no_heart_left_faces_no_duel_bq46():
    """BQ §Final Boss, End of the game: "If you have no HEARTS left: too bad,
    you lost ... the Princess will name her son: Almost." BQ-46: when every
    knight loses the last heart in the same combat, BQ-17 still names the
    game's winner, but with no heart left there is no duel to play: the
    ending is told at once."""
    ks = [knight("R7", "B7", "Y6", hearts=1, keys=2), knight("Y7", "P7", "R6", hearts=1, keys=1,
                                                           done=True)]
    state = table(ks, boss=17, turn=0, mystery=False, options=Options(final_boss=True))
    state = play(state, 0, GoToWizard(), Discard(0))
    assert [k.hearts for k in state.knights] == [0, 0]
    assert state.phase is Phase.OVER and GAME.to_act(state) == frozenset()
    outcome = GAME.outcome(state)
    assert outcome.winners == frozenset({0})
    assert any("Almost" in note and "BQ-46" in note for note in outcome.notes)


def test_once_per_round_powers_return_next_round_bq34():
    """BQ §Companions: "once per round": spent powers are ready again."""
    ks = [knight("R1", "B2", done=True), knight("Y1", "B3")]
    state = table(ks, turn=1, offer=(HP1, HPM1), mystery=False, options=COMPANIONS)
    state = attrs.evolve(with_companions(state, C.OWL, C.RAVEN), spent=frozenset({C.OWL, C.RAVEN}))
    state = play(state, 1, GoToWizard(), Discard(0))
    assert state.spent == frozenset()


def test_companion_spell_swaps_two_companions_bq36():
    """BQ §Companions: "1 SPELL card, 3 copies: the player may swap 2
    COMPANION cards in play or in reserve." BQ-36: one at least in play."""
    ks = [knight("R1", "B2", done=True), knight("Y1", "B3"), knight("P1", "P2")]
    state = table(ks, turn=1, offer=(SWAP_COMP, HPM1, HP1), mystery=False, options=COMPANIONS)
    state = with_companions(state, C.OWL, C.HARE, C.FOX)
    state = play(state, 1, GoToWizard(), Activate(0))
    legal = GAME.legal_actions(state, 1)
    assert SwapCompanions(C.OWL, C.FOX) in legal  # two in play
    assert SwapCompanions(C.HARE, C.TORTOISE) in legal  # one from the reserve
    assert SwapCompanions(C.CHAMELEON, C.TORTOISE) not in legal  # both in reserve
    state = play(state, 1, SwapCompanions(C.HARE, C.TORTOISE))
    assert state.companions == (C.OWL, C.TORTOISE, C.FOX)
    assert C.HARE in state.reserve and C.TORTOISE not in state.reserve
    assert SWAP_COMP in state.spell_discard


# --- Final Boss (BQ §Extension: Final Boss, BQ-5) ----------------------------

FINAL = Options(final_boss=True)


def won_game(options=FINAL, keys=(4, 1, 2), hearts=(3, 3, 3)):
    """Knight 0 wins its fifth key: the game is over."""
    ks = [
        knight("R6", "R7", keys=keys[0], hearts=hearts[0], done=True),  # 13 of 14
        knight("Y1", "B3", keys=keys[1], hearts=hearts[1], done=True),
        knight("P1", "P2", keys=keys[2], hearts=hearts[2]),
    ]
    state = table(ks, turn=2, boss=14, offer=(HP1, HPM1, ATKM2), mystery=False, options=options)
    return play(state, 2, GoToWizard(), Discard(0))


def test_the_megaboss_appears_once_the_winner_is_known_bq5():
    """BQ §Final Boss: "At the end of the game, the winner can win with
    greater panache by facing the ultimate MegaBoss." BQ-5: 30 HP."""
    state = won_game()
    assert state.phase is Phase.DUEL and state.champion == 0
    assert state.boss == cards.MEGABOSS == 30 and GAME.current_hp(state) == 30
    assert all(k.hidden is None and k.visible == () for k in state.knights)
    assert GAME.outcome(state) is None
    assert won_game(Options()).phase is Phase.OVER


def test_no_duel_when_several_knights_share_the_win_bq38():
    """BQ-38: the duel is for "the player who won the game": with several
    winners there is none, and the log and the results say why (the
    play-test's match ended "Bram and Cora win!" with the Final Boss on,
    and nothing told why no MegaBoss came)."""
    ks = [
        knight("R6", "R7", keys=4, done=True),
        knight("Y6", "Y7", keys=4, done=True),
        knight("P1", "P2"),
    ]
    before = table(ks, turn=2, boss=14, offer=(HP1, HPM1, ATKM2), mystery=False, options=FINAL)
    before = play(before, 2, GoToWizard())
    names = ("Ann", "Bram", "Cora")
    line = GAME.describe(before, 2, Discard(0), names)
    state = play(before, 2, Discard(0))
    assert state.phase is Phase.OVER and GAME.outcome(state).winners == {0, 1}
    said = ("No Final Boss duel: Ann and Bram tie for the win, and only a single "
            "winner faces the MegaBoss (house ruling BQ-38).")
    assert line.endswith(said), line
    notes = [name_seats(n, names) for n in GAME.outcome(state).notes]
    assert said in notes, notes
    # a single winner: the duel, and no such word; no Final Boss: no word
    assert not any("No Final Boss duel" in n for n in GAME.outcome(won_game(Options())).notes)
    plain = play(attrs.evolve(before, options=Options()), 2, Discard(0))
    assert not any("No Final Boss duel" in n for n in GAME.outcome(plain).notes)


def test_the_champion_asks_for_weapons_face_down_and_the_losers_answer_bq37_bq50():
    """BQ §Final Boss, Setup: "The winner requests as many WEAPON cards as
    they want, looks at them, and places them face down in front of them.
    The losing Knights then each draw 1 SPELL card and agree together to
    activate only 1 of them. The unused SPELL cards are discarded." BQ-37:
    the best placed of them speaks for them."""
    state = won_game()
    legal = GAME.legal_actions(state, 0)
    assert Fight() not in legal and DuelAsk(9) in legal
    state = draw(play(state, 0, DuelAsk(3)), "R7", "B7", "Y7")
    assert [c.weapon.code for c in state.knights[0].night] == ["R7", "B7", "Y7"]
    # the log tells the spells drawn by the defeated knights, not the Wizard's
    line = GAME.describe(state, CHANCE, LaySpell(HPM1))
    assert line == "Knight 2 draws Boss HP -1 for the MegaBoss."
    assert GAME.view(state, 1).knights[0].night[0].weapon is None
    assert GAME.strength(state, 0) == 21
    assert state.phase is Phase.DUEL_SPELLS
    state = GAME.apply(state, CHANCE, LaySpell(HPM1))
    state = GAME.apply(state, CHANCE, LaySpell(ATKM1))
    assert state.phase is Phase.DUEL_CHOOSE and state.duel_offer == (HPM1, ATKM1)
    assert GAME.to_act(state) == {2}  # 2 keys beats 1
    # BQ-50: the spells drawn are face up for everyone, the champion included
    assert all(GAME.view(state, s).duel_offer == (HPM1, ATKM1) for s in (0, 1, 2, None))
    state = play(state, 2, DuelSpell(1))
    assert state.active == (ActiveSpell(ATKM1, 0),) and HPM1 in state.spell_discard
    assert GAME.strength(state, 0) == 20 and state.phase is Phase.DUEL


def test_the_duel_log_names_who_draws_and_who_chooses_bq37_bq50():
    """The play-test: "A defeated knight draws No heart lost for the
    MegaBoss." twice, then "The defeated knights activate Boss HP +1
    against Cora.": nobody could tell which draw was theirs or who chose.
    The spells are drawn face up (BQ-50), clockwise from the champion's
    left; the best placed defeated knight chooses (BQ-37) and the log says
    why; the reader's own draw and choice read "You"."""
    names = ("Ann", "Bram", "Cora")
    state = draw(play(won_game(), 0, DuelAsk(1)), "R7")  # Ann the champion
    lines = {}
    for spell_ in (HPM1, ATKM1):
        lines[spell_] = [GAME.describe(state, CHANCE, LaySpell(spell_), names, viewer)
                         for viewer in (None, 0, 1, 2)]
        state = GAME.apply(state, CHANCE, LaySpell(spell_))
    assert lines[HPM1] == ["Bram draws Boss HP -1 for the MegaBoss."] * 2 + [
        "You draw Boss HP -1 for the MegaBoss.", "Bram draws Boss HP -1 for the MegaBoss."]
    assert lines[ATKM1] == ["Cora draws Attack -1 for the MegaBoss."] * 3 + [
        "You draw Attack -1 for the MegaBoss."]
    said = [GAME.describe(state, 2, DuelSpell(0), names, viewer) for viewer in (None, 1, 2)]
    assert said == [
        "Cora (most keys) activates Boss HP -1 against Ann; Attack -1 is discarded.",
        "Cora (most keys) activates Boss HP -1 against Ann; Attack -1 is discarded.",
        "You (most keys) activate Boss HP -1 against Ann; Attack -1 is discarded."]
    # tied on keys, hearts decide; tied on both, the first seat
    tied = draw(play(won_game(keys=(4, 2, 2), hearts=(3, 3, 2)), 0, DuelAsk(1)), "R7")
    tied = GAME.apply(GAME.apply(tied, CHANCE, LaySpell(HPM1)), CHANCE, LaySpell(ATKM1))
    assert GAME.describe(tied, 1, DuelSpell(1), names).startswith(
        "Bram (most keys, then hearts) activates Attack -1")
    even = draw(play(won_game(keys=(4, 2, 2)), 0, DuelAsk(1)), "R7")
    even = GAME.apply(GAME.apply(even, CHANCE, LaySpell(HPM1)), CHANCE, LaySpell(ATKM1))
    assert GAME.describe(even, 1, DuelSpell(1), names).startswith(
        "Bram (tied on keys and hearts, first seat) activates Attack -1")


def test_a_knight_who_lost_their_last_heart_does_not_speak_for_the_others_bq53():
    """BQ-53 (play-test): Bram, 3 keys but his last heart lost, chose the
    MegaBoss's spells over Cora, who kept hers, though the results place
    Cora above him (BQ-26). The defeated knights' voice is read as the
    standings are: a heart kept first, then keys, then hearts."""
    names = ("Ann", "Bram", "Cora")
    state = draw(play(won_game(keys=(4, 3, 1), hearts=(3, 0, 2)), 0, DuelAsk(1)), "R7")
    state = GAME.apply(GAME.apply(state, CHANCE, LaySpell(HPM1)), CHANCE, LaySpell(ATKM1))
    assert GAME.to_act(state) == {2}
    assert GAME.describe(state, 2, DuelSpell(0), names).startswith(
        "Cora (kept a heart) activates Boss HP -1 against Ann")
    # with no heart kept among them, keys decide again
    both = draw(play(won_game(keys=(4, 3, 1), hearts=(3, 0, 0)), 0, DuelAsk(1)), "R7")
    both = GAME.apply(GAME.apply(both, CHANCE, LaySpell(HPM1)), CHANCE, LaySpell(ATKM1))
    assert GAME.to_act(both) == {1}
    assert GAME.describe(both, 1, DuelSpell(0), names).startswith("Bram (most keys) activates")


def test_a_spell_with_no_effect_in_the_duel_says_so_in_the_log_bq38():
    """BQ-38 (play-test): "Cora activates Final turn! against Ann" read as
    if it acted; the log says it has no effect in the duel, and a spell that
    acts reads as before."""
    names = ("Ann", "Bram", "Cora")
    final = spell(SpellKind.FINAL_TURN)
    state = draw(play(won_game(), 0, DuelAsk(1)), "R7")
    state = GAME.apply(GAME.apply(state, CHANCE, LaySpell(final)), CHANCE, LaySpell(HPM1))
    assert GAME.describe(state, 2, DuelSpell(0), names) == (
        "Cora (most keys) activates Final turn! against Ann (no effect in the duel); "
        "Boss HP -1 is discarded.")
    assert GAME.describe(state, 2, DuelSpell(1), names) == (
        "Cora (most keys) activates Boss HP -1 against Ann; Final turn! is discarded.")


def test_each_request_brings_another_spell():
    """BQ §Final Boss: "Each time the winner requests WEAPON cards, the losers
    activate 1 SPELL card from those available.\""""
    state = won_game()
    for code, spell_ in (("R7", HPM1), ("B7", HP1)):
        state = draw(play(state, 0, DuelAsk(1)), code)
        state = GAME.apply(state, CHANCE, LaySpell(spell_))
        other = next(s for s in state.spell_deck if s not in (HP1, HPM1))
        state = GAME.apply(state, CHANCE, LaySpell(other))
        state = play(state, 2, DuelSpell(0))
    assert [a.spell for a in state.active] == [HPM1, HP1]
    assert Fight() in GAME.legal_actions(state, 0)


def test_the_champion_reveals_the_weapons_before_sacrificing_hearts_bq48():
    """BQ §Final Boss, Setup: "Finally, when the Knight goes into combat, they
    reveal their WEAPON cards. They may sacrifice their remaining HEARTS":
    the weapons are face up for the whole table once the champion fights,
    before the hearts are chosen (BQ-48)."""
    state = won_game()
    state = draw(play(state, 0, DuelAsk(2)), "R7", "B7")
    state = GAME.apply(state, CHANCE, LaySpell(HP1))
    state = GAME.apply(state, CHANCE, LaySpell(HPM1))
    state = play(state, 2, DuelSpell(1))
    assert GAME.view(state, 1).knights[0].night[0].weapon is None  # face down until then
    state = play(state, 0, Fight())
    assert state.phase is Phase.DUEL_SACRIFICE
    for seat in (1, 2, None):
        shown = [c.weapon for c in GAME.view(state, seat).knights[0].night]
        assert shown == [w("R7"), w("B7")]


def test_a_duel_potion_is_read_when_the_champion_reveals_bq31():
    """BQ §Potions: "If the POTION card is their hidden card, they decide its
    value when they reveal their card"; the duel's weapons lie face down
    (BQ §Final Boss: "places them face down"), so a potion among them is
    read at the reveal, with the other weapons already face up (BQ-31)."""
    state = won_game(options=Options(final_boss=True, potions=True))
    state = draw(play(state, 0, DuelAsk(4)), "R7", "B7", "Y7", "±3")
    assert GAME.strength(state, 0) == 18  # unread: its lower reading
    state = GAME.apply(state, CHANCE, LaySpell(HP1))
    state = GAME.apply(state, CHANCE, LaySpell(HPM1))
    state = play(state, 2, DuelSpell(1))  # the MegaBoss at 29
    state = play(state, 0, Fight())
    assert state.phase is Phase.READ_POTION and GAME.to_act(state) == {0}
    shown = [c.weapon for c in GAME.view(state, 1).knights[0].night]
    assert shown[:3] == [w("R7"), w("B7"), w("Y7")]
    state = play(state, 0, ReadPotion(1))
    assert state.phase is Phase.DUEL_SACRIFICE and GAME.strength(state, 0) == 24
    state = play(state, 0, Sacrifice(2))  # 24 + 2 = 26, not 29
    assert state.ending == rules.ENDINGS["failed"]
    assert state.duel.readings == ((w("±3"), 1),) and state.duel.strength == 26


@pytest.mark.parametrize("mine,ending", [(C.CHAMELEON, 3), (C.FOX, "failed")])
def test_the_chameleon_meets_the_duels_colour_condition_bq48(mine, ending):
    """BQ §Companions: the Chameleon's power is "Permanent": "the player's
    WEAPON cards are considered to be of all colors". BQ-48: it holds in the
    Final Boss duel against a colour condition the defeated knights activate;
    the other companions offer no power there."""
    need_blue = spell(SpellKind.NEED_COLOUR, Colour.BLUE)
    state = won_game(options=Options(final_boss=True, companions=True))
    state = with_companions(state, mine, C.OWL, C.HARE)
    state = draw(play(state, 0, DuelAsk(5)), "R7", "R6", "Y7", "P7", "Y3")  # 30, no blue
    state = GAME.apply(state, CHANCE, LaySpell(need_blue))
    state = GAME.apply(state, CHANCE, LaySpell(HPM1))
    state = play(state, 2, DuelSpell(0))
    legal = GAME.legal_actions(state, 0)
    assert all(isinstance(a, (DuelAsk, Fight)) for a in legal)  # no companion power
    state = play(state, 0, Fight(), Sacrifice(0))
    # 30 against 30: the HP matched, the condition not (BQ-38)
    assert state.ending == (rules.failed_ending(True, (need_blue,)) if ending == "failed"
                            else rules.ENDINGS[ending])
    assert state.duel.conditions_met is (mine is C.CHAMELEON)


def duel_at(strength_codes, sacrifice, hearts=3):
    state = won_game(hearts=(hearts, 3, 3))
    state = draw(play(state, 0, DuelAsk(len(strength_codes))), *strength_codes)
    state = GAME.apply(state, CHANCE, LaySpell(HP1))
    state = GAME.apply(state, CHANCE, LaySpell(HPM1))
    state = play(
        state,
        2,
        DuelSpell(1),
    )  # the MegaBoss at 29
    state = play(state, 0, Fight())
    assert state.phase is Phase.DUEL_SACRIFICE
    assert GAME.legal_actions(state, 0) == tuple(Sacrifice(k) for k in range(hearts + 1))
    line = GAME.describe(state, 0, Sacrifice(sacrifice))
    return play(state, 0, Sacrifice(sacrifice)), line


@pytest.mark.parametrize(
    "codes,sacrifice,ending",
    [
        (("R7", "B7", "Y7", "P6"), 2, 1),  # 27 + 2 = 29, 1 heart left
        (("R7", "B7", "Y7", "P7"), 1, 2),  # 28 + 1
        (("R7", "B7", "Y7", "P7", "R1"), 0, 3),  # 29 exactly
        (("R7", "B7", "Y7", "P5"), 3, "almost"),  # 26 + 3 = 29, but no heart left
        (("R7", "B7", "Y7", "P7", "R2"), 0, "failed"),  # 30: over
    ],
)
def test_the_printed_endings_bq38(codes, sacrifice, ending):
    """BQ §Final Boss: "They may sacrifice their remaining HEARTS to add 1
    point to their attack strength for each HEART sacrificed." End of the
    game: "If you have no HEARTS left: too bad, you lost", "If you manage to
    match the MegaBoss's HP and you still have at least 1 HEART left ... you
    saved the Princess", then 1, 2 or 3 hearts. BQ-38: otherwise the
    MegaBoss stands, and the game's standings do not change."""
    state, line = duel_at(codes, sacrifice)
    assert state.phase is Phase.OVER and state.ending == rules.ENDINGS[ending]
    assert state.ending in line
    out = GAME.outcome(state)
    assert out.winners == {0} and f"Final Boss: {state.ending}" in out.notes
    assert state.knights[0].hearts == 3  # the standings keep the game's hearts


def test_every_option_has_a_one_line_explanation_bq25():
    """BQ-25: each rulebook variant and extension is an option on the
    new-match form, with a one-line explanation (its label)."""
    fields = {f.name: f for f in attrs.fields(Options)}
    for name in (
        "bolder_knights",
        "ulul",
        "potions",
        "companions",
        "final_boss",
        "solo_colour",
        "solo_harder",
    ):
        # a checkbox's label, or a select's short label and its help line,
        # fit the 80-column form
        label = fields[name].metadata.get("label", "")
        help_line = fields[name].metadata.get("help")
        assert label and "\n" not in label and len(label) <= 60, name
        if help_line is not None:
            assert len(label) <= 11 and "\n" not in help_line and len(help_line) <= 64, name
    assert rules.PLAYERS == range(1, 7)


@pytest.mark.parametrize("players", [2, 3, 6])
def test_every_extension_combined(players):
    """BQ §Game Extensions: "use them, combine them, or ignore them, as you
    prefer": with Potions, Companions, the Final Boss and Ul'ul's night all
    in play (and the bolder knights at two), random matches end, keep every
    card, heart and key accounted for, and no view shows what its seat may
    not know (another's hidden card, a face-down weapon at night, an unread
    potion, the Owl's mystery spell)."""
    from tests.playouts import checked_playout
    from tests.test_bossquest_properties import conserved, views_agree

    everything = Options(
        ulul=Ulul.NIGHT, potions=True, companions=True, final_boss=True,
        bolder_knights=players == 2,
    )

    def check(state):
        conserved(state)
        views_agree(state)

    for seed in range(2):
        state, _ = checked_playout(GAME, players, everything, seed, check)
        assert GAME.outcome(state) is not None


def test_the_potion_spell_on_ones_own_potion_reads_their_own_bq32():
    """BQ §Potions ("including themselves"): the log read "Cora flips Cora's
    potion": the others read "their own potion", Cora "your own"."""
    ks = [knight("R1"), knight("Y1"), read(knight("P1", "±2"), ("±2", 1))]
    state = table(ks, turn=2, offer=(FLIP, HPM1, HP1), mystery=False, options=POTIONS)
    state = play(state, 2, GoToWizard(), Activate(0))
    names = ("Ann", "Bob", "Cora")
    flip = TargetPotion(2, w("±2"))
    assert GAME.describe(state, 2, flip, names=names, viewer=0).startswith(
        "Cora flips their own potion ±2 to -2")
    assert GAME.describe(state, 2, flip, names=names, viewer=2).startswith(
        "You flip your own potion ±2 to -2")


def test_a_single_spell_drawn_is_activated_at_once_bq52():
    """BQ-52 (qssh finding 9): with two knights the lone defeated knight
    draws one spell, and the duel waited for them to press 1 on it (away,
    the champion's duel stood still). A single spell drawn is activated at
    once, and the draw's log line says so."""
    names = ("Ann", "Bram")
    ks = [knight("R6", "R7", keys=4, done=True), knight("P1", "P2", keys=1)]
    state = table(ks, turn=1, boss=14, offer=(HP1, HPM1, ATKM2), mystery=False, options=FINAL)
    state = play(state, 1, GoToWizard(), Discard(0))
    assert state.phase is Phase.DUEL and state.champion == 0
    state = draw(play(state, 0, DuelAsk(1)), "R7")
    said = [GAME.describe(state, CHANCE, LaySpell(HPM1), names, viewer) for viewer in (0, 1)]
    # a light spell next to the MegaBoss, as BQ-38 places it; "against
    # you" read as harm where it could help, "by the MegaBoss" (a
    # play-test) as if the MegaBoss activated it
    assert said == ["Bram draws Boss HP -1 for the MegaBoss and activates it next to the MegaBoss.",
                    "You draw Boss HP -1 for the MegaBoss and activate it next to the MegaBoss."]
    state = GAME.apply(state, CHANCE, LaySpell(HPM1))
    assert state.phase is Phase.DUEL and state.active == (ActiveSpell(HPM1, None),)
    assert state.duel_offer == () and GAME.to_act(state) == {0}
    final = spell(SpellKind.FINAL_TURN)
    state = draw(play(state, 0, DuelAsk(1)), "B7")
    assert GAME.describe(state, CHANCE, LaySpell(final), names) == (
        "Bram draws Final turn! for the MegaBoss and activates it next to the MegaBoss "
        "(no effect in the duel).")


def test_a_single_spell_drawn_that_helps_is_not_said_against_the_champion_bq52():
    """BQ-52, BQ-38: the play-test's log read "Bram draws Attack +2 … and
    activates it against you" where Attack +2 brought the champion nearer
    the HP. The lone spell drawn is no one's choice: a dark one is said
    activated on the champion, neutrally."""
    names = ("Ann", "Bram")
    ks = [knight("R6", "R7", keys=4, done=True), knight("P1", "P2", keys=1)]
    state = table(ks, turn=1, boss=14, offer=(HP1, HPM1, ATKM2), mystery=False, options=FINAL)
    state = play(state, 1, GoToWizard(), Discard(0))
    state = draw(play(state, 0, DuelAsk(1)), "R7")
    plus2 = spell(SpellKind.ATTACK_PLUS_2)
    said = [GAME.describe(state, CHANCE, LaySpell(plus2), names, viewer) for viewer in (0, 1)]
    assert said == ["Bram draws Attack +2 for the MegaBoss and activates it on you.",
                    "You draw Attack +2 for the MegaBoss and activate it on Ann."]
    assert "against" not in " ".join(said)


def test_the_duel_reveal_line_reads_right_for_the_champion():
    """qssh finding 1: the champion read "You reveal R7, B7, sacrifices 0
    hearts: ...", the second verb left in the third person. The line joins
    its verbs with "and" (so `second_person` turns both) and says "no heart"."""
    names = ("Ann", "Bram", "Cora")
    state = won_game()
    state = draw(play(state, 0, DuelAsk(2)), "R7", "B7")
    state = GAME.apply(state, CHANCE, LaySpell(HP1))
    state = GAME.apply(state, CHANCE, LaySpell(HPM1))
    state = play(play(state, 2, DuelSpell(1)), 0, Fight())
    lines = {k: [GAME.describe(state, 0, Sacrifice(k), names, viewer) for viewer in (1, 0)]
             for k in (0, 1, 2)}
    assert lines[0][0].startswith("Ann reveals R7, B7, and sacrifices no heart: 14 against 29 HP.")
    assert lines[0][1].startswith("You reveal R7, B7, and sacrifice no heart: 14 against 29 HP.")
    assert lines[1][1].startswith("You reveal R7, B7, and sacrifice 1 heart: 15 against")
    assert lines[2][0].startswith("Ann reveals R7, B7, and sacrifices 2 hearts: 16 against")


@pytest.mark.parametrize(
    "codes,ending,unmet",
    [
        (("R7", "R6", "Y7", "P7", "Y3"), "The MegaBoss stands: the champion matched its HP "
         "but has no blue (B) weapon (Need Blue).", True),  # 30, no blue
        (("R7", "R6", "Y7", "P7"), "The MegaBoss stands: the champion did not match its HP "
         "and has no blue (B) weapon (Need Blue).", True),  # 27, no blue
        (("R7", "B6", "Y7", "P7"), "The MegaBoss stands: the champion did not match its HP.",
         False),  # 27, a blue
    ],
)
def test_the_failed_duel_says_why_bq38(codes, ending, unmet):
    """BQ-38: "The champion wins by matching the MegaBoss's HP, meeting the
    conditions in play". The play-test: 30 against 30 HP "exact!" with Need
    Yellow unmet ended "the champion did not match its HP", the opposite of
    what happened, and no place named the condition. The ending says which
    of the two failed, naming the condition; the results' numbers too."""
    need_blue = spell(SpellKind.NEED_COLOUR, Colour.BLUE)
    state = won_game()
    state = draw(play(state, 0, DuelAsk(len(codes))), *codes)
    state = GAME.apply(state, CHANCE, LaySpell(need_blue))
    state = GAME.apply(state, CHANCE, LaySpell(HPM1))
    state = play(state, 2, DuelSpell(0))  # Need Blue, the MegaBoss at 30
    names = ("Ann", "Bram", "Cora")
    line = GAME.describe(play(state, 0, Fight()), 0, Sacrifice(0), names)
    state = play(state, 0, Fight(), Sacrifice(0))
    assert state.ending == ending and line.endswith(ending)
    assert state.duel.unmet == ((need_blue,) if unmet else ())
    notes = [name_seats(note, names) for note in GAME.outcome(state).notes]
    assert f"Final Boss: {ending}" in notes
    numbers = next(note for note in notes if note.startswith("The duel: "))
    assert numbers.endswith("; Need Blue (B) not met.") is unmet, numbers
    assert "a spell's condition" not in numbers


@pytest.mark.parametrize("companion", list(C))
def test_the_companion_dealt_is_worded_for_its_reader_bq4(companion):
    """BQ §Companions, Setup: one is dealt to each player. The play-test:
    Bob's log read "Cy is dealt the Tortoise: No heart lost when you go
    over the HP by 1 or 2", as if Bob's. Another knight's companion is
    told in the third person; the reader's own says "you"."""
    names = ("Ann", "Bob", "Cy")
    state = GAME.setup(3, COMPANIONS)
    state = GAME.apply(state, CHANCE, DealCompanion(next(c for c in C if c is not companion)))
    deal = DealCompanion(companion)  # to Bob
    for viewer in (0, 2, None):
        line = GAME.describe(state, CHANCE, deal, names, viewer)
        assert line == f"Bob is dealt the {companion.label}: {companion.their_text}", line
    line = GAME.describe(state, CHANCE, deal, names, 1)
    assert line == f"You are dealt the {companion.label}: {companion.text}", line


def test_the_voices_reason_holds_against_a_knight_who_lost_their_last_heart_bq53():
    """BQ-53: a knight who kept a heart speaks before one who lost their
    last, then most keys. Play-test (qa-bq7 finding 6): "Bram (most keys)"
    while Dev, out on his last heart, had 3 keys to Bram's 1: the reason
    says the heart too."""
    import attrs

    state = won_game(keys=(4, 1, 0), hearts=(3, 2, 1))
    dev = attrs.evolve(state.knights[1], keys=3, hearts=0)
    state = attrs.evolve(state, players=4, knights=state.knights + (dev,))
    assert rules.allies_voice(state) == 1
    assert rules.voice_reason(state) == "kept a heart, most keys"
    # Dev with fewer keys: "most keys" holds as it is
    dev = attrs.evolve(dev, keys=0)
    state = attrs.evolve(state, knights=state.knights[:3] + (dev,))
    assert rules.voice_reason(state) == "most keys"
