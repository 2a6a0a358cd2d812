"""Plotted tasks (Table II codes) and their phase order."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from .tables import ACTIVITIES

MAN_CODES = ("DF", "MP", "EP", "EV", "BW", "RA", "WE")
VEHICLE_CODES = ("AV", "MV", "SV", "TV")
PHASE_OF = {
    "DF": 0,
    "EP": 1,
    "EV": 1,
    "MP": 1,
    "AV": 1,
    "MV": 1,
    "SV": 1,
    "TV": 1,
    "RA": 2,
    "WE": 2,
    "BW": 2,
}
"""Tasks run in the order combat (0) -> movement (1) -> maintenance (2) (digest §4)."""
PHASE_NAMES = ("combat", "movement", "maintenance")


_NO_AP = Fraction(0)


@dataclass(frozen=True)
class Task:
    """One plotted task of a man or a vehicle.

    ``target`` is a unit id (DF, EP, WE, EV entering) or None; ``path`` the hex labels entered
    by MP (start excluded); ``hexes`` the hexes moved by MV, or by MP the route steps of a man
    off the map toward the board (:mod:`.plotting`: then ``path`` starts with the map hex the
    last step enters); ``weapon`` the weapon fired (DF) or
    taken (WE); ``seat`` the seat taken on entering (EV); ``ap`` the AP this task costs its
    plotter as plotted (doubled for a wounded man).
    """

    code: str
    target: str | None = None
    path: tuple[str, ...] = ()
    hexes: int = 0
    weapon: str | None = None
    seat: str | None = None
    ap: Fraction = field(default=_NO_AP, compare=False)

    def __init__(
        self,
        code: str,
        target: str | None = None,
        path: tuple[str, ...] = (),
        hexes: int = 0,
        weapon: str | None = None,
        seat: str | None = None,
        ap: Fraction = _NO_AP,
    ) -> None:
        # the dataclass __init__ of a frozen class, in one step: tasks are made on every plot
        self.__dict__.update(
            code=code, target=target, path=path, hexes=hexes, weapon=weapon, seat=seat, ap=ap
        )

    @property
    def base_ap(self) -> Fraction:
        a = ACTIVITIES[self.code].ap
        if self.code == "MV":
            return a * self.hexes
        return a if a is not None else Fraction(0)

    def label(self) -> str:
        """Activity-chart text, e.g. ``"DF A3"``, ``"MP 1325-1326"``, ``"MV 6"``."""
        if self.code == "MP":
            if self.hexes:  # off-board route steps, then the hexes entered on the map
                tail = ": " + "-".join(self.path) if self.path else ""
                return f"MP {self.hexes} along route{tail}"
            return "MP " + "-".join(self.path)
        if self.code == "MV":
            return f"MV {self.hexes}"
        bits = [self.code]
        if self.target:
            bits.append(self.target)
        if self.weapon and self.code in ("DF", "WE"):
            bits.append(f"({self.weapon})")
        if self.seat:
            bits.append(f"seat {self.seat}")
        return " ".join(bits)

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"code": self.code}
        if self.target is not None:
            d["target"] = self.target
        if self.path:
            d["path"] = list(self.path)
        if self.hexes:
            d["hexes"] = self.hexes
        if self.weapon is not None:
            d["weapon"] = self.weapon
        if self.seat is not None:
            d["seat"] = self.seat
        d["ap"] = str(self.ap)
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Task:
        return cls(
            d["code"],
            d.get("target"),
            tuple(d.get("path", ())),
            int(d.get("hexes", 0)),
            d.get("weapon"),
            d.get("seat"),
            Fraction(d.get("ap", 0)),
        )
