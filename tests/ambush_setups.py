"""AMBUSH game set-ups shared by test modules (plain helpers, imported at the top)."""

from __future__ import annotations

from typing import Any

from hexplay.games.ambush.game import AmbushGame, AmbushScenario


def rocket_beside_transporter(seed: int = 1, **scenario: Any) -> AmbushGame:
    """Turn 2 of an AMBUSH game with vehicle damage on: both sides set up by the rules'
    defaults and A1, armed with a rocket launcher, stands next to the transporter (the
    referee's ``arrange``). ``scenario``: more AmbushScenario fields (e.g. ``armour``)."""
    sc = AmbushScenario(
        route="Route 4",
        ambush="1129",
        vehicle_damage=True,
        adversary_arms={"A1": "rocket_launcher"},
        **scenario,
    )
    g = AmbushGame.new(sc, seed=seed)
    for side in ("adversary", "defender"):
        g.auto_setup(side, 1)
        g.submit(side)
    g.arrange(men={"A1": g.map.neighbor_labels(g.vehicle_hex(g.transporter))[0]}, turn=2)
    return g


def fire_at_the_crew(g: AmbushGame, seen: bool) -> None:
    """A1 fires at a living man inside the transporter, every moving vehicle stops, A1 is
    ``seen`` by the convoy or not, and the turn is resolved."""
    crew = next(m.id for m in g.occupants("T") if m.alive)
    g.plot("adversary", "A1", "DF", target=crew)
    for v in g.vehicles.values():
        if v.moving:
            g.plot("defender", v.id, "SV")
    (g.seen["defender"].add if seen else g.seen["defender"].discard)("A1")
    g.submit("adversary")
    g.submit("defender")
    g.resolve_turn()
