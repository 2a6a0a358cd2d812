"""Blocking models: what a ruleset says blocks line of sight."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal


@dataclass(frozen=True)
class BlockingModel:
    """How a ruleset's line of sight is blocked.

    - ``blocking_terrain``: terrain names whose hexes block sight *through* them.
    - ``blocking_hexsides``: hexside feature names that block sight across them.
    - ``exempt_end_hexes``: the observer's and target's own hexes never block (one can see
      *into* woods, but not past them).
    - ``exempt_end_hexsides``: the sides of the observer's and target's hexes never block.
    - ``combine``: how the two ε-nudged traces of a line that runs exactly along a hexside or
      through a vertex combine: ``"both"`` (blocked only when both traces are blocked: the
      common wargame convention, giving the benefit of the doubt to sight) or ``"either"``.
    - ``max_range``: sight beyond this many hexes is never clear (None: unlimited).

    Hexes holding units that block sight (SKIRMISH vehicles) are passed per query as
    ``blockers``; they follow the same rule as blocking terrain.
    """

    blocking_terrain: frozenset[str] = frozenset()
    blocking_hexsides: frozenset[str] = frozenset()
    exempt_end_hexes: bool = True
    exempt_end_hexsides: bool = True
    combine: Literal["both", "either"] = "both"
    max_range: int | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "blocking_terrain", frozenset(self.blocking_terrain))
        object.__setattr__(self, "blocking_hexsides", frozenset(self.blocking_hexsides))
        if self.combine not in ("both", "either"):
            raise ValueError("combine must be 'both' or 'either'")


#: Nothing blocks (the default when no model is given).
OPEN_SIGHT = BlockingModel()
