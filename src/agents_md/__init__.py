"""agents-md: a coding agent's instruction files, loaded exactly the way Claude Code loads them.

This is the host's face: what a program that runs sessions imports. ``_WHERE`` is its one
table of names, each loaded from its module on first use (the command line imports this
package on every hook call, so nothing heavy is imported up front); the block under
``TYPE_CHECKING`` mirrors it for type checkers, and a test keeps the two equal. A plugin
author imports ``agents_md.plugin_api`` instead.
"""

from __future__ import annotations

from agents_md._util.std import lazy_names

_WHERE = {
    "__version__": "agents_md._version",  # read by few: loaded, as the rest, when asked for
    # values
    "ImportEdge": "agents_md._model",
    "ImportOutcome": "agents_md._model",
    "InstructionFile": "agents_md._model",
    "Kind": "agents_md._model",
    "Notice": "agents_md._model",
    "Provenance": "agents_md._model",
    "Reason": "agents_md._model",
    "Record": "agents_md._model",
    "SkippedFile": "agents_md._model",
    "SkipReason": "agents_md._model",
    # errors
    "AgentsMdError": "agents_md.errors",
    "PluginError": "agents_md.errors",
    "SettingsError": "agents_md.errors",
    "UsageError": "agents_md.errors",
    # the engine's answers and its filesystem seam
    "FileSystem": "agents_md.engine.fs",
    "CaseFoldingFS": "agents_md.engine.fs",
    "home_for": "agents_md.engine.platform",
    "ReadResult": "agents_md.engine.loop",
    "Touch": "agents_md.engine.touch",
    "FileSource": "agents_md.engine.sources",
    "AsyncFileSource": "agents_md.engine.sources",
    "SourceFS": "agents_md.engine.sources",
    "SessionInputs": "agents_md.engine.start",
    "SessionOptions": "agents_md.engine.options",
    "StartContext": "agents_md.engine.start",
    # sessions with their plugins seated
    "AgentStart": "agents_md.host.session",
    "CdResult": "agents_md.host.session",
    "Session": "agents_md.host.session",
    "Subagent": "agents_md.host.session",
    "AsyncSession": "agents_md.host.aio",
    "PluginSpec": "agents_md.host.plugins",
    "ContextReport": "agents_md.host.report",
    "context_report": "agents_md.host.report",
    "replay": "agents_md.host.replay",
    # the other coding agents' engines, side by side with Claude Code's
    "EngineFile": "agents_md.engines.model",
    "EngineRead": "agents_md.engines.model",
    "EngineStart": "agents_md.engines.model",
    "LeftOut": "agents_md.engines.model",
    "engine_start": "agents_md.host.engines",
    "engine_read": "agents_md.host.engines",
    "replay_engine": "agents_md.engines.replay",
}

TYPE_CHECKING = False  # typing's constant, without importing typing at run time (``_value``)
if TYPE_CHECKING:
    from agents_md._model import ImportEdge as ImportEdge
    from agents_md._model import ImportOutcome as ImportOutcome
    from agents_md._model import InstructionFile as InstructionFile
    from agents_md._model import Kind as Kind
    from agents_md._model import Notice as Notice
    from agents_md._model import Provenance as Provenance
    from agents_md._model import Reason as Reason
    from agents_md._model import Record as Record
    from agents_md._model import SkippedFile as SkippedFile
    from agents_md._model import SkipReason as SkipReason
    from agents_md._version import __version__ as __version__
    from agents_md.engine.fs import CaseFoldingFS as CaseFoldingFS
    from agents_md.engine.fs import FileSystem as FileSystem
    from agents_md.engine.loop import ReadResult as ReadResult
    from agents_md.engine.options import SessionOptions as SessionOptions
    from agents_md.engine.platform import home_for as home_for
    from agents_md.engine.sources import AsyncFileSource as AsyncFileSource
    from agents_md.engine.sources import FileSource as FileSource
    from agents_md.engine.sources import SourceFS as SourceFS
    from agents_md.engine.start import SessionInputs as SessionInputs
    from agents_md.engine.start import StartContext as StartContext
    from agents_md.engine.touch import Touch as Touch
    from agents_md.engines.model import EngineFile as EngineFile
    from agents_md.engines.model import EngineRead as EngineRead
    from agents_md.engines.model import EngineStart as EngineStart
    from agents_md.engines.model import LeftOut as LeftOut
    from agents_md.engines.replay import replay_engine as replay_engine
    from agents_md.errors import AgentsMdError as AgentsMdError
    from agents_md.errors import PluginError as PluginError
    from agents_md.errors import SettingsError as SettingsError
    from agents_md.errors import UsageError as UsageError
    from agents_md.host.aio import AsyncSession as AsyncSession
    from agents_md.host.engines import engine_read as engine_read
    from agents_md.host.engines import engine_start as engine_start
    from agents_md.host.plugins import PluginSpec as PluginSpec
    from agents_md.host.replay import replay as replay
    from agents_md.host.report import ContextReport as ContextReport
    from agents_md.host.report import context_report as context_report
    from agents_md.host.session import AgentStart as AgentStart
    from agents_md.host.session import CdResult as CdResult
    from agents_md.host.session import Session as Session
    from agents_md.host.session import Subagent as Subagent

__all__ = list(_WHERE)

__getattr__, __dir__ = lazy_names("agents_md", _WHERE, globals())
