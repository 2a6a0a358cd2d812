"""Make the documentation's "how much protection is enough" curves: full-size runs of
:func:`hexplay.analysis.protection.enough_protection`, saved beside this script as JSON (every
figure with its seeds and the searches' evidence) and SVG (the three curves with 95 % bands);
the docs' build writes their tables from the JSON (``docs/_ext/hexplay_docs.py``).

Run from the repository root, on 2 Dask worker processes by default (``--workers``; each
level's search is ~8800 games; every study took ~13 CPU minutes on this 2-core machine:
SKIRMISH's curves 4, AMBUSH's 5, the robust study 4)::

    flock /tmp/hexplay-heavy.lock nice -n 10 python docs/evidence/make_curves.py  # every study
    python docs/evidence/make_curves.py --only skirmish_guards --scale 20 --levels 6 --out /tmp/x

Each level's winner is added to ``found.json`` (:func:`hexplay.analysis.worstcase.save_found`),
the warm starts of later runs (``hexplay enough --found docs/evidence/found.json``). The sizes
below are the full-size settings (the library's defaults: 32 candidates, rungs of
40 and 80 games then doubling, 8000 games a search, 400 fresh games a figure); ``--scale``
divides the games, ``--levels`` and ``--out`` make a trial elsewhere (a quick look).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))

FULL = dict(candidates=32, games=[40, 80], budget=8000, final_games=400)
"""The full size: the library's defaults (:mod:`hexplay.analysis.worstcase`: 32 candidates,
rungs of 40 and 80 games then doubling, 8000 games a search, 400 fresh games a figure)."""

STUDIES: dict[str, dict] = {
    "skirmish_guards": dict(
        game="skirmish",
        parameter="n_guards",
        threshold=0.10,
        levels=[4, 5, 6, 7, 8],
        **FULL,
        search={"iterations": 16, "setup_iterations": 8, "turns": False},
        search_games=200,
    ),
    "ambush_density": dict(
        game="ambush",
        parameter="response_density",
        threshold=0.10,
        **FULL,
    ),
    "ambush_barrier": dict(
        game="ambush",
        parameter="barrier",
        threshold=0.10,
        **FULL,
    ),
}
"""Each study's arguments of ``enough_protection`` at full size (:data:`FULL`; the seeded
search's 200 fresh games cost ~9 games each: its set-up search rolls 8 whole games out).
``--scale`` divides every game count but the candidates; the saved JSON records the sizes it
ran at (``settings``, with the CPU and wall time) and the docs' tables state them."""

ROBUST: dict[str, dict] = {
    "skirmish_robust": dict(
        game="skirmish",
        parameter="n_guards",
        levels=[4, 5, 6, 7],
        rounds=4,
        **FULL,
    ),
}
"""The robust-defence studies (:func:`hexplay.analysis.protection.robust_levels`): full-size
searches (:data:`FULL`, each round searches both sides, at most 4 rounds) at 4 to 7 guards,
the levels around the one where the default defence's worst case is near the threshold (6)."""


def run_robust(name: str, scale: float, workers: int | None, out: Path) -> None:
    from hexplay.analysis.protection import robust_levels

    kw = dict(ROBUST[name])
    game, parameter = kw.pop("game"), kw.pop("parameter")
    if scale != 1:
        kw["budget"] = max(10, int(kw["budget"] / scale))
        kw["final_games"] = max(10, int(kw["final_games"] / scale))
    t0, c0 = time.perf_counter(), _cpu()
    rows = robust_levels(game, parameter, n_workers=workers, **kw)
    settings = {**kw, "scale": scale, "workers": workers or os.cpu_count()}
    settings.update(cpu_s=round(_cpu() - c0), wall_s=round(time.perf_counter() - t0))
    data = {"game": game, "parameter": parameter, "settings": settings, "rows": rows}
    (out / f"{name}.json").write_text(json.dumps(data, indent=1, default=str) + "\n")
    print(f"{name}: {[r['robust_p'] for r in rows]} in {time.perf_counter() - t0:.0f} s")


def _cpu() -> float:
    """CPU seconds of this process and of its ended children (each study's Dask workers end
    with it)."""
    import resource

    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + kids.ru_utime + kids.ru_stime


def sized(name: str, scale: float) -> dict:
    """The arguments of study ``name`` with every game count divided by ``scale`` (at least
    10 games; the candidates and the rungs' first judgements kept)."""
    kw = dict(STUDIES[name])
    if scale != 1:
        for k in ("budget", "final_games", "search_games"):
            if k in kw:
                kw[k] = max(10, int(kw[k] / scale))
    return kw


def run(
    name: str, scale: float, workers: int | None, out: Path = HERE, levels: list | None = None
) -> None:
    from hexplay.analysis.protection import enough_protection
    from hexplay.analysis.worstcase import save_found

    if name in ROBUST:
        run_robust(name, scale, workers, out)
        return
    kw = sized(name, scale)
    game, parameter, threshold = kw.pop("game"), kw.pop("parameter"), kw.pop("threshold")
    if levels:
        kw["levels"] = levels
    t0, c0 = time.perf_counter(), _cpu()
    r = enough_protection(game, parameter, threshold, n_workers=workers, **kw)
    r.settings = {k: v for k, v in kw.items() if k != "levels"}
    r.settings["scale"] = scale
    r.settings["workers"] = workers or os.cpu_count()
    r.settings["cpu_s"] = round(_cpu() - c0)
    r.settings["wall_s"] = round(time.perf_counter() - t0)
    r.save(out / f"{name}.json")
    for level, search in zip(r.levels, r.searches):  # warm starts of later runs (--found)
        save_found(out / "found.json", search, note=f"{name} {parameter}={level}")
    (out / f"{name}.svg").write_text(r.svg())
    print(f"{name}: {json.dumps(r.answers)} in {r.settings['wall_s']} s", flush=True)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", choices=sorted([*STUDIES, *ROBUST]), action="append", default=None)
    ap.add_argument("--scale", type=float, default=1.0, help="divide the games by this")
    ap.add_argument("--workers", type=int, default=2, help="Dask worker processes (default 2)")
    ap.add_argument("--out", type=Path, default=HERE, help="where to write (default: here)")
    ap.add_argument("--levels", nargs="*", default=None, help="these levels only (a trial)")
    args = ap.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    for name in args.only or [*STUDIES, *ROBUST]:
        levels = [_level(v) for v in args.levels] if args.levels else None
        run(name, args.scale, args.workers, args.out, levels)


def _level(text: str):
    try:
        return int(text)
    except ValueError:
        return text


if __name__ == "__main__":
    main()
