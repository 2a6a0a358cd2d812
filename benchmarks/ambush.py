"""AMBUSH benchmark: prints ``ambush_games_per_s: <value> games/s``.

Computer vs computer full games (AMBUSH's scripted players on both sides) of
:data:`BENCH_SCENARIO` on one core, after a few warm-up games (the map's tables are built once
per process); timed in process CPU time, so other jobs on a shared machine do not count.
``--games N`` sets the number timed (default 100).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from hexplay.ai.ambush import scripted  # noqa: E402
from hexplay.ai.player import play  # noqa: E402
from hexplay.rules.ambush.game import AmbushGame, scenario_file  # noqa: E402

BENCH_SCENARIO = "close_escort"
"""The densest standard scenario: the most men in contact at once (three-man escorts bumper to
bumper) and the high-density response force. (On the SKIRMISH map until the AMBUSH maps land;
then the scenario's ``map`` names the dense map.)"""


def games_per_s(n: int, warm: int = 5, name: str = BENCH_SCENARIO) -> float:
    sc = scenario_file(name)

    def one(seed: int) -> None:
        g = AmbushGame.new(sc, seed=seed)
        play(g, [scripted("adversary", seed), scripted("defender", seed + 1)])

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
    print(f"ambush_games_per_s: {games_per_s(a.games):.4g} games/s")


if __name__ == "__main__":
    main()
