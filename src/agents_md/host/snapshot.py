"""A session written down as JSON, and the session it continues as.

1. ``take``: the inputs the session began with (before any ``/cd``; of the environment only
   the names the engine reads, so a snapshot never carries a caller's secrets; whether its
   Reads look up the engine's own nested files, when they do not), the start
   files by path and SHA-256 of their text, the steps (``host.steps``), what each loop
   was given, the files the main loop used since its last compaction (``used``: the next
   ``/compact`` keeps the newest five of them, and a Read that gave nothing is no step), and each
   plugin's memory, for a plugin that keeps it as data (``memory()``:
   the built-in's, what it gave each loop).
2. ``restore``: a new session with those inputs (the filesystem, which is no data, handed
   again), the steps done again on it, then each plugin's memory taken back (``remember``) and
   each loop's instruction files given as the snapshot says: the session is where it was, whatever
   the disk holds now (a file written since an earlier Read is not given by that Read again).
   Then its start files are compared with the snapshot's, and each difference is told as a
   warning — the session goes on with the files as they are now.
3. A state that is not a snapshot of this format is refused with an error naming the key.
"""

from __future__ import annotations

import hashlib
from dataclasses import asdict
from typing import TYPE_CHECKING, Any

from agents_md._model import InstructionFile, Notice
from agents_md._util.std import Mapping, Sequence
from agents_md.engine.args import EngineArgs
from agents_md.errors import UsageError
from agents_md.host.steps import Step

if TYPE_CHECKING:
    from agents_md.engine.start import SessionInputs

FORMAT = "agents-md session 1"
SOURCE = "agents-md snapshot"
# The environment variables the engine and the plugin read.
ENGINE_ENV_PREFIXES = ("CLAUDE_CODE_",)
ENGINE_ENV_NAMES = ("CLAUDE_MD", "HOME", "USERPROFILE")


def _engine_env(env: Mapping[str, str]) -> dict[str, str]:
    return {k: v for k, v in sorted(env.items()) if k in ENGINE_ENV_NAMES or k.startswith(ENGINE_ENV_PREFIXES)}


def digest(file: InstructionFile) -> str:
    return hashlib.sha256(file.content.encode("utf-8", "surrogatepass")).hexdigest()


def take(
    origin: SessionInputs,
    files: Sequence[InstructionFile],
    steps: Sequence[Step],
    loops: Mapping[str, list[str]],
    plugins: Mapping[str, object] | None = None,
) -> dict[str, Any]:
    """Step 1."""
    inputs = {
        "cwd": origin.cwd,
        "home": origin.home,
        "env": _engine_env(origin.env),
        "args": {k: list(v) if isinstance(v, tuple) else v for k, v in asdict(origin.args).items()},
        "managed_dir": origin.managed_dir,
        "platform": origin.platform,
        "approve_external_imports": origin.approve_external_imports,
        "outside_links": origin.outside_links,
        "interactive": origin.interactive,
        "profile": origin.profile,
    }
    return {
        "format": FORMAT,
        "inputs": inputs,
        "start": [{"path": f.path, "sha256": digest(f)} for f in files],
        "steps": [s.as_json() for s in steps],
        "loops": dict(loops),
        "plugins": dict(plugins or {}),
    }


def _field(state: Mapping[str, Any], key: str, kind: type) -> Any:
    value = state.get(key)
    if not isinstance(value, kind):
        raise UsageError(f"not a session snapshot: {key!r} should be a {kind.__name__}, not {type(value).__name__}")
    return value


def _args(raw: Mapping[str, Any]) -> EngineArgs:
    known = EngineArgs.__dataclass_fields__
    unknown = sorted(set(raw) - set(known))
    if unknown:
        raise UsageError(f"not a session snapshot: inputs.args has unknown keys {', '.join(unknown)}")
    values: dict[str, Any] = {k: tuple(v) if isinstance(v, list) else v for k, v in raw.items()}
    return EngineArgs(**values)


def _steps(raw: Sequence[Any]) -> list[Step]:
    steps = []
    for i, item in enumerate(raw):
        step = Step.from_json(item)
        if step is None:
            raise UsageError(f"not a session snapshot: steps[{i}] is not a step")
        steps.append(step)
    return steps


def _outside_links(value: Any) -> str:
    from agents_md.engine.loader import OUTSIDE_LINKS

    if value not in OUTSIDE_LINKS:
        raise UsageError(f"not a session snapshot: inputs.outside_links should be one of {', '.join(OUTSIDE_LINKS)}")
    return str(value)


def loops(state: Mapping[str, Any]) -> dict[str, list[str]]:
    """The instruction files each loop was given (Markdown, and imports of other names the engine
    attached), as the snapshot says."""
    raw = _field(state, "loops", dict) if "loops" in state else {}
    for key, paths in raw.items():
        if not isinstance(paths, list) or not all(isinstance(p, str) for p in paths):
            raise UsageError(f"not a session snapshot: loops[{key!r}] should be a list of paths")
    return dict(raw)


def engine_nested_files(state: Mapping[str, Any]) -> bool:
    """Whether the session's Reads looked up the engine's own nested files (``Session(engine_nested_files=)``):
    said in ``inputs`` only when they did not."""
    inputs = state.get("inputs")
    value = inputs.get("engine_nested_files", True) if isinstance(inputs, Mapping) else True
    if not isinstance(value, bool):
        raise UsageError("not a session snapshot: inputs.engine_nested_files should be a bool")
    return value


def session_id(state: Mapping[str, Any]) -> str | None:
    """The session's id (``Session.session_id``), when it had one."""
    value = state.get("session_id")
    if value is not None and not isinstance(value, str):
        raise UsageError("not a session snapshot: 'session_id' should be a string")
    return value


def used(state: Mapping[str, Any]) -> list[str] | None:
    """The files the main loop used since its last compaction, the most recent first (``None``:
    not said, a snapshot taken before it was kept, or with no main loop)."""
    if "used" not in state:
        return None
    raw = state["used"]
    if not isinstance(raw, list) or not all(isinstance(p, str) for p in raw):
        raise UsageError("not a session snapshot: 'used' should be a list of paths")
    return list(raw)


def memories(state: Mapping[str, Any]) -> dict[str, object]:
    """Each plugin's memory the snapshot keeps (none in one taken before they were kept)."""
    return dict(_field(state, "plugins", dict)) if "plugins" in state else {}


def parse(state: Mapping[str, Any]) -> tuple[SessionInputs, list[Step]]:
    """Steps 2 and 3: the inputs the session began with (the real filesystem, for the caller to
    replace), and its steps."""
    from agents_md.engine.start import SessionInputs

    if not isinstance(state, Mapping) or state.get("format") != FORMAT:
        raise UsageError(f"not a session snapshot: 'format' should be {FORMAT!r}")
    inputs = _field(state, "inputs", dict)
    steps = _steps(_field(state, "steps", list))
    origin = SessionInputs(
        cwd=_field(inputs, "cwd", str),
        home=_field(inputs, "home", str),
        env=dict(_field(inputs, "env", dict)),
        args=_args(_field(inputs, "args", dict)),
        managed_dir=_field(inputs, "managed_dir", str),
        platform=_field(inputs, "platform", str),
        approve_external_imports=bool(inputs.get("approve_external_imports", False)),
        outside_links=_outside_links(inputs.get("outside_links", "follow")),
        interactive=bool(inputs.get("interactive", False)),
        profile=_field(inputs, "profile", str),
    )
    return origin, steps


def differences(
    state: Mapping[str, Any], files: Sequence[InstructionFile], loops: Mapping[str, list[str]]
) -> list[Notice]:
    """Step 2, last: what differs between the snapshot and the restored session, as warnings."""
    told = []
    was: dict[str, str] = {
        str(item.get("path")): str(item.get("sha256")) for item in state.get("start") or [] if isinstance(item, dict)
    }
    now = {f.path: digest(f) for f in files}
    for path in sorted(set(was) | set(now)):
        if was.get(path) == now.get(path):
            continue
        how = "is new" if path not in was else "is gone" if path not in now else "changed"
        told.append(f"{path} {how} since the snapshot; the restored session reads it as it is now")
    given = state.get("loops") or {}
    for key, paths in sorted(loops.items()):
        if isinstance(given, dict) and key in given and sorted(given[key]) != paths:
            told.append(f"the {key or 'main loop'} was given other files than at the snapshot")
    return [Notice(source=SOURCE, text=text, level="warning") for text in told]
