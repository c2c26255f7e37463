"""What a command line asks of the repository: ``make test`` asks the Makefile for ``test``.

A scanned item's simple commands (``read.commands.command_parts``) are read in order, one
``Invocation`` each for the runners below; ``cd DIR &&`` before one says where it runs, and so
does a ``cd`` earlier in its shell block (``ShellBlocks``: the caller carries it).

1. A fence line's ``# comment`` is cut; a leading ``$``, ``(`` and environment assignments go,
   and so does a wrapper that runs the rest of the line where it stands (``mise exec --``,
   ``mise x --``, ``nix develop -c``, ``direnv exec .``, ``env``, ``time``: pulumi's
   ``mise exec -- make build``).
2. A word holding a placeholder (``<name>``, ``...``, ``[flags]``, ``{x}``, ``$VAR``, ``*``) is
   no name: an invocation that would ask for it is left out.
3. Runners: ``make`` (targets; ``-C``, ``-f``), ``npm``/``pnpm``/``yarn``/``bun`` (a script;
   ``--filter``, ``-w``, ``--prefix``, ``yarn workspace X``), ``just`` (a recipe; ``-f``,
   ``-d``), ``tox`` (``-e`` envs), ``nox`` (``-s`` sessions), ``python -m`` and ``uv run``
   (a module or a script), ``cargo xtask`` (a subcommand), ``./path`` (a program); ``gradle``,
   ``mvn`` and ``bazel`` (``builds``: the projects a task path, ``-pl`` or a label selects;
   ``./gradlew`` is a program too).
4. ``strict`` says whether the tool fails when the name is not the repository's: ``npm run x``
   does; ``pnpm x`` and ``yarn x`` may run a binary of that name instead.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import replace

from agents_md._util.std import lazy_compile
from agents_md.maintain.read.commands import SHELL_LANGS, command_parts
from agents_md.maintain.read.invocations import builds, python, scripts, tasks
from agents_md.maintain.read.invocations.invocation import Invocation, is_name, words
from agents_md.maintain.read.markdown import Item

__all__ = ["Invocation", "ShellBlocks", "drawn_trees", "invocations", "is_name", "leading_cd", "words"]


_RUNNER = lazy_compile(
    r"(?:^|[\s;&|(])(?:g?make|npm|pnpm|yarn|bun|just|tox|nox|cargo|uv|poetry|python[\d.]*|gradle|mvnd?|bazel(?:isk)?|\./)(?:\s|$|\w)"
)


def _uncomment(text: str) -> str:
    at = re.search(r"(?:^|\s)#", text)
    return text[: at.start()] if at else text


def invocations(item: Item, start: str = "") -> Iterator[Invocation]:
    """The invocations of one scanned item, in order, its line run from ``start`` (``ShellBlocks``)."""
    if item.kind == "link" or not _RUNNER.search(item.text):
        return  # most items name no runner: they are not split and parsed
    if item.kind == "fence" and (item.lang.split() or [""])[0].lower() not in SHELL_LANGS:
        return  # a Python or YAML block's lines are no shell's
    cwd: str | None = start
    for part in command_parts(item):
        if item.kind == "fence":
            part = _uncomment(part).strip()
        argv = words(part)
        if not argv:
            continue
        argv = _unwrapped(argv)
        if not argv:
            continue
        if argv[0] == "cd":
            cwd = _cd(cwd, argv[1:])
            continue
        if cwd is None:
            return  # somewhere it cannot tell
        found = _parse(argv, part, item)
        if found is not None:
            yield _at(found, cwd)
        built = _build(argv, part)
        if built is not None:
            yield _at(built, cwd)


# A line of a drawn folder tree: ``├── src/``, ``│   └── x``, ``|-- x``, ``\`-- x``.
_TREE_LINE = lazy_compile(r"[├└│]|(?:^|\s)[|`]--\s")


def drawn_trees(items: Iterable[Item]) -> frozenset[int]:
    """The code blocks that draw a folder tree: their lines are a listing (``./AGENTS.md (this
    file)`` above ``├── src/AGENTS.md``), no commands to run."""
    return frozenset(i.block for i in items if i.kind == "fence" and _TREE_LINE.search(i.text))


# A line that starts with ``cd DIR`` (alone, or before ``&&``).
_LEADING_CD = lazy_compile(r"^\s*(?:\$\s*)?cd\s+([^\s;&|()]+)\s*(?:&&|$)")


def leading_cd(item: Item) -> re.Match[str] | None:
    """The ``cd DIR`` a shell block's line starts with (its argument is group 1)."""
    if item.kind != "fence" or (item.lang.split() or [""])[0].lower() not in SHELL_LANGS:
        return None
    return _LEADING_CD.match(_uncomment(item.text))


class ShellBlocks:
    """Where the lines of a doc's shell blocks run, relative to the doc's folder.

    A line that is a ``cd DIR`` alone moves the lines after it in its block, as a shell does. A
    line ``cd DIR && ...`` runs there; a block's lines are mostly written each from the doc's
    folder (``cd api && make test`` then ``make -C api lint``), so it moves only a later ``cd``
    that names no folder from there (``cd dart && ...`` then ``cd ../go && ...``). A ``cd`` to
    no folder of the repository (``cd $DIR``, a project the block makes) leaves the rest of its
    line, or of its block, somewhere it cannot tell (``None``).
    """

    def __init__(self, exists: Callable[[str], bool]) -> None:
        self._exists = exists  # a folder, relative to the doc's folder
        self._cwd: dict[int, str | None] = {}  # a block -> where its lone ``cd`` lines lead
        self._last: dict[int, str] = {}  # a block -> where its last ``cd DIR && ...`` line went

    def run(self, item: Item) -> tuple[str | None, str | None]:
        """Where the item's line starts (before its own ``cd``) and where the rest of it runs."""
        if item.kind != "fence":
            return "", ""
        now = self._cwd.get(item.block, "")
        cd = leading_cd(item)
        if cd is None:
            return now, now
        alone = not _uncomment(item.text)[cd.end() :].strip() and not cd.group(0).rstrip().endswith("&&")
        for base in dict.fromkeys((now, self._last.get(item.block), "")):
            to = _cd(base, [cd.group(1)]) if base is not None else None
            if to is not None and self._exists(to):
                if alone:
                    self._cwd[item.block] = to
                else:
                    self._last[item.block] = to
                return base, to
        if alone:
            self._cwd[item.block] = None
        return now, None


def _at(found: Invocation, cwd: str) -> Invocation:
    if not cwd:
        return found
    return replace(found, cwd=posixpath.normpath(posixpath.join(cwd, found.cwd)) if found.cwd else cwd)


def _unwrapped(argv: list[str]) -> list[str]:
    """Step 1: the command a wrapper runs, where it stands (``mise exec -- make build``: ``make build``)."""
    while argv:
        tool, rest = posixpath.basename(argv[0]), argv[1:]
        if tool in ("mise", "rtx") and rest[:1] in (["exec"], ["x"]) and "--" in rest:
            argv = rest[rest.index("--") + 1 :]
        elif tool == "nix" and rest[:1] == ["develop"] and ("-c" in rest or "--command" in rest):
            argv = rest[rest.index("-c" if "-c" in rest else "--command") + 1 :]
        elif tool == "direnv" and rest[:2] == ["exec", "."]:
            argv = rest[2:]
        elif tool in ("env", "time"):
            at = 0
            while at < len(rest) and (rest[at].startswith("-") or "=" in rest[at]):
                at += 1
            argv = rest[at:]
        else:
            return argv
    return argv


def _cd(cwd: str | None, args: list[str]) -> str | None:
    if cwd is None or len(args) != 1 or args[0].startswith("/"):
        return None
    named = re.sub(r"^(?:\.\.?/)+", "", args[0].rstrip("/") + "/").rstrip("/")  # ``../go/engine``: climbs, a name
    if named and not is_name(named):
        return None
    return posixpath.normpath(posixpath.join(cwd, args[0])) if cwd else posixpath.normpath(args[0])


def _parse(argv: list[str], text: str, item: Item) -> Invocation | None:
    tool, rest = posixpath.basename(argv[0]), argv[1:]
    if argv[0].startswith("./") and len(argv[0]) > 2:
        return _program(argv, text, item)
    if tool == "make" or tool == "gmake":
        return tasks.make(tool, rest, text)
    if tool in ("npm", "pnpm", "yarn", "bun"):
        return scripts.script(tool, rest, text)
    if tool == "just":
        return tasks.just(rest, text)
    if tool == "tox":
        return tasks.tox(rest, text)
    if tool == "nox":
        return tasks.nox(rest, text)
    if tool == "cargo" and rest[:1] == ["xtask"]:
        name = rest[1] if len(rest) > 1 else ""
        return Invocation(runner="xtask", tool="cargo", names=(name,), text=text) if is_name(name) else None
    if tool in ("uv", "poetry") and rest[:1] == ["run"]:
        return python.uv_run(rest[1:], text, lambda inner: _parse(inner, text, item))
    if re.fullmatch(r"python(?:3(?:\.\d+)?)?", tool):
        return python.python(tool, rest, text)
    return None


def _build(argv: list[str], text: str) -> Invocation | None:
    """The projects a build tool is told to build: asked besides its wrapper (``./gradlew``)."""
    tool = posixpath.basename(argv[0])
    if tool in builds.GRADLE:
        return builds.gradle(tool, argv[1:], text)
    if tool in builds.MAVEN:
        return builds.maven(tool, argv[1:], text)
    if tool in builds.BAZEL:
        return builds.bazel(tool, argv[1:], text)
    return None


_SCRIPT_SUFFIX = lazy_compile(r"\.(?:sh|bash|zsh|py|pl|rb)$")
_RUN_WORD = lazy_compile(r"\b(?:run|runs|running|execute|executes|invoke|invokes|call|start|starts)\b", re.I)


def _program(argv: list[str], text: str, item: Item) -> Invocation | None:
    """``./path``: in a shell block, or a code span with arguments, or a script's alone on a
    line that says to run it (a lone ``./api`` or "see `./setup.sh`" names a file)."""
    path = argv[0]
    if not is_name(path[2:]) or path.endswith("/"):
        return None
    alone = item.kind == "code" and len(argv) == 1
    if alone and not (_SCRIPT_SUFFIX.search(path) and _RUN_WORD.search(item.line_text)):
        return None
    return Invocation(runner="program", tool=path, names=(path[2:],), text=text)
