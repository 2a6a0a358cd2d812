"""Observation and identification (digest "Observation", option ``obs``).

At the start of a side's turn (before CBR effects) every enemy within the current range of one of
its units (range 0 observes nothing) is observed. It is *identified* if some observer is not in
a CBR hex AND (the observer is emplaced, OR the target is not emplaced and in clear terrain, OR
the distance is at most ceil(range / 2)). Identified units stay identified for the side's next
turn (shown where they are then); unidentified ones must be re-acquired each phase.

During the turn a moving unit observes from each hex it enters (it is no longer emplaced), so
units found by a move join the side's knowledge; the mover may not attack a unit only it found.
Recon, prospecting fire and a move bumping into a hidden unit reveal units as unidentified.

Knowledge is kept per side as ``uid -> Sighting`` for the acting side (the engine's truth for
those units); the other side keeps the snapshot taken at the end of its own turn.
"""

from __future__ import annotations

from dataclasses import dataclass, field

PHASE = "*"
"""Finder mark of a unit known from the observation phase (or any means but a unit's move)."""


@dataclass(slots=True)
class Sighting:
    """What a side knows of one enemy unit this turn."""

    identified: bool
    finders: set[str] = field(default_factory=set)

    def found_only_by(self, uid: str) -> bool:
        """Equals ``self.finders == {uid}`` (without making a set: combat asks it per target)."""
        f = self.finders
        return len(f) == 1 and uid in f


def identifies(board, observer, target, distance: int, cbr) -> bool:
    """The digest's identification criteria for one observer (within observation range)."""
    if observer.hex in cbr:
        return False
    if observer.emplaced:
        return True
    if not target.emplaced and not board.rough[target.hex]:
        return True
    return distance <= (observer.rng + 1) // 2


def observation_phase(g, side: str) -> dict[str, Sighting]:
    """The side's knowledge at the start of its turn (also records identified/observed sets)."""
    known, newly = observe(g, side)
    g.identified_now[side] = newly
    g.observed_now[side] = set(known)
    return known


def observe(g, side: str) -> tuple[dict[str, Sighting], set[str]]:
    """(knowledge, ids identified by this phase's observation) of ``side`` now: equals
    :func:`observe_plain`, with :func:`identifies` inline (each observer's facts read once)."""
    enemies = g.alive(g.other(side))
    known: dict[str, Sighting] = {}
    newly: set[str] = set()
    if not g.scenario.obs:
        for e in enemies:
            known[e.id] = Sighting(True, {PHASE})
            newly.add(e.id)
        return known, newly
    rough, cbr, dist = g.board.rough, g.cbr, g.board.dist
    # each observer with its row of the distance table, its range and, for identifies():
    # whether it may identify at all (not in a CBR hex), whether it identifies whatever it
    # observes (emplaced), and its identification distance
    observers = [
        (dist[u.hex], u.rng, u.hex not in cbr, u.emplaced, (u.rng + 1) // 2)
        for u in g.alive(side)
        if u.rng > 0
    ]
    carried = g.carried[side]
    for e in enemies:
        seen = ident = False
        eh = e.hex
        open_ground = not e.emplaced and not rough[eh]
        for row, rng, may, emplaced, half in observers:
            d = row[eh]
            if d <= rng:
                seen = True
                if may and (emplaced or open_ground or d <= half):  # identifies(...)
                    ident = True
                    break
        if ident:
            newly.add(e.id)
        if seen or e.id in carried:
            known[e.id] = Sighting(ident or e.id in carried, {PHASE})
    return known, newly


def observe_plain(g, side: str) -> tuple[dict[str, Sighting], set[str]]:
    """:func:`observe` by the digest's criteria as written (:func:`identifies` per pair)."""
    enemies = g.alive(g.other(side))
    known: dict[str, Sighting] = {}
    newly: set[str] = set()
    if not g.scenario.obs:
        for e in enemies:
            known[e.id] = Sighting(True, {PHASE})
            newly.add(e.id)
        return known, newly
    observers = [u for u in g.alive(side) if u.rng > 0]
    carried = g.carried[side]
    for e in enemies:
        seen = ident = False
        for u in observers:
            d = g.board.dist[u.hex][e.hex]
            if d <= u.rng:
                seen = True
                if identifies(g.board, u, e, d, g.cbr):
                    ident = True
                    break
        if ident:
            newly.add(e.id)
        if seen or e.id in carried:
            known[e.id] = Sighting(ident or e.id in carried, {PHASE})
    return known, newly


def discover(g, u) -> list[str]:
    """A unit's observation from the hex it just entered; returns the ids newly known."""
    if not g.scenario.obs or u.rng <= 0 or not u.alive:
        return []
    side = u.side
    known = g.known[side]
    dist = g.board.dist[u.hex]
    out = []
    for e in g.alive(g.other(side)):
        d = dist[e.hex]
        if d > u.rng:
            continue
        ident = identifies(g.board, u, e, d, g.cbr)
        s = known.get(e.id)
        if s is None:
            known[e.id] = Sighting(ident, {u.id})
            out.append(e.id)
        else:
            s.finders.add(u.id)
            if ident and not s.identified:
                s.identified = True
        if ident:
            g.identified_now[side].add(e.id)
        g.observed_now[side].add(e.id)
    return out


def reveal(g, side: str, e, finder: str = PHASE) -> bool:
    """Reveal enemy ``e`` to ``side`` as unidentified (recon and prospecting: ``finder`` is
    PHASE; a move bumping into it: the mover's id); True if it was not known before."""
    known = g.known[side]
    s = known.get(e.id)
    g.observed_now[side].add(e.id)
    if s is None:
        known[e.id] = Sighting(False, {finder})
        return True
    s.finders.add(finder)
    return False
