"""An action that only compares equal to a listed one is refused, or taken
as the listed one (DESIGN: `apply` raises IllegalAction with a reason).

`Pick(1.0) == Pick(1)`, `Mark("P") == Mark(Toy.P)` for a str enum, and
`Ask(True) == Ask(1)`: a membership test lets such a look-alike through,
and a state that stored it as it came breaks later (a float where the rules
shift bits, a str where they read `.name`). The wire and the journals only
ever build actions of the exact types (tests/test_host_wire.py); this is
the rules' own guard, for anything that calls them directly. At decisions
of random playouts, every game and a spread of options, each look-alike of
a listed action (every int field as a float, a 0 or 1 as a bool, an enum as
its plain value, nested in the game's own attrs values) is either refused
with IllegalAction or gives exactly the state, types included, that the
listed action gives."""

from __future__ import annotations

import enum
import random
from typing import Any

import attrs
import pytest

from core import CHANCE, GAMES, IllegalAction
from core.playout import draw_chance

SEEDS = 2
#: decisions checked a playout (spread over it), listed actions a decision
DECISIONS = 40
ACTIONS = 4

TABLES = [
    ("boss-quest", 3, {}),
    ("boss-quest", 4, {"potions": True, "companions": True, "final_boss": True,
                       "bolder_knights": True, "ulul": "classic"}),
    ("boss-quest", 2, {"ulul": "night"}),
    ("boss-quest", 1, {}),
    ("overboss-duel", 2, {}),
    ("overboss-duel", 2, {"short_board": True}),
    ("overstocked", 3, {"advanced": True, "incentives": True, "forklifts": True,
                        "quantum": True}),
    ("overstocked", 2, {"solo": True}),
    ("overseers", 3, {}),
    ("overseers", 6, {"alternate_draft": True}),
]


def typed(value: Any) -> Any:
    """`value` with every leaf's exact type beside it: equal only when the
    values and their types are the same (1.0 is not 1, "P" is not Toy.P)."""
    if attrs.has(value.__class__):
        return (value.__class__.__name__,
                tuple((f.name, typed(getattr(value, f.name))) for f in attrs.fields(value.__class__)))
    if isinstance(value, tuple | list):
        return (value.__class__.__name__, tuple(typed(v) for v in value))
    if isinstance(value, frozenset | set):
        return (value.__class__.__name__, tuple(sorted(repr(typed(v)) for v in value)))
    if isinstance(value, dict):
        return ("dict", tuple(sorted((repr(typed(k)), repr(typed(v))) for k, v in value.items())))
    return (value.__class__.__qualname__, repr(value))


def look_alikes(value: Any) -> list[Any]:
    """Values equal to `value` but of other types, one change each."""
    out: list[Any] = []
    if value.__class__ is int:
        out.append(float(value))
        if value in (0, 1):
            out.append(bool(value))
    elif isinstance(value, enum.Enum):
        if value == value.value:  # a str or int enum: its plain value compares equal
            out.append(value.value)
    elif isinstance(value, tuple):
        for i, item in enumerate(value):
            out += [value[:i] + (other,) + value[i + 1:] for other in look_alikes(item)]
    elif attrs.has(value.__class__):
        for f in attrs.fields(value.__class__):
            for other in look_alikes(getattr(value, f.name)):
                changed = object.__new__(value.__class__)
                for g in attrs.fields(value.__class__):
                    object.__setattr__(changed, g.name, getattr(value, g.name))
                object.__setattr__(changed, f.name, other)
                out.append(changed)
    return [v for v in out if v == value]


def options_of(game: Any, given: dict) -> Any:
    fields = {f.name: f for f in attrs.fields(game.Options)}
    made = {}
    for name, value in given.items():
        default = fields[name].default
        made[name] = type(default)(value) if isinstance(default, enum.Enum) else value
    return game.Options(**made)


@pytest.mark.parametrize(("game_id", "players", "options"), TABLES,
                         ids=[f"{g}-{p}-{i}" for i, (g, p, _) in enumerate(TABLES)])
def test_a_look_alike_of_a_listed_action_is_refused_or_taken_as_listed(game_id, players, options):
    game = GAMES[game_id]
    tried = 0
    for seed in range(SEEDS):
        rng = random.Random(f"{game_id}-{players}-{seed}")
        state = game.setup(players, options_of(game, options))
        steps = 0
        while seats := game.to_act(state):
            check = rng.random() < DECISIONS / 150
            for seat in sorted(seats):
                if seat == CHANCE:
                    listed = [draw_chance(game, state, rng)]
                else:
                    legal = game.legal_actions(state, seat)
                    listed = rng.sample(legal, min(ACTIONS, len(legal)))
                if not check:
                    continue
                for action in listed:
                    expected = typed(game.apply(state, seat, action))
                    for other in look_alikes(action):
                        tried += 1
                        try:
                            got = game.apply(state, seat, other)
                        except IllegalAction:
                            continue
                        assert typed(got) == expected, (game_id, seat, action, other)
            seat = min(seats)
            if seat == CHANCE:
                action = draw_chance(game, state, rng)
            else:
                action = rng.choice(game.legal_actions(state, seat))
            state = game.apply(state, seat, action)
            steps += 1
            assert steps < 5000
    assert tried > 20  # look-alikes were made and tried


def test_the_refusal_says_what_was_wrong():
    """A look-alike is refused with a sentence naming it, not a crash."""
    from core.overstocked.actions import Pick

    game = GAMES["overstocked"]
    state = game.setup(2, game.Options())
    rng = random.Random(5)
    while CHANCE in game.to_act(state):
        state = game.apply(state, CHANCE, draw_chance(game, state, rng))
    card = game.legal_actions(state, 0)[0].card
    with pytest.raises(IllegalAction, match=r"Pick\(card=\d+\.0\) holds a value of the wrong type"):
        game.apply(state, 0, Pick(float(card)))
    assert game.apply(state, 0, Pick(card)) != state


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_seat_the_table_does_not_have_is_refused_with_a_reason(game_id):
    """A seat written 1.0 or True (equal to 1, and a tuple index only as an
    int) is refused by apply and legal_actions; a view of a seat the table
    lacks (CHANCE included: it knows nothing of its own, and the rules'
    per-seat records read at -1 are the last seat's) is refused with a
    sentence, not an IndexError or TypeError from inside the rules."""
    game = GAMES[game_id]
    players = max(2, game.players.start)
    state = game.setup(players, game.Options())
    rng = random.Random(3)
    while CHANCE in game.to_act(state):
        state = game.apply(state, CHANCE, draw_chance(game, state, rng))
    seat = min(game.to_act(state))
    action = game.legal_actions(state, seat)[0]
    for odd in (float(seat), bool(seat) if seat in (0, 1) else float(seat), str(seat)):
        with pytest.raises(IllegalAction, match="no seat"):
            game.apply(state, odd, action)
    for odd in (players, 99, -3, CHANCE, float(seat), True, str(seat)):
        with pytest.raises(ValueError, match=f"no seat {odd!r} at a table of {players}"):
            game.view(state, odd)
    assert game.view(state, None) is not None and game.view(state, seat) is not None
    # legal_actions: a look-alike seat is refused (it was a TypeError from
    # inside the rules); a whole number not to act has nothing to do
    for odd in (float(seat), True if seat == 1 else float(seat), str(seat)):
        with pytest.raises(ValueError, match=f"no seat {odd!r}: a seat is a whole number"):
            game.legal_actions(state, odd)
    for idle in (CHANCE, players, 99):
        assert game.legal_actions(state, idle) == ()


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_table_of_look_alike_players_or_options_is_refused(game_id):
    """setup takes a whole number of players (True would be 1: a Solo Quest
    at Boss Quest's table) and options of their declared types (an option
    set to 1 or "yes" would be kept, and its match could not be saved and
    loaded again: the journal reads options exactly)."""
    game = GAMES[game_id]
    players = max(2, game.players.start)
    with pytest.raises(IllegalAction, match="whole number of players"):
        game.setup(float(players), game.Options())
    with pytest.raises(IllegalAction, match="whole number of players"):
        game.setup(True, game.Options())
    choice = next(f.name for f in attrs.fields(game.Options) if f.default.__class__ is bool)
    for odd in (1, "yes", None):
        with pytest.raises(IllegalAction, match="not .*'s options"):
            game.setup(players, attrs.evolve(game.Options(), **{choice: odd}))
    assert game.setup(players, None) == game.setup(players, game.Options())
