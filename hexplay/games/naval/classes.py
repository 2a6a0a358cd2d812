"""Ship classes: gunnery, torpedoes, defense, speed, ranges — hexplay's values, not SPI's.

The article (Moves #11, "CA: Adding Simultaneity") keeps SPI's ratings and tables out of print,
so every number below is **hexplay's own design**, worked from the ships' broadside guns, tubes,
armour and trial speeds, with the reason beside it. Only these fixed points come from the
source: Kagero's Defense Strength is 2, gunnery at extended range is halved, a single gunnery
attack never sinks a ship, TEV = speed + 1.

Scales (hexplay's):

* A hex is half a nautical mile (1,000 yd), as on SPI's CA map.
* One speed point is 5 knots: a game-turn is about six minutes (0.5 nm at 5 kn). Top speed is
  the trial speed in knots // 5 (:func:`speed_points`).
* Gunnery: the source rates Brooklyn's 15 x 6-in about 22% above Cleveland's 12 x 6-in and a
  cruiser's 5-in secondaries about 2 points; one 6-in/47 gun = 1 point reproduces both
  (15 + 2 = 17 against 12 + 2 = 14: 21% more). Destroyer guns are weighted by shell weight,
  rate of fire and fire control (:data:`GUN_POINTS`), the broadside summed and rounded down.
* Torpedoes: one point per tube on the broadside for the Type 93 "Long Lance" (48 kn, 1,080-lb
  warhead); older Japanese 24-in types 3/4; the USN Mk 15 (45 kn for 6,000 yd, 825-lb warhead,
  unreliable exploders in 1943) 1/2 (:data:`TUBE_POINTS`). Rounded down.
* Defense: Kagero 2 (source), Yamato 36 (source); unarmoured destroyers of 1,700-2,500 t are 2,
  the old 1,300-t Mutsuki 1, a 10,000-t cruiser with a 5-in belt 8.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from math import floor

KNOTS_PER_SPEED_POINT = 5
"""One speed point = 5 knots = 0.5 nm (one hex) per six-minute game-turn."""


def speed_points(trial_knots: float) -> int:
    """Top speed in speed points from a trial speed in knots (rounded down)."""
    return int(trial_knots // KNOTS_PER_SPEED_POINT)


GUN_POINTS: dict[str, Fraction] = {
    "6in/47 Mk16": Fraction(1),
    "5in/38 Mk12": Fraction(3, 5),
    "5in/50 Type 3": Fraction(1, 2),
    "4.7in/45 3rd Year": Fraction(2, 5),
    "3.9in/65 Type 98": Fraction(1, 2),
}
"""Gunnery points per gun bearing on the broadside (hexplay's)."""
GUN_POINT_REASONS: dict[str, str] = {
    "6in/47 Mk16": "the yardstick: 130-lb shell, ~10 rounds/min, radar directed",
    "5in/38 Mk12": "55-lb at 15 rpm under a Mk 37 director: above a 5in/25",
    "5in/50 Type 3": "50-lb, slower hand loading, simpler director",
    "4.7in/45 3rd Year": "45-lb, open hand-worked mounts of the 1920s",
    "3.9in/65 Type 98": "light 29-lb shell but 15-19 rpm (Akizuki)",
}
"""Why each gun is worth its :data:`GUN_POINTS`."""


CRUISER_SECONDARY_POINTS = 2
"""A cruiser's broadside of 5-in secondaries (source: 'worth about 2 gunnery points')."""

TUBE_POINTS: dict[str, Fraction] = {
    "Type 93": Fraction(1),
    "Type 90": Fraction(3, 4),
    "Mk 15": Fraction(1, 2),
}
"""Torpedo points per tube on the broadside (hexplay's; every tube here is on the centreline)."""
TUBE_POINT_REASONS: dict[str, str] = {
    "Type 93": "24-in oxygen torpedo, 48 kn / 22,000 yd, 1,080-lb warhead",
    "Type 90": "24-in air torpedo, 46 kn / 7,000 yd (Fubuki, Mutsuki refits)",
    "Mk 15": "21-in, 45 kn / 6,000 yd, 825-lb, faulty exploders in 1943",
}
"""Why each torpedo type is worth its :data:`TUBE_POINTS`."""


GUN_RANGES: dict[str, tuple[int, int]] = {
    "6in/47 Mk16": (8, 16),
    "5in/38 Mk12": (6, 12),
    "5in/50 Type 3": (5, 10),
    "4.7in/45 3rd Year": (4, 8),
    "3.9in/65 Type 98": (6, 12),
}
"""(primary, extended) gun range in hexes (hexplay's); extended-range gunnery is halved."""
GUN_RANGE_REASONS: dict[str, str] = {
    "6in/47 Mk16": "radar-directed night fire opened at 7-10,000 yd (Kula Gulf)",
    "5in/38 Mk12": "Mk 37 + FD radar; 18,000-yd piece, night practice ~ 6,000",
    "5in/50 Type 3": "optical night fire, star shell and searchlight ~ 5,000 yd",
    "4.7in/45 3rd Year": "older optics and lighter shell",
    "3.9in/65 Type 98": "high velocity and a good director",
}
"""Why each gun has its :data:`GUN_RANGES`."""


TORPEDO_RANGES: dict[str, tuple[int, int]] = {
    "Type 93": (8, 16),
    "Type 90": (4, 7),
    "Mk 15": (2, 6),
}
"""(primary, extended) torpedo range in hexes (hexplay's); beyond primary strength is halved.
After 8/1/43 the USN primary torpedo range is 4 (the article's special rule 1)."""
TORPEDO_RANGE_REASONS: dict[str, str] = {
    "Type 93": "22,000 yd at 48 kn; fired at 8-10,000 yd at night (Tassafaronga)",
    "Type 90": "7,000 yd at 46 kn",
    "Mk 15": "6,000 yd at 45 kn, 15,000 yd at 26.5 kn (slow runs rarely hit)",
}
"""Why each torpedo type has its :data:`TORPEDO_RANGES`."""


USN_PRIMARY_TORPEDO_RANGE_AFTER_8_1_43 = 4
"""The article's special rule 1 (scenarios after 8/1/43)."""

TURN_COST = {"DD": 1, "CL": 2}
"""Movement points per hexside turned (hexplay's): a destroyer turns within a hex (its
tactical diameter ~ 800 yd); a 600-ft cruiser needs about twice the sea room."""


@dataclass(frozen=True)
class ShipClass:
    """One class of ship with its ratings (all hexplay's; see the module docstring)."""

    name: str
    type: str  # "DD" or "CL"
    code: str  # the counter's class code, e.g. "DD-4"
    side: str  # "ijn" or "usn"
    gun: str
    guns: int  # guns bearing on a broadside
    secondaries: int  # extra gunnery points from a secondary battery
    torpedo: str | None
    tubes: int  # tubes on the broadside
    reloads: int  # torpedo salvos carried beyond the first
    defense: int
    trial_knots: float
    reason: str

    @cached_property
    def gunnery(self) -> int:
        """Gunnery Attack Strength: broadside guns x points per gun + secondaries, rounded
        down."""
        return floor(self.guns * GUN_POINTS[self.gun]) + self.secondaries

    @cached_property
    def torpedo_attack(self) -> int:
        """Torpedo Attack Strength of one salvo (rounded down); 0 without tubes."""
        if self.torpedo is None:
            return 0
        return floor(self.tubes * TUBE_POINTS[self.torpedo])

    @cached_property
    def top_speed(self) -> int:
        return speed_points(self.trial_knots)

    @cached_property
    def gun_range(self) -> tuple[int, int]:
        return GUN_RANGES[self.gun]

    @cached_property
    def torpedo_range(self) -> tuple[int, int]:
        return TORPEDO_RANGES[self.torpedo] if self.torpedo else (0, 0)

    @cached_property
    def turn_cost(self) -> int:
        return TURN_COST[self.type]

    def ratings(self) -> dict[str, object]:
        """The counter's figures as plain data."""
        return {
            "class": self.name,
            "type": self.type,
            "code": self.code,
            "gunnery": self.gunnery,
            "torpedo": self.torpedo_attack,
            "reloads": self.reloads,
            "defense": self.defense,
            "top_speed": self.top_speed,
            "gun_range": list(self.gun_range),
            "torpedo_range": list(self.torpedo_range),
            "turn_cost": self.turn_cost,
        }


CLASSES: dict[str, ShipClass] = {
    c.name: c
    for c in (
        ShipClass(
            "Fletcher",
            "DD",
            "DD-6",
            "usn",
            "5in/38 Mk12",
            5,
            0,
            "Mk 15",
            10,
            0,
            2,
            36.5,
            "5 x 5in/38 (3 points), 2 x 5 21-in tubes (5), 2,050 t unarmoured (2), 36.5 kn (7); "
            "USN destroyers carried no reloads",
        ),
        ShipClass(
            "Brooklyn",
            "CL",
            "CL-3",
            "usn",
            "6in/47 Mk16",
            15,
            2,
            None,
            0,
            0,
            8,
            32.5,
            "15 x 6in/47 + 5-in secondaries (17), no tubes, 9,700 t with a 5-in belt and 2-in "
            "deck (8: about a fifth of Yamato's 36 at a seventh of its tonnage; light against "
            "8-in fire), 32.5 kn (6)",
        ),
        ShipClass(
            "Kagero",
            "DD",
            "DD-4",
            "ijn",
            "5in/50 Type 3",
            6,
            0,
            "Type 93",
            8,
            1,
            2,
            35.5,
            "6 x 5in/50 (3), 2 x 4 24-in Type 93 (8) with 8 reloads (one more salvo), "
            "2,000 t: the source's defense 2, 35.5 kn (7)",
        ),
        ShipClass(
            "Shiratsuyu",
            "DD",
            "DD-3",
            "ijn",
            "5in/50 Type 3",
            5,
            0,
            "Type 93",
            8,
            1,
            2,
            34.0,
            "the listing's 'Shigura' (Shigure's class): 5 x 5in/50 (2.5 -> 2), 2 x 4 Type 93 "
            "(8) with reloads, 1,685 t (2), 34 kn (6)",
        ),
        ShipClass(
            "Fubuki",
            "DD",
            "DD-2",
            "ijn",
            "5in/50 Type 3",
            6,
            0,
            "Type 90",
            9,
            1,
            2,
            38.0,
            "6 x 5in/50 (3), 3 x 3 24-in Type 90 (6.75 -> 6) with reloads, 1,750 t (2), 38 kn (7)",
        ),
        ShipClass(
            "Mutsuki",
            "DD",
            "DD-1",
            "ijn",
            "4.7in/45 3rd Year",
            4,
            0,
            "Type 90",
            6,
            1,
            1,
            37.25,
            "4 x 4.7in/45 (1.6 -> 1), 2 x 3 24-in (4.5 -> 4) with reloads, 1,315 t and old (1), "
            "37.25 kn on trials (7)",
        ),
        ShipClass(
            "Akizuki",
            "DD",
            "DD-7",
            "ijn",
            "3.9in/65 Type 98",
            8,
            0,
            "Type 93",
            4,
            1,
            3,
            33.0,
            "optional (Niizuki, the real Kula Gulf flagship): 8 x 3.9in/65 (4), 1 x 4 Type 93 "
            "(4) with reloads, 2,700 t (3), 33 kn (6)",
        ),
    )
}
"""Every class hexplay rates, by name (hexplay's values; reasons in each ``reason``)."""

assert CLASSES["Kagero"].defense == 2, "the source's fixed point"
