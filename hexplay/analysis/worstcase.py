"""A side's best knobs against the other side's: the worst case a defence must face (the
adversary's best response) or the best defence against an attack, for any game whose analysis
description declares a search space for the side (:attr:`AnalysisSpec.spaces
<hexplay.analysis.games.AnalysisSpec.spaces>`).

:func:`best_response` draws candidate knob sets from the space (the default first, then the
warm starts: winners of neighbouring protection levels and of earlier runs, then random
draws), races them with confidence bounds on common random numbers
(:func:`hexplay.analysis.racing.race`; every rung a sweep of
:func:`~hexplay.analysis.sweep.run_sweep`) and re-estimates the winner and the default on
fresh seeds (the winner's figure in the race is biased upward: it won there). The result
says what was searched, the games spent, and the evidence: every candidate the race dropped,
with the upper bound of how much better than the winner it could be.

Found knob sets can be kept in a JSON file (:func:`save_found`) and given back as warm starts
(:func:`load_found`): a later search starts from them, so a long study builds on earlier ones.
The same seed, candidates and warm starts give the same result.
"""

from __future__ import annotations

import json
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from .grid import IntRange, Uniform, join_point
from .racing import DELTA, RaceResult, halving, race
from .stats import wilson_interval

SEED_STRIDE = 1_000_003
"""The re-estimate's fresh seeds start this far from the search's (never the same games)."""

CANDIDATES = 32
"""Candidates of a search by default: the default, the warm starts, then random draws."""
RUNGS = (40, 80)
"""Games per surviving candidate of the first rungs (then doubling, within the budget): 40
games before a first judgement, so that at P ~ 0.05 a candidate has a few wins to show."""
BUDGET = 8000
"""Games of a search by default (the race's, the fresh re-estimate's apart): about 70 s of one
core for the fastest game's players (``benchmarks/run.py``'s ``worst_case_cpu_s``)."""
FINAL_GAMES = 400
"""Fresh games of the winner's and the default's re-estimate."""


@dataclass
class Estimate:
    """P(the game's reported side wins) for one knob set: wins of games, with its 95 % Wilson
    interval."""

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

    def to_dict(self) -> dict[str, Any]:
        lo, hi = self.ci
        return {"knobs": self.knobs, "wins": self.wins, "games": self.games, "ci": [lo, hi]}


@dataclass
class BestResponse:
    """The result of :func:`best_response`: the searched side's best knobs found and its
    default, both on the same fresh seeds against the other side's fixed knobs ``fixed``.

    ``candidates`` is what was searched (the default first), ``rungs`` every candidate's
    figure at every rung, ``race`` the race itself
    (:class:`~hexplay.analysis.racing.RaceResult`); ``games`` counts every game played (race
    and re-estimate), ``seconds`` the wall time and ``cpu_s`` this process's CPU time (all of
    it with ``scheduler="sync"``)."""

    side: str
    scenario: dict[str, Any]
    fixed: dict[str, Any]
    best: Estimate
    default: Estimate
    rungs: list[list[Estimate]] = field(default_factory=list)
    candidates: list[dict[str, Any]] = field(default_factory=list)
    race: RaceResult | None = None
    games: int = 0
    seconds: float = 0.0
    cpu_s: float = 0.0
    seed: int = 0
    method: str = "race"
    game: str = ""
    win_side: str = "adversary"

    @property
    def label(self) -> str:
        """What the best candidate is called: "best response" (the reported side's) or "best
        defence" (the other side's)."""
        return "best response" if self.side == self.win_side else "best defence"

    def table(self):
        """A DataFrame: the default and the best found, with intervals."""
        import pandas as pd

        df = pd.DataFrame([self.default.row("default"), self.best.row(self.label)])
        return df.rename(columns={"p_adversary_win": f"p_{self.win_side}_win"})

    def evidence(self):
        """A DataFrame, one row per candidate: its games and wins in the race, its estimate,
        how it left (``winner``, ``bound``: excluded by the paired test at the race's level,
        ``budget``: dropped to fit the budget, ``alive``: not separated from the winner) and
        ``gap_upper``, the upper bound of how much better than the arm it was compared with
        it could be (below 0 for every ``bound`` row). The rows of ``budget`` and ``alive``
        are what the race could not exclude."""
        import pandas as pd

        rows = []
        if self.race is None:
            return pd.DataFrame(rows)
        for rec, knobs in zip(self.race.arms, self.candidates):
            lo, hi = rec.interval(1.959963984540054)
            rows.append(
                {
                    "candidate": rec.arm,
                    "knobs": json.dumps(knobs, sort_keys=True),
                    "games": rec.games,
                    "wins": int(rec.wins),
                    "p": rec.p,
                    "ci_high": hi,
                    "fate": rec.fate,
                    "rung": rec.rung,
                    "gap_upper": rec.gap_upper,
                }
            )
        return pd.DataFrame(rows)

    @property
    def excluded_upper(self) -> float:
        """The largest ``gap_upper`` of the candidates the test excluded (below 0: none of
        them is better than the arm it lost to, at the race's level); NaN if none was."""
        dropped = self.race.dropped_by_bound if self.race else []
        gaps = [r.gap_upper for r in dropped if r.gap_upper is not None]
        return max(gaps) if gaps else float("nan")

    def summary(self) -> dict[str, Any]:
        """The search in figures: candidates, games, time, the two estimates, the evidence."""
        race = self.race
        return {
            "game": self.game,
            "side": self.side,
            "scenario": self.scenario,
            "fixed": self.fixed,
            "method": self.method,
            "seed": self.seed,
            "candidates": len(self.candidates),
            "games": self.games,
            "seconds": self.seconds,
            "cpu_s": self.cpu_s,
            "best": self.best.to_dict(),
            "default": self.default.to_dict(),
            "excluded_by_bound": len(race.dropped_by_bound) if race else 0,
            "excluded_upper": self.excluded_upper,
            "unresolved": len(race.unresolved) if race else 0,
        }


def space_of(game: str, side: str) -> dict[str, Any]:
    """The search space of ``side`` that ``game``'s analysis description declares; a
    ``ValueError`` naming the sides that have one otherwise."""
    from .games import spec_of

    spaces = spec_of(game).spaces
    if side not in spaces:
        have = ", ".join(spaces) or "none"
        raise ValueError(f"{game} declares no search space for {side!r} (it has: {have})")
    return dict(spaces[side])


def sample_knobs(
    n: int,
    seed: int = 0,
    space: Mapping[str, Any] | None = None,
    warm: Sequence[Mapping[str, Any]] = (),
) -> list[dict[str, Any]]:
    """``n`` knob sets: the default (``{}``) first, then the warm starts, then random draws
    from ``space`` (each knob's values drawn uniformly; duplicates dropped). Warm starts beyond
    ``n`` are kept (they cost the race little: it drops bad ones early)."""
    rng = np.random.default_rng(seed)
    out: list[dict[str, Any]] = []
    seen: set[str] = set()
    for start in [{}, *warm]:
        key = json.dumps(dict(start), sort_keys=True, default=str)
        if key not in seen:
            seen.add(key)
            out.append(dict(start))
    space = dict(space or {})
    for _ in range(50 * n):
        if len(out) >= n or not space:
            break
        k: dict[str, Any] = {}
        for name, vals in space.items():
            if isinstance(vals, IntRange | Uniform):
                k[name] = vals.draw(rng)
            else:
                v = vals[int(rng.integers(len(vals)))]
                k[name] = v.item() if hasattr(v, "item") else v
        key = json.dumps(k, sort_keys=True, default=str)
        if key not in seen:
            seen.add(key)
            out.append(k)
    return out


def _points(scenario, fixed, knob_sets, side: str, sides: Sequence[str]) -> list[dict]:
    others = {s: dict(fixed) for s in sides if s != side}
    return [join_point(dict(scenario), {side: dict(k), **others}) for k in knob_sets]


def sweep_play(game: str, points: list[dict], seed: int, **sweep_kw: Any):
    """The race's ``play`` over sweep points: games ``start .. start+n-1`` of the points
    ``arms`` are a common-seed sweep from seed ``seed + start``; outcome 1 when the game's
    reported side wins. ``count`` (a list) collects the games played."""
    from .games import spec_of
    from .sweep import run_sweep

    win = spec_of(game).win_side

    def play(arms: list[int], start: int, n: int) -> np.ndarray:
        pts = [points[i] for i in arms]
        df = run_sweep(pts, n, seed=seed + start, game=game, common_seeds=True, **sweep_kw)
        out = np.zeros((len(arms), n))
        won = (df["winner"] == win).to_numpy(dtype=float)
        out[df["point"].to_numpy(), df["game"].to_numpy()] = won
        return out

    return play


def best_response(
    game: str,
    side: str,
    scenario: Mapping[str, Any] | None = None,
    fixed: Mapping[str, Any] | None = None,
    *,
    space: Mapping[str, Any] | None = None,
    candidates: int = CANDIDATES,
    games: Sequence[int] = RUNGS,
    budget: int | None = BUDGET,
    final_games: int = FINAL_GAMES,
    seed: int = 0,
    warm: Sequence[Mapping[str, Any]] = (),
    method: str = "race",
    delta: float = DELTA,
    **sweep_kw: Any,
) -> BestResponse:
    """Search ``side``'s knobs of ``game`` against the other sides' fixed knobs ``fixed`` in
    ``scenario`` (sweep scenario parameters); see the module docstring. The side of the
    game's reported P(win) seeks the highest P, another side the lowest.

    ``games``: games per surviving candidate of the first rungs; ``budget``: games of the race
    (None: just those rungs); ``method``: ``"race"`` (confidence bounds,
    :func:`~hexplay.analysis.racing.race`) or ``"halving"`` (successive halving over the
    rungs, no bounds, no budget). ``warm``: knob sets to try first. ``sweep_kw`` go to
    :func:`~hexplay.analysis.sweep.run_sweep` (``scheduler``, ``n_workers``, ``client``...;
    without a scheduler or client, one local cluster serves the whole search)."""
    from .games import spec_of

    spec = spec_of(game)
    if side not in spec.sides:
        raise ValueError(f"{game} has no side {side!r}; its sides are {spec.sides}")
    if candidates < 1 or not games or any(int(g) < 1 for g in games) or final_games < 1:
        raise ValueError("candidates, every rung's games and final_games must be >= 1")
    if method not in ("race", "halving"):
        raise ValueError(f"method is 'race' or 'halving', not {method!r}")
    space = space_of(game, side) if space is None else dict(space)
    scenario, fixed = dict(scenario or {}), dict(fixed or {})
    sweep_kw.setdefault("progress", False)
    own = None
    if sweep_kw.get("client") is None and sweep_kw.get("scheduler") is None:
        from .sweep import local_client

        own = sweep_kw["client"] = local_client(sweep_kw.pop("n_workers", None))
    t0, c0 = time.perf_counter(), time.process_time()
    try:
        knob_sets = sample_knobs(candidates, seed, space, warm)
        points = _points(scenario, fixed, knob_sets, side, spec.sides)
        play = sweep_play(game, points, seed, **sweep_kw)
        maximize = side == spec.win_side
        if method == "race":
            res = race(
                len(points), play, rungs=games, budget=budget, delta=delta, maximize=maximize
            )
        else:
            res = halving(len(points), play, rungs=games, maximize=maximize)
        best = knob_sets[res.winner]
        final = play_fresh(game, points, [res.winner, 0], seed + SEED_STRIDE, final_games, sweep_kw)
    finally:
        if own is not None:
            from .sweep import _close_client

            _close_client(own)
    rungs = _rung_estimates(res, knob_sets)
    return BestResponse(
        side,
        scenario,
        fixed,
        Estimate(best, int(final[0].sum()), final_games),
        Estimate({}, int(final[1].sum()), final_games),
        rungs,
        knob_sets,
        res,
        res.games + 2 * final_games,
        time.perf_counter() - t0,
        time.process_time() - c0,
        seed,
        method,
        game,
        spec.win_side,
    )


def play_fresh(game, points, arms, seed, n, sweep_kw) -> np.ndarray:
    """Outcomes of ``n`` games of each of ``arms`` (indices into ``points``) on the common
    seeds from ``seed``."""
    return sweep_play(game, points, seed, **sweep_kw)(list(arms), 0, n)


def _rung_estimates(res: RaceResult, knob_sets: list[dict]) -> list[list[Estimate]]:
    out, upto = [], 0
    for n, arms in res.rungs:
        upto += n
        out.append(
            [
                Estimate(
                    knob_sets[i],
                    int(res.arms[i].outcomes[:upto].sum()),
                    int(min(upto, res.arms[i].games)),
                )
                for i in arms
            ]
        )
    return out


def estimate(
    game: str,
    scenario: Mapping[str, Any] | None,
    knobs: Mapping[str, Mapping[str, Any]],
    n: int,
    seed: int,
    **sweep_kw: Any,
) -> Estimate:
    """P(the reported side wins) of one point (``knobs`` by side) in ``n`` games from
    ``seed``."""
    from .games import spec_of

    sweep_kw.setdefault("progress", False)
    point = join_point(dict(scenario or {}), {s: dict(k) for s, k in knobs.items()})
    out = sweep_play(game, [point], seed, **sweep_kw)([0], 0, n)
    side = spec_of(game).win_side
    return Estimate(dict(knobs.get(side, {})), int(out.sum()), int(n))


# --- found knob sets, kept between runs ---------------------------------------------------------
def save_found(path: str | Path, result: BestResponse, note: str = "") -> None:
    """Add ``result``'s best knob set to the JSON file ``path`` (a list of records: game,
    side, scenario, fixed, knobs, fresh estimate, seed), creating it if need be."""
    p = Path(path)
    rows = json.loads(p.read_text()) if p.exists() else []
    rows.append(
        {
            "game": result.game,
            "side": result.side,
            "scenario": result.scenario,
            "fixed": result.fixed,
            "knobs": result.best.knobs,
            "p": result.best.p,
            "ci": list(result.best.ci),
            "games": result.best.games,
            "seed": result.seed,
            "note": note,
        }
    )
    p.write_text(json.dumps(rows, indent=1, sort_keys=True, default=str))


def load_found(
    path: str | Path, game: str, side: str, scenario: Mapping[str, Any] | None = None
) -> list[dict[str, Any]]:
    """The knob sets of ``game``'s ``side`` kept in ``path`` (:func:`save_found`), newest
    first, without repeats; an absent file gives none. ``scenario``: only those found in a
    scenario with these values (compared as text: ``{"n_guards": "6"}`` matches 6). (Read by
    :func:`hexplay.ai.search.found_knob_sets`, which the search player's ``base="found:..."``
    uses too.)"""
    from ..ai.search import found_knob_sets

    return found_knob_sets(path, game, side, scenario)
