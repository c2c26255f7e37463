"""``package.json`` scripts, and the workspace packages a ``--filter`` names.

1. A folder's package is the nearest ``package.json`` at or above it; a script of a package
   above that one (the workspace root's) is found too: agents mostly run from the root.
2. ``--filter NAME`` (``-F``, npm's ``--workspace``/``-w``, ``yarn workspace NAME``) is the
   package whose ``name`` is ``NAME``; ``./path`` or ``{path}`` the one in that folder.
3. pnpm's ``-w`` is the workspace root: the folder of the nearest ``pnpm-workspace.yaml``
   above, else the repository's root ``package.json``.
4. A Yarn project of Yarn 2 or later (its root's ``packageManager`` says ``yarn@2`` or later, or a
   ``.yarnrc.yml`` stands beside it) runs a script whose name holds a colon from any of its
   workspaces when exactly one of them defines it (``yarn dev:reset``, the app's, run from a
   package): ``yarn_project`` is the root of the one a folder lies in.
"""

from __future__ import annotations

import json
import os
import posixpath

from agents_md._util.std import lazy_compile
from agents_md._value import Value
from agents_md.maintain.read.runners.known import Known, read_text

_DEP_KEYS = ("dependencies", "devDependencies", "peerDependencies", "optionalDependencies")


class Package(Value):
    folder: str  # relative to the root ("" the root)
    name: str
    scripts: frozenset[str]
    dependencies: frozenset[str]
    readable: bool = True
    yarn_root: bool = False  # the root of a project of Yarn 2 or later (step 4)


# ``yarn@4.17.1+sha512...``: Yarn 2 or later, whose colon scripts run from any workspace.
_YARN_BERRY = lazy_compile(r"^yarn@(?:[2-9]|\d{2,})\.")


class Packages:
    """The repository's ``package.json`` files, by folder and by name, each read once."""

    def __init__(self, root: str, manifests: list[str]) -> None:
        self.root = root
        self.folders = {posixpath.dirname(m) for m in manifests if posixpath.basename(m) == "package.json"}
        self.workspace_roots = {
            posixpath.dirname(m) for m in manifests if posixpath.basename(m) == "pnpm-workspace.yaml"
        }
        self._read: dict[str, Package] = {}
        self._by_name: dict[str, list[str]] | None = None

    def at(self, folder: str) -> Package:
        if folder not in self._read:
            text = read_text(os.path.join(self.root, folder, "package.json"))
            data = None
            if text is not None:
                try:
                    data = json.loads(text)
                except ValueError:
                    data = None
            if not isinstance(data, dict):
                self._read[folder] = Package(
                    folder=folder, name="", scripts=frozenset(), dependencies=frozenset(), readable=False
                )
            else:
                scripts = data.get("scripts")
                deps: set[str] = set()
                for key in _DEP_KEYS:
                    if isinstance(data.get(key), dict):
                        deps.update(str(k) for k in data[key])
                manager = data.get("packageManager")
                berry = (isinstance(manager, str) and _YARN_BERRY.match(manager) is not None) or (
                    not isinstance(manager, str) and os.path.isfile(os.path.join(self.root, folder, ".yarnrc.yml"))
                )
                self._read[folder] = Package(
                    folder=folder,
                    name=data["name"] if isinstance(data.get("name"), str) else "",
                    scripts=frozenset(str(k) for k in scripts) if isinstance(scripts, dict) else frozenset(),
                    dependencies=frozenset(deps),
                    yarn_root=berry and "workspaces" in data,
                )
        return self._read[folder]

    def nearest(self, folder: str) -> Package | None:
        """Step 1."""
        current = folder
        while True:
            if current in self.folders:
                return self.at(current)
            if not current or current.startswith(".."):
                return None
            current = posixpath.dirname(current)

    def above(self, folder: str) -> list[Package]:
        """The packages in the folders above a folder, nearest first."""
        out: list[Package] = []
        current = folder
        while current:
            current = posixpath.dirname(current)
            if current in self.folders:
                out.append(self.at(current))
        return out

    def below(self, folder: str) -> list[Package]:
        """The packages at or under a folder."""
        return [self.at(f) for f in sorted(self.folders) if not folder or f == folder or f.startswith(folder + "/")]

    def named(self, spec: str, cwd: str) -> Package | None:
        """Step 2: the one package a filter names, or ``None``."""
        if spec.startswith("{") and spec.endswith("}"):
            spec = spec[1:-1]
        if spec.startswith(("./", "../")) or ("/" in spec and not spec.startswith("@")):
            folder = posixpath.normpath(posixpath.join(cwd, spec)).strip("/")
            return self.at(folder) if folder in self.folders else None
        if self._by_name is None:
            self._by_name = {}
            for f in sorted(self.folders):
                self._by_name.setdefault(self.at(f).name, []).append(f)
        found = self._by_name.get(spec, [])
        return self.at(found[0]) if len(found) == 1 else None

    def yarn_project(self, folder: str) -> Package | None:
        """Step 4: the root of the Yarn 2+ project a folder lies in, or ``None``."""
        for package in [p for p in (self.nearest(folder),) if p is not None] + self.above(folder):
            if package.yarn_root:
                return package
        return None

    def workspace_root(self, folder: str) -> Package | None:
        """Step 3."""
        current = folder
        while True:
            if current in self.workspace_roots and current in self.folders:
                return self.at(current)
            if not current:
                return self.at("") if "" in self.folders else None
            current = posixpath.dirname(current)


def known(package: Package) -> Known:
    return Known(
        names=package.scripts,
        files=(posixpath.join(package.folder, "package.json"),),
        complete=package.readable,
    )
