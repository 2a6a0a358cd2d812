"""SKIRMISH orders on the game API: what each order kind takes, and the legal orders now.

:data:`TASK_ARGS` is the closed table of the arguments each Table II task takes (strict orders:
anything else is refused, in :meth:`SkirmishGame.plot` as in
:meth:`~hexplay.engine.protocol.Game.order`);
:data:`SETUP_ARGS` the same for the set-up orders. :func:`legal_orders` lists, for a side (and
unit), every order it could give now with what each still needs
(:class:`~hexplay.engine.Need`), found by the rules' own validation: candidate tasks
(:func:`.candidates.candidate_tasks`) tried through :func:`.plotting.validate_side`, as
:meth:`SkirmishGame.legal_tasks` does; no rule table is copied here.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from functools import cache
from math import floor
from typing import Any

from ...engine import IllegalOrder, LegalOrder, Need
from .candidates import candidate_tasks
from .plotting import OFF_BOARD_STEP_AP
from .scenario import TRANSPORTER_ID, VEHICLE_SEATS
from .scenario import route_names as _map_route_names
from .state import ADVERSARY, DEFENDER
from .tables import ACTIVITIES, WOUNDED_AP_MULTIPLIER
from .tasks import Task

TASK_ARGS: Mapping[str, tuple[str, ...]] = {
    "DF": ("target", "weapon"),  # the man fired at; the weapon (default: the best one)
    "MP": ("path", "hexes"),  # hexes entered; hexes = route steps of a man off the map
    "EP": ("target",),  # the wounded driver (default: the driver of his vehicle)
    "EV": ("target", "seat"),  # the vehicle entered and seat (an exit takes neither)
    "WE": ("target", "weapon"),  # own vehicle or a wounded/killed friend; the gun taken
    "BW": (),
    "RA": (),
    "AV": (),
    "SV": (),
    "TV": (),
    "MV": ("hexes",),  # hexes moved along the route
}
"""Arguments each task code takes (Table II); every other argument is refused."""

SETUP_ARGS: Mapping[str, tuple[str, ...]] = {
    "choose_route": ("name",),
    "place_ambush": ("hex",),
    "place": ("where", "seat"),
}
"""Set-up order kinds (digest §2) and their arguments; ``place`` names its unit."""

_DEFAULT = {"target": None, "path": None, "hexes": 0, "weapon": None, "seat": None}
""":meth:`SkirmishGame.plot`'s defaults: an argument left at its default is not given."""


def check_task_args(code: str, given: Mapping[str, Any]) -> None:
    """Refuse an argument ``code`` does not take (``given``: plot's keyword arguments, those
    at their defaults ignored). Unknown codes are left to the plot validation."""
    allowed = TASK_ARGS.get(code)
    if allowed is None:
        return
    for k, v in given.items():  # (the common case: nothing extra; then the message below)
        if k not in allowed and not _is_default(k, v):
            break
    else:
        return
    bad = sorted(k for k, v in given.items() if k not in allowed and not _is_default(k, v))
    if bad:
        takes = ", ".join(f"{a}=" for a in allowed) or "no arguments"
        raise IllegalOrder("Table II", f"{code} takes {takes}; not {', '.join(bad)}")


def _is_default(k: str, v: Any) -> bool:
    d = _DEFAULT.get(k)
    if k == "path":
        return v is None or (isinstance(v, (list, tuple)) and not v)
    if k == "hexes":
        return v is None or (type(v) is int and v == 0)
    return v is d


# --- legal orders -------------------------------------------------------------------------
def legal_orders(g, side: str, unit: str | None = None) -> list[LegalOrder]:
    """What ``side`` may order now (``unit`` only, if given); see the module docstring."""
    if unit is not None and type(unit) is not str:
        raise IllegalOrder("order", f"unit must be a unit id (string), not {unit!r}")
    if type(side) is not str or side not in g.sides or g.over:
        return []
    if g.phase == "setup":
        return [] if g.setup_done[side] else _setup_orders(g, side, unit)
    if g.phase != "planning" or g.plots.submitted.get(side, True):
        return []
    units = g.own_units(side) if unit is None else [unit] if g.is_own(side, unit) else []
    out: list[LegalOrder] = []
    if units:
        # the side's plot, its validated plan and its unstopped vehicles, once for all units
        orders = g.orders_of(side)
        plan = g.side_plan(side)
        pending = _unstopped(g, side, plan)
        for uid in units:
            out.extend(_unit_orders(g, side, uid, orders, plan, pending))
    return out


def _setup_orders(g, side: str, unit: str | None) -> list[LegalOrder]:
    out: list[LegalOrder] = []
    rule = "§2 set-up"
    sc = g.scenario
    if side == ADVERSARY and unit is None:
        if not g.route:
            names = [sc.route] if sc.route else route_names(g)
            ok = tuple(n for n in names if _route_ok(g, n))
            out.append(
                _lo(side, "choose_route", None, (Need("name", "choice", ok, "route"),), rule=rule)
            )
            return out  # the ambush hex and placements follow the route
        if g.ambush is None:
            hexes = (sc.ambush,) if sc.ambush else tuple(g.route)
            out.append(
                _lo(
                    side,
                    "place_ambush",
                    None,
                    (Need("hex", "hex", hexes, "ambush hex"),),
                    rule=rule,
                )
            )
    for m in g.men.values():
        if m.side != side or (unit is not None and m.id != unit) or m.id in g.placed:
            continue
        if side == ADVERSARY:
            if m.hex is not None:
                continue
            fixed = sc.adversary_start.get(m.id)
            hexes = (fixed,) if fixed else g.terrain.labels
            need = Need("where", "hex", tuple(hexes), "hex")
            out.append(_lo(side, "place", m.id, (need,), rule=rule))
        elif g.ambush is not None:
            drives = g.vehicles.get(m.vehicle or "")
            if drives is not None and drives.moving and m.seat == "D":
                # a moving escort keeps its driver (check_setup_done): he may only stay
                need = Need("seat", "choice", ("D",), f"seat in {drives.id}")
                out.append(_lo(side, "place", m.id, (need,), {"where": drives.id}, rule))
                continue
            for v in g.vehicles.values():
                seats = tuple(s for s in VEHICLE_SEATS if v.seats.get(s, m.id) == m.id)
                if seats:
                    need = Need("seat", "choice", seats, f"seat in {v.id}")
                    out.append(_lo(side, "place", m.id, (need,), {"where": v.id}, rule))
    if side == DEFENDER and g.ambush is not None:
        lim = g.scenario.escort_max_distance
        for v in g.vehicles.values():
            if v.id == TRANSPORTER_ID or v.id in g.placed or (unit is not None and v.id != unit):
                continue
            taken = {o.pos for o in g.vehicles.values() if o.id != v.id}
            tpos = g.transporter.pos
            offs = tuple(f"T{d:+d}" for d in range(-lim, lim + 1) if d and tpos + d not in taken)
            need = Need("where", "choice", offs, "offset")
            out.append(_lo(side, "place", v.id, (need,), rule=rule))
    return out


def route_names(g) -> list[str]:
    """The map's routes: its places named "Route ..." (all its places if none is; see
    :func:`.scenario.route_names`)."""
    return _map_route_names(g.map)


def _route_ok(g, name: str) -> bool:
    from .setup import route_hexes

    try:
        route_hexes(g, name)
    except IllegalOrder:
        return False
    return True


def _lo(side, kind, unit, needs=(), args=None, rule="") -> LegalOrder:
    label = f"{unit} {kind}" if unit else kind
    if kind in ACTIVITIES:  # a task: its Table II name, e.g. "A1 DF (direct fire)"
        label += f" ({ACTIVITIES[kind].name})"
    return LegalOrder(side, kind, unit, dict(args or {}), tuple(needs), label, rule)


def _unit_orders(g, side: str, uid: str, orders, plan, pending: list[str]) -> list[LegalOrder]:
    """Every task code ``uid`` could add to its plot now, with what each needs (``orders``:
    the side's plot, ``plan`` its validated plan, ``pending`` :func:`_unstopped` of it)."""
    cur = plan.men.get(uid)
    by_code: dict[str, list[Task]] = {}
    for t in candidate_tasks(g, side, uid, cur):
        by_code.setdefault(t.code, []).append(t)

    def ok(t: Task) -> bool:
        trial = dict(orders)
        trial[uid] = [*orders.get(uid, ()), t]
        try:
            after = g.side_plan(side, trial, uid, plan)
        except IllegalOrder:
            return False
        return not pending or _completable(g, side, trial, after, pending)

    out: list[LegalOrder] = []
    for code, cands in by_code.items():
        rule = "Table II"
        if code == "DF":
            targets = tuple(t.target for t in cands if ok(t))
            if not targets:
                continue
            m = g.men[uid]
            guns = ["pistol", *([m.long_gun] if m.long_gun and m.armed else [])]
            weapons = tuple(w for w in guns if any(ok(Task("DF", t, weapon=w)) for t in targets))
            needs = [Need("target", "unit", targets, "fire at")]
            if weapons:
                needs.append(Need("weapon", "choice", weapons, "weapon", optional=True))
            out.append(_lo(side, code, uid, needs, rule=rule))
        elif code == "MP":
            if not any(ok(t) for t in cands):
                continue
            need = _mp_need(g, side, uid, cur)
            if need is not None and need.options:
                mp = (need,)
                if need.kind == "int":  # off the map: route steps, then the hexes he goes on
                    mp = (need, Need("path", "path", (), "hexes on the map", optional=True))
                out.append(_lo(side, code, uid, mp, rule=rule))
        elif code == "MV":
            top = _max_hexes(ok)
            if top:
                need = Need("hexes", "int", tuple(range(1, top + 1)), "hexes")
                out.append(_lo(side, code, uid, (need,), rule=rule))
        elif code in ("EV", "WE") and any(t.target for t in cands):
            targets = tuple(dict.fromkeys(t.target for t in cands if t.target and ok(t)))
            if not targets:
                continue
            needs = [Need("target", "unit", targets, "vehicle" if code == "EV" else "with")]
            if code == "EV":
                seats = tuple(
                    s
                    for s in VEHICLE_SEATS
                    if any(s not in g.vehicles[v].seats for v in targets if v in g.vehicles)
                )
                if seats:
                    needs.append(Need("seat", "choice", seats, "seat", optional=True))
            out.append(_lo(side, code, uid, needs, rule=rule))
        else:
            if any(ok(t) for t in cands):
                out.append(_lo(side, code, uid, (), rule=rule))
    return out


def _unstopped(g, side: str, plan) -> list[str]:
    """The side's moving vehicles with neither SV nor MV plotted yet (check_complete refuses
    a plot that leaves one so)."""
    out = []
    for v in g.vehicles.values():
        if v.moving and g.controller(v) == side:
            vp = plan.vehicles.get(v.id)
            if vp is None or not any(t.code in ("MV", "SV") for t in vp.tasks):
                out.append(v.id)
    return out


def _completable(g, side: str, orders, plan, pending: list[str]) -> bool:
    """True if SV or MV 1 can still be added for every vehicle in ``pending`` that ``plan``
    leaves unstopped: legal_orders lists only orders after which the plot can be submitted
    (the rules accept the others, but a plot without its SV/MV could then never be)."""
    for vid in _unstopped(g, side, plan):
        if vid not in pending:
            continue
        for t in (Task("SV"), Task("MV", hexes=1)):
            trial = dict(orders)
            trial[vid] = [*orders.get(vid, ()), t]
            try:
                g.side_plan(side, trial, vid, plan)
                break
            except IllegalOrder:
                continue
        else:
            return False
    return True


def _max_hexes(ok) -> int:
    """The most hexes an MV may move now (0: none). Legal counts are 1..max: moving fewer
    hexes never breaks a rule that moving more keeps (AP, map edge, ambush hex)."""
    if not ok(Task("MV", hexes=1)):
        return 0
    lo, hi = 1, 6 * 10 + 1  # 1/6 AP a hex (Table II): at most 60 hexes in 10 AP
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if ok(Task("MV", hexes=mid)):
            lo = mid
        else:
            hi = mid
    return lo


def _mp_need(g, side: str, uid: str, cur) -> Need | None:
    """MP's need: for a man on the map one cheapest path per hex he can reach with the AP he
    has left (:meth:`Terrain.reach`, the step costs the plot validation charges); off the map
    the route steps toward the board he can afford."""
    m = g.men[uid]
    mult = WOUNDED_AP_MULTIPLIER if m.wounded else 1
    left = g.ap_left(side, uid)
    pos = cur.end_hex if cur is not None else (None if m.vehicle else m.hex)
    rpos = cur.end_route_pos if cur is not None else (None if m.vehicle else m.route_pos)
    if pos is None and rpos is not None:
        n = len(g.route)
        to_board = -rpos if rpos < 0 else rpos - (n - 1)
        k = min(to_board, floor(left / (OFF_BOARD_STEP_AP * mult)))
        return Need("hexes", "int", tuple(range(1, k + 1)), "route steps toward the map")
    if pos is None:
        return None
    return _paths_need(g, pos, floor(left), mult)


def _paths_need(g, start: str, budget: int, scale: int) -> Need:
    """One cheapest path (first hex entered .. end) to every hex reachable from ``start``
    within ``budget`` AP at ``scale`` times each step's cost; memoized per map (a pure
    function of the map and these three)."""
    key = ("mp_paths", start, budget, scale)
    got = g.terrain.memo.get(key)
    if got is None:
        reach = g.terrain.reach(start, budget, scale)
        ends = sorted(h for h in reach if h != start)
        paths = tuple(tuple(g.terrain.path_in(reach, h)) for h in ends)
        costs = tuple(_whole_ap(reach[h][0]) for h in ends)
        got = Need("path", "path", paths, "path", costs=costs)
        g.terrain.remember(key, got)
    return got


@cache
def _whole_ap(n: int) -> Fraction:
    """``Fraction(n)``, one object per value: a memoized path need holds hundreds of costs,
    and shared values leave the garbage collector few objects to walk in a long-lived memo
    (a table server's full collections walked ~100 Fractions per need)."""
    return Fraction(n)


__all__ = ["SETUP_ARGS", "TASK_ARGS", "check_task_args", "legal_orders"]
