"""Text from outside (a save's file names and problems, a hub's messages,
names and chat) shown as it is: no control character reaches the terminal
(ESC would start an escape sequence) and no bracket is read as markup
(`core.wording.printable`, which the saves use too, keeping line breaks).
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.content import Content

from core import wording


def printable(text: Any) -> str:
    """`text` with every non-printable character (controls, ESC, format
    characters; line breaks kept) replaced by U+FFFD."""
    return wording.printable(text, keep_lines=True)


def plain(text: Any) -> Content:
    """`text` for a widget that takes Textual markup: `printable`, no markup."""
    return Content(printable(text))


def cell(text: Any) -> Text:
    """`text` for a DataTable cell, where a string is Rich markup (with
    emoji codes and "\\[" read too): `printable`, as a Rich Text, so that
    it shows exactly as it is and its column is as wide as it is."""
    return Text(printable(text), end="")
