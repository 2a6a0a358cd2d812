"""The ``displays`` check: what a notebook shows of a game is well formed and tells a side no
more than its view.

At positions of random games (set-up, play, the end): the game's ``_repr_html_`` (the
referee's picture) and each side's ``picture(side)`` parse as XML (inline SVG in XHTML-clean
HTML), draw the board, and a side's picture names only units its view lists (on the map, or
among its last-known positions); a unit's reach (``reach_of``) displays too.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Mapping
from typing import Any

from ..engine.log import REFEREE
from ..engine.protocol import Game, reach_of
from .kit import Kit, _fail, _positions

SVG = "{http://www.w3.org/2000/svg}"


def parse_fragment(kit: Kit, text: Any, what: str) -> ET.Element:
    """``text`` (an HTML fragment or SVG document) parsed as XML; a failure names ``what``."""
    if not isinstance(text, str) or not text:
        _fail(kit, f"{what}: no display (got {type(text).__name__})")
    try:
        return ET.fromstring(f"<root>{text}</root>")
    except ET.ParseError as e:
        _fail(kit, f"{what}: not well-formed ({e})")
        raise


def drawn_units(root: ET.Element, cls: str = "hx-unit") -> set[str]:
    """The unit ids a drawing's counters name (their ``<title>``: "id (side), ... at hex")."""
    out: set[str] = set()
    for g in root.iter(f"{SVG}g"):
        if g.get("class") != cls:
            continue
        title = g.find(f"{SVG}title")
        text = (title.text or "") if title is not None else ""
        for part in text.rsplit(" at ", 1)[0].split(", "):
            if part:
                out.add(part.rsplit(" (", 1)[0])
    return out


def _on_map(units: Mapping[str, Any]) -> set[str]:
    return {str(u) for u, d in units.items() if isinstance(d, Mapping) and d.get("hex")}


def _check_position(kit: Kit, g: Game) -> None:
    root = parse_fragment(kit, g._repr_html_(), f"turn {g.turn}: game display")
    if root.find(f".//{SVG}svg") is None:
        _fail(kit, f"turn {g.turn}: the game's display has no SVG board")
    if drawn_units(root) != _on_map(g.view(REFEREE).get("units") or {}):
        _fail(kit, f"turn {g.turn}: the game's display does not draw the referee's units")
    for side in g.sides:
        view = g.view(side)
        pic = parse_fragment(kit, g.picture(side)._repr_html_(), f"{side}'s picture")
        known = _on_map(view.get("units") or {})
        ghosts = _on_map(view.get("last_known") or {})
        extra = (drawn_units(pic) - known) | (drawn_units(pic, "hx-ghost") - ghosts)
        if extra:
            _fail(kit, f"turn {g.turn}: {side}'s picture shows {sorted(extra)}, not in its view")
        own = sorted(u for u, d in (view.get("units") or {}).items() if d.get("side") == side)
        for unit in own[:1]:
            r = reach_of(g, side, unit)
            parse_fragment(kit, r._repr_html_(), f"{side}'s reach of {unit}")


def check_displays(kit: Kit) -> None:
    """The game, each side's picture and a reach display as well-formed HTML with an SVG
    board; a side's picture shows only units its view lists."""
    every = 25 if kit.quick else 8
    for seed in kit.seeds():
        for i, g in enumerate(_positions(kit, seed)):
            if i < 2 or g.over or i % every == 0:
                _check_position(kit, g)
