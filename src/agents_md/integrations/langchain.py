"""LangChain: an ``AgentMiddleware`` for ``create_agent`` and deepagents (sync and async).

``create_agent(model, tools, middleware=[AgentsMdMiddleware(Session(cwd=..., home=...))])``:

1. Around every model call, the session's start block (``Session.claude_md``) is put after the
   agent's system prompt (a blank line between), so the model receives it from the first call.
2. Around each file tool (``integrations.calls``: ``read_file(path)``, ``Read(file_path)``,
   deepagents' ``read_file``/``write_file``/``edit_file``/``ls``/``glob``/``grep``), what the
   session attaches for that touch is appended to the ``ToolMessage``'s text after a blank
   line, without the engine's ``tool.call hook additional context:`` prefix (``prefix=True``
   keeps it). A snapshot of the session fits LangGraph state (``Session.snapshot``).

Supported: langchain 1.x (``agents-md[langchain]``).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from langchain.agents.middleware import AgentMiddleware, ModelRequest, ModelResponse
from langchain_core.messages import SystemMessage, ToolMessage

from agents_md.host.session import Session
from agents_md.integrations.calls import touched


class AgentsMdMiddleware(AgentMiddleware):
    def __init__(self, session: Session, *, prefix: bool = False) -> None:
        super().__init__()
        self.session = session
        self.prefix = prefix

    # ------------------------------------------------------------------ step 1

    def _with_block(self, request: ModelRequest) -> ModelRequest:
        block = self.session.claude_md
        if not block:
            return request
        text = request.system_prompt
        return request.override(system_message=SystemMessage(content=f"{text}\n\n{block}" if text else block))

    def wrap_model_call(self, request: ModelRequest, handler: Callable[[ModelRequest], ModelResponse]) -> Any:
        return handler(self._with_block(request))

    async def awrap_model_call(
        self,
        request: ModelRequest,
        handler: Callable[[ModelRequest], Awaitable[ModelResponse]],
    ) -> Any:
        return await handler(await asyncio.to_thread(self._with_block, request))

    # ------------------------------------------------------------------ step 2

    def _attach(self, request: Any, result: Any) -> Any:
        if not isinstance(result, ToolMessage) or not isinstance(result.content, str):
            return result
        call = request.tool_call
        found = touched(str(call.get("name", "")), call.get("args"), result.content)
        if found is None:
            return result
        text = self.session.touch(*found).appended(prefix=self.prefix)
        return result if text is None else result.model_copy(update={"content": f"{result.content}\n\n{text}"})

    def wrap_tool_call(self, request: Any, handler: Callable[[Any], Any]) -> Any:
        return self._attach(request, handler(request))

    async def awrap_tool_call(self, request: Any, handler: Callable[[Any], Awaitable[Any]]) -> Any:
        result = await handler(request)
        return await asyncio.to_thread(self._attach, request, result)
