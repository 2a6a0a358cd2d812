"""The roster: one button per unit of the side at the screen, to select it in one click.

Rows come from the game's adapter (``GameUI.roster``: e.g. the men aboard each vehicle listed
under it, so nobody has to hit a pip on a counter), each with its condition, AP left
and what it has plotted. A killed man's row is shown but disabled. Buttons are reused between
refreshes of the same side (no new widget per click) and closed when their unit leaves the
roster (a hand-over: nothing of the other side stays in a live widget).

Stable CSS classes: ``hexplay-roster`` (the box), ``hexplay-roster-<id>`` (a unit's button),
``hexplay-roster-selected`` (the selected one's).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import ipywidgets as W

from . import guard as G


def _fmt(x: float) -> str:
    return f"{x:g}" if abs(x - round(x)) < 1e-9 else f"{x:.2f}"


class Roster(W.Box):
    """Buttons of the side's units; ``on_pick(unit_id)`` on a click."""

    children: tuple[Any, ...]  # (the Box's trait, typed: annotation only, no class value)

    def __init__(self, on_pick: Callable[[str], Any] | None = None) -> None:
        self.on_pick = on_pick
        self.rows: list[dict[str, Any]] = []
        self.selected: str | None = None  # the unit whose button is marked
        self._buttons: dict[str, G.Button] = {}
        super().__init__(layout=W.Layout(flex_flow="row wrap", width="100%"))
        self.add_class("hexplay-roster")

    def ids(self) -> list[str]:
        return [r["id"] for r in self.rows]

    def button(self, unit: str) -> G.Button | None:
        return self._buttons.get(unit)

    def set_rows(self, rows: Sequence[Mapping[str, Any]], selected: str | None = None) -> None:
        """Show ``rows``; the button of a unit no longer listed is closed, not kept hidden: a
        live widget's state reaches the browser, and after a hot-seat hand-over the last
        side's units (names, hexes) must be nowhere in it."""
        self.rows = [dict(r) for r in rows]
        keep = {str(r["id"]) for r in self.rows}
        gone = [uid for uid in self._buttons if uid not in keep]
        if gone:
            closing = {self._buttons[u] for u in gone}
            self.children = tuple(c for c in tuple(self.children) if c not in closing)
            for uid in gone:
                self._buttons.pop(uid).close()
        kids = []
        for r in self.rows:
            uid = str(r["id"])
            b = self._buttons.get(uid)
            if b is None:
                b = G.Button(layout=W.Layout(width="auto", margin="1px"))
                b.add_class(f"hexplay-roster-{uid}")
                b.on_click(lambda _b, uid=uid: self._pick(uid))
                self._buttons[uid] = b
            text = str(r.get("text", uid))
            ap = r.get("ap")
            if ap is not None:
                text += f" · {_fmt(float(ap))} AP"
            p = r.get("plotted")
            if p:
                text += f" · {p if isinstance(p, str) else ' '.join(p)}"
            b.description = text
            b.tooltip = text
            b.disabled = bool(r.get("disabled"))
            self._mark(b, uid == selected)
            kids.append(b)
        if tuple(kids) != tuple(self.children):
            self.children = tuple(kids)
        # an empty roster (every unit gone, a hand-over) keeps its place: nothing below moves
        self.layout.visibility = None if kids else "hidden"
        self.selected = selected

    def select(self, selected: str | None) -> None:
        """Mark ``selected``'s button (and unmark the one marked before): what
        ``set_rows(self.rows, selected)`` does when only the selection changed, touching just
        those two buttons (a click selects a unit; its rows are unchanged)."""
        if selected == self.selected:
            return
        for uid in (self.selected, selected):
            b = self._buttons.get(str(uid)) if uid is not None else None
            if b is not None:
                self._mark(b, uid == selected)
        self.selected = selected

    @staticmethod
    def _mark(b: W.Button, on: bool) -> None:
        with b.hold_sync():  # style and class in one message
            b.button_style = "info" if on else ""
            if on:
                b.add_class("hexplay-roster-selected")
            else:
                b.remove_class("hexplay-roster-selected")

    def _pick(self, unit: str) -> None:
        if self.on_pick is not None:
            self.on_pick(unit)
