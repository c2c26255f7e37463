"""The few ``git`` commands ``check`` runs, each once, and nothing else.

1. ``rev-parse --show-toplevel --is-shallow-repository``: the root, and whether history is cut.
2. ``ls-files -z``: every tracked file (the index, not the working tree: a file that is not
   added does not count), listed once; the questions about tracked files (the instruction
   files, the manifests, the ``.gitignore`` files) are pathspecs matched against that listing
   (``repo.pathspec``), as ``ls-files`` would match them. (``ls-files --others`` asks another
   question: what is on disk untracked.)
3. ``for-each-ref`` on ``origin/HEAD``, ``origin/main``, ``origin/master``, ``main``, ``master``:
   the default branch, when no base is given.
4. ``diff --name-only -z BASE...HEAD`` (or ``--cached`` for a commit being made).
5. ``log --name-only -z``: the whole history in one pass.

Every command runs with ``SAFE_CONFIG`` first, so that a repository's own configuration cannot
make git run a program (an ``fsmonitor`` hook, a signature check's ``gpg``, a diff driver), and
a ref taken from the command line or the configuration is verified as a commit and passed after
``--end-of-options``, so it can never be read as an option (``--output=FILE``).

The long ones (2, 4, 5, and the walk for untracked files) are started at once, the listing
first, and read through a pipe as they write (``Pending``):

6. A reader thread takes git's output off the pipe in whole chunks of ``CHUNK`` bytes, so git
   works while the engine rules run. An output kept whole (the listing, the diff, the walk) is
   taken as fast as git writes it; a log, read as it comes and not kept (the history stopped
   once every doc is dated), at most ``AHEAD`` chunks ahead of the check: past that, git waits.
7. The check parses the chunks as they come; when it needs no more (every doc of the history
   is dated), git is stopped — terminated, what it already wrote drained, the reader joined
   and the process reaped — so neither the rest of the history nor git's memory for it is spent.

Memory stays bounded by what is kept and ``AHEAD`` chunks, not by the size of the history.
Every command run is recorded in ``Git.commands``.
"""

from __future__ import annotations

import os
import queue
import subprocess
import sys
import tempfile
import threading
from collections.abc import Iterator, Sequence
from typing import IO

from agents_md.errors import AgentsMdError
from agents_md.maintain.repo import pathspec

DEFAULT_BRANCH_REFS = (
    "refs/remotes/origin/HEAD",
    "refs/remotes/origin/main",
    "refs/remotes/origin/master",
    "refs/heads/main",
    "refs/heads/master",
)
# What a cloned repository's .git/config could otherwise make a read-only command run.
SAFE_CONFIG = (
    "-c",
    "core.fsmonitor=false",  # a hook run on every index read
    "-c",
    "core.untrackedCache=false",
    "-c",
    "log.showSignature=false",  # gpg.program, run on log
    "-c",
    "diff.external=",  # an external diff program
    "-c",
    "core.pager=cat",
)
END_OF_OPTIONS = "--end-of-options"
COMMIT_MARK = b"\x1e"
CHUNK = 1 << 16  # bytes read off the pipe at a time (a pipe holds 64 KiB)
# Chunks of the history git may write before the check reads them (256 KiB): what git writes past
# the commit that dates the last doc is never read, and costs git's CPU and memory meanwhile; on
# the clones measured, more ahead saved less time than it cost (README, "`check` and git's history").
AHEAD = 4
STOP_WAIT = 5.0  # seconds a stopped git has to exit before it is killed


_FS_ENCODING, _FS_ERRORS = sys.getfilesystemencoding(), sys.getfilesystemencodeerrors()


class GitError(AgentsMdError):
    """A git command that failed; the message carries git's own words."""


class GitRefused(GitError):
    """Git will not work in the repository (its owner is another user: "dubious ownership")."""

    def __init__(self, message: str, repository: str) -> None:
        super().__init__(message)
        self.repository = repository  # the work tree git names, as it spells it


_DUBIOUS = "detected dubious ownership in repository at '"


def toplevel(path: str) -> tuple[str, bool] | None:
    """The root of the work tree holding ``path`` and whether the clone is shallow; ``None`` outside git.

    Raises ``GitRefused`` when git finds the repository but will not read it.
    """
    try:
        done = subprocess.run(
            ["git", *SAFE_CONFIG, "-C", path, "rev-parse", "--show-toplevel", "--is-shallow-repository"],
            capture_output=True,
            check=False,
        )
    except OSError:
        return None
    lines = done.stdout.splitlines()
    said = done.stderr.decode("utf-8", "replace")
    if done.returncode != 0 and _DUBIOUS in said:
        first = said.strip().splitlines()[0].removeprefix("fatal: ")
        raise GitRefused(first, said.split(_DUBIOUS, 1)[1].split("'", 1)[0])
    if done.returncode != 0 or not lines or not lines[0]:
        return None
    return os.path.realpath(os.fsdecode(lines[0])), lines[1:2] == [b"true"]


class Pending:
    """A git command running in the background, its output read through a pipe as it comes (steps 6, 7)."""

    def __init__(self, argv: Sequence[str], cwd: str, *, ahead: int = AHEAD) -> None:
        """``ahead``: the chunks git may write before they are read (0: any number, for an output read whole)."""
        self.argv = list(argv)
        # Git's complaints, read once it has exited; a file, so that git never waits on them.
        self._err: IO[bytes] = tempfile.TemporaryFile()  # noqa: SIM115
        self._proc = subprocess.Popen(
            self.argv, cwd=cwd, stdout=subprocess.PIPE, stderr=self._err, stdin=subprocess.DEVNULL
        )
        self._ahead: queue.Queue[bytes | None] = queue.Queue(ahead)
        self._ended = False  # the end of the output (``None``) was taken off the queue
        self._reader = threading.Thread(target=self._read, name="git-output", daemon=True)
        self._reader.start()

    @property
    def pid(self) -> int:
        return self._proc.pid

    @property
    def exit_code(self) -> int | None:
        """``None`` while it runs (or is not reaped yet); a negative code: ended by that signal."""
        return self._proc.returncode

    def _read(self) -> None:
        assert self._proc.stdout is not None
        stdout = self._proc.stdout
        try:
            # Whole chunks (a buffered read waits for CHUNK bytes or the end), not each of git's
            # small writes: AHEAD chunks are then AHEAD * CHUNK bytes, and the queue and the
            # threads' turns are paid per 64 KiB rather than per few hundred bytes.
            while chunk := stdout.read(CHUNK):
                self._ahead.put(chunk)
        except (OSError, ValueError):
            pass  # the pipe is gone: the output ends here
        finally:
            self._ahead.put(None)

    def chunks(self) -> Iterator[bytes]:
        """The output, chunk by chunk, as git writes it."""
        while not self._ended:
            chunk = self._ahead.get()
            if chunk is None:
                self._ended = True
                return
            yield chunk

    def wait(self) -> tuple[int, str]:
        """Git's exit code and its complaints, once it has written everything (what was not read is dropped)."""
        for _ in self.chunks():
            pass
        code = self._proc.wait()
        self._reader.join()
        self._err.seek(0)
        return code, self._err.read().decode("utf-8", "replace").strip()

    def close(self) -> None:
        """Stop git if it still runs (step 7), and reap it: no process, thread or file is left behind."""
        if self._proc.poll() is None:
            self._proc.terminate()
        for _ in self.chunks():  # what it wrote before it stopped: the reader ends with the pipe
            pass
        self._reader.join()
        try:
            self._proc.wait(STOP_WAIT)
        except subprocess.TimeoutExpired:
            self._proc.kill()
            self._proc.wait()
        if self._proc.stdout is not None:
            self._proc.stdout.close()
        self._err.close()


def split_z(chunks: Iterator[bytes]) -> Iterator[bytes]:
    """NUL-separated records from a stream of chunks, never holding more than a chunk."""
    rest = b""
    for chunk in chunks:
        parts = (rest + chunk).split(b"\0")
        rest = parts.pop()
        yield from parts
    if rest:
        yield rest


class Git:
    """One repository's git, with a record of every command run (the benchmark replays them)."""

    def __init__(self, root: str) -> None:
        self.root = root
        self.commands: list[list[str]] = []
        self._tracked: tuple[str, ...] | None = None
        self._tracked_set: frozenset[str] | None = None  # for ``in_submodule``, made once
        self._listing: Pending | None = None  # step 2's ls-files, started before it is needed
        self._untracked: dict[tuple[str, ...], Pending] = {}

    def argv(self, *args: str) -> list[str]:
        return ["git", *SAFE_CONFIG, *args]

    def run(self, *args: str, ok_codes: tuple[int, ...] = (0,), stdin: bytes | None = None) -> bytes:
        argv = self.argv(*args)
        self.commands.append(argv)
        try:
            if stdin is None:
                done = subprocess.run(argv, cwd=self.root, capture_output=True, check=False, stdin=subprocess.DEVNULL)
            else:
                done = subprocess.run(argv, cwd=self.root, capture_output=True, check=False, input=stdin)
        except OSError as exc:
            raise GitError(f"cannot run git: {exc.strerror or exc}") from exc
        if done.returncode not in ok_codes:
            raise GitError(f"git {' '.join(args[:2])}: {done.stderr.decode('utf-8', 'replace').strip()}")
        return done.stdout

    def start(self, *args: str, ahead: int = 0) -> Pending:
        """``args`` run in the background (``Pending``); ``ahead`` bounds what git writes before it is read
        (0: no bound, for an output kept whole anyway)."""
        argv = self.argv(*args)
        self.commands.append(argv)
        try:
            return Pending(argv, self.root, ahead=ahead)
        except OSError as exc:
            raise GitError(f"cannot run git: {exc.strerror or exc}") from exc

    def start_listing(self) -> None:
        """Start step 2's ``ls-files`` in the background now; ``tracked`` reads it."""
        if self._tracked is None and self._listing is None:
            self._listing = self.start("ls-files", "-z")

    def tracked(self) -> tuple[str, ...]:
        """Every tracked file, in the index's order (step 2: one ``ls-files``, run once)."""
        if self._tracked is None:
            self.start_listing()
            assert self._listing is not None
            out = _output(self._listing, "git ls-files -z")
            self._listing = None
            # One decoding of the whole listing, as ``os.fsdecode`` would decode each name.
            names = out.decode(_FS_ENCODING, _FS_ERRORS).split("\0")
            self._tracked = tuple(name for name in names if name)
        return self._tracked

    def ls_files(self, patterns: Sequence[str]) -> list[str]:
        """The tracked files matching any of the pathspecs ``patterns`` (none: every one)."""
        return pathspec.select(patterns, self.tracked())

    def start_untracked(self, patterns: Sequence[str]) -> None:
        """Start ``untracked(patterns)`` in the background now: it walks the whole working tree."""
        key = tuple(patterns)
        if key not in self._untracked:
            self._untracked[key] = self.start("ls-files", "-z", "--others", "--exclude-standard", "--", *patterns)

    def untracked(self, patterns: Sequence[str]) -> list[str]:
        """Files matching ``patterns`` on disk that git neither tracks nor ignores."""
        self.start_untracked(patterns)
        out = _output(self._untracked.pop(tuple(patterns)), "git ls-files -z")
        return [os.fsdecode(p) for p in out.split(b"\0") if p]

    def close(self) -> None:
        """Stop and reap what was started in the background and not asked for."""
        if self._listing is not None:
            self._listing.close()
            self._listing = None
        while self._untracked:
            self._untracked.popitem()[1].close()

    def ignored(self, paths: Sequence[str]) -> frozenset[str]:
        """Which of ``paths`` (relative to the root, existing or not) git ignores: one ``check-ignore``.
        A path inside a submodule counts as ignored: another repository's file, not this one's to
        have (git refuses to be asked about it: "Pathspec is in submodule")."""
        if not paths:
            return frozenset()
        inside = self.in_submodule(paths)
        asked = [p for p in paths if p not in inside]
        if not asked:
            return inside
        feed = b"".join(os.fsencode(p) + b"\0" for p in asked)
        out = self.run("check-ignore", "--stdin", "-z", ok_codes=(0, 1), stdin=feed)
        return inside | frozenset(os.fsdecode(p) for p in out.split(b"\0") if p)

    def in_submodule(self, paths: Sequence[str]) -> frozenset[str]:
        """Those of ``paths`` below a tracked entry that is no file on disk: a submodule's commit
        (a gitlink), checked out or not. (Below a tracked file lies only a spelling that names
        nothing, ``verilated.h/.cpp``: not a submodule's.)"""
        tracked = self._tracked_set
        if tracked is None:
            tracked = self._tracked_set = frozenset(self.tracked())
        inside: set[str] = set()
        for path in paths:
            folder = path.strip("/").rpartition("/")[0]
            while folder:
                if folder in tracked:
                    if not os.path.isfile(os.path.join(self.root, folder)):
                        inside.add(path)
                    break
                folder = folder.rpartition("/")[0]
        return frozenset(inside)

    def default_branch(self) -> str | None:
        """``origin/HEAD``'s target, else the first of origin/main, origin/master, main, master."""
        out = self.run("for-each-ref", "--format=%(refname)%00%(symref)", *DEFAULT_BRANCH_REFS)
        found: dict[str, str] = {}
        for line in out.decode("utf-8", "replace").splitlines():
            name, _, symref = line.partition("\0")
            found[name] = symref
        for ref in DEFAULT_BRANCH_REFS:
            if ref in found:
                target = found[ref] or ref
                return _short(target)
        return None

    def verify_ref(self, ref: str, source: str) -> str:
        """The commit ``ref`` names (``source`` says where it was given), or ``GitError`` says it names none."""
        out = b""
        if ref and not ref.startswith("-") and "\0" not in ref:
            out = self.run(
                "rev-parse", "--verify", "--quiet", END_OF_OPTIONS, f"{ref}^{{commit}}", ok_codes=(0, 1, 128)
            )
        if not out.strip():
            raise GitError(f"{source} {ref!r}: not a commit of this repository")
        return out.decode("ascii", "replace").strip()

    @staticmethod
    def diff_range(base: str | None, *, staged: bool, head: str = "HEAD") -> tuple[str, ...]:
        """The arguments that name a diff: the staged changes, or ``base...head`` (never an option)."""
        if staged:
            return ("--cached",)
        assert base is not None
        return (END_OF_OPTIONS, f"{base}...{head}")

    def start_diff(self, base: str | None, *, staged: bool, head: str = "HEAD") -> Pending:
        """Each changed file and its status: ``--raw -z`` records (no file's content is read, so
        a partial clone fetches nothing)."""
        spec = self.diff_range(base, staged=staged, head=head)
        return self.start("diff", "--raw", "--no-renames", "--no-color", "-z", *spec, "--")

    def diff_lines(self, spec: Sequence[str], paths: Sequence[str]) -> bytes:
        """The changed lines of ``paths`` (no context), for reading what a change was."""
        return self.run(
            "-c",
            "core.quotePath=false",  # names as they are (the -U0 headers quote any other byte)
            "diff",
            "-U0",
            "--no-renames",
            "--no-color",
            "--no-ext-diff",
            "--no-textconv",
            *spec,
            "--",
            *paths,
        )

    def marked(self, paths: Sequence[str], attributes: Sequence[str]) -> frozenset[str]:
        """Which of ``paths`` have any of ``attributes`` set (``.gitattributes``): one ``check-attr``."""
        if not paths:
            return frozenset()
        feed = b"".join(os.fsencode(p) + b"\0" for p in paths)
        out = self.run("check-attr", "--stdin", "-z", *attributes, stdin=feed).split(b"\0")
        found: set[str] = set()
        for at in range(0, len(out) - 2, 3):
            if out[at + 2] in (b"set", b"true"):
                found.add(os.fsdecode(out[at]))
        return frozenset(found)

    def lines_with(self, fixed: Sequence[str], pathspecs: Sequence[str] = ()) -> list[str]:
        """The lines of tracked files (of ``pathspecs``, when given) holding any of the ``fixed``
        strings: one ``grep`` of the index's files (binaries skipped), without their file names."""
        if not fixed:
            return []
        patterns = [arg for text in fixed for arg in ("-e", text)]
        out = self.run("grep", "-h", "-I", "-F", "--no-color", *patterns, "--", *pathspecs, ok_codes=(0, 1))
        return os.fsdecode(out).splitlines()

    def deleted(self, pathspecs: Sequence[str], days: int) -> dict[str, str]:
        """Which files matching ``pathspecs`` commits deleted in the ``days`` before ``HEAD``'s
        (path -> the short commit, the latest deletion): no file's content is read."""
        if not pathspecs:
            return {}
        head = self.run("log", "-1", "--format=%ct", ok_codes=(0, 128)).strip()
        if not head.isdigit():
            return {}
        since = int(head) - days * 86400
        out = self.run(
            "log",
            f"--since=@{since}",
            "--no-renames",
            "--diff-filter=D",
            "--name-only",
            "-z",
            "--format=%x1e%h",
            "--",
            *pathspecs,
        )
        found: dict[str, str] = {}
        commit = ""
        for record in out.split(b"\0"):
            if record.startswith(b"\x1e"):
                commit = os.fsdecode(record[1:])
            elif record.strip(b"\n"):
                found.setdefault(os.fsdecode(record.lstrip(b"\n")), commit)
        return found

    def start_log(self, *revisions: str) -> Pending:
        """Every commit's time and subject (``\\x1e`` time ``\\x1f`` subject), then the paths it
        touched: the whole history, or the commits of ``revisions`` (``base..HEAD``). Read as it
        comes and not kept, the history stopped early: git runs at most ``AHEAD`` chunks ahead."""
        return self.start(
            "log",
            "--no-renames",
            "--no-color",
            "--no-show-signature",
            "--name-only",
            "-z",
            "--format=%x1e%ct%x1f%s",
            *((END_OF_OPTIONS, *revisions) if revisions else ()),
            "--",
            ahead=AHEAD,
        )


def _output(pending: Pending, name: str) -> bytes:
    """All a background command wrote, once it ended well (``GitError`` with its words, if not); reaped."""
    try:
        out = b"".join(pending.chunks())
        code, err = pending.wait()
    finally:
        pending.close()
    if code != 0:
        raise GitError(f"{name}: {err}")
    return out


def _short(ref: str) -> str:
    for prefix in ("refs/remotes/", "refs/heads/"):
        if ref.startswith(prefix):
            return ref[len(prefix) :]
    return ref
