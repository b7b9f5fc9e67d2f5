"""How long does a very long journal take to load? One of a move taken
back and played again (16 MB of undo and redo lines) is written beside a
real match's start, then `Match.load` is timed once (time.perf_counter).

Not part of the game: a measurement, run by hand from the repository root:

    python scripts/undo_journal_replay.py boss-quest 16e6
    python scripts/undo_journal_replay.py overboss-duel 2e6 --profile

The match is played by random choices (a person in seat 0, bots in the
others) until seat 0's first move that it may take back; that move and its undo
are then appended until the file reaches the size asked for.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import tempfile
import time
from pathlib import Path

from core.engine import CHANCE
from saves import journal
from saves.journal import PlayerSpec
from saves.match import Match


def build(game_id: str, size: int, directory: Path) -> tuple[Path, int]:
    """The journal's path and how many move-and-undo pairs it holds."""
    seats = max(2, journal.find_game(game_id).players.start)
    bots = tuple(PlayerSpec(f"Bot {n}", "bot", "random") for n in range(1, seats))
    match = Match.new(game_id, (PlayerSpec("Ann", "human"), *bots), directory=directory, seed=1)
    rng = random.Random(1)
    pair = None
    while pair is None and match.to_act():
        to_act = match.to_act()
        if CHANCE in to_act:
            match.step_chance(rng)
            continue
        seat = min(to_act)
        legal = match.game.legal_actions(match.state, seat)
        action = legal[0] if seat == 0 else rng.choice(legal)
        match.apply(seat, action)
        if seat == 0 and match.undoable(0):
            pair = match._codec.action_line(0, action) + "\n" + journal.undo_line(0, 1) + "\n"
            match.undo(0)
    match.close()
    if pair is None:
        raise SystemExit(f"{game_id}: seat 0 never had a move to take back")
    count = max(0, size - match.path.stat().st_size) // len(pair)
    with open(match.path, "a", encoding="utf-8") as file:
        file.write(pair * count)
    return match.path, count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="?", default="boss-quest")
    parser.add_argument("size", nargs="?", type=float, default=16e6, help="bytes")
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as directory:
        path, pairs = build(args.game, int(args.size), Path(directory))
        profile = cProfile.Profile() if args.profile else None
        start = time.perf_counter()
        if profile is not None:
            profile.enable()
        loaded = Match.load(path)
        if profile is not None:
            profile.disable()
        took = time.perf_counter() - start
        assert loaded.match is not None, loaded.problems
        loaded.match.close()
        print(f"{args.game}: {path.stat().st_size:,} bytes, {pairs:,} move-and-undo pairs, "
              f"loaded in {took:.2f} s ({len(loaded.match.history)} actions after undos)")
        if profile is not None:
            pstats.Stats(profile).sort_stats("cumulative").print_stats(20)


if __name__ == "__main__":
    main()
