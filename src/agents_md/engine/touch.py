"""Attach on touch: what a tool call that touches paths attaches, by what the tool does.

1. The tool's name is read as Claude Code's (``Read``, ``Write``...) or as a framework spells
   its file tools (``read_file``, ``write_file``, ``edit_file``, ``ls``, ``glob``, ``grep``);
   a name neither knows touches nothing.
2. By what the tool does, in the ``reference`` profile (recorded from Claude Code):
   - a Read (text, notebook or image): the engine's nested files and the plugin's
     ``AGENTS.md`` attachment, as ``Loop.read``;
   - a Write, Edit, MultiEdit or NotebookEdit: the engine's nested files only (the plugin
     attaches on Reads alone), and the file counts as given, as after a Read;
   - an ``@``-mention in the prompt: the engine's nested files and the plugin's ``AGENTS.md``
     attachment (``Session.mention``; its text starts ``prompt.mention hook additional
     context:``); the IDE's open file: the engine's nested files;
   - a listing or a search (``LS``, ``Glob``, ``Grep``): nothing, and nothing counts as given.
3. In the ``complete`` profile every touching tool attaches the nested files of each path it
   touched (a search: each hit), the plugin's ``AGENTS.md`` included.
4. The answer is one frozen ``Touch``: each path's ``ReadResult`` in order, the files with
   their provenance, and the exact text to append to the tool's result (``None``: nothing).
5. A prompt's ``@``-mentions are taken at once, each a step per folder on its way
   (``mention_order``): the shallowest file is done first, and takes first what two share; the
   plugin's texts come in the prompt's order, the engine's nested files in that order (g13_mention_*).
"""

from __future__ import annotations

import os

from agents_md._model import InstructionFile
from agents_md._util.jstext import JS_SPACE_CLASS
from agents_md._util.std import Sequence, lazy_compile
from agents_md._value import Value
from agents_md.engine.loop import ReadResult

READ, CHANGE, MENTION, SEARCH = "read", "change", "mention", "search"
# Claude Code's tools that touch a path, by what they do to it.
TOOLS = {
    "Read": READ,
    "Write": CHANGE,
    "Edit": CHANGE,
    "MultiEdit": CHANGE,
    "NotebookEdit": CHANGE,
    "Mention": MENTION,
    "IdeSelection": MENTION,
    "LS": SEARCH,
    "Glob": SEARCH,
    "Grep": SEARCH,
}
# Framework spellings of the same tools (deepagents, pydantic-ai harnesses, OpenHands).
ALIASES = {
    "read_file": "Read",
    "view": "Read",
    "write_file": "Write",
    "edit_file": "Edit",
    "ls": "LS",
    "list_files": "LS",
    "glob": "Glob",
    "grep": "Grep",
}


# The engine's reading of a prompt's mentions (Claude Code 2.1.328): ``@"quoted path"`` after
# white space or CJK punctuation, then each white-space-separated word whose ``@`` starts it or
# follows such punctuation, its trailing non-word characters dropped; a ``#L1-2`` range or
# ``#fragment`` is cut off the file name.
_CJK_PUNCT = "\u3002\u3001\uff1f\uff01"
_QUOTED = lazy_compile(r"(?:^|(?<=[" + JS_SPACE_CLASS[1:-1] + _CJK_PUNCT + r"]))@\"([^\"]+)\"")
_WORDS = lazy_compile(r"[^" + JS_SPACE_CLASS[1:-1] + r"]+")
_RANGE = lazy_compile(r"^([^#]+)(?:#L(\d+)(?:-(\d+))?)?(?:#[^#]*)?$")


def _word_char(text: str, i: int) -> bool:
    return i < len(text) and (text[i].isascii() and (text[i].isalnum() or text[i] == "_"))


def mention_names(prompt: str) -> list[str]:
    """The names a prompt ``@``-mentions, as the engine reads them: each once, quoted ones first."""
    if "@" not in prompt:
        return []
    quoted = [m for m in _QUOTED.findall(prompt) if not m.endswith(" (agent)")]
    bare: list[str] = []
    for word in _WORDS.findall(prompt):
        at = word.find("@")
        while at > 0 and word[at - 1] not in _CJK_PUNCT:
            at = word.find("@", at + 1)
        if at < 0:
            continue
        end = len(word)
        while end >= at + 2 and _word_char(word, end - 1) == _word_char(word, end):
            end -= 1
        if end >= at + 2:
            bare.append(word[at + 1 : end])
    names = []
    for name in dict.fromkeys([*quoted, *(b for b in bare if not b.startswith('"'))]):
        m = _RANGE.match(name)
        names.append(m.group(1) if m else name)
    return list(dict.fromkeys(names))


def mention_order(paths: Sequence[str]) -> list[int]:
    """Step 5: the indexes of a prompt's mentioned ``paths`` in the order the engine is done with
    them: the engine takes them all at once, a step for each folder on a file's way, so the one
    with the fewest folders is done first (g13_mention_depth_*); equal ones in the prompt's order,
    which is the engine's most often (a race there: g13_mention_tie_*)."""
    return sorted(range(len(paths)), key=lambda i: os.path.normpath(paths[i]).count(os.sep))


def prompt_mentions(prompt: str, cwd: str) -> list[str]:
    """The files a prompt ``@``-mentions, each once, in order, relative to ``cwd``: a folder is
    listed, not mentioned; a missing file is mentioned all the same (its folders' files attach,
    g10_mention_dirs_missing_outside)."""
    out: list[str] = []
    for name in mention_names(prompt):
        path = os.path.normpath(os.path.join(cwd, os.path.expanduser(name)))
        if not os.path.isdir(path) and path not in out:
            out.append(path)
    return out


def tool_name(tool: str) -> str | None:
    """Step 1: Claude Code's name for ``tool``, or ``None`` when it touches no path."""
    if tool in TOOLS:
        return tool
    return ALIASES.get(tool)


def attaches(tool: str, profile: str) -> bool:
    """Steps 2 and 3: whether a call of the (canonical) ``tool`` attaches anything at all."""
    return profile == "complete" or TOOLS[tool] != SEARCH


class Touch(Value):
    """What one tool call attaches: per path its ``ReadResult``, in the order touched."""

    tool: str  # Claude Code's name for the tool, or the name as given when it touches nothing
    results: tuple[ReadResult, ...] = ()

    @property
    def files(self) -> tuple[InstructionFile, ...]:
        return tuple(f for r in self.results for f in r.files)

    @property
    def parts(self) -> tuple[str, ...]:
        """The engine's blocks, then the plugins' texts, for each path in turn."""
        return tuple(p for r in self.results for p in (*r.engine_blocks, *r.hook_texts))

    @property
    def text(self) -> str | None:
        """The exact text to append after the tool's result, or ``None``."""
        return self.appended()

    def appended(self, *, prefix: bool = True) -> str | None:
        """``text``; without ``prefix``, the plugins' texts lose the engine's ``tool.call hook
        additional context: `` (a framework's tool result is no hook message)."""
        from agents_md.engine.render import HOOK_PREFIX, MENTION_PREFIX

        parts = (
            self.parts
            if prefix
            else tuple(p.removeprefix(HOOK_PREFIX).removeprefix(MENTION_PREFIX) for p in self.parts)
        )
        return "\n".join(parts) if parts else None

    def __bool__(self) -> bool:
        return bool(self.parts)
