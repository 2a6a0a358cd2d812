"""AMBUSH feature: automatic fire (weapons of class ``automatic``, ``autofire.toml``).

A burst aimed at one man also attacks up to ``extra_targets`` other enemy men who share his
hex (on foot in it, or aboard the same vehicle), lowest ids first, each at ``extra_factor`` of
the shot's attack strength (rounded down) against his own defence (Table IV, from the
start-of-turn state like every shot), one die each on Table VI. Resolved at the end of the
combat phase, after the aimed shots (results still take effect at the end of the phase: a man
already killed in it is spent fire, as in SKIRMISH).

Returns the men a burst fired upon, for suppression (:mod:`.morale`).
"""

from __future__ import annotations

from .combat import combat_result
from .resolve import _unit_key, shot_numbers
from .state import SIDES
from .tables import MISS, MISS_EVENT


def _hex_mates(g, target) -> list:
    if target.vehicle:
        mates = g.occupants(target.vehicle)
    else:
        mates = [m for m in g.men.values() if m.vehicle is None and m.hex == target.hex]
    return sorted(
        (m for m in mates if m.id != target.id and m.side == target.side and m.alive),
        key=lambda m: _unit_key(m.id),
    )


def resolve_bursts(g, plans, combat, automatic: frozenset[str], extra: int, factor: float):
    """Extra attacks of every automatic-weapon shot (see the module docstring)."""
    burst_at: set[str] = set()
    pending: dict[str, int] = {}
    for side in SIDES:
        sp = plans[side]
        for mid in sorted(sp.men, key=_unit_key):
            for t in sp.men[mid].fires:
                if t.weapon not in automatic:
                    continue
                firer, aimed = g.men[mid], g.men[t.target]
                for o in _hex_mates(g, aimed)[:extra]:
                    n = shot_numbers(g, plans, firer, o, t.weapon)
                    att = int(n["attack"] * factor)
                    burst_at.add(o.id)
                    combat["fired_upon"].add(o.id)
                    data = {
                        "firer": mid,
                        "target": o.id,
                        "weapon": t.weapon,
                        "burst": True,
                        "attack": att,
                        "defence": n["defence"],
                    }
                    if att <= 0 or o.wounds + pending.get(o.id, 0) >= 2:
                        data.update(die=None, result="spent" if att > 0 else MISS_EVENT)
                    else:
                        die = g.dice.roll("burst", firer=mid, target=o.id)
                        res = combat_result(att, n["defence"], die)
                        data.update(die=die, result=MISS_EVENT if res == MISS else res)
                        if res in ("K", "W"):
                            pending[o.id] = pending.get(o.id, 0) + (2 if res == "K" else 1)
                            combat["hit"].add(o.id)
                    g.log.add(
                        g.turn,
                        "combat",
                        "fire",
                        data,
                        visible_to=(side,),
                        redacted={o.side: {k: data[k] for k in ("target", "die", "result")}},
                    )
    for mid, w in pending.items():
        m = g.men[mid]
        m.wounds = min(2, m.wounds + w)
        g.log.add(
            g.turn, "combat", "casualty", {"man": mid, "condition": m.condition}, visible_to=SIDES
        )
    return burst_at
