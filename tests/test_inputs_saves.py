"""A tampered save is a SaveError naming where, in every game: a forced die outside the roll's
faces, another bundled map, a changed terrain cell (of a bundled map, or of the map a
scenario makes); never a bare
ValueError, never a game that loads on a map its scenario does not play on."""

from __future__ import annotations

import copy

import pytest
from toy_games import shipped_games

import hexplay
from hexplay.ai.player import play
from hexplay.engine import SaveError


def _save(name: str) -> tuple[type, dict]:
    g = hexplay.new_game(name, seed=1)
    entry = hexplay.game_entry(name)
    play(g, {s: entry.player("random", s, seed=1) for s in g.sides}, max_turns=2)
    return type(g), g.to_json()


def _tampered(save: dict) -> dict[str, dict]:
    out = {}
    d = copy.deepcopy(save)
    d["dice"] = {"kind": "forced", "seed": 1, "values": [7] * 200, "strict": True}
    out["a die of 7"] = d
    for m in ("skirmish", "aggressor", "ambush_hills_dense"):
        d = copy.deepcopy(save)
        d["map"] = m
        out[f"the bundled map {m}"] = d
    d = copy.deepcopy(save)
    t = d["map"]["terrain"]
    t[0][0] = (t[0][0] + 1) % max(2, len(d["map"]["terrain_names"]))
    out["a changed terrain cell"] = d
    return out


@pytest.mark.parametrize("name", shipped_games())
def test_tampered_saves_are_save_errors(name):
    cls, save = _save(name)
    assert cls.from_json(copy.deepcopy(save)).to_json() == save
    for what, d in _tampered(save).items():
        if d["map"] == save["map"] or (isinstance(d["map"], str) and d["map"] == name):
            continue  # (the game's own bundled map: the same map)
        with pytest.raises(SaveError):
            cls.from_json(d)
            pytest.fail(f"{name}: {what} loaded")
