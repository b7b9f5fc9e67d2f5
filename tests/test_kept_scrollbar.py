"""tui/widgets/scrollbars.py: a scrollbar that keeps its drawings draws what
Textual's draws, and draws again from what it kept only the same bar."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.containers import VerticalScroll
from textual.scrollbar import ScrollBar
from textual.widgets import Static

from tui.widgets.gamelog import GameLog
from tui.widgets.scrollbars import KeptScrollBar, KeptVerticalScroll

_TEXT = "\n".join(f"row {n}" for n in range(40))


class _TwoApp(App):
    CSS = "VerticalScroll { height: 1fr; overflow-y: scroll; }"

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="plain"):
            yield Static(_TEXT)
        with KeptVerticalScroll(id="kept"):
            yield Static(_TEXT)
        yield GameLog(id="log")


async def test_a_kept_scrollbar_draws_as_textual_draws(monkeypatch):
    app = _TwoApp()
    async with app.run_test(size=(30, 24)) as pilot:
        plain = app.query_one("#plain", VerticalScroll)
        kept = app.query_one("#kept", KeptVerticalScroll)
        assert type(kept.vertical_scrollbar) is KeptScrollBar
        assert type(plain.vertical_scrollbar) is ScrollBar
        assert type(app.query_one("#log", GameLog).vertical_scrollbar) is KeptScrollBar
        drawn = []
        to_lines = ScrollBar.render_lines

        def counting(bar, crop):
            drawn.append(bar)
            return to_lines(bar, crop)

        monkeypatch.setattr(ScrollBar, "render_lines", counting)
        for y in (0, 10, 0, 10, 25):
            plain.scroll_to(y=y, animate=False, immediate=True)
            kept.scroll_to(y=y, animate=False, immediate=True)
            await pilot.pause()
            bars = plain.vertical_scrollbar, kept.vertical_scrollbar
            region = bars[0].size.region
            assert bars[0].size == bars[1].size and bars[0].size.height > 5
            lines = [bar.render_lines(region) for bar in bars]
            assert [s.text for s in lines[0]] == [s.text for s in lines[1]]
            assert lines[0] == lines[1]  # the same segments, the same styles
        # drawn from what it kept: the kept bar drew each position at most
        # once (0, 10, 25), Textual's at every frame and every call
        kept_drawn = [bar for bar in drawn if bar is kept.vertical_scrollbar]
        plain_drawn = [bar for bar in drawn if bar is plain.vertical_scrollbar]
        assert len(kept_drawn) <= 3 and len(plain_drawn) >= 10
