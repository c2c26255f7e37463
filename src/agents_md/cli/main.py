"""The command line's entry: its arguments read, the sub-command run, and the exit-code edge.

Each command lives in ``agents_md.cli.commands.<name>`` and exposes ``register`` (declares its
arguments and the typed function that runs it; ``cli.parser`` builds argparse from them). The
commands a program runs on every hook call also expose ``plain``: their plainly written command
line is read without argparse (``cli.options``). Exit codes, in one place (``guarded``): 0
success, 1 an expected error (``AgentsMdError``: a bad file, named with its line), 2 usage,
3 an unexpected error (one line here, the traceback in a log file, or with ``--debug`` the
traceback itself), 130 interrupted.
"""

from __future__ import annotations

import os
import sys

from agents_md._util.std import Callable, Sequence, import_module
from agents_md.cli import COMMANDS, DEBUG_ENV

TYPE_CHECKING = False  # typing's constant, without importing typing at run time (``_value``)
if TYPE_CHECKING:
    import argparse

    from agents_md.cli.options import Arguments

# The commands that run on every hook call: read without argparse when plainly written.
PLAIN_COMMANDS = ("context", "hook")

__all__ = ["COMMANDS", "DEBUG_ENV", "build_parser", "guarded", "main"]


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The parser (``cli.parser``); with ``only``, just that sub-command's."""
    from agents_md.cli.parser import build_parser as build

    return build(only)


def crash_log_path() -> str:
    """Where an unexpected error's details go: the user's cache folder, as pre-commit keeps its log."""
    cache = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(cache, "agents-md", "crash.log")


def _write_crash_log(exc: BaseException, argv: Sequence[str]) -> str | None:
    import platform
    import tempfile
    import traceback

    from agents_md._version import __version__

    text = (
        f"agents-md {__version__}, Python {platform.python_version()} on {sys.platform}\n"
        f"command: agents-md {' '.join(argv)}\n\n" + "".join(traceback.format_exception(exc))
    )
    for path in (crash_log_path(), os.path.join(tempfile.gettempdir(), f"agents-md-crash-{os.getpid()}.log")):
        try:
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8") as handle:
                handle.write(text)
        except OSError:
            continue
        return path
    return None


def guarded(run: Callable[[], int], *, debug: bool, argv: Sequence[str]) -> int:
    """``run()``'s exit code, every exception turned into one."""
    from agents_md.errors import AgentsMdError, UsageError

    try:
        return run()
    except UsageError as exc:
        print(f"agents-md: usage error: {exc}", file=sys.stderr)
        return 2
    except AgentsMdError as exc:
        print(f"agents-md: error: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # The reader went away (e.g. ``| head``): stop quietly, as a Unix tool does.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except Exception as exc:
        if debug:
            raise
        where = _write_crash_log(exc, argv)
        details = f"details in {where}" if where else "run it again with --debug for the details"
        print(f"agents-md: an unexpected error has occurred: {type(exc).__name__}: {exc}; {details}", file=sys.stderr)
        return 3


def _read_plain(argv: Sequence[str]) -> Arguments | None:
    if not argv or argv[0] not in PLAIN_COMMANDS:
        return None
    read: Callable[[Sequence[str]], Arguments | None] = import_module(f"agents_md.cli.commands.{argv[0]}").plain
    return read(argv)


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    args = _read_plain(argv)
    if args is None:
        # The command line runs once per hook call: import only the sub-command asked for.
        first = next((a for a in argv if not a.startswith("-")), None)
        parser = build_parser(first if first in COMMANDS else None)
        args = parser.parse_args(argv)
        if args.version:
            from agents_md._version import __version__

            print(f"agents-md {__version__}")
            return 0
        if getattr(args, "run", None) is None:
            parser.print_help(sys.stderr)
            return 2
    run: Callable[[Arguments], int] = args.run
    debug = bool(args.debug) or os.environ.get(DEBUG_ENV, "") not in ("", "0")
    return guarded(lambda: run(args), debug=debug, argv=argv)


def entry() -> None:
    """The installed command: ``main`` in a process of its own."""
    if sys.argv[1:2] and sys.argv[1] in PLAIN_COMMANDS:
        # What a hook call allocates lives to its end (modules, classes, a session), and so does
        # its process: the cyclic collector, run every 700 allocations, would walk it again and
        # again for nothing (about a fifteenth of the call). ``check`` and ``mcp`` run long: kept.
        import gc

        from agents_md._util import code_cache

        gc.disable()
        # Its modules read from one file rather than fifty (``code_cache``), and kept there.
        cache = code_cache.attach()
        code = main()
        if cache is not None:
            cache.keep()
        _leave(code)
    raise SystemExit(main())


def _leave(code: int) -> None:
    """Exit with ``code`` without the interpreter's teardown (a last collection of everything, each
    module emptied: a tenth of a hook call, for memory the process gives back anyway). What a
    normal exit does that matters is done first: the ``atexit`` functions run (a plugin's
    telemetry flushing), and the output is flushed. A thread still running (a plugin's) is waited
    for by a normal exit instead."""
    threading = sys.modules.get("threading")
    if threading is not None and threading.active_count() > 1:
        raise SystemExit(code)
    atexit = sys.modules.get("atexit")  # a function is registered through it: not loaded, none is
    if atexit is not None:
        atexit._run_exitfuncs()
    for stream in (sys.stdout, sys.stderr):
        try:  # noqa: SIM105  (``contextlib`` is not loaded on a hook call)
            stream.flush()
        except (OSError, ValueError):
            pass  # the reader went away, or the stream was closed: nothing more can be said
    os._exit(code)
