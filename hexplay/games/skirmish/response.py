"""AMBUSH feature: response forces (scenario option ``response_density``).

When the long-range message gets through (:mod:`.radio`; at the start of the game when the
scenario has no radio: "notified at the start"), the arrival turn is drawn: the message's turn
+ the responders' training delay + a die on the density's arrival table (its six faces, see
``response.toml``). At the end of the turn before it, the force's men (``R1..Rn``, fit, armed
with the table's weapon) appear on foot on the route's first hex (the road behind the convoy),
as defender men: from then on they are plotted like any guard.

State (``g.response``): ``arrival`` (turn or None), ``arrived`` (bool).
The arrival turn is in the defender's view (the centre tells the convoy), never the adversary's.
"""

from __future__ import annotations

from .state import ADVERSARY, DEFENDER  # noqa: F401
from .units import Man


def new_state() -> dict:
    return {"arrival": None, "arrived": False}


def dispatch(g) -> None:
    tab = g.ambush_tables
    sc = g.scenario
    faces = tab.arrival_faces(sc.response_density)
    die = g.dice.roll("response", density=sc.response_density)
    delay = tab.delays[sc.responder_training]
    arrival = max(g.turn, 1) + delay + faces[die - 1]
    g.response["arrival"] = arrival
    g.log.add(
        g.turn,
        g.phase if g.phase != "setup" else "setup",
        "response dispatched",
        {"density": sc.response_density, "die": die, "delay": delay, "arrival": arrival},
        visible_to=(DEFENDER,),
    )


def end_turn(g) -> None:
    """Bring the force in at the start of its arrival turn (``g.turn`` is already the next
    turn here: the hook runs after the turn counter moved on)."""
    r = g.response
    if r["arrival"] is None or r["arrived"] or g.turn < r["arrival"] or g.over:
        return
    tab = g.ambush_tables
    row = tab.response[g.scenario.response_density]
    entry = g.route[0]
    ids = []
    for i in range(row["men"]):
        mid = f"R{i + 1}"
        g.men[mid] = Man(mid, DEFENDER, row["weapon"], hex=entry)
        ids.append(mid)
    r["arrived"] = True
    g.log.add(
        g.turn - 1,
        "maintenance",
        "response arrived",
        {"men": ids, "hex": entry},
        visible_to=(DEFENDER,),
    )


def view(g, side: str) -> dict | None:
    """The defender's (and referee's) knowledge; the adversary learns of the force only by
    seeing its men."""
    return None if side == ADVERSARY else dict(g.response)
