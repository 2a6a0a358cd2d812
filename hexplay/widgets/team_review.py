"""The after-action review of a team game: each commander's picture turn by turn beside the
true state, and the messages sent ("what did the E1 crew know when they drove in?").

:func:`team_review_html` writes it as one self-contained HTML page (a section per turn: the
true board, then one board per commander, its known enemies solid and its last-known ones
faded, with the turn's messages); :class:`TeamReviewPanel` steps through it in a notebook (a
commander and a turn). Both read :meth:`CommandedGame.review
<hexplay.engine.commanders.CommandedGame.review>` (the record replayed).

Stable CSS classes: ``hexplay-team-review`` (the panel and the page's body), ``hexplay-team-turn``
(a turn's section, ``data-turn``), ``hexplay-team-picture`` (one board, ``data-commander``).
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from typing import Any

import ipywidgets as W

from .review import board_svg, board_svg_defs

COLOURS = {"adversary": "#b8322a", "defender": "#2f5fa8"}
"""Counter colours by side (other sides grey)."""


def _e(x: Any) -> str:
    return html.escape("" if x is None else str(x))


def picture_turn(picture: Mapping[str, Any]) -> dict[str, Any]:
    """A commander's picture as a review turn :func:`~hexplay.widgets.review.board_svg` draws:
    its units, then its last-known enemies (marked ``condition`` ``"?"``: drawn faded)."""
    units = dict(picture.get("units") or {})
    for k, u in (picture.get("last_known") or {}).items():
        if k not in units and isinstance(u, Mapping):
            units[k] = {**u, "condition": "K"}  # board_svg fades these (as it does the dead)
    return {"view": {"units": units}}


def _enemies(picture: Mapping[str, Any], side: str) -> list[str]:
    return sorted(k for k, u in (picture.get("units") or {}).items() if u.get("side") != side)


def turn_section(
    entry: Mapping[str, Any], commanders: Sequence[str], centres: Mapping, colours: Mapping
) -> str:
    """One turn: the true board, then each commander's board with what it knew."""
    parts = [
        f"<section class='hexplay-team-turn' data-turn='{entry['turn']}'>"
        f"<h2>Turn {entry['turn']}</h2><div class='boards'>"
        f"<figure><figcaption>true state</figcaption>"
        f"{board_svg({'view': entry['truth']}, centres, colours)}</figure>"
    ]
    for who in commanders:
        p = entry["pictures"][who]
        side = who.partition("/")[0]
        known = _enemies(p, side)
        last = sorted(p.get("last_known") or {})
        parts.append(
            f"<figure class='hexplay-team-picture' data-commander='{_e(who)}'>"
            f"<figcaption><b>{_e(who)}</b>: sees {_e(', '.join(known) or 'no enemy')}"
            + (f"; last known {_e(', '.join(last))}" if last else "")
            + f"</figcaption>{board_svg(picture_turn(p), centres, colours)}</figure>"
        )
    parts.append("</div>")
    if entry.get("messages"):
        items = "".join(
            f"<li>{_e(m['from'])} → {_e(m['to'])}: “{_e(m['text'])}” "
            f"({_e(', '.join(f'{r}: {d}' for r, d in m['delivery'].items()))})</li>"
            for m in entry["messages"]
        )
        parts.append(f"<ul class='messages'>{items}</ul>")
    parts.append("</section>")
    return "".join(parts)


_STYLE = (
    "<style>body{font-family:sans-serif;margin:1em}.boards{display:flex;flex-wrap:wrap;gap:8px}"
    "figure{margin:0;width:300px}figure svg{width:300px;height:auto;border:1px solid #ccc}"
    "figcaption{font-size:12px}.messages{font-size:13px}</style>"
)


def team_review_html(
    team: Any,
    commanders: Sequence[str] | None = None,
    colours: Mapping[str, str] | None = None,
    title: str = "",
) -> str:
    """The review as one self-contained HTML page (inline CSS and SVG, no script);
    ``commanders``: whose pictures (default: every command's, not the leaders')."""
    from .board import TERRAIN_PALETTE

    turns = team.review()
    who = list(commanders or [s for s in team.seats() if not s.endswith("/leader")])
    defs, centres = board_svg_defs(team.game.map, TERRAIN_PALETTE)
    cols = dict(colours or COLOURS)
    name = title or f"{team.game.info.name} team game review"
    body = "".join(turn_section(t, who, centres, cols) for t in turns)
    return (
        f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>{_e(name)}</title>{_STYLE}"
        f"</head><body class='hexplay-team-review'><h1>{_e(name)}</h1>"
        f"<svg width='0' height='0' style='position:absolute'><defs>{defs}</defs></svg>"
        f"{body}</body></html>"
    )


class TeamReviewPanel(W.VBox):
    """A commander and a turn: that commander's board beside the true one, and the messages."""

    def __init__(self, team: Any, colours: Mapping[str, str] | None = None) -> None:
        from .board import TERRAIN_PALETTE

        self.turns = team.review()
        self.defs, self.centres = board_svg_defs(team.game.map, TERRAIN_PALETTE)
        self.colours = dict(colours or COLOURS)
        seats = [s for s in team.seats() if not s.endswith("/leader")]
        self.commander = W.Dropdown(options=seats, description="commander")
        n = max(len(self.turns) - 1, 0)
        self.turn = W.IntSlider(min=0, max=n, value=n, description="turn")
        self.out = W.HTML()
        super().__init__([W.HBox([self.commander, self.turn]), self.out])
        self.add_class("hexplay-team-review")
        self.commander.observe(lambda _c: self.show(), "value")
        self.turn.observe(lambda _c: self.show(), "value")
        self.show()

    def show(self) -> None:
        if not self.turns:
            self.out.value = "<i>no turn resolved yet</i>"
            return
        entry = self.turns[self.turn.value]
        self.turn.description = f"turn {entry['turn']}"
        svg = f"<svg width='0' height='0' style='position:absolute'><defs>{self.defs}</defs></svg>"
        self.out.value = (
            _STYLE + svg + turn_section(entry, [self.commander.value], self.centres, self.colours)
        )
