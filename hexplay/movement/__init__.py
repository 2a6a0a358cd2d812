"""Movement: costs by terrain entered, hexside crossed and mover; reachability; path costs."""

from .model import CostModel, UniformCost
from .reach import Movement, MovementError, Reach

__all__ = ["CostModel", "Movement", "MovementError", "Reach", "UniformCost"]
