"""Measuring against a floor honestly: both run in this process, alternately, several rounds.

``compare(floor, ours, rounds)`` times one pass of each per round, the two in turn (which goes
first alternates, so neither always finds the caches the other warmed), and gives the medians
and the spread (lowest and highest) of the passes and of the per-round ratios.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Spread:
    median: float
    low: float
    high: float

    @classmethod
    def of(cls, values: list[float]) -> Spread:
        return cls(statistics.median(values), min(values), max(values))


@dataclass(frozen=True, slots=True)
class Comparison:
    floor: Spread  # seconds per pass
    ours: Spread
    ratio: Spread  # ours / floor, round by round

    def line(self, what: str, per: int, unit: str = "ms") -> str:
        """One line: per-item medians (``per`` items a pass), their spread, and the ratio."""
        scale = (1e3 if unit == "ms" else 1e6) / per
        f, o, r = self.floor, self.ours, self.ratio
        return (
            f"{what}: ours {o.median * scale:.3f} {unit} ({o.low * scale:.3f}-{o.high * scale:.3f}); "
            f"floor {f.median * scale:.3f} {unit} ({f.low * scale:.3f}-{f.high * scale:.3f}); "
            f"ratio {r.median:.2f}x ({r.low:.2f}-{r.high:.2f})"
        )


def _time(fn: Callable[[], object]) -> float:
    t = time.perf_counter()
    fn()
    return time.perf_counter() - t


def compare(floor: Callable[[], object], ours: Callable[[], object], rounds: int = 9) -> Comparison:
    floors: list[float] = []
    mine: list[float] = []
    for i in range(rounds):
        if i % 2:
            mine.append(_time(ours))
            floors.append(_time(floor))
        else:
            floors.append(_time(floor))
            mine.append(_time(ours))
    return Comparison(
        floor=Spread.of(floors),
        ours=Spread.of(mine),
        ratio=Spread.of([m / f for m, f in zip(mine, floors, strict=True)]),
    )
