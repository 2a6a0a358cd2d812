"""Benchmark: naval games per second, computer vs computer (scripted v scripted), scenario 11
(Kula Gulf), one core. Prints ``naval_games_per_s: <value> games/s`` (goal >= 100).

Warm-up games first (the per-map tables and memos fill), then the best of 3 timed batches.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from hexplay.ai.naval import NavalScripted  # noqa: E402
from hexplay.ai.player import play  # noqa: E402
from hexplay.rules.naval import NavalGame  # noqa: E402


def games_per_s(n: int, seed0: int = 0, scenario: str = "kula_gulf") -> float:
    t = time.perf_counter()
    for seed in range(seed0, seed0 + n):
        g = NavalGame.new(scenario, seed=seed)
        play(g, [NavalScripted("ijn", seed), NavalScripted("usn", seed + 1)])
    return n / (time.perf_counter() - t)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--quick", action="store_true")
    a = ap.parse_args()
    n = 20 if a.quick else a.games
    games_per_s(10, 10_000)
    best = max(games_per_s(n, 1000 * i) for i in range(3))
    print(f"naval_games_per_s: {best:.4g} games/s", flush=True)


if __name__ == "__main__":
    main()
