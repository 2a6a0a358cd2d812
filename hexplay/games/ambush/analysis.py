"""AMBUSH's analysis description: what batches, sweeps and win probabilities report of it
(referenced by ``analysis=`` in its plugin record; see :mod:`hexplay.analysis`)."""

from __future__ import annotations

from hexplay.analysis.games import AnalysisSpec
from hexplay.analysis.protection import Protection

from ..skirmish.analysis.spaces import ADVERSARY_SPACE, DEFENDER_SPACE

SPACES = {
    "adversary": {"player": ["tactic"], **ADVERSARY_SPACE},
    "defender": {"player": ["tactic"], **DEFENDER_SPACE},
}
"""AMBUSH's search spaces: its tactic players (SKIRMISH's tactic player with AMBUSH's moving
convoy, cargo and radios) over SKIRMISH's knob ranges; the default candidate (no knobs) is the
scripted player, every drawn one the tactic player."""

PROTECTION = {
    "response_density": Protection(
        "response_density",
        ("low", "medium", "high"),
        "population density (response force)",
        "defender",
        "more responders, sooner (response.toml)",
    ),
    "barrier": Protection(
        "barrier",
        ("light", "standard", "reinforced", "vault"),
        "cargo barrier",
        "defender",
        "a delay barrier: time for the response (barriers.toml)",
    ),
    "radio": Protection(
        "radio",
        (False, True),
        "radio (CB + long range)",
        "defender",
        "the long-range link dispatches the response; CB warns the escorts",
    ),
}
"""AMBUSH's protection parameters (scenario fields), levels in order of more protection."""

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
    spaces=SPACES,
    protection=PROTECTION,
)
"""AMBUSH: the adversary wins only by getting the cargo off the map (with ``cargo_removal``),
so P(adversary wins) is P(cargo away). Sweep parameters: ``base`` (a bundled scenario's name,
default "roadblock") or ``file`` (``--scenario FILE``) and any AMBUSH scenario field, e.g.
``response_density``, ``barrier``, ``radio`` (:func:`hexplay.games.ambush.game.sweep_scenario`)."""
