"""Maps: terrain arrays, hexside features, roads, elevation and named places.

Files: a hand-editable text format (:mod:`.textformat`) and plain JSON (:mod:`.jsonformat`);
bundled maps load by name with :func:`load_map`.
"""

from ..sight import OPEN_SIGHT, BlockingModel
from .dictformat import map_from_dict, map_to_dict
from .edit import EditError, MapBuilder
from .io import bundled_maps, load_map, save_map
from .jsonformat import dumps_map_json, map_from_json, map_to_json
from .map import Map, MapError, MapHex
from .textformat import read_map_text, write_map_text

__all__ = [
    "OPEN_SIGHT",
    "BlockingModel",
    "EditError",
    "Map",
    "MapError",
    "MapBuilder",
    "MapHex",
    "bundled_maps",
    "dumps_map_json",
    "load_map",
    "map_from_dict",
    "map_from_json",
    "map_to_dict",
    "map_to_json",
    "read_map_text",
    "save_map",
    "write_map_text",
]
