"""``agents-md check [PATHS]``: keep nested AGENTS.md honest — findings with a rule, a file, a line, a fix.

Exit 0 with only warnings and information, 1 with an error (``--strict``: or a warning), 2 on
a usage error.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from agents_md.maintain.fix import FixPlan


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "check",
        help="check the repository's instruction files (stale, missing paths, budgets, invisible docs, ...)",
        description="Check the repository's AGENTS.md and CLAUDE.md files: docs not updated with their code, "
        "stale docs, missing paths, line and byte budgets (Claude Code and Codex), docs Claude Code never loads, "
        "broken imports, duplicates, contradicting commands. Configure it in pyproject.toml ([tool.agents-md]) "
        "or .agents-md.toml: max-lines, claude-max-bytes, codex-max-bytes, stale-days, doc-names, base, ignore, "
        "and [rules] to turn a rule off or change its severity.",
    )
    parser.add_argument("paths", nargs="*", metavar="PATH", help="report only on files under these paths")
    parser.add_argument("--dir", default=".", help="a directory in the repository (default: .)")
    group = parser.add_mutually_exclusive_group()
    group.add_argument(
        "--base", metavar="REF", help="judge the change REF...HEAD: report what it introduces (with --all: everything)"
    )
    group.add_argument(
        "--staged",
        action="store_true",
        help="judge the staged change: report what it introduces (with --all: everything)",
    )
    group.add_argument(
        "--pre-commit",
        action="store_true",
        help="as a pre-commit hook: judge the staged change (or pre-commit's --from-ref/--to-ref), the PATHs "
        "pre-commit passes counting as touched; every file passed (pre-commit run --all-files): the whole repository",
    )
    parser.add_argument(
        "--all",
        action="store_true",
        help="report every finding of the repository, not only what the change introduces",
    )
    parser.add_argument(
        "--format",
        choices=("text", "concise", "json", "sarif", "github", "markdown"),
        default="text",
        help="text (grouped by file, the default), concise (a line each), json, sarif, github (annotations), "
        "markdown (a summary)",
    )
    parser.add_argument("--strict", action="store_true", help="warnings fail too (exit 1)")
    parser.add_argument("--baseline", metavar="FILE", help="leave out the findings FILE records (see --write-baseline)")
    parser.add_argument(
        "--write-baseline",
        metavar="FILE",
        help="record today's findings in FILE (a new file, or a baseline rewritten) and exit 0",
    )
    parser.add_argument("--sarif-file", metavar="FILE", help="also write the report as SARIF to FILE")
    parser.add_argument(
        "--summary-file", metavar="FILE", help="also append the report as Markdown to FILE (a CI job's summary)"
    )
    parser.add_argument(
        "--fix",
        action="store_true",
        help="show the safe fixes as a diff (a dry run): a CLAUDE.md shim, the map, an @ made inert",
    )
    parser.add_argument("--write", action="store_true", help="with --fix: apply them, then check again")
    parser.add_argument(
        "--unsafe", action="store_true", help="with --fix: also the fixes that may change what a file means"
    )
    parser.add_argument("--list-rules", action="store_true", help="list the rules and exit")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if args.list_rules:
        return list_rules()
    import os

    from agents_md.cli.paths import existing, existing_dir
    from agents_md.errors import UsageError

    # pre-commit names the files of the change (some may be gone); a PATH a person types must exist.
    paths = [os.path.realpath(p) for p in args.paths] if args.pre_commit else existing(args.paths)
    named: list[str] = []
    base, staged, head = args.base, args.staged, "HEAD"
    change = bool(base or staged)
    if args.pre_commit:
        named, paths = paths, []
        # a push (pre-push, or `pre-commit run --from-ref A --to-ref B`) names both ends
        base = os.environ.get("PRE_COMMIT_FROM_REF") or None
        head = (os.environ.get("PRE_COMMIT_TO_REF") or "HEAD") if base else "HEAD"
        staged = base is None
        change = True
    if args.baseline and args.write_baseline:
        raise UsageError("--baseline and --write-baseline: give one (a baseline is written from every finding)")
    if args.write_baseline and (args.paths or ((args.base or args.staged or args.pre_commit) and not args.all)):
        raise UsageError("--write-baseline records every finding of the repository: give no PATH, or add --all")
    if (args.write or args.unsafe) and not args.fix:
        raise UsageError("--write and --unsafe go with --fix")
    return check(
        existing_dir(args.dir),
        paths=paths,
        base=base,
        staged=staged,
        head=head,
        change=change and not args.all,
        named=named,
        fmt=args.format,
        strict=args.strict,
        baseline=args.baseline,
        write_baseline=args.write_baseline,
        sarif_file=args.sarif_file,
        summary_file=args.summary_file,
        fix="write" if args.write else "diff" if args.fix else None,
        unsafe=args.unsafe,
    )


def list_rules() -> int:
    from agents_md.maintain.checks.rules import RULES

    for rule in RULES.values():
        print(f"{rule.id:<22} {rule.severity!s:<8} {rule.summary}")
    return 0


def check(
    directory: str,
    *,
    paths: list[str],
    base: str | None,
    staged: bool,
    fmt: str,
    head: str = "HEAD",
    strict: bool,
    change: bool = False,
    named: list[str] | None = None,
    baseline: str | None = None,
    write_baseline: str | None = None,
    sarif_file: str | None = None,
    summary_file: str | None = None,
    fix: str | None = None,
    unsafe: bool = False,
) -> int:
    """Check the repository holding ``directory``; print the report; 1 when it fails."""
    import sys

    from agents_md.cli.style import Style
    from agents_md.diagnostics import render
    from agents_md.maintain.checks.checker import check as run_check

    held = None
    if baseline:
        from agents_md.maintain.checks import baseline as baselines  # lazy: a run without a baseline reads none

        held = baselines.load_baseline(baseline)
    if named and _every_tracked_file(directory, named):
        change, named = False, []  # pre-commit run --all-files: the whole repository
    import functools

    checked = functools.partial(
        run_check,
        directory,
        paths=paths,
        base=base,
        staged=staged,
        head=head,
        change=change,
        named=named or (),
        baseline=held,
    )
    result = checked()
    if write_baseline:
        from agents_md.maintain.checks import baseline as baselines

        n = baselines.write_baseline(write_baseline, result.findings)
        print(f"wrote {n} finding{'s' if n != 1 else ''} to {write_baseline}")
        return 0
    unwritten: tuple[str, ...] = ()
    if fix is not None:
        from agents_md.maintain.fix import apply_fixes, plan_fixes

        plan = plan_fixes(result.root, result.findings, unsafe=unsafe)
        for why in plan.refused:
            print(f"agents-md: not fixed: {why}", file=sys.stderr)
        if fix == "diff":
            sys.stdout.write(plan.diff())
            print(_fix_summary(plan, would=True), file=sys.stderr)
            return 1 if plan.fixes else 0
        done = apply_fixes(plan)
        unwritten = done.refused[len(plan.refused) :]  # planned, then not written (a full disk, a race)
        for why in unwritten:
            print(f"agents-md: not fixed: {why}", file=sys.stderr)
        print(_fix_summary(done, would=False), file=sys.stderr)
        new = [f.file for f in done.fixes if f.kind in ("create", "symlink") and f.file in done.applied]
        if new:
            print(
                f"agents-md: new, not yet tracked by git (check sees tracked files): git add {' '.join(new)}",
                file=sys.stderr,
            )
        result = checked()  # again, on the files as the fixes left them
    report = result.report()
    if sarif_file:
        from agents_md._util.atomic import atomic_write

        _refuse_link(sarif_file)
        atomic_write(sarif_file, render(report, "sarif"))
    if summary_file:
        _refuse_link(summary_file)
        with open(summary_file, "a", encoding="utf-8") as handle:
            handle.write(render(report, "markdown"))
    styled = fmt in ("text", "concise")
    sys.stdout.write(render(report, fmt, style=Style() if styled else None))
    if fmt == "concise":
        from agents_md.diagnostics.text import summary

        sys.stderr.write(summary(report))
    code = result.exit_code(strict=strict)
    return max(code, 1) if unwritten else code


def _fix_summary(plan: FixPlan, *, would: bool) -> str:
    n = len(plan.fixes) if would else len(plan.applied)
    files = f"{n} file{'s' if n != 1 else ''}"
    said = [f"{files} would change; apply with --fix --write" if would else f"fixed {files}"]
    if plan.left:
        said.append(f"{plan.left} more fix{'es' if plan.left != 1 else ''} on the same lines: run --fix again")
    if plan.unsafe_left:
        said.append(f"{plan.unsafe_left} unsafe fix{'es' if plan.unsafe_left != 1 else ''} not shown (--unsafe)")
    return "; ".join(said) if n or len(said) > 1 else "nothing to fix"


def _refuse_link(path: str) -> None:
    import os

    from agents_md.errors import AgentsMdError

    if os.path.islink(path) and not path.startswith("/dev/"):
        raise AgentsMdError(f"{path} is a link; not writing through it")


def _every_tracked_file(directory: str, files: list[str]) -> bool:
    """Whether ``files`` are every tracked file the pre-commit hook is handed (``repo.files.HOOK_FILES``),
    as pre-commit passes them for ``--all-files``."""
    import os
    import re

    from agents_md.maintain.repo.files import HOOK_FILES
    from agents_md.maintain.repo.git import Git, GitError, toplevel

    found = toplevel(directory)
    if found is None:
        return False
    root = found[0]
    given = {os.path.relpath(f, root).replace(os.sep, "/") for f in files}
    try:
        tracked = Git(root).ls_files([])
    except GitError:
        return False
    handed = {f for f in tracked if re.search(HOOK_FILES, f)}
    return bool(handed) and handed <= given
