"""The layers hold: core imports no Textual, Rich, saves or tui; saves no tui.

The contracts live in pyproject.toml ([tool.importlinter]).
"""

from __future__ import annotations

from pathlib import Path

from importlinter.cli import lint_imports

ROOT = Path(__file__).resolve().parent.parent


def test_import_contracts_are_kept(monkeypatch):
    monkeypatch.chdir(ROOT)
    assert lint_imports(config_filename=str(ROOT / "pyproject.toml")) == 0
