"""AGGRESSOR's units as named data: the six types, the display types, the unit state, step loss.

Digest "Units": 18 per side, chosen freely from six types; a step loss takes one off range, or off
strength when range is already 0; strength 0 eliminates the unit.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any


@dataclass(frozen=True)
class UnitType:
    """One unit type: maximum (starting) range and strength, its special feature, and its place
    in the partisan-contact order (Msl 1, Air 2, Aty 3, Arm 4, Inf 5, Spt 6)."""

    name: str
    range: int
    strength: int
    features: tuple[str, ...]
    order: int


UNIT_TYPES: dict[str, UnitType] = {
    "Airbase": UnitType("Airbase", 0, 3, ("recon", "strike"), 2),
    "Missile": UnitType("Missile", 1, 1, ("launch",), 1),
    "Artillery": UnitType("Artillery", 3, 2, ("fire",), 3),
    "Armor": UnitType("Armor", 3, 3, (), 4),
    "Infantry": UnitType("Infantry", 2, 2, ("replace",), 5),
    "Support": UnitType("Support", 2, 1, ("replace",), 6),
}
"""The digest's unit table (range and strength are the maxima)."""

TYPE_NAMES: tuple[str, ...] = tuple(UNIT_TYPES)

TECHNICAL = "Technical"
"""Display type of a Missile unit that has launched (its feature becomes decontamination)."""
UNIDENTIFIED = "Unidentified"
"""Display type of an observed enemy that is not identified (colour only)."""
NUKED = "Nuked"
"""Display type of a unit in a CBR hex (its type is not shown)."""
DISPLAY_TYPES: tuple[str, ...] = (*TYPE_NAMES, TECHNICAL, UNIDENTIFIED, NUKED)

TECHNICAL_CONTACT_CHANCE = 5
"""Partisan contact chance of a Technical unit, in tenths (50%)."""


def contact_chance(type_name: str, technical: bool) -> int:
    """Partisan contact chance in tenths: 10% x type order + 10%; Technical 50%."""
    return TECHNICAL_CONTACT_CHANCE if technical else UNIT_TYPES[type_name].order + 1


@dataclass(eq=False, slots=True)
class Unit:
    """One unit's state (hexes are board indices).

    Turn bookkeeping (reset at the start of the unit's side's turn): ``moved`` hexes moved,
    ``tried`` (range-0 one-hex try made), ``immobile`` (that try failed), ``attacked``,
    ``feature`` (special feature used), ``frozen`` (partisans), ``stopped`` (why movement ended:
    "zone of control", "border", "blocked", or ""), ``start_hex`` (hex at the start of its
    side's last turn, or its set-up hex), ``began_in_enemy`` (started this turn in the
    opponent's territory), ``unseen`` (not observed by the opponent in the opponent's
    preceding turn: may ambush), ``cbr_entered`` (the CBR hex it voluntarily entered on its
    last move, or -1).
    """

    id: str
    side: str
    type: str
    rng: int
    str: int
    hex: int
    alive: bool = True
    launched: bool = False
    emplaced: bool = False
    moved: int = 0
    tried: bool = False
    immobile: bool = False
    attacked: bool = False
    feature: bool = False
    frozen: bool = False
    stopped: str = ""
    start_hex: int = -1
    began_in_enemy: bool = False
    unseen: bool = True
    cbr_entered: int = -1

    @property
    def utype(self) -> UnitType:
        return UNIT_TYPES[self.type]

    @property
    def max_rng(self) -> int:
        return UNIT_TYPES[self.type].range

    @property
    def max_str(self) -> int:
        return UNIT_TYPES[self.type].strength

    @property
    def technical(self) -> bool:
        return self.launched

    @property
    def display_type(self) -> str:
        """The type as displayed when identified (Technical for a launched Missile unit)."""
        return TECHNICAL if self.launched else self.type

    @property
    def damaged(self) -> bool:
        return self.str < self.max_str or self.rng < self.max_rng

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Unit:
        names = {f.name for f in fields(cls)}
        return cls(**{k: v for k, v in d.items() if k in names})


def step_loss(u: Unit, strength_first: bool = False) -> str:
    """Apply one step loss; returns what it took: "range", "strength" or "eliminated".

    Range -1; if range is already 0 (or ``strength_first``, the assault's 50% case), strength
    -1 instead; strength 0 eliminates the unit.
    """
    if u.rng > 0 and not strength_first:
        u.rng -= 1
        return "range"
    u.str -= 1
    if u.str <= 0:
        u.str = 0
        u.alive = False
        return "eliminated"
    return "strength"


def gain_step(u: Unit) -> str | None:
    """Regain one step: strength first (if below its maximum), else range; None at full."""
    if u.str < u.max_str:
        u.str += 1
        return "strength"
    if u.rng < u.max_rng:
        u.rng += 1
        return "range"
    return None
