"""Jupyter widgets: the HexBoard (anywidget) with data-driven counters, the GameApp shell and
the plain UI adapter, phase/order controls, log and record panels.

``HexBoard``, the counters schema and the panels import only ipywidgets/bqplot/anywidget; the
apps are imported lazily on first use. A game's own app class (``<Name>App`` in its package's
``app`` module) is found through the registry's ``ui`` part: ``from hexplay.widgets
import <Name>App`` keeps working without this package naming any game.
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
    "LosInspector",
    "MapEditor",
    "OddsInspector",
    "RangesInspector",
    "ScenarioEditor",
    "SideStyle",
    "ViewTable",
    "map_payload",
]

_LAZY = {
    "GameApp": ".game_app",
    "GameUI": ".adapter",
    "LosInspector": ".inspectors",
    "OddsInspector": ".inspectors",
    "RangesInspector": ".inspectors",
    "ViewTable": ".inspectors",
    "MapEditor": ".map_editor",
    "ScenarioEditor": ".scenario_editor",
}


def _game_app_class(name: str) -> Any:
    """A registered game's own app class ``name`` (in the ``app`` module of the game's package,
    the package holding its adapter's ``ui`` package, or beside its adapter)."""
    import importlib

    from ..registry import game_entry, games

    for game in games():
        ref = game_entry(game).ui
        if not ref:
            continue
        adapter = ref.split(":")[0]
        package = adapter.rsplit(".", 1)[0]
        for where in (f"{package.rsplit('.', 1)[0]}.app", f"{package}.app", adapter):
            try:
                module = importlib.import_module(where)
            except ImportError:
                continue
            if hasattr(module, name):
                return getattr(module, name)
    return None


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(_LAZY[name], __name__), name)
    if name.endswith("App") and not name.startswith("_"):
        found = _game_app_class(name)
        if found is not None:
            return found
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
