"""AMBUSH feature: suppression and panic (scenario option ``morale``; ``morale.toml``).

Elementary rules, as the report asks:

* Suppression: a man fired upon this turn by an automatic weapon (aimed or burst) and not hit
  is suppressed on a die of at most ``suppress_die``: next turn his plot may use only
  ``suppressed_ap`` AP (his own tasks and the AP charged to him).
* Panic: a man wounded this turn, or whose hex-mate (on foot in his hex, or aboard his
  vehicle) was killed this turn, panics on a die of at most ``panic_die``: next turn he may
  only move on foot (MP) or get out of a vehicle (EV) -- he runs for cover -- or do nothing.

Rolls are made at the end of the combat phase, in id order (suppression first). State
(``g.morale``): ``suppressed`` / ``panicked``: the men affected in the coming turn.
"""

from __future__ import annotations

from ...engine import IllegalOrder
from .resolve import _unit_key

PANIC_TASKS = ("MP", "EV")
"""What a panicked man may plot: run (on foot) or get out of his vehicle."""


def new_state() -> dict:
    return {"suppressed": [], "panicked": []}


def after_combat(g, start_wounds: dict[str, int], automatic_fired_upon: set[str]) -> None:
    tab = g.ambush_tables
    st: dict[str, list[str]] = {"suppressed": [], "panicked": []}
    hit = {m.id for m in g.men.values() if m.wounds > start_wounds.get(m.id, 0)}
    for mid in sorted(automatic_fired_upon - hit, key=_unit_key):
        m = g.men[mid]
        if m.alive:
            die = g.dice.roll("suppression", man=mid)
            if die <= tab.suppress_die:
                st["suppressed"].append(mid)
            g.log.add(
                g.turn,
                "combat",
                "suppression",
                {"man": mid, "die": die, "suppressed": die <= tab.suppress_die},
                visible_to=(m.side,),
            )
    killed = {m for m in hit if not g.men[m].alive}
    for m in panic_candidates(g, hit, killed):
        die = g.dice.roll("panic", man=m.id)
        if die <= tab.panic_die:
            st["panicked"].append(m.id)
        g.log.add(
            g.turn,
            "combat",
            "panic",
            {"man": m.id, "die": die, "panicked": die <= tab.panic_die},
            visible_to=(m.side,),
        )
    g.morale = st


def panic_candidates_plain(g, hit: set[str], killed: set[str]) -> list:
    """The men who roll for panic, in id order (the rule, man by man): every living man
    wounded this turn (``hit``), or whose hex-mate of his side (on foot in his hex, or aboard
    his vehicle) was killed this turn (``killed``)."""
    out = []
    for m in sorted(g.men.values(), key=lambda m: _unit_key(m.id)):
        if not m.alive:
            continue
        here = g.man_hex(m)
        mate_killed = (
            any(
                (
                    g.men[k].vehicle == m.vehicle
                    if m.vehicle
                    else (g.men[k].vehicle is None and g.men[k].hex == here)
                )
                and g.men[k].side == m.side
                for k in killed
            )
            if here is not None or m.vehicle
            else False
        )
        if m.id in hit or mate_killed:
            out.append(m)
    return out


def panic_candidates(g, hit: set[str], killed: set[str]) -> list:
    """Equals :func:`panic_candidates_plain` (tested against it): only the men hit and the
    hex-mates of the killed are looked at, not every man."""
    if not hit:
        return []
    men = g.men
    pool = [men[i] for i in hit]
    if killed:
        cars = {(men[k].side, men[k].vehicle) for k in killed if men[k].vehicle}
        hexes = {(men[k].side, men[k].hex) for k in killed if not men[k].vehicle}
        for m in men.values():
            if m.id in hit:
                continue
            if m.vehicle:
                if (m.side, m.vehicle) in cars:
                    pool.append(m)
            elif m.hex is not None and (m.side, m.hex) in hexes:
                pool.append(m)
    return sorted((m for m in pool if m.alive), key=lambda m: _unit_key(m.id))


def check_plan(g, side: str, plan) -> None:
    """Refuse a plot breaking a suppressed or panicked man's limits (IllegalOrder)."""
    cap = g.ambush_tables.suppressed_ap
    for mid in g.morale["suppressed"]:
        mp = plan.men.get(mid)
        used = (mp.ap if mp else 0) + plan.charges.get(mid, 0)
        if used > cap and g.men[mid].side == side:
            raise IllegalOrder("AMBUSH suppression", f"{mid} is suppressed: at most {cap} AP")
    for mid in g.morale["panicked"]:
        mp = plan.men.get(mid)
        if mp is not None and any(t.code not in PANIC_TASKS for t in mp.tasks):
            raise IllegalOrder(
                "AMBUSH panic", f"{mid} panics: he may only run (MP) or get out (EV)"
            )
