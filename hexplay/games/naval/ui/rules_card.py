"""The naval game's rules card (the plugin record's ``rules`` part), in the game's own words
(ships, MP, speed, gunnery, torpedoes, spotting) and read from the modules that play it:
movement (:mod:`..movement`), damage (:mod:`..damage`), the torpedo reloads (:mod:`..torpedo`),
the ship classes (:mod:`..classes`) and the scenario (spotting range, turns), so the card and
the engine cannot disagree."""

from __future__ import annotations

import html
from typing import Any

from .. import classes as C
from .. import damage, movement, torpedo


def class_table(game: Any = None) -> str:
    """The classes in play (all when no game): gunnery, torpedoes, defense, speed, ranges."""
    e = html.escape
    sc = getattr(game, "scenario", None)
    ships = getattr(sc, "ships", None) or ()
    used = {getattr(s, "cls", None) or s.get("cls") for s in ships} or set(C.CLASSES)
    rows = "".join(
        f"<tr><td><b>{e(c.name)}</b> ({e(c.side.upper())} {e(c.type)})</td><td>{c.gunnery}</td>"
        f"<td>{c.torpedo_attack}</td><td>{c.defense}</td><td>{c.top_speed}</td>"
        f"<td>{c.gun_range[0]}/{c.gun_range[1]}</td><td>{c.torpedo_range[0]}/"
        f"{c.torpedo_range[1]}</td><td>{c.turn_cost}</td></tr>"
        for c in C.CLASSES.values()
        if c.name in used
    )
    return (
        "<table class='hexplay-table'><tr><th>class</th><th>guns</th><th>torp.</th>"
        "<th>def.</th><th>speed</th><th>gun range</th><th>torp. range</th><th>turn MP</th>"
        f"</tr>{rows}</table>"
    )


def rules_card(game: Any = None) -> str:
    """The naval night action in one minute (HTML)."""
    sc = getattr(game, "scenario", None)
    spot = getattr(sc, "spotting_range", 8)
    turns = getattr(sc, "turns", None)
    length = f"{turns} turns of about six minutes" if turns else "turns of about six minutes"
    return (
        "<h4>The night action in one minute</h4>"
        f"<p>{length}; a hex is half a nautical mile; one speed point is "
        f"{C.KNOTS_PER_SPEED_POINT} knots. Both sides plot in secret, then the turn is "
        "resolved: spotting, movement, then gunnery and torpedoes at once.</p>"
        "<p><b>Movement.</b> A ship has as many MP as its speed: ahead 1 MP a hex; a turn of "
        "one hexside costs its class's turn MP (at most "
        f"{movement.MAX_TURN_PER_HEX} hexsides in one hex). MP left unplotted are spent "
        f"ahead. Speed changes by at most +{movement.ACCELERATION} / "
        f"−{movement.DECELERATION} a turn. Sailing off the map edge takes the ship out of "
        "the game.</p>"
        f"<p><b>Spotting.</b> At night a ship is spotted within {spot} hexes of an enemy "
        "ship, when it fires its guns, or (the next turn) when it was fired on. Ships fire "
        "only at spotted ships.</p>"
        "<p><b>Gunnery and torpedoes.</b> Select a ship, click a spotted enemy in range: the "
        "odds show; click again to plot the attack (it is fired when the turn is resolved). "
        "Beyond the first range, gunnery is halved. A torpedo salvo needs "
        f"{torpedo.RELOAD_TURNS} turns to reload, if the class has reloads.</p>"
        "<p><b>Damage.</b> P (power) hits cut the top speed by half; W (weapon) hits halve "
        f"the gunnery; {damage.SINKING_HITS} hits sink a ship. Victory points for enemy "
        "ships sunk, dead in the water or hit decide the level of victory.</p>" + class_table(game)
    )
