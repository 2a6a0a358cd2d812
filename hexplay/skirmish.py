"""SKIRMISH public API (alias of :mod:`hexplay.rules.skirmish`).

Tables for teaching and analysis (``attack_strength``, ``defence_strength``, ``combat_odds``,
...), the game facade :class:`SkirmishGame` and :class:`Scenario`.
"""

from .rules.skirmish import *  # noqa: F403
from .rules.skirmish import __all__  # noqa: F401
