"""What a terminal's input may hold that the app must not act on.

Over SSH the input is whatever the client sends, not only what a keyboard
types (found by the hostile-network review):

- a key sequence naming a code point past Unicode (``ESC [ 1114112 u``, or
  one with 18 digits) raised from inside Textual's key parser, which ended
  the app with a traceback on the player's screen;
- a terminal's reply the app never asked for (``ESC [ ? 1 ; 2 c``, a
  device-attributes report) was typed out as keys: "?" opened the help;
- an unbracketed flood of keys (100 kB of "z") kept the app busy for
  minutes, so Ctrl+Q, behind it, was never read.

`guard_key_parser` makes Textual's drivers read keys with
`GuardedXTermParser`, which drops the first two; `paced_keys` wraps a driver
class so that it passes keys no faster than a person types or a key
repeats, Ctrl+Q and Ctrl+C always (a bracketed paste is one event).
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterable
from typing import Any

from textual import events
from textual._xterm_parser import (
    XTermParser,
    _re_mouse_event,
    _re_terminal_mode_response,
)
from textual.keys import Keys

#: a whole control sequence: ESC [, parameters, intermediates, a final byte
#: ("[" is not one here: ESC [ [ A is the Linux console's F1, still coming)
_CSI = re.compile(r"\x1b\[[0-?]*[ -/]*[@-Z\\-~]\Z")
#: the start of an old-style mouse report (three bytes follow)
_X10_MOUSE = "\x1b[M"

#: keys a second passed on at length, and at once (a held key repeats some
#: 30 times a second; a person types far fewer)
KEYS_PER_SECOND = 40.0
KEY_BURST = 80.0
#: keys that always pass: the way out
ALWAYS = frozenset({"ctrl+q", "ctrl+c"})


class GuardedXTermParser(XTermParser):
    """Textual's key parser, dropping what it cannot read: a sequence whose
    reading fails (a code point past Unicode), and a whole control sequence
    that is no key, mouse report or mode report (a terminal's reply,
    which it would type out as keys)."""

    def _sequence_to_key_events(self, sequence: str, alt: bool = False) -> Iterable[events.Key]:
        try:
            keys = list(super()._sequence_to_key_events(sequence, alt))
        except (ValueError, OverflowError):
            return [events.Key(Keys.Ignore, sequence)]  # the parser skips it
        if (
            not keys
            and sequence != _X10_MOUSE
            and _CSI.match(sequence)
            and not _re_mouse_event.match(sequence)
            and not _re_terminal_mode_response.match(sequence)
        ):
            return [events.Key(Keys.Ignore, sequence)]
        return keys


def guard_key_parser() -> None:
    """Textual's drivers build their parser by the name their module
    imported: that name now gives the guarded one (for every app of this
    process; Textual's minor version is pinned, and a test reads a reply
    and a sequence past Unicode through a real driver)."""
    from textual.drivers import linux_driver

    linux_driver.XTermParser = GuardedXTermParser  # type: ignore[misc]


def paced_keys(driver_class: type[Any]) -> type[Any]:
    """A driver class passing at most KEY_BURST keys at once and
    KEYS_PER_SECOND at length, dropping the rest (each would be a move, a
    redraw); Ctrl+Q and Ctrl+C always pass."""

    class PacedDriver(driver_class):  # type: ignore[misc, valid-type]
        _key_allowance = KEY_BURST
        _key_time = 0.0

        def process_message(self, message: Any) -> None:
            if isinstance(message, events.Key) and message.key not in ALWAYS:
                now = time.monotonic()
                allowance = min(KEY_BURST, self._key_allowance
                                + (now - self._key_time) * KEYS_PER_SECOND)
                self._key_time = now
                if allowance < 1.0:
                    self._key_allowance = allowance
                    return
                self._key_allowance = allowance - 1.0
            super().process_message(message)

    PacedDriver.__name__ = f"Paced{driver_class.__name__}"
    return PacedDriver
