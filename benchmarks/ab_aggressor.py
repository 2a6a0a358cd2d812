"""A/B of AGGRESSOR's scripted games/s against another checkout, both in one process.

As :mod:`ab` does for SKIRMISH (its :func:`ab.run`): the other checkout's ``hexplay`` is copied
under another package name, both versions play the same seeds of the benchmark's game
(scripted players, the "batch" scenario, :mod:`aggressor`), interleaved in blocks, timed in
process CPU time under :func:`hexplay.analysis.batch.batch_gc`. The games are first compared
command for command and die for die. Prints each version's games/s and the speed-up (this
checkout's over the other's) over all blocks, with the median and range of the blocks' ratios:

    python benchmarks/ab_aggressor.py --base /path/to/other/checkout [--blocks 20] [--per-game]
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from ab import run  # noqa: E402


def aggressor(hx: Any):
    """Version ``hx``'s scripted AGGRESSOR game of one seed, from its own modules."""
    game = importlib.import_module(f"{hx.__name__}.rules.aggressor.game").AggressorGame
    batch = importlib.import_module(f"{hx.__name__}.rules.aggressor.scenario").SCENARIOS["batch"]
    scripted = importlib.import_module(f"{hx.__name__}.ai.aggressor").ScriptedPlayer
    play = importlib.import_module(f"{hx.__name__}.ai.player").play

    def one(seed: int) -> Any:
        g = game.new(dict(batch), seed=seed)
        play(g, {s: scripted(s, seed + k) for k, s in enumerate(("west", "east"))})
        return g

    return one


def main(argv: list[str] | None = None) -> None:
    run(argv, __doc__, aggressor, warmup=5, block_games=10)


if __name__ == "__main__":
    main()
