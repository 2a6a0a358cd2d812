"""AMBUSH feature: vehicle damage by anti-tank fire (scenario option ``vehicle_damage``).

A shot with a weapon that harms vehicles (``weapons.toml``: the anti-tank class) at a man
aboard a vehicle is also an attack on the vehicle: the weapon's attack strength at the range
(the firer's condition column) against the vehicle's armour (``armour.toml``) on Table VI's
ratio columns, one die. ``W`` immobilises it; ``K`` is a penetration, whose state a second die
picks (``damage.toml``): ``crew_penetrated`` (immobilised, every man aboard wounded) or
``barrier_damaged`` (immobilised; on the transporter the barrier loses
``barrier_damage_points``, i.e. the adversary's barrier points rise by that many).

An immobilised vehicle stops where it stands (its movement this turn is cancelled) and can
never accelerate or move again (:func:`check_plan`). State: ``g.vehicle_damage``,
vehicle id -> list of state names (public: a wreck is plain to see).

Fog of war, as a SKIRMISH shot's (:func:`.resolve.resolve_combat`): the ``"vehicle hit"``
event goes whole to the firer's side, and to the other side only if it saw the firer at the
start of the turn; else that side learns the vehicle, the die and what it did (``vehicle``,
``die``, ``result`` and, for a penetration, ``damage_die`` and ``damage``), not who fired
what from where (:data:`UNSEEN_FIRER_KEYS`).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ...engine import IllegalOrder
from .combat import attack_strength, combat_result, odds
from .resolve import _unit_key
from .scenario import TRANSPORTER_ID
from .state import SIDES
from .tables import MISS
from .units import CAR_KIND

IMMOBILE_TASKS = ("AV", "MV")
UNSEEN_FIRER_KEYS = ("vehicle", "die", "result", "damage_die", "damage")
"""What the target's side learns of a hit on its vehicle by a firer it did not see."""


MISS_OUTCOME = "no effect"
"""The outcome of a vehicle hit that does nothing (Table VI's miss) in :func:`damage_odds`."""


def vehicle_attack(g, firer, v, weapon: str) -> tuple[int, int]:
    """(range, attack strength) of ``firer``'s ``weapon`` at vehicle ``v``, as the resolver
    takes them: the range to the vehicle's hex, the halved column for a firer who is wounded
    or aboard a vehicle."""
    rng = g.terrain.distance(g.man_hex(firer), g.vehicle_hex(v))
    return rng, attack_strength(weapon, rng, firer.wounded or firer.vehicle is not None)


def damage_state(tab, result: str, die: int) -> str:
    """The damage state a penetration (``result`` "K") gets on the second ``die``
    (``damage.toml``'s K rows)."""
    return next(r.name for r in tab.damage if r["result"] == result and die in r["die"])


def damage_odds(tab, attack: int, defence: int) -> dict[str, Fraction]:
    """Exact chances of each outcome of one vehicle hit at ``attack`` against armour
    ``defence``, as :func:`resolve_vehicle_hits` rolls it: Table VI's column (:func:`.odds`)
    gives P(K), P(W), P(miss); W is ``immobilised``, a K is split over ``damage.toml``'s K
    rows by their second-die faces. Keys: :data:`MISS_OUTCOME`, ``immobilised``, then each K
    state in the table's order (Fractions summing to 1; empty if the attack is 0)."""
    if attack <= 0:
        return {}
    o = odds(attack, defence)
    out = {MISS_OUTCOME: o.miss, "immobilised": o.wound}
    for r in tab.damage:
        if r["result"] == "K":
            out[r.name] = out.get(r.name, Fraction(0)) + o.kill * Fraction(len(r["die"]), 6)
    return out


def armour_class(g, v) -> str:
    """The name of vehicle ``v``'s armour class (``armour.toml``): the scenario's ``armour``
    field, the getaway car's type's (``getaway.toml``), else the convoy kind's default. The
    one rule: the game's ``vehicle_armour`` values (the defence of a vehicle hit) are made
    from it, and the odds panel names it."""
    tab = g.ambush_tables
    named = g.scenario.armour.get(v.id)
    if named:
        return named
    if v.kind == CAR_KIND and g.scenario.getaway_car:
        return tab.getaway_vehicles[g.scenario.getaway_car["vehicle"]]["armour"]
    return tab.default_armour[v.kind]


def hit_odds(g, firer, target, weapon: str) -> dict[str, Any] | None:
    """What ``firer``'s shot with ``weapon`` at ``target`` (a man aboard a vehicle) does to
    the vehicle, as :func:`resolve_vehicle_hits` would resolve it now: ``vehicle``,
    ``armour`` (class), ``defence``, ``range``, ``attack``, ``ratio`` and ``outcomes``
    (:func:`damage_odds`). None when no vehicle hit follows (the option is off, the weapon
    cannot damage vehicles, the target is not aboard, or the attack is 0)."""
    tab = g.ambush_tables
    w = tab.weapons.get(weapon)
    if not g.scenario.vehicle_damage or w is None or not w.harms_vehicles or not target.vehicle:
        return None
    v = g.vehicles[target.vehicle]
    rng, att = vehicle_attack(g, firer, v, weapon)
    if att <= 0:
        return None
    dfn = g.vehicle_armour[v.id]
    return {
        "vehicle": v.id,
        "armour": armour_class(g, v),
        "defence": dfn,
        "range": rng,
        "attack": att,
        "ratio": odds(att, dfn).ratio,
        "outcomes": damage_odds(tab, att, dfn),
    }


def resolve_vehicle_hits(g, plans, combat, armour: dict[str, int]) -> None:
    tab = g.ambush_tables
    for side in SIDES:
        sp = plans[side]
        for mid in sorted(sp.men, key=_unit_key):
            for t in sp.men[mid].fires:
                w = tab.weapons.get(t.weapon)
                target = g.men[t.target]
                if w is None or not w.harms_vehicles or not target.vehicle:
                    continue
                firer, v = g.men[mid], g.vehicles[target.vehicle]
                _rng, att = vehicle_attack(g, firer, v, t.weapon)
                dfn = armour[v.id]
                data = {
                    "firer": mid,
                    "vehicle": v.id,
                    "weapon": t.weapon,
                    "attack": att,
                    "armour": dfn,
                }
                if att <= 0:
                    continue
                die = g.dice.roll("vehicle hit", firer=mid, vehicle=v.id)
                res = combat_result(att, dfn, die)
                data.update(die=die, result="miss" if res == MISS else res)
                states = g.vehicle_damage.setdefault(v.id, [])
                if res in ("K", "W"):
                    if "immobilised" not in states:
                        states.append("immobilised")
                    v.moving = False
                    plans[g.controller(v) or side].vehicles.pop(v.id, None)
                if res == "K":
                    d2 = g.dice.roll("vehicle damage", vehicle=v.id)
                    state = damage_state(tab, "K", d2)
                    data.update(damage_die=d2, damage=state)
                    if state not in states:
                        states.append(state)
                    if state == "crew_penetrated":
                        for m in g.occupants(v):
                            if m.alive:
                                m.wounds = min(2, m.wounds + 1)
                                combat["hit"].add(m.id)
                                g.log.add(
                                    g.turn,
                                    "combat",
                                    "casualty",
                                    {"man": m.id, "condition": m.condition},
                                    visible_to=SIDES,
                                )
                    elif state == "barrier_damaged" and v.id == TRANSPORTER_ID:
                        g.barrier += tab.barrier_damage_points
                if not states:
                    del g.vehicle_damage[v.id]
                other = target.side
                red = (
                    dict(data)
                    if mid in g.seen[other]
                    else {k: data[k] for k in UNSEEN_FIRER_KEYS if k in data}
                )
                g.log.add(
                    g.turn, "combat", "vehicle hit", data, visible_to=(side,), redacted={other: red}
                )
    g.vehicles_moved()


def check_plan(g, side: str, plan) -> None:
    for vid, states in g.vehicle_damage.items():
        vp = plan.vehicles.get(vid)
        if "immobilised" in states and vp and any(t.code in IMMOBILE_TASKS for t in vp.tasks):
            raise IllegalOrder("AMBUSH vehicle damage", f"{vid} is immobilised")
