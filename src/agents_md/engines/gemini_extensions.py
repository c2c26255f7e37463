"""Gemini CLI's extensions: the context files of the installed extensions enabled where it runs.

1. Each entry of ``~/.gemini/extensions`` that is a folder (or a link to one) is an extension;
   one whose ``.gemini-extension-install.json`` says ``"type": "link"`` lives at its ``source``.
   ``security.allowedExtensions`` (patterns): only an extension whose install ``source``, as a
   path (its real path, else resolved from the working directory: a URL never matches a
   ``^https://`` pattern), one matches is loaded, and one without a ``source`` stops Gemini CLI;
   else ``security.blockGitExtensions`` passes over those installed from git or a release.
2. Its ``gemini-extension.json`` must be a JSON object with a ``name`` (letters, digits and
   ``-``) and a ``version``; an extension without one is skipped.
3. ``contextFileName``: a name or a list of names (none, or ``""``: ``GEMINI.md``; ``[]``: none). A name that
   is not a string, is blank, absolute, or holds ``..`` or a NUL is passed over; the others are
   resolved in the extension's folder, and one naming nothing there is passed over.
4. ``~/.gemini/extensions/extension-enablement.json`` maps an extension's name to its
   ``overrides``: rules ``[!]/folder/[*]`` (``!`` disables, a trailing ``*`` covers the folders
   below too, a ``*`` elsewhere any run of characters). The last rule matching the working
   directory decides; none: the extension is enabled. A file of another shape enables them all.
5. The files of the enabled extensions, each once, sorted as JavaScript sorts strings: they are
   sent after the global files, before the project's (``gemini``).
"""

from __future__ import annotations

import json
import os
import re
from urllib.parse import unquote

from agents_md._util.jstext import js_sort_key
from agents_md.engine.fs import DEFAULT_FS, FileSystem
from agents_md.engine.paths import is_inside
from agents_md.engines.gemini_settings import GeminiSettingsError

EXTENSIONS = os.path.join(".gemini", "extensions")
MANIFEST = "gemini-extension.json"
INSTALL_METADATA = ".gemini-extension-install.json"
ENABLEMENT = "extension-enablement.json"
DEFAULT_NAME = "GEMINI.md"
_NAME = re.compile(r"[a-zA-Z0-9-]+")
_REGEX_SPECIALS = re.compile(r"[.+?^${}()|\[\]\\]")
_STAR = re.compile(r"(/?)\*")


def _json(path: str, fs: FileSystem) -> object:
    try:
        data = fs.read_file(path)
        return None if data is None else json.loads(data.decode("utf-8", "replace"))
    except (OSError, ValueError):
        return None


def _folder(extension: str, fs: FileSystem) -> str:
    """Step 1: where an extension's files are (a linked extension's ``source``)."""
    meta = _json(os.path.join(extension, INSTALL_METADATA), fs)
    if isinstance(meta, dict) and meta.get("type") == "link" and isinstance(meta.get("source"), str):
        return str(meta["source"])
    return extension


def _names(value: object) -> list[object]:
    if value is None or value is False or value == "" or value == 0:  # JavaScript's false values
        return [DEFAULT_NAME]
    return value if isinstance(value, list) else [value]


def _context_file(folder: str, name: object, fs: FileSystem) -> str | None:
    """Step 3 for one name."""
    if not isinstance(name, str) or not name.strip() or "\0" in name or os.path.isabs(name):
        return None
    try:
        decoded = unquote(name, errors="strict")
    except UnicodeDecodeError:
        decoded = name
    if ".." in name or ".." in decoded:
        return None
    path = os.path.normpath(os.path.join(folder, name))
    return path if is_inside(path, os.path.normpath(folder)) and fs.exists(path) else None


def _rule_matches(rule: str, cwd: str) -> tuple[bool, bool]:
    """Step 4 for one rule: (whether it matches ``cwd``, whether it enables)."""
    enables = not rule.startswith("!")
    base = rule if enables else rule[1:]
    escaped = _REGEX_SPECIALS.sub(lambda m: "\\" + m.group(0), base)
    pattern = _STAR.sub(lambda m: f"({m.group(1)}.*)?", escaped)
    folder = cwd if cwd.endswith("/") else cwd + "/"
    return re.fullmatch(pattern, folder) is not None, enables


def _enabled(name: str, cwd: str, rules: dict[str, object]) -> bool:
    entry = rules.get(name)
    overrides = entry.get("overrides") if isinstance(entry, dict) else None
    enabled = True
    for rule in overrides if isinstance(overrides, list) else []:
        matches, enables = _rule_matches(str(rule), cwd)
        if matches:
            enabled = enables
    return enabled


def _enablement(home: str, fs: FileSystem) -> dict[str, object]:
    table = _json(os.path.join(home, EXTENSIONS, ENABLEMENT), fs)
    if not isinstance(table, dict):
        return {}
    for value in table.values():  # one entry of another shape: the file counts for nothing
        overrides = value.get("overrides") if isinstance(value, dict) else None
        if not isinstance(overrides, list) or not all(isinstance(r, str) for r in overrides):
            return {}
    return table


def _admitted(extension: str, cwd: str, allowed: tuple[str, ...], block_git: bool, fs: FileSystem) -> bool:
    """Step 1's settings: ``security.allowedExtensions`` and ``security.blockGitExtensions``."""
    meta = _json(os.path.join(extension, INSTALL_METADATA), fs)
    meta = meta if isinstance(meta, dict) else {}
    if allowed:
        source = meta.get("source")
        if not isinstance(source, str) or not source:
            raise GeminiSettingsError(f"Failed to load extension {extension}. The {INSTALL_METADATA} file is missing")
        # The source as a path: its real path, else resolved from the working directory (a URL too).
        real = fs.realpath(source) if fs.exists(source) else os.path.normpath(os.path.join(cwd, source))
        for pattern in allowed:
            try:
                if re.search(pattern, real):
                    return True
            except re.error as exc:
                raise GeminiSettingsError(f'Invalid regex pattern in allowedExtensions setting: "{pattern}"') from exc
        return False
    return not (block_git and meta.get("type") in ("git", "github-release"))


def extension_files(
    home: str,
    cwd: str,
    fs: FileSystem = DEFAULT_FS,
    *,
    allowed: tuple[str, ...] = (),
    block_git: bool = False,
) -> list[tuple[str, str]]:
    """Steps 1-5: (path, why) for each context file of each extension enabled in ``cwd``."""
    where = os.path.join(home, EXTENSIONS)
    rules = _enablement(home, fs)
    found: dict[str, str] = {}
    for entry in fs.list_dir(where) or []:
        extension = os.path.join(where, entry)
        if not fs.is_dir(extension) or not _admitted(extension, cwd, allowed, block_git, fs):
            continue
        folder = _folder(extension, fs)
        manifest = _json(os.path.join(folder, MANIFEST), fs)
        if not isinstance(manifest, dict) or not manifest.get("name") or not manifest.get("version"):
            continue
        name = manifest["name"]
        if not isinstance(name, str) or not _NAME.fullmatch(name) or not _enabled(name, cwd, rules):
            continue
        for value in _names(manifest.get("contextFileName")):
            path = _context_file(folder, value, fs)
            if path is not None:
                found.setdefault(path, f"extension {name}: {os.path.relpath(path, folder)}")
    return sorted(found.items(), key=lambda item: js_sort_key(item[0]))
