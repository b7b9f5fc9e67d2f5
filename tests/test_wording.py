"""Log wording: your own moves in the second person, one stop per sentence,
a spell logged as activated once its target is chosen; and the screen
wording the issue found (a Town's spawn prompt, Overstocked's v)."""

from __future__ import annotations

import random

import attrs
import pytest

from core import GAMES
from core.engine import CHANCE
from core.playout import sample_chance
from core.wording import base_verb, one_stop, second_person
from tests.screen_kit import settle

NAMES = ("Ann", "Bram", "Cora", "Dev")


@pytest.mark.parametrize(
    ("third", "second"),
    [("slides", "slide"), ("refreshes", "refresh"), ("is", "are"), ("carries", "carry"),
     ("reaches", "reach"), ("goes", "go"), ("keeps", "keep"), ("has", "have")],
)
def test_base_verb(third, second):
    assert base_verb(third) == second


def test_your_own_move_reads_in_the_second_person():
    line = "Ann slides the Town from d6 to d2 (their side)."
    assert second_person(line, NAMES[:2], 0) == "You slide the Town from d6 to d2 (your side)."
    # the opponent and a spectator read it as it was
    assert second_person(line, NAMES[:2], 1) == line
    assert second_person(line, NAMES[:2], None) == line


def test_your_side_in_someone_elses_move():
    line = "Bram places a Yeti on c3 (Ann's side)."
    assert second_person(line, NAMES[:2], 0) == "Bram places a Yeti on c3 (your side)."
    assert second_person("Ann's warehouse starts with card 7.", NAMES, 0) == (
        "Your warehouse starts with card 7."
    )


def test_a_second_verb_of_yours_reads_in_the_second_person_too():
    line = "Ann takes Cancel a spell from the Wizard and picks a target."
    assert second_person(line, NAMES[:2], 0) == (
        "You take Cancel a spell from the Wizard and pick a target."
    )
    assert second_person(line, NAMES[:2], 1) == line


def test_every_second_verb_of_yours_agrees_with_you():
    """QA (2026-12-04): "You box card 1 and plays quantum card 5 (with an X)
    instead." and Overseers' "You (Gold) keep ... face down and returns
    Lust (L).": a second verb was reworded only before "a/an/the/it..."."""
    line = "Ann boxes card 1 and plays quantum card 5 (with an X) instead."
    assert second_person(line, NAMES[:2], 0) == (
        "You box card 1 and play quantum card 5 (with an X) instead.")
    line = "Ann (Gold) keeps Lust (L) face down and returns Anger (A)."
    assert second_person(line, NAMES[:2], 0) == (
        "You (Gold) keep Lust (L) face down and return Anger (A).")
    # another sentence of the line keeps its own subject
    line = "Ann deals. Cora keeps a card and gets its points."
    assert second_person(line, NAMES, 0) == "You deal. Cora keeps a card and gets its points."


def test_you_as_the_object_of_someone_elses_move():
    assert second_person("Bram activates Attack -1 on Ann.", NAMES[:2], 0) == (
        "Bram activates Attack -1 on you."
    )
    assert second_person("Bram swaps hidden weapons with Ann.", NAMES[:2], 0) == (
        "Bram swaps hidden weapons with you."
    )
    # not a longer name, not a possessive handled above, not another reader
    assert second_person("Bram plays on Anna.", ("Ann", "Bram", "Anna"), 0) == "Bram plays on Anna."
    assert second_person("Bram activates Attack -1 on Ann.", NAMES[:2], 1) == (
        "You activate Attack -1 on Ann."
    )


def test_only_the_readers_name_changes():
    # a name that starts with the reader's is someone else
    assert second_person("Anna slides a tile.", ("Ann", "Anna"), 0) == "Anna slides a tile."
    # the reader named in a list is not a subject
    line = "Combat vs 16 HP: Ann 28 over, Bram 14. Bram wins the round."
    assert second_person(line, NAMES[:2], 0) == line
    assert second_person("Ann (Gold) keeps P3 face down.", NAMES, 0) == "You (Gold) keep P3 face down."
    assert second_person("Ann is dealt a hidden weapon: R4.", NAMES, 0) == (
        "You are dealt a hidden weapon: R4."
    )


def test_one_stop_per_sentence():
    assert one_stop("The Wizard offers Final turn!.") == "The Wizard offers Final turn!"
    assert one_stop("Ann activates Final turn!. Combat vs 9 HP.") == (
        "Ann activates Final turn! Combat vs 9 HP."
    )
    assert one_stop("Is it 3.5?") == "Is it 3.5?"


def play_lines(game_id: str, seed: int, players: int):
    """Every (state, seat, action) of a random match of `game_id`."""
    game = GAMES[game_id]
    rng = random.Random(seed)
    state = game.setup(players, game.Options())
    out = []
    while game.to_act(state):
        seats = game.to_act(state)
        if CHANCE in seats:
            seat, action = CHANCE, sample_chance(game.chance_outcomes(state), rng)
        else:
            seat = min(seats)
            action = rng.choice(game.legal_actions(state, seat))
        out.append((state, seat, action))
        state = game.apply(state, seat, action)
    return out


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_no_line_ends_twice_and_your_lines_say_you(game_id):
    game = GAMES[game_id]
    players = max(game.players.start, 2)
    names = NAMES[:players]
    yours = 0
    for state, seat, action in play_lines(game_id, 5, players):
        for viewer in (None, *range(players)):
            line = game.describe(state, seat, action, names=names, viewer=viewer)
            assert "!." not in line and "?." not in line, line
            if viewer is not None:
                assert not line.startswith(f"{names[viewer]} "), line
                yours += line.startswith("You ")
            else:
                assert not line.startswith("You "), line
    assert yours > 0


def test_overboss_slide_reads_your_side():
    game = GAMES["overboss-duel"]
    from core.overboss.actions import Slide

    for state, seat, action in play_lines("overboss-duel", 2, 2):
        if isinstance(action, Slide):
            mine = game.describe(state, seat, action, names=NAMES[:2], viewer=seat)
            theirs = game.describe(state, seat, action, names=NAMES[:2], viewer=1 - seat)
            assert mine.startswith("You slide the ")
            assert "their side" not in mine
            assert theirs.startswith(f"{NAMES[seat]} slides the ")
            # the reader's side is "your side", the mover's is named or
            # "their" (a move across the middle names both sides)
            assert f"({NAMES[1 - seat]}'s" not in theirs and f"({NAMES[seat]}'s" not in mine
            return
    pytest.skip("no slide in this match")  # pragma: no cover - seed 2 slides


def test_a_targeted_spell_is_logged_with_its_target():
    from core.bossquest.actions import Activate, TargetKnight, TargetSpell, TargetWeapon

    game = GAMES["boss-quest"]
    seen = 0
    for seed in range(6):
        lines = play_lines("boss-quest", seed, 3)
        for i, (state, seat, action) in enumerate(lines):
            if not isinstance(action, Activate):
                continue
            spell = state.offer[action.slot]
            after = lines[i + 1] if i + 1 < len(lines) else None
            line = game.describe(state, seat, action, names=NAMES[:3], viewer=None)
            targeted = after is not None and after[1] == seat and isinstance(
                after[2], TargetKnight | TargetWeapon | TargetSpell)
            if targeted:
                assert "activates" not in line, line
            if targeted and isinstance(after[2], TargetKnight) and "Swap" not in str(spell):
                seen += 1
                target = game.describe(*after, names=NAMES[:3], viewer=None)
                # on oneself: "on themselves" (not "on Ann")
                on = "themselves" if after[2].seat == seat else NAMES[after[2].seat]
                assert f"activates {spell} on {on}" in target, target
            elif not targeted:
                assert f"activates {spell}" in line, line
    assert seen > 0


# -- screen wording --------------------------------------------------------------------------


async def test_a_towns_spawn_prompt_reads_as_one_sentence():
    from tests.overboss_screen_kit import ScreenApp, make_update
    from tests.overboss_tables import sq
    from tests.screen_kit import screen_text
    from tests.test_tui_overboss import two_square_town

    # (a Town whose hero has two squares: one with a single square spawns
    # there when picked, OD-17)
    app = ScreenApp(make_update(two_square_town()))
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot)
        board = app.game_screen.query_one("#ob-board")
        board.move_to_key(sq("d2"))  # the Town whose hero spawns first
        await pilot.press("enter")
        await pilot.pause()
        text = screen_text(app)
    assert "?," not in text
    assert "pick the square where the hero of the Town on d2 spawns" in text


async def test_overstocked_v_while_the_bots_spot_is_chosen_says_why():
    """Solo: the bot's spot is chosen on its warehouse, which stays; v
    says when it shows the others again (placing your own card, v does)."""
    from tests.overstocked_screen_kit import ScreenApp, make_update
    from tests.test_tui_overstocked import solo_state

    app = ScreenApp(make_update(solo_state(), seat=0, bots=frozenset()))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.game_screen._mode == "nominate"
        await pilot.press("v")
        await pilot.pause()
        notices = [n.message for n in app._notifications]
    assert any("v shows the warehouses again once the bot's card is placed" in n
               for n in notices)


async def test_overstocked_a_new_round_opens_on_your_own_warehouse():
    from tests.overstocked_screen_kit import ScreenApp, make_update, pick_state
    from tests.screen_kit import screen_text

    state = pick_state()
    app = ScreenApp(make_update(state, seat=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.game_screen.set_focus(None)
        await pilot.press("v")
        await pilot.pause()
        assert "Bob's warehouse" in screen_text(app)
        # the same table a round later
        app.game_screen.show(make_update(attrs.evolve(state, round=state.round + 1), seat=0))
        await pilot.pause()
        assert "Your warehouse" in screen_text(app)
