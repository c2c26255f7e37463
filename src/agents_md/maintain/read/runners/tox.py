"""The environments tox knows, read from its configuration, conservatively.

1. tox reads the first of ``tox.ini``, ``setup.cfg`` (with ``[tox:tox]``), ``pyproject.toml``
   (with ``[tool.tox]``) and ``tox.toml`` in the nearest folder that has one.
2. Environments are the ``env_list`` (``envlist``) and the ``[testenv:NAME]`` (``[env.NAME]``)
   sections; ``{a,b}`` expands into each; a ``{3-12}`` range makes the list incomplete.
3. A name tox makes up itself counts: a Python factor (``py``, ``py311``, ``pypy3``,
   ``3.12``), or a name whose every ``-`` factor is one the configuration uses — in an
   environment's name, or in a factor-conditional setting (``test: pytest``, ``openai-latest:
   pip install -U openai``: ``tox -e test-openai`` runs).
"""

from __future__ import annotations

import itertools
import os
import re
from typing import TYPE_CHECKING, Any

from agents_md._util.std import lazy_compile
from agents_md.maintain.read.runners.known import Known, read_text

if TYPE_CHECKING:
    import configparser

_PYTHON = lazy_compile(r"^(?:py|pypy|python|cpython|graalpy)?\d*(?:\.\d+)?t?$")


def config(directory: str) -> str | None:
    """Step 1: the file tox reads in a folder (absolute), or ``None``."""
    for name in ("tox.ini", "setup.cfg", "pyproject.toml", "tox.toml"):
        path = os.path.join(directory, name)
        text = read_text(path) if os.path.isfile(path) else None
        if text is None:
            continue
        if name == "tox.ini" or name == "tox.toml":
            return path
        if name == "setup.cfg" and "[tox:tox]" in text:
            return path
        if name == "pyproject.toml" and re.search(r"^\[tool\.tox[\].]", text, re.M):
            return path
    return None


def _expand(spec: str) -> list[str] | None:
    parts = re.split(r"(\{[^{}]*\})", spec)
    choices: list[list[str]] = []
    for part in parts:
        if part.startswith("{") and part.endswith("}"):
            inner = [c.strip() for c in part[1:-1].split(",")]
            if any(re.fullmatch(r"\d+-\d+", c) for c in inner):
                return None
            choices.append(inner)
        else:
            choices.append([part])
    return ["".join(p) for p in itertools.product(*choices)]


def _split_list(value: str) -> list[str]:
    """An ``envlist``: names split at commas and white space outside braces."""
    out, current, depth = [], "", 0
    for ch in value:
        depth += {"{": 1, "}": -1}.get(ch, 0)
        if depth == 0 and (ch == "," or ch.isspace()):
            out.append(current)
            current = ""
        else:
            current += ch
    return [e for e in [*out, current] if e]


# A factor-conditional line of a setting: ``py310,py311: x``, ``!ci: x``, ``{a,b}-latest: x``.
_CONDITION = lazy_compile(r"^\s*([!\w.{},-]+):(?:\s|$)")


def _conditional_factors(parser: configparser.ConfigParser) -> set[str]:
    """Step 3: the factors the environments' settings are conditional on."""
    out: set[str] = set()
    for section in parser.sections():
        if section != "testenv" and not section.startswith("testenv:"):
            continue
        for _, value in parser.items(section, raw=True):
            for line in value.splitlines():
                if match := _CONDITION.match(line):
                    out.update(f for f in re.split(r"[!{},-]+", match.group(1)) if f)
    return out


def _from_ini(text: str, section: str) -> tuple[list[str], list[str], set[str]]:
    import configparser

    parser = configparser.ConfigParser(interpolation=None, strict=False)
    parser.read_string(text)
    listed: list[str] = []
    if parser.has_section(section):
        for key in ("env_list", "envlist"):
            if parser.has_option(section, key):
                listed += _split_list(parser.get(section, key))
    sections = [s.split(":", 1)[1] for s in parser.sections() if s.startswith("testenv:")]
    return [e for e in listed if e], sections, _conditional_factors(parser)


def environments(path: str) -> Known:
    import configparser  # lazy: only a repository whose docs run tox reads its configuration
    import tomllib

    text = read_text(path) or ""
    specs: list[str] = []
    factors: set[str] = set()
    try:
        if path.endswith((".ini", ".cfg")):
            listed, sections, factors = _from_ini(text, "tox:tox" if path.endswith(".cfg") else "tox")
            specs = listed + sections
        else:
            data: Any = tomllib.loads(text)
            table = data.get("tool", {}).get("tox", {}) if path.endswith("pyproject.toml") else data
            if isinstance(table.get("legacy_tox_ini"), str):
                listed, sections, factors = _from_ini(table["legacy_tox_ini"], "tox")
                specs = listed + sections
            else:
                for key in ("env_list", "envlist"):
                    if isinstance(table.get(key), list):
                        specs += [str(e) for e in table[key]]
                if isinstance(table.get("env"), dict):
                    specs += [str(e) for e in table["env"]]
    except (configparser.Error, tomllib.TOMLDecodeError, AttributeError):
        return Known(names=frozenset(), files=(path,), complete=False)
    names: set[str] = set()
    complete = True
    for spec in specs:
        expanded = _expand(spec)
        if expanded is None or "$" in spec:
            complete = False
            continue
        names.update(expanded)
    return Known(names=frozenset(names), files=(path,), complete=complete, parts=frozenset(factors))


def made_up(name: str, known: Known) -> bool:
    """Step 3: a name tox runs although no section spells it."""
    factors = {f for n in known.names for f in n.split("-")} | known.parts
    return all(_PYTHON.match(f) or f in factors for f in name.split("-"))
