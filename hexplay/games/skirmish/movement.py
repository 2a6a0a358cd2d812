"""SKIRMISH movement costs (Table VIII) as a cost model for :mod:`hexplay.movement`.

People pay by terrain entered and hexside crossed; a road hex is entered at the road rate
(see :func:`~hexplay.games.skirmish.combat.movement_cost`).  Vehicles move only along roads
(the step must follow a road across the hexside) at 1/6 AP a hex.  Wounded men's doubled
costs are applied by the engine, not here.
"""

from __future__ import annotations

from fractions import Fraction

from .combat import movement_cost


class SkirmishCosts:
    """Table VIII for movers "person" and "vehicle"."""

    def enter_cost(
        self, terrain: str, features: frozenset[str], road: bool, mover: str, road_hex: bool
    ) -> Fraction | None:
        slope = "slope" in features
        if mover == "vehicle":
            return movement_cost("road", slope, mover) if road else None
        return movement_cost("road" if road_hex else terrain, slope, mover)


SKIRMISH_COSTS = SkirmishCosts()
"""The one Table VIII cost model every SKIRMISH map and reach query uses."""
