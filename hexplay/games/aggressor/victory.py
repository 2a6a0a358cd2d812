"""Aggressor declaration, sector control and victory (digest "Aggressor and victory").

A sector is controlled by the last side to occupy it uncontested: control is updated at the end
of every side's turn from the units in each sector [project decision: the original says "last
occupying", not when; turn ends are when both sides have had their say]. Play starts with each
side controlling its 3 outer sectors and nobody the centre column, wherever the set-up put the
units (the digest's starting control; the first turn's end is the first update).
At the start of a side's turn it wins if it controls 5 of the 9 sectors and, if it is the
aggressor, at least one sector in each of the 3 sector columns. A side whose units are all
eliminated loses at once.
"""

from __future__ import annotations

from .board import EAST, WEST

SECTORS_TO_WIN = 5
"""A side wins at the start of its turn if it controls 5 of the 9 sectors."""
SECTOR_COLUMNS = 3
"""Sector columns (west, centre, east): an aggressor needs a sector in each of the 3."""

INITIAL_CONTROL: tuple[str | None, ...] = (WEST, None, EAST) * 3
"""Each side starts controlling its 3 outer sectors (west: 1, 4, 7; east: 3, 6, 9)."""


def sector_column(k: int) -> int:
    """Sector column (0 west, 1 centre, 2 east) of sector index k (0-based, row by row)."""
    return k % SECTOR_COLUMNS


def update_control(g) -> None:
    """Each sector occupied by one side only passes to (or stays with) that side."""
    n = len(g.control)
    west, east = [False] * n, [False] * n
    sector = g.board.sector
    for side, occupied in ((WEST, west), (EAST, east)):
        for u in g.by_side[side]:
            if u.alive:
                k = sector[u.hex]
                if k >= 0:
                    occupied[k] = True
    for k in range(n):
        if west[k] != east[k]:
            g.control[k] = WEST if west[k] else EAST


def sectors_held(control, side: str) -> list[int]:
    return [k for k, s in enumerate(control) if s == side]


def wins_by_sectors(control, side: str, aggressor: str | None) -> bool:
    """The sector victory condition for ``side``."""
    held = sectors_held(control, side)
    if len(held) < SECTORS_TO_WIN:
        return False
    if aggressor == side:
        return len({sector_column(k) for k in held}) == SECTOR_COLUMNS
    return True
