"""The candidate protocol of the engines' recorder: ``{engine, root, home, cwd, env, reads}`` in,
``{prompt, reads}`` out — what the engine would send at start and after each read.

1. The engine named by ``engine`` starts in ``cwd`` with ``home`` and ``env`` (nothing else of
   this process's environment is read).
2. Each path of ``reads``, in order, is read in that session (Gemini CLI and OpenCode attach
   the instruction files it uncovers; Codex attaches nothing).
"""

from __future__ import annotations

from collections.abc import Mapping

from agents_md.engine.fs import DEFAULT_FS, FileSystem
from agents_md.engines import registry
from agents_md.errors import AgentsMdError


def _str(value: object, key: str) -> str:
    if not isinstance(value, str):
        raise AgentsMdError(f"expected a string {key!r} in the input (found {value!r})")
    return value


def replay_engine(data: Mapping[str, object], fs: FileSystem = DEFAULT_FS) -> dict[str, object]:
    name = _str(data.get("engine"), "engine")
    engine = registry.find(name)
    cwd, home = _str(data.get("cwd"), "cwd"), _str(data.get("home"), "home")
    env_value = data.get("env") or {}
    reads_value = data.get("reads") or []
    if not isinstance(env_value, dict) or not all(isinstance(v, str) for v in env_value.values()):
        raise AgentsMdError("expected 'env' to be an object of strings in the input")
    if not isinstance(reads_value, list):
        raise AgentsMdError("expected 'reads' to be a list of paths in the input")
    session = engine.session(cwd, home=home, env=env_value, fs=fs)
    reads = [session.read(_str(p, "reads[]")).text for p in reads_value]
    return {"prompt": session.started.prompt, "reads": reads}
