"""Runs `overtable ARGS` on the terminal it was given as its controlling
terminal, so that window resizes reach the app (the SSH front door starts
it in a new session with a pseudo-terminal as stdin, stdout and stderr)."""

from __future__ import annotations

import fcntl
import signal
import sys
import termios


def main() -> int:
    # A host started under nohup (or any parent that ignores SIGHUP) passes
    # the ignoring on through exec; the session must still end when its
    # terminal hangs up (the client gone, or the host killed), or it would
    # spin on a dead terminal with nobody to see it.
    signal.signal(signal.SIGHUP, signal.SIG_DFL)
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)
    from tui.cli import main as overtable

    return overtable(sys.argv[1:])


if __name__ == "__main__":
    raise SystemExit(main())
