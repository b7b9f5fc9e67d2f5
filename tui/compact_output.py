"""Fewer bytes for the same screen: colour and style codes said once.

Textual writes every run of text as its style's codes, the text and a reset
(`ESC[1;39;49m` text `ESC[0m`), so a line of a game screen repeats the same
codes many times over. Over SSH each byte is encrypted by the host and
read by the player's terminal, for every player. `compact_sgr` rewrites
one write's codes so that the terminal ends up with the same cells: a reset
followed by the style already in force is left out, a reset and the next
style become one code, and a style applied right after a reset leaves out
the defaults (39, 49) the reset already set. Nothing else is touched:
cursor moves, text and other sequences pass as they are.
"""

from __future__ import annotations

import re
from typing import Any

#: an SGR sequence, and the reset just before it if there is one
_SGR = re.compile(r"(\x1b\[0m)?\x1b\[([0-9;]*)m")

_DEFAULTS = frozenset({"39", "49"})

#: SGR parameters -> the same parameters applied on a reset terminal
_FROM_RESET: dict[str, str] = {}


def _from_reset(params: str) -> str:
    """`params` as they act on a terminal just reset: a reset in them drops
    what came before it, and the default colours (39, 49) are left out.
    Extended colours (38;5;n, 48;2;r;g;b) are kept whole."""
    known = _FROM_RESET.get(params)
    if known is not None:
        return known
    parts = params.split(";")
    kept: list[str] = []
    i = 0
    while i < len(parts):
        part = parts[i]
        if part in ("38", "48", "58") and i + 1 < len(parts):
            width = {"5": 3, "2": 5}.get(parts[i + 1], 2)
            kept.extend(parts[i:i + width])
            i += width
            continue
        if part in ("", "0"):
            kept.clear()
        elif part not in _DEFAULTS:
            kept.append(part)
        i += 1
    result = ";".join(kept)
    if len(_FROM_RESET) < 4096:
        _FROM_RESET[params] = result
    return result


def compact_sgr(data: str) -> str:
    """`data` (one write to the terminal) with the same effect in fewer
    bytes (see the module)."""
    if "\x1b[0m" not in data:
        return data
    out: list[str] = []
    append = out.append
    pos = 0
    #: the style in force, as parameters applied on a reset terminal
    #: ("" is the reset state itself); None while it is not known
    current: str | None = None
    for match in _SGR.finditer(data):
        start = match.start()
        if start > pos:
            append(data[pos:start])
        pos = match.end()
        reset, params = match.group(1), match.group(2)
        if reset is None and current != "" and params not in ("", "0"):
            append(match.group())  # on top of an unknown style: as it is
            current = None
            continue
        wanted = _from_reset(params)
        if wanted == current:
            continue  # the terminal is in that style already
        if reset is None and current == "":
            append(f"\x1b[{wanted}m")
        else:
            append(f"\x1b[0;{wanted}m" if wanted else "\x1b[0m")
        current = wanted
    append(data[pos:])
    return "".join(out)


def compacting(driver_class: type[Any]) -> type[Any]:
    """A Textual driver class that writes through `compact_sgr`."""

    class CompactingDriver(driver_class):  # type: ignore[misc, valid-type]
        def write(self, data: str) -> None:
            super().write(compact_sgr(data))

    CompactingDriver.__name__ = f"Compacting{driver_class.__name__}"
    return CompactingDriver
