"""The Overboss Duel screen: keys give exactly the legal actions (two-square
moves picked square by square, cancelled with c / Escape / Backspace), the
opponent's face-down Boss never reaches the screen, seat 1 sees the board
turned, and the screen reads at 80x24 and 120x36."""

from __future__ import annotations

import re

import attrs
import pytest

from core.engine import Category
from core.overboss import GAME
from core.overboss.actions import (
    Destroy,
    Draft,
    EndTurn,
    PlaceTile,
    PlaceToken,
    Poison,
    RefreshSpire,
    RevealBoss,
    Skip,
    Slay,
    Slide,
    SpawnHero,
    SwapTokens,
    TakeToken,
    UseSpire,
)
from core.overboss.components import Boss, Terrain, Token
from core.overboss.rules import LAIR_RULE
from core.overboss.state import Lair, Step
from tests.overboss_screen_kit import (
    FINAL,
    LOG,
    NAMES,
    FakePort,
    ScreenApp,
    finished,
    make_update,
    midgame,
    screen_text,
    tied_final,
)
from tests.overboss_tables import BANDIT, ROCK, SLIME, WOLF, YETI, D, I, P, R, T, board, sq, table
from tests.screen_kit import settle, wait_for
from tui.screens.overboss import (
    OverbossScreen,
    board_grid,
    board_moves,
    display_square,
    lair_rule_once,
)
from tui.widgets.board import Board

SIZES = [(80, 24), (120, 36)]
SIZE_IDS = ["80x24", "120x36"]
BOSS_NAMES = {
    Boss.KING_CROAK: "King Croak",
    Boss.BELLADONNA: "Belladonna",
    Boss.BARON_HEX: "Baron Hex",
    Boss.DR_DEADLY: "Dr. Deadly",
    Boss.QUEEN_RIMEFANG: "Queen Rimefang",
    Boss.WARLORD_GRIMTUSK: "Warlord Grimtusk",
}


async def run(update, keys=(), size=(80, 24), inspect=None):
    """Show `update`, press `keys`; (submitted actions, screen text)."""
    table = FakePort()
    app = ScreenApp(update, table)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        for key in keys:
            await pilot.press(key)
        await pilot.pause()
        text = screen_text(app)
        if inspect is not None:
            inspect(app.game_screen)
    return table.submitted, text


def targets(screen) -> tuple[set, set]:
    board = screen.query_one("#ob-board", Board)
    return set(board.targets), set(board.marked)


# -- one-square choices -----------------------------------------------------------


@pytest.mark.parametrize(
    ("keys", "action"),
    [
        (["1"], Draft(0)),
        (["3"], Draft(2)),
        (["4"], Draft(3)),  # a tile without a token can be drafted (OD-4)
        (["enter"], Draft(0)),  # the market has the focus and starts on pair 1
        (["down", "down", "enter"], Draft(2)),
    ],
)
async def test_draft_keys(keys, action):
    update = make_update(midgame())
    submitted, text = await run(update, keys)
    assert submitted == [(0, action)]
    assert action in update.legal
    assert "draft a pair" in text


@pytest.mark.parametrize(
    ("keys", "square"),
    [
        # The cursor starts bottom left on your half, on a1's Dungeon: not a
        # choice, so Enter plays nothing (the cursor never moves by itself).
        (["enter"], None),
        (["k", "enter"], "a2"),
        (["k", "space"], "a2"),
        (["k", "k", "enter"], None),  # a3 holds an Icy Peak: not a choice either
        (["k", "k", "k", "enter"], "a4"),
        (["up", "up", "up", "right", "enter"], "b4"),
        (["n", "enter"], "b1"),  # n jumps to the nearest open square
        # From d1 (open): n stays, d1 being the nearest; again, n goes on
        # to the nearest other open square on your half, not round to Bob's
        # back row (b8) as reading order did; again, the next nearest; N
        # steps back.
        (["l", "l", "l", "n", "enter"], "d1"),
        (["l", "l", "l", "n", "n", "enter"], "b1"),
        (["l", "l", "l", "n", "n", "n", "enter"], "c2"),
        (["l", "l", "l", "n", "n", "n", "N", "enter"], "b1"),
    ],
)
async def test_place_tile_keys(keys, square):
    update = make_update(midgame(step=Step.PLACE_TILE, hand=(I, YETI)))
    submitted, text = await run(update, keys)
    if square is None:
        assert submitted == []
        return
    assert submitted == [(0, PlaceTile(sq(square)))]
    assert PlaceTile(sq(square)) in update.legal
    assert "Place the Icy Peak" in text


async def test_a_click_places_the_tile():
    table = FakePort()
    app = ScreenApp(make_update(midgame(step=Step.PLACE_TILE, hand=(I, YETI))), table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        board = app.screen.query_one("#ob-board", Board)
        row, col = 4, 1  # b4 on the compact board
        region = board.cells_region(range(row, row + 1), range(col, col + 1))
        await pilot.click(board, offset=(region.x + 2, region.y))
        await pilot.pause()
    assert table.submitted == [(0, PlaceTile(sq("b4")))]


async def test_seat_1_sees_the_board_turned():
    state = midgame(step=Step.PLACE_TILE, turn=1, hand=(I, YETI))
    update = make_update(state, seat=1)
    grid = board_grid(update.view, 1, update.names)
    assert grid.cells[0][0].key == sq("d1") and grid.cells[7][3].key == sq("a8")
    assert grid.row_labels[0] == "1" and grid.col_labels == ("d", "c", "b", "a")
    assert grid.bottom_label.startswith("▼ Your half")
    assert grid.top_label.startswith("▲ Ann's half")
    assert display_square(update.view, 1, 7, 0) == sq("d8")
    # Ann away from the shared table, a bot playing for her: the half's
    # label, as narrow as the board, names her bare (the title line says she
    # is away), never "Ann (away — bot playing)'s" cut off
    for mark in (" (away)", " (away — bot playing)"):
        away = board_grid(update.view, 1, ("Ann" + mark, *update.names[1:]))
        assert away.top_label.startswith("▲ Ann's half")
    # The cursor starts bottom-left (d8, Bob's back-right corner as seat 0
    # names it, a Dungeon); "up" goes toward Ann's half.
    submitted, text = await run(update, ["enter"])
    assert submitted == []
    submitted, text = await run(update, ["k", "enter"])
    assert submitted == [(1, PlaceTile(sq("d7")))]
    submitted, _ = await run(update, ["k", "k", "k", "enter"])
    assert submitted == [(1, PlaceTile(sq("d5")))]


# -- two-square choices ---------------------------------------------------------


async def test_slide_is_picked_square_by_square():
    update = make_update(midgame(step=Step.SLIDE, placed=sq("a3")))
    seen = {}

    def look(screen):
        seen["targets"], seen["marked"] = targets(screen)

    # First square: the sources (never the Icy Peak just placed).
    _, text = await run(update, [], inspect=look)
    sources = {a.src for a in update.legal if isinstance(a, Slide)}
    assert seen["targets"] == sources and sq("a3") not in sources
    assert "Icy Peak" in text and "skips" in text
    # Then where it stops: a1's Dungeon slides up to a2 or right to b1. The
    # cursor stays on a1, the square picked.
    _, text = await run(update, ["enter"], inspect=look)
    assert seen["marked"] == {sq("a1")}
    assert seen["targets"] == {sq("a2"), sq("b1")}
    assert "from a1" in text
    submitted, _ = await run(update, ["enter", "k", "enter"])
    assert submitted == [(0, Slide(sq("a1"), sq("a2")))]
    submitted, _ = await run(update, ["enter", "l", "enter"])
    assert submitted == [(0, Slide(sq("a1"), sq("b1")))]


@pytest.mark.parametrize("cancel", ["c", "escape", "backspace"])
async def test_a_half_made_move_is_cancelled(cancel):
    update = make_update(midgame(step=Step.SLIDE, placed=sq("a3")))
    seen = {}

    def look(screen):
        seen["targets"], seen["marked"] = targets(screen)

    submitted, _ = await run(update, ["enter", cancel], inspect=look)
    assert submitted == []
    assert seen["marked"] == set()
    assert seen["targets"] == {a.src for a in update.legal if isinstance(a, Slide)}


async def test_choosing_the_first_square_again_cancels_and_says_so():
    """Play-test: Enter again on the square just picked (read as "confirm")
    took the half-made move back without a word."""
    update = make_update(midgame(step=Step.SLIDE, placed=sq("a3")))
    seen = {}

    def look(screen):
        seen["targets"], seen["marked"] = targets(screen)
        seen["notes"] = [n.message for n in screen.app._notifications]

    await run(update, ["enter", "enter"], inspect=look)
    assert seen["marked"] == set()
    assert any(note.startswith("a1 again: the move is cancelled.") for note in seen["notes"])


@pytest.mark.parametrize("keys", [["s"]])
async def test_optional_steps_skip_with_one_key(keys):
    for step, extra in ((Step.SLIDE, {"placed": sq("a3")}), (Step.SWAP, {"placed": sq("b2")}),
                        (Step.REFRESH, {"placed": sq("a8")})):
        update = make_update(midgame(step=step, **extra))
        submitted, _ = await run(update, keys)
        assert submitted == [(0, Skip())], step


async def test_road_swap_from_either_end():
    update = make_update(midgame(step=Step.SWAP, placed=sq("b2")))
    # The cursor starts on a1. b2's Bandit, then c1's Miniboss:
    submitted, _ = await run(update, ["k", "l", "enter", "j", "l", "enter"])
    assert submitted == [(0, SwapTokens(sq("b2"), sq("c1")))]
    # c1 first, then b2: the same swap.
    submitted, _ = await run(update, ["l", "l", "enter", "k", "h", "enter"])
    assert submitted == [(0, SwapTokens(sq("b2"), sq("c1")))]
    assert SwapTokens(sq("b2"), sq("c1")) in update.legal


async def test_town_spawning():
    state = midgame(step=Step.SPAWN, placed=sq("b5"),
                    pending_towns=(sq("c8"), sq("b5"), sq("d2")))
    update = make_update(state)
    assert SpawnHero(sq("d2"), sq("d2")) in update.legal
    # A Town without a hero: one pick spawns on it.
    submitted, text = await run(update, ["k", "l", "l", "l", "enter"])
    assert submitted == [(0, SpawnHero(sq("d2"), sq("d2")))]
    assert "Towns spawn heroes" in text
    # c8 holds a hero and c7 is its only square: picking it spawns there.
    submitted, _ = await run(update, ["k"] * 7 + ["l", "l", "enter"])
    assert submitted == [(0, SpawnHero(sq("c8"), sq("c7")))]


async def test_a_town_whose_hero_has_one_square_spawns_there_when_picked():
    """OD-17: a Town whose hero has a single square spawns there. Play-test:
    picking such a Town (another Town pending, so the order was a choice)
    asked for the square all the same, offering that one square."""
    state = midgame(step=Step.SPAWN, placed=sq("b5"), pending_towns=(sq("c8"), sq("d2")))
    update = make_update(state)
    assert [a for a in update.legal if isinstance(a, SpawnHero) and a.town == sq("c8")] == [SpawnHero(sq("c8"), sq("c7"))]
    submitted, text = await run(update, ["k"] * 7 + ["l", "l", "enter"])
    assert submitted == [(0, SpawnHero(sq("c8"), sq("c7")))]
    assert "pick the square where the hero" not in text


def two_square_town():
    """Towns c8 and d2 spawn; d2's hero may go to d3 or to c2 (a Road there)."""
    state = midgame(step=Step.SPAWN, placed=sq("b5"), pending_towns=(sq("c8"), sq("d2")))
    tiles = list(state.tiles)
    tokens = list(state.tokens)
    tiles[sq("c2")] = tiles[sq("b2")]
    tokens[sq("d2")] = Token.HERO
    return attrs.evolve(state, tiles=tuple(tiles), tokens=tuple(tokens))


async def test_a_town_whose_hero_has_several_squares_asks_where():
    update = make_update(two_square_town())
    assert {a.square for a in update.legal
            if isinstance(a, SpawnHero) and a.town == sq("d2")} == {sq("c2"), sq("d3")}
    submitted, text = await run(update, ["k", "l", "l", "l", "enter"])
    assert submitted == []
    assert "pick the square where the hero of the Town on d2 spawns" in text
    submitted, _ = await run(update, ["k", "l", "l", "l", "enter", "h", "enter"])
    assert submitted == [(0, SpawnHero(sq("d2"), sq("c2")))]


async def test_spire_mode():
    update = make_update(midgame())
    seen = {}

    def look(screen):
        seen["targets"], seen["marked"] = targets(screen)

    _, text = await run(update, ["x"], inspect=look)
    assert seen["targets"] == {a.src for a in update.legal if isinstance(a, UseSpire)}
    assert "Spire: pick a tile" in text
    submitted, _ = await run(update, ["x", "n", "enter", "n", "enter"])
    assert len(submitted) == 1 and isinstance(submitted[0][1], UseSpire)
    assert submitted[0][1] in update.legal
    # x again, or c, leaves Spire mode; Enter then drafts again.
    submitted, _ = await run(update, ["x", "x", "1"])
    assert submitted == [(0, Draft(0))]
    submitted, _ = await run(update, ["x", "c", "1"])
    assert submitted == [(0, Draft(0))]


# -- tokens -------------------------------------------------------------------


def token_table(step=Step.TOKEN, placed="d4", hand=YETI):
    lairs = (Lair(waiting=(BANDIT, Token.ROCKTOPUS)), Lair())
    return midgame(step=step, placed=sq(placed), hand=(None, hand), lairs=lairs)


@pytest.mark.parametrize(
    ("keys", "action"),
    [
        ([], PlaceToken(YETI, sq("d4"))),
        (["2"], PlaceToken(BANDIT, sq("d4"))),
        (["3"], PlaceToken(Token.ROCKTOPUS, sq("d4"))),
        (["3", "1"], PlaceToken(YETI, sq("d4"))),
    ],
)
async def test_token_keys(keys, action):
    update = make_update(token_table())
    to_d4 = ["k", "k", "k", "l", "l", "l"]  # from a1, where the cursor starts
    submitted, text = await run(update, [*keys, *to_d4, "enter"])
    assert submitted == [(0, action)]
    assert action in update.legal
    assert "Bandit (lair)" in text


async def test_a_dungeon_sends_the_token_elsewhere():
    update = make_update(token_table(placed="c4"))
    seen = {}

    def look(screen):
        seen["targets"], _ = targets(screen)

    submitted, _ = await run(update, ["n", "enter"], inspect=look)
    squares = {a.square for a in update.legal if isinstance(a, PlaceToken)}
    assert sq("c4") not in squares
    assert submitted and submitted[0][1] in update.legal


async def test_lair_monsters_must_be_placed():
    update = make_update(token_table(step=Step.LAIR, hand=None))
    submitted, text = await run(update, ["2", "n", "enter"])
    assert submitted and submitted[0][1].token is Token.ROCKTOPUS
    assert submitted[0][1] in update.legal
    assert "must go on open terrain" in text


def _a_token_that_may_wait():
    """A real table at Step TOKEN whose drafted token may wait in the lair
    (OD-13: the placed tile cannot take it and no open terrain is left)."""
    import random

    from core.overboss import rules as od_rules

    for seed in range(400):
        rng, state = random.Random(seed), GAME.setup(2, GAME.Options())
        while GAME.outcome(state) is None:
            if state.step is Step.TOKEN and od_rules.token_may_wait(state):
                return state
            seat = min(GAME.to_act(state))
            if seat < 0:
                outcomes = GAME.chance_outcomes(state)
                action = rng.choices([o for o, _ in outcomes], [w for _, w in outcomes])[0]
            else:
                action = rng.choice(GAME.legal_actions(state, seat))
            state = GAME.apply(state, seat, action)
    raise AssertionError("no seed reached a token that may wait")


async def test_the_prompt_says_when_the_drafted_token_may_wait_in_the_lair():
    """OD-13: with no open terrain the drafted monster may go to the lair
    instead; the prompt says so and s does it (it showed only in the keys)."""
    state = _a_token_that_may_wait()
    seat = state.turn
    update = make_update(state, seat)
    assert Skip() in update.legal
    table = FakePort()
    app = ScreenApp(update, table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "s keeps it in your lair" in " ".join(screen_text(app).split())
        await pilot.press("s")
        await pilot.pause()
    assert table.submitted == [(seat, Skip())]
    _, text = await run(make_update(token_table()))
    assert "keeps it in your lair" not in text  # open terrain: it must be placed


# -- the rest of a turn --------------------------------------------------------


@pytest.mark.parametrize("keys", [["e"], ["enter"]])
async def test_end_turn(keys):
    update = make_update(midgame(step=Step.END, placed=sq("a3")))
    submitted, text = await run(update, keys)
    assert submitted == [(0, EndTurn())]
    assert "ends your turn" in text


async def test_refresh_a_spire():
    update = make_update(midgame(step=Step.REFRESH, placed=sq("a8")))
    submitted, text = await run(update, ["f"])
    assert submitted == [(0, RefreshSpire())]
    assert "Sunken City" in text


@pytest.mark.parametrize(("answer", "played"), [("y", True), ("n", False)])
async def test_reveal_asks_first(answer, played):
    update = make_update(midgame())
    submitted, _ = await run(update, ["r", answer])
    assert submitted == ([(0, RevealBoss())] if played else [])


async def test_the_reveal_dialog_says_when_revealing_now_does_nothing():
    """Play-test at 80x24: Dr. Deadly with no spent Spire, `r` offered to
    "Refresh all your expended Spires" without saying none was spent. The
    dialog says what the reveal does now (the rules' `reveal_idle`); with a
    spent Spire it says nothing more."""
    deadly = (Boss.DR_DEADLY, Boss.KING_CROAK)
    idle = make_update(midgame(bosses=deadly, lairs=(Lair(spires=1), Lair())))
    _, text = await run(idle, ["r"])
    flat = " ".join(re.findall(r"█\s+(.*?)\s+█", text))  # the dialog's lines
    assert "Refresh all your expended Spires." in flat
    assert "Your lair has no spent Spire: revealing now refreshes nothing." in flat
    _, text = await run(make_update(midgame(bosses=deadly)), ["r"])
    flat = " ".join(re.findall(r"█\s+(.*?)\s+█", text))
    assert "Refresh all your expended Spires." in flat and "nothing" not in flat


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
async def test_the_moves_open_any_time_are_named_once_on_screen(size):
    """Spire and reveal are open at any moment of a turn: the action bar
    and the footer name them; the prompt named them a third time."""
    update = make_update(midgame())
    assert RevealBoss() in update.legal and any(isinstance(a, UseSpire) for a in update.legal)
    shown = {}

    def inspect(screen):
        shown["prompt"] = str(screen.query_one("#ob-prompt").render())
        shown["bar"] = str(screen.query_one("#ob-actions").render())

    await run(update, size=size, inspect=inspect)
    assert "draft" in shown["prompt"].lower() and "Reveal Boss" in shown["bar"]
    assert "reveal" not in shown["prompt"].lower() and "spire" not in shown["prompt"].lower()


async def test_king_croak_with_two_market_dungeons():
    market = ((D, BANDIT), (I, YETI), (D, WOLF), (P, None))
    update = make_update(midgame(step=Step.CROAK, market=market, resume=Step.DRAFT,
                                 revealed=(True, False)))
    submitted, text = await run(update, ["n", "enter"])
    assert submitted == []  # which Dungeon? the market asks
    submitted, text = await run(update, ["n", "enter", "3"])
    assert len(submitted) == 1 and submitted[0][1] == Destroy(submitted[0][1].square, 2)
    assert submitted[0][1] in update.legal
    assert "King Croak" in text


@pytest.mark.parametrize(
    ("market", "named"),
    [
        (((D, BANDIT), (D, YETI), (T, WOLF), (P, None)), "1-2"),
        (((D, BANDIT), (I, YETI), (D, WOLF), (P, None)), "1,3"),
    ],
    ids=["1-2", "1,3"],
)
async def test_king_croak_names_the_market_dungeons_it_may_take(market, named):
    """Play-test: King Croak's "which market Dungeon" prompt said "1-9" (the
    pairs to draft, none at this step) while the footer said "1-2 Pick" and
    9 chose nothing. It names the places holding a Dungeon, as the footer."""
    update = make_update(midgame(step=Step.CROAK, market=market, resume=Step.DRAFT,
                                 revealed=(True, False)))
    seen: dict = {}

    def look(screen):
        seen["prompt"] = str(screen.query_one("#ob-prompt").render())

    submitted, text = await run(update, ["n", "enter"], inspect=look)
    assert submitted == []
    assert "which market Dungeon" in seen["prompt"]
    assert f"place? {named}; c cancels." in seen["prompt"] and "1-9" not in seen["prompt"]
    assert f"{named} Pick" in text.splitlines()[-1]


async def test_king_croak_with_one_market_dungeon():
    market = ((R, BANDIT), (I, YETI), (D, WOLF), (P, None))
    update = make_update(midgame(step=Step.CROAK, market=market, resume=Step.DRAFT,
                                 revealed=(True, False)))
    submitted, _ = await run(update, ["n", "enter"])
    assert len(submitted) == 1 and submitted[0][1].slot == 2
    assert submitted[0][1] in update.legal


@pytest.mark.parametrize(
    ("boss", "step", "keys", "check"),
    [
        (Boss.BELLADONNA, Step.POISON, ["n", "enter"], lambda a: isinstance(a, Poison)),
        (Boss.WARLORD_GRIMTUSK, Step.SLAY, ["n", "enter"], lambda a: a == Slay(sq("c8"))),
        (Boss.BARON_HEX, Step.HEX, ["2"], lambda a: a == TakeToken(1)),
        (Boss.QUEEN_RIMEFANG, Step.FROST, ["enter", "n", "enter"],
         lambda a: isinstance(a, Slide)),
    ],
)
async def test_boss_abilities(boss, step, keys, check):
    state = midgame(step=step, resume=Step.DRAFT, bosses=(boss, Boss.DR_DEADLY),
                    revealed=(True, False))
    update = make_update(state)
    submitted, text = await run(update, keys)
    assert len(submitted) == 1 and check(submitted[0][1]), submitted
    assert submitted[0][1] in update.legal
    assert BOSS_NAMES[boss].split()[-1] in text
    submitted, _ = await run(update, ["s"])
    assert submitted == [(0, Skip())]


async def test_hex_cannot_take_from_an_empty_place():
    state = midgame(step=Step.HEX, resume=Step.DRAFT, bosses=(Boss.BARON_HEX, Boss.DR_DEADLY),
                    revealed=(True, False))
    submitted, _ = await run(make_update(state), ["4"])
    assert submitted == []


async def test_hex_names_the_places_whose_token_it_may_take():
    """Baron Hex's prompt names the market places with a token to take (it
    named the pairs to draft, none at this step: "1-9", where 1 chose
    nothing)."""
    state = midgame(step=Step.HEX, resume=Step.DRAFT, bosses=(Boss.BARON_HEX, Boss.DR_DEADLY),
                    revealed=(True, False))
    update = make_update(state)
    places = sorted(a.slot + 1 for a in update.legal if isinstance(a, TakeToken))
    named = f"{places[0]}-{places[-1]}" if len(places) > 1 else str(places[0])
    _, text = await run(update, [])
    line = next(t for t in text.splitlines() if "Baron Hex:" in t)
    assert f"market: {named};" in line and "1-9" not in line


async def test_nothing_is_offered_on_the_bots_turn():
    update = make_update(midgame(turn=1), seat=0, thinking=1)
    assert update.legal == ()
    keys = ["1", "enter", "x", "r", "s", "e", "f", "2", "space"]
    submitted, text = await run(update, keys)
    assert submitted == []
    assert "Bob is drafting a pair, thinking…" in text


async def test_the_status_says_in_words_what_the_bot_is_finishing():
    """Play-test: while the hard bot finished its turn the status read
    "Bram's turn (end) thinking…"; it says what the seat is doing."""
    update = make_update(midgame(turn=1, step=Step.END, placed=sq("a8")), seat=0, thinking=1)
    _, text = await run(update, [])
    assert "Bob is finishing their turn, thinking…" in text and "(end)" not in text


def test_board_moves_come_from_the_legal_actions_only():
    update = make_update(midgame(step=Step.SWAP, placed=sq("b2")))
    moves = board_moves(update.legal)
    swaps = [a for a in update.legal if isinstance(a, SwapTokens)]
    assert len(moves) == 2 * len(swaps)
    assert {m[2] for m in moves} == set(swaps)
    spire = board_moves(update.legal, spire=True)
    assert {m[2] for m in spire} == {a for a in update.legal if isinstance(a, UseSpire)}


# -- what the screen shows -------------------------------------------------------


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
@pytest.mark.parametrize("step", [Step.DRAFT, Step.PLACE_TILE, Step.END])
async def test_the_opponents_face_down_boss_never_reaches_the_screen(size, step):
    # Ann holds King Croak; Bob's Dr. Deadly is face down. The view keeps a
    # pool of unseen Boss cards: none of them may show either.
    extra = {"hand": (Terrain.ROAD, BANDIT)} if step is Step.PLACE_TILE else {}
    state = midgame(step=step, placed=sq("a3") if step is Step.END else None, **extra)
    for seat, own in ((0, Boss.KING_CROAK), (1, Boss.DR_DEADLY), (None, None)):
        update = make_update(state, seat=seat)
        _, text = await run(update, size=size)
        for boss, name in BOSS_NAMES.items():
            if boss is not own:
                assert name not in text, (seat, name)
        if own is not None:
            assert BOSS_NAMES[own] in text
        assert "face down" in text


async def test_a_revealed_boss_is_shown_to_both():
    state = midgame(revealed=(False, True))
    _, text = await run(make_update(state, seat=0), size=(120, 36))
    assert "Dr. Deadly (house)" in text and "revealed" in text


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
@pytest.mark.parametrize("seat", [0, 1, None])
async def test_a_revealed_bosss_lasting_effect_is_shown_to_all(size, seat):
    """OD §Boss Cards ("Some Bosses will have permanent abilities"), OD-20,
    OD-21: once King Croak is revealed, every reader sees that his opponent
    cannot move Dungeons (the slides the screen offers leave them out); a
    face-down card shows nothing of it."""
    state = midgame(revealed=(True, False))
    _, text = await run(make_update(state, seat=seat), size=size)
    flat = " ".join(text.split())
    assert "cannot move Dungeons" in flat
    hidden = midgame()
    _, text = await run(make_update(hidden, seat=1), size=size)
    assert "cannot move Dungeons" not in " ".join(text.split())


def blocks(lines: list[str]) -> dict[str, str]:
    """The players panel's lines by player ("Ann", "Bob"): each block from
    its head (the name after the turn mark) to the next, joined."""
    out: dict[str, list[str]] = {}
    who = None
    for line in lines:
        head = re.match(r"^[│ ]*(?:» )?(Ann|Bob)\b", line)
        if head:
            who = head.group(1)
        if who is not None:
            out.setdefault(who, []).append(line.strip("│ "))
    return {k: " ".join(" ".join(v).split()) for k, v in out.items()}


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
@pytest.mark.parametrize("seat", [0, 1])
async def test_a_lasting_power_sits_with_the_player_it_binds(size, seat):
    """Play-test: "In force: You cannot move Dungeons." stood under King
    Croak's owner, the other player's panel. OD §Boss Cards: it binds his
    opponent, so it goes with the opponent (saying whose Boss it comes from
    where the line has room); Baron Hex's stays with his owner."""
    state = midgame(bosses=(Boss.BARON_HEX, Boss.KING_CROAK), revealed=(True, True))
    app = ScreenApp(make_update(state, seat=seat), FakePort())
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        panel = blocks(region_lines(app, app.game_screen.query_one("#ob-players")))
    ann, bob = panel["Ann"], panel["Bob"]
    assert "cannot move Dungeons" not in bob, panel
    assert ("You cannot move Dungeons." if seat == 0 else "They cannot move Dungeons.") in ann
    if size != (80, 24):
        assert ("(Bob's King Croak)" if seat == 0 else "(your King Croak)") in ann
    assert "better half" in ann and "better half" not in bob


@pytest.mark.parametrize("seat", [0, 1])
async def test_at_80x24_the_log_keeps_lines_with_both_bosses_face_up(seat):
    """Play-test: at 80x24, once both Bosses were revealed (Baron Hex and
    King Croak, each with a lasting power) the Bosses panel grew and left
    the log 3 lines (1 with monsters waiting), so the bot's moves scrolled
    out of sight. Each lasting power keeps to one line there. (No monster
    waits in a lair: at the end of a turn one waits only with no open
    terrain left, OD §Placing Tokens; one waiting takes a line more.)"""
    lairs = (Lair(crystals=(Token.SUNKEN_CITY_CRYSTAL,), spires=1, expended=1, heroes=1), Lair())
    state = midgame(bosses=(Boss.BARON_HEX, Boss.KING_CROAK), revealed=(True, True), lairs=lairs)
    app = ScreenApp(make_update(state, seat=seat), FakePort())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        log = app.game_screen.query_one("#ob-log")
        assert log.scrollable_content_region.height >= 4
        shown = [line for line in region_lines(app, log) if line.strip(" ─▇▁▂▃▄▅▆█")]
    assert "Bob ends their turn." in " ".join(shown)


async def test_at_80x24_a_lair_with_monsters_waiting_names_them():
    """Late in a duel (both Bosses revealed, monsters waiting in both lairs,
    no open terrain left for them) a lair kept to one line at 80x24 read
    "Spires ^1 v1 Crystals: S Heroes 1 KY to place": letters to look up,
    and a newcomer's play-test read them as riddles. OD §Placing Tokens: the
    lair is open knowledge. Its fields stay in words (the Crystal by its
    terrain, OD §Crystals); the monsters waiting, named, go on the line
    below where the lair's has no room for them (a row of the log, while
    they wait)."""
    lairs = (Lair(waiting=(Token.ROCKTOPUS, Token.YETI), crystals=(Token.SUNKEN_CITY_CRYSTAL,),
                  spires=1, expended=1, heroes=1),
             Lair(waiting=(Token.ROCKTOPUS,), crystals=(Token.ROAD_CRYSTAL,), expended=2,
                  heroes=2))
    state = midgame(bosses=(Boss.KING_CROAK, Boss.BARON_HEX), revealed=(True, True), lairs=lairs)
    app = ScreenApp(make_update(state), FakePort())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        panel = region_lines(app, app.game_screen.query_one("#ob-players"))
        width = app.game_screen.query_one("#ob-players").content_region.width
        log = app.game_screen.query_one("#ob-log")
        assert log.scrollable_content_region.height >= 2
    said = [line.strip() for line in panel]
    mine = said.index("Spires ^1 v1  Crystals: City  Heroes 1")
    assert said[mine + 1] == "Rocktopus, Yeti to place", panel
    bobs = said.index("Spires ^0 v2  Crystals: Road  Heroes 2")
    assert said[bobs + 1] == "Rocktopus to place", panel
    assert all(4 + len(line.strip()) < width for line in panel  # indented 4, the edge free
               if line.strip().startswith("Spires ^") or line.strip().endswith("to place"))


def _lair_turns() -> tuple[str, tuple[tuple[str, str], ...], list[str]]:
    """Ann's turn placing one monster from her lair, then Bob's placing
    three: the lines as core's `describe` words them, each with the rule."""
    first = f"You place a Yeti from your lair on d3 (your side). {LAIR_RULE}"
    moves = (("Yeti", "a1"), ("Werewolf", "b1"), ("Miniboss", "c1"))
    placed = [f"Bob places a {m} from their lair on {at} (your side). {LAIR_RULE}"
              for m, at in moves]
    return first, moves, placed


async def test_the_log_says_the_lair_rule_once_a_turn():
    """Play-test at 80x24: every monster placed from a lair added "Monsters
    waiting in a lair must go on open terrain, on either half." (three times
    in one bot turn, two of the log's lines each), and a bot's turn did not
    fit. OD §Placing Tokens: the rule is said once in the turn, on its first
    such line, each move still in its own line, and the bot's turn fits."""
    first, moves, placed = _lair_turns()
    log = (*LOG, first, "You end your turn.", *placed, "Bob ends their turn.")
    shown = lair_rule_once(log)
    assert shown[len(LOG)] == first
    bobs = shown[len(LOG) + 2:]
    assert bobs[0] == placed[0] and sum(LAIR_RULE in line for line in bobs) == 1
    app = ScreenApp(make_update(midgame(), log=log), FakePort())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        lines = region_lines(app, app.game_screen.query_one("#ob-log"))
    said = " ".join(" ".join(lines).split())
    # the bot's turn in the log's few rows (its first line above, PgUp), the
    # rule not said again under it
    assert said.count("on either half.") <= 1, lines
    for m, at in moves[1:]:
        assert f"Bob places a {m} from their lair on {at} (your side)." in said, lines
    assert "Bob ends their turn." in said


async def test_a_later_turns_lair_says_the_rule_again():
    """Play-test of the rule said once a match: at 80x24 the log shows some
    five lines, so by mid-game a bot's monster forced from its lair onto
    your half (what the sentence explains; it read as a bug) was again
    unexplained. Each turn's first such line says it (OD §Placing Tokens);
    the words of the lines before it are as they were (the recap's
    comparison)."""
    first, moves, placed = _lair_turns()
    early = (*LOG, first, "You end your turn.")
    later = (*early, "Bob drafts pair 1: Road and Bandit.", "Bob ends their turn.",
             "You draft pair 2: Icy Peak and Yeti.", "You end your turn.", *placed[:2])
    shown = lair_rule_once(later)
    assert shown[:len(early)] == lair_rule_once(early) == early
    assert shown[-2] == placed[0] and LAIR_RULE not in shown[-1]
    app = ScreenApp(make_update(midgame(), log=later), FakePort())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        lines = region_lines(app, app.game_screen.query_one("#ob-log"))
    said = " ".join(" ".join(lines).split())
    assert f"{placed[0]}" in said, lines


def test_the_lair_rule_is_said_again_after_each_reader_s_end_of_turn():
    """The turn's end, where the rule is said anew, is the line core's
    `describe` gives EndTurn, as each reader reads it ("You end your turn.",
    "Bob ends their turn.", a spectator's "Ann ends their turn.")."""
    _, _, placed = _lair_turns()
    for seat in (0, 1):
        state = attrs.evolve(midgame(), turn=seat)
        for viewer in (0, 1, None):
            end = GAME.describe(state, seat, EndTurn(), names=NAMES, viewer=viewer)
            assert lair_rule_once((placed[0], end, placed[1]))[-1] == placed[1], end


async def test_at_80x24_monsters_waiting_in_a_lair_are_said_to_be_placed():
    """Play-test at 80x24: "Spires ^1 v0  Crystals –  Heroes 1  Waiting M Y"
    said nothing of what "Waiting" was, and ran to the panel's edge as if cut
    off. OD §Placing Tokens: monsters waiting in the lair must be placed while
    an open terrain tile exists: "M Y to place", a column short of the edge."""
    lairs = (Lair(waiting=(Token.MINIBOSS, YETI), spires=1, heroes=1),
             Lair(waiting=(Token.ROCKTOPUS,), crystals=(Token.ROAD_CRYSTAL,), expended=2,
                  heroes=2))
    app = ScreenApp(make_update(midgame(lairs=lairs)), FakePort())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        panel = app.game_screen.query_one("#ob-players")
        lines = region_lines(app, panel)
        width = panel.content_region.width
    lair_lines = [line.rstrip() for line in lines if line.strip().startswith("Spires ^")]
    # the Spires and Crystals kept in their place, "–" or "^0 v0" as they
    # are: a field that came and went moved the rest turn to turn
    assert [line.strip() for line in lair_lines] == [
        "Spires ^1 v0  Crystals –  Heroes 1", "Spires ^0 v2  Crystals: Road  Heroes 2"], lines
    said = [line.strip() for line in lines]
    assert "Miniboss, Yeti to place" in said and "Rocktopus to place" in said, lines
    # the padding column, then the line: its last cell left blank
    assert all(len(line) <= width for line in lair_lines), (width, lair_lines)
    assert "Waiting" not in "".join(lines)


async def test_at_80x24_a_lairs_crystals_are_named():
    """OD §Crystals: a Crystal scores the tiles of its terrain. At 80x24 the
    lair read "Crystals i p", a letter to look up (a play-test); it names
    their terrains shortly, where that fits the panel's width."""
    lairs = (Lair(crystals=(Token.ICY_PEAK_CRYSTAL, Token.SPAWNING_POOL_CRYSTAL),
                  spires=1, expended=1, heroes=1),
             Lair(crystals=(Token.ROAD_CRYSTAL, Token.SUNKEN_CITY_CRYSTAL), heroes=2))
    app = ScreenApp(make_update(midgame(lairs=lairs)), FakePort())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        panel = app.game_screen.query_one("#ob-players")
        lines = region_lines(app, panel)
        width = panel.content_region.width
    lair_lines = [line.strip() for line in lines if line.strip().startswith("Spires ^")]
    assert lair_lines == ["Spires ^1 v1  Crystals: Peak, Pool  Heroes 1",
                          "Spires ^0 v0  Crystals: Road, City  Heroes 2"], lines
    assert all(4 + len(line) <= width for line in lair_lines)  # indented 4


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
async def test_board_reads_in_letters(size):
    _, text = await run(make_update(midgame()), size=size)
    assert "Bob's half" in text and "Your half" in text
    assert "divide" in text
    assert "≈" in text and "▲" in text
    if size == (80, 24):
        for letters in ("S K", "T H", "R B", "P L", "I Y", "P M"):
            assert letters in text
    else:
        for words in ("S City", "K Octopus", "T Town", "H Hero", "P Pool", "M Miniboss"):
            assert words in text
    assert "R Road  +  B Bandit" in text


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
async def test_game_over_shows_the_score_pad(size):
    state = finished()
    update = make_update(state)
    submitted, text = await run(update, ["1", "enter", "e", "x"], size=size)
    assert submitted == []
    outcome = GAME.outcome(update.view)
    assert outcome is not None
    assert "The duel is over" in text
    # the way back to the results (and the rematch), as in the other games
    assert "r rematch · b the results" in " ".join(text.split())
    for category in ("Dungeons", "Icy Peaks", "Spawning Pools", "Roads", "Longest road",
                     "Towns", "Sunken Cities", "Bands", "Matching monsters", "Minibosses",
                     "Crystals", "Heroes slain", "Boss objective", "Tile score", "Total"):
        assert category in text, category
    # sentence case, as its neighbours (play-test: "Tile Score" among "Longest road")
    assert "Tile Score" not in text
    winner = sorted(outcome.winners)[0]
    assert f"★ {('Ann', 'Bob')[winner]}" in text


async def test_at_80x24_p_on_the_final_table_shows_the_bosses_and_lairs():
    """OD §Boss Cards: every objective scores, revealed or not; OD §Crystals,
    §Sunken City: they count the lair. At 80x24 the final table showed only
    the score pad and p did nothing (a play-test): a never-revealed Boss was
    never named and its "Boss objective" row could not be checked. p now
    switches between the pad and the Bosses with their lairs, and says so."""
    _, text = await run(make_update(finished()), [])
    said = " ".join(text.split())
    assert "Final score pad" in text and "never revealed" not in text
    assert "p shows the Bosses and lairs" in said
    _, text = await run(make_update(finished()), ["p"])
    said = " ".join(text.split())
    assert "Final score pad" not in text
    assert "Dr. Deadly (house) · never revealed: +2 for" in said  # its objective
    assert "King Croak · revealed" in said
    assert "Crystals: City" in said and "Crystals: Road" in said
    assert "p shows the score pad" in said
    _, text = await run(make_update(finished()), ["p", "p"])
    assert "Final score pad" in text and "never revealed" not in text
    # the running pad left open before the end does not hide the final one
    app = ScreenApp(make_update(midgame()), FakePort())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("p")
        app.game_screen.show(make_update(finished()))
        await pilot.pause()
        assert "Final score pad" in screen_text(app)


async def test_the_final_tables_footer_names_what_p_does_now():
    """Play-test (80x24): on the final table the footer read "p Score pad"
    with the score pad already shown, and p brought up the Bosses and
    lairs. The footer names what p does now: "p Bosses & lairs", then,
    those shown, "p Score pad"."""
    from tests.test_tui_footer_fit import footer_line

    app = ScreenApp(make_update(finished()), FakePort())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "Final score pad" in screen_text(app)
        line = footer_line(app)
        assert "p Bosses & lairs" in line and "p Score pad" not in line, line
        await pilot.press("p")
        await pilot.pause()
        assert "Final score pad" not in screen_text(app)
        line = footer_line(app)
        assert "p Score pad" in line and "Bosses & lairs" not in line, line
        await pilot.press("p")
        await pilot.pause()
        assert "Final score pad" in screen_text(app)


@pytest.mark.parametrize("size", [(80, 24), (120, 36)])
async def test_once_over_nothing_is_to_place_nor_to_reveal(size):
    """OD §Turn Order 7: the duel is over once the board is full; no token
    is placed after, no Boss revealed. Play-test: the final table's lair
    still read "Bandit, Rocktopus, Spellslime, Yeti to place" and "Reveal
    (r): …". Once over, what is left in the lair is said plainly ("in the
    lair: …") and no reveal is offered."""
    state = finished(lairs=(Lair(waiting=(BANDIT, ROCK, SLIME, YETI), spires=1, heroes=2),
                            Lair(crystals=(Token.ROAD_CRYSTAL,), spires=2, heroes=1)),
                     revealed=(False, False))
    _, text = await run(make_update(state), ["p"] if size == (80, 24) else [], size=size)
    said = " ".join(text.split())
    assert "Dr. Deadly" in said and "never revealed" in said, said  # the lairs are shown
    assert "to place" not in said and "Reveal (r)" not in said, said
    assert re.search(r"in the lair: (Bandit|B)", said), said


async def test_at_80x24_the_final_pad_shows_every_crystal_baron_hex_scored_across():
    """Play-test: at 80x24 the final table showed one of Baron Hex's two
    notes ("the Road Crystal scores the other half (4 instead of 3)"), with
    no sign of the Sunken City one: "Crystals 7" could not be explained.
    OD-21 (house): both are said, whole, in the pad's room."""
    # Bob's half holds more Sunken Cities than Ann's (a6 turned into one)
    state = table(FINAL.replace("\nIY D. TW RB", "\nSY D. TW RB", 1), step=Step.OVER,
                  lairs=(Lair(crystals=(Token.ROAD_CRYSTAL, Token.SUNKEN_CITY_CRYSTAL),
                              spires=1, expended=1, heroes=2),
                         Lair(spires=2, heroes=1)),
                  market=(), bosses=(Boss.BARON_HEX, Boss.DR_DEADLY), revealed=(True, False),
                  turns=32)
    assert Category("Crystals", (7, 0)) in GAME.outcome(state).breakdown
    _, text = await run(make_update(state), [])
    lines = text.splitlines()
    left = next(line for line in lines if "Final score pad" in line).index("Final score pad")
    said = " ".join(" ".join(line[left:] for line in lines).split())  # the pad's column
    assert "Crystals 7 0" in said
    assert ("Baron Hex: Crystals scored on the other half: Road 3 (not 2), "
            "Sunken City 4 (not 3).") in said


async def test_at_80x24_the_final_pad_says_when_its_notes_go_on_below():
    """Play-test: tied on Power with Baron Hex's Crystals note, the final
    pad at 80x24 showed the first line of its notes, cut, with no sign of
    the rest (the tie's note). Its top rule says more is below and the
    key (tab) that gives it the keys; there the arrows and PgDn scroll it
    to the last note, and the rule then says no more."""
    state = tied_final()
    outcome = GAME.outcome(state)
    assert outcome.counted == (63, 63) and len(outcome.notes) == 2
    app = ScreenApp(make_update(state), FakePort())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.game_screen
        box = screen.query_one("#ob-score-box")
        await wait_for(pilot, lambda: "Final score pad · ↓ more below (tab)" in screen_text(app))
        assert box.max_scroll_y > 0
        await pilot.press("tab")
        assert app.focused is box
        await wait_for(pilot, lambda: "↓ more below (↓ PgDn)" in screen_text(app))
        await pilot.press("pagedown", "pagedown")
        await wait_for(pilot, lambda: "more below" not in screen_text(app))
        lines = screen_text(app).splitlines()
        left = next(line for line in lines if "Final score pad" in line).index("Final score pad")
        said = " ".join(" ".join(line[left:] for line in lines).split())  # the pad's column
        assert "Tied at 63: Bob wins on the tile score, 38 to 33 (house ruling OD-12)." in said
        assert "one below" not in said
        await pilot.press("tab")  # back to the board, whose squares it describes
        assert app.focused is screen.query_one("#ob-board")


@pytest.mark.parametrize("seat", [0, 1, None])
async def test_a_tie_on_power_says_the_tile_score_decided_od12(seat):
    """OD-12: tied on Power (4 to 4), Ann wins on the Tile Score (4 to 2).
    The headline says so, not "Ann wins 4 to 4!"."""
    state = table(board(a1="T.", b1="T.", a8="TM"), step=Step.OVER,
                  bosses=(Boss.KING_CROAK, Boss.DR_DEADLY))
    outcome = GAME.outcome(state)
    assert outcome.winners == {0} and outcome.counted == (4, 4)
    _, text = await run(make_update(state, seat=seat), size=(120, 36))
    assert "wins 4 to 4" not in text
    assert "Tied at 4: Ann wins on the tile score, 4 to 2!" in text


async def test_a_tie_on_power_and_tile_score_says_both_tied_od12():
    """OD-12: tied on Power (4) and on the tile score (2), both win; the
    prompt says both ties, as the pad's note does ("A tie at 4: both
    win!" left the tile score unsaid)."""
    state = table(board(a1="T.", a8="TM"), lairs=(Lair(heroes=2), Lair()), step=Step.OVER,
                  bosses=(Boss.KING_CROAK, Boss.DR_DEADLY))
    assert GAME.outcome(state).winners == {0, 1}
    _, text = await run(make_update(state), size=(120, 36))
    said = " ".join(text.split())
    assert "Tied at 4, and at 2 on the tile score: both win!" in said


async def test_the_score_pad_estimate_toggles():
    _, text = await run(make_update(midgame()), ["p"], size=(120, 36))
    assert "Score pad so far" in text and "Matching monsters" in text


def _pad_row(text: str, label: str) -> list[str]:
    """The cells of the score pad's row `label`."""
    line = next(line for line in text.splitlines() if f" {label} " in line)
    return line.split(label, 1)[1].split()


@pytest.mark.parametrize("seat", [0, 1, None])
async def test_the_running_pad_marks_a_face_down_boss_hidden(seat):
    """OD §Boss cards: an objective scores at the end "whether you revealed
    your Boss or not". A play-test: the pad showed a face-down opponent
    Boss's objective as 0 and a Total without it. The hidden cell is "?"
    and that side's total "N+?"; your own Boss counts in full."""
    lairs = (Lair(crystals=(Token.SUNKEN_CITY_CRYSTAL,), spires=1, expended=1, heroes=1),
             Lair(waiting=(Token.ROCKTOPUS,), spires=1, expended=0, heroes=0))
    state = midgame(lairs=lairs)
    full = GAME.score_pad(state)
    objective = dict(full.categories)["Boss objective"]
    assert objective[1] == 2  # Dr. Deadly, face down: 2 for the Spire
    _, text = await run(make_update(state, seat=seat), ["p"])
    hidden = {0: {1}, 1: {0}, None: {0, 1}}[seat]
    cells = [("?" if s in hidden else str(objective[s])) for s in (0, 1)]
    totals = [(f"{full.totals[s] - objective[s]}+?" if s in hidden else str(full.totals[s]))
              for s in (0, 1)]
    assert _pad_row(text, "Boss objective") == cells
    assert _pad_row(text, "Total") == totals
    assert "est." in text.splitlines()[0]


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
@pytest.mark.parametrize("seat", [0, 1, None])
async def test_the_half_labels_mark_a_face_down_boss_as_the_pad_does(seat, size):
    """OD §Boss cards: a face-down Boss's objective scores at the end, so a
    half's label counts without it "N+?", as the score pad's Total does (the
    labels gave a bare total, read as final; "pts" gives way at 80 columns);
    your own Boss counts in full."""
    lairs = (Lair(crystals=(Token.SUNKEN_CITY_CRYSTAL,), spires=1, expended=1, heroes=1),
             Lair(waiting=(Token.ROCKTOPUS,), spires=1, expended=0, heroes=0))
    state = midgame(lairs=lairs)
    full = GAME.score_pad(state)
    objective = dict(full.categories)["Boss objective"]
    hidden = {0: {1}, 1: {0}, None: {0, 1}}[seat]
    _, text = await run(make_update(state, seat=seat), size=size)
    for s, name in enumerate(("Ann", "Bob")):
        who = "Your" if s == seat else f"{name}'s"
        pts = (f"{full.totals[s] - objective[s]}+?" if s in hidden
               else f"{full.totals[s]} pts")
        assert f"{who} half · {pts}" in text, (s, text)
    # revealed, nothing is hidden: the labels are exact
    _, text = await run(make_update(attrs.evolve(state, revealed=(True, True)), seat=seat),
                        size=size)
    assert "+?" not in text
    for s, name in enumerate(("Ann", "Bob")):
        who = "Your" if s == seat else f"{name}'s"
        assert f"{who} half · {full.totals[s]} pts" in text, (s, text)


@pytest.mark.parametrize("seat", [0, 1])
async def test_once_the_bosses_are_revealed_the_pad_and_header_are_exact(seat):
    """OD §Boss cards: a revealed Boss is public, so the pad shows its
    objective and the real total, and the header drops "est." (it stood
    after the reveal with nothing left hidden: a play-test)."""
    lairs = (Lair(crystals=(Token.SUNKEN_CITY_CRYSTAL,), spires=1, expended=1, heroes=1),
             Lair(waiting=(Token.ROCKTOPUS,), spires=1, expended=0, heroes=0))
    state = midgame(lairs=lairs, revealed=(seat == 1, seat == 0))
    full = GAME.score_pad(state)
    objective = dict(full.categories)["Boss objective"]
    _, text = await run(make_update(state, seat=seat), ["p"])
    assert _pad_row(text, "Boss objective") == [str(v) for v in objective]
    assert _pad_row(text, "Total") == [str(v) for v in full.totals]
    assert "est." not in text.splitlines()[0]
    assert "?" not in text


async def test_at_80x24_the_prompt_says_when_the_score_pad_hides_the_market():
    """Play-test (2026-12-04): at 80x24 the score pad takes the market's
    place, and the prompt still said to draft "↑↓ + ↵ in the market". It
    says the pad hides it and p shows it; the numbers still draft."""
    submitted, text = await run(make_update(midgame()), ["p"])
    said = " ".join(text.split())
    assert "the score pad hides the market: p shows it" in said
    assert "in the market" not in said
    submitted, text = await run(make_update(midgame()), ["p", "p"])
    assert "in the market" in " ".join(text.split())
    submitted, _ = await run(make_update(midgame()), ["p", "2"])
    assert submitted == [(0, Draft(1))]
    _, text = await run(make_update(midgame()), ["p"], size=(120, 36))
    assert "in the market" in " ".join(text.split())  # tall: the market stays


@pytest.mark.parametrize("can_undo", [True, False])
async def test_the_end_of_turn_prompt_offers_u_only_when_it_works(can_undo):
    """Review (2026-12-04): "Pair placed. e ends your turn; u takes back."
    where a token drawn since had locked the undo, and u was refused."""
    update = attrs.evolve(make_update(midgame(step=Step.END)), can_undo=can_undo)
    _, text = await run(update)
    said = " ".join(text.split())
    assert "Pair placed." in said
    assert ("u takes back" in said) is can_undo


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
async def test_the_end_of_turn_prompt_says_u_is_the_last_chance(size):
    """OD §Turn Order 6: ending a turn restocks the market from the stack
    (never empty in a duel: 68 tiles for at most 32 squares), and nothing is
    taken back past a draw; so the hand-over cover's u never worked here (a
    play-test). The prompt says this u is the last chance, whole, at 80x24."""
    update = attrs.evolve(make_update(midgame(step=Step.END)), can_undo=True)
    _, text = await run(update, size=size)
    said = " ".join(text.split())
    assert "u takes back (not after: new pairs are drawn)." in said


# -- snapshots -----------------------------------------------------------------


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_snapshot_board_midgame(snap_compare, size):
    update = make_update(midgame(step=Step.PLACE_TILE, hand=(T, WOLF)))
    assert snap_compare(ScreenApp(update), terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_snapshot_two_square_move(snap_compare, size):
    update = make_update(midgame(step=Step.SLIDE, placed=sq("a3")))
    assert snap_compare(ScreenApp(update), terminal_size=size, press=["enter"])


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_snapshot_score_pad(snap_compare, size):
    assert snap_compare(ScreenApp(make_update(finished())), terminal_size=size)


# -- whose view this is -----------------------------------------------------------


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
@pytest.mark.parametrize("seat", [0, 1, None])
async def test_header_and_players_say_whose_view_it_is(size, seat):
    """Hot-seat play: the header names the seat whose view the screen shows
    (never cut off at 80x24), and the players panel marks that player
    "(you)"; the public view says "spectating" and marks nobody."""
    update = attrs.evolve(make_update(midgame(), seat=seat), bots=frozenset())
    _, text = await run(update, size=size)
    header, *rest = text.splitlines()
    assert len(header.rstrip()) <= size[0] - 1
    if seat is None:
        assert "spectating" in header
        assert "(you)" not in text
    else:
        name = ("Ann", "Bob")[seat]
        assert f"{name}'s view · " in header
        marked = [row for row in rest if "(you)" in row]
        assert len(marked) == 1 and f"{name} (you)" in marked[0]


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
@pytest.mark.parametrize("seat", [0, 1, None])
async def test_the_header_keeps_the_hero_supply(size, seat):
    """OD §Town, §Heroes, OD-19: the hero supply runs out in play (15
    heroes, Towns spawning in every Town), and who gets the last ones is a
    choice, so its count stays in the header at 80x24, where the stack and
    the bag (which never run out: 68 of each for 32 squares) give way
    first."""
    state = midgame()
    update = attrs.evolve(make_update(state, seat=seat), bots=frozenset())
    _, text = await run(update, size=size)
    header = text.splitlines()[0]
    assert f"heroes {state.heroes}" in header
    if size == (120, 36):
        assert f"stack {sum(state.stack)}" in header and f"bag {sum(state.bag)}" in header


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
async def test_the_header_counts_rounds_one_a_turn_of_each(size):
    """Play-test: the header said "Turn 1", then "Turn 3", "Turn 5"...
    "Turn 31" at a player's own turns (it counted every turn). OD §Turn
    Order: the Bosses take turns in turn, so it counts rounds, a turn of
    each: a player's turns read 1, 2, 3..., the other player's turn
    between them the round it belongs to."""
    word = "Round" if size == (80, 24) else "round"
    shown = []
    for turns, turn in ((16, 0), (17, 1), (18, 0)):
        update = make_update(midgame(turns=turns, turn=turn), seat=0)
        _, text = await run(update, size=size)
        shown.append(re.search(rf"{word} (\d+)", text.splitlines()[0]).group(1))
    assert shown == ["9", "9", "10"]
    assert "Turn" not in text.splitlines()[0]


# -- focus and the footer's keys (play-test) ---------------------------------------


async def test_tab_goes_between_the_market_and_the_action_bar():
    """Tab while drafting goes to the action bar and back, never to a place
    where the prompt's keys do nothing; the market shows its cursor ▶ only
    while it has the focus; ↑↓ on the action bar bring the focus back to
    the market, where ↵ drafts."""
    from tui.widgets import ActionBar, Market

    seen = {}

    def look(screen):
        seen["focused"] = screen.focused

    update = make_update(midgame())
    submitted, text = await run(update, ["tab"], inspect=look)
    assert isinstance(seen["focused"], ActionBar)
    assert "▶" not in text  # the market's cursor is not shown where the focus is not
    assert "↵ Do it" in text.splitlines()[-1]
    assert submitted == []
    _, text = await run(update, ["tab", "tab"], inspect=look)
    assert isinstance(seen["focused"], Market) and "▶ 1 R Road" in text
    assert "↵ Choose" in text.splitlines()[-1]
    submitted, _ = await run(update, ["tab", "down", "enter"], inspect=look)
    assert isinstance(seen["focused"], Market)
    assert submitted == [(0, Draft(1))]
    submitted, _ = await run(update, ["shift+tab", "up", "enter"])
    assert submitted == [(0, Draft(0))]


async def test_tab_goes_between_the_board_and_the_action_bar():
    """Placing a tile: Tab goes to the action bar and back to the board,
    where ↵ places the tile; ↑ on the bar is back on the board."""
    from tui.widgets import ActionBar

    seen = {}

    def look(screen):
        seen["focused"] = screen.focused

    update = make_update(midgame(step=Step.PLACE_TILE, hand=(I, YETI)))
    submitted, _ = await run(update, ["tab"], inspect=look)
    assert isinstance(seen["focused"], ActionBar) and submitted == []
    submitted, _ = await run(update, ["tab", "tab", "k", "enter"], inspect=look)
    assert isinstance(seen["focused"], Board)
    assert submitted == [(0, PlaceTile(sq("a2")))]
    submitted, _ = await run(update, ["tab", "up"], inspect=look)
    assert isinstance(seen["focused"], Board) and submitted == []


@pytest.mark.parametrize(
    ("update", "shown"),
    [
        (make_update(midgame()), "1-4 Draft"),
        (make_update(token_table()), "1-3 Token"),
    ],
    ids=["draft", "token"],
)
async def test_the_footer_shows_the_number_keys_that_work(update, shown):
    """The market has 4 places (OD §Set Up 5): the footer says 1-4, not
    1-9; while placing, as many keys as tokens to choose between."""
    _, text = await run(update)
    footer = text.splitlines()[-1]
    assert shown in footer and "1-9" not in footer


async def test_no_number_key_in_the_footer_when_none_works():
    _, text = await run(make_update(midgame(step=Step.PLACE_TILE, hand=(I, YETI))))
    footer = text.splitlines()[-1]
    assert "1-" not in footer


# -- the board's cursor stays where the player put it ------------------------------
#
# Arrows move one square at a time from where the cursor is drawn: the screen
# never moves it by itself (not when a first square is picked, nor when the
# squares offered change). On a square that is not a choice it says so, and
# Enter there plays nothing (n jumps to a choice).

PLAYTEST_SIZES = [(80, 24), (160, 48)]
PLAYTEST_IDS = ["80x24", "160x48"]


async def click_square(pilot, board: Board, name: str) -> None:
    """Click the square `name` (as a player would, wherever it is drawn)."""
    row, col = board.position_of(sq(name))
    region = board.cells_region(range(row, row + 1), range(col, col + 1))
    await pilot.click(board, offset=(region.x + 2, region.y))
    await pilot.pause()


def info_text(screen) -> str:
    from textual.widgets import Static

    return str(screen.query_one("#ob-info", Static).render())


@pytest.mark.parametrize("size", PLAYTEST_SIZES, ids=PLAYTEST_IDS)
async def test_the_cursor_stays_on_the_first_square_of_a_road_swap(size):
    """Play-test: the first token picked, the cursor jumped to another
    square, so Up x6 "to c7" ended on b8 (not a choice for that move)."""
    update = make_update(midgame(step=Step.SWAP, placed=sq("b2")))
    swap = next(a for a in update.legal if isinstance(a, SwapTokens)
                and {a.a, a.b} == {sq("c1"), sq("c7")})
    table = FakePort()
    app = ScreenApp(update, table)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        screen = app.game_screen
        board = screen.query_one("#ob-board", Board)
        await click_square(pilot, board, "c1")  # c1's Miniboss: the first token
        assert board.marked == {sq("c1")}
        assert board.cursor_key == sq("c1")  # still on the square chosen
        assert "first square" in info_text(screen)
        for _ in range(6):
            await pilot.press("up")
        assert board.cursor_key == sq("c7")
        await pilot.press("enter")
        await pilot.pause()
    assert table.submitted == [(0, swap)]


async def test_n_stays_on_a_choice_under_the_cursor_then_goes_to_the_next():
    """Play-test: on b1, a square the tile may go on, n jumped to another
    ("the legal square nearest the cursor" is the one under it). The first
    n stays there; again, n goes on to the next nearest, and N back."""
    table = FakePort()
    app = ScreenApp(make_update(midgame(step=Step.PLACE_TILE, hand=(I, YETI))), table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.game_screen
        board = screen.query_one("#ob-board", Board)
        assert board.cursor_key == sq("a1")  # where the cursor starts
        await pilot.press("right")
        assert sq("b1") in board.targets and board.cursor_key == sq("b1")
        await pilot.press("n")
        assert board.cursor_key == sq("b1")
        await pilot.press("n")
        nearest = board.cursor_key
        assert nearest != sq("b1") and nearest in board.targets
        await pilot.press("N")
        assert board.cursor_key == sq("b1")
    assert table.submitted == []


@pytest.mark.parametrize("size", PLAYTEST_SIZES, ids=PLAYTEST_IDS)
async def test_the_cursor_stays_put_after_drafting(size):
    """Play-test: after drafting, the cursor snapped from an occupied square
    to the nearest open one, so the tile went one square off from where the
    player counted. Here c1 (a Miniboss) to c5, four squares up."""
    table = FakePort()
    app = ScreenApp(make_update(midgame()), table)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        screen = app.game_screen
        board = screen.query_one("#ob-board", Board)
        await click_square(pilot, board, "c1")  # while drafting: only moves the cursor
        assert board.cursor_key == sq("c1")
        await pilot.press("2")
        await pilot.pause()
        assert table.submitted == [(0, Draft(1))]
        screen.show(make_update(midgame(step=Step.PLACE_TILE, hand=(I, YETI))))
        await pilot.pause()
        assert board.cursor_key == sq("c1")  # where the player left it
        assert sq("c1") not in board.targets
        assert "not a choice" in info_text(screen)
        await pilot.press("enter")  # not a choice: nothing is played
        await pilot.pause()
        assert table.submitted == [(0, Draft(1))]
        assert board.cursor_key == sq("c1")
        for _ in range(4):
            await pilot.press("up")
        await pilot.press("enter")
        await pilot.pause()
    assert table.submitted == [(0, Draft(1)), (0, PlaceTile(sq("c5")))]


async def test_the_cursor_stays_when_the_squares_offered_change():
    """Picking another token, entering and leaving Spire mode, cancelling a
    first square: the offered squares change, the cursor does not move."""
    table = FakePort()
    app = ScreenApp(make_update(token_table(placed="c4")), table)  # a Dungeon: tokens go elsewhere
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.game_screen
        board = screen.query_one("#ob-board", Board)
        start = board.cursor
        for key in ("2", "3", "1"):
            before = set(board.targets)
            await pilot.press(key)
            await pilot.pause()
            assert board.cursor == start, key
        assert board.targets == before
        # Drafting, then Spire mode and out of it.
        screen.show(make_update(midgame()))
        await pilot.pause()
        await click_square(pilot, board, "b3")
        for key in ("x", "x", "x"):
            await pilot.press(key)
            await pilot.pause()
            assert board.cursor_key == sq("b3"), key
        # A Spire's first square, then cancelled: the cursor stays on it.
        sources = {a.src for a in screen.update.legal if isinstance(a, UseSpire)}
        first = next(iter(sorted(sources)))
        board.move_to_key(first)
        await pilot.press("enter")
        await pilot.pause()
        assert board.marked == {first} and board.cursor_key == first
        await pilot.press("c")
        await pilot.pause()
        assert board.marked == set() and board.cursor_key == first
    assert table.submitted == []


@pytest.mark.parametrize(
    ("state", "picks"),
    [
        (midgame(step=Step.PLACE_TILE, hand=(I, YETI)), ()),
        (midgame(step=Step.SLIDE, placed=sq("a3")), ("a1",)),
        (midgame(step=Step.SWAP, placed=sq("b2")), ("b2",)),
        (two_square_town(), ("d2",)),
        (token_table(placed="c4"), ()),
        (token_table(step=Step.LAIR, hand=None), ()),
        (midgame(step=Step.POISON, resume=Step.DRAFT, bosses=(Boss.BELLADONNA, Boss.DR_DEADLY),
                 revealed=(True, False)), ()),
        (midgame(step=Step.SLAY, resume=Step.DRAFT,
                 bosses=(Boss.WARLORD_GRIMTUSK, Boss.DR_DEADLY), revealed=(True, False)), ()),
        (midgame(step=Step.FROST, resume=Step.DRAFT,
                 bosses=(Boss.QUEEN_RIMEFANG, Boss.DR_DEADLY), revealed=(True, False)), ("a1",)),
        (midgame(step=Step.CROAK, market=((D, BANDIT), (I, YETI), (D, WOLF), (P, None)),
                 resume=Step.DRAFT, revealed=(True, False)), ("c1",)),
    ],
    ids=["place-tile", "icy-peak", "road", "town", "token", "lair", "belladonna", "grimtusk",
         "rimefang", "king-croak"],
)
async def test_no_board_choice_moves_the_cursor(state, picks):
    """Every board choice, one square or several: the cursor starts at the
    bottom left of your half and stays on every square the player picks."""
    update = make_update(state)
    table = FakePort()
    app = ScreenApp(update, table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.game_screen
        board = screen.query_one("#ob-board", Board)
        assert board.cursor_key == sq("a1")
        assert ("↵ choose" if sq("a1") in board.targets else "not a choice") in info_text(screen)
        for name in picks:
            await click_square(pilot, board, name)
            assert board.cursor_key == sq(name) and board.marked == {sq(name)}
    assert table.submitted == []


async def test_enter_off_the_choices_says_why_and_n_finds_one():
    table = FakePort()
    app = ScreenApp(make_update(midgame(step=Step.PLACE_TILE, hand=(I, YETI))), table)
    notes = []
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.game_screen
        board = screen.query_one("#ob-board", Board)
        screen.notify = lambda message, **kw: notes.append(message)  # type: ignore[method-assign]
        assert board.cursor_key == sq("a1")  # a Dungeon
        await pilot.press("enter")
        await pilot.pause()
        assert table.submitted == []
        assert notes and "a1 is not a choice" in notes[-1] and "n" in notes[-1]
        await pilot.press("n")
        await pilot.pause()
        assert board.cursor_key in board.targets
        await pilot.press("enter")
        await pilot.pause()
    assert table.submitted == [(0, PlaceTile(board.cursor_key))]



def region_lines(app, widget) -> list[str]:
    """The screen's lines inside `widget`'s region, as drawn."""
    region = widget.region
    lines = screen_text(app).splitlines()
    return [line[region.x:region.right] for line in lines[region.y:region.bottom]]


@pytest.mark.parametrize("size", PLAYTEST_SIZES, ids=PLAYTEST_IDS)
async def test_lair_and_legend_entries_are_never_cut_in_two(size):
    """Play-test at 80 columns: a lair's line wrapped at any space, leaving
    "Waiting" at the end of one line and its tokens on the next; the
    legend wrapped "T" from "Town". Each part stays whole on a line."""
    from core.overboss.components import Terrain as Tile
    from tui.screens.overboss import terrain_text, token_text

    lairs = (Lair(waiting=(BANDIT, Token.ROCKTOPUS, WOLF, Token.MINIBOSS),
                  crystals=(Token.SUNKEN_CITY_CRYSTAL, Token.ICY_PEAK_CRYSTAL),
                  spires=2, expended=1, heroes=3),
             Lair(waiting=(YETI, Token.SPELLSLIME, Token.MINIBOSS),
                  crystals=(Token.ROAD_CRYSTAL,), spires=1, heroes=2))
    app = ScreenApp(make_update(midgame(lairs=lairs)), FakePort())
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        screen = app.game_screen
        lines = region_lines(app, screen.query_one("#ob-players"))
        wide = size[0] >= 110
        for lair in lairs:
            # narrow, named on a line of their own where the lair's has no room
            said = ([f"{', '.join(f'{k.letter} {k.label}' for k in lair.waiting)} to place"]
                    if wide else [f"{', '.join(k.label for k in lair.waiting)} to place"])
            assert any(t in line for t in said for line in lines), lines
        assert not any(line.strip().startswith("to place") for line in lines)
        legend = screen.query_one("#ob-legend")
        if legend.display and not legend.letters:
            # a spacious board names its tiles and tokens itself: the
            # legend keeps the marks only, each whole
            shown = region_lines(app, legend)
            assert any("≈ water  ▲ mountains" in line for line in shown), shown
        elif legend.display:
            shown = region_lines(app, legend)
            for entry in [*(terrain_text(t).plain for t in Tile),
                          *(token_text(k).plain for k in Token if k.label and not k.crystal
                            and k is not Token.SPIRE)]:
                assert any(entry in line for line in shown), (entry, shown)


async def test_the_reveal_line_keeps_its_indent_when_it_wraps():
    """Play-test at 160x48: your face-down Boss's "Reveal (r): ..." line
    wrapped back to the panel's left edge, under the players' names. It
    goes on indented, like the lair line below it."""
    app = ScreenApp(make_update(midgame()), FakePort())
    async with app.run_test(size=(160, 48)) as pilot:
        await settle(pilot)
        lines = region_lines(app, app.game_screen.query_one("#ob-players"))
    start = next(n for n, line in enumerate(lines) if "Reveal (r):" in line)
    end = next(n for n, line in enumerate(lines) if "│     Spires" in line)
    assert end - start >= 2, "King Croak's reveal is long enough to wrap at 160 columns"
    for line in lines[start:end + 1]:
        assert line.startswith("│     "), lines


@pytest.mark.parametrize("boss", list(Boss), ids=[b.value for b in Boss])
async def test_at_80x24_your_face_down_boss_says_its_reveal_in_one_line(boss):
    """Hot-seat play-test (80x24): the Bosses & lairs pane showed your
    Boss's objective but not its reveal ability (only at 200x60), so a
    player planning when to reveal (OD §Boss cards) could not see it. A
    short line says it, one line for every Boss, the log keeping its
    rows beside it."""
    from core.overboss import bosses

    state = midgame(bosses=(boss, Boss.DR_DEADLY if boss is not Boss.DR_DEADLY
                            else Boss.KING_CROAK))
    app = ScreenApp(make_update(state), FakePort())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        lines = region_lines(app, app.game_screen.query_one("#ob-players"))
        log = app.game_screen.query_one("#ob-log")
        assert log.region.height >= 4, log.region
    said = [line for line in lines if "Reveal (r): " in line]
    assert len(said) == 1, lines
    short = bosses.card(boss).reveal_short or bosses.card(boss).reveal
    assert short in said[0], (short, said)


@pytest.mark.parametrize("shared", [False, True], ids=["here", "shared"])
async def test_undo_stays_in_the_footer_while_a_take_back_is_possible(shared):
    """Hot-seat play-test (80x24): after a Spire move the footer read "↵ Do
    it x Spire r Reveal Boss e End turn p Score pad … f1 Help": u Undo had
    gone behind "…" while the move could still be taken back. The score
    pad's key (F1 lists it) gives way first then."""
    from textual.binding import Binding

    from tests.test_tui_footer_fit import footer_line

    class WithAppKeys(ScreenApp):
        # the app's own keys, as OvertableApp's (F2 at a shared table)
        BINDINGS = [Binding("f1", "help", "Help"),
                    *([Binding("f2", "chat", "Chat")] if shared else [])]

    port = FakePort()
    if shared:
        port.answers_later = True  # q Lobby: a longer word
    update = make_update(midgame(step=Step.END), can_undo=True)
    app = WithAppKeys(update, port)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.pause()
        line = footer_line(app)
        assert "u Undo" in line and "x Spire" in line and "e End turn" in line, line
        assert "f1 Help" in line, line
        app.game_screen.show(make_update(midgame(step=Step.END), can_undo=False))
        await pilot.pause()
        await pilot.pause()
        line = footer_line(app)
        # nothing to take back: u is dimmed and goes, the pad's key is back
        # (with F2 Chat too there is no room for it)
        assert ("p Score pad" in line) != shared and "u Undo" not in line, line


async def test_a_number_that_chooses_nothing_says_which_do():
    """Play-test: with three tokens to choose from (the drafted one and two
    in the lair), 4 did nothing and said nothing; it names the keys that
    choose."""
    table = FakePort()
    app = ScreenApp(make_update(token_table()), table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("4")
        await pilot.pause()
        notes = [n.message for n in app._notifications]
        assert "4 chooses nothing here: press 1-3." in notes, notes
        assert table.submitted == []


@pytest.mark.parametrize(("keys", "said"), [
    (("1", "2"), ": press 1 or 2"),
    (("2", "3", "4", "5", "b"), ": press 2-5 or b"),
    (("1", "3", "4", "5", "7"), ": press 1, 3-5 or 7"),
    (("1", "2", "4", "5"), ": press 1, 2, 4 or 5"),
    ((), ""),
])
def test_the_keys_that_choose_are_named_shortly(keys, said):
    from tui.screens.game import choice_keys

    assert choice_keys(keys) == said


@pytest.mark.parametrize("size", [(80, 24), (120, 36), (160, 48)], ids=["80x24", "120x36", "160x48"])
async def test_the_square_info_changing_height_moves_nothing(size):
    """The info on the square under the cursor takes the rest of the
    board's column (a legend, when shown, follows it): a line more or less
    of it lays nothing out again (docs/performance.md, 2026-12-02, layouts)."""
    from rich.text import Text

    from tui.screens.overboss import fit_letter_key, letter_key
    from tui.widgets.flowed import Flowed

    app = ScreenApp(make_update(midgame(step=Step.PLACE_TILE, hand=(T, WOLF))), FakePort())
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        screen = app.game_screen
        info = screen.query_one("#ob-info", Flowed)
        legend = screen.query_one("#ob-legend")
        column = screen.query_one("#ob-left")
        if legend.display:
            assert info.region.bottom < legend.region.y  # the legend follows the info
            return
        assert info.region.bottom == column.content_region.bottom
        layouts = []
        original = screen._refresh_layout
        screen._refresh_layout = lambda *a, **k: (layouts.append(a), original(*a, **k))
        for lines in (["one", "two", "three"], ["one"], ["one", "two"]):
            info.set_lines([Text(line) for line in lines])
            await pilot.pause()
            await pilot.pause()
            shown = [line.strip() for line in region_lines(app, info)]
            # under them, the key of the board's letters at the foot of
            # the lines left free
            rest = shown[len(lines):]
            key = [t.plain for t in fit_letter_key(
                letter_key(screen._view), info.content_region.width, len(rest))]
            assert shown[:len(lines)] == lines and key
            assert rest == [""] * (len(rest) - len(key)) + key
        assert layouts == []


@pytest.mark.parametrize(("size", "spacious"), [((120, 36), False), ((149, 45), False),
                                                ((150, 44), True), ((200, 50), True)],
                         ids=["120x36", "149x45", "150x44", "200x50"])
async def test_a_large_terminal_names_every_tile_and_token_in_full(size, spacious):
    """From 150x44 the board's cells are 17x3 and name their tile and token
    in full ("Spawning Pool", "Rocktopus"); the legend then leaves out the
    letters the board spells out, and nothing is cut off. Below it, 12x2
    cells with short names ("Pool", "Octopus") and the whole legend."""
    from tests.fit_kit import overflows
    from tui.screens.overboss import ROOMY, SPACIOUS

    found: dict[str, object] = {}

    def inspect(screen):
        board = screen.query_one("#ob-board", Board)
        found["cell"] = board.cell_size
        found["overflows"] = overflows(screen)
        area = board.region
        lines = screen_text(screen.app).splitlines()[area.y:area.bottom]
        found["board"] = "\n".join(line[area.x:area.right] for line in lines)

    _, text = await run(make_update(midgame(), seat=0), size=size, inspect=inspect)
    assert found["cell"] == (SPACIOUS if spacious else ROOMY)
    assert found["overflows"] == []
    board = found["board"]
    assert ("Spawning Pool" in board and "Miniboss" in board) == spacious
    assert "Pool" in board and ("Octopus" in board) != spacious
    assert ("Tokens  Y Yeti" in text) != spacious
    assert "≈ water" in text


async def test_at_a_shared_table_the_duels_end_says_q_leads_to_the_lobby():
    """Review: the end of a duel at a shared table said "q home", where q
    goes to the lobby."""

    class SharedPort(FakePort):
        answers_later = True

    app = ScreenApp(make_update(finished()), SharedPort())
    async with app.run_test(size=(160, 45)) as pilot:
        await settle(pilot)
        text = " ".join(screen_text(app).split())
    assert "q the lobby." in text and "q home" not in text


@pytest.mark.parametrize(("size", "beside"), [((160, 45), False), ((200, 50), True)])
@pytest.mark.parametrize("keys", [(), ("p",)])
async def test_a_very_wide_screen_puts_the_log_beside_and_the_score_pad_under_the_lairs(
        size, beside, keys):
    """Review (2026-12-04): at 200x50 the log ran 125 columns wide under
    the market and the lairs, most of it empty, and the running score pad
    waited for p while half the screen was blank. From 180 columns (and the
    board's big cells) the log is a column of its own, the screen's
    height, and the score pad so far shows under the lairs (p hides it)."""
    seen = {}

    def inspect(screen):
        log, market = screen.query_one("#ob-log"), screen.query_one("#ob-market")
        seen["beside"] = log.region.x >= market.region.right
        seen["tall"] = log.region.height
        seen["pad"] = screen.query_one("#ob-score-box").display

    _, text = await run(make_update(midgame()), keys=keys, size=size, inspect=inspect)
    assert seen["beside"] is beside
    if beside:
        assert seen["tall"] >= size[1] - 8  # but the header, the prompt and the bar
    assert seen["pad"] is (beside != bool(keys))
    assert ("Score pad so far (p hides it)" in text) is seen["pad"]


@pytest.mark.parametrize(("size", "roomy"), [((80, 24), False), ((99, 30), False),
                                             ((100, 29), False), ((100, 30), True)])
async def test_the_board_is_roomy_from_100x30(size, roomy):
    """Review (2026-12-04): at 100x30 the board kept its 80x24 cells, a
    fifth of the screen, the market and the log the rest. From 100x30 its
    roomy cells (the tile and token by name) fit beside a side of 49
    columns, and nothing on the screen is cut."""
    from tests.fit_kit import overflows

    seen = {}

    def inspect(screen):
        seen["roomy"] = screen.query_one("#ob-board", Board).roomy
        seen["cut"] = overflows(screen)

    _, text = await run(make_update(midgame(step=Step.PLACE_TILE, hand=(T, WOLF))), size=size,
                        inspect=inspect)
    assert seen["roomy"] is roomy
    assert seen["cut"] == []
    # roomy cells name their tiles (a3, b3)
    assert bool(re.search(r"I Peak +I Peak", text)) is roomy


@pytest.mark.parametrize("mark", [" (away)", " (away — bot playing)"])
async def test_the_score_in_the_title_line_names_an_away_player_bare(mark):
    """Play-test: "bob 2 : 3 ann (away) est." in the top line: the score
    says whose it is; the players panel says who is away, its mark whole."""
    update = attrs.evolve(make_update(midgame(), 0), names=("Ann", "Bob" + mark))
    app = ScreenApp(update, FakePort())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.pause()
        text = screen_text(app)
    top = text.splitlines()[0]
    assert re.search(r"Ann \d+ ?: ?\d+ Bob est\.", top), top
    assert "(away" not in top
    assert mark.strip() in " ".join(text.split())


async def test_enter_on_the_chosen_token_says_where_the_keys_go():
    """QA (2026-12-04, turn 9 hot-seat): "Place the Rocktopus on a
    highlighted square", and n then Enter did nothing for 35 s. Enter on
    the token already chosen in the action bar did nothing at all and left
    the keys with the bar (n meant nothing there): it now says to choose
    a highlighted square and gives the board the keys."""
    from tui.widgets.actionbar import ActionBar

    update = make_update(token_table())
    seen = {}

    def look(screen):
        seen["notes"] = [n.message for n in screen.app._notifications]
        seen["focus"] = screen.focused

    table = FakePort()
    app = ScreenApp(update, table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.game_screen
        screen.query_one("#ob-actions", ActionBar).focus()
        await pilot.press("enter")  # on "1 ● Yeti (drafted)"
        await pilot.pause()
        look(screen)
        assert any(n.startswith("The Yeti is the token to place: choose one of its")
                   for n in seen["notes"]), seen["notes"]
        assert isinstance(seen["focus"], Board)
        await pilot.press("n", "enter")
        await pilot.pause()
    assert table.submitted and table.submitted[0][1].token is YETI
    assert table.submitted[0][1] in update.legal


async def test_enter_with_no_square_to_choose_says_why():
    """QA (2026-12-04): Enter on the board refused silently where it had
    no square to choose. It says why and what to do: with no open square
    for the drafted token, s keeps it in the lair (OD-13)."""
    update = make_update(token_table())
    update = attrs.evolve(update, legal=(Skip(),))
    table = FakePort()
    app = ScreenApp(update, table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.game_screen.query_one("#ob-board", Board).focus()
        await pilot.press("enter")
        await pilot.pause()
        notes = [n.message for n in app._notifications]
    assert table.submitted == []
    assert "No open square for the Yeti: s keeps it in your lair." in notes, notes


@pytest.mark.parametrize(("key", "changes", "said"), [
    # Ann's lair: one Spire active, one spent (midgame's)
    ("x", {"spire_used": True}, "You have used a Spire this turn already (one a turn)."),
    ("x", {"lairs": (Lair(spires=0, expended=2), Lair())},
     "Your Spires are spent: placing a Sunken City refreshes one"),
    ("x", {"lairs": (Lair(), Lair())}, "You have no Spire: a Spire drafted from the market"),
    ("f", {}, "f refreshes a spent Spire just after you place a Sunken City (you have 1 spent)."),
    ("s", {}, "Not now: s skips an optional effect."),
    ("e", {}, "Not now: draft a pair and place it first, then e ends your turn."),
    ("c", {}, "Nothing to cancel"),
    ("r", {"revealed": (True, False)}, "Your Boss is revealed already"),
])
async def test_a_duel_key_that_does_nothing_now_says_why(key, changes, said):
    """Play-test: x at the start of a turn with no Spire ready (and f, s, e,
    c, r where they do nothing) was met with nothing, as if not heard; the
    notice says why, in the rules' words, and nothing is played."""
    table = FakePort()
    app = ScreenApp(make_update(midgame(**changes)), table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press(key)
        await pilot.pause()
        notes = [n.message for n in app._notifications]
        assert any(said in note for note in notes), notes
        assert table.submitted == []


async def test_a_duel_key_on_the_other_players_turn_says_whose_turn_it_is():
    table = FakePort()
    app = ScreenApp(make_update(midgame(turn=1), seat=0), table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("x")
        await pilot.pause()
        notes = [n.message for n in app._notifications]
        assert notes == ["x uses a Spire on your turn only."], notes


async def test_tab_on_the_other_players_turn_says_where_it_goes_and_when():
    """Play-test: on the bot's turn Tab and Shift+Tab did nothing without a
    word (they go between the market or the board and the action bar, which
    offer nothing then); they say when they work, as x does."""
    table = FakePort()
    app = ScreenApp(make_update(midgame(turn=1), seat=0), table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        focused = app.focused
        for key in ("tab", "shift+tab"):
            await pilot.press(key)
            await settle(pilot)
            assert app.focused is focused
            assert [n.message for n in app._notifications][-1:] == [
                "Tab goes between the market (or the board) and the action bar on your turn "
                "only."], key
    assert table.submitted == []


async def test_a_duel_key_that_works_now_is_not_answered_with_a_notice():
    """The notice is only for keys whose binding is off: x with a Spire
    ready enters Spire mode, silently, as before."""
    table = FakePort()
    app = ScreenApp(make_update(midgame()), table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("x")
        await pilot.pause()
        assert not list(app._notifications)
        assert app.screen._spire


@pytest.mark.parametrize("size", [(160, 45), (120, 36)], ids=["160x45", "120x36"])
async def test_a_boss_line_marked_changed_wraps_under_its_lair_line(size):
    """Play-test at 160x45: with a `•` change-marker the Boss line wrapped
    to the panel's edge ("your side." at column 1) under lines indented 4.
    A wrapped Boss line goes on indented like the lair line below it (at
    80x24 it wraps from the edge: indented, it cost the log a row)."""
    from tests.since_kit import SequenceApp, turns_of_others

    app = SequenceApp(OverbossScreen, turns_of_others("overboss-duel", players=2, seed=1, skip=3))
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        panel = app.game_screen.query_one("#ob-players")
        lines = str(panel.render()).splitlines()
    head = next(n for n, line in enumerate(lines) if line.startswith("•  Bob · Warlord"))
    wrapped = lines[head + 1]
    assert not wrapped.strip().startswith(("In force", "Spires"))  # the Boss line goes on
    assert wrapped.startswith("    "), lines


@pytest.mark.parametrize(("size", "title"), [
    ((80, 24), "Market · you drafted Icy Peak + Bandit"),
    ((120, 36), "Market: tile + token · you drafted Icy Peak + Bandit"),
])
async def test_the_market_title_names_the_drafted_pair_whole(size, title):
    """Play-test at 80x24: the title read "you drafted Icy Peak + Band…".
    It takes the longest wording that fits the panel, the names whole."""
    update = make_update(midgame(step=Step.PLACE_TILE, hand=(I, BANDIT)))
    _, text = await run(update, [], size=size)
    assert re.search(rf"[─━ ]{re.escape(title)}[─━ ]", text), text


async def test_a_long_drafted_pair_still_fits_the_market_title():
    update = make_update(midgame(step=Step.PLACE_TILE, hand=(P, Token.SPAWNING_POOL_CRYSTAL)))
    _, text = await run(update, [])
    assert re.search(r"[─━]You drafted Spawning Pool \+ Spawning Pool Crystal[─━]", text), text


async def test_the_market_title_keeps_a_players_name_as_written():
    """README play-test: while a bot played out the seats of `ann` and
    `bob`, the title read "Bob (left — bot playing) drafted Road +
    Werewolf" (the lobby and the log: "bob"). Only "You" takes a capital
    there: a name is shown as its player wrote it."""
    from host.messages import GONE_MARK

    update = attrs.evolve(make_update(midgame(step=Step.PLACE_TILE, turn=1, hand=(R, WOLF)),
                                      seat=0), names=("ann", "bob" + GONE_MARK))
    _, text = await run(update, [])
    assert re.search(r"[─━]bob \(left — bot playing\) drafted Road \+ Werewolf[─━]", text), text


async def test_the_market_title_fits_again_after_a_resize():
    """Play-test: from 120x36 back to 80x24 the title kept the wording
    picked for the wider market (or one for a width passed on the way)."""
    app = ScreenApp(make_update(midgame(step=Step.PLACE_TILE, hand=(P, Token.ROCKTOPUS))),
                    FakePort())
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot)
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        title = str(app.game_screen.query_one("#ob-market").border_title)
    assert title == "Market · you drafted Spawning Pool + Rocktopus"


# -- the header in words --------------------------------------------------------


def _header(app) -> str:
    return str(app.screen.query_one("#ob-header").render())


def test_the_header_is_explained_in_f1_and_the_rules():
    """The play-test at 80x24: "32 open · Ann 0 : 0 Bram est. · heroes 15 ·
    stack 64" was explained nowhere a newcomer saw. F1's key to the screen
    and the in-app rules say what each part of the header is (OD §Set Up:
    68 tiles in the stack, 15 heroes; §Turn Order: the duel goes on until
    the whole board is full of tiles)."""
    from tui.screens.rules import rules_text

    symbols = dict(OverbossScreen.HELP_SYMBOLS)
    header = next(k for k in symbols if "open" in k)
    assert "open squares" in symbols[header] and "full" in symbols[header]
    assert any("est." in k for k in symbols)
    assert any("heroes" in k and "stack" in k for k in symbols)
    rules = " ".join(rules_text("overboss-duel").split())
    assert "Reading the header" in rules
    for said in ("squares still open", "est.", "Boss still face down", "heroes left",
                 "tiles left in the stack", "tokens left in the bag"):
        assert said in rules, said


async def test_a_wide_header_says_its_numbers_in_words():
    """Where the line has room, the header says what its numbers are; at
    80 columns it keeps the short form (the play-test's)."""
    state = midgame()
    app = ScreenApp(make_update(state))
    async with app.run_test(size=(160, 48)) as pilot:
        await settle(pilot)
        wide = _header(app)
    app = ScreenApp(make_update(state))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        narrow = _header(app)
    heroes, stack, bag = state.heroes, GAME.stack_size(state), GAME.bag_size(state)
    assert not state.revealed[1]  # Bob's Boss face down: his score may be more
    assert (f"{heroes} heroes left · {stack} tiles left · {bag} tokens left" in wide), wide
    assert "so far (Bob's Boss hidden)" in wide and "est." not in wide, wide
    assert "open squares" in wide, wide
    assert f"heroes {heroes} · stack {stack}" in narrow and " est." in narrow, narrow


@pytest.mark.parametrize("mark", [" (away)", " (left — bot playing)"])
async def test_the_score_pad_heads_a_column_with_the_name_only(mark):
    """Play-test: "Cy (left — bot playing)" headed Cy's column, ~27 cells
    wide; the players panel says who is away, the pad only whose score."""
    from textual.widgets import Static

    update = attrs.evolve(make_update(midgame(), 0), names=("Ann", "Bob" + mark))
    app = ScreenApp(update, FakePort())
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.press("p")
        await pilot.pause()
        pad = app.game_screen.query_one("#ob-score", Static)
        text = screen_text(app)
        assert pad.display
        box = pad.region
        said = "\n".join(line[box.x:box.right] for line in text.splitlines()[box.y:box.bottom])
    assert "Bob" in said and "(away" not in said and "(left" not in said, said
    assert mark.strip() in " ".join(text.split())  # still said, in the players panel


@pytest.mark.parametrize("waiting, heroes", [
    ((BANDIT, Token.ROCKTOPUS, WOLF), 1),
    ((BANDIT, Token.ROCKTOPUS, WOLF), 12),
    ((YETI, Token.SPELLSLIME, Token.MINIBOSS, Token.ROCKTOPUS), 12),
], ids=["three", "three-twelve-heroes", "four-twelve-heroes"])
async def test_at_80x24_a_lair_with_three_monsters_or_more_names_them(waiting, heroes):
    """Play-test at 80x24: "Spires ^1 v0 Crystals: R Heroes 2 BLW to place"
    read as a riddle to a newcomer. OD §Placing Tokens: the lair is open
    knowledge; each waiting monster is named (they must be placed, and
    bands form by kind), on a line of their own, and the lair's fields keep
    their words and their place: the Crystal by name (OD §Crystals)."""
    lairs = (Lair(waiting=waiting, crystals=(Token.SUNKEN_CITY_CRYSTAL,),
                  spires=1, expended=1, heroes=heroes),
             Lair(waiting=(Token.ROCKTOPUS,), crystals=(Token.ROAD_CRYSTAL,), heroes=2))
    state = midgame(bosses=(Boss.KING_CROAK, Boss.BARON_HEX), revealed=(True, True), lairs=lairs)
    app = ScreenApp(make_update(state), FakePort())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        panel = app.game_screen.query_one("#ob-players")
        lines = [line.strip() for line in region_lines(app, panel)]
    mine = lines.index(f"Spires ^1 v1  Crystals: City  Heroes {heroes}")
    assert lines[mine + 1] == f"{', '.join(k.label for k in waiting)} to place", lines


@pytest.mark.parametrize(("crystals", "said"), [
    ((Token.ROAD_CRYSTAL, Token.SUNKEN_CITY_CRYSTAL), "Crystals: Road, City  Heroes 2"),
    ((Token.ROAD_CRYSTAL, Token.SUNKEN_CITY_CRYSTAL, Token.TOWN_CRYSTAL), "Crystals: R S T"),
], ids=["two", "three"])
async def test_at_80x24_the_opponents_crystals_are_named_with_monsters_waiting(crystals, said):
    """Play-test at 80x24: the opponent's lair read "Spires ^0 v0  Crystals 3
    Heroes 2", and which Crystals they held showed nowhere. OD §Placing
    Tokens: a lair is open knowledge, and OD §Crystals: which Crystals it
    holds decides where a Road, Town or Sunken City scores. The names grow
    shorter, down to the board's terrain letters only where three leave the
    line no room; Spires "^0 v0" keeps its place (a field that came and went
    moved the rest turn to turn), and the monsters waiting go below, named."""
    lairs = (Lair(waiting=(Token.ROCKTOPUS,), crystals=(Token.ICY_PEAK_CRYSTAL,),
                  spires=1, expended=1, heroes=1),
             Lair(waiting=(Token.ROCKTOPUS, BANDIT), crystals=crystals, heroes=2))
    state = midgame(bosses=(Boss.KING_CROAK, Boss.BELLADONNA), revealed=(True, True), lairs=lairs)
    app = ScreenApp(make_update(state), FakePort())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        panel = app.game_screen.query_one("#ob-players")
        lines = region_lines(app, panel)
        width = panel.content_region.width
        log = app.game_screen.query_one("#ob-log")
        assert log.scrollable_content_region.height >= 2
    bobs = [line.strip() for line in lines if "Heroes 2" in line]
    assert len(bobs) == 1 and said in bobs[0] and bobs[0].startswith("Spires ^0 v0"), lines
    mine = [line.strip() for line in lines if line.strip().startswith("Spires ^1 v1")]
    assert len(mine) == 1 and "Crystals: Peak" in mine[0], lines
    assert all(4 + len(line) < width for line in [*bobs, *mine])
    assert "Rocktopus, Bandit to place" in [line.strip() for line in lines]


@pytest.mark.parametrize(("changes", "keys", "said"), [
    # Spire mode before drafting (a play-test: 1 and 2 were silent)
    ({}, ("x", "2"), "Leave Spire mode first (x or c) to draft."),
    ({}, ("x", "e"), "Not now: leave Spire mode (x or c), draft a pair and place it first, "
                     "then e ends your turn."),
    ({}, ("e",), "Not now: draft a pair and place it first, then e ends your turn."),
    # a Road swap (OD §Tile Effects: optional, s skips it)
    ({"step": Step.SWAP, "placed": sq("b2")}, ("1",), "The number keys choose nothing now."),
    ({"step": Step.SWAP, "placed": sq("b2")}, ("e",),
     "Not now: swap two tokens with the Road or skip it (s) first, then e ends your turn."),
], ids=["spire-number", "spire-e", "draft-e", "swap-number", "swap-e"])
async def test_a_key_that_cannot_act_now_says_what_comes_first(changes, keys, said):
    """Play-test: in Spire mode a market number did nothing and said
    nothing, and e said "Not now: e ends your turn." without why. Each says
    what must be done (or left) first, and nothing is played."""
    table = FakePort()
    app = ScreenApp(make_update(midgame(**changes)), table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for key in keys:
            await pilot.press(key)
        await pilot.pause()
        notes = [n.message for n in app._notifications]
        assert any(note.startswith(said) for note in notes), notes
        assert table.submitted == []


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
async def test_a_hot_seat_final_table_header_reads_whole(size):
    """Play-test: at a hot-seat table's final table (b from the results)
    the 80-column header began " for everyone · Ann 48 : 57 Bram", which
    read cut off (the game's name, before it, had given way for room). It
    says whose view it is as a player's view does: "Everyone's view"."""
    port = FakePort()
    port.at_this_terminal = True
    update = attrs.evolve(make_update(finished(), seat=None), bots=frozenset())
    app = ScreenApp(update, port)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        header = screen_text(app).splitlines()[0]
    assert not header.strip().startswith("for everyone"), header
    if size == (80, 24):  # (wide, the game's name comes first)
        assert header.strip().startswith("Everyone's view · Ann "), header
    assert len(header.rstrip()) <= size[0] - 1


def test_the_letter_key_puts_the_riddles_first_and_fits_its_lines():
    """The key of the board's letters at 80x24: only letters on the board,
    those that do not start their names first (K Rocktopus, L Spellslime,
    P Spawning Pool); entries left out for want of lines point to F1."""
    from tui.screens.overboss import fit_letter_key, letter_key

    view = table(board(a1="PK", b1="TY", c2="D."))
    entries = [e.plain for e in letter_key(view)]
    assert entries == ["K Rocktopus", "P Spawning Pool", "Y Yeti", "D Dungeon", "T Town"]
    assert fit_letter_key(letter_key(view), 26, 0) == []
    assert [x.plain for x in fit_letter_key(letter_key(view), 26, 1)] == ["K Rocktopus  F1: letters"]
    assert [x.plain for x in fit_letter_key(letter_key(view), 26, 3)] == [
        "K Rocktopus", "P Spawning Pool  Y Yeti", "D Dungeon  T Town"]


@pytest.mark.parametrize("short", [False, True], ids=["4x8", "4x6"])
async def test_the_compact_board_keys_its_letters_in_the_lines_left_free(short):
    """Play-test (80x24): the board read "P K", "S L" with no legend (the
    roomy screens have one), and K and L match no name. Under the square
    described, the lines left free key the letters on the board (F1 has
    the rest); nothing else goes out of sight."""
    from tests.overboss_screen_kit import MIDGAME

    picture = "\n".join(MIDGAME.strip().splitlines()[2:]) if short else MIDGAME
    update = make_update(table(picture, short=short, step=Step.PLACE_TILE, hand=(I, YETI)))
    app = ScreenApp(update, FakePort())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        text = screen_text(app)
        info = info_text(app.game_screen)
    lines = info.splitlines()
    assert lines[0].startswith("a1 · your half") and "not a choice (n finds one)" in lines
    key = lines[3:]
    if short:  # two rows fewer: more of the key (no Spellslime on this board)
        assert [line.strip() for line in key] == [
            "K Rocktopus", "P Spawning Pool  Y Yeti", "B Bandit  W Werewolf",
            "M Miniboss  F1: letters"]
    else:
        assert [line.strip() for line in key] == ["L Spellslime  K Rocktopus", "F1: letters"]
    assert all(line.strip() in text for line in lines)
    assert "Place the Icy Peak" in text  # the prompt, in sight as before


@pytest.mark.parametrize("skip", range(4))
async def test_stepping_the_recap_keeps_the_players_panel_still_at_80x24(skip):
    """Play-test at 80x24: stepping through the bots' moves with ] moved
    the players' panel: a step that changed a Boss or a lair put "•" (or a
    space) before both heads, one that did not put nothing, so the heads
    went a column right and back and re-wrapped ("+1 for each / Dungeon on
    the board." then "+1 for each Dungeon / on the board."). While there
    is a recap the column is kept: from step to step only the marks
    change. The market's offers, marked likewise, keep their column too."""
    from tests.since_kit import SequenceApp, turns_of_others

    app = SequenceApp(OverbossScreen, turns_of_others("overboss-duel", players=2, seed=1,
                                                       skip=skip))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        panels = [app.game_screen.query_one(p) for p in ("#ob-players", "#ob-market")]
        steps = len(app.game_screen.recap.steps)
        assert steps > 1
        seen = []
        for _ in range(steps + 1):
            await pilot.pause()
            seen.append([(panel.region, [line.replace("•", " ").rstrip()
                                         for line in region_lines(app, panel)])
                         for panel in panels])
            await pilot.press("right_square_bracket")
    first = seen[0]
    for n, looked in enumerate(seen[1:], 1):
        assert looked == first, (n, first, looked)


@pytest.mark.parametrize("names", [("Ann", "Bob"), ("Bram", "Ann"), ("Cora", "Bram")])
@pytest.mark.parametrize("turns", [3, 17, 21])
async def test_the_header_keeps_its_fields_whether_the_scores_are_marked(names, turns):
    """Hot-seat play-test at 80 columns: the top line lost its "stack 61"
    whenever the scores carried the • change marks ("Bram •0 : •13 Ann
    est. · heroes 15"), and had it again without them: the tiles-left count
    came and went turn to turn. The fields are chosen as if both scores
    were marked (shorter words where needed), so the marks change nothing
    else on the line, and at 80 columns the stack stays."""
    state = midgame(turns=turns)
    update = attrs.evolve(make_update(state), names=names)
    stack = GAME.stack_size(state)
    app = ScreenApp(update)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        plain = _header(app)
        marked_all = frozenset({0, 1})
        screen.changed = lambda kind: marked_all if kind == "score" else frozenset()
        screen._draw_header(update)
        await pilot.pause()
        marked = _header(app)
    assert plain.count("•") == 0 and marked.count("•") == 2, (plain, marked)
    assert marked.replace("•", "") == plain, (plain, marked)
    assert f"stack {stack}" in plain and f"heroes {state.heroes}" in plain, plain
    assert len(marked) <= 78, marked


async def test_an_away_players_turn_is_their_turn_not_what_they_are_doing():
    """Bob left the table on his turn: the status read "Bob (away) is
    drafting a pair", though he is not there. It says whose turn it is
    and that the match waits for him."""
    update = make_update(midgame(turn=1), seat=0)
    names = list(update.names)
    names[1] += " (away)"
    update = attrs.evolve(update, names=tuple(names), bots=frozenset())
    _, text = await run(update)
    assert "Bob's turn (drafting a pair)" in text, text
    assert "is drafting" not in text, text
    assert "the match waits until Bob is back" in text, text


async def test_a_stand_ins_turn_says_a_bot_plays_for_them_not_their_mark():
    """The same where a bot stands in for the away Bob: the status read
    "Bob (away — bot playing) is drafting a pair", the mark inside the
    sentence. It says whose turn it is and that a bot plays it for him."""
    update = make_update(midgame(turn=1), seat=0)
    names = list(update.names)
    names[1] += " (away — bot playing)"
    update = attrs.evolve(update, names=tuple(names), bots=frozenset({1}), thinking=1)
    _, text = await run(update)
    flat = " ".join(text.split())
    assert "Bob's turn (drafting a pair), a bot playing for Bob, thinking…" in flat, flat
    assert "bot playing) is" not in flat


async def test_at_80x24_one_monster_waiting_is_named_not_lettered():
    """Play-test at 80x24: "Spires ^0 v0  Crystals –  Heroes 0  B to place":
    the letter fitted the lair's line where the name did not, and a
    newcomer had to look it up. OD §Placing Tokens: a monster waiting is
    named, on the line below if need be (the legend's letters only where
    not even that line has room)."""
    lairs = (Lair(waiting=(BANDIT,)), Lair())
    app = ScreenApp(make_update(midgame(lairs=lairs)), FakePort())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        lines = [line.strip() for line in
                 region_lines(app, app.game_screen.query_one("#ob-players"))]
    mine = lines.index("Spires ^0 v0  Crystals –  Heroes 0")
    assert lines[mine + 1] == "Bandit to place", lines


MARKET_DEALT = ("Ann is dealt a secret Boss.", "Bram is dealt a secret Boss.",
                "Market pair 1 gets a Town.", "Market pair 1 gets a Bandit.",
                "Market pair 2 gets a Road.", "Market pair 2 gets a Rocktopus.",
                "Market pair 3 gets a Town.", "Market pair 3 gets a Miniboss.",
                "Market pair 4 gets a Dungeon.", "Market pair 4 gets a Yeti.")


def test_the_market_dealt_is_told_in_a_line():
    """Play-test: the Duel's log opened with 8 lines of "Market pair N gets
    a …", the first screen of the log a newcomer read, and the market
    shows them. The set-up's market is one line naming every pair (the
    journal keeps every line); a pair refilled in the game is one line
    too; a single line stays as the log says it."""
    from tui.screens.overboss import fold_market

    assert fold_market(MARKET_DEALT) == [
        "Ann is dealt a secret Boss.", "Bram is dealt a secret Boss.",
        "The market is dealt: pair 1 gets a Town and a Bandit; pair 2 gets a Road and a "
        "Rocktopus; pair 3 gets a Town and a Miniboss; pair 4 gets a Dungeon and a Yeti."]
    # Play-test: a refill of two pairs read "3 Yeti · 4 Road + Rocktopus",
    # like three Yetis; each pair is told as a lone pair's refill is
    assert fold_market(["Market pair 3 gets a Yeti.", "Market pair 4 gets a Road.",
                        "Market pair 4 gets a Rocktopus."]) == [
        "The market is dealt: pair 3 gets a Yeti; pair 4 gets a Road and a Rocktopus."]
    assert fold_market(["Bram drafts pair 3: Town and Miniboss.",
                        "Market pair 3 gets an Inferno.", "Market pair 3 gets a Yeti."]) == [
        "Bram drafts pair 3: Town and Miniboss.", "Market pair 3 gets an Inferno and a Yeti."]
    assert fold_market(["Market pair 2 gets a Road.", "You draft pair 1."]) == [
        "Market pair 2 gets a Road.", "You draft pair 1."]


async def test_the_logs_first_screen_is_not_the_market_dealt():
    state = midgame()
    app = ScreenApp(make_update(state, log=MARKET_DEALT), FakePort())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        shown = app.game_screen.query_one("#ob-log")._shown
    assert len(shown) == 3 and shown[-1].startswith("The market is dealt: pair 1 gets a Town and a Bandit;")
    assert app.game_screen.fold_moves(list(MARKET_DEALT)) == list(shown)


async def test_the_square_in_words_keeps_each_letter_with_its_name():
    """Play-test (80 columns): the square under the cursor read "a1 · your
    half · P" / "Spawning Pool + W Werewolf", the tile's letter left at the
    end of the line above its name. A letter and its name stay together
    (and "+" with the token), broken only between the tile and the token."""
    app = ScreenApp(make_update(table(board(a1="PW"))), FakePort())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.game_screen
        assert screen.query_one("#ob-board", Board).cursor_key == sq("a1")
        lines = [line.strip() for line in region_lines(app, screen.query_one("#ob-info"))]
        said = "\n".join(lines)
        assert "P Spawning Pool" in lines[1], said
        assert any(line.startswith("+ W Werewolf") or "Pool + W Werewolf" in line
                   for line in lines), said
        assert not any(re.search(r"(^|\s)[A-Z+]$", line) for line in lines), said
        assert "\xa0" not in said  # (plain spaces on the screen)


async def test_the_letter_key_leaves_out_what_the_square_in_words_names():
    """Play-test (the final table, 80x24): the left column listed Dungeon
    twice, "D Dungeon · water edge" for the square under the cursor and
    "D Dungeon  I Icy Peak" in the key of the letters under it. The key
    leaves out the tile and token the square's words name."""
    app = ScreenApp(make_update(table(board(a1="DY", b1="IK", c2="T."))), FakePort())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.game_screen
        said = "\n".join(region_lines(app, screen.query_one("#ob-info")))
        for entry in ("D Dungeon", "Y Yeti", "I Icy Peak", "K Rocktopus", "T Town"):
            assert said.count(entry) == 1, (entry, said)


def test_every_tile_and_token_has_one_short_name_that_reads_whole():
    """Play-test (100 columns): the board's cells read "S Sunken",
    "K Rocktop" (cut short) beside deliberate short names ("P Pool",
    "L Slime"). One table names every tile and token shortly, in 8 cells
    (a `ROOMY` cell's), by one rule: one word that says what it is (the
    noun of a name of two), never the full name's start cut off; the
    lairs' Crystals go by their terrain's."""
    from core.overboss.components import CRYSTAL_TERRAIN
    from tui.screens.overboss import CRYSTAL_SHORT, SHORT_NAME

    pieces = [*Terrain, *(k for k in Token if k.placeable or k is Token.HERO)]
    assert set(SHORT_NAME) == set(pieces)
    for piece in pieces:
        short = SHORT_NAME[piece]
        assert len(short) <= 8 and " " not in short, piece
        assert short == piece.label or not piece.label.startswith(short), (piece, short)
        assert short in piece.label.split() or " " not in piece.label, (piece, short)
    assert SHORT_NAME[Terrain.SUNKEN_CITY] == "City"
    assert SHORT_NAME[Token.ROCKTOPUS] == "Octopus"
    assert {c: SHORT_NAME[t] for c, t in CRYSTAL_TERRAIN.items()} == CRYSTAL_SHORT


@pytest.mark.parametrize("size", [(80, 24), (120, 40), (160, 45)])
async def test_the_bosses_panel_says_the_bots_level(size):
    """Play-test: the Bosses panel named Bob without his level where the
    header says it and Boss Quest's knights panel reads "Bram (hard)":
    beside a bot of the match's name its level, as Boss Quest's panel says
    it; a person's name, yours ("Ann (you)") and a stand-in's as before."""
    state = midgame()
    update = attrs.evolve(make_update(state), levels=(None, "hard"))
    app = ScreenApp(update)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        lines = region_lines(app, app.game_screen.query_one("#ob-players"))
    heads = [line for line in lines if " · " in line and ("Ann" in line or "Bob" in line)]
    assert any("Bob (hard) · " in line for line in heads), lines
    assert any("Ann (you) · " in line for line in heads), lines
    app = ScreenApp(make_update(state))
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        lines = region_lines(app, app.game_screen.query_one("#ob-players"))
    assert not any("Bob (" in line for line in lines), lines


@pytest.mark.parametrize(("size", "said"), [((80, 24), "Bob (n)"), ((160, 45), "Bob (normal bot)")])
async def test_the_header_says_the_bots_level(size, said):
    """Play-test: the header read "Ann 0:0 Bram est.", nothing saying Bram
    was a bot, nor at which level. Beside a bot of the match's name its
    level: the whole words where the line has room, its initial at 80
    columns (as F1's bot levels list it: "normal (n)"); the line keeps its
    fields (the stack at 80 columns) and one row."""
    state = midgame()
    update = attrs.evolve(make_update(state), levels=(None, "normal"))
    app = ScreenApp(update)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        header = _header(app)
        width = app.screen.query_one("#ob-header").content_region.width
    assert said in header and "Ann (" not in header, header
    assert len(header.splitlines()) == 1 and len(header) <= width, header
    assert f"stack {GAME.stack_size(state)}" in header or "tiles left" in header, header
    # a person's seat, or a stand-in's (no level), as before
    app = ScreenApp(make_update(state))
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        assert "Bob (" not in _header(app)
