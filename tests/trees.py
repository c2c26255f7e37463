"""The one tree builder the tests use: ``{relative path: content}`` written under a base folder.

Content is ``str`` (written byte-exact as UTF-8), ``bytes``, ``{"json": value}``,
``{"b64": "..."}``, ``{"symlink": target}`` or ``{"dir": True}`` — the conformance scenarios'
format, so a recorded scenario and a unit test build their trees the same way.
"""

from __future__ import annotations

import base64
import json
import os
import time
from collections.abc import Mapping
from typing import Any


def substitute(value: Any, mapping: Mapping[str, str]) -> Any:
    if isinstance(value, str):
        for key, replacement in mapping.items():
            value = value.replace(key, replacement)
        return value
    if isinstance(value, list):
        return [substitute(v, mapping) for v in value]
    if isinstance(value, dict):
        return {k: substitute(v, mapping) for k, v in value.items()}
    return value


def build_tree(base: str | os.PathLike[str], spec: Mapping[str, Any] | None) -> str:
    base = os.fspath(base)
    os.makedirs(base, exist_ok=True)
    for rel, content in (spec or {}).items():
        path = os.path.join(base, rel)
        if rel.endswith("/") or (isinstance(content, dict) and content.get("dir")):
            os.makedirs(path, exist_ok=True)
            continue
        os.makedirs(os.path.dirname(path) or base, exist_ok=True)
        if isinstance(content, dict) and "symlink" in content:
            if os.path.lexists(path):
                os.unlink(path)
            os.symlink(content["symlink"], path)
            continue
        if isinstance(content, dict) and "json" in content:
            data = (json.dumps(content["json"], indent=2) + "\n").encode()
        elif isinstance(content, dict) and "b64" in content:
            data = base64.b64decode(content["b64"])
        elif isinstance(content, bytes):
            data = content
        elif isinstance(content, str):
            data = content.encode("utf-8")
        else:
            raise TypeError(f"{rel}: unsupported tree content {content!r}")
        with open(path, "wb") as handle:
            handle.write(data)
    return base


def repoint(link: str | os.PathLike[str], target: str) -> None:
    """Point the link ``link`` at ``target`` as ``ln -sfn`` does: another entry by the same name."""
    fresh = f"{os.fspath(link)}.new"
    os.symlink(target, fresh)
    os.replace(fresh, link)


def refusing_to_list(list_dir: Any, folder: str) -> Any:
    """``list_dir`` that cannot list ``folder`` (one may pass through it, not list it: ``chmod 711``,
    which a test run as root cannot make the disk refuse)."""
    import errno

    def search_only(path: str) -> list[str] | None:
        if path == folder:
            raise PermissionError(errno.EACCES, "Permission denied", path)
        result: list[str] | None = list_dir(path)
        return result

    return search_only


def stats_of(monkeypatch: Any) -> list[str]:
    """The paths ``os.stat`` and ``os.lstat`` are asked about from now on, as text
    (``monkeypatch`` restores them)."""
    asked: list[str] = []

    def counting(real: Any) -> Any:
        def call(path: Any, *args: Any, **kwargs: Any) -> os.stat_result:
            asked.append(os.fsdecode(path))
            return real(path, *args, **kwargs)  # type: ignore[no-any-return]

        return call

    monkeypatch.setattr(os, "stat", counting(os.stat))
    monkeypatch.setattr(os, "lstat", counting(os.lstat))
    return asked


class Clock:
    """Distinct, increasing times for what a test changes, as a fine-grained disk clock gives (a
    change is seen at once, without waiting out the racy window of a remembered lookup)."""

    def __init__(self) -> None:
        self.now = time.time_ns() - 3600 * 10**9

    def touch(self, *paths: str | os.PathLike[str]) -> None:
        for path in paths:
            self.now += 10**9
            if os.path.lexists(path):
                os.utime(path, ns=(self.now, self.now), follow_symlinks=False)

    def all(self, root: Any) -> None:
        """Every path below ``root``, the deepest first, then ``root``."""
        self.touch(*sorted(root.rglob("*"), key=lambda p: -len(p.parts)), root)


def interleaved(run: Any, threads: int = 6) -> list[BaseException]:
    """``run(k)`` in ``threads`` threads at once (k = 0, 1, ...), switching between them as often as
    the interpreter can, so that what one step of a shared structure's use leaves another meets;
    what each raised."""
    import sys
    import threading

    errors: list[BaseException] = []

    def guarded(k: int) -> None:
        try:
            run(k)
        except BaseException as exc:
            errors.append(exc)

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        started = [threading.Thread(target=guarded, args=(k,)) for k in range(threads)]
        for t in started:
            t.start()
        for t in started:
            t.join()
    finally:
        sys.setswitchinterval(interval)
    return errors
