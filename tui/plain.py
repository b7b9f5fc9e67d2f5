"""Text from outside (a save's file names and problems, a hub's messages,
chat) shown as it is: no control character reaches the terminal (ESC would
start an escape sequence) and, where it is passed to a widget, no bracket is
read as markup. The screens import no saves, so this mirrors
`saves.journal.printable`."""

from __future__ import annotations

from typing import Any

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
    """`text` for a widget: `printable`, and no markup."""
    return Content(printable(text))
