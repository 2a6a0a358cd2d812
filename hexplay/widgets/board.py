"""HexBoard: the anywidget hex map (static map sent once, units and overlays as small traits).

Data flow: Python sets ``units`` / ``overlays`` / ``selected`` (small JSON traits, re-rendered
layer by layer in the browser); the static map (terrain, hexside features, roads, elevation) is
sent once by :meth:`HexBoard.set_map` as compact binary buffers.  Clicks in the browser come back
as intent messages ``{"type": "click", "hex": "1018", "unit": "T", "occupant": "G1",
"shift": false}`` (``occupant``: the man aboard vehicle ``unit`` whose pip was clicked, else
null) dispatched to callbacks registered with :meth:`HexBoard.on_click` /
:meth:`HexBoard.on_hover`; the browser never decides a rule.
"""

from __future__ import annotations

import pathlib
from collections.abc import Callable, Iterable, Mapping
from typing import Any

import anywidget
import numpy as np
import traitlets

from ..hexgrid import Hexside
from ..maps import Map

STATIC = pathlib.Path(__file__).resolve().parent.parent / "static"

#: Default terrain colours by terrain name (anything else gets a colour from FALLBACK_COLOURS).
TERRAIN_PALETTE: dict[str, str] = {
    "open": "#e7e2bf",
    "clear": "#e7e2bf",
    "trees": "#7fa866",
    "woods": "#7fa866",
    "forest": "#6a965a",
    "rough": "#c9b98f",
    "town": "#c8b7a6",
    "building": "#b5a08a",
    "water": "#9cc3e6",
    "sea": "#8db6dd",
    "marsh": "#a9c7a0",
    "road": "#d9cfa8",
}
FALLBACK_COLOURS = ("#d8cfc4", "#b9d3c1", "#d9c2a7", "#c4c9de", "#e0d4a0", "#c7b3cf")

#: Colours of hexside features drawn as edges (CSS gives slopes a dark thick line by default).
FEATURE_PALETTE: dict[str, str] = {"slope": "#2c2016", "wall": "#5a5a5a", "shoreline": "#3f6fa8"}

ClickCallback = Callable[[dict[str, Any]], Any]


def _array(a: np.ndarray, dtype: str) -> dict[str, Any]:
    """A numpy array as ``{"dtype", "data"}`` with the data as a binary buffer (little-endian)."""
    arr = np.ascontiguousarray(np.asarray(a).reshape(-1), dtype=np.dtype(dtype).newbyteorder("<"))
    return {"dtype": dtype, "data": memoryview(arr.tobytes())}


def _sides_array(sides: Iterable[Hexside]) -> dict[str, Any]:
    """Canonical hexsides as a flat int16 array of ``(q, r, d)`` triplets (sorted: stable)."""
    flat = np.array(sorted(tuple(s) for s in sides), dtype=np.int16).reshape(-1)
    return _array(flat, "int16")


def map_payload(m: Map, palette: Mapping[str, str] | None = None) -> dict[str, Any]:
    """The compact, JSON+buffers form of a :class:`~hexplay.maps.Map` that the board draws.

    Terrain indices (uint8, hex index order), hexside features and roads as flat ``(q, r, d)``
    int16 arrays, elevation as int16; labels are recomputed in the browser from cols/rows and
    the label style.
    """
    pal = dict(TERRAIN_PALETTE)
    pal.update(palette or {})
    colours = {}
    spare = iter(FALLBACK_COLOURS * 8)
    for name in m.terrain_names:
        colours[name] = pal.get(name) or next(spare)
    payload: dict[str, Any] = {
        "name": m.name,
        "cols": m.cols,
        "rows": m.rows,
        "even_columns_low": m.layout.even_columns_low,
        "label_style": m.label_style,
        "terrain_names": list(m.terrain_names),
        "palette": colours,
        "feature_palette": {k: v for k, v in FEATURE_PALETTE.items() if k in m.hexside_features},
        "terrain": _array(m.terrain_flat(), "uint8" if len(m.terrain_names) < 256 else "int16"),
        "hexside_features": {k: _sides_array(v) for k, v in m.hexside_features.items()},
        "roads": _sides_array(m.roads),
        "elevation": None if m.elevation is None else _array(m.elevation.reshape(-1), "int16"),
    }
    if m.label_style not in ("ccrr", "letters"):
        payload["labels"] = list(m.hex_labels)
    return payload


class HexBoard(anywidget.AnyWidget):
    """An interactive hex map: terrain, hexsides, roads, contours, unit counters and overlays.

    Units are dicts ``{"id", "side", "kind" ("man"/"escort"/"transporter"), "hex" (label),
    "weapon", "status" ("fit"/"W"/"K"), "occupants" (ids aboard a vehicle), "label"}``; units
    listed as occupants are drawn on their vehicle's counter.  ``overlays`` may hold
    ``los`` (``{"from", "to", "hexes", "blocked_at", "clear"}`` or a ``LosTrace.to_dict()``),
    ``visible`` (labels; the rest is fogged), ``reachable`` (``{label: cost}``), ``paths``
    (``[{"unit", "side", "hexes"}]``), ``fires`` (``[{"unit", "side", "from", "to",
    "label"}]``) and ``highlight`` (labels).  ``overlay_visibility`` switches each one off
    without discarding it.
    """

    _esm = STATIC / "board.js"
    _css = STATIC / "board.css"

    _map = traitlets.Dict().tag(sync=True)
    units = traitlets.List(traitlets.Dict()).tag(sync=True)
    selected = traitlets.Unicode(None, allow_none=True).tag(sync=True)
    overlays = traitlets.Dict().tag(sync=True)
    overlay_visibility = traitlets.Dict(
        {"los": True, "visible": True, "reachable": True, "paths": True, "fires": True}
    ).tag(sync=True)
    show_labels = traitlets.Bool(True).tag(sync=True)
    show_contours = traitlets.Bool(True).tag(sync=True)
    show_legend = traitlets.Bool(True).tag(sync=True)
    send_hover = traitlets.Bool(False).tag(sync=True)
    side_colours = traitlets.Dict().tag(sync=True)
    height = traitlets.Unicode("").tag(sync=True)

    def __init__(self, map: Map | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._click_callbacks: list[ClickCallback] = []
        self._hover_callbacks: list[ClickCallback] = []
        self.map: Map | None = None
        self.last_message: dict[str, Any] | None = None
        self.on_msg(self._on_message)
        if map is not None:
            self.set_map(map)

    # --- map --------------------------------------------------------------------------------
    def set_map(self, m: Map, palette: Mapping[str, str] | None = None) -> None:
        """Send the static map (once; units/overlays updates never re-send it)."""
        self.map = m
        self._map = map_payload(m, palette)

    # --- callbacks ----------------------------------------------------------------------------
    def on_click(self, fn: ClickCallback, remove: bool = False) -> None:
        """Call ``fn({"type", "hex", "unit", "occupant", "shift"})`` on every click.

        ``hex``: label or None; ``unit``: the counter clicked or None; ``occupant``: the man
        aboard that vehicle whose pip was clicked, or None; ``shift``: the shift key was down.
        """
        self._register(self._click_callbacks, fn, remove)

    def on_hover(self, fn: ClickCallback, remove: bool = False) -> None:
        """Call ``fn({"hex", "unit", "occupant"})`` when the pointer enters a new hex.

        Registering a callback turns on ``send_hover``."""
        self._register(self._hover_callbacks, fn, remove)
        self.send_hover = bool(self._hover_callbacks)

    @staticmethod
    def _register(lst: list[ClickCallback], fn: ClickCallback, remove: bool) -> None:
        if remove:
            if fn in lst:
                lst.remove(fn)
        elif fn not in lst:
            lst.append(fn)

    def _on_message(self, _widget: Any, content: Any, _buffers: Any = None) -> None:
        if not isinstance(content, dict):
            return
        kind = content.get("type")
        event = {
            "type": kind,
            "hex": content.get("hex"),
            "unit": content.get("unit"),
            "occupant": content.get("occupant"),
            "shift": bool(content.get("shift", False)),
        }
        if (
            event["hex"] is not None
            and self.map is not None
            and not self.map.contains(event["hex"])
        ):
            return  # ignore intents naming hexes that are not on the map
        self.last_message = event
        callbacks = {"click": self._click_callbacks, "hover": self._hover_callbacks}.get(kind, [])
        for fn in list(callbacks):
            fn(event)

    def simulate_click(
        self, hex: str | None = None, unit: str | None = None, occupant: str | None = None
    ) -> None:
        """Act as if the browser had sent a click (for tests and scripted demos)."""
        msg = {"type": "click", "hex": hex, "unit": unit, "occupant": occupant}
        self._handle_custom_msg(msg, [])

    # --- dynamic state ------------------------------------------------------------------------
    def set_units(self, units: Iterable[Mapping[str, Any]]) -> None:
        self.units = [dict(u) for u in units]

    def set_overlay(self, name: str, value: Any) -> None:
        """Replace one overlay (``None`` removes it), keeping the others."""
        ov = dict(self.overlays)
        if value is None:
            ov.pop(name, None)
        else:
            ov[name] = value
        self.overlays = ov

    def clear_overlays(self, *names: str) -> None:
        """Remove the named overlays (all of them when none is named)."""
        self.overlays = {k: v for k, v in self.overlays.items() if names and k not in names}

    def show_los(self, trace: Any) -> None:
        """Draw a :class:`~hexplay.sight.LosTrace` (or its dict) as the ``los`` overlay."""
        d = trace.to_dict() if hasattr(trace, "to_dict") else dict(trace)
        blocked = [o["where"] for o in d.get("blocked_by", [])]
        self.set_overlay(
            "los",
            {
                "from": d.get("from", d.get("observer")),
                "to": d.get("to", d.get("target")),
                "hexes": list(d.get("hexes", [])),
                "blocked_at": d.get("blocked_at", blocked),
                "clear": bool(d.get("clear")),
            },
        )

    def show_visible(self, labels: Iterable[str] | None) -> None:
        self.set_overlay("visible", None if labels is None else list(labels))

    def show_reachable(self, costs: Mapping[str, float] | None) -> None:
        self.set_overlay(
            "reachable", None if costs is None else {str(k): float(v) for k, v in costs.items()}
        )

    def set_overlay_visible(self, name: str, visible: bool) -> None:
        vis = dict(self.overlay_visibility)
        vis[name] = bool(visible)
        self.overlay_visibility = vis
