"""The shared action bar (tui/widgets/actionbar.py): a cursor kept across
new choices stays on the same action, not on the same place. The Solo
Quest's play-test: the list closed up as spells were played, and the
highlight, kept by place, stood on another action than the one the
player had put it on; every game's bar kept it so (Overboss Duel's and
Overstocked's keep it for each redraw)."""

from __future__ import annotations

from textual.app import App, ComposeResult

from tui.widgets import ActionBar, Choice


class BarApp(App):
    def compose(self) -> ComposeResult:
        yield ActionBar(id="bar")


def labels_at_cursor(bar: ActionBar) -> str:
    return bar.choices[bar.cursor].label


async def test_a_kept_cursor_stays_on_the_same_action_when_the_list_shrinks():
    async with BarApp().run_test(size=(80, 10)) as pilot:
        bar = pilot.app.query_one(ActionBar)
        bar.set_choices([Choice("1", "Token A", ("token", "A")),
                         Choice("2", "Token B", ("token", "B")),
                         Choice("e", "End turn", "end"), Choice("s", "Skip", "skip")])
        bar.move_to(2)
        assert labels_at_cursor(bar) == "End turn"
        # the tokens go: End turn is still offered, the cursor stays on it
        # (by place it fell on Skip)
        bar.set_choices([Choice("e", "End turn", "end"), Choice("s", "Skip", "skip")],
                        keep_cursor=True)
        assert labels_at_cursor(bar) == "End turn"
        # choices come before it: it follows its action
        bar.set_choices([Choice("x", "Use a Spire", "spire"), Choice("e", "End turn", "end"),
                         Choice("s", "Skip", "skip")], keep_cursor=True)
        assert labels_at_cursor(bar) == "End turn"
        # its action gone: the first choice, not the one now in its place
        bar.move_to(2)
        bar.set_choices([Choice("x", "Use a Spire", "spire"), Choice("e", "End turn", "end")],
                        keep_cursor=True)
        assert labels_at_cursor(bar) == "Use a Spire"
        await pilot.pause()


async def test_a_kept_cursor_follows_a_letter_key_whose_action_changed():
    """Boss Quest at the Wizard: "a Activate X / x Discard X" name the spell
    highlighted; another spell highlighted, the cursor stays on Discard. A
    number key is a place in a list, not an action: it is not followed."""
    async with BarApp().run_test(size=(80, 10)) as pilot:
        bar = pilot.app.query_one(ActionBar)
        bar.set_choices([Choice("a", "Activate HP+1", ("act", 0)),
                         Choice("x", "Discard HP+1", ("dis", 0))])
        bar.move_to(1)
        bar.set_choices([Choice("a", "Activate HP-1", ("act", 1)),
                         Choice("x", "Discard HP-1", ("dis", 1))], keep_cursor=True)
        assert labels_at_cursor(bar) == "Discard HP-1"
        # its action disabled: the first one enabled
        bar.set_choices([Choice("a", "Activate Cancel", ("act", 2)),
                         Choice("x", "Discard Cancel", ("dis", 2), enabled=False)],
                        keep_cursor=True)
        assert labels_at_cursor(bar) == "Activate Cancel"
        bar.set_choices([Choice("1", "Ask 1", 1), Choice("2", "Ask 2", 2)])
        bar.move_to(1)
        bar.set_choices([Choice("1", "Spot A", "a"), Choice("2", "Spot B", "b")],
                        keep_cursor=True)
        assert bar.cursor == 0
        # without keep_cursor: the first, as before
        bar.move_to(1)
        bar.set_choices([Choice("1", "Spot A", "a"), Choice("2", "Spot B", "b")])
        assert bar.cursor == 0
        await pilot.pause()


async def test_a_cursor_left_on_the_first_choice_by_default_stays_first():
    """A cursor the player (or the screen) never put anywhere rests on the
    first choice, and a kept one stays first: Overboss Duel's bar offered
    "Reveal Boss" alone while drafting, then "End turn" before it; a
    cursor that followed "Reveal Boss" put it under an Enter meant to end
    the turn."""
    async with BarApp().run_test(size=(80, 10)) as pilot:
        bar = pilot.app.query_one(ActionBar)
        bar.set_choices([Choice("r", "Reveal Boss", "reveal")], keep_cursor=True)
        bar.set_choices([Choice("e", "End turn", "end_turn"), Choice("r", "Reveal Boss", "reveal")],
                        keep_cursor=True)
        assert labels_at_cursor(bar) == "End turn"
        bar.focus()
        await pilot.press("right")  # put on Reveal Boss by the player: it follows it
        bar.set_choices([Choice("x", "Use a Spire", "spire"), Choice("e", "End turn", "end_turn"),
                         Choice("r", "Reveal Boss", "reveal")], keep_cursor=True)
        assert labels_at_cursor(bar) == "Reveal Boss"


async def test_a_choice_with_no_key_is_marked_enter_only_while_highlighted():
    """Boss Quest's play-test: every choice with no key of its own was
    marked "↵", so the Owl's three choices read as Enter's while Enter
    asked for a weapon (the highlighted choice). A choice with key "" shows
    ↵ only as the focused bar's highlighted choice: what Enter does."""
    async with BarApp().run_test(size=(80, 10)) as pilot:
        bar = pilot.app.query_one(ActionBar)
        bar.set_choices([Choice("1", "Ask 1", "ask"), Choice("", "Look", "look"),
                         Choice("", "Peek", "peek")])
        bar.focus()
        await pilot.pause()
        assert "↵" not in bar.render().plain
        bar.move_to(2)
        await pilot.pause()
        text = bar.render().plain
        assert "↵ Peek" in text and "↵ Look" not in text and "   Look" in text
        pilot.app.set_focus(None)  # unfocused, Enter does none of them
        await pilot.pause()
        assert "↵" not in bar.render().plain


class ScreenUpApp(App):
    """A screen with Up and Down of its own (Boss Quest's Up goes back to
    the list picked from; Overboss Duel's to the market)."""

    BINDINGS = [("up", "screen_key('up')", "Up"), ("down", "screen_key('down')", "Down")]

    def __init__(self) -> None:
        super().__init__()
        self.screen_keys: list[str] = []

    def compose(self) -> ComposeResult:
        yield ActionBar(id="bar")

    def action_screen_key(self, key: str) -> None:
        self.screen_keys.append(key)


async def test_up_and_down_move_between_the_lines_of_a_wrapped_bar():
    """The play-test's Swap companions list wrapped onto many lines at 80x24
    and only Left and Right moved along it (13 presses to a choice three
    lines down). Up and Down go to the nearest choice on the line above or
    below; on the first or last line they are the screen's, as before."""
    app = ScreenUpApp()
    async with app.run_test(size=(40, 10)) as pilot:
        bar = pilot.app.query_one(ActionBar)
        bar.set_choices([Choice("", f"Choice number {n}", n) for n in range(6)])
        bar.focus()
        await pilot.pause()
        lines = bar.render().plain.splitlines()
        assert len(lines) == 3 and "number 0" in lines[0] and "number 1" in lines[0]
        await pilot.press("right")  # number 1, on the right of the first line
        await pilot.press("down")
        assert bar.cursor == 3  # below it, not number 2
        await pilot.press("down")
        assert bar.cursor == 5
        assert app.screen_keys == []
        await pilot.press("down")  # the last line: the screen's key
        assert bar.cursor == 5 and app.screen_keys == ["down"]
        await pilot.press("up", "up")
        assert bar.cursor == 1
        await pilot.press("up")  # the first line: the screen's key
        assert bar.cursor == 1 and app.screen_keys == ["down", "up"]


async def test_up_and_down_skip_disabled_choices_and_follow_a_scrolled_bar():
    """A bar cut by its height (▲/▼ marks) moves line by line too, keeping
    the highlighted choice in sight; a line with only disabled choices is
    passed over."""
    app = ScreenUpApp()
    async with app.run_test(size=(40, 10)) as pilot:
        bar = pilot.app.query_one(ActionBar)
        bar.styles.max_height = 2
        # (two to a line in the 38 cells left beside the marks)
        choices = [Choice("", f"Choice no. {n}", n, enabled=n not in (2, 3))
                   for n in range(8)]
        bar.set_choices(choices)
        bar.focus()
        await pilot.pause()
        await pilot.press("down")
        assert bar.cursor == 4  # the line of 2 and 3 has nothing to choose
        await pilot.press("down")
        await pilot.pause()
        assert bar.cursor == 6
        assert "no. 6" in bar.render().plain
        await pilot.press("up", "up")
        await pilot.pause()
        assert bar.cursor == 0 and app.screen_keys == []


async def test_enter_leaves_the_footer_while_nothing_is_highlighted_and_says_why():
    """A bar that starts with nothing highlighted (Overseers' admission,
    Boss Quest's decisions for good): Enter chooses nothing until an arrow
    puts the cursor on a choice, so the footer offers no "↵ Do it" then (a
    play-test saw it offered), and an Enter pressed says why, every time."""
    from tests.screen_kit import record_notices

    chosen: list[Choice] = []

    class ChoosingApp(BarApp):
        def on_action_bar_chosen(self, message: ActionBar.Chosen) -> None:
            chosen.append(message.choice)

    async with ChoosingApp().run_test(size=(80, 10)) as pilot:
        notices = record_notices(pilot.app)
        bar = pilot.app.query_one(ActionBar)
        bar.set_choices([Choice("1", "Discard card 1", 1), Choice("2", "Discard card 2", 2)])
        bar.cursor = -1
        bar.focus()
        await pilot.pause()

        def footer_enter() -> bool:
            return any(active.binding.key == "enter"
                       for active in pilot.app.screen.active_bindings.values())

        assert not footer_enter()
        for _ in range(2):
            await pilot.press("enter")
            await pilot.pause()
        assert chosen == []
        assert [n for n in notices if n.startswith("Nothing is highlighted yet")] == [
            "Nothing is highlighted yet: pick a choice by its key, or ←→ then Enter."] * 2
        await pilot.press("right")  # the highlight on the first choice
        await pilot.pause()
        assert bar.cursor == 0 and footer_enter()
        await pilot.press("enter")
        await pilot.pause()
        assert [c.label for c in chosen] == ["Discard card 1"]
