"""What the Markdown lexer read of texts, kept by a host between its processes.

The lexer reads a text's ``@`` imports (``imports.import_sites``) and its HTML comments
(``content.strip_html_comments``); both are functions of the text alone. A process that needs
the lexer imports ``re`` and compiles its patterns: most of the work of a host that answers each
event in a process of its own (the Claude Code hook), however small the text.

1. Such a host hands back what its earlier processes read (``remember``): rows of
   ``(kind, text, answer)``, as ``noted`` gave them; reading them back, it keeps those of their
   kind's shape (``valid``).
2. ``kept_sites(text)`` and ``kept_stripped(text)`` are the answers remembered for ``text``,
   else ``None``; ``note`` keeps an answer read in this process, for ``noted``.
3. ``forget`` ends it. Without a host (``remember`` never called), nothing is kept or noted.
   All of it is the calling thread's: a program may answer sessions in threads of one process,
   and one session's texts are neither handed to nor kept for another.

The answers are plain values (JSON's), so the host keeps them as they are: ``SITES``, the
import sites as ``(path, line, column)`` rows; ``STRIPPED``, the text without its comments.
"""

from __future__ import annotations

from _thread import _local  # threading.local itself; importing threading would load it on every hook call

TYPE_CHECKING = False  # typing's constant, without importing typing at run time (``_value``)
if TYPE_CHECKING:
    from collections.abc import Iterable

SITES = "sites"
STRIPPED = "stripped"

Row = tuple[str, str, object]  # (kind, text, answer)


class _Reading(_local):
    """Steps 1-3's state, of the thread that ``remember``ed."""

    def __init__(self) -> None:
        self.kept: dict[tuple[str, str], object] | None = None
        self.noted: dict[tuple[str, str], object] = {}


_here = _Reading()


def _shaped(kind: object, answer: object) -> object | None:
    """``answer`` as a kept value of ``kind`` (rows as tuples), or ``None`` if not of its shape."""
    if kind == STRIPPED:
        return answer if isinstance(answer, str) else None
    if kind != SITES or not isinstance(answer, list | tuple):
        return None
    rows = []
    for row in answer:
        if not (isinstance(row, list | tuple) and len(row) == 3 and isinstance(row[0], str)):
            return None
        if type(row[1]) is not int or type(row[2]) is not int:
            return None
        rows.append((row[0], row[1], row[2]))
    return tuple(rows)


def valid(rows: object) -> tuple[Row, ...]:
    """Step 1's rows that have their kind's shape, the answers as ``kept`` gives them."""
    if not isinstance(rows, list | tuple):
        return ()
    out: list[Row] = []
    for row in rows:
        if isinstance(row, list | tuple) and len(row) == 3 and isinstance(row[1], str):
            answer = _shaped(row[0], row[2])
            if answer is not None:
                out.append((str(row[0]), row[1], answer))
    return tuple(out)


def remember(rows: Iterable[Row]) -> None:
    """Step 1, with rows as ``valid`` (a host reading them back) or ``noted`` gives them."""
    _here.kept = {(kind, text): answer for kind, text, answer in rows}
    _here.noted = {}


def kept_sites(text: str) -> tuple[tuple[str, int, int], ...] | None:
    """Step 2: ``text``'s import sites as an earlier process read them."""
    kept = _here.kept
    found = None if kept is None else kept.get((SITES, text))
    return found  # type: ignore[return-value]  # of its shape (``valid``)


def kept_stripped(text: str) -> str | None:
    """Step 2: ``text`` without its comments, as an earlier process read it."""
    kept = _here.kept
    found = None if kept is None else kept.get((STRIPPED, text))
    return found  # type: ignore[return-value]  # of its shape (``valid``)


def note(kind: str, text: str, answer: object) -> None:
    """Step 2: an answer read in this process (kept only for a host that remembers)."""
    if _here.kept is not None:
        _here.noted[(kind, text)] = answer


def noted() -> tuple[Row, ...]:
    """What this process read since ``remember``, in order."""
    return tuple((kind, text, answer) for (kind, text), answer in _here.noted.items())


def forget() -> None:
    """Step 3."""
    _here.kept = None
    _here.noted = {}
