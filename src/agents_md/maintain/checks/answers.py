"""Git's answers for the rules: the diff ``doc-not-updated`` reads and the history ``stale-doc`` reads.

``start_diff`` starts the diff at once (``gitio.Pending``); ``read_changes`` and ``read_history``
wait for a command and read its output, when a rule first asks (``once``).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import TypeVar

from agents_md.maintain.checks.context import Changes, CheckContext
from agents_md.maintain.repo.config import Config
from agents_md.maintain.repo.files import INSTRUCTION_NAMES, GovernorCache
from agents_md.maintain.repo.git import Git, GitError, Pending, split_z
from agents_md.maintain.repo.history import History, scan_log

T = TypeVar("T")


def start_diff(
    git: Git | None, config: Config, base: str | None, staged: bool, notes: list[str]
) -> tuple[Pending | None, str]:
    if git is None or not config.enabled("doc-not-updated"):
        return None, ""
    if staged:
        return git.start_diff(None, staged=True), "the staged changes"
    base = base or config.base or git.default_branch()
    if base is None:
        notes.append(
            "doc-not-updated: no default branch (origin/HEAD, origin/main, origin/master, main, master) "
            "to compare with; pass --base REF or --staged"
        )
        return None, ""
    return git.start_diff(base, staged=False), f"{base}...HEAD"


def read_changes(pending: Pending | None, against: str) -> Changes | None:
    if pending is None:
        return None
    code, err = pending.wait()
    if code != 0:
        raise GitError(f"git diff ({against}): {err}")
    names = [os.fsdecode(r) for r in split_z(pending.chunks()) if r]
    return Changes(files=tuple(names), against=against)


def read_history(pending: Pending | None, ctx: CheckContext) -> History | None:
    if pending is None:
        return None
    code, err = pending.wait()
    if code != 0:
        if "does not have any commits" in err:
            return History()
        raise GitError(f"git log: {err}")
    docs = frozenset(d for d in ctx.index.governed.values())
    names = INSTRUCTION_NAMES | frozenset(ctx.config.doc_names)
    ignored = ctx.ignored
    no_ignores = not ctx.config.ignore

    def is_code(path: str) -> bool:
        if path.rpartition("/")[2] in names or path.startswith(".claude/") or "/.claude/" in path:
            return False
        return no_ignores or not ignored(path)

    return scan_log(split_z(pending.chunks()), docs=docs, governor=GovernorCache(ctx.index), is_code=is_code)


def once(compute: Callable[[], T]) -> Callable[[], T]:
    box: list[T] = []

    def get() -> T:
        if not box:
            box.append(compute())
        return box[0]

    return get
