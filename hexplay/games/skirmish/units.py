"""SKIRMISH counters: men and vehicles (mutable game state, JSON-able)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

FIT, WOUNDED, KILLED = "fit", "W", "K"
CAR_KIND = "car"
"""Kind of the adversary's own vehicle (AMBUSH's getaway car, :mod:`.getaway_car`); the
convoy's are "transporter" and "escort"."""


@dataclass
class Man:
    """One man. ``hex`` is his hex label on foot (None inside a vehicle or not yet placed).

    ``route_pos`` is set only for a man on foot off the map (digest §8: he got out of a stopped
    escort beyond the map edge): his route index, outside ``0..len(route)-1``; ``hex`` is then
    None. It is None whenever he is on the map or in a vehicle.

    ``long_gun`` is his rifle or shotgun; ``armed`` is False after he laid it down for barrier
    work (at ``laid_at``) until he re-arms. Everyone always keeps a pistol.
    """

    id: str
    side: str
    long_gun: str | None
    hex: str | None = None
    vehicle: str | None = None
    seat: str | None = None
    wounds: int = 0
    armed: bool = True
    laid_at: str | None = None
    route_pos: int | None = None

    @property
    def condition(self) -> str:
        return KILLED if self.wounds >= 2 else (WOUNDED if self.wounds == 1 else FIT)

    @property
    def alive(self) -> bool:
        return self.wounds < 2

    @property
    def wounded(self) -> bool:
        return self.wounds == 1

    @property
    def fit(self) -> bool:
        return self.wounds == 0

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "side": self.side,
            "long_gun": self.long_gun,
            "hex": self.hex,
            "vehicle": self.vehicle,
            "seat": self.seat,
            "wounds": self.wounds,
            "armed": self.armed,
            "laid_at": self.laid_at,
            # only off the map (saves of games without off-board men keep their old form)
            **({"route_pos": self.route_pos} if self.route_pos is not None else {}),
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Man:
        rp = d.get("route_pos")
        return cls(
            d["id"],
            d["side"],
            d.get("long_gun"),
            d.get("hex"),
            d.get("vehicle"),
            d.get("seat"),
            int(d.get("wounds", 0)),
            bool(d.get("armed", True)),
            d.get("laid_at"),
            None if rp is None else int(rp),
        )


@dataclass
class Vehicle:
    """A vehicle on its route: ``pos`` is the route index (outside 0..len-1 = off the map).

    ``heading`` is +1 (the convoy's direction of travel: increasing route index) or -1.
    ``spares`` counts the spare long guns it carries.
    """

    id: str
    kind: str  # "transporter", "escort" or CAR_KIND
    pos: int = 0
    heading: int = 1
    moving: bool = False
    seats: dict[str, str] = field(default_factory=dict)  # seat -> man id
    spares: dict[str, int] = field(default_factory=dict)
    entered_board: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "kind": self.kind,
            "pos": self.pos,
            "heading": self.heading,
            "moving": self.moving,
            "seats": dict(self.seats),
            "spares": dict(self.spares),
            "entered_board": self.entered_board,
        }
