"""A short rules card beside the board (the app's "Rules" tab): the game's own card from its
plugin record (``rules="module:attr"``, ``f(game) -> str`` of HTML written from the game's own
tables, in its own words: :class:`~hexplay.engine.plugin.GameEntry`), then how the app is
played, built from what the game declares (its move and attack order kinds, the unit its reach
counts in). CSS class ``hexplay-rules-card``.
"""

from __future__ import annotations

import html
from collections.abc import Sequence

import ipywidgets as W


def app_card(
    move_kinds: Sequence[str] = (), attack_kinds: Sequence[str] = (), cost_unit: str = ""
) -> str:
    """How the app is played, for any game (the shell's own gestures), in the game's terms."""
    e = html.escape
    moves = " / ".join(move_kinds)
    attacks = " / ".join(attack_kinds)
    cost = f" (its {e(cost_unit)} cost is shown)" if cost_unit else ""
    rows = [
        "<li>Select one of your units on the board or in the roster above the tabs: "
        "the hexes it can reach and what it can attack are marked.</li>"
    ]
    if moves:
        rows.append(
            f"<li>Click a marked hex: your unit moves there ({e(moves)}) by the path "
            f"the rules give{cost}.</li>"
        )
    if attacks:
        rows.append(
            f"<li>Click an enemy it can attack: the odds show; click it again (or "
            f"Attack) to order it ({e(attacks)}). Once it may not attack so again, the "
            f"next unit that may attack is selected (untick Next after attack to stay).</li>"
        )
    rows += [
        "<li>A click that cannot be an order says why, by the board, naming the rule.</li>",
        "<li>Shift-click: only look, no order. The order buttons above the board give every "
        "other order.</li>",
        "<li>Undo last takes back the unit's last order; Same as last turn repeats last turn's "
        "orders.</li>",
        "<li>End plot (or End turn) when done; in hot seat pass the screen and the other "
        "player presses the big button.</li>",
        "<li>Ctrl + wheel zooms the board (or + / −); drag to pan; ◎ back to the units.</li>",
    ]
    return "<h4>Playing with the app</h4><ul>" + "".join(rows) + "</ul>"


#: The card of a game that declares no gesture kinds.
APP_CARD = app_card()


class RulesCard(W.HTML):
    """The card: the game's own summary, then how the app is played (HTML)."""

    def __init__(self, game_card: str = "", app_text: str = APP_CARD) -> None:
        super().__init__()
        self.show(game_card, app_text)
        self.add_class("hexplay-rules-card")

    def show(self, game_card: str = "", app_text: str = APP_CARD) -> None:
        self.value = (
            f"<div style='font-size:13px;max-height:520px;overflow:auto'>{game_card}"
            f"{app_text}</div>"
        )
