"""Whole Overstocked matches played from the keyboard through the real app:
one human against two bots (the standard game and every expansion), two
people at one terminal, and solo against the rulebook's bot."""

from __future__ import annotations

import asyncio
import re

import pytest

from core.overstocked.state import Options, Phase
from saves.journal import PlayerSpec
from tests.bossquest_screen_kit import screen_text
from tests.screen_kit import play_through_the_app
from tui.app import OvertableApp
from tui.screens.overstocked import OverstockedScreen
from tui.screens.overstocked_area import CrateHand
from tui.widgets import ActionBar

#: whole matches through the app, in loops that wait for what they read
pytestmark = pytest.mark.usefixtures("brisk_idle")


def choose_key(screen: OverstockedScreen) -> str:
    """What a player who trusts the screen presses now."""
    mode = screen._mode
    if mode in ("pick", "quantum", "place", "forklift", "nominate"):
        return "enter"
    if mode == "nowhere":
        return "x"
    if mode in ("mark", "incentive"):
        bar = screen.query_one("#os-actions", ActionBar)
        first = next(c for c in bar.choices if c.enabled)
        return first.key
    raise AssertionError(f"no key for mode {mode!r}")


def secrets_hidden(screen: OverstockedScreen, state) -> None:
    """Before the reveal, no other seat's hand or pick is on the viewer's
    screen (hand, players panel, prompt)."""
    update = screen.update
    seat = update.seat
    hand = [c.text for c in screen.query_one("#os-hand", CrateHand).cards]
    if screen._mode != "quantum" and seat is not None and hand:
        assert hand == [str(c) for c in state.seats[seat].hand]
    if state.phase is not Phase.PICK:
        return
    players = str(screen.query_one("#os-players").render())
    lines = players.splitlines()
    for other, player in enumerate(state.seats):
        if other == seat or player.pick is None or other >= len(lines):
            continue
        # The status column says only that the seat has chosen; the number
        # further along the row is its points, which may equal the pick.
        status = re.search(r" (chose ✓|choosing|thinking|deck \d+) ", lines[other] + " ")
        assert status is not None, (lines[other], player.pick)
        assert str(player.pick) not in lines[other][: status.start()].split(), lines[other]


async def play_match(app: OvertableApp, pilot) -> int:
    return await play_through_the_app(app, pilot, OverstockedScreen, choose_key, secrets_hidden)


@pytest.mark.parametrize(
    ("options", "size"),
    [
        (Options(), (80, 24)),
        (Options(advanced=True, incentives=True, forklifts=True, quantum=True), (120, 36)),
    ],
    ids=["standard-80x24", "everything-120x36"],
)
async def test_a_whole_match_against_two_bots(tmp_path, monkeypatch, options, size):
    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    app = OvertableApp(bot_delay=0.0, seed=7, theme_name="textual-dark")
    async with app.run_test(size=size) as pilot:
        app.new_match(
            "overstocked",
            [
                PlayerSpec("Ann", "human"),
                PlayerSpec("Bob", "bot", "heuristic"),
                PlayerSpec("Cyd", "bot", "random"),
            ],
            options,
        )
        pressed = await play_match(app, pilot)
        assert app.table is not None and app.table.match.finished
        outcome = app.table.match.outcome
        assert outcome is not None and outcome.winners
        # 6 picks (two keys each) and 6 placements at least
        assert pressed >= 18
        state = app.table.match.state
        assert len(state.seats[0].warehouse.placed) + len(state.popularity.placed) >= 7


async def test_two_people_at_one_terminal(tmp_path, monkeypatch):
    """Ann and Bea share the terminal with a bot: each confirms their own
    secret card behind the hand-over cover, and neither ever sees the
    other's card before the reveal."""
    from tui.screens.handover import HandoverScreen

    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    app = OvertableApp(bot_delay=0.0, seed=5, theme_name="textual-dark")
    handovers = 0
    covers_since_shown = 0
    async with app.run_test(size=(80, 24)) as pilot:
        app.new_match(
            "overstocked",
            [
                PlayerSpec("Ann", "human"),
                PlayerSpec("Bea", "human"),
                PlayerSpec("Cyd", "bot", "heuristic"),
            ],
        )
        shown_seat = None
        picks_behind_cover = 0
        revealed = 0
        for _ in range(4000):
            await pilot.pause()
            table = app.table
            if table is not None and table.match.finished:
                break
            if isinstance(app.screen, HandoverScreen):
                text = screen_text(app)
                assert "Pass to" in text or " again: " in text
                # the cover hides the table: no card faces, no hand
                assert "Your card" not in text
                # but tells the cards the last choice revealed (public)
                news = app.screen.news
                assert all(line in table.session.update_for(None).log for line in news)
                revealed += sum("Cards revealed:" in line for line in news)
                await pilot.press("enter")
                handovers += 1
                covers_since_shown += 1
                continue
            screen = app.screen
            if not isinstance(screen, OverstockedScreen) or screen.update is None:
                await asyncio.sleep(0.01)
                continue
            update = screen.update
            if update.seat is not None and shown_seat is not None and update.seat != shown_seat:
                assert covers_since_shown > 0  # a change of person follows a cover
                if table.match.state.phase is Phase.PICK:
                    picks_behind_cover += 1
            covers_since_shown = 0
            state = table.match.state
            secrets_hidden(screen, state)
            if state.phase is Phase.PICK and update.seat in (0, 1):
                other = state.seats[1 - update.seat]
                if other.pick is not None:
                    assert f"Your card: {other.pick}" not in screen_text(app)
            shown_seat = update.seat
            if not update.legal:
                await asyncio.sleep(0.01)
                continue
            await pilot.press(choose_key(screen))
        await pilot.pause()
        assert app.table is not None and app.table.match.finished
        assert handovers >= 6
        assert picks_behind_cover >= 5  # one person's pick, then the other's
        assert revealed >= 1  # the cards revealed as the terminal passed


async def test_a_solo_match_against_the_rulebooks_bot(tmp_path, monkeypatch):
    """One solo match, two play-tests of it.

    The match called the rules' bot "the bot" everywhere, then the results
    named it after its seat ("Overstocked: Bram wins!", the form's default
    name for a seat with no name to give): one name throughout.

    OS §Bot Turn: the bot's card is drawn at once after your move. It went
    by as part of your move: the next round opened on your warehouse, the
    recap empty, and the sixth card's results came up at once. Now each
    round opens on the bot's warehouse with its new card in the recap (v:
    yours), and its last card is told over the results."""
    from tests.screen_kit import wait_for
    from tui.screens.ending import EndingScreen
    from tui.screens.results import ResultsScreen

    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    app = OvertableApp(bot_delay=0.0, seed=3, theme_name="textual-dark")
    seen: list[tuple[int, str, bool]] = []

    def check(screen: OverstockedScreen, state) -> None:
        secrets_hidden(screen, state)
        update = screen.update
        if state.phase is Phase.PICK and update.legal and state.round >= 2:
            drawn = any(line.startswith("The bot draws card") for line in screen.recap.lines)
            seen.append((state.round, screen.query_one("#os-wh-panel").border_title, drawn))

    async with app.run_test(size=(80, 24)) as pilot:
        app.new_match(
            "overstocked",
            [PlayerSpec("Ann", "human"), PlayerSpec("Bram", "bot", "random")],
            Options(solo=True),
        )
        pressed = await play_through_the_app(app, pilot, OverstockedScreen, choose_key, check)
        assert app.table is not None and app.table.match.finished
        state = app.table.match.state
        assert len(state.seats[1].warehouse.placed) == 6
        assert pressed >= 6 * 3 + 5  # pick (2 keys), place, and 5 nominations
        # each round opened on the bot's warehouse, its new card in the recap
        assert {r for r, _, _ in seen} == {2, 3, 4, 5, 6}
        assert all(title == "The bot's warehouse" and drawn for _, title, drawn in seen), seen
        await pilot.pause()
        assert isinstance(app.screen, EndingScreen)
        # the box's own text: it stands beside the final table, which has ║ too
        box = str(app.screen.query_one("#ending-text").render())
        said = " ".join(box.splitlines())
        assert "The bot draws card" in said and "The game is over:" in said
        # and its warehouse drawn, the last card edged double: seen laid
        assert "The bot's warehouse (║ its last card):" in said
        rows = [line for line in box.splitlines() if line.count("║") == 2]
        assert len(rows) == 2, said  # its two rows, between its double edges
        await pilot.press("enter")  # the last moves told, then the results
        await wait_for(pilot, lambda: isinstance(app.screen, ResultsScreen))
        text = screen_text(app)
        assert "Bram" not in text, text
        assert "the bot" in text, text


async def test_solo_with_the_bots_seat_saved_as_a_person_has_no_handover(tmp_path, monkeypatch):
    """OS-19: in solo the rulebook's bot never decides, whatever the seat's
    header says. The new-match form saved that seat as it read ("Human"),
    and the table then covered the screen with "Pass to Ann" as if two
    people shared it; one person plays, with no hand-over cover."""
    from tui.screens.handover import HandoverScreen

    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    app = OvertableApp(bot_delay=0.0, seed=3, theme_name="textual-dark")
    async with app.run_test(size=(80, 24)) as pilot:
        app.new_match(
            "overstocked",
            [PlayerSpec("Ann", "human"), PlayerSpec("Bram", "human")],
            Options(solo=True),
        )
        for _ in range(50):
            await pilot.pause()
            if isinstance(app.screen, OverstockedScreen | HandoverScreen):
                break
        await pilot.pause()
        assert app.table is not None and app.table.humans == (0,)
        assert not isinstance(app.screen, HandoverScreen)
        assert isinstance(app.screen, OverstockedScreen) and app.screen.update.seat == 0
        pressed = await play_match(app, pilot)
        assert app.table.match.finished and pressed >= 6 * 3 + 5


async def test_the_results_come_at_once_when_your_own_card_ends_the_match(tmp_path,
                                                                         monkeypatch):
    """Overstocked §Game End: "The game ends after six rounds, once all
    players have placed their final crate card". When Ann's own card ends
    the match, the results come straight away (a bot's last card is told
    first: the next test)."""
    from tui.screens.results import ResultsScreen

    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    app = OvertableApp(bot_delay=0.0, seed=1, theme_name="textual-dark")
    async with app.run_test(size=(80, 24)) as pilot:
        app.new_match("overstocked", [PlayerSpec("Ann", "human"), PlayerSpec("Bob", "bot", "random"),
                                      PlayerSpec("Cyd", "bot", "random")])
        await play_match(app, pilot)
        assert app.table is not None and app.table.match.finished
        await pilot.pause()
        assert isinstance(app.screen, ResultsScreen)


@pytest.mark.parametrize("size", [(80, 24), (160, 45)], ids=["80x24", "160x45"])
async def test_the_moves_that_end_the_match_are_told_beside_the_final_table(tmp_path, monkeypatch,
                                                                           size):
    """One match (seed 2: Cyd, a bot, places the last card after Ann's),
    three play-tests of its end, read from the one box.

    Overstocked §Game End: when a bot placed the last card after Ann's, the
    results came up at once and that card went by unseen: its log line now
    stands over the results until Enter.

    README play-test (a shared match): the "Since your last move" box
    stayed up until Enter, as the README says, over a blank screen (its
    first eight rows empty: the results waited unseen behind it), where
    the duel shows its final board beside it. The box stands beside the
    final table: the popularity, the warehouse and the score sheet stay in
    sight, and Enter brings the results.

    Play-test (duelbots) at 160x45: the "Since your last move" box stood
    beside the warehouses, over the middle of the log panel: the log's lines
    above and under it told the same moves again; and "Bram +3: Bean Bears
    +3" came after "The game is over: ...". The score line follows its move
    and the game's end comes last (OS §Game End: the game ends once the last
    card is placed, then it is scored). The box covers the log's end, the
    lines it tells, as wide as the log (at 80x24, where the log has two
    rows, over the players too, and 40 columns wide for its title): no line
    of those moves is in sight outside it, and the popularity and the score
    sheet stay whole (at 160x45 the warehouse too)."""
    from textual.geometry import Region

    from tests.screen_kit import settled_text, wait_for
    from tui.screens.ending import EndingScreen
    from tui.screens.results import ResultsScreen

    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    app = OvertableApp(bot_delay=0.0, seed=2, theme_name="textual-dark")
    async with app.run_test(size=size) as pilot:
        app.new_match("overstocked", [PlayerSpec("Ann", "human"), PlayerSpec("Bob", "bot", "random"),
                                      PlayerSpec("Cyd", "bot", "random")])
        await play_match(app, pilot)
        assert app.table is not None and app.table.match.finished
        await pilot.pause()
        # Cyd's last card, told over the results until Enter
        assert isinstance(app.screen, EndingScreen)
        text = screen_text(app)
        assert "Since your last move · Ann's view" in text and "Rematch" not in text
        # the box's lines read as one text (a sentence may wrap anywhere)
        said = " ".join(line.strip(" │") for line in text.splitlines() if line.strip())
        assert re.search(r"Cyd places card \d+", said) and "The game is over:" in said

        # beside the final table
        assert isinstance(app.screen_stack[-2], OverstockedScreen)
        text = await settled_text(app, pilot)
        assert "Since your last move · Ann's view" in text
        rows = text.splitlines()
        assert "Overstocked · Ann's view" in rows[0] and "game over" in rows[0], text
        assert "Popularity" in rows[1] and "Your warehouse" in rows[1], text
        assert "Score sheet" in text and "Total" in text, text

        # over the log's end, not over a log that says the same
        box_screen, table = app.screen, app.screen_stack[-2]
        lines = box_screen.lines
        end = next((i for i, line in enumerate(lines) if line.startswith("The game is over:")),
                   None)
        assert end == len(lines) - 1, lines  # the end last, after every score line
        assert any(re.match(r"Cyd [+-]\d+: ", line) for line in lines[:end]), lines
        assert not any("The game is over" in line for line in lines[:end]), lines
        box = box_screen.query_one("#ending").region
        log = table.query_one("#os-log").region
        # the log's rows in sight, outside the box: none tells Cyd's last card
        last = re.match(r"Cyd places card \d+ ", lines[0])
        assert last is not None, lines
        outside = " ".join(rows[y][log.x:log.right].strip("│ ") for y in range(log.y, log.bottom)
                           if not box.overlaps(Region(log.x, y, log.width, 1)))
        assert last.group() not in outside, (outside, text)
        # what the lines name, and the score, stay in sight
        parts = ("#os-pop-panel", "#os-final-box") + (("#os-wh-panel",) if size[0] > 80 else ())
        for part in parts:
            assert not box.overlaps(table.query_one(part).region), (part, text)
        assert (box.right, box.bottom) == (log.right, log.bottom), (box, log)
        assert box.x == log.x if size[0] > 80 else box.width == 40, (box, log)
        assert "Since your last move · Ann's view" in text and "Enter: the results" in text

        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ResultsScreen)
        await pilot.press("b")  # the final table is still under the results
        await wait_for(pilot, lambda: isinstance(app.screen, OverstockedScreen))


async def test_a_watcher_is_told_the_last_moves_beside_the_final_table(tmp_path, monkeypatch):
    """Play-test (every seat a bot, no key pressed): the results came 0.45 s
    after the last placement, which went by unread, where a person seated
    gets the last moves beside the final table until Enter. The watcher
    gets the last round's placements there as well."""
    from tests.screen_kit import settled_text, wait_for
    from tui.screens.ending import EndingScreen
    from tui.screens.results import ResultsScreen

    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    app = OvertableApp(bot_delay=0.0, seed=2, theme_name="textual-dark")
    async with app.run_test(size=(80, 24)) as pilot:
        app.new_match("overstocked", [PlayerSpec(name, "bot", "random")
                                      for name in ("Ann", "Bob", "Cyd")])
        await wait_for(pilot, lambda: isinstance(app.screen, (EndingScreen, ResultsScreen)),
                       timeout=60)
        assert isinstance(app.screen, EndingScreen)
        assert isinstance(app.screen_stack[-2], OverstockedScreen)
        text = await settled_text(app, pilot)
        assert "The last moves · for everyone" in text, text
        # the box's rows on screen, read as one text (it stands over a part
        # of the table, whose rows go on beside it)
        box = app.screen.query_one("#ending").region
        said = " ".join(line[box.x:box.right].strip(" │")
                        for line in text.splitlines()[box.y:box.bottom])
        assert "Cards revealed:" in said and "The game is over:" in said, said
        assert len(re.findall(r"places card \d+", said)) == 3, said
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ResultsScreen))


async def test_the_final_table_goes_back_to_the_results(tmp_path, monkeypatch):
    """From the results, b shows the final table; there b (said in the
    prompt) brings the results back, with the rematch."""
    from tui.screens.ending import EndingScreen
    from tui.screens.results import ResultsScreen

    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    app = OvertableApp(bot_delay=0.0, seed=1, theme_name="textual-dark")
    async with app.run_test(size=(80, 24)) as pilot:
        app.new_match("overstocked", [PlayerSpec("Ann", "human"), PlayerSpec("Bob", "bot", "random")])
        await play_match(app, pilot)
        await pilot.pause()
        if isinstance(app.screen, EndingScreen):
            await pilot.press("enter")
            await pilot.pause()
        assert isinstance(app.screen, ResultsScreen)
        await pilot.press("b")
        await pilot.pause()
        assert isinstance(app.screen, OverstockedScreen)
        assert "r rematch · b results" in " ".join(screen_text(app).split())
        await pilot.press("b")
        await pilot.pause()
        assert isinstance(app.screen, ResultsScreen)


async def test_solo_the_bots_last_warehouse_goes_among_the_lines_beside_the_table(tmp_path,
                                                                                   monkeypatch):
    """Beside the final table (README play-test: the box stood over a blank
    screen) the box has part of a wide screen's width: the bot's warehouse
    goes in among its lines, not beside them, where they were a letter wide."""
    from tests.screen_kit import wait_for
    from tui.screens.ending import EndingScreen

    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    app = OvertableApp(bot_delay=0.0, seed=3, theme_name="textual-dark")
    async with app.run_test(size=(160, 45)) as pilot:
        app.new_match("overstocked", [PlayerSpec("Ann", "human"), PlayerSpec("Bot", "bot", "random")],
                      Options(solo=True))
        await play_match(app, pilot)
        await wait_for(pilot, lambda: isinstance(app.screen, EndingScreen))
        box = app.screen
        await pilot.pause()
        assert not box.has_class("-beside")
        assert "The bot's warehouse (║ its last card):" in str(box.query_one("#ending-text").render())
        assert box.query_one("#ending-text").size.width >= 30


async def test_a_match_resumed_mid_choice_passes_back_to_the_chooser(tmp_path, monkeypatch):
    """Hot-seat play-test (Overstocked, three people): Cora placed the
    round's last card and went straight on to choose her next one in
    secret (OS §Round: everyone chooses at once); she quit before
    confirming, and Continue passed the terminal to Ann. The person who
    had the terminal, and still owes the choice, gets it back first."""
    from tests.screen_kit import wait_for
    from tests.test_tui_bossquest_resume import leave_and_resume
    from tui.screens.handover import HandoverScreen

    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    app = OvertableApp(bot_delay=0.0, seed=5, theme_name="textual-dark")
    async with app.run_test(size=(80, 24)) as pilot:
        app.new_match("overstocked", [PlayerSpec("Ann", "human"), PlayerSpec("Bram", "human"),
                                      PlayerSpec("Cora", "human")])
        chooser = None
        for _ in range(4000):
            await pilot.pause()
            table = app.table
            assert table is not None and not table.match.finished
            if isinstance(app.screen, HandoverScreen):
                await pilot.press("enter")
                continue
            screen = app.screen
            if not isinstance(screen, OverstockedScreen) or screen.update is None:
                await asyncio.sleep(0.01)
                continue
            update, state = screen.update, table.match.state
            if (state.phase is Phase.PICK and update.seat not in (None, 0) and update.legal
                    and all(seat.pick is None for seat in state.seats)):
                chooser = update.seat  # a later seat at the keyboard, all three to choose
                break
            if update.legal:
                await pilot.press(choose_key(screen))
        assert chooser is not None
        await pilot.press("enter")  # a card selected, not confirmed
        await pilot.pause()
        await leave_and_resume(app, pilot)
        await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen))
        assert app.screen.player == ("Ann", "Bram", "Cora")[chooser]
