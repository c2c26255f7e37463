"""The pydantic-ai capability, driven by pydantic-ai's own offline ``FunctionModel``."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from pydantic_ai import Agent
from pydantic_ai.messages import ModelMessage, ModelRequest, ModelResponse, TextPart, ToolCallPart, ToolReturnPart
from pydantic_ai.models.function import AgentInfo, FunctionModel

from agents_md.host.session import Session
from agents_md.integrations.pydantic_ai import AgentsMdCapability

TREE = {"AGENTS.md": "# root rules\n", "pkg/AGENTS.md": "# pkg rules\n", "pkg/mod.py": "x = 1\n"}


def test_the_model_sees_the_start_block_and_a_read_file_result_ends_with_the_attachment(
    tree: Callable[..., Path],
) -> None:
    root = tree(TREE)
    seen: list[ModelRequest] = []

    def model(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        seen.append(messages[-1])  # type: ignore[arg-type]
        if len(seen) == 1:
            return ModelResponse(parts=[ToolCallPart("read_file", {"path": str(root / "pkg/mod.py")})])
        return ModelResponse(parts=[TextPart("done")])

    session = Session(cwd=str(root), home=str(root.parent / "home"))
    agent = Agent(FunctionModel(model), capabilities=[AgentsMdCapability(session=session)])

    @agent.tool_plain
    def read_file(path: str) -> str:
        return Path(path).read_text(encoding="utf-8")

    expected = Session(cwd=str(root), home=str(root.parent / "home"))
    result = agent.run_sync("go")
    assert result.output == "done"
    assert seen[0].instructions == expected.claude_md
    (returned,) = [p for p in seen[1].parts if isinstance(p, ToolReturnPart)]
    attachment = expected.read(str(root / "pkg/mod.py")).hook_text
    assert attachment is not None
    assert returned.content == "x = 1\n\n\n" + attachment.removeprefix("tool.call hook additional context: ")
