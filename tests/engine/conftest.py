"""What the engine's tests share beyond the tree builder."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from agents_md.engine.fs import ListingFS


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
