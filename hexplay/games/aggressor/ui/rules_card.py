"""AGGRESSOR's rules card (the plugin record's ``rules`` part), in AGGRESSOR's words and read
from the modules that play it: the unit table (:mod:`..units`), movement (:mod:`..movement`),
the combat numbers (:mod:`..combat`), the special features' reach (:mod:`..features`) and
victory (:mod:`..victory`), so the card and the engine cannot disagree."""

from __future__ import annotations

import html
from typing import Any

from ....engine.tabledocs import one_line
from .. import combat, features, movement, units, victory


def unit_table() -> str:
    """The six unit types: range, strength, special features (from :data:`..units.UNIT_TYPES`)."""
    e = html.escape
    rows = "".join(
        f"<tr><td><b>{e(t.name)}</b></td><td>{t.range}</td><td>{t.strength}</td>"
        f"<td>{e(', '.join(t.features) or '–')}</td></tr>"
        for t in units.UNIT_TYPES.values()
    )
    return (
        "<table class='hexplay-table'><tr><th>unit</th><th>range</th><th>strength</th>"
        f"<th>special feature</th></tr>{rows}</table>"
    )


def rules_card(game: Any = None) -> str:
    """AGGRESSOR in one minute: turns, movement, combat, features, victory (HTML)."""
    e = html.escape
    reach = ", ".join(
        f"{e(k)} " + ("within its range" if r is None else "anywhere" if r >= 99 else f"{r} hexes")
        for k, r in features.RANGED_REACH.items()
    )
    sc = getattr(game, "scenario", None)
    limit = getattr(sc, "turn_limit", None)
    length = f"at most {limit} rounds" if limit else "no round limit"
    return (
        "<h4>AGGRESSOR in one minute</h4>"
        "<p>The sides take turns (alternating): in your turn each unit may move, then attack "
        "an adjacent enemy or use its special feature; your orders act at once; then End "
        f"turn. The scenario has {length}.</p>"
        f"<p><b>Movement.</b> {e(one_line((movement.__doc__ or '').split(chr(10) * 2)[1]))}</p>"
        f"<p><b>Combat.</b> Hit value = {combat.BASE_HIT_VALUE} + (attacker strength − "
        "defender strength), −1 if the defender is in rough or a CBR hex, −1 if emplaced, −1 "
        f"if it was unobserved; roll a d{combat.DIE}: a roll ≤ the hit value hits, a "
        f"{combat.ALWAYS_HITS} always hits. A hit is one step loss (range first, then "
        f"strength); strength 0 eliminates. An ambush (emplaced, unobserved, not moving) "
        f"rolls {combat.AMBUSH_ROLLS} times.</p>"
        f"<p><b>Special features</b> reach: {reach}. Observation: enemy units are shown only "
        "where your units observe them, first unidentified.</p>"
        f"<p><b>Victory.</b> At the start of your turn you win with "
        f"{victory.SECTORS_TO_WIN} of the 9 sectors (the aggressor also needs one in each of "
        f"the {victory.SECTOR_COLUMNS} sector columns); a side that loses every unit loses.</p>"
        + unit_table()
    )
