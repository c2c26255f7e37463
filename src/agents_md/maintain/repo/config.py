"""``check``'s configuration: ``.agents-md.toml`` (top level) or ``[tool.agents-md]`` in ``pyproject.toml``.

Looked for at the repository root, ``.agents-md.toml`` first. Keys::

    max-lines = 200                  # lines per instruction file
    claude-max-bytes = 40000         # Claude Code's start block in a directory
    codex-max-bytes = 32768          # Codex's project_doc_max_bytes
    codex-fallback-filenames = []    # Codex's project_doc_fallback_filenames
    codex-root-markers = [".git"]    # Codex's project_root_markers ([]: the folder alone)
    engines = ["claude-code"]        # the coding agents the team uses (engine-divergence)
    stale-days = 90                  # how far a doc may lag its code
    stale-commits = 3                # and by how many commits to its code, at least
    doc-names = ["AGENTS.md"]        # the files that govern a directory (rules 1 and 2)
    base = "origin/main"             # what doc-not-updated compares with (default: the default branch)
    ignore = ["vendor/**"]           # paths (globs from the root) neither checked nor counted as code
    not-code = ["scripts/gen/**"]    # paths (globs from the root) checked, but not counted as code
    [governs]                        # what a doc governs, instead of its folder ("[tool.agents-md.governs]")
    "docs/AGENTS.md" = ["docs/**", "!docs/blog/**"]   # globs from the root; [] for no code at all
    [rules]                          # ("[tool.agents-md.rules]" in pyproject.toml)
    stale-doc = false                # off (or "off"); or a severity: "error", "warning", "info"

Every problem is collected (unknown keys, wrong types) with its file and line; none stops the check.
"""

from __future__ import annotations

import os
from collections.abc import Collection, Mapping
from typing import Any

from agents_md._value import Value, field
from agents_md.diagnostics import Diagnostic, RuleInfo, Severity
from agents_md.errors import AgentsMdError
from agents_md.maintain.repo.reading import CONFIG_MAX_BYTES, read_inside

CONFIG_FILE = ".agents-md.toml"
PYPROJECT = "pyproject.toml"

CONFIG = RuleInfo(
    "config",
    Severity.ERROR,
    "a problem in the agents-md configuration",
    "``config``: an unknown key or rule, or a value of the wrong type, in ``.agents-md.toml`` or ``[tool.agents-md]``.",
)


# Claude Code's name among the engines (``host.engines.CLAUDE_CODE``, whose module imports every
# other engine's: the default configuration names it without paying for them).
CLAUDE_CODE = "claude-code"


class Config(Value):
    max_lines: int = 200
    claude_max_bytes: int = 40000
    codex_max_bytes: int = 32768
    codex_fallback_filenames: tuple[str, ...] = ()
    codex_root_markers: tuple[str, ...] = (".git",)
    engines: tuple[str, ...] = (CLAUDE_CODE,)
    stale_days: int = 90
    stale_commits: int = 3
    doc_names: tuple[str, ...] = ("AGENTS.md",)
    base: str | None = None
    ignore: tuple[str, ...] = ()
    not_code: tuple[str, ...] = ()
    governs: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    rules: dict[str, bool | Severity] = field(default_factory=dict)
    source: str | None = None  # the file it was read from, relative to the root
    problems: tuple[Diagnostic, ...] = ()
    # Every [rules] key as written: its value and line (checked against the rules by ``rule_problems``).
    rule_keys: Mapping[str, tuple[Any, int | None]] = field(default_factory=dict, compare=False)
    governs_lines: Mapping[str, int | None] = field(default_factory=dict, compare=False)  # each [governs] key's line

    def enabled(self, rule: str) -> bool:
        return self.rules.get(rule, True) is not False

    def severity(self, rule: str, default: Severity | None = None) -> Severity | None:
        """The severity configured for ``rule``, else ``default``."""
        value = self.rules.get(rule)
        return value if isinstance(value, Severity) else default

    def rule_problems(self, known: Collection[str]) -> tuple[Diagnostic, ...]:
        """A ``config`` problem for each ``[rules]`` key that names no rule of ``known``, or whose
        value is not ``true``, ``false`` or a severity."""
        out: list[Diagnostic] = []
        source = self.source or CONFIG_FILE
        for rule, (setting, line) in self.rule_keys.items():
            if rule not in known:
                import difflib  # lazy: only a misspelt name needs it

                close = difflib.get_close_matches(rule, sorted(known), n=1)
                hint = f"did you mean {close[0]!r}?" if close else "see `agents-md check --list-rules`"
                message, fix = f"unknown rule {rule!r}; {hint}", f"rename or remove {rule!r}"
            elif _rule_setting(setting) is None:
                message = f'rules.{rule} must be true, false (or "off"), "error", "warning" or "info", not {setting!r}'
                fix = f"set {rule} = false or a severity"
            else:
                continue
            out.append(CONFIG.diagnostic(source, message, fix, line=line))
        return tuple(out)


_INTS = {"max-lines": "max_lines", "claude-max-bytes": "claude_max_bytes", "codex-max-bytes": "codex_max_bytes"}
_INTS |= {"stale-days": "stale_days", "stale-commits": "stale_commits"}
_LISTS = {"codex-fallback-filenames": "codex_fallback_filenames", "doc-names": "doc_names", "ignore": "ignore"}
_LISTS |= {"codex-root-markers": "codex_root_markers", "engines": "engines"}
_LISTS["not-code"] = "not_code"
_KEYS = (*_INTS, *_LISTS, "base", "governs", "rules")


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
            data = read_inside(os.path.realpath(root), path, limit=CONFIG_MAX_BYTES)
        except OSError as exc:
            raise AgentsMdError(f"{name}: cannot be read ({exc.strerror or exc})") from exc
        if data is None:
            continue
        text = data.decode("utf-8", errors="replace")
        import tomllib  # lazy: a repository without a configuration file reads no TOML

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
    """A ``Config`` from a parsed table; every problem becomes a ``config`` diagnostic (the names in
    ``[rules]`` are checked against the rules by ``unknown_rules``)."""
    problems: list[Diagnostic] = []

    def problem(message: str, fix: str, key: str | None = None) -> None:
        line = _line_of(text, key) if key else None
        problems.append(CONFIG.diagnostic(source, message, fix, line=line))

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
        elif key == "governs":
            if not isinstance(value, dict) or not all(
                isinstance(v, list) and all(isinstance(g, str) for g in v) for v in value.values()
            ):
                problem(
                    "governs must be a table of doc = [globs], not " + repr(value),
                    '[governs] with lines like "docs/AGENTS.md" = ["docs/**"]',
                    "governs",
                )
                continue
            values["governs"] = {doc.strip("/"): tuple(globs) for doc, globs in value.items()}
            values["governs_lines"] = {doc.strip("/"): _line_of(text, doc) for doc in value}
        elif key == "rules":
            if not isinstance(value, dict):
                problem(f"rules must be a table, not {value!r}", "[rules] with lines like stale-doc = false", "rules")
                continue
            values["rule_keys"] = {rule: (setting, _line_of(text, rule)) for rule, setting in value.items()}
            values["rules"] = {rule: s for rule, setting in value.items() if (s := _rule_setting(setting)) is not None}
        else:
            import difflib  # lazy: only a misspelt key needs it

            close = difflib.get_close_matches(key, _KEYS, n=1)
            hint = f"did you mean {close[0]!r}?" if close else f"known keys: {', '.join(_KEYS)}"
            problem(f"unknown key {key!r}; {hint}", f"rename or remove {key!r}", key)
    if "engines" in values:
        from agents_md.host.engines import ENGINE_NAMES

        unknown = [e for e in values["engines"] if e not in ENGINE_NAMES]
        if unknown:
            problem(
                f"engines: unknown engine {unknown[0]!r}; known: {', '.join(ENGINE_NAMES)}",
                f"remove {unknown[0]!r} from engines",
                "engines",
            )
            values["engines"] = tuple(e for e in values["engines"] if e in ENGINE_NAMES)
    return Config(**values, source=source, problems=tuple(problems))


def _rule_setting(setting: Any) -> bool | Severity | None:
    """A ``[rules]`` value read: on, off or a severity (``None``: not one of those)."""
    if isinstance(setting, bool):
        return setting
    if setting in ("off", "on"):
        return bool(setting == "on")
    if isinstance(setting, str) and setting in {s.value for s in Severity}:
        return Severity(setting)
    return None
