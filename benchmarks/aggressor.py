"""AGGRESSOR benchmark: prints ``aggressor_games_per_s: <value> games/s``.

Computer vs computer full games (the scripted player on both sides, the batch scenario: 40-round
limit) on one core, after a few warm-up games (the map's tables are built once per process);
timed in process CPU time, so other jobs on a shared machine do not count.
``--games N`` sets the number timed (default 100).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import hexplay  # noqa: E402
from hexplay.ai.player import play  # noqa: E402


def games_per_s(n: int, warm: int = 5, players=("scripted", "scripted")) -> float:
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
    t = time.process_time()
    for s in range(n):
        one(s)
    return n / (time.process_time() - t)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=100)
    a = ap.parse_args()
    print(f"aggressor_games_per_s: {games_per_s(a.games):.4g} games/s", flush=True)


if __name__ == "__main__":
    main()
