"""AMBUSH benchmark: prints ``ambush_games_per_s: <value> games/s``.

Computer vs computer full games (AMBUSH's scripted players on both sides) of
:data:`BENCH_SCENARIO` on one core, timed in process CPU time, so other jobs on a shared
machine do not count. ``--games N`` sets the number timed (default 100).

Warmed before the clock starts, by ``warm`` untimed games of other seeds: what is built once
per process and map, and what every timed game would otherwise build in its first moments --
the map's terrain tables and movement costs (``terrain_for``), its LOS templates
(``Sight._get_templates`` / ``_get_flat``: every game's set-up asks ``clear_pairs``), AMBUSH's
data tables (``tables()``) and the players' per-map memos (paths, shot odds). The timed games
use seeds 0..n-1, none of the warm-up's, so they still meet positions the memos do not hold.
The timed games run under :func:`hexplay.analysis.batch.batch_gc`, the garbage-collection
setting every batch of games runs under (``run_games``, the AMBUSH sweeps; as the AGGRESSOR
benchmark): the start-up heap frozen, collections rarer. ``--plain-gc`` times them with
Python's default collector instead.
"""

from __future__ import annotations

import argparse
import contextlib
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from hexplay.ai.player import play  # noqa: E402
from hexplay.analysis.batch import batch_gc  # noqa: E402
from hexplay.games.ambush.ai.players import scripted  # noqa: E402
from hexplay.games.ambush.game import AmbushGame, scenario_file  # noqa: E402

BENCH_SCENARIO = "close_escort"
"""The densest standard scenario: the most men in contact at once (three-man escorts bumper to
bumper) and the high-density response force, on the dense forested mountains map (its
``map``)."""


def games_per_s(n: int, warm: int = 5, name: str = BENCH_SCENARIO, batch: bool = True) -> float:
    sc = scenario_file(name)

    def one(seed: int) -> None:
        g = AmbushGame.new(sc, seed=seed)
        play(g, [scripted("adversary", seed), scripted("defender", seed + 1)])

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
    ap.add_argument("--plain-gc", action="store_true", help="Python's default collector")
    a = ap.parse_args()
    print(f"ambush_games_per_s: {games_per_s(a.games, batch=not a.plain_gc):.4g} games/s")


if __name__ == "__main__":
    main()
