"""A ship in play: position, speed/facing marker, hits, torpedo salvos, status."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from ...hexgrid import Hex
from .classes import CLASSES, ShipClass
from .damage import gunnery_after, top_speed_after

AFLOAT, SUNK, EXITED, RESERVE = "afloat", "sunk", "exited", "reserve"
"""Ship status: on the map, sunk, left the map, reinforcement not yet entered."""

IJN, USN = "ijn", "usn"
SIDES = (IJN, USN)


def enemy_of(side: str) -> str:
    return USN if side == IJN else IJN


@dataclass(slots=True)
class Ship:
    id: str
    side: str
    cls: str
    hex: Hex | None
    facing: int
    speed: int
    status: str = AFLOAT
    p_hits: int = 0
    w_hits: int = 0
    salvos: int = 1
    torpedo_ready: int = 1  # first turn the tubes are loaded again
    troops: bool = False  # (t): troops on deck
    supply: bool = False  # (s): supply destroyer, no reloads
    enter_turn: int = 1
    exit_turn: int | None = None
    sunk_turn: int | None = None

    @property
    def klass(self) -> ShipClass:
        return CLASSES[self.cls]

    @property
    def afloat(self) -> bool:
        return self.status == AFLOAT

    @property
    def hits(self) -> int:
        return self.p_hits + self.w_hits

    @property
    def top_speed(self) -> int:
        """Current top speed (power hits taken off)."""
        if not self.p_hits:
            return CLASSES[self.cls].top_speed
        return top_speed_after(CLASSES[self.cls].top_speed, self.p_hits)

    @property
    def gunnery(self) -> int:
        """Current gunnery strength (weapon hits taken off)."""
        return gunnery_after(CLASSES[self.cls].gunnery, self.w_hits)

    @property
    def defense(self) -> int:
        return self.klass.defense

    @property
    def dead_in_water(self) -> bool:
        """Power hits have stopped the ship (top speed 0): what the victory points call DIW."""
        return self.top_speed == 0

    def torpedo_loaded(self, turn: int) -> bool:
        return self.klass.torpedo_attack > 0 and self.salvos > 0 and turn >= self.torpedo_ready

    def to_dict(self) -> dict[str, Any]:
        d = {f.name: getattr(self, f.name) for f in fields(self)}
        d["hex"] = None if self.hex is None else list(self.hex)
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Ship:
        d = dict(d)
        d["hex"] = None if d["hex"] is None else Hex(*d["hex"])
        return cls(**d)
