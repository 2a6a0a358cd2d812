"""AMBUSH's computer players: SKIRMISH's scripted and tactic players extended to its features.

Each AMBUSH player first does what only AMBUSH asks, then lets its SKIRMISH player plan the
rest of the turn (fire, moves, barrier work):

* defender: drives the moving transporter (MV as far as the rules allow, up to
  :data:`CRUISE_HEXES`; SV when it cannot go on); a transporter halted by a roadblock ahead
  with a fit driver turns round and drives back out of the ambush (TV, AV, MV). Once it has
  seen the ambush (:func:`ambush_seen`: an adversary in its view, an own man hit) it calls for
  help (:func:`call_for_help`): a CB call to each unwarned escort and a long-range call to the
  regional centre, made by a man who is not driving before the rest of the turn is planned,
  else by anyone with the AP left after it. Response forces are plotted as guards on foot by
  the SKIRMISH player.
* adversary: the carrier of the cargo walks it to the nearest map-edge hex; a dropped cargo
  is fetched by the nearest fit man. With the getaway option (:func:`getaway`) a carrier
  standing by a stopped vehicle nobody of the convoy holds gets in at the wheel, and a
  carrier riding in a vehicle his side holds drives it to the nearer end of the road. The
  adversary's own getaway car (scenario ``getaway_car``, :func:`drive_car`) drives to the
  transporter and waits there stopped; the carrier walks to it when it is no farther than a
  map edge, gets in (any free seat) and it drives off. A man holding an unspent breaching
  charge (:func:`set_charge`) dashes into the stopped transporter's hex when one turn's walk
  gets him there and sets the charge by barrier work (from turn 2) while the cargo is still
  in the vault.
  Stopping the transporter (turn-1 fire at its crew, the
  roadblock) and loading (barrier work after the vault is open) are the SKIRMISH player's.

Both decide from their side's view (``ambush_rules`` included), legal orders and the public map.
"""

from __future__ import annotations

from typing import Any

from hexplay.engine import IllegalOrder

from ...skirmish.ai.base import Player
from ...skirmish.ai.players import ScriptedAdversary, ScriptedDefender, _approach
from ...skirmish.ai.tactics import TacticalAdversary, TacticalDefender
from ...skirmish.breaching import CHARGE
from ...skirmish.cargo import nearest_edge
from ...skirmish.radio import CENTRE
from ...skirmish.units import CAR_KIND

VEHICLE_KINDS = ("escort", "transporter", CAR_KIND)
"""Vehicles a carrier may take: the convoy's (once nobody of it holds them) and his own car."""
CRUISE_HEXES = 30
"""Hexes a turn the convoy drives when it can (30 hexes/min = 45 km/h: a loaded truck's
cautious pace on a rural road)."""


def _mv_options(game, side: str, uid: str) -> tuple[int, ...]:
    for lo in game.legal_orders(side, uid):
        if lo.kind == "MV":
            return next((n.options for n in lo.needs if n.name == "hexes"), ())
    return ()


def _clear_road(view: dict[str, Any], pos: int, heading: int) -> int:
    """Route hexes the transporter can drive from ``pos`` along ``heading`` before the
    roadblock or the end of the route (from the view: the roadblock and the route are public)."""
    route = view["route_hexes"]
    block = view.get("ambush_rules", {}).get("roadblock")
    end = len(route) - 1 if heading > 0 else 0
    if block is not None:
        b = route.index(block)
        if (b - pos) * heading > 0:
            end = b - heading
    return max(0, (end - pos) * heading)


def drive_transporter(player: Player, game, view: dict[str, Any]) -> None:
    """The defender's transporter moves (see the module docstring)."""
    t = view["units"].get("T")
    if not t or t.get("controller") != player.side or not game.scenario.moving_transporter:
        return
    if t.get("moving"):
        n = min(CRUISE_HEXES, _clear_road(view, t["pos"], t["heading"]))
        if n and player.try_plot(game, "T", "MV", hexes=n):
            return
        if not player.try_plot(game, "T", "SV"):
            opts = _mv_options(game, player.side, "T")
            if opts:
                player.try_plot(game, "T", "MV", hexes=max(opts))
        return
    block = view.get("ambush_rules", {}).get("roadblock")
    route = view["route_hexes"]
    if block is None or t.get("heading", 1) < 0 or t["pos"] <= 0 or view["turn"] < 2:
        return
    halted = route.index(block) == t["pos"] + 1  # at the roadblock: turn round, drive back
    if halted and player.try_plot(game, "T", "TV") and player.try_plot(game, "T", "AV"):
        n = _clear_road(view, t["pos"], -1)
        for k in (min(n, 18), 12, 6, 1):  # 3 AP are left after TV and AV: 18 hexes at most
            if k and player.try_plot(game, "T", "MV", hexes=k):
                break


def getaway(player: Player, game, view: dict[str, Any], uid: str) -> bool:
    """The carrier ``uid`` uses a vehicle (getaway option): True if something was plotted."""
    units = view["units"]
    me = units.get(uid, {})
    route = view["route_hexes"]
    vid = me.get("vehicle")
    if vid is None:  # on foot: a stopped vehicle here that no guard holds, at the wheel
        for v in sorted(units.values(), key=lambda u: u["id"]):
            if v.get("kind") not in VEHICLE_KINDS or v.get("hex") != me.get("hex"):
                continue
            if v.get("moving") or v.get("controller") not in (None, player.side):
                continue
            seats = ("D",) if v["kind"] != CAR_KIND else ("D", "C", "S")  # own car: any seat
            for seat in seats:
                if player.try_plot(game, uid, "EV", target=v["id"], seat=seat):
                    return True
        return False
    v = units.get(vid, {})
    if v.get("controller") != player.side or "pos" not in v:
        return False
    pos, heading = v["pos"], v.get("heading", 1)
    want = -1 if pos <= len(route) - 1 - pos else 1  # toward the nearer end of the road
    if not v.get("moving"):
        if heading != want and not player.try_plot(game, vid, "TV"):
            return False
        if not player.try_plot(game, vid, "AV"):
            return False
    elif heading != want:
        return player.try_plot(game, vid, "SV")
    opts = _mv_options(game, player.side, vid)
    return bool(opts) and player.try_plot(game, vid, "MV", hexes=max(opts))


def own_car(player: Player, view: dict[str, Any]) -> dict[str, Any] | None:
    """The side's own getaway car on the map (from the view), if it has one and holds it."""
    for u in view["units"].values():
        mine = u.get("kind") == CAR_KIND and u.get("side") == player.side
        if mine and u.get("hex") and u.get("controller") in (None, player.side):
            return u
    return None


def drive_car(player: Player, game, view: dict[str, Any]) -> None:
    """The getaway car drives to the transporter's hex and waits there, stopped, for the
    carrier (once he is aboard :func:`getaway` drives it off). Decided from the view: the
    car's route index and heading (its own unit), the transporter's hex (public)."""
    car = own_car(player, view)
    c = view.get("ambush_rules", {}).get("cargo")
    if car is None or car.get("controller") != player.side or "pos" not in car:
        return
    if c and c["state"] == "carried" and c.get("hex") == car["hex"]:
        return  # the carrier is here (or aboard): getaway's to drive
    route = view["route_hexes"]
    t = view["units"].get("T", {})
    if t.get("hex") not in route:
        return
    vid, pos, heading = car["id"], car["pos"], car.get("heading", 1)
    gap = (route.index(t["hex"]) - pos) * heading
    if not car.get("moving"):
        if gap == 0:
            return
        if gap < 0 and not player.try_plot(game, vid, "TV"):
            return
        if not player.try_plot(game, vid, "AV"):
            return
        gap = abs(gap)
    elif gap <= 0:
        player.try_plot(game, vid, "SV") or player.try_plot(game, vid, "MV", hexes=1)
        return
    for k in dict.fromkeys((gap, 30, 24, 18, 12, 6, 1)):  # as far as the AP left allow
        if k <= gap and player.try_plot(game, vid, "MV", hexes=k):
            if k == gap:
                player.try_plot(game, vid, "SV")  # there: stop at the transporter
            return


def carry_cargo(player: Player, game, view: dict[str, Any]) -> None:
    """The adversary takes the cargo to the nearest map-edge hex (or drives it off)."""
    c = view.get("ambush_rules", {}).get("cargo")
    if not c or c["state"] not in ("carried", "dropped"):
        return
    if (
        c["state"] == "carried"
        and getattr(game.scenario, "getaway", False)
        and getaway(player, game, view, c["holder"])
    ):
        return
    units = view["units"]
    dist = game.terrain.distance
    if c["state"] == "carried":
        uid, here = c["holder"], c["hex"]
        if here is None:
            return
        goal = nearest_edge(game, here)
        car = own_car(player, view)
        if car is not None and dist(here, car["hex"]) <= dist(here, goal):
            goal = car["hex"]  # to the own car (getaway), when it is no farther than an edge
            if goal == here:
                return
    else:
        goal = c["hex"]
        men = [
            u
            for u in units.values()
            if u.get("side") == player.side
            and u.get("kind") == "man"
            and u["condition"] == "fit"
            and u.get("on_foot_hex")
        ]
        if not men:
            return
        uid = min(men, key=lambda u: (dist(u["on_foot_hex"], goal), u["id"]))["id"]
    path = _approach(game, uid, goal, game.ap_left(player.side, uid), False)
    if path:
        player.try_plot(game, uid, "MP", path=path)


GUARD_RANGE = 3
"""A charge carrier walks in only while the side sees no living enemy this close to the
transporter's hex (point-blank fire: at 0-3 hexes a guard's rifle is 22-35 against his 1-3)."""


def set_charge(player: Player, game, view: dict[str, Any]) -> None:
    """The breaching charge (:mod:`hexplay.games.skirmish.breaching`), from the side's view: each
    fit man on foot whose long arm is a charge not yet spent (``ambush_rules.charges_spent``)
    sets it by barrier work when he stands on the stopped transporter's hex (from turn 2), and
    walks there when this turn's walk reaches it and the side sees no living enemy within
    :data:`GUARD_RANGE` of it (he would be shot at point-blank while he works). Sensible: with
    no fire value his worth is the charge (about two workers' points at once); farther off, or
    while the vault is guarded, he follows the SKIRMISH player's plan. Nothing once the cargo
    has left the vault (the charge's points would only go to loading)."""
    rules = view.get("ambush_rules") or {}
    cargo = rules.get("cargo")
    if cargo is not None and cargo.get("state") != "vault":
        return
    units = view["units"]
    t = units.get("T") or {}
    th = t.get("hex")
    if th is None or t.get("moving"):
        return
    spent = set(rules.get("charges_spent") or ())
    dist = game.terrain.distance
    guarded = any(
        e.get("side") not in (player.side, None)
        and e.get("kind") == "man"
        and e.get("condition") != "K"
        and not e.get("stale")
        and e.get("hex") is not None
        and dist(e["hex"], th) <= GUARD_RANGE
        for e in units.values()
    )
    for uid, u in units.items():
        if (
            u.get("side") != player.side
            or u.get("kind") != "man"
            or u.get("long_gun") != CHARGE
            or uid in spent
            or u.get("condition") != "fit"
            or u.get("on_foot_hex") is None
        ):
            continue
        if u["on_foot_hex"] == th:
            if view["turn"] >= 2:
                player.try_plot(game, uid, "BW")
            continue
        if guarded:
            continue
        path = _approach(game, uid, th, player.ap_left(game, uid), False)
        if path and path[-1] == th:
            player.try_plot(game, uid, "MP", path=path)


def ambush_seen(player: Player, view: dict[str, Any]) -> bool:
    """The side knows it is ambushed: an enemy is in its view, or one of its men is hit, or
    the road is blocked ahead (all public to it: its view only)."""
    units = view["units"].values()
    if any(u.get("side") not in (None, player.side) and u.get("kind") == "man" for u in units):
        return True
    if any(u.get("side") == player.side and u.get("condition") not in (None, "fit") for u in units):
        return True
    return view.get("ambush_rules", {}).get("roadblock") is not None and view["turn"] > 1


def _unwarned(units: dict[str, Any], warned: list[str]) -> list[str]:
    """The escorts in the view not warned yet, in the view's order."""
    return [v for v, u in units.items() if u.get("kind") == "escort" and v not in warned]


def call_for_help(player: Player, game, view: dict[str, Any], drivers: bool) -> None:
    """Plot the radio calls still wanted, by non-drivers only unless ``drivers``: each man in
    order tries the regional centre, then each escort not warned (the order of the RC options
    of legal_orders), and makes the first call the rules accept.

    Decided from the view (the side's men and ``ambush_rules.radio``) and tried directly: the
    same calls as walking legal_orders' RC options, without listing every unit's other orders
    (test_ambush_radio_calls checks the two agree)."""
    r = view.get("ambush_rules", {}).get("radio")
    if r is None:
        return
    units = view["units"]
    warned = r["warned"]
    escorts = [] if len(warned) == len(game.scenario.escorts) else _unwarned(units, warned)
    targets = [CENTRE, *escorts] if r["through"] is None else escorts
    if not targets or not ambush_seen(player, view):  # nobody left to call: no look needed
        return
    calls = game.plotted_calls(player.side)  # this turn's own calls (the view's may be stale)
    for uid, u in units.items():
        if u.get("side") != player.side or u.get("kind") != "man" or not u.get("vehicle"):
            continue
        if uid in calls or (not drivers and u.get("seat") == "D"):
            continue
        for to in targets:
            if to in calls.values():
                continue
            try:
                game.radio_call(player.side, uid, to)
            except IllegalOrder:
                continue
            calls[uid] = to
            break


def complete_driving(player: Player, game, view: dict[str, Any]) -> None:
    """Every own moving vehicle left without MV or SV gets one (§8: a moving vehicle must be
    stopped or moved): SV, else the longest legal MV. AMBUSH's long convoys put escorts where
    SKIRMISH's players' driving (made for escorts within 20 hexes) may leave one so."""
    for vid, u in view["units"].items():
        if u.get("kind") not in VEHICLE_KINDS or u.get("controller") != player.side:
            continue
        if not u.get("moving"):
            continue
        if any(t["code"] in ("MV", "SV") for t in game.plotted(player.side, vid)):
            continue
        if not player.try_plot(game, vid, "SV"):
            opts = _mv_options(game, player.side, vid)
            if opts:
                player.try_plot(game, vid, "MV", hexes=max(opts))


class _AmbushMixin:
    def plan(self, game, view: dict[str, Any]) -> None:
        if self.side == "defender":
            call_for_help(self, game, view, drivers=False)
            drive_transporter(self, game, view)
        else:
            carry_cargo(self, game, view)
            if "charges_spent" in (view.get("ambush_rules") or {}):
                set_charge(self, game, view)
            if getattr(game.scenario, "getaway_car", None) is not None:
                drive_car(self, game, view)
        super().plan(game, view)
        complete_driving(self, game, view)
        if self.side == "defender":
            call_for_help(self, game, view, drivers=True)


class AmbushScriptedAdversary(_AmbushMixin, ScriptedAdversary):
    """SKIRMISH's scripted adversary plus the cargo's escape."""


class AmbushScriptedDefender(_AmbushMixin, ScriptedDefender):
    """SKIRMISH's scripted defender plus the transporter's driving."""


class AmbushTacticalAdversary(_AmbushMixin, TacticalAdversary):
    """SKIRMISH's tactic adversary plus the cargo's escape."""


class AmbushTacticalDefender(_AmbushMixin, TacticalDefender):
    """SKIRMISH's tactic defender plus the transporter's driving."""


def scripted(side: str, seed: int = 0) -> Player:
    """The AMBUSH scripted player for ``side`` (registry factory)."""
    if side == "adversary":
        return AmbushScriptedAdversary(seed)
    if side == "defender":
        return AmbushScriptedDefender(seed)
    raise ValueError(f"AMBUSH sides are 'adversary' and 'defender', not {side!r}")


def tactic(side: str, seed: int = 0, **knobs: Any) -> Player:
    """The AMBUSH tactic player for ``side`` (registry factory)."""
    if side == "adversary":
        return AmbushTacticalAdversary(seed, **knobs)
    if side == "defender":
        return AmbushTacticalDefender(seed, **knobs)
    raise ValueError(f"AMBUSH sides are 'adversary' and 'defender', not {side!r}")
