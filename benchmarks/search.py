"""Search-player strength: prints one ``name: value unit`` line per figure (issue 16).

* ``tactic_skirmish_p_adversary``: P(adversary win) at 4 guards, tactic against tactic.
* ``search_skirmish_adversary_p_adversary``: the search adversary against the tactic defender.
* ``search_skirmish_defender_p_adversary``: the tactic adversary against the search defender.
* ``search_aggressor_win_rate`` / ``search_naval_win_rate``: the search player's share of wins
  (draws count half) against the scripted player, sides alternating game by game.

Each line carries its games, the 95 % Wilson interval, the budget and the mean seconds per
decision (and per set-up decision). Measured (2026-12-01, 2 worker processes on a machine
loaded ~5x over its 2 cores; seeds 0-399, never used to choose anything):
``tactic_skirmish_p_adversary: 0.403 [0.356, 0.451]``, ``search_skirmish_adversary_p_adversary:
0.662 [0.615, 0.707]`` (set-up search, 6.2 s a set-up), ``search_skirmish_defender_p_adversary:
0.168 [0.134, 0.207]`` (turn search, 0.36 s a decision; 400 games each);
``search_aggressor_win_rate: 0.892 [0.842, 0.928]`` (200 games; the set-up searched among
the armies of ``AGGRESSOR_ARMIES``, 32 rollouts of whole games, then committed: 1.3 CPU s a
game, 12 s of wall time a set-up on a machine loaded ~9x over its 2 cores; the scripted player
against itself scores 0.477 on the same games; before the army search the turn search scored
0.525 [0.320, 0.721] of 20 games, 0.44 s a decision),
``search_naval_win_rate: 0.375 [0.137, 0.694]`` (8 games, 16 s a decision on the loaded
machine: each decision replays the game to reopen the enemy's plot). Game counts are
options (``--games``, ``--skirmish-games``...); the SKIRMISH figures take ~30 min of two
cores on a loaded machine (``nice python benchmarks/search.py``); AGGRESSOR and naval games
are slower each.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import hexplay  # noqa: E402
from hexplay.ai.player import play  # noqa: E402
from hexplay.ai.search import SearchPlayer  # noqa: E402
from hexplay.analysis.stats import wilson_interval  # noqa: E402

GUARDS = 4
SKIRMISH_BUDGETS: dict[str, dict] = {
    "adversary": {"iterations": 16, "setup_iterations": 32, "turns": False},
    "defender": {"iterations": 16},
}
"""SKIRMISH budgets of the figures by the search player's side (see ``hexplay.ai.search``):
the adversary searches its set-up (32 rollouts of whole games among 8 set-ups of its base
tactics) and then commits to it; the defender (whose set-up is the scenario's) searches every
turn, 16 rollouts, from its base policy (the best defence found offline,
``hexplay.ai.search.DEFENDER_FOUND``). Without the turn search (``--defender-commit``) the
defender's figure was 0.253 [0.212, 0.297] on the same 400 games."""
BENCH_BUDGETS = {
    "aggressor": {"setup_iterations": 32, "turns": False},
    "naval": {"iterations": 4, "horizon": 3},
}
"""AGGRESSOR and naval budgets of the figures (rollouts per decision, turns per rollout).
AGGRESSOR's search player searches its set-up (32 rollouts of whole games among the armies of
``hexplay.ai.search.AGGRESSOR_ARMIES``) and then commits to it: the army decides the game (see
there); the turn search before (4 rollouts of 2 turns a decision, the scripted player's knob
variants) scored 0.525 [0.320, 0.721] of 20 games."""


def _line(name: str, k: float, n: int, extra: str) -> None:
    lo, hi = wilson_interval(k, n)
    p = k / n if n else float("nan")
    print(f"{name}: {p:.3f} p  (games={n} ci95=[{lo:.3f},{hi:.3f}] {extra})", flush=True)


def skirmish_game(s: int, search_side: str | None, budget: dict) -> tuple:
    """One SKIRMISH game at 4 guards (seed ``s``): (adversary won, turn decisions' seconds,
    set-up decision's seconds)."""
    from hexplay.ai.tactics import make_players
    from hexplay.analysis.runner import new_game

    g = new_game({"n_guards": GUARDS}, s)
    adv, dfd = make_players(None, s)
    players = {"adversary": adv, "defender": dfd}
    sp = None
    if search_side is not None:
        sp = players[search_side] = SearchPlayer(search_side, seed=s, **budget)
    play(g, players)
    won = g.outcome()["winner"] == "adversary"
    return won, (sp.seconds if sp else []), (sp.setup_seconds if sp else 0.0)


def skirmish(
    n: int, search_side: str | None, budget: dict, seed0: int = 0, workers: int = 1
) -> tuple:
    """``n`` SKIRMISH games at 4 guards (seeds ``seed0``...; on ``workers`` processes);
    (adversary wins, games, seconds per turn decision, seconds per set-up decision)."""
    seeds = range(seed0, seed0 + n)
    if workers > 1:
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(workers) as ex:
            res = list(ex.map(skirmish_game, seeds, [search_side] * n, [budget] * n))
    else:
        res = [skirmish_game(s, search_side, budget) for s in seeds]
    wins = sum(r[0] for r in res)
    secs = [x for r in res for x in r[1]]
    setups = [r[2] for r in res if r[2]]
    return (
        wins,
        n,
        (sum(secs) / len(secs) if secs else 0.0),
        (sum(setups) / len(setups) if setups else 0.0),
    )


def _budget(b: dict) -> str:
    return "budget=" + ",".join(f"{x}={y}" for x, y in b.items())


def scripted_game(name: str, i: int, s: int, budget: dict, scenario=None) -> tuple:
    """Game ``i`` (seed ``s``) of ``name``: the search player takes side ``i % 2`` against the
    scripted player; (its score, its turn decisions' seconds, its set-up decision's seconds,
    the game's CPU seconds)."""
    cpu = time.process_time()
    e = hexplay.game_entry(name)
    g = e.new(scenario, seed=s)
    side = g.sides[i % 2]
    sp = SearchPlayer(side, seed=s, **budget)
    players = {x: e.player("scripted", x, seed=s + 1) for x in g.sides}
    players[side] = sp
    play(g, players)
    w = g.outcome()["winner"]
    v = 0.5 if w is None else float(w == side)
    return v, sp.seconds, sp.setup_seconds, time.process_time() - cpu


def against_scripted(
    name: str, n: int, budget: dict, scenario=None, seed0: int = 0, workers: int = 1
) -> tuple:
    """``n`` games of ``name``: search against scripted, sides alternating (on ``workers``
    processes: the same games); (score, games, seconds per decision, seconds per set-up
    decision, CPU seconds per game)."""
    args = (
        [name] * n,
        range(n),
        range(seed0, seed0 + n),
        [budget] * n,
        [scenario] * n,
    )
    if workers > 1:
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(workers) as ex:
            res = list(ex.map(scripted_game, *args))
    else:
        res = list(map(scripted_game, *args))
    total = sum(r[0] for r in res)
    secs = [x for r in res for x in r[1]]
    setups = [r[2] for r in res if r[2]]
    return (
        total,
        n,
        (sum(secs) / len(secs) if secs else 0.0),
        (sum(setups) / len(setups) if setups else 0.0),
        sum(r[3] for r in res) / max(1, n),
    )


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=None, help="games per figure (all figures)")
    ap.add_argument("--tactic-games", type=int, default=400)
    ap.add_argument("--skirmish-games", type=int, default=400)
    ap.add_argument("--aggressor-games", type=int, default=200)
    ap.add_argument("--naval-games", type=int, default=8)
    ap.add_argument("--iterations", type=int, default=None, help="SKIRMISH turn rollouts")
    ap.add_argument(
        "--workers", type=int, default=2, help="processes for the SKIRMISH and AGGRESSOR games"
    )
    ap.add_argument(
        "--defender-commit", action="store_true", help="no turn search: the base defence plays"
    )
    ap.add_argument("--seed0", type=int, default=0, help="first game seed (game i: seed0 + i)")
    ap.add_argument("--only", default=None, help="tactic|adversary|defender|aggressor|naval")
    a = ap.parse_args(argv)
    if a.games:
        a.tactic_games = a.skirmish_games = a.aggressor_games = a.naval_games = a.games
    if a.only in (None, "tactic"):
        t = time.perf_counter()
        k, n, _, _ = skirmish(a.tactic_games, None, {}, a.seed0, a.workers)
        per = (time.perf_counter() - t) * a.workers / n
        _line("tactic_skirmish_p_adversary", k, n, f"{per:.3f}s/game")
    for side in ("adversary", "defender"):
        if a.only in (None, side):
            b = dict(SKIRMISH_BUDGETS[side])
            if side == "defender" and a.defender_commit:
                b["turns"] = False
            if a.iterations is not None:
                b["iterations"] = a.iterations
            k, n, spd, setup = skirmish(a.skirmish_games, side, b, a.seed0, a.workers)
            extra = f"{_budget(b)} {spd:.3f}s/decision"
            if b.get("setup_iterations"):
                extra += f" {setup:.3f}s/setup"
            _line(f"search_skirmish_{side}_p_adversary", k, n, extra)
    for name, count, scen in (
        ("aggressor", a.aggressor_games, "batch"),
        ("naval", a.naval_games, None),
    ):
        if a.only in (None, name):
            b = BENCH_BUDGETS[name]
            workers = a.workers if name == "aggressor" else 1
            k, n, spd, setup, cpu = against_scripted(name, count, b, scen, a.seed0, workers)
            extra = f"{_budget(b)} {spd:.3f}s/decision"
            if b.get("setup_iterations"):
                extra += f" {setup:.3f}s/setup"
            _line(f"search_{name}_win_rate", k, n, f"{extra} {cpu:.2f}cpu_s/game")


if __name__ == "__main__":
    main()
