"""What a Boss reads off an Overboss Duel table (`core.overboss.table_facts`,
offered as `GAME.<name>`): the facts the screen shows and no longer works
out itself. Each works from a seat's view.

Each test names the rulebook section ("OD §...", rules/overboss-duel.txt)
or ruling ("OD-n", docs/rulings.md) it pins. Squares are named as in
`core.overboss.board`.
"""

from __future__ import annotations

import attrs
import pytest

from core.overboss.actions import Draft
from core.overboss.components import CRYSTAL_TERRAIN, MONSTERS, TERRAINS, Token
from tests.overboss_tables import (
    BANDIT,
    GAME,
    MINI,
    ROCK,
    SLIME,
    SPIRE,
    WOLF,
    YETI,
    I,
    P,
    R,
    S,
    Step,
    T,
    board,
    sq,
    table,
)

SEATS = (0, 1, None)


def test_two_bosses_face_each_other_od14():
    """OD §Objective, OD-14: two Bosses, seat 0 first; each one's opponent is
    the other. Nobody is in turn once the duel is over."""
    state = table(turn=1)
    assert [GAME.opponent(state, s) for s in (0, 1)] == [1, 0]
    for seat in SEATS:
        assert GAME.seat_in_turn(GAME.view(state, seat)) == 1
    assert GAME.seat_in_turn(attrs.evolve(state, step=Step.OVER)) is None


def test_seat_1_sees_the_board_turned_od1():
    """OD-1: the board lies between the Bosses; seat 1 sits across from
    seat 0 and sees it turned half round (a spectator sits as seat 0)."""
    assert [GAME.sees_board_turned(s) for s in SEATS] == [False, True, False]


@pytest.mark.parametrize(("short", "rows", "divide"), [(False, 8, 3), (True, 6, 2)])
def test_the_board_size_and_its_divide_od1(short, rows, divide):
    """OD-1: two halves 4 squares wide, 4 rows deep on the standard board
    and 3 on the short one; the central divide lies between them."""
    view = GAME.view(table(short=short), 0)
    assert GAME.board_size(view) == (rows, 4)
    assert GAME.divide_after(view) == divide
    g = view.geometry
    assert {g.owner[GAME.square_at(view, divide, c)] for c in range(4)} == {1}
    assert {g.owner[GAME.square_at(view, divide + 1, c)] for c in range(4)} == {0}


@pytest.mark.parametrize(("short", "rows"), [(False, 8), (True, 6)])
def test_files_and_ranks_name_the_squares(short, rows):
    """Squares are named from seat 0's side (`core.overboss.board`): files
    a-d from its left, rank 1 its back row."""
    view = GAME.view(table(short=short), 1)
    assert GAME.files(view) == ("a", "b", "c", "d")
    assert GAME.ranks(view) == tuple(str(r) for r in range(rows, 0, -1))
    names = view.geometry.names
    for r, rank in enumerate(GAME.ranks(view)):
        for c, file in enumerate(GAME.files(view)):
            assert names[GAME.square_at(view, r, c)] == file + rank


def test_a_monster_matches_its_terrain_od3():
    """OD §Matching Monsters, OD-3: Icy Peak = Yeti, Road = Bandit, Spawning
    Pool = Spellslime, Sunken City = Rocktopus, Town = Werewolf; nothing
    else matches (not a miniboss, nor anything on a Dungeon)."""
    pairs = {(k, t) for k in Token for t in TERRAINS if GAME.matches(k, t)}
    assert pairs == {(YETI, I), (BANDIT, R), (SLIME, P), (ROCK, S), (WOLF, T)}
    assert len(pairs) == len(MONSTERS)
    assert not GAME.matches(None, I) and not GAME.matches(YETI, None)


def test_matching_pairs_and_squares_od3():
    """OD §Matching Monsters: a market pair whose monster matches its tile,
    and a monster standing on its matching terrain (worth 1 point)."""
    state = table(board(a1="IY", b1="RY", c1="TW", d1="TM"),
                  market=((R, BANDIT), (I, WOLF), (None, YETI), (T, SPIRE)))
    view = GAME.view(state, 1)
    assert [GAME.pair_matches(view, s) for s in range(4)] == [True, False, False, False]
    assert [GAME.square_matches(view, sq(n)) for n in ("a1", "b1", "c1", "d1", "a2")] == [
        True, False, True, False, False]


def test_crystals_and_spires_go_to_the_lair_od_placing_tokens():
    """OD §Placing Tokens: Crystals and Spires always go to the lair; only
    Monsters and Minibosses are placed on tiles."""
    assert {k for k in Token if k is not Token.HERO and GAME.goes_to_lair(k)} == {
        SPIRE, *CRYSTAL_TERRAIN}
    assert not any(GAME.goes_to_lair(k) for k in (*MONSTERS, MINI))


def test_the_market_and_the_supplies_od3():
    """OD §Set Up, OD-3: four market places; 68 tiles in the stack and 68
    tokens in the bag before the first refill (counts, never an order), the
    same in every view; the open squares are where a tile may go."""
    state = GAME.setup(2, GAME.Options())
    for seat in SEATS:
        view = GAME.view(state, seat)
        assert GAME.market_size(view) == 4 == len(view.market)
        assert (GAME.stack_size(view), GAME.bag_size(view)) == (68, 68)
    state = table(board(a1="IY", b2="R."))
    assert len(GAME.open_squares(GAME.view(state, 0))) == 32 - 2
    assert GAME.stack_size(state) == 68 - 2 - 4  # the board's and the market's


def test_a_pair_without_its_tile_cannot_be_drafted_od4():
    """OD-4: an empty bag leaves a market place without its token, still a
    legal draft; a place without a tile cannot be drafted. The same slots
    as the rules' legal drafts."""
    state = table(market=((R, None), (None, YETI), (T, WOLF), (None, None)))
    view = GAME.view(state, 1)
    draftable = [GAME.pair_draftable(view, s) for s in range(GAME.market_size(view))]
    assert draftable == [True, False, True, False]
    legal = {a.slot for a in GAME.legal_actions(state, 0) if isinstance(a, Draft)}
    assert legal == {s for s, ok in enumerate(draftable) if ok}


def test_undo_past_a_draw_names_tiles_and_tokens_not_cards(tmp_path):
    """OD §Turn Order 6: the duel draws tiles and tokens, never a card after
    the Bosses are dealt. Once the market is restocked after your turn, the
    undo refusal says what was drawn in the duel's words (the game's
    `chance_drawn`), not "a card was drawn"."""
    from core.overboss.actions import EndTurn
    from host.messages import SeatCommand
    from tests.test_host_session import Recorder, refused, session_of

    assert GAME.chance_drawn == "a tile or token was drawn"
    session = session_of(tmp_path, "overboss-duel", 2)
    link = session.connect(Recorder(), {0, 1})
    session.start()
    state = session.match.state
    assert link.send(SeatCommand.play(0, Draft(0))) is None
    # place the pair wherever the rules allow, then end the turn: the
    # market is restocked (a tile and a token are drawn)
    while EndTurn() not in session.game.legal_actions(session.match.state, 0):
        legal = session.game.legal_actions(session.match.state, 0)
        assert link.send(SeatCommand.play(0, legal[0])) is None
    assert link.send(SeatCommand.play(0, EndTurn())) is None
    assert session.match.state.turn == 1 and state.turn == 0
    assert refused(session, link, SeatCommand.undo(0)) == (
        "Nothing to take back: a tile or token was drawn since your last move."
    )


@pytest.mark.parametrize("short", [False, True])
def test_the_round_is_a_turn_of_each_boss_od_turn_order(short):
    """OD §Turn Order: the Bosses take turns in turn. The header counted
    every turn ("Turn 1", then "Turn 3", "Turn 5"... at a player's own
    turns, a play-test): a round is a turn of each, so each player's turns
    are rounds 1, 2, 3..., both players' n-th turn in round n, and a saved
    match is listed by the round the header showed."""
    from tests.playouts import checked_playout

    seen: dict[int, list[int]] = {0: [], 1: []}
    started: set[int] = set()

    def check(state):
        if GAME.to_act(state) and state.turns not in started:  # a turn starts
            started.add(state.turns)
            seen[state.turn].append(GAME.round_number(GAME.view(state, state.turn)))
        assert GAME.progress(state) == f"round {GAME.round_number(state)}"

    final, _ = checked_playout(GAME, 2, GAME.Options(short_board=short), 5, check)
    rounds = GAME.board_size(final)[0] * GAME.board_size(final)[1] // 2
    assert seen[0] == seen[1] == list(range(1, rounds + 1))
    # the last round once it is over, not one past it
    assert GAME.progress(final) == f"round {rounds}"


def test_results_aside_names_every_boss_only_once_the_duel_is_over():
    """OD §Boss cards: objectives are scored at the end revealed or not, so
    the results name both Bosses; before the end an opponent's unrevealed
    Boss is secret and nothing is said."""
    from core.overboss import GAME
    from tests import overboss_screen_kit as ob

    assert GAME.results_aside(GAME.view(ob.midgame(), 0)) == ()
    assert GAME.results_aside(GAME.view(ob.finished(), 1)) == (
        "Bosses", "{0}: King Croak", "{1}: Dr. Deadly (house)", "  never revealed")


def _drafted_on_a_town(lair_waiting, rows=6, **squares):
    """Step TOKEN on the short board: a Yeti drafted with the Town just
    placed on b2, whose hero spawned on it (OD §Town, OD-6)."""
    from core.overboss.state import Lair

    picture = board(rows, b2="TH", **squares)
    return table(picture, short=rows == 6, step=Step.TOKEN, hand=(None, YETI),
                 placed=sq("b2", rows), lairs=(Lair(waiting=lair_waiting), Lair()))


def test_why_the_drafted_token_is_not_offered_od13():
    """Play-test (4x6): with "Town + Yeti" drafted and the hero spawned on
    the Town, the choice offered only the lair's Spellslime and Werewolf,
    and nothing said where the Yeti went. OD-13: the drafted token goes on
    the tile just placed when it can; a Yeti slays no Town's hero (OD-5:
    it neither matches a Town nor forms a band there), and no other tile
    is open, so it waits in the lair."""
    state = _drafted_on_a_town((SLIME, WOLF), c2="PL")
    kinds = {a.token for a in GAME.legal_actions(state, 0) if hasattr(a, "token")}
    assert kinds == {SLIME, WOLF}
    for seat in (0, 1, None):
        assert GAME.why_drafted_waits(GAME.view(state, seat)) == (
            "the Yeti cannot slay the hero on b2 and no other tile can take it")


def test_no_why_while_the_drafted_token_is_offered():
    """OD-13: a tile open elsewhere takes the drafted token; a matching
    token slays the hero. Nothing to explain then, nor at another step."""
    open_elsewhere = _drafted_on_a_town((WOLF,), d4="R.")
    assert YETI in {a.token for a in GAME.legal_actions(open_elsewhere, 0)
                    if hasattr(a, "token")}
    assert GAME.why_drafted_waits(open_elsewhere) is None
    assert GAME.why_drafted_waits(table()) is None
