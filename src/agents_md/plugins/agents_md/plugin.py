"""The ``agents-md`` plugin: ``AGENTS.md`` read the way the engine reads ``CLAUDE.md``.

It sits on the hook bus and uses only the nouns a third-party plugin has
(``agents_md.plugin_api``):

- ``session.start``: read the mode (``option``), tell what the person must know, log the
  mode row.
- ``prompt.context``: by mode — ``claude-md`` adds nothing; ``managed-only`` keeps managed and
  memory files; ``claude-md-or-agents-md`` stands down when the project has a ``CLAUDE.md`` of
  its own, else adds every ``AGENTS.md`` / ``.claude/AGENTS.md`` on the path;
  ``claude-md-and-agents-md`` adds them beside ``CLAUDE.md``, each file once (by path, link
  target, then content); a file left out that way still brings the files it imports that are
  not there yet (an ``AGENTS.md`` that ``CLAUDE.md`` imports: what lies past the import depth
  from ``CLAUDE.md``), where it would have stood.
- ``tool.call`` on ``Read``: the ``AGENTS.md`` files of the directories between the cwd and
  the read file, once per loop (``nested``).

The ``complete`` profile closes the places where the reference still treats ``AGENTS.md``
differently from ``CLAUDE.md``: IDE selections attach too, a compaction does
not forget what was attached, a changed file is attached again, a linked alias of the cwd
is resolved, and added directories contribute their ``AGENTS.md``.
"""

from __future__ import annotations

import os
from _collections_abc import Mapping  # collections.abc's, without importing collections

from agents_md.plugin_api import LOCAL, PROJECT, FoundFile, HookSession, InstructionFile, Kind, ToolCall, hookimpl
from agents_md.plugins.agents_md import option
from agents_md.plugins.agents_md.placement import COMPLETE, FILE_NAMES, OWN_NAMES, own_files, place

TYPE_CHECKING = False  # typing's constant, without importing typing at run time (``_value``)
if TYPE_CHECKING:
    from collections.abc import Sequence

    from agents_md.plugins.agents_md import nested
    from agents_md.plugins.agents_md.records import StoodDown

NAME = "agents-md"
# The tool calls that attach nested files: the reference attaches on Reads (text, notebook,
# image) and on a prompt's @-mentions (its ``prompt.mention`` hook, g10_mention_builtin); the
# complete profile also on the IDE's open file or selection, and the tools that change a file.
ATTACHING_TOOLS = {
    "reference": ("Read", "Mention"),
    "complete": ("Read", "Mention", "IdeSelection", "Edit", "Write", "MultiEdit", "NotebookEdit", "LS", "Glob", "Grep"),
}


class _Kept:
    """A found file as the start keeps it: the file (``None`` when left out) and its imports kept."""

    __slots__ = ("directory", "file", "imports")

    def __init__(self, *, directory: str, file: InstructionFile | None, imports: tuple[InstructionFile, ...]) -> None:
        self.directory, self.file, self.imports = directory, file, imports

    @property
    def all(self) -> tuple[InstructionFile, ...]:
        return self.imports if self.file is None else (self.file, *self.imports)


class _LoadState:
    """What the plugin remembers for one load (reset on every ``session.start``)."""

    __slots__ = ("delivered", "first_context_done", "known", "reading", "start_files", "token", "yielded")

    def __init__(self, *, reading: option.ModeReading | None = None) -> None:
        # A new object whenever anything a Read's answer depends on may have changed (``read_state``).
        self.token = object()
        self.reading = reading
        self.first_context_done = False
        self.yielded = False
        self.start_files: tuple[InstructionFile, ...] = ()
        self.known: nested.Known | None = None  # what a Read compares with, of ``start_files``
        # loop id -> {attached path: its text in the complete profile (given again when it changes), else ""}
        self.delivered: dict[str, dict[str, str]] = {}


class AgentsMdPlugin:
    """One instance per session; ``name`` is how its options are keyed (see ``plugin_key``)."""

    def __init__(self, name: str = NAME) -> None:
        self.name = name
        self._state = _LoadState()

    # ------------------------------------------------------------------ events

    @hookimpl
    def session_start(self, session: HookSession) -> None:
        reading = option.read_mode(session.settings, session.plugin_key(self.name))
        self._state = _LoadState(reading=reading)
        session.record(self.name, reading)
        for text in reading.notices:
            session.log(self.name, text)
        session.telemetry.log("agents_md_mode", mode=reading.mode, is_interactive=session.interactive)

    @hookimpl
    def prompt_context(
        self, session: HookSession, files: tuple[InstructionFile, ...]
    ) -> Sequence[InstructionFile] | None:
        mode = self.mode(session)
        self._state.token = object()  # what a Read compares with is made anew
        if session.profile != COMPLETE or session.context_reason != "compact":
            # A new context: the main loop's attachments start over (the complete profile keeps
            # them across a compaction, as the engine keeps its nested CLAUDE.md files).
            self._state.delivered.pop("", None)
        if mode == option.CLAUDE_MD:
            return None
        if mode == option.MANAGED_ONLY:
            return [f for f in files if f.kind in (Kind.MANAGED, Kind.MEMORY)]
        if any(not isinstance(f.kind, Kind) or not os.path.isabs(f.path) for f in files):
            return None  # a hook above rewrote the list into something this plugin cannot read
        chain = session.chain
        stood_down = self._stands_down(session, files, chain) if mode == option.OR_AGENTS_MD else None
        if stood_down is not None:
            session.record(self.name, stood_down)
            self._record_load(session, mode, (), yielded=True, failed=False)
            self._state.start_files, self._state.known = files, None
            return None
        try:
            found = session.ancestors(FILE_NAMES, plugin=self.name)
        except Exception as exc:  # a failed walk of any kind leaves the context as handed
            session.log(self.name, f"AGENTS.md files not loaded: the walk failed ({exc}); the context is as handed")
            self._record_load(session, mode, (), yielded=False, failed=True)
            return None
        if session.profile == COMPLETE and session.add_dirs:
            found += session.files_in(session.add_dirs, FILE_NAMES, plugin=self.name)
        kept = self._dedup(session, found, files)
        result = place(files, [(f.directory, f.all) for f in kept])
        added = [f for f in result if f not in files]
        if added:
            session.log(
                self.name,
                "no CLAUDE.md found; AGENTS.md loaded: " + ", ".join(f.path for f in added if f.parent is None),
                level="debug",
            )
        self._record_load(session, mode, kept, yielded=False, failed=False)
        self._state.start_files, self._state.known = tuple(result), None
        return result

    @hookimpl
    def tool_call(
        self, session: HookSession, call: ToolCall, files: tuple[InstructionFile, ...]
    ) -> Sequence[InstructionFile] | None:
        """After a Read or a prompt's mention (and, in the complete profile, an IDE selection): the
        AGENTS.md files of the directories down to the file (``nested``)."""
        if call.tool == "Agent":
            self._state.token = object()
            if call.forked_from is not None and call.agent_id is not None:
                # A fork starts knowing what its parent was given; what it gets stays its own.
                self._state.delivered[call.agent_id] = dict(self._state.delivered.get(call.forked_from, {}))
            elif call.agent_id is not None:
                self._state.delivered.pop(call.agent_id, None)  # a new agent knows nothing yet
            return None
        if call.path is None or call.tool not in (ATTACHING_TOOLS[session.profile]):
            return None
        mode = self.mode(session)
        if mode not in (option.OR_AGENTS_MD, option.AND_AGENTS_MD) or self._state.yielded:
            return None
        if not session.attachments_enabled:
            return None
        import agents_md.plugins.agents_md.nested as nested  # a Read's lookup: a start never needs it

        state = self._state
        delivered = state.delivered.setdefault(call.agent_id or "", {})
        try:
            out, decision, changed = nested.attach(
                session,
                plugin=self.name,
                path=call.path,
                claims=mode == option.OR_AGENTS_MD,
                start=self._known(),
                delivered=delivered,
            )
        except Exception:
            state.token = object()  # what was given may have changed before it failed
            return None
        if changed:
            state.token = object()
        if decision is not None:
            session.record(self.name, decision)
        if out:
            session.telemetry.log("agents_md_nested", mode=mode, file_count=len(out))
        return out or None

    def read_state(self) -> object:
        """The same object while a Read's answer could only change with the disk (the plugin API's
        promise): a new one whenever what each loop was given, or the start, changes."""
        return self._state.token

    def start_state(self) -> object:
        """The state a start left the plugin in, for ``resume_start`` (the plugin API's promise: a
        new plugin handed the same session, the disk as it was, answers and tells the same)."""
        state = self._state
        given = {loop: dict(files) for loop, files in state.delivered.items()}
        return (state.reading, state.first_context_done, state.yielded, state.start_files, given)

    def resume_start(
        self,
        state: tuple[option.ModeReading | None, bool, bool, tuple[InstructionFile, ...], dict[str, dict[str, str]]],
    ) -> None:
        """Be as the start that left ``state`` (``start_state``) left the plugin, its hooks not called."""
        reading, first_done, yielded, start_files, given = state
        self._state = _LoadState(reading=reading)
        self._state.first_context_done = first_done
        self._state.yielded = yielded
        self._state.start_files = start_files
        self._state.delivered = {loop: dict(files) for loop, files in given.items()}

    # ------------------------------------------------------------------ memory as data

    def memory(self) -> dict[str, object]:
        """All a Read's answer depends on beyond the disk, as JSON values: what each loop was given
        (``given``: loop id, ``""`` the main one -> {path: text as compared, "" in the reference
        profile, where the path alone counts}), and what the start left a Read to compare with
        (``start``: whether the plugin stood down, the start's files by path, its project and local
        files by text; ``None`` before any start). Kept as data by a host whose session does not
        outlive one event (``claude_code.answer``, ``Session.snapshot``)."""
        state = self._state
        start: dict[str, object] | None = None
        if state.first_context_done:
            known = self._known()
            start = {"yielded": state.yielded, "paths": sorted(known.paths), "texts": sorted(known.texts)}
        given = {loop: dict(files) for loop, files in state.delivered.items()}
        return {"given": given, "start": start}

    def remember(self, memory: Mapping[str, object]) -> None:
        """Take ``memory`` (``memory()`` of an earlier process) back: the start it made, not the
        one this process made from today's disk (a ``CLAUDE.md`` written since does not make the
        plugin stand down); ``ValueError`` when it is not of that shape."""
        problem = memory_problem(memory)
        if problem is not None:
            raise ValueError(problem)
        given = memory["given"]
        start = memory.get("start")
        assert isinstance(given, Mapping)
        self._state.delivered = {loop: dict(files) for loop, files in given.items()}
        self._state.token = object()
        if isinstance(start, Mapping):
            from agents_md.plugins.agents_md.nested import Known

            self._state.yielded = bool(start["yielded"])
            self._state.known = Known(frozenset(start["paths"]), frozenset(start["texts"]))

    # ------------------------------------------------------------------ helpers

    def _known(self) -> nested.Known:
        """What a Read compares with: the start's (made once a start), or what ``remember`` took."""
        state = self._state
        if state.known is None:
            from agents_md.plugins.agents_md.nested import Known

            state.known = Known.of(state.start_files)
        return state.known

    def mode(self, session: HookSession) -> str:
        if self._state.reading is None:
            self._state.reading = option.read_mode(session.settings, session.plugin_key(self.name))
            self._state.token = object()
        return self._state.reading.mode

    def reading(self) -> option.ModeReading | None:
        return self._state.reading

    def _stands_down(
        self, session: HookSession, files: Sequence[InstructionFile], chain: Sequence[str]
    ) -> StoodDown | None:
        """Whether (and for which files) the project has a CLAUDE.md of its own on the path.

        Read off the handed files; when a setting source kept the engine from loading some of
        them, the files themselves still count (a ``CLAUDE.local.md`` left out by
        ``--setting-sources project`` still makes the plugin stand down).
        """
        own = tuple(f.path for f in own_files(files, chain, session.home))
        unloaded: tuple[str, ...] = ()
        settings = session.settings
        if not own and not (settings.source_enabled(PROJECT) and settings.source_enabled(LOCAL)):
            found = session.ancestors(OWN_NAMES, plugin=self.name, respect_sources=False)
            claude_names = ("CLAUDE.md", "CLAUDE.local.md")
            unloaded = tuple(f.file.path for f in found if os.path.basename(f.file.path) in claude_names)
        if not own and not unloaded:
            return None
        from agents_md.plugins.agents_md.records import StoodDown  # lazy: most starts do not stand down

        return StoodDown(claimed_by=own or unloaded, unloaded=unloaded)

    def _dedup(self, session: HookSession, found: Sequence[FoundFile], files: Sequence[InstructionFile]) -> list[_Kept]:
        """Each file once: not a handed file by path or link target, nor equal in text (trimmed) to a
        handed project or local file. User and managed files do not count, nor do AGENTS.md files among
        themselves. A file left out keeps the imports that are not handed (``file`` then ``None``),
        as the engine does (g7_and_imported_agents_past_depth, g7_and_same_text_agents_imports)."""
        paths = {f.path for f in files}
        reals = {session.real(f.path) for f in files}
        texts = {session.text_key(f.content) for f in files if f.kind in (Kind.PROJECT, Kind.LOCAL)}
        kept: list[_Kept] = []
        for item in found:
            # Nothing handed (a project of AGENTS.md alone): no link target or text to compare with.
            left_out = item.file.path in paths or (
                bool(files) and (session.real(item.file.path) in reals or session.text_key(item.file.content) in texts)
            )
            imports = tuple(f for f in item.imports if f.path not in paths and session.text_key(f.content) not in texts)
            if not left_out or imports:
                kept.append(_Kept(directory=item.directory, file=None if left_out else item.file, imports=imports))
        return kept

    def _record_load(
        self, session: HookSession, mode: str, kept: Sequence[_Kept], *, yielded: bool, failed: bool
    ) -> None:
        self._state.yielded = yielded
        if self._state.first_context_done:
            return
        self._state.first_context_done = True
        session.telemetry.log(
            "agents_md_load",
            mode=mode,
            file_count=sum(k.file is not None for k in kept),
            import_count=sum(len(k.imports) for k in kept),
            total_content_length=sum(len(f.content) for k in kept for f in k.all),
            yielded=yielded,
            walk_failed=failed,
        )
        if failed:
            session.telemetry.mark("agents_md", ok=False, reason="walk_failed")
        else:
            session.telemetry.mark("agents_md", ok=True)


def _texts(item: tuple[object, object]) -> bool:
    return isinstance(item[0], str) and isinstance(item[1], str)


def memory_problem(memory: object) -> str | None:
    """What is wrong with ``memory`` as ``AgentsMdPlugin.memory()`` gives it, or ``None``."""
    expected = 'expected {"given": {loop: {path: text}}, "start": null or {"yielded", "paths", "texts"}}'
    if not isinstance(memory, Mapping) or not isinstance(memory.get("given"), Mapping):
        return expected
    given = memory["given"]
    if not all(
        isinstance(loop, str) and isinstance(files, Mapping) and all(map(_texts, files.items()))
        for loop, files in given.items()
    ):
        return expected
    start = memory.get("start")
    if start is None:
        return None
    if not isinstance(start, Mapping) or not isinstance(start.get("yielded"), bool):
        return expected
    lists = (start.get("paths"), start.get("texts"))
    if not all(isinstance(v, list) and all(isinstance(x, str) for x in v) for v in lists):
        return expected
    return None
