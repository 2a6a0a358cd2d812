"""The Map: a rectangle of offset-laid hexes with terrain, hexside features, roads and places.

Terrain names are the ruleset's (a map stores a small table of names and one index per hex);
nothing here knows what a name means.  Hexes are addressed by :class:`~hexplay.hexgrid.Hex`
or by label string wherever a hex is expected.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property

import numpy as np

from ..hexgrid import (
    DIRECTIONS,
    LABEL_STYLES,
    Hex,
    Hexside,
    Labels,
    OffsetLayout,
    distance,
    hexside_between,
    hexside_of,
)


class MapError(ValueError):
    """A map that cannot be built or read; the message names the field/line and the problem."""


@dataclass(eq=False)
class Map:
    """A hex map.

    ``terrain`` is an int array of shape ``(cols, rows)`` indexing ``terrain_names``.
    ``hexside_features`` maps a feature name (``"slope"``, ``"shoreline"``…) to canonical
    hexsides.  ``roads`` is the set of hexsides a road runs across (so it says which hexes
    connect through which sides).  ``places`` holds named hex lists (e.g. routes, in order).
    ``elevation`` (optional) is an int array like ``terrain``.
    """

    name: str
    layout: OffsetLayout
    terrain_names: tuple[str, ...]
    terrain: np.ndarray
    hexside_features: dict[str, frozenset[Hexside]] = field(default_factory=dict)
    roads: frozenset[Hexside] = frozenset()
    places: dict[str, tuple[Hex, ...]] = field(default_factory=dict)
    elevation: np.ndarray | None = None
    label_style: str = "ccrr"
    description: str = ""

    def __post_init__(self) -> None:
        self.terrain = np.asarray(self.terrain, dtype=np.int16)
        shape = (self.layout.cols, self.layout.rows)
        if self.terrain.shape != shape:
            raise MapError(f"terrain: shape {self.terrain.shape} does not match size {shape}")
        if self.terrain.size and (
            self.terrain.min() < 0 or self.terrain.max() >= len(self.terrain_names)
        ):
            raise MapError("terrain: index outside terrain_names")
        if self.elevation is not None:
            self.elevation = np.asarray(self.elevation, dtype=np.int32)
            if self.elevation.shape != shape:
                raise MapError(f"elevation: shape {self.elevation.shape} does not match {shape}")
        if self.label_style not in LABEL_STYLES:
            raise MapError(f"labels: unknown style {self.label_style!r}")
        self.hexside_features = {
            k: frozenset(Hexside(*s) for s in v) for k, v in self.hexside_features.items()
        }
        for feat, sides in self.hexside_features.items():
            for s in sides:
                self._check_side(s, f"hexsides {feat}")
        self.roads = frozenset(Hexside(*s) for s in self.roads)
        for s in self.roads:
            self._check_side(s, "roads")
        self.places = {
            k: tuple(self.require(h, f"places {k}") for h in v) for k, v in self.places.items()
        }

    # --- addressing -------------------------------------------------------------------
    @property
    def cols(self) -> int:
        return self.layout.cols

    @property
    def rows(self) -> int:
        return self.layout.rows

    @property
    def size(self) -> int:
        return self.layout.cols * self.layout.rows

    @cached_property
    def labels(self) -> Labels:
        return LABEL_STYLES[self.label_style]()

    def hex(self, h: Hex | tuple[int, int] | str) -> Hex:
        """A hex from a Hex, an (q, r) pair or a label such as ``"0620"`` / ``"@UO"``."""
        if isinstance(h, str):
            return self.layout.to_hex(*self.labels.parse(h))
        return Hex(int(h[0]), int(h[1]))

    def label(self, h: Hex | tuple[int, int] | str) -> str:
        return self.labels.format(*self.layout.to_offset(self.hex(h)))

    def contains(self, h: Hex | tuple[int, int] | str) -> bool:
        try:
            return self.layout.contains(self.hex(h))
        except ValueError:
            return False

    def require(self, h: Hex | tuple[int, int] | str, what: str = "hex") -> Hex:
        """Like :meth:`hex` but raises :class:`MapError` for hexes off the map."""
        try:
            x = self.hex(h)
        except ValueError as e:
            raise MapError(f"{what}: {e}") from None
        if not self.layout.contains(x):
            raise MapError(f"{what}: {h!r} is not on the {self.cols}x{self.rows} map")
        return x

    def index(self, h: Hex | tuple[int, int] | str) -> int:
        """Linear index (column-major: (col-1)*rows + (row-1)) used by all per-hex arrays."""
        return self.layout.index(self.hex(h))

    @cached_property
    def hexes(self) -> tuple[Hex, ...]:
        """All hexes, in index order."""
        return tuple(self.layout.hexes())

    @cached_property
    def hex_labels(self) -> tuple[str, ...]:
        """The label of every hex, in index order."""
        return tuple(self.labels.format(*self.layout.to_offset(h)) for h in self.hexes)

    @cached_property
    def qr(self) -> np.ndarray:
        """Axial coordinates of every hex, shape (size, 2), in index order."""
        return np.array(self.hexes, dtype=np.int64).reshape(-1, 2)

    def _check_side(self, s: Hexside, what: str) -> None:
        a, b = s.hexes()
        if not (self.layout.contains(a) or self.layout.contains(b)):
            raise MapError(f"{what}: hexside {s} is off the map")

    # --- terrain ------------------------------------------------------------------------
    def terrain_at(self, h: Hex | tuple[int, int] | str) -> str:
        col, row = self.layout.to_offset(self.require(h))
        return self.terrain_names[int(self.terrain[col - 1, row - 1])]

    def terrain_flat(self) -> np.ndarray:
        """Terrain indices in hex index order (shape (size,))."""
        return self.terrain.reshape(-1)

    def terrain_mask(self, *names: str) -> np.ndarray:
        """Boolean array (hex index order): hex terrain is one of ``names``."""
        ids = [i for i, n in enumerate(self.terrain_names) if n in names]
        return np.isin(self.terrain_flat(), ids)

    def elevation_at(self, h: Hex | tuple[int, int] | str) -> int | None:
        if self.elevation is None:
            return None
        col, row = self.layout.to_offset(self.require(h))
        return int(self.elevation[col - 1, row - 1])

    # --- hexsides and roads -------------------------------------------------------------
    def hexside(self, a: Hex | tuple[int, int] | str, b: Hex | tuple[int, int] | str) -> Hexside:
        return hexside_between(self.hex(a), self.hex(b))

    def has_feature(self, side: Hexside, feature: str) -> bool:
        return side in self.hexside_features.get(feature, ())

    def features_of(self, side: Hexside) -> set[str]:
        return {k for k, v in self.hexside_features.items() if side in v}

    def sides_with(self, h: Hex | tuple[int, int] | str, feature: str) -> list[int]:
        """Directions (0..5) of ``h``'s sides that carry ``feature``."""
        x = self.hex(h)
        feats = self.hexside_features.get(feature, frozenset())
        return [d for d in range(6) if hexside_of(x, d) in feats]

    @cached_property
    def road_hexes(self) -> frozenset[Hex]:
        out: set[Hex] = set()
        for s in self.roads:
            out.update(h for h in s.hexes() if self.layout.contains(h))
        return frozenset(out)

    def road_between(self, a: Hex | tuple[int, int] | str, b: Hex | tuple[int, int] | str) -> bool:
        try:
            return self.hexside(a, b) in self.roads
        except ValueError:
            return False

    # --- geometry with labels -------------------------------------------------------------
    def distance(self, a: Hex | tuple[int, int] | str, b: Hex | tuple[int, int] | str) -> int:
        return distance(self.hex(a), self.hex(b))

    def neighbors(self, h: Hex | tuple[int, int] | str) -> list[Hex]:
        """On-map neighbours, in direction order."""
        x = self.hex(h)
        return [n for n in (x + d for d in DIRECTIONS) if self.layout.contains(n)]

    def neighbor_labels(self, h: Hex | tuple[int, int] | str) -> list[str]:
        return [self.label(n) for n in self.neighbors(h)]

    def place(self, name: str) -> tuple[Hex, ...]:
        try:
            return self.places[name]
        except KeyError:
            msg = f"map {self.name!r} has no place {name!r}; it has {sorted(self.places)}"
            raise KeyError(msg) from None

    def with_changes(
        self,
        terrain: Mapping[str, str] | None = None,
        add_features: Mapping[str, Iterable[Hexside]] | None = None,
    ) -> Map:
        """A copy with some hexes' terrain and hexside features changed (for scenarios)."""
        t = self.terrain.copy()
        names = list(self.terrain_names)
        for lab, name in (terrain or {}).items():
            if name not in names:
                names.append(name)
            col, row = self.layout.to_offset(self.require(lab))
            t[col - 1, row - 1] = names.index(name)
        feats = {k: set(v) for k, v in self.hexside_features.items()}
        for k, v in (add_features or {}).items():
            feats.setdefault(k, set()).update(v)
        return Map(
            name=self.name,
            layout=self.layout,
            terrain_names=tuple(names),
            terrain=t,
            hexside_features={k: frozenset(v) for k, v in feats.items()},
            roads=self.roads,
            places=dict(self.places),
            elevation=None if self.elevation is None else self.elevation.copy(),
            label_style=self.label_style,
            description=self.description,
        )

    # --- line of sight (delegates to hexplay.sight, cached per blocking model) ---------------
    def sight(self, model=None):
        """The :class:`~hexplay.sight.Sight` of this map under ``model`` (cached)."""
        from ..sight import OPEN_SIGHT, Sight

        model = OPEN_SIGHT if model is None else model
        cache = self.__dict__.setdefault("_sight_cache", {})
        if model not in cache:
            cache[model] = Sight(self, model)
        return cache[model]

    def los(self, a, b, model=None, blockers=()):
        """Trace line of sight from ``a`` to ``b`` (labels or hexes) under a blocking model.

        ``blockers`` are extra hexes that block like blocking terrain (e.g. vehicles).
        """
        return self.sight(model).los(a, b, blockers)

    def visible_from(self, a, model=None, max_range=None, blockers=None) -> list[str]:
        """Labels of every hex visible from ``a`` (within ``max_range`` if given)."""
        mask = self.sight(model).visible_from(a, max_range, blockers)
        return [self.label(self.hexes[i]) for i in np.flatnonzero(mask)]

    def visibility_matrix(self, model=None, blockers=None, max_range=None) -> np.ndarray:
        """Boolean (size, size) matrix in hex index order: ``[i, j]`` = i sees j."""
        return self.sight(model).visibility_matrix(blockers, max_range)

    def equals(self, other: object) -> bool:
        """Field-by-field equality (``==`` on maps stays identity; this compares contents)."""
        if not isinstance(other, Map):
            return False
        if (self.elevation is None) != (other.elevation is None):
            return False
        return (
            self.name == other.name
            and self.layout == other.layout
            and self.terrain_names == other.terrain_names
            and np.array_equal(self.terrain, other.terrain)
            and self.hexside_features == other.hexside_features
            and self.roads == other.roads
            and self.places == other.places
            and (self.elevation is None or np.array_equal(self.elevation, other.elevation))
            and self.label_style == other.label_style
            and self.description == other.description
        )

    def __repr__(self) -> str:
        return f"Map({self.name!r}, {self.cols}x{self.rows}, terrain={list(self.terrain_names)})"
