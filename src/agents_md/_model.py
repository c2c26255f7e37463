"""Frozen values that cross the library's boundaries: files, their provenance, notices."""

from __future__ import annotations

from agents_md._value import StrEnum, Value, field


class Kind(StrEnum):
    """Why the engine frames a file the way it does (the ``kind`` of ``prompt.context``)."""

    MANAGED = "managed"
    USER = "user"
    PROJECT = "project"
    LOCAL = "local"
    MEMORY = "memory"

    def __str__(self) -> str:
        return self.value


class Reason(StrEnum):
    """How a file came to be loaded."""

    WALK = "walk"  # found on the walk from the filesystem root to the cwd
    MANAGED = "managed"  # the organization's policy folder
    USER = "user"  # the person's ~/.claude folder
    IMPORT = "import"  # @-imported by ``Provenance.via``
    ADDED_DIR = "added-dir"  # an --add-dir directory
    PLUGIN = "plugin"  # added by the plugin named in ``Provenance.via``
    NESTED_READ = "nested-read"  # attached after a Read of ``Provenance.via``
    MEMORY = "memory"  # the engine's auto memory (MEMORY.md of the project)

    def __str__(self) -> str:
        return self.value


class Provenance(Value):
    reason: Reason
    via: str | None = None  # the importer, the plugin or the read file

    def describe(self) -> str:
        if self.via is None:
            return str(self.reason)
        joiner = {Reason.IMPORT: "import of", Reason.PLUGIN: "plugin", Reason.NESTED_READ: "read of"}
        return f"{joiner.get(self.reason, self.reason.value)} {self.via}"


class InstructionFile(Value):
    """One instruction file as ``prompt.context`` hands it to hooks.

    ``content`` is the processed text (front matter and HTML comments removed) and is *not*
    trimmed: the start block trims it when rendering, attachments keep it as it is.
    """

    path: str
    kind: Kind
    content: str
    parent: str | None = None
    provenance: Provenance = field(default_factory=lambda: Provenance(reason=Reason.WALK))
    size: int = 0  # bytes on disk


class SkipReason(StrEnum):
    EXCLUDED = "excluded"  # claudeMdExcludes
    EMPTY = "empty"  # nothing left after processing
    EXTERNAL_IMPORT = "external-import"  # an import outside the working directory, not approved
    MISSING_IMPORT = "missing-import"
    NOT_TEXT = "not-text"  # an import of a file the engine does not read as text
    DEPTH = "depth"  # past the import depth limit
    CONDITIONAL_RULE = "conditional-rule"  # a rule with paths: front matter
    UNREADABLE = "unreadable"
    OUTSIDE_LINK = "outside-link"  # a link inside the repository to a file outside it, refused
    DENIED = "denied"  # a Read permission rule refuses it (``permissions.deny``)

    def __str__(self) -> str:
        return self.value


class SkippedFile(Value):
    """A file the engine considered and left out, and why."""

    path: str
    kind: Kind
    reason: SkipReason
    via: str | None = None  # the importer, for imports
    detail: str = ""


class Notice(Value):
    """A line for the person (the engine's ``ui.log`` channel), naming who said it."""

    source: str
    text: str
    level: str = "info"  # "info" is shown to the person; "debug" only when asked for


class ImportOutcome(StrEnum):
    """What became of one ``@`` import."""

    LOADED = "loaded"
    MISSING = "missing"  # nothing (readable as a file) at the target
    EXTERNAL = "external"  # outside the working directory, not approved
    CYCLE = "cycle"  # the target is a file on the chain that imports it
    ALREADY = "already"  # loaded earlier in this pass (or given before), so not again
    DEPTH = "depth"  # past the import depth limit
    EXCLUDED = "excluded"  # claudeMdExcludes
    DENIED = "denied"  # a Read permission rule refuses it (``permissions.deny``)
    NOT_TEXT = "not-text"  # a name the engine does not read as text
    EMPTY = "empty"  # nothing left after processing
    UNREADABLE = "unreadable"

    def __str__(self) -> str:
        return self.value


class ImportEdge(Value):
    """One ``@`` import as the loader met it: who wrote it where, what it points at, what became of it."""

    importer: str  # the importing file, as it was loaded
    written: str  # the path as written after the "@" (fragment cut, "\\ " unescaped)
    target: str  # absolute, resolved against the importer's real folder (or the home)
    outcome: ImportOutcome
    line: int  # 1-based, in the importer's text
    column: int  # 1-based, of the "@"
    chain: tuple[str, ...] = ()  # for a cycle: the files from the target down to the importer


class Record(Value):
    """A decision a plugin made, kept as data: every view reads it instead of deciding again.

    ``value`` is a frozen value of the plugin's own; its face names the types.
    """

    source: str  # the plugin
    value: object
