"""``missing-command``: a command in a doc that runs one of the repository's own entry points
which is not there (``make tets``, ``pnpm run buld``, ``just fmtt``, a ``./script.sh`` that
cannot be run), with the nearest names it does have.

1. Commands are read from code spans and shell blocks (``read.invocations``); a clause that
   says not to run one is left out, and so is a block labelled as what not to run ("❌ Wrong:"),
   a word that is a placeholder (``<name>``), and a block that draws a folder tree
   (``├── src/``: a listing, ``./AGENTS.md (this file)`` on top).
2. A command runs in the folder the doc governs, moved by a ``cd DIR &&`` before it, by a
   ``cd`` earlier in its shell block (``read.invocations.ShellBlocks``), or by the tool's own
   flag (``make -C``, ``pnpm --filter``, ``just -f``); after a ``cd`` to no folder of the
   repository (``cd $DIR``, ``cd my-app && npm run dev``: a project made on the way) the
   commands are not judged, nor a block's lines after one that makes a new project (``npx
   create-app my-app``, ``cargo new x``, a line whose comment says it scaffolds).
3. Each runner is asked in that folder, as the tool itself would look (``checks.entry_points``):
   ``make`` the Makefile there or above (includes followed); the package managers the nearest
   ``package.json``, or the workspace package a filter names; ``just`` the nearest justfile
   (imports, modules, ``set fallback``); ``tox`` and ``nox`` their configuration; ``python -m``
   the project's own packages; ``uv run`` the scripts its ``pyproject.toml`` files declare;
   ``cargo xtask`` the xtask crate's subcommands; ``gradle`` the projects the settings file
   includes; ``mvn -pl`` the modules of the reactor; ``./path`` the file, and whether it may
   be executed.
4. What is not said, because it cannot be known: a runner with no file in reach; a file that
   may define names it does not spell out (a target made with a variable, an include that is
   not there); a name that exists elsewhere under the doc's folder (the reader may be meant
   to go there; under a CI folder's doc, anywhere: a workflow's step runs where it says);
   ``pnpm x`` or ``yarn x`` where ``x`` may be a binary (only a name such as
   ``test:unit``, or a common job's, is read as a script); a module or tool from outside the
   repository, or one git ignores (made locally); a line about another project's commands
   (a template's, "your project") or about what runs in a container ("inside the `api`
   container": the image's files); a script two or more packages beside the doc's define, on a
   line about them ("the examples", "each package": ``examples/*/`` seen from ``examples/e2e/``);
   a ``./path`` that does not exist (``missing-path`` says so).
5. A command missing at several lines of one doc is said once, at the first.
"""

from __future__ import annotations

import functools
import os
import posixpath
import re
from collections.abc import Iterator

from agents_md._util.std import lazy_compile
from agents_md.diagnostics import Diagnostic, RuleInfo, Severity
from agents_md.maintain.checks.context import CheckContext
from agents_md.maintain.checks.entry_points import Miss, Runners, leaves, misses
from agents_md.maintain.checks.governed import CI_FOLDERS
from agents_md.maintain.read.commands import CLAUSE_END, wrong_example
from agents_md.maintain.read.invocations import Invocation, ShellBlocks, drawn_trees, invocations
from agents_md.maintain.read.markdown import Item
from agents_md.maintain.repo.files import anchor_dir

RULE = RuleInfo(
    "missing-command",
    Severity.WARNING,
    "a command in a doc names a target, script or recipe that does not exist",
    __doc__,
)


def _fix(miss: Miss) -> str:
    if miss.fix:
        return miss.fix
    import difflib  # lazy: asked only when something is missing

    close = difflib.get_close_matches(miss.asked, miss.choices, n=3, cutoff=0.6)
    if close:
        return "did you mean " + " or ".join(f"`{c}`" for c in close) + "?"
    return "correct the command, or add what it runs"


def run(ctx: CheckContext) -> Iterator[Diagnostic]:
    runners = Runners(ctx)
    for rel in ctx.texts():
        home = anchor_dir(rel)
        # A CI folder's doc tells what the workflows run, each where its step says: anywhere.
        scope = "" if home.split("/", 1)[0] in CI_FOLDERS else home
        said: dict[str, list[int]] = {}
        findings: list[tuple[int, Invocation, Miss]] = []
        blocks = ShellBlocks(functools.partial(_a_folder, ctx, home))
        trees = drawn_trees(ctx.scan(rel))
        lines = (ctx.text(rel) or "").split("\n")
        made: set[int] = set()  # the shell blocks that made a new project on a line before
        for item in ctx.scan(rel):
            if item.kind == "fence" and item.block in trees:
                continue  # a drawn folder tree lists files, it runs none
            if item.kind == "fence" and item.block in made:
                continue  # ``npx create-app my-app`` above: the lines after run in the project it made
            if item.kind == "fence" and _MAKES_A_PROJECT.search(item.text):
                made.add(item.block)
            if wrong_example(lines, item):
                continue  # "❌ Wrong:": the block shows what not to run
            where, then = blocks.run(item)
            if where is None or then is None:
                continue  # run somewhere it cannot tell (``cd $DIR``, a folder made on the way)
            for inv in invocations(item, where):
                if _denied(item):
                    break
                base = _base(home, inv)
                if leaves(base):
                    continue
                if inv.cwd and not os.path.isdir(ctx.abs(base)):
                    continue  # ``cd my-app && npm run dev``: a folder made on the way, not the repository's
                if _of_the_packages_beside(runners, home, inv, lines, item):
                    continue
                for miss in misses(runners, inv, base, scope):
                    key = f"{inv.runner}\0{base}\0{miss.what}"
                    if key in said:
                        said[key].append(item.line)
                        continue
                    said[key] = []
                    findings.append((item.line, inv, miss))
        for line, inv, miss in findings:
            again = sorted(set(said[f"{inv.runner}\0{_base(home, inv)}\0{miss.what}"]) - {line})
            also_at = f"; also line {', '.join(map(str, again))}" if again else ""
            yield RULE.diagnostic(
                rel,
                f"`{inv.text}`: {miss.what}{also_at}",
                _fix(miss),
                line=line,
                subject=f"{inv.runner} {miss.what}",
                also=ctx.also(rel),
            )


# A clause that says what follows is not there: "there is no `make migrate` target".
_DENIED = lazy_compile(
    r"\b(?:no|without|removed|gone|deprecated|formerly|previously|used to|renamed|replaced|obsolete|legacy|old)\b", re.I
)
_GONE = lazy_compile(r"\b(?:is|are|was|were|has been|have been)\s+(?:gone|removed|deprecated|renamed|replaced)\b", re.I)
# A line about another project's commands: the one a template makes, the user's own.
_THEIRS = lazy_compile(
    r"\b(?:your (?:own )?(?:project|app|repo\w*|package|worker)|(?:the )?user'?s (?:project|app|repo\w*)"
    r"|scaffold\w*|generated (?:project|app)|new project|templates?)\b"
    # run in a container: the image's files, not the doc's folder ("inside the `api` container")
    r"|\b(?:inside|in|within) (?:the|a|an|its|each) (?:`?[\w.-]+`? )?(?:docker )?container\b",
    re.I,
)


# A shell line that makes a new project, whose folder the lines after it work in: ``npm create
# vite``, ``npx create-next-app app``, ``cargo new x``, or one a comment says scaffolds.
_MAKES_A_PROJECT = lazy_compile(
    r"\b(?:npm|pnpm|yarn|bun)\s+(?:create|init)\s+[^\s-]|\b(?:npx|pnpx|bunx)\s+(?:create-|degit\b)"
    r"|\bcargo\s+(?:new|generate)\b|\bdotnet\s+new\b|#.*\bscaffold\w*",
    re.I,
)


# A line about the packages beside the doc's ("each package", "consumers", "the examples"; not
# "for example"): a script it names is theirs, run where they are.
_OTHER_PACKAGES = lazy_compile(
    r"\b(?:consumers?|dependents?)\b|(?<!\bfor )\bexamples?\b"
    r"|\b(?:each|every|per|other)\s+(?:crate|package|app|example|project|service|member|workspace)s?\b",
    re.I,
)
_LIST_ITEM = lazy_compile(r"\s*(?:[-*+]|\d+[.)])\s")


def _lead_in(lines: list[str], item: Item) -> str:
    """The item's line, and the sentence before its list that ends with a colon and leads into it
    ("For hybrid examples the command is:" over "- `pnpm dev:ui`")."""
    text = item.line_text
    if item.kind == "fence" or not _LIST_ITEM.match(text):
        return text
    index = item.line - 2
    while index >= 0 and _LIST_ITEM.match(lines[index]):
        index -= 1  # the items before it in its list
    while index >= 0 and not lines[index].strip():
        index -= 1  # the blank lines between the list and what leads into it
    return f"{lines[index]} {text}" if index >= 0 and lines[index].rstrip().endswith(":") else text


def _of_the_packages_beside(runners: Runners, home: str, inv: Invocation, lines: list[str], item: Item) -> bool:
    """Step 4: a script two or more packages beside the doc's define (below the folder above it,
    not below its own: ``examples/*/`` beside ``examples/e2e/``), on a line about them ("the
    example can be started via `pnpm dev:ui`"): theirs, run where each of them is."""
    if inv.runner != "script" or inv.package or inv.cwd or inv.recursive or not home or not inv.names:
        return False
    if not _OTHER_PACKAGES.search(_lead_in(lines, item)):
        return False
    parent, name = posixpath.dirname(home), inv.names[0]
    beside = [p for p in runners.packages.below(parent) if p.folder != home and not p.folder.startswith(home + "/")]
    return sum(name in p.scripts for p in beside) >= 2


def _denied(item: Item) -> bool:
    """Step 1: a code span in a clause saying it names nothing there, or a line about another
    project's commands (``read.commands`` leaves out the clauses that say not to run it)."""
    if _THEIRS.search(item.line_text):
        return True
    if item.kind != "code":
        return False
    at = item.line_text.find(item.text)
    if at < 0:
        return False
    after = CLAUSE_END.split(item.line_text[at + len(item.text) :], maxsplit=1)[0]
    return _DENIED.search(CLAUSE_END.split(item.line_text[:at])[-1]) is not None or bool(_GONE.search(after))


def _a_folder(ctx: CheckContext, home: str, to: str) -> bool:
    """Step 2: whether a ``cd`` from the doc's folder leads to a folder of the repository."""
    folder = posixpath.normpath(posixpath.join(home, to)) if home else posixpath.normpath(to)
    return not leaves(folder) and os.path.isdir(ctx.abs("" if folder == "." else folder))


def _base(home: str, inv: Invocation) -> str:
    base = posixpath.normpath(posixpath.join(home, inv.cwd)) if inv.cwd else home
    return "" if base == "." else base
