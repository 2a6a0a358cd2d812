"""AMBUSH's briefing (the plugin record's ``briefing`` part): SKIRMISH's sections for the
scenario, with what AMBUSH's options change (a moving transporter, cargo removal, response
forces, the roadblock), read from the scenario and AMBUSH's tables."""

from __future__ import annotations

import html
from typing import Any

from ....widgets.briefing import render_briefing
from ...skirmish.ui.briefing import sections as skirmish_sections
from ..tables import tables


def briefing(game: Any, side: str) -> str:
    """AMBUSH's briefing for ``side`` (HTML)."""
    e = html.escape
    sc = game.scenario
    s = skirmish_sections(game, side)
    view = game.view(side) if side in game.info.sides or side == "referee" else {}
    rules = view.get("ambush_rules") or {}
    if getattr(sc, "cargo_removal", False):
        load = tables().cargo_load_points
        s["objective"] += e(
            f" With cargo removal: the vault open, {load} more barrier points load the "
            "cargo, and a fit man must carry it off the map (an edge hex)."
        )
        cargo = (rules.get("cargo") or {}).get("state")
        s["victory"] = s["victory"].replace(
            "when the vault opens", "when the cargo is carried off the map"
        ) + (e(f" Cargo: {cargo}.") if cargo else "")
    if getattr(sc, "moving_transporter", False):
        s["enemy"] += e(" The transporter is moving: it must be stopped first")
        road = rules.get("roadblock")
        s["enemy"] += e(f" (a roadblock at {road}).") if road else "."
    resp = getattr(sc, "response_density", None)
    if resp:
        s["enemy"] += e(
            f" A call for help that gets through brings the defender's responders "
            f"({resp} density) from the map's edge."
        )
    extra = f"<p><i>{e(sc.description)}</i></p>" if sc.description else ""
    return render_briefing(f"AMBUSH: {sc.name}", side, s, extra)
