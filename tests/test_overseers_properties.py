"""Overseers properties over many random playouts (DESIGN: properties every
game keeps), the secrets every view keeps, and journals round-tripping."""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest

from core import CHANCE
from core.engine import IllegalAction
from core.overseers import GAME, cards, rules
from core.overseers.actions import Peek, Place
from core.overseers.state import Options, Phase
from saves import journal
from saves.journal import PlayerSpec
from saves.match import Match
from tests.playouts import checked_playout, seeds
from tests.swaps import both_unseen, relabel, swapped_pairs, swapper
from tests.test_describe_viewers import NAMES, indistinguishable_deals

#: CI plays a bounded number of seeds; OVERTABLE_SEEDS raises it locally.
SEEDS = seeds(12)

TABLES = [(n, Options(alternate_draft=v)) for n in range(3, 7) for v in (False, True)]


def playout(seed: int, players: int, options: Options, check=None):
    return checked_playout(GAME, players, options, seed, check, max_steps=5_000)


def conserved(state):
    """OV-1: every trait card of the table's deck is somewhere, once; the
    nine characters too; a seat never holds more than its pack."""
    on_table = rules.cards_on_table(state)
    assert Counter(on_table) == Counter(cards.deck(state.players))
    characters = [p.character for p in state.seats if p.character is not None]
    assert Counter(characters) + Counter(state.character_pool) == Counter(cards.CHARACTERS)
    assert all(len(p.hand) <= 6 and len(p.kept) <= 5 for p in state.seats)
    if state.phase is Phase.VOTE:
        # the vote: everyone has five cards, Gold five or six (OV §Vote)
        for p in state.seats:
            gold = p.character is cards.Character.GOLD
            assert len(p.slots) in ((5, 6) if gold else (5,))


@pytest.mark.parametrize(("players", "options"), TABLES)
def test_random_playouts_end_and_conserve(players, options):
    """Seeded random playouts at every player count, with and without the
    draft variant, reach an outcome over three rounds, conserving the cards
    and characters."""
    for seed in range(SEEDS):
        state, _ = playout(seed * 13 + players, players, options, conserved)
        out = GAME.outcome(state)
        assert out is not None and out.winners
        assert len(out.scores) == players and state.round == 3
        totals = tuple(p.total for p in state.seats)
        assert totals == tuple(sum(r.score for r in p.rounds) for p in state.seats)
        assert all(len(p.rounds) == 3 for p in state.seats)
        assert out.counted == totals
        # the score pad adds up: every effect apart, floored at 0 (OV-14)
        for p in state.seats:
            for r in p.rounds:
                parts = (r.traits + r.gold + r.drawn + r.hoarder + r.stolen + r.purple + r.teal
                         + r.meixiu + r.liang)
                assert r.score == max(0, parts)


def views_agree(state):
    """A seat decides from its own view; a view never shows another's hand,
    kept cards or pick, another's face-down card unless this seat knows it
    (OV-10, OV-11), another's vote before all are in, another's total
    before the end (OV-6), but every seat's round scores (OV-29); the unseen
    pool is every card the view hides."""
    for seat in [*range(state.players), None]:
        v = GAME.view(state, seat)
        assert GAME.to_act(v) == GAME.to_act(state)
        if seat is not None:
            assert GAME.legal_actions(v, seat) == GAME.legal_actions(state, seat)
            assert v.seats[seat] == state.seats[seat]
        assert set(v.deck) <= {None}
        # a spectator knows only what every seat knows (cards everyone saw)
        known = (state.known[seat] if seat is not None
                 else {c for c in cards.deck(state.players)
                       if all(c in k for k in state.known)})
        for other, p in enumerate(v.seats):
            if other == seat:
                continue
            full = state.seats[other]
            assert set(p.hand) <= {None} and set(p.kept) <= {None} and p.pick is None
            for mine, real in zip(p.slots, full.slots, strict=True):
                if mine.card is not None:
                    assert real.up or real.card in known
                else:
                    assert not real.up
            assert p.rounds == full.rounds
            if state.phase is not Phase.OVER:
                assert p.total is None
            if state.phase is Phase.VOTE:
                assert p.vote is None
            if not state.revealed:
                assert p.character is None
        for c in v.discard:
            assert c is None or c in known
        shown = [c for c in rules.cards_on_table(v) if c is not None]
        assert Counter(shown) + Counter(v.unseen) == Counter(cards.deck(state.players))
        assert GAME.view(v, seat) == v


@pytest.mark.parametrize(("players", "options"), TABLES)
def test_views_in_random_playouts(players, options):
    """legal_actions(view(s, seat), seat) == legal_actions(s, seat), and the
    secrets above, at every step of random playouts."""
    for seed in range(max(2, SEEDS // 4)):
        playout(1000 + seed * 7 + players, players, options, views_agree)


def test_meixiu_peeks_stay_in_view_for_the_round():
    """OV §4 Vote (grey), OV-11: in random playouts, a card Meixiu peeked at
    is shown in Meixiu's views, wherever it goes (the discard pile
    included), until the round's cards are gathered; never in the views of
    the other seats while it lies face down."""
    checked = 0
    for seed in range(30):
        _, actions = playout(3000 + seed, 4, Options())
        state = GAME.setup(4, Options())
        peeked: set[int] = set()
        for seat, action in actions:
            if isinstance(action, Peek):
                peeked.add(state.seats[action.seat].slots[action.slot].card)
            before = state.round
            state = GAME.apply(state, seat, action)
            if state.round != before:
                peeked = set()
            m = rules.holder(state, cards.Character.MEIXIU)
            if m is None or not peeked:
                continue
            v = GAME.view(state, m)
            shown = set(rules.cards_on_table(v))
            assert peeked <= shown
            for other in range(4):
                if other == m:
                    continue
                for x in GAME.view(state, other).seats[m].slots:
                    assert x.card is None or x.card not in peeked or state.phase
            checked += 1
    assert checked


def test_replay_rebuilds_equal_state():
    """DESIGN: replaying the actions of a match rebuilds an equal state."""
    for players, options in TABLES[::3]:
        final, actions = playout(2000 + players, players, options)
        state = GAME.setup(players, options)
        for seat, action in actions:
            state = GAME.apply(state, seat, action)
        assert state == final and GAME.outcome(state) == GAME.outcome(final)


def relabel_all(action, swap):
    """`tests.swaps.relabel`, and a top row's cards too (`Place.cards`)."""
    if isinstance(action, Place):
        return Place(tuple(sorted(swap(c) for c in action.cards)))
    return relabel(action, swap)


def indistinguishable(players: int, options: Options, seed: int, pairs: int) -> int:
    """As `tests.test_describe_viewers.indistinguishable_deals`, with the
    top rows relabelled too: while a viewer's view holds both exchanged
    cards only among the unseen, its views and log lines are equal."""
    _, actions = playout(seed, players, options)
    compared = 0
    for a, b, swap in swapped_pairs(actions, cards.deck(players), seed, pairs):
        for viewer in [*range(players), None]:
            mine = theirs = GAME.setup(players, options)
            for seat, action in actions:
                other = relabel_all(action, swap)
                try:
                    after_theirs = GAME.apply(theirs, seat, other)
                except IllegalAction:
                    break
                after_mine = GAME.apply(mine, seat, action)
                seen = GAME.view(after_mine, viewer)
                seen_theirs = GAME.view(after_theirs, viewer)
                if not (both_unseen(seen, a, b) and both_unseen(seen_theirs, a, b)):
                    break
                assert seen_theirs == seen, (viewer, a, b, action)
                names = NAMES[:players]
                assert GAME.describe(mine, seat, action, names, viewer) == GAME.describe(
                    theirs, seat, other, names, viewer
                ), (viewer, a, b, action)
                compared += 1
                mine, theirs = after_mine, after_theirs
    return compared


@pytest.mark.parametrize(
    ("players", "options"), [(3, Options()), (5, Options(alternate_draft=True)), (6, Options())]
)
@pytest.mark.parametrize("seed", range(max(1, SEEDS // 4)))
def test_deals_a_viewer_cannot_tell_apart(players, options, seed):
    """OV §1 Deal (secret hands), §2 Draft (secret picks), §3 Placement (the
    bottom row face down), OV-9, OV-10: two matches that differ only in
    cards a seat has not seen look and read the same to that seat (and a
    spectator), with the shared helper and with top rows relabelled."""
    assert indistinguishable_deals(
        GAME, players, options, 900 + seed, cards.deck(players), both_unseen, pairs=10
    )
    assert indistinguishable(players, options, 900 + seed, pairs=10) > 0


@pytest.mark.parametrize("seed", range(max(2, SEEDS // 3)))
def test_characters_a_viewer_cannot_tell_apart(seed):
    """OV §1 Deal, OV-9: until the vote turns them up, two deals that differ
    only in characters a seat has not seen look and read the same to it."""
    players = 4
    options = Options()
    _, actions = playout(950 + seed, players, options)
    dealt = [a.character for s, a in actions if s == CHANCE and hasattr(a, "character")]
    rng = random.Random(seed)
    compared = 0
    for _ in range(4):
        a = rng.choice(dealt[:players])
        b = rng.choice([c for c in cards.CHARACTERS if c != a])
        swap = swapper(a, b)
        for viewer in [*range(players), None]:
            mine = theirs = GAME.setup(players, options)
            for seat, action in actions:
                other = action
                if hasattr(action, "character"):
                    other = type(action)(swap(action.character))
                try:
                    after_theirs = GAME.apply(theirs, seat, other)
                except IllegalAction:
                    break
                after_mine = GAME.apply(mine, seat, action)
                seen, seen_theirs = GAME.view(after_mine, viewer), GAME.view(after_theirs, viewer)
                if not (
                    a in seen.unseen_characters
                    and b in seen.unseen_characters
                    and a in seen_theirs.unseen_characters
                    and b in seen_theirs.unseen_characters
                ):
                    break
                assert seen == seen_theirs
                names = NAMES[:players]
                assert GAME.describe(mine, seat, action, names, viewer) == GAME.describe(
                    theirs, seat, other, names, viewer
                )
                compared += 1
                mine, theirs = after_mine, after_theirs
    assert compared


# --- journals -----------------------------------------------------------------------


def test_actions_and_options_round_trip_through_the_codec():
    """Every action of random matches, and the options, structure and
    unstructure with the journal's converter (saves.journal.codec)."""
    codec = journal.codec(GAME)
    seen = set()
    for players, options in TABLES:
        assert GAME.Options is Options
        assert codec.converter.structure(codec.options_dict(options), Options) == options
        _, actions = playout(4000 + players, players, options)
        for seat, action in actions:
            line = codec.action_line(seat, action)
            import json

            stored = json.loads(line)
            assert stored["seat"] == seat
            assert codec.action(stored["action"]) == action
            seen.add(type(action))
    assert len(seen) >= 14


def test_whole_match_round_trips_through_a_journal(monkeypatch, tmp_path):
    """A whole match saved as it is played loads back equal (the journal
    replays it through the rules)."""
    monkeypatch.setitem(journal.EXTRA_GAMES, "overseers", GAME)
    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path / "data"))
    players = tuple(PlayerSpec(n, "human") for n in NAMES[:4])
    options = Options(alternate_draft=True)
    match = Match.new("overseers", players, options, directory=tmp_path, seed=5)
    rng = random.Random(5)
    for _ in range(5_000):
        if match.finished:
            break
        to_act = match.to_act()
        if CHANCE in to_act:
            match.step_chance(rng)
            continue
        seat = min(to_act)
        match.apply(seat, rng.choice(GAME.legal_actions(match.state, seat)))
    assert match.finished
    match.close()
    loaded = Match.load(match.path)
    assert loaded.ok and loaded.problems == ()
    again = loaded.match
    assert again.state == match.state and again.header.options == options
    assert again.outcome == match.outcome
    again.close()


_POSITION = re.compile(r"\bcard \d")


@pytest.mark.parametrize(("players", "options"), TABLES[::2])
def test_the_log_never_names_a_card_by_its_place(players, options):
    """A log line stays true after later moves: a card is named by what it
    is ("their Lust (L)", "a face-down card"), never by its place in a row
    ("card 3"), which a discard, a loss or a theft moves. But Meixiu's
    peek: everyone sees which card (OV-11), and a face-down card has no
    other name to those who do not know it (a play-test read "peeks at one
    of Ann's face-down cards" twice, the same line); it is named by its
    place when peeked at, and the table's * follows it for the round."""
    _, actions = playout(3000 + players, players, options)
    state = GAME.setup(players, options)
    for seat, action in actions:
        for viewer in (None, *range(players)):
            line = GAME.describe(state, seat, action, names=NAMES[:players], viewer=viewer)
            if isinstance(action, Peek):
                assert [m.group() for m in _POSITION.finditer(line)] == [
                    f"card {action.slot + 1}"], line
                continue
            assert not _POSITION.search(line), line
        state = GAME.apply(state, seat, action)


@pytest.mark.parametrize(("players", "options"), TABLES[::2])
def test_the_score_parts_add_up_to_the_round_score(players, options):
    """OV §Scoring: the round's score told source by source (each trait as
    it counts, Purple's fives, Meixiu's +3, Liang's loss stopped at 0,
    OV-14) adds up to the score the round gives; the Wuming sisters' part
    is apart (OV-20)."""
    _, actions = playout(4000 + players, players, options)
    state = GAME.setup(players, options)
    scored = 0
    for seat, action in actions:
        after = GAME.apply(state, seat, action)
        if len(after.seats[0].rounds) > len(state.seats[0].rounds):
            for s, p in enumerate(after.seats):
                parts = rules.score_parts(after, s)
                assert sum(figure for _, figure in parts) == p.rounds[-1].score, parts
                assert rules.wuming_only(after, s) >= 0
            scored += 1
        state = after
    assert scored == 3
