"""A session's steps: what it did, kept as data so another process can do it again.

What the plugin and the engine remember between calls (the files each loop was given, the
directories claimed, what a fork inherited) is the effect of the session's steps. Kept in
order and replayed on a fresh session with the same inputs, they give exactly that memory
back; both ``Session.snapshot`` and the ``agents-md hook`` state file keep them.

1. ``read``: a touch of ``path`` by ``tool`` in a loop (``loop`` "" for the main one, else
   the subagent's key); ``spawn``: a subagent started under the key ``loop``
   (``agent_type`` its type, ``fork`` for a fork); ``turn``: the first user turn before any
   touch; ``compact`` (``kept``: the files the main loop kept, as the engine restores them: a
   Read that gave nothing is no step, so the five newest are not worked out again from fewer
   Reads; ``None``: not said, worked out on replay), ``clear``; ``cd``: the root moved to ``path``.
2. A touch is kept when it attached something, or when it is the loop's first touch of a
   Markdown file by that tool (a file touched counts as given: an instruction file, or a file
   one imports, is not attached after it). A touch of any other file that attached nothing
   changes nothing the session remembers, so the steps stay small over thousands of Reads.
"""

from __future__ import annotations

from agents_md._value import Value

OPS = ("read", "spawn", "turn", "compact", "clear", "cd")
FORK = "fork"


class Step(Value):
    """One step of a session (step 1)."""

    op: str
    loop: str = ""
    path: str = ""
    tool: str = "Read"
    agent_type: str = ""
    kept: tuple[str, ...] | None = None

    def as_json(self) -> dict[str, object]:
        out: dict[str, object] = {
            "op": self.op,
            "loop": self.loop,
            "path": self.path,
            "tool": self.tool,
            "agent_type": self.agent_type,
        }
        if self.kept is not None:
            out["kept"] = list(self.kept)
        return out

    @classmethod
    def from_json(cls, raw: object) -> Step | None:
        """The step ``raw`` holds, or ``None`` when it is not one."""
        if not isinstance(raw, dict) or raw.get("op") not in OPS:
            return None
        values = {k: raw[k] for k in ("loop", "path", "tool", "agent_type") if k in raw}  # else the default
        if not all(isinstance(v, str) for v in values.values()):
            return None
        kept = raw.get("kept")
        if kept is not None and not (isinstance(kept, list) and all(isinstance(p, str) for p in kept)):
            return None
        return cls(op=str(raw["op"]), kept=None if kept is None else tuple(kept), **values)


def keeps_given(path: str, loop_tool: tuple[str, str], touched: set[tuple[str, str, str]]) -> bool:
    """Step 2, for a touch that attached nothing (``touched`` is updated)."""
    if not path.endswith(".md"):
        return False
    mark = (*loop_tool, path)
    if mark in touched:
        return False
    touched.add(mark)
    return True
