"""A short rules card beside the board (the app's "Rules" tab): how a turn goes and what the
clicks do, then the game's own summary from its adapter (``GameUI.rules_card``).

SKIRMISH's card is built from the rules tables themselves (Table II activities and their AP,
the turn and AP figures of :mod:`hexplay.games.skirmish.tables`), so it cannot disagree with
the engine. CSS class ``hexplay-rules-card``.
"""

from __future__ import annotations

import html

import ipywidgets as W

#: How the app is played, for every game (the shell's own clicks).
APP_CARD = (
    "<h4>Playing with the app</h4><ul>"
    "<li>Select one of your units on the board or in the roster above the tabs.</li>"
    "<li>Click an enemy in sight: your unit fires at him (the odds appear in the Odds tab).</li>"
    "<li>Click a hex: your man walks there by the cheapest route (its AP cost is shown).</li>"
    "<li>Shift-click: only look (line of sight, odds), no order.</li>"
    "<li>Undo last takes back the unit's last order; Same as last turn repeats last turn's "
    "orders.</li>"
    "<li>End plot when done; in hot seat pass the screen and the other player presses the "
    "big button.</li>"
    "<li>Ctrl + wheel zooms the board (or + / −); drag to pan; ◎ back to the units.</li></ul>"
)


def skirmish_card() -> str:
    """SKIRMISH's sequence of play and Table II, from the rules tables."""
    from ..games.skirmish import tables as T

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
        "<h4>SKIRMISH in one minute</h4>"
        f"<p>{T.GAME_TURNS} turns of {T.TURN_MINUTES} minute; hexes of {T.HEX_METRES} m. "
        f"Each man has {T.AP_PER_TURN} AP a turn (wounded men pay double). Both sides plot "
        "secretly, then the turn is resolved: fire first (all shots at once), then movement, "
        f"then barrier work. The adversary wins by opening the vault ({T.VAULT_BARRIER_POINTS} "
        f"barrier points, work from turn {T.FIRST_BARRIER_WORK_TURN}); the defenders win by "
        "stopping him. Defenders may fire from turn "
        f"{T.FIRST_DEFENDER_FIRE_TURN}. A moving vehicle must be stopped (SV) or moved (MV) "
        f"every turn. {T.WOUNDS_TO_KILL} wounds kill.</p>"
        "<p>A man on foot who walked last turn has a <b>Keep going</b> button (and Same as "
        "last turn does it for him): the same steps again, as far as his AP and the terrain "
        "allow, by the cheapest path.</p>"
        "<table class='hexplay-table'><tr><th>task</th><th>what</th><th>AP</th></tr>"
        + "".join(rows)
        + "</table>"
    )


class RulesCard(W.HTML):
    """The card: the app's clicks, then the game's own summary (HTML)."""

    def __init__(self, game_card: str = "") -> None:
        super().__init__(
            value=f"<div style='font-size:13px;max-height:520px;overflow:auto'>{game_card}"
            f"{APP_CARD}</div>"
        )
        self.add_class("hexplay-rules-card")
