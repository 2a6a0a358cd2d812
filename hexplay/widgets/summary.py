"""The turn summary: what the last resolution did, as the side at the screen may know it.

After each resolution the shell (:class:`~.game_app.GameApp`) shows, above the tabs, one box
with the turn's shots (firer, target, odds column, die, result), casualties, moves and the
game's other events (e.g. barrier points), built from the **viewer's own view**
(``view["events"]``: only what that side may know), and marks on the board the hexes where men
were hit (:func:`summary_markings`). Any game gets it: the events are the protocol's flat dicts
(``kind`` + fields); a game's adapter may word them itself (``GameUI.describe_event``).

Stable CSS classes: ``hexplay-summary`` (the box), ``hexplay-summary-row`` (one event, with
``data-kind``), ``hexplay-summary-head`` (the headline).
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import ipywidgets as W

from .log import describe_event

#: Event kinds in the order the summary lists them (others follow in the log's order).
ORDER = ("fire", "casualty", "move", "vehicle", "exit", "barrier work", "game over")
#: Marking colours of the hexes where a man was killed / wounded last turn.
HIT_COLOURS = {"K": "#d7191c", "W": "#e08a00"}

_STYLE = (
    "<style>.hexplay-summary-box{border:2px solid #2f5fa8;border-radius:6px;padding:4px 8px;"
    "background:#f6f8fc;font-size:13px;max-height:240px;overflow:auto}"
    ".hexplay-summary-box table{border-collapse:collapse;width:100%}"
    ".hexplay-summary-box td{padding:1px 4px;border-bottom:1px solid #e2e6ee;vertical-align:top}"
    ".hexplay-summary-box .k{color:#b8322a;font-weight:700}"
    ".hexplay-summary-box .w{color:#a86b00;font-weight:700}"
    ".hexplay-summary-head{font-weight:700;font-size:14px;margin-bottom:2px}</style>"
)


def last_turn(events: Sequence[Mapping[str, Any]], current_turn: int) -> int | None:
    """The latest turn before ``current_turn`` that has events (None: none yet)."""
    turns = [int(e.get("turn", 0)) for e in events if int(e.get("turn", 0)) < current_turn]
    return max(turns) if turns else None


def turn_events(events: Iterable[Mapping[str, Any]], turn: int) -> list[dict[str, Any]]:
    """The events of ``turn``, shots first, then casualties, moves, the rest (stable)."""
    rank = {k: i for i, k in enumerate(ORDER)}
    evs = [dict(e) for e in events if int(e.get("turn", 0)) == turn]
    return sorted(evs, key=lambda e: rank.get(str(e.get("kind")), len(ORDER)))


def headline(turn: int, events: Sequence[Mapping[str, Any]]) -> str:
    """ "Turn 2: 5 shots, killed A5, wounded G3 G4; barrier points 20 of 200" (plain text)."""
    shots = [e for e in events if e.get("kind") == "fire"]
    hits = [e for e in events if e.get("kind") == "casualty"]
    dead = [str(e.get("man")) for e in hits if e.get("condition") == "K"]
    hurt = [str(e.get("man")) for e in hits if e.get("condition") == "W"]
    bits = [f"{len(shots)} shot{'s' if len(shots) != 1 else ''}"]
    if dead:
        bits.append("killed " + " ".join(dead))
    if hurt:
        bits.append("wounded " + " ".join(hurt))
    if not dead and not hurt and shots:
        bits.append("no hits")
    barrier = [e for e in events if e.get("kind") == "barrier work"]
    if barrier:
        bits.append(f"barrier points {barrier[-1].get('total', '?')}")
    return f"Turn {turn}: " + ", ".join(bits)


def summary_markings(events: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Board markings of a turn: the hexes of men hit (outline, red killed / amber wounded)."""
    at: dict[str, str] = {}
    for e in events:
        if e.get("kind") == "fire" and str(e.get("result")) in HIT_COLOURS and e.get("at"):
            res = str(e["result"])
            if at.get(e["at"]) != "K":
                at[e["at"]] = res
    out = []
    for res, colour in HIT_COLOURS.items():
        hexes = sorted(h for h, r in at.items() if r == res)
        if hexes:
            out.append(
                {
                    "name": f"last-turn-{res}",
                    "hexes": hexes,
                    "colour": colour,
                    "style": "outline",
                    "label": "killed last turn" if res == "K" else "wounded last turn",
                }
            )
    return out


class TurnSummary(W.VBox):
    """The box with the last turn's events (see the module doc); empty until a turn resolved."""

    def __init__(self, describe: Callable[[Mapping[str, Any]], str] = describe_event) -> None:
        self.describe = describe
        self.turn: int | None = None
        self.events: list[dict[str, Any]] = []
        self.html = W.HTML()
        super().__init__([self.html])
        self.add_class("hexplay-summary")
        self.layout.display = "none"

    def show(self, events: Sequence[Mapping[str, Any]], current_turn: int) -> None:
        """Summarise the latest resolved turn in ``events`` (a side's view's events)."""
        t = last_turn(events, current_turn)
        if t is None:
            self.clear()
            return
        self.turn = t
        self.events = turn_events(events, t)
        rows = []
        for e in self.events:
            kind = str(e.get("kind", ""))
            res = str(e.get("result", e.get("condition", "")))
            cls = "k" if res == "K" else ("w" if res == "W" else "")
            rows.append(
                f"<tr class='hexplay-summary-row' data-kind='{html.escape(kind)}'>"
                f"<td>{html.escape(kind)}</td><td class='{cls}'>"
                f"{html.escape(self.describe(e))}</td></tr>"
            )
        body = "".join(rows) or "<tr><td><i>nothing you could see happened</i></td></tr>"
        self.html.value = (
            _STYLE + "<div class='hexplay-summary-box'>"
            f"<div class='hexplay-summary-head'>{html.escape(headline(t, self.events))}</div>"
            f"<table>{body}</table></div>"
        )
        self.layout.display = ""

    def clear(self) -> None:
        self.turn = None
        self.events = []
        self.html.value = ""
        self.layout.display = "none"

    def lines(self) -> list[str]:
        return [self.describe(e) for e in self.events]
