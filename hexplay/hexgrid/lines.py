"""Lines between hex centres, with the two ε-nudged traces for exact ties.

Two kinds of line are provided:

* :func:`line` — Red Blob Games' line drawing: ``N + 1`` hexes for distance ``N``, the hex
  nearest to each of ``N + 1`` evenly spaced points.  Good for drawing and for movement
  along a straight line.
* :func:`segment` — the exact *supercover* of the straight segment between the two centres:
  every hex the segment passes through, in order, with the hexside crossed between each pair.
  A centre-to-centre segment can cross the zigzag boundary between two rows of hexes several
  times, so it may touch more than ``N + 1`` hexes.  Line of sight uses this one: a rule that
  says "terrain encountered by the straight line" means every hex the line enters.

A centre-to-centre line may run exactly along a hexside or through a vertex.  Following
Red Blob Games, the line is sampled at ``N + 1`` evenly spaced points (``N`` = distance) and
each point is rounded to a hex; before rounding, both ends are nudged by a tiny cube offset
``+ε`` (trace "left") or ``-ε`` (trace "right") so that no point sits on a boundary.  Where
the line is not ambiguous the two traces are equal.  Each trace is a contiguous path of
``N + 1`` hexes, so consecutive hexes share exactly one hexside: the hexside crossed.

Symmetry: the ``+ε`` trace from ``b`` to ``a`` is the ``+ε`` trace from ``a`` to ``b``
reversed (both ends receive the same nudge, so it is the same shifted segment).
"""

from __future__ import annotations

import math
from functools import lru_cache

from .coords import DIRECTIONS, Hex, cube_round, distance
from .hexsides import Hexside, hexside_between

#: Cube nudge (q, r, s) that breaks ties; sums to zero so the point stays on the plane.
EPSILON = (1e-6, 2e-6, -3e-6)


def _trace(dq: int, dr: int, sign: int) -> tuple[Hex, ...]:
    n = distance((0, 0), (dq, dr))
    eq, er = EPSILON[0] * sign, EPSILON[1] * sign
    if n == 0:
        return (Hex(0, 0),)
    out = []
    for i in range(n + 1):
        t = i / n
        out.append(cube_round(eq + dq * t, er + dr * t))
    return tuple(out)


@lru_cache(maxsize=65536)
def line_offsets(dq: int, dr: int, sign: int = 1) -> tuple[Hex, ...]:
    """The trace from (0, 0) to (dq, dr), as hexes relative to the start (cached)."""
    return _trace(dq, dr, sign)


def line(a: tuple[int, int], b: tuple[int, int], nudge: int = 1) -> list[Hex]:
    """Hexes on the line from ``a`` to ``b`` (inclusive), nudged by ``+ε`` or ``-ε``."""
    if nudge not in (1, -1):
        raise ValueError("nudge must be +1 or -1")
    aq, ar = a
    return [Hex(aq + h.q, ar + h.r) for h in line_offsets(b[0] - aq, b[1] - ar, nudge)]


def lines(a: tuple[int, int], b: tuple[int, int]) -> tuple[list[Hex], list[Hex]]:
    """Both nudged traces (``+ε``, ``-ε``); equal unless the line runs along a hexside."""
    return line(a, b, 1), line(a, b, -1)


def is_ambiguous(a: tuple[int, int], b: tuple[int, int]) -> bool:
    """True when the two nudged traces differ (the line touches a hexside or vertex)."""
    dq, dr = b[0] - a[0], b[1] - a[1]
    return line_offsets(dq, dr, 1) != line_offsets(dq, dr, -1)


def sides_crossed(path: list[Hex]) -> list[Hexside]:
    """The hexsides crossed between consecutive hexes of a contiguous path."""
    return [hexside_between(path[i], path[i + 1]) for i in range(len(path) - 1)]


# Pixel-space images of the six neighbour vectors (flat-topped, unit size).  Hex cells are the
# Voronoi cells of the centres, so the segment leaves a hex through the side facing ``k`` when it
# crosses the perpendicular bisector between the centre and neighbour ``k``.
_SQ3 = math.sqrt(3.0)


def _px(q: float, r: float) -> tuple[float, float]:
    return 1.5 * q, _SQ3 * (r + q / 2)


_NEIGHBOUR_PX = [_px(d.q, d.r) for d in DIRECTIONS]


def _segment_plain(dq: int, dr: int, sign: int) -> tuple[Hex, ...]:
    """The supercover walk as the geometry says it: from each hex, leave through the side
    whose bisector the segment crosses first (of the sides it heads toward)."""
    ax, ay = _px(EPSILON[0] * sign, EPSILON[1] * sign)
    bx, by = _px(dq + EPSILON[0] * sign, dr + EPSILON[1] * sign)
    vx, vy = bx - ax, by - ay
    cur = Hex(0, 0)
    out = [cur]
    target = Hex(dq, dr)
    t = 0.0
    while cur != target:
        cx, cy = _px(cur.q, cur.r)
        best_t, best_k = math.inf, -1
        for k, (ux, uy) in enumerate(_NEIGHBOUR_PX):
            denom = vx * ux + vy * uy
            if denom <= 0:
                continue
            tk = (0.5 * (ux * ux + uy * uy) - ((ax - cx) * ux + (ay - cy) * uy)) / denom
            if tk < best_t:
                best_t, best_k = tk, k
        if best_k < 0 or best_t < t - 1e-9 or len(out) > 4 * (abs(dq) + abs(dr)) + 4:
            raise RuntimeError(f"segment walk failed for offset ({dq}, {dr})")  # pragma: no cover
        t = best_t
        cur = cur + DIRECTIONS[best_k]
        out.append(cur)
    return tuple(out)


# ``_NEIGHBOUR_DOT[j][k]``: pixel image of direction j dotted with that of direction k.
_NEIGHBOUR_DOT = [[ux * wx + uy * wy for wx, wy in _NEIGHBOUR_PX] for ux, uy in _NEIGHBOUR_PX]


def _segment(dq: int, dr: int, sign: int) -> tuple[Hex, ...]:
    """Equals ``_segment_plain`` (tested on every offset within 40 hexes): the same walk
    with the sides the segment heads toward chosen once, and each bisector's crossing
    parameter kept up to date by one addition per step instead of recomputed from the hex's
    centre (the centre moves by one neighbour vector a step)."""
    ax, ay = _px(EPSILON[0] * sign, EPSILON[1] * sign)
    bx, by = _px(dq + EPSILON[0] * sign, dr + EPSILON[1] * sign)
    vx, vy = bx - ax, by - ay
    ks, num, den = [], [], []
    for k, (ux, uy) in enumerate(_NEIGHBOUR_PX):
        denom = vx * ux + vy * uy
        if denom > 0:
            ks.append(k)
            num.append(0.5 * (ux * ux + uy * uy) - (ax * ux + ay * uy))  # at the centre (0, 0)
            den.append(denom)
    if not ks or (dq == 0 and dr == 0):
        return (Hex(0, 0),)
    limit = 4 * (abs(dq) + abs(dr)) + 4
    n = len(ks)
    dots = [[_NEIGHBOUR_DOT[k][j] for j in ks] for k in range(6)]
    steps = [(DIRECTIONS[k].q, DIRECTIONS[k].r, k) for k in ks]
    q = r = 0
    out = [Hex(0, 0)]
    while q != dq or r != dr:
        best, best_t = 0, num[0] / den[0]
        for i in range(1, n):
            tk = num[i] / den[i]
            if tk < best_t:
                best, best_t = i, tk
        sq, sr, k = steps[best]
        q += sq
        r += sr
        out.append(Hex(q, r))
        dk = dots[k]
        for i in range(n):
            num[i] += dk[i]  # the centre moved by neighbour k: (c·u_i) grows by u_k·u_i
        if len(out) > limit:
            raise RuntimeError(f"segment walk failed for offset ({dq}, {dr})")  # pragma: no cover
    return tuple(out)


@lru_cache(maxsize=65536)
def segment_offsets(dq: int, dr: int, sign: int = 1) -> tuple[Hex, ...]:
    """Supercover of the nudged segment from (0, 0) to (dq, dr), relative hexes (cached)."""
    return _segment(dq, dr, sign)


def segment(a: tuple[int, int], b: tuple[int, int], nudge: int = 1) -> list[Hex]:
    """Every hex the (nudged) straight segment between the centres of ``a`` and ``b`` enters."""
    if nudge not in (1, -1):
        raise ValueError("nudge must be +1 or -1")
    aq, ar = a
    return [Hex(aq + h.q, ar + h.r) for h in segment_offsets(b[0] - aq, b[1] - ar, nudge)]
