"""Line-of-sight traces: the result of one LOS query."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..hexgrid import Hex, Hexside


@dataclass(frozen=True)
class Obstruction:
    """What blocked a trace and where: ``kind`` is "hex", "hexside" or "unit"."""

    kind: str
    where: str  # a hex label, or "AAAA/BBBB" for a hexside
    what: str  # terrain name, hexside feature, or "unit"

    def __str__(self) -> str:
        return f"{self.what} {self.kind} at {self.where}"


@dataclass(frozen=True)
class NudgedTrace:
    """One of the two ε-nudged traces: hexes and hexsides crossed, in order."""

    nudge: int
    hexes: tuple[Hex, ...]
    hexsides: tuple[Hexside, ...]
    blocked_by: tuple[Obstruction, ...]

    @property
    def clear(self) -> bool:
        return not self.blocked_by


@dataclass(frozen=True)
class LosTrace:
    """Result of ``Map.los(a, b)``.

    ``clear`` is the ruleset's verdict after combining both nudged traces.  ``hexes`` and
    ``hexsides`` describe the trace that decided it (the clear one if sight is clear, else the
    first), with ``hexes`` as labels; ``blocked_by`` lists what blocked that trace, in order
    from the observer.  ``traces`` keeps both nudged traces; ``ambiguous`` says they differ
    (the line runs along a hexside or through a vertex). ``map``: the map it was traced on
    (what a notebook draws it over: :meth:`_repr_svg_`); not part of the result's value.
    """

    observer: str
    target: str
    distance: int
    clear: bool
    hexes: tuple[str, ...]
    hexsides: tuple[Hexside, ...]
    blocked_by: tuple[Obstruction, ...]
    traces: tuple[NudgedTrace, NudgedTrace] = field(repr=False)
    ambiguous: bool = False
    out_of_range: bool = False
    map: Any = field(default=None, repr=False, compare=False)

    def _repr_svg_(self) -> str | None:
        """What a notebook shows: the trace drawn over its map, cropped around it (nothing
        without a map: the text repr stands)."""
        if self.map is None or not hasattr(self.map, "svg"):
            return None
        verdict = "clear" if self.clear else f"blocked by {self.first_block or 'range'}"
        title = f"line of sight {self.observer} → {self.target} ({self.distance} hexes): {verdict}"
        return self.map.svg(los=self, focus=self.hexes or (self.observer, self.target), title=title)

    @property
    def first_block(self) -> Obstruction | None:
        return self.blocked_by[0] if self.blocked_by else None

    def __bool__(self) -> bool:
        return self.clear

    def to_dict(self) -> dict:
        """Plain JSON-ready form (for widgets and records)."""
        return {
            "observer": self.observer,
            "target": self.target,
            "distance": self.distance,
            "clear": self.clear,
            "hexes": list(self.hexes),
            "hexsides": [list(s) for s in self.hexsides],
            "blocked_by": [
                {"kind": o.kind, "where": o.where, "what": o.what} for o in self.blocked_by
            ],
            "ambiguous": self.ambiguous,
            "out_of_range": self.out_of_range,
        }
