"""Lines that break between their parts, never inside one, at the width
the widget has now: "Waiting B K W M" stays whole where wrapping at any
space left "Waiting" at the end of one line and its tokens on the next."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.text import Text
from textual import events

from tui.widgets.kept_lines import KeptStatic
from tui.widgets.quiet import update_static


def flow_parts(parts: Sequence[Text], width: int, *, indent: str = "", sep: str = " · ",
               hang: str | None = None) -> Text:
    """`parts` joined with `sep` after `indent`, going on to a new line
    (after `hang`, else `indent`) before a part that would pass `width`
    cells: a part is never cut in two. A part wider than a whole line is
    filled in word by word. Width 0 (not laid out yet): one line."""
    hang = indent if hang is None else hang
    out = Text(indent, end="")
    used = len(indent)
    first = True
    for part in parts:
        whole = not width or part.cell_len <= width - len(hang)
        for n, piece in enumerate([part] if whole else list(part.split(" "))):
            joiner = sep if n == 0 else " "
            if first:
                first = False
            elif width and used + len(joiner) + piece.cell_len > width:
                out.append("\n" + hang)
                used = len(hang)
            else:
                out.append(joiner)
                used += len(joiner)
            out.append_text(piece)
            used += piece.cell_len
    return out


@dataclass(frozen=True)
class Parts:
    """One line of a `Flowed` widget made of parts (see `flow_parts`)."""

    parts: tuple[Text, ...]
    sep: str = " · "
    indent: str = ""
    hang: str | None = None


@dataclass(frozen=True)
class Wordings:
    """One line of a `Flowed` widget said in several wordings, longest
    first: the longest that fits is shown (see `fitting`)."""

    texts: tuple[Text, ...]


def fitting(wordings: Sequence[Text], width: int) -> Text:
    """The first of `wordings` (longest first) that fits `width` cells, else
    the last; the last too before the widget has a width."""
    if width > 0:
        for text in wordings:
            if text.cell_len <= width:
                return text
    return wordings[-1]


class Flowed(KeptStatic):
    """A Static whose lines are `Text` (wrapped as usual) or `Parts`
    (broken between parts), laid out again whenever its width changes: a
    screen that drew them before the widget had its width left them broken
    for another width. Each line's cells are kept while it stays the same
    (`KeptStatic`): Overboss Duel's players panel changes a line or two an
    update."""

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__("", id=id, classes=classes)
        self._lines: tuple[Text | Parts | Wordings, ...] = ()
        self._width = -1

    def set_lines(self, lines: Sequence[Text | Parts | Wordings]) -> None:
        self._lines = tuple(lines)
        self._fill()

    def on_resize(self, event: events.Resize) -> None:
        if self.laid_out_for_another_size():
            self._fill()

    def laid_out_for_another_size(self) -> bool:
        """Whether the lines shown were laid out for another width (a
        subclass that fills its height: or another height)."""
        return self.content_region.width != self._width

    def _fill(self) -> None:
        width = self._width = self.content_region.width
        update_static(self, self.text_at(width))

    def text_at(self, width: int) -> Text:
        """The lines laid out `width` cells wide."""
        out = [line if isinstance(line, Text)
               else fitting(line.texts, width) if isinstance(line, Wordings)
               else flow_parts(line.parts, width, indent=line.indent, sep=line.sep, hang=line.hang)
               for line in self._lines]
        return Text("\n", end="").join(out)
