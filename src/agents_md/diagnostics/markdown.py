"""The report as Markdown, for a CI job's summary page: the counts, a table per rule and per
file, then each finding (the first ``LIMIT``), then the notes.

Cells escape ``|`` and line breaks; text is otherwise written as it is (a rule's message speaks
in backticks already).
"""

from __future__ import annotations

from collections import Counter

from agents_md.diagnostics.model import Report
from agents_md.diagnostics.severity import Severity

LIMIT = 100
_ORDER = (Severity.ERROR, Severity.WARNING, Severity.INFO)


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\r", " ").replace("\n", " ")


def _counts(report: Report) -> str:
    parts = [
        f"{report.count(s)} {s.value}{'s' if report.count(s) != 1 and s is not Severity.INFO else ''}" for s in _ORDER
    ]
    return ", ".join(parts)


def render_markdown(report: Report, *, title: str = "agents-md check") -> str:
    out = [f"## {title}", ""]
    checked = (
        f"{report.checked} {report.checked_what}{'s' if report.checked != 1 else ''} checked: "
        if report.checked is not None
        else ""
    )
    out.append(f"{checked}{_counts(report)}." if report.diagnostics else f"{checked}no problems.")
    if report.diagnostics:
        by_rule: Counter[tuple[str, Severity]] = Counter((d.rule, d.severity) for d in report.diagnostics)
        out += ["", "| rule | severity | findings | what it finds |", "|---|---|---:|---|"]
        for (rule, severity), n in sorted(by_rule.items(), key=lambda kv: (_ORDER.index(kv[0][1]), kv[0][0])):
            info = report.rules.get(rule)
            out.append(f"| `{rule}` | {severity.value} | {n} | {_cell(info.summary) if info else ''} |")
        files: dict[str, Counter[Severity]] = {}
        for d in report.diagnostics:
            files.setdefault(d.file, Counter())[d.severity] += 1
        out += ["", "| file | errors | warnings | info |", "|---|---:|---:|---:|"]
        for file, c in sorted(files.items()):
            out.append(f"| `{_cell(file)}` | {c[Severity.ERROR]} | {c[Severity.WARNING]} | {c[Severity.INFO]} |")
        out += ["", "<details><summary>Findings</summary>", ""]
        for d in report.diagnostics[:LIMIT]:
            where = f"{d.file}:{d.line}" if d.line else d.file
            fix = f" — fix: {_cell(d.fix)}" if d.fix else ""
            out.append(f"- **{d.severity.value}** `{_cell(where)}` `{d.rule}`: {_cell(d.text)}{fix}")
        if len(report.diagnostics) > LIMIT:
            out.append(f"- … and {len(report.diagnostics) - LIMIT} more (see the SARIF report or the job's log)")
        out += ["", "</details>"]
    if report.notes:
        out += ["", "Not checked or not shown:", ""] + [f"- {_cell(n)}" for n in report.notes]
    return "\n".join(out) + "\n"
