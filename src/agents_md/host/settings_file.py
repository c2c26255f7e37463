"""Writing one plugin option into a settings file without harming the rest of it.

1. A link is followed to the file it points at, so the link stays a link; a link to nothing
   (or a loop) is refused, never a reason to create the target's folders.
2. The folder is locked (``flock``) for the whole read-edit-write, so concurrent writers of this
   tool take turns and none loses another's update.
3. The file is edited in place at the value's span (``json_edit``), a byte-order mark kept as it
   was; a file that is not valid JSON (or not UTF-8, or not a regular file) is refused, never
   overwritten.
4. It is written to a temporary file beside it and moved over it atomically, keeping its mode,
   owner and extended attributes — unless it changed since it was read (Claude Code writes it
   too): then nothing is written and the error says so.
Every failure is an ``AgentsMdError`` naming the file; the file is left as it was.
"""

from __future__ import annotations

import json
import os
from contextlib import contextmanager

from agents_md._util.atomic import atomic_write
from agents_md._util.json_edit import JsonEditError, set_value
from agents_md._util.std import Iterator
from agents_md.errors import AgentsMdError

BOM = "\ufeff"


def _fingerprint(path: str) -> tuple[int, int, int, int] | None:
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return None
    return (st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns)


@contextmanager
def _locked(directory: str) -> Iterator[None]:
    import fcntl

    fd = os.open(directory, os.O_RDONLY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)  # closing releases the lock


def _target(path: str) -> str:
    """Step 1."""
    if os.path.islink(path):
        try:
            target = os.path.realpath(path, strict=True)
        except OSError as exc:
            why = "a link loop" if "loop" in str(exc).lower() or exc.errno == 40 else "a link to nothing"
            raise AgentsMdError(f"{path}: {why} ({os.readlink(path)}); not writing through it") from exc
        return target
    return os.path.realpath(path)


def _read(path: str, target: str) -> str:
    from agents_md._util.regular import read_regular

    try:
        data = read_regular(target)
    except IsADirectoryError as exc:
        raise AgentsMdError(f"{path}: a folder, not a settings file; left as it is") from exc
    except OSError as exc:
        raise AgentsMdError(f"{path}: cannot be read ({exc.strerror or exc}); left as it is") from exc
    if data is None:
        if os.path.isdir(target):
            raise AgentsMdError(f"{path}: a folder, not a settings file; left as it is")
        return ""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise AgentsMdError(f"{path}: not UTF-8 text ({exc.reason}); left as it is") from exc


def write_option(path: str, plugin_key: str, option: str, value: str, *, legacy_key: str) -> tuple[bool, bool]:
    """Set ``pluginConfigs[plugin_key].options[option] = value``; (changed, ``legacy_key`` present there)."""
    target = _target(path)
    directory = os.path.dirname(target)
    try:
        os.makedirs(directory, exist_ok=True)
        with _locked(directory):
            return _write_locked(path, target, plugin_key, option, value, legacy_key)
    except AgentsMdError:
        raise
    except OSError as exc:
        raise AgentsMdError(f"{path}: cannot be written ({exc.strerror or exc}); left as it was") from exc


def _write_locked(
    path: str, target: str, plugin_key: str, option: str, value: str, legacy_key: str
) -> tuple[bool, bool]:
    before = _fingerprint(target)
    text = _read(path, target)
    bom = BOM if text.startswith(BOM) else ""
    body = text[len(bom) :]
    try:
        updated = set_value(body, ["pluginConfigs", plugin_key, "options", option], value)
        options = json.loads(updated).get("pluginConfigs", {}).get(plugin_key, {}).get("options", {})
    except JsonEditError as exc:
        raise AgentsMdError(f"{path}: not valid JSON: {exc}; the file was left as it is") from exc
    except (ValueError, RecursionError) as exc:
        raise AgentsMdError(f"{path}: cannot be read as JSON ({exc}); the file was left as it is") from exc
    legacy = isinstance(options, dict) and legacy_key in options
    if updated == body:
        return False, legacy
    if not body:
        updated += "\n"
    if _fingerprint(target) != before:
        raise AgentsMdError(f"{path}: changed while it was being edited; nothing written, try again")
    atomic_write(target, bom + updated)
    return True, legacy
