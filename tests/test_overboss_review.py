"""Overboss Duel: an independent rules review, case by case.

Each test names the rulebook section ("OD §...", rules/overboss-duel.txt)
or ruling ("OD-n", docs/rulings.md) it checks; the cases are the corners a
careful player would try.
"""

from __future__ import annotations

import pytest

from core import IllegalAction
from core.overboss.actions import (
    EndTurn,
    PlaceTile,
    PlaceToken,
    RevealBoss,
    Skip,
    SpawnHero,
    TakeToken,
    UseSpire,
)
from core.overboss.components import BAG_TOKENS
from tests.overboss_tables import (
    BANDIT,
    GAME,
    HERO,
    MINI,
    SLIME,
    WOLF,
    YETI,
    Boss,
    D,
    Lair,
    Options,
    P,
    R,
    S,
    Step,
    T,
    board,
    play,
    rules,
    sq,
    table,
)
from tests.playouts import checked_playout, seeds


def placing(picture, tile, token=None, seat=0, **kw):
    return table(picture, turn=seat, step=Step.PLACE_TILE, hand=(tile, token), **kw)


# --- Placing tokens: heroes are never a duty --------------------------------------


def test_a_drafted_monster_is_never_forced_onto_a_hero():
    """OD-5, OD-13, OD-16: a Dungeon pair's Yeti with no open terrain tile
    left goes to the lair; it may slay a hero instead (here a matching Icy
    Peak on the opponent's side, which would also give them a Yeti band),
    but is never forced to."""
    s = placing(board(a8="IH", b8="IY", c1="TW"), D, YETI)
    s = play(s, 0, PlaceTile(sq("b3")))
    assert s.step is Step.TOKEN
    legal = set(GAME.legal_actions(s, 0))
    assert {PlaceToken(YETI, sq("a8")), Skip()} <= legal
    kept = play(s, 0, Skip())
    assert kept.tokens[sq("a8")] is HERO and kept.lairs[0].waiting == (YETI,)
    assert kept.step is Step.END and kept.lairs[0].heroes == 0
    slain = play(s, 0, PlaceToken(YETI, sq("a8")))
    assert slain.tokens[sq("a8")] is YETI and slain.lairs[0].heroes == 1


def test_the_token_cannot_wait_while_open_terrain_exists():
    """OD §Placing Tokens, OD-13: with an open terrain tile on the board the
    drafted monster must be placed (on it, or on a hero it slays)."""
    s = placing(board(a8="IH", c1="T."), D, YETI)
    s = play(s, 0, PlaceTile(sq("b3")))
    assert s.step is Step.TOKEN
    assert Skip() not in GAME.legal_actions(s, 0)
    with pytest.raises(IllegalAction):
        GAME.apply(s, 0, Skip())
    with pytest.raises(IllegalAction):
        GAME.apply(s, 0, EndTurn())



@pytest.mark.parametrize("token", [WOLF, MINI], ids=["werewolf", "miniboss"])
@pytest.mark.parametrize("picture", ["c1=I.", "c1=IY"], ids=["open-terrain", "none-open"])
def test_a_token_drafted_with_a_town_slays_the_hero_it_spawned_od5_od13(token, picture):
    """OD §Town (its hero spawns before its token is placed), §Turn Order 5
    (the drafted token goes on the tile just placed), OD-13, OD-5's
    exception: a Werewolf (a Town's matching monster) or a Miniboss drafted
    with a Town goes on that Town and slays its new hero, even on the
    opponent's half with open terrain elsewhere; the hero is the placer's."""
    square, pair = picture.split("=")
    s = placing(board(**{square: pair}), T, token)
    s = play(s, 0, PlaceTile(sq("b8")))
    assert s.tokens[sq("b8")] is token
    assert s.lairs[0].heroes == 1

def test_a_lair_monster_may_slay_the_hero_on_the_new_town_instead():
    """OD §Placing Tokens ("you may place it onto a new tile you collect
    instead of the new token"), OD-13, OD-16: the new Town spawned a hero on
    itself; the drafted Yeti cannot slay it, the waiting Werewolf (matching)
    can. With no open terrain elsewhere the player may still put the
    Werewolf there (the Yeti then waits), or keep both in the lair."""
    s = placing(board(a1="IY"), T, YETI, lairs=(Lair(waiting=(WOLF,)), Lair()))
    s = play(s, 0, PlaceTile(sq("c3")))
    assert s.step is Step.TOKEN and s.tokens[sq("c3")] is HERO
    assert set(GAME.legal_actions(s, 0)) >= {PlaceToken(WOLF, sq("c3")), Skip()}
    s1 = play(s, 0, PlaceToken(WOLF, sq("c3")))
    assert s1.tokens[sq("c3")] is WOLF and s1.lairs[0].heroes == 1
    assert s1.lairs[0].waiting == (YETI,) and s1.step is Step.END
    s2 = play(s, 0, Skip())
    assert s2.tokens[sq("c3")] is HERO and s2.lairs[0].waiting == (WOLF, YETI)
    assert s2.step is Step.END
    assert "keeps the Yeti" in GAME.describe(s, 0, Skip())


# --- Town spawning ------------------------------------------------------------------


def test_a_town_with_nowhere_to_spawn_waits_for_its_turn():
    """OD §Town, OD-19 ("a Town with nowhere to spawn when its turn comes
    does not spawn"), OD-23: while the placer orders the spawns, a Spire may
    open a square next to a Town that had none; that Town then spawns there
    (the Bandit it lands on returns to the bag): at once when that square
    is its only one and no other Town could use it (OD-17)."""
    s = placing(
        board(a1="TH", b1="IH", b3="RB", d4="TH", c4="I.", d3="S."),
        T,
        None,
        lairs=(Lair(spires=1), Lair()),
    )
    s = play(s, 0, PlaceTile(sq("c1")))
    assert s.step is Step.SPAWN
    assert sq("a1") in s.pending_towns  # nowhere to spawn yet, but its turn has not come
    assert not any(
        isinstance(a, SpawnHero) and a.town == sq("a1") for a in GAME.legal_actions(s, 0)
    )
    assert s.tokens[sq("c1")] is HERO  # forced, apart from d4's choice (OD-17)
    bandits = s.bag[BAG_TOKENS.index(BANDIT)]
    s = play(s, 0, UseSpire(sq("b3"), sq("a2")))
    assert s.tokens[sq("a2")] is HERO and s.bag[BAG_TOKENS.index(BANDIT)] == bandits + 1
    assert s.step is Step.SPAWN and s.pending_towns == (sq("d4"),)
    s = play(s, 0, SpawnHero(sq("d4"), sq("c4")))
    assert s.tokens[sq("c1")] is HERO and s.step is Step.END and s.pending_towns == ()


def test_towns_that_cannot_spawn_are_passed():
    """OD §Town ("If there are no valid tiles for a Hero to spawn in, it does
    not spawn"): once no pending Town can spawn, spawning ends."""
    s = placing(board(a1="TH", b1="IH", a2="D."), T, None)
    s = play(s, 0, PlaceTile(sq("d4")))
    assert s.tokens[sq("d4")] is HERO and s.pending_towns == () and s.step is Step.END


# --- Tokens that reach the lair during the turn ---------------------------------------


def test_a_token_that_reached_the_lair_this_turn_may_go_on_the_new_tile():
    """OD §Placing Tokens, OD-26: a monster Baron Hex takes from the market
    this turn (here after drafting, before placing the tile; like a
    Spawning Pool draw) may go on the new tile instead of the drafted token,
    which then waits and must be placed while open terrain exists."""
    s = placing(
        board(a1="I."),
        S,
        YETI,
        bosses=(Boss.BARON_HEX, None),
        market=((R, BANDIT), (None, None), (T, WOLF), (P, SLIME)),
    )
    s = play(s, 0, RevealBoss(), TakeToken(2), PlaceTile(sq("c3")))
    assert s.step is Step.TOKEN and s.lairs[0].waiting == (WOLF,)
    assert {PlaceToken(YETI, sq("c3")), PlaceToken(WOLF, sq("c3"))} <= set(GAME.legal_actions(s, 0))
    s = play(s, 0, PlaceToken(WOLF, sq("c3")))
    assert s.tokens[sq("c3")] is WOLF and s.tokens[sq("a1")] is YETI  # forced: the last open tile
    assert s.lairs[0].waiting == () and s.step is Step.END


# --- Journals --------------------------------------------------------------------------


def test_every_action_survives_the_journal_codec():
    """DESIGN (journals): every Overboss Duel action class, chance outcomes
    included, round-trips through `saves.journal.codec(game)`."""
    import json

    from core.overboss import actions as A
    from core.overboss.components import Token as K
    from saves.journal import codec

    c = codec(GAME)
    samples = [
        A.Draft(3),
        A.PlaceTile(31),
        A.Slide(0, 31),
        A.UseSpire(5, 10),
        A.SwapTokens(1, 2),
        A.SpawnHero(4, 8),
        A.RefreshSpire(),
        A.PlaceToken(K.MINIBOSS, 7),
        A.RevealBoss(),
        A.Destroy(9, 2),
        A.Poison(12),
        A.TakeToken(1),
        A.Slay(30),
        A.Skip(),
        A.EndTurn(),
        A.DealBoss(Boss.QUEEN_RIMEFANG),
        A.DrawTile(D),
        A.DrawToken(K.SUNKEN_CITY_CRYSTAL),
    ]
    assert {type(a) for a in samples} == set(A.ACTION_TYPES)
    for seat, action in zip([0, 1] * 9, samples, strict=True):
        line = json.loads(c.action_line(seat, action))
        assert line["seat"] == seat and c.action(line["action"]) == action


# --- Invariants over random playouts ---------------------------------------------------


def _invariants(state):
    """OD §Turn Order 7, §Placing Tokens, OD-13, OD-16."""
    full = rules.board_full(state)
    if state.step is Step.OVER:
        assert full  # the duel ends only once the board is full
    elif state.step is Step.DRAFT:
        assert not full and state.hand_tile is None and state.hand_token is None
    if state.step is Step.END:
        assert state.hand_tile is None and state.hand_token is None
        # the must-place rule: nothing waits while open terrain exists
        assert not (state.lairs[state.turn].waiting and rules._has_open_terrain(state))
    if state.step is Step.TOKEN:
        legal = GAME.legal_actions(state, state.turn)
        # keeping the drafted token is offered only when no open terrain is
        # left, and always when the new tile cannot take it either
        open_terrain = rules._has_open_terrain(state)
        here = rules.can_take(state, state.placed, state.hand_token)
        assert (Skip() in legal) == (not open_terrain and not here)


@pytest.mark.parametrize("short", [False, True])
def test_random_playouts_keep_the_turn_invariants(short):
    """OD §Turn Order 7, §Placing Tokens, OD-13, OD-16: over random
    playouts a seat that owes a decision always has one, the game ends
    exactly when the board is full, and no turn ends with a waiting monster
    while open terrain exists."""
    for seed in range(seeds(10)):
        state, _ = checked_playout(GAME, 2, Options(short_board=short), 7000 + seed, _invariants)
        assert rules.board_full(state) and GAME.outcome(state) is not None
