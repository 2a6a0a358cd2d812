"""The AGGRESSOR UI adapter for :class:`~.game_app.GameApp` (and :class:`AggressorApp`).

What is AGGRESSOR's own in the app, every part from the viewing side's view and the engine's
side-knowledge queries (:mod:`hexplay.games.aggressor.queries`) only:

- counters: APP-6 unit-type symbols (milsymbol SIDCs, friendly or hostile frame as the viewer
  sees them), range-strength in a corner ("3-3"), badges (dug in = emplaced, frozen, technical,
  in a CBR hex); an Unidentified enemy is a face-down counter (its colour only, under its
  alias); a Nuked enemy shows no type; an enemy known only from the side's last turn is faded;
- hex markings: CBR hexes, the partisan spots the side was hit by; region lines: the border,
  the nine sectors, and each side's controlled sectors outlined in its colour;
- the selected unit: hexes it can reach (steps), the hexes the side observes (the rest
  fogged), the known enemies it may attack or reach with its feature (highlighted);
- panels: the unit (allowance, reach and where zone of control or the border rule ends its
  move, observation and identification ranges), its feature's reach, the attack it
  could make (hit value with each modifier, assault, ambush; the air line with its
  anti-aircraft loss chance), the attack reports, the sector table;
- the original's controls, declared as data (:data:`KEYS`; the shell's key pad and keyboard
  answer them): keys 1-6 draw supply from, attack or move into the neighbouring hex in the six
  directions (1 upper left, 2 lower left, 3 up, 4 down, 5 upper right, 6 lower right), 0 the
  special feature; Next unit and End turn are the shell's; on the board the shell's gestures:
  a click on a hex of the unit's reach moves it there (one move a step, the engine judging
  each), a click on a target shows the odds here and a second click attacks (or fires);
- set-up by hand (``GameApp(..., setup="manual")``): a click on a free hex places the type
  chosen in the set-up panel (:attr:`~hexplay.widgets.adapter.GameUI.choices`).

Set-up: a side whose set-up is not in when the app starts is placed by the computer's set-up
(the game's ``default_setup``, from that side's view); a player who wants his own places his
units on the game before giving it to the app (see the notebook), or by clicks. If the first
side rolled is the computer's, it plays its first turn before the app shows (the shell's).
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from typing import Any

import ipywidgets as W

from hexplay.engine import Order
from hexplay.widgets import guard as G
from hexplay.widgets.adapter import REFEREE, Context, GameUI, Key
from hexplay.widgets.counters import CounterStyle, SideStyle, sidc_for
from hexplay.widgets.hex_overlays import HexCosts, HexLabels
from hexplay.widgets.tab_panel import TabHTML

from ..board import SIDE_COLOURS, SIDES

CBR_COLOUR = "#7d3c98"
PARTISAN_COLOUR = "#1e8449"
#: Order kinds that take a distant hex (the air missions, fire, the missile).
RANGED = ("fire", "strike", "recon", "launch")
#: What a direction key gives, in the engine's ``key_order`` preference: supply from a
#: friendly Support unit there, an attack on a known enemy there, else a move there.
STEP_KINDS = ("supply", "attack", "move")
#: Key 0: the special features (the engine's ``feature_orders``: supply is a direction key's).
FEATURE_KINDS = ("fire", "strike", "recon", "launch", "decon", "replace", "contact")
#: The original's keys (data the shell answers): 1-6 a step in a direction (the hexside of the
#: engine's ``board.KEY_DIRECTIONS``: 0 N, 1 NE, 2 SE, 3 S, 4 SW, 5 NW), 0 the special feature.
KEYS: dict[str, Key] = {
    "1": Key("↖ upper left", STEP_KINDS, 5),
    "2": Key("↙ lower left", STEP_KINDS, 4),
    "3": Key("↑ up", STEP_KINDS, 0),
    "4": Key("↓ down", STEP_KINDS, 3),
    "5": Key("↗ upper right", STEP_KINDS, 1),
    "6": Key("↘ lower right", STEP_KINDS, 2),
    "0": Key("special feature", FEATURE_KINDS),
}
#: The key pad's rows (as the original's keyboard: up-left, up, up-right over their downs).
KEY_ROWS = (("1", "3", "5"), ("2", "4", "6"), ("0",))
#: The order builder's titles of the engine's order kinds.
ORDER_TITLES = {
    "move": "move to an adjacent hex (or keys 1-6)",
    "attack": "attack an adjacent known enemy (or its key)",
    "fire": "indirect fire (distance 2..range)",
    "strike": "air strike (distance 2+)",
    "recon": "air recon (distance 2+)",
    "launch": "CBR missile (distance 2..8)",
    "decon": "decontaminate an adjacent CBR hex",
    "supply": "supply from an adjacent Support unit",
    "replace": "replacement (one step back)",
    "contact": "partisan contact",
}
UNIDENTIFIED, NUKED, TECHNICAL = "Unidentified", "Nuked", "Technical"


def _board(game: Any) -> Any:
    from ..board import board_of

    return board_of(game.map)


def counters_from_view(view: Mapping[str, Any], viewer: str) -> list[dict[str, Any]]:
    """Board counters of an AGGRESSOR view as ``viewer`` (a side or the referee) sees it.

    Only what the view holds: an Unidentified enemy becomes a face-down counter (side and hex
    only), a Nuked one a counter without type or figures."""
    out = []
    for uid, u in (view.get("units") or {}).items():
        hx = u.get("hex")
        if hx is None:
            continue
        side = str(u.get("side", ""))
        d: dict[str, Any] = {"id": str(uid), "side": side, "hex": hx}
        stale = u.get("last_seen") is not None
        if stale:
            d["stale"] = True
        disp = u.get("display")
        own = viewer == REFEREE or side == viewer
        if disp == UNIDENTIFIED or (disp == NUKED and "type" not in u):
            if disp == UNIDENTIFIED:
                d["hidden"] = True
            else:
                d.update(glyph={"kind": "none"}, badges=["nuked"], label="Nuked", tip="Nuked")
            out.append(d)
            continue
        rs = f"{u.get('range', '?')}-{u.get('strength', '?')}"
        badges = []
        if u.get("emplaced"):
            badges.append("dug")
        if u.get("frozen"):
            badges.append("frozen")
        if u.get("technical") or disp == TECHNICAL:
            badges.append("technical")
        if u.get("in_cbr") or disp == NUKED:
            badges.append("nuked")
        hostile = viewer != REFEREE and side != viewer
        d.update(
            glyph={"kind": "sidc", "sidc": sidc_for(u["type"], hostile=hostile)},
            corners={"bl": rs},
            badges=badges,
            label=str(uid) if own else u["type"][:3],
            tip=f"{disp or u['type']} {rs}" + (f" (seen turn {u['last_seen']})" if stale else ""),
        )
        out.append(d)
    return out


class AggressorUI(GameUI):
    """AGGRESSOR's counters, overlays, panels and words (see the module doc)."""

    title = "AGGRESSOR"
    order_titles = ORDER_TITLES
    keys = KEYS
    key_rows = KEY_ROWS

    def __init__(self) -> None:
        super().__init__()
        # the Unit and Attack tabs make their content only when on screen (:mod:`.tab_panel`)
        self.unit_panel = TabHTML()
        self.unit_panel.add_class("hexplay-aggressor-unit")
        self.odds_panel = TabHTML("<i>select a unit, then click a target</i>")
        self.odds_panel.add_class("hexplay-aggressor-odds")
        self.reports = W.HTML()
        self.reports.add_class("hexplay-aggressor-reports")
        self.sectors = W.HTML()
        self.sectors.add_class("hexplay-aggressor-sectors")
        self.setup_type = G.Dropdown(
            options=list(_type_names()),
            value="Armor",
            description="place",
            layout=W.Layout(width="220px"),
        )
        self.choices = {"type": self.setup_type}  # a set-up click places this type
        self.setup_text = W.HTML()
        self.setup_box = W.VBox(
            [
                W.HTML(
                    "<b>Set-up</b>: click free hexes of your territory to place the type "
                    "chosen; select a placed unit to take it back (remove); End turn when "
                    "your army is complete."
                ),
                self.setup_type,
                self.setup_text,
            ]
        )
        self.setup_box.add_class("hexplay-aggressor-setup")
        self.setup_box.layout.display = "none"
        self._regions: tuple[Any, dict[str, Any]] | None = None

    # --- the board ------------------------------------------------------------------------------
    def style(self, game: Any) -> CounterStyle:
        return CounterStyle(
            tuple(SideStyle(s, SIDE_COLOURS[s], s.capitalize()) for s in SIDES),
            legend=(
                (CBR_COLOUR, "CBR hex"),
                (PARTISAN_COLOUR, "partisans"),
            ),
        )

    def counters(self, view: Mapping[str, Any], side: str, ctx: Context) -> list[dict[str, Any]]:
        return counters_from_view(view, side)

    def region_lines(self, game: Any) -> dict[str, Any]:
        """Labels of the territories and the sectors (from the public map; made once a map)."""
        if self._regions is None or self._regions[0] is not game.map:
            b = _board(game)
            terr: dict[str, list[str]] = {"west": [], "border": [], "east": []}
            sectors: dict[str, list[str]] = {}
            for i, lab in enumerate(b.labels):
                terr[b.territory[i] or "border"].append(lab)
                if b.sector[i] >= 0:
                    sectors.setdefault(f"sector {b.sector[i] + 1}", []).append(lab)
            self._regions = (game.map, {"territory": terr, "sectors": sectors})
        return self._regions[1]

    def overlays(self, view: Mapping[str, Any], side: str, ctx: Context) -> dict[str, Any]:
        """Markings (CBR, partisans), region lines (border, sectors, control) and, for the
        selected unit, its reach, stops, feature reach and targets, and the side's fog."""
        reg = self.region_lines(ctx.game)
        control = list(view.get("control") or [])
        regions = [
            {
                "name": "sectors",
                "regions": reg["sectors"],
                "colour": "#555",
                "width": 1.2,
                "dash": "5 4",
            },
            {"name": "border", "regions": reg["territory"], "colour": "#111", "width": 3},
        ]
        for s in SIDES:
            held = {f"sector {k + 1}" for k, c in enumerate(control) if c == s}
            regions.append(
                {
                    "name": f"control {s}",
                    "regions": {k: v for k, v in reg["sectors"].items() if k in held},
                    "colour": SIDE_COLOURS[s],
                    "width": 4,
                }
            )
        markings = [
            {
                "name": "cbr",
                "hexes": list(view.get("cbr") or []),
                "colour": CBR_COLOUR,
                "style": "hatch",
            }
        ]
        if view.get("partisan_spots"):
            markings.append(
                {
                    "name": "partisans",
                    "hexes": list(view["partisan_spots"]),
                    "colour": PARTISAN_COLOUR,
                    "style": "outline",
                }
            )
        ov: dict[str, Any] = {"regions": regions, "markings": markings}
        ov.update(self._selection(ctx, ctx.selected, side))
        return ov

    def _own_unit(self, ctx: Context, unit: str | None) -> Mapping[str, Any] | None:
        """The selected unit if it is an own unit of the side ordering now (view data)."""
        if unit is None:
            return None
        u = (ctx.view.get("units") or {}).get(unit)
        if u is None or u.get("side") != ctx.side or "moves_left" not in u:
            return None
        return u

    def _selection(self, ctx: Context, unit: str | None, side: str) -> dict[str, Any]:
        """The selected unit's overlays (None-valued when nothing is selected: cleared):
        the hexes it can reach (steps), the side's observed hexes (the rest fogged), and the
        known enemies it may attack or reach with its feature. Where its move ends and its
        feature's whole reach are listed beside the board (Unit and Attack panels)."""
        out: dict[str, Any] = {"reachable": None, "visible": None, "highlight": None, "los": None}
        u = self._own_unit(ctx, unit)
        if u is None or unit is None:
            return out
        out["reachable"] = self._reach_steps(ctx, unit)
        if ctx.game.scenario.obs and side != REFEREE:
            out["visible"] = self._observed_and_own(ctx).copy()
        targets: set[str] = set()
        known = self._known_enemy_hexes(ctx)
        for lo in ctx.orders.engine_legal_orders(unit):
            if lo.kind == "move" or not lo.needs:
                continue
            opts = set(lo.needs[0].options)
            targets |= opts & known if lo.kind != "decon" else opts
        out["highlight"] = sorted(targets)
        return out

    def _reach_steps(self, ctx: Context, unit: str) -> dict[str, float]:
        """``{hex: float(steps)}`` of the engine's reach of ``unit``: a
        :class:`~.hex_overlays.HexCosts` made once per game state (remembered with the
        engine's answers), a copy each time (the board sends its arrays' bytes, made once)."""
        reach = ctx.orders.reach(unit)
        m = ctx.game.map

        def make() -> HexCosts:
            labels = list(reach)
            steps = [float(reach[k]["steps"]) for k in labels]
            return HexCosts([m.index(k) for k in labels], steps, m.hex_labels)

        return ctx.orders.remember(("reach_steps", ctx.side, unit), make).copy()

    def _observed(self, ctx: Context) -> Any:
        """The engine's ``observed_hexes`` for the side ordering, remembered until the game's
        next command (a selection and its panels ask once)."""
        return ctx.orders.remember(
            ("observed", ctx.side), lambda: ctx.game.observed_hexes(ctx.side)
        )

    def _observed_and_own(self, ctx: Context) -> list[str]:
        """The hexes the side ordering observes or stands on, sorted (the same for every unit
        it selects: remembered with the engine's answers until the game's next command); a
        :class:`~.hex_overlays.HexLabels` (the board sends its indices as they are)."""

        def make() -> Any:
            obs = self._observed(ctx)["hexes"]
            units = (ctx.view.get("units") or {}).values()
            own = [x["hex"] for x in units if x.get("side") == ctx.side]
            m = ctx.game.map
            labels = sorted({*obs, *own})
            idx = [m.index(x) for x in labels]
            # (labels sorted as their indices: the map's "ccrr" labels; else the plain list)
            return HexLabels(idx, m.hex_labels) if idx == sorted(idx) else labels

        return ctx.orders.remember(("visible", ctx.side), make)

    def _known_enemy_hexes(self, ctx: Context) -> set[str]:
        return {
            x["hex"]
            for x in (ctx.view.get("units") or {}).values()
            if x.get("side") != ctx.side and x.get("hex") and x.get("last_seen") is None
        }

    def status(self, view: Mapping[str, Any], ctx: Context) -> str:
        if not view:
            return ""
        sec = view.get("sectors") or {}
        bits = [
            f"round {view.get('round')}",
            f"{view.get('current')} to act",
            f"sectors west {len(sec.get('west', []))} · east {len(sec.get('east', []))}",
            f"aggressor: {view.get('aggressor') or 'none yet'}",
        ]
        if not (view.get("options") or {}).get("obs", True):
            bits.append("observation off")
        return " · ".join(bits)

    # --- panels ---------------------------------------------------------------------------------
    def panels(self) -> list[tuple[str | None, W.Widget]]:
        return [
            ("Unit", self.unit_panel),
            ("Attack", self.odds_panel),
            ("Reports", self.reports),
            ("Sectors", self.sectors),
            (None, self.setup_box),
        ]

    def refresh_panels(
        self, view: Mapping[str, Any] | None, side: str | None, ctx: Context
    ) -> None:
        """The set-up panel, sectors, reports, and the selected unit's Unit and Attack tabs;
        ``view`` None: blank (nothing of the last player's left waiting either)."""
        if view is None:
            for w in (self.unit_panel, self.odds_panel, self.reports, self.sectors):
                w.value = ""
            self.setup_text.value = ""
            self.unit_panel.blank()
            self.odds_panel.blank()
            self.setup_box.layout.display = "none"
            return
        setup = view.get("phase") == "setup"
        self.setup_box.layout.display = "" if setup else "none"
        if setup:
            mine = [u for u in (view.get("units") or {}).values() if u.get("side") == side]
            counts = {t: sum(u["type"] == t for u in mine) for t in _type_names()}
            text = ", ".join(f"{t} {n}" for t, n in counts.items() if n)
            self.setup_text.value = html.escape(
                f"placed {len(mine)} of {view.get('army_size')}" + (f": {text}" if text else "")
            )
        self.sectors.value = sector_table(ctx.game, view)
        self.reports.value = reports_table(view)
        self.show_unit(ctx, ctx.selected)
        if ctx.selected is not None:
            self.show_targets(ctx, ctx.selected)

    def show_unit(self, ctx: Context, unit: str | None) -> None:
        """The Unit tab for ``unit`` (made when the tab is on screen)."""
        self.unit_panel.show(lambda: self._unit_html(ctx, unit))

    def _unit_html(self, ctx: Context, unit: str | None) -> str:
        u = self._own_unit(ctx, unit)
        if u is None or unit is None:
            return "<i>select one of your units (or press Next unit)</i>"
        reach = ctx.orders.reach(unit)
        obs = self._observed(ctx)
        rng = obs["units"].get(unit, {})
        stops = sorted(k for k, v in reach.items() if v["stops"])
        flags = [
            name
            for name, on in (
                ("emplaced (dug in)", u.get("emplaced")),
                ("frozen by partisans", u.get("frozen")),
                ("Immobile", u.get("immobile")),
                ("in a CBR hex", u.get("in_cbr")),
                ("Technical", u.get("technical")),
                ("attacked", u.get("attacked")),
                ("feature used", u.get("feature_used")),
            )
            if on
        ]
        if u.get("stopped"):
            flags.append(f"movement ended: {u['stopped']}")
        ident = rng.get("identification")
        rows = [
            (
                "unit",
                f"{unit} {u['display']} {u['range']}-{u['strength']} "
                f"(max {u['max_range']}-{u['max_strength']}) at {u['hex']}",
            ),
            ("moves left", f"{u['moves_left']} (moved {u['moved']})"),
            (
                "reachable",
                f"{len(reach)} hexes" + (f"; the move ends at {', '.join(stops)}" if stops else ""),
            ),
            ("observation range", str(rng.get("observation", u["range"]))),
            (
                "identification range",
                "none (CBR hex)" if ident == 0 and u.get("in_cbr") else str(ident),
            ),
            ("the side observes", f"{len(obs['hexes'])} hexes"),
            ("status", ", ".join(flags) or "ready"),
        ]
        body = "".join(
            f"<tr><th>{html.escape(k)}</th><td>{html.escape(v)}</td></tr>" for k, v in rows
        )
        return (
            f"<table class='hexplay-table' data-unit='{html.escape(unit)}' "
            f"data-moves-left='{u['moves_left']}' data-reach='{len(reach)}'>{body}</table>"
        )

    def show_targets(self, ctx: Context, unit: str) -> None:
        """Every target of the unit's attack and ranged features with a known enemy, with odds
        (made when the Attack tab is on screen)."""
        self.odds_panel.show(lambda: self._targets_html(ctx, unit))

    def _targets_html(self, ctx: Context, unit: str) -> str:
        u = self._own_unit(ctx, unit)
        if u is None:
            return ""
        known = self._known_enemy_hexes(ctx)
        parts = []
        for lo in ctx.orders.engine_legal_orders(unit):
            if lo.kind not in ("attack", *RANGED) or not lo.needs:
                continue
            for t in sorted(set(lo.needs[0].options) & known):
                parts.append(self._odds_html(ctx, unit, t, lo.kind))
            if lo.kind in RANGED:
                b = _board(ctx.game)
                here = b.index_of[u["hex"]]
                opts = lo.needs[0].options
                ds = [b.dist[here][b.index_of[t]] for t in opts]
                parts.append(
                    f"<div class='hexplay-feature-reach' data-kind='{lo.kind}' "
                    f"data-count='{len(opts)}'><i>{html.escape(lo.kind)}: {len(opts)} hexes in "
                    f"reach, distance {min(ds)}-{max(ds)} (click one for its odds)</i></div>"
                )
        return "".join(parts) or f"<i>{html.escape(unit)} has no target now</i>"

    def _odds_html(self, ctx: Context, unit: str, target: str, kind: str) -> str:
        g, ps = ctx.game, ctx.side
        u = self._own_unit(ctx, unit) or {}
        kind_q = "strike" if kind == "recon" else kind
        d = g.attack_odds(ps, unit, target, kind_q) if kind != "recon" else {}
        rows: list[tuple[str, str]] = []
        attrs = {"data-unit": unit, "data-target": target, "data-kind": kind}
        if d:
            strength = 4 if kind == "launch" else u.get("strength")
            ds = d["defender_strength"]
            rows += [
                ("form", d["form"]),
                ("attacker strength", str(strength)),
                ("defender strength", "unknown (not identified)" if ds is None else str(ds)),
                ("rough or CBR hex", "−1" if d["rough_or_cbr"] else "0"),
                (
                    "defender emplaced",
                    "unknown" if d["emplaced"] is None else ("−1" if d["emplaced"] else "0"),
                ),
                ("unobserved before the attack", "−1" if d["unobserved"] else "0"),
                ("die factor", str((ctx.view.get("options") or {}).get("die_factor", 1))),
            ]
            hv, p = d["hit_value"], d["p_hit"]
            rows.append(("hit value", "unknown" if hv is None else str(hv)))
            rows.append(("P(hit)", "unknown" if p is None else f"{p:.0%}"))
            if d.get("p_hit_ambush") is not None:
                rows.append(
                    (
                        "P(hit) in ambush (two rolls, if the enemy did not see it)",
                        f"{d['p_hit_ambush']:.0%}",
                    )
                )
            elif d.get("ambush_possible"):
                rows.append(("ambush", "two rolls if the enemy did not see it"))
            if d["form"] == "assault":
                rows.append(("assault", "a hit takes strength directly 50% of the time"))
            attrs["data-hit-value"] = "" if hv is None else str(hv)
            attrs["data-p-hit"] = "" if p is None else f"{p:.4f}"
        if kind in ("strike", "recon"):
            a = g.air_line(ps, unit, target, strike=kind == "strike")
            rows.append(("line", " ".join(a["line"])))
            rows.append(
                (
                    "anti-aircraft loss chance",
                    f"{a['aa_chance']:.0f}% if an enemy is "
                    "overflown" + (" (a known enemy is)" if a["known_overflown"] else ""),
                )
            )
            attrs["data-aa-chance"] = f"{a['aa_chance']:g}"
        body = "".join(
            f"<tr><th>{html.escape(k)}</th><td>{html.escape(v)}</td></tr>" for k, v in rows
        )
        at = " ".join(f"{k}='{html.escape(v)}'" for k, v in attrs.items())
        head = f"{unit} {kind} → {target}"
        return (
            f"<div class='hexplay-odds-entry' {at}><b>{html.escape(head)}</b>"
            f"<table class='hexplay-table'>{body}</table></div>"
        )

    # --- looks and words ------------------------------------------------------------------------
    def inspect(self, unit: str, target: str, ctx: Context) -> dict[str, Any] | None:
        """A look from ``unit`` at ``target`` (a unit or a hex): the odds of the first attack
        or ranged feature of the unit that may take it (the Attack tab); the shell gives the
        order on a second click."""
        if self._own_unit(ctx, unit) is None or ctx.game.phase == "setup":
            return None
        tu = ctx.units.get(target)
        hx = tu.get("hex") if tu is not None else target
        if hx is None:
            return None
        kinds = [
            lo.kind
            for lo in ctx.orders.engine_legal_orders(unit)
            if lo.kind in ("attack", *RANGED) and lo.needs and hx in lo.needs[0].options
        ]
        if tu is not None and not tu.get("hidden") and "strike" in kinds and "recon" in kinds:
            kinds.remove("recon")
        if not kinds:
            return None
        self.odds_panel.show(self._odds_html(ctx, unit, hx, kinds[0]))
        return {"tab": "Attack"}

    def describe_result(self, order: Order, result: Any) -> str:
        return describe_result(order, result)

    def describe_event(self, event: Mapping[str, Any]) -> str:
        """AGGRESSOR's words for an event (:mod:`.events`)."""
        from .events import describe_event

        return describe_event(event)


def _type_names() -> tuple[str, ...]:
    from ..units import TYPE_NAMES

    return TYPE_NAMES


def describe_result(order: Order, result: Any) -> str:
    """One line for what an order did (from the events the engine returned to the side)."""
    evs = [e for e in (result or []) if isinstance(e, Mapping)]
    bits = []
    for e in evs:
        k = e.get("kind")
        if k == "attack" or ("form" in e and "result" in e):  # a combat report
            dug = " (Dug)" if e.get("dug") else ""
            bits.append(f"{e.get('form')} at {e.get('target')}: {e.get('result')}{dug}")
        elif k == "placed":
            bits.append(f"{e.get('unit')} {e.get('type')} at {e.get('hex')}")
        elif k == "move":
            bits.append(f"moved to {e.get('to')}")
        elif k in (
            "stopped",
            "blocked",
            "immobile",
            "discovered",
            "cbr",
            "frozen",
            "anti-aircraft",
            "recon",
            "decon",
            "replace",
            "contact",
            "supply",
            "eliminated",
            "aggressor",
            "over",
        ):
            rest = ", ".join(
                f"{a}={b}"
                for a, b in e.items()
                if a not in ("index", "turn", "phase", "kind", "unit")
            )
            bits.append(f"{k}" + (f" ({rest})" if rest else ""))
    return f"{order.unit} {order.kind}: " + ("; ".join(bits) or "done")


def sector_table(game: Any, view: Mapping[str, Any]) -> str:
    """The nine sectors as a 3 x 3 table: who controls each, and the units the view shows in it
    (own units; enemies known now)."""
    if not view:
        return ""
    b = _board(game)
    control = list(view.get("control") or [None] * 9)
    side = view.get("side")
    own = [0] * 9
    foe = [0] * 9
    for u in (view.get("units") or {}).values():
        i = b.index_of.get(u.get("hex") or "", -1)
        if i < 0 or b.sector[i] < 0 or u.get("last_seen") is not None:
            continue
        (own if u.get("side") == side or side == REFEREE else foe)[b.sector[i]] += 1
    cells = []
    for row in range(3):
        tds = []
        for col in range(3):
            k = 3 * row + col
            c = control[k]
            colour = SIDE_COLOURS.get(c or "", "#777")
            units = f"{own[k]} own" + (f", {foe[k]} enemy" if side != REFEREE else "")
            tds.append(
                f"<td data-sector='{k + 1}' data-control='{c or ''}' "
                f"style='border:2px solid {colour};padding:3px 6px'>"
                f"<b>{k + 1}</b> <span style='color:{colour}'>{html.escape(c or 'nobody')}</span>"
                f"<br><small>{html.escape(units)}</small></td>"
            )
        cells.append("<tr>" + "".join(tds) + "</tr>")
    sec = view.get("sectors") or {}
    agg = view.get("aggressor")
    note = (
        f"west holds {len(sec.get('west', []))}, east {len(sec.get('east', []))} of 9; "
        "5 win (the aggressor needs one in each column)"
        + (f"; aggressor: {agg}" if agg else "; no aggressor yet")
    )
    return (
        f"<table class='hexplay-sector-table'>{''.join(cells)}</table>"
        f"<div><small>{html.escape(note)}</small></div>"
    )


def reports_table(view: Mapping[str, Any]) -> str:
    """The attack reports of the view's recent events (both sides' attacks, as each side was
    told: attacker type, defender hex, form, result, "Dug")."""
    rows = []
    for e in view.get("events") or []:
        if e.get("kind") != "attack":
            continue
        dtype = e.get("defender_type")
        rows.append(
            "<tr>"
            + "".join(
                f"<td>{html.escape(str(x))}</td>"
                for x in (
                    e.get("turn"),
                    e.get("side"),
                    e.get("attacker"),
                    e.get("form"),
                    e.get("target") + (f" ({dtype})" if dtype else ""),
                    e.get("result"),
                    "Dug" if e.get("dug") else "",
                )
            )
            + "</tr>"
        )
    if not rows:
        return "<i>no attack reported this turn or the last</i>"
    head = "".join(
        f"<th>{h}</th>" for h in ("turn", "side", "attacker", "form", "defender hex", "result", "")
    )
    return f"<table class='hexplay-table hexplay-reports'><tr>{head}</tr>{''.join(rows)}</table>"


__all__ = ["AggressorUI", "counters_from_view", "describe_result"]
