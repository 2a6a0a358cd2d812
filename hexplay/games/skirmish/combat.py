"""SKIRMISH table look-ups: attack/defence strength, combat results and exact odds, movement
costs, barrier points.

Every function reads :mod:`hexplay.games.skirmish.tables`; the resolver, the odds panels and the
analysis code all go through here, so what a player is shown and what the game resolves agree.
Probabilities are exact :class:`fractions.Fraction` values (a fair six-sided die); the numpy
helpers at the end give float grids for heat maps and sweeps.
"""

from __future__ import annotations

import operator
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import NamedTuple

import numpy as np

from .tables import (
    ATTACK_STRENGTH,
    BARRIER_POINTS,
    BARRIER_POINTS_ABOVE_TABLE,
    COMBAT_RESULTS,
    DEFENCE_STRENGTH,
    DIE_FACES,
    FEAR_ROLL_WORKS_MAX,
    HARMLESS_TO_VEHICLE_OCCUPANTS,
    KILLED,
    MISS,
    MOVEMENT_BANDS,
    MOVEMENT_COSTS,
    MOVERS,
    RANGE_BANDS,
    RATIO_COLUMN_LABELS,
    RATIO_THRESHOLDS,
    ROAD_MOVEMENT_COSTS,
    ROAD_SLOPE_TERRAIN,
    WEAPONS,
    WOUNDED,
)

__all__ = [
    "MOVEMENT_TERRAINS",
    "Odds",
    "Posture",
    "attack_strength",
    "attack_strengths",
    "barrier_points",
    "combat_odds",
    "combat_result",
    "defence_strength",
    "fear_roll_works",
    "kill_probability_grid",
    "movement_cost",
    "odds",
    "probability_grid",
    "ratio_column",
    "ratio_columns",
    "ratio_label",
    "weapon_can_harm",
]

MOVEMENT_TERRAINS = ("open", "trees", "road")
"""Terrain names :func:`movement_cost` accepts; ``"road"`` means "the hex carries a road"."""


def _int(value: object, name: str) -> int:
    if isinstance(value, bool):
        raise TypeError(f"{name} must be an integer, not bool")
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        raise TypeError(f"{name} must be an integer, got {value!r}") from None


def _band(value: int, bands: Sequence[tuple[int, int | None]]) -> int:
    """Index of the inclusive band holding ``value`` (bands are contiguous from 0)."""
    for i, (_lo, hi) in enumerate(bands):
        if hi is None or value <= hi:
            return i
    raise AssertionError("bands must end with an open band")  # pragma: no cover


# ---------------------------------------------------------------------------------------------
# Tables IV and V: strengths
# ---------------------------------------------------------------------------------------------


_ATTACK_MEMO: dict[tuple[str, int, bool], int] = {}
_DEFENCE_MEMO: dict[tuple[str, int], int] = {}
_ODDS_MEMO: dict[tuple[int, int], Odds] = {}
_RESULT_MEMO: dict[tuple[int, int, int], str] = {}
"""Memoized table look-ups for exact ``int`` arguments (filled on first use; the tables are
constants, so a memoized value is the value the checked path computes)."""


def attack_strength(weapon: str, range: int, wounded_or_in_vehicle: bool = False) -> int:
    """Table V: attack strength of ``weapon`` at ``range`` hexes (start of turn).

    ``wounded_or_in_vehicle`` selects the halved column (firer wounded, or firing from inside a
    vehicle). Whether the weapon can hurt the target at all is :func:`weapon_can_harm`.
    """
    if type(range) is int:
        key = (weapon, range, bool(wounded_or_in_vehicle))
        a = _ATTACK_MEMO.get(key)
        if a is None:
            a = _ATTACK_MEMO[key] = _attack_strength(weapon, range, key[2])
        return a
    return _attack_strength(weapon, range, wounded_or_in_vehicle)


def _attack_strength(weapon: str, range: int, wounded_or_in_vehicle: bool) -> int:
    rows = ATTACK_STRENGTH.get(weapon)
    if rows is None:
        extra = EXTRA_WEAPONS.get(weapon)
        if extra is None:
            raise ValueError(f"unknown weapon {weapon!r}; expected one of {', '.join(WEAPONS)}")
        rows = extra[0]
    rng = _int(range, "range")
    if rng < 0:
        raise ValueError(f"range must be >= 0 hexes, got {rng}")
    fit, impaired = rows[_band(rng, RANGE_BANDS)]
    return impaired if wounded_or_in_vehicle else fit


def attack_strengths(
    weapon: str, ranges: Iterable[int] | np.ndarray, wounded_or_in_vehicle: bool = False
) -> np.ndarray:
    """Vectorized :func:`attack_strength` over an array of ranges (same shape, int64)."""
    if weapon not in ATTACK_STRENGTH:
        raise ValueError(f"unknown weapon {weapon!r}; expected one of {', '.join(WEAPONS)}")
    r = np.asarray(ranges if isinstance(ranges, np.ndarray) else list(ranges), dtype=np.int64)
    if r.size and r.min() < 0:
        raise ValueError(f"range must be >= 0 hexes, got {int(r.min())}")
    lows = np.array([lo for lo, _hi in RANGE_BANDS], dtype=np.int64)
    column = np.array([row[1 if wounded_or_in_vehicle else 0] for row in ATTACK_STRENGTH[weapon]])
    return column[np.searchsorted(lows, r, side="right") - 1].astype(np.int64)


def weapon_can_harm(weapon: str, target_terrain: str) -> bool:
    """False when ``weapon`` cannot hurt the target (shotguns and pistols vs vehicle occupants)."""
    if weapon not in ATTACK_STRENGTH:
        extra = EXTRA_WEAPONS.get(weapon)
        if extra is None:
            raise ValueError(f"unknown weapon {weapon!r}; expected one of {', '.join(WEAPONS)}")
        return target_terrain != "vehicle" or extra[1]
    return not (target_terrain == "vehicle" and weapon in HARMLESS_TO_VEHICLE_OCCUPANTS)


EXTRA_WEAPONS: dict[str, tuple[tuple[tuple[int, int], ...], bool]] = {}
"""Weapons beyond Table V's three (AMBUSH's, :func:`register_weapon`): name -> (one
(fit, impaired) pair per :data:`RANGE_BANDS` row, harms men inside vehicles). Looked up only
for a name Table V does not hold, so SKIRMISH's look-ups never reach it."""


def register_weapon(name: str, rows: tuple[tuple[int, int], ...], harms_occupants: bool) -> None:
    """Add a weapon in Table V's shape (AMBUSH's tables do, when loaded); Table V's own three
    cannot be replaced, and a name registered again must keep its values."""
    rows = tuple((int(a), int(b)) for a, b in rows)
    if name in ATTACK_STRENGTH or len(rows) != len(RANGE_BANDS):
        raise ValueError(f"{name!r}: a new weapon with one (fit, impaired) pair per range band")
    old = EXTRA_WEAPONS.get(name)
    if old is not None and old != (rows, bool(harms_occupants)):
        raise ValueError(f"weapon {name!r} is already registered with other values")
    EXTRA_WEAPONS[name] = (rows, bool(harms_occupants))


def _defence_cell(terrain: str, hexes_moved: int) -> int | None:
    """Table IV cell (``None`` for "not possible"), with argument validation."""
    if terrain not in DEFENCE_STRENGTH:
        raise ValueError(
            f"unknown target terrain {terrain!r}; expected one of {', '.join(DEFENCE_STRENGTH)}"
        )
    moved = _int(hexes_moved, "hexes_moved")
    if moved < 0:
        raise ValueError(f"hexes_moved must be >= 0, got {moved}")
    return DEFENCE_STRENGTH[terrain][_band(moved, MOVEMENT_BANDS)]


def defence_strength(terrain: str, hexes_moved: int = 0) -> int:
    """Table IV: defence of a target in ``terrain`` (start of turn) plotted to move ``hexes_moved``.

    ``terrain`` is ``"open"``, ``"trees"``, ``"slope"`` (only when the fire crosses that slope
    hexside) or ``"vehicle"``. The table's "–" cells (a man on foot moving more than 10 hexes,
    impossible on 10 AP) raise ``ValueError``: the plot validator must have rejected such a move.
    """
    if type(hexes_moved) is int:
        value = _DEFENCE_MEMO.get((terrain, hexes_moved))
        if value is not None:
            return value
    value = _defence_cell(terrain, hexes_moved)
    if value is not None and type(hexes_moved) is int:
        _DEFENCE_MEMO[(terrain, hexes_moved)] = value
    if value is None:
        raise ValueError(
            f"not possible: a target in {terrain!r} cannot move {hexes_moved} hexes in a turn"
        )
    return value


# ---------------------------------------------------------------------------------------------
# Table VI: combat results and exact odds
# ---------------------------------------------------------------------------------------------


def _check_strengths(attack: object, defence: object) -> tuple[int, int]:
    a = _int(attack, "attack")
    d = _int(defence, "defence")
    if a < 0:
        raise ValueError(f"attack strength must be >= 0, got {a}")
    if d < 1:
        raise ValueError(f"defence strength must be >= 1, got {d}")
    return a, d


def _check_attack_plottable(attack: int) -> None:
    if attack == 0:
        raise ValueError("an attack strength of 0 cannot be plotted")


def ratio_column(attack: int, defence: int) -> int:
    """Table VI column index (0 = "<1:1" ... 5 = ">=20:1") for ``attack:defence``.

    Exact integer comparison: column ``i`` holds ratios with ``attack >= t * defence`` for the
    ``i``-th threshold of :data:`~hexplay.games.skirmish.tables.RATIO_THRESHOLDS`.
    """
    a, d = _check_strengths(attack, defence)
    return sum(1 for t in RATIO_THRESHOLDS if a >= t * d)


def ratio_columns(attack: np.ndarray, defence: np.ndarray) -> np.ndarray:
    """Vectorized :func:`ratio_column` (broadcasting; no validation beyond numpy's)."""
    a = np.asarray(attack, dtype=np.int64)[..., None]
    d = np.asarray(defence, dtype=np.int64)[..., None]
    return (a >= np.asarray(RATIO_THRESHOLDS, dtype=np.int64) * d).sum(axis=-1)


def ratio_label(attack: int, defence: int) -> str:
    """Human label of a ratio as the rules print it: ``"floor(a/d):1"``, or ``"<1:1"``.

    17 vs 15 -> ``"1:1"``, 22 vs 5 -> ``"4:1"``, 20 vs 2 -> ``"10:1"``, 11 vs 15 -> ``"<1:1"``.
    """
    a, d = _check_strengths(attack, defence)
    return "<1:1" if a < d else f"{a // d}:1"


def combat_result(attack: int, defence: int, die: int) -> str:
    """Table VI: ``"K"`` (killed), ``"W"`` (wounded) or ``"-"`` (miss) for one die roll."""
    if type(attack) is int and type(defence) is int and type(die) is int:
        key = (attack, defence, die)
        r = _RESULT_MEMO.get(key)
        if r is None:
            r = _RESULT_MEMO[key] = _combat_result(attack, defence, die)
        return r
    return _combat_result(attack, defence, die)


def _combat_result(attack: int, defence: int, die: int) -> str:
    a, d = _check_strengths(attack, defence)
    _check_attack_plottable(a)
    roll = _int(die, "die")
    if roll not in DIE_FACES:
        raise ValueError(f"die must be 1..6, got {roll}")
    return COMBAT_RESULTS[roll - 1][ratio_column(a, d)]


def _column_fractions(column: int) -> tuple[Fraction, Fraction, Fraction]:
    cells = [row[column] for row in COMBAT_RESULTS]
    n = len(DIE_FACES)
    return (
        Fraction(cells.count(KILLED), n),
        Fraction(cells.count(WOUNDED), n),
        Fraction(cells.count(MISS), n),
    )


_COLUMN_FRACTIONS = tuple(_column_fractions(c) for c in range(len(RATIO_COLUMN_LABELS)))


@dataclass(frozen=True)
class Odds:
    """The numbers behind one attack: strengths, ratio, Table VI column and exact outcomes."""

    attack: int
    defence: int
    ratio: str
    """Ratio label as the rules print it, e.g. ``"4:1"`` or ``"<1:1"``."""
    column: int
    """Table VI column index, 0..5."""
    column_label: str
    """Table VI column heading, e.g. ``"1:1 to <5:1"``."""
    kill: Fraction
    wound: Fraction
    miss: Fraction

    @property
    def hit(self) -> Fraction:
        """P(killed or wounded)."""
        return self.kill + self.wound

    def as_dict(self) -> dict[str, Fraction]:
        """``{"K": ..., "W": ..., "miss": ...}`` as :func:`combat_odds` returns."""
        return {"K": self.kill, "W": self.wound, "miss": self.miss}


def odds(attack: int, defence: int) -> Odds:
    """Exact outcome distribution of one attack, with the ratio and column that produced it."""
    if type(attack) is int and type(defence) is int:
        o = _ODDS_MEMO.get((attack, defence))
        if o is None:
            o = _ODDS_MEMO[(attack, defence)] = _odds(attack, defence)
        return o
    return _odds(attack, defence)


def _odds(attack: int, defence: int) -> Odds:
    a, d = _check_strengths(attack, defence)
    _check_attack_plottable(a)
    col = ratio_column(a, d)
    k, w, m = _COLUMN_FRACTIONS[col]
    return Odds(a, d, ratio_label(a, d), col, RATIO_COLUMN_LABELS[col], k, w, m)


def combat_odds(attack: int, defence: int) -> dict[str, Fraction]:
    """Exact ``{"K", "W", "miss"}`` probabilities (Fractions summing to 1) of one attack."""
    return odds(attack, defence).as_dict()


# ---------------------------------------------------------------------------------------------
# numpy grids for analysis
# ---------------------------------------------------------------------------------------------


class Posture(NamedTuple):
    """One row of a probability grid: the target's state and the firer's condition."""

    terrain: str
    """Target terrain for Table IV: "open", "trees", "slope" or "vehicle"."""
    hexes_moved: int = 0
    """Hexes the target is plotted to move this turn."""
    firer_wounded_or_in_vehicle: bool = False
    """Firer condition for Table V (the halved column)."""


_PROB_BY_COLUMN: dict[str, np.ndarray] = {
    "K": np.array([float(k) for k, _w, _m in _COLUMN_FRACTIONS]),
    "W": np.array([float(w) for _k, w, _m in _COLUMN_FRACTIONS]),
    "KW": np.array([float(k + w) for k, w, _m in _COLUMN_FRACTIONS]),
}
"""P(outcome) per Table VI column, as floats for the grids."""


def probability_grid(
    weapon: str,
    postures: Iterable[Posture | tuple],
    ranges: Iterable[int] | np.ndarray,
    outcome: str = "K",
) -> np.ndarray:
    """P(``outcome``) of one ``weapon`` attack, shape ``(len(postures), len(ranges))``, float64.

    ``outcome`` is ``"K"`` (killed), ``"W"`` (wounded) or ``"KW"`` (killed or wounded).
    Each posture is a :class:`Posture` or a plain ``(terrain, hexes_moved, firer_impaired)``
    tuple. Cells where the attack strength is 0 (out of range: such fire cannot be plotted) or
    the weapon cannot hurt the target (shotgun/pistol vs a vehicle occupant) are 0.0; rows whose
    posture is a Table IV "not possible" cell are NaN.
    """
    if outcome not in _PROB_BY_COLUMN:
        raise ValueError(
            f"unknown outcome {outcome!r}; expected one of {', '.join(_PROB_BY_COLUMN)}"
        )
    rows = [Posture(*p) for p in postures]
    r = np.asarray(ranges if isinstance(ranges, np.ndarray) else list(ranges), dtype=np.int64)
    if r.ndim != 1:
        raise ValueError(f"ranges must be one-dimensional, got shape {r.shape}")
    if weapon not in ATTACK_STRENGTH:
        raise ValueError(f"unknown weapon {weapon!r}; expected one of {', '.join(WEAPONS)}")
    out = np.zeros((len(rows), r.size), dtype=np.float64)
    table = _PROB_BY_COLUMN[outcome]
    for i, p in enumerate(rows):
        d = _defence_cell(p.terrain, p.hexes_moved)
        if d is None:
            out[i] = np.nan
        elif weapon_can_harm(weapon, p.terrain):
            a = attack_strengths(weapon, r, p.firer_wounded_or_in_vehicle)
            out[i] = np.where(a > 0, table[ratio_columns(a, d)], 0.0)
    return out


def kill_probability_grid(
    weapon: str, postures: Iterable[Posture | tuple], ranges: Iterable[int] | np.ndarray
) -> np.ndarray:
    """P(killed) by posture x range: :func:`probability_grid` with ``outcome="K"``."""
    return probability_grid(weapon, postures, ranges, "K")


# ---------------------------------------------------------------------------------------------
# Tables VIII and IX, fear roll
# ---------------------------------------------------------------------------------------------


def movement_cost(terrain_entered: str, slope_hexside: bool, mover: str) -> Fraction | None:
    """Table VIII: AP to enter a hex, or ``None`` if ``mover`` cannot enter it.

    ``terrain_entered`` is ``"open"``, ``"trees"`` or ``"road"``; pass ``"road"`` for any hex
    carrying a road, whatever lies under it: a road hex is entered at the road rate regardless of
    the underlying terrain. ``slope_hexside`` says whether the hexside crossed is a slope one.

    * person: open 1 / trees 2, across a slope hexside 2 / 3; road 1, but across a slope hexside
      the road hex costs the slope rate for open terrain (2) — the table has no slope|road row.
    * vehicle: roads only, 1/6 AP per hex (a road crossing a slope hexside is graded, so the
      slope does not matter); any other hex is ``None`` (impassable). Whether the move follows
      the road from hex to hex is the movement layer's business.

    Wounded men pay double (Table VII); that is applied by the engine, not here.
    """
    if mover not in MOVERS:
        raise ValueError(f"unknown mover {mover!r}; expected one of {', '.join(MOVERS)}")
    if terrain_entered not in MOVEMENT_TERRAINS:
        raise ValueError(
            f"unknown terrain {terrain_entered!r}; expected one of {', '.join(MOVEMENT_TERRAINS)}"
        )
    if mover == "vehicle":
        return ROAD_MOVEMENT_COSTS["vehicle"] if terrain_entered == "road" else None
    hexside = "slope" if slope_hexside else "regular"
    if terrain_entered == "road":
        if slope_hexside:
            return MOVEMENT_COSTS[(hexside, ROAD_SLOPE_TERRAIN)]
        return ROAD_MOVEMENT_COSTS["person"]
    return MOVEMENT_COSTS[(hexside, terrain_entered)]


def barrier_points(workers: int) -> int:
    """Table IX: barrier points earned this turn by ``workers`` actual workers (0 -> 0)."""
    n = _int(workers, "workers")
    if n < 0:
        raise ValueError(f"workers must be >= 0, got {n}")
    return BARRIER_POINTS.get(n, BARRIER_POINTS_ABOVE_TABLE)


def fear_roll_works(die: int) -> bool:
    """Fear roll of a worker fired upon this turn: 1-3 he works, 4-6 he is too afraid."""
    roll = _int(die, "die")
    if roll not in DIE_FACES:
        raise ValueError(f"die must be 1..6, got {roll}")
    return roll <= FEAR_ROLL_WORKS_MAX
