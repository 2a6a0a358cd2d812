"""Plain-JSON helpers (no pickle): fractions, hexes, sets, numpy values, maps."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import numpy as np


def jsonable(obj: Any) -> Any:
    """Convert to plain JSON types: Fraction -> "n/d" (or int), tuples/sets -> lists, numpy."""
    t = type(obj)
    if t is str or t is int or obj is None or t is bool or t is float:
        return obj
    if t is list or t is tuple:
        return [jsonable(v) for v in obj]
    if t is dict:
        return {str(k): jsonable(v) for k, v in obj.items()}
    if isinstance(obj, Fraction):
        return int(obj) if obj.denominator == 1 else f"{obj.numerator}/{obj.denominator}"
    if isinstance(obj, dict):
        return {str(k): jsonable(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [jsonable(v) for v in obj]
    if isinstance(obj, (set, frozenset)):
        return sorted(jsonable(v) for v in obj)
    if isinstance(obj, np.bool_):
        return bool(obj)
    if isinstance(obj, np.integer):
        return int(obj)
    if isinstance(obj, np.floating):
        return float(obj)
    if isinstance(obj, np.ndarray):
        return jsonable(obj.tolist())
    if hasattr(obj, "to_dict"):
        return jsonable(obj.to_dict())
    return obj


def fraction(value: Any) -> Fraction:
    """Read what :func:`jsonable` wrote for a Fraction."""
    return Fraction(value) if not isinstance(value, Fraction) else value


def dumps(obj: Any, **kw: Any) -> str:
    return json.dumps(jsonable(obj), **kw)


def roundtrip(obj: Any) -> Any:
    """``json.loads(json.dumps(obj))`` after :func:`jsonable` (proves an object is plain)."""
    return json.loads(dumps(obj))


def map_to_dict(m) -> dict[str, Any]:
    """A Map as plain JSON (layout, terrain, hexside features, roads, places, elevation)."""
    return {
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


def map_from_dict(d: dict[str, Any]):
    """Inverse of :func:`map_to_dict`."""
    from ..hexgrid import Hex, Hexside, OffsetLayout
    from ..maps import Map

    return Map(
        name=d["name"],
        layout=OffsetLayout(d["cols"], d["rows"], d.get("even_columns_low", True)),
        terrain_names=tuple(d["terrain_names"]),
        terrain=np.array(d["terrain"]),
        hexside_features={
            k: frozenset(Hexside(*s) for s in v) for k, v in d["hexside_features"].items()
        },
        roads=frozenset(Hexside(*s) for s in d["roads"]),
        places={k: tuple(Hex(*h) for h in v) for k, v in d["places"].items()},
        elevation=None if d.get("elevation") is None else np.array(d["elevation"]),
        label_style=d.get("label_style", "ccrr"),
        description=d.get("description", ""),
    )
