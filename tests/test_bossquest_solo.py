"""Boss Quest's Solo Quest, paragraph by paragraph (BQ §Solo Quest).

Each test quotes the rulebook paragraph or names the ruling ("BQ-n",
docs/rulings.md) it pins.
"""

from __future__ import annotations

import random

import attrs
import pytest

from core import CHANCE, IllegalAction
from core.bossquest import GAME, cards, solo
from core.bossquest.actions import (
    Ask,
    AssignTo,
    DrawWeapon,
    LaySpell,
    PlayPersonal,
    Resolve,
    RevealBoss,
    TargetSpell,
    TargetWeapon,
)
from core.bossquest.cards import Colour, Spell, SpellKind
from core.bossquest.state import Options, Phase, SoloBoss, Ulul
from core.bots.bossquest import HeuristicBot
from tests.bossquest_tables import spell, w
from tests.playouts import play_checked
from tests.test_bossquest_rules import ATK1, ATK2, ATKM1, ATKM2, CANCEL, HP1, HPM1, NEED_PAIR


def boss(hp, *codes, spells=()):
    return SoloBoss(hp, tuple(w(c) for c in codes), tuple(spells))


def at_wave(wave, bosses, rows=None, phase=Phase.SOLO, hearts=3, options=None):
    """A quest in wave `wave` with these Bosses; `rows` the spells to come."""
    state = GAME.setup(1, options or Options())
    rows = rows or ((), (), ())
    used = [c for b in bosses for c in b.weapons]
    deck = tuple(c for c in state.weapon_deck if c not in used)
    return attrs.evolve(
        state,
        wave=wave,
        solo_bosses=tuple(bosses),
        rows=rows,
        phase=phase,
        weapon_deck=deck,
        knights=(attrs.evolve(state.knights[0], hearts=hearts),),
    )


def test_the_solo_quest_is_a_one_knight_match():
    """BQ §Solo Quest: one knight; the table's other counts are unchanged."""
    state = GAME.setup(1, Options())
    assert state.players == 1 and GAME.to_act(state) == {CHANCE}
    with pytest.raises(IllegalAction, match="Solo Quest"):
        GAME.setup(0, Options())


def test_solo_setup_bq39():
    """BQ §Solo Quest, 2. Setup: "The player places 3 HEARTS in front of
    them, plus the 4 "Knight" SPELL cards", "WEAPON cards: discard 1 color,
    keeping only 4 colors", "Remove the SPELL card matching the discarded
    color" and the five listed. BQ-39: no extensions."""
    state = GAME.setup(1, Options(solo_colour=Colour.BLUE))
    assert state.knights[0].hearts == 3
    assert sorted(s.kind for s in state.personal) == sorted(
        (
            SpellKind.ATTACK_PLUS_1,
            SpellKind.ATTACK_PLUS_2,
            SpellKind.ATTACK_MINUS_1,
            SpellKind.ATTACK_MINUS_2,
        )
    )
    assert len(state.weapon_deck) == 28 and all(
        c.colour is not Colour.BLUE for c in state.weapon_deck
    )
    kinds = [s.kind for s in state.spell_deck]
    assert len(state.spell_deck) == 13
    assert spell(SpellKind.NEED_COLOUR, Colour.BLUE) not in state.spell_deck
    for gone in solo.REMOVED | set(cards.ATTACK_CHANGE):
        assert gone not in kinds
    with pytest.raises(IllegalAction, match="untick Potions"):
        GAME.setup(1, Options(potions=True))
    with pytest.raises(IllegalAction, match="Boss Ul'ul"):
        GAME.setup(1, Options(ulul=Ulul.CLASSIC))


@pytest.mark.parametrize("harder,sizes", [(False, (5, 5, 3)), (True, (5, 4, 3))])
def test_the_scene_lays_out_the_spell_rows(harder, sizes):
    """BQ §Solo Quest, The scene: "Next to the 1st wave, lay out face up 5
    SPELL cards. Next to the 2nd wave, lay out face up 5 SPELL cards. Next to
    the MegaBoss, lay out face up 3" ("To raise the difficulty ... 5 / 4 /
    3"). Then the 1st wave's three Bosses turn face up (BQ-39)."""
    state = GAME.setup(1, Options(solo_harder=harder))
    while state.phase is Phase.SOLO_LAY:
        state = GAME.apply(state, CHANCE, LaySpell(state.spell_deck[0]))
    assert tuple(len(r) for r in state.rows) == sizes
    assert GAME.view(state, 0).rows == state.rows  # face up
    assert state.phase is Phase.SOLO_BOSSES and state.wave == 1
    for hp in (15, 18, 21):
        state = GAME.apply(state, CHANCE, RevealBoss(hp))
    assert [b.hp for b in state.solo_bosses] == [15, 18, 21]
    assert state.phase is Phase.SOLO and 30 not in state.boss_deck


def test_a_turn_gives_weapons_and_the_top_spell_to_one_boss_bq40():
    """BQ §1st Wave: "Each turn you must apply the top SPELL card of the pile
    and assign 1 to 4 WEAPON cards to the BOSS of your choice." "The top SPELL
    card of the pile is automatically assigned to that same BOSS." BQ-40: the
    weapons are drawn first, then given."""
    state = at_wave(1, [boss(15), boss(18), boss(21)], rows=((HP1, HPM1), (), ()))
    assert [a.count for a in GAME.legal_actions(state, 0) if isinstance(a, Ask)] == [1, 2, 3, 4]
    state = GAME.apply(state, 0, Ask(2))
    state = GAME.apply(state, CHANCE, DrawWeapon(w("R7")))
    state = GAME.apply(state, CHANCE, DrawWeapon(w("Y5")))
    assert state.phase is Phase.SOLO_ASSIGN and state.drawn == (w("R7"), w("Y5"))
    assert "R7, Y5 and Boss HP +1" in GAME.describe(state, 0, AssignTo(1))
    state = GAME.apply(state, 0, AssignTo(1))
    b = state.solo_bosses[1]
    assert b.weapons == (w("R7"), w("Y5")) and b.spells == (HP1,)
    assert solo.boss_hp(b) == 19 and solo.boss_strength(b) == 12
    assert state.rows[0] == (HPM1,) and state.phase is Phase.SOLO


def test_the_wave_ends_when_its_spells_are_spent():
    """BQ §1st Wave: "Continue this way until there are no more SPELL cards
    available": then the wave is fought."""
    state = at_wave(1, [boss(15), boss(18), boss(21)], rows=((HP1,), (), ()))
    state = GAME.apply(state, 0, Ask(1))
    state = GAME.apply(state, CHANCE, DrawWeapon(w("R7")))
    state = GAME.apply(state, 0, AssignTo(0))
    assert state.phase is Phase.SOLO_END
    assert GAME.legal_actions(state, 0)[-1] == Resolve(0)


def test_one_heart_lost_per_boss_that_defeated_you():
    """BQ §1st Wave: "If your attack strength exceeds the BOSS's HP, is lower
    than it, or the attack condition (from spells) is not met: it's a
    failure. You lose 1 HEART per BOSS that defeated you." Then the 2nd wave."""
    bosses = [
        boss(15, "R7", "Y7", "P1"),  # exact
        boss(18, "R6", "Y6", "P6", spells=(NEED_PAIR,)),  # exact, no pair: failed
        boss(21, "R5", "Y5", "P5", "B7"),  # 22: over
    ]
    state = at_wave(1, bosses, phase=Phase.SOLO_END)
    state = GAME.apply(state, 0, Resolve(0))
    result = state.waves[-1]
    assert result.defeated == (True, False, False) and result.hearts_lost == 2
    assert state.knights[0].hearts == 1
    assert state.wave == 2 and state.phase is Phase.SOLO_BOSSES
    assert len(state.weapon_deck) == 28  # reshuffled for the wave (BQ-39)


@pytest.mark.parametrize("wave,ending", [(1, "wave-1"), (2, "wave-2")])
def test_no_hearts_left_loses_the_quest(wave, ending):
    """BQ §1st Wave: "If you have no HEARTS left, it's a loss: the Princess
    will marry the MegaBoss"; §2nd Wave: "the disheartened Princess decides
    to kidnap herself and disappears forever.\""""
    state = at_wave(wave, [boss(15), boss(18), boss(21)], phase=Phase.SOLO_END, hearts=2)
    state = GAME.apply(state, 0, Resolve(0))
    assert state.phase is Phase.OVER and state.ending == solo.ENDINGS[ending]
    out = GAME.outcome(state)
    assert out.winners == frozenset() and state.ending in out.notes


def test_personal_spells_at_any_time_once_each_bq40():
    """BQ §1st Wave: "At any time you may use your personal attack SPELLS to
    adjust your strength." BQ-40: each once in the quest, on one Boss."""
    state = at_wave(1, [boss(15, "R7", "Y7"), boss(18), boss(21)], rows=((HP1,), (), ()))
    assert PlayPersonal(ATK1, 0) in GAME.legal_actions(state, 0)
    state = GAME.apply(state, 0, PlayPersonal(ATK1, 0))
    assert solo.boss_strength(state.solo_bosses[0]) == 15
    assert ATK1 not in state.personal
    with pytest.raises(IllegalAction, match="once"):
        GAME.apply(state, 0, PlayPersonal(ATK1, 1))
    end = at_wave(1, [boss(15, "R7", "Y7", "P3")], phase=Phase.SOLO_END)
    assert PlayPersonal(ATKM2, 0) in GAME.legal_actions(end, 0)


def test_personal_spells_while_giving_the_weapons_drawn():
    """BQ §1st Wave: "At any time you may use your personal attack SPELLS to
    adjust your strength": also with the weapons drawn and not yet given
    (a play-test found none offered there). The weapons wait to be given."""
    state = at_wave(1, [boss(15, "R7", "Y7"), boss(18), boss(21)], rows=((HP1, HPM1), (), ()))
    state = GAME.apply(state, 0, Ask(1))
    state = GAME.apply(state, CHANCE, DrawWeapon(w("Y5")))
    assert state.phase is Phase.SOLO_ASSIGN
    legal = GAME.legal_actions(state, 0)
    assert {PlayPersonal(ATK1, b) for b in range(3)} <= set(legal)
    state = GAME.apply(state, 0, PlayPersonal(ATK1, 0))
    assert solo.boss_strength(state.solo_bosses[0]) == 15 and ATK1 not in state.personal
    assert state.phase is Phase.SOLO_ASSIGN and state.drawn == (w("Y5"),)
    state = GAME.apply(state, 0, AssignTo(1))
    assert state.solo_bosses[1].weapons == (w("Y5"),) and state.phase is Phase.SOLO


def test_cancel_given_to_a_boss_removes_one_of_its_spells():
    """BQ §Spell effects, Cancel, on a Boss of the wave (BQ-40)."""
    state = at_wave(
        1, [boss(15, "R7", spells=(NEED_PAIR,)), boss(18), boss(21)], rows=((CANCEL,), (), ())
    )
    state = GAME.apply(state, 0, Ask(1))
    state = GAME.apply(state, CHANCE, DrawWeapon(w("Y1")))
    state = GAME.apply(state, 0, AssignTo(0))
    assert state.phase is Phase.SOLO_TARGET
    state = GAME.apply(state, 0, TargetSpell(0))
    assert state.solo_bosses[0].spells == () and {NEED_PAIR, CANCEL} <= set(state.spell_discard)
    # the Boss keeps a record of it, for the board: its row lost both spells
    assert state.solo_bosses[0].cancelled == (NEED_PAIR, CANCEL)


def test_a_lost_quest_says_how_the_last_attack_missed():
    """The play-test: the lost quest's results read "Waves survived 2 ·
    Bosses defeated 4 · Hearts 0" and did not say the final attack was 33
    against 29 HP."""
    state = at_wave(3, [boss(30, "R7", "Y7", "P7", "B7", "R5")], phase=Phase.SOLO_END, hearts=1)
    state = GAME.apply(state, 0, Resolve(0))
    notes = GAME.outcome(state).notes
    assert notes[-1] == "The final assault missed the MegaBoss: 33 against 30 HP (3 over)."
    state = at_wave(1, [boss(15, "R7", "Y7", "P1"), boss(18, "R6", "Y6", "P6", spells=(NEED_PAIR,)),
                        boss(21, "R5")], phase=Phase.SOLO_END, hearts=2)
    state = GAME.apply(state, 0, Resolve(0))
    assert GAME.outcome(state).notes[-1] == (
        "Wave 1 missed Boss 2: 18 against 18 HP (unmet: Need 2 of a colour); "
        "Boss 3: 5 against 21 HP (16 short).")


@pytest.mark.parametrize(
    "codes,adjust,ending",
    [
        (("R7", "Y7", "P7", "B7", "R2"), 0, 3),  # 30 exactly, 3 hearts
        (("R7", "Y7", "P7", "B7", "R1"), 1, 2),  # 29 + 1 heart
        (("R7", "Y7", "P7", "B7"), 2, 1),  # 28 + 2 hearts
        (("R7", "Y7", "P7", "B7", "R3"), -1, 2),  # 31 - 1 heart
        (("R7", "Y7", "P7", "B6"), 0, "failed"),  # 27: the MegaBoss stands
    ],
)
def test_final_assault_and_its_endings_bq41(codes, adjust, ending):
    """BQ §3. Final Assault: "You have 3 turns to defeat the MegaBoss ...
    you may discard one of your HEARTS to add 1 to or subtract 1 from your
    total attack strength — unless it is your last HEART." and the printed
    endings by hearts left. BQ-41: failing it with a heart left, the MegaBoss
    stands."""
    state = at_wave(3, [boss(30, *codes)], phase=Phase.SOLO_END)
    legal = GAME.legal_actions(state, 0)
    assert [a.adjust for a in legal if isinstance(a, Resolve)] == [-2, -1, 0, 1, 2]
    line = GAME.describe(state, 0, Resolve(adjust))
    state = GAME.apply(state, 0, Resolve(adjust))
    assert state.phase is Phase.OVER and state.ending == solo.ENDINGS[ending]
    assert state.ending in line
    assert (GAME.outcome(state).winners == {0}) is (ending != "failed")


def test_failing_the_megaboss_with_the_last_heart_is_almost():
    """BQ §3. Final Assault: "If you have no HEARTS left: too bad, you were so
    close. In tribute to your quest, the Princess will name her son: Almost.\""""
    state = at_wave(3, [boss(30, "R7", "Y7")], phase=Phase.SOLO_END, hearts=1)
    assert [a for a in GAME.legal_actions(state, 0) if isinstance(a, Resolve)] == [Resolve(0)]
    state = GAME.apply(state, 0, Resolve(0))
    assert state.ending == solo.ENDINGS["almost"]


def test_the_megaboss_comes_after_the_second_wave():
    """BQ §2nd Wave: "If you still have at least 1 HEART left after defeating
    the 3 new BOSSES ... prepare for the final assault": the MegaBoss (30 HP,
    BQ-5) with its 3 spells."""
    state = at_wave(
        2,
        [boss(15, "R7", "Y7", "P1"), boss(16, "R6", "Y6", "P4"), boss(17, "R5", "Y5", "P7")],
        rows=((), (), (HP1, HPM1, NEED_PAIR)),
        phase=Phase.SOLO_END,
    )
    state = GAME.apply(state, 0, Resolve(0))
    assert state.wave == 3 and [b.hp for b in state.solo_bosses] == [30]
    assert state.phase is Phase.SOLO and solo.turns_left(state) == 3


def test_the_log_names_the_megaboss_in_the_final_assault():
    """BQ §3. Final Assault: the MegaBoss is no "30 HP Boss" of a wave; the
    log names it (it read "You give ... to the 30 HP Boss.")."""
    state = at_wave(3, [boss(30, "R7")], rows=((), (), (HP1, HPM1)))
    state = GAME.apply(state, 0, Ask(1))
    state = GAME.apply(state, CHANCE, DrawWeapon(w("Y5")))
    line = GAME.describe(state, 0, AssignTo(0))
    assert line.endswith("Y5 and Boss HP +1 to the MegaBoss.")
    assert GAME.describe(state, 0, PlayPersonal(ATK1, 0)).endswith(
        f"their {ATK1} on the MegaBoss.")
    wave = at_wave(1, [boss(15)], rows=((HP1,), (), ()))
    wave = GAME.apply(wave, 0, Ask(1))
    wave = GAME.apply(wave, CHANCE, DrawWeapon(w("Y5")))
    assert GAME.describe(wave, 0, AssignTo(0)).endswith("to Boss 1 (15 HP, now 16).")


def test_the_log_names_a_boss_as_the_board_does_bq40():
    """BQ-40, the play-test: with spells moving the HPs the board read "Boss
    1 19 HP ... Boss 2 19 HP ... Boss 3 19 HP" while the log named "the 20
    HP Boss" and "the 18 HP Boss" (their printed HPs), and "the 19 HP Boss"
    fitted two. The log names a Boss as the board and the keys 1-3 do,
    with the HP the board shows (and what the move makes it)."""
    bosses = [boss(20, spells=(HPM1,)), boss(18, spells=(HP1,)), boss(19)]
    state = at_wave(1, bosses, rows=((NEED_PAIR, HP1), (), ()))
    assert [solo.boss_hp(b) for b in state.solo_bosses] == [19, 19, 19]
    state = GAME.apply(state, 0, Ask(2))
    state = GAME.apply(state, CHANCE, DrawWeapon(w("Y5")))
    state = GAME.apply(state, CHANCE, DrawWeapon(w("Y3")))
    line = GAME.describe(state, 0, AssignTo(0), ("Ann",), viewer=0)
    assert line == "You give Y5, Y3 and Need 2 of a colour to Boss 1 (19 HP).", line
    assert GAME.describe(state, 0, PlayPersonal(ATK1, 1)).endswith(
        f"their {ATK1} on Boss 2 (19 HP).")
    state = GAME.apply(state, 0, AssignTo(0))
    state = GAME.apply(state, 0, Ask(1))
    state = GAME.apply(state, CHANCE, DrawWeapon(w("R2")))
    assert GAME.describe(state, 0, AssignTo(2)).endswith(
        "and Boss HP +1 to Boss 3 (19 HP, now 20).")
    reveal = attrs.evolve(at_wave(2, []), phase=Phase.SOLO_BOSSES)
    assert GAME.describe(reveal, CHANCE, RevealBoss(17)) == (
        "Wave 2: Boss 1 turns face up: 17 HP.")


def test_the_log_says_a_cancel_with_nothing_to_cancel_is_spent_bq40():
    """BQ-40: "with nothing there to cancel or swap, the spell is spent for
    nothing". The play-test: Cancel given to a Boss with no spell was
    logged as given, no word that it did nothing; a Cancel with a spell to
    take is told by the spell it cancels, on that Boss. (Since BQ-40
    follows BQ-11, 2026-12-06, "there" is the whole wave: Boss 2's spell is
    in play whichever Boss takes Cancel; spent for nothing is tested in
    test_cancel_is_spent_for_nothing_only_with_no_spell_in_the_wave_bq40.)"""
    state = at_wave(1, [boss(15), boss(16, spells=(HP1,)), boss(17)],
                    rows=((CANCEL, CANCEL), (), ()))
    state = GAME.apply(state, 0, Ask(1))
    state = GAME.apply(state, CHANCE, DrawWeapon(w("Y5")))
    for given in range(3):
        assert "spent for nothing" not in GAME.describe(state, 0, AssignTo(given))
    state = GAME.apply(state, 0, AssignTo(1))
    assert state.phase is Phase.SOLO_TARGET
    assert GAME.describe(state, 0, TargetSpell(0)).endswith(
        "cancels Boss HP +1 on Boss 2 (17 HP, now 16).")


def test_the_heuristic_bot_finishes_solo_quests():
    """The bot plays the Solo Quest from its view to one of its endings."""
    for seed in range(10):
        options = Options(solo_harder=bool(seed % 2))
        state = play_checked(GAME, [HeuristicBot()], random.Random(seed), options)
        assert state.ending in set(solo.ENDINGS.values())


def test_the_bot_closes_a_gap_with_a_personal_spell():
    state = at_wave(1, [boss(15, "R7", "Y7"), boss(18, "R6", "Y6", "P6")], phase=Phase.SOLO_END)
    legal = GAME.legal_actions(state, 0)
    choice = HeuristicBot().choose(GAME, GAME.view(state, 0), 0, legal, random.Random(0))
    assert choice == PlayPersonal(ATK1, 0)


def test_the_attack_line_says_why_a_matched_boss_failed():
    """BQ §1st Wave, Reference: "Attack strength equals the BOSS card's HP,
    but the SPELL card's condition is not met: the player loses 1 HEART."
    The log says so, naming the condition (as the board does, "unmet:
    ..."), and why each other Boss failed; a single heart is singular."""
    need_blue = Spell(SpellKind.NEED_COLOUR, Colour.BLUE)
    bosses = [boss(15, "R7", "Y5", "P3", spells=(need_blue,)), boss(16, "B7", "B6", "R3"),
              boss(14, "Y7")]
    state = at_wave(1, bosses, phase=Phase.SOLO_END, hearts=3)
    line = GAME.describe(state, 0, Resolve(0))
    assert "15/15 failed (unmet: Need Blue (B))" in line
    assert "16/16 defeated" in line and "7/14 failed (7 short);" in line
    assert line.endswith("1 heart left.")


def test_quest_objective_strictly_equal_and_every_condition():
    """BQ §Solo Quest, 1. Quest Objective: "The game ends if you lose all
    your HEARTS. To defeat a BOSS, your attack strength must be strictly
    equal to its HP, and all the conditions of the SPELL cards activated on
    the BOSSES must be met." One condition met of two is a failure, at the
    MegaBoss too; a heart short of the MegaBoss's HP is one."""
    need_red = spell(SpellKind.NEED_COLOUR, Colour.RED)
    need_blue = spell(SpellKind.NEED_COLOUR, Colour.BLUE)
    bosses = [
        boss(15, "R7", "R6", "Y2", spells=(need_red, NEED_PAIR)),  # 15, both met
        boss(17, "R7", "Y7", "P3", spells=(need_red, NEED_PAIR)),  # 17, red but no pair
        boss(20, "R7", "Y7", "P6"),  # 20 exactly
    ]
    result = GAME.apply(at_wave(1, bosses, phase=Phase.SOLO_END), 0, Resolve(0)).waves[-1]
    assert result.strengths == (15, 17, 20) and result.defeated == (True, False, True)
    megaboss = [boss(cards.MEGABOSS, "R7", "Y7", "P7", "R6", "Y3", spells=(need_blue,))]
    state = at_wave(3, megaboss, phase=Phase.SOLO_END)
    state = GAME.apply(state, 0, Resolve(0))  # 30 exactly, but no blue weapon
    assert state.waves[-1].defeated == (False,) and state.ending == solo.ENDINGS["failed"]
    # the quest also ends with the last heart lost in a wave
    state = GAME.apply(at_wave(1, bosses, phase=Phase.SOLO_END, hearts=1), 0, Resolve(0))
    assert state.phase is Phase.OVER and state.knights[0].hearts == 0


def test_player_text_names_no_ruling_code():
    """The play-test: the log and the results read "(BQ-40)", "(BQ-41)",
    codes of docs/rulings.md a player does not know. BQ-39 (no extensions)
    and BQ-40 (a spell spent for nothing) decide what the rulebook leaves
    open: cited as the in-app rules mark them, "(house ruling BQ-40)".
    BQ-41's (the MegaBoss stands; a heart never the last) only restate the
    rulebook: told in words only."""
    import re

    # a code only as the in-app rules mark it, "(house ruling BQ-40)"
    code = re.compile(r"(?<!house ruling )BQ-\d")
    state = at_wave(1, [boss(15), boss(16), boss(17)], rows=((CANCEL,), (), ()))
    state = GAME.apply(state, 0, Ask(1))
    state = GAME.apply(state, CHANCE, DrawWeapon(w("Y5")))
    line = GAME.describe(state, 0, AssignTo(0))
    assert "(house ruling BQ-40)" in line and not code.search(line)
    state = at_wave(3, [boss(30, "R7", "Y7", "P7", "B6")], phase=Phase.SOLO_END)
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, 0, Resolve(3))
    assert "never your last" in str(refused.value) and not code.search(str(refused.value))
    state = GAME.apply(state, 0, Resolve(0))
    assert state.ending == solo.ENDINGS["failed"]
    assert not any(code.search(note) for note in GAME.outcome(state).notes)
    with pytest.raises(IllegalAction) as refused:
        GAME.setup(1, Options(potions=True))
    assert "(house ruling BQ-39)" in str(refused.value) and not code.search(str(refused.value))


def test_the_log_says_the_swapped_weapon_is_drawn_next_bq49():
    """BQ-49: "Swap with deck" puts the weapon given up on top of the deck,
    so the next weapon drawn is that one. The play-test: the log said only
    "You swap R6 ... with the deck's top card", and R6 came back unforeseen.
    On the wave's last turn the deck is gathered for the next wave, so the
    line says no more."""
    from core.bossquest.actions import TargetWeapon
    from tests.test_bossquest_rules import SWAP_DECK

    state = at_wave(1, [boss(15, "R6"), boss(16), boss(17)], rows=((SWAP_DECK, HP1), (), ()))
    state = GAME.apply(state, 0, Ask(1))
    state = GAME.apply(state, CHANCE, DrawWeapon(w("Y5")))
    state = GAME.apply(state, 0, AssignTo(0))
    assert state.phase is Phase.SOLO_TARGET
    line = GAME.describe(state, 0, TargetWeapon(w("R6")))
    assert line.endswith("R6 goes on top of the deck: it is the next weapon drawn."), line
    state = GAME.apply(state, 0, TargetWeapon(w("R6")))
    state = GAME.apply(state, CHANCE, GAME.chance_outcomes(state)[0][0])
    state = GAME.apply(state, 0, Ask(1))
    assert GAME.chance_outcomes(state) == ((DrawWeapon(w("R6")), 1.0),)
    last = at_wave(1, [boss(15, "R6"), boss(16), boss(17)], rows=((SWAP_DECK,), (), ()))
    last = GAME.apply(last, 0, Ask(1))
    last = GAME.apply(last, CHANCE, DrawWeapon(w("Y5")))
    last = GAME.apply(last, 0, AssignTo(0))
    assert "next weapon" not in GAME.describe(last, 0, TargetWeapon(w("R6")))


def _pad(state):
    return {c.name: c.values[0] for c in GAME.outcome(state).breakdown}


def test_the_score_pad_counts_the_two_waves_and_the_megaboss_apart():
    """BQ §Solo Quest, 1. Quest Objective: "get rid of the 1st then the 2nd
    wave of BOSSES, and finally defeat the MegaBoss". The play-test: both
    waves survived and the MegaBoss standing read "Waves survived 3", as a
    full win; a quest lost in wave 2 read 1. The waves are counted of 2,
    the MegaBoss on a line of its own."""
    survived = (solo.WaveResult(1, (), (), (), (True,) * 3, 0, 3, 0),
                solo.WaveResult(2, (), (), (), (True, True, False), 1, 2, 0))
    state = attrs.evolve(at_wave(3, [boss(30, "R7", "Y7", "P7", "B7", "R1")], phase=Phase.SOLO_END,
                                 hearts=2), waves=survived)
    lost = GAME.apply(state, 0, Resolve(0))
    assert lost.ending == solo.ENDINGS["failed"]
    assert _pad(lost) == {"Waves survived, of 2": 2, "Bosses defeated, of 6": 5,
                          "MegaBoss defeated": 0, "Hearts": 1}
    won = GAME.apply(state, 0, Resolve(1))
    assert won.ending == solo.ENDINGS[1]
    assert _pad(won) == {"Waves survived, of 2": 2, "Bosses defeated, of 6": 5,
                         "MegaBoss defeated": 1, "Hearts": 1}
    in_wave_2 = attrs.evolve(
        at_wave(2, [boss(15), boss(16), boss(17, "R7")], phase=Phase.SOLO_END, hearts=2),
        waves=survived[:1])
    out = GAME.apply(in_wave_2, 0, Resolve(0))
    assert out.ending == solo.ENDINGS["wave-2"]
    assert _pad(out) == {"Waves survived, of 2": 1, "Bosses defeated, of 6": 3,
                         "MegaBoss defeated": 0, "Hearts": 0}


def test_a_boss_keeps_the_spells_used_at_once_on_it_bq47():
    """BQ-47: every spell of a combat is told, those used at once and
    discarded included. Play-test (qa-bq7 finding 1): the wave's attack
    box left out Swap with deck (B2 -> B7) and a Cancel spent for nothing,
    as the Boss kept no trace of them."""
    from core.bossquest.actions import TargetWeapon
    from tests.test_bossquest_rules import SWAP_DECK

    state = at_wave(1, [boss(15, "R6"), boss(16), boss(17)],
                    rows=((SWAP_DECK, CANCEL, HP1), (), ()))
    state = GAME.apply(state, 0, Ask(1))
    state = GAME.apply(state, CHANCE, DrawWeapon(w("Y5")))
    state = GAME.apply(state, 0, AssignTo(0))
    state = GAME.apply(state, 0, TargetWeapon(w("R6")))
    (taken, _), *_ = GAME.chance_outcomes(state)
    state = GAME.apply(state, CHANCE, taken)
    assert state.solo_bosses[0].used == ((SWAP_DECK, (w("R6"), taken.weapon)),)
    # Cancel on a Boss with no spell: spent for nothing (BQ-40), still told
    state = GAME.apply(state, 0, Ask(1))
    state = GAME.apply(state, CHANCE, DrawWeapon(w("R6")))  # on top (BQ-49)
    state = GAME.apply(state, 0, AssignTo(1))
    assert state.solo_bosses[1].used == ((CANCEL, ()),)


# ---------------------------------------------------------------------------
# Cancel and Swap with deck reach every Boss of the wave (BQ-40 as changed
# on 2026-12-06, after BQ-11 and the spell list).


def test_cancel_reaches_a_spell_on_another_boss_of_the_wave_bq11_bq40():
    """BQ spell list, Cancel a spell: "Cancels an activated SPELL card that
    is still in play"; BQ-11: it "may target any activated spell of the
    round". In the Solo Quest every spell on the wave's Bosses is in play
    (BQ-40). The play-test: Cancel given to a Boss with no spell was spent
    for nothing while Boss 2's HP +1 stood."""
    state = at_wave(1, [boss(15), boss(16, spells=(HP1,)), boss(17)], rows=((CANCEL,), (), ()))
    state = GAME.apply(state, 0, Ask(1))
    state = GAME.apply(state, CHANCE, DrawWeapon(w("Y5")))
    state = GAME.apply(state, 0, AssignTo(0))
    assert state.phase is Phase.SOLO_TARGET
    assert GAME.legal_actions(state, 0) == (TargetSpell(0, boss=1),)
    assert GAME.describe(state, 0, TargetSpell(0, boss=1)).endswith(
        "cancels Boss HP +1 on Boss 2 (17 HP, now 16).")
    state = GAME.apply(state, 0, TargetSpell(0, boss=1))
    assert state.solo_bosses[1].spells == () and solo.boss_hp(state.solo_bosses[1]) == 16
    # the pair is kept on the Boss whose spell was cancelled (the board's)
    assert state.solo_bosses[1].cancelled == (HP1, CANCEL)
    assert state.solo_bosses[0].cancelled == () and state.solo_bosses[0].weapons == (w("Y5"),)
    assert {HP1, CANCEL} <= set(state.spell_discard) and state.phase is Phase.SOLO_END


def test_cancel_offers_every_spell_of_the_wave_in_board_order_bq40():
    """BQ-11, BQ-40: any spell in play on any Boss, light or dark, a
    personal spell too (cancelled, it is spent, not discarded). The
    receiving Boss's spells are named by their index alone, as journals
    saved before recorded them (`boss` None)."""
    state = at_wave(1, [boss(15, spells=(NEED_PAIR,)), boss(16, spells=(HP1, HPM1)), boss(17)],
                    rows=((CANCEL,), (), ()))
    state = GAME.apply(state, 0, PlayPersonal(ATK1, 2))
    state = GAME.apply(state, 0, Ask(1))
    state = GAME.apply(state, CHANCE, DrawWeapon(w("Y5")))
    state = GAME.apply(state, 0, AssignTo(1))
    assert GAME.legal_actions(state, 0) == (
        TargetSpell(0, boss=0), TargetSpell(0), TargetSpell(1), TargetSpell(0, boss=2))
    # the receiving Boss named by its number is not a second way to say it
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, TargetSpell(0, boss=1))
    after = GAME.apply(state, 0, TargetSpell(0, boss=2))
    assert after.solo_bosses[2].spells == () and ATK1 not in after.spell_discard
    assert ATK1 not in after.personal and after.solo_bosses[2].cancelled == (ATK1, CANCEL)
    after = GAME.apply(state, 0, TargetSpell(1))
    assert after.solo_bosses[1].spells == (HP1,) and HPM1 in after.spell_discard


def test_cancel_is_spent_for_nothing_only_with_no_spell_in_the_wave_bq40():
    """BQ-40: spent for nothing only when no Boss of the wave has a spell;
    the log says so on the give."""
    state = at_wave(1, [boss(15), boss(16), boss(17)], rows=((CANCEL, HP1), (), ()))
    state = GAME.apply(state, 0, Ask(1))
    state = GAME.apply(state, CHANCE, DrawWeapon(w("Y5")))
    line = GAME.describe(state, 0, AssignTo(1))
    assert line.endswith("to Boss 2 (16 HP). With nothing in play to cancel, "
                         "Cancel a spell is spent for nothing (house ruling BQ-40)."), line
    state = GAME.apply(state, 0, AssignTo(1))
    assert state.phase is Phase.SOLO and state.solo_bosses[1].used == ((CANCEL, ()),)
    assert solo.nothing_to_target(state) == ""  # HP +1 next: nothing to say


def test_swap_with_deck_reaches_a_weapon_on_another_boss_bq40():
    """BQ spell list, Swap with deck: "Swaps one of the WEAPON cards ... of
    the player who activates this spell with the top card of the WEAPON
    deck"; in the Solo Quest every weapon on the wave's Bosses is the
    knight's (BQ-40). The swap is kept on the Boss whose weapon left, and
    the card given up lies on top of the deck (BQ-49)."""
    from tests.test_bossquest_rules import SWAP_DECK

    state = at_wave(1, [boss(15, "R6"), boss(16, "B2"), boss(17)],
                    rows=((SWAP_DECK, HP1), (), ()))
    state = GAME.apply(state, 0, Ask(1))
    state = GAME.apply(state, CHANCE, DrawWeapon(w("Y5")))
    state = GAME.apply(state, 0, AssignTo(2))
    assert GAME.legal_actions(state, 0) == (
        TargetWeapon(w("R6")), TargetWeapon(w("B2")), TargetWeapon(w("Y5")))
    assert GAME.describe(state, 0, TargetWeapon(w("B2"))).startswith(
        "Knight 1 swaps B2 on Boss 2 (16 HP) with the deck's top card.")
    state = GAME.apply(state, 0, TargetWeapon(w("B2")))
    (taken, _), *_ = GAME.chance_outcomes(state)
    state = GAME.apply(state, CHANCE, taken)
    assert state.solo_bosses[1].weapons == (taken.weapon,)
    assert state.solo_bosses[1].used == ((SWAP_DECK, (w("B2"), taken.weapon)),)
    assert state.solo_bosses[2].weapons == (w("Y5"),) and state.solo_bosses[2].used == ()
    assert state.deck_top[0].weapon == w("B2") and state.phase is Phase.SOLO


def test_an_old_journal_line_names_the_receiving_bosss_spell_bq40():
    """Journals saved before BQ-40 changed wrote {"type": "TargetSpell",
    "index": i} for the receiving Boss's spell: it still reads so."""
    from saves.journal import codec

    old = codec(GAME).action({"type": "TargetSpell", "index": 1})
    assert old == TargetSpell(1) and old.boss is None


# --- the quest's end, told whole (the Solo Quest play-test) -----------------------

NEED_Y = Spell(SpellKind.NEED_COLOUR, Colour.YELLOW)
NEED_P = Spell(SpellKind.NEED_COLOUR, Colour.PURPLE)
#: the play-test's final assault: weapons 34 against the MegaBoss's 31 HP
#: (30, Boss HP +1), Need Yellow unmet (no yellow weapon), Need Purple met
PLAYTEST_WEAPONS = ("R1", "P1", "P3", "P7", "R7", "B4", "R3", "B6", "P2")


def playtest_final_assault(hearts=2):
    state = at_wave(3, [boss(30, *PLAYTEST_WEAPONS, spells=(NEED_Y, HP1, NEED_P))],
                    phase=Phase.SOLO_END, hearts=hearts)
    return attrs.evolve(state, personal=())


@pytest.mark.parametrize(("wave", "left"), [(2, 15), (3, 19)])
def test_the_deck_is_not_gathered_when_the_quest_ends_bq39(wave, left):
    """BQ-39: the weapons are gathered and reshuffled at the start of each
    wave; a quest that ends starts none. The play-test: a quest lost in wave
    2 with 15 weapons in the deck and 13 on the Bosses read "Deck: 28", and
    one ended with 19 in the deck and 9 on the MegaBoss too."""
    if wave == 2:
        bosses = [boss(21, "R1", "R2", "R3", "R4", "R5"), boss(19, "P1", "P2", "P3", "P4"),
                  boss(17, "B1", "B2", "B3", "B4")]
    else:
        bosses = [boss(30, *PLAYTEST_WEAPONS)]
    state = attrs.evolve(at_wave(wave, bosses, phase=Phase.SOLO_END, hearts=1), personal=())
    assert GAME.deck_size(state) == left
    over = GAME.apply(state, 0, Resolve(0))
    assert over.phase is Phase.OVER
    assert GAME.deck_size(over) == left
    assert GAME.deck_size(GAME.view(over, 0)) == left
    # a wave that goes on still gathers them (BQ-39)
    going_on = attrs.evolve(at_wave(1, [boss(15, "R7", "Y7", "P1"), boss(16, "R6", "Y6", "P4"),
                                        boss(17, "R5", "Y5", "P7")], phase=Phase.SOLO_END),
                            rows=((), (HP1,), ()))
    nxt = GAME.apply(going_on, 0, Resolve(0))
    assert nxt.wave == 2 and GAME.deck_size(nxt) == len(solo.solo_weapons(nxt.options))


def test_a_missed_attack_names_every_reason():
    """BQ §1st Wave, Reference: a Boss fails to a strength that differs from
    its HP, or to a condition not met; both may hold. The play-test: "33
    against 31 HP, 2 over" left out that Need Yellow was unmet too."""
    state = playtest_final_assault()
    mega = state.solo_bosses[0]
    assert solo.missed_by(mega, 33, 31) == ("2 over", "unmet: Need Yellow (Y)")
    assert solo.missed_by(mega, 31, 31) == ("unmet: Need Yellow (Y)",)
    two = boss(15, "R7", spells=(NEED_Y, NEED_P))
    assert solo.missed_by(two, 7, 15) == ("8 short", "unmet: Need Yellow (Y), Need Purple (P)")
    assert solo.missed_by(boss(15, "Y7", "P1"), 8, 8) == ()


def test_the_final_assaults_note_and_log_give_every_reason_and_the_hearts_bq41():
    """BQ §3. Final Assault ("discard one of your HEARTS to ... subtract 1
    from your total attack strength"), BQ-41. The play-test: weapons 34, a
    heart discarded for -1, 33 against 31 HP with Need Yellow unmet; the
    results said only "33 against 31 HP, 2 over". The note gives the attack
    as made (33) and every reason; the hearts lost say what each was for;
    the log names the heart discarded."""
    state = playtest_final_assault()
    assert solo.boss_strength(state.solo_bosses[0]) == 34
    over = GAME.apply(state, 0, Resolve(-1))
    result = over.waves[-1]
    assert result.strengths == (33,) and result.hearts_lost == 2 and result.hearts_after == 0
    assert GAME.outcome(over).notes[-1] == (
        "The final assault missed the MegaBoss: 33 against 31 HP (2 over; unmet: Need "
        "Yellow (Y)).")
    assert solo.hearts_lost_words(result) == (
        "2 hearts lost (1 discarded for -1, 1 for the failed attack)")
    line = GAME.describe(state, 0, Resolve(-1))
    assert "1 heart discarded for -1; MegaBoss 33/31 failed (2 over; unmet: Need Yellow (Y))" \
        in line, line


def test_the_hearts_lost_say_what_each_was_for_bq41():
    """BQ-41: the final assault's hearts discarded are counted apart from
    the one a failed attack costs; a wave's are one per Boss (BQ §1st Wave)."""
    won = GAME.apply(at_wave(3, [boss(30, "R7", "Y7", "P7", "B7", "R1")], phase=Phase.SOLO_END),
                     0, Resolve(1))
    assert solo.hearts_lost_words(won.waves[-1]) == "1 heart lost (1 discarded for +1)"
    plain = solo.WaveResult(1, (), (), (), (False, True, False), 2, 1, 0)
    assert solo.hearts_lost_words(plain) == "2 hearts lost"
    none = solo.WaveResult(1, (), (), (), (True,) * 3, 0, 3, 0)
    assert solo.hearts_lost_words(none) == "0 hearts lost"


@pytest.mark.parametrize(("codes", "adjust", "hearts", "words"), [
    (("R7", "Y7", "P7", "B7", "R2"), 0, 3, ("Won", "Ennobled", 3)),
    (("R7", "Y7", "P7", "B7", "R1"), 1, 3, ("Won", "General-in-Chief", 2)),
    (("R7", "Y7", "P7", "B7"), 2, 3, ("Won", "Honor Knight", 1)),
    (("R7", "Y7", "P7", "B6"), 0, 3, ("Lost", "The MegaBoss stands", 2)),
    (("R7", "Y7"), 0, 1, ("Lost", "Almost", 0)),
])
def test_the_quests_result_is_its_ending_and_the_hearts_kept(codes, adjust, hearts, words):
    """BQ §3. Final Assault: the Solo Quest has no score; it is won or lost,
    and a won quest's ending is told by the hearts kept ("You finish with 1
    HEART: ... Honor Knight", "2 HEARTS: ... General-in-Chief", "3 HEARTS:
    the King ennobles you"), a lost one's by where it was lost ("Almost",
    BQ-41's MegaBoss that stands). The play-test's results read "#1 Ann
    Score 0", a ranking of one with nothing saying what the score was."""
    state = at_wave(3, [boss(30, *codes)], phase=Phase.SOLO_END, hearts=hearts)
    over = GAME.apply(state, 0, Resolve(adjust))
    assert solo.quest_result(GAME.view(over, 0)) == words
    assert GAME.results_solo is solo.quest_result
    assert solo.quest_result(state) is None  # not over yet


@pytest.mark.parametrize("wave", [1, 2])
def test_a_quest_lost_in_a_wave_is_named_by_the_wave(wave):
    """BQ §1st Wave / 2nd Wave: "If you have no HEARTS left, it's a loss"."""
    state = at_wave(wave, [boss(15), boss(16), boss(17)], phase=Phase.SOLO_END, hearts=2)
    over = GAME.apply(state, 0, Resolve(0))
    assert solo.quest_result(over) == ("Lost", f"Defeated in wave {wave}", 0)
# ---------------------------------------------------------------------------
# A Cancel or Swap with deck given to one Boss and acting on another: the
# Boss it was given to keeps a note of where it went (play-test, 80x24: a
# Cancel given to Boss 3 showed only as "Need R cancelled" on Boss 1).


def test_a_cancel_given_to_one_boss_is_noted_on_it_when_it_takes_another_bosss_bq40():
    """BQ-40: Cancel, whichever Boss its turn gives it to, cancels any spell
    of the wave. The effect stays on the Boss whose spell went; the Boss it
    was given to notes the Cancel and that Boss (its row showed nothing)."""
    state = at_wave(1, [boss(15, spells=(HP1,)), boss(16), boss(17)], rows=((CANCEL, HP1), (), ()))
    state = GAME.apply(state, 0, Ask(1))
    state = GAME.apply(state, CHANCE, DrawWeapon(w("Y5")))
    state = GAME.apply(state, 0, AssignTo(2))
    state = GAME.apply(state, 0, TargetSpell(0, boss=0))
    assert state.solo_bosses[0].cancelled == (HP1, CANCEL)
    assert state.solo_bosses[2].gave == ((CANCEL, 0),)
    assert state.solo_bosses[0].gave == () and state.solo_bosses[1].gave == ()
    # a Cancel that takes a spell on its own Boss notes nothing more
    state = at_wave(1, [boss(15, spells=(HP1,)), boss(16), boss(17)], rows=((CANCEL,), (), ()))
    state = GAME.apply(state, 0, Ask(1))
    state = GAME.apply(state, CHANCE, DrawWeapon(w("Y5")))
    state = GAME.apply(state, 0, AssignTo(0))
    state = GAME.apply(state, 0, TargetSpell(0))
    assert [b.gave for b in state.solo_bosses] == [(), (), ()]


def test_a_swap_with_deck_given_to_one_boss_is_noted_on_it_bq40():
    """BQ-40: Swap with deck swaps any weapon on the wave's Bosses; the swap
    is kept on the Boss whose weapon left (BQ-47), the Boss it was given to
    notes where it went, and the wave's attack keeps both (BQ-47)."""
    from tests.test_bossquest_rules import SWAP_DECK

    state = at_wave(1, [boss(15, "R6"), boss(16, "B2"), boss(17)],
                    rows=((SWAP_DECK,), (), ()))
    state = GAME.apply(state, 0, Ask(1))
    state = GAME.apply(state, CHANCE, DrawWeapon(w("Y5")))
    state = GAME.apply(state, 0, AssignTo(1))
    state = GAME.apply(state, 0, TargetWeapon(w("R6")))
    (taken, _), *_ = GAME.chance_outcomes(state)
    state = GAME.apply(state, CHANCE, taken)
    assert state.solo_bosses[0].used == ((SWAP_DECK, (w("R6"), taken.weapon)),)
    assert state.solo_bosses[1].gave == ((SWAP_DECK, 0),)
    # which of Boss 1's swaps another Boss was given (the board lists each
    # on the row of the Boss it was given to)
    assert state.solo_bosses[0].elsewhere == (0,)
    state = GAME.apply(state, 0, Resolve(0))
    assert state.waves[-1].bosses[1].gave == ((SWAP_DECK, 0),)
    assert state.waves[-1].bosses[0].elsewhere == (0,)


# ---------------------------------------------------------------------------
# Before an attack: the Bosses a personal spell still held could bring to
# their HP exactly (the screen asks before such an attack: a play-test lost
# a heart to an Enter on "Attack!" with Attack +2 in hand).


def test_could_still_match_names_the_bosses_a_personal_spell_could_save():
    """BQ §1st Wave: a Boss defeats you unless your attack is exactly its HP,
    its conditions met; "At any time you may use your personal attack
    SPELLS to adjust your strength". Boss 2, 2 short, could be matched with
    Attack +2; Boss 1 (exact) and Boss 3 (its condition unmet) could not."""
    bosses = [boss(15, "R7", "Y7", "P1"), boss(16, "R7", "Y7"),
              boss(18, "R6", "Y6", "P6", spells=(NEED_PAIR,))]
    state = at_wave(1, bosses, phase=Phase.SOLO_END)
    assert solo.could_still_match(state) == {1: (ATK2,)}
    # 3 short: Attack +1 with Attack +2, the fewest that make it
    state = at_wave(1, [boss(17, "R7", "Y7")], phase=Phase.SOLO_END)
    assert solo.could_still_match(state) == {0: (ATK1, ATK2)}
    # 7 short: no spells held make it up; so with none held
    state = at_wave(1, [boss(21, "R7", "Y7")], phase=Phase.SOLO_END)
    assert solo.could_still_match(state) == {}
    state = attrs.evolve(at_wave(1, [boss(16, "R7", "Y7")], phase=Phase.SOLO_END), personal=())
    assert solo.could_still_match(state) == {}


def test_made_exact_at_once_plays_each_personal_spell_once():
    """BQ §Solo Quest: each personal spell is a card, played once (BQ §1st
    Wave: "At any time you may use your personal attack SPELLS"). Play-test:
    Boss 2 and Boss 3 each 2 short with one Attack +2 held: either could be
    made exact, not both; with Attack +2 and Attack -1, Boss 2 two short and
    Boss 3 one over are both made exact, each with its own spell."""
    bosses = [boss(15, "R7", "Y7", "P1"), boss(16, "R7", "Y7"), boss(16, "R7", "Y7")]
    state = attrs.evolve(at_wave(1, bosses, phase=Phase.SOLO_END), personal=(ATK2,))
    assert solo.could_still_match(state) == {1: (ATK2,), 2: (ATK2,)}
    assert solo.made_exact_at_once(state) == {1: (ATK2,)}
    bosses[2] = boss(13, "R7", "Y7")
    state = attrs.evolve(at_wave(1, bosses, phase=Phase.SOLO_END), personal=(ATK2, ATKM1))
    assert solo.made_exact_at_once(state) == {1: (ATK2,), 2: (ATKM1,)}
    # 3 short and 2 short with +1, +2, -1, -2: +1 +2 make one, nothing left
    # for the other (the -1 and -2 only take away)
    bosses[2] = boss(17, "R7", "Y7")
    state = at_wave(1, bosses, phase=Phase.SOLO_END)
    assert set(solo.could_still_match(state)) == {1, 2}
    assert len(solo.made_exact_at_once(state)) == 1
    assert solo.made_exact_at_once(attrs.evolve(state, personal=())) == {}


def test_could_still_match_counts_the_final_assaults_hearts_bq41():
    """BQ §3. Final Assault, BQ-41: hearts discarded as the knight attacks
    add +1 or -1 each; the attack so made is the one a spell could fix."""
    megaboss = SoloBoss(cards.MEGABOSS, tuple(w(c) for c in ("R7", "Y7", "P7", "B7")))
    state = at_wave(3, [megaboss], phase=Phase.SOLO_END)  # 28 vs 30: 2 short
    assert solo.could_still_match(state, 0) == {0: (ATK2,)}
    assert solo.could_still_match(state, 2) == {}  # exact with two hearts
    assert solo.could_still_match(state, 1) == {0: (ATK1,)}


def test_final_assault_exact_counts_the_spells_with_the_hearts_bq41():
    """BQ §3. Final Assault, BQ-41: hearts discarded as the knight attacks
    add +1 each or -1 each, never the last. Play-test: 33 against 30 HP,
    2 hearts, Attack -2 held: "Attack as you are" lost the quest at once,
    though Attack -2 and a heart for -1 made exactly 30. The play found is
    the one that keeps the most hearts, then the fewest spells."""
    megaboss = SoloBoss(cards.MEGABOSS, tuple(w(c) for c in ("R7", "Y7", "P7", "B7", "R5")))
    state = attrs.evolve(at_wave(3, [megaboss], phase=Phase.SOLO_END, hearts=2),
                         personal=(ATKM2,))
    assert solo.boss_strength(megaboss) - solo.boss_hp(megaboss) == 3  # 33 vs 30
    assert solo.could_still_match(state, 0) == {}  # no spell alone makes it
    assert solo.final_assault_exact(state, 0) == ((ATKM2,), -1)
    assert solo.final_assault_exact(state, -1) == ((ATKM2,), -1)  # 32: Attack -2 then
    # the last heart is never discarded (BQ-41): at 1 heart, nothing to save
    assert solo.final_assault_exact(attrs.evolve(
        state, knights=(attrs.evolve(state.knights[0], hearts=1),)), 0) is None
    # hearts alone are the bar's own choices; with no spell held: None
    assert solo.final_assault_exact(attrs.evolve(state, personal=()), 0) is None
    state = attrs.evolve(state, personal=(ATKM2, ATKM1), knights=(
        attrs.evolve(state.knights[0], hearts=3),))
    assert solo.final_assault_exact(state, 0) == ((ATKM2, ATKM1), 0)  # no heart spent
    # two hearts chosen for -2 (31 against 30): the spells keep both hearts
    assert solo.final_assault_exact(state, -2) == ((ATKM2, ATKM1), 0)
    # Attack -1 held, 3 over: both spare hearts for -1 with it
    assert solo.final_assault_exact(attrs.evolve(state, personal=(ATKM1,)), 0) == ((ATKM1,), -2)
    # the attack as chosen is exact already (32 with 2 hearts for -2): nothing to ask
    near = SoloBoss(cards.MEGABOSS, tuple(w(c) for c in ("R7", "Y7", "P7", "B7", "R4")))
    assert solo.final_assault_exact(attrs.evolve(state, solo_bosses=(near,)), -2) is None
    # a wave is not the final assault
    assert solo.final_assault_exact(at_wave(1, [boss(16, "R7", "Y7")], phase=Phase.SOLO_END)) is None
