"""Loading and saving maps: bundled maps by name, files by suffix.

``load_map("<name>")`` reads ``hexplay/maps/data/<name>.txt`` (shipped inside the package);
``load_map("my.hexmap")`` / ``.txt`` reads the text format, ``.json`` the JSON format.
"""

from __future__ import annotations

import os
from importlib import resources
from pathlib import Path

from .jsonformat import dumps_map_json, map_from_json
from .map import Map, MapError
from .textformat import read_map_text, write_map_text

__all__ = ["JSON_SUFFIXES", "TEXT_SUFFIXES", "bundled_maps", "load_map", "save_map"]

TEXT_SUFFIXES = (".txt", ".hexmap")
#: Largest map file read (a 99 x 99 map with elevation is under 100 kB as text).
MAX_MAP_BYTES = 8 * 1024 * 1024
JSON_SUFFIXES = (".json",)


def _data_dir():
    return resources.files("hexplay.maps").joinpath("data")


def bundled_maps() -> list[str]:
    """Names of the maps shipped with hexplay (``load_map(name)`` loads them)."""
    return sorted(p.name[: -len(".txt")] for p in _data_dir().iterdir() if p.name.endswith(".txt"))


def _is_path(x: str | os.PathLike) -> bool:
    if isinstance(x, os.PathLike):
        return True
    return "/" in x or "\\" in x or Path(x).suffix.lower() in TEXT_SUFFIXES + JSON_SUFFIXES


def load_map(name_or_path: str | os.PathLike) -> Map:
    """A bundled map by name (:func:`bundled_maps` lists them) or a map file by path.

    Raises :class:`MapError` for an unknown name, a missing or unreadable file, an unknown
    suffix, or invalid contents (the message names the file and line or field).
    """
    if not isinstance(name_or_path, (str, os.PathLike)):
        raise MapError(f"load_map expects a map name or a path, not {name_or_path!r}")
    if not _is_path(name_or_path):
        name = str(name_or_path)
        res = _data_dir().joinpath(f"{name}.txt")
        if not name or not res.is_file():
            raise MapError(
                f"unknown map {name!r}: the bundled maps are {', '.join(bundled_maps())}; "
                f"or give a path to a {'/'.join(TEXT_SUFFIXES + JSON_SUFFIXES)} file"
            )
        return read_map_text(res.read_text(encoding="utf-8"), source=f"{name}.txt")
    path = Path(name_or_path)
    suffix = path.suffix.lower()
    if suffix not in TEXT_SUFFIXES + JSON_SUFFIXES:
        raise MapError(
            f"{path}: unknown map file type {suffix!r} (use "
            f"{', '.join(TEXT_SUFFIXES + JSON_SUFFIXES)})"
        )
    try:
        size = path.stat().st_size
        if size > MAX_MAP_BYTES:
            raise MapError(f"{path}: map file of {size} bytes is too large")
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise MapError(f"{path}: no such map file") from None
    except (OSError, UnicodeDecodeError) as e:
        raise MapError(f"{path}: cannot read map file: {e}") from None
    if suffix in TEXT_SUFFIXES:
        return read_map_text(text, source=str(path))
    # The strict JSON reader is shared by every loader (it lives with the engine's I/O;
    # imported here, not at module level, so that maps need nothing above them to import).
    from .jsonio import JSONInputError, loads

    try:
        data = loads(text, source=str(path))
    except JSONInputError as e:
        raise MapError(str(e)) from None
    return map_from_json(data, source=str(path))


def save_map(m: Map, path: str | os.PathLike) -> Path:
    """Write ``m`` to ``path`` in the format its suffix names; returns the path."""
    path = Path(path)
    suffix = path.suffix.lower()
    if suffix in TEXT_SUFFIXES:
        text = write_map_text(m)
    elif suffix in JSON_SUFFIXES:
        text = dumps_map_json(m)
    else:
        raise MapError(
            f"{path}: unknown map file type {suffix!r} (use "
            f"{', '.join(TEXT_SUFFIXES + JSON_SUFFIXES)})"
        )
    path.write_text(text, encoding="utf-8")
    return path
