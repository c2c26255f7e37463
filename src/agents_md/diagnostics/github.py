"""The report as GitHub Actions workflow commands: one annotation per finding (``::error``,
``::warning``, ``::notice``), on its file and line, titled with the rule."""

from __future__ import annotations

from agents_md.maintain.checks.checker import CheckResult
from agents_md.maintain.checks.finding import Severity

COMMAND = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "notice"}


def _data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _property(text: str) -> str:
    return _data(text).replace(":", "%3A").replace(",", "%2C")


def render_github(result: CheckResult) -> str:
    out: list[str] = []
    for f in result.findings:
        props = [f"file={_property(f.file)}"]
        if f.line:
            props.append(f"line={f.line}")
        props.append(f"title={_property(f.rule)}")
        out.append(f"::{COMMAND[f.severity]} {','.join(props)}::{_data(f'{f.message} (fix: {f.fix})')}")
    return "".join(line + "\n" for line in out)
