"""Worst-case search figures (issue 34): prints ``name: value unit`` lines.

``figures(quick)`` (``benchmarks/run.py --only worstcase``):

* ``worst_case_default_p``: SKIRMISH at 6 guards, the attack the default settings of
  :func:`hexplay.games.skirmish.analysis.worstcase.worst_case` find (32 candidates, rungs 40/80
  then doubling, 8000 games), re-estimated on 400 fresh seeds; ``worst_case_default_p_default``
  the default attack on the same fresh seeds; ``worst_case_cpu_s`` the search's CPU time on one
  core (in-process, ``scheduler="sync"``); ``worst_case_games`` the games it played.
* ``enough_guards_default`` / ``enough_guards_worst``: the smallest number of guards whose
  P(adversary win) has a 95 % upper bound at or below 0.10 against the default attack and the
  worst attack found (:func:`hexplay.analysis.protection.enough_protection`, guards 4-8). In
  run.py its searches are smaller than the defaults (16 candidates, 2000 games a search, 300
  fresh games a level) so the group takes minutes; the full-size curves (the library's
  defaults, 3-8 guards, with the seeded search curve) are made by
  ``docs/evidence/make_curves.py`` and shown in the docs (at a quarter of the defaults, on
  4-8 guards: default 6, worst 7, the seeded search 8).

``compare(...)`` (``python benchmarks/worst_case.py --compare``): the race against successive
halving and against optuna's TPE sampler on the same game budget, on synthetic landscapes over
SKIRMISH's adversary space (``--synthetic N``) and on the real game (``--real N``; slow).
Measured (2026-12-06, a machine loaded ~8x over its 2 cores; 8000 games each):

* real game, 6 guards, search seed 100, each pick re-estimated on the same 400 fresh games:
  race 0.170 (7680 games), halving over the same 32 candidates (rungs 40-640, 6400 games)
  0.170 (the same attack), optuna TPE (200 trials of 40 common-seed games) 0.175: within the
  noise of each other (the 95 % half-width is ~0.037); the default attack 0.030. Seed 101:
  race 0.145 (the run was stopped before the others finished).
* 9 synthetic landscapes (true P known; the default 0.039): race 0.151 (mean; it picked the
  best of its 32 candidates in 8 of 9), halving over the same pool 0.151, the old defaults (16
  candidates, 20/40/80) 0.117 (best of the pool in 4 of 9), the race over 96 candidates
  (rungs 20/40) 0.197, optuna TPE 0.320 (40 games a trial) and 0.283 (80). On these additive
  landscapes TPE's model finds knob values a pool of 32 random draws does not hold; on the real
  game it found nothing stronger. So the race stays (no new dependency, and it reports its
  evidence, which TPE's noisy trial values do not); what limits it is the pool, not the
  elimination.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

GUARDS = 6
ENOUGH_LEVELS = [4, 5, 6, 7, 8]
ENOUGH_SIZES = dict(candidates=16, budget=2000, final_games=300)
"""run.py's sizes of the enough-guards figures (the full size: the library's defaults)."""


def emit(name: str, value: float, unit: str) -> None:
    print(f"{name}: {value:.4g} {unit}", flush=True)


def worst_case_figures(quick: bool = False) -> dict[str, float]:
    from hexplay.games.skirmish.analysis.worstcase import worst_case

    kw = dict(budget=1000, final_games=100, candidates=16) if quick else {}
    r = worst_case({"n_guards": GUARDS}, seed=0, scheduler="sync", **kw)
    return {
        "worst_case_default_p": r.best.p,
        "worst_case_default_p_default": r.default.p,
        "worst_case_cpu_s": r.cpu_s,
        "worst_case_games": float(r.games),
    }


def enough_figures(quick: bool = False, workers: int = 2) -> dict[str, float]:
    from hexplay.analysis.protection import enough_protection

    sizes = dict(candidates=8, budget=400, final_games=100) if quick else ENOUGH_SIZES
    r = enough_protection(
        "skirmish", "n_guards", 0.10, levels=ENOUGH_LEVELS, bound="upper", seed=0,
        n_workers=workers, **sizes,
    )  # fmt: skip
    nan = float("nan")
    out = {
        "enough_guards_default": r.enough("default"),
        "enough_guards_worst": r.enough("worst"),
    }
    return {k: (nan if v is None else float(v)) for k, v in out.items()}


def figures(quick: bool = False) -> None:
    t0 = time.perf_counter()
    for k, v in worst_case_figures(quick).items():
        emit(k, v, "s" if k.endswith("_s") else ("games" if k.endswith("games") else "p"))
    for k, v in enough_figures(quick).items():
        emit(k, v, "guards")
    emit("worst_case_group_wall_s", time.perf_counter() - t0, "s")


# --- the comparison: race, halving, optuna ---------------------------------------------------
def landscape(space: dict, seed: int):
    """A synthetic P(win) over ``space``: additive logit effects of each knob value (most
    small, a few large) and two pairwise interactions; the default (no knobs) near 0.04 and
    the best of the space near 0.15-0.25, as SKIRMISH at 6 guards."""
    rng = np.random.default_rng(seed)
    names = list(space)
    values = {n: _values(space[n]) for n in names}
    eff = {n: rng.normal(0, 0.35, len(values[n])) * (rng.random() < 0.5) for n in names}
    pairs = [tuple(rng.choice(len(names), 2, replace=False)) for _ in range(2)]
    inter = [rng.normal(0, 0.6, (len(values[names[a]]), len(values[names[b]]))) for a, b in pairs]
    base = -3.6

    def p(knobs: dict) -> float:
        if not knobs:
            return 1 / (1 + np.exp(-(base + 0.4)))
        z = base
        idx = {n: values[n].index(knobs[n]) for n in names}
        z += sum(eff[n][idx[n]] for n in names)
        for (a, b), m in zip(pairs, inter):
            z += m[idx[names[a]], idx[names[b]]]
        return float(1 / (1 + np.exp(-z)))

    return p


def _values(v) -> list:
    return v.values() if hasattr(v, "values") and callable(v.values) else list(v)


def _games(p: float, start: int, n: int, seed: int, own: int) -> np.ndarray:
    """Outcomes of games ``start..start+n-1`` of an arm of true ``p`` (common draws with
    chance 0.8, else the arm's own stream ``own``)."""
    out = np.zeros(n)
    for j in range(n):
        rng = np.random.default_rng([seed, start + j])
        shared = rng.random()
        mine = np.random.default_rng([seed, start + j, own]).random()
        use = rng.random() < 0.8
        out[j] = (shared if use else mine) < p
    return out


def run_race(pfun, space, seed: int, budget: int, method: str) -> tuple[float, int]:
    from hexplay.analysis.racing import halving, race
    from hexplay.analysis.worstcase import sample_knobs

    size = {"halving16": 16, "race96": 96}.get(method, 32)
    cands = sample_knobs(size, seed, space)
    ps = [pfun(k) for k in cands]

    def play(arms, start, n):
        return np.array([_games(ps[i], start, n, seed, i) for i in arms])

    if method == "race":
        r = race(len(cands), play, rungs=(40, 80), budget=budget)
    elif method == "race96":  # three times the candidates, a first rung half as long
        r = race(len(cands), play, rungs=(20, 40), budget=budget)
    elif method == "halving16":  # the old defaults: 16 candidates, rungs 20/40/80
        r = halving(len(cands), play, rungs=(20, 40, 80))
    else:  # halving with the race's candidates and about its budget
        r = halving(len(cands), play, rungs=(40, 80, 160, 320, 640))
    return ps[r.winner], r.games


def _optuna():
    """optuna, for the comparison only (not a dependency of hexplay: ``pip install optuna``,
    or ``pip install --target DIR optuna`` and ``PYTHONPATH=DIR``)."""
    try:
        import optuna
    except ImportError:
        raise SystemExit("the optuna comparison needs optuna: pip install optuna") from None
    return optuna


def run_optuna(pfun, space, seed: int, budget: int, per_trial: int) -> tuple[float, int]:
    optuna = _optuna()

    optuna.logging.set_verbosity(optuna.logging.WARNING)
    names = list(space)
    values = {n: _values(space[n]) for n in names}
    sampler = optuna.samplers.TPESampler(seed=seed)
    study = optuna.create_study(direction="maximize", sampler=sampler)
    truth = {}

    def objective(trial):
        k = {n: values[n][trial.suggest_int(n, 0, len(values[n]) - 1)] for n in names}
        truth[trial.number] = pfun(k)
        return float(_games(truth[trial.number], 0, per_trial, seed, trial.number).mean())

    study.optimize(objective, n_trials=budget // per_trial)
    return truth[study.best_trial.number], budget // per_trial * per_trial


def compare(reps: int = 20, budget: int = 8000) -> dict[str, list[float]]:
    """True P of the attack each method picks, on ``reps`` synthetic landscapes."""
    from hexplay.games.skirmish.analysis.spaces import ADVERSARY_SPACE

    space = ADVERSARY_SPACE
    res: dict[str, list[float]] = {}
    for s in range(reps):
        pfun = landscape(space, 1000 + s)
        from hexplay.analysis.worstcase import sample_knobs

        res.setdefault("best_in_race_pool", []).append(
            max(pfun(k) for k in sample_knobs(32, s, space))
        )
        res.setdefault("default", []).append(pfun({}))
        methods = {
            "race": lambda f, s: run_race(f, space, s, budget, "race"),
            "race_96_candidates": lambda f, s: run_race(f, space, s, budget, "race96"),
            "halving_same_pool": lambda f, s: run_race(f, space, s, budget, "halving"),
            "halving_old_defaults": lambda f, s: run_race(f, space, s, budget, "halving16"),
            "optuna_tpe_40": lambda f, s: run_optuna(f, space, s, budget, 40),
            "optuna_tpe_80": lambda f, s: run_optuna(f, space, s, budget, 80),
        }
        for name, fn in methods.items():
            p, g = fn(pfun, s)
            res.setdefault(name, []).append(p)
            res.setdefault(name + "_games", []).append(g)
        print(f"landscape {s}: " + ", ".join(f"{k}={v[-1]:.3f}" for k, v in res.items()
                                             if not k.endswith("_games")), flush=True)  # fmt: skip
    return res


def compare_real(seeds: int = 2, budget: int = 8000, workers: int = 2, first: int = 0) -> None:
    """The same on SKIRMISH at 6 guards: each method's pick re-estimated on 400 fresh games
    (search seeds ``100 + first ..``)."""
    from hexplay.analysis.worstcase import SEED_STRIDE, estimate
    from hexplay.games.skirmish.analysis.worstcase import worst_case

    for s in range(first, first + seeds):
        r = worst_case({"n_guards": GUARDS}, seed=100 + s, budget=budget, n_workers=workers)
        emit(f"real_race_seed{s}_p", r.best.p, "p")
        print(f"  default {r.default.p:.3f}; games {r.games}; knobs {r.best.knobs}", flush=True)
        rungs = (40, 80, 160, 320, 640)
        h = worst_case({"n_guards": GUARDS}, seed=100 + s, candidates=32, games=rungs,
                       method="halving", n_workers=workers)  # fmt: skip
        emit(f"real_halving_seed{s}_p", h.best.p, "p")
        k = _optuna_real(100 + s, budget, workers)
        e = estimate("skirmish", {"n_guards": GUARDS}, {"adversary": k, "defender": {}}, 400,
                     100 + s + SEED_STRIDE, n_workers=workers)  # fmt: skip
        emit(f"real_optuna_seed{s}_p", e.p, "p")


def _optuna_real(seed: int, budget: int, workers: int, per_trial: int = 40) -> dict:
    from hexplay.analysis.sweep import local_client
    from hexplay.analysis.worstcase import estimate
    from hexplay.games.skirmish.analysis.spaces import ADVERSARY_SPACE

    optuna = _optuna()
    optuna.logging.set_verbosity(optuna.logging.WARNING)
    names = list(ADVERSARY_SPACE)
    values = {n: _values(ADVERSARY_SPACE[n]) for n in names}
    study = optuna.create_study(direction="maximize", sampler=optuna.samplers.TPESampler(seed=seed))
    client = local_client(workers)
    knobs_of = {}

    def objective(trial):
        k = {n: values[n][trial.suggest_int(n, 0, len(values[n]) - 1)] for n in names}
        knobs_of[trial.number] = k
        e = estimate("skirmish", {"n_guards": GUARDS}, {"adversary": k, "defender": {}},
                     per_trial, seed, client=client)  # fmt: skip
        return e.p

    try:
        study.optimize(objective, n_trials=budget // per_trial)
    finally:
        client.close()
    return knobs_of[study.best_trial.number]


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--synthetic", type=int, default=0, help="landscapes of the comparison")
    ap.add_argument("--real", type=int, default=0, help="seeds of the real-game comparison")
    ap.add_argument("--real-first", type=int, default=0, help="first seed of --real")
    ap.add_argument("--budget", type=int, default=8000)
    args = ap.parse_args(argv)
    if args.synthetic:
        res = compare(args.synthetic, args.budget)
        for k, v in res.items():
            unit = "games" if k.endswith("_games") else "p"
            emit(f"compare_{k}_mean", float(np.mean(v)), unit)
            if unit == "p":
                emit(f"compare_{k}_median", float(np.median(v)), unit)
    if args.real:
        compare_real(args.real, args.budget, first=args.real_first)
    if not args.synthetic and not args.real:
        figures(args.quick)


if __name__ == "__main__":
    main()
