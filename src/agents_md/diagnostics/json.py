"""The report as JSON: every finding whole, the counts, and what was not checked."""

from __future__ import annotations

import json

from agents_md.maintain.checks.checker import CheckResult
from agents_md.maintain.checks.finding import Severity


def render_json(result: CheckResult) -> str:
    data = {
        "version": 1,
        "root": result.root,
        "config": result.config_source,
        "files_checked": list(result.files),
        "findings": [
            {
                "rule": f.rule,
                "severity": str(f.severity),
                "file": f.file,
                "line": f.line,
                "message": f.message,
                "fix": f.fix,
            }
            for f in result.findings
        ],
        "summary": {str(sev): result.count(sev) for sev in Severity},
        "notes": list(result.notes),
    }
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"
