"""The naval game's turn-summary terms (the plugin record's ``summary`` part): gunnery and
torpedo attacks counted, ``damage`` events as the hits (sunk / hit), marked on the board at the
hex the ship ended its move in that turn (its ``move`` event, when the side saw it)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ....widgets.summary import Hit, SummaryTerms


def hits(e: Mapping[str, Any], turn: Sequence[Mapping[str, Any]]) -> list[Hit]:
    """A ``damage`` event's ship: ``K`` sunk, ``W`` hit; its hex from its move that turn."""
    if e.get("kind") != "damage" or not e.get("ship"):
        return []
    ship = str(e["ship"])
    at = next(
        (m.get("to") for m in reversed(turn) if m.get("kind") == "move" and m.get("ship") == ship),
        None,
    )
    return [(ship, "K" if e.get("sunk") else "W", at)]


TERMS = SummaryTerms(
    attacks={"gunnery": "gunnery attack", "torpedo": "torpedo attack"},
    hits=hits,
    casualties=None,
    words={"K": "sunk", "W": "hit"},
    score=lambda _events: [],
    order=("gunnery", "torpedo", "damage", "radar", "move"),
    none="no damage",
)
"""How the naval game's events read in the turn summary."""
