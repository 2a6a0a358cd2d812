"""AMBUSH feature: the breaching charge (weapon ``breaching_charge``, ``weapons.toml``;
points ``charge_points``, ``barriers.toml``).

A man whose long arm is a breaching charge sets it by doing barrier work (Table IX: he counts
as one of the turn's workers, so a fear roll that stops him stops the charge too): at the end
of that maintenance phase the barrier points rise by ``charge_points`` on top of the workers'
Table IX points. Once per charge: a man sets his charge once in the game (it stays his long
arm's name, with no fire value; he fights with his pistol). The barrier points it adds count as
any barrier work's, for the barrier and then for the loading (:mod:`.cargo`).

Event ``"breaching charge"`` (both sides, as barrier work): ``man``, ``points``, ``total``.
State (``g.charges_set``): the men whose charge is spent, in the order they set it.
"""

from __future__ import annotations

from .state import SIDES

CHARGE = "breaching_charge"
"""The weapon that is a breaching charge (``weapons.toml``)."""


def after_maintenance(g, workers: list[str]) -> None:
    """Set the charge of each of this turn's ``workers`` who carries one not yet spent."""
    pts = g.ambush_tables.charge_points
    for mid in workers:
        if g.men[mid].long_gun != CHARGE or mid in g.charges_set:
            continue
        g.charges_set.append(mid)
        g.barrier += pts
        g.log.add(
            g.turn,
            "maintenance",
            "breaching charge",
            {"man": mid, "points": pts, "total": g.barrier},
            visible_to=SIDES,
        )
