"""Overboss Duel's search hooks (core/overboss/search.py; issue 13): a
determinized view is a state the view could come from, drawn from the view's
unseen pool alone; the evaluation, the rollout policy and the pruning keep
to the rules."""

from __future__ import annotations

import random
from collections import Counter

import attrs
import pytest

from core import CHANCE
from core.bots import make_bot
from core.bots.base import RandomBot
from core.engine import SearchHooks
from core.overboss import GAME
from core.overboss.actions import (
    DealBoss,
    Destroy,
    PlaceToken,
    RevealBoss,
    Skip,
    SwapTokens,
    UseSpire,
)
from core.overboss.components import BOSSES, HEROES, TILE_COUNTS, TOKEN_COUNTS, Boss
from core.overboss.search import HOOKS, determinize, evaluate, prune, reveal_wasted, rollout
from core.overboss.state import Step
from core.playout import Playout, play_match, random_playout, sample_chance
from tests.overboss_tables import (
    BANDIT,
    MINI,
    WOLF,
    YETI,
    D,
    I,
    Lair,
    R,
    T,
    all_heroes,
    all_tiles,
    all_tokens,
    board,
    table,
)
from tests.playouts import seeds

SEEDS = seeds(12)


def _states(seed: int, short: bool, every: int = 1):
    """Every `every`-th state of a seeded random playout (chance included)."""
    rng = random.Random(seed)
    state = GAME.setup(2, GAME.Options(short_board=short))
    n = 0
    while seats := GAME.to_act(state):
        if n % every == 0:
            yield state
        n += 1
        if CHANCE in seats:
            state = GAME.apply(state, CHANCE, sample_chance(GAME.chance_outcomes(state), rng))
        else:
            seat = min(seats)
            state = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    yield state


def _conserved(state) -> None:
    """OD-3: every tile, token, hero and Boss card is somewhere."""
    assert all_tiles(state) == Counter(TILE_COUNTS)
    assert all_tokens(state) == Counter(TOKEN_COUNTS)
    assert all_heroes(state) == HEROES
    bosses = [b for b in state.bosses if b is not None] + list(state.boss_deck)
    assert Counter(bosses) == Counter(BOSSES)


def test_hooks_are_search_hooks():
    assert isinstance(HOOKS, SearchHooks)
    assert HOOKS.determinize is determinize and HOOKS.evaluate is evaluate
    assert HOOKS.rollout is rollout and HOOKS.prune is prune
    assert HOOKS.rollout_depth is None or HOOKS.rollout_depth > 0


@pytest.mark.parametrize("short", [False, True])
def test_determinize_matches_the_view_everywhere(short):
    """At every step of random playouts on both boards (OD §Set Up), for
    both seats and a spectator: the determinized view is a full state
    (`unseen` None, no Boss dealt left None, the deck in the box's order)
    whose view is the view, whose legal actions for the seat are the real
    ones, and which holds every component (OD-3)."""
    rng = random.Random(7)
    checked = 0
    for seed in range(SEEDS):
        for state in _states(seed, short, every=3):
            for seat in (0, 1, None):
                v = GAME.view(state, seat)
                d = determinize(v, seat, rng)
                assert d.unseen is None
                assert GAME.view(d, seat) == v
                dealt = len(BOSSES) - len(state.boss_deck)
                assert all(b is not None for b in d.bosses[:dealt])
                assert d.bosses[dealt:] == state.bosses[dealt:]
                assert list(d.boss_deck) == [b for b in BOSSES if b in d.boss_deck]
                assert len(d.boss_deck) == len(state.boss_deck)
                assert GAME.to_act(d) == GAME.to_act(state)
                if seat is not None:
                    assert GAME.legal_actions(d, seat) == GAME.legal_actions(state, seat)
                _conserved(d)
                checked += 1
    assert checked > 500


@pytest.mark.parametrize("short", [False, True])
def test_random_playouts_from_determinized_states_end_and_conserve(short):
    """A determinized state is one the rules play on: random playouts from
    it reach the end (OD §Turn Order 7) with every component conserved."""
    rng = random.Random(11)
    for seed in range(SEEDS):
        states = list(_states(seed, short, every=17))
        for state in states[:-1]:
            seat = 0 if seed % 2 else 1
            d = determinize(GAME.view(state, seat), seat, rng)
            end, applied = random_playout(GAME, 2, rng=rng, state=d)
            assert GAME.to_act(end) == frozenset() and applied > 0
            assert GAME.outcome(end) is not None
            _conserved(end)


def _dealt(seat_boss: Boss, other: Boss):
    state = GAME.setup(2, GAME.Options())
    state = GAME.apply(state, CHANCE, DealBoss(seat_boss))
    return GAME.apply(state, CHANCE, DealBoss(other))


def test_hidden_bosses_come_from_the_unseen_pool_uniformly():
    """OD §Boss Cards: seat 0 knows its own Boss only. Over many draws the
    opponent's Boss and the deck take every unseen card, about equally
    often, and never seat 0's own card."""
    state = _dealt(Boss.KING_CROAK, Boss.BARON_HEX)
    v = GAME.view(state, 0)
    assert v.bosses == (Boss.KING_CROAK, None)
    rng = random.Random(3)
    opponent: Counter = Counter()
    deck: Counter = Counter()
    draws = 2_000
    for _ in range(draws):
        d = determinize(v, 0, rng)
        assert d.bosses[0] is Boss.KING_CROAK
        opponent[d.bosses[1]] += 1
        deck.update(d.boss_deck)
    assert set(opponent) == set(v.unseen) == set(BOSSES) - {Boss.KING_CROAK}
    assert set(deck) == set(v.unseen)
    for boss in v.unseen:  # 400 expected each; 5 sigma is about 90
        assert 300 < opponent[boss] < 500
        assert 1_500 < deck[boss] < 1_700  # 1,600 expected (4 of 5 places)


def test_a_spectator_and_a_seat_before_the_deal():
    """A spectator's view hides both face-down Bosses; before seat 1 is
    dealt, its Boss stays None in every determinization (nothing was dealt)."""
    rng = random.Random(5)
    state = _dealt(Boss.DR_DEADLY, Boss.BELLADONNA)
    seen: Counter = Counter()
    for _ in range(300):
        d = determinize(GAME.view(state, None), None, rng)
        assert d.bosses[0] is not None and d.bosses[1] is not None
        assert d.bosses[0] != d.bosses[1]
        seen.update(d.bosses)
    assert set(seen) == set(BOSSES)
    half = GAME.apply(GAME.setup(2, GAME.Options()), CHANCE, DealBoss(Boss.BARON_HEX))
    for _ in range(50):
        d = determinize(GAME.view(half, 1), 1, rng)
        assert d.bosses[1] is None and d.bosses[0] is not None
        assert len(d.boss_deck) == 5 and d.bosses[0] not in d.boss_deck


def test_determinize_reads_only_the_view():
    """Two states that differ only in seat 0's hidden Boss (and so the deck)
    give seat 1 the same view, and the same determinization for the same
    random seed: nothing else reaches it."""
    a = _dealt(Boss.QUEEN_RIMEFANG, Boss.BELLADONNA)
    b = _dealt(Boss.WARLORD_GRIMTUSK, Boss.BELLADONNA)
    va, vb = GAME.view(a, 1), GAME.view(b, 1)
    assert va == vb
    for seed in range(20):
        assert determinize(va, 1, random.Random(seed)) == determinize(vb, 1, random.Random(seed))


def test_determinize_refuses_a_pool_that_does_not_fit():
    v = GAME.view(_dealt(Boss.KING_CROAK, Boss.BARON_HEX), 0)
    with pytest.raises(ValueError, match="unseen pool"):
        determinize(attrs.evolve(v, unseen=v.unseen[:-1]), 0, random.Random(1))


# --- evaluate ---------------------------------------------------------------


def test_evaluate_is_a_probability_everywhere():
    for seed in range(4):
        for state in _states(seed, bool(seed % 2), every=5):
            p = evaluate(state)
            assert len(p) == 2 and 0.0 <= p[0] <= 1.0 and p[0] + p[1] == pytest.approx(1.0)


def test_evaluate_favours_the_seat_clearly_ahead():
    """OD-10: seat 0's half holds two Towns (2 each) and matching monsters
    while seat 1's holds nothing that scores: seat 0 is favoured, more so
    with fewer squares left to play; the board turned (its half-turn
    symmetry, OD-2) favours seat 1 as much; an empty table is even."""
    no_objective = (Boss.DR_DEADLY, Boss.BARON_HEX)  # no Spires, no crystals: 0
    early = table(board(a1="TW", b1="TW", c1="IY", d1="IY"), bosses=no_objective)
    p_early = evaluate(early)[0]
    filler = {n: "P." for n in ("a2", "b2", "c2", "d2", "a7", "b7", "c7", "d7")}
    filler |= {n: "S." for n in ("a3", "b3", "c3", "d3", "a6", "b6", "c6", "d6")}
    filler |= {n: "S." for n in ("a8", "b8", "c8", "d8")}
    late = table(board(a1="TW", b1="TW", c1="IY", d1="IY", **filler), bosses=no_objective)
    assert GAME.score_pad(late).totals == (14, 0)
    assert late.tiles.count(None) == 8
    p_late = evaluate(late)[0]
    assert 0.55 < p_early < p_late and p_late > 0.7
    turned = attrs.evolve(late, tiles=late.tiles[::-1], tokens=late.tokens[::-1])
    assert GAME.score_pad(turned).totals == (0, 14)
    assert evaluate(turned) == pytest.approx((1 - p_late, p_late))
    assert evaluate(table()) == (0.5, 0.5)


def test_evaluate_at_the_end_is_the_result():
    """OD-12: at the end the evaluation is the outcome itself."""
    for seed in range(6):
        end, _ = random_playout(GAME, 2, rng=random.Random(seed))
        out = GAME.outcome(end)
        p = evaluate(end)
        if len(out.winners) == 2:
            assert p == (0.5, 0.5)
        else:
            (w,) = out.winners
            assert p[w] == 1.0 and p[1 - w] == 0.0


# --- rollout and prune ------------------------------------------------------


def test_rollout_plays_legal_moves_to_the_end():
    """The rollout policy answers one of the legal actions at every step and
    plays whole duels on both boards; it moves no Spire while it has other
    moves."""
    def checked_rollout(state, seat, legal, rng):
        action = rollout(state, seat, legal, rng)
        assert action in legal
        if any(not isinstance(a, (UseSpire, RevealBoss)) for a in legal):
            assert not isinstance(action, UseSpire)
        return action

    for seed in range(6):
        start = GAME.setup(2, GAME.Options(short_board=bool(seed % 2)))
        playout = Playout(GAME, start, random.Random(seed), checked_rollout)
        for _ in playout:
            pass
        assert GAME.outcome(playout.state) is not None


def test_rollout_puts_a_token_where_it_scores():
    """OD §Placing Tokens, OD-5: a lair Yeti and a drafted Werewolf for an
    Icy Peak just placed: the Yeti matches it (OD-10) and is always chosen."""
    state = table(
        board(a1="I.", b1="T."),
        step=Step.TOKEN,
        hand=(None, WOLF),
        placed=28,
        lairs=(Lair(waiting=(YETI,)), Lair()),
    )
    legal = GAME.legal_actions(state, 0)
    assert PlaceToken(YETI, 28) in legal and PlaceToken(WOLF, 28) in legal
    rng = random.Random(1)
    for _ in range(30):
        assert rollout(state, 0, legal, rng) == PlaceToken(YETI, 28)


def test_prune_keeps_a_non_empty_part_of_the_legal_actions():
    """At every decision of random playouts the pruned set is non-empty and
    legal; it keeps every action where no Spire, Road or Croak is involved,
    but a reveal that would do nothing (OD-21)."""
    for seed in range(SEEDS):
        for state in _states(seed, bool(seed % 2)):
            seats = GAME.to_act(state)
            if not seats or CHANCE in seats:
                continue
            seat = min(seats)
            legal = GAME.legal_actions(state, seat)
            kept = prune(state, seat, legal)
            assert kept and set(kept) <= set(legal)
            wasted = {RevealBoss()} if reveal_wasted(state, seat) else set()
            shown = tuple(a for a in legal if a not in wasted)
            if state.step in (Step.END, Step.DRAFT):
                assert kept == shown
            if state.step not in (Step.SWAP, Step.CROAK):
                assert set(kept) == {a for a in shown if not isinstance(a, UseSpire)} or (
                    kept == shown
                )


def test_prune_keeps_a_boss_hidden_whose_reveal_would_do_nothing():
    """OD §Boss Cards, OD-21: the objective scores whether the Boss is
    revealed or not, so a reveal whose ability does nothing now only gives
    the card away (a play-test: Dr. Deadly revealed on turn 1 with no spent
    Spire). The tree drops it; it keeps a reveal that acts, and one whose
    Boss leaves something in force (Baron Hex's Crystals, King Croak's
    lock on Dungeons, OD-20) even when its ability has nothing to act on."""
    deadly = (Boss.DR_DEADLY, None)
    for step in (Step.DRAFT, Step.END):
        state = table(board(a1="T."), step=step, bosses=deadly, placed=28)
        assert RevealBoss() in GAME.legal_actions(state, 0)
        assert RevealBoss() not in prune(state, 0, GAME.legal_actions(state, 0))
        spent = table(
            board(a1="T."), step=step, bosses=deadly, placed=28, lairs=(Lair(expended=1), Lair())
        )
        assert RevealBoss() in prune(spent, 0, GAME.legal_actions(spent, 0))
    # Warlord Grimtusk with no hero on the board, then with one (a Town's).
    state = table(board(a1="T."), step=Step.END, bosses=(Boss.WARLORD_GRIMTUSK, None), placed=28)
    assert RevealBoss() not in prune(state, 0, GAME.legal_actions(state, 0))
    state = table(board(a1="TH"), step=Step.END, bosses=(Boss.WARLORD_GRIMTUSK, None), placed=28)
    assert RevealBoss() in prune(state, 0, GAME.legal_actions(state, 0))
    # Baron Hex with no token in the market; King Croak with no Dungeon in it.
    market = ((R, None), (I, None), (T, None), (R, None))
    for boss in (Boss.BARON_HEX, Boss.KING_CROAK):
        state = table(board(a1="T."), step=Step.END, bosses=(boss, None), market=market, placed=28)
        assert RevealBoss() in prune(state, 0, GAME.legal_actions(state, 0))


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_searching_bots_do_not_reveal_a_boss_for_nothing(level):
    """OD-21 (as the test above): with the pair placed and Dr. Deadly's
    lair holding no spent Spire, ending the turn and revealing score the
    same, so a search picked either; it ends the turn now. Warlord
    Grimtusk with a hero to slay still reveals (+1 hero, +1 objective)."""
    state = table(board(a1="T."), step=Step.END, bosses=(Boss.DR_DEADLY, None), placed=28)
    for seed in range(6):
        bot = make_bot("overboss-duel", level, iterations=60)
        legal = GAME.legal_actions(state, 0)
        assert bot.choose(GAME, GAME.view(state, 0), 0, legal, random.Random(seed)) != RevealBoss()
    names = [f"{c}{r}" for r in range(1, 9) for c in "abcd"][:-2]  # two squares open
    squares = {n: "IRPTSD"[i % 6] + "." for i, n in enumerate(names)}
    squares["d1"] = "TH"
    state = table(board(**squares), step=Step.END, bosses=(Boss.WARLORD_GRIMTUSK, None))
    bot = make_bot("overboss-duel", level, iterations=200)
    legal = GAME.legal_actions(state, 0)
    assert bot.choose(GAME, GAME.view(state, 0), 0, legal, random.Random(1)) == RevealBoss()


def test_prune_keeps_the_road_swaps_that_match_and_skip():
    """OD §Road: with many tokens out, a Road swap offers dozens of pairs;
    the pruned set keeps Skip and the swap that puts seat 0's Yeti on its
    Icy Peak and its Werewolf on its Town (OD-10: matching monsters)."""
    pic = board(
        a1="TY", b1="IW", c1="RB", d1="D.",
        a2="TB", b2="RM", c2="IB", d2="TH",
        a8="TY", b8="IW", c8="RB", d8="RY",
        a7="TB", b7="RW", c7="IB", d7="TH",
    )
    state = table(pic, step=Step.SWAP, placed=30)
    legal = GAME.legal_actions(state, 0)
    swaps = [a for a in legal if isinstance(a, SwapTokens)]
    assert len(swaps) > 40
    kept = prune(state, 0, legal)
    assert Skip() in kept
    assert SwapTokens(28, 29) in kept  # a1 (Town, Yeti) <-> b1 (Icy, Werewolf)
    assert len([a for a in kept if isinstance(a, SwapTokens)]) <= 12
    assert all(a in legal for a in kept)


def test_prune_points_king_croak_at_the_opponents_half():
    """OD-8: King Croak's reveal destroys a tile; the pruned set aims at the
    opponent's half when it holds a tile to destroy, and keeps Skip."""
    pic = board(a1="I.", b1="R.", a8="T.", b8="IY")
    state = table(
        pic,
        step=Step.CROAK,
        resume=Step.DRAFT,
        revealed=(True, False),
        market=((D, BANDIT), (I, YETI), (T, WOLF), (R, MINI)),
    )
    legal = GAME.legal_actions(state, 0)
    kept = prune(state, 0, legal)
    assert Skip() in kept
    destroys = {a.square for a in kept if isinstance(a, Destroy)}
    assert destroys == {a.square for a in legal if isinstance(a, Destroy)} - {28, 29}
    assert destroys == {0, 1}


def test_rollout_beats_random_play():
    """The rollout policy is worth its cost: over 200 seeded duels, seats
    alternating, it wins clearly more than half against uniform random play
    (measured 0.61-0.63 over 400)."""

    class Policy:
        name = "rollout"

        def choose(self, game, view, seat, legal, rng):
            return rollout(view, seat, legal, rng)

    score = 0.0
    games = 200
    for i in range(games):
        me = i % 2
        bots = [Policy(), RandomBot()] if me == 0 else [RandomBot(), Policy()]
        _, out, _ = play_match(GAME, 2, bots, random.Random(i))
        score += 1.0 if out.winners == {me} else 0.5 if me in out.winners else 0.0
    assert score / games > 0.55


# --- the rules' fast paths (issue 13: a faster core, the same rules) ---------


def test_the_rules_shortcuts_agree_with_the_full_listings():
    """The rules' shortcuts for speed answer as the full listings would, at
    every step of random playouts on both boards: whether a slide (OD-7) or
    a Road swap (OD §Road, OD-5) exists, the cached Spire moves, and the
    targets of every token (OD-5: a hero is slain by a miniboss, a match or
    a band)."""
    from core.overboss import rules
    from core.overboss.components import MONSTERS

    for seed in range(SEEDS):
        for state in _states(seed, bool(seed % 2)):
            for seat in (0, 1):
                for exclude in (None, state.placed):
                    assert rules._slide_exists(state, seat, False, exclude) == bool(
                        rules.slide_moves(state, seat, False, exclude)
                    )
                assert rules._slide_exists(state, seat, True) == bool(
                    rules.slide_moves(state, seat, True)
                )
                spires = [(a.src, a.dst) for a in rules._spire_actions(state, seat)]
                assert spires == rules.slide_moves(state, seat, True)
            assert rules._swap_exists(state) == bool(rules.swap_pairs(state))
            for token in (*MONSTERS, MINI):
                assert rules._targets(state, token) == [
                    q for q in range(len(state.tiles)) if rules.can_take(state, q, token)
                ]


def test_memos_answer_as_a_fresh_state_would():
    """The rules remember the last state's next draw and token choices by
    identity: at every step of random playouts, the state and an equal copy
    (a new object, so never remembered) list the same legal actions and
    chance outcomes, and the same action applied gives equal states."""
    for seed in range(SEEDS):
        rng = random.Random(seed)
        state = GAME.setup(2, GAME.Options(short_board=bool(seed % 2)))
        while seats := GAME.to_act(state):
            copy = attrs.evolve(state)
            assert copy is not state
            if CHANCE in seats:
                outcomes = GAME.chance_outcomes(state)
                assert GAME.chance_outcomes(copy) == outcomes
                seat, action = CHANCE, sample_chance(outcomes, rng)
            else:
                seat = min(seats)
                legal = GAME.legal_actions(state, seat)
                assert GAME.legal_actions(copy, seat) == legal
                action = rng.choice(legal)
            after = GAME.apply(state, seat, action)
            assert GAME.apply(attrs.evolve(state), seat, action) == after
            state = after
