"""Win probability of a game in progress: Monte Carlo of the remaining turns.

:func:`win_probability` copies the game ``n`` times (the map and its precomputed tables are
shared, not copied), gives each copy fresh dice (seeds ``seed .. seed+n-1``) and lets the tactic
players (:mod:`hexplay.ai.tactics`) finish it. A plot a side has already submitted this turn is
kept; an unsubmitted side is plotted by its computer player. The estimate is the fraction of
continuations the adversary wins, with a Wilson score interval.

Note: the continuations are played by the computer players with the knobs in ``tactics``, so
the figure is "P(adversary win) if both sides play on like these players" — a gauge, not an
oracle.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from .stats import Z95, wilson_interval


def _fork(game, seed: int):
    """An independent copy of ``game`` sharing its map and terrain tables, with new dice."""
    from ..engine import Dice

    memo = {id(game.map): game.map}
    terrain = getattr(game, "terrain", None)
    if terrain is not None:
        memo[id(terrain)] = terrain
    g = copy.deepcopy(game, memo)
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
    """P(adversary win) from ``game``'s current state by ``n`` simulated continuations.

    Returns ``p_adversary``, ``p_defender``, ``ci_low``/``ci_high`` (Wilson, for the
    adversary), ``n``, ``adversary_wins``, ``turn``, ``phase``, ``over`` and the continuations'
    mean ``turns`` and ``barrier_points``. A finished game gives 1 or 0 with ``n = 0``.
    """
    from ..ai.tactics import make_players
    from .runner import play_game

    if game.over:
        p = 1.0 if game.winner == "adversary" else 0.0
        return {
            "p_adversary": p,
            "p_defender": 1.0 - p,
            "ci_low": p,
            "ci_high": p,
            "n": 0,
            "adversary_wins": int(p),
            "turn": game.turn,
            "phase": game.phase,
            "over": True,
            "turns": float(game.turns_played),
            "barrier_points": float(game.barrier),
        }
    wins = 0
    turns = 0
    points = 0
    for i in range(int(n)):
        s = int(seed) + i
        g = _fork(game, s)
        play_game(g, make_players(tactics, s))
        wins += g.winner == "adversary"
        turns += g.turns_played
        points += g.barrier
    lo, hi = wilson_interval(wins, n, z)
    p = wins / n if n else 0.5
    return {
        "p_adversary": p,
        "p_defender": 1.0 - p,
        "ci_low": lo,
        "ci_high": hi,
        "n": int(n),
        "adversary_wins": int(wins),
        "turn": game.turn,
        "phase": game.phase,
        "over": False,
        "turns": turns / n if n else float("nan"),
        "barrier_points": points / n if n else float("nan"),
    }
