"""Line of sight: tracing against a ruleset's blocking model, and visibility matrices.

Like :mod:`hexplay.movement`, it stands on :mod:`hexplay.hexgrid` alone and reads the map it is
given (a :class:`hexplay.maps.Map`) without importing map code, so a map can carry its game's
:class:`BlockingModel` and answer :meth:`~hexplay.maps.Map.los` itself.
"""

from .model import OPEN_SIGHT, BlockingModel
from .sight import Sight
from .trace import LosTrace, NudgedTrace, Obstruction

__all__ = ["OPEN_SIGHT", "BlockingModel", "LosTrace", "NudgedTrace", "Obstruction", "Sight"]
