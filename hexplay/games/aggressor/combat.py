"""Ground combat and the attack roll every ranged feature shares (digest "Combat").

Hit value = 5 + die_factor x (attacker strength - defender strength) - 1 if the defender is in
rough or a CBR hex - 1 if it is emplaced - 1 if it was unobserved before the attack; roll a d10,
hit on a roll <= hit value, and a roll of 1 always hits. A hit is one step loss. Assault (the
attacker moved more than one hex from its starting hex): on a hit, 50% that the loss comes off
strength directly. Ambush (an emplaced attacker, unobserved in the opponent's preceding turn,
attacking without moving): two attack rolls.
"""

from __future__ import annotations

from dataclasses import dataclass

from .observation import reveal
from .units import step_loss

BASE_HIT_VALUE = 5
"""The base hit value on the d10 (50%)."""
DIE = 10
"""Combat is rolled on a d10."""
ALWAYS_HITS = 1
"""A roll of 1 always hits, whatever the hit value."""
ASSAULT_STRENGTH_CHANCE = 5
"""Assault: on a hit, a d10 roll <= 5 (50%) takes the loss off strength directly."""
AMBUSH_ROLLS = 2
"""Ambush: two attack rolls instead of one."""
MISSILE_STRENGTH = 4
"""A CBR missile attacks with an implied strength of 4; any hit eliminates."""

FORMS = ("attack", "assault", "ambush", "indirect fire", "air strike", "missile")


@dataclass(frozen=True)
class HitValue:
    """A hit value with each modifier (for displays and reports)."""

    attacker_strength: int
    defender_strength: int
    rough_or_cbr: bool
    emplaced: bool
    unobserved: bool
    die_factor: int = 1

    @property
    def value(self) -> int:
        return hit_value(
            self.attacker_strength,
            self.defender_strength,
            self.rough_or_cbr,
            self.emplaced,
            self.unobserved,
            self.die_factor,
        )

    @property
    def p_hit(self) -> float:
        return p_hit(self.value)


def hit_value(
    attacker_strength: int,
    defender_strength: int,
    rough_or_cbr: bool = False,
    emplaced: bool = False,
    unobserved: bool = False,
    die_factor: int = 1,
) -> int:
    """The digest's hit value (may be below 1: a roll of 1 still hits)."""
    return (
        BASE_HIT_VALUE
        + die_factor * (attacker_strength - defender_strength)
        - int(rough_or_cbr)
        - int(emplaced)
        - int(unobserved)
    )


def is_hit(roll: int, value: int) -> bool:
    """A d10 roll hits if it is 1 or at most the hit value."""
    return roll == ALWAYS_HITS or roll <= value


def p_hit(value: int) -> float:
    """Chance that one d10 roll hits (1 always hits, so never below 10%)."""
    return max(ALWAYS_HITS, min(DIE, value)) / DIE


def p_hit_rolls(value: int, rolls: int) -> float:
    """Chance of at least one hit in ``rolls`` rolls (ambush: 2)."""
    return 1.0 - (1.0 - p_hit(value)) ** rolls


# --- resolution on a game ------------------------------------------------------------------


def attack_blocked(g, u) -> tuple[str, str] | None:
    """Why ``u`` may not make a ground attack now, or None."""
    if u.frozen:
        return ("partisans", f"{u.id} is frozen by partisans this turn")
    if u.attacked:
        return ("combat", f"{u.id} has already attacked this turn")
    if u.feature:
        return ("combat", f"{u.id} used a special feature this turn: no attack")
    if u.hex in g.cbr:
        return ("combat", f"{u.id} is in a CBR hex: no attack")
    return None


def attack_targets(g, u) -> list[int]:
    """Adjacent hexes of enemies the side knows of, except those only ``u``'s move found."""
    return [j for j in g.board.adj[u.hex] if g.target_ok(u, j)]


def attack_target_ok(g, u, t: int) -> bool:
    """Equals ``t in attack_targets(g, u)``, checked on the one hex."""
    return t in g.board.adjset[u.hex] and g.target_ok(u, t)


def form_of(g, u) -> str:
    """Ground attack form: assault, ambush or a normal attack."""
    if g.board.dist[u.start_hex][u.hex] > 1:
        return "assault"
    if u.emplaced and u.moved == 0 and u.unseen:
        return "ambush"
    return "attack"


def resolve(g, attacker, target: int, strength: int, form: str, missile: bool = False) -> dict:
    """Roll an attack with ``strength`` on the hex ``target`` and apply it; returns the result
    (the report's fields). Declares the aggressor; reveals a hidden defender as unidentified."""
    b = g.board
    side = attacker.side
    if g.aggressor is None:  # (declare_aggressor does nothing once there is one)
        g.declare_aggressor(side, target)
    occ = g.at.get(target)
    e = g.units[occ] if occ is not None else None
    if e is None or e.side == side:
        return {"defender": None, "result": "no target", "dug": False, "rolls": []}
    unobserved = g.scenario.obs and e.id not in g.known[side]
    if unobserved:
        reveal(g, side, e)
    hv = hit_value(
        strength,
        e.str,
        b.rough[target] or target in g.cbr,
        e.emplaced,
        unobserved,
        g.scenario.die_factor,
    )
    rolls: list[int] = []
    res = {  # (the keys in the order the report has always had them)
        "defender": e,
        "result": "miss",
        "dug": e.emplaced,
        "rolls": rolls,
        "hit_value": hv,
        "type": e.display_type,
    }
    for _ in range(AMBUSH_ROLLS if form == "ambush" else 1):
        roll = g.dice.roll("attack", DIE, attacker=attacker.id, value=hv)  # = g.roll(...)
        rolls.append(roll)
        if roll != ALWAYS_HITS and roll > hv:  # = not is_hit(roll, hv)
            continue
        if missile:
            e.str = 0
            e.alive = False
            took = "eliminated"
        else:
            direct = False
            if form == "assault":
                direct = (
                    g.dice.roll("assault", DIE, attacker=attacker.id) <= ASSAULT_STRENGTH_CHANCE
                )
            took = step_loss(e, strength_first=direct)
        res["result"] = "hit: " + took if took != "eliminated" else "eliminated"
        if not e.alive:
            g.eliminate(e)
            break
    return res


def ground_attack(g, u, target: int) -> list[dict]:
    form = form_of(g, u)
    res = resolve(g, u, target, u.str, form)
    u.attacked = True
    return [g.report(u, form, target, res)]
