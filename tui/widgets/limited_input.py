"""A text field with a length limit that says so when it is reached.

Textual's `Input(max_length=...)` refuses what would go past its limit
with nothing but the terminal's bell (a paste that does not fit goes in
not at all), and over SSH a bell is easily missed: the player typed on,
and the end of their line went nowhere."""

from __future__ import annotations

import time

from textual.widgets import Input

#: the shortest time between two notices of the limit (a key held down)
NOTICE_EVERY = 3.0


class LimitedInput(Input):
    """An `Input` whose refused text brings a notice naming its limit."""

    #: what the limit is for ("A chat line", "A note"): the notice's subject
    what = "A line"

    def __init__(self, *args: object, what: str = "A line", **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.what = what
        self._noticed = -NOTICE_EVERY

    def restricted(self) -> None:
        super().restricted()
        now = time.monotonic()
        if self.max_length and now - self._noticed >= NOTICE_EVERY:
            self._noticed = now
            self.notify(f"{self.what} is {self.max_length} characters at most: "
                        "the rest did not go in.", severity="warning", timeout=4)
