"""A game's key pressed where it does nothing now says why (GameScreen's
`why_key_idle`): each left the footer when it could not be used, and
pressing it anyway was met with nothing, as if not heard. (Overboss Duel's
keys, with their rules in words: tests/test_tui_overboss.py.)"""

from __future__ import annotations

import random

import pytest

from core import CHANCE
from core.overseers import GAME as OVERSEERS
from core.playout import sample_chance
from tests import bossquest_screen_kit as bq
from tests import overseers_screen_kit as ov
from tests import overstocked_screen_kit as os_kit
from tests.screen_kit import settle


def _notes(app) -> list[str]:
    return [n.message for n in app._notifications]


async def _press(app, key: str) -> list[str]:
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press(key)
        await pilot.pause()
        return _notes(app)


async def test_boss_quest_x_away_from_the_wizard_says_where_it_works():
    """Ann chooses how many weapons: x (discard at the Wizard) did nothing."""
    table = bq.FakePort()
    notes = await _press(bq.ScreenApp(bq.make_update(bq.full_state()), table), "x")
    assert len(notes) == 1, notes
    assert notes == ["Not now: x discards the spell chosen at the Wizard."], notes
    assert table.submitted == []


async def test_boss_quest_w_on_another_knights_turn_says_so_with_the_prompt():
    table = bq.FakePort()
    notes = await _press(bq.ScreenApp(bq.make_update(bq.full_state(turn=2)), table), "w")
    assert len(notes) == 1 and notes[0].startswith(
        "Not now: w goes to the Wizard on your turn, instead of asking for weapons."), notes


async def test_overstocked_r_while_choosing_a_card_says_it_turns_a_card_being_placed():
    table = os_kit.FakePort()
    notes = await _press(os_kit.ScreenApp(os_kit.make_update(os_kit.pick_state()), table), "r")
    assert len(notes) == 1 and notes[0].startswith(
        "Not now: r turns the card while you place it."), notes
    assert table.submitted == []


async def test_overseers_b_in_the_draft_says_what_it_is_for():
    rng = random.Random(3)
    state = OVERSEERS.setup(4)
    while CHANCE in OVERSEERS.to_act(state):
        state = OVERSEERS.apply(state, CHANCE, sample_chance(OVERSEERS.chance_outcomes(state), rng))
    from core.overseers.cards import Character

    # characters are secret until the vote (OV-9): Teal is named only to Teal
    for seat in range(4):
        notes = await _press(ov.ScreenApp(ov.make_update(state, seat), ov.FakePort()), "b")
        said = ("Not now: b lets Teal choose the card to move again"
                if state.seats[seat].character is Character.TEAL
                else "b does nothing for your character this round.")
        assert len(notes) == 1 and notes[0].startswith(said), (seat, notes)


async def test_a_spectator_hears_nothing_from_a_game_key():
    """No seat, nothing of theirs to do: the keys stay quiet."""
    notes = await _press(bq.ScreenApp(bq.make_update(bq.full_state(), seat=None), bq.FakePort()),
                         "x")
    assert notes == []


@pytest.mark.parametrize("key, words", [
    ("o", "o uses a companion's power (the Companions extension): not in this match."),
    ("e", "e ends your turn when the Hare could chain on to the Wizard "
          "(the Companions extension): not in this match."),
])
async def test_boss_quest_o_without_companions_says_there_are_none(key, words):
    """BQ §Extension: Companions: o and e are its keys; without it, the note
    said only "o is theirs", not what the key does."""
    notes = await _press(bq.ScreenApp(bq.make_update(bq.full_state()), bq.FakePort()), key)
    assert notes == [words], notes


def _with_companions(mine, spent=frozenset()):
    import attrs

    from core.bossquest.cards import Companion

    state = bq.full_state()
    return attrs.evolve(
        state, options=attrs.evolve(state.options, companions=True),
        companions=(mine, Companion.HARE, Companion.FOX, Companion.TORTOISE), spent=spent)


async def test_boss_quest_o_with_a_companion_of_no_power_to_use_names_it():
    """Play-test: with the Chameleon, o said "o uses your companion's power
    (the Owl's, the Raven's)", as if Ann had one of those."""
    from core.bossquest.cards import Companion

    update = bq.make_update(_with_companions(Companion.CHAMELEON))
    notes = await _press(bq.ScreenApp(update, bq.FakePort()), "o")
    assert notes == ["Your Chameleon has no power to use with o: o is the Owl's and the "
                     "Raven's, on your turn."], notes


async def test_boss_quest_o_once_the_owl_has_looked_says_so():
    from core.bossquest.cards import Companion

    update = bq.make_update(_with_companions(Companion.OWL, frozenset({Companion.OWL})))
    notes = await _press(bq.ScreenApp(update, bq.FakePort()), "o")
    assert notes == ["Your Owl has used its power this round."], notes


async def test_boss_quest_f_outside_the_final_boss_duel_says_where_it_works():
    """A play-test: f (the Final Boss duel's "Fight!") said nothing on an
    ordinary turn. Without the extension there is no duel to fight in; with
    it, f waits for the duel (BQ §Final Boss)."""
    import attrs

    notes = await _press(bq.ScreenApp(bq.make_update(bq.full_state()), bq.FakePort()), "f")
    assert notes == ["No Final Boss in this match: f fights the MegaBoss in its duel."], notes
    state = bq.full_state()
    state = attrs.evolve(state, options=attrs.evolve(state.options, final_boss=True))
    notes = await _press(bq.ScreenApp(bq.make_update(state), bq.FakePort()), "f")
    assert notes == ["Not now: f goes into combat in the Final Boss duel."], notes


async def test_overstocked_a_number_while_placing_says_why_it_does_nothing():
    """Hot-seat play-test (80x24): placing a card, 9 did nothing and said
    nothing, where x and s said "Not now: ...". It says why; not the
    prompt again, which is on screen under the log the notice sits over."""
    table = os_kit.FakePort()
    app = os_kit.ScreenApp(os_kit.make_update(os_kit.place_state()), table)
    prompt = None
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        prompt = app.game_screen.prompt_words()
        await pilot.press("9")
        await pilot.pause()
        notes = _notes(app)
    assert len(notes) == 1 and notes[0].startswith("Not now: the number keys choose "), notes
    assert notes == ["Not now: the number keys choose a card or from a list, not where a "
                     "card goes."], notes
    assert prompt and prompt not in notes[0]
    assert table.submitted == []


async def test_overstocked_e_says_there_is_no_end_turn_to_press():
    """Hot-seat play-test: e (the Duel's End turn) did nothing and said
    nothing in Overstocked, which has no End turn (the game moves on once
    the card is placed and, with incentives, one is taken or not)."""
    table = os_kit.FakePort()
    notes = await _press(os_kit.ScreenApp(os_kit.make_update(os_kit.place_state()), table), "e")
    assert notes == ["No e here: there is no End turn, the game moves on by itself."], notes
    assert table.submitted == []


def _overseers_waiting():
    """Ann has drafted; the others still choose ("waiting for the others")."""
    rng = random.Random(3)
    state = OVERSEERS.setup(4)
    while CHANCE in OVERSEERS.to_act(state):
        state = OVERSEERS.apply(state, CHANCE, sample_chance(OVERSEERS.chance_outcomes(state), rng))
    return OVERSEERS.apply(state, 0, OVERSEERS.legal_actions(state, 0)[0])


NOT_YOURS = "Nothing to choose now: it is not your decision."


@pytest.mark.parametrize("game", ["overseers", "overboss", "bossquest", "overstocked"])
async def test_a_number_key_when_it_is_not_your_decision_says_so(game):
    """A number pressed while others decide was silent in Overseers, Boss
    Quest and Overstocked: every game says what Overboss Duel says."""
    from tests import overboss_screen_kit as ob

    app = {
        "overseers": lambda: ov.ScreenApp(ov.make_update(_overseers_waiting())),
        "overboss": lambda: ob.ScreenApp(ob.make_update(ob.midgame(turn=1))),
        "bossquest": lambda: bq.ScreenApp(bq.make_update(bq.full_state(turn=2))),
        "overstocked": lambda: os_kit.ScreenApp(os_kit.make_update(os_kit.pick_state(), seat=1)),
    }[game]()
    assert app.first_update.legal == () and app.first_update.seat is not None
    notes = await _press(app, "1")
    assert notes == [NOT_YOURS], notes
    assert app.port.submitted == []


async def test_a_spectators_number_key_stays_quiet():
    notes = await _press(bq.ScreenApp(bq.make_update(bq.full_state(), seat=None)), "1")
    assert notes == []


class _HereWithABot(bq.FakePort):
    """Two people at this terminal (Ann, Bob) and a bot (Cyd/Cora, seat 2):
    the bot's turn shows the shared "for everyone" view (seat None)."""

    at_this_terminal = True
    humans = (0, 1)


def _overstocked_bots_turn():
    from core.overstocked import GAME as OVERSTOCKED

    state = os_kit.place_state()
    return OVERSTOCKED.apply(state, 0, OVERSTOCKED.legal_actions(state, 0)[0])


@pytest.mark.parametrize("game", ["bossquest", "overstocked"])
async def test_a_number_key_at_this_terminal_while_a_bot_plays_says_so(game):
    """Play-test: two people and a bot at one terminal; on the bot's turn
    the shared view shows (seat None) and 1 got no answer."""
    import attrs

    update = {
        "bossquest": lambda: bq.make_update(bq.full_state(turn=2), seat=None, thinking=2),
        "overstocked": lambda: os_kit.make_update(_overstocked_bots_turn(), seat=None, thinking=2),
    }[game]()
    update = attrs.evolve(update, bots=frozenset({2}))
    assert update.to_act == frozenset({2})
    app = {"bossquest": bq.ScreenApp, "overstocked": os_kit.ScreenApp}[game](update, _HereWithABot())
    notes = await _press(app, "1")
    assert notes == [NOT_YOURS], notes
    assert app.port.submitted == []
