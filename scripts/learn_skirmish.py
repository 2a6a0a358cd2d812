"""Train SKIRMISH's learned adversary (needs ``hexplay[learn]``) and write its policy.

``python scripts/learn_skirmish.py --out hexplay/games/skirmish/ai/learned_adversary.npz``
clones the scripted adversary's decisions (``--expert-games`` games against the random
defender), then runs ``MaskablePPO`` against the random defender for ``--steps`` steps,
measuring the greedy policy's win rate against the random and the scripted defender every
``--every`` steps; the log (``<out>.log.npz``) holds the curves and the CPU seconds.
``--steps 2048 --expert-games 1`` is the smoke run CI makes (seconds).
"""

from __future__ import annotations

import argparse

import torch

from hexplay.env.learn import save_log, train
from hexplay.games.skirmish.ai.learned import scripted_expert


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", required=True)
    ap.add_argument("--steps", type=int, default=40_000)
    ap.add_argument("--expert-games", type=int, default=40)
    ap.add_argument("--every", type=int, default=10_000)
    ap.add_argument("--bc-epochs", type=int, default=8)
    ap.add_argument("--eval-random", type=int, default=20)
    ap.add_argument("--eval-scripted", type=int, default=10)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--pool", type=int, nargs=2, default=(9, 6), help="pooled grid (rows, cols)")
    a = ap.parse_args(argv)
    torch.set_num_threads(a.threads)
    weights, log = train(
        "skirmish",
        "adversary",
        opponent="random",
        steps=a.steps,
        expert=scripted_expert,
        expert_games=a.expert_games,
        bc_epochs=a.bc_epochs,
        features={"pool": tuple(a.pool)},
        every=a.every,
        seed=a.seed,
        out=a.out,
        evaluate={"random": a.eval_random, "scripted": a.eval_scripted},
    )
    save_log(log, a.out.removesuffix(".npz") + ".log.npz")
    for i, s in enumerate(log.steps):
        wr = {k: v[i] for k, v in log.win_rates.items()}
        print(f"steps {s}: cpu {log.cpu_s[i]:.0f} s, win rates {wr}", flush=True)
    print(f"learn_cpu_minutes: {log.cpu_s[-1] / 60:.1f} min")


if __name__ == "__main__":
    main()
