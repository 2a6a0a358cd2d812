"""The start-of-turn phases that change units: C) CBR effects and D) the opponent's partisans."""

from __future__ import annotations

from .board import OTHER
from .units import step_loss


def cbr_effects(g, side: str) -> None:
    """C) each of the side's units in a CBR hex it did not voluntarily enter on its last move
    loses a step (after observation, so its range still counted there)."""
    for u in g.alive(side):
        if u.hex in g.cbr and u.cbr_entered != u.hex:
            took = step_loss(u)
            g.event("cbr", {"unit": u.id, "hex": g.board.labels[u.hex], "loss": took}, side)
            if not u.alive:
                g.eliminate(u)
                if g.over:
                    return
        u.cbr_entered = -1


def partisans(g, side: str) -> None:
    """D) each of the opponent's partisan groups appears in a random column of the acting
    side's territory, in the row of a random acting unit (wherever it stands), and freezes the
    acting units within 1 hex for the turn; the spots stay active (movers coming next to one
    are frozen too). ``partisans_spent``: a group is used up when it acts."""
    other = OTHER[side]
    groups = g.partisans[other] if g.scenario.partisans else 0
    if not groups:
        return
    b = g.board
    cols = b.columns[side]
    for _ in range(groups):
        mine = g.alive(side)
        if not mine:
            return
        u = mine[g.roll("partisan row", len(mine)) - 1]
        col = cols[g.roll("partisan column", len(cols)) - 1]
        spot = b.at_offset(col, b.offsets[u.hex][1])
        g.spots.append(spot)
        frozen = []
        for v in mine:
            if b.dist[v.hex][spot] <= 1:
                v.frozen = True
                frozen.append(v.id)
        g.event("partisans", {"hex": b.labels[spot], "frozen": frozen}, side)
        if g.scenario.partisans_spent:
            g.partisans[other] -= 1
