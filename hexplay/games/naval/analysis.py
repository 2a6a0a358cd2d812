"""The naval game's analysis description: what batches, sweeps and win probabilities report of it
(referenced by ``analysis=`` in its plugin record; see :mod:`hexplay.analysis`)."""

from __future__ import annotations

from hexplay.analysis.games import AnalysisSpec
from hexplay.analysis.grid import IntRange
from hexplay.analysis.protection import Protection

SIDE_SPACE = {
    "mission": ["scripted", "fight", "run"],
    "formation": ["line", "loose"],
    "speed": ["squadron", "flank", "slow"],
    "fire": ["spread", "focus", "hold"],
    "gun_band": IntRange(3, 9),
    "threat_band": IntRange(6, 12),
    "torpedo_offset": IntRange(-2, 2),
    "stand_off": IntRange(8, 16),
}
"""A side's search space: the scripted player's plan knobs (every value of
:data:`hexplay.games.naval.ai.players.PLAN_KNOBS`) and its range knobs around their defaults
(:data:`~hexplay.games.naval.ai.players.KNOBS`: 6, 9, 0, 12 hexes)."""

PROTECTION = {
    "ijn_start_points": Protection(
        "ijn_start_points",
        (6, 4, 2, 0),
        "IJN's starting victory points",
        "usn",
        "Kula Gulf's IJN starts with 6 points (the supply ships have unloaded): how much of "
        "that head start the USN can give against the searched IJN",
    ),
    "leave_loses_before": Protection(
        "leave_loses_before",
        (None, 5, 10, 15, 20),
        "a side leaving before this turn loses (none: may leave at once)",
        "usn",
        "Kula Gulf's IJN may leave the map at once (its troops land, its 6 points kept: an IJN "
        "major victory while the USN has no point); Horaniu's rule holds a side on station: "
        "how long the IJN must stay for the USN to stop a searched IJN winning",
    ),
}
"""The naval game's protection parameters, from the USN's side, levels in order of more
protection: the fewer points the IJN starts with, the less the USN must sink; the longer the
IJN must stay (a side whose ship leaves before that turn loses, the scenario field of Horaniu),
the longer the USN has to find it."""

SPEC = AnalysisSpec(
    game="naval",
    sides=("ijn", "usn"),
    win_side="ijn",
    means=("turns", "vp_ijn", "vp_usn", "sunk_ijn", "sunk_usn"),
    players={"ijn": "scripted", "usn": "scripted"},
    scenario="hexplay.games.naval.scenarios:sweep_scenario",
    title="P(ijn wins)",
    spaces={"ijn": SIDE_SPACE, "usn": SIDE_SPACE},
    protection=PROTECTION,
)
"""The naval night action: every outcome column kept; victory points and ships sunk a side
averaged per sweep point (not ``ratio``: None while the USN has no point). Sweep parameters:
``base`` (a bundled scenario's name, default "kula_gulf") or ``file`` (``--scenario FILE``) and
any top-level scenario field (:func:`hexplay.games.naval.scenarios.sweep_scenario`)."""
