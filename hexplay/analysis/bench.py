"""Benchmarks of the game engines: bot-vs-bot full games per second."""

from __future__ import annotations

import time


def skirmish_games_per_s(n: int = 50, seed: int = 0, warmup: int = 2) -> float:
    """Play ``n`` full SKIRMISH games (scripted adversary vs scripted defender, bundled map,
    basic scenario) on one core and return games per second.

    The map's sight and movement tables are built once per process (first call, excluded by
    ``warmup`` games); every game has its own seed.  Garbage collection is tuned as in a batch
    run (:func:`~hexplay.analysis.batch.batch_gc`).
    """
    from ..ai import ScriptedAdversary, ScriptedDefender, play
    from ..rules.skirmish import SkirmishGame
    from .batch import batch_gc

    for i in range(warmup):
        play(SkirmishGame.new(seed=10**6 + i), [ScriptedAdversary(0), ScriptedDefender(0)])
    with batch_gc():
        t0 = time.perf_counter()
        for i in range(n):
            s = seed + i
            play(SkirmishGame.new(seed=s), [ScriptedAdversary(s), ScriptedDefender(s)])
        return n / (time.perf_counter() - t0)
