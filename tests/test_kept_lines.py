"""tui/widgets/kept_lines.py: a list panel keeps each line's cells while the
line stays the same, and draws exactly what Textual draws for the same
content (docs/performance.md, "SSH load")."""

from __future__ import annotations

from rich.text import Text
from textual.app import App, ComposeResult
from textual.visual import Visual, visualize

from tui.widgets import PickList, Row
from tui.widgets import kept_lines as kept_module


def _rows(marked: int | None = None) -> list[Row]:
    rows = []
    for n in range(6):
        text = Text.assemble((f"Knight {n}", "bold"), "  ♥3 ⚷0  ", ("[R6]", "red"), " ",
                             ("[B2]", "blue"), f"  shows {n}+?", no_wrap=True, end="")
        if n == marked:
            text.stylize("underline", 0, 6)
        rows.append(Row(text, key=str(n + 1), enabled=n != 4))
    rows.append(Row("a row far too long for the panel " * 4))
    return rows


class _ListApp(App):
    def compose(self) -> ComposeResult:
        yield PickList(_rows(), id="list")


def _cells(strip) -> list[tuple[str, object]]:
    """A line's characters with their look (the mouse offsets left out)."""
    return [
        (seg.text, None if seg.style is None else (
            seg.style.color, seg.style.bgcolor, seg.style.bold, seg.style.dim,
            seg.style.reverse, seg.style.underline, seg.style.italic))
        for seg in strip
    ]


async def test_a_kept_line_looks_as_textual_draws_the_whole_list():
    app = _ListApp()
    async with app.run_test(size=(40, 12)) as pilot:
        widget = app.query_one("#list", PickList)
        for picking in (False, True):
            widget.set_rows(_rows(marked=2), picking=picking)
            await pilot.pause()
            width = widget.size.width
            whole = Visual.to_strips(widget, visualize(widget, widget.render()), width, None,
                                     widget.visual_style)
            kept = [widget.render_line(y) for y in range(len(whole))]
            assert [_cells(s) for s in kept] == [_cells(s) for s in whole]
            assert any("…" in s.text for s in kept)  # cut with an ellipsis, not wrapped
            assert any("▶" in s.text for s in kept) is picking


async def test_only_a_changed_line_is_drawn_again(monkeypatch):
    app = _ListApp()
    async with app.run_test(size=(40, 12)) as pilot:
        widget = app.query_one("#list", PickList)
        await pilot.pause()
        drawn: list[str] = []
        to_strips = kept_module.Visual.to_strips

        def counting(widget_, visual, *args, **kwargs):
            drawn.append(str(visual))
            return to_strips(widget_, visual, *args, **kwargs)

        monkeypatch.setattr(kept_module.Visual, "to_strips", counting)
        widget.set_rows(_rows(marked=3))  # one row differs
        await pilot.pause()
        assert len(drawn) == 1 and "Knight 3" in drawn[0]
        drawn.clear()
        widget.refresh()  # the same lines again: all kept
        await pilot.pause()
        assert drawn == []
        rows = _rows(marked=3)
        widget.set_rows([Row("a new first row"), *rows])  # every line moves down one
        await pilot.pause()
        assert drawn == ["a new first row"]
