"""The settings hooks that run ``agents-md hook run``, written into (or taken out of) a settings file.

1. What is installed (``hook_groups``): per event a command hook group — ``SessionStart``,
   ``PostToolUse`` for ``Read`` (in the ``complete`` profile ``Read|Edit|Write|MultiEdit|
   NotebookEdit``), ``SubagentStart``, and ``UserPromptSubmit`` (a prompt's ``@``-mentions).
2. Where (``settings_path``): ``user`` ``~/.claude/settings.json``, ``project``
   ``DIR/.claude/settings.json``, ``local`` ``DIR/.claude/settings.local.json``.
3. ``plan_install`` adds each group that is not there yet (idempotent: a second install changes
   nothing; another profile's groups are replaced), ``plan_uninstall`` takes out every group
   that runs ``agents-md hook run`` and nothing else, and an array or ``hooks`` object left empty.
   Both edit the text in place (``json_edit``): every other byte stays.
4. ``write_plan`` writes atomically, and refuses a settings file that is a link, is not UTF-8 or
   is not a JSON object, naming it: nothing is ever overwritten that could not be read.
"""

from __future__ import annotations

import json
import os
import shlex
from dataclasses import dataclass
from typing import Any

from agents_md._util.std import Callable
from agents_md.errors import AgentsMdError

SCOPES = ("user", "project", "local")
REFERENCE_MATCHER = "Read"
COMPLETE_MATCHER = "Read|Edit|Write|MultiEdit|NotebookEdit"


@dataclass(frozen=True, slots=True, kw_only=True)
class SettingsPlan:
    path: str
    before: str  # "" when the file does not exist
    after: str

    @property
    def changed(self) -> bool:
        return self.before != self.after


def run_command(command: str, profile: str) -> str:
    return f"{command} hook run" + (" --profile complete" if profile == "complete" else "")


def hook_groups(command: str, profile: str) -> dict[str, list[dict[str, Any]]]:
    """Step 1: {event: [group]} as Claude Code's ``hooks`` setting holds them."""
    hook = [{"type": "command", "command": run_command(command, profile)}]
    matcher = COMPLETE_MATCHER if profile == "complete" else REFERENCE_MATCHER
    groups: dict[str, list[dict[str, Any]]] = {
        "SessionStart": [{"hooks": hook}],
        "PostToolUse": [{"matcher": matcher, "hooks": hook}],
        "SubagentStart": [{"hooks": hook}],
        "UserPromptSubmit": [{"hooks": hook}],  # the built-in plugin attaches on mentions too
    }
    return groups


def settings_path(scope: str, *, home: str, project: str) -> str:
    """Step 2."""
    if scope == "user":
        return os.path.join(home, ".claude", "settings.json")
    name = "settings.json" if scope == "project" else "settings.local.json"
    return os.path.join(project, ".claude", name)


def is_ours(group: object) -> bool:
    """A group holding one command hook that runs ``agents-md hook run`` (any profile, any path)."""
    if not isinstance(group, dict) or set(group) - {"matcher", "hooks"}:
        return False
    hooks = group.get("hooks")
    if not (isinstance(hooks, list) and len(hooks) == 1 and isinstance(hooks[0], dict)):
        return False
    command = hooks[0].get("command")
    if hooks[0].get("type") != "command" or not isinstance(command, str):
        return False
    try:
        words = shlex.split(command)
    except ValueError:
        return False
    tail = words[1:3] == ["hook", "run"] and words[3:] in ([], ["--profile", "complete"], ["--profile", "reference"])
    return bool(words) and os.path.basename(words[0]) == "agents-md" and tail


BOM = "\ufeff"  # Claude Code reads a settings file that starts with one; it is kept
MAX_SETTINGS = 1 << 20  # bytes: no settings file is larger


def _read(path: str) -> str:
    from agents_md._util.regular import read_regular

    if os.path.islink(path):
        raise AgentsMdError(f"{path}: a link; edit the file it points to, this never writes through a link")
    try:
        data = read_regular(path, limit=MAX_SETTINGS)
    except OSError as exc:  # a pipe or a device, larger than 1 MiB, unreadable
        raise AgentsMdError(f"{path}: cannot be read ({exc.strerror or exc}); left as it is") from exc
    if data is None:
        return ""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise AgentsMdError(f"{path}: not UTF-8 text ({exc.reason}); left as it is") from exc


def _edited(path: str, change: Callable[[str], str]) -> SettingsPlan:
    """The plan of ``change`` applied to the file's JSON text (a byte-order mark kept apart)."""
    from agents_md._util.json_edit import JsonEditError

    raw = _read(path)
    bom = BOM if raw.startswith(BOM) else ""
    try:
        after = change(raw[len(bom) :])
    except JsonEditError as exc:
        raise AgentsMdError(f"{path}: {exc}; the file was left as it is") from exc
    return SettingsPlan(path=path, before=raw, after=bom + after)


def _hooks_of(path: str, text: str) -> dict[str, Any]:
    from agents_md._util.json_edit import JsonEditError, parse

    if not text.strip():
        return {}
    try:
        parse(text)
    except JsonEditError as exc:
        raise AgentsMdError(f"{path}: not valid JSON: {exc}; the file was left as it is") from exc
    hooks = json.loads(text).get("hooks", {})
    if not isinstance(hooks, dict):
        raise AgentsMdError(f"{path}: hooks is not an object; the file was left as it is")
    return hooks


def _without_ours(text: str, hooks: dict[str, Any]) -> str:
    from agents_md._util.json_edit import remove_item, remove_member

    for event, groups in hooks.items():
        if not isinstance(groups, list):
            continue
        ours = [i for i, g in enumerate(groups) if is_ours(g)]
        for index in reversed(ours):
            text = remove_item(text, ["hooks", event], index)
        if ours and len(ours) == len(groups):
            text = remove_member(text, ["hooks", event])
    had_ours = any(isinstance(g, list) and any(is_ours(x) for x in g) for g in hooks.values())
    if had_ours and json.loads(text).get("hooks") == {}:
        text = remove_member(text, ["hooks"])
    return text


def plan_install(path: str, *, command: str, profile: str) -> SettingsPlan:
    """Step 3: the file with the groups added (an earlier install of another profile replaced)."""
    from agents_md._util.json_edit import append_item

    def change(before: str) -> str:
        hooks = _hooks_of(path, before)
        wanted = hook_groups(command, profile)
        present = all(
            isinstance(hooks.get(event), list) and all(g in hooks[event] for g in groups)
            for event, groups in wanted.items()
        )
        others = [g for groups in hooks.values() if isinstance(groups, list) for g in groups if is_ours(g)]
        if present and len(others) == sum(len(g) for g in wanted.values()):
            return before
        text = _without_ours(before, hooks) if others else before
        for event, groups in wanted.items():
            for group in groups:
                text = append_item(text, ["hooks", event], group)
        if not before:
            text = text if text.endswith("\n") else text + "\n"
        return text

    return _edited(path, change)


def plan_uninstall(path: str) -> SettingsPlan:
    """Step 3: the file without any group that runs ``agents-md hook run``."""
    return _edited(path, lambda before: _without_ours(before, _hooks_of(path, before)))


def write_plan(plan: SettingsPlan) -> None:
    """Step 4."""
    from agents_md._util.atomic import atomic_write

    if plan.changed:
        if os.path.islink(plan.path):
            raise AgentsMdError(f"{plan.path}: a link; edit the file it points to, this never writes through a link")
        atomic_write(plan.path, plan.after)


def diff(plan: SettingsPlan) -> str:
    """The change as a unified diff (empty when there is none)."""
    import difflib

    lines = difflib.unified_diff(
        plan.before.splitlines(keepends=True),
        plan.after.splitlines(keepends=True),
        fromfile=plan.path if plan.before else "/dev/null",
        tofile=plan.path,
    )
    return "".join(line if line.endswith("\n") else line + "\n\\ No newline at end of file\n" for line in lines)
