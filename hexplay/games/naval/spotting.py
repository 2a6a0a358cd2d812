"""SMS night spotting (the article's 7.6), determined in the Sight Determination Phase.

A ship is *spotted* for the turn if

(a) it makes a gunnery attack this turn (torpedo attacks do not spot);
(b) in the sight phase it is within the spotting range (8 hexes; per scenario, e.g. Horaniu 16)
    of an enemy ship;
(c) it was the target of a gunnery attack last turn while spotted under (a) or (b), and is
    again under gunnery attack this turn: it stays spotted for that following turn only.

Ships may fire only at spotted ships (7.61), so at the plot a side may aim gunnery at ships
spotted under (b) and at its (c) *follow-on* candidates (the gunnery itself keeps them
spotted), and torpedoes at ships spotted under (b). Spotted markers come off at the end of
each turn (7.64). The USN fire-control radar (after 8/1/43) fires at unspotted ships: see
:mod:`hexplay.games.naval.resolve`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from .ships import Ship

READINGS: tuple[tuple[str, str, str], ...] = (
    (
        "Firing ranges",
        'A: "Sight Determination Phase - ... firing ranges are determined for gunnery and '
        'torpedo combat"; B: "Spotting and firing range is established for any previously '
        'unspotted ship that elects to use its Gunnery Attack Strength"',
        "Every gunnery, radar and torpedo range is measured between the ships' hexes before "
        "movement (Phases A and B), in the engine, the attack odds and the computer players; "
        "who may still fire and be hit is read after movement (a ship that left the map does "
        "neither).",
    ),
    (
        "A torpedo at a ship spotted only under (c)",
        '(c): "it remains spotted for the following Game-Turn only, if it is again under '
        'gunnery attack"; 7.61: "Ships may only fire guns or torpedos at target ships that are '
        '\'spotted.\'"; (a): "Torpedo attacks do not cause spotting."',
        "Refused at the plot: torpedoes are plotted at ships spotted under (b) only. A (c) "
        "follow-on ship is spotted only by this turn's gunnery, which is resolved together "
        "with the torpedoes, so at the plot it is not yet spotted for them, even when gunnery "
        "at it is plotted too.",
    ),
    (
        "Unspotted ships",
        '"Units not visible to the enemy are maneuvered with both the ship counter and the '
        'speed/facing marker inverted; the opposing player may not examine these counters."',
        "Shown face down: the enemy sees each unspotted ship's hex, not which ship it is, its "
        "class, course or speed (views, the board, the players' and the environment's "
        "inputs). A face-down counter is named by its hex (?4010; ?4010-2 for a second in the "
        "hex) and listed in hex order, so its id does not follow a ship from turn to turn: a "
        "player may follow the counters by their positions, as one watches inverted counters "
        "move on the table. Nothing can be plotted at a face-down counter.",
    ),
    (
        "Ships sharing a hex",
        "The article is silent.",
        "Allowed: simultaneous movement has no collision rule, so ships may end movement in "
        "one hex; each is spotted, ranged and attacked on its own. Scenarios start one ship a "
        "hex (Horaniu's listing puts two Kagero in 4612: the second starts in 4611).",
    ),
)
"""hexplay's readings where the article is unclear or silent: (question, the article's words,
the decision). The docs' naval rules page lists them."""

WHY_RANGE = "b"
WHY_GUNNERY = "a"
WHY_FOLLOW_ON = "c"
REASONS = {
    WHY_GUNNERY: "(a) made a gunnery attack this turn",
    WHY_RANGE: "(b) within spotting range of an enemy ship at the sight phase",
    WHY_FOLLOW_ON: "(c) gunnery target last turn while spotted: spotted again if under gunnery",
}


def spotted_in_range(ships: Iterable[Ship], spotting_range: int) -> dict[str, str]:
    """Rule (b): ship id -> the nearest enemy ship within range (ships on the map only; ties
    to the first in the ships' order, ids in the order the pairs first found them)."""
    on = [(s.id, s.side, s.hex[0], s.hex[1]) for s in ships if s.afloat and s.hex is not None]
    out: dict[str, tuple[int, str]] = {}
    for i, (ia, sa, qa, ra) in enumerate(on):
        for ib, sb, qb, rb in on[i + 1 :]:
            if sa == sb:
                continue
            dq, dr = qa - qb, ra - rb
            d = (abs(dq) + abs(dr) + abs(dq + dr)) // 2  # hexgrid.distance, inline
            if d <= spotting_range:
                if ia not in out or d < out[ia][0]:
                    out[ia] = (d, ib)
                if ib not in out or d < out[ib][0]:
                    out[ib] = (d, ia)
    return {k: v[1] for k, v in out.items()}


def follow_on(last_targets: Iterable[str], spotted_b: Mapping[str, str]) -> set[str]:
    """Rule (c) candidates: last turn's spotted gunnery targets not spotted under (b) now."""
    return {t for t in last_targets if t not in spotted_b}


def spotted_for_turn(
    spotted_b: Mapping[str, str],
    candidates: Iterable[str],
    gunners: Iterable[str],
    gunnery_targets: Iterable[str],
) -> dict[str, str]:
    """Every ship spotted this turn, with the reason: (b), then (a) the ships firing guns, then
    (c) the candidates again under gunnery attack."""
    out = dict.fromkeys(spotted_b, WHY_RANGE)
    for g in gunners:
        out.setdefault(g, WHY_GUNNERY)
    targets = set(gunnery_targets)
    for c in candidates:
        if c in targets:
            out.setdefault(c, WHY_FOLLOW_ON)
    return out
