"""Which settings values the engine's schema check refuses. A user, project, local or
``--settings`` file holding one is ignored whole (its ``claudeMdExcludes``, plugin options and
every other key); a managed file loses only the keys at fault (``engine.settings``).

1. Only the keys below are checked, each as the recordings showed it (``g5_settings_*``);
   any other key, known to the engine or not, passes whatever its value.
2. ``null`` is no value for a checked key: ``"model": null`` refuses the file.
3. ``permissions`` must be an object whose ``allow``, ``deny`` and ``ask`` are lists (their
   items are not checked: a bad rule is dropped alone), ``additionalDirectories`` a list, and
   ``defaultMode`` one of the modes; ``env`` an object (any values); ``enabledPlugins`` an
   object of booleans or lists; ``pluginConfigs`` an object of objects whose ``options`` is
   an object of strings, numbers, booleans or lists of strings (``null`` or an object there
   refuses the file, whichever plugin it is for); ``statusLine`` an object with a ``command``.
4. ``hooks`` is checked only when it is an object, as an agent file's are (``_util.hook_shape``:
   the ``PreToolUse`` and ``PermissionRequest`` entries); a string or a list there passes.
   ``enabledMcpjsonServers`` and ``forceLoginMethod`` are not checked: the engine kept files
   with odd values there. ``cleanupPeriodDays`` is a whole number above 0.
"""

from __future__ import annotations

from agents_md._util.std import Callable, Mapping

TYPE_CHECKING = False  # typing's constant, without importing typing at run time (``_value``)
if TYPE_CHECKING:
    from typing import Any

PERMISSION_MODES = frozenset({"acceptEdits", "auto", "bypassPermissions", "default", "dontAsk", "plan"})


def _text(v: Any) -> bool:
    return isinstance(v, str)


def _flag(v: Any) -> bool:
    return isinstance(v, bool)


def _object(v: Any) -> bool:
    return isinstance(v, dict)


def _texts(v: Any) -> bool:
    return isinstance(v, list) and all(isinstance(x, str) for x in v)


def _days(v: Any) -> bool:
    # A JSON number is one kind in the engine: 30.0 is the whole number 30 there.
    if isinstance(v, bool) or not isinstance(v, int | float):
        return False
    from agents_md._util.js import is_integer

    return v > 0 and is_integer(v)


def _hooks(v: Any) -> bool:
    if not isinstance(v, dict):
        return True
    from agents_md._util.hook_shape import hook_issues  # lazy: it imports typing, kept off a cold start

    return not hook_issues(v)


def _permissions(v: Any) -> bool:
    if not isinstance(v, dict):
        return False
    lists = ("allow", "deny", "ask", "additionalDirectories")
    if any(key in v and not isinstance(v[key], list) for key in lists):
        return False
    return "defaultMode" not in v or v["defaultMode"] in PERMISSION_MODES


def _enabled_plugins(v: Any) -> bool:
    return isinstance(v, dict) and all(isinstance(x, (bool, list)) for x in v.values())


def _option_value(v: Any) -> bool:
    return isinstance(v, (str, int, float)) or _texts(v)  # bool is an int


def _plugin_configs(v: Any) -> bool:
    if not isinstance(v, dict):
        return False
    for config in v.values():
        if not isinstance(config, dict):
            return False
        options = config.get("options", {})
        if not isinstance(options, dict) or not all(_option_value(x) for x in options.values()):
            return False
    return True


def _status_line(v: Any) -> bool:
    return isinstance(v, dict) and isinstance(v.get("command"), str)


CHECKS: Mapping[str, Callable[[Any], bool]] = {
    "$schema": _text,
    "agent": _text,
    "alwaysThinkingEnabled": _flag,
    "apiKeyHelper": _text,
    "attribution": _object,
    "autoMemoryEnabled": _flag,
    "claudeMdExcludes": _texts,
    "cleanupPeriodDays": _days,
    "companyAnnouncements": _texts,
    "disableAllHooks": _flag,
    "enableAllProjectMcpServers": _flag,
    "enabledPlugins": _enabled_plugins,
    "env": _object,
    "hooks": _hooks,
    "includeCoAuthoredBy": _flag,
    "includeGitInstructions": _flag,
    "language": _text,
    "model": _text,
    "outputStyle": _text,
    "permissions": _permissions,
    "pluginConfigs": _plugin_configs,
    "respectGitignore": _flag,
    "sandbox": _object,
    "statusLine": _status_line,
    "worktree": _object,
}


def refused_keys(values: Mapping[str, Any]) -> list[str]:
    """The keys whose values the engine's schema check refuses, in the file's order."""
    return [key for key, value in values.items() if (check := CHECKS.get(key)) is not None and not check(value)]
