"""Overboss Duel rules, paragraph by paragraph.

Each test names the rulebook section ("OD §...", rules/overboss-duel.txt)
or ruling ("OD-n", docs/rulings.md) it pins. Squares are named as in
`core.overboss.board`: files a-d, rank 1 is seat 0's back row, ranks 1-4
are seat 0's half and 5-8 seat 1's on the standard board.
"""

from __future__ import annotations

import attrs
import pytest

from core import CHANCE, IllegalAction
from core.overboss.actions import (
    DealBoss,
    Destroy,
    Draft,
    DrawTile,
    DrawToken,
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
from core.overboss.board import Edge, Side, geometry
from core.overboss.components import (
    BAG_TOKENS,
    BOSSES,
    HEROES,
    TERRAINS,
    TILE_COUNTS,
    TOKEN_COUNTS,
    Token,
)
from core.overboss.rules import LAIR_RULE
from core.overboss.scoring import TILE_CATEGORIES, bands, longest_roads, score_pad
from core.overboss.state import cell
from tests.overboss_tables import (
    BANDIT,
    GAME,
    HERO,
    MINI,
    ROCK,
    SLIME,
    SPIRE,
    WOLF,
    YETI,
    Boss,
    D,
    I,
    Lair,
    P,
    R,
    S,
    Step,
    T,
    all_heroes,
    all_tokens,
    board,
    chance,
    play,
    rules,
    sq,
    table,
)


def pad(state, name):
    return score_pad(state).value(name)


def placing(picture, tile, token=None, seat=0, **kw):
    """Seat `seat` has drafted (tile, token) and is to place the tile."""
    return table(picture, turn=seat, step=Step.PLACE_TILE, hand=(tile, token), **kw)


# --- Set up and the board -------------------------------------------------------


def test_setup_deals_secret_bosses_then_the_market():
    """OD §Set Up, OD-3, OD-14: 68 tiles in the stack, 68 tokens in the bag,
    15 heroes; each player gets a random Boss (CHANCE, 1 in 6), then four
    tile/token pairs are drawn; seat 0 plays first."""
    s = GAME.setup(2, GAME.Options())
    assert dict(zip(TERRAINS, s.stack, strict=True)) == TILE_COUNTS
    assert dict(zip(BAG_TOKENS, s.bag, strict=True)) == TOKEN_COUNTS
    assert sum(s.stack) == 68 and sum(s.bag) == 68 and s.heroes == HEROES == 15
    assert GAME.to_act(s) == {CHANCE}
    deals = GAME.chance_outcomes(s)
    assert len(deals) == 6 and all(p == pytest.approx(1 / 6) for _, p in deals)
    s = chance(s, DealBoss(Boss.BELLADONNA))
    assert len(GAME.chance_outcomes(s)) == 5
    s = chance(s, DealBoss(Boss.KING_CROAK))
    assert s.bosses == (Boss.BELLADONNA, Boss.KING_CROAK) and s.step is Step.REFILL
    draws = dict(GAME.chance_outcomes(s))
    assert draws[DrawTile(D)] == pytest.approx(8 / 68)
    s = chance(s, DrawTile(R), DrawToken(BANDIT), DrawTile(I), DrawToken(SPIRE))
    s = chance(s, DrawTile(D), DrawToken(MINI), DrawTile(T), DrawToken(WOLF))
    assert s.step is Step.DRAFT and s.turn == 0 and GAME.to_act(s) == {0}
    assert [(p.tile, p.token) for p in s.market] == [(R, BANDIT), (I, SPIRE), (D, MINI), (T, WOLF)]
    assert GAME.legal_actions(s, 0) == (Draft(0), Draft(1), Draft(2), Draft(3), RevealBoss())
    assert GAME.legal_actions(s, 1) == ()


@pytest.mark.parametrize("rows", [8, 6])
def test_board_halves_and_rows(rows):
    """OD-1: two halves 4 wide, 4 rows deep (4x8) or 3 (4x6); a row is 4
    squares on one half; adjacency crosses the divide."""
    g = geometry(rows)
    depth = rows // 2
    assert g.size == rows * 4
    assert len(g.half[0]) == len(g.half[1]) == depth * 4
    assert all(len({g.owner[s] for s in line}) == 1 for line in g.lines_h)
    across = g.square(depth - 1, 0)
    assert g.square(depth, 0) in g.neighbours[across]
    assert g.owner[across] == 1 and g.owner[g.square(depth, 0)] == 0
    assert g.divide[g.square(depth, 2)] is Side.NORTH
    assert g.divide[g.square(depth - 1, 2)] is Side.SOUTH


@pytest.mark.parametrize("rows", [8, 6])
def test_water_and_mountain_edges(rows):
    """OD-2: water along each owner's left and back edges, mountains along
    their right; symmetric under a half turn; the back-right corners border
    both."""
    g = geometry(rows)
    a1 = g.names.index("a1")
    d1 = g.names.index("d1")
    assert dict(g.edges[a1]) == {Side.WEST: Edge.WATER, Side.SOUTH: Edge.WATER}
    assert dict(g.edges[d1]) == {Side.SOUTH: Edge.WATER, Side.EAST: Edge.MOUNTAIN}
    top_left = g.square(0, 0)  # seat 1's back-right corner
    assert dict(g.edges[top_left]) == {Side.NORTH: Edge.WATER, Side.WEST: Edge.MOUNTAIN}
    flip = {
        Side.NORTH: Side.SOUTH,
        Side.SOUTH: Side.NORTH,
        Side.EAST: Side.WEST,
        Side.WEST: Side.EAST,
    }
    for s in range(g.size):
        turned = {(flip[side], e) for side, e in g.edges[s]}
        assert turned == set(g.edges[g.turned(s)])
        assert (s in g.water) == (g.turned(s) in g.water)
    # interior squares of seat 0's half next to the mountains are dry
    assert g.names.index("d2") not in g.water and g.names.index("b2") not in g.water


def test_cell_reads_a_square_for_a_widget():
    """OD-1, OD-2: a board widget reads each square: terrain, token, owner,
    edges, the divide and the tile placed this turn."""
    s = table(board(a4="SK", b5="T."), placed=sq("a4"))
    c = cell(s, sq("a4"))
    assert (c.name, c.terrain, c.token, c.owner) == ("a4", S, ROCK, 0)
    assert c.divide is Side.NORTH and (Side.WEST, Edge.WATER) in c.edges and c.placed
    c = cell(s, sq("b5"))
    assert (c.terrain, c.token, c.owner, c.divide, c.placed) == (T, None, 1, Side.SOUTH, False)
    assert cell(s, sq("c3")).open


# --- A turn ------------------------------------------------------------------------


def test_a_turn_drafts_places_anywhere_and_ends_explicitly():
    """OD §Turn Order 2-6, OD-7: draft a pair, place its tile on any open
    square of either half, place the token, end the turn explicitly; the
    market is restocked and the other player drafts."""
    s = table(board(a1="D."))
    s = play(s, 0, Draft(0))
    assert s.step is Step.PLACE_TILE and s.market[0].tile is None
    legal = GAME.legal_actions(s, 0)
    assert PlaceTile(sq("a1")) not in legal
    assert PlaceTile(sq("b8")) in legal  # the opponent's half
    with pytest.raises(IllegalAction, match="open square"):
        GAME.apply(s, 0, PlaceTile(sq("a1")))
    s = play(s, 0, PlaceTile(sq("b8")))  # a Road, but no tokens to swap (OD-17)
    assert s.tokens[sq("b8")] is BANDIT  # the only place: it goes there at once
    assert s.step is Step.END and GAME.legal_actions(s, 0) == (EndTurn(), RevealBoss())
    s = play(s, 0, EndTurn())
    assert s.step is Step.REFILL and s.turn == 1
    s = chance(s, DrawTile(P), DrawToken(YETI))
    assert s.step is Step.DRAFT and GAME.to_act(s) == {1}
    assert s.market[0].tile is P and s.market[0].token is YETI


def test_end_turn_only_once_the_pair_is_placed():
    """OD-7: the turn ends with an explicit "end turn" once the pair is placed."""
    s = table()
    with pytest.raises(IllegalAction, match="before ending"):
        GAME.apply(s, 0, EndTurn())
    s = play(s, 0, Draft(3))
    with pytest.raises(IllegalAction):
        GAME.apply(s, 0, EndTurn())


def test_the_duel_ends_when_the_board_is_full_after_the_last_turn():
    """OD §Turn Order 7, OD-13: the game is over once the board is full; the
    last turn is played out whole (token, Spire, reveal) before scoring."""
    rows = ["T. T. T. T."] * 2 + ["I. I. I. I."] * 2 + ["P. P. P. P."] + ["S. S. S. S."] * 2
    picture = "\n".join(rows + ["D. D. D. .."])
    s = placing(picture, D, YETI, lairs=(Lair(spires=1), Lair()))
    s = play(s, 0, PlaceTile(sq("d1")))
    assert rules.board_full(s)
    assert s.step is Step.TOKEN  # the Yeti still goes somewhere (an open Town, ...)
    s = play(s, 0, PlaceToken(YETI, sq("a8")))
    assert s.step is Step.END and GAME.outcome(s) is None
    assert not any(isinstance(a, UseSpire) for a in GAME.legal_actions(s, 0))  # no room to move
    assert RevealBoss() in GAME.legal_actions(s, 0)
    s = play(s, 0, RevealBoss(), EndTurn())
    assert s.step is Step.OVER and GAME.to_act(s) == frozenset()
    assert GAME.outcome(s) is not None


def test_an_empty_bag_leaves_a_market_token_missing():
    """OD-4: an empty bag leaves a market place without a token; a pair with
    a tile but no token is a legal draft (OD-15: refilled tile first)."""
    s = table(market=((None, None), (I, YETI), (T, WOLF), (P, SLIME)), step=Step.END)
    s = attrs.evolve(s, bag=(0,) * len(s.bag))
    s = play(s, 0, EndTurn())
    s = chance(s, DrawTile(R))
    assert s.step is Step.DRAFT and s.market[0].tile is R and s.market[0].token is None
    s = play(s, 1, Draft(0), PlaceTile(sq("c3")))
    assert s.step is Step.END  # Road: no token to swap, none to place


def test_a_market_place_without_a_tile_cannot_be_drafted():
    """OD-15: a pair needs its tile; a place without one gets no token."""
    s = table(market=((None, YETI), (I, None), (T, WOLF), (P, SLIME)))
    assert Draft(0) not in GAME.legal_actions(s, 0)
    assert Draft(1) in GAME.legal_actions(s, 0)
    s = attrs.evolve(s, stack=(0,) * len(s.stack), step=Step.END)
    s = play(s, 0, EndTurn())
    assert s.step is Step.REFILL  # only place 1 gets a token: place 0 has no tile
    s = chance(s, DrawToken(BANDIT))
    assert s.step is Step.DRAFT and s.market[0] == rules.Pair(None, YETI)


# --- Placing tokens ---------------------------------------------------------------


def test_drafted_monster_goes_on_the_tile_just_placed():
    """OD §Turn Order 5, OD-13: a drafted monster goes on the tile just
    placed."""
    s = placing(board(a1="I."), P, SLIME)
    s = play(s, 0, PlaceTile(sq("b2")))
    assert s.step is Step.POOL_DRAW
    s = chance(s, DrawToken(Token.ROAD_CRYSTAL))
    assert s.tokens[sq("b2")] is SLIME and s.step is Step.END


def test_dungeon_pair_token_goes_on_any_open_terrain_even_the_opponents():
    """OD §Placing Tokens, OD-13: Dungeons take no monster; a monster drafted
    with a Dungeon goes on any open terrain tile (either half), else to the
    lair."""
    s = placing(board(a1="I.", c8="T.", b1="RB"), D, YETI)
    s = play(s, 0, PlaceTile(sq("b2")))
    assert s.step is Step.TOKEN
    assert set(GAME.legal_actions(s, 0)) >= {PlaceToken(YETI, sq("a1")), PlaceToken(YETI, sq("c8"))}
    assert PlaceToken(YETI, sq("b2")) not in GAME.legal_actions(s, 0)
    assert PlaceToken(YETI, sq("b1")) not in GAME.legal_actions(s, 0)  # one token per tile
    s = play(s, 0, PlaceToken(YETI, sq("c8")))
    assert s.tokens[sq("c8")] is YETI
    # with no open terrain tile, it waits in the lair
    s = placing(board(a1="IB"), D, YETI)
    s = play(s, 0, PlaceTile(sq("b2")))
    assert s.lairs[0].waiting == (YETI,) and s.step is Step.END


def test_waiting_lair_monsters_must_be_placed_while_open_terrain_exists():
    """OD §Placing Tokens: unused monsters and minibosses in the lair MUST be
    placed on open terrain when there is any, even on the opponent's side;
    the turn cannot end before."""
    s = placing(board(a1="I.", c8="T."), D, None, lairs=(Lair(waiting=(MINI, WOLF)), Lair()))
    s = play(s, 0, PlaceTile(sq("b2")))
    assert s.step is Step.LAIR
    legal = GAME.legal_actions(s, 0)
    assert EndTurn() not in legal
    assert {PlaceToken(MINI, sq("c8")), PlaceToken(WOLF, sq("a1"))} <= set(legal)
    with pytest.raises(IllegalAction, match="before ending"):
        GAME.apply(s, 0, EndTurn())
    s = play(s, 0, PlaceToken(WOLF, sq("c8")))
    assert s.tokens[sq("a1")] is MINI  # the last one had one place left
    assert s.lairs[0].waiting == () and s.step is Step.END


def test_a_lair_monster_may_go_on_the_new_tile_instead():
    """OD §Placing Tokens: a waiting lair monster may go on the new tile
    instead of the drafted token, which goes to the lair (and must then be
    placed while open terrain exists)."""
    s = placing(board(a1="I."), T, YETI, lairs=(Lair(waiting=(ROCK,)), Lair()))
    s = play(s, 0, PlaceTile(sq("c3")))
    # the Town spawned a hero on itself first; neither a Yeti nor a
    # Rocktopus slays it, so the Yeti goes to the only open tile
    assert s.tokens[sq("c3")] is HERO and s.tokens[sq("a1")] is YETI
    assert s.lairs[0].waiting == (ROCK,) and s.step is Step.END
    s = placing(board(a1="I.", b1="I."), S, YETI, lairs=(Lair(waiting=(ROCK,)), Lair()))
    s = play(s, 0, PlaceTile(sq("c3")))
    assert s.step is Step.TOKEN
    assert set(GAME.legal_actions(s, 0)) >= {PlaceToken(YETI, sq("c3")), PlaceToken(ROCK, sq("c3"))}
    s = play(s, 0, PlaceToken(ROCK, sq("c3")))
    assert s.tokens[sq("c3")] is ROCK and s.lairs[0].waiting == (YETI,)
    assert s.step is Step.LAIR
    s = play(s, 0, PlaceToken(YETI, sq("a1")))
    assert s.step is Step.END and s.lairs[0].waiting == ()


def test_crystals_and_spires_go_to_the_lair():
    """OD §Placing Tokens, §Crystals, §Spires: always placed in the lair,
    never on a tile; Spires active side up."""
    s = placing(board(), I, Token.TOWN_CRYSTAL)
    s = play(s, 0, PlaceTile(sq("a1")))
    assert s.lairs[0].crystals == (Token.TOWN_CRYSTAL,) and s.tokens[sq("a1")] is None
    s = placing(board(), D, SPIRE)
    s = play(s, 0, PlaceTile(sq("a1")))
    assert s.lairs[0].spires == 1 and s.lairs[0].expended == 0


def test_forced_choices_are_made_at_once():
    """OD-17: a token with one possible place goes there at once; a step
    with nothing to choose is passed (an Icy Peak with nothing to slide)."""
    s = placing(board(), I, YETI)
    s = play(s, 0, PlaceTile(sq("a1")))
    assert s.tokens[sq("a1")] is YETI and s.step is Step.END


# --- Tiles ----------------------------------------------------------------------------


def test_dungeon_scores_one_plus_each_bordering_terrain_type():
    """OD §Dungeon: 1 base point plus 1 per different bordering terrain type
    (max 5); Dungeons count as a type; corners do not border; borders cross
    the divide (OD §What's New 2B)."""
    s = table(board(b4="D.", a4="I.", c4="D.", b3="R.", b5="T.", a3="S."))
    assert pad(s, "Dungeons") == (5 + 2, 0)
    s = table(board(b4="D.", a4="I.", c4="I."))
    assert pad(s, "Dungeons") == (2, 0)
    s = table(board(b3="D."))
    assert pad(s, "Dungeons") == (1, 0)


def test_icy_peak_scores_three_alone_and_one_touching_another():
    """OD §Icy Peak: 1 point, +2 when it borders no other Icy Peak (across
    the divide too)."""
    s = table(board(a1="I.", c1="I.", b4="I.", b5="I.", d2="I."))
    assert pad(s, "Icy Peaks") == (3 + 3 + 1 + 3, 1)


def test_icy_peak_slides_another_tile_orthogonally():
    """OD §Icy Peak, OD-7: the placer may move any other tile in a straight
    line (not diagonally), to any empty square of its path before the first
    tile or edge, with its token, even across the divide; it may decline."""
    s = placing(board(b2="TW", b4="R."), I)
    s = play(s, 0, PlaceTile(sq("a1")))
    assert s.step is Step.SLIDE
    legal = set(GAME.legal_actions(s, 0))
    assert {
        Slide(sq("b2"), sq("b3")),
        Slide(sq("b2"), sq("b1")),
        Slide(sq("b2"), sq("d2")),
    } <= legal
    assert Slide(sq("b2"), sq("b5")) not in legal  # the Road on b4 stops it
    assert Slide(sq("b4"), sq("b8")) in legal and Slide(sq("b4"), sq("b6")) in legal
    assert Slide(sq("b2"), sq("c3")) not in legal  # not diagonal
    assert not any(isinstance(a, Slide) and a.src == sq("a1") for a in legal)  # not itself
    assert Skip() in legal
    s = play(s, 0, Slide(sq("b2"), sq("d2")))
    assert s.tiles[sq("d2")] is T and s.tokens[sq("d2")] is WOLF and s.tiles[sq("b2")] is None
    s2 = placing(board(b2="TW"), I)
    s2 = play(s2, 0, PlaceTile(sq("a1")), Skip())
    assert s2.tiles[sq("b2")] is T


def test_spawning_pool_scores_types_in_its_row():
    """OD §Spawning Pool: 1 point per type of monster or miniboss in its row
    (4 squares on one half); each miniboss is a unique type; heroes score
    nothing."""
    s = table(board(a2="P.", b2="IW", c2="RW", d2="TM", a3="SY"))
    assert pad(s, "Spawning Pools") == (2, 0)
    s = table(board(a2="PM", b2="IW", c2="RM", d2="TH"))
    assert pad(s, "Spawning Pools") == (3, 0)


def test_spawning_pool_sends_a_random_token_to_the_lair():
    """OD §Spawning Pool: placing one takes a random token from the bag into
    the placer's lair (a CHANCE draw), before the pair's token is placed."""
    s = placing(board(a1="I."), P, SLIME, seat=1)
    s = play(s, 1, PlaceTile(sq("c6")))
    assert s.step is Step.POOL_DRAW and GAME.to_act(s) == {CHANCE}
    odds = dict(GAME.chance_outcomes(s))
    assert odds[DrawToken(YETI)] == pytest.approx(s.bag[BAG_TOKENS.index(YETI)] / sum(s.bag))
    s = chance(s, DrawToken(WOLF))
    # the Werewolf may go on the new Pool instead of the Spellslime
    assert s.step is Step.TOKEN
    assert set(GAME.legal_actions(s, 1)) >= {
        PlaceToken(SLIME, sq("c6")),
        PlaceToken(WOLF, sq("c6")),
    }
    s = play(s, 1, PlaceToken(SLIME, sq("c6")))
    # ... and otherwise must be placed: on the open Icy Peak, at once
    assert s.tokens[sq("c6")] is SLIME and s.tokens[sq("a1")] is WOLF
    assert s.lairs[1].waiting == ()


def test_roads_and_the_longest_road():
    """OD §Road, OD-10: 1 point per Road; a connected group belongs to the
    half holding more of it (both on a tie); the longer group earns 4, both
    on a tie, nobody without Roads."""
    s = table(board(a1="R.", a2="R.", a3="R.", c7="R.", c8="R.", d7="R."))
    assert pad(s, "Roads") == (3, 3)
    assert pad(s, "Longest road") == (4, 4)
    s = table(board(b3="R.", b4="R.", b5="R.", c8="R.", d8="R."))
    assert longest_roads(s) == (3, 2)
    assert pad(s, "Longest road") == (4, 0) and pad(s, "Roads") == (2, 3)
    s = table(board(b4="R.", b5="R."))  # split evenly: both own it
    assert pad(s, "Longest road") == (4, 4)
    assert pad(table(), "Longest road") == (0, 0)
    s = table(board(a1="R."))
    assert pad(s, "Longest road") == (4, 0)


def test_road_swaps_any_two_tokens_heroes_included_without_slaying():
    """OD §Road, OD-5, OD-18: the placer may swap two different tokens anywhere
    on the board, heroes included; a swap never slays."""
    s = placing(board(a1="IY", c8="TH", d8="TW"), R)
    s = play(s, 0, PlaceTile(sq("b3")))
    assert s.step is Step.SWAP
    legal = set(GAME.legal_actions(s, 0))
    assert SwapTokens(sq("d8"), sq("a1")) in legal or SwapTokens(sq("a1"), sq("d8")) in legal
    a, c = sorted((sq("a1"), sq("c8")))
    s = play(s, 0, SwapTokens(a, c))
    assert s.tokens[sq("a1")] is HERO and s.tokens[sq("c8")] is YETI
    assert s.lairs[0].heroes == 0


def test_a_road_swap_across_the_middle_says_whose_side_each_token_was_on():
    """OD §Road: play-test, "Bram swaps the Hero on a7 with the Werewolf on
    b2." did not tell the reader that their Werewolf went to Bram's half.
    A swap across the middle names both sides (each reader's own as "your
    side"), as a slide across it does; a swap within one half keeps its
    short form."""
    s = placing(board(a1="IY", c8="TH", d8="TW"), R)
    s = play(s, 0, PlaceTile(sq("b3")))
    across = SwapTokens(*sorted((sq("a1"), sq("c8"))))
    assert across in GAME.legal_actions(s, 0)
    names = ["Ann", "Bob"]
    assert GAME.describe(s, 0, across, names=names) == (
        "Ann swaps the Hero on c8 (Bob's side) with the Yeti on a1 (Ann's side).")
    assert GAME.describe(s, 0, across, names=names, viewer=0) == (
        "You swap the Hero on c8 (Bob's side) with the Yeti on a1 (your side).")
    assert GAME.describe(s, 0, across, names=names, viewer=1) == (
        "Ann swaps the Hero on c8 (your side) with the Yeti on a1 (Ann's side).")
    inside = SwapTokens(*sorted((sq("c8"), sq("d8"))))
    assert inside in GAME.legal_actions(s, 0)
    assert GAME.describe(s, 0, inside, names=names, viewer=1) == (
        "Ann swaps the Hero on c8 with the Werewolf on d8.")


def test_every_tile_effect_comes_before_the_pairs_token_od28():
    """OD-28 (the rulebook orders only the Town's effect before its token,
    OD §Town): a Road's swap, an Icy Peak's slide and a Sunken City's
    refresh all come while the drafted token is still in hand; the swap
    cannot move it, and it goes on the new tile afterwards."""
    s = placing(board(a1="IY", c8="TW"), R, BANDIT)
    s = play(s, 0, PlaceTile(sq("b3")))
    assert s.step is Step.SWAP and s.tokens[sq("b3")] is None and s.hand_token is BANDIT
    swaps = [a for a in GAME.legal_actions(s, 0) if isinstance(a, SwapTokens)]
    assert swaps == [SwapTokens(*sorted((sq("a1"), sq("c8"))))]  # not the Bandit
    s = play(s, 0, swaps[0])
    assert s.tokens[sq("b3")] is BANDIT and s.tokens[sq("a1")] is WOLF and s.step is Step.END
    s = play(placing(board(b2="TW"), I, YETI), 0, PlaceTile(sq("a1")))
    assert s.step is Step.SLIDE and s.tokens[sq("a1")] is None and s.hand_token is YETI
    s = placing(board(), S, ROCK, lairs=(Lair(expended=1), Lair()))
    s = play(s, 0, PlaceTile(sq("a1")))
    assert s.step is Step.REFRESH and s.tokens[sq("a1")] is None and s.hand_token is ROCK


def test_road_swap_of_like_tokens_is_not_offered():
    """OD-18: swapping two tokens of the same kind changes nothing."""
    s = placing(board(a1="IY", c8="TY"), R)
    s = play(s, 0, PlaceTile(sq("b3")))
    assert s.step is Step.END  # nothing to swap, no token


def test_towns_score_two():
    """OD §Town: each Town is worth 2 points."""
    assert pad(table(board(a1="T.", b1="TH", a8="T.")), "Towns") == (4, 2)


def test_town_spawns_heroes_in_every_unblocked_town():
    """OD §Town, OD-6: when a Town is placed, before its token, every Town
    without a miniboss spawns a hero, the new one included; a monster where
    a hero spawns returns to the bag."""
    s = placing(board(a1="TY", c8="T.", d1="TM"), T, WOLF)
    bag_yetis = s.bag[BAG_TOKENS.index(YETI)]
    s = play(s, 0, PlaceTile(sq("b3")))
    assert s.tokens[sq("a1")] is HERO and s.tokens[sq("c8")] is HERO
    assert s.tokens[sq("d1")] is MINI  # blocked off
    assert s.bag[BAG_TOKENS.index(YETI)] == bag_yetis + 1
    # the new Town's hero is slain by the matching Werewolf (OD §Heroes)
    assert s.tokens[sq("b3")] is WOLF and s.lairs[0].heroes == 1
    assert s.heroes == HEROES - 3 and all_heroes(s) == HEROES


def test_bands_and_matching_monsters_do_not_block_off_a_town():
    """OD §Town ("A Town with a Miniboss on it is "blocked off" ... Bands and
    Matching Monsters do not block off Towns in this way"): a Town holding
    its matching Werewolf, and a Town whose Yeti is in a band, both spawn a
    hero on themselves, and their monsters go back to the bag; only the
    miniboss's Town stays blocked."""
    s = placing(board(a1="TW", b2="TY", c2="IY", d1="TM"), T, None)
    assert len([b for b in bands(s) if b[1] is YETI]) == 1  # b2-c2, a band of 2
    wolves = s.bag[BAG_TOKENS.index(WOLF)]
    yetis = s.bag[BAG_TOKENS.index(YETI)]
    s = play(s, 0, PlaceTile(sq("d4")))
    assert s.tokens[sq("a1")] is HERO and s.tokens[sq("b2")] is HERO
    assert s.tokens[sq("d4")] is HERO and s.tokens[sq("d1")] is MINI
    assert s.tokens[sq("c2")] is YETI  # not a Town: nothing spawns there
    assert s.bag[BAG_TOKENS.index(WOLF)] == wolves + 1
    assert s.bag[BAG_TOKENS.index(YETI)] == yetis + 1
    assert s.heroes == HEROES - 3 and all_heroes(s) == HEROES


def test_a_town_holding_a_hero_spawns_next_to_it_where_the_placer_picks():
    """OD §Town, OD-6: a Town already holding a hero spawns on a bordering
    tile that can hold a token and holds no hero or miniboss, the placing
    player's choice; with none, it does not spawn."""
    s = placing(board(b2="TH", a2="IY", c2="D.", b3="RM", b1="SH"), T, None)
    s = play(s, 0, PlaceTile(sq("d4")))
    # the new Town spawned on itself; b2's only place is a2 (c2 is a
    # Dungeon, b3 has a miniboss, b1 a hero): forced, done at once
    assert s.tokens[sq("d4")] is HERO and s.tokens[sq("a2")] is HERO
    s = placing(board(b2="TH", a2="I.", c2="S."), T, None)
    s = play(s, 0, PlaceTile(sq("d4")))
    assert s.step is Step.SPAWN
    assert set(GAME.legal_actions(s, 0)) >= {
        SpawnHero(sq("b2"), sq("a2")),
        SpawnHero(sq("b2"), sq("c2")),
    }
    s = play(s, 0, SpawnHero(sq("b2"), sq("c2")))
    assert s.tokens[sq("c2")] is HERO and s.tokens[sq("a2")] is None
    s = placing(board(b2="TH", a2="IH", c2="D."), T, None)
    s = play(s, 0, PlaceTile(sq("d4")))
    assert s.tokens[sq("d4")] is HERO and s.step is Step.END  # b2 could not spawn


def test_town_order_decides_who_gets_the_last_heroes():
    """OD §Heroes, OD-6, OD-19: with too few heroes for every Town, the
    placing player picks the order, and so which Towns get them."""
    s = placing(board(a1="T.", d1="T."), T, None)
    s = attrs.evolve(s, heroes=1)
    s = play(s, 0, PlaceTile(sq("b3")))
    assert s.step is Step.SPAWN
    assert set(GAME.legal_actions(s, 0)) >= {SpawnHero(sq(n), sq(n)) for n in ("a1", "d1", "b3")}
    s = play(s, 0, SpawnHero(sq("d1"), sq("d1")))
    assert s.tokens[sq("d1")] is HERO and s.heroes == 0
    assert s.tokens[sq("a1")] is None and s.tokens[sq("b3")] is None and s.step is Step.END


def _forced_beside_a_choice(**tiles: str):
    """b1 holds a hero with two open squares (b2, c1): a real choice."""
    return placing(board(b1="TH", b2="I.", c1="S.", **tiles), T, None)


def test_forced_spawns_apart_from_a_real_choice_spawn_at_once():
    """OD-17 ("Towns whose forced spawns cannot affect one another spawn
    together"). Play-test: a1 (only a2) and c6 (only itself) each had one
    square, b1 a real choice, and the game asked which Town first."""
    s = _forced_beside_a_choice(a1="TH", a2="I.", c6="T.")
    s = play(s, 0, PlaceTile(sq("d8")))
    assert s.tokens[sq("a2")] is HERO and s.tokens[sq("c6")] is HERO
    assert s.tokens[sq("d8")] is HERO  # the new Town, on itself
    assert s.step is Step.SPAWN and s.pending_towns == (sq("b1"),)
    assert {a for a in GAME.legal_actions(s, 0) if isinstance(a, SpawnHero)} == {
        SpawnHero(sq("b1"), sq("b2")),
        SpawnHero(sq("b1"), sq("c1")),
    }


def test_a_forced_spawn_on_a_square_another_town_could_use_waits():
    """OD-6, OD-17: a1's only square is a1 itself, which b1's hero could
    also take: spawning a1 first changes b1's choice, so the order stays
    the player's. c6 and the new Town affect nobody and spawn at once."""
    s = _forced_beside_a_choice(a1="T.", c6="T.")
    s = play(s, 0, PlaceTile(sq("d8")))
    assert s.tokens[sq("c6")] is HERO and s.tokens[sq("d8")] is HERO
    assert s.tokens[sq("a1")] is None
    assert s.step is Step.SPAWN and set(s.pending_towns) == {sq("a1"), sq("b1")}
    assert SpawnHero(sq("a1"), sq("a1")) in GAME.legal_actions(s, 0)
    assert SpawnHero(sq("b1"), sq("a1")) in GAME.legal_actions(s, 0)


def test_too_few_heroes_keeps_the_order_of_forced_spawns_a_choice():
    """OD §Heroes, OD-17, OD-19: with fewer heroes than Towns to spawn, the
    order decides who gets them, so no forced spawn happens by itself."""
    s = attrs.evolve(_forced_beside_a_choice(a1="TH", a2="I.", c6="T."), heroes=3)
    s = play(s, 0, PlaceTile(sq("d8")))
    assert s.step is Step.SPAWN and s.heroes == 3
    assert s.tokens[sq("a2")] is None and s.tokens[sq("c6")] is None
    assert {SpawnHero(sq("a1"), sq("a2")), SpawnHero(sq("c6"), sq("c6"))} <= set(
        GAME.legal_actions(s, 0))


def test_spawn_order_matters_when_a_hero_lands_on_a_pending_town():
    """OD-6: the placing player orders the Towns; a Town holding a hero
    spawns next to it, possibly on another Town that then spawns beside it."""
    s = placing(board(b2="TH", b1="T.", c1="I."), T, None)
    s = play(s, 0, PlaceTile(sq("d4")))
    assert s.step is Step.SPAWN
    s = play(s, 0, SpawnHero(sq("b2"), sq("b1")))
    # b1 now holds a hero: its own goes next to it, on c1 (a1 has no tile)
    assert s.tokens[sq("b1")] is HERO and s.tokens[sq("c1")] is HERO
    assert s.tokens[sq("d4")] is HERO and s.step is Step.END


def test_sunken_city_scores_architecture_on_a_water_edge():
    """OD §Sunken City, OD-2, OD-24: a Sunken City on a water edge scores one
    point per Crystal and Spire (active or expended) in its owner's lair;
    elsewhere nothing."""
    lair = Lair(crystals=(Token.ROAD_CRYSTAL,), spires=1, expended=1)
    s = table(board(a3="S.", c1="S.", c2="S.", d3="S.", d8="S."), lairs=(lair, Lair(spires=2)))
    assert pad(s, "Sunken Cities") == (3 + 3, 2)


def test_sunken_city_refreshes_an_expended_spire():
    """OD §Sunken City, §Spires: placing one may refresh one of the placer's
    expended Spires, which can be used that turn if none was used yet."""
    s = placing(board(a1="I."), S, None, lairs=(Lair(expended=2), Lair()))
    s = play(s, 0, PlaceTile(sq("c3")))
    assert s.step is Step.REFRESH and set(GAME.legal_actions(s, 0)) >= {RefreshSpire(), Skip()}
    s = play(s, 0, RefreshSpire())
    assert s.lairs[0].spires == 1 and s.lairs[0].expended == 1 and s.step is Step.END
    assert UseSpire(sq("a1"), sq("b2")) in GAME.legal_actions(s, 0)
    s = placing(board(), S, None)
    assert play(s, 0, PlaceTile(sq("c3"))).step is Step.END  # nothing to refresh


# --- Tokens -----------------------------------------------------------------------------


def test_bands_score_two_five_seven():
    """OD §Monsters, OD-11: a band is a maximal straight run of 2+ same-type
    monsters: 2, 5, 7 points for 2, 3, 4+; a monster may count in a row and
    a column band; minibosses and heroes do not form bands."""
    s = table(board(a1="IY", b1="IY", c1="IY", a2="IY"))
    assert pad(s, "Bands") == (5 + 2, 0)
    s = table(board(a1="IW", b1="IW", c1="IW", d1="IW"))
    assert pad(s, "Bands") == (7, 0)
    col = {f"b{n}": "RB" for n in range(1, 7)}
    s = table(board(**col))  # a run of 6: 4+ scores 7; 4 of 6 on seat 0's half
    assert pad(s, "Bands") == (7, 0)
    s = table(board(a1="IM", b1="IM", c1="IH", d1="IH"))
    assert pad(s, "Bands") == (0, 0)
    s = table(board(a1="IY", b1="IB", c1="IY"))
    assert pad(s, "Bands") == (0, 0)


def test_bands_across_the_divide_score_for_the_larger_part_or_both():
    """OD §What's New 2E, OD-11: a band crossing the divide scores for the
    half holding more of it; both score on an even split."""
    s = table(board(c3="IK", c4="IK", c5="IK"))
    assert pad(s, "Bands") == (5, 0)
    s = table(board(c4="IK", c5="IK"))
    assert pad(s, "Bands") == (2, 2)


def test_matching_monsters_and_minibosses():
    """OD §Matching Monsters, §Minibosses: 1 point per monster on its own
    terrain (Yeti-Icy Peak, Bandit-Road, Spellslime-Spawning Pool,
    Rocktopus-Sunken City, Werewolf-Town: OD-3); 2 per miniboss on a tile."""
    s = table(board(a1="IY", b1="RB", c1="PL", d1="SK", a2="TW", b2="TY", c2="RM", a8="TM"))
    assert pad(s, "Matching monsters") == (5, 0)
    assert pad(s, "Minibosses") == (2, 2)


def test_crystals_count_their_terrain_on_their_bosss_side_only():
    """OD §Crystals, §What's New 2F: 1 point per tile of the Crystal's
    terrain on its Boss's side of the board."""
    lair = Lair(crystals=(Token.ICY_PEAK_CRYSTAL, Token.TOWN_CRYSTAL))
    s = table(board(a1="I.", b1="I.", c1="I.", d8="I.", a8="T."), lairs=(lair, Lair()))
    assert pad(s, "Crystals") == (3, 0)


def test_heroes_are_slain_three_ways():
    """OD §Heroes, OD-5, OD-13: a hero's tile takes only a token that slays
    it: a miniboss, a matching monster, or a monster forming a band; the hero
    goes to the slayer's lair and is worth 1 point."""
    # a miniboss, from the lair, onto a hero while placing a Dungeon pair
    s = placing(board(a1="IH", c8="T."), D, YETI, lairs=(Lair(), Lair()))
    s = play(s, 0, PlaceTile(sq("b3")))
    legal = set(GAME.legal_actions(s, 0))
    assert PlaceToken(YETI, sq("a1")) in legal  # matching: slays
    s = play(s, 0, PlaceToken(YETI, sq("a1")))
    assert s.lairs[0].heroes == 1 and s.tokens[sq("a1")] is YETI
    assert pad(s, "Heroes slain") == (1, 0)
    # a band: a Bandit next to a Bandit
    s = placing(board(a1="IH", a2="SB", c8="T."), D, BANDIT)
    s = play(s, 0, PlaceTile(sq("b3")))
    assert PlaceToken(BANDIT, sq("a1")) in GAME.legal_actions(s, 0)
    # a plain monster cannot take a hero's tile
    s = placing(board(a1="IH", c8="T."), D, ROCK)
    s = play(s, 0, PlaceTile(sq("b3")))
    assert s.tokens[sq("c8")] is ROCK and s.tokens[sq("a1")] is HERO
    s = placing(board(a1="IH", c8="TY"), D, ROCK)
    s = play(s, 0, PlaceTile(sq("b3")))
    assert s.lairs[0].waiting == (ROCK,)  # no open terrain: it waits
    with pytest.raises(IllegalAction):
        GAME.apply(s, 0, PlaceToken(ROCK, sq("a1")))
    # a miniboss slays whatever the terrain
    s = placing(board(a1="SH", c8="T."), D, MINI, seat=1)
    s = play(s, 1, PlaceTile(sq("b3")), PlaceToken(MINI, sq("a1")))
    assert s.lairs[1].heroes == 1 and s.tokens[sq("a1")] is MINI


def test_a_hero_tile_is_never_required():
    """OD-5, OD-16: the must-place rule counts only open tiles; a hero's tile
    is occupied."""
    s = placing(board(a1="IH", c8="TY"), D, None, lairs=(Lair(waiting=(YETI,)), Lair()))
    s = play(s, 0, PlaceTile(sq("b3")))
    assert s.step is Step.END and s.lairs[0].waiting == (YETI,)


def test_spires_move_a_tile_diagonally_once_per_turn_at_any_moment():
    """OD §Spires, OD-7: expend a Spire to move any tile (and its token)
    diagonally to an empty square before the first tile or edge; once per
    turn, at any moment of one's own turn; expended Spires stay in the
    lair."""
    s = table(board(b2="IY", d4="D."), lairs=(Lair(spires=2), Lair()))
    legal = set(GAME.legal_actions(s, 0))  # before drafting
    assert {
        UseSpire(sq("b2"), sq("a3")),
        UseSpire(sq("b2"), sq("c3")),
        UseSpire(sq("b2"), sq("a1")),
    } <= legal
    assert UseSpire(sq("b2"), sq("b3")) not in legal
    assert UseSpire(sq("b2"), sq("d4")) not in legal  # the Dungeon's own square
    assert UseSpire(sq("d4"), sq("a7")) in legal  # across the divide
    s = play(s, 0, UseSpire(sq("b2"), sq("a3")))
    assert s.tiles[sq("a3")] is I and s.tokens[sq("a3")] is YETI and s.tiles[sq("b2")] is None
    assert s.lairs[0] == Lair(spires=1, expended=1)
    assert not any(isinstance(a, UseSpire) for a in GAME.legal_actions(s, 0))
    with pytest.raises(IllegalAction, match="already used a Spire"):
        GAME.apply(s, 0, UseSpire(sq("d4"), sq("c3")))
    s = play(s, 0, Draft(0), PlaceTile(sq("c1")), EndTurn())
    assert s.spire_used is False
    s = table(
        board(b2="IY"), step=Step.PLACE_TILE, hand=(R, BANDIT), lairs=(Lair(spires=1), Lair())
    )
    assert UseSpire(sq("b2"), sq("c3")) in GAME.legal_actions(s, 0)  # mid-turn too


def test_spire_moving_the_new_tile_takes_its_token_along():
    """OD §Spires, OD-7: the tile placed this turn may be moved before its
    token is placed; the token follows it."""
    s = placing(board(a1="I.", a4="I."), I, YETI, lairs=(Lair(spires=1), Lair()))
    s = play(s, 0, PlaceTile(sq("c3")))
    assert s.step is Step.SLIDE
    s = play(s, 0, UseSpire(sq("c3"), sq("d4")))
    assert s.placed == sq("d4")
    s = play(s, 0, Skip())
    assert s.tokens[sq("d4")] is YETI


# --- Bosses ------------------------------------------------------------------------------


def test_boss_reveal_is_once_per_game_on_ones_own_turn():
    """OD §Boss Cards: a Boss is secret until revealed, once per game, at
    any moment of its owner's turn; it scores its objective either way."""
    s = table(bosses=(Boss.DR_DEADLY, Boss.BARON_HEX), step=Step.END)
    assert GAME.view(s, 1).bosses == (None, Boss.BARON_HEX)
    assert RevealBoss() not in GAME.legal_actions(s, 1)
    s = play(s, 0, RevealBoss())
    assert s.revealed == (True, False)
    assert GAME.view(s, 1).bosses == (Boss.DR_DEADLY, Boss.BARON_HEX)
    assert RevealBoss() not in GAME.legal_actions(s, 0)
    with pytest.raises(IllegalAction, match="already revealed"):
        GAME.apply(s, 0, RevealBoss())
    hidden = table(board(a1="D."), bosses=(Boss.KING_CROAK, Boss.BELLADONNA))
    assert pad(hidden, "Boss objective") == (1, 0)


def test_king_croak_destroys_a_tile_for_a_market_dungeon():
    """OD §Boss Cards, OD-8, OD-20: King Croak's reveal may destroy any tile
    (out of the game, its token to the bag, a hero to the supply) and put a
    Dungeon from the market in its place."""
    market = ((R, BANDIT), (D, YETI), (T, WOLF), (D, None))
    s = table(board(a1="IB", b1="TH", c8="P."), market=market)
    s = play(s, 0, RevealBoss())
    assert s.step is Step.CROAK
    legal = set(GAME.legal_actions(s, 0))
    assert {Destroy(sq("a1"), 1), Destroy(sq("c8"), 3), Skip()} <= legal
    assert not any(isinstance(a, Destroy) and a.slot in (0, 2) for a in legal)
    bandits = s.bag[BAG_TOKENS.index(BANDIT)]
    s = play(s, 0, Destroy(sq("a1"), 1))
    assert s.tiles[sq("a1")] is D and s.tokens[sq("a1")] is None and s.removed == (I,)
    assert s.bag[BAG_TOKENS.index(BANDIT)] == bandits + 1
    assert s.market[1] == rules.Pair(None, YETI) and s.step is Step.DRAFT
    assert Draft(1) not in GAME.legal_actions(s, 0)
    heroes = s.heroes
    s = table(board(b1="TH"), market=market)
    s = play(s, 0, RevealBoss(), Destroy(sq("b1"), 3))
    assert s.heroes == heroes + 1 and s.market[3] == rules.Pair(None, None)


def test_king_croak_needs_a_market_dungeon_and_locks_dungeons():
    """OD-8, OD-20: without a Dungeon in the market the reveal destroys
    nothing; once revealed, his opponent cannot move Dungeons (Icy Peak,
    Spire, Queen Rimefang), while he still can."""
    s = table(board(b2="D.", c3="I."), lairs=(Lair(spires=1), Lair(spires=1)))
    s = play(s, 0, RevealBoss())
    assert s.step is Step.DRAFT and s.revealed[0]
    assert UseSpire(sq("b2"), sq("a3")) in GAME.legal_actions(s, 0)
    s1 = attrs.evolve(s, turn=1)
    assert not any(isinstance(a, UseSpire) and a.src == sq("b2") for a in GAME.legal_actions(s1, 1))
    s1 = placing(board(b2="D.", c3="I."), I, None, seat=1, revealed=(True, False))
    s1 = play(s1, 1, PlaceTile(sq("a8")))
    assert not any(isinstance(a, Slide) and a.src == sq("b2") for a in GAME.legal_actions(s1, 1))
    with pytest.raises(IllegalAction, match="King Croak"):
        GAME.apply(s1, 1, Slide(sq("b2"), sq("b1")))


def test_king_croak_scores_every_dungeon_on_the_board():
    """OD §Boss Cards (King Croak), OD-20: +1 per Dungeon on the map, the
    whole shared board."""
    s = table(board(a1="D.", b1="D.", a8="D."))
    assert pad(s, "Boss objective") == (3, 0)


def test_belladonna_poisons_a_token():
    """OD-9, OD-21 (house): Belladonna's reveal returns one token on the
    board (monster or miniboss to the bag, hero to the supply); she scores +1
    per Matching Monster on her side."""
    s = table(board(a1="IY", b8="TH"), bosses=(Boss.BELLADONNA, Boss.KING_CROAK))
    s = play(s, 0, RevealBoss())
    assert s.step is Step.POISON
    assert set(GAME.legal_actions(s, 0)) == {Poison(sq("a1")), Poison(sq("b8")), Skip()}
    heroes = s.heroes
    s = play(s, 0, Poison(sq("b8")))
    assert s.tokens[sq("b8")] is None and s.heroes == heroes + 1 and s.step is Step.DRAFT
    assert pad(s, "Boss objective") == (1, 0)
    s = play(
        table(board(a1="IY"), bosses=(Boss.BELLADONNA, None)), 0, RevealBoss(), Poison(sq("a1"))
    )
    assert all_tokens(s) == all_tokens(table())


def test_baron_hex_takes_a_market_token_and_his_crystals_pick_a_half():
    """OD-9, OD-21 (house): Baron Hex's reveal takes a market token into his
    lair; from then on each of his Crystals scores the better half; he scores
    +2 per Crystal."""
    market = ((R, Token.ROAD_CRYSTAL), (I, YETI), (T, WOLF), (P, SLIME))
    lair = Lair(crystals=(Token.ICY_PEAK_CRYSTAL,))
    s = table(
        board(a1="I.", a8="I.", b8="I.", c3="T."),
        market=market,
        bosses=(Boss.BARON_HEX, Boss.KING_CROAK),
        lairs=(lair, Lair()),
    )
    assert pad(s, "Crystals") == (1, 0) and pad(s, "Boss objective") == (2, 0)
    s = play(s, 0, RevealBoss())
    assert s.step is Step.HEX
    s = play(s, 0, TakeToken(0))
    assert s.lairs[0].crystals == (Token.ICY_PEAK_CRYSTAL, Token.ROAD_CRYSTAL)
    assert s.market[0] == rules.Pair(R, None) and Draft(0) in GAME.legal_actions(s, 0)
    assert pad(s, "Crystals") == (2, 0) and pad(s, "Boss objective") == (4, 0)
    assert any("Baron Hex" in n for n in score_pad(s).notes)
    # a monster taken must then be placed while open terrain exists
    s = table(board(a1="I."), step=Step.END, bosses=(Boss.BARON_HEX, None))
    s = play(s, 0, RevealBoss(), TakeToken(1))
    assert s.tokens[sq("a1")] is YETI and s.step is Step.END


def test_baron_hexs_crystals_on_the_other_half_are_said_in_one_note():
    """OD-21 (house): each of Baron Hex's Crystals scores the better half.
    Play-test: one note per Crystal took two lines each, and at 80x24 the
    final table showed only the first; "Crystals 7" could not be explained.
    Those scored on the other half share one short note, each with both
    counts."""
    lair = Lair(crystals=(Token.ROAD_CRYSTAL, Token.SUNKEN_CITY_CRYSTAL, Token.TOWN_CRYSTAL))
    s = table(board(a1="R.", a8="R.", b8="R.", b1="S.", c8="S.", d8="S.", c1="T."),
              bosses=(Boss.BARON_HEX, Boss.KING_CROAK), revealed=(True, False),
              lairs=(lair, Lair()))
    assert pad(s, "Crystals") == (2 + 2 + 1, 0)
    assert score_pad(s).notes == (
        "Baron Hex: Crystals scored on the other half: Road 2 (not 1), Sunken City 2 (not 1).",)
    # one Crystal: the note says it whole
    lair = Lair(crystals=(Token.ROAD_CRYSTAL, Token.TOWN_CRYSTAL))
    s = attrs.evolve(s, lairs=(lair, Lair()))
    assert score_pad(s).notes == (
        "Baron Hex: the Road Crystal scores the other half (2 instead of 1).",)


def test_dr_deadly_refreshes_every_spire():
    """OD §Spires (Dr. Deadly refreshes), OD-9, OD-21 (house): his reveal
    refreshes all his expended Spires; he scores +2 per Spire."""
    s = table(board(b2="I."), bosses=(Boss.DR_DEADLY, None), lairs=(Lair(expended=3), Lair()))
    assert pad(s, "Boss objective") == (6, 0)
    s = play(s, 0, RevealBoss())
    assert s.lairs[0] == Lair(spires=3) and s.step is Step.DRAFT
    assert UseSpire(sq("b2"), sq("a1")) in GAME.legal_actions(s, 0)


def test_queen_rimefang_slides_any_tile():
    """OD-9, OD-21 (house): Queen Rimefang's reveal slides any one tile in a
    straight line as an Icy Peak does; +1 per Icy Peak and Yeti on her side."""
    s = table(board(a1="IY", c8="I."), bosses=(None, Boss.QUEEN_RIMEFANG), turn=1)
    assert pad(s, "Boss objective") == (0, 1)
    s = play(s, 1, RevealBoss())
    assert s.step is Step.FROST
    s = play(s, 1, Slide(sq("a1"), sq("a5")))
    assert s.tiles[sq("a5")] is I and s.tokens[sq("a5")] is YETI and s.step is Step.DRAFT
    assert pad(s, "Boss objective") == (0, 3)


def test_warlord_grimtusk_slays_a_hero():
    """OD-9, OD-21 (house): Warlord Grimtusk's reveal slays one hero on the
    board into his lair; +1 per hero in his lair and per Road on his side."""
    s = table(board(a1="TH", b1="R."), bosses=(Boss.WARLORD_GRIMTUSK, None), step=Step.END)
    assert pad(s, "Boss objective") == (1, 0)
    s = play(s, 0, RevealBoss())
    assert s.step is Step.SLAY and set(GAME.legal_actions(s, 0)) == {Slay(sq("a1")), Skip()}
    s = play(s, 0, Slay(sq("a1")))
    assert s.lairs[0].heroes == 1 and s.tokens[sq("a1")] is None and s.step is Step.END
    assert pad(s, "Boss objective") == (2, 0) and pad(s, "Heroes slain") == (1, 0)


def test_an_ability_with_nothing_to_do_passes_and_skip_resumes_the_turn():
    """OD-7, OD-23: a reveal is optional and its ability too; the turn
    resumes at the step it interrupted."""
    s = table(bosses=(Boss.WARLORD_GRIMTUSK, None), step=Step.PLACE_TILE, hand=(R, None))
    s = play(s, 0, RevealBoss())
    assert s.step is Step.PLACE_TILE  # no hero to slay
    s = table(
        board(a1="TH"), bosses=(Boss.WARLORD_GRIMTUSK, None), step=Step.PLACE_TILE, hand=(R, None)
    )
    s = play(s, 0, RevealBoss())
    assert s.step is Step.SLAY and s.resume is Step.PLACE_TILE
    assert not any(isinstance(a, UseSpire) or a == RevealBoss() for a in GAME.legal_actions(s, 0))
    s = play(s, 0, Skip())
    assert s.step is Step.PLACE_TILE and s.resume is None and s.revealed[0]


def test_the_six_bosses():
    """OD-9, OD-21: six Boss cards; King Croak is printed, the five others
    are house designs, marked as such."""
    from core.overboss.bosses import CARDS, title

    assert set(CARDS) == set(BOSSES) and len(BOSSES) == 6
    assert [b for b in BOSSES if not CARDS[b].house] == [Boss.KING_CROAK]
    assert title(Boss.BARON_HEX) == "Baron Hex (house)" and title(Boss.KING_CROAK) == "King Croak"


# --- Final scoring ------------------------------------------------------------------------------

#: OD §Scoring Example: King Croak (seat 0, the near half: ranks 1-4) and
#: Belladonna (seat 1). Seat 0's half as its player sees it:
#:
#:     rank 4   Sunken+Rocktopus  Dungeon   Dungeon    Icy+Spellslime   (divide above)
#:     rank 3   Pool              Road+Wolf Road+Wolf  Sunken+Yeti
#:     rank 2   Pool+Spellslime   Icy+Wolf  Road+Bandit Sunken+Bandit
#:     rank 1   Town+Miniboss     Town      Icy+Yeti   Dungeon
EXAMPLE = """
R. R. PY S.
T. D. PB R.
SK R. TH P.
SW T. I. IL
SK D. D. IL
P. RW RW SY
PL IW RB SB
TM T. IY D.
"""


def example_table():
    lairs = (
        Lair(crystals=(Token.ROAD_CRYSTAL,), spires=1, expended=1, heroes=2),
        Lair(heroes=1),
    )
    return table(
        EXAMPLE,
        lairs=lairs,
        bosses=(Boss.KING_CROAK, Boss.BELLADONNA),
        revealed=(True, False),
        step=Step.OVER,
    )


def test_scoring_example_steps_1_to_11():
    """OD §Scoring Example (King Croak vs Belladonna), steps 1-11, on a board
    that matches its description, scored to the same category totals."""
    s = example_table()
    mine = {name: v[0] for name, v in score_pad(s).categories}
    assert mine["Icy Peaks"] == 7  # 1: 3 + 3 + 1
    assert mine["Roads"] + mine["Longest road"] == 7  # 2: 3 Roads + 4
    assert pad(s, "Roads")[1] > mine["Roads"]  # they have more Road tiles
    assert longest_roads(s) == (3, 2)  # ... but only two connected
    assert mine["Towns"] == 4  # 3
    assert mine["Spawning Pools"] == 2 + 3  # 4
    assert mine["Sunken Cities"] == 3  # 5: one on water, 1 crystal + 2 Spires
    assert mine["Dungeons"] == 3 + 4 + 5  # 6
    assert mine["Minibosses"] == 2  # 7
    assert mine["Crystals"] == 3  # 8: the Road Crystal, 3 Roads
    assert mine["Matching monsters"] == 4  # 9
    assert mine["Bands"] == 2 + 2 + 2 + 2  # 10: Bandits, L of Wolves, shared Spellslimes
    assert pad(s, "Bands")[1] >= 2  # 10: the split Spellslime band scores for both
    assert mine["Heroes slain"] == 2  # 11
    assert mine["Boss objective"] == 4  # King Croak: 4 Dungeons on the board
    out = GAME.outcome(s)
    assert out.winners == {0}  # King Croak stomped all over Belladonna
    assert out.scores[0] == 57 + 4
    names = [c.name for c in out.breakdown]
    assert names[-1] == "Total" and "Longest road" in names
    # the Tile Score (OD-22) is the subtotal under the tiles' lines, not at the foot
    tiles = names.index("Tile score")
    assert set(names[:tiles]) == TILE_CATEGORIES
    assert out.breakdown[tiles].values == tuple(
        sum(c.values[s] for c in out.breakdown[:tiles]) for s in (0, 1))


def test_scoring_example_item_by_item():
    """OD §Scoring Example, each item as printed, not only each step's total:
    the board is the one described (which Icy Peak touches another, what
    each Dungeon and each Pool's row holds), and each item scores alone
    what the example says it does."""
    s = example_table()
    g = geometry(8)
    tiles, tokens = s.tiles, s.tokens

    def around(name):
        return sorted(t.value for n in g.neighbours[sq(name)] if (t := tiles[n]) is not None)

    def alone(**squares):
        return score_pad(table(board(**squares), step=Step.OVER))

    # 1: two lone Icy Peaks (3 each); d4 touches the Icy Peak across the divide (1)
    assert [any(tiles[n] is I for n in g.neighbours[sq(x)]) for x in ("b2", "c1", "d4")] == [
        False,
        False,
        True,
    ]
    assert alone(d4="I.", d5="I.").value("Icy Peaks") == (1, 1)
    # 4: the top Pool's row holds 2 Werewolves and a Yeti: 2; the other's three kinds: 3
    assert [tokens[q] for q in g.row_of[sq("a3")]] == [None, WOLF, WOLF, YETI]
    assert alone(a3="P.", b3="RW", c3="RW", d3="SY").value("Spawning Pools") == (2, 0)
    assert alone(a2="PL", b2="IW", c2="RB", d2="SB").value("Spawning Pools") == (3, 0)
    # 5: a4 lies on a water edge, d2 and d3 on the mountains
    assert [sq(x) in g.water for x in ("a4", "d2", "d3")] == [True, False, False]
    # 6: d1 borders an Icy Peak and a Sunken City (3); c4 two Icy Peaks, a
    # Road and a Dungeon (4); b4 four different terrains (5)
    assert around("d1") == ["icy-peak", "sunken-city"]
    assert around("c4") == ["dungeon", "icy-peak", "icy-peak", "road"]
    assert around("b4") == ["dungeon", "road", "sunken-city", "town"]
    assert alone(d1="D.", c1="I.", d2="S.").value("Dungeons") == (3, 0)
    pair = dict(b2="D.", c2="D.", a2="S.", b1="R.", b3="T.", c1="R.", c3="I.", d2="I.")
    assert alone(**pair).value("Dungeons") == (5 + 4, 0)  # b4 and c4 as a pair
    # 9: the Bandit on the Road, the Spellslime on the Pool, the Yeti on the
    # Icy Peak and the Rocktopus on the Sunken City, each worth 1 alone
    assert [(tiles[sq(x)], tokens[sq(x)]) for x in ("c2", "a2", "c1", "a4")] == [
        (R, BANDIT),
        (P, SLIME),
        (I, YETI),
        (S, ROCK),
    ]
    assert alone(c2="RB", a2="PL", c1="IY", a4="SK").value("Matching monsters") == (4, 0)
    # 10: the four bands: the Bandits, the L of Werewolves (two bands) and the
    # Spellslimes split one and one across the divide, 2 points to each side
    runs = {(tuple(sorted(g.names[q] for q in run)), kind) for run, kind in bands(s)}
    assert runs == {
        (("c2", "d2"), BANDIT),
        (("b3", "c3"), WOLF),
        (("b2", "b3"), WOLF),
        (("d4", "d5"), SLIME),
    }
    assert pad(s, "Bands") == (8, 2)
    assert alone(d4="IL", d5="IL").value("Bands") == (2, 2)


def test_each_side_scores_its_half_whoever_placed_it():
    """OD §Final Scoring Notes, §What's New 2D: tiles and tokens score for
    the side they lie on."""
    s = table(board(a1="T.", a8="T."))
    assert pad(s, "Towns") == (2, 2)


def test_a_tie_goes_to_the_higher_tile_score_then_both_win():
    """OD-12, OD-22: a final tie is won by the higher Tile Score (tiles
    alone: not tokens, heroes or objectives); still tied, both win."""
    over = dict(bosses=(None, None), step=Step.OVER)
    # 2 (Town) + 2 heroes vs 2 (Town) + 2 (miniboss): tied on both counts
    s = table(board(a1="T.", a8="TM"), lairs=(Lair(heroes=2), Lair()), **over)
    out = GAME.outcome(s)
    assert out.scores == (4, 4) and score_pad(s).tile_scores == (2, 2)
    assert out.winners == {0, 1}
    assert "Tied at 4, and at 2 on the tile score: both win (house ruling OD-12)." in out.notes
    assert GAME.results_tie_words(out) == " (tied at 4, and at 2 on the tile score)"
    # 2 (Town) + 1 (matching Werewolf) + 2 heroes vs 2 (Town) + 3 (lone Icy Peak)
    s = table(board(a1="TW", a8="T.", b8="I."), lairs=(Lair(heroes=2), Lair()), **over)
    out = GAME.outcome(s)
    assert score_pad(s).totals == (5, 5) and score_pad(s).tile_scores == (2, 5)
    # Play-test: the note said "the other side's score is set one below the
    # winner's" beside a pad and results showing both at 35; it says what a
    # player can check there: the tie on Power and the tile scores
    assert out.winners == {1}
    assert "Tied at 5: {1} wins on the tile score, 5 to 2 (house ruling OD-12)." in out.notes
    assert not any("one below" in n for n in out.notes)
    # the results' title: "Bram wins on the tile score, 5 to 2 (tied at 5)"
    assert GAME.results_tie_words(out) == " on the tile score, 5 to 2 (tied at 5)"
    # the ranking puts the loser below (Outcome.scores); the pad keeps the Power
    assert out.scores == (4, 5)
    assert dict((c.name, c.values) for c in out.breakdown)["Total"] == (5, 5)
    s = table(board(a1="T.", b1="I."), **over)
    assert GAME.outcome(s).winners == {0} and GAME.outcome(s).notes == ()
    assert GAME.results_tie_words(GAME.outcome(s)) == ""


def test_outcome_only_when_over_and_breakdown_is_the_score_pad():
    """OD §Final Scoring Notes: the outcome's breakdown is the score pad."""
    s = example_table()
    assert GAME.outcome(attrs.evolve(s, step=Step.END)) is None
    out = GAME.outcome(s)
    assert [c.name for c in out.breakdown] == [
        "Dungeons",
        "Icy Peaks",
        "Spawning Pools",
        "Roads",
        "Longest road",
        "Towns",
        "Sunken Cities",
        # the tiles' subtotal (OD-12, OD-22), not a part of the Total; in sentence case
        # as the pad's other lines (a house term, not the rulebook's: play-test duelbots)
        "Tile score",
        "Bands",
        "Matching monsters",
        "Minibosses",
        "Crystals",
        "Heroes slain",
        "Boss objective",
        "Total",
    ]
    points = [c for c in out.breakdown if c.name not in ("Tile score", "Total")]
    assert sum(c.values[0] for c in points) == out.scores[0]


def test_first_player_is_seat_zero():
    """OD §Turn Order 1, OD-14: the seat order is the first-player pick."""
    s = GAME.setup(2, GAME.Options(short_board=True))
    assert s.turn == 0 and len(s.tiles) == 24


def test_describe_lines():
    """OD §Boss Cards: log lines name squares and sides and never a face-down
    Boss."""
    s = table(board(a1="I."))
    line = GAME.describe(s, 0, Draft(1), names=["Ann", "Bob"])
    assert line == "Ann drafts pair 2: Icy Peak and Yeti."
    s = placing(board(), R, BANDIT)
    assert GAME.describe(s, 0, PlaceTile(sq("b7")), names=["Ann", "Bob"]) == (
        "Ann places the Road on b7 (Bob's side). Then a Bandit goes to b7."
    )
    s = GAME.setup(2, GAME.Options())
    assert "King Croak" not in GAME.describe(s, CHANCE, DealBoss(Boss.KING_CROAK))


def test_a_tile_moved_across_the_middle_says_from_whose_side_to_whose_and_its_token():
    """OD §Icy Peak, §Spires ("Any tokens on the moved tile move with it"):
    hot-seat play-test, the line "Ann slides the Road from c6 to c1 (their
    side)." told only where the tile ended: not that it was taken from the
    reader's half, nor that the Werewolf on it went along. A move across
    the middle names both sides (each reader's own as "your side"), and the
    token that went with the tile."""
    s = placing(board(b6="TW"), I)
    s = play(s, 0, PlaceTile(sq("a1")))
    slide = Slide(sq("b6"), sq("b3"))
    assert slide in GAME.legal_actions(s, 0)
    names = ["Ann", "Bob"]
    assert GAME.describe(s, 0, slide, names=names) == (
        "Ann slides the Town with its Werewolf from b6 (Bob's side) to b3 (Ann's side).")
    assert GAME.describe(s, 0, slide, names=names, viewer=0) == (
        "You slide the Town with its Werewolf from b6 (Bob's side) to b3 (your side).")
    assert GAME.describe(s, 0, slide, names=names, viewer=1) == (
        "Ann slides the Town with its Werewolf from b6 (your side) to b3 (Ann's side).")
    # within one half: where it ends says whose half; the token still told
    inside = Slide(sq("b6"), sq("b8"))
    assert GAME.describe(s, 0, inside, names=names, viewer=1) == (
        "Ann slides the Town with its Werewolf from b6 to b8 (your side).")
    # a Spire: the same; a tile with no token moves alone, a hero is "hero"
    s = table(board(d5="I.", b6="TH"), turn=1, lairs=(Lair(), Lair(spires=1)))
    spire = UseSpire(sq("d5"), sq("c4"))
    assert spire in GAME.legal_actions(s, 1)
    assert GAME.describe(s, 1, spire, names=names, viewer=0) == (
        "Bob expends a Spire: the Icy Peak moves from d5 (Bob's side) to c4 (your side).")
    assert GAME.describe(s, 1, UseSpire(sq("b6"), sq("a5")), names=names) == (
        "Bob expends a Spire: the Town with its hero moves from b6 to a5 (their side).")
    assert GAME.describe(s, 1, UseSpire(sq("b6"), sq("c5")), names=names, viewer=1) == (
        "You expend a Spire: the Town with its hero moves from b6 to c5 (your side).")
    assert GAME.describe(s, 1, UseSpire(sq("b6"), sq("a7")), names=names, viewer=0) == (
        "Bob expends a Spire: the Town with its hero moves from b6 to a7 (their side).")


@pytest.mark.parametrize(("step", "effect"), [
    (Step.SLIDE, "the Icy Peak's slide"),
    (Step.SWAP, "the Road's swap"),
    (Step.REFRESH, "the Sunken City's Spire refresh"),
    (Step.CROAK, "King Croak's tile destruction"),
    (Step.POISON, "Belladonna's poison"),
    (Step.HEX, "Baron Hex's token grab"),
    (Step.FROST, "Queen Rimefang's slide"),
    (Step.SLAY, "Warlord Grimtusk's slaying"),
])
def test_a_skip_names_the_effect_skipped(step, effect):
    """OD §Icy Peak, §Road, §Sunken City, §Boss Cards: the optional effects.
    Play-test: the log and the cover said "Ann skips the optional effect."
    without saying which."""
    s = table(board(a1="I."), step=step)
    assert GAME.describe(s, 0, Skip(), names=["Ann", "Bob"]) == f"Ann skips {effect}."


# --- The end of the game and the log ----------------------------------------------------


def _finished_games(seeds=range(4)):
    import random

    from core.overboss import GAME

    for seed in seeds:
        rng = random.Random(seed)
        state = GAME.setup(2, GAME.Options())
        steps = []
        while GAME.to_act(state):
            (seat,) = GAME.to_act(state)
            if seat == CHANCE:
                action = rng.choices(*zip(*GAME.chance_outcomes(state), strict=True))[0]
            else:
                action = rng.choice(GAME.legal_actions(state, seat))
            steps.append((state, seat, action))
            state = GAME.apply(state, seat, action)
        yield state, steps


def test_every_boss_is_shown_when_the_game_ends():
    """OD §Boss cards: each Boss's objective is scored at the end "whether
    you revealed your Boss or not", so the views then show both Bosses
    (before the end an unrevealed Boss stays hidden)."""
    from core.overboss import GAME

    for final, steps in _finished_games():
        final = attrs.evolve(final, revealed=(False, False))  # neither revealed
        for seat in (0, 1, None):
            assert GAME.view(final, seat).bosses == final.bosses
        before = attrs.evolve(steps[-1][0], revealed=(False, False))
        for s in (0, 1):
            assert GAME.view(before, 1 - s).bosses[s] is None
            assert GAME.view(before, s).bosses[s] == before.bosses[s]


def test_the_log_names_every_token_placed_for_a_player_od13_od17():
    """OD-13, OD-17: the rules place some tokens by themselves (the drafted
    monster on the tile just placed; a token with a single possible place);
    the log line of the action that caused it names them, so no token
    appears on the board unexplained."""
    from core.overboss import GAME
    from core.overboss.board import geometry

    #: action class -> its fields naming squares where it puts or moves a token
    own = {PlaceToken: ("square",), SpawnHero: ("square",), Slide: ("src", "dst"),
           UseSpire: ("src", "dst"), SwapTokens: ("a", "b")}
    seen = 0
    for _, steps in _finished_games():
        for state, seat, action in steps:
            after = GAME.apply(state, seat, action)
            line = GAME.describe(state, seat, action, names=("Ann", "Bob"))
            named = {getattr(action, f) for f in own.get(type(action), ())}
            names = geometry(state.options.rows).names
            for square, (was, now) in enumerate(zip(state.tokens, after.tokens, strict=True)):
                if now is not None and now != was and square not in named and was is None:
                    assert names[square] in line, line
                    seen += 1
    assert seen > 0


def test_the_log_tells_a_hero_spawned_and_slain_by_the_same_tile_od6_od13_od17():
    """OD §Town, §Heroes, OD-6, OD-13, OD-17: a Town and a Rocktopus placed
    on b1 beside the Rocktopus on a1: every Town spawns (b4, then b1), and
    the Rocktopus, which can only go on b1, forms a band there and slays the
    hero just spawned. The line tells each spawn, the token and the slay, in
    order (the play-test's line told only the b4 hero and the Rocktopus)."""
    s = placing(board(a1="SK", b4="T."), T, ROCK)
    after = GAME.apply(s, 0, PlaceTile(sq("b1")))
    assert after.lairs[0].heroes == 1 and after.tokens[sq("b1")] is ROCK
    line = GAME.describe(s, 0, PlaceTile(sq("b1")), names=["Ann", "Bob"])
    assert line == (
        "Ann places the Town on b1 (their side). Then a hero spawns on b4, then a hero "
        "spawns on b1, then a Rocktopus goes to b1 and the hero there is slain."
    )
    mine = GAME.describe(s, 0, PlaceTile(sq("b1")), names=["Ann", "Bob"], viewer=0)
    assert mine.startswith("You place the Town on b1 (your side). Then a hero spawns on b4,")
    assert mine.endswith("then a Rocktopus goes to b1 and the hero there is slain.")


def test_the_log_tells_lair_tokens_and_monsters_sent_back_od13_od16():
    """OD §Town, OD-13, OD-16: a hero spawning on a monster sends it back to
    the bag, and a waiting lair monster placed by the rules comes from the
    placer's lair: both are told, the lair named for each reader."""
    lairs = (Lair(waiting=(YETI,)), Lair())
    # a Town holding a hero spawns next to itself, on the only neighbour: b2's Yeti
    s = placing(board(b1="TH", b2="IY", a1="D.", c1="D."), T, None, lairs=lairs)
    action = PlaceTile(sq("d4"))
    line = GAME.describe(s, 0, action, names=["Ann", "Bob"])
    assert line == (
        "Ann places the Town on d4 (their side). Then a hero spawns on d4, then the Town on "
        "b1 spawns a hero on b2 and the Yeti there returns to the bag."
    )
    s = placing(board(b2="I.", a1="D."), D, None, lairs=lairs)
    line = GAME.describe(s, 0, PlaceTile(sq("d4")), names=["Ann", "Bob"], viewer=0)
    assert line == ("You place the Dungeon on d4 (your side). Then a Yeti from your lair goes "
                    f"to b2 (your side). {LAIR_RULE}")


def test_the_log_says_why_a_lair_monster_is_placed_unasked():
    """Review (2026-12-04): a bot placing a monster from its lair, often on
    the other half, after its own token, read as a bug. The line says the
    rule (OD §Placing Tokens: waiting monsters must go on open terrain, even
    on the opponent's side) and whose half; a drafted monster kept in the
    lair says why it may be (OD-13: no open terrain tile left)."""
    s = placing(board(a1="I.", c8="T."), D, None, lairs=(Lair(), Lair(waiting=(MINI, WOLF))),
                seat=1)
    s = play(s, 1, PlaceTile(sq("b7")))
    assert s.step is Step.LAIR
    line = GAME.describe(s, 1, PlaceToken(WOLF, sq("a1")), names=["Ann", "Bob"], viewer=0)
    assert line == ("Bob places a Werewolf from their lair on a1 (your side). Then a Miniboss "
                    f"from Bob's lair goes to c8 (Bob's side). {LAIR_RULE}")
    # a hero the Yeti could slay is no open terrain: keeping it is a choice
    s = placing(board(a1="IH"), D, YETI)
    s = play(s, 0, PlaceTile(sq("b2")))
    assert Skip() in GAME.legal_actions(s, 0)
    line = GAME.describe(s, 0, Skip(), names=["Ann", "Bob"], viewer=1)
    assert line == "Ann keeps the Yeti in their lair: no open terrain tile is left for it."


def test_the_log_counts_the_monsters_of_a_kind_left_waiting_in_the_lair():
    """Play-test: a lair Rocktopus placed on the new tile instead of the
    drafted Bandit, with a Bandit the Spawning Pool drew already waiting,
    logged "Then the Bandit waits in your lair." while two did (OD §Placing
    Tokens: the drafted one goes to the lair; OD-26)."""
    s = placing(board(a1="I.", b1="I."), S, BANDIT, lairs=(Lair(waiting=(ROCK, BANDIT)), Lair()))
    s = play(s, 0, PlaceTile(sq("c3")))
    assert s.step is Step.TOKEN
    line = GAME.describe(s, 0, PlaceToken(ROCK, sq("c3")), names=["Ann", "Bob"], viewer=0)
    assert line == ("You place a Rocktopus from your lair on c3 (your side). "
                    "Then 2 Bandits wait in your lair.")
    # one alone is still "the Bandit"
    s = placing(board(a1="I.", b1="I."), S, BANDIT, lairs=(Lair(waiting=(ROCK,)), Lair()))
    s = play(s, 0, PlaceTile(sq("c3")))
    line = GAME.describe(s, 0, PlaceToken(ROCK, sq("c3")), names=["Ann", "Bob"], viewer=0)
    assert line.endswith("Then the Bandit waits in your lair.")


def test_every_hero_spawned_or_slain_is_in_the_log_od6_od13():
    """OD §Town, §Heroes: no hero leaves the supply or reaches a lair
    without a line saying so (a Heroes count that moves unexplained)."""
    import re

    seen = 0
    for _, steps in _finished_games():
        for state, seat, action in steps:
            after = GAME.apply(state, seat, action)
            line = GAME.describe(state, seat, action, names=("Ann", "Bob"))
            spawned = max(0, state.heroes - after.heroes)
            slain = sum(after.lairs[s].heroes - state.lairs[s].heroes for s in (0, 1))
            assert len(re.findall("spawns a hero|a hero spawns", line)) == spawned, line
            # "slays nothing": Grimtusk revealed with no hero on the board
            slays = line.count("slay") - line.count("slays nothing")
            assert slays + line.count("slain") == slain, line
            seen += spawned + slain
    assert seen > 0


def test_every_side_named_in_the_log_is_the_readers_own_or_named_od14():
    """OD §What's New 4C, OD-14: a square's side is the half of its owner.
    Each reader (each seat, and the public line) reads "your side" for their
    own half, the owner's name for the other's, and "their side" only in a
    line whose subject is that half's player (the play-test read
    "Warlord Grimtusk slays the hero on b1 (their side)" on its own half)."""
    import re

    from core.overboss.board import geometry

    names = ("Ann", "Bob")
    pattern = re.compile(r"\b([a-d]\d) \((your|their|Ann's|Bob's) side\)")
    checked = 0
    for _, steps in _finished_games(range(2)):
        for state, seat, action in steps:
            g = geometry(state.options.rows)
            for viewer in (0, 1, None):
                line = GAME.describe(state, seat, action, names=names, viewer=viewer)
                for square, side in pattern.findall(line):
                    owner = g.owner[g.names.index(square)]
                    if side == "your":
                        assert owner == viewer, (viewer, line)
                    elif side == "their":
                        assert owner == state.turn and owner != viewer, (viewer, line)
                        assert line.startswith(f"{names[owner]} "), (viewer, line)
                    else:
                        assert side == f"{names[owner]}'s" and owner != viewer, (viewer, line)
                    checked += 1
    assert checked > 0


@pytest.mark.parametrize(
    ("boss", "step", "action", "line"),
    [
        (Boss.WARLORD_GRIMTUSK, Step.SLAY, Slay(sq("b1")),
         "Warlord Grimtusk slays the hero on b1 ({} side)."),
        (Boss.BELLADONNA, Step.POISON, Poison(sq("b1")),
         "Belladonna poisons the hero on b1 ({} side)."),
    ],
)
def test_a_boss_line_names_the_side_for_each_reader_od21(boss, step, action, line):
    """OD §Boss Cards, OD-21: a Boss's ability on seat 0's own half (b1)
    reads "your side" to seat 0, "Ann's side" to Bob and to a spectator."""
    s = table(board(b1="RH"), step=step, bosses=(boss, Boss.KING_CROAK),
              revealed=(True, False), resume=Step.END)
    names = ["Ann", "Bob"]
    assert GAME.describe(s, 0, action, names=names, viewer=0) == line.format("your")
    assert GAME.describe(s, 0, action, names=names, viewer=1) == line.format("Ann's")
    assert GAME.describe(s, 0, action, names=names) == line.format("Ann's")
    # and on the other's half, as the opponent reads it
    s = attrs.evolve(s, tokens=tuple(HERO if q == sq("b8") else None for q in range(32)))
    moved = attrs.evolve(action, square=sq("b8"))
    assert GAME.describe(s, 0, moved, names=names, viewer=1) == line.format("your").replace(
        "b1", "b8")
    assert GAME.describe(s, 0, moved, names=names, viewer=0) == line.format("Bob's").replace(
        "b1", "b8")


def test_log_articles():
    """'an Icy Peak', not 'a Icy Peak'."""
    from core.overboss.rules import _a

    assert _a("Icy Peak") == "an Icy Peak" and _a("Yeti") == "a Yeti"


def test_the_log_tells_a_crystal_or_spire_going_to_the_lair():
    """OD §Placing Tokens: a drafted Crystal or Spire goes to the lair; the
    log said so for monsters only (a play-test: an Icy Peak Crystal drafted
    with its Peak left no line once the Peak's slide was done)."""
    s = placing(board(b2="D."), I, Token.ICY_PEAK_CRYSTAL)
    s = play(s, 0, PlaceTile(sq("a1")))
    assert s.step is Step.SLIDE
    line = GAME.describe(s, 0, Slide(sq("b2"), sq("b4")), names=["Ann", "Bob"], viewer=0)
    assert line == ("You slide the Dungeon from b2 to b4 (your side). "
                    "Then the Icy Peak Crystal goes to your lair.")
    s = placing(board(), D, SPIRE, seat=1)
    line = GAME.describe(s, 1, PlaceTile(sq("a8")), names=["Ann", "Bob"], viewer=0)
    assert line == "Bob places the Dungeon on a8 (their side). Then the Spire goes to Bob's lair."


def test_a_reveal_says_what_it_did_or_why_it_did_nothing():
    """OD-21: Dr. Deadly's reveal line says how many Spires are ready
    again (the counter flipped with no line saying why, a play-test); a
    reveal whose ability can do nothing now says so, in the log and to the
    owner beforehand (`reveal_idle`), for every Boss."""
    from core.overboss import bosses

    names = ["Ann", "Bob"]
    s = table(board(b2="I."), bosses=(Boss.DR_DEADLY, None), lairs=(Lair(expended=1), Lair()))
    assert rules.reveal_idle(s, 0) is None
    assert GAME.describe(s, 0, RevealBoss(), names=names, viewer=0) == (
        "You reveal your Boss: Dr. Deadly (house)! Then your spent Spire is ready again.")
    s = attrs.evolve(s, lairs=(Lair(spires=1, expended=2), Lair()))
    assert GAME.describe(s, 0, RevealBoss(), names=names, viewer=1) == (
        "Ann reveals their Boss: Dr. Deadly (house)! Then Ann's 2 spent Spires are ready again.")
    s = attrs.evolve(s, lairs=(Lair(spires=1), Lair()))
    assert rules.reveal_idle(s, 0) == ("your lair has no spent Spire", "refreshes nothing")
    assert GAME.describe(s, 0, RevealBoss(), names=names, viewer=1) == (
        "Ann reveals their Boss: Dr. Deadly (house)! "
        "Then Dr. Deadly refreshes nothing: Ann's lair has no spent Spire.")
    # every other Boss, on a table where its ability has nothing to act on
    idle = {
        Boss.KING_CROAK: (table(board(a1="I."), market=((R, None),) * 4),
                          ("the market shows no Dungeon", "destroys nothing")),
        Boss.BELLADONNA: (table(board(a1="I.")),
                          ("no token is on the board", "poisons nothing")),
        Boss.BARON_HEX: (table(board(a1="I."), market=((R, None),) * 4),
                         ("the market shows no token", "takes nothing")),
        Boss.QUEEN_RIMEFANG: (table(),
                              ("no tile can slide now", "slides nothing")),
        Boss.WARLORD_GRIMTUSK: (table(board(a1="IY")),
                                ("no hero is on the board", "slays nothing")),
    }
    for boss, (s, words) in idle.items():
        s = attrs.evolve(s, bosses=(boss, None))
        assert rules.reveal_idle(s, 0) == words, boss
        after = play(s, 0, RevealBoss())
        assert after.step is Step.DRAFT and after.revealed[0], boss
        line = GAME.describe(s, 0, RevealBoss(), names=names)
        assert line.endswith(f"Then {bosses.card(boss).name} {words[1]}: {words[0]}."), line
    busy = {Boss.KING_CROAK: table(board(a1="I."), market=((D, None),) * 4),
            Boss.BELLADONNA: table(board(a1="IY")),
            Boss.BARON_HEX: table(board(a1="I.")),
            Boss.QUEEN_RIMEFANG: table(board(a1="I.")),
            Boss.WARLORD_GRIMTUSK: table(board(a1="TH"))}
    for boss, s in busy.items():
        s = attrs.evolve(s, bosses=(boss, None))
        assert rules.reveal_idle(s, 0) is None, boss
        assert "nothing" not in GAME.describe(s, 0, RevealBoss(), names=names)
