"""The project's own Python: the scripts its ``pyproject.toml`` files declare, and its modules.

1. Scripts: ``[project.scripts]``, ``[project.gui-scripts]`` and ``[tool.poetry.scripts]`` of
   every ``pyproject.toml`` in the repository; its projects' names and every dependency they
   name (a tool a dependency installs is not the project's to know).
2. A module ``a.b.c`` is the project's when ``a`` is one of its packages: a folder ``a``
   holding ``__init__.py``, wherever the repository keeps it, and no standard module's or
   dependency's name (``python -m a`` alone, a package of anyone's, is not judged). Then
   ``a/b/c.py``, ``a/b/c/`` (``__main__.py`` or a namespace), or a compiled module's stub
   (``c.pyi``, ``c.pyx``) under one of those places is it, tracked or made locally.
"""

from __future__ import annotations

import os
import posixpath
import re
import sys
from collections.abc import Iterable
from typing import Any

from agents_md._util.std import lazy_compile
from agents_md.maintain.read.runners.known import read_text

_PEP508 = lazy_compile(r"^\s*([A-Za-z0-9][A-Za-z0-9._-]*)")


def _norm(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


class PythonProject:
    def __init__(self, root: str, tracked: Iterable[str]) -> None:
        self.root = root
        self.scripts: set[str] = set()
        self.projects: set[str] = set()
        self.dependencies: set[str] = set()
        self.pyprojects: list[str] = []
        self._packages: dict[str, list[str]] = {}  # top-level name -> folders holding it
        self._files: set[str] = set()
        for rel in tracked:
            self._files.add(rel)
            folder, name = posixpath.split(rel)
            if name == "pyproject.toml":
                self.pyprojects.append(rel)
            if name == "__init__.py" and folder:
                parent, package = posixpath.split(folder)
                self._packages.setdefault(package, []).append(parent)
        for rel in self.pyprojects:
            self._read(rel)

    def _read(self, rel: str) -> None:
        text = read_text(os.path.join(self.root, rel))
        import tomllib  # lazy: a repository without a pyproject.toml reads no TOML

        try:
            data: Any = tomllib.loads(text) if text else {}
        except tomllib.TOMLDecodeError:
            return
        project = data.get("project") if isinstance(data.get("project"), dict) else {}
        poetry = (data.get("tool") or {}).get("poetry") or {}
        for table in (project.get("scripts"), project.get("gui-scripts"), poetry.get("scripts")):
            if isinstance(table, dict):
                self.scripts.update(_norm(k) for k in table)
        for owner in (project, poetry):
            if isinstance(owner.get("name"), str):
                self.projects.add(_norm(owner["name"]))
        specs: list[Any] = list(project.get("dependencies") or ())
        for group in (project.get("optional-dependencies") or {}, data.get("dependency-groups") or {}):
            if isinstance(group, dict):
                for values in group.values():
                    specs += values if isinstance(values, list) else []
        for spec in specs:
            if isinstance(spec, str) and (m := _PEP508.match(spec)):
                self.dependencies.add(_norm(m.group(1)))
        for table in (poetry.get("dependencies"), poetry.get("dev-dependencies")):
            if isinstance(table, dict):
                self.dependencies.update(_norm(k) for k in table)

    def is_own(self, top: str) -> bool:
        """Whether a top-level name is one of the project's packages (and no other's)."""
        return top in self._packages and top not in sys.stdlib_module_names and _norm(top) not in self.dependencies

    def module(self, dotted: str) -> tuple[bool, list[str]]:
        """(whether the module is there; the places its top-level package was looked for, the
        root's and ``src/``'s first)."""
        top, *rest = dotted.split(".")
        places = sorted(self._packages.get(top, []), key=lambda p: (p not in ("", "src"), p.count("/"), p))
        for place in places:
            base = posixpath.join(place, top, *rest) if place else posixpath.join(top, *rest)
            candidates = (f"{base}.py", f"{base}.pyi", f"{base}.pyx", f"{base}/__init__.py", f"{base}/__main__.py")
            if any(c in self._files for c in candidates):
                return True, places
            if any(f.startswith(base + "/") for f in self._files):
                return True, places  # a namespace package
            if any(os.path.exists(os.path.join(self.root, c)) for c in candidates):
                return True, places  # made locally (generated, built)
        return False, places

    def near_script(self, name: str) -> bool:
        """Whether ``uv run NAME`` reads as one of the project's own scripts: named after one of
        its projects, and no script or dependency of that name."""
        norm = _norm(name)
        if norm in self.scripts or norm in self.dependencies or norm in self.projects or not self.scripts:
            return False
        return any(norm.startswith(p + "-") for p in self.projects)

    def siblings(self, dotted: str, places: list[str]) -> list[str]:
        """The modules beside where ``dotted`` would be (``a.b.x`` for ``a.b.c``), for "did you mean"."""
        *parent, _ = dotted.split(".")
        out: set[str] = set()
        for place in places:
            folder = posixpath.join(place, *parent) if place else posixpath.join(*parent)
            for f in self._files:
                if not f.startswith(folder + "/"):
                    continue
                first = f[len(folder) + 1 :].split("/", 1)[0]
                name = first[:-3] if first.endswith(".py") else first
                if name.isidentifier() and name not in ("__init__", "__main__"):
                    out.add(".".join([*parent, name]))
        return sorted(out)
