"""Test helper: plot given orders for both sides, stop moving escorts, and resolve the turn."""

from __future__ import annotations


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
