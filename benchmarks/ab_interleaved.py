"""A/B of SKIRMISH's or AMBUSH's games/s against another checkout, the games interleaved one
by one (for a loaded machine).

:mod:`ab` and :mod:`ab_ambush` time blocks of 10-20 games of each version in turn; with other
processes on the cores, a block's ratio swings by +-30% (the load changes between blocks).
Here each seed is played by both versions back to back, in alternating order (this
checkout's first on even seeds), and each game's process CPU time is added to its version's
total: both versions meet the same load, game by game. Prints each version's games/s and the
speed-up (this checkout's over the other's) over all games, with the median and range of the
ratios of ``--chunks`` chunks of the seeds:

    python benchmarks/ab_interleaved.py --base /path/to/other/checkout [--game ambush]
        [--games 400] [--chunks 10]

Every game is compared command for command and die for die first (a change that alters a
game is not a speed-up); the warm-up is the benchmarks' (100 SKIRMISH games on the timed map,
5 AMBUSH games), under :func:`hexplay.analysis.batch.batch_gc` as they are timed.
"""

from __future__ import annotations

import argparse
import importlib
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from ab import OTHER, load_other  # noqa: E402


def _skirmish(hx):
    """Version ``hx``'s scripted SKIRMISH game of one seed on its own copy of the map."""
    bench = importlib.import_module(f"{hx.__name__}.analysis.bench")
    ai = importlib.import_module(f"{hx.__name__}.ai")
    rules = importlib.import_module(f"{hx.__name__}.rules.skirmish")
    m = bench.fresh_skirmish_map()

    def one(seed: int):
        g = rules.SkirmishGame.new(seed=seed, map=m)
        ai.play(g, [ai.ScriptedAdversary(seed), ai.ScriptedDefender(seed)])
        return g

    return one, bench.WARMUP_GAMES


def _ambush(hx):
    from ab_ambush import _version

    return _version(hx), 5


def _same(ga, gb, seed: int) -> None:
    same = ga.commands.to_list() == gb.commands.to_list() and ga.winner == gb.winner
    if not same or [r.value for r in ga.dice.rolls] != [r.value for r in gb.dice.rolls]:
        raise SystemExit(f"seed {seed}: the two versions play different games")


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--base", required=True, type=Path, help="the other checkout's root")
    ap.add_argument("--game", choices=("skirmish", "ambush"), default="skirmish")
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--chunks", type=int, default=10)
    a = ap.parse_args(argv)
    import hexplay
    from hexplay.analysis.batch import batch_gc

    make = _skirmish if a.game == "skirmish" else _ambush
    with tempfile.TemporaryDirectory() as tmp:
        other = load_other(a.base.resolve(), Path(tmp))
        assert other.__name__ == OTHER
        (mine, warm), (base, _w) = make(hexplay), make(other)
        for i in range(warm):
            mine(10**6 + i)
            base(10**6 + i)
        t_mine = [0.0] * a.games
        t_base = [0.0] * a.games
        with batch_gc():
            for s in range(a.games):
                for which in (0, 1) if s % 2 == 0 else (1, 0):
                    play, out = (mine, t_mine) if which == 0 else (base, t_base)
                    t0 = time.process_time()
                    g = play(s)
                    out[s] = time.process_time() - t0
                    if which == 0:
                        ga = g
                    else:
                        gb = g
                _same(ga, gb, s)
    size = max(1, a.games // a.chunks)
    ratios = [
        sum(t_base[k : k + size]) / sum(t_mine[k : k + size]) for k in range(0, a.games, size)
    ]
    print(f"this checkout: {a.games / sum(t_mine):.1f} games/s")
    print(f"base checkout: {a.games / sum(t_base):.1f} games/s")
    print(
        f"speed-up: {sum(t_base) / sum(t_mine):.3f} (chunks: median "
        f"{statistics.median(ratios):.3f}, {min(ratios):.3f}-{max(ratios):.3f})"
    )


if __name__ == "__main__":
    main()
