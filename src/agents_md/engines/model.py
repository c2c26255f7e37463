"""What an engine decided, as frozen values every view reads: the files it sent, where each came
from and how much of it, the files it left out and why, and the exact text it sends."""

from __future__ import annotations

from enum import StrEnum

from agents_md._value import Value


class Scope(StrEnum):
    GLOBAL = "global"  # the person's own file (in the engine's home folder)
    PROJECT = "project"  # found on the walk at start
    CONFIGURED = "configured"  # named by the engine's configuration (OpenCode's ``instructions``)
    READ = "read"  # attached after a file read

    def __str__(self) -> str:
        return self.value


class Left(StrEnum):
    """Why an engine left a file out."""

    BLANK = "blank"  # empty or white space only (after the cut, for Codex)
    DROPPED = "dropped"  # the byte budget was spent before it
    CUT_TO_BLANK = "cut-to-blank"  # what the budget leaves of it is white space only
    SHADOWED = "shadowed"  # another name won in its folder (or on the whole walk)
    DUPLICATE = "duplicate"  # the same file was sent already
    BUDGET_OFF = "budget-off"  # a byte budget of 0 turns project docs off
    LINK_LOOP = "link-loop"  # a link loop among the candidates: Codex sends no project doc at all
    UNTRUSTED = "untrusted"  # the folder is not trusted: the engine sends nothing
    DISABLED = "disabled"  # turned off by the engine's own switch
    EXCLUDED = "excluded"  # excluded by the engine's own setting (Claude Code's claudeMdExcludes)
    NOT_FOLLOWED = "not-followed"  # an import the engine did not follow
    CONDITIONAL = "conditional"  # a rule with ``paths:``: attached on a Read of a matching file
    GIVEN = "given"  # attached on an earlier read, or the file read itself (a loop gets a file once)
    UNREADABLE = "unreadable"

    def __str__(self) -> str:
        return self.value


class EngineFile(Value):
    """One file an engine sent: the name it gives it, why, and how much of it."""

    path: str  # as the engine names it (a link keeps its own name)
    scope: Scope
    why: str  # a short phrase: "AGENTS.md in <dir>", "fallback name CLAUDE.md", "instructions: docs/*.md"
    size: int  # bytes on disk
    loaded: int  # bytes the engine kept (Codex cuts; the others send files whole)
    text: str  # the text as sent (cut, trimmed, imports expanded, per the engine)

    @property
    def cut(self) -> bool:
        return self.loaded < self.size


class LeftOut(Value):
    """A file an engine considered and did not send."""

    path: str
    why: Left
    detail: str = ""


class EngineStart(Value):
    """What an engine puts in front of the model when it starts in ``cwd``."""

    engine: str
    cwd: str  # the working directory as the engine names it (the real path)
    root: str | None  # where the upward walk stopped (None: the engine has no such bound)
    files: tuple[EngineFile, ...]
    left_out: tuple[LeftOut, ...]
    prompt: str | None  # the exact instruction text, or None when the engine sends none
    names: tuple[str, ...] = ()  # the file names its walk looks for, in the order it tries them
    budget: int | None = None  # the byte budget of its project files (Codex), after its config
    sources: tuple[str, ...] = ()  # the configuration files it read
    notices: tuple[str, ...] = ()  # what the engine would warn about


class EngineRead(Value):
    """What an engine appends after a file read, given what it sent before."""

    path: str
    files: tuple[EngineFile, ...]
    text: str | None  # the exact text appended, or None
    left_out: tuple[LeftOut, ...] = ()  # files on the way it did not attach, and why, where it says
