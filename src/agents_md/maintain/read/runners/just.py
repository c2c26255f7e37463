"""The recipes a justfile defines, conservatively.

1. ``just`` reads the nearest ``justfile`` (any case, or ``.justfile``) at or above where it
   runs; with ``set fallback``, a recipe it lacks is looked for in the next one up.
2. A recipe is a line at the margin: a name, its parameters, then ``:`` (not ``:=``);
   ``alias a := b`` names one too.
3. ``import 'file'`` is read too; ``mod name`` (``name.just``, ``name/mod.just``,
   ``name/justfile``, or the path given) holds the recipes of ``just name recipe``.
4. An import or module that is not there, or spelled with ``{{``, makes the list incomplete.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field

from agents_md._util.std import lazy_compile
from agents_md.maintain.read.runners.known import Known, read_text

_RECIPE = lazy_compile(r"^@?([A-Za-z_][\w-]*)(?=[\s:])([^:=]*(?:=[^:]*)?)?:(?!=)")
_ALIAS = lazy_compile(r"^alias\s+([A-Za-z_][\w-]*)\s*:=")
_IMPORT = lazy_compile(r"^import(\??)\s+(['\"])(.*?)\2")
_MOD = lazy_compile(r"^mod(\??)\s+([A-Za-z_][\w-]*)(?:\s+(['\"])(.*?)\3)?\s*$")


def find(directory: str, stop: str) -> str | None:
    """Step 1: the justfile just reads from ``directory`` (absolute), up to ``stop``."""
    current = directory
    while True:
        try:
            entries = os.listdir(current)
        except OSError:
            entries = []
        for entry in sorted(entries):
            if entry.lower() in ("justfile", ".justfile") and os.path.isfile(os.path.join(current, entry)):
                return os.path.join(current, entry)
        if os.path.normpath(current) == os.path.normpath(stop):
            return None
        parent = os.path.dirname(current)
        if parent == current:
            return None
        current = parent


@dataclass(slots=True)
class Recipes:
    names: set[str] = field(default_factory=set)
    modules: dict[str, str | None] = field(default_factory=dict)  # name -> its file (None: not found)
    files: list[str] = field(default_factory=list)
    complete: bool = True
    fallback: bool = False

    def known(self) -> Known:
        return Known(names=frozenset(self.names), files=tuple(self.files), complete=self.complete)


def recipes(path: str) -> Recipes:
    out = Recipes()
    _read(path, out)
    return out


def _read(path: str, out: Recipes) -> None:
    if path in out.files:
        return
    text = read_text(path)
    if text is None:
        out.complete = False
        return
    out.files.append(path)
    home = os.path.dirname(path)
    for line in text.split("\n"):
        if not line or line[0] in " \t#[":
            continue
        if re.match(r"^set\s+fallback\b(?!\s*:=\s*false)", line):
            out.fallback = True
        if (alias := _ALIAS.match(line)) is not None:
            out.names.add(alias.group(1))
        elif (imported := _IMPORT.match(line)) is not None:
            target = imported.group(3)
            if "{{" in target:
                out.complete = False
            elif os.path.isfile(os.path.join(home, target)):
                _read(os.path.join(home, target), out)
            elif not imported.group(1):
                out.complete = False
        elif (module := _MOD.match(line)) is not None:
            name, given = module.group(2), module.group(4)
            out.modules[name] = _module_file(home, name, given)
        elif (recipe := _RECIPE.match(line)) is not None and not line.startswith(("export ", "set ", "alias ")):
            out.names.add(recipe.group(1))


def _module_file(home: str, name: str, given: str | None) -> str | None:
    if given:
        path = os.path.join(home, given)
        if os.path.isdir(path):
            home, given = path, None
        else:
            return path if os.path.isfile(path) else None
    for candidate in (f"{name}.just", f"{name}/mod.just", f"{name}/justfile", f"{name}/.justfile", f"{name}/Justfile"):
        path = os.path.join(home, candidate)
        if os.path.isfile(path):
            return path
    return None
