"""The package managers' command lines: the script asked for, and in which package."""

from __future__ import annotations

import re

from agents_md.maintain.read.invocations.invocation import Invocation, is_name

# What the package managers do themselves: ``pnpm add`` is no script.
_PNPM_OWN = """
add approve-builds audit bin c cache cat-file cat-index ci completion config create dedupe
deploy dist-tag dlx docs doctor env exec fetch find-hash help i ignored-builds import info init
install install-test it licenses link list ln login logout ls m multi outdated owner pack patch
patch-commit patch-remove prune publish rb rebuild recursive remove restart rm root sbom search
self-update server setup stop store un uninstall unlink up update upgrade version view whoami
why
"""
_YARN_OWN = """
add audit autoclean bin cache check config constraints create dedupe dlx exec explain
generate-lock-entry global help import info init install licenses link list login logout node
npm outdated owner pack patch patch-commit plugin policies publish rebuild remove sdks search
set stage tag team unlink unplug up upgrade upgrade-interactive version versions why workspaces
"""
_BUILTIN = {
    "npm": frozenset[str](),  # npm runs a script only through ``run`` (and ``test``, ``start``)
    "pnpm": frozenset(_PNPM_OWN.split()),
    "yarn": frozenset(_YARN_OWN.split()),
}
_SCRIPT_VALUE = frozenset(
    {"--filter", "-F", "-C", "--dir", "--prefix", "--cwd", "--workspace", "--loglevel", "--reporter"}
)
_RUN = frozenset({"run", "run-script", "rum", "urn"})


def script(tool: str, rest: list[str], text: str) -> Invocation | None:
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
    if not is_name(name) or "/" in name or (package and package != "/" and not _package_spec(package)):
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
