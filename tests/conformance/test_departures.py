"""Where this project answers otherwise than the recorded reference, on purpose: each departure
keeps its recording (so a re-recording that changes shows here) and pins what is answered instead."""

from __future__ import annotations

from pathlib import Path

import pytest

from conformance.runner import DEPARTURES, recorded, run_scenario

BY_NAME = {r["name"]: r for r in recorded()}
PREAMBLE = (
    "<system-reminder>\nCodebase and user instructions are shown below. Be sure to adhere to these instructions. "
    "IMPORTANT: These instructions OVERRIDE any default behavior and you MUST follow them exactly as written.\n\n"
)
MANAGED_ONLY = (
    PREAMBLE + "Contents of /etc/claude-code/CLAUDE.md (organization-managed policy instructions):\n\n"
    "# managed CLAUDE\n</system-reminder>"
)


def test_every_departure_is_recorded() -> None:
    assert sorted(DEPARTURES) == sorted(n for n in BY_NAME if n in DEPARTURES)


@pytest.mark.parametrize(
    ("name", "settings_file"),
    [
        ("rv_managed_only_project_disables_builtin", ".claude/settings.json"),
        ("rv_managed_only_local_disables_builtin", ".claude/settings.local.json"),
    ],
)
def test_managed_only_is_not_undone_by_a_repository_settings_file(
    name: str, settings_file: str, tmp_path: Path
) -> None:
    result = BY_NAME[name]
    # The reference lets the repository turn the plugin off: project and user text reach the model.
    assert "# root CLAUDE" in result["claude_md"] and "# user CLAUDE" in result["claude_md"]
    answer = run_scenario(result["scenario"], tmp_path / name)
    assert answer["claude_md"] == MANAGED_ONLY
    assert answer["attachments"] == [None]
    assert answer["notices"] == [
        f"<ROOT>/{settings_file}: enabledPlugins turns off agents-md@builtin, which the managed settings "
        "configure (/etc/claude-code/managed-settings.json); it stays on"
    ]
