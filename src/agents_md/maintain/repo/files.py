"""The repository's instruction files: which hold text, which are folder instructions, and
which doc governs which path.

1. The instruction files are the tracked files named ``AGENTS.md``, ``CLAUDE.md``,
   ``CLAUDE.local.md``, ``AGENTS.override.md``, ``.claude/CLAUDE.md``, ``.claude/AGENTS.md``,
   ``.claude/rules/**/*.md``, plus the configured doc names and Codex fallback names (outside
   git: the same names found on disk under the root or the paths asked about, version-control,
   dependency, virtual-environment and cache folders left out, and no more than
   ``MAX_WALK_DIRS`` folders looked into). Ignored paths are left out.
2. Each file's text is held by itself, or — for a link — by the file the link resolves to
   inside the repository: ``web/CLAUDE.md -> AGENTS.md`` is held by ``web/AGENTS.md``, which
   it is an *alias* of. Rules about text look at each holder once.
3. A *reference doc* is one no engine loads as a folder's instructions: inside a skill folder
   (at or below a folder holding a ``SKILL.md``, or under a ``skills`` folder of ``.agents``,
   ``.claude``, ``.codex``, ``.cursor`` or ``.github``), or beside an agent's definition
   (``agent.json``, ``agent.yaml``: the agent's runtime prompt), or in a template folder
   (``templates``, ``scaffold``, ``skeleton``, ``boilerplate``, a cookiecutter's ``{{...}}``:
   a file copied into other projects, its paths theirs), or in a vendored copy of another
   project (``vendor``, ``third_party``: Go's ``vendor/go.opentelemetry.io/otel/AGENTS.md`` is
   that project's, rewritten by ``go mod vendor``), or in a folder a tool keeps its own
   instructions in (``openspec/AGENTS.md``, rewritten by ``openspec update``, which the project's
   docs send the model to when it plans a change), or below a test-data folder (a test's
   project, ``tests/fixtures/repos/x/AGENTS.md``; one directly in ``fixtures/`` tells of the
   fixtures, and is the folder's), or deeper than its own file in an ``.agents`` folder (what a
   tool writes there for agents to read, ``.agents/acme/sdk/api/AGENTS.md``, linked from the
   folders that need it: nobody works in it), or in a ``_static`` folder (the files a docs site
   or a package ships as they are: ``docs/_static/CLAUDE.md`` is served for users to download).
   A file that is the link target of an
   instruction file in another folder (``AGENTS.md -> .agents/AGENTS.md``) is that folder's
   doc, not one of its own folder. Every other file is a *folder doc*.
4. A directory that holds a folder doc named one of the doc names (``doc-names``, default
   ``AGENTS.md``), or else a ``CLAUDE.md``, is *governed*; its doc is the first of those names
   it holds.
5. The doc of a path is the doc of the nearest governed directory at or above the path's
   own directory (``govern``, which also reads what a doc declares it governs); a governed
   directory's code is therefore everything below it except what a deeper one claims.

Paths here are relative to the root, ``/``-separated; the root directory is ``""``.
"""

from __future__ import annotations

import os
import posixpath
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from agents_md._util.tree_walk import walk
from agents_md.errors import AgentsMdError
from agents_md.maintain.repo.code import TEST_DATA_DIRS

AGENTS_MD = "AGENTS.md"
CLAUDE_MD = "CLAUDE.md"
CLAUDE_LOCAL_MD = "CLAUDE.local.md"
AGENTS_OVERRIDE_MD = "AGENTS.override.md"
INSTRUCTION_NAMES = frozenset({AGENTS_MD, CLAUDE_MD, CLAUDE_LOCAL_MD, AGENTS_OVERRIDE_MD})
# The files the pre-commit hook is handed (its ``files:``, in any case): the instruction files and
# what sits under ``.claude/`` (rules, agents, settings). A short list, so that pre-commit never
# splits ``--all-files`` over several runs; the change itself is read from git.
HOOK_FILES = r"(?i)(^|/)(AGENTS|CLAUDE|CLAUDE\.local|AGENTS\.override)\.md$|(^|/)\.claude/"
SKILL_MD = "SKILL.md"
# Files that make their folder an agent's own (its runtime prompt sits beside them), not a folder to work in.
AGENT_DEFINITIONS = frozenset({"agent.json", "agent.yaml", "agent.yml", "agent.toml"})
SKILL_HOMES = frozenset({".agents", ".claude", ".codex", ".cursor", ".github"})  # whose skills/ hold skills
# Folders whose files are copied into other projects (``crewai create`` copies ``templates/AGENTS.md``).
TEMPLATE_DIRS = frozenset(
    {"template", "templates", "scaffold", "scaffolds", "skeleton", "skeletons", "boilerplate", "boilerplates"}
)
# Folders whose files a docs site or a package ships as they are (Sphinx's ``html_static_path``).
STATIC_DIRS = frozenset({"_static"})
AGENTS_HOME = ".agents"  # its own AGENTS.md aside, what lies below it is written for agents to read, not to work in
# Folders holding copies of other projects (``go mod vendor``): their docs are those projects'.
VENDOR_DIRS = frozenset({"vendor", "third_party", "third-party", "node_modules", "bower_components"})
# Folders a tool writes its own instructions in and rewrites them (``openspec init`` and ``update``
# write ``openspec/AGENTS.md``, which the project's docs send the model to when it plans a change).
TOOL_DIRS = frozenset({"openspec"})
# Outside git, the folders nobody writes instructions in: version control, what is installed, caches.
SKIP_WALK = frozenset(
    {
        ".git",
        ".hg",
        ".svn",
        ".jj",
        "node_modules",
        "bower_components",
        ".venv",
        "venv",
        "site-packages",
        "__pycache__",
        ".tox",
        ".nox",
        ".mypy_cache",
        ".pytest_cache",
        ".ruff_cache",
        ".cache",
        ".gradle",
        ".terraform",
        ".next",
        ".nuxt",
        ".svelte-kit",
        ".turbo",
    }
)
MAX_WALK_DIRS = 20_000  # outside git, a walk this long is a home folder or a disk, not a project


def git_patterns(extra_names: Iterable[str]) -> list[str]:
    """``ls-files`` pathspecs that cover every instruction file name in any case (a ``claude.md``
    loads on a disk that ignores case), and the skill files (and a little more)."""
    names = sorted(INSTRUCTION_NAMES | set(extra_names) | {SKILL_MD})
    return [f":(icase)*{name}" for name in names] + ["*.claude/rules/*"] + [f"*{n}" for n in sorted(AGENT_DEFINITIONS)]


def is_instruction_file(rel: str, extra_names: frozenset[str] = frozenset()) -> bool:
    base = rel.rpartition("/")[2]
    if base in INSTRUCTION_NAMES or base in extra_names:
        return True
    if ".claude/" not in rel:
        return False
    parts = rel.split("/")
    return ".claude" in parts[:-1] and (
        (parts[-2] == ".claude" and base in (CLAUDE_MD, AGENTS_MD))
        or ("rules" in parts and parts.index("rules") == parts.index(".claude") + 1 and base.endswith(".md"))
    )


def anchor_dir(rel: str) -> str:
    """The directory an instruction file belongs to (the one holding its ``.claude`` folder)."""
    parts = rel.split("/")
    if ".claude" in parts[:-1]:
        return "/".join(parts[: parts.index(".claude")])
    return posixpath.dirname(rel)


def walk_instruction_files(root: str, extra_names: frozenset[str], *, under: Sequence[str] = ()) -> list[str]:
    """Outside git: what ``git_patterns`` would list, found on disk under ``root`` — or under the
    ``under`` paths (relative to it) and in the folders above them, whose docs reach them — links
    not followed into folders (step 1)."""
    folded = {n.lower() for n in INSTRUCTION_NAMES | extra_names | {SKILL_MD} | AGENT_DEFINITIONS}

    def wanted(rel: str) -> bool:
        return rel.rpartition("/")[2].lower() in folded or is_instruction_file(rel, extra_names)

    out: set[str] = set()
    walked = [0]
    starts = sorted(set(under)) or [""]
    for start in starts:
        parts = start.split("/") if start else []
        for depth in range(len(parts)):  # the folders above: their own files and their .claude folder
            above = "/".join(parts[:depth])
            out.update(r for r in _listed(root, above) if wanted(r))
            out.update(r for r in _walk(root, f"{above}/.claude" if above else ".claude", walked) if wanted(r))
        if os.path.isdir(os.path.join(root, *parts)):
            out.update(r for r in _walk(root, start, walked) if wanted(r))
        elif wanted(start):
            out.add(start)
    return sorted(out)


def _listed(root: str, rel_dir: str) -> list[str]:
    """The entries of one folder (relative paths), or none when it cannot be listed."""
    try:
        names = os.listdir(os.path.join(root, *rel_dir.split("/")) if rel_dir else root)
    except OSError:
        return []
    return [f"{rel_dir}/{n}" if rel_dir else n for n in names]


def _walk(root: str, rel_start: str, walked: list[int]) -> list[str]:
    """Every file below one folder (and each link to a folder), skipping ``SKIP_WALK``; ``walked``
    counts the folders entered, over every call, against ``MAX_WALK_DIRS``."""
    out: list[str] = []
    start = os.path.join(root, *rel_start.split("/")) if rel_start else root
    for directory, dirs, files in walk(start):
        walked[0] += 1
        if walked[0] > MAX_WALK_DIRS:
            raise AgentsMdError(
                f"{root}: not a git repository, and more than {MAX_WALK_DIRS:,} folders below it; "
                "run it inside a repository, or name the paths to check"
            )
        dirs[:] = sorted(d for d in dirs if d not in SKIP_WALK)
        rel_dir = os.path.relpath(directory, root).replace(os.sep, "/")
        rel_dir = "" if rel_dir == "." else rel_dir
        for name in files + [d for d in dirs if os.path.islink(os.path.join(directory, d))]:
            out.append(f"{rel_dir}/{name}" if rel_dir else name)
    return out


def in_template(rel: str) -> bool:
    """Step 3: whether ``rel`` lies in a template folder, in a vendored copy of another project,
    in a folder a tool keeps its own instructions in, in a test's project below a test-data
    folder, below a folder of ``.agents`` or in a folder a site ships as it is."""
    parts = rel.split("/")[:-1]
    return (
        any(
            part.lower() in TEMPLATE_DIRS
            or part in VENDOR_DIRS
            or part in TOOL_DIRS
            or part in STATIC_DIRS
            or (part.startswith("{{") and part.endswith("}}"))
            for part in parts
        )
        or any(part.lower() in TEST_DATA_DIRS for part in parts[:-1])
        or AGENTS_HOME in parts[:-1]
    )


def in_skill(rel: str, skill_dirs: frozenset[str]) -> bool:
    """Step 3: whether ``rel`` lies in a skill folder."""
    parts = rel.split("/")[:-1]
    for i, part in enumerate(parts):
        if part == "skills" and i > 0 and parts[i - 1] in SKILL_HOMES and i + 1 < len(parts):
            return True
    if not skill_dirs:
        return False
    folder = rel.rpartition("/")[0]
    while folder not in skill_dirs:  # its folder, then each above it, the root ("") last
        if not folder:
            return False
        folder = folder.rpartition("/")[0]
    return True


def _holder(root: str, rel: str, present: frozenset[str]) -> str | None:
    """Step 2: the file holding ``rel``'s text (``None``: a link to nothing, or out of the repository)."""
    path = os.path.join(root, *rel.split("/"))
    if not os.path.islink(path):
        return rel
    real = os.path.realpath(path)
    if not os.path.isfile(real) or not (real == root or real.startswith(root.rstrip(os.sep) + os.sep)):
        return None
    target = os.path.relpath(real, root).replace(os.sep, "/")
    return target if target in present else rel  # an untracked target: the link is the file there is


@dataclass(frozen=True, slots=True, kw_only=True)
class DocIndex:
    root: str  # absolute, real
    files: tuple[str, ...]  # every instruction file, sorted (in the names' own case)
    present: frozenset[str]  # the same, for look-ups
    governed: dict[str, str]  # governed directory -> its doc (step 4)
    holders: dict[str, str | None]  # file -> the file holding its text (step 2)
    reference: frozenset[str]  # reference docs (step 3)
    foreign: frozenset[str]  # files that are another folder's doc through a link (step 3)
    odd_case: tuple[str, ...] = ()  # tracked files named an instruction file in another case (claude.md)
    skill_dirs: frozenset[str] = frozenset()  # folders holding a SKILL.md
    derived: dict[str, _Derived] = field(default_factory=dict, compare=False, repr=False)  # look-ups, made once

    @classmethod
    def build(cls, root: str, files: Iterable[str], doc_names: Sequence[str], extra_names: frozenset[str]) -> DocIndex:
        listed = set(files)
        skill_dirs = frozenset(posixpath.dirname(f) for f in listed if posixpath.basename(f) == SKILL_MD)
        agent_dirs = frozenset(posixpath.dirname(f) for f in listed if posixpath.basename(f) in AGENT_DEFINITIONS)
        kept = sorted(f for f in listed if is_instruction_file(f, extra_names))
        present = frozenset(kept)
        names = INSTRUCTION_NAMES | extra_names
        odd = sorted(
            f
            for f in listed
            if f not in present
            and posixpath.basename(f).lower() in {n.lower() for n in names}
            and posixpath.basename(f) not in names
        )
        holders = {rel: _holder(root, rel, present) for rel in kept}
        foreign = frozenset(
            held
            for rel, held in holders.items()
            if held is not None and held != rel and anchor_dir(held) != anchor_dir(rel)
        )
        reference = frozenset(
            rel for rel in kept if in_skill(rel, skill_dirs) or posixpath.dirname(rel) in agent_dirs or in_template(rel)
        )
        governed: dict[str, str] = {}
        for rel in kept:
            directory = posixpath.dirname(rel)
            if directory in governed:
                continue
            for name in (*doc_names, CLAUDE_MD):
                candidate = f"{directory}/{name}" if directory else name
                if candidate in present and candidate not in reference and candidate not in foreign:
                    governed[directory] = candidate
                    break
        return cls(
            root=root,
            files=tuple(kept),
            present=present,
            governed=governed,
            holders=holders,
            reference=reference,
            foreign=foreign,
            odd_case=tuple(odd),
            skill_dirs=skill_dirs,
        )

    def abs(self, rel: str) -> str:
        return os.path.join(self.root, *rel.split("/")) if rel else self.root

    def folder_docs(self) -> list[str]:
        """The files that are folders' instructions (step 3), sorted."""
        return list(self._folder_docs)

    @property
    def _folder_docs(self) -> tuple[str, ...]:
        return _derived(self).folder_docs

    def texts(self) -> list[str]:
        """Each folder doc's text once: the holders, sorted (an alias's text is its holder's)."""
        return sorted(_derived(self).aliases)

    def aliases(self, holder: str) -> tuple[str, ...]:
        """The other folder docs whose text ``holder`` holds (``web/CLAUDE.md`` of ``web/AGENTS.md``)."""
        return tuple(f for f in _derived(self).aliases.get(holder, ()) if f != holder)

    def in_skill(self, rel: str) -> bool:
        """Whether a path lies in a skill's folder (step 3)."""
        return in_skill(rel, self.skill_dirs)

    def doc_dirs(self) -> list[str]:
        """Every directory holding a folder doc (as an anchor), the root first, sorted."""
        return sorted({anchor_dir(f) for f in self.folder_docs()} | {""})

    def in_dir(self, directory: str, name: str) -> str | None:
        rel = f"{directory}/{name}" if directory else name
        return rel if rel in self.present else None

    def at_or_below(self) -> dict[str, list[str]]:
        """For each directory of ``doc_dirs``, the ones at or below it (itself first, then sorted)."""
        dirs = self.doc_dirs()
        out: dict[str, list[str]] = {d: [] for d in dirs}
        for d in dirs:
            current = d
            while True:
                if current in out:
                    out[current].append(d)
                if not current:
                    break
                current = current.rpartition("/")[0]
        return out


class _Derived(NamedTuple):
    folder_docs: tuple[str, ...]
    aliases: dict[str, tuple[str, ...]]  # holder -> the folder docs it holds the text of (itself too)


def _derived(index: DocIndex) -> _Derived:
    """What the index's look-ups derive from it, once (an index is frozen: it never changes)."""
    found = index.derived.get("")
    if found is None:
        docs = tuple(f for f in index.files if f not in index.reference and f not in index.foreign)
        held: dict[str, list[str]] = {}
        for f in docs:
            holder = index.holders.get(f)
            if holder is not None:
                held.setdefault(holder, []).append(f)
        found = index.derived[""] = _Derived(docs, {h: tuple(fs) for h, fs in held.items()})
    return found


def case_variant(index: DocIndex, directory: str, name: str) -> str | None:
    """A tracked file of ``directory`` named ``name`` in another case (``claude.md``), if any."""
    for rel in index.odd_case:
        folder, base = posixpath.split(rel)
        if folder == directory and base.lower() == name.lower():
            return rel
    return None


def within(rel: str, paths: Sequence[str]) -> bool:
    """Whether ``rel`` is one of ``paths`` or below one (no paths: everything is)."""
    return not paths or any(p in ("", ".") or rel == p or rel.startswith(p.rstrip("/") + "/") for p in paths)


def shown(rel_dir: str) -> str:
    """A directory as a person reads it (the root is "the root")."""
    return rel_dir or "the root"
