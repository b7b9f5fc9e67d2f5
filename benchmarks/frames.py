"""Seeing each frame an app sends, for the benchmarks that time a change to
the frame that shows it (screen_update, new_match)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def on_each_frame(app: Any, seen: Callable[[], None]) -> Callable[[], None]:
    """Call `seen` after every frame `app` sends, the frame first turned into
    the bytes a terminal would get (headless, Textual stops short of that).
    Returns what puts the app back as it was."""
    original = app._display

    def display(target: Any, renderable: Any) -> None:
        if renderable is not None and hasattr(renderable, "render_segments"):
            renderable.render_segments(app.console)
        original(target, renderable)
        seen()

    app._display = display
    return lambda: setattr(app, "_display", original)
