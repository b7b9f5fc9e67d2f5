"""F1 over a game screen: the game's name as printed, its keys in words
(each listed once, Enter naming the highlighted action), what its symbols
mean, and every line within 80 columns."""

from __future__ import annotations

import random
import re

import pytest
from textual.widgets import DataTable, Static

from tests import bossquest_screen_kit as bq
from tests import overboss_screen_kit as ob
from tests import overseers_screen_kit as ov
from tests import overstocked_screen_kit as os_
from tests.screen_kit import screen_text, settle
from tui.screens.help import KEY_WIDTH, TEXT_WIDTH, HelpScreen


def bq_app():
    return bq.ScreenApp(bq.make_update(bq.full_state()))


def ob_app():
    return ob.ScreenApp(ob.make_update(ob.midgame()))


def os_app():
    return os_.ScreenApp(os_.make_update(os_.pick_state()))


def ov_app():
    """Overseers' first draft turn: a decision of the moment."""
    from core import CHANCE
    from core.overseers import GAME
    from core.playout import sample_chance

    rng, state = random.Random(3), GAME.setup(4)
    while CHANCE in GAME.to_act(state):
        state = GAME.apply(state, CHANCE, sample_chance(GAME.chance_outcomes(state), rng))
    return ov.ScreenApp(ov.make_update(state))


def fits(key: str, text: str) -> bool:
    """A help row's key and text side by side fit the box."""
    widest = max(map(len, key.split("\n")))
    return widest <= KEY_WIDTH and widest + max(map(len, text.split("\n"))) <= TEXT_WIDTH


async def open_help(app, size=(80, 24)):
    """The help's title and rows ((keys, text) as plain text)."""
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        await app.push_screen(HelpScreen(app.game_screen))
        await pilot.pause()
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen)
        title = str(help_screen.query_one("#help-title", Static).render())
        table = help_screen.query_one(DataTable)
        rows = [tuple(str(c) for c in table.get_row_at(i)) for i in range(table.row_count)]
        # nothing runs off to the side: the table needs no sideways scrolling
        assert table.virtual_size.width <= table.scrollable_content_region.width
        assert help_screen.query_one("#help").region.right <= size[0]
    return title, rows


GAMES = {
    # the extensions' marks too (the play-test met [±3] and Owl* in no help)
    "Boss Quest": (bq_app, ["(R6)", "[R5]", "[▒▒]", "▒▒", "●", "○", "★", "⚒", "⚷", "»",
                            "[±3]", "[+3] [-1]", "= 5 + ?", "Owl*"]),
    "Overboss Duel": (ob_app, ["Spires", "Crystals", "≈ ▲", "›·‹", "« »", "[▒▒]", "M Y to place"]),
    "Overstocked": (os_app, ["│ ─", "║ ═", "┃ ━", "×", "p☻", "Q", "▼", "½"]),
    "Overseers": (ov_app, ["[A]", "(A)", "*", "[▒▒]", "↻", "→2", "♛", "»", "✓"]),
}


async def test_overseers_help_says_where_the_peek_mark_shows():
    """Play-test: Meixiu's * shows after a card on a row ("4(C)*") and in
    a tile's bottom corner on a wide table; F1 said only the first."""
    _, rows = await open_help(ov_app())
    said = " ".join(dict(rows)["*"].split())
    assert "Meixiu peeked at" in said and "(A)*" in said and "[▒▒]*" in said
    assert "in its bottom corner" in said


def keys_start(rows: list[tuple[str, str]]) -> int:
    """Where the keys of the moment begin: the first row, or below the
    sections a screen puts first (Overseers' characters) under "Keys"."""
    return rows.index(("", "Keys")) + 1 if ("", "Keys") in rows else 0


@pytest.mark.parametrize("game", list(GAMES))
async def test_help_names_the_game_keys_in_words_and_its_symbols(game):
    make, symbols = GAMES[game]
    title, rows = await open_help(make())
    assert title == f"Help: {game}"
    on_screen = rows.index(("", "On screen"))
    start = keys_start(rows)
    keys = [key for key, _ in rows[start:start + [key for key, _ in rows[start:]].index("")]]
    # keys in words, never a glyph alone
    for glyph in ("↵", "←", "→", "↑", "↓"):
        assert not any(glyph in key for key in keys), (glyph, keys)
    assert "Enter" in keys
    # a key (or a range of keys) is listed once
    assert len(keys) == len(set(keys))
    # what each symbol means
    shown = " ".join(key for key, _ in rows[on_screen:])
    for symbol in symbols:
        assert symbol in shown, symbol
    # every line fits: no text line is longer than the box allows
    assert all(fits(key, text) for key, text in rows)


@pytest.mark.parametrize("game", list(GAMES))
async def test_no_key_name_is_broken_over_two_lines(game):
    """Play-test at 80x24: Boss Quest's F1 listed "Page Up / Page" and
    "Down" on the next line. Page Up and Down together read "Page Up /
    Down" (as "Left / Right arrow"); a longer list of keys goes on the
    next line between two keys, never inside one's name."""
    make, _ = GAMES[game]
    _, rows = await open_help(make())
    heading = None
    for key, text in rows:
        if not key:
            heading = text
        elif heading != "On screen" and "\n" in key:  # (symbols are not keys)
            assert all(line.endswith(" /") for line in key.split("\n")[:-1]), key
    if game == "Boss Quest":
        assert ("Page Up / Down", "Scroll the table") in rows


async def test_boss_quest_help_lists_1_4_once_and_says_what_enter_does():
    _, rows = await open_help(bq_app())
    rows = rows[:[key for key, _ in rows].index("")]  # the keys of the moment
    texts = dict(rows)
    assert [key for key, _ in rows].count("1-4") == 1
    assert not any(key in ("2", "3", "4") for key, _ in rows)
    assert texts["1-4"].startswith("Ask the Armorer for 1 to 4 weapons")
    # Enter does the highlighted action of the bar, named
    assert texts["Enter"] == "Ask 1 weapon (the highlighted action)"
    assert texts["Left / Right arrow"] == "Move between the actions"
    assert texts["w"].startswith("Go to the Wizard")


async def test_boss_quest_help_says_1_to_3_weapons_with_six_knights():
    """BQ §2A: with six knights a request is 1 to 3 weapons. The play-test's
    F1 read "1-3  Ask the Armorer for 1 to 4 weapons"."""
    import attrs

    from tests.test_tui_bossquest_fit import six_knights, update_of

    state = attrs.evolve(six_knights(), turn=1)  # Bramwell, 18 against 19 HP
    _, rows = await open_help(bq.ScreenApp(update_of(state, seat=1)))
    texts = dict(rows)
    assert texts["1-3"] == "Ask the Armorer for 1 to 3 weapons"


async def test_overboss_help_joins_the_keys_that_do_the_same():
    app = ob.ScreenApp(ob.make_update(ob.midgame(), seat=0))
    _, rows = await open_help(app)
    keys = [key for key, _ in rows]
    # the number keys that work now: the market's 4 places (OD §Set Up 5)
    assert "1-4" in keys and "1-9" not in keys and "Home / End" in keys


@pytest.mark.parametrize("size", [(80, 24), (160, 48), (100, 12)])
async def test_the_help_uses_the_terminals_height(size):
    # A tall terminal shows more keys at once (the box is at most 90% of
    # the screen); a short one still shows a few rows and scrolls the rest.
    app = os_app()
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        await app.push_screen(HelpScreen(app.game_screen))
        await pilot.pause()
        box = app.screen.query_one("#help").region
        table = app.screen.query_one(DataTable)
        assert box.height <= int(size[1] * 0.9)
        rows_needed = table.virtual_size.height
        shown = table.scrollable_content_region.height
        if size == (160, 48):
            assert shown >= min(rows_needed, 36)  # twice the rows of a 24-line terminal
        else:
            assert 4 <= shown <= rows_needed
        assert box.bottom <= size[1]


async def test_the_help_over_a_match_opens_that_games_rules(tmp_path, monkeypatch):
    """A newcomer presses F1 for help on the game: the help says r opens the
    game's rules, and r does, over the match (Escape comes back to it)."""
    from saves.journal import PlayerSpec
    from tui.app import OvertableApp
    from tui.screens.rules import RulesScreen

    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    app = OvertableApp(bot_delay=0, seed=3, theme_name="textual-dark")
    async with app.run_test(size=(80, 24)) as pilot:
        app.new_match("overboss-duel", [PlayerSpec("Ann", "human"),
                                        PlayerSpec("Bot", "bot", "easy")])
        for _ in range(50):
            await pilot.pause()
            if app.table is not None and app.screen is app.table.screen:
                break
        game_screen = app.screen
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        hint = str(app.screen.query_one("#help-hint").render())
        # the log names house rulings ("OD-17"): the hint says they are there
        assert "r: the rules of Overboss Duel, rulings OD-n ·" in hint, hint
        # and on the screen: at 80x24 the keys' list left the hint under
        # the box's bottom border
        assert "r: the rules of Overboss Duel" in screen_text(app), screen_text(app)
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen) and app.screen.game_id == "overboss-duel"
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is game_screen


async def test_the_help_lists_no_sideways_scrolling_where_nothing_scrolls_sideways(tmp_path, monkeypatch):
    """The home screen's help listed "Left arrow: Scroll Left" and
    "Ctrl+Pageup: Page Left", keys that did nothing there (nor on the
    new-match form, nor over a match): they are left out where no panel
    scrolls sideways, and the keys that do something stay."""
    from tui.app import OvertableApp
    from tui.screens.help import screen_keys

    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    app = OvertableApp(theme_name="ansi-dark", bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        home = dict((does, keys) for keys, does in screen_keys(app.screen))
        assert not {"Scroll Left", "Scroll Right", "Page Left", "Page Right"} & set(home)
        assert "New match" in home and "Down" in home
    _, rows = await open_help(os_app())
    assert not {"Scroll Left", "Scroll Right", "Page Left", "Page Right"} & {d for _, d in rows}


def ov_app():
    from tests import overseers_screen_kit as ov
    from tests.test_tui_overseers import drafting

    return ov.ScreenApp(ov.make_update(drafting()))



#: keys of each table that work at some moment of the game, as F1 names them
#: (Boss Quest's f only with the Final Boss, which bq_app's match is not:
#: tests/test_tui_bossquest_wizard_help.py)
EVERY_KEY = {
    "Boss Quest": (bq_app, {"1-4", "w", "c", "a", "x", "m", "l", "n", "u", "q", "]", "[", "z"}),
    "Overboss Duel": (ob_app, {"1-4", "s", "x", "r", "f", "e", "p", "n", "N", "u", "q", "]",
                               "[", "z"}),
    "Overstocked": (os_app, {"0-9", "r", "p", "w", "x", "s", "v", "n", "N", "u", "q", "]", "[",
                             "z"}),
    "Overseers": (ov_app, {"1-6", "b", "t", "l", "Page Up", "Page Down", "n", "u", "q", "]",
                           "[", "z"}),
}


@pytest.mark.parametrize("game", list(EVERY_KEY))
async def test_help_over_a_table_lists_every_key_those_of_other_moments_apart(game):
    """F1 listed only the keys usable at that moment (no e, x, f, s at
    Overboss Duel's draft), the README says it lists every key: those of
    other moments come under their own dimmed heading."""
    make, wanted = EVERY_KEY[game]
    _, rows = await open_help(make())
    start = keys_start(rows)
    now_end = start + [key for key, _ in rows[start:]].index("")
    assert rows[now_end][1].startswith("Not now")
    end = rows.index(("", "On screen")) if ("", "On screen") in rows else rows.index(
        ("", "Everywhere"))
    listed = set()
    for key, _ in rows[start:end]:
        key = re.sub(r" \([^)]*\)$", "", key)  # "n (your turn)": the key, n
        for part in key.replace("\n", " ").split(" / "):
            listed.update(part.split() if len(part.replace(" ", "")) < len(part) and all(
                len(p) == 1 for p in part.split()) else [part])
    missing = {key for key in wanted if key not in listed}
    assert not missing, (missing, rows[:end])
    assert all(fits(key, text) for key, text in rows)


async def test_the_duels_action_bar_is_not_seen_under_the_help():
    """Play-test: with F1 open over a Duel at 80x24, the action bar ("e End
    turn") showed in the row the help's box leaves between it and the
    help's footer: the game's keys, which do nothing under the help. The
    help's footer covers the game's; the action bar hides under any dialog
    and comes back when it closes."""
    from core.overboss.state import Step
    from tests.overboss_tables import sq

    app = ob.ScreenApp(ob.make_update(ob.midgame(step=Step.END, placed=sq("a3"))))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        row = app.game_screen.query_one("#ob-actions").region.y

        def bar_row() -> str:
            return screen_text(app).splitlines()[row]

        assert "e End turn" in bar_row()
        await app.push_screen(HelpScreen(app.game_screen))
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        text = screen_text(app)
        assert "Help: Overboss Duel" in text  # the help is drawn, the Duel around it
        # (the help names what Enter does: "End turn (the highlighted action)")
        assert "End turn" not in bar_row() and "Reveal Boss" not in bar_row(), text
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is app.game_screen
        assert "e End turn" in bar_row()


async def test_help_over_a_match_names_its_options():
    """Play-test: nothing on a match's screen said which extensions or
    variants it was played with; F1 says so under its title, and that a
    standard match is one; the keys' list still fits below it."""
    from core.overstocked.state import Options

    async def match_line(app):
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            await app.push_screen(HelpScreen(app.game_screen))
            await pilot.pause()
            help_box = app.screen.query_one("#help")
            assert help_box.region.bottom <= 24
            return str(app.screen.query_one("#help-match", Static).render())

    app = os_.ScreenApp(os_.make_update(os_.pick_state(Options(advanced=True, forklifts=True))))
    assert await match_line(app) == "This match: Advanced variant, Industrial Mechanisation"
    assert await match_line(os_app()) == "This match: the rulebook's standard game"


@pytest.mark.parametrize("game", ["overstocked", "boss-quest"])
async def test_help_on_the_new_match_form_says_its_keys_in_plain_words(game):
    """Play-test: F1 on the new-match form listed Textual's own words ("Up /
    Down arrow / Enter / Space: Show menu", "Home: Scroll Home", "Page Up:
    Page Up"), which said nothing; its scrolling keys where the form fits
    and did nothing. They are said plainly, and only where they scroll."""
    from tests.screen_kit import wait_for
    from tui.app import OvertableApp
    from tui.screens.new_match import NewMatchScreen

    app = OvertableApp(start="new", argument=game, theme_name="ansi-dark", bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, NewMatchScreen))
        await pilot.pause()
        form = app.screen
        scrolls = any(node.allow_vertical_scroll for node in form.query("*")
                      if hasattr(node, "allow_vertical_scroll"))
        await app.push_screen(HelpScreen(form))
        await pilot.pause()
        table = app.screen.query_one(DataTable)
        rows = {str(table.get_row_at(i)[1]) for i in range(table.row_count)}
    assert not rows & {"Show menu", "Scroll Home", "Scroll End", "Page Up", "Page Down"}, rows
    assert "Open the highlighted field's list of choices" in rows
    assert ("Scroll down a page" in rows) is scrolls


async def test_help_over_a_solo_quest_names_it_and_its_own_keys():
    """The play-test: F1 over a Solo Quest read "This match: the rulebook's
    standard game" and listed the Wizard, the mystery spell, the Armorer and
    keys, which BQ §Solo Quest has none of. It names the quest (and the
    colour left out, BQ §Solo Quest, 2. Setup) and the quest's own things:
    the personal spells, the Bosses by number, the final assault's hearts."""
    from tests.test_tui_bossquest_extensions import solo_table

    app = bq.ScreenApp(bq.make_update(solo_table()))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await app.push_screen(HelpScreen(app.game_screen))
        await pilot.pause()
        match = str(app.screen.query_one("#help-match", Static).render())
        table = app.screen.query_one(DataTable)
        rows = [tuple(str(c) for c in table.get_row_at(i)) for i in range(table.row_count)]
    assert match.startswith("This match: the Solo Quest"), match
    assert "Green weapons left out" in match, match
    text = " ".join(" ".join(" ".join(row) for row in rows).split())
    for absent in ("Wizard", "mystery", "Armorer", "⚒", "⚷"):
        assert absent not in text, (absent, text)
    # the board's short names, explained (the play-test: "Need pair" had no legend)
    for present in ("Personal spells", "Boss 1-3", "final assault", "never your last",
                    "2 of a colour", "at least 2 of the same colour", "Need R", "HP+1",
                    "Atk+1", "Swap deck", "drawn next"):
        assert present in text, (present, text)


async def test_the_keys_of_a_reader_scroll_the_help_at_once():
    """Play-test (80x24): Up and Down (and j, k) did not scroll F1: they moved
    an unseen cursor down the list, which scrolled only once it reached the
    box's foot, so the last keys (Ctrl+T, Ctrl+Q) stayed below the fold. As
    in the rules, Up/Down/j/k scroll a line, Page Up/Down and Space a page,
    Home and End to the top and the bottom."""
    app = ob_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await app.push_screen(HelpScreen(app.game_screen))
        await pilot.pause()
        table = app.screen.query_one(DataTable)
        assert table.max_scroll_y > 2 and table.scroll_y == 0
        for down, up in (("down", "up"), ("j", "k")):
            await pilot.press(down)
            await pilot.pause()
            assert table.scroll_y == 1, down
            await pilot.press(up)
            await pilot.pause()
            assert table.scroll_y == 0, up
        for page in ("pagedown", "space"):
            await pilot.press(page)
            await pilot.pause()
            assert table.scroll_y > 2, page
            await pilot.press("home")
            await pilot.pause()
            assert table.scroll_y == 0
        await pilot.press("end")
        await pilot.pause()
        assert table.scroll_y == table.max_scroll_y
        await pilot.press("pageup")
        await pilot.pause()
        assert table.scroll_y < table.max_scroll_y


async def test_the_homes_help_scrolls_with_the_arrows_and_says_so(tmp_path, monkeypatch):
    """Play-test: at 80x24 the home screen's help hid Ctrl+T and Ctrl+Q
    below the fold, and nothing said the list went on. Its footer says how
    to scroll when the list does not fit, and Down brings them into sight;
    a terminal tall enough for every key names no scrolling."""
    from tests.screen_kit import wait_for
    from tui.app import OvertableApp

    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    app = OvertableApp(theme_name="textual-dark")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.2)
        await pilot.press("f1")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        await pilot.pause()
        assert "Ctrl+Q" not in screen_text(app)
        assert "↑↓ Scroll" in screen_text(app).splitlines()[-1], screen_text(app)
        await pilot.press(*["down"] * 8)
        await pilot.pause()
        assert "Ctrl+Q" in screen_text(app), screen_text(app)
    app = OvertableApp(theme_name="textual-dark")
    async with app.run_test(size=(100, 48)) as pilot:
        await pilot.pause(0.2)
        await pilot.press("f1")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        await pilot.pause()
        assert "Ctrl+Q" in screen_text(app)
        assert "Scroll" not in screen_text(app).splitlines()[-1], screen_text(app)


@pytest.mark.parametrize("state", ["pick_state", "place_state"])
async def test_overstockeds_help_speaks_of_spots_not_squares(state):
    """Play-test: Overstocked's F1 said "Choose the square
    under the cursor", the Duel's words; its areas have spots."""
    app = os_.ScreenApp(os_.make_update(getattr(os_, state)()))
    _, rows = await open_help(app, size=(120, 36))
    text = " ".join(does for _, does in rows)
    assert "square" not in text.lower(), rows
    assert "spot" in text
    _, rows = await open_help(ob_app(), size=(120, 36))
    assert "square" in " ".join(does for _, does in rows)  # the Duel keeps its own


class _HubPort(ob.FakePort):
    """A shared table's port: a watcher's screen asks no rematch of it."""

    answers_later = True


async def test_a_watchers_help_puts_the_players_keys_apart():
    """Play-test: a watcher's F1 listed the draft, Spire and Reveal Boss
    under "Not now", as if the watcher could use them later. They are
    listed apart; "Not now" keeps the watcher's own (back to the results)."""
    app = ob.ScreenApp(ob.make_update(ob.midgame(), seat=None), _HubPort())
    _, rows = await open_help(app)
    texts = [text for _, text in rows]
    later = texts.index("Not now (other moments of the game)")
    theirs = texts.index("Players' keys (you are watching)")
    assert later < theirs, texts
    assert texts[later + 1:theirs] == ["The match is over: back to the results"], texts
    assert any("Reveal" in text for text in texts[theirs:]), rows
    # a player's F1 still says "Not now"
    _, rows = await open_help(ob_app())
    assert "Not now (other moments of the game)" in [t for k, t in rows if k == ""]


async def test_the_home_screen_names_both_keys_of_the_help(tmp_path, monkeypatch):
    """Play-test on terminals without function keys: every footer offered
    the help as f1 alone, and ? (which works everywhere but in a text
    field) was named only inside the help. The home screen's footer and the
    palette's entry name both."""
    from tests.screen_kit import wait_for
    from tui.app import OvertableApp

    # (its own saves folder, and waited for: a loaded machine drew the
    # footer after a fixed pause)
    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    app = OvertableApp(theme_name="textual-dark")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: "f1/? Help" in screen_text(app).splitlines()[-1])
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        assert ("Help", "The keys of this screen (F1 or ?)") in [
            (name, words) for name, words, _ in app.app_commands()]


async def test_a_match_of_bots_lists_no_placing_keys():
    """Play-test, an Overstocked match of bots: F1 listed "r  Turn the card
    you are placing", a key no one at this terminal will use (in the help
    box r opens the rules). Its keys are the watcher's own."""
    update = os_.make_update(os_.pick_state(), seat=None, thinking=0, bots=frozenset({0, 1, 2}))
    _, rows = await open_help(os_.ScreenApp(update))
    keys = dict(rows[:[text for _, text in rows].index("On screen")])
    assert "0-9" not in keys and "x" not in keys, rows
    # r is listed only as the final table's Rematch (the results offer one here)
    assert "Rematch" in keys.get("r", "Rematch") and "Turn" not in keys.get("r", ""), rows
    assert not any(key.startswith("p") for key in keys), rows  # p/w: place in an area
    assert keys["v"] == "Show the next player's warehouse"  # the watcher's own keys stay


async def test_ctrl_t_is_said_as_the_round_of_three_themes_it_goes(tmp_path, monkeypatch):
    """Play-test: F1 said "Ctrl+T  Switch colour / ANSI theme" and the
    palette "Switch between the colour theme and the ANSI theme", but
    Ctrl+T goes round three: ANSI, colour and light. Both name the three, in
    the order Ctrl+T takes them."""
    from tui import theme
    from tui.app import OvertableApp
    from tui.screens.help import global_keys

    words = {theme.ANSI_THEME: "ANSI", theme.COLOUR_THEME: "colour", theme.LIGHT_THEME: "light"}
    order = [words[name] for name in theme.TOGGLE_ORDER]

    def in_order(text: str) -> bool:
        places = [text.find(word) for word in order]
        return all(place >= 0 for place in places) and places == sorted(places)

    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    app = OvertableApp(theme_name="textual-dark")
    async with app.run_test(size=(80, 24)):
        said = dict(global_keys(app))["Ctrl+T"]
        assert in_order(said) and said == f"Next theme, in turn: {theme.round_words()}", said
        palette = {name: words_ for name, words_, _ in app.app_commands()}["Theme"]
        assert in_order(palette), palette


@pytest.mark.parametrize("app", [ob_app, os_app], ids=["Overboss Duel", "Overstocked"])
async def test_n_listed_twice_says_when_each_applies(app):
    """Play-test: the Duel's F1 listed n twice, "A bot is thinking: ask it
    to play its best move so far now" and "Jump to the nearest square you
    may choose"; Overstocked's too. Each says when it applies."""
    _, rows = await open_help(app(), size=(120, 36))
    keys = [key for key, _ in rows if key == "n" or key.startswith("n (")]
    assert len(keys) == 2 and len(set(keys)) == 2, rows
    assert "n (bot thinking)" in keys and "n (your turn)" in keys, keys


@pytest.mark.parametrize("game", list(GAMES))
async def test_the_recaps_legend_speaks_of_a_board_only_where_there_is_one(game):
    """Play-test: Overseers' and Boss Quest's F1 said "on a board •..•,
    under the cursor [P•H]", games with no board and no cursor."""
    make, _ = GAMES[game]
    _, rows = await open_help(make(), size=(120, 36))
    changed = next(text for key, text in rows if key.endswith("underlined"))
    assert changed.startswith("Changed since your last move"), changed
    # play-test bqall, finding 7: "•19 HP", "•» Ann" — the mark is where it
    # is drawn, before a changed line, said in every game
    assert "• before a line" in changed.replace("\n", " "), changed
    boards = game in ("Overboss Duel", "Overstocked")
    assert ("on a board" in changed.replace("\n", " ")) is boards, changed
    assert ("cursor" in changed) is boards, changed


async def test_overseers_legend_says_a_known_face_down_card_may_be_anothers():
    """Play-test: "(A) a face-down card you know (yours)", but another
    player's card seen face up, then turned face down by Teal, shows in
    brackets too ("3(H)→2", ruling OV-11). F1 and the rules' "Reading the
    screen" say so."""
    from tui import resources

    _, rows = await open_help(ov_app(), size=(120, 36))
    said = " ".join(dict(rows)["(A)"].split())
    assert said == ("A face-down card you know (yours, or one seen face up before it was "
                    "turned down)"), said
    rules = " ".join(resources.rules_text("overseers").split())
    assert ("`(A)` face down, known to you (your own, or one seen face up before it was "
            "turned down)") in rules


async def help_rows(app, screen=None) -> tuple[str, dict[str, str]]:
    """F1 over `screen` (the game's): its match line and its rows, key to text."""
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await app.push_screen(HelpScreen(screen or app.game_screen))
        await pilot.pause()
        match = app.screen.query("#help-match")
        table = app.screen.query_one(DataTable)
        rows = {str(table.get_row_at(i)[0]).strip(): " ".join(str(table.get_row_at(i)[1]).split())
                for i in range(table.row_count)}
        return (str(match.first(Static).render()) if match else ""), rows


async def test_help_over_a_match_names_its_bots_and_explains_the_levels(monkeypatch):
    """Play-test: once a match began, nothing said which seat was a bot nor
    at which level (Bob and Cyd read as people), and the levels were
    explained nowhere. F1 names each bot's level under its title and says
    what each level does, and that n hurries the rest of a bot's turn."""
    import attrs

    monkeypatch.delenv("OVERTABLE_BOT_SECONDS", raising=False)  # the levels' own seconds
    update = attrs.evolve(os_.make_update(os_.pick_state()), levels=(None, "normal", "hard"))
    match, rows = await help_rows(os_.ScreenApp(update))
    assert match == "This match: the rulebook's standard game · bots: Bob (normal), Cyd (hard)"
    assert rows["easy (e)"] == "A bot of rules of thumb, with some slips"
    assert rows["normal (n)"] == "A bot that looks ahead, up to 2 s a move"
    assert rows["hard (h)"] == "A bot that looks ahead longer, up to 5 s a move"
    assert rows["thinking…"] == ("A bot is deciding; n asks it to move now, and to play the "
                                 "rest of its turn at once")
    # a match without the match's own bots (people only, or bots standing in) says no levels
    match, rows = await help_rows(os_.ScreenApp(os_.make_update(os_.pick_state())))
    assert "bots:" not in match and "hard (h)" not in rows


async def test_help_on_the_new_match_form_explains_the_levels():
    from tests.screen_kit import wait_for
    from tui.app import OvertableApp
    from tui.screens.new_match import NewMatchScreen

    app = OvertableApp(start="new", argument="overboss-duel", theme_name="ansi-dark", bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, NewMatchScreen))
        await pilot.pause()
        await app.push_screen(HelpScreen(app.screen))
        await pilot.pause()
        table = app.screen.query_one(DataTable)
        rows = {str(table.get_row_at(i)[0]).strip(): str(table.get_row_at(i)[1])
                for i in range(table.row_count)}
    assert rows["Bot: easy"] == "A bot of rules of thumb, with some slips"
    assert rows["Bot: hard"] == "A bot that looks ahead longer, up to 5 s a move"


def _shown_rows(table: DataTable) -> tuple[int, int, int]:
    """(first row, last row, lines) a keys' table shows under its header."""
    lines = table.scrollable_content_region.height - (table.header_height if table.show_header else 0)
    starts, y = [], 0
    for row in table.ordered_rows:
        starts.append(y)
        y += row.height

    def row_at(line: int) -> int:
        return max(i for i, start in enumerate(starts) if start <= line)

    top = round(table.scroll_y)
    return row_at(top), row_at(min(top + lines, y) - 1), lines


async def test_page_down_and_up_in_the_help_skip_no_row():
    """Play-test (80x24, Boss Quest): F1, Home, Page Down: the first page
    ended with "Up arrow", the next began a row later ("l  Scroll the log"
    was never shown). The sticky "Key / Does" header took a line of the
    page Textual scrolled by. Each page now begins with the last row shown
    before or the one right after it, down and up again."""
    app = bq_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await app.push_screen(HelpScreen(app.game_screen))
        await pilot.pause()
        table = app.screen.query_one(DataTable)
        await pilot.press("home")
        await pilot.pause()
        assert table.max_scroll_y > 20  # several pages
        pages = 0
        while table.scroll_y < table.max_scroll_y:
            first, last, lines = _shown_rows(table)
            before = table.scroll_y
            await pilot.press("pagedown")
            await pilot.pause()
            assert table.scroll_y > before
            new_first, _, _ = _shown_rows(table)
            # (the last page stops at the list's end: it may begin earlier)
            at_end = table.scroll_y >= table.max_scroll_y
            assert new_first in (last, last + 1) or (at_end and new_first <= last), (
                first, last, new_first)
            assert table.scroll_y <= before + lines  # no line unseen
            pages += 1
        assert pages >= 3
        while table.scroll_y > 0:
            first, last, lines = _shown_rows(table)
            before = table.scroll_y
            await pilot.press("pageup")
            await pilot.pause()
            assert table.scroll_y < before
            _, new_last, _ = _shown_rows(table)
            # (the first page stops at the list's top: it may end later)
            at_top = table.scroll_y == 0
            assert new_last in (first, first - 1) or (at_top and new_last >= first), (
                first, new_last)
            assert table.scroll_y >= before - lines


#: F1's "Everywhere" row for Tab, where a screen leaves Tab to Textual
TAB_EVERYWHERE = ("Tab / Shift+Tab", "Move between the screen's controls and panels, where it "
                                     "has more than one")


def section(rows, heading):
    """The rows under `heading`, to the next heading."""
    start = rows.index(("", heading)) + 1
    end = next((i for i in range(start, len(rows)) if rows[i][0] == ""), len(rows))
    return [(" ".join(k.split()), " ".join(t.split())) for k, t in rows[start:end]]


@pytest.mark.parametrize(("make", "heading", "said"), [
    # choosing a card: Tab switches areas later (it did nothing, unsaid)
    (os_app, "Not now (other moments of the game)",
     "Switch between the popularity and your warehouse"),
    (lambda: os_.ScreenApp(os_.make_update(os_.place_state())), None,
     "Switch between the popularity and your warehouse"),
    (ob_app, None, "Go between the market (or the board) and the action bar; the duel over, "
                   "between the board and the score pad"),
])
async def test_help_says_what_tab_does_on_a_table_that_has_its_own_tab(make, heading, said):
    """Play-test: F1 promised "Tab / Shift+Tab  Move between controls"
    under "Everywhere" while Tab did nothing in an Overstocked match; a
    table's own Tab was never listed. It is listed with that table's keys
    (now, or under "Not now"), and "Everywhere" leaves Tab to them."""
    _, rows = await open_help(make(), size=(120, 60))
    texts = [" ".join(t.split()) for _, t in rows]
    listed = section(rows, heading) if heading else rows[:texts.index("On screen")]
    assert ("Tab / Shift+Tab", said) in [(" ".join(k.split()), " ".join(t.split()))
                                         for k, t in listed], rows
    assert not any(key.startswith("Tab") for key, _ in section(rows, "Everywhere")), rows


async def test_help_says_where_tab_moves_on_a_table_that_leaves_it_to_the_panels():
    """Boss Quest's and Overseers' Tab goes through the panels (Textual's
    own): "Everywhere" says so, and where."""
    for make in (bq_app, ov_app):
        _, rows = await open_help(make(), size=(120, 60))
        assert TAB_EVERYWHERE in section(rows, "Everywhere"), rows
