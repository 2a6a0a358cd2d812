"""Benchmarks: prints one figure per line as ``name: value unit``.

Run ``python benchmarks/run.py`` (``--quick`` for a shorter run).  Figures:

- ``los_query_us``: one LOS query (``Map.los``) on the skirmish map, mean over many pairs.
- ``visibility_matrix_ms``: the whole visibility matrix, vectorized (templates warm).
- ``visibility_templates_ms``: building the per-offset line templates (once per map).
- ``visibility_matrix_naive_ms``: the same matrix by a naive per-pair loop (each pair traced
  on its own in Python, symmetry used as in the vectorized form), in the same process.
- ``visibility_speedup``: naive / vectorized.
- ``reachability_ms``: all hexes reachable with 10 AP from one hex (SKIRMISH Table VIII).
- ``skirmish_games_per_s``: bot-vs-bot full SKIRMISH games per second on one core (this
  process's CPU time, as every ``*_games_per_s`` of one process here), 400 games
  after 100 warm-up games (the pace of a batch once the map's lazy tables hold what games ask
  for; see ``hexplay.games.skirmish.analysis.bench``); ``skirmish_games_per_s_cold``: the first
  100 games on a fresh copy of the map.
- ``batch_games_per_s`` / ``batch_games_per_s_cold``: the same through
  ``hexplay.analysis.run_batch`` (tactical players, default point);
  ``batch_games_per_s_2workers`` / ``batch_games_per_s_per_core_2workers``: that batch on both
  cores (a Dask local cluster of 2 process workers); ``batch_games_per_s_per_core_2procs``:
  in two plain processes at once (no Dask), the mean of their rates.
- ``sweep_games_per_s_1worker`` / ``_2workers`` / ``sweep_speedup_2workers``: one sweep (8
  points x 200 games) on a Dask local cluster of 1 and 2 process workers, both warmed first,
  their runs alternating (best of 3; the ``_median`` figures are the medians, the speed-up's
  that of each repeat's pair, and ``batch_games_per_s_median`` the median of four 100-game
  runs); ``sweep_cpu_ms_per_game_1worker`` / ``_2workers`` and ``sweep_speedup_2workers_cpu``
  (2 x their ratio) the same in CPU time, whatever else the machine runs (see
  ``benchmarks/analysis.py``);
  ``cpu_speedup_2procs`` is what the machine gives two plain Python processes at that moment
  (the ceiling for the sweep speed-up).

- ``pettingzoo_steps_per_s``: ``step`` calls per second of the SKIRMISH ``ParallelEnv``
  (``hexplay.env``), every agent giving a random legal action from its mask each step (episodes
  reset as they end; 200 warm-up steps first); observations, masks and rewards computed as a
  learner gets them (planes and factored heads: an order takes one to three steps).
- ``pettingzoo_steps_per_s_<game>`` / ``pettingzoo_orders_per_s_<game>`` /
  ``pettingzoo_steps_per_s_<game>_old``: the same for every shipped game, with the old spaces
  (flat vector and flat mask) measured alternately in the same process (``benchmarks/learn.py``).
- ``learned_skirmish_win_rate`` / ``_vs_scripted`` (with 95 % Wilson intervals) and
  ``learned_skirmish_train_cpu_minutes``: the shipped learned SKIRMISH adversary
  (``benchmarks/learn.py``; ``--only learn``).

- ``aggressor_games_per_s``: AGGRESSOR computer-vs-computer full games (scripted players, the
  "batch" scenario with its round limit) per CPU second on one core (``benchmarks/aggressor.py``;
  under ``batch_gc``, the collector setting of every batch run).
- ``naval_games_per_s``: naval computer-vs-computer full games of scenario 11 (Kula Gulf) per
  CPU second on one core (``benchmarks/naval.py``).
- ``ambush_games_per_s``: AMBUSH computer-vs-computer full games of its densest standard
  scenario per CPU second on one core (``benchmarks/ambush.py``; under ``batch_gc``, as
  AGGRESSOR's).
- ``table_orders_per_s`` / ``table_p99_intent_ms``: 30 concurrent games of computer players
  through the table server on 127.0.0.1, on 2 worker processes (``hexplay serve --workers 2``;
  ``benchmarks/table.py``; 10 minutes, 20 s with ``--quick``).
- ``table_commands_orders_per_s`` / ``table_commands_p99_intent_ms``: 10 concurrent team games
  (SKIRMISH by vehicle: 6 computer-driven clients a game, one per command and the adversary's
  leader, the defender's leader seat held by the T client; each seat on its own socket)
  through the table server, every acknowledged order stored once
  (``benchmarks/table_teams.py``; 10 minutes, 20 s with ``--quick``).
- ``tactic_skirmish_p_adversary``, ``search_skirmish_adversary_p_adversary``,
  ``search_skirmish_defender_p_adversary``, ``search_aggressor_win_rate``,
  ``search_naval_win_rate``: the search player's strength (``benchmarks/search.py``: each line
  with its games, interval, budget and seconds per decision; game counts are its options).
- ``worst_case_default_p`` / ``worst_case_default_p_default`` / ``worst_case_cpu_s`` /
  ``worst_case_games``: SKIRMISH at 6 guards, the attack the default settings of the worst-case
  search find (a race with confidence bounds, 32 candidates, 8000 games), re-estimated on 400
  fresh seeds, next to the default attack on the same seeds; the search's CPU time on one core
  (in-process) and its games. ``enough_guards_default`` / ``enough_guards_worst``: the fewest
  guards whose P(adversary win) has its 95 % upper bound at or below 0.10 against the default
  attack and the worst attack found (guards 4-8; smaller searches than the defaults: 16
  candidates, 2000 games, 300 fresh games a level). ``benchmarks/worst_case.py`` says more and
  compares the race with halving and optuna; the full-size curves are made by
  ``docs/evidence/make_curves.py``. The group takes a few minutes of both cores; run it under
  ``nice``.
- ``editor_stroke_ms`` / ``editor_check_ms``: a paint stroke in the map editor on the SKIRMISH
  map with the line of sight live, and the game's check that follows it (``benchmarks/editor.py``).
- ``clicks_per_turn_defender`` / ``_adversary``, ``ui_seconds_per_turn``: class play in real
  Chromium, turns 1-4 of the computer players' own plots given by clicks; the ``..._full``
  figures the same for full turns, every man able to act given a shot or a move, as a
  student plots (goal <= 25 clicks; ``benchmarks/ux.py``).
- ``<game>_clicks_per_turn`` / ``<game>_silent_refusals`` for skirmish, ambush, aggressor and
  naval: a student playing each against the computer by clicks alone in Voila (goals <= 15
  clicks, <= 25 for AGGRESSOR; 0 silent refusals; ``benchmarks/ux.py``).

``--only`` NAME runs one group (the names: ``--help``).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from analysis import all_batch_figures, all_sweep_figures, unit_of  # noqa: E402

from hexplay.games.skirmish.movement import SKIRMISH_COSTS  # noqa: E402
from hexplay.games.skirmish.sight import SKIRMISH_SIGHT  # noqa: E402
from hexplay.hexgrid import Hex, hexside_between, segment_offsets  # noqa: E402
from hexplay.maps import load_map  # noqa: E402
from hexplay.movement import Movement  # noqa: E402


def emit(name: str, value: float, unit: str) -> None:
    print(f"{name}: {value:.4g} {unit}", flush=True)


def naive_visibility(m, model, rows: int | None = None) -> np.ndarray:
    """Per-pair loop: trace both nudged segments of every pair in plain Python.

    With ``rows`` only the first ``rows`` source hexes are computed (for ``--quick``).
    """
    blocking_hexes = {h for h in m.hexes if m.terrain_at(h) in model.blocking_terrain}
    blocking_sides: set = set()
    for feat in model.blocking_hexsides:
        blocking_sides |= m.hexside_features.get(feat, frozenset())
    n = m.size
    out = np.eye(n, dtype=bool)
    hexes = m.hexes
    for i in range(n if rows is None else rows):
        a = hexes[i]
        for j in range(i + 1, n):
            b = hexes[j]
            for sign in (1, -1):
                rel = segment_offsets(b.q - a.q, b.r - a.r, sign)
                path = [Hex(a.q + x.q, a.r + x.r) for x in rel]
                blocked = any(x in blocking_hexes for x in path[1:-1]) or any(
                    hexside_between(path[k], path[k + 1]) in blocking_sides
                    for k in range(1, len(path) - 2)
                )
                if not blocked:
                    out[i, j] = out[j, i] = True
                    break
    return out


def bench_core(quick: bool) -> None:
    m = load_map("skirmish")
    sight = m.sight(SKIRMISH_SIGHT)
    rng = np.random.default_rng(0)
    pairs = rng.integers(0, m.size, size=(2000, 2))
    hexes = m.hexes
    m.los(hexes[0], hexes[1], SKIRMISH_SIGHT)
    t0 = time.perf_counter()
    for i, j in pairs.tolist():
        m.los(hexes[i], hexes[j], SKIRMISH_SIGHT)
    emit("los_query_us", (time.perf_counter() - t0) / len(pairs) * 1e6, "us")

    t0 = time.perf_counter()
    sight._get_templates()
    emit("visibility_templates_ms", (time.perf_counter() - t0) * 1e3, "ms")
    runs = []
    for _ in range(3):
        t0 = time.perf_counter()
        vec = sight.visibility_matrix()
        runs.append(time.perf_counter() - t0)
    vec_ms = min(runs) * 1e3
    emit("visibility_matrix_ms", vec_ms, "ms")

    if quick:
        sub = 120  # naive loop on the first rows only, scaled to the whole matrix
        t0 = time.perf_counter()
        naive_visibility(m, SKIRMISH_SIGHT, rows=sub)
        frac = (sub * m.size - sub * (sub + 1) / 2) / (m.size * (m.size - 1) / 2)
        naive_ms = (time.perf_counter() - t0) * 1e3 / frac
    else:
        t0 = time.perf_counter()
        naive = naive_visibility(m, SKIRMISH_SIGHT)
        naive_ms = (time.perf_counter() - t0) * 1e3
        if not (naive == vec).all():
            raise SystemExit("naive and vectorized visibility matrices differ")
    emit("visibility_matrix_naive_ms", naive_ms, "ms")
    emit("visibility_speedup", naive_ms / vec_ms, "x")

    mv = Movement(m, SKIRMISH_COSTS, "person")
    start = m.hex("1520")
    mv.reachable(start, 10)
    t0 = time.perf_counter()
    for _ in range(50):
        mv.reachable(start, 10)
    emit("reachability_ms", (time.perf_counter() - t0) / 50 * 1e3, "ms")


def bench_games(quick: bool) -> None:
    from hexplay.games.skirmish.analysis.bench import skirmish_games_per_s

    emit("skirmish_games_per_s", skirmish_games_per_s(60 if quick else 400), "games/s")
    emit(
        "skirmish_games_per_s_cold",
        skirmish_games_per_s(30 if quick else 100, seed=50_000, warmup=0),
        "games/s",
    )
    for k, v in all_batch_figures(quick).items():
        emit(k, v, unit_of(k))


def bench_sweep(quick: bool) -> None:
    for k, v in all_sweep_figures(quick).items():
        emit(k, v, unit_of(k))


def env_steps_per_s(
    game: str = "skirmish", steps: int = 2000, seed: int = 0, warmup: int = 200
) -> float:
    """ParallelEnv steps per second with random masked actions (see the module docstring),
    after ``warmup`` untimed steps (the map's tables built, as in a training run)."""
    from hexplay.env import parallel_env

    env = parallel_env(game)
    rng = np.random.default_rng(seed)
    obs, _ = env.reset(seed=seed)
    episode = seed
    t0 = 0.0
    for i in range(warmup + steps):
        if i == warmup:
            t0 = time.perf_counter()
        if not env.agents:
            episode += 1
            obs, _ = env.reset(seed=episode)
        acts = {a: int(rng.choice(np.flatnonzero(obs[a]["action_mask"]))) for a in env.agents}
        obs, *_ = env.step(acts)
    return steps / (time.perf_counter() - t0)


def bench_env(quick: bool) -> None:
    import hexplay

    if "skirmish" not in hexplay.games():
        print("pettingzoo_steps_per_s: skipped (skirmish is not registered)", flush=True)
        return
    emit("pettingzoo_steps_per_s", env_steps_per_s("skirmish", 300 if quick else 2000), "steps/s")
    import learn

    for k, v in learn.env_figures(300 if quick else 2000, 1 if quick else 3):
        emit(k, v, "orders/s" if "orders" in k else "steps/s")


def bench_learn(quick: bool) -> None:
    import learn

    for line in learn.learned_figures(20 if quick else 200):
        print(line, flush=True)


def bench_aggressor(quick: bool) -> None:
    import aggressor

    emit("aggressor_games_per_s", aggressor.games_per_s(20 if quick else 100), "games/s")


def bench_naval(quick: bool) -> None:
    import naval

    naval.games_per_s(5)  # warm-up: the map's tables
    emit("naval_games_per_s", naval.games_per_s(20 if quick else 100, seed0=100), "games/s")


def bench_ambush(quick: bool) -> None:
    import ambush

    emit("ambush_games_per_s", ambush.games_per_s(20 if quick else 100), "games/s")


def bench_table(quick: bool) -> None:
    import table

    table.main(["--duration", "20" if quick else "600"])  # the 10 minutes


def bench_table_teams(quick: bool) -> None:
    import table_teams

    table_teams.main(["--duration", "20" if quick else "600"])  # the 10 minutes


def bench_editor(quick: bool) -> None:
    import editor

    for name, value in editor.figures(5 if quick else 20).items():
        emit(name, value, "ms")


def bench_ux(quick: bool) -> None:
    import ux  # real Chromium: clicks per side and turn (class play)

    ux.main(["--turns", "2" if quick else "4", "--game-turns", "3" if quick else "6"])


def bench_worstcase(quick: bool) -> None:
    import worst_case

    worst_case.figures(quick)


def bench_search(quick: bool) -> None:
    import search

    search.main(["--games", "4"] if quick else [])


GROUPS = {
    "core": bench_core,
    "games": bench_games,
    "sweep": bench_sweep,
    "env": bench_env,
    "learn": bench_learn,
    "aggressor": bench_aggressor,
    "naval": bench_naval,
    "ambush": bench_ambush,
    "table": bench_table,
    "table_teams": bench_table_teams,
    "editor": bench_editor,
    "ux": bench_ux,
    "search": bench_search,
    "worstcase": bench_worstcase,
}


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="smaller samples (naive loop estimated)")
    ap.add_argument("--only", choices=sorted(GROUPS), default=None)
    args = ap.parse_args(argv)
    for name, bench in GROUPS.items():
        if args.only in (None, name):
            bench(args.quick)


if __name__ == "__main__":
    main()
