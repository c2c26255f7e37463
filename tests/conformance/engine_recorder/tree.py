"""Lay out a run: the scenario's tree and home, byte-exact, and its git repositories.

An entry of a tree is a string (UTF-8 text), ``{"b64": data}``, ``{"json":
value}`` (indented JSON), ``{"symlink": target}``, ``{"hardlink": path in the
same tree}`` or ``{"dir": true}`` (also a key ending in ``/``).  Hard links are
made last, so their target may come later in the scenario.
"""

from __future__ import annotations

import base64
import json
import os
import shutil
import subprocess
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from .scenario import Run


def entry_bytes(rel: str, entry: Any) -> bytes:
    """The bytes of a file entry (text, b64 or json)."""
    if isinstance(entry, str):
        return entry.encode("utf-8")
    if isinstance(entry, dict) and "b64" in entry:
        return base64.b64decode(entry["b64"])
    if isinstance(entry, dict) and "json" in entry:
        return (json.dumps(entry["json"], indent=2) + "\n").encode("utf-8")
    raise ValueError(f"tree entry {rel!r}: expected a string, b64, json, symlink, hardlink or dir, got {entry!r}")


def _clear(path: Path) -> None:
    if path.is_symlink() or path.is_file():
        path.unlink()


def write_tree(base: Path, tree: Mapping[str, Any]) -> None:
    """Write `tree` ({relative path: entry}) under `base`."""
    hardlinks = []
    for rel, entry in tree.items():
        path = base / rel
        if rel.endswith("/") or (isinstance(entry, dict) and entry.get("dir")):
            path.mkdir(parents=True, exist_ok=True)
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(entry, dict) and "hardlink" in entry:
            hardlinks.append((path, base / entry["hardlink"]))
        elif isinstance(entry, dict) and "symlink" in entry:
            _clear(path)
            path.symlink_to(entry["symlink"])
        else:
            _clear(path)
            path.write_bytes(entry_bytes(rel, entry))
    for path, target in hardlinks:
        _clear(path)
        os.link(target, path, follow_symlinks=False)


def git_init(root: Path, folders: tuple[str, ...], home: Path) -> None:
    """``git init`` each folder (relative to `root`), reading no config of the developer's."""
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(home), "GIT_CONFIG_NOSYSTEM": "1"}
    for rel in folders:
        target = root / rel
        target.mkdir(parents=True, exist_ok=True)
        cmd = ["git", "-c", "init.defaultBranch=main", "init", "-q", str(target)]
        subprocess.run(cmd, check=True, env=env, capture_output=True)


def lay_out(run: Run) -> None:
    """The run folder afresh: tree, home, git repositories, and the cwd if the tree lacks it."""
    if run.run_dir.is_symlink() or run.run_dir.exists():
        shutil.rmtree(run.run_dir)
    run.root.mkdir(parents=True)
    run.home.mkdir(parents=True)
    write_tree(run.root, run.tree)
    write_tree(run.home, run.home_tree)
    git_init(run.root, run.git, run.home)
    if not run.cwd.exists():
        run.cwd.mkdir(parents=True)
