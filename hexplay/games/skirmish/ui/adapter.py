"""The SKIRMISH UI adapter for :class:`~.game_app.GameApp` (and :class:`SkirmishApp`).

What is SKIRMISH's own in the app: men and vehicles as counters (men aboard a vehicle drawn
as pips on it), the "Off the map" panel (:mod:`.offmap`), the odds panel (:mod:`.odds`), the
sight fog and the reach of the selected man, the plotted paths and fire arrows, barrier
points in the status line, the record table, the win-probability gauge. Everything comes
from the viewing side's view: the odds of a shot are asked of the engine only for an enemy
the side sees now (a faded last-known counter gets "not in sight", never odds from where he
really is).

A board click is cheap: the sight fog and the reachable hexes of a unit are cached per (hex,
known vehicles) and (hex, AP budget).

The order builder's tasks and what each needs come from the engine's ``legal_orders`` (the
shell's controller); this module holds no rules table, only the tasks' titles
(:data:`TASK_TITLES`). It describes; the shell routes every click and key (it holds no app:
each hook gets the view, the side and a read-only :class:`~hexplay.widgets.adapter.Context`).
"""

from __future__ import annotations

import contextlib
from collections.abc import Mapping
from typing import Any

import numpy as np

from hexplay.widgets.adapter import REFEREE, Context, GameRecord, GameUI
from hexplay.widgets.counters import CounterStyle, SideStyle
from hexplay.widgets.hex_overlays import HexCosts, HexLabels

from .odds import OddsPanel
from .odds_words import weapon_note
from .offmap import OffMapPanel, offmap_units_from_view, unit_status
from .winprob import WinProbabilityGauge

SIDES = ("adversary", "defender")


def _game_class() -> Any:
    from ..game import SkirmishGame

    return SkirmishGame


def _get(d: Any, key: str, default: Any = None) -> Any:
    if isinstance(d, Mapping):
        return d.get(key, default)
    return getattr(d, key, default)


def units_from_view(view: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Board unit dicts from a SKIRMISH per-side view (only what the view contains).

    Accepts ``{"units": [...]}`` / ``{"units": {id: ...}}`` or ``{"men": {...}, "vehicles":
    {...}}``; men aboard a vehicle are listed as its occupants and drawn on its counter.
    """
    out: list[dict[str, Any]] = []
    raw_units = view.get("units")
    men: dict[str, Mapping[str, Any]] = {}
    vehicles: dict[str, Mapping[str, Any]] = {}
    if raw_units is not None:
        items = raw_units.values() if isinstance(raw_units, Mapping) else raw_units
        for u in items:
            kind = u.get("kind", "man")
            (men if kind in ("man", None) else vehicles)[str(u["id"])] = u
    else:
        men = {str(k): v for k, v in (view.get("men") or {}).items()}
        vehicles = {str(k): v for k, v in (view.get("vehicles") or {}).items()}
    aboard: dict[str, list[str]] = {}
    for mid, m in men.items():
        v = m.get("vehicle") or m.get("in_vehicle")
        if v:
            aboard.setdefault(str(v), []).append(mid)
    for vid, v in vehicles.items():
        hx = v.get("hex")
        if hx is None:
            continue  # off the map (or position unknown to this side)
        seats = v.get("seats") or {}
        occ = list(seats.values()) if isinstance(seats, Mapping) else list(seats)
        occ = [str(o) for o in occ if str(o) in men] or aboard.get(vid, [])
        out.append(
            {
                "id": vid,
                "side": v.get("controller") or v.get("side") or "defender",
                "kind": v.get("kind", "escort"),
                "hex": hx,
                "status": "fit",
                "occupants": occ,
                "label": vid,
                "moving": bool(v.get("moving", False)),
            }
        )
    vehicle_hex = {u["id"]: u["hex"] for u in out}
    for vid, v in vehicles.items():  # men riding a vehicle seen only through them
        if vid not in vehicle_hex and v.get("hex") is None:
            vehicle_hex[vid] = None
    for mid, m in men.items():
        veh = m.get("vehicle") or m.get("in_vehicle")
        hx = vehicle_hex.get(str(veh)) if veh else m.get("hex")
        if hx is None:
            continue
        weapon = m.get("weapon") or (m.get("long_gun") if m.get("armed", True) else "pistol")
        d = {
            "id": mid,
            "side": m.get("side", ""),
            "kind": "man",
            "hex": hx,
            "weapon": weapon,
            "status": unit_status(m),
            "label": mid,
        }
        if veh:
            d["in_vehicle"] = str(veh)
            if m.get("seat"):
                d["seat"] = m["seat"]
        if m.get("last_seen") is not None or m.get("stale"):
            d["stale"] = True
        out.append(d)
    # enemies no longer seen: their last known position, drawn faded
    shown = {u["id"] for u in out}
    for uid, k in (view.get("last_known") or {}).items():
        if uid in shown or not isinstance(k, Mapping) or k.get("hex") is None:
            continue
        out.append(
            {
                "id": str(uid),
                "side": k.get("side", ""),
                "kind": k.get("kind", "man"),
                "hex": k["hex"],
                "status": unit_status(k),
                "label": f"{uid}?",
                "stale": True,
                "seen_turn": k.get("turn"),
            }
        )
    return out


def counters_from_view(view: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Board counters of a SKIRMISH view: :func:`units_from_view` with the glyph (a man, an
    escort or the transporter) and a "moving" badge on a vehicle that moves."""
    out = units_from_view(view)
    for u in out:
        kind = u.get("kind", "man")
        u["glyph"] = {"kind": kind if kind in ("man", "escort", "transporter") else "vehicle"}
        if u.get("moving"):
            u["badges"] = ["moving"]
    return out


#: Button tooltips of the Table II tasks (and of a set-up placement: one button per vehicle a
#: guard may take a seat in, its ``where``).
TASK_TITLES: dict[str, str] = {
    "place": "place in {where}",
    "DF": "direct fire (5 AP)",
    "MP": "move on foot (1-3 AP per hex)",
    "MV": "move vehicle (1/6 AP per hex)",
    "EP": "exchange places with a disabled driver (5 AP)",
    "EV": "enter / exit a vehicle (1 AP)",
    "SV": "stop vehicle (2 AP)",
    "TV": "turn vehicle around (5 AP)",
    "AV": "accelerate vehicle (2 AP)",
    "BW": "barrier work (10 AP)",
    "RA": "re-arm (2 AP)",
    "WE": "weapon exchange (2 AP)",
}


class SkirmishUI(GameUI):
    """SKIRMISH's counters, panels and words (see the module doc)."""

    title = "SKIRMISH"
    gauge_class = WinProbabilityGauge
    #: 30 x 36 hexes in a column: at the whole-map scale a counter is ~12 px (issue 15)
    fit_units = True
    #: counters 20% larger (one man or vehicle a hex, mostly: the hex holds it)
    counter_scale = 1.2
    order_titles = TASK_TITLES

    def __init__(self) -> None:
        super().__init__()
        self.odds = OddsPanel()
        self.offmap = OffMapPanel(on_click=lambda unit: self.requests.emit("select", unit))
        self._sight_cache: dict[tuple[Any, ...], HexLabels] = {}
        self._turn: tuple[Any, ...] | None = None  # (game, turn, side) the panels show
        self._selected: str | None = None

    # --- the board ------------------------------------------------------------------------------
    def style(self, game: Any) -> CounterStyle:
        return CounterStyle(
            (
                SideStyle("adversary", "#b8322a", "adversary"),
                SideStyle("defender", "#2f5fa8", "defender (guards)"),
            )
        )

    def counters(self, view: Mapping[str, Any], side: str, ctx: Context) -> list[dict[str, Any]]:
        """Men and vehicles (a killed man's counter not selectable), then the side's units
        off the map and, in the set-up, its men still to place (no hex)."""
        out = counters_from_view(view)
        units = view.get("units") or {}
        for c in out:
            if c.get("kind") in ("escort", "transporter", "vehicle") and c["id"] in units:
                f = facing(ctx.game.map, view, units[c["id"]])
                if f is not None:
                    c["facing"] = f
            elif c.get("status") == "K":
                c["selectable"] = False
        shown = {u["id"] for u in out}
        return out + [u for u in extra_units(view, side) if u["id"] not in shown]

    def overlays(self, view: Mapping[str, Any], side: str, ctx: Context) -> dict[str, Any]:
        """The side's plotted moves (paths) and shots (fire arrows); the selected unit's sight
        (fog) and reach."""
        by_id = ctx.units
        paths, fires = [], []
        route = list(view.get("route_hexes") or [])
        units = view.get("units") or {}
        for uid in by_id:
            start = by_id[uid].get("hex")
            v = units.get(uid) or {}
            pos, heading = v.get("pos"), v.get("heading", 1) or 1
            for t in unit_plot(view, ctx.side, uid):
                if t.get("code") == "MV" and pos is not None and route:
                    # a vehicle's MV drawn along its route, as far as the map shows it
                    n = int(t.get("hexes") or 0)
                    idx = [pos + heading * k for k in range(n + 1)]
                    hexes = [route[i] for i in idx if 0 <= i < len(route)]
                    if len(hexes) > 1:
                        paths.append({"unit": uid, "side": ctx.side, "hexes": hexes})
                    pos += heading * n
                    continue
                if t.get("code") == "MP" and t.get("path"):
                    # from off the map the drawn path starts at the hex where he enters it
                    hexes = [start, *t["path"]] if start else list(t["path"])
                    if len(hexes) > 1:
                        paths.append({"unit": uid, "side": ctx.side, "hexes": hexes})
                    start = t["path"][-1]
                elif t.get("code") == "DF" and t.get("target") in by_id:
                    fires.append(
                        {
                            "unit": uid,
                            "side": by_id[uid].get("side"),
                            "from": by_id[uid]["hex"],
                            "to": by_id[t["target"]]["hex"],
                            "target": t["target"],
                        }
                    )
        ov: dict[str, Any] = {}
        if paths:
            ov["paths"] = paths
        if fires:
            ov["fires"] = fires
        unit = ctx.selected
        if unit is not None and unit in by_id:
            if by_id[unit].get("hex") is not None:
                with contextlib.suppress(Exception):
                    ov["visible"] = self.visible_hexes(ctx, unit)
            with contextlib.suppress(Exception):
                reach = self.reachable(ctx, unit)
                if reach is not None:
                    ov["reachable"] = reach
        return ov

    def status(self, view: Mapping[str, Any], ctx: Context) -> str:
        barrier = view.get("barrier_points")
        return f"barrier points {barrier}" if barrier is not None else ""

    # --- panels ---------------------------------------------------------------------------------
    def panels(self) -> list[tuple[str | None, Any]]:
        return [("Odds", self.odds), (None, self.offmap)]

    def refresh_panels(
        self, view: Mapping[str, Any] | None, side: str | None, ctx: Context
    ) -> None:
        """The odds panel (cleared on a new turn; the selected man's weapon) and the off-map
        panel (the side's units beyond the edge); blank for a hand-over."""
        if view is None:
            self.odds.blank()
            self.offmap.set_units([])
            self._turn = self._selected = None
            return
        turn = (id(ctx.game), view.get("turn"), side)
        if turn != self._turn:  # a new turn: last turn's pair is stale
            self._turn = turn
            self.odds.show(None)
        off = [u for u in ctx.units.values() if u.get("hex") is None]
        self.offmap.set_units(off, ctx.selected)
        u = ctx.units.get(ctx.selected or "")
        if u is not None and ctx.selected != self._selected:  # a new selection: its weapon
            self.offmap.select(ctx.selected)
            self.odds.set_weapon(u.get("weapon") or "rifle", u.get("status") == "W")
        self._selected = ctx.selected

    def inspect(self, firer: str, target: str, ctx: Context) -> dict[str, Any]:
        """LOS from the selected unit to a hex or unit (the ``los`` overlay returned for the
        shell to draw), and the odds if it is an enemy the side sees now (the Odds tab). A
        last-known (faded) enemy gets no odds: the engine would answer from where he really
        is, which the side does not know."""
        out: dict[str, Any] = {}
        f = ctx.units.get(firer)
        if f is None:
            return out
        tgt = ctx.units.get(target)
        to_hex = tgt["hex"] if tgt else target
        if f.get("hex") is not None and to_hex is not None:
            with contextlib.suppress(Exception):
                out["los"] = self.los(ctx, f["hex"], to_hex)
        if tgt is None or tgt.get("side") == f.get("side"):
            return out
        pair = f"{firer} → {target}"
        if tgt.get("stale") or target not in (ctx.view.get("units") or {}):
            seen = tgt.get("seen_turn")
            when = f" on turn {seen}" if seen is not None else ""
            self.odds.show(None, f"{pair}: not in sight now (last seen at {to_hex}{when})")
        else:
            try:
                self.odds.show(weapon_note(ctx.game.odds(firer, target), f), pair)
            except Exception as e:
                self.odds.show(None, f"{pair}: {e}")
        out["tab"] = "Odds"
        return out

    # --- words ----------------------------------------------------------------------------------
    def roster(self, view: Mapping[str, Any], side: str, ctx: Context) -> list[dict[str, Any]]:
        """The side's men and vehicles, men aboard listed under their vehicle (one click
        selects one: no pip to hit), with condition, AP left and the plot so far (its shots
        with their odds: the engine's ``plotted_odds``)."""
        by_id = ctx.units
        rows: list[dict[str, Any]] = []
        mine = [u for u in by_id.values() if side == REFEREE or u.get("side") == side]
        mine = [u for u in mine if not u.get("stale")]

        def row(u: Mapping[str, Any], indent: bool) -> dict[str, Any]:
            uid = u["id"]
            st = str(u.get("status", "fit"))
            where = u.get("hex") or u.get("position") or "off map"
            bits = [("  ↳ " if indent else "") + uid]
            if u.get("kind", "man") == "man":
                bits.append({"K": "killed", "W": "wounded"}.get(st, u.get("weapon") or ""))
            else:
                bits.append(f"{u.get('kind')} {'moving' if u.get('moving') else 'stopped'}")
            if not indent:
                bits.append(str(where))
            plotted: list[str] = []
            ap = None
            if st != "K" and side != REFEREE:
                with contextlib.suppress(Exception):
                    plotted = plotted_words(ctx, view, uid)
                    ap = float(ctx.game.ap_left(side, uid))
            return {
                "id": uid,
                "text": " · ".join(b for b in bits if b),
                "status": st,
                "plotted": plotted,
                "ap": ap,
                "disabled": st == "K",
            }

        for u in mine:
            if u.get("in_vehicle"):
                continue
            rows.append(row(u, False))
            for o in u.get("occupants") or []:
                if o in by_id:
                    rows.append(row(by_id[o], True))
        return rows

    def describe_event(self, event: Mapping[str, Any]) -> str:
        from .events import describe_event

        return describe_event(event)

    def record(self, view: Mapping[str, Any], viewer: str, ctx: Context) -> GameRecord:
        """The log's events the viewer saw, and the record rows: during play a side sees only
        its own (the referee all)."""
        g = ctx.game
        ev = view.get("events")
        if ev is None and hasattr(g, "log"):
            with contextlib.suppress(Exception):
                ev = g.log.for_side(viewer)
        events = None if ev is None else list(ev)
        try:
            rows = g.record()
        except Exception:
            return GameRecord(events)
        if isinstance(rows, Mapping):
            rows = rows.get("rows") or rows.get("turns") or []
        rows = [r for r in rows if isinstance(r, Mapping)]
        if not (viewer == REFEREE or g.over):
            rows = [r for r in rows if r.get("side") in (None, viewer)]
        head: Any = {}
        if hasattr(g, "record_header"):
            with contextlib.suppress(Exception):
                head = g.record_header()
        keys = ("route", "ambush", "barrier_points", "winner")
        summary = " · ".join(f"{k}: {head[k]}" for k in keys if head.get(k) is not None)
        cols = ["turn", "unit", "side", "start", "tasks", "ap", "condition", "location"]
        have = {k for r in rows for k in r}
        return GameRecord(events, rows, [c for c in cols if c in have] or None, summary)

    # --- sight, reach, plots (from the side's view) ---------------------------------------------
    def blockers(self, ctx: Context) -> list[str]:
        """What blocks sight for the side on view besides terrain (Table III): the hexes of the
        vehicles its view shows, last-known positions included (the referee's: every vehicle).
        :meth:`los` and :meth:`visible_hexes` trace with these."""
        return [
            u["hex"] for u in ctx.units.values() if u.get("kind", "man") != "man" and u.get("hex")
        ]

    def terrain(self, ctx: Context) -> Any:
        """The game's terrain tables on its map (:class:`~hexplay.games.skirmish.terrain.Terrain`:
        SKIRMISH's, or AMBUSH's types and density), the map's shared one if the game has none."""
        from ..terrain import Terrain, terrain_for

        t = getattr(ctx.game, "terrain", None)
        return t if isinstance(t, Terrain) else terrain_for(ctx.game.map)

    def los(self, ctx: Context, a: str, b: str) -> Any:
        """LOS trace between two hexes under the game's Table III with the known vehicles."""
        return ctx.game.map.los(a, b, self.terrain(ctx).effects.sight, self.blockers(ctx))

    def visible_hexes(self, ctx: Context, unit: str) -> list[str]:
        """Hexes visible from ``unit``'s hex with the vehicles this side knows as blockers.

        Cached per (map, hex, blockers): a turn computes each unit's row once (a vectorized
        ``Sight.visible_from``, about a millisecond), later clicks reuse it."""
        m = ctx.game.map
        sight = self.terrain(ctx).effects.sight
        hx = ctx.units[unit]["hex"]
        if hx is None:
            return []  # off the map: sees nothing (and is never seen)
        blockers = tuple(sorted(self.blockers(ctx)))
        key = (id(m), id(sight), hx, blockers)
        hit = self._sight_cache.get(key)
        if hit is None:
            if len(self._sight_cache) > 512:
                self._sight_cache.clear()
            mask = m.sight(sight).visible_from(hx, None, list(blockers))
            hit = self._sight_cache[key] = HexLabels(np.flatnonzero(mask), m.hex_labels)
        return hit.copy()  # a list of labels that holds its indices (the cache's stays as is)

    def reachable(self, ctx: Context, unit: str) -> dict[str, float] | None:
        """The selected unit's reach for the board's shading: hex -> cost (AP) of the game's
        reach query (a man on foot: where his AP left takes him, wounded men paying double; a
        vehicle: the route hexes ahead); None when it has none. A
        :class:`~hexplay.widgets.hex_overlays.HexCosts` (the board sends its arrays)."""
        r = ctx.orders.reach(unit)
        if not r:
            return None
        m = ctx.game.map

        def make() -> HexCosts:
            labels = list(r)
            return HexCosts([m.index(k) for k in labels], [r.cost(k) for k in labels], m.hex_labels)

        # (made once per game state with the reach it shades; a copy each time: the board
        # sends its arrays' bytes)
        return ctx.orders.remember(("reach_costs", ctx.side, unit), make).copy()


def extra_units(view: Mapping[str, Any], side: str) -> list[dict[str, Any]]:
    """The side's units off the map, and in the set-up its men still to place (no hex)."""
    out = offmap_units_from_view(view, None if side == REFEREE else side)
    if view.get("phase") == "setup":
        shown = {u["id"] for u in out}
        for uid, m in sorted((view.get("units") or {}).items()):
            if (
                m.get("kind", "man") == "man"
                and (side == REFEREE or m.get("side") == side)
                and m.get("hex") is None
                and not m.get("vehicle")
                and uid not in shown
            ):
                out.append(
                    {
                        "id": uid,
                        "side": m.get("side", ""),
                        "kind": "man",
                        "hex": None,
                        "position": "to place",
                        "status": unit_status(m),
                        "weapon": m.get("long_gun") or "pistol",
                        "label": uid,
                    }
                )
    return out


def facing(m: Any, view: Mapping[str, Any], vehicle: Mapping[str, Any]) -> int | None:
    """The hexside a vehicle on map ``m`` heads to (0 N, clockwise; flat-topped grid): from its
    hex to the next hex of the view's route in its heading."""
    route = list(view.get("route_hexes") or [])
    pos, heading = vehicle.get("pos"), vehicle.get("heading", 1) or 1
    if pos is None or not 0 <= pos < len(route) or not 0 <= pos + heading < len(route):
        return None
    with contextlib.suppress(Exception):
        return m.hex(route[pos]).direction_to(tuple(m.hex(route[pos + heading])))
    return None


def unit_plot(view: Mapping[str, Any], side: str, unit: str) -> list[dict[str, Any]]:
    """``side``'s plotted tasks of ``unit`` in ``view``, as dicts with a ``label``."""
    plots = view.get("plot") or view.get("plots") or {}
    if side in plots and isinstance(plots[side], Mapping):
        plots = plots[side]
    tasks = plots.get(unit, []) if isinstance(plots, Mapping) else []
    out = []
    for t in tasks:
        t = dict(t) if isinstance(t, Mapping) else {"code": str(t)}
        if "label" not in t:
            bits = [t.get("code", "?")]
            if t.get("path"):
                bits.append("-".join(t["path"]))
            elif t.get("target"):
                bits.append(str(t["target"]))
            elif t.get("hexes"):
                bits.append(str(t["hexes"]))
            t["label"] = " ".join(bits)
        out.append(t)
    return out


def plotted_words(ctx: Context, view: Mapping[str, Any], unit: str) -> list[str]:
    """The unit's plotted tasks in words; a shot with its odds (the engine's
    ``plotted_odds``)."""
    tasks = unit_plot(view, ctx.side, unit)
    odds: list[Any] = []
    if any(t.get("code") == "DF" for t in tasks):
        with contextlib.suppress(Exception):
            odds = list(ctx.game.plotted_odds(ctx.side, unit))
    out = []
    for t in tasks:
        label = t["label"]
        if t.get("code") == "DF" and odds:
            o = odds.pop(0)
            k, w = float(_get(o, "K", 0) or 0), float(_get(o, "W", 0) or 0)
            label += f" (K {k:.0%} · W {w:.0%})"
        out.append(label)
    return out


def resolve_target(
    units: Mapping[str, Mapping[str, Any]], side: str, target: str, occupant: str | None = None
) -> str:
    """A click as a DF/EV target: the man aboard a vehicle whose pip was clicked
    (``occupant``), a unit, or for a hex the single enemy (or vehicle) visible in it."""
    if occupant is not None and occupant in units:
        return occupant
    if target in units:
        return target
    here = [u for u in units.values() if u.get("hex") == target]
    foes = [u for u in here if u.get("side") != side and u.get("kind") == "man"]
    if len(foes) == 1:
        return str(foes[0]["id"])
    veh = [u for u in here if u.get("kind") != "man"]
    if len(veh) == 1:
        return str(veh[0]["id"])
    return target  # let the engine say why a hex is not a target
