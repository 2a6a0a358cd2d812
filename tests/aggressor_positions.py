"""Test helpers for AGGRESSOR: a fixed position on forced dice, and order shorthands."""

from __future__ import annotations

from hexplay.engine import ForcedDice
from hexplay.games.aggressor import AggressorGame


def position(units, dice=(), first="west", strict=True, **options):
    """A game at a fixed position: ``units`` are (side, type, hex) or (side, type, hex, dict of
    PlacedUnit fields); ``dice`` the forced rolls (strict: a missing roll fails the test)."""
    pos = []
    for u in units:
        extra = u[3] if len(u) > 3 else {}
        pos.append({"side": u[0], "type": u[1], "hex": u[2], **extra})
    options.setdefault("partisans", True)
    return AggressorGame.new(
        position=pos, first=first, dice=ForcedDice(list(dice), strict=strict), **options
    )


def order(g, unit, kind, **args):
    side = g.units[unit].side
    return g.order(side, kind=kind, unit=unit, **args)


def label(g, unit):
    return g.board.labels[g.units[unit].hex]
