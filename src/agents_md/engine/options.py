"""What a caller may say about a session besides its ``cwd`` and ``home`` (for type checkers:
nothing imports it at run time but a reader of the public face)."""

from __future__ import annotations

from typing import TypedDict

from agents_md._util.std import Mapping, Sequence
from agents_md.engine.args import EngineArgs
from agents_md.engine.fs import FileSystem


class SessionOptions(TypedDict, total=False):
    """What a caller may say about a session besides its ``cwd`` and ``home``."""

    env: Mapping[str, str] | None
    args: Sequence[str] | EngineArgs
    managed_dir: str | None
    approve_external_imports: bool
    outside_links: str  # "follow" (the engine's way) or "refuse" (for untrusted clones)
    interactive: bool
    profile: str
    fs: FileSystem | None
    platform: str | None  # linux, macos or windows (default: the running one)
