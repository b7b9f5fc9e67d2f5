"""The `overtable` command line."""

from __future__ import annotations

import io
import re

import attrs
import pytest
from rich.console import Console

from tui import arena, cli


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path / "data"))
    # as at a terminal of this machine, even when the tests run over SSH
    monkeypatch.delenv("SSH_CONNECTION", raising=False)
    monkeypatch.delenv("SSH_ORIGINAL_COMMAND", raising=False)


def test_parser_commands():
    parser = cli.build_parser()
    assert parser.parse_args([]).command is None
    assert parser.parse_args(["new", "boss-quest"]).game == "boss-quest"
    assert parser.parse_args(["resume"]).id is None
    assert parser.parse_args(["resume", "abc"]).id == "abc"
    assert parser.parse_args(["saves"]).command == "saves"
    args = parser.parse_args(
        ["simulate", "boss-quest", "--games", "5", "--bots", "random,heuristic", "--seed", "3"]
    )
    assert (args.game, args.games, args.bots, args.seed) == ("boss-quest", 5, "random,heuristic", 3)
    assert (args.players, args.option, args.budget, args.jobs, args.json) == (
        None, [], None, 1, False
    )
    args = parser.parse_args(
        ["simulate", "overseers", "-p", "3", "-o", "alternate_draft=true", "-o", "x=1",
         "--budget", "200", "-j", "2", "--json"]
    )
    assert (args.players, args.option, args.budget, args.jobs, args.json) == (
        3, ["alternate_draft=true", "x=1"], "200", 2, True
    )


def test_simulate_smoke():
    out = io.StringIO()
    console = Console(file=out, width=120, force_terminal=False)
    code = arena.simulate(
        "boss-quest", games=4, bots="random,heuristic", seed=1, quiet=True, console=console
    )
    text = out.getvalue()
    assert code == 0
    assert "4 games, seed 1" in text and "heuristic" in text
    assert "actions/s" in text


def test_simulate_main_off_a_terminal(capsys):
    assert cli.main(["simulate", "boss-quest", "-n", "2", "--bots", "random,random", "--seed", "2"]) == 0
    assert "actions/s" in capsys.readouterr().out


def test_simulate_help_names_games_bots_and_options(capsys):
    """`simulate --help` tells what the arena takes (the game ids, the bots,
    every option with its values): they were only found in error messages.
    Each option written as the help writes it is taken by the arena."""
    from core import GAMES
    from core.arena import make_options, options_help

    with pytest.raises(SystemExit) as ended:
        cli.main(["simulate", "--help"])
    assert ended.value.code == 0
    out = " ".join(capsys.readouterr().out.split())
    for game_id in GAMES:
        assert f"{game_id}: " in out
    assert "bots: random, heuristic, easy, normal, hard." in out
    assert "ulul=off|classic|night" in out and "solo_colour=red|blue|yellow|purple|green" in out
    for game in GAMES.values():
        for line in options_help(game):
            name, _, rest = line.partition("=")
            assert f"{name}=" in out
            values = rest.partition(": ")[0].split("|")
            standard = rest.rpartition("standard ")[2].rstrip(")")
            assert standard in values
            where = attrs.fields_dict(game.Options)[name].metadata.get("players", game.players)
            players = next(n for n in game.players if n in where)
            for value in values:
                make_options(game, [f"{name}={value}"], players)


def test_simulate_refuses_unknown_bot_and_game(capsys):
    assert cli.main(["simulate", "boss-quest", "-n", "1", "--bots", "random,genius"]) == 2
    assert "genius" in capsys.readouterr().err
    assert cli.main(["simulate", "chess", "-n", "1"]) == 2
    assert "chess" in capsys.readouterr().err


def test_simulate_refuses_wrong_player_count(capsys):
    assert cli.main(["simulate", "overboss-duel", "-n", "1", "--bots", "random", "-p", "1"]) == 2
    assert "seats" in capsys.readouterr().err


def test_cli_starts_the_app(monkeypatch):
    seen = {}

    class FakeApp:
        def __init__(self, start, argument, **kwargs):
            seen.update(start=start, argument=argument, **kwargs)

        return_code = None

        def run(self):
            seen["ran"] = True

    import tui.app

    monkeypatch.setattr(tui.app, "OvertableApp", FakeApp)
    monkeypatch.setattr(cli, "_is_terminal", lambda stream: True)  # as in a terminal
    monkeypatch.setenv("LC_ALL", "POSIX")  # a terminal not in UTF-8: said at start
    assert cli.main(["--theme", "ansi", "--bot-delay", "0", "resume", "abc"]) == 0
    from tui.theme import locale_note

    assert seen.pop("locale_note") == locale_note({"LC_ALL": "POSIX"}) is not None
    assert seen == {
        "start": "resume",
        "argument": "abc",
        "theme_name": "ansi-dark",
        "bot_delay": 0.0,
        "collect_between_screens": True,  # the real app keeps full collections off play
        "handover_grace": tui.app.HANDOVER_GRACE,  # a doubled Enter does not lift the cover
        "decision_grace": tui.app.DECISION_GRACE,  # nor make the next decision unseen
        "remember_theme": True,  # Ctrl+T's theme is the next start's
        "ran": True,
    }


def test_the_enter_wait_is_set_by_its_variable_and_a_mistyped_one_refused(capsys, monkeypatch):
    """$OVERTABLE_ENTER_WAIT sets how long Enter waits after a new decision
    (0: not at all); anything but seconds from 0 to 2 is refused in a line."""
    seen: dict = {}

    class FakeApp:
        return_code = None

        def __init__(self, *args, **kwargs) -> None:
            seen.update(kwargs)

        def run(self) -> None:
            pass

    import tui.app

    monkeypatch.setattr(tui.app, "OvertableApp", FakeApp)
    monkeypatch.setattr(cli, "_is_terminal", lambda stream: True)
    monkeypatch.setenv("OVERTABLE_ENTER_WAIT", "0")
    assert cli.main(["resume", "abc"]) == 0
    assert seen["decision_grace"] == 0.0
    for wrong in ("soon", "3", "-1", "nan"):
        monkeypatch.setenv("OVERTABLE_ENTER_WAIT", wrong)
        with pytest.raises(SystemExit) as exit_:
            cli.main(["resume", "abc"])
        assert exit_.value.code == 2
        assert "$OVERTABLE_ENTER_WAIT" in capsys.readouterr().err


def test_rules_off_a_terminal_print_the_text(capsys, monkeypatch):
    """`overtable rules GAME | less` printed the full-screen app's escape
    codes into the pipe (and the app went on running): off a terminal the
    rules are printed as text, like `saves`."""
    import tui.app
    from tui.resources import rules_text

    def no_app(*args, **kwargs):
        raise AssertionError("the app must not start off a terminal")

    monkeypatch.setattr(tui.app, "OvertableApp", no_app)
    assert cli.main(["rules", "overboss-duel"]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and _words(rules_text("overboss-duel")) <= _words(out)
    assert "House ruling OD-1" in out
    assert cli.main(["rules"]) == 0
    assert "boss-quest, overboss-duel, overstocked, overseers" in capsys.readouterr().out
    assert cli.main(["rules", "chess"]) == 2
    assert "no game 'chess'" in capsys.readouterr().err


def test_rules_help_says_game_is_optional_and_what_happens_without_it(capsys):
    """Play-test: `overtable rules --help` did not say GAME may be left out,
    nor what then: in a terminal Boss Quest's rules open (n goes to the next
    game), off a terminal the games are listed."""
    with pytest.raises(SystemExit) as ended:
        cli.main(["rules", "--help"])
    assert ended.value.code == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "Without GAME" in out, out
    assert "Boss Quest's rules open (n: the next game)" in out, out
    assert "off a terminal, the games are listed" in out, out


def _words(text: str):
    """The words of a text, Markdown's marks and the drawn boxes aside, as
    a multiset: a table's cells are laid out afresh, its words kept."""
    import collections

    marks = "*_`#>|-:.,;()[]\"'▌•─━│┃═┏┓┗┛┃"
    text = text.replace("*", "").replace("`", "")
    words = (w.strip(marks) for w in re.split(r"[\s▌•─━│┃]+", text))
    return collections.Counter(w for w in words if w)


@pytest.mark.parametrize("game", ["boss-quest", "overboss-duel", "overstocked", "overseers"])
@pytest.mark.parametrize("columns", [None, "100"])
def test_rules_into_a_pipe_read_as_text_not_markdown(game, columns, capsys, monkeypatch):
    """Play-test: `overtable rules overstocked | less` showed the Markdown
    ("**P**ocket Petz", "> **House ruling OS-1**", a table's pipes) where
    README and --help promise the rules as text. Off a terminal they are
    laid out as the app shows them, without colour, 80 columns wide (or
    $COLUMNS), every word of them kept."""
    from tui.resources import rules_text

    if columns is None:
        monkeypatch.delenv("COLUMNS", raising=False)
    else:
        monkeypatch.setenv("COLUMNS", columns)
    width = int(columns or 80)
    assert cli.main(["rules", game]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "**" not in out and "|---" not in out, out
    assert not any(line.startswith("> ") or line.startswith("#") for line in out.splitlines())
    assert max(len(line) for line in out.splitlines()) <= width
    assert max(len(line) for line in out.splitlines()) > width - 10  # the width is used
    assert not any(line != line.rstrip() for line in out.splitlines())
    assert re.search(r"^▌ House ruling [A-Z]{2}-\d+ — ", out, re.M)
    markdown = rules_text(game)
    assert _words(markdown) <= _words(out), _words(markdown) - _words(out)
    if game == "overstocked":
        assert "Pocket Petz" in out


@pytest.mark.parametrize("game, said", [
    ("boss-quest", ["Red (R), Blue (B), Yellow (Y), Purple (P), Green (G)."]),
    ("overboss-duel", ["Icy Peak (I), Spawning Pool (P), Road (R), Town (T) and Sunken City (S)",
                       "Dungeons (D).", "Yeti (Y), Bandit (B), Spellslime (L), Rocktopus (K),",
                       "Minibosses (M)", "Heroes (H)", "Dungeon (D)"]),
    ("overstocked", ["Pocket Petz (P, blue), Furballs (F, pink)", "Bean Bears (B"]),
])
def test_plain_rules_name_the_letters_the_app_shows_in_bold(game, said, capsys, monkeypatch):
    """Play-test (`overtable rules boss-quest | cat`): "Each colour has a
    letter, always shown beside it: Red, Blue, ..." -- the letters are bold
    in the app, and nothing marked them in plain text. The plain text says
    each after its name; the app's text keeps its bold letters."""
    from tui.resources import rules_text

    monkeypatch.setenv("COLUMNS", "200")  # (each phrase on one line)
    assert cli.main(["rules", game]) == 0
    out = " ".join(capsys.readouterr().out.split())
    for phrase in said:
        assert phrase in out, phrase
    if game != "boss-quest":  # (Boss Quest's names its letters itself: "Red (R)")
        assert re.search(r"\*\*[A-Z]\*\*[a-z]", rules_text(game))  # the app's, bold


@pytest.mark.parametrize("command", ["new", "rules"])
def test_a_game_that_does_not_exist_is_said_in_one_line(command, capsys, monkeypatch):
    """`overtable new chess` in a terminal opened Boss Quest's form with a
    notice, and off a terminal said only that it needs one: it now names the
    games, as `overtable rules chess | less` and `simulate chess` do."""
    import tui.app

    def no_app(*args, **kwargs):
        raise AssertionError("no app for a game that does not exist")

    monkeypatch.setattr(tui.app, "OvertableApp", no_app)
    monkeypatch.setattr(cli, "_is_terminal", lambda stream: True)
    assert cli.main([command, "chess"]) == 2
    assert capsys.readouterr().err == (
        f"overtable {command}: no game 'chess'; games: boss-quest, overboss-duel, "
        "overstocked, overseers\n")


@pytest.mark.parametrize("argv", [[], ["new", "boss-quest"], ["resume"], ["join", "--name", "ann"]])
def test_the_app_off_a_terminal_says_so_and_stops(argv, capsys, monkeypatch):
    """Off a terminal (`overtable > file`, input from /dev/null, `ssh host
    overtable` without -t) the full-screen app drew nothing and spun a core
    until killed: the command says what it needs and ends."""
    import tui.app
    import tui.join

    def no_app(*args, **kwargs):
        raise AssertionError("the app must not start off a terminal")

    monkeypatch.setattr(tui.app, "OvertableApp", no_app)
    monkeypatch.setattr(tui.join, "JoinApp", no_app)
    assert cli.main(argv) == 1
    assert "needs a terminal" in capsys.readouterr().err


@pytest.mark.parametrize("argv", [[], ["new", "boss-quest"], ["resume"], ["join", "--name", "ann"]])
def test_a_dumb_terminal_is_told_what_works_there(argv, capsys, monkeypatch):
    """Hostile-input play-test: with TERM=dumb (Emacs's M-x shell, some IDE
    consoles) the full-screen app sent its alternate screen and mouse
    tracking to a terminal that says it can show neither. The command says
    so, naming TERM=dumb and what prints text there, and ends."""
    import tui.app
    import tui.join

    def no_app(*args, **kwargs):
        raise AssertionError("the app must not start in a dumb terminal")

    monkeypatch.setattr(tui.app, "OvertableApp", no_app)
    monkeypatch.setattr(tui.join, "JoinApp", no_app)
    monkeypatch.setattr(cli, "_is_terminal", lambda stream: True)
    monkeypatch.setenv("TERM", "dumb")
    assert cli.main(argv) == 1
    err = capsys.readouterr().err
    assert "TERM=dumb" in err and "overtable saves --list" in err
    assert "overtable rules GAME" in err and "\x1b" not in err


def test_rules_and_saves_in_a_dumb_terminal_print_text(capsys, monkeypatch):
    """With TERM=dumb, `overtable rules GAME` and `overtable saves` print
    text, as they do into a pipe (hostile-input play-test: the full-screen
    app's escape codes were sent)."""
    import tui.app
    from tui.resources import rules_text

    def no_app(*args, **kwargs):
        raise AssertionError("the app must not start in a dumb terminal")

    monkeypatch.setattr(tui.app, "OvertableApp", no_app)
    monkeypatch.setattr(cli, "_is_terminal", lambda stream: True)
    monkeypatch.setenv("TERM", "dumb")
    assert cli.main(["rules", "overstocked"]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and _words(rules_text("overstocked")) <= _words(out)
    assert cli.main(["saves"]) == 0
    assert capsys.readouterr().out.startswith("No saved matches in ")


def test_resume_off_a_terminal_says_first_that_no_save_has_that_id(capsys, monkeypatch):
    """Play-test: `overtable resume nosuchid` off a terminal said the table
    needs a terminal, where in one it says there is no such match: that is
    said first, everywhere. An id that names a save still needs the terminal."""
    from saves.journal import PlayerSpec
    from saves.match import Match

    _no_app(monkeypatch)
    assert cli.main(["resume", "nosuchid"]) == 1
    err = capsys.readouterr().err
    assert "No saved match 'nosuchid'." in err and "terminal" not in err
    match = Match.new("overboss-duel", [PlayerSpec("Ann", "human"), PlayerSpec("Bot", "bot")])
    match.close()
    assert cli.main(["resume", match.header.match_id[:8]]) == 1
    assert "needs a terminal" in capsys.readouterr().err


def test_saves_and_resume_take_the_data_dir_as_host_and_hub_do(tmp_path, capsys, monkeypatch):
    """README play-test: a shared match's journal "stays among the host's
    saved matches (`overtable saves` on the host, with the hub's data
    directory)", but `overtable saves --data-dir DIR` was refused
    ("unrecognized arguments") while host and hub take it. saves and resume
    take it, meaning what OVERTABLE_DATA_DIR=DIR means."""
    from saves.journal import PlayerSpec
    from saves.match import Match

    elsewhere = tmp_path / "hub-data"
    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(elsewhere))
    match = Match.new("overboss-duel", [PlayerSpec("ann", "human"), PlayerSpec("Bot", "bot")])
    match.close()
    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path / "data"))  # (the autouse one)
    match_id = match.header.match_id
    assert cli.main(["saves", "--list"]) == 0
    assert match_id[:8] not in capsys.readouterr().out
    assert cli.main(["saves", "--list", "--data-dir", str(elsewhere)]) == 0
    out = capsys.readouterr().out
    assert match_id[:8] in out and str(elsewhere) in out, out
    # the way on from the list names the same place
    assert f"overtable resume --data-dir {elsewhere} ID" in out, out
    _no_app(monkeypatch)
    assert cli.main(["resume", "--data-dir", str(elsewhere), match_id[:8]]) == 1
    err = capsys.readouterr().err
    assert "needs a terminal" in err and "No saved match" not in err, err
    for command in (["saves"], ["resume"]):
        assert "--data-dir DIR" in _help(capsys, *command)


@pytest.mark.parametrize("argv", [["resume", "a" * 5000], ["new", "b" * 5000],
                                  ["rules", "c" * 5000]])
def test_a_long_unknown_id_or_game_is_cut_in_the_message(argv, capsys, monkeypatch):
    """Hostile-input play-test: `overtable resume "$(python3 -c 'print("a"*5000)')"`
    printed all 5,000 characters in "No saved match '…'". The name is cut
    as the saves' messages cut a value (`journal.quoted`), one short line."""
    import tui.app

    def no_app(*args, **kwargs):
        raise AssertionError("the app must not start")

    monkeypatch.setattr(tui.app, "OvertableApp", no_app)
    assert cli.main(argv) in (1, 2)
    err = capsys.readouterr().err
    assert ("No saved match 'aaa" in err or "no game 'bbb" in err or "no game 'ccc" in err), err
    assert "…" in err and len(err) < 200, len(err)


@pytest.mark.parametrize("command", [["resume"], ["resume", "abc"], ["new", "boss-quest"], ["saves"]])
def test_the_table_options_also_go_after_the_command(command):
    """`overtable resume --bot-seconds 1` was refused ("unrecognized
    arguments: --bot-seconds"): the README names the options without saying
    they must come before the command. After it they mean the same; not
    given there, those before it stand."""
    parser = cli.build_parser()
    options = ["--bot-seconds", "1", "--bot-delay", "0.1", "--theme", "ansi"]
    before = parser.parse_args([*options, *command])
    after = parser.parse_args([*command, *options])
    for name in ("bot_seconds", "bot_delay", "theme"):
        assert getattr(after, name) == getattr(before, name), name
    alone = parser.parse_args(["--bot-delay", "0.2", *command])
    assert (alone.bot_delay, alone.bot_seconds, alone.theme) == (0.2, None, "auto")


@pytest.mark.parametrize("command", [["hub"], ["host"]])
def test_the_hub_and_host_take_the_bot_delay_after_the_command_too(command, capsys):
    """Play-test: `overtable hub --bot-delay 0.1` was refused ("unrecognized
    arguments") though the hub uses it, and `hub --help` did not list it."""
    parser = cli.build_parser()
    assert parser.parse_args([*command, "--bot-delay", "0.1"]).bot_delay == 0.1
    assert parser.parse_args(["--bot-delay", "0.2", *command]).bot_delay == 0.2
    assert parser.parse_args(command).bot_delay is None
    assert "--bot-delay SECONDS" in _help(capsys, *command)


def _no_app(monkeypatch):
    import tui.join

    def no_app(*args, **kwargs):
        raise AssertionError("the app must not start")

    monkeypatch.setattr(tui.join, "JoinApp", no_app)


def test_join_as_an_openssh_keys_command_runs_no_command_sent(capsys, monkeypatch):
    """README, behind the system's OpenSSH: `ssh HOST some-command` with a key's
    command="overtable join ..." reached join (the command in
    $SSH_ORIGINAL_COMMAND) and, with -t, opened the tables as if nothing had been
    asked: like the built-in host, the command is refused, and said so."""
    _no_app(monkeypatch)
    monkeypatch.setattr(cli, "_is_terminal", lambda stream: True)
    monkeypatch.setenv("SSH_CONNECTION", "127.0.0.1 5000 127.0.0.1 22")
    monkeypatch.setenv("SSH_ORIGINAL_COMMAND", "ls -la /")
    assert cli.main(["join", "--name", "ann"]) == 1
    err = capsys.readouterr().err
    assert "opens the shared tables only" in err and "not run" in err
    assert "ssh -t HOST" in err


def test_join_over_openssh_without_a_terminal_says_only_what_the_player_can_do(
    capsys, monkeypatch
):
    """`ssh -T HOST` (no terminal) with a key's command="overtable join ...":
    the message named `overtable saves --list` and `overtable rules GAME`, which
    such a player cannot run; it says to connect with ssh -t."""
    _no_app(monkeypatch)
    monkeypatch.setenv("SSH_CONNECTION", "127.0.0.1 5000 127.0.0.1 22")
    monkeypatch.delenv("SSH_ORIGINAL_COMMAND", raising=False)
    assert cli.main(["join", "--name", "ann"]) == 1
    err = capsys.readouterr().err
    assert "connect with ssh -t HOST" in err and "saves" not in err


def test_join_over_openssh_with_no_hub_says_the_host_starts_it(capsys, monkeypatch):
    """A player over the system's OpenSSH while the hub is down was told to
    start one with `overtable hub` or to name --socket, neither theirs to do."""
    _no_app(monkeypatch)
    monkeypatch.setattr(cli, "_is_terminal", lambda stream: True)
    monkeypatch.setenv("SSH_CONNECTION", "127.0.0.1 5000 127.0.0.1 22")
    monkeypatch.delenv("SSH_ORIGINAL_COMMAND", raising=False)
    assert cli.main(["join", "--name", "ann"]) == 1
    err = capsys.readouterr().err
    assert "the tables are closed" in err and "The host starts it" in err
    assert "--socket" not in err


@pytest.mark.parametrize(("data_dir", "env"), [(False, None), (True, None),
                                              (False, "OVERTABLE_DATA_DIR"),
                                              (True, "OVERTABLE_DATA_DIR"),
                                              (False, "XDG_DATA_HOME")])
def test_the_hub_prints_the_authorized_keys_line_with_its_full_path(
    tmp_path, capsys, monkeypatch, data_dir, env
):
    """README's `command="overtable join --name ann"` failed with "overtable:
    command not found": sshd runs a key's command with a short PATH, without a
    venv's or pipx's bin. The hub prints the line with its program's full path
    (and --socket when join's default would not find it). A hub run with
    $OVERTABLE_DATA_DIR left --socket out, and sshd does not pass the
    variable on: "no hub at /root/.local/share/overtable/hub/hub.sock"."""
    import types

    import host.hub

    program = tmp_path / "some venv" / "bin" / "overtable"
    program.parent.mkdir(parents=True)
    program.write_text("#!/bin/sh\n")
    monkeypatch.setattr(cli.sys, "argv", [str(program), "hub"])
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    for name in ("OVERTABLE_DATA_DIR", "XDG_DATA_HOME"):
        monkeypatch.delenv(name, raising=False)
    if env is not None:
        monkeypatch.setenv(env, str(tmp_path / "moved"))

    async def ready_then_stop(directory, socket_path, *, bot_delay, ready):
        ready(types.SimpleNamespace(tables={}), [])
        raise KeyboardInterrupt

    monkeypatch.setattr(host.hub, "run_hub", ready_then_stop)
    argv = ["hub", "--data-dir", str(tmp_path / "d")] if data_dir else ["hub"]
    assert cli.main(argv) == 0
    out = capsys.readouterr().out
    if data_dir:
        socket = f" --socket {tmp_path / 'd' / 'hub' / 'hub.sock'}"
    elif env == "OVERTABLE_DATA_DIR":
        socket = f" --socket {tmp_path / 'moved' / 'hub' / 'hub.sock'}"
    elif env == "XDG_DATA_HOME":
        socket = f" --socket {tmp_path / 'moved' / 'overtable' / 'hub' / 'hub.sock'}"
    else:  # a bare join, as sshd starts it, finds this one
        socket = ""
        assert host.hub.default_places()[1] == host.hub.bare_join_socket()
    quoted = "'" + str(program) + "'"
    assert f'restrict,pty,command="{quoted} join{socket} --name NAME" KEY' in out


def test_join_writes_utf8_whatever_locale_sshd_gave_it():
    """`overtable host` starts each player's app with LANG=C.UTF-8; behind
    the system's OpenSSH the app runs in the locale the client sent, and a
    non-UTF-8 one could not write the table's box drawing: join's streams
    are made UTF-8 (a UTF-8 stream is left as it is)."""
    import io

    from tui.cli import utf8_stdio

    latin = io.TextIOWrapper(io.BytesIO(), encoding="latin-1")
    utf8 = io.TextIOWrapper(io.BytesIO(), encoding="utf-8")
    utf8_stdio([latin, utf8])
    assert latin.encoding == "utf-8" and utf8.encoding == "utf-8"
    latin.write("─┐ ♥ ⚷")
    latin.flush()
    assert latin.buffer.getvalue().decode("utf-8") == "─┐ ♥ ⚷"


def test_join_returns_the_apps_code_a_refused_name_ends_with(tmp_path, monkeypatch, capsys):
    """`overtable join` returned 0 whatever its app ended with: a name the
    hub refused (the app ends with 2 and the reason) read as success."""
    _no_app(monkeypatch)
    monkeypatch.setattr(cli, "_is_terminal", lambda stream: True)
    socket_path = tmp_path / "hub.sock"
    listening = _a_socket(socket_path)  # a hub's socket is there

    class Refused:
        return_code = None

        def __init__(self, *args, **kwargs) -> None:
            pass

        def run(self) -> None:
            self.return_code = 2
            self.refusal = "overtable join: the hub refused the name 'ann': why."

    import tui.join

    monkeypatch.setattr(tui.join, "JoinApp", Refused)
    assert cli.main(["join", "--socket", str(socket_path), "--name", "ann"]) == 2
    assert "refused the name 'ann': why." in capsys.readouterr().err
    listening.close()


@pytest.mark.parametrize("welcomed", [True, False])
def test_join_says_the_seats_wait_as_it_ends(welcomed, tmp_path, monkeypatch, capsys):
    """Play-test: Ctrl+Q at a running shared table ended the app at once and
    left a blank terminal: was the seat lost, how to come back? Once the
    hub had welcomed the player, a line says the seats wait; a hub never
    reached says nothing more."""
    _no_app(monkeypatch)
    monkeypatch.setattr(cli, "_is_terminal", lambda stream: True)
    socket_path = tmp_path / "hub.sock"
    listening = _a_socket(socket_path)

    class Left:
        return_code = None

        def __init__(self, *args, **kwargs) -> None:
            self.remote = type("Remote", (), {"was_welcomed": welcomed})()

        def run(self) -> None:
            pass

    import tui.join

    monkeypatch.setattr(tui.join, "JoinApp", Left)
    assert cli.main(["join", "--socket", str(socket_path), "--name", "ann"]) == 0
    out = capsys.readouterr().out
    assert ("You left the shared tables." in out) is welcomed, out
    listening.close()


@pytest.mark.parametrize("seats", [True, False])
@pytest.mark.parametrize("over_ssh", [True, False])
def test_joins_last_words_fit_the_player_and_the_terminal(seats, over_ssh, tmp_path,
                                                           monkeypatch, capsys):
    """qa-share3 F7: the line printed as `overtable join` ends told a
    watcher "Your seats wait for you", broke mid-word at 80 columns ("t /
    he table") and said "come back the way you came in" without the
    command. Seats are named only to a player who has some; the words are
    wrapped at spaces to the terminal; run directly, the command is given."""
    import os
    import shutil

    _no_app(monkeypatch)
    monkeypatch.setattr(cli, "_is_terminal", lambda stream: True)
    monkeypatch.setattr(shutil, "get_terminal_size", lambda *a, **k: os.terminal_size((40, 24)))
    if over_ssh:
        monkeypatch.setenv("SSH_CONNECTION", "10.0.0.1 5 10.0.0.2 22")
    else:
        monkeypatch.delenv("SSH_CONNECTION", raising=False)
    socket_path = tmp_path / "hub.sock"
    listening = _a_socket(socket_path)

    class Left:
        return_code = None

        def __init__(self, *args, **kwargs) -> None:
            self.remote = type("Remote", (), {"was_welcomed": True,
                                              "has_seats": lambda _: seats})()

        def run(self) -> None:
            pass

    import tui.join

    monkeypatch.setattr(tui.join, "JoinApp", Left)
    assert cli.main(["join", "--socket", str(socket_path), "--name", "Dee"]) == 0
    out = capsys.readouterr().out
    words = out.split("\n")
    command = [line for line in words if "--name" in line]
    assert all(len(line) <= 40 for line in words if line not in command), out
    assert ("Your seats wait for you" in out.replace("\n", " ")) is seats, out
    assert out.startswith("You left the shared tables.")
    if over_ssh:
        assert command == [], out
    else:
        (line,) = command
        assert line.strip().endswith(f"join --socket {socket_path} --name Dee"), out
    listening.close()


def _a_socket(path):
    import socket

    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.bind(str(path))
    return sock


@pytest.mark.parametrize(("kind", "said"), [("file", "a file"), ("folder", "a folder")])
def test_join_a_socket_that_is_a_file_or_folder_says_so(kind, said, tmp_path, monkeypatch,
                                                       capsys):
    """Hostile saves: `join --socket PATH` on a file or a folder opened the
    app, which kept saying "Could not reach the hub at PATH: Connection
    refused. Is `overtable hub` running?"; a missing path ended at once."""
    _no_app(monkeypatch)
    monkeypatch.setattr(cli, "_is_terminal", lambda stream: True)
    path = tmp_path / "hub.sock"
    path.mkdir() if kind == "folder" else path.write_text("")
    assert cli.main(["join", "--socket", str(path), "--name", "ann"]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"overtable join: {path} is not a hub's socket (it is {said})"), err
    assert len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("name", ["", "  "])
def test_join_refuses_an_empty_name(name, tmp_path, monkeypatch, capsys):
    """Play-test: `overtable join --name ''` joined silently under the
    account's user name ("You are root")."""
    _no_app(monkeypatch)
    monkeypatch.setenv("PLAYER", "ann")
    socket_path = tmp_path / "hub.sock"
    socket_path.touch()
    assert cli.join_hub(str(socket_path), name, "auto", None) == 2
    err = capsys.readouterr().err
    assert "--name" in err and "empty" in err, err


def _help(capsys, *words):
    with pytest.raises(SystemExit):
        cli.main([*words, "--help"])
    return " ".join(capsys.readouterr().out.split())


@pytest.mark.parametrize(("argv", "command"), [
    (["new", "overseers", "--players", "99"], "new"),
    (["new", "overseers", "--option", "x=y"], "new"),
    (["resume", "abc", "--jobs", "2"], "resume"),
    (["rules", "overseers", "--width", "60"], "rules"),
    (["join", "--seat", "2"], "join"),
])
def test_an_argument_a_command_does_not_take_shows_that_commands_usage(argv, command, capsys):
    """Hostile-input play-test: `overtable new overseers --players 99` showed
    the top-level usage ("usage: overtable [-h] [--version] ... COMMAND ...")
    where `--bot-seconds -1` shows `overtable new`'s: the command's own
    usage, and what it did not take."""
    with pytest.raises(SystemExit) as exit_:
        cli.main(argv)
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith(f"usage: overtable {command} "), err
    assert f"overtable {command}: error: unrecognized arguments: {' '.join(argv[-2:])}" in err
    assert "COMMAND ..." not in err


def test_new_says_where_players_and_options_are_set(capsys):
    """`overtable new GAME --players 3`: the form sets the players, bots and
    options (the arena's flags are `simulate`'s)."""
    with pytest.raises(SystemExit):
        cli.main(["new", "overseers", "--players", "3"])
    assert "the new-match form sets the players, bots and options" in capsys.readouterr().err


def test_every_command_says_what_it_does_atop_its_help():
    """Play-test: `new --help`, `resume --help` ... had no description line,
    only their arguments."""
    parser = cli.build_parser()
    commands = next(a for a in parser._actions if isinstance(a, cli.argparse._SubParsersAction))
    listed = {choice.dest: choice.help for choice in commands._choices_actions}
    for name, command in commands.choices.items():
        assert command.description, f"`overtable {name} --help` has no description"
        assert listed[name], f"`overtable --help` lists {name} without a word"


def test_new_help_names_every_game(capsys):
    """`new --help` said only "game id, e.g. boss-quest"."""
    from core import GAMES

    for words in (["new"], ["rules"], ["simulate"]):
        text = _help(capsys, *words)
        assert all(game_id in text for game_id in GAMES), words


def test_the_top_help_has_examples_in_plain_words(capsys):
    text = _help(capsys)
    assert "examples: overtable " in text and "overtable new overseers" in text
    assert "host shared tables: players join over SSH, each at their own terminal" in text
    assert "SSH front door" not in text and "the hub of shared tables" not in text


def test_saves_help_says_its_table_options_are_for_a_match_resumed(capsys):
    text = _help(capsys, "saves")
    assert "display and bots, for a match resumed from the list: --theme" in text


def test_simulate_titles_a_true_option_as_the_player_writes_it():
    """`--option short_board=yes` titled the report "(short_board=True)",
    Python's word: options are written true/false everywhere else."""
    out = io.StringIO()
    console = Console(file=out, width=120, force_terminal=False)
    assert arena.simulate("overboss-duel", games=1, bots="random,random", seed=1, quiet=True,
                          options=["short_board=yes"], console=console) == 0
    text = out.getvalue()
    assert "(short_board=true)" in text and "True" not in text


def test_simulate_titles_a_colour_option_by_its_name():
    from core import GAMES
    from core.arena import make_options

    options = make_options(GAMES["boss-quest"], ["solo_colour=red"], 1)
    assert arena.option_word(options.solo_colour) == "red"
    assert arena.option_word(True) == "true"


@pytest.mark.parametrize("written", ["Boss-Quest", "BOSS-QUEST", "Boss Quest", "boss quest"])
@pytest.mark.parametrize("command", ["new", "rules"])
def test_a_game_is_named_in_any_case_or_by_its_title(command, written, monkeypatch):
    """`overtable rules Boss-Quest` and `overtable new Overseers` were
    refused ("no game 'Boss-Quest'"), though the screens write the games
    capitalised: any case, and the title as one argument, name the game."""
    started = _started_apps(monkeypatch)
    assert cli.main([command, written]) == 0
    assert started == [(command, "boss-quest")]


@pytest.mark.parametrize(("written", "game"), [
    ("overboss", "overboss-duel"), ("overb", "overboss-duel"), ("Overboss Duel", "overboss-duel"),
    ("boss quest", "boss-quest"), ("BOSS", "boss-quest"), ("overst", "overstocked"),
    ("Overse", "overseers"), ("overboss duel", "overboss-duel"), ("Boss Q", "boss-quest"),
])
@pytest.mark.parametrize("command", ["new", "rules"])
def test_a_game_is_named_by_the_start_of_its_name(command, written, game, monkeypatch):
    """`overtable new overboss` was refused ("no game 'overboss'") though
    one game begins so: the start of an id or a title, any case, with
    spaces, names the game it begins alone."""
    started = _started_apps(monkeypatch)
    assert cli.main([command, written]) == 0
    assert started == [(command, game)]


@pytest.mark.parametrize("command", ["new", "rules", "simulate"])
def test_the_start_of_several_games_names_them(command, capsys, monkeypatch):
    """`overtable new over` begins three games: it says which, and starts none."""
    started = _started_apps(monkeypatch)
    assert cli.main([command, "over"]) == 2
    assert capsys.readouterr().err == (
        f"overtable {command}: 'over' could be overboss-duel, overstocked or overseers; "
        "type more of its name\n")
    assert started == []
    assert "or the start of one" in _help(capsys, command)


def test_simulate_takes_the_start_of_a_name(capsys):
    assert cli.main(["simulate", "overb", "-n", "1", "--bots", "random,random",
                     "--seed", "2"]) == 0
    assert "Overboss Duel at 2 players" in capsys.readouterr().out


def test_rules_off_a_terminal_take_the_start_of_a_name(capsys):
    assert cli.main(["rules", "overboss-duel"]) == 0
    by_id = capsys.readouterr().out
    assert cli.main(["rules", "overb"]) == 0
    assert capsys.readouterr().out == by_id


def _started_apps(monkeypatch) -> list[tuple[str, str]]:
    """The (start, argument) of each app `cli.main` runs, in a terminal."""
    import tui.app

    started = []

    class App:
        return_code = None

        def __init__(self, start, argument, **kwargs):
            started.append((start, argument))

        def run(self):
            pass

    monkeypatch.setattr(tui.app, "OvertableApp", App)
    monkeypatch.setattr(cli, "_is_terminal", lambda stream: True)
    return started


def test_rules_off_a_terminal_take_the_game_in_any_case(capsys):
    assert cli.main(["rules", "overboss-duel"]) == 0
    by_id = capsys.readouterr().out
    assert cli.main(["rules", "Overboss Duel"]) == 0
    assert capsys.readouterr().out == by_id and by_id.startswith("Overboss Duel\n")


@pytest.mark.parametrize("written", ["Boss-Quest", "Boss Quest"])
def test_simulate_takes_the_game_in_any_case(written, capsys):
    assert cli.main(["simulate", written, "-n", "1", "--bots", "random,random", "--seed", "2"]) == 0
    assert "Boss Quest at 2 players" in capsys.readouterr().out


def test_the_hub_on_a_file_says_so_and_leaves_it(tmp_path, capsys):
    """`overtable hub --socket FILE` deleted the file (H5): now one line,
    exit 1, the file as it was."""
    kept = tmp_path / "notes.txt"
    kept.write_text("precious\n")
    assert cli.main(["hub", "--socket", str(kept), "--data-dir", str(tmp_path / "d")]) == 1
    err = capsys.readouterr().err
    assert err == (f"overtable hub: cannot listen on {kept}: a file is there already "
                   "(not a socket); choose another --socket\n")
    assert kept.read_text() == "precious\n"


def test_join_refuses_a_hub_socket_anyone_could_have_swapped(tmp_path, capsys, monkeypatch):
    """A socket in a folder any user may write to (no sticky bit) may be
    another user's in the hub's place: join says so and connects to
    nothing (the hub itself refuses to serve there)."""
    import socket as sockets

    folder = tmp_path / "open"
    folder.mkdir()
    folder.chmod(0o777)
    fake = sockets.socket(sockets.AF_UNIX, sockets.SOCK_STREAM)
    fake.bind(str(folder / "hub.sock"))
    fake.listen(1)
    monkeypatch.setattr(cli, "_is_terminal", lambda stream: True)
    try:
        assert cli.main(["join", "--name", "Ann", "--socket", str(folder / "hub.sock")]) == 1
    finally:
        fake.close()
    err = capsys.readouterr().err
    assert err.startswith(f"overtable join: no hub is joined at {folder / 'hub.sock'}: "
                          f"its folder {folder} can be written by any user"), err
    assert "(the hub's host chooses it)" in err
    # nothing there yet: not "start one with `overtable hub`", which refuses it
    assert cli.main(["join", "--name", "Ann", "--socket", str(folder / "other.sock")]) == 1
    err = capsys.readouterr().err
    assert "can be written by any user" in err and "start one" not in err, err


def test_an_unexpected_error_in_the_app_exits_non_zero(monkeypatch):
    """QA: a traceback at the table still exited with status 0."""
    import tui.app

    class Crashed:
        return_code = 1  # as Textual sets it after an unhandled exception

        def __init__(self, *args, **kwargs):
            pass

        def run(self):
            pass

    monkeypatch.setattr(tui.app, "OvertableApp", Crashed)
    monkeypatch.setattr(cli, "_is_terminal", lambda stream: True)
    assert cli.main([]) == 1


def test_the_top_help_says_after_which_commands_its_options_go(capsys):
    """Hostile saves: `overtable --help` listed --bot-delay and --bot-seconds
    as options of every command, and `overtable join --bot-seconds 0.2`
    ended in "unrecognized arguments" (join's bots are the hub's)."""
    text = _help(capsys)
    said = ("before COMMAND, or after new, resume or saves (host and hub: --bot-delay, "
            "--bot-seconds; join: --theme)")
    assert said in text, text
    parser = cli.build_parser()
    for command in (["new", "overseers"], ["resume"], ["saves"], ["host"], ["hub"]):
        parser.parse_args([*command, "--bot-delay", "0.1", "--bot-seconds", "1"])
    for command in (["new", "overseers"], ["resume"], ["saves"], ["join"]):
        assert parser.parse_args([*command, "--theme", "ansi"]).theme == "ansi"
    assert parser.parse_args(["--theme", "ansi", "join"]).theme == "ansi"
    assert parser.parse_args(["join"]).theme == "auto"
    assert "--theme" in _help(capsys, "join")


def _into_a_closed_pipe(tmp_path, argv, *, buffered: bool):
    """`overtable ARGV | head -1`, head gone before the text comes: the
    command's stdout a pipe whose reading end is closed. Python's output
    is block-buffered into a pipe, or not with PYTHONUNBUFFERED."""
    import os
    import subprocess
    import sys

    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    env["OVERTABLE_DATA_DIR"] = str(tmp_path / "data")
    if not buffered:
        env["PYTHONUNBUFFERED"] = "1"
    read, write = os.pipe()
    os.close(read)  # the reader is gone
    try:
        return subprocess.run(
            [sys.executable, "-c", "from tui.cli import main; raise SystemExit(main())", *argv],
            stdout=write, stderr=subprocess.PIPE, text=True, env=env, timeout=120)
    finally:
        os.close(write)


@pytest.mark.parametrize("buffered", [True, False], ids=["buffered", "unbuffered"])
@pytest.mark.parametrize("argv", [
    ["simulate", "--help"], ["--version"], ["--help"], ["new", "--help"], ["rules"],
    ["rules", "overstocked"], ["saves", "--list"],
    ["simulate", "boss-quest", "-n", "1", "--bots", "random,random", "--seed", "2", "--json"],
    # (the report: Rich's console exited with status 1 on a reader gone)
    ["simulate", "boss-quest", "-n", "1", "--bots", "random,random", "--seed", "2"],
], ids=lambda argv: " ".join(argv[:2]) + " --json" * ("--json" in argv)
   if isinstance(argv, list) else None)
def test_printing_to_a_reader_gone_ends_cleanly(tmp_path, argv, buffered):
    """Play-test: `overtable simulate --help | head -1` ended in a
    BrokenPipeError traceback (the help's custom action printed on), and
    `--version`, `rules GAME` or any help, once Python flushed its output
    at exit, in "Exception ignored ... BrokenPipeError" (status 120). A
    reader gone is no error: no traceback, the command's own status."""
    ran = _into_a_closed_pipe(tmp_path, argv, buffered=buffered)
    assert "Traceback" not in ran.stderr and "BrokenPipe" not in ran.stderr, ran.stderr
    assert ran.returncode == 0, ran.stderr


@pytest.mark.parametrize(("way_back", "said"), [
    ("ssh -t -p 23111 10.0.0.2", "To come back, connect again:\nssh -t -p 23111 10.0.0.2"),
    ("", "To come back, connect to this host again as you did."),
])
def test_leaving_a_session_of_overtable_host_says_to_connect_again(way_back, said, tmp_path,
                                                                  monkeypatch, capsys):
    """Play-test over `overtable host`: Ctrl+Q ended with "To come back,
    run: /venv/bin/python3 -m tui.cli join --socket /tmp/.../hub.sock
    --name bob", a command on the host machine the SSH player cannot run.
    The host's session says to connect again with ssh (its address where
    the host listens on one), and names no command of the host's."""
    import os
    import shutil

    from host.hub import SSH_AGAIN_ENV

    _no_app(monkeypatch)
    monkeypatch.setattr(cli, "_is_terminal", lambda stream: True)
    monkeypatch.setattr(shutil, "get_terminal_size", lambda *a, **k: os.terminal_size((80, 24)))
    monkeypatch.delenv("SSH_CONNECTION", raising=False)  # the host's sessions have none
    monkeypatch.setenv(SSH_AGAIN_ENV, way_back)
    socket_path = tmp_path / "hub.sock"
    listening = _a_socket(socket_path)

    class Left:
        return_code = None

        def __init__(self, *args, **kwargs) -> None:
            self.remote = type("Remote", (), {"was_welcomed": True,
                                              "has_seats": lambda _: True})()

        def run(self) -> None:
            pass

    import tui.join

    monkeypatch.setattr(tui.join, "JoinApp", Left)
    assert cli.main(["join", "--socket", str(socket_path), "--name", "Bob"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("You left the shared tables. Your seats wait for you"), out
    assert out.rstrip().endswith(said), out
    assert "join" not in out and str(socket_path) not in out, out
    listening.close()



def _shown_metavars() -> dict[str, dict[str, str]]:
    """command -> option (or positional's dest) -> its metavar as --help shows it."""
    parser = cli.build_parser()
    commands = next(a for a in parser._actions if isinstance(a, cli.argparse._SubParsersAction))
    shown: dict[str, dict[str, str]] = {}
    for name, command in commands.choices.items():
        formatter = command._get_formatter()
        for action in command._actions:
            if action.nargs == 0 or action.help == cli.argparse.SUPPRESS:
                continue
            key = action.option_strings[-1] if action.option_strings else action.dest
            default = action.dest.upper() if action.option_strings else action.dest
            shown.setdefault(name, {})[key] = formatter._metavar_formatter(action, default)(1)[0]
    return shown


def test_every_command_names_an_argument_as_the_others_and_readme_do():
    """The newcomer's play-test: `host --help` and `hub --help` showed
    `--data-dir DATA_DIR`, `--listen LISTEN`, `--authorized-keys
    AUTHORIZED_KEYS` where `resume`, `saves` and README write DIR, HOST:PORT
    and FILE, and `simulate` called its argument `game` where the others
    say GAME."""
    shown = _shown_metavars()
    by_option: dict[str, set[str]] = {}
    for arguments in shown.values():
        for option, metavar in arguments.items():
            by_option.setdefault(option, set()).add(metavar)
    for option, metavars in by_option.items():
        assert len(metavars) == 1, (option, metavars)
    for command, arguments in shown.items():
        for option, metavar in arguments.items():
            # (a list of choices, "{auto,colour,...}", is written as typed)
            assert metavar == metavar.upper() or metavar.startswith("{"), (
                command, option, metavar)
    from pathlib import Path

    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    written = dict(re.findall(r"(--[a-z][a-z-]+) ([A-Z][A-Z:_]*[A-Z])\b", readme))
    for option, metavar in written.items():
        if option in by_option:
            assert by_option[option] == {metavar}, (option, by_option[option], metavar)
    assert shown["host"]["--listen"] == "HOST:PORT"
    assert shown["host"]["--authorized-keys"] == "FILE"


def test_simulate_help_says_how_long_a_bot_thinks(capsys):
    """`simulate --help` said "they think up to seconds a move": the number
    was missing. It is the longest of the levels' budgets."""
    from core.bots import BUDGETS

    with pytest.raises(SystemExit):
        cli.main(["simulate", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    longest = max(budget.seconds for budget in BUDGETS.values())
    assert f"think up to {longest:g} seconds a move" in out, out
