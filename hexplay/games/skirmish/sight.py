"""SKIRMISH line of sight (digest section 6, Table III) as a blocking model.

Trees block; a slope hexside blocks; a hex with a vehicle in it blocks (passed per query as
``blockers``).  The observer's and target's own hexes never block, nor do their own slope
hexsides: a man can see *into* woods, a vehicle's hex or just behind a slope, not past it.

Lines that run exactly along a hexside or through a vertex (the rules are silent): both
ε-nudged traces are taken and sight is blocked only when **both** are blocked (the common
wargame convention).  This is symmetric: LOS(a, b) == LOS(b, a).
"""

from __future__ import annotations

from ...sight import BlockingModel

BLOCKING_TERRAIN = frozenset({"trees"})
"""Terrain names whose hexes block sight (Table III)."""
BLOCKING_HEXSIDES = frozenset({"slope"})
"""Hexside features that block sight (Table III: dark slope hexsides)."""

SKIRMISH_SIGHT = BlockingModel(
    blocking_terrain=BLOCKING_TERRAIN,
    blocking_hexsides=BLOCKING_HEXSIDES,
    exempt_end_hexes=True,
    exempt_end_hexsides=True,
    combine="both",
)
