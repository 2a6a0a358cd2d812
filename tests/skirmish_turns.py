"""Test helpers: play a turn of given orders; plot random orders and check what they leave."""

from __future__ import annotations

import json

from hexplay.engine import IllegalOrder
from hexplay.games.skirmish.tables import AP_PER_TURN


def play_turn(g, adversary=(), defender=()):
    """``adversary``/``defender``: sequences of ``(args, kwargs)`` for ``g.plot(side, ...)``."""
    for args, kw in adversary:
        g.plot("adversary", *args, **kw)
    for args, kw in defender:
        g.plot("defender", *args, **kw)
    for v in ("E1", "E2"):
        if g.vehicles[v].moving and not g.plotted("defender", v):
            g.plot("defender", v, "SV")
    g.submit("adversary")
    g.submit("defender")
    return g.resolve_turn()


def plot_or_unchanged(g, side, unit, code, **kw) -> bool:
    """Plot one order; if the rules refuse it, assert that the game and every plot are as they
    were. True if it was accepted."""
    before = (g.snapshot(), json.dumps(g.view("referee")["plots"]))
    try:
        g.plot(side, unit, code, **kw)
    except IllegalOrder:
        assert (g.snapshot(), json.dumps(g.view("referee")["plots"])) == before
        return False
    return True


def assert_no_ap_overspent(g, sides=("adversary", "defender")) -> None:
    """Every man's own plotted AP plus what others charge him fit in his turn's AP."""
    for s in sides:
        plan = g.side_plan(s)
        for mid, p in plan.men.items():
            assert p.ap + plan.charges.get(mid, 0) <= AP_PER_TURN
