"""AMBUSH's observation planes: SKIRMISH's (:mod:`hexplay.games.skirmish.env_encoding`) and
the advanced rules' own figures from ``view["ambush_rules"]``: the roadblock, the cargo's hex
and how much of it is loaded."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from hexplay.env.planes import Channel
from hexplay.games.skirmish.env_encoding import SkirmishPlanes, _number


class AmbushPlanes(SkirmishPlanes):
    """SKIRMISH's channels, then ``roadblock`` and ``cargo``; globals: cargo figures."""

    VIEW_CHANNELS = (
        *SkirmishPlanes.VIEW_CHANNELS,
        Channel("roadblock", "1 on the roadblock's hex (when the view names it)"),
        Channel("cargo", "1 on the cargo's hex (when the view shows it on the map)"),
    )
    GLOBALS = (
        *SkirmishPlanes.GLOBALS,
        Channel("cargo_loaded", "cargo load points moved / load points needed"),
        Channel("cargo_held", "1 if a man holds the cargo"),
    )

    def fill(self, view: Mapping[str, Any], planes: np.ndarray, glob: np.ndarray) -> None:
        super().fill(view, planes, glob)
        rules = view.get("ambush_rules") or {}
        self.put(planes, "roadblock", rules.get("roadblock"))
        cargo = rules.get("cargo") or {}
        self.put(planes, "cargo", cargo.get("hex"))
        need = _number(cargo.get("load_points")) or 1.0
        glob[self.gl("cargo_loaded")] = _number(cargo.get("loaded")) / need
        glob[self.gl("cargo_held")] = cargo.get("holder") is not None
