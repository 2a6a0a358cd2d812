"""Benchmark: naval games per second, computer vs computer (scripted v scripted), scenario 11
(Kula Gulf), one core. Prints ``naval_games_per_s: <value> games/s`` (goal >= 100).

Warm-up games first (the per-map tables and memos fill), then the best of 3 timed batches.
Timed by this process's CPU time (``time.process_time``): the rate one core gives, even on a
shared machine where the wall clock also counts other processes' turns; ``--wall`` times by
the wall clock instead.

CPU time still moves by +-15% on a loaded machine (shared caches and cores). To compare two
versions, count instructions, which repeat exactly: run a script that plays 5 warm-up games and
then N games (and one that plays only the warm-up) under ``valgrind --tool=callgrind`` and take
the difference of the two "Collected" totals over N (instructions per game; the speed work on
this branch took it from 44.9M to 34.6M).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from hexplay.ai.player import play  # noqa: E402
from hexplay.games.naval import NavalGame  # noqa: E402
from hexplay.games.naval.ai.players import NavalScripted  # noqa: E402


def games_per_s(n: int, seed0: int = 0, scenario: str = "kula_gulf", clock=time.process_time):
    t = clock()
    for seed in range(seed0, seed0 + n):
        g = NavalGame.new(scenario, seed=seed)
        play(g, [NavalScripted("ijn", seed), NavalScripted("usn", seed + 1)])
    return n / (clock() - t)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--wall", action="store_true", help="time by the wall clock")
    a = ap.parse_args()
    n = 20 if a.quick else a.games
    clock = time.perf_counter if a.wall else time.process_time
    games_per_s(10, 10_000)
    best = max(games_per_s(n, 1000 * i, clock=clock) for i in range(3))
    print(f"naval_games_per_s: {best:.4g} games/s", flush=True)


if __name__ == "__main__":
    main()
