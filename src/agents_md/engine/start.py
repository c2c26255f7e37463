"""One session of the engine: its inputs, the start context, and what each agent receives.

The start context is computed once per load (``start()``): settings, the walk, then
``session.start`` and ``prompt.context`` on the hook bus, then the block. Subagents get the
parent's start context as it was computed (files frozen at start): byte-identical for most
agents, managed files only for an agent with ``omitClaudeMd``, nothing at all for the
built-in ``Explore`` and ``Plan``.
"""

from __future__ import annotations

import os

from agents_md._model import ImportEdge, InstructionFile, Kind, Notice, Record, SkippedFile
from agents_md._util.env import config_dir, env_truthy
from agents_md._util.std import Mapping, MappingProxyType
from agents_md._value import Value, field
from agents_md.engine import platform as platforms
from agents_md.engine.args import EngineArgs, parse_engine_args
from agents_md.engine.bus import BusTelemetry, HookBus
from agents_md.engine.checkout import Checkout, find_checkout
from agents_md.engine.fs import DEFAULT_FS, CaseFoldingFS, FileSystem, ListingFS
from agents_md.engine.hook_session import HookSession, Journal, Lookups
from agents_md.engine.loader import FOLLOW, OUTSIDE_LINKS, REFUSE, LoadScope
from agents_md.engine.memory import DISABLE_ENV as MEMORY_OFF_ENV
from agents_md.engine.settings import Settings, load_settings
from agents_md.engine.walk import ADD_DIR_ENV, Walk, WalkResult

TYPE_CHECKING = False  # typing's constant, without importing typing at run time (``_value``)
if TYPE_CHECKING:
    from typing_extensions import Unpack

    from agents_md.engine.lookup_memory import LookupMemory
    from agents_md.engine.options import SessionOptions

DISABLE_ENV = "CLAUDE_CODE_DISABLE_CLAUDE_MDS"
SIMPLE_ENV = "CLAUDE_CODE_SIMPLE"  # what --bare sets
PROFILES = ("reference", "complete")

# Built-in agent types that start with no instruction text at all, managed files included.
NO_INSTRUCTIONS_AGENTS = frozenset({"Explore", "Plan"})
FORK = "fork"


class StartContext(Value):
    """What the engine computed at session start."""

    files: tuple[InstructionFile, ...]  # after prompt.context
    engine_files: tuple[InstructionFile, ...]  # before prompt.context
    skipped: tuple[SkippedFile, ...]
    conditional_rules: tuple[tuple[InstructionFile, tuple[str, ...]], ...]
    notices: tuple[Notice, ...]
    warnings: tuple[str, ...]
    settings: Settings
    instruction_files_enabled: bool
    disabled_by: str | None = None
    imports: tuple[ImportEdge, ...] = ()  # every import the walk and the plugins' lookups met
    shadowed: frozenset[str] = frozenset()  # folders on the path whose project files do not load
    records: tuple[Record, ...] = ()  # what the plugins decided, as data

    @property
    def claude_md(self) -> str | None:
        from agents_md.engine import render  # a hook answering a Read renders no start block

        return render.start_block(self.files)

    def for_agent(self, agent_type: str | None, *, omit_claude_md: bool = False) -> str | None:
        """The block an agent of this type starts with."""
        if agent_type in NO_INSTRUCTIONS_AGENTS:
            return None
        if omit_claude_md:
            from agents_md.engine import render

            return render.start_block([f for f in self.files if f.kind is Kind.MANAGED])
        return self.claude_md


class SessionInputs(Value):
    """Everything a session's answers depend on, normalised (``build``); a new cwd is new inputs."""

    cwd: str
    home: str
    # The caller's environment, read-only and live: the engine reads its switches when it
    # consults them (the attachments switches on every Read), so a change is seen.
    env: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    args: EngineArgs = field(default_factory=EngineArgs)
    managed_dir: str = field(default_factory=platforms.managed_dir)
    platform: str = field(default_factory=platforms.running)  # linux, macos, windows (``engine.platform``)
    approve_external_imports: bool = False
    outside_links: str = "follow"  # or "refuse": a link leaving the repository is not read
    interactive: bool = False
    profile: str = "reference"  # or "complete": AGENTS.md treated exactly like CLAUDE.md
    fs: FileSystem = DEFAULT_FS

    @classmethod
    def build(cls, *, cwd: str, home: str, **options: Unpack[SessionOptions]) -> SessionInputs:
        return cls.resolve(cwd=cwd, home=home, **options)[0]

    @classmethod
    def resolve(
        cls,
        *,
        cwd: str,
        home: str,
        listings: ListingFS | None = None,
        real_cwd: str | None = None,
        **options: Unpack[SessionOptions],
    ) -> tuple[SessionInputs, ListingFS]:
        """``build``, and the listings the cwd was resolved through: a session's first start
        reads them again instead of listing the same folders twice. ``listings``: the round's
        view to resolve through (of the same filesystem); ``real_cwd``: the cwd resolved already
        (a start given again, ``engine.start_memory``)."""
        profile = options.get("profile", "reference")
        if profile not in PROFILES:
            raise ValueError(f"profile must be {PROFILES[0]!r} or {PROFILES[1]!r}, not {profile!r}")
        args = options.get("args", ())
        env = options.get("env")
        platform = platforms.checked(options.get("platform"))
        fs = options.get("fs") or DEFAULT_FS
        outside_links = options.get("outside_links", FOLLOW)
        if outside_links not in OUTSIDE_LINKS:
            raise ValueError(f"outside_links must be {FOLLOW!r} or {REFUSE!r}, not {outside_links!r}")
        if platforms.folds_case(platform) and not fs.folds_case:
            fs = CaseFoldingFS(fs)  # this disk keeps case; the platform's would not
        if listings is None or listings.base is not fs:
            listings = ListingFS(fs)
        if real_cwd is None:
            spelled = cwd if os.path.isabs(cwd) else os.path.join(os.getcwd(), cwd)
            try:
                real_cwd = _real_cwd(listings, spelled)
            except OSError:
                # A disk failing here fails the start that follows, which says so (``engine.faults``).
                real_cwd = os.path.realpath(spelled)
        inputs = cls(
            cwd=real_cwd,
            home=os.path.abspath(home),
            env=MappingProxyType(env if env is not None else {}),
            args=args if isinstance(args, EngineArgs) else parse_engine_args(args),
            managed_dir=options.get("managed_dir") or platforms.managed_dir(platform),
            platform=platform,
            approve_external_imports=options.get("approve_external_imports", False),
            outside_links=outside_links,
            interactive=options.get("interactive", False),
            profile=profile,
            fs=fs,
        )
        return inputs, listings

    def with_env(self, overlay: Mapping[str, str]) -> SessionInputs:
        """The same inputs with the settings' ``env`` laid over the caller's (``Settings.env``): it
        wins, and the caller's stays live below it."""
        from dataclasses import replace  # here alone: ``dataclasses`` costs every start (``_value``)

        from agents_md._util.env import Overlaid

        return replace(self, env=Overlaid(overlay, self.env))

    def moved_to(self, directory: str) -> SessionInputs:
        """The same inputs with the root moved (``/cd``): ``directory`` is resolved against the cwd."""

        from dataclasses import replace  # here alone: ``dataclasses`` costs every start (``_value``)

        return replace(self, cwd=os.path.realpath(os.path.join(self.cwd, directory)))


def disabled_reason(inputs: SessionInputs) -> str | None:
    """Why no instruction file loads at all in this session, or ``None``."""
    if inputs.args.bare:
        return "--bare"
    if inputs.args.safe_mode:
        return "--safe-mode"
    if env_truthy(inputs.env, DISABLE_ENV):
        return f"{DISABLE_ENV}=1"
    if env_truthy(inputs.env, SIMPLE_ENV):
        return f"{SIMPLE_ENV}=1 (as --bare)"
    return None


def offers_agents(inputs: SessionInputs) -> bool:
    """Whether the session has the Agent tool: not under ``--bare``/``CLAUDE_CODE_SIMPLE``, nor when
    the main thread runs as an agent type that cannot start agents (``--agent Explore``)."""
    simple = inputs.args.bare or env_truthy(inputs.env, SIMPLE_ENV)
    return not simple and inputs.args.agent not in NO_INSTRUCTIONS_AGENTS


# How many starts this process has made: the lookups of a start are remembered from the second
# on (``engine.shared_lookups``), so a process that starts once pays nothing for it.
_STARTS = [0]


def remembering() -> bool:
    """Whether this process has started before: its later starts keep and reuse their lookups."""
    return _STARTS[0] > 0


def _remembered(fs: FileSystem) -> bool:
    """Whether a start reading through ``fs`` keeps and reuses its lookups (``shared_lookups``)."""
    return _STARTS[0] > 0 and isinstance(fs, ListingFS) and fs.shares_listings


def _real_cwd(fs: ListingFS, spelled: str) -> str:
    """The cwd with its links resolved; remembered by the process while the disk holds."""
    if not _remembered(fs):
        return fs.realpath(spelled)
    from agents_md.engine.shared_lookups import CWDS

    real = CWDS.answer(spelled, lambda: fs.realpath(spelled), fs)
    fs.resolved_folder(real)  # what the plugins' dedup asks again of the files on the path
    return real


def session_settings(inputs: SessionInputs, fs: FileSystem | None = None) -> Settings:
    """The settings layers as the session's inputs select them."""
    fs = fs or inputs.fs
    args = inputs.args

    config = config_dir(inputs.home, inputs.env, inputs.cwd)

    def load() -> Settings:
        return load_settings(
            fs=fs,
            cwd=inputs.cwd,
            home=inputs.home,
            managed_dir=inputs.managed_dir,
            flag_settings=args.settings,
            setting_sources=args.setting_sources,
            config=config,
        )

    if not _remembered(fs):
        return load()
    from agents_md.engine.shared_lookups import SETTINGS

    sources = None if args.setting_sources is None else tuple(args.setting_sources)
    key = (inputs.cwd, inputs.home, inputs.managed_dir, args.settings, sources, config)
    return SETTINGS.answer(key, load, fs)  # type: ignore[arg-type]  # a ListingFS (``_remembered``)


def hook_session(
    inputs: SessionInputs,
    fs: FileSystem,
    settings: Settings,
    bus: HookBus,
    builtin_names: frozenset[str],
    *,
    enabled: bool,
    journal: Journal,
    reason: str = "start",
    shadowed: frozenset[str] = frozenset(),
    repo: str | None = None,
    remember: bool = False,
    remember_reads: bool = True,
) -> HookSession:
    """The session as the hooks see it; what they write goes to ``journal``. ``remember``: a
    start's, whose plugins' lookups the process remembers (``shared_lookups``); ``remember_reads``:
    a session's Reads', each remembered for the next (``Lookups``)."""
    memory: LookupMemory | None = None
    key: tuple[object, ...] = ()
    if remember:
        from agents_md.engine.shared_lookups import FILES, Same

        memory = FILES
        key = (inputs.home, inputs.cwd, Same(settings), inputs.approve_external_imports, inputs.outside_links, repo)
    return HookSession(
        cwd=inputs.cwd,
        root=inputs.cwd,
        home=inputs.home,
        env=inputs.env,
        settings=settings,
        instruction_files_enabled=enabled,
        interactive=inputs.interactive,
        telemetry=BusTelemetry(bus, journal.failures.extend),
        profile=inputs.profile,
        context_reason=reason,
        shadowed=shadowed,
        add_dirs=tuple(os.path.normpath(os.path.join(inputs.cwd, d)) for d in inputs.args.add_dirs)
        if env_truthy(inputs.env, ADD_DIR_ENV)
        else (),
        lookups=Lookups(
            scope=LoadScope.of(
                fs=fs,
                home=inputs.home,
                cwd=inputs.cwd,
                settings=settings,
                approve_external=inputs.approve_external_imports,
                outside_links=inputs.outside_links,
                repo=repo,
            ),
            plugin_key=lambda name: f"{name}@builtin" if name in builtin_names else name,
            journal=journal,
            memory=memory,
            key=key,
            remember_reads=remember_reads,
        ),
    )


def _walked(inputs: SessionInputs, fs: ListingFS, settings: Settings, *, remember: bool) -> tuple[Checkout, WalkResult]:
    """The checkout the cwd is in (found once: the walk and the plugins' lookups share it) and
    the engine's walk; remembered by the process while the disk holds (``shared_lookups``)."""

    def walk() -> tuple[Checkout, WalkResult]:
        checkout = find_checkout(fs, inputs.cwd)
        return checkout, Walk(
            fs=fs,
            cwd=inputs.cwd,
            home=inputs.home,
            managed_dir=inputs.managed_dir,
            settings=settings,
            add_dirs=inputs.args.add_dirs,
            env=inputs.env,
            approve_external=inputs.approve_external_imports,
            outside_links=inputs.outside_links,
            checkout=checkout,
        ).run()

    if not remember:
        return walk()
    from agents_md.engine.shared_lookups import WALKS, Same

    env = inputs.env
    key = (
        inputs.cwd,
        inputs.home,
        inputs.managed_dir,
        Same(settings),
        tuple(inputs.args.add_dirs),
        env_truthy(env, ADD_DIR_ENV),  # the switches the walk reads (``walk``, ``memory``)
        env_truthy(env, MEMORY_OFF_ENV),
        config_dir(inputs.home, env, inputs.cwd),  # the user's files and the memory (``walk``)
        inputs.approve_external_imports,
        inputs.outside_links,
    )
    return WALKS.answer(key, walk, fs)


def compute_start(
    inputs: SessionInputs,
    bus: HookBus,
    *,
    builtin_names: frozenset[str] = frozenset(),
    fire_session_start: bool = True,
    settings: Settings | None = None,
    reason: str = "start",
    listings: ListingFS | None = None,
    failed: list[Notice] | None = None,
) -> StartContext:
    """Settings, the walk, ``session.start`` (once per load), ``prompt.context``; ``reason`` tells
    the hooks why a context is built (start, compact, clear, cd). ``listings``: what the session's
    inputs were resolved through, when this start follows them at once; ``failed``: where the
    hooks that failed are told besides the start's notices."""
    fs = listings or ListingFS(inputs.fs)  # one listing per directory for the whole start
    remember = _remembered(fs)
    repo: str | None = None  # the checkout the walk found, for the plugins' lookups (else found on their first)
    if settings is None:
        settings = session_settings(inputs, fs)
    disabled = disabled_reason(inputs)
    engine_files: tuple[InstructionFile, ...] = ()
    skipped: tuple[SkippedFile, ...] = ()
    imports: tuple[ImportEdge, ...] = ()
    conditional: tuple[tuple[InstructionFile, tuple[str, ...]], ...] = ()
    shadowed: frozenset[str] = frozenset()
    warnings: tuple[str, ...] = tuple(settings.problems)
    walk_failed = False
    if disabled is None:
        try:
            checkout, result = _walked(inputs, fs, settings, remember=remember)
            repo = checkout.root or inputs.cwd
        except OSError as exc:  # a failing query fails the whole start (``engine.faults``)
            from agents_md.engine.faults import NO_START, failed_gather  # loaded only when a disk fails

            walk_failed = True
            warnings += (*fs.errors, failed_gather(exc, NO_START))
        else:
            engine_files, skipped, conditional = result.files, result.skipped, result.conditional_rules
            imports, shadowed = result.imports, result.shadowed
            warnings += result.warnings + tuple(fs.errors)
    journal = Journal()
    session = hook_session(
        inputs,
        fs,
        settings,
        bus,
        builtin_names,
        enabled=disabled is None,
        journal=journal,
        reason=reason,
        shadowed=shadowed,
        repo=repo,
        remember=remember,
    )
    failures = journal.failures  # hooks that failed during this start, in order (telemetry's among them)
    if fire_session_start:
        failures.extend(bus.notify("session.start", session=session))
    files: tuple[InstructionFile, ...] = ()
    if not walk_failed:
        chained = bus.chain("prompt.context", engine_files, session=session)
        failures.extend(chained.failures)
        files = chained.files if disabled is None else ()  # nothing reaches the model, whatever a hook answered
    _STARTS[0] += 1
    if failed is not None:
        failed.extend(failures)
    # What the plugins' own lookups left out, once each.
    by_key = {(sk.path, sk.reason): sk for sk in (*skipped, *journal.skipped)}
    return StartContext(
        files=files,
        engine_files=engine_files,
        skipped=tuple(by_key.values()),
        conditional_rules=conditional,
        notices=(*journal.notices, *failures),
        warnings=warnings + tuple(w for w in dict.fromkeys(journal.warnings) if w not in warnings),
        settings=settings,
        instruction_files_enabled=disabled is None,
        disabled_by=disabled,
        imports=imports + tuple(journal.imports),
        records=tuple(journal.records),
        shadowed=shadowed,
    )
