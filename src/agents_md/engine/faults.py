"""What a failing disk does to a session: one policy, for every gather of instruction files.

The ``FileSystem`` seam (``engine.fs``) answers absence as ``None`` or ``False``, never as an
error. What a call raises instead (an ``OSError``: EACCES, EIO, ENOENT from a disk failing
mid-walk, or a ``FileSystem`` of the caller's that breaks that contract) is met in one of
two ways:

1. Reading one file (``read_file``) or listing one folder (``list_dir``) fails: that file or
   folder is skipped with a warning naming it, and the walk goes on (``engine.loader``,
   ``ListingFS``). A file that exists and cannot be read is an ordinary outcome.
2. Any other query raises (``is_file``, ``is_dir``, ``exists``, ``is_symlink``, ``realpath``,
   ``stamp``, ...): nothing the gather found can be known complete, so the gather it happened
   in fails whole and leaves the context as it was handed in, with a warning naming the path:

   - the start (and the new one after ``/compact``, ``/clear``, ``/cd``): the engine's walk
     gives no file, no plugin is asked to add any, and no instruction file reaches the model;
   - a Read (a mention, a touch, a subagent's Read): nothing is attached, nothing counts as
     given, the plugins are not called;
   - a plugin's own walk (``HookSession.ancestors``): the error reaches the plugin, which fails
     closed the same way (the built-in plugin hands the files back as handed and says so); a
     plugin that lets it escape is a failed hook, whose change is ignored (``engine.bus``).

The engine catches at the two gathers it owns (the start's walk, ``Loop.read``) and nowhere
below them, so the plugins' lookups, which share its listings, still see every failure.
"""

from __future__ import annotations

ENGINE = "engine"  # who tells of a failed Read (``Notice.source``)
# A start that met a failing query: the whole walk is dropped.
NO_START = "no instruction file loaded"
# A Read that met one: nothing attached for it.
NO_ATTACHMENT = "nothing attached for this Read"


def failed_gather(exc: OSError, outcome: str) -> str:
    """The warning for a gather that met ``exc``: the path (when the error names one), why, and what
    became of the gather."""
    where = exc.filename if isinstance(exc.filename, str) and exc.filename else "the disk"
    return f"{where}: cannot be examined ({exc.strerror or exc}); {outcome}"
