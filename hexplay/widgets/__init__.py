"""Jupyter widgets: the HexBoard (anywidget), phase/plot controls, odds and record panels, apps.

``HexBoard`` and the panels import only ipywidgets/bqplot/anywidget; ``SkirmishApp`` (which needs
the SKIRMISH engine) is imported lazily on first use.
"""

from __future__ import annotations

from typing import Any

from .board import HexBoard, map_payload

__all__ = ["HexBoard", "SkirmishApp", "map_payload"]


def __getattr__(name: str) -> Any:
    if name == "SkirmishApp":
        from .skirmish_app import SkirmishApp

        return SkirmishApp
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
