"""The searching bot (core/bots/ismcts.py, issue 13): legal answers in every
game, reproducible by seed, blind to what its seat cannot see, honouring its
budgets and "move now", and finding a sure win.

Besides the real games (through their `core/<package>/search.py` hooks) the
tests use a tiny game of their own, "High card": each of two seats is dealt
two of the cards 1-6 face down (chance), then both secretly play one card at
once; the higher card wins, except that a 1 beats a 6. It has everything the
search must handle (chance, hidden cards, a simultaneous secret pick) in a
position small enough to know the right answer.
"""

from __future__ import annotations

import random
import time
from typing import Any

import attrs
import pytest

from core import CHANCE, GAMES
from core.bots import make_bot
from core.bots.ismcts import (
    POLL_EVERY,
    SETTLE_DEALS,
    IsmctsBot,
    _clear_lead,
    hooks_for,
    outcome_values,
)
from core.engine import Outcome, SearchHooks
from core.playout import Playout, sample_chance

# --- High card: a tiny game with chance, hidden cards and a secret pick -------

CARDS = (1, 2, 3, 4, 5, 6)


@attrs.frozen
class Play:
    card: int


@attrs.frozen
class Deal:
    card: int


@attrs.frozen
class HighState:
    #: each seat's hand (a view shows another seat's cards as None)
    hands: tuple[tuple[int | None, ...], ...]
    #: each seat's played card, None until played (or hidden in a view)
    played: tuple[int | None, ...]
    #: who has played (public)
    done: tuple[bool, ...]
    #: the cards left to deal (None in a view)
    deck: tuple[int | None, ...]
    #: what a view's seat cannot see, sorted (empty in a real state)
    unseen: tuple[int, ...] = ()


class HighCard:
    id = "high-card"
    players = range(2, 3)

    @staticmethod
    def setup(players: int = 2, options: Any = None) -> HighState:
        return HighState(((), ()), (None, None), (False, False), CARDS)

    @staticmethod
    def to_act(s: HighState) -> frozenset[int]:
        if len(s.deck) > 2:  # two cards each are dealt, two stay in the deck
            return frozenset({CHANCE})
        return frozenset(i for i in range(2) if not s.done[i])

    @staticmethod
    def legal_actions(s: HighState, seat: int) -> tuple[Play, ...]:
        return tuple(Play(c) for c in s.hands[seat] if c is not None)

    @staticmethod
    def chance_outcomes(s: HighState) -> tuple[tuple[Deal, float], ...]:
        return tuple((Deal(c), 1 / len(s.deck)) for c in s.deck)

    @staticmethod
    def apply(s: HighState, seat: int, action: Any) -> HighState:
        if seat == CHANCE:
            to = 0 if len(s.hands[0]) <= len(s.hands[1]) else 1
            hands = list(s.hands)
            hands[to] = tuple(sorted(hands[to] + (action.card,)))
            deck = tuple(c for c in s.deck if c != action.card)
            return attrs.evolve(s, hands=tuple(hands), deck=deck)
        assert action in HighCard.legal_actions(s, seat) and not s.done[seat]
        hands, played, done = list(s.hands), list(s.played), list(s.done)
        hands[seat] = tuple(c for c in hands[seat] if c != action.card)
        played[seat], done[seat] = action.card, True
        return HighState(tuple(hands), tuple(played), tuple(done), s.deck)

    @staticmethod
    def view(s: HighState, seat: int) -> HighState:
        over = all(s.done)
        hidden: list[int] = [c for c in s.deck if c is not None]
        hands, played = [], []
        for i in range(2):
            if i == seat:
                hands.append(s.hands[i])
                played.append(s.played[i])
                continue
            hidden.extend(s.hands[i])
            hands.append((None,) * len(s.hands[i]))
            if s.played[i] is not None and not over:
                hidden.append(s.played[i])
                played.append(None)
            else:
                played.append(s.played[i])
        deck = (None,) * len(s.deck)
        return HighState(tuple(hands), tuple(played), s.done, deck, tuple(sorted(hidden)))

    @staticmethod
    def outcome(s: HighState) -> Outcome | None:
        if not all(s.done):
            return None
        a, b = s.played
        assert a is not None and b is not None
        if {a, b} == {1, 6}:
            winner = 0 if a == 1 else 1
        else:
            winner = 0 if a > b else 1
        scores = tuple(int(i == winner) for i in range(2))
        return Outcome(scores, frozenset({winner}))


def high_determinize(view: HighState, seat: int, rng: random.Random) -> HighState:
    """Every None filled from the view's unseen cards, shuffled."""
    pool = list(view.unseen)
    rng.shuffle(pool)
    fill = iter(pool)
    hands = tuple(tuple(sorted(c if c is not None else next(fill) for c in h)) for h in view.hands)
    played = tuple(
        (next(fill) if view.done[i] else None) if c is None else c for i, c in enumerate(view.played)
    )
    deck = tuple(sorted(next(fill) for _ in view.deck))
    return HighState(hands, played, view.done, deck)


HIGH_HOOKS = SearchHooks(determinize=high_determinize)
GAME = HighCard()


def after_deal(hands: tuple[tuple[int, ...], tuple[int, ...]]) -> HighState:
    deck = tuple(c for c in CARDS if c not in hands[0] + hands[1])
    return HighState(hands, (None, None), (False, False), deck)


def test_high_card_views_and_determinizations_agree():
    """The test game keeps the hooks' contract: a determinization of a view
    is a state with that same view, and the view hides the rival's cards."""
    state = after_deal(((2, 5), (1, 6)))
    view = GAME.view(state, 1)
    assert view.hands[0] == (None, None) and view.unseen == (2, 3, 4, 5)
    rng = random.Random(3)
    seen = set()
    for _ in range(30):
        full = high_determinize(view, 1, rng)
        assert GAME.view(full, 1) == view and not full.unseen
        seen.add(full.hands[0])
    assert len(seen) > 3


# --- the search on the test game ----------------------------------------------


def test_finds_the_sure_win():
    """Seat 1 holds the 5 and the 6: the 5 beats every card the rival can
    hold (1-4), the 6 loses to a 1. The rival (seat 0) picks first in the
    search's order, secretly: the bot must still find the sure win."""
    state = after_deal(((1, 2), (5, 6)))
    view = GAME.view(state, 1)
    # by brute force over every hand and card the rival may hold
    wins = {Play(5): 0, Play(6): 0}
    hands = [(a, b) for a in view.unseen for b in view.unseen if a < b]
    for hand in hands:
        for card in hand:
            for mine in wins:
                result = GAME.outcome(
                    HighState(((), ()), (card, mine.card), (True, True), ())
                )
                wins[mine] += 1 in result.winners
    assert wins[Play(5)] == 2 * len(hands) > wins[Play(6)]
    legal = GAME.legal_actions(state, 1)
    for seed in range(5):
        bot = IsmctsBot(iterations=200, hooks=HIGH_HOOKS)
        assert bot.choose(GAME, view, 1, legal, random.Random(seed)) == Play(5)
        stats = dict((a, mean) for a, _, mean in bot.last.stats)
        assert stats[Play(5)] == 1.0 > stats[Play(6)]


def test_finds_the_sure_win_picking_first():
    """The same from seat 0, the first to pick in the search's order."""
    state = after_deal(((5, 6), (2, 3)))
    view = GAME.view(state, 0)
    legal = GAME.legal_actions(state, 0)
    bot = IsmctsBot(iterations=200, hooks=HIGH_HOOKS)
    assert bot.choose(GAME, view, 0, legal, random.Random(1)) == Play(5)


def test_never_reads_what_its_seat_cannot_see():
    """Issue 13: two states that differ only in what seat 1 cannot see (the
    rival's secret card, already played, and the card it kept) give equal
    views and the same choice with the same seed. The control: a bot whose
    "determinization" peeks at the true state answers differently, so the
    two positions do call for different answers."""
    a = HighState(((2,), (1, 5)), (6, None), (True, False), (3, 4))
    b = HighState(((6,), (1, 5)), (2, None), (True, False), (3, 4))
    assert a != b
    view_a, view_b = GAME.view(a, 1), GAME.view(b, 1)
    assert view_a == view_b
    legal = GAME.legal_actions(a, 1)
    assert legal == GAME.legal_actions(b, 1)
    for seed in range(3):
        bot = IsmctsBot(iterations=120, hooks=HIGH_HOOKS)
        assert bot.choose(GAME, view_a, 1, legal, random.Random(seed)) == bot.choose(
            GAME, view_b, 1, legal, random.Random(seed)
        )

    def peeking(true_state: HighState) -> SearchHooks:
        return SearchHooks(determinize=lambda view, seat, rng: true_state)

    cheat_a = IsmctsBot(iterations=120, hooks=peeking(a)).choose(
        GAME, view_a, 1, legal, random.Random(0)
    )
    cheat_b = IsmctsBot(iterations=120, hooks=peeking(b)).choose(
        GAME, view_b, 1, legal, random.Random(0)
    )
    assert (cheat_a, cheat_b) == (Play(1), Play(5))


def test_same_seed_same_choice_and_search():
    state = after_deal(((1, 4), (2, 3)))
    view, legal = GAME.view(state, 0), GAME.legal_actions(state, 0)
    runs = []
    for _ in range(2):
        bot = IsmctsBot(iterations=60, hooks=HIGH_HOOKS)
        bot.choose(GAME, view, 0, legal, random.Random(42))
        runs.append(bot.last.stats)
    assert runs[0] == runs[1]
    # the seed does matter (the statistics are not a constant)
    others = set()
    for seed in range(5):
        bot = IsmctsBot(iterations=60, hooks=HIGH_HOOKS)
        bot.choose(GAME, view, 0, legal, random.Random(seed))
        others.add(bot.last.stats)
    assert len(others) > 1


def test_the_callers_generator_advances_the_same_however_long_it_searches():
    state = after_deal(((1, 4), (2, 3)))
    view, legal = GAME.view(state, 0), GAME.legal_actions(state, 0)
    after = []
    for iterations in (5, 80):
        rng = random.Random(9)
        IsmctsBot(iterations=iterations, hooks=HIGH_HOOKS).choose(GAME, view, 0, legal, rng)
        after.append(rng.random())
    assert after[0] == after[1]


def test_iteration_budget_is_exact_and_one_legal_action_answers_at_once():
    state = after_deal(((1, 4), (2, 3)))
    view, legal = GAME.view(state, 0), GAME.legal_actions(state, 0)
    bot = IsmctsBot(iterations=37, hooks=HIGH_HOOKS, settle=False)
    bot.choose(GAME, view, 0, legal, random.Random(1))
    assert bot.last.iterations == 37 and bot.last.stopped_by == "iterations"
    assert sum(visits for _, visits, _ in bot.last.stats) == 37

    def determinize_never(view: Any, seat: int, rng: random.Random) -> Any:
        raise AssertionError("no search for a single legal action")

    single = IsmctsBot(iterations=37, hooks=SearchHooks(determinize=determinize_never))
    assert single.choose(GAME, view, 0, legal[:1], random.Random(1)) == legal[0]
    assert single.last.stopped_by == "single"


def test_time_budget_is_honoured():
    state = after_deal(((1, 4), (2, 3)))
    view, legal = GAME.view(state, 0), GAME.legal_actions(state, 0)
    bot = IsmctsBot(iterations=None, seconds=0.1, hooks=HIGH_HOOKS, settle=False)
    t0 = time.perf_counter()
    bot.choose(GAME, view, 0, legal, random.Random(1))
    took = time.perf_counter() - t0
    assert bot.last.stopped_by == "seconds" and bot.last.iterations > 10
    assert 0.1 <= took < 0.5
    with pytest.raises(ValueError):
        IsmctsBot(iterations=None, seconds=None)


class LastBot:
    """A fallback that answers the last legal action."""

    name = "last"

    def choose(self, game, view, seat, legal, rng):  # noqa: ANN001
        return legal[-1]


def test_should_stop_is_polled_and_honoured():
    """'Move now': the search stops at the next poll and answers its best so
    far; stopped before any iteration, it answers with its fallback bot."""
    state = after_deal(((1, 4), (2, 3)))
    view, legal = GAME.view(state, 0), GAME.legal_actions(state, 0)
    calls = []

    def stop_on_third_poll() -> bool:
        calls.append(1)
        return len(calls) >= 3

    bot = IsmctsBot(iterations=10_000, hooks=HIGH_HOOKS)
    result = bot.search(GAME, view, 0, legal, random.Random(1), should_stop=stop_on_third_poll)
    assert result.stopped_by == "stopped"
    assert result.iterations == 2 * POLL_EVERY and result.action in legal

    bot = IsmctsBot(iterations=10_000, hooks=HIGH_HOOKS, fallback=LastBot(), should_stop=lambda: True)
    assert bot.choose(GAME, view, 0, legal, random.Random(1)) == legal[-1]
    assert bot.last.iterations == 0


@pytest.mark.parametrize("was_on", [True, False])
def test_no_cyclic_collections_while_searching_and_as_before_after(was_on: bool):
    """The collector is off during a search (polled through `should_stop`),
    then as it was before, also when the search raised."""
    import gc

    state = after_deal(((1, 4), (2, 3)))
    view, legal = GAME.view(state, 0), GAME.legal_actions(state, 0)
    seen = []

    def poll() -> bool:
        seen.append(gc.isenabled())
        return False

    def broken(view: Any, seat: int, rng: random.Random) -> Any:
        raise ValueError("broken hooks")

    on = gc.isenabled()
    try:
        (gc.enable if was_on else gc.disable)()
        bot = IsmctsBot(iterations=3 * POLL_EVERY, hooks=HIGH_HOOKS, settle=False)
        bot.search(GAME, view, 0, legal, random.Random(1), should_stop=poll)
        assert seen == [False] * 3
        assert gc.isenabled() is was_on
        bot = IsmctsBot(iterations=10, hooks=SearchHooks(determinize=broken))
        with pytest.raises(ValueError, match="broken hooks"):
            bot.search(GAME, view, 0, legal, random.Random(1))
        assert gc.isenabled() is was_on
    finally:
        (gc.enable if on else gc.disable)()


def test_outcome_values():
    """A win is 1, a shared win is split, a loss 0; with three seats or more
    the rank among the others is blended in."""
    assert outcome_values(Outcome((3, 1), frozenset({0}))) == (1.0, 0.0)
    assert outcome_values(Outcome((2, 2), frozenset({0, 1}))) == (0.5, 0.5)
    three = outcome_values(Outcome((5, 1, 3), frozenset({0})))
    assert three[0] == 1.0 and three[1] == 0.0 and 0 < three[2] < 0.5
    assert outcome_values(Outcome((7,), frozenset())) == (0.0,)


# --- the real games ------------------------------------------------------------


def _hooks(game_id: str) -> Any:
    hooks = hooks_for(GAMES[game_id])
    assert hooks is not None, f"{game_id} has no core/<package>/search.py (issue 13)"
    return hooks


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_game_has_search_hooks(game_id: str):
    """Issue 13: the search covers every game; its knowledge of the game is
    the package's `search.HOOKS`, found from the game object alone."""
    import importlib

    package = GAMES[game_id].State.__module__.rpartition(".")[0]
    hooks = hooks_for(GAMES[game_id])
    assert hooks is importlib.import_module(f"{package}.search").HOOKS
    assert callable(hooks.determinize)


def _positions(game: Any, players: int, seed: int, every: int = 5) -> list[tuple[Any, int]]:
    """Decision states (more than one legal action) of a random playout."""
    playout = Playout(game, game.setup(players, game.Options()), random.Random(seed))
    choices = [(state, seat) for state, seat, legal in playout if len(legal) > 1]
    return choices[every - 1::every]


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_answers_a_legal_action_in_every_game(game_id: str):
    hooks = _hooks(game_id)
    game = GAMES[game_id]
    players = game.players.start if game.players.start > 1 else 2
    positions = _positions(game, players, seed=5)
    assert positions
    bot = IsmctsBot(iterations=25, hooks=hooks, settle=False)
    for state, seat in positions[:: max(1, len(positions) // 8)]:
        legal = game.legal_actions(state, seat)
        action = bot.choose(game, game.view(state, seat), seat, legal, random.Random(1))
        assert action in legal
        # a game's `answer` hook (Boss Quest at the Wizard) skips the search
        assert bot.last.iterations == 25 or bot.last.stopped_by == "answered"


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_search_leaves_no_cyclic_garbage_in_every_game(game_id: str):
    """What the search drops, reference counting frees: so the collector
    may stay off while it runs."""
    import gc

    hooks = _hooks(game_id)
    game = GAMES[game_id]
    players = 3 if 3 in game.players else game.players.start
    positions = _positions(game, players, seed=7, every=7)[:6]
    assert positions
    for state, seat in positions:
        view, legal = game.view(state, seat), game.legal_actions(state, seat)
        bot = IsmctsBot(iterations=60, hooks=hooks, settle=False)
        gc.collect()
        # what the process held before the search is frozen, so the check's
        # collection walks only what the search made (in a worker of the
        # whole suite a full collection walked hundreds of MB of earlier
        # tests: 0.1-0.5 s each, most of this test's time); the search's
        # own objects, the only ones it can drop, are all still looked at
        gc.freeze()
        try:
            bot.choose(game, view, seat, legal, random.Random(2))
            bot.last = None
            assert gc.collect() == 0
        finally:
            gc.unfreeze()


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_same_seed_same_choice_in_every_game(game_id: str):
    hooks = _hooks(game_id)
    game = GAMES[game_id]
    players = 3 if 3 in game.players else game.players.start
    for state, seat in _positions(game, players, seed=6, every=9)[:4]:
        view, legal = game.view(state, seat), game.legal_actions(state, seat)
        a, b = IsmctsBot(iterations=30, hooks=hooks), IsmctsBot(iterations=30, hooks=hooks)
        assert a.choose(game, view, seat, legal, random.Random(8)) == b.choose(
            game, view, seat, legal, random.Random(8)
        )
        assert a.last.stats == b.last.stats


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_blind_to_hidden_information_in_every_game(game_id: str):
    """Issue 13: two full states that differ only in what the bot's seat
    cannot see (two determinizations of its view: other hands, the decks,
    secret picks) have the same view, and the bot answers the same with the
    same seed."""
    hooks = _hooks(game_id)
    game = GAMES[game_id]
    players = 3 if 3 in game.players else game.players.start
    rng = random.Random(4)
    compared = 0
    for state, seat in _positions(game, players, seed=7, every=6)[:6]:
        view = game.view(state, seat)
        a, b = hooks.determinize(view, seat, rng), hooks.determinize(view, seat, rng)
        if a == b:
            continue  # nothing hidden here that could differ
        assert game.view(a, seat) == game.view(b, seat) == view
        legal = game.legal_actions(a, seat)
        assert legal == game.legal_actions(b, seat)
        bot = IsmctsBot(iterations=30, hooks=hooks)
        choice_a = bot.choose(game, game.view(a, seat), seat, legal, random.Random(2))
        stats_a = bot.last.stats
        choice_b = bot.choose(game, game.view(b, seat), seat, legal, random.Random(2))
        assert choice_a == choice_b and bot.last.stats == stats_a
        compared += 1
    assert compared


def _whole_match(game_id: str, players: int, iterations: int) -> Outcome:
    from core.playout import play_match

    game = GAMES[game_id]
    bots = [make_bot(game_id, "normal", iterations=iterations) for _ in range(players)]
    _, outcome, _ = play_match(game, players, bots, random.Random(11))
    return outcome


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_whole_match_plays_to_the_end(game_id: str):
    _hooks(game_id)
    game = GAMES[game_id]
    players = 3 if 3 in game.players else game.players.start
    outcome = _whole_match(game_id, players, iterations=8)
    assert len(outcome.scores) == players and outcome.winners


def _last_decisions(game: Any, players: int, seeds: range) -> list[tuple[Any, int]]:
    """For each seeded random match that ends on a seat's decision (no chance
    after it), the state before that last decision and its seat."""
    out = []
    for seed in seeds:
        rng = random.Random(seed)
        state = game.setup(players, game.Options())
        last = None
        while seats := game.to_act(state):
            if CHANCE in seats:
                state = game.apply(state, CHANCE, sample_chance(game.chance_outcomes(state), rng))
                last = None
                continue
            seat = min(seats)
            last = (state, seat)
            state = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
        if last is not None:
            out.append(last)
    return out


def test_finds_the_winning_last_move_in_overstocked():
    """The last placement of an Overstocked match (OS §Scoring: the game ends
    when it is placed): among a hundred-odd placements a few win in every
    deal the bot's view allows, the rest lose in every one. Without the
    game's pruning (its job is to guess, the engine's is to search), the
    bot finds a winning one with three iterations per placement."""
    game = GAMES["overstocked"]
    hooks = attrs.evolve(_hooks("overstocked"), prune=None)
    rng = random.Random(0)
    tried = 0
    for state, seat in _last_decisions(game, 2, range(12)):
        view, legal = game.view(state, seat), game.legal_actions(state, seat)
        verdicts: dict[Any, set[bool]] = {a: set() for a in legal}
        for _ in range(4):
            full = hooks.determinize(view, seat, rng)
            for action in legal:
                after = game.apply(full, seat, action)
                assert not game.to_act(after)
                verdicts[action].add(game.outcome(after).winners == {seat})
        wins = [a for a, v in verdicts.items() if v == {True}]
        if not wins or len(wins) > len(legal) // 3 or any(len(v) > 1 for v in verdicts.values()):
            continue  # no sure win, most moves win, or it depends on hidden cards
        bot = IsmctsBot(iterations=3 * len(legal), hooks=hooks)
        assert bot.choose(game, view, seat, legal, random.Random(1)) in wins
        tried += 1
        if tried == 2:
            break
    assert tried == 2


def test_move_now_from_another_thread_ends_a_long_search():
    """'Move now' as a host sends it: an event set from another thread
    while the bot searches with a budget of minutes; the answer comes at
    once, and is the best found so far (one of the legal actions)."""
    import threading

    state = after_deal(((1, 4), (2, 3)))
    view, legal = GAME.view(state, 0), GAME.legal_actions(state, 0)
    hurry = threading.Event()
    bot = IsmctsBot(iterations=None, seconds=120.0, hooks=HIGH_HOOKS, should_stop=hurry.is_set)
    timer = threading.Timer(0.2, hurry.set)
    timer.start()
    t0 = time.perf_counter()
    action = bot.choose(GAME, view, 0, legal, random.Random(1))
    took = time.perf_counter() - t0
    timer.join()
    assert action in legal and bot.last.stopped_by == "stopped"
    # (the timer may start its 0.2 s a moment before the clock here does)
    assert bot.last.iterations > 0 and 0.15 <= took < 1.5


# --- what the bot sees of chance ----------------------------------------------


@attrs.frozen
class PushState:
    total: int = 0
    draws: int = 0
    stopped: bool = False
    drawing: bool = False
    unseen: tuple[int, ...] = ()


class Push:
    """One seat: draw (a 1 or a 5, even odds, face up) or stop; a second
    draw ends the game. A total of 5 or 6 wins. Best play: draw, then stop
    on a 5 and draw again on a 1 (wins 3 times in 4); a player who could
    not see the first card wins 1 time in 2 whatever it does next."""

    id = "push"

    @staticmethod
    def to_act(s: PushState) -> frozenset[int]:
        if s.drawing:
            return frozenset({CHANCE})
        if s.stopped or s.draws == 2:
            return frozenset()
        return frozenset({0})

    @staticmethod
    def legal_actions(s: PushState, seat: int) -> tuple[str, ...]:
        return ("draw", "stop")

    @staticmethod
    def chance_outcomes(s: PushState) -> tuple[tuple[int, float], ...]:
        return ((1, 0.5), (5, 0.5))

    @staticmethod
    def apply(s: PushState, seat: int, action: Any) -> PushState:
        if seat == CHANCE:
            return attrs.evolve(s, total=s.total + action, draws=s.draws + 1, drawing=False)
        return attrs.evolve(s, drawing=action == "draw", stopped=action == "stop")

    @staticmethod
    def view(s: PushState, seat: int) -> PushState:
        return s

    @staticmethod
    def outcome(s: PushState) -> Outcome:
        won = s.total in (5, 6)
        return Outcome((int(won),), frozenset({0}) if won else frozenset())


def test_the_tree_follows_what_the_bot_sees_of_chance():
    """With chance keyed by the bot's view, the bot's second decision
    depends on the card it drew, so drawing is worth its true 3/4; an
    open-loop tree (`observe_chance=False`) averages the second decision
    over both cards and finds 1/2."""
    hooks = SearchHooks(determinize=lambda view, seat, rng: view)
    means = {}
    for observe in (True, False):
        bot = IsmctsBot(iterations=3000, hooks=hooks, observe_chance=observe)
        assert bot.choose(Push(), PushState(), 0, ("draw", "stop"), random.Random(3)) == "draw"
        means[observe] = dict((a, mean) for a, _, mean in bot.last.stats)["draw"]
    assert means[True] > 0.68 and means[False] < 0.57


def test_tree_depth_bounds_the_decisions_the_tree_holds():
    """With `tree_depth=1` the tree holds the root's actions only and the
    rollout (here at random) makes the bot's second decision: drawing is
    worth 1/2. With 2 the tree holds that decision too, after each card it
    sees, and drawing is worth its true 3/4."""
    hooks = SearchHooks(determinize=lambda view, seat, rng: view)
    means = {}
    for depth in (1, 2):
        bot = IsmctsBot(iterations=3000, hooks=hooks, tree_depth=depth)
        bot.choose(Push(), PushState(), 0, ("draw", "stop"), random.Random(3))
        means[depth] = dict((a, mean) for a, _, mean in bot.last.stats)["draw"]
    assert means[1] < 0.57 and means[2] > 0.68
    with pytest.raises(ValueError, match="tree_depth"):
        IsmctsBot(iterations=10, tree_depth=0)


def test_make_bot_passes_a_tree_depth_to_a_searching_level_only():
    from core.bots import make_bot

    assert make_bot("boss-quest", "hard", iterations=50, tree_depth=1).tree_depth == 1
    assert make_bot("boss-quest", "normal").tree_depth is None  # the levels set none
    with pytest.raises(ValueError, match="does not search"):
        make_bot("boss-quest", "heuristic", tree_depth=1)


def test_progressive_widening_and_policy_first_expansion():
    """Options for tuning: with `widening` a node a seat decided at n times
    holds at most widening * sqrt(n) actions; with `policy_first` the first
    action expanded is the rollout policy's."""
    game = GAMES["overstocked"]
    hooks = attrs.evolve(_hooks("overstocked"), prune=None)
    state, seat = _last_decisions(game, 2, range(1))[0]
    view, legal = game.view(state, seat), game.legal_actions(state, seat)
    assert len(legal) > 50
    bot = IsmctsBot(iterations=100, hooks=hooks, widening=1.0)
    bot.choose(game, view, seat, legal, random.Random(1))
    assert 2 <= len(bot.last.stats) <= 11
    plain = IsmctsBot(iterations=100, hooks=hooks)
    plain.choose(game, view, seat, legal, random.Random(1))
    assert len(plain.last.stats) == min(100, len(legal))  # a new action per iteration

    chosen = []

    def policy(state: Any, seat: int, legal: tuple[Any, ...], rng: random.Random) -> Any:
        chosen.append(legal[-1])
        return legal[-1]

    first = IsmctsBot(iterations=1, hooks=attrs.evolve(hooks, rollout=policy), policy_first=True)
    first.choose(game, view, seat, legal, random.Random(1))
    assert [a for a, _, _ in first.last.stats] == [legal[-1]] == chosen[:1]


#: A seeded search's root statistics in three positions per game, hashed
#: (`_search_fingerprint`), as the search gave them before
#: `SearchHooks.horizon` existed (commit 7186978): a game that sets no
#: horizon searches exactly as before. Overseers' changed with its rollout
#: policy for the pair a guilty player loses, the Leader's choice (OV-5,
#: OV-13; with that pair drawn at random as before, it is bce00e982e9549b9),
#: then with the vote's candidates (`search.prune`, 2026-12-07; before it,
#: a03a19378bea394d).
#: Overboss Duel's changed with OD-17's forced spawns beside a real choice
#: (commit 836c4d7; before it, 9c598721d1695942).
FINGERPRINTS = {
    "overboss-duel": "1b883b1ba8d1c9cb",
    "overseers": "aae4b583d01ea137",
    "overstocked": "f7b032c7a5c6a330",
}


def _search_fingerprint(game_id: str) -> str:
    import hashlib

    game = GAMES[game_id]
    players = 3 if 3 in game.players else game.players.start
    rows = []
    for state, seat in _positions(game, players, seed=12, every=7)[:3]:
        bot = IsmctsBot(iterations=60, hooks=hooks_for(game), settle=False)
        view, legal = game.view(state, seat), game.legal_actions(state, seat)
        bot.choose(game, view, seat, legal, random.Random(21))
        rows.append(repr(bot.last.stats))
    return hashlib.sha256("\n".join(rows).encode()).hexdigest()[:16]


@pytest.mark.parametrize("game_id", sorted(FINGERPRINTS))
def test_games_without_a_horizon_search_as_before(game_id: str):
    """The horizon (`SearchHooks.horizon`, Boss Quest's end of the round) is
    opt-in: the other games set none, and their seeded searches pick the
    same actions with the same statistics as before it was added. (A change
    to one of these games' rules or hooks changes its fingerprint too:
    recompute it with `_search_fingerprint` then.)"""
    assert _hooks(game_id).horizon is None and _hooks(game_id).answer is None
    assert _search_fingerprint(game_id) == FINGERPRINTS[game_id]


def test_a_games_answer_is_taken_without_searching():
    """`SearchHooks.answer`: where the game answers, the bot plays that
    action at once (no iteration, its generator untouched); where it says
    None, the bot searches as usual."""
    game = GAME
    state = after_deal(((1, 4), (2, 3)))
    view, legal = game.view(state, 0), game.legal_actions(state, 0)
    hooks = HIGH_HOOKS
    budgets = []

    def last_one(v, seat, legal, *, iterations, stop):
        budgets.append((iterations, stop))
        return legal[-1]

    told = attrs.evolve(hooks, answer=last_one)
    bot = IsmctsBot(iterations=40, hooks=told)
    caller = random.Random(3)
    assert bot.choose(game, view, 0, legal, caller) == legal[-1]
    assert bot.last.stopped_by == "answered" and bot.last.iterations == 0
    assert caller.random() == random.Random(3).random()
    # the answer is given the bot's budget: no clock, no stop
    assert budgets == [(40, None)]
    silent = attrs.evolve(hooks, answer=lambda v, seat, legal, **budget: None)
    plain = IsmctsBot(iterations=40, hooks=hooks)
    asked = IsmctsBot(iterations=40, hooks=silent)
    assert asked.choose(game, view, 0, legal, random.Random(4)) == plain.choose(
        game, view, 0, legal, random.Random(4)
    )
    assert asked.last.stats == plain.last.stats and asked.last.iterations == 40


def test_a_games_answer_is_told_when_to_stop():
    """`SearchHooks.answer` is given `stop`: true once the bot's clock has
    run out or "move now" is asked (`should_stop`), false before."""
    game = GAME
    state = after_deal(((1, 4), (2, 3)))
    view, legal = game.view(state, 0), game.legal_actions(state, 0)
    seen = []

    def note(v, seat, legal, *, iterations, stop):
        seen.append((iterations, stop()))
        return legal[0]

    hooks = attrs.evolve(HIGH_HOOKS, answer=note)
    asked = [False]
    IsmctsBot(iterations=None, seconds=60.0, hooks=hooks).search(
        game, view, 0, legal, random.Random(1), should_stop=lambda: asked[0]
    )
    asked[0] = True
    IsmctsBot(iterations=None, seconds=60.0, hooks=hooks).search(
        game, view, 0, legal, random.Random(1), should_stop=lambda: asked[0]
    )
    # a clock of a nanosecond has run out by the time the answer is asked
    IsmctsBot(iterations=7, seconds=1e-9, hooks=hooks).choose(game, view, 0, legal, random.Random(1))
    assert seen == [(None, False), (None, True), (7, True)]


# --- common deals: the decision at hand searched on the same deals -----------


def test_common_deals_find_the_sure_win():
    """With `SearchHooks.common_deals` the bot plays each of its actions on
    the same deals and answers the best: the 5 that beats every card the
    rival may hold, a sure win (mean 1.0), over the 6."""
    state = after_deal(((1, 2), (5, 6)))
    view, legal = GAME.view(state, 1), GAME.legal_actions(state, 1)
    hooks = attrs.evolve(HIGH_HOOKS, common_deals=True)
    for seed in range(3):
        bot = IsmctsBot(iterations=60, hooks=hooks)
        assert bot.choose(GAME, view, 1, legal, random.Random(seed)) == Play(5)
        assert bot.last.stats[0][0] == Play(5) and bot.last.stats[0][2] == 1.0
        assert bot.last.stats[1][2] < 1.0


def test_common_deals_share_each_deal_and_its_seed_between_the_actions():
    """Each deal is one determinization and one seed for the playouts, used
    after every legal action in turn; a deal costs one iteration per action
    and no deal starts that the budget cannot finish."""
    state = after_deal(((1, 4), (2, 3)))
    view, legal = GAME.view(state, 0), GAME.legal_actions(state, 0)
    deals: list[HighState] = []
    draws: list[tuple[tuple[int | None, ...], float]] = []

    def determinize(view: HighState, seat: int, rng: random.Random) -> HighState:
        deals.append(high_determinize(view, seat, rng))
        return deals[-1]

    def rollout(state: HighState, seat: int, legal: tuple[Any, ...], rng: random.Random) -> Any:
        draws.append((state.hands[1], rng.random()))  # the rival's hand, the seed's first draw
        return legal[0]

    hooks = SearchHooks(determinize=determinize, rollout=rollout, common_deals=True)
    bot = IsmctsBot(iterations=37, hooks=hooks)
    bot.choose(GAME, view, 0, legal, random.Random(1))
    assert len(deals) == 18 and bot.last.iterations == 36  # 37 // 2 deals of 2 actions
    assert [visits for _, visits, _ in bot.last.stats] == [18, 18]
    assert len(draws) == 36
    pairs = [draws[i : i + 2] for i in range(0, 36, 2)]
    assert all(a == b for a, b in pairs)  # one deal, one seed, for both actions
    assert len({pair[0][1] for pair in pairs}) == 18  # a new seed each deal
    assert [pair[0][0] for pair in pairs] == [deal.hands[1] for deal in deals]


def test_common_deals_keep_the_budgets_and_move_now():
    """The time budget and "move now" end the search between deals; stopped
    before the first, the bot answers with its fallback. A `tree_depth`
    asks for a tree, common deals or not."""
    state = after_deal(((1, 4), (2, 3)))
    view, legal = GAME.view(state, 0), GAME.legal_actions(state, 0)
    hooks = attrs.evolve(HIGH_HOOKS, common_deals=True)
    # (settle=False: the sure win below would settle before the clock ends it)
    timed = IsmctsBot(iterations=None, seconds=0.05, hooks=hooks, settle=False)
    timed.choose(GAME, view, 0, legal, random.Random(1))
    assert timed.last.stopped_by == "seconds" and timed.last.iterations > 10

    stopped = IsmctsBot(iterations=100, hooks=hooks, fallback=LastBot(), should_stop=lambda: True)
    assert stopped.choose(GAME, view, 0, legal, random.Random(1)) == legal[-1]
    assert stopped.last.stopped_by == "stopped" and stopped.last.iterations == 0
    tree = IsmctsBot(iterations=41, hooks=hooks, tree_depth=1, settle=False)
    tree.choose(GAME, view, 0, legal, random.Random(1))
    assert sum(visits for _, visits, _ in tree.last.stats) == 41  # an iteration a visit


def test_common_deals_settle_when_the_choice_changes_nothing():
    """A choice that scores the same on every deal (a knight's potion read
    when nothing is left to decide) costs `SETTLE_DEALS` deals, not the
    whole budget, and answers the first action."""
    state = after_deal(((1, 4), (2, 3)))
    view, legal = GAME.view(state, 0), GAME.legal_actions(state, 0)

    def rollout(state: HighState, seat: int, legal: tuple[Any, ...], rng: random.Random) -> Any:
        return legal[0]

    def evaluate(state: HighState) -> tuple[float, float]:
        return (0.5, 0.5)  # the same whatever was played

    hooks = SearchHooks(determinize=high_determinize, rollout=rollout, common_deals=True,
                        evaluate=evaluate, horizon=lambda state: lambda later: True)
    bot = IsmctsBot(iterations=2000, hooks=hooks)
    assert bot.choose(GAME, view, 0, legal, random.Random(1)) == legal[0]
    assert bot.last.stopped_by == "settled"
    assert bot.last.iterations == SETTLE_DEALS * len(legal)
    whole = IsmctsBot(iterations=2000, hooks=hooks, settle=False)
    whole.choose(GAME, view, 0, legal, random.Random(1))
    assert whole.last.stopped_by == "iterations" and whole.last.iterations == 2000


def test_common_deals_settle_on_a_clear_lead_and_not_on_a_close_one():
    """The paired test (`_clear_lead`): the best action is settled once it
    beats every other by more than `SETTLE_Z` standard errors of their
    difference on the same deals; a close or noisy lead is not settled."""
    rng = random.Random(3)
    noise = [rng.random() for _ in range(60)]
    same = list(noise)
    assert _clear_lead([sum(noise), sum(same)], [noise, same])  # identical: nothing to choose
    ahead = [v + 0.3 for v in noise]
    assert _clear_lead([sum(ahead), sum(noise)], [ahead, noise])  # better on every deal
    coin = [float(rng.random() < 0.5) for _ in range(60)]
    other = [float(rng.random() < 0.5) for _ in range(60)]
    assert not _clear_lead([sum(coin), sum(other)], [coin, other])  # a coin against a coin
    # a third action still in doubt keeps the search going
    near = [v + rng.gauss(0.0, 0.2) - 0.01 for v in ahead]
    assert not _clear_lead([sum(ahead), sum(noise), sum(near)], [ahead, noise, near])


def test_common_deals_settle_to_the_whole_budgets_answer_in_boss_quest():
    """On Boss Quest's knights' decisions the settled search gives the
    answer the whole budget gives, in fewer deals where one is clear."""
    game = GAMES["boss-quest"]
    hooks = hooks_for(game)
    assert hooks.common_deals
    saved = 0
    for state, seat in _positions(game, 2, seed=5, every=3)[:10]:
        view, legal = game.view(state, seat), game.legal_actions(state, seat)
        whole = IsmctsBot(iterations=600, hooks=hooks, settle=False)
        settled = IsmctsBot(iterations=600, hooks=hooks)
        assert settled.choose(game, view, seat, legal, random.Random(2)) == whole.choose(
            game, view, seat, legal, random.Random(2))
        saved += whole.last.iterations - settled.last.iterations
    assert saved > 0, "no decision was settled early"


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_settled_search_answers_what_the_whole_budget_would(game_id: str):
    """A tree search stops once no action can overtake the most visited one
    in the iterations left (`IsmctsBot.settle`): under an iteration budget
    its answer is exactly the whole budget's, in fewer iterations where the
    decision is clear. (On common deals, by a paired test: the same answer
    here, not in every position.)"""
    game = GAMES[game_id]
    hooks = _hooks(game_id)
    players = 3 if 3 in game.players else game.players.start
    saved = 0
    for state, seat in _positions(game, players, seed=8, every=9)[:6]:
        view, legal = game.view(state, seat), game.legal_actions(state, seat)
        whole = IsmctsBot(iterations=160, hooks=hooks, settle=False)
        settled = IsmctsBot(iterations=160, hooks=hooks)
        assert settled.choose(game, view, seat, legal, random.Random(4)) == whole.choose(
            game, view, seat, legal, random.Random(4))
        if settled.last.stopped_by == "settled" and hooks.common_deals:
            # settled by the paired test on the deals (every action has as many)
            assert settled.last.iterations < whole.last.iterations
        elif settled.last.stopped_by == "settled":
            top, second = (settled.last.stats + ((None, 0, 0.0),))[:2]
            assert top[1] - second[1] > 160 - settled.last.iterations
            assert settled.last.iterations < whole.last.iterations
            saved += whole.last.iterations - settled.last.iterations
        else:
            assert settled.last.iterations == whole.last.iterations
    if not hooks.common_deals:  # (Boss Quest's knights: the test above)
        assert saved > 0, "no decision was clear enough to stop early"



def test_a_search_against_the_clock_settles_when_the_rate_could_not_catch_up():
    """Under a clock the iterations left are those the rate so far would
    run in the time left, with `SETTLE_MARGIN`: 950 iterations in a second,
    a lead of 850 visits is settled with half a second left (712 more at
    most), not with a whole second (1,425)."""
    from core.bots.ismcts import _Node

    root = _Node(None, None)
    for action, visits in ((0, 900), (1, 50)):
        child = _Node(0, action)
        child.visits = visits
        root.children.setdefault(0, {})[action] = child
    now = time.perf_counter()
    assert not IsmctsBot._settled(root, 0, 950, None, now + 1.0, now - 1.0)
    assert IsmctsBot._settled(root, 0, 950, None, now + 0.5, now - 1.0)
    assert IsmctsBot._settled(root, 0, 950, 1000, now + 60.0, now - 1.0)  # the budget binds
    assert not IsmctsBot._settled(root, 0, 950, 2000, None, now - 1.0)


@pytest.mark.parametrize("common_deals", [False, True], ids=["tree", "common deals"])
def test_the_clock_counts_from_when_the_move_was_asked(common_deals: bool):
    """A play-test: the hard bot's first move took 6 s of its 5, the search
    process's start-up coming before the bot's clock. A host that asked
    earlier than the search begins says when (`asked_at`): the seconds
    count from then, so a search asked longer ago than its seconds answers
    at once (its fallback: no iteration ran). An iteration budget alone
    searches as before, however long ago it was asked."""
    state = after_deal(((1, 4), (2, 3)))
    view, legal = GAME.view(state, 0), GAME.legal_actions(state, 0)
    hooks = attrs.evolve(HIGH_HOOKS, common_deals=common_deals)
    late = IsmctsBot(iterations=None, seconds=5.0, hooks=hooks, fallback=LastBot(), settle=False)
    late.asked_at = time.perf_counter() - 6.0  # the host took 6 s to start it
    assert late.choose(GAME, view, 0, legal, random.Random(1)) == legal[-1]
    assert late.last.stopped_by == "seconds" and late.last.iterations == 0

    runs = []
    for asked_at in (None, time.perf_counter() - 100.0):
        bot = IsmctsBot(iterations=60, hooks=hooks)
        bot.asked_at = asked_at
        bot.choose(GAME, view, 0, legal, random.Random(42))
        runs.append((bot.last.stats, bot.last.iterations, bot.last.stopped_by))
    assert runs[0] == runs[1]
