"""One pass over the history, newest commit first: for each doc, its last update, and the
meaningful changes to its code since.

``git log --name-only -z --format=%x1e%ct%x1f%s`` is read once, as a stream of records: a
record starting with ``\\x1e`` is a commit (its committer time, ``\\x1f``, its subject); the
others are the paths it touched (the first after a commit starts with a newline). For each
commit, once its paths are all read:

1. Each path that is a part of a doc (``govern.Governance.parts``, a link's target, what the
   doc points to) dates that doc's last update, if none is dated yet.
2. A release or a dependency bump (its subject says so: ``release 1.2.0``, ``chore(release)``,
   ``bump x from 1 to 2``, ``bump the x group with 2 updates``, ``v1.2.3``, ``Turso 0.8.0-pre.7``,
   ``Version: bump 5.11.0-SNAPSHOT``),
   or a commit that tells CI to skip it (``[skip ci]``: a bot's bookkeeping), or one that says it
   only formats the code or quiets a linter (``style: auto-fix formatting``, ``Clean up existing
   Biome lint warnings``: a formatter's run, too few docs' code for a sweep) or drops the
   suppressions a linter no longer needs (``disallow unused lint rules``, ``remove unused
   nolint directives``), changes no code a doc describes: its other paths are passed over.
3. Otherwise each other path that is code (``repo.code``) counts for the doc governing it, once
   per commit, while that doc's update is not yet dated (it came after): the commit is one more
   since the update, and the first such is the last change to its code. A path the doc names
   is kept too (a few), wherever it is.
4. A sweep — a commit changing the code of more than ``SWEEP`` docs (a rename across the
   repository, a formatter run) — counts for none of them.

Only a few values per doc are kept, so memory is bounded by the number of docs, whatever the
size of the history.

5. Once every doc's update is dated, the rest of the log is not read (``History.stopped``):
   steps 1 and 3 change only docs not yet dated, so no older commit can change a value kept.
   "Dated" means met first in the log's own order, not "latest by the clock": git's default
   order (by committer date, a commit only after a child that reaches it) is read as it comes,
   and a commit whose date is out of order (a merged branch that is older than its base) is
   read where git puts it, by the full read and the early stop alike. (``--topo-order`` and
   ``--date-order`` would change which commit is met first, and make git walk the whole graph
   before printing one.)
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field

from agents_md._util.std import lazy_compile
from agents_md._value import Value

SWEEP = 10
NAMED = 5  # files a doc names, changed after it, kept per doc
FOLDER_CACHE = 65536
_RELEASE = lazy_compile(
    r"^\s*(?:v?\d+\.\d+\.\d+\S*\s*$"
    # a project's name and the version it releases, and nothing else: "Turso 0.8.0-pre.7"
    r"|[A-Za-z][\w.-]*\s+v?\d+\.\d+\.\d+\S*\s*$"
    r"|(?:\[?[\w-]+(?:\([^)]*\))?\]?!?:\s*)?(?:release|releasing|prepare (?:for )?(?:the )?release|version packages"
    r"|publish(?:ed)? v?\d|(?:bump(?:ed)?|update) (?:the )?(?:(?:major|minor|patch) )?versions?\b"
    r"|bump(?:ed)? (?:to )?v?\d+(?:\.\d+)+\S*\s*$)"  # mongo-java-driver's "Version: bump 5.11.0-SNAPSHOT"
    r"|chore\(release\)|.*\bbump(?:s|ed)?\b.+\bfrom\b.+\bto\b"
    # an upgrade from one version to another: "chore(evi): upgrade eve from 0.39.0 to 0.40.0 (#626)"
    r"|.*\b(?:upgrade|update)[sd]?\b.+\bfrom\s+v?\d+(?:\.\d+)+\S*\s+to\s+v?\d+(?:\.\d+)+"
    # Dependabot's grouped update: "Bump the workerd-and-workers-types group with 2 updates"
    r"|.*\bbump(?:s|ed)? the [\w@./-]+ group (?:across \d+ director(?:y|ies) )?with \d+ updates?\b"
    r"|[\w-]+\((?:deps|deps-dev|dependencies|dev-deps)\)!?:"
    r"|(?:[\w-]+(?:\([^)]*\))?!?:\s*)?update "
    r"(?:dependency|dependencies|module|[\w@./-]+ (?:action|digest|docker tag))\b)",
    re.I,
)


# A commit that tells CI to skip it says it changes nothing a build or a test could break: a
# bot's bookkeeping (``chore: update GitHub repository stats [skip ci]``), a release's.
_SKIPS_CI = lazy_compile(r"\[(?:skip ci|ci skip|no ci|skip actions|actions skip)\]", re.I)


# A commit whose subject says it only formats the code or quiets a linter ("style: auto-fix
# formatting", "Clean up existing Biome lint warnings (#608)", "chore: fix clippy warnings"): a
# formatter's run on a few docs' code, which changes nothing a doc says. A subject that says
# more ("fix template literal formatting", "update SSE format") names a change, not a tidy.
_TIDY = lazy_compile(
    r"^\s*(?:[\w/.-]+(?:\([^)]*\))?!?:\s*)?"  # a conventional commit's prefix, or a file's path
    r"(?:(?:auto-?fix(?:ed|es)?|fix(?:ed|es|ing)?|apply|applied|run|ran|clean(?:ed|s)? up|address(?:ed)?"
    r"|resolve[sd]?|silence[sd]?|tidy)\s+)?"
    r"(?:(?:the|all|some|existing|remaining|escaped|stray|old|new|missing|missed)\s+)*"
    r"(?:(?:biome|prettier|eslint|oxlint|ruff|black|isort|gofmt|goimports|rustfmt|cargo|clippy|golangci-lint"
    r"|dprint|ktlint|swiftlint|swiftformat|clang-format|shellcheck|pre-commit(?: hooks?)?|python|go|rust"
    r"|typescript|ts|javascript|js|kotlin|swift|code)\s+)?"  # the tool's name, or the language's
    r"(?:format(?:ting)?|formatter|prettier|fmt|lint(?:ing|er)?|clippy)"
    r"(?:\s*/\s*(?:format(?:ting)?|prettier|lint(?:ing)?))?"
    r"(?:\s+(?:warnings?|errors?|issues?|fix(?:es)?|changes|nits?|complaints?|failures?))?"
    r"(?:\s+(?:in|to|for|on|of|across|missed|after)\b[^,;]*)?"  # where: "in store.go", "to files that drifted"
    r"\s*(?:\(#\d+\))?\s*$",
    re.I,
)


# A commit whose subject says it drops the suppressions a linter no longer needs ("disallow unused
# lint rules", "Remove unused nolint directives", "chore: drop stale eslint-disable comments"):
# a sweep of ``//nolint:x`` and ``noqa`` comments across the code, which changes nothing a doc says.
_UNUSED_SUPPRESSIONS = lazy_compile(
    r"^\s*(?:[\w/.-]+(?:\([^)]*\))?!?:\s*)?"
    r"(?:disallow|remove[sd]?|drop(?:s|ped)?|delete[sd]?|clean(?:ed|s)? up|prune[sd]?)\s+(?:all\s+|the\s+)?"
    r"(?:unused|unnecessary|stale|obsolete|redundant|outdated)\s+"
    r"(?:(?:lint(?:er)?|nolint|eslint(?:-disable)?|noqa|ts-expect-error|ts-ignore|type[: ]ignore|clippy|rubocop)\s*)?"
    r"(?:rules?|directives?|suppressions?|comments?|ignores?|annotations?|exceptions?|allows?)"
    r"(?:\s+(?:in|from|across)\b[^,;]*)?\s*(?:\(#\d+\))?\s*$",
    re.I,
)


def is_release(subject: str) -> bool:
    """Step 2: whether a commit's subject says it is a release or a version or dependency bump,
    that CI need not see it, or that it only formats the code or quiets a linter."""
    return (
        _RELEASE.match(subject) is not None
        or _SKIPS_CI.search(subject) is not None
        or bool(_TIDY.match(subject))
        or bool(_UNUSED_SUPPRESSIONS.match(subject))
    )


class Dated(Value):
    when: int  # committer time, seconds since the epoch
    path: str  # the file whose commit it is


@dataclass(slots=True, kw_only=True)
class DocHistory:
    updated: Dated | None = None  # the last change to one of its parts
    code: Dated | None = None  # the last meaningful change to its code after that update
    since: int = 0  # commits that changed its code after that update
    named: list[str] = field(default_factory=list)  # files it names that changed after it (a few)


@dataclass(slots=True, kw_only=True)
class History:
    docs: dict[str, DocHistory] = field(default_factory=dict)
    commits: int = 0  # commits read
    passed_over: int = 0  # releases, bumps and sweeps (steps 2 and 4)
    stopped: bool = False  # every doc was dated before the log's end, and the rest was not read (step 5)


def scan_log(
    records: Iterable[bytes],
    *,
    parts: Mapping[str, Iterable[str]],
    doc_of: Callable[[str], str | None],
    is_code: Callable[[str], bool],
    named: Mapping[str, Iterable[str]] | None = None,
    by_folder: bool = True,
    whole: bool = False,
) -> History:
    """Read the log's records (bytes, as git wrote them). ``parts``: each doc's parts; ``doc_of``:
    the doc governing a path (the same for every path of a folder when ``by_folder``);
    ``whole``: read to the end, even once every doc is dated (step 5 off)."""
    history = History()
    docs = history.docs
    watch: dict[bytes, list[str]] = {}
    for doc, files in parts.items():
        docs.setdefault(doc, DocHistory())
        for f in files:
            watch.setdefault(os.fsencode(f), []).append(doc)
    naming: dict[bytes, list[str]] = {}
    for doc, paths_named in (named or {}).items():
        for f in paths_named:
            naming.setdefault(os.fsencode(f), []).append(doc)
    open_docs = set(docs)  # docs whose update is not dated yet
    folders: dict[bytes, str | None] = {}

    def governing(path: bytes) -> str | None:
        if not by_folder:
            return doc_of(os.fsdecode(path))
        folder = path.rpartition(b"/")[0]
        try:
            return folders[folder]
        except KeyError:
            if len(folders) > FOLDER_CACHE:
                folders.clear()
            found = folders[folder] = doc_of(os.fsdecode(path))
            return found

    def flush(when: int, subject: str, paths: list[bytes]) -> None:
        for path in paths:  # 1
            for doc in watch.get(path, ()):
                entry = docs[doc]
                if entry.updated is None:
                    entry.updated = Dated(when=when, path=os.fsdecode(path))
                    open_docs.discard(doc)
        if is_release(subject):  # 2
            history.passed_over += 1
            return
        touched: dict[str, str] = {}
        for raw in paths:  # 3
            if raw in watch:
                continue
            for doc in naming.get(raw, ()):
                entry = docs[doc]
                text = os.fsdecode(raw)
                if doc in open_docs and len(entry.named) < NAMED and text not in entry.named and is_code(text):
                    entry.named.append(text)
            governor = governing(raw)
            if governor is None or governor in touched or governor not in open_docs:
                continue
            text = os.fsdecode(raw)
            if is_code(text):
                touched[governor] = text
        if len(touched) > SWEEP:  # 4
            history.passed_over += 1
            return
        for governor, text in touched.items():
            entry = docs.setdefault(governor, DocHistory())
            if entry.updated is None:
                entry.since += 1
                if entry.code is None:
                    entry.code = Dated(when=when, path=text)

    if not open_docs and not whole:
        history.stopped = True  # no doc: no commit is needed
        return history
    for commit in commits(records):
        history.commits += 1
        flush(*commit)
        if not open_docs and not whole:
            history.stopped = True  # 5: every doc's update is dated, older commits change nothing
            break
    return history


def commits(records: Iterable[bytes]) -> Iterator[tuple[int, str, list[bytes]]]:
    """The log's records as commits: (time, subject, paths)."""
    when, subject, started = 0, "", False
    paths: list[bytes] = []
    for record in records:
        if not record:
            continue
        if record[0] == 0x1E:
            if started:
                yield when, subject, paths
            stamp, _, raw = record[1:].partition(b"\x1f")
            when, subject, paths, started = int(stamp or b"0"), raw.decode("utf-8", "replace"), [], True
            continue
        paths.append(record[1:] if record[0] == 0x0A else record)
    if started:
        yield when, subject, paths


def passed_over(
    records: Iterable[bytes], *, doc_of: Callable[[str], str | None], is_code: Callable[[str], bool]
) -> tuple[frozenset[str], int]:
    """The paths that only releases, bumps and sweeps (steps 2 and 4) touched in a range of
    commits — a diff's files that say nothing about what a doc describes — and how many
    commits the range holds."""
    plain: set[str] = set()
    swept: set[str] = set()
    count = 0
    for _, subject, raw_paths in commits(records):
        count += 1
        paths = [os.fsdecode(p) for p in raw_paths]
        if is_release(subject):
            swept.update(paths)
            continue
        docs = {d for p in paths if is_code(p) and (d := doc_of(p)) is not None}
        (swept if len(docs) > SWEEP else plain).update(paths)
    return frozenset(swept - plain), count
