"""AGGRESSOR's settings of the search player (:mod:`hexplay.ai.search`): the scripted player
as the base policy, its knob variants as the turn candidates, and armies as the set-up
candidates.

In AGGRESSOR the set-up is the army (:data:`ARMIES`: 18 units of six types, chosen
freely): turn candidates that change the scripted player's knobs scored 0.525 [0.320, 0.721]
of 20 games against it (4 rollouts of 2 turns a decision), and no fixed knob set beat the
default beyond noise, while the army alone moved the score from 0.53 to 0.9 (pilots); so its
figure searches the set-up among the armies (rollouts of whole games against the scripted
player with the computer's army, the enemy's set-up drawn by the sampler) and commits
(``turns=False``): 0.897 [0.848, 0.932] (``search_aggressor_win_rate``) of 200 games (seeds
0-199, ``benchmarks/search.py``, saved in ``docs/evidence/search.json``), for 0.388 CPU s a
set-up (``search_aggressor_win_rate.cpu_s_setup``), against the scripted player's 0.477
against itself on the same games (measured 2026-12-01). The search finds what the army gives,
no more: all armour, fixed, scored 0.892 on those games too, as the search then did (measured
after the choice, for context); a turn search on top (4 rollouts of 2 turns) gave 0.867 of 30
pilot games, no better, at several times the cost.
"""

from __future__ import annotations

import math
from typing import Any

from hexplay.ai.search import Policy, SearchSettings, knob_variant, search_for

from .plans import PlanPlayer
from .players import scripted

VARIANTS: list[dict[str, Any]] = [
    {},
    {"min_hit_value": 2},  # attack at 20 %: press the assault
    {"min_hit_value": 5},  # attack at 50 % only: hold and dig in more
    {"min_fire_hit_value": 2},  # artillery and air at poorer odds
    {"max_aa_risk": 30.0},  # strike through the anti-aircraft
    {"min_hit_value": 2, "min_fire_hit_value": 2},  # all out
]
"""The turn candidates: the scripted player's knobs
(:data:`hexplay.games.aggressor.ai.players.KNOBS`) as
they stand, then more and less aggressive changes of them."""


def candidates(side: str, seed: int) -> list[tuple[str, Policy]]:
    """The scripted player as the base policy (its variants are made per decision)."""
    return [("default", scripted(side, seed=seed))]


ARMIES: dict[str, dict[str, int]] = {
    "all armour": {"Armor": 18},
    "armour 15, air 3": {"Armor": 15, "Airbase": 3},
    "armour 16, artillery 2": {"Armor": 16, "Artillery": 2},
    "armour 17, support 1": {"Armor": 17, "Support": 1},
    "armour 14": {"Armor": 14, "Artillery": 2, "Airbase": 1, "Support": 1},
    "armour 10": {"Armor": 10, "Infantry": 2, "Artillery": 3, "Airbase": 2, "Support": 1},
    "armour 9, artillery 6": {"Armor": 9, "Artillery": 6, "Airbase": 2, "Support": 1},
    "computer": {
        "Armor": 7,
        "Infantry": 4,
        "Artillery": 3,
        "Airbase": 2,
        "Missile": 1,
        "Support": 1,
    },
}
"""The set-up candidates: armies of 18 (the digest lets each side choose its units
freely), each placed by :func:`hexplay.games.aggressor.ai.plans.plan_setup` and played by the
scripted commander. Pilot (each army fixed, against the scripted player with the computer's
army, sides alternating; seeds 50000-50399, apart from the benchmark's): the computer's army
scores 0.527 of 200 games; armour 10: 0.667, armour 9 with 6 artillery 0.713, armour 14
0.88, all armour 0.91 and 0.90 (two sets of 200), armour 16 with 2 artillery 0.93, 17 with a
support unit 0.92, 15 with 3 airbases 0.94 (200 each), while more artillery (6 of 18: 0.47),
airbases (5: 0.41), missiles (3: 0.47), infantry (8: 0.24) or support (3: 0.43) than the
computer's all scored less. Armour (range 3, strength 3) is the strongest unit in the open and
the scripted front is seven of them: the army decides more than any turn knob (the knob
tournament found no knob set better than the default beyond noise). All armour comes first
(the set-up search never drops its first candidate); the computer's army last, as the check
that the search tells them apart."""


def setups(side: str, seed: int) -> list[tuple[str, Policy]]:
    """The set-up candidates: the scripted commander with each army of
    :data:`ARMIES` (its own random stream for the rows)."""
    return [
        (name, PlanPlayer(side, seed=seed + 15485863 * j, army=army))
        for j, (name, army) in enumerate(ARMIES.items())
    ]


def heuristic(out: dict[str, Any], side: str) -> float:
    """An unfinished game's value for ``side``: sectors held (the victory condition) and
    units left."""
    enemy = "east" if side == "west" else "west"
    d = (out.get(f"sectors_{side}", 0) - out.get(f"sectors_{enemy}", 0)) + 0.25 * (
        out.get(f"units_{side}", 0) - out.get(f"units_{enemy}", 0)
    )
    return 1 / (1 + math.exp(-d / 2))


SETTINGS = SearchSettings(
    candidates=candidates,
    variants=lambda side: VARIANTS,
    variant=knob_variant,
    setups=setups,
    heuristic=heuristic,
    budget={"setup_iterations": 8, "turns": False},
)
"""AGGRESSOR's search settings. The registry's budget: the set-up (the army, :data:`ARMIES`)
searched with 8 rollouts of whole games (a set-up copy is cheap: some 0.3 s of one core), then
the chosen plan plays every turn (``turns=False``): that is the measured strength (a turn
search on top was no better, see the module docstring), and it keeps the default player wholly
fog-fair, since the turn sampler still takes *which* enemy units are alive from the true state
(:func:`~hexplay.games.aggressor.ai.sampler.sample`); pass ``turns=True`` for the turn search,
whose rollouts stop after ``horizon`` turns (a copy costs 25-50 ms) and are scored by
:func:`heuristic`."""

player = search_for(SETTINGS)
"""The registry's ``search`` player."""


def army_player(side: str, seed: int = 0, army: str = "computer", **knobs: Any) -> PlanPlayer:
    """The registry's ``army`` player: the scripted commander with the army named ``army`` (a
    key of :data:`ARMIES`, default the computer's) and the scripted player's ``knobs`` (the
    army composition as a knob, for sweeps and the worst-case search)."""
    if army not in ARMIES:
        raise ValueError(f"army: no army {army!r}; there are {sorted(ARMIES)}")
    return PlanPlayer(side, seed=seed, army=ARMIES[army], **knobs)
