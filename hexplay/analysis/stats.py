"""Statistics for batches and sweeps: Wilson score intervals and per-point summaries."""

from __future__ import annotations

from collections.abc import Sequence
from math import sqrt
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

Z95 = 1.959963984540054
"""Two-sided 95 % normal quantile, the default width of every interval."""


def wilson_interval(k: float, n: float, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for ``k`` successes in ``n`` trials (``(0, 1)`` when ``n == 0``)."""
    if n <= 0:
        return 0.0, 1.0
    p = k / n
    denom = 1.0 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    lo = 0.0 if k <= 0 else max(0.0, centre - half)
    hi = 1.0 if k >= n else min(1.0, centre + half)
    return lo, hi


def wilson_intervals(k, n, z: float = Z95) -> tuple[np.ndarray, np.ndarray]:
    """Vectorized :func:`wilson_interval` over arrays of counts."""
    k = np.asarray(k, dtype=float)
    n = np.asarray(n, dtype=float)
    safe = np.where(n > 0, n, 1.0)
    p = k / safe
    denom = 1.0 + z * z / safe
    centre = (p + z * z / (2 * safe)) / denom
    half = z * np.sqrt(p * (1 - p) / safe + z * z / (4 * safe * safe)) / denom
    lo = np.where((n > 0) & (k > 0), np.clip(centre - half, 0.0, 1.0), 0.0)
    hi = np.where((n > 0) & (k < n), np.clip(centre + half, 0.0, 1.0), 1.0)
    return lo, hi


def parameter_columns(games: pd.DataFrame) -> list[str]:
    """The sweep-parameter columns of a games table (``scenario.*``, ``<side>.*``)."""
    return [c for c in games.columns if "." in c]


def summarize(
    games: pd.DataFrame,
    by: Sequence[str] | None = None,
    z: float = Z95,
    winner: str | None = None,
    means: Sequence[str] | None = None,
    game: str | None = None,
) -> pd.DataFrame:
    """One row per parameter point: games, wins of ``winner``, P(win) with its Wilson interval
    (``p_<winner>_win``, ``ci_low``, ``ci_high``) and the mean of each outcome column (a
    :class:`~hexplay.analysis.results.SummaryTable`: a notebook shows it with a plot).

    ``by`` defaults to ``point`` plus the parameter columns (those with a dot in their name).
    ``winner`` and ``means`` default to those of ``game``'s analysis description; ``game``
    defaults to the table's ``attrs["game"]`` (set by :func:`~hexplay.analysis.run_batch` and
    :func:`~hexplay.analysis.run_sweep`). Without either, ``winner`` and ``means`` are needed.
    """
    import pandas as pd

    if winner is None or means is None:
        from .games import spec_of

        name = game or games.attrs.get("game")
        if not name:
            raise ValueError(
                "summarize: name the game (game=...), or give winner= and means=; the table's "
                "attrs name none"
            )
        spec = spec_of(name)
        winner = spec.win_side if winner is None else winner
        means = spec.means if means is None else means

    if by is None:
        by = (["point"] if "point" in games.columns else []) + parameter_columns(games)
    by = list(by)
    wins = (games["winner"] == winner).astype(float)
    frame = games.assign(_win=wins)
    means = [c for c in means if c in games.columns]
    if by:
        g = frame.groupby(by, sort=True, dropna=False)
        out = g.agg(games=("_win", "size"), wins=("_win", "sum"), **{c: (c, "mean") for c in means})
        out = out.reset_index()
    else:
        row = {"games": len(frame), "wins": float(wins.sum())}
        row.update({c: float(frame[c].mean()) for c in means})
        out = pd.DataFrame([row])
    out["wins"] = out["wins"].astype(int)
    lo, hi = wilson_intervals(out["wins"].to_numpy(), out["games"].to_numpy(), z)
    p = out["wins"] / out["games"].where(out["games"] > 0)
    pos = len(by) + 2
    out.insert(pos, f"p_{winner}_win", p.to_numpy())
    out.insert(pos + 1, "ci_low", lo)
    out.insert(pos + 2, "ci_high", hi)
    from .results import SummaryTable

    return SummaryTable(out)  # shows itself with a plot of P(win) per point
