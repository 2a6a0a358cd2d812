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

from hexplay.ai.player import play
from hexplay.ai.random import RandomPlayer
from hexplay.engine.record import save
from hexplay.games.naval import NavalGame
from hexplay.games.naval.ai.players import NavalScripted


def _player(kind: str, side: str, seed: int):
    return NavalScripted(side, seed) if kind == "scripted" else RandomPlayer(side, seed)


# Re-recorded once when views became plain JSON (attack strengths in the views' events were
# Fractions, hashed through str()): with the whole document passed through jsonable(), the old
# and the new code gave the same digest for every case, so the games themselves are unchanged.
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
        "b5f9a25b12ae5b4ce03d48ed0572e964315f6339404a2d42402220ce48100502",
    ),
    (
        "kula_gulf",
        1,
        "scripted",
        "scripted",
        "817de6750dbc182a692b840d2c38aaeab5cb097e508fd7e6c31e34cdc96c4d82",
    ),
    (
        "kula_gulf",
        2,
        "scripted",
        "scripted",
        "760d29af91ab48a6405fae69d11eed5ba6eddf39e5405f62c7d392e10ff169e4",
    ),
    (
        "kula_gulf",
        7,
        "random",
        "scripted",
        "dc949ac32f057acc370d21cc3c2f3a693bb5f2eac6e28438360a8d66500fca2e",
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
        "2096207363d9a0438f013f1534aac2d611f715d6f3a0a7b149c35379a4af7fdf",
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
        "27798edd4b7fff747ef8598f009cef2a58c917577b262b14a44df92410e49809",
    ),
    (
        "horaniu",
        6,
        "scripted",
        "random",
        "b3cc172fffd0b896e2d973ce69fb09b72c68f974918331ad693d987fe57f3223",
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
