"""Whether the engine lets a Read through in ``-p`` mode, where no one is asked.

1. A path inside the cwd or an ``--add-dir`` folder may be read (a project's
   ``permissions.additionalDirectories`` was not seen to allow one).
2. Elsewhere a Read is allowed when ``--allowedTools`` or a settings layer's ``permissions.allow``
   names the Read tool bare (``Read``; ``Read(*)`` does not), or when permissions are bypassed
   (``--permission-mode bypassPermissions``, ``--dangerously-skip-permissions``).
3. A refused Read gives its file to no one: it is not counted as read (a conditional rule read
   that way is still attached by a later Read it matches).
4. A settings layer's ``permissions.deny`` refuses a Read, wherever the file lies, and so does its
   ``permissions.ask`` (no one answers: g11_read_ask_rule): ``Read`` bare
   refuses every one; ``Read(pattern)`` the files its ``.gitignore``-style pattern matches
   (``ignore_globs``), read against a base by its start: ``//`` the filesystem's root, ``~/``
   the home, ``/`` the folder holding the settings' ``.claude`` folder (the user's and a
   ``--settings`` file's own folder, the cwd for the managed settings: ``_slash_base``; the three anchored at
   that base: ``Read(/AGENTS.md)`` is its own ``AGENTS.md`` alone), anything else (``./``
   dropped) the cwd. So ``Read(./.env)`` refuses ``apps/web/.env`` too (no ``/`` inside: any
   depth), ``Read(./secrets/**)`` what is below the cwd's ``secrets``, ``Read(**/*.pem)`` every
   ``.pem`` below the cwd (g11_read_deny_rules_realistic).
   A path is refused when its own spelling or the file it leads to (links resolved) is matched.
5. Nor does the engine load an instruction file its deny rules refuse to Read: a start's
   ``CLAUDE.local.md`` or rule, a Read's nested ``CLAUDE.md``, an import — left out as
   ``denied`` (g11_read_deny_instruction_files_themselves, g11_read_deny_and_instruction_files).
"""

from __future__ import annotations

import os

from agents_md._util.std import Callable, Iterator, Mapping
from agents_md.engine.args import EngineArgs
from agents_md.engine.paths import within
from agents_md.engine.settings import FLAG, POLICY, USER, Settings, SettingsLayer

_WHOLE = ("Read",)


def _rules(settings: Settings, *keys: str) -> Iterator[tuple[SettingsLayer, str]]:
    """Each layer's ``permissions`` rules under ``keys``, with the layer they are written in."""
    for layer in settings.layers:
        permissions = layer.values.get("permissions")
        if not isinstance(permissions, Mapping):
            continue
        for key in keys:
            values = permissions.get(key)
            if isinstance(values, tuple):
                yield from ((layer, v) for v in values if isinstance(v, str))


def read_allowed_anywhere(args: EngineArgs, settings: Settings) -> bool:
    """Step 2."""
    if args.permission_mode == "bypassPermissions":
        return True
    named = [n for value in args.allowed_tools for n in value.replace(",", " ").split()]
    return any(n in _WHOLE for n in (*named, *(rule for _, rule in _rules(settings, "allow"))))


def working_folders(args: EngineArgs, cwd: str) -> tuple[str, ...]:
    """Step 1's folders."""
    return (cwd, *(os.path.normpath(os.path.join(cwd, folder)) for folder in args.add_dirs))


def read_denied(
    settings: Settings, cwd: str, home: str, *, bypass: bool = False
) -> tuple[tuple[str, tuple[str, ...]], ...] | None:
    """Step 4: the deny (and ask) rules for Reads as (base, patterns) pairs, ``None`` when a bare
    ``Read`` refuses them all; ``bypass``: permissions are bypassed, and nobody is asked."""
    rules: dict[str, list[str]] = {}
    for layer, value in _rules(settings, *(("deny",) if bypass else ("deny", "ask"))):
        rule = value.strip()
        if rule == "Read":
            return None
        if not (rule.startswith("Read(") and rule.endswith(")")) or len(rule) == len("Read()"):
            continue
        pattern = rule[len("Read(") : -1]
        # A based pattern keeps a leading ``/``: anchored at its base, as in a ``.gitignore``
        # (``Read(/AGENTS.md)`` refuses the base's own AGENTS.md, not a nested one).
        if pattern.startswith("//"):
            base, pattern = os.sep, pattern[1:]
        elif pattern.startswith("~/"):
            base, pattern = home, pattern[1:]
        elif pattern.startswith("/"):
            base = _slash_base(layer, cwd)
        else:
            base = cwd
            while pattern.startswith("./"):
                pattern = pattern[2:]
        rules.setdefault(base, []).append(pattern)
    return tuple((base, tuple(patterns)) for base, patterns in rules.items())


def _slash_base(layer: SettingsLayer, cwd: str) -> str:
    """The folder a ``Read(/...)`` rule starts from, by the settings it is written in: a project's
    or local, the folder holding their ``.claude`` folder; the user's (``~/.claude`` or the config
    dir) and a ``--settings`` file's, the folder holding the file (h37_deny_user_base_probe,
    h37_deny_config_dir_user_base, h37_deny_flag_file_dir, h37_deny_flag_file_dotclaude); the
    managed settings', the cwd (h37_deny_managed_slash_cwd_web). Inline ``--settings`` JSON names
    no folder of the project (h37_deny_flag_inline_root): read from the filesystem's root."""
    if layer.name == POLICY:
        return cwd
    if layer.path is None:
        return os.sep
    if layer.name in (FLAG, USER):
        return os.path.dirname(layer.path)
    return os.path.dirname(os.path.dirname(layer.path))


def denier(
    settings: Settings, cwd: str, home: str, realpath: Callable[[str], str] = os.path.realpath
) -> Callable[[str], bool] | None:
    """Step 5: what the engine loads no instruction file of (a start's, a Read's, an import):
    the files its deny rules refuse to Read; ``None`` when it has none. ``realpath`` is the
    session's filesystem's (links are where its files are, not always on this disk)."""
    rules = read_denied(settings, cwd, home, bypass=True)
    if rules == ():
        return None
    return lambda path: denied(path, rules, realpath)


def denied(
    path: str,
    rules: tuple[tuple[str, tuple[str, ...]], ...] | None,
    realpath: Callable[[str], str] = os.path.realpath,
) -> bool:
    """Whether step 4's ``rules`` refuse a Read of ``path``, its links resolved by ``realpath``."""
    if rules is None:
        return True
    from agents_md.engine.ignore_globs import matches  # a project with deny rules alone

    # The engine checks where a link leads too: a CLAUDE.md linked to a denied AGENTS.md, a file
    # read through a linked folder (h37_deny_agents_root_claude_link, h37_deny_symlink_dir_alias).
    real = realpath(path)
    spellings = (path,) if real == path else (path, real)
    for base, patterns in rules:
        for spelled in spellings:
            if within(spelled, base) and spelled != base:
                rel = os.path.relpath(spelled, base).replace(os.sep, "/")
                if matches(patterns, rel):
                    return True
    return False


def may_read(
    path: str,
    folders: tuple[str, ...],
    anywhere: bool,
    deny: tuple[tuple[str, tuple[str, ...]], ...] | None = (),
    realpath: Callable[[str], str] = os.path.realpath,
) -> bool:
    if deny != () and denied(path, deny, realpath):
        return False
    return anywhere or any(within(path, folder) for folder in folders)
