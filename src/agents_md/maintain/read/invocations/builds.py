"""The build tools' command lines: the projects ``gradle``, ``mvn`` and ``bazel`` are told to build.

- ``./gradlew :a:b:test`` / ``gradle app:build``: a task path's project (``:a:b``); a task
  alone (``test``, ``:test``) belongs to plugins and is not asked for. ``-p DIR`` moves it. A
  word after an option not known to stand alone may be its value (``--dependency g:a``): not
  read as a task path.
- A project or module named as a stand-in (``:module-name:test``, ``-pl your-module``) is no
  name: not asked for.
- ``./mvnw -pl a,:b`` / ``mvn --projects a``: each module selected, by folder or by
  ``:artifactId``; an excluded one (``!a``, ``-a``) is not asked for. ``-f FILE`` names the pom.
- ``bazel test //pkg/x:t //a/...``: each label's package (``pkg/x``, ``a``); a label of another
  repository (``@r//x``), a relative one (``:t``) or a pattern in a query is not asked for.
"""

from __future__ import annotations

import re

from agents_md._util.std import lazy_compile
from agents_md.maintain.read.invocations.invocation import Invocation, is_name

GRADLE = frozenset({"gradle", "gradlew", "gradlew.bat"})
MAVEN = frozenset({"mvn", "mvnw", "mvnw.cmd", "mvnd"})
BAZEL = frozenset({"bazel", "bazelisk"})
_LABEL = lazy_compile(r"//((?:[A-Za-z0-9_.+-]+/)*[A-Za-z0-9_.+-]+)?(?::[\w.+/-]+|:\*)?")

# Gradle's options that take the next word as their value.
_GRADLE_VALUE = frozenset(
    {"-p", "--project-dir", "-c", "--settings-file", "-b", "--build-file", "-x", "--exclude-task", "-I",
     "--init-script", "-D", "-P", "--include-build", "-g", "--gradle-user-home", "--tests", "--console",
     "--warning-mode", "-M", "--write-verification-metadata", "--max-workers", "--priority"}
)  # fmt: skip
# Gradle's and its common tasks' options known to take no value: a word after one is a task.
_GRADLE_ALONE = frozenset(
    {"--offline", "--continue", "--info", "--debug", "--quiet", "--warn", "--stacktrace", "--full-stacktrace",
     "--scan", "--no-scan", "--daemon", "--no-daemon", "--parallel", "--no-parallel", "--rerun-tasks", "--rerun",
     "--refresh-dependencies", "--dry-run", "--build-cache", "--no-build-cache", "--configuration-cache",
     "--no-configuration-cache", "--profile", "--fail-fast", "--no-watch-fs", "--watch-fs", "--console=plain",
     "--no-rebuild", "--continuous", "--write-locks", "--configure-on-demand", "--all", "--export-keys"}
)  # fmt: skip
_PROJECT = lazy_compile(r"[A-Za-z0-9_][\w.-]*")
# What a doc writes for "some project": ``module-name``, ``my-module``, ``affected-module``, ``subproject``, ``foo``.
_STAND_IN = lazy_compile(
    r"^(?:(?:my|your|some|the|a|any|each|this|that|given|target|affected|changed|relevant)[-_]?)?(?:module|project|subproject|sub-project|component|name)(?:[-_]?name)?$"
    r"|^(?:(?:my|your)(?:[-_]?\w+)?|foo|bar|baz|xxx)$",
    re.I,
)


def _stand_in(name: str) -> bool:
    parts = [p for p in re.split(r"[:/]", name) if p]
    return "path/to/" in name + "/" or any(_STAND_IN.match(part) for part in parts)


_MAVEN_VALUE = frozenset(
    {"-pl", "--projects", "-f", "--file", "-rf", "--resume-from", "-P", "--activate-profiles", "-s",
     "--settings", "-gs", "--global-settings", "-T", "--threads", "-t", "--toolchains", "-l", "--log-file",
     "-b", "--builder", "-D", "--define", "-e"}
)  # fmt: skip


def gradle(tool: str, rest: list[str], text: str) -> Invocation | None:
    cwd = ""
    asked: list[str] = []
    at = 0
    valued = False  # the word before was an option that may take this one as its value
    while at < len(rest):
        word = rest[at]
        at += 1
        after, valued = valued, False
        if word.startswith("-"):
            flag, eq, value = word.partition("=")
            valued = word.startswith("--") and not eq and flag not in _GRADLE_ALONE and flag not in _GRADLE_VALUE
            if flag in _GRADLE_VALUE and not eq and not (flag in ("-D", "-P") and len(word) > 2):
                value = rest[at] if at < len(rest) else ""
                at += 1
            if flag in ("-c", "--settings-file", "-b", "--build-file"):
                return None  # another settings file: not looked for
            if flag in ("-p", "--project-dir"):
                if not is_name(value):
                    return None
                cwd = value
            continue
        parts = word.split(":")
        if after or len(parts) < 2 or (parts[0] and not _PROJECT.fullmatch(parts[0])):
            continue  # an option's value, a task alone
        if not all(_PROJECT.fullmatch(p) for p in parts[1:]) or not is_name(word.strip(":")) or _stand_in(word):
            continue  # a placeholder, a URL
        project = ":" + ":".join(p for p in parts[:-1] if p)
        if project != ":":
            asked.append(project)
    if not asked:
        return None
    return Invocation(runner="gradle", tool=tool, names=tuple(dict.fromkeys(asked)), text=text, cwd=cwd)


def maven(tool: str, rest: list[str], text: str) -> Invocation | None:
    file = ""
    asked: list[str] = []
    at = 0
    while at < len(rest):
        word = rest[at]
        at += 1
        if not word.startswith("-"):
            continue
        flag, eq, value = word.partition("=")
        if flag in _MAVEN_VALUE and not eq and not (flag in ("-D", "-P", "-T") and len(word) > 2):
            value = rest[at] if at < len(rest) else ""
            at += 1
        if flag in ("-f", "--file"):
            if not is_name(value):
                return None
            file = value
        elif flag in ("-pl", "--projects"):
            for selector in value.split(","):
                if selector.startswith(("!", "-", "?")):
                    continue  # excluded, or optional: nothing to find
                if not is_name(selector.removeprefix(":")) or _stand_in(selector):
                    return None  # ``-pl services/<name>``: a placeholder
                asked.append(selector if ":" not in selector else ":" + selector.rsplit(":", 1)[1])
    if not asked:
        return None
    return Invocation(runner="maven", tool=tool, names=tuple(dict.fromkeys(asked)), text=text, file=file)


def bazel(tool: str, rest: list[str], text: str) -> Invocation | None:
    if not rest or rest[0] in ("query", "cquery", "aquery"):
        return None  # a query's patterns are expressions, not packages to find
    asked: list[str] = []
    for word in rest[1:]:
        if word == "--":
            break  # what follows goes to the program run
        label = _LABEL.fullmatch(word.removesuffix("/..."))
        if label is None or not label.group(1) or "..." in label.group(1) or _stand_in(label.group(1)):
            continue
        asked.append(word[2:])  # ``pkg/x:t``, ``a/...``: the package, and whether a target is named
    if not asked:
        return None
    return Invocation(runner="bazel", tool=tool, names=tuple(dict.fromkeys(asked)), text=text)
