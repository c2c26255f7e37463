"""The plugin's decisions, kept on the session as data (``session.record``) for every view to read.

- ``ModeReading`` (``option``): the mode, and where it was read — at ``session.start``.
- ``StoodDown``: the default mode left the start to the engine, and which files made it.
- ``ReadDecision``: on a Read, which directories a ``CLAUDE.md`` claimed, what was attached,
  and why each other ``AGENTS.md`` found was not.
"""

from __future__ import annotations

from agents_md.plugin_api import frozen

# Why an AGENTS.md found on a Read was not attached.
LOADED = "loaded"  # it loaded already: in the start, or as a CLAUDE.md on the way (a link)
SAME_TEXT = "same-text"  # its text equals a project or local file of the start, or a CLAUDE.md on the way
GIVEN = "given"  # this loop was given it (unchanged) on an earlier Read
READ_FILE = "read-file"  # it is the file read: its text is in the tool result


@frozen
class StoodDown:
    """``claude-md-or-agents-md`` stood down: the project has instruction files of its own on the path."""

    claimed_by: tuple[str, ...]  # those files, shallowest first
    unloaded: tuple[str, ...] = ()  # of them, the ones a setting source kept from loading (they count)


@frozen
class ReadDecision:
    """What a Read of ``path`` attached of the ``AGENTS.md`` files on the way down to it."""

    path: str
    claimed: tuple[tuple[str, str], ...] = ()  # (directory, the CLAUDE.md claiming it): not looked in
    attached: tuple[str, ...] = ()
    left_out: tuple[tuple[str, str], ...] = ()  # (file, why: LOADED, SAME_TEXT, GIVEN or READ_FILE)
