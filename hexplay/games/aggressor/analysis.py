"""AGGRESSOR's analysis description: what batches, sweeps and win probabilities report of it
(referenced by ``analysis=`` in its plugin record; see :mod:`hexplay.analysis`)."""

from __future__ import annotations

from hexplay.analysis.games import AnalysisSpec

from .scenario import BATCH, SCENARIOS

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
