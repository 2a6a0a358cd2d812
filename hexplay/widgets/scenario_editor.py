"""ScenarioEditor: a game's scenario as a form generated from its schema, units placed on the map
by dragging them from a roster, the engine's errors shown live beside the field, and a game
started from it in one click.

::

    from . import ScenarioEditor
    se = ScenarioEditor(game=name, map=map_editor)   # a registered game; a Map, a map name...
    se                                # the form, the roster and the board
    se.place("A1", "0405")            # what a drag does
    se.errors                         # {field: the engine's message} (empty: it plays)
    app = se.start(vs_computer="defender")   # a GameApp on this scenario
    se.save("mine.json")              # the scenario's JSON (and its map file, if not bundled)

The scenario is plain data (what its JSON file holds); the form edits its top-level fields
(booleans as check boxes, whole numbers as number fields, choices as drop-downs, text as text;
lists and objects as JSON text), the roster edits the fields that place units (the game's
scenario kind, found through its plugin record: see :mod:`.scenario_kinds`).  After every
change the scenario is checked by building the game on its map (:meth:`ScenarioKind.check`): a
refused scenario shows the engine's message beside the field it names, and can be neither
started nor saved.
"""

from __future__ import annotations

import asyncio
import html
import json
import os
from pathlib import Path
from typing import Any

import ipywidgets as W

from ..engine import ScenarioError
from ..engine.jsonio import JSONInputError
from ..engine.jsonio import read as read_json
from ..maps import Map, load_map, save_map
from ..maps.io import bundled_maps
from . import guard as G
from .design import game_design
from .editor_board import EditBoard, IntText, Text, Textarea
from .scenario_kinds import ScenarioKind, kind_of

MAP_DELAY = 0.5
"""Seconds after the last edit of a linked map editor before the scenario is checked again on
the new map (the check builds the game's tables for it)."""

#: The placement tools: (button label, board tool).
PLACE_TOOLS = (("place units", "unit"), ("remove units", ""))


class FieldRow(W.HBox):
    """One field of the form: its label, its input and the error beside it."""

    def __init__(self, name: str, spec: dict[str, Any], widget: W.Widget, kind: str) -> None:
        self.name = name
        self.kind = kind  # "bool" | "int" | "choice" | "text" | "json" | "opt-int" | "opt-text"
        self.widget = widget
        self.error = W.HTML()
        self.error.add_class("hexplay-field-error")
        label = W.HTML(f"<b>{html.escape(spec.get('title', name))}</b>")
        label.layout.width = "170px"
        if spec.get("description"):
            widget.tooltip = spec["description"]
        super().__init__([label, widget, self.error])
        self.add_class("hexplay-field")
        self.add_class(f"hexplay-field-{name}")

    def set(self, value: Any) -> None:
        """Show ``value`` (the scenario's) in the input."""
        w = self.widget
        if self.kind == "bool":
            w.value = bool(value)
        elif self.kind == "int":
            w.value = int(value) if isinstance(value, int) else 0
        elif self.kind == "choice":
            w.value = value if value in w.options else w.options[0]
        elif self.kind in ("opt-int", "opt-text") or self.kind == "text":
            w.value = "" if value is None else str(value)
        else:
            w.value = json.dumps(value)

    def get(self) -> Any:
        """The input's value as scenario data; ValueError (shown beside it) if it is not one."""
        w = self.widget
        if self.kind in ("bool", "int", "text"):
            return w.value
        if self.kind == "choice":
            return None if w.value == NONE else w.value
        if self.kind == "opt-text":
            return w.value or None
        if self.kind == "opt-int":
            v = w.value.strip()
            if not v:
                return None
            try:
                return int(v)
            except ValueError:
                raise ValueError(f"a whole number or empty, not {v!r}") from None
        try:
            return json.loads(w.value)
        except json.JSONDecodeError as e:
            raise ValueError(f"not JSON: {e.msg} (column {e.colno})") from None


NONE = "(none)"


def _resolve(spec: dict[str, Any], defs: dict[str, Any]) -> dict[str, Any]:
    ref = spec.get("$ref")
    if ref and ref.startswith("#/$defs/"):
        return {
            **defs.get(ref.split("/")[-1], {}),
            **{k: v for k, v in spec.items() if k != "$ref"},
        }
    return spec


def field_widget(spec: dict[str, Any], defs: dict[str, Any]) -> tuple[W.Widget, str]:
    """The input for one schema property and how its value is read (see :class:`FieldRow`)."""
    spec = _resolve(spec, defs)
    types = [spec] if "anyOf" not in spec else [_resolve(s, defs) for s in spec["anyOf"]]
    nullable = any(t.get("type") == "null" for t in types)
    simple = [t for t in types if t.get("type") != "null"]
    t = simple[0] if len(simple) == 1 else {}
    enum = t.get("enum") or ([t["const"]] if "const" in t else None)
    if enum and all(isinstance(x, str) for x in enum):
        return G.Dropdown(options=[*([NONE] if nullable else []), *enum]), "choice"
    kind = t.get("type")
    if kind == "boolean" and not nullable:
        return G.Checkbox(indent=False), "bool"
    if kind == "integer":
        return (Text(placeholder="none"), "opt-int") if nullable else (IntText(), "int")
    if kind == "string":
        return (Text(placeholder="none"), "opt-text") if nullable else (Text(), "text")
    area = Textarea(rows=2)
    area.layout.width = "420px"
    return area, "json"


class ScenarioEditor(W.VBox):
    """The scenario editor (see the module doc).

    ``game``: a registered game.  ``map``: the map to play on (a :class:`Map`, a
    :class:`~hexplay.widgets.MapEditor` whose map is read at each check, a map name or file;
    None: the scenario's own).  ``scenario``: a named scenario of the game or scenario data
    (default: the game's first named one).
    """

    def __init__(
        self,
        game: str,
        map: Any = None,
        scenario: str | dict[str, Any] | None = None,
        board_height: str = "",
    ) -> None:
        self.game = game
        self.kind: ScenarioKind = kind_of(game)
        self.design = game_design(game)
        self._map_src = map if not isinstance(map, (str, os.PathLike)) else load_map(map)
        if isinstance(scenario, str):
            data = self.kind.named(scenario)
        elif isinstance(scenario, dict):
            data = dict(scenario)
        else:
            data = self.kind.default()
        self.data: dict[str, Any] = data
        self.errors: dict[str, str] = {}
        self.app: Any = None
        self.saved_path: Path | None = None
        self._filling = False

        schema = self.kind.schema()
        defs = schema.get("$defs", {})
        self.rows: dict[str, FieldRow] = {}
        for name, spec in schema.get("properties", {}).items():
            widget, how = field_widget(spec, defs)
            row = FieldRow(name, _resolve(spec, defs), widget, how)
            widget.observe(lambda _c, n=name: self._field_changed(n), names="value")
            self.rows[name] = row
        self.form = W.VBox(list(self.rows.values()))
        self.form.add_class("hexplay-scenario-form")

        names = self.kind.entry.scenario_names()
        self.named = G.Dropdown(options=names or [NONE], description="scenario")
        if isinstance(scenario, str) and scenario in names:
            self.named.value = scenario
        self.named.observe(lambda c: self.use_named(c["new"]), names="value")
        self.tool = G.ToggleButtons(options=[t for t, _ in PLACE_TOOLS], value="place units")
        self.tool.observe(lambda _c: self._tool_changed(), names="value")
        self.board = EditBoard(self.map, height=board_height)
        self.board.on_edit(self._on_edit)
        self.board.on_click(self._on_click)
        self.general = W.HTML()
        self.general.add_class("hexplay-scenario-status")
        self.seed = IntText(value=0, description="seed")
        self.opponent = G.Dropdown(
            options=["(two players)", *self.design.sides], description="computer"
        )
        self.start_button = G.Button(description="start game", icon="play", button_style="success")
        self.start_button.add_class("hexplay-start-game")
        self.path = Text(value=f"{game}_scenario.json", description="file")
        self.save_button = G.Button(description="save", icon="save")
        self.load_button = G.Button(description="load", icon="folder-open")
        for b in (self.start_button, self.save_button, self.load_button):
            b.layout.width = "auto"
        self.game_box = W.VBox()
        self.game_box.add_class("hexplay-scenario-game")
        self.start_button.on_click(lambda _b: self._guarded(self.start))
        self.save_button.on_click(lambda _b: self._guarded(lambda: self.save(self.path.value)))
        self.load_button.on_click(lambda _b: self._guarded(lambda: self.load(self.path.value)))
        note = W.HTML(f"<small>{html.escape(self.kind.roster_note)}</small>")
        left = W.VBox([W.HBox([self.named, self.tool]), note, self.board])
        left.layout.width = "55%"
        right = W.VBox(
            [
                self.general,
                W.HBox([self.seed, self.opponent, self.start_button]),
                W.HBox([self.path, self.save_button, self.load_button]),
                self.form,
            ]
        )
        right.layout.width = "45%"
        super().__init__([W.HBox([left, right]), self.game_box])
        self.add_class("hexplay-scenario-editor")
        self._guard = G.TreeGuard(self)  # the page's messages checked at every widget
        self._tool_changed()
        self._fill()
        self.refresh()
        self._map_handle: asyncio.TimerHandle | None = None
        board = getattr(self._map_src, "board", None)
        if isinstance(board, EditBoard):  # a MapEditor: check again after its edits
            board.observe(lambda _c: self._map_edited(), names="_map")

    def _map_edited(self) -> None:
        """The map editor's map changed: check the scenario on it once the edits pause."""
        if self._map_handle is not None:
            self._map_handle.cancel()
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no event loop (not in a kernel): at once
            self.refresh()
            return
        self._map_handle = loop.call_later(MAP_DELAY, self.refresh)

    # --- the map --------------------------------------------------------------------------
    @property
    def map(self) -> Map:
        """The map the scenario plays on now."""
        src = self._map_src
        if src is None:
            return self.kind.map_of(self.data, None)
        return src if isinstance(src, Map) else src.map  # a MapEditor: its map as it is now

    def _given_map(self) -> Map | None:
        return None if self._map_src is None else self.map

    # --- changes ------------------------------------------------------------------------------
    def use_named(self, name: str) -> None:
        """Start again from one of the game's named scenarios."""
        if name == NONE:
            return
        self.data = self.kind.named(name)
        self._fill()
        self.refresh()

    def set_field(self, name: str, value: Any) -> None:
        """Set a top-level field (what typing in the form does) and check again."""
        self.data = dict(self.data, **{name: value})
        self._fill([name])
        self.refresh()

    def _field_changed(self, name: str) -> None:
        if self._filling:
            return
        row = self.rows[name]
        try:
            value = row.get()
        except ValueError as e:
            row.error.value = _err(str(e))
            self.errors[name] = str(e)
            self._show_general()
            return
        self.data = dict(self.data, **{name: value})
        self.refresh()

    def place(self, unit: str, hex: str) -> None:
        """Put roster unit ``unit`` at ``hex`` (what a drop does)."""
        m = self.map
        label = m.parse_hex(hex, "hex").label
        self.data = self.kind.place(self.data, m, unit, label)
        self._fill()
        self.refresh()

    def remove(self, unit: str) -> None:
        self.data = self.kind.remove(self.data, unit)
        self._fill()
        self.refresh()

    def _on_edit(self, event: dict[str, Any]) -> None:
        if event["type"] == "drop":
            self._guarded(lambda: self.place(event["unit"], event["hex"]))

    def _on_click(self, event: dict[str, Any]) -> None:
        unit = event.get("unit")
        if dict(PLACE_TOOLS)[self.tool.value] == "" and unit:
            ids = {r["id"] for r in self.kind.roster(self.data)}
            if unit in ids:
                self._guarded(lambda: self.remove(unit))

    def _tool_changed(self) -> None:
        self.board.edit_tool = dict(PLACE_TOOLS)[self.tool.value]

    def _guarded(self, fn: Any) -> Any:
        try:
            return fn()
        except (ScenarioError, ValueError) as e:
            self.general.value = _err(str(e))
            return None

    # --- the view -----------------------------------------------------------------------------
    def _fill(self, only: list[str] | None = None) -> None:
        """Show the scenario's values in the form (without treating that as typing)."""
        self._filling = True
        try:
            for name, row in self.rows.items():
                if (only is None or name in only) and name in self.data:
                    row.set(self.data[name])
        finally:
            self._filling = False

    def refresh(self, full: bool = False) -> None:
        """Check the scenario (the engine's errors beside their fields) and redraw the board;
        ``full``: also save and reload a game of it (see :meth:`ScenarioKind.check`)."""
        self.errors = {}
        try:
            m = self.map
        except ScenarioError as e:
            self.errors[_top(e.field)] = e.message
            m = None
        if m is not None:
            try:
                self.kind.check(self.data, self._given_map(), full=full)
            except ScenarioError as e:
                self.errors[_top(e.field)] = e.message
        for name, row in self.rows.items():
            row.error.value = _err(self.errors[name]) if name in self.errors else ""
        self._show_general()
        if m is not None:
            with self.board.hold_sync():
                if self.board.map is None or not self.board.map.equals(m):
                    self.board.set_map(m)
                self.board.roster = self._roster_on(m)
                self.board.set_units(
                    [c for c in self.kind.counters(self.data) if m.contains(c.get("hex"))]
                )
                marks = [h for h in self.kind.highlight(self.data) or () if m.contains(h)]
                self.board.set_overlay("highlight", marks or None)
        self._guard()

    def _roster_on(self, m: Map) -> list[dict[str, Any]]:
        return [
            {
                "id": r["id"],
                "label": r["label"],
                "side": r["side"],
                "placed": bool(r.get("hex")),
                "hex": r["hex"] if m.contains(r.get("hex")) else None,
            }
            for r in self.kind.roster(self.data)
        ]

    def _show_general(self) -> None:
        ok = not self.errors
        self.start_button.disabled = not ok
        self.save_button.disabled = not ok
        if ok:
            self.general.value = (
                f'<span class="hexplay-edit-ok">{html.escape(self.design.title)} accepts this '
                "scenario</span>"
            )
        else:
            lines = [
                f"<div><b>{html.escape(k)}</b>: {html.escape(v)}</div>"
                for k, v in self.errors.items()
            ]
            self.general.value = '<div class="hexplay-edit-error">' + "".join(lines) + "</div>"

    # --- play and files -----------------------------------------------------------------------
    def new_game(self, seed: int | None = None) -> Any:
        """A new game of the scenario (ScenarioError if the engine refuses it)."""
        self.refresh(full=True)
        if self.errors:
            field, msg = next(iter(self.errors.items()))
            raise ScenarioError(field, msg)
        return self.kind.new_game(
            self.data, self._given_map(), self.seed.value if seed is None else seed
        )

    def start(self, vs_computer: str | None = None, seed: int | None = None) -> Any:
        """Start a :class:`~hexplay.widgets.GameApp` on the scenario (shown below the editor)."""
        from .game_app import GameApp

        comp = vs_computer
        if comp is None and self.opponent.value in self.design.sides:
            comp = self.opponent.value
        seed = self.seed.value if seed is None else seed
        self.app = GameApp(self.new_game(seed), vs_computer=comp, seed=seed)
        self.game_box.children = (self.app,)
        self._guard()
        name = html.escape(str(self.data.get("name", self.game)))
        self.general.value = f'<span class="hexplay-edit-ok">game started: {name}</span>'
        return self.app

    def save(self, path: str | os.PathLike) -> Path:
        """Write the scenario's JSON (after the engine's check) and, when the map is not a
        bundled one, the map beside it (``<name>.hexmap``, named in the scenario's ``map``)."""
        self.refresh(full=True)
        if self.errors:
            field, msg = next(iter(self.errors.items()))
            raise ScenarioError(field, f"not saved: {msg}")
        p = Path(path)
        data = dict(self.data)
        given = self._given_map()
        if given is not None:
            bundled = given.name in bundled_maps() and given.equals(load_map(given.name))
            ref = given.name if bundled else str(p.with_suffix(".hexmap"))
            if not bundled:
                save_map(given, ref)
            data = self.kind.with_map(data, given, ref)
        p.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        self.saved_path = p
        self.general.value = f"saved {html.escape(str(p))}"
        return p

    def load(self, path: str | os.PathLike) -> dict[str, Any]:
        """Read a scenario file (strict JSON); its map is the one it names."""
        try:
            data = read_json(path)
        except JSONInputError as e:
            raise ScenarioError("<root>", str(e)) from None
        if not isinstance(data, dict):
            raise ScenarioError("<root>", "a scenario is a JSON object")
        self.data = data
        self._map_src = None
        self._fill()
        self.refresh()
        return data

    # --- for tests and scripted demos ---------------------------------------------------------
    def simulate_drop(self, unit: str, hex: str) -> None:
        self.board.simulate_edit({"type": "drop", "unit": unit, "hex": hex})


def _top(field: str) -> str:
    """The top-level field of an error's field path (``ships.3.hex`` -> ``ships``)."""
    return str(field).split(".")[0].split("[")[0] or "<root>"


def _err(msg: str) -> str:
    return f'<span class="hexplay-edit-error">{html.escape(msg)}</span>'
