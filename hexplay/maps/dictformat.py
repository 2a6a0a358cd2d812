"""The save form of a map: axial coordinates as plain JSON (what game saves embed).

::

    {"name": "farmland", "cols": 30, "rows": 36, "even_columns_low": true,
     "terrain_names": ["open", "trees"],
     "terrain": [[0, 1, ...], ...],            # terrain[c][r]: column c + 1, row r + 1
     "hexside_features": {"slope": [[q, r, d], ...]},   # canonical hexsides, d in 0..2
     "roads": [[q, r, d], ...],
     "places": {"Route 4": [[q, r], ...]},
     "elevation": [[...], ...] or null,
     "label_style": "ccrr", "description": "...",
     "sight": {...} or null}                   # optional: written by map_to_dict(sight=True)

:func:`map_from_dict` checks every field with the same rules as the map files (a
:class:`~hexplay.maps.Map` validates itself on construction) and raises
:class:`~hexplay.maps.MapError` naming the field: never a bare ``KeyError``/``TypeError``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..hexgrid import Hex, OffsetLayout
from ..sight import BlockingModel
from .map import Map, MapError

__all__ = ["REQUIRED_FIELDS", "map_from_dict", "map_to_dict"]

REQUIRED_FIELDS = ("name", "cols", "rows", "terrain_names", "terrain")
OPTIONAL_FIELDS = (
    "even_columns_low",
    "hexside_features",
    "roads",
    "places",
    "elevation",
    "label_style",
    "description",
    "sight",
)


def map_to_dict(m: Map, *, sight: bool = False) -> dict[str, Any]:
    """A Map as plain JSON (layout, terrain, hexside features, roads, places, elevation).

    The map's sight model is written only with ``sight=True``: game saves leave it out so
    that they stay byte-identical to those written before maps carried one (the golden
    record fingerprints); the game supplies its sight rules itself.
    """
    out = {
        "name": m.name,
        "cols": m.cols,
        "rows": m.rows,
        "even_columns_low": m.layout.even_columns_low,
        "terrain_names": list(m.terrain_names),
        "terrain": m.terrain.tolist(),
        "hexside_features": {k: sorted(list(s) for s in v) for k, v in m.hexside_features.items()},
        "roads": sorted(list(s) for s in m.roads),
        "places": {k: [list(h) for h in v] for k, v in m.places.items()},
        "elevation": None if m.elevation is None else m.elevation.tolist(),
        "label_style": m.label_style,
        "description": m.description,
    }
    if sight:
        out["sight"] = None if m.sight_model is None else m.sight_model.to_dict()
    return out


def _want(d: Mapping, key: str, kind: type, what: str, default: Any = ...) -> Any:
    if key not in d:
        if default is ...:
            raise MapError(f"map.{key}: missing")
        return default
    v = d[key]
    if not isinstance(v, kind) or (isinstance(v, bool) and kind is not bool):
        raise MapError(f"map.{key}: expected {what}, not {v!r}"[:300])
    return v


def _sides(v: Any, path: str) -> list:
    if not isinstance(v, list):
        raise MapError(f"{path}: expected a list of [q, r, d] hexsides, not {v!r}"[:300])
    for i, s in enumerate(v):
        if not (isinstance(s, list) and len(s) == 3 and all(type(x) is int for x in s)):
            raise MapError(f"{path}[{i}]: expected [q, r, d] whole numbers, not {s!r}"[:300])
    return [tuple(s) for s in v]


def map_from_dict(d: object) -> Map:
    """Inverse of :func:`map_to_dict`; every field checked (:class:`MapError` naming it)."""
    if not isinstance(d, Mapping):
        raise MapError(f"map: expected an object, not {type(d).__name__}")
    for k in d:
        if k not in REQUIRED_FIELDS + OPTIONAL_FIELDS:
            known = ", ".join(REQUIRED_FIELDS + OPTIONAL_FIELDS)
            raise MapError(f"map.{k}: unknown field (known: {known})"[:400])
    name = _want(d, "name", str, "a string")
    cols = _want(d, "cols", int, "a whole number")
    rows = _want(d, "rows", int, "a whole number")
    low = _want(d, "even_columns_low", bool, "true or false", True)
    names = _want(d, "terrain_names", list, "a list of terrain names")
    terrain = _want(d, "terrain", list, f"{cols} columns of {rows} terrain indices")
    for key, grid in (("terrain", terrain), ("elevation", d.get("elevation"))):
        if grid is None:
            continue
        if not isinstance(grid, list):
            raise MapError(f"map.{key}: expected a list of columns, not {grid!r}"[:300])
        for c, col in enumerate(grid):
            if not isinstance(col, list) or not all(type(x) is int for x in col):
                raise MapError(f"map.{key}[{c}]: expected a list of whole numbers"[:300])
    feats = _want(d, "hexside_features", dict, "an object", {})
    features = {k: frozenset(_sides(v, f"map.hexside_features.{k}")) for k, v in feats.items()}
    roads = _sides(_want(d, "roads", list, "a list of hexsides", []), "map.roads")
    places: dict[str, tuple[Hex, ...]] = {}
    for k, v in _want(d, "places", dict, "an object", {}).items():
        if not isinstance(v, list) or not all(
            isinstance(h, list) and len(h) == 2 and all(type(x) is int for x in h) for h in v
        ):
            raise MapError(f"map.places.{k}: expected a list of [q, r] hexes"[:300])
        places[k] = tuple(Hex(q, r) for q, r in v)
    sight = d.get("sight")
    if sight is not None:
        try:
            sight = BlockingModel.from_dict(sight)
        except ValueError as e:
            raise MapError(f"map.sight: {e}") from None
    try:
        return Map(
            name=name,
            layout=OffsetLayout(cols, rows, low),
            terrain_names=tuple(names),
            terrain=terrain,
            hexside_features=features,
            roads=frozenset(roads),
            places=places,
            elevation=d.get("elevation"),
            label_style=_want(d, "label_style", str, "a label style", "ccrr"),
            description=_want(d, "description", str, "a string", ""),
            sight_model=sight,
        )
    except MapError as e:
        raise MapError(f"map.{e}") from None
