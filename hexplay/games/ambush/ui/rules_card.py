"""AMBUSH's rules card (the plugin record's ``rules`` part): SKIRMISH's card for the game's
scenario, then what AMBUSH adds, each line read from AMBUSH's tables (:mod:`..tables`) and the
scenario's options, so the card and the engine cannot disagree."""

from __future__ import annotations

import html
from typing import Any

from ...skirmish.ui.rules_card import skirmish_card
from ..tables import tables


def ambush_additions(game: Any = None) -> str:
    """The rules AMBUSH adds to SKIRMISH, from its tables (cargo, radios, response, weapons)."""
    e = html.escape
    t = tables()
    r = t.raw
    sc = getattr(game, "scenario", None)
    items = []
    if getattr(sc, "moving_transporter", True):
        items.append(
            "The transporter is moving: the adversary must stop it (a roadblock, shots at the "
            "driver, anti-tank fire) before the vault can be worked."
        )
    if getattr(sc, "cargo_removal", True):
        c = r["cargo"]
        items.append(
            f"Cargo removal: after the vault opens, {c['load_points']} more barrier points load "
            "the cargo; the adversary wins when its carrier (fit, on foot) ends a movement "
            "phase on a map-edge hex. A fit guard alone in the hex of a dropped cargo "
            "recovers it."
        )
    calls = ", ".join(f"{e(x['link'])} {x['ap']} AP" for x in r["radio"]["call"])
    items.append(
        f"Radios (task RC, a man in a convoy vehicle): {calls}; a long range call that gets "
        "through sends the responders."
    )
    dens = "; ".join(
        f"{e(x['name'])}: {x['men']} men with {e(x['weapon'])}s, arriving on turn "
        + "/".join(sorted(x["arrival"], key=int))
        for x in r["response"]["density"]
    )
    items.append(f"Responders by population density: {dens}.")
    weapons = ", ".join(
        f"{e(w.name)} ({e(w.cls)}{', hurts vehicles' if w.harms_vehicles else ''})"
        for w in t.weapons.values()
    )
    items.append(f"Weapons: {weapons}.")
    return "<h4>What AMBUSH adds</h4><ul>" + "".join(f"<li>{i}</li>" for i in items) + "</ul>"


def rules_card(game: Any = None) -> str:
    """SKIRMISH's card for this scenario (its turns and barrier points), then AMBUSH's rules."""
    return skirmish_card(game, title="AMBUSH") + ambush_additions(game)
