"""Sweep throughput on a Dask local cluster: full SKIRMISH games per second, 1 vs 2 workers.

``sweep_figures()`` runs the same sweep (a small grid of scenario and tactic parameters) on a
local cluster of 1 process worker and then of 2, after warming every worker alike (map tables
loaded, :data:`~hexplay.games.skirmish.analysis.bench.WARMUP_GAMES` games played: see
:mod:`hexplay.games.skirmish.analysis.bench` for the lazily built per-map tables), and returns
games/s for
each and the speed-up. Every repeat uses new seeds, so no worker replays games it has seen.
``batch_figures()`` gives single-process games/s (no Dask), warm and cold. Run directly to
print them.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

SPEC: dict[str, Any] = {
    "scenario.n_guards": [4, 7],
    "scenario.barrier_points_required": [100, 200],
    "adversary.workers": [2, 4],
}
"""8 points; ``games`` per point."""


def _warm(games: int | None = None) -> int:
    """Play ``games`` tactic games (seeds ``10**6 + i``) at the default point in this process."""
    from hexplay.analysis.batch import batch_gc, resolve_runner
    from hexplay.games.skirmish.analysis.bench import WARMUP_GAMES

    run = resolve_runner(None, "skirmish")
    with batch_gc():
        for i in range(WARMUP_GAMES if games is None else games):
            run({}, {}, 10**6 + i)
    return 1


def _cpu_seconds() -> float:
    """CPU seconds this process has used (a worker's, when run through ``client.run``)."""
    return time.process_time()


class _Cluster:
    """A local cluster of ``n_workers``, every worker warmed alike: the map tables loaded and
    :data:`~hexplay.games.skirmish.analysis.bench.WARMUP_GAMES` games played (:func:`_warm`), and
    the task
    path too (the function shipped, the workers' first task, connections)."""

    def __init__(self, n_workers: int, points: list | None = None) -> None:
        from hexplay.analysis import expand_grid, local_client, run_sweep

        self.n = n_workers
        self.points = expand_grid(SPEC) if points is None else points
        self.client = local_client(n_workers)
        self.client.run(_warm)
        run_sweep(
            self.points[:1],
            4 * n_workers,
            client=self.client,
            progress=False,
            seed=2 * 10**6,
            game="skirmish",
        )

    def run(self, games: int, seed: int) -> tuple[float, float]:
        """(games/s, CPU seconds per game) of one sweep of the points with ``games`` each.
        CPU counts every worker and this process (the client and the local scheduler)."""
        from hexplay.analysis import run_sweep

        before = sum(self.client.run(_cpu_seconds).values()) + time.process_time()
        df = run_sweep(
            self.points, games, client=self.client, progress=False, seed=seed, game="skirmish"
        )
        cpu = sum(self.client.run(_cpu_seconds).values()) + time.process_time() - before
        return len(df) / df.attrs["seconds"], cpu / len(df)

    def close(self) -> None:
        from hexplay.analysis.sweep import _close_client

        _close_client(self.client)


def _timed_sweep(
    n_workers: int, games: int, repeats: int = 2, points: list | None = None, seed: int = 1
) -> list[float]:
    """Games/s of each of ``repeats`` runs of a sweep of ``points`` (default: the grid of
    :data:`SPEC`) on a local cluster of ``n_workers`` (see :class:`_Cluster`), every repeat
    with new seeds (the machine may be shared: callers report best and median)."""
    cluster = _Cluster(n_workers, points)
    try:
        return [cluster.run(games, seed + 10_000 * r)[0] for r in range(repeats)]
    finally:
        cluster.close()


def _spin(n: int = 5_000_000) -> float:
    t0 = time.perf_counter()
    s = 0
    for i in range(n):
        s += i
    return time.perf_counter() - t0


def cpu_speedup_2procs() -> float:
    """What the machine itself gives two processes: pure-Python work in 2 processes at once
    against 1 (2.0 on two free cores). The ceiling for any 2-worker speed-up here."""
    import multiprocessing as mp
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(2, mp_context=mp.get_context("spawn")) as pool:
        list(pool.map(_spin, [10_000, 10_000]))  # start both processes
        t0 = time.perf_counter()
        pool.submit(_spin).result()
        one = time.perf_counter() - t0
        t0 = time.perf_counter()
        list(pool.map(_spin, [5_000_000, 5_000_000]))
        two = time.perf_counter() - t0
    return 2 * one / two


def sweep_figures(games_per_point: int = 200, repeats: int = 3) -> dict[str, float]:
    """The sweep on 1 and on 2 process workers: ``sweep_games_per_s_1worker``,
    ``sweep_games_per_s_2workers`` and ``sweep_speedup_2workers`` (best of ``repeats`` runs
    each), the medians (``..._median``; the speed-up as the median of each repeat's pair).

    Made robust on a shared machine: both clusters are started and warmed before anything is
    timed, and their runs alternate (1, 2, 1, 2, ...), so a change in the machine's load
    meets both alike; each run plays 8 x ``games_per_point`` games (200: some 8 s of work per
    worker, against the few milliseconds a task's scheduling costs). The wall-clock speed-up
    still depends on the cores other jobs leave free, so the CPU figures say what the code
    does whatever the load: ``sweep_cpu_ms_per_game_1worker`` / ``_2workers`` (CPU of the
    workers and of this process, the scheduler's, per game) and
    ``sweep_speedup_2workers_cpu`` = 2 x CPU per game on 1 worker / CPU per game on 2: the
    speed-up two free cores give (Dask's extra work per game with two workers is all that
    keeps it below 2). Compare the wall figure with :func:`cpu_speedup_2procs`."""
    one, two = _Cluster(1), _Cluster(2)
    try:
        runs = []
        for r in range(repeats):
            seed = 1 + 10_000 * r
            runs.append((one.run(games_per_point, seed), two.run(games_per_point, seed)))
    finally:
        one.close()
        two.close()
    r1 = [a[0] for a, _ in runs]
    r2 = [b[0] for _, b in runs]
    c1 = statistics.median(a[1] for a, _ in runs)
    c2 = statistics.median(b[1] for _, b in runs)
    return {
        "sweep_games_per_s_1worker": max(r1),
        "sweep_games_per_s_2workers": max(r2),
        "sweep_speedup_2workers": max(r2) / max(r1),
        "sweep_games_per_s_1worker_median": statistics.median(r1),
        "sweep_games_per_s_2workers_median": statistics.median(r2),
        "sweep_speedup_2workers_median": statistics.median(b / a for a, b in zip(r1, r2)),
        "sweep_cpu_ms_per_game_1worker": c1 * 1e3,
        "sweep_cpu_ms_per_game_2workers": c2 * 1e3,
        "sweep_speedup_2workers_cpu": 2 * c1 / c2,
    }


def batch_figures(games: int = 400, cold_games: int = 100) -> dict[str, float]:
    """Full games per second through ``run_batch`` in this process (no Dask), tactic players:
    ``batch_games_per_s`` after the warm-up games, ``batch_games_per_s_cold`` on a fresh copy
    of the map (its eager tables built, no game played yet)."""
    from hexplay.analysis import run_batch
    from hexplay.games.skirmish.analysis import runner
    from hexplay.games.skirmish.analysis.bench import fresh_skirmish_map

    runner._MAPS["skirmish"] = fresh_skirmish_map()
    df = run_batch(cold_games, {}, {}, seed=50_000, game="skirmish")
    cold = cold_games / df.attrs["seconds"]
    runner._MAPS["skirmish"] = fresh_skirmish_map()
    _warm()
    parts = [
        run_batch(games // 4, {}, {}, seed=1 + i * (games // 4), game="skirmish") for i in range(4)
    ]
    rates = [len(df) / df.attrs["seconds"] for df in parts]
    return {
        "batch_games_per_s": sum(len(df) for df in parts)
        / sum(df.attrs["seconds"] for df in parts),
        "batch_games_per_s_median": statistics.median(rates),
        "batch_games_per_s_cold": cold,
    }


def batch_figures_2workers(games: int = 800, repeats: int = 3) -> dict[str, float]:
    """The batch of :func:`batch_figures` (default point, tactic players) on both cores: one
    point on a Dask local cluster of 2 process workers, warmed alike; best of ``repeats``.
    ``batch_games_per_s_2workers`` in all and ``batch_games_per_s_per_core_2workers``."""
    best = max(_timed_sweep(2, games, repeats, points=[{}], seed=70_000))
    return {
        "batch_games_per_s_2workers": best,
        "batch_games_per_s_per_core_2workers": best / 2,
    }


def _batch_rate(args: tuple[int, int]) -> float:
    """Games/s of ``n`` default-point games from ``seed`` in this process, after the warm-up."""
    seed, n = args
    from hexplay.analysis import run_batch

    _warm()
    df = run_batch(n, {}, {}, seed=seed, game="skirmish")
    return n / df.attrs["seconds"]


def batch_figures_2procs(games: int = 400) -> dict[str, float]:
    """The same batch in two plain processes at once (no Dask): what the engine gets per core
    when both cores play. ``batch_games_per_s_per_core_2procs`` is their mean rate."""
    import multiprocessing as mp
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(2, mp_context=mp.get_context("spawn")) as pool:
        rates = list(pool.map(_batch_rate, [(80_000, games), (90_000, games)]))
    return {"batch_games_per_s_per_core_2procs": sum(rates) / 2}


def all_batch_figures(quick: bool = False) -> dict[str, float]:
    """:func:`batch_figures`, :func:`batch_figures_2workers` and :func:`batch_figures_2procs`
    (``quick``: smaller samples, one repeat)."""
    figs = batch_figures(60 if quick else 400, 30 if quick else 100)
    figs.update(batch_figures_2workers(60 if quick else 800, 1 if quick else 3))
    figs.update(batch_figures_2procs(60 if quick else 400))
    return figs


def all_sweep_figures(quick: bool = False) -> dict[str, float]:
    """:func:`sweep_figures` and :func:`cpu_speedup_2procs` (``quick``: as above)."""
    figs = sweep_figures(10 if quick else 200, 1 if quick else 3)
    figs["cpu_speedup_2procs"] = cpu_speedup_2procs()
    return figs


def unit_of(name: str) -> str:
    """The unit a figure of this module is printed with."""
    if "speedup" in name:
        return "x"
    return "ms" if name.endswith("_ms") or "_ms_" in name else "games/s"


def main() -> None:
    quick = "--quick" in sys.argv
    figs = {**all_batch_figures(quick), **all_sweep_figures(quick)}
    for k, v in figs.items():
        print(f"{k}: {v:.4g} {unit_of(k)}", flush=True)


if __name__ == "__main__":
    main()
