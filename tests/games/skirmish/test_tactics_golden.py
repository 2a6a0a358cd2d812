"""Golden fingerprints of seeded batch games with the tactic players.

The hashes were recorded from the tactic players before their speed work; any change in a
decision they make (or in the engine's outcomes) changes a hash. If the rules change on
purpose, re-record them.

Re-recorded (cases 1 and 2) when the transporter's crew stopped being listed in the adversary's
view without LOS to the transporter (issue 10's hidden-information fix): the tactic adversary
had been deciding from men it could not see.
"""

from __future__ import annotations

import hashlib
import json

import pytest

from hexplay.analysis import run_batch

CASES = [
    ({}, 20, 11, "acef3d63a5c816014426329239df0a0882cf05dc5153c684eebe6cce250c19eb"),
    (
        {"adversary": {"workers": 4}},
        20,
        12,
        "e313739d4ad3728cf341b8806a57486b9b29f162f9e4dbec24ae8e2a46aa2529",
    ),
    (
        {"defender": {"escort_mode": "hold"}},
        20,
        13,
        "43d2a498296fcf9bf9ba3b44474c6e620e4826781eb6804764fad3d213e413f6",
    ),
]
RECORDS_TACTICS = {
    "adversary": {"fire_priority": "threat", "station_cover": "slope"},
    "defender": {"fire_priority": "wounded", "transporter_crew": "dismount"},
}
RECORDS_HASH = "0b525ba63effdc5ab3d7d2a7af9c22b716d9e9987c2e053f316cf01357e630a2"


def _fingerprint(df) -> str:
    rows = df.to_dict(orient="records")
    return hashlib.sha256(json.dumps(rows, sort_keys=True, default=str).encode()).hexdigest()


@pytest.mark.parametrize(("tactics", "n", "seed", "digest"), CASES)
def test_batch_rows_unchanged(tactics, n, seed, digest):
    assert _fingerprint(run_batch(n, {}, tactics, seed=seed, game="skirmish")) == digest


def test_game_records_unchanged():
    df = run_batch(10, {}, RECORDS_TACTICS, seed=14, records=True, game="skirmish")
    assert _fingerprint(df) == RECORDS_HASH
