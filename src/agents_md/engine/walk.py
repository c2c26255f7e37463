"""Discovery at session start: which instruction files the engine loads, in its order.

1. Managed: ``<managed>/CLAUDE.md``, then ``<managed>/.claude/rules/**/*.md``.
2. User (when the ``user`` setting source is on): ``~/.claude/CLAUDE.md``, then
   ``~/.claude/rules/**/*.md`` (``$CLAUDE_CONFIG_DIR`` in place of ``~/.claude`` when set:
   ``_util.env``). Imports from user files may leave the working directory.
3. Every directory from the one below the filesystem root down to the cwd (the git root is
   no boundary), shallowest first; in each: ``CLAUDE.md``, ``.claude/CLAUDE.md`` and
   ``.claude/rules/**/*.md`` (when the ``project`` source is on), then ``CLAUDE.local.md``
   (when the ``local`` source is on). In a linked worktree inside its main checkout, the
   main checkout's folders above the worktree give their ``CLAUDE.local.md`` alone
   (``checkout``).
4. With ``CLAUDE_CODE_ADDITIONAL_DIRECTORIES_CLAUDE_MD`` truthy, each ``--add-dir`` directory
   in order, its own files as in step 3 (not its parents', not those below it; the project
   source does not gate them).
5. The auto memory ``MEMORY.md`` of the project, last (``engine/memory.py``).

Every file is followed by its imports (``loader``). Rules are read recursively in directory
order; a rule with ``paths:`` front matter is left for Reads that match it. A file already
loaded (by its path, or by the target of a link to it) is not loaded again.
"""

from __future__ import annotations

import os

from agents_md._model import ImportEdge, InstructionFile, Kind, Provenance, Reason, SkippedFile, SkipReason
from agents_md._util.env import config_dir, env_truthy
from agents_md._util.std import Iterable, Mapping, Sequence
from agents_md._value import Value
from agents_md.engine import memory
from agents_md.engine.checkout import Checkout, find_checkout
from agents_md.engine.fs import FileSystem
from agents_md.engine.loader import LoadedFile, LoadScope
from agents_md.engine.paths import is_inside, path_chain
from agents_md.engine.settings import LOCAL, PROJECT, USER, Settings

CLAUDE_MD = "CLAUDE.md"
DOT_CLAUDE = ".claude"
DOT_CLAUDE_MD = os.path.join(DOT_CLAUDE, CLAUDE_MD)
CLAUDE_LOCAL_MD = "CLAUDE.local.md"
# The entries of a directory that may give it instruction files: most directories hold none.
DIRECTORY_NAMES = frozenset({CLAUDE_MD, DOT_CLAUDE, CLAUDE_LOCAL_MD})
ADD_DIR_ENV = "CLAUDE_CODE_ADDITIONAL_DIRECTORIES_CLAUDE_MD"


class WalkResult(Value):
    files: tuple[InstructionFile, ...]
    conditional_rules: tuple[tuple[InstructionFile, tuple[str, ...]], ...]
    skipped: tuple[SkippedFile, ...]
    warnings: tuple[str, ...]
    imports: tuple[ImportEdge, ...]
    shadowed: frozenset[str]  # the main checkout's folders above a linked worktree (step 3)


class Walk:
    def __init__(
        self,
        *,
        fs: FileSystem,
        cwd: str,
        home: str,
        managed_dir: str,
        settings: Settings,
        add_dirs: Sequence[str],
        env: Mapping[str, str],
        approve_external: bool,
        outside_links: str = "follow",
        checkout: Checkout | None = None,
    ) -> None:
        self.fs = fs
        self.cwd = os.path.normpath(cwd)
        self.checkout = checkout if checkout is not None else find_checkout(fs, self.cwd)
        self.home = home
        self.managed_dir = managed_dir
        self.settings = settings
        self.add_dirs = [os.path.normpath(os.path.join(self.cwd, d)) for d in add_dirs]
        self.env = env
        self.config = config_dir(home, env, self.cwd)
        scope = LoadScope.of(
            fs=fs,
            home=home,
            cwd=self.cwd,
            settings=settings,
            approve_external=approve_external,
            outside_links=outside_links,
            repo=self.checkout.root or self.cwd,
        )
        self.loader = scope.loader()
        self.conditional: list[tuple[InstructionFile, tuple[str, ...]]] = []

    def _inside(self, path: str) -> bool:
        """Inside the original working directory (added directories do not count)."""
        return is_inside(path, self.cwd)

    def run(self) -> WalkResult:
        out: list[InstructionFile] = []
        managed = Provenance(reason=Reason.MANAGED)
        out += self._file(os.path.join(self.managed_dir, CLAUDE_MD), Kind.MANAGED, managed)
        out += self._rules(os.path.join(self.managed_dir, DOT_CLAUDE), Kind.MANAGED, managed)
        if self.settings.source_enabled(USER):
            user = Provenance(reason=Reason.USER)
            out += self._file(os.path.join(self.config, CLAUDE_MD), Kind.USER, user)
            out += self._rules(self.config, Kind.USER, user)
        walk = Provenance(reason=Reason.WALK)
        checkout = self.checkout
        for directory in path_chain(self.cwd):
            out += self._directory(directory, walk, local_only=directory in checkout.shadowed)
        if env_truthy(self.env, ADD_DIR_ENV):
            for directory in self.add_dirs:
                added = Provenance(reason=Reason.ADDED_DIR, via=directory)
                out += self._directory(directory, added, gate_project=False)
        if memory.enabled(self.env, self.settings):
            found = memory.load_memory(self.fs, self.config, checkout.project or self.cwd)
            if found is not None:
                out.append(found)
        return WalkResult(
            files=tuple(out),
            conditional_rules=tuple(self.conditional),
            skipped=tuple(self.loader.skipped),
            warnings=tuple(self.loader.warnings),
            imports=tuple(self.loader.edges),
            shadowed=checkout.shadowed,
        )

    def _directory(
        self, directory: str, provenance: Provenance, *, gate_project: bool = True, local_only: bool = False
    ) -> list[InstructionFile]:
        """One directory's files in the engine's order (an added one's are not gated by the project source;
        a shadowed one gives its local file alone)."""
        out: list[InstructionFile] = []
        if not self.fs.might_hold_any(directory, DIRECTORY_NAMES):
            return out  # most directories hold none of the names: one look at the listing
        if not local_only and (not gate_project or self.settings.source_enabled(PROJECT)):
            out += self._file(os.path.join(directory, CLAUDE_MD), Kind.PROJECT, provenance)
            out += self._file(os.path.join(directory, DOT_CLAUDE_MD), Kind.PROJECT, provenance)
            out += self._rules(os.path.join(directory, DOT_CLAUDE), Kind.PROJECT, provenance)
        if self.settings.source_enabled(LOCAL):
            out += self._file(os.path.join(directory, CLAUDE_LOCAL_MD), Kind.LOCAL, provenance)
        return out

    def _file(self, path: str, kind: Kind, provenance: Provenance) -> list[InstructionFile]:
        return [lf.file for lf in self.loader.load(path, kind, provenance)]

    def _rules(self, folder: str, kind: Kind, provenance: Provenance) -> list[InstructionFile]:
        """The rules of the ``rules`` folder in ``folder`` (a ``.claude`` folder, or the user's own)."""
        out: list[InstructionFile] = []
        if not self.fs.might_hold(folder, "rules"):
            return out  # most folders have none: ``engine.rules`` is not loaded for them
        from agents_md.engine.rules import rule_files

        rules_dir = os.path.join(folder, "rules")
        if self.fs.is_symlink(rules_dir) and not self.loader.admits_folder(rules_dir, kind):
            return out
        excluded = self.loader.excluder.excludes
        for path in rule_files(self.fs, rules_dir, kind, self._inside, excluded=lambda p: excluded(p, kind)):
            out += self._keep_unconditional(self.loader.load(path, kind, provenance))
        return out

    def _keep_unconditional(self, loaded: Iterable[LoadedFile]) -> list[InstructionFile]:
        out: list[InstructionFile] = []
        for item in loaded:
            if item.globs is None:
                out.append(item.file)
            else:
                self.conditional.append((item.file, item.globs))
                self.loader.skipped.append(
                    SkippedFile(
                        path=item.file.path,
                        kind=item.file.kind,
                        reason=SkipReason.CONDITIONAL_RULE,
                        detail=", ".join(item.globs),
                    )
                )
        return out
