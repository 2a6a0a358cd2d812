"""A/B of SKIRMISH's games/s against another checkout, both in one process.

On a shared machine two processes timed one after the other see different loads; here the
other checkout's ``hexplay`` is copied under another package name (its modules import each
other relatively) and both play the same seeds, interleaved in blocks, timed in process CPU
time. Prints each version's games/s and the speed-up (this checkout's over the other's) over
all blocks, with the median and range of the blocks' ratios:

    python benchmarks/ab.py --base /path/to/other/checkout [--warmup 100] [--blocks 20]
        [--per-game]

``--per-game`` alternates the two versions game by game instead of block by block
(:func:`time_pairs`): on a machine whose load swings over seconds, the blocks' ratios then
spread less.

Both versions play the scripted SKIRMISH game of :mod:`hexplay.games.skirmish.analysis.bench` on
their own
copy of the map, each after ``--warmup`` games (the map's lazy tables filled); ``--compare``
games are compared command for command and die for die first. The other games' A/B
(``ab_ambush.py``, ``ab_aggressor.py``) run the same :func:`run` with their own game.
"""

from __future__ import annotations

import argparse
import importlib
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

OTHER = "hexplay_base"
"""The package name the other checkout's ``hexplay`` is imported under."""


def load_other(base: Path, tmp: Path):
    """The other checkout's ``hexplay`` copied into ``tmp`` and imported as :data:`OTHER`."""
    src = base / "hexplay"
    if not (src / "__init__.py").is_file():
        raise SystemExit(f"no hexplay package in {base}")
    shutil.copytree(src, tmp / OTHER, ignore=shutil.ignore_patterns("__pycache__", "static"))
    sys.path.insert(0, str(tmp))
    return importlib.import_module(OTHER)


def time_blocks(
    mine: Callable[[int], object], other: Callable[[int], object], blocks: int, n: int
) -> tuple[list[float], list[float]]:
    """CPU seconds of each block of ``n`` seeds played by ``mine`` and by ``other`` (one game
    per call), the two taking turns to go first, under :func:`batch_gc`."""
    from hexplay.analysis.batch import batch_gc

    t_mine: list[float] = []
    t_other: list[float] = []
    with batch_gc():
        for k in range(blocks):
            pair = [(mine, t_mine), (other, t_other)]
            for play, out in pair if k % 2 == 0 else pair[::-1]:
                t0 = time.process_time()
                for s in range(k * n, (k + 1) * n):
                    play(s)
                out.append(time.process_time() - t0)
    return t_mine, t_other


def time_pairs(
    mine: Callable[[int], object], other: Callable[[int], object], blocks: int, n: int
) -> tuple[list[float], list[float]]:
    """:func:`time_blocks` with the two versions taking turns game by game (each seed played
    by both, one after the other, the first alternating), each game timed on its own and the
    times summed per block of ``n`` seeds: a load that changes over seconds then weighs on
    both versions alike (``--per-game``)."""
    from hexplay.analysis.batch import batch_gc

    t_mine: list[float] = []
    t_other: list[float] = []
    clock = time.process_time
    with batch_gc():
        for k in range(blocks):
            spent = {"mine": 0.0, "other": 0.0}
            for s in range(k * n, (k + 1) * n):
                pair = [("mine", mine), ("other", other)]
                for who, play in pair if s % 2 == 0 else pair[::-1]:
                    t0 = clock()
                    play(s)
                    spent[who] += clock() - t0
            t_mine.append(spent["mine"])
            t_other.append(spent["other"])
    return t_mine, t_other


def report(t_mine: list[float], t_other: list[float], games: int) -> None:
    """Each version's games/s and the speed-up, with the median and range of the blocks'."""
    ratios = [b / x for x, b in zip(t_mine, t_other, strict=True)]
    print(f"this checkout: {games / sum(t_mine):.1f} games/s")
    print(f"base checkout: {games / sum(t_other):.1f} games/s")
    print(
        f"speed-up: {sum(t_other) / sum(t_mine):.3f} (blocks: median "
        f"{statistics.median(ratios):.3f}, {min(ratios):.3f}-{max(ratios):.3f})"
    )


def same_games(mine: Callable[[int], Any], other: Callable[[int], Any], seeds: range) -> None:
    """Stop unless both versions play each seed's game alike: the same commands, winner and
    dice (a change that alters a game is not a speed-up)."""
    for s in seeds:
        ga, gb = mine(s), other(s)
        same = ga.commands.to_list() == gb.commands.to_list() and ga.winner == gb.winner
        if not same or [r.value for r in ga.dice.rolls] != [r.value for r in gb.dice.rolls]:
            raise SystemExit(f"seed {s}: the two versions play different games")


Version = Callable[[Any], Callable[[int], Any]]
"""A game's A/B entry: given a version's ``hexplay`` package, its game of one seed (played to
the end and returned), built from that version's own modules -- never through its registry,
whose entries name absolute ``hexplay.*`` paths (both versions would run this checkout)."""


def run(argv: list[str] | None, doc: str, version: Version, warmup: int, block_games: int) -> None:
    """The A/B every ``ab*.py`` runs: options parsed (``doc`` is the help), the other checkout
    loaded, ``warmup`` games of seeds ``10**6 + i`` by each version, ``--compare`` seeds
    (``20_000 + i``) compared by :func:`same_games`, then the timed blocks
    (:func:`time_blocks`, or :func:`time_pairs` with ``--per-game``) and :func:`report`."""
    ap = argparse.ArgumentParser(description=doc, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--base", required=True, type=Path, help="the other checkout's root")
    ap.add_argument("--warmup", type=int, default=warmup)
    ap.add_argument("--blocks", type=int, default=20)
    ap.add_argument("--block-games", type=int, default=block_games)
    ap.add_argument("--compare", type=int, default=3, help="seeds compared die for die first")
    ap.add_argument(
        "--per-game", action="store_true", help="alternate the versions game by game (time_pairs)"
    )
    a = ap.parse_args(argv)
    import hexplay

    with tempfile.TemporaryDirectory() as tmp:
        other = load_other(a.base.resolve(), Path(tmp))
        mine, base = version(hexplay), version(other)
        for i in range(a.warmup):
            mine(10**6 + i)
            base(10**6 + i)
        same_games(mine, base, range(20_000, 20_000 + a.compare))
        timer = time_pairs if a.per_game else time_blocks
        t_mine, t_other = timer(mine, base, a.blocks, a.block_games)
    report(t_mine, t_other, a.block_games * a.blocks)


def skirmish(hx: Any) -> Callable[[int], Any]:
    """Version ``hx``'s scripted SKIRMISH game (:mod:`hexplay.games.skirmish.analysis.bench`'s) on
    a copy of
    the map of its own, made once."""
    name = hx.__name__
    try:  # the games' packages (hexplay.games.skirmish)
        bench = importlib.import_module(f"{name}.games.skirmish.analysis.bench")
        rules = importlib.import_module(f"{name}.games.skirmish.game")
        loop = importlib.import_module(f"{name}.games.skirmish.ai.base")
        ai = importlib.import_module(f"{name}.games.skirmish.ai.players")
    except ImportError:  # an older version: SKIRMISH's names in hexplay.ai
        bench = importlib.import_module(f"{name}.analysis.bench")
        rules = importlib.import_module(f"{name}.rules.skirmish")
        loop = ai = importlib.import_module(f"{name}.ai")
    m = bench.fresh_skirmish_map()

    def one(seed: int) -> Any:
        g = rules.SkirmishGame.new(seed=seed, map=m)
        return loop.play(g, [ai.ScriptedAdversary(seed), ai.ScriptedDefender(seed)])

    return one


def main(argv: list[str] | None = None) -> None:
    run(argv, __doc__, skirmish, warmup=100, block_games=20)


if __name__ == "__main__":
    main()
