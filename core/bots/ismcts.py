"""A searching bot for every game: information-set Monte Carlo tree search.

The bot sees its seat's view only. Game knowledge comes through the game's
`core.engine.SearchHooks` (``core/<package>/search.py`` as ``HOOKS``):
`determinize` is required; `rollout`, `evaluate`, `prune` and
`rollout_depth` make the search cheaper or wiser.

The search (single-observer ISMCTS, open loop):

- One tree per decision, rooted at the bot's view. A node is reached by a
  deciding seat's action: children are keyed by seat, then action. Chance
  steps are sampled on the way down (`core.playout.sample_chance`) and
  keyed by what the bot would see of them: its own view after the draw
  (`observe_chance`; the game's ``observe`` hook gives a cheaper key that is
  equal exactly when the view is). A card the bot draws, a market refilled in the open,
  lead to different nodes, so its later decisions depend on them (asking
  for another weapon after a 2 is not asking after a 7); a card another
  seat draws face down changes the bot's view alike whichever it is, so
  those draws share one node and the tree learns nothing the bot could not.
  Without `observe_chance` the tree is "open loop": chance is not stored at
  all and a node stands for "these seats chose these actions" whatever
  chance did, which is cheaper but blind to what the bot would have seen
  (in Boss Quest, 0 of 10 games against the heuristic bot at 200
  iterations, against 4 of 10 when observing).
- Every iteration starts from a fresh ``hooks.determinize(view, seat, rng)``:
  a full state the view could be, so the hidden cards differ from one
  iteration to the next and the tree's statistics average over them. The
  bot never reads a full state it was not built from its own view.
- Selection is UCB1 with availability counts: an action's exploration term
  counts the visits in which it was legal (in that determinization), not
  the parent's visits, since not every action is legal in every
  determinization. One node is expanded per iteration.
- Below the tree, ``hooks.rollout`` (or uniformly random play) for
  ``hooks.rollout_depth`` decisions or until ``hooks.horizon``'s test says
  stop, then ``hooks.evaluate`` (or the match's outcome when it ends
  first).
- Each node accumulates the value of the seat that chose it: a win is 1, a
  shared win is split, a loss is 0; with three seats or more a quarter of
  the value is the seat's rank among the others (`outcome_values`).
- The answer is the root action with the most visits (ties: the better
  mean, then the order of `legal`); when `legal` holds one action it is
  answered at once.

Simultaneous decisions (Overstocked's and Overseers' secret picks): the
rules list every seat still to pick in `to_act`; the search lets them pick
one at a time, the lowest seat first (as `core.playout` does), but
*decoupled*: every seat of the step chooses among its own children of the
node where the step began, by its own statistics, so a later seat's choice
is never conditioned on an earlier seat's secret pick (in a plain tree it
would be: the later seat would play as if it had seen the pick, and the
bot would face clairvoyant rivals, or be one). Once every seat of the step
has chosen, the tree continues below a node keyed by the bot's own pick
only: what the bot itself chose it knows; the rivals' picks are averaged
over, as hidden cards are.

Known limits (single-observer search): every determinization holds the
bot's own hidden cards as they are, so the other seats' nodes in the tree
(and the rollout policy) play as if they knew them; and the other seats'
nodes are keyed by what the bot sees, so a rival's choices in the tree do
not follow the cards only that rival sees. Both are the usual price of one
tree for the bot's information only; the game's `evaluate` and `rollout`
carry the rest. In Boss Quest that price was most of its games against
the heuristic bot (a quarter won at 300 iterations): its hooks now end
rollouts with the round (``horizon``), choose at the Wizard from what a
knight can see, and there give every knight the heuristic bot's choice
(``answer`` for the bot, ``prune`` in the tree), leaving the search the
equipping (23 of 40 won at 300 iterations; docs/opponents.md).

A game's ``answer`` hook, where it gives an action, is played without
searching (``stopped_by="answered"``, no iteration).

A game whose hooks set ``common_deals`` (Boss Quest's knights) is searched
without a tree, unless the bot is given a `tree_depth`: every legal action
of the decision at hand is played on the same deals (one determinization
and one seed for the rollouts after it), then by the rollout policy, and
the action that scored best is answered (`_on_common_deals`). That is a
rollout algorithm: the policy improved by one decision, every other
decision left to the policy, so the rivals choose from their own view (the
policy's) and not from the bot's cards; the deals in common cancel most of
the luck of the draw out of the actions' differences. An iteration is one
rollout there. The game's ``prune`` narrows the actions tried, once, on the
first deal (Boss Quest: no Wizard while far below the HP). In Boss Quest, at 300 rollouts a move against the
heuristic bot, it won 57.1% of 170 games where a flat search by UCB won
49.1% of the same deals (docs/opponents.md).

Budgets: at most `iterations` iterations and at most `seconds` of
thinking, whichever ends first; ``seconds=None`` searches by iterations
alone, so the same seed gives the same choice (the arena and the tests).
A search with a tree also stops once its answer is settled
(``stopped_by="settled"``): the most visited action leads the next by more
visits than the iterations left could give (under an iteration budget,
exactly the answer the whole budget would give; under a clock, the
iterations left are those the rate so far would run, with a margin,
`SETTLE_MARGIN`). A clear decision no longer costs the whole budget.
A search on common deals settles by a paired test instead (`_clear_lead`:
the best action ahead of every other by more than `SETTLE_Z` standard
errors of the difference on the same deals, or no action changing any
deal's score); in Boss Quest it gave the whole budget's answer in 147 of
147 decisions measured, in 0.60-0.80 of the rollouts (docs/opponents.md).
A `should_stop` callable ("move now" from another process) is polled
before the first iteration and every `POLL_EVERY` iterations; a search
stopped before any iteration answers with its `fallback` bot (the game's
heuristic bot, from `core.bots.make_bot`), else the first legal action.

Python's cyclic garbage collector is off while a search runs (and back on
after, if it was on): the tree and the states it keys by grow to a great
many objects, and every full collection scanned them all again: 1.2-1.5x
the CPU time at Overseers' slowest benchmark position (1,500 iterations). A
search makes no reference cycles (its nodes point down only; the rules'
states are immutable records), so reference counting frees all it drops.
"""

from __future__ import annotations

import gc
import importlib
import math
import random
import time
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from core.engine import CHANCE, Outcome, listed_apply, seated_legal_actions
from core.playout import MAX_ACTIONS, even_draw, sample_chance

#: UCB1's exploration constant, for values in [0, 1].
EXPLORATION = 0.7
#: `should_stop` is polled, and a tree search checked for a settled
#: answer, every this many iterations.
POLL_EVERY = 8
#: Under a clock, a search is settled when its leader's lead is over this
#: many times the iterations the rate so far would run in the time left.
SETTLE_MARGIN = 1.5
#: A search on common deals is settled (no more deals) once, after at least
#: `SETTLE_DEALS` deals (checked every `SETTLE_EVERY`), the best action
#: beats every other on the same deals by more than `SETTLE_Z` standard
#: errors of the paired difference, or the actions scored the same on every
#: deal (a choice that changed nothing: a knight's potion read at once).
SETTLE_DEALS = 40
SETTLE_EVERY = 20
SETTLE_Z = 4.0
#: With three seats or more, the share of a seat's value that is its rank
#: among the other seats (the rest is winning).
RANK_WEIGHT = 0.25


def hooks_for(game: Any, level: str | None = None) -> Any:
    """The game's `SearchHooks`: ``game.search_hooks`` if it has one, else
    ``HOOKS`` of the `search` module beside its rules; None if neither.
    With a `level` ("normal", "hard"), that level's own hooks where the
    module has some (``LEVEL_HOOKS[level]``: Boss Quest's normal bot in the
    Solo Quest), else the same."""
    hooks = getattr(game, "search_hooks", None)
    if hooks is not None:
        return hooks
    package = game.setup.__module__.rpartition(".")[0]
    name = f"{package}.search"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as e:
        if e.name == name:
            return None
        raise
    by_level = getattr(module, "LEVEL_HOOKS", {})
    if level in by_level:
        return by_level[level]
    return getattr(module, "HOOKS", None)


def _stopper(
    should_stop: Callable[[], bool] | None, deadline: float | None
) -> Callable[[], bool] | None:
    """What a game's `answer` asks to know whether to stop: "move now"
    (`should_stop`) or the clock past `deadline`; None when neither bounds
    it."""
    if deadline is None:
        return should_stop
    clock = time.perf_counter
    if should_stop is None:
        return lambda: clock() >= deadline
    return lambda: clock() >= deadline or should_stop()


def _clear_lead(totals: list[float], values: list[list[float]]) -> bool:
    """Whether the action with the best total (ties to the first) is settled
    on the deals so far: each other action either scored the same on every
    deal or trails by more than `SETTLE_Z` standard errors of the paired
    difference (the deals are shared, so the difference's noise is small)."""
    best = max(range(len(totals)), key=lambda j: (totals[j], -j))
    lead = values[best]
    n = len(lead)
    for j, other in enumerate(values):
        if j == best:
            continue
        diffs = [a - b for a, b in zip(lead, other, strict=True)]
        mean = sum(diffs) / n
        spread = sum((d - mean) ** 2 for d in diffs) / (n - 1)
        if spread == 0.0:  # the same on every deal, or worse on every one
            continue
        if mean <= SETTLE_Z * math.sqrt(spread / n):
            return False
    return True


def outcome_values(outcome: Outcome) -> tuple[float, ...]:
    """Each seat's value of a finished match, in [0, 1]: its share of the
    win (1 alone, 1/k for a win shared by k seats, 0 for a loss); with three
    seats or more, blended with its rank among the others by `scores`
    (`RANK_WEIGHT`; a tie counts half)."""
    scores = outcome.scores
    winners = outcome.winners
    n = len(scores)
    share = 1.0 / len(winners) if winners else 0.0
    if n <= 2:
        return tuple(share if s in winners else 0.0 for s in range(n))
    values = []
    for s in range(n):
        mine = scores[s]
        below = 0.0
        for t in range(n):
            if t != s:
                other = scores[t]
                if other < mine:
                    below += 1.0
                elif other == mine:
                    below += 0.5
        win = share if s in winners else 0.0
        values.append((1.0 - RANK_WEIGHT) * win + RANK_WEIGHT * below / (n - 1))
    return tuple(values)


class _Node:
    """A node of the tree: reached when `seat` chose `action`."""

    __slots__ = ("seat", "action", "visits", "value", "avail", "children", "tries")

    def __init__(self, seat: int | None, action: Any) -> None:
        self.seat = seat
        self.action = action
        #: iterations that passed through this node
        self.visits = 0
        #: the sum of `seat`'s values over those iterations
        self.value = 0.0
        #: iterations in which `action` was available here (UCB1's parent count)
        self.avail = 0
        #: seat -> action -> child (a simultaneous step's continuation is
        #: under the key None)
        self.children: dict[Any, dict[Any, _Node]] = {}
        #: seat -> how often it decided here (progressive widening)
        self.tries: dict[int, int] = {}


@attrs.frozen
class SearchResult:
    """What one search found."""

    #: the chosen action (one of `legal`)
    action: Any
    #: iterations run
    iterations: int
    #: seconds spent
    seconds: float
    #: root action -> (visits, mean value for the bot's seat), most visited first
    stats: tuple[tuple[Any, int, float], ...] = ()
    #: why it stopped: "single", "iterations", "seconds", "stopped", "no-hooks",
    #: "answered" (the game's `answer` hook), "settled" (no action could
    #: overtake the most visited one)
    stopped_by: str = "iterations"


class IsmctsBot:
    """Information-set MCTS over the rules-core protocol (module docstring).

    `iterations` and `seconds` bound each decision (None: no bound of that
    kind; at least one must be set). `hooks` overrides the game's own
    `SearchHooks` (tests); `fallback` answers when no iteration ran or the
    game has no hooks; `should_stop` may be set on the bot (or passed to
    `search`) to end a search early: it is called with no arguments.
    `observe_chance` keys chance steps in the tree by the bot's view after
    them (module docstring); False gives the cheaper open-loop tree.
    `tree_depth` bounds the decisions the tree holds on a path from the
    root (1: the root's actions only, a flat search; None: no bound), the
    rollout playing the rest; given, it grows a tree even where the game's
    hooks ask for `common_deals`. `policy_first` expands the rollout policy's
    choice before the other actions of a node; `widening` (progressive
    widening) lets a node that a seat decided at n times hold at most
    ``widening * sqrt(n)`` of its actions. These two are off: in Boss Quest against the heuristic bot at 300
    iterations they won 11.5 of 60 games where the plain search won 14.5.
    `settle` stops a tree search once its answer is settled (module
    docstring); False runs the whole budget (tests compare the two).
    `asked_at` (a `time.perf_counter()`, set on the bot or passed to
    `search`) is when the move was asked, where that was before the search
    begins: its `seconds` count from then (a search process's start-up
    ran before the search, and the first move took a second too long).
    """

    def __init__(
        self,
        *,
        iterations: int | None = 1000,
        seconds: float | None = None,
        hooks: Any = None,
        fallback: Any = None,
        exploration: float = EXPLORATION,
        should_stop: Callable[[], bool] | None = None,
        observe_chance: bool = True,
        policy_first: bool = False,
        widening: float | None = None,
        tree_depth: int | None = None,
        settle: bool = True,
        name: str = "ismcts",
    ) -> None:
        if iterations is None and seconds is None:
            raise ValueError("a search needs an iteration or a time budget")
        if iterations is not None and (
            isinstance(iterations, bool) or not isinstance(iterations, int) or iterations < 1
        ):
            raise ValueError(f"iterations is a whole number, 1 or more, not {iterations!r}")
        if seconds is not None and (
            isinstance(seconds, bool)
            or not isinstance(seconds, (int, float))
            or not 0 < seconds < math.inf
        ):
            raise ValueError(f"seconds is a number above 0 (and finite), not {seconds!r}")
        self.iterations = iterations
        self.seconds = seconds
        self.hooks = hooks
        self.fallback = fallback
        self.exploration = exploration
        self.should_stop = should_stop
        self.asked_at: float | None = None
        self.observe_chance = observe_chance
        self.policy_first = policy_first
        self.widening = widening
        if tree_depth is not None and (
            isinstance(tree_depth, bool) or not isinstance(tree_depth, int) or tree_depth < 1
        ):
            raise ValueError(
                f"a tree holds at least the root's actions: tree_depth is 1 or more, "
                f"not {tree_depth!r}"
            )
        self.tree_depth = tree_depth
        self.settle = settle
        self.name = name
        #: the last search's result (for tests, benchmarks and the holder)
        self.last: SearchResult | None = None

    def __repr__(self) -> str:
        return f"IsmctsBot(iterations={self.iterations}, seconds={self.seconds})"

    def choose(
        self, game: Any, view: Any, seat: int, legal: tuple[Any, ...], rng: random.Random
    ) -> Any:
        return self.search(
            game, view, seat, legal, rng, should_stop=self.should_stop, asked_at=self.asked_at
        ).action

    def _fallback(
        self, game: Any, view: Any, seat: int, legal: tuple[Any, ...], rng: random.Random
    ) -> Any:
        if self.fallback is not None:
            return self.fallback.choose(game, view, seat, legal, rng)
        return legal[0]

    def search(
        self,
        game: Any,
        view: Any,
        seat: int,
        legal: Sequence[Any],
        rng: random.Random,
        *,
        should_stop: Callable[[], bool] | None = None,
        iterations: int | None = None,
        seconds: float | None = None,
        asked_at: float | None = None,
    ) -> SearchResult:
        """Search from `view` (seat's) and answer one of `legal`.

        `iterations` / `seconds` override the bot's budget for this search;
        the seconds count from `asked_at` (a `time.perf_counter()`) when it
        is earlier than the search's start.
        The search draws from its own generator, seeded by one draw from
        `rng`, so the caller's generator advances the same however long it
        searched.
        """
        legal = tuple(legal)
        if not legal:
            raise ValueError("no legal actions to choose from")
        started = time.perf_counter()
        if len(legal) == 1:
            self.last = SearchResult(legal[0], 0, 0.0, stopped_by="single")
            return self.last
        hooks = self.hooks if self.hooks is not None else hooks_for(game)
        if hooks is None:
            action = self._fallback(game, view, seat, legal, rng)
            self.last = SearchResult(action, 0, time.perf_counter() - started, stopped_by="no-hooks")
            return self.last
        budget = iterations if iterations is not None else self.iterations
        limit = seconds if seconds is not None else self.seconds
        clock_from = started if asked_at is None else min(started, asked_at)
        deadline = None if limit is None else clock_from + limit
        if hooks.answer is not None:
            stop = _stopper(should_stop, deadline)
            action = hooks.answer(view, seat, legal, iterations=budget, stop=stop)
            if action is not None:
                self.last = SearchResult(
                    action, 0, time.perf_counter() - started, stopped_by="answered"
                )
                return self.last
        own = random.Random(rng.getrandbits(64))
        # no cyclic garbage collection while searching (module docstring)
        collecting = gc.isenabled()
        if collecting:
            gc.disable()
        try:
            self.last = self._search(
                game, hooks, view, seat, legal, rng, own, budget, deadline, should_stop, started
            )
        finally:
            if collecting:
                gc.enable()
        return self.last

    def _search(
        self,
        game: Any,
        hooks: Any,
        view: Any,
        seat: int,
        legal: tuple[Any, ...],
        rng: random.Random,
        own: random.Random,
        budget: int | None,
        deadline: float | None,
        should_stop: Callable[[], bool] | None,
        started: float,
    ) -> SearchResult:
        if hooks.common_deals and self.tree_depth is None:
            result = self._on_common_deals(
                game, hooks, view, seat, legal, own, budget, deadline, should_stop, started
            )
            if result.stats:
                return result
            action = self._fallback(game, view, seat, legal, rng)
            return attrs.evolve(result, action=action)
        root = _Node(None, None)
        done = 0
        stopped_by = "iterations"
        clock = time.perf_counter
        settle = self.settle and len(legal) > 1
        while budget is None or done < budget:
            if done % POLL_EVERY == 0:
                if should_stop is not None and should_stop():
                    stopped_by = "stopped"
                    break
                if settle and done and self._settled(root, seat, done, budget, deadline, started):
                    stopped_by = "settled"
                    break
            if deadline is not None and clock() >= deadline:
                stopped_by = "seconds"
                break
            self._iterate(game, hooks, root, view, seat, legal, own)
            done += 1
        stats = self._root_stats(root, seat, legal)
        if stats:
            action = stats[0][0]
        else:
            action = self._fallback(game, view, seat, legal, rng)
        return SearchResult(action, done, clock() - started, stats, stopped_by)

    def _on_common_deals(
        self,
        game: Any,
        hooks: Any,
        view: Any,
        seat: int,
        legal: tuple[Any, ...],
        rng: random.Random,
        budget: int | None,
        deadline: float | None,
        should_stop: Callable[[], bool] | None,
        started: float,
    ) -> SearchResult:
        """The root's actions each played on the same deals (``hooks.
        common_deals``): every deal, a ``determinize`` of the view and a seed
        for its playouts, is played once after each legal action, then by
        the rollout policy (`_rollout`); the answer is the action whose
        playouts scored best, ties to the order of `legal`. A deal costs as
        many iterations as there are actions, and the budget is checked
        before each deal. A rollout algorithm: it improves on the policy by
        one decision, and the deals in common make the actions' differences
        far less noisy than their values (luck of the draw is shared)."""
        apply = listed_apply(game)
        rollout = self._rollout
        clock = time.perf_counter
        first = None
        if hooks.prune is not None and len(legal) > 1:
            # the root is pruned as a tree's is, once: on the first deal,
            # so the hook may read only what `seat` knows there
            first = hooks.determinize(view, seat, rng)
            legal = tuple(hooks.prune(first, seat, legal) or legal)
        totals = [0.0] * len(legal)
        #: each action's value on each deal, for the paired test (`_clear_lead`)
        values: list[list[float]] = [[] for _ in legal]
        deals = done = 0
        stopped_by = "iterations"
        while budget is None or done + len(legal) <= budget or deals == 0:
            if should_stop is not None and should_stop():
                stopped_by = "stopped"
                break
            if deadline is not None and clock() >= deadline:
                stopped_by = "seconds"
                break
            if (self.settle and deals >= SETTLE_DEALS and deals % SETTLE_EVERY == 0
                    and _clear_lead(totals, values)):
                stopped_by = "settled"
                break
            if first is not None:
                state, first = first, None
            else:
                state = hooks.determinize(view, seat, rng)
            seed = rng.getrandbits(64)
            for j, action in enumerate(legal):
                after = apply(state, seat, action)
                value = rollout(game, hooks, after, random.Random(seed))[seat]
                totals[j] += value
                values[j].append(value)
            deals += 1
            done += len(legal)
        stats: tuple[tuple[Any, int, float], ...] = ()
        if deals:
            order = sorted(range(len(legal)), key=lambda j: (-totals[j], j))
            stats = tuple((legal[j], deals, totals[j] / deals) for j in order)
        action = stats[0][0] if stats else legal[0]
        return SearchResult(action, done, clock() - started, stats, stopped_by)

    @staticmethod
    def _settled(
        root: _Node, seat: int, done: int, budget: int | None, deadline: float | None,
        started: float,
    ) -> bool:
        """Whether no root action can overtake the most visited one in the
        iterations left: each iteration visits one root action once, and the
        answer is the most visited."""
        kids = root.children.get(seat, {})
        visits = sorted((child.visits for child in kids.values()), reverse=True)
        if not visits:
            return False
        lead = visits[0] - (visits[1] if len(visits) > 1 else 0)
        left = math.inf if budget is None else budget - done
        if deadline is not None:
            now = time.perf_counter()
            rate = done / max(now - started, 1e-9)
            left = min(left, SETTLE_MARGIN * rate * max(deadline - now, 0.0))
        return lead > left

    @staticmethod
    def _root_stats(
        root: _Node, seat: int, legal: tuple[Any, ...]
    ) -> tuple[tuple[Any, int, float], ...]:
        kids = root.children.get(seat, {})
        rows = []
        for i, action in enumerate(legal):
            child = kids.get(action)
            if child is not None and child.visits:
                rows.append((child.visits, child.value / child.visits, -i, action))
        rows.sort(reverse=True, key=lambda r: r[:3])
        return tuple((action, visits, mean) for visits, mean, _, action in rows)

    def _iterate(
        self,
        game: Any,
        hooks: Any,
        root: _Node,
        view: Any,
        seat: int,
        root_legal: tuple[Any, ...],
        rng: random.Random,
    ) -> None:
        state = hooks.determinize(view, seat, rng)
        to_act = game.to_act
        legal_actions = seated_legal_actions(game)
        apply = listed_apply(game)
        chance_outcomes = game.chance_outcomes
        chance_pool = getattr(game, "chance_pool", None)
        prune = hooks.prune
        c = self.exploration
        observe = self.observe_chance
        see = hooks.observe or game.view
        policy = hooks.rollout
        policy_first = self.policy_first and policy is not None
        widen = self.widening
        depth_limit = self.tree_depth
        log = math.log
        sqrt = math.sqrt

        node = root
        path: list[_Node] = []
        at_root = True  # the bot's first decision is still ahead (root legal applies)
        # a simultaneous step in progress: where it began, who still picks,
        # and the bot's own pick in it
        step_node: _Node | None = None
        step_left: frozenset[int] = frozenset()
        step_own: Any = None
        expanded = False
        applied = 0
        while not expanded:
            seats = to_act(state)
            if step_node is not None and seats != step_left:
                # the step is over (or the rules moved on): continue below the
                # node keyed by the bot's own pick
                kids = step_node.children.setdefault(None, {})
                node = kids.get(step_own)
                if node is None:
                    node = kids[step_own] = _Node(None, step_own)
                step_node = None
            if not seats:
                break
            applied += 1
            if applied > MAX_ACTIONS:
                raise RuntimeError("a search iteration did not end: a rules bug")
            if CHANCE in seats:
                if chance_pool is None:
                    action = sample_chance(chance_outcomes(state), rng)
                else:
                    action = even_draw(chance_pool, chance_outcomes, state, rng)
                state = apply(state, CHANCE, action)
                if observe:
                    # what the bot would see of this draw: its view after it
                    key = see(state, seat)
                    kids = node.children.get(CHANCE)
                    if kids is None:
                        kids = node.children[CHANCE] = {}
                    below = kids.get(key)
                    if below is None:
                        below = kids[key] = _Node(None, None)
                    node = below
                continue
            if depth_limit is not None and len(path) >= depth_limit and step_node is None:
                break  # deep enough: the rollout plays on from here
            s = min(seats)
            if step_node is None and len(seats) > 1:
                step_node, step_own = node, None
            if at_root and s == seat:
                legal = root_legal
                at_root = False
            else:
                legal = legal_actions(state, s)
                if not legal:
                    raise RuntimeError(f"seat {s} is to act but has no legal action")
            if prune is not None and len(legal) > 1:
                legal = prune(state, s, legal) or legal
            here = step_node if step_node is not None else node
            kids = here.children.get(s)
            if kids is None:
                kids = here.children[s] = {}
            untried = None
            best = None
            best_score = -1.0
            present = 0
            for a in legal:
                child = kids.get(a)
                if child is None:
                    if untried is None:
                        untried = [a]
                    else:
                        untried.append(a)
                    continue
                child.avail += 1
                present += 1
                score = child.value / child.visits + c * sqrt(log(child.avail) / child.visits)
                if score > best_score:
                    best, best_score = child, score
            if untried is not None and widen is not None and best is not None:
                # progressive widening: a node tried n times by seat s has at
                # most widen * sqrt(n) of its actions (the policy's first)
                tries = here.tries.get(s, 0) + 1
                here.tries[s] = tries
                if present >= widen * sqrt(tries):
                    untried = None
            if untried is not None:
                a = None
                if policy_first and len(untried) > 1:
                    a = policy(state, s, legal, rng)
                    if a not in untried:
                        a = None
                if a is None:
                    a = untried[0] if len(untried) == 1 else rng.choice(untried)
                best = kids[a] = _Node(s, a)
                best.avail = 1
                expanded = True
            assert best is not None
            path.append(best)
            state = apply(state, s, best.action)
            if step_node is not None:
                if s == seat:
                    step_own = best.action
                step_left = seats - {s}
            else:
                node = best
        values = self._rollout(game, hooks, state, rng)
        for child in path:
            child.visits += 1
            child.value += values[child.seat]

    @staticmethod
    def _rollout(game: Any, hooks: Any, state: Any, rng: random.Random) -> Sequence[float]:
        to_act = game.to_act
        legal_actions = seated_legal_actions(game)
        apply = listed_apply(game)
        chance_outcomes = game.chance_outcomes
        chance_pool = getattr(game, "chance_pool", None)
        policy = hooks.rollout
        evaluate = hooks.evaluate
        depth = hooks.rollout_depth if evaluate is not None else None
        horizon = hooks.horizon
        stop = horizon(state) if horizon is not None and evaluate is not None else None
        decisions = 0
        for _ in range(MAX_ACTIONS):
            seats = to_act(state)
            if not seats:
                outcome = game.outcome(state)
                assert outcome is not None, "a finished match has an outcome"
                return outcome_values(outcome)
            if CHANCE in seats:
                if chance_pool is None:
                    action = sample_chance(chance_outcomes(state), rng)
                else:
                    action = even_draw(chance_pool, chance_outcomes, state, rng)
                state = apply(state, CHANCE, action)
                continue
            if depth is not None and decisions >= depth:
                return evaluate(state)
            if stop is not None and stop(state):
                return evaluate(state)
            s = min(seats)
            legal = legal_actions(state, s)
            if policy is not None:
                action = policy(state, s, legal, rng)
            else:
                action = legal[0] if len(legal) == 1 else rng.choice(legal)
            state = apply(state, s, action)
            decisions += 1
        raise RuntimeError("a rollout did not end: a rules bug")


__all__ = ["IsmctsBot", "SearchResult", "hooks_for", "outcome_values"]
