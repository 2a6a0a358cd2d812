"""A/B of AGGRESSOR's scripted games/s against another checkout, both in one process.

As :mod:`ab` does for SKIRMISH: the other checkout's ``hexplay`` is copied under another
package name, both versions play the same seeds of the benchmark's game (scripted players,
the "batch" scenario, :mod:`aggressor`), interleaved in blocks, timed in process CPU time under
:func:`hexplay.analysis.batch.batch_gc`. The games are first compared command for command and
die for die. Prints each version's games/s and the speed-up (this checkout's over the
other's) over all blocks, with the median and range of the blocks' ratios:

    python benchmarks/ab_aggressor.py --base /path/to/other/checkout [--blocks 20]
"""

from __future__ import annotations

import argparse
import importlib
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

OTHER = "hexplay_base"
"""The package name the other checkout's ``hexplay`` is imported under."""


def _game(hx, play, seed: int):
    """One scripted game of version ``hx``. Its game and player classes are taken from the
    version's own modules, never through its registry: the registry names its entries by
    absolute ``hexplay.*`` paths, which would load *this* checkout's code for both versions."""
    game = importlib.import_module(f"{hx.__name__}.rules.aggressor.game").AggressorGame
    batch = importlib.import_module(f"{hx.__name__}.rules.aggressor.scenario").SCENARIOS["batch"]
    scripted = importlib.import_module(f"{hx.__name__}.ai.aggressor").ScriptedPlayer
    g = game.new(dict(batch), seed=seed)
    players = {s: scripted(s, seed + k) for k, s in enumerate(("west", "east"))}
    play(g, players)
    return g


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--base", required=True, type=Path, help="the other checkout's root")
    ap.add_argument("--warmup", type=int, default=5)
    ap.add_argument("--blocks", type=int, default=20)
    ap.add_argument("--block-games", type=int, default=10)
    a = ap.parse_args(argv)
    import hexplay
    from hexplay.ai.player import play
    from hexplay.analysis.batch import batch_gc

    src = a.base.resolve() / "hexplay"
    if not (src / "__init__.py").is_file():
        raise SystemExit(f"no hexplay package in {a.base}")
    with tempfile.TemporaryDirectory() as tmp:
        ignore = shutil.ignore_patterns("__pycache__", "static")
        shutil.copytree(src, Path(tmp) / OTHER, ignore=ignore)
        sys.path.insert(0, tmp)
        other = importlib.import_module(OTHER)
        other_play = importlib.import_module(f"{OTHER}.ai.player").play
        versions = [(hexplay, play), (other, other_play)]
        for i in range(a.warmup):
            for hx, pl in versions:
                _game(hx, pl, 10**6 + i)
        for s in range(3):
            ga, gb = (_game(hx, pl, s) for hx, pl in versions)
            same = ga.commands.to_list() == gb.commands.to_list() and ga.winner == gb.winner
            if not same or [r.value for r in ga.dice.rolls] != [r.value for r in gb.dice.rolls]:
                raise SystemExit(f"seed {s}: the two versions play different games")
        times: list[list[float]] = [[], []]
        n = a.block_games
        with batch_gc():
            for k in range(a.blocks):
                order = (0, 1) if k % 2 == 0 else (1, 0)
                for v in order:
                    hx, pl = versions[v]
                    t0 = time.process_time()
                    for s in range(k * n, (k + 1) * n):
                        _game(hx, pl, s)
                    times[v].append(time.process_time() - t0)
    mine, base = times
    ratios = [b / x for x, b in zip(mine, base, strict=True)]
    games = n * a.blocks
    print(f"this checkout: {games / sum(mine):.1f} games/s")
    print(f"base checkout: {games / sum(base):.1f} games/s")
    print(
        f"speed-up: {sum(base) / sum(mine):.3f} (blocks: median "
        f"{statistics.median(ratios):.3f}, {min(ratios):.3f}-{max(ratios):.3f})"
    )


if __name__ == "__main__":
    main()
