"""A panel of lines drawn line by line (tui/widgets/rows.py) shows exactly
what a `Static` of the same lines shows, and converts again only the lines
that are new or moved."""

from __future__ import annotations

from rich.text import Text
from textual.app import App, ComposeResult
from textual.widgets import Static

import tui.widgets.rows as rows_module
from tui.widgets.rows import RowsStatic


class TwoPanelsApp(App):
    CSS = """
    RowsStatic, Static { height: auto; border: round $primary; padding: 0 1; width: 30; }
    """

    def compose(self) -> ComposeResult:
        yield RowsStatic("", id="rows")
        yield Static("", id="plain")


def _lines(marked: int, words: int) -> list[Text]:
    """Three players' lines, one marked as acting, and a last line that wraps."""
    lines = [Text.assemble(("» " if seat == marked else "  ", "bold"),
                           (f"Player {seat}", "bold underline" if seat == 0 else "bold"))
             for seat in range(3)]
    lines.append(Text("In play: " + "card " * words, style="dim"))
    return lines


async def test_rows_draw_as_a_static_of_the_same_lines_and_convert_only_changed_lines(
    monkeypatch,
):
    converted: list[str] = []
    visualize = rows_module.visualize

    def counting(widget, text, **kwargs):  # noqa: ANN001, ANN003, ANN202
        converted.append(text.plain.lstrip("\n"))
        return visualize(widget, text, **kwargs)

    monkeypatch.setattr(rows_module, "visualize", counting)
    app = TwoPanelsApp()
    async with app.run_test(size=(40, 20)) as pilot:
        rows, plain = app.query_one("#rows", RowsStatic), app.query_one("#plain", Static)
        for marked, words in ((0, 4), (1, 4), (1, 5), (2, 9)):
            lines = _lines(marked, words)
            converted.clear()
            rows.show_lines(lines)
            plain.update(Text("\n").join(lines))
            await pilot.pause()
            assert rows.size == plain.size  # the same height, the wrapped line counted
            assert rows.render_lines(rows.outer_size.region) == plain.render_lines(
                plain.outer_size.region)  # the same cells, styles and mouse offsets
            assert str(rows.render()) == str(plain.render())
            if (marked, words) == (1, 4):  # the mark moved: those two lines only
                assert sorted(converted) == ["  Player 0", "» Player 1"]
            if (marked, words) == (1, 5):  # only the last line changed
                assert len(converted) == 1 and converted[0].startswith("In play")
