"""The engine's managed-policy folder, swapped in for one run.

``/etc/claude-code`` is machine-wide, so a run that writes there must not
overlap any other run: it holds two lock files exclusively (ours, and the one
the shared oracle harness takes for the same folder), and every other run of
ours holds them shared, so it never sees another run's managed files.
Whatever was in the folder is moved aside and put back after.  A state file
records a swap in progress, so a recorder that died mid-run is undone by the
next one before it starts.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from .scenario import write_tree

MANAGED_DIR = Path("/etc/claude-code")
BACKUP_DIR = Path("/etc/claude-code.agents-md-recorder-backup")
_TMP = Path(tempfile.gettempdir())
STATE_FILE = _TMP / "agents-md-recorder-managed.json"
# ours, then the lock the shared oracle harness takes for the same folder
LOCK_FILES = (_TMP / "agents-md-recorder-managed.lock", _TMP / "oracle-managed.lock.flock")


@contextlib.contextmanager
def _locked(paths: tuple[Path, ...], mode: int) -> Iterator[None]:
    # always taken in the same order, so two recorders cannot deadlock
    with contextlib.ExitStack() as stack:
        for path in paths:
            # read-only is enough for flock, and works on a lock file another user made
            fd = os.open(path, os.O_RDONLY | os.O_CREAT, 0o666)
            stack.callback(os.close, fd)  # closing releases the lock
            fcntl.flock(fd, mode)
        yield


def _remove(path: Path) -> None:
    if path.is_symlink() or path.is_file():
        path.unlink()
    elif path.exists():
        shutil.rmtree(path)


def _restore() -> None:
    """Put the folder back as it was before the swap the state file describes."""
    state = json.loads(STATE_FILE.read_text() or "{}")
    _remove(MANAGED_DIR)
    if state.get("backup") and BACKUP_DIR.exists():
        BACKUP_DIR.rename(MANAGED_DIR)
    STATE_FILE.unlink()


@contextlib.contextmanager
def managed_files(tree: dict[str, Any]) -> Iterator[list[str]]:
    """Write `tree` under MANAGED_DIR for the block; yield the files written."""
    if not tree:
        with _locked(LOCK_FILES, fcntl.LOCK_SH):
            yield []
        return
    with _locked(LOCK_FILES, fcntl.LOCK_EX):
        if STATE_FILE.exists():  # a recorder died inside this block
            _restore()
        had_folder = MANAGED_DIR.exists() or MANAGED_DIR.is_symlink()
        if had_folder:
            if BACKUP_DIR.exists():
                raise RuntimeError(f"{BACKUP_DIR} is in the way: put it back by hand first")
            MANAGED_DIR.rename(BACKUP_DIR)
        STATE_FILE.write_text(json.dumps({"backup": had_folder}))
        try:
            MANAGED_DIR.mkdir()
            write_tree(MANAGED_DIR, tree)
            yield sorted(str(p) for p in MANAGED_DIR.rglob("*") if not p.is_dir())
        finally:
            _restore()
