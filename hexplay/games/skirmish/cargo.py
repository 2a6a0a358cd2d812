"""AMBUSH feature: removing the cargo (scenario option ``cargo_removal``).

Once the barrier points reach the barrier's total the vault is open; barrier work goes on as
*loading*: every further barrier point (Table IX, the same workers' rule) counts toward the
load points (the cargo's, plus the deterrent device's). When they are reached, one of the men
who worked this turn (the lowest id) carries the cargo out of the vault. A carrier who is hit
drops it in his hex; a fit adversary on foot in the hex of a dropped cargo picks it up after
movement (the lowest id); a fit guard on foot there with no fit adversary recovers it (the
defender wins). The convoy learns that the cargo is loaded (event ``"cargo loaded"``) but who
carries it only if it saw him at the start of the turn, as in :func:`view`. The adversary
wins when the carrier ends a movement phase on foot on a hex at the map's edge: the cargo is
got away. The defender wins if the turn limit passes first.

Getaway (scenario option ``getaway``, with ``cargo_removal``): the cargo may also leave in the
adversary's own vehicle. A vehicle is *held* by the adversary when every living man aboard is
an adversary (he took it: a stopped escort whose crew is dead or gone, entered by EV and driven
by MV as any vehicle, §8). The cargo is got away when its carrier, riding in a held vehicle,
ends a movement phase at an end of the route (the road's map-edge hex): vehicles move only
along roads and never leave the board (§8), so the road's end is where it drives off the map
(``cargo.toml`` ``getaway``). Without the option a carrier in a vehicle cannot get it away.

State (``g.cargo``, plain JSON): ``state`` ``"vault"`` / ``"carried"`` / ``"dropped"`` /
``"away"`` / ``"recovered"``, ``holder`` (man id or None), ``hex`` (None in the vault: it is
where the transporter is).
"""

from __future__ import annotations

from .state import ADVERSARY, DEFENDER


def new_state() -> dict:
    return {"state": "vault", "holder": None, "hex": None}


def load_points(g) -> int:
    """Barrier points needed in all: the barrier's, then the loading's."""
    return g.scenario.barrier_points_required + g.cargo_load_points


def loaded(g) -> int:
    """Loading points done so far (barrier points beyond the barrier's total)."""
    return max(0, g.barrier - g.scenario.barrier_points_required)


def edge_hexes(g) -> frozenset[str]:
    """Labels of the map's edge hexes (fewer than six on-map neighbours); per map."""
    t = g.terrain
    got = t.memo.get(("edge_hexes",))
    if got is None:  # the terrain's neighbour lists are the map's, built once per map
        got = frozenset(lab for lab in t.labels if len(t.neighbors[lab]) < 6)
        t.remember(("edge_hexes",), got)
    return got


def nearest_edge(g, here: str) -> str:
    """The edge hex nearest ``here``, the lowest label of the nearest: equals
    :func:`nearest_edge_plain`, memoized per map and hex (the map is static)."""
    t = g.terrain
    key = ("nearest_edge", here)
    got = t.memo.get(key)
    if got is None:
        got = nearest_edge_plain(g, here)
        t.remember(key, got)
    return got


def nearest_edge_plain(g, here: str) -> str:
    """:func:`nearest_edge` worked out: the first of the sorted edge hexes at the least distance."""
    dist = g.terrain.distance
    return min(sorted(edge_hexes(g)), key=lambda h: dist(here, h))


def _log(g, phase: str, kind: str, data: dict, sides=(ADVERSARY, DEFENDER)) -> None:
    g.log.add(g.turn, phase, kind, data, visible_to=sides)


def after_combat(g) -> None:
    c = g.cargo
    if c["state"] == "carried":
        m = g.men[c["holder"]]
        if not m.fit:
            c.update(state="dropped", holder=None, hex=g.man_hex(m))
            _log(g, "combat", "cargo dropped", {"man": m.id, "hex": c["hex"]}, (ADVERSARY,))


def held(g, vid: str) -> bool:
    """Every living man aboard ``vid`` is an adversary (and someone is): his own vehicle."""
    aboard = [g.men[i] for i in g.vehicles[vid].seats.values() if g.men[i].alive]
    return bool(aboard) and all(x.side == ADVERSARY for x in aboard)


def driven_off(g, m) -> bool:
    """The getaway rule: ``m`` rides in a held vehicle standing at an end of the route."""
    if not (getattr(g.scenario, "getaway", False) and m.vehicle and held(g, m.vehicle)):
        return False
    return g.vehicles[m.vehicle].pos in (0, len(g.route) - 1)


def after_movement(g) -> None:
    c = g.cargo
    if c["state"] == "carried":
        m = g.men[c["holder"]]
        if getattr(g.scenario, "getaway", False):
            c["hex"] = g.man_hex(m)  # (riding: his vehicle's hex)
        else:
            c["hex"] = m.hex  # (None in a vehicle: he cannot get it away from there)
        if m.hex is not None and m.vehicle is None and m.hex in edge_hexes(g):
            c["state"] = "away"
            _log(g, "movement", "cargo away", {"man": m.id, "hex": m.hex})
        elif driven_off(g, m):
            c["state"] = "away"
            data = {"man": m.id, "hex": c["hex"], "vehicle": m.vehicle}
            _log(g, "movement", "cargo away", data)
    elif c["state"] == "dropped":
        here = [x for x in g.men.values() if x.fit and x.vehicle is None and x.hex == c["hex"]]
        adv = sorted((x.id for x in here if x.side == ADVERSARY), key=_key)
        if adv:
            c.update(state="carried", holder=adv[0])
            _log(g, "movement", "cargo picked up", {"man": adv[0], "hex": c["hex"]}, (ADVERSARY,))
        elif any(x.side == DEFENDER for x in here):
            c["state"] = "recovered"
            _log(g, "movement", "cargo recovered", {"hex": c["hex"]})


def after_maintenance(g) -> None:
    c = g.cargo
    if c["state"] != "vault" or g.barrier < load_points(g):
        return
    th = g.vehicle_hex(g.transporter)
    men = [m for m in g.men.values() if m.side == ADVERSARY and m.fit and m.vehicle is None]
    workers = [m for m in men if m.hex == th and not m.armed and m.laid_at == th]
    pick = sorted((m.id for m in workers or [m for m in men if m.hex == th]), key=_key)
    if pick:
        c.update(state="carried", holder=pick[0], hex=th)
        data = {"man": pick[0], "hex": th}
        seen = pick[0] in g.seen.get(DEFENDER, ())  # (as the cargo's view: its holder if seen)
        g.log.add(
            g.turn,
            "maintenance",
            "cargo loaded",
            data,
            visible_to=(ADVERSARY,),
            redacted={DEFENDER: data if seen else {"hex": th}},
        )


def _key(uid: str) -> tuple[str, int]:
    head = uid.rstrip("0123456789")
    return head, int(uid[len(head) :] or 0)


def view(g, side: str) -> dict:
    """The cargo as ``side`` may know it. The adversary knows all. The defender knows whether
    it is in the vault, away or recovered; a cargo carried or dropped is ``"out"`` to him,
    with its hex and holder only while he sees the man carrying it."""
    c = dict(g.cargo)
    if side == DEFENDER and c["state"] in ("carried", "dropped"):
        holder = c["holder"]
        seen = c["state"] == "carried" and holder in g.seen.get(DEFENDER, ())
        c = {"state": "out", "holder": holder if seen else None, "hex": c["hex"] if seen else None}
    c.update(loaded=loaded(g), load_points=g.cargo_load_points)
    return c
