"""HexBoard: the anywidget hex map (static map sent once, units and overlays as small traits).

Data flow: Python sets ``units`` / ``overlays`` / ``selected`` (small traits, re-rendered
layer by layer in the browser); the static map (terrain, hexside features, roads, elevation) is
sent once by :meth:`HexBoard.set_map` as compact binary buffers.  The per-hex overlays
(``visible``, ``reachable``) travel as hex indices and costs in binary buffers too
(:func:`overlays_to_json`): in Python they stay label lists and dicts.  Clicks in the browser
come back as intent messages ``{"type": "click", "hex": "1018", "unit": "T", "occupant": "G1",
"shift": false, "seq": 7}`` (``occupant``: the man aboard vehicle ``unit`` whose pip was
clicked, else null) dispatched to callbacks registered with :meth:`HexBoard.on_click` /
:meth:`HexBoard.on_hover`; the browser never decides a rule.

Answering a click: every board change the callbacks make goes out in one message together with
``_answer = {"seq": <the click's seq>, "n": <count>}``; the browser, once it has drawn that
message, marks ``el.dataset.answered = seq``.  That message is a custom one, ``{"type":
"answer", "state": <the changed traits, as a state update holds them>, "buffer_paths"}`` with
the state's binary buffers (:meth:`HexBoard.send_state`): the page sets those traits on its
model itself (after any state update still being applied), so the answer takes the path of a
bare message round trip rather than the widget manager's update path.  The traits' values
are the ones an update would have carried; a new or reloaded page gets them all in its full
state.  Work that can wait until the board has been drawn
(the other panels) is queued with :meth:`HexBoard.after_answer` and runs
:func:`after_answer_delay` later, so its messages never compete with the board's answer on its
way: at least :data:`AFTER_ANSWER_DELAY`, or as long as the page's last answer took (``answer_ms``:
the page measures each answer, from the click leaving to the answer drawn, and sends it with
its next click; on a loaded machine an answer takes far longer than 20 ms to be drawn, and
the panels' work, run earlier, would take the processor from it), at most
:data:`AFTER_ANSWER_MAX_DELAY`.
(A "drawn" report from the browser was tried instead of the delay: the extra round trip sent
right after a reply makes the panels' messages meet the ~40 ms TCP delayed-ACK stall.)
"""

from __future__ import annotations

import asyncio
import pathlib
from collections.abc import Callable, Iterable, Mapping
from typing import Any

import anywidget
import numpy as np
import traitlets
from ipywidgets.widgets.widget import _remove_buffers

from ..hexgrid import Hexside
from ..maps import Map
from ..maps.svg import FALLBACK_COLOURS as FALLBACK_COLOURS  # re-exported: the board's colours
from ..maps.svg import FEATURE_PALETTE, terrain_colours
from ..maps.svg import TERRAIN_PALETTE as TERRAIN_PALETTE
from .counters import Counters, CounterStyle
from .guard import PageMessages, warn
from .hex_overlays import HexCosts, HexLabels

STATIC = pathlib.Path(__file__).resolve().parent.parent / "static"

ClickCallback = Callable[[dict[str, Any]], Any]

#: Seconds between answering a browser click and running the work queued by
#: :meth:`HexBoard.after_answer` (time for the answer to reach the page and be drawn first).
AFTER_ANSWER_DELAY = 0.02
#: The longest wait before that work (an answer slower than this is a page in trouble: the
#: panels should not wait for it).
AFTER_ANSWER_MAX_DELAY = 0.1


def after_answer_delay(answer_ms: float | None) -> float:
    """Seconds from sending a click's answer to running its queued panel work: the page's
    last measured answer time (ms, see the module doc), within [AFTER_ANSWER_DELAY,
    AFTER_ANSWER_MAX_DELAY]; AFTER_ANSWER_DELAY when the page has not measured one."""
    if answer_ms is None:
        return AFTER_ANSWER_DELAY
    return min(max(answer_ms / 1000.0, AFTER_ANSWER_DELAY), AFTER_ANSWER_MAX_DELAY)


def _array(a: np.ndarray, dtype: str) -> dict[str, Any]:
    """A numpy array as ``{"dtype", "data"}`` with the data as a binary buffer (little-endian)."""
    arr = np.ascontiguousarray(np.asarray(a).reshape(-1), dtype=np.dtype(dtype).newbyteorder("<"))
    return {"dtype": dtype, "data": memoryview(arr.tobytes())}


def _sides_array(sides: Iterable[Hexside]) -> dict[str, Any]:
    """Canonical hexsides as a flat int16 array of ``(q, r, d)`` triplets (sorted: stable)."""
    flat = np.array(sorted(tuple(s) for s in sides), dtype=np.int16).reshape(-1)
    return _array(flat, "int16")


def _index_dtype(n: int) -> str:
    return "uint16" if n <= 0xFFFF else "int32"


#: Reach costs go on the wire as whole numbers of this fraction of a point (sixths of an AP;
#: whole steps are multiples too) when every cost is one exactly.
COST_SCALE = 6


def costs_to_wire(costs: np.ndarray) -> dict[str, Any]:
    """Reach costs as ``{"dtype", "data"}`` plus ``"scale"`` when sent as integers: equal to
    ``_array(costs, "float64")`` decoded (the page reads ``data / scale``), in the fewest bytes
    that hold the values exactly: uint8 / uint16 counts of 1/:data:`COST_SCALE` (every cost
    ``c`` with ``round(c * scale) / scale == c``, as sixths of an AP are), else
    float32 when that is exact, else float64."""
    c = np.asarray(costs, dtype=np.float64).reshape(-1)
    if len(c) and bool(np.all(np.isfinite(c))):
        units = np.rint(c * COST_SCALE)
        if bool(np.all(units / COST_SCALE == c)) and units.min() >= 0:
            top = units.max()
            dt = "uint8" if top <= 0xFF else "uint16" if top <= 0xFFFF else None
            if dt is not None:
                return {**_array(units, dt), "scale": COST_SCALE}
    if bool(np.all(c.astype(np.float32) == c)):
        return _array(c, "float32")
    return _array(c, "float64")


def costs_from_wire(field: Mapping[str, Any]) -> np.ndarray:
    """Inverse of :func:`costs_to_wire` (float64 costs)."""
    arr = np.frombuffer(bytes(field["data"]), dtype=np.dtype(field["dtype"]).newbyteorder("<"))
    scale = field.get("scale")
    return arr / float(scale) if scale else arr.astype(np.float64)


def overlays_to_json(value: Mapping[str, Any], widget: Any) -> dict[str, Any]:
    """The wire form of ``overlays``: ``visible`` as hex indices and ``reachable`` as hex
    indices + costs (binary buffers, no label strings to encode and parse; the costs in the
    fewest bytes that hold them exactly, :func:`costs_to_wire`); the rest as is.

    Labels not on the map are dropped (the board could not draw them).  Without a map the
    value is sent unchanged (the browser reads both forms)."""
    index = getattr(widget, "_label_index", None)
    if not index or not value:
        return dict(value or {})
    out = dict(value)
    dt = _index_dtype(len(index))
    labels = widget.map.hex_labels if getattr(widget, "map", None) is not None else ()
    vis = value.get("visible")
    if vis is not None and not isinstance(vis, Mapping):
        # (a HexLabels holds its indices already: the same bytes, no label looked up; its
        # bytes made once, for it and its copies)
        arr = vis.wire_indices(labels) if isinstance(vis, HexLabels) else None
        if arr is not None:
            data = vis.wire_memo.get(dt)
            if data is None:
                data = vis.wire_memo[dt] = _array(arr, dt)["data"]
        else:
            idx = {index[x] for x in map(str, vis) if x in index}
            data = _array(np.fromiter(sorted(idx), int, len(idx)), dt)["data"]
        out["visible"] = {"dtype": dt, "data": data}
    reach = value.get("reachable")
    if isinstance(reach, Mapping) and "hex" not in reach:
        arrays = reach.wire_arrays(labels) if isinstance(reach, HexCosts) else None
        if isinstance(reach, HexCosts) and arrays is not None:  # (made once per value, as
            wire = reach.wire_memo.get(dt)  # for the visible hexes)
            if wire is None:
                wire = reach.wire_memo[dt] = (_array(arrays[0], dt), costs_to_wire(arrays[1]))
        else:
            pairs = [(index[str(k)], float(v)) for k, v in reach.items() if str(k) in index]
            hexes = np.array([p[0] for p in pairs], dtype=np.int64)
            costs = np.array([p[1] for p in pairs], dtype=np.float64)
            wire = (_array(hexes, dt), costs_to_wire(costs))
        out["reachable"] = {"hex": dict(wire[0]), "cost": dict(wire[1])}
    return out


def overlays_from_json(value: Mapping[str, Any], widget: Any) -> dict[str, Any]:
    """Inverse of :func:`overlays_to_json` (labels again)."""
    m = getattr(widget, "map", None)
    out = dict(value or {})
    if m is None:
        return out
    labels = m.hex_labels

    def arr(f: Mapping[str, Any]) -> np.ndarray:
        return np.frombuffer(bytes(f["data"]), dtype=np.dtype(f["dtype"]).newbyteorder("<"))

    vis = out.get("visible")
    if isinstance(vis, Mapping):
        out["visible"] = [labels[i] for i in arr(vis).tolist()]
    reach = out.get("reachable")
    if isinstance(reach, Mapping) and "hex" in reach:
        hexes, costs = arr(reach["hex"]).tolist(), costs_from_wire(reach["cost"]).tolist()
        out["reachable"] = {labels[i]: float(c) for i, c in zip(hexes, costs)}
    return out


def map_payload(m: Map, palette: Mapping[str, str] | None = None) -> dict[str, Any]:
    """The compact, JSON+buffers form of a :class:`~hexplay.maps.Map` that the board draws.

    Terrain indices (uint8, hex index order), hexside features and roads as flat ``(q, r, d)``
    int16 arrays, elevation as int16; labels are recomputed in the browser from cols/rows and
    the label style.
    """
    colours = terrain_colours(m, palette)
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


class HexBoard(PageMessages, anywidget.AnyWidget):
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
    #: Counters (validated: see :mod:`.counters`); a hex must be a label of the map. On the
    #: wire: all of them in a full state, only the changed ones in an update (units_to_json).
    units = Counters().tag(sync=True, to_json=lambda v, w: w._units_wire(v))
    #: The game's hex markings (``markings``: CBR hexes, land...; ``regions``: sector lines,
    #: the border), drawn under the counters; a trait of their own, sent only when they change.
    #: A marking names its hexes (``hexes``: labels) or a ring of them (``ring``:
    #: ``{"centre": label, "radius": n}``, the hexes exactly n from centre, found by the page).
    markings = traitlets.Dict().tag(sync=True)
    #: The game's static counter style (side colours, legend, badges): sent once.
    counter_style = traitlets.Dict().tag(sync=True)
    selected = traitlets.Unicode(None, allow_none=True).tag(sync=True)
    overlays = traitlets.Dict().tag(
        sync=True, to_json=overlays_to_json, from_json=overlays_from_json
    )
    #: The click answered by the board changes sent with it (``{"seq", "n"}``), see above.
    _answer = traitlets.Dict().tag(sync=True)
    overlay_visibility = traitlets.Dict(
        {"los": True, "visible": True, "reachable": True, "paths": True, "fires": True}
    ).tag(sync=True)
    show_labels = traitlets.Bool(True).tag(sync=True)
    show_contours = traitlets.Bool(True).tag(sync=True)
    show_legend = traitlets.Bool(True).tag(sync=True)
    #: Zoom to the counters when they are first drawn (a tall map's whole-map scale makes
    #: them too small to read); the toolbar's ⌖ does it at any time, ⤢ shows the whole map.
    fit_units = traitlets.Bool(False).tag(sync=True)
    #: Frame a side's counters (``{"side": name or None for all, "seq": n}``): the page zooms
    #: so that every one of them is in view, none under the toolbar, when ``seq`` changes (and
    #: ◎ does it again); :meth:`frame_side`.
    frame = traitlets.Dict().tag(sync=True)
    #: Keep a counter in view (``{"unit": id, "seq": n, "hexes": [labels], "marks": bool,
    #: "if_seen": bool}``): when ``seq`` changes the page brings the counter and the hexes
    #: (``marks``: the reach and highlight overlays' hexes) into view, none under the
    #: toolbar: the least pan keeping the zoom, zooming out only when they do not fit (all
    #: already there, or with ``if_seen`` a counter out of view: the view stays);
    #: :meth:`follow_unit`.
    follow = traitlets.Dict().tag(sync=True)
    #: A notice over the map, below the toolbar (``{"title", "lines": [...], "kind"}``; empty:
    #: none): drawn as text, the pointer goes through it, nothing on the page moves for it.
    notice = traitlets.Dict().tag(sync=True)
    #: Counters drawn this many times the default size (at most 1.25: a hex holds no more).
    counter_scale = traitlets.Float(1.0, min=0.5, max=1.25).tag(sync=True)
    send_hover = traitlets.Bool(False).tag(sync=True)
    side_colours = traitlets.Dict().tag(sync=True)
    height = traitlets.Unicode("").tag(sync=True)

    def __init__(self, map: Map | None = None, **kwargs: Any) -> None:
        # the counters' wire state (see _units_wire), set before traitlets may call _units_wire
        self._wire_sent: dict[str, dict[str, Any]] | None = None  # id -> counter, as last sent
        self._wire_full = True
        self._wire_rev = 0
        self._wire_order: list[str] = []
        super().__init__(**kwargs)
        self._click_callbacks: list[ClickCallback] = []
        self._hover_callbacks: list[ClickCallback] = []
        self._key_callbacks: list[ClickCallback] = []
        self.map: Map | None = None
        self._label_index: dict[str, int] = {}
        self._badge_codes: set[str] | None = None
        self._wire_rev = 0
        self._wire_sent = None
        self._wire_order = []
        self._wire_full = False
        self.ignored_messages = 0
        self.last_message: dict[str, Any] | None = None
        self._answering: int | None = None  # seq of the browser click being handled
        self._after_answer: list[Callable[[], Any]] = []
        self._answers = 0
        #: ms the page took for its last answer (sent with its next click), None before one
        self.answer_ms: float | None = None
        self.on_msg(self._on_message)
        if map is not None:
            self.set_map(map)

    # --- map --------------------------------------------------------------------------------
    def set_map(self, m: Map, palette: Mapping[str, str] | None = None) -> None:
        """Send the static map (once; units/overlays updates never re-send it)."""
        index = {lab: i for i, lab in enumerate(m.hex_labels)}
        reencode = bool(self.overlays) and index != self._label_index
        self.map = m
        self._label_index = index
        with self.hold_sync():  # one message: the map and, re-encoded for it, the overlays
            self._map = map_payload(m, palette)
            if reencode:
                self._states_to_send.add("overlays")

    def set_style(self, style: CounterStyle) -> None:
        """The game's counter style (side colours, legend rows, extra badges): sent once."""
        self._badge_codes = style.badge_codes()
        self.counter_style = style.to_json()
        self.side_colours = {k: v["colour"] for k, v in self.counter_style["sides"].items()}

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

    def on_key(self, fn: ClickCallback, remove: bool = False) -> None:
        """Call ``fn({"type": "key", "key": "0".."9"})`` when a digit key is pressed on the
        focused board (answered like a click: its board changes go out in one message)."""
        self._register(self._key_callbacks, fn, remove)

    @staticmethod
    def _register(lst: list[ClickCallback], fn: ClickCallback, remove: bool) -> None:
        if remove:
            if fn in lst:
                lst.remove(fn)
        elif fn not in lst:
            lst.append(fn)

    def after_answer(self, fn: Callable[[], Any]) -> None:
        """Run ``fn`` once the board's answer to the browser click being handled is on its way.

        The answer (every board change of the click, one message) is sent when the click's
        callbacks return; ``fn`` runs :func:`after_answer_delay` seconds later, or before the next
        click is handled, whichever comes first.  Outside the handling of a browser click (a
        Python call, :meth:`simulate_click`, no event loop) ``fn`` runs at once."""
        if self._answering is None:
            fn()
        else:
            self._after_answer.append(fn)

    def flush_after_answer(self) -> None:
        """Run the work queued by :meth:`after_answer` now (in order)."""
        while self._after_answer:
            self._after_answer.pop(0)()

    #: The messages a page sends and what each field may be (anything else is ignored).
    #: ``ping`` (``{"type": "ping", "seq"}``) is the board's echo: answered at once with
    #: ``_answer`` alone, through the same comm and the same one-message answer as a click but
    #: without the callbacks (benchmarks/browser.py times a click against it).
    MESSAGE_TYPES = ("click", "hover", "resync", "key", "ping")
    #: The keys a ``key`` message may name (the page sends digits only).
    KEYS = tuple("0123456789")

    # --- counters on the wire -----------------------------------------------------------------
    def get_state(self, key: Any = None, drop_defaults: bool = False) -> dict[str, Any]:
        """The state to send; a full state (``key`` None: a new or reloaded page) holds every
        counter, an update only what changed since the last one sent."""
        self._wire_full = key is None
        try:
            return super().get_state(key, drop_defaults)
        finally:
            self._wire_full = False

    def _units_wire(self, value: list[dict[str, Any]]) -> dict[str, Any]:
        """``units`` as sent: ``{"rev", "full": True, "set": all}`` or ``{"rev", "base",
        "set": changed or new counters, "del": ids gone, "order": ids (if it changed)}`` (an
        empty board always goes full, naming nothing); the
        page applies a change only on top of revision ``base`` (else it asks for a resync)."""
        by_id = {u["id"]: u for u in value}
        order = list(by_id)
        base = self._wire_rev
        self._wire_rev += 1
        out: dict[str, Any] = {"rev": self._wire_rev}
        sent = self._wire_sent
        if self._wire_full or sent is None or not value:
            # an empty board (a hot-seat hand-over) goes as a full empty list: a "del" list
            # would name the counters of the side that just left the screen
            out.update(full=True, set=list(value))
        else:
            out["base"] = base
            out["set"] = [u for uid, u in by_id.items() if sent.get(uid) != u]
            out["del"] = [uid for uid in sent if uid not in by_id]
            if order != self._wire_order:
                out["order"] = order
        self._wire_sent, self._wire_order = by_id, order
        return out

    def send_state(self, key: Any = None) -> None:
        """Send the state (or the traits named by ``key``) to the page: as a state update, or,
        while a browser click (or ping) is being answered, as the one ``answer`` message of
        that click (see the module doc; the same state, in a custom message)."""
        if getattr(self, "_answering", None) is None:  # (None too while __init__ runs)
            super().send_state(key)
            return
        state = self.get_state(key=key)
        if not set(state) <= self._board_traits():
            # a trait of the widget base (layout, style...: widget references the page's
            # widget manager resolves) goes the ordinary way, with the rest of the answer
            super().send_state(key)
            return
        if state:
            state, buffer_paths, buffers = _remove_buffers(state)
            self.send({"type": "answer", "state": state, "buffer_paths": buffer_paths}, buffers)

    @classmethod
    def _board_traits(cls) -> frozenset[str]:
        """The synced traits of the board itself (not of the anywidget / DOM widget base):
        those an ``answer`` message may carry (plain JSON and buffers, set on the page's model
        as they come)."""
        names = cls.__dict__.get("_board_trait_names")
        if names is None:
            names = frozenset(cls.class_trait_names(sync=True)) - frozenset(
                anywidget.AnyWidget.class_trait_names(sync=True)
            )
            cls._board_trait_names = names
        return names

    def _resync(self) -> None:
        """The page missed a change: send every counter again."""
        self._wire_sent = None
        self.send_state("units")

    def _ignore(self, what: str) -> None:
        self.ignored_messages += 1
        warn(self, what)

    def set_state(self, sync_data: Any) -> None:  # type: ignore[override]
        """The page never sets the board's state (it only draws and sends intents): a state
        update from the browser (overlays, units...) is ignored with a warning."""
        keys = sorted(sync_data) if isinstance(sync_data, Mapping) else sync_data
        self._ignore(f"the page may not set the board's state {keys!r:.80}")

    def check_message(self, content: Any) -> dict[str, Any] | None:
        """A browser message as a clean event, or None (logged) when it is malformed.

        ``type`` is "click" or "hover"; ``hex`` None or exactly a label of the map; ``unit``
        and ``occupant`` None or ids (strings; whether the side may name them is the app's
        check); ``shift`` a boolean; ``seq`` an integer."""
        if not isinstance(content, Mapping):
            self._ignore(f"a message is an object, not {type(content).__name__}")
            return None
        kind = content.get("type")
        if kind not in self.MESSAGE_TYPES:
            self._ignore(f"unknown message type {kind!r:.40}")
            return None
        if kind == "resync":
            return {"type": "resync"}
        if kind == "ping":
            seq = content.get("seq")
            if set(content) - {"type", "seq"} or not isinstance(seq, int) or isinstance(seq, bool):
                self._ignore("a ping message holds an integer seq only")
                return None
            return {"type": "ping"}
        ms = content.get("answer_ms")
        if ms is not None and (
            kind not in ("click", "key")
            or not isinstance(ms, (int, float))
            or isinstance(ms, bool)
            or not 0 <= ms <= 60_000
        ):
            self._ignore("answer_ms (a click's or key's) is a number of ms from 0 to 60000")
            return None
        if kind == "key":
            extra = set(content) - {"type", "key", "seq", "answer_ms"}
            key, seq = content.get("key"), content.get("seq")
            if extra or key not in self.KEYS:
                self._ignore(f"a key message holds one key of {''.join(self.KEYS)}: {key!r:.20}")
                return None
            if seq is not None and (not isinstance(seq, int) or isinstance(seq, bool)):
                self._ignore("seq must be an integer")
                return None
            return {"type": "key", "key": key}
        extra = set(content) - {"type", "hex", "unit", "occupant", "shift", "seq", "answer_ms"}
        if extra:
            self._ignore(f"unknown message fields {sorted(map(str, extra))[:5]}")
            return None
        hx, unit, occ = content.get("hex"), content.get("unit"), content.get("occupant")
        if hx is not None and (
            not isinstance(hx, str) or (self.map is not None and hx not in self._label_index)
        ):
            self._ignore(f"hex {hx!r:.40} is not a label of the map")
            return None
        for name, v in (("unit", unit), ("occupant", occ)):
            if v is not None and (not isinstance(v, str) or not v or len(v) > 40):
                self._ignore(f"{name} must be a unit id (string), not {v!r:.40}")
                return None
        if occ is not None and unit is None:
            self._ignore("an occupant is clicked on its vehicle's counter: unit is missing")
            return None
        shift = content.get("shift", False)
        seq = content.get("seq")
        if not isinstance(shift, bool) or (
            seq is not None and (not isinstance(seq, int) or isinstance(seq, bool))
        ):
            self._ignore("shift must be a boolean and seq an integer")
            return None
        return {"type": kind, "hex": hx, "unit": unit, "occupant": occ, "shift": shift}

    def _on_message(self, _widget: Any, content: Any, _buffers: Any = None) -> None:
        event = self.check_message(content)
        if event is None:
            return
        kind = event["type"]
        if kind == "resync":
            self._resync()
            return
        if kind == "ping":  # the echo: the answer of a click that changes nothing
            self._answering = content["seq"]
            try:
                self._answers += 1
                self._answer = {"seq": content["seq"], "n": self._answers}
            finally:
                self._answering = None
            return
        self.last_message = event
        callbacks = {
            "click": self._click_callbacks,
            "hover": self._hover_callbacks,
            "key": self._key_callbacks,
        }.get(kind, [])
        seq = content.get("seq")
        if kind not in ("click", "key") or not isinstance(seq, int) or isinstance(seq, bool):
            for fn in list(callbacks):
                fn(event)
            return
        # A browser click: finish the previous click's deferred work first, then answer this
        # one with a single board message that carries its seq.
        if content.get("answer_ms") is not None:  # the page's time for its last answer
            self.answer_ms = float(content["answer_ms"])
        self.flush_after_answer()
        self._answering = seq
        try:
            with self.hold_sync():
                for fn in list(callbacks):
                    fn(event)
                self._answers += 1  # "n": every answer is a change, even if seq repeats
                self._answer = {"seq": seq, "n": self._answers}
        finally:
            self._answering = None
        if self._after_answer:
            try:
                delay = after_answer_delay(self.answer_ms)
                asyncio.get_running_loop().call_later(delay, self.flush_after_answer)
            except RuntimeError:  # no event loop (not in a kernel): no one to wait for
                self.flush_after_answer()

    def simulate_key(self, key: str) -> None:
        """Act as if the browser had sent a key press (for tests and scripted demos)."""
        self._handle_custom_msg({"type": "key", "key": key}, [])

    def simulate_click(
        self, hex: str | None = None, unit: str | None = None, occupant: str | None = None
    ) -> None:
        """Act as if the browser had sent a click (for tests and scripted demos)."""
        msg = {"type": "click", "hex": hex, "unit": unit, "occupant": occupant}
        self._handle_custom_msg(msg, [])

    # --- dynamic state ------------------------------------------------------------------------
    def set_units(self, units: Iterable[Mapping[str, Any]]) -> None:
        self.units = [dict(u) for u in units]

    def frame_side(self, side: str | None) -> None:
        """Ask the page to frame every counter of ``side`` (None: every counter), now and at
        each ◎ (see the ``frame`` trait)."""
        self.frame = {"side": side, "seq": int((self.frame or {}).get("seq", 0)) + 1}

    def follow_unit(
        self, unit: str, hexes: Iterable[str] = (), marks: bool = False, if_seen: bool = False
    ) -> None:
        """Ask the page to bring ``unit``'s counter and ``hexes`` (with ``marks``: the reach
        and highlighted targets the overlays draw) into view, none of it under the toolbar
        (see the ``follow`` trait): the least pan at this zoom, zooming out only when they do
        not fit; nothing moves if they are in view. ``if_seen``: only if the counter is in
        view now (else the view stays)."""
        fo: dict[str, Any] = {"unit": str(unit), "seq": int((self.follow or {}).get("seq", 0)) + 1}
        if hexes:
            fo["hexes"] = sorted({str(h) for h in hexes})
        if marks:
            fo["marks"] = True
        if if_seen:
            fo["if_seen"] = True
        self.follow = fo

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
