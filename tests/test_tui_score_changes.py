"""The recap since your last move says what each step did to the scores,
row by row of the score pad ("Ann +5: Roads +1, Longest road +4"): a
play-test at 80x24 saw the header's "Ann •8 : 0 Bram" and a recap that
never said why. Worked out from the viewer's own views, so a score it may
not see (a face-down Boss's objective, OD §Boss Cards) is never told.
"""

from __future__ import annotations

from core.overboss import GAME
from core.overboss.actions import PlaceTile
from core.overboss.components import Boss
from core.overboss.state import Step
from host.messages import SeatUpdate
from tests.overboss_tables import D, R, play, sq, table
from tests.screen_kit import settle
from tests.since_kit import SequenceApp
from tui.screens.game import score_change_words
from tui.screens.overboss import OverbossScreen

NAMES = ("Ann", "Bram")


def _update(state, seat: int, log: tuple[str, ...], seq: int) -> SeatUpdate:
    to_act = frozenset(GAME.to_act(state))
    legal = tuple(GAME.legal_actions(state, seat)) if seat in to_act else ()
    return SeatUpdate(game=GAME.id, seat=seat, view=GAME.view(state, seat), legal=legal,
                      to_act=to_act, names=NAMES, bots=frozenset({1 - seat}), log=log,
                      seq=seq)


def _moved(before, after, seat: int, line: str) -> list[SeatUpdate]:
    """`seat`'s updates: its point (`before`), then `after` with `line` logged."""
    log = ("Ann is dealt a secret Boss.", "Bram is dealt a secret Boss.")
    return [_update(before, seat, log, 1), _update(after, seat, (*log, line), 2)]


def _recap_rows(app) -> list[str]:
    log = app.game_screen.query_one("#ob-log")
    return [str(entry.plain if hasattr(entry, "plain") else entry).strip()
            for entry in log._entries]


def test_the_words_say_the_total_then_each_row():
    assert score_change_words("Ann", [("Roads", 1), ("Longest road", 4)]) == (
        "Ann +5: Roads +1, Longest road +4")
    assert score_change_words("Ann", [("Roads", -1), ("Longest road", -4), ("Icy Peaks", 2)]) == (
        "Ann -3: Roads -1, Longest road -4, Icy Peaks +2")
    assert score_change_words("Bram", [("Roads", 4), ("Longest road", -4)]) == (
        "Bram ±0: Roads +4, Longest road -4")


async def test_the_recap_says_why_a_road_on_your_half_scored_you_five():
    """Play-test at 80x24: Bram's Road on d2 took Ann from 3 to 8, and the
    recap said only where it went. OD §Road 1 point, OD-10 the longest
    road's 4 to the half holding more of it. Said in the recap of all the
    steps, in the step looked at with ], and in the last moves told at the
    end (`recap_lines`)."""
    before = table(turn=1, step=Step.PLACE_TILE, hand=(R, None))
    after = play(before, 1, PlaceTile(sq("d2")))
    app = SequenceApp(OverbossScreen, _moved(before, after, 0,
                                             "Bram places the Road on d2 (your side)."))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        rows = _recap_rows(app)
        assert rows[-2:] == ["1 Bram places the Road on d2 (your side).",
                             "Ann +5: Roads +1, Longest road +4"], rows
        await pilot.press("right_square_bracket")
        await pilot.pause()
        assert _recap_rows(app)[-1] == "▶   Ann +5: Roads +1, Longest road +4"  # the step's
        screen = app.game_screen
        assert screen.recap_lines(screen.recap) == [
            "Bram places the Road on d2 (your side).", "Ann +5: Roads +1, Longest road +4"]


async def test_a_face_down_boss_objective_is_told_to_its_owner_only():
    """Play-test: a Dungeon on the board moved Ann (King Croak, face down)
    from 19 to 20, unexplained: OD §Boss Cards, King Croak scores 1 per
    Dungeon on the board. Ann's recap names him; Bram's, who may not see
    a face-down Boss, tells his own Dungeon and nothing of Ann's."""
    before = table(turn=1, step=Step.PLACE_TILE, hand=(D, None),
                   bosses=(Boss.KING_CROAK, Boss.BELLADONNA))
    after = play(before, 1, PlaceTile(sq("b7")))
    line = "Bram places the Dungeon on b7 (their side)."
    app = SequenceApp(OverbossScreen, _moved(before, after, 0, line))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert _recap_rows(app)[-2:] == ["Ann +1: King Croak +1", "Bram +1: Dungeons +1"]
    # Bram's view of Ann's move of the same Dungeon (seat 0 places it)
    before = table(turn=0, step=Step.PLACE_TILE, hand=(D, None),
                   bosses=(Boss.KING_CROAK, Boss.BELLADONNA))
    after = play(before, 0, PlaceTile(sq("b2")))
    app = SequenceApp(OverbossScreen, _moved(before, after, 1,
                                             "Ann places the Dungeon on b2 (their side)."))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        rows = _recap_rows(app)
        screen = app.game_screen
        told = " ".join(screen.recap_lines(screen.recap))
    assert rows[-1] == "Ann +1: Dungeons +1", rows
    assert "King Croak" not in " ".join(rows) and "King Croak" not in told
    assert "Ann +2" not in told


async def test_overstocked_recap_says_each_players_change_toy_by_toy():
    """The Overstocked recap said "Bram ... 10 -> 11" and your own score
    only ("Your score now"): each step now says every player's change, toy
    by toy (OS §Scoring), adding up to what their totals did."""
    import re

    from core.overstocked import GAME as STOCKED
    from tests.since_kit import turns_of_others
    from tui.screens.overstocked import OverstockedScreen

    app = SequenceApp(OverstockedScreen, turns_of_others("overstocked", players=3, seed=2))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.game_screen
        steps = screen.recap.steps
        said = 0
        for step in steps:
            notes = screen.step_notes(step)
            totals = [(b.total, a.total) for b, a in zip(STOCKED.sheet(step.before).seats,
                                                         STOCKED.sheet(step.after).seats,
                                                         strict=True)]
            changed = {screen._bare_who(s): a - b for s, (b, a) in enumerate(totals) if a != b}
            told = {m[1]: int(m[2].replace('±', '')) for m in (re.match(r"(\S+) ([+-]\d+|±0): ", n) for n in notes)}
            assert {k: v for k, v in told.items() if v} == changed, (step.lines, notes)
            said += len(notes)
        assert said, [s.lines for s in steps]
        assert all(note in screen.recap_lines(screen.recap)
                   for step in steps for note in screen.step_notes(step))


async def test_the_prompt_says_why_the_drafted_token_is_not_offered():
    """Play-test (4x6): "Town + Yeti" drafted, the Town on b2 and its hero
    spawned there; the prompt offered "1 Spellslime (lair) 2 Werewolf
    (lair)" and said nothing of the Yeti (the market's title: "you drafted
    Yeti"). OD-13: a Yeti cannot slay a Town's hero, and no other tile can
    take it: the prompt says so as the choice is offered, and what s does
    then (every monster waits)."""
    from core.overboss.state import Lair
    from tests.overboss_screen_kit import ScreenApp, make_update, screen_text
    from tests.overboss_tables import SLIME, WOLF, YETI, board

    state = table(board(6, b2="TH", c2="PL"), short=True, step=Step.TOKEN,
                  hand=(None, YETI), placed=sq("b2", 6),
                  lairs=(Lair(waiting=(SLIME, WOLF)), Lair()))
    app = ScreenApp(make_update(state))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        prompt = " ".join(str(app.game_screen.query_one("#ob-prompt").render()).split())
        text = screen_text(app)
    assert prompt.startswith("The Yeti cannot slay the hero on b2 and no other tile can take "
                             "it: it waits in your lair. Place the Spellslime"), prompt
    assert prompt.endswith("Or s places none: all wait there."), prompt
    assert "1 ● Spellslime (lair)" in text



def _views_kept(screen) -> set[int]:
    """The ids of the views the recap's score-line cache holds."""
    return {id(view) for kept in screen._notes_cache.values() for view in kept[:2]}


def _random_duel(updates: int, seed: int = 7) -> list[SeatUpdate]:
    """Seat 0's updates after each change of a seeded random Duel: its own
    moves among them, each beginning a new recap."""
    import random

    from core.engine import CHANCE

    rng = random.Random(seed)
    state = GAME.setup(2, None)
    out, log = [], []
    while GAME.outcome(state) is None and len(out) < updates:
        to_act = GAME.to_act(state)
        if CHANCE in to_act:
            actions, weights = zip(*GAME.chance_outcomes(state), strict=True)
            who, action = CHANCE, rng.choices(actions, weights=weights)[0]
        else:
            who = min(to_act)
            action = rng.choice(GAME.legal_actions(state, who))
        log.append(GAME.describe(state, who, action, names=NAMES, viewer=0))
        state = GAME.apply(state, who, action)
        if CHANCE not in GAME.to_act(state):
            out.append(_update(state, 0, tuple(log), len(log)))
    return out


async def test_the_score_lines_keep_no_views_but_the_recaps_own():
    """Memory: the score lines worked out for a recap's steps are kept only
    while those steps are in the recap (a whole match of recaps kept up to
    64 pairs of views a screen), and none once the screen is put away. The
    lines read as before."""
    app = SequenceApp(OverbossScreen, [])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.game_screen
        recaps = set()
        for update in _random_duel(60):
            screen.show(update)
            await pilot.pause()
            if update.legal:
                screen.since.acted(update)  # as the player's move sent from here
            steps = screen.recap.steps
            recaps.add(id(steps[0]) if steps else None)
            in_recap = {id(view) for step in steps for view in (step.before, step.after)}
            assert _views_kept(screen) <= in_recap
        assert len(recaps) > 3  # (the recap began again several times)
        await app.pop_screen()
        await pilot.pause()
        assert not screen._notes_cache and not screen._pad_of


async def test_the_duel_works_out_a_views_score_pad_once():
    """CPU: the recap's score lines, its marks of changed scores and the
    running pad all read the score pad of the same views; each view's is
    worked out about once (it was up to five times), the lines as
    `GAME.score_changes` says them."""
    from unittest import mock

    from core.overboss import scoring

    updates = _random_duel(30)
    app = SequenceApp(OverbossScreen, [])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.game_screen
        with mock.patch.object(scoring, "score_pad", wraps=scoring.score_pad) as pads, \
                mock.patch.object(GAME, "score_pad", pads):
            for update in updates:
                screen.show(update)
                await pilot.pause()
        views = {id(update.view) for update in updates}
        assert pads.call_count < 1.5 * len(views), (pads.call_count, len(views))
        for step in screen.recap.steps:
            assert screen.score_changes(step.before, step.after) == GAME.score_changes(
                step.before, step.after)


async def test_overstocked_works_out_a_views_score_rows_once():
    """CPU: each recap step's score lines read the score rows of its two
    views, and one step's after is the next one's before: each view's rows
    are worked out about once (twice before), the lines as
    `GAME.score_changes` says them."""
    from unittest import mock

    from core.overstocked import GAME as STOCKED
    from tests.since_kit import turns_of_others
    from tui.screens.overstocked import OverstockedScreen

    updates = turns_of_others("overstocked", players=3, seed=2)
    app = SequenceApp(OverstockedScreen, [])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.game_screen
        with mock.patch.object(STOCKED, "score_rows", wraps=STOCKED.score_rows) as rows:
            for update in updates:
                screen.show(update)
                await pilot.pause()
        views = {id(update.view) for update in updates}
        assert 0 < rows.call_count <= len(views), (rows.call_count, len(views))
        for step in screen.recap.steps:
            assert screen.score_changes(step.before, step.after) == STOCKED.score_changes(
                step.before, step.after)
