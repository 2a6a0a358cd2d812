"""Inspectors: small widgets that follow a :class:`~.game_app.GameApp` from a cell of their own.

Display the app in one cell and any of these in the cells beside it; each observes the app's
observable state (its traitlets: ``selected_unit``, ``view``, ``order_odds``, ``los_trace``,
``events``, ``hovered``; and the board's overlays) and redraws at every click and turn:

- :class:`OddsInspector`: the attack being built (unit, target, order) and the game's own odds
  panel for it;
- :class:`LosInspector`: the line of sight the board draws (from, to, clear or where blocked);
- :class:`RangesInspector`: the selected unit's observation and movement ranges (the hexes it
  sees, its reach and its targets, as the board marks them);
- :class:`ViewTable`: the side's view as a pandas DataFrame (one row a unit).

Hidden information: every inspector reads only what the app holds for the side at the screen
(its view, the board's overlays, the game's panels): never the game's true state. At a
hot-seat hand-over the app blanks, and so do they. They work for every game through the
protocol and the app's state; none names a game.
"""

from __future__ import annotations

import html
import json
from typing import Any

import ipywidgets as W

__all__ = ["LosInspector", "OddsInspector", "RangesInspector", "ViewTable", "inspectors"]

_HINT = "<i style='color:#666'>{}</i>"


def _rows(pairs: list[tuple[str, Any]]) -> str:
    cells = "".join(
        f"<tr><th style='text-align:left;padding-right:8px'>{html.escape(k)}</th>"
        f"<td>{html.escape(str(v))}</td></tr>"
        for k, v in pairs
    )
    return f"<table class='hexplay-inspector-table'>{cells}</table>"


def _hexes(labels: Any, most: int = 24) -> str:
    hexes = sorted(str(h) for h in (labels or ()))
    more = f" … (+{len(hexes) - most})" if len(hexes) > most else ""
    return ", ".join(hexes[:most]) + more


class _Inspector(W.VBox):
    """A titled panel that redraws from the app's state (:meth:`update`) when it changes."""

    heading = ""
    css = ""
    follows: tuple[str, ...] = ()
    follows_board: tuple[str, ...] = ()

    def __init__(self, app: Any) -> None:
        self.app = app
        self.head = W.HTML(f"<b>{html.escape(self.heading)}</b>")
        self.body = W.HTML()
        super().__init__([self.head, self.body])
        self.add_class("hexplay-inspector")
        self.add_class(self.css)
        if self.follows:
            app.observe(self._changed, names=list(self.follows))
        if self.follows_board:
            app.board.observe(self._changed, names=list(self.follows_board))
        self.update()

    def _changed(self, _change: Any = None) -> None:
        self.update()

    def close(self) -> None:
        """Stop following the app (and close the widget); a second call does nothing more."""
        if getattr(self, "app", None) is not None:
            app, self.app = self.app, None
            if self.follows:
                app.unobserve(self._changed, names=list(self.follows))
            if self.follows_board:
                app.board.unobserve(self._changed, names=list(self.follows_board))
        super().close()

    def update(self) -> None:  # pragma: no cover - each inspector has its own
        raise NotImplementedError

    @property
    def text(self) -> str:
        """The panel's words (its HTML without tags): what a test or a reader checks."""
        import re

        return html.unescape(re.sub(r"<[^>]+>", " ", self.body.value)).strip()


class OddsInspector(_Inspector):
    """The attack being built (the app's ``order_odds``): who, at what, the order; below it the
    game's own odds panel for it (the same widget as the app's tab, shown here too)."""

    heading = "Odds of the order being built"
    css = "hexplay-inspect-odds"
    follows = ("order_odds", "selected_unit")

    def update(self) -> None:
        o = self.app.order_odds
        if not o:
            sel = self.app.selected_unit
            self.body.value = _HINT.format(
                html.escape(f"{sel} selected: click an enemy to see the odds")
                if sel
                else "select a unit, then click an enemy: the odds of the attack appear here"
            )
            self.children = (self.head, self.body)
            return
        self.body.value = _rows(
            [
                ("unit", o.get("unit")),
                ("target", o.get("target")),
                ("order", o.get("order")),
            ]
        )
        panel = self._panel(o.get("panel"))
        self.children = (self.head, self.body) + ((panel,) if panel is not None else ())

    def _panel(self, title: Any) -> W.Widget | None:
        """The app's tab that shows the odds (not the order builder's)."""
        i = self.app.tab_index.get(title) if title not in (None, "Plot") else None
        return None if i is None else self.app.tabs.children[i]


class LosInspector(_Inspector):
    """The line of sight the board draws (the app's ``los_trace``): its ends, whether it is clear,
    the hexes it crosses and where it is blocked. With :meth:`GameApp.follow_hover` on and no
    trace drawn, the map's own trace (terrain only) from the selected unit to the hex under
    the pointer, or else to the target of the last look (the app's ``order_odds``)."""

    heading = "Line of sight"
    css = "hexplay-inspect-los"
    follows = ("los_trace", "hovered", "selected_unit", "order_odds")

    def update(self) -> None:
        d = self.app.los_trace or self._hover_trace()
        if not d:
            self.body.value = _HINT.format(
                "no line of sight drawn: select a unit and click (or shift-click) a hex or enemy"
            )
            return
        blocked = d.get("blocked_at")
        self.body.value = _rows(
            [
                ("from", d.get("from")),
                ("to", d.get("to")),
                ("clear", "yes" if d.get("clear") else "no"),
                ("blocked at", blocked if blocked else "—"),
                ("hexes", _hexes(d.get("hexes"), 40)),
            ]
            + ([("traced", d["traced"])] if d.get("traced") else [])
        )

    def _hover_trace(self) -> dict[str, Any] | None:
        app = self.app
        u = app.units_by_id.get(app.selected_unit or "")
        a, b, to = (u or {}).get("hex"), app.hovered, "the hex under the pointer"
        if b is None and app.order_odds:
            t = app.order_odds.get("target")
            b = (app.units_by_id.get(t) or {}).get("hex", t)
            to = "the target looked at"
        if not isinstance(a, str) or not isinstance(b, str) or a == b:
            return None
        how = "terrain only (the map's sight model)"
        try:
            try:
                t = app.game.map.los(a, b).to_dict()
            except Exception:  # a map with no sight model: the straight line of hexes
                from ..sight import OPEN_SIGHT

                t = app.game.map.los(a, b, OPEN_SIGHT).to_dict()
                how = "the hex line (the map has no sight model)"
        except Exception:
            return None
        blocked = [o.get("where") for o in t.get("blocked_by", [])]
        return {
            "from": a,
            "to": b,
            "clear": bool(t.get("clear")),
            "hexes": t.get("hexes", []),
            "blocked_at": t.get("blocked_at", blocked),
            "traced": f"{how}, to {to}",
        }


class RangesInspector(_Inspector):
    """The selected unit's ranges as the board marks them for the side at the screen: hexes
    in sight (observation), hexes in reach (with the most it may spend) and attack targets."""

    heading = "Observation and movement ranges"
    css = "hexplay-inspect-ranges"
    follows = ("selected_unit",)
    follows_board = ("overlays",)

    def update(self) -> None:
        app = self.app
        sel = app.selected_unit
        u = app.units_by_id.get(sel or "")
        if u is None:
            self.body.value = _HINT.format("select a unit: its ranges appear here")
            return
        ov = app.board.overlays
        seen = ov.get("visible")
        reach = ov.get("reachable")
        pairs: list[tuple[str, Any]] = [("unit", sel), ("at", u.get("hex") or "off the map")]
        pairs.append(("in sight", f"{len(seen)} hexes: {_hexes(seen)}" if seen else "none marked"))
        if reach:
            most = max((float(v) for v in dict(reach).values()), default=0.0)
            pairs.append(("in reach", f"{len(reach)} hexes (up to {most:g}): {_hexes(reach)}"))
        else:
            pairs.append(("in reach", "none marked"))
        pairs.append(("targets", _hexes(ov.get("highlight")) or "none"))
        self.body.value = _rows(pairs)


def _cell(v: Any) -> Any:
    if isinstance(v, (dict, list, tuple)):
        return json.dumps(v, default=str, sort_keys=True)
    return v


class ViewTable(_Inspector):
    """The side's view (the app's ``view``: what the side at the screen knows) as a pandas
    DataFrame, one row a unit (``frame``), shown as a table."""

    heading = "The side's view"
    css = "hexplay-inspect-view"
    follows = ("view",)

    def __init__(self, app: Any, max_rows: int = 60) -> None:
        self.max_rows = max_rows
        self.frame: Any = None
        super().__init__(app)

    def update(self) -> None:
        import pandas as pd

        view = self.app.view or {}
        units = view.get("units") or {}
        rows = [
            {"id": k, **{c: _cell(v) for c, v in dict(u).items()}}
            for k, u in sorted(units.items())
            if isinstance(u, dict)
        ]
        self.frame = pd.DataFrame(rows).set_index("id") if rows else pd.DataFrame()
        if not view:
            self.head.value = f"<b>{html.escape(self.heading)}</b>"
            self.body.value = _HINT.format("hand-over: nothing shown")
            return
        side = view.get("side", "?")
        self.head.value = (
            f"<b>The {html.escape(str(side))}'s view</b>, turn {html.escape(str(view.get('turn')))}"
            f" ({html.escape(str(view.get('phase', '')))}): {len(self.frame)} units"
        )
        self.body.value = (
            "<div style='max-height:320px;overflow:auto;font-size:12px'>"
            + self.frame.to_html(max_rows=self.max_rows, na_rep="")
            + "</div>"
        )


def inspectors(app: Any) -> tuple[OddsInspector, LosInspector, RangesInspector, ViewTable]:
    """One of each inspector following ``app``."""
    return OddsInspector(app), LosInspector(app), RangesInspector(app), ViewTable(app)
