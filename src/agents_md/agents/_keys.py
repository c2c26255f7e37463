"""The front-matter keys the engine knows, and the "did you mean" hint for the others.

A hint names the known key that is equal after lowercasing and dropping ``-``, ``_`` and
spaces, or else the nearest one within an edit distance of 2 (case-sensitive; the first in
``KNOWN_KEYS`` order on a tie). ``allowed-tools`` in any spelling points to ``tools``. The
engine gives no hint for ``mode`` (another tool's key for a different thing).
"""

from __future__ import annotations

from agents_md._util.js import js_key_order

KNOWN_KEYS = (
    "name",
    "description",
    "tools",
    "disallowedTools",
    "model",
    "permissionMode",
    "maxTurns",
    "autoCompactWindow",
    "skills",
    "mcpServers",
    "hooks",
    "memory",
    "background",
    "omitClaudeMd",
    "effort",
    "isolation",
    "color",
    "initialPrompt",
    "experimental",
    "observer",
    "observerMessage",
    "observeSubagents",
)
_ALIASES = {"allowedtools": "tools"}
_NO_HINT = frozenset({"mode"})
_SHOWN = 5  # keys named in one warning before "and N more"


def _normal(key: str) -> str:
    return "".join(c for c in key.lower() if c not in "-_ ")


def _distance(a: str, b: str) -> int:
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i]
        for j, cb in enumerate(b, 1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb)))
        prev = cur
    return prev[-1]


def suggest(key: str) -> str | None:
    """The known key ``key`` was probably meant to be, or ``None``."""
    norm = _normal(key)
    if norm in _NO_HINT:
        return None
    if norm in _ALIASES:
        return _ALIASES[norm]
    for known in KNOWN_KEYS:
        if _normal(known) == norm:
            return known
    best: tuple[int, str] | None = None
    for known in KNOWN_KEYS:
        d = _distance(key, known)
        if d <= 2 and (best is None or d < best[0]):
            best = (d, known)
    return best[1] if best else None


def meant_as_name(key: str) -> bool:
    """Whether ``key`` was probably meant as ``name``: the hint says so, or it is ``agent_name`` in
    any spelling (real collections write it; the engine gives it no hint, g14_real_model_project)."""
    return suggest(key) == "name" or _normal(key) == "agentname"


def unknown_keys(keys: list[str]) -> list[str]:
    """The keys the engine does not know, in the order it names them."""
    return [k for k in js_key_order(keys) if k not in KNOWN_KEYS]


def unknown_keys_message(path: str, keys: list[str], *, plugin: bool = False) -> str:
    """The engine's warning text for ``keys`` (all unknown), without the ``[WARN]`` prefix."""

    def one(k: str) -> str:
        hint = suggest(k)
        return f'"{k}"' + (f' (did you mean "{hint}"?)' if hint else "")

    who = "Plugin agent file" if plugin else "Agent file"
    if len(keys) == 1:
        return f"{who} {path} has a frontmatter key Claude Code does not recognize or apply: {one(keys[0])}"
    shown = ", ".join(one(k) for k in keys[:_SHOWN])
    more = f" and {len(keys) - _SHOWN} more" if len(keys) > _SHOWN else ""
    return f"{who} {path} has frontmatter keys Claude Code does not recognize or apply: {shown}{more}"
