"""Text from outside (a save's file names and problems, a hub's messages,
names and chat) shown as it is: no control character reaches the terminal
(ESC would start an escape sequence) and no bracket is read as markup. The
screens import no saves, so this mirrors `saves.journal.printable`."""

from __future__ import annotations

from typing import Any

from rich.cells import cell_len
from rich.text import Text
from textual.content import Content


def printable(text: Any) -> str:
    """`text` with every non-printable character (controls, ESC, format
    characters; line breaks kept) replaced by U+FFFD."""
    text = text if isinstance(text, str) else str(text)
    return "\n".join(
        line if line.isprintable() else "".join(c if c.isprintable() else "\ufffd" for c in line)
        for line in text.split("\n")
    )


def plain(text: Any) -> Content:
    """`text` for a widget that takes Textual markup: `printable`, no markup."""
    return Content(printable(text))


def cell(text: Any) -> Text:
    """`text` for a DataTable cell, where a string is Rich markup (with
    emoji codes and "\\[" read too): `printable`, as a Rich Text, so that
    it shows exactly as it is and its column is as wide as it is."""
    return Text(printable(text), end="")


def listed(names: list[str]) -> str:
    """Names as a sentence lists them: "Ann", "Ann and Bob", "Ann, Bob and Cy"."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def shortened(text: str, width: int | None) -> str:
    """`text` in at most `width` terminal cells (None: whole), "…" marking
    a cut: a wide character (an emoji, a CJK letter) counts two cells and
    is never split, and a mark that combines with a letter stays with it."""
    if width is None or cell_len(text) <= width:
        return text
    if width <= 1:
        return "…"[:max(width, 0)]
    kept, used = [], 0
    for char in text:
        size = cell_len(char)
        if used + size > width - 1:
            break
        kept.append(char)
        used += size
    return "".join(kept).rstrip() + "…"
