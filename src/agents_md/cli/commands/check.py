"""``agents-md check [PATHS]``: keep nested AGENTS.md honest — findings with a rule, a file, a line, a fix.

Exit 0 with only warnings and information, 1 with an error (``--strict``: or a warning), 2 on
a usage error.
"""

from __future__ import annotations

import argparse
from typing import Any


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
    group.add_argument("--base", metavar="REF", help="compare with REF...HEAD (default: the default branch)")
    group.add_argument("--staged", action="store_true", help="compare the staged changes (for a pre-commit hook)")
    parser.add_argument(
        "--format",
        choices=("text", "concise", "json", "sarif", "github"),
        default="text",
        help="text (grouped by file, the default), concise (a line each), json, sarif, github (annotations)",
    )
    parser.add_argument("--strict", action="store_true", help="warnings fail too (exit 1)")
    parser.add_argument("--list-rules", action="store_true", help="list the rules and exit")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if args.list_rules:
        return list_rules()
    from agents_md.cli.paths import existing, existing_dir

    return check(
        existing_dir(args.dir),
        paths=existing(args.paths),
        base=args.base,
        staged=args.staged,
        fmt=args.format,
        strict=args.strict,
    )


def list_rules() -> int:
    from agents_md.maintain.checks.rules import RULES

    for rule in RULES.values():
        print(f"{rule.id:<22} {rule.severity!s:<8} {rule.summary}")
    return 0


def check(directory: str, *, paths: list[str], base: str | None, staged: bool, fmt: str, strict: bool) -> int:
    """Check the repository holding ``directory``; print the report; 1 when it fails."""
    import sys

    from agents_md.cli.style import Style
    from agents_md.diagnostics import render
    from agents_md.maintain.checks.checker import check as run_check

    result = run_check(directory, paths=paths, base=base, staged=staged)
    styled = fmt in ("text", "concise")
    sys.stdout.write(render(result.report(), fmt, style=Style() if styled else None))
    return result.exit_code(strict=strict)
