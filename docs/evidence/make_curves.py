"""Make the documentation's "how much protection is enough" curves: full-size runs of
:func:`hexplay.analysis.protection.enough_protection`, saved beside this script as JSON (every
figure with its seeds and the searches' evidence) and SVG (the three curves with 95 % bands);
the docs' build writes their tables from the JSON (``docs/_ext/hexplay_docs.py``).

Run from the repository root (it takes a while: each level's search is ~8800 games)::

    nice -n 10 python docs/evidence/make_curves.py               # every study
    nice -n 10 python docs/evidence/make_curves.py --only skirmish_guards --workers 2

Each level's winner is added to ``found.json`` (:func:`hexplay.analysis.worstcase.save_found`),
the warm starts of later runs (``hexplay enough --found docs/evidence/found.json``). The sizes
below are the full-size settings (the library's defaults: 32 candidates, rungs of
40 and 80 games then doubling, 8000 games a search, 400 fresh games a figure); ``--scale``
divides the games (a quick look).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))

STUDIES: dict[str, dict] = {
    "skirmish_guards": dict(
        game="skirmish",
        parameter="n_guards",
        threshold=0.10,
        levels=[4, 5, 6, 7, 8],
        candidates=16,
        budget=2000,
        final_games=200,
        search={"iterations": 16, "setup_iterations": 8, "turns": False},
        search_games=60,
    ),
    "ambush_density": dict(
        game="ambush",
        parameter="response_density",
        threshold=0.10,
        candidates=8,
        budget=400,
        final_games=100,
    ),
    "ambush_barrier": dict(
        game="ambush",
        parameter="barrier",
        threshold=0.10,
        candidates=8,
        budget=400,
        final_games=100,
    ),
}
"""Each study's arguments of ``enough_protection``: the sizes the saved runs had. The machine
they ran on (2 cores shared with ~7 other jobs, load 15-30) gave each run a few CPU seconds a
minute, so these are a quarter of the library's defaults (32 candidates, 8000 games a search,
400 fresh games a figure) for SKIRMISH and smaller for AMBUSH, whose games cost several times
SKIRMISH's. The full-size run is the same script with the defaults: drop ``candidates``,
``budget`` and ``final_games`` (and raise ``search_games`` to 200): about 15 CPU minutes for
SKIRMISH's five levels on one free core, under 10 with two."""

ROBUST: dict[str, dict] = {
    "skirmish_robust": dict(
        game="skirmish",
        parameter="n_guards",
        levels=[6],
        rounds=2,
        candidates=8,
        budget=600,
        final_games=150,
    ),
}
"""The robust-defence studies (:func:`hexplay.analysis.protection.robust_levels`): small
searches (each round searches both sides), the most the machine gave in the time; the full
size is the library's defaults at every level, ``rounds=4``."""


def run_robust(name: str, scale: float, workers: int | None) -> None:
    from hexplay.analysis.protection import robust_levels

    kw = dict(ROBUST[name])
    game, parameter = kw.pop("game"), kw.pop("parameter")
    if scale != 1:
        kw["budget"] = max(10, int(kw["budget"] / scale))
        kw["final_games"] = max(10, int(kw["final_games"] / scale))
    t0 = time.perf_counter()
    rows = robust_levels(game, parameter, n_workers=workers, **kw)
    out = {"game": game, "parameter": parameter, "settings": kw, "rows": rows}
    (HERE / f"{name}.json").write_text(json.dumps(out, indent=1, default=str) + "\n")
    print(f"{name}: {[r['robust_p'] for r in rows]} in {time.perf_counter() - t0:.0f} s")


def run(name: str, scale: float, workers: int | None) -> None:
    from hexplay.analysis.protection import enough_protection
    from hexplay.analysis.worstcase import save_found

    if name in ROBUST:
        run_robust(name, scale, workers)
        return

    kw = dict(STUDIES[name])
    game, parameter, threshold = kw.pop("game"), kw.pop("parameter"), kw.pop("threshold")
    if scale != 1:
        for k in ("budget", "final_games", "search_games"):
            if k in kw:
                kw[k] = max(10, int(kw[k] / scale))
        kw.setdefault("budget", int(8000 / scale))
        kw.setdefault("final_games", max(10, int(400 / scale)))
    t0 = time.perf_counter()
    r = enough_protection(game, parameter, threshold, n_workers=workers, **kw)
    r.save(HERE / f"{name}.json")
    for level, search in zip(r.levels, r.searches):  # warm starts of later runs (--found)
        save_found(HERE / "found.json", search, note=f"{name} {parameter}={level}")
    (HERE / f"{name}.svg").write_text(r.svg())
    took = time.perf_counter() - t0
    print(f"{name}: {json.dumps(r.answers)} in {took:.0f} s", flush=True)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", choices=sorted([*STUDIES, *ROBUST]), action="append", default=None)
    ap.add_argument("--scale", type=float, default=1.0, help="divide the games by this")
    ap.add_argument("--workers", type=int, default=None)
    args = ap.parse_args(argv)
    for name in args.only or [*STUDIES, *ROBUST]:
        run(name, args.scale, args.workers)


if __name__ == "__main__":
    main()
