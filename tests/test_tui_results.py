"""The results screen opens on the winner: at 80x24 the title line naming
the winner and the ranking are on screen, whatever follows them (a long
score pad, notes), and the buttons stay in sight below."""

from __future__ import annotations

import time

import pytest
from textual.app import App
from textual.containers import VerticalScroll

from core.engine import Category, Outcome
from host.messages import SeatUpdate
from tests.screen_kit import screen_text, settle
from tui.screens.results import ResultsScreen

NAMES = ("Ann", "Bram", "Cora", "Dev", "Edda")


def final_update(categories: int = 20) -> SeatUpdate:
    """Five players and a score pad longer than an 80x24 screen."""
    # (names long enough that the pad cannot go beside the standings)
    breakdown = tuple(Category(f"A long category of toys {n}", (n, 2 * n, 0, 1, n % 3))
                      for n in range(categories))
    outcome = Outcome(
        scores=(3, 9, 1, 2, 0), winners=frozenset({1}), breakdown=breakdown,
        notes=("{1} wins on the tie-break.", "{0} placed second by the rules."),
    )
    return SeatUpdate(game="boss-quest", seat=None, view=None, legal=(), to_act=frozenset(),
                      names=NAMES, bots=frozenset(), log=(), outcome=outcome)


class ResultsApp(App):
    def on_mount(self) -> None:
        self.push_screen(ResultsScreen(final_update()))


async def test_results_open_on_the_winner_and_the_ranking_at_80x24():
    app = ResultsApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.pause()
        scroll = app.screen.query_one("#results", VerticalScroll)
        assert scroll.max_scroll_y > 0  # the results do not fit: they scroll
        assert scroll.scroll_y == 0
        text = screen_text(app)
        assert "Boss Quest: Bram wins!" in text
        rows = text.splitlines()
        # the whole ranking, best first
        ranking = [next(i for i, row in enumerate(rows) if f" {name}" in row and "Player" not in row)
                   for name in ("Bram ★", "Ann", "Dev", "Cora", "Edda")]
        assert ranking == sorted(ranking)
        # the buttons are in sight; the results have the focus, so a late
        # Enter meant for the last move leaves them on screen
        # q goes home here as on the final table (which has no h): the
        # button and the footer name it
        assert "Rematch (r)" in text and "Home (q)" in text and "q Home" in text
        assert app.focused is scroll
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ResultsScreen)


def _standings_rows(app) -> dict[str, tuple[str, str]]:
    from textual.widgets import DataTable

    board = app.screen.query_one("#standings", DataTable)
    rows = {}
    for key in board.rows:
        place, player, score = (str(c) for c in board.get_row(key))
        rows[player.replace(" ★", "")] = (place, score)
    return rows


async def test_boss_quest_results_show_the_bq26_scores():
    """BQ-26: Ann lost her last heart with 3 keys, Bram kept his with 3:
    Bram is 2nd with 3, Ann 3rd with 2 (one less than Bram's), as the save
    records (`scores` [2, 3, 4]); the score pad keeps her 3 keys."""
    import attrs

    from core.bossquest import GAME
    from core.bossquest.state import Knight, Phase

    base = GAME.setup(3, None)
    state = attrs.evolve(base, phase=Phase.OVER, knights=(
        Knight(hearts=0, keys=3), Knight(hearts=1, keys=3), Knight(hearts=2, keys=4)))
    outcome = GAME.outcome(state)
    assert outcome.scores == (2, 3, 4)
    update = SeatUpdate(game="boss-quest", seat=None, view=state, legal=(), to_act=frozenset(),
                        names=("Ann", "Bram", "Cora"), bots=frozenset(), log=(), outcome=outcome)

    class App1(App):
        def on_mount(self) -> None:
            self.push_screen(ResultsScreen(update))

    app = App1()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        rows = _standings_rows(app)
        notes = " ".join(str(n.render()) for n in app.screen.query(".results-note"))
    assert rows == {"Cora": ("1", "4"), "Bram": ("2", "3"), "Ann": ("3", "2")}
    # how a score below the keys comes about is said (a -1 read as a fault)
    assert ("Ann's score is 2, one below Bram's: 3 keys, but placed below for losing "
            "the last heart (house ruling BQ-26)." in notes), notes
    keys = next(c for c in outcome.breakdown if c.name == "Keys")
    assert keys.values == (3, 3, 4)  # the pad keeps the keys as won


async def test_boss_quest_scores_equal_to_the_keys_need_no_note():
    """BQ-26's note on scores shows only where a score is not the keys."""
    import attrs

    from core.bossquest import GAME
    from core.bossquest.state import Knight, Phase

    state = attrs.evolve(GAME.setup(2, None), phase=Phase.OVER, knights=(
        Knight(hearts=1, keys=2), Knight(hearts=2, keys=4)))
    outcome = GAME.outcome(state)
    assert outcome.scores == (2, 4)
    update = SeatUpdate(game="boss-quest", seat=None, view=state, legal=(), to_act=frozenset(),
                        names=("Ann", "Bram"), bots=frozenset(), log=(), outcome=outcome)

    class App3(App):
        def on_mount(self) -> None:
            self.push_screen(ResultsScreen(update))

    async with App3().run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        notes = " ".join(str(n.render()) for n in pilot.app.screen.query(".results-note"))
    assert "one below" not in notes


def _qa_follow_end(*, ending: str = ""):
    """The play-test's Boss Quest end (4 knights, Final Boss): Dev 5 keys;
    Ann and Bram 3 keys each, Ann 3 hearts, Bram 2; Cora 1 key."""
    import attrs

    from core.bossquest import GAME
    from core.bossquest.state import Knight, Phase
    from tests.bossquest_screen_kit import full_state

    state = full_state()
    first = state.history[0]
    history = tuple(
        attrs.evolve(first, round=n + 1, keys_after=keys, hearts_after=hearts)
        for n, (keys, hearts) in enumerate([((1, 0, 0, 1), (3, 3, 3, 3)),
                                            ((2, 1, 1, 2), (3, 3, 3, 3)),
                                            ((3, 3, 1, 5), (3, 2, 3, 3))]))
    state = attrs.evolve(state, phase=Phase.OVER, turn=None, history=history, ending=ending,
                         knights=(Knight(hearts=3, keys=3), Knight(hearts=2, keys=3),
                                  Knight(hearts=3, keys=1), Knight(hearts=3, keys=5)))
    outcome = GAME.outcome(state)
    return SeatUpdate(game="boss-quest", seat=0, view=state, legal=(), to_act=frozenset(),
                      names=("Ann", "Bram", "Cora", "Dev"), bots=frozenset(), log=(),
                      outcome=outcome)


@pytest.mark.parametrize("size", [(80, 24), (120, 36)])
async def test_a_score_below_the_keys_is_explained_by_name_in_sight(size):
    """The play-test (80x24, Final Boss): Bram's "Score" read 2 beside his
    3 keys, and no line in sight said why. House ruling BQ-26: tied with Ann
    on keys, placed below her on hearts, his score is one below hers. The
    line names him and the reason, on screen without scrolling."""
    update = _qa_follow_end(ending="Dev slays the MegaBoss with 1 heart left and frees "
                                   "the Princess: the quest is won.")
    assert update.outcome.scores == (3, 2, 1, 5)
    app = _app_for(update)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        await pilot.pause()
        rows = _standings_rows(app)
        text = " ".join(screen_text(app).split())
    assert rows["Bram"] == ("3", "2")  # BQ-26's score, as the save records
    said = ("Bram's score is 2, one below Ann's: tied on keys (3), placed below on hearts "
            "(house ruling BQ-26).")
    assert said in text, text
    assert "Rematch (r)" in text


async def test_other_games_results_still_show_their_points():
    """The "Score" column of a game other than Boss Quest shows its points
    as counted (Outcome.points), the ranking's scores only ordering the rows."""
    outcome = Outcome(scores=(40, 39), winners=frozenset({0}), points=(40, 40))
    update = two_players_end("overboss-duel", outcome)

    class App2(App):
        def on_mount(self) -> None:
            self.push_screen(ResultsScreen(update))

    app = App2()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        rows = _standings_rows(app)
    assert rows == {"Ann": ("1", "40"), "Bram": ("2", "40")}


async def settled(pilot, condition, seconds: float = 10.0) -> bool:
    """Whether `condition()` holds once the app has had its pauses (a
    layout and the calls after it take a few on a loaded machine): up to
    `seconds` of wall time, as 40 bare pauses went by in CI under a load
    of 7-10 before the screen's layout came round. A line that stays
    wrong still fails, only later."""
    deadline = time.monotonic() + seconds
    while True:
        await pilot.pause()
        if condition():
            return True
        if time.monotonic() > deadline:
            return False
        await pilot.pause(0.05)


def two_players_end(game: str, outcome: Outcome) -> SeatUpdate:
    """Ann and Bram's match of `game` ended with `outcome`."""
    return SeatUpdate(game=game, seat=None, view=None, legal=(), to_act=frozenset(),
                      names=("Ann", "Bram"), bots=frozenset(), log=(), outcome=outcome)


def _app_for(update: SeatUpdate) -> App:
    class One(App):
        def on_mount(self) -> None:
            self.push_screen(ResultsScreen(update))

    return One()


async def test_a_duels_score_pad_is_whole_beside_the_standings_at_80x24():
    """Overboss Duel's pad (15 categories) did not fit below the standings
    at 80x24: its Total was below the fold. With no charts and room for
    both, it goes beside them, Total in sight."""
    breakdown = tuple(Category(f"Category {n}", (n, n + 1)) for n in range(14)) + (
        Category("Total", (91, 105)),)
    outcome = Outcome(scores=(91, 105), winners=frozenset({1}), breakdown=breakdown)
    app = _app_for(two_players_end("overboss-duel", outcome))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.pause()
        top = app.screen.query_one("#results-top")
        assert not top.has_class("-stacked")
        text = screen_text(app)
    total = next(row for row in text.splitlines() if "Total" in row)
    assert "91" in total and "105" in total
    assert "Rematch (r)" in text
    assert "goes on" not in text and "below:" not in text


async def test_the_line_saying_more_is_below_goes_once_all_is_in_sight():
    """Played at 80x24: the Duel's pad stood whole beside the standings, its
    Total in sight, under a line saying the pad went on below. The line,
    shown for the stacked frame before the pad moved beside the standings,
    took the last row of the results and so kept finding one row below.
    These results fill the 19 rows exactly."""
    app = _app_for(final_update(categories=14))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.pause()
        scroll = app.screen.query_one("#results", VerticalScroll)
        text = screen_text(app)
        assert scroll.max_scroll_y == 0, text
    assert "A long category of toys 13" in text and "Ann placed second" in text
    assert "below:" not in text


async def test_a_wide_score_pad_goes_below_the_standings():
    """Six players' pad does not fit beside the standings in 80 columns: it
    goes below them (and beside them on a wide terminal)."""
    names = ("Ann", "Bram", "Cora", "Dev", "Edda", "Finn")
    breakdown = tuple(Category(f"Toy category with a long name {n}", tuple(range(6)))
                      for n in range(4))
    outcome = Outcome(scores=(0, 1, 2, 3, 4, 5), winners=frozenset({5}), breakdown=breakdown)
    update = SeatUpdate(game="overstocked", seat=None, view=None, legal=(),
                        to_act=frozenset(), names=names, bots=frozenset(), log=(),
                        outcome=outcome)
    app = _app_for(update)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.pause()
        assert app.screen.query_one("#results-top").has_class("-stacked")
        await pilot.resize_terminal(160, 40)
        await pilot.pause()
        await pilot.pause()
        assert not app.screen.query_one("#results-top").has_class("-stacked")


async def test_the_charts_rows_follow_the_standings():
    """Boss Quest's keys and hearts charts sit beside the standings: each
    chart row is the player of the standings row beside it (they were in
    seat order, so a place's row showed another player's chart)."""
    import random

    from textual.widgets import DataTable, Label

    from core.bossquest import GAME
    from core.playout import random_playout

    for seed in range(40):  # a match whose winner is not the first seat
        state, _ = random_playout(GAME, 3, rng=random.Random(seed))
        outcome = GAME.outcome(state)
        if 0 not in outcome.winners:
            break
    names = ("Ann", "Bram", "Cora")
    update = SeatUpdate(game="boss-quest", seat=None, view=state, legal=(), to_act=frozenset(),
                        names=names, bots=frozenset(), log=(), outcome=outcome)
    app = _app_for(update)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot)
        board = app.screen.query_one("#standings", DataTable)
        ranked = [str(board.get_row_at(i)[1]).replace(" ★", "") for i in range(board.row_count)]
        charted = [str(label.render()) for label in app.screen.query(".chart-name").results(Label)]
    assert ranked[0] != "Ann"
    assert charted == ranked


def overseers_update(players: int) -> SeatUpdate:
    """An Overseers match's end: a pad of three rounds, wide labels."""
    names = ("Ann", "Bram", "Cora", "Dev", "Edda", "Finn")[:players]
    rows = ("Round 1: traits", "Round 1: Teal's copy", "Round 1: score", "Round 2: traits",
            "Round 2: the Hoarder's Greed", "Round 2: Purple's fives",
            "Round 2: Liang's -1 per card", "Round 2: score", "Round 3: traits",
            "Round 3: Liang's -1 per card", "Round 3: score")
    totals = tuple(60 + seat for seat in range(players))
    breakdown = tuple(Category(row, tuple(range(players))) for row in rows) + (
        Category("Total", totals),)
    outcome = Outcome(scores=totals, winners=frozenset({players - 1}), breakdown=breakdown)
    return SeatUpdate(game="overseers", seat=None, view=None, legal=(), to_act=frozenset(),
                      names=names, bots=frozenset(), log=(), outcome=outcome)


async def test_three_players_overseers_pad_is_whole_beside_the_standings_at_80x24():
    """Play-test: Overseers' pad went below the standings at 80x24, its
    Total under the fold. The standings take only the room they need, so
    three players' pad goes beside them, Total in sight."""
    app = _app_for(overseers_update(3))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.pause()
        assert not app.screen.query_one("#results-top").has_class("-stacked")
        text = screen_text(app)
    assert "Overseers: Cora wins!" in text
    total = next(row for row in text.splitlines() if "Total" in row)
    assert total.split()[-3:] == ["60", "61", "62"]
    assert "goes on below" not in text


async def test_a_pad_below_the_fold_says_so_and_the_keys_bring_its_total():
    """Six players' pad goes below the standings and on under the fold: a
    line says so and which keys scroll; End brings the Total up, and the
    line goes."""
    app = _app_for(overseers_update(6))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.pause()
        text = screen_text(app)
        assert "Overseers: Finn wins!" in text
        assert not any(row.split()[:1] == ["Total"] for row in text.splitlines())
        assert "↓ The score pad goes on to its Total below: ↓, PgDn or End scrolls" in text
        await pilot.press("end")
        await pilot.pause()
        text = screen_text(app)
    total = next(row for row in text.splitlines() if "Total" in row)
    assert total.split()[-6:] == ["60", "61", "62", "63", "64", "65"]
    assert "goes on" not in text


def _long_overseers_end(players: int) -> SeatUpdate:
    """A finished Overseers match whose pad is taller than the results'
    room at 80x24 (18 rows and more: each round's powers got a row)."""
    import random

    from core.overseers import GAME
    from core.playout import random_playout

    for seed in range(60):
        state, _ = random_playout(GAME, players, rng=random.Random(seed))
        outcome = GAME.outcome(state)
        if len(outcome.breakdown) >= 18:
            break
    assert len(outcome.breakdown) >= 18 and outcome.breakdown[-1].name == "Total"
    names = ("Ann", "Bram", "Cora", "Dev", "Edda", "Finn")[:players]
    return SeatUpdate(game="overseers", seat=None, view=state, legal=(), to_act=frozenset(),
                      names=names, bots=frozenset(), log=(), outcome=outcome)


@pytest.mark.parametrize("key", ["end", "pagedown"])
@pytest.mark.parametrize("players", [5, 6])
async def test_a_long_overseers_pad_scrolls_to_its_total_at_80x24(players, key):
    """Play-test (5 players, 80x24): the line said the pad went on to its
    Total below, but End, PgDn or ↓ stopped at "Round 3: score": the pad,
    a DataTable, is no taller than its container by Textual's default
    (`max-height: 100%`), so its last rows scrolled inside it, out of reach."""
    update = _long_overseers_end(players)
    total = update.outcome.breakdown[-1].values
    app = _app_for(update)
    async with app.run_test(size=(80, 24)) as pilot:
        assert await settled(pilot, lambda: "goes on to its Total below" in screen_text(app))
        for _ in range(3):  # PgDn a page at a time
            await pilot.press(key)

        def total_in_sight() -> bool:
            rows = screen_text(app).splitlines()
            return any(row.split()[:1] == ["Total"] for row in rows)

        assert await settled(pilot, total_in_sight), screen_text(app)
        text = screen_text(app)
    row = next(row for row in text.splitlines() if row.split()[:1] == ["Total"])
    assert row.split()[1:] == [str(v) for v in total]
    assert "below:" not in text


async def test_with_the_pads_total_in_sight_the_line_says_what_is_below():
    """Play-test (Overstocked, 80x24): the pad beside the standings showed
    its Total, and the notes under it went on below the fold, but the line
    said "The score pad goes on to its Total below". It names what is
    below: here the notes."""
    breakdown = tuple(Category(f"Toy {n}: warehouse", (n, n + 1)) for n in range(12)) + (
        Category("Total", (4, 9)),)
    notes = tuple(f"Note {n}: a tie for the largest area, each player's choice which scores."
                  for n in range(4))
    outcome = Outcome(scores=(4, 9), winners=frozenset({1}), breakdown=breakdown, notes=notes)
    app = _app_for(two_players_end("overstocked", outcome))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.pause()
        text = screen_text(app)
        total = next(row for row in text.splitlines() if "Total" in row)
        assert total.split()[-2:] == ["4", "9"]
        assert "Note 3" not in text
        assert "goes on to its Total" not in text
        assert "↓ More below: ↓, PgDn or End scrolls" in text
        await pilot.press("end")
        await pilot.pause()
        text = screen_text(app)
    assert "Note 3" in text
    assert "below:" not in text


async def test_the_line_goes_when_the_pad_moves_beside_the_standings(monkeypatch):
    """Play-test (Overseers, 80x24, a name "Ann (/)"): the first layout had
    the pad below the standings, its Total under the fold, and the line
    said so; the pad then went beside them, Total in sight, and the line
    stayed, with nothing below (on a loaded terminal: the decision was made
    from a layout not yet redone, and nothing asked again). Here the two
    layouts in turn, each settled: the line comes, then goes."""
    arrange = ResultsScreen._arrange_top
    # the first layout, stacked, held until the test moves the pad (else the
    # screen's own arrangement, late on a loaded machine, races the test)
    monkeypatch.setattr(ResultsScreen, "_arrange_top", lambda self: None)
    app = _app_for(overseers_update(3))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        top = screen.query_one("#results-top")
        top.add_class("-stacked")
        assert await settled(pilot, lambda: "goes on to its Total below" in screen_text(app))
        monkeypatch.setattr(ResultsScreen, "_arrange_top", arrange)
        screen._arrange_top()
        assert await settled(pilot, lambda: "below:" not in screen_text(app))
        assert not top.has_class("-stacked")
        text = screen_text(app)
    assert next(row for row in text.splitlines() if "Total" in row).split()[-3:] == ["60", "61", "62"]
    assert "below:" not in text


async def test_the_dialogs_held_for_the_end_go_over_the_results_at_once():
    """Boss Quest's last combat is read before the results: it is pushed
    with them, in the same turn of the event loop, so no frame of the
    results shows first (over SSH a loaded machine sent one, and the dialog
    came a moment later over a screen the player took for the end)."""
    from textual.screen import ModalScreen

    from tui.screens.results import push_results

    class Held(ModalScreen):
        pass

    class Played:  # a game's screen as the end finds it
        over_the_results = [Held(), Held()]

    played = Played()
    dialogs = list(played.over_the_results)
    app = App()
    async with app.run_test(size=(80, 24)) as pilot:
        mounts = push_results(app, final_update(), played)
        # before anything is awaited: the results, the dialogs over them in
        # order, the last on top
        assert isinstance(app.screen_stack[-3], ResultsScreen)
        assert app.screen_stack[-2:] == dialogs
        assert played.over_the_results == []  # pushed once
        for mount in mounts:
            await mount
        await pilot.pause()
        assert app.screen is dialogs[-1]
        app.pop_screen()
        app.pop_screen()
        await pilot.pause()
        assert isinstance(app.screen, ResultsScreen)


def _duel_with_hearts_sacrificed():
    """A three-knight match with the Final Boss whose champion, holding 3
    hearts, sacrificed 2 of them in the MegaBoss duel."""
    from core.bossquest import GAME
    from core.bossquest.actions import Sacrifice
    from core.bossquest.state import Phase
    from tests.bossquest_tables import first_final_boss_state

    state = first_final_boss_state(lambda state: state.phase is Phase.DUEL_SACRIFICE
                                   and state.knights[state.champion].hearts == 3)
    return GAME.apply(state, state.champion, Sacrifice(2))


async def test_the_results_say_which_hearts_are_the_quests_and_which_the_duels():
    """The play-test (BQ-38): the score pad showed the champion's "Hearts 3"
    while the ending said "With 1 heart left", after 2 were sacrificed in
    the duel: it read as a contradiction. The pad's row says its hearts are
    from before the duel, and a note tells the duel's: 3, 2 sacrificed, 1
    left."""
    from core.bossquest import GAME

    state = _duel_with_hearts_sacrificed()
    duel = state.duel
    assert duel.sacrificed == 2 and duel.hearts_before == 3
    outcome = GAME.outcome(state)
    names = ("Ann", "Bram", "Cora")
    champ = names[duel.champion]
    update = SeatUpdate(game="boss-quest", seat=None, view=state, legal=(), to_act=frozenset(),
                        names=names, bots=frozenset(), log=(), outcome=outcome)
    app = _app_for(update)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        notes = " ".join(str(n.render()) for n in app.screen.query(".results-note"))
        app.screen.query_one("#results", VerticalScroll).scroll_end(animate=False)
        await pilot.pause()
        text = screen_text(app)
    hearts = next(c for c in outcome.breakdown if c.name.startswith("Hearts"))
    assert hearts.name == "Hearts before duel"
    assert hearts.values[duel.champion] == 3  # BQ-38: the standings' hearts stand
    assert "Hearts before duel" in text
    said = " ".join(notes.split())
    assert (f"Hearts above: as the quest ended, before the duel, which changes no standing "
            f"(house ruling BQ-38). {champ} went into it with 3 and sacrificed 2: 1 left at its end.") in said, said


@pytest.mark.parametrize("players", [3, 6])
async def test_long_names_are_shortened_in_the_pad_and_every_number_stays_whole(players):
    """Play-test: with a long name (32 characters, wide emoji) the last
    column was cut at 80 columns ("ann  b", a Total "5" for 54). The pad's
    header shortens the names (an ellipsis, by cells) so that every
    column's numbers are whole."""
    from textual.widgets import DataTable

    long = "Wölfgang 🐉🐉🐉🐉🐉🐉 Drachenhöhle-XY"
    names = ("ann", long, "Zed Longname Thirtytwo Chars!!", "Dev", "Edda")[:players - 1] + ("bob",)
    rows = ("Round 1: traits", "Round 2: the Hoarder's Greed", "Round 3: score")
    scores = (10, 123, 100, 7, 99)[:players - 1] + (54,)
    breakdown = tuple(Category(row, scores) for row in rows) + (Category("Total", scores),)
    outcome = Outcome(scores=scores, winners=frozenset({players - 1}), breakdown=breakdown)
    update = SeatUpdate(game="overseers", seat=None, view=None, legal=(), to_act=frozenset(),
                        names=names, bots=frozenset(), log=(), outcome=outcome)
    app = _app_for(update)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.pause()
        await pilot.press("end")
        await pilot.pause()
        pad = app.screen.query_one("#score-pad", DataTable)
        assert pad.virtual_size.width <= pad.size.width
        text = screen_text(app)
    total = next(row for row in text.splitlines() if row.strip().startswith("Total"))
    assert total.split()[1:] == [str(v) for v in scores]
    head = next(row for row in text.splitlines() if "Score pad" in row)
    assert head.rstrip().endswith("bob") and "Wölfgang" in head and long not in head
    assert "…" in head


@pytest.mark.parametrize("size", [(80, 24), (160, 45)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("players", [2, 4, 6])
async def test_the_pads_numbers_are_right_aligned_under_their_names(size, players):
    """Play-test (Overstocked): the pad's numbers stood left in their
    columns, "-4" a cell left of "10" and neither under the end of its
    name. Every number, the Total's too, ends where its heading ends; so
    do the standings' scores under "Score"."""
    import re

    from textual.widgets import DataTable

    names = ("Ann", "Bram Wolfgang-Drachenhöhle", "Cora", "Dev Longname Thirtytwo Chars!",
             "Edda", "Fritz")[:players]
    rows = ("Pocket Petz (P): points", "Furballs (F): points", "Total")
    values = ((-4, 10, 3, -15, 0, 7), (10, -4, 12, 8, 5, -1), (6, 6, 15, -7, 5, 6))
    breakdown = tuple(Category(row, v[:players]) for row, v in zip(rows, values, strict=True))
    scores = values[-1][:players]
    outcome = Outcome(scores=scores, winners=frozenset({scores.index(max(scores))}),
                      breakdown=breakdown)
    update = SeatUpdate(game="overstocked", seat=None, view=None, legal=(), to_act=frozenset(),
                        names=names, bots=frozenset(), log=(), outcome=outcome)
    app = _app_for(update)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        await pilot.pause()
        pad = app.screen.query_one("#score-pad", DataTable)
        board = app.screen.query_one("#standings", DataTable)
        app.screen.query_one("#results", VerticalScroll).scroll_to_widget(pad, animate=False)
        await pilot.pause()
        text = screen_text(app).splitlines()
        pad_lines, board_lines = ([line[r.x:r.right] for line in text[r.y:r.bottom]]
                                  for r in (pad.region, board.region))

    def ends(line: str) -> list[int]:
        # (columns stand two cells apart or more; a name may hold one space)
        return [m.end() for m in re.finditer(r"\S+(?: \S+)*", line)]

    heading, *lines = pad_lines
    assert len(lines) == len(rows), lines
    for line in lines:
        assert ends(line)[1:] == ends(heading)[1:], (heading, line)
    heading, *lines = board_lines
    score = ends(heading)[-1]
    assert [ends(line)[-1] for line in lines] == [score] * players, (heading, lines)


async def test_the_pads_columns_keep_their_labels_when_painted_at_once():
    """Play-test (Overseers, the terminal resized on the results): every
    row of the pad read "Round 1:", its column as wide as the heading
    "Score pad". The DataTable measures new rows when idle; a pad refilled
    and painted before that kept the heading's width. The widths are given
    as the pad is filled."""
    from textual.widgets import DataTable

    app = _app_for(overseers_update(3))
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot)
        screen = app.screen
        pad = screen.query_one("#score-pad", DataTable)
        screen._pad_width = None
        screen._fill_pad()  # as on a resize; measured, nothing idle since
        label = next(iter(pad.columns.values()))
        assert label.get_render_width(pad) >= len("Round 2: the Hoarder's Greed"), label.width


@pytest.mark.parametrize(("game", "kit_name", "players"), [
    ("boss-quest", "bossquest", 4), ("overboss-duel", "overboss", 2),
    ("overstocked", "overstocked", 3), ("overseers", "overseers", 3)])
async def test_escape_on_the_final_table_goes_back_to_the_results(game, kit_name, players):
    """The play-test: results, b (the final table), then Escape did nothing
    and said nothing (the footer offers "b Results"). Escape is "back" on
    the other screens: here it goes back to the results, as b does."""
    import importlib
    import random

    from core import GAMES
    from core.playout import random_playout

    kit = importlib.import_module(f"tests.{kit_name}_screen_kit")
    rules = GAMES[game]
    state, _ = random_playout(rules, players, rng=random.Random(5))
    update = kit.make_update(state, 0)
    assert update.over
    app = kit.ScreenApp(update)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.screen is app.game_screen
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ResultsScreen), type(app.screen).__name__


async def test_the_charts_have_a_bar_per_round_and_say_so():
    """The play-test: the Keys and Hearts charts of a five-round match had
    ten columns (each round drawn twice to fill the room) and nothing said
    what a column was. A bar is a round, and a caption says so."""
    import random

    from core.bossquest import GAME
    from core.playout import random_playout
    from tui.widgets.roundchart import BARS, RoundChart

    for seed in range(100):
        state, _ = random_playout(GAME, 3, rng=random.Random(seed))
        if len(state.history) == 5:
            break
    update = SeatUpdate(game="boss-quest", seat=None, view=state, legal=(), to_act=frozenset(),
                        names=("Ann", "Bram", "Cora"), bots=frozenset(), log=(),
                        outcome=GAME.outcome(state))
    app = _app_for(update)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.pause()
        text = screen_text(app)
        drawn = [str(chart.render()) for chart in app.screen.query(RoundChart)]
    assert drawn and all(len(bars) == 5 and set(bars) <= set(BARS) for bars in drawn), drawn
    assert "Bars: keys and hearts after rounds 1-5" in text, text


async def test_the_charts_scale_is_the_keys_to_win_and_the_hearts_at_start():
    """Play-test: a knight who held 1 key from round 1 on drew five full
    bars, the Keys chart being scaled to the best total (1 key looked like
    5), and "after each round, 1 to 5" read like a scale of keys. The bars
    go up to the keys that win (BQ §Course of the game: 5 at 2-4 knights)
    and the 3 hearts a knight starts with, and the heads say so."""
    import random

    import attrs

    from core.bossquest import GAME
    from core.playout import random_playout
    from tui.widgets.roundchart import BARS, RoundChart

    for seed in range(100):
        state, _ = random_playout(GAME, 3, rng=random.Random(seed))
        if len(state.history) == 5:
            break
    # Cora holds one key from round 1 to the end; nobody holds more
    held = [(0, 0, 1)] * 5
    history = tuple(attrs.evolve(r, keys_after=k) for r, k in zip(state.history, held, strict=True))
    knights = tuple(attrs.evolve(kn, keys=held[-1][s]) for s, kn in enumerate(state.knights))
    state = attrs.evolve(state, history=history, knights=knights)
    update = SeatUpdate(game="boss-quest", seat=None, view=state, legal=(), to_act=frozenset(),
                        names=("Ann", "Bram", "Cora"), bots=frozenset(), log=(),
                        outcome=GAME.outcome(state))
    for size in ((80, 24), (160, 45)):
        app = _app_for(update)
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            await pilot.pause()
            text = screen_text(app)
            keys = [c for c in app.screen.query(RoundChart) if c.has_class("keys")]
            drawn = {str(c.render()) for c in keys}
        one_of_five = BARS[round(1 / 5 * (len(BARS) - 1))]
        assert drawn == {BARS[0] * 5, one_of_five * 5}, drawn
        assert "Keys (0-5)" in text and "Hearts (0-3)" in text, text
        assert "Bars: keys and hearts after rounds 1-5" in text, text


async def test_the_duels_results_name_each_players_boss():
    """Hot-seat play-test (Overboss Duel, 80x24): the results named neither
    Boss, and one never revealed was learnt only from the final table's
    score pad (b, then p). OD §Boss cards: every objective is scored at the
    end, revealed or not; the results name each Boss, and say which was
    never revealed, beside the standings with the whole pad in sight."""
    from core.overboss import GAME
    from tests import overboss_screen_kit as ob

    state = ob.finished()  # Ann revealed King Croak; Bob's Dr. Deadly stayed face down
    update = SeatUpdate(game=GAME.id, seat=0, view=GAME.view(state, 0), legal=(),
                        to_act=frozenset(), names=("Ann", "Bram"), bots=frozenset(), log=(),
                        outcome=GAME.outcome(state))
    app = _app_for(update)
    async with app.run_test(size=(80, 24)) as pilot:
        assert await settled(pilot, lambda: "Bosses" in screen_text(app))
        assert not app.screen.query_one("#results-top").has_class("-stacked")
        rows = screen_text(app).splitlines()
    text = "\n".join(rows)
    assert "Ann: King Croak" in text and "Bram: Dr. Deadly (house)" in text, text
    never = [row for row in rows if "never revealed" in row]
    assert len(never) == 1 and rows.index(never[0]) == next(
        i for i, row in enumerate(rows) if "Bram: Dr. Deadly" in row) + 1, text
    total = next(row for row in rows if "Total" in row)
    assert "59" in total and "62" in total


@pytest.mark.parametrize("size", [(80, 24), (160, 45)])
async def test_a_duel_won_on_the_tile_score_says_so_in_its_title(size):
    """Play-test (80x24): a duel tied at 35 read "Overboss Duel: Bram wins!"
    over 35 and 35, the tie-break below the fold, and the note there spoke
    of a score "set one below the winner's" shown nowhere. The title says
    how the tie went (OD-12), in sight at once; the note says the same in
    numbers a player finds on the pad."""
    from core.overboss import GAME
    from tests import overboss_screen_kit as ob

    state = ob.tied_final()
    update = SeatUpdate(game=GAME.id, seat=0, view=GAME.view(state, 0), legal=(),
                        to_act=frozenset(), names=("Ann", "Bram"), bots=frozenset(), log=(),
                        outcome=GAME.outcome(state))
    app = _app_for(update)
    async with app.run_test(size=size) as pilot:
        title = "Overboss Duel: Bram wins on the tile score, 38 to 33 (tied at 63)"
        assert await settled(pilot, lambda: title in " ".join(screen_text(app).split()))
        assert await settled(pilot, lambda: _standings_rows(app) == {
            "Bram": ("1", "63"), "Ann": ("2", "63")})
        await pilot.press("end")
        await settle(pilot)
        text = " ".join(screen_text(app).split())
    assert "Tied at 63: Bram wins on the tile score, 38 to 33 (house ruling OD-12)." in text
    assert "one below" not in text


@pytest.mark.parametrize(("game", "points", "title"), [
    ("overseers", (55, 55, 31), "Overseers: Bram wins the tie at 55, never having held the "
                                "Leader card"),
    ("overstocked", (17, 17), "Overstocked: Bram wins the tie at 17 (in a solo game, a tie "
                              "goes to the bot)"),
])
async def test_a_tie_broken_by_a_rule_is_said_in_the_title(game, points, title):
    """Play-test (80x24): "Overseers: Bram wins!" over 55 and 55, the note
    saying why below a long pad's fold (solo Overstocked's the same): the
    title says how the tie went (OV-18, OS-10)."""
    import attrs

    scores = (points[0] - 1, *points[1:])
    outcome = Outcome(scores=scores, winners=frozenset({1}), points=points)
    update = attrs.evolve(two_players_end(game, outcome), names=("Ann", "Bram", "Cora")[:len(points)])
    app = _app_for(update)
    async with app.run_test(size=(80, 24)) as pilot:
        assert await settled(pilot, lambda: title in " ".join(screen_text(app).split()))


async def test_the_results_pad_heads_a_column_with_the_name_only():
    """Play-test: "Bram (left — bot playing)" headed a column of the pad;
    the heading is the name only."""
    import attrs

    breakdown = (Category("Total", (91, 105)),)
    outcome = Outcome(scores=(91, 105), winners=frozenset({1}), breakdown=breakdown)
    update = attrs.evolve(two_players_end("overboss-duel", outcome),
                          names=("Ann", "Bram (left — bot playing)"))
    app = _app_for(update)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.pause()
        pad = app.screen.query_one("#score-pad")
        heads = [str(column.label) for column in pad.columns.values()]
    assert heads[1:] == ["Ann", "Bram"], heads


@pytest.mark.parametrize("game", ["boss-quest", "overboss-duel", "overstocked", "overseers"])
async def test_the_results_title_and_standings_name_the_player_only(game):
    """Play-test: "bob (away — bot playing) wins!" after the match was over
    (after a host restart, "bob wins!"): the seat's status is no part of
    the results' title or standings, in every game."""
    outcome = Outcome(scores=(1, 2), winners=frozenset({1}),
                      notes=("{1} wins on the tie-break.",))
    update = SeatUpdate(game=game, seat=None, view=None, legal=(), to_act=frozenset(),
                        names=("Ann (left — bot playing)", "bob (away — bot playing)"),
                        bots=frozenset(), log=(), outcome=outcome)
    app = _app_for(update)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.pause()
        text = screen_text(app)
        rows = _standings_rows(app)
    assert ": bob wins!" in text, text
    assert "bot playing" not in text and "(away)" not in text, text
    assert rows == {"bob": ("1", "2"), "Ann": ("2", "1")}


async def test_a_hint_about_the_last_prompt_goes_as_the_results_open():
    """Play-test (Overboss Duel, 80x24): a key pressed during the bot's last
    turn left "Nothing to choose now: it is not your decision." over the
    results' score pad for its seconds. Hints about a prompt go with it;
    other notices (chat, a turn) stay."""
    from textual.app import App

    from tui.widgets.hints import hint

    app = App()
    async with app.run_test(size=(80, 24)) as pilot:
        hint(app.screen, "Nothing to choose now: it is not your decision.")
        app.notify("Bram: good game")
        await pilot.pause()
        assert len(app._notifications) == 2
        await app.push_screen(ResultsScreen(final_update()))
        await pilot.pause()
        said = [n.message for n in app._notifications]
    assert said == ["Bram: good game"], said


def test_the_headline_names_a_seat_a_bot_played_after_its_player_left():
    """A winning seat whose player left the match for good is the seat's
    win, not the player's ("Bob wins!" of a match Bob had left); without
    such a seat (at one terminal: always) the headline is as it was."""
    from tui.screens.results import headline

    names = ("Ann", "Bob", "Cy")
    assert headline(names, [1], frozenset()) == "Bob wins!"
    assert headline(names, [0, 2], frozenset({1})) == "Ann and Cy win!"
    assert headline(names, [1], frozenset({1})) == "Bob's seat wins (a bot played it after Bob left)"
    assert headline(names, [0, 1], frozenset({1})) == (
        "Ann and Bob's seat win (a bot played it after Bob left)")
    assert headline(names, [1, 2], frozenset({1, 2})) == (
        "Bob's seat and Cy's seat win (bots played them after Bob and Cy left)")
    assert headline(("Ann",), [], frozenset()) == "the quest is lost."


def test_a_tie_broken_and_a_seat_left_read_as_one_bracket():
    """A play-test read "Bram's seat wins on the tile score, 26 to 19 (tied
    at 35) (a bot played it after Bram left)": two brackets in a row. The
    title says both in one."""
    from tui.screens.results import headline

    names = ("Ann", "Bram")
    assert headline(names, [1], frozenset({1}), " on the tile score, 26 to 19 (tied at 35)") == (
        "Bram's seat wins on the tile score, 26 to 19 (tied at 35; a bot played it after "
        "Bram left)")
    assert headline(names, [0, 1], frozenset({0, 1}),
                    " (tied at 35, and at 20 on the tile score)") == (
        "Ann's seat and Bram's seat win (tied at 35, and at 20 on the tile score; bots "
        "played them after Ann and Bram left)")
    # tie words that end in no bracket keep the left seat's own
    assert headline(names, [1], frozenset({1}), " the tie at 51") == (
        "Bram's seat wins the tie at 51 (a bot played it after Bram left)")
    # every game's tie words, after a left seat's win: one bracket at the end at most
    for how in (" on the tile score, 5 to 2 (tied at 5)",
                " the tie at 17 (in a solo game, a tie goes to the bot)"):
        title = headline(names, [1], frozenset({1}), how)
        assert ") (" not in title and title.count("(") == 1 and title.endswith(" left)"), title


async def test_the_ranking_names_each_bots_level():
    """Play-test: the results read "1 Cora ★ 33 / 2 Ann 15 / 3 Bram 10", and
    nothing said Bram and Cora were bots, nor at which level. The headline
    keeps the name alone."""
    import attrs

    update = attrs.evolve(final_update(2), levels=(None, "hard", "normal", None, "easy"))

    class LevelsApp(App):
        def on_mount(self) -> None:
            self.push_screen(ResultsScreen(update))

    app = LevelsApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.pause()
        text = screen_text(app)
    assert "Boss Quest: Bram wins!" in text
    assert "Bram (hard bot) ★" in text and "Cora (normal bot)" in text
    assert "Edda (easy bot)" in text and "Ann (" not in text
