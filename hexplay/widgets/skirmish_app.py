"""SkirmishApp: a ready SKIRMISH game (board, phase controls, plot builder, odds, log, record).

Secrecy: the board only ever receives ``game.view(viewer)`` for the side now at the screen (or
``"referee"`` in referee mode), so in a hot-seat game the other side's hidden units and plot
never reach the widget state.  Between the two plotting players the board is blanked until the
next player asks for his view.  Clicks are intents: the engine validates every plot.

A board click is cheap: the sight fog and the reachable hexes of a unit are cached per
(hex, known vehicles) and (hex, AP budget), and the board's trait changes of one click go out as
one comm message (``hold_sync``); traits whose value did not change send nothing.  The side
panels of a selection follow a moment later (:meth:`HexBoard.after_answer`), so their
messages never delay the board's.

Units off the map (escorts beyond the edge, men on foot there; SKIRMISH §2, §8) have no hex and
no counter: the "Off the map" panel (:mod:`.offmap`) lists the plotting side's, and a click on
one is handled as a click on a counter (select, or the target being picked).  Their tasks need
no board click, except the map hexes a man may go on with once his route steps reach the board.

Stable CSS classes: ``hexplay-ready`` (hot-seat hand-over button), ``hexplay-win-probability``
(the gauge), plus those of :mod:`.controls`, :mod:`.odds` and :mod:`.offmap`.
"""

from __future__ import annotations

import contextlib
import html
from collections.abc import Mapping
from typing import Any

import ipywidgets as W
import numpy as np

from .board import HexBoard
from .controls import TASK_NEEDS, PhaseControls, PlotBuilder, ReplaySlider
from .log import RecordTable, ResultsLog
from .odds import OddsPanel
from .offmap import OffMapPanel, offmap_units_from_view, unit_status
from .winprob import WinProbabilityGauge

SIDES = ("adversary", "defender")
#: Overlays that belong to the selected unit (replaced when the selection changes).
_SELECTION_OVERLAYS = ("los", "visible", "reachable")
REFEREE = "referee"
WEAPON_OF_CODE = {"rifle": "rifle", "shotgun": "shotgun", "pistol": "pistol"}


def _game_class() -> Any:
    from ..rules.skirmish.game import SkirmishGame

    return SkirmishGame


def _other(side: str) -> str:
    return "defender" if side == "adversary" else "adversary"


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


class _Controller:
    """Binds the plot builder to the game for the side now plotting (rules stay in the engine)."""

    def __init__(self, app: SkirmishApp) -> None:
        self.app = app

    @property
    def side(self) -> str:
        return self.app.plotting_side

    def legal_tasks(self, unit: str) -> list[Any]:
        codes = list(self.app.game.legal_tasks(self.side, unit))
        return [{"code": c, "needs": self.needs(unit, c)} for c in codes]

    def needs(self, unit: str, code: str) -> str | None:
        """What ``code`` needs for ``unit`` now: an exit (EV of a man aboard who has not yet
        plotted one) needs nothing; MP of a man off the map needs route steps."""
        u = self.app.units_by_id.get(unit) or {}
        plot = self.app.unit_plot(unit)
        if u.get("kind") == "man":
            if code == "EV" and u.get("in_vehicle") and all(t.get("code") != "EV" for t in plot):
                return None
            if code == "MP" and u.get("hex") is None:
                on_map = any(t.get("code") == "MP" and t.get("path") for t in plot)
                if not on_map:
                    return "steps"
        return TASK_NEEDS.get(code)

    def plot(self, unit, code, target=None, path=None, hexes=None) -> None:
        kw: dict[str, Any] = {}
        if target is not None:
            target = self.app.resolve_target(target)
            kw["target"] = target
        if path is not None:
            kw["path"] = path
        if hexes is not None:
            kw["hexes"] = hexes
        self.app.game.plot(self.side, unit, code, **kw)

    def unplot(self, unit: str) -> None:
        self.app.game.unplot(self.side, unit)

    def ap_left(self, unit: str) -> float:
        return float(self.app.game.ap_left(self.side, unit))

    def ap_total(self, unit: str) -> float:
        return 10.0

    def plotted(self, unit: str) -> list[str]:
        return [t["label"] for t in self.app.unit_plot(unit)]

    def unit_hex(self, unit: str) -> str | None:
        u = self.app.units_by_id.get(unit)
        if not u:
            return None
        if u.get("hex") is None and u.get("position"):
            return f"{u['position']} (off map)"
        return u.get("hex")


class SkirmishApp(W.VBox):
    """A complete SKIRMISH game in one widget.

    ``vs_computer`` names the side the computer plays (``"adversary"`` or ``"defender"``;
    ``None`` for two humans).  ``hot_seat`` lets two humans share one screen (the board is
    blanked between their plots).  ``referee`` shows everything and lets the referee plot for
    both sides.

    ``win_probability`` shows a :class:`~.winprob.WinProbabilityGauge` beside the board,
    updated when the game starts and after each turn is resolved (``win_probability_n``
    simulated continuations, 40 by default: well under 2 s).  It estimates from the *true*
    state of the game, so it is information only the referee (or the computer) has: it is on by
    default in referee mode and in open-map games, off otherwise (a player against the computer
    may ask for it, knowing it summarises positions he cannot see), and refused for two humans
    in hot-seat mode without a referee, where it would tell the side plotting about enemies it
    cannot see.  It is updated only after a turn is resolved, before anyone plots.
    """

    def __init__(
        self,
        game: Any = None,
        seed: int = 0,
        vs_computer: str | None = "adversary",
        hot_seat: bool = True,
        referee: bool = False,
        timer: bool = False,
        board_height: str = "",
        win_probability: bool | None = None,
        win_probability_n: int = 40,
    ) -> None:
        if vs_computer not in (None, *SIDES):
            raise ValueError(f"vs_computer must be 'adversary', 'defender' or None: {vs_computer}")
        if win_probability is None:
            open_map = bool(getattr(getattr(game, "scenario", None), "open_map", False))
            win_probability = referee or open_map
        elif win_probability and vs_computer is None and not referee:
            raise ValueError(
                "win_probability needs referee=True or a computer opponent: the estimate uses "
                "the true state and would reveal hidden enemies to the side plotting"
            )
        if game is None:
            game = _game_class().new(seed=seed)
        self.game = game
        self.seed = seed
        self.vs_computer = vs_computer
        self.hot_seat = hot_seat
        self.referee = referee
        self.humans = [s for s in SIDES if s != vs_computer]
        self.computer = None
        if vs_computer is not None:
            self.computer = self._make_computer(vs_computer, seed)
        self._start(game)
        self.plotting_side: str = self.humans[0]
        self.handover = False  # hot seat: board blanked until the next player is ready
        self.units_by_id: dict[str, dict[str, Any]] = {}
        self.view: dict[str, Any] = {}
        self.selected_unit: str | None = None
        self._sight_cache: dict[tuple[Any, ...], list[str]] = {}
        self._reach_cache: dict[tuple[Any, ...], dict[str, float]] = {}

        self.board = HexBoard(game.map, height=board_height)
        self.controls = PhaseControls(sides=list(SIDES), show_side_picker=referee, timer=timer)
        self.builder = PlotBuilder(_Controller(self))
        self.odds = OddsPanel()
        self.offmap = OffMapPanel(on_click=self._on_offmap_click)
        self.results = ResultsLog()
        self.record = RecordTable()
        self.replay = ReplaySlider(on_turn=self.show_turn)
        self.replay.layout.display = "none"
        self.ready = W.Button(description="", button_style="info", icon="eye")
        self.ready.add_class("hexplay-ready")
        self.ready.layout.display = "none"
        self.winprob: WinProbabilityGauge | None = None
        if win_probability:
            self.winprob = WinProbabilityGauge(
                n=win_probability_n, seed=seed, layout=W.Layout(width="100%")
            )
            self.winprob.add_class("hexplay-win-probability")
            self.winprob.figure.layout.height = "140px"

        self.board.on_click(self._on_board_click)
        self.builder.on_change = self._after_plot_change
        self.controls.end_plot.on_click(lambda _b: self.end_plot())
        self.controls.resolve.on_click(lambda _b: self.resolve())
        self.controls.new_game.on_click(lambda _b: self.new_game())
        self.controls.side.observe(self._on_side_pick, names="value")
        self.ready.on_click(lambda _b: self.take_over())
        if self.controls.timer is not None:
            self.controls.timer.on_expire = self._timer_expired

        tabs = W.Tab(children=[self.builder, self.odds, self.results, self.record])
        for i, t in enumerate(("Plot", "Odds", "Log", "Record")):
            tabs.set_title(i, t)
        self.tabs = tabs
        panel: list[W.Widget] = [self.controls, self.ready]
        if self.winprob is not None:
            panel.append(self.winprob)
        side_panel = W.VBox(
            [*panel, self.offmap, tabs], layout=W.Layout(width="42%", min_width="360px")
        )
        board_box = W.VBox([self.board, self.replay], layout=W.Layout(width="58%"))
        super().__init__(
            [W.HBox([board_box, side_panel], layout=W.Layout(width="100%", flex_flow="row wrap"))]
        )
        self.refresh()
        self.update_win_probability()

    # --- helpers --------------------------------------------------------------------------------
    @staticmethod
    def _start(game: Any) -> None:
        """Finish a game still in its set-up phase with the engine's default set-up."""
        if getattr(game, "phase", None) != "setup":
            return
        for side in SIDES:
            if not game.setup_done.get(side):
                game.auto_setup(side)
                game.submit(side)

    @staticmethod
    def _make_computer(side: str, seed: int) -> Any:
        """The scripted computer player of :mod:`hexplay.ai` for ``side`` (None if missing)."""
        try:
            from ..ai import ScriptedAdversary, ScriptedDefender
        except Exception:
            return None
        return (ScriptedAdversary if side == "adversary" else ScriptedDefender)(seed=seed)

    def _blockers(self) -> list[str]:
        """Hexes of vehicles this side knows about (they block LOS, Table III)."""
        return [u["hex"] for u in self.units_by_id.values() if u["kind"] != "man" and u["hex"]]

    def los(self, a: str, b: str) -> Any:
        """LOS trace between two hexes under SKIRMISH Table III with the known vehicles."""
        from ..rules.skirmish.sight import SKIRMISH_SIGHT

        return self.game.map.los(a, b, SKIRMISH_SIGHT, self._blockers())

    def visible_hexes(self, unit: str) -> list[str]:
        """Hexes visible from ``unit``'s hex with the vehicles this side knows as blockers.

        Cached per (map, hex, blockers): a turn computes each unit's row once (a vectorized
        ``Sight.visible_from``, about a millisecond), later clicks reuse it.
        """
        from ..rules.skirmish.sight import SKIRMISH_SIGHT

        m = self.game.map
        hx = self.units_by_id[unit]["hex"]
        if hx is None:
            return []  # off the map: sees nothing (and is never seen)
        blockers = tuple(sorted(self._blockers()))
        key = (id(m), hx, blockers)
        hit = self._sight_cache.get(key)
        if hit is None:
            if len(self._sight_cache) > 512:
                self._sight_cache.clear()
            labels = self.__dict__.get("_labels")
            if labels is None or labels[1] is not m:
                labels = self._labels = (np.asarray(m.hex_labels, dtype=object), m)
            mask = m.sight(SKIRMISH_SIGHT).visible_from(hx, None, list(blockers))
            hit = self._sight_cache[key] = labels[0][mask].tolist()
        return list(hit)

    def reachable(self, unit: str) -> dict[str, float] | None:
        """Hexes a man on foot can reach with his AP left (wounded men pay double).

        Cached per (map, hex, budget, wounded).
        """
        u = self.units_by_id.get(unit)
        if u is None or u["kind"] != "man" or u.get("in_vehicle") or u.get("hex") is None:
            return None
        from ..movement import Movement
        from ..rules.skirmish.movement import SKIRMISH_COSTS

        m = self.game.map
        if getattr(self, "_movement", None) is None or self._movement[0] is not m:
            self._movement = (m, Movement(m, SKIRMISH_COSTS, "person"))
        factor = 2 if u.get("status") == "W" else 1
        budget = float(self.game.ap_left(self.plotting_side, unit)) / factor
        key = (id(m), u["hex"], budget, factor)
        hit = self._reach_cache.get(key)
        if hit is None:
            if len(self._reach_cache) > 512:
                self._reach_cache.clear()
            costs = self._movement[1].reachable(u["hex"], budget).costs()
            hit = {k: float(v) * factor for k, v in costs.items() if k != u["hex"]}
            self._reach_cache[key] = hit
        return dict(hit)

    @property
    def viewer(self) -> str:
        return REFEREE if self.referee else self.plotting_side

    def unit_plot(self, unit: str) -> list[dict[str, Any]]:
        """The viewer's plotted tasks of ``unit`` as dicts with a ``label``."""
        plots = self.view.get("plot") or self.view.get("plots") or {}
        if self.plotting_side in plots and isinstance(plots[self.plotting_side], Mapping):
            plots = plots[self.plotting_side]
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
        if occupant is not None and occupant in self.units_by_id:
            return occupant
        if target in self.units_by_id:
            return target
        here = [u for u in self.units_by_id.values() if u.get("hex") == target]
        foes = [u for u in here if u.get("side") != self.plotting_side and u["kind"] == "man"]
        if len(foes) == 1:
            return foes[0]["id"]
        veh = [u for u in here if u["kind"] != "man"]
        if len(veh) == 1:
            return veh[0]["id"]
        return target  # let the engine say why a hex is not a target

    # --- refresh ------------------------------------------------------------------------------
    def refresh(self) -> None:
        """Pull the current side's view from the engine and push it to every panel."""
        g = self.game
        over = bool(getattr(g, "over", False))
        if self.handover and not self.referee:
            self.view = {}
            self.units_by_id = {}
            with self.board.hold_sync():
                self.board.units = []
                self.board.clear_overlays()
                self.board.selected = None
            self.builder.set_unit(None)
            self.offmap.set_units([])
        else:
            self.view = dict(g.view(self.viewer))
            units = units_from_view(self.view)
            off = offmap_units_from_view(self.view, None if self.referee else self.plotting_side)
            self.units_by_id = {u["id"]: u for u in units}
            for u in off:
                self.units_by_id.setdefault(u["id"], u)
            with self.board.hold_sync():  # one message: units and plot overlays together
                self.board.units = units
                self._plot_overlays()
            self.offmap.set_units(off, self.selected_unit)
        turn = int(getattr(g, "turn", 0))
        limit = _get(getattr(g, "scenario", None), "turn_limit", None)
        barrier = self.view.get("barrier_points", _get(g, "barrier", None))
        extra = f"barrier points {barrier}" if barrier is not None else ""
        if over:
            extra += f" · game over: <b>{html.escape(str(getattr(g, 'winner', '')))}</b> wins"
        self.controls.set_status(
            turn,
            limit,
            str(getattr(g, "phase", "")),
            None if self.referee else self.plotting_side,
            extra,
            over,
        )
        self.controls.end_plot.disabled = over or self.handover
        self.controls.resolve.layout.display = "" if (self.referee or over) else "none"
        self.controls.resolve.disabled = over
        self.ready.layout.display = "" if self.handover else "none"
        self.ready.description = f"I am the {self.plotting_side}: show my map"
        self.builder.refresh()
        events = self.view.get("events")
        if events is None and hasattr(g, "log"):
            try:
                events = g.log.for_side(self.viewer)
            except Exception:
                events = None
        if events is not None:
            self.results.set_events(events)
        self._refresh_record()
        if over:
            self.replay.layout.display = ""
            self.replay.set_range(turn)

    def _refresh_record(self) -> None:
        try:
            rec = self.game.record()
        except Exception:
            return
        rows = rec.get("rows") if isinstance(rec, Mapping) else rec
        if rows is None and isinstance(rec, Mapping):
            rows = rec.get("turns") or []
        if isinstance(rows, list) and all(isinstance(r, Mapping) for r in rows):
            rows = self._visible_record_rows(rows)
            head: Any = rec if isinstance(rec, Mapping) else {}
            if hasattr(self.game, "record_header"):
                with contextlib.suppress(Exception):
                    head = self.game.record_header()
            summary = " · ".join(
                f"{k}: {head[k]}"
                for k in ("route", "ambush", "barrier_points", "winner")
                if head.get(k) is not None
            )
            cols = ["turn", "unit", "side", "start", "tasks", "ap", "condition", "location"]
            have = {k for r in rows for k in r}
            self.record.set_rows(
                rows, columns=[c for c in cols if c in have] or None, summary=summary
            )

    def _visible_record_rows(self, rows: list[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
        """During play a side sees only its own record rows (the referee sees all)."""
        if self.referee or getattr(self.game, "over", False):
            return list(rows)
        side = self.plotting_side
        return [r for r in rows if r.get("side") in (None, side)]

    def _plot_overlays(self) -> None:
        paths, fires = [], []
        for uid in self.units_by_id:
            start = self.units_by_id[uid].get("hex")
            for t in self.unit_plot(uid):
                if t.get("code") == "MP" and t.get("path"):
                    # from off the map the drawn path starts at the hex where he enters it
                    hexes = [start, *t["path"]] if start else list(t["path"])
                    if len(hexes) > 1:
                        paths.append({"unit": uid, "side": self.plotting_side, "hexes": hexes})
                    start = t["path"][-1]
                elif t.get("code") == "DF" and t.get("target") in self.units_by_id:
                    fires.append(
                        {
                            "unit": uid,
                            "side": self.units_by_id[uid].get("side"),
                            "from": self.units_by_id[uid]["hex"],
                            "to": self.units_by_id[t["target"]]["hex"],
                            "target": t["target"],
                        }
                    )
        ov = {k: v for k, v in self.board.overlays.items() if k not in ("paths", "fires")}
        if paths:
            ov["paths"] = paths
        if fires:
            ov["fires"] = fires
        if ov != self.board.overlays:
            self.board.overlays = ov

    # --- intents --------------------------------------------------------------------------------
    def _on_board_click(self, ev: dict[str, Any]) -> None:
        """A click: a target/path for the task being plotted, a selection, or an inspection.

        ``ev["occupant"]`` (a man aboard the vehicle clicked, by his pip) is more specific than
        ``ev["unit"]``: it is the fire target, the man selected or the man inspected.
        """
        hex_, unit = ev.get("hex"), ev.get("unit")
        occupant = ev.get("occupant")
        if occupant is not None and occupant not in self.units_by_id:
            occupant = None  # not in this side's view: ignore
        if self.handover or getattr(self.game, "over", False):
            return
        if self.builder.handle_click(hex_, unit, occupant):
            return
        picked = occupant or unit
        mine = picked is not None and self.units_by_id.get(picked, {}).get("side") == (
            self.plotting_side
        )
        if picked is not None and (mine or self.referee):
            self.select(picked)
            return
        if self.selected_unit is not None:
            self.inspect(self.selected_unit, picked or hex_)
        elif hex_ is not None:
            self.board.selected = hex_

    def _on_offmap_click(self, unit: str) -> None:
        """A click on an off-map unit's button: as a click on its counter (no hex)."""
        if unit not in self.units_by_id:
            return
        self._on_board_click({"hex": None, "unit": unit})

    def select(self, unit: str) -> None:
        """Select one of the plotting side's units: plot panel, sight fog, reach."""
        u = self.units_by_id.get(unit)
        if u is None:
            return
        if self.referee and u.get("side") in SIDES and u["side"] != self.plotting_side:
            self.plotting_side = u["side"]
            self.controls.side.value = u["side"]
        self.selected_unit = unit
        ov = {k: v for k, v in self.board.overlays.items() if k not in _SELECTION_OVERLAYS}
        if u.get("hex") is not None:
            with contextlib.suppress(Exception):
                ov["visible"] = self.visible_hexes(unit)
        with contextlib.suppress(Exception):
            reach = self.reachable(unit)
            if reach is not None:
                ov["reachable"] = reach
        # the board first, in one message (selection + overlays); the panels once it has been
        # drawn (at once outside a browser click), so they never delay the board
        with self.board.hold_sync():
            self.board.selected = unit
            if ov != self.board.overlays:
                self.board.overlays = ov
        self.board.after_answer(lambda: self._select_panels(unit))

    def _select_panels(self, unit: str) -> None:
        """The side panels of a selection: plot builder, off-map list, odds, the Plot tab."""
        u = self.units_by_id.get(unit)
        if u is None or self.selected_unit != unit:
            return  # selected something else meanwhile
        self.builder.set_unit(unit)
        self.offmap.select(unit)
        self.odds.set_weapon(u.get("weapon") or "rifle", u.get("status") == "W")
        self.tabs.selected_index = 0

    def inspect(self, firer: str, target: str) -> None:
        """LOS from the selected unit to a hex or unit, and the odds if it is a target."""
        f = self.units_by_id.get(firer)
        if f is None:
            return
        tgt_unit = self.units_by_id.get(target)
        to_hex = tgt_unit["hex"] if tgt_unit else target
        try:
            trace = self.los(f["hex"], to_hex)
            self.board.show_los(trace)
        except Exception:
            pass
        if tgt_unit is not None and tgt_unit.get("side") != f.get("side"):
            try:
                o = self.game.odds(firer, target)
                self.odds.show(o, f"{firer} → {target}")
            except Exception as e:
                self.odds.show(None, f"{firer} → {target}: {e}")
            self.tabs.selected_index = 1

    def _after_plot_change(self) -> None:
        self.refresh()

    def _on_side_pick(self, change: dict[str, Any]) -> None:
        if self.referee and change["new"] != self.plotting_side:
            self.plotting_side = change["new"]
            self.selected_unit = None
            self.builder.set_unit(None)
            self.refresh()

    def end_plot(self) -> None:
        """Submit the plotting side's plot; hand over, let the computer plot, or resolve."""
        g = self.game
        try:
            g.submit(self.plotting_side)
        except Exception as e:
            self.controls.say(str(e), error=True)
            return
        self.controls.say(f"{self.plotting_side} plot submitted")
        self.selected_unit = None
        self.builder.set_unit(None)
        if self.vs_computer is not None:
            self._computer_plays()
        remaining = [s for s in self.humans if not self._submitted(s)]
        if remaining:
            self.plotting_side = remaining[0]
            if self.referee:
                self.controls.side.value = self.plotting_side
            elif self.hot_seat:
                self.handover = True
            self.refresh()
            return
        self.resolve()

    def _submitted(self, side: str) -> bool:
        fn = getattr(self.game, "submitted", None)
        if callable(fn):
            return bool(fn(side))
        if isinstance(fn, Mapping):
            return bool(fn.get(side))
        book = getattr(self.game, "plots", None)
        return bool(getattr(book, "submitted", {}).get(side, False))

    def _computer_plays(self) -> None:
        side = self.vs_computer
        if side is None or self._submitted(side):
            return
        try:
            c = self.computer
            if c is not None:
                c.act(self.game)  # hexplay.ai interface: plots from its own view, submits
            if not self._submitted(side):
                self.game.submit(side)
        except Exception as e:
            self.controls.say(f"computer ({side}) could not plot: {e}", error=True)

    def take_over(self) -> None:
        """Hot seat: the next player is at the screen; show his view."""
        self.handover = False
        self.refresh()

    def resolve(self) -> None:
        """Resolve the turn (all plots in), log its events, start the next plot."""
        g = self.game
        if self.vs_computer is not None:
            self._computer_plays()
        try:
            g.resolve_turn()
        except Exception as e:
            self.controls.say(str(e), error=True)
            return
        self.controls.say(f"turn resolved; now turn {getattr(g, 'turn', '?')}")
        self.plotting_side = self.humans[0]
        if self.referee:
            self.controls.side.value = self.plotting_side
        self.handover = self.hot_seat and len(self.humans) > 1 and not self.referee
        self.selected_unit = None
        self.board.clear_overlays()
        self.refresh()
        self.update_win_probability()

    def update_win_probability(self) -> dict[str, Any] | None:
        """Re-estimate P(adversary wins) on the gauge (no-op without one).

        Called at the start and after each resolved turn, before anyone plots: the estimate
        uses the true state, which only the referee and the computer know (see the class
        docstring for when the gauge is shown)."""
        if self.winprob is None:
            return None
        try:
            return self.winprob.update(self.game)
        except Exception as e:  # the gauge must never break the game
            self.winprob.label.value = f"<i>no estimate: {html.escape(str(e))}</i>"
            return None

    def new_game(self) -> None:
        self.seed += 1
        self.game = _game_class().new(seed=self.seed)
        self._start(self.game)
        if self.vs_computer is not None:
            self.computer = self._make_computer(self.vs_computer, self.seed)
        self.plotting_side = self.humans[0]
        self.handover = False
        self.replay.layout.display = "none"
        self._sight_cache.clear()
        self._reach_cache.clear()
        self.__dict__.pop("_replay_cache", None)
        self.board.clear_overlays()
        self.refresh()
        if self.winprob is not None:
            self.winprob.reset()
            self.update_win_probability()

    def _timer_expired(self) -> None:
        self.controls.say("time is up: plot submitted as it stands")
        self.end_plot()

    # --- replay ---------------------------------------------------------------------------------
    def show_turn(self, turn: int) -> None:
        """Show the end-of-turn state of ``turn`` of a finished game on the board."""
        if not getattr(self.game, "over", False):
            return
        frame = self.replay_view(turn)
        if frame is None:
            return
        self.board.units = units_from_view(frame)
        self.board.clear_overlays()
        self.results.set_events([e for e in frame.get("events", []) if e.get("turn", 0) <= turn])

    def replay_view(self, turn: int) -> dict[str, Any] | None:
        """Referee view of the end of ``turn`` (the start of turn+1; the final state at the end).

        Rebuilt by replaying the game's commands on a copy (``SkirmishGame.rewind``).
        """
        cache = self.__dict__.setdefault("_replay_cache", {})
        if turn in cache:
            return cache[turn]
        g = self.game
        last = int(getattr(g, "turn", 0))
        try:
            if turn >= last or getattr(g, "rewind", None) is None:
                v = g.view(REFEREE)
            else:
                v = g.copy().rewind(max(1, turn + 1)).view(REFEREE)
        except Exception as e:
            self.controls.say(str(e), error=True)
            return None
        cache[turn] = v
        return v
