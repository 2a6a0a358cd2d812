"""The article's Torpedo Combat Procedure, and hexplay's Torpedo Hit Chart.

Procedure (the source, exactly):

1. Sum the attacking ships' torpedo strengths against one target (each corrected for range:
   halved beyond its primary range) and compare with the target's Torpedo Evasion Value,
   TEV = current speed + 1 (dead in the water: 1). Round the odds down to a CRT column.
2. Roll once on the CRT (:mod:`.crt`): ``P`` or ``W`` = one torpedo hit, ``PW`` = two.
3. If there are hits, roll once more on the Torpedo Hit Chart by number of hits and the
   target's Defense Strength. Results as the CRT plus ``2P`` (two power hits) and ``S`` (sunk).

The chart is hexplay's, built from the article's 1942-43 data: of 15 destroyers that took one
torpedo hit, 13 sank, 1 was dead in the water (hexplay's ``2P``: two power hits stop any ship,
see :mod:`.damage`) and 1 took a PW. On one die the nearest rate is 5 in 6 sunk (0.833 against
13/15 = 0.867: well inside the sample's binomial standard error, 0.088); the sixth face is the
PW of Selfridge's lost bow. Bigger ships survive more often: bows blown off (PW) and stopped
ships (2P) were the common cruiser outcomes (New Orleans, Minneapolis, St. Louis, Honolulu);
two hits sink a destroyer always and a light cruiser two times in three (Helena sank to three).
"""

from __future__ import annotations

from fractions import Fraction

from .crt import DIE, HITS, column, distribution

HIT_RESULTS = ("-", "P", "W", "PW", "2P", "S")
HIT_CHART_HITS = {"-": 0, "P": 1, "W": 1, "PW": 2, "2P": 2, "S": 3}
"""Damage hits each chart result puts on the ship (``S`` sinks outright)."""

DEFENSE_BANDS: tuple[tuple[int, str], ...] = (
    (2, "DD"),  # destroyers (defense 1-2)
    (5, "large DD"),  # defense 3-5: Akizuki, big destroyers, old light cruisers
    (10, "CL/CA"),  # defense 6-10: light and heavy cruisers
    (20, "armoured"),  # defense 11-20
    (10_000, "BB"),  # 21 and up
)
"""Defense bands of the chart's columns: (highest defense, name)."""

HIT_CHART: dict[tuple[int, str], tuple[str, ...]] = {
    #                   die: 1     2     3     4     5     6
    (1, "DD"): ("PW", "S", "S", "S", "S", "S"),
    (1, "large DD"): ("P", "PW", "2P", "S", "S", "S"),
    (1, "CL/CA"): ("P", "W", "PW", "PW", "2P", "S"),
    (1, "armoured"): ("-", "P", "W", "PW", "PW", "2P"),
    (1, "BB"): ("-", "-", "P", "P", "W", "PW"),
    (2, "DD"): ("S", "S", "S", "S", "S", "S"),
    (2, "large DD"): ("2P", "S", "S", "S", "S", "S"),
    (2, "CL/CA"): ("PW", "2P", "S", "S", "S", "S"),
    (2, "armoured"): ("PW", "2P", "2P", "S", "S", "S"),
    (2, "BB"): ("P", "P", "PW", "2P", "2P", "S"),
}
"""Torpedo Hit Chart (hexplay's): (torpedo hits, defense band) -> result by die roll."""

ARTICLE_ONE_HIT_DESTROYERS = {"hit": 15, "sunk": 13, "DIW": 1, "PW": 1}
"""The article's Torpedo Hit Results 1942-43: destroyers that took one torpedo hit."""


def tev(speed: int) -> int:
    """Torpedo Evasion Value: current speed + 1 (a ship dead in the water has TEV 1)."""
    return speed + 1


def band(defense: int) -> str:
    for top, name in DEFENSE_BANDS:
        if defense <= top:
            return name
    raise AssertionError("unreachable: the last band is open")


def torpedo_hits(crt_result: str) -> int:
    """Torpedo hits from a CRT result: P or W one, PW two."""
    return HITS[crt_result]


def hit_result(hits: int, defense: int, die: int) -> str:
    return HIT_CHART[(min(hits, 2), band(defense))][die - 1]


def hit_distribution(hits: int, defense: int) -> dict[str, Fraction]:
    """Exact probability of each Hit Chart result for ``hits`` torpedo hits."""
    out = dict.fromkeys(HIT_RESULTS, Fraction(0))
    for r in HIT_CHART[(min(hits, 2), band(defense))]:
        out[r] += Fraction(1, DIE)
    return out


def attack_distribution(strength: Fraction | int, speed: int, defense: int) -> dict[str, object]:
    """The exact distribution of a torpedo battle: CRT column, torpedo hits (0/1/2) and the
    Hit Chart outcomes up to sunk, each a Fraction."""
    col = column(strength, tev(speed))
    crt = distribution(col)
    hits = {0: crt["-"], 1: crt["P"] + crt["W"], 2: crt["PW"]}
    outcome = dict.fromkeys(HIT_RESULTS, Fraction(0))
    outcome["-"] += hits[0]
    for n in (1, 2):
        if hits[n]:
            for r, p in hit_distribution(n, defense).items():
                outcome[r] += hits[n] * p
    return {"column": col, "tev": tev(speed), "crt": crt, "hits": hits, "outcome": outcome}


RELOAD_TURNS = 2
"""Turns a ship with a reload left waits after a salvo before it may fire again (hexplay's:
Japanese reload gear took 15-20 minutes, about three six-minute turns counting the salvo's)."""
