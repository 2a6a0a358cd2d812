"""The AGGRESSOR board as per-map tables over hex indices: labels, terrain, territory, sectors,
neighbours by direction, the distance table and the original's movement keys.

Hexes inside the rules are indices into the map's hex order (column-major); labels (``@FG``)
exist only at the edge. One :class:`Board` per map object, shared by every game and player on it.
"""

from __future__ import annotations

from ...engine import IllegalOrder
from ...hexgrid import Hex, line
from ...hexgrid.lines import line_offsets

WEST, EAST = "west", "east"
SIDES = (WEST, EAST)
OTHER = {WEST: EAST, EAST: WEST}
SIDE_COLOURS = {WEST: "#2f5fa8", EAST: "#b8322a"}
"""Counter colours: West blue, East red (the board's counters and the notebook drawing)."""

KEY_DIRECTIONS: dict[int, int] = {1: 5, 2: 4, 3: 0, 4: 3, 5: 1, 6: 2}
"""The original's keys 1-6 -> hexplay direction index (0 N, 1 NE, 2 SE, 3 S, 4 SW, 5 NW):
1 upper left (NW), 2 lower left (SW), 3 up (N), 4 down (S), 5 upper right (NE), 6 lower right
(SE)."""

_MAXD = 9
"""Rings are tabulated out to distance 8 (the missile's reach; artillery reaches 3)."""

SECTOR_COUNT = 9
"""Sectors ``sector 1``..``sector 9`` of the map, numbered row by row from the north-west; the
sector column of sector k (1-based) is (k - 1) % 3 (0 west, 1 centre, 2 east)."""


class Board:
    """Per-map tables. ``territory[i]`` is "west", "east" or None (the border column)."""

    def __init__(self, m) -> None:
        self.map = m
        n = m.size
        self.size = n
        self.hexes: tuple[Hex, ...] = m.hexes
        self.labels: tuple[str, ...] = m.hex_labels
        self._index = {h: i for i, h in enumerate(self.hexes)}
        self.index_of: dict[str, int] = {lab: i for i, lab in enumerate(self.labels)}
        """Canonical label (``@FG``) -> index: the fast look-up for labels read from views."""
        self._by_label = dict(self.index_of)
        self._by_label.update({lab[1:]: i for i, lab in enumerate(self.labels)})
        self.offsets = tuple(m.layout.to_offset(h) for h in self.hexes)
        self._at_offset = {off: i for i, off in enumerate(self.offsets)}
        self.max_row = max(r for _, r in self.offsets)
        """The highest offset row of the map (the rows are 1..max_row)."""
        self.rough = tuple(m.terrain_at(h) == "rough" for h in self.hexes)
        try:
            west = {self._index[h] for h in m.place(WEST)}
            east = {self._index[h] for h in m.place(EAST)}
            border = {self._index[h] for h in m.place("border")}
            sectors = [{self._index[h] for h in m.place(f"sector {k}")} for k in range(1, 10)]
        except KeyError as e:
            raise ValueError(f"not an AGGRESSOR map: {e}") from None
        rough_border = sorted(self.labels[i] for i in border if self.rough[i])
        if rough_border:
            raise ValueError(
                'not an AGGRESSOR map: border hexes are clear terrain ("border hexes are also '
                f'positioned in clear terrain"), but {", ".join(rough_border)} are rough'
            )
        self.territory = tuple(WEST if i in west else EAST if i in east else None for i in range(n))
        self.border = frozenset(border)
        self.sector = tuple(
            next((k for k, s in enumerate(sectors) if i in s), -1) for i in range(n)
        )
        self.home = {WEST: tuple(sorted(west)), EAST: tuple(sorted(east))}
        self.neigh = tuple(
            tuple(self._index.get(h.neighbor(d), -1) for d in range(6)) for h in self.hexes
        )
        self.adj = tuple(tuple(j for j in nb if j >= 0) for nb in self.neigh)
        self.adjset = tuple(frozenset(a) for a in self.adj)
        self.dist = tuple(tuple(h.distance(g) for g in self.hexes) for h in self.hexes)
        self.rings = tuple(
            tuple(tuple(j for j in range(n) if self.dist[i][j] == d) for d in range(_MAXD))
            for i in range(n)
        )
        self._lines: dict[int, tuple[int, ...]] = {}
        self.far = tuple(tuple(j for j in range(n) if self.dist[i][j] >= 2) for i in range(n))
        """Hexes at distance 2 or more from each hex (air missions' targets)."""
        cols = sorted({c for c, _ in self.offsets})
        self.columns = {
            side: tuple(c for c in cols if any(self.offsets[i][0] == c for i in self.home[side]))
            for side in SIDES
        }

    # --- labels at the edge -----------------------------------------------------------------
    def index(self, label, what: str = "hex", rule: str = "map") -> int:
        """The index of a hex label (``@FG`` or ``FG``); IllegalOrder naming ``what`` if the
        label is not a hex of this map."""
        if not isinstance(label, str):
            raise IllegalOrder(rule, f"{what} must be a hex label such as '@FG', not {label!r}")
        i = self._by_label.get(label)  # fast path: "@FG" or "FG" exactly
        if i is not None:
            return i
        try:
            h = self.map.hex(label)
        except ValueError:
            raise IllegalOrder(rule, f"{what} {label!r} is not a hex label such as '@FG'") from None
        i = self._index.get(h)
        if i is None:
            raise IllegalOrder(rule, f"{what} {label!r} is not on the map")
        return i

    def at_offset(self, col: int, row: int) -> int:
        """The index of the hex at offset (``col``, ``row``): equals :meth:`at_offset_plain`
        (looked up in a table of the map's offsets; off the map, the plain KeyError)."""
        i = self._at_offset.get((col, row))
        return self.at_offset_plain(col, row) if i is None else i

    def at_offset_plain(self, col: int, row: int) -> int:
        return self._index[self.map.layout.to_hex(col, row)]

    def key_neighbour(self, i: int, key: int) -> int:
        """The hex reached from ``i`` by the original's key 1-6 (-1 off the map)."""
        return self.neigh[i][KEY_DIRECTIONS[key]]

    def enemy_territory(self, side: str, i: int) -> bool:
        """True if hex ``i`` is on the other side of the border from ``side``."""
        return self.territory[i] == OTHER[side]

    def within(self, i: int, lo: int, hi: int) -> list[int]:
        """Hexes at distance ``lo``..``hi`` from ``i`` (hi <= 8), nearest first."""
        return [j for d in range(lo, min(hi, _MAXD - 1) + 1) for j in self.rings[i][d]]

    def line(self, a: int, b: int) -> tuple[int, ...]:
        """The hexes of the straight line from ``a`` to ``b`` (both included): equals
        :meth:`line_plain`, remembered per board (at most size^2 lines)."""
        key = a * self.size + b
        got = self._lines.get(key)
        if got is None:
            got = self._lines[key] = self.line_by_offsets(a, b)
        return got

    def line_by_offsets(self, a: int, b: int) -> tuple[int, ...]:
        """Equals :meth:`line_plain`: the trace from ``a`` to ``b`` relative to ``a``
        (:func:`hexplay.hexgrid.lines.line_offsets`, cached per offset) moved to ``a`` and
        looked up as plain (q, r) tuples, without a :class:`Hex` made per hex (a game meets
        new pairs of air mission ends all the time: there are size^2 of them)."""
        (aq, ar), (bq, br) = self.hexes[a], self.hexes[b]
        index = self._index  # (Hex keys: equal to, and hashed as, their (q, r) tuples)
        return tuple([index.get((aq + q, ar + r), -1) for q, r in line_offsets(bq - aq, br - ar)])

    def line_plain(self, a: int, b: int) -> tuple[int, ...]:
        """The line of :func:`hexplay.hexgrid.line` as hex indices (-1 off the map)."""
        return tuple(self._index.get(h, -1) for h in line(self.hexes[a], self.hexes[b]))


_BOARDS: dict[int, Board] = {}


def board_of(m) -> Board:
    """The map's Board (made once per map object)."""
    b = _BOARDS.get(id(m))
    if b is None or b.map is not m:
        b = _BOARDS[id(m)] = Board(m)
    return b
