"""A whole Overboss Duel match played from the keyboard, through the real app,
against the heuristic bot: at 80x24 (compact board) and 120x36 (roomy)."""

from __future__ import annotations

import asyncio

import pytest

from core.overboss.actions import RevealBoss, Skip, UseSpire
from core.overboss.state import Step
from saves.journal import PlayerSpec
from tests.overboss_screen_kit import screen_text
from tui.app import OvertableApp
from tui.screens.overboss import OverbossScreen
from tui.widgets.board import Board

#: whole matches through the app, in loops that wait for what they read
pytestmark = pytest.mark.usefixtures("brisk_idle")

BOSS_NAMES = {
    "king-croak": "King Croak",
    "belladonna": "Belladonna",
    "baron-hex": "Baron Hex",
    "dr-deadly": "Dr. Deadly",
    "queen-rimefang": "Queen Rimefang",
    "warlord-grimtusk": "Warlord Grimtusk",
}


def choose_keys(screen: OverbossScreen, turn: int) -> list[str]:
    """What a player presses now, reading only the screen: draft the first
    pair, put things where the cursor is (or, off the squares offered, on
    the next one: n), take optional effects every other time, use a Spire
    now and then and reveal the Boss once."""
    keys = _choose_keys(screen, turn)
    board = screen.query_one("#ob-board", Board)
    if keys[-1] == "enter" and board.has_focus and board.cursor_key not in board.targets:
        keys.insert(-1, "n")
    return keys


def _choose_keys(screen: OverbossScreen, turn: int) -> list[str]:
    update = screen.update
    assert update is not None
    legal = update.legal
    step = update.view.step
    if RevealBoss() in legal and turn >= 6 and step is Step.DRAFT:
        return ["r", "y"]
    if step is Step.DRAFT and any(isinstance(a, UseSpire) for a in legal) and turn % 3 == 0:
        return ["x", "n", "enter", "n", "enter"]
    if screen._market_mode() is not None:
        slots = [i for i in range(4) if screen._market_action(i) is not None]
        return [str(slots[turn % len(slots)] + 1)]
    if step is Step.END:
        return ["e"] if turn % 2 else ["enter"]
    if step is Step.REFRESH:
        return ["f"]
    if Skip() in legal and turn % 2:
        return ["s"]
    if step in (Step.TOKEN, Step.LAIR) and turn % 4 == 1:
        return ["2", "enter"] if screen.check_action("pick", (2,)) else ["enter"]
    return ["enter"]


@pytest.mark.parametrize(("size", "short"), [((80, 24), False), ((120, 36), True)],
                         ids=["80x24", "120x36-short-board"])
async def test_a_whole_match_against_the_bot(tmp_path, monkeypatch, size, short):
    """A whole match from the keyboard: the rulebook's board at 80x24, the
    short 4x6 board at 120x36 (each size played through, in half the time
    for the second)."""
    from core.overboss.state import Options

    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    app = OvertableApp(bot_delay=0.0, seed=7, theme_name="textual-dark")
    pressed = 0
    steps_seen: set[Step] = set()
    async with app.run_test(size=size) as pilot:
        app.new_match(
            "overboss-duel",
            [PlayerSpec("Ann", "human"), PlayerSpec("Bob", "bot", "heuristic")],
            options=Options(short_board=short),
        )
        last = None
        turn = 0
        stuck = 0
        for _ in range(3000):
            await pilot.pause()
            table = app.table
            if table is not None and table.match.finished:
                break
            screen = app.screen
            if not isinstance(screen, OverbossScreen) or screen.update is None:
                if screen.__class__.__name__ == "ConfirmScreen":
                    await pilot.press("y")
                    continue
                await asyncio.sleep(0.01)
                continue
            update = screen.update
            if not update.legal:
                await asyncio.sleep(0.01)
                continue
            if update is last:
                stuck += 1
                assert stuck < 20, f"the screen did nothing with {update.view.step}"
                await asyncio.sleep(0.01)
            else:
                stuck = 0
            steps_seen.add(update.view.step)
            if update.view.step is Step.DRAFT:
                turn += 1
            for key in choose_keys(screen, turn + stuck):
                await pilot.press(key)
                pressed += 1
            last = update
            # The bot's face-down Boss never reaches the screen.
            state = table.match.state
            if not state.revealed[1] and state.bosses[1] is not None:
                assert BOSS_NAMES[state.bosses[1].value] not in screen_text(app)
        await pilot.pause()
        assert app.table is not None and app.table.match.finished
        outcome = app.table.match.outcome
        assert outcome is not None and outcome.winners
        assert pressed > 40
        log = app.table.match.log()
        assert any(line.startswith("Ann reveals their Boss") for line in log)
        assert any(line.startswith("Ann expends a Spire") for line in log)
        assert {Step.DRAFT, Step.PLACE_TILE, Step.END} <= steps_seen


def _journal_to_the_last_turn(game, options, seat: int, seed: int) -> list:
    """A random playout's actions up to `seat`'s last one: the other seat's
    turn that follows fills the board, whatever it chooses."""
    from tests.playouts import checked_playout

    _, steps = checked_playout(game, 2, options, seed)
    last = max(i for i, (who, _) in enumerate(steps) if who == seat)
    assert any(who == 1 - seat for who, _ in steps[last:])
    return steps[: last + 1]


def _saved_before_bobs_last_turn(tmp_path, monkeypatch, *, short: bool):
    """A saved match against a bot, Ann's last move made: Bob's turn,
    which the app plays on opening it, fills the board."""
    from core.overboss import GAME
    from core.overboss.state import Options
    from saves.match import Match

    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    options = Options(short_board=short)
    match = Match.new("overboss-duel", [PlayerSpec("Ann", "human"),
                                        PlayerSpec("Bob", "bot", "random")], options)
    for seat, action in _journal_to_the_last_turn(GAME, options, 0, seed=1):
        match.apply(seat, action)
    path = match.path
    match.close()
    return path


async def test_the_bots_last_turn_is_told_over_the_results(tmp_path, monkeypatch):
    """Review (2026-12-04): when the bot's turn filled the board, the
    results came up at once, and Ann never saw what Bob did that won or
    lost the match. His last turn is told over the results, in the log's
    words, until Enter."""
    from tests.screen_kit import wait_for
    from tui.screens.ending import EndingScreen
    from tui.screens.results import ResultsScreen

    path = _saved_before_bobs_last_turn(tmp_path, monkeypatch, short=True)
    app = OvertableApp(bot_delay=0.0, seed=7, theme_name="textual-dark")
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_path(path)
        await wait_for(pilot, lambda: app.table is not None and app.table.match.finished)
        await wait_for(pilot, lambda: isinstance(app.screen, EndingScreen))
        await wait_for(pilot, lambda: "Since your last move" in screen_text(app))
        text = screen_text(app)
        assert "Since your last move · Ann's view" in text and "Rematch" not in text
        said = " ".join(line.strip(" │") for line in text.splitlines() if line.strip())
        assert "Bob drafts pair" in said and "Bob places the" in said, said
        await pilot.press("enter")  # the final table, then the results
        await wait_for(pilot, lambda: isinstance(app.screen, OverbossScreen))
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ResultsScreen))


@pytest.mark.parametrize("size", [(80, 24), (160, 45)], ids=["80x24", "160x45"])
async def test_the_bots_last_turn_is_told_beside_the_final_board(tmp_path, monkeypatch, size):
    """Play-test (80x24): Bob's last turn was told over an empty screen,
    and "a1 (your side)" pointed at a board out of sight (b on the results
    found it). The box stands beside the final board, every row of which
    stays in sight (his tile marked there). Play-test (80x24): the box hid
    the final pad's rows 6-13 and Enter went on to the results, so the
    whole pad never stood beside the final board: Enter puts the box away
    over the final table, every row of the pad in sight, and b brings the
    results."""
    import re

    from tests.screen_kit import settled_text, wait_for
    from tui.screens.ending import EndingScreen
    from tui.screens.results import ResultsScreen

    path = _saved_before_bobs_last_turn(tmp_path, monkeypatch, short=False)
    app = OvertableApp(bot_delay=0.0, seed=7, theme_name="textual-dark")
    async with app.run_test(size=size) as pilot:
        app.open_path(path)
        await wait_for(pilot, lambda: isinstance(app.screen, EndingScreen))
        assert isinstance(app.screen_stack[-2], OverbossScreen)
        text = await settled_text(app, pilot)
        assert "Since your last move · Ann's view" in text
        # the board's rank labels, 8 down to 1, and its files under them
        ranks = [m.group(1) for m in re.finditer(r"^(\d) [≈▲]", text, re.MULTILINE)]
        assert ranks == [str(n) for n in range(8, 0, -1)], text
        assert re.search(r"^ +a +b +c +d", text, re.MULTILINE), text
        # the square his turn changed, marked as changed since Ann's move
        assert any("•" in line for line in text.splitlines() if re.match(r"[ \d] [≈▲]", line))
        assert "Bob places the" in text
        # (over the pad at 80x24: Enter shows it whole, `..._final_pad_in_sight`)
        goes_on = "the whole score pad" if size == (80, 24) else "the final table"
        assert f"Enter: {goes_on}" in " ".join(text.split())
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, OverbossScreen))
        text = await settled_text(app, pilot)
        pad = app.screen.query_one("#ob-score")
        rows = [line[pad.region.x:pad.region.right] for line in
                text.splitlines()[pad.region.y:pad.region.bottom]]
        for name in ("Dungeons", "Longest road", "Heroes slain", "Boss objective", "Total"):
            assert any(row.strip().startswith(name) for row in rows), (name, rows)
        assert "b the results" in " ".join(text.split())
        await pilot.press("b")
        await wait_for(pilot, lambda: isinstance(app.screen, ResultsScreen))
        await pilot.press("b")  # the final table is still under the results
        await wait_for(pilot, lambda: isinstance(app.screen, OverbossScreen))


@pytest.mark.parametrize("size", [(80, 24), (100, 30), (160, 45), (200, 50)],
                         ids=["80x24", "100x30", "160x45", "200x50"])
async def test_the_last_moves_leave_the_final_pad_in_sight(tmp_path, monkeypatch, size):
    """Play-test (finding 5): the last moves' box stood over the final
    pad's middle rows (Longest road to Crystals) until Enter. Where the
    log and the prompt under it have room, the box stands over them, the
    board and every row of the pad in sight beside it; at 80x24, where they
    have none, it stands beside the board over the pad, and says that
    Enter shows the whole pad."""
    from tests.screen_kit import settled_text, wait_for
    from tui.screens.ending import EndingScreen

    path = _saved_before_bobs_last_turn(tmp_path, monkeypatch, short=False)
    app = OvertableApp(bot_delay=0.0, seed=7, theme_name="textual-dark")
    async with app.run_test(size=size) as pilot:
        app.open_path(path)
        await wait_for(pilot, lambda: isinstance(app.screen, EndingScreen))
        text = await settled_text(app, pilot)
        box = app.screen.query_one("#ending").region
        table = app.screen_stack[-2]
        pad = table.query_one("#ob-score-box").region
        board = table.query_one("#ob-board").region
        assert not box.overlaps(board), (box, board)
        said = " ".join(text.split())
        if size == (80, 24):
            assert box.overlaps(pad)
            assert "Enter: the whole score pad" in said, text
            return
        assert not box.overlaps(pad), (box, pad)
        assert "Enter: the final table" in said, text
        rows = [line[pad.x:pad.right] for line in text.splitlines()[pad.y:pad.bottom]]
        for name in ("Dungeons", "Longest road", "Towns", "Sunken Cities", "Tile score",
                     "Bands", "Matching monsters", "Minibosses", "Crystals",
                     "Heroes slain", "Boss objective", "Total"):
            assert any(row.strip(" │").startswith(name) for row in rows), (name, text)
        # the box's every line in sight, or PgDn says there are more
        assert "Bob ends their turn." in text or "PgDn: more" in said, text


async def test_the_last_moves_box_is_placed_from_its_first_layout(tmp_path, monkeypatch):
    """Play (80x24, tmux): the box came up across the whole width, over
    the board, for a moment before it went beside it (placed on the
    screen's first resize only). It is placed as it is mounted."""
    from tui.screens.ending import EndingScreen

    path = _saved_before_bobs_last_turn(tmp_path, monkeypatch, short=False)
    app = OvertableApp(bot_delay=0.0, seed=7, theme_name="textual-dark")
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_path(path)
        seen = []
        for _ in range(100_000):  # each turn of the event loop, from the push on
            await asyncio.sleep(0)
            screen = app.screen
            if isinstance(screen, EndingScreen) and screen.is_mounted:
                seen.append(screen.query_one("#ending").region)
                if len(seen) >= 200:
                    break
        await pilot.pause()
        board = app.screen_stack[-2].query_one("#ob-board").region
        laid_out = [region for region in seen if region]
        assert laid_out and not any(region.overlaps(board) for region in laid_out), laid_out


async def test_the_last_moves_box_finds_its_place_again_as_the_terminal_grows(
        tmp_path, monkeypatch):
    """Play (tmux, 80x24 made 100x30 with the box up): the box went under
    the board and the pad as the 80x24 table had them, over the board's
    first rank at 100x30 (the table laid out again after it). It is placed
    once the table is laid out for the new size."""
    from tests.screen_kit import settled_text, wait_for
    from tui.screens.ending import EndingScreen

    path = _saved_before_bobs_last_turn(tmp_path, monkeypatch, short=False)
    app = OvertableApp(bot_delay=0.0, seed=7, theme_name="textual-dark")
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_path(path)
        await wait_for(pilot, lambda: isinstance(app.screen, EndingScreen))
        await settled_text(app, pilot)
        await pilot.resize_terminal(100, 30)
        text = await settled_text(app, pilot)
        box = app.screen.query_one("#ending").region
        table = app.screen_stack[-2]
        for part in ("#ob-board", "#ob-score-box"):
            assert not box.overlaps(table.query_one(part).region), (part, text)
        assert "Enter: the final table" in " ".join(text.split()), text


@pytest.mark.parametrize("key", ["b", "p", "q"])
async def test_the_last_moves_box_takes_the_keys_it_and_the_status_line_offer(
        tmp_path, monkeypatch, key):
    """Play-test (80x24): the box of Bob's last turn said "b: the results"
    on its foot, and the status line under it "p shows the Bosses and
    lairs. b the results (rematch) · q home", but b, p and q did nothing
    and the footer read only "↵ Go on f1 Help". They work from the box: b
    puts it away for the results, p for the Bosses and lairs, q goes home,
    and the footer lists them."""
    from tests.screen_kit import wait_for
    from tui.screens.ending import EndingScreen
    from tui.screens.home import HomeScreen
    from tui.screens.results import ResultsScreen
    from tui.widgets.footer import Footer

    path = _saved_before_bobs_last_turn(tmp_path, monkeypatch, short=False)
    app = OvertableApp(bot_delay=0.0, seed=7, theme_name="textual-dark")
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_path(path)
        await wait_for(pilot, lambda: isinstance(app.screen, EndingScreen))
        box = app.screen
        await wait_for(pilot, lambda: "f1 Help" in screen_text(app))
        keys = [k for k, _words, _on in box.query_one(Footer).shown]
        assert {"enter", "b", "p", "q", "f1"} <= set(keys), keys
        footer = screen_text(app).splitlines()[-1]
        assert "q Home" in footer and "b Results" in footer, footer
        await pilot.press(key)
        if key == "b":
            await wait_for(pilot, lambda: isinstance(app.screen, ResultsScreen))
        elif key == "q":
            await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
        else:
            await wait_for(pilot, lambda: isinstance(app.screen, OverbossScreen)
                           and app.screen._final_hidden)
            # the Bosses and lairs shown, the footer offers the pad back
            assert "p Score pad" in screen_text(app).splitlines()[-1]


async def test_over_a_finished_match_u_and_f1_speak_of_a_match_that_is_over(
        tmp_path, monkeypatch):
    """Play-test (80x24): over the finished duel's last moves, u said "put
    it away first (Enter)", though nothing is taken back after Enter
    either, and F1 said q leaves "the box unread, back first when the
    match is continued", which the saved list opens at its results."""
    from tests.screen_kit import help_rows_with, wait_for
    from tui.screens.ending import EndingScreen

    path = _saved_before_bobs_last_turn(tmp_path, monkeypatch, short=False)
    app = OvertableApp(bot_delay=0.0, seed=7, theme_name="textual-dark")
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_path(path)
        await wait_for(pilot, lambda: isinstance(app.screen, EndingScreen)
                       and "f1 Help" in screen_text(app))
        box = app.screen
        # the palette's key, as on every screen (a box's bindings stop at
        # it, but Ctrl+P opens the palette over it)
        assert screen_text(app).splitlines()[-1].rstrip().endswith("▏^p palette")
        said = []
        box.notify = lambda message, **kw: said.append(message)
        await pilot.press("u")
        await wait_for(pilot, lambda: said)
        assert said == ["Nothing to take back: the match is over."], said
        await pilot.press("f1")
        [leave] = [r for r in await help_rows_with(pilot, "Leave the table")
                   if "Leave the table" in r]
        assert "the match is over" in leave and "continued" not in leave, leave
