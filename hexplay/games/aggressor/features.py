"""Special features (digest "Special features"): no attack that turn, the unit's activity ends,
none from a CBR hex, none after a failed range-0 try ("Immobile"), ranged ones not below
distance 2.

Each feature is ``blocked(g, u)`` (why not, as rule and message), ``targets(g, u)`` (hex
indices, for features that take one) and ``apply(g, u, target)``; the order check and
``legal_orders`` use the same functions.

Project decisions: prospecting (a ranged attack on a hex with no known enemy) is allowed only
with Observation; without it the target must hold an enemy (the original: "no unit is
targeted, try another"). A missile may always target an empty hex (it makes a CBR hex). No
ranged feature may target a hex holding a friendly unit. Air missions "overfly" the hexes of
the line from the base to the target, the target included; the anti-aircraft chance is in
percentage points (distance; halved, rounded down, if the target is in the airbase's own
territory; strike: plus the target's strength after the attack minus the airbase's), rolled
on a d100. Replacement counts the border column as home (it is not "within the opponent's
territory"). Partisan contact is refused once the side has the limit of 4 groups.
"""

from __future__ import annotations

from .combat import MISSILE_STRENGTH, resolve
from .observation import reveal
from .units import contact_chance, gain_step, step_loss

MIN_RANGED_DISTANCE = 2
"""Ranged features cannot target hexes at distance < 2."""
MISSILE_REACH = 8
"""Missiles reach 2..8 hexes."""
DECON_CHANCE = 6
"""Decontamination: d10 <= 6 (60%) clears the CBR hex."""
REPLACEMENT_HOME, REPLACEMENT_AWAY = 6, 4
"""Replacement: d10 <= 6 (60%) at home, <= 4 (40%) in the opponent's territory."""
PARTISAN_LIMIT = 4
"""A side has at most 4 partisan groups."""

FEATURES = ("fire", "strike", "recon", "launch", "decon", "replace", "supply", "contact")
"""Order kinds that are special features (the original's key 0; supply is also reached by a
move key into a friendly Support unit)."""
TARGET_NEED = {
    "fire": "target",
    "strike": "target",
    "recon": "target",
    "launch": "target",
    "decon": "target",
    "supply": "support",
}


def common_blocked(g, u) -> tuple[str, str] | None:
    if u.frozen:
        return ("partisans", f"{u.id} is frozen by partisans this turn")
    if u.attacked:
        return ("special features", f"{u.id} attacked this turn: no special feature")
    if u.feature:
        return ("special features", f"{u.id} has used its special feature this turn")
    if u.immobile:
        return ("range 0", f"{u.id} is Immobile this turn: no special feature")
    if u.hex in g.cbr:
        return ("special features", f"{u.id} is in a CBR hex: no special feature")
    return None


def _type(u, *types: str, rule: str, what: str) -> tuple[str, str] | None:
    if u.type not in types:
        return (rule, f"{what} is for {' and '.join(types)} units; {u.id} is {u.type}")
    return None


def _ranged(g, u, hexes, empty_ok: bool) -> list[int]:
    """Hexes a ranged feature may target: no friendly unit; a known enemy (not found only by
    this unit's move), or (Observation on, or ``empty_ok``) a hex with no known unit."""
    own = g.own_hexes(u.side)
    kn = g.known_at(u.side)
    prospect = empty_ok or g.scenario.obs
    return [j for j in hexes if _ranged_ok(g, u, j, own, kn, prospect)]


def _ranged_ok(g, u, j: int, own, kn, prospect: bool) -> bool:
    if j in own:
        return False
    k = kn.get(j)
    if k is None:
        return prospect
    return not g.known[u.side][k].found_only_by(u.id)


RANGED_REACH = {"fire": None, "strike": 99, "recon": 99, "launch": 8}
"""Distance limit of each ranged feature (None: the unit's current range)."""


def ranged_target_ok(g, u, kind: str, j: int) -> bool:
    """Equals ``j in targets(g, u, kind)`` for the ranged kinds (fire, strike, recon,
    launch), checking the one hex instead of listing them all."""
    d = g.board.dist[u.hex][j]
    reach = RANGED_REACH[kind]
    if d < MIN_RANGED_DISTANCE or d > (u.rng if reach is None else reach):
        return False
    if kind == "recon":
        return True
    return ranged_hex_ok(g, u, j, kind == "launch" or g.scenario.obs)


def ranged_hex_ok(g, u, j: int, prospect: bool) -> bool:
    """Equals ``_ranged_ok(g, u, j, g.own_hexes(u.side), g.known_at(u.side), prospect)``,
    reading the one hex's occupant instead of building both sets (an alive unit is always in
    ``g.at`` at its hex)."""
    o = g.at.get(j)
    if o is None:
        return prospect
    e = g.units[o]
    if e.side == u.side:
        return False
    s = g.known[u.side].get(o)
    if s is None:
        return prospect
    return not s.found_only_by(u.id)


# --- indirect fire -----------------------------------------------------------------------------
def fire_blocked(g, u):
    return _type(u, "Artillery", rule="indirect fire", what="indirect fire") or (
        ("indirect fire", f"{u.id}'s range {u.rng} reaches no hex at distance 2+")
        if u.rng < MIN_RANGED_DISTANCE
        else None
    )


def fire_targets(g, u):
    return _ranged(g, u, g.board.within(u.hex, MIN_RANGED_DISTANCE, u.rng), False)


def fire_apply(g, u, t):
    res = resolve(g, u, t, u.str, "indirect fire")
    u.feature = True
    return [g.report(u, "indirect fire", t, res)]


# --- air missions -------------------------------------------------------------------------------
def air_blocked(g, u):
    return _type(u, "Airbase", rule="air mission", what="an air mission")


def recon_blocked(g, u):
    if not g.scenario.obs:
        return ("air mission", "recon needs the Observation option (everything is visible)")
    return air_blocked(g, u)


def _far(g, u):
    return g.board.far[u.hex]


def strike_targets(g, u):
    return _ranged(g, u, _far(g, u), False)


def recon_targets(g, u):
    return _far(g, u)


def aa_chance(distance: int, own_side: bool, strike_diff: int | None = None) -> float:
    """Anti-aircraft loss chance in percent: distance, halved (rounded down) over the airbase's
    own territory, plus (strike) the target's strength after the attack minus the airbase's."""
    p = distance // 2 if own_side else distance
    if strike_diff is not None:
        p += strike_diff
    return float(0 if p < 0 else 100 if p > 100 else p)  # = float(max(0, min(100, p)))


def _anti_aircraft(g, u, t, overflown: bool, strike_diff: int | None) -> dict | None:
    if not overflown:
        return None
    b = g.board
    p = aa_chance(b.dist[u.hex][t], b.territory[t] == u.side, strike_diff)
    roll = g.dice.roll("anti-aircraft", 100, unit=u.id, chance=p)  # = g.roll(...)
    if roll > p:
        return g.event("anti-aircraft", {"unit": u.id, "chance": p, "loss": None}, u.side)
    took = step_loss(u)
    if not u.alive:
        g.eliminate(u)
    return g.event("anti-aircraft", {"unit": u.id, "chance": p, "loss": took}, u.side)


def _overflown(g, u, t) -> tuple[list, bool]:
    """(the enemy units on the line past the airbase, in line order; whether there are any):
    equals :func:`_overflown_plain`, in one loop (no comprehensions or walrus cell)."""
    at, units, side = g.at, g.units, u.side
    enemies = []
    for j in g.board.line(u.hex, t)[1:]:
        k = at.get(j)
        if k is not None:
            e = units[k]
            if e.side != side:
                enemies.append(e)
    return enemies, bool(enemies)


def _overflown_plain(g, u, t) -> tuple[list, bool]:
    at, units, side = g.at, g.units, u.side
    # the units on the line past the airbase (its own hex first), each looked up once
    on_line = [units[k] for j in g.board.line(u.hex, t)[1:] if (k := at.get(j)) is not None]
    enemies = [e for e in on_line if e.side != side]
    return enemies, bool(enemies)


def strike_apply(g, u, t):
    _, over = _overflown(g, u, t)
    res = resolve(g, u, t, u.str, "air strike")
    u.feature = True
    out = [g.report(u, "air strike", t, res)]
    e = res["defender"]
    diff = (e.str if e.alive else 0) - u.str if e is not None else None
    aa = _anti_aircraft(g, u, t, over, diff)
    return out + ([aa] if aa else [])


def recon_apply(g, u, t):
    enemies, over = _overflown(g, u, t)
    new = [e for e in enemies if reveal(g, u.side, e)]
    u.feature = True
    out = [
        g.event("recon", {"unit": u.id, "target": g.board.labels[t], "revealed": len(new)}, u.side)
    ]
    aa = _anti_aircraft(g, u, t, over, None)
    return out + ([aa] if aa else [])


# --- CBR missile launch and decontamination ----------------------------------------------------
def launch_blocked(g, u):
    if u.type == "Missile" and u.launched:
        return ("missile launch", f"{u.id} has launched its missiles (now Technical)")
    return _type(u, "Missile", rule="missile launch", what="a missile launch")


def launch_targets(g, u):
    return _ranged(g, u, g.board.within(u.hex, MIN_RANGED_DISTANCE, MISSILE_REACH), True)


def launch_apply(g, u, t):
    res = resolve(g, u, t, MISSILE_STRENGTH, "missile", missile=True)
    g.cbr.add(t)
    u.launched = True
    u.feature = True
    return [g.report(u, "missile", t, res, attacker_sees_type=True)]


def decon_blocked(g, u):
    if not u.launched:
        return ("decontamination", f"only Technical units decontaminate; {u.id} is {u.type}")
    return None


def decon_targets(g, u):
    return [j for j in g.board.adj[u.hex] if j in g.cbr]


def decon_apply(g, u, t):
    roll = g.roll("decontamination", unit=u.id)
    ok = roll <= DECON_CHANCE
    if ok:
        g.cbr.discard(t)
    u.feature = True
    return [g.event("decon", {"unit": u.id, "hex": g.board.labels[t], "cleared": ok}, u.side)]


# --- replacement and supply ----------------------------------------------------------------------
def replace_blocked(g, u):
    why = _type(u, "Infantry", "Support", rule="replacement", what="replacement")
    if why:
        return why
    if not u.damaged:
        return ("replacement", f"{u.id} is at full range and strength")
    return None


def replace_chance(g, u) -> int:
    return REPLACEMENT_AWAY if g.board.enemy_territory(u.side, u.hex) else REPLACEMENT_HOME


def replace_apply(g, u, t=None):
    roll = g.roll("replacement", unit=u.id)
    gained = gain_step(u) if roll <= replace_chance(g, u) else None
    u.feature = True
    return [g.event("replace", {"unit": u.id, "gained": gained}, u.side)]


def supply_blocked(g, u):
    if not u.damaged:
        return ("supply request", f"{u.id} is at full range and strength")
    return None


def supply_targets(g, u):
    out = []
    for j in g.board.adj[u.hex]:
        o = g.at.get(j)
        if o is not None:
            s = g.units[o]
            if s.side == u.side and s.type == "Support" and s.str >= 1:
                out.append(j)
    return out


def supply_apply(g, u, t):
    s = g.units[g.at[t]]
    took = step_loss(s)
    if not s.alive:
        g.eliminate(s)
    gained = gain_step(u)
    u.feature = True
    return [
        g.event(
            "supply",
            {"unit": u.id, "support": s.id, "gained": gained, "support_loss": took},
            u.side,
        )
    ]


# --- partisan contact -----------------------------------------------------------------------------
def contact_blocked(g, u):
    if not g.scenario.partisans:
        return ("partisans", "the partisans option is off")
    if g.aggressor is not None:
        return ("partisan contact", "no partisan contact once an aggressor is declared")
    if not u.began_in_enemy:
        return ("partisan contact", f"{u.id} did not begin its turn in the opponent's territory")
    if g.partisans[u.side] >= PARTISAN_LIMIT:
        return ("partisan contact", f"{u.side} already has {PARTISAN_LIMIT} partisan groups")
    return None


def contact_apply(g, u, t=None):
    roll = g.roll("partisan contact", unit=u.id)
    ok = roll <= contact_chance(u.type, u.launched)
    if ok:
        g.partisans[u.side] += 1
    u.feature = True
    return [g.event("contact", {"unit": u.id, "made": ok, "groups": g.partisans[u.side]}, u.side)]


RULES = {
    "fire": (fire_blocked, fire_targets, fire_apply),
    "strike": (air_blocked, strike_targets, strike_apply),
    "recon": (recon_blocked, recon_targets, recon_apply),
    "launch": (launch_blocked, launch_targets, launch_apply),
    "decon": (decon_blocked, decon_targets, decon_apply),
    "replace": (replace_blocked, None, replace_apply),
    "supply": (supply_blocked, supply_targets, supply_apply),
    "contact": (contact_blocked, None, contact_apply),
}
"""feature kind -> (blocked, targets or None, apply)."""
