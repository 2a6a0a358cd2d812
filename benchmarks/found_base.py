"""The search adversary with a found attack as its base policy against the one with its default
base (issue 34): SKIRMISH at 6 guards against the tactic defender, on common fresh seeds, for
two set-up budgets (the documentation's "search seeded" curve's, 8 set-up rollouts, and
``benchmarks/search.py``'s, 32), next to the two tactics alone. Prints one line per figure and
writes them to ``docs/evidence/found_base.json`` (the documentation's table is generated from
it):

* ``rows``: P(adversary wins), 95 % Wilson interval, of each base's tactic alone
  (:data:`BASES`: the found attack, the search adversary's default base, the tactic player's
  defaults) and of the search adversary on each base at each budget;
* ``gains``: the search adversary's paired differences between bases (:data:`GAINS`), 95 %
  interval (normal, on the per-game differences: the games are common).

The found attack is the newest kept at 6 guards in ``docs/evidence/found.json`` (made by
``docs/evidence/make_curves.py``), given as ``base="found:<file>#n_guards=6"``; the default base
is :data:`hexplay.games.skirmish.ai.search.ADVERSARY_FOUND` (found at 4 guards). The search
adversary searches its set-up among set-ups of its base tactic and then commits to it
(``turns=False``, as in the curves and the benchmark).

Run: ``flock /tmp/hexplay-heavy.lock nice -n 10 python benchmarks/found_base.py --games 600``
(~4 CPU minutes).
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
SETUP_BUDGETS = (8, 32)
"""Set-up rollouts of the search adversary (then committed: ``turns=False``)."""
SEED0 = 2_000_000
"""Fresh seeds: apart from the searches' (0...) and the curves' re-estimates (1000003...)."""


BASES = {
    "found": "the attack found at 6 guards",
    "default": "the search adversary's default base (found at 4 guards)",
    "plain": "the tactic player's defaults",
}
"""The base policies compared (labels of the table)."""
GAINS = [(8, "found", "default"), (32, "found", "default"), (8, "found", "plain")]
"""(set-up rollouts, base, other base): the paired differences reported."""


def measure(n: int, workers: int) -> dict:
    import numpy as np

    from hexplay.ai.search import base_knobs
    from hexplay.analysis.grid import join_point
    from hexplay.analysis.stats import wilson_interval
    from hexplay.analysis.sweep import _close_client, local_client
    from hexplay.analysis.worstcase import sweep_play
    from hexplay.games.skirmish.ai.search import ADVERSARY_FOUND

    found = f"found:{FOUND}#n_guards={GUARDS}"
    knobs = {
        "found": base_knobs(found, "skirmish", "adversary"),
        "default": dict(ADVERSARY_FOUND),
        "plain": {},
    }
    arms: dict[tuple, dict] = {(0, b): dict(k) for b, k in knobs.items()}  # tactics alone
    for k, *pair in GAINS:
        budget = {"iterations": 16, "setup_iterations": k, "turns": False}
        for b in pair:
            base = found if b == "found" else knobs[b]  # (the found one as a reference)
            arms[(k, b)] = {"player": "search", "base": base, **budget}
    points = [join_point({"n_guards": GUARDS}, {"adversary": a}) for a in arms.values()]
    client = local_client(workers)
    t0 = time.perf_counter()
    try:
        play = sweep_play("skirmish", points, SEED0, client=client, progress=False)
        out = play(list(range(len(points))), 0, n)
    finally:
        _close_client(client)
    keys = list(arms)
    fig: dict = {"games": n, "guards": GUARDS, "seed0": SEED0, "found_knobs": knobs["found"]}
    fig["rows"] = []
    for i, (k, b) in enumerate(keys):
        wins = int(out[i].sum())
        who = f"{BASES[b]}, tactic alone" if k == 0 else f"search, {k} set-up rollouts, {b} base"
        fig["rows"].append({"adversary": who, "p": wins / n, "ci": list(wilson_interval(wins, n))})
    fig["gains"] = []
    for k, b, other in GAINS:
        d = out[keys.index((k, b))] - out[keys.index((k, other))]
        gain, se = float(d.mean()), float(np.std(d, ddof=1) / math.sqrt(n))
        fig["gains"].append(
            {
                "comparison": f"{k} set-up rollouts: {b} base minus {other} base",
                "gain": gain,
                "ci": [gain - 1.96 * se, gain + 1.96 * se],
            }
        )
    fig["bases"] = BASES
    fig["wall_s"] = round(time.perf_counter() - t0)
    return fig


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=600)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--out", type=Path, default=OUT)
    a = ap.parse_args(argv)
    fig = measure(a.games, a.workers)
    for r in fig["rows"]:
        lo, hi = r["ci"]
        print(f"{r['adversary']}: {r['p']:.3f}  (games={a.games} ci95=[{lo:.3f},{hi:.3f}])")
    for g in fig["gains"]:
        lo, hi = g["ci"]
        print(f"{g['comparison']}: {g['gain']:+.3f}  (paired, ci95=[{lo:+.3f},{hi:+.3f}])")
    a.out.write_text(json.dumps(fig, indent=1) + "\n")


if __name__ == "__main__":
    main()
