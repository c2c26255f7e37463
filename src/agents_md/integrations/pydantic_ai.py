"""pydantic-ai: a capability that brings the instruction-file layer into an ``Agent``.

``Agent(model, capabilities=[AgentsMdCapability(session=Session(cwd=..., home=...))])``:

1. The instructions carry the session's start block (``Session.claude_md``), read on every
   request, so a ``/compact`` or ``/cd`` of the session shows in the next one.
2. After each file tool the agent runs (``integrations.calls``: ``read_file(path)``,
   ``Read(file_path)``, ...), what the session attaches for that touch is appended to the
   tool's result when the result is text, after a blank line, without the engine's
   ``tool.call hook additional context:`` prefix (``prefix=True`` keeps it).

Supported: pydantic-ai-slim 1.x and 2.x (``agents-md[pydantic-ai]``).
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any

from pydantic_ai.capabilities import AbstractCapability
from pydantic_ai.messages import ToolCallPart
from pydantic_ai.tools import AgentDepsT, RunContext, ToolDefinition

from agents_md.host.session import Session
from agents_md.integrations.calls import touched


@dataclass
class AgentsMdCapability(AbstractCapability[AgentDepsT]):
    session: Session
    prefix: bool = False

    def get_instructions(self) -> Any:
        session = self.session

        def instructions(ctx: RunContext[AgentDepsT]) -> str:
            return session.claude_md or ""

        return instructions

    async def after_tool_execute(
        self,
        ctx: RunContext[AgentDepsT],
        *,
        call: ToolCallPart,
        tool_def: ToolDefinition,
        args: Any,
        result: Any,
    ) -> Any:
        found = touched(call.tool_name, call.args_as_dict(), result)
        if found is None or not isinstance(result, str):
            return result
        touch = await asyncio.to_thread(self.session.touch, *found)
        text = touch.appended(prefix=self.prefix)
        return result if text is None else f"{result}\n\n{text}"
