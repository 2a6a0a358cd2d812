"""SKIRMISH terrain on a map: line of sight (Table III), defence rows (Table IV) and movement
(Table VIII), precomputed from the map's terrain tables
(:class:`~hexplay.games.skirmish.terrain_effects.TerrainEffects`: SKIRMISH's, or AMBUSH's for a
map with AMBUSH terrain types; see :func:`~.terrain_effects.effects_for_map`).

LOS decisions: trees hexes and slope hexsides block; the observer's and target's own hexes and
their own hexsides never block (digest §6); hexes holding vehicles block like trees. A line that
runs exactly along a hexside or through a vertex is traced twice, nudged to each side, and is
clear if **either** trace is clear (``combine="both"``: blocked only when both are blocked, the
common wargame convention, symmetric by construction). The slope-hexside defence of Table IV
applies when a clear trace enters the target's hex across a slope hexside (on such a line the
defender gets the benefit of the doubt).

Movement: the tables' rates for men (SKIRMISH: Table VIII, as
:data:`~hexplay.games.skirmish.movement.SKIRMISH_COSTS`); a vehicle moves only along its route
(an ordered hex list of the map's places).
"""

from __future__ import annotations

from array import array
from fractions import Fraction
from typing import Any

import numpy as np

from ...movement import Movement
from .terrain_effects import SKIRMISH_TERRAIN, TerrainEffects, effects_for_map

_FAR = np.iinfo(np.int64).max
"""A key above any hex's in :meth:`Terrain.toward` (hexes no nearer the goal than the start)."""


class Terrain:
    """Per-map precomputed sight and movement tables (shared by every game on the map and
    terrain tables).

    ``effects`` are the terrain tables (default SKIRMISH's); MapError if the map has a terrain
    they do not know.
    """

    def __init__(self, m, effects: TerrainEffects = SKIRMISH_TERRAIN) -> None:
        effects.check_map(m)
        self.map = m
        self.effects = effects
        self.sight = m.sight(effects.sight)
        self._both = effects.sight.combine == "both"
        self.movement = Movement(m, effects, "person")
        self.index = {lab: i for i, lab in enumerate(m.hex_labels)}
        self.labels = m.hex_labels
        self.hex_of = dict(zip(m.hex_labels, m.hexes))
        self.neighbors = {lab: m.neighbor_labels(lab) for lab in m.hex_labels}
        self._terrain_of = {lab: m.terrain_at(lab) for lab in m.hex_labels}
        self._defence_row = {lab: effects.defence_row(t) for lab, t in self._terrain_of.items()}
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
        self._los: dict[tuple[int, int], Any] = {}
        self._scaled_steps: dict[int, list[tuple[tuple[int, int], ...]]] = {}
        self._ranked: tuple[list[str], dict[str, int], list[int], list[int]] | None = None
        self._settled: dict[tuple[str, int, int], tuple[tuple[int, ...], tuple[int, ...], dict]]
        self._settled = {}
        self._found: dict[tuple[str, int, int], tuple[np.ndarray, ...]] = {}
        self._rank_qr_arrays: tuple[np.ndarray, np.ndarray] | None = None
        self.slope = m.hexside_features.get("slope", frozenset())
        #: hexes with a slope hexside (only fire into these can cross a slope hexside)
        self._slope_hexes = frozenset(
            m.label(h) for s in self.slope for h in s.hexes() if m.contains(h)
        )
        self._reach_cache: dict[tuple[str, int, int], dict[str, tuple]] = {}
        self._fire_hexes: dict[tuple[str, str], frozenset[int]] = {}
        self.memo: dict = {}
        """Pure functions of this map memoized by callers (keys name what they hold)."""
        self._qr: np.ndarray | None = None
        self._trees: np.ndarray | None = None
        self._cover: np.ndarray | None = None
        self._slope_hex_mask: np.ndarray | None = None
        self._dist_from: dict[str, np.ndarray] = {}
        self._reachable: dict[tuple, Any] = {}

    def terrain(self, label: str) -> str:
        return self._terrain_of[label]

    def defence_row(self, label: str) -> str:
        """Table IV row of a man on foot in hex ``label`` (its terrain's row; a road hex
        counts as the terrain under it)."""
        return self._defence_row[label]

    def defence_strength(self, row: str, hexes_moved: int = 0) -> int:
        """Table IV of these terrain tables (:meth:`TerrainEffects.defence_strength`)."""
        return self.effects.defence_strength(row, hexes_moved)

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
        if scale >= 1:
            order, cost, prev = self._settle(start, lim, scale)
            ranked = self._rank_tables()[0]
            return {
                ranked[k]: (c, ranked[prev[k]] if prev[k] >= 0 else None)
                for k, c in zip(order, cost)
            }
        key = (start, lim, scale)
        got = self._reach_cache.get(key)
        if got is not None:
            return dict(got)
        best: dict[str, tuple] = {start: (0, None)}
        steps = self._isteps
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
        if len(self._reach_cache) > 1024:
            self._reach_cache.clear()
        self._reach_cache[key] = best
        return dict(best)

    def _rank_tables(self) -> tuple[list[str], dict[str, int], list[int], list[int]]:
        """Labels in sorted order, label -> rank, and each rank's axial q and r."""
        if self._ranked is None:
            ranked = sorted(self._isteps)
            rank = {lab: k for k, lab in enumerate(ranked)}
            qs = [self.hex_of[lab][0] for lab in ranked]
            rs = [self.hex_of[lab][1] for lab in ranked]
            self._ranked = (ranked, rank, qs, rs)
        return self._ranked

    def _settle(
        self, start: str, lim: int, scale: int
    ) -> tuple[tuple[int, ...], tuple[int, ...], dict[int, int]]:
        """The search of :meth:`reach` for ``scale >= 1`` over label ranks (cached): ranks in
        the order found, their costs, and each found rank's predecessor (-1: none).

        Equals :meth:`_settle_plain` (its test compares them). The costs are a map-sized
        list (one C-level fill, then list indexing, cheaper per step than a dict's ``get``);
        the predecessors a dict over the hexes found (a man's search reaches some 200 of a
        map's 1000-2000 hexes). What is kept is tuples and a dict of ints, which the garbage
        collector stops tracking: a long-lived table's full collections do not walk them.
        """
        key = (start, lim, scale)
        got = self._settled.get(key)
        if got is not None:
            return got
        # Dial's buckets: every step costs >= 1, so nodes settle level by level; within a
        # level they expand in label (= rank) order, exactly as a (cost, label) heap pops them.
        scaled = self._scaled(scale)
        s0 = self._rank_tables()[1][start]
        big = lim + 1
        cost = [big] * len(scaled)
        cost[s0] = 0
        prev = {s0: -1}
        order = [s0]
        # one bucket per cost 0..lim: a cheaper path always has nc < cost[b] <= big = lim + 1
        levels: list[list[int]] = [[] for _ in range(max(big, 1))]
        levels[0].append(s0)
        for c, level in enumerate(levels):
            if not level:
                continue
            if len(level) > 1:
                level = sorted({x for x in level if cost[x] == c})
            elif cost[level[0]] != c:
                continue
            for a in level:
                for b, step in scaled[a]:
                    nc = c + step
                    cb = cost[b]
                    if nc < cb:
                        if cb == big:
                            order.append(b)
                        cost[b] = nc
                        prev[b] = a
                        levels[nc].append(b)
        got = (tuple(order), tuple([cost[k] for k in order]), prev)
        if len(self._settled) > 4096:
            self._settled.clear()
        self._settled[key] = got
        return got

    def _scaled(self, scale: int) -> list[tuple]:
        """Each rank's (neighbour rank, step cost * ``scale``) pairs (cached per scale)."""
        scaled = self._scaled_steps.get(scale)
        if scaled is None:
            ranked, rank = self._rank_tables()[:2]
            steps = self._isteps
            scaled = self._scaled_steps[scale] = [
                tuple((rank[b], step * scale) for b, step in steps[lab]) for lab in ranked
            ]
        return scaled

    def _settle_plain(self, start: str, lim: int, scale: int) -> tuple[list[int], list[int], array]:
        """:meth:`_settle` with map-sized tables, uncached (the plain version its test compares)."""
        ranked, rank = self._rank_tables()[:2]
        scaled = self._scaled(scale)
        s0 = rank[start]
        big = lim + 1
        cost = [big] * len(ranked)
        prev = [-1] * len(ranked)
        cost[s0] = 0
        order = [s0]
        levels: list[list[int]] = [[] for _ in range(max(big, 1))]
        levels[0].append(s0)
        for c, level in enumerate(levels):
            if not level:
                continue
            for a in sorted({x for x in level if cost[x] == c}):
                for b, step in scaled[a]:
                    nc = c + step
                    if nc < cost[b]:
                        if cost[b] == big:
                            order.append(b)
                        cost[b] = nc
                        prev[b] = a
                        levels[nc].append(b)
        return order, [cost[k] for k in order], array("i", prev)

    def toward(self, start: str, goal: str, budget: Fraction | int, scale: int = 1) -> list[str]:
        """Hexes entered (start excluded) on the way to the hex nearest ``goal`` that a man can
        reach from ``start`` within ``budget`` AP (:meth:`reach`): nearest first, then cheapest,
        then first found; [] if no reachable hex is nearer than ``start``.

        Equals :meth:`toward_plain` (its tests compare them). The hexes the search finds
        (:meth:`_settle`) are held as arrays (:meth:`_found_arrays`): their distances to the
        goal take a few array operations, and the first of the least ``distance * (lim + 1)
        + cost`` (nearest, then cheapest, then first found) is the hex sought."""
        import math

        if scale < 1:
            return self.toward_plain(start, goal, budget, scale)
        lim = math.floor(budget)
        q, r, s, c = self._found_arrays(start, lim, scale)
        g = self.hex_of[goal]
        gq, gr = g[0], g[1]
        d = np.abs(q - gq)
        d += np.abs(r - gr)
        d += np.abs(s - (gq + gr))
        d //= 2
        # costs are <= lim: distance first, cost second; hexes no nearer than start left out
        key = d * (lim + 1) + c
        key[d >= self.distance(start, goal)] = _FAR
        k = int(key.argmin())
        if key[k] == _FAR:
            return []
        order, _cost, prev = self._settle(start, lim, scale)
        ranked = self._rank_tables()[0]
        best = order[k]
        path = []
        while best >= 0 and prev[best] >= 0:
            path.append(ranked[best])
            best = prev[best]
        return path[::-1]

    def _found_arrays(self, start: str, lim: int, scale: int) -> tuple[np.ndarray, ...]:
        """The hexes :meth:`_settle` finds, in its order, as int64 arrays of their axial
        q, r and q + r, and their costs (made once per search, kept as long as it is)."""
        key = (start, lim, scale)
        got = self._found.get(key)
        if got is None:
            order, cost, _prev = self._settle(start, lim, scale)
            qs, rs = self._rank_qr()
            idx = np.array(order, dtype=np.int64)
            q, r = qs[idx], rs[idx]
            got = (q, r, q + r, np.array(cost, dtype=np.int64))
            if len(self._found) > 4096:
                self._found.clear()
            self._found[key] = got
        return got

    def _rank_qr(self) -> tuple[np.ndarray, np.ndarray]:
        """Each rank's axial q and r (:meth:`_rank_tables`) as int64 arrays (made once)."""
        got = self._rank_qr_arrays
        if got is None:
            _ranked, _rank, qs, rs = self._rank_tables()
            got = self._rank_qr_arrays = (
                np.array(qs, dtype=np.int64),
                np.array(rs, dtype=np.int64),
            )
        return got

    def toward_plain(
        self, start: str, goal: str, budget: Fraction | int, scale: int = 1
    ) -> list[str]:
        """:meth:`toward` from :meth:`reach`'s table and :meth:`distance` (the plain version
        its test compares; the one used for ``scale < 1``)."""
        reach = self.reach(start, budget, scale)
        best, best_d = None, self.distance(start, goal)
        for lab, (c, _prev) in reach.items():
            d = self.distance(lab, goal)
            if d < best_d or (d == best_d and best is not None and c < reach[best][0]):
                best, best_d = lab, d
        return self.path_in(reach, best) if best is not None else []

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

    dist = distance  # (the players' name for it)

    def distances_from(self, a: str) -> np.ndarray:
        """Hex distance from ``a`` to every hex, in hex index (label) order."""
        qr = self.qr
        q, r = self.hex_of[a]
        dq = qr[:, 0] - q
        dr = qr[:, 1] - r
        return (np.abs(dq) + np.abs(dr) + np.abs(dq + dr)) // 2

    # --- what computer players look up every turn (one table for rules and players) --------
    def dist_from(self, a: str) -> np.ndarray:
        """:meth:`distances_from` cached per hex (bounded: emptied at 4096 hexes)."""
        d = self._dist_from.get(a)
        if d is None:
            if len(self._dist_from) > 4096:
                self._dist_from.clear()
            d = self._dist_from[a] = self.distances_from(a)
        return d

    @property
    def qr(self) -> np.ndarray:
        """Axial (q, r) of every hex, in hex index (label) order."""
        if self._qr is None:
            self._qr = np.array([tuple(self.hex_of[lab])[:2] for lab in self.labels], np.int64)
        return self._qr

    @property
    def trees(self) -> np.ndarray:
        """Boolean mask (hex index order): the hex is trees."""
        if self._trees is None:
            self._trees = np.array(
                [self._terrain_of[lab] == "trees" for lab in self.labels], dtype=bool
            )
        return self._trees

    @property
    def cover(self) -> np.ndarray:
        """Boolean mask (hex index order): the hex is cover terrain
        (:attr:`TerrainEffects.cover_terrains`: SKIRMISH trees; AMBUSH also brush, orchard,
        buildings, rocks)."""
        if self._cover is None:
            kinds = self.effects.cover_terrains
            self._cover = np.array([self._terrain_of[lab] in kinds for lab in self.labels], bool)
        return self._cover

    @property
    def slope_hex(self) -> np.ndarray:
        """Boolean mask (hex index order): the hex has a slope hexside toward a neighbour on
        the map."""
        if self._slope_hex_mask is None:
            m, slope = self.map, self.slope
            self._slope_hex_mask = np.array(
                [any(m.hexside(h, n) in slope for n in m.neighbors(h)) for h in m.hexes],
                dtype=bool,
            )
        return self._slope_hex_mask

    def reachable(self, start: str, budget: Fraction):
        """``movement.reachable(start, budget)`` (a Reachable: costs and paths as arrays),
        cached (bounded: emptied at 20000 entries); maps are static."""
        key = (start, budget)
        r = self._reachable.get(key)
        if r is None:
            if len(self._reachable) > 20000:
                self._reachable.clear()
            r = self._reachable[key] = self.movement.reachable(start, budget)
        return r

    def sees(self, a: str, b: str, blockers: frozenset[int]) -> bool:
        """LOS between two hex labels with vehicle hexes (indices) as blockers (cached).

        Each pair's traces are analysed once per map (:meth:`_traces`): a trace is blocked by
        terrain for good, or by a vehicle only on one of its own hexes, so a query is a few
        set tests whatever the vehicles' positions.
        """
        i, j = self.index[a], self.index[b]
        if i == j:
            return True
        key = (i, j) if i < j else (j, i)
        return _clear(self._los.get(key) or self._pair_los(key), blockers)

    def sees_any(self, sources, b: str, blockers: frozenset[int]) -> bool:
        """True if any hex label in ``sources`` :meth:`sees` ``b`` (one call for many)."""
        index, los = self.index, self._los
        j = index[b]
        for a in sources:
            i = index[a]
            if i == j:
                return True
            key = (i, j) if i < j else (j, i)
            if _clear(los.get(key) or self._pair_los(key), blockers):
                return True
        return False

    def _pair_los(self, key: tuple[int, int]):
        """The pair's LOS analysis (:meth:`_traces`), made and kept on its first query."""
        if len(self._los) > 1_000_000:
            self._los.clear()
        info = self._los[key] = self._traces(key[0], key[1])
        return info

    def _slope_info(self, a: str, b: str) -> tuple[frozenset[int], ...]:
        """:meth:`_slope_traces` of fire from ``a`` into ``b``, kept in :attr:`memo`."""
        key = ("slope_traces", a, b)
        info = self.memo.get(key)
        if info is None:
            info = self._slope_traces(a, b)
            self.remember(key, info)
        return info

    def remember(self, key: tuple, value: Any, limit: int = 200_000) -> None:
        """Store ``value`` in :attr:`memo` (emptied first once it holds ``limit`` entries)."""
        memo = self.memo
        if len(memo) > limit:
            memo.clear()
        memo[key] = value

    def seen_from(self, sources: np.ndarray, b: str, blockers: frozenset[int]) -> np.ndarray:
        """Boolean array: does each hex index in ``sources`` :meth:`see <sees>` ``b``?

        One vectorized query (:meth:`~hexplay.sight.Sight.clear_pairs`, the same LOS rules)
        for many hexes at once; the per-pair cache of :meth:`sees` is left alone.
        """
        src = np.asarray(sources, dtype=np.int64)
        mask = np.zeros(len(self.labels), dtype=bool)
        if blockers:
            mask[list(blockers)] = True
        return self.sight.clear_pairs(src, np.full(len(src), self.index[b]), mask)

    def _traces(self, i: int, j: int):
        """(combine "both"?, per nudged trace: None if terrain blocks it, else the hex indices
        where a vehicle would block it) for the pair ``i < j``."""
        return self._both, self.sight.unit_blockable(i, j)

    def fire_crosses_slope(self, a: str, b: str, blockers: frozenset[int]) -> bool:
        """True if a clear LOS trace from ``a`` enters ``b`` across a slope hexside."""
        if b not in self._slope_hexes:
            return False
        for cands in self._slope_info(a, b):  # noqa: SIM110 (hot path)
            if cands.isdisjoint(blockers):
                return True
        return False

    def fire_blockers(self, a: str, b: str, blockers: frozenset[int]) -> frozenset[int]:
        """The hexes of ``blockers`` whose vehicles can change :meth:`sees` or
        :meth:`fire_crosses_slope` from ``a`` to ``b``: both answers, and so everything about
        a shot that depends on the vehicles, are the same for any ``blockers`` with the same
        such hexes. Memo keys of shots use these instead of every vehicle's hex."""
        if not blockers:
            return blockers
        key = (a, b)
        near = self._fire_hexes.get(key)
        if near is None:
            if len(self._fire_hexes) > 1_000_000:
                self._fire_hexes.clear()
            near = self._fire_hexes[key] = self._fire_hexes_of(a, b)
        return _NO_HEXES if near.isdisjoint(blockers) else blockers & near

    def _fire_hexes_of(self, a: str, b: str) -> frozenset[int]:
        """Every hex where a vehicle would block one of the pair's LOS traces or of its
        slope-crossing traces (see :meth:`_traces`, :meth:`_slope_traces`)."""
        i, j = self.index[a], self.index[b]
        out: set[int] = set()
        if i != j:
            key = (i, j) if i < j else (j, i)
            for cands in (self._los.get(key) or self._pair_los(key))[1]:
                if cands is not None:
                    out.update(cands)
        if b in self._slope_hexes:
            for cands in self._slope_info(a, b):
                out.update(cands)
        return frozenset(out)

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


_NO_HEXES: frozenset[int] = frozenset()


def _clear(info, blockers: frozenset[int]) -> bool:
    """LOS from a pair's analysis ``(both, traces)`` (:meth:`Terrain._traces`) with vehicles on
    the hexes ``blockers``: a trace is blocked by terrain (None) or by a vehicle on one of its
    hexes; with ``both`` the line is blocked only when every trace is, else when any is."""
    both, traces = info
    # explicit loops: cheaper than any()/all() over a generator on this hot path
    if both:
        for cands in traces:  # noqa: SIM110
            if cands is not None and cands.isdisjoint(blockers):
                return True
        return False
    for cands in traces:  # noqa: SIM110
        if cands is None or not cands.isdisjoint(blockers):
            return False
    return True


def _sixths(x: Fraction) -> int:
    n = x * 6
    if n.denominator != 1:
        raise ValueError(f"{x} AP is not a whole number of sixths")
    return int(n)


def terrain_for(m, effects: TerrainEffects | None = None) -> Terrain:
    """The shared :class:`Terrain` of a map under terrain tables ``effects`` (built once per
    map object and tables; default :func:`~.terrain_effects.effects_for_map`: SKIRMISH's for a
    SKIRMISH map, AMBUSH's at the map's density for a map with AMBUSH terrain)."""
    if effects is None:
        t = m.__dict__.get("_skirmish_terrain")
        if t is None:
            t = m.__dict__["_skirmish_terrain"] = _terrain_under(m, effects_for_map(m))
        return t
    return _terrain_under(m, effects)


def _terrain_under(m, effects: TerrainEffects) -> Terrain:
    cache = m.__dict__.setdefault("_terrain_by_effects", {})
    t = cache.get(effects.name)
    if t is None or t.effects is not effects:
        t = cache[effects.name] = Terrain(m, effects)
    return t
