"""The game log: the table's public log lines, newest at the bottom.

Game-agnostic. `set_lines` takes the whole log each time (the shell sends
it with every update). The log keeps its entries as text and wraps them at
the width it is drawn at, every time it is drawn: when the panel narrows
(a neighbouring panel appears, the terminal shrinks) or widens, every line
is wrapped again, so no word is ever cut off. A line-API widget: only the
rows in sight are rendered.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from rich.cells import chop_cells
from rich.style import Style
from rich.text import Text
from textual.geometry import Region, Size
from textual.scroll_view import ScrollView
from textual.strip import Strip

from tui.widgets.scrollbars import KeptScrollBars

#: how many of the newest lines the log keeps (older ones scroll away)
KEEP = 500


class GameLog(KeptScrollBars, ScrollView, can_focus=True):
    DEFAULT_CSS = """
    GameLog {
        height: 1fr;
        min-height: 2;
        background: $surface;
        color: $foreground;
        scrollbar-size-vertical: 1;
        overflow-x: hidden;
        overflow-y: scroll;
        &:focus {
            background-tint: $foreground 5%;
        }
    }
    """

    def __init__(self, *, name: str | None = None, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self._shown: tuple[str, ...] = ()
        #: the entries drawn (the newest KEEP)
        self._entries: tuple[str, ...] = ()
        #: each entry wrapped at `_wrapped_at` columns (0: not yet), its rows
        self._wrapped: list[list[Strip]] = []
        #: every row, oldest first
        self._rows: list[Strip] = []
        self._wrapped_at = 0
        #: the rows' count is in the scrollbars already (no layout pending),
        #: so following the newest line can scroll at once
        self._sized_in_place = False
        #: the widget's style while `render_lines` draws (worked out from
        #: the ancestors once, not for every row)
        self._drawing_style: Style | None = None
        #: the player scrolled back from the newest lines (keys, wheel,
        #: scrollbar): new lines come in without moving their place, until
        #: they scroll back to the end or `follow` is called
        self.held = False

    @property
    def shown(self) -> tuple[str, ...]:
        return self._shown

    @property
    def rows(self) -> tuple[str, ...]:
        """The rows as drawn now (each entry wrapped at the current width)."""
        self._wrap()
        return tuple(strip.text.rstrip() for strip in self._rows)

    @property
    def newest_rows(self) -> int:
        """The rows the newest entry takes as drawn now (a long one wraps)."""
        self._wrap()
        return len(self._wrapped[-1]) if self._wrapped else 0

    def newest_span(self) -> tuple[int, int]:
        """The rows (of all rows) of what a notice over the log keeps in
        sight, its first and the one past its last: the newest entry, every
        row it wraps over."""
        self._wrap()
        return len(self._rows) - self.newest_rows, len(self._rows)

    def set_lines(self, lines: Sequence[str]) -> None:
        lines = tuple(lines)
        if lines == self._shown:
            return
        old, self._shown = self._shown, lines
        if (self._wrapped_at and lines[: len(old)] == old
                and self._wrapped_at == self._width()):
            # new lines only (the usual case): wrap just those
            new = lines[len(old):]
            first_new = len(self._rows)
            dropped = len(self._entries) + len(new) > KEEP
            self._entries = (self._entries + new)[-KEEP:]
            self._wrapped.extend(self._wrap_entry(entry, self._wrapped_at) for entry in new)
            del self._wrapped[: max(0, len(self._wrapped) - KEEP)]
            self._set_rows(self._wrapped_at)
            if dropped:
                self.refresh()  # every row moved up
            else:
                # The rows drawn stay as they are: repaint only where the
                # new ones land (following them scrolls the rest, see
                # `watch_scroll_y`).
                self._refresh_rows(first_new, len(self._rows) - first_new)
        else:
            # an undo took lines back, or nothing is wrapped yet
            self._entries = lines[-KEEP:]
            self._wrapped_at = 0
            self._wrap()
            self.refresh()
        self._follow()

    def _refresh_rows(self, first: int, count: int) -> None:
        """Repaint rows `first`... (of all rows) where they are in sight."""
        top = first - self.scroll_offset.y
        region = Region(0, top, self.size.width, count).intersection(self.size.region)
        if region:
            self.refresh(region)

    # -- wrapping --------------------------------------------------------------

    def _width(self) -> int:
        # a cell short of the scrollbar: Textual draws it inside the padding,
        # so a row that filled the width had its last word touching it
        gap = 1 if self.scrollbar_size_vertical else 0
        return max(1, self.scrollable_content_region.width - gap)

    def _wrap(self) -> bool:
        """Wrap the entries at the current width if they are not already.
        True when the rows changed."""
        width = self._width()
        if width == self._wrapped_at or not self.is_mounted:
            return False
        self._wrapped = [self._wrap_entry(entry, width) for entry in self._entries]
        self._wrapped_at = width
        self._set_rows(width)
        return True

    def _wrap_entry(self, entry: str | Text, width: int) -> list[Strip]:
        console = self.app.console
        rows = []
        # an entry may come styled (the recap since your last move, tui/widgets/since.py)
        text = Text(entry, no_wrap=False) if isinstance(entry, str) else entry.copy()
        for line in text.wrap(console, width):
            line.rstrip()
            rows.append(Strip(line.render(console), line.cell_len))
        return rows

    def _set_rows(self, width: int) -> None:
        self._rows = [row for rows in self._wrapped for row in rows]
        size = Size(width, len(self._rows))
        self._sized_in_place = False
        if size == self.virtual_size:
            self._sized_in_place = self.is_mounted
            return
        height = self.styles.height
        if self.is_mounted and height is not None and not height.is_auto:
            # The log's own height does not follow its rows: only its
            # scrollbar and rows change, so skip the screen-wide layout a
            # new virtual size asks for (most of an update's cost over SSH).
            self.set_reactive(GameLog.virtual_size, size)
            self._scroll_update(size)
            self._sized_in_place = True
        else:
            self.virtual_size = size

    def follow(self) -> None:
        """Show the newest lines again (after the player scrolled back)."""
        self.held = False
        self._follow()

    def page(self, pages: int) -> None:
        """The player scrolls a page up (-1) or down (1)."""
        if pages < 0:
            self.scroll_page_up(animate=False)
        else:
            self.scroll_page_down(animate=False)
        self._scrolled_by_player()

    # -- the player's own scrolling: held while back from the end ----------------

    def _scrolled_by_player(self) -> None:
        # (the scroll itself waits for the next refresh: check after it)
        self.call_after_refresh(self._check_held)

    def _check_held(self) -> None:
        # the target, not the place: an animated scroll is still on its way
        self.held = self.scroll_target_y < self.max_scroll_y

    def action_scroll_up(self) -> None:
        super().action_scroll_up()
        self._scrolled_by_player()

    def action_scroll_down(self) -> None:
        super().action_scroll_down()
        self._scrolled_by_player()

    def action_page_up(self) -> None:
        super().action_page_up()
        self._scrolled_by_player()

    def action_page_down(self) -> None:
        super().action_page_down()
        self._scrolled_by_player()

    def action_scroll_home(self) -> None:
        super().action_scroll_home()
        self._scrolled_by_player()

    def action_scroll_end(self) -> None:
        super().action_scroll_end()
        self._scrolled_by_player()

    # (Textual calls every class's handler of a message: Widget's scrolls)
    def on_mouse_scroll_up(self) -> None:
        self._scrolled_by_player()

    def on_mouse_scroll_down(self) -> None:
        self._scrolled_by_player()

    def on_scroll_to(self) -> None:  # the scrollbar dragged
        self._scrolled_by_player()

    def on_scroll_up(self) -> None:  # the scrollbar clicked
        self._scrolled_by_player()

    def on_scroll_down(self) -> None:
        self._scrolled_by_player()

    def _follow(self) -> None:
        # Keep the newest lines in sight: at once when the new rows are
        # already counted (one frame for an update, not three), else after
        # the new size is laid out. Not while the player reads back.
        if self.held:
            return
        if self._sized_in_place:
            self._to_newest(immediate=True)
        else:
            self.call_after_refresh(self._to_newest)

    def _to_newest(self, immediate: bool = False) -> None:
        """The end, or the newest entry's first row where it is taller than
        the view: a long table-talk line in a five-row panel scrolled its
        speaker's name out of sight ("Bob:" went above, and no key scrolls
        the panel)."""
        newest = len(self._wrapped[-1]) if self._wrapped else 0
        height = self.scrollable_content_region.height
        if height and newest > height:
            self.scroll_to(y=len(self._rows) - newest, animate=False, immediate=immediate)
        else:
            self.scroll_end(animate=False, immediate=immediate)

    def on_mount(self) -> None:
        if self._wrap():
            self._follow()

    def on_resize(self) -> None:
        if self._wrap():
            self.refresh()
        self._follow()

    # -- drawing ---------------------------------------------------------------

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        # Textual draws every row of a scrolled widget again; following a
        # new line moves the rows up by one or two, so keep the rows already
        # drawn (Textual's own drawing of each, border and padding included)
        # at their new places, and draw only those that come into sight.
        # Most updates add a line to the log: this is most of its cost.
        delta = round(new_value) - round(old_value)
        cache = self._styles_cache
        top = self.content_offset.y
        rows = range(top, top + self.scrollable_content_region.height)
        kept = {
            y: cache._cache[y + delta]
            for y in rows
            if delta and y + delta in rows and y + delta in cache._cache
            and not cache.is_dirty(y + delta)
        }
        super().watch_scroll_y(old_value, new_value)  # marks every row to draw again
        if kept:
            cache._cache.update(kept)
            cache._dirty_lines.difference_update(kept)

    def render_lines(self, crop: Region) -> list[Strip]:
        # Drawn at another width than the rows were wrapped at (a scrollbar
        # came or went, a resize not yet seen): wrap again before drawing.
        if self._wrap():
            self._follow()
        self._drawing_style = self.rich_style
        try:
            return super().render_lines(crop)
        finally:
            self._drawing_style = None

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        width = self.scrollable_content_region.width
        style = self.rich_style if self._drawing_style is None else self._drawing_style
        index = scroll_y + y
        if index >= len(self._rows):
            return Strip.blank(width, style)
        strip = self._rows[index].apply_style(style)
        return strip.crop_extend(scroll_x, scroll_x + width, style)


class TalkLog(GameLog):
    """A table-talk panel's lines (Overseers' notes): a line taller than the
    panel shows its first row (the speaker, "Bob: ...") and its end, the
    middle folded to "…". Play-test at 80x24 (30 columns, five rows): a
    139-character line showed its first five rows, not its end, with no
    mark, and no key scrolls the panel; before that, following the end
    scrolled the speaker away. At a shared table F2's chat has it whole."""

    #: the panel's rows when its style names no maximum height
    ROWS = 5

    def _fold_rows(self) -> int:
        height = self.styles.max_height
        if height is not None and height.is_cells:
            return max(2, int(height.value))
        return self.ROWS

    def _wrap_entry(self, entry: str | Text, width: int) -> list[Strip]:
        rows = super()._wrap_entry(entry, width)
        fold = self._fold_rows()
        if len(rows) <= fold or not isinstance(entry, str):
            return rows
        first = rows[0].text.rstrip()
        if not entry.startswith(first):  # (wrapped otherwise than cut: left whole)
            return rows
        rest = entry[len(first):].strip()
        words = rest.split()
        for start in range(1, len(words)):
            tail = super()._wrap_entry("… " + " ".join(words[start:]), width)
            if len(tail) < fold:
                return [rows[0], *tail]
        # No spaces to fold at (CJK, a URL, emoji), or a last word longer
        # than the rows left: fold by cells, the end's characters after "…"
        # (Rich folds a long word by cells, a wide character counting 2).
        # The first row is filled by cells too (Rich put "Bob:" alone on
        # it, the word folded from the next row). Each character takes a
        # cell at least: a longer end than the rows left cannot fit.
        head = chop_cells(entry, width)[0]
        rest = entry[len(head):].strip()
        room = (fold - 1) * width
        for start in range(max(1, len(rest) - room), len(rest)):
            tail = super()._wrap_entry("…" + rest[start:].lstrip(), width)
            if len(tail) < fold:
                return [*super()._wrap_entry(head, width)[:1], *tail]
        return rows


def fold_runs(lines: Sequence[str], pattern: re.Pattern[str],
              tell: Callable[[list[re.Match[str]]], list[str]]) -> list[str]:
    """`lines` with each run of lines that `pattern` matches told by
    `tell` (given the run's matches; `match.string` is the line)."""
    out: list[str] = []
    run: list[re.Match[str]] = []
    for line in lines:
        m = pattern.match(line)
        if m is not None:
            run.append(m)
            continue
        if run:
            out.extend(tell(run))
            run = []
        out.append(line)
    if run:
        out.extend(tell(run))
    return out


def fold_deals(lines: Sequence[str], dealt: re.Pattern[str], heading: str,
               order: Callable[[str], Any] | None = None) -> list[str]:
    """`lines` with each run of cards dealt told in one line ("Cards dealt:
    you 2, 12, 23; Bob 6 cards."): a deal is a line a card, up to 42 at six
    players, and pushed the first decision out of the log and the recap.
    `dealt` matches a line of the run: group 1 "You" for the reader, else
    group 2 the player's name; group 3 the card when the reader sees it.
    The reader's cards are listed by `order` if given. The journal keeps
    every line."""

    def tell(run: list[re.Match[str]]) -> list[str]:
        if len(run) < 2:
            return [m.string for m in run]
        hands: dict[str, list[str | None]] = {}
        for m in run:
            hands.setdefault("you" if m.group(1) else m.group(2), []).append(m.group(3))
        parts = []
        for who, cards in hands.items():
            known = [c for c in cards if c is not None]
            if order is not None:
                known.sort(key=order)
            parts.append(f"{who} {', '.join(known)}" if known else
                         f"{who} {len(cards)} card{'s' if len(cards) > 1 else ''}")
        return [f"{heading}: {'; '.join(parts)}."]

    return fold_runs(lines, dealt, tell)
