"""The SKIRMISH UI adapter for :class:`~.game_app.GameApp` (and :class:`SkirmishApp`).

What is SKIRMISH's own in the app: men and vehicles as counters (men aboard a vehicle drawn
as pips on it), the "Off the map" panel (:mod:`.offmap`), the odds panel (:mod:`.odds`), the
sight fog and the reach of the selected man, the plotted paths and fire arrows, barrier
points in the status line, the record table, the win-probability estimate. Everything comes
from the viewing side's view: the odds of a shot are asked of the engine only for an enemy
the side sees now (a faded last-known counter gets "not in sight", never odds from where he
really is).

A board click is cheap: the sight fog and the reachable hexes of a unit are cached per (hex,
known vehicles) and (hex, AP budget).

The order builder's tasks and what each needs come from the engine's ``legal_orders``
(:class:`SkirmishController`); this module holds no rules table, only the tasks' titles.
"""

from __future__ import annotations

import contextlib
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

import numpy as np

from hexplay.engine.protocol import LegalOrder, Need, Order
from hexplay.widgets.adapter import REFEREE, GameUI, OrderController
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


class SkirmishController(OrderController):
    """The order builder's link to a SkirmishGame for the side at the screen."""

    @property
    def ui(self) -> SkirmishUI:
        return self.app.ui  # type: ignore[return-value]

    def legal_orders(self, unit: str) -> list[LegalOrder]:
        """The engine's legal orders of ``unit``, each with its Table II title. An MP of a man
        off the map lists route steps only; the order also takes the hexes he goes on with
        once the steps reach the board (``TASK_ARGS``), so an optional path is asked too."""
        out = []
        for lo in self.engine_legal_orders(unit):
            needs = lo.needs
            if lo.kind == "MP" and [n.kind for n in needs] == ["int"]:
                needs = (*needs, Need("path", "path", (), "hexes on the map", optional=True))
            title = TASK_TITLES.get(lo.kind, lo.label)
            if lo.kind == "place":  # a set-up placement: one entry per vehicle a guard may take
                title = f"place in {lo.args['where']}" if "where" in lo.args else "place"
            out.append(replace(lo, needs=tuple(needs), label=title))
        if unit in getattr(self.app.game, "men", {}) and any(lo.kind == "MP" for lo in out):
            from ..legal import keep_going_order

            keep = keep_going_order(self.app.game, self.side, unit)  # "same as last turn"
            if keep is not None:
                out.append(keep)
        return out

    def order(self, order: Order) -> None:
        args = dict(order.args)
        if args.get("target") is not None:
            args["target"] = self.ui.resolve_target(args["target"])
        self.app.game.order(Order(order.side, order.kind, order.unit, args))

    def undo(self, unit: str | None) -> None:
        self.app.game.undo(self.side, unit)

    def pick(self, need: Need, hex: str | None, unit: str | None, occupant: str | None) -> Any:
        if need.kind == "hex":  # (a set-up placement: the hex clicked, whoever stands in it)
            return hex
        target = occupant or unit or hex
        if target is None:
            return None
        return self.ui.resolve_target(target, occupant)

    def reach(self, unit: str) -> Any:
        """The game's reach query; a game that answers without points (a table seat's remote
        game) gets the AP left from the game's ``ap_left``."""
        r = super().reach(unit)
        if r.left is None:
            with contextlib.suppress(Exception):
                r.left, r.total = float(self.app.game.ap_left(self.side, unit)), 10.0
                r.cost_unit = "AP"
        return r

    def plotted(self, unit: str) -> list[str]:
        """The unit's plotted tasks; a shot with its odds (the engine's ``plotted_odds``)."""
        tasks = self.ui.unit_plot(unit)
        odds: list[Any] = []
        if any(t.get("code") == "DF" for t in tasks):
            with contextlib.suppress(Exception):
                odds = list(self.app.game.plotted_odds(self.side, unit))
        out = []
        for t in tasks:
            label = t["label"]
            if t.get("code") == "DF" and odds:
                o = odds.pop(0)
                k, w = float(_get(o, "K", 0) or 0), float(_get(o, "W", 0) or 0)
                label += f" (K {k:.0%} · W {w:.0%})"
            out.append(label)
        return out

    def unit_hex(self, unit: str) -> str | None:
        u = self.app.units_by_id.get(unit)
        if not u:
            return None
        if u.get("hex") is None and u.get("position"):
            return f"{u['position']} (off map)"
        return u.get("hex")


#: Button tooltips of the Table II tasks.
TASK_TITLES: dict[str, str] = {
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
    """SKIRMISH's counters, panels and clicks (see the module doc)."""

    title = "SKIRMISH"
    controller_class = SkirmishController
    gauge_class = WinProbabilityGauge
    #: 30 x 36 hexes in a column: at the whole-map scale a counter is ~12 px (issue 15)
    fit_units = True
    #: counters 20% larger (one man or vehicle a hex, mostly: the hex holds it)
    counter_scale = 1.2
    #: The human sides place their own units (the order builder offers the set-up's ``place``
    #: orders, Undo last takes a unit's placement back, End plot submits the set-up) once the
    #: ambush hex is known; the route and ambush hex, when the scenario leaves them open, are
    #: the rules' default choices (the builder orders units only).
    manual_setup = False

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.odds = OddsPanel()
        self.offmap = OffMapPanel(on_click=self._on_offmap_click)
        self._sight_cache: dict[tuple[Any, ...], HexLabels] = {}

    # --- the game -------------------------------------------------------------------------------
    @classmethod
    def new_game(cls, seed: int = 0) -> Any:
        return _game_class().new(seed=seed)

    def start(self, game: Any) -> None:
        """Finish a game still in its set-up phase with the engine's default set-up (with
        :attr:`manual_setup`, the human sides' placements are left to them)."""
        if getattr(game, "phase", None) != "setup":
            return
        humans = getattr(self.app, "humans", list(SIDES))
        for side in SIDES:  # the adversary first: the convoy is placed once the ambush is known
            if self.manual_setup and side in humans:
                if game.ambush is None:  # the rules' default route and ambush hex
                    twin = game.copy()
                    twin.auto_setup(side)
                    if game.route_name is None:
                        game.choose_route(twin.route_name)
                    game.place_ambush(twin.ambush)
                continue
            if not game.setup_done.get(side):
                game.auto_setup(side)
                game.submit(side)

    def win_probability(self, game: Any, n: int, seed: int) -> Mapping[str, Any]:
        from hexplay.analysis.winprob import win_probability

        return win_probability(game, n=n, seed=seed, tactics=None)

    def reset(self) -> None:
        self._sight_cache.clear()

    # --- the board ------------------------------------------------------------------------------
    @property
    def style(self) -> CounterStyle:
        return CounterStyle(
            (
                SideStyle("adversary", "#b8322a", "adversary"),
                SideStyle("defender", "#2f5fa8", "defender (guards)"),
            )
        )

    def counters(self, view: Mapping[str, Any], side: str) -> list[dict[str, Any]]:
        out = counters_from_view(view)
        units = view.get("units") or {}
        for c in out:
            if c.get("kind") in ("escort", "transporter", "vehicle") and c["id"] in units:
                f = self.facing(units[c["id"]])
                if f is not None:
                    c["facing"] = f
        return out

    def extra_units(self, view: Mapping[str, Any], side: str) -> list[dict[str, Any]]:
        """The side's units off the map, and in the set-up its men still to place."""
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

    def status(self, view: Mapping[str, Any]) -> str:
        barrier = view.get("barrier_points")
        return f"barrier points {barrier}" if barrier is not None else ""

    def turn_limit(self) -> int | None:
        return _get(getattr(self.app.game, "scenario", None), "turn_limit", None)

    def overlays(self, view: Mapping[str, Any], side: str) -> dict[str, Any]:
        """The side's plotted moves (paths) and shots (fire arrows)."""
        by_id = self.app.units_by_id
        paths, fires = [], []
        route = list(view.get("route_hexes") or [])
        units = view.get("units") or {}
        for uid in by_id:
            start = by_id[uid].get("hex")
            v = units.get(uid) or {}
            pos, heading = v.get("pos"), v.get("heading", 1) or 1
            for t in self.unit_plot(uid):
                if t.get("code") == "MV" and pos is not None and route:
                    # a vehicle's MV drawn along its route, as far as the map shows it
                    n = int(t.get("hexes") or 0)
                    idx = [pos + heading * k for k in range(n + 1)]
                    hexes = [route[i] for i in idx if 0 <= i < len(route)]
                    if len(hexes) > 1:
                        paths.append({"unit": uid, "side": self.app.plotting_side, "hexes": hexes})
                    pos += heading * n
                    continue
                if t.get("code") == "MP" and t.get("path"):
                    # from off the map the drawn path starts at the hex where he enters it
                    hexes = [start, *t["path"]] if start else list(t["path"])
                    if len(hexes) > 1:
                        paths.append({"unit": uid, "side": self.app.plotting_side, "hexes": hexes})
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
        return ov

    # --- panels ---------------------------------------------------------------------------------
    def panels(self) -> list[tuple[str | None, Any]]:
        return [("Odds", self.odds), (None, self.offmap)]

    def refresh_panels(self, view: Mapping[str, Any], side: str | None) -> None:
        turn = (view.get("turn"), side)
        if turn != getattr(self, "_odds_turn", None):  # a new turn: last turn's pair is stale
            self._odds_turn = turn
            self.odds.show(None)
        off = [u for u in self.app.units_by_id.values() if u.get("hex") is None]
        self.offmap.set_units(off, self.app.selected_unit)

    def blank_panels(self) -> None:
        self.odds.blank()
        self.offmap.set_units([])

    def events(self, view: Mapping[str, Any], viewer: str) -> list[dict[str, Any]] | None:
        ev = view.get("events")
        if ev is None and hasattr(self.app.game, "log"):
            with contextlib.suppress(Exception):
                ev = self.app.game.log.for_side(viewer)
        return None if ev is None else list(ev)

    def record(self, viewer: str) -> tuple[list[Mapping[str, Any]], list[str] | None, str]:
        """The record rows: during play a side sees only its own (the referee all)."""
        g = self.app.game
        try:
            rows = g.record()
        except Exception:
            return [], None, ""
        if isinstance(rows, Mapping):
            rows = rows.get("rows") or rows.get("turns") or []
        rows = [r for r in rows if isinstance(r, Mapping)]
        if not (self.app.referee or g.over):
            rows = [r for r in rows if r.get("side") in (None, viewer)]
        head: Any = {}
        if hasattr(g, "record_header"):
            with contextlib.suppress(Exception):
                head = g.record_header()
        keys = ("route", "ambush", "barrier_points", "winner")
        summary = " · ".join(f"{k}: {head[k]}" for k in keys if head.get(k) is not None)
        cols = ["turn", "unit", "side", "start", "tasks", "ap", "condition", "location"]
        have = {k for r in rows for k in r}
        return rows, [c for c in cols if c in have] or None, summary

    # --- class play: roster, summary words, defaults ----------------------------------------
    def facing(self, vehicle: Mapping[str, Any]) -> int | None:
        """The hexside a vehicle on the map heads to (0 N, clockwise; flat-topped grid): from
        its hex to the next hex of its route in its heading."""
        route = list(self.app.view.get("route_hexes") or [])
        pos, heading = vehicle.get("pos"), vehicle.get("heading", 1) or 1
        if pos is None or not 0 <= pos < len(route) or not 0 <= pos + heading < len(route):
            return None
        m = self.app.game.map
        with contextlib.suppress(Exception):
            return m.hex(route[pos]).direction_to(tuple(m.hex(route[pos + heading])))
        return None

    def roster(self, view: Mapping[str, Any], side: str) -> list[dict[str, Any]]:
        """The side's men and vehicles, men aboard listed under their vehicle (one click
        selects one: no pip to hit), with condition, AP left and the plot so far."""
        by_id = self.app.units_by_id
        c = self.app.builder.controller
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
            plotted = []
            ap = None
            if st != "K" and c is not None and side != REFEREE:
                with contextlib.suppress(Exception):
                    plotted = c.plotted(uid)
                    ap = float(self.app.game.ap_left(side, uid))
            return {
                "id": uid,
                "text": " · ".join(b for b in bits if b),
                "status": st,
                "plotted": " ".join(plotted),
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

    def shot_odds(self, event: Mapping[str, Any]) -> dict[str, float] | None:
        """P(K), P(W), P(miss) of a SKIRMISH shot event from its attack and defence strengths
        (Table VI, :func:`hexplay.games.skirmish.combat.combat_odds`: the resolver's own table)."""
        a, d = event.get("attack"), event.get("defence")
        if a is None or d is None:
            return None
        try:
            from ..combat import combat_odds

            o = combat_odds(int(a), int(d))
        except Exception:
            return None
        return {k: float(v) for k, v in o.items()}

    def after_order(self, order: Order) -> dict[str, Any] | None:
        """The odds panel follows plotting: a DF just plotted shows its odds and its LOS (the
        Plot tab stays on screen, its plotted line carries the odds too)."""
        if order.kind == "DF" and order.args.get("target"):
            return self.inspect(order.unit, str(order.args["target"]), switch=False)
        return None

    def repeat_order(self, game: Any, order: Order, given: Sequence[Order]) -> Order | None:
        """Same as last turn: a man on foot who walked keeps going in his direction
        (:func:`~hexplay.games.skirmish.legal.keep_going`: one MP for all of last turn's
        steps, from where he stands now; IllegalOrder when the way is blocked); every other
        order is given again as it was."""
        m = getattr(game, "men", {}).get(order.unit)
        if order.kind != "MP" or m is None or m.vehicle or m.hex is None:
            return order
        if any(o.unit == order.unit and o.kind == "MP" for o in given):
            return None  # his first MP already took all of last turn's steps
        from ..legal import keep_going

        return keep_going(game, order.side, order.unit)

    def default_orders(self, game: Any, side: str) -> list[Order]:
        """Time up with a moving vehicle unplotted (§8: it must be stopped or moved): SV, the
        order that commits the player to no distance he did not choose."""
        out = []
        for uid, u in (self.app.view.get("units") or {}).items():
            if u.get("kind", "man") == "man" or not u.get("moving"):
                continue
            if u.get("controller", u.get("side")) != side:
                continue
            if not any(t.get("code") in ("MV", "SV") for t in self.unit_plot(uid)):
                out.append(Order(side, "SV", uid, {}))
        return out

    def selectable(self, unit: Mapping[str, Any], side: str) -> bool:
        """Own units that can still act: a killed man cannot be selected."""
        return unit.get("side") == side and unit.get("status") != "K" and not unit.get("stale")

    # --- clicks ---------------------------------------------------------------------------------
    def target(
        self, unit: str | None, occupant: str | None, by_id: Mapping[str, Mapping[str, Any]]
    ) -> str | None:
        """The unit a click names: the man aboard whose pip was clicked; for an enemy vehicle
        its first living man (fire is at men); else the counter."""
        if occupant is not None:
            return occupant
        t = by_id.get(unit or "")
        if t is not None and t.get("kind", "man") != "man" and t.get("occupants"):
            side = self.app.plotting_side
            if t.get("side") != side:
                alive = [o for o in t["occupants"] if by_id.get(o, {}).get("status") != "K"]
                return alive[0] if alive else unit
        return unit

    def _on_offmap_click(self, unit: str) -> None:
        """A click on an off-map unit's button: as a click on its counter (no hex)."""
        self.intents.select(unit)

    def select(self, unit: str) -> dict[str, Any]:
        u = self.app.units_by_id[unit]
        ov: dict[str, Any] = {}
        if u.get("hex") is not None:
            with contextlib.suppress(Exception):
                ov["visible"] = self.visible_hexes(unit)
        with contextlib.suppress(Exception):
            reach = self.reachable(unit)
            if reach is not None:
                ov["reachable"] = reach
        return ov

    def select_panels(self, unit: str) -> None:
        u = self.app.units_by_id[unit]
        self.offmap.select(unit)
        self.odds.set_weapon(u.get("weapon") or "rifle", u.get("status") == "W")

    def inspect(self, firer: str, target: str, switch: bool = True) -> dict[str, Any]:
        """LOS from the selected unit to a hex or unit (the ``los`` overlay returned for the
        shell to draw), and the odds if it is an enemy the side sees now. A last-known (faded)
        enemy gets no odds: the engine would answer from where he really is, which the side
        does not know."""
        app = self.app
        out: dict[str, Any] = {}
        f = app.units_by_id.get(firer)
        if f is None:
            return out
        tgt = app.units_by_id.get(target)
        to_hex = tgt["hex"] if tgt else target
        if f.get("hex") is not None and to_hex is not None:
            with contextlib.suppress(Exception):
                out["los"] = self.los(f["hex"], to_hex)
        if tgt is None or tgt.get("side") == f.get("side"):
            return out
        pair = f"{firer} → {target}"
        if tgt.get("stale") or target not in (app.view.get("units") or {}):
            seen = tgt.get("seen_turn")
            when = f" on turn {seen}" if seen is not None else ""
            self.odds.show(None, f"{pair}: not in sight now (last seen at {to_hex}{when})")
        else:
            try:
                o = app.game.odds(firer, target)
                self.odds.show(weapon_note(o, f), pair)
            except Exception as e:
                self.odds.show(None, f"{pair}: {e}")
        if switch:
            self.intents.show_tab("Odds")
        return out

    # --- sight, reach, plots (from the side's view) ---------------------------------------------
    def blockers(self) -> list[str]:
        """What blocks sight for the side on view besides terrain (Table III): the hexes of the
        vehicles its view shows, last-known positions included (the referee's: every vehicle).
        :meth:`los` and :meth:`visible_hexes` trace with these."""
        return [
            u["hex"]
            for u in self.app.units_by_id.values()
            if u.get("kind", "man") != "man" and u.get("hex")
        ]

    def terrain(self) -> Any:
        """The game's terrain tables on its map (:class:`~hexplay.games.skirmish.terrain.Terrain`:
        SKIRMISH's, or AMBUSH's types and density), the map's shared one if the game has none."""
        from ..terrain import Terrain, terrain_for

        t = getattr(self.app.game, "terrain", None)
        return t if isinstance(t, Terrain) else terrain_for(self.app.game.map)

    def los(self, a: str, b: str) -> Any:
        """LOS trace between two hexes under the game's Table III with the known vehicles."""
        return self.app.game.map.los(a, b, self.terrain().effects.sight, self.blockers())

    def visible_hexes(self, unit: str) -> list[str]:
        """Hexes visible from ``unit``'s hex with the vehicles this side knows as blockers.

        Cached per (map, hex, blockers): a turn computes each unit's row once (a vectorized
        ``Sight.visible_from``, about a millisecond), later clicks reuse it."""
        m = self.app.game.map
        sight = self.terrain().effects.sight
        hx = self.app.units_by_id[unit]["hex"]
        if hx is None:
            return []  # off the map: sees nothing (and is never seen)
        blockers = tuple(sorted(self.blockers()))
        key = (id(m), id(sight), hx, blockers)
        hit = self._sight_cache.get(key)
        if hit is None:
            if len(self._sight_cache) > 512:
                self._sight_cache.clear()
            mask = m.sight(sight).visible_from(hx, None, list(blockers))
            hit = self._sight_cache[key] = HexLabels(np.flatnonzero(mask), m.hex_labels)
        return hit.copy()  # a list of labels that holds its indices (the cache's stays as is)

    def reachable(self, unit: str) -> dict[str, float] | None:
        """The selected unit's reach for the board's shading: hex -> cost (AP) of the game's
        reach query (a man on foot: where his AP left takes him, wounded men paying double; a
        vehicle: the route hexes ahead); None when it has none. A
        :class:`~hexplay.widgets.hex_overlays.HexCosts` (the board sends its arrays)."""
        r = self.app.builder.controller.reach(unit)
        if not r:
            return None
        m = self.app.game.map
        labels = list(r)
        return HexCosts([m.index(k) for k in labels], [r.cost(k) for k in labels], m.hex_labels)

    def unit_plot(self, unit: str) -> list[dict[str, Any]]:
        """The viewer's plotted tasks of ``unit`` as dicts with a ``label``."""
        view = self.app.view
        side = self.app.plotting_side
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

    def resolve_target(self, target: str, occupant: str | None = None) -> str:
        """A click as a DF/EV target: the man aboard a vehicle whose pip was clicked
        (``occupant``), a unit, or for a hex the single enemy (or vehicle) visible in it."""
        by_id = self.app.units_by_id
        if occupant is not None and occupant in by_id:
            return occupant
        if target in by_id:
            return target
        here = [u for u in by_id.values() if u.get("hex") == target]
        side = self.app.plotting_side
        foes = [u for u in here if u.get("side") != side and u["kind"] == "man"]
        if len(foes) == 1:
            return foes[0]["id"]
        veh = [u for u in here if u["kind"] != "man"]
        if len(veh) == 1:
            return veh[0]["id"]
        return target  # let the engine say why a hex is not a target


class ManualSetupSkirmishUI(SkirmishUI):
    """:class:`SkirmishUI` where the human sides place their own units (see
    :attr:`SkirmishUI.manual_setup`)."""

    manual_setup = True
