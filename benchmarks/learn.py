"""Environment speed per game (new spaces against the old, in one process) and the shipped
learned SKIRMISH adversary's strength.

Figures (``python benchmarks/learn.py``, or ``benchmarks/run.py --only env`` / ``--only learn``):

- ``pettingzoo_steps_per_s_<game>``: ``step`` calls per second of the game's ``ParallelEnv``
  with the default spaces (planes, factored heads), every agent giving a random legal value
  of its head's mask (200 warm-up steps first), per CPU second of the process;
  ``pettingzoo_orders_per_s_<game>``: orders and other commands (submits, resolutions)
  recorded per CPU second in that run (a factored order takes one to three steps);
  ``pettingzoo_steps_per_s_<game>_old``: the old spaces (flat vector, one flat integer per
  order with its full mask), measured alternately with the new in the same process (the
  median of ``rounds`` runs each).
- ``learned_skirmish_win_rate`` / ``_vs_scripted``: the shipped learned adversary (greedy)
  against the random / scripted defender over ``games`` games, with the 95 % Wilson interval;
  ``learned_skirmish_train_cpu_minutes``: the CPU minutes its training took (from the log
  shipped beside the policy).
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

import numpy as np

GAMES = ("skirmish", "ambush", "aggressor", "naval")


def env_rates(game: str, steps: int, seed: int = 0, warmup: int = 200, **kw) -> tuple[float, float]:
    """(steps, orders) per CPU second of this process of ``parallel_env(game, **kw)`` under
    random masked actions (CPU time: the machine is shared; wall time would count the
    others' load)."""
    from hexplay.env import parallel_env

    env = parallel_env(game, **kw)
    rng = np.random.default_rng(seed)
    obs, _ = env.reset(seed=seed)
    episode = seed
    t0, orders = 0.0, 0
    for i in range(warmup + steps):
        if i == warmup:
            t0 = time.process_time()
            orders = -len(env.game.commands.commands)
        if not env.agents:
            orders += len(env.game.commands.commands) if i > warmup else 0
            episode += 1
            obs, _ = env.reset(seed=episode)
            if i <= warmup:
                orders = 0
        acts = {a: int(rng.choice(np.flatnonzero(obs[a]["action_mask"]))) for a in env.agents}
        obs, *_ = env.step(acts)
    dt = time.process_time() - t0
    orders += len(env.game.commands.commands)
    return steps / dt, orders / dt


def env_figures(steps: int, rounds: int = 3, games=GAMES):
    """The ``pettingzoo_*`` figures of every game (see the module docstring), yielded as
    ``(name, value)`` game by game."""
    for g in games:
        new, old, orders = [], [], []
        for r in range(rounds):
            s, o = env_rates(g, steps, seed=r)
            new.append(s)
            orders.append(o)
            old.append(env_rates(g, steps, seed=r, actions="flat", observation="vector")[0])
        yield f"pettingzoo_steps_per_s_{g}", statistics.median(new)
        yield f"pettingzoo_orders_per_s_{g}", statistics.median(orders)
        yield f"pettingzoo_steps_per_s_{g}_old", statistics.median(old)


def learned_figures(games: int, seed: int = 20_000) -> list[str]:
    """The ``learned_skirmish_*`` lines (see the module docstring)."""
    import hexplay
    from hexplay.ai import play
    from hexplay.analysis.stats import wilson_interval
    from hexplay.games.skirmish.ai.learned import POLICIES

    e = hexplay.game_entry("skirmish")
    lines = []
    for opponent, name in (("random", ""), ("scripted", "_vs_scripted")):
        wins = 0
        for i in range(games):
            g = e.new(None, seed=seed + i)
            play(
                g,
                {
                    "adversary": e.player("learned", "adversary", seed=seed + i),
                    "defender": e.player(opponent, "defender", seed=seed + i),
                },
            )
            wins += g.outcome().get("winner") == "adversary"
        lo, hi = wilson_interval(wins, games)
        lines.append(
            f"learned_skirmish_win_rate{name}: {wins / games:.3f} (adversary vs {opponent} "
            f"defender, {games} games, 95% [{lo:.3f}, {hi:.3f}])"
        )
    log = Path(str(POLICIES["adversary"]).removesuffix(".npz") + ".log.npz")
    if log.exists():
        with np.load(log) as f:
            minutes = float(f["cpu_s"][-1]) / 60
        lines.append(f"learned_skirmish_train_cpu_minutes: {minutes:.1f} min")
    return lines


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--steps", type=int, default=2000)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--only", choices=("env", "learn"), default=None)
    ap.add_argument("--games-env", nargs="+", default=list(GAMES), help="games of the env figures")
    a = ap.parse_args(argv)
    if a.only in (None, "env"):
        for k, v in env_figures(a.steps, a.rounds, a.games_env):
            print(f"{k}: {v:.0f} steps/s" if "steps" in k else f"{k}: {v:.0f} orders/s", flush=True)
    if a.only in (None, "learn"):
        for line in learned_figures(a.games):
            print(line, flush=True)


if __name__ == "__main__":
    main()
