"""Protection judged against the adversary's best response: SKIRMISH's worst-case searches,
the shared :func:`hexplay.analysis.worstcase.best_response` over SKIRMISH's declared spaces
(:mod:`hexplay.games.skirmish.analysis.spaces`).

Method (see :mod:`hexplay.analysis.racing`): candidate attacks (the default first, then warm
starts, then random draws) are **raced with confidence bounds** on **common random numbers**:
every surviving candidate plays the same seeds, and one is dropped only when a paired test on
the games where it and the leader differ says it is worse (at 5 % over the whole race), or
when the game budget forces a halving (those are reported as not excluded). The winner is
**re-estimated on fresh seeds** with a Wilson interval, next to the default on the same seeds.

Why: at 6 guards, where P(adversary win) is near 0.05, the earlier successive halving (16
candidates, rungs of 20/40/80 games) dropped the strong attacks on noise and returned the
default (0.02) where attacks of 0.14-0.19 existed. The race drops the many hopeless candidates
after a few discordant games and spends the budget on the close ones (``benchmarks/run.py``'s
``worst_case_default_p``; ``benchmarks/worst_case.py`` compares it with halving and optuna).

``worst_case(scenario={"n_guards": 6})`` returns a
:class:`~hexplay.analysis.worstcase.BestResponse`; ``hexplay worst-case --game skirmish --set
scenario.n_guards=6`` does it from the command line.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from hexplay.analysis.worstcase import (
    BUDGET,
    CANDIDATES,
    FINAL_GAMES,
    RUNGS,
    SEED_STRIDE,
    BestResponse,
    Estimate,
    best_response,
    sample_knobs,
)

from .spaces import ADVERSARY_SPACE, DEFENDER_SPACE

__all__ = [
    "ADVERSARY_SPACE",
    "DEFENDER_SPACE",
    "SEED_STRIDE",
    "BestResponse",
    "Estimate",
    "best_defence",
    "sample_attacks",
    "worst_case",
]


def sample_attacks(n: int, seed: int = 0, space: Mapping[str, Any] | None = None) -> list[dict]:
    """``n`` adversary knob sets: the default tactics first, then random draws from ``space``
    (duplicates dropped)."""
    return sample_knobs(n, seed, ADVERSARY_SPACE if space is None else space)


def worst_case(
    scenario: Mapping[str, Any] | None = None,
    defender: Mapping[str, Any] | None = None,
    *,
    candidates: int = CANDIDATES,
    games: Sequence[int] = RUNGS,
    budget: int | None = BUDGET,
    final_games: int = FINAL_GAMES,
    seed: int = 0,
    space: Mapping[str, Any] | None = None,
    warm: Sequence[Mapping[str, Any]] = (),
    method: str = "race",
    game: str = "skirmish",
    **sweep_kw: Any,
) -> BestResponse:
    """The adversary's tactics searched for the highest P(adversary win) against ``defender``
    (tactic knobs) in ``scenario`` (sweep scenario parameters); see the module docstring and
    :func:`~hexplay.analysis.worstcase.best_response` for the arguments."""
    return best_response(
        game, "adversary", scenario, defender, space=space or ADVERSARY_SPACE,
        candidates=candidates, games=games, budget=budget, final_games=final_games, seed=seed,
        warm=warm, method=method, **sweep_kw,
    )  # fmt: skip


def best_defence(
    scenario: Mapping[str, Any] | None = None,
    adversary: Mapping[str, Any] | None = None,
    *,
    candidates: int = CANDIDATES,
    games: Sequence[int] = RUNGS,
    budget: int | None = BUDGET,
    final_games: int = FINAL_GAMES,
    seed: int = 0,
    space: Mapping[str, Any] | None = None,
    warm: Sequence[Mapping[str, Any]] = (),
    method: str = "race",
    game: str = "skirmish",
    **sweep_kw: Any,
) -> BestResponse:
    """The mirror of :func:`worst_case`: the defender's tactics (:data:`DEFENDER_SPACE`)
    searched for the *lowest* P(adversary win) against the adversary's fixed knobs
    ``adversary``; the winner and the default defence re-estimated on fresh seeds."""
    return best_response(
        game, "defender", scenario, adversary, space=space or DEFENDER_SPACE,
        candidates=candidates, games=games, budget=budget, final_games=final_games, seed=seed,
        warm=warm, method=method, **sweep_kw,
    )  # fmt: skip
