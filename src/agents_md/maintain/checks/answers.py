"""Git's answers for the rules: the diff ``doc-not-updated`` reads and the history ``stale-doc`` reads.

``start_diff`` starts the diff at once (``repo.git.Pending``). ``follow_diff`` reads it in a thread
as soon as git writes it, and asks git's follow-up questions there (the changed lines of the
manifests it changed, which of its files git marks generated), so that git answers while the
rules run. The files' own headers (a generator's ``DO NOT EDIT``) are read only when a rule asks
about the few files that would count (``Changes.headed``), not for the whole diff.
``read_changes`` and ``read_history`` take the answers when a rule first asks (``once``),
reading the output as it comes, then take git's word on how it went.
``read_history`` stops git once the history it needs is read (``repo.history``).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Collection, Iterable
from typing import NamedTuple, TypeVar

from agents_md._util.background import Background
from agents_md._util.std import lazy_compile
from agents_md.maintain.checks.context import Changed, Changes, CheckContext
from agents_md.maintain.repo.code import (
    HEADER_FILES,
    MARKS,
    catalog_additions_only,
    generated_by_header,
    is_manifest,
    manifest_metadata_only,
    manifest_versions_only,
    not_code,
    pins_versions,
)
from agents_md.maintain.repo.config import Config
from agents_md.maintain.repo.git import Git, GitError, Pending, split_z
from agents_md.maintain.repo.history import History, passed_over, scan_log

T = TypeVar("T")
# Read the history to its end even once every doc is dated (the findings are the same: the
# tests compare both ways).
READ_WHOLE_HISTORY = False


class LineDiff:
    """The changed lines (``git diff -U0``) of a change's files, as one diff where it can: the
    first question asks for its files and those ``expect`` named (the instruction files the
    change touched, whose lines judging the change reads next); only a file neither covered is
    asked about in a diff of its own."""

    def __init__(self, git: Git, spec: tuple[str, ...]) -> None:
        self.git, self.spec = git, spec
        self._expected: set[str] = set()
        self._covered: set[str] = set()
        self._texts: list[str] = []

    def expect(self, paths: Iterable[str]) -> None:
        self._expected.update(paths)

    def text(self, paths: Iterable[str]) -> str:
        """The ``-U0`` diff holding at least ``paths`` (and whatever else was asked about)."""
        missing = set(paths) - self._covered
        if missing:
            ask = sorted(missing | (self._expected - self._covered))
            self._covered.update(ask)  # a failure is not asked again
            self._texts.append(self.git.diff_lines(self.spec, ask).decode("utf-8", "replace"))
        return "\n".join(self._texts)


class Diffed(NamedTuple):
    """A diff as read, with git's answers to the follow-up questions."""

    changed: tuple[Changed, ...]
    settled: frozenset[str]  # version-only manifest changes; files git marks generated
    headed: Callable[[Collection[str]], frozenset[str]]  # which of some files their header says are generated


class DiffAsk(NamedTuple):
    """A diff under way: the command, what it compares, and its arguments (for follow-up questions)."""

    pending: Pending | None
    against: str
    spec: tuple[str, ...] = ()
    log: Pending | None = None  # the range's commits, to see which files only releases and sweeps touched
    lines: LineDiff | None = None  # the changed lines of its files, asked for as they are needed
    judged: bool = False  # the report is narrowed to what the change introduces: its docs' lines are read
    diffed: Background[Diffed] | None = None  # the diff read and followed up in a thread (``follow_diff``)


def start_diff(
    git: Git | None,
    config: Config,
    base: str | None,
    staged: bool,
    notes: list[str],
    *,
    needed: bool = False,
    head: str = "HEAD",
) -> DiffAsk:
    """The diff ``doc-not-updated`` reads (and, when ``needed``, the change the report is narrowed to):
    ``base...head``, where ``head`` is HEAD unless a push names another commit (pre-commit's
    ``PRE_COMMIT_TO_REF``); the files read are the checkout's whichever it is, and a note says so."""
    if git is None or not (needed or config.enabled("doc-not-updated")):
        return DiffAsk(None, "")
    if staged:
        spec = git.diff_range(None, staged=True)
        return DiffAsk(git.start_diff(None, staged=True), "the staged changes", spec, None, LineDiff(git, spec), needed)
    source = "--base" if base else "base (in the configuration)" if config.base else "the default branch"
    base = base or config.base or git.default_branch()
    if base is None:
        notes.append(
            "doc-not-updated: no default branch (origin/HEAD, origin/main, origin/master, main, master) "
            "to compare with; pass --base REF or --staged"
        )
        return DiffAsk(None, "")
    git.verify_ref(base, source)
    if head != "HEAD" and git.verify_ref(head, "PRE_COMMIT_TO_REF") != git.verify_ref("HEAD", "HEAD"):
        notes.append(
            f"the change is {base}...{head}, but {head} is not what is checked out: "
            "its files are read as the checkout has them"
        )
    spec = git.diff_range(base, staged=False, head=head)
    return DiffAsk(
        git.start_diff(base, staged=False, head=head),
        f"{base}...{head}",
        spec,
        git.start_log(f"{base}..{head}"),
        LineDiff(git, spec),
        needed,
    )


def parse_diff(records: Iterable[bytes]) -> tuple[Changed, ...]:
    """``--raw -z`` records: ``:mode mode sha sha S``, then the path (mode ``160000``: a submodule's commit)."""
    out: list[Changed] = []
    status: str | None = None
    gitlink = False
    for record in records:
        if not record:
            continue
        if status is not None:
            out.append(Changed(path=os.fsdecode(record), status=status, gitlink=gitlink))
            status = None
        elif record.startswith(b":"):
            status = os.fsdecode(record.rsplit(b" ", 1)[-1])[:1]
            gitlink = b"160000" in record.split(b" ", 2)[:2] or record.startswith(b":160000")
    return tuple(out)


def _versions_only(diff: LineDiff, manifests: list[str]) -> frozenset[str]:
    """Step 3 of ``repo.code``: the manifests whose change is version numbers only, or where the
    project lives (their ``git diff -U0``)."""
    if not manifests:
        return frozenset()
    removed: dict[str, list[str]] = {}
    added: dict[str, list[str]] = {}
    added_at: dict[str, list[int]] = {}  # the added lines' numbers, in the file as the change left it
    current: str | None = None
    number = 0
    try:
        lines = diff.text(manifests).split("\n")
    except GitError:
        return frozenset()  # their contents cannot be read (a clone missing objects): count them as changed
    header = False  # between a file's "diff --git" and its first hunk: "---" and "+++" name files there only
    for raw in lines:
        if raw.startswith("diff --git "):
            current, header = None, True
        elif header and raw.startswith("+++ "):
            current = raw[6:] if raw.startswith("+++ b/") else None
        elif header and not raw.startswith("@@"):
            continue
        elif raw.startswith("@@"):
            header = False
            hunk = _HUNK.match(raw)
            number = int(hunk[1]) if hunk is not None else 0
        elif current is not None and raw.startswith("-"):
            removed.setdefault(current, []).append(raw[1:])
        elif current is not None and raw.startswith("+"):
            added.setdefault(current, []).append(raw[1:])
            added_at.setdefault(current, []).append(number)
            number += 1
    return frozenset(
        m
        for m in manifests
        if manifest_versions_only(removed.get(m, ()), added.get(m, ()))
        or (is_manifest(m) and manifest_metadata_only(removed.get(m, ()), added.get(m, ())))
        or (not removed.get(m) and _catalog_only(diff, m, added_at.get(m, [])))
    )


_HUNK = lazy_compile(r"^@@ -\d+(?:,\d+)? \+(\d+)")


def _catalog_only(diff: LineDiff, manifest: str, added_at: list[int]) -> bool:
    """A Cargo manifest whose change only adds dependencies to its workspace's catalog (``repo.code``)."""
    if manifest.rpartition("/")[2] != "Cargo.toml" or not added_at:
        return False
    try:
        with open(os.path.join(diff.git.root, *manifest.split("/")), encoding="utf-8", errors="replace") as f:
            text = f.read(1 << 20)
    except OSError:
        return False
    return catalog_additions_only(text, added_at)


def follow_diff(git: Git | None, ask: DiffAsk, judged: frozenset[str | None]) -> DiffAsk:
    """``ask`` with its diff read, and followed up, in a thread (``judged``: the files findings are
    on, whose changed lines judging the change reads)."""
    if ask.pending is None or git is None:
        return ask
    return ask._replace(diffed=Background(lambda: _diffed(git, ask, judged), name="git-diff"))


def _diffed(git: Git, ask: DiffAsk, judged: frozenset[str | None]) -> Diffed:
    assert ask.pending is not None and ask.lines is not None
    changed = parse_diff(split_z(ask.pending.chunks()))
    code, err = ask.pending.wait()
    if code != 0:
        raise GitError(f"git diff ({ask.against}): {err}")
    manifests = [c.path for c in changed if c.status == "M" and pins_versions(c.path)]
    candidates = [c.path for c in changed if c.status != "D" and not_code(c.path) is None]
    if ask.judged:  # the lines of the docs it touched are read next: one diff for both
        ask.lines.expect(c.path for c in changed if c.status not in ("A", "D") and c.path in judged)
    # Settled: version-only manifests, what git marks generated or vendored, a submodule moved to
    # another commit (another repository's files: ``testing/resources/specifications``).
    moved = frozenset(c.path for c in changed if c.gitlink)
    return Diffed(
        changed,
        _versions_only(ask.lines, manifests) | git.marked(candidates, MARKS) | moved,
        _headers(git.root, candidates),
    )


def _headers(root: str, candidates: list[str]) -> Callable[[Collection[str]], frozenset[str]]:
    """``generated_by_header`` of the diff's files, asked of a few at a time: the first
    ``HEADER_FILES`` of them may be read, as when the whole diff's were."""
    readable = frozenset(candidates[:HEADER_FILES])
    return lambda paths: generated_by_header(root, [p for p in paths if p in readable])


def read_changes(ask: DiffAsk, ctx: CheckContext) -> Changes | None:
    if ask.diffed is None:
        return None
    changed, settled, headed = ask.diffed.result()
    commits: int | None = None
    if ask.log is not None:
        governed = ctx.governed
        swept, count = passed_over(
            split_z(ask.log.chunks()), doc_of=governed.governance.doc_of, is_code=governed.is_code
        )
        if ask.log.wait()[0] == 0:
            settled |= swept
            commits = count
    return Changes(changed=changed, against=ask.against, settled=settled, commits=commits, headed=headed)


def read_history(pending: Pending | None, ctx: CheckContext) -> History | None:
    if pending is None:
        return None
    governed = ctx.governed
    parts = {doc: governed.parts(doc) for doc in governed.docs()}
    history = scan_log(
        split_z(pending.chunks()),
        parts=parts,
        doc_of=governed.governance.doc_of,
        is_code=governed.is_history_code,
        named={doc: governed.named(doc) for doc in parts},
        by_folder=not ctx.config.governs,
        whole=READ_WHOLE_HISTORY,
    )
    if history.stopped:
        pending.close()  # every doc is dated: the older commits are not needed
        return history
    code, err = pending.wait()
    if code != 0:
        if "does not have any commits" in err:
            return History()
        raise GitError(f"git log: {err}")
    return history


def once(compute: Callable[[], T]) -> Callable[[], T]:
    box: list[T] = []

    def get() -> T:
        if not box:
            box.append(compute())
        return box[0]

    return get
