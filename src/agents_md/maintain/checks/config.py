"""``check``'s configuration: ``.agents-md.toml`` (top level) or ``[tool.agents-md]`` in ``pyproject.toml``.

Looked for at the repository root, ``.agents-md.toml`` first. Keys::

    max-lines = 200                  # lines per instruction file
    claude-max-bytes = 40000         # Claude Code's start block in a directory
    codex-max-bytes = 32768          # Codex's project_doc_max_bytes
    codex-fallback-filenames = []    # Codex's project_doc_fallback_filenames
    stale-days = 90                  # how far a doc may lag its code
    doc-names = ["AGENTS.md"]        # the files that govern a directory (rules 1 and 2)
    base = "origin/main"             # what doc-not-updated compares with (default: the default branch)
    ignore = ["vendor/**"]           # paths (globs from the root) neither checked nor counted as code
    [rules]                          # ("[tool.agents-md.rules]" in pyproject.toml)
    stale-doc = false                # off; or a severity: "error", "warning", "info"

Every problem is collected (unknown keys, wrong types) with its file and line; none stops the check.
"""

from __future__ import annotations

import difflib
import os
import tomllib
from dataclasses import dataclass, field
from typing import Any

from agents_md.errors import AgentsMdError
from agents_md.maintain.checks.finding import RULES, Finding, Severity, finding

CONFIG_FILE = ".agents-md.toml"
PYPROJECT = "pyproject.toml"


@dataclass(frozen=True, slots=True, kw_only=True)
class Config:
    max_lines: int = 200
    claude_max_bytes: int = 40000
    codex_max_bytes: int = 32768
    codex_fallback_filenames: tuple[str, ...] = ()
    stale_days: int = 90
    doc_names: tuple[str, ...] = ("AGENTS.md",)
    base: str | None = None
    ignore: tuple[str, ...] = ()
    rules: dict[str, bool | Severity] = field(default_factory=dict)
    source: str | None = None  # the file it was read from, relative to the root
    problems: tuple[Finding, ...] = ()

    def enabled(self, rule: str) -> bool:
        return self.rules.get(rule, True) is not False

    def severity(self, rule: str) -> Severity:
        value = self.rules.get(rule)
        return value if isinstance(value, Severity) else RULES[rule].severity


_INTS = {"max-lines": "max_lines", "claude-max-bytes": "claude_max_bytes", "codex-max-bytes": "codex_max_bytes"}
_INTS["stale-days"] = "stale_days"
_LISTS = {"codex-fallback-filenames": "codex_fallback_filenames", "doc-names": "doc_names", "ignore": "ignore"}
_KEYS = (*_INTS, *_LISTS, "base", "rules")


def _line_of(text: str, key: str) -> int | None:
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if stripped.startswith((key, f'"{key}"')) and "=" in stripped:
            return number
    return None


def load_config(root: str) -> Config:
    """The configuration at ``root`` (defaults when there is none). Invalid TOML raises ``AgentsMdError``."""
    for name in (CONFIG_FILE, PYPROJECT):
        path = os.path.join(root, name)
        try:
            with open(path, "rb") as handle:
                data = handle.read()
        except (FileNotFoundError, NotADirectoryError, IsADirectoryError):
            continue
        except OSError as exc:
            raise AgentsMdError(f"{name}: cannot be read ({exc.strerror or exc})") from exc
        text = data.decode("utf-8", errors="replace")
        try:
            parsed = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            raise AgentsMdError(f"{name}: not valid TOML ({exc})") from exc
        if name == PYPROJECT:
            table = parsed.get("tool", {}).get("agents-md")
            if table is None:
                continue
        else:
            table = parsed
        return parse_config(table, source=name, text=text)
    return Config()


def parse_config(table: Any, *, source: str, text: str = "") -> Config:
    """A ``Config`` from a parsed table; every problem becomes a ``config`` finding."""
    problems: list[Finding] = []

    def problem(message: str, fix: str, key: str | None = None) -> None:
        line = _line_of(text, key) if key else None
        problems.append(finding("config", source, message, fix, line=line))

    if not isinstance(table, dict):
        problem("the agents-md table is not a table", "write it as [tool.agents-md] or top-level keys")
        return Config(source=source, problems=tuple(problems))
    values: dict[str, Any] = {}
    for key, value in table.items():
        if key in _INTS:
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                problem(f"{key} must be a whole number ≥ 0, not {value!r}", f"set {key} = <number>", key)
            else:
                values[_INTS[key]] = value
        elif key in _LISTS:
            if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                problem(f"{key} must be a list of strings, not {value!r}", f'set {key} = ["..."]', key)
            else:
                values[_LISTS[key]] = tuple(value)
        elif key == "base":
            if not isinstance(value, str) or not value:
                problem(f"base must be a git revision, not {value!r}", 'set base = "origin/main"', key)
            else:
                values["base"] = value
        elif key == "rules":
            values["rules"] = _rules(value, problem)
        else:
            close = difflib.get_close_matches(key, _KEYS, n=1)
            hint = f"did you mean {close[0]!r}?" if close else f"known keys: {', '.join(_KEYS)}"
            problem(f"unknown key {key!r}; {hint}", f"rename or remove {key!r}", key)
    return Config(**values, source=source, problems=tuple(problems))


def _rules(value: Any, problem: Any) -> dict[str, bool | Severity]:
    out: dict[str, bool | Severity] = {}
    if not isinstance(value, dict):
        problem(f"rules must be a table, not {value!r}", "[rules] with lines like stale-doc = false", "rules")
        return out
    for rule, setting in value.items():
        if rule not in RULES or rule == "config":
            close = difflib.get_close_matches(rule, RULES, n=1)
            hint = f"did you mean {close[0]!r}?" if close else "see `agents-md check --list-rules`"
            problem(f"unknown rule {rule!r}; {hint}", f"rename or remove {rule!r}", rule)
        elif isinstance(setting, bool):
            out[rule] = setting
        elif isinstance(setting, str) and setting in {s.value for s in Severity}:
            out[rule] = Severity(setting)
        else:
            problem(
                f'rules.{rule} must be true, false, "error", "warning" or "info", not {setting!r}',
                f"set {rule} = false or a severity",
                rule,
            )
    return out
