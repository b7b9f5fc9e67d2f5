"""A node's style rules taken from the memo by its path (tui/style_memo.py)
are those Textual works out: on a small app whose rules follow a parent's
class and the focus, and on every game's real screen through a match's
updates (the focus moving, panels lit and put out)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from textual.app import App, ComposeResult
from textual.containers import Vertical
from textual.css.stylesheet import Stylesheet
from textual.widgets import Static

from benchmarks.screen_update import TABLES, updates
from tests.screen_kit import settle
from tui import style_memo
from tui.app import OvertableApp


def rules_of(node: Any) -> tuple[dict, dict]:
    """A node's own rules and its component classes' rules."""
    return (dict(node.styles.base._rules),
            {name: dict(styles.base._rules) for name, styles in node._component_styles.items()})


def textual_rules(app: App, monkeypatch: pytest.MonkeyPatch) -> dict[Any, tuple[dict, dict]]:
    """Every node of the screen as Textual's own `apply` styles it."""
    with monkeypatch.context() as patch:
        patch.setattr(Stylesheet, "apply", style_memo._apply)
        found = {}
        for node in app.screen.walk_children(with_self=True):
            app.stylesheet.apply(node)
            found[node] = rules_of(node)
        return found


def assert_styled_as_textual_would(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    shown = {node: rules_of(node) for node in app.screen.walk_children(with_self=True)}
    assert textual_rules(app, monkeypatch) == shown


class Lit(App):
    CSS = """
    .panel { border: solid blue; }
    .panel.-lit { border: heavy yellow; }
    .panel.-lit Static { color: red; }
    Static:focus { background: green; }
    """

    def compose(self) -> ComposeResult:
        for n in range(2):
            with Vertical(classes="panel", id=f"panel{n}"):
                yield Static(f"one {n}", id=f"one{n}")
                yield Static(f"two {n}", id=f"two{n}")

    def on_mount(self) -> None:
        for static in self.query(Static):
            static.can_focus = True


async def test_rules_come_back_from_the_memo_as_textual_finds_them(monkeypatch):
    style_memo.memo_styles()
    app = Lit()
    async with app.run_test(size=(40, 12)) as pilot:
        found_by_textual = []
        apply = style_memo._apply

        def counting(sheet, node, *args, **kwargs):
            found_by_textual.append(node)
            return apply(sheet, node, *args, **kwargs)

        monkeypatch.setattr(style_memo, "_apply", counting)
        panel = app.query_one("#panel0")
        one = app.query_one("#one0", Static)
        for _ in range(3):
            panel.add_class("-lit")
            await pilot.pause()
            assert one.styles.color.rgb == (255, 0, 0)
            assert panel.styles.border.top[0] == "heavy"
            one.focus()
            await pilot.pause()
            assert one.styles.background.rgb == (0, 128, 0)
            panel.remove_class("-lit")
            app.query_one("#two1", Static).focus()
            await pilot.pause()
            assert one.styles.color.rgb != (255, 0, 0)
            assert one.styles.background.rgb != (0, 128, 0)
            assert panel.styles.border.top[0] == "solid"
            assert_styled_as_textual_would(app, monkeypatch)
        # the first round worked the new paths out; the next two were memo hits
        first = len(found_by_textual)
        assert first > 0
        panel.add_class("-lit")
        one.focus()
        await pilot.pause()
        assert len(found_by_textual) == first


@pytest.mark.parametrize("game_id, players", TABLES)
async def test_every_game_screen_is_styled_as_textual_would_through_a_match(
        game_id, players, monkeypatch):
    from core import GAMES
    from host.wire import codec
    from tui.games import screen_class

    class Port:
        def send(self, command: Any) -> None:
            pass

    wire = codec(GAMES[game_id])
    screen = screen_class(game_id)(Port())

    class Shown(OvertableApp):
        async def on_mount(self) -> None:
            await self.push_screen(screen)

    app = Shown(theme_name="textual-dark")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for n, line in enumerate(updates(game_id, players, 40)):
            screen.show(wire.update_from_dict(json.loads(line)))
            await pilot.pause()
            if app.screen is not screen:  # a dialog over the table (a combat)
                assert_styled_as_textual_would(app, monkeypatch)
                while app.screen is not screen:
                    app.pop_screen()
                    await pilot.pause()
            if n % 8 == 7:
                assert_styled_as_textual_would(app, monkeypatch)
