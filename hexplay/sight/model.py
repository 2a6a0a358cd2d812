"""Blocking models: what a ruleset says blocks line of sight.

:class:`BlockingModel` is plain data that maps carry (a map file names its game's sight
rules), so it is defined in :mod:`hexplay.maps.blocking` and re-exported here.
"""

from __future__ import annotations

from ..maps.blocking import OPEN_SIGHT, BlockingModel

__all__ = ["OPEN_SIGHT", "BlockingModel"]
