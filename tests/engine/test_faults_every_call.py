"""An injected fault at every filesystem call of a session: no exception escapes but the documented
errors, a gather that meets one leaves the context as it was handed in, and whatever the session
does answer is an answer (a start block or none, a Read's result).

The fault is an ``OSError`` (EACCES, EIO, ENOENT) raised by the N-th call through the engine's
filesystem seam, for every N up to the number of calls a whole session makes (the start, a Read,
``/compact``, a subagent and a fork with their Reads, ``/cd`` and a Read there): once (a disk that
hiccups) or from the N-th call on (a disk that is gone).
"""

from __future__ import annotations

import errno
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from agents_md import FileSystem, Session
from agents_md.engine.faults import NO_ATTACHMENT, NO_START
from agents_md.engine.loop import ReadResult
from agents_md.engine.start import StartContext
from agents_md.errors import AgentsMdError

Tree = Callable[..., Path]

TREE = {
    "CLAUDE.md": "# root\n@docs/guide.md\n",
    "AGENTS.md": "# agents\n",
    "docs/guide.md": "guide\n",
    ".claude/rules/r.md": "---\npaths: ['a/**']\n---\nrule\n",
    ".claude/rules/always.md": "always\n",
    ".claude/settings.json": '{"claudeMdExcludes": ["/nowhere/CLAUDE.md"]}',
    "a/AGENTS.md": "# a\n",
    "a/CLAUDE.md": "# a claude\n",
    "a/f.txt": "x\n",
    "a/b/AGENTS.md": "# b\n",
    "a/b/g.txt": "y\n",
}
SEAM = (
    "read_file",
    "read_head",
    "is_file",
    "is_dir",
    "exists",
    "is_symlink",
    "is_link_loop",
    "list_dir",
    "realpath",
    "size",
    "stamp",
)
CODES = [errno.EACCES, errno.EIO, errno.ENOENT]


class FaultFS(FileSystem):
    """The disk, but the ``fail_at``-th call through the seam raises ``OSError(code)`` (and every
    later one too when ``stays``); ``fail_at`` 0 only counts."""

    def __init__(self, fail_at: int, code: int, *, stays: bool = False) -> None:
        self.calls = 0
        self.fail_at = fail_at
        self.code = code
        self.stays = stays

    def __getattribute__(self, name: str) -> Any:
        attr = super().__getattribute__(name)
        if name not in SEAM:
            return attr

        def call(*args: Any) -> Any:
            self.calls += 1
            failing = self.calls == self.fail_at or (self.stays and 0 < self.fail_at <= self.calls)
            if failing:
                raise OSError(self.code, f"injected {errno.errorcode[self.code]}", args[0] if args else None)
            return attr(*args)

        return call


def _start_is_an_answer(start: StartContext) -> None:
    block = start.claude_md
    assert block is None or block.startswith("<system-reminder>")
    if any(NO_START in w for w in start.warnings):
        assert start.files == () and block is None  # the context as handed: nothing


def _read_is_an_answer(result: ReadResult, root: Path) -> None:
    assert all(f.path.startswith(str(root)) for f in result.files)
    assert all(isinstance(b, str) for b in result.engine_blocks)
    if any(NO_ATTACHMENT in n.text for n in result.notices):
        assert result.files == ()


def _run(root: Path, home: Path, managed: Path, fs: FileSystem, profile: str) -> None:
    s = Session(cwd=str(root), home=str(home), managed_dir=str(managed), fs=fs, profile=profile)
    _start_is_an_answer(s.start())
    _read_is_an_answer(s.read(str(root / "a" / "b" / "g.txt")), root)
    compacted = s.compact()
    assert compacted is not None
    _start_is_an_answer(compacted)
    sub = s.spawn()
    assert sub.claude_md is None or sub.claude_md.startswith("<system-reminder>")
    _read_is_an_answer(sub.read(str(root / "a" / "f.txt")), root)
    fork = s.spawn(fork=True)
    _read_is_an_answer(fork.read(str(root / "a" / "b" / "g.txt")), root)
    moved = s.cd("a")
    _start_is_an_answer(moved.start)
    _read_is_an_answer(s.read(str(root / "a" / "b" / "g.txt")), root)
    assert isinstance(s.notices, tuple)


@pytest.fixture
def places(tree: Tree) -> tuple[Path, Path, Path]:
    root = tree(TREE)
    home = tree({".claude/CLAUDE.md": "user\n", ".claude/rules/u.md": "u\n"}, "home")
    managed = tree({"CLAUDE.md": "managed\n"}, "managed")
    return root, home, managed


# A disk that hiccups, in the reference profile; one that is gone, in the complete one.
@pytest.mark.parametrize(("stays", "profile"), [(False, "reference"), (True, "complete")], ids=["once", "from-then-on"])
@pytest.mark.parametrize("code", CODES, ids=errno.errorcode.get)
def test_a_fault_at_any_call_of_a_session_never_escapes(
    places: tuple[Path, Path, Path], code: int, profile: str, stays: bool
) -> None:
    root, home, managed = places
    counting = FaultFS(fail_at=0, code=code)
    _run(root, home, managed, counting, profile)
    total = counting.calls
    assert total > 60  # the seam is really in use, across every step
    escaped: list[str] = []
    for n in range(1, total + 1):
        try:
            _run(root, home, managed, FaultFS(fail_at=n, code=code, stays=stays), profile)
        except AgentsMdError:
            pass  # a documented error, with a message
        except Exception as exc:  # anything else is a crash
            escaped.append(f"call {n}: {type(exc).__name__}: {exc}")
    assert escaped == []


class FailingOn(FileSystem):
    """Raises EIO from ``method`` for paths ending with ``suffix``, while ``failing``."""

    def __init__(self, method: str, suffix: str) -> None:
        self.method = method
        self.suffix = suffix
        self.failing = True

    def __getattribute__(self, name: str) -> Any:
        attr = super().__getattribute__(name)
        if name != super().__getattribute__("method"):
            return attr

        def call(path: str, *rest: Any) -> Any:
            if self.failing and path.endswith(self.suffix):
                raise OSError(errno.EIO, "Input/output error", path)
            return attr(path, *rest)

        return call


def test_a_failing_query_in_the_engines_walk_fails_the_start_whole(places: tuple[Path, Path, Path]) -> None:
    root, home, managed = places
    s = Session(
        cwd=str(root), home=str(home), managed_dir=str(managed), fs=FailingOn("is_symlink", "root/.claude/rules")
    )
    start = s.start()
    assert start.files == () and start.engine_files == () and s.claude_md is None
    assert f"{root / '.claude/rules'}: cannot be examined (Input/output error); {NO_START}" in start.warnings
    # No plugin was asked to add to a walk that failed: the AGENTS.md files stay out too.
    assert not any(n.source == "agents-md" and "AGENTS.md" in n.text for n in s.notices)


def test_a_failing_query_on_a_read_attaches_nothing_and_gives_nothing(places: tuple[Path, Path, Path]) -> None:
    root, home, managed = places
    fs = FailingOn("is_file", "g.txt")
    s = Session(cwd=str(root), home=str(home), managed_dir=str(managed), fs=fs, profile="complete")
    fs.failing = False
    s.start()
    fs.failing = True
    target = str(root / "a" / "b" / "g.txt")
    failed = s.read(target)
    assert failed.files == ()
    assert [(n.source, n.text) for n in failed.notices] == [
        ("engine", f"{target}: cannot be examined (Input/output error); {NO_ATTACHMENT}")
    ]
    assert failed.notices[0] in s.notices
    fs.failing = False
    # Nothing counted as given: the same Read, once the disk answers, attaches what it holds.
    again = s.read(target)
    assert [f.path for f in again.files] == [
        str(root / "a" / "CLAUDE.md"),
        str(root / ".claude/rules/r.md"),
    ]


def test_the_plugins_failing_walk_leaves_the_engines_files_as_handed_and_says_so(tree: Tree) -> None:
    root = tree({"AGENTS.md": "unreachable\n", "docs/x.md": "x\n"})
    home = tree({".claude/CLAUDE.md": "user\n"}, "home")
    fs = FailingOn("is_symlink", "AGENTS.md")
    s = Session(cwd=str(root), home=str(home), managed_dir=str(root.parent / "m"), fs=fs)
    assert s.files == s.start().engine_files
    assert [f.path for f in s.files] == [str(home / ".claude/CLAUDE.md")]
    told = [n.text for n in s.notices if n.source == "agents-md"]
    assert any(t.startswith("AGENTS.md files not loaded: the walk failed") and str(root) in t for t in told)
