"""The Claude Agent SDK's hook callbacks, driven here with the inputs the engine sends.

python examples/integrations/claude_agent_sdk_hooks.py examples/monorepo/apps/web
(with the SDK and a logged-in engine: ClaudeAgentOptions(cwd=..., hooks=agents_md_hooks(force=True)))
"""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

from agents_md.integrations.claude_agent_sdk import AgentsMdHooks

cwd = Path(sys.argv[1] if len(sys.argv) > 1 else ".").resolve()
target = next((p for p in sorted(cwd.rglob("*")) if p.is_file() and p.suffix != ".md"), cwd / "README.md")
hooks = AgentsMdHooks(force=True, env={"HOME": os.path.join(cwd, ".no-home")})
base = {"session_id": "example", "transcript_path": "", "cwd": str(cwd)}


async def main() -> None:
    prompt = await hooks({**base, "hook_event_name": "UserPromptSubmit", "prompt": "go"}, None, {"signal": None})
    read = {"hook_event_name": "PostToolUse", "tool_name": "Read", "tool_input": {"file_path": str(target)}}
    after = await hooks({**base, **read, "tool_response": {}, "tool_use_id": "t1"}, "t1", {"signal": None})
    print("UserPromptSubmit:", prompt)
    print("PostToolUse:Read:", after)


asyncio.run(main())
