"""Environment switches, read as the engine reads its own: ``1``, ``true``, ``yes`` or ``on``."""

from __future__ import annotations

from collections.abc import Mapping

TRUE_WORDS = frozenset({"1", "true", "yes", "on"})


def env_truthy(env: Mapping[str, str], name: str) -> bool:
    value = env.get(name)  # most switches are not set: nothing more to ask then
    return value is not None and value.strip().lower() in TRUE_WORDS
