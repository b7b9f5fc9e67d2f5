"""How a match ended, over the results until a key is pressed.

When the others (bots, or players elsewhere) make the match's last moves
after your last decision, the results came up at once and those moves went
by unseen. A game screen that wants them told puts an `EndingScreen` in
`GameScreen.over_the_results`; `results.push_results` pushes it over the
results in the same turn of the event loop (as Boss Quest's last combat),
or, where the table shows what they tell (the duel's board), over the final
table beside it, the results following (`EndingScreen.stand_by`).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Container, VerticalScroll
from textual.css.query import NoMatches
from textual.geometry import Region, Size
from textual.timer import Timer
from textual.widget import Widget
from textual.widgets import Static

from tui.bindings import relabel
from tui.screens.dialog import Dialog

#: how long a box's foot says why q did nothing (`EndingScreen.action_home_later`)
REFUSAL_SECONDS = 4.0


class OverTheResults(Dialog[None]):
    """A dialog over the results until a key is pressed (Boss Quest's last
    combat, the last moves of the others): opaque, so the results wait
    unseen behind it."""

    #: a dialog that waits for a key (tests press Enter)
    holds_the_table = True

    # (a class, so that the opaque background outranks ModalScreen's own)
    DEFAULT_CSS = """
    OverTheResults {
        align: center middle;
    }
    OverTheResults.-last {
        background: $background;  /* the results wait unseen behind it */
    }
    """

    # a modal box cuts the app's keys off: at the shared tables F2 opens
    # the table's chat over it, as a chat notice over it says
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f2", "chat", "Chat"),
        # the app's F1 and ? do not reach past a modal box: they were silent
        # (F1 is bound by each box, after its own keys in the footer)
        Binding("question_mark", "app.help", "Help", show=False),
        # a box the match keeps unread until put away (`leave`): q leaves the
        # table from it, as from a combat over one person's table, and it
        # comes back first when the match is continued; else q is refused
        # (`home_later`: it went home from the table and did nothing here,
        # without a word)
        # (what it does in F1: `help_text`, as the match is on or over)
        Binding("q", "leave", "Home"),
        Binding("q", "home_later", "", show=False),
        # u takes back from the table or the cover under it, not here: it
        # said nothing (a play-test, over a box for one person's eyes)
        Binding("u", "take_back_later", "", show=False),
    ]

    #: the keys every screen lists last, in this order ("q Lobby … f1 Help
    #: f2 Chat" at a shared table): a box lists its own keys first, then
    #: these, as the screens under it do
    LAST_KEYS: ClassVar[tuple[str, ...]] = ("q", "f1", "f2")
    #: the way out stays in the footer however short its line, as under it
    FOOTER_KEEP: ClassVar[tuple[str, ...]] = ("leave",)

    def __init__(self, *, leave: Callable[[], object] | None = None, lobby: bool = False) -> None:
        super().__init__(classes="-last")
        #: what q does (leaves the table, the box not read: the match keeps
        #: it unread where it keeps boxes); None: q is refused
        self.leave = leave
        if leave is not None and lobby:  # a shared table: q leads to the lobby
            relabel(self, "leave", "Lobby")
        self._keys_last()

    def _keys_last(self) -> None:
        # the footer lists the bindings in the order the class hierarchy
        # gave them: this base's F2 (and q) before a box's own keys, so a
        # box read "f2 Chat ↵ Go on q Lobby f1 Help" (a play-test)
        keys = self._bindings.key_to_bindings
        for key in self.LAST_KEYS:
            if key in keys:
                keys[key] = keys.pop(key)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "chat":
            return hasattr(self.app, "action_chat")  # (no chat at one terminal)
        if action == "leave":
            return self.leave is not None
        if action == "home_later":
            return self.leave is None
        return True

    def action_leave(self) -> None:
        if self.leave is not None:
            self.leave()

    #: the rows the box was made shorter by, for the notices under it
    _notice_room = 0

    def notices_keep_off(self) -> Widget | None:
        """The box whose text notices do not cover (`place_notices`)."""
        from textual.widgets._toast import ToastRack

        from tui.widgets.footer import Footer

        return next((w for w in self.children if not isinstance(w, (ToastRack, Footer))),
                    None)

    def place_notices(self) -> None:
        """Notices over a box go off its text: under it, else over it (the
        table or the screen's edge beside it), else, the box as tall as
        the screen, under it made shorter for them (its PgDn tells the rest)
        until they go. At the app's place, the top right, they covered the
        box's title and first lines (play-test shared6, finding 2: "Your
        next choice came at once" over "what the vote did", "bob stepped
        away to the lobby." over a round's end)."""
        from textual.widgets._toast import ToastRack

        from tui.screens.game import NOTICE_WIDTH, notice_rows

        if not self.is_attached:
            return
        try:
            rack = self.get_child_by_type(ToastRack)
        except NoMatches:
            return
        box = self.notices_keep_off()
        if box is None or not box.region:
            return
        shown = list(getattr(self.app, "_notifications", ()))
        rows = sum(notice_rows(n, NOTICE_WIDTH) for n in shown)
        room = self._notice_room
        height = self.size.height
        footer = 1
        region = box.region
        below = height - footer - region.bottom
        styles = rack.styles
        if not rows:
            if room:
                self._notice_room = 0
                box.styles.margin = (0, 0, 0, 0)
            return
        if room and room != rows:  # (more notices, or fewer: the room they take)
            self._notice_room = rows
            box.styles.margin = (0, 0, rows, 0)
        if below >= rows or room:
            styles.dock = "bottom"
            styles.align_vertical = "bottom"
            styles.margin = (0, 0, footer, 0)
            return
        if region.y >= rows or self.size.width - region.right >= NOTICE_WIDTH:
            styles.dock = "top"  # (the app's place: clear of the box)
            styles.align_vertical = "top"
            styles.margin = (0, 0, 0, 0)
            return
        # as tall as the screen: shorter, the notices under it
        self._notice_room = rows
        box.styles.margin = (0, 0, rows, 0)
        styles.dock = "bottom"
        styles.align_vertical = "bottom"
        styles.margin = (0, 0, footer, 0)

    def action_home_later(self) -> None:
        # where q leads from the table: the lobby at the shared tables
        # (their footer says "q Lobby"; this said "home" there too)
        where = "to the lobby" if getattr(self.app, "remote", None) is not None else "home"
        self.notify(f"Put this away first (Enter); then q goes {where}.", timeout=4,
                    markup=False)

    def action_take_back_later(self) -> None:
        # (over a match's end nothing is taken back after Enter either)
        said = ("Nothing to take back: the match is over." if self.match_over()
                else "Nothing is taken back from this box: put it away first (Enter).")
        self.notify(said, timeout=4, markup=False)

    def match_over(self) -> bool:
        """Whether the match under this box is over (its last moves, a last
        combat): F1 and u then speak of a match that goes on no more."""
        for screen in reversed(self.app.screen_stack):
            update = getattr(screen, "update", None)
            if update is not None and hasattr(update, "outcome"):
                return update.outcome is not None
        return False

    def help_text(self, binding: Binding) -> str | None:
        if binding.action != "leave":
            return None
        # a play-test read "comes back first when the match is continued"
        # over a finished duel, which the saved list opens at its results
        if self.match_over():
            return "Leave the table: the match is over, and the saved list opens its results"
        return "Leave the table: the box stays unread and comes back first when the match is continued"

    def action_chat(self) -> None:
        chat = getattr(self.app, "action_chat", None)
        if chat is not None:
            chat()


class EndingScreen(OverTheResults):
    """The last moves of a match, as lines of the log, in a box titled
    `title`; Enter (Escape, space) shows the results behind it. Lines
    `aside` (a score told source by source) stand beside them on a wide
    screen; on a narrow one they go in among them, before line `aside_at`
    (at the end without it)."""

    #: the screen width from which `aside` stands beside the lines
    ASIDE_FROM = 120

    DEFAULT_CSS = """
    EndingScreen #ending {
        width: 100%;
        max-width: 90;
        height: auto;
        max-height: 1fr;
        border: round $accent;
        border-title-style: bold;
        padding: 0 1;
    }
    EndingScreen #ending-body {
        height: auto;
    }
    EndingScreen #ending-text {
        width: 1fr;
    }
    EndingScreen #ending-aside {
        width: auto;
        display: none;
    }
    EndingScreen.-beside #ending {
        max-width: 150;
    }
    EndingScreen.-by-the-table {
        align: right middle;
    }
    EndingScreen.-over-a-part {
        align: left top;  /* at the region `place` gives (an offset) */
    }
    EndingScreen.-beside #ending-body {
        layout: horizontal;
    }
    EndingScreen #ending-rest {
        height: auto;
        display: none;
    }
    EndingScreen.-beside #ending-rest {
        display: block;
    }
    EndingScreen.-beside #ending-aside {
        display: block;
        margin-left: 2;
        padding-left: 1;
        border-left: solid $primary-darken-1;
    }
    """

    HELP_TITLE = "Box over the table"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,escape,space", "close", "Go on"),
        Binding("f1", "app.help", "Help"),  # (after Go on in the footer)
        Binding("pageup", "scroll(-1)", "Scroll", show=False),
        Binding("pagedown", "scroll(1)", "Scroll", show=False),
    ]

    def __init__(self, title: str, lines: list[str], *, go_on: str = "the results",
                 grace: float = 0.0, aside: list[str | Text] | None = None,
                 aside_at: int | None = None, read: Callable[[], object] | None = None,
                 leave: Callable[[], object] | None = None, lobby: bool = False) -> None:
        super().__init__(leave=leave, lobby=lobby)
        self.title_text = title
        #: the table's keys it offers, what each does once it is put away (`offer`)
        self._offered: dict[str, Callable[[], object]] = {}
        #: called as Enter puts it away (kept with the match: it is read)
        self.read = read
        # (the footer reads "↵ Go on  q Home  f1 Help", the base's `LAST_KEYS`)
        #: the box's foot says why q did nothing, for a while (`home_later`)
        self._refusal: str | None = None
        self._refusal_timer: Timer | None = None
        self.lines = lines
        self.aside = aside or []
        self.aside_at = len(lines) if aside_at is None else aside_at
        #: what Enter goes on to (the results; a round's recap: the next round)
        self.go_on = go_on
        #: Enter closes it only this long after it came up: the key of the
        #: move that ended a round, doubled, closed it unread
        self.grace = grace
        self._shown_at = 0.0
        #: the part of the table under it that stays in sight on its left
        #: (`stand_by`)
        self._by: Widget | None = None
        #: where over the table it goes, for the screen's size: a region of
        #: the screen, or None (beside `_by`); the game screen's own (it may
        #: reword `go_on` there)
        self.place: Callable[[EndingScreen, Size], Region | None] | None = None

    def stand_by(self, table_part: Widget) -> None:
        """Go up over the table, not the results: right of `table_part`,
        which stays in sight (the duel's board, where "a1 (your side)" is),
        the rest of the table dimmed behind."""
        self._by = table_part
        self.remove_class("-last")
        self.add_class("-by-the-table")

    def compose_dialog(self) -> ComposeResult:
        with VerticalScroll(id="ending"):
            with Container(id="ending-body"):
                yield Static(self._text(beside=False), id="ending-text")
                if self.aside:
                    yield Static(Text("\n").join(Text(x) if isinstance(x, str) else x
                                                 for x in self.aside), id="ending-aside")
            # below the aside, the lines after it take the box's whole width
            # (`_split`: they wrapped at the text's column, a wide band empty)
            yield Static("", id="ending-rest")

    def on_mount(self) -> None:
        box = self.query_one("#ending", VerticalScroll)
        box.border_title = self.title_text
        # (placed before its first frame: it came up across the whole
        # width for a moment, then beside the table)
        self._place(self.app.size)
        if self._by is not None and self.place is not None:
            # and again as the table is laid out anew (for a new size:
            # placed on the box's own resize, it went by the old layout)
            self._by.screen.screen_layout_refresh_signal.subscribe(
                self, lambda _: self._place(self.size))
        self._subtitle()
        # (max_scroll_y is no reactive: the box's content size is; its own
        # size changes with a layout, after which the foot is told again --
        # a box made shorter by its placement kept a foot without PgDn)
        self.screen_layout_refresh_signal.subscribe(self, lambda _: self._subtitle())
        self.watch(box, "virtual_size", self._subtitle, init=False)
        self.watch(box, "scroll_y", self._subtitle, init=False)
        self.call_after_refresh(self._subtitle)
        box.focus()
        self._shown_at = time.monotonic()

    def _text(self, *, beside: bool) -> Text:
        at = self.aside_at
        lines = self.lines if beside else [*self.lines[:at], *self.aside, *self.lines[at:]]
        return Text("\n").join(Text(x) if isinstance(x, str) else x for x in lines)

    def lines_at(self, width: int) -> int:
        """How many lines the box's text takes `width` cells wide (its
        border and padding left out)."""
        return len(self._text(beside=False).wrap(self.app.console, max(1, width)))

    def _place(self, size: Size) -> None:
        """Over the region `place` gives, else beside `_by` (`stand_by`)."""
        if self._by is None:
            return
        styles = self.query_one("#ending").styles
        region = self.place(self, size) if self.place is not None else None
        self.set_class(region is not None, "-over-a-part")
        self.set_class(region is None, "-by-the-table")
        if region is not None:
            styles.offset = (region.x, region.y)
            styles.width = styles.max_width = region.width
            styles.max_height = region.height
        else:
            # (at least 40 columns, over the table part if it must)
            styles.offset = (0, 0)
            styles.max_width = styles.max_height = None
            styles.width = max(40, size.width - self._by.region.right - 1)
        self._subtitle()

    def on_resize(self, event: events.Resize) -> None:
        self._place(event.size)
        # beside the table the box has a part of the width only: the aside
        # goes in among the lines (beside them, the lines were a letter wide)
        beside = (bool(self.aside) and event.size.width >= self.ASIDE_FROM
                  and self._by is None)
        if beside != self.has_class("-beside"):
            self.set_class(beside, "-beside")
            self.query_one("#ending-text", Static).update(self._text(beside=beside))
        if beside:
            self.call_after_refresh(self._split)

    def _split(self) -> None:
        """Beside the aside, as many lines as reach its foot; the rest
        under both, the box's whole width wide."""
        if not self.has_class("-beside"):
            return
        width = self.query_one("#ending-text", Static).content_region.width
        if width <= 0:
            return
        rows, head = 0, 0
        lines = [Text(x) if isinstance(x, str) else x for x in self.lines]
        while head < len(lines) and rows < len(self.aside):
            rows += len(lines[head].wrap(self.app.console, width))
            head += 1
        self.query_one("#ending-text", Static).update(Text("\n").join(lines[:head]))
        self.query_one("#ending-rest", Static).update(Text("\n").join(lines[head:]))

    def _subtitle(self, *_: object) -> None:
        """Enter's step, and PgDn while lines are out of sight below: at
        80x24 a round's recap and its score run longer than the box."""
        try:
            box = self.query_one("#ending", VerticalScroll)
        except NoMatches:  # put away meanwhile
            return
        if self._refusal is not None:
            box.border_subtitle = self._refusal
            return
        more = "PgDn: more · " if round(box.scroll_y) < box.max_scroll_y else ""
        box.border_subtitle = f"{more}Enter: {self.go_on}"

    def action_home_later(self) -> None:
        """q where it cannot leave (over the results): said in the box's
        foot, not in a notice, which sat over the box's first lines (a
        play-test read "Put this away first (Enter); then q goes home."
        over the round's end)."""
        where = "to the lobby" if getattr(self.app, "remote", None) is not None else "home"
        self._refusal = f"Enter first: then q goes {where}"
        if self._refusal_timer is not None:
            self._refusal_timer.stop()
        self._refusal_timer = self.set_timer(REFUSAL_SECONDS, self._refusal_over)
        self._subtitle()

    def _refusal_over(self) -> None:
        self._refusal = self._refusal_timer = None
        self._subtitle()

    def offer(self, key: str, description: str, then: Callable[[], object]) -> None:
        """`key`, a key of the table under the box that its foot or the
        status line beside it offers ("b: the results"): it puts the box
        away, as Enter does, its result `then`, for the screen that put it
        up to do once it is down. They did nothing while the box was up (a
        play-test)."""
        self._offered[key] = then
        self._bindings.bind(key, f"offered({key!r})", description)
        self._keys_last()

    def action_offered(self, key: str) -> None:
        self._put_away(self._offered.get(key))

    def action_close(self) -> None:
        self._put_away(None)

    def _put_away(self, result: Callable[[], object] | None) -> None:
        if time.monotonic() - self._shown_at < self.grace:
            return
        if self.read is not None:
            self.read()
        self.dismiss(result)

    def action_scroll(self, step: int) -> None:
        box = self.query_one("#ending", VerticalScroll)
        if step < 0:
            box.scroll_page_up()
        else:
            box.scroll_page_down()


__all__ = ["EndingScreen", "OverTheResults"]
