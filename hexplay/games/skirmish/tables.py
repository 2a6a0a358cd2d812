"""SKIRMISH rule tables as named data (NUREG/CR-1255, 1980; Tables II-IX).

Every table of the rules digest lives here as plain module-level data; the functions that read
them are in :mod:`hexplay.games.skirmish.combat`.  Cells that are illegible in the scanned source
are **reconstructed**: each one is a named ``*_RECONSTRUCTED`` constant (or carries a comment)
saying what was chosen and why.  Nothing here computes; change a value here and every resolver,
odds panel and analysis follows.

Conventions
-----------
* Activity points (AP) are :class:`fractions.Fraction` (vehicles move 6 hexes per AP).
* Range bands and movement bands are inclusive ``(low, high)`` pairs; ``high is None`` means
  "and above".
* Table IV's "–" cells (a movement that is not possible in one turn, e.g. a man in the open
  moving 11+ hexes on 10 AP) are :data:`NOT_POSSIBLE` (``None``);
  :func:`~hexplay.games.skirmish.combat.defence_strength` raises ``ValueError`` for them.
* Table VI results are the strings ``"K"`` (killed), ``"W"`` (wounded) and ``"-"`` (miss).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Final

# ---------------------------------------------------------------------------------------------
# Scale and game constants (digest §1, §2, §4, §8)
# ---------------------------------------------------------------------------------------------

HEX_METRES: Final = 25
"""One hex is 25 m."""
TURN_MINUTES: Final = 1
"""One game turn is one minute."""
GAME_TURNS: Final = 20
"""Length of the basic game in turns."""
AP_PER_TURN: Final = Fraction(10)
"""Activity points each man has per turn (not all need be used)."""
VAULT_BARRIER_POINTS: Final = 200
"""Barrier points that open the vault (adversary victory in the basic scenario)."""
FIRST_BARRIER_WORK_TURN: Final = 2
"""Barrier work may not occur before turn 2."""
FIRST_DEFENDER_FIRE_TURN: Final = 2
"""Defenders may not fire, and nobody may fire at escorts, before turn 2."""

# ---------------------------------------------------------------------------------------------
# Table II — activities
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Activity:
    """One row of Table II.

    ``ap`` is the cost of the activity, or, when ``per_hex`` is true, the cost per hex entered.
    ``ap is None`` only for MP, whose per-hex cost depends on terrain (Table VIII).
    ``reconstructed`` holds the reason when the scanned cell was illegible.
    """

    code: str
    name: str
    ap: Fraction | None
    per_hex: bool = False
    note: str = ""
    reconstructed: str | None = None


SV_AP_RECONSTRUCTED: Final = Fraction(2)
"""Stop a moving vehicle: **[reconstructed]** 2 AP.

The cell is illegible in the scan; the rules' own example ("the vehicle uses 4 points in moving
12 hexes and coming to a stop") is 12 x 1/6 = 2 AP of movement plus the stop, so SV = 2.
"""
SV_RECONSTRUCTED_REASON: Final = (
    "illegible in the scan; the rules' example 'uses 4 points in moving 12 hexes and coming to "
    "a stop' = 2 AP of movement (12 x 1/6) + stop, so SV = 2"
)

AV_AP_RECONSTRUCTED: Final = Fraction(2)
"""Accelerate a stopped vehicle to speed: **[reconstructed]** 2 AP (taken equal to SV)."""
AV_RECONSTRUCTED_REASON: Final = (
    "illegible in the scan and no example fixes it; taken equal to SV (stopping and "
    "accelerating are symmetric tasks)"
)

VEHICLE_HEXES_PER_AP: Final = 6
"""A vehicle on a road moves 6 hexes per AP (MV = 1/6 AP per hex)."""

ACTIVITIES: Final[dict[str, Activity]] = {
    a.code: a
    for a in (
        Activity("DF", "direct fire", Fraction(5), note="one man at one specific target"),
        Activity(
            "MP",
            "movement, people",
            None,
            per_hex=True,
            note="per hex entered: 1 / 2 / 2 / 3 AP, see MOVEMENT_COSTS (Table VIII)",
        ),
        Activity(
            "MV",
            "movement, vehicles",
            Fraction(1, VEHICLE_HEXES_PER_AP),
            per_hex=True,
            note="on roads only, healthy driver required; every occupant pays it too",
        ),
        Activity(
            "EP",
            "exchange places with a wounded or killed driver",
            Fraction(5),
            note="charged to each healthy or wounded crewman involved",
        ),
        Activity("EV", "enter or exit a vehicle", Fraction(1), note="vehicle must be stopped"),
        Activity(
            "SV",
            "stop a moving vehicle",
            SV_AP_RECONSTRUCTED,
            reconstructed=SV_RECONSTRUCTED_REASON,
        ),
        Activity("TV", "turn a stopped vehicle around", Fraction(5)),
        Activity(
            "AV",
            "accelerate a stopped vehicle to speed",
            AV_AP_RECONSTRUCTED,
            reconstructed=AV_RECONSTRUCTED_REASON,
        ),
        Activity("BW", "barrier work", Fraction(10), note="from turn 2; see BARRIER_POINTS"),
        Activity(
            "RA",
            "re-arm",
            Fraction(2),
            note="pick up the rifle/shotgun laid down for barrier work",
        ),
        Activity("WE", "weapon exchange", Fraction(2), note="rifles and shotguns"),
    )
}
"""Table II: activity code -> :class:`Activity` (name, AP, notes)."""

# ---------------------------------------------------------------------------------------------
# Table III — line of sight
# ---------------------------------------------------------------------------------------------

LOS_BLOCKS: Final[dict[str, bool]] = {
    "open": False,  # clear
    "trees": True,  # blocked
    "slope": True,  # a slope (dark) hexside crossed by the line
    "vehicle": True,  # a hex with a vehicle in it
}
"""Table III: terrain encountered -> does it block line of sight?

The observer's and target's own hexes never block, nor do the slope hexsides of those two hexes
(a man can see *into* a blocking hex but not past it); the sight layer applies that rule.
"""

# ---------------------------------------------------------------------------------------------
# Table IV — defensive strength
# ---------------------------------------------------------------------------------------------

NOT_POSSIBLE: Final = None
"""Marks a Table IV "–" cell: that much movement is impossible in one turn for that target."""

DEFENCE_TERRAINS: Final = ("open", "trees", "slope", "vehicle")
"""Table IV rows: target terrain at the start of the turn.

``"slope"`` applies only when the fire enters the target's hex across a slope hexside;
``"vehicle"`` is a man inside a vehicle (the vehicle's movement counts).
"""

MOVEMENT_BANDS: Final[tuple[tuple[int, int | None], ...]] = (
    (0, 0),
    (1, 3),
    (4, 6),
    (7, 10),
    (11, 25),
    (26, None),
)
"""Table IV columns: hexes the target is plotted to move this turn (inclusive bands)."""

MOVEMENT_BAND_LABELS: Final = ("0", "1-3", "4-6", "7-10", "11-25", ">25")

# fmt: off
DEFENCE_STRENGTH: Final[dict[str, tuple[int | None, ...]]] = {
    #            0   1-3  4-6  7-10  11-25         >25
    "open":    (1,   2,   3,   5,    NOT_POSSIBLE, NOT_POSSIBLE),
    "trees":   (2,   5,   5,   5,    NOT_POSSIBLE, NOT_POSSIBLE),
    "slope":   (5,   10,  15,  15,   NOT_POSSIBLE, NOT_POSSIBLE),
    "vehicle": (5,   5,   10,  10,   15,           20),
}
# fmt: on
"""Table IV: terrain -> defence strength per :data:`MOVEMENT_BANDS` column.

A man on foot has 10 AP and every hex costs at least 1 AP, so he never moves more than 10 hexes:
those cells are :data:`NOT_POSSIBLE`.
"""

# ---------------------------------------------------------------------------------------------
# Table V — attack strength
# ---------------------------------------------------------------------------------------------

WEAPONS: Final = ("rifle", "shotgun", "pistol")

RANGE_BANDS: Final[tuple[tuple[int, int | None], ...]] = (
    (0, 0),
    (1, 1),
    (2, 2),
    (3, 4),
    (5, 6),
    (7, 9),
    (10, 12),
    (13, 16),
    (17, 20),
    (21, 25),
    (26, 30),
    (31, None),
)
"""Table V rows: range in hexes at the start of the turn (inclusive bands)."""

RANGE_BAND_LABELS: Final = tuple(
    f"{lo}+" if hi is None else (str(lo) if lo == hi else f"{lo}-{hi}") for lo, hi in RANGE_BANDS
)

SHOTGUN_RANGE_1_RECONSTRUCTED: Final = (25, 13)
"""Shotgun at range 1 (fit, wounded/in vehicle): **[reconstructed]**.

The range-1 shotgun/pistol cells are scrambled in the scan; the pairs 25/13 and 20/10 appear in
that row. Shotgun 25/13 and pistol 20/10 is the assignment that keeps both weapons' strength
declining monotonically with range (shotgun 50 -> 25 -> 5, pistol 25 -> 20 -> 17).
"""
PISTOL_RANGE_1_RECONSTRUCTED: Final = (20, 10)
"""Pistol at range 1 (fit, wounded/in vehicle): **[reconstructed]**, see
:data:`SHOTGUN_RANGE_1_RECONSTRUCTED`."""
RANGE_1_RECONSTRUCTED_REASON: Final = (
    "the range-1 shotgun and pistol cells are scrambled in the scan; the pairs 25/13 and 20/10 "
    "appear in that row, and shotgun 25/13 with pistol 20/10 is the assignment that keeps both "
    "weapons' strength declining with range (shotgun 50 -> 25 -> 5, pistol 25 -> 20 -> 17)"
)
"""Why :data:`SHOTGUN_RANGE_1_RECONSTRUCTED` and :data:`PISTOL_RANGE_1_RECONSTRUCTED`."""

ATTACK_STRENGTH: Final[dict[str, tuple[tuple[int, int], ...]]] = {
    # one (fit, wounded-or-in-vehicle) pair per RANGE_BANDS row
    "rifle": (
        (35, 18),  # 0
        (30, 15),  # 1
        (24, 12),  # 2
        (22, 11),  # 3-4
        (20, 10),  # 5-6
        (17, 8),  # 7-9
        (12, 6),  # 10-12
        (9, 4),  # 13-16
        (7, 3),  # 17-20
        (5, 2),  # 21-25
        (2, 1),  # 26-30
        (0, 0),  # 31+
    ),
    "shotgun": (
        (50, 25),  # 0
        SHOTGUN_RANGE_1_RECONSTRUCTED,  # 1  [reconstructed]
        (5, 2),  # 2
        (0, 0),  # 3-4
        (0, 0),  # 5-6
        (0, 0),  # 7-9
        (0, 0),  # 10-12
        (0, 0),  # 13-16
        (0, 0),  # 17-20
        (0, 0),  # 21-25
        (0, 0),  # 26-30
        (0, 0),  # 31+
    ),
    "pistol": (
        (25, 13),  # 0
        PISTOL_RANGE_1_RECONSTRUCTED,  # 1  [reconstructed]
        (17, 8),  # 2
        (12, 6),  # 3-4
        (8, 4),  # 5-6
        (4, 2),  # 7-9
        (2, 1),  # 10-12
        (0, 0),  # 13-16
        (0, 0),  # 17-20
        (0, 0),  # 21-25
        (0, 0),  # 26-30
        (0, 0),  # 31+
    ),
}
"""Table V: weapon -> (fit, wounded-or-in-vehicle) attack strength per :data:`RANGE_BANDS` row.

The wounded/in-vehicle column is "about half"; the table's values rule, not a formula.
"""

HARMLESS_TO_VEHICLE_OCCUPANTS: Final = frozenset({"shotgun", "pistol"})
"""Weapons that cannot hurt personnel inside vehicles (all rifles fire armour-piercing ammo).

Weapons have no effect on vehicles themselves, and personnel in a moving vehicle cannot fire;
those are plot-validation rules, not table cells.
"""

# ---------------------------------------------------------------------------------------------
# Table VI — combat results
# ---------------------------------------------------------------------------------------------

KILLED: Final = "K"
WOUNDED: Final = "W"
MISS: Final = "-"
RESULTS: Final = (KILLED, WOUNDED, MISS)
MISS_EVENT: Final = "miss"
"""A miss as fire events write it: the word :meth:`SkirmishGame.odds` uses for its
probability (``K``, ``W``, ``miss``); the table keeps the printed ``"-"``."""

RATIO_THRESHOLDS: Final = (1, 5, 10, 15, 20)
"""Lower bounds (attack:defence) of Table VI columns 1..5; column 0 is "<1:1"."""

RATIO_COLUMN_LABELS: Final = (
    "<1:1",
    "1:1 to <5:1",
    "5:1 to <10:1",
    "10:1 to <15:1",
    "15:1 to <20:1",
    ">=20:1",
)

DIE_FACES: Final = (1, 2, 3, 4, 5, 6)

COMBAT_RESULTS_ROW_5_RECONSTRUCTED: Final = (MISS, MISS, MISS, WOUNDED, WOUNDED, WOUNDED)
"""Table VI die 5: **[reconstructed]** (see :data:`COMBAT_RESULTS_RECONSTRUCTED_REASON`)."""
COMBAT_RESULTS_ROW_6_RECONSTRUCTED: Final = (MISS, MISS, MISS, MISS, WOUNDED, WOUNDED)
"""Table VI die 6: **[reconstructed]** (see :data:`COMBAT_RESULTS_RECONSTRUCTED_REASON`)."""
COMBAT_RESULTS_RECONSTRUCTED_REASON: Final = (
    "rows 5-6 are scrambled in the scan; rows 1-4 read cleanly. This is the only arrangement "
    "of the five remaining W's that keeps every column at least as deadly as the one to its "
    "left, and it agrees with every outcome of the worked example (digest section 9)"
)
"""Why :data:`COMBAT_RESULTS_ROW_5_RECONSTRUCTED` and :data:`COMBAT_RESULTS_ROW_6_RECONSTRUCTED`."""

# fmt: off
COMBAT_RESULTS: Final[tuple[tuple[str, ...], ...]] = (
    # <1:1    1:1-<5:1 5:1-<10  10-<15   15-<20   >=20:1
    (WOUNDED, KILLED,  KILLED,  KILLED,  KILLED,  KILLED),   # die 1
    (MISS,    WOUNDED, KILLED,  KILLED,  KILLED,  KILLED),   # die 2
    (MISS,    MISS,    WOUNDED, WOUNDED, KILLED,  KILLED),   # die 3
    (MISS,    MISS,    WOUNDED, WOUNDED, WOUNDED, KILLED),   # die 4
    COMBAT_RESULTS_ROW_5_RECONSTRUCTED,                      # die 5  [reconstructed]
    COMBAT_RESULTS_ROW_6_RECONSTRUCTED,                      # die 6  [reconstructed]
)
# fmt: on
"""Table VI: ``COMBAT_RESULTS[die - 1][column]`` -> ``"K"``, ``"W"`` or ``"-"``."""

# ---------------------------------------------------------------------------------------------
# Table VII — casualties
# ---------------------------------------------------------------------------------------------

WOUNDED_AP_MULTIPLIER: Final = 2
"""A wounded man pays double AP for every task (tasks run in plotted order until 10 AP)."""
WOUNDS_TO_KILL: Final = 2
"""Two wounds make a kill."""
WOUNDED_MAY: Final[dict[str, bool]] = {
    "fire": True,  # at the wounded-or-in-vehicle attack strength (Table V)
    "move": True,  # at double AP
    "barrier_work": False,
    "drive": False,
}
"""Table VII: what a wounded man may still do."""

# ---------------------------------------------------------------------------------------------
# Table VIII — movement rates (AP to enter a hex)
# ---------------------------------------------------------------------------------------------

HEXSIDES: Final = ("regular", "slope")
MOVERS: Final = ("person", "vehicle")

MOVEMENT_COSTS: Final[dict[tuple[str, str], Fraction]] = {
    # (hexside crossed, terrain entered): AP for a person
    ("regular", "open"): Fraction(1),
    ("regular", "trees"): Fraction(2),
    ("slope", "open"): Fraction(2),
    ("slope", "trees"): Fraction(3),
}
"""Table VIII, cross-country rows: (hexside crossed, terrain entered) -> AP for a person."""

ROAD_MOVEMENT_COSTS: Final[dict[str, Fraction]] = {
    "person": Fraction(1),
    "vehicle": Fraction(1, VEHICLE_HEXES_PER_AP),
}
"""Table VIII, road rows: mover -> AP to enter a road hex across a regular hexside."""

ROAD_SLOPE_TERRAIN: Final = "open"
"""Project decision (the table has no "slope | road" row): a person entering a road hex across a
slope hexside pays the slope rate for this terrain (slope/open = 2 AP) — the road clears the
trees but not the climb. Vehicles pay the road rate on any road hex (a road that crosses a slope
hexside is graded)."""

# ---------------------------------------------------------------------------------------------
# Table IX — barrier points
# ---------------------------------------------------------------------------------------------

BARRIER_POINTS: Final[dict[int, int]] = {0: 0, 1: 10, 2: 25, 3: 35, 4: 40, 5: 45, 6: 50}
"""Table IX: number of actual workers this turn -> barrier points (0 workers: 0)."""

BARRIER_POINTS_ABOVE_TABLE: Final = 50
"""More than 6 workers: 50 points. The table stops at 6 and its increments shrink (15, 10, 5,
5, 5); holding its last value is the conservative reading the digest names."""

FEAR_ROLL_WORKS_MAX: Final = 3
"""A worker fired upon this turn rolls a die: 1-3 he works, 4-6 he is too afraid to work."""
