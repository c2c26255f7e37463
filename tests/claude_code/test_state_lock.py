"""The hook's state lock: held for the ``with`` block, released after it, even when the block fails.

A POSIX record lock belongs to its process, so whether it is held is asked of another one."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from agents_md.claude_code.state import Locked

if not hasattr(os, "lockf"):
    pytest.skip("the lock is POSIX's; elsewhere it holds nothing", allow_module_level=True)

_TRY = """
import os, sys
fd = os.open(sys.argv[1], os.O_RDWR)
try:
    os.lockf(fd, os.F_TLOCK, 0)
except OSError:
    sys.exit(1)
sys.exit(0)
"""


def held_elsewhere(lock_file: Path) -> bool:
    """Whether another process is refused the lock on ``lock_file``."""
    return subprocess.run([sys.executable, "-c", _TRY, str(lock_file)], check=False).returncode == 1


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


def test_a_second_process_waits_for_the_first(tmp_path: Path) -> None:
    """Two hook processes of one session take turns: the second blocks until the first lets go."""
    path = tmp_path / "s.json"
    waiter = (
        "import sys, time; sys.path[:0] = sys.argv[2:]; from agents_md.claude_code.state import Locked\n"
        "with Locked(sys.argv[1]): print(time.time())\n"
    )
    with Locked(str(path)):
        child = subprocess.Popen(
            [sys.executable, "-c", waiter, str(path), *sys.path], stdout=subprocess.PIPE, text=True
        )
        try:
            child.wait(timeout=1.0)
        except subprocess.TimeoutExpired:
            pass  # still waiting for the lock, as it should
        else:
            pytest.fail("the second process took the lock while the first held it")
        released = time.time()
    out, _ = child.communicate(timeout=30)
    assert child.returncode == 0
    assert float(out) >= released
