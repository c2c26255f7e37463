"""The history read as git writes it, and git stopped once every doc is dated: the findings are
those of reading the whole log, whatever the order of the commit dates."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from conftest import GitRepo

from agents_md.maintain.checks import answers
from agents_md.maintain.checks.checker import CheckResult, check
from agents_md.maintain.repo import git as gitmod
from agents_md.maintain.repo.history import History

Repo = Callable[..., GitRepo]
DAY = 86400
EPOCH = 1_700_000_000
DOCS = ["AGENTS.md", "apps/web/AGENTS.md", "apps/web/legacy/AGENTS.md", "services/AGENTS.md"]
CODE = ["apps/web/src/a.ts", "apps/web/src/b.ts", "apps/web/legacy/old.ts", "services/q.py", "tools/x.py", "y.py"]


def _doc(path: str, n: int) -> bytes:
    return f"# {path}\n\nRevision {n}. The entry point is `src/a.ts`.\n".encode()


class _Import:
    """Commits written with ``git fast-import``: any parents, any committer dates."""

    def __init__(self, root: Path, env: dict[str, str]) -> None:
        self.root, self.env = root, env
        self.lines: list[bytes] = []
        self.marks = 0

    def commit(
        self, when: int, changes: dict[str, bytes], *, parent: int | None, merge: int | None = None, ref: str = "main"
    ) -> int:
        self.marks += 1
        out = self.lines
        out.append(f"commit refs/heads/{ref}\nmark :{self.marks}\ncommitter x <x@y> {when} +0000\n".encode())
        out.append(b"data 4\nwork\n")
        if parent is not None:
            out.append(f"from :{parent}\n".encode())
        if merge is not None:
            out.append(f"merge :{merge}\n".encode())
        for path, content in changes.items():
            out.append(f"M 100644 inline {path}\ndata {len(content)}\n".encode() + content + b"\n")
        return self.marks

    def done(self, head: int) -> None:
        self.lines.append(f"reset refs/heads/main\nfrom :{head}\n\n".encode())
        git = ["git", "-c", "init.defaultBranch=main"]
        subprocess.run([*git, "init", "-q", str(self.root)], env=self.env, check=True)
        feed = b"".join(self.lines)
        subprocess.run([*git, "fast-import", "--quiet"], cwd=self.root, env=self.env, input=feed, check=True)
        subprocess.run([*git, "reset", "-q", "--hard", "main"], cwd=self.root, env=self.env, check=True)


def _both(root: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[CheckResult, History, CheckResult, History]:
    """``check`` with the early stop and with the whole history read, and the history each read."""
    seen: list[History] = []
    scan = answers.scan_log

    def recording(*args: Any, **kwargs: Any) -> History:
        seen.append(scan(*args, **kwargs))
        return seen[-1]

    monkeypatch.setattr(answers, "scan_log", recording)
    early = check(str(root), parallel=False)
    monkeypatch.setattr(answers, "READ_WHOLE_HISTORY", True)
    whole = check(str(root), parallel=False)
    monkeypatch.setattr(answers, "READ_WHOLE_HISTORY", False)
    return early, seen[0], whole, seen[1]


def test_a_merged_branch_older_than_its_base_gives_the_findings_of_the_whole_log(
    tmp_path: Path, git_env: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # A branch whose commits are dated before the commits it forked from (a clock set back), merged late.
    log = _Import(tmp_path / "r", git_env)
    start = EPOCH
    head = log.commit(start, {**{d: _doc(d, 0) for d in DOCS}, **{c: b"0\n" for c in CODE}}, parent=None)
    fork = head
    for n in range(1, 8):  # code keeps changing, the docs do not; one clock is set back
        stamp = start + (2 if n == 4 else n * 30) * DAY
        head = log.commit(stamp, {"apps/web/src/a.ts": f"{n}\n".encode()}, parent=head)
    old = fork
    for n in range(1, 4):  # dated a year before the fork: git's order reads them last
        old = log.commit(start - (400 - n) * DAY, {"services/q.py": f"old {n}\n".encode()}, parent=old, ref="old")
    old = log.commit(start - 300 * DAY, {"services/AGENTS.md": _doc("services/AGENTS.md", 1)}, parent=old, ref="old")
    head = log.commit(start + 300 * DAY, {"y.py": b"merged\n"}, parent=head, merge=old)
    head = log.commit(
        start + 301 * DAY, {d: _doc(d, 2) for d in ("AGENTS.md", "apps/web/legacy/AGENTS.md")}, parent=head
    )
    log.done(head)
    order = subprocess.run(
        ["git", "log", "--format=%ct"], cwd=log.root, env=git_env, capture_output=True, text=True, check=True
    ).stdout.split()
    times = [int(t) for t in order]
    assert times != sorted(times, reverse=True)  # in git's order, dates are out of order
    assert times.index(start) < times.index(start - 300 * DAY)  # and the fork is met before the branch's commits

    early, early_history, whole, whole_history = _both(log.root, monkeypatch)

    assert early.findings == whole.findings
    assert [(f.file, f.rule) for f in early.findings if f.rule == "stale-doc"] == [("apps/web/AGENTS.md", "stale-doc")]
    assert early_history.stopped and not whole_history.stopped
    assert early_history.commits < whole_history.commits == len(order)
    assert early_history.docs == whole_history.docs


@pytest.mark.parametrize("seed", range(8))
def test_generated_histories_give_the_same_findings_stopped_early_or_read_whole(
    tmp_path: Path, git_env: dict[str, str], monkeypatch: pytest.MonkeyPatch, seed: int
) -> None:
    rng = random.Random(seed)
    log = _Import(tmp_path / "r", git_env)
    tips = [log.commit(EPOCH, {**{d: _doc(d, 0) for d in DOCS}, **{c: b"0\n" for c in CODE}}, parent=None)]
    when = EPOCH
    for n in range(1, 80):
        when += rng.randint(1, 20) * DAY
        stamp = when - rng.randint(0, 400) * DAY if rng.random() < 0.15 else when  # some clocks set back
        changes = {c: f"{n}\n".encode() for c in rng.sample(CODE, rng.randint(1, 3))}
        if rng.random() < 0.12:
            d = rng.choice(DOCS)
            changes[d] = _doc(d, n)
        branch = rng.randrange(len(tips))
        if rng.random() < 0.1 and len(tips) < 3:
            tips.append(tips[branch])  # a new branch from there
            branch = len(tips) - 1
        merge = None
        if branch == 0 and len(tips) > 1 and rng.random() < 0.3:
            merge = tips.pop(rng.randrange(1, len(tips)))
        tips[branch] = log.commit(stamp, changes, parent=tips[branch], merge=merge, ref=f"b{branch}")
    while len(tips) > 1:
        when += DAY
        tips[0] = log.commit(when, {"y.py": b"merge\n"}, parent=tips[0], merge=tips.pop())
    log.done(tips[0])

    early, early_history, whole, whole_history = _both(log.root, monkeypatch)

    assert early.findings == whole.findings
    assert early_history.docs == whole_history.docs
    assert not whole_history.stopped
    assert early_history.commits <= whole_history.commits


def _endless() -> list[str]:
    return [sys.executable, "-c", "import sys\nwhile True: sys.stdout.buffer.write(b'x' * 65536)"]


def test_a_stopped_command_is_terminated_reaped_and_leaves_nothing_behind(tmp_path: Path) -> None:
    pending = gitmod.Pending(_endless(), str(tmp_path))
    first = next(pending.chunks())
    assert first.startswith(b"x")
    assert pending.exit_code is None  # still writing
    pending.close()
    assert pending.exit_code == -signal.SIGTERM
    with pytest.raises(ChildProcessError):
        os.waitpid(pending.pid, os.WNOHANG)  # reaped: no zombie
    assert not [t for t in threading.enumerate() if t.name == "git-output" and t.is_alive()]
    pending.close()  # a second close is harmless


def test_a_command_read_to_its_end_says_how_it_went(tmp_path: Path) -> None:
    argv = [sys.executable, "-c", "import sys\nsys.stdout.write('a' * 300000)\nsys.stderr.write('said')\nsys.exit(3)"]
    pending = gitmod.Pending(argv, str(tmp_path))
    assert b"".join(pending.chunks()) == b"a" * 300000
    assert pending.wait() == (3, "said")
    pending.close()


def test_output_written_in_small_pieces_is_read_in_whole_chunks(tmp_path: Path) -> None:
    # Git writes a record at a time; read as it came, AHEAD chunks would be AHEAD small pieces,
    # and git would wait long before the bound its memory is meant to have.
    script = "import sys\nfor _ in range(3000):\n    sys.stdout.buffer.write(b'y' * 100)\n    sys.stdout.flush()"
    pending = gitmod.Pending([sys.executable, "-c", script], str(tmp_path))
    sizes = [len(chunk) for chunk in pending.chunks()]
    assert pending.wait()[0] == 0
    pending.close()
    assert sum(sizes) == 300000
    assert sizes == [gitmod.CHUNK] * (300000 // gitmod.CHUNK) + [300000 % gitmod.CHUNK]


def test_an_output_kept_whole_is_taken_as_fast_as_it_is_written(tmp_path: Path) -> None:
    # Unbounded (the listing, the diff): git never waits on the check; it writes all, then says so.
    done = tmp_path / "done"
    script = (
        "import sys, pathlib\nsys.stdout.buffer.write(b'z' * 3_000_000)\nsys.stdout.flush()\n"
        f"pathlib.Path({str(done)!r}).touch()"
    )
    pending = gitmod.Pending([sys.executable, "-c", script], str(tmp_path), ahead=0)
    for _ in range(2000):  # not read meanwhile: only the reader thread empties the pipe
        if done.exists():
            break
        threading.Event().wait(0.01)
    assert done.exists()
    assert b"".join(pending.chunks()) == b"z" * 3_000_000
    assert pending.wait()[0] == 0
    pending.close()


def _pendings(monkeypatch: pytest.MonkeyPatch) -> list[gitmod.Pending]:
    """Every command ``check`` starts in the background, as it starts them."""
    started: list[gitmod.Pending] = []
    start = gitmod.Git.start

    def recording(self: gitmod.Git, *args: str, **kwargs: Any) -> gitmod.Pending:
        started.append(start(self, *args, **kwargs))
        return started[-1]

    monkeypatch.setattr(gitmod.Git, "start", recording)
    return started


def test_check_stops_git_log_once_every_doc_is_dated_and_reaps_it(
    tmp_path: Path, git_env: dict[str, str], monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    # A long history the docs' last updates sit at the top of; git may write only a little ahead.
    monkeypatch.setattr(gitmod, "AHEAD", 1)
    monkeypatch.setattr(gitmod, "CHUNK", 4096)
    log = _Import(tmp_path / "r", git_env)
    head = log.commit(EPOCH, {**{d: _doc(d, 0) for d in DOCS}, **{c: b"0\n" for c in CODE}}, parent=None)
    long_names = [f"apps/web/src/{'deep/' * 12}file{n}.ts" for n in range(40)]
    for n in range(1, 400):
        head = log.commit(EPOCH + n * 3600, {p: f"{n}\n".encode() for p in long_names}, parent=head)
    head = log.commit(EPOCH + 400 * 3600, {d: _doc(d, 1) for d in DOCS}, parent=head)
    log.done(head)
    capfd.readouterr()
    started = _pendings(monkeypatch)

    result = check(str(log.root), parallel=False)

    logs = [p for p in started if "--name-only" in p.argv and not any(".." in a for a in p.argv)]
    assert len(logs) == 1
    assert logs[0].exit_code == -signal.SIGTERM  # stopped while it still had history to write
    for pending in started:
        assert pending.exit_code is not None
        with pytest.raises(ChildProcessError):
            os.waitpid(pending.pid, os.WNOHANG)
    assert not [t for t in threading.enumerate() if t.name == "git-output" and t.is_alive()]
    assert capfd.readouterr() == ("", "")  # no broken pipe, no complaint
    assert not [n for n in result.notes if "git" in n.lower() and "log" in n.lower()]
