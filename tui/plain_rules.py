"""A game's in-app rules as plain text, for `overtable rules GAME | less`:
the Markdown laid out by Rich as the rules screen lays it out, without
colour or styles, its headings underlined (unstyled, they read as any
other line)."""

from __future__ import annotations

import io
import os
import re
from typing import Any, ClassVar

from rich.console import Console, ConsoleOptions, RenderResult
from rich.markdown import Heading, Markdown, MarkdownElement
from rich.text import Text

#: the narrowest $COLUMNS taken: the tables need some room to read
NARROWEST = 40


class _Heading(Heading):
    """A heading at the left, underlined with = (the title) or -."""

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        text = self.text.copy()
        text.justify = "left"
        yield text
        rule = "=" if self.tag == "h1" else "-"
        yield Text(rule * min(text.cell_len, options.max_width))


class _PlainMarkdown(Markdown):
    elements: ClassVar[dict[str, type[MarkdownElement]]] = {
        **Markdown.elements, "heading_open": _Heading}


def output_width(environ: Any = os.environ) -> int:
    """$COLUMNS where it is a number (no narrower than `NARROWEST`), else 80."""
    try:
        columns = int(environ.get("COLUMNS", ""))
    except ValueError:
        return 80
    return max(columns, NARROWEST) if columns > 0 else 80


#: a letter bold within a name ("**R**ed", "Spells**l**ime", "**S**unken
#: City", a name's next capitalised words too, "**B**ean\n  Bears")
_BOLD_LETTER = re.compile(
    r"(?P<before>\w*)\*\*(?P<letter>[A-Za-z])\*\*(?P<after>[\w-]*)"
    r"(?P<more>(?:(?: |\n +)[A-Z][a-z][\w-]*)*)(?P<paren> \()?")


def _letters_named(markdown: str) -> str:
    """Each letter that only bold marks in a name ("**R**ed": the letter
    the screens show for it) said after the name, "Red (R)": plain text has
    no bold, and "Each colour has a letter, always shown beside it: Red,
    Blue..." named no letter. A bold letter on its own ("**H** a hero") is
    left as it is."""
    def named(found: re.Match[str]) -> str:
        if not found["before"] and not found["after"]:
            return found[0]
        name = found["before"] + found["letter"] + found["after"] + found["more"]
        letter = found["letter"].upper()
        # "Pocket Petz (blue)": "Pocket Petz (P, blue)"
        return f"{name} ({letter}, " if found["paren"] else f"{name} ({letter})"

    return _BOLD_LETTER.sub(named, markdown)


def plain_rules(markdown: str, width: int) -> str:
    """`markdown` laid out in `width` columns as plain text, every line
    without trailing spaces; a letter marked only in bold named after its
    word (`_letters_named`)."""
    markdown = _letters_named(markdown)
    out = io.StringIO()
    console = Console(file=out, width=width, color_system=None, force_terminal=False,
                      no_color=True, emoji=False, highlight=False, markup=False,
                      legacy_windows=False, _environ={})
    console.print(_PlainMarkdown(markdown, hyperlinks=False))
    lines = [line.rstrip() for line in out.getvalue().splitlines()]
    while lines and not lines[0]:
        lines.pop(0)
    while lines and not lines[-1]:
        lines.pop()
    return "\n".join(lines) + "\n"
