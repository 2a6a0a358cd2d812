"""What an app shows beside the board, computed from what the asking side knows only.

* :func:`reach` — hexes a unit can still reach this turn (allowance, rough, CBR entry, known
  units, the zone of control of *known* enemies, the border rule and partisan spots; a hidden
  enemy may still stop it).
* :func:`attack_odds` — the hit value of an attack the unit could make now, with each modifier
  (unknown ones, such as an unidentified defender's strength, are None; whether an ambush
  counts depends on what the enemy saw, which the side does not know: ``ambush_possible``).
* :func:`air_line` — an air mission's line and its anti-aircraft chance if an enemy is
  overflown (and whether a known enemy is).
* :func:`observed_hexes` — the hexes the side's units observe, with each unit's observation
  and identification ranges.
"""

from __future__ import annotations

from collections import deque
from typing import Any

from .combat import AMBUSH_ROLLS, MISSILE_STRENGTH, HitValue, p_hit_rolls
from .features import aa_chance
from .movement import allowance, move_blocked, turn_allowance


def _own(g, side: str, unit: str):
    u = g.units.get(unit)
    if u is None or not u.alive or u.side != side:
        raise KeyError(f"{side} has no unit {unit!r}")
    return u


def reach(g, side: str, unit: str) -> dict[str, dict[str, Any]]:
    """Label -> {"steps": hexes from the unit, "stops": movement ends there, "path": the hexes
    stepped into on the way, "cost": steps} for every hex the
    unit could reach now by legal steps (as far as the side knows): the allowance is read in
    each hex with the range the unit has there (a step into a CBR hex costs a range step), and
    the move ends by the zone of control of a known enemy, the border rule, a partisan spot
    within 1 hex (the unit is frozen) or a range-0 unit's one try."""
    u = _own(g, side, unit)
    b = g.board
    if move_blocked(g, u) is not None:
        return {}
    occ = g.known_occupied(side)
    known = [g.units[k].hex for k in g.known[side] if g.units[k].alive]
    cbr, spots = g.cbr, g.spots
    pre = g.aggressor is None
    out: dict[str, dict[str, Any]] = {}
    # state: (hex, moved, range there); a step from h is allowed while allowance(h) - moved >= 1
    start = (u.hex, u.moved, u.rng)
    seen = {start}
    todo = deque([(start, ())])
    while todo:
        (h, moved, rng), path = todo.popleft()
        if rng == 0:
            if moved > u.moved or u.moved:  # (a range-0 unit has one one-hex try a turn)
                continue
        elif turn_allowance(rng, b.rough[h]) - moved < 1:
            continue
        for j in b.adj[h]:
            if j in occ:
                continue
            stops = (
                rng == 0
                or any(b.dist[h][e] == 1 and b.dist[j][e] == 1 for e in known)
                or (pre and (b.enemy_territory(side, j) or u.began_in_enemy))
                or any(b.dist[j][s] <= 1 for s in spots)
            )
            lab = b.labels[j]
            steps = moved + 1 - u.moved
            if lab not in out or out[lab]["steps"] > steps:
                out[lab] = {"steps": steps, "stops": stops, "path": [*path, lab], "cost": steps}
            nxt = (j, moved + 1, rng - 1 if j in cbr else rng)
            if not stops and nxt not in seen:
                seen.add(nxt)
                todo.append((nxt, (*path, lab)))
    out.pop(b.labels[u.hex], None)
    return out


def attack_odds(g, side: str, unit: str, target: str, kind: str = "attack") -> dict[str, Any]:
    """The hit value of ``unit``'s ``kind`` (attack, fire, strike, launch) at ``target`` as the
    side knows it: modifiers, value and chance (None where the side cannot know)."""
    u = _own(g, side, unit)
    b = g.board
    t = b.index(target)
    e = None
    k = g.known_at(side).get(t)
    if k is not None:
        e = g.units[k]
    s = g.known[side].get(k) if k is not None else None
    identified = bool(s and s.identified) and t not in g.cbr
    strength = {"attack": u.str, "fire": u.str, "strike": u.str, "launch": MISSILE_STRENGTH}[kind]
    moved_far = b.dist[u.start_hex][u.hex] > 1 if u.start_hex >= 0 else False
    form = {"fire": "indirect fire", "strike": "air strike", "launch": "missile"}.get(kind)
    if form is None:
        form = "assault" if moved_far else "attack"
    d: dict[str, Any] = {
        "form": form,
        "target_known": e is not None,
        "defender_strength": e.str if identified else None,
        "rough_or_cbr": b.rough[t] or t in g.cbr,
        "emplaced": e.emplaced if identified else None,
        "unobserved": e is None and g.scenario.obs,
        "ambush_possible": kind == "attack" and u.emplaced and u.moved == 0,
        "hit_value": None,
        "p_hit": None,
    }
    if d["defender_strength"] is not None:
        hv = HitValue(strength, e.str, d["rough_or_cbr"], e.emplaced, False, g.scenario.die_factor)
        d["hit_value"] = hv.value
        d["p_hit"] = hv.p_hit
        if d["ambush_possible"]:
            d["p_hit_ambush"] = p_hit_rolls(hv.value, AMBUSH_ROLLS)
    return d


def air_line(g, side: str, unit: str, target: str, strike: bool = True) -> dict[str, Any]:
    """An air mission's line (labels), the anti-aircraft chance if an enemy is overflown (a
    strike's before the attack: the target's known strength, else the airbase's own), and
    whether the side knows of an enemy on the line."""
    u = _own(g, side, unit)
    b = g.board
    t = b.index(target)
    line = b.line(u.hex, t)[1:]
    kn = g.known_at(side)
    diff = None
    if strike:
        k = kn.get(t)
        s = g.known[side].get(k) if k else None
        ts = g.units[k].str if s and s.identified else u.str
        diff = ts - u.str
    return {
        "line": [b.labels[j] for j in line],
        "aa_chance": aa_chance(b.dist[u.hex][t], b.territory[t] == side, diff),
        "known_overflown": any(j in kn for j in line),
    }


def observed_hexes(g, side: str) -> dict[str, Any]:
    """The hexes within observation range of the side's units, and per unit its observation
    range (current range) and identification range (ceil(range / 2); unlimited when emplaced,
    none in a CBR hex)."""
    b = g.board
    hexes: set[int] = set()
    ranges = {}
    for u in g.alive(side):
        if u.rng > 0:
            hexes.update(j for d in range(1, min(u.rng, 8) + 1) for j in b.rings[u.hex][d])
        ident = 0 if u.hex in g.cbr else (u.rng if u.emplaced else (u.rng + 1) // 2)
        ranges[u.id] = {"observation": u.rng, "identification": ident}
    return {"hexes": sorted(b.labels[j] for j in hexes), "units": ranges}


__all__ = ["air_line", "allowance", "attack_odds", "observed_hexes", "reach"]
