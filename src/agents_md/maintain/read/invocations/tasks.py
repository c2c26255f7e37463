"""The task runners' command lines: ``make``, ``just``, ``tox``, ``nox``."""

from __future__ import annotations

import posixpath

from agents_md.maintain.read.invocations.invocation import ASSIGN, Invocation, is_name

_MAKE_VALUE = frozenset({"-C", "--directory", "-f", "--file", "--makefile", "-I", "--include-dir", "-o", "-W", "-j"})


def make(tool: str, rest: list[str], text: str) -> Invocation | None:
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
        if ASSIGN.match(word):
            continue
        if not is_name(word):
            if word in ("/", "|", "or", "and"):
                continue  # ``make up / down``: two targets
            return None
        if "/" not in word:  # ``format/lint/typecheck`` is prose for three; ``bin/x`` may be a file made
            targets.append(word)
    if not targets:
        return None
    return Invocation(runner="make", tool=tool, names=tuple(targets), text=text, cwd=cwd, file=file)


_JUST_VALUE = frozenset({"-f", "--justfile", "-d", "--working-directory", "--set", "--shell", "--dotenv-path"})


def just(rest: list[str], text: str) -> Invocation | None:
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
        if ASSIGN.match(word):
            continue
        if not is_name(word) or "/" in word:
            return None
        # The first recipe alone: what follows may be its arguments. ``mod recipe`` keeps both.
        second = rest[at] if at < len(rest) and is_name(rest[at]) else ""
        names = (word, second) if second else (word,)
        if file and not is_name(file):
            return None
        return Invocation(runner="just", tool="just", names=names, text=text, cwd=cwd, file=file)
    return None


def tox(rest: list[str], text: str) -> Invocation | None:
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


def nox(rest: list[str], text: str) -> Invocation | None:
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
