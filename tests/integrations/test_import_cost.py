"""The adapters cost nothing until used: ``import agents_md`` and the CLI's ``context`` path
import neither them nor their frameworks, with the frameworks installed."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

HEAVY = ("agents_md.integrations", "pydantic_ai", "langchain", "langchain_core", "langgraph", "claude_agent_sdk")
PROBE = """
import json, sys
{body}
mods = [m for m in sys.modules if m.split(".")[0] in {heavy} or m.startswith("agents_md.integrations")]
print(json.dumps(sorted(mods)))
"""


def loaded(body: str) -> list[str]:
    tops = {h.split(".")[0] for h in HEAVY} - {"agents_md"}
    code = PROBE.format(body=body, heavy=sorted(tops))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return list(json.loads(out.stdout.strip().splitlines()[-1]))


def test_the_frameworks_are_installed() -> None:
    assert loaded("import pydantic_ai, langchain.agents, claude_agent_sdk")


def test_import_agents_md_imports_no_integration() -> None:
    assert loaded("import agents_md; agents_md.Session") == []


def test_the_clis_context_path_imports_no_integration(tmp_path: Path) -> None:
    (tmp_path / "root").mkdir()
    (tmp_path / "root/AGENTS.md").write_text("# rules\n", encoding="utf-8")
    body = (
        "import contextlib, io\n"
        "from agents_md.cli.main import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        f"    main(['context', {str(tmp_path / 'root')!r}, '--home', {str(tmp_path / 'home')!r}, '--format', 'json'])"
    )
    assert loaded(body) == []
