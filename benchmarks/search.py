"""Search-player strength: prints one ``name: value unit`` line per figure (issue 16).

* ``tactic_skirmish_p_adversary``: P(adversary win) at 4 guards, tactic against tactic.
* ``search_skirmish_adversary_p_adversary``: the search adversary against the tactic defender.
* ``search_skirmish_defender_p_adversary``: the tactic adversary against the search defender.
* ``search_aggressor_win_rate`` / ``search_naval_win_rate``: the search player's share of wins
  (draws count half) against the scripted player, sides alternating game by game.
* ``scripted_ambush_p_adversary``: AMBUSH's P(cargo away), scripted against scripted (the
  search player's base); ``search_ambush_<side>_p_adversary``: the search player on that side
  at the registry's budget against the scripted player, on the same seeds.

Each line carries its games, the 95 % Wilson interval, the budget and the seconds per decision
(wall and CPU; and per set-up decision). ``--json docs/evidence/search.json`` also writes every
figure there (merged into what the file holds: ``--only`` updates its own figures), with the
date and the machine's load: the documentation's table of the search player's strength and
costs is generated from that file, and the docstrings that state a figure cite it by name,
``value (``name``)`` or ``value (``name.field``)``, checked against the file by
``tests/test_search_figures.py``. Seeds 0-399, never used to choose anything. Game counts are
options (``--games``, ``--skirmish-games``...); the whole run is ~35 CPU minutes (SKIRMISH's
defender and the naval games the most): ``flock /tmp/hexplay-heavy.lock nice python
benchmarks/search.py --json docs/evidence/search.json``.
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
FIGURES: dict[str, dict] = {}
"""Every figure printed by :func:`_line`, by name (``--json`` writes them)."""
SKIRMISH_BUDGETS: dict[str, dict] = {
    "adversary": {"iterations": 16, "setup_iterations": 32, "turns": False},
    "defender": {"iterations": 16},
}
"""SKIRMISH budgets of the figures by the search player's side (see ``hexplay.ai.search``):
the adversary searches its set-up (32 rollouts of whole games among 8 set-ups of its base
tactics) and then commits to it; the defender (whose set-up is the scenario's) searches every
turn, 16 rollouts, from its base policy (the best defence found offline,
``hexplay.games.skirmish.ai.search.DEFENDER_FOUND``). Without the turn search
(``--defender-commit``) the defender's figure is ``search_skirmish_defender_committed_p_adversary``
(saved with ``--json``)."""
BENCH_BUDGETS = {
    "aggressor": {"setup_iterations": 32, "turns": False},
    "naval": {"iterations": 32},
}
"""AGGRESSOR and naval budgets of the figures (rollouts per decision, turns per rollout; the
naval rollouts play to the end of the game: one costs ~10 ms). AGGRESSOR's search player
searches its set-up (32 rollouts of whole games among the armies of
``hexplay.games.aggressor.ai.search.ARMIES``) and then commits to it: the army decides the
game (see there); the turn search before (4 rollouts of 2 turns a decision, the scripted
player's knob variants) scored 0.525 [0.320, 0.721] of 20 games."""
NAVAL_SCENARIOS = ("kula_gulf", "horaniu")
"""The naval figure's scenarios: both of the article's actions (the 30-turn Kula Gulf is the
same action made longer). Both are asymmetric (Kula Gulf: a transport squadron against a
cruiser force; Horaniu: five destroyers against four with radar), so game ``i`` plays
scenario ``NAVAL_SCENARIOS[(i // 2) % 2]`` with the search player on side ``i % 2``: every
(scenario, side) pair gets a quarter of the games."""


def naval_game(i: int, s: int, budget: dict) -> tuple:
    """Naval game ``i`` (seed ``s``; scenario and side by :data:`NAVAL_SCENARIOS`): the search
    player against the scripted one; (scenario, side, score, wall and CPU seconds of each
    decision)."""
    e = hexplay.game_entry("naval")
    scen = NAVAL_SCENARIOS[(i // 2) % len(NAVAL_SCENARIOS)]
    g = e.new(scen, seed=s)
    side = g.sides[i % 2]
    players = {x: e.player("scripted", x, seed=s + 1) for x in g.sides}
    sp = players[side] = SearchPlayer(side, seed=s, **budget)
    play(g, players)
    w = g.outcome()["winner"]
    return scen, side, (0.5 if w is None else float(w == side)), sp.seconds, sp.cpu_seconds


def naval(n: int, budget: dict, seed0: int = 0, workers: int = 1) -> list[tuple]:
    """``n`` naval games (seeds ``seed0``...) on ``workers`` processes: :func:`naval_game`'s
    in game order (each game's result on stderr as it ends: a long run can be read early)."""
    from concurrent.futures import ProcessPoolExecutor, as_completed

    def done(i: int, r: tuple) -> tuple:
        cpu = sum(r[4])
        print(f"naval game {i}: {r[0]} {r[1]} score={r[2]} cpu={cpu:.1f}s", file=sys.stderr)
        return r

    if workers <= 1:
        return [done(i, naval_game(i, seed0 + i, budget)) for i in range(n)]
    with ProcessPoolExecutor(workers) as ex:
        jobs = {ex.submit(naval_game, i, seed0 + i, budget): i for i in range(n)}
        res = {jobs[f]: done(jobs[f], f.result()) for f in as_completed(jobs)}
    return [res[i] for i in range(n)]


def _naval_lines(res: list[tuple], budget: dict) -> None:
    """``search_naval_win_rate`` over every game, then one line per scenario and side."""
    groups = [("", res)] + [
        (f"_{sc}_{sd}", [r for r in res if r[:2] == (sc, sd)])
        for sc in NAVAL_SCENARIOS
        for sd in ("ijn", "usn")
    ]
    for suffix, rs in groups:
        if not rs:
            continue
        wall = [x for r in rs for x in r[3]]
        cpu = [x for r in rs for x in r[4]]
        extra = (
            f"{_budget(budget)} {sum(wall) / max(1, len(wall)):.3f}s/decision "
            f"{sum(cpu) / max(1, len(cpu)):.3f}cpu_s/decision"
        )
        _line(
            f"search_naval{suffix}_win_rate", sum(r[2] for r in rs), len(rs), extra,
            budget=budget, s_decision=_mean(wall), cpu_s_decision=_mean(cpu),
        )  # fmt: skip


def _line(name: str, k: float, n: int, extra: str, **fields: float | dict) -> None:
    """Print figure ``name`` (``k`` of ``n``, its interval, ``extra``) and keep it with its
    ``fields`` (costs, budget) in :data:`FIGURES`."""
    lo, hi = wilson_interval(k, n)
    p = k / n if n else float("nan")
    print(f"{name}: {p:.3f} p  (games={n} ci95=[{lo:.3f},{hi:.3f}] {extra})", flush=True)
    fields = {k: v for k, v in fields.items() if v is not None}
    FIGURES[name] = {"p": round(p, 4), "ci": [round(lo, 4), round(hi, 4)], "games": n, **fields}


def _mean(xs: list[float]) -> float | None:
    """The mean of ``xs`` (None: nothing was measured, e.g. no turn decision of a search that
    commits at set-up)."""
    return round(sum(xs) / len(xs), 4) if xs else None


def save(path: Path) -> None:
    """Merge :data:`FIGURES` into the JSON file ``path`` with the date and the load."""
    import json
    import os

    old = json.loads(path.read_text()) if path.exists() else {}
    old.update(FIGURES)
    old["_measured"] = time.strftime("%Y-%m-%d")
    old["_load"] = round(os.getloadavg()[0], 1)
    path.write_text(json.dumps(old, indent=1, sort_keys=True) + "\n")


def skirmish_game(s: int, search_side: str | None, budget: dict) -> tuple:
    """One SKIRMISH game at 4 guards (seed ``s``): (adversary won, turn decisions' seconds,
    set-up decision's seconds, turn decisions' CPU seconds, set-up decision's CPU seconds)."""
    from hexplay.games.skirmish.ai.tactics import make_players
    from hexplay.games.skirmish.analysis.runner import new_game

    g = new_game({"n_guards": GUARDS}, s)
    adv, dfd = make_players(None, s)
    players = {"adversary": adv, "defender": dfd}
    sp = None
    if search_side is not None:
        sp = players[search_side] = SearchPlayer(search_side, seed=s, **budget)
    play(g, players)
    won = g.outcome()["winner"] == "adversary"
    if sp is None:
        return won, [], 0.0, [], 0.0
    return won, sp.seconds, sp.setup_seconds, sp.cpu_seconds, sp.setup_cpu_seconds


def skirmish(
    n: int, search_side: str | None, budget: dict, seed0: int = 0, workers: int = 1
) -> tuple:
    """``n`` SKIRMISH games at 4 guards (seeds ``seed0``...; on ``workers`` processes);
    (adversary wins, games, costs: ``s_decision``, ``cpu_s_decision``, ``s_setup``,
    ``cpu_s_setup``, the means over the decisions made)."""
    seeds = range(seed0, seed0 + n)
    if workers > 1:
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(workers) as ex:
            res = list(ex.map(skirmish_game, seeds, [search_side] * n, [budget] * n))
    else:
        res = [skirmish_game(s, search_side, budget) for s in seeds]
    wins = sum(r[0] for r in res)
    costs = {
        "s_decision": _mean([x for r in res for x in r[1]]),
        "cpu_s_decision": _mean([x for r in res for x in r[3]]),
        "s_setup": _mean([r[2] for r in res if r[2]]),
        "cpu_s_setup": _mean([r[4] for r in res if r[2]]),
    }
    return wins, n, costs


def base_game(name: str, s: int, search_side: str | None) -> tuple:
    """Game ``s`` (seed ``s``) of ``name`` in its default scenario, scripted players on every
    side but ``search_side`` (the registry's ``search`` player at its own budget; None: none):
    (the first side won, turn decisions' seconds, set-up seconds, and their CPU seconds)."""
    e = hexplay.game_entry(name)
    g = e.new(None, seed=s)
    players = {x: e.player("scripted", x, seed=s + 1) for x in g.sides}
    sp = None
    if search_side is not None:
        sp = players[search_side] = e.player("search", search_side, seed=s)
    play(g, players)
    won = g.outcome()["winner"] == g.sides[0]
    if sp is None:
        return won, [], 0.0, [], 0.0
    return won, sp.seconds, sp.setup_seconds, sp.cpu_seconds, sp.setup_cpu_seconds


def against_base(
    name: str, n: int, search_side: str | None, seed0: int = 0, workers: int = 1
) -> tuple:
    """``n`` games of :func:`base_game` (seeds ``seed0``...; on ``workers`` processes); (the
    first side's wins, games, costs as :func:`skirmish`'s)."""
    seeds = range(seed0, seed0 + n)
    args = ([name] * n, seeds, [search_side] * n)
    if workers > 1:
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(workers) as ex:
            res = list(ex.map(base_game, *args))
    else:
        res = list(map(base_game, *args))
    costs = {
        "s_decision": _mean([x for r in res for x in r[1]]),
        "cpu_s_decision": _mean([x for r in res for x in r[3]]),
        "s_setup": _mean([r[2] for r in res if r[2]]),
        "cpu_s_setup": _mean([r[4] for r in res if r[2]]),
    }
    return sum(r[0] for r in res), n, costs


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
    return (
        v, sp.seconds, sp.setup_seconds, time.process_time() - cpu, sp.cpu_seconds,
        sp.setup_cpu_seconds,
    )  # fmt: skip


def against_scripted(
    name: str, n: int, budget: dict, scenario=None, seed0: int = 0, workers: int = 1
) -> tuple:
    """``n`` games of ``name``: search against scripted, sides alternating (on ``workers``
    processes: the same games); (score, games, costs: :func:`skirmish`'s and ``cpu_s_game``)."""
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
    costs = {
        "s_decision": _mean([x for r in res for x in r[1]]),
        "cpu_s_decision": _mean([x for r in res for x in r[4]]),
        "s_setup": _mean([r[2] for r in res if r[2]]),
        "cpu_s_setup": _mean([r[5] for r in res if r[2]]),
        "cpu_s_game": _mean([r[3] for r in res]),
    }
    return total, n, costs


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=None, help="games per figure (all figures)")
    ap.add_argument("--tactic-games", type=int, default=400)
    ap.add_argument("--skirmish-games", type=int, default=400)
    ap.add_argument("--aggressor-games", type=int, default=200)
    ap.add_argument("--naval-games", type=int, default=96)
    ap.add_argument("--ambush-games", type=int, default=400)
    ap.add_argument("--iterations", type=int, default=None, help="SKIRMISH turn rollouts")
    ap.add_argument("--naval-iterations", type=int, default=None, help="naval rollouts")
    ap.add_argument("--workers", type=int, default=2, help="processes for the games")
    ap.add_argument(
        "--defender-commit", action="store_true", help="no turn search: the base defence plays"
    )
    ap.add_argument("--seed0", type=int, default=0, help="first game seed (game i: seed0 + i)")
    ap.add_argument("--only", default=None, help="tactic|adversary|defender|aggressor|naval|ambush")
    ap.add_argument("--json", type=Path, default=None, help="merge the figures into this file")
    a = ap.parse_args(argv)
    if a.games:
        a.tactic_games = a.skirmish_games = a.aggressor_games = a.naval_games = a.games
        a.ambush_games = a.games
    if a.only in (None, "tactic"):
        t = time.perf_counter()
        k, n, _ = skirmish(a.tactic_games, None, {}, a.seed0, a.workers)
        per = (time.perf_counter() - t) * a.workers / n
        _line("tactic_skirmish_p_adversary", k, n, f"{per:.3f}s/game")
    for side in ("adversary", "defender"):
        if a.only in (None, side):
            b = dict(SKIRMISH_BUDGETS[side])
            if side == "defender" and a.defender_commit:
                b["turns"] = False
            if a.iterations is not None:
                b["iterations"] = a.iterations
            k, n, costs = skirmish(a.skirmish_games, side, b, a.seed0, a.workers)
            commit = "_committed" if side == "defender" and a.defender_commit else ""
            name = f"search_skirmish_{side}{commit}_p_adversary"
            _line(name, k, n, _extra(b, costs), budget=b, **costs)
    if a.only in (None, "aggressor"):
        b = BENCH_BUDGETS["aggressor"]
        k, n, costs = against_scripted(
            "aggressor", a.aggressor_games, b, "batch", a.seed0, a.workers
        )
        extra = f"{_extra(b, costs)} {costs['cpu_s_game']:.2f}cpu_s/game"  # (n >= 1)
        _line("search_aggressor_win_rate", k, n, extra, budget=b, **costs)
    if a.only in (None, "naval"):
        b = dict(BENCH_BUDGETS["naval"])
        if a.naval_iterations is not None:
            b["iterations"] = a.naval_iterations
        _naval_lines(naval(a.naval_games, b, a.seed0, a.workers), b)
    if a.only in (None, "ambush"):
        ambush(a.ambush_games, a.seed0, a.workers)
    if a.json is not None:
        save(a.json)


def ambush(n: int, seed0: int, workers: int) -> None:
    """AMBUSH's figures: the base (scripted against scripted), then the search player on each
    side at the registry's budget (the game's ``SETTINGS.budget``), on the same seeds."""
    from hexplay.games.ambush.ai.search import SETTINGS

    t = time.perf_counter()
    k, n, _ = against_base("ambush", n, None, seed0, workers)
    per = (time.perf_counter() - t) * workers / n
    _line("scripted_ambush_p_adversary", k, n, f"{per:.3f}s/game")
    b = dict(SETTINGS.budget)
    for side in ("adversary", "defender"):
        k, n, costs = against_base("ambush", n, side, seed0, workers)
        _line(f"search_ambush_{side}_p_adversary", k, n, _extra(b, costs), budget=b, **costs)


def _extra(b: dict, costs: dict) -> str:
    extra = _budget(b)
    for key, unit in (("s_decision", "s/decision"), ("cpu_s_decision", "cpu_s/decision"),
                      ("s_setup", "s/setup"), ("cpu_s_setup", "cpu_s/setup")):  # fmt: skip
        if costs.get(key) is not None:
            extra += f" {costs[key]:.3f}{unit}"
    return extra


if __name__ == "__main__":
    main()
