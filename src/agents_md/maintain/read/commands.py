"""Commands a doc gives, read as (family, action, tool): ``pnpm test`` is (js, test, pnpm).

Commands are read from code spans and from the lines of code blocks; a line that says not
to (``not``, ``never``, ``don't``, ``instead of``, ``avoid``, ``rather than``) is left out, and
so is a block labelled as what not to do ("❌ Wrong:", "Bad:"). A
command line is split at ``&&``, ``||``, ``;`` and ``|``; a leading ``$`` and environment
assignments are dropped. Families and what their actions are called:

- ``js``: ``npm``, ``pnpm``, ``yarn``, ``bun`` — ``X run S`` is ``X S``; ``i``, ``ci``,
  ``install`` and a bare ``yarn`` are ``install``; ``npx``, ``pnpm dlx``, ``yarn dlx``,
  ``bunx`` are ``exec``.
- ``python``: ``pip``, ``uv``, ``poetry``, ``pipenv``, ``pdm``, ``conda`` — ``install``
  (``pip install``, ``uv sync``, ``uv pip install``, ``poetry install``, ...), ``add``,
  ``run`` (``uv run``, ``poetry run``, ...).
- ``task``: ``make``, ``just``, ``task`` — the target is the action.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from agents_md._util.std import lazy_compile
from agents_md._value import Value
from agents_md.maintain.read.markdown import Item

NEGATION = lazy_compile(r"\b(?:not|never|don'?t|doesn'?t|instead of|avoid|rather than|no longer)\b|n't\b", re.I)
# Where a clause ends in prose: "use `a`, not `b`" holds two, the second a counter-example.
CLAUSE_END = lazy_compile(r"[,;:.!?](?=\s|$)|\s[-\u2013\u2014]\s|\bbut\b", re.I)


def counter_example(item: Item) -> bool:
    """Whether an item is said not to be done or used: a negation in its clause of prose (in a
    line of a code block, anywhere on the line, a comment saying so)."""
    at = item.line_text.find(item.text) if item.kind == "code" else -1
    if at < 0:
        return NEGATION.search(item.line_text) is not None
    before = CLAUSE_END.split(item.line_text[:at])[-1]
    after = CLAUSE_END.split(item.line_text[at + len(item.text) :], maxsplit=1)[0]
    return NEGATION.search(before) is not None or NEGATION.search(after) is not None


# A code block's label that calls it what not to do: "❌ Wrong:", "**Bad:**", "**Bad example:**", "Anti-pattern:".
_WRONG_LABEL = lazy_compile(
    r"^[\s>*_#-]*(?:[\u274c\u2717\u2718\U0001f6ab\u26d4]"
    r"|(?:wrong|bad|incorrect|anti-?pattern|avoid|don'?t|do not)(?:\s+(?:example|pattern|practice|usage|code))?"
    r"[\s*_]*(?::|$))",
    re.I,
)


def wrong_example(lines: list[str], item: Item) -> bool:
    """Whether a code block's line is in a block labelled as what not to do: the nearest line
    above its fence, blank lines aside, is "❌ Wrong:" (a counter-example shown whole)."""
    if item.kind != "fence" or item.block < 2:
        return False
    at = item.block - 3  # 0-based: the line above the fence (``block`` is the code's first line, 1-based)
    while at >= 0 and not lines[at].strip():
        at -= 1
    return at >= 0 and _WRONG_LABEL.match(lines[at]) is not None


_SPLIT = lazy_compile(r"&&|\|\||;|\|")
_ASSIGN = lazy_compile(r"^[A-Za-z_][A-Za-z0-9_]*=")
SHELL_LANGS = frozenset({"", "sh", "bash", "shell", "console", "zsh", "fish", "terminal", "shell-session", "text"})

JS_TOOLS = frozenset({"npm", "pnpm", "yarn", "bun"})
PY_TOOLS = frozenset({"pip", "pip3", "uv", "poetry", "pipenv", "pdm", "conda"})
TASK_TOOLS = frozenset({"make", "just", "task"})
JS_INSTALL = frozenset({"i", "ci", "install"})


class Command(Value):
    family: str
    action: str
    tool: str
    text: str  # the command as written
    line: int


def _words(text: str) -> list[str]:
    words = [w.strip("\"'") for w in text.split()]
    while words and (words[0] == "$" or _ASSIGN.match(words[0])):
        words = words[1:]
    return words


# Flags whose value is the next word (``pnpm --filter web dev``).
_VALUE_FLAGS = frozenset({"--filter", "-F", "-C", "--dir", "--prefix", "--cwd", "--workspace", "-w", "--project"})
# Flags that point a command at another package than the doc's own.
_ELSEWHERE_FLAGS = frozenset({"--filter", "-F", "-C", "--dir", "--prefix", "--cwd", "--workspace", "-w"})


def _first_arg(words: list[str]) -> str | None:
    skip = False
    for word in words:
        if skip:
            skip = False
            continue
        if word.startswith("-"):
            skip = word in _VALUE_FLAGS
            continue
        return word
    return None


def adds_packages(text: str) -> bool:
    """Whether an install names what to install (``npm install left-pad``, ``pip install x``):
    adding a dependency, not installing the project's."""
    words = _words(text)
    for at, word in enumerate(words):
        if word in JS_INSTALL or word == "add":
            rest = [w for w in words[at + 1 :] if not w.startswith("-")]
            return bool(rest) and not any(w in (".", "-e", "-r") for w in words[at + 1 :])
    return False


def aimed_elsewhere(text: str) -> bool:
    """Whether a command runs in another package (``pnpm --filter web dev``, ``make -C web``)."""
    return any(w.split("=", 1)[0] in _ELSEWHERE_FLAGS for w in _words(text))


# The jobs a directory's commands do, by the names scripts and targets give them.
JOBS = {
    "install": "install",
    "i": "install",
    "ci": "install",
    "sync": "install",
    "dev": "dev",
    "start": "dev",
    "serve": "dev",
    "develop": "dev",
    "build": "build",
    "compile": "build",
    "test": "test",
    "t": "test",
    "tests": "test",
    "lint": "lint",
    "format": "format",
    "fmt": "format",
    "typecheck": "typecheck",
    "type-check": "typecheck",
    "types": "typecheck",
    "check-types": "typecheck",
    "tsc": "typecheck",
}


def job_of(action: str) -> str | None:
    """The job an action does (``test:unit`` tests), or ``None`` for one that is no common job."""
    return JOBS.get(action.split(":", 1)[0].lower())


def classify(text: str) -> tuple[str, str, str] | None:
    """(family, action, tool) of one simple command, or ``None``."""
    words = _words(text)
    if not words:
        return None
    tool, rest = words[0], words[1:]
    if tool in ("npx", "bunx"):
        return ("js", "exec", "npm" if tool == "npx" else "bun")
    if tool in JS_TOOLS:
        arg = _first_arg(rest)
        if arg is None:
            return ("js", "install", tool) if tool == "yarn" else None
        if arg == "dlx":
            return ("js", "exec", tool)
        if arg in JS_INSTALL:
            return ("js", "install", tool)
        if arg in ("run", "run-script"):
            script = _first_arg(rest[rest.index(arg) + 1 :])
            return ("js", script, tool) if script else None
        return ("js", arg, tool)
    if tool in PY_TOOLS:
        tool = "pip" if tool == "pip3" else tool
        arg = _first_arg(rest)
        if arg is None:
            return None
        if tool == "uv" and arg == "pip":
            return ("python", "install", "uv") if "install" in rest else None
        if arg in ("sync", "install"):
            return ("python", "install", tool)
        if arg in ("add", "run"):
            return ("python", arg, tool)
        return None
    if tool in TASK_TOOLS:
        target = _first_arg(rest)
        return ("task", target or "(default)", tool)
    return None


def family_of(tool: str) -> str | None:
    if tool in JS_TOOLS or tool in ("npx", "bunx"):
        return "js"
    if tool in PY_TOOLS:
        return "python"
    return "task" if tool in TASK_TOOLS else None


def commands(items: list[Item]) -> Iterator[Command]:
    """The commands of a doc's scanned items, in order; a tool named alone (`` `pnpm` ``) has action ``""``."""
    for item in items:
        if item.kind == "link" or (item.kind == "fence" and item.lang.lower() not in SHELL_LANGS):
            continue
        family = family_of(item.text) if item.kind == "code" else None
        if family is not None:
            tool = "pip" if item.text == "pip3" else item.text
            yield Command(family=family, action="", tool=tool, text=item.text, line=item.line)
            continue
        for part in command_parts(item):
            found = classify(part)
            if found is not None:
                family, action, tool = found
                yield Command(family=family, action=action, tool=tool, text=part, line=item.line)


def command_parts(item: Item) -> Iterator[str]:
    """The simple commands of one scanned item, in order (none when it is said not to be run)."""
    if counter_example(item):
        return
    for part in _SPLIT.split(item.text):
        part = part.strip()
        if part:
            yield part
