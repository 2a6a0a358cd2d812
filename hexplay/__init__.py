"""hexplay: Jupyter widgets and engines for playing and inspecting hex-grid wargames."""

from .maps import Map, MapError, load_map

__version__ = "0.1.0"

__all__ = ["Map", "MapError", "__version__", "load_map"]
