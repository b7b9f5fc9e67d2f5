"""The in-app rules run to 20 pages and more at 80x24 (Boss Quest's Solo
Quest is near the end): a newcomer looking for one part paged through
them all. `]` brings the next heading to the top of the screen, `[` the
previous one."""

from __future__ import annotations

import pytest

from tests.screen_kit import screen_text, settle, wait_for
from tui import resources
from tui.app import OvertableApp
from tui.screens.rules import RulesScreen


def top_line(app) -> str:
    """The first line of the rules on screen (under the header)."""
    return screen_text(app).splitlines()[1][:76].strip()  # not the scrollbar


def headings(game: str) -> list[str]:
    text = resources.rules_text(game)
    return [line.lstrip("#").strip() for line in text.splitlines()
            if line.startswith(("## ", "### "))]


@pytest.mark.parametrize("game", ["boss-quest", "overstocked"])
async def test_brackets_step_through_the_sections(game, tmp_path, monkeypatch):
    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    app = OvertableApp(bot_delay=0, theme_name="textual-dark")
    async with app.run_test(size=(80, 24)) as pilot:
        app.action_rules(game)
        await wait_for(pilot, lambda: isinstance(app.screen, RulesScreen))
        # the footer is drawn a frame or more later on a loaded machine
        await wait_for(pilot, lambda: "[ ] Section" in (screen_text(app).splitlines() or [""])[-1])
        seen = []
        for _ in range(len(headings(game)) + 6):
            await pilot.press("]")
            await pilot.pause()
            if top_line(app) in seen or top_line(app) not in headings(game):
                break  # the end: the text cannot scroll further
            seen.append(top_line(app))
        wanted = headings(game)
        # every section in order, each at the top until the text's end
        assert seen == wanted[:len(seen)] and len(seen) >= len(wanted) - 3, (seen, wanted)
        await pilot.press("home", "]", "]", "[")
        await pilot.pause()
        assert top_line(app) == wanted[0]


async def _rules(pilot, app, game="boss-quest"):
    app.action_rules(game)
    await wait_for(pilot, lambda: isinstance(app.screen, RulesScreen))
    await wait_for(pilot, lambda: "[ ] Section" in (screen_text(app).splitlines() or [""])[-1])
    return app.screen.query_one("#rules-scroll")


async def test_brackets_say_the_first_and_the_last_section(tmp_path, monkeypatch):
    """`]` on the last section said so; `[` on the first said nothing."""
    from tests.screen_kit import record_notices

    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    app = OvertableApp(bot_delay=0, theme_name="textual-dark")
    async with app.run_test(size=(80, 24)) as pilot:
        said = record_notices(app)
        await _rules(pilot, app)
        await pilot.press("[")
        await pilot.pause()
        assert said == ["That is the first section."]
        assert app.screen.query_one("#rules-scroll").scroll_y == 0


async def test_a_bracket_during_the_scroll_to_the_end_goes_from_the_end(tmp_path, monkeypatch):
    """`G` then `[` at once, the scroll to the end still under way, landed
    on the very top: `[` counts from where the scroll is going."""
    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    app = OvertableApp(bot_delay=0, theme_name="textual-dark")
    async with app.run_test(size=(80, 24)) as pilot:
        scroll = await _rules(pilot, app)
        await pilot.press("G")
        await wait_for(pilot, lambda: scroll.scroll_y == scroll.max_scroll_y > 0)
        await pilot.pause(0.2)
        await pilot.press("[")
        await pilot.pause(0.2)
        wanted = top_line(app)
        assert wanted != "Boss Quest"
        await pilot.press("g")
        await wait_for(pilot, lambda: scroll.scroll_y == 0)
        await pilot.pause(0.2)
        # as keys pressed at once (the pilot's keys wait for the animation)
        app.screen.action_scroll("end")
        app.screen.action_section(-1)
        assert scroll.scroll_y < scroll.max_scroll_y  # the end was still on its way
        await pilot.pause(1.5)
        assert top_line(app) == wanted


@pytest.mark.parametrize(("players", "section"), [(1, "Solo Quest (one knight)"), (2, None)])
async def test_the_rules_open_at_the_matchs_own_section(players, section, tmp_path, monkeypatch):
    """Opened from a Solo Quest, the rules open at its section (near the
    end of Boss Quest's rules: a player paged there); from a match of the
    base game, at the top."""
    from saves.journal import PlayerSpec
    from tui.screens.game import GameScreen

    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    app = OvertableApp(bot_delay=0, theme_name="textual-dark")
    async with app.run_test(size=(80, 24)) as pilot:
        seats = [PlayerSpec("Ann", "human")] + [PlayerSpec("Bob", "bot", "random")] * (players - 1)
        app.new_match("boss-quest", seats)
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
        app.action_rules()
        await wait_for(pilot, lambda: isinstance(app.screen, RulesScreen))
        await pilot.pause()
        await pilot.pause()
        scroll = app.screen.query_one("#rules-scroll")
        if section is None:
            assert scroll.scroll_y == 0
        else:
            assert top_line(app) == section


#: a key as each game's rules write it, between backquotes
RULES_KEY_WORDS = {
    "right_square_bracket": "]", "left_square_bracket": "[", "plus": "+", "minus": "-",
    "pageup": "PgUp", "pagedown": "PgDn", "escape": "Escape",
}
#: keys the rules give in words ("arrows and Enter", Tab between places)
RULES_IN_WORDS = {"up", "down", "left", "right", "enter", "tab", "shift+tab"}


def keys_section(game: str) -> str:
    """The rules' list of keys: from the heading that names them to the next."""
    text = resources.rules_text(game)
    start = next(i for i, line in enumerate(text.splitlines())
                 if line.startswith("## ") and "keys" in line.lower())
    lines = text.splitlines()[start + 1:]
    end = next((i for i, line in enumerate(lines) if line.startswith("## ")), len(lines))
    return "\n".join(lines[:end])


@pytest.mark.parametrize("game", ["boss-quest", "overboss-duel", "overstocked", "overseers"])
def test_every_key_of_a_table_is_in_its_rules_key_list(game):
    """The rules end with their game's keys (README): they missed `]`, `[`,
    `z`, `n`, Boss Quest's `c` and Overseers' `l`. Every key a table binds
    is there, so that they keep in step."""
    import re

    from textual.binding import Binding

    from tui.games import screen_class

    missing = set()
    section = keys_section(game)
    digits = {str(n) for low, high in re.findall(r"`(\d)`\s*[–-]\s*`(\d)`", section)
              for n in range(int(low), int(high) + 1)}
    for cls in screen_class(game).__mro__:
        if not cls.__module__.startswith("tui.") or "BINDINGS" not in cls.__dict__:
            continue
        for binding in cls.__dict__["BINDINGS"]:
            binding = binding if isinstance(binding, Binding) else Binding(*binding)
            key = binding.key.split(",")[0]
            if not binding.description or key in RULES_IN_WORDS:
                continue
            if key in digits:
                continue
            if f"`{RULES_KEY_WORDS.get(key, key)}`" not in section:
                missing.add(key)
    assert not missing, missing


async def test_the_footer_names_n_for_the_next_games_rules(tmp_path, monkeypatch):
    """Play-test: the footer read "q Back  [ ] Section  f1 Help", and only F1
    told that n goes to the next game's rules; at 80 columns it fits."""
    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    app = OvertableApp(bot_delay=0, theme_name="textual-dark")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.action_rules("overboss-duel")
        await wait_for(pilot, lambda: isinstance(app.screen, RulesScreen)
                       and app.screen.is_mounted)
        # (waited for: a loaded machine drew the footer after a fixed pause)
        await wait_for(pilot, lambda: "q Back" in screen_text(app).splitlines()[-1])
        footer = screen_text(app).splitlines()[-1]
    assert "q Back" in footer and "n Next game" in footer, footer


async def test_r_at_home_on_continue_opens_the_latest_matchs_rules(tmp_path, monkeypatch):
    """Play-test: r on the home screen opened Boss Quest's rules whatever
    was highlighted but a game's own line; on Continue (or a line of no
    game) it opens the rules of the match there is to continue."""
    from saves.journal import PlayerSpec
    from saves.match import Match
    from tui.screens.home import HomeScreen

    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    Match.new("overboss-duel", [PlayerSpec("Ann", "human", None),
                                PlayerSpec("Bram", "human", None)]).close()
    app = OvertableApp(bot_delay=0, theme_name="textual-dark")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen)
                       and app.screen.latest_checked)
        menu = app.screen.query_one("#home-menu")
        menu.highlighted = menu.get_option_index("continue")
        await pilot.press("r")
        await wait_for(pilot, lambda: isinstance(app.screen, RulesScreen))
        assert app.screen.game_id == "overboss-duel"
        await pilot.press("q")
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
        menu = app.screen.query_one("#home-menu")
        menu.highlighted = menu.get_option_index("saved")
        await pilot.press("r")
        await wait_for(pilot, lambda: isinstance(app.screen, RulesScreen))
        assert app.screen.game_id == "overboss-duel"


async def test_boss_quests_rules_show_each_colours_letter(tmp_path, monkeypatch):
    """Play-test bqall, finding 12b: "Each colour has a letter, always shown
    beside it: Red, Blue, Yellow, Purple, Green." showed no letter (only
    bold marked it, which a screen reader or a plain terminal drops): the
    rules name each letter, as the board shows it ("R5")."""
    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    app = OvertableApp(bot_delay=0, theme_name="textual-dark")
    async with app.run_test(size=(200, 50)) as pilot:
        await _rules(pilot, app)
        await pilot.pause()
        text = " ".join(screen_text(app).split())
    assert "Red (R), Blue (B), Yellow (Y), Purple (P), Green (G)." in text, text


def test_overstockeds_rules_name_the_empty_crate_as_the_table_draws_it():
    """Play-test: the rules' components said an empty crate is "(`.`)"
    while the table, F1 and the rules' own key to the areas draw "·"."""
    from tui.screens.overstocked import OverstockedScreen
    from tui.screens.overstocked_area import EMPTY_CRATE

    text = resources.rules_text("overstocked")
    assert f"an **empty crate** (`{EMPTY_CRATE}`)" in text
    assert f"`{EMPTY_CRATE}` an empty crate" in text
    assert "`.`" not in text
    assert (EMPTY_CRATE, "An empty crate: may be covered freely") in OverstockedScreen.HELP_SYMBOLS
