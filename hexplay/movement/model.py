"""Movement cost models: what a ruleset charges to enter a hex across a hexside."""

from __future__ import annotations

from fractions import Fraction
from typing import Protocol


class CostModel(Protocol):
    """A ruleset's movement rates.

    ``enter_cost`` returns the cost for a mover of kind ``mover`` (e.g. "person", "vehicle")
    to enter a hex of terrain ``terrain`` across a hexside carrying ``features`` (e.g.
    {"slope"}); ``road`` is True when a road runs across that hexside (the step follows the
    road) and ``road_hex`` when any road runs through the hex entered.  ``None`` means the
    move is not allowed.
    """

    def enter_cost(
        self, terrain: str, features: frozenset[str], road: bool, mover: str, road_hex: bool
    ) -> Fraction | int | None: ...


class UniformCost:
    """Every step costs one point (a handy default and a test double)."""

    def enter_cost(self, terrain, features, road, mover, road_hex=False):  # noqa: D102
        return 1
