"""Batches of full games: one row per game, seeds recorded, reproducible.

A *game runner* is any callable ``runner(scenario_params, tactics, seed, record=False) -> dict``
returning one row of outcome fields (``winner``, ``turns``, the game's own figures; no dots in
their names) and, when ``record`` is true, the full game record under ``"record"``. The default
is the runner of the game's analysis description (:mod:`hexplay.analysis.games`): its fast
runner if it names one, else a :class:`~hexplay.analysis.games.GameRunner` of its registry
players. A runner may also be given as a ``"module:function"`` string (resolved where it runs,
e.g. on a Dask worker). Every entry point names its game (``game=``, a registered name).

Game ``i`` of a batch with base seed ``s`` is played with seed ``s + i``: the same base seed gives
the same table.
"""

from __future__ import annotations

import gc
import importlib
import json
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from .grid import join_point, split_point

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

GameRunner = Callable[..., dict]


def resolve_runner(runner: GameRunner | str | None, game: str | None = None) -> GameRunner:
    """A callable from a callable, a ``"module:function"`` string, or None (the runner of
    ``game``'s analysis description: the game is then needed)."""
    if runner is None:
        if game is None:
            raise ValueError("no runner and no game: name the game (game=...) or a runner")
        runner = default_runner(game)
    if callable(runner):
        return runner
    mod, _, name = str(runner).partition(":")
    if not name:
        raise ValueError(f"runner {runner!r} must be 'module:function'")
    return getattr(importlib.import_module(mod), name)


def default_runner(game: str) -> GameRunner | str:
    """The runner a batch or sweep of the registered game ``game`` uses by default."""
    from .games import spec_of

    return spec_of(game).game_runner()


def game_sides(game: str) -> tuple[str, ...]:
    """The knob prefixes (sides) of ``game``'s sweep points."""
    from .games import spec_of

    return spec_of(game).sides


def game_seeds(seed: int, n: int, start: int = 0) -> list[int]:
    """Seeds of games ``start .. start+n-1`` of a batch with base seed ``seed``."""
    return [int(seed) + start + i for i in range(int(n))]


@contextmanager
def batch_gc() -> Iterator[None]:
    """Garbage collection tuned for a run of games, restored afterwards.

    A game makes many short-lived objects and no reference cycles worth chasing mid-run,
    while the per-map tables (hundreds of thousands of objects) would be rescanned by every
    full collection: those are frozen, and collections made rarer, for the run's duration.
    """
    old = gc.get_threshold()
    gc.freeze()
    gc.set_threshold(50_000, 50, 100)
    try:
        yield
    finally:
        gc.set_threshold(*old)
        gc.unfreeze()


def run_games(
    runner: GameRunner | str | None,
    point: Mapping[str, Any],
    seeds: Sequence[int],
    *,
    point_index: int | None = None,
    first_game: int = 0,
    records: bool = False,
    game: str,
) -> list[dict[str, Any]]:
    """Play one game per seed at one parameter point; return the rows (a Dask task body).
    ``game``: the registered game (its sides prefix the point's knobs; its runner is the
    default; a ``scenario.name`` is its registered scenario of that name)."""
    from .games import resolve_scenario_name

    fn = resolve_runner(runner, game)
    scenario, tactics = split_point(point, game_sides(game))
    flat = join_point(scenario, tactics)
    scenario = resolve_scenario_name(game, scenario)  # scenario.name: the registered scenario
    rows = []
    with batch_gc():
        for i, s in enumerate(seeds):
            if records:
                out = fn(scenario, tactics, int(s), record=True)
            else:
                out = fn(scenario, tactics, s)
            row: dict[str, Any] = {} if point_index is None else {"point": point_index}
            row["game"] = first_game + i
            row["seed"] = int(s)
            row.update(flat)
            for k, v in out.items():
                if k == "record" and not isinstance(v, str):
                    v = json.dumps(v, separators=(",", ":"))
                row[k] = v
            rows.append(row)
    return rows


def run_batch(
    n: int,
    scenario_params: Mapping[str, Any] | None = None,
    tactics: Mapping[str, Mapping[str, Any]] | None = None,
    *,
    seed: int = 0,
    runner: GameRunner | str | None = None,
    records: bool = False,
    game: str,
) -> pd.DataFrame:
    """``n`` full games of the registered ``game`` at one point; a DataFrame with one row per
    game (``game``, ``seed``, the parameters as ``scenario.*`` and ``<side>.*`` columns, the
    outcome fields, and a JSON ``record`` column when ``records``): a
    :class:`~hexplay.analysis.results.GamesTable` (a notebook shows it with a plot of the
    wins). ``df.attrs`` holds
    ``seconds`` (the wall time) and ``game``. ``runner`` defaults to the game's own. An
    unregistered ``game`` is a ``KeyError`` naming the registered games."""
    import pandas as pd

    from .games import spec_of
    from .results import GamesTable

    spec_of(game)  # an unknown game fails here, naming the registered ones

    tactic_knobs = {k: dict(v) for k, v in (tactics or {}).items()}
    unknown = set(tactic_knobs) - set(game_sides(game))
    if unknown:
        raise ValueError(f"{game} has no side {sorted(unknown)}; its sides are {game_sides(game)}")
    point = join_point(dict(scenario_params or {}), tactic_knobs)
    t0 = time.perf_counter()
    rows = run_games(runner, point, game_seeds(seed, n), records=records, game=game)
    df = GamesTable(pd.DataFrame(rows))
    df.attrs.update(seconds=time.perf_counter() - t0, game=game)
    return df
