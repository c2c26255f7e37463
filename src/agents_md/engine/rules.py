"""``.claude/rules``: which files a rules folder holds, which of them are conditional, and
whether a conditional rule applies to a file that was read.

1. A rules folder's files are its ``**/*.md``, in directory order, each by its real path. A
   linked entry (file or folder) of a project rules folder must resolve inside the working
   directory, or it is dropped; user and managed rules may link anywhere. An entry whose
   spelled path differs from its real one is dropped when ``claudeMdExcludes`` matches the
   spelled one.
2. A rule whose front matter has ``paths:`` (a string, or a list of strings; a list inside it is
   read through at any depth, numbers, maps and nulls in it are dropped) is conditional; none,
   empty, unreadable YAML or only "match everything" globs (``**``, ``**/**``) make it
   unconditional. The front matter is read as an agent file's is (``_util.yaml_front``): a
   value YAML refuses unquoted (``paths: **/*.py``, ``{src,lib}/**``, ``@scope/**``) is read
   again quoted; a list item it refuses (``- **/*.ts``) leaves no front matter. Each string
   is split at the commas outside braces (a ``}`` before any ``{`` counts too), each item
   trimmed; then an item's first brace pair is expanded, again and again: the text from its
   first ``{`` to the next ``}`` split at commas, each alternative trimmed, empty ones kept
   (``{t{s,sx},js}`` gives ``ts``, ``tjs`` and ``sx,js}``; ``{a}`` gives ``a``; ``{}`` and an
   unclosed ``{`` stay as written). Empty globs are dropped.
3. A conditional rule applies to a read file when its patterns, a trailing ``/**`` dropped from
   each, read together as ``.gitignore`` lines, ignore it the way the ``ignore`` package does
   (``engine.ignore_globs``). Paths are relative to the directory whose ``.claude/rules``
   holds the rule; a user or managed rule's are relative to the cwd.
"""

from __future__ import annotations

import os

from agents_md._model import Kind
from agents_md._util.std import Callable, Iterator, Sequence
from agents_md.engine.fs import FileSystem

TYPE_CHECKING = False  # typing's constant, without importing typing at run time (``_value``)
if TYPE_CHECKING:
    from typing import Any


RULES_DIR = os.path.join(".claude", "rules")
# A hostile file's braces could multiply without end: past this many globs (or steps of the
# expansion), the rest are left out.
MOST_GLOBS = 4096
_RULES = os.sep + RULES_DIR + os.sep


def rule_files(
    fs: FileSystem,
    rules_dir: str,
    kind: Kind,
    inside: Callable[[str], bool],
    visited: set[str] | None = None,
    *,
    excluded: Callable[[str], bool] | None = None,
    spelled_dir: str | None = None,
) -> list[str]:
    """Step 1: the rule files under ``rules_dir`` (spelled ``spelled_dir`` when a link led there)."""
    visited = set() if visited is None else visited
    if rules_dir in visited:
        return []
    visited.add(rules_dir)
    real_dir = fs.realpath(rules_dir) if fs.is_symlink(rules_dir) else rules_dir
    visited.add(real_dir)
    names = fs.list_dir(real_dir)
    if names is None:
        return []
    out: list[str] = []
    for name in names:
        entry = os.path.join(rules_dir, name)
        linked = fs.is_symlink(entry)
        real = fs.realpath(entry)
        spelled = os.path.join(spelled_dir or rules_dir, name)
        # An entry reached through a link is also excluded by the path it was spelled with (the
        # loader matches the real one).
        if spelled != real and excluded is not None and excluded(spelled):
            continue
        if linked and kind in (Kind.PROJECT, Kind.LOCAL) and not inside(real):
            continue
        if fs.is_dir(real):
            out += rule_files(
                fs, real, kind, inside, visited, excluded=excluded, spelled_dir=spelled if spelled != real else None
            )
        elif name.endswith(".md") and fs.is_file(real):
            out.append(real)
    return out


def _yaml_load(text: str) -> Any:
    from agents_md._util.yaml_front import parse_front_matter  # lazy: most files have no front matter

    return parse_front_matter(text).data


def rule_globs(front_matter: str | None) -> tuple[str, ...] | None:
    """Step 2: a rule's ``paths:`` globs, or ``None`` when it loads at start."""
    if front_matter is None or "paths" not in front_matter:
        return None
    data = _yaml_load(front_matter)
    if not isinstance(data, dict):
        return None
    globs: list[str] = []
    for text in _strings(data.get("paths")):
        for item in _items(text):
            for glob in _expanded(item):
                if len(globs) >= MOST_GLOBS:
                    break
                if glob:
                    globs.append(glob)
    if all(set(g.split("/")) == {"**"} for g in globs):
        return None  # no globs, or only "match everything": an unconditional rule
    return tuple(globs)


def _strings(value: Any) -> list[str]:
    """Step 2: the strings of a ``paths:`` value: itself, or a list's, lists in it read through at
    any depth (``- [a, b]`` is ``a`` and ``b``); other values (numbers, maps, null) are none."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, list):
        return [text for item in value for text in _strings(item)]
    return []


def _items(text: str) -> list[str]:
    """Step 2: ``text`` split at the commas outside braces, each item trimmed, empty ones dropped."""
    items: list[str] = []
    start = depth = 0
    for at, char in enumerate(text):
        if char == "{":
            depth += 1
        elif char == "}":
            depth -= 1
        elif char == "," and depth == 0:
            items.append(text[start:at].strip())
            start = at + 1
    items.append(text[start:].strip())
    return [item for item in items if item]


def _first_pair(glob: str) -> tuple[int, int] | None:
    """Step 2: where the first brace pair opens and closes: the first ``{`` and the next ``}``,
    not right after it; none when the text after that pair has a line break."""
    opens = glob.find("{")
    closes = glob.find("}", opens + 1) if opens >= 0 else -1
    if closes <= opens + 1 or "\n" in glob[closes:]:
        return None
    return opens, closes


def _expanded(item: str) -> Iterator[str]:
    """Step 2: ``item`` with its brace pairs expanded, first pair first (depth first, as written)."""
    pending = [item]
    for _ in range(4 * MOST_GLOBS):
        if not pending:
            return
        glob = pending.pop()
        pair = _first_pair(glob)
        if pair is None:
            yield glob
            continue
        opens, closes = pair
        before, after = glob[:opens], glob[closes + 1 :]
        alternatives = glob[opens + 1 : closes].split(",")
        pending.extend(before + alt.strip() + after for alt in reversed(alternatives))


def rule_base(rule_path: str, fallback: str) -> str:
    """The directory a rule's patterns are relative to: the one holding its ``.claude/rules``."""
    at = rule_path.rfind(_RULES)
    return rule_path[:at] if at >= 0 else fallback


def rule_matches(patterns: Sequence[str], path: str, base: str) -> bool:
    """Step 3."""
    rel = os.path.relpath(path, base)
    if rel.startswith(".." + os.sep) or rel == "..":
        return False
    from agents_md.engine import ignore_globs  # lazy: only sessions with conditional rules need it

    lines = [p[:-3] if p.endswith("/**") and len(p) > 3 else p for p in patterns]
    return ignore_globs.matches(lines, rel.replace(os.sep, "/"))
