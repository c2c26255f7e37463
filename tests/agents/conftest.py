"""Fixtures for the subagent-definition tests: a tree builder, and a guard on the real home."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

Entry = str | bytes | dict[str, str]
TreeBuilder = Callable[..., Path]


def build_tree(base: Path, spec: dict[str, Entry]) -> Path:
    """Write ``{relative path: text | bytes | {"symlink": target}}`` under ``base``; text is written byte-exact."""
    for rel, content in spec.items():
        path = base / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, dict):
            os.symlink(content["symlink"], path)
        elif isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_bytes(content.encode("utf-8"))
    return base


@pytest.fixture
def tree(tmp_path: Path) -> TreeBuilder:
    """``tree({...}, under="root")`` builds the files and returns the folder."""

    def make(spec: dict[str, Entry], under: str = "root") -> Path:
        base = tmp_path / under
        base.mkdir(parents=True, exist_ok=True)
        return build_tree(base, spec)

    return make


@pytest.fixture(autouse=True)
def _no_real_home(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[None]:
    """Any use of the real home fails loudly: every test passes its home explicitly."""

    def refuse(*args: object, **kwargs: object) -> Path:
        raise AssertionError("a test touched the real home directory")

    monkeypatch.setattr(Path, "home", staticmethod(refuse))
    monkeypatch.setenv("HOME", str(tmp_path / "no-such-home"))
    yield
