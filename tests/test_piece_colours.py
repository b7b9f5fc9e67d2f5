"""Each game's coloured pieces, as the app draws them in every theme and at
every colour depth: the pieces a player tells apart by colour are drawn
apart, each colour reads as its name, and each reads against what it is
drawn on.

A look-and-read play-test found the colour theme (and every dark theme of
the picker) drawing Boss Quest's Red and Purple weapons alike, Blue violet
and Yellow orange, Overseers' Anger as Lust, and Overboss Duel's Town and
Spawning Pool on one background: outside the ANSI themes Textual maps the
ANSI colour names the pieces use through a palette where red is magenta.
On a white terminal (--theme light) yellow and cyan text could hardly be
read, and at 16 colours Greed fell back to Courage's yellow.

A piece is drawn as the app draws it: its style over the theme's
foreground and background, through the app's line filters, then brought
down to the terminal's colours. An ANSI theme's colours are the terminal's
own: they are read here in xterm's palette (and the Linux console's, for a
dark terminal), on black or on white.
"""

from __future__ import annotations

import colorsys
import itertools
import math

import pytest
from rich.color import EIGHT_BIT_PALETTE, ColorSystem
from rich.color import Color as RichColor
from rich.segment import Segment
from rich.style import Style
from textual.color import Color

from core.bossquest.cards import Colour
from core.overboss.components import Terrain
from core.overseers.cards import Trait
from tests.screen_kit import settle
from tui.app import OvertableApp
from tui.screens import bossquest, overboss, overseers, overstocked_area

RGB = tuple[int, int, int]

#: xterm's own 16 colours, and the Linux console's (TERM=linux)
XTERM: tuple[RGB, ...] = (
    (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205),
    (0, 205, 205), (229, 229, 229), (127, 127, 127), (255, 0, 0), (0, 255, 0),
    (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255))
LINUX: tuple[RGB, ...] = (
    (0, 0, 0), (170, 0, 0), (0, 170, 0), (170, 85, 0), (0, 0, 170), (170, 0, 170),
    (0, 170, 170), (170, 170, 170), (85, 85, 85), (255, 85, 85), (85, 255, 85),
    (255, 255, 85), (85, 85, 255), (255, 85, 255), (85, 255, 255), (255, 255, 255))
#: a terminal: its 16 colours, its background, its foreground
DARK_TERMINALS = (("xterm", XTERM, (0, 0, 0), (229, 229, 229)),
                  ("linux", LINUX, (0, 0, 0), (170, 170, 170)))
LIGHT_TERMINALS = (("xterm on white", XTERM, (255, 255, 255), (0, 0, 0)),)

DEPTHS = (ColorSystem.TRUECOLOR, ColorSystem.EIGHT_BIT, ColorSystem.STANDARD)

#: each game's pieces that colour tells apart: name -> style
GROUPS: dict[str, dict[str, str]] = {
    "Boss Quest weapons": {c.name: s for c, s in bossquest.COLOUR_STYLE.items()},
    "Overseers traits": {t.name: s for t, s in overseers.TRAIT_STYLE.items()},
    "Overboss terrains": {t.name: s for t, s in overboss.TERRAIN_STYLE.items()},
    "Overboss edges": {"WATER": overboss.WATER.style, "MOUNTAIN": overboss.MOUNTAIN.style},
    "Overstocked toys": {ch: s for ch, s in overstocked_area.SPACE_STYLE.items() if ch != "."},
    "Overstocked card being placed": {ch: overstocked_area.ghost_style(ch)
                                      for ch in overstocked_area.SPACE_STYLE if ch != "."},
}

#: the hue (degrees) each named colour must read as: red reads red, blue blue
HUES: dict[str, tuple[float, float]] = {
    "red": (-20, 20), "orange-brown": (15, 45), "yellow": (40, 65), "green": (80, 160),
    "cyan": (165, 200), "blue": (200, 245), "purple": (255, 320),
}
NAMED: dict[str, dict[str, str]] = {
    "Boss Quest weapons": {Colour.RED.name: "red", Colour.BLUE.name: "blue",
                           Colour.YELLOW.name: "yellow", Colour.PURPLE.name: "purple",
                           Colour.GREEN.name: "green"},
    "Overseers traits": {Trait.ANGER.name: "red", Trait.BENEVOLENCE.name: "green",
                         Trait.LUST.name: "purple", Trait.COURAGE.name: "yellow",
                         Trait.HOPE.name: "cyan", Trait.GREED.name: "orange-brown"},
    "Overboss terrains": {Terrain.TOWN.name: "red", Terrain.SUNKEN_CITY.name: "blue",
                          Terrain.SPAWNING_POOL.name: "purple", Terrain.ROAD.name: "yellow",
                          Terrain.ICY_PEAK.name: "cyan"},
    "Overboss edges": {"WATER": "blue", "MOUNTAIN": "yellow"},
    "Overstocked toys": {"P": "blue", "Y": "yellow", "B": "green"},
}

#: the least difference (CIE76 ΔE) between two pieces told apart by colour
#: (2.3 is the least an eye sees side by side; this is at a glance)
APART = 20.0
#: the least contrast (WCAG's ratio) of a piece against what it is drawn
#: on: WCAG's for bold text and for marks that carry meaning
READS = 3.0


def _linear(c: float) -> float:
    c /= 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def luminance(rgb: RGB) -> float:
    r, g, b = (_linear(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: RGB, b: RGB) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def lab(rgb: RGB) -> tuple[float, float, float]:
    r, g, b = (_linear(c) for c in rgb)
    xyz = (0.4124 * r + 0.3576 * g + 0.1805 * b, 0.2126 * r + 0.7152 * g + 0.0722 * b,
           0.0193 * r + 0.1192 * g + 0.9505 * b)
    f = [t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116
         for t in (xyz[0] / 0.95047, xyz[1], xyz[2] / 1.08883)]
    return 116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])


def delta_e(a: RGB, b: RGB) -> float:
    return math.dist(lab(a), lab(b))


def hue(rgb: RGB) -> float:
    h, _, _ = colorsys.rgb_to_hls(*(c / 255 for c in rgb))
    return h * 360


class Look:
    """One piece as a terminal shows it: the colour of its mark, the colour
    under it, and the codes that draw it."""

    def __init__(self, ink: RGB, paper: RGB, codes: tuple, swatch: bool) -> None:
        self.ink, self.paper, self.codes, self.swatch = ink, paper, codes, swatch

    @property
    def colour(self) -> RGB:
        """What the piece's colour is: its background if it has one of its
        own (a swatch), else its text."""
        return self.paper if self.swatch else self.ink


def theme_base(app: OvertableApp) -> tuple[Style, Color]:
    """The style a widget draws text in under the app's theme, and its background."""
    variables = app.theme_variables
    back, fore = Color.parse(variables["background"]), Color.parse(variables["foreground"])
    if app.current_theme.ansi:
        return Style(color="default", bgcolor="default"), back
    return Style(color=fore.rich_color, bgcolor=back.rich_color), back


def look(app: OvertableApp, spec: str, depth: ColorSystem,
         terminal: tuple[str, tuple[RGB, ...], RGB, RGB]) -> Look:
    """How `spec` is drawn by `app` in its theme at `depth` on `terminal`."""
    _, palette, term_back, term_fore = terminal
    base, background = theme_base(app)
    piece = Style.parse(spec)
    segments = [Segment("X", base + piece)]
    for line_filter in app.get_line_filters():
        segments = line_filter.apply(segments, background)
    style = segments[0].style
    assert style is not None

    def rgb(colour: RichColor | None, default: RGB) -> tuple[RGB, object]:
        if colour is None or colour.is_default:
            return default, None
        colour = colour.downgrade(depth)
        if colour.triplet is not None:
            return tuple(colour.triplet), tuple(colour.triplet)  # type: ignore[return-value]
        number = colour.number
        assert number is not None
        return (palette[number] if number < 16 else tuple(EIGHT_BIT_PALETTE[number])), number

    ink, ink_code = rgb(style.color, term_fore)
    paper, paper_code = rgb(style.bgcolor, term_back)
    if style.reverse:
        ink, paper = paper, ink
    # a background of its own: the piece's, or one the app gave it (not
    # the terminal's, which "on default" asks for)
    swatch = (not (piece.bgcolor is not None and piece.bgcolor.is_default)
              and style.bgcolor is not None and not style.bgcolor.is_default
              and style.bgcolor != base.bgcolor)
    return Look(ink, paper, (ink_code, paper_code, bool(style.reverse)), swatch)


def terminals(app: OvertableApp) -> tuple:
    """The terminals a theme is read on: its own colours are the terminal's
    (ANSI themes), or are drawn whatever the terminal (at 16 colours, the
    terminal's again)."""
    return DARK_TERMINALS if app.current_theme.dark else LIGHT_TERMINALS


THEMES = sorted(OvertableApp().available_themes)


#: the looks found in each theme (an app started once for a theme's three tests)
_LOOKS: dict[str, list[tuple[str, str, str, dict[str, Look]]]] = {}


async def looks_in(theme: str) -> list[tuple[str, str, str, dict[str, Look]]]:
    """(group, terminal, depth, name -> look) for every piece in `theme`."""
    if theme not in _LOOKS:
        _LOOKS[theme] = await _looks_in(theme)
    return _LOOKS[theme]


async def _looks_in(theme: str) -> list[tuple[str, str, str, dict[str, Look]]]:
    app = OvertableApp(bot_delay=0, theme_name=theme)
    out = []
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.theme == theme
        for terminal in terminals(app):
            for depth in DEPTHS:
                for group, pieces in GROUPS.items():
                    out.append((group, terminal[0], depth.name,
                                {name: look(app, spec, depth, terminal)
                                 for name, spec in pieces.items()}))
    return out


@pytest.mark.parametrize("theme", THEMES)
async def test_every_theme_draws_each_games_colour_pieces_apart(theme):
    """Every pair of one game's pieces differs at a glance, in every theme,
    at truecolour, 256 and 16 colours: two swatches in their background."""
    alike = []
    for group, terminal, depth, looks in await looks_in(theme):
        for (a, la), (b, lb) in itertools.combinations(looks.items(), 2):
            # two swatches are told apart by their colour, not by the
            # letter's (Town and Spawning Pool: white and black on one red)
            apart = (delta_e(la.paper, lb.paper) if la.swatch and lb.swatch
                     else max(delta_e(la.ink, lb.ink), delta_e(la.paper, lb.paper)))
            if la.codes == lb.codes or apart < APART:
                alike.append(f"{group}, {terminal}, {depth}: {a} {la.codes} ~ {b} {lb.codes}"
                             f" (ΔE {apart:.0f})")
    assert not alike, "\n".join(alike)


@pytest.mark.parametrize("theme", THEMES)
async def test_every_theme_draws_each_colour_as_its_name(theme):
    """Red reads red, blue blue, yellow yellow, purple purple (the colour
    theme's Blue weapons were violet, Yellow orange), in full colour."""
    wrong = []
    for group, terminal, depth, looks in await looks_in(theme):
        if depth != ColorSystem.TRUECOLOR.name or group not in NAMED or terminal == "linux":
            continue  # (the Linux console's own yellow is brown, its red dark: its choice)
        for name, named in NAMED[group].items():
            seen = hue(looks[name].colour)
            low, high = HUES[named]
            if not (low <= seen <= high or low <= seen - 360 <= high):
                wrong.append(f"{group}, {terminal}: {name} should read {named}, "
                             f"is {looks[name].colour} (hue {seen:.0f})")
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("theme", THEMES)
async def test_every_piece_reads_against_what_it_is_drawn_on(theme):
    """Each piece's mark against its background: a light theme's yellow and
    cyan on white could hardly be read, nor a card placed at 80 columns in
    plain blue on black."""
    faint = []
    ansi = theme in ("ansi-dark", "ansi-light")
    for group, terminal, depth, looks in await looks_in(theme):
        if terminal == "linux":
            continue  # (its own red is dark on its black: the ANSI theme keeps the terminal's)
        if not ansi and depth != ColorSystem.TRUECOLOR.name:
            continue  # (a theme of its own colours brought down to 256 or 16 is
            # greyed, its background too: the ANSI themes are for those terminals)
        for name, seen in looks.items():
            ratio = contrast(seen.ink, seen.paper)
            if ratio < READS:
                faint.append(f"{group}, {terminal}, {depth}: {name} {seen.ink} on "
                             f"{seen.paper} ({ratio:.1f}:1)")
    assert not faint, "\n".join(faint)
