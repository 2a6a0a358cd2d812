"""Make the documentation's "how much protection is enough" curves: full-size runs of
:func:`hexplay.analysis.protection.enough_protection`, saved beside this script as JSON (every
figure with its seeds and the searches' evidence) and SVG (the three curves with 95 % bands);
the docs' build writes their tables from the JSON (``docs/_ext/hexplay_docs.py``).

Besides the curves: AGGRESSOR's army against the computer's best army, a best response
(:data:`RESPONSE`), and naval's "how long must the IJN stay" with the USN's wins beside the
IJN's (``also``: the same fresh games; a draw is neither's).

Run from the repository root, on 2 Dask worker processes by default (``--workers``; each
level's search is ~8800 games; every study took ~13 CPU minutes on this 2-core machine:
SKIRMISH's curves 4, AMBUSH's 5, the robust study 4; each saved JSON records its own)::

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

from hexplay.games.aggressor.analysis import ARMY_NAMES  # noqa: E402  (after the path)

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
    "ambush_radio": dict(
        game="ambush",
        parameter="radio",
        threshold=0.10,
        **FULL,
    ),
    "naval_leave": dict(
        game="naval",
        parameter="leave_loses_before",
        threshold=0.10,
        **FULL,
        also="usn",
    ),
    "naval_head_start": dict(
        game="naval",
        parameter="ijn_start_points",
        threshold=0.10,
        scenario={"leave_loses_before": 10},
        **FULL,
        also="usn",
    ),
}
"""Each study's arguments of ``enough_protection`` at full size (:data:`FULL`; the seeded
search's 200 fresh games cost ~9 games each: its set-up search rolls 8 whole games out).
``--scale`` divides every game count but the candidates; the saved JSON records the sizes it
ran at (``settings``, with the CPU and wall time) and the docs' tables state them."""

ARMIES = ARMY_NAMES
"""AGGRESSOR's armies (its search space's ``army`` values), each tried as it stands."""

RESPONSE: dict[str, dict] = {
    "aggressor_army": dict(
        game="aggressor",
        side="west",
        fixed={"player": "army", "army": "all armour"},
        warm=[{"player": "army", "army": a} for a in ARMIES],
        label="army",
        **FULL,
    ),
}
"""The best-response studies (:func:`hexplay.analysis.worstcase.best_response` at full size,
:data:`FULL`): AGGRESSOR's west (army and scripted knobs) against the computer's best army,
all armour with the scripted player's knobs (the army its set-up search picks: ``search.json``'s
``search_aggressor_win_rate``); every army of the space is a warm start and is re-estimated as
it stands on the same fresh games as the winner."""

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


def run_response(name: str, scale: float, workers: int | None, out: Path) -> None:
    from hexplay.analysis.games import spec_of
    from hexplay.analysis.sweep import _close_client, local_client
    from hexplay.analysis.worstcase import SEED_STRIDE, best_response, estimate, save_found

    kw = sized(name, scale, RESPONSE)
    game, side, fixed = kw.pop("game"), kw.pop("side"), kw.pop("fixed")
    label = kw.pop("label")
    spec = spec_of(game)
    t0, c0 = time.perf_counter(), _cpu()
    client = local_client(workers)
    try:
        r = best_response(game, side, None, fixed, client=client, **kw)
        fresh = r.seed + SEED_STRIDE
        rows = [_est_row("default", r.default), _est_row("best found", r.best)]
        others = {s: dict(fixed) for s in spec.sides if s != side}
        for knobs in kw["warm"]:
            e = estimate(game, None, {side: knobs, **others}, kw["final_games"], fresh,
                         client=client)  # fmt: skip
            rows.append(_est_row(str(knobs.get(label, knobs)), e))
    finally:
        _close_client(client)
    settings = {k: v for k, v in kw.items() if k != "warm"}
    settings.update(scale=scale, workers=workers or os.cpu_count())
    settings.update(cpu_s=round(_cpu() - c0), wall_s=round(time.perf_counter() - t0))
    data = {
        "kind": "best_response",
        "game": game,
        "side": side,
        "win_side": spec.win_side,
        "fixed": fixed,
        "fresh_seed": fresh,
        "settings": settings,
        "rows": rows,
        "search": r.summary(),
    }
    (out / f"{name}.json").write_text(json.dumps(data, indent=1, default=str) + "\n")
    save_found(out / "found.json", r, note=f"{name} against {fixed}")
    print(f"{name}: best {r.best.knobs} {r.best.p:.3f} in {settings['wall_s']} s", flush=True)


def _est_row(label: str, e) -> dict:
    lo, hi = e.ci
    return {"label": label, "knobs": e.knobs, "p": e.p, "ci_low": lo, "ci_high": hi,
            "games": e.games, "wins": e.wins}  # fmt: skip


def side_wins(r, side: str, workers: int | None, scenario: dict | None = None) -> list[dict]:
    """P(``side`` wins) in the fresh games of every figure of the study ``r`` (the same
    games, seeds, knobs and base ``scenario``): where the reported side's loss is not the
    other's win (draws)."""
    from hexplay.analysis.games import spec_of
    from hexplay.analysis.grid import join_point
    from hexplay.analysis.stats import wilson_interval
    from hexplay.analysis.sweep import _close_client, local_client, run_sweep
    from hexplay.analysis.worstcase import SEED_STRIDE

    spec = spec_of(r.game)
    client = local_client(workers)
    rows = []
    try:
        for row in r.rows:
            knobs = {spec.win_side: json.loads(row["knobs"])}
            knobs.update({s: {} for s in spec.sides if s != spec.win_side})
            point = join_point({**dict(scenario or {}), r.parameter: row["level"]}, knobs)
            df = run_sweep([point], row["games"], seed=r.seed + SEED_STRIDE, game=r.game,
                           common_seeds=True, client=client, progress=False)  # fmt: skip
            won = int((df["winner"] == side).sum())
            lo, hi = wilson_interval(won, len(df))
            rows.append({"level": row["level"], "curve": row["curve"], "side": side,
                         "p": won / len(df), "ci_low": lo, "ci_high": hi, "games": len(df),
                         "draws": int(df["winner"].isna().sum())})  # fmt: skip
    finally:
        _close_client(client)
    return rows


def sized(name: str, scale: float, table: dict[str, dict] | None = None) -> dict:
    """The arguments of study ``name`` (of ``table``, default :data:`STUDIES`) with every game
    count divided by ``scale`` (at least 10 games; the candidates and the rungs' first
    judgements kept)."""
    kw = dict((STUDIES if table is None else table)[name])
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
    if name in RESPONSE:
        run_response(name, scale, workers, out)
        return
    kw = sized(name, scale)
    game, parameter, threshold = kw.pop("game"), kw.pop("parameter"), kw.pop("threshold")
    also = kw.pop("also", None)
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
    if also:  # the other side's wins on the same games (draws between)
        data = json.loads((out / f"{name}.json").read_text())
        data["also"] = side_wins(r, also, workers, kw.get("scenario"))
        data["settings"]["cpu_s"] = round(_cpu() - c0)
        data["settings"]["wall_s"] = round(time.perf_counter() - t0)
        (out / f"{name}.json").write_text(json.dumps(data, indent=1, default=str) + "\n")
    for level, search in zip(r.levels, r.searches):  # warm starts of later runs (--found)
        save_found(out / "found.json", search, note=f"{name} {parameter}={level}")
    (out / f"{name}.svg").write_text(r.svg())
    print(f"{name}: {json.dumps(r.answers)} in {r.settings['wall_s']} s", flush=True)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument(
        "--only", choices=sorted([*STUDIES, *RESPONSE, *ROBUST]), action="append", default=None
    )
    ap.add_argument("--scale", type=float, default=1.0, help="divide the games by this")
    ap.add_argument("--workers", type=int, default=2, help="Dask worker processes (default 2)")
    ap.add_argument("--out", type=Path, default=HERE, help="where to write (default: here)")
    ap.add_argument("--levels", nargs="*", default=None, help="these levels only (a trial)")
    args = ap.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    for name in args.only or [*STUDIES, *RESPONSE, *ROBUST]:
        levels = [_level(v) for v in args.levels] if args.levels else None
        run(name, args.scale, args.workers, args.out, levels)


def _level(text: str):
    """A level from the command line: JSON (``5``, ``null``, ``true``) where it parses, else
    the text (``"high"``)."""
    try:
        return json.loads(text)
    except ValueError:
        return text


if __name__ == "__main__":
    main()
