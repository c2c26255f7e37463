"""A LangChain agent with the instruction-file layer, run offline with a fake chat model.

python examples/integrations/langchain_agent.py examples/monorepo/apps/web
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path
from typing import Any

from langchain.agents import create_agent
from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
from langchain_core.messages import AIMessage
from langchain_core.tools import tool

from agents_md import Session
from agents_md.integrations.langchain import AgentsMdMiddleware


class Fake(GenericFakeChatModel):
    def bind_tools(self, tools: Any, **kwargs: Any) -> Any:
        return self


cwd = Path(sys.argv[1] if len(sys.argv) > 1 else ".").resolve()
target = next((p for p in sorted(cwd.rglob("*")) if p.is_file() and p.suffix != ".md"), cwd / "README.md")


@tool
def read_file(path: str) -> str:
    """Read a file of the project."""
    return Path(path).read_text(encoding="utf-8", errors="replace")


script = iter(
    [
        AIMessage(content="", tool_calls=[{"name": "read_file", "args": {"path": str(target)}, "id": "1"}]),
        AIMessage(content="done"),
    ]
)
session = Session(cwd=str(cwd), home=tempfile.mkdtemp())
agent = create_agent(Fake(messages=script), [read_file], middleware=[AgentsMdMiddleware(session)])
out = agent.invoke({"messages": [{"role": "user", "content": "look around"}]})
for message in out["messages"]:
    print(f"--- {message.type}\n{message.content}")
print("--- snapshot for LangGraph state:", len(str(session.snapshot())), "characters")
