"""Type check hexplay with mypy and hold the ratchet (run by scripts/test.sh, so by CI).

mypy reads its settings from pyproject.toml (``[tool.mypy]``). Its errors are counted by area:
each game package (``hexplay/games/<name>``) and each shared part (``engine``, ``maps``,
``widgets``, ``registry.py``...). A shared part must have none; a game package may have at most
the count recorded for it in ``scripts/typecheck-baseline.json``, a count that may only fall:
when a package has fewer errors than recorded, this script says so and ``--update`` writes the
lower count (it never raises one).

    python scripts/typecheck.py            # check (exit 1 on a shared error or a count that grew)
    python scripts/typecheck.py --update   # record the lower counts after fixing errors
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BASELINE = ROOT / "scripts" / "typecheck-baseline.json"
ERROR = re.compile(r"^(hexplay/[^:]+\.py):\d+: error: ")
SHOWN = 60  # error lines printed of the areas that failed


def area(path: str) -> str:
    """The area an error's file belongs to: ``hexplay/games/<name>`` for a game package,
    else the shared part (``hexplay/engine``, ``hexplay/registry.py``...)."""
    parts = path.split("/")
    if len(parts) > 2 and parts[1] == "games":
        return "/".join(parts[:3])
    return "/".join(parts[:2])


def count_errors(output: str) -> Counter[str]:
    """mypy's error lines counted by :func:`area` (notes and the summary line ignored)."""
    out: Counter[str] = Counter()
    for line in output.splitlines():
        m = ERROR.match(line)
        if m:
            out[area(m.group(1))] += 1
    return out


def judge(counts: Counter[str], baseline: dict[str, int]) -> tuple[list[str], list[str]]:
    """(failures, improvements): an area over its recorded count (unrecorded areas: zero),
    and a recorded area under its count."""
    fail, better = [], []
    for a in sorted(set(counts) | set(baseline)):
        have, allowed = counts.get(a, 0), baseline.get(a, 0)
        if have > allowed:
            what = f"at most {allowed}" if a in baseline else "none allowed (not in the baseline)"
            fail.append(f"{a}: {have} errors ({what})")
        elif have < allowed:
            better.append(f"{a}: {have} errors, {allowed} recorded")
    return fail, better


def run_mypy() -> tuple[int, str]:
    proc = subprocess.run(
        [sys.executable, "-m", "mypy", "--no-error-summary", "--no-pretty"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    return proc.returncode, proc.stdout + proc.stderr


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--update", action="store_true", help="record lower counts")
    args = ap.parse_args(argv)
    code, output = run_mypy()
    counts = count_errors(output)
    if code not in (0, 1) or (code == 1 and not counts):  # mypy itself failed (config, crash)
        print(output)
        print(f"mypy failed (exit code {code})")
        return 2
    baseline = json.loads(BASELINE.read_text()) if BASELINE.exists() else {}
    fail, better = judge(counts, baseline)
    total = sum(counts.values())
    for a in sorted(counts):
        print(f"  {a}: {counts[a]}")
    print(f"mypy: {total} errors in {len(counts)} areas (game packages held by {BASELINE.name})")
    if fail:
        bad = {f.split(":")[0] for f in fail}
        shown = [ln for ln in output.splitlines() if (m := ERROR.match(ln)) and area(m[1]) in bad]
        print(
            "\n".join(shown[:SHOWN])
            + (f"\n... {len(shown) - SHOWN} more" if len(shown) > SHOWN else "")
        )
        print("type check failed:\n  " + "\n  ".join(fail))
        return 1
    if better:
        if args.update:
            new = {a: counts.get(a, 0) for a in baseline if counts.get(a, 0)}
            BASELINE.write_text(json.dumps(new, indent=2, sort_keys=True) + "\n")
            print("recorded the lower counts:\n  " + "\n  ".join(better))
        else:
            print("fewer errors than recorded (run with --update):\n  " + "\n  ".join(better))
    return 0


if __name__ == "__main__":
    sys.exit(main())
