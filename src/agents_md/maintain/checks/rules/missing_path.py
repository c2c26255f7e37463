"""``missing-path``: a path in a doc (a code span, a Markdown link, or a clearly-a-path word in a shell
block or in a code span that is a command, ``dotnet test tests/X/X.csproj``) that names nothing in
the repository, read the way a reader of the doc would read it; a command span's ``../`` path,
or one after its ``cd``, runs from where the prose says, and is not followed.

1. What counts as a path: ``read.paths``; a ``#anchor`` or ``?query`` is cut (``file.md#x``
   checks ``file.md``).
2. A path is looked for relative to each place the doc is read from (its folder, the folder of
   every link to it, and for a rule the folders its ``paths:`` name), to each folder above those
   up to the repository root, and to the root; a leading ``/`` means the root (a name with its
   other extensions, ``verilated.h/.cpp``, is found when each of its spellings is; a Gradle
   module's source set, ``composeApp/desktopMain``, in its ``src/``; a numbered record cited by
   its number, ``docs/adr/0028``, as ``docs/adr/0028-title.md``), and below each folder the
   doc names at or before its line ("copies `src/prefect/`, then deletes `cli/`"; or going on
   from it: ``peephole/mod.rs`` after "add it to `src/peephole/`"), and from the
   folder above the checkout (``sdk/apps/docs/`` for ``apps/docs/``, the repository's own name
   first: the checkout folder's name, or a first part the repository has nowhere, two parts or
   more found after it). Found anywhere,
   or as the end of a tracked file's or folder's path within the doc's folder, or of just one
   elsewhere (written from another folder: ``_harness/x.py`` for ``core/pkg/_harness/x.py``; a
   module specifier ``./api`` for ``src/api/`` or ``src/api.ts``; an ESM import's ``./x.js`` for
   ``src/x.ts``), or of each of several folders side by side when the doc is not among them
   (``test/ci.yaml`` of every ``charts/*/``, named in ``.github/``) or is one of them on a line
   about the others ("Consumers implement `X` in `tests/fixtures/mod.rs`", "per crate": the
   packages' beside it, each its own), or, given in parentheses as
   an example on a line about links (``./guide/data-loading`` of "links relative to `docs/`
   (e.g., `./guide/data-loading`)"), of a file within the doc's folder, a page's ``.md`` or
   ``.mdx`` added to one without an extension: a link as a doc there writes it; a folder's name alone
   (``Static/``) for a folder of that name within the doc's folder, or for the repository's
   only one): not missing. When one tracked file of that
   name lies within the doc's folder (or one of that folder and name, or in that folder of that
   name with another extension: ``copy-css.cjs`` of ``copy-css.js``; a folder beside it named but
   for a plural ``s``: ``benchmarks/`` of ``benchmark/``), the fix names it; when a
   tracked file differs from it only in case (``PULL_REQUEST_TEMPLATE.md`` of ``pull_request_template.md``), it says so.
3. Not checked: a path into a dependency or build folder (``node_modules``, ``dist``, ``target``,
   ...) or into git's own (``.git/hooks/pre-push``), a folder's name alone that names what a build
   or a run makes (``generated/``, ``logs/``),
   one whose first part is a package (a dependency of a manifest at or above the doc, or one of the
   repository's own: a module specifier such as ``prettier/plugins/babel``; a Go module without
   its host, ``hashicorp/vault/api``), words that name no place (``tasks/TaskService``, a folder
   and a class; ``pkg/skip.ResolveSkipFor``, a name in a folder's package), a link's label
   (``[`x/guide`](x/guide.md)``: its target is checked), one in a clause
   that says not to do or use it (a counter-example: "use `a`, not `b`"; a block labelled
   "❌ Wrong:"), one on a line (or its sentence's rest) that says it is another repository's ("in
   that repo", "outside git", "next to this repo", "the `acme/widget` repository", "in the
   internal Android repository"), or that stands right by another repository's ``owner/name``
   ("ported to `acme/acme-docs` (the `src/content/docs/` folder)", "in `acme/book` under `x`",
   "`x` in `acme/site`": an owner that is no folder here), a code span without a file
   extension on a line about branches (``Branch naming: `ui-v2/feature-x` ``: a branch name)
   or about an app's routes ("redirects to `./workflows`": a URL path), a code span on a line
   about how names are spelled ("Directories: lowercase with dashes (`components/auth-wizard/`)",
   "casing", "PascalCase": an example of the spelling), a MIME type's first half
   on a line about media types (``video/``),
   a path into a folder the doc also names in the home folder (``.claude/settings.json`` beside
   ``~/.claude/settings.json``: the places a program looks, in whatever project it runs in), and one git ignores
   (a local file such as ``.env.test``: asked of git once for the whole check), nor a folder
   whose contents a ``.gitignore`` names (``public/fonts/`` of ``public/fonts/GT-*``: made
   locally), nor a C or C++ header spelled as an ``#include`` of the repository's code spells it
   (``kj/debug.h``: found through the build's include paths, in a dependency the repository need
   not hold), nor a path of two parts or more that the code (no doc) spells in a string or builds
   from its parts (``root / "extensions" / "sources"``: a place it makes or reads at run time;
   ``read.spelled``), nor a folder an Angular or Nx build copies assets into, or a path below it
   (``assets/i18n/user/``: the built app's; ``read.assets``), nor a file without an extension
   that its line calls a binary ("Test binary: `tests/unit/unit-test`"), nor a path of two parts or more
   that a ``.gitignore`` pattern holds, part after
   part, ``**`` standing for a folder between (``src/main/jniLibs/`` of
   ``packages/*/android/src/main/jniLibs/``: what a build makes in each package), nor one the
   doc says, where it names it, is made locally ("gitignored",
   "created at build time", "build cache", "(packaged)": in the app a packager makes), or says is
   not there ("there is no `x`", "`x`,
   which was deleted", "none of those paths exist") or lives in a dependency of a manifest at or
   above it ("imported as `pkg/assert` by convention, but lives in lib-commons"), or tells the
   reader, or a program, to make
   ("Create `x`", "writes `x`", "copies `a` to `x`", "`a` becomes `x`"; ``read.absence``), or
   names in a table's column of what is made ("Destination", "Output") — where it says so once, for every mention of
   it. A path missing at several lines of one doc (``./x/`` and ``x/`` alike) is said once, at
   the first.
4. A path that leaves the repository (``../sibling-repo/x``) is said once per doc, as
   information: it is not checked. Unfound, a ``../`` path leaves it when read from the doc's own
   folder, or when read from the root (where agents mostly start) unless its first real part is
   a folder where it could be read inside (``../web/gone`` of ``apps/api`` beside ``apps/web``),
   and not when git ignores what it names from the doc's own folder (``../.env/bin/activate``
   of ``python/``: a local file).
5. A file name alone (`` `redis.py` ``) is no path to look for, but when no file of that name
   is left in the repository and a commit of the last 180 days deleted one within the doc's
   folder, it names a file that was renamed or removed: said so (git asked once, for all) —
   unless git ignores it now (generated code that is no longer committed), or its line says a
   build makes it ("`Protocol.kt` is generated from the schema"). A path reported as missing
   that such a commit deleted (a folder: files below it) is told with that commit too.
6. A path whose first part is nowhere the doc is read, whose last part the repository has
   nowhere, and either its folder's name or its first part neither (no ``stylefmt-repo``
   folder, no ``at-media.css``; no ``NeuRT`` folder), names another codebase's files — an
   upstream test suite, a sibling repository, a folder made at run time — or is no path at all
   (``rac_llm/tts/callbacks_t``: names joined with slashes), and is not said, unless git deleted
   it in the last 180 days; so is a path of the same first part listed on its line
   (``scss/comments/4878.scss`` beside ``scss/map/function-argument/x.scss``), though the
   repository has folders of its names.
7. A ``.claude/rules`` file's ``paths:`` glob whose fixed folders (or, with no wildcard, whose
   file) are not there, read from the folder holding ``.claude/rules``: no file it matches can be
   read, so it never loads the rule (said so when no other glob of the rule is left to).
"""

from __future__ import annotations

import fnmatch
import os
import posixpath
import re
from collections.abc import Iterable, Iterator

from agents_md._util.front_matter import split_front_matter
from agents_md._util.std import lazy_compile
from agents_md._value import Value
from agents_md.diagnostics import Diagnostic, RuleInfo, Severity
from agents_md.engine.rules import rule_globs
from agents_md.maintain.checks.context import CheckContext
from agents_md.maintain.read.absence import maybe_absent, said_absent, to_be_made
from agents_md.maintain.read.assets import CONFIG_NAMES, asset_outputs, built_asset
from agents_md.maintain.read.commands import SHELL_LANGS, counter_example, wrong_example
from agents_md.maintain.read.includes import included
from agents_md.maintain.read.invocations import ShellBlocks, leading_cd
from agents_md.maintain.read.markdown import Item
from agents_md.maintain.read.paths import GENERIC_NAME, code_path, example_paths, link_path, spelled_out
from agents_md.maintain.read.source_sets import BUILD_SCRIPTS, source_set_spellings
from agents_md.maintain.read.spelled import spelled_in_code
from agents_md.maintain.repo.files import anchor_dir
from agents_md.maintain.repo.reading import CONFIG_MAX_BYTES, read_inside

RULE = RuleInfo("missing-path", Severity.WARNING, "a path in a doc that does not exist", __doc__)

# Folders that hold what is installed or built: a path into one is not the repository's to check.
DEPENDENCY_DIRS = frozenset(
    {
        "node_modules",
        "bower_components",
        "vendor",
        "dist",
        "build",
        "out",
        "target",
        ".next",
        ".nuxt",
        ".svelte-kit",
        ".turbo",
        ".cache",
        "coverage",
        ".venv",
        "venv",
        "__pycache__",
        ".tox",
        ".mypy_cache",
        ".pytest_cache",
        ".gradle",
        ".terraform",
        "site-packages",
        ".git",  # git's own folder (``.git/hooks/pre-push``): each clone's, never tracked
    }
)
# A folder's name alone that names what a build or a run makes (``generated/``, ``logs/``).
_MADE_NAMES = frozenset(
    {"generated", "gen", "tmp", "temp", "log", "logs", "reports", "results", "artifacts", "output", "bin", "obj"}
    | {"debug", "release", "cache", "build-ts", "lib-cov", "screenshots", "snapshots", "traces", "junit"}
)
# A line calling what it names a binary (its prose, not its code spans: ``build-binary.sh`` is a script).
_BINARY = lazy_compile(r"\bbinar(?:y|ies)\b", re.I)
_CODE_SPAN = lazy_compile(r"`[^`]*`")
# Files only a compiler or a packager makes.
_BUILT = lazy_compile(r"\.(?:exe|dll|so|dylib|o|obj|a|pdb|class|pyc|whl|nupkg)$", re.I)
FOUND, MISSING, OUTSIDE = "found", "missing", "outside"
# A line that says what it names is made locally: then the doc explains its absence.
_MADE_LOCALLY = lazy_compile(
    r"\b(?:git-?ignored|ignored by git|not (?:committed|checked in|tracked)|never commit(?:ted)?|build[- ]time"
    r"|at build|(?:is|are|gets?) (?:created|generated|downloaded|fetched|populated|written|installed|built|compiled)"
    r"|pre-?installed|injected|scaffolded|packaged"
    r"|(?:generated|runtime|build) (?:dirs?|director(?:y|ies)|folders?|files|output|artifacts?|cache))\b",
    re.I,
)
# A line that says its paths are another repository's ("see `x` in that repo", "outside git").
_ELSEWHERE = lazy_compile(
    r"\b(?:that|the other|another|a separate|a sibling|the upstream|an external)\s+(?:repo|repository|checkout)\b"
    r"|\bin the (?:[\w.-]+ ){1,3}(?:repo|repository)\b|\boutside (?:of )?(?:this |the )?(?:repo|repository|git)\b"
    r"|\bnext to (?:this|the) (?:repo|repository|checkout)\b"
    # a GitHub owner/name in a code span called a repository ("the former `acme/widget-cxx` repository")
    r"|`[\w.-]+/[\w.-]+`\s+(?:repo|repository)\b",
    re.I,
)
# A GitHub owner/name in a code span right before the path ("ported to `acme/acme-docs` (the
# `src/content/docs/` folder)", "`acme/site`'s `src/x`") or right after it ("`src/x` in `acme/site`").
_REPO_SPAN = r"`([\w.-]+)/[\w.-]+`"
_OWNER_BEFORE = lazy_compile(
    _REPO_SPAN + r"(?:'s\s*|\s*[(:]\s*(?:the\s+|in\s+|at\s+|under\s+)?|\s+(?:under|in|at|inside)\s+(?:the\s+)?)`$"
)
_OWNER_AFTER = lazy_compile(r"^`\s*(?:in|of|from|at)\s+(?:the\s+)?" + _REPO_SPAN)

# Where a sentence ends in prose; a line that starts another block (a list item, a heading, a row).
_SENTENCE_END = lazy_compile(r"[.!?](?:\s|$)")
_BLOCK_START = lazy_compile(r"\s*(?:[-*+>#|]|\d+[.)]\s|```|~~~)")

# A sentence that says where its path lives ("`pkg/assert` ... lives in lib-commons"): in a
# dependency's code, when the word names one.
_LIVES_IN = lazy_compile(r"\b(?:lives?|resides?)\s+in\s+(?:the\s+)?`?([@\w.-]+(?:/[\w.-]+)*)`?", re.I)

# A line about git branches: its slash-separated words name branches, not folders.
_BRANCHES = lazy_compile(r"\bbranch(?:es)?\b|\bgit (?:checkout -b|switch -c)\b", re.I)

# A line about how names are spelled: its code spans show the spelling (``components/auth-wizard/``
# of "Directories: lowercase with dashes"), they name no file.
_NAMING = lazy_compile(
    r"\bcasing\b|\bkebab\b|\bkebab[- ]case\b|\bsnake[_ -]?case\b|\bcamel[- ]?case\b|\bpascal[- ]?case\b"
    r"|\b(?:lower|upper)[- ]?case with\b",
    re.I,
)

# A table's column of what a build or a copy makes.
_MADE_COLUMN = lazy_compile(r"\b(?:destination|output|generated|copied to|built)\b", re.I)

# A line about an app's routes: its words without an extension are URL paths (``./workflows``).
_ROUTES = lazy_compile(r"\broutes?\b|\bredirect(?:s|ed)? to\b", re.I)

# A line about media types: ``audio/``, ``video/`` there are MIME types' first halves, not folders.
_MEDIA_TYPES = lazy_compile(r"\bmime\b|\b(?:media|content)[- ]types?\b", re.I)
_MIME_TOPS = frozenset({"application", "audio", "font", "image", "message", "model", "multipart", "text", "video"})

# A folder named in the home folder (``~/.claude/``): the same folder in a project is a place a
# program looks, not one of this repository's files.
_IN_HOME = lazy_compile(r"~/([\w.-]+)/")


class _Candidate(Value):
    doc: str
    item: Item
    path: str
    lookups: tuple[str, ...]  # the root-relative spellings git is asked about
    anchored: bool = True  # its first part is a folder or file where the doc is read
    home: str = ""  # the folder the doc is read from first (whose manifest's dependencies count)


class _Places:
    """Step 2: the folders a doc's paths may be relative to, nearest first, the root last."""

    def __init__(self, ctx: CheckContext, rel: str) -> None:
        self.ctx = ctx
        self.root = ctx.root
        placements = [rel, *ctx.also(rel)]
        starts = [d for p in placements for d in (posixpath.dirname(p), anchor_dir(p))]
        dirs: list[str] = []
        for start in [*starts, *_scope_dirs(ctx, rel)]:
            current = start
            while True:
                dirs.append(current)
                if not current:
                    break
                current = posixpath.dirname(current)
        self.dirs = [d for d in dict.fromkeys(dirs) if d] + [""]  # the root last
        self.home = self.dirs[0]
        self.lines = (ctx.text(rel) or "").split("\n")
        self.blocks = ShellBlocks(self._a_folder)  # where its shell blocks' lines run
        self.user_dirs = frozenset(_IN_HOME.findall(ctx.text(rel) or ""))
        self.rel = rel
        self._named: list[tuple[int, str]] | None = None  # the folders the doc names, by line (made once)

    def _a_folder(self, to: str) -> bool:
        folder = posixpath.normpath(posixpath.join(self.home, to))
        return not _leaves(folder) and os.path.isdir(self.ctx.abs("" if folder == "." else folder))

    def under_named(self, path: str, line: int) -> bool:
        """Step 2: whether ``path`` is found below a folder the doc named at or before its line
        ("copies `src/prefect/`, then deletes `cli/` and `server/api/`": that folder's), or
        going on from it, the folder's own name first (``peephole/mod.rs`` after `src/peephole/`)."""
        if path.startswith(("/", "../")):
            return False
        if self._named is None:
            self._named = []
            for item in self.ctx.scan(self.rel):
                if item.kind == "fence":
                    continue
                for named in self.paths(item):
                    folder = self._folder(named)
                    if folder:
                        self._named.append((item.line, folder))
        bare = path.split("#", 1)[0].split("?", 1)[0]
        first = _first_part(bare)
        for at, folder in self._named:
            if at > line:
                continue
            # Below the folder, or going on from it: ``peephole/mod.rs`` after "add it to
            # `src/peephole/`" is ``src/peephole/mod.rs``, the folder's own name written again.
            bases = [folder, posixpath.dirname(folder)] if posixpath.basename(folder) == first else [folder]
            if any(os.path.lexists(self.ctx.abs(posixpath.normpath(posixpath.join(b, bare)))) for b in bases):
                return True
        return False

    def _folder(self, named: str) -> str | None:
        """Where a named path is a folder of the repository, read from the doc's places (not the root)."""
        named = named.split("#", 1)[0].split("?", 1)[0]
        if named.startswith(("/", "../")) or named.strip("./") == "":
            return None
        for base in self.dirs:
            joined = posixpath.normpath(posixpath.join(base, named))
            if joined and not _leaves(joined) and os.path.isdir(self.ctx.abs(joined)):
                return joined
        return None

    def first_exists(self, part: str) -> bool:
        return any(os.path.lexists(os.path.join(self.ctx.abs(b), part)) for b in self.dirs)

    def judge(self, path: str) -> tuple[str, tuple[str, ...]]:
        """(FOUND, MISSING or OUTSIDE; the root-relative spellings it was looked for at)."""
        path = path.split("#", 1)[0].split("?", 1)[0]
        verdict, tried = self._judge(path)
        # ``verilated.h/.cpp``: a name with its other extensions is found when each spelling is.
        spellings = spelled_out(path) if verdict == MISSING else []
        if spellings and all(self._judge(s)[0] == FOUND for s in spellings):
            return FOUND, ()
        if verdict == MISSING and self._a_source_set(path):
            return FOUND, ()
        if verdict == MISSING and self._a_numbered_record(path):
            return FOUND, ()
        return verdict, tried

    def _a_numbered_record(self, path: str) -> bool:
        """``docs/adr/0028``: a numbered record cited by its number, the file whose name starts
        with it (``docs/adr/0028-session-actor.md``)."""
        folder, _, number = path.rstrip("/").rpartition("/")
        if not number.isdigit() or not folder:
            return False
        bases = [""] if folder.startswith("/") else self.dirs
        for base in bases:
            joined = posixpath.normpath(posixpath.join(base, folder.lstrip("/")))
            if _leaves(joined):
                continue
            try:
                names = os.listdir(self.ctx.abs(joined))
            except OSError:
                continue
            if any(n.startswith(number) and n[len(number) : len(number) + 1] in ("-", "_", ".") for n in names):
                return True
        return False

    def _a_source_set(self, path: str) -> bool:
        """``composeApp/desktopMain``: a Gradle module's ``src/desktopMain``, named as Kotlin
        Multiplatform names source sets (``read.source_sets``)."""
        for module, spelled in source_set_spellings(path):
            built = any(self._judge(posixpath.join(module, script))[0] == FOUND for script in BUILD_SCRIPTS)
            if built and self._judge(spelled)[0] == FOUND:
                return True
        return False

    def _judge(self, path: str) -> tuple[str, tuple[str, ...]]:
        if path.startswith("/"):
            bases, path = [""], path.lstrip("/")
        else:
            bases = self.dirs
        tried: list[str] = []
        for base in bases:
            joined = posixpath.normpath(posixpath.join(base, path))
            if _leaves(joined):
                continue
            tried.append(joined)
            if os.path.lexists(os.path.join(self.root, *joined.split("/"))):
                return FOUND, ()
        return self._unfound(path, bases), tuple(dict.fromkeys(tried))

    def _unfound(self, path: str, bases: list[str]) -> str:
        """Step 4: an unfound ``../`` path is outside when it leaves the repository from the doc's
        own folder, or when it does read from the root and its first real part (``gone`` of
        ``../gone/x``) is no folder anywhere it could be read inside."""
        if not path.startswith("../"):
            return MISSING
        if _leaves(posixpath.normpath(posixpath.join(self.home, path))):
            return OUTSIDE
        parts = path.split("/")
        ups = next(i for i, p in enumerate(parts) if p not in ("..", ".", ""))
        prefix, head = "/".join(parts[:ups]), parts[ups]
        for base in bases:
            parent = posixpath.normpath(posixpath.join(base, prefix))
            if not _leaves(parent) and os.path.isdir(os.path.join(self.root, parent, head)):
                return MISSING
        return OUTSIDE if _leaves(posixpath.normpath(path)) else MISSING

    def paths(self, item: Item) -> list[str]:
        if item.kind == "code":
            if f"[`{item.text}`](" in item.line_text:
                return []  # a link's label (``[`x/guide`](x/guide.md)``): its target is what is checked
            found = code_path(item.text, self.first_exists)
            if found is None and _COMMAND_SPAN.match(item.text):
                # A command in a span (``dotnet test tests/X.Tests/X.Tests.csproj``): its words that are
                # clearly paths, as on a shell block's line; a ``cd`` moves it somewhere not followed.
                # A ``../`` path of one runs from a folder the prose names, not followed either.
                return [p for p in example_paths(item.text, self.first_exists) if not p.startswith("../")]
            if found and _lone_folder(found) and not _LAYOUT_ENTRY.search(item.line_text[: _at(item)]):
                return []  # a folder's name alone names a folder where a layout list or table names one
            return [found] if found else []
        if item.kind == "link":
            found = link_path(item.text)
            return [found] if found else []
        if item.lang.lower() not in SHELL_LANGS:
            return []
        start, after = self.blocks.run(item)  # where the line starts; where the rest of it runs
        cd = leading_cd(item)
        comment = re.search(r"(?:^|\s)#", item.text)
        command, remark = (item.text[: comment.start()], item.text[comment.start() :]) if comment else (item.text, "")
        # A comment speaks from the doc's folder ("# writes dart/x.json"); a command from where it runs
        # (``cd dart/compiler && dart run x.dart ../../examples/a.json``); a ``cd`` from where its line starts.
        out: list[str] = example_paths(remark, self.first_exists) if remark else []
        if cd is not None and start is not None:
            out += [_joined(start, p) for p in example_paths(cd.group(0), self.first_exists)]
        if after is not None:
            rest = command[cd.end() :] if cd is not None else command
            out += [_joined(after, p) for p in example_paths(rest, self.first_exists)]
        return out

    def unchecked(self, path: str, item: Item) -> bool:
        """Step 3, but for what git ignores and for packages (``a_package``, asked of what is not found)."""
        parts = [p for p in path.split("#", 1)[0].split("/") if p not in ("", ".", "..")]
        if any(p in DEPENDENCY_DIRS for p in parts):
            return True
        if _ELSEWHERE.search(self._sentence(item)) or self._in_another_repository(item):
            return True
        if item.kind == "code" and parts and "." not in parts[-1] and _BRANCHES.search(item.line_text):
            return True
        if item.kind == "code" and _NAMING.search(self._own_sentence(item)):
            return True  # ``collection/Name.svg`` of "two casing rules: ... (PascalCase)": a spelling shown
        routes = _ROUTES.search(item.line_text)
        if item.kind == "code" and parts and "." not in parts[-1] and routes and not path.endswith("/"):
            return True  # a route (``./workflows``); ``src/server/routes/`` is spelled as a folder
        if _lone_folder(path) and parts[-1].lower() in _MIME_TOPS and _MEDIA_TYPES.search(self._around(item)):
            return True  # ``video/`` of "by media type prefix: `audio/` →,\n`video/` →": a MIME type's half
        if parts and parts[0] in self.user_dirs and not path.startswith(("./", "../", "/")):
            return True
        if item.kind == "code" and _not_a_place(path, parts):
            return True
        if _lone_folder(path) and parts and parts[-1].lower().lstrip(".") in _MADE_NAMES:
            return True
        if parts and _BUILT.search(parts[-1]):
            return True  # a compiled file (``./test/Debug/run.exe``): what a build makes
        if (
            item.kind == "code"
            and parts
            and "." not in parts[-1]
            and _BINARY.search(_CODE_SPAN.sub("", item.line_text))
        ):
            return True  # "Test binary: `tests/unit/unit-test`": what a build makes, named without an extension
        return item.kind != "link" and (counter_example(item) or wrong_example(self.lines, item))

    def _in_another_repository(self, item: Item) -> bool:
        """A code span next to another repository's ``owner/name`` (its owner no folder or file
        where the doc is read): ``src/content/docs/`` of "ported to `acme/acme-docs` (the
        `src/content/docs/` folder)" is that repository's."""
        if item.kind != "code":
            return False
        text, at = item.line_text, _at(item)
        before = text[:at]
        if not before.strip(" `") and item.line >= 2 and self.lines[item.line - 2].strip():
            before = self.lines[item.line - 2] + " " + before.lstrip()  # "in `acme/book` under\n`src/x/`"
        owner = _OWNER_BEFORE.search(before) or _OWNER_AFTER.match(text[at + len(item.text) :])
        return owner is not None and not self.first_exists(owner.group(1))

    def _sentence(self, item: Item) -> str:
        """The item's line and, while its sentence goes on past the item, the lines after it
        ("`third_party/x/` in google3, or `external/x` in the\ninternal Android repository.")."""
        text = item.line_text
        if item.kind == "fence":
            return text  # a code block's line is no sentence of prose
        at = text.find(item.text) + len(item.text) if item.kind == "code" else 0
        following = item.line
        while following < len(self.lines) and not _SENTENCE_END.search(text, at):
            line = self.lines[following]
            if not line.strip() or _BLOCK_START.match(line):
                break  # a paragraph's end, or another list item, heading, row or block
            text += " " + line
            following += 1
        return text

    def _own_sentence(self, item: Item) -> str:
        """The sentence the item stands in: back over the lines its paragraph wraps (two at most)
        to where the sentence starts, on to where it ends."""
        text = item.line_text
        at = max(text.find(item.text), 0) if item.kind == "code" else 0
        before = text[:at]
        index = item.line - 2
        if not _BLOCK_START.match(text):
            for _ in range(2):
                if index < 0 or not self.lines[index].strip():
                    break
                before = self.lines[index] + " " + before
                if _BLOCK_START.match(self.lines[index]):
                    break
                index -= 1
        after = self._sentence(item)[at:]
        return _SENTENCE_END.split(before)[-1] + _SENTENCE_END.split(after, maxsplit=1)[0]

    def _around(self, item: Item) -> str:
        """The item's line and the two before it (a sentence wrapped over lines)."""
        return " ".join(self.lines[max(0, item.line - 3) : item.line])

    def told(self, item: Item) -> bool:
        """Whether the doc says, where it names it, that it is not there or is to be made: then
        none of its mentions in the doc is a stale path."""
        return item.kind != "fence" and (
            said_absent(self.lines, item)
            or to_be_made(self.lines, item)
            or maybe_absent(self.lines, item)
            or self._in_made_column(item)
            or self._in_a_dependency(item)
        )

    def _in_a_dependency(self, item: Item) -> bool:
        """A code span whose sentence says it lives in a dependency (``pkg/assert`` of "imported as
        `pkg/assert` by convention, but lives in lib-commons"): that package's, not a stale path."""
        if item.kind != "code":
            return False
        return any(
            self.ctx.packages.depends_on(self.home, m.group(1).rstrip("."))
            for m in _LIVES_IN.finditer(self._sentence(item))
        )

    def _in_made_column(self, item: Item) -> bool:
        """A table's cell under a header naming what a build or a copy makes ("Destination",
        "Output", "Generated"): the paths there are made, the source column's are checked."""
        text = item.line_text
        if item.kind != "code" or not text.lstrip().startswith("|"):
            return False
        index = item.line - 1
        while index > 0 and self.lines[index - 1].lstrip().startswith("|"):
            index -= 1
        if index == item.line - 1:
            return False  # the header row itself
        column = text[: max(text.find(item.text), 0)].count("|") - 1
        cells = self.lines[index].strip().strip("|").split("|")
        return 0 <= column < len(cells) and _MADE_COLUMN.search(cells[column]) is not None

    def a_member(self, path: str) -> bool:
        """Step 3: a name inside a folder's package (Go's ``pkg/skip.ResolveSkipFor``): the folder
        is there, and what follows its last dot is an identifier, not an extension."""
        member = _MEMBER.match(path)
        return member is not None and self.judge(member.group(1))[0] == FOUND

    def a_package(self, path: str) -> bool:
        """Step 3: whether the path's first part is a package. Asked only of a path not found
        where the doc is read: the first question reads every manifest of the repository."""
        parts = [p for p in path.split("#", 1)[0].split("/") if p not in ("", ".", "..")]
        if not parts or path.startswith(("./", "../", "/")):
            return False
        return self.ctx.packages.names(self.home, parts[0], parts[1] if len(parts) > 1 else None)


# A file name alone, of a kind of source file: checked only against what git deleted (step 5).
_BARE = lazy_compile(
    r"^[A-Za-z0-9_][A-Za-z0-9_.-]*\.(?:py|ts|tsx|js|jsx|mjs|cjs|go|rs|rb|java|kt|cs|swift|c|h|cc|cpp|hpp|php|scala|vue"
    r"|svelte|sh|sql|proto)$"
)
GONE_DAYS = 180
MAX_ASKED = 400  # paths asked of git at once about deletions (a command line has its limits)


def _gone_names(
    ctx: CheckContext,
    bare: list[_Candidate],
    deeper: _Suffixes,
    exact: list[str],
    out: dict[str, str],
    told: set[tuple[str, str]],
) -> Iterator[Diagnostic]:
    """Step 5: file names alone that no file of the repository has now, and that a commit of the
    last ``GONE_DAYS`` days deleted within the doc's folder: renamed or removed under the doc.
    The same question, in the same call, for the ``exact`` paths (``out`` gets what was deleted)."""
    assert ctx.git is not None
    wanted: dict[tuple[str, str], list[_Candidate]] = {}
    for c in bare:
        if c.path in deeper.by_name or (c.doc, c.path) in told:
            continue  # a file of that name is somewhere (the doc may mean it), or the doc says it is gone
        if _MADE_LOCALLY.search(c.item.line_text):
            continue  # its line says a build makes it ("`Protocol.kt` is generated from ..."): gone from git by design
        if ctx.packages.names(c.home, c.path, None):
            continue  # a package (``chart.js``): step 3, asked last as it reads every manifest
        home = anchor_dir(c.doc)
        wanted.setdefault((home, c.path), []).append(c)
    if not wanted and not exact:
        return
    specs = sorted({f":(glob){home}/**/{name}" if home else f":(glob)**/{name}" for home, name in wanted})
    specs = specs[:MAX_ASKED]
    deleted = ctx.git.deleted([*specs, *(f":(literal){p}" for p in sorted(set(exact)))], GONE_DAYS)
    # Deleted and ignored since: no longer committed but made by a build (generated code), not gone.
    made = ctx.git.ignored(sorted(deleted))
    deleted = {path: commit for path, commit in deleted.items() if path not in made}
    out.update(deleted)
    by_name: dict[str, list[tuple[str, str]]] = {}
    for path, commit in deleted.items():
        by_name.setdefault(path.rpartition("/")[2], []).append((path, commit))
    for (home, name), found in sorted(wanted.items()):
        gone = [(p, commit) for p, commit in by_name.get(name, ()) if not home or p.startswith(home + "/")]
        if not gone:
            continue
        first = found[0]
        path, commit = gone[0]
        again = sorted({c.item.line for c in found} - {first.item.line})
        also_at = f"; also line {', '.join(map(str, again))}" if again else ""
        yield RULE.diagnostic(
            first.doc,
            f"`{name}` no longer exists: {path} was deleted in {commit}, and no file of that name is left{also_at}",
            "name the file that took its place, or remove it",
            line=first.item.line,
            subject=name,
            also=ctx.also(first.doc),
        )


def _plural_twin(ctx: CheckContext, folder: str) -> str | None:
    """The folder of the same name but for a plural ``s`` beside where the doc's folder reads
    ``folder`` (``java/benchmarks/`` of ``benchmark/``): the folder the doc means, to name in the fix."""
    bare = folder.rstrip("/")
    if not bare or bare.startswith("../"):
        return None
    twin = bare[:-1] if bare.endswith("s") else bare + "s"
    return twin + "/" if os.path.isdir(ctx.abs(twin)) else None


def _read_from_above(ctx: CheckContext, doc: str, path: str) -> list[str]:
    """The nearest folder above the doc's (not the root) that holds the path's first folder: where
    a reader would take a path written from there to start."""
    first = path.split("/", 1)[0]
    if "/" not in path or first in ("", ".", ".."):
        return []
    folder = posixpath.dirname(posixpath.dirname(doc))
    while folder:
        if os.path.isdir(ctx.abs(f"{folder}/{first}")):
            return [folder]
        folder = posixpath.dirname(folder)
    return []


def _when_deleted(ctx: CheckContext, reported: list[_Candidate], known: dict[str, str]) -> dict[int, tuple[str, str]]:
    """Which of the reported paths a recent commit deleted: id of the candidate -> (the path as
    the repository had it, the commit). One question to git for them all; ``known``: deletions
    step 6 already asked about."""
    if ctx.git is None or not reported:
        return {}
    asked = sorted({s.rstrip("/") for c in reported for s in c.lookups if s.rstrip("/") and s.rstrip("/") not in known})
    deleted = {**known, **ctx.git.deleted([f":(literal){p}" for p in asked[:MAX_ASKED]], GONE_DAYS)} if asked else known
    if not deleted:
        return {}
    out: dict[int, tuple[str, str]] = {}
    for c in reported:
        for spelled in c.lookups:
            path = spelled.rstrip("/")
            if path in deleted:
                out[id(c)] = (path, deleted[path])
                break
            below = sorted((p, commit) for p, commit in deleted.items() if p.startswith(path + "/"))
            if path and below:
                out[id(c)] = (path + "/", below[-1][1])
                break
    return out


def _around(ctx: CheckContext, rel: str, line: int) -> str:
    """A line of a doc and the two before it (a sentence wrapped over lines)."""
    lines = (ctx.text(rel) or "").split("\n")
    return " ".join(lines[max(0, line - 3) : line])


def _checkout_tail(ctx: CheckContext, path: str) -> str | None:
    """The longest end of an absolute link target, two parts or more, that the repository holds:
    a link into the writer's own checkout (``/home/ann/src/repo/apps/web/app``) means ``apps/web/app``."""
    parts = [p for p in path.split("/") if p]
    for at in range(1, len(parts) - 1):
        tail = "/".join(parts[at:])
        if os.path.lexists(ctx.abs(tail)):
            return tail
    return None


def _first_held(ctx: CheckContext, c: _Candidate) -> bool:
    first = c.path.lstrip("./").split("/", 1)[0]
    return bool(first) and any(os.path.lexists(ctx.abs(posixpath.join(b, first))) for b in (c.home, ""))


def _configs(ctx: CheckContext, rels: list[str]) -> Iterator[str]:
    """The texts of a few tracked configuration files (one unreadable says nothing)."""
    for rel in rels:
        try:
            data = read_inside(os.path.realpath(ctx.root), ctx.abs(rel), limit=CONFIG_MAX_BYTES)
        except OSError:
            continue
        if data:
            yield data.decode("utf-8", errors="replace")


class _IgnoreRules:
    """What the ``.gitignore`` files say is made locally, beyond what ``git check-ignore`` answers
    for one spelling:

    - ``within``: folders whose contents a pattern names (``public/fonts/GT-Alpina*`` in
      ``website/.gitignore``: ``website/public/fonts``);
    - ``shapes``: every pattern with a folder in it, as its parts (``packages/*/android/src/main/jniLibs/``),
      so that a doc naming such a folder from elsewhere (``src/main/jniLibs/``: "in each package")
      names what a build makes, not a stale path;
    - ``names``: the names of what a build or a run makes (``_MADE_NAMES``) that a pattern of one
      part spells out (``generated/`` in ``apps/store/.gitignore``: a folder of that name, at any
      depth below), so that a path through such a folder (``generated/components.ts``, which a
      generator writes) names what is made locally. Another name (``lib/``, a package's compiled
      output) says nothing of a folder of that name elsewhere (``src/lib/`` of another package).
    """

    def __init__(self, ctx: CheckContext) -> None:
        assert ctx.git is not None
        within: set[str] = set()
        shapes: set[tuple[str, ...]] = set()
        names: set[str] = set()
        for ignore_file in ctx.git.ls_files([":(glob)**/.gitignore"]):
            home = posixpath.dirname(ignore_file)
            try:
                data = read_inside(os.path.realpath(ctx.root), ctx.abs(ignore_file), limit=CONFIG_MAX_BYTES)
            except OSError:
                continue
            for pattern in (data or b"").decode("utf-8", errors="replace").splitlines():
                pattern = pattern.strip()
                if not pattern or pattern.startswith(("#", "!")):
                    continue
                if "/" not in pattern.rstrip("/"):
                    name = pattern.rstrip("/")
                    if name.lower().lstrip(".") in _MADE_NAMES:  # spelled out, and what a build makes
                        names.add(name)
                    continue
                raw = pattern.strip("/").split("/")
                # ``**`` stands for the folders between: one part of a path written from elsewhere
                # (``environments_config/local-stage/`` of ``apps/**/local-stage/*.json``).
                shapes.add(tuple(p for p in raw if p))
                fixed: list[str] = []
                for part in raw[:-1]:
                    if any(c in part for c in "*?[]\\"):
                        break
                    fixed.append(part)
                if fixed:
                    within.add(posixpath.join(home, *fixed) if home else "/".join(fixed))
        self.within = frozenset(within)
        self.shapes = frozenset(shapes)
        self.names = frozenset(names)

    def made_locally(self, candidate: _Candidate) -> bool:
        if self.within.intersection(s.rstrip("/") for s in candidate.lookups):
            return True
        parts = [p for p in candidate.path.split("#", 1)[0].split("/") if p not in ("", ".", "..")]
        if len(parts) < 2 and not _lone_folder(candidate.path):
            return False
        if any(p in self.names for p in (parts if _lone_folder(candidate.path) else parts[:-1])):
            return True
        return any(_runs_within(parts, shape) for shape in self.shapes)


def _runs_within(parts: list[str], shape: tuple[str, ...]) -> bool:
    """Whether ``parts`` stand, one after the other, among a pattern's parts (each matched as git
    does), the last one spelled out (``*`` stands for a folder between, not for the one named)."""
    n = len(parts)
    return any(
        shape[i + n - 1] == parts[-1]
        and all(fnmatch.fnmatchcase(p, s) for p, s in zip(parts, shape[i : i + n], strict=True))
        for i in range(len(shape) - n + 1)
    )


# A package's exported name after its folder: ``pkg/skip.ResolveSkipFor``, ``api/v1.Client``.
_MEMBER = lazy_compile(r"^(.*\w/[\w.-]*\w)\.([A-Z]\w*[a-z]\w*)$")
_CAMEL = lazy_compile(r"^[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+$")


def _not_a_place(path: str, parts: list[str]) -> bool:
    """Words with slashes that name no place: a folder and a class (``mcp_tasks/McpTaskService``)."""
    if path.endswith("/") or len(parts) < 2 or _EXTENSION.search(parts[-1]):
        return False
    return _CAMEL.match(parts[-1]) is not None


# A code span that is a command line: a program's name, then words; no ``cd`` (where it runs is not followed).
_COMMAND_SPAN = lazy_compile(r"^(?:\$\s+)?(?:\./)?[a-z][\w.+-]*(?:\s+(?!cd\b)[^\s;&|]+)+\s*$")
# What stands before a layout entry's name: a list item's marker, a table's cell (``| `x/` | what |``),
# and the entry's other names before it (``- `examples/`, `services/`, `chat-ui/` — example apps``).
_LAYOUT_ENTRY = lazy_compile(
    r"(?:^\s*(?:[-*+]|\d+[.)])?|\|)\s*(?:\*\*)?(?:`[^`]+`(?:\*\*)?\s*(?:,|&|\band\b|\bor\b)\s*(?:\*\*)?)*`$"
)


def _at(item: Item) -> int:
    """Where a code span's text starts on its line (after its backtick)."""
    at = item.line_text.find(f"`{item.text}`")
    return at + 1 if at >= 0 else 0


def _joined(cwd: str, path: str) -> str:
    """A path a command names, run from ``cwd`` (relative to the doc's folder)."""
    return posixpath.normpath(posixpath.join(cwd, path)) if cwd and not path.startswith("/") else path


def _spelled(path: str) -> str:
    """A path as one spelling of it: ``./x/`` and ``x`` are the same mention."""
    while path.startswith("./"):
        path = path[2:]
    return path.rstrip("/")


def _lone_folder(path: str) -> bool:
    """A folder's name alone (``benchmark/``): read, as a layout list means it, within the doc's folder."""
    return path.endswith("/") and "/" not in path.rstrip("/")


def _climbed(path: str) -> str:
    """``../../x/y`` without its climb: ``x/y``."""
    while path.startswith("../"):
        path = path[3:]
    return path


# A line about how to write links, and a ``./`` path given in parentheses as its example ("Use
# links relative to `docs/` (e.g., `./guide/data-loading`)", "link using relative paths (`./state.md`)").
_LINKS = lazy_compile(r"\blinks?\b|\blinking\b", re.I)
_EXAMPLE_OPEN = lazy_compile(r"\(\s*(?:(?:e\.g\.|i\.e\.|for example|for instance|such as)\s*,?\s*)?`$", re.I)


# A line that speaks of the packages beside the doc's, each with a copy of the path it names
# ("Consumers implement `X` in `tests/fixtures/mod.rs`", "shared per crate via `tests/x.rs`").
_EACH_PACKAGE = lazy_compile(
    r"\b(?:consumers?|dependents?)\b|\b(?:its|their)\s+own\b"
    r"|\b(?:each|every|per)\s+(?:consumer|crate|package|module|app|plugin|library|service|project|member)s?\b",
    re.I,
)


def _link_example(c: _Candidate) -> bool:
    """A link written as an example on a line about links: it is written from some doc below the
    doc's folder, not from the doc itself."""
    item = c.item
    if item.kind != "code" or not c.path.startswith("./") or not _LINKS.search(item.line_text):
        return False
    return _EXAMPLE_OPEN.search(item.line_text[: _at(item)]) is not None


def _suffix_worthy(path: str) -> bool:
    """A path worth looking for deeper down: two parts or more (``_harness/x.py``), or a module
    specifier (``./api``, ``./generate-url``: no extension, as an import names a module; or a
    JavaScript or TypeScript file's, ``./cli_core.ts``)."""
    if path.startswith(("../", "/")):
        return False
    specifier = path.startswith("./") and (not _EXTENSION.search(path) or _JS_SPECIFIER.search(path))
    return path.strip("./").count("/") >= 1 or bool(specifier)


# What a module specifier without an extension may name on disk.
_MODULE_EXTENSIONS = (".ts", ".tsx", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs", ".py", ".rs", ".go")
_EXTENSION = lazy_compile(r"\.[A-Za-z0-9]{1,5}$")
# A JavaScript or TypeScript module, as an import names it from the file that imports it (``./cli_core.ts``).
_JS_SPECIFIER = lazy_compile(r"\.[cm]?[jt]sx?$")
# TypeScript's ESM imports name the ``.js`` the compiler emits: ``./runtime/x.js`` for ``runtime/x.ts``.
_TS_TWINS = {"js": ("ts", "tsx"), "jsx": ("tsx",), "mjs": ("mts",), "cjs": ("cts",)}


class _Suffixes:
    """Step 2, last: the tracked files and folders by their last name, to find a path written
    relative to a folder deeper than the doc, within the doc's own folder (``_harness/x.py`` of
    ``core/pkg/_harness/x.py`` in ``core/AGENTS.md``); and to suggest where a file went."""

    def __init__(self, ctx: CheckContext) -> None:
        self.by_name: dict[str, list[str]] = {}
        self._by_lower: dict[str, list[str]] | None = None
        self._by_stem: dict[str, list[str]] | None = None
        listed = ctx.git.ls_files([]) if ctx.git is not None else []
        folders: set[str] = set()
        self.folders = folders
        by_name = self.by_name
        for path in listed:
            folder, _, name = path.rpartition("/")
            by_name.setdefault(name, []).append(path)
            while folder and folder not in folders:
                folders.add(folder)
                above, _, name = folder.rpartition("/")
                by_name.setdefault(name, []).append(folder)
                folder = above

    @staticmethod
    def _bare(path: str) -> str:
        path = path.split("#", 1)[0].split("?", 1)[0].strip("/")
        while path.startswith("./"):
            path = path[2:]
        return path

    def holds(self, path: str, homes: list[str]) -> bool:
        within, bases = self._written_from(path, homes)
        if within:
            return True
        # Elsewhere, only one of its kind in the repository: ``src/options.rs`` in many crates
        # says nothing of this one's. Unless the doc stands outside such a family of folders and
        # speaks of each (``test/ci-test-config.yaml`` of every ``charts/*/``, named in ``.github/``).
        return len(bases) == 1 or _each_of_a_family(bases, homes)

    def in_the_siblings(self, path: str, homes: list[str]) -> bool:
        """Whether the path ends two or more tracked paths, each written from a folder beside the
        doc's (``crates/fmt_css/tests/fixtures/mod.rs`` and ``crates/fmt_json/...`` for
        ``tests/fixtures/mod.rs`` in ``crates/fmt_tests/AGENTS.md``): the doc's siblings' own."""
        within, bases = self._written_from(path, homes)
        if within:
            return True
        parents = [base.rpartition("/")[0] for base in bases]
        return any(
            parents.count(parent) >= 2 and any(h.startswith(parent + "/") if parent else h for h in homes)
            for parent in set(parents)
        )

    def _written_from(self, path: str, homes: list[str]) -> tuple[bool, list[str]]:
        """(whether a tracked path within the doc's folders ends with the path; else the folders
        each tracked path ending with it is written from)."""
        bare = self._bare(path)
        name = bare.rpartition("/")[2]
        names = [name] if _EXTENSION.search(name) else [name, *(name + e for e in _MODULE_EXTENSIONS)]
        stem, dot, ext = name.rpartition(".")
        names += [f"{stem}.{twin}" for twin in _TS_TWINS.get(ext, ()) if dot]
        tails = ["/" + bare.rpartition("/")[0] + "/" + n if "/" in bare else "/" + n for n in names]
        bases: list[str] = []  # each match elsewhere, its folder the path is written from
        for n, tail in zip(names, tails, strict=True):
            for found in self.by_name.get(n, ()):
                if not found.endswith(tail):
                    continue
                if any(not h or found.startswith(h + "/") for h in homes):
                    return True, []
                bases.append(found[: len(found) - len(tail)])
        return False, bases

    def written_within(self, path: str, homes: list[str]) -> bool:
        """Whether a file within the doc's folders ends with the path, a page's ``.md`` or ``.mdx``
        added to one without an extension (``./guide/data-loading``): a link as a doc there writes it."""
        bare = self._bare(path)
        name = bare.rpartition("/")[2]
        names = [name] if _EXTENSION.search(name) else [name, name + ".md", name + ".mdx"]
        folder = bare.rpartition("/")[0]
        return any(
            found.endswith("/" + (f"{folder}/{n}" if folder else n))
            and any(not h or found.startswith(h + "/") for h in homes)
            for n in names
            for found in self.by_name.get(n, ())
        )

    def folder_within(self, path: str, homes: list[str]) -> bool:
        """Whether a folder of that name lies within the doc's folders (``Static/`` of
        ``Data/Static``, named in a list of ``Data/``'s subfolders), or is the repository's only one."""
        folders = [f for f in self.by_name.get(self._bare(path), ()) if f in self.folders]
        # Elsewhere, the only one of its name: the reader finds it (``.opencode-plugin/`` of one plugin).
        return len(folders) == 1 or any(any(not h or f.startswith(h + "/") for h in homes) for f in folders)

    def unrelated(self, path: str) -> bool:
        """Whether the file's name is no tracked file's or folder's, and neither is its folder's
        or its first part's (``NeuRT/src/sdk/x.mm``: another repository's; ``rac_llm/tts/ops_t``:
        names joined with slashes)."""
        parts = [p for p in self._bare(path).split("/") if p not in ("", ".", "..")]
        if len(parts) < 2 or parts[-1] in self.by_name:
            return False
        return parts[-2] not in self.by_name or parts[0] not in self.by_name

    def in_other_case(self, lookups: tuple[str, ...]) -> str | None:
        """The tracked file one of the spellings names but for its letters' case
        (``.github/PULL_REQUEST_TEMPLATE.md`` of ``.github/pull_request_template.md``)."""
        if self._by_lower is None:  # made once, the first time a path is missing
            self._by_lower = {}
            for name, every in self.by_name.items():
                self._by_lower.setdefault(name.lower(), []).extend(every)
        for spelling in lookups:
            bare = self._bare(spelling)
            found = self._by_lower.get(bare.rpartition("/")[2].lower(), [])
            same = [f for f in found if f.lower() == bare.lower() and f != bare]
            if same:
                return same[0]
        return None

    def in_a_route_group(self, lookups: tuple[str, ...]) -> str | None:
        """The tracked file one of the spellings names but for a route group's folder, which a
        Next.js route leaves out of its URL (``app/(home)/docs/layout.tsx`` of ``app/docs/layout.tsx``):
        the file the doc means, to name in the fix."""
        for spelling in lookups:
            bare = self._bare(spelling)
            for found in self.by_name.get(bare.rpartition("/")[2], ()):
                if found != bare and _ROUTE_GROUP.sub("", f"/{found}")[1:] == bare:
                    return found
        return None

    def moved(self, path: str, homes: list[str]) -> str | None:
        """Where the file went, when just one tracked file within the doc's folders can be it: the
        one of that name (not a name every folder has, ``index.tsx``); else the one whose path ends
        with the path's folder and name (``CustomWorkflow/CustomWorkflowBanner/index.tsx`` of
        ``components/CustomWorkflowBanner/index.tsx``: the folder moved); else the one in the
        folder the path names, of its name with another extension (``scripts/copy-css.cjs`` of
        ``scripts/copy-css.js``: renamed in place)."""
        folder, _, name = self._bare(path).rpartition("/")
        if not _EXTENSION.search(name):
            return None

        def within(found: Iterable[str]) -> list[str]:
            return [f for f in found if any(not h or f.startswith(h + "/") for h in homes)]

        same = within(self.by_name.get(name, ()))
        if len(same) == 1 and not GENERIC_NAME.match(name):
            return same[0]
        parent = folder.rpartition("/")[2]
        if parent not in ("", ".", ".."):
            ends = [f for f in same if f.endswith(f"/{parent}/{name}")]
            if len(ends) == 1:
                return ends[0]
        if not folder or folder.startswith("../") or folder == "..":
            return None
        stem = name[: name.rfind(".")]
        if self._by_stem is None:  # made once, the first time a folder's file is missing
            self._by_stem = {}
            for every in self.by_name.values():
                for found in every:
                    base = found.rpartition("/")[2]
                    if "." in base and found not in self.folders:
                        self._by_stem.setdefault(base[: base.rfind(".")], []).append(found)
        place = folder.removeprefix("./")
        renamed = [
            f
            for f in within(self._by_stem.get(stem, ()))
            if f.rpartition("/")[0] == place or f.rpartition("/")[0].endswith("/" + place)
        ]
        return renamed[0] if len(renamed) == 1 else None


# A Next.js route group's folder, ``(home)``: left out of the route's URL, and often of its path in prose.
_ROUTE_GROUP = lazy_compile(r"/\([^/()]+\)(?=/)")


def _each_of_a_family(bases: list[str], homes: list[str]) -> bool:
    """Whether two or more of ``bases`` are folders side by side (``charts/8.8``, ``charts/8.9``; a
    test-data copy elsewhere aside) and no doc's folder lies below the folder holding any of
    them: a doc within ``charts/`` names its own chart's files."""
    members: dict[str, set[str]] = {}
    for base in bases:
        members.setdefault(base.rpartition("/")[0], set()).add(base)
    if all(len(m) < 2 for m in members.values()):
        return False
    return not any(h.startswith(family + "/") if family else h for family in members for h in homes)


def _first_part(path: str) -> str:
    return next((p for p in path.split("/") if p not in ("", ".", "..")), "")


def _listed_with(candidates: list[_Candidate], unrelated: list[_Candidate]) -> list[_Candidate]:
    """Step 6, for a list: the paths on a line beside another codebase's files of the same first
    part (``scss/comments/4878.scss`` beside ``scss/map/function-argument/x.scss``: one upstream
    suite's), though folder names common here (``comments``) hid this one's."""
    foreign = {(c.doc, c.item.line, _first_part(c.path)) for c in unrelated}
    known = {id(c) for c in unrelated}
    return [
        c
        for c in candidates
        if id(c) not in known and not c.anchored and (c.doc, c.item.line, _first_part(c.path)) in foreign
    ]


def _from_the_checkouts_parent(ctx: CheckContext, path: str, deeper: _Suffixes) -> bool:
    """Step 2: a path written from the folder above the checkout, the repository's own name first
    (``sdk/apps/docs/`` for ``apps/docs/``): a first part that is the checkout's folder's name, or
    no file or folder anywhere in the repository, and two parts or more after it found from the root."""
    if path.startswith(("/", "./", "../")):
        return False
    parts = path.split("#", 1)[0].strip("/").split("/")
    if len(parts) < 3:
        return False
    ours = parts[0] == os.path.basename(os.path.normpath(ctx.root))  # the checkout's own folder
    if not ours and parts[0] in deeper.by_name:
        return False
    return os.path.lexists(ctx.abs("/".join(parts[1:])))


def _scope_dirs(ctx: CheckContext, rel: str) -> list[str]:
    """A rule's ``paths:`` scope: the fixed folders its globs start with (``apps/web/app/v3`` of
    ``apps/web/app/v3/**``), where its paths are read too."""
    if "/.claude/rules/" not in f"/{rel}":
        return []
    text = ctx.text(rel)
    globs = rule_globs(split_front_matter(text).yaml) if text else None
    out: list[str] = []
    for glob in globs or ():
        fixed = []
        for part in glob.strip("/").split("/"):
            if any(c in part for c in "*?[]{}"):
                break
            fixed.append(part)
        if fixed and not any(c in glob.rpartition("/")[2] for c in "*?[]{}") and "." in fixed[-1]:
            fixed.pop()  # a glob naming one file: its folder is the scope
        out.append(posixpath.join(anchor_dir(rel), *fixed) if anchor_dir(rel) else "/".join(fixed))
    return out


_GLOB_CHARS = frozenset("*?[]{}")


def _dead_scopes(ctx: CheckContext, rel: str) -> Iterator[Diagnostic]:
    """Step 7: a rule's ``paths:`` glob whose fixed folders (or, with no wildcard, whose file) the
    repository does not have: Claude Code loads the rule only when a file it matches is read, and
    no file can be. A glob with no folder (``*.test.ts``, ``**/x``) matches at any depth: not judged."""
    if "/.claude/rules/" not in f"/{rel}":
        return
    text = ctx.text(rel)
    front = split_front_matter(text) if text else None
    globs = rule_globs(front.yaml) if front is not None else None
    if not globs or front is None or front.yaml is None:
        return
    base = anchor_dir(rel)
    lines = front.yaml.split("\n")
    told: set[str] = set()
    dead: list[tuple[str, str, int]] = []  # the glob, what is not there, its line
    for glob in globs:
        parts = glob.strip("/").split("/")
        if glob.startswith(("!", "**", "../")) or len(parts) < 2:
            continue
        fixed: list[str] = []
        for part in parts:
            if _GLOB_CHARS.intersection(part):
                break
            fixed.append(part)
        if not fixed or fixed[0] in (".", ".."):
            continue
        wild = len(fixed) < len(parts)
        gone = "/".join(fixed) + ("/" if wild else "")
        if gone in told or os.path.lexists(ctx.abs(posixpath.join(base, *fixed) if base else "/".join(fixed))):
            continue
        told.add(gone)
        at = next((i for i, line in enumerate(lines) if "/".join(fixed) in line), 0)
        dead.append((glob, posixpath.join(base, gone) if base else gone, front.first_line + at))
    never = len(dead) == len(globs)
    for glob, gone, line in dead:
        yield RULE.diagnostic(
            rel,
            f"`{glob}` in its `paths:` matches no file: {gone} does not exist"
            + (", so the rule never loads" if never else " (the rule's other paths still load it)"),
            "point `paths:` at the files the rule is for, or remove the rule"
            if never
            else "point it at the file it meant, or remove it from `paths:`",
            line=line,
            subject=glob,
            also=ctx.also(rel),
        )


def _leaves(joined: str) -> bool:
    return joined == ".." or joined.startswith("../")


def run(ctx: CheckContext) -> Iterator[Diagnostic]:
    candidates: list[_Candidate] = []
    bare: list[_Candidate] = []  # file names alone (step 5)
    outside: dict[str, list[tuple[Item, str]]] = {}
    read_inside_as: dict[tuple[str, str], str] = {}  # an outside path that its doc's folder reads inside
    told: set[tuple[str, str]] = set()  # paths a doc says are not there, or are to be made
    # Mentions of paths that are there: whether the doc says they are not matters only when
    # another mention, of the same spelling, is missing (asked then, below).
    there: dict[tuple[str, str], list[tuple[_Places, Item]]] = {}
    for rel in ctx.texts():
        places = _Places(ctx, rel)
        seen: set[tuple[int, str]] = set()
        for item in ctx.scan(rel):
            for path in places.paths(item):
                if (item.line, path) in seen or places.unchecked(path, item):
                    continue
                verdict, lookups = places.judge(path)
                if verdict == FOUND:
                    seen.add((item.line, path))
                    there.setdefault((rel, _spelled(path)), []).append((places, item))
                    continue
                if places.told(item):
                    told.add((rel, _spelled(path)))
                    continue
                seen.add((item.line, path))
                if verdict == OUTSIDE:
                    outside.setdefault(rel, []).append((item, path))
                    inside = posixpath.normpath(posixpath.join(places.home, path))
                    if not _leaves(inside):
                        read_inside_as[(rel, path)] = inside
                elif (
                    verdict == MISSING
                    and not places.a_package(path)
                    and not places.a_member(path)
                    and not places.under_named(path, item.line)
                ):
                    first = _first_part(path)
                    anchored = bool(first) and places.first_exists(first)
                    candidates.append(_Candidate(doc=rel, item=item, path=path, lookups=lookups, anchored=anchored))
            if item.kind == "code" and _BARE.match(item.text) and not places.unchecked(item.text, item):
                if places.told(item):
                    told.add((rel, item.text))
                else:
                    bare.append(_Candidate(doc=rel, item=item, path=item.text, lookups=(), home=places.home))
    spelled_as = {(c.doc, _spelled(c.path)) for c in candidates} | {(c.doc, c.path) for c in bare}
    for key in spelled_as & there.keys():
        if any(places.told(item) for places, item in there[key]):
            told.add(key)

    # Asked of git: the spellings from the doc's folder and from the root (where the doc and
    # git's patterns are read from); a folder as one too ("x/": a pattern such as "prettier/"
    # matches only so), and so is one written as a folder whose name has a dot (``.astro/``).
    def spellings(c: _Candidate) -> set[str]:
        ends = {c.lookups[0], c.lookups[-1]} if c.lookups else set()
        folder = c.path.endswith("/")
        return ends | {s.rstrip("/") + "/" for s in ends if folder or not _EXTENSION.search(s)}

    asked = sorted({s for c in candidates for s in spellings(c)} | set(read_inside_as.values()))
    ignored = ctx.git.ignored(asked) if ctx.git is not None else frozenset()
    candidates = [c for c in candidates if not ignored.intersection(spellings(c))]
    # ``../.env/bin/activate`` from ``python/``: a local file of the repository, not another's.
    outside = {
        rel: kept
        for rel, every in outside.items()
        if (kept := [(i, p) for i, p in every if read_inside_as.get((rel, p)) not in ignored])
    }
    if candidates and ctx.git is not None:
        rules = _IgnoreRules(ctx)
        candidates = [c for c in candidates if not rules.made_locally(c)]
    if candidates and ctx.git is not None:
        # A header spelled as the code's ``#include`` spells it (``kj/debug.h``): the build finds
        # it through its include paths, a dependency's as well as the repository's.
        headers = included((c.path for c in candidates), ctx.git.lines_with)
        candidates = [c for c in candidates if c.path not in headers]
    if candidates and ctx.git is not None:
        built = asset_outputs(_configs(ctx, ctx.git.ls_files([f":(glob)**/{n}" for n in CONFIG_NAMES])))
        # A built asset's folder is none of the sources': a path whose first folder the sources
        # hold (from the doc's folder or the root) is theirs, whatever a build writes.
        candidates = [c for c in candidates if not (built_asset(c.path, built) and not _first_held(ctx, c))]
    deeper = _Suffixes(ctx) if (candidates or bare or outside) and ctx.git is not None else None
    # Step 6: another codebase's files (an upstream test suite, a runtime folder), unless git
    # deleted them lately.
    unrelated = [c for c in candidates if deeper is not None and not c.anchored and deeper.unrelated(c.path)]
    unrelated += _listed_with(candidates, unrelated)
    deleted: dict[str, str] = {}
    if deeper is not None:
        # The spellings from the doc's own folder and from the root: enough to tell, and few.
        exact = sorted({s for c in unrelated for s in (c.lookups[0], c.lookups[-1]) if c.lookups})
        yield from _gone_names(ctx, bare, deeper, exact[:MAX_ASKED], deleted, told)
    gone_lately = {id(c) for c in unrelated if any(s.rstrip("/") in deleted for s in c.lookups)}
    candidates = [c for c in candidates if id(c) in gone_lately or c not in unrelated]
    candidates = [c for c in candidates if (c.doc, _spelled(c.path)) not in told]
    lines: dict[tuple[str, str], list[int]] = {}
    explained: set[tuple[str, str]] = set()  # a path the doc says, somewhere, is made locally
    for c in candidates:
        lines.setdefault((c.doc, _spelled(c.path)), []).append(c.item.line)
        if _MADE_LOCALLY.search(_around(ctx, c.doc, c.item.line)):
            explained.add((c.doc, c.path))
    candidates = [c for c in candidates if (c.doc, c.path) not in explained]
    reported: list[tuple[_Candidate, str, str | None]] = []  # the candidate, its message, the fix's path
    for c in candidates:
        homes = sorted({anchor_dir(p) for p in (c.doc, *ctx.also(c.doc))})
        if deeper is not None and _suffix_worthy(c.path) and deeper.holds(c.path, homes):
            continue
        if (
            deeper is not None
            and _suffix_worthy(c.path)
            and _EACH_PACKAGE.search(c.item.line_text)
            and deeper.in_the_siblings(c.path, homes)
        ):
            continue  # the packages' beside the doc's, each its own: the line speaks of them
        if deeper is not None and _link_example(c) and deeper.written_within(c.path, homes):
            continue
        if deeper is not None and _lone_folder(c.path) and deeper.folder_within(c.path, homes):
            continue
        if deeper is not None and c.path.startswith("../") and deeper.holds(_climbed(c.path), homes):
            continue
        if deeper is not None and _from_the_checkouts_parent(ctx, c.path, deeper):
            continue
        again = lines[(c.doc, _spelled(c.path))]
        if again[0] != c.item.line:
            continue  # said once, at its first line
        also_at = f"; also line {', '.join(map(str, again[1:]))}" if len(again) > 1 else ""
        where = (
            f"neither in {posixpath.dirname(c.doc)}/ nor above it" if posixpath.dirname(c.doc) else "in the repository"
        )
        shown = {"code": f"`{c.item.text}`", "link": f"link target {c.item.text}"}.get(
            c.item.kind, f"`{c.path}` (in a code block)"
        )
        if c.item.kind == "code" and _COMMAND_SPAN.match(c.item.text):
            shown = f"`{c.path}` (in `{c.item.text}`)"
        moved = deeper.moved(c.path, homes) if deeper is not None else None
        if moved is None and deeper is not None:
            # Written from a folder above the doc's (a crate's ``src/servers/x.rs`` in its
            # ``config/`` doc): where it went within that folder.
            above = _read_from_above(ctx, c.doc, c.path)
            moved = deeper.moved(c.path, above) if above else None
        if moved is None and deeper is not None:
            moved = deeper.in_a_route_group(c.lookups)
        if moved is None and c.item.kind == "link" and c.path.startswith("/"):
            moved = _checkout_tail(ctx, c.path)
        if moved is None and c.path.endswith("/") and c.lookups:
            moved = _plural_twin(ctx, c.lookups[0])
        # Found on macOS and Windows, whose file systems ignore case; never on Linux.
        cased = deeper.in_other_case(c.lookups) if deeper is not None else None
        if cased is not None:
            moved, where = cased, f"{where}; {cased} differs only in case: found on macOS and Windows, not on Linux"
        reported.append((c, f"{shown} does not exist ({where}{also_at})", moved))
    if reported and ctx.git is not None:
        # Step 3: a path the code spells (``root / "extensions" / "sources"``): a place it makes or
        # reads at run time. Asked last, of what is left to report: it greps every tracked file.
        spelled = spelled_in_code((c.path for c, _, _ in reported), ctx.git.lines_with)
        reported = [r for r in reported if r[0].path not in spelled]
    # When it went: a path a commit of the last ``GONE_DAYS`` days deleted (a folder: the files
    # below it) is told with that commit, as a file name alone is (step 5).
    gone = _when_deleted(ctx, [c for c, _, _ in reported], deleted)
    for c, message, moved in reported:
        when = gone.get(id(c))
        yield RULE.diagnostic(
            c.doc,
            message.replace(" does not exist (", f" no longer exists: {when[0]} was deleted in {when[1]} (", 1)
            if when
            else message,
            f"point it at {moved} if that is the file, or remove it"
            if moved
            else "point it at the file's new place, or remove it",
            line=c.item.line,
            subject=c.path,
            also=ctx.also(c.doc),
        )
    for rel in ctx.texts():
        yield from _dead_scopes(ctx, rel)
    for rel, every in outside.items():
        # ``../fixtures`` written from a file deeper down (an import in a test): inside after all.
        homes = sorted({anchor_dir(p) for p in (rel, *ctx.also(rel))})
        found = [(i, p) for i, p in every if deeper is None or not deeper.holds(_climbed(p), homes)]
        if not found:
            continue
        item, path = found[0]
        more = f" and {len(found) - 1} more" if len(found) > 1 else ""
        yield RULE.diagnostic(
            rel,
            f"`{path}`{more} {'lead' if more else 'leads'} outside the repository: not checked",
            "nothing to do, unless the path should be inside the repository",
            line=item.line,
            severity=Severity.INFO,
            subject="outside",
            also=ctx.also(rel),
        )
