"""The naval night action's UI adapter for :class:`~.game_app.GameApp` (``game="naval"``).

What is the naval game's own in the app:

- **counters**: a ship hull pointing along its facing with its speed, class type and figures
  (gunnery-torpedo), torpedo salvos left, hit badges (P, W, PW), a spotted badge, reloading /
  troops / supply / dead-in-the-water marks; only the ships of the side's view (an unspotted
  enemy ship is not in it, so it has no counter). Land is the map's own terrain.
- **plotting by clicks**: with one of your ships selected, a click on a sea hex within its
  points plots the cheapest path to it from where the plot now ends (one ``move`` order; the
  engine adds the turns); the hexes within reach are shaded with their movement-point cost,
  the gun, torpedo and spotting ranges drawn as rings around the plot's end, and the Ship
  panel says the path, the points spent and left and the final speed/facing. The
  order builder (``ahead``, ``turn``, ``facing``, ``speed``, ``gunnery``, ``torpedo``...) offers
  every other order from ``legal_orders``; gunnery and torpedo targets are named by clicking
  an enemy ship.
- **panels**: Ship (above the tabs: the selected ship, its ranges and plot), Attack (the
  exact distribution of the planned gunnery or torpedo attack on the enemy ship clicked: CRT
  column, P/W/PW/miss, for torpedoes TEV, hits and the Hit Chart outcomes up to sunk),
  Spotting (the range and who is spotted and why), Victory (points, ratio, level) and Charts
  (the side's own plot chart; both once the game is over). The shell's replay slider replays
  a finished game turn by turn.

Everything shown comes from the viewing side's view or from engine queries that answer for
that side only (``plotted`` of its own ships, ``attack_odds`` on its spotted targets,
``plot_chart``/``events_seen`` for the side): nothing the side may not know is computed here.
"""

from __future__ import annotations

import contextlib
import html
from collections.abc import Mapping, Sequence
from dataclasses import replace
from fractions import Fraction
from typing import Any

import ipywidgets as W

from hexplay.engine.protocol import LegalOrder, Need, Order
from hexplay.widgets import guard as G
from hexplay.widgets.adapter import REFEREE, GameUI, OrderController
from hexplay.widgets.counters import Badge, CounterStyle, SideStyle
from hexplay.widgets.log import table_html

from .odds_words import why_cannot, zero_html, zero_reasons

#: Facing names by index (the engine's ``FACINGS``: n ne se s sw nw, clockwise from up).
FACINGS = ("n", "ne", "se", "s", "sw", "nw")

SIDE_STYLES = (
    SideStyle("ijn", "#b8322a", "IJN (Imperial Japanese Navy)"),
    SideStyle("usn", "#2f5fa8", "USN (US Navy)"),
)

#: The naval game's own badges (besides the shared P, Wpn, PW and spotted).
NAVAL_BADGES: dict[str, Badge] = {
    b.code: b
    for b in (
        Badge("reload", "R", "#16a085", "torpedo tubes reloading"),
        Badge("troops", "t", "#6d4c41", "troops on deck (t)"),
        Badge("supply", "s", "#6d4c41", "supply destroyer (s)"),
        Badge("DIW", "0", "#222222", "dead in the water"),
    )
}

#: Colours of the range rings drawn around the selected ship.
RING_COLOURS = {
    "gun": "#c0392b",
    "gun extended": "#e59866",
    "torpedo": "#1f618d",
    "spotting": "#b7950b",
    "radar": "#7d3c98",
}

#: The builder's titles of the engine's order kinds.
ORDER_TITLES = {
    "gunnery": "gunnery attack (click a spotted enemy ship)",
    "radar": "fire-control radar: the nearest enemy within range",
    "torpedo": "torpedo attack (click an enemy ship spotted under (b))",
    "ahead": "ahead one hex (1 MP)",
    "turn": "turn one hexside in this hex",
    "facing": "turn in this hex to a facing",
    "move": "click the hexes to enter (turns are added)",
    "speed": "final speed",
}


def pct(p: Fraction | float) -> str:
    """A probability as a fraction and a percentage, e.g. ``1/3 (33.3%)``."""
    f = Fraction(p).limit_denominator(10**6)
    return f"{f} ({float(f) * 100:.1f}%)"


def ship_counter(sid: str, u: Mapping[str, Any], turn: int) -> dict[str, Any]:
    """The counter of one ship entry of a naval view (see :mod:`hexplay.games.naval.views`)
    at game-turn ``turn``."""
    badges: list[str] = []
    p, w = int(u.get("p_hits") or 0), int(u.get("w_hits") or 0)
    if p and w:
        badges.append("PW")
    elif p:
        badges.append("P")
    elif w:
        badges.append("Wpn")
    if u.get("spotted"):
        badges.append("spotted")
    salvos = int(u.get("salvos") or 0)
    torpedo = int(u.get("torpedo") or 0)
    if torpedo and salvos and int(u.get("torpedo_ready") or 0) > turn:
        badges.append("reload")
    if u.get("troops"):
        badges.append("troops")
    if u.get("supply"):
        badges.append("supply")
    speed = int(u.get("speed") or 0)
    if speed == 0:
        badges.append("DIW")
    # upper left: the type and, with tubes, the salvos left ("DD T2"); the upper right is the
    # badges' (hits, spotted...); lower left gunnery-torpedo; lower right the speed (the board's)
    kind = str(u.get("type", ""))[:3]
    corners = {
        "tl": f"{kind} T{salvos}" if torpedo else kind,
        "bl": f"{u.get('gunnery', 0)}-{torpedo}",
    }
    why = u.get("spotted_why") or ""
    tip = (
        f"{sid} {u.get('class', '')} {u.get('code', '')}: speed {speed}/{u.get('top_speed')}, "
        f"facing {u.get('facing')}, gunnery {u.get('gunnery')}, torpedo {torpedo} "
        f"({salvos} salvo{'s' if salvos != 1 else ''}), defense {u.get('defense')}, "
        f"hits P{p} W{w}; {why}"
    )
    return {
        "id": sid,
        "side": str(u.get("side", "")),
        "hex": u.get("hex"),
        "kind": "ship",
        "glyph": {"kind": "ship"},
        "label": sid,
        "facing": FACINGS.index(u["facing"]) if u.get("facing") in FACINGS else 0,
        "speed": speed,
        "corners": corners,
        "badges": badges,
        "tip": tip[:200],
    }


def counters_from_view(view: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Board counters of every ship on the map in a naval view (only what the view holds)."""
    turn = int(view.get("turn") or 0)
    return [
        ship_counter(str(sid), u, turn)
        for sid, u in (view.get("units") or {}).items()
        if u.get("hex") is not None  # not sunk, not off the map, arrived
    ]


def steps_text(steps: str, hexes: list[str]) -> str:
    """Plotted steps with the hexes they enter: ``A 3617 · R · A 3517``."""
    out, k = [], 0
    for st in steps:
        if st == "A":
            out.append(f"A {hexes[k] if k < len(hexes) else 'off map'}")
            k += 1
        else:
            out.append({"L": "turn L", "R": "turn R"}.get(st, st))
    return " · ".join(out)


class NavalController(OrderController):
    """The order builder's link to a NavalGame: the engine's orders, with the final speed
    offered as a menu (the builder's number field starts at 1; a ship may plot speed 0)."""

    def legal_orders(self, unit: str) -> list[LegalOrder]:
        out = []
        for lo in self.engine_legal_orders(unit):
            needs = lo.needs
            if lo.kind == "speed":
                n = needs[0]
                needs = (Need(n.name, "choice", tuple(str(o) for o in n.options), "final speed"),)
            out.append(replace(lo, needs=needs, label=ORDER_TITLES.get(lo.kind, lo.label)))
        return out

    def order(self, order: Order) -> None:
        args = dict(order.args)
        if order.kind == "speed" and isinstance(args.get("speed"), str):
            with contextlib.suppress(ValueError):  # else the engine names the rule
                args["speed"] = int(args["speed"])
        self.app.game.order(Order(order.side, order.kind, order.unit, args))

    def _plotted(self, unit: str) -> dict[str, Any] | None:
        return self.app.ui.own_plot(unit)  # type: ignore[attr-defined]

    def plotted(self, unit: str) -> list[str]:
        p = self._plotted(unit)
        if not p:
            return []
        out = []
        if p.get("gunnery"):
            out.append(f"G {p['gunnery']}")
        if p.get("radar"):
            out.append("G* radar")
        if p.get("torpedo"):
            out.append(f"T {p['torpedo']}")
        if p.get("steps"):
            out.append(steps_text(p["steps"], p.get("hexes") or []))
        if p.get("speed") is not None:
            out.append(f"final {p['final']}")
        return out


class NavalUI(GameUI):
    """The naval game's counters, panels and clicks (see the module doc)."""

    title = "Naval night action"
    controller_class = NavalController

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.ship_panel = self._html("hexplay-naval-ship", "300px")
        self.attack_panel = self._html("hexplay-naval-attack")
        self.spotting_panel = self._html("hexplay-naval-spotting")
        self.victory_panel = self._html("hexplay-naval-victory")
        self.charts_panel = self._html("hexplay-naval-charts")
        self.attack_buttons: dict[str, W.Button] = {}
        for kind in ("gunnery", "torpedo"):
            b = G.Button(description=f"plot {kind}", layout=W.Layout(width="auto"))
            b.add_class(f"hexplay-naval-plot-{kind}")
            b.on_click(lambda _b, kind=kind: self.plot_attack(kind))
            b.layout.display = "none"
            self.attack_buttons[kind] = b
        self.attack_box = W.VBox([self.attack_panel, W.HBox(list(self.attack_buttons.values()))])
        self.message = ""
        #: The last attack shown: {"firer", "target", "gunnery": odds | None, "torpedo": ...}
        self.odds_shown: dict[str, Any] = {}
        self._rings: dict[tuple[Any, ...], list[str]] = {}

    # --- the game -------------------------------------------------------------------------------
    @classmethod
    def new_game(cls, seed: int = 0) -> Any:
        from ..game import NavalGame

        return NavalGame.new("kula_gulf", seed=seed)

    def reset(self) -> None:
        self.odds_shown = {}
        self.message = ""

    def turn_limit(self) -> int | None:
        return int(self.app.game.scenario.turns)

    # --- the board ------------------------------------------------------------------------------
    @property
    def style(self) -> CounterStyle:
        radar = bool(getattr(self.app.game.scenario, "usn_radar", False))
        legend = tuple((c, f"{k} range") for k, c in RING_COLOURS.items() if k != "radar" or radar)
        return CounterStyle(SIDE_STYLES, NAVAL_BADGES, legend)

    def counters(self, view: Mapping[str, Any], side: str) -> list[dict[str, Any]]:
        return counters_from_view(view)

    def status(self, view: Mapping[str, Any]) -> str:
        vp = view.get("vp") or {}
        if not vp:
            return ""
        return (
            f"{view.get('scenario', '')} · VP IJN {vp.get('ijn', 0)} – USN {vp.get('usn', 0)} · "
            f"{view.get('level', '')} · spotting {view.get('spotting_range', '')}"
        )

    def overlays(self, view: Mapping[str, Any], side: str) -> dict[str, Any]:
        """The side's plotted paths and attacks; the selected ship's reach and range rings."""
        by_id = self.app.units_by_id
        paths, fires = [], []
        for sd, plots in (view.get("plots") or {}).items():
            for sid, p in plots.items():
                start = (by_id.get(sid) or {}).get("hex")
                if start is None:
                    continue
                hexes = [start, *(p.get("hexes") or [])]
                if len(hexes) > 1:
                    paths.append({"unit": sid, "side": sd, "hexes": hexes})
                end = hexes[-1]
                for kind, code in (("gunnery", "G"), ("torpedo", "T")):
                    t = p.get(kind)
                    if t and t in by_id and by_id[t].get("hex"):
                        fires.append(
                            {
                                "unit": sid,
                                "side": sd,
                                "from": end,
                                "to": by_id[t]["hex"],
                                "target": t,
                                "label": code,
                            }
                        )
        ov: dict[str, Any] = {"paths": paths, "fires": fires}
        unit = self.app.selected_unit
        if unit is not None and unit in by_id:
            ov.update(self._selection(unit, view))
        return ov

    def select(self, unit: str) -> dict[str, Any]:
        """The selected ship's reach (a selection overlay) and its range rings (``markings``:
        the shell puts them on the board in the same answer to the click)."""
        return self._selection(unit, self.app.view)

    def _selection(self, unit: str, view: Mapping[str, Any]) -> dict[str, Any]:
        """Reachable hexes (MP cost from the plot's end) and range rings of ``unit``."""
        u = self.app.units_by_id.get(unit)
        if u is None or u.get("hex") is None:
            return {}
        ov: dict[str, Any] = {"reachable": self.reachable(unit)}
        entry = (view.get("units") or {}).get(unit) or {}
        rings = []
        gun = entry.get("gun_range") or []
        torp = entry.get("torpedo_range") or []
        radii = []
        if len(gun) == 2:
            radii += [("gun", gun[0]), ("gun extended", gun[1])]
        if len(torp) == 2 and torp[1]:
            radii.append(("torpedo", torp[1]))
        if view.get("spotting_range"):
            radii.append(("spotting", int(view["spotting_range"])))
        rules = view.get("rules") or {}
        if rules.get("usn_radar") and entry.get("side") == "usn":
            radii.append(("radar", int(rules.get("radar_range") or 0)))
        centre = self._plot_end(unit) or u["hex"]
        for name, r in radii:
            hexes = self.ring(centre, int(r))
            if hexes:
                rings.append(
                    {
                        "name": f"{name} range {r}",
                        "hexes": hexes,
                        "colour": RING_COLOURS[name],
                        "style": "outline",
                    }
                )
        ov["markings"] = rings
        return ov

    def ring(self, centre: str, radius: int) -> list[str]:
        """Hexes of the map exactly ``radius`` from ``centre`` (cached per centre and radius)."""
        key = (id(self.app.game.map), centre, radius)
        hit = self._rings.get(key)
        if hit is None:
            if len(self._rings) > 2048:
                self._rings.clear()
            m = self.app.game.map
            c = m.hex(centre)
            hit = self._rings[key] = [
                lab for h, lab in zip(m.hexes, m.hex_labels) if c.distance(h) == radius
            ]
        return list(hit)

    def own_plot(self, unit: str) -> dict[str, Any] | None:
        """The plot of ``unit`` if it is a ship of the side at the screen (the view's ``plots``
        entry: the orders and the engine's ``plotted`` figures), else None."""
        app = self.app
        u = app.units_by_id.get(unit)
        if u is None or u.get("side") != app.plotting_side:
            return None
        return (app.view.get("plots") or {}).get(app.plotting_side, {}).get(unit)

    def _plot_end(self, unit: str) -> str | None:
        p = self.own_plot(unit)
        return None if not p else p.get("end")

    def reachable(self, unit: str) -> dict[str, float]:
        """Hexes ``unit`` can enter with the points its plot leaves, each with the fewest
        movement points from the plot's end (the game's reach query)."""
        return {h: float(c) for h, (c, _p) in self.reach_table(unit).items()}

    def reach_table(self, unit: str) -> dict[str, tuple[int, tuple[str, ...]]]:
        """Hex -> (fewest MP, the hexes entered on the way): the game's reach query for the
        side's ship ``unit`` (every hex on the way too, so a click on any of them plots)."""
        app = self.app
        u = app.units_by_id.get(unit)
        if u is None or u.get("side") != app.plotting_side or app.over:
            return {}
        r = app.builder.controller.reach(unit)
        return {h: (e["cost"], tuple(e["path"])) for h, e in r.items()}

    def _legal(self, unit: str, kind: str) -> LegalOrder | None:
        ctl = self.app.builder.controller
        try:
            los = ctl.engine_legal_orders(unit)
        except Exception:
            return None
        return next((lo for lo in los if lo.kind == kind), None)

    # --- panels ---------------------------------------------------------------------------------
    @staticmethod
    def _html(cls: str, max_height: str = "520px") -> W.HTML:
        h = W.HTML(layout=W.Layout(max_height=max_height, overflow="auto"))
        h.add_class(cls)
        return h

    def panels(self) -> list[tuple[str | None, W.Widget]]:
        return [
            ("Attack", self.attack_box),
            ("Spotting", self.spotting_panel),
            ("Victory", self.victory_panel),
            ("Charts", self.charts_panel),
            (None, self.ship_panel),  # above the tabs: the selected ship's plot as it is built
        ]

    def refresh_panels(self, view: Mapping[str, Any], side: str | None) -> None:
        self.spotting_panel.value = self.spotting_html(view)
        self.victory_panel.value = self.victory_html(view)
        self.charts_panel.value = self.charts_html(view, side)
        self.ship_panel.value = self.ship_html(self.app.selected_unit)
        if self.odds_shown:
            # a plot changed: the planned attack's distribution follows it
            firer, target = self.odds_shown.get("firer"), self.odds_shown.get("target")
            if firer in self.app.units_by_id and target in self.app.units_by_id:
                self.show_attack(firer, target)
            else:
                self.clear_attack()

    def blank_panels(self) -> None:
        for p in (
            self.ship_panel,
            self.spotting_panel,
            self.victory_panel,
            self.charts_panel,
        ):
            p.value = ""
        self.clear_attack()
        self.message = ""

    def clear_attack(self) -> None:
        self.odds_shown = {}
        self.attack_panel.value = "<i>select one of your ships, then click an enemy ship</i>"
        for kind, b in self.attack_buttons.items():
            b.layout.display = "none"
            b.description = f"plot {kind}"

    def select_panels(self, unit: str) -> None:
        self.message = ""
        self.ship_panel.value = self.ship_html(unit)
        p = self.own_plot(unit)
        target = p and (p.get("torpedo") or p.get("gunnery"))
        if target and target in self.app.units_by_id:
            self.show_attack(unit, target)

    def ship_html(self, unit: str | None) -> str:
        if unit is None or unit not in self.app.units_by_id:
            return "<i>select a ship on the board</i>"
        view = self.app.view
        u = (view.get("units") or {}).get(unit) or {}
        e = html.escape
        rows = [
            f"<b>{e(unit)}</b> {e(str(u.get('class', '')))} {e(str(u.get('code', '')))} "
            f"({e(str(u.get('side', '')).upper())}) at {e(str(u.get('hex')))}",
            f"speed {u.get('speed')} (top {u.get('top_speed')}), facing {e(str(u.get('facing')))}"
            f", turning {u.get('turn_cost')} MP a hexside",
            f"gunnery {u.get('gunnery')} · torpedo {u.get('torpedo')} "
            f"({u.get('salvos')} salvo(s), loaded from turn {u.get('torpedo_ready')}) · "
            f"defense {u.get('defense')} · hits P {u.get('p_hits')} W {u.get('w_hits')}",
        ]
        gun, torp = u.get("gun_range") or [0, 0], u.get("torpedo_range") or [0, 0]
        ranges = f"ranges: gun {gun[0]} (extended {gun[1]}, halved)"
        if torp and torp[1]:
            ranges += f" · torpedo {torp[0]}-{torp[1]}"
        rules = view.get("rules") or {}
        if rules.get("usn_radar") and u.get("side") == "usn":
            ranges += f" · radar {rules.get('radar_range')}"
        ranges += f" · spotting {view.get('spotting_range')} (rings around the plot's end)"
        rows.append(ranges)
        rows.append(f"spotted: {e(str(u.get('spotted_why') or 'not spotted'))}")
        p = self.own_plot(unit)
        if u.get("side") == self.app.plotting_side and not view.get("over"):
            if p:
                rows.append(
                    f"<span class='hexplay-naval-path'>path: "
                    f"{e(steps_text(p.get('steps', ''), p.get('hexes') or []) or '(none)')}"
                    f"</span>"
                )
                rows.append(
                    f"<span class='hexplay-naval-cost' data-cost='{p.get('cost')}' "
                    f"data-left='{p.get('left')}'>movement points: {p.get('cost')} of "
                    f"{p.get('mp')} spent, {p.get('left')} left</span>"
                )
                rows.append(
                    f"<span class='hexplay-naval-final' data-final='{e(str(p.get('final')))}'>"
                    f"end {e(str(p.get('end') or 'off the map'))}, final speed/facing "
                    f"<b>{e(str(p.get('final')))}</b>"
                    f"{'' if p.get('speed') is not None else ' (speed not plotted: kept)'}</span>"
                )
                if p.get("gunnery") or p.get("torpedo") or p.get("radar"):
                    att = [f"G {p['gunnery']}" if p.get("gunnery") else ""]
                    att += [
                        "G* radar" if p.get("radar") else "",
                        f"T {p.get('torpedo')}" if p.get("torpedo") else "",
                    ]
                    rows.append("attacks: " + e(" ".join(a for a in att if a)))
            else:
                rows.append(
                    f"<i>nothing plotted: click a sea hex to plot a path ({u.get('speed')} MP); "
                    "unplotted points are spent ahead</i>"
                )
            reach = self.reachable(unit)
            if reach:
                rows.append(f"{len(reach)} hexes within reach (cost shown on the board)")
        if self.message:
            rows.append(f"<span style='color:#b8322a'>{e(self.message)}</span>")
        return "<br>".join(rows)

    def spotting_html(self, view: Mapping[str, Any]) -> str:
        e = html.escape
        units = view.get("units") or {}
        rows = [
            {
                "ship": sid,
                "side": str(u.get("side", "")).upper(),
                "hex": u.get("hex") or "—",
                "spotted": u.get("spotted") or "",
                "why": u.get("spotted_why") or "not spotted",
            }
            for sid, u in units.items()
            if u.get("hex") is not None
        ]
        head = (
            f"<b>spotting range {e(str(view.get('spotting_range', '')))} hexes</b> — (a) "
            "gunnery, (b) within range at the sight phase, (c) follow-on; markers removed at "
            "the end of each turn. Unspotted enemy ships are not shown."
        )
        return head + table_html(rows, ["ship", "side", "hex", "spotted", "why"])

    def victory_html(self, view: Mapping[str, Any]) -> str:
        vp = view.get("vp") or {}
        ratio = view.get("ratio")
        r = "—" if ratio is None else f"{float(Fraction(str(ratio))):.2f}"
        sunk = view.get("sunk") or {}
        e = html.escape
        return (
            f"<b>victory points</b>: IJN {vp.get('ijn', 0)} · USN {vp.get('usn', 0)} · "
            f"ratio IJN/USN {r}<br><b>level of victory now</b>: "
            f"<span class='hexplay-naval-level'>{e(str(view.get('level', '')))}</span><br>"
            f"sunk: IJN {e(', '.join(sunk.get('ijn', [])) or 'none')} · USN "
            f"{e(', '.join(sunk.get('usn', [])) or 'none')}<br>turn {view.get('turn')} of "
            f"{view.get('turns')}<br>levels by IJN/USN: {e(self.levels_text())}"
        )

    def levels_text(self) -> str:
        """The scenario's levels of victory by ratio (public scenario data)."""
        levels = sorted(self.app.game.scenario.levels, key=lambda x: -x[0])
        return " · ".join(f"{name} from {bound:.2f}" for bound, name in levels)

    def charts_html(self, view: Mapping[str, Any], side: str | None) -> str:
        """The plot charts: the side's own during play, both once the game is over."""
        g = self.app.game
        viewer = side or REFEREE
        try:
            chart = view.get("chart") or g.plot_chart(viewer)
        except Exception:
            chart = []
        if not chart:
            return "<i>no resolved turn yet</i>"
        out = []
        sides = sorted({s for c in chart for s in c["plots"]})
        for s in sides:
            rows = [
                {
                    "turn": c["turn"],
                    "ship": r["unit"],
                    "attacks": " ".join(r["attacks"]),
                    "hexes (turns)": " ".join(
                        f"{b['hex']}{'(' + str(b['turns']) + ')' if b['turns'] else ''}"
                        for b in r["blocks"]
                    ),
                    "final": r["final"],
                }
                for c in chart
                for r in c["plots"].get(s, [])
            ]
            out.append(f"<b>{html.escape(s.upper())} plot chart</b>" + table_html(rows))
        return "".join(out)

    # --- events and record ----------------------------------------------------------------------
    def repeat_order(self, game: Any, order: Order, given: Sequence[Order]) -> Order | None:
        """A ship repeats last turn's manoeuvre from where it is now (:mod:`.repeat`)."""
        from .repeat import repeat_order

        return repeat_order(game, order, list(given))

    def events(self, view: Mapping[str, Any], viewer: str) -> list[dict[str, Any]] | None:
        try:
            evs = self.app.game.events_seen(viewer)
        except Exception:
            return None
        return [plain_event(ev) for ev in evs]

    def record(self, viewer: str) -> tuple[list[Mapping[str, Any]], list[str] | None, str]:
        """The plot chart rows the viewer may see (own during play, both at the end)."""
        try:
            chart = self.app.game.plot_chart(viewer)
        except Exception:
            return [], None, ""
        rows = [
            {
                "turn": c["turn"],
                "side": s,
                "unit": r["unit"],
                "attacks": " ".join(r["attacks"]),
                "steps": r["steps"],
                "hexes": " ".join(r["hexes"]),
                "final": r["final"],
            }
            for c in chart
            for s, rs in c["plots"].items()
            for r in rs
        ]
        return rows, ["turn", "side", "unit", "attacks", "steps", "hexes", "final"], ""

    # --- clicks ---------------------------------------------------------------------------------
    def inspect(self, unit: str, target: str) -> None:
        """The selected ship's side clicked ``target``: an enemy ship shows the planned
        attacks' odds (a hex the ship cannot reach: its panel says so)."""
        app = self.app
        by_id = app.units_by_id
        u = by_id.get(unit)
        if u is None:
            return
        if target in by_id:
            if by_id[target].get("side") != u.get("side"):
                self.show_attack(unit, target)
                self.intents.show_tab("Attack")
            return

    def plot_to(self, unit: str, hex_: str) -> bool:
        """Plot ``unit``'s path on to ``hex_`` (the reach query's path from where the plot now
        ends: one ``move`` order), as the shell's click there does. False, with the reason
        shown, if the hex is out of reach or the engine refuses."""
        r = self.app.builder.controller.reach(unit)
        orders = r.move_order(self.app.plotting_side, hex_)
        if not orders:
            left = "?" if r.left is None else f"{r.left:g}"
            self.message = f"{hex_} is out of reach for {unit} ({left} {r.cost_unit} left)"
            self.ship_panel.value = self.ship_html(unit)
            return False
        ok, why = self.intents.give(orders[0])
        if not ok:  # the engine's words
            self.message = str(why)
            self.ship_panel.value = self.ship_html(unit)
            return False
        self.message = ""
        return True

    def show_attack(self, firer: str, target: str) -> None:
        """The exact distributions of the planned gunnery and torpedo attacks on ``target``:
        the side's ships already plotting it, with ``firer`` added if it may attack."""
        app = self.app
        g = app.game
        side = app.plotting_side
        f = app.units_by_id.get(firer)
        view_units = app.view.get("units") or {}
        if f is None or f.get("side") != side or target not in view_units:
            return
        plots = (app.view.get("plots") or {}).get(side, {})
        targets = app.view.get("targets") or {}
        if app.referee:
            targets = {"gunnery": g.gunnery_targets(side), "torpedo": g.torpedo_targets(side)}
        shown: dict[str, Any] = {"firer": firer, "target": target}
        parts = [f"<b>{html.escape(firer)} → {html.escape(target)}</b>"]
        for kind in ("gunnery", "torpedo"):
            b = self.attack_buttons[kind]
            b.layout.display = "none"
            b.description = f"plot {kind}"
            if target not in (targets.get(kind) or []):
                why = "not spotted" if kind == "gunnery" else "not spotted under (b)"
                parts.append(f"<i>{kind}: {html.escape(target)} is {why}</i>")
                shown[kind] = None
                continue
            attackers = [s for s, p in plots.items() if p.get(kind) == target]
            can = any(lo.kind == kind for lo in self._engine_orders(firer))
            if firer not in attackers and can:
                attackers.append(firer)
                b.layout.display = ""
                b.description = f"plot {kind}: {firer} at {target}"
            if not attackers:
                why = why_cannot(g, side, kind, firer, target)
                parts.append(f"<i>{kind}: {html.escape(firer)} cannot attack now</i>")
                parts.append(zero_html([why]))
                shown[kind] = None
                continue
            try:
                odds = g.attack_odds(side, kind, attackers, target)
            except Exception as e:
                parts.append(f"<i>{kind}: {html.escape(str(e))}</i>")
                shown[kind] = None
                continue
            shown[kind] = odds
            parts.append(attack_html(odds) + zero_html(zero_reasons(g, odds)))
        self.odds_shown = shown
        self.attack_panel.value = "<br>".join(parts)

    def _engine_orders(self, unit: str) -> tuple[LegalOrder, ...]:
        try:
            return self.app.builder.controller.engine_legal_orders(unit)
        except Exception:
            return ()

    def plot_attack(self, kind: str) -> None:
        """The Attack panel's button: plot ``kind`` by the shown firer at the shown target."""
        firer, target = self.odds_shown.get("firer"), self.odds_shown.get("target")
        lo = (
            next((x for x in self._engine_orders(firer) if x.kind == kind), None) if firer else None
        )
        if lo is None:
            return
        ok, why = self.intents.give(lo.complete(target=target))
        if not ok:
            self.attack_panel.value += (
                f"<br><span style='color:#b8322a'>{html.escape(str(why))}</span>"
            )


def attack_html(odds: Mapping[str, Any]) -> str:
    """One planned attack's distribution (``NavalGame.attack_odds``) as HTML."""
    e = html.escape
    kind = odds["kind"]
    who = ", ".join(
        f"{a['ship']} {Fraction(a['strength'])} at {a['range']}" for a in odds["attackers"]
    )
    col = odds.get("column") or "none (below 1-3)"
    crt = odds["crt"]
    if kind == "gunnery":
        head = (
            f"<b>gunnery</b>: {e(who)}; total {Fraction(odds['strength'])} : defense "
            f"{odds['defense']} → column <b class='hexplay-naval-column'>{e(col)}</b>"
        )
    else:
        head = (
            f"<b>torpedo</b>: {e(who)}; total {Fraction(odds['strength'])} : TEV {odds['tev']} "
            f"→ column <b class='hexplay-naval-column'>{e(col)}</b>"
        )
    names = {"-": "miss", "P": "P", "W": "W", "PW": "PW"}
    rows = "".join(
        f"<tr data-result='{e(r)}'><td>{names[r]}</td><td>{pct(p)}</td></tr>"
        for r, p in crt.items()
    )
    out = head + f"<table class='hexplay-table hexplay-naval-crt'>{rows}</table>"
    if kind == "torpedo":
        hits = "".join(
            f"<tr><td>{n} hit{'s' if n != 1 else ''}</td><td>{pct(p)}</td></tr>"
            for n, p in odds["hits"].items()
        )
        labels = {"-": "no damage", "S": "sunk", "2P": "2P"}
        outcome = "".join(
            f"<tr data-outcome='{e(r)}'><td>{labels.get(r, r)}</td><td>{pct(p)}</td></tr>"
            for r, p in odds["outcome"].items()
        )
        out += (
            f"torpedo hits<table class='hexplay-table'>{hits}</table>Hit Chart outcomes"
            f"<table class='hexplay-table hexplay-naval-outcome'>{outcome}</table>"
        )
    return out


#: The fields of a naval event (as a side saw it) the app's panels read, beside its words.
PLAIN_FIELDS = ("ship", "side", "target", "result", "sunk", "to", "hits", "p", "w", "left_map")


def plain_event(ev: Mapping[str, Any]) -> dict[str, Any]:
    """A naval event as the app's log and turn summary read it: its kind, its words
    (``text``: :func:`describe`) and its plain fields (attackers by ship id)."""
    out = {"turn": ev.get("turn"), "phase": ev.get("phase"), "kind": ev.get("kind")}
    out["text"] = describe(ev)
    out.update({k: ev[k] for k in PLAIN_FIELDS if k in ev})
    if "attackers" in ev:
        out["attackers"] = [a["ship"] for a in ev.get("attackers") or []]
    return out


def describe(ev: Mapping[str, Any]) -> str:
    """One line for a naval event as a side saw it (ids the side may not know are None)."""
    k = ev.get("kind")
    if k == "move":
        end = "leaves the map" if ev.get("left_map") else f"to {ev.get('to')}"
        path = "-".join(ev.get("hexes") or []) or "nowhere"
        return f"{ev.get('ship')} moves {path} {end}, {ev.get('final')}"
    if k in ("gunnery", "torpedo"):
        who = ", ".join(a["ship"] for a in ev.get("attackers") or []) or "unseen ships"
        target = ev.get("target") or "an unseen ship"
        text = (
            f"{k}: {who} at {target}, column {ev.get('column') or '-'}, die {ev.get('die')}, "
            f"{ev.get('result')}"
        )
        if k == "torpedo" and ev.get("hits"):
            text += f"; {ev['hits']} hit(s), chart die {ev.get('chart_die')}: {ev.get('chart')}"
        return text
    if k == "damage":
        ship = ev.get("ship") or "an unseen ship"
        fate = "SUNK" if ev.get("sunk") else f"P {ev.get('p_hits')} W {ev.get('w_hits')}"
        return f"{ship} hit (P +{ev.get('p')}, W +{ev.get('w')}): {fate}"
    if k == "radar":
        return (
            f"{ev.get('ship')} radar: {'no target' if ev.get('target') is None else ev['target']}"
        )
    rest = ", ".join(f"{a} {b}" for a, b in ev.items() if a not in ("turn", "phase", "kind"))
    return f"{k}: {rest}"


def naval_app(
    scenario: str = "kula_gulf", seed: int = 0, vs_computer: str | None = "ijn", **kw: Any
) -> Any:
    """The naval app on the shell: ``scenario`` against the computer (it plays the IJN by
    default; ``vs_computer=None`` for two humans in hot seat, ``referee=True`` to see all)."""
    from hexplay.widgets.game_app import GameApp

    from ..game import NavalGame

    return GameApp(
        NavalGame.new(scenario, seed=seed), ui=NavalUI, seed=seed, vs_computer=vs_computer, **kw
    )
