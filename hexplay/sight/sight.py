"""Line of sight on a map under a blocking model: single traces and vectorized visibility.

Blocking is stored in one flat ``uint8`` array over a padded axial grid: for grid cell ``c``,
entry ``4c`` says whether the hex blocks and entries ``4c + 1 + d`` whether its owned side
``d`` (N, NE, SE) blocks.  A line's crossings depend only on the offset between its ends, so
each offset gets one template of flat element offsets, and the visibility of every pair with
that offset is a single numpy gather (see GUIDE.md).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

import numpy as np

from ..hexgrid import DIRECTIONS, Hex, Hexside, distance, segment_offsets
from .model import OPEN_SIGHT, BlockingModel
from .trace import LosTrace, NudgedTrace, Obstruction

_DIR_INDEX = {(d.q, d.r): k for k, d in enumerate(DIRECTIONS)}
_PAD = 2


def side_key(q: int, r: int, direction: int) -> tuple[int, int, int]:
    """Canonical (owner q, owner r, d in 0..2) of the side of (q, r) facing ``direction``."""
    if direction < 3:
        return q, r, direction
    n = DIRECTIONS[direction]
    return q + n.q, r + n.r, direction - 3


def _sides_of_path(path: tuple[Hex, ...]) -> list[tuple[int, int, int]]:
    return [side_key(a.q, a.r, _DIR_INDEX[(b.q - a.q, b.r - a.r)]) for a, b in zip(path, path[1:])]


@lru_cache(maxsize=65536)
def _relative_sides(rel: tuple[Hex, ...]) -> tuple[tuple[int, int, int], ...]:
    return tuple(_sides_of_path(rel))


class Sight:
    """LOS for one map and one blocking model.

    Static blocking (terrain, hexside features) is precomputed; units that block
    (``blockers``: hexes, labels or a boolean mask over hex indices) are given per call.
    Hexes off the map never block.
    """

    def __init__(self, map, model: BlockingModel = OPEN_SIGHT) -> None:
        self.map = map
        self.model = model
        qr = map.qr
        self._q = qr[:, 0].copy()
        self._r = qr[:, 1].copy()
        self._qmin = int(self._q.min()) - _PAD
        self._rmin = int(self._r.min()) - _PAD
        self._w = int(self._q.max()) - self._qmin + _PAD + 1
        self._h = int(self._r.max()) - self._rmin + _PAD + 1
        #: grid cell of every map hex, in hex index order
        self._gq = self._q - self._qmin
        self._gr = self._r - self._rmin
        self.cell = self._gq * self._h + self._gr
        self._index = np.full(self._w * self._h, -1, dtype=np.int64)
        self._index[self.cell] = np.arange(map.size)
        self._idx = {h: i for i, h in enumerate(map.hexes)}
        self._labels = map.hex_labels
        self.hex_blocks = map.terrain_mask(*model.blocking_terrain)
        self._terrain_names = map.terrain_names
        self._terrain = map.terrain_flat()
        blk = np.zeros(4 * self._w * self._h, dtype=np.uint8)
        blk[4 * self.cell] = self.hex_blocks
        self._side_feature: dict[Hexside, str] = {}
        for feat in sorted(model.blocking_hexsides):
            for s in map.hexside_features.get(feat, ()):
                c = self._cell_of(s.q, s.r)
                if c is not None:
                    blk[4 * c + 1 + s.d] = 1
                    self._side_feature.setdefault(s, feat)
        self._blk = blk
        self._templates: dict[tuple[int, int], tuple[np.ndarray, np.ndarray | None]] | None = None
        self._flat = None
        self._py: tuple | None = None

    def _cell_of(self, q: int, r: int) -> int | None:
        gq, gr = q - self._qmin, r - self._rmin
        if 0 <= gq < self._w and 0 <= gr < self._h:
            return gq * self._h + gr
        return None

    # --- one query --------------------------------------------------------------------------
    def _label(self, h: Hex) -> str:
        i = self._idx.get(h, -1)
        return self._labels[i] if i >= 0 else f"({h.q},{h.r})"

    def _nudged(self, a: Hex, b: Hex, sign: int, blockers: frozenset[int]) -> NudgedTrace:
        m = self.model
        rel = segment_offsets(b.q - a.q, b.r - a.r, sign)
        path = tuple(Hex(a.q + h.q, a.r + h.r) for h in rel)
        sides = tuple(Hexside(a.q + q, a.r + r, d) for q, r, d in _relative_sides(rel))
        found: list[Obstruction] = []
        last = len(path) - 1
        for i, h in enumerate(path):
            if i > 0:
                s = sides[i - 1]
                end_side = i == 1 or i == last
                if s in self._side_feature and not (end_side and m.exempt_end_hexsides):
                    x, y = s.hexes()
                    where = f"{self._label(x)}/{self._label(y)}"
                    found.append(Obstruction("hexside", where, self._side_feature[s]))
            if (i == 0 or i == last) and m.exempt_end_hexes:
                continue
            idx = self._idx.get(h, -1)
            if idx < 0:
                continue
            if idx in blockers:
                found.append(Obstruction("unit", self._label(h), "unit"))
            elif self.hex_blocks[idx]:
                name = self._terrain_names[self._terrain[idx]]
                found.append(Obstruction("hex", self._label(h), name))
        return NudgedTrace(sign, path, sides, tuple(found))

    def los(self, a, b, blockers: Iterable = ()) -> LosTrace:
        """Trace the line from the centre of ``a`` to the centre of ``b``."""
        ha, hb = self.map.require(a, "observer"), self.map.require(b, "target")
        blk = frozenset(self.map.index(self.map.require(x, "blocker")) for x in blockers)
        plus = self._nudged(ha, hb, 1, blk)
        minus = self._nudged(ha, hb, -1, blk)
        if self.model.combine == "both":
            clear = plus.clear or minus.clear
            chosen = plus if plus.clear or not minus.clear else minus
        else:
            clear = plus.clear and minus.clear
            chosen = plus if not plus.clear or minus.clear else minus
        d = distance(ha, hb)
        out_of_range = self.model.max_range is not None and d > self.model.max_range
        return LosTrace(
            observer=self._label(ha),
            target=self._label(hb),
            distance=d,
            clear=clear and not out_of_range,
            hexes=tuple(self._label(h) for h in chosen.hexes),
            hexsides=chosen.hexsides,
            blocked_by=chosen.blocked_by,
            traces=(plus, minus),
            ambiguous=plus.hexes != minus.hexes,
            out_of_range=out_of_range,
            map=self.map,
        )

    def is_clear(self, a, b, blockers: Iterable = ()) -> bool:
        """The verdict of :meth:`los` alone."""
        return self.los(a, b, blockers).clear

    # --- vectorized ---------------------------------------------------------------------------
    def _element_offsets(self, path: tuple[Hex, ...]) -> np.ndarray:
        """Flat offsets (relative to ``4 * cell(start)``) of what can block along ``path``."""
        m, h = self.model, self._h
        last = len(path) - 1
        out = []
        for i, x in enumerate(path):
            if 0 < i < last or not m.exempt_end_hexes:
                out.append(4 * (x.q * h + x.r))
        for i, (sq, sr, sd) in enumerate(_sides_of_path(path)):
            if 0 < i < last - 1 or not m.exempt_end_hexsides:
                out.append(4 * (sq * h + sr) + 1 + sd)
        return np.array(out, dtype=np.int64)

    def _half_offsets(self) -> list[tuple[int, int]]:
        """Offsets (dq, dr) between map hexes with dq > 0, or dq == 0 and dr > 0."""
        by_col: dict[int, tuple[int, int]] = {}
        for q, r in zip(self._q.tolist(), self._r.tolist()):
            lo, hi = by_col.get(q, (r, r))
            by_col[q] = (min(lo, r), max(hi, r))
        out: set[tuple[int, int]] = set()
        for q1, (lo1, hi1) in by_col.items():
            for q2, (lo2, hi2) in by_col.items():
                dq = q2 - q1
                if dq < 0:
                    continue
                for dr in range(lo2 - hi1, hi2 - lo1 + 1):
                    if dq > 0 or dr > 0:
                        out.add((dq, dr))
        return sorted(out)

    def _get_templates(self):
        if self._templates is None:
            t = {}
            walk = segment_offsets.__wrapped__  # uncached: ~10^5 one-off traces
            for dq, dr in self._half_offsets():
                plus = walk(dq, dr, 1)
                minus = walk(dq, dr, -1)
                ep = self._element_offsets(plus)
                em = None if plus == minus else self._element_offsets(minus)
                t[(dq, dr)] = (ep, em)
            self._templates = t
        return self._templates

    def blocking_array(self, blockers) -> np.ndarray:
        """The flat blocking array with ``blockers`` (hexes, labels or a mask) added."""
        if blockers is None:
            return self._blk
        if isinstance(blockers, np.ndarray) and blockers.dtype == bool:
            idx = np.flatnonzero(blockers)
        else:
            m = self.map
            idx = np.array([m.index(m.require(x, "blocker")) for x in blockers], dtype=np.int64)
        if idx.size == 0:
            return self._blk
        blk = self._blk.copy()
        blk[4 * self.cell[idx]] = 1
        return blk

    def _limit(self, max_range: int | None) -> int | None:
        """The tighter of the model's range limit and ``max_range``."""
        limit = self.model.max_range
        if max_range is not None:
            limit = max_range if limit is None else min(limit, max_range)
        return limit

    def visibility_matrix(self, blockers=None, max_range: int | None = None) -> np.ndarray:
        """Boolean matrix ``[i, j]``: hex ``i`` sees hex ``j`` (hex index order).

        One gather per offset over all hexes having that offset; symmetry fills the rest.
        """
        n = self.map.size
        blk = self.blocking_array(blockers)
        both = self.model.combine == "both"
        limit = self._limit(max_range)
        out = np.zeros((n, n), dtype=bool)
        src_all = np.arange(n)
        base_all = 4 * self.cell
        for (dq, dr), (ep, em) in self._get_templates().items():
            if limit is not None and (abs(dq) + abs(dr) + abs(dq + dr)) // 2 > limit:
                continue
            gq, gr = self._gq + dq, self._gr + dr
            inside = (gq >= 0) & (gq < self._w) & (gr >= 0) & (gr < self._h)
            dst = np.where(inside, self._index[np.where(inside, gq * self._h + gr, 0)], -1)
            ok = dst >= 0
            if not ok.any():
                continue
            src, dst, base = src_all[ok], dst[ok], base_all[ok]
            if ep.size:
                blocked = blk[base[:, None] + ep[None, :]].any(axis=1)
                if em is not None:
                    bm = blk[base[:, None] + em[None, :]].any(axis=1) if em.size else False
                    blocked = (blocked & bm) if both else (blocked | bm)
                clear = ~blocked
            else:
                clear = np.ones(len(src), dtype=bool)
            out[src, dst] = clear
        out |= out.T
        out[src_all, src_all] = True
        return out

    def _get_flat(self):
        """Templates as CSR arrays (both nudges; one row per half-plane offset) for pair gathers.

        Row ``k`` of nudge ``n`` holds ``elems[n][start[n][k]:start[n][k + 1]]``; the last row
        is empty (the same hex).  ``lookup[dq - q0, dr - r0]`` gives ``k``.
        """
        if self._flat is None:
            t = self._get_templates()
            keys = list(t)
            out = []
            for n in (0, 1):
                rows = [ep if n == 0 or em is None else em for ep, em in t.values()]
                lens = np.array([len(x) for x in rows] + [0], dtype=np.int64)
                start = np.concatenate([[0], np.cumsum(lens)])
                elems = np.concatenate(rows) if rows else np.zeros(0, dtype=np.int64)
                out.append((start, elems))
            qs = np.array([k[0] for k in keys] + [0])
            rs = np.array([k[1] for k in keys] + [0])
            q0, r0 = int(qs.min()), int(rs.min())
            lookup = np.full((int(qs.max()) - q0 + 1, int(rs.max()) - r0 + 1), len(keys))
            lookup[qs[:-1] - q0, rs[:-1] - r0] = np.arange(len(keys))
            self._flat = (lookup, q0, r0, out)
        return self._flat

    def clear_pairs(self, src, dst, blockers=None, max_range: int | None = None) -> np.ndarray:
        """Vectorized verdicts for pairs of hex indices: does ``src[i]`` see ``dst[i]``?"""
        src = np.asarray(src, dtype=np.int64)
        dst = np.asarray(dst, dtype=np.int64)
        lookup, q0, r0, nudges = self._get_flat()
        blk = self.blocking_array(blockers)
        dq = self._q[dst] - self._q[src]
        dr = self._r[dst] - self._r[src]
        flip = (dq < 0) | ((dq == 0) & (dr < 0))  # the template runs from the other end
        base = 4 * np.where(flip, self.cell[dst], self.cell[src])
        dq = np.where(flip, -dq, dq)
        dr = np.where(flip, -dr, dr)
        same = (dq == 0) & (dr == 0)
        empty_row = len(nudges[0][0]) - 2
        k = np.where(
            same, empty_row, lookup[np.where(same, -q0, dq - q0), np.where(same, -r0, dr - r0)]
        )
        p = len(src)
        blocked = []
        for start, elems in nudges:
            first = start[k]
            lens = start[k + 1] - first
            owner = np.repeat(np.arange(p), lens)
            pos = np.repeat(first - (np.cumsum(lens) - lens), lens) + np.arange(int(lens.sum()))
            hit = blk[base[owner] + elems[pos]].astype(bool)
            blocked.append(np.bincount(owner[hit], minlength=p) > 0)
        if self.model.combine == "both":
            out = ~(blocked[0] & blocked[1])
        else:
            out = ~(blocked[0] | blocked[1])
        limit = self._limit(max_range)
        if limit is not None:
            out &= _dist(self._q[src], self._r[src], self._q[dst], self._r[dst]) <= limit
        out[same] = True
        return out

    def visible_from(self, a, max_range: int | None = None, blockers=None) -> np.ndarray:
        """Boolean array over hex indices: what is visible from ``a``."""
        i = self.map.index(self.map.require(a))
        return self.visible_from_many([i], max_range, blockers)[0]

    def visible_from_many(self, sources, max_range: int | None = None, blockers=None):
        """Rows of the visibility matrix for some source hex indices, computed directly."""
        src = np.asarray(sources, dtype=np.int64)
        n = self.map.size
        pairs_src = np.repeat(src, n)
        pairs_dst = np.tile(np.arange(n), len(src))
        return self.clear_pairs(pairs_src, pairs_dst, blockers, max_range).reshape(len(src), n)

    def unit_blockable(self, i: int, j: int) -> tuple[frozenset[int] | None, ...]:
        """How units can still block the line between hex indices ``i`` and ``j``.

        One entry per distinct nudged trace (one when the line is not ambiguous): ``None`` if
        terrain or a hexside already blocks it, else the hex indices on it where a blocking
        unit would block it.  With these, LOS for any placement of units is a few set tests.
        Plain Python on per-offset tuples: this is called once per pair on a game's hot path.
        """
        if i == j:
            return (frozenset(),)
        if self._py is None:
            self._py = (
                self._blk.tobytes(),
                self._index.tolist(),
                self.cell.tolist(),
                self._q.tolist(),
                self._r.tolist(),
                self._get_templates(),
                {},
            )
        static, index, cell, qs, rs, templates, per_offset = self._py
        dq, dr = qs[j] - qs[i], rs[j] - rs[i]
        if (dq, dr) in templates:
            key, c0 = (dq, dr), cell[i]
        else:
            key, c0 = (-dq, -dr), cell[j]
        traces = per_offset.get(key)
        if traces is None:
            traces = per_offset[key] = tuple(
                (tuple(e.tolist()), tuple(x // 4 for x in e.tolist() if x % 4 == 0))
                for e in templates[key]
                if e is not None
            )
        base = 4 * c0
        out: list[frozenset[int] | None] = []
        for elements, hex_cells in traces:
            if any(static[base + e] for e in elements):
                out.append(None)
            else:
                out.append(frozenset(k for k in (index[c0 + c] for c in hex_cells) if k >= 0))
        return tuple(out)

    def seen_by(self, b, max_range: int | None = None, blockers=None) -> np.ndarray:
        """Boolean array over hex indices: the hexes from which ``b`` can be seen."""
        j = self.map.index(self.map.require(b))
        n = self.map.size
        return self.clear_pairs(np.arange(n), np.full(n, j), blockers, max_range)


def _dist(q1, r1, q2, r2):
    dq = q1 - q2
    dr = r1 - r2
    return (np.abs(dq) + np.abs(dr) + np.abs(dq + dr)) // 2
