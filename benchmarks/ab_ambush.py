"""A/B of AMBUSH's games/s against another checkout, both in one process.

As :mod:`ab` does for SKIRMISH: the other checkout's ``hexplay`` is copied under another
package name, both versions play the same seeds of the AMBUSH benchmark's game (scripted
players on both sides, :data:`ambush.BENCH_SCENARIO`), interleaved in blocks, timed in process
CPU time under :func:`hexplay.analysis.batch.batch_gc`. The games are first compared command for
command and die for die. Prints each version's games/s and the speed-up (this checkout's over
the other's) over all blocks, with the median and range of the blocks' ratios:

    python benchmarks/ab_ambush.py --base /path/to/other/checkout [--blocks 20] [--per-game]
"""

from __future__ import annotations

import argparse
import importlib
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from ab import load_other, report, time_blocks, time_pairs  # noqa: E402
from ambush import BENCH_SCENARIO  # noqa: E402


def _version(hx):
    """Version ``hx``'s game of one seed, from its own modules (never through its registry,
    whose entries name absolute ``hexplay.*`` paths: both versions would run this checkout)."""
    game = importlib.import_module(f"{hx.__name__}.rules.ambush.game")
    scripted = importlib.import_module(f"{hx.__name__}.ai.ambush").scripted
    play = importlib.import_module(f"{hx.__name__}.ai.player").play
    sc = game.scenario_file(BENCH_SCENARIO)

    def one(seed: int):
        g = game.AmbushGame.new(sc, seed=seed)
        play(g, [scripted("adversary", seed), scripted("defender", seed + 1)])
        return g

    return one


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--base", required=True, type=Path, help="the other checkout's root")
    ap.add_argument("--warmup", type=int, default=5)
    ap.add_argument("--blocks", type=int, default=20)
    ap.add_argument("--block-games", type=int, default=10)
    ap.add_argument("--compare", type=int, default=5, help="seeds compared die for die first")
    ap.add_argument(
        "--per-game", action="store_true", help="alternate the versions game by game (time_pairs)"
    )
    a = ap.parse_args(argv)
    import hexplay

    with tempfile.TemporaryDirectory() as tmp:
        other = load_other(a.base.resolve(), Path(tmp))
        mine, base = _version(hexplay), _version(other)
        for i in range(a.warmup):
            mine(10_000 + i)
            base(10_000 + i)
        for s in range(a.compare):
            ga, gb = mine(20_000 + s), base(20_000 + s)
            same = ga.commands.to_list() == gb.commands.to_list() and ga.winner == gb.winner
            if not same or [r.value for r in ga.dice.rolls] != [r.value for r in gb.dice.rolls]:
                raise SystemExit(f"seed {20_000 + s}: the two versions play different games")
        timer = time_pairs if a.per_game else time_blocks
        t_mine, t_other = timer(mine, base, a.blocks, a.block_games)
    report(t_mine, t_other, a.block_games * a.blocks)


if __name__ == "__main__":
    main()
