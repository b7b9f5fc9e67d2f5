"""Smoke test of an installed Overtable, run from outside the source tree.

    python .ci/smoke.py SOURCE_TREE

Run by .ci/run with the Python of a fresh virtual environment into which
the wheel was installed, from a temporary directory. It checks, against the
installed package only: that no module comes from SOURCE_TREE; that every
game's rules text is found; that the home screen draws with its styles; that
a headless match of each game, bots in every seat, plays to its end in the
match host's `Session` (through the journal) and resumes equal; that `overtable --version` prints the version
and `overtable saves` lists the matches as text.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path


def fail(message: str) -> None:
    print(f"smoke: FAILED: {message}", file=sys.stderr)
    raise SystemExit(1)


def check_installed(source: Path) -> None:
    import core
    import host
    import saves
    import tui

    for package in (core, saves, host, tui):
        where = Path(package.__file__).resolve()
        if where.is_relative_to(source):
            fail(f"{package.__name__} was imported from the source tree ({where})")
    print(f"smoke: packages installed in {Path(tui.__file__).resolve().parent.parent}")


def check_rules() -> None:
    from core.catalogue import CATALOGUE
    from tui.screens.rules import rules_text

    for game_id, info in CATALOGUE.items():
        text = rules_text(game_id, info.title)
        if "not written yet" in text or info.title not in text:
            fail(f"the rules of {game_id} are not in the installed package")
    print(f"smoke: rules text found for {', '.join(CATALOGUE)}")


def check_home_screen() -> None:
    from textual.widgets import OptionList

    from tui.app import OvertableApp

    seen: list[str] = []

    class Probe(OvertableApp):
        def on_mount(self) -> None:
            super().on_mount()
            self.call_after_refresh(self.check)

        def check(self) -> None:
            menu = self.screen.query_one(OptionList)
            seen.extend(str(menu.get_option_at_index(i).prompt) for i in range(menu.option_count))
            self.exit()

    Probe(theme_name="textual-dark").run(headless=True, size=(80, 24))
    if not any(label.startswith("New match: Boss Quest") for label in seen):
        fail(f"the home screen did not list the games: {seen}")
    print("smoke: the home screen draws")


def check_matches() -> None:
    from core.bots import LEVELS
    from core.catalogue import CATALOGUE
    from host.bots import seat_bots
    from host.session import Session
    from saves.journal import PlayerSpec
    from saves.match import Match

    for game_id, info in CATALOGUE.items():
        level = LEVELS[game_id][0]  # easy: the searching levels take seconds a move
        players = [PlayerSpec(f"Bot {i + 1}", "bot", level) for i in range(info.players.start)]
        match = Match.new(game_id, players, seed=1)
        session = Session(match, seed=1, report=lambda message: fail(message))
        seat_bots(session)
        session.start()  # bots answer at once: the match plays to its end
        if not match.finished:
            fail(f"{game_id}: the match did not end ({len(match.history)} actions)")
        session.close()
        if not match.closed:
            fail(f"{game_id}: leaving the session left the journal open")
        loaded = Match.load(match.path)
        if not loaded.ok or loaded.match.state != match.state:
            fail(f"{game_id}: the journal did not resume equal: {loaded.problems}")
        loaded.match.close()
        winners = ", ".join(match.names[s] for s in sorted(match.outcome.winners))
        # a one-seat game (the Solo Quest) can end with nobody winning
        result = f"won by {winners}" if winners else "lost by every seat"
        print(f"smoke: {info.title} for {len(players)}: {len(match.history)} actions, {result}")


def check_commands() -> None:
    from importlib.metadata import version

    script = Path(sys.executable).with_name("overtable")
    out = subprocess.run(
        [str(script), "--version"], capture_output=True, text=True, check=True
    ).stdout.strip()
    if out != f"overtable {version('overtable')}":
        fail(f"overtable --version printed {out!r}")
    listing = subprocess.run(
        [str(script), "saves"], capture_output=True, text=True, check=True, stdin=subprocess.DEVNULL
    ).stdout
    if not re.search(r"\b\d+ saved match(es)? in ", listing):
        fail(f"overtable saves (not a terminal) printed {listing!r}")
    print(f"smoke: {out}; overtable saves lists the matches as text")


def main() -> None:
    source = Path(sys.argv[1]).resolve()
    if Path.cwd().resolve().is_relative_to(source):
        fail("run me from outside the source tree")
    with tempfile.TemporaryDirectory(prefix="overtable-smoke-") as data:
        os.environ["OVERTABLE_DATA_DIR"] = data
        check_installed(source)
        check_rules()
        check_home_screen()
        check_matches()
        check_commands()
    print("smoke: ok")


if __name__ == "__main__":
    main()
