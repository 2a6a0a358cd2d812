"""A/B of a game's benchmark games in instructions a game, against another checkout.

For any game of the A/B tools (``--game skirmish``: the games of :mod:`ab`; ``ambush``:
:mod:`ab_ambush`'s; ``aggressor``: :mod:`ab_aggressor`'s). Runs itself under ``valgrind
--tool=callgrind`` (one process, both versions imported as :mod:`ab` does, each warmed up by
``--warmup`` games, then ``--games`` seeds this checkout, the other, the other, this one),
with a profile dump at each ``os.getppid()`` marker between the parts; prints each version's
instructions a game and their ratio (the other's over this checkout's: > 1 is a speed-up),
overall and per pass (the first plays seeds new to both versions' memos, the second the same
seeds again). The games are first compared command for command and die for die.
Instruction counts repeat exactly whatever the machine's load (valgrind is ~50x slower):

    python benchmarks/ab_instructions.py --base /path/to/other/checkout --game skirmish
        [--games 20] [--warmup 100]
"""

from __future__ import annotations

import argparse
import importlib
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

GAMES = {
    "skirmish": ("ab", "skirmish"),
    "ambush": ("ab_ambush", "ambush"),
    "aggressor": ("ab_aggressor", "aggressor"),
}
"""Game name -> (A/B module, its version function)."""


def _inner(base: Path, game: str, games: int, warmup: int) -> None:
    from ab import load_other, same_games

    import hexplay
    from hexplay.analysis.batch import batch_gc

    mod, fn = GAMES[game]
    version = getattr(importlib.import_module(mod), fn)
    with tempfile.TemporaryDirectory() as tmp:
        other = load_other(base.resolve(), Path(tmp))
        versions = [version(hexplay), version(other)]
        for i in range(warmup):
            for one in versions:
                one(10**6 + i)
        same_games(*versions, range(1))
        with batch_gc():
            for one in (versions[0], versions[1], versions[1], versions[0]):
                os.getppid()  # the marker: callgrind dumps the part before it
                for s in range(games):
                    one(s)
            os.getppid()


def _part_number(p: Path) -> int:
    tail = p.name.rsplit(".", 1)[-1]
    return int(tail) if tail.isdigit() else 1 << 30


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--base", required=True, type=Path, help="the other checkout's root")
    ap.add_argument("--game", choices=sorted(GAMES), default="skirmish")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--warmup", type=int, default=100)
    ap.add_argument("--inner", action="store_true", help=argparse.SUPPRESS)
    a = ap.parse_args(argv)
    if a.inner:
        _inner(a.base, a.game, a.games, a.warmup)
        return
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "cg.out"
        cmd = [
            "valgrind",
            "--tool=callgrind",
            "--dump-before=getppid",
            f"--callgrind-out-file={out}",
            sys.executable,
            __file__,
            "--inner",
            "--base",
            str(a.base),
            "--game",
            a.game,
            "--games",
            str(a.games),
            "--warmup",
            str(a.warmup),
        ]
        env = dict(os.environ, PYTHONHASHSEED="0")
        subprocess.run(cmd, check=True, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        parts = sorted(Path(tmp).glob("cg.out*"), key=_part_number)
        totals = []
        for p in parts:
            m = re.search(r"^(?:summary|totals): (\d+)", p.read_text(), re.M)
            totals.append(int(m.group(1)) if m else 0)
    if len(totals) < 5:
        raise SystemExit(f"expected a dump per part, got {len(totals)}")
    mine, other = (totals[1] + totals[4]) / 2 / a.games, (totals[2] + totals[3]) / 2 / a.games
    print(f"parts (M instructions a game): {[round(t / a.games / 1e6, 2) for t in totals[1:5]]}")
    print(f"this checkout: {mine / 1e6:.2f} M instructions a game")
    print(f"base checkout: {other / 1e6:.2f} M instructions a game")
    print(f"speed-up (instructions): {other / mine:.3f}")
    # the first pass plays seeds no game of the version has met (the memos as a batch's);
    # the second pass the same seeds again (every memo of them filled)
    print(
        f"first pass (new seeds): {totals[2] / totals[1]:.3f}, "
        f"second pass (seeds seen): {totals[3] / totals[4]:.3f}"
    )


if __name__ == "__main__":
    main()
