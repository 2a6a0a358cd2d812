"""The briefing: what a student must know before the first order, shown when the app opens.

A game declares its briefing in its plugin record (``briefing="module:attr"``, a function
``f(game, side) -> str`` of HTML; :class:`~hexplay.engine.plugin.GameEntry`), written from its
scenario's data: the sides, the side's objective, the victory levels and how they are scored
now, where the enemy may appear, the turn limit. A game without one gets
:func:`generic_briefing`, from its :class:`~hexplay.engine.protocol.GameInfo`. A briefing holds
only what ``side`` may know (the scenario card both players read, the score its view shows).

:func:`render_briefing` lays out a game's sections the same way for every game. The shell's
"Briefing" tab (:class:`BriefingPanel`) is on screen when a game starts (and after New game);
its score follows each turn. CSS class ``hexplay-briefing``; each section's heading has
``data-section`` (``sides``, ``objective``, ``victory``, ``enemy``, ``turns``).
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from typing import Any

from .tab_panel import TabHTML

#: The sections every briefing has, in order: (key, heading).
SECTIONS = (
    ("sides", "Sides"),
    ("objective", "Your objective"),
    ("victory", "Victory, and the score now"),
    ("enemy", "Where the enemy may appear"),
    ("turns", "Turns"),
)


def render_briefing(title: str, side: str, sections: dict[str, str], extra: str = "") -> str:
    """A briefing's HTML: ``title``, then each of :data:`SECTIONS` ``sections`` gives (HTML
    the game wrote, escaped by it), then ``extra`` (e.g. the scenario's notes)."""
    who = "" if side == "referee" else f" — you are the <b>{html.escape(side)}</b>"
    rows = [f"<h3 style='margin:4px 0'>{html.escape(title)}{who}</h3>"]
    for key, head in SECTIONS:
        body = sections.get(key)
        if body:
            rows.append(
                f"<h4 data-section='{key}' style='margin:8px 0 2px 0'>{head}</h4>"
                f"<div class='hexplay-briefing-{key}'>{body}</div>"
            )
    return (
        "<div class='hexplay-briefing' style='font-size:13px;max-height:520px;overflow:auto'>"
        + "".join(rows)
        + extra
        + "</div>"
    )


def generic_briefing(game: Any, side: str, turn_limit: int | None = None) -> str:
    """A briefing from the game's declared :class:`~hexplay.engine.protocol.GameInfo` alone
    (a game whose plugin record names none)."""
    e = html.escape
    info = game.info
    sides = ", ".join(e(s) for s in info.sides)
    turns = (
        "Both sides give their orders in secret, then the turn is resolved at once."
        if info.turns == "simultaneous"
        else "The sides take turns: your orders act at once, then End turn."
    )
    limit = f" The game lasts {turn_limit} turns." if turn_limit else ""
    return render_briefing(
        info.title,
        side,
        {
            "sides": f"{sides}.",
            "objective": e(info.description) or "See the Rules tab.",
            "victory": "The game says who wins when it is over (see the Rules tab).",
            "enemy": "The board shows the enemy units your side can see.",
            "turns": turns + limit,
        },
    )


class BriefingPanel(TabHTML):
    """The "Briefing" tab: made by ``make()`` when on screen (the score follows the turns)."""

    def __init__(self) -> None:
        super().__init__()
        self.add_class("hexplay-briefing-panel")

    def update(self, make: Callable[[], str]) -> None:
        """Show the briefing ``make`` writes (now if on screen, else when the tab is shown)."""
        self.show(make)


def list_html(items: Sequence[str]) -> str:
    """An HTML list of items (already escaped)."""
    return (
        "<ul style='margin:2px 0 2px 18px;padding:0'>"
        + "".join(f"<li>{i}</li>" for i in items)
        + "</ul>"
    )
