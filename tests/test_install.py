"""Installed as users install it: package data, the light catalogue of games,
the command line's checks (--version, --bot-delay, saves --list) and seat
marks named in one pass."""

from __future__ import annotations

import fnmatch
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from core.catalogue import CATALOGUE
from core.engine import name_seats, seat_mark
from tui import cli, resources

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path / "data"))


def run_python(code: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env=dict(os.environ, **env),
        capture_output=True,
        text=True,
        timeout=120,
    )


# --- package data --------------------------------------------------------------------------


def test_every_file_the_app_reads_is_package_data():
    """Each non-Python file under tui/ matches a [tool.setuptools.package-data]
    pattern, so that a wheel carries it (.ci/run proves it with a real wheel)."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    patterns = config["tool"]["setuptools"]["package-data"]["tui"]
    data = [
        p.relative_to(ROOT / "tui").as_posix()
        for p in (ROOT / "tui").rglob("*")
        if p.is_file() and p.suffix not in (".py", ".pyc")
    ]
    assert any(name.startswith("rules/") for name in data)
    missing = [
        name
        for name in data
        if not any(
            fnmatch.fnmatch(name, pattern) or fnmatch.fnmatch(name, pattern.replace("**/", ""))
            for pattern in patterns
        )
    ]
    assert missing == []


def test_every_game_has_its_rules_text():
    for game_id, info in CATALOGUE.items():
        text = resources.rules_text(game_id)
        assert text is not None and info.title in text
    assert resources.rules_text("no-such-game") is None


def test_styles_are_found_as_resources():
    assert Path(resources.css_path("app.tcss")).is_file()


# --- the catalogue -----------------------------------------------------------------------


def test_the_catalogue_agrees_with_the_rules():
    from core import GAMES

    assert list(CATALOGUE) == list(GAMES)
    for game_id, game in GAMES.items():
        info = CATALOGUE[game_id]
        assert (info.id, info.title, info.players) == (game.id, game.title, game.players)
        # a solo option beyond the seats (Overstocked): the home screen says
        # "or solo", where "2–6 players" hid it
        import attrs

        assert info.solo == ("solo" in attrs.fields_dict(game.Options)), game_id


def test_the_catalogue_and_the_app_import_no_rules():
    result = run_python(
        "import sys, core.catalogue, tui.app\n"
        "print(sorted(m for m in sys.modules if m.startswith(('core.', 'saves.'))))\n"
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "['core.catalogue']"


HOME_FIRST_FRAME = """
import sys
from tui.app import OvertableApp

class Probe(OvertableApp):
    def on_mount(self):
        super().on_mount()
        self.call_after_refresh(self.check)

    def check(self):
        from textual.widgets import OptionList
        menu = self.screen.query_one(OptionList)
        labels = [str(menu.get_option_at_index(i).prompt) for i in range(menu.option_count)]
        rules = sorted(m for m in sys.modules if m.startswith("core.") and m != "core.catalogue")
        print(repr((labels[0], rules)))
        self.exit()

Probe(theme_name="textual-dark").run(headless=True, size=(80, 24))
"""


def test_the_home_screen_lists_the_games_at_its_first_frame_without_rules(tmp_path):
    result = run_python(HOME_FIRST_FRAME, OVERTABLE_DATA_DIR=str(tmp_path / "empty"))
    assert result.returncode == 0, result.stderr
    first, rules = eval(result.stdout.strip().splitlines()[-1])
    assert first == "New match: Boss Quest (1–6 players)"
    assert rules == []


HOME_A_MOMENT_LATER = """
import sys
import tui.app
from tui.app import OvertableApp

class Probe(OvertableApp):
    def on_mount(self):
        super().on_mount()
        self.call_after_refresh(self.first)

    def first(self):
        self.at_first = "core.bossquest" in sys.modules
        self.set_timer(tui.app.WARM_UP_AFTER, self.later)

    def later(self, tries=200):
        loaded = "core.bots" in sys.modules and "core.overseers" in sys.modules
        if not loaded and tries:  # the import takes its time (10 s at most)
            self.set_timer(0.05, lambda: self.later(tries - 1))
            return
        print(repr((self.at_first, loaded, type(self.screen).__name__)))
        self.exit()

Probe(theme_name="textual-dark").run(headless=True, size=(80, 24))
"""


def test_the_rules_are_loaded_in_the_background_a_moment_after_the_home_screen(tmp_path):
    """Not at its first frame (above), but while the player reads the menu:
    the new-match form then opens without waiting for them."""
    result = run_python(HOME_A_MOMENT_LATER, OVERTABLE_DATA_DIR=str(tmp_path / "empty"))
    assert result.returncode == 0, result.stderr
    at_first, loaded, screen = eval(result.stdout.strip().splitlines()[-1])
    assert at_first is False
    assert loaded and screen == "HomeScreen"


# --- the command line ---------------------------------------------------------------------


def test_the_readme_says_an_install_fetches_its_dependencies_from_pypi():
    """The newcomer's play-test: README's "install it from a wheel file you
    were given" read as if the wheel were all one needs; offline, pip
    stopped at "Could not find a version that satisfies the requirement
    textual==8.2.*". The setup says the install fetches each dependency
    from PyPI, and how to install without the network."""
    import re

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    setup = readme[readme.index("## Set up"):]
    setup = setup[:setup.index("\n## ", 1)]
    words = " ".join(setup.split())
    assert "PyPI" in words and "network" in words
    assert "--no-index --find-links" in words  # offline, from wheels fetched before
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    for requirement in project["project"]["dependencies"]:
        name = re.match(r"[A-Za-z0-9_.-]+", requirement).group()
        assert name.lower() in words.lower(), name


def test_version(capsys):
    with pytest.raises(SystemExit) as done:
        cli.main(["--version"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith("overtable ") and out.strip() != "overtable"


@pytest.mark.parametrize("value", ["inf", "-inf", "nan", "NaN", "-1", "61", "1e9", "soon"])
def test_bot_delay_must_be_finite_and_bounded(capsys, value):
    with pytest.raises(SystemExit) as done:
        cli.main(["--bot-delay", value, "saves", "--list"])
    assert done.value.code == 2
    assert "--bot-delay" in capsys.readouterr().err


@pytest.mark.parametrize("value", ["0", "0.45", "60"])
def test_bot_delay_accepts_seconds(value):
    assert cli.build_parser().parse_args(["--bot-delay", value]).bot_delay == float(value)


def test_saves_list_prints_plain_text(capsys):
    from saves.journal import PlayerSpec
    from saves.match import Match

    players = [PlayerSpec("Ann", "human"), PlayerSpec("Bob", "bot", "random")]
    playing = Match.new("boss-quest", players)
    done = Match.new("boss-quest", players)
    done.close()
    assert cli.main(["saves", "--list"]) == 0
    out = capsys.readouterr().out
    assert "2 saved matches in" in out
    assert out.count("Boss Quest  Ann +1 bot  0 actions, round 1, in play") == 2
    assert "being played now" in out
    assert str(playing.path) in out and str(done.path) in out
    playing.close()


def test_saves_list_counts_one_match_in_the_singular(capsys):
    """It said "1 saved match(es)": a word in the player's English."""
    from saves.journal import PlayerSpec
    from saves.match import Match

    Match.new("boss-quest", [PlayerSpec("Ann", "human")]).close()
    assert cli.main(["saves", "--list"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("1 saved match in ") and "(es)" not in out


def test_saves_without_a_terminal_prints_the_list(capsys):
    # under pytest, standard output is not a terminal: no screen is started
    assert cli.main(["saves"]) == 0
    assert "No saved matches in" in capsys.readouterr().out


def test_saves_list_from_the_console_script(tmp_path):
    result = run_python(
        "from tui.cli import main; raise SystemExit(main(['saves']))",
        OVERTABLE_DATA_DIR=str(tmp_path / "d"),
    )
    assert result.returncode == 0 and "No saved matches" in result.stdout


# --- seat marks ----------------------------------------------------------------------------


def test_seat_marks_are_named_in_one_pass():
    assert name_seats("{0} beats {1}", ["{1}", "Bob"]) == "{1} beats Bob"
    assert name_seats("{1} ties {0}", ["{1}", "{0}"]) == "{0} ties {1}"
    assert name_seats(f"{seat_mark(2)} and {seat_mark(0)}", ["Ann", "Bob"]) == "{2} and Ann"
    assert name_seats("{x} {} {{0}}", ["Ann"]) == "{x} {} {Ann}"
