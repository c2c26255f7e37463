"""The exact text the model receives: the start block and the attachment framings."""

from __future__ import annotations

from agents_md._model import InstructionFile, Kind
from agents_md._util.bounded_cache import bounded_cache
from agents_md._util.jstext import js_trim
from agents_md._util.std import Sequence

PREAMBLE = (
    "Codebase and user instructions are shown below. Be sure to adhere to these instructions. "
    "IMPORTANT: These instructions OVERRIDE any default behavior and you MUST follow them exactly as written."
)

# kind -> (framing label in the start block, the engine's transcript type)
KIND_TABLE: dict[Kind, tuple[str, str]] = {
    Kind.PROJECT: ("project instructions, checked into the codebase", "Project"),
    Kind.LOCAL: ("user's private project instructions, not checked in", "Local"),
    Kind.USER: ("user's private global instructions for all projects", "User"),
    Kind.MANAGED: ("organization-managed policy instructions", "Managed"),
    Kind.MEMORY: ("user's auto-memory, persists across conversations", "AutoMem"),
}

REMINDER_OPEN = "<system-reminder>\n"
REMINDER_CLOSE = "\n</system-reminder>"
HOOK_PREFIX = "tool.call hook additional context: "
# A prompt's @-mention is no tool call: the plugin's text after it names its own hook event.
MENTION_PREFIX = "prompt.mention hook additional context: "


def label(kind: Kind) -> str:
    return KIND_TABLE[kind][0]


def start_block(files: Sequence[InstructionFile]) -> str | None:
    """The ``claudeMd`` block, or ``None`` when no file has any text."""
    key = tuple(files)
    try:
        return _kept(key)
    except TypeError:  # a hook's file holding a value that cannot be kept by (a list): made afresh
        return _block(key)


def _block(files: Sequence[InstructionFile]) -> str | None:
    # One join of all the pieces: each file's text is copied once (files are tens of kilobytes).
    pieces = [REMINDER_OPEN, PREAMBLE]
    for f in files:
        text = js_trim(f.content)
        if text:
            pieces += (f"\n\nContents of {f.path} ({label(f.kind)}):\n\n", text)
    if len(pieces) == 2:
        return None
    pieces.append(REMINDER_CLOSE)
    return "".join(pieces)


def _texts(args: tuple[tuple[InstructionFile, ...]]) -> int:
    return sum(len(f.content) for f in args[0])


# Kept by the files: a process starting session after session in the same folders renders the
# same block each time, tens of kilobytes built and dropped per start.
_kept = bounded_cache(64, size=_texts)(_block)


def engine_nested_blocks(files: Sequence[InstructionFile]) -> tuple[str, ...]:
    """The engine's own blocks after a Read: one reminder per file, untrimmed content (the start
    of a very long one, ``engine.long_nested``)."""
    return _one_after_another([_nested_block(f) for f in files])


def mention_blocks(
    hook_texts: Sequence[str], engine_files: Sequence[InstructionFile], *, context_follows: bool = True
) -> tuple[str, ...]:
    """What a prompt's @-mentions attach, one reminder each, as the engine sends them in the
    prompt's own message (before any start block): the plugins' ``prompt.mention`` texts of every
    mention in turn, then the engine's nested files of every mention in turn; like a Read's
    nested blocks, each but the last ends with a line break (h37_mmiss_*, h38_*). The last one
    too when no context reminder follows it (``context_follows`` false): a later turn's prompt,
    whose message has no start block and no attribution reminder, the prompt's text right after
    (h41_t2_*; after ``/compact`` or ``/clear`` they come again, and it has none)."""
    hooks = [f"{REMINDER_OPEN}{t}{REMINDER_CLOSE}" for t in hook_texts]
    blocks = _one_after_another(hooks + [_nested_block(f) for f in engine_files])
    return blocks if context_follows else blocks[:-1] + tuple(b + "\n" for b in blocks[-1:])


def _nested_block(file: InstructionFile) -> str:
    from agents_md.engine.long_nested import shown

    return f"{REMINDER_OPEN}Contents of {file.path}:\n\n{shown(file.path, file.content)}{REMINDER_CLOSE}"


def _one_after_another(blocks: list[str]) -> tuple[str, ...]:
    """Reminders sent one after another: each but the last ends with a line break."""
    return tuple(b + "\n" for b in blocks[:-1]) + tuple(blocks[-1:])


def hook_attachment(files: Sequence[InstructionFile], prefix: str = HOOK_PREFIX) -> str | None:
    """A plugin's ``tool.call`` text after a Read (``prompt.mention`` after a mention): items
    joined by one newline, untrimmed."""
    if not files:
        return None
    return prefix + "\n".join(hook_entry(f) for f in files)


def hook_entry(file: InstructionFile) -> str:
    """One file of a plugin's ``tool.call`` text: the engine takes each as a context of its own."""
    return f"Contents of {file.path}:\n\n{file.content}"
