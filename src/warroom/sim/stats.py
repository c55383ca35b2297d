"""Small statistics for simulation summaries (standard library only)."""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

Z95 = 1.959963984540054  # two-sided 95% quantile of the standard normal


@dataclass(frozen=True, slots=True)
class Proportion:
    """A count out of a total, with its Wilson score interval."""

    count: int
    total: int
    low: float
    high: float

    @property
    def rate(self) -> float:
        return self.count / self.total if self.total else 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "count": self.count,
            "rate": round(self.rate, 6),
            "low": round(self.low, 6),
            "high": round(self.high, 6),
        }


def wilson(count: int, total: int, z: float = Z95) -> Proportion:
    """The Wilson score interval for ``count`` successes in ``total`` trials.

    Chosen over the plain normal interval because it stays inside [0, 1] and is
    sensible for rates near 0 or 1 and for small samples, both common here (a
    strong bot against the random one wins nearly every game).
    """
    if count < 0 or total < 0 or count > total:
        raise ValueError(f"bad proportion {count}/{total}")
    if total == 0:
        return Proportion(0, 0, 0.0, 1.0)
    p = count / total
    z2 = z * z
    denom = 1.0 + z2 / total
    centre = (p + z2 / (2 * total)) / denom
    half = z * math.sqrt(p * (1 - p) / total + z2 / (4 * total * total)) / denom
    return Proportion(count, total, max(0.0, centre - half), min(1.0, centre + half))


def numeric_means(rows: Iterable[Mapping[str, Any]]) -> dict[str, float]:
    """Mean of every score that is a plain number in every row that has it.

    Lists, strings and booleans are skipped: they are labels or per-seat
    breakdowns, not quantities whose mean says something on its own.
    """
    sums: dict[str, float] = {}
    counts: dict[str, int] = {}
    for row in rows:
        for key, value in row.items():
            if isinstance(value, bool) or not isinstance(value, int | float):
                continue
            sums[key] = sums.get(key, 0.0) + value
            counts[key] = counts.get(key, 0) + 1
    return {k: sums[k] / counts[k] for k in sorted(sums)}


def mean(values: Iterable[float]) -> float:
    """The arithmetic mean; 0.0 for no values (an empty run has nothing to average)."""
    total = 0.0
    n = 0
    for v in values:
        total += v
        n += 1
    return total / n if n else 0.0


def median(values: list[float]) -> float:
    """The median of a non-empty list."""
    if not values:
        raise ValueError("median of nothing")
    ordered = sorted(values)
    mid = len(ordered) // 2
    if len(ordered) % 2:
        return ordered[mid]
    return (ordered[mid - 1] + ordered[mid]) / 2
