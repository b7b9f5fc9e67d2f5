"""The rules of a game, from tui/rules/<game-id>.md.

The text is drawn by Rich's Markdown in one widget: Textual's Markdown
widget mounts a widget per block (some 230 for Boss Quest), and opening the
rules took about 2 s of CPU on a slow core, paid again over SSH on every
`r`; one widget takes about a sixth of that.
"""

from __future__ import annotations

from typing import ClassVar

from rich.markdown import Markdown
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Header, Static

from core.catalogue import CATALOGUE
from tui import resources
from tui.bindings import relabel


def rules_text(game_id: str, title: str | None = None) -> str:
    text = resources.rules_text(game_id)
    if text is None:
        return f"# {title or game_id}\n\nThe rules for this game are not written yet."
    return text


class RulesScreen(Screen):
    """Scrollable rules; house components and rulings are marked in the text."""

    CSS_PATH = resources.css_path("rules.tcss")
    #: taller than 24 rows (`-tall`), rules shorter than the screen stand in
    #: its middle; at 80x24 they keep the top
    VERTICAL_BREAKPOINTS: ClassVar[list[tuple[int, str]]] = [(0, "-short"), (25, "-tall")]

    HELP_TITLE = "Rules"

    BINDINGS = [
        Binding("q,escape,backspace", "back", "Back"),
        Binding("up,k", "scroll('up')", "Up", show=False),
        Binding("down,j", "scroll('down')", "Down", show=False),
        Binding("pageup", "scroll('page_up')", "Page up"),
        Binding("b", "scroll('page_up')", "Page up", show=False),
        Binding("pagedown", "scroll('page_down')", "Page down"),
        Binding("space", "scroll('page_down')", "Page down", show=False),
        Binding("home,g", "scroll('home')", "Top", show=False),
        Binding("end,G", "scroll('end')", "End", show=False),
        # in sight: only F1 told how to reach another game's rules (a play-test)
        Binding("n", "next_game", "Next game"),
        # the rules run to 20 pages and more at 80x24: a section at a time
        # one footer entry for both ("] Next section" hid that [ goes back)
        Binding("right_square_bracket", "section(1)", "Section", key_display="[ ]",
                tooltip="Next section"),
        Binding("left_square_bracket", "section(-1)", "Previous section", key_display="[",
                show=False, tooltip="Previous section"),
    ]

    def __init__(self, game_id: str, section: str | None = None, *,
                 leaves_app: bool = False) -> None:
        super().__init__()
        self.game_id = game_id
        #: the heading the rules open at (its start: "Solo Quest"), the top if None
        self.section = section
        #: opened by `overtable rules GAME`: q goes back to the shell, as a
        #: pager's does, not to a home screen the reader never asked for
        self.leaves_app = leaves_app
        if leaves_app:
            relabel(self, "back", "Quit")
        #: (width, the line of each heading as drawn at that width)
        self._headings: tuple[int, list[int]] | None = None

    def _title(self) -> str:
        info = CATALOGUE.get(self.game_id)
        return info.title if info is not None else self.game_id

    def compose(self) -> ComposeResult:
        yield Header()
        with VerticalScroll(id="rules-scroll"):
            yield Static(Markdown(rules_text(self.game_id, self._title())), id="rules-text")
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = f"Rules: {self._title()}"
        self.query_one("#rules-scroll").focus()
        if self.section is not None:
            self.call_after_refresh(self._open_at_section)

    def _open_at_section(self) -> None:
        """The section of the match being played at the top (a Solo Quest's
        rules are near the end of Boss Quest's: they opened at the top)."""
        assert self.section is not None
        for title, line in zip(self._titles(), self.heading_lines(), strict=False):
            if title.startswith(self.section):
                top = self.query_one("#rules-text", Static).virtual_region.y
                self.query_one("#rules-scroll", VerticalScroll).scroll_to(y=top + line,
                                                                          animate=False)
                return

    def action_scroll(self, where: str) -> None:
        scroll = self.query_one("#rules-scroll", VerticalScroll)
        {
            "up": scroll.scroll_up,
            "down": scroll.scroll_down,
            "page_up": scroll.scroll_page_up,
            "page_down": scroll.scroll_page_down,
            # at once, not after the next refresh: a `[` pressed right
            # after counts from their target (`action_section`)
            "home": lambda: scroll.scroll_home(immediate=True),
            "end": lambda: scroll.scroll_end(immediate=True),
        }[where]()

    def _titles(self) -> list[str]:
        """The headings of the rules' source, in order."""
        return [line.lstrip("#").strip()
                for line in rules_text(self.game_id, self._title()).splitlines()
                if line.startswith("#") and line.lstrip("#").startswith(" ")]

    def heading_lines(self) -> list[int]:
        """The line each heading of the rules is drawn on, at the text's
        width now (the text is one widget: its headings are found in its
        lines, in the order the source gives them)."""
        text = self.query_one("#rules-text", Static)
        width = text.content_region.width
        if self._headings is not None and self._headings[0] == width:
            return self._headings[1]
        source = rules_text(self.game_id, self._title())
        titles = self._titles()
        console = self.app.console
        lines = console.render_lines(Markdown(source), console.options.update_width(max(width, 1)),
                                     pad=False)
        found: list[int] = []
        for number, line in enumerate(lines):
            if titles and "".join(segment.text for segment in line).strip() == titles[0]:
                found.append(number)
                titles.pop(0)
        self._headings = (width, found)
        return found

    def action_section(self, step: int) -> None:
        """] the next heading to the top of the screen, [ the previous."""
        scroll = self.query_one("#rules-scroll", VerticalScroll)
        top = self.query_one("#rules-text", Static).virtual_region.y
        # from where a scroll under way is going (`G` then `[` at once
        # counted from the top it was leaving)
        now = round(scroll.scroll_target_y)
        lines = [top + line for line in self.heading_lines()]
        if step > 0:
            ahead = [y for y in lines if y > now]
            if not ahead or now >= round(scroll.max_scroll_y):
                self.notify("That is the last section.", timeout=2, markup=False)
                return
            scroll.scroll_to(y=ahead[0], animate=False, immediate=True)
        else:
            if now <= 0:
                self.notify("That is the first section.", timeout=2, markup=False)
                return
            behind = [y for y in lines if y < now]
            scroll.scroll_to(y=behind[-1] if behind else 0, animate=False, immediate=True)

    def action_next_game(self) -> None:
        ids = list(CATALOGUE)
        if len(ids) < 2:
            return
        nxt = ids[(ids.index(self.game_id) + 1) % len(ids)]
        self.dismiss()  # (a match under it waits while rules are open: tui/app.py)
        self.app.action_rules(nxt, leaves_app=self.leaves_app)  # type: ignore[attr-defined]

    def action_back(self) -> None:
        if self.leaves_app:
            self.app.exit()
            return
        self.dismiss()
