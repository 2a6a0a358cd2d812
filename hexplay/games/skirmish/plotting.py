"""Plot validation: every Table II task checked against the rules when it is plotted.

A side's whole plot is re-simulated from the start-of-turn state whenever a task is added, so
cross-unit rules (vehicle AP charged to everyone aboard, seats, drivers) are checked too; the
first broken rule raises :class:`~hexplay.engine.IllegalOrder` naming it.

Decisions where the rules are silent:

* Within the movement phase, steps run as: exchanges of places (EP), exits (EV), men's moves
  (MP), entries (EV), then vehicles (AV/MV/SV/TV). So a man may walk to a stopped vehicle, get
  in and ride off in one turn; a man can only leave a vehicle that was stopped at the start of
  the turn. EV is an exit for a man in a vehicle and an entry otherwise; an entry ends his
  movement.
* "Personnel in a moving vehicle cannot fire": moving at the start of the turn (combat comes
  before movement; the worked example's C fires from a vehicle plotted to move 6 hexes).
* A vehicle's tasks are plotted on the vehicle by the side of the living men aboard at the start
  of the turn and need a healthy driver aboard when it moves (the start driver, or the man who
  takes his place by EP this turn). Their AP are charged at face value to everyone aboard
  (riding is not a task of a wounded passenger's own, so it is not doubled).
* EP is charged to the man taking the wheel and, if alive, to the displaced wounded driver; the
  driver pays it at face value (5 AP: it is done to him, like riding), so he can still ride.
* Only adversaries do barrier work; BW takes all 10 AP so the worker starts the turn on foot in
  the transporter's hex. Vehicle spares are for defenders only (WE with a vehicle); WE with a
  man needs a wounded or killed friend in the same hex (or the same vehicle).
* Escorts may not enter the ambush hex (the stopped transporter blocks the road) and vehicles
  only move along their route.
* Off-board men (§8: "an escort that starts off the map may stop there and let its men get
  out"): a man may EV out of a stopped escort that is off the map; he is then on foot at that
  route index (``Man.route_pos``, his ``hex`` is None). He moves with
  ``plot(side, man, "MP", hexes=k, path=[...])``: ``hexes`` = k route steps toward the board
  (never away from it: beyond the map edge there is nowhere to go), each
  :data:`OFF_BOARD_STEP_AP`. k is at most the steps that bring him onto the map, i.e. to the
  first route hex on it (the end of the route nearest to him); only if the k-th step enters
  the map may ``path`` go on with map hexes from there, as a normal MP (the recorded task's
  ``path`` starts with that entry hex). An MP of a man on the map takes no ``hexes``. Off the
  map he may also EV into a stopped escort at his route index; he cannot fire or be fired at,
  is never seen, and does no barrier work, re-arming or weapon exchange on foot. Once on the
  map he can never leave it.
* Fire is plotted at a man the firer's side currently sees, with LOS from the firer's own hex at
  the start of the turn. Men in a vehicle are seen when the vehicle is.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from ...engine import IllegalOrder
from ...movement import MovementError
from .combat import EXTRA_WEAPONS, attack_strength, weapon_can_harm
from .scenario import LONG_GUNS, TRANSPORTER_ID, VEHICLE_SEATS
from .state import ADVERSARY, DEFENDER
from .tables import (
    ACTIVITIES,
    AP_PER_TURN,
    FIRST_BARRIER_WORK_TURN,
    FIRST_DEFENDER_FIRE_TURN,
    ROAD_MOVEMENT_COSTS,
    WOUNDED_AP_MULTIPLIER,
)
from .tasks import MAN_CODES, PHASE_NAMES, PHASE_OF, VEHICLE_CODES, Task
from .units import Man, Vehicle


@dataclass(slots=True)
class ManPlan:
    """What a man's plotted tasks amount to (from the start-of-turn state)."""

    id: str
    tasks: list[Task]
    ap: Fraction = Fraction(0)
    exits: str | None = None
    enters: tuple[str, str] | None = None
    ep_in: str | None = None
    hexes_moved: int = 0
    end_hex: str | None = None
    end_route_pos: int | None = None  # route index when he ends on foot off the map
    barrier_work: bool = False
    fires: list[Task] = field(default_factory=list)
    #: where simulation stopped, to check tasks added later from there (see simulate_man)
    _resume: tuple | None = field(default=None, repr=False, compare=False)


@dataclass(slots=True)
class VehiclePlan:
    id: str
    tasks: list[Task]
    ap: Fraction = Fraction(0)
    hexes: int = 0
    end_pos: int = 0
    end_heading: int = 1
    end_moving: bool = False


# AP are handled internally as integer sixths (1/6 AP, one vehicle hex, is the smallest unit of
# Tables II and VIII); Fractions are made only for the plans' and tasks' ``ap`` fields.
_SIXTHS = [Fraction(i, 6) for i in range(6 * 4 * int(AP_PER_TURN) + 1)]
_AP6 = 6 * int(AP_PER_TURN)


def _frac6(n: int) -> Fraction:
    """``n`` sixths of an AP as a Fraction."""
    return _SIXTHS[n] if 0 <= n < len(_SIXTHS) else Fraction(n, 6)


def _ap6(x: Fraction) -> int:
    """A validated plan's AP (a whole number of sixths) as integer sixths."""
    return x.numerator * 6 // x.denominator


_EP6 = 6 * ACTIVITIES["EP"].ap.numerator // ACTIVITIES["EP"].ap.denominator


def _sixths(x: Fraction) -> int:
    """An AP value as integer sixths (ValueError if it is not a whole number of sixths)."""
    n = x * 6
    if n.denominator != 1:
        raise ValueError(f"{x} AP is not a whole number of sixths")
    return int(n)


_BASE6 = {code: _sixths(a.ap) if a.ap is not None else 0 for code, a in ACTIVITIES.items()}

OFF_BOARD_STEP_AP = ROAD_MOVEMENT_COSTS["person"]
"""AP for one route step of a man on foot off the map, including the step onto the map's first
route hex: Table VIII's road rate for a person (1 AP; doubled for a wounded man). Off the map
there are no hexsides or terrain, only the road the escort came along."""
_STEP6 = _sixths(OFF_BOARD_STEP_AP)


def best_weapon(g, m: Man, target: Man, rng: int) -> str | None:
    """The strongest weapon ``m`` can use at ``target`` now (None if none can hurt it)."""
    impaired = m.wounded or m.vehicle is not None
    in_veh = "vehicle" if target.vehicle else "open"
    key = (m.long_gun, bool(m.armed), impaired, in_veh, rng)
    try:
        return _BEST_WEAPON[key]
    except KeyError:
        got = _BEST_WEAPON[key] = _best_weapon(m, impaired, in_veh, rng)
        return got


_BEST_WEAPON: dict[tuple, str | None] = {}
"""Memo of :func:`best_weapon` (a pure function of the tables and these man/target facts)."""


def _best_weapon(m: Man, impaired: bool, in_veh: str, rng: int) -> str | None:
    best, best_a = None, 0
    for w in ([m.long_gun] if m.long_gun and m.armed else []) + ["pistol"]:
        if not weapon_can_harm(w, in_veh):
            continue
        a = attack_strength(w, rng, impaired)
        if a > best_a:
            best, best_a = w, a
    return best


def check_fire(g, side: str, m: Man, t: Task) -> Task:
    """Validate one DF task; returns it with the weapon filled in."""
    if m.vehicle and g.vehicles[m.vehicle].moving:
        raise IllegalOrder(
            "Table V",
            f"{m.id} is in moving vehicle {m.vehicle}: personnel in a moving vehicle cannot fire",
        )
    fh = g.man_hex(m)
    if fh is None:
        raise IllegalOrder("§8 off-board", f"{m.id} is off the map and cannot fire")
    tgt = g.men.get(t.target or "")
    if tgt is None or tgt.side == side or t.target not in g.seen.get(side, ()):
        raise IllegalOrder("Table III", f"{t.target!r} is not an enemy man your side can see")
    if not tgt.alive:
        raise IllegalOrder("Table VII", f"{tgt.id} is already dead")
    th = g.man_hex(tgt)
    early = g.turn < FIRST_DEFENDER_FIRE_TURN
    if t.weapon is None and th is not None and not early:
        # the odds of this shot, if already asked for (the memo of SkirmishGame.odds): possible
        # means the line of sight is clear and every check below passes with the weapon they
        # chose (from turn 2 on the turn's checks pass: the checks' order, so their errors,
        # stay those below)
        got = g.memoized_odds(m, tgt, None, 0)[1]
        if got is not None and got["possible"]:
            return Task("DF", tgt.id, weapon=got["weapon"])
    if th is None or not g.terrain.sees(fh, th, g.blockers()):
        raise IllegalOrder("Table III", f"no line of sight from {fh} ({m.id}) to {th} ({tgt.id})")
    if early:
        if side == DEFENDER:
            raise IllegalOrder("§4 turn 1", "defenders may not fire before turn 2")
        if tgt.vehicle != TRANSPORTER_ID:
            raise IllegalOrder(
                "§4 turn 1", "on turn 1 fire may only be plotted at the transporter's occupants"
            )
        if t.weapon is None:
            got = g.memoized_odds(m, tgt, None, 0)[1]
            if got is not None and got["possible"]:
                return Task("DF", tgt.id, weapon=got["weapon"])
    rng = g.terrain.distance(fh, th)
    weapon = t.weapon or best_weapon(g, m, tgt, rng) or (m.long_gun if m.armed else "pistol")
    if weapon not in ("pistol", *LONG_GUNS) and weapon not in EXTRA_WEAPONS:
        raise IllegalOrder("Table V", f"unknown weapon {weapon!r}")
    if weapon != "pistol":
        if weapon != m.long_gun:
            raise IllegalOrder(
                "Table V", f"{m.id} has no {weapon} (he has a {m.long_gun} and a pistol)"
            )
        if not m.armed:
            raise IllegalOrder(
                "§8 re-arm",
                f"{m.id} laid his {weapon} down for barrier work "
                "and must re-arm (RA) before firing it",
            )
    if not weapon_can_harm(weapon, "vehicle" if tgt.vehicle else "open"):
        raise IllegalOrder(
            "Table V",
            f"a {weapon} cannot hurt a man inside a vehicle ({tgt.id} is in {tgt.vehicle})",
        )
    a = attack_strength(weapon, rng, m.wounded or m.vehicle is not None)
    if a == 0:
        raise IllegalOrder(
            "Table V",
            f"a {weapon} at range {rng} has attack strength 0; such fire cannot be plotted",
        )
    return Task("DF", tgt.id, weapon=weapon)


def simulate_man(g, side: str, m: Man, tasks: list[Task], after: ManPlan | None = None) -> ManPlan:
    """Check a man's tasks in order; returns the plan with each task's AP filled in.

    ``after``: the already validated plan of his earlier tasks this turn; only ``tasks`` (the
    ones added after those) are then checked, from where that plan left the man.
    """
    if m.side != side:
        raise IllegalOrder("plot", f"{m.id} is not a {side} unit")
    if not m.alive:
        raise IllegalOrder("Table VII", f"{m.id} is dead: killed men do nothing")
    mult = WOUNDED_AP_MULTIPLIER if m.wounded else 1
    resume = after._resume if after is not None else None
    if after is not None and resume is not None:
        plan = ManPlan(
            m.id,
            list(after.tasks),
            exits=after.exits,
            enters=after.enters,
            ep_in=after.ep_in,
            hexes_moved=after.hexes_moved,
            barrier_work=after.barrier_work,
            fires=list(after.fires),
        )
        phase, veh, pos, rpos, armed, gun, entered, ap6 = resume
    else:
        plan = ManPlan(m.id, [])
        ap6 = 0
        phase = 0
        veh = m.vehicle
        pos = None if veh else m.hex
        rpos = None if veh else m.route_pos  # route index while on foot off the map
        armed = m.armed
        gun = m.long_gun
        entered = False
    for t in tasks:
        if t.code not in MAN_CODES:
            raise IllegalOrder(
                "Table II", f"{t.code} is not a task for a man (men: {', '.join(MAN_CODES)})"
            )
        ph = PHASE_OF[t.code]
        if ph < phase:
            raise IllegalOrder(
                "§4 sequence of play",
                f"{t.code} ({PHASE_NAMES[ph]}) cannot follow"
                f" a {PHASE_NAMES[phase]} task: tasks run combat -> movement -> "
                "maintenance",
            )
        phase = ph
        if entered and t.code in ("MP", "EV", "EP"):
            raise IllegalOrder(
                "§8 vehicles", f"{m.id} enters a vehicle this turn: entering ends his movement"
            )
        base6 = _BASE6[t.code]
        if t.code == "DF":
            t = check_fire(g, side, m, t)
            plan.fires.append(t)
        elif t.code == "MP":
            if veh:
                raise IllegalOrder(
                    "Table VIII", f"{m.id} is in {veh}: exit it (EV) before moving on foot"
                )
            steps = 0
            if rpos is not None:
                steps, pos, rpos = _route_steps(g, m, rpos, t.hexes)
            elif t.hexes:
                raise IllegalOrder(
                    "§8 off-board",
                    f"{m.id} is on the map: route steps (hexes=) are only for a man off the "
                    "map; give the hexes to enter as path",
                )
            if pos is None and rpos is None:
                raise IllegalOrder("Table VIII", f"{m.id} has no position on the map")
            path = list(t.path)
            if path and path[0] == pos:
                path = path[1:]
            if path and rpos is not None:
                raise IllegalOrder(
                    "§8 off-board",
                    f"{m.id} is still off the map after {steps} route steps: map hexes (path) "
                    "can follow only the step that enters the map",
                )
            if not path and not steps:
                raise IllegalOrder("Table VIII", "MP needs at least one hex to enter")
            base6 = steps * _STEP6
            entry = (pos,) if steps and pos is not None else ()
            steps6 = g.terrain.step_cost6
            on_map = g.terrain.index  # the map's own labels: contains() without parsing
            for nxt in path:
                if not (type(nxt) is str and nxt in on_map) and not g.map.contains(nxt):
                    raise IllegalOrder(
                        "§8 off-board",
                        f"{nxt!r} is not on the map: a counter on the board can never leave it",
                    )
                try:
                    c = steps6(pos, nxt)
                except MovementError as e:
                    raise IllegalOrder("Table VIII", str(e)) from None
                if c is None:
                    raise IllegalOrder("Table VIII", f"a man cannot enter {nxt} from {pos}")
                base6 += c
                pos = nxt
            plan.hexes_moved += steps + len(path)
            t = Task("MP", path=(*entry, *path), hexes=steps)
        elif t.code == "EV":
            if veh:
                v = g.vehicles[veh]
                if v.moving:
                    raise IllegalOrder(
                        "§8 vehicles", f"men exit only a stopped vehicle; {veh} is moving"
                    )
                if plan.ep_in:
                    raise IllegalOrder("§8 vehicles", f"{m.id} takes the wheel (EP) this turn")
                plan.exits, pos, veh = veh, g.vehicle_hex(v), None
                if pos is None:  # a stopped escort off the map lets him out there (§8)
                    rpos = v.pos
                t = Task("EV", plan.exits)
            else:
                v = g.vehicles.get(t.target or "")
                if v is None:
                    raise IllegalOrder("§8 vehicles", "EV into which vehicle? give target=<id>")
                vh = g.vehicle_hex(v)
                if v.moving:
                    raise IllegalOrder(
                        "§8 vehicles", f"men enter only a stopped vehicle; {v.id} is moving"
                    )
                if rpos is not None:
                    if v.pos != rpos:
                        raise IllegalOrder(
                            "§8 off-board",
                            f"{m.id} is off the map at {g.route_label(rpos)}; {v.id} is at "
                            f"{g.vehicle_label(v)}",
                        )
                elif vh is None or vh != pos:
                    raise IllegalOrder(
                        "§8 vehicles",
                        f"{m.id} must be in {v.id}'s hex ({vh}) to enter it (he would be in {pos})",
                    )
                if any(o.alive and o.side != side for o in g.occupants(v)):
                    raise IllegalOrder(
                        "§8 vehicles",
                        "adversaries may not enter vehicles occupied by defenders, nor the reverse",
                    )
                seat = t.seat or _free_seat(v)
                if seat not in VEHICLE_SEATS:
                    raise IllegalOrder("§8 vehicles", f"no free seat in {v.id}")
                plan.enters = (v.id, seat)
                veh, pos, rpos, entered = v.id, None, None, True
                t = Task("EV", v.id, seat=seat)
        elif t.code == "EP":
            v = g.vehicles.get(veh or "")
            d = g.driver(v) if v else None
            if v is None or d is None or d.id == m.id or d.fit:
                raise IllegalOrder(
                    "§8 vehicles",
                    "EP: a crewman exchanges places with a wounded "
                    "or killed driver of his own vehicle",
                )
            if t.target not in (None, d.id):
                raise IllegalOrder("§8 vehicles", f"the driver of {v.id} is {d.id}")
            plan.ep_in = v.id
            t = Task("EP", d.id)
        elif t.code == "BW":
            if side != ADVERSARY:
                raise IllegalOrder("§8 barrier work", "only adversaries do barrier work")
            if g.turn < FIRST_BARRIER_WORK_TURN:
                raise IllegalOrder("§8 barrier work", "barrier work may not occur before turn 2")
            if not m.fit:
                raise IllegalOrder(
                    "Table VII", f"{m.id} is wounded: wounded men cannot work on barriers"
                )
            th = g.vehicle_hex(g.transporter)
            if rpos is not None:
                raise IllegalOrder("§8 off-board", f"{m.id} is off the map: no barrier work")
            if veh or pos != th:
                raise IllegalOrder("§8 barrier work", f"BW only on the transporter's hex ({th})")
            plan.barrier_work = True
            armed = False
            t = Task("BW")
        elif t.code == "RA":
            if armed or gun is None:
                raise IllegalOrder("§8 re-arm", f"{m.id} has no laid-down weapon to pick up")
            if veh or pos != m.laid_at:
                raise IllegalOrder(
                    "§8 re-arm", f"{m.id} must be on {m.laid_at}, where he laid his weapon down"
                )
            armed = True
            t = Task("RA")
        elif t.code == "WE":
            gun, t = _check_exchange(g, side, m, t, veh, pos, armed, gun)
        cost6 = base6 * mult
        t = Task(t.code, t.target, t.path, t.hexes, t.weapon, t.seat, _frac6(cost6))
        if t.code == "DF":
            plan.fires[-1] = t
        plan.tasks.append(t)
        ap6 += cost6
    plan.end_hex = pos
    plan.end_route_pos = rpos
    plan.ap = _frac6(ap6)
    if ap6 > _AP6:
        last = plan.tasks[-1]
        raise IllegalOrder(
            "Table II" if mult == 1 else "Table VII",
            f"{last.code} costs {last.ap} AP"
            + (" (doubled: wounded)" if mult > 1 else "")
            + f"; {plan.ap - last.ap} of {AP_PER_TURN} AP already "
            "plotted",
        )
    plan._resume = (phase, veh, pos, rpos, armed, gun, entered, ap6)
    return plan


def _route_steps(g, m: Man, rpos: int, k: int) -> tuple[int, str | None, int | None]:
    """``k`` route steps toward the board from route index ``rpos`` (off the map).

    Returns (steps, map hex entered or None, route index if still off the map or None).
    """
    n = len(g.route)
    to_board = -rpos if rpos < 0 else rpos - (n - 1)  # steps to the nearest route end
    if k < 1:
        raise IllegalOrder(
            "§8 off-board",
            f"{m.id} is off the map at {g.route_label(rpos)}: give hexes=k >= 1 route steps "
            "toward the board (a man off the map moves only toward it)",
        )
    if k > to_board:
        raise IllegalOrder(
            "§8 off-board",
            f"{m.id} reaches the map ({g.route[0 if rpos < 0 else n - 1]}) after {to_board} "
            f"route steps, not {k}: give the hexes beyond it as path",
        )
    new = rpos + (k if rpos < 0 else -k)
    return (k, g.route[new], None) if 0 <= new < n else (k, None, new)


def _free_seat(v: Vehicle) -> str:
    for s in VEHICLE_SEATS:
        if s not in v.seats:
            return s
    return ""


def _check_exchange(g, side, m, t, veh, pos, armed, gun):
    if gun is None or not armed:
        raise IllegalOrder("§8 weapon exchange", f"{m.id} holds no rifle or shotgun to exchange")
    if t.target in g.vehicles:
        v = g.vehicles[t.target]
        if side != DEFENDER:
            raise IllegalOrder("§8 weapon exchange", "only defenders take weapons from vehicles")
        if veh != v.id and (pos is None or pos != g.vehicle_hex(v)):
            raise IllegalOrder("§8 weapon exchange", f"{m.id} must be in or at {v.id}")
        want = t.weapon or ("rifle" if gun == "shotgun" else "shotgun")
        if want not in LONG_GUNS or want == gun:
            raise IllegalOrder("§8 weapon exchange", f"{m.id} already has a {gun}")
        if v.spares.get(want, 0) <= 0:
            raise IllegalOrder("§8 weapon exchange", f"{v.id} carries no spare {want}")
        return want, Task("WE", v.id, weapon=want)
    o = g.men.get(t.target or "")
    if o is None or o.side != side or o.id == m.id:
        raise IllegalOrder(
            "§8 weapon exchange",
            f"{m.id} exchanges weapons with his own side's vehicle (a spare) or with a "
            "wounded or killed friend beside him: click one of those",
        )
    if o.fit:
        raise IllegalOrder("§8 weapon exchange", f"{o.id} is not wounded or killed")
    same = (veh is not None and veh == o.vehicle) or (
        pos is not None and pos == g.man_hex(o) and o.vehicle is None
    )
    if not same:
        raise IllegalOrder("§8 weapon exchange", f"{o.id} is not in {m.id}'s hex")
    if o.long_gun is None or not o.armed:
        raise IllegalOrder("§8 weapon exchange", f"{o.id} has no long gun to exchange")
    return o.long_gun, Task("WE", o.id, weapon=o.long_gun)


def simulate_vehicle(g, side: str, v: Vehicle, tasks: list[Task]) -> VehiclePlan:
    """Check a vehicle's tasks in order (driver and AP are checked side-wide)."""
    if v.id == TRANSPORTER_ID and tasks and not g.transporter_moves:
        raise IllegalOrder("§2 scenario", "in SKIRMISH the transporter never moves")
    if g.controller(v) != side:
        raise IllegalOrder("§8 vehicles", f"{v.id} has no living {side} men aboard")
    plan = VehiclePlan(v.id, [], end_pos=v.pos, end_heading=v.heading, end_moving=v.moving)
    pos, heading, moving = v.pos, v.heading, v.moving
    tpos = g.transporter.pos
    block = g.roadblock_pos
    for t in tasks:
        if t.code not in VEHICLE_CODES:
            raise IllegalOrder(
                "Table II", f"{t.code} is not a vehicle task ({', '.join(VEHICLE_CODES)})"
            )
        if t.code == "AV":
            if moving:
                raise IllegalOrder(
                    "Table II", f"AV accelerates a stopped vehicle; {v.id} is moving"
                )
            moving = True
        elif t.code == "SV":
            if not moving:
                raise IllegalOrder("Table II", f"SV stops a moving vehicle; {v.id} is stopped")
            moving = False
        elif t.code == "TV":
            if moving:
                raise IllegalOrder("Table II", f"TV turns a stopped vehicle; {v.id} is moving")
            heading = -heading
        elif t.code == "MV":
            if not moving:
                raise IllegalOrder("§8 vehicles", f"{v.id} is stopped: accelerate (AV) first")
            if t.hexes < 1:
                raise IllegalOrder("Table VIII", "MV needs hexes >= 1")
            for _ in range(t.hexes):
                nxt = pos + heading
                if g.on_board(pos) and not g.on_board(nxt):
                    raise IllegalOrder(
                        "§8 off-board",
                        f"{v.id} would leave the map: a counter on the board can never leave it",
                    )
                if v.kind == "escort" and nxt == tpos:
                    raise IllegalOrder(
                        "§8 vehicles",
                        f"escort vehicles cannot pass through the ambush hex ({g.ambush})",
                    )
                if nxt == block:
                    raise IllegalOrder(
                        "AMBUSH roadblock", f"the road is blocked at {g.route[block]}"
                    )
                pos = nxt
            plan.hexes += t.hexes
        t = Task(t.code, hexes=t.hexes, ap=Task(t.code, hexes=t.hexes).base_ap)
        plan.tasks.append(t)
        plan.ap += t.ap
    plan.end_pos, plan.end_heading, plan.end_moving = pos, heading, moving
    if plan.ap > AP_PER_TURN:
        raise IllegalOrder("Table II", f"{v.id}'s tasks cost {plan.ap} AP, more than {AP_PER_TURN}")
    return plan


@dataclass(slots=True)
class SidePlan:
    men: dict[str, ManPlan]
    vehicles: dict[str, VehiclePlan]
    riders: dict[str, str]  # man id -> vehicle he rides when vehicles move
    charges: dict[str, Fraction]  # man id -> AP charged by others (vehicle, EP)


def validate_side(
    g,
    side: str,
    orders: dict[str, list[Task]],
    changed: str | None = None,
    cache: dict | None = None,
    known: SidePlan | None = None,
) -> SidePlan:
    """Check a side's whole plot; returns the plans (tasks with AP filled in).

    ``known``: the validated plan of these same orders except ``changed``'s (the side's
    current plot when one unit's orders change); its other units' plans are reused.
    """
    if known is not None and changed in orders and changed in g.men:
        quick = _man_changed(g, side, orders[changed], changed, cache, known)
        if quick is not None:
            return quick
    men: dict[str, ManPlan] = {}
    vehs: dict[str, VehiclePlan] = {}
    for uid, tasks in orders.items():
        if known is not None and uid != changed:
            p = known.men.get(uid) or known.vehicles.get(uid)
            if p is not None:
                (men if uid in g.men else vehs)[uid] = p
                continue
        if uid in g.men:
            men[uid] = _man_plan(g, side, uid, tasks, cache)
            continue
        key = (uid, tuple(tasks))
        p = cache.get(key) if cache is not None else None
        if p is None:
            if uid not in g.vehicles:
                raise IllegalOrder("plot", f"no unit {uid!r}")
            p = simulate_vehicle(g, side, g.vehicles[uid], list(tasks))
            if cache is not None:
                cache[key] = p
                cache.setdefault((uid, tuple(p.tasks)), p)
        vehs[uid] = p
    # seats after EP, exits and entries
    riders: dict[str, str] = {}
    charges6: dict[str, int] = {}  # man id -> AP charged by others, in sixths
    boarding = [p for p in men.values() if p.ep_in or p.exits or p.enters]
    if not boarding:
        # nobody changes seats: the riders are the start-of-turn crews (fixed while plotting)
        base = cache.get("riders") if cache is not None else None
        if base is None:
            base = {i: v.id for v in g.vehicles.values() for i in v.seats.values()}
            if cache is not None:
                cache["riders"] = base
        riders = dict(base)
    for v in g.vehicles.values() if boarding else ():
        seats = dict(v.seats)
        ep = [p for p in boarding if p.ep_in == v.id]
        if len(ep) > 1:
            raise IllegalOrder("§8 vehicles", f"only one man can take {v.id}'s wheel")
        driver = g.driver(v)
        if ep:
            e = ep[0]
            mine = next(s for s, i in seats.items() if i == e.id)
            seats["D"], seats[mine] = e.id, driver.id
            if driver.alive:
                charges6[driver.id] = charges6.get(driver.id, 0) + _EP6
            driver = g.men[e.id]
        for p in boarding:
            if p.exits == v.id:
                seat = next(s for s, i in seats.items() if i == p.id)
                del seats[seat]
        for p in boarding:
            if p.enters and p.enters[0] == v.id:
                if p.enters[1] in seats:
                    raise IllegalOrder("§8 vehicles", f"seat {p.enters[1]} of {v.id} is taken")
                seats[p.enters[1]] = p.id
        for i in seats.values():
            riders[i] = v.id
        vp = vehs.get(v.id)
        if vp and vp.tasks:
            _charge_riders(v, vp, seats, driver, charges6)
    if not boarding and vehs:
        for v in g.vehicles.values():
            vp = vehs.get(v.id)
            if vp and vp.tasks:
                _charge_riders(v, vp, v.seats, g.driver(v), charges6)
    for mid, extra6 in charges6.items():
        m = g.men[mid]
        if m.side != side or not m.alive:
            continue
        own6 = _ap6(men[mid].ap) if mid in men else 0
        if own6 + extra6 > _AP6:
            total, extra = _frac6(own6 + extra6), _frac6(extra6)
            if changed in vehs:
                raise IllegalOrder(
                    "Table II",
                    f"{changed}'s tasks cost {vehs[changed].ap} AP, "
                    f"charged to everyone aboard; {mid} has "
                    f"{total - vehs[changed].ap}"
                    f" of {AP_PER_TURN} AP already plotted",
                )
            raise _overcharged(mid, total, extra)
    charges = {i: _frac6(c) for i, c in charges6.items()}
    return SidePlan(men, vehs, riders, charges)


def _overcharged(mid: str, total: Fraction, extra: Fraction) -> IllegalOrder:
    """The error for a man whose own tasks plus ``extra`` AP charged by others (riding, EP)
    come to ``total``, above his 10 AP."""
    return IllegalOrder(
        "Table II",
        f"{mid} would use {total} of {AP_PER_TURN} AP ({extra} of them riding or exchanging "
        "places)",
    )


def _charge_riders(
    v: Vehicle, vp: VehiclePlan, seats: dict[str, str], driver: Man | None, charges6: dict
) -> None:
    """A vehicle plotted to move needs a healthy driver in seat D; its AP are charged to
    everyone aboard (``seats`` as they will be, in integer sixths into ``charges6``)."""
    if driver is None or seats.get("D") != driver.id or not driver.fit:
        raise IllegalOrder(
            "§8 vehicles",
            f"{v.id} needs a healthy driver aboard to move (Table VII: wounded men cannot drive)",
        )
    vp6 = _ap6(vp.ap)
    for i in seats.values():
        charges6[i] = charges6.get(i, 0) + vp6


@dataclass(frozen=True, slots=True)
class _Refused:
    """A man's tasks the rules refused, as kept in the per-turn cache of :func:`_man_plan`:
    the rule and message of the :class:`~hexplay.engine.IllegalOrder` raised again."""

    rule: str
    message: str


def _man_plan(g, side: str, uid: str, tasks: list[Task], cache: dict | None) -> ManPlan:
    """A man's validated plan (through the per-turn ``cache`` of :func:`validate_side`).

    A man's plan is a pure function of the start-of-turn state (fixed while plotting) and
    his own tasks, so refusals are cached too: the same tasks tried again (``legal_orders``
    asks for every candidate task each time it is called) raise the same IllegalOrder
    without being simulated again."""
    key = (uid, tuple(tasks))
    p = cache.get(key) if cache is not None else None
    if type(p) is _Refused:
        raise IllegalOrder(p.rule, p.message)
    if p is None:
        # incremental: a plot adds tasks to a validated plan of the earlier ones (the longest
        # validated start of the list)
        after, k = None, len(tasks)
        if cache is not None:
            while k > 1 and after is None:
                k -= 1
                after = cache.get((uid, key[1][:k]))
                if type(after) is _Refused:  # (a refused start: simulate the whole list)
                    after, k = None, 1
        try:
            if after is not None:
                p = simulate_man(g, side, g.men[uid], list(key[1][k:]), after)
            else:
                p = simulate_man(g, side, g.men[uid], list(tasks))
        except IllegalOrder as e:
            if cache is not None:
                cache[key] = _Refused(e.rule, e.message)
            raise
        if cache is not None:
            cache[key] = p
            # the validated tasks validate to the same plan (validation is idempotent)
            cache.setdefault((uid, tuple(p.tasks)), p)
    return p


def _man_changed(
    g, side: str, tasks: list[Task], uid: str, cache: dict | None, known: SidePlan
) -> SidePlan | None:
    """:func:`validate_side` when only man ``uid``'s orders differ from ``known``'s and he
    neither boards, leaves nor takes a wheel, before or after: seats, riders and charges are
    then ``known``'s, and only his own total is checked again. None: take the full path."""
    p = _man_plan(g, side, uid, tasks, cache)
    if p.ep_in or p.exits or p.enters:
        return None
    old = known.men.get(uid)
    if old is not None and (old.ep_in or old.exits or old.enters):
        return None
    extra = known.charges.get(uid)
    if extra is not None and g.men[uid].alive and p.ap + extra > AP_PER_TURN:
        raise _overcharged(uid, p.ap + extra, extra)
    men = dict(known.men)
    men[uid] = p
    return SidePlan(men, known.vehicles, known.riders, known.charges)


def check_complete(g, side: str, plan: SidePlan) -> None:
    """Rules checked when a side submits: moving vehicles must be stopped or moved."""
    for v in g.vehicles.values():
        if not v.moving or g.controller(v) != side:
            continue
        vp = plan.vehicles.get(v.id)
        if vp is None or not any(t.code in ("MV", "SV") for t in vp.tasks):
            raise IllegalOrder(
                "§8 vehicles",
                f"{v.id} is moving: plot SV or MV for it (a vehicle "
                "moving at the end of a turn must be stopped or moved some hexes "
                "on the next turn)",
            )
