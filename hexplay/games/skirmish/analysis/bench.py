"""Benchmarks of the game engines: bot-vs-bot full games per second.

A map's tables are built in two ways: eagerly when the map is first used (sight templates,
movement steps, label tables) and lazily, as games ask for them (the LOS of a hex pair with its
possible vehicle blockers, a man's movement search from a hex, a computer player's shot values
from a hex to a hex). The lazy tables are pure functions of the map, shared by every game on it,
so a batch gets faster over its first games and then holds its pace. Both paces are measured:
``warm`` (after ``warmup`` games with other seeds, the pace of a batch of any size beyond a
few hundred games) and ``cold`` (a fresh copy of the map, eager tables built, no game played).
"""

from __future__ import annotations

import time
from collections.abc import Callable

WARMUP_GAMES = 100
"""Games (seeds ``10**6 + i``) played before a warm measurement."""


def _scripted_game(seed: int, m) -> None:
    from hexplay.games.skirmish.ai.base import play
    from hexplay.games.skirmish.ai.players import ScriptedAdversary, ScriptedDefender

    from .. import SkirmishGame

    play(SkirmishGame.new(seed=seed, map=m), [ScriptedAdversary(seed), ScriptedDefender(seed)])


def games_per_s(
    play_one: Callable[[int, object], None],
    m,
    n: int,
    seed: int = 0,
    warmup: int = 0,
    clock: Callable[[], float] = time.process_time,
) -> float:
    """Games per second of ``play_one(seed, map)`` over seeds ``seed .. seed + n - 1`` after
    ``warmup`` games with seeds ``10**6 + i``, timed by ``clock``: this process's CPU time by
    default (the rate one core gives, even on a machine whose other processes take turns on
    it; the AGGRESSOR, naval and AMBUSH figures are timed so too), ``time.perf_counter`` for
    wall time. Garbage collection is tuned as in a batch run
    (:func:`~hexplay.analysis.batch.batch_gc`)."""
    from hexplay.analysis.batch import batch_gc

    for i in range(warmup):
        play_one(10**6 + i, m)
    with batch_gc():
        t0 = clock()
        for i in range(n):
            play_one(seed + i, m)
        return n / (clock() - t0)


def fresh_skirmish_map():
    """A new copy of the bundled SKIRMISH map with its eager tables built (sight templates,
    the rules' terrain tables) and none of the lazy ones."""
    from hexplay.maps import load_map

    from ..terrain import terrain_for

    m = load_map("skirmish")
    terrain_for(m).sight._get_templates()
    return m


def skirmish_games_per_s(n: int = 400, seed: int = 0, warmup: int = WARMUP_GAMES) -> float:
    """Full SKIRMISH games per second on one core: scripted adversary against scripted
    defender, basic scenario, bundled map, every game with its own seed.

    ``warmup`` games with other seeds are played first on the same map (``warmup=0``: the
    cold pace of a fresh map).
    """
    return games_per_s(_scripted_game, fresh_skirmish_map(), n, seed, warmup)
