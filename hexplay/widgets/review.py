"""After-action review: every turn of a finished game, and a self-contained HTML export.

:func:`review_turns` rebuilds, for each turn, what a class wants to go through afterwards:
each side's plot, every shot with its odds and its die, who saw whom at the end of the turn,
and the referee's view (the counters) — from the game's record only (the turn's end state by
rewinding a copy: :mod:`hexplay.engine.record`). The game must be over (or the caller the
referee): it shows everything.

:class:`ReviewPanel` (the app's "Review" tab) steps through those turns on the board;
:func:`export_html` writes them as one HTML page with an SVG board per turn (no script, no
external file: a teacher can mail it or put it on the class page).

Stable CSS classes: ``hexplay-review`` (the panel), ``hexplay-review-export`` (its button),
``hexplay-review-link`` (the download link), ``hexplay-review-turn`` (a turn's section in the
export, ``data-turn``).
"""

from __future__ import annotations

import base64
import html
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import ipywidgets as W

from ..maps.svg import TERRAIN_PALETTE, board_svg, board_svg_defs
from . import guard as G
from .log import describe_event

REFEREE = "referee"


def _e(x: Any) -> str:
    return html.escape("" if x is None else str(x))


def review_turns(
    game: Any,
    sides: Sequence[str],
    shot_odds: Callable[[Mapping[str, Any]], Mapping[str, float] | None] | None = None,
) -> list[dict[str, Any]]:
    """One dict per turn played: ``turn``, ``plots`` ({side: {unit: [task...]}}), ``shots``
    (fire events with ``odds``), ``events`` (all the turn's events), ``seen`` ({side: enemy
    ids that side saw at the turn's end}) and ``view`` (the referee view at the turn's end)."""
    history = {int(h["turn"]): h.get("plots", {}) for h in getattr(game, "plot_history", [])}
    final = game.view(REFEREE)
    events = list(final.get("events") or [])
    last = int(getattr(game, "turn", 0))
    out = []
    for t in range(1, last + 1):
        evs = [dict(e) for e in events if int(e.get("turn", 0)) == t]
        if t not in history and not evs:
            continue  # the turn in progress (nothing resolved yet)
        if t >= last or getattr(game, "over", False) and t == max(history, default=t):
            at_end = game
        else:
            at_end = game.copy().rewind(t + 1)
        view = at_end.view(REFEREE) if at_end is not game else final
        seen = {}
        for s in sides:
            sv = at_end.view(s)
            mine = {u for u, d in (sv.get("units") or {}).items() if d.get("side") == s}
            seen[s] = sorted(u for u in (sv.get("seen") or []) if u not in mine)
        shots = [
            {**e, "odds": shot_odds(e) if shot_odds is not None else None}
            for e in evs
            if e.get("kind") == "fire"
        ]
        out.append(
            {
                "turn": t,
                "plots": history.get(t, {}),
                "shots": shots,
                "events": evs,
                "seen": seen,
                "view": view,
            }
        )
    return out


def _task_text(t: Mapping[str, Any]) -> str:
    bits = [str(t.get("code", "?"))]
    if t.get("path"):
        bits.append("-".join(map(str, t["path"])))
    if t.get("target"):
        bits.append(str(t["target"]))
    if t.get("hexes"):
        bits.append(f"{t['hexes']} hexes")
    return " ".join(bits)


def turn_html(turn: Mapping[str, Any], describe: Callable[[Mapping[str, Any]], str]) -> str:
    """A turn's tables: plots, shots (odds and die), who saw whom, the other events."""
    parts = [f"<h3>Turn {turn['turn']}</h3>"]
    for side, plot in sorted((turn.get("plots") or {}).items()):
        rows = "".join(
            f"<tr><td>{_e(u)}</td><td>{_e(' → '.join(_task_text(t) for t in ts))}</td></tr>"
            for u, ts in plot.items()
        )
        parts.append(
            f"<h4>{_e(side)}'s plot</h4><table class='hx'><tr><th>unit</th><th>tasks</th></tr>"
            f"{rows or '<tr><td colspan=2><i>nothing plotted</i></td></tr>'}</table>"
        )
    if turn.get("shots"):
        shot_rows = []
        for s in turn["shots"]:
            o = s.get("odds") or {}
            odds = f"K {o['K']:.0%} · W {o['W']:.0%} · miss {o['miss']:.0%}" if o else "—"
            res = str(s.get("result", ""))
            cls = " class='k'" if res == "K" else (" class='w'" if res == "W" else "")
            shot_rows.append(
                f"<tr><td>{_e(s.get('firer'))} → {_e(s.get('target'))}</td>"
                f"<td>{_e(s.get('weapon'))}, range {_e(s.get('range'))}</td>"
                f"<td>{_e(s.get('attack'))}:{_e(s.get('defence'))} ({_e(s.get('ratio'))})</td>"
                f"<td>{_e(odds)}</td><td>{_e(s.get('die'))}</td><td{cls}>{_e(res)}</td></tr>"
            )
        parts.append(
            "<h4>Shots</h4><table class='hx'><tr><th>shot</th><th>weapon</th><th>odds ratio</th>"
            "<th>chances</th><th>die</th><th>result</th></tr>" + "".join(shot_rows) + "</table>"
        )
    seen = turn.get("seen") or {}
    if seen:
        rows = "".join(
            f"<tr><td>{_e(s)}</td><td>{_e(', '.join(ids) or 'nobody')}</td></tr>"
            for s, ids in seen.items()
        )
        parts.append(
            "<h4>Who saw whom at the end of the turn</h4><table class='hx'>"
            f"<tr><th>side</th><th>enemies in sight</th></tr>{rows}</table>"
        )
    other = [e for e in turn.get("events", []) if e.get("kind") != "fire"]
    if other:
        parts.append(
            "<h4>Events</h4><ul>" + "".join(f"<li>{_e(describe(e))}</li>" for e in other) + "</ul>"
        )
    return "".join(parts)


_STYLE = (
    "<style>body{font-family:sans-serif;margin:20px;color:#1b1b1b}"
    "table.hx{border-collapse:collapse;font-size:13px;margin-bottom:8px}"
    "table.hx td,table.hx th{border-bottom:1px solid #ddd;padding:2px 8px;text-align:left}"
    "table.hx th{background:#f2efe6}.k{color:#b8322a;font-weight:700}"
    ".w{color:#a86b00;font-weight:700}section{border-top:3px solid #2f5fa8;margin-top:18px}"
    ".turn{display:flex;flex-wrap:wrap;gap:18px}.turn svg{width:460px;height:auto}</style>"
)


def export_html(
    game: Any,
    sides: Sequence[str],
    colours: Mapping[str, str] | None = None,
    title: str = "",
    describe: Callable[[Mapping[str, Any]], str] = describe_event,
    shot_odds: Callable[[Mapping[str, Any]], Mapping[str, float] | None] | None = None,
) -> str:
    """The whole review as one self-contained HTML page (inline CSS and SVG, no script)."""
    colours = dict(colours or {"adversary": "#b8322a", "defender": "#2f5fa8"})
    defs, centres = board_svg_defs(game.map, TERRAIN_PALETTE)
    turns = review_turns(game, sides, shot_odds)
    name = title or f"{game.info.name} game review"
    who = getattr(game, "winner", None)
    head = (
        f"<h1>{_e(name)}</h1><p>{len(turns)} turns · "
        + (f"winner: <b>{_e(who)}</b>" if who else "no winner")
        + "</p>"
    )
    body = [
        f"<section class='hexplay-review-turn' data-turn='{t['turn']}'><div class='turn'>"
        f"{board_svg(t, centres, colours)}<div>{turn_html(t, describe)}</div></div></section>"
        for t in turns
    ]
    return (
        "<!DOCTYPE html><html><head><meta charset='utf-8'>"
        f"<title>{_e(name)}</title>{_STYLE}</head><body>"
        f"<svg width='0' height='0' style='position:absolute'><defs>{defs}</defs></svg>"
        f"{head}{''.join(body)}</body></html>"
    )


class ReviewPanel(W.VBox):
    """The "Review" tab: a turn slider over a finished game (the board shows the turn's end),
    the turn's tables, and an export to one HTML page (a download link in the panel)."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.turns: list[dict[str, Any]] = []
        self.slider = G.IntSlider(
            value=1, min=1, max=1, description="turn", continuous_update=False
        )
        self.slider.observe(lambda ch: self.show(int(ch["new"])), names="value")
        self.export = G.Button(description="Export as HTML", icon="download")
        self.export.add_class("hexplay-review-export")
        self.export.on_click(lambda _b: self.make_export())
        self.link = W.HTML()
        self.link.add_class("hexplay-review-link")
        self.body = W.HTML("<i>the review opens when the game is over</i>")
        super().__init__([W.HBox([self.slider, self.export]), self.link, self.body])
        self.add_class("hexplay-review")

    def available(self) -> bool:
        return bool(getattr(self.app.game, "over", False)) or self.app.referee

    def on_shown(self) -> None:
        """The tab came on screen: (re)build the turns if the game is over."""
        if not self.available():
            self.body.value = "<i>the review opens when the game is over</i>"
            return
        self.turns = review_turns(self.app.game, self.app.sides, self.app.game.shot_odds)
        if not self.turns:
            self.body.value = "<i>no turn played yet</i>"
            return
        first, last = self.turns[0]["turn"], self.turns[-1]["turn"]
        self.slider.min, self.slider.max = first, last
        if self.slider.value == last:
            self.show(last)
        else:
            self.slider.value = last

    def show(self, turn: int) -> None:
        t = next((x for x in self.turns if x["turn"] == turn), None)
        if t is None:
            return
        describe = self.app.ui.describe_event
        self.body.value = _STYLE.replace("body{", ".hexplay-review-body{") + turn_html(t, describe)
        board = self.app.board
        with board.hold_sync():
            counters = self.app.ui.counters(t["view"], REFEREE, self.app.context(None))
            board.units = [u for u in counters if u.get("hex") is not None]
            board.clear_overlays()

    def make_export(self) -> str:
        """Build the page; offer it as a download link (a data URL: no file on the server)."""
        if not self.available():
            self.link.value = "<i>after the game</i>"
            return ""
        style = self.app.ui.style(self.app.game)
        colours = {s.name: s.colour for s in style.sides} or None
        page = export_html(
            self.app.game,
            self.app.sides,
            colours,
            describe=self.app.ui.describe_event,
            shot_odds=self.app.game.shot_odds,
        )
        b64 = base64.b64encode(page.encode()).decode()
        name = f"{self.app.game.info.name}_review.html"
        self.link.value = (
            f"<a download='{name}' href='data:text/html;base64,{b64}'>download {name}</a>"
            f" ({len(page) // 1024} kB, one self-contained page)"
        )
        return page
