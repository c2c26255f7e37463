"""``broken-import``: an ``@`` the engine reads as an import where none was meant, or an import
that was meant and points at nothing. Read off the engine's own import records, at the line
and column of the ``@``.

1. Plainly meant: a line that is the import alone (``@docs/guide.md``) at the top level. When
   nothing is there, an error: Claude Code skips it silently.
2. Inside a code span (a list item's ``pnpm --filter @scope/pkg``: the engine reads an ``@``
   after a space there): not meant. Nothing there, information (nothing loads); a file there, a
   warning with its size, since it is pulled into every session that loads the doc. The fix the
   engine honours: no white space before the ``@`` (quote it, or ``--filter=@scope/pkg``). One
   word finding nothing (``@import Foundation;``, ``@Override``: a language's keyword or
   annotation) loads nothing and was never meant as a file: not said; nor is code that finds
   nothing: a call (``@sizeOf(Self)``, Zig's builtin) or a name's attribute whose last part is
   no extension the engine reads (``@sort_key.presence``, a Ruby instance variable's).
3. Elsewhere in prose: written like a file (an extension, ``./``, ``../``) and missing, a warning;
   a name (``@types/node``) with nothing there, information; the fix: put it in backticks (an
   ``@`` that starts a code span is no import). A mention (``@alice``, one word) and a Markdown
   link read on (``[@alice](https://github.com/alice)`` gives ``alice](https:/...)`` too) load
   nothing and were never meant as files: not said.
4. A package the repository's manifests name (``**@tresjs/core**``, ``pnpm --filter @acme/web``:
   one of its own, or a dependency of the doc's folder), in prose or in a code span, with nothing
   there: it loads nothing and was never meant as a file; not said.
5. In an imported file that is not prose (``@justfile``, ``@scripts/x.py``: no Markdown, reST or
   text extension), an ``@`` finding nothing is that file's own syntax (a justfile's quiet
   ``@build:`` recipe, a decorator): it loads nothing, and the file is not the doc's to rewrite;
   not said.
"""

from __future__ import annotations

import os
import posixpath
import re
from collections.abc import Iterator

from agents_md._model import ImportOutcome
from agents_md._util.std import lazy_compile
from agents_md.diagnostics import Diagnostic, Edit, RuleInfo, Severity
from agents_md.engine.imports import is_text_file_name, js_extname
from agents_md.maintain.checks.context import CheckContext
from agents_md.maintain.repo.code import PROSE_EXTENSIONS
from agents_md.maintain.repo.files import anchor_dir
from agents_md.maintain.views.imports import Edge

RULE = RuleInfo("broken-import", Severity.ERROR, "an @import that does not resolve, or one not meant", __doc__)
_SPACES = (" ", "\t")
# A person's or team's handle: one word, no folder, no extension.
_MENTION = lazy_compile(r"[A-Za-z0-9][A-Za-z0-9_-]*[.,;:!?)]*")  # "@bob." ends a sentence
# Code after an ``@`` in a code span: a call (``@sizeOf(Self)``), or a name's attribute
# (``@sort_key.presence``, ``@app.route``).
_CALL = lazy_compile(r"[A-Za-z_][\w.]*\(")
_ATTRIBUTE = lazy_compile(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+[,;:!?)]*")


def _code(name: str) -> bool:
    """Step 2: whether ``@name`` in a code span reads as code, not as a file's name: a call, or an
    attribute whose last part is no extension the engine reads a file of (``.presence``: never
    loaded, were it there; ``.md`` is a file's)."""
    if _CALL.match(name):
        return True
    return _ATTRIBUTE.fullmatch(name) is not None and not is_text_file_name(name.rstrip(",;:!?)"))


def _code_span(ctx: CheckContext, rel: str, edge: Edge) -> str | None:
    """The text of the code span on the import's line that holds it after a space, if any."""
    needle = "@" + edge.written.replace(" ", "\\ ").split("`", 1)[0]  # "@x`," ends a span: the span is "... @x"
    for item in ctx.scan(rel):
        if item.line == edge.line and item.kind == "code" and any(f"{s}{needle}" in item.text for s in _SPACES):
            return item.text
    return None


# An npm package's name as written after its ``@``: ``tresjs/core`` of ``@tresjs/core``, ``nx/react:app`).``.
_SCOPED = lazy_compile(r"([a-z0-9][\w.-]*)/([a-z0-9][\w-]*(?:\.[\w-]+)*)", re.I)


def _known_package(ctx: CheckContext, rel: str, written: str) -> bool:
    """Step 4: whether ``@written`` starts with a package the repository's manifests name (its
    own, or a dependency of the doc's folder): a package, never meant as a file."""
    scoped = _SCOPED.match(written)
    if scoped is None:
        return False
    known = ctx.packages.dependencies(anchor_dir(rel)) | ctx.packages.own()
    return f"@{scoped.group(1)}/{scoped.group(2)}" in known


def _prose(rel: str) -> bool:
    """Step 5: whether a file is written in prose, where an ``@`` may be meant as an import."""
    return posixpath.splitext(rel)[1].lower() in PROSE_EXTENSIONS


def _bare_line(ctx: CheckContext, rel: str, edge: Edge) -> bool:
    text = ctx.text(rel) or ""
    lines = text.split("\n")
    if not 0 < edge.line <= len(lines):
        return False
    line = lines[edge.line - 1].rstrip("\r")
    return edge.column == 1 and line.rstrip().split("#", 1)[0] == "@" + edge.written.replace(" ", "\\ ")


def _size(path: str) -> int | None:
    try:
        return os.path.getsize(path) if os.path.isfile(path) else None
    except OSError:
        return None


def _at(
    edge: Edge,
    rel: str,
    message: str,
    fix: str,
    *,
    severity: Severity = RULE.severity,
    inert: Edit | tuple[Edit, ...] | None = None,
) -> Diagnostic:
    """A finding at the import's ``@``."""
    return RULE.diagnostic(
        rel,
        message,
        fix,
        line=edge.line,
        column=edge.column,
        subject=edge.written,
        severity=severity,
        edits=() if inert is None else inert if isinstance(inert, tuple) else (inert,),
    )


# A code span that is a shell command: quoting a word there keeps what it runs. Elsewhere (CSS,
# a decorator, a template) quotes change the text's meaning, so the fix is not a safe one.
_SHELL = lazy_compile(
    r"^\s*(?:\$\s*)?(?:pnpm|npm|npx|yarn|bun|bunx|nx|turbo|lerna|rush|deno|node|git|docker|cargo|pip|uv)\b"
)


def _quoted_everywhere(ctx: CheckContext, rel: str, name: str, *, safe: bool = True) -> tuple[Edit, ...]:
    """Every ``@name`` after white space in the doc's code spans quoted: the engine reads each as an
    import (of one file, so it reports the first), and a fix of the first alone would bring up the next."""
    old = "@" + name
    edits: list[Edit] = []
    lines = {item.line: item.line_text for item in ctx.scan(rel) if item.kind == "code" and old in item.text}
    for line, text in sorted(lines.items()):
        at = text.find(old)
        while at >= 0:
            after = text[at + len(old) : at + len(old) + 1]
            if at > 0 and text[at - 1] in _SPACES and not (after.isalnum() or after in "_./-@"):
                edits.append(
                    Edit(kind="replace", file=rel, old=old, new=f'"{old}"', line=line, column=at + 1, safe=safe)
                )
            at = text.find(old, at + 1)
    return tuple(edits)


def _inert(rel: str, edge: Edge, written: str, left: str, right: str, *, safe: bool = True) -> Edit:
    """The import made inert where it stands, no white space before its ``@``: ``"@x"`` or `` `@x` ``."""
    old = "@" + written
    return Edit(
        kind="replace", file=rel, old=old, new=f"{left}{old}{right}", line=edge.line, column=edge.column, safe=safe
    )


def _backticked(ctx: CheckContext, rel: str, edge: Edge, *, safe: bool = True) -> Edit | None:
    """The ``@`` in backticks; none where its line holds a backtick already (a code span may have
    opened on a line above, and a backtick added inside it would break it)."""
    lines = (ctx.text(rel) or "").split("\n")
    if not 0 < edge.line <= len(lines) or "`" in lines[edge.line - 1]:
        return None
    return _inert(rel, edge, edge.written, "`", "`", safe=safe)


def run(ctx: CheckContext) -> Iterator[Diagnostic]:
    for edge in ctx.imports.edges:
        if not edge.inside:
            continue
        rel, target = ctx.rel(edge.importer), ctx.rel(edge.target)
        if not edge.exists and rel not in ctx.index.present and not _prose(rel):
            continue  # 5: a justfile's ``@build:``, a script's decorator
        span = _code_span(ctx, rel, edge)
        if span is not None:  # 2
            name = edge.written.split("`", 1)[0]  # "@x`," at a span's end: the name is x
            shell = _SHELL.match(span) is not None
            fix = f'quote it ("@{name}")'
            if f"--filter @{name}" in span:
                fix += f" or write --filter=@{name}"
            fix += ": an @ after a space is an import even in a code span"
            if not edge.exists:
                if _MENTION.fullmatch(name) or _code(name) or _known_package(ctx, rel, name):
                    continue  # a keyword or annotation (`@import Foundation;`, `@Override`), code, 4
                yield _at(
                    edge,
                    rel,
                    f"Claude Code reads @{edge.written} in this code span as an import of {target}; "
                    "nothing is there, so nothing loads",
                    fix,
                    severity=Severity.INFO,
                    inert=_quoted_everywhere(ctx, rel, name, safe=shell)
                    or _inert(rel, edge, name, '"', '"', safe=shell),
                )
                continue
            size = _size(edge.target)
            if size is None or edge.outcome is not ImportOutcome.LOADED:
                continue
            yield _at(
                edge,
                rel,
                f"Claude Code reads @{edge.written} in this code span as an import: it pulls {target} "
                f"({size:,} bytes) into every session that loads {rel}",
                fix,
                severity=Severity.WARNING,
                inert=_quoted_everywhere(ctx, rel, name, safe=shell) or _inert(rel, edge, name, '"', '"', safe=shell),
            )
            continue
        if edge.exists:
            continue
        if _bare_line(ctx, rel, edge):  # 1
            yield _at(
                edge,
                rel,
                f"@{edge.written} imports {target}, which does not exist: Claude Code skips it silently",
                "fix the path, or remove the import",
            )
        elif js_extname(edge.written) not in ("", ".") or edge.written.startswith(
            ("./", "../")
        ):  # 3 ("x." ends a sentence)
            yield _at(
                edge,
                rel,
                f"@{edge.written} reads as an import of {target}, which does not exist: Claude Code skips it",
                f"fix the path; if it is not meant as an import, write `@{edge.written}` in backticks",
                severity=Severity.WARNING,
                inert=_backticked(ctx, rel, edge, safe=False),  # it may be a path gone wrong
            )
        elif not (_MENTION.fullmatch(edge.written) or "](" in edge.written or _known_package(ctx, rel, edge.written)):
            yield _at(
                edge,
                rel,
                f"@{edge.written} reads as an import of {target}; nothing is there, so nothing loads",
                f"write `@{edge.written}` in backticks if it is a name",
                severity=Severity.INFO,
                inert=_backticked(ctx, rel, edge),
            )
