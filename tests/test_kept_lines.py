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
    """A line's characters with their look (the mouse offsets left out);
    also tests/test_kept_static.py's."""
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


def _cards(cursor_face: str = "R5") -> list:
    from tui.widgets.hand import Card
    faces = [cursor_face, "B2", "G7", "Y1", "P3", "R9", "B4"]
    return [Card(face, style=("red", "blue", "green", "yellow", "magenta")[n % 5], key=str(n + 1),
                 enabled=n != 2, face_down=n == 3, known=n == 3)
            for n, face in enumerate(faces)]


class _HandApp(App):
    def compose(self) -> ComposeResult:
        from tui.widgets.hand import Hand
        hand = Hand(_cards(), id="hand", caption=Text("total 12", style="bold"))
        hand.big = True
        yield hand


async def test_a_row_of_big_cards_looks_as_textual_draws_the_whole_hand():
    from tui.widgets.hand import Hand
    for size in ((40, 12), (80, 12), (20, 16)):
        app = _HandApp()
        async with app.run_test(size=size) as pilot:
            hand = app.query_one("#hand", Hand)
            for picking in (False, True):
                hand.set_cards(_cards(), picking=picking)
                await pilot.pause()
                width = hand.size.width
                whole = Visual.to_strips(hand, visualize(hand, hand.render()), width,
                                         hand.size.height, hand.visual_style)
                kept = [hand.render_line(y) for y in range(hand.size.height)]
                # cut into the same segments (a screenshot's text runs)
                assert len(kept) >= 3 and [_cells(s) for s in kept] == [_cells(s) for s in whole]
                assert any("total 12" in s.text for s in kept)


async def test_only_the_changed_card_of_a_row_is_drawn_again(monkeypatch):
    from tui.widgets.hand import Hand
    app = _HandApp()
    async with app.run_test(size=(80, 12)) as pilot:
        hand = app.query_one("#hand", Hand)
        await pilot.pause()
        drawn: list[str] = []
        to_strips = kept_module.Visual.to_strips

        def counting(widget_, visual, *args, **kwargs):
            drawn.append(str(visual))
            return to_strips(widget_, visual, *args, **kwargs)

        monkeypatch.setattr(kept_module.Visual, "to_strips", counting)
        hand.set_cards(_cards(cursor_face="R6"))  # one card's face differs
        await pilot.pause()
        assert drawn == ["│R6│"]  # its middle line; its box's edges are as they were
