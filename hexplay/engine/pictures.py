"""Rich displays of games in a notebook: a game, or one side's picture of it, as a small SVG
board with a status line (:meth:`Game._repr_html_`, :meth:`Game.picture`).

Only the protocol is read: ``game.view(side)`` (the units a side knows of, and their
``last_known`` positions if the view lists them), ``game.map`` (public: every side sees the
terrain) and the clock (``turn``, ``phase``, ``to_act``, ``over``, ``outcome``). A side's
picture is drawn from that side's view alone, so it shows no more than the side may know.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..maps.svg import esc, side_colours
from .log import REFEREE

Game = Any  # a hexplay.engine.protocol.Game (not imported: the protocol imports this module)


def status_line(game: Game, view: Mapping[str, Any], side: str) -> str:
    """One line: the game's title, turn and phase, who must act (or who won and why), and
    whose picture it is."""
    bits = [f"<b>{esc(game.info.title)}</b>", f"turn {esc(view.get('turn', game.turn))}"]
    if view.get("over", game.over):
        row = game.outcome()
        who = row.get("winner")
        why = row.get("reason")
        bits.append(
            (f"over: <b>{esc(who)}</b> wins" if who else "over: no winner")
            + (f" ({esc(why)})" if why else "")
        )
    else:
        bits.append(f"phase {esc(view.get('phase', game.phase))}")
        acting = view.get("to_act", game.to_act())
        bits.append("to act: " + (esc(", ".join(map(str, acting))) if acting else "—"))
    bits.append("referee's view" if side == REFEREE else f"as {esc(side)} sees it")
    return " · ".join(bits)


def picture_html(game: Game, side: str = REFEREE, max_width: int | None = None) -> str:
    """The game as ``side`` (default: the referee, who sees everything) sees it: the status
    line over the board with the units of ``game.view(side)`` (and its last-known enemy
    positions, dashed), as one HTML fragment (inline SVG, no script)."""
    view = game.view(side)
    colours = side_colours(game.info.sides, getattr(game, "SIDE_COLOURS", None))
    units = view.get("units") or {}
    known = view.get("last_known") or {}
    ghosts = {
        u: d
        for u, d in known.items()
        if isinstance(d, Mapping) and not (units.get(u) or {}).get("hex")
    }
    kw: dict[str, Any] = {} if max_width is None else {"max_width": max_width}
    svg = game.map.svg(
        units=units,
        ghosts=ghosts,
        colours=colours,
        title=f"{game.info.title}, turn {view.get('turn', game.turn)}",
        **kw,
    )
    legend = " ".join(
        f"<span style='color:{c}'>&#9632;</span>&#160;{esc(s)}" for s, c in colours.items()
    )
    return (
        f"<div class='hexplay-picture' data-game='{esc(game.info.name)}' "
        f"data-side='{esc(side)}'><div style='font:13px sans-serif;margin:2px 0'>"
        f"{status_line(game, view, side)} · {legend}</div>{svg}</div>"
    )


class Picture:
    """One side's picture of a game, for a notebook cell: ``game.picture("defender")`` at
    the end of a cell shows the board as that side sees it (:func:`picture_html`). Drawn
    anew at each display, so a cell that shows it again shows the game as it is then."""

    def __init__(self, game: Game, side: str = REFEREE) -> None:
        game._check_side(side, referee=True)
        self.game, self.side = game, side

    def _repr_html_(self) -> str:
        return picture_html(self.game, self.side)

    def __repr__(self) -> str:
        return f"<{self.game.info.title} as {self.side} sees it, turn {self.game.turn}>"
