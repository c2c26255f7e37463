"""``link``: the ``CLAUDE.md`` beside each ``AGENTS.md``, so Claude Code loads it in every mode.

Planned first, as data (a dry run is the plan); then, if asked, applied:

1. No ``CLAUDE.md`` there: create it — ``import`` form, the one line ``@AGENTS.md`` (the form
   that works on Windows), or ``symlink`` form, a link to ``AGENTS.md``. Unless asked for one, the
   form is the repository's own: ``symlink`` where most ``CLAUDE.md`` files already beside an
   ``AGENTS.md`` are links to it (``LinkPlan.form_why`` says so), else ``import``.
2. A ``CLAUDE.md`` that already imports ``AGENTS.md`` (read with the engine's import rules) or
   links to it: nothing to do.
3. Anything else is refused, naming the file: a ``CLAUDE.md`` with other content, a link
   elsewhere, a folder, a directory reached through a link.
4. Skipped, with the reason: an ``AGENTS.md`` that is no folder's instructions (a skill's
   reference file, an agent's runtime prompt) or that is another folder's doc through a link
   (``.agents/AGENTS.md`` of ``AGENTS.md -> .agents/AGENTS.md``): a shim would load it twice, or
   where nobody works.

Only tracked files are looked at (``git ls-files``, as ``check``); an ``AGENTS.md`` or ``CLAUDE.md``
on disk that git does not track is named in the plan (``untracked``) and left alone.

Writing never overwrites and never goes through a link: the file is written beside, then
hard-linked into place (which fails if a file appeared meanwhile); a symlink is made with
``symlink``, which fails likewise.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass, replace

from agents_md._util.atomic import create_new
from agents_md.engine.content import process
from agents_md.engine.imports import resolved_imports
from agents_md.maintain.repo.config import Config
from agents_md.maintain.repo.files import AGENTS_MD, CLAUDE_MD, within
from agents_md.maintain.repo.open import Repo, open_repo
from agents_md.maintain.repo.reading import read_inside

IMPORT, SYMLINK = "import", "symlink"
FORMS = (IMPORT, SYMLINK)
IMPORT_TEXT = "@AGENTS.md\n"
CREATE, PRESENT, REFUSE, CREATED, SKIP = "create", "present", "refuse", "created", "skip"
_HOME = os.path.join(os.sep, "nonexistent-home-of-the-reader")


@dataclass(frozen=True, slots=True, kw_only=True)
class LinkAction:
    agents: str  # relative to the root
    claude: str  # relative to the root
    status: str  # create, present, refuse, skip (plan); created, refuse (after apply)
    reason: str


@dataclass(frozen=True, slots=True, kw_only=True)
class LinkPlan:
    root: str
    form: str
    actions: tuple[LinkAction, ...]
    untracked: tuple[str, ...] = ()  # AGENTS.md and CLAUDE.md on disk that git does not track: not looked at
    refusal: str | None = None  # git's refusal to read the repository (its files on disk are read instead)
    form_why: str = ""  # why this form, when the plan chose it for the repository's convention

    def of(self, status: str) -> tuple[LinkAction, ...]:
        return tuple(a for a in self.actions if a.status == status)


def _decide(root: str, agents: str, claude: str) -> tuple[str, str]:
    a_path, c_path = os.path.join(root, agents), os.path.join(root, claude)
    folder = os.path.dirname(c_path)
    if os.path.realpath(folder) != os.path.normpath(folder):
        return REFUSE, f"{os.path.dirname(claude) or '.'} is reached through a link; not writing there"
    if not os.path.exists(a_path):
        return REFUSE, f"{agents} is a link to nothing"
    if os.path.islink(c_path):
        target = os.readlink(c_path)
        if os.path.realpath(c_path) == os.path.realpath(a_path):
            return PRESENT, f"a link to {target}"
        if not os.path.exists(c_path):
            return REFUSE, f"{claude} is a link to {target}, which does not exist; remove it first"
        return REFUSE, f"{claude} is a link to {target}, not to AGENTS.md"
    if not os.path.lexists(c_path):
        odd = next((n for n in _names(folder) if n.lower() == CLAUDE_MD.lower() and n != CLAUDE_MD), None)
        if odd is not None:
            return REFUSE, f"{odd} is there (the same file where case is ignored); rename it to {CLAUDE_MD} instead"
        return CREATE, ""
    if not os.path.isfile(c_path):
        return REFUSE, f"{claude} exists and is not a file"
    try:
        data = read_inside(os.path.realpath(root), c_path) or b""
    except OSError as exc:
        return REFUSE, f"{claude} cannot be read ({exc.strerror or exc})"
    real_agents = os.path.realpath(a_path)
    targets = resolved_imports(process(data).body, os.path.realpath(c_path), _HOME)
    if any(os.path.realpath(t) == real_agents for t in targets):
        return PRESENT, "imports AGENTS.md"
    return REFUSE, f"{claude} exists with other content; add @AGENTS.md as its first line yourself"


def _names(folder: str) -> list[str]:
    try:
        return os.listdir(folder)
    except OSError:
        return []


def plan_link(
    directory: str = ".", *, form: str | None = None, paths: Sequence[str] = (), config: Config | None = None
) -> LinkPlan:
    """What ``link`` would do for each ``AGENTS.md`` in the repository holding ``directory`` (under ``paths``:
    absolute, or relative to the root), in ``form`` (``None``: the repository's own, step 1)."""
    if form is not None and form not in FORMS:
        raise ValueError(f"form must be one of {', '.join(FORMS)}, not {form!r}")
    repo = open_repo(directory, config)
    paths = repo.relative(paths)
    actions = _actions(repo, paths)
    judged = {a.claude for a in actions}  # a CLAUDE.md beside a tracked AGENTS.md is looked at, tracked or not
    untracked = tuple(f for f in repo.untracked_docs(paths) if f not in judged)
    why = ""
    if form is None:
        # The repository's form, read from all of it: ``link site`` follows the links outside site/ too.
        every = _actions(repo, ()) if paths else actions
        form, why = _convention(repo.root, [a for a in every if a.status == PRESENT])
    return LinkPlan(
        root=repo.root, form=form, actions=tuple(actions), untracked=untracked, refusal=repo.refusal, form_why=why
    )


def _actions(repo: Repo, paths: Sequence[str]) -> list[LinkAction]:
    """What to do for each ``AGENTS.md`` of the repository under ``paths`` (relative to the root)."""
    actions: list[LinkAction] = []
    index = repo.index(paths)
    for rel in index.files:
        if os.path.basename(rel) != AGENTS_MD or "/.claude/" in f"/{rel}" or not within(rel, paths):
            continue
        folder = os.path.dirname(rel)
        claude = f"{folder}/{CLAUDE_MD}" if folder else CLAUDE_MD
        if rel in index.reference:
            status, reason = (
                SKIP,
                "a skill's, an agent's, a template's, a test's, a tool's or a vendored project's own file, "
                "not a folder's instructions",
            )
        elif rel in index.foreign:
            status, reason = SKIP, "another folder's doc (a link's target), loaded there"
        else:
            status, reason = _decide(repo.root, rel, claude)
        actions.append(LinkAction(agents=rel, claude=claude, status=status, reason=reason))
    return actions


def _convention(root: str, present: Sequence[LinkAction]) -> tuple[str, str]:
    """Step 1: the form most of the repository's ``CLAUDE.md`` files beside an ``AGENTS.md`` have."""
    links = sum(os.path.islink(os.path.join(root, a.claude)) for a in present)
    if links > len(present) - links:
        return SYMLINK, f"the repository's own: {links} of its {len(present)} CLAUDE.md beside an AGENTS.md link to it"
    return IMPORT, ""


def apply_link(plan: LinkPlan) -> tuple[LinkAction, ...]:
    """Carry out the plan's creations; every other action is returned as it was."""
    out: list[LinkAction] = []
    for action in plan.actions:
        if action.status != CREATE:
            out.append(action)
            continue
        path = os.path.join(plan.root, action.claude)
        status, reason = _decide(plan.root, action.agents, action.claude)
        if status != CREATE:
            out.append(replace(action, status=status, reason=reason))
            continue
        try:
            if plan.form == SYMLINK:
                os.symlink(AGENTS_MD, path)
            else:
                create_new(path, IMPORT_TEXT)
        except FileExistsError:
            out.append(replace(action, status=REFUSE, reason=f"{action.claude} appeared meanwhile; left as it is"))
            continue
        except OSError as exc:
            out.append(replace(action, status=REFUSE, reason=f"{action.claude}: {exc.strerror or exc}"))
            continue
        out.append(
            replace(action, status=CREATED, reason="a link to AGENTS.md" if plan.form == SYMLINK else "@AGENTS.md")
        )
    return tuple(out)
