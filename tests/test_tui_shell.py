"""The app shell: home, new match, saved matches, hand-over, results, help."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from textual.command import CommandPalette
from textual.widgets import Button, DataTable, Input, OptionList, Static

from tests.screen_kit import count_players, help_rows_with, screen_text, settle, wait_for
from tui.app import OvertableApp
from tui.screens.confirm import ConfirmScreen
from tui.screens.game import GameScreen, TableUpdate
from tui.screens.handover import HandoverScreen
from tui.screens.help import HelpScreen, idle_keys, screen_keys
from tui.screens.home import HomeScreen
from tui.screens.new_match import NewMatchScreen
from tui.screens.results import ResultsScreen, standings
from tui.screens.rules import RulesScreen
from tui.screens.saved import SavedScreen
from tui.screens.too_small import TooSmallScreen
from tui.widgets.roundchart import RoundChart

GAME = "boss-quest"


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    """Every test gets its own data directory; the user's is never touched."""
    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("COLORTERM", "truecolor")
    return tmp_path / "data"


class FakeGameScreen(GameScreen):
    """A stand-in game screen that records what the shell shows it."""

    game_id = GAME

    def __init__(self, port: Any, **kwargs: Any) -> None:
        super().__init__(port, **kwargs)
        self.shown: list[TableUpdate] = []

    def compose(self):
        yield Static("fake table", id="fake")

    def show(self, update: TableUpdate) -> None:
        self.update = update
        self.shown.append(update)


@pytest.fixture
def fake_screen(monkeypatch):
    import tui.games

    monkeypatch.setitem(tui.games.SCREENS, GAME, f"{__name__}:FakeGameScreen")
    return FakeGameScreen


def make_app(**kwargs: Any) -> OvertableApp:
    kwargs.setdefault("bot_delay", 0)
    kwargs.setdefault("theme_name", "textual-dark")
    kwargs.setdefault("seed", 7)
    return OvertableApp(**kwargs)


def players(*kinds: str) -> list[Any]:
    from saves.journal import PlayerSpec

    names = ["Ann", "Bram", "Cora", "Dev", "Edda"]
    return [
        PlayerSpec(names[i], "human", None) if k == "human" else PlayerSpec(names[i], "bot", k)
        for i, k in enumerate(kinds)
    ]


def new_match(*kinds: str) -> Any:
    from saves.match import Match

    return Match.new(GAME, players(*kinds))


def on(app: Any, cls: type) -> bool:
    """`cls` is the screen on top, mounted (its on_mount has run)."""
    return isinstance(app.screen, cls) and app.screen.is_mounted



# -- home -----------------------------------------------------------------------


async def test_home_lists_games_and_commands():
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app.screen, HomeScreen)
        await wait_for(pilot, lambda: app.screen.latest_checked)
        menu = app.screen.query_one(OptionList)
        labels = [str(menu.get_option_at_index(i).prompt) for i in range(menu.option_count)]
        assert any("Boss Quest" in text and text.startswith("New match") for text in labels)
        assert "Saved matches" in labels
        assert labels[-1] == "Quit"


async def test_q_at_home_asks_before_quitting():
    """Review (2026-12-04): q on the home screen quit at once, with no
    word, where on every other screen q goes back: a player who pressed it
    for that lost their place. It asks first; n (or q again, or Escape)
    stays, y quits. Ctrl+C still only says how to quit."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: app.screen.latest_checked)
        await pilot.press("q")
        await wait_for(pilot, lambda: on(app, ConfirmScreen))
        text = screen_text(app)
        assert "Quit Overtable?" in text and "Every match is saved" in text
        for stay in ("n", "q", "escape"):
            await pilot.press(stay)
            await wait_for(pilot, lambda: on(app, HomeScreen))
            assert app.return_code is None
            if stay != "escape":
                await pilot.press("q")
                await wait_for(pilot, lambda: on(app, ConfirmScreen))
        await pilot.press("ctrl+c")
        await pilot.pause()
        assert on(app, HomeScreen) and app.return_code is None
        assert any("Ctrl+Q" in n.message for n in app._notifications)
        await pilot.press("q")
        await wait_for(pilot, lambda: on(app, ConfirmScreen))
        await pilot.press("y")
        await pilot.pause()
    assert app.return_code == 0


async def _form_game_after(app: OvertableApp, pilot: Any, *keys: str) -> str:
    """The game of the new-match form that `keys` on the home screen open
    (the form left again with Escape)."""
    await wait_for(pilot, lambda: on(app, HomeScreen) and app.screen.latest_checked)
    await pilot.press(*keys)
    await wait_for(pilot, lambda: on(app, NewMatchScreen))
    game = app.screen.game_id
    await pilot.press("escape")
    await wait_for(pilot, lambda: on(app, HomeScreen))
    return game


async def test_n_at_home_opens_the_form_on_the_game_last_set_up():
    """Play-test: n on the home screen always opened Boss Quest's form, even
    for a player who had only ever played Overseers: the form opens on the
    game of the newest match set up here (the first run, on Boss Quest as
    before), and the menu's highlight starts on that game's line (on
    Continue, with a match to continue: seersbots, finding 7; Up from it is
    that game's line)."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        assert await _form_game_after(app, pilot, "n") == "boss-quest"
    from saves.match import Match

    Match.new("overseers", players("human", "bot", "bot")).close()
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        assert await _form_game_after(app, pilot, "n") == "overseers"
        assert await _form_game_after(app, pilot, "up", "enter") == "overseers"
        # a game's line the player moves to is still the one n opens
        assert await _form_game_after(app, pilot, "up", "n") == "overstocked"


async def test_home_new_match_start_with_stand_in(fake_screen, data_dir):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: app.screen.latest_checked)
        await pilot.press("enter")  # the first entry: New match: Boss Quest
        await pilot.pause()
        assert isinstance(app.screen, NewMatchScreen)
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: isinstance(app.screen, FakeGameScreen) and app.screen.shown)
        screen = app.screen
        update = screen.shown[-1]
        # seat 0 is the only human: every view is theirs, even while the bot acts
        assert all(u.seat == 0 for u in screen.shown)
        assert update.names == ("Ann", "Bram")
        assert update.bots == frozenset({1})
        journals = list((data_dir / "matches").glob("*.jsonl"))
        assert len(journals) == 1
        # q leaves for home; the match is saved and offered to continue
        await pilot.press("q")
        await wait_for(pilot, lambda: on(app, HomeScreen))
        await wait_for(pilot, lambda: app.screen._latest is not None)
        menu = app.screen.query_one(OptionList)
        assert str(menu.get_option("continue").prompt).startswith("Continue: Boss Quest")
        # how far it got in the game's own words, not a count of actions
        assert str(menu.get_option("continue").prompt).endswith("round 1")


async def test_home_highlights_continue_after_leaving_a_match(fake_screen, data_dir):
    """Play-test (seersbots, finding 7): a match started from "New match:
    Boss Quest" and left with q came home with that line highlighted, so
    Enter opened the new-match form, not the match: back from a match
    with a Continue line, the highlight is on Continue and Enter resumes."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: app.screen.latest_checked)
        await pilot.press("enter")  # New match: Boss Quest
        await wait_for(pilot, lambda: on(app, NewMatchScreen))
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: isinstance(app.screen, FakeGameScreen) and app.screen.shown)
        await pilot.press("q")
        await wait_for(pilot, lambda: on(app, HomeScreen))
        menu = app.screen.query_one(OptionList)
        await wait_for(pilot, lambda: app.screen._latest is not None
                       and menu.highlighted_option.id == "continue")
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, FakeGameScreen))


async def test_home_highlights_continue_on_first_launch_with_an_unfinished_match(data_dir):
    """The first launch with an unfinished match: Enter goes back to it
    (seersbots, finding 7); with only finished ones, the highlight stays on
    the New match line of the game last set up."""
    app = make_app()
    new_match("human", "heuristic").close()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: on(app, HomeScreen) and app.screen._latest is not None)
        await pilot.pause()
        assert app.screen.query_one(OptionList).highlighted_option.id == "continue"


async def test_continue_offers_the_match_opened_and_left_without_a_move(fake_screen, data_dir):
    """Resumed, looked at and left with q: Home's Continue brings that match
    back, though another's last move is newer (seen in a play-test)."""
    import os
    import random

    from core.engine import CHANCE

    looked_at = new_match("human", "human")
    rng = random.Random(3)
    while CHANCE in looked_at.to_act():  # the deal: then it waits for Ann, no move on opening
        looked_at.step_chance(rng)
    looked_at.close()
    stamp = os.path.getmtime(looked_at.path) - 100
    os.utime(looked_at.path, (stamp, stamp))
    newer = new_match("human", "heuristic", "heuristic")
    newer.close()
    app = make_app(start="resume", argument=str(looked_at.path))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: on(app, HandoverScreen))  # Ann's, at one terminal
        await pilot.press("q")
        await wait_for(pilot, lambda: on(app, HomeScreen))
        await wait_for(pilot, lambda: app.screen._latest is not None)
        assert os.path.getmtime(looked_at.path) == stamp  # nothing was played in it
        assert app.screen._latest.path == looked_at.path
        menu = app.screen.query_one(OptionList)
        assert "Ann, Bram ·" in str(menu.get_option("continue").prompt)


async def test_new_match_form_generated_from_options():
    app = make_app(start="new", argument=GAME)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, NewMatchScreen)
        # a checkbox per bool option, defaults from the attrs class
        import attrs

        game = app.games[GAME]
        for field in attrs.fields(game.Options):
            widget = screen.query_one(f"#opt-{field.name}")
            assert widget.value == field.default
        # player count limits the seats shown
        await count_players(pilot, screen, 4)
        shown = [row.seat for row in screen.query("SeatRow") if row.display]
        assert shown == [0, 1, 2, 3]
        spec = screen.read_players()
        assert [p.kind for p in spec] == ["human", "bot", "bot", "bot"]
        assert spec[1].level == "normal"  # core.bots.DEFAULT_LEVEL
        # duplicate names are refused with a reason
        screen.query_one("#name-1", Input).value = "ann"
        with pytest.raises(ValueError, match="names must differ"):
            screen.read_players()
        options = screen.read_options()
        assert options == game.Options()


async def test_new_match_back_without_escape():
    app = make_app(start="new", argument=GAME)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+b")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)


# -- a table: bots, hand-over, undo, results --------------------------------------


async def play_to_the_cover(pilot, app) -> None:
    """Play the first legal action until the next person's turn: the cover."""
    table = app.table
    while table.handover_to is None and not table.match.finished:
        seat = table.viewer
        table.screen.play(table.make_update().legal[0])
        await pilot.pause()
        if table.viewer != seat:
            break
    await wait_for(pilot, lambda: on(app, HandoverScreen))


async def test_handover_between_two_humans(fake_screen):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_match(new_match("human", "human"))
        await wait_for(pilot, lambda: on(app, HandoverScreen))
        table = app.table
        game_screen = table.screen
        first = table.handover_to
        assert first is not None
        # nothing of the next player's is on screen before Enter
        assert all(u.seat is None for u in game_screen.shown)
        assert "Pass to" in str(app.screen.query_one("#handover-name", Static).render())
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is game_screen
        update = game_screen.shown[-1]
        assert update.seat == first and update.legal
        # play until control passes to the other human: the cover comes back
        await play_to_the_cover(pilot, app)
        assert table.handover_to != first
        await pilot.press("enter")
        await pilot.pause()
        assert game_screen.shown[-1].seat == table.viewer != first


async def test_the_last_players_notices_do_not_reach_the_next(fake_screen):
    """Play-test: a notice from Bram's turn (or one given on the cover, to
    him: "Nothing to take back...") stayed over Ann's table after the
    cover went, hiding her Wizard's spells for seconds; a notice may name
    a card. The cover clears them as it comes and as it goes."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_match(new_match("human", "human"))
        await wait_for(pilot, lambda: on(app, HandoverScreen))
        await pilot.press("enter")
        await pilot.pause()
        table = app.table
        game_screen = table.screen
        game_screen.notify("Your card 24 fits nowhere.")
        await play_to_the_cover(pilot, app)
        assert not app._notifications  # gone with the last player
        app.screen.notify("Nothing to take back: a card was drawn since your last move.")
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is game_screen and not app._notifications


async def test_handover_ignores_enter_pressed_just_as_it_appears(fake_screen, monkeypatch):
    """The key that ended a turn, pressed twice, must not lift the cover and
    show the next player's secrets to the last one (the real app's grace)."""
    import types

    import tui.screens.handover

    # the cover reads a clock the test moves, and the button's timer is
    # far off: under a loaded CI more than a 3 s grace had passed between
    # the first press and the look after it
    clock = types.SimpleNamespace(now=1000.0)
    monkeypatch.setattr(tui.screens.handover, "time",
                        types.SimpleNamespace(monotonic=lambda: clock.now))
    grace = 600.0
    app = make_app(handover_grace=grace)
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_match(new_match("human", "human"))
        await wait_for(pilot, lambda: on(app, HandoverScreen))
        cover = app.screen
        game_screen = app.table.screen
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is cover  # too soon: still covered
        assert all(u.seat is None for u in game_screen.shown)
        assert cover.query_one("#ready", Button).disabled
        clock.now += grace + tui.screens.handover.HELD_KEY_GAP + 0.1
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is game_screen


async def test_the_handover_button_is_offered_once_the_grace_ends(fake_screen):
    """The cover's button, greyed while the grace lasts, is offered once
    it ends (however long a loaded machine takes to get there)."""
    app = make_app(handover_grace=0.3)
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_match(new_match("human", "human"))
        await wait_for(pilot, lambda: on(app, HandoverScreen))
        ready = app.screen.query_one("#ready", Button)
        await wait_for(pilot, lambda: not ready.disabled)
        await pilot.press("enter")
        await wait_for(pilot, lambda: not on(app, HandoverScreen))


async def test_a_held_enter_does_not_lift_the_cover_when_the_grace_ends(fake_screen, monkeypatch):
    """A held key repeats on and on: each repeat ignored keeps the cover on
    a little longer (`HELD_KEY_GAP`), so the repeats that go on past the
    grace do not lift it either; let go, then pressed, it lifts."""
    import types

    import tui.screens.handover

    # the cover reads a clock the test moves: a loaded machine's presses
    # 0.2 s apart came seconds apart, and lifted the cover (CI)
    clock = types.SimpleNamespace(now=1000.0)
    monkeypatch.setattr(tui.screens.handover, "time",
                        types.SimpleNamespace(monotonic=lambda: clock.now))
    grace = 1.0
    app = make_app(handover_grace=grace)
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_match(new_match("human", "human"))
        await wait_for(pilot, lambda: on(app, HandoverScreen))
        cover = app.screen
        game_screen = app.table.screen
        repeat = tui.screens.handover.HELD_KEY_GAP / 2  # a held key's repeats
        while clock.now < 1000.0 + grace * 1.6:  # repeats longer than the grace
            await pilot.press("enter")
            clock.now += repeat
        await pilot.pause()
        assert app.screen is cover
        assert all(u.seat is None for u in game_screen.shown)
        clock.now += tui.screens.handover.HELD_KEY_GAP + 0.1  # let go
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is game_screen


async def test_the_handover_tells_what_was_revealed_and_still_fits():
    """The last secret choice (Overseers' top rows at six players, the
    longest) revealed what the cover then hid at once: the cover tells it,
    and at 80x24 its button stays in sight."""
    from textual.app import App

    rows = "; ".join(f"{n} Anger (A), Benevolence (B), Lust (L)"
                     for n in ("Ann", "Bram", "Cora", "Dev", "Edda", "Finn"))
    chars = "; ".join(f"{n} Teal, the Mimic (a card copies another)"
                      for n in ("Ann", "Bram", "Cora", "Dev", "Edda", "Finn"))
    news = [f"Finn chooses their top row. Top rows revealed: {rows}. "
            f"Characters revealed: {chars}."]
    app = App()
    async with app.run_test(size=(80, 24)) as pilot:
        cover = HandoverScreen("Bram", lambda: None, news=news)
        await app.push_screen(cover)
        await pilot.pause()
        text = screen_text(app)
        assert "Last moves:" in text and "Top rows revealed: Ann" in text
        button = cover.query_one("#ready", Button).region
        assert button.height and button.bottom <= 23  # above the footer
        assert "I am Bram: show my view" in text
    # nothing revealed: no such lines
    async with App().run_test(size=(80, 24)) as pilot:
        await pilot.app.push_screen(HandoverScreen("Bram", lambda: None))
        await pilot.pause()
        assert "Revealed" not in screen_text(pilot.app)


async def test_single_human_never_sees_handover_and_a_final_choice_stays(fake_screen):
    """One person against a bot: no hand-over cover ever, and going to the
    Wizard, final by the rulebook, is not taken back by u (BQ-54): the
    match keeps it. (An ordinary move's take-back: tests/test_host_session.py
    test_undo_through_the_session.)"""
    from core.bossquest.actions import GoToWizard

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_match(new_match("human", "random"))

        def human_turn() -> bool:
            return (
                app.table is not None
                and app.table.screen is not None
                and GoToWizard() in app.table.make_update().legal
            )

        await wait_for(pilot, human_turn)
        table = app.table
        screen = table.screen
        assert not screen.shown[-1].can_undo
        before = len(table.match.history)
        screen.play(GoToWizard())
        await pilot.pause()
        assert len(table.match.history) == before + 1
        assert not screen.shown[-1].can_undo
        await pilot.press("u")
        await pilot.pause()
        assert len(table.match.history) == before + 1
        assert (0, GoToWizard()) in table.match.history
        assert all(u.seat == 0 for u in screen.shown)
        assert not any(isinstance(s, HandoverScreen) for s in app.screen_stack)


async def test_undo_that_cannot_go_back_says_why(fake_screen, monkeypatch):
    """u with nothing to take back: Undo leaves the footer (dimmed, it read
    as usable), and the key still asks, so the player reads the session's
    reason; F1 still lists u among the keys of the game."""
    from core.bossquest.actions import GoToWizard

    app = make_app()
    notices: list[str] = []
    monkeypatch.setattr(app, "notify", lambda message, **kwargs: notices.append(str(message)))
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_match(new_match("human", "random"))
        await wait_for(pilot, lambda: app.table is not None and app.table.screen is not None
                       and GoToWizard() in app.table.make_update().legal)
        screen = app.table.screen
        assert app.screen is screen and not screen.shown[-1].can_undo
        active = screen.active_bindings["u"]
        assert active.binding.action == "undo_anyway" and not active.binding.show  # not shown
        assert any(does.startswith("Undo") or "Take back" in does
                   for _, does in idle_keys(screen, screen_keys(screen)))
        before = len(app.table.match.history)
        await pilot.press("u")
        await pilot.pause()
        assert len(app.table.match.history) == before
        assert notices and notices[-1].startswith("Nothing to take back")


async def test_spectated_bot_match_ends_on_results(fake_screen):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_match(new_match("random", "heuristic"))
        await wait_for(pilot, lambda: on(app, ResultsScreen), timeout=30)
        table = app.table
        assert all(u.seat is None for u in table.screen.shown)
        assert any(u.thinking is not None for u in table.screen.shown)
        screen = app.screen
        board = screen.query_one("#standings", DataTable)
        assert board.row_count == 2
        pad = screen.query_one("#score-pad", DataTable)
        assert pad.row_count >= 1
        # keys and hearts per round, one chart per seat each
        assert len(screen.query(RoundChart)) == 4
        # rematch: same players, a new journal
        old = table.match.path
        await pilot.pause(0.05)
        await pilot.press("r")
        await wait_for(pilot, lambda: app.table is not table and app.table is not None)
        assert app.table.match.path != old
        assert app.table.names == table.names
        await pilot.press("q")
        await wait_for(pilot, lambda: on(app, HomeScreen))


def test_standings_share_places():
    assert standings((5, 9, 9), frozenset({1, 2})) == [(1, 1), (1, 2), (3, 0)]
    assert standings((3, 1), frozenset({0})) == [(1, 0), (2, 1)]


# -- saved matches ------------------------------------------------------------------


async def test_saved_list_resume_and_delete(fake_screen, data_dir):
    first = new_match("human", "random")
    first.close()  # left, as a saved match is: an open one could not be resumed
    new_match("human", "heuristic").close()
    app = make_app(start="saves")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, SavedScreen) and app.screen.matches)
        screen = app.screen
        table = screen.query_one(DataTable)
        assert table.row_count == 2
        row = table.get_row_at(0)
        assert str(row[0]) == "Boss Quest" and "Ann" in str(row[1])
        # d asks first; n keeps it
        await pilot.press("d")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        await pilot.pause()
        assert len(list((data_dir / "matches").glob("*.jsonl"))) == 2
        # d, y deletes
        await pilot.press("d")
        await pilot.pause()
        await pilot.press("y")
        await wait_for(pilot, lambda: len(screen.matches) == 1)
        assert len(list((data_dir / "matches").glob("*.jsonl"))) == 1
        # Enter resumes the remaining match
        remaining = screen.matches[0].path
        await pilot.press("enter")
        await wait_for(pilot, lambda: on(app, FakeGameScreen))
        assert app.table.match.path == remaining
    del first


async def test_saved_list_home_and_end_go_to_the_first_and_last_match(fake_screen, data_dir):
    """Home and End did nothing (only Ctrl+Home and Ctrl+End moved), so
    Home then Enter resumed the row still highlighted."""
    for bot in ("random", "heuristic", "random"):
        new_match("human", bot).close()
    app = make_app(start="saves")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, SavedScreen) and app.screen.matches)
        table = app.screen.query_one(DataTable)
        assert table.row_count == 3
        await pilot.press("end")
        await wait_for(pilot, lambda: table.cursor_row == 2)
        await pilot.press("home")
        await wait_for(pilot, lambda: table.cursor_row == 0)


async def test_results_opened_from_the_saved_list_go_back_to_it(fake_screen, data_dir):
    """A finished match's results, opened from Saved matches: q led home,
    and the player looking through finished matches had to press s and
    find their place again. It goes back to the list, on the same row."""
    import random

    from tests.test_saves_store import advance

    for bot in ("random", "heuristic", "random"):
        match = new_match("random", bot)
        advance(match, 10_000, random.Random(0))
        assert match.finished
        match.close()
    app = make_app(start="saves")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: on(app, SavedScreen) and app.screen.matches)
        table = app.screen.query_one(DataTable)
        await pilot.press("down")
        await wait_for(pilot, lambda: table.cursor_row == 1)
        opened = app.screen.matches[1].path
        await pilot.press("enter")
        await wait_for(pilot, lambda: on(app, ResultsScreen))
        assert app.table.match.path == opened
        assert str(app.screen.query_one("#home", Button).label) == "Saved matches (q)"
        await pilot.press("q")
        await wait_for(pilot, lambda: on(app, SavedScreen) and app.screen.matches)
        table = app.screen.query_one(DataTable)
        await wait_for(pilot, lambda: app.screen.selected() is not None
                       and app.screen.selected().path == opened)
        assert table.cursor_row == 1
        assert [type(s) for s in app.screen_stack] == [HomeScreen, SavedScreen]
        # q there goes home, as it does from the list
        await pilot.press("q")
        await wait_for(pilot, lambda: on(app, HomeScreen))


async def test_resuming_a_match_that_went_on_in_a_new_file_opens_that_one(fake_screen, data_dir):
    """Hostile review, finding 7: `overtable resume <id>` of a torn journal
    that had already gone on in a new file (`saves --list`: "continued in
    ...") opened the old file again and offered "Resume at the last valid
    action?" from the old point: a second, diverging copy of the match. It
    opens the continuation, as the saved-matches screen does, and says so."""
    from saves.match import Match

    match = torn_match()
    old = match.path.read_bytes()
    loaded = Match.load(match.path).match
    seat = min(loaded.to_act())
    loaded.apply(seat, loaded.game.legal_actions(loaded.state, seat)[0])  # goes on in a new file
    continued, history = loaded.path, list(loaded.history)
    loaded.close()
    app = make_app(start="resume", argument=match.header.match_id[:8])
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: on(app, FakeGameScreen))
        assert app.table.match.path == continued
        assert app.table.match.history[: len(history)] == history
        assert any(continued.name in n.message for n in app._notifications)
    assert match.path.read_bytes() == old


def torn_match() -> Any:
    """A match run to the human's first decision, its last line then torn."""
    import random

    from core import CHANCE

    match = new_match("human", "random")
    rng = random.Random(1)
    while CHANCE in match.game.to_act(match.state):
        match.step_chance(rng)
    with open(match.path, "a", encoding="utf-8") as f:
        f.write('{"seat": 0, "act')
    match.close()
    return match


async def test_damaged_match_offers_resume(fake_screen, data_dir):
    match = torn_match()
    app = make_app(start="resume", argument=match.header.match_id[:8])
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: on(app, ConfirmScreen))
        text = str(app.screen.query_one("#dialog-text", Static).render())
        assert "line" in text and "Resume at the last valid action?" in text
        await pilot.press("y")
        await wait_for(pilot, lambda: on(app, FakeGameScreen))
        resumed = app.table.match.history
        assert resumed[: len(match.history)] == match.history


def long_journal(kb: int) -> Any:
    """A saved match whose journal takes a move back and plays it again until
    it is `kb` kilobytes long (a person in seat 0, a bot in seat 1)."""
    import random

    from core import CHANCE

    match = new_match("human", "random")
    rng = random.Random(1)
    while True:  # to the person's first move that may be taken back
        to_act = match.to_act()
        if CHANCE in to_act:
            match.step_chance(rng)
            continue
        seat = min(to_act)
        match.apply(seat, rng.choice(match.game.legal_actions(match.state, seat)))
        if seat == 0 and match.undoable(0):
            break
    # the move and its take-back, as a journal read back from before a load
    # holds them (a take-back of a line just written cuts it off instead)
    from saves import journal

    pair = match.path.read_text().splitlines()[-1] + "\n" + journal.undo_line(0, 1) + "\n"
    match.undo(0)
    match.close()
    with open(match.path, "a", encoding="utf-8") as f:
        f.write(pair * (kb * 1024 // len(pair) + 1))
    return match


@pytest.mark.parametrize("leave", [False, True])
async def test_a_long_journal_loads_behind_a_loading_screen_the_player_can_leave(
        fake_screen, monkeypatch, leave):
    """Continue on a long journal (past `LOAD_IN_WORKER_BYTES`): the replay
    runs in a worker while "Loading…" shows and keys are answered; Escape
    goes back home, and the match, loaded after, is let go (it opens again)
    rather than opened over the home screen. Without Escape it opens."""
    import threading

    from saves.match import Match
    from tui.screens.loading import LoadingScreen

    match = long_journal(300)
    assert match.path.stat().st_size >= OvertableApp.LOAD_IN_WORKER_BYTES
    gate, armed = threading.Event(), threading.Event()
    load = Match.load

    def held(path):
        if armed.is_set() and threading.current_thread() is not threading.main_thread():
            gate.wait(10)  # the replay still running
        return load(path)

    monkeypatch.setattr(Match, "load", staticmethod(held))
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: on(app, HomeScreen) and app.screen.latest_checked)
        armed.set()  # the home screen found the match; now the load is held
        await pilot.press("c")
        await wait_for(pilot, lambda: on(app, LoadingScreen))
        assert "Loading…" in screen_text(app)
        if leave:
            await pilot.press("escape")  # answered while the replay still runs
            await wait_for(pilot, lambda: on(app, HomeScreen))
        gate.set()
        if leave:
            await app.workers.wait_for_complete()
            await pilot.pause()
            assert on(app, HomeScreen) and app.table is None
            again = Match.load(match.path)  # its lock was let go
            assert again.match is not None
            again.match.close()
        else:
            await wait_for(pilot, lambda: on(app, FakeGameScreen))
            assert app.table.match.path == match.path
            assert LoadingScreen not in [type(s) for s in app.screen_stack]


# -- too small, help, palette, rules, theme ---------------------------------------------


async def test_too_small_message_and_recovery():
    app = make_app()
    async with app.run_test(size=(60, 20)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, TooSmallScreen)
        text = str(app.screen.query_one("#too-small", Static).render())
        assert "Overtable needs at least 80x24; this terminal is 60x20" in text
        await pilot.resize_terminal(70, 30)
        await pilot.pause(0.1)
        assert isinstance(app.screen, TooSmallScreen)
        assert "70x30" in str(app.screen.query_one("#too-small", Static).render())
        await pilot.resize_terminal(80, 24)
        await wait_for(pilot, lambda: on(app, HomeScreen))
        # a screen pushed while too small stays covered, and shows when enlarged
        await pilot.resize_terminal(50, 10)
        await wait_for(pilot, lambda: on(app, TooSmallScreen))
        app.action_saved()
        await wait_for(pilot, lambda: isinstance(app.screen, TooSmallScreen)
                       and any(isinstance(s, SavedScreen) for s in app.screen_stack))
        await pilot.resize_terminal(100, 30)
        await wait_for(pilot, lambda: on(app, SavedScreen))


async def test_help_lists_the_keys_of_the_screen():
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        table = app.screen.query_one(DataTable)
        rows = [tuple(str(c) for c in table.get_row_at(i)) for i in range(table.row_count)]
        assert ("n", "New match") in rows
        assert any(text.startswith("Command palette") for _, text in rows)
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)


async def test_palette_lists_app_commands():
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        names = [name for name, _, _ in app.app_commands()]
        for wanted in ("New match", "Continue", "Saved matches", "Rules", "Help", "Theme", "Quit"):
            assert wanted in names
        await pilot.press("ctrl+p")
        await pilot.pause()
        assert isinstance(app.screen, CommandPalette)
        await pilot.press(*"saved")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await wait_for(pilot, lambda: on(app, SavedScreen))



async def _search_palette(app, pilot, words: str) -> None:
    """Open the command palette and type `words` into its search."""
    await pilot.press("ctrl+p")
    await wait_for(pilot, lambda: isinstance(app.screen, CommandPalette))
    await pilot.press(*words)

async def test_palette_keeps_to_the_apps_own_commands():
    """Textual's Keys panel (developer words, Escape did not close it),
    Screenshot ("Failed to save screenshot") and Maximize are not offered;
    its theme picker is (the README names it). Home is not offered on the
    home screen itself."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: on(app, HomeScreen))
        titles = [command.title for command in app.get_system_commands(app.screen)]
        assert titles == ["Theme picker"]
        await _search_palette(app, pilot, "home")
        await pilot.pause(0.3)
        assert "Back to the home screen" not in screen_text(app)
        await pilot.press("escape")
        await wait_for(pilot, lambda: on(app, HomeScreen))
        app.action_saved()
        await wait_for(pilot, lambda: on(app, SavedScreen))
        await _search_palette(app, pilot, "home")
        await wait_for(pilot, lambda: "Back to the home screen" in screen_text(app))


async def test_palette_offers_no_continue_at_a_table():
    """Play-test: at a table, the palette's Continue ("Resume the most
    recent match") left the match for another one without a word. At a
    table it is not offered (Home, q, is the way out); at home it is."""
    new_match("human", "random").close()
    new_match("human", "random").close()
    app = make_app(start="resume")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: app.table is not None)
        playing = app.table.match.path
        await _search_palette(app, pilot, "continue")
        await pilot.pause(0.3)
        assert "Resume the most recent match" not in screen_text(app)
        await pilot.press("enter")
        await pilot.pause(0.3)
        assert app.table is not None and app.table.match.path == playing
        await pilot.press("escape")
        app.leave_table()  # as q does
        await wait_for(pilot, lambda: on(app, HomeScreen))
        await _search_palette(app, pilot, "continue")
        await wait_for(pilot, lambda: "Resume the most recent match" in screen_text(app))


async def test_palette_home_leaves_the_match():
    """Play-test: the palette's Home at a table went home with the match
    still open (its lock held): another window read it as being played
    there. It leaves the match, as q does."""
    from saves.lock import is_locked

    new_match("human", "random").close()
    app = make_app(start="resume")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: app.table is not None)
        playing = app.table.match.path
        await _search_palette(app, pilot, "home")
        await wait_for(pilot, lambda: "Back to the home screen" in screen_text(app))
        await pilot.press("enter")
        await wait_for(pilot, lambda: on(app, HomeScreen))
        assert app.table is None
        assert not is_locked(playing)


async def test_help_names_what_the_palette_offers_where_it_is_opened():
    """Play-test: at a table F1 said the palette offered "continue" after
    the palette had stopped offering it there (Home instead). F1 names
    home at a table and continue at home."""
    new_match("human", "random").close()

    async def palette_line() -> str:
        await pilot.press("f1")
        rows = await help_rows_with(pilot, "Command palette")
        line = next(" ".join(r.split()) for r in rows if "Command palette" in r)
        await pilot.press("escape")
        await wait_for(pilot, lambda: not isinstance(app.screen, HelpScreen))
        return line

    app = make_app(start="resume")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: app.table is not None)
        at_table = await palette_line()
        assert "home" in at_table and "continue" not in at_table
        app.leave_table()  # as q does
        await wait_for(pilot, lambda: on(app, HomeScreen))
        at_home = await palette_line()
        assert "continue" in at_home


async def test_rules_screen_shows_markdown():
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: app.screen.latest_checked)
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        # the rules are drawn, not only loaded: their first heading is on screen
        await wait_for(pilot, lambda: "Boss Quest" in screen_text(app))
        await pilot.press("pagedown", "backspace")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)


async def test_rules_opened_from_the_shell_quit_back_to_it():
    """`overtable rules GAME` is read like a pager: q ends the app (it went
    on to the home screen, which the reader never asked for), and the
    footer says so; n (the next game's rules) keeps that."""
    app = make_app(start="rules", argument="overseers")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, RulesScreen))
        await wait_for(pilot, lambda: "q Quit" in screen_text(app))
        await pilot.press("n")
        await wait_for(pilot, lambda: isinstance(app.screen, RulesScreen)
                       and app.screen.game_id != "overseers")
        await pilot.press("q")
        await wait_for(pilot, lambda: app.return_code == 0)


async def test_theme_toggle_and_auto_pick(monkeypatch):
    from tui import theme

    assert theme.pick_theme({"COLORTERM": "truecolor"}) == theme.COLOUR_THEME
    assert theme.pick_theme({}) == theme.ANSI_THEME
    monkeypatch.delenv("COLORTERM")
    app = OvertableApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        assert app.theme == theme.ANSI_THEME
        await pilot.press("ctrl+t")
        assert app.theme == theme.COLOUR_THEME


async def test_the_theme_chosen_is_kept_for_the_next_start(monkeypatch, tmp_path):
    """Ctrl+T's theme was back to the terminal's own at every start: it is
    kept in the configuration directory and used at the next start, unless
    --theme names one; an app that does not remember (tests, shared
    tables) neither reads nor writes it."""
    from tui import theme

    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.delenv("COLORTERM", raising=False)
    app = OvertableApp(bot_delay=0, remember_theme=True)
    async with app.run_test(size=(80, 24)) as pilot:
        assert app.theme == theme.ANSI_THEME
        assert not theme.theme_file().exists()  # nothing chosen yet, nothing kept
        await pilot.press("ctrl+t")
        assert app.theme == theme.COLOUR_THEME
    assert theme.theme_file().read_text().strip() == theme.COLOUR_THEME
    again = OvertableApp(bot_delay=0, remember_theme=True)
    async with again.run_test(size=(80, 24)):
        assert again.theme == theme.COLOUR_THEME
    named = OvertableApp(bot_delay=0, remember_theme=True, theme_name=theme.ANSI_THEME)
    async with named.run_test(size=(80, 24)):
        assert named.theme == theme.ANSI_THEME
    assert theme.theme_file().read_text().strip() == theme.COLOUR_THEME
    forgetful = OvertableApp(bot_delay=0)
    async with forgetful.run_test(size=(80, 24)) as pilot:
        assert forgetful.theme == theme.ANSI_THEME
        await pilot.press("ctrl+t", "ctrl+t")
    assert theme.theme_file().read_text().strip() == theme.COLOUR_THEME


async def test_ctrl_t_names_the_theme_in_the_options_words_and_says_once_if_not_kept(
        monkeypatch, tmp_path):
    """Play-test, XDG_CONFIG_HOME a file: Ctrl+T said "Theme: textual-dark"
    (a name --theme does not take) and nothing said that the choice was not
    kept. The notice uses --theme's words; a theme that cannot be kept is
    said once."""
    from tui import theme

    config = tmp_path / "config"
    config.write_text("a file, not a directory")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(config))
    monkeypatch.delenv("COLORTERM", raising=False)
    app = OvertableApp(bot_delay=0, remember_theme=True)
    told: list[str] = []
    notify = app.notify

    def noted(message, *args, **kwargs):
        # every notice said, not those still up: the first ctrl+t's (2 s)
        # was gone by the third on a loaded machine
        told.append(str(message))
        return notify(message, *args, **kwargs)

    app.notify = noted
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+t", "ctrl+t", "ctrl+t")
        await pilot.pause()
    assert "Theme: colour" in told and "Theme: ANSI, the terminal's own colours" in told
    assert not any("textual-dark" in line or "ansi-dark" in line for line in told)
    unsaved = [line for line in told if line.startswith("Theme not saved for the next start: ")]
    assert len(unsaved) == 1 and "Not a directory" in unsaved[0], told
    assert theme.saved_theme() is None


def test_ctrl_ts_notice_names_each_theme_as_f1_and_the_palette_do():
    """Play-test: after ctrl+t the notice said "Theme: ansi, the terminal's
    own colours" while F1 and the palette said "ANSI": each theme of the
    round goes by the same word in the notice as in their list."""
    from tui import theme

    words = theme.round_words().split(", ")
    assert [theme.spoken(name).partition(",")[0] for name in theme.TOGGLE_ORDER] == words
    assert words[0] == "ANSI"


async def test_theme_light_is_the_terminals_own_colours_on_a_light_background(monkeypatch):
    """Play-test, a white terminal: README named no light theme. --theme light
    starts with Textual's ansi-light, Ctrl+T says it in --theme's words, and
    its round of three comes back to it (started light, it went to colour and
    ANSI and never back: a play-test)."""
    from tui import cli, theme

    assert cli.build_parser().parse_args(["--theme", "light"]).theme == "light"
    assert theme.CHOICES["light"] == theme.LIGHT_THEME == "ansi-light"
    assert theme.spoken(theme.LIGHT_THEME) == "light, the terminal's own colours"
    assert theme.toggled(theme.LIGHT_THEME) == theme.ANSI_THEME
    assert theme.toggled("catppuccin-latte") == theme.ANSI_THEME  # (the picker's)
    app = OvertableApp(bot_delay=0, theme_name=theme.CHOICES["light"])
    async with app.run_test(size=(80, 24)) as pilot:
        assert app.theme == "ansi-light"
        seen = []
        for _ in range(3):
            await pilot.press("ctrl+t")
            seen.append(app.theme)
        assert seen == [theme.ANSI_THEME, theme.COLOUR_THEME, "ansi-light"]


def drawn_colours(app: OvertableApp) -> set[tuple[str, str]]:
    """The (foreground, background) pairs the screen's widgets draw, after
    the app's line filters (NO_COLOR's among them)."""
    from textual.geometry import Region

    drawn = set()
    for widget in app.screen.walk_children():
        if widget.region.area:
            for strip in widget.render_lines(Region(0, 0, *widget.region.size)):
                drawn |= {(str(s.style.color), str(s.style.bgcolor)) for s in strip if s.style}
    return drawn


async def test_no_color_leaves_the_terminals_own_colours(monkeypatch):
    """QA, NO_COLOR=1 with the ANSI theme: every cell was black on black
    (Textual's monochrome filter turned the terminal's default colours into
    #000000). Under the ANSI theme NO_COLOR draws no colour at all, the
    terminal's own; under the colour theme, greys."""
    from tui import theme

    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.delenv("COLORTERM")
    app = OvertableApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.theme == theme.ANSI_THEME
        drawn = drawn_colours(app)
        assert drawn and not any("#000000" in colour for pair in drawn for colour in pair), drawn
        assert not any("STANDARD" in colour for pair in drawn for colour in pair)  # nor colour
        await pilot.press("ctrl+t")
        await pilot.pause()
        assert app.theme == theme.COLOUR_THEME
        greys = {pair for pair in drawn_colours(app) if "TRUECOLOR" in pair[1]}
        assert greys and all(pair[0] != pair[1] for pair in greys)
        await pilot.press("ctrl+t")
        await pilot.pause()
        assert not any("#000000" in colour for pair in drawn_colours(app) for colour in pair)


@pytest.mark.parametrize("kept", [b"no-such-theme\n", b"\xff\xfe\x00junk", b"x" * 5000, b""])
async def test_a_damaged_theme_file_starts_with_the_terminals_own(monkeypatch, tmp_path, kept):
    """The kept theme's file may hold anything (edited, damaged): the app
    starts, with the terminal's own theme, and says so when a name was
    there that it does not know."""
    from tui import theme

    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.delenv("COLORTERM", raising=False)
    theme.theme_file().parent.mkdir(parents=True)
    theme.theme_file().write_bytes(kept)
    app = OvertableApp(bot_delay=0, remember_theme=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.theme == theme.ANSI_THEME
        told = [n.message for n in app._notifications]
        assert any("not one of Overtable's" in m for m in told) == (kept == b"no-such-theme\n")


@pytest.mark.parametrize("kind", ["fifo", "dev-zero"])
def test_a_theme_file_that_is_no_regular_file_is_ignored(monkeypatch, tmp_path, kind):
    """QA: a FIFO as the theme file left the app on a blank screen for ever,
    a symlink to /dev/zero read until MemoryError: the file was read whole.
    Only a regular file is read, and only as much as a theme name needs."""
    import os
    import threading

    from tui import theme

    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    path = theme.theme_file()
    path.parent.mkdir(parents=True)
    if kind == "fifo":
        os.mkfifo(path)
    else:
        path.symlink_to("/dev/zero")
    read: list[str | None] = []
    reader = threading.Thread(target=lambda: read.append(theme.saved_theme()), daemon=True)
    reader.start()
    reader.join(timeout=5)
    if reader.is_alive() and kind == "fifo":  # let the stuck reader go
        os.close(os.open(path, os.O_WRONLY | os.O_NONBLOCK))
    assert read == [None]


def test_a_long_theme_file_is_read_no_further_than_a_name(monkeypatch, tmp_path):
    from tui import theme

    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    theme.theme_file().parent.mkdir(parents=True)
    theme.theme_file().write_text("ansi-dark\n" + "x" * 100_000)
    assert theme.saved_theme() is None  # not one name: more than a name's length
    theme.theme_file().write_text("ansi-dark\n")
    assert theme.saved_theme() == "ansi-dark"


def test_round_chart_shares_one_scale():
    """A player who kept 3 hearts all game draws full bars, not empty ones
    (Textual's Sparkline scaled each series to itself)."""
    from tui.widgets.roundchart import BARS, bars

    assert bars([3, 3, 3], 3, 3) == BARS[-1] * 3
    assert bars([3, 2, 0], 3, 3)[0] == BARS[-1] and bars([3, 2, 0], 3, 3)[-1] == BARS[0]
    assert bars([1, 2], 4, 8) == BARS[2] + BARS[4]  # a column a round, not widened
    assert len(bars(list(range(50)), 50, 20)) == 20  # the latest rounds when too many


async def test_enter_waits_a_moment_on_a_new_decision_the_arrows_do_not(
    monkeypatch, screen_clock
):
    """Hot-seat: the same person goes straight on into a new decision (the
    cover just lifted, or their own move led to the next one). A doubled or
    held Enter must not make that decision before they saw it; the arrows
    move at once, and a deliberate Enter a moment later plays."""
    import tui.games
    import tui.screens.game
    from saves import journal
    from saves.match import Match
    from tests import toygame
    from tui.screens.generic import GenericGameScreen

    monkeypatch.setitem(journal.EXTRA_GAMES, "toy", toygame.GAME)
    monkeypatch.setitem(tui.games.SCREENS, "toy", "tui.screens.generic:GenericGameScreen")
    monkeypatch.setattr(tui.screens.game, "HELD_KEY_GAP", 0.6)
    grace = 1.5
    app = make_app(decision_grace=grace)
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_match(Match.new("toy", players("human", "human")))
        await wait_for(pilot, lambda: on(app, HandoverScreen))
        table = app.table
        ann = table.handover_to
        await pilot.press("enter")  # lifts the cover (no grace asked for it here)
        await pilot.press("enter")  # the same key, doubled
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GenericGameScreen) and screen.update.seat == ann
        assert table.match.state.stakes == (0, 0)  # nothing played unseen
        actions = screen.query_one("#actions", OptionList)
        assert actions.highlighted == 0
        await pilot.press("down")  # the arrows are never held back
        await pilot.pause()
        assert actions.highlighted == 1
        await pilot.press("up")
        screen_clock.now += grace + 0.1
        await pilot.press("enter")  # deliberate: Raise
        await pilot.pause()
        assert table.match.state.stakes[ann] == 1
        # Ann's own move led to her next decision: a held Enter repeats
        assert screen.update.seat == ann and toygame.Raise() in screen.update.legal
        for _ in range(6):  # longer than the grace, each repeat within the gap
            await pilot.press("enter")
            screen_clock.now += 0.3
        await pilot.pause()
        assert table.match.state.stakes[ann] == 1
        screen_clock.now += 0.7  # let go; then pressed again, on purpose
        await pilot.press("enter")
        await pilot.pause()
        assert table.match.state.stakes[ann] == 2


async def test_the_latest_match_found_after_the_home_screen_went_is_let_be(monkeypatch):
    """The home screen looks for the latest match in a thread; when the
    answer came after the screen was being taken down (a match opened from
    it meanwhile: seen once in CI), rebuilding its menu raised NoMatches and
    the worker failed. The answer is now let be."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: on(app, HomeScreen) and app.screen.latest_checked)
        home = app.screen
        await home.query_one("#home-menu").remove()  # as when the screen is torn down
        home._loaded(object(), None)  # a new latest match, found too late
        await pilot.pause()
        assert on(app, HomeScreen)


async def test_the_home_menus_highlight_stops_at_its_ends(data_dir):
    """Play-test: Up on the first game wrapped round to Quit, and Enter
    then left the app (a player back from a results screen, whose h puts
    the highlight at the top, did it by accident). Up at the top and Down
    at the bottom now stay put."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: on(app, HomeScreen) and app.screen.latest_checked)
        menu = app.screen.query_one("#home-menu", OptionList)
        assert menu.highlighted == 0
        await pilot.press("up", "up")
        assert menu.highlighted == 0
        await pilot.press("down")
        assert menu.highlighted == 1
        await pilot.press("end")
        assert menu.highlighted_option.id == "quit"
        await pilot.press("down")
        assert menu.highlighted_option.id == "quit"
        await pilot.press("up", "home", "enter")
        await pilot.pause()
        assert not on(app, HomeScreen)  # the first game's new-match form


async def test_a_dropped_enter_says_why_once_and_a_players_own_next_step_waits_only_the_grace(
    monkeypatch, screen_clock
):
    """Play-test (Overboss Duel): "1" drafted, Enter 0.6 s later on the
    square already under the cursor did nothing, the prompt's light the only
    sign (none without colour): the first dropped Enter says why, once. And
    the longer wait after one's own move (Overseers' next pack, unseen) is
    only where the game says something new is to be looked at: here the
    next step waits the grace alone."""
    import tui.games
    from saves import journal
    from saves.match import Match
    from tests import toygame
    from tests.screen_kit import record_notices
    from tui.screens.game import AGAIN_EXTRA, ENTER_WAITS

    monkeypatch.setitem(journal.EXTRA_GAMES, "toy", toygame.GAME)
    monkeypatch.setitem(tui.games.SCREENS, "toy", "tui.screens.generic:GenericGameScreen")
    grace = 0.7
    app = make_app(decision_grace=grace)
    async with app.run_test(size=(80, 24)) as pilot:
        said = record_notices(app)
        app.open_match(Match.new("toy", players("human", "human")))
        await wait_for(pilot, lambda: on(app, HandoverScreen))
        table = app.table
        ann = table.handover_to
        await pilot.press("enter")  # lifts the cover
        await pilot.press("enter")  # too soon: dropped, and said why
        screen_clock.now += 0.3
        await pilot.press("enter")  # dropped again: not said again
        await pilot.pause()
        assert said.count(ENTER_WAITS) == 1, said
        assert table.match.state.stakes == (0, 0)
        screen_clock.now += grace + 0.1
        await pilot.press("enter")  # Raise
        await pilot.pause()
        screen = app.screen
        assert table.match.state.stakes[ann] == 1 and screen.update.seat == ann
        screen_clock.now += grace + 0.05
        assert grace + 0.05 < grace + AGAIN_EXTRA
        assert not screen.too_soon("enter")


def bound_layouts(monkeypatch, limit: int = 400) -> None:
    """Fail (the app stops on the error) instead of hanging when screens are
    laid out without end: a screen that keeps posting itself messages never
    lets the event loop run another task, so no asyncio timeout can fire."""
    from textual.screen import Screen

    layouts = 0
    refresh_layout = Screen._refresh_layout

    def counted(self, *args: Any, **kwargs: Any) -> None:
        nonlocal layouts
        layouts += 1
        assert layouts <= limit, f"{layouts} layouts: {self!r} lays itself out without end"
        refresh_layout(self, *args, **kwargs)

    monkeypatch.setattr(Screen, "_refresh_layout", counted)


@pytest.mark.parametrize("size", [(5, 5), (1, 1), (6, 3), (2, 40)])
async def test_a_tiny_terminal_shows_the_too_small_message_not_a_crash(size, monkeypatch):
    """QA: at 6 columns or fewer the home menu wrapped its options at a
    width of 0 or less (`range() arg 3 must not be zero`); and at (1, 1) it
    hung CI for 20 minutes now and then (see the test below)."""
    bound_layouts(monkeypatch)
    app = make_app()

    async def resize_there_and_back() -> None:
        async with app.run_test(size=size) as pilot:
            await wait_for(pilot, lambda: on(app, TooSmallScreen))
            await pilot.resize_terminal(80, 24)
            await wait_for(pilot, lambda: on(app, HomeScreen))
            assert "New match" in screen_text(app)
            await pilot.resize_terminal(3, 3)
            await wait_for(pilot, lambda: on(app, TooSmallScreen))
            await pilot.resize_terminal(80, 24)
            await wait_for(pilot, lambda: on(app, HomeScreen))

    await asyncio.wait_for(resize_there_and_back(), 60)
    assert app.return_code in (0, None) and app._exception is None


async def test_a_screen_handed_stale_sizes_lays_itself_out_once(monkeypatch):
    """The CI hang, driven step by step: a screen that handles a Resize of
    a size the terminal no longer has lays itself out at it, and a layout
    that changes the screen's own size posts the screen a Resize of it. Two
    stale sizes in the queue, kept apart by other messages (a repaint put
    off while the app is in a batch update) so that Textual does not merge
    them, were laid out in turn for ever at (1, 1) and 80x24 (the cover
    pushed and popped while the home screen had not caught up)."""
    from textual.events import Resize
    from textual.geometry import Size

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: on(app, HomeScreen))
        await pilot.pause()
        screen = app.screen
        bound_layouts(monkeypatch, limit=20)

        async def stale_sizes() -> None:
            with app.batch_update():
                for width, height in ((1, 1), (80, 24)):
                    screen.post_message(Resize(Size(width, height), Size(width, height)))
                    screen.call_later(lambda: None)
                await pilot.pause()
            await pilot.pause()

        await asyncio.wait_for(stale_sizes(), 10)
        assert on(app, HomeScreen) and screen.size == (80, 24)
        assert "New match" in screen_text(app)
    assert app.return_code in (0, None) and app._exception is None


@pytest.mark.parametrize("environ, said", [
    ({"LANG": "C", "LC_ALL": "C"}, "LC_ALL=C"),
    ({"LANG": "C", "LC_CTYPE": "C.UTF-8"}, "LANG=C"),  # Python's own C.UTF-8, LANG left
    ({"LANG": "en_GB.ISO-8859-1"}, "LANG=en_GB.ISO-8859-1"),
    ({"LC_ALL": "POSIX", "LANG": "en_US.UTF-8"}, "LC_ALL=POSIX"),
    ({"LANG": "en_US.UTF-8"}, None),
    ({"LANG": "C.utf8"}, None),
    ({"LC_CTYPE": "de_DE.UTF-8", "LANG": "C"}, None),
    ({}, None),  # a container's terminal: no locale set, often UTF-8
])
def test_a_locale_not_in_utf8_is_named_at_start(environ, said):
    """Play-test under LANG=C LC_ALL=C in a terminal of that locale: every
    heart, key, turn mark and arrow showed as "_", and nothing said why.
    The app says which setting is not UTF-8 and what to start it with."""
    from tui.theme import locale_note

    note = locale_note(environ)
    if said is None:
        assert note is None
    else:
        # (the setting that wins: LANG=C.UTF-8 does nothing under LC_ALL=C)
        name = said.split("=")[0]
        assert note is not None and f"({said})" in note and f"with {name}=C.UTF-8." in note, note


async def test_the_locale_note_is_shown_once_at_start():
    note = "Your locale (LANG=C) is not UTF-8, and Overtable draws in UTF-8: ..."
    app = OvertableApp(bot_delay=0, locale_note=note)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        assert [n.message for n in app._notifications] == [note]
    app = OvertableApp(bot_delay=0)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        assert not list(app._notifications)


async def test_the_locale_note_goes_at_the_first_key_off_the_new_match_form():
    """Play-test under LANG=C LC_ALL=C, `overtable new` at 80x24: the
    locale note (15 s) lay over the seats' bot/human fields a new player
    must set. Read or not, it goes at the first key or click."""
    from textual.widgets import Select
    from textual.widgets._toast import Toast

    from tui.theme import locale_note

    note = locale_note({"LC_ALL": "C"})
    app = OvertableApp(start="new", argument="overseers", theme_name="ansi-dark",
                       bot_delay=0, locale_note=note)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await wait_for(pilot, lambda: bool(app.screen.query("#kind-1")))
        await pilot.pause(0.3)
        assert [n.message for n in app._notifications] == [note]
        await pilot.press("tab")
        await pilot.pause(0.3)
        assert not list(app._notifications)
        fields = [w.region for w in app.screen.query(Select)]
        assert fields and not [t for t in app.screen.query(Toast)
                               if any(t.region.overlaps(f) for f in fields)]
        app.notify("Another notice stays till its time is up.")
        await pilot.press("tab")
        await pilot.pause(0.2)
        assert [n.message for n in app._notifications] == [
            "Another notice stays till its time is up."]


async def test_enter_is_one_glyph_in_every_footer(tmp_path, monkeypatch):
    """Play-test: the tables' footers said "↵ Do it", the boxes over them
    "⏎ Go on" (Textual's own), the Boss Quest combat "Enter": one key,
    three spellings, and "⏎" is missing from common console fonts. Every
    footer the app draws says ↵."""
    from textual.binding import Binding

    app = OvertableApp(theme_name="textual-dark")
    assert app.get_key_display(Binding("enter", "close", "Go on")) == "↵"
    assert app.get_key_display(Binding("shift+enter", "x", "X")) == "shift+↵"
    assert app.get_key_display(Binding("enter", "x", "X", key_display="Enter")) == "Enter"


async def test_the_too_small_notice_shows_no_scrollbar_at_20x5():
    """Hostile play-test: at 20x5 the "needs at least 80x24" notice is
    taller than the screen, and a stray scrollbar block ("▄▄") was drawn
    over its text. The notice's screen does not scroll: it shows none."""
    app = make_app()
    async with app.run_test(size=(20, 5)) as pilot:
        await wait_for(pilot, lambda: on(app, TooSmallScreen))
        await pilot.pause()
        text = screen_text(app)
        assert not set(text) & set("▄▀▁▂▃▅▆▇█▌▐▔▕"), text
        assert not app.screen.show_vertical_scrollbar and not app.screen.show_horizontal_scrollbar
        assert "80" in text, text


async def test_under_no_color_ctrl_t_offers_the_plain_look_and_keeps_its_own_choice(
        monkeypatch, tmp_path):
    """Play-test, NO_COLOR=1: the first run drew plain (bold and reverse
    only); ctrl+t went round colour, light and ANSI, named as colours
    ("light, the terminal's own colours"), and the colour theme was kept
    for the next start, which then drew in greys: the plain look was lost
    to a choice made in passing. Under NO_COLOR ctrl+t goes round the two
    looks it draws, named so ("plain", "greys"); the choice made there is
    kept for NO_COLOR starts alone, and a theme chosen in colour does not
    make a NO_COLOR start grey."""
    from tui import theme

    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("COLORTERM", "truecolor")  # (plain all the same)
    told: list[str] = []

    def started() -> OvertableApp:
        app = OvertableApp(bot_delay=0, remember_theme=True)
        notify = app.notify

        def noted(message, *args, **kwargs):
            told.append(str(message))
            return notify(message, *args, **kwargs)

        app.notify = noted
        return app

    def plain(app) -> bool:
        return all("DEFAULT" in a and "DEFAULT" in b for a, b in drawn_colours(app))

    from tui.screens.help import global_keys

    app = started()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert plain(app)
        # F1 says the round as it goes here
        assert dict(global_keys(app))["Ctrl+T"] == (
            "Next look, in turn: plain, greys (NO_COLOR is set)")
        await pilot.press("ctrl+t")  # greys
        await pilot.pause()
        assert not plain(app)
        assert told[-1] == "Theme: greys (NO_COLOR is set; ctrl+t again: plain)", told
        await pilot.press("ctrl+t")  # the plain look again, not light
        await pilot.pause()
        assert plain(app) and app.theme == theme.ANSI_THEME
        assert told[-1] == "Theme: plain, no colour (NO_COLOR is set; ctrl+t again: greys)"
        await pilot.press("ctrl+t")  # greys, kept for a NO_COLOR start
    assert not theme.theme_file().exists()  # a colour terminal's choice is not made here
    again = started()
    async with again.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert again.theme == theme.COLOUR_THEME and not plain(again)  # chosen under NO_COLOR
        await pilot.press("ctrl+t")  # plain, kept
    # a theme chosen in colour does not make a NO_COLOR start grey
    theme.save_theme(theme.COLOUR_THEME)
    later = started()
    async with later.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert plain(later)
    monkeypatch.delenv("NO_COLOR")
    coloured = OvertableApp(bot_delay=0, remember_theme=True)
    async with coloured.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert coloured.theme == theme.COLOUR_THEME  # its own choice, untouched


async def test_n_at_home_after_reading_rules_opens_the_game_last_set_up():
    """Play-test (bqall, finding 11): with a fresh config, Rules: Overseers
    read (n there cycled on to Boss Quest), back home, n opened "New match:
    Overseers" (the highlight left on the rules' line); the README: n "opens
    the form on the game you last set up (Boss Quest the first time)"."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: on(app, HomeScreen) and app.screen.latest_checked)
        menu = app.screen.query_one("#home-menu", OptionList)
        menu.highlighted = menu.get_option_index("rules:overseers")
        await pilot.press("enter")
        await wait_for(pilot, lambda: on(app, RulesScreen) and app.screen.game_id == "overseers")
        while app.screen.game_id != "boss-quest":
            game = app.screen.game_id
            await pilot.press("n")
            await wait_for(pilot, lambda game=game: app.screen.game_id != game)
        await pilot.press("escape")
        assert await _form_game_after(app, pilot, "n") == "boss-quest"
