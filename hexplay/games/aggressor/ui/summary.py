"""AGGRESSOR's turn-summary terms (the plugin record's ``summary`` part): attacks (every form:
attack, assault, ambush, indirect fire, air strike, missile) counted; an attack's ``hit: ...``
or ``eliminated`` result is the hit, marked at the attacked hex; anti-aircraft losses named."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ....widgets.summary import Hit, SummaryTerms


def hits(e: Mapping[str, Any], turn: Sequence[Mapping[str, Any]]) -> list[Hit]:
    """An attack that hit (``K`` eliminated, ``W`` a step lost) at its target hex; an
    air unit's anti-aircraft loss (no hex: the base's unit is named)."""
    kind = e.get("kind")
    if kind == "attack":
        res = str(e.get("result") or "")
        who = str(e.get("defender") or e.get("target") or "?")
        if res == "eliminated":
            return [(who, "K", e.get("target"))]
        if res.startswith("hit"):
            return [(who, "W", e.get("target"))]
    if kind == "anti-aircraft" and e.get("loss"):
        return [(str(e.get("unit", "?")), "W", None)]
    return []


TERMS = SummaryTerms(
    attacks={"attack": "attack"},
    hits=hits,
    casualties=None,
    words={"K": "eliminated", "W": "hit"},
    score=lambda _events: [],
    order=("attack", "anti-aircraft", "move"),
    none="no hits",
    hide=("placed", "turn"),
)
"""How AGGRESSOR's events read in the turn summary."""
