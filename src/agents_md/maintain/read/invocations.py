"""What a command line asks of the repository: ``make test`` asks the Makefile for ``test``.

A scanned item's simple commands (``read.commands.command_parts``) are read in order, one
``Invocation`` each for the runners below; ``cd DIR &&`` before one says where it runs.

1. A fence line's ``# comment`` is cut; a leading ``$``, ``(`` and environment assignments go.
2. A word holding a placeholder (``<name>``, ``...``, ``[flags]``, ``{x}``, ``$VAR``, ``*``) is
   no name: an invocation that would ask for it is left out.
3. Runners: ``make`` (targets; ``-C``, ``-f``), ``npm``/``pnpm``/``yarn``/``bun`` (a script;
   ``--filter``, ``-w``, ``--prefix``, ``yarn workspace X``), ``just`` (a recipe; ``-f``,
   ``-d``), ``tox`` (``-e`` envs), ``nox`` (``-s`` sessions), ``python -m`` and ``uv run``
   (a module or a script), ``cargo xtask`` (a subcommand), ``./path`` (a program).
4. ``strict`` says whether the tool fails when the name is not the repository's: ``npm run x``
   does; ``pnpm x`` and ``yarn x`` may run a binary of that name instead.
"""

from __future__ import annotations

import posixpath
import re
import shlex
from collections.abc import Iterator
from dataclasses import dataclass

from agents_md.maintain.read.commands import command_parts
from agents_md.maintain.read.markdown import Item

_ASSIGN = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*=")
_PLACEHOLDER = re.compile(r"[<>\[\]{}$*?`~\\]|\.\.\.|\u2026|^-|^[A-Z_]+$")
_NAME = re.compile(r"^[A-Za-z0-9_@][\w@.:/+-]*$")


@dataclass(frozen=True, slots=True, kw_only=True)
class Invocation:
    runner: str  # "make", "script", "just", "tox", "nox", "module", "uv", "xtask", "program"
    tool: str  # the program as written: make, pnpm, yarn, python3, ...
    names: tuple[str, ...]  # what it asks for: targets, a script, envs, sessions, a module
    text: str  # the simple command as written
    cwd: str = ""  # where it runs, relative to where the doc's reader stands ("" there)
    file: str = ""  # a file it names (``make -f dev.mk``, ``just -f x.just``)
    package: str = ""  # a workspace package (``--filter web``); "/" the workspace root
    recursive: bool = False  # ``pnpm -r run x``: every package that has it
    strict: bool = True


def is_name(word: str) -> bool:
    """Step 2: a word that names something, not a placeholder."""
    return bool(_NAME.match(word)) and not _PLACEHOLDER.search(word)


def words(text: str) -> list[str] | None:
    """Step 1: the words of a simple command, or ``None`` when its quoting is broken."""
    try:
        out = shlex.split(text, comments=False, posix=True)
    except ValueError:
        return None
    while out and (out[0] in ("$", "(", ">") or _ASSIGN.match(out[0])):
        out = out[1:]
    if out and out[0].startswith("("):
        out[0] = out[0][1:]
    if out and out[-1].endswith(")"):
        out[-1] = out[-1][:-1]
    return [w for w in out if w]


def _uncomment(text: str) -> str:
    at = re.search(r"(?:^|\s)#", text)
    return text[: at.start()] if at else text


def invocations(item: Item) -> Iterator[Invocation]:
    """The invocations of one scanned item, in order."""
    if item.kind == "link":
        return
    cwd: str | None = ""
    for part in command_parts(item):
        if item.kind == "fence":
            part = _uncomment(part).strip()
        argv = words(part)
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


def _at(found: Invocation, cwd: str) -> Invocation:
    if not cwd:
        return found
    joined = posixpath.normpath(posixpath.join(cwd, found.cwd)) if found.cwd else cwd
    return Invocation(
        runner=found.runner,
        tool=found.tool,
        names=found.names,
        text=found.text,
        cwd=joined,
        file=found.file,
        package=found.package,
        recursive=found.recursive,
        strict=found.strict,
    )


def _cd(cwd: str | None, args: list[str]) -> str | None:
    if cwd is None or len(args) != 1 or not is_name(args[0].rstrip("/")) or args[0].startswith("/"):
        return None
    return posixpath.normpath(posixpath.join(cwd, args[0])) if cwd else posixpath.normpath(args[0])


def _parse(argv: list[str], text: str, item: Item) -> Invocation | None:
    tool, rest = posixpath.basename(argv[0]), argv[1:]
    if argv[0].startswith("./") and len(argv[0]) > 2:
        return _program(argv, text, item)
    if tool == "make" or tool == "gmake":
        return _make(tool, rest, text)
    if tool in ("npm", "pnpm", "yarn", "bun"):
        return _script(tool, rest, text)
    if tool == "just":
        return _just(rest, text)
    if tool == "tox":
        return _tox(rest, text)
    if tool == "nox":
        return _nox(rest, text)
    if tool == "cargo" and rest[:1] == ["xtask"]:
        name = rest[1] if len(rest) > 1 else ""
        return Invocation(runner="xtask", tool="cargo", names=(name,), text=text) if is_name(name) else None
    if tool == "uv" and rest[:1] == ["run"]:
        return _uv_run(rest[1:], text)
    if re.fullmatch(r"python(?:3(?:\.\d+)?)?", tool):
        return _python(tool, rest, text)
    return None


_SCRIPT_SUFFIX = re.compile(r"\.(?:sh|bash|zsh|py|pl|rb|js|mjs|ts|ps1)$")


def _program(argv: list[str], text: str, item: Item) -> Invocation | None:
    """``./path``: in a shell block, or a code span with arguments or a script's suffix
    (a lone ``./api`` in prose is a path, not a program)."""
    path = argv[0]
    if not is_name(path[2:]) or path.endswith("/"):
        return None
    if item.kind == "code" and len(argv) == 1 and not _SCRIPT_SUFFIX.search(path):
        return None
    return Invocation(runner="program", tool=path, names=(path[2:],), text=text)


_MAKE_VALUE = frozenset({"-C", "--directory", "-f", "--file", "--makefile", "-I", "--include-dir", "-o", "-W", "-j"})


def _make(tool: str, rest: list[str], text: str) -> Invocation | None:
    cwd = file = ""
    targets: list[str] = []
    at = 0
    while at < len(rest):
        word = rest[at]
        at += 1
        flag, eq, value = word.partition("=")
        if word.startswith("-"):
            if flag in _MAKE_VALUE and not eq and word != "-j":
                value = rest[at] if at < len(rest) else ""
                at += 1
            if flag in ("-C", "--directory"):
                if not is_name(value):
                    return None
                cwd = posixpath.join(cwd, value) if cwd else value
            elif flag in ("-f", "--file", "--makefile"):
                if not is_name(value):
                    return None
                file = value
            elif word.startswith("-C") and len(word) > 2:
                cwd = word[2:]
            continue
        if _ASSIGN.match(word):
            continue
        if not is_name(word):
            if word in ("/", "|", "or", "and"):
                continue  # ``make up / down``: two targets
            return None
        targets.append(word)
    if not targets:
        return None
    return Invocation(runner="make", tool=tool, names=tuple(targets), text=text, cwd=cwd, file=file)


_JUST_VALUE = frozenset({"-f", "--justfile", "-d", "--working-directory", "--set", "--shell", "--dotenv-path"})


def _just(rest: list[str], text: str) -> Invocation | None:
    file = cwd = ""
    at = 0
    while at < len(rest):
        word = rest[at]
        at += 1
        if word.startswith("-"):
            flag, eq, value = word.partition("=")
            if flag not in _JUST_VALUE:
                return None  # ``just --list``, ``just --show x``: not a recipe run
            if not eq:
                value = rest[at] if at < len(rest) else ""
                at += 1 + (flag == "--set")
            if flag in ("-f", "--justfile"):
                file = value
            elif flag in ("-d", "--working-directory"):
                cwd = value
            continue
        if _ASSIGN.match(word):
            continue
        if not is_name(word):
            return None
        # The first recipe alone: what follows may be its arguments. ``mod recipe`` keeps both.
        second = rest[at] if at < len(rest) and is_name(rest[at]) else ""
        names = (word, second) if second else (word,)
        if file and not is_name(file):
            return None
        return Invocation(runner="just", tool="just", names=names, text=text, cwd=cwd, file=file)
    return None


def _tox(rest: list[str], text: str) -> Invocation | None:
    envs: list[str] = []
    at = 0
    while at < len(rest):
        word = rest[at]
        at += 1
        flag, eq, value = word.partition("=")
        if flag in ("-e", "--env"):
            if not eq:
                value = rest[at] if at < len(rest) else ""
                at += 1
            for env in value.split(","):
                if not is_name(env) or env == "ALL":
                    return None
                envs.append(env)
        elif flag in ("-c", "--conf", "--root", "--workdir"):
            return None  # another configuration: not looked for
    return Invocation(runner="tox", tool="tox", names=tuple(envs), text=text) if envs else None


def _nox(rest: list[str], text: str) -> Invocation | None:
    sessions: list[str] = []
    at = 0
    taking = False
    while at < len(rest):
        word = rest[at]
        at += 1
        if word in ("-s", "-e", "--session", "--sessions"):
            taking = True
            continue
        if word.startswith("-"):
            if word in ("-f", "--noxfile", "-k", "--keywords", "-t", "--tags"):
                return None
            taking = False
            continue
        if taking:
            for name in word.split(","):
                if not is_name(name):
                    return None
                sessions.append(name)
    return Invocation(runner="nox", tool="nox", names=tuple(sessions), text=text) if sessions else None


_UV_VALUE = frozenset(
    {
        "--extra",
        "--group",
        "--with",
        "--with-editable",
        "--with-requirements",
        "--python",
        "-p",
        "--package",
        "--env-file",
        "--index",
        "--only-group",
        "--no-group",
        "--no-extra",
        "--directory",
        "--project",
    }
)


def _uv_run(rest: list[str], text: str) -> Invocation | None:
    at = 0
    while at < len(rest):
        word = rest[at]
        at += 1
        if word in ("--project", "--directory", "--package", "--script", "-s", "--with", "--with-editable"):
            return None  # another project, or something added for the run: not this one's to judge
        if word == "-m" or word == "--module":
            module = rest[at] if at < len(rest) else ""
            return _module("uv", module, text)
        if word.startswith("-"):
            if word in _UV_VALUE:
                at += 1
            continue
        if re.fullmatch(r"python(?:3(?:\.\d+)?)?", word):
            return _python(f"uv run {word}", rest[at:], text)
        if not is_name(word) or "/" in word or "." in word:
            return None  # a script file is a path, ``missing-path``'s to check
        return Invocation(runner="uv", tool="uv", names=(word,), text=text)
    return None


def _python(tool: str, rest: list[str], text: str) -> Invocation | None:
    for at, word in enumerate(rest):
        if word == "-m":
            return _module(tool, rest[at + 1] if at + 1 < len(rest) else "", text)
        if not word.startswith("-") or word in ("-c",):
            return None
    return None


def _module(tool: str, module: str, text: str) -> Invocation | None:
    if not re.fullmatch(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*", module):
        return None
    return Invocation(runner="module", tool=tool, names=(module,), text=text)


# What the package managers do themselves: ``pnpm add`` is no script.
_BUILTIN = {
    "npm": frozenset(),  # npm runs a script only through ``run`` (and ``test``, ``start``)
    "pnpm": frozenset(
        [
            "add",
            "approve-builds",
            "audit",
            "bin",
            "c",
            "cache",
            "cat-file",
            "cat-index",
            "ci",
            "completion",
            "config",
            "create",
            "dedupe",
            "deploy",
            "dist-tag",
            "dlx",
            "docs",
            "doctor",
            "env",
            "exec",
            "fetch",
            "find-hash",
            "help",
            "i",
            "ignored-builds",
            "import",
            "info",
            "init",
            "install",
            "install-test",
            "it",
            "licenses",
            "link",
            "list",
            "ln",
            "login",
            "logout",
            "ls",
            "m",
            "multi",
            "outdated",
            "owner",
            "pack",
            "patch",
            "patch-commit",
            "patch-remove",
            "prune",
            "publish",
            "rb",
            "rebuild",
            "recursive",
            "remove",
            "restart",
            "rm",
            "root",
            "sbom",
            "search",
            "self-update",
            "server",
            "setup",
            "stop",
            "store",
            "un",
            "uninstall",
            "unlink",
            "up",
            "update",
            "upgrade",
            "version",
            "view",
            "whoami",
            "why",
        ]
    ),
    "yarn": frozenset(
        [
            "add",
            "audit",
            "autoclean",
            "bin",
            "cache",
            "check",
            "config",
            "constraints",
            "create",
            "dedupe",
            "dlx",
            "exec",
            "explain",
            "generate-lock-entry",
            "global",
            "help",
            "import",
            "info",
            "init",
            "install",
            "licenses",
            "link",
            "list",
            "login",
            "logout",
            "node",
            "npm",
            "outdated",
            "owner",
            "pack",
            "patch",
            "patch-commit",
            "plugin",
            "policies",
            "publish",
            "rebuild",
            "remove",
            "sdks",
            "search",
            "set",
            "stage",
            "tag",
            "team",
            "unlink",
            "unplug",
            "up",
            "upgrade",
            "upgrade-interactive",
            "version",
            "versions",
            "why",
            "workspaces",
        ]
    ),
}
_SCRIPT_VALUE = frozenset(
    {"--filter", "-F", "-C", "--dir", "--prefix", "--cwd", "--workspace", "--loglevel", "--reporter"}
)
_RUN = frozenset({"run", "run-script", "rum", "urn"})


def _script(tool: str, rest: list[str], text: str) -> Invocation | None:
    """Step 3 for the package managers: the script asked for, and in which package."""
    cwd = package = ""
    recursive = False
    at = 0
    command: str | None = None
    while at < len(rest):
        word = rest[at]
        at += 1
        flag, eq, value = word.partition("=")
        if (word.startswith("-") and command is None) or (command in _RUN and word.startswith("-")):
            if flag == "--if-present":
                return None
            if flag in _SCRIPT_VALUE or (flag == "-w" and tool == "npm"):
                if not eq:
                    value = rest[at] if at < len(rest) else ""
                    at += 1
                if flag in ("-C", "--dir", "--prefix", "--cwd"):
                    if not is_name(value.rstrip("/")):
                        return None
                    cwd = value.rstrip("/")
                elif flag in ("--filter", "-F", "--workspace", "-w"):
                    if package or not value:
                        return None  # more than one package: not followed
                    package = value
            elif flag in ("-w", "--workspace-root") and tool == "pnpm":
                package = "/"
            elif flag in ("-r", "--recursive", "--workspaces", "-ws"):
                recursive = True
            continue
        if command is None:
            if tool == "yarn" and word == "workspace":
                if at >= len(rest) or package:
                    return None
                package = rest[at]
                at += 1
                continue
            command = word
            if command in _RUN:
                continue
            break
        command_arg = word
        return _script_of(tool, command, command_arg, text, cwd, package, recursive)
    if command is None or command in _RUN:
        return None
    return _script_of(tool, command, None, text, cwd, package, recursive)


def _script_of(
    tool: str, command: str, arg: str | None, text: str, cwd: str, package: str, recursive: bool
) -> Invocation | None:
    if command in _RUN:
        name, strict = arg or "", tool in ("npm", "pnpm")
        if tool == "bun" and name and ("." in name or "/" in name):
            return None  # ``bun run index.ts``: a file
    elif command in ("test", "t", "tst") and tool in ("npm", "pnpm"):
        name, strict = "test", True
    elif command == "start" and tool in ("npm", "pnpm"):
        name, strict = "start", True
    elif tool in ("npm", "bun") or command in _BUILTIN[tool]:
        return None
    else:
        name, strict = command, False  # ``pnpm x``: the script x, else a binary x
    if not is_name(name) or (package and package != "/" and not _package_spec(package)):
        return None
    return Invocation(
        runner="script",
        tool=tool,
        names=(name,),
        text=text,
        cwd=cwd,
        package=package,
        recursive=recursive,
        strict=strict,
    )


def _package_spec(spec: str) -> bool:
    """A ``--filter`` that names one package by name or folder (no globs, ``...``, ``^`` or ``!``)."""
    spec = spec[1:-1] if spec.startswith("{") and spec.endswith("}") else spec
    return bool(spec) and not re.search(r"[*?!^\[\]{}]|\.\.\.$|^\.\.\.", spec)
