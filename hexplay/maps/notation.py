"""Shared notation of the map file formats: hex labels, hexsides, names, layout words.

A hexside is written ``"0620/0621"`` (the side between two adjacent hexes, the one with the
lower column/row first when writing) or ``"0101 NW"`` (a hex on the map and the direction of
the side: N NE SE S SW NW; used when writing for sides on the map's edge).  Readers accept
both, in either order of the two hexes, and also a canonical ``[q, r, d]`` triple in JSON.

Helpers here raise plain :class:`ValueError` with a message that does not say *where*; each
reader adds the line number (text) or the field path (JSON) and raises
:class:`~hexplay.maps.MapError`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..hexgrid import (
    DIRECTIONS,
    FLAT_DIRECTION_NAMES,
    LABEL_STYLES,
    Hex,
    Hexside,
    Labels,
    OffsetLayout,
    hexside_between,
    hexside_of,
)
from .map import LABEL_LIMITS, Map

#: Direction names accepted after a hex label in a hexside ("0620 N").
DIRECTION_NAMES: tuple[str, ...] = FLAT_DIRECTION_NAMES
_DIR_INDEX = {n: i for i, n in enumerate(DIRECTION_NAMES)}


#: Characters that cannot appear in names written to the text format.
_FORBIDDEN_IN_NAMES = "#\n\r"


def layout_words(layout: OffsetLayout) -> str:
    """The text form of a layout: ``"flat even-columns-low"`` or ``"flat odd-columns-low"``."""
    return "flat " + ("even-columns-low" if layout.even_columns_low else "odd-columns-low")


def parse_layout_words(text: str) -> bool:
    """``even_columns_low`` from a layout description such as ``"flat even-columns-low"``."""
    words = text.lower().split()
    low: bool | None = None
    for w in words:
        if w in ("flat", "flat-topped", "columns"):
            continue
        if w in ("even-columns-low", "odd-columns-high"):
            new = True
        elif w in ("odd-columns-low", "even-columns-high"):
            new = False
        elif w in ("pointy", "pointy-topped", "rows"):
            raise ValueError("only flat-topped column layouts are supported")
        else:
            raise ValueError(
                f"unknown layout word {w!r} (expected 'flat even-columns-low' or "
                "'flat odd-columns-low')"
            )
        if low is not None and low != new:
            raise ValueError(f"contradictory layout {text!r}")
        low = new
    return True if low is None else low


def check_size(cols: int, rows: int, label_style: str) -> None:
    """Reject sizes the label style cannot address."""
    if label_style not in LABEL_STYLES:
        raise ValueError(
            f"unknown label style {label_style!r} (expected one of "
            f"{', '.join(sorted(LABEL_STYLES))})"
        )
    if cols < 1 or rows < 1:
        raise ValueError(f"size {cols} x {rows}: a map needs at least one column and one row")
    limit = LABEL_LIMITS[label_style]
    if cols > limit or rows > limit:
        raise ValueError(
            f"size {cols} x {rows} is too large for {label_style!r} labels (at most {limit})"
        )


@dataclass(frozen=True)
class Frame:
    """A map's addressing (layout + labels) before its contents exist."""

    layout: OffsetLayout
    label_style: str = "ccrr"

    @property
    def labels(self) -> Labels:
        return LABEL_STYLES[self.label_style]()

    @classmethod
    def of(cls, m: Map) -> Frame:
        return cls(m.layout, m.label_style)

    def on_map(self, h: Hex) -> bool:
        return self.layout.contains(h)

    def hex(self, text: str) -> Hex:
        """Parse a label (may be off the map)."""
        return self.layout.to_hex(*self.labels.parse(text))

    def on_map_hex(self, text: str) -> Hex:
        """Parse a label that must be on the map."""
        h = self.hex(text)
        if not self.on_map(h):
            raise ValueError(
                f"hex {text!r} is not on the {self.layout.cols} x {self.layout.rows} map"
            )
        return h

    def block(self, a: Hex, b: Hex) -> list[Hex]:
        """Every hex of the rectangle of columns/rows between ``a`` and ``b``, column by column."""
        (c1, r1), (c2, r2) = self.layout.to_offset(a), self.layout.to_offset(b)
        cs = range(c1, c2 + 1) if c1 <= c2 else range(c1, c2 - 1, -1)
        rs = range(r1, r2 + 1) if r1 <= r2 else range(r1, r2 - 1, -1)
        return [self.layout.to_hex(c, r) for c in cs for r in rs]

    def hexes(self, token: str) -> list[Hex]:
        """On-map hexes of a token: a label, or a block ``"AAAA..BBBB"``."""
        if ".." in token:
            a, _, b = token.partition("..")
            return self.block(self.on_map_hex(a), self.on_map_hex(b))
        return [self.on_map_hex(token)]

    def label(self, h: Hex) -> str:
        return self.labels.format(*self.layout.to_offset(h))

    def row_label(self, row: int) -> str:
        """The row part of a label, as written before a grid line (``"07"`` or ``"G"``)."""
        return f"{row:02d}" if self.label_style == "ccrr" else chr(64 + row)

    def check_row_label(self, text: str, row: int) -> None:
        ok = (
            text.isascii() and text.isdigit() and int(text) == row
            if self.label_style == "ccrr"
            else text.upper() == chr(64 + row)
        )
        if not ok:
            raise ValueError(f"row label {text!r} does not match row {self.row_label(row)}")

    # --- hexsides ---------------------------------------------------------------------------
    def hexside(self, a: str, direction: str | None = None) -> Hexside:
        """Parse ``"A/B"`` (``direction`` None) or ``"A"`` + direction name."""
        if direction is None:
            parts = a.split("/")
            if len(parts) != 2:
                raise ValueError(
                    f"{a!r} is not a hexside (write 'AAAA/BBBB' or a hex and a direction such "
                    "as '0620 N')"
                )
            x, y = self.hex(parts[0]), self.hex(parts[1])
            try:
                side = hexside_between(x, y)
            except ValueError:
                raise ValueError(
                    f"hexside {a!r}: {parts[0]} and {parts[1]} are not adjacent"
                ) from None
        else:
            d = _DIR_INDEX.get(direction.upper())
            if d is None:
                raise ValueError(
                    f"unknown direction {direction!r} (expected one of {' '.join(DIRECTION_NAMES)})"
                )
            side = hexside_of(self.on_map_hex(a), d)
        self.check_side(side, a if direction is None else f"{a} {direction}")
        return side

    def check_side(self, side: Hexside, text: str | None = None) -> None:
        x, y = side.hexes()
        if not (self.on_map(x) or self.on_map(y)):
            raise ValueError(f"hexside {text or tuple(side)!r} is off the map")

    def format_hexside(self, side: Hexside) -> str:
        x, y = side.hexes()
        inx, iny = self.on_map(x), self.on_map(y)
        if inx and iny:
            if self.layout.index(y) < self.layout.index(x):
                x, y = y, x
            return f"{self.label(x)}/{self.label(y)}"
        if not (inx or iny):
            raise ValueError(f"hexside {tuple(side)} is off the map")
        on, off = (x, y) if inx else (y, x)
        d = DIRECTIONS.index(Hex(off.q - on.q, off.r - on.r))
        return f"{self.label(on)} {DIRECTION_NAMES[d]}"

    def parse_hexside_tokens(self, tokens: list[str]) -> list[tuple[int, Hexside]]:
        """Hexsides from whitespace-separated tokens: ``A/B`` or ``A DIR``.

        Returns ``(token index, hexside)`` pairs; the index lets callers report positions.
        """
        out: list[tuple[int, Hexside]] = []
        i = 0
        while i < len(tokens):
            t = tokens[i]
            if "/" in t:
                out.append((i, self.hexside(t)))
                i += 1
            elif i + 1 < len(tokens) and tokens[i + 1].upper() in _DIR_INDEX:
                out.append((i, self.hexside(t, tokens[i + 1])))
                i += 2
            else:
                raise ValueError(
                    f"{t!r} is not a hexside (write 'AAAA/BBBB' or a hex and a direction "
                    "such as '0620 N')"
                )
        return out


def path_sides(path: Iterable[Hex]) -> list[Hexside]:
    """Hexsides crossed between consecutive hexes of a path; ValueError if not adjacent."""
    p = list(path)
    return [hexside_between(a, b) for a, b in zip(p, p[1:])]


def is_road_path(m: Map, path: tuple[Hex, ...]) -> bool:
    """Whether a place can be written as a road: ≥ 2 hexes, adjacent in turn, all sides roads."""
    if len(path) < 2:
        return False
    try:
        return all(s in m.roads for s in path_sides(path))
    except ValueError:
        return False


def check_name(name: str, what: str, *, section: bool = False) -> str:
    """A name that the text format can write back exactly (else ValueError)."""
    bad = _FORBIDDEN_IN_NAMES + (":" if section else "")
    if any(c in name for c in bad) or name != name.strip() or (section and not name):
        rule = "non-empty, " if section else ""
        raise ValueError(
            f"{what} {name!r} cannot be written in the text format (names must be {rule}"
            f"without surrounding spaces or any of {bad!r}); use JSON instead"
        )
    return name
