"""MapEditor: draw a map for a game on the board, with the game's sight and movement live.

::

    from . import MapEditor
    ed = MapEditor((12, 10), game=name)   # a registered game; or a Map, a bundled map's name
    ed                                          # paint, hexsides, roads, elevation, places
    ed.save("my_map.hexmap")                    # the text format (or .json); refused with the
                                                # game's error shown if the game would refuse it
    ed.map                                      # the Map drawn so far

Tools (the buttons above the board): *paint* (click or drag over hexes with the chosen terrain),
*hexside* (click near a hexside to toggle the chosen feature), *road* (drag from hex to hex),
*elevation* (click or drag: set the chosen height), *place* (click or drag: add hexes to the
named place, in order; a hex already in it is taken out), *line of sight* (click the observer,
then the target: the line and everything the observer sees), *movement* (click a hex: what one
mover reaches from it in a turn).  Both overlays are recomputed after every edit, so a designer
sees at once what a wood or a slope does.  Undo/redo take back and make again whole edits (a
drag is one).  Every edit is checked by :class:`~hexplay.maps.MapBuilder`; a refused one changes
nothing and its reason is shown.
"""

from __future__ import annotations

import asyncio
import html
import os
from pathlib import Path
from typing import Any

import ipywidgets as W

from ..maps import EditError, Map, MapBuilder, MapError, load_map, save_map
from . import guard as G
from .design import design_reach, game_design, map_problems, reach_rule, sight_like
from .editor_board import EditBoard, IntText, Text

SLOW_DELAY = 0.4
"""Seconds after the last edit before the movement overlay and the game's check of the map
are redone (each builds the game's per-map tables: a second or so for a 30 x 36 map, too slow
to repeat while a designer paints stroke after stroke)."""

#: The tool buttons: (label, board tool).
TOOL_BUTTONS = (
    ("paint", "paint"),
    ("hexside", "hexside"),
    ("road", "road"),
    ("elevation", "elevation"),
    ("place", "place"),
    ("line of sight", "los"),
    ("movement", "reach"),
)


class MapEditor(W.VBox):
    """The map editor (see the module doc).

    ``map_or_size``: a :class:`Map`, a bundled map's name or a map file, or ``(cols, rows)`` for
    a new map of the game's first terrain (with the game's sight rules).  ``game``: a registered
    game (default: the first registered), whose terrain and hexside types the tools offer.
    ``features``: extra hexside feature names to offer (a game without hexside features offers
    none of its own)."""

    def __init__(
        self,
        map_or_size: Map | str | os.PathLike | tuple[int, int] = (12, 10),
        game: str | None = None,
        name: str = "my map",
        board_height: str = "",
        features: tuple[str, ...] = (),
    ) -> None:
        if game is None:
            from ..registry import games

            game = games()[0]
        self.game = game
        self.design = game_design(game)
        self.extra_features = tuple(features)
        self.builder = self._builder_for(map_or_size, name)
        self.observer: str | None = None
        self.target: str | None = None
        self.reach_from: str | None = None
        self.last_error: str | None = None
        self.saved_path: Path | None = None
        self._slow_handle: asyncio.TimerHandle | None = None
        self._sight_map: Map | None = None  # the last map whose sight the overlays used

        self.board = EditBoard(self.builder.build(), height=board_height)
        self.board.on_edit(self._on_edit)
        self.board.on_click(self._on_click)
        d = self.design
        self.tool = G.ToggleButtons(options=[t for t, _ in TOOL_BUTTONS], value="paint")
        self.tool.add_class("hexplay-edit-tools")
        types = list(self.builder.terrain_types)
        # the brush starts on the second type: a new map is all of the first
        self.terrain = G.Dropdown(options=types, value=types[min(1, len(types) - 1)])
        self.terrain.description = "terrain"
        self.feature = G.Dropdown(
            options=list(self.builder.feature_types) or ["(none)"], description="hexside"
        )
        self.height = IntText(value=1, description="height")
        self.place = Text(value=_first_place(self.builder.build()), description="place")
        self.cols = IntText(value=self.builder.cols, description="columns")
        self.rows = IntText(value=self.builder.rows, description="rows")
        self.resize_button = G.Button(description="resize", icon="expand")
        self.undo_button = G.Button(description="undo", icon="undo")
        self.redo_button = G.Button(description="redo", icon="repeat")
        self.path = Text(value=f"{_slug(self.builder.name)}.hexmap", description="file")
        self.save_button = G.Button(description="save", icon="save", button_style="success")
        self.load_button = G.Button(description="load", icon="folder-open")
        self.status = W.HTML()
        self.status.add_class("hexplay-edit-status")
        self.problems = W.HTML()
        self.problems.add_class("hexplay-edit-problems")
        for b in (self.save_button, self.load_button, self.resize_button):
            b.layout.width = "auto"

        self.tool.observe(lambda _c: self._tool_changed(), names="value")
        self.resize_button.on_click(lambda _b: self._guarded(self._resize))
        self.undo_button.on_click(lambda _b: self.undo())
        self.redo_button.on_click(lambda _b: self.redo())
        self.save_button.on_click(lambda _b: self._guarded(lambda: self.save(self.path.value)))
        self.load_button.on_click(lambda _b: self._guarded(lambda: self.load(self.path.value)))

        rows = [
            self.tool,
            W.HBox([self.terrain, self.feature, self.height, self.place]),
            W.HBox([self.cols, self.rows, self.resize_button, self.undo_button, self.redo_button]),
            W.HBox([self.path, self.save_button, self.load_button]),
            self.status,
            self.problems,
        ]
        for box in rows[1:4]:
            for w in box.children:
                if isinstance(w, (W.Text, W.IntText, W.Dropdown)):
                    w.layout.width = "220px"
        help_line = W.HTML(
            f"<small>{html.escape(d.title)}: terrain {', '.join(map(html.escape, d.terrain_types))}"
            f"; movement overlay: {html.escape(reach_rule(game))}</small>"
        )
        super().__init__([*rows[:4], help_line, self.board, *rows[4:]])
        self.add_class("hexplay-map-editor")
        self._guard = G.TreeGuard(self)  # the page's messages checked at every widget
        self._tool_changed()
        self._refresh(redraw=False)

    # --- construction ---------------------------------------------------------------------
    def _builder_for(self, src: Any, name: str) -> MapBuilder:
        d = self.design
        if isinstance(src, tuple) and len(src) == 2:
            cols, rows = src
            sight = d.sight if d.default_map.sight_model is not None else None
            return MapBuilder.blank(
                cols, rows, d.terrain_types, self._features(), name=name, sight_model=sight
            )
        if isinstance(src, (str, os.PathLike)):
            src = load_map(src)
        if not isinstance(src, Map):
            raise EditError(f"MapEditor needs a Map, a map name or file, or (cols, rows): {src!r}")
        return MapBuilder(src, d.terrain_types, self._features())

    def _features(self) -> tuple[str, ...]:
        return (*self.design.feature_types, *self.extra_features)

    # --- reading ----------------------------------------------------------------------------
    @property
    def map(self) -> Map:
        """The map drawn so far (a validated :class:`Map`)."""
        return self.builder.build()

    @property
    def board_tool(self) -> str:
        return dict(TOOL_BUTTONS)[self.tool.value]

    # --- edits from the page ----------------------------------------------------------------
    def _on_edit(self, event: dict[str, Any]) -> None:
        tool = self.board_tool
        if event["type"] == "side":
            if tool == "hexside":
                self._guarded(lambda: self.toggle_hexside(event["hex"], event["dir"]))
            return
        if event["type"] != "stroke":
            return
        hexes = event["hexes"]
        ops = {
            "paint": lambda: self.paint(hexes),
            "road": lambda: self.road(hexes),
            "elevation": lambda: self.set_elevation(hexes),
            "place": lambda: self.add_to_place(hexes),
        }
        if tool in ops:
            self._guarded(ops[tool])

    def _on_click(self, event: dict[str, Any]) -> None:
        hx = event.get("hex")
        if hx is None:
            return
        tool = self.board_tool
        if tool == "los":
            if self.observer is None or self.target is not None:
                self.observer, self.target = hx, None
            else:
                self.target = hx
            self._overlays()
        elif tool == "reach":
            self.reach_from = hx
            self._overlays()

    def _guarded(self, fn: Any) -> Any:
        """Run an edit; a refused one shows its reason (nothing changed)."""
        try:
            out = fn()
        except (EditError, MapError, ValueError) as e:
            self.last_error = str(e)
            self.status.value = f'<span class="hexplay-edit-error">{html.escape(str(e))}</span>'
            return None
        return out

    # --- edits (the Python API; each one is one undo step) ---------------------------------
    def paint(self, hexes: Any, terrain: str | None = None) -> int:
        n = self.builder.paint(hexes, terrain if terrain is not None else self.terrain.value)
        return self._edited(n, f"painted {n} hexes {terrain or self.terrain.value}")

    def toggle_hexside(self, hex: str, direction: int, feature: str | None = None) -> bool:
        f = feature if feature is not None else self.feature.value
        on = self.builder.toggle_hexside((hex, direction), f)
        self._edited(True, f"{'added' if on else 'removed'} {f} on {hex} side {direction}")
        return on

    def road(self, hexes: Any) -> int:
        n = self.builder.road_path(hexes)
        return self._edited(n, f"road changed across {n} hexsides")

    def set_elevation(self, hexes: Any, value: int | None = None) -> int:
        v = value if value is not None else self.height.value
        n = self.builder.set_elevation(hexes, v)
        return self._edited(n, f"elevation {v} on {n} hexes")

    def add_to_place(self, hexes: Any, name: str | None = None) -> int:
        p = name if name is not None else self.place.value
        n = self.builder.toggle_place_hexes(p, hexes)
        return self._edited(n, f"place {p!r}: {len(self.map.places.get(p, ()))} hexes")

    def resize(self, cols: int, rows: int) -> bool:
        done = self.builder.resize(cols, rows)
        return self._edited(done, f"resized to {cols} x {rows}")

    def _resize(self) -> bool:
        return self.resize(self.cols.value, self.rows.value)

    def undo(self) -> bool:
        return self._edited(self.builder.undo(), "undone")

    def redo(self) -> bool:
        return self._edited(self.builder.redo(), "redone")

    def _edited(self, changed: Any, what: str) -> Any:
        self.last_error = None
        self.status.value = html.escape(what if changed else "nothing changed")
        if changed:
            self._refresh()
        return changed

    # --- view -------------------------------------------------------------------------------
    def _refresh(self, redraw: bool = True) -> None:
        """Send the edited map and its line of sight at once (with the edit's answer); the
        slower work (the movement overlay, the game's check of the map: each builds the game's
        tables for the new map) follows :data:`SLOW_DELAY` after the last edit."""
        m = self.builder.build()
        with self.board.hold_sync():
            if redraw:
                self.board.set_map(m)
            self._overlays(slow=False)
        self.undo_button.disabled = not self.builder.can_undo
        self.redo_button.disabled = not self.builder.can_redo
        self.cols.value, self.rows.value = m.cols, m.rows
        guard = getattr(self, "_guard", None)
        if guard is not None:
            guard()
        self._schedule_slow()

    def _schedule_slow(self) -> None:
        if self._slow_handle is not None:
            self._slow_handle.cancel()
            self._slow_handle = None
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no event loop (not in a kernel): no one to wait for
            self.check()
            return
        self.problems.value = '<span class="hexplay-edit-checking">checking the map…</span>'
        self._slow_handle = loop.call_later(SLOW_DELAY, self.check)

    def check(self) -> list[str]:
        """The movement overlay and the game's check of the map, now; returns the problems
        (the game's reasons to refuse the map, [] if it plays on it)."""
        if self._slow_handle is not None:
            self._slow_handle.cancel()
            self._slow_handle = None
        m = self.builder.build()
        self._reach_overlay(m)
        probs = map_problems(self.game, m, full=False)
        title = html.escape(self.design.title)
        self.problems.value = (
            "".join(
                f'<div class="hexplay-edit-error">{title} would refuse this map: '
                f"{html.escape(p)}</div>"
                for p in probs
            )
            if probs
            else f'<span class="hexplay-edit-ok">{title} plays on this map</span>'
        )
        return probs

    def _overlays(self, slow: bool = True) -> None:
        """The LOS overlays on the map as it is now (and the movement overlay with ``slow``)."""
        m = self.builder.build()
        for attr in ("observer", "target", "reach_from"):
            if getattr(self, attr) is not None and not m.contains(getattr(self, attr)):
                setattr(self, attr, None)  # resized away
        sight = self.design.sight_of(m)
        sight_like(m, sight, self._sight_map)  # the line templates of the map before
        self._sight_map = m
        with self.board.hold_sync():
            if self.observer is not None:
                self.board.show_visible(m.visible_from(self.observer, sight))
            else:
                self.board.show_visible(None)
            if self.observer is not None and self.target is not None:
                self.board.show_los(m.los(self.observer, self.target, sight))
            else:
                self.board.set_overlay("los", None)
            if slow or self.reach_from is None:
                self._reach_overlay(m)
            self.board.selected = self.observer or self.reach_from

    def _reach_overlay(self, m: Map) -> None:
        if self.reach_from is not None and m.contains(self.reach_from):
            self.board.show_reachable(design_reach(self.game, m, self.reach_from))
        else:
            self.board.show_reachable(None)

    def show_los(self, observer: str, target: str | None = None) -> None:
        """Show the line of sight from ``observer`` (and to ``target``), kept live."""
        m = self.builder.build()
        self.observer = m.parse_hex(observer, "observer").label
        self.target = None if target is None else m.parse_hex(target, "target").label
        self._overlays()

    def show_reach(self, start: str | None) -> None:
        m = self.builder.build()
        self.reach_from = None if start is None else m.parse_hex(start, "start").label
        self._overlays()

    def los(self):
        """The :class:`~hexplay.sight.LosTrace` shown now (None without observer and target)."""
        if self.observer is None or self.target is None:
            return None
        m = self.builder.build()
        return m.los(self.observer, self.target, self.design.sight_of(m))

    def _tool_changed(self) -> None:
        tool = self.board_tool
        self.board.edit_tool = "" if tool in ("los", "reach") else tool
        for w, on in (
            (self.terrain, tool == "paint"),
            (self.feature, tool == "hexside"),
            (self.height, tool == "elevation"),
            (self.place, tool == "place"),
        ):
            w.layout.display = "" if on else "none"

    # --- files ------------------------------------------------------------------------------
    def save(self, path: str | os.PathLike) -> Path:
        """Write the map (``.hexmap``/``.txt``: text, ``.json``: JSON) after checking that the
        game plays on it and that it reads back equal; else MapError, with the reason shown."""
        m = self.builder.build()
        probs = map_problems(self.game, m)
        if probs:
            raise MapError(f"not saved: {self.design.title} would refuse this map: {probs[0]}")
        p = save_map(m, path)
        back = load_map(p)
        if not back.equals(m):  # (the formats round-trip exactly: this is a guard)
            raise MapError(f"not saved: {p} does not read back as the map drawn")
        self.saved_path = p
        self.last_error = None
        self.status.value = f"saved {html.escape(str(p))}"
        return p

    def load(self, path: str | os.PathLike) -> Map:
        """Replace the draft by a map file (its history starts again)."""
        m = load_map(path)
        b = MapBuilder(m, self.design.terrain_types, self._features())
        self.builder = b
        self.observer = self.target = self.reach_from = None
        self._edited(True, f"loaded {path}")
        self.terrain.options = list(b.terrain_types)
        self.feature.options = list(b.feature_types) or ["(none)"]
        return m

    # --- for tests and scripted demos -------------------------------------------------------
    def simulate_stroke(self, hexes: list[str]) -> None:
        self.board.simulate_edit({"type": "stroke", "hexes": list(hexes)})

    def simulate_side(self, hex: str, direction: int) -> None:
        self.board.simulate_edit({"type": "side", "hex": hex, "dir": direction})


def _first_place(m: Map) -> str:
    return next(iter(m.places), "Route 1")


def _slug(name: str) -> str:
    s = "".join(c if c.isalnum() else "_" for c in name).strip("_")
    return s or "map"
