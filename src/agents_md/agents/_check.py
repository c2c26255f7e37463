"""``check_agent_files``: every problem of the given agent files (and ``--agents`` value)."""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

from agents_md.agents._catalog import read_text
from agents_md.agents._json import READ_FROM, read_agents_json
from agents_md.agents._model import Source, missing_listed_file, problem, unreadable
from agents_md.agents._parse import parse_agent_text
from agents_md.agents._sources import (
    MANIFEST,
    agent_files,
    definition_folders,
    file_context,
    manifest_agents,
    plugin_name,
    plugin_of,
    read_manifest,
)
from agents_md.diagnostics import Diagnostic, Severity


def check_agent_files(
    paths: Iterable[str | os.PathLike[str]],
    *,
    agents_json: str | None = None,
    cwd: str | os.PathLike[str] = ".",
) -> list[Diagnostic]:
    """Problems of each file, in path and line order. A folder is searched for the folders the engine
    reads agent files from (``_sources.definition_folders``), and their ``*.md`` checked."""
    problems: list[Diagnostic] = []
    for raw in paths:
        p = Path(raw)
        # ``os.path.isdir`` never raises: a path that cannot be reached is read as a file, and told.
        # A plugin's agents/ is judged by the plugin rules (any name loads, a description falls back).
        if os.path.isdir(p):
            files: list[tuple[Path, tuple[str, ...], str | None]] = []
            for d in definition_folders(p):
                root = d if d.joinpath(*MANIFEST).is_file() else d.parent
                manifest = read_manifest(root) if root.joinpath(*MANIFEST).is_file() else None
                if manifest is not None and manifest.name is None:
                    problems.append(_manifest_refused(root, manifest.error))
                    if root == d:
                        continue  # its agents are named by a manifest the engine refuses: none loads
                listed = manifest_agents(d) if root == d else None
                if listed is None:
                    plugin = plugin_of(d)
                    files += [
                        (f, f.relative_to(d).parts[:-1] if plugin else (), plugin)
                        for f in agent_files(d, any_case=plugin is not None)
                    ]
                    continue
                # A plugin whose manifest names its agent files: those alone, under its name alone.
                plugin = plugin_name(d) or d.name
                problems.extend(missing_listed_file(f, plugin) for f in listed if not f.is_file())
                files += [(f, (), plugin) for f in listed if f.is_file()]
                problems.extend(_unlisted(d, listed, plugin))
        else:
            files = [(p, *file_context(p))]
        for file, namespace, plugin in files:
            if plugin is None and not file.name.endswith(".md"):
                problems.append(
                    problem(
                        path=str(file),
                        line=0,
                        key="",
                        rule="not-an-agent",
                        severity=Severity.INFO,
                        message="not a .md file: the engine reads agent definitions from *.md files alone",
                        fix="a JSON file of agents (the engine's --agents value) is checked with --agents FILE",
                    )
                )
                continue
            try:
                text = read_text(file)
            except OSError as exc:
                problems.append(unreadable(str(file), exc))
                continue
            source = Source.PLUGIN if plugin else Source.PROJECT
            found = parse_agent_text(text, str(file), source=source, plugin=plugin, namespace=namespace).problems
            problems += sorted(found, key=lambda q: q.line or 0)
    if agents_json is not None:
        result = read_agents_json(agents_json, cwd=Path(cwd))
        lines = result.error_lines[1:] if len(result.error_lines) > 1 else result.error_lines
        # The closing "(read from PATH)" names the file each finding is already given.
        for line in (x for x in lines if not x.startswith(READ_FROM)):
            key, _, message = line.partition(": ")
            problems.append(
                problem(
                    path=result.path or "--agents",
                    line=0,
                    key=key if message else "",
                    rule="agents-json",
                    severity=Severity.ERROR,
                    message=message or line,
                    fix="the engine refuses the whole --agents value and exits 1",
                )
            )
    return problems


def _unlisted(plugin_dir: Path, listed: tuple[Path, ...], plugin: str) -> list[Diagnostic]:
    """The files of a plugin's ``agents/`` its manifest does not name: the engine does not read them
    ("agents/ folder exists but is not auto-loaded because the manifest sets "agents"")."""
    named = {os.path.realpath(f) for f in listed}
    return [
        problem(
            path=str(f),
            line=0,
            key="",
            rule="plugin-agent-unlisted",
            severity=Severity.WARNING,
            message=f'the manifest of plugin {plugin} names its agent files under "agents" and not this one: '
            "the engine does not read it",
            fix='add it to "agents" in .claude-plugin/plugin.json, or remove it',
        )
        for f in agent_files(plugin_dir / "agents", any_case=True)
        if os.path.realpath(f) not in named
    ]


def _manifest_refused(plugin_dir: Path, why: str) -> Diagnostic:
    return problem(
        path=str(plugin_dir.joinpath(*MANIFEST)),
        line=0,
        key="",
        rule="plugin-manifest-invalid",
        severity=Severity.ERROR,
        message=f"the engine does not load this plugin, nor any of its agents: {why}",
        fix='give the manifest a "name" of letters, digits, ".", "_" and "-", and paths ending in .md under "agents"',
    )


_DOC_NAMES = ("readme", "changelog", "license", "contributing", "index", "template")


def documentation_name(path: str) -> bool:
    """A file name that says documentation, not an agent: ``README*``, ``CHANGELOG*``, ``LICENSE*``,
    ``CONTRIBUTING*``, ``INDEX*``, ``template*``, ``*template``, a leading ``_``, or no lowercase letter
    (``SUMMARY.md``, ``1-CONFIGURATION-SUMMARY.md``), or one in a ``templates`` folder. A file
    without front matter in an agents folder is told (the engine ignores it without a word)
    unless its name is such a one."""
    p = Path(path)
    stem = p.name.rsplit(".", 1)[0]
    low = stem.lower()
    return (
        low.startswith(_DOC_NAMES[:5])
        or low.startswith("template")
        or low.endswith("template")
        or stem.startswith("_")
        or not any(c.islower() for c in stem)
        or any(part.lower() in ("templates", "template") for part in p.parent.parts[-2:])
    )
