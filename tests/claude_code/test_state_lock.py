"""The hook's state lock: held for the ``with`` block, released after it, even when the block fails;
processes and threads take turns on it (whether it is held is asked of another process)."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from agents_md.claude_code.state import Locked

pytest.importorskip("fcntl")  # the lock is POSIX's; elsewhere it holds nothing

_TRY = """
import fcntl, os, sys
fd = os.open(sys.argv[1], os.O_RDWR)
try:
    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
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


def test_threads_of_one_process_take_turns(tmp_path: Path) -> None:
    """Threads of one process take turns too (a POSIX record lock, being its process's, would let
    the second in at once, and its closing the lock file would release the first's)."""
    path = str(tmp_path / "s.json")
    first_in, let_go = threading.Event(), threading.Event()
    said: list[str] = []

    def first() -> None:
        with Locked(path):
            first_in.set()
            let_go.wait(10)
            said.append("first leaves")

    def second() -> None:
        first_in.wait(10)
        with Locked(path):
            said.append("second enters")

    threads = [threading.Thread(target=first), threading.Thread(target=second)]
    for thread in threads:
        thread.start()
    assert first_in.wait(10)
    time.sleep(0.3)
    said.append("first told to leave")
    let_go.set()
    for thread in threads:
        thread.join(10)
    assert said == ["first told to leave", "first leaves", "second enters"]


def test_a_signal_while_waiting_does_not_fail_the_wait(tmp_path: Path) -> None:
    """A signal whose handler returns, arriving while the lock is waited for, is waited through
    (PEP 475; ``os.lockf`` would give up with ``InterruptedError``)."""
    path = tmp_path / "s.json"
    waiter = (
        "import signal, sys; sys.path[:0] = sys.argv[2:]; from agents_md.claude_code.state import Locked\n"
        "signal.signal(signal.SIGALRM, lambda *_: None); signal.setitimer(signal.ITIMER_REAL, 0.2)\n"
        "with Locked(sys.argv[1]): print('entered')\n"
    )
    with Locked(str(path)):
        argv = [sys.executable, "-c", waiter, str(path), *sys.path]
        child = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        time.sleep(1.0)  # the alarm rang while the child waited
    out, err = child.communicate(timeout=30)
    assert (child.returncode, out) == (0, "entered\n"), err


@pytest.mark.skipif(not hasattr(os, "fork"), reason="no fork")
def test_a_child_forked_while_the_lock_is_held_waits_for_it_and_takes_it(tmp_path: Path) -> None:
    """A forked child is another process: it waits for the parent's lock, then takes it."""
    path = str(tmp_path / "s.json")
    with Locked(path):
        pid = os.fork()
        if pid == 0:  # the child
            try:
                with Locked(path):
                    os._exit(0)
            finally:
                os._exit(1)
        time.sleep(0.3)
        assert os.waitpid(pid, os.WNOHANG) == (0, 0)  # still waiting for the parent's lock
    deadline = time.monotonic() + 10
    while (done := os.waitpid(pid, os.WNOHANG)) == (0, 0) and time.monotonic() < deadline:
        time.sleep(0.05)
    if done == (0, 0):
        os.kill(pid, 9)
        os.waitpid(pid, 0)
    assert done[0] == pid and os.waitstatus_to_exitcode(done[1]) == 0


_HOLDS_S2_WANTS_S1 = """
import sys, threading, time
sys.path[:0] = sys.argv[3:]
from agents_md.claude_code.state import Locked
held = threading.Event()
def hold():
    with Locked(sys.argv[2]):
        held.set()
        time.sleep(1.5)
thread = threading.Thread(target=hold)
thread.start()
held.wait()
print("holds s2", flush=True)
time.sleep(0.5)  # the other process's second thread waits for s2 now
with Locked(sys.argv[1]):
    print("took s1", flush=True)
thread.join()
"""


def test_threads_waiting_in_two_processes_are_no_deadlock(tmp_path: Path) -> None:
    """This process's thread holds s1 and another waits for s2; the other process's thread holds s2
    and another waits for s1. Each thread holds one lock and lets it go: every wait ends with the
    lock (POSIX record locks would see a cycle of processes there, ``EDEADLK``)."""
    s1, s2 = str(tmp_path / "s1.json"), str(tmp_path / "s2.json")
    held, let_go = threading.Event(), threading.Event()
    took: list[str] = []

    def hold_s1() -> None:
        with Locked(s1):
            held.set()
            let_go.wait(10)

    def wait_for_s2() -> None:
        with Locked(s2):
            took.append("s2")

    holder = threading.Thread(target=hold_s1)
    holder.start()
    assert held.wait(10)
    argv = [sys.executable, "-c", _HOLDS_S2_WANTS_S1, s1, s2, *sys.path]
    child = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert child.stdout is not None and child.stdout.readline() == "holds s2\n"
    waiter = threading.Thread(target=wait_for_s2)
    waiter.start()
    time.sleep(1.0)  # the child asks for s1 meanwhile
    let_go.set()
    holder.join(10)
    waiter.join(10)
    out, err = child.communicate(timeout=30)
    assert (child.returncode, out, took) == (0, "took s1\n", ["s2"]), err
