"""The JSON map format: a plain mirror of the :class:`~hexplay.maps.Map` fields.

::

    {
      "format": "hexplay-map", "version": 1,
      "name": "farmland", "description": "...",
      "size": {"cols": 30, "rows": 36},
      "labels": "ccrr",                       # or "letters"
      "layout": "flat even-columns-low",      # or "flat odd-columns-low"
      "terrain_names": ["open", "trees"],
      "terrain": [[0, 0, 1, ...], ...],       # terrain[r][c]: row r + 1, column c + 1
      "elevation": [[...], ...] or null,      # same shape as terrain
      "hexside_features": {"slope": ["0620/0621", "0101 NW", ...]},
      "roads": ["0401/0402", ...],            # every hexside a road runs across
      "places": {"Route 4": ["0401", "0402", ...]},
      "sight": {"blocking_terrain": ["trees"], "blocking_hexsides": ["slope"],
                "exempt_end_hexes": true, "exempt_end_hexsides": true,
                "combine": "both", "max_range": null} or null
    }

Hexsides are written as in the text format (``"AAAA/BBBB"`` or ``"AAAA DIR"``); a canonical
``[q, r, d]`` triple is accepted too.  :func:`map_from_json` validates everything and raises
:class:`~hexplay.maps.MapError` naming the field path (``terrain[3][5]``,
``places["Route 4"][2]``…).  ``map_from_json(map_to_json(m))`` equals ``m`` in every field.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import numpy as np

from ..hexgrid import Hex, Hexside, OffsetLayout
from ..sight import BlockingModel
from .map import Map, MapError
from .notation import Frame, check_size, layout_words, parse_layout_words

__all__ = ["FORMAT", "VERSION", "dumps_map_json", "map_from_json", "map_to_json"]

_ELEVATION_MIN, _ELEVATION_MAX = int(np.iinfo(np.int32).min), int(np.iinfo(np.int32).max)

FORMAT = "hexplay-map"
VERSION = 1
_FIELDS = (
    "format",
    "version",
    "name",
    "description",
    "size",
    "labels",
    "layout",
    "terrain_names",
    "terrain",
    "elevation",
    "hexside_features",
    "roads",
    "places",
    "sight",
)


def map_to_json(m: Map) -> dict[str, Any]:
    """A plain JSON-ready dict of every field of ``m``."""
    frame = Frame.of(m)
    try:
        return {
            "format": FORMAT,
            "version": VERSION,
            "name": m.name,
            "description": m.description,
            "size": {"cols": m.cols, "rows": m.rows},
            "labels": m.label_style,
            "layout": layout_words(m.layout),
            "terrain_names": list(m.terrain_names),
            "terrain": m.terrain.T.tolist(),
            "elevation": None if m.elevation is None else m.elevation.T.tolist(),
            "hexside_features": {
                f: [frame.format_hexside(s) for s in sorted(v)]
                for f, v in m.hexside_features.items()
            },
            "roads": [frame.format_hexside(s) for s in sorted(m.roads)],
            "places": {k: [frame.label(h) for h in v] for k, v in m.places.items()},
            "sight": None if m.sight_model is None else m.sight_model.to_dict(),
        }
    except ValueError as e:
        raise MapError(f"cannot write map {m.name!r} as JSON: {e}") from None


def dumps_map_json(m: Map) -> str:
    """``map_to_json(m)`` as text, one grid row per line (readable and diff-friendly)."""
    data = map_to_json(m)
    parts = []
    for key, value in data.items():
        if key in ("terrain", "elevation") and value is not None:
            rows = ",\n".join("    " + json.dumps(row, separators=(",", ":")) for row in value)
            text = "[\n" + rows + "\n  ]"
        else:
            text = json.dumps(value, ensure_ascii=False)
        parts.append(f"  {json.dumps(key)}: {text}")
    return "{\n" + ",\n".join(parts) + "\n}\n"


class _Bad(Exception):
    def __init__(self, path: str, msg: str) -> None:
        super().__init__(f"{path}: {msg}")


def _key(key: object, parent: str = "") -> str:
    """The path of an object member: ``size.cols``, or ``size["odd key"]`` for other names."""
    k = str(key)
    if k.isascii() and k.isidentifier():
        return f"{parent}.{k}" if parent else k
    return f"{parent or '(top level)'}[{json.dumps(k)}]"


def _type_name(x: object) -> str:
    return "null" if x is None else type(x).__name__


def _want(x: object, kind: type | tuple[type, ...], path: str, what: str) -> Any:
    ok = isinstance(x, kind) and not (isinstance(x, bool) and kind is not bool)
    if not ok:
        raise _Bad(path, f"expected {what}, found {_type_name(x)} {x!r}"[:200])
    return x


def _int(x: object, path: str) -> int:
    return _want(x, int, path, "a whole number")


def _grid(data: Any, path: str, cols: int, rows: int, cell: Callable[[int, str], int]):
    _want(data, list, path, f"a list of {rows} rows")
    if len(data) != rows:
        raise _Bad(path, f"has {len(data)} rows, expected {rows}")
    out = np.zeros((cols, rows), dtype=np.int64)
    for r, row in enumerate(data):
        p = f"{path}[{r}]"
        _want(row, list, p, f"a list of {cols} numbers")
        if len(row) != cols:
            raise _Bad(p, f"has {len(row)} columns, expected {cols}")
        for c, v in enumerate(row):
            out[c, r] = cell(_int(v, f"{p}[{c}]"), f"{p}[{c}]")
    return out


def _hexside(frame: Frame, x: object, path: str) -> Hexside:
    try:
        if isinstance(x, str):
            parts = x.split()
            if x != " ".join(parts):
                raise ValueError(f"{x!r}: write a hexside without extra spaces ('0620 N')")
            if len(parts) == 2:
                return frame.hexside(parts[0], parts[1])
            if len(parts) == 1:
                return frame.hexside(parts[0])
            raise ValueError(f"{x!r} is not a hexside")
        if isinstance(x, list) and len(x) == 3:
            q, r, d = (_int(v, f"{path}[{i}]") for i, v in enumerate(x))
            if d not in (0, 1, 2):
                raise ValueError(f"direction {d} of a canonical hexside must be 0, 1 or 2")
            side = Hexside(q, r, d)
            frame.check_side(side)
            return side
    except ValueError as e:
        raise _Bad(path, str(e)) from None
    raise _Bad(path, f"expected a hexside ('0620/0621', '0620 N' or [q, r, d]), found {x!r}")


def _hexsides(frame: Frame, data: Any, path: str) -> frozenset[Hexside]:
    _want(data, list, path, "a list of hexsides")
    return frozenset(_hexside(frame, x, f"{path}[{i}]") for i, x in enumerate(data))


def _read(data: Any) -> Map:
    _want(data, dict, "(top level)", "a JSON object")
    for key in data:
        if key not in _FIELDS:
            raise _Bad(_key(key), f"unknown field (known: {', '.join(_FIELDS)})")
    if "format" in data and data["format"] != FORMAT:
        raise _Bad("format", f"expected {FORMAT!r}, found {data['format']!r}")
    if "version" in data and _int(data["version"], "version") != VERSION:
        raise _Bad("version", f"version {data['version']} is not supported (only {VERSION})")
    name = _want(data.get("name", "unnamed"), str, "name", "a string")
    description = _want(data.get("description", ""), str, "description", "a string")

    if "size" not in data:
        raise _Bad("size", 'missing (e.g. "size": {"cols": 30, "rows": 36})')
    size = _want(data["size"], dict, "size", 'an object {"cols": C, "rows": R}')
    for key in size:
        if key not in ("cols", "rows"):
            raise _Bad(_key(key, "size"), "unknown field (expected cols and rows)")
    if "cols" not in size or "rows" not in size:
        raise _Bad("size", "needs both cols and rows")
    cols, rows = _int(size["cols"], "size.cols"), _int(size["rows"], "size.rows")
    style = _want(data.get("labels", "ccrr"), str, "labels", "a label style")
    try:
        check_size(cols, rows, style)
    except ValueError as e:
        raise _Bad("labels" if "style" in str(e) else "size", str(e)) from None
    try:
        low = parse_layout_words(_want(data.get("layout", ""), str, "layout", "a string"))
    except ValueError as e:
        raise _Bad("layout", str(e)) from None
    frame = Frame(OffsetLayout(cols, rows, low), style)

    if "terrain_names" not in data:
        raise _Bad("terrain_names", 'missing (e.g. "terrain_names": ["open", "trees"])')
    names = _want(data["terrain_names"], list, "terrain_names", "a list of names")
    if not names:
        raise _Bad("terrain_names", "is empty")
    for i, n in enumerate(names):
        _want(n, str, f"terrain_names[{i}]", "a string")
        if n in names[:i]:
            raise _Bad(f"terrain_names[{i}]", f"duplicate terrain name {n!r}")

    def terrain_cell(v: int, p: str) -> int:
        if not 0 <= v < len(names):
            raise _Bad(p, f"{v} is not an index into terrain_names (0..{len(names) - 1})")
        return v

    if "terrain" not in data:
        raise _Bad("terrain", "missing")

    def elevation_cell(v: int, p: str) -> int:
        if not _ELEVATION_MIN <= v <= _ELEVATION_MAX:
            raise _Bad(p, f"{v} is outside {_ELEVATION_MIN}..{_ELEVATION_MAX} (32 bits)")
        return v

    terrain = _grid(data["terrain"], "terrain", cols, rows, terrain_cell)
    elevation = data.get("elevation")
    if elevation is not None:
        elevation = _grid(elevation, "elevation", cols, rows, elevation_cell)
    sight = data.get("sight")
    if sight is not None:
        try:
            sight = BlockingModel.from_dict(_want(sight, dict, "sight", "an object or null"))
        except ValueError as e:
            raise _Bad("sight", str(e)) from None

    feats_data = _want(data.get("hexside_features", {}), dict, "hexside_features", "an object")
    features: dict[str, frozenset[Hexside]] = {}
    for f, v in feats_data.items():
        _want(f, str, "hexside_features", "feature names as strings")
        features[f] = _hexsides(frame, v, f"hexside_features[{json.dumps(f)}]")
    roads = _hexsides(frame, data.get("roads", []), "roads")
    places_data = _want(data.get("places", {}), dict, "places", "an object")
    places: dict[str, tuple[Hex, ...]] = {}
    for pname, hexes in places_data.items():
        _want(pname, str, "places", "place names as strings")
        p = f"places[{json.dumps(pname)}]"
        _want(hexes, list, p, "a list of hex labels")
        out = []
        for i, lab in enumerate(hexes):
            _want(lab, str, f"{p}[{i}]", "a hex label")
            try:
                out.append(frame.on_map_hex(lab))
            except ValueError as e:
                raise _Bad(f"{p}[{i}]", str(e)) from None
        places[pname] = tuple(out)
    return Map(
        name=name,
        layout=frame.layout,
        terrain_names=tuple(names),
        terrain=terrain,
        hexside_features=features,
        roads=roads,
        places=places,
        elevation=elevation,
        label_style=style,
        description=description,
        sight_model=sight,
    )


def map_from_json(data: object, source: str | None = None) -> Map:
    """Build a map from :func:`map_to_json` output (a dict); validates every field.

    Raises :class:`MapError` naming the field path; ``source`` (a file name) prefixes it.
    """
    prefix = f"{source}: " if source else ""
    try:
        return _read(data)
    except _Bad as e:
        raise MapError(prefix + str(e)) from None
    except MapError as e:
        raise MapError(prefix + str(e)) from None
    except Exception as e:  # a bug here must still surface as a MapError
        raise MapError(f"{prefix}cannot read map: {type(e).__name__}: {e}") from e
