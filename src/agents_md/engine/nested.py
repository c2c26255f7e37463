"""The engine's own attachments after a Read: nested instruction files below the cwd.

For a read file inside the cwd (and not inside an added directory):

1. For each directory strictly below the cwd down to the file's directory, shallowest
   first: ``CLAUDE.md``, ``.claude/CLAUDE.md``, the unconditional ``.claude/rules/**/*.md``,
   ``CLAUDE.local.md`` — each with its imports.
2. Conditional rules (``paths:`` front matter) whose globs match the file: those of the
   nested directories in step 1, then the managed and user ones (globs relative to the
   cwd), then those of the cwd and its ancestors (relative to the folder holding ``.claude``).
3. A file goes to a loop once; what was in the start context is never attached again.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence

from agents_md._model import InstructionFile, Kind, Provenance, Reason
from agents_md.engine.excludes import Excluder
from agents_md.engine.fs import FileSystem
from agents_md.engine.loader import Loader
from agents_md.engine.settings import LOCAL, PROJECT, USER, Settings
from agents_md.engine.walk import (
    CLAUDE_LOCAL_MD,
    CLAUDE_MD,
    DOT_CLAUDE_MD,
    RULES_DIR,
    is_inside,
    path_chain,
    rule_files,
)


def _rule_matches(globs: Sequence[str], path: str, base: str) -> bool:
    from wcmatch import glob as wc

    rel = os.path.relpath(path, base)
    flags = wc.GLOBSTAR | wc.DOTGLOB | wc.BRACE
    return bool(wc.globmatch(rel, list(globs), flags=flags))


class NestedFinder:
    def __init__(
        self,
        *,
        fs: FileSystem,
        cwd: str,
        home: str,
        settings: Settings,
        add_dirs: Sequence[str],
        approve_external: bool,
        managed_dir: str,
    ) -> None:
        self.fs = fs
        self.managed_dir = managed_dir
        self.cwd = os.path.normpath(cwd)
        self.home = home
        self.settings = settings
        self.add_dirs = [os.path.normpath(os.path.join(self.cwd, d)) for d in add_dirs]
        self.approve = approve_external
        self.excluder = Excluder([p for p in settings.merged_list("claudeMdExcludes") if isinstance(p, str)])

    def applies_to(self, path: str) -> bool:
        target = os.path.normpath(path)
        if not is_inside(target, self.cwd) or target == self.cwd:
            return False
        return not any(is_inside(target, d) for d in self.add_dirs)

    def find(self, path: str, skip: Iterable[str]) -> list[InstructionFile]:
        """Files to attach for a Read of ``path``, leaving out the paths in ``skip``."""
        if not self.applies_to(path):
            return []
        target = os.path.normpath(path)
        loader = Loader(
            fs=self.fs,
            home=self.home,
            excluder=self.excluder,
            inside=lambda p: is_inside(p, self.cwd),
            approve_external=self.approve,
        )
        loader.loaded.update(os.path.normpath(p) for p in skip)
        provenance = Provenance(reason=Reason.NESTED_READ, via=target)
        out: list[InstructionFile] = []
        parent = os.path.dirname(target)
        below = [d for d in path_chain(parent) if is_inside(d, self.cwd) and d != self.cwd]
        project = self.settings.source_enabled(PROJECT)
        local = self.settings.source_enabled(LOCAL)
        for directory in below:
            if project:
                for name in (CLAUDE_MD, DOT_CLAUDE_MD):
                    out += [lf.file for lf in loader.load(os.path.join(directory, name), Kind.PROJECT, provenance)]
                out += self._rules(loader, os.path.join(directory, RULES_DIR), directory, target, provenance)
            if local:
                out += [lf.file for lf in loader.load(os.path.join(directory, CLAUDE_LOCAL_MD), Kind.LOCAL, provenance)]
        # Conditional rules whose globs match, from the rules read at start: managed, user (globs
        # relative to the cwd), then the project's of the cwd and its ancestors.
        managed_rules = os.path.join(self.managed_dir, RULES_DIR)
        out += self._rules(
            loader, managed_rules, self.cwd, target, provenance, conditional_only=True, kind=Kind.MANAGED
        )
        if self.settings.source_enabled(USER):
            user_rules = os.path.join(self.home, ".claude", "rules")
            out += self._rules(loader, user_rules, self.cwd, target, provenance, conditional_only=True, kind=Kind.USER)
        if project:
            for directory in path_chain(self.cwd):
                out += self._rules(
                    loader, os.path.join(directory, RULES_DIR), directory, target, provenance, conditional_only=True
                )
        return out

    def _rules(
        self,
        loader: Loader,
        rules_dir: str,
        base: str,
        target: str,
        provenance: Provenance,
        *,
        conditional_only: bool = False,
        kind: Kind = Kind.PROJECT,
    ) -> list[InstructionFile]:
        out: list[InstructionFile] = []
        for path in rule_files(self.fs, rules_dir, kind, lambda p: is_inside(p, self.cwd)):
            for loaded in loader.load(path, kind, provenance):
                if loaded.globs is None:
                    if not conditional_only:
                        out.append(loaded.file)
                elif _rule_matches(loaded.globs, target, base):
                    out.append(loaded.file)
        return out
