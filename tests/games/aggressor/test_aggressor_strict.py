"""AGGRESSOR's scenario is strict, as every game's: strings are not booleans or numbers, from
a dict, a batch's parameters, a scenario file and a tampered save alike."""

from __future__ import annotations

import json

import pytest

from hexplay.engine import SaveError, ScenarioError
from hexplay.games.aggressor import AggressorGame
from hexplay.games.aggressor.scenario import batch_scenario, parse_scenario


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("obs", "no"),
        ("obs", 0),
        ("army_size", "18"),
        ("army_size", 18.0),
        ("turn_limit", " 0617 "),
        ("die_factor", True),
        ("partisans", "false"),
        ("cbr", "@KD"),
        ("name", ""),
    ],
)
def test_wrong_types_are_refused(field, value):
    with pytest.raises(ScenarioError, match=field):
        parse_scenario({field: value})
    with pytest.raises(ScenarioError, match=field):
        batch_scenario({field: value})


def test_the_issues_example_is_refused_whole():
    with pytest.raises(ScenarioError):
        parse_scenario({"obs": "no", "army_size": "18", "turn_limit": " 0617 "})


def test_json_lists_are_the_tuples_the_fields_hold(tmp_path):
    unit = {"side": "west", "type": "Armor", "hex": "@KD"}
    sc = parse_scenario({"position": [unit], "cbr": ["@KE"]})
    assert sc.cbr == ("@KE",) and sc.position[0].hex == "@KD"
    p = tmp_path / "s.json"
    p.write_text(json.dumps({"obs": "no"}))
    with pytest.raises(ScenarioError, match="obs"):
        batch_scenario({"file": str(p)})


def test_a_tampered_save_is_refused():
    save = AggressorGame.new(seed=1).to_json()
    save["scenario"]["army_size"] = "18"
    with pytest.raises((SaveError, ScenarioError), match="army_size"):
        AggressorGame.from_json(save)
