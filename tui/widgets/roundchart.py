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
    """`values` as bars, one a round (the latest `width` where they do not
    fit): a round drawn twice to fill the room read as two rounds."""
    if not values or width <= 0:
        return ""
    scale = len(BARS) - 1
    return "".join(BARS[0 if top <= 0 else round(max(0.0, min(v, top)) / top * scale)]
                   for v in list(values)[-width:])


def shown_rounds(rounds: int, width: int) -> range:
    """The rounds (from 1) a chart `width` cells wide shows of `rounds`."""
    return range(max(1, rounds - max(width, 1) + 1), rounds + 1)


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


class RoundsCaption(Widget):
    """What the charts' columns are, under them: the rounds they show (the
    latest where a chart is narrower than the match was long)."""

    DEFAULT_CSS = """
    RoundsCaption {
        height: 1; width: 1fr; color: $text-muted;
        text-wrap: nowrap; text-overflow: ellipsis;
    }
    """

    def __init__(self, rounds: int, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.rounds = rounds

    def render(self) -> Text:
        charts = self.screen.query(RoundChart)
        # (no width yet, or none left: as many as the rounds)
        width = (charts.first().size.width if charts else 0) or self.rounds
        shown = shown_rounds(self.rounds, width)
        # "rounds 1-5", not "1 to 5": beside the bars that read as a scale
        span = f"round {shown[0]}" if len(shown) == 1 else f"rounds {shown[0]}-{shown[-1]}"
        return Text(f"Bars: keys and hearts after {span}", no_wrap=True, overflow="ellipsis")
