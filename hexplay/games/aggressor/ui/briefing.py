"""AGGRESSOR's briefing (the plugin record's ``briefing`` part): sides, objective, victory and
the sectors held now, where the enemy may appear and the round limit, from the scenario's
options (:class:`~hexplay.games.aggressor.scenario.Scenario`), the victory rules
(:mod:`..victory`) and the side's own view (sector control is public)."""

from __future__ import annotations

import html
from typing import Any

from ....widgets.briefing import list_html, render_briefing
from .. import victory
from ..board import EAST, WEST

#: The border between the two territories and each side's columns (the package's doc).
TERRITORY = {WEST: "columns A-J", EAST: "columns L-U"}
BORDER = "column K"


def _home_sectors(side: str) -> str:
    return ", ".join(str(k + 1) for k, s in enumerate(victory.INITIAL_CONTROL) if s == side)


def briefing(game: Any, side: str) -> str:
    """AGGRESSOR's briefing for ``side`` (HTML)."""
    e = html.escape
    sc = game.scenario
    view = game.view(side) if side in game.info.sides or side == "referee" else {}
    sectors = view.get("sectors") or {}
    aggressor = view.get("aggressor")
    n = len(victory.INITIAL_CONTROL)
    win = victory.SECTORS_TO_WIN
    held = "; ".join(f"{s} {len(sectors.get(s, []))} of {n}" for s in game.info.sides)
    other = [s for s in game.info.sides if s != side]
    enemy_side = other[0] if len(other) == 1 else None
    if enemy_side is not None:
        enemy = (
            f"The {e(enemy_side)} army ({sc.army_size} units) sets up unseen in its own "
            f"territory ({TERRITORY.get(enemy_side, '')}; at the start it holds sectors "
            f"{_home_sectors(enemy_side)}), across the border ({BORDER}). "
        )
        if sc.obs:
            enemy += (
                "You see only the enemy units your units observe: first unidentified (?), "
                "then by type."
            )
        if sc.partisans:
            enemy += " Partisans may act behind your lines once contacted."
    else:
        enemy = f"West: {TERRITORY[WEST]}; east: {TERRITORY[EAST]}; border {BORDER}."
    limit = sc.turn_limit
    rounds = f"At most {limit} rounds: then the game is a draw." if limit else "No round limit."
    return render_briefing(
        f"AGGRESSOR: {sc.name}",
        side,
        {
            "sides": list_html(
                [
                    f"<b>{e(s)}</b>: {sc.army_size} units, territory {TERRITORY.get(s, '')}, "
                    f"sectors {_home_sectors(s)} held at the start"
                    for s in game.info.sides
                ]
            ),
            "objective": (
                f"Hold {win} of the {n} sectors at the start of your turn (a sector is held by "
                "the last side to occupy it alone). The first side to attack into the enemy's "
                "territory becomes the aggressor: it also needs a sector in each of the "
                f"{victory.SECTOR_COLUMNS} sector columns. Destroying every enemy unit wins too."
            ),
            "victory": f"Sectors held now: {e(held)}. Aggressor: "
            f"{e(str(aggressor)) if aggressor else 'none yet'}.",
            "enemy": enemy,
            "turns": "The sides take turns; each unit may move, then attack or use its "
            f"feature. Round {view.get('round', 1)}. {rounds}",
        },
    )
