"""Hexsides with one canonical id per shared edge.

Every hex owns three of its sides: N, NE and SE (directions 0, 1, 2).  Its S, SW and NW sides
are owned by the neighbour across them.  So the side between ``a`` and ``b`` is the same
:class:`Hexside` as the side between ``b`` and ``a``: a shared edge never exists twice.
"""

from __future__ import annotations

from typing import NamedTuple

from .coords import DIRECTIONS, Hex


class Hexside(NamedTuple):
    """Canonical hexside: owner hex ``(q, r)`` and owned direction ``d`` in {0, 1, 2}."""

    q: int
    r: int
    d: int

    @property
    def owner(self) -> Hex:
        return Hex(self.q, self.r)

    def hexes(self) -> tuple[Hex, Hex]:
        """The two hexes this side separates (owner first)."""
        o = Hex(self.q, self.r)
        return o, o + DIRECTIONS[self.d]


def hexside_of(h: tuple[int, int], direction: int) -> Hexside:
    """The canonical id of ``h``'s side facing ``direction`` (0..5)."""
    direction %= 6
    if direction < 3:
        return Hexside(h[0], h[1], direction)
    n = DIRECTIONS[direction]
    return Hexside(h[0] + n[0], h[1] + n[1], direction - 3)


def hexside_between(a: tuple[int, int], b: tuple[int, int]) -> Hexside:
    """The side shared by two adjacent hexes; ValueError if they are not adjacent."""
    d = (b[0] - a[0], b[1] - a[1])
    try:
        direction = DIRECTIONS.index(d)  # type: ignore[arg-type]
    except ValueError:
        raise ValueError(f"hexes {tuple(a)} and {tuple(b)} are not adjacent") from None
    return hexside_of(a, direction)


def sides_of(h: tuple[int, int]) -> list[Hexside]:
    """The six hexsides of ``h``, in direction order."""
    return [hexside_of(h, d) for d in range(6)]
