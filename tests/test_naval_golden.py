"""Naval golden games: sha256 fingerprints of seeded computer games, pinned BEFORE the speed
work so that every optimisation of the engine and the scripted player keeps the games the same
(same seeds, same orders, same rolls, same events, same outcome).

A fingerprint hashes the game's plain-JSON save (scenario, map, dice, every command, the final
state with the plot charts and history), the referee's event log and the outcome, plus the
final view of each side. If a change to the rules or the player's doctrine is *meant* to change
the games, regenerate the table (``python tests/test_naval_golden.py``) and say why in the
commit.
"""

from __future__ import annotations

import hashlib
import json

import pytest

from hexplay.ai.naval import NavalScripted
from hexplay.ai.player import play
from hexplay.ai.random import RandomPlayer
from hexplay.engine.record import save
from hexplay.rules.naval import NavalGame


def _player(kind: str, side: str, seed: int):
    return NavalScripted(side, seed) if kind == "scripted" else RandomPlayer(side, seed)


def fingerprint(scenario: str, seed: int, ijn: str, usn: str) -> str:
    """sha256 of a played game's save JSON, referee event log, outcome and final views."""
    g = NavalGame.new(scenario, seed=seed)
    play(g, [_player(ijn, "ijn", seed), _player(usn, "usn", seed + 1)])
    doc = {
        "save": save(g),
        "events": g.events_seen("referee"),
        "outcome": g.outcome(),
        "views": {s: g.view(s) for s in ("ijn", "usn")},
    }
    text = json.dumps(doc, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode()).hexdigest()


CASES: list[tuple[str, int, str, str, str]] = [
    # (scenario, seed, ijn player, usn player, sha256)
    (
        "kula_gulf",
        0,
        "scripted",
        "scripted",
        "6a57759d5e95cc1e2130fd996920f60b14dc752d8d8f0cabe8652d7fe5710d52",
    ),
    (
        "kula_gulf",
        1,
        "scripted",
        "scripted",
        "a40731dc4b452f81c4edd4a809a86e98d6c0fae8ea7ed9945090ac5a59893d1d",
    ),
    (
        "kula_gulf",
        2,
        "scripted",
        "scripted",
        "0b1db4960b2da7d1cc661a58513eb4146a95b64932be1b37e57edc918cab554b",
    ),
    (
        "kula_gulf",
        7,
        "random",
        "scripted",
        "b0cd165a6ff5307d98d2072fa0ccec812e007c19280041f8e1cc619ebe2bc57d",
    ),
    (
        "kula_gulf",
        8,
        "scripted",
        "random",
        "3c433340a5cca08be965d4a93cb00ca22080c994e3f9705be2be48987fe5a423",
    ),
    (
        "kula_gulf_30",
        3,
        "scripted",
        "scripted",
        "674a7cc18b0c3c8f0109590d40527f71485abb5f2b72a30336cd0566e8945c44",
    ),
    (
        "horaniu",
        0,
        "scripted",
        "scripted",
        "dd11740dfd6956e80e35f7e6c3f18a34a65cad5728f79c48d2ba64ed66c4660a",
    ),
    (
        "horaniu",
        1,
        "scripted",
        "scripted",
        "e03a6a7775f354c22ab27bfdbe4578ce63affedba1774feadf1946a088fc0402",
    ),
    (
        "horaniu",
        5,
        "random",
        "scripted",
        "ce7ea0b17ee121cce8c535694ed8eb97076eadcee872acebd0b8173551d025b7",
    ),
    (
        "horaniu",
        6,
        "scripted",
        "random",
        "6c39435e9bf577ef7de9c2fa037f1c6d33d87b2cce5d5bf3d550bb60ba656312",
    ),
]


@pytest.mark.parametrize("case", CASES, ids=[f"{c[0]}-{c[1]}-{c[2]}-{c[3]}" for c in CASES])
def test_golden_game(case):
    scenario, seed, ijn, usn, digest = case
    assert fingerprint(scenario, seed, ijn, usn) == digest


def test_fingerprint_tells_games_apart():
    """Two seeds give two fingerprints (the hash sees the game, not only its shape)."""
    assert fingerprint("kula_gulf", 0, "scripted", "scripted") != fingerprint(
        "kula_gulf", 1, "scripted", "scripted"
    )


PLAN = [
    ("kula_gulf", 0, "scripted", "scripted"),
    ("kula_gulf", 1, "scripted", "scripted"),
    ("kula_gulf", 2, "scripted", "scripted"),
    ("kula_gulf", 7, "random", "scripted"),
    ("kula_gulf", 8, "scripted", "random"),
    ("kula_gulf_30", 3, "scripted", "scripted"),
    ("horaniu", 0, "scripted", "scripted"),
    ("horaniu", 1, "scripted", "scripted"),
    ("horaniu", 5, "random", "scripted"),
    ("horaniu", 6, "scripted", "random"),
]
"""The games pinned in :data:`CASES`."""

if __name__ == "__main__":  # regenerate the table
    for c in PLAN:
        print(f"    {(*c, fingerprint(*c))!r},")
