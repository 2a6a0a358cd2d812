"""Static SVG drawings of a map: what a notebook shows for a map, a game, a side's picture, a
line-of-sight trace or a reach result (their ``_repr_svg_`` / ``_repr_html_``), and what the
after-action review export draws (no script, no external file).

Flat-topped hexes of radius :data:`HEX_SIZE` (the interactive board's geometry, scaled); the
terrain colours are :data:`TERRAIN_PALETTE` (the board's too). Everything drawn comes from the
arguments: a caller that passes one side's view draws only what that side knows.

The map itself is duck-typed (``hex_labels``, ``hex``, ``terrain_at``, ``terrain_names``,
``hexside_features``, ``roads``, ``cols``, ``rows``, ``name``): this module sits beside
:mod:`hexplay.maps.map` without importing it.
"""

from __future__ import annotations

import html
import math
from collections.abc import Iterable, Mapping
from typing import Any

from ..hexgrid.layout import PixelLayout

#: Default terrain colours by terrain name (anything else gets a colour from FALLBACK_COLOURS).
TERRAIN_PALETTE: dict[str, str] = {
    "open": "#e7e2bf",
    "clear": "#e7e2bf",
    "trees": "#569e44",  # (three vegetation greens: see brush and orchard below)
    "woods": "#569e44",
    "forest": "#6a965a",
    "rough": "#c9b98f",
    "town": "#c8b7a6",
    "building": "#b5a08a",
    "water": "#9cc3e6",
    "sea": "#8db6dd",
    "marsh": "#a9c7a0",
    "road": "#d9cfa8",
    # more terrain types (a game's own terrain tables): hues apart from open's
    # tan so each type reads at a glance. Trees, brush and orchard (the old #7fa866, #c3c47e,
    # #a9d39a were three close greens: brush/orchard only 11 CIELAB ΔE apart for a protan) are
    # a mid green, a mustard and a light yellow-green at least 17 ΔE from each other and from
    # every other terrain colour, in normal, deutan and protan vision (Machado 2009
    # simulation; tests/test_widgets_terrain_colours.py).
    "brush": "#d1c14a",
    "orchard": "#a4c978",
    "buildings": "#a07c66",
    "rocks": "#a9a59c",
    "bridge": "#7d6f62",
}
#: Colours for terrain names TERRAIN_PALETTE does not know, given in turn.
FALLBACK_COLOURS = ("#d8cfc4", "#b9d3c1", "#d9c2a7", "#c4c9de", "#e0d4a0", "#c7b3cf")

#: Colours of hexside features drawn as edges (CSS gives slopes a dark thick line by default).
FEATURE_PALETTE: dict[str, str] = {"slope": "#2c2016", "wall": "#5a5a5a", "shoreline": "#3f6fa8"}

#: Side colours by side order when a game names none (the shipped games' first side is red,
#: their second blue: the colours of their counters on the board).
DEFAULT_SIDE_COLOURS = ("#b8322a", "#2f5fa8", "#3c8d40", "#8a5cb0", "#c07a16", "#4a4a4a")

#: Hex radius in SVG user units (the drawing is scaled by its width/height attributes).
HEX_SIZE = 10.0
#: The widest a drawing is shown by default, in CSS pixels (a notebook cell's width).
MAX_WIDTH = 560
#: The tallest a drawing is shown by default, in CSS pixels (a tall map stays on one screen).
MAX_HEIGHT = 520
#: Hexes of margin around the focus of a cropped drawing (a trace, a reach).
FOCUS_MARGIN = 2

_LAYOUT = PixelLayout(flat=True, size=HEX_SIZE)
_H = HEX_SIZE * math.sqrt(3.0) / 2  # half a flat hex's height
#: One flat-topped hex as a relative path from its upper-left corner.
_HEX_PATH = (
    f"h{HEX_SIZE:g}l{HEX_SIZE / 2:g} {_H:.2f}-{HEX_SIZE / 2:g} {_H:.2f}h-{HEX_SIZE:g}"
    f"l-{HEX_SIZE / 2:g}-{_H:.2f}z"
)


def esc(x: Any) -> str:
    """``x`` as text safe inside SVG/HTML (None: empty)."""
    return html.escape("" if x is None else str(x))


def terrain_colours(game_map: Any, palette: Mapping[str, str] | None = None) -> dict[str, str]:
    """Each of the map's terrain names -> its colour: ``palette`` over :data:`TERRAIN_PALETTE`,
    then :data:`FALLBACK_COLOURS` in turn for names neither knows."""
    pal = {**TERRAIN_PALETTE, **(palette or {})}
    spare = iter(FALLBACK_COLOURS * 8)
    return {name: pal.get(name) or next(spare) for name in game_map.terrain_names}


def side_colours(sides: Iterable[str], given: Mapping[str, str] | None = None) -> dict[str, str]:
    """Each side -> its colour: ``given``, else :data:`DEFAULT_SIDE_COLOURS` by order."""
    given = given or {}
    return {
        s: given.get(s, DEFAULT_SIDE_COLOURS[i % len(DEFAULT_SIDE_COLOURS)])
        for i, s in enumerate(sides)
    }


def _memo(game_map: Any) -> dict[Any, Any]:
    """Drawings of a map kept with it (a map does not change once made: as its sight tables,
    :meth:`hexplay.maps.Map.sight`), so a game drawn again redraws only its units."""
    d = getattr(game_map, "__dict__", None)
    return {} if d is None else d.setdefault("_svg_cache", {})


def centres(game_map: Any) -> dict[str, tuple[float, float]]:
    """Each hex label -> its centre in the drawing's units."""
    memo = _memo(game_map)
    if "centres" not in memo:
        memo["centres"] = {
            lab: _LAYOUT.to_pixel(tuple(game_map.hex(lab))) for lab in game_map.hex_labels
        }
    return memo["centres"]


def board_svg_defs(game_map: Any, palette: Mapping[str, str]) -> tuple[str, dict[str, tuple]]:
    """The map drawn once (``<g id="hx-map">``, reused by every turn's board of the review
    export) and each hex's centre; flat-topped hexes of radius 10 (the board's geometry)."""
    return "<g id='hx-map'>" + terrain_svg(game_map, palette) + "</g>", centres(game_map)


def terrain_svg(
    game_map: Any,
    palette: Mapping[str, str] | None = None,
    box: tuple[float, float, float, float] | None = None,
) -> str:
    """The terrain: one ``<path>`` per terrain type (every hex of it, or those whose centre
    is within a hex of ``box``: x, y, width, height), white hex edges."""
    colours = terrain_colours(game_map, palette)
    by_terrain: dict[str, list[str]] = {}
    for lab, (x, y) in centres(game_map).items():
        if box is not None and not (
            box[0] - HEX_SIZE <= x <= box[0] + box[2] + HEX_SIZE
            and box[1] - HEX_SIZE <= y <= box[1] + box[3] + HEX_SIZE
        ):
            continue
        by_terrain.setdefault(game_map.terrain_at(lab), []).append(
            f"M{x - HEX_SIZE / 2:.1f},{y - _H:.1f}{_HEX_PATH}"
        )
    return "".join(
        f"<path class='hx-terrain' data-terrain='{esc(t)}' fill='{colours.get(t, '#e7e2bf')}' "
        f"stroke='#fff' stroke-width='.5' d='{''.join(ps)}'/>"
        for t, ps in by_terrain.items()
    )


def features_svg(game_map: Any) -> str:
    """Hexside features (an edge line each, by :data:`FEATURE_PALETTE`) and roads (a line
    between the centres of the two hexes a road connects)."""
    out = []
    for feature, sides in getattr(game_map, "hexside_features", {}).items():
        colour = FEATURE_PALETTE.get(feature, "#333")
        d = []
        for s in sorted(sides):
            corners = _LAYOUT.corners((s.q, s.r))
            (x1, y1), (x2, y2) = corners[s.d], corners[(s.d + 1) % 6]
            d.append(f"M{x1:.1f},{y1:.1f}L{x2:.1f},{y2:.1f}")
        if d:
            out.append(
                f"<path class='hx-feature' data-feature='{esc(feature)}' stroke='{colour}' "
                f"stroke-width='1.6' fill='none' d='{''.join(d)}'/>"
            )
    roads = []
    for s in sorted(getattr(game_map, "roads", ())):
        a, b = s.hexes()
        (x1, y1), (x2, y2) = _LAYOUT.to_pixel(tuple(a)), _LAYOUT.to_pixel(tuple(b))
        roads.append(f"M{x1:.1f},{y1:.1f}L{x2:.1f},{y2:.1f}")
    if roads:
        out.append(
            f"<path class='hx-road' stroke='#8a6d3b' stroke-width='1.4' fill='none' "
            f"d='{''.join(roads)}'/>"
        )
    return "".join(out)


def _dead(u: Mapping[str, Any]) -> bool:
    return (
        u.get("condition") == "K"
        or u.get("status") in ("K", "sunk", "eliminated", "destroyed")
        or u.get("alive") is False
    )


def units_svg(
    units: Mapping[str, Mapping[str, Any]],
    where: Mapping[str, tuple[float, float]],
    colours: Mapping[str, str],
    ghost: bool = False,
) -> str:
    """Counters: per hex, the first unit (units aboard another listed after it) as a square
    in its side's colour with its id, ``+n`` for the others there; a ``<title>`` lists all.
    Dead units are faded; ``ghost`` draws dashed outlines (last-known positions)."""
    by_hex: dict[str, list[tuple[str, Mapping[str, Any]]]] = {}
    for uid, u in units.items():
        if isinstance(u, Mapping) and u.get("hex") in where:
            by_hex.setdefault(str(u["hex"]), []).append((str(uid), u))
    out = []
    for lab, here in by_hex.items():
        here.sort(key=lambda iu: (bool(iu[1].get("vehicle")), _dead(iu[1]), iu[0]))
        uid, u = here[0]
        x, y = where[lab]
        colour = colours.get(str(u.get("side")), "#666")
        title = esc(", ".join(f"{i} ({v.get('side')})" for i, v in here) + f" at {lab}")
        if ghost:
            body = (
                f"<rect x='{x - 5.5:.1f}' y='{y - 5.5:.1f}' width='11' height='11' rx='1.5' "
                f"fill='none' stroke='{colour}' stroke-dasharray='2 1.2'/>"
            )
            cls = "hx-ghost"
        else:
            body = (
                f"<rect x='{x - 6:.1f}' y='{y - 6:.1f}' width='12' height='12' rx='1.5' "
                f"fill='{colour}' stroke='#1b1b1b' stroke-width='.4' "
                f"opacity='{0.35 if _dead(u) else 1}'/>"
            )
            cls = "hx-unit"
        text = esc(uid[:4])
        body += (
            f"<text x='{x:.1f}' y='{y + 2.2:.1f}' font-size='{6 if len(text) < 4 else 4.6}' "
            f"font-family='sans-serif' fill='{colour if ghost else '#fff'}' "
            f"text-anchor='middle'>{text}</text>"
        )
        if len(here) > 1:
            body += (
                f"<text x='{x + 6.5:.1f}' y='{y - 4:.1f}' font-size='4.5' "
                f"font-family='sans-serif' fill='#1b1b1b'>+{len(here) - 1}</text>"
            )
        out.append(f"<g class='{cls}' data-hex='{esc(lab)}'><title>{title}</title>{body}</g>")
    return "".join(out)


def los_svg(trace: Any, where: Mapping[str, tuple[float, float]]) -> str:
    """A line-of-sight trace: its hexes outlined, the sight line (green clear, red blocked)
    and a cross on what blocked it first."""
    clear = bool(getattr(trace, "clear", False))
    colour = "#1e8449" if clear else "#b8322a"
    out = [f"<g class='hx-los' data-clear='{str(clear).lower()}'>"]
    cells = [
        f"M{where[h][0] - HEX_SIZE / 2:.1f},{where[h][1] - _H:.1f}{_HEX_PATH}"
        for h in getattr(trace, "hexes", ())
        if h in where
    ]
    if cells:
        out.append(
            f"<path d='{''.join(cells)}' fill='{colour}' fill-opacity='.15' stroke='{colour}' "
            "stroke-width='.6'/>"
        )
    a, b = where.get(trace.observer), where.get(trace.target)
    if a and b:
        out.append(
            f"<line x1='{a[0]:.1f}' y1='{a[1]:.1f}' x2='{b[0]:.1f}' y2='{b[1]:.1f}' "
            f"stroke='{colour}' stroke-width='1.3'/>"
            f"<circle cx='{a[0]:.1f}' cy='{a[1]:.1f}' r='2.5' fill='{colour}'/>"
        )
    block = getattr(trace, "first_block", None)
    if block is not None:
        hexes = [h for h in str(block.where).split("/") if h in where]
        if hexes:
            x = sum(where[h][0] for h in hexes) / len(hexes)
            y = sum(where[h][1] for h in hexes) / len(hexes)
            out.append(
                f"<path class='hx-block' d='M{x - 3:.1f},{y - 3:.1f}l6 6m0-6l-6 6' "
                f"stroke='#1b1b1b' stroke-width='1.4'><title>{esc(block)}</title></path>"
            )
    out.append("</g>")
    return "".join(out)


def reach_svg(costs: Mapping[str, float], where: Mapping[str, tuple[float, float]]) -> str:
    """Reachable hexes shaded (darker: cheaper), each with its cost as a ``<title>``."""
    if not costs:
        return ""
    top = max(float(c) for c in costs.values()) or 1.0
    out = ["<g class='hx-reach'>"]
    for lab, c in costs.items():
        if lab not in where:
            continue
        x, y = where[lab]
        shade = 0.55 - 0.35 * float(c) / top
        out.append(
            f"<path d='M{x - HEX_SIZE / 2:.1f},{y - _H:.1f}{_HEX_PATH}' fill='#2f5fa8' "
            f"fill-opacity='{shade:.2f}'><title>{esc(lab)}: {float(c):g}</title></path>"
        )
    out.append("</g>")
    return "".join(out)


def _box(points: Iterable[tuple[float, float]]) -> tuple[float, float, float, float]:
    pts = list(points)
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    pad = HEX_SIZE * 1.1
    x0, y0 = min(xs) - pad, min(ys) - pad
    return x0, y0, max(xs) + pad - x0, max(ys) + pad - y0


def map_svg(
    game_map: Any,
    *,
    units: Mapping[str, Mapping[str, Any]] | None = None,
    ghosts: Mapping[str, Mapping[str, Any]] | None = None,
    colours: Mapping[str, str] | None = None,
    los: Any = None,
    reach: Mapping[str, float] | None = None,
    focus: Iterable[str] | None = None,
    palette: Mapping[str, str] | None = None,
    max_width: int = MAX_WIDTH,
    max_height: int = MAX_HEIGHT,
    title: str = "",
) -> str:
    """The map as one standalone SVG document: terrain, hexside features, roads, then
    ``reach`` shading (label -> cost), a ``los`` trace (a :class:`~hexplay.sight.LosTrace`),
    ``ghosts`` (last-known positions, dashed) and ``units`` (id -> a dict with ``side`` and
    ``hex``, as a view lists them) in side ``colours``. ``focus``: labels to crop the drawing
    to (with :data:`FOCUS_MARGIN` hexes around); shown at most ``max_width`` pixels wide and
    ``max_height`` tall."""
    where = centres(game_map)
    box_of: Iterable[tuple[float, float]] = where.values()
    if focus is not None:
        near = [where[f] for f in focus if f in where]
        if near:
            x0, y0, w, h = _box(near)
            m = FOCUS_MARGIN * 1.5 * HEX_SIZE
            box_of = [(x0 - m + HEX_SIZE, y0 - m + HEX_SIZE), (x0 + w + m - HEX_SIZE, y0 + h + m)]
    x0, y0, w, h = _box(box_of)
    scale = min(max_width / w, max_height / h, 1.6)
    box = None if focus is None else (x0, y0, w, h)
    # the whole map's drawing is kept (one per palette); a cropped one is drawn each time
    memo = _memo(game_map) if box is None else {}
    key = ("board", tuple(sorted((palette or {}).items())))
    if key not in memo:
        memo[key] = terrain_svg(game_map, palette, box) + features_svg(game_map)
    parts = [
        f"<svg xmlns='http://www.w3.org/2000/svg' class='hexplay-svg' "
        f"viewBox='{x0:.1f} {y0:.1f} {w:.1f} {h:.1f}' width='{w * scale:.0f}' "
        f"height='{h * scale:.0f}' data-map='{esc(game_map.name)}'>",
        f"<title>{esc(title or f'map {game_map.name}')}</title>",
        memo[key],
    ]
    if reach:
        parts.append(reach_svg(reach, where))
    if los is not None:
        parts.append(los_svg(los, where))
    colours = dict(colours or {})
    if ghosts:
        parts.append(units_svg(ghosts, where, colours, ghost=True))
    if units:
        parts.append(units_svg(units, where, colours))
    parts.append("</svg>")
    return "".join(parts)


def board_svg(turn: Mapping[str, Any], centres: Mapping[str, tuple], colours: Mapping[str, str]):
    """One turn's board of the review export: the map (``<use>`` of :func:`board_svg_defs`),
    the counters at the turn's end (``turn["view"]``), its shots (``turn["shots"]``)."""
    xs = [c[0] for c in centres.values()]
    ys = [c[1] for c in centres.values()]
    x0, y0 = min(xs) - 12, min(ys) - 12
    w, h = max(xs) - x0 + 12, max(ys) - y0 + 12
    out = [f"<svg viewBox='{x0:.0f} {y0:.0f} {w:.0f} {h:.0f}' xmlns='http://www.w3.org/2000/svg'>"]
    out.append("<use href='#hx-map'/>")
    for s in turn.get("shots", []):
        a, b = centres.get(s.get("from")), centres.get(s.get("at"))
        if a and b:
            col = "#b8322a" if s.get("result") == "K" else "#555"
            out.append(
                f"<line x1='{a[0]:.1f}' y1='{a[1]:.1f}' x2='{b[0]:.1f}' y2='{b[1]:.1f}' "
                f"stroke='{col}' stroke-width='1.2' stroke-dasharray='3 2'/>"
            )
    for uid, u in (turn.get("view", {}).get("units") or {}).items():
        c = centres.get(u.get("hex"))
        if c is None or (u.get("vehicle") and u.get("kind", "man") == "man"):
            continue
        col = colours.get(str(u.get("side")), "#666")
        dead = u.get("condition") == "K"
        out.append(
            f"<g><title>{esc(uid)}</title><rect x='{c[0] - 6:.1f}' y='{c[1] - 6:.1f}' "
            f"width='12' height='12' rx='1.5' fill='{col}' opacity='{0.4 if dead else 1}'/>"
            f"<text x='{c[0]:.1f}' y='{c[1] + 3:.1f}' font-size='7' fill='#fff' "
            f"text-anchor='middle'>{esc(uid)}</text></g>"
        )
    out.append("</svg>")
    return "".join(out)
