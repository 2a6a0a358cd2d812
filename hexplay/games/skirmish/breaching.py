"""AMBUSH feature: the breaching charge (weapon ``breaching_charge``, ``weapons.toml``;
points ``charge_points``, ``barriers.toml``).

A man whose long arm is a breaching charge sets it by doing barrier work (Table IX: he counts
as one of the turn's workers, so a fear roll that stops him stops the charge too): at the end
of that maintenance phase the barrier points rise by ``charge_points`` on top of the workers'
Table IX points. Once per charge: a charge is set once in the game (it stays its holder's long
arm's name, with no fire value; he fights with his pistol). The spent mark goes with the
charge: a man who takes a spent charge by weapon exchange (§8) holds a spent charge
(:func:`exchanged`); one who takes an unspent one may set it. The barrier points it adds count
as any barrier work's, for the barrier and then for the loading (:mod:`.cargo`).

Event ``"breaching charge"`` (both sides, as barrier work): ``man``, ``points``, ``total``.
State (``g.charges_set``): the holders of the spent charges, in the order the charges were set
(one entry per charge: an exchange renames its holder).
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


def exchanged(g, a, b) -> None:
    """Men ``a`` and ``b`` swapped long guns: each spent charge's mark moves to its new holder
    (so one charge works once, whoever holds it)."""
    g.charges_set[:] = [b.id if x == a.id else a.id if x == b.id else x for x in g.charges_set]
