"""Reporters: a ``CheckResult`` as text for a person, JSON, SARIF 2.1.0, or GitHub workflow commands.

Each returns a string; printing is the command line's business.
"""

from __future__ import annotations

from collections.abc import Callable

from agents_md.maintain.checks.checker import CheckResult

FORMATS = ("text", "json", "sarif", "github")

Styler = Callable[[str, str], str]


def render(result: CheckResult, fmt: str, *, style: Styler | None = None) -> str:
    if fmt == "json":
        from agents_md.diagnostics.json import render_json

        return render_json(result)
    if fmt == "sarif":
        from agents_md.diagnostics.sarif import render_sarif

        return render_sarif(result)
    if fmt == "github":
        from agents_md.diagnostics.github import render_github

        return render_github(result)
    if fmt == "text":
        from agents_md.diagnostics.text import render_text

        return render_text(result, style=style)
    raise ValueError(f"unknown format {fmt!r}; expected one of {', '.join(FORMATS)}")
