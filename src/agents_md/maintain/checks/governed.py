"""The docs as the git rules (``doc-not-updated``, ``stale-doc``) see them: what each governs,
what updates it, which only point elsewhere, and what counts as code. One notion for both rules.

1. What a doc governs: ``repo.govern`` (its folder, or what ``[governs]`` declares).
2. What updates a doc: any instruction file of its folder, the file holding its text (a link's
   target), what it imports (as the engine met it), the prose files it links to, and any file
   it tells the reader to update (``update [doc.go](./doc.go)``).
3. A pointer doc (``read.pointer``) is not judged: the file it points to is the doc.
   What a doc names (the paths its code spans and links spell) tells which changes concern it.
4. Code: not an instruction file or in an agent's own folder (``.claude/``, ``.cursor/``, a plugin's
   ``.claude-plugin/``), not in a skill's folder, not ignored, not
   matched by ``not-code``, no kind ``repo.code`` sets aside, and no file a doc calls generated;
   CI, bot and git plumbing (``.github/``, ``renovate.json``, ``.gitignore``) only for a doc in its folder
   (``.github/AGENTS.md``). In the history (``stale-doc``) a manifest is no code either.
"""

from __future__ import annotations

import os
import posixpath
import re
from collections.abc import Callable
from typing import Protocol

from agents_md.maintain.read.markdown import Item
from agents_md.maintain.read.paths import GENERIC_NAME, link_path
from agents_md.maintain.read.pointer import is_pointer
from agents_md.maintain.repo.code import is_manifest, not_code
from agents_md.maintain.repo.config import Config
from agents_md.maintain.repo.files import INSTRUCTION_NAMES, DocIndex, anchor_dir, shown
from agents_md.maintain.repo.govern import Governance
from agents_md.maintain.repo.ignore import ignore_matcher
from agents_md.maintain.views.imports import ImportGraph

CODE_CACHE = 65536  # paths whose verdict is remembered, cleared when full
# Agents' own folders: their settings, rules, commands and a plugin's manifest are no code a doc describes.
AGENT_FOLDERS = frozenset(
    {".claude", ".claude-plugin", ".codex", ".codex-plugin", ".cursor", ".cursor-plugin", ".gemini", ".agents"}
)
# The repository's plumbing: CI workflows, issue templates, dependency bots' settings, git's own files.
CI_FOLDERS = frozenset({".github", ".gitlab", ".circleci", ".buildkite", ".azure-pipelines"})
_CI_FILES = frozenset(
    {".gitlab-ci.yml", ".travis.yml", "azure-pipelines.yml", "jenkinsfile", "renovate.json", "codecov.yml"}
    | {".codecov.yml", ".renovaterc", ".renovaterc.json", "dependabot.yml", ".mergify.yml", "mergify.yml"}
    | {".gitignore", ".gitattributes", ".mailmap", ".git-blame-ignore-revs", ".editorconfig"}
)


def ci_plumbing(path: str) -> bool:
    """Whether ``path`` is the repository's plumbing (``.github/workflows/ci.yml``, ``renovate.json``,
    ``.gitignore``)."""
    return path.split("/", 1)[0] in CI_FOLDERS or path.rpartition("/")[2].lower() in _CI_FILES


_SAYS_GENERATED = re.compile(r"\b(?:auto-?generated|generated|do not edit|don'?t edit|never edit)\b", re.I)
_UPDATE = re.compile(r"\b(?:update|edit|keep|document (?:it |them |this )?in)\b", re.I)


def _told_to_update(text: str) -> dict[int, str]:
    """The lines (1-based) that tell the reader to update something, by their text."""
    return {n: line for n, line in enumerate(text.split("\n"), 1) if _UPDATE.search(line)}


class Docs(Protocol):
    """What this view reads of a check's context."""

    index: DocIndex
    config: Config
    ignored: Callable[[str], bool]

    def holder(self, rel: str) -> str: ...
    def text(self, rel: str) -> str | None: ...
    def scan(self, rel: str) -> list[Item]: ...
    def abs(self, rel: str) -> str: ...
    def rel(self, path: str) -> str: ...

    @property
    def imports(self) -> ImportGraph: ...


class Governed:
    def __init__(self, ctx: Docs) -> None:
        self.ctx = ctx
        self.governance = Governance(ctx.index, ctx.config.governs)  # 1
        self._not_code = ignore_matcher(ctx.config.not_code)
        self._names = INSTRUCTION_NAMES | frozenset(ctx.config.doc_names)
        self._parts: dict[str, frozenset[str]] = {}
        self._generated: frozenset[str] | None = None
        self._code: dict[str, bool] = {}
        self._docs: tuple[str, ...] | None = None

    def docs(self) -> list[str]:
        """The docs judged: governing docs that are not ignored and not pointers (step 3); told once."""
        if self._docs is None:
            self._docs = tuple(d for d in self.governance.docs() if not self.ctx.ignored(d) and not self.pointer(d))
        return list(self._docs)

    def pointer(self, doc: str) -> bool:
        holder = self.ctx.holder(doc)
        text = self.ctx.text(holder)
        return text is not None and is_pointer(text, self.ctx.scan(holder))

    def parts(self, doc: str) -> frozenset[str]:
        """Step 2 (imports read off the engine's records, links off the doc's text)."""
        if doc not in self._parts:
            ctx = self.ctx
            out = set(self.governance.parts(doc))
            holder = ctx.holder(doc)
            real = os.path.realpath(ctx.abs(holder))
            for edge in ctx.imports.edges:
                if edge.importer == real and edge.inside and edge.exists:
                    out.add(ctx.rel(edge.target))
            base = posixpath.dirname(holder)
            told = _told_to_update(ctx.text(holder) or "")
            for item in ctx.scan(holder):
                target = item.text.strip() if item.kind == "code" else link_path(item.text)
                if item.kind not in ("code", "link") or not target or target.startswith("/") or " " in target:
                    continue
                rel = posixpath.normpath(posixpath.join(base, target.split("#", 1)[0]))
                if rel.startswith("../") or not os.path.isfile(ctx.abs(rel)):
                    continue
                # The prose it links to; any file it says to update (``update [doc.go](./doc.go)``).
                if (item.kind == "link" and not_code(rel) == "prose") or (
                    item.line in told and target in told[item.line]
                ):
                    out.add(rel)
            self._parts[doc] = frozenset(out)
        return self._parts[doc]

    def named(self, doc: str) -> frozenset[str]:
        """The root-relative paths a doc's code spans and links spell (read from its folder, or,
        written with a ``/``, from the root): what it says about its code, by name. A name
        alone that any folder has (``index.ts``, ``package.json``) says nothing of this one."""
        holder = self.ctx.holder(doc)
        base = anchor_dir(doc)
        out: set[str] = set()
        for item in self.ctx.scan(holder):
            if item.kind not in ("code", "link"):
                continue
            word = item.text.strip().split("#", 1)[0].rstrip("/")
            while word.startswith("./"):
                word = word[2:]
            if not word or " " in word or "://" in word:
                continue
            if "/" not in word:
                if GENERIC_NAME.match(word):
                    continue
            else:
                out.add(word.lstrip("/"))
            out.add(posixpath.normpath(posixpath.join(base, word)) if base else word)
        return frozenset(out)

    def generated(self) -> frozenset[str]:
        """The files a doc names on a line that says they are generated ("auto-generated, do
        not edit"): the repository's word that they are no code a doc describes."""
        if self._generated is None:
            out: set[str] = set()
            for doc in self.governance.docs():
                holder = self.ctx.holder(doc)
                base = anchor_dir(doc)
                for item in self.ctx.scan(holder):
                    if item.kind == "code" and "/" not in item.text.strip(" /") and "." not in item.text:
                        continue
                    if item.kind in ("code", "link") and _SAYS_GENERATED.search(item.line_text):
                        word = item.text.strip().lstrip("./")
                        out.add(posixpath.normpath(posixpath.join(base, word)) if base else word)
                        out.add(word)
            self._generated = frozenset(out)
        return self._generated

    def is_code(self, path: str) -> bool:
        """Step 4 (remembered: a history names the same files again and again)."""
        known = self._code.get(path)
        if known is None:
            if len(self._code) >= CODE_CACHE:
                self._code.clear()
            known = self._code[path] = self._is_code(path)
        return known

    def _is_code(self, path: str) -> bool:
        base = path.rpartition("/")[2]
        if base in self._names or not AGENT_FOLDERS.isdisjoint(path.split("/")[:-1]):
            return False
        if ci_plumbing(path) and not ci_plumbing(self.governance.doc_of(path) or ""):
            return False  # CI's plumbing is the code of a doc in its own folder (``.github/AGENTS.md``) only
        if not_code(path) is not None or self.ctx.index.in_skill(path) or path in self.generated():
            return False
        return not self.ctx.ignored(path) and not self._not_code(path)

    def is_history_code(self, path: str) -> bool:
        """Code for ``stale-doc``: a manifest's change in the history is not read (a version bump
        sweeps every package), so the lag is measured to the code itself."""
        return self.is_code(path) and not is_manifest(path)

    def where(self, doc: str) -> str:
        """Where a doc's code is, as a person reads it: its folder, or "what it governs"."""
        return "what it governs" if doc in self.governance.declared else shown(anchor_dir(doc))
