"""What a telemetry row may carry: counts and closed choices only — never a path, never file text."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from telemetry_recorder import RecordingTelemetry

from agents_md.plugins.agents_md import MODES

CLOSED = {
    "agents_md_mode": {"mode", "is_interactive"},
    "agents_md_load": {"mode", "file_count", "import_count", "total_content_length", "yielded", "walk_failed"},
    "agents_md_nested": {"mode", "file_count"},
}
MARKS = {("agents_md", None), ("agents_md", "walk_failed")}


def _texts(scenario: dict[str, Any]) -> list[str]:
    """Every path and every line of file text the scenario writes."""
    out: list[str] = []
    for tree in ("tree", "home_tree", "managed_tree"):
        for rel, content in (scenario.get(tree) or {}).items():
            out.append(rel)
            if isinstance(content, str):
                out += [line for line in content.splitlines() if len(line.strip()) >= 3]
    return out


def row_problems(recorder: RecordingTelemetry, scenario: dict[str, Any], run: Path) -> list[str]:
    """Every row or mark the provider was handed that says more than counts and closed choices."""
    problems: list[str] = []
    forbidden = [str(run), *_texts(scenario)]
    for row in recorder.rows:
        fields = row.as_dict()
        if set(fields) != CLOSED.get(row.name):
            problems.append(f"{row.name}: fields {sorted(fields)}")
        for key, value in fields.items():
            if not (isinstance(value, int | bool) or (key == "mode" and value in MODES)):
                problems.append(f"{row.name}.{key} = {value!r}")
        flat = json.dumps(fields)
        problems += [f"{row.name} carries {text!r}" for text in forbidden if text not in MODES and text in flat]
    problems += [f"mark {(m.name, m.reason)}" for m in recorder.marks if (m.name, m.reason) not in MARKS]
    return problems
