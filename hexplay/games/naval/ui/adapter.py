"""The naval night action's UI adapter for :class:`~.game_app.GameApp` (``game="naval"``).

What is the naval game's own in the app:

- **counters**: a ship hull pointing along its facing with its speed, class type and figures
  (gunnery-torpedo), torpedo salvos left, hit badges (P, W, PW), a spotted badge, reloading /
  troops / supply / dead-in-the-water marks; only the ships of the side's view (an unspotted
  enemy ship is a face-down counter: its side's colour at its hex, nothing else). Land is the
  map's own terrain.
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

import html
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

import ipywidgets as W

from hexplay.engine.protocol import LegalOrder, Order
from hexplay.widgets import guard as G
from hexplay.widgets.adapter import REFEREE, Context, GameRecord, GameUI
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

#: The builder's titles of the engine's order kinds (the final speed, an ``int`` need with its
#: values listed, is offered as a menu by the shell: a ship may plot speed 0).
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


def face_down_counter(sid: str, u: Mapping[str, Any]) -> dict[str, Any]:
    """The counter of an unspotted enemy ship: face down (its side's colour at its hex;
    nothing else is in the view, nor reaches the browser)."""
    return {"id": sid, "side": str(u.get("side", "")), "hex": u.get("hex"), "hidden": True}


def counters_from_view(view: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Board counters of every ship on the map in a naval view (only what the view holds;
    an unspotted enemy ship face down)."""
    turn = int(view.get("turn") or 0)
    return [
        face_down_counter(str(sid), u) if u.get("face_down") else ship_counter(str(sid), u, turn)
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


def plotted_words(p: Mapping[str, Any] | None) -> list[str]:
    """A ship's plot (the view's ``plots`` entry) in words: attacks, steps, final speed."""
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
    """The naval game's counters, panels and words (see the module doc)."""

    title = "Naval night action"
    order_titles = ORDER_TITLES

    def __init__(self) -> None:
        super().__init__()
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
        #: The last attack shown: {"firer", "target", "gunnery": odds | None, "torpedo": ...}
        self.odds_shown: dict[str, Any] = {}
        #: The orders the Attack panel's buttons give (kind -> the order on the shown target).
        self.attack_orders: dict[str, Order] = {}
        self._shown: tuple[Any, str | None] = (None, None)  # (game, selection) on the panels

    # --- the board ------------------------------------------------------------------------------
    def style(self, game: Any) -> CounterStyle:
        radar = bool(getattr(game.scenario, "usn_radar", False))
        legend = tuple((c, f"{k} range") for k, c in RING_COLOURS.items() if k != "radar" or radar)
        return CounterStyle(SIDE_STYLES, NAVAL_BADGES, legend)

    def counters(self, view: Mapping[str, Any], side: str, ctx: Context) -> list[dict[str, Any]]:
        return counters_from_view(view)

    def status(self, view: Mapping[str, Any], ctx: Context) -> str:
        vp = view.get("vp") or {}
        if not vp:
            return ""
        return (
            f"{view.get('scenario', '')} · VP IJN {vp.get('ijn', 0)} – USN {vp.get('usn', 0)} · "
            f"{view.get('level', '')} · spotting {view.get('spotting_range', '')}"
        )

    def overlays(self, view: Mapping[str, Any], side: str, ctx: Context) -> dict[str, Any]:
        """The side's plotted paths and attacks; the selected ship's reach and range rings
        (``markings``)."""
        by_id = ctx.units
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
        unit = ctx.selected
        if unit is not None and unit in by_id:
            ov.update(self._selection(ctx, unit, view))
        return ov

    def _selection(self, ctx: Context, unit: str, view: Mapping[str, Any]) -> dict[str, Any]:
        """Reachable hexes (MP cost from the plot's end) and range rings of ``unit``."""
        u = ctx.units.get(unit)
        if u is None or u.get("hex") is None:
            return {}
        ov: dict[str, Any] = {"reachable": self.reachable(ctx, unit)}
        entry = (view.get("units") or {}).get(unit) or {}
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
        centre = self._plot_end(ctx, unit) or u["hex"]
        # each ring as its centre and radius (the board finds its hexes): a few bytes a
        # selection instead of ~200 labels, in the click's one answer message
        rings = [
            {
                "name": f"{name} range {r}",
                "ring": {"centre": centre, "radius": int(r)},
                "colour": RING_COLOURS[name],
                "style": "outline",
            }
            for name, r in radii
            if int(r) > 0
        ]
        ov["markings"] = rings
        return ov

    def own_plot(self, ctx: Context, unit: str) -> dict[str, Any] | None:
        """The plot of ``unit`` if it is a ship of the side at the screen (the view's ``plots``
        entry: the orders and the engine's ``plotted`` figures), else None."""
        u = ctx.units.get(unit)
        if u is None or u.get("side") != ctx.side:
            return None
        return (ctx.view.get("plots") or {}).get(ctx.side, {}).get(unit)

    def _plot_end(self, ctx: Context, unit: str) -> str | None:
        p = self.own_plot(ctx, unit)
        return None if not p else p.get("end")

    def reachable(self, ctx: Context, unit: str) -> dict[str, float]:
        """Hexes ``unit`` can enter with the points its plot leaves, each with the fewest
        movement points from the plot's end (the game's reach query)."""
        return {h: float(c) for h, (c, _p) in self.reach_table(ctx, unit).items()}

    def reach_table(self, ctx: Context, unit: str) -> dict[str, tuple[int, tuple[str, ...]]]:
        """Hex -> (fewest MP, the hexes entered on the way): the game's reach query for the
        side's ship ``unit`` (every hex on the way too, so a click on any of them plots)."""
        u = ctx.units.get(unit)
        if u is None or u.get("side") != ctx.side or ctx.game.over:
            return {}
        r = ctx.orders.reach(unit)
        return {h: (e["cost"], tuple(e["path"])) for h, e in r.items()}

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

    def refresh_panels(
        self, view: Mapping[str, Any] | None, side: str | None, ctx: Context
    ) -> None:
        """Ship (the selection), Spotting, Victory, Charts, and the planned attack's odds
        following the plots (a new selection: its own planned attack's); ``view`` None: blank."""
        if view is None:
            for p in (self.ship_panel, self.spotting_panel, self.victory_panel, self.charts_panel):
                p.value = ""
            self.clear_attack()
            self._shown = (None, None)
            return
        if self._shown[0] is not ctx.game:  # a new game: the last one's attack is gone
            self.clear_attack()
        self.spotting_panel.value = self.spotting_html(view)
        self.victory_panel.value = self.victory_html(ctx.game, view)
        self.charts_panel.value = self.charts_html(ctx.game, view, side)
        unit = ctx.selected
        self.ship_panel.value = self.ship_html(ctx, unit)
        if unit is not None and (ctx.game, unit) != self._shown:  # a new selection
            p = self.own_plot(ctx, unit)
            target = p and (p.get("torpedo") or p.get("gunnery"))
            if target and target in ctx.units:
                self.show_attack(ctx, unit, target)
        elif self.odds_shown:
            # a plot changed: the planned attack's distribution follows it
            firer, target = self.odds_shown.get("firer"), self.odds_shown.get("target")
            if firer in ctx.units and target in ctx.units:
                self.show_attack(ctx, firer, target)
            else:
                self.clear_attack()
        self._shown = (ctx.game, unit)

    def clear_attack(self) -> None:
        self.odds_shown = {}
        self.attack_orders = {}
        self.attack_panel.value = "<i>select one of your ships, then click an enemy ship</i>"
        for kind, b in self.attack_buttons.items():
            b.layout.display = "none"
            b.description = f"plot {kind}"

    def ship_html(self, ctx: Context, unit: str | None) -> str:
        if unit is None or unit not in ctx.units:
            return "<i>select a ship on the board</i>"
        view = ctx.view
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
        p = self.own_plot(ctx, unit)
        if u.get("side") == ctx.side and not view.get("over"):
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
            reach = self.reachable(ctx, unit)
            if reach:
                rows.append(f"{len(reach)} hexes within reach (cost shown on the board)")
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
            "the end of each turn. Unspotted enemy ships are face down: their hex only."
        )
        return head + table_html(rows, ["ship", "side", "hex", "spotted", "why"])

    def victory_html(self, game: Any, view: Mapping[str, Any]) -> str:
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
            f"{view.get('turns')}<br>levels by IJN/USN: {e(self.levels_text(game))}"
        )

    def levels_text(self, game: Any) -> str:
        """The scenario's levels of victory by ratio (public scenario data)."""
        levels = sorted(game.scenario.levels, key=lambda x: -x[0])
        return " · ".join(f"{name} from {bound:.2f}" for bound, name in levels)

    def charts_html(self, g: Any, view: Mapping[str, Any], side: str | None) -> str:
        """The plot charts: the side's own during play, both once the game is over."""
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

    # --- words ----------------------------------------------------------------------------------
    def roster(self, view: Mapping[str, Any], side: str, ctx: Context) -> list[dict[str, Any]]:
        """The side's ships with what each has plotted (the order builder's list too)."""
        rows = super().roster(view, side, ctx)
        for r in rows:
            r["plotted"] = plotted_words(self.own_plot(ctx, r["id"]))
        return rows

    def record(self, view: Mapping[str, Any], viewer: str, ctx: Context) -> GameRecord:
        """The events the viewer saw (the engine's ``events_seen``) and the plot chart rows
        it may see (own during play, both at the end)."""
        g = ctx.game
        try:
            evs: list[Any] | None = [plain_event(ev) for ev in g.events_seen(viewer)]
        except Exception:
            evs = None
        try:
            chart = g.plot_chart(viewer)
        except Exception:
            return GameRecord(evs)
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
        cols = ["turn", "side", "unit", "attacks", "steps", "hexes", "final"]
        return GameRecord(evs, rows, cols, "")

    # --- looks ----------------------------------------------------------------------------------
    def inspect(self, unit: str, target: str, ctx: Context) -> dict[str, Any] | None:
        """The selected ship's side clicked ``target``: an enemy ship shows the planned
        attacks' odds (the Attack tab)."""
        u = ctx.units.get(unit)
        if u is None or target not in ctx.units:
            return None
        if ctx.units[target].get("side") == u.get("side"):
            return None
        self.show_attack(ctx, unit, target)
        return {"tab": "Attack"}

    def show_attack(self, ctx: Context, firer: str, target: str) -> None:
        """The exact distributions of the planned gunnery and torpedo attacks on ``target``:
        the side's ships already plotting it, with ``firer`` added if it may attack (the
        panel's button then plots it)."""
        g = ctx.game
        side = ctx.side
        f = ctx.units.get(firer)
        view_units = ctx.view.get("units") or {}
        if f is None or f.get("side") != side or target not in view_units:
            return
        plots = (ctx.view.get("plots") or {}).get(side, {})
        targets = ctx.view.get("targets") or {}
        if ctx.referee:
            targets = {"gunnery": g.gunnery_targets(side), "torpedo": g.torpedo_targets(side)}
        shown: dict[str, Any] = {"firer": firer, "target": target}
        self.attack_orders = {}
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
            lo = next((x for x in _engine_orders(ctx, firer) if x.kind == kind), None)
            if firer not in attackers and lo is not None:
                attackers.append(firer)
                b.layout.display = ""
                b.description = f"plot {kind}: {firer} at {target}"
                self.attack_orders[kind] = lo.complete(target=target)
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

    def plot_attack(self, kind: str) -> None:
        """The Attack panel's button: plot ``kind`` by the shown firer at the shown target (a
        request to the shell, which gives it; the engine judges)."""
        order = self.attack_orders.get(kind)
        if order is not None:
            self.requests.emit("give", order)


def _engine_orders(ctx: Context, unit: str) -> tuple[LegalOrder, ...]:
    try:
        return tuple(ctx.orders.engine_legal_orders(unit))
    except Exception:
        return ()


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
