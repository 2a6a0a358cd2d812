"""The turn summary: what the last resolution did, as the side at the screen may know it.

After each resolution the shell (:class:`~.game_app.GameApp`) shows, above the tabs, one box
with the turn's shots (firer, target, odds column, die, result), casualties, moves and the
game's other events (e.g. barrier points), built from the **viewer's own view**
(``view["events"]``: only what that side may know), and marks on the board the hexes where
units were hit (:func:`summary_markings`). Any game gets it: the events are the protocol's flat
dicts (``kind`` + fields); a game's adapter may word them itself (``GameUI.describe_event``).
What the headline counts is the game's own (:class:`SummaryTerms`, the plugin record's
``summary`` part: its attack events, its hits and their words); a game without one is read
with :data:`DEFAULT_TERMS` (``fire`` events, ``casualty`` events). At the game's end the
summary holds its last turn (the deciding events).

Stable CSS classes: ``hexplay-summary`` (the box), ``hexplay-summary-row`` (one event, with
``data-kind``), ``hexplay-summary-head`` (the headline).
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import ipywidgets as W

from .log import describe_event

#: Event kinds in the order the summary lists them (others follow in the log's order).
ORDER = ("fire", "casualty", "move", "vehicle", "exit", "barrier work", "game over")
#: Marking colours of the hexes where a man was killed / wounded last turn.
HIT_COLOURS = {"K": "#d7191c", "W": "#e08a00"}

_STYLE = (
    "<style>.hexplay-summary-box{border:2px solid #2f5fa8;border-radius:6px;padding:4px 8px;"
    "background:#f6f8fc;font-size:13px;max-height:116px;overflow:auto}"
    ".hexplay-summary-box table{border-collapse:collapse;width:100%}"
    ".hexplay-summary-box td{padding:1px 4px;border-bottom:1px solid #e2e6ee;vertical-align:top}"
    ".hexplay-summary-box .k{color:#b8322a;font-weight:700}"
    ".hexplay-summary-box .w{color:#a86b00;font-weight:700}"
    ".hexplay-summary-head{font-weight:700;font-size:14px;margin-bottom:2px}</style>"
)


Hit = tuple[str, str, "str | None"]
"""A hit an event records: (the unit hit, ``"K"`` out of the game / ``"W"`` hit, its hex)."""


def _default_hits(e: Mapping[str, Any], turn: Sequence[Mapping[str, Any]]) -> list[Hit]:
    """Hits of the default reading: a ``fire`` event's K/W result at its ``at`` hex."""
    if e.get("kind") == "fire" and str(e.get("result")) in HIT_COLOURS:
        return [(str(e.get("target", "?")), str(e["result"]), e.get("at"))]
    return []


def _default_casualties(e: Mapping[str, Any]) -> tuple[str, str] | None:
    if e.get("kind") == "casualty" and e.get("condition") in HIT_COLOURS:
        return str(e.get("man")), str(e["condition"])
    return None


def _default_score(events: Sequence[Mapping[str, Any]]) -> list[str]:
    barrier = [e for e in events if e.get("kind") == "barrier work"]
    return [f"barrier points {barrier[-1].get('total', '?')}"] if barrier else []


@dataclass(frozen=True)
class SummaryTerms:
    """How a game's events read in the turn summary (the plugin record's ``summary`` part).

    ``attacks``: event kind -> the noun counted ("shot", "attack", "gunnery attack").
    ``hits(event, turn_events)``: the hits an event makes on the board (unit, K/W, hex);
    ``casualties(event)``: (unit, K/W) of an event that states a unit's fate (the headline
    names those; a game whose hits are their own fate gives none and the hits are named).
    ``words``: K/W in the game's words. ``score(turn_events)``: extra headline bits.
    ``order``: the kinds listed first, in order. ``none``: the words for attacks that hit
    nothing."""

    attacks: Mapping[str, str] = field(default_factory=lambda: {"fire": "shot"})
    hits: Callable[[Mapping[str, Any], Sequence[Mapping[str, Any]]], list[Hit]] = _default_hits
    casualties: Callable[[Mapping[str, Any]], tuple[str, str] | None] | None = _default_casualties
    words: Mapping[str, str] = field(default_factory=lambda: {"K": "killed", "W": "wounded"})
    score: Callable[[Sequence[Mapping[str, Any]]], list[str]] = _default_score
    order: tuple[str, ...] = ()
    none: str = "no hits"
    hide: tuple[str, ...] = ()
    """Kinds never listed (e.g. a set-up's placements): a turn of only these is no turn to
    summarise."""


DEFAULT_TERMS = SummaryTerms()
"""The reading of a game that declares no terms: ``fire`` shots, ``casualty`` fates."""


def last_turn(events: Sequence[Mapping[str, Any]], current_turn: int) -> int | None:
    """The latest turn before ``current_turn`` that has events (None: none yet)."""
    turns = [int(e.get("turn", 0)) for e in events if int(e.get("turn", 0)) < current_turn]
    return max(turns) if turns else None


def turn_events(
    events: Iterable[Mapping[str, Any]], turn: int, order: Sequence[str] = ORDER
) -> list[dict[str, Any]]:
    """The events of ``turn``, shots first, then casualties, moves, the rest (stable)."""
    rank = {k: i for i, k in enumerate(order)}
    evs = [dict(e) for e in events if int(e.get("turn", 0)) == turn]
    return sorted(evs, key=lambda e: rank.get(str(e.get("kind")), len(order)))


def _plural(n: int, noun: str) -> str:
    return f"{n} {noun}{'s' if n != 1 else ''}"


def headline(
    turn: int, events: Sequence[Mapping[str, Any]], terms: SummaryTerms = DEFAULT_TERMS
) -> str:
    """ "Turn 2: 5 shots, killed A5, wounded G3 G4, barrier points 20" (plain text), counting
    the game's own attack events and hits (``terms``). Turn 0 is the set-up before the first
    turn: "Set-up: west moves first"-like, no zero attack count."""
    bits = []
    n_attacks = 0
    setup = turn < 1
    for kind, noun in terms.attacks.items():
        n = sum(1 for e in events if e.get("kind") == kind)
        n_attacks += n
        if n or (len(terms.attacks) == 1 and not setup):
            bits.append(_plural(n, noun))
    fates: dict[str, list[str]] = {"K": [], "W": []}
    if terms.casualties is not None:
        for e in events:
            c = terms.casualties(e)
            if c is not None and c[0] not in fates[c[1]]:
                fates[c[1]].append(c[0])
    else:
        for e in events:
            for unit, res, _h in terms.hits(e, events):
                if res in fates and unit not in fates[res]:
                    fates[res].append(unit)
        fates["W"] = [u for u in fates["W"] if u not in fates["K"]]
    for res in ("K", "W"):
        if fates[res]:
            bits.append(f"{terms.words.get(res, res)} " + " ".join(fates[res]))
    if n_attacks and not fates["K"] and not fates["W"]:
        bits.append(terms.none)
    bits += terms.score(events)
    if setup:
        return "Set-up" + (": " + ", ".join(bits) if bits else "")
    return f"Turn {turn}: " + (", ".join(bits) or "no attacks")


def summary_markings(
    events: Sequence[Mapping[str, Any]], terms: SummaryTerms = DEFAULT_TERMS
) -> list[dict[str, Any]]:
    """Board markings of a turn: the hexes of units hit (outline, red out of the game / amber
    hit), in the game's words (``terms``)."""
    at: dict[str, str] = {}
    for e in events:
        for _unit, res, hex_ in terms.hits(e, events):
            if hex_ and res in HIT_COLOURS and at.get(hex_) != "K":
                at[hex_] = res
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
                    "label": f"{terms.words.get(res, res)} last turn",
                }
            )
    return out


class TurnSummary(W.VBox):
    """The box with the last turn's events (see the module doc); empty until a turn resolved."""

    def __init__(
        self,
        describe: Callable[[Mapping[str, Any]], str] = describe_event,
        terms: SummaryTerms = DEFAULT_TERMS,
    ) -> None:
        self.describe = describe
        self.terms = terms
        self.turn: int | None = None
        self.events: list[dict[str, Any]] = []
        self.html = W.HTML()
        super().__init__([self.html])
        self.add_class("hexplay-summary")
        self.layout.display = "none"

    def show(
        self, events: Sequence[Mapping[str, Any]], current_turn: int, over: bool = False
    ) -> None:
        """Summarise the latest resolved turn in ``events`` (a side's view's events); ``over``:
        the game ended, its last turn (the current one) is summarised."""
        if self.terms.hide:
            events = [e for e in events if e.get("kind") not in self.terms.hide]
        t = last_turn(events, current_turn + 1 if over else current_turn)
        if t is None:
            self.clear()
            return
        self.turn = t
        self.events = turn_events(events, t, (*self.terms.order, *ORDER))
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
            "<div class='hexplay-summary-head'>"
            f"{html.escape(headline(t, self.events, self.terms))}</div>"
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
