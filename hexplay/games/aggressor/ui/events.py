"""AGGRESSOR's events in words for the turn summary and the log: an attack as "east Armor
attack at @JG: hit: range (dug in)"; a move as "E04 @RF → @QF"; anything else as the shared
log words it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ....widgets.log import describe_event as shared_words


def describe_event(e: Mapping[str, Any]) -> str:
    """One line for an AGGRESSOR event as a side's view holds it."""
    kind = e.get("kind")
    if kind == "attack":
        who = " ".join(str(x) for x in (e.get("side"), e.get("attacker")) if x)
        unit = f" ({e['unit']})" if e.get("unit") else ""
        dug = " (dug in)" if e.get("dug") else ""
        rolls = e.get("rolls") or []
        die = f", d10 {'/'.join(map(str, rolls))} vs {e.get('hit_value')}" if rolls else ""
        return (
            f"{who}{unit} {e.get('form', 'attack')} at {e.get('target')}: "
            f"{e.get('result')}{dug}{die}"
        )
    if kind == "move" and "to" in e:
        return f"{e.get('unit', '?')} {e.get('from', '?')} → {e.get('to')}"
    if kind == "anti-aircraft":
        loss = f": {e['loss']}" if e.get("loss") else ": no loss"
        return f"anti-aircraft at {e.get('unit', '?')} ({e.get('chance')}%){loss}"
    if kind == "first":
        return f"{e.get('side', '?')} moves first"
    return shared_words(e)
