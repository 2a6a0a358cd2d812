"""Blocking models: what a ruleset says blocks line of sight, as plain data a map can carry.

The model is sight's own input (as :class:`~hexplay.movement.CostModel` is movement's); a map
names its game's model (``Map.sight_model``, the 'sight:' section of a map file), so that
:meth:`hexplay.maps.Map.los` gives the game's answer without being told the model (issue 10).
Its plain-data form (:meth:`BlockingModel.to_dict`, :meth:`BlockingModel.from_dict`) is what
the JSON map format and saves store.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

COMBINE_RULES = ("both", "either")

#: Field names of the plain-data form, in order.
BLOCKING_FIELDS = (
    "blocking_terrain",
    "blocking_hexsides",
    "exempt_end_hexes",
    "exempt_end_hexsides",
    "combine",
    "max_range",
)


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

    Hexes holding units that block sight (vehicles, in some games) are passed per query as
    ``blockers``; they follow the same rule as blocking terrain.  Every field is checked on
    construction (``ValueError`` naming the field).
    """

    blocking_terrain: frozenset[str] = frozenset()
    blocking_hexsides: frozenset[str] = frozenset()
    exempt_end_hexes: bool = True
    exempt_end_hexsides: bool = True
    combine: Literal["both", "either"] = "both"
    max_range: int | None = None

    def __post_init__(self) -> None:
        for name in ("blocking_terrain", "blocking_hexsides"):
            value = getattr(self, name)
            if isinstance(value, (str, bytes)) or not isinstance(
                value, (set, frozenset, list, tuple)
            ):
                raise ValueError(f"{name}: expected a set of names, not {value!r}"[:200])
            if not all(isinstance(x, str) and x for x in value):
                raise ValueError(f"{name}: every name must be a non-empty string")
            object.__setattr__(self, name, frozenset(value))
        for name in ("exempt_end_hexes", "exempt_end_hexsides"):
            if not isinstance(getattr(self, name), bool):
                raise ValueError(f"{name}: expected true or false, not {getattr(self, name)!r}")
        if self.combine not in COMBINE_RULES:
            raise ValueError(f"combine: must be 'both' or 'either', not {self.combine!r}")
        r = self.max_range
        if r is not None and (not isinstance(r, int) or isinstance(r, bool) or r < 0):
            raise ValueError(f"max_range: expected a whole number >= 0 or null, not {r!r}")

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON form (names sorted)."""
        return {
            "blocking_terrain": sorted(self.blocking_terrain),
            "blocking_hexsides": sorted(self.blocking_hexsides),
            "exempt_end_hexes": self.exempt_end_hexes,
            "exempt_end_hexsides": self.exempt_end_hexsides,
            "combine": self.combine,
            "max_range": self.max_range,
        }

    @classmethod
    def from_dict(cls, d: object) -> BlockingModel:
        """Inverse of :meth:`to_dict`; missing fields take their defaults, unknown ones are
        refused.  ``ValueError`` names the field."""
        if not isinstance(d, Mapping):
            raise ValueError(f"expected an object with fields {', '.join(BLOCKING_FIELDS)}")
        for k in d:
            if k not in BLOCKING_FIELDS:
                raise ValueError(f"{k}: unknown field (known: {', '.join(BLOCKING_FIELDS)})")
        for k in ("blocking_terrain", "blocking_hexsides"):
            if k in d and not isinstance(d[k], list):
                raise ValueError(f"{k}: expected a list of names, not {d[k]!r}"[:200])
        return cls(**dict(d))


#: Nothing blocks.
OPEN_SIGHT = BlockingModel()
