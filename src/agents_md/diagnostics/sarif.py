"""The report as SARIF 2.1.0 (for code scanning): one run, the rules that fired with their
descriptions, one result per diagnostic.

Locations are relative to ``%SRCROOT%`` (the report's root) when the report has one. Each
result carries ``partialFingerprints`` (rule, file and subject: stable across unrelated
edits, so code scanning follows a finding when lines move) and its fix in ``properties``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from agents_md._version import __version__
from agents_md.diagnostics.model import Report, RuleInfo
from agents_md.diagnostics.severity import Severity

SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
LEVEL = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "note"}
FINGERPRINT = "agentsMd/v1"


def _rule(rule_id: str, info: RuleInfo | None) -> dict[str, Any]:
    if info is None:
        return {"id": rule_id, "name": rule_id}
    described = info.description
    return {
        "id": rule_id,
        "name": rule_id,
        "shortDescription": {"text": info.summary},
        "fullDescription": {"text": described},
        "help": {"text": described.replace("`", ""), "markdown": f"**{rule_id}**: {described}"},
        "defaultConfiguration": {"level": LEVEL[info.severity]},
    }


def render_sarif(report: Report) -> str:
    fired = sorted({d.rule for d in report.diagnostics})
    index = {rule: i for i, rule in enumerate(fired)}
    results: list[dict[str, Any]] = []
    for d in report.diagnostics:
        artifact: dict[str, Any] = {"uri": d.file}
        if report.root is not None:
            artifact["uriBaseId"] = "%SRCROOT%"
        location: dict[str, Any] = {"artifactLocation": artifact}
        if d.line:
            location["region"] = {"startLine": d.line, **({"startColumn": d.column} if d.column else {})}
        results.append(
            {
                "ruleId": d.rule,
                "ruleIndex": index[d.rule],
                "level": LEVEL[d.severity],
                "message": {"text": d.text + (f" (fix: {d.fix})" if d.fix else "")},
                "locations": [{"physicalLocation": location}],
                "partialFingerprints": {FINGERPRINT: d.fingerprint()},
                "properties": {"fix": d.fix, **({"tags": sorted(d.tags)} if d.tags else {})},
            }
        )
    run: dict[str, Any] = {
        "tool": {
            "driver": {
                "name": "agents-md",
                "version": __version__,
                "rules": [_rule(rule, report.rules.get(rule)) for rule in fired],
            }
        },
        "results": results,
    }
    if report.root is not None:
        run["originalUriBaseIds"] = {"%SRCROOT%": {"uri": Path(report.root).as_uri() + "/"}}
    log = {"$schema": SCHEMA, "version": "2.1.0", "runs": [run]}
    return json.dumps(log, indent=2, ensure_ascii=False) + "\n"
