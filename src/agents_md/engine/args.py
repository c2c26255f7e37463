"""The engine's own command-line flags that shape what it loads.

Only the flags that matter to instruction files and agents are read; any other flag is
skipped (with its value, for the ones known to take one) so a real ``claude`` command line
can be passed as it is.
"""

from __future__ import annotations

from agents_md._util.std import Sequence, lru_cache
from agents_md._value import Value
from agents_md.errors import UsageError

# Flags that take one value, or (for the variadic ones) values up to the next flag.
_VARIADIC = {
    "--add-dir",
    "--plugin-dir",
    "--allowedTools",
    "--allowed-tools",
    "--disallowedTools",
    "--disallowed-tools",
    "--mcp-config",
    "--betas",
    "--tools",
}
_ONE_VALUE = {
    "--settings",
    "--setting-sources",
    "--agents",
    "--agent",
    "--model",
    "--output-format",
    "--input-format",
    "--permission-mode",
    "--append-system-prompt",
    "--system-prompt",
    "--max-turns",
    "--session-id",
    "--resume",
    "-r",
    "--fallback-model",
    "--debug-file",
    "--permission-prompt-tool",
    "--effort",
    "--max-budget-usd",
    "--name",
}


class EngineArgs(Value):
    settings: str | None = None  # --settings FILE|JSON
    setting_sources: tuple[str, ...] | None = None  # --setting-sources user,project,local
    add_dirs: tuple[str, ...] = ()
    bare: bool = False
    safe_mode: bool = False
    agents_json: str | None = None
    agent: str | None = None  # --agent TYPE: the main thread runs as that agent
    plugin_dirs: tuple[str, ...] = ()
    tools: tuple[str, ...] | None = None  # --tools: the built-in tools kept (``engine.tools``)
    disallowed_tools: tuple[str, ...] = ()  # --disallowedTools, as given
    allowed_tools: tuple[str, ...] = ()  # --allowedTools, as given (``engine.permissions``)
    permission_mode: str | None = None  # --permission-mode; bypassPermissions for --dangerously-skip-permissions


def setting_sources(text: str) -> tuple[str, ...]:
    """``--setting-sources user,project``: the names, in order, each trimmed; ``""`` names none,
    a blank name elsewhere (``user,``, `` ``) is one the engine refuses (``engine.settings``)."""
    return () if text == "" else tuple(s.strip() for s in text.split(","))


def _split_value(token: str) -> tuple[str, str | None]:
    if token.startswith("--") and "=" in token:
        name, value = token.split("=", 1)
        return name, value
    return token, None


def parse_engine_args(argv: Sequence[str]) -> EngineArgs:
    return _parse(argv) if argv else _no_args()


@lru_cache(maxsize=1)
def _no_args() -> EngineArgs:
    # What no argument at all gives, made once: most sessions pass none.
    return _parse(())


def _parse(argv: Sequence[str]) -> EngineArgs:
    settings: str | None = None
    sources: tuple[str, ...] | None = None
    add_dirs: list[str] = []
    plugin_dirs: list[str] = []
    bare = safe = False
    agents_json: str | None = None
    agent: str | None = None
    tools: list[str] | None = None
    disallowed: list[str] = []
    allowed: list[str] = []
    mode: str | None = None
    i = 0
    argv = list(argv)
    while i < len(argv):
        name, inline = _split_value(argv[i])
        i += 1
        if name in _VARIADIC:
            values = [inline] if inline is not None else []
            while inline is None and i < len(argv) and not argv[i].startswith("-"):
                values.append(argv[i])
                i += 1
            if not values:
                raise UsageError(f"{name} needs a value")
            if name == "--add-dir":
                add_dirs.extend(values)
            elif name == "--plugin-dir":
                plugin_dirs.extend(values)
            elif name == "--tools":
                tools = [*(tools or []), *values]
            elif name in ("--disallowedTools", "--disallowed-tools"):
                disallowed.extend(values)
            elif name in ("--allowedTools", "--allowed-tools"):
                allowed.extend(values)
            continue
        if name in _ONE_VALUE:
            if inline is None:
                if i >= len(argv):
                    raise UsageError(f"{name} needs a value")
                inline = argv[i]
                i += 1
            if name == "--settings":
                settings = inline
            elif name == "--setting-sources":
                sources = setting_sources(inline)
            elif name == "--agents":
                agents_json = inline
            elif name == "--agent":
                agent = inline
            elif name == "--permission-mode":
                mode = inline
            continue
        if name == "--bare":
            bare = True
        elif name == "--safe-mode":
            safe = True
        elif name == "--dangerously-skip-permissions":
            mode = "bypassPermissions"
    return EngineArgs(
        settings=settings,
        setting_sources=sources,
        add_dirs=tuple(add_dirs),
        bare=bare,
        safe_mode=safe,
        agents_json=agents_json,
        agent=agent,
        plugin_dirs=tuple(plugin_dirs),
        tools=None if tools is None else tuple(tools),
        disallowed_tools=tuple(disallowed),
        allowed_tools=tuple(allowed),
        permission_mode=mode,
    )
