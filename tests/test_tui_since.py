"""Since your last move: every other seat's turn can be followed.

The tracker (tui/widgets/since.py) on its own: the point of a seat's last
move, the steps since, stepping and putting the recap away, each seat's own
point. Then whole matches of every game against bots through the real app:
at each of Ann's decisions, the recap lists exactly the log lines written
since her last move (and what chance drew for it), and the screen marks
exactly what differs between her view then and now (worked out here from
the match's own history, not from the screen)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from rich.text import Text

from core import GAMES
from core.engine import CHANCE
from saves.journal import PlayerSpec
from tests.screen_kit import play_through_the_app
from tui.app import OvertableApp
from tui.widgets.since import CHANGED, RECAP_KEYS, SinceLog, SinceTracker

# -- the tracker -----------------------------------------------------------------


def upd(seq: int, log: tuple[str, ...], seat: int = 0, view: object = None):
    """A stand-in SeatUpdate: what the tracker reads."""
    return SimpleNamespace(seat=seat, seq=seq, log=log, view=view if view is not None else seq)


def test_the_recap_is_what_came_after_the_seats_own_move_step_by_step():
    tracker = SinceTracker()
    first = upd(1, ("deal",))
    assert tracker.observe(first).steps == ()
    tracker.acted(first)
    # Ann's move and what chance drew for it come back at once: the point.
    assert tracker.observe(upd(3, ("deal", "Ann asks", "Ann gets R5"))).steps == ()
    tracker.observe(upd(4, ("deal", "Ann asks", "Ann gets R5", "Bob asks", "Bob gets B2")))
    tracker.observe(upd(5, ("deal", "Ann asks", "Ann gets R5", "Bob asks", "Bob gets B2")))
    recap = tracker.observe(upd(6, ("deal", "Ann asks", "Ann gets R5", "Bob asks",
                                    "Bob gets B2", "Cyd goes to the Wizard")))
    assert [step.lines for step in recap.steps] == [("Bob asks", "Bob gets B2"),
                                                     ("Cyd goes to the Wizard",)]
    # the views around each step, and around the whole span
    assert [(step.before, step.after) for step in recap.steps] == [(3, 4), (4, 6)]
    assert recap.span() == (3, 6)
    assert recap.lines == ("Bob asks", "Bob gets B2", "Cyd goes to the Wizard")
    # Ann moves: the point moves with her, nothing is left to recap.
    tracker.acted(upd(6, recap.lines))
    assert tracker.observe(upd(7, ("x",) * 7)).steps == ()


def test_a_move_that_revealed_stays_in_the_recap():
    """Ann voted last: her vote revealed everyone's. Her recap starts with
    it (the view before it, so the votes are marked), not after it: she
    comes back to her turn and reads what was revealed."""
    tracker = SinceTracker(reveals=lambda line: "Votes:" in line)
    tracker.observe(upd(1, ("Bob votes.",)))
    tracker.acted(upd(1, ("Bob votes.",)))
    vote = ("Bob votes.", "You vote for Bob. Votes: Bob for you; you for Bob.")
    recap = tracker.observe(upd(2, vote))
    assert recap.lines == vote[1:] and recap.span() == (1, 2)
    recap = tracker.observe(upd(3, (*vote, "Bob denies.")))
    assert [step.lines for step in recap.steps] == [vote[1:], ("Bob denies.",)]
    # a move that revealed nothing moves the point past it, as before
    tracker.acted(upd(3, (*vote, "Bob denies.")))
    assert tracker.observe(upd(4, (*vote, "Bob denies.", "You admit."))).steps == ()


def test_a_new_round_dealt_with_the_seats_own_move_stays_in_the_recap():
    """Play-test (qbq finding 4): Ann made the last move of round 4; the
    combat and round 5's deal came with it at once, so her recap (and the
    hand-over cover, which starts where it does) began after the deal, and
    the round's first facts were only in the log. With a game's `begins`
    (a line that begins a round) the recap starts at that line, the view
    before her move on the left (the new round is marked)."""
    tracker = SinceTracker(begins=lambda line: line.startswith("Round "))
    first = upd(1, ("Bob asks",))
    tracker.observe(first)
    tracker.acted(first)
    came = ("Bob asks", "Ann goes to the Wizard", "Combat vs 19 HP: Ann wins.",
            "Round 5: a Boss with 14 HP appears.", "Cyd is dealt R2.")
    recap = tracker.observe(upd(2, came))
    assert recap.lines == came[3:] and recap.span() == (1, 2)
    assert tracker.start(0) == 3
    recap = tracker.observe(upd(3, (*came, "Cyd asks")))
    assert [step.lines for step in recap.steps] == [came[3:], ("Cyd asks",)]
    # a move that began no round moves the point past it, as before
    tracker.acted(upd(3, (*came, "Cyd asks")))
    assert tracker.observe(upd(4, (*came, "Cyd asks", "Ann asks"))).steps == ()


def test_a_new_round_begun_by_another_seats_move_starts_the_recap():
    """Play-test (Boss Quest at 80x24 against bots): Ann's last move was in
    round 4, a bot ended it; at round 5 her recap opened on round 4's moves
    and its combat again, which the combat box had told. With a game's
    `begins` the recap starts at the new round's first line (the last one
    since her move), the view at her move still on the left: the new
    round's deal and the bots' turns, what changed since her move marked."""
    tracker = SinceTracker(begins=lambda line: line.startswith("Round "))
    first = upd(1, ("Ann asks",))
    tracker.observe(first)
    tracker.acted(first)
    assert tracker.observe(upd(2, ("Ann asks", "Ann gets R5"))).steps == ()
    tracker.observe(upd(3, ("Ann asks", "Ann gets R5", "Bob asks")))
    ended = ("Ann asks", "Ann gets R5", "Bob asks", "Cyd goes to the Wizard\nCombat vs 19 HP",
             "Round 5: a Boss with 14 HP appears.", "Cyd is dealt R2.")
    recap = tracker.observe(upd(4, ended))
    assert recap.lines == ended[4:]
    assert recap.span() == (2, 4) and recap.steps[0].before == 2
    assert tracker.start(0) == 4  # the hand-over cover starts there too
    recap = tracker.observe(upd(5, (*ended, "Bob asks")))
    assert [step.lines for step in recap.steps] == [ended[4:], ("Bob asks",)]
    # two rounds begun since (a long absence): the last one
    later = (*ended, "Bob asks\nCombat vs 14 HP", "Round 6: a Boss with 20 HP appears.")
    assert tracker.observe(upd(6, later)).lines == later[-1:]
    # a game with no rounds keeps every move since
    plain = SinceTracker()
    plain.observe(first)
    plain.acted(first)
    plain.observe(upd(2, ("Ann asks", "Ann gets R5")))
    assert plain.observe(upd(4, ended)).lines == ended[2:]


def test_a_step_that_tells_nothing_happened_joins_the_step_before():
    """A game's `quiet` lines (Boss Quest's "Bob's Hare: not used this
    turn.") are no step of their own: stepping through the recap stopped on
    one, which told nothing happened. Alone in a step, it ends the step
    before (its turn's), whose view after becomes its; first in the recap,
    it is left out (the log keeps it)."""
    tracker = SinceTracker(quiet=lambda line: line.endswith("not used."))
    first = upd(1, ("Ann asks",))
    tracker.observe(first)
    tracker.acted(first)
    tracker.observe(upd(2, ("Ann asks", "Ann: Hare not used.")))
    recap = tracker.observe(upd(3, ("Ann asks", "Ann: Hare not used.", "Bob asks")))
    assert recap.lines == ("Bob asks",)  # first: left out
    recap = tracker.observe(upd(4, ("Ann asks", "Ann: Hare not used.", "Bob asks",
                                    "Bob: Hare not used.")))
    assert [(s.lines, s.before, s.after) for s in recap.steps] == [
        (("Bob asks", "Bob: Hare not used."), 2, 4)]
    recap = tracker.observe(upd(5, ("Ann asks", "Ann: Hare not used.", "Bob asks",
                                    "Bob: Hare not used.", "Cyd asks")))
    assert [s.lines for s in recap.steps] == [("Bob asks", "Bob: Hare not used."), ("Cyd asks",)]
    assert recap.span() == (2, 5)


def test_a_refused_move_keeps_the_point():
    tracker = SinceTracker()
    tracker.observe(upd(1, ()))
    tracker.observe(upd(2, ("Bob moves",)))
    tracker.acted(upd(2, ("Bob moves",)))
    tracker.acted(None)  # the table refused it
    recap = tracker.observe(upd(3, ("Bob moves", "Bob ends")))
    assert recap.lines == ("Bob moves", "Bob ends")


def test_stepping_goes_round_and_z_puts_the_recap_away():
    tracker = SinceTracker()
    tracker.observe(upd(1, ()))
    tracker.observe(upd(2, ("a",)))
    update = upd(3, ("a", "b"))
    assert tracker.observe(update).selected is None
    seen = []
    for _ in range(3):
        assert tracker.step(0, 1)
        seen.append(tracker.observe(update).selected)
    assert seen == [0, 1, None]  # step 1, step 2, all again
    assert tracker.step(0, -1) and tracker.observe(update).span() == (2, 3)
    assert tracker.toggle(0)
    recap = tracker.observe(update)
    assert recap.hidden and not recap.shown and recap.selected is None
    assert tracker.toggle(0) and tracker.observe(update).shown
    # nothing to step through for a seat without a recap
    assert not tracker.step(1, 1) and not tracker.toggle(None)


def test_each_seat_keeps_its_own_point():
    """Hot-seat: Bea's recap runs from her own last move, not Ann's."""
    tracker = SinceTracker()
    tracker.observe(upd(1, (), seat=0))
    tracker.observe(upd(1, (), seat=1))
    tracker.acted(upd(1, (), seat=0))
    tracker.observe(upd(2, ("Ann",), seat=0))
    tracker.observe(upd(2, ("Ann",), seat=1))
    tracker.acted(upd(2, ("Ann",), seat=1))
    tracker.observe(upd(3, ("Ann", "Bea"), seat=1))
    ann = tracker.observe(upd(3, ("Ann", "Bea"), seat=0))
    bea = tracker.observe(upd(4, ("Ann", "Bea", "Cyd"), seat=1))
    assert ann.lines == ("Bea",)
    assert bea.lines == ("Cyd",)


def test_an_undo_that_takes_back_seen_lines_starts_again():
    tracker = SinceTracker()
    tracker.observe(upd(1, ("a", "b")))
    tracker.observe(upd(2, ("a", "b", "c")))
    assert tracker.observe(upd(3, ("a",))).steps == ()
    assert tracker.observe(upd(4, ("a", "d"))).lines == ("d",)


def test_an_undo_after_the_point_leaves_out_the_move_taken_back():
    """Play-test (2026-12-04, hot-seat): Ann's screen saw Cora go to the
    Wizard (behind the cover), Cora took it back and asked for 3 weapons;
    Ann's recap told the Wizard and a weapon, not the ask."""
    tracker = SinceTracker()
    tracker.observe(upd(1, ("deal",)))
    tracker.observe(upd(2, ("deal", "Bram asks for 2")))
    tracker.observe(upd(3, ("deal", "Bram asks for 2", "Cora goes to the Wizard")))
    recap = tracker.observe(upd(5, ("deal", "Bram asks for 2", "Cora asks for 3",
                                    "Cora receives P5")))
    assert recap.lines == ("Bram asks for 2", "Cora asks for 3", "Cora receives P5")
    assert [step.lines for step in recap.steps] == [("Bram asks for 2",),
                                                     ("Cora asks for 3", "Cora receives P5")]
    assert recap.span() == (1, 5)


def test_a_screen_opened_for_a_player_back_starts_at_their_last_move():
    """A shared table: Ann left after her move and came back; her new
    screen's first update says what she missed (`SeatUpdate.missed`: the
    table after each change since her move). The recap starts there, step
    by step, and not at her return; her own move only when it revealed."""
    from host.messages import Missed

    tracker = SinceTracker(reveals=lambda line: "Votes:" in line)
    log = ("deal", "Ann asks", "Bob asks", "Your bot: you ask", "Bob asks again")
    back = upd(9, log)
    back.missed = Missed(((1, "a"), (2, "b"), (3, "c"), (4, "d")), moved=True)
    recap = tracker.observe(back)
    assert [step.lines for step in recap.steps] == [
        ("Bob asks",), ("Your bot: you ask",), ("Bob asks again",)]
    assert [(step.before, step.after) for step in recap.steps] == [
        ("b", "c"), ("c", "d"), ("d", 9)]
    assert recap.span() == ("b", 9)
    # the next update goes on from there; her move moves the point as before
    recap = tracker.observe(upd(10, (*log, "Cyd asks")))
    assert recap.lines == ("Bob asks", "Your bot: you ask", "Bob asks again", "Cyd asks")
    tracker.acted(upd(10, (*log, "Cyd asks")))
    assert tracker.observe(upd(11, (*log, "Cyd asks", "Ann asks"))).steps == ()
    # her own move stays in it when it revealed; a seat that never moved
    # reads everything from the first decision of the match
    voted = ("Bob votes.", "You vote. Votes: Bob for you.", "Bob denies.")
    revealed = upd(5, voted, seat=1)
    revealed.missed = Missed(((1, "v"), (2, "w")), moved=True)
    assert tracker.observe(revealed).lines == voted[1:]
    fresh = upd(4, ("deal", "Bob asks", "Cyd asks"), seat=2)
    fresh.missed = Missed(((1, "x"), (2, "y")), moved=False)
    assert tracker.observe(fresh).lines == ("Bob asks", "Cyd asks")
    # a screen that saw the seat already keeps its own memory
    again = upd(12, (*log, "Cyd asks", "Ann asks", "Bob asks"))
    again.missed = Missed(((0, "z"),), moved=False)
    assert tracker.observe(again).lines == ("Bob asks",)


async def test_the_recap_is_stepped_and_put_away_from_the_keyboard():
    """] chooses a step (drawn ▶ and reversed, the title counts it), z
    shows the whole log instead and brings the recap back."""
    from textual.app import App, ComposeResult

    tracker = SinceTracker()
    tracker.observe(upd(1, ("deal",)))
    tracker.observe(upd(2, ("deal", "Bob drafts pair 2")))
    recap = tracker.observe(upd(3, ("deal", "Bob drafts pair 2", "Bob places a Town")))

    class LogApp(App):
        def compose(self) -> ComposeResult:
            yield SinceLog(id="log")

    app = LogApp()
    async with app.run_test(size=(60, 8)) as pilot:
        log = app.query_one(SinceLog)
        log.border_title = "Log"
        log.show(("deal", "Bob drafts pair 2", "Bob places a Town"), recap)
        await pilot.pause()
        assert [t.plain for t in log.shown] == ["  1 Bob drafts pair 2", "  2 Bob places a Town"]
        assert log.border_title.startswith("Since your last move (all)")
        assert RECAP_KEYS in log.border_title + log.border_subtitle
        tracker.step(0, 1)
        tracker.step(0, 1)
        log.show(("deal", "Bob drafts pair 2", "Bob places a Town"), tracker.observe(
            upd(3, ("deal", "Bob drafts pair 2", "Bob places a Town"))))
        await pilot.pause()
        assert [t.plain for t in log.shown][1] == "▶ 2 Bob places a Town"
        assert "reverse" in str(log.shown[1].spans[-1].style)
        assert log.border_title.startswith("Since your last move (2/2)")
        tracker.toggle(0)
        log.show(("deal", "Bob drafts pair 2", "Bob places a Town"), tracker.observe(
            upd(3, ("deal", "Bob drafts pair 2", "Bob places a Town"))))
        await pilot.pause()
        assert log.shown == ("deal", "Bob drafts pair 2", "Bob places a Town")
        assert log.border_title == "Log" and not log.border_subtitle


# -- whole matches through the app --------------------------------------------------


def point_of(match, seat: int, log=(), reveals=None, begins=None) -> tuple[int, int] | None:
    """The history index the seat's recap starts at, and the one of the
    view it compares with: after its last action and the chance draws that
    came with it; at that action when its log line told a reveal
    (`reveals`: the last of the secret choices); at a new round's first
    line among those draws (`begins`), compared with the view before the
    action. A new round begun since (`begins`) starts it at the last such
    line, compared still with the view at the point. None: it has not
    acted."""
    history = match.history
    last = max((i for i, (who, _) in enumerate(history) if who == seat), default=None)
    if last is None:
        return None
    if reveals is not None and last < len(log) and reveals(log[last]):
        return last, last
    at = last + 1
    while at < len(history) and history[at][0] == CHANCE:
        if begins is not None and at < len(log) and begins(log[at]):
            return _from_round(log, at, begins), last
        at += 1
    return _from_round(log, at, begins), at


def _from_round(log, at: int, begins) -> int:
    """Where the recap starts from `at` on: the last new round's first line
    since, if any (`SinceTracker._from_round`)."""
    if begins is None:
        return at
    return max((i for i in range(at, len(log)) if begins(log[i])), default=at)


def marked(text: str | Text) -> bool:
    plain = text.plain if isinstance(text, Text) else text
    return plain.startswith(CHANGED)


class Checker:
    """Runs on every screen shown: at each person's decisions, the recap
    and the marks."""

    def __init__(self, app: OvertableApp, marks) -> None:
        self.app = app
        self.marks = marks
        #: decisions checked that followed other seats' moves
        self.after_others = 0
        #: decisions whose recap began with the seat's own move that revealed
        self.reveals_kept = 0

    def __call__(self, screen, state) -> None:
        update = screen.update
        if update.seat is None or update.seat in update.bots or not update.legal:
            return
        match = self.app.table.match
        points = point_of(match, update.seat, update.log, screen.reveals, screen.begins)
        if points is None or points[0] > len(update.log):
            return
        point, since = points
        game = GAMES[update.game]
        before = game.view(match._states[since], update.seat)
        recap = screen.recap
        # the summary: exactly the lines since Ann's last move, also on screen
        assert recap.lines == tuple(update.log[point:]), (recap.lines, update.log[point:])
        assert recap.before == before
        if not recap.lines:
            return
        self.after_others += 1
        if match.history[point][0] == update.seat:
            self.reveals_kept += 1  # its own move, which revealed
        log = screen.query_one(SinceLog)
        shown = "\n".join(entry.plain for entry in log.shown)
        fold = log.fold or tuple  # a game may fold runs of lines (Overseers' deal)
        for line in (x for step in recap.steps for x in fold(step.lines)):
            assert line in shown
        # the marks: exactly what differs between Ann's view then and now
        self.marks(screen, before, update.view)


async def play_checked(tmp_path, monkeypatch, game_id, players, screen_class, choose_key, marks,
                       *, seed=7, size=(80, 24), options=None) -> Checker:
    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    app = OvertableApp(bot_delay=0.0, seed=seed, theme_name="textual-dark")
    checker = Checker(app, marks)
    async with app.run_test(size=size) as pilot:
        app.new_match(game_id, players, options=options)
        await play_through_the_app(app, pilot, screen_class, choose_key, checker)
        assert app.table is not None and app.table.match.finished
    return checker


def offers_marked(offers) -> set[int]:
    return {i for i, o in enumerate(offers) if marked(o.gone_text if o.gone else o.label)}


def differing(before, after) -> set[int]:
    return {i for i in range(max(len(before), len(after)))
            if i >= len(before) or i >= len(after) or before[i] != after[i]}


def bq_marks(screen, before, after) -> None:
    from core.bossquest import GAME
    from tui.widgets import Market, PickList

    knights = screen.query_one("#bq-knights", PickList).rows
    expected = {s for s in range(after.players)
                if (before.knights[s], GAME.spells_on(before, s))
                != (after.knights[s], GAME.spells_on(after, s))}
    assert {s for s, row in enumerate(knights) if marked(row.text)} == expected
    market = screen.query_one("#bq-market", Market)
    # the mystery's row, after the slots, is marked once it changed (used:
    # "— activated —" or "— discarded —", BQ-15), as a used slot is
    mystery = ({len(after.offer)} if (after.mystery or after.mystery_fate) and (
        before.mystery, before.mystery_fate) != (after.mystery, after.mystery_fate) else set())
    assert offers_marked(market.offers) == (differing(before.offer, after.offer) | mystery) & set(
        range(len(market.offers)))
    spells = screen.query_one("#bq-active", PickList).rows
    assert {i for i, row in enumerate(spells) if marked(row.text)} == differing(
        before.active, after.active) & set(range(len(after.active)))


def ob_marks(screen, before, after) -> None:
    from tui.widgets import Board, Market

    squares = {sq for sq in range(len(after.tiles))
               if (before.tiles[sq], before.tokens[sq]) != (after.tiles[sq], after.tokens[sq])}
    assert screen.query_one("#ob-board", Board).changed == squares
    market = screen.query_one("#ob-market", Market)
    assert offers_marked(market.offers) == differing(before.market, after.market)
    from core.overboss import GAME

    scores = differing(GAME.score_pad(before).totals, GAME.score_pad(after).totals)
    header = str(screen.query_one("#ob-header").render())
    assert header.count(CHANGED) == len(scores), (header, scores)


def os_marks(screen, before, after) -> None:
    from tui.screens.overstocked_area import AreaView

    def new(old, now) -> set[int]:
        assert now.placed[: len(old.placed)] == old.placed
        return set(range(len(old.placed), len(now.placed)))

    assert screen.query_one("#os-pop", AreaView).fresh == new(before.popularity, after.popularity)
    seat = screen._wh_seat()
    assert screen.query_one("#os-wh", AreaView).fresh == new(
        before.seats[seat].warehouse, after.seats[seat].warehouse)


def ov_marks(screen, before, after) -> None:
    import attrs

    def public(view, s):
        return attrs.evolve(view.seats[s], hand=(), pick=None, chose=False), view.leader == s

    expected = {screen._who(s) for s in range(after.players)
                if public(before, s) != public(after, s)}
    rows = str(screen.query_one("#ov-rows").render()).splitlines()
    heads = [row for row in rows if row[1:3] in ("» ", "  ") and row[:1] in (CHANGED, " ")]
    found = {name for name in (screen._who(s) for s in range(after.players))
             for row in heads if marked(row) and row[3:].startswith(name)}
    assert found == expected, (found, expected, heads)


def overboss_keys():
    """The Overboss match test's keys, one at a time (a fresh list at each
    decision; the reveal, which asks first in a dialog, left out)."""
    from tests.test_tui_overboss_match import choose_keys

    queue: list[str] = []
    turns = [0]

    def choose_key(screen):
        if not queue:
            turns[0] += 1
            keys = choose_keys(screen, turns[0])
            queue.extend(choose_keys(screen, 1) if "r" in keys else keys)
        return queue.pop(0)

    return choose_key


def match_keys(module: str):
    """The `choose_key` of a game's whole-match test."""
    import importlib

    return importlib.import_module(f"tests.{module}").choose_key


#: per game: its screen, the people and bots, the keys, what is marked, the seed
MATCHES = {
    "boss-quest": ("tui.screens.bossquest:BossQuestScreen", ("random", "heuristic"),
                   lambda: match_keys("test_tui_bossquest_match"), bq_marks, 11),
    "overboss-duel": ("tui.screens.overboss:OverbossScreen", ("heuristic",), overboss_keys,
                      ob_marks, 7),
    "overstocked": ("tui.screens.overstocked:OverstockedScreen", ("heuristic", "random"),
                    lambda: match_keys("test_tui_overstocked_match"), os_marks, 7),
    "overseers": ("tui.screens.overseers:OverseersScreen", ("heuristic", "random"),
                  lambda: match_keys("test_tui_overseers_match"), ov_marks, 7),
}


@pytest.mark.usefixtures("brisk_idle")
@pytest.mark.parametrize("game", list(MATCHES))
async def test_every_bot_turn_is_recapped_and_marked(tmp_path, monkeypatch, game):
    import importlib

    where, bots, keys, marks, seed = MATCHES[game]
    module, name = where.split(":")
    screen_class = getattr(importlib.import_module(module), name)
    players = [PlayerSpec("Ann", "human"),
               *(PlayerSpec(n, "bot", level) for n, level in zip(("Bob", "Cyd"), bots, strict=False))]
    options = None
    if game == "overboss-duel":  # the short board: every kind of turn, in half the time
        from core.overboss.state import Options

        options = Options(short_board=True)
    checker = await play_checked(tmp_path, monkeypatch, game, players, screen_class, keys(),
                                 marks, seed=seed, options=options)
    assert checker.after_others >= 5
    # a person who chose last reads in the recap what their choice revealed
    assert (checker.reveals_kept > 0) == (game in ("overstocked", "overseers"))


# Hot-seat (each person's recap runs from their own last move behind the
# hand-over cover) is checked in the Boss Quest match of two people at one
# terminal: tests/test_tui_bossquest_match.py, one whole match for both.


@pytest.mark.usefixtures("brisk_idle")
@pytest.mark.parametrize("size", [(80, 24), (120, 36)], ids=["80x24", "120x36"])
async def test_boss_quest_holds_each_new_combat_until_a_key(tmp_path, monkeypatch, size):
    """Each combat Ann has not seen comes up with the spells that changed
    it and stays while the bots think on; the match's last one comes up
    over the results, and a key shows them."""
    import asyncio

    from textual.widgets import Static

    from core.bossquest.table_facts import combat_spells
    from tests.screen_kit import screen_text
    from tests.test_tui_bossquest_match import choose_key
    from tui.screens.bossquest import BossQuestScreen, CombatPanel, CombatScreen
    from tui.screens.results import ResultsScreen

    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    app = OvertableApp(bot_delay=0.0, seed=11, theme_name="textual-dark")
    combats: list[int] = []
    async with app.run_test(size=size) as pilot:
        app.new_match("boss-quest", [PlayerSpec("Ann", "human"), PlayerSpec("Bob", "bot", "random"),
                                     PlayerSpec("Cyd", "bot", "heuristic")])
        for _ in range(4000):
            await pilot.pause()
            screen = app.screen
            # a combat comes up over the table, the match's last in a dialog
            # over the results
            combat = (screen.query_one(CombatPanel) if isinstance(screen, CombatScreen)
                      else screen.query_one("#bq-combat", CombatPanel)
                      if isinstance(screen, BossQuestScreen) and screen.holds_the_table
                      else None)
            if combat is not None:
                result = combat.result
                for _ in range(3):  # it stays, whatever the table does meanwhile
                    await asyncio.sleep(0.02)
                    await pilot.pause()
                    assert app.screen is screen and combat.display and combat.result is result
                    assert app.focused is combat  # it has the keys
                text = screen_text(app)
                assert f"Combat: round {result.round}" in text
                assert f"{result.hp} HP" in text
                effects = combat_spells(result)
                # every spell of the round; one that changed nothing makes
                # them "of the round" (BQ-47)
                heading = ("Spells of the round" if any(e.no_effect for e in effects)
                           else "Spells that changed it")
                assert (heading in text) == bool(effects)
                # (an effect may wrap in the box: read in the panel's own words)
                said = " ".join(" ".join(str(part.render()).split())
                                for part in combat.query(Static))
                for effect in effects:  # each named, with what it did
                    assert f"{effect.spell.name}" in said and effect.effect in said, said
                combats.append(result.round)
                last = combat.last
                if last:  # the results wait, unseen, behind the match's last combat
                    assert "Rematch" not in text and "Boss Quest:" not in text and "Combat: round" in text
                await pilot.press("enter")
                await pilot.pause()
                assert (app.screen is not screen if last
                        else not combat.display or combat.result is not result)
                if last:
                    assert isinstance(app.screen, ResultsScreen)
                    break
                continue
            if app.table is not None and app.table.match.finished:
                await asyncio.sleep(0.01)
                continue
            if not isinstance(screen, BossQuestScreen) or screen.update is None:
                await asyncio.sleep(0.01)
                continue
            if screen.update.legal:
                await pilot.press(choose_key(screen))
        state = app.table.match.state
    # every round's combat was held, the last one (the match's end) too
    assert combats == [r.round for r in state.history]


async def test_a_narrow_recap_keeps_its_keys_in_the_title():
    """At 80x24 the Boss Quest, Overstocked and Overseers recap panels are
    27 to 40 columns wide with a top edge only (no bottom border for the
    keys): there the title keeps the keys ([ ] step, z log), in fewer words,
    before it drops them; so does a panel whose bottom is off screen. A
    panel whose bottom border is on screen keeps its words and shows the
    keys under it."""
    from textual.app import App, ComposeResult

    tracker = SinceTracker()
    tracker.observe(upd(1, ("deal",)))
    recap = tracker.observe(upd(2, ("deal", "Bob asks for 2 weapons")))

    class LogApp(App):
        def __init__(self, rows: int, edges: str) -> None:
            super().__init__()
            self.rows, self.edges = rows, edges

        def compose(self) -> ComposeResult:
            log = SinceLog(id="log")
            log.styles.height = self.rows
            if self.edges == "all":
                log.styles.border = ("round", "white")
            else:  # the compact layouts: the top edge only
                log.styles.border_top = ("solid", "white")
            yield log

    cases = (  # width, the panel's rows on a screen of 8, its edges, title, under it
        (40, 8, "top", f"Recap (all) · {RECAP_KEYS}", ""),
        (30, 8, "top", f"Recap · {RECAP_KEYS}", ""),  # (Overseers' panel at 80x24)
        (27, 8, "top", "Recap (all) · [ ] z", ""),
        (40, 20, "all", f"Recap (all) · {RECAP_KEYS}", ""),
        (40, 8, "all", "Since your last move (all)", RECAP_KEYS),
    )
    for width, rows, edges, title, under in cases:
        app = LogApp(rows, edges)
        async with app.run_test(size=(width, 8)) as pilot:
            log = app.query_one(SinceLog)
            log.show(("deal", "Bob asks for 2 weapons"), recap)
            await pilot.pause()
            await pilot.pause()
            assert (log.border_title, log.border_subtitle) == (title, under), (width, rows, edges)


async def test_the_recaps_title_names_the_steps_scrolled_out_of_sight():
    """"Recap (all)" over a panel too short for every step hid the first
    moves (Boss Quest at 80x24): the title names the steps below the view
    (the recap opens on move 1), and those above once the player scrolls
    down; "(all)" when every step's number is in sight."""
    from textual.app import App, ComposeResult

    log_lines = ("deal",) + tuple(f"Bob moves {n}" for n in range(1, 7))
    tracker = SinceTracker()
    for n in range(1, len(log_lines) + 1):
        recap = tracker.observe(upd(n, log_lines[:n]))
    assert len(recap.steps) == 6

    class LogApp(App):
        def __init__(self, rows: int) -> None:
            super().__init__()
            self.rows = rows

        def compose(self) -> ComposeResult:
            log = SinceLog(id="log")
            log.styles.height = self.rows
            log.styles.border_top = ("solid", "white")  # the compact layouts' top edge only
            yield log

    # (the steps are named as moves: "3 below" read as a count, "three
    # moves below", where it meant move 3; play-test duelbots, finding 5)
    for width, rows, title, scrolled in (
            (40, 8, f"Recap (all) · {RECAP_KEYS}", None),
            (48, 4, f"Recap · moves 4-6 below ↓ · {RECAP_KEYS}",  # the Duel's panel at 80x24
             f"Recap · moves 1-3 above ↑ · {RECAP_KEYS}"),
            (48, 6, f"Recap · move 6 below ↓ · {RECAP_KEYS}", None),
            (42, 4, f"Recap · moves 4-6 ↓ · {RECAP_KEYS}", None),
            (40, 4, "Recap (6) · moves 4-6 ↓ · [ ] z",  # Boss Quest's at 80x24
             "Recap (6) · moves 1-3 ↑ · [ ] z"),
            # Overstocked's at 80x24 (28 columns, its top edge only): the
            # moves in words ("#2 ↓" read as a riddle beside the other
            # games' "move 2 ↓"), and what they are: "moves 2-4 ↓ · [ ] z"
            # alone named no recap (a play-test at 80 columns)
            (28, 6, "Recap · move 6 ↓ · [ ] z", None),
            (28, 4, "Recap: moves 4-6 ↓ · [ ] z", "Recap: moves 1-3 ↑ · [ ] z"),
            (20, 4, "moves 4-6 ↓", None)):
        app = LogApp(rows)
        async with app.run_test(size=(width, 10)) as pilot:
            log = app.query_one(SinceLog)
            log.show(log_lines, recap)
            await pilot.pause()
            await pilot.pause()
            assert log.border_title == title, (width, rows)
            if scrolled is not None:
                log.scroll_end(animate=False)
                await pilot.pause()
                assert log.border_title == scrolled, (width, rows)


async def test_overstockeds_narrow_recap_names_the_move_below_in_words():
    """Play-test at 80x24: Overstocked's recap read "Recap · #2 ↓" where the
    other games say "move 2 ↓" (the titles name moves, so that "2 below" is
    not read as a count). Its panel, drawn with its top edge only, has room
    for the words: the edge's width, not its text's."""
    from tests.test_since_snapshots import app_for

    app = app_for("overstocked")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.5)
        log = app.screen.query_one("#os-log", SinceLog)
        assert log.border_title == "Recap · move 2 ↓ · [ ] z"


@pytest.mark.parametrize("game", ["boss-quest", "overboss-duel", "overstocked", "overseers"])
async def test_a_recap_too_long_for_its_panel_opens_on_the_first_move(game):
    """Play-test at 80x24: the recap opened scrolled to its newest rows, the
    restock and deal lines after the bot's moves ("Market pair 2 gets an
    Icy Peak.", "Edda is dealt B4."), every move above out of sight. It
    opens on move 1, the later ones told below."""
    from tests.test_since_snapshots import app_for

    # (Boss Quest's: a new round's deal and the bots' turns after it)
    app = app_for(game, **({"seed": 2, "skip": 4} if game == "boss-quest" else {}))
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(4):
            await pilot.pause()
        log = app.game_screen.query_one(SinceLog)
        assert log.recap is not None and log.recap.shown
        assert log.max_scroll_y > 0  # the recap does not all fit
        assert log.scroll_y == 0
        assert "↑" not in log.border_title and "above" not in log.border_title
