"""Turn resolution: combat (Tables IV-VI), movement, maintenance (Table IX), in that order.

Decisions where the rules are silent:

* Shots resolve one at a time in a fixed order (adversaries' firers by id, then defenders'),
  all from the start-of-turn positions; results take effect at the end of the phase. A shot at
  a man already killed earlier in the phase is spent without a roll ("redundant fire").
* Defence (Table IV): a man in a vehicle uses the "in vehicle" row with the hexes his vehicle
  and he are plotted to move; a man plotted to do barrier work is "in the open" (open row); a man
  whose hex the fire enters across a slope hexside uses the slope row; otherwise the terrain of
  his hex (a road hex counts as the terrain under it; the map's terrain tables give the row:
  :meth:`~.terrain.Terrain.defence_row`).
* A driver hit while his vehicle is moving: it moves 2 more hexes along its heading (stopping
  short at the map edge or the ambush hex) and stops, whatever was plotted. A driver hit while
  his vehicle is stopped: its tasks are cancelled.
* A man wounded this turn does his remaining tasks at double cost, in plotted order, until his
  10 AP are spent (a move is cut short at the last hex he can pay for). Vehicle AP never stop a
  vehicle, but the AP a vehicle actually uses (none if its tasks are cancelled or its driver is
  hit) count, at face value, against the later (maintenance) tasks of every man aboard.
* If men of both sides try to enter the same vehicle in one turn, all those entries fail.
* Barrier work: only workers who actually work lay their long gun down. The fear roll is made
  for every worker fired upon this turn and missed (a man hit this turn does no barrier work).
  Victory: 200 barrier points is checked first (the vault is open), then "all adversaries
  out", then the turn limit.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from .combat import (
    attack_strength,
    barrier_points,
    combat_result,
    fear_roll_works,
    odds,
)
from .plotting import _EP6, _STEP6, SidePlan
from .state import ADVERSARY, DEFENDER, SIDES
from .tables import AP_PER_TURN, MISS, MISS_EVENT, WOUNDED_AP_MULTIPLIER

DRIVER_HIT_ROLL_ON = 2
"""Hexes a moving vehicle still travels after its driver is killed or wounded (digest §8)."""


def _target_plan(plans: dict[str, SidePlan], target):
    """The target's plan and the hexes he is plotted to move: his own, plus his vehicle's
    when he rides one."""
    side_plan = plans.get(target.side)
    mp = side_plan.men.get(target.id) if side_plan else None
    moved = mp.hexes_moved if mp else 0
    if target.vehicle and side_plan:
        vp = side_plan.vehicles.get(target.vehicle)
        moved += vp.hexes if vp else 0
    return mp, moved


def target_posture(g, plans: dict[str, SidePlan], firer_hex: str, target) -> tuple[str, int]:
    """(Table IV row, hexes plotted to move) for a target, from the start-of-turn state."""
    mp, moved = _target_plan(plans, target)
    if target.vehicle:
        return "vehicle", moved
    if mp and mp.barrier_work:
        return "open", moved
    th = g.man_hex(target)
    if g.terrain.fire_crosses_slope(firer_hex, th, g.blockers()):
        return "slope", moved
    return g.terrain.defence_row(th), moved


def shot_numbers(g, plans, firer, target, weapon: str) -> dict[str, Any]:
    """Attack, defence and odds of one shot (the numbers the resolver uses); a fresh dict.

    They are a pure function of the two hexes, the vehicles' hexes that can block the fire
    (:meth:`~.terrain.Terrain.fire_blockers`), the weapon, whether the firer is impaired, and
    the target's posture inputs (in a vehicle, hexes plotted, barrier work), and are memoized
    on the map by those."""
    fh, th = g.man_hex(firer), g.man_hex(target)
    return dict(_memo_shot(g, plans, firer, target, weapon, fh, th, g.blockers()))


def _memo_shot(g, plans, firer, target, weapon: str, fh, th, blk) -> dict[str, Any]:
    """:func:`shot_numbers` from the hexes and blockers already looked up, as the memo's own
    dict (shared: read it, never change it)."""
    mp, moved = _target_plan(plans, target)
    terrain = g.terrain
    key = (
        "shot",
        fh,
        th,
        terrain.fire_blockers(fh, th, blk),
        weapon,
        firer.wounded or firer.vehicle is not None,
        bool(target.vehicle),
        moved,
        bool(mp and mp.barrier_work),
    )
    got = terrain.memo.get(key)
    if got is None:
        got = _shot_numbers(g, plans, firer, target, weapon, fh, th)
        terrain.remember(key, got)
    return got


def _shot_numbers(g, plans, firer, target, weapon: str, fh: str, th: str) -> dict[str, Any]:
    rng = g.terrain.distance(fh, th)
    att = attack_strength(weapon, rng, firer.wounded or firer.vehicle is not None)
    row, moved = target_posture(g, plans, fh, target)
    dfn = g.terrain.defence_strength(row, moved if row == "vehicle" else min(moved, 10))
    o = odds(att, dfn) if att > 0 else None
    return {
        "range": rng,
        "attack": att,
        "defence": dfn,
        "terrain": row,
        "hexes_moved": moved,
        "odds": o,
    }


def turn_shots(g, plans: dict[str, SidePlan]) -> list[tuple]:
    """Every shot of the turn in resolution order (adversaries' firers by id, then
    defenders'; each man's fires in plotted order): ``(side, firer, target, weapon, firer's
    hex, target's hex, numbers)``, the numbers those of :func:`shot_numbers` (the memo's
    shared dict: read only). All from the start-of-turn state, which combat does not change
    until its results take effect: the hexes and vehicle blockers are looked up once."""
    men = g.men
    blk = g.blockers()
    hexes: dict[str, str | None] = {}
    out = []
    for side in SIDES:
        sp_men = plans[side].men
        for mid in sorted(sp_men, key=_unit_key):
            fires = sp_men[mid].fires
            if not fires:
                continue
            firer = men[mid]
            fh = hexes.get(mid, _NOT_LOOKED)
            if fh is _NOT_LOOKED:
                fh = hexes[mid] = g.man_hex(firer)
            for t in fires:
                target = men[t.target]
                th = hexes.get(target.id, _NOT_LOOKED)
                if th is _NOT_LOOKED:
                    th = hexes[target.id] = g.man_hex(target)
                n = _memo_shot(g, plans, firer, target, t.weapon, fh, th, blk)
                out.append((side, firer, target, t.weapon, fh, th, n))
    return out


_NOT_LOOKED = object()
"""A hex not yet looked up (None is a hex: off the map)."""


def resolve_combat(g, plans: dict[str, SidePlan], log) -> dict[str, Any]:
    """Every shot resolved in order (:func:`turn_shots`); the casualties take effect at the
    end. Equals resolving each plotted DF with :func:`shot_numbers` in that order (its test
    compares the games)."""
    pending: dict[str, int] = {}
    fired_upon: set[str] = set()
    hit: set[str] = set()
    seen_before = {s: set(g.seen[s]) for s in SIDES}
    roll = g.dice.roll
    turn = g.turn
    add = log.add
    for side, firer, target, weapon, fh, th, n in turn_shots(g, plans):
        tid = target.id
        fired_upon.add(tid)
        o = n["odds"]
        # (the key order of the event: firer .. hexes_moved, ratio and column, die, result)
        data = {
            "firer": firer.id,
            "target": tid,
            "weapon": weapon,
            "from": fh,
            "at": th,
            "range": n["range"],
            "attack": n["attack"],
            "defence": n["defence"],
            "terrain": n["terrain"],
            "hexes_moved": n["hexes_moved"],
        }
        if o is not None:
            data["ratio"] = o.ratio
            data["column"] = o.column_label
        if target.wounds + pending.get(tid, 0) >= 2:
            die = res = None
            data["die"] = None
            data["result"] = "spent"
        else:
            die = roll("combat", firer=firer.id, target=tid)
            res = combat_result(n["attack"], n["defence"], die)
            # Table VI prints a miss "-"; events say "miss", as odds() does
            data["die"] = die
            data["result"] = MISS_EVENT if res == MISS else res
            if res in ("K", "W"):
                pending[tid] = pending.get(tid, 0) + (2 if res == "K" else 1)
                hit.add(tid)
        other = target.side
        if firer.id in seen_before[other]:
            red = dict(data)
        else:
            red = {"target": tid, "at": th, "die": data["die"], "result": data["result"]}
        add(turn, "combat", "fire", data, visible_to=(side,), redacted={other: red})
    for mid, w in pending.items():
        m = g.men[mid]
        m.wounds = min(2, m.wounds + w)
        add(turn, "combat", "casualty", {"man": mid, "condition": m.condition}, visible_to=SIDES)
    return {"fired_upon": fired_upon, "hit": hit}


def _unit_key(uid: str) -> tuple[str, int]:
    """Sort key of a unit id: its letters, then its number (``A2`` before ``A10``);
    memoized (a pure function of the id, asked for every man of every plan each turn)."""
    key = _UNIT_KEYS.get(uid)
    if key is None:
        head = uid.rstrip("0123456789")
        tail = uid[len(head) :]
        key = head, int(tail) if tail else 0
        if len(_UNIT_KEYS) < 4096:
            _UNIT_KEYS[uid] = key
    return key


_UNIT_KEYS: dict[str, tuple[str, int]] = {}
"""Memo of :func:`_unit_key` (bounded: ids beyond 4096 are worked out each time)."""


_AP6 = 6 * int(AP_PER_TURN)


def _sixths(x: Fraction | int) -> int:
    """An AP value in integer sixths (every SKIRMISH cost is a whole number of sixths)."""
    d = x.denominator
    if 6 % d:
        raise ValueError(f"{x} AP is not a whole number of sixths")
    return x.numerator * (6 // d)


class _Budget:
    """A man's AP during execution (integer sixths): tasks cost double once he is wounded."""

    def __init__(self, m, plan, start_wounded: bool) -> None:
        self.m = m
        spent6 = 0
        for t in plan.tasks:
            if t.code == "DF":
                spent6 += _sixths(t.ap)
        self.spent6 = spent6
        self.mult = WOUNDED_AP_MULTIPLIER if m.wounded else 1
        self.was = WOUNDED_AP_MULTIPLIER if start_wounded else 1
        self.stopped = not m.alive

    @property
    def spent(self) -> Fraction:
        return Fraction(self.spent6, 6)

    def pay(self, base: Fraction) -> bool:
        return self.pay6(_sixths(base))

    def charge6(self, ap6: int) -> None:
        """AP used for him at face value (riding, or being displaced by EP): never doubled."""
        self.spent6 += ap6
        if self.spent6 > _AP6:
            self.stopped = True

    def pay6(self, base6: int) -> bool:
        if self.stopped:
            return False
        c = base6 * self.mult
        if self.spent6 + c > _AP6:
            self.stopped = True
            return False
        self.spent6 += c
        return True


def resolve_movement(g, plans, combat, start_wounds, log) -> dict[str, _Budget]:
    budgets: dict[str, _Budget] = {}
    charged6: dict[str, int] = {}  # AP used for a man by others (EP on him, riding)
    entries: dict[str, set[str]] = {}
    for side in SIDES:
        for p in plans[side].men.values():
            if p.enters:
                entries.setdefault(p.enters[0], set()).add(side)
    start_moving = {v.id: v.moving for v in g.vehicles.values()}
    start_driver = {v.id: v.seats.get("D") for v in g.vehicles.values()}
    for side in SIDES:
        for mid in sorted(plans[side].men, key=_unit_key):
            p = plans[side].men[mid]
            m = g.men[mid]
            b = budgets[mid] = _Budget(m, p, start_wounds[mid] == 1)
            for t in p.tasks:
                if t.code == "EP":
                    v = g.vehicles[m.vehicle]
                    d = g.driver(v)
                    if d is None or d.fit or not b.pay(_base(t, start_wounds[mid])):
                        continue
                    mine = next(s for s, i in v.seats.items() if i == m.id)
                    v.seats["D"], v.seats[mine] = m.id, d.id
                    m.seat, d.seat = "D", mine
                    if d.alive:
                        charged6[d.id] = charged6.get(d.id, 0) + _EP6
                    log.add(
                        g.turn,
                        "movement",
                        "exchange",
                        {"man": m.id, "vehicle": v.id, "driver": d.id},
                        visible_to=(side,),
                    )
                elif t.code == "EV" and m.vehicle:
                    if not b.pay(_base(t, start_wounds[mid])):
                        break
                    v = g.vehicles[m.vehicle]
                    seat = next(s for s, i in v.seats.items() if i == m.id)
                    del v.seats[seat]
                    m.hex, m.vehicle, m.seat = g.vehicle_hex(v), None, None
                    data = {"man": m.id, "vehicle": v.id, "hex": m.hex}
                    if m.hex is None:  # out of a stopped escort off the map (§8)
                        m.route_pos = v.pos
                        data["position"] = g.route_label(v.pos)
                    log.add(g.turn, "movement", "exit", data, visible_to=(side,))
                elif t.code == "MP":
                    walked = []
                    path = t.path
                    if t.hexes:  # route steps off the map; path[0] is the hex they enter
                        if m.route_pos is None:
                            break
                        walked, path = _route_walk(g, m, b, t.hexes), t.path[1:]
                    for h in path if m.route_pos is None else ():
                        c = g.terrain.step_cost6(m.hex, h)
                        if not b.pay6(c):
                            break
                        m.hex = h
                        walked.append(h)
                    if walked:
                        log.add(
                            g.turn,
                            "movement",
                            "move",
                            {"man": m.id, "path": walked},
                            visible_to=(side,),
                        )
                    if b.stopped:
                        break
                elif t.code == "EV":
                    v = g.vehicles[t.target]
                    here = (
                        v.pos == m.route_pos
                        if m.route_pos is not None
                        else m.hex is not None and m.hex == g.vehicle_hex(v)
                    )
                    ok = (
                        here
                        and len(entries.get(v.id, ())) == 1
                        and t.seat not in v.seats
                        and b.pay(_base(t, start_wounds[mid]))
                    )
                    if ok:
                        v.seats[t.seat] = m.id
                        m.hex, m.vehicle, m.seat, m.route_pos = None, v.id, t.seat, None
                    log.add(
                        g.turn,
                        "movement",
                        "enter" if ok else "enter failed",
                        {"man": m.id, "vehicle": v.id},
                        visible_to=(side,),
                    )
    g.vehicles_moved()
    for side in SIDES:
        for vid, vp in plans[side].vehicles.items():
            used = _move_vehicle(
                g,
                g.vehicles[vid],
                vp,
                start_moving[vid],
                start_driver[vid],
                combat["hit"],
                log,
                side,
            )
            for i in g.vehicles[vid].seats.values():
                charged6[i] = charged6.get(i, 0) + _sixths(used)
    for mid, c6 in charged6.items():
        if mid in budgets and c6:
            budgets[mid].charge6(c6)
    for v in g.vehicles.values():
        d = start_driver[v.id]
        if (
            start_moving[v.id]
            and d in combat["hit"]
            and v.id not in plans[DEFENDER].vehicles
            and v.id not in plans[ADVERSARY].vehicles
        ):
            _move_vehicle(g, v, None, True, d, combat["hit"], log, g.controller(v) or DEFENDER)
    g.vehicles_moved()
    return budgets


def _route_walk(g, m, b: _Budget, k: int) -> list[str]:
    """Up to ``k`` route steps of a man off the map toward the board, as his AP allow; returns
    the positions entered (``T-2`` labels off the map, the hex label once on it)."""
    walked = []
    d = 1 if m.route_pos < 0 else -1
    for _ in range(k):
        if not b.pay6(_STEP6):
            break
        m.route_pos += d
        if g.on_board(m.route_pos):
            m.hex, m.route_pos = g.route[m.route_pos], None
            walked.append(m.hex)
            break
        walked.append(g.route_label(m.route_pos))
    return walked


def _base(t, start_wounded: int) -> Fraction:
    return t.ap / (WOUNDED_AP_MULTIPLIER if start_wounded == 1 else 1)


def _move_vehicle(g, v, vp, was_moving, driver_id, hit, log, side) -> Fraction:
    """Move ``v`` as plotted (or roll it on after a driver hit); returns the AP it used."""
    tpos = g.transporter.pos
    if was_moving and driver_id in hit:
        moved = 0
        for _ in range(DRIVER_HIT_ROLL_ON):
            nxt = v.pos + v.heading
            if (g.on_board(v.pos) and not g.on_board(nxt)) or nxt == tpos:
                break
            if nxt == g.roadblock_pos:  # (AMBUSH's roadblock; None in SKIRMISH)
                break
            v.pos = nxt
            moved += 1
        v.moving = False
        log.add(
            g.turn,
            "movement",
            "driver hit",
            {"vehicle": v.id, "hexes": moved, "at": g.vehicle_label(v)},
            visible_to=(side,),
        )
        _board_check(g, v)
        return Fraction(0)
    d = g.driver(v)
    if vp is None or d is None or not d.fit:
        if vp is not None and vp.tasks:
            log.add(
                g.turn, "movement", "vehicle tasks cancelled", {"vehicle": v.id}, visible_to=(side,)
            )
        return Fraction(0)
    v.pos, v.heading, v.moving = vp.end_pos, vp.end_heading, vp.end_moving
    _board_check(g, v)
    log.add(
        g.turn,
        "movement",
        "vehicle",
        {"vehicle": v.id, "hexes": vp.hexes, "at": g.vehicle_label(v), "moving": v.moving},
        visible_to=(side,),
    )
    return vp.ap


def _board_check(g, v) -> None:
    if g.on_board(v.pos):
        v.entered_board = True


def resolve_maintenance(g, plans, combat, budgets, start_wounds, log) -> int:
    """Re-arming, weapon exchanges and barrier work (Table IX); returns the barrier points
    won. The men who did barrier work are left in ``combat["workers"]`` (for AMBUSH's
    breaching charge)."""
    workers = 0
    worked: list[str] = []
    th = g.vehicle_hex(g.transporter)
    for mid in sorted(plans[ADVERSARY].men, key=_unit_key) + sorted(
        plans[DEFENDER].men, key=_unit_key
    ):
        m = g.men[mid]
        side = m.side
        p = plans[side].men[mid]
        b = budgets.get(mid)
        for t in p.tasks:
            if t.code not in ("RA", "WE", "BW") or b is None:
                continue
            if t.code == "BW":
                if not m.alive or mid in combat["hit"] or m.hex != th or m.vehicle:
                    continue
                works = True
                if mid in combat["fired_upon"]:
                    die = g.dice.roll("fear", man=mid)
                    works = fear_roll_works(die)
                    log.add(
                        g.turn,
                        "maintenance",
                        "fear roll",
                        {"man": mid, "die": die, "works": works},
                        visible_to=(ADVERSARY,),
                    )
                if works and b.pay(_base(t, start_wounds[mid])):
                    workers += 1
                    worked.append(mid)
                    m.armed, m.laid_at = False, th
            elif t.code == "RA":
                if (
                    m.alive
                    and not m.armed
                    and m.hex == m.laid_at
                    and m.vehicle is None
                    and b.pay(_base(t, start_wounds[mid]))
                ):
                    m.armed, m.laid_at = True, None
            elif t.code == "WE":
                _exchange(g, m, t, b, start_wounds, log)
    combat["workers"] = worked
    pts = barrier_points(workers)
    g.barrier += pts
    log.add(
        g.turn,
        "maintenance",
        "barrier work",
        {"workers": workers, "points": pts, "total": g.barrier},
        visible_to=SIDES,
    )
    return pts


def _exchange(g, m, t, b, start_wounds, log) -> None:
    if not m.alive or not m.armed or m.long_gun is None:
        return
    pos = g.man_hex(m)
    if t.target in g.vehicles:
        v = g.vehicles[t.target]
        here = m.vehicle == v.id or (m.vehicle is None and pos == g.vehicle_hex(v))
        if not here or v.spares.get(t.weapon, 0) <= 0 or not b.pay(_base(t, start_wounds[m.id])):
            return
        v.spares[t.weapon] -= 1
        v.spares[m.long_gun] = v.spares.get(m.long_gun, 0) + 1
        m.long_gun = t.weapon
    else:
        o = g.men[t.target]
        same = (m.vehicle and m.vehicle == o.vehicle) or (
            m.vehicle is None and o.vehicle is None and m.hex == o.hex
        )
        if not same or o.fit or o.long_gun is None or not b.pay(_base(t, start_wounds[m.id])):
            return
        m.long_gun, o.long_gun = o.long_gun, m.long_gun
        g.weapons_exchanged(m, o)
    log.add(
        g.turn,
        "maintenance",
        "weapon exchange",
        {"man": m.id, "with": t.target, "now": m.long_gun},
        visible_to=(m.side,),
    )
