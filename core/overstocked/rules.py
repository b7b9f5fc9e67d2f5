"""Overstocked rules: the standard game for 2-6 players, the advanced
variant, the three mini-expansions and solo mode.

Citations: "OS §<section>" is the rulebook (rules/overstocked.txt); "OS-n"
is a ruling in docs/rulings.md.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from functools import cache
from itertools import compress
from operator import attrgetter, itemgetter, not_

from core.engine import (
    CHANCE,
    Category,
    IllegalAction,
    Outcome,
    dict_evolve,
    remove_one,
    seat_mark,
    sorted_tuple,
    standing_scores,
    winners_by,
)
from core.overstocked import cards, scoring
from core.overstocked.actions import (
    ChooseQuantum,
    Deal,
    DrawForklift,
    Mark,
    Nominate,
    Pass,
    Pick,
    Place,
    TakeIncentive,
)
from core.overstocked.cards import (
    BLOCKED,
    COVERABLE,
    FORKLIFT_VALUES,
    HAND_SIZE,
    NUMBERS,
    QUANTUM_NUMBERS,
    ROUNDS,
    TOYS,
    Incentive,
    Piece,
    Toy,
)
from core.overstocked.state import (
    _CHUNK,
    CARD_SHAPES,
    Area,
    Options,
    Phase,
    Placed,
    Player,
    State,
    Where,
)

#: enum members as module globals: reading one through its Enum class costs
#: as much as several other steps of a playout (Python 3.11)
_DEAL, _PICK, _PLACE, _MARK, _OVER = Phase.DEAL, Phase.PICK, Phase.PLACE, Phase.MARK, Phase.OVER
_QUANTUM_PHASE, _FORKLIFT_PHASE, _INCENTIVE = Phase.QUANTUM, Phase.FORKLIFT, Phase.INCENTIVE
_NOMINATE, _BOT_DRAW = Phase.NOMINATE, Phase.BOT_DRAW
_CRATE, _QUANTUM_PIECE, _FORKLIFT_PIECE = Piece.CRATE, Piece.QUANTUM, Piece.FORKLIFT
_POPULARITY, _WAREHOUSE = Where.POPULARITY, Where.WAREHOUSE

ID = "overstocked"
TITLE = "Overstocked"
#: OS-9: 2-6 players; solo is Options(solo=True) at 2 seats (OS-19)
PLAYERS = range(2, 7)
RULES_VERSION = 1

#: solo: the bot's six cards end as a block 3 cards by 2 (either way round)
BOT_BLOCK = (3, 2)

_CHANCE_PHASES = frozenset({_DEAL, _BOT_DRAW})
_TURN_PHASES = frozenset({_QUANTUM_PHASE, _PLACE, _MARK, _FORKLIFT_PHASE, _INCENTIVE})
_NOBODY: frozenset[int] = frozenset()
_CHANCE_SET = frozenset({CHANCE})
_ONE = tuple(frozenset({s}) for s in range(max(PLAYERS) + 1))
_PICKED = attrgetter("picked")
_REACH = cards.REACH
#: each seat's `picked` -> the seats still to choose (`to_act`)
_WAITING: dict[tuple[bool, ...], frozenset[int]] = {}


#: `State` and `Player` keep their fields in a `__dict__` (not slots)
evolve = dict_evolve
_new_object = object.__new__
_set_attribute = object.__setattr__

#: actions built once: listing them is the playouts' hot path
_DEALS = {c: Deal(c) for c in NUMBERS}
#: pool size -> card -> (its Deal, 1 / pool size): chance outcomes, built once
_DEAL_ODDS = {n: {c: (_DEALS[c], 1 / n) for c in NUMBERS} for n in range(1, len(NUMBERS) + 1)}
_PICKS = {c: Pick(c) for c in NUMBERS}
_PASS = Pass()
_PLACES: dict[tuple[Where, int, int], Place] = {}
#: (Place, number, piece) -> the Placed it lays (shared: immutable)
_PLACED: dict[tuple[Place, int, Piece], Placed] = {}
_PLACED_CACHE = 100_000


def _place(where: Where, k: int, rotation: int) -> Place:
    got = _PLACES.get((where, k, rotation))
    if got is None:
        x, y = cards.xy(k)
        got = _PLACES[(where, k, rotation)] = Place(where, x, y, rotation)
    return got


def _place_lists(
    where: Where, shape: int, x0: int, y0: int, h: int, first: int
) -> tuple[list[Place | None], list[Place | None]]:
    """One chunk of a grid's frame (`state._Grid.spot_bytes`), per rotation
    of a card shape: a position's number in the chunk (1-255) -> the Place
    action there (index 0 unused)."""
    rotations = CARD_SHAPES[shape][2]
    pairs = _PAIRS[(where, rotations)]
    out: tuple[list[Place | None], list[Place | None]] = ([None], [None])
    for i in range(first, first + _CHUNK):
        x, y = x0 + i // h, y0 + i % h
        got = pairs.get((x, y))
        if got is None:
            if cards.on_grid(x, y):
                k = cards.key(x, y)
                got = tuple(_place(where, k, r) for r in rotations)
            else:
                got = tuple(Place(where, x, y, r) for r in rotations)
            pairs[(x, y)] = got
        out[0].append(got[0])
        out[1].append(got[1])
    return out


#: (where, rotations) -> (x, y) -> the Place actions of a card shape there
_PAIRS: dict[tuple[Where, tuple[int, int]], dict[tuple[int, int], tuple[Place, ...]]] = {
    (where, rotations): {} for where in Where for _, _, rotations in CARD_SHAPES
}


def _tables(grid, where: Where, chunks: int) -> tuple[tuple[tuple[list, list], ...], ...]:
    """Per card shape, `_place_lists` per chunk of `grid`'s frame (kept in
    the frame's memo).

    The memo is shared by every grid of the frame, in every thread (a bot
    thinks in a worker thread while the screen lists the same table's
    actions), so it is never changed in place: chunk `j` is built from `j`
    and the longer tables replace the kept ones in one store. (Appended in
    place, two threads both found no chunk 0 and both appended theirs:
    chunk 1 was then chunk 0's table, and a spot past position 255 of the
    frame was listed as one 255 positions earlier; or one shape's chunk
    was still missing when another thread read it.)"""
    got = grid.memo.get(where)
    if got is None or len(got[0]) < chunks:
        kept = got or ((), ())
        got = grid.memo[where] = tuple(
            tables
            + tuple(
                _place_lists(where, shape, grid.x0, grid.y0, grid.h, j * _CHUNK)
                for j in range(len(tables), chunks)
            )
            for shape, tables in enumerate(kept)
        )
    return got


# ---------------------------------------------------------------------------
# Numbers a player (and a screen) reads off the table.


@cache
def schedule(players: int, solo: bool, forklifts: bool) -> tuple[tuple[str, int], ...]:
    """OS §Setup: the order of the deal, one CHANCE step each.

    Six cards to each hand (round the table), the popularity card, one
    warehouse card each, then (Industrial Mechanisation) one forklift per
    player. Solo (OS-8): the bot gets no hand (its deck is drawn when it
    plays) and no warehouse card. Entries: ("hand", seat), ("popularity",
    -1), ("warehouse", seat), ("forklift", -1).
    """
    dealt_to = (0,) if solo else tuple(range(players))
    out: list[tuple[str, int]] = []
    for _ in range(HAND_SIZE):
        out.extend(("hand", s) for s in dealt_to)
    out.append(("popularity", -1))
    out.extend(("warehouse", s) for s in dealt_to)
    if forklifts:
        out.extend(("forklift", -1) for _ in range(players))
    return tuple(out)


def piece_in_hand(state: State) -> tuple[Piece, int] | None:
    """The piece the seat in turn is placing (phase PLACE or FORKLIFT)."""
    seat = state.turn
    if seat is None:
        return None
    if state.phase is _PLACE:
        if state.quantum is not None:
            return _QUANTUM_PIECE, state.quantum
        pick = state.seats[seat].pick
        return None if pick is None else (_CRATE, pick)
    if state.phase is _FORKLIFT_PHASE and state.forklift_supply:
        return _FORKLIFT_PIECE, state.forklift_supply[0]
    return None


def area_of(state: State, seat: int, where: Where) -> Area:
    return state.popularity if where is _POPULARITY else state.seats[seat].warehouse


def bot_slots(state: State) -> tuple[tuple[int, int], ...]:
    """Solo: the card slots (column, row) of the bot's cards."""
    return tuple((p.x // 3, p.y // 2) for p in state.seats[1].warehouse.placed)


def bot_spots(state: State) -> tuple[tuple[int, int], ...]:
    """Solo (OS §Bot Turn, OS-8, OS-19): the empty slots beside a bot card
    that keep a 3x2 block possible, in reading order."""
    slots = set(bot_slots(state))
    if not slots:
        return ((0, 0),)
    out = set()
    for c, r in slots:
        for spot in ((c + 1, r), (c - 1, r), (c, r + 1), (c, r - 1)):
            if spot in slots:
                continue
            cols = [s[0] for s in slots] + [spot[0]]
            rows = [s[1] for s in slots] + [spot[1]]
            w = max(cols) - min(cols) + 1
            h = max(rows) - min(rows) + 1
            a, b = BOT_BLOCK
            if (w <= a and h <= b) or (w <= b and h <= a):
                out.add(spot)
    return tuple(sorted(out, key=lambda s: (s[1], s[0])))


def _forklift_positions(area: Area) -> tuple[tuple[int, int], ...]:
    """(top-left key, rotation) where a forklift may lie (OS-16): covering 1
    or 2 toy spaces like a card, never a worker or a forklift."""
    cells = area.cells
    out = []
    for rotation in (0, 1):
        w, h = cards.size(_FORKLIFT_PIECE, rotation)
        offsets = cards.footprint(w, h)
        seen: set[int] = set()
        for k, ch in cells.items():
            if ch not in COVERABLE:
                continue
            for off in offsets:
                p = k - off
                if p in seen:
                    continue
                seen.add(p)
                toys = 0
                for o in offsets:
                    c = cells.get(p + o)
                    if c is None:
                        continue
                    if c in BLOCKED:
                        toys = -1
                        break
                    if c in COVERABLE:
                        toys += 1
                if toys in (1, 2):
                    out.append((p, rotation))
    out.sort()
    return tuple(out)


def _card_places(area: Area, where: Where) -> tuple[Place, ...]:
    """The legal Place actions of a card in `area` (OS-3), by key: every
    spot lying across, then every spot lying down (kept with the area)."""
    cache = area._actions
    got = cache.get(where)
    if got is None:
        grid = area._grid
        across, down, chunks = grid.spot_bytes()
        tables = _tables(grid, where, chunks)
        if chunks == 1:
            parts = [
                (across.translate(None, _ZERO), tables[0][0]),
                (down.translate(None, _ZERO), tables[1][0]),
            ]
        else:
            parts = [
                (data[j * _CHUNK : (j + 1) * _CHUNK].translate(None, _ZERO), tables[shape][j])
                for shape, data in enumerate((across, down))
                for j in range(chunks)
            ]
        # each spot's two rotations side by side, in slices (C speed)
        out: list[Place | None] = [None] * (2 * sum([len(numbers) for numbers, _ in parts]))
        end = 0
        for numbers, (first, second) in parts:
            n = len(numbers)
            if n > 1:
                pick = itemgetter(*numbers)
                out[end : end + 2 * n : 2] = pick(first)
                out[end + 1 : end + 2 * n : 2] = pick(second)
            elif n:
                out[end] = first[numbers[0]]
                out[end + 1] = second[numbers[0]]
            end += 2 * n
        got = cache[where] = tuple(out)  # type: ignore[arg-type]
    return got


_ZERO = b"\0"


def placements(state: State, seat: int) -> tuple[Place, ...]:
    """Every legal Place of the piece in hand for `seat` (OS-3): the
    popularity's first, then the warehouse's."""
    if state.phase is _FORKLIFT_PHASE:
        wh = state.seats[seat].warehouse
        return tuple(_place(_WAREHOUSE, k, r) for k, r in _forklift_positions(wh))
    # the areas' kept lists read here (the usual case), `_card_places` else
    shared = state.popularity._actions.get(_POPULARITY)
    if shared is None:
        shared = _card_places(state.popularity, _POPULARITY)
    warehouse = state.seats[seat].warehouse
    own = warehouse._actions.get(_WAREHOUSE)
    if own is None:
        own = _card_places(warehouse, _WAREHOUSE)
    return shared + own


def _can_place_card(state: State, seat: int) -> bool:
    return state.popularity.any_card_fits or state.seats[seat].warehouse.any_card_fits


# ---------------------------------------------------------------------------
# The protocol.


def setup(players: int, options: Options | None = None) -> State:
    """OS §Setup: nothing random has happened yet; CHANCE deals next."""
    options = options or Options()
    if options.solo:
        extras = [
            name
            for name, on in (
                ("the advanced variant", options.advanced),
                ("Pre-Order Incentives", options.incentives),
                ("Industrial Mechanisation", options.forklifts),
                ("Quantum Accounting", options.quantum),
            )
            if on
        ]
        if extras:
            raise IllegalAction(
                "The solo mode cannot be used with any of the expansions or the "
                f"advanced variant (asked for {', '.join(extras)})."
            )
        if players != 2:
            raise IllegalAction(
                "Solo is played at 2 seats: you, and the bot in the second seat "
                "(house ruling OS-19)."
            )
    if players not in PLAYERS:
        raise IllegalAction(f"Overstocked is for 2 to 6 players (or solo), not {players}.")
    incentives: tuple[Incentive, ...] = ()
    if options.incentives:
        # OS §Pre-Order Incentives: the four toy tokens; all six at 5-6 players.
        incentives = tuple(Incentive) if players >= 5 else tuple(Incentive)[:4]
    return State(
        players=players,
        options=options,
        seats=tuple(Player() for _ in range(players)),
        phase=_DEAL,
        deck=NUMBERS,
        quantum_supply=QUANTUM_NUMBERS if options.quantum else (),
        incentive_supply=incentives,
        forklift_pool=FORKLIFT_VALUES if options.forklifts else (),
        bot_deck=HAND_SIZE if options.solo else 0,
    )


def to_act(state: State) -> frozenset[int]:
    phase = state.phase
    if phase is _PLACE:
        return _ONE[state.order[0]]
    if phase is _PICK:
        # the seats still to choose, looked up by who has chosen
        picked = tuple(map(_PICKED, state.seats))
        found = _WAITING.get(picked)
        if found is None:
            found = _WAITING[picked] = (
                frozenset(compress(range(len(picked)), map(not_, picked))) or _NOBODY
            )
        return found
    if phase is _DEAL:
        return _CHANCE_SET
    if phase in _TURN_PHASES:
        return _ONE[state.order[0]]
    if phase in _CHANCE_PHASES:
        return _CHANCE_SET
    if phase is _NOMINATE:
        return _ONE[0]
    return _NOBODY


def chance_outcomes(state: State) -> tuple[tuple[object, float], ...]:
    phase = state.phase
    if phase not in _CHANCE_PHASES:
        return ()
    if phase is _DEAL and state.options.forklifts and _entry(state)[0] == "forklift":
        pool = state.forklift_pool
        p = 1 / len(pool)
        return tuple((DrawForklift(v), p) for v in pool)
    # A view holds None for unknown cards: its belief is the unseen pool.
    pool = state.deck if state.unseen is None else state.unseen
    if not pool:
        return ()
    # every crate card is unique: each is drawn with probability 1 / len(pool)
    return tuple(map(_DEAL_ODDS[len(pool)].__getitem__, pool))


def chance_pool(state: State) -> tuple[tuple[int | None, ...], dict[int, Deal]] | None:
    """A crate card off the deck as `core.playout.even_draw` reads it: the
    pool `chance_outcomes` lists, each card's Deal with probability 1 / its
    size, in order (so a playout need not list them); None for a forklift
    draw and outside the deal and the bot's draw."""
    phase = state.phase
    if phase is _DEAL:
        if state.options.forklifts and _entry(state)[0] == "forklift":
            return None
    elif phase is not _BOT_DRAW:
        return None
    return (state.deck if state.unseen is None else state.unseen), _DEALS


def _entry(state: State) -> tuple[str, int]:
    o = state.options
    return schedule(state.players, o.solo, o.forklifts)[state.dealt]


def legal_actions(state: State, seat: int) -> tuple[object, ...]:
    phase = state.phase
    if phase is _PLACE:
        if seat != state.order[0]:
            return ()
        return placements(state, seat) or (_PASS,)
    if phase is _PICK:
        player = state.seats[seat] if 0 <= seat < state.players else None
        if player is None or player.picked:
            return ()
        hand = player.hand
        if hand and hand[0] is None:  # a view of another seat's hand
            return ()
        return tuple(map(_PICKS.__getitem__, hand))
    if phase is _NOMINATE:
        if seat != 0:
            return ()
        return tuple(Nominate(c, r) for c, r in bot_spots(state))
    if phase not in _TURN_PHASES or seat != state.order[0]:
        return ()
    if phase is _PLACE:
        return placements(state, seat) or (_PASS,)
    if phase is _QUANTUM_PHASE:
        return tuple(ChooseQuantum(q) for q in state.quantum_supply)
    if phase is _MARK:
        return tuple(Mark(t) for t in TOYS if t not in state.marks)
    if phase is _FORKLIFT_PHASE:
        return placements(state, seat) + (_PASS,)
    # _INCENTIVE
    return tuple(TakeIncentive(t) for t in state.incentive_supply) + (_PASS,)


def apply(state: State, seat: int, action: object) -> State:
    """Apply one action; raises IllegalAction with a reason a person can read."""
    phase = state.phase
    if phase is _PLACE and action.__class__ is Place and seat == state.order[0]:
        return _place_card(state, seat, action)  # the usual case, checked there
    if phase is _OVER:
        raise IllegalAction("The game is over.")
    if seat == CHANCE:
        return _apply_chance(state, action)
    if phase is _PICK and 0 <= seat < state.players and not state.seats[seat].picked:
        if action.__class__ is not Pick or action.card not in state.seats[seat].hand:
            raise IllegalAction("Choose one of the cards in your hand.")
        return _pick(state, seat, action.card)
    if seat not in to_act(state):
        if phase in _CHANCE_PHASES:
            raise IllegalAction("Wait: a card is being dealt.")
        if phase is _PICK:
            raise IllegalAction("You have already chosen your card this round.")
        raise IllegalAction("It is not your turn.")
    if phase is _PICK:
        if not isinstance(action, Pick) or action.card not in state.seats[seat].hand:
            raise IllegalAction("Choose one of the cards in your hand.")
        return _pick(state, seat, action.card)
    if phase is _PLACE:
        if isinstance(action, Place):
            return _place_card(state, seat, action)
        if isinstance(action, Pass):
            if _can_place_card(state, seat):
                raise IllegalAction("Your card fits somewhere: you must place it.")
            return _unplaceable(state, seat)
        raise IllegalAction("Place your card in the popularity or your warehouse.")
    if phase is _QUANTUM_PHASE:
        if not isinstance(action, ChooseQuantum) or action.card not in state.quantum_supply:
            raise IllegalAction("Choose one of the quantum crate cards in the centre.")
        return _choose_quantum(state, seat, action.card)
    if phase is _MARK:
        if not isinstance(action, Mark) or action.toy not in TOYS or action.toy in state.marks:
            raise IllegalAction("Put an X next to a toy that has none yet.")
        state = evolve(state, marks=state.marks + (action.toy,), marking=None)
        return _after_place(state, seat)
    if phase is _FORKLIFT_PHASE:
        if isinstance(action, Pass):
            return _offer_incentive(state, seat)
        if not isinstance(action, Place):
            raise IllegalAction("Place the forklift in your warehouse, or pass.")
        return _place_forklift(state, seat, action)
    if phase is _INCENTIVE:
        if isinstance(action, Pass):
            return _end_turn(state)
        if not isinstance(action, TakeIncentive) or action.token not in state.incentive_supply:
            raise IllegalAction("Take one of the incentive tokens in the centre, or pass.")
        player = evolve(state.seats[seat], incentive=action.token)
        state = _set_player(state, seat, player)
        state = evolve(state, incentive_supply=remove_one(state.incentive_supply, action.token))
        return _end_turn(state)
    # _NOMINATE
    if not isinstance(action, Nominate) or (action.column, action.row) not in bot_spots(state):
        raise IllegalAction(
            "Nominate an empty spot beside one of the bot's cards that keeps a 3x2 block possible."
        )
    return evolve(state, nominated=(action.column, action.row), phase=_BOT_DRAW)


# ---------------------------------------------------------------------------
# Chance.


def _apply_chance(state: State, action: object) -> State:
    phase = state.phase
    if phase not in _CHANCE_PHASES:
        raise IllegalAction("Nothing is being dealt now.")
    o = state.options
    plan = schedule(state.players, o.solo, o.forklifts)
    kind, seat = plan[state.dealt] if phase is _DEAL else ("bot", 1)
    if kind == "forklift":
        if not isinstance(action, DrawForklift) or action.value not in state.forklift_pool:
            raise IllegalAction("That forklift token cannot be drawn now.")
        supply = tuple(sorted(state.forklift_supply + (action.value,), reverse=True))
        state = evolve(
            state,
            forklift_supply=supply,
            forklift_pool=remove_one(state.forklift_pool, action.value),
        )
        return _next_deal(state)
    deck = state.deck
    card = getattr(action, "card", "?")
    try:
        if action.__class__ is not Deal and not isinstance(action, Deal):
            raise ValueError
        # the deck is ascending: a bisection first (a view's Nones, or a
        # card that is not an int, fall back on the search)
        try:
            i = bisect_left(deck, card)
        except TypeError:
            i = -1
        if i < 0 or i >= len(deck) or deck[i] != card:
            i = deck.index(card)
    except ValueError:
        raise IllegalAction(f"Card {card} cannot be dealt now.") from None
    deck = deck[:i] + deck[i + 1 :]
    if phase is _BOT_DRAW:
        return _bot_card(evolve(state, deck=deck), card)
    dealt = state.dealt + 1
    if kind == "hand":
        # `_set_player` and `evolve` written out: a deal is a third of a playout
        seats = state.seats
        player = seats[seat]
        hand = player.hand
        i = bisect_left(hand, card)
        mine = player.__dict__.copy()
        mine["hand"] = hand[:i] + (card,) + hand[i:]
        player = _new_object(Player)
        _set_attribute(player, "__dict__", mine)
        fields = state.__dict__.copy()
        fields["seats"] = seats[:seat] + (player,) + seats[seat + 1 :]
        fields["deck"] = deck
        fields["dealt"] = dealt
        state = _new_object(State)
        _set_attribute(state, "__dict__", fields)
        if dealt < len(plan):
            return state
        return _deal_done(state)
    if kind == "popularity":
        state = evolve(state, popularity=_first_card(card), deck=deck, dealt=dealt)
    else:
        player = evolve(state.seats[seat], warehouse=_first_card(card))
        state = _set_player(state, seat, player, deck=deck, dealt=dealt)
    return _deal_done(state)


@cache
def _first_card(card: int) -> Area:
    """An area that starts with `card` at (0, 0), rotation 0 (shared: areas
    are immutable)."""
    return Area().add(Placed(_CRATE, card, 0, 0, 0))


def _next_deal(state: State) -> State:
    return _deal_done(evolve(state, dealt=state.dealt + 1))


def _deal_done(state: State) -> State:
    """After each step of the deal: the first round once it is complete."""
    o = state.options
    if state.dealt < len(schedule(state.players, o.solo, o.forklifts)):
        return state
    if o.solo:
        # OS §Solo Setup: 2 points for the bot per card 1-20 in your hand.
        state = evolve(state, bot_bonus=scoring.bot_bonus(state.seats[0].hand))
    return _new_round(state)


def _bot_card(state: State, card: int) -> State:
    """OS §Bot Turn: the bot deck's top card goes in the nominated spot, in
    the same orientation as the bot's other cards (OS-8: the first card
    starts the warehouse)."""
    column, row = state.nominated or (0, 0)
    bot = state.seats[1]
    placed = Placed(_CRATE, card, 3 * column, 2 * row, 0)
    state = _set_player(state, 1, evolve(bot, warehouse=bot.warehouse.add(placed)))
    state = evolve(state, bot_deck=state.bot_deck - 1, nominated=None)
    return _new_round(state)


# ---------------------------------------------------------------------------
# Rounds and turns.


def _new_round(state: State) -> State:
    """OS §Gameplay: six rounds, then the game ends."""
    if state.round >= ROUNDS:
        return evolve(state, phase=_OVER, order=())
    seats = tuple(map(_fresh, state.seats))
    if state.options.solo:
        # The bot never picks: it plays from its deck (OS-19).
        seats = (seats[0], evolve(seats[1], picked=True))
    return evolve(state, seats=seats, round=state.round + 1, phase=_PICK, order=(), revealed=())


def _fresh(player: Player) -> Player:
    """`player` at the start of a round: no card chosen."""
    mine = player.__dict__.copy()
    mine.update(_FRESH)
    player = _new_object(Player)
    _set_attribute(player, "__dict__", mine)
    return player


_FRESH = {"picked": False, "pick": None}


def _pick(state: State, seat: int, card: int) -> State:
    """OS §Gameplay: a card chosen face down; OS-12: all revealed together."""
    seats = state.seats
    player = seats[seat]
    hand = player.hand
    i = hand.index(card)
    mine = player.__dict__.copy()
    mine["hand"] = hand[:i] + hand[i + 1 :]
    mine["pick"] = card
    mine["picked"] = True
    player = _new_object(Player)
    _set_attribute(player, "__dict__", mine)
    seats = seats[:seat] + (player,) + seats[seat + 1 :]
    for p in seats:
        if not p.picked:
            fields = state.__dict__.copy()
            fields["seats"] = seats
            state = _new_object(State)
            _set_attribute(state, "__dict__", fields)
            return state
    # Reveal: turns in ascending card number.
    turns = sorted([(p.pick, s) for s, p in enumerate(seats) if p.pick is not None])
    order = tuple([s for _, s in turns])
    # OS §Quantum Accounting: the lowest card is swapped for a quantum card.
    phase = _QUANTUM_PHASE if state.options.quantum and state.quantum_supply else _PLACE
    revealed = tuple([(s, c) for c, s in turns])
    return evolve(state, seats=seats, order=order, revealed=revealed, phase=phase)


def _choose_quantum(state: State, seat: int, number: int) -> State:
    player = state.seats[seat]
    assert player.pick is not None
    state = evolve(
        state,
        boxed=sorted_tuple(state.boxed + (player.pick,)),
        quantum=number,
        quantum_supply=remove_one(state.quantum_supply, number),
        phase=_PLACE,
    )
    return _set_player(state, seat, evolve(player, pick=None))


def _place_card(state: State, seat: int, action: Place) -> State:
    """OS §Gameplay, OS-3: covering 1 or 2 toy spaces, no worker, any
    rotation, overhanging freely."""
    where = action.where
    seats = state.seats
    player = seats[seat]
    if where is _POPULARITY:
        area = state.popularity
    elif where is _WAREHOUSE:
        area = player.warehouse
    else:
        raise IllegalAction("Place your card in the popularity or your warehouse.")
    rotation = action.rotation
    if rotation not in (0, 1, 2, 3):
        raise IllegalAction("A card turns in quarter turns: rotation 0 to 3.")
    x, y = action.x, action.y
    grid = area._grid
    x0 = grid.x0
    y0 = grid.y0
    h = grid.h
    if (
        x.__class__ is int
        and y.__class__ is int
        and rotation.__class__ is int
        and x >= x0
        and y0 <= y < y0 + h
    ):
        # `Area.card_fits` written out for ints inside the frame
        count = (grid.packed >> ((((x - x0) * h + y - y0) << 4) + ((rotation & 1) << 3))) & 255
        fits = (count == 1 or count == 2) and -_REACH <= x <= _REACH and -_REACH <= y <= _REACH
    else:
        fits = area.card_fits(x, y, rotation)
    if not fits:
        why = area.why_not(x, y, rotation)
        raise IllegalAction(f"The card cannot go there: it {why}.")
    if x.__class__ is not int or y.__class__ is not int or rotation.__class__ is not int:
        x, y, rotation = int(x), int(y), int(rotation)  # equal to them (card_fits)
    number = state.quantum
    if number is not None:
        piece = _QUANTUM_PIECE
    else:
        number = player.pick
        assert number is not None
        piece = _CRATE
    placed = _PLACED.get((action, number, piece))
    if placed is None:
        if len(_PLACED) >= _PLACED_CACHE:
            _PLACED.clear()
        placed = _PLACED[(action, number, piece)] = Placed(piece, number, x, y, rotation)
    # `Area.add` written out
    pieces = area.placed + (placed,)
    grid = grid.added(placed, pieces)
    area = Area(pieces)
    _set_attribute(area, "_grid", grid)
    _set_attribute(area, "_actions", {})
    o = state.options
    if piece is _CRATE and not (o.forklifts or o.incentives or o.solo):
        # The standard game: the turn ends (one step, the playouts' hot path;
        # `evolve` written out).
        fields = state.__dict__.copy()
        mine = player.__dict__.copy()
        mine["pick"] = None
        if where is _POPULARITY:
            fields["popularity"] = area
        else:
            mine["warehouse"] = area
        order = fields["order"] = state.order[1:]
        if not order:
            # the round ends: `_new_round` in the same copy
            if state.round >= ROUNDS:
                fields["phase"] = _OVER
            else:
                mine["picked"] = False
                fields["round"] = state.round + 1
                fields["phase"] = _PICK
                fields["revealed"] = ()
                seats = tuple(map(_fresh, seats))
        player = _new_object(Player)
        _set_attribute(player, "__dict__", mine)
        fields["seats"] = seats[:seat] + (player,) + seats[seat + 1 :]
        state = _new_object(State)
        _set_attribute(state, "__dict__", fields)
        return state
    if piece is _QUANTUM_PIECE:
        state = evolve(state, quantum=None)
        if where is _POPULARITY:
            state = evolve(state, popularity=area)
        else:
            state = _set_player(state, seat, evolve(player, warehouse=area))
        if cards.has_x(number) and len(state.marks) < len(TOYS):
            return evolve(state, phase=_MARK, marking=number)
        return _after_place(state, seat)
    if where is _POPULARITY:
        state = _set_player(state, seat, evolve(player, pick=None), popularity=area)
    else:
        state = _set_player(state, seat, evolve(player, pick=None, warehouse=area))
    return _after_place(state, seat)


def _unplaceable(state: State, seat: int) -> State:
    """OS-13: a card that fits nowhere goes back to the box."""
    player = state.seats[seat]
    if state.quantum is not None:
        state = evolve(state, quantum=None)
    elif player.pick is not None:
        state = evolve(state, boxed=sorted_tuple(state.boxed + (player.pick,)))
        state = _set_player(state, seat, evolve(player, pick=None))
    return _end_turn(state)


def _after_place(state: State, seat: int) -> State:
    """OS-14: after placing, the forklift (if offered), then an incentive."""
    player = state.seats[seat]
    if (
        state.options.forklifts
        and player.forklift is None
        and state.forklift_supply
        and _forklift_positions(player.warehouse)
    ):
        return evolve(state, phase=_FORKLIFT_PHASE)
    return _offer_incentive(state, seat)


def _offer_incentive(state: State, seat: int) -> State:
    if state.options.incentives and state.seats[seat].incentive is None and state.incentive_supply:
        return evolve(state, phase=_INCENTIVE)
    return _end_turn(state)


def _place_forklift(state: State, seat: int, action: Place) -> State:
    """OS §Industrial Mechanisation, OS-16: the top forklift, placed like a
    card in one's own warehouse."""
    player = state.seats[seat]
    if action.where is not _WAREHOUSE:
        raise IllegalAction("A forklift goes in your own warehouse.")
    if not cards.on_grid(action.x, action.y) or (
        cards.key(action.x, action.y),
        action.rotation,
    ) not in _forklift_positions(player.warehouse):
        why = player.warehouse.why_not(action.x, action.y, action.rotation, _FORKLIFT_PIECE)
        raise IllegalAction(f"The forklift cannot go there: it {why or 'is not a legal spot'}.")
    value = state.forklift_supply[0]
    placed = Placed(_FORKLIFT_PIECE, value, action.x, action.y, action.rotation)
    player = evolve(player, warehouse=player.warehouse.add(placed), forklift=value)
    state = evolve(_set_player(state, seat, player), forklift_supply=state.forklift_supply[1:])
    return _offer_incentive(state, seat)


def _end_turn(state: State) -> State:
    order = state.order[1:]
    if state.options.solo:
        # OS §Solo Overview: your turn, then the bot's.
        phase = _NOMINATE if state.seats[1].warehouse.placed else _BOT_DRAW
        return evolve(state, order=order, phase=phase)
    if order:
        return evolve(state, order=order, phase=_PLACE)
    return _new_round(evolve(state, order=order))


def _set_player(state: State, seat: int, player: Player, **changes: object) -> State:
    """`state` with `player` in `seat`, and any other `changes`, in one step."""
    seats = state.seats[:seat] + (player,) + state.seats[seat + 1 :]
    return evolve(state, seats=seats, **changes)


# ---------------------------------------------------------------------------
# Views, outcome and the table's log.


def view(state: State, seat: int | None) -> State:
    """What `seat` may know (None: a spectator). Other hands, other secret
    picks (before the reveal) and the deck are None; `unseen` pools them
    all, so nothing follows by subtraction. Solo: the bot's bonus, counted
    from the player's hand, is 0 in every view but the player's until the
    game ends."""
    unseen: list[int] = list(state.unseen or ())
    secret_picks = state.phase is _PICK
    seats = []
    for s, p in enumerate(state.seats):
        if s == seat:
            seats.append(p)
            continue
        hand = p.hand
        pick = p.pick
        if hand and hand[0] is not None:
            unseen.extend(c for c in hand if c is not None)
            hand = (None,) * len(hand)
        if secret_picks and pick is not None:
            unseen.append(pick)
            pick = None
        seats.append(p if hand is p.hand and pick == p.pick else evolve(p, hand=hand, pick=pick))
    unseen.extend(c for c in state.deck if c is not None)
    bot_bonus = state.bot_bonus
    if state.options.solo and seat != 0 and state.phase is not _OVER:
        # OS §Solo Setup: the bot's 2 points per card 1-20 in the player's
        # hand would tell that hand; only the player sees it before the end
        # (the bot never decides, so it needs nothing).
        bot_bonus = 0
    return evolve(
        state,
        seats=tuple(seats),
        deck=(None,) * len(state.deck),
        bot_bonus=bot_bonus,
        unseen=sorted_tuple(unseen),
    )


def sheet(state: State, names: Sequence[str] | None = None) -> scoring.ScoreSheet:
    """The score sheet now (the live preview mid-game, the result at the end)."""
    return scoring.sheet(state, names)


def outcome(state: State) -> Outcome | None:
    """OS §Scoring, OS-10: the most points wins; a tie is a shared win. Solo:
    you win only by scoring more than the bot (seat 1)."""
    if state.phase is not _OVER:
        return None
    # Notes name seats by mark; the table fills in the players' names.
    result = scoring.sheet(state, names=[seat_mark(s) for s in range(state.players)])
    scores = tuple(s.total for s in result.seats)
    if state.options.solo:
        winners = frozenset({0}) if scores[0] > scores[1] else frozenset({1})
        # OS-10: a tie goes to the bot, so the player's score (the ranking,
        # Outcome.scores) is one below; the pad's Total keeps the points.
        ranked = standing_scores(scores, ((scores[0], 0), (scores[1], 1)))
    else:
        winners = winners_by(tuple((v,) for v in scores), range(state.players))
        ranked = scores
    return Outcome(
        scores=ranked,
        winners=winners,
        breakdown=breakdown(state, result),
        notes=result.notes + _result_notes(state, scores, winners),
        points=scores if ranked != scores else (),
    )


def results_tie_words(outcome: Outcome) -> str:
    """For the results' title, after "wins" (OS-10, solo): "Bot wins the tie
    at 17 (...)", in sight at 80x24 beside two equal totals (the note
    saying it was below the fold); "" when the points decided (a tie with
    several players is a shared win, said by the title's names)."""
    tied = outcome.tie_broken_at
    return "" if tied is None else f" the tie at {tied} (in a solo game, a tie goes to the bot)"


def breakdown(state: State, result: scoring.ScoreSheet) -> tuple[Category, ...]:
    """The score pad: per toy its two areas and points, then the extras."""
    n = state.players
    out: list[Category] = []
    for i, toy in enumerate(TOYS):
        out.append(Category(f"{toy.label} ({toy.value}): popularity", (result.popularity[i],) * n))
        out.append(
            Category(
                f"{toy.label} ({toy.value}): warehouse",
                tuple(s.toys[i].warehouse for s in result.seats),
            )
        )
        out.append(
            Category(
                f"{toy.label} ({toy.value}): points", tuple(s.toys[i].points for s in result.seats)
            )
        )
    o = state.options
    if o.incentives:
        out.append(Category("Incentive", tuple(s.incentive_points for s in result.seats)))
    if o.forklifts:
        out.append(Category("Forklift", tuple(s.forklift for s in result.seats)))
    if o.solo:
        out.append(Category("Bot: cards 1-20", tuple(s.bonus for s in result.seats)))
    out.append(Category("Total", tuple(s.total for s in result.seats)))
    return tuple(out)


def _result_notes(
    state: State, scores: tuple[int, ...], winners: frozenset[int]
) -> tuple[str, ...]:
    if state.options.solo:
        if 0 in winners:
            return ("You scored more than the bot: you win.",)
        if scores[0] == scores[1]:
            # in the pad's numbers: "your score is set one below the bot's"
            # spoke of the ranking (Outcome.scores), shown nowhere, beside
            # two equal Totals (a play-test)
            return (f"Tied at {scores[0]}: the bot wins, as you win only by scoring more "
                    "than the bot.",)
        return ("You did not score more than the bot: the bot wins.",)
    if len(winners) > 1:
        # The ruling in words, not only its number: a player does not know
        # OS-10 (a play-test read "a shared win (OS-10)" as unexplained).
        marks = [seat_mark(s) for s in sorted(winners)]
        tied = ", ".join(marks[:-1]) + " and " + marks[-1]
        best = scores[min(winners)]
        return (f"{tied} tie for the most points ({best}): the rules name no tie-break, "
                "so they share the win (house ruling OS-10).",)
    return ()


def _covering(under: Sequence[str | None]) -> str:
    """ ", covering 1 Furball and 1 quantum crate": how many toy spaces are
    covered (OS §Gameplay: one or two), and of which toys, so the log says
    what a placement did without coordinates ("covering Bean Bears" did not
    say how many; "2 Yo-yos spaces" read wrong). As short as it says it:
    the 80x24 recap is a few rows."""
    toys = [c for c in under if c is not None and (c in "PFYB" or c == cards.QUANTUM)]
    if not toys:
        return ""

    def name(c: str, n: int) -> str:
        if c == cards.QUANTUM:
            return f"{n} quantum crate{'s' if n > 1 else ''}"
        toy = cards.Toy(c)
        return f"{n} {toy.label if n > 1 else toy.adjective}"

    if len(set(toys)) == 1:
        return f", covering {name(toys[0], len(toys))}"
    return f", covering {' and '.join(name(c, 1) for c in toys)}"


#: a third of an area's cards, across and down, in words
_ACROSS = ("left", "", "right")
_DOWNWARD = ("top", "", "bottom")


def _where_covered(area: Area, spots: Sequence[tuple[int, int]]) -> str:
    """ " at the top left": where the spaces `spots` lie among the area's
    cards, by thirds of the cards' width and height (" on the left", " at
    the bottom", " in the middle"); the board shows no coordinates."""
    bounds = area.bounds()
    if bounds is None or not spots:
        return ""
    x0, y0, x1, y1 = bounds

    def third(value: float, low: int, high: int) -> int:
        share = (value - low + 0.5) / (high - low + 1)
        return 0 if share < 1 / 3 else 2 if share > 2 / 3 else 1

    across = _ACROSS[third(sum(x for x, _ in spots) / len(spots), x0, x1)]
    down = _DOWNWARD[third(sum(y for _, y in spots) / len(spots), y0, y1)]
    if down:
        return f" at the {down}{' ' + across if across else ''}"
    return f" on the {across}" if across else " in the middle"


def describe(
    state: State,
    seat: int,
    action: object,
    names: Sequence[str] | None = None,
    viewer: int | None = None,
) -> str:
    """One log line for `action` applied to `state` by `seat`, worded for
    `viewer` (None: a spectator, who reads the public line). A card dealt to
    a hand is named only to that hand's seat; a card chosen in secret only
    to its chooser until every card is revealed (OS-12)."""
    name = _namer(state, names)

    def scored(s: int) -> str:
        # the final scores as the rest of the log words them: the reader
        # "you", the solo bot "the bot" (it read "Ann 2, Bram 8")
        if names is not None and s == viewer:
            return "you"
        return "the bot" if state.options.solo and s == 1 else name(s)

    if isinstance(action, DrawForklift):
        return f"A forklift worth {action.value} is turned face up."
    if isinstance(action, Deal):
        if state.phase is _BOT_DRAW:
            spot = state.nominated or (0, 0)
            code = cards.face_line(cards.face(_CRATE, action.card))
            if not state.seats[1].warehouse.placed:
                where = "starts its warehouse"
            else:  # named as the spot was offered (beside a bot card)
                # named as the board shows it, not by card numbers it never shows
                from core.overstocked.table_facts import bot_spot_words  # it reads the rules

                words = bot_spot_words(state, *spot)
                where = f"goes {words}" if words is not None else f"goes in slot {spot}"
            return _with_end(
                state, seat, action, f"The bot draws card {action.card} ({code}); it {where}.", scored
            )
        kind, target = _entry(state)
        if kind == "hand":
            if viewer == target:
                return f"{name(target)} is dealt card {action.card}."
            return f"{name(target)} is dealt a card."
        code = cards.face_line(cards.face(_CRATE, action.card))
        if kind == "popularity":
            return f"The popularity starts with card {action.card} ({code})."
        return f"{name(target)}'s warehouse starts with card {action.card} ({code})."
    if isinstance(action, Pick):
        if state.options.solo:
            return f"{name(seat)} plays card {action.card}."
        if viewer == seat:
            line = f"{name(seat)} chooses card {action.card}."
        else:
            line = f"{name(seat)} chooses a card."
        try:
            after = apply(state, seat, action)
        except IllegalAction:
            return line
        if after.order and not state.order:
            # the reader is "you" here too, as `second_person` words the rest
            def who(s: int) -> str:
                return "you" if names is not None and s == viewer else name(s)

            cards_ = ", ".join(f"{who(s)} {after.seats[s].pick}" for s in after.order)
            first = after.order[0]
            plays = "play" if who(first) == "you" else "plays"
            line += f" Cards revealed: {cards_}; {who(first)} {plays} first."
        return line
    who = name(state.turn if state.turn is not None else seat)
    if isinstance(action, ChooseQuantum):
        pick = state.seats[seat].pick
        x = " (with an X)" if cards.has_x(action.card) else ""
        return f"{who} boxes card {pick} and plays quantum card {action.card}{x} instead."
    if isinstance(action, Place):
        turn = {0: "", 1: ", turned a quarter", 2: ", turned half", 3: ", turned three quarters"}
        if state.phase is _FORKLIFT_PHASE:
            value = state.forklift_supply[0] if state.forklift_supply else "?"
            line = f"{who} takes the forklift worth {value} and places it in their warehouse."
        else:
            piece = piece_in_hand(state)
            what = (
                f"card {piece[1]}"
                if piece and piece[0] is _CRATE
                else (f"quantum card {piece[1]}" if piece else "a card")
            )
            into = state.popularity if action.where is _POPULARITY else None
            if into is None:
                into = state.seats[state.turn if state.turn is not None else seat].warehouse
            area = "the popularity" if action.where is _POPULARITY else "their warehouse"
            kind = piece[0] if piece else _CRATE
            under = into.covered(action.x, action.y, action.rotation, kind)
            covering = _covering(under)
            if covering:  # and where those toys lie among the area's cards
                w, h = cards.size(kind, action.rotation)
                spots = [(action.x + dx, action.y + dy) for dx in range(w) for dy in range(h)]
                # (`covered` lists the spaces column by column, as here)
                toys = [xy for xy, c in zip(spots, under, strict=True)
                        if c is not None and c in COVERABLE]
                covering += _where_covered(into, toys)
            line = f"{who} places {what} in {area}{turn.get(action.rotation, '')}{covering}."
        return _with_end(state, seat, action, line, scored)
    if isinstance(action, Mark):
        return _with_end(
            state,
            seat,
            action,
            f"{who} marks {action.toy.label} ({action.toy.value}) with an X.",
            scored,
        )
    if isinstance(action, TakeIncentive):
        return _with_end(
            state, seat, action, f"{who} takes the {action.token.label} incentive.", scored
        )
    if isinstance(action, Pass):
        if state.phase is _FORKLIFT_PHASE:
            line = f"{who} takes no forklift."
        elif state.phase is _INCENTIVE:
            line = f"{who} takes no incentive."
        else:
            line = f"{who}'s card fits nowhere and goes back to the box."
        return _with_end(state, seat, action, line, scored)
    if isinstance(action, Nominate):
        from core.overstocked.table_facts import bot_spot_words  # it reads the rules

        words = bot_spot_words(state, action.column, action.row)
        where = (f"the spot {words}" if words is not None
                 else f"slot ({action.column}, {action.row})")
        return f"{name(0)} nominates {where} for the bot's next card."
    return f"{who}: {action}"


def _namer(state: State, names: Sequence[str] | None):
    def name(seat: int | None) -> str:
        if seat is None:
            return "?"
        if names is not None and seat < len(names):
            return names[seat]
        if state.options.solo and seat == 1:
            return "The bot"
        return f"Player {seat + 1}"

    return name


def _with_end(state: State, seat: int, action: object, line: str, scored) -> str:
    """Append the final scores when this action ends the game."""
    try:
        after = apply(state, seat, action)
    except IllegalAction:
        return line
    if after.phase is not _OVER:
        return line
    # the points as counted (Outcome.scores is the ranking, OS-10)
    totals = [s.total for s in scoring.sheet(after).seats]
    scores = ", ".join(f"{scored(s)} {v}" for s, v in enumerate(totals))
    return f"{line} The game is over: {scores}."


__all__ = [
    "ID",
    "PLAYERS",
    "RULES_VERSION",
    "TITLE",
    "Toy",
    "apply",
    "bot_spots",
    "chance_outcomes",
    "chance_pool",
    "describe",
    "legal_actions",
    "outcome",
    "placements",
    "schedule",
    "setup",
    "sheet",
    "to_act",
    "view",
]
