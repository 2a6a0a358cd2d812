"""The "Off the map" panel: one button per own unit beyond the map edge (SKIRMISH §2, §8).

Escorts may start off the map (their distance beyond the edge is their position label, e.g.
``T-22``), men may get out of a stopped off-map escort and walk toward the board.  Such units
have no hex, so they have no counter to click: this panel lists them, built only from the
viewing side's ``game.view(side)`` (so never an enemy or a hidden unit), and a click on one is
handled by the app exactly like a click on a counter (select it, or name it as the target of
the task being plotted, e.g. the escort a man on foot gets into).

Stable CSS classes: ``hexplay-offmap`` on the panel, ``hexplay-offmap-<ID>`` on each button.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping
from typing import Any

import ipywidgets as W

from hexplay.widgets import guard as G


def _units(view: Mapping[str, Any]) -> dict[str, Mapping[str, Any]]:
    raw = view.get("units") or {}
    items = raw.values() if isinstance(raw, Mapping) else raw
    return {str(u["id"]): u for u in items}


def unit_status(u: Mapping[str, Any]) -> str:
    """A man's condition (fit, W or K) from a view's unit dict: its ``condition`` or
    ``status``, else worked out from ``wounds``."""
    if "condition" in u:
        return str(u["condition"])
    if "status" in u:
        return str(u["status"])
    w = int(u.get("wounds", 0) or 0)
    return "K" if w >= 2 else ("W" if w == 1 else "fit")


def offmap_units_from_view(view: Mapping[str, Any], side: str | None) -> list[dict[str, Any]]:
    """Unit dicts (``hex`` None, ``position`` label) of ``side``'s units off the map.

    ``side=None`` lists every side's (the referee).  Vehicles are those ``side`` controls (or
    owns, when empty), each followed by the living men aboard; then the men on foot off the
    map.  Killed men are left out (they do nothing).  Only what the view contains is used.
    """
    units = _units(view)
    vehicles = {k: u for k, u in units.items() if u.get("kind", "man") != "man"}
    men = {k: u for k, u in units.items() if u.get("kind", "man") == "man"}
    out: list[dict[str, Any]] = []

    def man_entry(mid: str, m: Mapping[str, Any], position: str, veh: str | None) -> dict:
        weapon = m.get("long_gun") if m.get("armed", True) else "pistol"
        d: dict[str, Any] = {
            "id": mid,
            "side": m.get("side", ""),
            "kind": "man",
            "hex": None,
            "position": position,
            "status": unit_status(m),
            "weapon": weapon or "pistol",
            "label": mid,
        }
        if veh:
            d["in_vehicle"] = veh
            if m.get("seat"):
                d["seat"] = m["seat"]
        return d

    for vid in sorted(vehicles):
        v = vehicles[vid]
        if v.get("hex") is not None or v.get("position") is None:
            continue
        # an empty escort (no controller) stays listed for its side: men may get back in
        owner = v.get("controller") or v.get("side")
        if side is not None and owner != side:
            continue
        seats = v.get("seats") or {}
        crew = [(str(s), str(mid)) for s, mid in seats.items() if str(mid) in men]
        crew = [(s, mid) for s, mid in crew if unit_status(men[mid]) != "K"]
        out.append(
            {
                "id": vid,
                "side": owner or "",
                "kind": v.get("kind", "escort"),
                "hex": None,
                "position": str(v["position"]),
                "status": "moving" if v.get("moving") else "stopped",
                "moving": bool(v.get("moving", False)),
                "occupants": [mid for _s, mid in crew],
                "seats": dict(crew),
                "label": vid,
            }
        )
        for s, mid in crew:
            out.append(man_entry(mid, {**men[mid], "seat": s}, str(v["position"]), vid))
    for mid in sorted(men):
        m = men[mid]
        if m.get("hex") is not None or m.get("vehicle") or m.get("position") is None:
            continue
        if side is not None and m.get("side") != side:
            continue
        if unit_status(m) == "K":
            continue
        out.append(man_entry(mid, m, str(m["position"]), None))
    return out


def describe(u: Mapping[str, Any]) -> str:
    """One line for a panel button: id, kind, position, occupants or condition."""
    if u["kind"] != "man":
        crew = ", ".join(f"{m} ({s})" for m, s in _invert(u.get("seats") or {}))
        aboard = f" · aboard: {crew}" if crew else " · empty"
        return f"{u['id']} {u['kind']} {u['position']} {u['status']}{aboard}"
    where = f"in {u['in_vehicle']}" if u.get("in_vehicle") else "on foot"
    return f"{u['id']} man {where} {u['position']} {u['status']}"


def _invert(seats: Mapping[str, str]) -> list[tuple[str, str]]:
    return [(m, s) for s, m in seats.items()]


class OffMapPanel(W.VBox):
    """Buttons for the units beyond the map edge; ``on_click(unit_id)`` is called on a click.

    Buttons are created once per unit id and reused, so a refresh sends only what changed.
    """

    def __init__(self, on_click: Callable[[str], Any] | None = None, **kwargs: Any) -> None:
        self.on_click = on_click
        self.title = W.HTML("<b>Off the map</b>")
        self.list = W.VBox()
        self.units: list[dict[str, Any]] = []
        self._buttons: dict[str, W.Button] = {}
        super().__init__([self.title, self.list], **kwargs)
        self.add_class("hexplay-offmap")
        self.layout.display = "none"

    def _button(self, uid: str) -> W.Button:
        b = self._buttons.get(uid)
        if b is None:
            b = G.Button(layout=W.Layout(width="auto", min_width="240px"))
            b.add_class(f"hexplay-offmap-{uid}")
            b.unit_id = uid  # type: ignore[attr-defined]
            b.on_click(lambda _b, uid=uid: self.click(uid))
            self._buttons[uid] = b
        return b

    def set_units(self, units: list[dict[str, Any]], selected: str | None = None) -> None:
        """Show ``units`` (from :func:`offmap_units_from_view`); highlight ``selected``. The
        button of a unit no longer listed is closed (a hand-over: no live widget keeps the
        last side's units)."""
        self.units = list(units)
        keep = {u["id"] for u in self.units}
        gone = [uid for uid in self._buttons if uid not in keep]
        if gone:
            closing = {self._buttons[uid] for uid in gone}
            self.list.children = tuple(c for c in self.list.children if c not in closing)
            for uid in gone:
                self._buttons.pop(uid).close()
        buttons = []
        for u in self.units:
            b = self._button(u["id"])
            text = describe(u)
            with b.hold_sync():
                b.description = text
                b.tooltip = text
                b.icon = "user" if u["kind"] == "man" else "truck"
                b.button_style = "info" if u["id"] == selected else ""
            buttons.append(b)
        if tuple(buttons) != tuple(self.list.children):
            self.list.children = tuple(buttons)
        self.layout.display = "" if buttons else "none"
        self.title.value = (
            f"<b>Off the map</b> <small>({html.escape(str(len(buttons)))} units)</small>"
        )

    def select(self, unit: str | None) -> None:
        """Highlight ``unit``'s button (none if it is not listed)."""
        for b in self.list.children:
            b.button_style = "info" if b.unit_id == unit else ""  # type: ignore[attr-defined]

    def ids(self) -> list[str]:
        return [u["id"] for u in self.units]

    def click(self, unit: str) -> None:
        """What a click on ``unit``'s button does."""
        if self.on_click is not None:
            self.on_click(unit)
