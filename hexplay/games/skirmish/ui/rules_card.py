"""SKIRMISH's rules card (the app's "Rules" tab; the plugin record's ``rules`` part): the
sequence of play and Table II, built from the rules tables themselves
(:mod:`hexplay.games.skirmish.tables`) and the game's scenario, so it cannot disagree with the
engine."""

from __future__ import annotations

import html
from typing import Any


def activities_table() -> str:
    """Table II (the tasks a man may plot and their AP), from the rules tables."""
    from .. import tables as T

    rows = []
    for a in T.ACTIVITIES.values():
        if a.ap is None:
            ap = "1-3 per hex (terrain)"
        elif a.per_hex:
            ap = f"{a.ap} per hex"
        else:
            ap = str(a.ap)
        rows.append(
            f"<tr><td><b>{html.escape(a.code)}</b></td><td>{html.escape(a.name)}</td>"
            f"<td>{html.escape(ap)}</td></tr>"
        )
    return (
        "<table class='hexplay-table'><tr><th>task</th><th>what</th><th>AP</th></tr>"
        + "".join(rows)
        + "</table>"
    )


def skirmish_card(game: Any = None, title: str = "SKIRMISH") -> str:
    """SKIRMISH's sequence of play and Table II, from the rules tables (the turn limit and
    the vault's barrier points of ``game``'s scenario when given)."""
    from .. import tables as T

    sc = getattr(game, "scenario", None)
    turns = getattr(sc, "turn_limit", None) or T.GAME_TURNS
    points = getattr(sc, "barrier_points_required", None) or T.VAULT_BARRIER_POINTS
    return (
        f"<h4>{html.escape(title)} in one minute</h4>"
        f"<p>{turns} turns of {T.TURN_MINUTES} minute; hexes of {T.HEX_METRES} m. "
        f"Each man has {T.AP_PER_TURN} AP a turn (wounded men pay double). Both sides plot "
        "secretly, then the turn is resolved: fire first (all shots at once), then movement, "
        f"then barrier work. The adversary wins by opening the vault ({points} "
        f"barrier points, work from turn {T.FIRST_BARRIER_WORK_TURN}); the defenders win by "
        "stopping him. Defenders may fire from turn "
        f"{T.FIRST_DEFENDER_FIRE_TURN}. A moving vehicle must be stopped (SV) or moved (MV) "
        f"every turn. {T.WOUNDS_TO_KILL} wounds kill.</p>"
        "<p>A man on foot who walked last turn has a <b>Keep going</b> button (and Same as "
        "last turn does it for him): the same steps again, as far as his AP and the terrain "
        "allow, by the cheapest path.</p>" + activities_table()
    )


def rules_card(game: Any = None) -> str:
    """The plugin record's ``rules`` part: :func:`skirmish_card`."""
    return skirmish_card(game)
