"""The rules-core protocol every game satisfies.

A game is a set of pure functions over immutable states (see
docs/architecture.md). Chance is a seat: when the next step is random,
`to_act` returns ``{CHANCE}`` and `chance_outcomes` lists what may happen;
the table (outside the core) samples one and `apply`s it like any action.
The core therefore never holds a random generator, a seed or a deck order.
"""

from __future__ import annotations

import enum
import functools
import re
import types
import typing
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Protocol, runtime_checkable

import attrs

from core.wording import one_stop, second_person

#: The seat that owns every random step (draws, deals, shuffles).
CHANCE = -1


class IllegalAction(ValueError):
    """An action the rules do not allow now; the message is for a player."""


@attrs.frozen
class Category:
    """One line of a score pad: a name and a value per seat."""

    name: str
    values: tuple[int, ...]


def row_changes(before: Sequence[Any], after: Sequence[Any]) -> tuple[tuple[tuple[str, int], ...], ...]:
    """What changed between two score pads, row by row: per seat, each
    row's name and its points after less before, in the pads' order (a row
    only one pad has counts from 0 in the other), the rows that did not
    change left out. A pad is rows of (name, a value per seat): `Category`
    or a pair. The recap since a player's last move says a move's score so
    ("Ann +5: Roads +1, Longest road +4"); the pads are the viewer's own
    views', so a score hidden from it stays out."""
    def rows(pad: Sequence[Any]) -> dict[str, tuple[int, ...]]:
        return {str(r.name if isinstance(r, Category) else r[0]):
                tuple(r.values if isinstance(r, Category) else r[1]) for r in pad}

    old, new = rows(before), rows(after)
    names = list(new) + [name for name in old if name not in new]
    seats = max((len(v) for v in (*old.values(), *new.values())), default=0)
    out = []
    for seat in range(seats):
        changes = []
        for name in names:
            was = old.get(name, ())
            now = new.get(name, ())
            delta = (now[seat] if seat < len(now) else 0) - (was[seat] if seat < len(was) else 0)
            if delta:
                changes.append((name, delta))
        out.append(tuple(changes))
    return tuple(out)


@attrs.frozen
class Outcome:
    """The end of a match.

    ``scores`` ranks the seats, one number each, higher is better: every
    winner's score is strictly above every non-winner's, and two seats share
    a score only when they share a place (a shared win, or non-winners tied
    on everything the rules rank by). It is the game's own points (Overboss
    Duel's and Overstocked's totals, Boss Quest's keys) wherever the points
    alone rank the seats as the rules do, so a results table shows it as
    "Score". Where a rule or tie-break beyond the points ranks a seat below
    another with as many points or fewer (OD-12's Tile Score, solo
    Overstocked's tie going to the bot, Boss Quest's hearts and its fallen
    knights, BQ-26), that seat's score is lowered to one below the seat
    ranked just above it (`standing_scores`), and a note says which rule
    decided.
    ``points`` are the game's own points as counted (keys, Power, a total),
    one per seat, what a results table shows beside the places; empty when
    they are ``scores`` (`Outcome.counted`). ``breakdown`` is the whole score
    pad, category by category, in the order a player reads it (a game whose
    categories add up includes its own total): it always keeps the points as
    counted. A screen that orders seats reads ``scores``; one that shows
    points reads ``counted``. ``winners`` may hold
    several seats (a shared win); ``notes`` are lines the score sheet shows
    verbatim (tie-breaks, choices the game made for a player).
    """

    scores: tuple[int, ...]
    winners: frozenset[int]
    breakdown: tuple[Category, ...] = ()
    #: a note names a seat as `seat_mark(seat)` ("{0}", "{1}"...): the core
    #: knows no names; `name_seats` fills them in at the table
    notes: tuple[str, ...] = ()
    #: the game's points per seat where they differ from `scores`
    points: tuple[int, ...] = ()

    @property
    def counted(self) -> tuple[int, ...]:
        """Each seat's points as the game counts them (shown as "Score")."""
        return self.points or self.scores

    @property
    def tie_broken_at(self) -> int | None:
        """The points a winner shares with a seat that did not win (a rule
        beyond the points decided, as OD-12's tile score), else None."""
        counted = self.counted
        won = {counted[s] for s in self.winners}
        lost = {points for s, points in enumerate(counted) if s not in self.winners}
        return max(won & lost, default=None)


def seat_mark(seat: int) -> str:
    """How an outcome's note names a seat, for `name_seats` to fill in."""
    return f"{{{seat}}}"


_SEAT_MARK = re.compile(r"\{(\d{1,6})\}")


def name_seats(note: str, names: Sequence[str]) -> str:
    """`note` with every `seat_mark` replaced by that seat's name, in one
    pass: a name that looks like a mark ("{1}") is never replaced again.
    A mark of no seat is left as it is."""

    def name(mark: re.Match[str]) -> str:
        seat = int(mark.group(1))
        return names[seat] if seat < len(names) else mark.group(0)

    return _SEAT_MARK.sub(name, note)


@runtime_checkable
class Game(Protocol):
    """What `core.GAMES` holds for each game (one object per game package)."""

    id: str
    title: str
    players: range
    #: attrs class whose defaults are the rulebook's standard game.
    Options: type
    #: attrs class of the full state (views are the same type).
    State: type
    #: every concrete action class, for (un)structuring journals.
    action_types: tuple[type, ...]
    #: rules version: bump when a rule change would replay old journals
    #: differently.
    rules_version: int

    def setup(self, players: int, options: Any) -> Any: ...

    def to_act(self, state: Any) -> frozenset[int]: ...

    def legal_actions(self, state: Any, seat: int) -> tuple[Any, ...]: ...

    def chance_outcomes(self, state: Any) -> tuple[tuple[Any, float], ...]: ...

    def apply(self, state: Any, seat: int, action: Any) -> Any: ...

    def view(self, state: Any, seat: int | None) -> Any: ...

    def outcome(self, state: Any) -> Outcome | None: ...

    def describe(
        self,
        state: Any,
        seat: int,
        action: Any,
        names: Sequence[str] | None = None,
        viewer: int | None = None,
    ) -> str:
        """One log line for `action`, applied by `seat` (CHANCE for a draw) to
        `state` (the state before it), worded for `viewer`.

        `names` are the seats' names (None: the game's "Knight 1"...).
        `viewer` is the seat that reads the line; None is a spectator, whose
        line is the public one. A line never tells its viewer anything that
        `view(apply(state, seat, action), viewer)` would not show: the seat
        dealt a face-down card reads which card, the others read that a card
        was dealt; a secret pick is named only to the seats that may know it.
        """
        ...


class GameRules:
    """A game object assembled from its rules module (satisfies `Game`).

    Each game package builds its `GAME` with `GameRules(rules, ...)` rather
    than restating the protocol's members one by one; `extras` are further
    pure functions a game offers its screen (e.g. a live score sheet).
    """

    def __init__(
        self,
        rules: Any,
        *,
        Options: type,  # noqa: N803 - the protocol's member names
        State: type,  # noqa: N803
        action_types: tuple[type, ...],
        **extras: Any,
    ) -> None:
        self.id: str = rules.ID
        self.title: str = rules.TITLE
        self.players: range = rules.PLAYERS
        self.rules_version: int = rules.RULES_VERSION
        self.Options = Options
        self.State = State
        self.action_types = action_types
        for member in (
            "to_act",
            "chance_outcomes",
            "outcome",
            "describe",
        ):
            setattr(self, member, getattr(rules, member))
        self.setup = _of_exact_options(rules.setup, Options, rules.TITLE)
        self.apply = _of_exact_types(rules.apply, action_types)
        #: `apply` without the check of the values' types, for the loops that
        #: only apply what `legal_actions` or `chance_outcomes` listed
        #: (playouts, the search): `listed_apply`
        self.apply_listed = rules.apply
        self.legal_actions = _of_a_whole_seat(rules.legal_actions)
        self.view = _of_a_seat(rules.view)
        self.describe = _worded_for_the_reader(rules.describe)
        for name, value in extras.items():
            setattr(self, name, value)

    def __repr__(self) -> str:
        return f"<game {self.id}>"


def listed_apply(game: Any) -> Any:
    """`game`'s apply for actions taken from its own `legal_actions` or
    `chance_outcomes` (or a rollout policy choosing among them): the rules'
    apply without the check of the values' types (`_of_exact_types`), a few
    hundredths of a playout's time. Any other action goes through `apply`."""
    return getattr(game, "apply_listed", game.apply)


def seated_legal_actions(game: Any) -> Any:
    """`game`'s legal_actions for seats taken from its own `to_act` (the
    playouts' and the search's loops): the rules' own, without the check
    that the seat is a whole number (`_of_a_whole_seat`)."""
    legal_actions = game.legal_actions
    return getattr(legal_actions, "__wrapped__", legal_actions)


def _of_exact_types(apply: Any, action_types: tuple[type, ...]) -> Any:
    """`apply` refusing an action whose values are not of its class's
    declared types. `Pick(1.0) == Pick(1)`, and a str enum's member equals
    its plain value, so the rules' membership tests would let such a
    look-alike through, and the state would keep it as it came, to break
    the rules that read it later (a float used as an index, a str asked for
    its `.name`). The wire and the journals only build exact types; this
    guards every other caller. Each class's test is one expression of class
    identities, compiled once: it is on every applied action's path."""
    checks = {cls: check for cls in action_types if (check := _exact_check(cls)) is not None}
    get = checks.get

    def checked(state: Any, seat: int, action: Any) -> Any:
        if seat.__class__ is not int:  # 1.0 or True would index the seats
            raise IllegalAction(f"There is no seat {seat!r}: a seat is a whole number.")
        check = get(action.__class__)
        if check is not None and not check(action):
            raise IllegalAction(
                f"That is not a move of this game: {action!r} holds a value of the wrong "
                "type (a whole number is written 1, not 1.0, 0.5 or True; a name is one "
                "of the game's own, not its text)."
            )
        return apply(state, seat, action)

    # the rules' own name, module and doc (`hooks_for` finds a game's
    # search hooks beside its rules by the module)
    return functools.wraps(apply)(checked)


def _of_exact_options(setup: Any, options_class: type, title: str) -> Any:
    """`setup` refusing a count of players that is not a whole number (True
    is 1: a Solo Quest) and options whose values are not of their declared
    types (an option set to "yes" or 1 would be kept as it came, and its
    match could not be saved and loaded again): IllegalAction, with the
    reason. None stands for the standard options."""
    check = _exact_check(options_class)

    def checked(players: int, options: Any = None) -> Any:
        if players.__class__ is not int:
            raise IllegalAction(f"{title} is for a whole number of players, not {players!r}.")
        if options is not None and (
            options.__class__ is not options_class or (check is not None and not check(options))
        ):
            raise IllegalAction(
                f"Those are not {title}'s options: {options!r} (each is one of the "
                "game's own values: True or False for a choice, not 1 or \"yes\")."
            )
        return setup(players, options)

    return functools.wraps(setup)(checked)


def _of_a_whole_seat(legal_actions: Any) -> Any:
    """`legal_actions` refusing a seat that is not a whole number (ValueError,
    with the reason): 1.0 equals 1, so the rules would find it among the
    seats to act and then fail to index with it. A whole number that is not
    to act (CHANCE, a seat the table lacks) has no actions, as the rules say."""

    def checked(state: Any, seat: int) -> Any:
        if seat.__class__ is not int:
            raise ValueError(f"There is no seat {seat!r}: a seat is a whole number.")
        return legal_actions(state, seat)

    return functools.wraps(legal_actions)(checked)


def _of_a_seat(view: Any) -> Any:
    """`view` refusing a seat the table does not have (ValueError, with the
    reason): None is an onlooker, the seats 0..players-1 are the table's
    own. CHANCE is not one: it holds no knowledge of its own (a view of it
    would read the rules' per-seat records at index -1, the last seat's)."""

    def checked(state: Any, seat: int | None) -> Any:
        if seat is not None and (
            seat.__class__ is not int or not 0 <= seat < state.players
        ):
            raise ValueError(
                f"There is no seat {seat!r} at a table of {state.players}: a view is of "
                f"a seat from 0 to {state.players - 1}, or None for an onlooker."
            )
        return view(state, seat)

    return functools.wraps(view)(checked)


def _exact_check(cls: type) -> Callable[[Any], bool] | None:
    """A function telling whether an action of class `cls` holds values of
    exactly its fields' declared types; None when it has no field to check."""
    names: dict[str, Any] = {}
    test = _fields_test(cls, "a", names)
    if test is None:
        return None
    exec(f"def check(a):\n    return {test}\n", names)  # noqa: S102 - built from type hints
    return names["check"]


def _fields_test(cls: type, var: str, names: dict[str, Any]) -> str | None:
    attrs.resolve_types(cls)
    tests = [
        test
        for field in attrs.fields(cls)
        if (test := _type_test(field.type, f"{var}.{field.name}", names)) is not None
    ]
    return " and ".join(tests) if tests else None


def _type_test(hint: Any, var: str, names: dict[str, Any]) -> str | None:
    """A Python expression true when `var` is exactly of type `hint` (an int
    that is not a bool, an enum's member and not its value, an attrs value
    whose fields pass theirs...); None where any value passes."""
    if hint is Any:
        return None
    if hint is None or hint is type(None):
        return f"{var} is None"
    origin = typing.get_origin(hint)
    if origin is typing.Union or origin is types.UnionType:
        parts = [_type_test(arg, var, names) for arg in typing.get_args(hint)]
        if any(part is None for part in parts):
            return None
        return "(" + " or ".join(parts) + ")"
    if origin is tuple:
        args = typing.get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            item = _type_test(args[0], "x", names)
            every = "" if item is None else f" and all({item} for x in {var})"
            return f"({var}.__class__ is tuple{every})"
        items = [_type_test(arg, f"{var}[{i}]", names) for i, arg in enumerate(args)]
        every = "".join(f" and {item}" for item in items if item is not None)
        return f"({var}.__class__ is tuple and len({var}) == {len(args)}{every})"
    if not isinstance(hint, type):
        return None
    name = f"_{len(names)}"
    names[name] = hint
    exact = f"{var}.__class__ is {name}"
    if hint in (int, str, float, bool) or issubclass(hint, enum.Enum):
        return exact
    if attrs.has(hint):
        fields = _fields_test(hint, var, names)
        return exact if fields is None else f"({exact} and {fields})"
    return f"isinstance({var}, {name})"


def _worded_for_the_reader(describe: Any) -> Any:
    """`describe` with its lines reworded for their reader: your own moves
    in the second person ("You slide ... (your side)"; core/wording.py)."""
    def worded(
        state: Any,
        seat: int,
        action: Any,
        names: Sequence[str] | None = None,
        viewer: int | None = None,
    ) -> str:
        line = describe(state, seat, action, names=names, viewer=viewer)
        return second_person(one_stop(line), names, viewer)

    worded.__doc__ = describe.__doc__
    return worded


# ---------------------------------------------------------------------------
# Small helpers the game packages share.


_EVOLVERS: dict[type, Any] = {}
_UNSET = object()


def evolve(inst: Any, **changes: Any) -> Any:
    """`attrs.evolve` for the rules' hot paths, about three times as fast.

    Like attrs' own `__init__`, the copier is generated once per class: a
    function taking each field as an optional keyword, so a call reads only
    the attributes it keeps.
    """
    copier = _EVOLVERS.get(inst.__class__)
    if copier is None:
        copier = _EVOLVERS[inst.__class__] = _make_copier(inst.__class__)
    return copier(inst, **changes)


def _make_copier(cls: type) -> Any:
    names = [a.name for a in attrs.fields(cls)]
    params = ", ".join(f"{n}=_UNSET" for n in names)
    args = ", ".join(f"i.{n} if {n} is _UNSET else {n}" for n in names)
    source = f"def copy(i, *, {params}):\n    return cls({args})\n"
    namespace: dict[str, Any] = {"cls": cls, "_UNSET": _UNSET}
    exec(source, namespace)  # noqa: S102 - generated from the class's own field names
    return namespace["copy"]


_new_instance = object.__new__
_set_attribute = object.__setattr__


def dict_evolve(inst: Any, **changes: Any) -> Any:
    """A copy of a frozen attrs instance that keeps its fields in a
    `__dict__` (``slots=False``), with `changes`: one C-level dict copy where
    attrs' `__init__` sets each field in turn (the playouts' hot path). The
    copy is as frozen as the original. Unlike `evolve` it neither checks the
    names it is given nor runs validators or converters, so it is for
    classes that have none, called with field names only (each game that
    uses it has a test that playout states hold nothing but their fields)."""
    new = _new_instance(inst.__class__)
    fields = inst.__dict__.copy()
    fields.update(changes)
    _set_attribute(new, "__dict__", fields)  # a frozen class refuses only setattr
    return new


def sorted_tuple(items: Iterable[Any]) -> tuple[Any, ...]:
    """A multiset as a canonical tuple, so equal piles compare equal."""
    return tuple(sorted(items))


def remove_one(items: tuple[Any, ...], item: Any) -> tuple[Any, ...]:
    """`items` without one copy of `item` (ValueError when absent)."""
    i = items.index(item)
    return items[:i] + items[i + 1 :]


def uniform_draws(pool: tuple[Any, ...]) -> tuple[tuple[Any, float], ...]:
    """Chance outcomes for drawing one card from an unordered pile.

    Equal cards are merged, with their probability summed, so the list is
    short and a sampler picks by weight. The order is the pile's own, so a
    seeded sampler replays the same draws.
    """
    if not pool:
        return ()
    counts: dict[Any, int] = {}
    for card in pool:
        counts[card] = counts.get(card, 0) + 1
    total = len(pool)
    return tuple((card, n / total) for card, n in counts.items())


def next_seat(seat: int, players: int, step: int = 1) -> int:
    """The seat `step` places to the left (seats sit clockwise in order)."""
    return (seat + step) % players


def standing_scores(points: Sequence[int], ranks: Sequence[Any]) -> tuple[int, ...]:
    """`Outcome.scores` from each seat's `points` and its full ranking key
    (`ranks`, higher is better, tie-breaks and rules included).

    The points as they are wherever they rank the seats as `ranks` does;
    otherwise, going down the ranking, a seat's score is its points or one
    below the score of the seat ranked just above it, whichever is lower.
    Seats with equal `ranks` share a score (the lowest of their points).
    """
    order = sorted(range(len(points)), key=lambda s: ranks[s], reverse=True)
    scores = list(points)
    above: int | None = None
    i = 0
    while i < len(order):
        group = [order[i]]
        while i + len(group) < len(order) and ranks[order[i + len(group)]] == ranks[order[i]]:
            group.append(order[i + len(group)])
        score = min(points[s] for s in group)
        if above is not None and score >= above:
            score = above - 1
        for s in group:
            scores[s] = score
        above = score
        i += len(group)
    return tuple(scores)


def winners_by(keys: tuple[tuple[Any, ...], ...], eligible: Iterable[int]) -> frozenset[int]:
    """Seats among `eligible` whose sort key is the greatest (ties share)."""
    seats = list(eligible)
    if not seats:
        return frozenset()
    best = max(keys[s] for s in seats)
    return frozenset(s for s in seats if keys[s] == best)


# ---------------------------------------------------------------------------
# Search hooks: the game knowledge a searching bot (core/bots/ismcts.py) uses.


@attrs.frozen
class SearchHooks:
    """What a game's package tells a searching bot, in `core/<game>/search.py`
    as ``HOOKS``. Only `determinize` is required; the rest make the search
    cheaper or wiser. Every hook is pure and reads only its arguments.

    - ``determinize(view, seat, rng)``: a full state that `view` (seat's
      view) could be: every hidden card (`None`s in the view) filled from the
      view's `unseen` pools at random, respecting all the view does tell
      (counts, peeked cards, what a seat cannot hold), with `unseen` cleared
      as in a real state. ``game.view(determinize(v, s, rng), s) == v``.
    - ``evaluate(state)``: each seat's expected result in [0, 1] (1: a sure
      win) where a rollout stops before the end (`rollout_depth`).
    - ``rollout(state, seat, legal, rng)``: one of `legal`, quickly, for the
      playouts below the tree (None: uniformly at random).
    - ``prune(state, seat, legal)``: the non-empty part of `legal` the tree
      considers at a node (None: all of it); a search on `common_deals`
      prunes its root with it once, on its first deal (so there it should
      read only what `seat` knows).
    - ``rollout_depth``: decisions (chance steps not counted) a rollout plays
      before `evaluate`; None plays to the end.
    - ``horizon(state)``: called where a rollout starts (with `evaluate`
      set); None, or a test ``stop(state)`` asked before each of the
      rollout's decisions, which ends the rollout with `evaluate` when true
      (Boss Quest: at the end of the round in progress). None: no horizon
      but `rollout_depth`.
    - ``answer(view, seat, legal, *, iterations, stop)``: the game's own
      answer for a decision the search would not improve (one of `legal`),
      taken without searching, or None to search (Boss Quest: the heuristic
      bot's choice at the Wizard). It is given the bot's budget: its
      `iterations` (None: no cap) and `stop`, None or a test that is true
      once the bot's clock has run out or it is asked to move now (Boss
      Quest's Solo Quest reads that many deals). No hook: always search.
    - ``common_deals``: True to search only the decision at hand, every
      legal action played on the same deals (a determinization and the
      rollouts' seed) and then by `rollout`, instead of growing a tree
      (`core.bots.ismcts.IsmctsBot._on_common_deals`; Boss Quest's knights,
      where a deeper tree played worse the more it grew).
    - ``observe(state, seat)``: a hashable key of what `seat` sees of
      `state`, equal for two states of a match exactly when
      ``game.view(state, seat)`` is, and cheaper: the search keys what it
      saw of a draw by it (None: by the view itself).
    """

    determinize: Any
    evaluate: Any = None
    rollout: Any = None
    prune: Any = None
    rollout_depth: int | None = None
    horizon: Any = None
    answer: Any = None
    common_deals: bool = False
    observe: Any = None
