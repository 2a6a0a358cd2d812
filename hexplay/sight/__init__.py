"""Line of sight: tracing against a ruleset's blocking model, and visibility matrices."""

from .model import OPEN_SIGHT, BlockingModel
from .sight import Sight
from .trace import LosTrace, NudgedTrace, Obstruction

__all__ = ["OPEN_SIGHT", "BlockingModel", "LosTrace", "NudgedTrace", "Obstruction", "Sight"]
