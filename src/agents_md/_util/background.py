"""A computation run in a thread while its caller goes on: for work that mostly waits on another
process (git), so that the waiting overlaps the caller's own work.

``Background(compute)`` starts it at once; ``result()`` waits for it and returns what it returned,
or raises what it raised; ``wait()`` only lets it end (for a caller leaving early, so that no
thread outlives it).
"""

from __future__ import annotations

import threading
from typing import Generic, TypeVar

from agents_md._util.std import Callable

T = TypeVar("T")


class Background(Generic[T]):
    def __init__(self, compute: Callable[[], T], *, name: str) -> None:
        self._value: list[T] = []
        self._error: BaseException | None = None
        self._thread = threading.Thread(target=self._run, args=(compute,), name=name, daemon=True)
        self._thread.start()

    def _run(self, compute: Callable[[], T]) -> None:
        try:
            self._value.append(compute())
        except BaseException as exc:  # handed to whoever asks for the result
            self._error = exc

    def result(self) -> T:
        self._thread.join()
        if self._error is not None:
            raise self._error
        return self._value[0]

    def wait(self) -> None:
        self._thread.join()
