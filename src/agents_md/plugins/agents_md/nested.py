"""Which ``AGENTS.md`` files a Read (or a prompt's @-mention) attaches.

1. Only in the modes that load ``AGENTS.md``, and not while attachments are off.
2. The file must lie below the cwd — by spelling in the reference profile (an absolute path as
   the model wrote it, ``.`` and ``..`` kept); resolved through links, or below an added
   directory, in the complete profile.
3. In each directory strictly between that root and the file, shallowest first: its
   ``AGENTS.md`` and ``.claude/AGENTS.md``, each with its imports — unless (default mode) a
   ``CLAUDE.md``, ``.claude/CLAUDE.md`` or ``CLAUDE.local.md`` there claims the directory
   (its files, read all the same, are not attached as a deeper file's imports either);
   unless this loop was given it already (the read file itself, spelled the same, counts as given; in the
   complete profile a file whose text changed since is given again); unless its text
   equals a project or local file of the start or a ``CLAUDE.md``-named file on the way.
"""

from __future__ import annotations

import os

from agents_md.plugin_api import HookSession, InstructionFile, Kind
from agents_md.plugins.agents_md.placement import COMPLETE, FILE_NAMES, OWN_NAMES
from agents_md.plugins.agents_md.records import GIVEN, LOADED, READ_FILE, SAME_TEXT, ReadDecision

TYPE_CHECKING = False  # typing's constant, without importing typing at run time (``_value``)
if TYPE_CHECKING:
    from collections.abc import Sequence

# The engine's own names: a directory holding one of them is "claimed" in the default mode.
CLAUDE_NAMES = OWN_NAMES
CLAUDE_DIR = os.sep + ".claude"


def read_root(session: HookSession, path: str) -> tuple[str, str, str] | None:
    """(the path as the plugin walks it, as it compares it with the files it finds, the root it
    must lie below), or ``None``.

    The reference takes the path as the model spelled it (a ``~`` or relative one put after the
    home or the cwd, nothing made normal): it must lie below the cwd by that spelling and once
    made normal, and only a file spelled the same is the read file (``<cwd>/a/./AGENTS.md`` and
    ``./a/AGENTS.md`` attach ``a/AGENTS.md`` itself; ``<cwd>/x/../a/f.txt`` walks ``a``; with the
    cwd ``a``, ``<root>/b/../a/f.txt`` attaches nothing: g8_read_spelled_path). The complete
    profile compares the path resolved."""
    target = os.path.normpath(path)
    if session.profile == COMPLETE:
        target = session.real(target)
        for added in session.add_dirs:
            if session.inside(target, added) and not session.inside(added, session.cwd):
                return target, target, added
        if not session.inside(target, session.cwd):
            return None
        return target, target, session.cwd
    cwd = session.cwd
    if not (path == cwd or path.startswith(cwd.rstrip(os.sep) + os.sep)) or not session.inside(target, cwd):
        return None
    return target, path, cwd


class Known:
    """What every Read of a start compares its files with (step 3): the start's files by path,
    its project and local files by text. Made once a start, not on each Read."""

    __slots__ = ("paths", "texts")

    def __init__(self, paths: frozenset[str], texts: frozenset[str]) -> None:
        self.paths = paths
        self.texts = texts

    @classmethod
    def of(cls, start_files: Sequence[InstructionFile]) -> Known:
        texts = (HookSession.text_key(f.content) for f in start_files if f.kind in (Kind.PROJECT, Kind.LOCAL))
        return cls(frozenset(f.path for f in start_files), frozenset(texts))


def attach(
    session: HookSession,
    *,
    plugin: str,
    path: str,
    claims: bool,
    start: Known,
    delivered: dict[str, str],
) -> tuple[list[InstructionFile], ReadDecision | None, bool]:
    """The files to attach for ``path``, why the others found were not (``None``: not below the
    root), and whether ``delivered`` (path -> text in the complete profile, else "") changed."""
    located = read_root(session, path)
    if located is None:
        return [], None, False
    target, spelled, root = located
    claude = session.ancestors(CLAUDE_NAMES, plugin=plugin, below=target, base=root)
    claimed = {item.directory for item in claude}
    claimed_by = tuple((item.directory, item.file.path) for item in claude) if claims else ()

    def skip(d: str) -> bool:
        # A ``.claude`` folder's AGENTS.md is its parent's ``.claude/AGENTS.md``: it goes (or is
        # claimed) with the parent, never as a directory of its own.
        return d.endswith(CLAUDE_DIR)

    # Most Reads pass no ``.claude`` folder on the way.
    passes = CLAUDE_DIR in target
    found = session.ancestors(FILE_NAMES, plugin=plugin, below=target, base=root, skip=skip if passes else None)
    if claims and claimed:
        # A claimed directory's files are read all the same, imports and all, and then left out:
        # a deeper file importing one of them (or what one imports) finds it read already.
        found = tuple(item for item in found if item.directory not in claimed)
    nested = [f for item in claude for f in item.all]
    known_paths = start.paths.union(f.path for f in nested) if nested else start.paths
    known_texts = start.texts.union(session.text_key(f.content) for f in nested) if nested else start.texts
    reannounce = session.profile == COMPLETE

    def kept(f: InstructionFile) -> str:
        # What a later Read compares: the text where a changed file is given again, else nothing
        # (the path alone counts, and what is kept of a session stays small).
        return session.text_key(f.content) if reannounce else ""

    def given(f: InstructionFile) -> bool:
        text = kept(f)
        if f.path in delivered and (not reannounce or delivered[f.path] == text):
            return True
        delivered[f.path] = text
        return False

    # Each file of the walk stands on its own, imports included: an import not given yet is
    # attached even when the file importing it was given on an earlier Read.
    out: list[InstructionFile] = []
    left_out: list[tuple[str, str]] = []
    read_given = False  # the read file itself now counts as given, as it did not before
    for item in found:
        for f in item.all:
            if f.path == spelled:
                text = kept(f)
                if delivered.get(spelled) != text:
                    delivered[spelled] = text  # its text is in the tool result already
                    read_given = True
                left_out.append((f.path, READ_FILE))
                continue
            if f.path in known_paths:
                left_out.append((f.path, LOADED))
                continue
            # A file left out for its text is not given: a later Read may still attach it.
            if session.text_key(f.content) in known_texts:
                left_out.append((f.path, SAME_TEXT))
                continue
            if given(f):
                left_out.append((f.path, GIVEN))
                continue
            out.append(f)
    decision = ReadDecision(
        path=target, claimed=claimed_by, attached=tuple(f.path for f in out), left_out=tuple(left_out)
    )
    return out, decision, read_given or bool(out)
