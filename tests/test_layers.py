"""The layer contract holds: arrows run one way and no module imports in a circle.

The contracts live in ``pyproject.toml`` (``[tool.importlinter]``); ``lint-imports`` counts
type-checking imports and imports inside functions, so a lazy import that points up fails too.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from test_quality import ROOT, _tool


def test_the_import_contracts_are_kept() -> None:
    result = subprocess.run([_tool("lint-imports"), "--no-cache"], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Contracts: 2 kept, 0 broken." in result.stdout


def test_a_broken_arrow_fails_the_contract(tmp_path: Path) -> None:
    """The contract is not vacuous: a copy of the package with one arrow pointing up breaks it."""
    import shutil

    package = tmp_path / "src" / "agents_md"
    shutil.copytree(ROOT / "src" / "agents_md", package, ignore=shutil.ignore_patterns("__pycache__"))
    paths = package / "engine" / "paths.py"
    paths.write_text(
        paths.read_text() + "\n\ndef _up() -> None:\n    from agents_md.host import session  # noqa: F401\n"
    )
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    env = {"PYTHONPATH": str(tmp_path / "src"), "PATH": str(Path(sys.executable).parent)}
    result = subprocess.run(
        [_tool("lint-imports"), "--no-cache"], cwd=tmp_path, capture_output=True, text=True, env=env
    )
    assert result.returncode == 1, result.stdout + result.stderr
    assert "agents_md.engine.paths -> agents_md.host.session" in result.stdout
