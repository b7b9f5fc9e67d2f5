"""A text field with a length limit that says so when it is reached.

Textual's `Input(max_length=...)` refuses what would go past its limit
with nothing but the terminal's bell, and a paste that does not fit goes
in not at all: over SSH a bell is easily missed, and a player who pasted a
long line found nothing in the field. Here what fits goes in (the start of
a paste, up to the limit) and a notice says the rest did not."""

from __future__ import annotations

import time

from textual.widgets import Input

from host.messages import MAX_CHAT

#: the shortest time between two notices of the limit (a key held down)
NOTICE_EVERY = 3.0


class LimitedInput(Input):
    """An `Input` that keeps what fits of a text too long for its limit,
    and whose refused text brings a notice naming the limit."""

    #: what the limit is for ("A chat line", "A note"): the notice's subject
    what = "A line"

    def __init__(self, *args: object, what: str = "A line", **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.what = what
        self._noticed = -NOTICE_EVERY

    def replace(self, text: str, start: int, end: int) -> None:
        limit = self.max_length
        value = self.value
        start, end = sorted((max(0, start), min(len(value), end)))
        room = limit - (len(value) - (end - start)) if limit else len(text)
        if len(text) <= room:
            super().replace(text, start, end)
            return
        # the start of the text, as much as fits (typing or a paste alike)
        if room > 0:
            super().replace(text[:room], start, end)
        self.restricted()

    def restricted(self) -> None:
        super().restricted()
        now = time.monotonic()
        if self.max_length and now - self._noticed >= NOTICE_EVERY:
            self._noticed = now
            self.notify(f"{self.what} is {self.max_length} characters at most: "
                        "the rest did not go in.", severity="warning", timeout=4)


class TalkInput(LimitedInput):
    """A line said to others: the F2 chat's and Overseers' table talk's
    field, both the hub's chat line (a note went in cut at 80 characters
    without a word, a chat line at 200 with a notice)."""

    def __init__(self, **kwargs: object) -> None:
        super().__init__(max_length=MAX_CHAT, what="A chat line", **kwargs)
