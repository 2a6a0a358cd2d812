"""The map editor's figures (``python benchmarks/run.py --only editor``).

- ``editor_stroke_ms``: one paint stroke of 5 hexes on the 30 x 36 SKIRMISH map, as the page
  sends it (the message checked, the edit made, the map and the live line of sight and
  visibility overlays re-sent): what the designer waits for, median of many strokes.
- ``editor_check_ms``: the work that follows the last stroke (the movement overlay and the
  game's check of the map: both build the game's per-map tables for the new map), median.
"""

from __future__ import annotations

import asyncio
import statistics
import time

from hexplay.widgets import MapEditor


def figures(n: int = 10) -> dict[str, float]:
    # inside an event loop, as in a kernel: the stroke defers the check, timed on its own
    return asyncio.run(_figures(n))


async def _figures(n: int) -> dict[str, float]:
    ed = MapEditor("skirmish", game="skirmish")
    ed.builder.rename("benchmark map")
    ed.show_los("0620", "1624")
    ed.show_reach("0620")
    labels = ed.map.hex_labels
    strokes, checks = [], []
    for k in range(n):
        hexes = list(labels[40 * k : 40 * k + 5])
        ed.terrain.value = "trees" if k % 2 == 0 else "open"
        t0 = time.perf_counter()
        ed.board._on_message(ed.board, {"type": "stroke", "hexes": hexes, "seq": k + 1})
        t1 = time.perf_counter()
        ed.check()
        t2 = time.perf_counter()
        strokes.append(t1 - t0)
        checks.append(t2 - t1)
    return {
        "editor_stroke_ms": 1000 * statistics.median(strokes),
        "editor_check_ms": 1000 * statistics.median(checks),
    }
