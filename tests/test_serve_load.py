"""Load through a real table (bounded in count and time, 127.0.0.1 only): 30 concurrent games
of computer players over one WebSocket per seat, on a table of 2 worker processes; every
acknowledged order is in the file exactly once and nothing failed. (The figures of a longer
run are ``benchmarks/table.py``'s; this test asserts correctness only.)"""

from __future__ import annotations

import asyncio
import sys
import types
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("workers", [1, 2])
def test_thirty_concurrent_games_lose_and_duplicate_no_order(workers):
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        import table as bench
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    args = types.SimpleNamespace(
        games=30, duration=8.0, max_games=300, game="tag", think=0.05, workers=workers
    )
    stats = asyncio.run(bench.run(args))
    assert stats.errors == []  # no failed request, and the store check found nothing
    assert stats.orders > 30 and len(stats.acked) >= 30  # every game played, in the time
    assert stats.elapsed < 60
