"""What the games' ANSI colour names look like in each theme.

The games' pieces are styled with ANSI colour names (`bold red`, `black on
yellow`), so that the ANSI themes draw them in the terminal's own colours.
Outside those themes Textual draws each name in a palette of its own: its
dark one (Monokai) gives red and magenta one colour (244,0,95), so Boss
Quest's Red and Purple weapons, Overseers' Anger and Lust and Overboss
Duel's Town and Spawning Pool came out alike, its blue violet and its
yellow orange (a play-test). `DARK` and `LIGHT` are the palettes the app
gives Textual instead (`App.ansi_theme_dark`, `App.ansi_theme_light`): each
name a colour of its own that reads as its name, on the theme's background
and under the black or white letter a piece's swatch carries.

On a light terminal's own colours (the light ANSI theme) a piece's yellow,
green or cyan letter could hardly be read on white: `LightTerminalInk`
draws such a letter black on its colour, a swatch, as Overstocked's toys
already are (`bold black on yellow` reads well there).

tests/test_piece_colours.py reads every game's pieces in every theme, at
truecolour, 256 and 16 colours.
"""

from __future__ import annotations

from functools import lru_cache

from rich.color import Color as RichColor
from rich.segment import Segment
from rich.style import Style
from rich.terminal_theme import TerminalTheme
from textual.color import Color
from textual.filter import LineFilter

#: the dark themes' palette: Monokai's background, foreground, black, white
#: and greys, and a colour of its own for each of the six hues, true to its
#: name (normal: a piece's text on a dark background, or a swatch under
#: white (red, blue) or black (the others) letters; bright: lighter)
DARK = TerminalTheme(
    (12, 12, 12),
    (217, 217, 217),
    [
        (26, 26, 26),  # black
        (235, 75, 75),  # red
        (80, 195, 80),  # green
        (235, 200, 40),  # yellow
        (40, 110, 230),  # blue (at 256 colours 0,95,215, not violet)
        (175, 95, 230),  # magenta: purple
        (60, 200, 215),  # cyan
        (196, 197, 181),  # white
        (98, 94, 76),  # bright black
    ],
    [
        (255, 105, 105),  # bright red
        (135, 230, 110),  # bright green
        (250, 230, 110),  # bright yellow
        (95, 155, 255),  # bright blue: Boss Quest's Blue, the water's edge
        (240, 120, 220),  # bright magenta: pink
        (125, 230, 245),  # bright cyan
        (246, 246, 239),  # bright white
    ],
)

#: the light themes' palette: each hue dark enough to read as text on a
#: light background (and a swatch under a black letter), the bright ones
#: lighter, for swatches
LIGHT = TerminalTheme(
    (247, 247, 247),
    (0, 0, 0),
    [
        (0, 0, 0),  # black
        (180, 30, 30),  # red
        (35, 125, 35),  # green
        (150, 108, 0),  # yellow: dark gold, to read on white
        (35, 85, 205),  # blue
        (135, 50, 170),  # magenta: purple
        (0, 125, 145),  # cyan
        (200, 200, 200),  # white
        (119, 119, 119),  # bright black
    ],
    [
        (215, 55, 55),  # bright red
        (60, 160, 45),  # bright green
        (245, 205, 60),  # bright yellow
        (40, 95, 225),  # bright blue
        (185, 45, 150),  # bright magenta: pink
        (60, 190, 210),  # bright cyan
        (255, 255, 255),  # bright white
    ],
)

#: the terminal's colours (their numbers) a light terminal shows too pale
#: for a letter on its background: yellow, green and cyan, and bright white
PALE_ON_LIGHT = frozenset({2, 3, 6, 10, 11, 14, 15})
_BLACK = RichColor.parse("black")


@lru_cache(maxsize=1024)
def light_ink(style: Style) -> Style:
    """`style` as a light terminal reads it: a bold letter in a pale colour
    of the terminal's own, on the terminal's background, turned black on
    that colour. The games' pieces are bold; a border or a rule is not, and
    keeps its colour."""
    colour, back = style.color, style.bgcolor
    if (not style.bold or style.reverse or colour is None or colour.number is None
            or colour.triplet is not None or colour.number not in PALE_ON_LIGHT
            or not (back is None or back.is_default)):
        return style
    return style + Style(color=_BLACK, bgcolor=colour)


class LightTerminalInk(LineFilter):
    """`light_ink` for every segment: on while the theme is the terminal's
    own colours on a light background (`App.watch_theme` switches it)."""

    def apply(self, segments: list[Segment], background: Color) -> list[Segment]:
        return [Segment(text, light_ink(style), control) if style is not None and not control
                else Segment(text, style, control)
                for text, style, control in segments]


__all__ = ["DARK", "LIGHT", "PALE_ON_LIGHT", "LightTerminalInk", "light_ink"]
