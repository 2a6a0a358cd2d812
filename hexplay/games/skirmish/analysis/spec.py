"""SKIRMISH's analysis description: what batches, sweeps and win probabilities report of it
(referenced by ``analysis=`` in its plugin record; see :mod:`hexplay.analysis`)."""

from __future__ import annotations

from hexplay.analysis.games import AnalysisSpec

from ..game import OUTCOME_FIELDS
from .spaces import ADVERSARY_SPACE, DEFENDER_SPACE, PROTECTION

SPEC = AnalysisSpec(
    game="skirmish",
    sides=("adversary", "defender"),
    win_side="adversary",
    outcome=OUTCOME_FIELDS,
    means=(
        "turns",
        "barrier_points",
        "adversary_killed",
        "adversary_wounded",
        "defender_killed",
        "defender_wounded",
    ),
    players={"adversary": "tactic", "defender": "tactic"},
    runner="hexplay.games.skirmish.analysis.runner:run_game",
    scenario="hexplay.games.skirmish.analysis.scenario_params:make_scenario",
    make_players="hexplay.games.skirmish.ai.matchup:make_players",
    title="P(adversary wins)",
    searches={
        "adversary": "hexplay.games.skirmish.analysis.worstcase:worst_case",
        "defender": "hexplay.games.skirmish.analysis.worstcase:best_defence",
    },
    spaces={"adversary": ADVERSARY_SPACE, "defender": DEFENDER_SPACE},
    protection=PROTECTION,
    seeded_search="hexplay.games.skirmish.ai.search:seeded_knobs",
)
"""SKIRMISH: the 1980 report's question is the adversary's chance; its tactic players and its
sweepable scenario knobs (:mod:`hexplay.games.skirmish.analysis.scenario_params`); its
worst-case searches (``hexplay worst-case``): the adversary's best response to a defence, the
defender's best defence against an attack (:mod:`hexplay.games.skirmish.analysis.worstcase`);
its search spaces and protection parameters (:mod:`hexplay.games.skirmish.analysis.spaces`)."""
