"""What counts as code for the git rules (``doc-not-updated``, ``stale-doc``): a change a doc
plausibly describes. The same notion for both rules.

1. Not code, by name alone (``not_code`` says which kind): instruction files and ``.claude/``;
   files of a skill's folder; lockfiles; generated files (``generated/`` folders, ``*.gen.go``,
   ``*_pb2.py``, ``*.min.js``, ``*.lock.yml`` workflows, ...); vendored folders; test data and
   snapshots (``testdata/``, ``fixtures/``, ``__snapshots__/``, ``*.snap``); prose (Markdown,
   reST, text), changelogs and release notes (``CHANGELOG``, ``.changeset/``, ``changelog/``);
   assets (images, fonts, media, archives); version files (``VERSION``); a dependency's patch
   (``patches/tar@7.5.22.patch``).
2. Not code, by the repository's word: git's ``linguist-generated`` and ``linguist-vendored``
   attributes (asked for a diff's files), and the configured ``not-code`` globs.
3. Not a meaningful change: a manifest (``package.json``, ``pyproject.toml``, ``Cargo.toml``,
   ``go.mod``, ``pnpm-workspace.yaml``, ...) whose changed lines differ only in version numbers,
   or are all dependencies' lines (an override added, a pin moved: ``manifest_versions_only``).
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Iterable

LOCKFILES = frozenset(
    {
        "package-lock.json",
        "npm-shrinkwrap.json",
        "pnpm-lock.yaml",
        "yarn.lock",
        "bun.lock",
        "bun.lockb",
        "deno.lock",
        "cargo.lock",
        "go.sum",
        "go.work.sum",
        "poetry.lock",
        "uv.lock",
        "pipfile.lock",
        "pdm.lock",
        "composer.lock",
        "gemfile.lock",
        "mix.lock",
        "flake.lock",
        "podfile.lock",
        "pubspec.lock",
        "packages.lock.json",
        "gradle.lockfile",
        "package.resolved",
        ".terraform.lock.hcl",  # Terraform's provider versions
    }
)
GENERATED_DIRS = frozenset({"generated", "__generated__", "_generated", "gen-src", "autogen"})
VENDORED_DIRS = frozenset({"vendor", "vendored", "third_party", "third-party", "thirdparty", "node_modules"})
TEST_DATA_DIRS = frozenset(
    {
        "testdata",
        "test-data",
        "test_data",
        "fixtures",
        "__fixtures__",
        "__snapshots__",
        "snapshots",
        "golden",
        "goldens",
    }
)
RELEASE_DIRS = frozenset({".changeset", ".changes", "changelog", "changelogs", "changelog.d", "newsfragments"})
PROSE_EXTENSIONS = frozenset({".md", ".mdx", ".markdown", ".rst", ".adoc", ".txt", ".textile", ".org"})
ASSET_EXTENSIONS = frozenset(
    {
        ".png",
        ".jpg",
        ".jpeg",
        ".gif",
        ".webp",
        ".avif",
        ".ico",
        ".icns",
        ".svg",
        ".bmp",
        ".tiff",
        ".psd",
        ".woff",
        ".woff2",
        ".ttf",
        ".otf",
        ".eot",
        ".mp3",
        ".mp4",
        ".webm",
        ".mov",
        ".wav",
        ".ogg",
        ".pdf",
        ".zip",
        ".gz",
        ".tgz",
        ".bz2",
        ".xz",
        ".7z",
        ".jar",
        ".wasm",
        ".map",
    }
)
_GENERATED_NAME = re.compile(
    r"(?:[._-]gen(?:erated)?\.[^.]+$|_pb2(?:_grpc)?\.pyi?$|\.pb(?:\.gw)?\.go$|_string\.go$|\.min\.(?:js|css)$"
    r"|\.lock\.ya?ml$|\.snap$|\.golden$)",
    re.I,
)
_RELEASE_NAME = re.compile(r"^(?:changelog|changes|history|news|releases?|release[-_]notes|upgrading)(?:\.|$)", re.I)
# A package manager's patch of a dependency (pnpm's ``tar@7.5.22.patch``, patch-package's ``x+1.2.3.patch``).
_DEPENDENCY_PATCH = re.compile(r"^[@\w.-]+[@+]v?\d[\w.+-]*\.patch$")
_KEEP_TEXT = re.compile(r"^(?:requirements.*|constraints.*|cmakelists|robots|llms)\.txt$", re.I)
VERSION_FILES = frozenset(
    {
        "version",
        "version.txt",
        ".version",
        "_version.py",
        "version.go",
        ".release-please-manifest.json",
        ".nvmrc",
        ".node-version",
        ".python-version",
        ".ruby-version",
        ".go-version",
        ".tool-versions",
        "rust-toolchain",
        "rust-toolchain.toml",
    }
)
MANIFESTS = frozenset(
    {
        "package.json",
        "pyproject.toml",
        "setup.cfg",
        "cargo.toml",
        "go.mod",
        "composer.json",
        "pubspec.yaml",
        "chart.yaml",
        "deno.json",
        "jsr.json",
        "gemfile",
        "pom.xml",
        "build.gradle",
        "build.gradle.kts",
        "directory.packages.props",
        "directory.build.props",
        "pnpm-workspace.yaml",
    }
)
MARKS = ("linguist-generated", "linguist-vendored")  # git attributes that say a file is not the repository's code
_MANIFEST_EXTENSIONS = (".csproj", ".fsproj", ".vbproj", ".gemspec", ".nuspec")


def not_code(path: str) -> str | None:
    """Step 1: the kind of file ``path`` is when it is no code a doc describes, else ``None``."""
    parts = path.split("/")
    base = parts[-1]
    lower = base.lower()
    folders = parts[:-1]
    if lower in LOCKFILES or lower.endswith((".lock", ".lockfile")):
        return "lockfile"
    if not VENDORED_DIRS.isdisjoint(folders):
        return "vendored"
    if not GENERATED_DIRS.isdisjoint(folders) or _GENERATED_NAME.search(base):
        return "generated"
    if not TEST_DATA_DIRS.isdisjoint(folders):
        return "test data"
    if not RELEASE_DIRS.isdisjoint(folders) or _RELEASE_NAME.match(base):
        return "release notes"
    ext = posixpath.splitext(lower)[1]
    if ext in ASSET_EXTENSIONS:
        return "asset"
    if ext in PROSE_EXTENSIONS and not _KEEP_TEXT.match(base):
        return "prose"
    if lower in VERSION_FILES:
        return "version file"
    if folders and folders[-1] == "patches" and _DEPENDENCY_PATCH.match(base):
        return "dependency patch"
    return None


def is_manifest(path: str) -> bool:
    base = path.rpartition("/")[2].lower()
    return base in MANIFESTS or base.endswith(_MANIFEST_EXTENSIONS)


_VERSION = re.compile(r"[\^~<>=!]*v?\d+(?:\.\d+)+(?:[-+.~]?[0-9A-Za-z]+)*|[\^~<>=!]+v?\d+\b|\b[0-9a-f]{40}\b|@v\d+\b")


# A line that pins a package to a version or a range (``"react": "^18.3.1"``, ``"tar@<7.5.21": ">=7.5.21"``,
# ``requests = ">=2"``): a dependency's line, whatever it adds or removes.
_DEPENDENCY_LINE = re.compile(
    r"""^\s*["']?(?P<name>@?[\w./-]+)(?P<range>@[^"':=]*(?:[=<>][^"':]*)?)?["']?\s*[:=]\s*["']?"""
    r"""(?:[\^~<>=!*]|v?\d)[^"']*["']?,?\s*$"""
)


def manifest_versions_only(removed: Iterable[str], added: Iterable[str]) -> bool:
    """Step 3: whether a manifest's removed and added lines are the same once version numbers
    are set aside (``"version": "1.2.3"`` -> ``"1.3.0"``, ``"react": "^18.2.0"`` -> ``"^18.3.1"``),
    or are all dependencies' lines (a security override added, a pin moved)."""
    removed, added = [line for line in removed if line.strip()], [line for line in added if line.strip()]

    def shape(lines: Iterable[str]) -> list[str]:
        return sorted(_VERSION.sub("V", line).strip() for line in lines)

    if shape(removed) == shape(added) and removed:
        return True
    # Dependencies' lines only, the same packages on both sides, but for pins an override adds or
    # drops (``"sharp@<0.35.0": ">=0.35.0"``): a package swapped for another is a change.
    gone, came = [_DEPENDENCY_LINE.match(line) for line in removed], [_DEPENDENCY_LINE.match(line) for line in added]
    if not (gone or came) or not all(gone) or not all(came):
        return False
    before = {m["name"] for m in gone if m is not None and not m["range"]}
    after = {m["name"] for m in came if m is not None and not m["range"]}
    return before == after
