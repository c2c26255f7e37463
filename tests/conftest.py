from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, os.path.dirname(__file__))

from trees import build_tree

REAL_HOME = os.path.expanduser("~")


@pytest.fixture(autouse=True)
def _forbid_real_home(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[None]:
    """Any read of the real home directory fails loudly: tests always pass ``home`` in."""
    monkeypatch.setenv("HOME", str(tmp_path / "no-home-here"))
    real_open = open

    def guarded_open(file: Any, *args: Any, **kwargs: Any) -> Any:
        if isinstance(file, (str, os.PathLike)):
            path = os.path.abspath(os.fspath(file))
            in_home = path == REAL_HOME or path.startswith(REAL_HOME.rstrip("/") + "/")
            if in_home and not any(part in path for part in ("/.cache/", "/.venv", "/.local/")):
                raise AssertionError(f"test touched the real home directory: {path}")
        return real_open(file, *args, **kwargs)

    monkeypatch.setattr("builtins.open", guarded_open)
    yield


@pytest.fixture
def tree(tmp_path: Path) -> Callable[..., Path]:
    """``tree({"a/CLAUDE.md": "x"})`` builds under ``tmp_path/root`` and returns that path."""

    def make(spec: dict[str, Any], under: str = "root") -> Path:
        return Path(build_tree(tmp_path / under, spec))

    return make


@pytest.fixture
def home(tmp_path: Path) -> Callable[..., Path]:
    def make(spec: dict[str, Any] | None = None) -> Path:
        return Path(build_tree(tmp_path / "home", spec or {}))

    return make
