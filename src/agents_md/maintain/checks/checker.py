"""``check``: every rule over one repository, as data (the library never prints).

1. The root: git's top level above the given directory (or the directory, outside git), and
   the configuration there (``maintain.repo``, ``maintain.config``).
2. The slow git commands start in the background, in the order they are needed: the listing
   of tracked files, the diff (unless ``doc-not-updated`` is off or there is nothing to compare
   with), the history (unless ``stale-doc`` is off), the walk for untracked docs.
3. The instruction files: tracked ones (``git ls-files``), or found on disk outside git.
4. The rules run in ``rules.RULES`` order; git's answers are read when the last two need them
   (the diff's follow-up questions asked as soon as it is written, in a thread: ``answers``).
5. The walk for untracked docs is read last, having run beside the rules; its note goes where
   it is said, before the rules' own notes.
6. Findings in ignored files, of rules turned off, or outside the given paths are dropped;
   configured severities applied; the rest sorted by file and line.
"""

from __future__ import annotations

import os
from collections.abc import Collection, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from agents_md._value import Value
from agents_md.diagnostics import Diagnostic, Report, Severity
from agents_md.maintain.checks import suppress
from agents_md.maintain.checks.answers import (
    DiffAsk,
    LineDiff,
    follow_diff,
    once,
    read_changes,
    read_history,
    start_diff,
)
from agents_md.maintain.checks.context import CheckContext
from agents_md.maintain.checks.rules import PREFETCH_AFTER, RULES, RUN_ORDER, SESSION_RULES
from agents_md.maintain.checks.rules.unused_suppression import RULE as UNUSED
from agents_md.maintain.repo.config import CONFIG, Config
from agents_md.maintain.repo.files import INSTRUCTION_NAMES, within
from agents_md.maintain.repo.fs import untracked
from agents_md.maintain.repo.git import GitError
from agents_md.maintain.repo.ignore import ignore_matcher
from agents_md.maintain.repo.open import open_repo
from agents_md.maintain.views.engine import EngineView
from agents_md.maintain.views.visibility import listing

if TYPE_CHECKING:
    from agents_md.maintain.checks.baseline import Baseline


class CheckResult(Value):
    root: str
    findings: tuple[Diagnostic, ...]
    notes: tuple[str, ...]  # what was not checked, and why
    files: tuple[str, ...]  # the instruction files checked
    config_source: str | None
    git_commands: tuple[tuple[str, ...], ...]

    def count(self, severity: Severity) -> int:
        return sum(1 for f in self.findings if f.severity is severity)

    def exit_code(self, *, strict: bool = False) -> int:
        """0 with only warnings and information, 1 with an error (or, when ``strict``, a warning)."""
        failing = {Severity.ERROR, Severity.WARNING} if strict else {Severity.ERROR}
        return 1 if any(f.severity in failing for f in self.findings) else 0

    def report(self) -> Report:
        """The findings as a report any reporter renders."""
        return Report(
            diagnostics=self.findings,
            rules=RULES,
            root=self.root,
            notes=self.notes,
            checked=len(self.files),
            checked_what="instruction file",
            extra={"config": self.config_source, "files_checked": list(self.files)},
        )


def check(
    directory: str = ".",
    *,
    paths: Sequence[str] = (),
    base: str | None = None,
    staged: bool = False,
    head: str = "HEAD",
    change: bool = False,
    named: Sequence[str] = (),
    baseline: Baseline | None = None,
    config: Config | None = None,
    parallel: bool | None = None,
) -> CheckResult:
    """Check the repository holding ``directory``; ``paths`` (absolute, or relative to the root) narrow the report.

    ``change``: report only what the change (``staged``, or ``base...head``) introduces
    (``checks.scope``), ``named`` files (absolute, or relative to the root) not in the diff counting as touched whole.
    ``baseline``: the findings it holds are left out (``checks.baseline``).

    ``parallel``: the engine's sessions in a worker process — ``None`` when it helps (many
    directories, several CPUs), ``True`` always, ``False`` never.
    """
    repo = open_repo(directory, config)
    root, git, config = repo.root, repo.git, repo.config
    paths = repo.relative(paths)
    ignored = ignore_matcher(config.ignore)
    notes: list[str] = []
    if change and git is None:
        notes.append("not a git repository: there is no change to judge; every finding is reported")
    diff, pending_log = DiffAsk(None, ""), None
    try:
        if git is not None:
            git.start_listing()  # needed first; the diff's own questions (the default branch, the base) run meanwhile
        diff = start_diff(git, config, base, staged, notes, needed=change, head=head)
        if git is not None and config.enabled("stale-doc"):
            pending_log = git.start_log()
        repo.start_untracked_docs()  # needed last
        if repo.git_note is not None:
            notes.append(repo.git_note)
        elif repo.shallow:
            notes.append("a shallow clone: stale-doc sees only the fetched history (fetch it whole: fetch-depth: 0)")
        index = repo.index(paths)
        diff = follow_diff(git, diff, index.present | {config.source})  # findings are on the docs and the configuration
        files = [f for f in index.files if not ignored(f)]
        reference = sorted(f for f in index.reference if not ignored(f) and within(f, paths))
        if reference:
            notes.append(
                f"{listing(reference, 2)}: a skill's, an agent's, a template's, a test's, a tool's or a vendored "
                f"project's own file{'s' if len(reference) > 1 else ''}, not a folder's instructions; not checked"
            )
        untracked_at = len(notes)  # where the note on untracked docs goes, once the walk is read (step 5)
        names = INSTRUCTION_NAMES | repo.extra_names
        hidden = untracked(root, index.present, repo.extra_names) if git is not None else lambda path: False
        ctx = CheckContext(
            root=root,
            config=config,
            index=index,
            engine=EngineView(root, hidden, names),
            ignored=ignored,
            rules=RULES,
            git=git,
        )
        ctx.notes = notes
        ctx.changes = once(lambda: read_changes(diff, ctx))
        ctx.history = once(lambda: read_history(pending_log, ctx))
        sessions = parallel is not False and any(config.enabled(m.RULE.id) for m in SESSION_RULES)
        found: list[Diagnostic] = []
        for module in RUN_ORDER:
            rule: str = module.RULE.id
            if rule == CONFIG.id or config.enabled(rule):
                found.extend(module.run(ctx))
            if module is PREFETCH_AFTER and sessions:
                ctx.engine.prefetch([index.abs(d) for d in index.doc_dirs()], force=parallel is True)
        untracked_docs = repo.untracked_docs(paths)
        if untracked_docs:
            note = f"{listing(untracked_docs, 3)}: not tracked by git: not checked (git add to check)"
            notes.insert(untracked_at, note)
    finally:
        if diff.diffed is not None:
            diff.diffed.wait()  # it reads the diff: closed only once it is done
        for pending in (diff.pending, diff.log, pending_log):
            if pending is not None:
                pending.close()
        if git is not None:
            git.close()
    found = [f for f in found if f.rule == CONFIG.id or not ignored(f.file)]
    found = suppress.apply(
        found, _directives(ctx), holder=ctx.holder, ran=config.enabled, known=RULES, report=config.enabled(UNUSED.id)
    )
    found = list(dict.fromkeys(found))
    if baseline is not None:
        # Split on the whole repository's findings, so that an entry outside the report is not "fixed".
        new, held, fixed = baseline.split(found)
        shown = {id(f) for f in new}
        held = sum(1 for f in found if id(f) not in shown and (f.rule == CONFIG.id or within(f.file, paths)))
        found = new
        if held:
            notes.append(f"{held} finding{'s' if held != 1 else ''} in the baseline {baseline.path} not shown")
        if fixed:
            notes.append(
                f"{fixed} of the baseline's entries no longer found (fixed): "
                f"rewrite it smaller with --write-baseline {baseline.path}"
            )
    found = [f for f in found if f.rule == CONFIG.id or within(f.file, paths)]
    if change and git is not None:
        found = _introduced(found, ctx, diff.lines, [_relative(p, root) for p in named])
    kept: list[Diagnostic] = []
    for f in found:
        configured = config.severity(f.rule)
        kept.append(f if configured is None else replace(f, severity=configured))
    kept.sort(key=Diagnostic.sort_key)
    return CheckResult(
        root=root,
        findings=tuple(kept),
        notes=tuple(notes),
        files=tuple(files),
        config_source=config.source,
        git_commands=tuple(tuple(c) for c in (git.commands if git else [])),
    )


def _relative(path: str, root: str) -> str:
    return os.path.relpath(path, root).replace(os.sep, "/") if os.path.isabs(path) else path


def _introduced(
    found: list[Diagnostic], ctx: CheckContext, diff: LineDiff | None, named: list[str]
) -> list[Diagnostic]:
    """The findings the change introduced (``checks.scope``); a note says how many older ones are left out."""
    from agents_md.maintain.checks.scope import ChangeScope, touched_lines  # lazy: --all needs neither

    changes = ctx.changes()
    if changes is None:
        ctx.notes.append("no change to compare with: every finding is reported")
        return found
    by_status: dict[str, set[str]] = {}
    for c in changes.changed:
        by_status.setdefault(c.status, set()).add(c.path)
    gone = by_status.pop("D", set())
    in_diff: set[str] = set().union(*by_status.values())
    whole = set(named) - in_diff - gone  # named besides and not in the diff (pre-commit's --files): every line

    def lines(files: Collection[str]) -> dict[str, set[int]]:
        if diff is None:
            return {}
        try:
            return touched_lines(diff.text(files))
        except GitError:
            return {}

    scope = ChangeScope(
        against=changes.against,
        touched=frozenset(in_diff | whole),
        added=frozenset(by_status.get("A", ())),
        deleted=frozenset(gone),
        whole=frozenset(whole),
        lines=lines,
    )
    introduced = scope.select(found)
    older = len(found) - len(introduced)
    if older:
        ctx.notes.append(
            f"{older} finding{'s' if older != 1 else ''} on lines {changes.against} did not touch "
            f"{'are' if older != 1 else 'is'} not shown (--all shows every finding)"
        )
    return introduced


def _directives(ctx: CheckContext) -> dict[str, list[suppress.Directive]]:
    """Every doc's suppression comments, by the file holding them."""
    out: dict[str, list[suppress.Directive]] = {}
    for rel in ctx.texts():
        text = ctx.text(rel)
        if text is None:
            continue

        def code_lines(rel: str = rel) -> set[int]:
            return {item.line for item in ctx.scan(rel) if item.kind == "fence"}

        found = suppress.directives(rel, text, code_lines)
        if found:
            out[rel] = found
    return out


__all__ = ["CheckResult", "check"]
