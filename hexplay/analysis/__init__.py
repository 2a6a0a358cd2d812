"""Analysis at scale, for any registered game: batch games, parameter sweeps on Dask, win
probability, statistics.

Every entry point takes the game by its registered name (``game=``, required); its analysis
description (:class:`AnalysisSpec`, :func:`spec_of`) gives the parameter prefixes, outcome
columns, default players and the side whose P(win) is reported.

* :func:`run_batch` — N full games at one point, one row per game (seeds recorded).
* :func:`run_sweep` / :func:`sweep` — many points on a Dask cluster, progress bar, checkpoints.
* :func:`expand_grid`, :func:`sample_points`, :func:`split_point` — sweep points.
* :func:`summarize`, :func:`wilson_interval` — P(win) with Wilson score intervals per point.
* :func:`win_probability` — Monte Carlo of the rest of a game in progress.
* :class:`GameRunner` — one game of any registered game with its registry players (a game's
  analysis description may name a faster runner of its own).

pandas is needed for tables, ``dask[distributed]`` for sweeps and ``tqdm`` for progress bars
(extra ``hexplay[analysis]``).
"""

from __future__ import annotations

from typing import Any

from .batch import game_seeds, resolve_runner, run_batch, run_games
from .games import AnalysisSpec, GameRunner, spec_of
from .grid import (
    IntRange,
    Uniform,
    expand_grid,
    join_point,
    parse_values,
    sample_points,
    split_point,
)
from .stats import summarize, wilson_interval, wilson_intervals
from .sweep import local_client, run_sweep, sweep

__all__ = [
    "AnalysisSpec",
    "GameRunner",
    "IntRange",
    "Uniform",
    "expand_grid",
    "game_seeds",
    "join_point",
    "local_client",
    "parse_values",
    "resolve_runner",
    "run_batch",
    "run_games",
    "run_sweep",
    "sample_points",
    "spec_of",
    "split_point",
    "summarize",
    "sweep",
    "win_probability",
    "wilson_interval",
    "wilson_intervals",
]

_LAZY = {"win_probability": ".winprob"}


def __getattr__(name: str) -> Any:
    """Engine-dependent names load on first use (the statistics need no game engine)."""
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(_LAZY[name], __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
