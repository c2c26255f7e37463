"""The repository's entry points, as each tool would look for them from where a command runs.

1. ``make``: the Makefile there (``-C``, ``-f``) or, unaimed, the first one at or above it; a
   target any of them defines, a Makefile under the doc's folder defines, a file of that name,
   or one a built-in rule would make, is there.
2. Scripts: the nearest ``package.json`` and those above it, or the package a filter names
   (``read.runners.scripts``); a script of a package under the doc's folder is there too, and
   for Yarn 2 or later a colon script (``dev:reset``) just one workspace of the project defines. A
   bare ``pnpm x``/``yarn x`` is judged only for script-like names, and not when ``x`` is a
   dependency or a binary in ``node_modules/.bin``.
3. ``just``: the nearest justfile, its imports, modules and fallbacks; tox and nox: the nearest
   configuration; ``python -m``: the project's own packages, unless git ignores the module's
   place; ``uv run``: the project's scripts; ``cargo xtask``: the xtask crate's subcommands.
4. ``./path``: found at the command's folder or one above it, it may be executed when git's
   mode says so (the disk's, untracked); absent, it is ``missing-path``'s.
5. ``gradle``: a task path's project is one the settings file at or above where it runs
   includes (or one under the doc's folder does, or the settings of a build enclosing that
   build, which names it as an included build: ``:playground:assemble``); a name Gradle would abbreviate (``:sdk`` for
   ``:sentry-sdk``) is not judged. ``mvn -pl``: a module of the reactor of a ``pom.xml`` at or
   above where it runs, or a folder there holding a ``pom.xml``. ``bazel``: a label's package
   is a folder of the workspace (the nearest ``MODULE.bazel`` or ``WORKSPACE`` at or above),
   holding a ``BUILD`` file when the label names a target.
6. A file that may define more than it spells (``read.runners.known.Known.complete``) never
   says a name is missing.
"""

from __future__ import annotations

import os
import posixpath
import re
from collections.abc import Callable, Iterator
from functools import cached_property

from agents_md._util.tree_walk import walk
from agents_md._value import Value
from agents_md.maintain.checks.context import CheckContext
from agents_md.maintain.read.invocations import Invocation
from agents_md.maintain.read.runners import gradle, just, make, maven, nox, scripts, tox, xtask
from agents_md.maintain.read.runners.known import Known
from agents_md.maintain.read.runners.python import PythonProject

# Names a package manager's bare ``x`` runs as a script, not as a binary of that name.
SCRIPT_LIKE = frozenset(
    {
        "dev",
        "build",
        "test",
        "lint",
        "format",
        "typecheck",
        "type-check",
        "check-types",
        "start",
        "preview",
        "e2e",
        "clean",
    }
)


class Miss(Value):
    asked: str  # the name that is not there
    what: str  # "no target `x` in Makefile"
    choices: tuple[str, ...]  # the names it does have, for "did you mean"
    fix: str = ""


class Runners:
    """The repository's runners, each read once (step 3)."""

    def __init__(self, ctx: CheckContext) -> None:
        self.ctx = ctx
        self.root = ctx.root
        self._known: dict[tuple[str, str], Known] = {}
        self._just: dict[str, just.Recipes] = {}
        self.modes: dict[str, bool] = {}  # whether a file may be executed, by its path

    def listed(self, patterns: list[str]) -> list[str]:
        if self.ctx.git is not None:
            return self.ctx.git.ls_files(patterns)
        names = {p.lstrip("*") for p in patterns}
        out: list[str] = []
        for directory, dirs, files in walk(self.root):
            dirs[:] = [d for d in dirs if d not in (".git", "node_modules")]
            for f in files:
                if f in names or any(f.endswith(n) for n in names):
                    out.append(os.path.relpath(os.path.join(directory, f), self.root).replace(os.sep, "/"))
        return out

    @cached_property
    def packages(self) -> scripts.Packages:
        return scripts.Packages(self.root, self.listed(["*package.json", "*pnpm-workspace.yaml"]))

    @cached_property
    def makefiles(self) -> list[str]:
        return [f for f in self.listed(["*akefile"]) if posixpath.basename(f) in make.NAMES]

    @cached_property
    def justfiles(self) -> list[str]:
        return [
            f
            for f in self.listed(["*ustfile", "*USTFILE"])
            if posixpath.basename(f).lower() in ("justfile", ".justfile")
        ]

    @cached_property
    def python(self) -> PythonProject:
        return PythonProject(self.root, self.listed(["*.py", "*.pyi", "*.pyx", "*pyproject.toml"]))

    @cached_property
    def gradle_settings(self) -> list[str]:
        listed = self.listed(["*settings.gradle", "*settings.gradle.kts"])
        return [f for f in listed if posixpath.basename(f) in gradle.NAMES]

    @cached_property
    def xtask(self) -> Known | None:
        return xtask.subcommands(self.root)

    def known(self, kind: str, path: str, read: Callable[[str], Known]) -> Known:
        """What a runner's file defines, read once."""
        key = (kind, path)
        if key not in self._known:
            self._known[key] = read(path)
        return self._known[key]

    def make(self, path: str) -> Known:
        key = ("make", path)
        if key not in self._known:
            self._known[key] = make.targets(path)
        return self._known[key]

    def just(self, path: str) -> just.Recipes:
        if path not in self._just:
            self._just[path] = just.recipes(path)
        return self._just[path]

    def abs(self, rel: str) -> str:
        return os.path.join(self.root, *rel.split("/")) if rel else self.root

    def rel(self, path: str) -> str:
        return self.ctx.rel(path) if os.path.isabs(path) else path


def leaves(rel: str) -> bool:
    return rel == ".." or rel.startswith("../") or rel.startswith("/")


def _up(folder: str) -> Iterator[str]:
    """A folder and each one above it, to the root."""
    while True:
        yield folder
        if not folder:
            return
        folder = posixpath.dirname(folder)


def _under(folder: str, rel: str) -> bool:
    return not folder or rel.startswith(folder + "/")


def _make(run: Runners, inv: Invocation, base: str, home: str) -> Iterator[Miss]:
    if inv.file:
        path = run.abs(posixpath.normpath(posixpath.join(base, inv.file)))
        chain = [path] if os.path.isfile(path) else []
    elif inv.cwd:
        found = make.find(run.abs(base))
        chain = [found] if found else []
    else:
        chain = [f for f in (make.find(run.abs(d)) for d in _up(base)) if f]
    if not chain:
        return
    knowns = [run.make(p) for p in chain]
    below = [] if inv.cwd or inv.file else [f for f in run.makefiles if _under(home, f)]
    for target in inv.names:
        verdicts = [k.has(target) for k in knowns]
        if any(v is not False for v in verdicts):
            continue
        if any(run.make(run.abs(f)).has(target) is not False for f in below):
            continue
        folder = os.path.dirname(chain[0])
        if os.path.exists(os.path.join(folder, target)) or any(e.startswith(target + ".") for e in _listdir(folder)):
            continue  # a file of that name, or one make's built-in rules would make it from
        names = sorted({n for k in knowns for n in k.names})
        files = ", ".join(dict.fromkeys(run.rel(f) for k in knowns for f in k.files))
        yield Miss(asked=target, what=f"no target `{target}` in {files}", choices=tuple(names))


def _listdir(folder: str) -> list[str]:
    try:
        return os.listdir(folder)
    except OSError:
        return []


def _script(run: Runners, inv: Invocation, base: str, home: str) -> Iterator[Miss]:
    packages = run.packages
    name = inv.names[0]
    if not inv.strict and ":" not in name and name not in SCRIPT_LIKE:
        return  # ``pnpm vitest``: a binary as likely as a script
    if inv.package == "/":
        package = packages.workspace_root(base)
    elif inv.package:
        package = packages.named(inv.package, base)
    else:
        package = packages.nearest(base)
    if package is None or not package.readable:
        return
    if name in package.scripts:
        return
    if not (inv.package or inv.cwd) and any(name in p.scripts for p in packages.above(package.folder)):
        return  # the root's: where agents mostly start
    if inv.recursive or not (inv.package or inv.cwd):
        # Elsewhere under the doc's folder (or anywhere, for ``-r``): the reader may be meant to go there.
        scope = "" if inv.recursive else home
        if any(name in p.scripts for p in packages.below(scope)):
            return
    if inv.tool == "yarn" and ":" in name and not inv.package:
        project = packages.yarn_project(base)
        if project is not None and sum(name in p.scripts for p in packages.below(project.folder)) == 1:
            return  # Yarn 2+ runs a colon script from any workspace when just one defines it
    folder = run.abs(package.folder)
    if not inv.strict and (
        name in package.dependencies or os.path.exists(os.path.join(folder, "node_modules", ".bin", name))
    ):
        return
    if name == "start" and os.path.exists(os.path.join(folder, "server.js")):
        return  # ``npm start`` runs ``node server.js`` without a script
    where = posixpath.join(package.folder, "package.json")
    below = [p for p in packages.below(home) if p.folder != package.folder] if package.folder != home else []
    if below and not (inv.package or inv.cwd):
        # A doc over packages of its own, above them: it speaks of theirs.
        listed = ", ".join(posixpath.join(p.folder, "package.json") for p in below[:3])
        more = f" and {len(below) - 3} more" if len(below) > 3 else ""
        choices = sorted({s for p in below for s in p.scripts})
        yield Miss(asked=name, what=f"no script `{name}` in {where}, nor in {listed}{more}", choices=tuple(choices))
        return
    yield Miss(asked=name, what=f"no script `{name}` in {where}", choices=tuple(sorted(package.scripts)))


def _just(run: Runners, inv: Invocation, base: str, home: str) -> Iterator[Miss]:
    if inv.file:
        path: str | None = run.abs(posixpath.normpath(posixpath.join(base, inv.cwd, inv.file)))
        if path is not None and not os.path.isfile(path):
            return
    else:
        path = just.find(run.abs(base), run.root)
    if path is None:
        return
    first, *rest = inv.names
    module, _, recipe = first.partition("::")
    recipes = run.just(path)
    if recipe or module in recipes.modules:
        # ``just mod recipe`` / ``just mod::recipe``: the module's own recipes.
        file = recipes.modules.get(module)
        recipe = recipe or (rest[0] if rest else "")
        if file is None or not recipe or module in recipes.names:
            return
        inner = run.just(file)
        if inner.known().has(recipe) is not False:
            return
        yield Miss(
            asked=recipe,
            what=f"no recipe `{recipe}` in module `{module}` ({run.rel(file)})",
            choices=tuple(sorted(inner.names)),
        )
        return
    chain = [recipes]
    current = recipes
    while current.fallback:
        parent = just.find(os.path.dirname(os.path.dirname(current.files[0])), run.root) if current.files else None
        if parent is None or parent in (c.files[0] for c in chain if c.files):
            break
        current = run.just(parent)
        chain.append(current)
    if any(c.known().has(first) is not False for c in chain):
        return
    if not inv.file and any(
        run.just(run.abs(f)).known().has(first) is not False for f in run.justfiles if _under(home, f)
    ):
        return
    names = sorted({n for c in chain for n in c.names})
    files = ", ".join(run.rel(f) for c in chain for f in c.files[:1])
    yield Miss(asked=first, what=f"no recipe `{first}` in {files}", choices=tuple(names))


def _tox(run: Runners, inv: Invocation, base: str, home: str) -> Iterator[Miss]:
    path = next((p for p in (tox.config(run.abs(d)) for d in _up(base)) if p), None)
    if path is None:
        return
    known = tox.environments(path)
    for env in inv.names:
        if known.has(env) is not False or tox.made_up(env, known):
            continue
        yield Miss(asked=env, what=f"no tox environment `{env}` in {run.rel(path)}", choices=tuple(sorted(known.names)))


def _nox(run: Runners, inv: Invocation, base: str, home: str) -> Iterator[Miss]:
    path = next((p for p in (nox.find(run.abs(d)) for d in _up(base)) if p), None)
    if path is None:
        return
    known = nox.sessions(path)
    for asked in inv.names:
        if known.has(asked) is not False or known.has(nox.session_name(asked)) is not False:
            continue
        yield Miss(asked=asked, what=f"no nox session `{asked}` in {run.rel(path)}", choices=tuple(sorted(known.names)))


def _module(run: Runners, inv: Invocation, base: str, home: str) -> Iterator[Miss]:
    dotted = inv.names[0]
    top, _, rest = dotted.partition(".")
    if not rest or not run.python.is_own(top):
        return
    found, places = run.python.module(dotted)
    if found or _made_locally(run, dotted, places):
        return
    where = ", ".join(posixpath.join(p, top) if p else top for p in places[:2])
    more = f" (and {len(places) - 2} more)" if len(places) > 2 else ""
    yield Miss(
        asked=dotted,
        what=f"no module `{dotted}` in the project's package {where}{more}",
        choices=tuple(run.python.siblings(dotted, places)),
    )


def _made_locally(run: Runners, dotted: str, places: list[str]) -> bool:
    """Whether git ignores where the module would be: generated, or built (``_pb2``, ``_version``)."""
    if run.ctx.git is None:
        return False
    parts = dotted.split(".")
    spots = [posixpath.join(p, *parts) if p else posixpath.join(*parts) for p in places]
    return bool(run.ctx.git.ignored([s + suffix for s in spots for suffix in (".py", "/")]))


def _uv(run: Runners, inv: Invocation, base: str, home: str) -> Iterator[Miss]:
    name = inv.names[0]
    if run.python.near_script(name):
        files = ", ".join(run.python.pyprojects[:3])
        yield Miss(asked=name, what=f"no script `{name}` in {files}", choices=tuple(sorted(run.python.scripts)))


def _xtask(run: Runners, inv: Invocation, base: str, home: str) -> Iterator[Miss]:
    known = run.xtask
    if known is None or known.has(inv.names[0]) is not False:
        return
    yield Miss(
        asked=inv.names[0],
        what=f"no xtask subcommand `{inv.names[0]}` in xtask/src",
        choices=tuple(sorted(known.names)),
    )


def _gradle(run: Runners, inv: Invocation, base: str, home: str) -> Iterator[Miss]:
    found = gradle.find(run.abs(base), run.root)
    if found is None:
        return
    known = run.known("gradle", found, gradle.projects)
    below = [run.abs(f) for f in run.gradle_settings if _under(home, f)]
    above = _enclosing_builds(run, found)
    for project in inv.names:
        if known.has(project) is not False or _abbreviated(project, known.names):
            continue
        if any(run.known("gradle", f, gradle.projects).has(project) is not False for f in below + above):
            continue
        choices = tuple(sorted(known.names - {":"}))
        yield Miss(asked=project, what=f"no project `{project}` in {run.rel(found)}", choices=choices)


def _enclosing_builds(run: Runners, found: str) -> list[str]:
    """The settings files of the builds above the one Gradle finds: a build another includes
    (``includeBuild("playground")``) is named from there too (``./gradlew :playground:assemble``
    run at the top), so a task path the enclosing build knows is no miss."""
    out: list[str] = []
    here = os.path.dirname(found)
    while os.path.normpath(here) != os.path.normpath(run.root):
        parent = os.path.dirname(here)
        if parent == here:
            break
        outer = gradle.find(parent, run.root)
        if outer is None:
            break
        out.append(outer)
        here = os.path.dirname(outer)
    return out


def _abbreviated(asked: str, names: frozenset[str]) -> bool:
    """Whether Gradle could expand ``asked`` to a project: each part a prefix of the project's,
    or its camel-case humps (``:sSdk`` for ``:sentry-sdk``)."""
    parts = asked.split(":")[1:]
    for name in names:
        have = name.split(":")[1:]
        if len(have) == len(parts) and all(_expands(a, h) for a, h in zip(parts, have, strict=True)):
            return True
    return False


def _expands(part: str, name: str) -> bool:
    if name.startswith(part):
        return True
    humps = [h for h in re.split(r"(?=[A-Z])|[-_.]", part) if h]
    words = [w for w in re.split(r"(?=[A-Z])|[-_.]", name) if w]
    return 1 < len(humps) <= len(words) and all(
        w.lower().startswith(h.lower()) for h, w in zip(humps, words, strict=False)
    )


def _maven(run: Runners, inv: Invocation, base: str, home: str) -> Iterator[Miss]:
    if inv.file:
        named = run.abs(posixpath.normpath(posixpath.join(base, inv.file)))
        tops = [os.path.join(named, "pom.xml") if os.path.isdir(named) else named]
    else:
        tops = [os.path.join(run.abs(d), "pom.xml") for d in _up(base)]
    tops = [t for t in tops if os.path.isfile(t)]
    if not tops:
        return
    knowns = [run.known("maven", t, maven.reactor) for t in tops]
    for selector in inv.names:
        if any(k.has(selector) is not False for k in knowns):
            continue
        folders = [os.path.dirname(t) for t in tops]
        if not selector.startswith(":") and any(
            os.path.isfile(os.path.join(f, *selector.split("/"), "pom.xml")) for f in folders
        ):
            continue
        kind = "artifactId" if selector.startswith(":") else "module"
        choices = sorted(n for n in knowns[-1].names if n.startswith(":") == selector.startswith(":"))
        yield Miss(
            asked=selector,
            what=f"no {kind} `{selector.lstrip(':')}` in the reactor of {run.rel(tops[-1])}",
            choices=tuple(choices),
        )


_WORKSPACE = ("MODULE.bazel", "WORKSPACE", "WORKSPACE.bazel")
_BUILD = ("BUILD.bazel", "BUILD")


def _bazel(run: Runners, inv: Invocation, base: str, home: str) -> Iterator[Miss]:
    root = next((d for d in _up(base) if any(os.path.isfile(os.path.join(run.abs(d), w)) for w in _WORKSPACE)), None)
    if root is None:
        return
    for label in inv.names:
        package = label.removesuffix("/...").partition(":")[0]
        folder = run.abs(posixpath.join(root, package) if root else package)
        every = label.endswith("/...")  # any package below: the folder is enough
        if os.path.isdir(folder) and (every or any(os.path.isfile(os.path.join(folder, b)) for b in _BUILD)):
            continue
        where = posixpath.join(root, package) if root else package
        what = "no folder" if not os.path.isdir(folder) else "no BUILD file in"
        yield Miss(asked=label, what=f"no package `//{package}`: {what} {where}", choices=())


def _program(run: Runners, inv: Invocation, base: str, home: str) -> Iterator[Miss]:
    rel = inv.names[0]
    if rel.endswith((".ps1", ".cmd", ".bat")):
        return
    for folder in _up(base):
        joined = posixpath.normpath(posixpath.join(folder, rel))
        if leaves(joined):
            continue
        path = run.abs(joined)
        if os.path.isdir(path):
            return
        if os.path.isfile(path):
            if _executable(run, joined, path):
                return
            yield Miss(
                asked=joined,
                what=f"{joined} is not executable",
                choices=(),
                fix=f"make it executable (`git update-index --chmod=+x {joined}`), or say how to run it",
            )
            return


def _executable(run: Runners, rel: str, path: str) -> bool:
    """As a clone gets it: git's mode for a tracked file, else the disk's (asked once a file)."""
    if rel not in run.modes:
        run.modes[rel] = _mode_says(run, rel, path)
    return run.modes[rel]


def _mode_says(run: Runners, rel: str, path: str) -> bool:
    if run.ctx.git is not None:
        out = run.ctx.git.run("ls-files", "-s", "-z", "--", rel)
        if out:
            return out.startswith(b"100755") or out.startswith(b"120000")
    return os.access(path, os.X_OK)


RESOLVERS = {
    "make": _make,
    "script": _script,
    "just": _just,
    "tox": _tox,
    "nox": _nox,
    "module": _module,
    "uv": _uv,
    "xtask": _xtask,
    "gradle": _gradle,
    "maven": _maven,
    "bazel": _bazel,
    "program": _program,
}


def misses(runners: Runners, inv: Invocation, base: str, home: str) -> Iterator[Miss]:
    """What of ``inv`` is not there, run in ``base`` by a reader of a doc over ``home``."""
    yield from RESOLVERS[inv.runner](runners, inv, base, home)
