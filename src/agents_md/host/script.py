"""The replay script's schema, checked whole before a session starts: each problem names its field.

``{cwd: str, home: str, root?: str, name?: str, prompt?: str, managed?: any, args?: [str],
env?: {str: scalar}, reads?: [str], reads_after?: [str],
subagents?: [{key?: scalar, type?: str|null, reads?: [str]}],
turns?: [str | {key?: scalar, prompt?: str, reads?: [str]}]}``
"""

from __future__ import annotations

from typing import Any

from agents_md._util.std import Mapping
from agents_md.errors import AgentsMdError

_SCALAR = (str, int, float, bool)


class ScriptError(AgentsMdError):
    """A replay script that does not follow the schema; ``problems`` names every field at fault."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("the replay script: " + "; ".join(problems))
        self.problems = tuple(problems)


def _strings(value: Any, where: str, problems: list[str]) -> None:
    if value is None:
        return
    if not isinstance(value, list):
        problems.append(f"{where}: expected a list of strings")
        return
    problems += [f"{where}[{i}]: expected a string" for i, v in enumerate(value) if not _is_path(v)]


def _is_path(value: Any) -> bool:
    return isinstance(value, str) and "\0" not in value


def check_script(script: Any) -> Mapping[str, Any]:
    """``script`` when it follows the schema above; else ``ScriptError`` with every problem."""
    if not isinstance(script, Mapping):
        raise ScriptError([f"expected a JSON object, not {type(script).__name__}"])
    problems: list[str] = []
    for key in ("cwd", "home"):
        if not _is_path(script.get(key)):
            problems.append(f"{key}: expected a string")
    for key in ("root", "name", "prompt"):
        if script.get(key) is not None and not isinstance(script[key], str):
            problems.append(f"{key}: expected a string")
    _strings(script.get("args"), "args", problems)
    env = script.get("env")
    if env is not None and not (isinstance(env, Mapping) and all(isinstance(v, _SCALAR) for v in env.values())):
        problems.append("env: expected an object of strings")
    for key in ("reads", "reads_after"):
        _strings(script.get(key), key, problems)
    for i, spec in enumerate(_list(script.get("subagents"), "subagents", problems)):
        if not isinstance(spec, Mapping):
            problems.append(f"subagents[{i}]: expected an object")
            continue
        if spec.get("type") is not None and not isinstance(spec["type"], str):
            problems.append(f"subagents[{i}].type: expected a string")
        _strings(spec.get("reads"), f"subagents[{i}].reads", problems)
    for i, turn in enumerate(_list(script.get("turns"), "turns", problems)):
        if isinstance(turn, str):
            continue
        if not isinstance(turn, Mapping):
            problems.append(f"turns[{i}]: expected a string or an object")
            continue
        if turn.get("prompt") is not None and not isinstance(turn["prompt"], str):
            problems.append(f"turns[{i}].prompt: expected a string")
        _strings(turn.get("reads"), f"turns[{i}].reads", problems)
    if problems:
        raise ScriptError(problems)
    return script


def _list(value: Any, where: str, problems: list[str]) -> list[Any]:
    if value is None:
        return []
    if not isinstance(value, list):
        problems.append(f"{where}: expected a list")
        return []
    return value
