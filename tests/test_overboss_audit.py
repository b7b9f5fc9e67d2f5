"""Overboss Duel checked from outside, paragraph by paragraph.

A second reading of rules/overboss-duel.txt that trusts neither the rules
core nor its scorer: the score pad is recomputed here from the rulebook's
own words (and the rulings it needs, OD-1 .. OD-24) on hundreds of random
playouts; the worked examples of the rulebook that no other test plays are
played here through the public protocol (legal actions, apply, views).

Squares are named as in `core.overboss.board` (files a-d, rank 1 is seat
0's back row); the board pictures are those of `tests.overboss_tables`.
"""

from __future__ import annotations

from collections import Counter

import attrs
import pytest

from core import CHANCE, IllegalAction
from core.overboss import GAME
from core.overboss import actions as A
from core.overboss.actions import (
    Draft,
    DrawToken,
    EndTurn,
    PlaceTile,
    PlaceToken,
    RevealBoss,
    Skip,
    Slide,
    SpawnHero,
    UseSpire,
)
from core.overboss.components import (
    BAG_TOKENS,
    BOSSES,
    HEROES,
    TERRAINS,
    TILE_COUNTS,
    TOKEN_COUNTS,
    Token,
)
from core.overboss.state import Step
from tests.overboss_tables import (
    BANDIT,
    HERO,
    MINI,
    ROCK,
    WOLF,
    YETI,
    Boss,
    D,
    I,
    Lair,
    P,
    R,
    S,
    T,
    board,
    chance,
    play,
    sq,
    table,
)
from tests.playouts import checked_playout, seeds

# --- An independent score pad, from the rulebook's words ----------------------------
#
# Nothing below reads the rules core's geometry or scorer: the board is
# `rows` x 4 squares, row 0 the far edge as seat 0 sees it (OD-1), and the
# state's `tiles`, `tokens` and `lairs` are read as plain data.

#: OD §Matching Monsters, OD-3 (the names are the enum values).
MATCHING = {
    "yeti": "icy-peak",
    "bandit": "road",
    "spellslime": "spawning-pool",
    "rocktopus": "sunken-city",
    "werewolf": "town",
}
CRYSTAL_OF = {f"{terrain}-crystal": terrain for terrain in MATCHING.values()}


def _name(x) -> str | None:
    return None if x is None else str(x)


class Board:
    """The shared board as plain strings."""

    def __init__(self, state):
        self.rows = len(state.tiles) // 4
        self.tile = [_name(t) for t in state.tiles]
        self.token = [_name(k) for k in state.tokens]

    def owner(self, s: int) -> int:
        """OD-1: seat 0 owns the rows nearest it (the bottom half)."""
        return 0 if s // 4 >= self.rows // 2 else 1

    def neighbours(self, s: int) -> list[int]:
        """OD §Placing and Scoring Tiles: borders are shared sides."""
        r, c = divmod(s, 4)
        out = []
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            if 0 <= r + dr < self.rows and 0 <= c + dc < 4:
                out.append((r + dr) * 4 + c + dc)
        return out

    def on_water(self, s: int) -> bool:
        """OD-2: each half has water along its owner's left and back edges
        (seat 0: column a and rank 1; seat 1, across the table: column d
        and the far row)."""
        r, c = divmod(s, 4)
        if self.owner(s) == 0:
            return c == 0 or r == self.rows - 1
        return c == 3 or r == 0


def split(b: Board, squares) -> list[int]:
    """OD §What's New 2E: who scores a line of squares crossing the divide:
    the side holding more of it, both on a tie."""
    mine = sum(1 for s in squares if b.owner(s) == 0)
    theirs = len(squares) - mine
    return [seat for seat, n, m in ((0, mine, theirs), (1, theirs, mine)) if n >= m]


def band_score(size: int) -> int:
    """OD §Monsters: 2, 5, 7 for a band of 2, 3, 4+."""
    return {2: 2, 3: 5}.get(size, 7 if size >= 4 else 0)


def independent_pad(state) -> dict[str, list[int]]:
    b = Board(state)
    pad: dict[str, list[int]] = {}

    def add(category: str, seat: int, points: int) -> None:
        pad.setdefault(category, [0, 0])[seat] += points

    for name in (
        "Dungeons",
        "Icy Peaks",
        "Spawning Pools",
        "Roads",
        "Longest road",
        "Towns",
        "Sunken Cities",
        "Bands",
        "Matching monsters",
        "Minibosses",
        "Crystals",
        "Heroes slain",
        "Boss objective",
    ):
        pad[name] = [0, 0]
    lairs = state.lairs
    for s in range(len(b.tile)):
        t, o = b.tile[s], b.owner(s)
        near = [b.tile[n] for n in b.neighbours(s) if b.tile[n] is not None]
        if t == "dungeon":  # OD §Dungeon
            add("Dungeons", o, 1 + len(set(near)))
        elif t == "icy-peak":  # OD §Icy Peak
            add("Icy Peaks", o, 1 if "icy-peak" in near else 3)
        elif t == "spawning-pool":  # OD §Spawning Pool: its row of 4
            row = [b.token[s // 4 * 4 + c] for c in range(4)]
            kinds = {k for k in row if k in MATCHING}
            add("Spawning Pools", o, len(kinds) + row.count("miniboss"))
        elif t == "road":  # OD §Road
            add("Roads", o, 1)
        elif t == "town":  # OD §Town
            add("Towns", o, 2)
        elif t == "sunken-city" and b.on_water(s):  # OD §Sunken City, OD-24
            lair = lairs[o]
            add("Sunken Cities", o, len(lair.crystals) + lair.spires + lair.expended)
        k = b.token[s]
        if k == "miniboss":  # OD §Minibosses
            add("Minibosses", o, 2)
        elif k is not None and MATCHING.get(k) == t:  # OD §Matching Monsters
            add("Matching monsters", o, 1)
    # OD §Road, OD-10: connected groups of Roads, each for the side holding more.
    seen: set[int] = set()
    longest = [0, 0]
    for s in range(len(b.tile)):
        if b.tile[s] != "road" or s in seen:
            continue
        group, todo = set(), [s]
        while todo:
            q = todo.pop()
            if q in group:
                continue
            group.add(q)
            todo += [n for n in b.neighbours(q) if b.tile[n] == "road"]
        seen |= group
        for seat in split(b, group):
            longest[seat] = max(longest[seat], len(group))
    if max(longest):
        for seat in (0, 1):
            if longest[seat] == max(longest):
                add("Longest road", seat, 4)
    # OD §Monsters, OD-11: maximal straight runs of one monster kind.
    lines = [[r * 4 + c for c in range(4)] for r in range(b.rows)]
    lines += [[r * 4 + c for r in range(b.rows)] for c in range(4)]
    for line in lines:
        i = 0
        while i < len(line):
            k = b.token[line[i]]
            j = i
            while j + 1 < len(line) and k in MATCHING and b.token[line[j + 1]] == k:
                j += 1
            run = line[i : j + 1]
            if len(run) >= 2:
                for seat in split(b, run):
                    add("Bands", seat, band_score(len(run)))
            i = j + 1
    # OD §Crystals, §What's New 2F: their Boss's side (Baron Hex: OD-21).
    for o in (0, 1):
        hexed = state.bosses[o] is Boss.BARON_HEX and state.revealed[o]
        for crystal in lairs[o].crystals:
            terrain = CRYSTAL_OF[str(crystal)]
            per_side = [
                sum(1 for s in range(len(b.tile)) if b.tile[s] == terrain and b.owner(s) == side)
                for side in (0, 1)
            ]
            add("Crystals", o, max(per_side) if hexed else per_side[o])
        add("Heroes slain", o, lairs[o].heroes)  # OD §Heroes
    # OD §Boss Cards (King Croak), OD-20, OD-21: scored revealed or not.
    for o in (0, 1):
        boss, lair = state.bosses[o], lairs[o]
        mine = [s for s in range(len(b.tile)) if b.owner(s) == o]
        if boss is Boss.KING_CROAK:
            points = b.tile.count("dungeon")
        elif boss is Boss.BELLADONNA:
            points = pad["Matching monsters"][o]
        elif boss is Boss.BARON_HEX:
            points = 2 * len(lair.crystals)
        elif boss is Boss.DR_DEADLY:
            points = 2 * (lair.spires + lair.expended)
        elif boss is Boss.QUEEN_RIMEFANG:
            points = sum((b.tile[s] == "icy-peak") + (b.token[s] == "yeti") for s in mine)
        elif boss is Boss.WARLORD_GRIMTUSK:
            points = lair.heroes + sum(b.tile[s] == "road" for s in mine)
        else:
            points = 0
        add("Boss objective", o, points)
    return pad


def independent_winners(pad: dict[str, list[int]]) -> set[int]:
    """OD §Objective, OD-12, OD-22: the higher Power; on a tie the higher
    Tile Score; if still tied, both."""
    tiles = ("Dungeons", "Icy Peaks", "Spawning Pools", "Roads", "Longest road", "Towns")
    tiles += ("Sunken Cities",)
    power = [sum(v[s] for v in pad.values()) for s in (0, 1)]
    tile = [sum(pad[c][s] for c in tiles) for s in (0, 1)]
    for key in (power, tile):
        if key[0] != key[1]:
            return {0 if key[0] > key[1] else 1}
    return {0, 1}


PLAYOUTS = seeds(100)  # OVERTABLE_SEEDS=300 for the audit's full run


@pytest.mark.parametrize("short", [False, True])
def test_the_score_pad_matches_an_independent_scorer_on_random_playouts(short):
    """OD §Placing and Scoring Tiles, §Placing and Scoring Tokens, §Boss
    Cards, OD-10, OD-11, OD-12, OD-22, OD-24: on seeded random games (100 in CI) per
    board, every category of the engine's score pad, at the end of every turn
    and at the end, equals a scorer written from the rulebook alone, and so
    do the winners."""
    seen = Counter()
    for seed in range(PLAYOUTS if not short else PLAYOUTS // 3):
        checked = []

        def check(state, checked=checked):
            if state.step in (Step.DRAFT, Step.OVER):
                checked.append(state)

        final, _ = checked_playout(GAME, 2, GAME.Options(short_board=short), seed, check)
        assert final.step is Step.OVER
        for state in checked:
            pad = GAME.score_pad(state)
            mine = independent_pad(state)
            assert {n: list(v) for n, v in pad.categories} == mine, seed
        mine = independent_pad(final)
        out = GAME.outcome(final)
        assert set(out.winners) == independent_winners(mine), seed
        power = [sum(v[s] for v in mine.values()) for s in (0, 1)]
        assert [c.values for c in out.breakdown if c.name == "Total"] == [tuple(power)]
        for name, values in mine.items():
            seen[name] += sum(values) > 0
        seen["tied"] += len(out.winners) == 2 or out.points != ()
    # the playouts reach every category (else the comparison proves little)
    assert all(seen[name] for name in mine), seen


def _seat_turns(journal):
    """(seat, actions) per turn from a playout's journal."""
    turns, current = [], []
    for seat, action in journal:
        if seat == CHANCE:
            continue
        current.append((seat, action))
        if isinstance(action, EndTurn):
            turns.append(current)
            current = []
    return turns, current


@pytest.mark.parametrize("short", [False, True])
def test_random_playouts_keep_the_turn_order_and_limits(short):
    """OD §Turn Order 2, 6, 7, §Spires, §Boss Cards, §Placing Tokens, checked
    on the journal and the states of random games: turns alternate from seat
    0 (OD-14); each turn places exactly one tile, so the game lasts one turn
    per square and ends with the board full; a turn starts with a full market
    of 4 pairs; at most one Spire per turn and one reveal per game; no turn
    ends with a monster waiting in the lair while an open terrain tile
    exists; no tile holds two tokens and no Dungeon a token."""
    for seed in range(PLAYOUTS // 3):
        starts = []

        def check(state, starts=starts):
            for t, k in zip(state.tiles, state.tokens, strict=True):
                assert k is None or (t is not None and t is not D)
            if state.step is Step.DRAFT and (not starts or starts[-1].turns != state.turns):
                # the turn's first state (a reveal may then change the market)
                starts.append(state)
                assert all(p.tile is not None and p.token is not None for p in state.market)
                prev = 1 - state.turn
                if state.turns:
                    open_terrain = any(
                        k is None and t not in (None, D)
                        for t, k in zip(state.tiles, state.tokens, strict=True)
                    )
                    assert not (state.lairs[prev].waiting and open_terrain)

        final, journal = checked_playout(GAME, 2, GAME.Options(short_board=short), seed, check)
        size = len(final.tiles)
        assert None not in final.tiles and final.turns == size
        turns, rest = _seat_turns(journal)
        assert rest == [] and len(turns) == size
        assert [t[0][0] for t in turns] == [n % 2 for n in range(size)]
        reveals = Counter()
        for actions in turns:
            assert sum(isinstance(a, PlaceTile) for _, a in actions) == 1
            assert sum(isinstance(a, UseSpire) for _, a in actions) <= 1
            reveals.update(seat for seat, a in actions if isinstance(a, RevealBoss))
        assert max(reveals.values(), default=0) <= 1
        assert [(s.turns, s.turn) for s in starts] == [(n, n % 2) for n in range(size)]


def test_views_hide_only_the_unrevealed_boss_in_random_playouts():
    """OD §Boss Cards, §Placing Tokens ("its contents are always open
    knowledge"): at every step a seat's view equals the whole table but for
    the other Boss card while it is face down and the game goes on (and the
    undealt cards); a spectator sees neither unrevealed Boss."""
    for seed in range(PLAYOUTS // 6):

        def check(state):
            for seat in (0, 1, None):
                v = GAME.view(state, seat)
                for s in (0, 1):
                    hidden = s != seat and not state.revealed[s] and state.step is not Step.OVER
                    assert v.bosses[s] == (None if hidden else state.bosses[s])
                assert set(v.boss_deck) <= {None}
                for field in ("tiles", "tokens", "market", "lairs", "heroes", "stack", "bag"):
                    assert getattr(v, field) == getattr(state, field)
                assert (v.step, v.turn, v.hand_tile, v.hand_token) == (
                    state.step,
                    state.turn,
                    state.hand_tile,
                    state.hand_token,
                )

        checked_playout(GAME, 2, GAME.Options(), seed, check)


# --- The rulebook's worked examples ------------------------------------------------


def test_components_are_the_boxs():
    """OD §Components, §What's New 1A, §Set Up 3: 12 tiles of each of the
    five terrains and 8 Dungeons; 10 monsters and 1 Crystal per terrain, 6
    minibosses and 7 Spires (no Portals) in the bag; 15 heroes apart; 6 Boss
    cards, two dealt face down (§Set Up 2)."""
    assert {str(t): n for t, n in TILE_COUNTS.items()} == {
        "dungeon": 8,
        **{t: 12 for t in MATCHING.values()},
    }
    assert {str(k): n for k, n in TOKEN_COUNTS.items()} == {
        **{m: 10 for m in MATCHING},
        **{c: 1 for c in CRYSTAL_OF},
        "miniboss": 6,
        "spire": 7,
    }
    assert HEROES == 15 and len(BOSSES) == 6
    s = GAME.setup(2, GAME.Options())
    assert sum(s.stack) == 68 and sum(s.bag) == 68 and s.heroes == 15
    assert len(TERRAINS) == 6 and len(BAG_TOKENS) == 12


def test_borders_are_shared_sides_not_corners():
    """OD §Placing and Scoring Tiles, its example: an Icy Peak beside a
    Dungeon borders it; a Town touching the Dungeon only at a corner does
    not."""
    s = table(board(b2="D.", b3="I.", c3="T."))
    assert GAME.score_pad(s).value("Dungeons") == (1 + 1, 0)
    s = table(board(b2="D.", b3="I.", c2="T."))
    assert GAME.score_pad(s).value("Dungeons") == (1 + 2, 0)


def test_a_tile_goes_on_either_half():
    """OD §Turn Order 4, §What's New 2A: the drafted tile goes on any open
    square, on one's own half or the opponent's."""
    s = table(board(a1="I."), turn=0, step=Step.PLACE_TILE, hand=(D, None))
    legal = set(GAME.legal_actions(s, 0))
    assert {PlaceTile(sq("b1")), PlaceTile(sq("d8")), PlaceTile(sq("c5"))} <= legal
    assert PlaceTile(sq("a1")) not in legal  # not on a tile
    s = play(s, 0, PlaceTile(sq("d8")))
    assert s.tiles[sq("d8")] is D and GAME.score_pad(s).value("Dungeons") == (0, 1)


def test_icy_peak_example_a_tile_slides_along_its_row_or_across_the_divide():
    """OD §Icy Peak, its example, §What's New 2C: placing an Icy Peak moves
    a Spawning Pool along its row; a straight slide may also carry a tile
    to the other half (and its points with it)."""
    s = table(board(a3="PL", c7="R."), step=Step.PLACE_TILE, hand=(I, None))
    s = play(s, 0, PlaceTile(sq("b1")))
    assert s.step is Step.SLIDE
    legal = set(GAME.legal_actions(s, 0))
    assert Slide(sq("a3"), sq("d3")) in legal  # along its row, to the far end
    assert Slide(sq("a3"), sq("a8")) in legal  # across the divide, up to the edge
    s = play(s, 0, Slide(sq("a3"), sq("a6")))
    assert s.tiles[sq("a6")] is P and s.tokens[sq("a6")] is Token.SPELLSLIME
    assert GAME.score_pad(s).value("Spawning Pools") == (0, 1)


def test_road_example_a_chain_of_five():
    """OD §Road, its example: a chain of 5 connected Roads is 5 long, and
    the side with the longest chain gains 4 more (OD-10)."""
    s = table(board(a1="R.", b1="R.", b2="R.", b3="R.", c3="R.", d1="R."))
    pad = GAME.score_pad(s)
    assert pad.value("Roads") == (6, 0) and pad.value("Longest road") == (4, 0)
    # the chain is 5 long (d1 stands apart): it beats a chain of 4, ties one of 5
    five = dict(a1="R.", b1="R.", b2="R.", b3="R.", c3="R.", d1="R.")
    four = dict(a8="R.", b8="R.", c8="R.", d8="R.")
    assert GAME.score_pad(table(board(**five, **four))).value("Longest road") == (4, 0)
    tie = GAME.score_pad(table(board(**five, **four, a7="R.")))
    assert tie.value("Longest road") == (4, 4)
    assert independent_pad(s)["Longest road"] == [4, 0]
    s = table(board(a4="R.", a5="R.", a6="R.", b6="R.", c6="R.", d1="R.", d2="R."))
    assert GAME.score_pad(s).value("Longest road") == (0, 4)  # 4 of the 5 are theirs


def test_bands_example_three_yetis_and_two_share_a_corner():
    """OD §Monsters and §Matching Monsters, their example: a row of 3 Yetis
    and a column of 2 sharing the corner Yeti score 5 + 2; the two Yetis of
    the left-most column stand on Icy Peaks and a Werewolf on a Town: 3
    Matching Monsters."""
    s = table(board(a1="IY", a2="IY", b2="RY", c2="SY", d1="TW", b1="P.", c1="D."))
    pad = GAME.score_pad(s)
    assert pad.value("Bands") == (5 + 2, 0)
    assert pad.value("Matching monsters") == (3, 0)


def test_hero_example_a_second_rocktopus_forms_a_band_on_the_hero():
    """OD §Heroes, its example, §Town: a Town spawns a hero on itself; the
    drafted second Rocktopus, placed on it beside the first, forms a band of
    2: the hero is slain and goes to the lair of the one who formed the band
    (seat 1 here), worth 1 point; the band scores."""
    s = table(board(b6="SK"), turn=1, step=Step.PLACE_TILE, hand=(T, ROCK))
    s = play(s, 1, PlaceTile(sq("c6")))
    assert s.tokens[sq("c6")] is ROCK and s.tokens[sq("b6")] is ROCK
    assert s.lairs[1].heroes == 1 and s.lairs[0].heroes == 0
    pad = GAME.score_pad(s)
    assert pad.value("Heroes slain") == (0, 1) and pad.value("Bands") == (0, 2)


def test_spire_example_an_icy_peak_moved_diagonally_to_the_corner():
    """OD §Spires, its example, §What's New 3B, §Spires' other rules: a Spire
    flipped to its expended side moves an Icy Peak (and its token)
    diagonally to the corner of its owner's half; the Spire stays in the
    lair, expended; only one Spire a turn."""
    s = table(board(c3="IY"), lairs=(Lair(spires=2), Lair()))
    legal = set(GAME.legal_actions(s, 0))
    assert UseSpire(sq("c3"), sq("a1")) in legal and UseSpire(sq("c3"), sq("a5")) in legal
    s = play(s, 0, UseSpire(sq("c3"), sq("a1")))
    assert s.tiles[sq("a1")] is I and s.tokens[sq("a1")] is YETI and s.tiles[sq("c3")] is None
    assert s.lairs[0].spires == 1 and s.lairs[0].expended == 1
    assert not any(isinstance(a, UseSpire) for a in GAME.legal_actions(s, 0))


def test_crystal_example_four_icy_peaks():
    """OD §Crystals, its example: the Icy Peak Crystal with four Icy Peaks
    on one's side scores 4 (the opponent's Icy Peaks do not count)."""
    lair = Lair(crystals=(Token.ICY_PEAK_CRYSTAL,))
    s = table(board(a1="I.", c1="I.", a3="I.", c4="I.", b7="I."), lairs=(lair, Lair()))
    assert GAME.score_pad(s).value("Crystals") == (4, 0)


def test_turn_order_example_spawning_pool_and_spellslime():
    """OD §Turn Order 3-6, their example: drafting the Spawning Pool and
    Spellslime pair, placing the Pool, the Spellslime goes on it; the market
    is restocked to 4 pairs for the next player."""
    s = table(board(), market=((R, BANDIT), (I, YETI), (T, WOLF), (P, Token.SPELLSLIME)))
    s = play(s, 0, Draft(3), PlaceTile(sq("c2")))
    s = chance(s, DrawToken(Token.SPIRE))  # the Pool's own draw (OD §Spawning Pool)
    assert s.tokens[sq("c2")] is Token.SPELLSLIME and s.lairs[0].spires == 1
    s = play(s, 0, EndTurn())
    assert s.step is Step.REFILL and s.turn == 1
    while GAME.to_act(s) == {CHANCE}:
        s = chance(s, GAME.chance_outcomes(s)[0][0])
    assert s.step is Step.DRAFT and all(p.tile and p.token for p in s.market)


# --- Edge cases ---------------------------------------------------------------------


def test_hero_supply_running_out_mid_spawn():
    """OD §Heroes: with fewer heroes than spawning Towns, the placer picks
    which Towns get them; none spawns once the supply is empty."""
    s = table(board(a1="T.", c1="T.", a8="T."), step=Step.PLACE_TILE, hand=(T, None))
    s = attrs.evolve(s, heroes=2)
    s = play(s, 0, PlaceTile(sq("c3")))
    assert s.step is Step.SPAWN
    s = play(s, 0, SpawnHero(sq("a8"), sq("a8")), SpawnHero(sq("c3"), sq("c3")))
    assert s.heroes == 0 and s.step is Step.END
    assert [s.tokens[sq(n)] for n in ("a1", "c1", "a8", "c3")] == [None, None, HERO, HERO]


def test_the_last_tile_ends_the_duel_after_its_turn_is_played_out():
    """OD §Turn Order 7, OD-13: the duel ends once the board is full, when
    the player who placed the last tile ends that turn (its token, a reveal
    still allowed); the Boss cards then show."""
    full = """
    D. D. D. D.
    D. D. D. D.
    IH IH IH IH
    SH SH SH SH
    TH TH TH TH
    RY RB RK RL
    SY SB SK SL
    .. IW IY RW
    """
    s = table(full, step=Step.PLACE_TILE, hand=(P, MINI), turn=1)
    s = play(s, 1, PlaceTile(sq("a1")))
    s = chance(s, DrawToken(YETI))
    assert s.step is Step.TOKEN  # the Miniboss or the Yeti just drawn on the Pool
    s = play(s, 1, PlaceToken(MINI, sq("a1")))
    assert s.lairs[1].waiting == (YETI,) and s.step is Step.END  # nowhere open: it waits
    assert RevealBoss() in GAME.legal_actions(s, 1)
    s = play(s, 1, RevealBoss())  # Belladonna: poison, declined
    s = play(s, 1, Skip(), EndTurn())
    assert s.step is Step.OVER and GAME.outcome(s) is not None
    assert GAME.view(s, 0).bosses == (Boss.KING_CROAK, Boss.BELLADONNA)


def test_a_band_longer_than_four_scores_once_as_four_plus():
    """OD §Monsters ("two, three, or four"), OD-11: a column of 8 Bandits
    across the divide is one band of 4+ (7 points), split evenly: both
    score."""
    col = {f"a{n}": "RB" for n in range(1, 9)}
    s = table(board(**col))
    assert GAME.score_pad(s).value("Bands") == (7, 7)
    assert independent_pad(s)["Bands"] == [7, 7]


# --- The legal actions, recomputed from the rulebook -------------------------------


def _rays(rows: int, s: int, diagonal: bool) -> list[list[int]]:
    r, c = divmod(s, 4)
    dirs = ((-1, -1), (-1, 1), (1, -1), (1, 1)) if diagonal else ((-1, 0), (1, 0), (0, -1), (0, 1))
    out = []
    for dr, dc in dirs:
        ray, rr, cc = [], r + dr, c + dc
        while 0 <= rr < rows and 0 <= cc < 4:
            ray.append(rr * 4 + cc)
            rr, cc = rr + dr, cc + dc
        out.append(ray)
    return out


def independent_legal(state, seat: int) -> set:
    """What a careful player may do now, from the rulebook and OD-5, OD-7,
    OD-13, OD-16, OD-18, OD-20, OD-23 (the steps of a turn as the engine
    names them; Boss abilities are left to their own tests)."""
    b = Board(state)
    rows, size = b.rows, len(b.tile)
    step = state.step
    if seat != state.turn or step in (Step.OVER, Step.DEAL_BOSS, Step.REFILL, Step.POOL_DRAW):
        return set()
    croak = 1 - seat
    locked = state.revealed[croak] and state.bosses[croak] is Boss.KING_CROAK

    def slides(diagonal: bool, exclude) -> set:
        out = set()
        for s in range(size):
            if b.tile[s] is None or s == exclude or (locked and b.tile[s] == "dungeon"):
                continue
            for ray in _rays(rows, s, diagonal):
                for d in ray:
                    if b.tile[d] is not None:
                        break
                    out.add((s, d))
        return out

    def slays(k: str, q: int) -> bool:  # OD §Heroes
        if k == "miniboss" or MATCHING.get(k) == b.tile[q]:
            return True
        return any(b.token[n] == k for n in b.neighbours(q))

    def can_take(q: int, k: str) -> bool:  # OD-5, OD-16
        if b.tile[q] in (None, "dungeon"):
            return False
        return b.token[q] is None or (b.token[q] == "hero" and slays(k, q))

    open_terrain = any(
        b.tile[q] not in (None, "dungeon") and b.token[q] is None for q in range(size)
    )
    waiting = {str(k) for k in state.lairs[seat].waiting}
    out: set = set()
    if step is Step.DRAFT:
        out = {A.Draft(i) for i, p in enumerate(state.market) if p.tile is not None}
    elif step is Step.PLACE_TILE:
        out = {A.PlaceTile(s) for s in range(size) if b.tile[s] is None}
    elif step is Step.SLIDE:
        out = {A.Slide(s, d) for s, d in slides(False, state.placed)} | {A.Skip()}
    elif step is Step.SWAP:
        held = [s for s in range(size) if b.token[s] is not None]
        out = {A.SwapTokens(x, y) for x in held for y in held if x < y and b.token[x] != b.token[y]}
        out.add(A.Skip())
    elif step is Step.SPAWN:
        for town in state.pending_towns:
            if b.token[town] != "hero":
                out.add(A.SpawnHero(town, town))
                continue
            for n in b.neighbours(town):
                if b.tile[n] not in (None, "dungeon") and b.token[n] not in ("hero", "miniboss"):
                    out.add(A.SpawnHero(town, n))
    elif step is Step.REFRESH:
        out = {A.RefreshSpire(), A.Skip()}
    elif step is Step.TOKEN:
        tok, p = str(state.hand_token), state.placed
        for k in {tok} | waiting:
            if can_take(p, k):
                out.add(A.PlaceToken(Token(k), p))
        if not can_take(p, tok):
            out |= {A.PlaceToken(Token(tok), q) for q in range(size) if q != p and can_take(q, tok)}
            if not open_terrain:
                out.add(A.Skip())
    elif step is Step.LAIR:
        out = {A.PlaceToken(Token(k), q) for k in waiting for q in range(size) if can_take(q, k)}
    elif step is Step.END:
        out = {A.EndTurn()}
    else:
        return set(GAME.legal_actions(state, seat))  # a Boss's ability: not recomputed here
    if not state.revealed[seat]:
        out.add(A.RevealBoss())
    if state.lairs[seat].spires and not state.spire_used:
        out |= {A.UseSpire(s, d) for s, d in slides(True, None)}
    return out


@pytest.mark.parametrize("short", [False, True])
def test_legal_actions_match_an_independent_reading_on_random_playouts(short):
    """OD §Turn Order, §Placing Tokens, §Icy Peak, §Road, §Town, §Sunken
    City, §Spires, §Boss Cards, OD-5, OD-7, OD-13, OD-16, OD-18, OD-20,
    OD-23: at every decision of random games the engine offers exactly the
    moves recomputed here, and only the player in turn has any."""
    steps = Counter()
    for seed in range(PLAYOUTS // 6):

        def check(state, seed=seed):
            for seat in (0, 1):
                legal = set(GAME.legal_actions(state, seat))
                assert legal == independent_legal(state, seat), (seed, state.step)
            steps[state.step] += 1

        checked_playout(GAME, 2, GAME.Options(short_board=short), seed, check)
    for step in (Step.SLIDE, Step.SWAP, Step.SPAWN, Step.TOKEN, Step.LAIR, Step.REFRESH):
        assert steps[step], step


# --- OD-27 -----------------------------------------------------------------------


def _croak_destroys_the_new_tile(tile, token, picture, **kw):
    """King Croak (seat 0) places `tile`, reveals and destroys it at once
    for the market's Dungeon (place 1)."""
    market = ((D, BANDIT), (I, YETI), (T, WOLF), (P, Token.SPELLSLIME))
    s = table(picture, step=Step.PLACE_TILE, hand=(tile, token), market=market, **kw)
    s = play(s, 0, PlaceTile(sq("c3")))
    step = s.step
    s = play(s, 0, RevealBoss(), A.Destroy(sq("c3"), 0))
    assert s.tiles[sq("c3")] is D and s.placed == sq("c3")
    return step, s


def test_an_effect_resolves_when_king_croak_destroys_its_tile_od27():
    """OD-27: an Icy Peak destroyed during its own slide still slides
    another tile (never the Dungeon now on its square); the drafted Yeti,
    whose tile is now a Dungeon, goes on open terrain."""
    step, s = _croak_destroys_the_new_tile(I, YETI, board(a1="T.", d8="R."))
    assert step is Step.SLIDE and s.step is Step.SLIDE
    legal = set(GAME.legal_actions(s, 0))
    assert Slide(sq("a1"), sq("a2")) in legal
    assert not any(isinstance(a, Slide) and a.src == sq("c3") for a in legal)
    s = play(s, 0, Slide(sq("d8"), sq("d5")), A.PlaceToken(YETI, sq("a1")))
    assert s.tiles[sq("d5")] is R and s.tokens[sq("a1")] is YETI and s.step is Step.END
    # a Road's swap goes on too
    step, s = _croak_destroys_the_new_tile(R, None, board(a1="TY", b1="IB"))
    assert step is Step.SWAP and s.step is Step.SWAP
    s = play(s, 0, A.SwapTokens(sq("a1"), sq("b1")))
    assert s.tokens[sq("a1")] is BANDIT and s.step is Step.END
    # a Sunken City's refresh too
    lairs = (Lair(expended=1), Lair())
    step, s = _croak_destroys_the_new_tile(S, None, board(a1="T."), lairs=lairs)
    assert step is Step.REFRESH and s.step is Step.REFRESH
    s = play(s, 0, A.RefreshSpire())
    assert s.lairs[0].spires == 1 and s.step is Step.END


def test_a_new_town_destroyed_mid_spawn_leaves_the_others_spawning_od27():
    """OD-27, OD-6: the new Town, destroyed before it spawned, spawns
    nothing; the other Towns still do; the drafted Werewolf goes on open
    terrain or a hero it slays (the Dungeon takes none)."""
    market = ((D, BANDIT), (I, YETI), (T, WOLF), (P, Token.SPELLSLIME))
    s = table(
        board(a1="TH", b1="I.", a2="S.", d8="T."),
        step=Step.PLACE_TILE,
        hand=(T, WOLF),
        market=market,
    )
    s = play(s, 0, PlaceTile(sq("c3")))
    assert s.step is Step.SPAWN  # a1 holds a hero: b1 or a2, the placer's pick
    s = play(s, 0, RevealBoss(), A.Destroy(sq("c3"), 0))
    assert s.tiles[sq("c3")] is D and s.tokens[sq("c3")] is None
    s = play(s, 0, SpawnHero(sq("a1"), sq("b1")))
    assert s.tokens[sq("b1")] is HERO and s.tokens[sq("d8")] is HERO
    # the Werewolf: on the open Sunken City, or on d8's hero, which it slays
    assert s.step is Step.TOKEN
    assert set(GAME.legal_actions(s, 0)) - {RevealBoss()} >= {
        A.PlaceToken(WOLF, sq("a2")),
        A.PlaceToken(WOLF, sq("d8")),
    }
    assert A.PlaceToken(WOLF, sq("c3")) not in GAME.legal_actions(s, 0)


# --- More edge cases -------------------------------------------------------------


@pytest.mark.parametrize("players", [1, 3, 4])
def test_the_duel_is_for_two_players_only(players):
    """OD §Set Up 1-2 ("between two players"), §Objective: a duel of two
    Bosses; any other number is refused."""
    with pytest.raises(IllegalAction, match="2 players"):
        GAME.setup(players, GAME.Options())
    assert GAME.setup(2, GAME.Options()).players == 2


def test_a_town_with_the_hero_supply_empty_spawns_nothing():
    """OD §Heroes, OD-19: with no hero left in the supply no Town spawns;
    the drafted Werewolf goes on the new Town as usual."""
    s = table(board(a1="T."), step=Step.PLACE_TILE, hand=(T, WOLF))
    s = attrs.evolve(s, heroes=0)
    s = play(s, 0, PlaceTile(sq("c3")))
    assert s.step is Step.END and s.heroes == 0
    assert s.tokens[sq("c3")] is WOLF and s.tokens[sq("a1")] is None


def test_heroes_spawn_and_are_slain_across_the_divide():
    """OD §What's New 2B, §Town, §Heroes: a Town holding a hero spawns on a
    bordering tile of the other half; a monster forming a band across the
    divide slays a hero."""
    s = table(board(b4="TH", b5="S.", a4="D.", c4="D.", b3="D."), step=Step.PLACE_TILE)
    s = attrs.evolve(s, hand_tile=D, hand_token=None)
    s = play(s, 0, PlaceTile(sq("d1")))  # a Dungeon: no Town placed, nothing spawns
    assert s.tokens[sq("b5")] is None
    s = table(board(b4="TH", b5="S.", a4="D.", c4="D.", b3="D."), step=Step.PLACE_TILE)
    s = attrs.evolve(s, hand_tile=T, hand_token=None)
    s = play(s, 0, PlaceTile(sq("d1")))
    # d1 spawns on itself; b4's only square is b5, on the other half
    assert s.tokens[sq("b5")] is HERO and s.tokens[sq("d1")] is HERO
    s = table(board(c4="IH", c5="RK", d1="I."), step=Step.PLACE_TILE, hand=(D, ROCK), turn=1)
    s = play(s, 1, PlaceTile(sq("a1")))
    assert A.PlaceToken(ROCK, sq("c4")) in GAME.legal_actions(s, 1)
    s = play(s, 1, A.PlaceToken(ROCK, sq("c4")))
    assert s.lairs[1].heroes == 1 and GAME.score_pad(s).value("Bands") == (2, 2)


def independent_ability_legal(state, seat: int) -> set:
    """OD §Boss Cards (King Croak), OD-8, OD-20, OD-21: the choices of a
    Boss's reveal ability, each declinable (OD-7)."""
    b = Board(state)
    size = len(b.tile)
    step = state.step
    out = {A.Skip()}
    if step is Step.CROAK:
        slots = [i for i, p in enumerate(state.market) if p.tile is D]
        out |= {
            A.Destroy(s, i)
            for s in range(size)
            if b.tile[s] not in (None, "dungeon")
            for i in slots
        }
    elif step is Step.POISON:
        out |= {A.Poison(s) for s in range(size) if b.token[s] is not None}
    elif step is Step.HEX:
        out |= {A.TakeToken(i) for i, p in enumerate(state.market) if p.token is not None}
    elif step is Step.FROST:
        croak = 1 - seat
        locked = state.revealed[croak] and state.bosses[croak] is Boss.KING_CROAK
        for s in range(size):
            if b.tile[s] is None or (locked and b.tile[s] == "dungeon"):
                continue
            for ray in _rays(b.rows, s, False):
                for d in ray:
                    if b.tile[d] is not None:
                        break
                    out.add(A.Slide(s, d))
    elif step is Step.SLAY:
        out |= {A.Slay(s) for s in range(size) if b.token[s] == "hero"}
    return out


def _effect_checked(state, seat, action, after) -> None:
    """What an action does to the table, read from the rulebook."""
    cls = action.__class__
    if cls is A.UseSpire or (cls is A.Slide and state.step in (Step.SLIDE, Step.FROST)):
        # OD §Spires, §Icy Peak: the tile and its token move; the rest stays
        # (the rules may then place a token by themselves, OD-17: on the
        # moved tile if it was empty)
        assert after.tiles[action.dst] is state.tiles[action.src]
        if state.tokens[action.src] is not None:
            assert after.tokens[action.dst] is state.tokens[action.src]
        assert after.tiles[action.src] is None and after.tokens[action.src] is None
        if cls is A.UseSpire:
            lair, new = state.lairs[seat], after.lairs[seat]
            # (a drafted Spire may then reach the lair by itself)
            assert new.expended == lair.expended + 1 and new.spires >= lair.spires - 1
            assert after.spire_used
    elif cls is A.SwapTokens:  # OD §Road, OD-5: a swap never slays
        assert after.tokens[action.a] is state.tokens[action.b]
        assert after.tokens[action.b] is state.tokens[action.a]
        assert [lair.heroes for lair in after.lairs] == [lair.heroes for lair in state.lairs]
    elif cls is A.SpawnHero:  # OD §Town: a monster where a hero spawns goes back
        # (then slain at once by a forced token, OD-17, or still there)
        slain = after.lairs[seat].heroes > state.lairs[seat].heroes
        assert after.tokens[action.square] is HERO or slain
        assert after.heroes <= state.heroes - 1
        old = state.tokens[action.square]
        if old is not None and old is not HERO:
            i = BAG_TOKENS.index(old)
            assert after.bag[i] >= state.bag[i] + 1
    elif cls is A.PlaceToken:  # OD §Heroes: a slain hero goes to the placer's lair
        assert after.tokens[action.square] is action.token
        slain = state.tokens[action.square] is HERO
        assert after.lairs[seat].heroes >= state.lairs[seat].heroes + slain
    elif cls is A.RefreshSpire:  # OD §Sunken City
        lair, new = state.lairs[seat], after.lairs[seat]
        assert new.expended == lair.expended - 1 and new.spires >= lair.spires + 1
    elif cls is A.PlaceTile:  # OD §Turn Order 4
        assert after.tiles[action.square] is state.hand_tile or after.tiles[action.square] is D
    elif cls is A.Draft:  # OD §Turn Order 3
        pair = state.market[action.slot]
        assert (after.hand_tile, after.market[action.slot].tile) == (pair.tile, None) or (
            after.step is not Step.PLACE_TILE
        )


@pytest.mark.parametrize("short", [False, True])
def test_abilities_and_effects_in_random_playouts(short):
    """OD §Boss Cards, OD-8, OD-20, OD-21: the abilities offer exactly the
    choices recomputed here; and each move does what the rulebook says to
    the table (§Spires, §Icy Peak, §Road, §Town, §Heroes, §Sunken City,
    §Turn Order 3-4). Seeds where every seat reveals early reach the
    abilities often."""
    import random

    steps = Counter()
    for seed in range(PLAYOUTS // 6):
        rng = random.Random(seed)
        state = GAME.setup(2, GAME.Options(short_board=short))
        while GAME.to_act(state):
            if GAME.to_act(state) == {CHANCE}:
                outcomes = GAME.chance_outcomes(state)
                action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
                state = GAME.apply(state, CHANCE, action)
                continue
            seat = state.turn
            legal = GAME.legal_actions(state, seat)
            if state.step in (Step.CROAK, Step.POISON, Step.HEX, Step.FROST, Step.SLAY):
                steps[state.step] += 1
                assert set(legal) == independent_ability_legal(state, seat), (seed, state.step)
            # reveal as soon as it is offered, half the time
            reveal = A.RevealBoss()
            action = reveal if reveal in legal and rng.random() < 0.5 else rng.choice(legal)
            after = GAME.apply(state, seat, action)
            _effect_checked(state, seat, action, after)
            state = after
    assert len(steps) >= 4, steps


def test_the_in_app_rules_spell_every_component_as_the_rulebook():
    """OD §Components, OD-3: where the in-app rules show a component's
    letter in bold inside its name ("Roc**K**topus"), the name still reads
    as the rulebook spells it."""
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    text = (root / "tui" / "rules" / "overboss-duel.md").read_text(encoding="utf-8")
    names = {"yeti", "bandit", "spellslime", "rocktopus", "werewolf", "minibosses"}
    names |= {"icy", "pool", "road", "town", "sunken", "dungeons", "heroes"}
    words = re.findall(r"\b\w*\*\*\w+\*\*\w*", text)
    lettered = [w.replace("**", "").lower() for w in words if len(w.replace("**", "")) > 1]
    assert "rocktopus" in lettered and "spellslime" in lettered
    assert set(lettered) <= names | {"power", "either", "your", "every", "must", "lair", "market"}


def test_supplies_at_their_limits():
    """OD §Spawning Pool, OD-4, OD-15: a Spawning Pool placed with the bag
    empty draws nothing and its Spellslime goes on it; in real duels the
    bag and the stack never run dry (68 each for 32 squares), while the 15
    heroes do (see `test_a_town_with_the_hero_supply_empty_spawns_nothing`)."""
    s = table(board(a1="T."), step=Step.PLACE_TILE, hand=(P, Token.SPELLSLIME))
    s = attrs.evolve(s, bag=(0,) * len(s.bag))
    s = play(s, 0, PlaceTile(sq("c3")))
    assert s.step is Step.END and s.tokens[sq("c3")] is Token.SPELLSLIME
    assert s.lairs[0] == Lair()
    low = [68, 68]
    for seed in range(PLAYOUTS // 10):

        def check(state, low=low):
            low[0] = min(low[0], sum(state.stack))
            low[1] = min(low[1], sum(state.bag))

        checked_playout(GAME, 2, GAME.Options(), seed, check)
    assert min(low) > 0
