"""A score pad: one column per player, one row per scoring category.

Game-agnostic. It takes names, the categories as (name, values per seat)
pairs (`core.engine.Category` fits), optional totals, the winners and notes.
Winners are marked with a star *and* bold, never by colour alone.

Asked to (`closing_up`), the pad is laid out at the width it is drawn at,
the first way that fits: as it reads best (two spaces between columns),
then one space with each winner's star above the name ("Ann ★ Bram" left
the star between two names), then the short row labels a game gives (with
its note saying what they stand for), then the names cut as little as
needed. Six names beside Boss Quest's Boss at
80 columns were cut to "Br…" by Rich's own fitting, the row labels to "Rou…".
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text
from textual.containers import VerticalScroll
from textual.widgets import Static

from core.engine import name_seats
from host.messages import split_mark
from tui.widgets.quiet import set_border


def _pairs(categories: Iterable[Any]) -> list[tuple[str, tuple[Any, ...]]]:
    out = []
    for cat in categories:
        if isinstance(cat, tuple):
            name, values = cat
        else:
            name, values = cat.name, cat.values
        out.append((str(name), tuple(values)))
    return out


def _cut(name: str, width: int) -> str:
    return name if len(name) <= width else name[: width - 1] + "…"


class _Fitted:
    """The first of its ways (a table and the notes it needs) whose table
    fits the width it is drawn at (the last when none does), then the notes."""

    def __init__(self, ways: list[tuple[Table, list[Text]]], notes: list[Text]) -> None:
        self.ways = ways
        self.notes = notes

    def _way(self, console: Console, options: ConsoleOptions) -> tuple[Table, list[Text]]:
        unbounded = options.update(max_width=10_000)  # (a measure is cut to the width)
        for table, extra in self.ways:
            if Measurement.get(console, unbounded, table).maximum <= options.max_width:
                return table, extra
        return self.ways[-1]

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        table, extra = self._way(console, options)
        yield table
        yield from extra
        yield from self.notes

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        parts: list[RenderableType] = [self.ways[0][0], *self.ways[0][1], *self.notes]
        return Measurement.get(console, options, parts[0]).union(
            *(Measurement.get(console, options, p) for p in parts[1:]))


class ScorePad(Static):
    DEFAULT_CSS = """
    ScorePad {
        height: auto;
        width: 1fr;
    }
    """

    def set_pad(
        self,
        names: Sequence[str],
        categories: Iterable[Any],
        *,
        totals: Sequence[Any] | None = None,
        total_label: str = "Total",
        winners: Iterable[int] = (),
        notes: Sequence[str] = (),
        headers: Sequence[str] | None = None,
        closing_up: bool = False,
        short_labels: Mapping[str, str] | None = None,
        short_note: str = "",
    ) -> None:
        """`headers`: what the columns are headed (say, names shortened to
        fit), the names by default; notes name seats by `names`. A value
        given as a Rich `Text` is shown as it is (its style, its padding).
        `closing_up`: where the pad does not fit, laid out closer (see the
        module), with `short_labels` (a shorter word for a row's label) and
        `short_note` under the pad."""
        winners = frozenset(winners)
        # a score says whose: the seat's status ("(left — bot playing)") is
        # said elsewhere and made a column ~27 cells wide
        names = [split_mark(name)[0] for name in names]
        heads = list(names if headers is None else (split_mark(h)[0] for h in headers))
        rows = _pairs(categories)
        short = dict(short_labels or {})

        def table(*, gap: int, labels: Mapping[str, str], star_above: bool,
                  width: int | None = None) -> Table:
            grid = Table(box=None, padding=(0, 1), expand=False, show_edge=False,
                         header_style="bold", pad_edge=gap == 2, collapse_padding=gap == 1)
            grid.add_column("")
            for seat, head in enumerate(heads):
                head = head if width is None else _cut(head, width)
                won = seat in winners
                label = (f"★\n{head}" if star_above else f"★ {head}") if won else head
                grid.add_column(Text(label, style="bold" if won else ""), justify="right")
            for name, values in rows:
                grid.add_row(labels.get(name, name),
                             *(v if isinstance(v, Text) else str(v) for v in values))
            if totals is not None:
                grid.add_row(Text(total_label, style="bold"),
                             *(v if isinstance(v, Text) else Text(str(v), style="bold")
                               for v in totals))
            return grid

        shortened = [Text(short_note, style="italic")] if short_note and short else []
        ways: list[tuple[Table, list[Text]]] = [(table(gap=2, labels={}, star_above=False), [])]
        if closing_up:
            ways.append((table(gap=1, labels={}, star_above=True), []))
            if short:
                ways.append((table(gap=1, labels=short, star_above=True), shortened))
            longest = max((len(h) for h in heads), default=0)
            ways += [(table(gap=1, labels=short, star_above=True, width=width), shortened)
                     for width in range(longest - 1, 1, -1)]
        # Notes name seats by mark (core.engine.seat_mark): fill in the names.
        named = [Text(name_seats(note, names), style="italic") for note in notes]
        self.update(_Fitted(ways, named))



class PadBox(VerticalScroll):
    """A score pad's scrolling box: its title on its top rule, and
    "↓ more below" while the pad's end (its notes) is out of sight: at 80x24
    a tie's notes were cut off with no sign. `keys`: what scrolls it while
    it has the keys, `reach`: the key that gives it them (said after "more
    below", in brackets)."""

    def __init__(self, *children: Any, title: str = "", keys: str = "", reach: str = "",
                 **kwargs: Any) -> None:
        super().__init__(*children, **kwargs)
        self.pad_title, self.scroll_keys, self.reach_key = title, keys, reach

    def set_title(self, title: str) -> None:
        self.pad_title = title
        self.retitle()

    def on_mount(self) -> None:
        self.retitle()

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_y(old_value, new_value)
        self.retitle()

    def watch_virtual_size(self) -> None:
        self.call_after_refresh(self.retitle)  # (max_scroll_y once laid out)

    def on_resize(self) -> None:
        self.retitle()

    def watch_has_focus(self, has_focus: bool) -> None:
        super().watch_has_focus(has_focus)
        self.retitle()  # the keys it names are its own while it has them

    def retitle(self) -> None:
        title = self.pad_title
        if round(self.scroll_y) < self.max_scroll_y:
            title += " · ↓ more below"
            keys = self.scroll_keys if self.has_focus else self.reach_key
            if keys:
                title += f" ({keys})"
        set_border(self, title)
