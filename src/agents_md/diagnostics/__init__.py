"""Diagnostics: one model for every command that reports problems, and its reporters.

``render(report, fmt)`` gives the report as ``text`` (grouped by file), ``concise`` (a line
each), ``json``, ``sarif`` (2.1.0), ``github`` (workflow annotations) or ``markdown`` (a job summary); printing is the
command line's business.
"""

from __future__ import annotations

from agents_md.diagnostics.edit import Edit
from agents_md.diagnostics.model import Diagnostic, Report, RuleInfo
from agents_md.diagnostics.severity import Severity
from agents_md.diagnostics.text import Styler

FORMATS = ("text", "concise", "json", "sarif", "github", "markdown")


def render(report: Report, fmt: str, *, style: Styler | None = None) -> str:
    if fmt == "json":
        from agents_md.diagnostics.json import render_json

        return render_json(report)
    if fmt == "sarif":
        from agents_md.diagnostics.sarif import render_sarif

        return render_sarif(report)
    if fmt == "github":
        from agents_md.diagnostics.github import render_github

        return render_github(report)
    if fmt == "markdown":
        from agents_md.diagnostics.markdown import render_markdown

        return render_markdown(report)
    from agents_md.diagnostics.text import render_concise, render_grouped

    if fmt == "concise":
        return render_concise(report, style=style)
    if fmt == "text":
        return render_grouped(report, style=style)
    raise ValueError(f"unknown format {fmt!r}; expected one of {', '.join(FORMATS)}")


__all__ = ["FORMATS", "Diagnostic", "Edit", "Report", "RuleInfo", "Severity", "Styler", "render"]
