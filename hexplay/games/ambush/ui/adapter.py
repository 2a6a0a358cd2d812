"""The AMBUSH UI adapter for :class:`~.game_app.GameApp`: SKIRMISH's
(:mod:`hexplay.games.skirmish.ui.adapter`) plus what AMBUSH adds, all from the viewing side's
view (``view["ambush_rules"]``, see :mod:`hexplay.games.skirmish.views`):

* the adversary's getaway car as a vehicle counter in his colour, named "car" (when the
  side knows where it is);
* vehicle damage badges (immobilised, crew compartment penetrated, barrier damaged) on the
  vehicle counters, and a cargo badge on the man carrying the cargo (when the side knows him);
* the roadblock and a known loose cargo as hex markings;
* an "AMBUSH" panel: the scenario and what it emphasises, the cargo, the radios (escorts
  warned, the long-range message through) and the response force's arrival turn — the radio
  and the response force only for the convoy side (the engine gives them to no one else) —
  and the getaway car's plan, for the adversary only;
* the odds panel over AMBUSH's weapons (:class:`AmbushOddsPanel`) and terrain types; for an
  anti-tank shot at a man aboard a vehicle (or a click on a vehicle the side sees a man in),
  also the exact chances of each damage state against that vehicle's armour, as the engine's
  ``odds`` gives them (:func:`~hexplay.games.skirmish.vehicles.hit_odds`: the resolver's
  tables, so panel and game cannot disagree).

Radio messages and the response force's news are log events the view already holds for the
defender only; :func:`hexplay.games.skirmish.ui.events.describe_event` words them.
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from fractions import Fraction
from functools import cache
from typing import Any

import ipywidgets as W
import numpy as np

from hexplay.widgets.adapter import Context
from hexplay.widgets.counters import Badge, CounterStyle, SideStyle

from ...skirmish.ui.adapter import SkirmishUI, facing
from ...skirmish.ui.odds import HEATMAP_RANGES, OddsPanel
from ...skirmish.units import CAR_KIND

DEFAULT_MAP = "ambush_farmland_medium"
"""A bundled AMBUSH map for a scenario that names the SKIRMISH map (too short a route for the
sample game's escorts 40 hexes ahead and behind; :func:`on_map`): flat farmland, medium
density. (The default scenario, :data:`hexplay.games.ambush.game.DEFAULT_SCENARIO`, names its
own map.)"""

#: Vehicle damage states (``view["ambush_rules"]["vehicle_damage"]``) as counter badges.
DAMAGE_BADGES: dict[str, Badge] = {
    b.code: b
    for b in (
        Badge("immobilised", "I", "#7b241c", "immobilised"),
        Badge("crew_penetrated", "C", "#b03a2e", "crew compartment penetrated"),
        Badge("barrier_damaged", "B", "#6e2c00", "cargo barrier damaged"),
    )
}
CARGO_BADGE = Badge("cargo", "$", "#1e8449", "carries the cargo")
CAR_LABEL = "car"
"""The name on the adversary's getaway car's counter (a vehicle glyph in the adversary's
colour, facing its heading, like the convoy's vehicles)."""
ROADBLOCK_COLOUR = "#c0392b"
CARGO_COLOUR = "#1e8449"

#: Rows of the AMBUSH odds heat map: (label, Table IV row, hexes moved).
AMBUSH_POSTURES: tuple[tuple[str, str, int], ...] = (
    ("open, still", "open", 0),
    ("open, moves 4-6", "open", 5),
    ("trees, still", "trees", 0),
    ("trees, moving", "trees", 2),
    ("brush, still", "brush", 0),
    ("brush, moving", "brush", 5),
    ("orchard, still", "orchard", 0),
    ("buildings, still", "buildings", 0),
    ("buildings, moving", "buildings", 5),
    ("rocks, still", "rocks", 0),
    ("slope, still", "slope", 0),
    ("vehicle, still", "vehicle", 0),
    ("vehicle, moves 11+", "vehicle", 12),
)


def _ambush_weapons() -> dict[str, Any]:
    from ..tables import tables

    return dict(tables().weapons)


@cache
def ambush_kill_grid(weapon: str, impaired: bool) -> np.ndarray:
    """P(killed) of one ``weapon`` shot by :data:`AMBUSH_POSTURES` row x range (0..30): the
    weapon's Table V row (AMBUSH's ``weapons.toml``), the target's Table IV row (AMBUSH's
    terrain table) and Table VI's odds; 0 where the attack is 0 or the weapon cannot hurt a
    man in a vehicle.  Read-only (cached)."""
    from ...skirmish.combat import odds
    from ...skirmish.terrain_effects import ambush_terrain

    w = _ambush_weapons()[weapon]
    eff = ambush_terrain("medium")
    grid = np.zeros((len(AMBUSH_POSTURES), len(HEATMAP_RANGES)))
    for i, (_label, row, moved) in enumerate(AMBUSH_POSTURES):
        if row == "vehicle" and not w.harms_occupants:
            continue
        d = eff.defence_strength(row, moved)
        for j, rng in enumerate(HEATMAP_RANGES):
            a = w.attack(int(rng), impaired)
            grid[i, j] = float(odds(a, d).kill) if a > 0 else 0.0
    grid.setflags(write=False)
    return grid


class AmbushOddsPanel(OddsPanel):
    """The odds panel over AMBUSH's weapons (3 rifles, 3 automatic, 3 anti-tank, 5 others)
    and target postures including the AMBUSH terrain types."""

    def __init__(self, weapon: str = "rifle", **kwargs: Any) -> None:
        super().__init__(weapon="rifle", **kwargs)
        names = list(_ambush_weapons())
        self.weapon.options = names
        self.default_weapon = weapon if weapon in names else names[0]
        self.weapon.value = self.default_weapon
        with self.heat.hold_sync():
            self.heat.row = [label for label, _r, _m in AMBUSH_POSTURES]
            self.heat.color = self._grid(self.default_weapon, False)
        self.heat_fig.layout.height = "380px"
        self._shown = (self.default_weapon, False)
        self.vehicle_current: dict[str, Fraction] = {}

    @staticmethod
    def _grid(weapon: str, impaired: bool) -> np.ndarray:
        if weapon not in _ambush_weapons():  # (SKIRMISH's panel builds its own first)
            return OddsPanel._grid(weapon, impaired)
        return ambush_kill_grid(weapon, impaired).copy()

    def set_weapon(self, weapon: str, impaired: bool = False) -> None:
        """As :meth:`OddsPanel.set_weapon`; a weapon the panel does not list keeps the last."""
        if weapon in self.weapon.options:  # (checked now: a hidden panel's stale one is valid)
            super().set_weapon(weapon, impaired)

    def show(self, odds: Any, title: str = "") -> None:
        """As :meth:`OddsPanel.show`, plus the vehicle hit of an anti-tank shot at a man aboard
        (the answer's ``vehicle_damage``): its chances of each damage state, exact, in
        :attr:`vehicle_current` (outcome -> Fraction) and as a line of the summary."""
        super().show(odds, title)
        hit = odds.get("vehicle_damage") if isinstance(odds, Mapping) else None
        self.vehicle_current = dict(hit["outcomes"]) if hit else {}
        if hit:
            self.text.value += "<br>" + vehicle_hit_html(hit)


def vehicle_hit_html(hit: Mapping[str, Any]) -> str:
    """One line of the odds panel: the hit on the vehicle and each damage state's chance."""
    e = html.escape
    parts = []
    for state, p in hit["outcomes"].items():
        f = Fraction(p)
        name = DAMAGE_BADGES[state].title if state in DAMAGE_BADGES else str(state)
        parts.append(f"{e(name)} {f.numerator}/{f.denominator} ({float(f):.0%})")
    return (
        f"<b>vehicle {e(str(hit['vehicle']))}</b> ({e(str(hit['armour']))} armour): attack "
        f"<b>{hit['attack']}</b> : armour <b>{hit['defence']}</b> → ratio "
        f"<b>{e(str(hit['ratio']))}</b><br>" + " · ".join(parts)
    )


def _damage(view: Mapping[str, Any]) -> dict[str, list[str]]:
    rules = view.get("ambush_rules") or {}
    return {str(k): [str(s) for s in v] for k, v in (rules.get("vehicle_damage") or {}).items()}


class AmbushUI(SkirmishUI):
    """AMBUSH's counters, panels and clicks: SKIRMISH's plus the module doc's."""

    title = "AMBUSH"

    def __init__(self) -> None:
        super().__init__()
        self.odds = AmbushOddsPanel()
        self.rules_panel = W.HTML(value="<i>no AMBUSH features</i>")
        self.rules_panel.add_class("hexplay-ambush-panel")

    # --- the board ------------------------------------------------------------------------------
    def style(self, game: Any) -> CounterStyle:
        return CounterStyle(
            (
                SideStyle("adversary", "#b8322a", "adversary"),
                SideStyle("defender", "#2f5fa8", "defender (guards)"),
            ),
            badges={**DAMAGE_BADGES, CARGO_BADGE.code: CARGO_BADGE},
            legend=((ROADBLOCK_COLOUR, "roadblock"), (CARGO_COLOUR, "cargo (known hex)")),
        )

    def counters(self, view: Mapping[str, Any], side: str, ctx: Context) -> list[dict[str, Any]]:
        out = super().counters(view, side, ctx)
        damage = _damage(view)
        cargo = (view.get("ambush_rules") or {}).get("cargo") or {}
        holder = cargo.get("holder") if cargo.get("state") in ("carried", "out") else None
        units = view.get("units") or {}
        for u in out:
            if u.get("kind") == CAR_KIND:  # the adversary's getaway car
                u["glyph"] = {"kind": "vehicle"}
                u["label"] = CAR_LABEL
                f = facing(ctx.game.map, view, units.get(u["id"], {}))
                if f is not None:
                    u["facing"] = f
            marks = [s for s in damage.get(u["id"], ()) if s in DAMAGE_BADGES]
            if u["id"] == holder and not u.get("stale"):
                marks.append(CARGO_BADGE.code)
            if marks:
                u["badges"] = [*u.get("badges", []), *marks]
        return out

    def overlays(self, view: Mapping[str, Any], side: str, ctx: Context) -> dict[str, Any]:
        ov = super().overlays(view, side, ctx)
        rules = view.get("ambush_rules") or {}
        marks = []
        if rules.get("roadblock"):
            marks.append(
                {
                    "name": "roadblock",
                    "hexes": [rules["roadblock"]],
                    "colour": ROADBLOCK_COLOUR,
                    "style": "hatch",
                }
            )
        cargo = rules.get("cargo") or {}
        if cargo.get("hex") and cargo.get("state") in ("dropped", "out", "carried"):
            marks.append(
                {
                    "name": "cargo",
                    "hexes": [cargo["hex"]],
                    "colour": CARGO_COLOUR,
                    "style": "outline",
                }
            )
        if marks:
            ov["markings"] = marks
        return ov

    def status(self, view: Mapping[str, Any], ctx: Context) -> str:
        s = super().status(view, ctx)
        cargo = (view.get("ambush_rules") or {}).get("cargo")
        if cargo:
            s += f" · cargo {cargo.get('state')}"
        return s

    # --- panels ---------------------------------------------------------------------------------
    def panels(self) -> list[tuple[str | None, Any]]:
        return [("Odds", self.odds), ("AMBUSH", self.rules_panel), (None, self.offmap)]

    def refresh_panels(
        self, view: Mapping[str, Any] | None, side: str | None, ctx: Context
    ) -> None:
        super().refresh_panels(view, side, ctx)
        if view is None:
            self.rules_panel.value = "<i>hand-over</i>"
            return
        self.rules_panel.value = rules_html(
            view, getattr(ctx.game, "scenario", None), side or "referee"
        )

    def inspect(self, firer: str, target: str, ctx: Context) -> dict[str, Any]:
        """As SKIRMISH's; a click on an enemy vehicle the side sees now inspects the first man
        aboard it the side sees (fire is at men; an anti-tank shot at him hits the vehicle)."""
        units = ctx.view.get("units") or {}
        u = units.get(target)
        f = units.get(firer) or {}
        if u is not None and u.get("kind", "man") != "man" and not u.get("stale"):
            aboard = sorted(
                k
                for k, m in units.items()
                if m.get("vehicle") == target
                and m.get("side") != f.get("side")
                and m.get("condition") != "K"
                and not m.get("stale")
            )
            if aboard:
                target = aboard[0]
        return super().inspect(firer, target, ctx)


def on_map(scenario: Mapping[str, Any], map_name: str) -> dict[str, Any]:
    """``scenario`` moved to a bundled AMBUSH map: its convoy route ``Route 1`` and its
    ``sample ambush point`` (the map holds both; see ``scripts/make_ambush_maps.py``)."""
    from hexplay.maps import load_map

    m = load_map(map_name)
    d = dict(scenario)
    d.update(
        map=map_name,
        route="Route 1",
        ambush=m.label(m.place("sample ambush point")[0]),
    )
    d.pop("adversary_start", None)
    return d


def rules_html(view: Mapping[str, Any], scenario: Any, side: str) -> str:
    """The AMBUSH panel: the scenario, cargo, radio, response force and vehicle damage as the
    view holds them for ``side`` (nothing else is read)."""
    e = html.escape
    rules = view.get("ambush_rules") or {}
    rows: list[tuple[str, str]] = []
    if scenario is not None:
        name = getattr(scenario, "name", "")
        emph = getattr(scenario, "emphasis", "")
        rows.append(("scenario", f"<b>{e(str(name))}</b>" + (f": {e(emph)}" if emph else "")))
    if rules.get("roadblock"):
        rows.append(("roadblock", e(str(rules["roadblock"]))))
    cargo = rules.get("cargo")
    if cargo:
        where = f" at {cargo['hex']}" if cargo.get("hex") else ""
        who = f", carried by {cargo['holder']}" if cargo.get("holder") else ""
        rows.append(
            (
                "cargo",
                e(
                    f"{cargo.get('state')}{who}{where}; loading {cargo.get('loaded', 0)}"
                    f"/{cargo.get('load_points', '?')} points"
                ),
            )
        )
    radio = rules.get("radio")
    if radio is not None:
        warned = ", ".join(radio.get("warned") or []) or "none"
        through = radio.get("through")
        rows.append(("CB radio: escorts warned", e(warned)))
        rows.append(
            (
                "long-range radio",
                e(f"through on turn {through}" if through is not None else "not through yet"),
            )
        )
    resp = rules.get("response")
    if resp is not None:
        if resp.get("arrived"):
            txt = "arrived"
        elif resp.get("arrival") is not None:
            txt = f"arrives on turn {resp['arrival']}"
        else:
            txt = "not dispatched yet"
        rows.append(("response force", e(txt)))
    car = rules.get("getaway_car")  # the adversary's own plan (never in the convoy's view)
    if car is not None:
        state = "in" if car.get("entered") else f"enters on turn {car.get('turn')}"
        rows.append(
            (
                "getaway car",
                e(
                    f"{car.get('vehicle')} ({car.get('id')}) by the {car.get('enters')} "
                    f"road end: {state}"
                ),
            )
        )
    damage = _damage(view)
    for vid, states in sorted(damage.items()):
        if states:
            titles = [DAMAGE_BADGES[s].title if s in DAMAGE_BADGES else s for s in states]
            rows.append((f"vehicle {vid}", e(", ".join(titles))))
    if not rows:
        return "<i>no AMBUSH features in this game</i>"
    body = "".join(f"<tr><th>{e(k)}</th><td>{v}</td></tr>" for k, v in rows)
    return f"<table class='hexplay-table hexplay-ambush'>{body}</table>"
