"""Load every source and decide which definition of each name the engine offers.

Priority, highest first: managed, ``--agents``, project (nearest folder first), user,
plugins. A definition hidden by a higher one is kept as ``Shadowed``. Several files of one
folder with one name are a ``Duplicate``: the engine keeps the one it reads last, folders read
in the disk's directory order (so the winner can differ between machines, and the duplicate is
reported). Invalid files never hide anything.
"""

from __future__ import annotations

import errno
import os
from collections.abc import Collection, Mapping
from pathlib import Path

from agents_md._util.env import config_dir
from agents_md._util.regular import read_regular
from agents_md.agents._json import read_agents_json
from agents_md.agents._model import (
    AgentCatalog,
    AgentDefinition,
    Duplicate,
    Shadowed,
    Skipped,
    Source,
    missing_listed_file,
    problem,
    unreadable,
)
from agents_md.agents._order import sort_key
from agents_md.agents._parse import parse_agent_text
from agents_md.agents._render import BUILTIN_TYPES
from agents_md.agents._sources import agent_files, folders
from agents_md.diagnostics import Diagnostic, Severity
from agents_md.errors import AgentsMdError


class AgentsJsonError(AgentsMdError):
    """The engine refuses the ``--agents`` value; ``lines`` are its stderr lines."""

    def __init__(self, lines: tuple[str, ...]) -> None:
        super().__init__("\n".join(lines))
        self.lines = lines


def read_text(path: Path) -> str:
    """An agent file's text; a pipe or a device is refused (``OSError``), never read."""
    data = read_regular(str(path))
    if data is None:
        raise FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT), str(path))
    return data.decode("utf-8", errors="replace")


def load_agents(
    *,
    cwd: str | os.PathLike[str],
    home: str | os.PathLike[str],
    managed_dir: str | os.PathLike[str] | None = "/etc/claude-code",
    agents_json: str | None = None,
    plugin_dirs: Collection[str | os.PathLike[str]] = (),
    env: Mapping[str, str] | None = None,
    setting_sources: Collection[str] | None = None,
) -> AgentCatalog:
    """Every agent type the engine would offer in ``cwd``.

    ``setting_sources`` is ``--setting-sources`` split at commas (``None``: all). Raises
    ``AgentsJsonError`` when the engine would refuse ``agents_json`` and stop.
    """
    cwd_p = Path(cwd).absolute()
    home_p = Path(home).absolute()
    config = Path(config_dir(str(home_p), env, str(cwd_p)))  # the user's folder: $CLAUDE_CONFIG_DIR
    sources = frozenset(s.strip() for s in setting_sources) if setting_sources is not None else None
    ranked: list[tuple[int, int, AgentDefinition]] = []  # (source rank, folder rank, agent)
    skipped: list[Skipped] = []
    problems: list[Diagnostic] = []
    duplicates: list[Duplicate] = []

    if agents_json is not None:
        result = read_agents_json(agents_json, cwd=cwd_p)
        if result.error_lines:
            raise AgentsJsonError(result.error_lines)
        ranked += [(Source.FLAG.rank, 0, a) for a in result.agents]

    for folder in folders(
        cwd=cwd_p,
        home=home_p,
        managed_dir=Path(managed_dir) if managed_dir is not None else None,
        plugin_dirs=tuple(Path(p).absolute() for p in plugin_dirs),
        setting_sources=sources,
        config=config,
    ):
        by_name: dict[str, list[AgentDefinition]] = {}
        if folder.files is not None:
            problems += [missing_listed_file(f, folder.plugin or "") for f in folder.files if not f.is_file()]
        listed = [f for f in folder.files if f.is_file()] if folder.files is not None else None
        for file in listed if listed is not None else agent_files(folder.path, any_case=folder.plugin is not None):
            try:
                text = read_text(file)
            except OSError as exc:
                problems.append(unreadable(str(file), exc))
                continue
            # A file a manifest names is read under the plugin's name alone (h40_plugin_manifest_agents_forms).
            namespace = tuple(file.relative_to(folder.path).parts[:-1]) if folder.plugin and listed is None else ()
            res = parse_agent_text(text, str(file), source=folder.source, plugin=folder.plugin, namespace=namespace)
            problems += res.problems
            if res.agent is None:
                if res.rule != "not-an-agent":
                    skipped.append(Skipped(path=str(file), source=folder.source, rule=res.rule, reason=res.reason))
                continue
            by_name.setdefault(res.agent.name, []).append(res.agent)
        for name, defs in by_name.items():
            # Of several files of one folder defining one name, the one read last wins (recorded:
            # the a_dup_ scenarios); which that is depends on the disk's directory order.
            active = defs[-1]
            if len(defs) > 1:
                paths = tuple(d.path or "" for d in defs)
                duplicates.append(Duplicate(name=name, source=folder.source, paths=paths, active=paths[-1]))
                for d in defs[:-1]:
                    problems.append(
                        problem(
                            path=d.path or "",
                            line=0,
                            key="name",
                            rule="duplicate-name",
                            severity=Severity.WARNING,
                            message=f"another file of this folder also defines '{name}' ({active.path}): the "
                            "engine keeps the one it reads last, in the disk's directory order, so which one "
                            "differs from machine to machine",
                            fix="rename one of the agents",
                        )
                    )
            ranked.append((folder.source.rank, folder.rank, active))

    winners: dict[str, AgentDefinition] = {}
    shadowed: list[Shadowed] = []
    for _, _, agent in sorted(ranked, key=lambda t: (-t[0], -t[1])):
        top = winners.get(agent.name)
        if top is None:
            winners[agent.name] = agent
        else:
            shadowed.append(Shadowed(agent=agent, by=top))
    accepted = tuple(sorted(winners.values(), key=lambda a: sort_key(a.name)))
    return AgentCatalog(
        accepted=accepted,
        shadowed=tuple(shadowed),
        skipped=tuple(skipped),
        duplicates=tuple(duplicates),
        problems=tuple(problems),
        overridden_builtins=tuple(n for n in BUILTIN_TYPES if n in winners),
    )
