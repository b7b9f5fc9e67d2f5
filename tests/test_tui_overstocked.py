"""The Overstocked screen: keys give exactly the legal actions, nobody's
hand or secret pick reaches another's screen, the ghost says why a spot is
refused, and the screen reads at 80x24 and 120x36."""

from __future__ import annotations

import io
import random
import re
import unittest.mock
from typing import Any

import attrs
import pytest
from rich.console import Console
from textual.geometry import Size

from core.engine import CHANCE
from core.overstocked import GAME, rules
from core.overstocked.actions import (
    ChooseQuantum,
    Mark,
    Nominate,
    Pass,
    Pick,
    Place,
    TakeIncentive,
)
from core.overstocked.cards import TOYS, Incentive, Piece, Toy
from core.overstocked.state import Options, Phase, State, Where
from core.playout import random_playout
from tests.overstocked_screen_kit import (
    ANN,
    BOB,
    BOB_PICK,
    CYD,
    NAMES,
    ScreenApp,
    make_update,
    pick_state,
    place_state,
    run,
    screen_text,
)
from tests.overstocked_tables import area, deal, dealt_game, pick_all, play, table
from tests.screen_kit import FakePort, settle, settled_text
from tui.screens.game import TableUpdate
from tui.screens.overstocked_area import AreaPane, AreaView, CrateHand

SIZES = [(80, 24), (120, 36)]


def numbers_on(text: str) -> set[int]:
    return {int(n) for n in re.findall(r"(?<![\d(,-])\b\d{1,2}\b(?![\d)])", text)}


# -- choosing a card in secret -----------------------------------------------------


async def test_a_card_is_chosen_with_enter_then_confirmed():
    update = make_update(pick_state())
    submitted, text, _ = await run(update, keys=["enter"])
    assert submitted == []  # the first Enter only asks to confirm
    assert "Play card 5?" in text
    submitted, _, _ = await run(update, keys=["enter", "enter"])
    assert submitted == [(0, Pick(5))]


@pytest.mark.parametrize(("keys", "card"), [
    (["2", "0", "enter"], 20),
    (["right", "right", "right", "enter", "enter"], 24),
    (["3", "7", "enter"], 37),
    (["5", "enter"], 5),
    (["1", "2", "left", "enter", "enter"], 5),
])
async def test_pick_keys(keys, card):
    update = make_update(pick_state())
    submitted, _, _ = await run(update, keys=keys)
    assert submitted == [(0, Pick(card))]
    assert Pick(card) in update.legal


async def test_a_number_past_the_hand_says_which_keys_choose():
    """Play-test: 9 with fewer cards in hand did nothing and said nothing;
    now a number no card in hand has says which numbers there are."""
    update = make_update(pick_state())
    submitted, _, notes = await run(update, keys=["9"], after=lambda screen: [
        n.message for n in screen.app._notifications])
    assert submitted == []
    assert ("No card 9 in your hand: type one of 5, 12, 20, 24, 28, 37 (or ←→), "
            "then Enter; Esc lets the number go.") in notes, notes


async def test_a_card_is_picked_by_its_number_not_its_place():
    """Play-test: the hand shows the cards' numbers ("5 12 20 24 28 37"),
    and 4 picked the 4th card (24), where a player meant a number on
    screen. Digits typed make the card's number; a digit that starts no
    number of the hand after the first starts a new one."""
    update = make_update(pick_state())

    def pending(screen):
        hand = screen.query_one("#os-hand", CrateHand)
        return None if hand.pending is None else hand.cards[hand.pending].text

    _, text, waiting = await run(update, keys=["2"], after=pending)
    assert waiting is None  # 2 starts 20, 24 and 28: the next digit tells
    _, text, waiting = await run(update, keys=["2", "8"], after=pending)
    assert waiting == "28" and "Play card 28?" in text
    _, _, waiting = await run(update, keys=["2", "5"], after=pending)
    assert waiting == "5"  # no 25: 5 is a number of its own
    submitted, _, _ = await run(update, keys=["3", "7", "enter"])
    assert submitted == [(0, Pick(37))]
    _, _, notes = await run(update, keys=["3", "7", "9"], after=lambda screen: [
        n.message for n in screen.app._notifications])
    assert notes and notes[-1].startswith("No card 9 in your hand")  # not "379"


async def test_a_number_not_in_hand_leaves_the_cursor_where_it_was():
    """Play-test: with card 30 in hand, 3 then 8 said "No card 38", but the
    3 had moved the cursor to 30, and Enter then asked "Play card 30?", a
    card the player never asked for. The cursor goes back where it stood
    before the number was begun."""
    update = make_update(pick_state())  # 5 12 20 24 28 37

    def cursor(screen):
        hand = screen.query_one("#os-hand", CrateHand)
        return hand.cards[hand.cursor].text, hand.pending

    _, _, at = await run(update, keys=["right", "right", "3", "8"], after=cursor)
    assert at == ("20", None)
    _, text, _ = await run(update, keys=["right", "right", "3", "8", "enter"])
    assert "Play card 37?" not in text
    # a whole number, then a digit that starts none: nothing stays armed
    # (the regression sweep: with card 3 held, 3 then 8 armed card 3, and
    # one Enter played it)
    _, _, at = await run(update, keys=["3", "7", "9"], after=cursor)
    assert at == ("5", None)
    _, text, _ = await run(update, keys=["right", "5", "9", "escape", "enter"])
    assert "Play card 12?" in text and "Play card 5?" not in text


async def test_enter_right_after_a_refused_number_does_not_take_the_highlight():
    """Play-test at 80x24: "9 9" said "No card 9 in your hand: type one of
    1, 12, 13, 16, 32", and the Enter that followed asked "Play card 1?" of
    the highlighted card, one never asked for. The refused number stays
    until Esc, an arrow or another digit: Enter says the refusal again and
    arms nothing."""
    update = make_update(pick_state())  # 5 12 20 24 28 37

    def state(screen):
        hand = screen.query_one("#os-hand", CrateHand)
        return hand.pending, [n.message for n in screen.app._notifications]

    submitted, text, (pending, notes) = await run(update, keys=["9", "9", "enter"], after=state)
    assert submitted == [] and pending is None
    assert "Play card 5?" not in text
    assert notes and notes[-1].startswith("No card 9 in your hand"), notes
    assert "Esc" in notes[-1]  # it says how to let it go
    # a second Enter does not play it either
    submitted, text, (pending, _) = await run(update, keys=["9", "enter", "enter"], after=state)
    assert submitted == [] and pending is None and "Play card 5?" not in text
    # Esc lets the number go: Enter then takes the highlighted card
    _, text, (pending, _) = await run(update, keys=["9", "escape", "enter"], after=state)
    assert pending == 0 and "Play card 5?" in text
    # an arrow does too, as a number typed next does
    _, text, _ = await run(update, keys=["9", "right", "enter"])
    assert "Play card 12?" in text
    _, text, _ = await run(update, keys=["9", "2", "4", "enter"])
    assert "Play card 24?" in text


async def test_escape_cancels_the_confirmation():
    update = make_update(pick_state())
    submitted, text, _ = await run(update, keys=["2", "4", "escape", "enter"])
    assert submitted == []
    assert "Play card 24?" in text  # Enter after a cancel asks again


@pytest.mark.parametrize("size", SIZES)
async def test_no_other_hand_or_secret_pick_reaches_the_screen(size):
    update = make_update(pick_state())
    _, text, shown = await run(update, size=size, after=lambda screen: [
        c.text for c in screen.query_one("#os-hand", CrateHand).cards])
    hidden = set(BOB) | set(CYD) | {BOB_PICK}
    assert not numbers_on(text) & hidden, numbers_on(text) & hidden
    assert shown == [str(c) for c in ANN]
    assert "chose ✓" in text  # Bob has chosen: that much is public


async def test_the_screen_is_the_same_whatever_the_others_hold():
    """Two tables differing only in Bob's and Cyd's hidden cards draw the
    same screen for Ann."""
    one = pick_state()
    bob, cyd = one.seats[1], one.seats[2]
    deck = list(one.deck)
    swapped = attrs.evolve(
        one,
        seats=(one.seats[0], attrs.evolve(bob, hand=tuple(sorted(deck[:5])), pick=deck[5]),
               attrs.evolve(cyd, hand=tuple(sorted(deck[6:12])))),
        deck=tuple(sorted(deck[12:] + list(bob.hand) + [BOB_PICK] + list(cyd.hand))),
    )
    _, a, _ = await run(make_update(one))
    _, b, _ = await run(make_update(swapped))
    assert a == b


async def test_my_own_pick_stays_on_my_screen_while_the_others_choose():
    state = GAME.apply(pick_state(), 0, Pick(24))
    update = make_update(state)
    assert update.legal == ()
    _, text, _ = await run(update, keys=["enter", "enter"])
    assert "Your card: 24" in text
    assert "Waiting for" in text and "Cyd" in text


async def test_the_reveal_and_the_turn_order_are_shown():
    state = place_state()
    update = make_update(state, seat=1)  # Bob watches Ann play first
    _, text, _ = await run(update)
    assert "#1 20" in text and "#2 27" in text and "#3 42" in text


async def test_a_screen_opened_mid_round_shows_the_same_turn_order():
    """OS-12: the turn order comes from the view, so a screen that watched
    the reveal and one opened after Ann played (a resumed match, a spectator
    joining) show the same: Ann done with 20, Cyd second, Bob third."""
    state = place_state()
    later = play(state, 0, next(a for a in GAME.legal_actions(state, 0)
                                if isinstance(a, Place) and a.where is Where.POPULARITY))
    _, watched, _ = await run(make_update(state, seat=None),
                              before=lambda screen: screen.show(make_update(later, seat=None)))
    _, opened, _ = await run(make_update(later, seat=None))
    for text in (watched, opened):
        assert "Ann done 20" in text and "Cyd #2 27" in text and "Bob #3 42" in text
        assert "Revealed: Ann 20, Cyd 27, Bob 42" in text


# -- placing ------------------------------------------------------------------------


async def test_enter_places_on_a_legal_spot():
    update = make_update(place_state())
    submitted, text, _ = await run(update, keys=["enter"])
    assert len(submitted) == 1
    seat, action = submitted[0]
    assert seat == 0 and action in update.legal and action.where is Where.WAREHOUSE


@pytest.mark.parametrize("keys", [
    ["r", "n", "enter"],
    ["n", "n", "n", "enter"],
    ["r", "r", "r", "N", "enter"],
    ["p", "enter"],
    ["tab", "n", "enter"],
])
async def test_placing_keys_give_legal_actions(keys):
    update = make_update(place_state())
    submitted, _, _ = await run(update, keys=keys)
    assert len(submitted) == 1 and submitted[0][1] in update.legal


async def test_p_puts_the_ghost_over_the_popularity():
    update = make_update(place_state())
    submitted, text, _ = await run(update, keys=["p", "enter"])
    assert submitted[0][1].where is Where.POPULARITY
    submitted, _, _ = await run(update, keys=["p", "w", "enter"])
    assert submitted[0][1].where is Where.WAREHOUSE


async def test_rotating_turns_the_ghost():
    update = make_update(place_state())

    def rotation(screen):
        return screen.query_one("#os-wh", AreaView).rotation

    _, text, turned = await run(update, keys=["r"], after=rotation)
    assert turned == 1 and "turned ¼" in text
    _, text, turned = await run(update, keys=["r", "r", "r", "r"], after=rotation)
    assert turned == 0


async def test_c_shows_what_lies_under_the_ghost():
    """Play-test at 80x24: over your warehouse the ghost hid the spaces
    under it, and only the prompt said "covers 2 toys": which toys, and
    where, could not be seen. c draws what lies under the ghost (its heavy
    edges kept), the toys it would cover struck through, and c again the
    card; the bar says so. The letters are there in no colour too."""
    state = place_state()  # Ann places card 20 in her warehouse (card 9)
    update = make_update(state)
    port = FakePort()
    app = ScreenApp(update, port)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.game_screen
        wh = screen.query_one("#os-wh", AreaView)
        ghost = dict(wh.ghost.cells)

        def faces() -> dict[tuple[int, int], tuple[str, bool]]:
            out = {}
            for xy in ghost:
                seg = wh._face_seg(*xy, 1, underline=False)
                out[xy] = (seg.text.strip(), bool(seg.style and seg.style.strike))
            return out

        under = state.seats[0].warehouse.grid
        assert "c See under" in screen_text(app)
        card = faces()
        assert all(letter == ghost[xy].replace(".", "·").strip() or ghost[xy] == "?"
                   for xy, (letter, _) in card.items()), (card, ghost)
        await pilot.press("c")
        await pilot.pause()
        peeked = faces()
        covered = [xy for xy in ghost if under.get(xy, " ") in "PFYBQ" and xy in under]
        assert covered  # the spot covers a toy or two
        for xy, (letter, struck) in peeked.items():
            assert letter == (under[xy] if xy in under else ""), (xy, letter, under.get(xy))
            assert struck == (xy in covered), (xy, struck)
        assert "c See card" in screen_text(app)
        await pilot.press("c")
        await pilot.pause()
        assert faces() == card
        await pilot.press("c", "enter")  # placing while looking under places as ever
        await pilot.pause()
    assert len(port.submitted) == 1 and port.submitted[0][1] in update.legal


async def test_at_80_columns_the_card_being_placed_marks_its_worker_reversed():
    """Play-test at 80 columns: the card being placed drew its worker as a
    lower-case letter only, where F1 says a worker is "lower case, shown
    reversed or with ☻" (at 100 columns it shows p☻), and its Pocket Petz
    in plain blue, hard to read on a dark terminal. A worker is reversed
    there, as on the board; the other toys are not."""
    state = pick_all(pick_state(), {0: 24, 2: 27})  # Ann places card 24, a worker on it
    app = ScreenApp(make_update(state), FakePort())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        wh = app.game_screen.query_one("#os-wh", AreaView)
        assert wh.cell_size == (2, 1)  # a space one letter wide: no room for ☻
        ghost = dict(wh.ghost.cells)
        assert "y" in ghost.values()
        for xy, ch in ghost.items():
            seg = wh._face_seg(*xy, 1, underline=False)
            assert seg.text.strip() == ch.replace(".", "·")
            assert bool(seg.style and seg.style.reverse) == ch.islower(), (ch, seg.style)
            if ch.upper() == "P":
                assert seg.style.color.name == "bright_blue", seg.style  # not plain blue


def _ghost(screen) -> tuple[Where, tuple[int, int] | None, int]:
    """The area the ghost is over, its spot and its turn."""
    view = screen.query_one("#os-pop" if screen._where is Where.POPULARITY else "#os-wh",
                            AreaView)
    return screen._where, view.spot, view.rotation


@pytest.mark.parametrize("keys", [["r", "n", "enter"], ["p", "r", "n", "n", "enter"]])
async def test_a_placement_taken_back_leaves_the_ghost_where_it_was_placed(keys):
    """Play-test (2 players vs hard, 80x24, round 3): r, n, Enter placed the
    card turned; u took it back, and the ghost stood at its first spot
    again, unturned: a player who took it back to nudge it a square had to
    find the spot again. It stands where the card went, turned so, in the
    same area (the popularity too)."""
    state = place_state()
    update = make_update(state)
    port = FakePort()
    app = ScreenApp(update, port)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.game_screen
        first = _ghost(screen)
        for key in keys:
            await pilot.press(key)
        [(_, placed)] = port.submitted
        assert (placed.where, (placed.x, placed.y), placed.rotation) != first
        screen.show(make_update(play(state, 0, placed)))  # placed: the others' turn
        await pilot.pause()
        screen.show(make_update(state))  # taken back (u)
        await pilot.pause()
        assert _ghost(screen) == (placed.where, (placed.x, placed.y), placed.rotation)
        await pilot.press("enter")
        assert port.submitted[-1][1] == placed


async def test_a_new_placement_does_not_start_where_the_last_card_went():
    """Only a take-back puts the ghost back: the next player's card at
    this terminal (another seat) starts at its own first spot."""
    state = place_state()
    port = FakePort()
    app = ScreenApp(make_update(state), port)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.game_screen
        for key in ("r", "n", "enter"):
            await pilot.press(key)
        [(_, placed)] = port.submitted
        after = play(state, 0, placed)
        screen.show(make_update(after))
        await pilot.pause()
        fresh = ScreenApp(make_update(after, seat=2), FakePort())
        async with fresh.run_test(size=(80, 24)) as other:
            await other.pause()
            expected = _ghost(fresh.game_screen)
        screen.show(make_update(after, seat=2))  # Cyd's turn, at this terminal
        await pilot.pause()
        assert _ghost(screen) == expected


async def test_the_ghost_says_why_a_spot_is_refused():
    """The popularity's card 6 has a worker at (2, 0): a card over it is
    refused, the prompt says why, and Enter submits nothing."""
    update = make_update(place_state())

    def over_the_worker(screen):
        screen.action_area("popularity")
        view = screen.query_one("#os-pop", AreaView)
        view.move_to_key((0, 0))

    submitted, text, app = await run(update, keys=["enter"], before=over_the_worker)
    assert submitted == []
    assert "covers a worker" in text
    assert "×" in text  # the ghost's edge: not here


@pytest.mark.parametrize("size", [(80, 24), (160, 48)], ids=["80x24", "160x48"])
@pytest.mark.parametrize("where", ["fits", "refused"])
async def test_the_placing_prompt_breaks_between_its_parts(size, where):
    """Play-test at 80 columns: the placing prompt wrapped at any space,
    "... Enter places · r" on one line and "turns" on the next (or "n next"
    and "of 30 spots"). Each key stays with what it does."""
    update = make_update(place_state())

    def turned(screen):
        if where == "refused":  # over the popularity's worker
            screen.action_area("popularity")
            screen.query_one("#os-pop", AreaView).move_to_key((0, 0))

    keys = ["r", "n"] if where == "fits" else ["r"]  # n: the next spot that fits
    submitted, text, region = await run(
        update, size=size, keys=keys, before=turned,
        after=lambda screen: screen.query_one("#os-prompt").region)
    lines = [line[region.x:region.right].strip()
             for line in text.splitlines()[region.y:region.bottom]]
    assert "turned ¼" in lines[0]
    assert any(line.endswith("r turns") for line in lines), lines
    part = r"✓ fits, covers \d toys?\. Enter places ·" if where == "fits" else r"n next of \d+ spots"
    assert any(re.search(part, line) for line in lines), lines
    for line in lines:
        assert line.split()[-1] not in ("r", "n", "Enter"), lines


async def test_the_placing_prompt_counts_the_spots_n_visits():
    """Play-test, 80x24: "n next of 42 spots" counted every turn of the
    card, while n visits only the spots of the ghost's turn (10 of them):
    a player thought they had seen every spot. The count is of the spots
    n visits, the total with turns said beside it."""
    update = make_update(place_state())
    spots = [(a.x, a.y, a.rotation) for a in update.legal
             if isinstance(a, Place) and a.where is Where.POPULARITY]
    app = ScreenApp(update, FakePort())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.game_screen
        screen.action_area("popularity")
        view = screen.query_one("#os-pop", AreaView)
        view.move_to_key((0, 0))  # over the worker: refused
        await pilot.pause()
        turned = [s for s in spots if s[2] == view.rotation]
        assert 0 < len(turned) < len(spots)
        prompt = str(screen.query_one("#os-prompt").render())
        assert f"n next of {len(turned)} spots ({len(spots)} with turns)" in " ".join(
            prompt.split()), prompt
        visited = set()
        for _ in range(len(spots)):
            await pilot.press("n")
            visited.add((*view.spot, view.rotation))
        assert visited == set(turned)


@pytest.mark.parametrize("key", ["left", "up"])
async def test_an_arrow_at_the_edge_says_why_the_ghost_stays(key):
    """Play-test, 80x24: Left moved the ghost one crate, then did nothing,
    with no × and no word. At the edge of the board the prompt says why it
    goes no further; once the ghost moves again, it no longer does."""
    update = make_update(place_state())
    word = f"No further {key}: it would cover nothing there."
    _, text, spot = await run(update, keys=[key] * 4,
                              after=lambda screen: screen.query_one("#os-wh", AreaView).spot)
    assert word in text
    back = {"left": "right", "up": "down"}[key]
    _, text, moved = await run(update, keys=[key] * 4 + [back],
                               after=lambda screen: screen.query_one("#os-wh", AreaView).spot)
    assert moved != spot
    assert "No further" not in text


async def test_the_edge_note_goes_with_the_card():
    """Play-test, 80x24: the card stopped at the edge was placed, and the
    forklift placed next read "No further right" before any key."""
    from tests.screen_kit import settled_text

    state = place_state(Options(forklifts=True))
    placed = play(state, 0, next(a for a in GAME.legal_actions(state, 0)
                                 if isinstance(a, Place) and a.where is Where.WAREHOUSE))
    assert placed.phase is Phase.FORKLIFT
    app = ScreenApp(make_update(state), FakePort())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for _ in range(4):
            await pilot.press("right")
        assert "No further right" in await settled_text(app, pilot)
        app.game_screen.show(make_update(placed))
        text = await settled_text(app, pilot)
    assert "Forklift L3 over your warehouse" in text
    assert "No further" not in text


async def test_covering_three_toys_is_refused_with_its_reason():
    update = make_update(place_state())

    def over_three(screen):
        view = screen.query_one("#os-wh", AreaView)
        view.move_to_key((0, 0))  # over the whole warehouse card: 5 toys, a worker
        while view.rotation != 0:
            view.rotate(1)

    _, text, _ = await run(update, before=over_three)
    assert "covers a worker" in text or "covers 5 toys" in text


async def test_the_preview_shows_the_score_after_the_ghost():
    update = make_update(place_state())
    _, text, after = await run(update, after=lambda screen: screen._after)
    assert after is not None
    assert "→" in text and "Total" in text


async def test_nothing_is_offered_on_someone_elses_turn():
    update = make_update(place_state(), thinking=None, seat=1)
    submitted, text, _ = await run(update, keys=["enter", "r", "x", "1", "p", "enter"])
    assert submitted == []
    assert "Ann's turn" in text


async def test_a_click_moves_the_ghost_and_a_second_click_places():
    update = make_update(place_state())
    from tests.overstocked_screen_kit import FakePort, ScreenApp

    fake = FakePort()
    app = ScreenApp(update, fake)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot)
        view = app.game_screen.query_one("#os-wh", AreaView)
        spot = view.spot
        target = next(a for a in update.legal if isinstance(a, Place)
                      and a.where is Where.WAREHOUSE and a.rotation == view.rotation
                      and (a.x, a.y) != spot)
        row, col = view.position_of((target.x, target.y))
        region = view.cells_region(range(row, row + 1), range(col, col + 1))
        offset = (region.x + 1, region.y)
        await pilot.click(view, offset=offset)
        await pilot.pause()
        assert view.spot == (target.x, target.y)
        assert fake.submitted == []
        await pilot.click(view, offset=offset)
        await pilot.pause()
        assert fake.submitted == [(0, target)]


# -- the expansions' steps ----------------------------------------------------------------


def quantum_state():
    return place_state(Options(quantum=True))


async def test_quantum_choice_keys():
    state = quantum_state()
    assert state.phase is Phase.QUANTUM
    update = make_update(state)
    # QA (2026-12-04): 2 only highlighted here, under the footer's "1-6
    # Choose", while the X mark's and the incentive's numbers chose at
    # once; a number chooses at once, as in every list of the app
    submitted, text, _ = await run(update, keys=["2"])
    assert submitted == [(0, ChooseQuantum(2))]
    assert "quantum" in text.lower()
    submitted, _, _ = await run(update, keys=["enter"])
    assert submitted == [(0, ChooseQuantum(1))]
    submitted, _, _ = await run(update, keys=["right", "enter"])
    assert submitted == [(0, ChooseQuantum(2))]


async def test_a_quantum_card_is_chosen_by_its_own_number():
    """Play-test, 80x24: late in a match the choices read "Q1 Q4" and the
    prompt said "1-2"; 4 chose nothing and 2 chose Q4. The number on the
    card chooses it, and the prompt and the footer name those numbers."""
    state = attrs.evolve(quantum_state(), quantum_supply=(1, 4))
    update = make_update(state)
    submitted, text, _ = await run(update, keys=["4"])
    assert submitted == [(0, ChooseQuantum(4))]
    submitted, text, _ = await run(update, keys=["2"])
    assert submitted == []
    assert "1 or 4, or ←→ then Enter" in text
    assert "1,4 Choose" in text


async def test_idle_keys_in_the_quantum_picker_say_why():
    """Play-test: 3 with Q3 gone, 9, r and p in the quantum
    picker seemed to do nothing; each says why and what to do."""
    update = make_update(attrs.evolve(quantum_state(), quantum_supply=(1, 2, 4, 6)))

    def notes(screen):
        return [n.message for n in screen.app._notifications]

    said = {}
    for key in ("3", "9", "r", "p"):
        submitted, _, said[key] = await run(update, size=(120, 36), keys=[key], after=notes)
        assert submitted == []
    assert said["3"] == ["Quantum card 3 is taken already: press 1, 2, 4 or 6."]
    assert said["9"] == ["9 chooses nothing here: press 1, 2, 4 or 6."]
    # (what to do is the prompt under the log the notice sits over)
    assert said["r"] == ["Not now: r turns the card while you place it."]
    assert said["p"][0].startswith("Not now: p and w switch")


async def test_quantum_card_places_and_x_marks():
    state = play(quantum_state(), 0, ChooseQuantum(2))
    update = make_update(state)
    submitted, text, _ = await run(update, keys=["enter"])
    assert "Quantum card Q2" in text
    place = submitted[0][1]
    assert isinstance(place, Place)
    marked = play(state, 0, place)
    assert marked.phase is Phase.MARK
    submitted, text, _ = await run(make_update(marked), keys=["3"])
    assert submitted == [(0, Mark(Toy.YO_YOS))]
    assert "put an X" in text


def mark_state():
    state = play(quantum_state(), 0, ChooseQuantum(2))
    place = next(a for a in GAME.legal_actions(state, 0) if isinstance(a, Place))
    state = play(state, 0, place)
    assert state.phase is Phase.MARK
    return state


@pytest.mark.parametrize("size", SIZES)
async def test_the_x_mark_choices_preview_the_score(size):
    """Each X choice says what it does to Ann's total now, and the preview
    panel follows the highlighted one."""
    state = mark_state()
    update = make_update(state)
    before = GAME.sheet(state).seats[0].total
    changes = {toy: GAME.sheet(play(state, 0, Mark(toy))).seats[0].total - before
               for toy in (Toy.POCKET_PETZ, Toy.FURBALLS, Toy.YO_YOS, Toy.BEAN_BEARS)}
    assert any(changes.values())

    def labels(screen):
        bar = screen.query_one("#os-actions")
        return [c.label for c in bar.choices], screen._after

    _, text, (shown, after) = await run(update, size=size, keys=["right", "right"],
                                        after=labels)
    for label, change in zip(shown, changes.values(), strict=True):
        # a change to the total, worded so at every size (not a score)
        assert (f"({change:+d} to you)" if change else "(±0 to you)") in label
    assert after is not None
    assert after.seats[0].total == before + changes[Toy.YO_YOS]  # the highlighted one
    if changes[Toy.YO_YOS]:
        assert f"Total {before} → {before + changes[Toy.YO_YOS]}" in text


def forklift_state():
    state = place_state(Options(forklifts=True))
    place = next(a for a in GAME.legal_actions(state, 0)
                 if isinstance(a, Place) and a.where is Where.WAREHOUSE)
    state = play(state, 0, place)
    assert state.phase is Phase.FORKLIFT
    return state


async def test_forklift_keys():
    update = make_update(forklift_state())
    submitted, text, _ = await run(update, keys=["x"])
    assert submitted == [(0, Pass())]
    submitted, text, _ = await run(update, keys=["r", "n", "enter"])
    assert len(submitted) == 1 and submitted[0][1] in update.legal
    assert "Forklift L3" in text


async def test_a_forklifts_points_show_beside_the_total_they_change():
    """OS-6: a placed forklift scores its points at the end; the preview's
    toy rows leave them out, so the extras line says how they change, and
    the rows and extras add up to the total shown."""
    update = make_update(forklift_state())

    def numbers(screen):
        sheet, after = screen._sheet(screen._view), screen._after
        return sheet.seats[0], after.seats[0] if after is not None else None

    _, text, (mine, after) = await run(update, size=(120, 36), after=numbers)
    assert after is not None and after.total != mine.total
    extra = mine.total - sum(r.points for r in mine.toys)
    extra_after = after.total - sum(r.points for r in after.toys)
    assert extra_after != extra
    assert f"Extras {extra:+} → {extra_after:+}" in text
    assert f"Total {mine.total} → {after.total}" in text


def incentive_state():
    state = place_state(Options(incentives=True))
    place = next(a for a in GAME.legal_actions(state, 0) if isinstance(a, Place))
    state = play(state, 0, place)
    assert state.phase is Phase.INCENTIVE
    return state


@pytest.mark.parametrize(("keys", "action"), [
    (["1"], TakeIncentive(Incentive.POCKET_PETZ)),
    (["4"], TakeIncentive(Incentive.BEAN_BEARS)),
    (["x"], Pass()),
    (["enter"], TakeIncentive(Incentive.POCKET_PETZ)),
    (["right", "enter"], TakeIncentive(Incentive.FURBALLS)),
])
async def test_incentive_keys(keys, action):
    update = make_update(incentive_state())
    submitted, text, _ = await run(update, keys=keys)
    assert submitted == [(0, action)]


async def test_the_incentive_choices_say_what_each_does_to_your_total():
    """Mini-expansion "Incentives": a token taken is scored at once (the
    largest areas of its toy multiplied). Each choice says what it adds to
    the total, worded as the X marks are: "(3 now)" read as a count."""
    state = incentive_state()
    update = make_update(state)
    before = GAME.sheet(state).seats[0].total
    tokens = [a for a in update.legal if isinstance(a, TakeIncentive)]

    def labels(screen):
        return [c.label for c in screen.query_one("#os-actions").choices]

    _, _, shown = await run(update, after=labels)
    for action, label in zip(tokens, shown, strict=False):
        change = GAME.sheet(play(state, 0, action)).seats[0].total - before
        assert (f"({change:+d} to you)" if change else "(±0 to you)") in label, label
        assert " now)" not in label
    assert shown[-1] == "No incentive"


async def test_a_card_that_fits_nowhere_can_only_go_back_to_the_box():
    """OS-13: when the table offers only Pass while placing, x returns the
    card (the screen reads the legal actions, not the areas)."""
    update = attrs.evolve(make_update(place_state()), legal=(Pass(),))
    submitted, text, _ = await run(update, keys=["x"])
    assert submitted == [(0, Pass())]
    assert "fits nowhere" in text


def solo_state():
    state = dealt_game(2, Options(solo=True))
    hand = state.seats[0].hand
    state = play(state, 0, Pick(hand[0]))
    place = next(a for a in GAME.legal_actions(state, 0) if isinstance(a, Place))
    state = play(state, 0, place)
    if state.phase is Phase.BOT_DRAW:
        state = deal(state, state.deck[0])
        state = play(state, 0, Pick(state.seats[0].hand[0]))
        place = next(a for a in GAME.legal_actions(state, 0) if isinstance(a, Place))
        state = play(state, 0, place)
    assert state.phase is Phase.NOMINATE
    return state


async def test_solo_nomination_keys():
    state = solo_state()
    update = make_update(state, bots=frozenset())
    spots = [a for a in update.legal if isinstance(a, Nominate)]
    submitted, text, _ = await run(update, keys=["enter"])
    assert submitted == [(0, spots[0])]
    assert "The bot's warehouse" in text
    submitted, _, _ = await run(update, keys=["2"])  # at once (QA 2026-12-04)
    assert submitted == [(0, spots[1])]
    submitted, _, _ = await run(update, keys=["right", "right", "enter"])
    assert submitted == [(0, spots[2])]


def solo_forced_spot_state() -> State:
    """Solo, the bot's spot when only one is left (its sixth card)."""
    rng = random.Random(4)
    state = GAME.setup(2, Options(solo=True))
    while True:
        if CHANCE in GAME.to_act(state):
            outcomes = GAME.chance_outcomes(state)
            state = GAME.apply(state, CHANCE, rng.choice(outcomes)[0])
            continue
        legal = GAME.legal_actions(state, 0)
        if state.phase is Phase.NOMINATE and len(legal) == 1:
            return state
        state = GAME.apply(state, 0, rng.choice(legal))


async def test_solo_a_forced_spot_says_so_and_waits_for_enter():
    """Play-test: round 6, one place left for the bot's card, and the
    prompt still read "choose where its next card goes: 1, or ←→ then
    Enter". It says there is only one place and that Enter lays the card
    there; the card is not laid before the player has seen where."""
    state = solo_forced_spot_state()
    update = make_update(state, bots=frozenset())
    (spot,) = update.legal
    submitted, text, _ = await run(update)
    said = " ".join(text.split())
    assert "only one place, " in said and "Enter lays it there." in said, said
    assert "choose where" not in said
    assert submitted == []
    submitted, _, _ = await run(update, keys=["enter"])
    assert submitted == [(0, spot)]


async def test_solo_spots_are_worded_by_what_the_board_shows():
    """Play-test: the bot's spot read "left of 7" or "left of 36", card
    numbers the board never shows (its cards show their toys). The choices
    name the spot by the bot's cards as they lie: "left of the card"."""
    state = solo_state()
    update = make_update(state, bots=frozenset())
    _, text, _ = await run(update)
    # the choices' line(s): "1 above the card   2 left of the card ..."
    choices = " ".join(line for line in text.splitlines()
                       if re.search(r"\b\d (above|below|left of|right of) ", line))
    assert choices, text
    for where in ("above the card", "left of the card", "right of the card", "below the card"):
        assert where in choices, choices
    assert not re.search(r"(above|below|of) \d", choices), choices


def solo_placing_state() -> State:
    """Solo, round 2 or 3: the bot has two cards, you place your card."""
    state = solo_state()
    state = play(state, 0, next(a for a in GAME.legal_actions(state, 0)
                                if isinstance(a, Nominate)))
    state = deal(state, state.deck[0])  # the bot's card
    state = play(state, 0, Pick(state.seats[0].hand[0]))
    assert state.phase is Phase.PLACE and len(state.seats[1].warehouse.placed) == 2
    return state


@pytest.mark.parametrize("size", [(80, 24), (160, 45)])
async def test_solo_the_bots_score_is_told_toy_by_toy(size):
    """Play-test: the bot's total jumped (13 to 17: your card raised the
    Yo-yos in the popularity) and only your score had a breakdown. The
    score now shows the bot's beside yours, toy by toy, each with what the
    card you place over the popularity makes of it, and the bot's bonus."""
    state = solo_placing_state()
    update = make_update(state, bots=frozenset())
    sheet = GAME.sheet(update.view)

    def read(screen):
        return screen._after

    _, text, after = await run(update, size=size, keys=["p"], after=read)
    assert "Score now: you │ the bot" in text
    rows = [line for line in text.splitlines() if re.search(r"[PFYB][▼ ] \d+×", line)]
    assert len(rows) == 4, text
    assert after is not None
    bot, new = sheet.seats[1], after.seats[1]
    for toy, row in enumerate(rows):
        was, now = bot.toys[toy], new.toys[toy]
        cell = re.search(r" │([▼ ] *\d+×.*)", row).group(1)
        flag = "▼" if was.negative else " "  # its own, which scores nothing
        # the popularity said as in your column ("0×1=0"; "×0=0" read as
        # something left out: seersbots, finding 9)
        assert re.match(rf"{flag} *{was.popularity}× *{was.warehouse}= *{was.points}\b",
                        cell), row
        if now.points != was.points:  # what your card does to the bot's toy
            assert re.search(rf"→[▼ ]? *{now.points}\b", cell), row
    total = next(line for line in text.splitlines() if "Total" in line)
    # (at 80x24, where the ▼ moves, the short form: the rows are wider)
    assert re.search(rf"│ {bot.total}\b.* (with bonus|\(bonus) {state.bot_bonus}\b", total), total
    # (this table's first spot over the popularity moves the bot's score)
    assert new.total != bot.total and f"→{new.total}" in total


# -- the other warehouses and the end -------------------------------------------------------


async def test_v_shows_the_next_warehouse():
    update = make_update(pick_state(), seat=0)

    def to_hand_off(screen):
        screen.set_focus(None)

    _, text, _ = await run(update, keys=["v"], before=to_hand_off)
    assert "Bob's warehouse" in text
    _, text, _ = await run(update, keys=["v", "v", "v"], before=to_hand_off)
    assert "Your warehouse" in text


async def test_v_shows_the_other_warehouses_while_you_place():
    """Play-test, 80x24: v did nothing while a card was placed (a notice
    said to wait), when a player most wants to see the others. v cycles
    through them; the ghost waits in yours, where it was, turned as it
    was; the preview keeps it; a placing key shows yours again first and
    moves or places nothing unseen."""
    update = make_update(place_state())
    app = ScreenApp(update, FakePort())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.game_screen
        wh = screen.query_one("#os-wh", AreaView)
        await pilot.press("r", "n")
        await pilot.pause()
        ghost = (wh.spot, wh.rotation)
        preview = screen._after
        assert ghost[0] is not None and preview is not None
        await pilot.press("v")
        await pilot.pause()
        text = screen_text(app)
        assert "Bob's warehouse" in text and "your warehouse, turned ¼: showing Bob's warehouse." in text
        assert screen._after is not None and screen._after.seats[0].total == preview.seats[0].total
        await pilot.press("v", "v")  # Cyd's, then Ann's own
        await pilot.pause()
        assert "Your warehouse" in screen_text(app)
        assert (wh.spot, wh.rotation) == ghost
        for key in ("left", "enter", "r"):
            await pilot.press("v")
            await pilot.pause()
            assert "Bob's warehouse" in screen_text(app)
            await pilot.press(key)  # shows yours again, and does no more
            await pilot.pause()
            assert "Your warehouse" in screen_text(app)
            assert (wh.spot, wh.rotation) == ghost
        assert app.port.submitted == []
        await pilot.press("enter")
        await pilot.pause()
    assert app.port.submitted == [(0, Place(Where.WAREHOUSE, *ghost[0], ghost[1]))]


async def test_a_step_to_a_move_in_anothers_warehouse_shows_that_warehouse():
    """Play-test, 80x24: ] / [ to "Cyd places card 3 in their warehouse"
    left Ann's own warehouse on screen, the new card unseen (only a • on
    Cyd's line). A step to a move in another's warehouse shows it, its
    card marked, as v would; a forklift taken marks the "forklifts" line;
    a step elsewhere, or out of the steps, shows yours again."""
    from tests.since_kit import SequenceApp, turns_of_others
    from tui.screens.overstocked import OverstockedScreen

    updates = turns_of_others("overstocked", 3, 8, options=Options(forklifts=True))
    app = SequenceApp(OverstockedScreen, updates)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.game_screen
        wh = screen.query_one("#os-wh", AreaView)

        async def step(key: str) -> str:
            await pilot.press(key)
            await pilot.pause()
            return screen_text(app)

        def forklifts_marked(text: str) -> bool:
            return any(line.strip("│ ").startswith("• forklifts") for line in text.splitlines())

        assert "Your warehouse" in screen_text(app)
        await step("right_square_bracket")  # 1 Bob chooses a card
        text = await step("right_square_bracket")  # 2 Cyd chooses: the reveal
        assert "Your warehouse" in text and not forklifts_marked(text)
        text = await step("right_square_bracket")  # 3 Cyd places card 3 in their warehouse
        assert "▶ 3 Cyd places card 3 in their" in text
        assert "Cyd's warehouse" in text and wh.fresh
        text = await step("right_square_bracket")  # 4 Cyd takes the forklift worth 6
        assert "Cyd's warehouse" in text and forklifts_marked(text)
        text = await step("right_square_bracket")  # 5 Bob places card 20 in their warehouse
        assert "Bob's warehouse" in text and wh.fresh and not forklifts_marked(text)
        text = await step("left_square_bracket")
        assert "Cyd's warehouse" in text
        for _ in range(3):
            text = await step("left_square_bracket")  # 1, then all the steps
        assert "Your warehouse" in text
        for _ in range(4):
            await step("right_square_bracket")
        for _ in range(2):  # 6, then out of the steps
            text = await step("right_square_bracket")
        assert "▶" not in text and "Your warehouse" in text


async def test_the_recap_says_which_key_shows_a_move_in_anothers_warehouse():
    """Play-test at 80x24: the recap said "Bram places card 25 in their
    warehouse, ..." while the middle panel showed only yours; ] / [ step
    to it and show Bram's warehouse with the card marked, but a newcomer
    never found them from the footer. The recap line says which key shows
    it; the log (z) says nothing of keys, nor a line placing in the
    popularity, which is on screen."""
    from tests.since_kit import SequenceApp, turns_of_others
    from tui.screens.overstocked import OverstockedScreen

    def said(screen) -> str:
        return " ".join(row.strip() for row in screen.query_one("#os-log").rows)

    updates = turns_of_others("overstocked", 2, 2)  # ends: Bob places card 14 in their warehouse
    app = SequenceApp(OverstockedScreen, updates)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.game_screen
        text = said(screen)
        assert "in their warehouse" in text and "([ shows it)" in text, text
        await pilot.press("left_square_bracket")
        await pilot.pause()
        assert "Bob's warehouse" in screen_text(app)
        assert "shows it" not in said(screen)  # it is on screen now
        await pilot.press("left_square_bracket", "left_square_bracket")  # 1, then all
        await pilot.pause()
        assert "([ shows it)" in said(screen)
        await pilot.press("z")  # the log
        await pilot.pause()
        assert "shows it" not in said(screen) and "in their warehouse" in said(screen)
    updates = turns_of_others("overstocked", 2, 4)  # ends: Bob places card 8 in the popularity
    app = SequenceApp(OverstockedScreen, updates)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        text = said(app.game_screen)
        assert "in the popularity" in text and "shows it" not in text, text


async def test_v_while_placing_in_the_popularity_keeps_the_ghost_at_hand():
    """The ghost over the popularity stays on screen while v shows another's
    warehouse beside it: the placing keys go on working there; w brings
    your warehouse back to place in."""
    update = make_update(place_state())
    submitted, text, _ = await run(update, keys=["p", "v", "enter"])
    assert "Bob's warehouse" in text
    assert len(submitted) == 1 and submitted[0][1].where is Where.POPULARITY
    submitted, text, _ = await run(update, keys=["p", "v", "w"])
    assert "Your warehouse" in text and submitted == []


async def test_at_one_terminal_the_next_person_opens_on_their_own_warehouse():
    """Hot seat: Ann leaves the pane on Cyd's warehouse and hands the
    terminal over; Bob's view opened on Cyd's warehouse beside his own
    score. The same person's next update keeps what they chose with v."""
    state = pick_state()
    app = ScreenApp(make_update(state, seat=0), FakePort())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.game_screen
        screen.set_focus(None)
        await pilot.press("v", "v")
        await pilot.pause()
        assert "Cyd's warehouse" in screen_text(app)
        screen.show(make_update(state, seat=0))  # Ann again: she still looks at Cyd's
        await pilot.pause()
        assert "Cyd's warehouse" in screen_text(app)
        screen.show(make_update(state, seat=None))  # the public view, under the cover
        screen.show(make_update(state, seat=1))  # Bob uncovers
        await pilot.pause()
        text = screen_text(app)
        assert "Your warehouse" in text and "Cyd's warehouse" not in text


def over_state():
    state = table(
        [[], [], []],
        warehouses=[area((9, 0, 0, 0), (14, 3, 0, 0)), area((3, 0, 0, 0)),
                    area((15, 0, 0, 0), (42, 0, 2, 0))],
        popularity=area((6, 0, 0, 0), (13, 3, 0, 0)),
        phase=Phase.OVER, round=6,
        options=Options(advanced=True),
    )
    return state


@pytest.mark.parametrize("size", SIZES)
async def test_game_over_shows_the_score_sheet(size):
    state = over_state()
    update = make_update(state)
    _, text, _ = await run(update, size=size)
    result = rules.outcome(state)
    # the prompt's head, "Game over" where the key hints need the room (80x24)
    assert "The game is over" in text or "Game over: " in text
    assert "negatively" in text
    assert "▼" in text and "½" in text
    for score in result.scores:
        assert str(score) in text


# -- snapshots -------------------------------------------------------------------------------


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_snapshot_pick(snap_compare, size):
    from tests.overstocked_screen_kit import ScreenApp

    assert snap_compare(ScreenApp(make_update(pick_state())), terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_snapshot_place(snap_compare, size):
    from tests.overstocked_screen_kit import ScreenApp

    assert snap_compare(ScreenApp(make_update(place_state())), terminal_size=size,
                        press=["r", "n"])


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_snapshot_over(snap_compare, size):
    from tests.overstocked_screen_kit import ScreenApp

    assert snap_compare(ScreenApp(make_update(over_state())), terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_snapshot_mark(snap_compare, size):
    """The X choices with their score change; the preview follows Yo-yos;
    the quantum card just placed is edged double."""
    from tests.overstocked_screen_kit import ScreenApp

    assert snap_compare(ScreenApp(make_update(mark_state())), terminal_size=size,
                        press=["right", "right"])


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_snapshot_spectating(snap_compare, size, screen_clock):
    """(The screen's clock held still: on a loaded machine the bot's
    "thinking…" gained its seconds, "2 s", before the picture was taken.)"""
    from tests.overstocked_screen_kit import ScreenApp

    state = place_state()
    state = play(state, 0, next(a for a in GAME.legal_actions(state, 0)
                                if isinstance(a, Place) and a.where is Where.POPULARITY))
    assert snap_compare(ScreenApp(make_update(state, seat=None, thinking=2)),
                        terminal_size=size)


async def test_a_wide_popularity_pans_to_keep_the_ghost_in_sight():
    row = [(c, 3 * i, 0, 0) for i, c in enumerate((1, 2, 4, 7, 8, 10, 11))]
    state = attrs.evolve(place_state(), popularity=area(*row))
    update = make_update(state)

    def scrolled(screen):
        pane = screen.query_one("#os-pop-pane")
        view = screen.query_one("#os-pop", AreaView)
        return pane.scroll_x, pane.max_scroll_x, view.spot

    keys = ["p"] + ["right"] * 30
    _, text, (x, most, spot) = await run(update, keys=keys, after=scrolled)
    assert most > 0, "the popularity should be wider than its pane at 80x24"
    assert x > 0 and spot is not None and spot[0] > 12
    assert "Card 20 over the popularity" in text


def wide_warehouse_state(options: Options | None = None) -> State:
    """Ann places card 20 with a warehouse 9 crates wide."""
    state = place_state(options or Options(forklifts=True, incentives=True))
    seats = list(state.seats)
    seats[0] = attrs.evolve(seats[0], warehouse=area((9, 0, 0, 0), (15, 3, 0, 0), (3, 6, 0, 0)))
    return attrs.evolve(state, seats=tuple(seats))


async def test_a_wide_warehouse_is_whole_while_placing_at_80x24():
    """Play-test, 80x24: placing in a warehouse 9 crates wide, the room kept
    around it for the ghost ran it past its panel, its right edge cut off
    under a bare scrollbar. The panel placed in takes the columns it needs
    from the popularity's; once the card is placed they share evenly."""

    def fitted(screen):
        pane = screen.query_one("#os-wh-pane")
        view = screen.query_one("#os-wh", AreaView)
        panels = [screen.query_one(p).size.width for p in ("#os-pop-panel", "#os-wh-panel")]
        return pane.max_scroll_x, view.drawn_width(), pane.scrollable_content_region.width, panels

    state = wide_warehouse_state()
    _, text, (scroll, drawn, room, panels) = await run(make_update(state), after=fitted)
    assert "Card 20 over your warehouse" in text
    assert scroll == 0 and drawn <= room, (drawn, room)
    assert panels[0] >= 12  # the popularity keeps a few columns
    state = wide_warehouse_state(Options())  # no forklift to place after the card
    placed = play(state, 0, next(a for a in GAME.legal_actions(state, 0)
                                 if isinstance(a, Place) and a.where is Where.POPULARITY))
    _, _, (_, _, _, panels) = await run(make_update(placed), after=fitted)
    assert abs(panels[0] - panels[1]) <= 1, panels


async def test_an_area_wider_than_its_panel_says_more():
    """Where an area still does not fit (a popularity 21 crates wide at
    80x24), its panel's title says which way more of it lies: a bare
    scrollbar said nothing of the cards cut off."""
    row = [(c, 3 * i, 0, 0) for i, c in enumerate((1, 2, 4, 7, 8, 10, 11))]
    update = make_update(attrs.evolve(place_state(), popularity=area(*row)))
    _, text, _ = await run(update, keys=["p"])
    assert "Popularity more→" in text
    _, text, _ = await run(update, keys=["p"] + ["right"] * 30)
    assert "Popularity ←more" in text
    _, text, _ = await run(update, keys=["p"] + ["right"] * 5)
    assert "Popularity ←more→" in text


async def test_a_narrow_panel_cuts_its_name_not_its_more_mark():
    """Play-test, 80x24: placing in a warehouse 12 crates wide left the
    popularity 12 columns, its title cut to "Popularity …", the mark lost."""
    row = [(c, 3 * i, 0, 0) for i, c in enumerate((1, 2, 4, 7, 8, 10, 11))]
    state = wide_warehouse_state(Options())
    seats = list(state.seats)
    seats[0] = attrs.evolve(seats[0], warehouse=area(
        (9, 0, 0, 0), (15, 3, 0, 0), (3, 6, 0, 0), (16, 9, 0, 0)))
    state = attrs.evolve(state, seats=tuple(seats), popularity=area(*row))
    _, text, width = await run(make_update(state),
                               after=lambda screen: screen.query_one("#os-pop-panel").size.width)
    assert width < len("Popularity more→") + 2
    assert re.search(r"Pop\w*… more→", text.splitlines()[1]), text.splitlines()[1]


def ghost_edges(view: AreaView) -> tuple[str, str, str, str]:
    """Over the ghost's columns: the line above its first row and the last
    line of its last row, each as its text and where it is underlined ("_")."""
    row, col = view.cursor
    rows, cols = view.cursor_span()
    region = view.cells_region(range(row, row + rows), range(col, col + cols))
    x0, x1 = region.x + 1, region.right  # its faces, the left edge left out

    def line(y: int) -> tuple[str, str]:
        text = under = ""
        for seg in view.render_line(y):
            text += seg.text
            under += ("_" if seg.style and seg.style.underline else " ") * len(seg.text)
        return text[x0:x1], under[x0:x1]

    return (*line(region.y - 1), *line(region.bottom - 1))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_the_ghost_at_the_top_of_the_area_is_drawn_whole(size):
    """Play-test, 80x24: the ghost turned upright and moved up as far as it
    goes (onto the area's first row) had no top edge: that edge is drawn on
    the row above, which the area did not have. Compact (80x24) the edges
    are underlines, unbroken across the piece; roomy, box-drawn lines."""
    def edges(screen):
        view = screen.query_one("#os-wh", AreaView)
        return view.roomy, view.cursor[0], ghost_edges(view)

    keys = ["r"] + ["up"] * 6  # upright: three spaces high
    _, _, (roomy, row, (top, top_under, bottom, bottom_under)) = await run(
        make_update(place_state()), size=size, keys=keys, after=edges)
    assert row == 0, "the ghost should be on the area's first row"
    if roomy:
        heavy = set("━┳┻╋")  # (a junction where the cards' edges meet it)
        assert set(top) <= heavy and "━" in top, top
        assert set(bottom) <= heavy and "━" in bottom, bottom
    else:
        assert set(top_under) == {"_"}, (top, top_under)
        assert set(bottom_under) == {"_"}, (bottom, bottom_under)


async def test_the_ghost_starts_near_the_middle_of_the_cards():
    row = [(c, 3 * i, 0, 0) for i, c in enumerate((1, 2, 4, 7, 8, 10, 11))]
    state = attrs.evolve(place_state(), popularity=area(*row))
    update = make_update(state)

    def spot(screen):
        view = screen.query_one("#os-pop", AreaView)
        return view.spot, view.rotation

    _, _, ((x, _), rotation) = await run(update, keys=["p"], after=spot)
    width = 3 if rotation % 2 == 0 else 2
    middle = (0 + 20) / 2  # the cards cover x 0-20
    assert abs(x + (width - 1) / 2 - middle) <= 2, x


def drawn_box(text: str, region) -> tuple[int, int, int, int]:
    """The blank columns left and right of what is drawn in `region` of the
    screen's `text`, and the blank lines above and below it."""
    lines = [line[region.x:region.right].ljust(region.width)
             for line in text.splitlines()[region.y:region.bottom]]
    used = [y for y, line in enumerate(lines) if line.strip()]
    cols = [x for line in lines for x, ch in enumerate(line) if ch != " "]
    assert used and cols, "nothing drawn in the pane"
    return (min(cols), region.width - 1 - max(cols), used[0], len(lines) - 1 - used[-1])


@pytest.mark.parametrize("size", [(80, 24), (120, 36), (160, 45), (200, 50)],
                         ids=lambda s: f"{s[0]}x{s[1]}")
async def test_the_cards_stand_in_the_middle_of_their_panes(size):
    """Review: on a large terminal (160x45, 200x50) each area was drawn at the
    top-left of its pane, the rest of the pane empty on the right and below.
    The cards stand in the middle, across and down, at 80x24 too."""
    def panes(screen):
        return [screen.query_one(pane).content_region for pane in ("#os-pop-pane", "#os-wh-pane")]

    _, text, regions = await run(make_update(pick_state()), size=size, after=panes)
    for region in regions:
        left, right, above, below = drawn_box(text, region)
        assert abs(left - right) <= 1, (size, region, left, right)
        assert abs(above - below) <= 1, (size, region, above, below)


@pytest.mark.parametrize("size", [(80, 24), (160, 45)], ids=lambda s: f"{s[0]}x{s[1]}")
async def test_the_cards_stay_put_when_a_placing_starts(size):
    """The margin a placing grows around the cards (for the ghost to
    overhang) does not move them: the warehouse's first card is where it
    was while the cards were chosen."""
    def first_card(screen):
        view = screen.query_one("#os-wh", AreaView)
        row, col = view.position_of((0, 0))
        cell = view.cells_region(range(row, row + 1), range(col, col + 1))
        return view.region.offset + cell.offset, view.placing

    _, _, (choosing, placing) = await run(make_update(pick_state()), size=size, after=first_card)
    assert not placing
    _, _, (placed, placing) = await run(make_update(place_state()), size=size, after=first_card)
    assert placing
    assert placed == choosing


def edges_of(text: str) -> str:
    """The areas' part of the screen (left of the side panels, at 80x24)."""
    return "\n".join(line[:52] for line in text.splitlines()[1:12])


async def test_the_card_placed_last_is_edged_double():
    # Every area still holds only its first card: nothing is marked.
    _, text, _ = await run(make_update(place_state()))
    assert "║" not in edges_of(text)
    # The popularity's second card (13) is the last one: its edges are double.
    _, text, got = await run(make_update(over_state()), keys=["s"], after=lambda screen: (
        screen.query_one("#os-pop", AreaView).last, screen.query_one("#os-wh", AreaView).last))
    assert "║" in edges_of(text)
    assert got == (1, 1)


async def test_spectating_follows_the_seat_in_turn():
    state = place_state()
    update = make_update(state, seat=None)
    _, text, focused = await run(update, after=lambda screen: screen.focused)
    assert "Overstocked · spectating" in text
    assert "Ann's warehouse" in text and "Ann's score now" in text
    assert focused is None  # no panel looks active
    turn = play(state, 0, next(a for a in GAME.legal_actions(state, 0) if isinstance(a, Place)))
    assert turn.turn == 2
    _, text, _ = await run(make_update(turn, seat=None))
    assert "Cyd's warehouse" in text and "Cyd's turn" in text
    _, text, _ = await run(make_update(turn, seat=None), keys=["v"])
    assert "Ann's warehouse" in text  # v takes over from following


async def test_spectating_the_score_is_of_the_warehouse_shown():
    """Play-test, all-bot match at 80x24: once the secret choice began, the
    warehouse stayed on the last to place ("Dev's warehouse") while the
    score beside it went back to seat 1 ("Ann's score now")."""
    state = place_state()
    turn = play(state, 0, next(a for a in GAME.legal_actions(state, 0) if isinstance(a, Place)))
    assert turn.turn == 2
    app = ScreenApp(make_update(turn, seat=None), FakePort())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "Cyd's score now" in await settled_text(app, pilot)
        app.game_screen.show(make_update(pick_state(), seat=None))  # everyone chooses
        text = await settled_text(app, pilot)
    assert "Cyd's warehouse" in text and "Cyd's score now" in text
    assert "Ann's score now" not in text


def panels_whose(text: str) -> tuple[str | None, str | None]:
    """Whose warehouse the screen shows and whose score now, by their
    titles ("Your", "Bob's"; None for a panel not on screen)."""
    warehouse = re.search(r"(Your|\w+'s) warehouse", text)
    score = re.search(r"(Your|\w+'s) score now", text)
    return (warehouse.group(1) if warehouse else None, score.group(1) if score else None)


async def _next_warehouse(app, pilot):
    """v, then the screen's text and whose warehouse it shows, the score
    now beside it asserted to be the same player's."""
    await pilot.press("v")
    await settle(pilot)
    text = await settled_text(app, pilot)
    warehouse, score = panels_whose(text)
    assert warehouse is not None and score == warehouse, text
    return text, warehouse


@pytest.mark.parametrize("size", [(80, 24), (160, 45)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize(("state", "seat"), [
    (place_state, None), (pick_state, None), (pick_state, 0), (place_state, 0)],
    ids=["watching-placing", "watching-choosing", "choosing", "placing"])
async def test_the_score_now_follows_the_warehouse_v_shows(size, state, seat):
    """Play-test over shared tables, watching at 80x24: v took the
    warehouse through Bot 3, ann and bob while the score beside it stayed
    bob's, two players' panels side by side. The score now is of the
    warehouse on screen, at each v, a watcher's or a player's."""
    app = ScreenApp(make_update(state(), seat=seat), FakePort())
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        app.game_screen.set_focus(None)  # (a choosing hand takes no v)
        seen = []
        for _ in range(3):
            text, warehouse = await _next_warehouse(app, pilot)
            seen.append(warehouse)
            if size[1] >= 45:  # the tall screen's heading names whose crates count
                mine = "pop×yours" if warehouse == "Your" else "pop×theirs"
                assert f"toy {mine} = points" in text, text
    assert len(set(seen)) == 3, seen  # every v showed another player's


async def test_solo_the_score_now_follows_the_warehouse_v_shows():
    """Solo, the player's score now is theirs and the bot's side by side,
    whichever warehouse v shows; a watcher's follows the warehouse, the
    bot's total with its unknown bonus (+?), as the Players box says it."""
    state = solo_placing_state()
    _, text, _ = await run(make_update(state, bots=frozenset()), keys=["v"])
    assert "The bot's warehouse" in text and "Score now: you │ the bot" in text
    app = ScreenApp(make_update(state, seat=None, bots=frozenset()), FakePort())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        seen = set()
        for _ in range(2):
            text, warehouse = await _next_warehouse(app, pilot)
            seen.add(warehouse)
            if warehouse == "bot's":
                assert re.search(r"Total -?\d+\+\?", text), text
    assert seen == {"Ann's", "bot's"}


async def test_the_players_panel_marks_every_bot_the_status_line_names_thinking():
    """Play-test, all-bot match: the status line read "Ann, Bram, Cora and
    Dev are thinking…" while the players' panel marked Ann alone "thinking"
    and the others "choosing"."""
    update = make_update(pick_state(), seat=None, thinking=0, bots=frozenset({0, 1, 2}))
    _, text, _ = await run(update)
    assert "Ann and Cyd are thinking…" in text
    assert re.search(r"Ann\s+thinking", text) and re.search(r"Cyd\s+thinking", text)
    assert "choosing" not in text


async def test_the_keys_scroll_the_score_sheet_at_the_end():
    """At 80x24 the sheet does not fit: it has the focus, so ↓ scrolls it."""
    update = make_update(over_state())
    _, _, y = await run(update, keys=["down", "down", "down"],
                        after=lambda screen: screen.query_one("#os-final-box").scroll_y)
    assert y > 0


async def test_s_folds_the_score_sheet_away_and_back():
    update = make_update(over_state())
    _, text, _ = await run(update, keys=["s"])
    assert "Bean Bears (pop" not in text
    _, text, _ = await run(update, keys=["s", "s"])
    assert "Bean Bears (pop" in text


# -- whose view this is -----------------------------------------------------------


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x36"])
@pytest.mark.parametrize("seat", [0, 1, None])
async def test_header_and_players_say_whose_view_it_is(size, seat):
    """Hot-seat play: the header names the seat whose view the screen shows,
    and the players panel marks that player "(you)"; the public view says
    "spectating" and marks nobody."""
    update = make_update(place_state(), seat=seat, bots=frozenset())
    _, text, _ = await run(update, size=size)
    header, *rest = text.splitlines()
    if seat is None:
        assert "Overstocked · spectating" in header
        assert "(you)" not in text
    else:
        name = ("Ann", "Bob")[seat]
        assert f"Overstocked · {name}'s view · Round 1/6" in header
        marked = [row for row in rest if "(you)" in row]
        assert len(marked) == 1 and f"{name} (you)" in marked[0]


async def test_a_long_name_keeps_the_you_mark_and_the_scores():
    """A name too long for the players panel is cut, with "…"; "(you)" and the
    points are not."""
    state = place_state()
    update = attrs.evolve(make_update(state, seat=0, bots=frozenset()),
                          names=("Maximiliana", "Bob", "Cyd"))
    _, text, _ = await run(update)
    row = next(row for row in text.splitlines() if "(you)" in row)
    assert "Max… (you)" in row and row.rstrip().endswith("-3")


async def test_the_action_bar_keeps_its_line_when_the_turn_passes():
    # The bar stays on screen, empty, when the viewer has nothing to decide,
    # so that the areas and the log do not move at every turn (and the
    # screen is not laid out again: docs/performance.md, "SSH load"); an
    # empty bar is no stop for Tab.
    state = place_state()
    app = ScreenApp(make_update(state))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.game_screen
        bar = screen.query_one("#os-actions")
        assert bar.display and bar.choices
        placed_at = bar.region
        panes = [w.region for w in screen.query("AreaPane")]
        while 0 in GAME.to_act(state):
            state = play(state, 0, next(iter(GAME.legal_actions(state, 0))))
        assert GAME.to_act(state)  # another player's turn now
        screen.show(make_update(state))
        await pilot.pause()
        await pilot.pause(0.05)
        assert bar.display and not bar.choices
        assert bar.region == placed_at
        assert [w.region for w in screen.query("AreaPane")] == panes
        assert not bar.allow_focus() and bar not in screen.focus_chain
        assert screen.focused is not bar


@pytest.mark.parametrize("size", SIZES)
async def test_the_quantum_cards_left_are_on_every_screen(size):
    """OS §Quantum Accounting, OS-17: the quantum cards lie face up in the
    centre, so every seat sees which are left, X cards marked, not only how
    many: here Cyd, while Ann places quantum card 2."""
    state = play(quantum_state(), 0, ChooseQuantum(2))
    _, text, _ = await run(make_update(state, seat=2), size=size)
    assert "quantum 1 3 4 5X 6" in text


@pytest.mark.parametrize("size", SIZES)
async def test_the_bot_bonus_is_unknown_not_zero_to_a_spectator(size):
    """OS §Solo Setup: the bot's 2 points per card 1-20 in your hand are
    counted from your secret hand, so only you see them before the end. A
    spectator's screen says they are unknown ("bot bonus ?"), never a
    false 0; yours shows them, and at the end everyone's does."""
    state = solo_state()
    assert state.bot_bonus == 12  # dealt cards 1-6
    _, mine, _ = await run(make_update(state), size=size)
    assert "bot bonus 12" in mine
    _, watching, _ = await run(make_update(state, seat=None), size=size)
    assert "bot bonus ?" in watching and "bot bonus 0" not in watching
    bot_row = next(line for line in watching.splitlines() if "deck 5" in line)
    assert re.search(r"\d+\+\?", bot_row)  # its total, plus a bonus unknown here
    assert "+?" not in mine
    over = attrs.evolve(state, phase=Phase.OVER)
    _, end, _ = await run(make_update(over, seat=None), size=size)
    assert "bot bonus 12" in end


def crowded_table(players: int, options: Options) -> State:
    """The most the players panel says at a table: every supply full but
    a forklift taken from the middle (a gap in their run), and every player
    holding an incentive token and a forklift."""
    state = dealt_game(players, options)
    if options.forklifts:
        supply = (6, 5, 4, 2, 1) if players >= 5 else (5, 3, 1)[:players]
        state = attrs.evolve(state, forklift_supply=supply)
    seats = tuple(attrs.evolve(p, incentive=Incentive.BEAN_BEARS if options.incentives else None,
                               forklift=3 if options.forklifts else None)
                  for p in state.seats)
    return attrs.evolve(state, seats=seats)


async def settled_panel(pilot, app, selector: str) -> tuple[Any, str]:
    """(the panel's content region, the screen's text) once a pause leaves
    both as they were: a line that re-breaks at its new width does so a
    frame after the layout that gave it the width. (It was a fixed 50 ms
    pause after each update, most of these tests' time; this waits for the
    same settled screen, as long as it takes.)"""
    seen = None
    for _ in range(50):
        await pilot.pause()
        now = (app.screen.query_one(selector).content_region, screen_text(app))
        if now == seen:
            break
        seen = now
    return seen


EXPANSIONS = [Options(incentives=i, forklifts=f, quantum=q)
              for i in (False, True) for f in (False, True) for q in (False, True)]


@pytest.mark.parametrize("rows", [24, 32])
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
async def test_every_player_keeps_one_line_and_the_supplies_are_whole_at_80_columns(players, rows):
    """Review: at 80x24, four players and every expansion, the supplies line
    ("forklifts L5 L4 L2 L1 · tokens PFYB · quantum 1 2X 3 4 5X 6") wrapped
    onto a second line, and so did a player's row with its tokens at two or
    three players. At 80 columns, for every player count and option, each
    player's row and the supplies line keep one line each, whole (no "…"):
    the side as wide as a row with tokens needs. Play-test: the supplies
    said in the players' symbols ("L1 3-5 · Q1 2X 3 4 5X 6") read as a
    cipher; they are said in words, on two lines where one is too short."""
    names = tuple(f"{name}ia" for name in ("Maximilian", "Bartholome", "Constantin",
                                           "Dorotheana", "Evangeline", "Franciscan"))
    tables = [crowded_table(players, options) for options in EXPANSIONS]
    if players == 2:
        tables.append(solo_state())
    app = ScreenApp(make_update(tables[0]))
    async with app.run_test(size=(80, rows)) as pilot:
        await settle(pilot)
        screen = app.game_screen
        # the first player's warehouse or tokens changed since the viewer's
        # last move: the rows are marked (a "•" in front of a changed one)
        changed = screen.changed
        screen.changed = lambda kind: frozenset({0}) if kind == "players" else changed(kind)
        for state in tables:
            for seat in (0, None):
                screen.show(attrs.evolve(make_update(state, seat=seat, bots=frozenset()),
                                         names=names[:players]))
                panel, text = await settled_panel(pilot, app, "#os-players")
                lines = [line[panel.x:panel.right].rstrip() for line in
                         text.splitlines()[panel.y:panel.bottom]]
                lines = [line for line in lines if line]
                o = state.options
                supplied = o.incentives or o.forklifts or o.quantum or o.solo
                # the supplies in words, broken between two where a line is short
                kinds = o.incentives + o.forklifts + o.quantum + o.solo
                assert players + supplied <= len(lines) <= players + kinds, (o, lines)
                # nothing cut at a row's end (a name cut to its column ends in "…")
                assert not any(line.endswith("…") for line in lines), (o, lines)
                assert not any("…" in line for line in lines[players:]), (o, lines)
                supplies = " ".join(line.strip() for line in lines[players:])
                said = (("forklifts ", o.forklifts), ("tokens PFYB", o.incentives),
                        ("quantum 1 2X 3 4 5X 6", o.quantum), ("bot bonus", o.solo))
                assert all(word in supplies for word, on in said if on), (o, lines)
                assert lines[0].startswith("•"), lines


async def test_the_supplies_are_said_in_words_where_they_fit():
    """At 160x45 the side has room for the words (they wrapped there too)."""
    state = crowded_table(4, Options(incentives=True, quantum=True))
    _, text, _ = await run(make_update(state), size=(160, 45))
    assert "tokens PFYB · quantum 1 2X 3 4 5X 6" in text
    _, text, _ = await run(make_update(state), size=(80, 24))
    assert "iPFYB" not in text and "Q1 2X" not in text
    assert "tokens PFYB" in text and "quantum 1 2X 3 4 5X 6" in text


async def test_forklifts_and_quantum_cards_are_said_in_words_at_80x24():
    """Overstocked §Industrial Mechanisation, §Quantum Accounting. Play-test:
    at 80x24 the supplies read "L1 3-5 · Q1 2X 3 4 5X 6", later "forklifts
    none · quantum 4 5X 6": words always."""
    state = pick_state(Options(forklifts=True, quantum=True))
    state = attrs.evolve(state, forklift_supply=(5, 4, 3, 1))
    _, text, _ = await run(make_update(state), size=(80, 24))
    assert "forklifts L5 L4 L3 L1" in text and "quantum 1 2X 3 4 5X 6" in text
    assert "L1 3-5" not in text and "Q1 2X" not in text


@pytest.mark.parametrize("size", [(80, 24), (160, 45)])
async def test_the_forklifts_left_read_highest_first_as_the_rules_write_them(size):
    """Overstocked §Industrial Mechanisation: the tokens are arranged "from
    highest to lowest", and a player takes "the forklift token worth the
    most points"; F1's rules write them "L6 L5". Play-test at 80x24: the
    centre showed "forklifts 5 6", lowest first, without the L."""
    state = pick_state(Options(forklifts=True))
    state = attrs.evolve(state, forklift_supply=(6, 5))
    _, text, _ = await run(make_update(state), size=size)
    assert "forklifts L6 L5" in text, text
    assert "forklifts 5 6" not in text
    state = attrs.evolve(state, forklift_supply=(6, 4, 3, 2, 1))
    _, text, _ = await run(make_update(state), size=size)
    assert "forklifts L6 L4 L3 L2 L1" in text, text


async def test_an_empty_supply_reads_none_not_a_dash():
    """Overstocked §Industrial Mechanisation, §Pre-Order Incentives,
    §Quantum Accounting: the tokens and cards "in the centre of the table".
    Once all are taken the players panel read "forklifts - · tokens -", a
    dash beside the dot that parts the supplies; it now says none."""
    state = pick_state(Options(forklifts=True, incentives=True, quantum=True))
    state = attrs.evolve(state, forklift_supply=(), incentive_supply=(), quantum_supply=())
    _, text, _ = await run(make_update(state), size=(160, 45))
    assert "forklifts none · tokens none · quantum none" in text
    assert "forklifts -" not in text
    _, text, _ = await run(make_update(state), size=(80, 24))
    assert "forklifts none · tokens none" in text and "quantum none" in text


async def test_the_log_draws_a_card_with_the_tables_symbols():
    """A card's face in the log ("The popularity starts with card 1
    (FFB/B.F).") wrote an empty crate "." where the table and the hand
    draw "·": the log now writes each space as the screen draws it."""
    from core.engine import CHANCE
    from core.overstocked import cards
    from core.overstocked.actions import Deal
    from tui.screens.overstocked_area import face_text

    state = GAME.setup(3, Options())
    while rules._entry(state)[0] != "popularity":
        outcomes = GAME.chance_outcomes(state)
        state = GAME.apply(state, CHANCE, min(outcomes, key=lambda o: o[0].card)[0])
    card = next(o[0].card for o in GAME.chance_outcomes(state)
                if cards.EMPTY in cards.face(cards.Piece.CRATE, o[0].card))
    line = GAME.describe(state, CHANCE, Deal(card), names=("Ann", "Bob", "Cyd"), viewer=0)
    code = cards.face(cards.Piece.CRATE, card)
    drawn = "/".join(face_text(code[i:i + 3]).plain for i in range(0, len(code), 3))
    assert f"card {card} ({drawn})." in line and "." not in drawn
    _, text, _ = await run(make_update(state, log=(line,)), size=(120, 36))
    assert f"({drawn})" in text


@pytest.mark.parametrize("cards", [6, 3, 1])
async def test_the_pick_prompt_numbers_the_cards_left(cards):
    """The play-test: "←→ or 1-6 by place" with five cards left (and 7
    chose nothing). The prompt counts the cards in hand."""
    from tests.overstocked_screen_kit import ANN, BOB, CYD

    state = table(
        [ANN[:cards], BOB[:cards], CYD[:cards]],
        warehouses=[area((9, 0, 0, 0)), area((3, 0, 0, 0)), area((15, 0, 0, 0))],
        popularity=area((6, 0, 0, 0)),
        picks=[None, None, None],
    )
    _, text, _ = await run(make_update(state))
    assert "Choose your card: ←→ or type its number, then Enter." in " ".join(text.split())


def crowded_state(players: int = 4) -> State:
    """Four players (or `players`), every mini-expansion, the third round:
    the first seat places (random play from a seed, chance included)."""
    import random

    from core.engine import CHANCE
    from core.playout import sample_chance

    rng = random.Random(11)
    state = GAME.setup(players, Options(advanced=True, incentives=True, forklifts=True,
                                        quantum=True))
    for _ in range(2000):
        to_act = GAME.to_act(state)
        if state.round >= 3 and state.phase is Phase.PLACE and 0 in to_act:
            return state
        if CHANCE in to_act:
            state = GAME.apply(state, CHANCE, sample_chance(GAME.chance_outcomes(state), rng))
            continue
        seat = min(to_act)
        state = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    raise AssertionError("no placing of Ann's in round 3")


async def test_four_players_with_every_expansion_keep_the_total_in_sight_at_80x24():
    """Play-test (2026-12-04): four players with the expansions at 80x24
    filled the side with the players' rows, and "Your score now" was cut
    after its third toy, the Total out of sight. On a short screen with
    four players or more the toys go two a line, points only."""
    update = make_update(crowded_state(), bots=frozenset({1, 2, 3}))

    def total(screen):
        return screen._sheet(screen._view).seats[0].total

    _, text, mine = await run(update, size=(80, 24), after=total)
    assert f"Total {mine}" in text
    _, text, mine = await run(update, size=(120, 40), after=total)
    assert f"Total {mine}" in text and "×" in text  # tall: the sums as before


@pytest.mark.parametrize("players", [4, 6])
async def test_a_crowded_table_keeps_lines_of_the_log_at_80x24(players):
    """Review (2026-12-04): at 80x24 with four players and every
    expansion, the players' rows (their tokens wrapped to a line of their
    own) and the score filled the side: the log kept its title only, and
    the bots' moves went by unseen. A short screen with four players or
    more widens the side for a player's row to keep one line."""
    log = tuple(f"P{n % players + 1} places card {n} in the popularity." for n in range(30))
    update = make_update(crowded_state(players), bots=frozenset(range(1, players)), log=log)

    def rows(screen):
        return screen.query_one("#os-log").region.height, screen._sheet(screen._view).seats[0].total

    _, text, (height, mine) = await run(update, size=(80, 24), after=rows)
    assert height >= 4  # the title and three lines at least
    assert log[-1] in " ".join(text.split())
    assert f"Total {mine}" in text  # the score stays in sight too


@pytest.mark.parametrize(("size", "cells"), [((80, 24), (2, 1)), ((100, 30), (4, 2)),
                                             ((120, 36), (4, 2)), ((160, 45), (6, 3)),
                                             ((200, 50), (8, 4))])
async def test_the_areas_spaces_grow_with_the_room(size, cells):
    """Review (2026-12-04): at 160x45 and 200x50 the areas kept the spaces
    of 120x36, a small grid in the corner of panes three times its size,
    and at 100x30 the compact spaces of 80x24. Their spaces are as big as
    the fuller pane has room for, a placing's margin included (so they
    keep their size when a placing starts)."""
    def drawn(screen):
        return [screen.query_one(f"#os-{area}", AreaView).cell_size for area in ("pop", "wh")]

    _, text, got = await run(make_update(place_state()), size=size, after=drawn)
    assert got == [cells, cells]
    assert "Card 20 over your warehouse" in text


@pytest.mark.parametrize(("size", "cells"), [((100, 30), (2, 1)), ((120, 36), (4, 2))])
async def test_areas_too_big_for_roomy_spaces_go_compact_on_a_small_screen_only(size, cells):
    """The third round's popularity outgrows roomy spaces at 100x30: there
    they go compact (as at 80x24); a large screen keeps them roomy, the
    panes panning."""
    def drawn(screen):
        return [screen.query_one(f"#os-{area}", AreaView).cell_size for area in ("pop", "wh")]

    _, _, got = await run(make_update(crowded_state(), bots=frozenset({1, 2, 3})), size=size,
                          after=drawn)
    assert got == [cells, cells]


# 80x24: 28, for a player's row marked as changed ("•") to keep its line
@pytest.mark.parametrize(("size", "width"), [((80, 24), 28), ((100, 30), 30), ((109, 30), 32)])
async def test_the_side_grows_below_110_columns_too(size, width):
    """At 100x30 the side kept its 27 columns of 80x24 (every log line
    wrapped) while the areas had 73: three tenths of the screen, as wider."""
    _, _, got = await run(make_update(place_state()), size=size,
                          after=lambda screen: screen.query_one("#os-side").outer_size.width)
    assert got == width


@pytest.mark.parametrize(("size", "spaced"), [((120, 36), False), ((160, 45), True)])
async def test_a_large_terminal_draws_the_hand_spaced(size, spaced):
    """At 160x45 the hand's 3x2 faces were specks under the grown areas:
    from 150x40 each space is two cells wide, a tile of its toy's colour
    (card 5 is FPF over PFP)."""
    _, text, got = await run(make_update(place_state()), size=size,
                             after=lambda screen: screen.query_one("#os-hand", CrateHand).spaced)
    assert got is spaced
    assert ("F P F" in text) is spaced
    assert ("FPF" in text) is not spaced


async def test_the_score_now_follows_the_terminal_when_it_shrinks():
    """Review: from 160x45 to 80x24 the "score now" panel kept the tall
    screen's heading line ("toy pop×yours = points") until the next move;
    it is drawn again on a resize, as the areas and the prompt are."""
    app = ScreenApp(make_update(pick_state()))
    async with app.run_test(size=(160, 45)) as pilot:
        await settle(pilot)
        assert "toy pop×yours = points" in screen_text(app)
        await pilot.resize_terminal(80, 24)
        for _ in range(3):
            await pilot.pause()
        assert "toy pop×yours = points" not in screen_text(app)
        await pilot.resize_terminal(160, 45)
        for _ in range(3):
            await pilot.pause()
        assert "toy pop×yours = points" in screen_text(app)


@pytest.mark.parametrize("advanced", [False, True])
async def test_the_score_nows_legend_says_halved_only_in_the_advanced_variant(advanced):
    """Play-test at 160x45, default options: the "score now" panel's legend
    read "▼ negative ½ halved", but no toy is halved without the advanced
    variant (OS §Advanced Variant). "½ halved" shows only with it on."""
    state = pick_state(Options(advanced=True) if advanced else None)
    _, text, _ = await run(make_update(state), size=(160, 45))
    legend = next(line for line in text.splitlines() if "▼ negative" in line)
    assert ("½ halved" in legend) is advanced, legend


@pytest.mark.parametrize("mark", [" (away)", " (away — bot playing)"])
@pytest.mark.parametrize("viewer", [2, None])
async def test_an_away_player_is_said_away_whole_and_only_where_it_tells_who(mark, viewer):
    """Play-test at 80x24, a shared table: "bob's (away) turn", "Revealed:
    Bot 3 1,\\n bob (away) 2", a players panel clipping "bob (away", a
    spectator's titles "bob's (away) warehou…". The mark says who is away
    in the players panel, whole; a possessive, a title, the list of cards
    name the player bare; a line breaks between players' cards."""
    state = place_state()
    turn = GAME.seat_in_turn(GAME.view(state, None))
    assert turn is not None and turn != viewer
    update = make_update(state, viewer, bots=frozenset() if "bot" not in mark else frozenset({turn}))
    names = tuple(f"{n.lower()}{mark}" if s == turn else n.lower() for s, n in enumerate(NAMES))
    update = attrs.evolve(update, names=names,
                          bot_plays_in=((turn, 29.0),) if "bot" not in mark else ())
    name = NAMES[turn].lower()
    app = ScreenApp(update, FakePort())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.pause()
        text = screen_text(app)
        panel = str(app.game_screen.query_one("#os-players").render())
    flat = " ".join(text.split())
    assert f"{name}'s turn" in flat and f"{name}'s (away" not in flat
    # whole, in its shortest words beside the name at 80 columns (the
    # seat's line is one: "(away, bot)" did not fit beside the name)
    assert {" (away — bot playing)": "(away)"}.get(mark, mark.strip()) in panel
    assert text.count("(away") == 1, text
    assert not re.search(r"^\W*\d+,?\W*$", text, re.M)  # no number alone on a line
    if "bot" not in mark:
        # (counting down from 29 s: a busy machine may draw it a second on)
        assert re.search(rf"a bot plays for {name} in 2\d s", flat), flat


async def test_a_toy_both_negative_and_halved_shows_both_marks(monkeypatch):
    """QA (2026-12-04, advanced variant, OS §Advanced Variant, OS-15): a toy
    that scores negatively and half read "P▼ 2×2=  -2" beside "F½ 0×2= 0":
    the sum read wrong. It shows both marks, the column two wide."""
    from tui.screens.overstocked import OverstockedScreen

    real = OverstockedScreen._sheet

    def sheet(self, view):
        got = real(self, view)
        if got is None:
            return None
        seats = list(got.seats)
        toys = list(seats[0].toys)
        toys[0] = attrs.evolve(toys[0], negative=True, halved=True, popularity=2, warehouse=2,
                               points=-2)
        toys[1:] = [attrs.evolve(t, negative=False, halved=False) for t in toys[1:]]
        seats[0] = attrs.evolve(seats[0], toys=tuple(toys))
        return attrs.evolve(got, seats=tuple(seats))

    monkeypatch.setattr(OverstockedScreen, "_sheet", sheet)
    state = place_state(Options(advanced=True))
    state = play(state, 0, next(a for a in GAME.legal_actions(state, 0) if isinstance(a, Place)))
    _, text, panel = await run(make_update(state), size=(120, 36),
                               after=lambda s: str(s.query_one("#os-preview").render()))
    toy = TOYS[0].value
    assert f"{toy}▼½ 2×2=  -2" in panel, panel
    rows = [line for line in panel.splitlines() if "×" in line and "pop×" not in line]
    assert len({line.index("×") for line in rows}) == 1, rows  # still aligned


# -- the score sheet's columns -------------------------------------------------------

LONG_NAMES = ("Ann", "Bram Wolfgang-Drachenhöhle", "Cora", "Dev Longname Thirtytwo Chars!",
              "Edda", "Fritz")


def final_update(players: int, options: Options) -> TableUpdate:
    """A whole match played out at random (seeded), seen by seat 0."""
    state, _ = random_playout(GAME, players, options, random.Random(players))
    return TableUpdate(
        game=GAME.id, outcome=GAME.outcome(state), seat=0, view=GAME.view(state, 0), legal=(),
        to_act=frozenset(), names=LONG_NAMES[:players], bots=frozenset(range(1, players)),
        log=(), thinking=None, can_undo=False)


def right_ends(line: str, pattern: str) -> list[int]:
    return [m.end() for m in re.finditer(pattern, line)]


@pytest.mark.parametrize("size", [(80, 24), (160, 45)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("players", [2, 4, 6])
async def test_the_score_sheets_numbers_line_up_under_their_names(size, players):
    """Play-test: at the end, the sheet's numbers stood out of line ("×2 =
    -4▼" over "×5 = 10", the marks pushing the points left; with six
    players the cells wrapped). Every column's points, extras and total end
    where its heading (a name, shortened when long) ends, each on one line."""
    options = Options(advanced=True, incentives=True, forklifts=True)
    update = final_update(players, options)

    def sheet(screen):
        pad = screen.query_one("#os-final")
        console = Console(width=pad.content_region.width, record=True, color_system=None,
                          file=io.StringIO())
        console.print(pad.content)
        return console.export_text().splitlines()

    _, _, lines = await run(update, size=size, after=sheet)
    heading = lines[0]
    names = right_ends(heading, r"\S+(?: \S+)*")
    assert len(names) == players, heading
    rows = [line for line in lines if line.lstrip().startswith(("P ", "F ", "Y ", "B "))]
    assert len(rows) == 4, lines  # a toy's row keeps one line, cells unwrapped
    for row in rows:
        assert right_ends(row, r"=\s*-?\d+") == names, (heading, row)
    for label in ("Incentive", "Forklift", "Total"):
        row = next(line for line in lines if line.lstrip().startswith(label))
        assert right_ends(row, r"(?<=\s)-?\d+") == names, (heading, row)


def test_a_deal_is_told_in_one_line():
    from tui.screens.overstocked import fold_deals

    lines = ["You are dealt card 12.", "Bob is dealt a card.", "You are dealt card 4.",
             "Bob is dealt a card.", "The popularity starts with card 6 (·Yp/BBF)."]
    assert fold_deals(lines) == ["Cards dealt: you 4, 12; Bob 2 cards.",
                                 "The popularity starts with card 6 (·Yp/BBF)."]
    # a single card dealt (a line of its own) stays as the log says it
    assert fold_deals(["You are dealt card 7.", "You play card 7."]) == [
        "You are dealt card 7.", "You play card 7."]


async def test_the_opening_log_tells_the_deal_in_a_line():
    """Play-test: the opening recap spent 12 lines of the 80x24 side on
    "You are dealt card 4. / Bob is dealt a card.", a line a card; the
    popularity's and the warehouse's first cards were out of sight."""
    deal_lines = tuple(line for card in ANN for line in (f"You are dealt card {card}.",
                                                         "Bob is dealt a card.",
                                                         "Cyd is dealt a card."))
    log = (*deal_lines, "The popularity starts with card 6 (·Yp/BBF).",
           "Your warehouse starts with card 9 (F··/BPY).")
    _, text, shown = await run(make_update(pick_state(), log=log),
                               after=lambda screen: screen.query_one("#os-log")._shown)
    assert shown == ("Cards dealt: you 5, 12, 20, 24, 28, 37; Bob 6 cards; Cyd 6 cards.",
                     "The first cards: the popularity 6 (·Yp/BBF); yours 9 (F··/BPY).")
    said = " ".join(text.split())  # at 80x24 all of it in sight
    assert "Cyd 6 cards." in said and "yours 9 (F··/BPY)" in said


def test_the_set_up_is_told_in_a_line_each():
    """Play-test (every game's log opens with its set-up, a line a piece):
    Overstocked's first cards (OS §Setup: the popularity, each warehouse)
    and the forklifts turned face up (§Industrial Mechanisation) took a
    line each, up to 13 at six players, before the first move. Each is one
    line, every card and token still in it (the journal keeps every line);
    a single line stays as the log says it."""
    from tui.screens.overstocked import fold_deals

    lines = ["The popularity starts with card 32 (·BF/FFF).",
             "Your warehouse starts with card 2 (BPP/Y·B).",
             "Bram's warehouse starts with card 19 (FFY/YFY).",
             "A forklift worth 3 is turned face up.", "A forklift worth 5 is turned face up.",
             "Bram chooses a card."]
    assert fold_deals(lines) == [
        "The first cards: the popularity 32 (·BF/FFF); yours 2 (BPP/Y·B); Bram's 19 (FFY/YFY).",
        "Forklifts turned face up: L5 L3.", "Bram chooses a card."]
    public = ["The popularity starts with card 32 (·BF/FFF).",
              "Ann's warehouse starts with card 2 (BPP/Y·B).",
              "A forklift worth 3 is turned face up."]
    assert fold_deals(public) == [
        "The first cards: the popularity 32 (·BF/FFF); Ann's 2 (BPP/Y·B).",
        "A forklift worth 3 is turned face up."]


async def test_an_areas_more_mark_follows_what_its_pane_hides():
    """Play-test, the final table at 120x36 with the score
    sheet unfolded: the warehouse read "Your warehouse more→" though all
    of it showed (its vertical scrollbar came, the view was a column wider
    for a moment, and the pane's narrower view was not checked again)."""
    state, _ = random_playout(GAME, 2, Options(advanced=True, incentives=True, forklifts=True,
                                               quantum=True), random.Random(0))
    update = TableUpdate(
        game=GAME.id, outcome=GAME.outcome(state), seat=0, view=GAME.view(state, 0), legal=(),
        to_act=frozenset(), names=("Ann", "Bram"), bots=frozenset(), log=(), thinking=None,
        can_undo=False)

    def panes(screen):
        return [(pane.clipped, (round(pane.scroll_x) > 0,
                                round(pane.scroll_x) < pane.max_scroll_x))
                for pane in screen.query(AreaPane)]

    _, text, got = await run(update, size=(120, 36), after=panes)
    for clipped, truth in got:
        assert clipped == truth, got
    assert "Your warehouse more" not in text


@pytest.mark.parametrize("state", ["pick", "place"])
async def test_the_options_stay_in_the_header_at_80_columns(state):
    """Play-test: at 80x24 the header dropped "+advanced
    +incentives +forklifts +quantum", so nothing said at a glance whether
    the advanced halving applies; a short form keeps them."""
    options = Options(advanced=True, incentives=True, forklifts=True, quantum=True)
    made = pick_state(options) if state == "pick" else place_state(options)
    _, text, _ = await run(make_update(made), size=(80, 24))
    header = text.splitlines()[0]
    assert "Ann's view" in header and "+adv +inc +fork +Q" in header, header
    _, text, _ = await run(make_update(made), size=(120, 36))
    assert "+advanced +incentives +forklifts +quantum" in text.splitlines()[0]


@pytest.mark.parametrize("state", ["pick", "place"])
async def test_the_options_and_the_x_stay_in_the_header_at_80_columns(state):
    """Play-test: once a quantum card's X was on the score pad, the 80x24
    header had room for neither the short options nor "X on P" beside each
    other, and dropped both, with the long phase ("everyone chooses a card
    in secret"). The title gives way first: the options and the X stay."""
    options = Options(advanced=True, incentives=True, forklifts=True, quantum=True)
    made = pick_state(options) if state == "pick" else place_state(options)
    made = attrs.evolve(made, marks=(Toy.POCKET_PETZ,))
    _, text, _ = await run(make_update(made), size=(80, 24))
    header = text.splitlines()[0]
    assert "Ann's view" in header and "+adv +inc +fork +Q" in header, header
    assert "X on P" in header, header
    assert "everyone chooses a card in secret" not in header, header


@pytest.mark.parametrize("options", [
    Options(advanced=True),
    Options(advanced=True, incentives=True),
    Options(advanced=True, incentives=True, forklifts=True, quantum=True),
], ids=["adv", "adv-inc", "all"])
async def test_the_80_column_header_keeps_one_form_through_the_match(options):
    """Play-test at 80x24: the header's "Overstocked ·" came and went, and
    "+advanced" turned "+adv" and back, as the phase's words (and the X on
    the score pad) made the line longer or shorter. The form is chosen for
    the longest line the match can have, so every update reads the same way."""
    made = [pick_state(options), place_state(options)]
    if options.quantum:
        made += [attrs.evolve(state, marks=(Toy.POCKET_PETZ,)) for state in made]
    headers = []
    for state in made:
        _, text, _ = await run(make_update(state), size=(80, 24))
        headers.append(text.splitlines()[0].strip())
    assert len({header.startswith("Overstocked") for header in headers}) == 1, headers
    extras = {part for header in headers for part in header.split(" · ") if part.startswith("+")}
    assert len(extras) == 1, headers
    # the long forms where the longest line has room for them
    _, text, _ = await run(make_update(place_state(options)), size=(160, 36))
    assert text.splitlines()[0].startswith(" Overstocked · Ann's view"), text.splitlines()[0]
    assert "+advanced" in text.splitlines()[0]


@pytest.mark.parametrize("mark, short", [(" (away — bot playing)", "(away, bot)"),
                                         (" (left — bot playing)", "(left, bot)"),
                                         (" (away)", "(away)")])
async def test_an_away_seat_keeps_one_line_of_the_players_box_at_80x24(mark, short):
    """Play-test at 80x24, a shared table of four: "(away — bot playing)"
    took a second line of the Players box under the name, and the log
    below lost one of its few. Narrow, the mark is said in short words
    beside the name, the seat on one line."""
    state = GAME.setup(4, Options())
    while GAME.to_act(state) == {CHANCE}:
        outcome = GAME.chance_outcomes(state)[0][0]
        state = GAME.apply(state, CHANCE, outcome)
    update = make_update(state, 0, bots=frozenset({1}) if "bot" in mark else frozenset())
    update = attrs.evolve(update, names=("Ann", f"Bob{mark}", "Cyd", "Dee"))
    app = ScreenApp(update, FakePort())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.pause()
        panel = app.game_screen.query_one("#os-players").render()
    rows = [line for line in str(panel).splitlines() if line.strip()]
    bob = [line for line in rows if "Bob" in line]
    assert len(bob) == 1 and f"Bob {short}" in bob[0], rows
    assert not any(line.strip().startswith("(") for line in rows), rows


@pytest.mark.parametrize("mark", [" (away)", " (away — bot playing)", " (left — bot playing)"])
@pytest.mark.parametrize("name", ["Bartholomew", "Bobby", "名名名名名名名名"])
async def test_an_away_seat_of_three_keeps_one_line_with_a_long_name_at_80x24(mark, name):
    """Play-test at 80x24, a shared table of three: with a name longer
    than "Bob" the away mark did not fit beside it in the Players box's
    10 cells and took a line of its own (the log below lost one). The name
    is cut by cells ("…") beside the mark, said in its shortest words."""
    from rich.cells import cell_len

    state = GAME.setup(3, Options())
    while GAME.to_act(state) == {CHANCE}:
        state = GAME.apply(state, CHANCE, GAME.chance_outcomes(state)[0][0])
    update = make_update(state, 0, bots=frozenset({1}) if "bot" in mark else frozenset())
    update = attrs.evolve(update, names=("Ann", f"{name}{mark}", "Cyd"))
    app = ScreenApp(update, FakePort())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.pause()
        panel = app.game_screen.query_one("#os-players")
        rows = [line for line in str(panel.render()).splitlines() if line.strip()]
        room = panel.content_region.width
    assert len(rows) == 3, rows  # a seat a line
    away = rows[1]
    word = "(left)" if "left" in mark else "(away)"
    assert word in away and name[0] in away and "…" in away, rows
    assert all(cell_len(line.rstrip()) <= room for line in rows), rows


def _wide_popularity_state(phase: Phase | None = None) -> State:
    """Ann places card 20 (round 1) beside a popularity 9 spaces wide."""
    state = table([ANN, BOB, CYD],
                  warehouses=[area((9, 0, 0, 0)), area((3, 0, 0, 0)), area((15, 0, 0, 0))],
                  popularity=area((6, 0, 0, 0), (1, 3, 0, 0), (2, 6, 0, 0)),
                  picks=[None, BOB_PICK, None])
    state = pick_all(state, {0: 20, 2: 27})
    return state if phase is None else attrs.evolve(state, phase=phase)


@pytest.mark.parametrize("phase", [None, Phase.OVER])
async def test_a_wide_popularity_shows_whole_beside_a_small_warehouse_at_120x40(phase):
    """Play-test (shared tables, F5): at 120x40 a popularity 9 spaces wide
    was cut on the right (its panel half the areas' width) while Ann placed
    in her small warehouse, and on the final table no key showed the rest.
    The panel that needs more than its half takes it from the other."""
    update = make_update(_wide_popularity_state(phase))

    def panes(screen):
        return [pane.clipped for pane in screen.query(AreaPane)]

    _, text, got = await run(update, size=(120, 40), after=panes)
    assert got == [(False, False), (False, False)], got
    assert "more→" not in text
    # the popularity's right-hand card, to its right edge
    assert re.search(r"B   P   P [│║]", text), text


@pytest.mark.parametrize("keys", [(), ("enter",)])
async def test_the_away_countdown_shows_while_you_choose_your_card(keys):
    """Play-test (shared tables, F7, "When away: a bot plays after 30 s"):
    while Ann chose her card, nothing said a bot would play for the away
    Cyd; "a bot plays for cyd in 26 s" came only once she had chosen.
    The choosing prompt (and its confirming one) carries the countdown."""
    update = make_update(pick_state(), 0, bots=frozenset())
    names = ("ann", "bob", "cyd (away)")
    update = attrs.evolve(update, names=names, bot_plays_in=((2, 29.0),))
    assert 0 in update.to_act and 2 in update.to_act
    _, text, _ = await run(update, size=(80, 24), keys=keys)
    flat = " ".join(text.split())
    assert ("Play card" if keys else "Choose your card") in flat, flat
    # (the count may have moved on a second on a busy machine)
    assert re.search(r"a bot plays for cyd in 2\d s", flat), flat


async def test_the_final_tables_cut_parts_scroll_with_the_keys_at_80x24():
    """Play-test: at 80x24 with six players, the final table's score sheet
    leaves the popularity (and a warehouse) too little room, and only the
    mouse scrolled it. Tab moves the keys from the sheet to each area (the
    footer says so); the arrows, PgUp / PgDn, Home / End scroll it."""
    update = final_update(6, Options(advanced=True))
    app = ScreenApp(update, FakePort())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.pause()
        screen = app.game_screen
        box = screen.query_one("#os-final-box")
        pop = screen.query_one("#os-pop-pane", AreaPane)
        wh = screen.query_one("#os-wh-pane", AreaPane)
        assert pop.max_scroll_y > 0  # the case: the popularity is cut
        assert app.focused is box
        footer = screen_text(app).splitlines()[-1]
        # "tab Scroll next" (a play-test): it moves the keys to the next panel
        assert "tab Next panel" in footer and "Scroll next" not in footer, footer
        await pilot.press("tab")
        assert app.focused is pop
        for key, at in (("down", 1), ("end", pop.max_scroll_y), ("up", pop.max_scroll_y - 1),
                        ("home", 0), ("pagedown", min(pop.max_scroll_y, pop.size.height)),
                        ("pageup", 0)):
            await pilot.press(key)
            await pilot.pause()
            assert round(pop.scroll_y) == at, (key, pop.scroll_y)
        assert round(box.scroll_y) == 0  # the sheet stayed
        await pilot.press("tab")
        assert app.focused is wh
        await pilot.press("tab")  # the log: PgUp / PgDn scroll the part with the keys
        assert app.focused is screen.query_one("#os-log")
        await pilot.press("tab")
        assert app.focused is box
        # Shift+Tab goes back (it went through the screen's every stop)
        await pilot.press("shift+tab")
        assert app.focused is screen.query_one("#os-log")
        await pilot.press("shift+tab")
        assert app.focused is wh
        await pilot.press("tab")
        assert app.focused is screen.query_one("#os-log")
        await pilot.press("tab")
        assert app.focused is box
        # the sheet folded away (s), the areas still take the keys in turn
        await pilot.press("s")
        await pilot.press("tab")
        assert app.focused is pop


async def test_the_final_sheet_shows_its_focus_and_says_when_more_is_below_at_80x24():
    """Play-test: at 80x24 with six players the score sheet's last notes
    (a tie's) were below the fold with no sign of them, and the sheet showed
    no mark when it had the keys (the areas' rules turn heavy). Its top rule
    is titled, heavy while it has the keys, and says "↓ more below" while
    its end is hidden; PgDn scrolls it, not the log."""
    update = final_update(6, Options(advanced=True))
    app = ScreenApp(update, FakePort())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.pause()
        screen = app.game_screen
        box = screen.query_one("#os-final-box")
        assert app.focused is box and box.max_scroll_y > 0
        assert "Score sheet" in str(box.border_title)
        assert "↓ more below" in str(box.border_title)
        assert box.styles.border_top[0] == "heavy"
        await pilot.press("pagedown")
        await pilot.pause()
        assert box.scroll_y > 0
        await pilot.press("end")
        await pilot.pause()
        assert "more below" not in str(box.border_title)
        await pilot.press("tab")
        await pilot.pause()
        assert app.focused is not box and box.styles.border_top[0] != "heavy"


@pytest.mark.parametrize("size", [(80, 24), (160, 48)])
async def test_the_quantum_cards_faces_show_while_a_card_is_chosen(size):
    """Play-test (80x24, every expansion): whether to play your lowest card
    depends on the quantum card it turns into, and the quantum cards lie
    face up beside the popularity (OS §Quantum Accounting), but only their
    numbers showed until the choice was made. The hand's caption shows
    those left, faces and X marks, in one line; gone once you have chosen."""
    state = attrs.evolve(pick_state(Options(quantum=True)), quantum_supply=(1, 2, 4, 5, 6))
    _, text, _ = await run(make_update(state), size=size)
    lines = [line for line in text.splitlines() if "Quantum:" in line]
    assert len(lines) == 1, text
    for number in (1, 2, 4, 5, 6):
        top, bottom = GAME.face_rows(Piece.QUANTUM, number)
        mark = "X" if number in (2, 5) else ""
        face = f"{number}{mark} {top.replace('.', '·')}/{bottom.replace('.', '·')}"
        assert face in lines[0], (face, lines[0])
    assert " 3 " not in lines[0].split("Quantum:")[1]  # taken: not offered
    # chosen: your card's face, not the quantum cards
    chosen = GAME.apply(state, 0, Pick(state.seats[0].hand[0]))
    _, text, _ = await run(make_update(chosen), size=size)
    assert "Quantum:" not in text and "Your card:" in text
    # without the expansion, nothing
    _, text, _ = await run(make_update(pick_state()), size=size)
    assert "Quantum:" not in text


async def test_a_toy_already_marked_says_so_at_the_x_prompt():
    """Play-test (quantum): at the X prompt with F already marked, 2 (F
    Furballs, listed without a value) did nothing visible. It says why."""
    update = make_update(attrs.evolve(mark_state(), marks=(Toy.FURBALLS,)))
    submitted, _, said = await run(
        update, keys=["2"], after=lambda screen: [n.message for n in screen.app._notifications])
    assert submitted == []
    assert said == ["F already has an X: press 1, 3 or 4."]


def ghost_over_the_popularity(place: Place):
    """A `before` step: the ghost over the popularity where `place` puts
    the card, turned as it turns it."""

    def ghost_there(screen):
        screen.action_area("popularity")
        view = screen.query_one("#os-pop", AreaView)
        while view.rotation != place.rotation:
            view.rotate(1)
        view.move_to_key((place.x, place.y))

    return ghost_there


async def test_the_preview_shows_where_the_negative_mark_moves():
    """Play-test, 80x24: the preview kept ▼ on the toy negative now while
    the ghost's card made another toy negative ("Y▼ 7×2= -14 →  28" over
    "B  7×2=  14 → -17"): a row marked negative previewing a gain read as
    a bug. The mark after the arrow says which toy scores negatively then."""
    state = place_state()
    sheet = GAME.sheet(state).seats[0]
    place = Place(Where.POPULARITY, -2, 0, 0)
    after = GAME.sheet(GAME.apply(state, 0, place)).seats[0]
    was = next(t.toy.value for t in sheet.toys if t.negative)
    now = next(t.toy.value for t in after.toys if t.negative)
    assert was != now  # the placement moves the mark

    ghost_there = ghost_over_the_popularity(place)

    _, text, panel = await run(make_update(state), size=(80, 24), before=ghost_there,
                               after=lambda s: str(s.query_one("#os-preview").render()))
    rows = {line[0]: line for line in panel.splitlines() if "×" in line}
    assert rows[was].startswith(f"{was}▼") and "→▼" not in rows[was], panel
    assert rows[now].startswith(f"{now} ") and "→▼" in rows[now], panel
    # the rows keep one line each, within the side
    for line in rows.values():
        assert line.strip() in text, (line, text)


@pytest.mark.parametrize("options", [Options(), Options(advanced=True, incentives=True,
                                                        forklifts=True)])
async def test_six_players_score_sheet_labels_keep_one_line_at_80x24(options):
    """Play-test: the 6-player final table at 80x24 broke its row labels
    mid-phrase ("Y Yo-yos (pop" over "5)"). A label too long for its column
    goes shorter ("P Petz (pop 4)", then "P (pop 4)"): each on one line."""
    _, text, _ = await run(final_update(6, options), size=(80, 24))
    lines = text.splitlines()
    sheet = lines[next(i for i, line in enumerate(lines) if "Score sheet" in line) + 1:]
    for toy in TOYS:
        assert any(re.match(rf"\s+{toy.value} (\S.*)?\(pop \d+\)", line) for line in sheet), text
    assert not any(re.match(r"\s+(\d+\)|\(pop)", line) for line in sheet), text


async def test_solo_preview_shows_where_the_negative_mark_moves():
    """As in the two-sided preview: in solo, a card over the popularity
    that makes another toy negative showed the ▼ on the old toy only (a
    row marked negative previewing a gain). The mark after the arrow says
    which toy scores negatively then, on your side and the bot's."""
    state = solo_placing_state()
    sheet = GAME.sheet(state).seats[0]
    was = next(t.toy.value for t in sheet.toys if t.negative)
    place = now = None
    for action in GAME.legal_actions(state, 0):
        if isinstance(action, Place) and action.where is Where.POPULARITY:
            after = GAME.sheet(GAME.apply(state, 0, action)).seats[0]
            moved_to = next(t.toy.value for t in after.toys if t.negative)
            if moved_to != was:
                place, now = action, moved_to
                break
    assert place is not None, "no placement of this table moves the mark"

    ghost_there = ghost_over_the_popularity(place)

    update = make_update(state, bots=frozenset())
    for size in ((80, 24), (160, 45)):
        _, text, panel = await run(update, size=size, before=ghost_there,
                                   after=lambda s: str(s.query_one("#os-preview").render()))
        rows = {line[0]: line.split("│")[0] for line in panel.splitlines() if "×" in line}
        assert rows[was].startswith(f"{was}▼") and "→▼" not in rows[was], panel
        assert rows[now].startswith(f"{now} ") and "→▼" in rows[now], panel
        for line in panel.splitlines():  # one line each, within the side
            assert line.rstrip() in text, (line, text)


async def test_solo_bonus_wording_follows_the_panels_settled_width():
    """Play-test: on the first screen after resuming, the bot's bonus read
    "(bonus 0)" (the short form, for a line that would wrap) where the line
    had room, then "with bonus 0" once anything was drawn again: the width
    was read while the screen was still being laid out. A draw at another
    width than the panel settles on is drawn again at the settled one."""
    state = solo_placing_state()
    update = make_update(state, bots=frozenset())
    app = ScreenApp(update, FakePort())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.game_screen
        panel = screen.query_one("#os-preview")

        def total_line() -> str:
            return next(line for line in str(panel.render()).splitlines() if "Total" in line)

        assert "with bonus" in total_line()
        # a draw made while the panel was narrower, as mid-layout
        narrow = unittest.mock.PropertyMock(return_value=Size(20, panel.content_size.height))
        with unittest.mock.patch.object(type(panel), "content_size", narrow):
            screen._draw_preview()
        assert "(bonus" in total_line()
        for _ in range(20):
            await pilot.pause()
            if "with bonus" in total_line():
                break
        assert "with bonus" in total_line()


@pytest.mark.parametrize("size", [(80, 24), (200, 50)])
async def test_the_players_score_column_is_labelled_on_screen(size):
    """Play-test, hot seat at 80x24: the Players box's score column had no
    label (its "pts" was on the bottom border, which the short screen does
    not draw), so "Ann chose ✓ 2" read as if Ann's secret card were shown.
    The label is on a border drawn at every size: the title where the box
    has only a top border."""
    _, text, _ = await run(make_update(pick_state(), 0), size=size)
    header = next(line for line in text.splitlines() if "Players" in line)
    if size == (80, 24):
        assert "Players · pts" in header, header
    else:
        assert "pts" in text, text


async def test_an_away_player_owing_a_pick_is_away_not_choosing():
    """An away player who has not chosen reads away in the Players box, not
    choosing; the status line says the match waits for them."""
    update = make_update(pick_state(), seat=1)
    names = list(update.names)
    names[2] += " (away)"
    update = attrs.evolve(update, names=tuple(names), bots=frozenset())
    _, text, _ = await run(update, size=(120, 40))
    row = next(line for line in text.splitlines() if "Cyd" in line and "(" in line)
    assert "choosing" not in row and "away" in row, row
    assert "the match waits until Cyd is back" in text, text
    # no mark inside the sentence: "Waiting for Cyd (away) to choose."
    flat = " ".join(text.split())
    assert "Waiting for Ann, Cyd to choose." in flat, flat
    assert "Cyd (away) to choose" not in flat


@pytest.mark.parametrize("size", [(80, 24), (160, 45)])
async def test_the_players_box_names_each_bots_level(size):
    """Play-test: the Players box read "Bram thinking 1 / Cora thinking -2":
    nothing said they were bots, nor at which level. Beside a bot's name its
    level, where it fits on the row (at 80x24 too), never wrapping it."""
    import attrs

    from tests import overstocked_screen_kit as os_

    update = attrs.evolve(os_.make_update(os_.pick_state()), levels=(None, "normal", "hard"))
    app = os_.ScreenApp(update)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        panel = app.game_screen.query_one("#os-players")
        rows = str(panel.render()).splitlines()
        width = panel.content_region.width
    # its level's initial where the word does not fit (F1 lists them)
    assert any(("Bob (normal" if size[0] > 80 else "Bob (n)") in row for row in rows), rows
    assert any("Cyd (h" in row for row in rows), rows
    assert any("Ann (you)" in row and "bot" not in row for row in rows)  # a person's seat
    assert all(len(row) <= width for row in rows)


@pytest.mark.parametrize("size", [(80, 24), (160, 45)])
async def test_the_players_box_names_every_bots_level_in_one_form(size):
    """Play-test: one row of the Players box read "Cyd (hard)", another
    "Bartholomew (n)" (the initial where that row was narrow): one form for
    every bot row of the box, the longest that every row fits."""
    import re

    import attrs

    from tests import overstocked_screen_kit as os_

    update = attrs.evolve(os_.make_update(os_.pick_state()),
                          names=("Ann", "Bartholomew", "Cyd"), levels=(None, "normal", "hard"))
    app = os_.ScreenApp(update)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        panel = app.game_screen.query_one("#os-players")
        rows = str(panel.render()).splitlines()
        width = panel.content_region.width
    # (a long name is cut to keep its level: "Barth… (n)")
    marks = [re.search(r"(Bart\w*…?|Cyd) \((normal bot|hard bot|normal|hard|n|h)\)", row)
             for row in rows]
    found = {m.group(1)[:4]: m.group(2) for m in marks if m}
    assert set(found) == {"Bart", "Cyd"}, rows
    # one form: both whole words, both "<level> bot", or both initials
    forms = {len(level.split()) if len(level) > 1 else 0 for level in found.values()}
    assert len(forms) == 1, found
    assert all(len(row) <= width for row in rows)
    if size[0] > 80:
        assert found == {"Bart": "normal bot", "Cyd": "hard bot"}, found


async def test_the_players_panel_is_drawn_again_for_its_new_width(monkeypatch):
    """Play-test: from 80x24 to 160x45 and back, the players' rows kept the
    wide screen's names ("Bram (easy bot)") and the points went past the
    panel's edge ("chose ✓…") until the next move: in a real terminal the
    screen's own look at a resize can come before the panel has its new
    width. The panel asks for its rows again when its width is not the one
    they were laid out for, as Boss Quest's knights do."""
    from tui.screens.overstocked import OverstockedScreen

    update = attrs.evolve(make_update(pick_state()), levels=(None, "easy", "easy"))
    app = ScreenApp(update)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        panel = app.screen.query_one("#os-players")

        def rows() -> list[str]:
            region = panel.content_region
            lines = screen_text(app).splitlines()
            return [lines[y][region.x:region.right].rstrip() for y in range(region.y, region.y + 3)]

        narrow = rows()
        assert all("…" not in row for row in narrow), narrow
        await pilot.resize_terminal(160, 45)
        for _ in range(3):
            await pilot.pause()
        assert any("(easy bot)" in row for row in rows()), rows()
        # the screen's look at the resize too early: only the panel's own
        monkeypatch.setattr(OverstockedScreen, "on_resize", lambda self: None)
        await pilot.resize_terminal(80, 24)
        for _ in range(3):
            await pilot.pause()
        assert rows() == narrow


@pytest.mark.parametrize(("state", "said"), [
    ("pick", "Not now: Tab switches between the popularity and your warehouse while you place "
             "a card."),
    ("forklift", "Not now: a forklift goes in your warehouse; Tab, p and w switch areas for a "
                 "card."),
])
async def test_tab_says_why_it_switches_nothing_while_choosing_or_placing_a_forklift(state, said):
    """Play-test, 80x24: Tab did nothing while choosing a card and while
    placing the forklift, the screen byte for byte the same (Shift+Tab
    took the hand's arrows to the log). Both say why, as other idle keys
    do, and leave the focus where the keys work."""
    update = make_update(pick_state() if state == "pick" else forklift_state())
    fake = FakePort()
    app = ScreenApp(update, fake)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        focused = app.focused
        for key in ("tab", "shift+tab"):
            await pilot.press(key)
            await settle(pilot)
            assert app.focused is focused, key
            assert [n.message for n in app._notifications][-1:] == [said], key
    assert fake.submitted == []


async def test_shift_tab_switches_the_area_as_tab_does():
    """Placing, Tab goes between the popularity and your warehouse;
    Shift+Tab went to the popularity's frame instead (the arrows then
    moved no ghost)."""
    def where(screen):
        return screen.focused.id, screen._where

    for key in ("tab", "shift+tab"):
        _, _, got = await run(make_update(place_state()), keys=[key], after=where)
        assert got == ("os-pop", Where.POPULARITY), key
