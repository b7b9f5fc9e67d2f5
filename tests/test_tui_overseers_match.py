"""Whole Overseers matches played from the keyboard through the real app:
one person against three bots, and three people at one terminal (the
hand-over screen covers every secret step: the draft, the placement, the
vote)."""

from __future__ import annotations

import asyncio

import pytest

from core.overseers import GAME
from core.overseers.state import Phase
from saves.journal import PlayerSpec
from tests.screen_kit import play_through_the_app, screen_text, wait_for
from tui.app import OvertableApp
from tui.screens.ending import EndingScreen
from tui.screens.help import HelpScreen
from tui.screens.overseers import OverseersScreen
from tui.screens.rules import RulesScreen
from tui.widgets import ActionBar
from tui.widgets.hand import Hand

#: whole matches through the app, in loops that wait for what they read
pytestmark = pytest.mark.usefixtures("brisk_idle")


def choose_key(screen: OverseersScreen) -> str:
    """What a player who trusts the screen presses now: Enter on the
    focused pack or bar (the screen focuses the decision)."""
    hand = screen.query_one("#ov-hand", Hand)
    bar = screen.query_one("#ov-actions", ActionBar)
    assert (hand.display and hand.picking and hand.has_focus) or (bar.display and bar.has_focus)
    if not hand.has_focus and bar.cursor < 0:
        return "right"  # a decision on your cards for good: nothing is highlighted yet
    return "enter"


def secrets_hidden(screen: OverseersScreen, state) -> None:
    """No other seat's pack, pick or vote is on the viewer's screen before
    the rules reveal it."""
    update = screen.update
    seat = update.seat
    hand = screen.query_one("#ov-hand", Hand)
    if state.phase is Phase.DRAFT and seat is not None and hand.display:
        from core.overseers.cards import TRAIT

        assert [c.text for c in hand.cards] == [TRAIT[c].label for c in state.seats[seat].hand]
    if state.phase is Phase.VOTE:
        rows = str(screen.query_one("#ov-rows").render())
        for other, p in enumerate(state.seats):
            if other != seat and p.vote is not None:
                assert "voted" not in rows.replace("you voted", ""), rows


async def play_match(app: OvertableApp, pilot) -> int:
    return await play_through_the_app(app, pilot, OverseersScreen, choose_key, secrets_hidden)


async def test_a_whole_match_against_three_bots(tmp_path, monkeypatch):
    """...and each round's end is told in a box until Enter: rounds 1 and
    2 before the next draft (the recap under the table was out of sight at
    80x24), the third over the results."""
    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    told: list[tuple[str, str]] = []
    mount = EndingScreen.on_mount

    def on_mount(self: EndingScreen) -> None:
        told.append((self.title_text, self.go_on))
        mount(self)

    monkeypatch.setattr(EndingScreen, "on_mount", on_mount)
    app = OvertableApp(bot_delay=0.0, seed=7, theme_name="textual-dark")
    async with app.run_test(size=(80, 24)) as pilot:
        app.new_match(
            "overseers",
            [
                PlayerSpec("Ann", "human"),
                PlayerSpec("Bob", "bot", "heuristic"),
                PlayerSpec("Cyd", "bot", "random"),
                PlayerSpec("Dee", "bot", "heuristic"),
            ],
        )
        pressed = await play_match(app, pilot)
        assert app.table is not None and app.table.match.finished
        outcome = app.table.match.outcome
        assert outcome is not None and outcome.winners
        # three rounds: five picks, a top row and a vote each at least
        assert pressed >= 3 * 7
    # what the vote did, at each showdown, then the round's end
    assert told == [("Round 1: what the vote did · Ann's view", "the table"),
                    ("Round 1 ended · Ann's view", "the next round"),
                    ("Round 2: what the vote did · Ann's view", "the table"),
                    ("Round 2 ended · Ann's view", "the next round"),
                    ("Round 3: what the vote did · Ann's view", "the table"),
                    ("Round 3 ended · Ann's view", "the results")]


async def test_three_people_at_one_terminal(tmp_path, monkeypatch):
    """Ann, Bea and Cal share the terminal: each makes their secret choices
    behind the hand-over cover, and a change of person always follows one."""
    from tui.screens.handover import HandoverScreen

    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    app = OvertableApp(bot_delay=0.0, seed=5, theme_name="textual-dark")
    handovers = 0
    covers_since_shown = 0
    secret_switches = 0
    async with app.run_test(size=(80, 24)) as pilot:
        app.new_match(
            "overseers",
            [PlayerSpec("Ann", "human"), PlayerSpec("Bea", "human"), PlayerSpec("Cal", "human")],
        )
        shown_seat = None
        last_cover = None
        told: list[str] = []
        recaps: list[str] = []
        passed_round = 0
        for _ in range(6000):
            await pilot.pause()
            table = app.table
            if table is not None and table.match.finished:
                break
            if isinstance(app.screen, HandoverScreen):
                text = screen_text(app)
                assert "Pass to" in text or " again: " in text
                assert "Keep one card" not in text and "Vote:" not in text
                cover = app.screen
                if cover is not last_cover:
                    last_cover = cover
                    # what the last choice revealed, told on the cover: the
                    # public log's lines (a spectator's: no one's secret)
                    public = table.session.update_for(None).log
                    assert all(line in public for line in cover.news), cover.news
                    told += [line for line in cover.news if "Votes:" in line]
                    # the terminal passes round the table, to a neighbour
                    here = sorted(GAME.to_act(table.match.state))
                    if shown_seat is not None and len(here) > 1:
                        assert table.handover_to == min(here, key=lambda s: (s - shown_seat) % 3)
                        passed_round += 1
                await pilot.press("enter")
                handovers += 1
                covers_since_shown += 1
                continue
            if isinstance(app.screen, EndingScreen):
                # what the vote did and a round's end: to everyone, over
                # the public view
                under = table.screen.update
                assert under is not None and under.seat is None
                assert app.screen.title_text.endswith("· for everyone")
                recaps.append(app.screen.title_text.split(" ·")[0])
                await pilot.press("enter")
                continue
            screen = app.screen
            if not isinstance(screen, OverseersScreen) or screen.update is None:
                await asyncio.sleep(0.01)
                continue
            update = screen.update
            state = table.match.state
            if update.seat is not None and shown_seat is not None and update.seat != shown_seat:
                assert covers_since_shown > 0
                if state.phase in (Phase.DRAFT, Phase.PLACE, Phase.VOTE):
                    secret_switches += 1
            covers_since_shown = 0
            secrets_hidden(screen, state)
            shown_seat = update.seat
            if not update.legal:
                await asyncio.sleep(0.01)
                continue
            await pilot.press(choose_key(screen))
        await pilot.pause()
        assert app.table is not None and app.table.match.finished
        # every draft turn passes the terminal round the three players
        assert secret_switches >= 3 * 5 * 2
        assert handovers >= secret_switches
        assert passed_round >= 3 * 5
        # rounds 1 and 2 were each recapped once, in a box (the third over the
        # results), and what each vote did at most once, before
        assert [x for x in recaps if x.endswith("ended")] == ["Round 1 ended", "Round 2 ended"]
        votes = [x for x in recaps if x.endswith("what the vote did")]
        assert len(votes) == len(set(votes)) and set(votes) <= {
            f"Round {r}: what the vote did" for r in (1, 2, 3)}
        # a vote revealed as the cover came up is on the cover
        assert told and all("Votes:" in line for line in told)


async def test_the_last_round_is_told_over_the_results(tmp_path, monkeypatch):
    """One match, two play-tests of its end.

    OV §Game Flow: the game lasts three rounds. After Ann's last decision
    the bots played the third round out (judgment, showdown, greed,
    scoring) and the results came up at once: the end went by unseen. Its
    recap now stands over the results until a key is pressed.

    The results' "Final table (b)" led to a table whose only way out was
    q home: the rematch was gone. On the final table b brings the results
    back (Overseers' Teal b does not stand in the way once the match is
    over), and r there starts the rematch."""
    from tui.screens.ending import EndingScreen
    from tui.screens.results import ResultsScreen

    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    app = OvertableApp(bot_delay=0.0, seed=11, theme_name="textual-dark")
    async with app.run_test(size=(80, 24)) as pilot:
        app.new_match(
            "overseers",
            [PlayerSpec("Ann", "human"), PlayerSpec("Bob", "bot", "random"),
             PlayerSpec("Cyd", "bot", "random")],
        )
        await play_match(app, pilot)
        assert app.table is not None and app.table.match.finished
        await pilot.pause()
        assert isinstance(app.screen, EndingScreen)
        text = screen_text(app)
        assert "Round 3 ended · Ann's view" in text and "Enter: the results" in text
        assert "Rematch" not in text  # the results wait unseen behind it
        assert "Showdown, every hand revealed:" in text
        assert "The game is over:" in screen_text(app) or "Round 3 is scored" in str(
            app.screen.query_one("#ending-text").render())
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ResultsScreen)
        # the final table, and back to the results
        await pilot.press("b")
        await pilot.pause()
        assert isinstance(app.screen, OverseersScreen)
        assert "r: rematch · b: the results" in screen_text(app)
        await pilot.press("b")
        await pilot.pause()
        assert isinstance(app.screen, ResultsScreen)
        first = app.table
        await pilot.press("r")
        for _ in range(50):
            await pilot.pause()
            if app.table is not first and app.table is not None:
                break
        assert app.table is not first and not app.table.match.finished


async def test_the_cover_lets_the_last_person_take_back_their_pick(tmp_path, monkeypatch):
    """Hot-seat play-test: Ann's draft pick made, the cover came up for Bea
    at once and Ann could not take the pick back. The cover now offers it
    (u) while the rules allow it; the pick is undone under the cover, which
    then waits for Ann: no view but the public one is drawn until the right
    person uncovers hers, so nobody's secret reaches another person, even
    when it is Bea who presses u. The last pick of a turn passes the packs
    (each seat sees a new one): that pick cannot be taken back, and the
    cover does not offer it."""
    from tui.screens.handover import HandoverScreen

    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    app = OvertableApp(bot_delay=0.0, seed=5, theme_name="textual-dark")
    async with app.run_test(size=(80, 24)) as pilot:
        app.new_match(
            "overseers",
            [PlayerSpec("Ann", "human"), PlayerSpec("Bea", "human"), PlayerSpec("Cal", "human")],
        )
        await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen))
        table = app.table
        screen = table.screen
        drawn: list[int | None] = []  # every view the game screen drew, by seat
        show = screen.show
        monkeypatch.setattr(screen, "show", lambda update: (drawn.append(update.seat),
                                                            show(update)))
        assert "press u" not in screen_text(app)  # nobody has moved yet
        await pilot.press("enter")
        await pilot.pause()
        assert screen.update.seat == 0 and table.match.state.phase is Phase.DRAFT
        before = table.match.state
        pack = [c.text for c in screen.query_one("#ov-hand", Hand).cards]
        await pilot.press("enter")  # Ann keeps a card
        await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen))
        assert table.match.state != before
        text = screen_text(app)
        assert "Pass to Bea" in text
        # the offer wraps on the cover at 80 columns: read its words
        assert "Ann: press u to take back your last move before Bea looks." in " ".join(
            text.replace("█", " ").split())
        assert not any(card in text for card in pack)  # the cover shows no card
        drawn.clear()
        await pilot.press("u")  # Bea has the keyboard already, say
        await pilot.pause()
        assert table.match.state == before  # the pick is taken back
        cover = app.screen
        assert isinstance(cover, HandoverScreen)
        # the cover is drawn anew: its footer too (it came back blank; on a
        # busy machine its frame may come a moment after the pause)
        await wait_for(pilot, lambda: "I'm ready" in screen_text(app).splitlines()[-1])
        text = screen_text(app)
        assert "Pass to Ann" in text and "Ann took back their last move." in text
        assert "press u" not in text and not any(card in text for card in pack)
        assert set(drawn) <= {None}  # under the cover: the public view only
        await pilot.press("u")  # nothing more to offer
        await pilot.pause()
        assert table.match.state == before and app.screen is cover
        await pilot.press("enter")  # Ann uncovers: her pack as it was
        await pilot.pause()
        assert screen.update.seat == 0 and drawn[-1] == 0 and 1 not in drawn
        assert [c.text for c in screen.query_one("#ov-hand", Hand).cards] == pack
        await pilot.press("enter")  # and keeps a card again: the offer again
        await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen))
        assert "Ann: press u to take back" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert screen.update.seat == 1 and table.match.state != before


async def test_a_pick_someone_moved_after_is_not_offered_back(tmp_path, monkeypatch):
    """Ann's pick, then the bot's: Ann's can no longer be taken back (the
    session's rule), and the cover stops offering it as soon as the bot
    has moved; u then changes nothing."""
    from tui.screens.handover import HandoverScreen

    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    app = OvertableApp(bot_delay=2.5, seed=5, theme_name="textual-dark")
    async with app.run_test(size=(80, 24)) as pilot:
        app.new_match(
            "overseers",
            [PlayerSpec("Ann", "human"), PlayerSpec("Bea", "human"),
             PlayerSpec("Cyd", "bot", "heuristic")],
        )
        await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen))
        table = app.table
        await pilot.press("enter")
        await wait_for(pilot, lambda: not isinstance(app.screen, HandoverScreen)
                       and table.screen.update.seat == 0)
        assert table.match.history[-1][0] != 2  # the bot thinks a while yet
        await pilot.press("enter")  # Ann keeps a card; the bot is still thinking
        await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen))
        assert "Ann: press u" in screen_text(app)
        await wait_for(pilot, lambda: table.match.history[-1][0] == 2)  # the bot's pick
        await pilot.pause()
        assert "press u" not in screen_text(app)
        after = table.match.state
        await pilot.press("u")
        await pilot.pause()
        assert table.match.state == after and app.screen.player == "Bea"




async def test_each_match_of_one_app_run_is_dealt_afresh(tmp_path, monkeypatch):
    """Play-test: the same opening hand came up in a match and in its
    rematch. An app given a seed handed that one seed to every table it
    opened, so every match of the run was dealt the same cards; each table
    now draws from its own seed (the first from the seed itself)."""
    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    players = [PlayerSpec("Ann", "human"), PlayerSpec("Bob", "bot", "random"),
               PlayerSpec("Cyd", "bot", "random"), PlayerSpec("Dee", "bot", "random")]
    app = OvertableApp(bot_delay=0.0, seed=11, theme_name="textual-dark")
    deals = []
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(2):
            before = app.table
            app.new_match("overseers", players)
            await wait_for(pilot, lambda before=before: app.table is not before
                           and app.table is not None
                           and app.table.match.state.phase is Phase.DRAFT)
            deals.append(tuple(p.hand for p in app.table.match.state.seats))
    assert deals[0] != deals[1]


def test_every_round_is_dealt_afresh():
    """Each round gathers the cards and deals them again from the
    generator: round 2's and round 3's deals are not round 1's."""
    import random

    from core.engine import CHANCE
    from core.playout import draw_chance

    rng = random.Random(3)
    state = GAME.setup(4, GAME.Options())
    deals: dict[int, tuple] = {}
    while GAME.to_act(state):
        seats = GAME.to_act(state)
        if CHANCE in seats:
            state = GAME.apply(state, CHANCE, draw_chance(GAME, state, rng))
            continue
        if state.phase is Phase.DRAFT and state.round not in deals:
            deals[state.round] = tuple(p.hand for p in state.seats)
        seat = min(seats)
        state = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    assert len(deals) == 3 and len(set(deals.values())) == 3


@pytest.mark.parametrize("seed", [5, 8])
async def test_four_players_see_the_whole_table_at_80x24(tmp_path, monkeypatch, seed):
    """Play-test (four players, 80x24): once statuses wrapped ("judged,
    denies: not highest · steals", the votes), the bar took two lines and
    a row's score went on its own, the table read "more below (PgDn)" and
    "Your character" was cut off. At every decision of whole matches (these
    seeds met such tables: a steal after a denial, a Hoarder's long row)
    every row is in sight, but for the last round's recap below the next
    draft."""
    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    app = OvertableApp(bot_delay=0.0, seed=seed, theme_name="textual-dark")
    scrolled: list[str] = []
    judged: list[bool] = []

    def check(screen: OverseersScreen, state) -> None:
        view = screen.update.view
        table = screen.query_one("#ov-table")
        # rows not yet fitted to the table's height (a loaded machine lays
        # the refit out a frame or more later) are judged at a later decision
        settled = table.fitted_height == table.scrollable_content_region.height
        judged.append(settled)
        recap_below = view.phase is Phase.DRAFT and view.round > 1
        if (settled and screen.update.legal and not recap_below
                and table.max_scroll_y > 0):
            scrolled.append(screen_text(screen.app))

    async with app.run_test(size=(80, 24)) as pilot:
        app.new_match("overseers", [PlayerSpec("Ann", "human")] + [
            PlayerSpec(name, "bot", "random") for name in ("Bram", "Cora", "Dev")])
        await play_through_the_app(app, pilot, OverseersScreen, choose_key, check)
        assert app.table.match.finished
    assert not scrolled, scrolled[0]
    assert sum(judged) > len(judged) // 2, "most decisions were judged"


async def test_a_watched_bots_match_waits_for_each_box(tmp_path, monkeypatch):
    """Play-test (every seat a bot, draft variant, no key pressed): round 1's
    "what the vote did" box came up and the bots played rounds 1 to 3 out
    under it; the boxes left open came back after the results, between
    them and the final table. With no person seated the match waits while
    a box is up: each round is told in order, none after the results."""
    from core.overseers.state import Options
    from tui.screens.results import ResultsScreen

    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    app = OvertableApp(bot_delay=0.0, seed=7, theme_name="textual-dark")
    told: list[str] = []
    async with app.run_test(size=(120, 40)) as pilot:
        app.new_match("overseers", [PlayerSpec(name, "bot", "heuristic")
                                    for name in ("Ann", "Bob", "Cyd", "Dee")],
                      options=Options(alternate_draft=True))
        while not isinstance(app.screen, ResultsScreen):
            await wait_for(pilot, lambda: isinstance(app.screen, (EndingScreen, ResultsScreen)))
            if isinstance(app.screen, ResultsScreen):
                break
            box, table = app.screen, app.table
            moves = len(table.match.history)
            # a negative, so a bounded wait: unheld, bots with no delay
            # played the whole match out in fewer frames than these
            for _ in range(25):
                await pilot.pause(0.02)
            assert app.screen is box and len(table.match.history) == moves, box.title_text
            assert table.holds_bots or table.match.finished  # (the screen under it says so)
            told.append(box.title_text)
            await pilot.press("enter")
            await wait_for(pilot, lambda box=box: app.screen is not box)
        assert app.table.match.finished
        # the final table (b): no box of a round gone by comes back
        await pilot.press("b")
        await wait_for(pilot, lambda: isinstance(app.screen, OverseersScreen))
        for _ in range(5):
            await pilot.pause()
        assert isinstance(app.screen, OverseersScreen)
    assert told == [f"Round {r}{what} · for everyone"
                    for r in (1, 2, 3) for what in (": what the vote did", " ended")]


async def test_a_person_seated_holds_the_bots_for_a_box(tmp_path, monkeypatch):
    """Play-test (me and bots): the bots played on behind a round's box,
    which then told one round while the table behind it showed the next.
    At one terminal the bots wait for the person reading a box, as for a
    watcher, until it is put away."""
    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    app = OvertableApp(bot_delay=0.0, seed=7, theme_name="textual-dark")
    async with app.run_test(size=(80, 24)) as pilot:
        app.new_match("overseers", [PlayerSpec("Ann", "human"), PlayerSpec("Bob", "bot", "random"),
                                    PlayerSpec("Cyd", "bot", "random")])
        await wait_for(pilot, lambda: app.table is not None and app.table.screen is not None)
        table = app.table
        box = EndingScreen("A box", ["a line"])
        table.wait_for_box(box)
        assert table.holds_bots
        table.box_put_away(box)
        assert not table.holds_bots


async def test_help_and_the_rules_hold_the_bots(tmp_path, monkeypatch):
    """Play-test (every seat a bot): while F1 and its rules were read, the
    draft went from turn 2 to 3. The match waits while either is open, and
    goes on once they are closed."""
    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    app = OvertableApp(bot_delay=0.05, seed=7, theme_name="textual-dark")
    async with app.run_test(size=(80, 24)) as pilot:
        app.new_match("overseers", [PlayerSpec(name, "bot", "random")
                                    for name in ("Ann", "Bob", "Cyd", "Dee")])
        await wait_for(pilot, lambda: isinstance(app.screen, OverseersScreen))
        table = app.table
        await pilot.press("f1")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        moves = len(table.match.history)
        for _ in range(25):  # a negative, so a bounded wait (a move in 50 ms unheld)
            await pilot.pause(0.02)
        assert table.holds_bots and len(table.match.history) == moves
        await pilot.press("r")
        await wait_for(pilot, lambda: isinstance(app.screen, RulesScreen))
        for _ in range(25):
            await pilot.pause(0.02)
        assert table.holds_bots and len(table.match.history) == moves
        await pilot.press("q")
        await wait_for(pilot, lambda: isinstance(app.screen, OverseersScreen))
        assert not table.holds_bots
        await wait_for(pilot, lambda: len(table.match.history) > moves)
