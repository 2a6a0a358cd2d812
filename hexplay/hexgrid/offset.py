"""Offset layouts (columns and rows of a printed map) and their labels.

Offset coordinates exist only at the edges: reading labels, printing labels, files.
Every shipped game uses flat-topped hexes in columns, with the even-numbered columns
(1-based) half a hex *lower* than the odd ones, rows numbered downward (on the printed maps
only this shift gives 1624→1327 = 4).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .coords import Hex


@dataclass(frozen=True)
class OffsetLayout:
    """Columns × rows of flat-topped hexes.

    ``col`` and ``row`` are 1-based as printed on the map.  ``even_columns_low`` (the default)
    puts even-numbered columns half a hex lower than odd ones.
    """

    cols: int
    rows: int
    even_columns_low: bool = True

    def to_hex(self, col: int, row: int) -> Hex:
        """1-based column/row → axial hex (column 1 row 1 is the origin)."""
        c0, r0 = col - 1, row - 1
        if self.even_columns_low:
            return Hex(c0, r0 - (c0 - (c0 & 1)) // 2)
        return Hex(c0, r0 - (c0 + (c0 & 1)) // 2)

    def to_offset(self, h: tuple[int, int]) -> tuple[int, int]:
        """Axial hex → 1-based (column, row)."""
        q, r = h
        if self.even_columns_low:
            return q + 1, r + (q - (q & 1)) // 2 + 1
        return q + 1, r + (q + (q & 1)) // 2 + 1

    def contains(self, h: tuple[int, int]) -> bool:
        col, row = self.to_offset(h)
        return 1 <= col <= self.cols and 1 <= row <= self.rows

    def hexes(self) -> list[Hex]:
        """Every hex of the layout, column by column (index = (col-1)*rows + (row-1))."""
        return [self.to_hex(c, r) for c in range(1, self.cols + 1) for r in range(1, self.rows + 1)]

    def index(self, h: tuple[int, int]) -> int:
        col, row = self.to_offset(h)
        return (col - 1) * self.rows + (row - 1)


class LabelError(ValueError):
    """A hex label that cannot be read (not exactly a label of its style)."""


def _label_text(label: object, example: str) -> str:
    if not isinstance(label, str):
        raise LabelError(f"a hex label is a string such as {example!r}, not {label!r}"[:200])
    return label


class Labels:
    """Base class: converts between labels and 1-based (column, row).

    Parsing is exact: ASCII only, the style's width, no surrounding whitespace, no other
    characters (``" 0617 "``, ``"0617\\n"`` and full-width ``"０６１７"`` are refused), so a
    label that parses names one hex in one spelling (plus the documented alternatives).
    """

    def format(self, col: int, row: int) -> str:  # pragma: no cover - abstract
        raise NotImplementedError

    def parse(self, label: str) -> tuple[int, int]:  # pragma: no cover - abstract
        raise NotImplementedError


class CCRRLabels(Labels):
    """Four-digit column-row labels: ``0620`` is column 6, row 20 (printed maps).

    Exactly four ASCII digits.  (``re`` ``\\d`` also matches other scripts' digits and ``$``
    matches before a final newline: hence the explicit class and ``fullmatch``.)
    """

    _re = re.compile(r"([0-9]{2})([0-9]{2})")

    def format(self, col: int, row: int) -> str:
        if not (0 <= col <= 99 and 0 <= row <= 99):
            raise LabelError(f"column {col} / row {row} cannot be written as CCRR")
        return f"{col:02d}{row:02d}"

    def parse(self, label: str) -> tuple[int, int]:
        m = self._re.fullmatch(_label_text(label, "0620"))
        if not m:
            raise LabelError(
                f"{label[:40]!r} is not a four-digit CCRR hex label (exactly four digits 0-9, "
                "nothing around them, e.g. '0620')"
            )
        return int(m.group(1)), int(m.group(2))


class LetterLabels(Labels):
    """Letter labels: ``@UO`` (or ``UO``) is column U (21), row O (15).

    The ``@`` is optional; letters are ASCII, either case (``@uo`` reads as ``@UO``, the
    spelling :meth:`format` writes).
    """

    _re = re.compile(r"@?([A-Za-z])([A-Za-z])")

    def format(self, col: int, row: int) -> str:
        if not (1 <= col <= 26 and 1 <= row <= 26):
            raise LabelError(f"column {col} / row {row} cannot be written as letters")
        return "@" + chr(64 + col) + chr(64 + row)

    def parse(self, label: str) -> tuple[int, int]:
        m = self._re.fullmatch(_label_text(label, "@UO"))
        if not m:
            raise LabelError(
                f"{label[:40]!r} is not a letter hex label (an optional '@' and two letters A-Z, "
                "nothing around them, e.g. '@UO')"
            )
        return ord(m.group(1).upper()) - 64, ord(m.group(2).upper()) - 64


LABEL_STYLES: dict[str, type[Labels]] = {"ccrr": CCRRLabels, "letters": LetterLabels}
