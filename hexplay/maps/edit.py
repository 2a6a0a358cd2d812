"""Editing a map: :class:`MapBuilder`, a mutable draft of a :class:`~hexplay.maps.Map`.

The map editor widget (:mod:`hexplay.widgets.map_editor`) is a thin shell over this class: every
edit a designer makes in the browser is one call here, checked first and applied whole (an
operation that raises changed nothing), and each call that changes the draft is one undo step.
``build()`` returns a validated :class:`~hexplay.maps.Map`; saving goes through the existing
formats only (:func:`~hexplay.maps.save_map`: text or JSON), so what the editor writes, the
loaders read.

Decisions (the issue leaves them open):

* A hexside feature or a road is *toggled* by the same click (a designer clicks again to take
  it away); :meth:`MapBuilder.set_hexside` / :meth:`MapBuilder.road_path` set them explicitly.
* A road is drawn as a path of adjacent hexes; the road runs across each side between two
  consecutive hexes (as the text format's ``road NAME:`` section). Drawing over an existing road
  removes it only when *every* side of the path already carries one (else it is added).
* Painting a terrain the map does not yet have (one of the game's types) adds the name to the
  map's terrain table; names are never removed (indices of other hexes stay put).
* Resizing keeps every hex whose column and row still exist (same labels, same coordinates),
  fills new hexes with ``fill`` terrain (default: the first terrain name) and elevation 0, and
  drops the hexsides, roads and place hexes that no longer touch the map.
* History holds at most :data:`MAX_UNDO` steps (each a copy of the draft: maps are small).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace

import numpy as np

from ..hexgrid import Hex, Hexside, OffsetLayout, hexside_between, hexside_of
from ..sight import BlockingModel
from .map import LABEL_LIMITS, Map, MapError
from .notation import check_name

__all__ = ["MAX_UNDO", "EditError", "MapBuilder"]

MAX_UNDO = 200
"""Undo steps kept (a 99 x 99 draft is ~60 kB, so the history stays a few MB at most)."""

_ELEVATION_RANGE = (int(np.iinfo(np.int32).min), int(np.iinfo(np.int32).max))


class EditError(MapError):
    """An edit that cannot be made; the message names the operation and why.  Nothing changed."""


@dataclass
class _Draft:
    """The editable fields of a map (a snapshot of it is one undo step)."""

    name: str
    description: str
    layout: OffsetLayout
    label_style: str
    terrain_names: list[str]
    terrain: np.ndarray  # (cols, rows) int16, indices into terrain_names
    elevation: np.ndarray | None
    features: dict[str, set[Hexside]]
    roads: set[Hexside]
    places: dict[str, list[Hex]]
    sight_model: BlockingModel | None = None
    step: str = field(default="start", compare=False)

    def copy(self, step: str) -> _Draft:
        return replace(
            self,
            terrain_names=list(self.terrain_names),
            terrain=self.terrain.copy(),
            elevation=None if self.elevation is None else self.elevation.copy(),
            features={k: set(v) for k, v in self.features.items()},
            roads=set(self.roads),
            places={k: list(v) for k, v in self.places.items()},
            step=step,
        )


class MapBuilder:
    """A map being edited: paint, hexside features, roads, elevation, places, resize, undo.

    ``MapBuilder(m)`` starts from a map (which is never changed); :meth:`blank` from a size.
    ``terrain_types`` / ``feature_types`` are the names the designer may use (default: the
    map's own); the editor passes the game's.  Hexes are labels or :class:`Hex` (checked with
    :meth:`Map.parse_hex`), a hexside a :class:`Hexside` or a ``(hex, direction 0..5)`` pair.
    """

    def __init__(
        self,
        m: Map,
        terrain_types: Iterable[str] | None = None,
        feature_types: Iterable[str] | None = None,
    ) -> None:
        if not isinstance(m, Map):
            raise EditError(f"MapBuilder needs a Map, not {type(m).__name__}")
        self._d = _Draft(
            name=m.name,
            description=m.description,
            layout=m.layout,
            label_style=m.label_style,
            terrain_names=list(m.terrain_names),
            terrain=m.terrain.copy(),
            elevation=None if m.elevation is None else m.elevation.copy(),
            features={k: set(v) for k, v in m.hexside_features.items()},
            roads=set(m.roads),
            places={k: list(v) for k, v in m.places.items()},
            sight_model=m.sight_model,
        )
        self.terrain_types: tuple[str, ...] = _names(
            [*m.terrain_names, *(terrain_types or ())], "terrain type"
        )
        self.feature_types: tuple[str, ...] = _names(
            [*m.hexside_features, *(feature_types or ())], "hexside feature"
        )
        self._undo: list[_Draft] = []
        self._redo: list[_Draft] = []
        self._map: Map | None = m

    @classmethod
    def blank(
        cls,
        cols: int,
        rows: int,
        terrain_types: Sequence[str] = ("open",),
        feature_types: Iterable[str] = (),
        name: str = "my map",
        label_style: str = "ccrr",
        sight_model: BlockingModel | None = None,
    ) -> MapBuilder:
        """A ``cols`` x ``rows`` map of ``terrain_types[0]`` everywhere (every type is named in
        its terrain table, so the map's sight model may name any of them)."""
        names = _names(terrain_types, "terrain type")
        if not names:
            raise EditError("blank: needs at least one terrain type")
        _check_size(cols, rows, label_style)
        try:
            m = Map(
                name=name,
                layout=OffsetLayout(cols, rows),
                terrain_names=names,
                terrain=np.zeros((cols, rows), dtype=np.int16),
                label_style=label_style,
                sight_model=sight_model,
            )
        except MapError as e:
            raise EditError(f"blank: {e}") from None
        return cls(m, names, feature_types)

    # --- reading the draft ------------------------------------------------------------------
    @property
    def cols(self) -> int:
        return self._d.layout.cols

    @property
    def rows(self) -> int:
        return self._d.layout.rows

    @property
    def name(self) -> str:
        return self._d.name

    def build(self) -> Map:
        """The draft as a validated :class:`Map` (cached until the next edit)."""
        if self._map is None:
            d = self._d
            self._map = Map(
                name=d.name,
                layout=d.layout,
                terrain_names=tuple(d.terrain_names),
                terrain=d.terrain.copy(),
                hexside_features={k: frozenset(v) for k, v in d.features.items() if v},
                roads=frozenset(d.roads),
                places={k: tuple(v) for k, v in d.places.items()},
                elevation=None if d.elevation is None else d.elevation.copy(),
                label_style=d.label_style,
                description=d.description,
                sight_model=d.sight_model,
            )
        return self._map

    @property
    def map(self) -> Map:
        return self.build()

    # --- history ----------------------------------------------------------------------------
    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    @property
    def history(self) -> list[str]:
        """The undoable steps, oldest first (what each one did)."""
        return [d.step for d in self._undo[1:]] + [self._d.step] if self._undo else []

    def undo(self) -> bool:
        """Take back the last edit; False if there is none."""
        if not self._undo:
            return False
        self._redo.append(self._d)
        self._d = self._undo.pop()
        self._map = None
        return True

    def redo(self) -> bool:
        """Make again the last edit taken back; False if there is none."""
        if not self._redo:
            return False
        self._undo.append(self._d)
        self._d = self._redo.pop()
        self._map = None
        return True

    def _commit(self, new: _Draft) -> None:
        """Make ``new`` (already checked) the draft: one undo step; the redo list is dropped."""
        self._undo.append(self._d)
        del self._undo[:-MAX_UNDO]
        self._redo.clear()
        self._d = new
        self._map = None

    # --- checking inputs ----------------------------------------------------------------------
    def _hex(self, h: object, op: str) -> Hex:
        try:
            return self.build().parse_hex(h, op).hex
        except ValueError as e:
            raise EditError(str(e)) from None

    def _hexes(self, hexes: object, op: str) -> list[Hex]:
        if isinstance(hexes, (str, Hex)) or not isinstance(hexes, Iterable):
            hexes = [hexes]
        return [self._hex(h, op) for h in hexes]

    def side(self, side: object, op: str = "hexside") -> Hexside:
        """A hexside of the map from a :class:`Hexside` or ``(hex, direction 0..5)``."""
        if isinstance(side, Hexside):
            s = side
            if not all(type(v) is int for v in s) or s.d not in (0, 1, 2):
                raise EditError(f"{op}: {tuple(side)!r} is not a canonical hexside")
        elif isinstance(side, (tuple, list)) and len(side) == 2:
            h, d = side
            if type(d) is not int or not 0 <= d <= 5:
                raise EditError(f"{op}: direction must be 0..5 (N, NE, SE, S, SW, NW), not {d!r}")
            s = hexside_of(self._hex(h, op), d)
        else:
            raise EditError(f"{op}: expected a Hexside or (hex, direction), not {side!r:.60}")
        lay = self._d.layout
        if not any(lay.contains(x) for x in s.hexes()):
            raise EditError(f"{op}: hexside {tuple(s)} is off the map")
        return s

    def _terrain(self, name: object, op: str) -> str:
        if name not in self.terrain_types:
            raise EditError(f"{op}: unknown terrain {name!r}; the types are {self.terrain_types}")
        return name  # type: ignore[return-value]

    def _feature(self, name: object, op: str) -> str:
        if name not in self.feature_types:
            known = self.feature_types
            raise EditError(f"{op}: unknown hexside feature {name!r}; they are {known}")
        return name  # type: ignore[return-value]

    # --- edits --------------------------------------------------------------------------------
    def paint(self, hexes: object, terrain: str) -> int:
        """Give ``hexes`` (one hex or several: a drag is one step) terrain ``terrain``; returns
        how many changed (0: nothing to undo is recorded)."""
        terrain = self._terrain(terrain, "paint")
        cells = [self._d.layout.to_offset(h) for h in self._hexes(hexes, "paint")]
        names = self._d.terrain_names
        idx = names.index(terrain) if terrain in names else len(names)
        t = self._d.terrain
        changed = {(c, r) for c, r in cells if idx == len(names) or t[c - 1, r - 1] != idx}
        if not changed:
            return 0
        new = self._d.copy(f"paint {len(changed)} {terrain}")
        if idx == len(names):
            new.terrain_names.append(terrain)
        for c, r in changed:
            new.terrain[c - 1, r - 1] = idx
        self._commit(new)
        return len(changed)

    def set_hexside(self, side: object, feature: str, on: bool = True) -> bool:
        """Put (``on``) or take away ``feature`` on a hexside; returns whether anything changed."""
        feature = self._feature(feature, "hexside")
        s = self.side(side)
        if (s in self._d.features.get(feature, ())) == bool(on):
            return False
        new = self._d.copy(f"{'add' if on else 'remove'} {feature} {tuple(s)}")
        sides = new.features.setdefault(feature, set())
        (sides.add if on else sides.discard)(s)
        self._commit(new)
        return True

    def toggle_hexside(self, side: object, feature: str) -> bool:
        """Add ``feature`` to a hexside that has none of it, else remove it; returns the new
        state (True: the side now carries it)."""
        feature = self._feature(feature, "hexside")
        s = self.side(side)
        on = s not in self._d.features.get(feature, ())
        self.set_hexside(s, feature, on)
        return on

    def road_path(self, hexes: object, on: bool | None = None) -> int:
        """A road across the side between each two consecutive hexes of a path (one step).

        ``on`` None toggles: the road is removed when every side already carries one, else
        added.  Returns how many sides changed."""
        path = self._hexes(hexes, "road")
        if len(path) < 2:
            raise EditError("road: a road needs a path of at least two hexes")
        sides = []
        for a, b in zip(path, path[1:]):
            try:
                sides.append(hexside_between(a, b))
            except ValueError:
                la, lb = self.build().label(a), self.build().label(b)
                raise EditError(f"road: {la} and {lb} are not adjacent") from None
        if on is None:
            on = not all(s in self._d.roads for s in sides)
        changed = {s for s in sides if (s in self._d.roads) != on}
        if not changed:
            return 0
        new = self._d.copy(f"{'road' if on else 'remove road'} over {len(changed)} hexsides")
        (new.roads.update if on else new.roads.difference_update)(changed)
        self._commit(new)
        return len(changed)

    def set_elevation(self, hexes: object, value: int) -> int:
        """Set the elevation of ``hexes`` (the map gets an elevation grid of 0 if it had none);
        returns how many changed."""
        lo, hi = _ELEVATION_RANGE
        if type(value) is not int or not lo <= value <= hi:
            raise EditError(f"elevation: expected a whole number {lo}..{hi}, not {value!r:.40}")
        cells = [self._d.layout.to_offset(h) for h in self._hexes(hexes, "elevation")]
        elev = self._d.elevation
        changed = {(c, r) for c, r in cells if elev is None or elev[c - 1, r - 1] != value}
        if not changed and elev is not None:
            return 0
        new = self._d.copy(f"elevation {value} on {len(changed)} hexes")
        if new.elevation is None:
            new.elevation = np.zeros((self.cols, self.rows), dtype=np.int32)
        for c, r in changed:
            new.elevation[c - 1, r - 1] = value
        self._commit(new)
        return len(changed)

    def clear_elevation(self) -> bool:
        """Remove the elevation grid (a map without elevation)."""
        if self._d.elevation is None:
            return False
        new = self._d.copy("remove elevation")
        new.elevation = None
        self._commit(new)
        return True

    def _place_name(self, name: object, op: str) -> str:
        if not isinstance(name, str) or not name:
            raise EditError(f"{op}: a place name is a non-empty string, not {name!r:.40}")
        try:
            return check_name(name, "place name", section=True)
        except ValueError as e:
            raise EditError(f"{op}: {e}") from None

    def set_place(self, name: str, hexes: object) -> bool:
        """Name a place (a route, a sector...): ``hexes`` in order, replacing any place so named."""
        name = self._place_name(name, "place")
        hs = self._hexes(hexes, "place")
        if self._d.places.get(name) == hs:
            return False
        new = self._d.copy(f"place {name} ({len(hs)} hexes)")
        new.places[name] = hs
        self._commit(new)
        return True

    def toggle_place_hexes(self, name: str, hexes: object) -> int:
        """Add ``hexes`` to the end of place ``name`` (made if new); a hex already in it is
        taken out instead (a click on a route's hex again removes it).  Returns the changes."""
        name = self._place_name(name, "place")
        hs = self._hexes(hexes, "place")
        cur = list(self._d.places.get(name, []))
        n = 0
        for h in hs:
            if h in cur:
                cur.remove(h)
            else:
                cur.append(h)
            n += 1
        if not n:
            return 0
        new = self._d.copy(f"place {name}: {n} hexes")
        new.places[name] = cur
        self._commit(new)
        return n

    def remove_place(self, name: str) -> bool:
        if name not in self._d.places:
            return False
        new = self._d.copy(f"remove place {name}")
        del new.places[name]
        self._commit(new)
        return True

    def rename(self, name: str) -> bool:
        """The map's name (as the text format can write it)."""
        if not isinstance(name, str) or not name:
            raise EditError(f"rename: a map name is a non-empty string, not {name!r:.40}")
        try:
            check_name(name, "map name")
        except ValueError as e:
            raise EditError(f"rename: {e}") from None
        if name == self._d.name:
            return False
        new = self._d.copy(f"rename {name}")
        new.name = name
        self._commit(new)
        return True

    def describe(self, text: str) -> bool:
        if not isinstance(text, str) or "\r" in text:
            raise EditError("describe: a description is text without carriage returns")
        if text == self._d.description:
            return False
        new = self._d.copy("description")
        new.description = text
        self._commit(new)
        return True

    def resize(self, cols: int, rows: int, fill: str | None = None) -> bool:
        """Make the map ``cols`` x ``rows`` (see the module doc for what is kept)."""
        _check_size(cols, rows, self._d.label_style)
        fill = self._terrain(fill if fill is not None else self._d.terrain_names[0], "resize")
        d = self._d
        if (cols, rows) == (d.layout.cols, d.layout.rows):
            return False
        new = d.copy(f"resize {cols} x {rows}")
        new.layout = lay = OffsetLayout(cols, rows, d.layout.even_columns_low)
        if fill not in new.terrain_names:
            new.terrain_names.append(fill)
        kc, kr = min(cols, d.layout.cols), min(rows, d.layout.rows)
        t = np.full((cols, rows), new.terrain_names.index(fill), dtype=np.int16)
        t[:kc, :kr] = d.terrain[:kc, :kr]
        new.terrain = t
        if d.elevation is not None:
            e = np.zeros((cols, rows), dtype=np.int32)
            e[:kc, :kr] = d.elevation[:kc, :kr]
            new.elevation = e

        def touches(s: Hexside) -> bool:
            return any(lay.contains(x) for x in s.hexes())

        new.features = {k: {s for s in v if touches(s)} for k, v in d.features.items()}
        new.roads = {s for s in d.roads if touches(s)}
        new.places = {k: [h for h in v if lay.contains(h)] for k, v in d.places.items()}
        self._commit(new)
        return True

    def set_sight(self, model: BlockingModel | None) -> bool:
        """The map's own line-of-sight rules (its blocking terrain must be a terrain of it)."""
        if model is not None and not isinstance(model, BlockingModel):
            raise EditError(f"sight: expected a BlockingModel, not {model!r:.60}")
        if model is not None:
            unknown = sorted(model.blocking_terrain - set(self._d.terrain_names))
            if unknown:
                raise EditError(f"sight: blocking terrain {unknown} is not a terrain of the map")
        if model == self._d.sight_model:
            return False
        new = self._d.copy("sight rules")
        new.sight_model = model
        self._commit(new)
        return True


def _names(names: Iterable[str], what: str) -> tuple[str, ...]:
    out: list[str] = []
    for n in names:
        if not isinstance(n, str) or not n:
            raise EditError(f"{what} names are non-empty strings, not {n!r:.40}")
        if n not in out:
            out.append(n)
    return tuple(out)


def _check_size(cols: object, rows: object, label_style: str) -> None:
    limit = LABEL_LIMITS.get(label_style, 99)
    if not all(type(v) is int and 1 <= v <= limit for v in (cols, rows)):
        raise EditError(
            f"size: {cols!r} x {rows!r} (each must be a whole number 1..{limit} with "
            f"{label_style!r} labels)"
        )
