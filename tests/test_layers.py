"""The layers hold: core imports no Textual, Rich, saves or tui; saves no tui.

The contracts live in pyproject.toml ([tool.importlinter]).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_import_contracts_are_kept():
    # In a process of its own: import-linter configures logging with
    # dictConfig, which disables every logger already made in this one (and
    # other tests in this worker read their logs).
    result = subprocess.run(
        [sys.executable, "-c",
         "import sys; from importlinter.cli import lint_imports; "
         f"sys.exit(lint_imports(config_filename={str(ROOT / 'pyproject.toml')!r}))"],
        cwd=ROOT, capture_output=True, text=True, timeout=300,
    )
    assert result.returncode == 0, result.stdout + result.stderr
