"""What the engine's tests share beyond the tree builder."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from agents_md.engine import shared_lookups, start, start_memory
from agents_md.engine.fs import ListingFS
from agents_md.engine.shared_listings import SHARED
from agents_md.engine.start import StartContext
from agents_md.host import session as host_session


@pytest.fixture
def resolutions(monkeypatch: pytest.MonkeyPatch) -> Callable[[type[ListingFS]], list[str]]:
    """``resolutions(kind)``: from then on, each path a view of ``kind`` resolves again (``resolve``,
    what a remembered lookup asks of a link it cannot vouch for), in order."""

    def count(kind: type[ListingFS]) -> list[str]:
        resolved: list[str] = []
        real = kind.resolve

        def counted(self: ListingFS, path: str) -> str:
            resolved.append(path)
            return real(self, path)

        monkeypatch.setattr(kind, "resolve", counted)
        return resolved

    return count


@pytest.fixture
def starts_remembered(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Memories engaged from the first start, the start memory with them, emptied before and
    after; changes bump the times they touch (``trees.Clock``) instead of waiting out the racy window."""
    SHARED.clear()
    shared_lookups.clear()
    monkeypatch.setattr(start, "_STARTS", [1])
    monkeypatch.setattr(SHARED, "racy_ns", 0)
    for memory in (shared_lookups.CWDS, shared_lookups.SETTINGS, shared_lookups.WALKS, shared_lookups.FILES):
        monkeypatch.setattr(memory, "racy_ns", 0)
    monkeypatch.setattr(start_memory.STARTS, "racy_ns", 0)
    yield
    SHARED.clear()
    shared_lookups.clear()


@pytest.fixture
def computed(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The cwds whose start a session computed (not given again)."""
    ran: list[str] = []
    real = host_session.compute_start

    def counting(inputs: Any, *args: Any, **kwargs: Any) -> StartContext:
        ran.append(inputs.cwd)
        return real(inputs, *args, **kwargs)

    monkeypatch.setattr(host_session, "compute_start", counting)
    return ran
