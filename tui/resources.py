"""The files the app reads from its own package (styles, in-app rules).

They are package data (`[tool.setuptools.package-data]` in pyproject.toml)
and are found with `importlib.resources`, so they are found wherever and
however the package is installed, not only in a source checkout.
"""

from __future__ import annotations

from importlib.resources import files
from importlib.resources.abc import Traversable


def css_path(name: str) -> str:
    """A stylesheet of the `tui` package, as a path for Textual's CSS_PATH."""
    return str(files("tui").joinpath(name))


def stylesheets() -> list[str]:
    """Every stylesheet of the `tui` package (the app's and each screen's),
    as paths in the form `css_path` gives."""
    found: list[str] = []

    def walk(folder: Traversable) -> None:
        for entry in folder.iterdir():
            if entry.is_dir():
                walk(entry)
            elif entry.name.endswith(".tcss"):
                found.append(str(entry))

    walk(files("tui"))
    return sorted(found)


def rules_text(game_id: str) -> str | None:
    """The in-app rules of a game (`tui/rules/<game-id>.md`), or None."""
    try:
        return files("tui").joinpath("rules", f"{game_id}.md").read_text(encoding="utf-8")
    except (OSError, ValueError):
        return None
