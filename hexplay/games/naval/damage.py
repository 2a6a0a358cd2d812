"""What hits do to a ship (hexplay's effects of the source's P and W results).

* ``P`` (power hit): each takes half the ship's top speed (rounded up) off it: 7 -> 3 -> 0. Two
  power hits stop any ship here (dead in the water), which is how the Torpedo Hit Chart's ``2P``
  reproduces the article's destroyer that was DIW after one torpedo (Foote). A ship's speed is
  cut to its new top speed when the result takes effect.
* ``W`` (weapon hit): each halves the gunnery strength (rounded down): 17 -> 8 -> 4.
  Torpedo mounts are left alone: the source ties W to gunnery only.
* Three hits of any type sink the ship (the source); ``S`` on the Hit Chart sinks at once.
"""

from __future__ import annotations

from math import ceil

SINKING_HITS = 3


def top_speed_after(top: int, p_hits: int) -> int:
    """Top speed after ``p_hits`` power hits (never below 0)."""
    return max(0, top - p_hits * ceil(top / 2))


def gunnery_after(gunnery: int, w_hits: int) -> int:
    """Gunnery strength after ``w_hits`` weapon hits."""
    return gunnery >> w_hits


def result_hits(result: str) -> tuple[int, int]:
    """(power hits, weapon hits) of a CRT or Hit Chart result (``S`` handled by the caller)."""
    return {
        "-": (0, 0),
        "P": (1, 0),
        "W": (0, 1),
        "PW": (1, 1),
        "2P": (2, 0),
    }[result]
