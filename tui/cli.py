"""The `overtable` command.

    overtable                      the home screen
    overtable new GAME             set up a new match of GAME
    overtable resume [ID]          resume a saved match (the latest without ID)
    overtable saves [--list]       the saved matches (printed as text with
                                   --list, or when the output is not a terminal)
                                   (both: --data-dir DIR, another data directory)
    overtable rules GAME           the rules of GAME
    overtable simulate GAME --bots A,B --games N --seed S [--players P]
                      [--option k=v] [--budget I] [--jobs J] [--json]
                                   the arena: bots against bots (tui/arena.py)
    overtable host                 host shared tables: players join over SSH,
                                   each at their own terminal
    overtable hub                  the shared tables without an SSH server of
                                   their own (players join with `join`)
    overtable join [--name NAME]   sit at the hub's tables from this terminal
    overtable --version            the installed version

Only argparse (and the game catalogue, which imports nothing) is imported
up front: Textual for the screens, Rich and the rules core for `simulate`,
each when needed.
"""

from __future__ import annotations

import argparse
import contextlib
import math
import os
import sys
import time
from collections.abc import Sequence
from typing import Any

#: the longest a bot's move may stay on screen (--bot-delay), in seconds
MAX_BOT_DELAY = 60.0


def version() -> str:
    """The installed package's version (read only when asked for)."""
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as installed

    try:
        return installed("overtable")
    except PackageNotFoundError:
        return "unknown (not installed)"


class _VersionAction(argparse.Action):
    """--version, reading the version only when it is asked for."""

    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: Any) -> None:
        kwargs.pop("nargs", None)
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, **kwargs)

    def __call__(self, parser: argparse.ArgumentParser, *args: Any, **kwargs: Any) -> None:
        with output_may_be_gone():  # (`overtable --version | true`)
            sys.stdout.write(f"overtable {version()}\n")
        parser.exit()


def bot_delay(text: str) -> float:
    """--bot-delay: a finite number of seconds from 0 to MAX_BOT_DELAY."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not math.isfinite(value) or not 0 <= value <= MAX_BOT_DELAY:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a number of seconds from 0 to {MAX_BOT_DELAY:g}"
        )
    return value


def bot_seconds(text: str) -> str:
    """--bot-seconds: "S" (every searching level) or "normal=S,hard=S"."""
    from host.budget import parse_bot_seconds  # the standard library only

    try:
        parse_bot_seconds(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(
            f"{text!r}: {error} (give S, or e.g. normal=2,hard=5)"
        ) from None
    return text


_BOT_SECONDS_HELP = (
    "the longest a searching bot thinks per move, in seconds: S for every "
    "searching level, or normal=S,hard=S (default normal=2, hard=5; "
    "also $OVERTABLE_BOT_SECONDS)"
)


def _table_options(parser: Any, *, default: bool) -> None:
    """--theme, --bot-delay and --bot-seconds; `default` False leaves an
    option not given unset (after a command: the values before it stand)."""
    unset = argparse.SUPPRESS
    _theme_option(parser, default="auto" if default else unset)
    _bot_delay_option(parser, default=None if default else unset)
    parser.add_argument("--bot-seconds", type=bot_seconds, default=None if default else unset,
                        metavar="SECONDS", help=_BOT_SECONDS_HELP)


def _theme_option(parser: Any, *, default: Any) -> None:
    parser.add_argument(
        "--theme",
        choices=("auto", "colour", "color", "ansi", "light"),
        default=default,
        help="colour theme; auto: the one last chosen with Ctrl+T or the theme picker "
        "(not at shared tables), else ANSI unless COLORTERM says truecolor; "
        "light: ANSI for a light background",
    )


def _bot_delay_option(parser: Any, *, default: Any) -> None:
    parser.add_argument(
        "--bot-delay",
        type=bot_delay,
        default=default,
        metavar="SECONDS",
        help=f"how long each bot move stays on screen, 0 to {MAX_BOT_DELAY:g} (default 0.45)",
    )


class _ArenaHelp(argparse.Action):
    """`simulate --help` names every game, its seats, bots and options (the
    rules are imported for it, so only when asked: `overtable` starts
    without them)."""

    def __init__(self, option_strings: Sequence[str], dest: str = argparse.SUPPRESS,
                 default: Any = argparse.SUPPRESS, help: str | None = None) -> None:
        super().__init__(option_strings, dest=dest, default=default, nargs=0, help=help)

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: Any, option_string: str | None = None) -> None:
        from tui.arena import arena_help

        with output_may_be_gone():  # (`| head -1`: a traceback, and parsing went on)
            parser.print_help()
            print()
            print(arena_help())
        parser.exit()


class _Command(argparse.ArgumentParser):
    """A command's parser: an argument it does not take is refused with the
    command's own usage. argparse leaves it to the top-level parser, whose
    usage ("overtable [-h] [--version] ... COMMAND ...") did not say what
    `overtable new overseers --players 99` takes."""

    #: said after "unrecognized arguments: ..." (where what was meant is set)
    unknown_hint = ""

    def parse_known_args(self, args: Any = None, namespace: Any = None) -> Any:
        namespace, extras = super().parse_known_args(args, namespace)
        if extras:
            self.error(f"unrecognized arguments: {' '.join(extras)}{self.unknown_hint}")
        return namespace, extras


def _data_dir_option(parser: Any) -> None:
    # the saved matches of another data directory (a hub's, started with
    # --data-dir): README sends a shared match's players to `overtable
    # saves` with it, and only host and hub took it
    parser.add_argument("--data-dir", default=None, metavar="DIR",
                        help="the data directory of the saved matches, as "
                        "$OVERTABLE_DATA_DIR (a hub's: its shared matches too)")


def _examples() -> str:
    """The top-level help's examples and game ids (from the catalogue, which
    imports no rules and agrees with core.GAMES: tests/test_install.py)."""
    from core.catalogue import CATALOGUE

    return f"""\
examples:
  overtable                          the home screen: new match, saved matches, rules
  overtable new overseers            set up a match of Overseers (players, bots)
  overtable resume                   go on with the latest unfinished match
  overtable rules boss-quest | less  a game's rules, as text
  overtable host                     host shared tables: players join over SSH,
                                     each at their own terminal
  overtable COMMAND --help           what a command takes

games: {", ".join(CATALOGUE)}"""


def build_parser() -> argparse.ArgumentParser:
    from core.catalogue import CATALOGUE

    games = ", ".join(CATALOGUE)
    # (resolve_game: an id, a title, or the start of one alone)
    games_said = f"{games}, or the start of one"
    parser = argparse.ArgumentParser(
        prog="overtable",
        description="A terminal game table: board and card games at one terminal, with "
        "friends and\nbots, or at shared tables over SSH. Without a command, opens the "
        "home screen.",
        epilog=_examples(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action=_VersionAction, help="print the version and exit")
    # where each goes, said: join took none of them after it, and its bots are the hub's
    _table_options(parser.add_argument_group(
        "the match's display and bots", "before COMMAND, or after new, resume or saves\n"
        "(host and hub: --bot-delay, --bot-seconds; join: --theme)"), default=True)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Command)

    def command(name: str, summary: str, description: str) -> argparse.ArgumentParser:
        """A command: `summary` in the command list, `description` atop its --help."""
        return sub.add_parser(name, help=summary, description=description)

    def table_options(parser: argparse.ArgumentParser, title: str) -> None:
        # the same options after the commands that open a table: `overtable
        # resume --bot-seconds 1` was refused ("unrecognized arguments")
        # though the README names them without saying where they go
        _table_options(parser.add_argument_group(title), default=False)

    new = command("new", "set up a new match of a game",
                  "Set up a new match of GAME: the form names the players, the bots and "
                  "the game's options; ctrl+s starts it.")
    new.add_argument("game", metavar="GAME", help=f"the game: {games_said}")
    # (--players and --option are `simulate`'s)
    new.unknown_hint = " (the new-match form sets the players, bots and options)"  # type: ignore[attr-defined]
    table_options(new, "the match's display and bots")
    resume = command("resume", "resume a saved match (the latest without ID)",
                     "Resume a saved match where it stopped: the latest unfinished one, "
                     "or the one named by ID.")
    resume.add_argument("id", nargs="?", metavar="ID",
                        help="match id (or its first characters) or a journal path")
    table_options(resume, "the match's display and bots")
    _data_dir_option(resume)
    saves = command("saves", "list, resume and delete saved matches",
                    "The saved matches: Enter resumes the highlighted one, d deletes one. "
                    "With --list, or when the output is not a terminal (or TERM=dumb), prints them "
                    "as text.")
    saves.add_argument(
        "--list",
        action="store_true",
        help="print the saved matches as text (also when the output is not a terminal)",
    )
    table_options(saves, "display and bots, for a match resumed from the list")
    _data_dir_option(saves)
    first = next(iter(CATALOGUE.values())).title  # the app's rules open on it
    rules = command("rules", "read the rules of a game",
                    "Read the rules of GAME ([ and ] jump between sections); printed as "
                    "text when the output is not a terminal (or TERM=dumb). Without GAME: "
                    f"in a terminal, {first}'s rules open (n: the next game); off a "
                    "terminal, the games are listed.")
    rules.add_argument("game", nargs="?", metavar="GAME",
                       help=f"the game (optional): {games_said}")
    host = command("host", "host shared tables: players join over SSH, each at their own terminal",
                   "Host shared tables on this machine, with an SSH server of its own: "
                   "players whose keys are listed connect with `ssh -t -p PORT HOST`, each "
                   "at their own terminal, and sit down at the same tables.")
    # after the command too, as `new` takes it (not given: the one before it stands)
    _bot_delay_option(host, default=argparse.SUPPRESS)
    host.add_argument("--bot-seconds", type=bot_seconds, default=argparse.SUPPRESS,
                      metavar="SECONDS", help=_BOT_SECONDS_HELP)
    host.add_argument("--listen", default="127.0.0.1:2222", metavar="HOST:PORT",
                      help="the address to listen on (default 127.0.0.1:2222)")
    host.add_argument("--authorized-keys", default=None, metavar="FILE",
                      help="players' keys, OpenSSH format (default in the config directory)")
    host.add_argument("--host-key", default=None, metavar="FILE",
                      help="the server's key, generated on first start (default in the config directory)")
    host.add_argument("--data-dir", default=None, metavar="DIR",
                      help="where shared matches are saved")
    host.add_argument("--idle-timeout", type=_seconds, default=30 * 60, metavar="SECONDS",
                      help="close a session after this long without a key; the player's "
                      "seats wait (default 1800, 0: never)")
    hub = command("hub", "shared tables without an SSH server of their own",
                  "Run the shared tables on this machine without an SSH server of their "
                  "own: players join with `overtable join`, here or through this machine's "
                  "OpenSSH (it prints the authorized_keys line).")
    # after the command too, as `new` takes it (not given: the one before it stands)
    _bot_delay_option(hub, default=argparse.SUPPRESS)
    hub.add_argument("--bot-seconds", type=bot_seconds, default=argparse.SUPPRESS,
                     metavar="SECONDS", help=_BOT_SECONDS_HELP)
    hub.add_argument("--socket", default=None, metavar="PATH",
                     help="the hub's socket (default in the data directory)")
    hub.add_argument("--data-dir", default=None, metavar="DIR",
                     help="where shared matches are saved (its socket then DIR/hub/hub.sock)")
    join = command("join", "sit at the shared tables of a running hub from this terminal",
                   "Sit at the shared tables of a hub on this machine (`overtable hub` or "
                   "`overtable host`) from this terminal.")
    join.add_argument("--socket", default=None, metavar="PATH",
                      help="the hub's socket (default in the data directory)")
    join.add_argument(
        "--name", default=None, help="your name at the tables (default: $PLAYER, else your user name)"
    )
    join.add_argument("--bell", action="store_true", help="ring the terminal's bell on your turn")
    # after the command too, as `new` takes it (not given: the one before it stands)
    _theme_option(join, default=argparse.SUPPRESS)
    sim = sub.add_parser(
        "simulate",
        help="the arena: bots against bots over many seeded games, seats rotated",
        description="Bots against bots over many games, each from its own seed derived "
        "from --seed; seats rotate every game.",
        add_help=False,
    )
    sim.add_argument("-h", "--help", action=_ArenaHelp,
                     help="show this help, with every game's bots and options, and exit")
    sim.add_argument("game", metavar="GAME", help=f"the game: {games_said}")
    sim.add_argument("--games", "-n", type=int, default=100, help="games to play (default 100)")
    sim.add_argument(
        "--bots",
        default="random,random",
        help="comma-separated bots, e.g. hard,heuristic or hard:iterations=2000,normal; "
        "the last one named fills the seats left (default random,random)",
    )
    sim.add_argument("--players", "-p", type=int, default=None,
                     help="seats (default: one per bot named, at least the game's fewest)")
    sim.add_argument("--option", "-o", action="append", default=[], metavar="NAME=VALUE",
                     help="a game option, e.g. --option ulul=night (repeatable)")
    sim.add_argument("--seed", type=int, default=None,
                     help="the run's seed (default: a random one, printed with the results)")
    sim.add_argument("--budget", default=None, metavar="ITERATIONS|P%",
                     help="search iterations per move for every bot that searches, the "
                     "same for every level (hard and normal then play alike), or P%% of "
                     "each level's own (10%%: hard 400, normal 120), so hard stays the "
                     "stronger; reproducible, unlike a time limit")
    sim.add_argument("--jobs", "-j", type=int, default=1,
                     help="worker processes, at most one per game (the results do not depend on it; "
                     "default 1)")
    sim.add_argument("--json", action="store_true", help="print one JSON object")
    sim.add_argument("--log", default=None, metavar="FILE",
                     help="keep each finished game in FILE (JSON lines); run again with the "
                     "same arguments to continue where it stopped, or with more --games")
    sim.add_argument(
        "--no-rotate",
        action="store_true",
        help="keep each bot in its seat (by default seats rotate every game)",
    )
    sim.add_argument("--quiet", "-q", action="store_true", help="no progress bar")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    with output_may_be_gone():  # every command's --help, into `| head -1`
        args = parser.parse_args(argv)
    if args.command in ("new", "rules", "simulate") and getattr(args, "game", None) is not None:
        # said here, in one line, for every command: the app opened on
        # another game's form with a notice, and off a terminal only "needs
        # a terminal" was said
        game = resolve_game(args.command, args.game)
        if game is None:
            return 2
        args.game = game
    import os

    from host.budget import BOT_SECONDS_ENV

    if getattr(args, "data_dir", None) and args.command in ("saves", "resume"):
        # as the variable means it, for the listing and the app alike
        from saves.store import ENV_DATA_DIR

        os.environ[ENV_DATA_DIR] = args.data_dir

    if args.bot_seconds is not None:
        # read by the bots' factory here and in the search processes
        # (host.bots.LevelBots), for the app, the hub and the host alike
        os.environ[BOT_SECONDS_ENV] = args.bot_seconds
    else:
        # a mistyped variable was ignored without a word (the bots kept
        # their own budgets): it is refused as --bot-seconds would be
        text = os.environ.get(BOT_SECONDS_ENV, "").strip()
        if text:
            try:
                bot_seconds(text)
            except argparse.ArgumentTypeError as error:
                parser.error(f"${BOT_SECONDS_ENV}: {error}; or unset it")
    if args.command not in ("simulate", "saves", "rules"):
        # the wait before Enter takes a new decision: refused here, in a
        # line, when mistyped (the host passes it on to its sessions)
        from tui.app import ENTER_WAIT_ENV, decision_grace

        try:
            decision_grace()
        except ValueError as error:
            parser.error(f"${ENTER_WAIT_ENV}: {error}; or unset it")
        # the cap on bots thinking at once: a mistype would be logged and
        # ignored where nobody reads the log
        from host.budget import WORKERS_ENV, parse_workers

        text = os.environ.get(WORKERS_ENV, "").strip()
        if text:
            try:
                parse_workers(text)
            except ValueError as error:
                parser.error(f"${WORKERS_ENV}: {error}; or unset it")
    if args.command == "simulate":
        from tui.arena import simulate

        return simulate(
            args.game,
            games=args.games,
            bots=args.bots,
            seed=args.seed,
            players=args.players,
            options=args.option,
            budget=args.budget,
            jobs=args.jobs,
            rotate=not args.no_rotate,
            quiet=args.quiet,
            as_json_output=args.json,
            log=args.log,
        )
    # TERM=dumb (Emacs's M-x shell, some IDE consoles): no full screen, no
    # mouse; the app's escape codes were sent there all the same
    dumb = _dumb_terminal()
    if args.command == "saves" and (args.list or dumb or not _is_terminal(sys.stdout)):
        return list_saves(args.data_dir)
    if args.command == "rules" and (dumb or not _is_terminal(sys.stdout)):
        # into a pipe or a file (`overtable rules boss-quest | less`): the
        # text, not the full-screen app's escape codes
        return print_rules(args.game)
    if args.command == "host":
        return run_host(args)
    if args.command == "hub":
        return run_hub(args.socket, args.data_dir, args.bot_delay)
    if args.command == "join" and os.environ.get("SSH_ORIGINAL_COMMAND") is not None:
        # run by OpenSSH as a key's command="overtable join ..." (README): the
        # command the client sent is not run, as the built-in host refuses one
        print("overtable join: this key opens the shared tables only; the command sent was "
              "not run. Connect without one: ssh -t HOST", file=sys.stderr)
        return 1
    if args.command == "join" and os.environ.get("SSH_CONNECTION") and not (
        _is_terminal(sys.stdin) and _is_terminal(sys.stdout)
    ):
        print("overtable join: the tables need a terminal; connect with ssh -t HOST.",
              file=sys.stderr)
        return 1
    if dumb or not (_is_terminal(sys.stdin) and _is_terminal(sys.stdout)):
        if args.command == "resume" and args.id and not _names_a_save(args.id):
            # said first, as in a terminal: "needs a terminal" sent the
            # player to find one only to read there that no such match exists
            from saves.journal import quoted  # cut, and no control character

            print(f"overtable resume: No saved match {quoted(args.id)}. "
                  "`overtable saves --list` lists them.", file=sys.stderr)
            return 1
        if dumb:
            print("overtable: this terminal says it cannot show a full screen (TERM=dumb), "
                  "so the table cannot open in it; `overtable saves --list` and "
                  "`overtable rules GAME` print text here, and the table opens in a "
                  "terminal emulator (in Emacs, M-x term).", file=sys.stderr)
            return 1
        # The full-screen app off a terminal drew nothing and spun a core
        # until killed (`overtable > file`, `ssh host overtable` without -t).
        print("overtable: the table needs a terminal for its input and output; "
              "`overtable saves --list` and `overtable rules GAME` print text, "
              "and over SSH connect with `ssh -t`.", file=sys.stderr)
        return 1
    if args.command == "join":
        return join_hub(args.socket, args.name, args.theme, args.bot_delay, args.bell)
    from tui import theme as themes

    start, argument = {
        None: ("home", None),
        "new": ("new", getattr(args, "game", None)),
        "resume": ("resume", getattr(args, "id", None)),
        "saves": ("saves", None),
        "rules": ("rules", getattr(args, "game", None)),
    }[args.command]
    kwargs: dict[str, Any] = {"theme_name": themes.CHOICES[args.theme]}
    if args.bot_delay is not None:
        kwargs["bot_delay"] = args.bot_delay
    from tui.app import HANDOVER_GRACE, OvertableApp, decision_grace

    app = OvertableApp(start, argument, collect_between_screens=True,
                       handover_grace=HANDOVER_GRACE, decision_grace=decision_grace(),
                       remember_theme=True, locale_note=themes.locale_note(), **kwargs)
    app.run()
    return app.return_code or 0  # 1 after a traceback: it exited with 0


def _names_a_save(which: str) -> bool:
    """Whether `overtable resume which` would find a saved match (a file,
    an id or its start), as the app looks (`OvertableApp.resume`); a
    directory that cannot be listed counts as yes: the app says why."""
    from pathlib import Path

    from saves import store

    candidate = Path(which)
    if candidate.suffix and (candidate.exists() or candidate.is_symlink()):
        return True
    try:
        return bool(store.find(which, store.list_matches(shared=True)))
    except store.SavesUnreadable:
        return True


def player_name(name: str | None) -> str:
    """Who joins: --name, else $PLAYER (set by the SSH front door), else the user."""
    import getpass
    import os

    return (name or os.environ.get("PLAYER") or getpass.getuser()).strip()


class output_may_be_gone(contextlib.ContextDecorator):
    """What the CLI prints may find its reader gone (`overtable hub | tee
    log`: Ctrl+C stops tee too; `overtable simulate --help | head -1`): not
    an error; the rest goes nowhere. What was printed is flushed on the way
    out, so a reader gone is met here, not by Python's flush at exit
    ("Exception ignored ... BrokenPipeError", status 120); a SystemExit
    (argparse's after a help) goes on with its status."""

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: Any, error: Any, trace: Any) -> bool:
        if error is None or isinstance(error, SystemExit):
            try:
                sys.stdout.flush()
            except BrokenPipeError:
                _output_to_nowhere()
            return False
        if not isinstance(error, BrokenPipeError):
            return False
        _output_to_nowhere()
        return True


def _output_to_nowhere() -> None:
    """The rest of the output goes to the null device (so Python's flush at
    exit is quiet)."""
    with contextlib.suppress(OSError, ValueError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)


def run_hub(socket: str | None, data_dir: str | None, delay: float | None) -> int:
    import asyncio
    from pathlib import Path

    from host.hub import MatchesServed, bare_join_socket, default_places
    from host.hub import run_hub as serve

    directory, socket_path = default_places()
    if data_dir:  # its own socket too, as `overtable host --data-dir` has
        directory, socket_path = Path(data_dir), Path(data_dir) / "hub" / "hub.sock"
    socket_path = Path(socket) if socket else socket_path

    @output_may_be_gone()
    def ready(hub: Any, resumed: list[str]) -> None:
        print(f"Overtable hub: {len(hub.tables)} table(s), {len(resumed)} resumed.")
        print(f"Listening on {socket_path}; players join with: "
              f"{own_command('join', '--socket', str(socket_path))}")
        # (not `default_places`: $OVERTABLE_DATA_DIR moved it, and sshd does
        # not pass the variable on: "no hub at ~/.local/share/...")
        join = authorized_command(socket_path, bare_join_socket())
        print("Over this machine's OpenSSH: a line per player's key in this user's "
              "~/.ssh/authorized_keys, NAME their name, KEY the key (as in its .pub file):")
        print(f'  restrict,pty,command="{join}" KEY')
        print("Ctrl+C stops the hub; every match is saved as it is played.", flush=True)

    try:
        asyncio.run(serve(directory, socket_path, bot_delay=0.45 if delay is None else delay,
                          ready=ready))
    except (KeyboardInterrupt, asyncio.CancelledError):  # Ctrl+C, or SIGTERM
        with output_may_be_gone():
            # stamped as its lines while serving were
            print(f"{time.strftime('%H:%M:%S')} The hub has stopped; its matches are saved.",
                  flush=True)
    except MatchesServed as error:  # (not about the socket: another hub has the matches)
        print(f"overtable hub: {error.strerror}", file=sys.stderr)
        return 1
    except OSError as error:
        print(f"overtable hub: cannot listen on {socket_path}: {error.strerror or error}",
              file=sys.stderr)
        return 1
    return 0


def authorized_command(socket_path: Any, default_socket: Any) -> str:
    """The `overtable join` an authorized_keys line runs: sshd runs it with a
    short PATH (no ~/.local/bin, no venv), so with this program's full path;
    NAME for the player's name; --socket only if not join's default."""
    from pathlib import Path

    words = ["join"]
    if Path(socket_path) != Path(default_socket):
        words += ["--socket", str(socket_path)]
    return own_command(*words).replace('"', '\\"') + " --name NAME"


def own_command(*words: str) -> str:
    """A shell line that runs this program with `words`, wherever it is run
    from: the running console script's full path (a venv's `bin` is not on
    PATH, and sshd's PATH is short), else `overtable` where PATH finds it,
    else this Python with `-m tui.cli`. A bare `overtable` printed for
    players to type failed with "command not found" from a venv."""
    import shlex
    import shutil
    from pathlib import Path

    program = Path(sys.argv[0]) if sys.argv and sys.argv[0] else Path()
    if program.name == "overtable" and program.is_file():
        command = [os.path.abspath(program)]
    elif found := shutil.which("overtable"):
        command = [found]
    else:
        command = [sys.executable, "-m", "tui.cli"]
    return " ".join(shlex.quote(word) for word in [*command, *words])


def _seconds(text: str) -> float:
    """A time-out in seconds for argparse: a number, 0 or more."""
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 <= value < float("inf"):
        raise argparse.ArgumentTypeError(f"a number of seconds, 0 or more, not {text!r}")
    return value


def run_host(args: Any) -> int:
    import asyncio
    from pathlib import Path

    try:
        from host.ssh import SetupError, default_paths
        from host.ssh import run_host as serve
    except ImportError as error:
        print(f"overtable host: the SSH server is not installed ({error}).", file=sys.stderr)
        return 1
    keys, host_key = default_paths()
    keys = Path(args.authorized_keys) if args.authorized_keys else keys
    host_key = Path(args.host_key) if args.host_key else host_key
    data_dir = Path(args.data_dir) if args.data_dir else None

    @output_may_be_gone()
    def ready(hub: Any, resumed: list[str], key: Any, where: tuple[str, int], players: Any) -> None:
        from host.ssh import key_lines, refused_key_words

        host, port = where
        usable = [p for p in players if not p.problem]
        print(f"Overtable host on {host}:{port}: {len(usable)} player key(s), "
              f"{len(hub.tables)} table(s) ({len(resumed)} resumed).")
        for player in players:
            if player.problem:
                print(refused_key_words(keys, player))
        print(f"Keys from {keys}, read again when it changes (no restart needed):")
        for told in key_lines(players):
            print(f"  {told}")
        print(f"Host key fingerprint: {key.get_fingerprint()}")
        print(f"Players connect with: ssh -t -p {port} {host}")
        socket_path = getattr(hub, "socket_path", None)
        if socket_path is not None:
            print("On this machine, as this user: "
                  f"{own_command('join', '--socket', str(socket_path))}")
        if args.idle_timeout:
            print(f"A session closes after {args.idle_timeout:g} s without a key "
                  "(--idle-timeout); its player's seats wait.")
        print("Ctrl+C stops the host; every match is saved as it is played.", flush=True)

    try:
        asyncio.run(serve(args.listen, keys, host_key, data_dir,
                          bot_delay=0.45 if args.bot_delay is None else args.bot_delay,
                          ready=ready, idle_timeout=args.idle_timeout))
    except SetupError as error:
        print(f"overtable host: {error}", file=sys.stderr)
        return 1
    except (KeyboardInterrupt, asyncio.CancelledError):  # Ctrl+C, or SIGTERM
        with output_may_be_gone():
            print(f"{time.strftime('%H:%M:%S')} The host has stopped; its matches are saved.",
                  flush=True)
    return 0


def join_hub(
    socket: str | None, name: str | None, theme: str, delay: float | None, bell: bool = False
) -> int:
    from pathlib import Path

    from host.hub import default_places
    from host.messages import MAX_NAME
    from tui import theme as themes

    if name is not None and not name.strip():  # it fell back to the user name, unsaid
        print("overtable join: --name is empty: give the name you play under, or leave "
              "--name out to play under $PLAYER or your user name.", file=sys.stderr)
        return 2
    player = player_name(name)
    if not player or len(player) > MAX_NAME or not player.isprintable() or set(player) & set("[]"):
        print(f"overtable join: a name is 1 to {MAX_NAME} printable characters, no square brackets.",
              file=sys.stderr)
        return 2
    socket_path = Path(socket) if socket else default_places()[1]
    from host.hub import OPEN_FOLDER, open_to_anyone

    if open_to_anyone(socket_path.parent):
        print(f"overtable join: no hub is joined at {socket_path}: "
              f"{OPEN_FOLDER.format(folder=socket_path.parent)} (the hub's host chooses it).",
              file=sys.stderr)
        return 1
    if not socket_path.is_socket() and os.environ.get("SSH_CONNECTION"):
        # a player over the system's OpenSSH can start no hub (README)
        print(f"overtable join: the tables are closed: no hub runs at {socket_path}. "
              "The host starts it with `overtable hub`; connect again then.", file=sys.stderr)
        return 1
    if not socket_path.exists():
        print(f"overtable join: no hub at {socket_path}; start one with `overtable hub`, "
              "or name a running hub's socket with --socket (`overtable host` and "
              "`overtable hub` print theirs).", file=sys.stderr)
        return 1
    if not socket_path.is_socket():
        # the app would only say "Connection refused" for ever
        kind = "a folder" if socket_path.is_dir() else (
            "a file" if socket_path.is_file() else "a pipe or a device")
        print(f"overtable join: {socket_path} is not a hub's socket (it is {kind}); name a "
              "running hub's socket with --socket (`overtable host` and `overtable hub` "
              "print theirs).", file=sys.stderr)
        return 1
    from tui.app import decision_grace
    from tui.join import JoinApp

    utf8_stdio()  # as the SSH front door's sessions have it (LANG=C.UTF-8)
    app = JoinApp(
        socket_path, player, bell=bell, theme_name=themes.CHOICES[theme],
        name_from_key=os.environ.get("OVERTABLE_NAME_FROM_KEY") == "1",
        collect_between_screens=True, decision_grace=decision_grace(),
        locale_note=themes.session_locale_note(),
    )
    app.run()
    refusal = getattr(app, "refusal", None)  # the hub refused the name (tui/remote.py)
    if refusal:
        print(refusal, file=sys.stderr)
    elif getattr(remote := getattr(app, "remote", None), "was_welcomed", False) and not app.return_code:
        # Ctrl+Q at a table left a blank terminal: was the seat lost?
        has_seats = getattr(remote, "has_seats", None)
        seats = bool(has_seats()) if callable(has_seats) else True
        # run directly, the way back is this command; over SSH, the connection
        # (a session of `overtable host` has no SSH_CONNECTION: it says its own)
        from host.hub import SSH_AGAIN_ENV

        ssh_again = os.environ.get(SSH_AGAIN_ENV)
        again = None if os.environ.get("SSH_CONNECTION") or ssh_again is not None else (
            own_command("join", *(["--socket", socket] if socket else []),
                        *(["--name", name] if name is not None else [])))
        with output_may_be_gone():
            print(left_the_tables(seats, again, ssh_again))
    return app.return_code or 0


def left_the_tables(seats: bool, again: str | None, ssh_again: str | None = None) -> str:
    """What `overtable join` prints as it ends (Ctrl+Q, or q in the
    lobby): seats named only to one who has some, wrapped at spaces to the
    terminal (it broke words: "where t / he table"), and the command back
    on a line of its own (`again`; None: come back as they came in). In a
    session of `overtable host`, `ssh_again` (host/hub.py `SSH_AGAIN_ENV`):
    the ssh command back, or "" where the host does not know its address."""
    import shutil
    import textwrap

    words = "You left the shared tables."
    if seats:
        words += (" Your seats wait for you (a bot plays for you where the table was set "
                  "up so).")
    if ssh_again is not None:
        again = ssh_again or None
        words += (" To come back, connect again:" if again
                  else " To come back, connect to this host again as you did.")
    elif again:
        words += " To come back, run:"
    elif seats:
        words += " To carry on, come back the way you came in."
    width = max(20, shutil.get_terminal_size((80, 24)).columns - 1)
    text = textwrap.fill(words, width, break_long_words=False, break_on_hyphens=False)
    # (unindented: a long socket path already fills a line)
    return f"{text}\n{again}" if again else text


def utf8_stdio(streams: Any = None) -> None:
    """Write and read the terminal in UTF-8 whatever the locale: `overtable
    host` starts each player's app with LANG=C.UTF-8, but the system's
    OpenSSH runs `overtable join` in the locale the client sent (AcceptEnv
    LANG LC_*), and a non-UTF-8 one failed at the first box-drawing line."""
    for stream in streams if streams is not None else (sys.stdin, sys.stdout, sys.stderr):
        encoding = (getattr(stream, "encoding", None) or "").lower().replace("-", "")
        if encoding != "utf8" and hasattr(stream, "reconfigure"):
            with contextlib.suppress(Exception):
                stream.reconfigure(encoding="utf-8")


def _is_terminal(stream: Any) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False


def _dumb_terminal() -> bool:
    """Whether $TERM says the terminal has no cursor addressing at all
    ("dumb"): the full-screen table cannot be drawn there."""
    return os.environ.get("TERM", "").strip().lower() == "dumb"


# -- rules off a terminal ------------------------------------------------------


def resolve_game(command: str, text: str) -> str | None:
    """The id of the game `text` names for `overtable COMMAND`: its id or
    title in any case, or the start of one alone ("Boss Quest", "overb");
    None, said on stderr in a line, when it names no game or several."""
    from core.catalogue import CATALOGUE, games_named

    games = games_named(text)
    if len(games) == 1:
        return games[0]
    # cut, as a value quoted from a file is (a name of 5,000 characters was echoed whole)
    from saves.journal import quoted

    if games:
        why = (f"{quoted(text, 40)} could be {', '.join(games[:-1])} or {games[-1]}; "
               "type more of its name")
    else:
        why = f"no game {quoted(text, 40)}; games: {', '.join(CATALOGUE)}"
    print(f"overtable {command}: {why}", file=sys.stderr)
    return None


def print_rules(game: str | None) -> int:
    """A game's in-app rules as text; without a game, which games have rules."""
    from core.catalogue import CATALOGUE
    from tui.resources import rules_text

    games = ", ".join(CATALOGUE)
    if game is None:
        with output_may_be_gone():
            print(f"Rules of: {games}. Print one with: overtable rules GAME")
        return 0
    text = rules_text(game) if game in CATALOGUE else None
    if text is None:
        from saves.journal import quoted

        print(f"overtable rules: no game {quoted(game, 40)}; games: {games}", file=sys.stderr)
        return 2
    # laid out as text: the Markdown's marks ("**P**ocket Petz", "> **House
    # ruling", a table's pipes) were printed as they are
    from tui.plain_rules import output_width, plain_rules

    with output_may_be_gone():  # (`| head`)
        sys.stdout.write(plain_rules(text, output_width()))
    return 0


# -- saves --list --------------------------------------------------------------


#: a listing line names at most this many seats, each in at most this many
#: characters (a damaged header may hold 300,000 seats, or a name of 10,000)
LISTED_SEATS = 6
LISTED_NAME = 40


def _shared_places(matches: Sequence[Any], directory: Any) -> str:
    """Where the listed shared matches are: a hub keeps them beside the
    matches, not in their directory (`store.shared_dirs`)."""
    from pathlib import Path

    from saves.store import shared_dirs

    order = [str(place) for place in shared_dirs(Path(directory).parent)]
    places = sorted({str(Path(s.path).parent) for s in matches if s.shared},
                    key=lambda place: (order.index(place) if place in order else len(order), place))
    return places[0] if len(places) == 1 else f"{', '.join(places[:-1])} and {places[-1]}"


def _listed_where(matches: Sequence[Any], directory: Any) -> str:
    """The listing's first line: how many matches, and where, naming only
    the places that hold some (a hub's data folder has no matches folder)."""
    def count(n: int) -> str:
        return f"{n} saved match{'' if n == 1 else 'es'}"

    shared = sum(1 for s in matches if s.shared)
    here = len(matches) - shared
    if not shared:
        return f"{count(here)} in {directory}, newest first:"
    places = _shared_places(matches, directory)
    if not here:
        return f"{count(shared)} of the shared tables, in {places}, newest first:"
    return (f"{count(len(matches))}: {here} in {directory}, {shared} of the shared tables in "
            f"{places}; newest first:")


def saves_text(matches: Sequence[Any], directory: Any, data_dir: str | None = None) -> str:
    """The saved matches as plain text, newest first, one block per match
    (`data_dir`: the --data-dir they were listed with, which resuming one
    needs too)."""
    if not matches:
        from saves.journal import printable

        return f"No saved matches in {printable(directory)}.\n"
    from saves.store import listed_ids

    out = [_listed_where(matches, directory)]
    for saved, listed_id in zip(matches, listed_ids(list(matches)), strict=True):
        states = [saved.progress] if saved.progress else []
        count = f"{saved.actions} action{'' if saved.actions == 1 else 's'}"
        if saved.left_out:  # a damaged or refused line: where a resume takes it
            count += f" ({saved.left_out} line{'' if saved.left_out == 1 else 's'} left out)"
            states = [f"resumes at {saved.progress}"] if saved.progress else []
        if saved.finished:
            states.append(f"won by {', '.join(saved.winners)}" if saved.winners
                          else "lost" if len(saved.players) == 1 else "finished")
        elif saved.match_id:
            states.append("in play")  # (a file with no match header in it is not)
        if saved.in_use:  # open in an app: on its results if it is over
            states.append("open now" if saved.finished else "being played now")
        elif not saved.resumable:
            states.append("cannot be resumed")
        else:
            if saved.problem:  # "damaged": it resumes before the damage
                states.append(saved.problem_word)
            if saved.superseded_by:
                states.append(f"continued in {saved.superseded_by[:8]}")
        if saved.shared:
            states.append("shared table")
        out.append(
            f"  {listed_id:<8}  {saved.updated.replace('T', ' ')[:16]}  "
            f"{saved.title}  {saved.who_plays(seats=LISTED_SEATS, name=LISTED_NAME)}  "
            f"{', '.join([count, *states])}"
        )
        if saved.options:
            out.append(f"            options: {', '.join(saved.options)}")
        out.append(f"            {saved.path}")
        if saved.problem:
            out.append(f"            problem: {saved.problem}")
        out.extend(f"            note: {note}" for note in saved.notes)
    if any(saved.resumable and not saved.finished and not saved.shared for saved in matches):
        import shlex

        where = f"--data-dir {shlex.quote(data_dir)} " if data_dir else ""
        out.append(f"Resume one with: overtable resume {where}ID")
    if any(saved.shared and not saved.finished for saved in matches):
        out.append("A shared table's match goes on at the shared tables: start "
                   "overtable host (or hub) with this data directory.")
    # names, ids and paths come from the files: no control character reaches the terminal
    from saves.journal import printable

    return "\n".join(printable(line) for line in out) + "\n"


def list_saves(data_dir: str | None = None) -> int:
    """`overtable saves --list` (`data_dir`: its --data-dir, said again in
    the way on it prints)."""
    from saves import store

    directory = store.data_dir()
    try:
        # replayed, as on the screen: how far each match got, and a line the
        # rules refuse or a game this version does not know is a problem
        matches = store.list_matches(directory, replay=True, shared=True)
    except store.SavesUnreadable as error:  # its message names the place already
        from saves.journal import printable

        print(printable(f"overtable: {error}"), file=sys.stderr)
        return 1
    except Exception as error:  # a listing never ends in a traceback
        from saves.journal import printable

        print(
            printable(f"overtable: could not list the saved matches in {directory}: {error}"),
            file=sys.stderr,
        )
        return 1
    with output_may_be_gone():  # (`| head`)
        sys.stdout.write(saves_text(matches, directory, data_dir))
    return 0


if __name__ == "__main__":
    sys.exit(main())
