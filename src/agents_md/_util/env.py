"""What the engine reads of the environment: its switches, read as it reads its own (``1``,
``true``, ``yes`` or ``on``), and where a person's own files are kept: ``$CLAUDE_CONFIG_DIR``
(relative: to the cwd), else ``~/.claude``. Their ``CLAUDE.md`` and ``rules/``,
``settings.json``, ``agents/`` and the auto memory's ``projects/`` live there."""

from __future__ import annotations

import os

from agents_md._util.std import Iterator, Mapping

CONFIG_ENV = "CLAUDE_CONFIG_DIR"

TRUE_WORDS = frozenset({"1", "true", "yes", "on"})


def env_truthy(env: Mapping[str, str], name: str) -> bool:
    value = env.get(name)  # most switches are not set: nothing more to ask then
    return value is not None and value.strip().lower() in TRUE_WORDS


def config_dir(home: str, env: Mapping[str, str] | None, cwd: str) -> str:
    given = (env or {}).get(CONFIG_ENV)
    if given:
        return os.path.normpath(os.path.join(cwd, given))
    return os.path.join(home, ".claude")


class Overlaid(Mapping[str, str]):
    """``over`` laid over ``under``, read-only: a name ``over`` sets is its; the rest is read from
    ``under`` when asked (so a live ``under`` stays live)."""

    __slots__ = ("_over", "_under")

    def __init__(self, over: Mapping[str, str], under: Mapping[str, str]) -> None:
        self._over = dict(over)
        self._under = under

    def __getitem__(self, name: str) -> str:
        return self._over[name] if name in self._over else self._under[name]

    def __iter__(self) -> Iterator[str]:
        yield from self._over
        yield from (name for name in self._under if name not in self._over)

    def __len__(self) -> int:
        return len(self._over) + sum(1 for name in self._under if name not in self._over)
