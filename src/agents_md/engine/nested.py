"""The engine's own attachments after a Read: nested instruction files below the cwd.

For a read file inside the cwd (an added directory inside the cwd too; one outside it is
outside the cwd):

1. For each directory strictly below the cwd down to the file's directory, shallowest
   first: ``CLAUDE.md``, ``.claude/CLAUDE.md``, ``CLAUDE.local.md``, the unconditional
   ``.claude/rules/**/*.md`` — each with its imports; then the imports of that folder's
   conditional rules, then those conditional rules that match the file.
2. Conditional rules (``paths:`` front matter) whose globs match the file: the managed and
   user ones (globs relative to the cwd) before step 1; those of the nested directories in
   step 1; those of the cwd and its ancestors (relative to the folder holding ``.claude``)
   after it.
3. Claude Code's own worktree folders: on the way from the cwd (itself included) to the
   file, at the first ``.claude`` folder followed by ``worktrees`` and a folder holding the
   file (``.claude/worktrees/NAME``), those three folders are skipped in step 1, whatever
   they are on disk (a linked worktree or a plain folder); the folders below ``NAME`` are
   walked as usual.
4. A file goes to a loop once; what was in the start context is never attached again. Those
   files are dropped from what the walk found, not skipped while it walks: what they import
   is still followed (a doc Read earlier is left out, the files it imports are attached). A
   file is known by its spelling alone: an import spelled through a link (``linkdir/x.md``,
   ``alias.md``) is attached though its target was Read or attached (imports are spelled from
   their importer's real folder, so a linked nested file's own imports are not).
5. What a Read found is kept for the next Read of that file (``engine.lookup_memory``): it is
   given again while every folder listed and file read are as they were and every file the
   walk asked about is given, or not, as it was then; otherwise the walk runs again.
"""

from __future__ import annotations

import os

from agents_md._model import InstructionFile, Kind, Provenance, Reason
from agents_md._util.std import Callable, Sequence
from agents_md.engine.fs import SessionFS
from agents_md.engine.loader import Loader, LoadScope
from agents_md.engine.paths import dirs_between, is_inside, normal, within
from agents_md.engine.rules import RULES_DIR, rule_base, rule_files, rule_matches
from agents_md.engine.settings import LOCAL, PROJECT, Settings
from agents_md.engine.walk import CLAUDE_LOCAL_MD, CLAUDE_MD, DIRECTORY_NAMES, DOT_CLAUDE_MD

TYPE_CHECKING = False  # typing's constant, without importing typing at run time (``_value``)
if TYPE_CHECKING:
    from agents_md.engine.lookup_memory import LookupMemory

# What a walk asked ``given`` about (and the answers), and what it found.
Walked = tuple[dict[str, bool], tuple[InstructionFile, ...]]
DOT_CLAUDE, WORKTREES = ".claude", "worktrees"


def _outside_worktrees(cwd: str, below: tuple[str, ...]) -> tuple[str, ...]:
    """Step 3: ``below`` without the first ``.claude/worktrees/NAME`` (the cwd may be its
    ``.claude``)."""
    chain = (cwd, *below)
    for at in range(len(chain) - 2):
        if os.path.basename(chain[at]) == DOT_CLAUDE and os.path.basename(chain[at + 1]) == WORKTREES:
            skipped = chain[at : at + 3]
            return tuple(d for d in below if d not in skipped)
    return below


class NestedFinder:
    def __init__(
        self,
        *,
        fs: SessionFS,
        cwd: str,
        home: str,
        settings: Settings,
        approve_external: bool,
        outside_links: str = "follow",
        conditional: Sequence[tuple[InstructionFile, tuple[str, ...]]] = (),
    ) -> None:
        self.fs = fs
        self.conditional = conditional
        self.cwd = os.path.normpath(cwd)
        self.settings = settings
        # Once for the session: the exclusion patterns are resolved through links when read.
        self.scope = LoadScope.of(
            fs=fs,
            home=home,
            cwd=self.cwd,
            settings=settings,
            approve_external=approve_external,
            outside_links=outside_links,
        )
        self._memory: LookupMemory | None = None  # made at the first Read: a host may never ask one

    @property
    def memory(self) -> LookupMemory:
        """What each Read found, kept for the next Read of that file (step 5)."""
        if self._memory is None:
            from agents_md.engine.lookup_memory import LookupMemory

            self._memory = LookupMemory(self.fs)
        return self._memory

    def applies_to(self, path: str) -> bool:
        return self._applies(normal(path))

    def _applies(self, target: str) -> bool:
        return target != self.cwd and within(target, self.cwd)

    def walked(self, path: str, given: Callable[[str], bool]) -> Walked:
        """The files to attach for a Read of ``path``, leaving out those ``given`` already, with what
        it asked ``given`` and the answers (the same answers give the same files)."""
        target = normal(path)
        if not self._applies(target):
            return {}, ()
        kept: Walked | None = self.memory.recall(target)  # type: ignore[assignment]  # kept below
        if kept is not None and all(given(p) == answer for p, answer in kept[0].items()):
            return kept
        asked: dict[str, bool] = {}

        def noting(p: str) -> bool:
            answer = asked[p] = given(p)
            return answer

        consulted = self.fs.watch()
        try:
            found = self._walk(target, noting)
        finally:
            self.fs.unwatch()
        walked: Walked = (asked, tuple(found))
        self.memory.keep(target, consulted, walked)
        return walked

    def _walk(self, target: str, given: Callable[[str], bool]) -> list[InstructionFile]:
        """Steps 1 and 2 for the normalized ``target``."""
        loader = self.scope.loader()
        provenance = Provenance(reason=Reason.NESTED_READ, via=target)
        out: list[InstructionFile] = []
        # Conditional rules read at start, whose patterns match (``rules``): the managed
        # and user ones (globs relative to the cwd) come first, before the nested folders.
        out += self._matching_conditional(loader, target, given, project_kind=False)
        below = _outside_worktrees(self.cwd, dirs_between(self.cwd, os.path.dirname(target)))
        project = self.settings.source_enabled(PROJECT)
        local = self.settings.source_enabled(LOCAL)
        for directory in below:
            if not self.fs.might_hold_any(directory, DIRECTORY_NAMES):
                continue
            if project:
                for name in (CLAUDE_MD, DOT_CLAUDE_MD):
                    out += [lf.file for lf in loader.load(os.path.join(directory, name), Kind.PROJECT, provenance)]
            if local:
                out += [lf.file for lf in loader.load(os.path.join(directory, CLAUDE_LOCAL_MD), Kind.LOCAL, provenance)]
            if project:
                out += self._rules(loader, os.path.join(directory, RULES_DIR), directory, target, provenance)
        # Then those of the cwd and its ancestors (globs relative to the folder holding ``.claude``).
        out += self._matching_conditional(loader, target, given, project_kind=True)
        return [f for f in out if not given(f.path)]  # step 4

    def _matching_conditional(
        self, loader: Loader, target: str, given: Callable[[str], bool], *, project_kind: bool
    ) -> list[InstructionFile]:
        out: list[InstructionFile] = []
        for rule, globs in self.conditional:
            if (rule.kind is Kind.PROJECT) != project_kind:
                continue
            if given(rule.path) or rule.path in loader.loaded:
                continue
            base = rule_base(rule.path, self.cwd) if rule.kind is Kind.PROJECT else self.cwd
            if rule_matches(globs, target, base):
                loader.loaded.add(rule.path)
                out.append(rule)
        return out

    def _rules(
        self,
        loader: Loader,
        rules_dir: str,
        base: str,
        target: str,
        provenance: Provenance,
    ) -> list[InstructionFile]:
        # Two passes, as the engine makes them: first every file without ``paths:`` (the
        # unconditional rules and the imports of all rules, conditional ones included), then
        # the conditional rules whose patterns match.
        out: list[InstructionFile] = []
        matched: list[InstructionFile] = []
        if self.fs.is_symlink(rules_dir) and not loader.admits_folder(rules_dir, Kind.PROJECT):
            return out
        excluded = loader.excluder.excludes
        for path in rule_files(
            self.fs,
            rules_dir,
            Kind.PROJECT,
            lambda p: is_inside(p, self.cwd),
            excluded=lambda p: excluded(p, Kind.PROJECT),
        ):
            for loaded in loader.load(path, Kind.PROJECT, provenance):
                if loaded.globs is None:
                    out.append(loaded.file)
                elif rule_matches(loaded.globs, target, base):
                    matched.append(loaded.file)
        return out + matched
