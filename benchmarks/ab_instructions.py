"""A/B of SKIRMISH's or AMBUSH's games in instructions a game, against another checkout.

As :mod:`ab_aggressor_instructions` does for AGGRESSOR: this script runs itself under
``valgrind --tool=callgrind`` (one process, both versions imported as :mod:`ab` does, warmed
up, then ``--games`` seeds of each in the order this, other, other, this, the second pair on
new seeds), with a profile dump
at each ``os.getppid()`` marker between the parts, and prints each version's instructions a
game and their ratio (the other's over this checkout's: > 1 is a speed-up). The games are first
compared command for command and die for die. Instruction counts repeat exactly whatever the
machine's load; valgrind is ~50x slower, so keep ``--games`` small:

    python benchmarks/ab_instructions.py --game skirmish --base /path/to/other [--games 20]
    python benchmarks/ab_instructions.py --game ambush --base /path/to/other [--games 3]
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

WARMUP = {"skirmish": 100, "ambush": 5}
"""Warm-up games per version (seeds ``10**6 + i``): as :mod:`ab` and :mod:`ab_ambush`."""


def _version(game: str):
    if game == "skirmish":
        from ab import skirmish

        return skirmish
    from ab_ambush import ambush

    return ambush


def _inner(game: str, base: Path, games: int, warmup: int) -> None:
    from ab import load_other, same_games

    import hexplay
    from hexplay.analysis.batch import batch_gc

    version = _version(game)
    with tempfile.TemporaryDirectory() as tmp:
        other = load_other(base.resolve(), Path(tmp))
        versions = [version(hexplay), version(other)]
        for i in range(warmup):
            for one in versions:
                one(10**6 + i)
        same_games(*versions, range(20_000, 20_001))
        with batch_gc():
            # this checkout, the other, the other, this one; the second pair on new seeds (a
            # seed played again would find the lazy memos its first game filled)
            for k, one in enumerate((versions[0], versions[1], versions[1], versions[0])):
                os.getppid()  # the marker: callgrind dumps the part before it
                for s in range(k // 2 * games, (k // 2 + 1) * games):
                    one(s)
            os.getppid()


def _part_number(p: Path) -> int:
    """Dump files are ``cg.out.1``, ``cg.out.2``, ...; the one at exit may have no number."""
    tail = p.name.rsplit(".", 1)[-1]
    return int(tail) if tail.isdigit() else 1 << 30


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--game", choices=sorted(WARMUP), default="skirmish")
    ap.add_argument("--base", required=True, type=Path, help="the other checkout's root")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--warmup", type=int, default=None, help="default: by game (WARMUP)")
    ap.add_argument("--inner", action="store_true", help=argparse.SUPPRESS)
    a = ap.parse_args(argv)
    warmup = WARMUP[a.game] if a.warmup is None else a.warmup
    if a.inner:
        _inner(a.game, a.base, a.games, warmup)
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
            f"--game={a.game}",
            f"--base={a.base}",
            f"--games={a.games}",
            f"--warmup={warmup}",
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
