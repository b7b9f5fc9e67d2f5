"""What a knight reads off a Boss Quest table (`core.bossquest.table_facts`,
offered as `GAME.<name>`): the facts the screen shows and no longer works
out itself. Each works from a seat's view.

Each test names the rulebook section ("BQ §...") or ruling ("BQ-n",
docs/rulings.md) it pins.
"""

from __future__ import annotations

import attrs

from core.bossquest import rules
from core.bossquest.cards import Colour, Companion, SpellKind
from core.bossquest.state import ActiveSpell, Options, Phase
from tests.bossquest_tables import GAME, knight, spell, table

HPM1 = spell(SpellKind.HP_MINUS_1)
ATKP2 = spell(SpellKind.ATTACK_PLUS_2)
ATKM1 = spell(SpellKind.ATTACK_MINUS_1)
ATKM2 = spell(SpellKind.ATTACK_MINUS_2)


def test_standing_against_the_hp_bq_objective():
    """BQ §Game Objective: as close as possible to the Boss's HP without
    exceeding it. 15 against 17 is 2 short; 17 a PERFECT (BQ §3 Combat);
    18 is 1 over (the knight must go to the Wizard, BQ-6)."""
    state = table([knight("R7", "B7", "Y1"), knight("R6", "B6", "Y5"), knight("Y7", "P7", "B4")],
                  boss=17)
    assert GAME.standing(state, 0) == ("short", 2)
    assert GAME.standing(state, 1) == ("perfect", 0)
    assert GAME.standing(state, 2) == ("over", 1)
    for seat in range(3):
        assert GAME.standing(GAME.view(state, seat), seat) == GAME.standing(state, seat)


def test_standing_counts_the_spells_in_play_bq18():
    """BQ §Spell Effects, BQ-18: HP spells next to the Boss and attack spells
    on the knight count: 14 against 14 is perfect, over once the HP drops
    by 1, short again with -2 attack on the knight."""
    knights = [knight("R7", "B7"), knight("Y1", "B3")]
    assert GAME.standing(table(knights, boss=14), 0) == ("perfect", 0)
    lowered = table(knights, boss=14, active=(ActiveSpell(HPM1),))
    assert GAME.standing(lowered, 0) == ("over", 1)
    weakened = table(knights, boss=14, active=(ActiveSpell(HPM1), ActiveSpell(ATKM2, 0)))
    assert GAME.standing(weakened, 0) == ("short", 1)


def test_no_seat_learns_another_knights_standing_bq6():
    """BQ-6: a knight over the HP is not told so in front of the others:
    another knight's standing is unknown from a view (its hidden weapon is),
    over or not; a spectator knows nobody's."""
    over = table([knight("R7", "B7", "Y1"), knight("Y2", "B3")], boss=14)
    under = table([knight("R1", "B7", "Y1"), knight("Y2", "B3")], boss=14)
    for state in (over, under):
        assert GAME.standing(GAME.view(state, 1), 0) is None
        assert GAME.standing(GAME.view(state, None), 0) is None
    assert GAME.standing(GAME.view(over, 0), 0) == ("over", 1)


def test_an_unread_potion_is_left_out_of_the_known_strength_bq31():
    """BQ-31: a face-down potion is read at combat; until then the rules
    count its lower reading (`strength`), but what is certain is the rest:
    B3 + Y2 = 5, the ±2 still to read. Once read, it is part of the known
    strength."""
    options = Options(potions=True)
    state = table([knight("±2", "B3", "Y2"), knight("R2", "B4")], boss=18, options=options)
    assert GAME.strength(state, 0) == 3
    assert GAME.known_strength(state, 0) == 5
    assert GAME.unread_potions(state, 0) == (2,)
    view = GAME.view(state, 0)
    assert (GAME.known_strength(view, 0), GAME.unread_potions(view, 0)) == (5, (2,))
    assert GAME.known_strength(GAME.view(state, 1), 0) is None  # not Bob's to know
    potion = state.knights[0].hidden.weapon
    read = attrs.evolve(state, knights=(attrs.evolve(state.knights[0], readings=((potion, 1),)),
                                        state.knights[1]))
    assert GAME.unread_potions(read, 0) == ()
    assert GAME.known_strength(read, 0) == GAME.strength(read, 0) == 7
    assert GAME.unread_potions(state, 1) == ()  # no potion


def test_no_standing_before_the_boss_is_out():
    """BQ §Course of the Game: each round starts by turning a Boss; before
    that there is no HP to stand against."""
    state = attrs.evolve(table([knight("R7", "B7"), knight("Y1", "B3")]), boss=None)
    assert GAME.standing(state, 0) is None


def test_the_knight_in_turn_bq_course_of_the_game():
    """BQ §Course of the Game: one knight at a time takes its turn; while the
    table draws or fights, nobody is."""
    state = table([knight("R7", "B7"), knight("Y1", "B3"), knight("Y2")], turn=1)
    assert GAME.knight_in_turn(GAME.view(state, 0)) == 1
    assert GAME.knight_in_turn(attrs.evolve(state, phase=Phase.DRAW)) is None
    assert GAME.knight_in_turn(attrs.evolve(state, phase=Phase.OVER, turn=None)) is None


def test_dark_spells_lie_in_front_of_their_knight_bq_spell_cards():
    """BQ §Spell Cards: a dark spell is placed in front of the knight it
    targets (any knight, including yourself); light spells lie next to the
    Boss and are on nobody."""
    active = (ActiveSpell(HPM1), ActiveSpell(ATKP2, 1), ActiveSpell(ATKM1, 1),
              ActiveSpell(ATKM2, 0))
    state = table([knight("R7", "B7"), knight("Y1", "B3")], active=active)
    view = GAME.view(state, 0)
    assert GAME.spells_on(view, 1) == (ATKP2, ATKM1)
    assert GAME.spells_on(view, 0) == (ATKM2,)
    assert GAME.spells_on(table([knight("R7"), knight("Y1")]), 0) == ()


def test_who_else_knows_a_face_down_weapon_bq24():
    """BQ-24 (BQ-29, BQ-42): a hidden weapon dealt is known to its owner
    alone; after Ann's "Swap hidden" with Bram, each still knows the card
    they gave away: Bram knows the card Ann holds now, Ann the one Bram
    holds; Cora, who saw neither, knows none. Each reads it in their view."""
    from core.bossquest.actions import Activate, GoToWizard, TargetKnight
    from tests.bossquest_tables import play

    swap = spell(SpellKind.SWAP_HIDDEN)
    state = table([knight("R1", "B2"), knight("Y1", "B3"), knight("P2", "B4")],
                  offer=(swap, spell(SpellKind.HP_PLUS_1), spell(SpellKind.HP_MINUS_1)))
    assert [GAME.face_down_known_to(GAME.view(state, s), s) for s in range(3)] == [
        (frozenset(),)] * 3
    state = play(state, 0, GoToWizard(), Activate(0), TargetKnight(1))
    assert str(state.knights[0].hidden.weapon) == "Y1"  # Bram's, now Ann's
    assert [GAME.face_down_known_to(GAME.view(state, s), s) for s in range(3)] == [
        (frozenset({1}),), (frozenset({0}),), (frozenset(),)]


def test_a_hidden_weapon_the_owl_saw_counts_for_its_knight_bq42():
    """BQ §Companions (the Owl: "look at ... another player's hidden WEAPON
    card"), BQ-42. The play-test: after "Your Owl looks at Bram's hidden
    weapon: B6", Bram's row still read "shows 13+?". What a view counts of
    a knight (`seen_strength`) takes every weapon that view holds: the
    Owl's knight counts B6 and has nothing left unknown; another knight,
    and a spectator, still count the face-up ones and a "?"."""
    from core.bossquest.actions import PeekHidden
    from core.bossquest.cards import Companion
    from tests.bossquest_tables import play
    from tests.test_bossquest_variants import COMPANIONS, with_companions

    ks = [knight("R1", "B2"), knight("B6", "P7", "Y6"), knight("P1", "P2")]
    state = table(ks, turn=0, offer=(HPM1, ATKP2, ATKM1), mystery=True, options=COMPANIONS)
    state = with_companions(state, Companion.OWL, Companion.FOX, Companion.HARE)
    assert GAME.seen_strength(GAME.view(state, 0), 1) == (13, True)
    state = play(state, 0, PeekHidden(1))
    assert GAME.seen_strength(GAME.view(state, 0), 1) == (19, False)
    assert GAME.seen_strength(GAME.view(state, 2), 1) == (13, True)
    assert GAME.seen_strength(GAME.view(state, None), 1) == (13, True)
    # a dark spell on the knight counts; a potion not read yet stays unknown
    cursed = attrs.evolve(state, active=(ActiveSpell(ATKM2, 1),))
    assert GAME.seen_strength(GAME.view(cursed, 0), 1) == (17, False)
    potion = table([knight("R1", "B2"), knight("B6", "±2", "Y6")], boss=18,
                   options=Options(potions=True))
    assert GAME.seen_strength(potion, 1) == (12, True)


def test_unmet_conditions_name_the_colour_and_pair_spells_a_knight_fails_bq8():
    """BQ §Spell effects, BQ-8: a knight without a weapon of the colour, or
    without two of a colour, "cannot win the round" however close it is.
    The play-test: Ann at 16 against 16 HP with no red weapon read
    "perfect", then was put out by Need Red. A potion has no colour
    (BQ-3); the knight's own view knows its hidden card and says the same."""
    need_red = spell(SpellKind.NEED_COLOUR, Colour.RED)
    pair = spell(SpellKind.NEED_PAIR)
    state = table([knight("P7", "Y4", "B3", "B2"), knight("R2", "±3", "Y5"), knight("R7", "B6")],
                  boss=16, active=(ActiveSpell(need_red), ActiveSpell(pair)),
                  options=Options(potions=True))
    assert GAME.unmet_conditions(state, 0) == (need_red,)
    assert GAME.unmet_conditions(state, 1) == (pair,)
    assert GAME.unmet_conditions(state, 2) == (pair,)
    for seat in range(3):
        assert GAME.unmet_conditions(GAME.view(state, seat), seat) == GAME.unmet_conditions(state, seat)
        assert (not GAME.unmet_conditions(state, seat)) == rules.meets_conditions(state, seat)
    assert GAME.unmet_conditions(table([knight("P7", "Y4")], boss=16), 0) == ()


def test_unmet_conditions_leave_out_what_an_unseen_weapon_could_meet_bq6():
    """From another seat's view a knight's hidden card is unknown: it may be
    the colour, or pair with a face-up weapon, so no condition is named;
    one a face-down card cannot help (a pair beside a lone potion) still is."""
    need_red = spell(SpellKind.NEED_COLOUR, Colour.RED)
    pair = spell(SpellKind.NEED_PAIR)
    state = table([knight("P7", "Y4"), knight("R2", "±3")],
                  boss=16, active=(ActiveSpell(need_red), ActiveSpell(pair)),
                  options=Options(potions=True))
    assert GAME.unmet_conditions(state, 0) == (need_red, pair)
    assert GAME.unmet_conditions(GAME.view(state, 1), 0) == ()
    assert GAME.unmet_conditions(state, 1) == (pair,)
    assert GAME.unmet_conditions(GAME.view(state, 0), 1) == (pair,)


def test_the_chameleon_meets_colours_with_any_weapon_bq35():
    """BQ-35: the Chameleon's weapons, potions included, are every colour:
    any weapon meets Need Red, any two the pair; one weapon alone no pair."""
    need_red = spell(SpellKind.NEED_COLOUR, Colour.RED)
    pair = spell(SpellKind.NEED_PAIR)
    state = table([knight("P7", "±2"), knight("Y3")], boss=16,
                  active=(ActiveSpell(need_red), ActiveSpell(pair)),
                  options=Options(companions=True, potions=True))
    assert GAME.unmet_conditions(state, 0) == (need_red, pair)
    chameleon_first = attrs.evolve(state, companions=(Companion.CHAMELEON, Companion.FOX))
    assert GAME.unmet_conditions(chameleon_first, 0) == ()
    chameleon_second = attrs.evolve(state, companions=(Companion.FOX, Companion.CHAMELEON))
    assert GAME.unmet_conditions(chameleon_second, 1) == (pair,)
    assert GAME.unmet_conditions(GAME.view(chameleon_second, 0), 1) == (pair,)


def test_only_hp_attack_and_condition_spells_act_in_the_duel_bq38():
    """BQ-38: in the Final Boss duel the spells about rounds, keys, hearts,
    swaps or companions do nothing, nor do Cancel and Flip a potion; the HP
    and attack spells and the colour and pair conditions do."""
    from core.bossquest.table_facts import acts_in_duel

    acting = {SpellKind.HP_PLUS_1, SpellKind.HP_PLUS_2, SpellKind.HP_MINUS_1,
              SpellKind.HP_MINUS_2, SpellKind.ATTACK_PLUS_1, SpellKind.ATTACK_PLUS_2,
              SpellKind.ATTACK_MINUS_1, SpellKind.ATTACK_MINUS_2, SpellKind.NEED_COLOUR,
              SpellKind.NEED_PAIR}
    for kind in SpellKind:
        colour = Colour.RED if kind is SpellKind.NEED_COLOUR else None
        assert acts_in_duel(spell(kind, colour)) == (kind in acting), kind


def test_a_match_in_its_final_boss_duel_is_listed_as_the_duel_bq37():
    """BQ-37: the duel comes after the last round. A saved match in it was
    listed as "round 5" (one past the last round fought); it reads "Final
    Boss duel". Before it, the round."""
    from tests.bossquest_tables import first_final_boss_state

    duel = first_final_boss_state(lambda s: s.phase is Phase.DUEL)
    assert GAME.progress(duel) == "Final Boss duel"
    before = first_final_boss_state(lambda s: s.phase is Phase.TURN and s.round == 2)
    assert GAME.progress(before) == "round 2"


def test_score_notes_say_one_key_not_one_keys_bq26():
    """play-test, results at 80x24: "Ann's score is -1, one below Edda's: 1 keys,
    but placed below for losing the last heart (house ruling BQ-26)"."""
    import attrs

    from core.bossquest import GAME
    from core.bossquest.rules import score_notes
    from core.bossquest.state import Knight, Phase

    state = attrs.evolve(GAME.setup(3, None), phase=Phase.OVER, knights=(
        Knight(hearts=0, keys=1), Knight(hearts=1, keys=1), Knight(hearts=2, keys=4)))
    notes = " ".join(score_notes(state))
    assert ": 1 key, but placed below for losing the last heart" in notes, notes
