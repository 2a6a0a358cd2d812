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
    """A Map as plain JSON (the save form; see :mod:`hexplay.maps.dictformat`)."""
    from ..maps.dictformat import map_to_dict as to_dict

    return to_dict(m)


def map_from_dict(d: Any):
    """Inverse of :func:`map_to_dict`: every field checked by the maps' own validator
    (:func:`hexplay.maps.dictformat.map_from_dict`), :class:`~hexplay.maps.MapError`
    naming the field."""
    from ..maps.dictformat import map_from_dict as from_dict

    return from_dict(d)
