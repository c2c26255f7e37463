"""The report as SARIF 2.1.0 (for code scanning): one run, the rules that fired, one result per finding.

Locations are relative to ``%SRCROOT%`` (the repository root); the fix is in the message and
in ``properties.fix``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from agents_md.maintain.checks.checker import CheckResult
from agents_md.maintain.checks.finding import RULES, Severity

SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
LEVEL = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "note"}


def render_sarif(result: CheckResult) -> str:
    from agents_md._version import __version__

    fired = sorted({f.rule for f in result.findings})
    index = {rule: i for i, rule in enumerate(fired)}
    rules = [
        {
            "id": rule,
            "name": rule,
            "shortDescription": {"text": RULES[rule].summary},
            "defaultConfiguration": {"level": LEVEL[RULES[rule].severity]},
        }
        for rule in fired
    ]
    results: list[dict[str, Any]] = []
    for f in result.findings:
        location: dict[str, Any] = {"artifactLocation": {"uri": f.file, "uriBaseId": "%SRCROOT%"}}
        if f.line:
            location["region"] = {"startLine": f.line}
        results.append(
            {
                "ruleId": f.rule,
                "ruleIndex": index[f.rule],
                "level": LEVEL[f.severity],
                "message": {"text": f"{f.message} (fix: {f.fix})"},
                "locations": [{"physicalLocation": location}],
                "properties": {"fix": f.fix},
            }
        )
    log = {
        "$schema": SCHEMA,
        "version": "2.1.0",
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "agents-md",
                        "version": __version__,
                        "rules": rules,
                    }
                },
                "originalUriBaseIds": {"%SRCROOT%": {"uri": Path(result.root).as_uri() + "/"}},
                "results": results,
            }
        ],
    }
    return json.dumps(log, indent=2, ensure_ascii=False) + "\n"
