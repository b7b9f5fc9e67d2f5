"""An outside review of Boss Quest's extensions, additional rules and Solo
Quest against the rulebook: the paragraphs the other test files did not yet
quote, the rulebook's worked references, and the rulings for the gaps a
careful player asks about (BQ-42 to BQ-44).

Each test quotes the rulebook paragraph ("BQ §...") or names the ruling
("BQ-n", docs/rulings.md) it pins.
"""

from __future__ import annotations

import random

import attrs
import pytest

from core import CHANCE
from core.bossquest import rules, solo
from core.bossquest.actions import (
    Activate,
    Ask,
    AssignTo,
    Discard,
    DrawWeapon,
    DuelAsk,
    DuelSpell,
    EndTurn,
    GoToWizard,
    LaySpell,
    PeekHidden,
    PlayPersonal,
    ReadPotion,
    ReplaceSpell,
    Resolve,
    RevealBoss,
)
from core.bossquest.cards import Colour, Companion, SpellKind
from core.bossquest.state import Hidden, RoundResult, Ulul
from core.bossquest.table_facts import combat_spells
from core.bots.bossquest import HeuristicBot
from tests.bossquest_tables import (
    GAME,
    ActiveSpell,
    Options,
    Phase,
    Step,
    draw,
    knight,
    play,
    spell,
    table,
    w,
)
from tests.playouts import checked_playout, seeds
from tests.test_bossquest_properties import options_for
from tests.test_bossquest_solo import at_wave, boss
from tests.test_bossquest_variants import with_companions, won_game

HP1 = spell(SpellKind.HP_PLUS_1)
HPM1 = spell(SpellKind.HP_MINUS_1)
ATKM2 = spell(SpellKind.ATTACK_MINUS_2)
PAIR = spell(SpellKind.NEED_PAIR)
C = Companion


def bot_choice(state, seat):
    """What the heuristic bot does from `seat`'s view."""
    legal = GAME.legal_actions(state, seat)
    return HeuristicBot().choose(GAME, GAME.view(state, seat), seat, legal, random.Random(0))


def at_night(k, seat):
    """Knight `k` with its face-up weapons turned face down (BQ-29)."""
    night = tuple(Hidden(card, frozenset({seat})) for card in k.visible)
    return attrs.evolve(k, visible=(), night=night)


# --- What each seat may see --------------------------------------------------


def test_a_hidden_potion_has_no_reading_and_no_face_before_reveal_bq31():
    """BQ §Potions: "If the POTION card is their hidden card, they decide its
    value when they reveal their card." Dealt face down, it waits unread
    (the deal goes on), nobody else can tell it is a potion, and to its
    holder it counts its lower reading (BQ-31)."""
    state = GAME.apply(GAME.setup(2, Options(potions=True)), CHANCE, RevealBoss(17))
    while state.phase is Phase.LAY_SPELLS:
        state = GAME.apply(state, CHANCE, GAME.chance_outcomes(state)[0][0])
    # the Armorer (seat 0) deals seat 1 first: seat 1's hidden card is ±3
    state = draw(state, "±3", "R2", "R4")
    assert state.phase is Phase.DEAL  # no reading asked for
    state = draw(state, "B5")
    assert state.phase is Phase.TURN and state.knights[1].readings == ()
    other = GAME.view(state, 0).knights[1]
    assert other.hidden.weapon is None and other.readings == ()
    assert w("±3") in GAME.view(state, 0).unseen
    assert GAME.strength(GAME.view(state, 1), 1) == -3 + 4


def test_nobody_knows_the_mystery_spell_before_it_is_used_bq13():
    """BQ §Spell Cards: the mystery spell is chosen "without looking at it
    first". BQ-13: it is not even drawn, so no view (and not the state)
    holds it; every spell of the deck could be it."""
    ks = [knight("R1", "B2"), knight("Y1", "B3")]
    state = table(ks, turn=0, offer=(HP1, HPM1, ATKM2), mystery=True)
    assert state.mystery and state.mystery_card is None
    for seat in (0, 1, None):
        view = GAME.view(state, seat)
        assert view.mystery_card is None and view.spell_deck == state.spell_deck


# --- The Owl and the Raven (BQ §Companions, BQ-42) ---------------------------


def owl_at_night():
    ks = [knight("R1", "B2"), knight("Y5", "B3", "P6"), knight("P1", "P2")]
    state = table(
        ks,
        boss=22,
        turn=0,
        offer=(HP1, HPM1, ATKM2),
        options=Options(ulul=Ulul.NIGHT, companions=True),
    )
    state = attrs.evolve(state, knights=tuple(at_night(k, s) for s, k in enumerate(state.knights)))
    return with_companions(state, C.OWL, C.FOX, C.RAVEN)


def test_the_owl_sees_only_the_hidden_card_at_night_bq42():
    """BQ §Companions: the Owl may look "at another player's hidden WEAPON
    card". BQ-42: at Ul'ul's night that is the first card dealt; the other
    face-down weapons stay unseen."""
    state = owl_at_night()
    assert rules.is_night(state)
    peeks = [a for a in GAME.legal_actions(state, 0) if isinstance(a, PeekHidden)]
    assert peeks == [PeekHidden(1), PeekHidden(2)]
    state = play(state, 0, PeekHidden(1))
    seen = GAME.view(state, 0).knights[1]
    assert seen.hidden.weapon == w("Y5")
    assert [c.weapon for c in seen.night] == [None, None]


def test_the_raven_replaces_only_a_face_up_spell_bq42():
    """BQ §Companions: "replace an available spell at the WIZARD with the top
    card of the SPELL deck". BQ-42: a face-up spell; the mystery spell stays
    where it is."""
    ks = [knight("R1", "B2"), knight("Y5", "B3"), knight("P1", "P2")]
    state = table(
        ks, turn=2, offer=(HP1, None, ATKM2), mystery=True, options=Options(companions=True)
    )
    state = with_companions(state, C.OWL, C.FOX, C.RAVEN)
    replaces = [a for a in GAME.legal_actions(state, 2) if isinstance(a, ReplaceSpell)]
    assert replaces == [ReplaceSpell(0), ReplaceSpell(2)]
    state = play(state, 2, ReplaceSpell(0))
    state = GAME.apply(state, CHANCE, LaySpell(state.spell_deck[0]))
    assert state.mystery and state.mystery_card is None


# --- Companions under other rules (BQ-43) ------------------------------------


def test_under_final_turn_the_hare_cannot_chain_bq43():
    """BQ §Spell Effects, Final turn: "Each player who has not yet gone to the
    Wizard must take one last action: either request one or more additional
    WEAPON cards, or activate/discard a SPELL card". BQ-43: the Hare's
    request is that last action: no Wizard after it, and the power is kept."""
    final = ActiveSpell(spell(SpellKind.FINAL_TURN))
    ks = [knight("R1", "B2"), knight("Y1", "B3"), knight("P1", "P2", done=True)]
    state = table(
        ks,
        turn=0,
        offer=(HP1, HPM1),
        mystery=False,
        active=(final,),
        options=Options(companions=True),
    )
    state = with_companions(attrs.evolve(state, final_turn=True), C.HARE, C.FOX, C.OWL)
    state = draw(play(state, 0, Ask(1)), "R5")
    assert state.knights[0].done and not state.knights[0].at_wizard
    assert state.turn == 1 and state.step is Step.CHOOSE
    assert C.HARE not in state.spent
    # without Final turn the same request offers the chain
    plain = with_companions(
        table(ks, turn=0, offer=(HP1, HPM1), mystery=False, options=Options(companions=True)),
        C.HARE,
        C.FOX,
        C.OWL,
    )
    plain = draw(play(plain, 0, Ask(1)), "R5")
    assert plain.step is Step.HARE and set(GAME.legal_actions(plain, 0)) == {
        GoToWizard(),
        EndTurn(),
    }


@pytest.mark.parametrize("over,lost", [(1, 0), (2, 0), (3, 2)])
def test_the_tortoise_at_ulul_night_bq43(over, lost):
    """BQ §Companions, the Tortoise: "does not lose a HEART if their total
    attack strength exceeds the BOSS's HP by 1 or 2 points"; BQ §Boss Ul'ul:
    "players lose 2 HEARTS instead of just 1". BQ-43: at night the Tortoise
    keeps both hearts when over by 1 or 2, and loses 2 when over by more."""
    hp = 22 - over  # Ul'ul with "Boss HP -n" spells in play
    minus = {1: (HPM1,), 2: (spell(SpellKind.HP_MINUS_2),), 3: (HPM1, spell(SpellKind.HP_MINUS_2))}[
        over
    ]
    ks = [knight("R7", "B7", "Y7", "P1", done=True), knight("Y1", "B3")]  # 22
    state = table(
        ks,
        turn=1,
        boss=22,
        offer=(HP1, ATKM2),
        mystery=False,
        active=tuple(ActiveSpell(s) for s in minus),
        options=Options(ulul=Ulul.NIGHT, companions=True),
    )
    state = with_companions(state, C.TORTOISE, C.FOX)
    assert GAME.current_hp(state) == hp and rules.is_night(state)
    result = play(state, 1, GoToWizard(), Discard(0)).history[-1]
    assert result.eliminated[0] == "over" and result.hearts_lost == (lost, 0)


# --- The Fox (BQ-44) ---------------------------------------------------------


def fox_round(active=()):
    # knights 0 and 1 both at 10 of 14; knight 0 holds more cards
    ks = [knight("R5", "B4", "Y1", done=True), knight("Y6", "P4", done=True), knight("P1", "P2")]
    state = table(
        ks,
        turn=2,
        boss=14,
        offer=(HP1, HPM1, ATKM2),
        mystery=False,
        active=active,
        options=Options(companions=True),
    )
    return with_companions(state, C.FOX, C.OWL, C.HARE)


def test_the_fox_ranks_first_in_a_tie_even_under_second_closest_bq44():
    """BQ §Companions, the Fox: "in case of a tie, the player who holds this
    COMPANION takes the advantage". BQ-44: the advantage is a place in the
    ranking (like fewer cards, BQ-20): tied for the closest place, the Fox
    ranks first, so under "2nd closest wins" the other knight takes the key."""
    result = play(fox_round(), 2, GoToWizard(), Discard(0)).history[-1]
    assert result.winners == {0}
    second = ActiveSpell(spell(SpellKind.SECOND_CLOSEST))
    result = play(fox_round((second,)), 2, GoToWizard(), Discard(0)).history[-1]
    assert result.winners == {1}


def test_the_fox_does_not_settle_the_games_tie_bq44():
    """BQ §End of the Game: "If players are also tied in HEARTS, then all
    tied players win the game." BQ-44: the Fox settles the round's ties
    only."""
    ks = [
        knight("R6", "R7", keys=4, done=True),  # 13 of 14: the round's key
        knight("Y1", "B3", keys=5, done=True),
        knight("P1", "P2", keys=1),
    ]
    state = table(
        ks,
        turn=2,
        boss=14,
        offer=(HP1, HPM1, ATKM2),
        mystery=False,
        options=Options(companions=True),
    )
    state = with_companions(state, C.OWL, C.FOX, C.HARE)
    state = play(state, 2, GoToWizard(), Discard(0))
    assert state.phase is Phase.OVER
    assert GAME.outcome(state).winners == {0, 1}


# --- Solo Quest (BQ §Solo Quest) ---------------------------------------------


def test_the_solo_spells_fill_the_three_rows_exactly():
    """BQ §Solo Quest, 2. Setup: "Remove the SPELL card matching the
    discarded color. Remove the following 5 SPELL cards" and the 4 "Knight"
    spells: 13 spells remain, the 5 + 5 + 3 of The scene; "BOSS cards: set
    the MegaBoss aside. Shuffle the other BOSS cards"."""
    for colour in Colour:
        options = Options(solo_colour=colour)
        spells = solo.solo_spells(options)
        assert len(spells) == sum(solo.row_sizes(options)) == 13
        assert not any(s.colour is colour for s in spells)
        kinds = {s.kind for s in spells}
        assert not kinds & solo.REMOVED and not kinds & {s.kind for s in solo.PERSONAL}
        state = GAME.setup(1, options)
        assert sorted(state.boss_deck) == list(range(14, 22))
        assert len(state.weapon_deck) == 28 and all(
            c.colour is not colour for c in state.weapon_deck
        )
    assert sum(solo.row_sizes(Options(solo_harder=True))) == 12


def test_solo_reference():
    """BQ §1st Wave, Reference: "Attack strength differs from the BOSS card's
    HP: the attack fails, the player loses 1 HEART. / Attack strength equals
    the BOSS card's HP, but the SPELL card's condition is not met: the player
    loses 1 HEART. / Attack strength equals the BOSS card's HP and the SPELL
    card's condition is met: the player loses no HEART.\""""
    bosses = [
        boss(16, "R7", "Y7", "P1"),  # 15: under by one ("strictly equal")
        boss(17, "R7", "Y7", "P3", spells=(PAIR,)),  # 17, no pair
        boss(19, "R7", "R5", "Y7", spells=(PAIR,)),  # 19 with a red pair
    ]
    state = GAME.apply(at_wave(1, bosses, phase=Phase.SOLO_END), 0, Resolve(0))
    result = state.waves[-1]
    assert result.strengths == (15, 17, 19) and result.hps == (16, 17, 19)
    assert result.defeated == (False, False, True)
    assert result.hearts_lost == 2 and state.knights[0].hearts == 1


def test_solo_bosses_may_be_attacked_in_any_order():
    """BQ §1st Wave: "You are not required to finish attacking one BOSS
    before starting to attack another BOSS in the same wave." The top spell
    follows the weapons to their Boss each turn."""
    rows = ((HP1, HPM1, PAIR), (), ())
    state = at_wave(1, [boss(15), boss(18), boss(21)], rows=rows)
    for target, card in ((0, "R3"), (2, "Y4"), (0, "P5")):
        state = play(state, 0, Ask(1))
        state = GAME.apply(state, CHANCE, DrawWeapon(w(card)))
        state = play(state, 0, AssignTo(target))
    first, second, third = state.solo_bosses
    assert first.weapons == (w("R3"), w("P5")) and first.spells == (HP1, PAIR)
    assert second.weapons == () and third.weapons == (w("Y4"),) and third.spells == (HPM1,)
    assert state.phase is Phase.SOLO_END


def test_solo_spells_cannot_be_discarded():
    """BQ §1st Wave: "SPELL cards can neither be discarded nor used a second
    time during the game": a turn offers no way around the top spell, and a
    personal spell played is gone for the quest."""
    state = at_wave(1, [boss(15), boss(18), boss(21)], rows=((PAIR,), (), ()))
    kinds = {type(a) for a in GAME.legal_actions(state, 0)}
    assert kinds == {Ask, PlayPersonal}
    state = play(state, 0, PlayPersonal(solo.PERSONAL[0], 1))
    assert all(
        a.spell != solo.PERSONAL[0]
        for a in GAME.legal_actions(state, 0)
        if isinstance(a, PlayPersonal)
    )


@pytest.mark.parametrize("harder,turns", [(False, (5, 5, 3)), (True, (5, 4, 3))])
def test_solo_turns_per_wave(harder, turns):
    """BQ §1st Wave: "You have 5 turns to defeat 3 BOSSES"; §2nd Wave: "You
    have 5 turns"; §3. Final Assault: "You have 3 turns to defeat the
    MegaBoss"; harder: "1st wave: 5 SPELL cards / 2nd wave: 4 / 3rd wave: 3"."""
    options = Options(solo_harder=harder)
    state = GAME.setup(1, options)
    while state.phase is Phase.SOLO_LAY:
        state = GAME.apply(state, CHANCE, GAME.chance_outcomes(state)[0][0])
    assert tuple(len(r) for r in state.rows) == turns
    assert state.wave == 1 and state.phase is Phase.SOLO_BOSSES
    while state.phase is Phase.SOLO_BOSSES:
        state = GAME.apply(state, CHANCE, GAME.chance_outcomes(state)[0][0])
    assert solo.turns_left(state) == turns[0]
    assert [a for a in GAME.legal_actions(state, 0) if isinstance(a, Ask)] == [
        Ask(n) for n in range(1, 5)
    ]


# --- Potions (BQ §Potions) ---------------------------------------------------


@pytest.mark.parametrize("code", ["±1", "±2", "±3"])
@pytest.mark.parametrize("sign", [1, -1])
def test_a_potion_reads_both_ways(code, sign):
    """BQ §Potions: "POTION cards can be read 2 ways — 1 negative, which
    subtracts points from the attack strength of the player who drew the
    card, and 1 positive, which adds points"."""
    ks = [knight("R1", "B2", done=True), knight("Y1", "B3"), knight("P1", "P2")]
    state = table(ks, turn=1, offer=(HP1, HPM1, ATKM2), options=Options(potions=True))
    state = play(draw(play(state, 1, Ask(1)), code), 1, ReadPotion(sign))
    assert GAME.strength(state, 1) == 1 + 3 + sign * int(code[1:])
    assert GAME.visible_strength(GAME.view(state, 0), 1) == 3 + sign * int(code[1:])


def test_the_combat_summary_does_not_pair_two_potions_bq3():
    """BQ-3: potions "have no colour", so two potions are not "2 WEAPON cards
    of the same color": the combat summary names "Need 2 of a colour" as
    what put such a knight out (the rules did put it out)."""
    ks = [knight("±1", "Y6", "R7", "±2", done=True), knight("Y1", "B3", "B2")]
    state = table(
        ks,
        turn=1,
        boss=14,
        offer=(HP1, HPM1),
        mystery=False,
        active=(ActiveSpell(PAIR),),
        options=Options(potions=True),
    )
    ks_read = attrs.evolve(state.knights[0], readings=((w("±2"), -1),))
    state = attrs.evolve(state, knights=(ks_read, state.knights[1]))
    state = play(state, 1, GoToWizard(), Discard(0))
    state = play(state, 0, ReadPotion(-1))  # the hidden ±1, read as it is revealed
    result = state.history[-1]
    assert isinstance(result, RoundResult) and result.eliminated == ("spell", "")
    out = [e for e in combat_spells(result) if e.effect == "out"]
    assert [(e.spell, e.seats) for e in out] == [(PAIR, frozenset({0}))]


def test_a_potion_read_at_combat_is_read_with_every_weapon_face_up_bq31():
    """BQ §3 Combat: "Once all players have gathered at the Wizard, combat
    begins!" and every weapon is revealed; BQ §Potions: a hidden potion's
    holder decides "when they reveal their card". BQ-31: the readings are
    made once the weapons are face up, from the Armorer's left, so a reader
    sees the table it is reading against."""
    ks = [knight("R5", "R7"), knight("±3", "B3", "B7"), knight("Y4", "B5", "P2")]
    ks = [attrs.evolve(k, done=True, at_wizard=True) for k in ks[:2]] + [ks[2]]
    state = table(
        ks, turn=2, boss=17, offer=(HP1,), mystery=False, armorer=0, options=Options(potions=True)
    )
    state = play(state, 2, GoToWizard(), Discard(0))
    assert state.phase is Phase.READ_POTION and state.reader == 1
    for seat in (0, 1, 2, None):
        view = GAME.view(state, seat)
        assert [k.hidden.weapon for k in view.knights] == [w("R5"), w("±3"), w("Y4")]
        assert view.unseen == tuple(sorted(state.weapon_deck))
    assert GAME.legal_actions(GAME.view(state, 1), 1) == (ReadPotion(1), ReadPotion(-1))


def _review_checks(state):
    """What the review adds to the property tests' checks, at every step."""
    for seat in (*range(state.players), None):
        view = GAME.view(state, seat)
        for k in view.knights:
            # a reading names its potion: only one the view shows (BQ-31)
            shown = [c for c in rules.weapons_of(k) if c is not None]
            assert all(potion in shown for potion, _ in k.readings)
        if state.phase is Phase.READ_POTION and state.resume == "combat":
            assert None not in [c for k in view.knights for c in rules.weapons_of(k)]
    if state.history:
        fought = state.history[-1]
        out = {s for s, why in enumerate(fought.eliminated) if why == "spell"}
        named = [e.seats for e in combat_spells(fought) if e.effect == "out"]
        assert set().union(*named) == out


@pytest.mark.parametrize("players", [2, 3, 6])
def test_random_playouts_with_potions_keep_readings_and_summaries_honest(players):
    """Random playouts over option combinations, potions always in: no view
    learns a potion from its reading before the card is shown, every reading
    at combat is made with the weapons face up, and the combat summary names
    every knight a spell put out."""
    for seed in range(seeds(6)):
        options = attrs.evolve(options_for(players, 7000 + seed), potions=True)
        final, _ = checked_playout(GAME, players, options, 7000 + seed, _review_checks)
        assert GAME.outcome(final) is not None


@pytest.mark.parametrize(
    "kind", [SpellKind.CANCEL, SpellKind.FLIP_POTION, SpellKind.SWAP_HIDDEN, SpellKind.FINAL_TURN]
)
def test_duel_spells_that_can_do_nothing_bq38(kind):
    """BQ §Final Boss: "The defeated players will do everything they can to
    make the player fail, by activating SPELL cards to handicap them."
    BQ-38: Cancel, Flip a potion, the swaps and the round's spells change
    neither the champion's strength nor the MegaBoss's HP."""
    state = won_game(options=Options(final_boss=True, potions=True))
    state = draw(play(state, 0, DuelAsk(2)), "R7", "±3")
    state = GAME.apply(state, CHANCE, LaySpell(HPM1))
    state = GAME.apply(state, CHANCE, LaySpell(spell(kind)))
    before = (GAME.strength(state, 0), GAME.current_hp(state))
    state = play(state, 2, DuelSpell(1))
    assert state.phase is Phase.DUEL and state.active[-1].spell.kind is kind
    assert (GAME.strength(state, 0), GAME.current_hp(state)) == before == (7 - 3, 30)
    assert HPM1 in state.spell_discard


@pytest.mark.parametrize("action", [AssignTo(0), Resolve(0), PlayPersonal(solo.PERSONAL[0], 0)])
def test_a_solo_quest_move_at_a_table_of_knights_says_so(action):
    """Bad input gets a clear message: the Solo Quest's moves (BQ §Solo
    Quest) are Boss Quest moves, for the one-knight match only."""
    from core import IllegalAction

    state = table([knight("R1", "B2"), knight("Y1", "B3")], turn=0)
    with pytest.raises(IllegalAction, match="Solo Quest") as caught:
        GAME.apply(state, 0, action)
    assert "not a Boss Quest action" not in str(caught.value)


@pytest.mark.parametrize("mine,cancels", [(C.CHAMELEON, False), (C.FOX, True)])
def test_the_bot_knows_the_chameleon_meets_colour_conditions_bq35(mine, cancels):
    """BQ §Companions: "Permanent power: the player's WEAPON cards are
    considered to be of all colors" (BQ-35). The heuristic bot at a PERFECT
    without a blue weapon cancels "Need blue", unless it holds the
    Chameleon: then the spell only puts out a rival."""
    blue = ActiveSpell(spell(SpellKind.NEED_COLOUR, Colour.BLUE))
    offer = (spell(SpellKind.CANCEL), spell(SpellKind.HP_PLUS_2), spell(SpellKind.ATTACK_MINUS_1))
    ks = [knight("R7", "Y7", "P3"), knight("B1", "B5"), knight("R1", "R2")]
    state = table(
        ks,
        turn=0,
        boss=17,
        active=(blue,),
        offer=offer,
        mystery=False,
        step=Step.WIZARD,
        options=Options(companions=True),
    )
    state = with_companions(state, mine, C.OWL, C.HARE)
    choice = bot_choice(state, 0)
    assert (choice == Activate(0)) is cancels


@pytest.mark.parametrize("ulul,careful", [(Ulul.CLASSIC, False), (Ulul.NIGHT, True)])
def test_the_bot_fears_ululs_night_with_two_hearts_bq30(ulul, careful):
    """BQ §Boss Ul'ul: at night "players lose 2 HEARTS instead of just 1 if
    they exceed Ul'ul's HP" (BQ-30): with two hearts, going over loses the
    game, so the heuristic bot stops at 17 of 22 where by day it asks on."""
    ks = [knight("R7", "Y7", "P3", hearts=2), knight("B1", "B5")]
    state = table(ks, turn=0, boss=22, options=Options(ulul=ulul))
    if ulul is Ulul.NIGHT:
        state = attrs.evolve(
            state, knights=tuple(at_night(k, s) for s, k in enumerate(state.knights))
        )
    choice = bot_choice(state, 0)
    assert (choice == GoToWizard()) is careful
