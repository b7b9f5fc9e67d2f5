"""What a terminal's input may hold that the app must not act on.

Over SSH the input is whatever the client sends, not only what a keyboard
types (found by the hostile-network review):

- a key sequence naming a code point past Unicode (``ESC [ 1114112 u``, or
  one with 18 digits) raised from inside Textual's key parser, which ended
  the app with a traceback on the player's screen;
- a terminal's reply the app never asked for (``ESC [ ? 1 ; 2 c``, a
  device-attributes report) was typed out as keys: "?" opened the help;
- an unbracketed flood of keys (100 kB of "z") kept the app busy for
  minutes, so Ctrl+Q, behind it, was never read;
- one byte that is not UTF-8 ("é" from a Latin-1 terminal) ended the app
  with a traceback, in the driver's decoding, before any parser;
- a bracketed paste never closed swallowed every key after it, Ctrl+Q
  too, and grew the app's memory by 8 bytes a byte sent, without bound.

`guard_key_parser` makes Textual's drivers decode the input with
`InputDecoder` (bytes that are not UTF-8 dropped; a paste cut at
MAX_PASTE characters and closed by Ctrl+Q or Ctrl+C) and read keys with
`GuardedXTermParser`, which drops sequences it cannot read; `paced_keys`
wraps a driver class so that it passes keys no faster than a person types
or a key repeats, Ctrl+Q and Ctrl+C always (a bracketed paste is one event).
"""

from __future__ import annotations

import codecs
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
#: 30 times a second; a person types far fewer; a chat line of 200
#: characters pasted where the terminal does not bracket pastes comes whole)
KEYS_PER_SECOND = 40.0
KEY_BURST = 200.0
#: the most characters a bracketed paste gives (a chat line holds 200, a
#: name 40); the rest of a longer one is dropped
MAX_PASTE = 4096
PASTE_START, PASTE_END = "\x1b[200~", "\x1b[201~"
#: keys that end a paste still open (the way out)
_WAY_OUT = ("\x11", "\x03")
#: keys that always pass: the way out
ALWAYS = frozenset({"ctrl+q", "ctrl+c"})


class GuardedXTermParser(XTermParser):
    """Textual's key parser, dropping what it cannot read: a sequence whose
    reading fails (a code point past Unicode), and a whole control sequence
    that is no key, mouse report or mode report (a terminal's reply,
    which it would type out as keys)."""

    def _sequence_to_key_events(self, sequence: str, alt: bool = False) -> Iterable[events.Key]:
        if len(sequence) == 2 and sequence[0] == "\x1b" and sequence[1] not in "[O\x1b" and (
                sequence[1].isprintable()):
            # Escape then a key typed quickly, as tmux (escape-time 500 ms by
            # default) and slow links deliver them: Textual read ESC 3 as
            # "£" (typed into a note) and ESC 2 as "™"; a player meant
            # Escape, then 3. No key of the app uses Alt.
            return [events.Key("escape", "\x1b"),
                    *self._sequence_to_key_events(sequence[1])]
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


class InputDecoder:
    """The terminal's bytes as text for the key parser: bytes that are not
    UTF-8 dropped, and a bracketed paste bounded: past MAX_PASTE characters
    it is closed (the rest dropped until its end), and Ctrl+Q or Ctrl+C
    inside one closes it first, so they act."""

    def __init__(self) -> None:
        self._utf8 = codecs.getincrementaldecoder("utf-8")(errors="ignore")
        #: inside a paste; its characters so far; dropping the rest of one
        self._open = False
        self._size = 0
        self._dropping = False
        #: the end of the last text, which may begin a paste's marker
        self._carry = ""

    def decode(self, data: bytes, final: bool = False) -> str:
        text = self._carry + self._utf8.decode(data, final)
        self._carry = ""
        out: list[str] = []
        i = 0
        while i < len(text):
            inside = self._open or self._dropping
            marker = PASTE_END if inside else PASTE_START
            j = text.find(marker, i)
            end = j if j >= 0 else len(text)
            if inside:
                exits = [k for k in (text.find(c, i, end) for c in _WAY_OUT) if k >= 0]
                if exits:  # Ctrl+Q or Ctrl+C in a paste: it ends, they act
                    self._give(out, text[i:min(exits)])
                    self._close(out)
                    i = min(exits)
                    continue
            if j < 0:
                # a marker's beginning at the end waits for the rest (not a
                # lone ESC outside a paste: the Escape key would wait too)
                keep = len(text) if final else _marker_start(text, marker, i, 1 if inside else 2)
                if inside:
                    self._give(out, text[i:keep])
                else:
                    out.append(text[i:keep])
                self._carry = text[keep:]
                break
            if inside:
                self._give(out, text[i:j])
                self._close(out)
            else:
                out.append(text[i:j] + PASTE_START)
                self._open, self._size = True, 0
            i = j + len(marker)
        return "".join(out)

    def _give(self, out: list[str], part: str) -> None:
        """Pasted characters, as many as the paste has room for."""
        if self._dropping or not part:
            return
        room = MAX_PASTE - self._size
        out.append(part[:room])
        self._size += min(len(part), room)
        if len(part) > room:  # full: the paste is closed, its rest dropped
            out.append(PASTE_END)
            self._open, self._dropping = False, True

    def _close(self, out: list[str]) -> None:
        if self._open:
            out.append(PASTE_END)
        self._open = self._dropping = False


def _marker_start(text: str, marker: str, start: int, shortest: int) -> int:
    """Where a beginning of `marker` (of `shortest` characters at least)
    ends `text` (from `start`), to wait for the next text; len(text) if
    none does."""
    for n in range(min(len(marker) - 1, len(text) - start), shortest - 1, -1):
        if marker.startswith(text[-n:]):
            return len(text) - n
    return len(text)


def _input_decoder(encoding: str, *args: Any, **kwargs: Any) -> Any:
    """`codecs.getincrementaldecoder` as Textual's driver calls it (for
    "utf-8"): an `InputDecoder` class."""
    if encoding.replace("_", "-").lower() in ("utf-8", "utf8"):
        return InputDecoder
    return codecs.getincrementaldecoder(encoding, *args, **kwargs)


def guard_key_parser() -> None:
    """Textual's drivers build their decoder and parser by the names their
    module imported: those names now give the guarded ones (for every app
    of this process; Textual's minor version is pinned, and tests send a
    reply, a sequence past Unicode, a byte that is not UTF-8 and an
    unclosed paste through a real session)."""
    from textual.drivers import linux_driver

    linux_driver.XTermParser = GuardedXTermParser  # type: ignore[misc]
    linux_driver.getincrementaldecoder = _input_decoder  # type: ignore[assignment]


def paced_keys(driver_class: type[Any]) -> type[Any]:
    """A driver class passing at most KEY_BURST keys at once and
    KEYS_PER_SECOND at length, dropping the rest (each would be a move, a
    redraw); Ctrl+Q and Ctrl+C always pass. Characters and the other keys
    (Enter, arrows) are paced apart: a line pasted past the burst, where the
    terminal does not bracket pastes, lost its end and the Enter after it,
    and the chat's first Enter did nothing. (A flood of both kinds passes
    twice the pace of one, still bounded.)"""

    class PacedDriver(driver_class):  # type: ignore[misc, valid-type]
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            #: per kind of key (a character or not): the keys it may pass
            #: now, and when that was worked out
            self._key_allowance = {True: KEY_BURST, False: KEY_BURST}
            self._key_time = {True: 0.0, False: 0.0}

        def process_message(self, message: Any) -> None:
            if isinstance(message, events.Key) and message.key not in ALWAYS:
                kind = message.is_printable
                now = time.monotonic()
                allowance = min(KEY_BURST, self._key_allowance[kind]
                                + (now - self._key_time[kind]) * KEYS_PER_SECOND)
                self._key_time[kind] = now
                if allowance < 1.0:
                    self._key_allowance[kind] = allowance
                    return
                self._key_allowance[kind] = allowance - 1.0
            super().process_message(message)

    PacedDriver.__name__ = f"Paced{driver_class.__name__}"
    return PacedDriver
