"""A one-line bar of choices: ``[1 Ask 1] [2 Ask 2] [w Wizard]``.

Game-agnostic. Each `Choice` shows its key and a label; left/right move the
cursor (up/down too, between the lines of a wrapped bar), Enter or a click chooses (`ActionBar.Chosen`, carrying the choice's
`value`). The keys themselves are bound by the screen: the bar only shows
them, so a player sees the same key in the bar and in the footer. A choice
with no key of its own (key "") shows ``↵`` only while it is the highlighted
one of a focused bar, the one Enter does: a ``↵`` on every such choice read
as Enter doing any of them.

Choices wrap onto more lines than the bar may have (a screen gives it a
`max-height`): the bar then shows the lines around the cursor, with ``▲`` /
``▼`` at the right where more lie above or below, so the highlighted
choice, the one Enter carries out, is always in sight.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.message import Message
from textual.reactive import reactive

from tui.bindings import relabel
from tui.widgets.cursor import CursorWidget, flow
from tui.widgets.hints import hint, withdraw_hints
from tui.widgets.quiet import content_key, relayout_if_resized

#: what Enter says (and F1 says of it) while a bar has nothing highlighted,
#: unless its screen words it for the decision (`ActionBar.unpicked`)
NOTHING_HIGHLIGHTED = "Nothing is highlighted yet: pick a choice by its key, or ←→ then Enter."


#: Enter's word in the footer, unless the highlighted choice has its own
ENTER_WORD = "Do it"


@dataclass(frozen=True)
class Choice:
    #: the key that makes this choice; "" for none (Enter when highlighted)
    key: str
    label: str
    value: Any = None
    enabled: bool = True
    #: Enter's word in the footer while this choice is highlighted
    #: ("Activate"); "" for the bar's "Do it". A play-test at the Wizard
    #: read "↵ Do it" and could not tell that it activated, not discarded
    verb: str = ""


def _same_choice(old: Choice, choices: Sequence[Choice]) -> int | None:
    """Where `old` stands among `choices`, enabled: the one choice with its
    value, else the one with its letter key (the same key, another value:
    "x Discard" of the spell now highlighted; a number key names a place in
    a list, not an action), else None."""
    def only(matches: list[int]) -> int | None:
        return matches[0] if len(matches) == 1 and choices[matches[0]].enabled else None

    if old.value is not None:
        found = only([i for i, c in enumerate(choices) if c.value == old.value])
        if found is not None:
            return found
        if any(c.value == old.value for c in choices):
            return None
    if old.key.isalpha():
        return only([i for i, c in enumerate(choices) if c.key == old.key])
    return None


class ActionBar(CursorWidget):
    DEFAULT_CSS = """
    ActionBar {
        height: auto;
        width: 1fr;
    }
    ActionBar > .actionbar--choice {
        background: $boost;
    }
    ActionBar > .actionbar--cursor {
        text-style: bold reverse;
    }
    """

    COMPONENT_CLASSES = {"actionbar--choice", "actionbar--cursor"}

    BINDINGS = [
        Binding("left", "move(-1)", "Left", show=False, tooltip="Move between the actions"),
        Binding("right", "move(1)", "Right", show=False, tooltip="Move between the actions"),
        # between the lines of a wrapped bar; on its first or last line the
        # key is the screen's (`check_action`)
        Binding("up", "line(-1)", "Up", show=False, tooltip="Move between the lines of actions"),
        Binding("down", "line(1)", "Down", show=False,
                tooltip="Move between the lines of actions"),
        Binding("enter", "choose", ENTER_WORD, key_display="↵"),
    ]

    def help_text(self, binding: Binding) -> str | None:
        """F1 names what Enter does now: the highlighted action, or why it
        does nothing yet (`enter_held`)."""
        if binding.action != "choose":
            return None
        if held := self.why_enter_held():
            return held
        if self.nothing_highlighted():
            return self.unpicked or NOTHING_HIGHLIGHTED
        choices = self._choices
        if 0 <= self.cursor < len(choices) and choices[self.cursor].enabled:
            return f"{choices[self.cursor].label} (the highlighted action)"
        return "Do the highlighted action"

    class Chosen(Message):
        """`choice` was chosen (Enter, a click or `choose`)."""

        def __init__(self, bar: ActionBar, choice: Choice) -> None:
            super().__init__()
            self.bar = bar
            self.choice = choice
            #: the choices as they were when chosen (`stale`)
            self.choices = tuple(bar.choices)

        @property
        def control(self) -> ActionBar:
            return self.bar

        @property
        def stale(self) -> bool:
            """The bar's choices changed between the key and its handling
            (a new decision came under it): the choice was made on one the
            player no longer sees."""
            return tuple(self.bar.choices) != self.choices

    cursor: reactive[int] = reactive(0)
    #: a bar always offers its choices
    picking: reactive[bool] = reactive(True)

    def __init__(self, choices: Sequence[Choice] = (), *, empty: str | Text = "",
                 name: str | None = None, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self._choices: tuple[Choice, ...] = tuple(choices)
        #: what the bar reads with no choices (dim italic, unless a Text)
        self.empty: str | Text = empty
        self._places: list[tuple[int, int, int]] = []
        self._shown: object = None
        #: the first line shown when the choices have more lines than the bar
        self._top = 0
        #: the cursor was put on its choice, not left on the first by default
        self._placed = False
        #: another screen (a dialog) is on top of the bar's
        self._covered = False
        #: what an Enter says while nothing is highlighted (the screen's
        #: words for the decision, naming its keys); "" for the usual
        self.unpicked = ""
        #: Enter's word in the footer now (`_name_enter`)
        self._enter_word = ENTER_WORD

    @property
    def choices(self) -> tuple[Choice, ...]:
        return self._choices

    def on_mount(self) -> None:
        self.app.screen_change_signal.subscribe(self, self._screen_changed)

    def _screen_changed(self, screen: object) -> None:
        # A dialog (help, a confirmation) leaves its screen in sight around
        # its box, and its own footer covers the game's keys, but not the
        # bar's: at 80x24 "e End turn" showed in the row under the help's
        # box, a key that does nothing there. Hidden (its room kept, nothing
        # moves; its focus and keys stay for when the dialog closes) while
        # another screen is on top.
        covered = screen is not self.screen
        if covered != self._covered:
            self._covered = covered
            self.refresh()

    def allow_focus(self) -> bool:
        # An empty bar stays on screen (so the screen does not move at every
        # turn) but is no stop for Tab: there is nothing on it to choose.
        return bool(self._choices) and super().allow_focus()

    def set_choices(self, choices: Sequence[Choice], *, keep_cursor: bool = False) -> None:
        """Show `choices`; the cursor goes to the first enabled one, unless
        `keep_cursor` and the choice it was put on (by the player, or by the
        screen's `move_to`) is still offered (enabled): then it stays on
        that choice, wherever the choice now stands. It
        was kept by place: when choices before it went (a spell played, a
        power spent), the list closed up and the cursor stood on another
        action than the one the player had put it on."""
        before = self._choices[self.cursor] if 0 <= self.cursor < len(self._choices) else None
        self._choices = tuple(choices)
        # (only a cursor put on its choice, by the player or the screen:
        # one resting on the first choice by default stays on the first, or
        # "Reveal Boss", alone on the bar, kept the cursor when "End turn"
        # came before it, and an Enter meant to end the turn revealed)
        keep = keep_cursor and self._placed and before is not None
        same = _same_choice(before, self._choices) if keep and before else None
        if same is not None:
            self.cursor = same
        else:
            self._settle_cursor(keep=False)
            self._placed = False
        if self._name_enter():  # new choices under a cursor that stayed put
            self.refresh_bindings()
        # the same choices again (most updates): the cursor's own refresh will do
        shown = (content_key(self._choices), self.picking, self.empty)
        if shown != self._shown:
            self._shown = shown
            relayout_if_resized(self)

    def _items(self) -> tuple[Choice, ...]:
        return self._choices

    # The cursor put on a choice (not left on the first by default): a kept
    # cursor follows that choice (`set_choices`).

    def move_to(self, index: int) -> None:
        super().move_to(index)
        self._placed = True

    def action_move(self, step: int) -> None:
        super().action_move(step)
        self._placed = True

    def action_first(self) -> None:
        super().action_first()
        self._placed = True

    def action_last(self) -> None:
        super().action_last()
        self._placed = True

    def select(self, index: int | None = None) -> None:
        super().select(index)
        self._placed = True

    def nothing_highlighted(self) -> bool:
        """A bar that starts with nothing highlighted (a decision for good)
        and still has nothing highlighted: Enter chooses nothing until an
        arrow or a click puts the cursor on a choice."""
        return self.cursor < 0 and self.picking and bool(self.enabled_indexes())

    def watch_cursor(self, old: int, new: int) -> None:
        super().watch_cursor(old, new)
        if (old < 0) != (new < 0) or self._name_enter():
            self.refresh_bindings()  # "↵ Do it" leaves or comes back (`check_action`)

    def _name_enter(self) -> bool:
        """Give Enter the highlighted choice's word (`Choice.verb`), or
        "Do it"; whether the word changed."""
        choices = self._choices
        chosen = choices[self.cursor] if 0 <= self.cursor < len(choices) else None
        word = (chosen.verb if chosen is not None else "") or ENTER_WORD
        if word == self._enter_word:
            return False
        self._enter_word = word
        relabel(self, "choose", word)
        return True

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "choose" and self.nothing_highlighted():
            # the footer offers no "↵ Do it" that does nothing, as it offers
            # no u with nothing to take back; the Enter is still answered
            # (`on_key`)
            return False
        if action == "line":
            step = parameters[0] if parameters and isinstance(parameters[0], int) else 1
            return self.picking and self._line_target(step) is not None
        return super().check_action(action, parameters)

    def action_line(self, step: int) -> None:
        target = self._line_target(step)
        if target is not None:
            self.move_to(target)

    def has_line(self, step: int) -> bool:
        """Whether the bar has a line of choices above (`step` -1) or below
        (1) the cursor's, as drawn: there ↑↓ are the bar's own."""
        return self._line_target(step) is not None

    def _line_target(self, step: int) -> int | None:
        """The enabled choice nearest the cursor's column on the next line
        above (`step` -1) or below (1) that has one, as the bar is drawn."""
        width = self.content_region.width or self.size.width
        lines, places = self._layout(width)
        rows = self.content_region.height
        if 0 < rows < len(lines):
            lines, places = self._layout(width - 2)  # as `_window` lays it out
        if not 0 <= self.cursor < len(places):
            return None
        line, x0, _ = places[self.cursor]
        enabled = self.enabled_indexes()
        target = line + step
        while 0 <= target < len(lines):
            here = [i for i in enabled if places[i][0] == target]
            if here:
                return min(here, key=lambda i: (abs(places[i][1] - x0), i))
            target += step
        return None

    def _post_selected(self, index: int) -> None:
        withdraw_hints(self)  # they were about the prompt this choice answers
        self.post_message(self.Chosen(self, self._choices[index]))

    def choose(self, index: int | None = None) -> None:
        self.select(index)

    def action_choose(self) -> None:
        if self.nothing_highlighted():
            self._say_nothing_highlighted()
            return
        self.select()

    def on_key(self, event: events.Key) -> None:
        # (before the bindings: "choose" is off while nothing is
        # highlighted, and the Enter would go unanswered)
        if event.key == "enter" and self.nothing_highlighted():
            event.stop()
            event.prevent_default()
            self._say_nothing_highlighted()

    def _say_nothing_highlighted(self) -> None:
        # a bar that starts with nothing highlighted (a decision for
        # good): the Enter is not lost in silence
        hint(self, self.unpicked or NOTHING_HIGHLIGHTED, timeout=None)

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        event.stop()
        for index, (line, x0, x1) in enumerate(self._places):
            if line == offset.y and x0 <= offset.x <= x1:
                self.choose(index)
                return

    def rows_for(self, labels: Sequence[str], width: int) -> int:
        """The lines the bar would take at `width` with choices `labels`
        (a screen weighing a longer wording against its room)."""
        return len(self._layout(width, [Choice("·", label, None) for label in labels])[0])

    def _layout(self, width: int, choices: Sequence[Choice] | None = None,
                ) -> tuple[list[Text], list[tuple[int, int, int]]]:
        width = max(1, width)
        choice_style = self.get_component_rich_style("actionbar--choice")
        cursor_style = self.get_component_rich_style("actionbar--cursor")
        pieces = []
        for i, choice in enumerate(self._choices if choices is None else choices):
            piece = Text(end="")
            key = choice.key or ("↵" if i == self.cursor and self.has_focus else " ")
            piece.append(f" {key} ", style="bold")
            piece.append(f"{choice.label} ")
            if not choice.enabled:
                piece.stylize("dim strike")
            elif i == self.cursor and self.has_focus:
                piece.stylize(cursor_style)
            else:
                piece.stylize(choice_style)
            pieces.append(piece)
        return flow(pieces, width)

    def get_content_height(self, container, viewport, width: int) -> int:  # noqa: ANN001
        return len(self._layout(width)[0])

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()

    def render(self) -> Text:
        if self._covered:
            return Text("")
        if not self._choices:
            # (a Text keeps its own styles: a key named beside the words)
            return self.empty.copy() if isinstance(self.empty, Text) else Text(
                self.empty, style="dim italic")
        width = self.content_region.width or self.size.width
        lines, self._places = self._layout(width)
        rows = self.content_region.height
        if rows <= 0 or len(lines) <= rows:
            self._top = 0
            return Text("\n", end="").join(lines)
        return self._window(width, rows)

    def _window(self, width: int, rows: int) -> Text:
        """The `rows` lines around the cursor, laid out two cells narrower
        for the marks of lines out of sight: a bar cut by its height hid
        its last choices, and Enter did one the player could not see."""
        lines, places = self._layout(width - 2)
        line = places[self.cursor][0] if 0 <= self.cursor < len(places) else self._top
        top = min(max(self._top, line - rows + 1), line, len(lines) - rows)
        self._top = top = max(0, top)
        # a click lands on a line in sight only
        self._places = [(y - top, x0, x1) if top <= y < top + rows else (-1, x0, x1)
                        for y, x0, x1 in places]
        shown = lines[top:top + rows]
        marks = [" "] * rows
        if top:
            marks[0] = "▲"
        if top + rows < len(lines):
            marks[-1] = "▼"  # (one line: more below matters more)
        out = []
        for text, mark in zip(shown, marks, strict=True):
            text.pad_right(max(0, width - 2 - text.cell_len))
            text.append(f" {mark}", style="bold")
            out.append(text)
        return Text("\n", end="").join(out)
