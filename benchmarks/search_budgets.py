"""Where the search player's budget changes its decisions, per game (issue 34): prints one
``name: value unit`` line per figure and writes them to ``docs/evidence/search_budgets.json``
(the documentation's table of the search player's costs is generated from that file, not
written by hand).

For each game and each budget (rollouts a decision), ``--games`` games of the search player
against the game's default players (its side alternating where the game has two to search),
seeds from 70000 (apart from ``benchmarks/search.py``'s):

* ``search_budget_<game>_<side>_<n>_switch``: the share of its turn decisions where it played
  another candidate than its base policy (0: the search changed nothing: the base policy
  played every turn);
* ``search_budget_<game>_<side>_<n>_cpu_s``: CPU seconds a decision (this process);
* ``search_budget_<game>_<side>_<n>_score``: its score (wins, draws half) in those games.

Run: ``nice -n 10 python benchmarks/search_budgets.py --games 20`` (minutes a game on a loaded
machine for the larger budgets; ``--only skirmish``).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

OUT = ROOT / "docs" / "evidence" / "search_budgets.json"
BUDGETS = (2, 4, 8, 16)
SIDES = {"skirmish": ("defender",), "ambush": ("defender",), "naval": ("ijn", "usn")}
"""The sides whose *turn* search is measured (SKIRMISH's adversary and AGGRESSOR search their
set-up and then commit: their turn budget does nothing by design)."""
SEED0 = 70000
SCENARIOS = {"skirmish": {"n_guards": 4}}
"""Scenario parameters by game (the others: their default scenario): SKIRMISH at 4 guards,
where the outcome is in the balance (``benchmarks/search.py``'s point; with the basic
scenario's guards the convoy wins nearly every game whatever it decides)."""


def one_game(game: str, side: str, iterations: int, seed: int) -> tuple[int, int, float, float]:
    """(decisions, switched, CPU seconds of its decisions, score) of one game."""
    import hexplay
    from hexplay.ai.player import play
    from hexplay.analysis.games import GameRunner

    runner = GameRunner(game)
    g = runner.new(SCENARIOS.get(game), seed)
    players = dict(zip(g.sides, runner.players(None, seed)))
    e = hexplay.game_entry(game)
    sp = e.player("search", side, seed=seed, iterations=iterations)
    chosen: list[str] = []
    base_label: list[str] = []

    class Recorder:
        def __init__(self, inner):
            self.inner = inner
            self.side = side

        def act(self, game_):
            n = len(self.inner.seconds)
            self.inner.act(game_)
            if len(self.inner.seconds) > n and self.inner.last:
                chosen.append(self.inner.last["chosen"])
                base_label.append(next(iter(self.inner.last["values"])))

        def __getattr__(self, name):
            return getattr(self.inner, name)

    players[side] = Recorder(sp)
    play(g, [players[s] for s in g.sides])
    w = g.outcome().get("winner")
    score = 0.5 if w is None else float(w == side)
    switched = sum(c != b for c, b in zip(chosen, base_label))
    return len(chosen), switched, float(sum(sp.cpu_seconds)), score


def measure(games: list[str], n: int, budgets=BUDGETS) -> dict[str, float]:
    out: dict[str, float] = {}
    for game in games:
        for side in SIDES[game]:
            for it in budgets:
                dec = sw = 0
                cpu = score = 0.0
                t0 = time.perf_counter()
                for i in range(n):
                    d, s, c, sc = one_game(game, side, it, SEED0 + i)
                    dec, sw, cpu, score = dec + d, sw + s, cpu + c, score + sc
                key = f"search_budget_{game}_{side}_{it}"
                out[f"{key}_switch"] = sw / max(1, dec)
                out[f"{key}_cpu_s"] = cpu / max(1, dec)
                out[f"{key}_score"] = score / n
                for k in ("switch", "cpu_s", "score"):
                    print(f"{key}_{k}: {out[f'{key}_{k}']:.4g}", flush=True)
                print(f"  ({n} games, {dec} decisions, {time.perf_counter() - t0:.0f} s)")
    return out


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--only", action="append", choices=sorted(SIDES), default=None)
    args = ap.parse_args(argv)
    res = measure(args.only or list(SIDES), args.games)
    old = json.loads(OUT.read_text()) if OUT.exists() else {}
    old.update(res)
    old["_games"] = args.games
    OUT.write_text(json.dumps(old, indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    main()
