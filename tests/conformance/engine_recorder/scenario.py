"""Scenario files, and the run folder each one is resolved against.

A scenario is a JSON object (``tests/conformance/README.md``, "Engine
scenarios").  Its tree goes under ``<base>/<engine>/<name>/root``, its home
under ``.../home``; ``<ROOT>`` and ``<HOME>`` in its strings (contents, link
targets, ``env``, ``reads``) are replaced by those paths before anything is
written or run.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

DEFAULT_TIMEOUT = 120.0


@dataclass(frozen=True, slots=True, kw_only=True)
class Run:
    """One scenario of one engine, resolved against its run folder (paths absolute)."""

    name: str
    engine: str
    run_dir: Path
    root: Path
    home: Path
    cwd: Path  # the logical path: it may go through a link, and PWD keeps it so
    tree: dict[str, Any]
    home_tree: dict[str, Any]
    git: tuple[str, ...]  # folders to `git init`, relative to the root
    env: dict[str, str]
    reads: tuple[str, ...]  # absolute paths the scripted model reads, in order
    timeout: float
    expect_exit: int

    @property
    def placeholders(self) -> dict[str, Path]:
        return {"<ROOT>": self.root, "<HOME>": self.home}


def load_scenarios(folder: Path, substring: str | None = None) -> list[dict[str, Any]]:
    """Every ``*.json`` scenario of `folder` in name order, named after its file unless it says."""
    out = []
    for path in sorted(folder.glob("*.json")):
        scn = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(scn, dict):
            raise ValueError(f"{path}: a scenario is a JSON object, not {type(scn).__name__}")
        scn.setdefault("name", path.stem)
        if substring is None or substring in scn["name"]:
            out.append(scn)
    return out


def substitute(value: Any, mapping: Mapping[str, Path]) -> Any:
    """`value` with every placeholder replaced, in its strings and keys (JSON contents key folders by path)."""
    if isinstance(value, str):
        for tag, path in mapping.items():
            value = value.replace(tag, str(path))
        return value
    if isinstance(value, list):
        return [substitute(x, mapping) for x in value]
    if isinstance(value, dict):
        return {substitute(k, mapping): substitute(v, mapping) for k, v in value.items()}
    return value


def git_dirs(git: Any) -> tuple[str, ...]:
    """``true`` is the root; a string one folder; a list several."""
    if git is True:
        return ("",)
    if isinstance(git, str):
        return (git,)
    return tuple(git or ())


def resolve(scn: Mapping[str, Any], engine: str, base: Path) -> Run:
    """The run of `scn` for `engine` under `base` (nothing is written yet)."""
    run_dir = base / engine / scn["name"]
    root, home = run_dir / "root", run_dir / "home"
    s = substitute({k: v for k, v in scn.items() if k != "name"}, {"<ROOT>": root, "<HOME>": home})
    reads = tuple(p if p.startswith("/") else str(root / p) for p in s.get("reads", []))
    return Run(
        name=scn["name"],
        engine=engine,
        run_dir=run_dir,
        root=root,
        home=home,
        cwd=root / (s.get("cwd") or ""),
        tree=s.get("tree") or {},
        home_tree=s.get("home_tree") or {},
        git=git_dirs(s.get("git", False)),
        env={k: str(v) for k, v in (s.get("env") or {}).items()},
        reads=reads,
        timeout=float(s.get("timeout", DEFAULT_TIMEOUT)),
        expect_exit=int(s.get("expect_exit", 0)),
    )
