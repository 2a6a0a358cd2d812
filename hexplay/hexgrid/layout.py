"""Hex ↔ pixel layout for flat-topped and pointy-topped grids (pixel → hex for clicks)."""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from .coords import Hex, cube_round

_SQ3 = math.sqrt(3.0)


@dataclass(frozen=True)
class PixelLayout:
    """``size`` is the centre-to-corner radius; ``origin`` is the pixel centre of hex (0, 0).

    ``y`` grows downward, as on screens and printed maps.
    """

    flat: bool = True
    size: float = 1.0
    origin: tuple[float, float] = (0.0, 0.0)

    def to_pixel(self, h: tuple[float, float]) -> tuple[float, float]:
        q, r = h
        if self.flat:
            x, y = 1.5 * q, _SQ3 * (r + q / 2)
        else:
            x, y = _SQ3 * (q + r / 2), 1.5 * r
        return x * self.size + self.origin[0], y * self.size + self.origin[1]

    def to_hex_fraction(self, x: float, y: float) -> tuple[float, float]:
        px = (x - self.origin[0]) / self.size
        py = (y - self.origin[1]) / self.size
        if self.flat:
            q = px * 2 / 3
            r = -px / 3 + py / _SQ3
        else:
            q = px / _SQ3 - py / 3
            r = py * 2 / 3
        return q, r

    def to_hex(self, x: float, y: float) -> Hex:
        """The hex containing pixel ``(x, y)``."""
        return cube_round(*self.to_hex_fraction(x, y))

    def corners(self, h: tuple[int, int]) -> list[tuple[float, float]]:
        """The six corner pixels of ``h``; corner ``k`` starts the side facing direction ``k``.

        Flat-topped: corner 0 is the upper-left end of the N side, going clockwise.
        """
        cx, cy = self.to_pixel(h)
        start = 240.0 if self.flat else 270.0
        return [
            (
                cx + self.size * math.cos(math.radians(start + 60 * k)),
                cy + self.size * math.sin(math.radians(start + 60 * k)),
            )
            for k in range(6)
        ]

    def to_pixel_array(self, q: np.ndarray, r: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Vectorized :meth:`to_pixel`."""
        q = np.asarray(q, dtype=float)
        r = np.asarray(r, dtype=float)
        if self.flat:
            x, y = 1.5 * q, _SQ3 * (r + q / 2)
        else:
            x, y = _SQ3 * (q + r / 2), 1.5 * r
        return x * self.size + self.origin[0], y * self.size + self.origin[1]
