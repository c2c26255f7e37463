"""A pydantic-ai agent with the instruction-file layer, run offline with pydantic-ai's TestModel.

python examples/integrations/pydantic_ai_agent.py examples/monorepo/apps/web
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from pydantic_ai import Agent
from pydantic_ai.models.test import TestModel

from agents_md import Session
from agents_md.integrations.pydantic_ai import AgentsMdCapability

cwd = Path(sys.argv[1] if len(sys.argv) > 1 else ".").resolve()
session = Session(cwd=str(cwd), home=tempfile.mkdtemp())  # a fresh home: the real one is not read
agent = Agent(TestModel(call_tools=["read_file"]), capabilities=[AgentsMdCapability(session=session)])
target = next((p for p in sorted(cwd.rglob("*")) if p.is_file() and p.suffix != ".md"), None)


@agent.tool_plain
def read_file(path: str) -> str:
    """Read a file of the project."""
    chosen = target if target is not None else Path(path)
    return chosen.read_text(encoding="utf-8", errors="replace")


result = agent.run_sync("look around")
print(session.claude_md or "(no start block)")
for message in result.all_messages():
    for part in message.parts:
        if part.part_kind == "tool-return":
            print(part.content)
