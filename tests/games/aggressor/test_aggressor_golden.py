"""Golden AGGRESSOR games: the engine and the scripted player must reproduce exactly the games
recorded before the speed work (same seeds, same games).

Each fingerprint is the sha256 of one seeded computer-vs-computer game on the batch scenario:
its save JSON without the map (scenario, commands, state, every die roll), the full event log
(with each side's redactions), the outcome and both sides' final views. They were computed with
the engine and players as they were before any optimisation; a difference is a behaviour change.
"""

from __future__ import annotations

import hashlib
import json

import pytest

import hexplay
from hexplay.ai.player import play
from hexplay.engine import jsonable

ENTRY = hexplay.game_entry("aggressor")

GOLDEN: dict[str, str] = {
    "scripted-scripted-0": "89d087c9b92ff91bb2bd3d55c954b25e4896ab6ed44171b5fae7876bfa778368",
    "scripted-scripted-1": "9d0e99da1f38ea338844d34fcf2ed6d19daa23f76fe7fbada9e860c171aa93b4",
    "scripted-scripted-2": "81f244b1fc75bb14d2a707cf7fee9bad87b889a32a4b131c89123c8b95813dbc",
    "scripted-scripted-3": "4309faa0b3534d8a1fb22a7db630c847d38330d767b423123d81defa5e1e05e4",
    "scripted-scripted-4": "c30ba57fc7cd0fd705a77bcb3e0d15b353062cb5a90c543ada3df4918a1ddd42",
    "scripted-scripted-5": "35a32617983441f5607d3ae82af0fc8a155c79b97dd1931209888b73349e5570",
    "scripted-scripted-6": "3f553c1c0b8904c95090da0b9a061d2adc33bfc3d13837699f49e8081f8e21b1",
    "random-scripted-7": "a4c5995facac793c76ba79c48515c0f7ac0f27ab9e060f436b1bc13b37cb2b2f",
    "random-scripted-8": "5cdbc1630b843037e9f86bad576b9c8db09c5f2a2f23e27e9c28a12f34a53ab3",
    "scripted-random-9": "d6e9ae7735af6919212684a53806d5b23d9aead27c817b0a97353077058e0ce3",
    "scripted-random-10": "f8a17dbeb388552d5b6e8fc32c13c1554844921d69e0b577747cb0c63088b83d",
    "random-random-11": "a5312a05e799f6a90dbed0548ebd27c0b3684c3124d17dfaa6e16b7b8629492c",
}


def golden_game(key: str):
    """The game named ``key`` = "<west player>-<east player>-<seed>" played out."""
    west, east, seed = key.split("-")
    s = int(seed)
    g = hexplay.new_game("aggressor", "batch", seed=s)
    play(g, {"west": ENTRY.player(west, "west", s), "east": ENTRY.player(east, "east", s + 1)})
    return g


def fingerprint(g) -> str:
    d = g.to_json()
    d["map"] = None
    parts = [
        json.dumps(d, sort_keys=True),
        json.dumps(jsonable([e.to_dict() for e in g.log.events]), sort_keys=True),
        json.dumps(jsonable(g.outcome()), sort_keys=True),
        json.dumps(jsonable(g.view("west")), sort_keys=True),
        json.dumps(jsonable(g.view("east")), sort_keys=True),
    ]
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()


@pytest.mark.parametrize("key", sorted(GOLDEN))
def test_golden_game(key):
    g = golden_game(key)
    assert g.over
    assert fingerprint(g) == GOLDEN[key]


def test_golden_covers_both_pairings():
    keys = list(GOLDEN)
    assert sum(k.startswith("scripted-scripted") for k in keys) >= 6
    assert any(k.startswith("random-") for k in keys)
    assert any(k.endswith(tuple(f"random-{i}" for i in range(100))) for k in keys)
