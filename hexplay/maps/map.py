"""The Map: a rectangle of offset-laid hexes with terrain, hexside features, roads and places.

Terrain names are the ruleset's (a map stores a small table of names and one index per hex);
nothing here knows what a name means.  Hexes are addressed by :class:`~hexplay.hexgrid.Hex`
or by label string wherever a hex is expected.

Inputs are checked at the edge: a Map validates every field when it is built, and
:meth:`Map.parse_hex` is the one strict way to turn a hex given by a user, a file or a
browser message into a hex, its canonical label and its index.  Inside a game only those
values circulate; the lookups used on hot paths (:meth:`Map.index`, :meth:`Map.label`,
:meth:`Map.require` of a :class:`Hex`) are dict hits on already-valid values.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, NamedTuple

import numpy as np

from ..hexgrid import (
    DIRECTIONS,
    LABEL_STYLES,
    Hex,
    Hexside,
    LabelError,
    Labels,
    OffsetLayout,
    distance,
    hexside_between,
    hexside_of,
)
from ..sight import BlockingModel, Sight


class MapError(ValueError):
    """A map that cannot be built or read; the message names the field/line and the problem."""


#: Largest column/row each label style can write.
LABEL_LIMITS = {"ccrr": 99, "letters": 26}
#: Terrain indices are stored as int16; elevations as int32.
_TERRAIN_MAX = np.iinfo(np.int16).max
_ELEVATION_RANGE = (int(np.iinfo(np.int32).min), int(np.iinfo(np.int32).max))


class MapHex(NamedTuple):
    """A hex checked against a map: axial coordinates, canonical label and hex index."""

    hex: Hex
    label: str
    # (a field named like tuple.index, which it shadows on purpose: m.parse_hex(x).index)
    index: int  # type: ignore[assignment]


HexLike = Hex | tuple[int, int] | str


def _is_int(x: object) -> bool:
    return isinstance(x, (int, np.integer)) and not isinstance(x, (bool, np.bool_))


def _int_grid(value: object, shape: tuple[int, int], what: str, lo: int, hi: int, dtype):
    """``value`` as an integer array of ``shape`` with every entry in ``lo..hi`` (else MapError).

    Whole-valued floats are kept exactly (``np.zeros`` grids); NaN, fractions, booleans,
    strings, ragged rows and numbers too large for the stored type are refused, never wrapped.
    """
    try:
        a = np.asarray(value)
    except (ValueError, TypeError) as e:
        raise MapError(f"{what}: not a rectangular grid of whole numbers ({e})"[:300]) from None
    if a.dtype.kind not in "iuf":
        found = "true/false" if a.dtype.kind == "b" else f"{a.dtype} values"
        if a.dtype.kind == "O":
            found = "values that are not all numbers of one kind (or are too large)"
        raise MapError(f"{what}: expected whole numbers, found {found}")
    if a.shape != shape:
        raise MapError(f"{what}: shape {a.shape} does not match size {shape}")
    if a.dtype.kind == "f":
        if not np.isfinite(a).all():
            raise MapError(f"{what}: NaN or infinite value")
        if (a != np.floor(a)).any():
            raise MapError(f"{what}: {a[a != np.floor(a)].flat[0].item()} is not a whole number")
    if a.size:
        mn, mx = a.min(), a.max()
        if mn < lo or mx > hi:
            bad = (mn if mn < lo else mx).item()
            raise MapError(f"{what}: {bad} is outside {lo}..{hi}"[:300])
    return a.astype(dtype)


def _hexside(s: object, what: str) -> Hexside:
    if isinstance(s, (tuple, list)) and len(s) == 3 and all(_is_int(v) for v in s):
        q, r, d = (int(v) for v in s)
        if d in (0, 1, 2):
            return Hexside(q, r, d)
    raise MapError(f"{what}: {s!r} is not a canonical hexside (q, r, d) with d in 0, 1, 2"[:300])


@dataclass(eq=False)
class Map:
    """A hex map.

    ``terrain`` is an int array of shape ``(cols, rows)`` indexing ``terrain_names``.
    ``hexside_features`` maps a feature name (``"slope"``, ``"shoreline"``…) to canonical
    hexsides.  ``roads`` is the set of hexsides a road runs across (so it says which hexes
    connect through which sides).  ``places`` holds named hex lists (e.g. routes, in order).
    ``elevation`` (optional) is an int array like ``terrain``.  ``sight_model`` (optional)
    is the game's line-of-sight rules (:class:`BlockingModel`), used by :meth:`los` and its
    relatives when no model is passed.

    Every field is validated on construction (:class:`MapError` naming the field): a Map
    that exists is a valid map.
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
    sight_model: BlockingModel | None = None

    def __post_init__(self) -> None:
        for fld in ("name", "description", "label_style"):
            if not isinstance(getattr(self, fld), str):
                raise MapError(f"{fld}: expected a string, not {getattr(self, fld)!r}"[:200])
        if self.label_style not in LABEL_STYLES:
            raise MapError(f"labels: unknown style {self.label_style!r}")
        lay = self.layout
        if not (
            isinstance(lay, OffsetLayout)
            and _is_int(lay.cols)
            and _is_int(lay.rows)
            and isinstance(lay.even_columns_low, bool)
        ):
            raise MapError(f"layout: expected an OffsetLayout of whole numbers, not {lay!r}")
        limit = LABEL_LIMITS[self.label_style]
        if not (1 <= lay.cols <= limit and 1 <= lay.rows <= limit):
            raise MapError(
                f"size: {lay.cols} x {lay.rows} (each must be 1..{limit} with "
                f"{self.label_style!r} labels)"
            )
        names = self.terrain_names
        if isinstance(names, str) or not isinstance(names, (tuple, list)):
            raise MapError(f"terrain_names: expected a list of names, not {names!r}"[:200])
        if not names or len(names) > _TERRAIN_MAX + 1:
            raise MapError(f"terrain_names: needs 1..{_TERRAIN_MAX + 1} names")
        for i, n in enumerate(names):
            if not isinstance(n, str):
                raise MapError(f"terrain_names[{i}]: expected a string, not {n!r}"[:200])
            if n in names[:i]:
                raise MapError(f"terrain_names[{i}]: duplicate terrain name {n!r}")
        self.terrain_names = tuple(names)
        shape = (lay.cols, lay.rows)
        self.terrain = _int_grid(self.terrain, shape, "terrain", 0, len(names) - 1, np.int16)
        if self.elevation is not None:
            lo, hi = _ELEVATION_RANGE
            self.elevation = _int_grid(self.elevation, shape, "elevation", lo, hi, np.int32)
        if not isinstance(self.hexside_features, Mapping):
            raise MapError("hexside_features: expected a mapping of feature name to hexsides")
        feats = {}
        for feat, sides in self.hexside_features.items():
            if not isinstance(feat, str):
                raise MapError(f"hexside_features: feature name {feat!r} is not a string")
            what = f"hexsides {feat}"
            feats[feat] = frozenset(self._check_side(_hexside(s, what), what) for s in sides)
        self.hexside_features = feats
        self.roads = frozenset(self._check_side(_hexside(s, "roads"), "roads") for s in self.roads)
        if not isinstance(self.places, Mapping):
            raise MapError("places: expected a mapping of place name to hexes")
        places = {}
        for k, v in self.places.items():
            if not isinstance(k, str):
                raise MapError(f"places: place name {k!r} is not a string")
            if isinstance(v, (str, bytes)):
                raise MapError(f"places {k}: expected a list of hexes, not {v!r}"[:200])
            places[k] = tuple(self.require(h, f"places {k}") for h in v)
        self.places = places
        sm = self.sight_model
        if sm is not None:
            if not isinstance(sm, BlockingModel):
                raise MapError(f"sight: expected a BlockingModel, not {sm!r}"[:200])
            unknown = sorted(sm.blocking_terrain - set(self.terrain_names))
            if unknown:
                raise MapError(
                    f"sight: blocking terrain {unknown} is not a terrain of this map "
                    f"({', '.join(self.terrain_names)})"
                )

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

    @cached_property
    def _hex_of_label(self) -> dict[str, Hex]:
        """Canonical label -> hex, for every hex of the map (one dict lookup per label)."""
        return dict(zip(self.hex_labels, self.hexes))

    @cached_property
    def _index_of(self) -> dict[Hex, int]:
        return {h: i for i, h in enumerate(self.hexes)}

    def parse_hex(self, value: object, what: str = "hex") -> MapHex:
        """THE strict entry point for a hex given by a user, a file or a message.

        ``value`` is a label string (exactly a label of this map's style: ``"0620"``; with
        letter labels ``"@UO"``, ``"UO"`` or lower case) or axial coordinates (a :class:`Hex`
        or a pair of whole numbers).  Returns the hex, its canonical label and its index.
        Raises :class:`~hexplay.hexgrid.LabelError` for a string that is not a label and
        :class:`MapError` for anything else that is not a hex of this map (both are
        ``ValueError``; the message starts with ``what``).  Use it once, at the edge; inside,
        keep the returned hex or label.
        """
        if isinstance(value, str):
            h = self._hex_of_label.get(value)
            if h is None:
                try:
                    h = self.layout.to_hex(*self.labels.parse(value))
                except LabelError as e:
                    raise LabelError(f"{what}: {e}") from None
        elif isinstance(value, (tuple, list)) and len(value) == 2 and all(map(_is_int, value)):
            h = Hex(int(value[0]), int(value[1]))
        else:
            raise MapError(
                f"{what}: expected a hex label such as {self.hex_labels[0]!r} or (q, r) "
                f"coordinates, not {value!r}"[:300]
            )
        i = self._index_of.get(h)
        if i is None:
            raise MapError(f"{what}: {value!r} is not on the {self.cols}x{self.rows} map"[:300])
        return MapHex(self.hexes[i], self.hex_labels[i], i)

    def hex(self, h: HexLike) -> Hex:
        """A hex from a Hex, an (q, r) pair or a label such as ``"0620"`` / ``"@UO"``.

        Labels are parsed strictly (a string that is not exactly a label raises
        :class:`LabelError`) but may name hexes off the map; pairs are taken as they are.
        For user input use :meth:`parse_hex`, which also checks the hex is on the map.
        """
        if isinstance(h, str):
            x = self._hex_of_label.get(h)
            return x if x is not None else self.layout.to_hex(*self.labels.parse(h))
        return Hex(int(h[0]), int(h[1]))

    def label(self, h: HexLike) -> str:
        """The canonical label of a hex (on the map or off it)."""
        if type(h) is Hex:
            i = self._index_of.get(h)
            if i is not None:
                return self.hex_labels[i]
        return self.labels.format(*self.layout.to_offset(self.hex(h)))

    def contains(self, h: object) -> bool:
        """Whether ``h`` is exactly a hex of this map (see :meth:`parse_hex`); never raises.

        Strict about strings: ``" 0617 "``, ``"0617\\n"`` or ``"０６１７"`` are not on any map.
        """
        if type(h) is Hex and type(h[0]) is int and type(h[1]) is int:  # internal callers
            return h in self._index_of
        try:
            self.parse_hex(h)
        except ValueError:
            return False
        return True

    def require(self, h: HexLike, what: str = "hex") -> Hex:
        """:meth:`parse_hex`'s hex, every failure raised as :class:`MapError`."""
        if type(h) is Hex and type(h[0]) is int and type(h[1]) is int and h in self._index_of:
            return h  # fast path for internal callers
        try:
            return self.parse_hex(h, what).hex
        except LabelError as e:
            raise MapError(str(e)) from None

    def index(self, h: HexLike) -> int:
        """Linear index (column-major: (col-1)*rows + (row-1)) used by all per-hex arrays."""
        if type(h) is Hex:
            i = self._index_of.get(h)
            if i is not None:
                return i
        elif type(h) is str:
            i = self._label_index.get(h)
            if i is not None:
                return i
        return self.layout.index(self.hex(h))

    @cached_property
    def _label_index(self) -> dict[str, int]:
        return {lab: i for i, lab in enumerate(self.hex_labels)}

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

    def _check_side(self, s: Hexside, what: str) -> Hexside:
        a, b = s.hexes()
        if not (self.layout.contains(a) or self.layout.contains(b)):
            raise MapError(f"{what}: hexside {tuple(s)} is off the map")
        return s

    # --- terrain ------------------------------------------------------------------------
    def terrain_at(self, h: HexLike) -> str:
        col, row = self.layout.to_offset(self.require(h))
        return self.terrain_names[int(self.terrain[col - 1, row - 1])]

    def terrain_flat(self) -> np.ndarray:
        """Terrain indices in hex index order (shape (size,))."""
        return self.terrain.reshape(-1)

    def terrain_mask(self, *names: str) -> np.ndarray:
        """Boolean array (hex index order): hex terrain is one of ``names``."""
        ids = [i for i, n in enumerate(self.terrain_names) if n in names]
        return np.isin(self.terrain_flat(), ids)

    def elevation_at(self, h: HexLike) -> int | None:
        if self.elevation is None:
            return None
        col, row = self.layout.to_offset(self.require(h))
        return int(self.elevation[col - 1, row - 1])

    # --- hexsides and roads -------------------------------------------------------------
    def hexside(self, a: HexLike, b: HexLike) -> Hexside:
        return hexside_between(self.hex(a), self.hex(b))

    def has_feature(self, side: Hexside, feature: str) -> bool:
        return side in self.hexside_features.get(feature, ())

    def features_of(self, side: Hexside) -> set[str]:
        return {k for k, v in self.hexside_features.items() if side in v}

    def sides_with(self, h: HexLike, feature: str) -> list[int]:
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

    def road_between(self, a: HexLike, b: HexLike) -> bool:
        try:
            return self.hexside(a, b) in self.roads
        except ValueError:
            return False

    # --- geometry with labels -------------------------------------------------------------
    def distance(self, a: HexLike, b: HexLike) -> int:
        return distance(self.hex(a), self.hex(b))

    def neighbors(self, h: HexLike) -> list[Hex]:
        """On-map neighbours, in direction order."""
        x = self.hex(h)
        return [n for n in (x + d for d in DIRECTIONS) if self.layout.contains(n)]

    def neighbor_labels(self, h: HexLike) -> list[str]:
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
            sight_model=self.sight_model,
        )

    # --- line of sight (delegates to hexplay.sight, cached per blocking model) ---------------
    def _model(self, model: BlockingModel | None) -> BlockingModel:
        if model is not None:
            return model
        if self.sight_model is None:
            raise MapError(
                f"map {self.name!r} has no sight model: pass one (e.g. the game's, or "
                "hexplay.sight.OPEN_SIGHT if nothing blocks) or give the map a 'sight:' section"
            )
        return self.sight_model

    def sight(self, model: BlockingModel | None = None) -> Sight:
        """The :class:`~hexplay.sight.Sight` of this map under ``model`` (default: the map's
        own :attr:`sight_model`; :class:`MapError` if it has none).  Cached per model."""
        model = self._model(model)
        cache = self.__dict__.setdefault("_sight_cache", {})
        if model not in cache:
            cache[model] = Sight(self, model)
        return cache[model]

    def los(self, a, b, model: BlockingModel | None = None, blockers=()):
        """Trace line of sight from ``a`` to ``b`` (labels or hexes) under a blocking model
        (default: the map's own, so a bundled map's ``los(a, b)`` follows its game's rules).

        ``blockers`` are extra hexes that block like blocking terrain (e.g. vehicles).
        """
        return self.sight(model).los(a, b, blockers)

    def visible_from(self, a, model=None, max_range=None, blockers=None) -> list[str]:
        """Labels of every hex visible from ``a`` (within ``max_range`` if given)."""
        mask = self.sight(model).visible_from(a, max_range, blockers)
        return [self.hex_labels[i] for i in np.flatnonzero(mask)]

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
            and (
                self.elevation is None
                or (other.elevation is not None and np.array_equal(self.elevation, other.elevation))
            )
            and self.label_style == other.label_style
            and self.description == other.description
            and self.sight_model == other.sight_model
        )

    def svg(self, **kw: Any) -> str:
        """The map drawn as one standalone SVG document (:func:`hexplay.maps.svg.map_svg`:
        ``units=``, ``los=``, ``reach=``, ``focus=`` ... draw more on it)."""
        from .svg import map_svg

        return map_svg(self, **kw)

    def _repr_svg_(self) -> str:
        """What a notebook shows for a map: its drawing."""
        return self.svg()

    def __repr__(self) -> str:
        return f"Map({self.name!r}, {self.cols}x{self.rows}, terrain={list(self.terrain_names)})"
