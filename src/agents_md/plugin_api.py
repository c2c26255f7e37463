"""What a plugin author imports: the hook marker, the session a hook is handed, the events'
values, the instruction files, the settings, and the entry-point group plugins ship under.

A plugin imports nothing else of the project; the built-in ``agents-md`` plugin is written
against this face alone, exactly as a third-party plugin would be::

    from agents_md.plugin_api import HookSession, InstructionFile, hookimpl

    class Shout:
        @hookimpl
        def prompt_context(self, session: HookSession, files: tuple[InstructionFile, ...]):
            return [f for f in files if "TODO" not in f.content]

shipped as ``[project.entry-points."agents_md.plugins"] shout = "shout:Shout"``.

A plugin with a ``tool_call`` hook may define ``read_state(self) -> object``: a value that stays
the same (``==``) for as long as the hook, asked about the same Read again, would answer, tell
and record the same and change nothing, as long as the disk (read through the session:
``ancestors``, ``files_in``, ``real``) is as it was. A session then gives a Read repeated while
that holds its first answer again without calling the hook (what it told is told again; what it
logged to telemetry is not logged again). A plugin that does not define it (or whose
``read_state`` raises) is called on every Read.

A plugin with a ``session_start`` or ``prompt_context`` hook may define ``start_state(self) ->
object`` and ``resume_start(self, state) -> None``: the state a start left it in, and taking it back
on a new instance. A process that builds the same session again, the disk read through the session
as it was, then gives it the earlier start and hands each plugin its state, without calling the
start's hooks (what they told is told again; what they logged to telemetry is not). A plugin that
does not define them has its hooks called on every start.

A plugin's own records are frozen values: ``@frozen`` (with ``field``) makes them as the
project makes its own, a frozen keyword-only dataclass without ``dataclasses``' start-up cost.
"""

from agents_md._model import InstructionFile, Kind, Notice, Provenance, Reason, Record
from agents_md._value import field, frozen
from agents_md.engine.events import ENTRY_POINT_GROUP, Telemetry, TelemetryMark, TelemetryRow, ToolCall
from agents_md.engine.hook_session import FoundFile, HookSession
from agents_md.engine.markers import hookimpl
from agents_md.engine.settings import FLAG, LOCAL, POLICY, PROJECT, USER, Settings, SettingsLayer

__all__ = [
    "ENTRY_POINT_GROUP",
    "FLAG",
    "LOCAL",
    "POLICY",
    "PROJECT",
    "USER",
    "FoundFile",
    "HookSession",
    "InstructionFile",
    "Kind",
    "Notice",
    "Provenance",
    "Reason",
    "Record",
    "Settings",
    "SettingsLayer",
    "Telemetry",
    "TelemetryMark",
    "TelemetryRow",
    "ToolCall",
    "field",
    "frozen",
    "hookimpl",
]
