"""A bar per round on a fixed scale, for the results screen.

Textual's Sparkline scales each series to its own minimum and maximum, so a
player who kept 3 hearts all game drew as empty bars. Here every player's
chart shares one scale from 0 to `top`.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.widget import Widget

#: heights from 0 to `top`; 0 keeps a baseline so an empty chart still shows
BARS = "▁▂▃▄▅▆▇█"


def bars(values: Sequence[float], top: float, width: int) -> str:
    """`values` as bars, each round repeated to fill `width` where it fits."""
    if not values or width <= 0:
        return ""
    shown = list(values)[-width:]
    per = max(1, width // len(shown))
    scale = len(BARS) - 1
    out = []
    for v in shown:
        level = 0 if top <= 0 else round(max(0.0, min(v, top)) / top * scale)
        out.append(BARS[level] * per)
    return "".join(out)


class RoundChart(Widget):
    """One player's values round by round, scaled from 0 to `top`."""

    DEFAULT_CSS = """
    RoundChart { height: 1; width: 1fr; }
    """

    def __init__(self, values: Sequence[float], top: float, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.values = tuple(values)
        self.top = top

    def render(self) -> Text:
        return Text(bars(self.values, self.top, self.size.width), style="bold")
