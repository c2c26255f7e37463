"""Reports a person reads.

``grouped``: diagnostics grouped by file, in line order, each with its fix (said once for a
run of diagnostics that share it, as the files changed under one doc do); then a summary
and the notes. ``concise``: one line each, ``file:line:column: severity: [rule] message
(fix: ...)``, as compilers print them, the summary on its own line.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import groupby

from agents_md.diagnostics.model import Diagnostic, Report
from agents_md.diagnostics.severity import Severity

Styler = Callable[[str, str], str]

_COLOUR = {Severity.ERROR: "red", Severity.WARNING: "yellow", Severity.INFO: "cyan"}


def _plain(text: str, colour: str) -> str:
    return text


def _one_line(text: str) -> str:
    """A message as one line: a line break in it (a quoted value, say) would break the layout."""
    return " ".join(text.splitlines()) if "\n" in text or "\r" in text else text


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 or word == "info" else f"{n} {word}s"


def _summary(report: Report, s: Styler) -> list[str]:
    counts = [plural(n, str(sev)) for sev in Severity if (n := report.count(sev))]
    checked = f" ({plural(report.checked, report.checked_what)} checked)" if report.checked is not None else ""
    if report.diagnostics:
        files = len({d.file for d in report.diagnostics})
        line = f"{', '.join(counts)} in {plural(files, 'file')}{checked}"
    else:
        line = s(f"no problems{checked}", "green")
    return [line] + [s(f"note: {note}", "dim") for note in report.notes]


def render_grouped(report: Report, *, style: Styler | None = None) -> str:
    s = style or _plain
    out: list[str] = []
    for file, group in groupby(report.diagnostics, key=lambda d: d.file):
        found = list(group)
        also = found[0].also
        out.append(s(file, "bold") + (s(f" (also {', '.join(also)})", "dim") if also else ""))
        for i, d in enumerate(found):
            where = f"{d.line}:" if d.line else ""
            out.append(f"  {where:<6}{s(str(d.severity), _COLOUR[d.severity])} [{d.rule}] {_one_line(d.text)}")
            following = found[i + 1] if i + 1 < len(found) else None
            if d.fix and (following is None or (following.rule, following.fix) != (d.rule, d.fix)):
                out.append(s(f"        fix: {d.fix}", "dim"))
        out.append("")
    return "\n".join(out + _summary(report, s)) + "\n"


def location(d: Diagnostic) -> str:
    """``file``, ``file:line`` or ``file:line:column``."""
    where = d.file
    if d.line:
        where += f":{d.line}"
        if d.column:
            where += f":{d.column}"
    return where


def render_concise(report: Report, *, style: Styler | None = None) -> str:
    s = style or _plain
    out = [
        f"{location(d)}: {s(str(d.severity), _COLOUR[d.severity])}: [{d.rule}] {_one_line(d.text)}"
        + (f" (fix: {_one_line(d.fix)})" if d.fix else "")
        for d in report.diagnostics
    ]
    return "".join(line + "\n" for line in out)


def summary(report: Report) -> str:
    """The summary and notes alone (the concise report prints them apart, on standard error)."""
    return "\n".join(_summary(report, _plain)) + "\n"
