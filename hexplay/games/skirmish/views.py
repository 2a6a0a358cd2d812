"""Fog of war: who sees whom (Table III LOS, vehicles as blockers) and per-side views.

Decisions: a side sees an enemy man if any of its living men on the map has LOS to his hex;
men inside a vehicle are seen when the vehicle is (some living man of the side has LOS to its
hex); the transporter's position (the ambush point) is known to both sides, but knowing where
it stands is not seeing inside it: its occupants are seen only under the same LOS rule. Men
and vehicles off the map (in a vehicle or on foot) are never seen. Seen enemies show position
and condition (fit/W/K) but not their weapons. A vehicle held by the other side (its living
men aboard are enemies) is shown to its owner as to any enemy: position and motion when seen,
never its seats. Barrier points are known to both sides.

AMBUSH adds one key, ``ambush_rules`` (built by ``AmbushGame.features_view``; SKIRMISH views
never have it), plain JSON, each part present only when its scenario option is on:

* ``roadblock``: the blocked hex label or None (public: the adversary built it, the convoy
  meets it). ``vehicle_damage``: vehicle id -> list of damage state names (public once
  inflicted).
* ``cargo`` (option ``cargo_removal``): ``state`` (``"vault"``, ``"carried"``, ``"dropped"``,
  ``"away"``, ``"recovered"``; the defender sees ``"out"`` for carried/dropped), ``holder``
  and ``hex`` (the defender's only while he sees the carrier), ``loaded`` and
  ``load_points`` (points beyond the barrier's; done / needed).
* ``radio`` (option ``radio``; defender and referee only): ``warned`` (escorts the CB call
  has reached) and ``through`` (turn the long-range message got through, or None).
* ``response`` (option ``response_density``; defender and referee only): ``arrival`` (turn
  the force enters, or None before the message is through) and ``arrived``.
* ``getaway_car`` (field ``getaway_car``; adversary and referee only): the car's plan
  (``vehicle``, ``men``, ``enters``, ``turn``), its ``id`` and whether it has ``entered``. The
  car itself (kind ``"car"``, side adversary) is a vehicle of the units: to the defender only
  while he sees it, even with nobody aboard (``SkirmishState.owner``).
* ``charges_spent`` (some man carries a breaching charge; adversary and referee only): the
  holders of spent charges (:mod:`.breaching`).
* ``morale`` (option ``morale``): ``suppressed`` / ``panicked``, the side's own men affected
  this turn (the referee's: everyone's).

Vehicle damage comes as ``"vehicle hit"`` events (firer, vehicle, weapon, attack, armour, die,
result, and ``damage`` for a penetration; the vehicle's side gets the firer, weapon, attack and
armour only if it saw the firer, see :mod:`.vehicles`); a breaching charge set is a
``"breaching charge"`` event (both sides, as barrier work); automatic fire's extra attacks are
``"fire"`` events with ``burst: true``; ``"suppression"`` and ``"panic"`` rolls go to the man's
own side.

Radio calls are ``"radio"`` events in the defender's log (link, range, die, need, through);
``"response dispatched"`` / ``"response arrived"`` events likewise; the cargo's events
(``"cargo loaded"``, ``"cargo dropped"``, ``"cargo picked up"``, ``"cargo away"``,
``"cargo recovered"``) go to the sides that may know them.
"""

from __future__ import annotations

from typing import Any

from ...engine import REFEREE, IllegalOrder
from .scenario import TRANSPORTER_ID
from .state import ADVERSARY, DEFENDER, SIDES
from .tables import AP_PER_TURN
from .units import CAR_KIND, FIT, KILLED, WOUNDED

_FULL_AP_TEXT = str(AP_PER_TURN)


def _ap_left_texts(g, side: str) -> dict[str, str]:
    """``ap_left`` of a view: each own unit's free AP as text."""
    units = g.own_units(side)
    if not g.plots.orders[side]:
        return dict.fromkeys(units, _FULL_AP_TEXT)  # nothing plotted: nobody is charged
    out = {}
    for u in units:
        a = g.ap_left(side, u)
        out[u] = _FULL_AP_TEXT if a is AP_PER_TURN else str(a)  # (nothing plotted yet)
    return out


def _hexes(g) -> tuple[dict[str, tuple], dict[str, str | None]]:
    """(vehicle id -> (hex, controller, owner), man id -> hex): each read once for a view or
    a sighting update (``vehicle_hex``, ``controller``, ``owner``, ``man_hex``; the men's
    from their vehicles'; the controller, the side of the first living man in a seat, and a
    man's hex worked out inline)."""
    route = g.route
    n = len(route)
    men = g.men
    vf = {}
    for vid, v in g.vehicles.items():
        pos = v.pos
        c = None  # = g.controller(v)
        for i in v.seats.values():
            m = men[i]
            if m.wounds < 2:
                c = m.side
                break
        vf[vid] = (
            route[pos] if 0 <= pos < n else None,
            c,
            ADVERSARY if c is None and v.kind == CAR_KIND else c,  # = g.owner(v)
        )
    mh = {mid: (vf[m.vehicle][0] if m.vehicle else m.hex) for mid, m in men.items()}
    return vf, mh


def compute_seen(g, facts: tuple | None = None) -> dict[str, set[str]]:
    """Enemy unit ids (men and vehicles) each side sees now: equals
    :func:`compute_seen_plain`, every hex and owner read once (``facts``: :func:`_hexes`) and
    each hex of enemy men on foot looked at once per side (a stack at the transporter)."""
    vf, mh = facts or _hexes(g)
    blk = g.blockers()
    sees_any = g.terrain.sees_any
    men = g.men
    out: dict[str, set[str]] = {}
    for side in SIDES:
        eyes = {mh[i] for i, m in men.items() if m.side == side and m.wounds < 2}
        eyes.discard(None)
        looked: set[str] = set()  # vehicles a man of the side has LOS to (men inside seen)
        if eyes:
            for vid, (h, _c, own) in vf.items():
                if h is not None and own != side and sees_any(eyes, h, blk):
                    looked.add(vid)
        seen = set(looked)
        if g.route:
            seen.add(TRANSPORTER_ID)  # its position is known to both sides (not its inside)
        sighted: dict[str, bool] = {}  # hex -> seen (men sharing a hex asked once)
        for i, m in men.items():
            if m.side == side:
                continue
            if m.vehicle:
                if m.vehicle in looked:
                    seen.add(i)
            elif eyes and m.hex is not None:
                h = m.hex
                got = sighted.get(h)
                if got is None:
                    got = sighted[h] = sees_any(eyes, h, blk)
                if got:
                    seen.add(i)
        out[side] = seen
    return out


def compute_seen_plain(g) -> dict[str, set[str]]:
    """Enemy unit ids (men and vehicles) each side sees now (the plain version
    :func:`compute_seen` equals)."""
    blk = g.blockers()
    sees_any = g.terrain.sees_any
    vhex = {v.id: g.vehicle_hex(v) for v in g.vehicles.values()}
    ctrl = {v.id: g.owner(v) for v in g.vehicles.values()}
    out: dict[str, set[str]] = {}
    for side in SIDES:
        eyes = {g.man_hex(m) for m in g.men.values() if m.side == side and m.alive}
        eyes.discard(None)
        seen: set[str] = set()
        looked: set[str] = set()  # vehicles a man of the side has LOS to (men inside seen)
        for v in g.vehicles.values():
            h = vhex[v.id]
            if h is not None and ctrl[v.id] != side and sees_any(eyes, h, blk):
                looked.add(v.id)
        seen.update(looked)
        if g.route:
            seen.add(TRANSPORTER_ID)  # its position is known to both sides (not its inside)
        for m in g.men.values():
            if m.side == side:
                continue
            if m.vehicle:
                if m.vehicle in looked:
                    seen.add(m.id)
            elif m.hex is not None and sees_any(eyes, m.hex, blk):
                seen.add(m.id)
        out[side] = seen
    return out


def update_sightings(g) -> None:
    """Recompute what each side sees and remember last-known positions (each seen unit's
    :func:`public_unit`, made from the hexes and owners read once: :func:`_hexes`)."""
    facts = _hexes(g)
    g.seen = compute_seen(g, facts)
    turn = g.turn
    adopt = g.last_known.adopt
    for side, ids in g.seen.items():
        for uid in ids:
            adopt(side, uid, _public(g, uid, facts), turn)


def _public(g, uid: str, facts: tuple) -> dict[str, Any]:
    """:func:`public_unit` from :func:`_hexes`' ``facts``."""
    m = g.men.get(uid)
    if m is not None:
        w = m.wounds
        return {
            "id": uid,
            "kind": "man",
            "side": m.side,
            "hex": facts[1][uid],
            "vehicle": m.vehicle,
            "condition": KILLED if w >= 2 else (WOUNDED if w == 1 else FIT),
        }
    v = g.vehicles[uid]
    return {
        "id": uid,
        "kind": v.kind,
        "side": _vehicle_side(v),
        "hex": facts[0][uid][0],
        "moving": v.moving,
        "position": g.vehicle_label(v),
    }


def _full(g, uid: str, facts: tuple) -> dict[str, Any]:
    """:func:`full_unit` from :func:`_hexes`' ``facts``: a man's dict made in one go, with
    ``Man.to_dict``'s keys in its order (then the view's), not made and then extended."""
    m = g.men.get(uid)
    if m is not None:
        w, rp = m.wounds, m.route_pos
        d = {
            "id": m.id,
            "side": m.side,
            "long_gun": m.long_gun,
            "hex": facts[1][uid],
            "vehicle": m.vehicle,
            "seat": m.seat,
            "wounds": w,
            "armed": m.armed,
            "laid_at": m.laid_at,
        }
        if rp is None:
            d["kind"] = "man"
            d["on_foot_hex"] = m.hex
            d["condition"] = KILLED if w >= 2 else (WOUNDED if w == 1 else FIT)
            return d
        d["route_pos"] = rp
        d["kind"] = "man"
        d["on_foot_hex"] = m.hex
        d["condition"] = KILLED if w >= 2 else (WOUNDED if w == 1 else FIT)
        d["position"] = g.route_label(rp)
        return d
    v = g.vehicles[uid]
    d = v.to_dict()
    h, ctrl, _own = facts[0][uid]
    d["side"] = _vehicle_side(v)
    d["hex"] = h
    d["position"] = g.vehicle_label(v)
    d["controller"] = ctrl
    return d


def public_unit(g, uid: str) -> dict[str, Any]:
    """What an enemy who sees ``uid`` learns: position and condition."""
    m = g.men.get(uid)
    if m is not None:
        return {
            "id": uid,
            "kind": "man",
            "side": m.side,
            "hex": g.man_hex(m),
            "vehicle": m.vehicle,
            "condition": m.condition,
        }
    v = g.vehicles[uid]
    return {
        "id": uid,
        "kind": v.kind,
        "side": _vehicle_side(v),
        "hex": g.vehicle_hex(v),
        "moving": v.moving,
        "position": g.vehicle_label(v),
    }


def _vehicle_side(v) -> str:
    """A vehicle's side: the convoy's, but for the adversary's own car (AMBUSH)."""
    return ADVERSARY if v.kind == CAR_KIND else DEFENDER


def full_unit(g, uid: str) -> dict[str, Any]:
    # to_dict() makes a fresh dict: it is extended in place (the keys and their order of
    # ``{**to_dict(), ...}``)
    m = g.men.get(uid)
    if m is not None:
        d = m.to_dict()
        d["kind"] = "man"
        d["hex"] = g.man_hex(m)
        d["on_foot_hex"] = m.hex
        d["condition"] = m.condition
        if m.route_pos is not None:
            # a man on foot off the map: his route position, as vehicles' (``T-12``)
            d["position"] = g.route_label(m.route_pos)
        return d
    v = g.vehicles[uid]
    d = v.to_dict()
    d["side"] = _vehicle_side(v)
    d["hex"] = g.vehicle_hex(v)
    d["position"] = g.vehicle_label(v)
    d["controller"] = g.controller(v)
    return d


def _visible_plots(g, side: str, all_sides: bool) -> dict[str, Any]:
    """The plots ``side``'s view shows: another side's only in the classic open-map game (or to
    the referee: ``all_sides``), once all have submitted; under fog of war it would reveal
    where unseen men are going, so it is never in a view."""
    visible = g.plots.visible(side)
    if not all_sides:
        visible = {s: p for s, p in visible.items() if s == side}
    return {s: {u: [t.to_dict() for t in lst] for u, lst in p.items()} for s, p in visible.items()}


def _view_dict(
    g, side: str, units, seen, last_known, plots, ap_left, all_seen: bool, events: bool
) -> dict[str, Any]:
    """The view of :func:`build_view` and :func:`build_view_plain` from its parts (``all_seen``:
    the referee's or an open map's, where every unit listed counts as seen)."""
    return {
        "game": g.info.name,
        "side": side,
        "to_act": list(g.to_act()),
        "turn": g.turn,
        "phase": g.phase,
        "over": g.over,
        "winner": g.winner,
        "scenario": g.scenario.name,
        "map": g.map.name,
        "open_map": g.scenario.open_map,
        "route": g.route_name,
        "route_hexes": list(g.route),
        "ambush": g.ambush,
        "barrier_points": g.barrier,
        "barrier_points_required": g.scenario.barrier_points_required,
        "units": units,
        "seen": sorted(units if all_seen else seen),
        "last_known": last_known,
        "plots": plots,
        "ap_left": ap_left,
        "submitted": dict(g.plots.submitted),
        "events": g.log.for_side(side) if events else [],
    }


def build_view(g, side: str, events: bool = True) -> dict[str, Any]:
    """A plain JSON-able dict with only what ``side`` may know: equals
    :func:`build_view_plain`, the units' entries made from the hexes and owners read once
    (:func:`_hexes`) and the AP-left texts from the owners too (computer players read a
    view at every plot)."""
    referee = side == REFEREE
    open_map = g.scenario.open_map
    if not referee and side not in SIDES:
        raise IllegalOrder(
            "view", f"side must be 'adversary', 'defender' or 'referee', not {side!r}"
        )
    facts = _hexes(g)
    vf = facts[0]
    units: dict[str, Any] = {}
    seen = set() if referee else g.seen.get(side, set())
    for uid, m in g.men.items():
        if referee or m.side == side:
            units[uid] = _full(g, uid, facts)
        elif open_map or uid in seen:
            units[uid] = _public(g, uid, facts)
    adversary = not referee and side == ADVERSARY
    for uid in g.vehicles:
        own = vf[uid][2]
        if referee or (side == DEFENDER and own != ADVERSARY):
            units[uid] = _full(g, uid, facts)
        elif open_map or uid in seen:
            # (the adversary's own vehicles: full, as the loop after the plain one's makes them)
            units[uid] = (
                _full(g, uid, facts) if adversary and own == ADVERSARY else _public(g, uid, facts)
            )
    if adversary:
        # the adversary knows his own men; vehicles he sees or that his men ride
        for uid in g.vehicles:
            if vf[uid][2] == ADVERSARY and uid not in units:
                units[uid] = _full(g, uid, facts)
    plots = _visible_plots(g, side, referee or open_map)
    last_known = {} if referee else g.last_known.for_side(side, exclude=units)
    if referee:
        ap_left = {}
    else:  # = _ap_left_texts(g, side), own_units from the owners read once
        own = [i for i, m in g.men.items() if m.side == side and m.wounds < 2]
        own += [vid for vid, (_h, ctrl, _o) in vf.items() if ctrl == side]
        if not g.plots.orders[side]:
            ap_left = dict.fromkeys(own, _FULL_AP_TEXT)
        else:
            ap_left = {}
            for u in own:
                a = g.ap_left(side, u)
                ap_left[u] = _FULL_AP_TEXT if a is AP_PER_TURN else str(a)
    return _view_dict(g, side, units, seen, last_known, plots, ap_left, referee or open_map, events)


def build_view_plain(g, side: str, events: bool = True) -> dict[str, Any]:
    """A plain JSON-able dict with only what ``side`` may know (the plain version
    :func:`build_view` equals)."""
    referee = side == REFEREE
    open_map = g.scenario.open_map
    if not referee and side not in SIDES:
        raise IllegalOrder(
            "view", f"side must be 'adversary', 'defender' or 'referee', not {side!r}"
        )
    units: dict[str, Any] = {}
    seen = set() if referee else g.seen.get(side, set())
    for uid, m in g.men.items():
        if referee or m.side == side:
            units[uid] = full_unit(g, uid)
        elif open_map or uid in seen:
            units[uid] = public_unit(g, uid)
    for uid, v in g.vehicles.items():
        if referee or (side == DEFENDER and g.owner(v) != ADVERSARY):
            units[uid] = full_unit(g, uid)
        elif open_map or uid in seen:
            units[uid] = public_unit(g, uid)
    if not referee and side == ADVERSARY:
        # the adversary knows his own men; vehicles he sees or that his men ride
        for v in g.vehicles.values():
            if g.owner(v) == ADVERSARY:
                units[v.id] = full_unit(g, v.id)
    plots = _visible_plots(g, side, referee or open_map)
    last_known = {} if referee else g.last_known.for_side(side, exclude=units)
    ap_left = _ap_left_texts(g, side) if not referee else {}
    return _view_dict(g, side, units, seen, last_known, plots, ap_left, referee or open_map, events)
