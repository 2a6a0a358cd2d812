"""AMBUSH feature: the moving transporter (scenario option ``moving_transporter``).

In SKIRMISH the transporter stands on the ambush hex. With this option the adversary's set-up
hex is where he blocks the road (a roadblock, if ``roadblock``): the transporter starts
``transporter_approach`` route hexes before it (on the map), moving in the convoy's direction,
its escorts at their offsets from it. Each turn the convoy player plots its MV or SV like any
moving vehicle's (§8); the ambush point is wherever the transporter stops: at the roadblock
(no vehicle may enter its hex), where its driver is hit (2 more hexes, §8) or where fire
immobilises it. ``SkirmishState.ambush`` follows the transporter's hex.

Decision: a transporter that ends a turn at an end of its route (the map's edge) has driven out
of the ambush: the defender wins (a counter can never leave the board, §8, so this is where the
game stops for it).
"""

from __future__ import annotations

from .state import DEFENDER


def start_moving(g) -> None:
    """After the ambush hex is placed: move the convoy back to its start, moving."""
    sc = g.scenario
    t = g.transporter
    block = t.pos
    start = max(0, block - sc.transporter_approach)
    shift = start - block
    for v in g.vehicles.values():
        v.pos += shift
        v.heading = 1
        v.entered_board = g.on_board(v.pos)
    t.moving = True
    g.roadblock_pos = block if sc.roadblock else None
    g.roadblock = g.route[block] if sc.roadblock else None
    g.ambush = g.route[start]
    g.transporter_moves = True


def after_movement(g) -> None:
    """The ambush point follows the transporter."""
    h = g.vehicle_hex(g.transporter)
    if h is not None and h != g.ambush:
        g.ambush = h


def escaped(g) -> bool:
    """True when the transporter ended the turn at an end of its route, able to drive on."""
    t = g.transporter
    if g.vehicle_damage.get(t.id):
        return False
    at_end = t.pos in (0, len(g.route) - 1)
    return at_end and g.controller(t) == DEFENDER and t.pos != g.transporter_start
