"""Maps: terrain arrays, hexside features, roads, elevation and named places."""

from .map import Map, MapError

__all__ = ["Map", "MapError"]
