"""AGGRESSOR's analysis description: what batches, sweeps and win probabilities report of it
(referenced by ``analysis=`` in its plugin record; see :mod:`hexplay.analysis`)."""

from __future__ import annotations

from hexplay.analysis.games import AnalysisSpec

from .scenario import BATCH, SCENARIOS

ARMY_NAMES = [
    "computer",
    "all armour",
    "armour 15, air 3",
    "armour 16, artillery 2",
    "armour 17, support 1",
    "armour 14",
    "armour 10",
    "armour 9, artillery 6",
]
"""The armies of :data:`hexplay.games.aggressor.ai.search.ARMIES` (named here, so the analysis
description loads without the players)."""
SIDE_SPACE = {
    "player": ["army"],
    "army": ARMY_NAMES,
    "min_hit_value": [2, 3, 4, 5],
    "min_fire_hit_value": [2, 3, 4],
    "max_aa_risk": [6.0, 12.0, 30.0],
}
"""A side's search space: the army composition (the ``army`` player, the scripted commander
with a named army) and the scripted player's knobs around their defaults (the search player's
variants' range). The default candidate (no knobs) is the scripted player with the computer's
army: searched against the other side's fixed knobs (e.g. ``east.player=army``,
``east.army="all armour"``: the computer's best army) it asks which army beats it."""

SPEC = AnalysisSpec(
    game="aggressor",
    sides=("west", "east"),
    win_side="west",
    means=(
        "turns",
        "units_west",
        "units_east",
        "sectors_west",
        "sectors_east",
        "partisans_west",
        "partisans_east",
        "cbr_hexes",
    ),
    players={"west": "scripted", "east": "scripted"},
    scenario="hexplay.games.aggressor.scenario:batch_scenario",
    title="P(west wins)",
    spaces={"west": SIDE_SPACE, "east": SIDE_SPACE},
    notes=(
        "no turn limit in play (the original has none): batches and sweeps play the "
        f"{BATCH!r} scenario, a draw after {SCENARIOS[BATCH]['turn_limit']} rounds, so every "
        "game ends (scenario.turn_limit=N sets another limit, scenario.turn_limit=null lifts "
        "it, scenario.base=<name> starts from another named scenario)"
    ),
)
"""AGGRESSOR: every outcome column kept; its own figures (units left, sectors controlled,
partisans, CBR hexes) averaged per sweep point. The original has no turn limit, so its batches
and sweeps play the ``batch`` scenario (a draw after its turn limit: every game ends) with the
sweep parameters as scenario fields over it
(:func:`hexplay.games.aggressor.scenario.batch_scenario`; ``base`` names another scenario,
``turn_limit=None`` lifts the limit). A game in play has none."""
