"""AMBUSH feature: communications (scenario option ``radio``).

Two systems (the report): CB radio within the convoy, and a long-range link from the convoy to
a regional centre that dispatches the response forces. A call for help is a plotted task of a
defender man in a convoy vehicle (every convoy vehicle carries both sets): ``RC`` with
``target`` an escort not yet warned (CB) or :data:`CENTRE` (long range), costing the AP of
``radio.toml``'s ``call`` table (doubled for a wounded man, as his Table II tasks). At the end
of the combat phase each call whose caller is still alive is tried: a die at most the table's
success face for the range gets the message through (:mod:`hexplay.games.ambush`
``radio.toml``). A dead caller's call is lost (event ``radio`` with ``lost``).

Scenario ``radio_calls = "automatic"`` keeps the first AMBUSH rule instead (no plotted calls):
each combat phase ends with one try on each link not yet through, made from the transporter
(CB) and from any vehicle with a living guard aboard (long range).

* CB: escorts start *unwarned* (scenario ``escorts_notified`` false): an unwarned escort's
  crew may plot nothing and the vehicle only :data:`UNWARNED_VEHICLE_TASKS` (it drives on as a
  convoy vehicle does, and stops rather than run into the convoy; it never turns round),
  until a CB call from the transporter reaches it (range: route hexes between them).
  Decision: a living guard in the transporter makes the call.
* Long range: through on the turn the die says; the centre dispatches the response forces
  (:mod:`.response`) after the training delay.

Messages are events visible to the defender only ("radio"); the adversary does not hear them.
State (``g.radio``): ``warned`` (escort ids), ``through`` (turn the long-range message got
through, or None).
"""

from __future__ import annotations

import functools
from fractions import Fraction

from ...engine import IllegalOrder, LegalOrder, Need
from .state import DEFENDER
from .tables import AP_PER_TURN, WOUNDED_AP_MULTIPLIER

CALL = "RC"
"""The radio call's order kind (an AMBUSH task of a man, beside Table II's)."""
CENTRE = "centre"
"""``target`` of a long-range call: the regional centre."""
RULE = "AMBUSH radio"

UNWARNED_VEHICLE_TASKS = ("AV", "MV", "SV")
"""What an escort not yet warned by CB may do: drive on (accelerate, move) or stop."""


def new_state(g) -> dict:
    warned = list(g.scenario.escorts) if g.scenario.escorts_notified else []
    return {"warned": warned, "through": None}


def _aboard(g, vid: str) -> bool:
    v = g.vehicles[vid]
    return any(g.men[i].alive and g.men[i].side == DEFENDER for i in v.seats.values())


def link_of(to: str) -> str:
    return "long range" if to == CENTRE else "CB"


def call_cost(g, man: str, to: str) -> Fraction:
    """AP a call costs ``man`` (``radio.toml`` ``call``; doubled for a wounded man)."""
    return _call_ap(g.ambush_tables.call_ap[link_of(to)], g.men[man].wounded)


@functools.cache
def _call_ap(ap: int, wounded: bool) -> Fraction:
    """``ap`` as a Fraction, doubled if ``wounded``: one Fraction per value (every plot's check
    of the plotted calls asks :func:`call_cost`; Fractions are immutable, so shared)."""
    return Fraction(ap) * WOUNDED_AP_MULTIPLIER if wounded else Fraction(ap)


def _plan_ap_left(plan, man: str) -> Fraction:
    mp = plan.men.get(man)
    used = (mp.ap if mp else 0) + plan.charges.get(man, 0)
    return AP_PER_TURN - used


def check_call(g, side: str, man, to) -> None:
    """Refuse a call for help ``man`` may not plot now (IllegalOrder naming the rule)."""
    if not g.scenario.radio:
        raise IllegalOrder(RULE, "the scenario has no radio option: there is no call to make")
    if g.scenario.radio_calls != "plotted":
        raise IllegalOrder(RULE, "radio calls are made by the rules (radio_calls: automatic)")
    if side != DEFENDER:
        raise IllegalOrder(RULE, "only the convoy (defender) has the radios")
    g.turns.require("planning", "plotting")
    g.plots.check_open(side)
    if type(man) is not str or man not in g.men or g.men[man].side != DEFENDER:
        raise IllegalOrder(RULE, f"{man!r} is not a defender man")
    m = g.men[man]
    if not m.alive:
        raise IllegalOrder("Table VII", f"{man} is dead: killed men do nothing")
    if m.vehicle is None:
        raise IllegalOrder(RULE, f"{man} is not in a vehicle: the radios are in the vehicles")
    if m.vehicle not in g.radio["warned"] and m.vehicle != g.transporter.id:
        raise IllegalOrder(RULE, f"{man} in {m.vehicle} is not warned yet (CB)")
    if man in g.radio_calls:
        raise IllegalOrder(RULE, f"{man} already makes a call this turn (one a turn)")
    if type(to) is not str:
        raise IllegalOrder(RULE, f"target must be an escort id or {CENTRE!r}, not {to!r}")
    if to == CENTRE:
        if g.radio["through"] is not None:
            raise IllegalOrder(RULE, "the regional centre has the message already")
    elif to in g.scenario.escorts:
        if to in g.radio["warned"]:
            raise IllegalOrder(RULE, f"{to} is warned already")
        if to == m.vehicle:
            raise IllegalOrder(RULE, f"{man} is in {to}: no call needed")
    else:
        raise IllegalOrder(RULE, f"target must be an escort or {CENTRE!r}, not {to!r}")
    if to in g.radio_calls.values():
        raise IllegalOrder(RULE, f"a call to {to} is plotted already this turn")
    left = _plan_ap_left(g.side_plan(side), man) - _calls_ap(g, man)
    cost = call_cost(g, man, to)
    if cost > left:
        raise IllegalOrder("Table II", f"{man}: the call costs {cost} AP, {left} are left")


def _calls_ap(g, man: str) -> Fraction:
    to = g.radio_calls.get(man)
    return call_cost(g, man, to) if to is not None else Fraction(0)


def check_calls(g, side: str, plan) -> None:
    """Refuse a plot that leaves a caller too few AP for his call (IllegalOrder).

    Equals :func:`check_calls_plain` (its test compares them): the AP are compared in integer
    sixths (every AP of a plan and every call's cost is a whole number of sixths), the
    Fractions worked out only for the message."""
    if side != DEFENDER:
        return
    men, charges = plan.men, plan.charges
    for man, to in g.radio_calls.items():
        cost = call_cost(g, man, to)
        mp = men.get(man)
        used6 = (_six(mp.ap) if mp else 0) + _six(charges.get(man, 0))
        if _six(cost) + used6 > _AP6:
            left = _plan_ap_left(plan, man)
            raise IllegalOrder(
                "Table II", f"{man}'s radio call takes {cost} AP: only {left} would be left"
            )


def check_calls_plain(g, side: str, plan) -> None:
    """:func:`check_calls` in Fractions (the plain version)."""
    if side != DEFENDER:
        return
    for man, to in g.radio_calls.items():
        cost, left = call_cost(g, man, to), _plan_ap_left(plan, man)
        if cost > left:
            raise IllegalOrder(
                "Table II", f"{man}'s radio call takes {cost} AP: only {left} would be left"
            )


def _six(x: Fraction | int) -> int:
    """A whole number of sixths of an AP (an int or a Fraction) as an integer."""
    if type(x) is int:
        return 6 * x
    n, d = x.numerator, x.denominator
    if 6 % d:
        raise ValueError(f"{x} AP is not a whole number of sixths")
    return n * (6 // d)


_AP6 = 6 * int(AP_PER_TURN)


def call_orders(g, side: str, unit: str | None = None) -> list[LegalOrder]:
    """The radio calls ``side`` may plot now (for legal_orders): one per man, with targets."""
    if not g.scenario.radio or g.scenario.radio_calls != "plotted" or side != DEFENDER:
        return []
    if g.phase != "planning" or g.plots.submitted.get(side, True):
        return []
    out = []
    targets = [CENTRE, *g.scenario.escorts]  # the response force's call first
    for m in g.men.values():
        if m.side != side or (unit is not None and m.id != unit) or not m.alive or not m.vehicle:
            continue
        ok = []
        for to in targets:
            try:
                check_call(g, side, m.id, to)
            except IllegalOrder:
                continue
            ok.append(to)
        if ok:
            need = Need("target", "choice", tuple(ok), "call")
            out.append(
                LegalOrder(side, CALL, m.id, {}, (need,), f"{m.id} {CALL} (radio call)", RULE)
            )
    return out


def resolve_calls(g) -> None:
    """Try each plotted call whose caller is alive (in man-id order; see the module doc)."""
    r = g.radio
    tab = g.ambush_tables
    for man, to in sorted(g.radio_calls.items()):
        m = g.men[man]
        link = link_of(to)
        data: dict = {"link": link, "from": man}
        if to != CENTRE:
            data["to"] = to
        if not m.alive:
            g.log.add(
                g.turn,
                "combat",
                "radio",
                {**data, "through": False, "lost": "caller killed"},
                visible_to=(DEFENDER,),
            )
            continue
        if to == CENTRE:
            if r["through"] is not None:
                continue
            face = tab.long_range_success(g.scenario.centre_km)
            die = g.dice.roll("radio", link="long range")
            data["km"] = g.scenario.centre_km
        else:
            if to in r["warned"]:
                continue
            src = g.vehicles[m.vehicle] if m.vehicle else g.transporter
            rng = abs(g.vehicles[to].pos - src.pos)
            face = tab.cb_success(rng)
            die = g.dice.roll("radio", link="CB", to=to)
            data["range"] = rng
        ok = die <= face
        data.update(die=die, need=face, through=ok)
        g.log.add(g.turn, "combat", "radio", data, visible_to=(DEFENDER,))
        if ok and to == CENTRE:
            r["through"] = g.turn
            from .response import dispatch

            dispatch(g)
        elif ok:
            r["warned"].append(to)


def after_combat(g) -> None:
    if g.scenario.radio_calls == "plotted":
        return resolve_calls(g)
    r = g.radio
    tab = g.ambush_tables
    t = g.transporter
    if _aboard(g, t.id):
        for e in g.scenario.escorts:
            if e in r["warned"]:
                continue
            rng = abs(g.vehicles[e].pos - t.pos)
            face = tab.cb_success(rng)
            die = g.dice.roll("radio", link="CB", to=e)
            ok = die <= face
            if ok:
                r["warned"].append(e)
            g.log.add(
                g.turn,
                "combat",
                "radio",
                {"link": "CB", "to": e, "range": rng, "die": die, "need": face, "through": ok},
                visible_to=(DEFENDER,),
            )
    if r["through"] is None and any(_aboard(g, v) for v in g.vehicles):
        face = tab.long_range_success(g.scenario.centre_km)
        die = g.dice.roll("radio", link="long range")
        ok = die <= face
        if ok:
            r["through"] = g.turn
        g.log.add(
            g.turn,
            "combat",
            "radio",
            {
                "link": "long range",
                "km": g.scenario.centre_km,
                "die": die,
                "need": face,
                "through": ok,
            },
            visible_to=(DEFENDER,),
        )
        if ok:
            from .response import dispatch

            dispatch(g)


def check_plan(g, side: str, plan) -> None:
    """Refuse a plot that has an unwarned escort or its crew act (IllegalOrder)."""
    if side != DEFENDER:
        return
    warned = g.radio["warned"]
    for e in g.scenario.escorts:
        if e in warned:
            continue
        vp = plan.vehicles.get(e)
        if vp is not None and any(t.code not in UNWARNED_VEHICLE_TASKS for t in vp.tasks):
            raise IllegalOrder("AMBUSH radio", f"{e} is not warned yet: it only drives (AV/MV/SV)")
        for i in g.vehicles[e].seats.values():
            mp = plan.men.get(i)
            if mp is not None and mp.tasks:
                raise IllegalOrder("AMBUSH radio", f"{i} in {e} is not warned yet (CB)")


def view(g, side: str) -> dict | None:
    if side == DEFENDER or side == "referee":  # calls: this turn's plotted RC, man -> target
        return {
            "warned": list(g.radio["warned"]),
            "through": g.radio["through"],
            "calls": dict(getattr(g, "radio_calls", {})),
        }
    return None
