"""The report a person reads: findings grouped by file, in line order, each with its fix (said once for a
run of findings that share it, as the files changed under one doc do); then a summary."""

from __future__ import annotations

from collections.abc import Callable
from itertools import groupby

from agents_md.maintain.checks.checker import CheckResult
from agents_md.maintain.checks.finding import Severity

_COLOUR = {Severity.ERROR: "red", Severity.WARNING: "yellow", Severity.INFO: "cyan"}


def _plain(text: str, colour: str) -> str:
    return text


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 or word == "info" else f"{n} {word}s"


def render_text(result: CheckResult, *, style: Callable[[str, str], str] | None = None) -> str:
    s = style or _plain
    out: list[str] = []
    for file, group in groupby(result.findings, key=lambda f: f.file):
        out.append(s(file, "bold"))
        findings = list(group)
        for i, f in enumerate(findings):
            where = f"{f.line}:" if f.line else ""
            out.append(f"  {where:<6}{s(str(f.severity), _COLOUR[f.severity])} [{f.rule}] {f.message}")
            following = findings[i + 1] if i + 1 < len(findings) else None
            if following is None or (following.rule, following.fix) != (f.rule, f.fix):
                out.append(s(f"        fix: {f.fix}", "dim"))
        out.append("")
    counts = [_plural(n, str(sev)) for sev in Severity if (n := result.count(sev))]
    checked = _plural(len(result.files), "instruction file")
    if result.findings:
        files = len({f.file for f in result.findings})
        out.append(f"{', '.join(counts)} in {_plural(files, 'file')} ({checked} checked)")
    else:
        out.append(s(f"no problems ({checked} checked)", "green"))
    for note in result.notes:
        out.append(s(f"note: {note}", "dim"))
    return "\n".join(out) + "\n"
