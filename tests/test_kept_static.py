"""tui/widgets/kept_lines.py `KeptStatic`: a table of lines drawn line by
line, each line's rows kept, looks exactly as a `Static` draws the same
content (wrapped lines, blank lines, styles), and is as tall."""

from __future__ import annotations

from rich.text import Text
from textual.app import App, ComposeResult
from textual.widgets import Static

from tests.test_kept_lines import _cells
from tui.widgets import kept_lines as kept_module
from tui.widgets.kept_lines import KeptStatic


def _table(marked: int | None = None) -> Text:
    lines = []
    for n in range(4):
        head = Text.assemble(("» " if n == 1 else "  ", "bold"), (f"Player {n}", "bold underline"),
                             (" · voted Cat", "italic"))
        if n == marked:
            head.stylize("underline", 2, 8)
        lines.append(head)
        lines.append(Text(f"  character hidden until the vote {n}", style="dim italic"))
        lines.append(Text.assemble("  ", ("[A]", "red"), " ", ("(B)", "blue on black"), " [▒▒]"))
    lines.append(Text(""))
    lines.append(Text("Your character: a long ability that must wrap over more than one line "
                      "of the panel, whole", style="italic"))
    cut = Text("a line cut at the edge " * 3)
    cut.truncate(30, overflow="ellipsis")
    lines.append(cut)
    return Text("\n").join(lines)


class _TwoApp(App):
    CSS = "Static { width: 1fr; padding: 0 1; }"

    def compose(self) -> ComposeResult:
        yield Static(_table(), id="plain")
        yield KeptStatic(_table(), id="kept")


async def test_kept_static_draws_what_a_static_draws():
    app = _TwoApp()
    for size in ((40, 60), (80, 40), (24, 80)):
        async with app.run_test(size=size) as pilot:
            plain = app.query_one("#plain", Static)
            kept = app.query_one("#kept", KeptStatic)
            for marked in (None, 2):
                plain.update(_table(marked))
                kept.update(_table(marked))
                await pilot.pause()
                assert kept.size == plain.size  # as tall: the same wrapping
                assert plain.size.height > 15  # the ability wrapped
                rows = [kept.render_line(y) for y in range(kept.size.height)]
                whole = [plain.render_line(y) for y in range(plain.size.height)]
                assert [_cells(s) for s in rows] == [_cells(s) for s in whole]
        app = _TwoApp()


async def test_only_a_changed_line_is_drawn_again(monkeypatch):
    app = _TwoApp()
    async with app.run_test(size=(60, 60)) as pilot:
        kept = app.query_one("#kept", KeptStatic)
        await pilot.pause()
        drawn: list[str] = []
        to_strips = kept_module.Visual.to_strips

        def counting(widget_, visual, *args, **kwargs):
            if widget_ is kept:
                drawn.append(str(visual))
            return to_strips(widget_, visual, *args, **kwargs)

        monkeypatch.setattr(kept_module.Visual, "to_strips", counting)
        kept.update(_table(marked=3))  # one line differs
        await pilot.pause()
        assert len(drawn) == 1 and "Player 3" in drawn[0]
        drawn.clear()
        kept.refresh()
        await pilot.pause()
        assert drawn == []
        kept.update(Text("\n").join([Text("a new first line"), _table(marked=3)]))
        await pilot.pause()
        assert drawn == ["a new first line"]


async def test_new_text_is_not_turned_into_content_until_asked_for(monkeypatch):
    """`update` with a rich `Text` keeps it as it is (the rows draw it line
    by line); Textual's whole content is made only when asked for, the same
    as a `Static` makes at once."""
    app = _TwoApp()
    async with app.run_test(size=(60, 60)) as pilot:
        plain = app.query_one("#plain", Static)
        kept = app.query_one("#kept", KeptStatic)
        made = []
        from textual.widgets import _static

        visualize = _static.visualize

        def counting(widget, *args, **kwargs):
            made.append(widget)
            return visualize(widget, *args, **kwargs)

        monkeypatch.setattr(_static, "visualize", counting)
        plain.update(_table(marked=1))
        kept.update(_table(marked=1))
        await pilot.pause()
        assert kept.content.plain == _table(marked=1).plain
        assert made == [plain]
        assert kept.visual == plain.visual
        assert made == [plain, kept]  # made when asked for
        assert kept.render() == plain.render()
