"""Notices ("Your turn.", a refused move, a chat line) appear at the top
right under the header, and in a match over its log: at the bottom they
covered the prompt and the action bar, the lines a player reads when a
notice comes; at the top right of a match, what the player chose from."""

from __future__ import annotations

import pytest
from textual.geometry import Region, Spacing
from textual.widgets._toast import Toast

from tests.screen_kit import screen_text, settle, wait_for
from tui.app import OvertableApp
from tui.screens.too_small import TooSmallScreen


async def test_a_notice_sits_under_the_header_not_over_the_prompt():
    app = OvertableApp(theme_name="textual-dark")
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause(0.2)
        app.notify("Your turn.")
        await pilot.pause(0.3)
        toasts = [w for w in app.query(Toast)]
        assert toasts, "the notice is on screen"
        region = toasts[0].region
        assert region.y >= 1  # the header's line stays readable
        assert region.bottom <= 6  # far from the bottom rows (prompt, actions, footer)
        assert region.x >= 30  # at the right, off the table's left column


async def test_the_same_notice_twice_shows_once_and_anew():
    """Play-test (2026-12-03): Enter twice on a Duel square not on offer
    stacked two toasts of the same sentence over the table. The same words
    again replace the one shown (its time starts again); other words still
    stack."""
    app = OvertableApp(theme_name="textual-dark")
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause(0.2)
        app.notify("a1 is not a choice now.")
        await pilot.pause(0.1)
        first = next(iter(app._notifications))
        app.notify("a1 is not a choice now.")
        await pilot.pause(0.3)
        shown = list(app._notifications)
        assert [n.message for n in shown] == ["a1 is not a choice now."]
        assert shown[0].identity != first.identity  # shown afresh
        assert len(app.query(Toast)) == 1
        app.notify("Your turn.")
        app.notify("a1 is not a choice now.", severity="warning")
        await pilot.pause(0.3)
        assert len(list(app._notifications)) == 3


async def _said_after(key: str) -> list[str]:
    """The notices a key pressed on the home screen gives; the app runs on."""
    app = OvertableApp(theme_name="textual-dark")
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause(0.2)
        await pilot.press(key)
        await pilot.pause(0.2)
        assert app.is_running
        return [n.message for n in app._notifications]


async def test_ctrl_c_says_how_to_quit_in_plain_words():
    """Play-test (2026-12-04): Ctrl+C showed Textual's reminder with its
    markup as text, "Press [b]ctrl+q[/b] to quit the app"."""
    said = await _said_after("ctrl+c")
    assert len(said) == 1 and "Ctrl+Q" in said[0] and "[" not in said[0]


async def test_ctrl_z_says_it_does_not_suspend():
    """Play-test: Ctrl+Z (a shell's "stop this job") did nothing and said
    nothing. It says so, and how to quit; the app runs on."""
    said = await _said_after("ctrl+z")
    assert len(said) == 1 and "Ctrl+Z" in said[0] and "Ctrl+Q quits" in said[0], said


async def test_notices_do_not_cover_the_too_small_message():
    """Play-test: notices given while the terminal was too small were drawn
    over its message and cut it ("Overtable needs at least 80▌"): hidden
    while the message shows."""
    app = OvertableApp(theme_name="textual-dark")
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause(0.2)
        await pilot.resize_terminal(70, 14)
        await wait_for(pilot, lambda: isinstance(app.screen, TooSmallScreen))
        for n in range(4):
            app.notify(f"Notice {n}: something happened at the table just now.")
        await pilot.pause(0.3)
        text = " ".join(screen_text(app).split())
        assert "Overtable needs at least 80x24; this terminal is 70x14." in text
        assert "Enlarge the window to carry on" in text
        assert "Notice" not in text


def _with_app_css(screen_app: type) -> type:
    """The screen test's app with the real app's stylesheet and, as
    `OvertableApp.notify` does, the game screen placing a notice."""
    def notify(self, *args, **kwargs):
        self.screen.place_notices()
        screen_app.notify(self, *args, **kwargs)

    def _on_notify(self, event):
        # as `OvertableApp._on_notify`: the older notices with no room go
        for old in self.screen.notices_to_drop([*self._notifications, event.notification]):
            self._unnotify(old, refresh=False)
        screen_app._on_notify(self, event)

    return type("Styled", (screen_app,), {"CSS_PATH": OvertableApp.CSS_PATH, "notify": notify,
                                          "_on_notify": _on_notify})


def _covered(app, regions) -> list:
    """The decision's regions that a notice on screen overlaps."""
    toasts = [t.region for t in app.screen.query(Toast)]
    assert toasts, "the notice is on screen"
    return [(t, r) for t in toasts for r in regions if t.overlaps(r)]


@pytest.mark.parametrize("size", [(80, 24), (100, 30), (140, 44)])
async def test_a_notice_at_the_wizard_leaves_the_spells_and_prompt_in_sight(size):
    """Play-test: a notice at the top right sat over the Wizard's spells
    (BQ §The Wizard: the spell to activate or discard) as the player chose
    one. Notices go over the log, off the spells, the prompt and the bar."""
    from core.bossquest.state import Step
    from tests.bossquest_screen_kit import ScreenApp, full_state, make_update

    app = _with_app_css(ScreenApp)(make_update(full_state(step=Step.WIZARD)))
    async with app.run_test(size=size, notifications=True) as pilot:
        await pilot.pause(0.2)
        app.notify("Your turn.")
        app.notify("Pick a spell first: ↑↓ or 1-3, then a or x.", severity="warning")
        await pilot.pause(0.3)
        screen = app.screen
        decision = [screen.query_one(f"#bq-{name}").region
                    for name in ("market", "prompt", "actions")]
        assert _covered(app, decision) == []


@pytest.mark.parametrize("size", [(80, 24), (100, 30), (140, 44)])
async def test_a_notice_in_the_duel_leaves_the_market_and_prompt_in_sight(size):
    """Play-test: in Overboss Duel a notice covered the market as the player
    drafted a pair from it (OD §Turn Order 1). Notices go over the log."""
    from tests.overboss_screen_kit import ScreenApp, make_update, midgame

    app = _with_app_css(ScreenApp)(make_update(midgame()))
    async with app.run_test(size=size, notifications=True) as pilot:
        await pilot.pause(0.2)
        app.notify("Your turn.")
        app.notify("a1 is not a choice now.", severity="warning")
        await pilot.pause(0.3)
        screen = app.screen
        decision = [screen.query_one(f"#ob-{name}").region
                    for name in ("market", "board", "prompt", "actions")]
        assert _covered(app, decision) == []


def _inside(app, area) -> list:
    """The notices on screen that reach out of `area` (the panels named)."""
    toasts = [t.region for t in app.screen.query(Toast)]
    assert toasts, "a notice is on screen"
    return [t for t in toasts if t.intersection(area) != t]


@pytest.mark.parametrize("size", [(80, 24), (100, 30), (120, 40)])
async def test_three_refusals_at_once_in_boss_quest_stay_over_the_log(size):
    """Play-test: x, m and e pressed quickly stacked three notices upwards
    past the log, over the turn prompt, the Boss, the weapons and the
    Wizard's spells. As many as the last combat and the log hold show, the
    newest; the decision stays in sight."""
    from tests.bossquest_screen_kit import ScreenApp, full_state, make_update

    app = _with_app_css(ScreenApp)(make_update(full_state()))
    async with app.run_test(size=size, notifications=True) as pilot:
        await pilot.pause(0.2)
        await pilot.press("x", "m", "e")
        await pilot.pause(0.4)
        screen = app.screen
        area = Region.from_union([w.region for w in screen.query("#bq-last, #bq-log")
                                  if w.display and w.region])
        assert _inside(app, area) == []
        decision = [screen.query_one(f"#bq-{name}").region
                    for name in ("boss", "hand", "market", "knights", "prompt", "actions")]
        assert _covered(app, decision) == []
        said = [n.message for n in app._notifications]
        assert said[-1].startswith("e ends your turn"), said  # the newest shows


@pytest.mark.parametrize("size", [(80, 24), (100, 30), (120, 40)])
async def test_three_refusals_at_once_in_the_duel_stay_over_the_log(size):
    """Play-test: three notices at once covered the whole market and the
    Bosses & lairs pane at 80x24. They keep to the log."""
    from tests.overboss_screen_kit import ScreenApp, make_update, midgame

    app = _with_app_css(ScreenApp)(make_update(midgame()))
    async with app.run_test(size=size, notifications=True) as pilot:
        await pilot.pause(0.2)
        await pilot.press("s", "e", "f")
        await pilot.pause(0.4)
        screen = app.screen
        assert _inside(app, screen.query_one("#ob-log").region) == []
        decision = [screen.query_one(f"#ob-{name}").region
                    for name in ("market", "players", "board", "prompt", "actions")]
        assert _covered(app, decision) == []


@pytest.mark.parametrize("game,key,said", [
    ("bq", "x", "Not now: x discards the spell chosen at the Wizard."),
    ("bq", "m", "Not now: m chooses the mystery spell at the Wizard, when one is offered."),
    ("ob", "s", "Not now: s skips an optional effect."),
    ("ob", "f", "f refreshes a spent Spire just after you place a Sunken City (you have 1 "
                "spent)."),
])
async def test_a_refusal_gives_its_reason_not_the_prompt_again(game, key, said):
    """Play-test: each refusal repeated the whole prompt ("... Your turn: ask
    for 1-4 weapons, or w go to the Wizard (no more weapons).") that is on
    screen anyway, which made the notice tall over the log."""
    if game == "bq":
        from tests.bossquest_screen_kit import ScreenApp, full_state, make_update
        app = ScreenApp(make_update(full_state()))
    else:
        from tests.overboss_screen_kit import ScreenApp, make_update, midgame
        app = ScreenApp(make_update(midgame()))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        await pilot.press(key)
        await pilot.pause()
        assert [n.message for n in app._notifications] == [said]


@pytest.mark.parametrize("key", ["x", "w", "c", "+"])
async def test_a_solo_quest_notice_stays_over_its_log(key):
    """Play-test (80x24): the Solo Quest's log has few rows, and even one
    notice climbed over the end of the prompt and the action bar's
    personal spells ("Attack -1 on…"). It keeps to the log."""
    from tests.bossquest_screen_kit import ScreenApp, make_update
    from tests.test_tui_bossquest_extensions import solo_table

    app = _with_app_css(ScreenApp)(make_update(solo_table()))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause(0.2)
        await pilot.press(key)
        screen = app.screen
        # waited for: a loaded machine read the toast before it was placed
        await wait_for(pilot, lambda: bool(screen.query(Toast)) and _inside(
            app, screen.query_one("#bq-log").region) == [])
        decision = [screen.query_one(f"#bq-{name}").region
                    for name in ("boss", "hand", "knights", "prompt", "actions")]
        assert _covered(app, decision) == []


def _toast_words(app) -> list[str]:
    """The words the notices on screen show, read off the screen within
    their regions (a panel's border beside a toast is not its text)."""
    lines = screen_text(app).splitlines()
    words: list[str] = []
    for toast in app.screen.query(Toast):
        r = toast.region
        for row in lines[r.y:r.bottom]:
            words += row[r.x:r.right].replace("▌", " ").split()
    return words


async def test_a_notice_too_long_for_the_solo_quest_log_is_shown_whole():
    """A notice taller than the log even as wide as it was cut to its rows,
    its end lost; it goes whole to the app's place."""
    from tests.bossquest_screen_kit import ScreenApp, make_update
    from tests.test_tui_bossquest_extensions import solo_table

    app = _with_app_css(ScreenApp)(make_update(solo_table()))
    long = "The start of a long notice. " + "More words to read. " * 6 + "The end."
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause(0.2)
        app.notify(long)
        await pilot.pause(0.4)
        assert _toast_words(app) == long.split(), screen_text(app)


async def test_an_update_with_no_notice_up_leaves_the_notices_rack_alone(monkeypatch):
    """Benchmark (2026-12-05): placing the rack after every update, with no
    notice up, restyled it and laid the screen out again (a game screen's
    CPU an update, Boss Quest p95 35 -> 54 ms). Only notices up are placed
    again; a new one is placed as it comes."""
    from tests.overboss_screen_kit import ScreenApp, make_update, midgame
    from tui.screens.game import GameScreen

    placed = []
    place = GameScreen.place_notices
    monkeypatch.setattr(GameScreen, "place_notices",
                        lambda self: (placed.append(1), place(self))[1])
    app = _with_app_css(ScreenApp)(make_update(midgame()))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause(0.2)
        for _ in range(3):
            app.game_screen.show(make_update(midgame()))
            await pilot.pause()
        assert placed == []
        app.notify("Your turn.")
        await pilot.pause(0.2)
        app.game_screen.show(make_update(midgame()))
        await pilot.pause(0.2)
        assert len(placed) >= 2  # as it came, and again after the update


async def test_a_notice_as_the_app_closes_does_not_crash_it():
    """CI (2026-12-05): a hub's chat line came as the app closed, with no
    screen left on its stack: placing the notice read `app.screen`, which
    raised ScreenStackError and failed the run."""
    from textual.notifications import Notification, Notify

    app = OvertableApp(theme_name="textual-dark")
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause(0.1)
        stack = app._screen_stacks[app._current_mode]
        kept = stack[:]
        stack.clear()  # as when the app closes
        try:
            app.notify("Bob: Rematch?")
            app._on_notify(Notify(Notification("Bob: Rematch?")))
        finally:
            stack.extend(kept)


def _overseers_draft():
    """Overseers, 4 players, the first draft dealt: Ann chooses a card."""
    import random

    from core import CHANCE
    from core.overseers import GAME
    from core.playout import sample_chance

    rng = random.Random(3)
    state = GAME.setup(4)
    while CHANCE in GAME.to_act(state):
        state = GAME.apply(state, CHANCE, sample_chance(GAME.chance_outcomes(state), rng))
    return state


@pytest.mark.parametrize("size", [(80, 24), (100, 30), (140, 44)])
@pytest.mark.parametrize("game", ["overstocked", "overseers"])
async def test_notices_in_overstocked_and_overseers_stay_over_the_log(game, size):
    """Play-test (80x24): in Overstocked a refused undo sat at the top right
    over the players' panel and the score now, as each player read who was
    still choosing; in Overseers over the top of the log and the table's
    rows. As in the other games, notices keep to the log, the newest that
    fit, and say their reason without the prompt that is on screen."""
    if game == "overstocked":
        from tests.overstocked_screen_kit import ScreenApp, make_update, pick_state

        app = _with_app_css(ScreenApp)(make_update(pick_state()))
        prefix, panels = "os", ("players", "preview", "areas", "prompt", "hand", "actions")
        keys = ("r", "e", "x")
    else:
        from tests.overseers_screen_kit import ScreenApp, make_update

        app = _with_app_css(ScreenApp)(make_update(_overseers_draft()))
        prefix, panels = "ov", ("table", "talk", "prompt", "hand", "actions")
        keys = ("b", "u")
    async with app.run_test(size=size, notifications=True) as pilot:
        await pilot.pause(0.2)
        app.notify("Your turn.")
        await pilot.press(*keys)
        await pilot.pause(0.4)
        screen = app.screen
        assert _inside(app, screen.query_one(f"#{prefix}-log").region) == []
        decision = [screen.query_one(f"#{prefix}-{name}").region for name in panels
                    if screen.query_one(f"#{prefix}-{name}").display]
        assert _covered(app, decision) == []
        said = [n.message for n in app._notifications]
        prompt = screen.prompt_words()
        assert prompt and not any(prompt in line for line in said), said


async def test_a_matchs_notice_does_not_follow_the_player_home(tmp_path, monkeypatch):
    """Play-test (80x24): u at the start of an Overstocked match ("Nothing to
    take back: you have not moved yet."), then q: the notice stood over the
    home screen, then over the new-match form. Leaving a match takes its
    notices away."""
    from saves.journal import PlayerSpec
    from tui.screens.game import GameScreen
    from tui.screens.home import HomeScreen

    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    app = OvertableApp(bot_delay=0.0, seed=3, theme_name="textual-dark")
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        app.new_match("overstocked", [PlayerSpec("Ann", "human"), PlayerSpec("Bram", "bot")])
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen)
                       and app.screen.update is not None and bool(app.screen.update.legal))
        await pilot.press("u")
        await wait_for(pilot, lambda: "Nothing to take back" in screen_text(app))
        await pilot.press("q")
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
        await pilot.pause(0.2)
        assert not list(app._notifications)
        assert "Nothing to take back" not in screen_text(app)


@pytest.mark.parametrize("players", [2, 3])
async def test_a_notice_too_long_for_the_log_is_shown_whole_elsewhere(players):
    """Regression sweep (Overstocked, 80x24): the log the notices sit over
    is a few rows there, and Ctrl+Z's notice ended "... nothing is lost:",
    Ctrl+C's "saved as it"; cut once, later ones stayed cut. A notice that
    does not fit over the log goes whole to the app's place; one that fits
    still sits over the log. Where the score now above the log has room
    for it, it goes there, whole, off the players' panel (at the app's place
    it covered that panel)."""
    from tests.overstocked_screen_kit import ScreenApp, make_update
    from tests.overstocked_tables import dealt_game

    app = _with_app_css(ScreenApp)(make_update(dealt_game(players)))
    long = ("Ctrl+Z does not put Overtable in the background. Ctrl+Q quits; nothing is "
            "lost: every match is saved as it goes.")
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause(0.2)
        app.notify(long)
        await pilot.pause(0.4)
        text = screen_text(app)
        assert _toast_words(app) == long.split(), text
        side = Region.from_union([app.screen.query_one(f"#os-{name}").region
                                  for name in ("preview", "log")])
        assert _inside(app, side) == [], text
        assert _covered(app, [app.screen.query_one("#os-players").region]) == [], text
        app.clear_notifications()
        await pilot.pause(0.2)
        app.notify("Not now.")
        await pilot.pause(0.4)
        assert _inside(app, app.screen.query_one("#os-log").region) == []


@pytest.mark.parametrize("size", [(80, 24), (120, 36)])
async def test_a_notice_up_as_the_help_opens_leaves_its_title_readable(size):
    """Play-test: a notice up when F1 opened the help sat over the help's
    title (at the top right, over the box's first rows). Over the help,
    notices go to the foot, right, off the title."""
    app = OvertableApp(theme_name="textual-dark")
    async with app.run_test(size=size, notifications=True) as pilot:
        await pilot.pause(0.2)
        app.notify("Your turn. A notice long enough to take three lines of the rack, "
                   "so that it is as tall as a chat line.")
        await pilot.press("f1")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "HelpScreen")
        await pilot.pause(0.3)
        title = app.screen.query_one("#help-title").region
        toasts = [t.region for t in app.screen.query(Toast)]
        assert toasts, "the notice is still on screen"
        assert all(not t.overlaps(title) and t.y > title.bottom for t in toasts)
        app.notify("A chat line said while the help is up.")
        await pilot.pause(0.3)
        assert all(not t.region.overlaps(title) for t in app.screen.query(Toast))


def _overstocked_at_forklift():
    """The app at an Overstocked forklift's question (advanced + incentives
    + forklifts + quantum, three players), where the log at 80x24 is too
    short for a notice of two lines."""
    import attrs

    from core.overstocked import GAME, cards
    from core.overstocked.actions import ChooseQuantum, Place
    from core.overstocked.state import Options, Phase, Where
    from tests.overstocked_screen_kit import ScreenApp, make_update, place_state
    from tests.overstocked_tables import play

    state = place_state(Options(advanced=True, incentives=True, forklifts=True, quantum=True))
    state = play(state, 0, ChooseQuantum(next(q for q in state.quantum_supply
                                              if cards.has_x(q))))
    state = play(state, 0, next(a for a in GAME.legal_actions(state, 0)
                                if isinstance(a, Place) and a.where is Where.WAREHOUSE))
    state = play(state, 0, GAME.legal_actions(state, 0)[0])  # the X
    assert state.phase is Phase.FORKLIFT
    update = attrs.evolve(make_update(state), names=("Ann", "Bram", "Cyd"))
    return _with_app_css(ScreenApp)(update)


#: a notice taller than Overstocked's log at the forklift at 80x24
_FORKLIFT_TAKEN_BACK = ("Taken back: you take the forklift worth 5 and place it in your "
                        "warehouse.")


async def test_a_take_back_notice_at_an_overstocked_forklift_keeps_off_the_players_panel():
    """Play-test (hot seat, 80x24, advanced + incentives + forklifts +
    quantum): u after the forklift and the X said "Taken back: you take
    the forklift worth 5 ..." over the Players panel and the warehouse's
    title, as the screen asked about the forklift: the log there is too
    short for a notice, which went to the app's place. A notice taller than
    the log climbs over the score now above it, never over the players."""
    app = _overstocked_at_forklift()
    said = _FORKLIFT_TAKEN_BACK
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause(0.2)
        app.notify("Not now.")
        app.notify(said)
        await pilot.pause(0.4)
        screen = app.screen
        assert _toast_words(app) == said.split(), screen_text(app)
        assert not screen.has_class("-tall")  # the compact layout
        kept = [screen.query_one(f"#os-{name}").region
                for name in ("players", "pop-panel", "wh-panel", "prompt", "hand", "actions")]
        assert _covered(app, kept) == [], screen_text(app)
        side = Region.from_union([screen.query_one(f"#os-{name}").region
                                  for name in ("preview", "log")])
        assert _inside(app, side) == [], screen_text(app)


def _quit_notices(app) -> list[str]:
    return [n.message for n in app._notifications if n.title == "Do you want to quit?"]


async def test_ctrl_c_over_the_help_says_how_to_quit_at_its_foot(tmp_path, monkeypatch):
    """Play-test: Ctrl+C inside the F1 help did nothing and said nothing
    (a dialog keeps the app's own keys from it); everywhere else it says
    how to quit. Over the help it says so too, at the help's foot."""
    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    app = OvertableApp(theme_name="textual-dark")
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause(0.2)
        await pilot.press("f1")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "HelpScreen")
        await pilot.press("ctrl+c")
        await wait_for(pilot, lambda: bool(app.screen.query(Toast)))
        assert type(app.screen).__name__ == "HelpScreen"  # nothing else happened
        assert len(_quit_notices(app)) == 1 and "Ctrl+Q" in _quit_notices(app)[0]
        await pilot.pause(0.2)
        title = app.screen.query_one("#help-title").region
        toast = app.screen.query_one(Toast).region
        assert toast.y > title.bottom and toast.bottom > 24 // 2, toast


async def test_ctrl_c_in_the_command_palette_says_how_to_quit(tmp_path, monkeypatch):
    """Play-test: Ctrl+C in the command palette (Ctrl+P) did nothing and
    said nothing. It says how to quit there too, off the search line the
    player types in."""
    from textual.command import CommandInput, CommandPalette

    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    app = OvertableApp(theme_name="textual-dark")
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause(0.2)
        await pilot.press("ctrl+p")
        await wait_for(pilot, lambda: isinstance(app.screen, CommandPalette))
        await pilot.press(*"rul", "ctrl+c")
        await wait_for(pilot, lambda: bool(app.screen.query(Toast)))
        assert isinstance(app.screen, CommandPalette)
        assert app.screen.query_one(CommandInput).value == "rul"  # nothing else happened
        assert len(_quit_notices(app)) == 1 and "Ctrl+Q" in _quit_notices(app)[0]
        await pilot.pause(0.2)
        search = app.screen.query_one(CommandInput).region
        assert not app.screen.query_one(Toast).region.overlaps(search)
        # text selected is still copied, as Textual's Ctrl+C does, and no word
        app.clear_notifications()
        app.screen.query_one(CommandInput).select_all()
        await pilot.press("ctrl+c")
        await pilot.pause(0.2)
        assert app.clipboard == "rul" and _quit_notices(app) == []


async def test_ctrl_c_in_the_form_keeps_off_the_seats_and_says_the_form_is_not_kept(
        tmp_path, monkeypatch):
    """Play-test (80x24): Ctrl+C's notice on the new-match form sat over the
    seats' right half ("Human ▼ / Bot: hard ▼") for seconds, and said
    "Nothing is lost: every match is saved", though the form's choices are
    lost on Ctrl+Q. It sits at the form's foot, beside the buttons, and says
    the form is not kept until the match starts."""
    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    app = OvertableApp(theme_name="textual-dark")
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause(0.2)
        app.action_new_match("overseers")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "NewMatchScreen"
                       and bool(app.screen.query("#count")))
        app.screen.query_one("#count").value = 6  # the seats fill the form
        await pilot.pause(0.2)
        await pilot.press("ctrl+c")
        await wait_for(pilot, lambda: bool(app.screen.query(Toast)))
        await pilot.pause(0.2)
        said = _quit_notices(app)
        assert len(said) == 1 and "Ctrl+Q" in said[0], said
        assert "Nothing is lost" not in said[0] and "not kept until you start" in said[0]
        screen = app.screen
        editing = [w.region for w in screen.query("#new-fields Input, #new-fields Select, "
                                                  "#new-fields Checkbox, #start, #back")
                   if w.region]
        toasts = [t.region for t in screen.query(Toast)]
        assert not [t for t in toasts for r in editing if t.overlaps(r)], toasts
        assert _toast_words(app) == ["Do", "you", "want", "to", "quit?", *said[0].split()]


def _within_bottom_and_sides(widget) -> Region:
    """`widget`'s region inside its bottom and side borders."""
    border = widget.styles.border.spacing
    return widget.region.shrink(Spacing(0, border.right, border.bottom, border.left))


@pytest.mark.parametrize("size", [(80, 24), (160, 45)])
async def test_a_notice_over_the_overseers_log_stays_inside_its_border(size):
    """Play-test (160x45, judgment): "Nothing to take back: the votes are
    revealed." was drawn over the log panel's bottom border and cut it
    (at 80x24 the log has no bottom border, and it fitted). A notice keeps
    inside the border of the panel it sits over, at any size."""
    from core.overseers import GAME
    from core.overseers.actions import Vote
    from core.overseers.state import Phase
    from tests.overseers_screen_kit import ScreenApp, make_update
    from tests.test_tui_overseers import advance, table_at_vote_abilities

    state = advance(table_at_vote_abilities(), lambda s: s.phase is Phase.VOTE)
    for seat, target in ((0, 2), (1, 2), (2, 0), (3, 2)):
        state = GAME.apply(state, seat, Vote(target))
    assert state.phase is Phase.JUDGE
    app = _with_app_css(ScreenApp)(make_update(state, 0))
    async with app.run_test(size=size, notifications=True) as pilot:
        await pilot.pause(0.2)
        app.notify("Nothing to take back: the votes are revealed.")
        await pilot.pause(0.4)
        assert _inside(app, _within_bottom_and_sides(app.screen.query_one("#ov-log"))) == [], screen_text(app)


def _log_id(game: str) -> str:
    return {"boss-quest": "#bq-log", "overboss-duel": "#ob-log", "overstocked": "#os-log",
            "overseers": "#ov-log"}[game]


@pytest.mark.parametrize("size", [(80, 24), (100, 30), (160, 45)])
@pytest.mark.parametrize("game", ["boss-quest", "overboss-duel", "overstocked", "overseers"])
async def test_a_notice_leaves_the_logs_newest_line_in_sight(game, size):
    """Play-test (80x24): a notice ("Nothing to take back…") sat at the
    log's foot, over its newest lines, as the player read what the others
    had just done. Where the log is full to its foot, notices sit at its
    top, over its oldest lines (its title stays: their margin is clear);
    where it has room under its newest line, at its foot as before. Every
    game alike, always within the log."""
    from tests import (
        bossquest_screen_kit,
        overboss_screen_kit,
        overseers_screen_kit,
        overstocked_screen_kit,
    )
    from tests.since_kit import turns_of_others

    kit, players = {"boss-quest": (bossquest_screen_kit, 2),
                    "overboss-duel": (overboss_screen_kit, 2),
                    "overstocked": (overstocked_screen_kit, 3),
                    "overseers": (overseers_screen_kit, 4)}[game]
    app = _with_app_css(kit.ScreenApp)(turns_of_others(game, players=players, seed=2)[-1])
    async with app.run_test(size=size, notifications=True) as pilot:
        await pilot.pause(0.3)
        log = app.screen.query_one(_log_id(game))
        row = _newest_line_rows(app, log)[0]  # a long one's first row: its start
        before = screen_text(app).splitlines()
        app.notify("Nothing to take back: you have not moved yet.", severity="warning")
        await pilot.pause(0.4)
        text = screen_text(app)
        assert text.splitlines()[row] == before[row], text  # the row, all of it, as it was
        assert "Nothing to take back" in text
        toasts = [t.region for t in app.screen.query(Toast)]
        # over the log, or over Overstocked's score now above it where the
        # log has no room for its newest line beside the notice
        over = [log.region, *(w.region for w in app.screen.query("#os-preview"))]
        assert len(toasts) == 1 and any(toasts[0].overlaps(r) for r in over), text


#: a newest log line that wraps over several rows in a narrow log (Overstocked's at 80x24)
_LONG_LINE = ("Bram places card 36 in their warehouse, turned half, covering 1 Yo-yo"
              " at the top.")


def _newest_line_rows(app, log) -> list[int]:
    """The screen rows the log's newest line is drawn on, those in sight,
    the top one first: a long line wraps over several."""
    rows = [row.strip() for row in log.rows[-log.newest_rows:]]
    region = log.content_region
    lines = [line[region.x:region.right] for line in screen_text(app).splitlines()]
    on_screen = [max(y for y, line in enumerate(lines) if rows[-1] and rows[-1] in line)]
    while len(on_screen) < len(rows) and rows[-1 - len(on_screen)] in lines[on_screen[0] - 1]:
        on_screen.insert(0, on_screen[0] - 1)
    return on_screen


async def _long_newest_line_under_a_notice(game: str, players: int, size: tuple[int, int],
                                           newest: str) -> tuple[list[str], list[str], list[int]]:
    """The screen's lines before and after a notice over `game`'s log full
    to its foot, its newest line `newest`, and the rows that line is drawn on."""
    import attrs

    from tests import (
        bossquest_screen_kit,
        overboss_screen_kit,
        overseers_screen_kit,
        overstocked_screen_kit,
    )
    from tests.since_kit import turns_of_others

    kit = {"boss-quest": bossquest_screen_kit, "overboss-duel": overboss_screen_kit,
           "overstocked": overstocked_screen_kit, "overseers": overseers_screen_kit}[game]
    update = turns_of_others(game, players=players, seed=2)[-1]
    filler = tuple(f"Line {n}: Bram chooses a card." for n in range(40))
    app = _with_app_css(kit.ScreenApp)(attrs.evolve(update, log=(*update.log, *filler, newest)))
    async with app.run_test(size=size, notifications=True) as pilot:
        await pilot.pause(0.3)
        log = app.screen.query_one(_log_id(game))
        rows = _newest_line_rows(app, log)
        before = screen_text(app).splitlines()
        # the newest line is all the rows found, and in sight
        assert " ".join(log.rows[-log.newest_rows:]).split() == newest.split()
        assert len(rows) == log.newest_rows, "\n".join(before)
        app.notify("Nothing to take back: Bram has chosen since your move.", severity="warning")
        await pilot.pause(0.4)
        after = screen_text(app).splitlines()
        assert "Nothing to take back" in screen_text(app), after
        return before, after, rows


@pytest.mark.parametrize("newest", [_LONG_LINE, "Bram chooses a card."])
@pytest.mark.parametrize("size", [(80, 24), (160, 45)])
@pytest.mark.parametrize(("game", "players"), [
    ("boss-quest", 2), ("overboss-duel", 2), ("overstocked", 2), ("overstocked", 3),
    ("overseers", 4)])
async def test_a_notice_leaves_every_row_of_the_logs_newest_line_in_sight(game, players, size,
                                                                        newest):
    """Play-test (Overstocked at 80x24): the log full to its foot, its
    newest line "Bram places card 36 in their warehouse, turned half,
    covering 1 Yo-yo at the top." wrapped over four rows; a notice at the
    log's top covered the first of them, and the player read "half,
    covering 1 Yo-yo at the top." without its start. Every row of the
    newest line stays in sight, as a one-row newest line does; with three
    players the log is five rows, no room for both: the notice goes over
    the score now above it."""
    before, after, rows = await _long_newest_line_under_a_notice(game, players, size, newest)
    assert [after[y] for y in rows] == [before[y] for y in rows], "\n".join(after)


async def test_a_notice_over_a_newest_line_taller_than_the_room_leaves_its_start():
    """Boss Quest at 80x24: a newest line of nine rows or more in the
    ten-row log has no room beside a notice either way (and no other
    place to go). The notice covers its end, not its start: the player
    reads the sentence from its first word, as far as it shows."""
    longest = " ".join([_LONG_LINE] * 4)
    before, after, rows = await _long_newest_line_under_a_notice(
        "boss-quest", 2, (80, 24), longest)
    kept = [after[y] == before[y] for y in rows]
    assert kept[0] and not kept[-1], "\n".join(after)  # the start in sight, not the end
    assert kept == sorted(kept, reverse=True), "\n".join(after)  # the rows in sight from the start


@pytest.mark.parametrize("words", [
    "Nothing to take back: a tile or token was drawn since your last move.",  # 2 lines
    "Nothing to take back: Bram has chosen since your move, and this notice"
    " takes three lines at forty columns, as a long one would.",  # 3 at 40, wide
])
async def test_a_long_notice_over_the_duels_short_log_leaves_its_newest_line(words):
    """Play-test (the Duel at 80x24): a notice of two lines or more, a
    refused take-back, covered the whole four-row log, its newest line with
    it. Without its padding over and under the text it sits over the older
    lines only, over the log still (not the market)."""
    from tests import overboss_screen_kit
    from tests.since_kit import turns_of_others

    app = _with_app_css(overboss_screen_kit.ScreenApp)(
        turns_of_others("overboss-duel", players=2, seed=2)[-1])
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause(0.3)
        log = app.screen.query_one("#ob-log")
        newest = log.rows[-1].strip()
        before = screen_text(app).splitlines()
        row = max(y for y, line in enumerate(before) if newest and newest in line)
        app.notify(words, severity="warning")
        await pilot.pause(0.4)
        text = screen_text(app)
        assert text.splitlines()[row] == before[row], text
        assert "Nothing to take back" in text and words.split()[-1] in text, text
        toasts = [t.region for t in app.screen.query(Toast)]
        assert len(toasts) == 1 and log.region.contains_region(toasts[0]), text


#: three notices a Duel player can meet at once
_THREE_NOTICES = ("Nothing to take back: a tile or token was drawn since your last move.",
                  "Bram has chosen since your move.",
                  "Your turn.")


def _duel_with_log(lines: int):
    """A Duel midgame whose log holds `lines` lines, and its app."""
    from tests import overboss_screen_kit

    log = tuple(f"Line {n}: Bob places the Road on b{n % 8 + 1}." for n in range(lines))
    app = _with_app_css(overboss_screen_kit.ScreenApp)(
        overboss_screen_kit.make_update(overboss_screen_kit.midgame(), log=log))
    return log, app


@pytest.mark.parametrize("lines", [3, 8, 12, 40])
@pytest.mark.parametrize("size", [(80, 24), (120, 40), (200, 50)])
async def test_stacked_notices_over_the_duels_log_leave_its_newest_line(size, lines):
    """Play-test (the Duel at 120x40): three notices stacked at the foot of
    a log with room under its newest line climbed over that line (one
    alone left it; 80x24's fix, `ToastRack.-tight`, was for one). At every
    size, the log short or full, two or three stacked leave the line in
    sight: an older notice that would climb over it goes (as one that
    climbed past the log did); the newest always stays."""
    said = _THREE_NOTICES
    log, app = _duel_with_log(lines)
    async with app.run_test(size=size, notifications=True) as pilot:
        await pilot.pause(0.3)
        newest = app.screen.query_one("#ob-log").rows[-1].strip()
        before = screen_text(app).splitlines()
        row = max(y for y, line in enumerate(before) if newest and newest in line)
        for count, words in enumerate(said, 1):
            app.notify(words, severity="warning", timeout=30)
            await pilot.pause(0.3)
            text = screen_text(app)
            assert text.splitlines()[row] == before[row], (count, text)  # as it was
            # the newest notice stays, in sight
            assert words.split()[-1] in text and any(
                n.message == words for n in app._notifications), text
        log_region = app.screen.query_one("#ob-log").region
        assert all(t.region.overlaps(log_region) for t in app.screen.query(Toast)), text


def _cut_notices(app) -> list[str]:
    """The notices on screen drawn less than whole: their toast reaches past
    the rows their rack was given (the compositor's clip)."""
    placed = app.screen._compositor.full_map
    return [toast._notification.message for toast in app.screen.query(Toast)
            if toast in placed and not placed[toast].clip.contains_region(placed[toast].region)]


@pytest.mark.parametrize("size", [(120, 40), (100, 30), (160, 45)])
async def test_a_notice_after_a_resize_is_shown_whole(tmp_path, monkeypatch, size):
    """Play-test (the Duel, 80x24 then 120x40): after u 9 e x at 80x24 (x's
    notice wide and without its padding over the four-row log) and a
    resize, one turn and Bram's, c's notice over "Since your last move" was
    cut after its first lines, the log showing under it: the rack kept the
    sizing of 80x24 (its classes and rows, worked out only as a notice
    came) and the holders of notices taken down as the decision changed
    kept their height. At any size after the resize it shows whole, and
    the log's newest line stays in sight."""
    from saves.journal import PlayerSpec
    from tui.screens.overboss import OverbossScreen

    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    app = OvertableApp(bot_delay=0.0, seed=5, theme_name="textual-dark")
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        app.new_match("overboss-duel", [PlayerSpec("Ann", "human"),
                                        PlayerSpec("Bram", "bot", "heuristic")])

        def my_turn() -> bool:
            screen = app.screen
            return (isinstance(screen, OverbossScreen) and screen.update is not None
                    and screen.update.seat == 0 and bool(screen.update.legal))

        await wait_for(pilot, my_turn)
        moves = len(app.screen.update.log)
        for key in "u9ex":
            await pilot.press(key)
            await pilot.pause(0.2)
        await pilot.resize_terminal(*size)
        await pilot.pause(0.3)
        assert _cut_notices(app) == []
        assert _newest_row_under_a_notice(
            app, next(w for w in app.screen.query("#ob-log") if w.display)) == []
        for key in ("2", "enter", "enter"):
            await pilot.press(key)
            await pilot.pause(0.3)
        await wait_for(pilot, lambda: my_turn() and any(
            line.startswith("Bram") for line in app.screen.update.log[moves:]))
        await pilot.pause(0.3)
        log = next(w for w in app.screen.query("#ob-log") if w.display)
        newest = log.rows[-1].strip()
        before = screen_text(app).splitlines()
        assert any(newest in line for line in before), (newest, log.rows, "\n".join(before))
        row = max(y for y, line in enumerate(before) if newest and newest in line)
        await pilot.press("c")
        await wait_for(pilot, lambda: "Nothing to cancel" in screen_text(app))
        await pilot.pause(0.3)
        text = screen_text(app)
        assert _cut_notices(app) == [], text
        assert "chosen." in text, text  # its last line
        assert text.splitlines()[row] == before[row], text  # the newest line, as it was


def _newest_row_under_a_notice(app, log) -> list:
    """The notices on screen over the row of `log`'s newest line."""
    content = log.content_region
    row = content.y + min(log.virtual_size.height - round(log.scroll_y), content.height) - 1
    line = Region(content.x, row, content.width, 1)
    return [t._notification.message for t in app.screen.query(Toast) if t.region.overlaps(line)]


@pytest.mark.parametrize("size", [(80, 24), (120, 40), (200, 50)])
@pytest.mark.parametrize("lines", [3, 8, 12])
async def test_a_longer_log_under_stacked_notices_keeps_its_newest_line(size, lines):
    """Notices up as a move lengthens the log: stacked at its foot while
    its newest line was higher, an older one came to cover that line (each
    was checked only as a notice came). They are sized again with the
    update: an older one that now covers it goes; the newest stays."""
    from tests import overboss_screen_kit

    said = _THREE_NOTICES
    log, app = _duel_with_log(lines)
    async with app.run_test(size=size, notifications=True) as pilot:
        await pilot.pause(0.3)
        for words in said:
            app.notify(words, severity="warning", timeout=30)
            await pilot.pause(0.2)
        for more in range(1, 12):
            longer = log + tuple(f"Move {n}: Ann places a Yeti on c{n % 8 + 1}."
                                 for n in range(more))
            app.screen.show(overboss_screen_kit.make_update(overboss_screen_kit.midgame(),
                                                            log=longer))
            await pilot.pause(0.3)
            text = screen_text(app)
            log_widget = app.screen.query_one("#ob-log")
            assert f"Move {more - 1}: Ann places" in text, (more, text)
            assert _newest_row_under_a_notice(app, log_widget) == [], (more, text)
            assert any(n.message == said[-1] for n in app._notifications), (more, text)


async def test_an_overstocked_notice_dropped_for_a_tall_one_takes_its_holder_at_once():
    """A play-test (Overstocked at 80x24): a notice too tall for the log,
    over the score now and the log alone, took down the older one's toast
    but not its holder (the space the rack keeps for a notice), which
    stayed until the table's next update; in the other games a notice
    dropped takes its holder at once. Overstocked's go the same way: the
    rack holds the newest notice only, as it comes."""
    from textual.widgets._toast import ToastRack

    app = _overstocked_at_forklift()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause(0.2)
        app.notify("Not now.")
        await pilot.pause(0.2)
        app.notify(_FORKLIFT_TAKEN_BACK)
        await pilot.pause(0.4)
        newest = [n for n in app._notifications]
        assert [n.message for n in newest] == [_FORKLIFT_TAKEN_BACK]
        rack = app.screen.get_child_by_type(ToastRack)
        assert [holder.id for holder in rack.children] == [ToastRack._toast_id(newest[0])]
        assert _toast_words(app) == _FORKLIFT_TAKEN_BACK.split(), screen_text(app)


async def test_an_overstocked_notice_too_tall_for_the_log_leaves_its_newest_line():
    """Play-test (Overstocked at 80x24): Ctrl+Z's notice, too tall for the
    log, went over the score now and the log at the log's foot, over its
    newest line too ("1 Bram chooses a card."). Where the score now above
    leaves room, it sits from the top of the two down, off that line."""
    app = _overstocked_at_forklift()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause(0.2)
        log = app.screen.query_one("#os-log")
        assert log.rows, "the log has a line"
        app.notify(_FORKLIFT_TAKEN_BACK)
        await pilot.pause(0.4)
        assert _toast_words(app) == _FORKLIFT_TAKEN_BACK.split(), screen_text(app)
        assert _newest_row_under_a_notice(app, log) == [], screen_text(app)


async def test_an_overstocked_tall_notice_over_a_one_line_log_sits_under_that_line(
        tmp_path, monkeypatch):
    """Play-test (Overstocked at 80x24, a new match against an easy bot):
    Ctrl+Z at the first card choice, the log holding only "1 Bram chooses
    a card.", went over the score now and the log from the foot up, over
    the log's title and that line. A notice too tall for the log covers
    no newest line where a place over the score now and the log leaves it:
    under a line near the log's top, without its padding; the log's title
    stays in sight."""
    from saves.journal import PlayerSpec
    from tui.screens.game import GameScreen

    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    app = OvertableApp(bot_delay=0.0, seed=3, theme_name="textual-dark")
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        app.new_match("overstocked", [PlayerSpec("Ann", "human"),
                                      PlayerSpec("Bram", "bot", "easy")])
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen)
                       and app.screen.update is not None and bool(app.screen.update.legal))
        await pilot.pause(0.3)
        log = app.screen.query_one("#os-log")
        assert [row.strip() for row in log.rows] == ["1 Bram chooses a card."]
        await pilot.press("ctrl+z")
        await wait_for(pilot, lambda: bool(app.screen.query(Toast)))
        await pilot.pause(0.4)
        text = screen_text(app)
        said = next(n.message for n in app._notifications)
        assert "Ctrl+Z" in said and _toast_words(app) == said.split(), text
        assert _newest_row_under_a_notice(app, log) == [], text
        title = Region(log.region.x, log.region.y, log.region.width, 1)
        assert _covered(app, [title]) == [], text
        assert _covered(app, [app.screen.query_one("#os-players").region]) == [], text


def _recap_newest_move_rows(app, log) -> list[int]:
    """The screen rows of the newest move of the recap in sight (a numbered
    step: its lines, each wrapped over rows of their own), top first."""
    region = log.content_region
    lines = [line[region.x:region.right - 1].rstrip()  # (less the scroll bar)
             for line in screen_text(app).splitlines()[region.y:region.bottom]]
    numbered = [y for y, line in enumerate(lines) if line[1:3].strip().isdigit()]
    assert numbered, "\n".join(lines)
    rows = [numbered[-1]]
    while rows[-1] + 1 < len(lines) and lines[rows[-1] + 1].strip() \
            and rows[-1] + 1 not in numbered:
        rows.append(rows[-1] + 1)
    return [region.y + y for y in rows]


@pytest.mark.parametrize("size", [(80, 24), (160, 45)])
@pytest.mark.parametrize(("game", "players", "seat", "seed", "keys"), [
    ("overstocked", 2, 1, 2, ()),  # move 1 fills the log, move 2 below it
    ("overstocked", 2, 0, 2, ()),  # move 2 starts in sight
    ("boss-quest", 2, 0, 0, ("enter",)),  # one move of eight lines (past the combat)
    ("overseers", 4, 0, 0, ()),
])
async def test_a_notice_leaves_the_recaps_newest_move_in_sight(game, players, seat, seed, keys,
                                                               size):
    """Play-test (Overstocked at 80x24): the recap since your last move
    showed "1 Bram places card 21 in their warehouse, turned half, ...
    Bram +3: Furballs +3" over all seven rows of the log, move 2 below it;
    u's "Nothing to take back" covered its first five rows, leaving "shows
    it)" and the score. A recap's newest line is its newest move in sight,
    all its rows (the log's lines kept their rows already): it stays in
    sight where there is room, as in the log (z)."""
    from tests.since_kit import SequenceApp, turns_of_others
    from tui.screens.bossquest import BossQuestScreen
    from tui.screens.overseers import OverseersScreen
    from tui.screens.overstocked import OverstockedScreen

    screen_class = {"boss-quest": BossQuestScreen, "overstocked": OverstockedScreen,
                    "overseers": OverseersScreen}[game]
    updates = turns_of_others(game, players, seed, seat=seat)
    app = _with_app_css(SequenceApp)(screen_class, updates)
    async with app.run_test(size=size, notifications=True) as pilot:
        await pilot.pause(0.3)
        for key in keys:
            await pilot.press(key)
            await pilot.pause(0.2)
        log = app.screen.query_one(_log_id(game))
        assert log.recap is not None and log.recap.shown
        rows = _recap_newest_move_rows(app, log)
        before = screen_text(app).splitlines()
        app.notify("Nothing to take back: Bram has chosen since your move.", severity="warning")
        await pilot.pause(0.4)
        after = screen_text(app).splitlines()
        assert "Nothing to take back" in "\n".join(after)
        assert [after[y] for y in rows] == [before[y] for y in rows], "\n".join(after)


async def test_ctrl_cs_notice_at_a_table_goes_as_q_leads_home(tmp_path, monkeypatch):
    """Ctrl+C at a table, then q home: the notice (Ctrl+Q quits, every
    match saved) goes with the table's notices before its time is up, as
    at a shared table, where it spoke of q and stayed over the lobby (a
    play-test over SSH)."""
    from tui.screens.game import GameScreen
    from tui.screens.home import HomeScreen

    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    app = OvertableApp(theme_name="textual-dark")
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
        app.new_match("overseers", [app.seat("Ann", "human"), app.seat("Bot1", "bot", "random"),
                                    app.seat("Bot2", "bot", "random")])
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen)
                       and app.screen.update is not None)
        await pilot.press("ctrl+c")
        await wait_for(pilot, lambda: bool(_quit_notices(app)))
        notice = next(n for n in app._notifications if n.title == "Do you want to quit?")
        await pilot.press("q")
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen) and not _quit_notices(app))
        assert notice.time_left > 0, "it went only as its time ran out"
