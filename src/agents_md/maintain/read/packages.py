"""Which words of a doc name a package rather than a path: the dependencies a folder's manifest
declares, and the repository's own packages.

1. The manifests at or above a folder (``package.json``, ``pyproject.toml``, ``Cargo.toml``,
   ``go.mod``, Dart's ``pubspec.yaml``) declare its dependencies: ``prettier/plugins/babel`` in a
   folder whose ``package.json`` depends on ``prettier`` is a module specifier, not a path. A
   workspace's root manifest counts for every package below it (``effect/unstable/cli`` in a
   package of a workspace whose root depends on ``effect``: hoisted, imported from every package).
2. A Go module counts written without its host too (``hashicorp/vault/api``).
3. Go's standard library (``go/ast``, ``net/http``) counts everywhere, and so do the
   repository's own packages: the names its manifests declare
   (``name`` of a ``package.json`` or a ``pubspec.yaml``, ``[project] name`` and ``[tool.poetry] name`` of a
   ``pyproject.toml``, ``[package] name`` of a ``Cargo.toml``, a name's ``-`` also as ``_``),
   and the Python packages at its top or under ``src/`` (a folder holding ``__init__.py``).

Manifests are read once each, and only up to a size that no real one reaches.
"""

from __future__ import annotations

import json
import os
import posixpath
import re
from collections.abc import Iterable
from typing import Any

from agents_md._util.std import lazy_compile
from agents_md._util.tree_walk import walk
from agents_md.engine.fs import DEFAULT_FS

_GO_MAJOR = lazy_compile(r"v\d+")  # a Go module's major version, the last part of its path
MANIFESTS = ("package.json", "pyproject.toml", "Cargo.toml", "go.mod", "pubspec.yaml")
# Go's standard library packages whose import path holds a ``/`` (``go/ast``, ``net/http``): no go.mod
# declares them, and a doc about a Go encoder names them as often as its own folders.
GO_STD = frozenset(
    f"{top}/{sub}"
    for top, subs in {
        "archive": "tar zip",
        "compress": "bzip2 flate gzip lzw zlib",
        "container": "heap list ring",
        "crypto": "aes cipher des dsa ecdh ecdsa ed25519 elliptic hmac md5 rand rc4 rsa sha1 sha256 sha512 subtle"
        " tls x509",
        "database": "sql",
        "debug": "buildinfo dwarf elf gosym macho pe plan9obj",
        "encoding": "ascii85 asn1 base32 base64 binary csv gob hex json pem xml",
        "go": "ast build constant doc format importer parser printer scanner token types version",
        "hash": "adler32 crc32 crc64 fnv maphash",
        "html": "template",
        "image": "color draw gif jpeg png",
        "index": "suffixarray",
        "io": "fs ioutil",
        "log": "slog syslog",
        "math": "big bits cmplx rand",
        "mime": "multipart quotedprintable",
        "net": "http mail netip rpc smtp textproto url",
        "os": "exec signal user",
        "path": "filepath",
        "regexp": "syntax",
        "runtime": "cgo debug pprof race trace",
        "sync": "atomic",
        "testing": "fstest iotest quick slogtest",
        "text": "scanner tabwriter template",
        "time": "tzdata",
        "unicode": "utf16 utf8",
    }.items()
    for sub in subs.split()
)
MAX_MANIFEST = 1 << 20  # bytes
_NPM_DEP_KEYS = ("dependencies", "devDependencies", "peerDependencies", "optionalDependencies")
_GO_REQUIRE = lazy_compile(r"^\s*(?:require\s+)?([\w.\-]+(?:/[\w.\-]+)+)\s+v", re.M)
_PEP508_NAME = lazy_compile(r"^\s*([A-Za-z0-9][A-Za-z0-9._-]*)")
# A ``pubspec.yaml``'s top-level key, and a key one level in (a dependency of a dependencies section).
_YAML_TOP = lazy_compile(r"^([A-Za-z_]\w*):\s*(.*?)\s*$")
_YAML_CHILD = lazy_compile(r"^(\s+)([A-Za-z_]\w*)\s*:")
_PUBSPEC_DEP_KEYS = ("dependencies", "dev_dependencies", "dependency_overrides")


def _pubspec(text: str, own: set[str], deps: set[str]) -> None:
    """Dart's manifest, read by its lines (no YAML parser): its ``name``, and the keys of its
    dependency sections (``flutter``, named in ``package:flutter/foundation.dart``)."""
    section: str | None = None
    indent: str | None = None  # the section's children's indentation
    for line in text.splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        top = _YAML_TOP.match(line)
        if top is not None:
            section, indent = top.group(1), None
            if section == "name" and top.group(2):
                own.add(top.group(2).strip("\"'"))
            continue
        child = _YAML_CHILD.match(line)
        if child is None or section not in _PUBSPEC_DEP_KEYS:
            continue
        if indent is None:
            indent = child.group(1)
        if child.group(1) == indent:
            deps.add(child.group(2))


def _read(path: str) -> str | None:
    try:
        data = DEFAULT_FS.read_file(path) if os.path.getsize(path) <= MAX_MANIFEST else None
    except OSError:
        return None
    return None if data is None or len(data) > MAX_MANIFEST else data.decode("utf-8", errors="replace")


def _names_and_deps(name: str, text: str) -> tuple[set[str], set[str]]:
    """(the package names the manifest declares, the dependencies it names)."""
    own: set[str] = set()
    deps: set[str] = set()
    data: Any
    if name == "package.json":
        try:
            data = json.loads(text)
        except ValueError:
            return own, deps
        if isinstance(data, dict):
            if isinstance(data.get("name"), str):
                own.add(data["name"])
            for key in _NPM_DEP_KEYS:
                if isinstance(data.get(key), dict):
                    deps.update(str(k) for k in data[key])
    elif name in ("pyproject.toml", "Cargo.toml"):
        import tomllib  # lazy: only a Python or Rust package's manifest is TOML

        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError:
            return own, deps
        for table in (data.get("project"), data.get("package"), (data.get("tool") or {}).get("poetry")):
            if isinstance(table, dict) and isinstance(table.get("name"), str):
                own.add(table["name"])
        project = data.get("project") if isinstance(data.get("project"), dict) else {}
        for spec in project.get("dependencies") or ():
            if isinstance(spec, str) and (m := _PEP508_NAME.match(spec)):
                deps.add(m.group(1))
        workspace = data.get("workspace") if isinstance(data.get("workspace"), dict) else {}
        for table in (
            *(data.get(k) for k in ("dependencies", "dev-dependencies", "build-dependencies")),
            workspace.get("dependencies"),
        ):
            if isinstance(table, dict):
                deps.update(str(k) for k in table)
        poetry = (data.get("tool") or {}).get("poetry") or {}
        if isinstance(poetry, dict) and isinstance(poetry.get("dependencies"), dict):
            deps.update(str(k) for k in poetry["dependencies"])
    elif name == "pubspec.yaml":
        _pubspec(text, own, deps)
    elif name == "go.mod":
        deps.update(_GO_REQUIRE.findall(text))
        module = re.search(r"^\s*module\s+(\S+)", text, re.M)
        if module:
            own.add(module.group(1))

    # A Python or Rust name is imported with "_" where its manifest may spell "-".
    def both(names: set[str]) -> set[str]:
        return names | {n.replace("-", "_") for n in names} | {n.replace("_", "-") for n in names}

    return both(own), both(deps)


def manifests_on_disk(root: str) -> list[str]:
    """Outside git: the manifests on disk (``.git`` and ``node_modules`` left out)."""
    out: list[str] = []
    for directory, dirs, files in walk(root):
        dirs[:] = [d for d in dirs if d not in (".git", "node_modules")]
        out += [os.path.relpath(os.path.join(directory, f), root).replace(os.sep, "/") for f in files if f in MANIFESTS]
    return out


class Packages:
    """The packages a doc's words may name, over one repository."""

    def __init__(self, root: str, manifests: Iterable[str]) -> None:
        self.root = root
        self._by_dir: dict[str, str] = {}  # folder -> the manifest in it (first of MANIFESTS)
        for rel in sorted(manifests):
            folder, name = posixpath.split(rel)
            if name in MANIFESTS:
                self._by_dir.setdefault(folder, rel)
        self._parsed: dict[str, tuple[set[str], set[str]]] = {}
        self._own: set[str] | None = None

    def _manifest(self, rel: str) -> tuple[set[str], set[str]]:
        if rel not in self._parsed:
            text = _read(os.path.join(self.root, *rel.split("/")))
            self._parsed[rel] = _names_and_deps(posixpath.basename(rel), text) if text is not None else (set(), set())
        return self._parsed[rel]

    def own(self) -> set[str]:
        """Step 3."""
        if self._own is None:
            names: set[str] = set()
            for rel in self._by_dir.values():
                names |= self._manifest(rel)[0]
            for base in ("", "src"):
                folder = os.path.join(self.root, base)
                try:
                    entries = os.listdir(folder)
                except OSError:
                    continue
                names.update(e for e in entries if os.path.isfile(os.path.join(folder, e, "__init__.py")))
            self._own = names
        return self._own

    def dependencies(self, directory: str) -> set[str]:
        """Step 1, for a folder relative to the root."""
        out: set[str] = set()
        current = directory
        while True:
            rel = self._by_dir.get(current)
            if rel is not None:
                out |= self._manifest(rel)[1]
            if not current:
                return out
            current = posixpath.dirname(current)

    def depends_on(self, directory: str, word: str) -> bool:
        """Whether ``word`` names a dependency of ``directory`` (step 1): the whole name, or its last
        part (``lib-commons`` of ``github.com/LerianStudio/lib-commons/v5``, a Go module's major
        version dropped; ``ui`` of ``@acme/ui``)."""
        for dep in self.dependencies(directory):
            parts = dep.split("/")
            if len(parts) > 1 and _GO_MAJOR.fullmatch(parts[-1]):
                parts.pop()
            if word in (dep, parts[-1]):
                return True
        return False

    def names(self, directory: str, first: str, second: str | None) -> bool:
        """Whether a path starting ``first/second`` names a package in ``directory``'s scope (a scoped
        npm name is ``@first/second``)."""
        known = self.dependencies(directory) | self.own()
        if second is not None and f"{first}/{second}" in GO_STD:
            return True
        if first in known or (second is not None and f"@{first}/{second}" in known):
            return True
        if second is None:
            return False
        # A Go module named without its host (``hashicorp/vault/api`` of ``github.com/hashicorp/vault/api``).
        named = f"{first}/{second}"
        for dep in known:
            host, _, rest = dep.partition("/")
            if "." in host and (rest == named or rest.startswith(named + "/")):
                return True
        return False
