"""Adapters that plug the instruction-file layer into Python agent frameworks.

Each is an optional extra, imported only when used: ``agents_md.integrations.pydantic_ai``
(``agents-md[pydantic-ai]``), ``.langchain`` (``agents-md[langchain]``) and
``.claude_agent_sdk`` (``agents-md[claude-agent-sdk]``). ``calls`` reads a file tool's call.
"""
