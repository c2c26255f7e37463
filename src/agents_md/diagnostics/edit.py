"""A fix as data, carried by a diagnostic (``Diagnostic.edits``) and applied by ``check --fix``."""

from __future__ import annotations

from agents_md._value import Value


class Edit(Value):
    """A fix as data: what to change, and what must be there for the change to be the one meant.

    ``replace``: at ``line``/``column`` (1-based, in characters) of ``file`` the text ``old``
    becomes ``new``; ``create``: a new file holding ``new``; ``symlink``: a new link to ``new``;
    ``unlink``: remove the link ``file``, which points at ``old``. ``safe`` edits keep what the
    file means; the others (``--unsafe``) may change it.
    """

    kind: str
    file: str  # relative to the report's root
    new: str = ""
    old: str = ""
    line: int = 0
    column: int = 0
    safe: bool = True
