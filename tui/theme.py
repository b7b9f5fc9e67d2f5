"""Colour themes: a truecolour theme, and an ANSI one for SSH and plain terminals.

OpenSSH does not forward COLORTERM, so a truecolour theme falls back to 256
colours and looks muddy over SSH. When COLORTERM does not promise 24-bit
colour we start with a theme built from the terminal's own 16 ANSI colours.
"""

from __future__ import annotations

import os
from collections.abc import Mapping

#: the theme for terminals that declare truecolour
COLOUR_THEME = "textual-dark"
#: the theme built from the terminal's ANSI palette (Textual's built-in)
ANSI_THEME = "ansi-dark"

#: names the CLI accepts for --theme
CHOICES = {"auto": None, "colour": COLOUR_THEME, "color": COLOUR_THEME, "ansi": ANSI_THEME}


def truecolour(environ: Mapping[str, str] | None = None) -> bool:
    """Whether the terminal says it shows 24-bit colour."""
    env = os.environ if environ is None else environ
    return env.get("COLORTERM", "").strip().lower() in ("truecolor", "24bit")


def pick_theme(environ: Mapping[str, str] | None = None) -> str:
    """The theme to start with: truecolour if declared, otherwise ANSI."""
    return COLOUR_THEME if truecolour(environ) else ANSI_THEME


def toggled(theme: str) -> str:
    """The other of the two themes (any non-ANSI theme toggles to ANSI)."""
    return COLOUR_THEME if theme == ANSI_THEME else ANSI_THEME
