"""A/B of AGGRESSOR's scripted games in instructions a game, against another checkout.

CPU time moves by +-15% or more on a loaded machine (the block ratios of
:mod:`ab_aggressor` ranged 0.87-1.36 at load 4); instruction counts repeat exactly. This
script runs itself under ``valgrind --tool=callgrind`` (one process: both versions imported as
:mod:`ab_aggressor` does, warmed up, then ``--games`` seeds of each), with a profile dump at
each ``os.getppid()`` marker between the parts, and prints each version's instructions a game
and their ratio (the other's over this checkout's: > 1 is a speed-up), this checkout's games
played before and after the other's. The games are first
compared command for command and die for die. Takes a few minutes (valgrind is ~50x slower):

    python benchmarks/ab_aggressor_instructions.py --base /path/to/other/checkout [--games 6]
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))


def _inner(base: Path, games: int, warmup: int) -> None:
    from ab import load_other, same_games
    from ab_aggressor import aggressor

    import hexplay
    from hexplay.analysis.batch import batch_gc

    with tempfile.TemporaryDirectory() as tmp:
        other = load_other(base.resolve(), Path(tmp))
        versions = [aggressor(hexplay), aggressor(other)]
        for i in range(warmup):
            for one in versions:
                one(10**6 + i)
        same_games(*versions, range(1))
        with batch_gc():
            # this checkout, the other, the other, this one (a drift, such as the allocator
            # growing its arenas in the first part, falls on both alike)
            for one in (versions[0], versions[1], versions[1], versions[0]):
                os.getppid()  # the marker: callgrind dumps the part before it
                for s in range(games):
                    one(s)
            os.getppid()


def _part_number(p: Path) -> int:
    """Dump files are ``cg.out.1``, ``cg.out.2``, ...; the one at exit may have no number."""
    tail = p.name.rsplit(".", 1)[-1]
    return int(tail) if tail.isdigit() else 1 << 30


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--base", required=True, type=Path, help="the other checkout's root")
    ap.add_argument("--games", type=int, default=6)
    ap.add_argument("--warmup", type=int, default=3)
    ap.add_argument("--inner", action="store_true", help=argparse.SUPPRESS)
    a = ap.parse_args(argv)
    if a.inner:
        _inner(a.base, a.games, a.warmup)
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


if __name__ == "__main__":
    main()
