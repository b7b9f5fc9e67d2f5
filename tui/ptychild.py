"""Runs `overtable ARGS` on the terminal it was given as its controlling
terminal, so that window resizes reach the app (the SSH front door starts
it in a new session with a pseudo-terminal as stdin, stdout and stderr)."""

from __future__ import annotations

import fcntl
import sys
import termios


def main() -> int:
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)
    from tui.cli import main as overtable

    return overtable(sys.argv[1:])


if __name__ == "__main__":
    raise SystemExit(main())
