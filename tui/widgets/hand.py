"""A hand of cards: one row (wrapping) of small cards, with a cursor.

Game-agnostic. The screen hands it `Card`s: the face text (short, like
"R5"), a Rich style for it, whether the card lies face down and whether the
viewer knows its face. A card the viewer does not know is drawn as a back;
nothing of its face reaches the screen. Face-up cards are drawn ``[R5]``,
face-down cards known to the viewer ``(R5)``, unknown ones ``[▒▒]``: the
brackets, not the colour, carry the meaning.

While `picking` is on, arrows move a cursor over the enabled cards, Enter or
a click picks one (`Hand.Selected`).

Drawn line by line (`KeptLines`): a line of cards that did not change
costs nothing to draw again (docs/performance.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.reactive import reactive

from tui.widgets.cursor import CursorWidget, flow
from tui.widgets.kept_lines import KeptLines
from tui.widgets.quiet import content_key, relayout_if_resized

BACK = "▒▒"


@dataclass(frozen=True)
class Card:
    """One card as a hand shows it."""

    text: str = ""
    style: str = ""
    face_down: bool = False
    #: the viewer knows the face of this face-down card
    known: bool = True
    #: may be picked while the hand is picking
    enabled: bool = True
    key: str = ""


def card_text(card: Card, *, back: str = BACK) -> Text:
    """The card as text: ``[R5]`` face up, ``(R5)`` face down but known,
    ``[▒▒]`` a back (its face is never looked at)."""
    if card.face_down and not card.known:
        return Text(f"[{back}]", style="dim")
    face = Text(card.text, style=card.style)
    if card.face_down:
        return Text.assemble("(", face, ")")
    return Text.assemble("[", face, "]")


class Hand(KeptLines, CursorWidget):
    """A row of cards that wraps to the widget's width."""

    DEFAULT_CSS = """
    Hand {
        height: auto;
        width: 1fr;
    }
    Hand > .hand--cursor {
        text-style: bold reverse;
    }
    """

    COMPONENT_CLASSES = {"hand--cursor"}

    BINDINGS = [
        Binding("left", "move(-1)", "Left", show=False, tooltip="Move between the cards"),
        Binding("right", "move(1)", "Right", show=False, tooltip="Move between the cards"),
        # Up and Down move along the row too; F1 names the row's arrows
        # (`HELP_LEAVES_OUT`), as the games' prompts do ("←→ + Enter")
        Binding("up", "along(-1)", "Left", show=False, tooltip="Move between the cards"),
        Binding("down", "along(1)", "Right", show=False, tooltip="Move between the cards"),
        # (F1's words: `help_text`)
        Binding("enter", "select", "Choose", key_display="↵"),
    ]

    HELP_LEAVES_OUT = frozenset({"along(-1)", "along(1)"})

    def action_along(self, step: int) -> None:
        self.action_move(step)

    def help_text(self, binding: Binding) -> str | None:
        """F1 names what Enter does now: choose the highlighted card, or why
        it does nothing yet (`enter_held`: Overseers' pack come under the
        key, not looked at)."""
        if binding.action != "select":
            return None
        if held := self.why_enter_held():
            return held
        return "Choose the highlighted card"

    class Highlighted(CursorWidget.Highlighted):
        """The cursor moved to card `index`."""

    class Selected(CursorWidget.Selected):
        """Card `index` was picked."""

    #: draw each card as a small 3-line box (for roomy terminals)
    big: reactive[bool] = reactive(False, layout=True)

    def __init__(self, cards: Sequence[Card] = (), *, empty: str = "no cards",
                 caption: str | Text = "", name: str | None = None, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self._cards: tuple[Card, ...] = tuple(cards)
        self.empty = empty
        self._caption: str | Text = caption
        #: (line, first x, last x) of each card as last drawn
        self._places: list[tuple[int, int, int]] = []
        self._shown: object = None

    @property
    def cards(self) -> tuple[Card, ...]:
        return self._cards

    def set_cards(self, cards: Sequence[Card], *, picking: bool | None = None,
                  caption: str | Text | None = None) -> None:
        """Show `cards`; `caption` is text after the cards (a total, say)."""
        self._cards = tuple(cards)
        if caption is not None:
            self._caption = caption
        if picking is not None:
            self.picking = picking
        self._settle_cursor(keep=False)
        # the same cards again (most updates): the cursor's own refresh will do
        shown = (content_key(self._cards), self.picking, content_key(self._caption), self.empty)
        if shown != self._shown:
            self._shown = shown
            relayout_if_resized(self)

    def _items(self) -> tuple[Card, ...]:
        return self._cards

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        event.stop()
        height = 3 if self.big else 1
        for index, (line, x0, x1) in enumerate(self._places):
            if line <= offset.y < line + height and x0 <= offset.x <= x1:
                self.select(index)
                return

    # -- drawing --------------------------------------------------------

    def _pieces(self) -> list[Text]:
        pieces = []
        cursor_style = self.get_component_rich_style("hand--cursor")
        for i, card in enumerate(self._cards):
            piece = Text(end="")
            if self.picking and card.key:
                piece.append(f"{card.key}:" if card.enabled else "  ", style="bold")
            piece.append_text(card_text(card))
            if self.picking and not card.enabled:
                piece.stylize("dim")
            if self.picking and i == self.cursor and card.enabled:
                piece.stylize(cursor_style)
            pieces.append(piece)
        return pieces

    def _big_pieces(self) -> list[list[Text]]:
        """Each card as three lines: a box; dashed when face down."""
        pieces = []
        cursor_style = self.get_component_rich_style("hand--cursor")
        for i, card in enumerate(self._cards):
            hidden_face = card.face_down and not card.known
            face = Text(BACK, style="dim") if hidden_face else Text(card.text, style=card.style)
            inner = max(2, face.cell_len)
            if card.face_down:
                top, side, bottom = "┌" + "╌" * inner + "┐", "╎", "└" + "╌" * inner + "┘"
            else:
                top, side, bottom = "╭" + "─" * inner + "╮", "│", "╰" + "─" * inner + "╯"
            if self.picking and card.key and card.enabled:
                top = top[0] + card.key + top[1 + len(card.key):]
            lines = [Text(top), Text.assemble(side, face, " " * (inner - face.cell_len), side),
                     Text(bottom)]
            for line in lines:
                if self.picking and not card.enabled:
                    line.stylize("dim")
                if self.picking and i == self.cursor and card.enabled:
                    line.stylize(cursor_style)
            pieces.append(lines)
        return pieces

    def _big_layout(self, width: int) -> tuple[list[tuple[Text, ...]], list[tuple[int, int, int]]]:
        """The big cards' lines, each the parts it is made of (its cards'
        lines, the gaps, the caption): drawn part by part (`KeptLines`)."""
        width = max(1, width)
        rows: list[list[list[Text]]] = [[[], [], []]]
        places: list[tuple[int, int, int]] = []
        used = 0  # the cells of the last row's top line
        for piece in self._big_pieces():
            row = rows[-1]
            gap = 1 if used else 0
            if used and used + gap + piece[0].cell_len > width:
                rows.append([[], [], []])
                row, used, gap = rows[-1], 0, 0
            for line, part in zip(row, piece, strict=True):
                if gap:
                    line.append(Text(" "))
                line.append(part)
            x0 = used + gap
            used = x0 + piece[0].cell_len
            places.append((3 * (len(rows) - 1), x0, used - 1))
        lines = [line for row in rows for line in row]
        if self._caption:
            caption = self._caption if isinstance(self._caption, Text) else Text(self._caption)
            middle = sum(part.cell_len for part in lines[-2])
            if middle + 2 + caption.cell_len <= width:
                for line in (lines[-3], lines[-1]):
                    line.append(Text(" " * (middle + 2 + caption.cell_len
                                            - sum(part.cell_len for part in line))))
                lines[-2].extend((Text("  "), caption))
            else:
                lines.extend([line] for line in _caption_lines(caption, width))
        return [tuple(line) for line in lines], places

    def _layout(self, width: int) -> tuple[list[Text] | list[tuple[Text, ...]],
                                           list[tuple[int, int, int]]]:
        if self.big:
            return self._big_layout(width)
        width = max(1, width)
        lines, places = flow(self._pieces(), width)
        if self._caption:
            caption = self._caption if isinstance(self._caption, Text) else Text(self._caption)
            line = lines[-1]
            if line.cell_len and line.cell_len + 2 + caption.cell_len > width:
                lines.extend(_caption_lines(caption, width))
            else:
                if line.cell_len:
                    line.append("  ")
                line.append_text(caption)
        return lines, places

    def get_content_height(self, container, viewport, width: int) -> int:  # noqa: ANN001
        if not self._cards:
            return 1
        return len(self._layout(width)[0])

    def content_lines(self) -> list[Text] | list[tuple[Text, ...]]:
        # Only as many lines as `get_content_height` counts are in sight: a
        # caption too long for a narrow hand shows its first row, as before.
        if not self._cards:
            caption = self._caption if isinstance(self._caption, Text) else Text(self._caption)
            return [Text.assemble(Text(self.empty, style="dim italic"), " ", caption)]
        lines, self._places = self._layout(self.content_region.width or self.size.width)
        return lines

    def render(self) -> Text:
        return Text("\n", end="").join(
            line if isinstance(line, Text) else Text.assemble(*line, end="")
            for line in self.content_lines())


def _caption_lines(caption: Text, width: int) -> list[Text]:
    """A caption on lines of its own, broken between words where it is
    wider than the hand (a warning after the total was cut at the edge)."""
    if caption.cell_len <= width:
        return [caption]
    # a total ("= 20 > 18: over!") stays whole on a line of its own where
    # what comes before it (the spells it counts) does not fit beside it
    at = caption.plain.find("= ")
    if at > 0 and caption.cell_len - at <= width:
        head, total = caption.divide([at])
        head.rstrip()
        return [*flow(head.split(" ", allow_blank=True), width)[0], total]
    return flow(caption.split(" ", allow_blank=True), width)[0]


__all__ = ["BACK", "Card", "Hand", "card_text"]
