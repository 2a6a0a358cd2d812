"""Combat odds panel: K/W/miss bars for one attack and a kill-probability heat map.

The numbers come from :mod:`hexplay.games.skirmish.combat` (the tables the resolver uses), so
the panel and the game cannot disagree.  Marks are updated in place under ``hold_sync``; the
figures are built once.  The summary line carries the CSS class ``hexplay-odds-text``.

A panel in a hidden tab (the app calls :meth:`OddsPanel.on_hidden` / :meth:`OddsPanel.on_shown`
as its tab leaves / comes on screen) sends nothing for a weapon change: it remembers the last
one and draws it when shown, the same panel as drawn at once (a selection click's answer no
longer carries three messages for a chart nobody sees).  A panel never told it is hidden (one
shown on its own in a notebook) draws at once.
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

import bqplot as bq
import ipywidgets as W
import numpy as np

from hexplay.widgets import guard as G

from .. import WEAPONS, Posture, probability_grid

OUTCOMES = ("K", "W", "miss")
#: One colour per bar: K dark red, W orange, miss grey.
OUTCOME_COLOURS = ("#8b1a1a", "#f28c28", "#9aa3ad")
#: Colour-bar ticks of the heat map (percent; few enough not to overlap).
HEATMAP_TICKS = (0.0, 0.25, 0.5, 0.75, 1.0)

#: Rows of the heat map: target posture (Table IV terrain × hexes moved this turn).
HEATMAP_POSTURES: tuple[tuple[str, Posture], ...] = (
    ("open, still", Posture("open", 0)),
    ("open, moves 1-3", Posture("open", 2)),
    ("open, moves 4-6", Posture("open", 5)),
    ("open, moves 7-10", Posture("open", 8)),
    ("trees, still", Posture("trees", 0)),
    ("trees, moving", Posture("trees", 2)),
    ("slope, still", Posture("slope", 0)),
    ("slope, moves 1-3", Posture("slope", 2)),
    ("slope, moves 4+", Posture("slope", 5)),
    ("vehicle, still", Posture("vehicle", 0)),
    ("vehicle, moves 4-10", Posture("vehicle", 5)),
    ("vehicle, moves 11+", Posture("vehicle", 12)),
)
HEATMAP_RANGES = np.arange(0, 31)
#: The panel's words with no attack in hand (no bars: a full "miss" bar would read as a result).
IDLE_TEXT = "no attack picked: select one of your men, then click an enemy (or plot a DF)"


@lru_cache(maxsize=32)
def _kill_grid(weapon: str, impaired: bool) -> np.ndarray:
    """P(K) by heat-map posture row × range column (cached: the tables never change)."""
    postures = [Posture(p.terrain, p.hexes_moved, impaired) for _, p in HEATMAP_POSTURES]
    grid = probability_grid(weapon, postures, HEATMAP_RANGES, "K")
    grid.setflags(write=False)
    return grid


def odds_numbers(o: Any) -> dict[str, Any]:
    """Normalise an odds object (``Odds`` dataclass or dict) to plain floats and labels."""
    if o is None:  # no attack: no bars at all (a full "miss" bar would read as a result)
        return {"K": 0.0, "W": 0.0, "miss": 0.0, "attack": None, "defence": None, "ratio": ""}
    get = (
        (lambda k, d=None: o.get(k, d))
        if isinstance(o, Mapping)
        else (lambda k, d=None: getattr(o, k, d))
    )
    k = get("kill", get("K", 0))
    w = get("wound", get("W", 0))
    m = get("miss", None)
    k, w = float(k or 0), float(w or 0)
    possible = get("possible", True) is not False
    # a shot the rules refuse has no bars: its reason says why (a full "miss" would hide it)
    m = float(m) if m is not None else (max(0.0, 1.0 - k - w) if possible else 0.0)
    return {
        "possible": possible,
        "weapon": get("weapon"),
        "K": k,
        "W": w,
        "miss": m,
        "attack": get("attack"),
        "defence": get("defence"),
        "ratio": get("ratio", "") or "",
        "column_label": get("column_label", "") or "",
        "note": get("note", "") or get("reason", "") or "",
    }


class OddsPanel(W.VBox):
    """Bars of P(K), P(W), P(miss) for the attack in hand + a heat map for the weapon."""

    def __init__(self, weapon: str = "rifle", **kwargs: Any) -> None:
        self.x_sc = bq.OrdinalScale(domain=list(OUTCOMES))
        self.y_sc = bq.LinearScale(min=0.0, max=1.0)
        self.bars = bq.Bars(
            x=list(OUTCOMES),
            y=[0.0, 0.0, 0.0],
            scales={"x": self.x_sc, "y": self.y_sc},
            colors=list(OUTCOME_COLOURS),
            # one-dimensional y: bqplot gives each x its own "group", so per-bar colours need
            # "group" ("element" colours the elements *within* a group: all bars one colour)
            color_mode="group",
            tooltip=bq.Tooltip(fields=["x", "y"], formats=["", ".3f"]),
        )
        self.bar_fig = bq.Figure(
            marks=[self.bars],
            axes=[
                bq.Axis(scale=self.x_sc),
                bq.Axis(scale=self.y_sc, side="left", tick_format=".0%"),
            ],
            title="outcome of one attack",
            layout=W.Layout(width="100%", min_width="300px", height="220px"),
            fig_margin={"top": 40, "bottom": 30, "left": 45, "right": 10},
        )
        self.text = W.HTML(value=f"<i>{html.escape(IDLE_TEXT)}</i>")
        self.text.add_class("hexplay-odds-text")
        self.weapon = G.Dropdown(options=list(WEAPONS), value=weapon, description="weapon")
        self.impaired = G.Checkbox(value=False, description="firer wounded / in vehicle")
        self.row_sc = bq.OrdinalScale(reverse=True)
        self.col_sc = bq.OrdinalScale()
        self.col_scale = bq.ColorScale(min=0.0, max=1.0, scheme="Reds")
        self.heat = bq.GridHeatMap(
            color=self._grid(weapon, False),
            row=[label for label, _ in HEATMAP_POSTURES],
            column=[int(r) for r in HEATMAP_RANGES],
            scales={"row": self.row_sc, "column": self.col_sc, "color": self.col_scale},
            null_color="#eeeeee",
            stroke="white",
        )
        self.heat_fig = bq.Figure(
            marks=[self.heat],
            axes=[
                bq.Axis(scale=self.col_sc, label="range (hexes)", num_ticks=8),
                bq.Axis(scale=self.row_sc, side="left"),
                bq.ColorAxis(
                    scale=self.col_scale,
                    side="right",
                    tick_values=list(HEATMAP_TICKS),
                    tick_format=".0%",
                    label="P(kill)",
                ),
            ],
            title=f"P(kill) by range × target posture: {weapon}",
            # room for the title, the range label and the posture names (not clipped in Lab)
            layout=W.Layout(width="100%", min_width="420px", height="400px"),
            fig_margin={"top": 55, "bottom": 60, "left": 140, "right": 95},
        )
        self.default_weapon = weapon
        self._shown = (weapon, False)
        #: On screen (True unless the app said its tab is hidden); a hidden panel's weapon
        #: change waits in ``_stale`` (the (weapon, impaired) to draw when shown).
        self.visible = True
        self._stale: tuple[str, bool] | None = None
        self._setting = False
        self.weapon.observe(self._on_weapon, names="value")
        self.impaired.observe(self._on_weapon, names="value")
        self.current: dict[str, Any] = odds_numbers(None)
        # the figures join the panel when its tab is first shown (:meth:`on_shown`): drawn
        # in a hidden tab, bqplot measures a zero width (console errors, negative rects)
        self.charts = [self.bar_fig, W.HBox([self.weapon, self.impaired]), self.heat_fig]
        super().__init__([self.text], **kwargs)

    def on_shown(self) -> None:
        """The panel's tab is on screen: add the charts (once), draw a weapon change made while
        it was hidden."""
        self.visible = True
        if len(self.children) == 1:
            self.children = (self.text, *self.charts)
        if self._stale is not None:
            weapon, impaired = self._stale
            self._stale = None
            self.set_weapon(weapon, impaired)

    def on_hidden(self) -> None:
        """The panel's tab left the screen: weapon changes wait until :meth:`on_shown`."""
        self.visible = False

    @staticmethod
    def _grid(weapon: str, impaired: bool) -> np.ndarray:
        return _kill_grid(weapon, impaired).copy()

    def _on_weapon(self, _change: Any = None) -> None:
        if not self._setting:
            self._draw(self.weapon.value, self.impaired.value)

    def set_weapon(self, weapon: str, impaired: bool = False) -> None:
        """Redraw the heat map for ``weapon`` (in place; nothing is sent when it is unchanged;
        nothing either while the panel is hidden: it is drawn when shown)."""
        if not self.visible:
            self._stale = (weapon, impaired)
            return
        self._setting = True
        try:
            self.weapon.value = weapon
            self.impaired.value = impaired
        finally:
            self._setting = False
        self._draw(weapon, impaired)

    def _draw(self, weapon: str, impaired: bool) -> None:
        if self._shown == (weapon, impaired):
            return  # already drawn: send nothing
        self._shown = (weapon, impaired)
        with self.heat.hold_sync():
            self.heat.color = self._grid(weapon, impaired)
        self.heat_fig.title = f"P(kill) by range × target posture: {weapon}" + (
            " (firer wounded / in vehicle)" if impaired else ""
        )

    def show(self, odds: Any, title: str = "") -> None:
        """Show one attack's odds (an ``Odds``, a dict with K/W/miss, or None to clear)."""
        n = odds_numbers(odds)
        self.current = n
        with self.bars.hold_sync():
            self.bars.y = [n["K"], n["W"], n["miss"]]
        if odds is None:
            self.text.value = f"<i>{html.escape(title or IDLE_TEXT)}</i>"
            return
        e = html.escape
        parts = [f"<b>{e(title)}</b>"] if title else []
        if not n["possible"]:  # the rules refuse the shot: the reason, by name, not "miss 100%"
            why = n["note"] or "the rules give this shot no chance"
            parts.append(
                f"<span class='hexplay-odds-zero' style='color:#b8322a'><b>no shot</b>: "
                f"{e(str(why))}</span>"
            )
            self.text.value = "<br>".join(parts)
            return
        if n["weapon"]:
            parts.append(f"weapon <b>{e(str(n['weapon']))}</b>")
        if n["attack"] is not None:
            parts.append(
                f"attack <b>{n['attack']}</b> : defence <b>{n['defence']}</b> → "
                f"ratio <b>{e(str(n['ratio']))}</b>"
                + (f" (column {e(str(n['column_label']))})" if n["column_label"] else "")
            )
        parts.append(f"K {n['K']:.0%} · W {n['W']:.0%} · miss {n['miss']:.0%}")
        if n["note"]:
            parts.append(f"<i>{e(str(n['note']))}</i>")
        self.text.value = "<br>".join(parts)

    def blank(self) -> None:
        """Back to the empty panel (a hot-seat hand-over): no pair, no bars, the default
        weapon and its heat map, nothing of the last player's query left (at once, shown or
        hidden: no widget keeps the last player's weapon for the next one's browser)."""
        self.show(None)
        visible, self.visible, self._stale = self.visible, True, None
        try:
            self.set_weapon(self.default_weapon, False)
        finally:
            self.visible = visible

    def bar_values(self) -> Sequence[float]:
        return [float(v) for v in self.bars.y]
