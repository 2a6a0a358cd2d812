"""The Combat Results Table (hexplay's design) shared by gunnery and torpedoes.

Odds are attack : defense (gunnery) or torpedo strength : TEV (torpedoes), rounded *down* to a
column (the source's rule). One six-sided die per battle. Results: ``"-"`` no effect, ``"P"``
power hit (less speed), ``"W"`` weapon hit (less gunnery), ``"PW"`` both. No gunnery result is
more than two hits, so a single attack never sinks a ship (three hits sink; the source's fixed
point); damage already on the ship can make a PW the third hit.

Design: the hit chance rises by one face per column from 1 in 6 at 1-3 to every face at 4-1;
above that the PW faces grow. A 1-1 destroyer duel hits half the time, a Brooklyn's 17 against
a destroyer's 2 (8-1) is a PW two times in three.
"""

from __future__ import annotations

from fractions import Fraction

RESULTS = ("-", "P", "W", "PW")
HITS = {"-": 0, "P": 1, "W": 1, "PW": 2}
"""Hits each result puts on the target (three hits of any type sink)."""

COLUMNS: tuple[tuple[Fraction, str], ...] = (
    (Fraction(1, 3), "1-3"),
    (Fraction(1, 2), "1-2"),
    (Fraction(1), "1-1"),
    (Fraction(2), "2-1"),
    (Fraction(3), "3-1"),
    (Fraction(4), "4-1"),
    (Fraction(6), "6-1"),
    (Fraction(8), "8-1"),
    (Fraction(10), "10-1"),
)
"""Odds columns, lowest first: an attack is placed in the highest column not above its odds."""

CRT: dict[str, tuple[str, ...]] = {
    #         die: 1     2     3    4    5    6
    "1-3": ("W", "-", "-", "-", "-", "-"),
    "1-2": ("P", "W", "-", "-", "-", "-"),
    "1-1": ("PW", "P", "W", "-", "-", "-"),
    "2-1": ("PW", "P", "W", "W", "-", "-"),
    "3-1": ("PW", "PW", "P", "W", "W", "-"),
    "4-1": ("PW", "PW", "P", "P", "W", "W"),
    "6-1": ("PW", "PW", "PW", "P", "W", "W"),
    "8-1": ("PW", "PW", "PW", "PW", "P", "W"),
    "10-1": ("PW", "PW", "PW", "PW", "PW", "P"),
}
"""Result by column and die roll (hexplay's)."""

DIE = 6


def column_plain(attack: Fraction | int, defense: Fraction | int) -> str | None:
    """The CRT column of ``attack : defense`` rounded down, or None below the lowest (no
    effect possible) or with no attack."""
    if attack <= 0:
        return None
    ratio = Fraction(attack) / Fraction(defense)
    best = None
    for at, name in COLUMNS:
        if ratio >= at:
            best = name
    return best


_COLUMN_MEMO: dict[tuple, str | None] = {}


def column(attack: Fraction | int, defense: Fraction | int) -> str | None:
    """Equal to :func:`column_plain` (memoized: games ask the same few odds all the time)."""
    key = (attack, defense)
    try:
        return _COLUMN_MEMO[key]
    except KeyError:
        hit = _COLUMN_MEMO[key] = column_plain(attack, defense)
        return hit


def result(col: str, die: int) -> str:
    return CRT[col][die - 1]


def distribution(col: str | None) -> dict[str, Fraction]:
    """Exact probability of each result in a column (all ``"-"`` for None)."""
    return dict(_DIST[col])


def _distribution(col: str | None) -> dict[str, Fraction]:
    out = dict.fromkeys(RESULTS, Fraction(0))
    if col is None:
        out["-"] = Fraction(1)
        return out
    for r in CRT[col]:
        out[r] += Fraction(1, DIE)
    return out


_DIST = {c: _distribution(c) for c in (None, *CRT)}
EXPECTED_HITS: dict[str | None, Fraction] = {
    c: sum((HITS[r] * p for r, p in d.items()), Fraction(0)) for c, d in _DIST.items()
}
"""Expected hits of an attack in each column (None: no attack)."""
