"""Axial/cube hex coordinates: the one coordinate system used inside hexplay.

A :class:`Hex` is an axial pair ``(q, r)``; the third cube coordinate is ``s = -q - r``.
Directions are listed clockwise starting at "up" for flat-topped grids
(N, NE, SE, S, SW, NW).  On a pointy-topped grid the same six vectors read
NE, E, SE, SW, W, NW after a 30° turn; nothing below depends on the orientation.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import NamedTuple


class Hex(NamedTuple):
    """A hex in axial coordinates."""

    q: int
    r: int

    @property
    def s(self) -> int:
        return -self.q - self.r

    def __add__(self, other: object) -> Hex:  # type: ignore[override]
        if not isinstance(other, tuple):
            return NotImplemented
        return Hex(self.q + other[0], self.r + other[1])

    def __sub__(self, other: tuple[int, int]) -> Hex:
        return Hex(self.q - other[0], self.r - other[1])

    def __mul__(self, k: object) -> Hex:  # type: ignore[override]
        if not isinstance(k, int):
            return NotImplemented
        return Hex(self.q * k, self.r * k)

    def neighbor(self, direction: int) -> Hex:
        return self + DIRECTIONS[direction % 6]

    def neighbors(self) -> list[Hex]:
        return [self + d for d in DIRECTIONS]

    def distance(self, other: tuple[int, int]) -> int:
        return distance(self, other)

    def direction_to(self, other: tuple[int, int]) -> int | None:
        """Index of the direction to an adjacent hex, or None if not adjacent."""
        d = (other[0] - self.q, other[1] - self.r)
        try:
            return DIRECTIONS.index(d)
        except ValueError:
            return None


#: Unit vectors, clockwise from "up" on a flat-topped grid: N, NE, SE, S, SW, NW.
DIRECTIONS: tuple[Hex, ...] = (
    Hex(0, -1),
    Hex(1, -1),
    Hex(1, 0),
    Hex(0, 1),
    Hex(-1, 1),
    Hex(-1, 0),
)
#: Compass names of :data:`DIRECTIONS` on a flat-topped grid.
FLAT_DIRECTION_NAMES = ("N", "NE", "SE", "S", "SW", "NW")
#: Compass names of :data:`DIRECTIONS` on a pointy-topped grid.
POINTY_DIRECTION_NAMES = ("NE", "E", "SE", "SW", "W", "NW")


def opposite(direction: int) -> int:
    return (direction + 3) % 6


def distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    dq = a[0] - b[0]
    dr = a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def ring(center: tuple[int, int], radius: int) -> list[Hex]:
    """Hexes at exactly ``radius`` from ``center``, clockwise, starting at the SW corner."""
    c = Hex(*center)
    if radius < 0:
        raise ValueError("radius must be >= 0")
    if radius == 0:
        return [c]
    out: list[Hex] = []
    h = c + DIRECTIONS[4] * radius  # start at SW corner, walk N, NE, SE, S, SW, NW
    for side in range(6):
        for _ in range(radius):
            out.append(h)
            h = h + DIRECTIONS[side]
    return out


def spiral(center: tuple[int, int], radius: int) -> Iterator[Hex]:
    """All hexes within ``radius``: the centre, then ring 1, ring 2, ..."""
    for k in range(radius + 1):
        yield from ring(center, k)


def within(center: tuple[int, int], radius: int) -> list[Hex]:
    """All hexes at distance <= radius (the "range" of Red Blob's guide)."""
    cq, cr = center
    out = []
    for dq in range(-radius, radius + 1):
        for dr in range(max(-radius, -dq - radius), min(radius, -dq + radius) + 1):
            out.append(Hex(cq + dq, cr + dr))
    return out


def rotate(h: tuple[int, int], steps: int = 1, center: tuple[int, int] = (0, 0)) -> Hex:
    """Rotate ``h`` clockwise by ``steps`` × 60° around ``center``."""
    q, r = h[0] - center[0], h[1] - center[1]
    s = -q - r
    for _ in range(steps % 6):
        q, r, s = -r, -s, -q
    return Hex(q + center[0], r + center[1])


def reflect_q(h: tuple[int, int], center: tuple[int, int] = (0, 0)) -> Hex:
    """Reflect across the axis through ``center`` along which q is constant (swaps r and s)."""
    q, r = h[0] - center[0], h[1] - center[1]
    s = -q - r
    return Hex(q + center[0], s + center[1])


def cube_round(fq: float, fr: float) -> Hex:
    """Round fractional axial coordinates to the nearest hex."""
    fs = -fq - fr
    q, r, s = round(fq), round(fr), round(fs)
    dq, dr, ds = abs(q - fq), abs(r - fr), abs(s - fs)
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    return Hex(int(q), int(r))
