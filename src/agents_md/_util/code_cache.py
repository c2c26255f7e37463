"""The command line's own modules, kept compiled in one file and read from it at its start.

A hook call starts the command line anew each time, and a large part of that start is Python's
import system finding and reading some fifty modules one file at a time: for each, its folder's
finder asked, its source looked at, its ``.pyc`` opened, read and checked (about a tenth of a
millisecond a module on a slow machine, before any of its code runs). The code of the modules
a plain command imports (``context``, ``hook``) is kept in one file instead, beside the hook's
state, and served from memory:

1. The file: ``<cache>/agents-md/code/<tag>-<where>.bin``, ``<cache>`` being
   ``$XDG_CACHE_HOME`` or ``~/.cache``, ``tag`` the interpreter's (``cpython-311``, and
   ``opt-N`` under ``-O``) and ``where`` a hash of the package's folder (two installs, two
   files). It holds the interpreter's bytecode magic number, the package's folder, and for
   each module its source file, that file's modification time and size when its code was
   taken, whether it is a package, and its code (``marshal``).
2. Read at the start (``attach``): a file owned by the user, that no one else may write, of
   this interpreter and this folder; any other, or one that cannot be read, is passed over
   (it is a cache: nothing is said). A finder put first on ``sys.meta_path`` serves the
   modules in it whose source still has the time and size recorded (one ``stat``, the check
   the import system makes of a ``.pyc``); every other module is imported as usual.
3. Kept at the end (``CodeCache.keep``): when a module of the package was imported as usual
   (not in the file, or changed since), the file is written again with it. Its code is the
   one the import system loaded (its loader's ``get_code``: the ``.pyc``, or the source
   compiled), its source's time and size taken before. The file is written whole beside
   itself and moved over (a link in its place is replaced, never written through); a failure
   leaves the file as it was.
4. Each time it is written, the folder's other files that were not written for a month are
   removed (their install, or their interpreter, gone; one still in use is written again).
5. ``AGENTS_MD_CODE_CACHE=0`` turns it off, and there is none where the system cannot say who owns
   a file or open one without following a link (Windows). Only the command line's entry uses it: a program
   importing the library imports as usual.
"""

from __future__ import annotations

import marshal
import os
import sys
import time

from agents_md._util.std import Mapping, ModuleType

TYPE_CHECKING = False  # typing's constant, without importing typing at run time (``_value``)
if TYPE_CHECKING:
    from collections.abc import Sequence
    from importlib.machinery import ModuleSpec
    from typing import Any

OFF_ENV = "AGENTS_MD_CODE_CACHE"
FORMAT = "agents-md code 1"
MONTH = 30 * 24 * 3600
PACKAGE = __name__.partition(".")[0]
FOLDER = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# One module's row: source file, its mtime (ns) and size, is it a package, its code marshalled,
# and its ``__cached__`` (the ``.pyc`` the import system names: worked out again, it costs).
Row = tuple[str, int, int, bool, bytes, str | None]


def _bootstrap(name: str) -> Any:
    # The import system's own modules, loaded before any program runs (``importlib`` would
    # import ``warnings`` and more).
    return sys.modules[name]


def _tag() -> str | None:
    tag = sys.implementation.cache_tag
    if tag is None:
        return None  # an interpreter that keeps no bytecode
    return f"{tag}.opt-{sys.flags.optimize}" if sys.flags.optimize else tag


CodeType = type(_tag.__code__)  # as ``types`` names it


def _where(folder: str) -> str:
    """A short, stable name for ``folder`` (64-bit FNV-1a of its bytes, in hex)."""
    value = 0xCBF29CE484222325
    for byte in os.fsencode(folder):
        value = ((value ^ byte) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return f"{value:016x}"


def cache_path(env: Mapping[str, str] | None = None, folder: str = FOLDER) -> str | None:
    """Step 1: where this interpreter keeps the code of the install in ``folder``, or ``None`` for nowhere."""
    env = os.environ if env is None else env
    tag = _tag()
    if tag is None or env.get(OFF_ENV, "") == "0" or not _POSIX:
        return None
    cache = env.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(cache, "agents-md", "code", f"{tag}-{_where(folder)}.bin")


# Code is read only from a file this user owns, opened without following a link: where the system
# cannot say both (Windows), there is no cache.
_POSIX = hasattr(os, "geteuid") and hasattr(os, "O_NOFOLLOW")


def _magic() -> bytes:
    magic: bytes = _bootstrap("_frozen_importlib_external").MAGIC_NUMBER
    return magic


def _read(path: str, folder: str) -> dict[str, Row]:
    """Step 2's checks of the file: its rows, or none."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC)
    except OSError:
        return {}
    try:
        held = os.fstat(fd)
        if held.st_uid != os.geteuid() or held.st_mode & 0o022:
            return {}  # another user's, or one others may write: not trusted with code
        with open(fd, "rb", closefd=False) as handle:
            data = handle.read()
    except OSError:
        return {}
    finally:
        os.close(fd)
    try:
        header, magic, held_folder, rows = marshal.loads(data)
    except (ValueError, EOFError, TypeError):
        return {}
    if header != FORMAT or magic != _magic() or held_folder != folder or not isinstance(rows, dict):
        return {}
    return rows


class CodeCache:
    """The finder of step 2 and the writer of step 3, for one run of the command line."""

    def __init__(self, path: str, package: str, folder: str, rows: dict[str, Row], before: Sequence[str]) -> None:
        self.path = path
        self.package = package  # its name, and the folder it was imported from
        self.folder = folder
        self.rows = rows
        self.before = frozenset(before)  # loaded before the finder was: never the file's
        self.served: set[str] = set()

    # The finder's side (``importlib.abc.MetaPathFinder`` and ``Loader``).

    def find_spec(self, name: str, path: object = None, target: object = None) -> ModuleSpec | None:
        row = self.rows.get(name)
        try:
            origin, mtime, size, package, code, cached = row  # type: ignore[misc]
            now = os.stat(origin)
            if now.st_mtime_ns != mtime or now.st_size != size:
                return None  # changed since: imported as usual, and kept again at the end
            code = marshal.loads(code)
        except (OSError, TypeError, ValueError, EOFError):
            return None  # not in the file, its source gone, or a row not of this format
        if type(code) is not CodeType:
            return None
        spec: ModuleSpec = _bootstrap("_frozen_importlib").ModuleSpec(name, self, origin=origin, is_package=package)
        spec.has_location = True  # ``__file__`` is the source, as it is for a module read from disk
        spec.cached = cached
        if package:
            spec.submodule_search_locations = [os.path.dirname(origin)]
        spec.loader_state = code
        return spec

    def create_module(self, spec: ModuleSpec) -> None:
        return None  # the usual module object

    def exec_module(self, module: ModuleType) -> None:
        self.served.add(module.__name__)
        exec(module.__spec__.loader_state, module.__dict__)  # type: ignore[union-attr]

    # The writer's side.

    def _fresh(self) -> dict[str, Row]:
        """The package's modules this run imported as usual, each with its code."""
        fresh: dict[str, Row] = {}
        for name, module in list(sys.modules.items()):
            if name in self.before or name in self.served or name.partition(".")[0] != self.package:
                continue
            spec = getattr(module, "__spec__", None)
            origin = getattr(spec, "origin", None)
            get_code = getattr(getattr(spec, "loader", None), "get_code", None)
            if not isinstance(origin, str) or not origin.endswith(".py") or get_code is None:
                continue
            if not origin.startswith(self.folder + os.sep):
                continue  # a module of that name from elsewhere (a test's, a plugin's): not ours
            try:
                taken = os.stat(origin)  # before the code: a change in between makes the row stale
                code = get_code(name)
            except (OSError, ImportError, SyntaxError):
                continue
            if code is None:
                continue
            package = spec.submodule_search_locations is not None  # type: ignore[union-attr]
            cached = spec.cached  # type: ignore[union-attr]
            fresh[name] = (origin, taken.st_mtime_ns, taken.st_size, package, marshal.dumps(code), cached)
        return fresh

    def keep(self) -> bool:
        """Step 3: write the file again if this run imported a module of the package as usual."""
        fresh = self._fresh()
        if not fresh:
            return False
        data = marshal.dumps((FORMAT, _magic(), self.folder, {**self.rows, **fresh}))
        folder = os.path.dirname(self.path)
        temp = f"{self.path}.{os.getpid()}.tmp"
        try:
            os.makedirs(folder, mode=0o700, exist_ok=True)
            if os.path.lexists(temp):
                os.unlink(temp)  # left by a process of this number that was killed: no one else's
            fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC, 0o600)
        except OSError:
            return False
        try:
            with open(fd, "wb") as handle:
                handle.write(data)
            os.replace(temp, self.path)
        except OSError:
            import contextlib  # only here: it imports ``functools`` and ``collections``

            with contextlib.suppress(OSError):
                os.unlink(temp)
            return False
        _sweep(folder, os.path.basename(self.path))
        return True


def _sweep(folder: str, own: str) -> None:
    """Step 4: the folder's other files not written for a month removed (an install gone)."""
    now = time.time()
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return
    for entry in entries:
        try:
            old = entry.is_file(follow_symlinks=False) and now - entry.stat(follow_symlinks=False).st_mtime > MONTH
            if entry.name != own and old:
                os.unlink(entry.path)
        except OSError:
            continue


def attach(env: Mapping[str, str] | None = None, *, package: str = PACKAGE, folder: str = FOLDER) -> CodeCache | None:
    """Step 2: the cache of ``package`` (this one, imported from ``folder``) put first on
    ``sys.meta_path``, or ``None`` where it is turned off."""
    path = cache_path(env, folder)
    if path is None:
        return None
    cache = CodeCache(path, package, folder, _read(path, folder), list(sys.modules))
    sys.meta_path.insert(0, cache)
    return cache
