"""Win probability of a game in progress: Monte Carlo of the remaining turns, for any game.

:func:`win_probability` copies the game ``n`` times (the map and the per-map tables the game
shares are not copied), gives each copy fresh dice (seeds ``seed .. seed+n-1``) and lets the
game's default computer players (its analysis description, :mod:`hexplay.analysis.games`)
finish it. A plot a side has already submitted this turn is
kept; an unsubmitted side is plotted by its computer player. The estimate is the fraction of
continuations the reported side (``spec.win_side``) wins, with a Wilson
score interval.

Note: the continuations are played by the computer players with the knobs in ``tactics``, so
the figure is "P(win) if both sides play on like these players" — a gauge, not an oracle.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from .stats import Z95, wilson_interval


def _fork(game, seed: int):
    """An independent copy of ``game`` sharing its map and per-map tables, with new dice."""
    from ..engine import Dice

    shared = list(game.shared())
    terrain = getattr(game, "terrain", None)
    if terrain is not None:
        shared.append(terrain)
    g = copy.deepcopy(game, {id(o): o for o in shared})
    g.dice = Dice(int(seed))
    g.dice.turn = getattr(game.dice, "turn", None)
    return g


def win_probability(
    game,
    n: int = 100,
    seed: int = 0,
    tactics: Mapping[str, Mapping[str, Any]] | None = None,
    z: float = Z95,
) -> dict[str, Any]:
    """P(win) of the reported side from ``game``'s current state by ``n`` continuations.

    Returns ``p_<side>`` for every side, ``ci_low``/``ci_high`` (Wilson, for the reported
    side), ``side`` (which one), ``n``, ``<side>_wins``, ``turn``, ``phase``, ``over`` and the
    continuations' mean of each of the game's mean columns (its spec's ``means``). A finished
    game gives 1 or 0 with ``n = 0``.
    """
    from ..ai.player import play
    from .games import GameRunner, spec_of

    spec = spec_of(game.info.name)
    side = spec.win_side

    def result(wins: float, count: int, means: dict[str, float]) -> dict[str, Any]:
        p = wins / count if count else (0.5 if not game.over else float(wins))
        lo, hi = (p, p) if game.over else wilson_interval(wins, count, z)
        out: dict[str, Any] = {f"p_{s}": (p if s == side else None) for s in spec.sides}
        if len(spec.sides) == 2:
            out[f"p_{spec.sides[1 - spec.sides.index(side)]}"] = 1.0 - p
        out.update(ci_low=lo, ci_high=hi, side=side, n=int(count))
        out[f"{side}_wins"] = int(wins)
        out.update(turn=game.turn, phase=game.phase, over=bool(game.over), **means)
        return out

    if game.over:
        row = game.outcome()
        won = 1.0 if row.get("winner") == side else 0.0
        return result(won, 0, {k: float(row[k]) for k in spec.means if k in row})
    runner = GameRunner(spec.game)
    wins = 0
    sums = dict.fromkeys(spec.means, 0.0)
    for i in range(int(n)):
        s = int(seed) + i
        g = _fork(game, s)
        play(g, runner.players(tactics, s))
        row = g.outcome()
        wins += row.get("winner") == side
        for k in sums:
            sums[k] += float(row.get(k) or 0)
    means = {k: (v / n if n else float("nan")) for k, v in sums.items()}
    return result(wins, int(n), means)
