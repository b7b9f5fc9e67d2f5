"""A score pad: one column per player, one row per scoring category.

Game-agnostic. It takes names, the categories as (name, values per seat)
pairs (`core.engine.Category` fits), optional totals, the winners and notes.
Winners are marked with a star *and* bold, never by colour alone.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from rich.table import Table
from rich.text import Text
from textual.widgets import Static

from core.engine import name_seats


def _pairs(categories: Iterable[Any]) -> list[tuple[str, tuple[Any, ...]]]:
    out = []
    for cat in categories:
        if isinstance(cat, tuple):
            name, values = cat
        else:
            name, values = cat.name, cat.values
        out.append((str(name), tuple(values)))
    return out


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
    ) -> None:
        """`headers`: what the columns are headed (say, names shortened to
        fit), the names by default; notes name seats by `names`. A value
        given as a Rich `Text` is shown as it is (its style, its padding)."""
        winners = frozenset(winners)
        table = Table(box=None, padding=(0, 1), expand=False, show_edge=False,
                      header_style="bold")
        table.add_column("")
        for seat, name in enumerate(names if headers is None else headers):
            label = f"★ {name}" if seat in winners else name
            table.add_column(Text(label, style="bold" if seat in winners else ""),
                             justify="right")
        for name, values in _pairs(categories):
            table.add_row(name, *(v if isinstance(v, Text) else str(v) for v in values))
        if totals is not None:
            table.add_row(Text(total_label, style="bold"),
                          *(v if isinstance(v, Text) else Text(str(v), style="bold")
                            for v in totals))
        if not notes:
            self.update(table)
            return
        from rich.console import Group

        # Notes name seats by mark (core.engine.seat_mark): fill in the names.
        named = (name_seats(note, names) for note in notes)
        self.update(Group(table, *(Text(note, style="italic") for note in named)))
