"""SKIRMISH's (and AMBUSH's) turn-summary terms (the plugin record's ``summary`` part): shots
(``fire``) counted, fates from ``casualty`` events (killed / wounded), a shot's K/W result
marked at the hex shot at, the barrier points so far."""

from __future__ import annotations

from ....widgets.summary import SummaryTerms

TERMS = SummaryTerms(
    attacks={"fire": "shot"},
    words={"K": "killed", "W": "wounded"},
    order=("fire", "casualty", "move", "vehicle", "exit", "barrier work", "game over"),
)
"""How SKIRMISH's events read in the turn summary (the shell's default reading, declared)."""
