"""AGGRESSOR benchmark: prints ``aggressor_games_per_s: <value> games/s``.

Computer vs computer full games (the scripted player on both sides, the batch scenario: 40-round
limit) on one core, after a few warm-up games (the map's tables are built once per process);
timed in process CPU time, so other jobs on a shared machine do not count. The games run under
:func:`hexplay.analysis.batch.batch_gc`, the garbage-collection setting every batch of games
runs under (``run_games``: the start-up heap frozen, collections rarer); ``--plain-gc`` times
them with Python's default collector instead.
``--games N`` sets the number timed (default 100); ``--runs R`` times R batches of the same
seeds and prints their median (default 1).
"""

from __future__ import annotations

import argparse
import contextlib
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import hexplay  # noqa: E402
from hexplay.ai.player import play  # noqa: E402
from hexplay.analysis.batch import batch_gc  # noqa: E402


def games_per_s(
    n: int, warm: int = 5, players=("scripted", "scripted"), batch: bool = True
) -> float:
    entry = hexplay.game_entry("aggressor")

    def one(seed: int) -> None:
        g = hexplay.new_game("aggressor", "batch", seed=seed)
        play(
            g,
            {
                "west": entry.player(players[0], "west", seed),
                "east": entry.player(players[1], "east", seed + 1),
            },
        )

    for s in range(warm):
        one(10_000 + s)
    with batch_gc() if batch else contextlib.nullcontext():
        t = time.process_time()
        for s in range(n):
            one(s)
        return n / (time.process_time() - t)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--runs", type=int, default=1)
    ap.add_argument("--plain-gc", action="store_true", help="Python's default collector")
    a = ap.parse_args()
    rates = [
        games_per_s(a.games, warm=5 if r == 0 else 0, batch=not a.plain_gc) for r in range(a.runs)
    ]
    print(f"aggressor_games_per_s: {statistics.median(rates):.4g} games/s", flush=True)


if __name__ == "__main__":
    main()
