"""Jupyter widgets: the HexBoard (anywidget) with data-driven counters, the GameApp shell and
its per-game UI adapters, phase/order controls, odds and record panels.

``HexBoard``, the counters schema and the panels import only ipywidgets/bqplot/anywidget; the
apps (``GameApp``, ``SkirmishApp``) are imported lazily on first use.
"""

from __future__ import annotations

from typing import Any

from .board import HexBoard, map_payload
from .counters import Counter, CounterStyle, SideStyle

__all__ = [
    "Counter",
    "CounterStyle",
    "GameApp",
    "GameUI",
    "HexBoard",
    "MapEditor",
    "ScenarioEditor",
    "SideStyle",
    "SkirmishApp",
    "map_payload",
]

_LAZY = {
    "SkirmishApp": "hexplay.games.skirmish.ui.app",
    "GameApp": ".game_app",
    "GameUI": ".adapter",
    "MapEditor": ".map_editor",
    "ScenarioEditor": ".scenario_editor",
}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(_LAZY[name], __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
