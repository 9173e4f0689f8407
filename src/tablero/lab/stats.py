"""Small statistics for the balance lab: Wilson score intervals and distribution summaries (no numpy)."""

from __future__ import annotations

import math
from collections.abc import Sequence

Z95 = 1.959963984540054  # the 97.5th percentile of the standard normal


def wilson(k: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for ``k`` successes in ``n`` trials (95% by default); (0, 1) when n == 0.

    Unlike the normal ("Wald") interval it stays inside [0, 1] and behaves at 0% and 100%, which matters
    for the per-card rows built from a handful of games.
    """
    if n <= 0:
        return (0.0, 1.0)
    if not 0 <= k <= n:
        raise ValueError(f"wilson: need 0 <= k <= n, got k={k}, n={n}")
    p = k / n
    z2 = z * z
    denom = 1.0 + z2 / n
    center = (p + z2 / (2 * n)) / denom
    half = z / denom * math.sqrt(p * (1.0 - p) / n + z2 / (4.0 * n * n))
    lo = 0.0 if k == 0 else max(0.0, center - half)  # exact at the ends (no rounding residue)
    hi = 1.0 if k == n else min(1.0, center + half)
    return (lo, hi)


def quantile(sorted_values: Sequence[float], q: float) -> float:
    """The ``q`` quantile of already sorted values, by linear interpolation (numpy's default)."""
    if not sorted_values:
        return 0.0
    pos = (len(sorted_values) - 1) * q
    lo = math.floor(pos)
    hi = min(lo + 1, len(sorted_values) - 1)
    frac = pos - lo
    return float(sorted_values[lo] + (sorted_values[hi] - sorted_values[lo]) * frac)


def summarize(values: Sequence[float]) -> dict[str, float]:
    """Mean, median, p10, p90, min and max of ``values`` (all 0 for no values)."""
    if not values:
        return {"mean": 0.0, "median": 0.0, "p10": 0.0, "p90": 0.0, "min": 0.0, "max": 0.0}
    s = sorted(values)
    return {"mean": sum(s) / len(s), "median": quantile(s, 0.5), "p10": quantile(s, 0.1),
            "p90": quantile(s, 0.9), "min": float(s[0]), "max": float(s[-1])}
