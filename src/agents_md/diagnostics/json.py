"""The report as JSON: every diagnostic whole, the counts, what was not checked, and the
command's own fields (``Report.extra``)."""

from __future__ import annotations

import json
from typing import Any

from agents_md.diagnostics.model import Diagnostic, Report
from agents_md.diagnostics.severity import Severity

VERSION = 1


def diagnostic_json(d: Diagnostic) -> dict[str, Any]:
    return {
        "rule": d.rule,
        "severity": str(d.severity),
        "file": d.file,
        "line": d.line,
        "column": d.column,
        "key": d.key,
        "message": d.message,
        "fix": d.fix,
        "fingerprint": d.fingerprint(),
        "tags": sorted(d.tags),
        "also": list(d.also),
        "about": list(d.about),
    }


def render_json(report: Report) -> str:
    data: dict[str, Any] = {"version": VERSION, "root": report.root, **report.extra}
    data["findings"] = [diagnostic_json(d) for d in report.diagnostics]
    data["summary"] = {str(sev): report.count(sev) for sev in Severity}
    data["notes"] = list(report.notes)
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"
