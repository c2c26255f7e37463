"""The session inputs every session-shaped command takes (``context``, ``read``, ``config``),
and the session they make: the flags become the engine's arguments directly."""

from __future__ import annotations

import os

from agents_md.cli.options import APPEND, SWITCH, Option, add_options
from agents_md.errors import AgentsMdError, UsageError

TYPE_CHECKING = False  # typing's constant, without importing typing at run time (``_value``)
if TYPE_CHECKING:
    import argparse

    from agents_md.cli.options import Arguments
    from agents_md.engine.args import EngineArgs
    from agents_md.host.session import Session


SESSION_OPTIONS = (
    Option(flag="--home", help="the home directory (default: yours)"),
    Option(flag="--settings", help="a settings file or JSON text, as the engine's --settings"),
    Option(flag="--setting-sources", help="comma list of user, project, local"),
    Option(flag="--add-dir", action=APPEND, default=(), metavar="DIR", help="an added directory"),
    Option(flag="--bare", action=SWITCH, help="as the engine's --bare"),
    Option(flag="--safe-mode", action=SWITCH, help="as the engine's --safe-mode"),
    Option(flag="--agents", metavar="JSON", help="agent definitions, as the engine's --agents"),
    Option(flag="--plugin-dir", action=APPEND, default=(), metavar="DIR", help="a plugin folder"),
    Option(
        flag="--env",
        action=APPEND,
        default=(),
        metavar="K=V",
        help="an environment variable, over the process's own (e.g. CLAUDE_CODE_DISABLE_CLAUDE_MDS=1)",
    ),
    Option(flag="--managed-dir", help="the managed policy folder (default: the platform's)"),
    Option(
        flag="--platform",
        choices=("linux", "macos", "windows"),
        help="read this disk with that platform's rules: its managed folder, and case ignored on macOS "
        "and Windows (default: the running one)",
    ),
    Option(
        flag="--approve-external-imports",
        action=SWITCH,
        help="load @imports that leave the working directory (never implied)",
    ),
    Option(
        flag="--outside-links",
        choices=("follow", "refuse"),
        default="follow",
        help="an instruction file linked to a target outside the repository: follow: read it, as the "
        "engine does, and say so; refuse: leave it out (the safe choice for an untrusted clone)",
    ),
    Option(flag="--no-plugin", action=APPEND, default=(), metavar="NAME", help="turn a plugin off (e.g. agents-md)"),
    Option(
        flag="--profile",
        choices=("reference", "complete"),
        default="reference",
        help="reference: byte-identical to Claude Code; complete: AGENTS.md treated exactly like CLAUDE.md",
    ),
)


def add_session_arguments(parser: argparse.ArgumentParser) -> None:
    add_options(parser.add_argument_group("session inputs"), SESSION_OPTIONS)


def engine_args(args: Arguments) -> EngineArgs:
    """The engine's arguments, as the flags give them."""
    from agents_md.engine.args import EngineArgs, setting_sources

    return EngineArgs(
        settings=args.settings,
        setting_sources=setting_sources(args.setting_sources) if args.setting_sources is not None else None,
        add_dirs=tuple(args.add_dir),
        bare=args.bare,
        safe_mode=args.safe_mode,
        agents_json=args.agents,
        plugin_dirs=tuple(args.plugin_dir),
    )


def env_from(args: Arguments) -> dict[str, str]:
    """The process environment (the engine reads its switches there), with ``--env`` on top."""
    env = dict(os.environ)
    for item in args.env:
        if "=" not in item:
            raise UsageError(f"--env {item!r}: expected K=V")
        key, value = item.split("=", 1)
        env[key] = value
    return env


def home_from(args: Arguments, cwd: str | None = None) -> str:
    """``--home``, else the home the plugin reads: ``HOME``, or ``USERPROFILE`` first for a working
    directory spelled the Windows way (``engine.platform``)."""
    if args.home:
        return str(args.home)
    from agents_md.engine.platform import home_for

    return home_for(env_from(args), cwd or os.getcwd(), fallback=os.path.expanduser("~"))


def session_from(args: Arguments, cwd: str) -> Session:
    from agents_md.host.session import Session

    if not os.path.isdir(cwd):
        raise AgentsMdError(f"{cwd}: not a directory")
    return Session(
        cwd=cwd,
        home=home_from(args, cwd),
        env=env_from(args),
        args=engine_args(args),
        managed_dir=args.managed_dir,
        approve_external_imports=args.approve_external_imports,
        outside_links=args.outside_links,
        disabled_plugins=args.no_plugin,
        profile=args.profile,
        platform=args.platform,
    )


def offered_agent(session: Session, agent: str | None) -> str | None:
    """``--agent``'s value, which must be a type the session offers (a usage error listing them)."""
    if agent is None:
        return None
    found = session.offered_type(agent)  # as the engine starts an Agent call's type, case aside
    if found is not None:
        return found
    from agents_md.host.report import offered_agent_types

    offered = offered_agent_types(session)
    near = [t for t in offered if t.lower() == agent.lower()]
    hint = f" (it could be any of {', '.join(near)})" if near else ""
    raise UsageError(f"--agent {agent}: no such agent type{hint}; offered: {', '.join(offered)}")
