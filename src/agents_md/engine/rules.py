"""Whether a conditional rule (``paths:`` front matter) applies to a file that was read.

The engine matches a rule's patterns the way ``.gitignore`` lines match (the ``ignore``
package): a pattern without a ``/`` matches at any depth, ``dir/`` and ``dir`` match what is
below it, and a trailing ``/**`` is dropped first. Paths are relative to the directory whose
``.claude/rules`` holds the rule; a user or managed rule's are relative to the cwd.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

_RULES = os.sep + os.path.join(".claude", "rules") + os.sep


@lru_cache(maxsize=512)
def _spec(patterns: tuple[str, ...]) -> Any:
    import pathspec  # lazy: only sessions with conditional rules need it

    lines = [p[:-3] if p.endswith("/**") and len(p) > 3 else p for p in patterns]
    return pathspec.PathSpec.from_lines("gitignore", lines)


def rule_base(rule_path: str, fallback: str) -> str:
    """The directory a rule's patterns are relative to: the one holding its ``.claude/rules``."""
    at = rule_path.rfind(_RULES)
    return rule_path[:at] if at >= 0 else fallback


def rule_matches(patterns: Sequence[str], path: str, base: str) -> bool:
    rel = os.path.relpath(path, base)
    if rel.startswith(".." + os.sep) or rel == "..":
        return False
    return bool(_spec(tuple(patterns)).match_file(rel))
