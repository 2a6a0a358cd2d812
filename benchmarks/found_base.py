"""The search adversary with a found attack as its base policy against the one with its default
base (issue 34): SKIRMISH at 6 guards, the tactic defender, both search players with the same
budget (the documentation's "search seeded" curve's), on common fresh seeds. Prints one
``name: value`` line per figure and writes them to ``docs/evidence/found_base.json`` (the
documentation's table is generated from it).

* ``found_base_p``, ``default_base_p``: P(adversary wins) with each base, 95 % Wilson interval;
* ``found_base_gain``: their paired difference, 95 % interval (normal, on the per-game
  differences: the games are common).

The found attack is the newest kept at 6 guards in ``docs/evidence/found.json`` (made by
``docs/evidence/make_curves.py``), given as ``base="found:<file>#n_guards=6"``; the default base
is :data:`hexplay.games.skirmish.ai.search.ADVERSARY_FOUND` (found at 4 guards).

Run: ``flock /tmp/hexplay-heavy.lock nice -n 10 python benchmarks/found_base.py --games 400``.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

OUT = ROOT / "docs" / "evidence" / "found_base.json"
FOUND = ROOT / "docs" / "evidence" / "found.json"
GUARDS = 6
BUDGET = {"iterations": 16, "setup_iterations": 8, "turns": False}
SEED0 = 2_000_000
"""Fresh seeds: apart from the searches' (0...) and the curves' re-estimates (1000003...)."""


def measure(n: int, workers: int) -> dict:
    import numpy as np

    from hexplay.analysis.grid import join_point
    from hexplay.analysis.stats import wilson_interval
    from hexplay.analysis.sweep import _close_client, local_client
    from hexplay.analysis.worstcase import sweep_play
    from hexplay.games.skirmish.ai.search import ADVERSARY_FOUND

    found = f"found:{FOUND}#n_guards={GUARDS}"
    bases = {"found": found, "default": dict(ADVERSARY_FOUND)}
    points = [
        join_point({"n_guards": GUARDS}, {"adversary": {"player": "search", "base": b, **BUDGET}})
        for b in bases.values()
    ]
    client = local_client(workers)
    t0 = time.perf_counter()
    try:
        out = sweep_play("skirmish", points, SEED0, client=client, progress=False)([0, 1], 0, n)
    finally:
        _close_client(client)
    d = out[0] - out[1]
    se = float(np.std(d, ddof=1) / math.sqrt(n))
    fig: dict = {"games": n, "guards": GUARDS, "budget": BUDGET, "seed0": SEED0}
    for i, name in enumerate(bases):
        k = int(out[i].sum())
        fig[f"{name}_base_p"] = [k / n, *wilson_interval(k, n)]
    gain = float(d.mean())
    fig["found_base_gain"] = [gain, gain - 1.96 * se, gain + 1.96 * se]
    from hexplay.ai.search import base_knobs

    fig["found_knobs"] = base_knobs(found, "skirmish", "adversary")
    fig["wall_s"] = round(time.perf_counter() - t0)
    return fig


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--out", type=Path, default=OUT)
    a = ap.parse_args(argv)
    fig = measure(a.games, a.workers)
    for k in ("found_base_p", "default_base_p", "found_base_gain"):
        p, lo, hi = fig[k]
        print(f"{k}: {p:.3f}  (games={a.games} ci95=[{lo:.3f},{hi:.3f}])", flush=True)
    a.out.write_text(json.dumps(fig, indent=1) + "\n")


if __name__ == "__main__":
    main()
