"""SKIRMISH's search spaces and protection parameters: what its worst-case searches
(:mod:`hexplay.analysis.worstcase`) and "how much protection is enough"
(:mod:`hexplay.analysis.protection`) ask of it (named by its analysis description)."""

from __future__ import annotations

from typing import Any

from hexplay.analysis.grid import IntRange
from hexplay.analysis.protection import Protection

ADVERSARY_SPACE: dict[str, Any] = {
    "workers": IntRange(1, 5),
    "replace_workers": [True, False],
    "station_range": IntRange(2, 7),
    "station_cover": ["trees", "slope", "open", "any"],
    "worker_start": IntRange(1, 4),
    "assault_turn": IntRange(1, 4),
    "wait_for_crew": [True, False],
    "fire_priority": ["best_odds", "nearest", "wounded", "threat"],
    "min_hit": [1 / 12, 1 / 9, 1 / 6, 1 / 4],
}
"""The adversary tactic knobs searched (:data:`hexplay.games.skirmish.ai.tactics.ADVERSARY_KNOBS`)
and their ranges: the workers and stations around the sizes the 1980 scenarios field (3-8
men), the assault turns of the 8-10 turn games, the hit chances of Table VI's steps."""

DEFENDER_SPACE: dict[str, Any] = {
    "escort_mode": ["close", "hold"],
    "dismount_distance": IntRange(1, 5),
    "dismount": [True, False],
    "foot_mode": ["advance", "hold"],
    "engage_range": IntRange(1, 6),
    "transporter_crew": ["stay", "dismount"],
    "fire_priority": ["workers", "best_odds", "nearest", "wounded"],
    "min_hit": [1 / 12, 1 / 9, 1 / 6, 1 / 4],
}
"""The defender tactic knobs searched (:data:`hexplay.games.skirmish.ai.tactics.DEFENDER_KNOBS`,
all but ``fire``): the escorts' stand-off within the 5 hexes of a dismount, the guards' closing
range up to the rifle's effective band, the same hit steps as the adversary's."""

PROTECTION: dict[str, Protection] = {
    "n_guards": Protection(
        "n_guards",
        (3, 4, 5, 6, 7, 8),
        "guards",
        "defender",
        "the report's first question: the value of additional guards",
    ),
    "barrier_points_required": Protection(
        "barrier_points_required",
        (100, 150, 200, 250, 300),
        "barrier points required",
        "defender",
        "a tougher vault: time for the guards to arrive",
    ),
    "escort_distance": Protection(
        "escort_distance",
        (20, 15, 10, 5, 2),
        "escort start distance (hexes)",
        "defender",
        "escorts closer to the transporter arrive sooner (levels from far to near)",
    ),
}
"""SKIRMISH's protection parameters (sweep knobs of
:mod:`hexplay.games.skirmish.analysis.scenario_params`), levels in order of more protection."""
