"""Whether the engine lets a Read through in ``-p`` mode, where no one is asked.

1. A path inside the cwd or an ``--add-dir`` folder may be read (a project's
   ``permissions.additionalDirectories`` was not seen to allow one).
2. Elsewhere a Read is allowed when ``--allowedTools`` or a settings layer's ``permissions.allow``
   names the Read tool bare (``Read``; ``Read(*)`` does not), or when permissions are bypassed
   (``--permission-mode bypassPermissions``, ``--dangerously-skip-permissions``).
3. A refused Read gives its file to no one: it is not counted as read (a conditional rule read
   that way is still attached by a later Read it matches).
"""

from __future__ import annotations

import os

from agents_md._util.std import Iterator, Mapping
from agents_md.engine.args import EngineArgs
from agents_md.engine.paths import within
from agents_md.engine.settings import Settings

_WHOLE = ("Read",)


def _permissions(settings: Settings, key: str) -> Iterator[str]:
    for layer in settings.layers:
        permissions = layer.values.get("permissions")
        values = permissions.get(key) if isinstance(permissions, Mapping) else None
        if isinstance(values, tuple):
            yield from (v for v in values if isinstance(v, str))


def read_allowed_anywhere(args: EngineArgs, settings: Settings) -> bool:
    """Step 2."""
    if args.permission_mode == "bypassPermissions":
        return True
    named = [n for value in args.allowed_tools for n in value.replace(",", " ").split()]
    return any(n in _WHOLE for n in (*named, *_permissions(settings, "allow")))


def working_folders(args: EngineArgs, cwd: str) -> tuple[str, ...]:
    """Step 1's folders."""
    return (cwd, *(os.path.normpath(os.path.join(cwd, folder)) for folder in args.add_dirs))


def may_read(path: str, folders: tuple[str, ...], anywhere: bool) -> bool:
    return anywhere or any(within(path, folder) for folder in folders)
