"""What a process remembers of its starts' lookups, from one session to the next.

A program that builds a session per agent turn starts many sessions in the same folders, and
each start reads the same settings, walks the same folders and looks up the same files. On
the real disk (``DEFAULT_FS``, whose listings a process keeps: ``shared_listings``) a process
keeps those lookups too (``lookup_memory``):

1. Four lookups are kept: the cwd with its links resolved (``CWDS``), a session's settings
   (``SETTINGS``), the engine's walk with the checkout it found (``WALKS``), and a plugin's
   files called some names in some folders (``FILES``, ``HookSession.files_in``). Each is
   keyed by every input it reads but the disk.
2. A later start asks the same lookup: the answer is given again while every folder it
   listed has the same listing (each folder's stamp asked once in that start) and every file
   it read has the same version; otherwise it runs again. The hooks still run on every start:
   only what the disk gave is remembered here, never a plugin's answer (a start given again
   whole, its plugins saying their state, is ``start_memory``'s).
3. Nothing is kept that a failing listing, or a file changed less than ``RACY_NS`` before,
   played a part in; a link followed is resolved again unless the listings it went through
   vouch for it (``lookup_memory``); and each memory is bounded (``most``).
4. A process that starts once (the command line, once per hook call) never pays for
   remembering: the memories are used from a process's second start on.
"""

from __future__ import annotations

from agents_md.engine.lookup_memory import LookupMemory
from agents_md.engine.shared_listings import RACY_NS

TYPE_CHECKING = False  # typing's constant, without importing typing at run time (``_value``)
if TYPE_CHECKING:
    from typing import Protocol

    class Forgets(Protocol):
        def clear(self) -> None: ...


CWDS = LookupMemory(most=1024, racy_ns=RACY_NS)
SETTINGS = LookupMemory(most=1024, racy_ns=RACY_NS)
WALKS = LookupMemory(most=1024, racy_ns=RACY_NS)
FILES = LookupMemory(most=4096, racy_ns=RACY_NS)
# The memories made of these (``start_memory.STARTS``, once loaded): forgotten with them.
MADE_OF_THEM: list[Forgets] = []


class Same:
    """A key part that is one object (a session's ``Settings``): equal only to itself. A kept
    key holds its object, so no other can take its identity while it is kept."""

    __slots__ = ("value",)

    def __init__(self, value: object) -> None:
        self.value = value

    def __hash__(self) -> int:
        return id(self.value)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Same) and other.value is self.value


def clear() -> None:
    """Forget every lookup, and every start made of them (``start_memory``; the listings are
    ``shared_listings.SHARED``'s to forget)."""
    for memory in (CWDS, SETTINGS, WALKS, FILES, *MADE_OF_THEM):
        memory.clear()
