"""The hand-over cover: at one terminal, hides one player's secrets from the next."""

from __future__ import annotations

import textwrap
import time
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, Static

from tui import resources
from tui.screens.ending import EndingScreen
from tui.screens.game import HELD_KEY_GAP

#: the cover's rows other than the news box (its border and padding, the
#: name, the hint, the button, the footer) and the news box's text width
COVER_ROWS = 13
NEWS_WIDTH = 52


def wrapped_rows(line: str, width: int) -> int:
    """The rows `line` takes wrapped at `width` cells."""
    return max(1, len(textwrap.wrap(line, width)))


class TakeBack(Protocol):
    """The last person's way back, offered on the cover before the next
    person uncovers (tui/table.py): `who` took the last move; `possible()`
    says whether the rules still let them take it back; `take()` takes it
    back and says who the cover now waits for (`who`, the seat's own
    decision again), or, refused, why not in words for the cover ("" for
    none); `anyway` asks though `possible()` says no, for the session's
    reason."""

    who: str

    def possible(self) -> bool: ...

    def take(self, *, anyway: bool = False) -> tuple[str, Callable[[], None]] | str: ...


class HandoverScreen(Screen):
    """Full-screen: "Pass to <name>"; Enter shows that player's view.

    `moves`: all that happened since the next person's last move, in the
    public log's words (no one's secret), in order, ending with the move
    just made; all of them, the box scrolled to its end when they do not
    fit (its keys: the arrows, PgUp PgDn, Home End; a hint beside its
    title says there is more). One way of cutting: some covers said "… 15
    earlier moves", others scrolled, and the line cut was a tie's votes. `news`: those of them that
    tell a reveal at the table (the votes, the top rows, the cards
    chosen), in bold: the cover came up at once and hid it from the person
    whose choice revealed it. Any not among `moves` come after them.

    `take_back`: the person who just moved may still take it back (u)
    while the rules allow it (no one else has moved, nothing was revealed
    since). Their move is undone under the cover, which then waits for
    them ("Pass to Ann"): their view shows only once they uncover it, so
    a u pressed by the next person shows them nothing of Ann's. A u that
    takes nothing back says why on the cover, under its button, where the
    offer stands (a notice lay over "Pass to Bea" for seconds)."""

    CSS_PATH = resources.css_path("dialogs.tcss")

    HELP_TITLE = "Hand-over"

    BINDINGS = [
        Binding("enter,space", "ready", "I'm ready", priority=True),
        Binding("u", "take_back", "Take back",
                tooltip="The person who just moved takes their move back (before passing)"),
        # u when no take-back is offered: Textual tries the key's next
        # binding, which says why not (it did nothing)
        Binding("u", "take_back_anyway", "", show=False),
        Binding("q", "leave", "Home"),
        # the last moves' box, whatever has the focus (the button, after Tab)
        *(Binding(key, f"scroll_news('{how}')", show=False) for key, how in (
            ("up", "up"), ("down", "down"), ("pageup", "page_up"),
            ("pagedown", "page_down"), ("home", "home"), ("end", "end"))),
    ]

    def __init__(self, name: str, on_ready: Callable[[], None], *, grace: float = 0.0,
                 news: Sequence[str] = (), moves: Sequence[str] = (),
                 take_back: TakeBack | None = None, heading: str | None = None,
                 why: str = "") -> None:
        super().__init__()
        self.player = name
        #: the cover's first line: "Pass to Ann", or why it is Ann's again
        #: ("Ann again: the bots have moved"), where she had the keys
        self.heading = heading
        #: why the cover passes to this person, where it is not their turn
        #: ("Bram has something to read first")
        self.why = why
        self.news = tuple(news)
        #: the last moves as everyone saw them (the public log's words)
        self.moves = tuple(moves)
        self._on_ready = on_ready
        self.take_back = take_back
        #: what the cover says happened under it (a move taken back)
        self.note = ""
        #: why the last u took nothing back, said under the button
        self.refusal = ""
        #: seconds after the cover appears in which it cannot be lifted, so
        #: that the key that ended a turn, pressed twice or held, does not
        #: lift it before the next player has the keyboard
        self.grace = grace
        self._shown_at: float | None = None
        #: a key ignored as too soon keeps the next one ignored until then
        self._held_until = 0.0

    def compose(self) -> ComposeResult:
        with Vertical(id="handover"):
            yield Static(self.heading or f"Pass to {self.player}", id="handover-name",
                         markup=False)
            if self.why:
                yield Static(self.why, id="handover-why", markup=False)
            lines = self._lines()
            if lines:
                # the title stays in sight, the hint to scroll beside it
                with Horizontal(id="handover-news-head"):
                    yield Static("Last moves:", classes="handover-news-title")
                    yield Static("", id="handover-more")
                room = self._news_room() - 1  # (less the title)
                news_box = VerticalScroll(id="handover-news")
                news_box.styles.max_height = room
                with news_box:
                    for line in lines:
                        yield Static(line, markup=False,
                                     classes="handover-reveal" if line in self.news else "")
            if self.note:
                yield Static(self.note, id="handover-note", markup=False)
            yield Static(
                f"Only {self.player} should look now. Press Enter when ready.",
                id="handover-hint",
            )
            yield Button(f"I am {self.player}: show my view", id="ready", variant="primary",
                         disabled=self.grace > 0)
            # the take-back's offer, or why u took nothing back
            offer = self._undo_text()
            yield Static(offer, id="handover-undo", markup=False).set_styles(
                "display: block;" if offer else "display: none;")
        yield Footer()

    def _news_room(self) -> int:
        """The rows the news box may take: the screen's height less the
        cover's other rows (at 80x24: 8 with the take-back offer, 11 without)."""
        height = self.app.size.height if self.is_attached else 24
        fixed = COVER_ROWS
        for text in (self._undo_text(), self.note, self.why):
            if text:  # a margin and its rows
                fixed += 1 + wrapped_rows(text, NEWS_WIDTH + 2)
        return max(4, height - fixed)

    def _lines(self) -> list[str]:
        """The last moves in order, then any reveal not among them."""
        return [*self.moves, *(line for line in self.news if line not in self.moves)]

    def _more(self, *_: object) -> None:
        """Says where the last moves' box has lines out of sight, and how
        to scroll it: the text was cut mid-sentence, with only a thin
        scrollbar to show there was more."""
        for box in self.query("#handover-news").results(VerticalScroll):
            hint = self.query_one("#handover-more", Static)
            top, end = round(box.scroll_y) > 0, round(box.scroll_y) < box.max_scroll_y
            where = ("more above and below" if top and end else
                     "more below" if end else "more above")
            hint.update(f"{'↕' if top and end else '↑' if top else '↓'} {where} (↑↓ Home End)")
            hint.display = top or end

    def _undo_text(self) -> str:
        """The line under the button: the take-back offered, else why the
        last u took nothing back."""
        return self._offer_text() or self.refusal

    def _offer_text(self) -> str:
        take_back = self.take_back
        if take_back is None or not take_back.possible():
            return ""
        # "move": u takes back a placing, a forklift, an incentive too, not
        # only a secret choice (a play-test read "your choice" as the card)
        return f"{take_back.who}: press u to take back your last move before {self.player} looks."

    def on_mount(self) -> None:
        # the last player's notices go with them (one kept the next
        # player's spells covered for seconds, and a notice may name a card)
        self.app.clear_notifications()
        self._start_grace()
        for box in self.query("#handover-news").results(VerticalScroll):
            # (max_scroll_y is no reactive: the box's content size is)
            self.watch(box, "virtual_size", self._more, init=False)
            self.watch(box, "scroll_y", self._more, init=False)
            self.call_after_refresh(self._show_last, box)

    def _show_last(self, box: VerticalScroll) -> None:
        """The move just made in sight: the box's end, or the start of its
        last line if that alone is taller than the box."""
        last = box.children[-1]
        box.scroll_to(y=min(box.max_scroll_y, last.virtual_region.y), animate=False)
        self._more()

    def action_scroll_news(self, how: str) -> None:
        for box in self.query("#handover-news").results(VerticalScroll):
            getattr(box, f"scroll_{how}")()

    def _start_grace(self) -> None:
        self._shown_at = time.monotonic()
        if self.grace > 0:
            self.query_one("#ready", Button).disabled = True
            self.set_timer(self.grace, self._allow)

    def _allow(self) -> None:
        self.query_one("#ready", Button).disabled = False

    def _too_soon(self) -> bool:
        """Whether Enter (or the button) came too soon to be the next
        player's: within the grace, or while a held key goes on repeating
        (each one ignored keeps it so for `HELD_KEY_GAP`)."""
        shown = self._shown_at
        if shown is None:
            return True
        now = time.monotonic()
        if now - shown < self.grace or now < self._held_until:
            self._held_until = now + HELD_KEY_GAP if self.grace > 0 else 0.0
            return True
        return False

    def refresh_offer(self) -> None:
        """The table changed under the cover (a bot moved, a draw): the
        take-back is offered only while the rules still allow it."""
        if not self.is_mounted:
            return
        for offer in self.query("#handover-undo").results(Static):
            text = self._undo_text()
            offer.update(text)
            offer.display = bool(text)
        # the last moves give the line its rows (at 80x24 the button went
        # below the screen)
        for box in self.query("#handover-news").results(VerticalScroll):
            box.styles.max_height = self._news_room() - 1
        self.refresh_bindings()

    def _refuse(self, why: str) -> None:
        """u took nothing back: the cover says why under its button."""
        self.refusal = why
        self.refresh_offer()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "take_back":
            return self.take_back is not None and self.take_back.possible()
        if action == "take_back_anyway":
            return self.take_back is None or not self.take_back.possible()
        return True

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_ready()

    def action_ready(self) -> None:
        if self._too_soon():
            return  # a key meant for the last player's turn
        # Redraw the table for the new player while it is still covered;
        # a notice given on the cover (to the last player) is not theirs.
        self._on_ready()
        self.app.clear_notifications()
        self.dismiss()

    async def action_take_back(self) -> None:
        """The last person takes their move back: it is undone under the
        cover, which then waits for them, not for the next person."""
        take_back = self.take_back
        if take_back is None or not take_back.possible():
            return
        await self._take_back(take_back)

    async def action_take_back_anyway(self) -> None:
        """u with no take-back offered: the session says why not ("Nothing
        to take back: a card was drawn since your last move."), or, with
        no one's move to take back here (a bot moved last, or the match
        just opened), the cover does."""
        take_back = self.take_back
        if take_back is None:
            self._refuse(f"Nothing to take back here: {self.player}, press Enter to play.")
            return
        await self._take_back(take_back, anyway=True)

    async def _take_back(self, take_back: TakeBack, *, anyway: bool = False) -> None:
        after = take_back.take(anyway=anyway)
        if isinstance(after, str):
            self._refuse(after)
            return
        self.refusal = ""
        from tui.screens.game import took_back_words  # (the game screens' words)

        self.note = took_back_words(take_back.who)
        self.player, self._on_ready = after
        self.news = self.moves = ()  # what it revealed or did is no longer so
        self.heading, self.why = None, ""  # it waits for the one who took it back
        self.take_back = None
        await self.recompose()
        # the new Footer shows no keys until the bindings are told again
        self.refresh_bindings()
        self._start_grace()  # a u pressed twice does not uncover it either

    def action_leave(self) -> None:
        self.app.leave_table()  # type: ignore[attr-defined]


class PrivateNoticeScreen(EndingScreen):
    """At one terminal, what the person who just moved received face down
    (`lines`), over their own view, before the hand-over cover: they had
    seen it only at their next turn. Enter puts it away (after `grace`, so
    the key that made the move, doubled, does not) and the cover follows."""

    def __init__(self, name: str, lines: list[str], *, grace: float = 0.0,
                 passes: bool = True, **leaves: Any) -> None:
        # `passes`: a cover for another person follows (else a bot acts
        # next, and their own view may come straight back); `leaves`: what
        # q does (`GameScreen.box_leaves`)
        super().__init__(f"For {name}'s eyes only", lines,
                         go_on="hide it and pass on" if passes else "hide it", grace=grace,
                         **leaves)
        self.remove_class("-last")  # their own view stays in sight under it
