"""The LangChain middleware, driven by LangChain's own offline fake chat model (sync and async)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, ClassVar

import pytest
from langchain.agents import create_agent
from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
from langchain_core.messages import AIMessage, BaseMessage, SystemMessage, ToolMessage
from langchain_core.tools import tool

from agents_md.host.session import Session
from agents_md.integrations.langchain import AgentsMdMiddleware

TREE = {"AGENTS.md": "# root rules\n", "pkg/AGENTS.md": "# pkg rules\n", "pkg/mod.py": "x = 1\n"}


class Scripted(GenericFakeChatModel):
    """The fake chat model, keeping what it was sent; tools are bound as they come."""

    sent: ClassVar[list[list[BaseMessage]]] = []

    def bind_tools(self, tools: Any, **kwargs: Any) -> Any:
        return self

    def _generate(self, messages: list[BaseMessage], *args: Any, **kwargs: Any) -> Any:
        self.sent.append(list(messages))
        return super()._generate(messages, *args, **kwargs)


def replies(path: str) -> Iterator[AIMessage]:
    yield AIMessage(content="", tool_calls=[{"name": "read_file", "args": {"path": path}, "id": "c1"}])
    yield AIMessage(content="done")


@pytest.mark.parametrize("face", ["sync", "async"])
def test_the_model_sees_the_start_block_and_a_read_file_result_ends_with_the_attachment(
    tree: Callable[..., Path], face: str
) -> None:
    root = tree(TREE)
    target = str(root / "pkg/mod.py")

    @tool
    def read_file(path: str) -> str:
        """Read a file."""
        return Path(path).read_text(encoding="utf-8")

    model = Scripted(messages=replies(target))
    Scripted.sent.clear()
    session = Session(cwd=str(root), home=str(root.parent / "home"))
    agent = create_agent(model, [read_file], system_prompt="You are helpful.", middleware=[AgentsMdMiddleware(session)])
    state = {"messages": [{"role": "user", "content": "go"}]}
    out = agent.invoke(state) if face == "sync" else asyncio.run(agent.ainvoke(state))

    expected = Session(cwd=str(root), home=str(root.parent / "home"))
    first = model.sent[0][0]
    assert isinstance(first, SystemMessage)
    assert first.content == f"You are helpful.\n\n{expected.claude_md}"
    (returned,) = [m for m in out["messages"] if isinstance(m, ToolMessage)]
    attachment = expected.read(target).hook_text
    assert attachment is not None
    assert returned.content == "x = 1\n\n\n" + attachment.removeprefix("tool.call hook additional context: ")
    assert out["messages"][-1].content == "done"
