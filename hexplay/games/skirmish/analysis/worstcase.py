"""Protection judged against the adversary's best response: the attack with the highest
P(adversary win) found in the adversary's tactic parameter space, for one defender
configuration, next to the default tactics' figure.

Method: **successive halving** (Jamieson & Talwalkar, "Non-stochastic best arm identification
and hyperparameter optimization", AISTATS 2016; Karnin, Koren & Somekh, ICML 2013) over
candidate attacks drawn from the tactic knobs' space (:data:`ADVERSARY_SPACE`), with **common
random numbers**: in every rung all surviving candidates play the same game seeds (a sweep with
``common_seeds=True``), so they are compared on the same dice and the same convoy behaviour and
the noise of a comparison is that of a paired difference. Each rung doubles the games per
candidate and keeps the better half. It is made for noisy objectives without a model of them;
a Bayesian optimiser (e.g. optuna's TPE) would model a 10-dimensional mixed space from few
noisy points, and a new dependency was not worth it for a space this small. The rungs run as
sweeps on Dask (:func:`hexplay.analysis.sweep.run_sweep`: the same machinery, workers and
checkpoints as every sweep).

The winner of the last rung was chosen on the seeds it was judged on, so its figure there is
biased upward (the winner's curse): it is **re-estimated on fresh seeds** (never used in the
search) with a Wilson interval, and so is the default adversary, on those same fresh seeds.

``worst_case(scenario={"n_guards": 6}, candidates=16, games=(20, 40, 80), final_games=400)``
returns a :class:`BestResponse`; ``hexplay worst-case --game skirmish --set scenario.n_guards=6``
does it from the command line.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from hexplay.analysis.grid import IntRange, join_point
from hexplay.analysis.stats import wilson_interval

ADVERSARY_SPACE: dict[str, Any] = {
    "workers": IntRange(1, 5),
    "replace_workers": [True, False],
    "station_range": IntRange(2, 7),
    "station_cover": ["trees", "slope", "open", "any"],
    "worker_start": IntRange(1, 4),
    "assault_turn": IntRange(1, 4),
    "wait_for_crew": [True, False],
    "fire_priority": ["best_odds", "nearest", "wounded", "threat"],
    "min_hit": [1 / 12, 1 / 9, 1 / 6, 1 / 4],
}
"""The adversary tactic knobs searched (:data:`hexplay.games.skirmish.ai.tactics.ADVERSARY_KNOBS`)
and their
ranges: the workers and stations around the sizes the 1980 scenarios field (3-8 men), the
assault turns of the 8-10 turn games, the hit chances of Table VI's steps."""

DEFENDER_SPACE: dict[str, Any] = {
    "escort_mode": ["close", "hold"],
    "dismount_distance": IntRange(1, 5),
    "dismount": [True, False],
    "foot_mode": ["advance", "hold"],
    "engage_range": IntRange(1, 6),
    "transporter_crew": ["stay", "dismount"],
    "fire_priority": ["workers", "best_odds", "nearest", "wounded"],
    "min_hit": [1 / 12, 1 / 9, 1 / 6, 1 / 4],
}
"""The defender tactic knobs searched by :func:`best_defence`
(:data:`hexplay.games.skirmish.ai.tactics.DEFENDER_KNOBS`, all but ``fire``): the escorts'
stand-off within
the 5 hexes of a dismount, the guards' closing range up to the rifle's effective band, the
same hit steps as the adversary's."""

SEED_STRIDE = 1_000_003
"""The re-estimate's fresh seeds start this far from the search's (never the same games)."""


@dataclass
class Estimate:
    """P(adversary win) of one attack: wins of games, with its 95 % Wilson interval."""

    knobs: dict[str, Any]
    wins: int
    games: int

    @property
    def p(self) -> float:
        return self.wins / self.games if self.games else float("nan")

    @property
    def ci(self) -> tuple[float, float]:
        return wilson_interval(self.wins, self.games)

    def row(self, label: str) -> dict[str, Any]:
        lo, hi = self.ci
        return {
            "attack": label,
            "games": self.games,
            "wins": self.wins,
            "p_adversary_win": self.p,
            "ci_low": lo,
            "ci_high": hi,
        }


@dataclass
class BestResponse:
    """The result of :func:`worst_case` (``side="adversary"``: the attack with the highest
    P(adversary win) found) and of :func:`best_defence` (``side="defender"``: the defence with
    the lowest): the searched side's best knobs found and its default tactics, both on the same
    fresh seeds against the other side's fixed knobs ``fixed``; ``rungs`` holds every
    candidate's figure at every rung of the search."""

    side: str
    scenario: dict[str, Any]
    fixed: dict[str, Any]
    best: Estimate
    default: Estimate
    rungs: list[list[Estimate]] = field(default_factory=list)

    @property
    def label(self) -> str:
        """What the best candidate is called: "best response" (an attack) or "best defence"."""
        return "best response" if self.side == "adversary" else "best defence"

    def table(self):
        """A DataFrame: the default and the best found, with intervals."""
        import pandas as pd

        return pd.DataFrame([self.default.row("default"), self.best.row(self.label)])


def sample_attacks(n: int, seed: int = 0, space: Mapping[str, Any] | None = None) -> list[dict]:
    """``n`` adversary knob sets: the default tactics first, then random draws from ``space``
    (duplicates dropped)."""
    space = dict(ADVERSARY_SPACE if space is None else space)
    rng = np.random.default_rng(seed)
    out: list[dict] = [{}]
    seen = {repr({})}
    for _ in range(50 * n):
        if len(out) >= n:
            break
        k: dict[str, Any] = {}
        for name, vals in space.items():
            if isinstance(vals, IntRange):
                k[name] = vals.draw(rng)
            else:
                v = vals[int(rng.integers(len(vals)))]
                k[name] = v.item() if hasattr(v, "item") else v
        if repr(k) not in seen:
            seen.add(repr(k))
            out.append(k)
    return out


def _points(scenario, fixed, attacks, side: str = "adversary") -> list[dict[str, Any]]:
    """Sweep points: each of ``attacks`` (knobs of ``side``) against the other side's fixed
    knobs ``fixed``."""
    other = "defender" if side == "adversary" else "adversary"
    return [join_point(dict(scenario), {side: a, other: dict(fixed)}) for a in attacks]


def _wins(df, n_points: int) -> tuple[np.ndarray, np.ndarray]:
    won = (df["winner"] == "adversary").to_numpy()
    pts = df["point"].to_numpy()
    return np.bincount(pts, weights=won, minlength=n_points), np.bincount(pts, minlength=n_points)


def worst_case(
    scenario: Mapping[str, Any] | None = None,
    defender: Mapping[str, Any] | None = None,
    *,
    candidates: int = 16,
    games: Sequence[int] = (20, 40, 80),
    final_games: int = 400,
    seed: int = 0,
    space: Mapping[str, Any] | None = None,
    game: str = "skirmish",
    **sweep_kw: Any,
) -> BestResponse:
    """Search the adversary's tactics for the highest P(adversary win) against ``defender``
    (tactic knobs) in ``scenario`` (sweep scenario parameters); see the module docstring.

    ``games[i]``: games per candidate at rung ``i`` (the rungs keep halving the candidates;
    the games of every rung are new seeds, common to its candidates). ``final_games``: the
    re-estimate of the winner and of the default on fresh seeds. ``sweep_kw`` go to
    :func:`~hexplay.analysis.sweep.run_sweep` (``scheduler``, ``n_workers``, ``client``,
    ``progress``...)."""
    return _halving(
        "adversary", scenario, defender, candidates, games, final_games, seed, space, game, sweep_kw
    )


def best_defence(
    scenario: Mapping[str, Any] | None = None,
    adversary: Mapping[str, Any] | None = None,
    *,
    candidates: int = 16,
    games: Sequence[int] = (20, 40, 80),
    final_games: int = 400,
    seed: int = 0,
    space: Mapping[str, Any] | None = None,
    game: str = "skirmish",
    **sweep_kw: Any,
) -> BestResponse:
    """The mirror of :func:`worst_case`: the defender's tactics (:data:`DEFENDER_SPACE`)
    searched, by the same successive halving on common seeds, for the *lowest* P(adversary
    win) against the adversary's fixed tactic knobs ``adversary``; the winner and the default
    defence re-estimated on fresh seeds."""
    return _halving(
        "defender",
        scenario,
        adversary,
        candidates,
        games,
        final_games,
        seed,
        DEFENDER_SPACE if space is None else space,
        game,
        sweep_kw,
    )


def _halving(
    side: str,
    scenario: Mapping[str, Any] | None,
    other: Mapping[str, Any] | None,
    candidates: int,
    games: Sequence[int],
    final_games: int,
    seed: int,
    space: Mapping[str, Any] | None,
    game: str,
    sweep_kw: dict[str, Any],
) -> BestResponse:
    """Successive halving over knob sets of ``side`` against ``other`` (the other side's
    knobs): the adversary's best is the highest P(adversary win), the defender's the lowest."""
    from hexplay.analysis.sweep import run_sweep

    sign = 1.0 if side == "adversary" else -1.0
    if candidates < 1 or not games or any(int(g) < 1 for g in games) or final_games < 1:
        raise ValueError("candidates, every rung's games and final_games must be >= 1")
    scenario, fixed = dict(scenario or {}), dict(other or {})
    sweep_kw.setdefault("progress", False)
    alive = sample_attacks(candidates, seed, space)
    rungs: list[list[Estimate]] = []
    base = seed
    for i, n in enumerate(games):
        pts = _points(scenario, fixed, alive, side)
        df = run_sweep(pts, int(n), seed=base, game=game, **sweep_kw)
        wins, plays = _wins(df, len(alive))
        rung = [Estimate(a, int(w), int(p)) for a, w, p in zip(alive, wins, plays)]
        rungs.append(rung)
        base += int(n)  # the next rung plays new games
        keep = max(1, len(alive) // 2) if i < len(games) - 1 else 1
        order = sorted(range(len(rung)), key=lambda j: (-sign * rung[j].p, j))
        alive = [alive[j] for j in order[:keep]]
    best = alive[0]
    fresh = seed + SEED_STRIDE
    df = run_sweep(
        _points(scenario, fixed, [best, {}], side),
        final_games,
        seed=fresh,
        game=game,
        **sweep_kw,
    )
    wins, plays = _wins(df, 2)
    return BestResponse(
        side,
        scenario,
        fixed,
        Estimate(best, int(wins[0]), int(plays[0])),
        Estimate({}, int(wins[1]), int(plays[1])),
        rungs,
    )
