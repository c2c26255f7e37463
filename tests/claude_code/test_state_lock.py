"""The hook's state lock: held for the ``with`` block, released after it, even when the block fails."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from agents_md.claude_code.state import Locked

fcntl = pytest.importorskip("fcntl")  # the lock is POSIX's; elsewhere it holds nothing


def held_elsewhere(lock_file: Path) -> bool:
    """Whether another open file of ``lock_file`` is refused the exclusive lock."""
    fd = os.open(lock_file, os.O_RDWR)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    else:
        fcntl.flock(fd, fcntl.LOCK_UN)
        return False
    finally:
        os.close(fd)


def test_the_lock_is_held_inside_the_block_and_released_after(tmp_path: Path) -> None:
    path = tmp_path / "sessions" / "s.json"
    with Locked(str(path)):
        assert held_elsewhere(tmp_path / "sessions" / "s.json.lock")
    assert not held_elsewhere(tmp_path / "sessions" / "s.json.lock")


def test_a_failing_block_releases_the_lock(tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    with pytest.raises(RuntimeError), Locked(str(path)):
        raise RuntimeError("the answer failed")
    assert not held_elsewhere(tmp_path / "s.json.lock")
