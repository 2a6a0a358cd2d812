"""SKIRMISH terrain on a map: line of sight (Table III) and movement (Table VIII) models.

LOS decisions: trees hexes and slope hexsides block; the observer's and target's own hexes and
their own hexsides never block (digest §6); hexes holding vehicles block like trees. A line that
runs exactly along a hexside or through a vertex is traced twice, nudged to each side, and is
clear if **either** trace is clear (``combine="both"``: blocked only when both are blocked, the
common wargame convention, symmetric by construction). The slope-hexside defence of Table IV
applies when a clear trace enters the target's hex across a slope hexside (on such a line the
defender gets the benefit of the doubt).

Movement: :data:`~hexplay.rules.skirmish.movement.SKIRMISH_COSTS` for men; a vehicle moves
only along its route (an ordered hex list of the map's places).
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from ...movement import Movement
from .movement import SKIRMISH_COSTS
from .sight import SKIRMISH_SIGHT


class Terrain:
    """Per-map precomputed sight and movement tables (shared by every game on the map)."""

    def __init__(self, m) -> None:
        self.map = m
        self.sight = m.sight(SKIRMISH_SIGHT)
        self.movement = Movement(m, SKIRMISH_COSTS, "person")
        self.index = {lab: i for i, lab in enumerate(m.hex_labels)}
        self.labels = m.hex_labels
        self.hex_of = dict(zip(m.hex_labels, m.hexes))
        self.neighbors = {lab: m.neighbor_labels(lab) for lab in m.hex_labels}
        self._terrain_of = {lab: m.terrain_at(lab) for lab in m.hex_labels}
        self._steps = {
            a: {b: self.movement.step_cost(a, b) for b in nb} for a, nb in self.neighbors.items()
        }
        self._isteps = {
            a: [(b, int(c)) for b, c in nb.items() if c is not None and c.denominator == 1]
            for a, nb in self._steps.items()
        }
        self._steps6 = {
            a: {b: None if c is None else _sixths(c) for b, c in nb.items()}
            for a, nb in self._steps.items()
        }
        self._pair_cache: dict[frozenset[int], dict[tuple[int, int], bool]] = {}
        self._blk_cache: dict[frozenset[int], np.ndarray] = {}
        self._slope_cache: dict[tuple[str, str], tuple[frozenset[int], ...]] = {}
        self.slope = m.hexside_features.get("slope", frozenset())
        #: hexes with a slope hexside (only fire into these can cross a slope hexside)
        self._slope_hexes = frozenset(
            m.label(h) for s in self.slope for h in s.hexes() if m.contains(h)
        )
        self._reach_cache: dict[tuple[str, int, int], dict[str, tuple]] = {}
        self.memo: dict = {}
        """Pure functions of this map memoized by callers (keys name what they hold)."""

    def terrain(self, label: str) -> str:
        return self._terrain_of[label]

    def step_cost(self, a: str, b: str) -> Fraction | None:
        """AP for a man to step from ``a`` to adjacent ``b`` (None: not allowed).

        MovementError if the hexes are not adjacent neighbours on the map.
        """
        try:
            return self._steps[a][b]
        except KeyError:
            return self.movement.step_cost(a, b)

    def step_cost6(self, a: str, b: str) -> int | None:
        """:meth:`step_cost` in integer sixths of an AP (None: not allowed)."""
        try:
            return self._steps6[a][b]
        except KeyError:
            c = self.movement.step_cost(a, b)
            return None if c is None else _sixths(c)

    def reach(self, start: str, budget: Fraction | int, scale: int = 1) -> dict[str, tuple]:
        """Dijkstra over hex labels for a man: label -> (AP cost, previous label).

        ``scale`` multiplies every step (2 for a wounded man). Men's step costs are whole AP
        (Table VIII), so integers keep this exact and fast.
        """
        import heapq
        import math

        lim = math.floor(budget)
        key = (start, lim, scale)
        got = self._reach_cache.get(key)
        if got is not None:
            return dict(got)
        best: dict[str, tuple] = {start: (0, None)}
        steps = self._isteps
        if scale >= 1:
            # Dial's buckets: every step costs >= 1, so nodes settle level by level; within a
            # level they expand in label order, exactly as a (cost, label) heap pops them.
            levels: dict[int, list[str]] = {0: [start]}
            while levels:
                c = min(levels)
                for a in sorted({x for x in levels.pop(c) if best[x][0] == c}):
                    for b, step in steps[a]:
                        nc = c + step * scale
                        if nc <= lim and (b not in best or nc < best[b][0]):
                            best[b] = (nc, a)
                            levels.setdefault(nc, []).append(b)
        else:
            heap = [(0, start)]
            while heap:
                c, a = heapq.heappop(heap)
                if c > best[a][0]:
                    continue
                for b, step in steps[a]:
                    nc = c + step * scale
                    if nc <= lim and (b not in best or nc < best[b][0]):
                        best[b] = (nc, a)
                        heapq.heappush(heap, (nc, b))
        if len(self._reach_cache) > 8192:
            self._reach_cache.clear()
        self._reach_cache[key] = best
        return dict(best)

    @staticmethod
    def path_in(reach: dict[str, tuple], goal: str) -> list[str]:
        """Hexes entered on the way to ``goal`` (start excluded) in a :meth:`reach` result."""
        out = []
        while reach[goal][1] is not None:
            out.append(goal)
            goal = reach[goal][1]
        return out[::-1]

    def distance(self, a: str, b: str) -> int:
        """Hex distance between two labels (dictionary look-ups, no label parsing)."""
        q1, r1 = self.hex_of[a]
        q2, r2 = self.hex_of[b]
        dq, dr = q1 - q2, r1 - r2
        return (abs(dq) + abs(dr) + abs(dq + dr)) // 2

    def sees(self, a: str, b: str, blockers: frozenset[int]) -> bool:
        """LOS between two hex labels with vehicle hexes (indices) as blockers (cached)."""
        i, j = self.index[a], self.index[b]
        if i == j:
            return True
        key = (i, j) if i < j else (j, i)
        cache = self._pair_cache.get(blockers)
        if cache is None:
            if len(self._pair_cache) > 256:
                self._pair_cache.clear()
                self._blk_cache.clear()
            cache = self._pair_cache[blockers] = {}
        v = cache.get(key)
        if v is None:
            v = cache[key] = self._clear(key[0], key[1], blockers)
        return v

    def _clear(self, i: int, j: int, blockers: frozenset[int]) -> bool:
        s = self.sight
        try:
            blk = self._blk_cache.get(blockers)
            if blk is None:
                mask = np.zeros(self.map.size, dtype=bool)
                mask[list(blockers)] = True
                blk = self._blk_cache[blockers] = s._blocking_array(mask)
            dq = int(s._q[j] - s._q[i])
            dr = int(s._r[j] - s._r[i])
            return bool(s._clear_fast(i, j, dq, dr, blk, s.model.combine == "both"))
        except AttributeError:  # pragma: no cover - public fallback
            hexes = [self.map.hexes[k] for k in blockers]
            return s.los(self.map.hexes[i], self.map.hexes[j], hexes).clear

    def fire_crosses_slope(self, a: str, b: str, blockers: frozenset[int]) -> bool:
        """True if a clear LOS trace from ``a`` enters ``b`` across a slope hexside."""
        if b not in self._slope_hexes:
            return False
        key = (a, b)
        info = self._slope_cache.get(key)
        if info is None:
            info = self._slope_cache[key] = self._slope_traces(a, b)
        for cands in info:
            if cands.isdisjoint(blockers):
                return True
        return False

    def _slope_traces(self, a: str, b: str) -> tuple[frozenset[int], ...]:
        """For each nudged trace from ``a`` to ``b`` that enters ``b`` across a slope hexside
        and is clear of terrain, the hex indices whose vehicles would block it (its blocking
        depends on the vehicles only through those)."""
        s = self.sight
        m = s.model
        out = []
        for tr in self.sight.los(a, b).traces:
            if not (tr.hexsides and tr.clear and tr.hexsides[-1] in self.slope):
                continue
            last = len(tr.hexes) - 1
            cands = set()
            for i, h in enumerate(tr.hexes):
                if (i == 0 or i == last) and m.exempt_end_hexes:
                    continue
                idx = s._idx.get(h, -1)
                if idx >= 0:
                    cands.add(idx)
            out.append(frozenset(cands))
        return tuple(out)


def _sixths(x: Fraction) -> int:
    n = x * 6
    if n.denominator != 1:
        raise ValueError(f"{x} AP is not a whole number of sixths")
    return int(n)


def terrain_for(m) -> Terrain:
    """The shared :class:`Terrain` of a map (built once per map object)."""
    t = m.__dict__.get("_skirmish_terrain")
    if t is None:
        t = m.__dict__["_skirmish_terrain"] = Terrain(m)
    return t
