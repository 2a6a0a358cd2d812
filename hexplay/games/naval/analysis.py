"""The naval game's analysis description: what batches, sweeps and win probabilities report of it
(referenced by ``analysis=`` in its plugin record; see :mod:`hexplay.analysis`)."""

from __future__ import annotations

from hexplay.analysis.games import AnalysisSpec

SPEC = AnalysisSpec(
    game="naval",
    sides=("ijn", "usn"),
    win_side="ijn",
    means=("turns", "vp_ijn", "vp_usn", "sunk_ijn", "sunk_usn"),
    players={"ijn": "scripted", "usn": "scripted"},
    scenario="hexplay.games.naval.scenarios:sweep_scenario",
    title="P(ijn wins)",
)
"""The naval night action: every outcome column kept; victory points and ships sunk a side
averaged per sweep point (not ``ratio``: None while the USN has no point). Sweep parameters:
``base`` (a bundled scenario's name, default "kula_gulf") or ``file`` (``--scenario FILE``) and
any top-level scenario field (:func:`hexplay.games.naval.scenarios.sweep_scenario`)."""
