"""Parameter sweeps on Dask: many points x many games, gathered into one DataFrame.

:func:`run_sweep` cuts the work into chunks (one point, a run of consecutive games), runs them on
a Dask cluster (a local one by default, or an existing scheduler by address, or an existing
``distributed.Client``), shows a progress bar, and returns one row per game sorted by
``(point, game)``. Use :func:`hexplay.analysis.stats.summarize` for the reported side's P(win)
with Wilson intervals per point.

Reproducibility: game ``g`` of point ``p`` uses seed ``seed + g`` with ``common_seeds=True``
(the default: common random numbers, so points are compared on the same dice streams), or
``seed + p * n_games + g`` otherwise. Chunking and the number of workers never change a row.

Interruption: on Ctrl-C (KeyboardInterrupt) the finished chunks are returned with
``df.attrs["complete"] = False``. With ``checkpoint=<dir>`` every finished chunk is also written
there as it arrives (Parquet if pyarrow is available, else CSV), and a rerun with the same
arguments loads those and plays only the rest.
"""

from __future__ import annotations

import json
import logging
import math
import os
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .batch import GameRunner, game_seeds, run_games
from .progress import progress_bar

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

MANIFEST = "sweep.json"
TASKS_PER_WORKER = 8
"""Default chunking aims at this many chunks per worker (load balance vs task overhead: each
task costs the client's process a few ms of CPU, taken from the games on a small machine)."""
MAX_CHUNK = 500
"""No chunk holds more games than this (a lost worker loses at most this many)."""
TAIL_SPLIT = 4
"""The sweep's last ``workers x chunk_size`` games go in chunks this many times smaller, so the
workers finish together (tasks are handed out in order)."""
SCALING_CHUNK = 10
"""Games per chunk when the cluster has no worker yet at submit time (one that scales from
zero: dask-jobqueue, Kubernetes, Gateway): the sweep cannot plan for workers it does not see,
so it plans small chunks that any number of workers arriving later keep busy (2 points x 200
games -> 40 tasks, not the 11 planned for one worker)."""


def plan_chunks(
    n_points: int, n_games: int, chunk_size: int, tail: int = 0
) -> list[tuple[int, int, int]]:
    """``(point, first_game, count)`` for every chunk, in order; chunks covering the last
    ``tail`` games are cut :data:`TAIL_SPLIT` times smaller."""
    out = []
    for p in range(n_points):
        for g in range(0, n_games, chunk_size):
            out.append((p, g, min(chunk_size, n_games - g)))
    small = max(1, -(-chunk_size // TAIL_SPLIT))
    cut: list[tuple[int, int, int]] = []
    while out and tail > 0 and small < chunk_size:
        p, g, count = out.pop()
        tail -= count
        cut[:0] = [(p, h, min(small, g + count - h)) for h in range(g, g + count, small)]
    return out + cut


def default_chunk_size(n_points: int, n_games: int, n_workers: int) -> int:
    """About :data:`TASKS_PER_WORKER` chunks per worker, at most :data:`MAX_CHUNK` games, never
    spanning two points."""
    size = math.ceil(n_points * n_games / max(1, n_workers * TASKS_PER_WORKER))
    return int(max(1, min(n_games, MAX_CHUNK, size)))


def _seeds(seed: int, p: int, g: int, count: int, n_games: int, common: bool) -> list[int]:
    base = seed if common else seed + p * n_games
    return game_seeds(base, count, start=g)


def _chunk_task(runner, point, seeds, p, g, records, game):
    return run_games(runner, point, seeds, point_index=p, first_game=g, records=records, game=game)


def _runner_name(runner: GameRunner | str) -> str:
    if isinstance(runner, str):
        return runner
    key = getattr(runner, "key", None)
    if isinstance(key, str):
        return key
    return f"{getattr(runner, '__module__', '?')}:{getattr(runner, '__qualname__', repr(runner))}"


def _checkpoint_chunking(path: str | Path) -> tuple[int, int] | None:
    """``(chunk_size, tail)`` of the sweep a checkpoint directory holds (None if new): a resumed
    sweep keeps that chunking, so it may run on another number of workers."""
    mf = Path(path) / MANIFEST
    if not mf.exists():
        return None
    try:
        old = json.loads(mf.read_text())
        return int(old["chunk_size"]), int(old["tail"])
    except (ValueError, KeyError, TypeError):
        return None  # not a manifest of ours: the comparison below refuses it


class _Checkpoint:
    """A directory of finished chunks plus a manifest describing the sweep."""

    def __init__(self, path: str | Path, manifest: dict[str, Any]) -> None:
        self.dir = Path(path)
        self.dir.mkdir(parents=True, exist_ok=True)
        mf = self.dir / MANIFEST
        text = json.dumps(manifest, sort_keys=True, default=str)
        if mf.exists():
            old = json.loads(mf.read_text())
            if json.dumps(old, sort_keys=True, default=str) != text:
                raise ValueError(
                    f"checkpoint {self.dir} belongs to a different sweep; use another directory"
                )
        else:
            mf.write_text(text)
        try:
            import pyarrow  # noqa: F401

            self.ext = "parquet"
        except ImportError:  # pragma: no cover
            self.ext = "csv"

    def _file(self, p: int, g: int) -> Path:
        return self.dir / f"p{p:06d}-g{g:08d}.{self.ext}"

    def load(self, p: int, g: int) -> pd.DataFrame | None:
        import pandas as pd

        f = self._file(p, g)
        if not f.exists():
            return None
        return pd.read_parquet(f) if self.ext == "parquet" else pd.read_csv(f)

    def save(self, p: int, g: int, df: pd.DataFrame) -> None:
        f = self._file(p, g)
        tmp = f.with_suffix(".tmp")
        if self.ext == "parquet":
            df.to_parquet(tmp, index=False)
        else:  # pragma: no cover
            df.to_csv(tmp, index=False)
        os.replace(tmp, f)


LOCAL_CLUSTER_CONFIG: dict[str, Any] = {
    # the workers' statistical profiler samples the running task every 10 ms for the
    # dashboard, which a local sweep does not start
    "distributed.worker.profile.enabled": False,
    # event-loop health check (default 20 ms), system and memory monitors (500 ms, 100 ms):
    # a sweep's tasks run for a second or so, so coarser timers lose nothing
    "distributed.admin.tick.interval": "1s",
    "distributed.admin.system-monitor.interval": "5s",
    "distributed.worker.memory.monitor-interval": "1s",
    # tasks wait in the scheduler's queue until a worker is free, so there is nothing to
    # steal; its timer runs every 100 ms
    "distributed.scheduler.work-stealing": False,
}
"""Dask settings of :func:`local_client`'s cluster (idle, it took about 6% of a core with
Dask's defaults and under 1% with these)."""


def local_client(n_workers: int | None = None, **kwargs: Any):
    """A ``distributed.Client`` on a new local cluster: process workers, one thread each.

    In a script, call it under ``if __name__ == "__main__":``: the workers are new processes
    that import the script again, and without the guard each would start a cluster of its own
    (Dask then fails with "Nanny failed to start"). Notebooks need no guard.

    No dashboard, and Dask's periodic housekeeping is set for long CPU-bound runs
    (:data:`LOCAL_CLUSTER_CONFIG`): on a small machine its timers cost the games CPU time.
    ``kwargs`` go to ``LocalCluster``."""
    import dask
    from distributed import Client, LocalCluster

    n = n_workers or os.cpu_count() or 1
    opts: dict[str, Any] = dict(
        n_workers=n,
        threads_per_worker=1,
        processes=True,
        dashboard_address=None,
        silence_logs=logging.ERROR,
    )
    opts.update(kwargs)
    # the nanny hands the config of the moment to the worker processes it starts
    with dask.config.set(LOCAL_CLUSTER_CONFIG):
        cluster = LocalCluster(**opts)
    return Client(cluster)


def _close_client(client) -> None:
    cluster = getattr(client, "cluster", None)
    client.close()
    if cluster is not None:
        cluster.close()


def run_sweep(
    points: Sequence[Mapping[str, Any]],
    n_games: int,
    *,
    runner: GameRunner | str | None = None,
    seed: int = 0,
    common_seeds: bool = True,
    scheduler: str | None = None,
    client: Any = None,
    n_workers: int | None = None,
    chunk_size: int | None = None,
    progress: bool | str | Callable[[int, int], Any] = True,
    checkpoint: str | Path | None = None,
    records: bool = False,
    game: str,
    min_workers: int | None = None,
    worker_timeout: float = 600.0,
) -> pd.DataFrame:
    """Play ``n_games`` games of the registered ``game`` at each point; one row per game (see
    the module docstring). ``runner`` defaults to the game's own
    (:meth:`~hexplay.analysis.games.AnalysisSpec.game_runner`); point keys are ``scenario.*``
    and ``<side>.*`` with the game's sides.

    ``scheduler``: None = a new local cluster with ``n_workers`` process workers (default: all
    cores), closed afterwards; ``"tcp://host:port"`` = an existing Dask scheduler; ``"sync"`` =
    in this process without Dask (debugging, tiny runs). ``client``: an existing
    ``distributed.Client`` (takes precedence). ``progress``: True/"auto", "text", "widget",
    False/"none", or a callable ``f(done, total)``.
    ``df.attrs``: ``complete`` (bool), ``seconds`` (wall time of the run, cluster start-up
    excluded), ``games_played`` (this run, not counting checkpointed chunks), ``chunk_size``.

    Chunks are planned for the workers the scheduler has at submit time (about
    :data:`TASKS_PER_WORKER` chunks each); ``min_workers=N`` first waits (up to
    ``worker_timeout`` seconds) until N workers are connected. On a cluster that has no worker
    yet (one that scales from zero) the chunks hold :data:`SCALING_CHUNK` games, so the workers
    that arrive are all kept busy; ``chunk_size`` fixes the size outright.
    """
    import pandas as pd

    from .batch import default_runner, game_sides
    from .games import spec_of
    from .grid import split_point

    spec_of(game)  # an unknown game fails here, naming the registered ones
    points = [dict(p) for p in points]
    for point in points:
        split_point(point, game_sides(game))  # a bad prefix fails here, not on a worker
    if runner is None:
        runner = default_runner(game)
    n_games = int(n_games)
    own_client = False
    if client is None and scheduler not in ("sync", "synchronous"):
        from distributed import Client

        client = local_client(n_workers) if scheduler is None else Client(scheduler)
        own_client = True
    workers = 1
    if client is not None:
        if min_workers:
            client.wait_for_workers(int(min_workers), timeout=worker_timeout)
        seen = len(client.scheduler_info().get("workers", {}))
        if seen == 0 and not n_workers and not chunk_size:  # scales from zero: plan small chunks
            chunk_size = min(SCALING_CHUNK, n_games)
        workers = max(1, seen or n_workers or 1)
    size = int(chunk_size or default_chunk_size(len(points), n_games, workers))
    tail = 0 if chunk_size else workers * size  # (a chunk size given: every chunk that size)
    resumed = None if checkpoint is None or chunk_size else _checkpoint_chunking(checkpoint)
    if resumed is not None:  # resume with the chunks already planned, whatever the workers now
        size, tail = resumed
    chunks = plan_chunks(len(points), n_games, size, tail)
    ckpt = None
    if checkpoint is not None:
        manifest = {
            "points": points,
            "n_games": n_games,
            "seed": seed,
            "common_seeds": common_seeds,
            "chunk_size": size,
            "tail": tail,
            "runner": _runner_name(runner),
            "records": records,
            "game": game,
        }
        ckpt = _Checkpoint(checkpoint, manifest)

    frames: list[pd.DataFrame] = []
    todo = []
    for p, g, count in chunks:
        prev = ckpt.load(p, g) if ckpt else None
        if prev is not None:
            frames.append(prev)
        else:
            todo.append((p, g, count))
    mode = "none" if progress is False else ("auto" if progress is True else progress)
    bar = progress_bar(n_games * len(points), mode)
    if frames:
        bar.update(sum(len(f) for f in frames))

    rows_done: list[dict] = []  # one DataFrame at the end: the client's process stays light

    def accept(p: int, g: int, rows: list[dict]) -> None:
        if ckpt is not None:
            df = pd.DataFrame(rows)
            frames.append(df)
            ckpt.save(p, g, df)
        else:
            rows_done.extend(rows)
        bar.update(len(rows))

    complete = True
    played = 0
    t0 = time.perf_counter()
    try:
        if client is None:
            for p, g, count in todo:
                seeds = _seeds(seed, p, g, count, n_games, common_seeds)
                accept(p, g, _chunk_task(runner, points[p], seeds, p, g, records, game))
                played += count
        else:
            from distributed import as_completed

            r = runner
            futures = {}
            for p, g, count in todo:
                seeds = _seeds(seed, p, g, count, n_games, common_seeds)
                fut = client.submit(
                    _chunk_task, r, points[p], seeds, p, g, records, game, pure=False
                )
                futures[fut] = (p, g, count)
            try:
                for fut in as_completed(list(futures)):
                    p, g, count = futures[fut]
                    accept(p, g, fut.result())
                    played += count
            except BaseException:
                client.cancel(list(futures))
                raise
    except KeyboardInterrupt:
        complete = False
    finally:
        seconds = time.perf_counter() - t0
        bar.close()
        if own_client:
            _close_client(client)
    if rows_done:
        frames.append(pd.DataFrame(rows_done))
    if frames:
        df = pd.concat(frames, ignore_index=True)
        df = df.sort_values(["point", "game"], kind="stable").reset_index(drop=True)
    else:
        df = pd.DataFrame(columns=["point", "game", "seed"])
    from .results import GamesTable

    df = GamesTable(df)  # shows itself with a plot of the wins per point
    df.attrs.update(
        complete=complete,
        seconds=seconds,
        games_played=played,
        workers=workers,
        game=game,
        chunk_size=size,
    )
    return df


def sweep(
    spec: Mapping[str, Any],
    n_games: int,
    *,
    sample: int | None = None,
    sample_seed: int = 0,
    game: str,
    **kwargs: Any,
) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Grid (or ``sample`` random points) from ``spec``, run, summarize: ``(summary, games)``
    for the registered ``game`` (the other keywords go to :func:`run_sweep`)."""
    from .grid import expand_grid, sample_points
    from .stats import summarize

    points = sample_points(spec, sample, sample_seed) if sample else expand_grid(spec)
    games = run_sweep(points, n_games, game=game, **kwargs)
    return summarize(games, game=game), games
