"""The files the app reads from its own package (styles, in-app rules).

They are package data (`[tool.setuptools.package-data]` in pyproject.toml)
and are found with `importlib.resources`, so they are found wherever and
however the package is installed, not only in a source checkout.
"""

from __future__ import annotations

from importlib.resources import files


def css_path(name: str) -> str:
    """A stylesheet of the `tui` package, as a path for Textual's CSS_PATH."""
    return str(files("tui").joinpath(name))


def rules_text(game_id: str) -> str | None:
    """The in-app rules of a game (`tui/rules/<game-id>.md`), or None."""
    try:
        return files("tui").joinpath("rules", f"{game_id}.md").read_text(encoding="utf-8")
    except (OSError, ValueError):
        return None
