"""The report as GitHub Actions workflow commands: one annotation per diagnostic (``::error``,
``::warning``, ``::notice``), on its file, line and column, titled with the rule.

Escaping, in one place: a command's data escapes ``%``, CR and LF; a property also ``:`` and ``,``.
"""

from __future__ import annotations

from agents_md.diagnostics.model import Report
from agents_md.diagnostics.severity import Severity

COMMAND = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "notice"}


def escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def render_github(report: Report) -> str:
    out: list[str] = []
    for d in report.diagnostics:
        props = [f"file={escape_property(d.file)}"]
        if d.line:
            props.append(f"line={d.line}")
            if d.column:
                props.append(f"col={d.column}")
        props.append(f"title={escape_property(d.rule)}")
        message = d.text + (f" (fix: {d.fix})" if d.fix else "")
        out.append(f"::{COMMAND[d.severity]} {','.join(props)}::{escape_data(message)}")
    return "".join(line + "\n" for line in out)
