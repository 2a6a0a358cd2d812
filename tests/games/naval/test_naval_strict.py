"""The naval game's inputs are strict, as every game's: scenario fields of the wrong type or
out of bounds, an empty victory table, duplicate keys, deep nesting and non-UTF-8 files are a
ScenarioError naming the field (from a dict, JSON text, a file and a tampered save), and a
plot's ``radar`` is a boolean, never a string or a number read as one."""

from __future__ import annotations

import json

import pytest
from naval_cases import game, plot_all, ship

from hexplay.engine import IllegalOrder, SaveError, ScenarioError
from hexplay.games.naval.game import NavalGame
from hexplay.games.naval.scenarios import kula_gulf, load_scenario, read_scenario


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("usn_radar", "yes"),
        ("usn_radar", 1),
        ("turns", "12"),
        ("turns", 12.0),
        ("turns", True),
        ("turns", 101),
        ("spotting_range", 51),
        ("radar_range", 10**9),
        ("ijn_start_points", 10**9),
        ("troop_point", -1),
        ("levels", []),
        ("levels", [[float("nan"), "Draw"]]),
        ("levels", [[5.0, "IJN major", "extra"]]),
        ("leave_loses_before", 0),
        ("ijn_diw_counts_sunk", "false"),
    ],
)
def test_scenario_fields_are_strict_and_bounded(field, value):
    with pytest.raises(ScenarioError, match=field):
        load_scenario({**kula_gulf(), field: value})


def test_ship_fields_are_strict():
    d = kula_gulf()
    d["ships"][0] = {**d["ships"][0], "speed": "5"}
    with pytest.raises(ScenarioError, match=r"ships\.0\.speed"):
        load_scenario(d)
    d["ships"][0] = {**d["ships"][0], "speed": 5, "troops": "no"}
    with pytest.raises(ScenarioError, match=r"ships\.0\.troops"):
        load_scenario(d)


def test_levels_from_json_are_pairs():
    sc = load_scenario(json.dumps({**kula_gulf(), "levels": [[2.0, "IJN major"], [0, "Draw"]]}))
    assert sc.levels == [(2.0, "IJN major"), (0.0, "Draw")]


def test_empty_levels_no_longer_breaks_every_view():
    with pytest.raises(ScenarioError, match="levels"):
        NavalGame.new({**kula_gulf(), "levels": []})


def test_json_text_and_files_go_through_the_strict_reader(tmp_path):
    text = json.dumps(kula_gulf())
    dup = text[:-1] + ', "turns": 12}'
    with pytest.raises(ScenarioError, match="duplicate"):
        load_scenario(dup)
    deep = '{"notes": ' + "[" * 20000 + "]" * 20000 + "}"
    with pytest.raises(ScenarioError):
        load_scenario(deep)
    p = tmp_path / "bad.json"
    p.write_bytes(text.replace('"title"', '"ti\xfftle"').encode("latin-1"))
    with pytest.raises(ScenarioError):
        read_scenario(p)
    p.write_text(dup)
    with pytest.raises(ScenarioError, match="duplicate"):
        read_scenario(p)


def test_a_tampered_save_is_refused():
    save = NavalGame.new(kula_gulf(), seed=1).to_json()
    save["scenario"]["usn_radar"] = "yes"
    with pytest.raises(SaveError, match="usn_radar"):
        NavalGame.from_json(save)


@pytest.mark.parametrize("radar", ["false", "true", 0, 1, [True]])
def test_radar_is_a_boolean(radar):
    g = game(
        [ship("A", "Kagero", "1008", speed=0), ship("B", "Fletcher", "1017", speed=0)],
        usn_radar=True,
    )
    before = g.to_json()
    with pytest.raises(IllegalOrder, match="FCR"):
        g.order("usn", kind="plot", unit="B", radar=radar)
    assert g.to_json() == before


def test_radar_false_plots_no_radar_fire():
    g = game(
        [ship("A", "Kagero", "1008", speed=0), ship("B", "Fletcher", "1017", speed=0)],
        usn_radar=True,
        dice=[1] * 10,
    )
    plot_all(g, {"B": {"radar": False}})
    assert not [e for e in g.history[0]["events"] if e["referee"]["kind"] == "gunnery"]
