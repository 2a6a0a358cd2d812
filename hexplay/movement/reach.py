"""Reachability within a budget (Dijkstra) and path costs on a map under a cost model.

Costs are exact: the model's fractions are scaled to integers by their common denominator
(a vehicle may pay 1/6 AP a hex), so no rounding creeps into an AP budget.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from ..hexgrid import DIRECTIONS, Hex, hexside_of
from .model import CostModel

_INF = np.iinfo(np.int64).max


class MovementError(ValueError):
    """An illegal move; the message says which step and why."""


@dataclass(frozen=True)
class Reach:
    """Everything reachable from ``start`` within ``budget``: costs and cheapest paths."""

    movement: Movement
    start: Hex
    budget: Fraction
    cost_units: np.ndarray  # per hex index, _INF when unreachable
    parent: np.ndarray  # per hex index, -1 at start or when unreachable

    @property
    def reachable(self) -> np.ndarray:
        """Boolean mask over hex indices."""
        return self.cost_units < _INF

    def cost(self, h) -> Fraction | None:
        i = self.movement.map.index(self.movement.map.hex(h))
        c = int(self.cost_units[i])
        return None if c == _INF else Fraction(c, self.movement.denominator)

    def costs(self) -> dict[str, Fraction]:
        """Label → cost of every reachable hex."""
        m = self.movement.map
        den = self.movement.denominator
        return {
            m.hex_labels[i]: Fraction(int(self.cost_units[i]), den)
            for i in np.flatnonzero(self.reachable)
        }

    def float_costs(self) -> dict[str, float]:
        """Label → cost as a float of every reachable hex: equals
        ``{k: float(v) for k, v in self.costs().items()}`` (an integer cost over the
        denominator, divided once in numpy and correctly rounded as ``float(Fraction)`` is),
        without a Fraction per hex (what a board overlay needs on every click)."""
        idx = np.flatnonzero(self.reachable)
        vals = (self.cost_units[idx] / self.movement.denominator).tolist()
        labels = self.movement.map.hex_labels
        return {labels[i]: v for i, v in zip(idx.tolist(), vals)}

    def _repr_svg_(self) -> str | None:
        """What a notebook shows: the reachable hexes shaded on the map (cropped around
        them), each hex's cost as its tooltip."""
        m = self.movement.map
        if not hasattr(m, "svg"):
            return None
        costs = self.float_costs()
        start = m.label(self.start)
        title = f"reach from {start} within {self.budget} ({len(costs)} hexes)"
        return m.svg(reach=costs, focus=[start, *costs], title=title)

    def path_to(self, h) -> list[Hex]:
        """Cheapest path from the start to ``h`` (inclusive); MovementError if unreachable."""
        m = self.movement.map
        i = m.index(m.require(h))
        if self.cost_units[i] == _INF:
            raise MovementError(f"{m.label(h)} cannot be reached within {self.budget}")
        out = []
        while i >= 0:
            out.append(m.hexes[i])
            i = int(self.parent[i])
        return out[::-1]


class Movement:
    """Movement for one mover kind on one map under one cost model (costs precomputed)."""

    def __init__(self, map, model: CostModel, mover: str = "person") -> None:
        self.map = map
        self.model = model
        self.mover = mover
        n = map.size
        raw: list[list[Fraction | None]] = []
        nbr = np.full((n, 6), -1, dtype=np.int64)
        index = {h: i for i, h in enumerate(map.hexes)}
        terrain = [map.terrain_names[t] for t in map.terrain_flat()]
        road_hexes = map.road_hexes
        for i, h in enumerate(map.hexes):
            row: list[Fraction | None] = []
            for d, v in enumerate(DIRECTIONS):
                j = index.get(Hex(h.q + v.q, h.r + v.r), -1)
                if j < 0:
                    row.append(None)
                    continue
                nbr[i, d] = j
                side = hexside_of(h, d)
                c = model.enter_cost(
                    terrain[j],
                    frozenset(map.features_of(side)),
                    side in map.roads,
                    mover,
                    road_hex=map.hexes[j] in road_hexes,
                )
                row.append(None if c is None else Fraction(c))
            raw.append(row)
        dens = {c.denominator for row in raw for c in row if c is not None}
        self.denominator = math.lcm(*dens) if dens else 1
        units = np.full((n, 6), _INF, dtype=np.int64)
        for i, row in enumerate(raw):
            for d, c in enumerate(row):
                if c is not None:
                    units[i, d] = int(c * self.denominator)
        self._units = units
        self._nbr = nbr
        self._index = index
        # (neighbour, cost units) of every hex, allowed steps only: the search's inner loop
        self._steps: list[list[tuple[int, int]]] = [
            [(j, u) for j, u in zip(nr, ur) if j >= 0 and u != _INF]
            for nr, ur in zip(nbr.tolist(), units.tolist())
        ]

    def step_cost(self, a, b) -> Fraction | None:
        """Cost of one step between adjacent hexes (None if forbidden); error if not adjacent."""
        ha, hb = self.map.require(a), self.map.require(b)
        d = ha.direction_to(hb)
        if d is None:
            raise MovementError(f"{self.map.label(ha)} and {self.map.label(hb)} are not adjacent")
        u = int(self._units[self._index[ha], d])
        return None if u == _INF else Fraction(u, self.denominator)

    def path_cost(self, path: Sequence) -> Fraction:
        """Total cost of a path (start hex first); MovementError naming the bad step."""
        hexes = [self.map.require(h, "path") for h in path]
        total = Fraction(0)
        for a, b in zip(hexes, hexes[1:]):
            c = self.step_cost(a, b)
            if c is None:
                raise MovementError(
                    f"a {self.mover} cannot move from {self.map.label(a)} to {self.map.label(b)}"
                    f" (terrain {self.map.terrain_at(b)!r})"
                )
            total += c
        return total

    def reachable(self, start, budget: Fraction | int | float | None = None) -> Reach:
        """Dijkstra from ``start``: every hex reachable within ``budget`` (None: unlimited)."""
        s = self.map.require(start, "start")
        lim = _INF - 1 if budget is None else int(Fraction(budget) * self.denominator)
        n = self.map.size
        si = self._index[s]
        steps = self._steps
        best = [_INF] * n
        parent = [-1] * n
        best[si] = 0
        heap = [(0, si)]
        pop, push = heapq.heappop, heapq.heappush
        while heap:
            c, i = pop(heap)
            if c > best[i]:
                continue
            for j, u in steps[i]:
                nc = c + u
                if nc <= lim and nc < best[j]:
                    best[j] = nc
                    parent[j] = i
                    push(heap, (nc, j))
        cost = np.array(best, dtype=np.int64)
        return Reach(self, s, Fraction(lim, self.denominator), cost, np.array(parent, np.int64))

    def cheapest_path(self, a, b) -> tuple[list[Hex], Fraction]:
        """Cheapest path from ``a`` to ``b`` and its cost; MovementError if there is none."""
        reach = self.reachable(a)
        path = reach.path_to(b)
        return path, reach.cost(b)  # type: ignore[return-value]
