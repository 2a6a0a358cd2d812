"""AMBUSH feature: the adversary's own getaway vehicle (scenario field ``getaway_car``, with
the ``getaway`` option).

The scenario gives the vehicle's type (a row of ``getaway.toml``: seats, armour), the men it
brings, the road end it enters by and the turn: ``{"vehicle": "van", "men": 1, "enters":
"rear", "turn": 3}``. ``"rear"`` is the route's first hex (the road behind the convoy, where
the response force enters too), ``"front"`` its last. At the start of that turn the vehicle
:data:`CAR_ID` appears stopped on that hex, heading into the map, with its men ``V1..Vn``
(fit adversaries armed with ``getaway.toml``'s ``crew_weapon``) in the seats D, C, S in order:
the last seat stays free for the carrier. From then on it is a vehicle like any other (§8): it
accelerates (AV), moves along the route (MV: roads only, it never leaves the board), stops
(SV), turns (TV), men get in and out (EV/LV); it blocks LOS, its driver can be hit and
anti-tank fire can damage it (its armour class). The cargo leaves in it when its carrier rides
in it, the adversary holding it, at an end of the route (:func:`.cargo.driven_off`).

Fog of war: it enters unseen (the event goes to the adversary only); the defender learns of
it only by seeing it (the LOS rule of :mod:`.views`), and an empty car stays the adversary's
(:meth:`~.state.SkirmishState.owner`): the convoy does not know where it is parked.

State (``g.getaway_car``, plain JSON): ``entered`` (bool).
"""

from __future__ import annotations

from . import vehicles
from .state import ADVERSARY
from .units import CAR_KIND, Man, Vehicle

CAR_ID = "V"
"""The getaway vehicle's id (the convoy's are ``T`` and ``E1..``)."""
CREW_PREFIX = "V"
"""Its men are ``V1..Vn``."""
ENDS = ("rear", "front")
"""The road ends it may enter by: the route's first hex, or its last."""
SEATS = ("D", "C", "S")
"""Seats filled in order (SKIRMISH's vehicle seats; the driver first)."""


def crew_ids(spec: dict) -> list[str]:
    return [f"{CREW_PREFIX}{i + 1}" for i in range(int(spec["men"]))]


def new_state() -> dict:
    return {"entered": False}


def entry_pos(g, end: str) -> tuple[int, int]:
    """(route index, heading into the map) of the road end ``end``."""
    return (0, 1) if end == "rear" else (len(g.route) - 1, -1)


def end_turn(g) -> None:
    """Bring the car in at the start of its turn (``g.turn`` is already the next turn here,
    as in :func:`.response.end_turn`)."""
    spec = g.scenario.getaway_car
    st = g.getaway_car
    if spec is None or st["entered"] or g.turn < spec["turn"] or g.over or not g.route:
        return
    tab = g.ambush_tables
    pos, heading = entry_pos(g, spec["enters"])
    seats = {}
    for seat, mid in zip(SEATS, crew_ids(spec)):
        g.men[mid] = Man(mid, ADVERSARY, tab.getaway_crew_weapon, vehicle=CAR_ID, seat=seat)
        seats[seat] = mid
    g.vehicles[CAR_ID] = Vehicle(
        CAR_ID, CAR_KIND, pos=pos, heading=heading, seats=seats, entered_board=True
    )
    g.vehicle_armour[CAR_ID] = tab.armour[vehicles.armour_class(g, g.vehicles[CAR_ID])]
    st["entered"] = True
    g.clear_cache()
    g.log.add(
        g.turn - 1,
        "maintenance",
        "getaway car entered",
        {
            "vehicle": CAR_ID,
            "type": spec["vehicle"],
            "men": list(seats.values()),
            "hex": g.route[pos],
        },
        visible_to=(ADVERSARY,),
    )


def view(g) -> dict:
    """The adversary's (and referee's) knowledge of his car: its plan and whether it is in."""
    spec = g.scenario.getaway_car
    return {**dict(spec), "id": CAR_ID, "entered": g.getaway_car["entered"]}
