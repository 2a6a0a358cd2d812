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
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from ab import OTHER, load_other, report, time_blocks  # noqa: E402


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

    with tempfile.TemporaryDirectory() as tmp:
        other = load_other(a.base.resolve(), Path(tmp))
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
        t_mine, t_other = time_blocks(
            lambda s: _game(hexplay, play, s),
            lambda s: _game(other, other_play, s),
            a.blocks,
            a.block_games,
        )
    report(t_mine, t_other, a.block_games * a.blocks)


if __name__ == "__main__":
    main()
