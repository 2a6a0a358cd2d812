"""AMBUSH feature: communications (scenario option ``radio``).

Two systems (the report): CB radio within the convoy, and a long-range link from the convoy to
a regional centre that dispatches the response forces. Each turn's combat phase ends with one
try on each link not yet through, made from the transporter (CB) and from any vehicle with a
living guard aboard (long range): a die at most the table's success face for the range gets the
message through (:mod:`hexplay.rules.ambush` ``radio.toml``).

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

from ...engine import IllegalOrder
from .state import DEFENDER

UNWARNED_VEHICLE_TASKS = ("AV", "MV", "SV")
"""What an escort not yet warned by CB may do: drive on (accelerate, move) or stop."""


def new_state(g) -> dict:
    warned = list(g.scenario.escorts) if g.scenario.escorts_notified else []
    return {"warned": warned, "through": None}


def _aboard(g, vid: str) -> bool:
    v = g.vehicles[vid]
    return any(g.men[i].alive and g.men[i].side == DEFENDER for i in v.seats.values())


def after_combat(g) -> None:
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
    if side == DEFENDER or side == "referee":
        return {"warned": list(g.radio["warned"]), "through": g.radio["through"]}
    return None
