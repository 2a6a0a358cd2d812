"""AMBUSH's analysis description: what batches, sweeps and win probabilities report of it
(referenced by ``analysis=`` in its plugin record; see :mod:`hexplay.analysis`)."""

from __future__ import annotations

from hexplay.analysis.games import AnalysisSpec

SPEC = AnalysisSpec(
    game="ambush",
    sides=("adversary", "defender"),
    win_side="adversary",
    outcome=(
        "winner",
        "reason",
        "turns",
        "barrier_points",
        "adversary_killed",
        "adversary_wounded",
        "defender_killed",
        "defender_wounded",
        "ambush",
        "cargo",
        "cargo_away",
        "radio_through",
        "response_arrival",
        "response_arrived",
    ),
    means=(
        "turns",
        "barrier_points",
        "adversary_killed",
        "defender_killed",
        "cargo_away",
        "response_arrived",
    ),
    players={"adversary": "scripted", "defender": "scripted"},
    scenario="hexplay.games.ambush.game:sweep_scenario",
    title="P(adversary gets the cargo away)",
)
"""AMBUSH: the adversary wins only by getting the cargo off the map (with ``cargo_removal``),
so P(adversary wins) is P(cargo away). Sweep parameters: ``base`` (a bundled scenario's name,
default "roadblock") or ``file`` (``--scenario FILE``) and any AMBUSH scenario field, e.g.
``response_density``, ``barrier``, ``radio`` (:func:`hexplay.games.ambush.game.sweep_scenario`)."""
