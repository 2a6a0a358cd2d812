"""Strict JSON reading for every game's loaders: :mod:`hexplay.maps.jsonio`, re-exported here
(it lives with the file formats, below the engine, so maps can use it too)."""

from ..maps.jsonio import MAX_CHARS, MAX_DEPTH, JSONInputError, load_path, loads, read

__all__ = ["MAX_CHARS", "MAX_DEPTH", "JSONInputError", "load_path", "loads", "read"]
