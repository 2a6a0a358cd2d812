"""Save and resume from code, and command-line parameter errors that name the parameter
(issue 30, item 12): ``Game.from_json`` takes a dict or its JSON text for every game; every
bad ``--set``/``--param`` value is refused with the parameter's name and what it takes."""

from __future__ import annotations

import json

import pytest

from hexplay.analysis.grid import IntRange, expand_grid, parse_values
from hexplay.cli import main
from hexplay.engine import SaveError
from hexplay.registry import new_game

GAMES = ("skirmish", "ambush", "aggressor", "naval")


@pytest.mark.parametrize("name", GAMES)
def test_from_json_takes_a_dict_or_its_json_text(name: str) -> None:
    g = new_game(name, seed=3)
    save = g.to_json()
    text = json.dumps(save)
    for given in (save, text, text.encode()):
        again = type(g).from_json(given)
        assert again.to_json() == save


@pytest.mark.parametrize("name", GAMES)
def test_from_json_refuses_text_that_is_not_strict_json_naming_why(name: str) -> None:
    g = new_game(name, seed=0)
    text = json.dumps(g.to_json())
    with pytest.raises(SaveError, match="not strict JSON.*line 1"):
        type(g).from_json(text[:-1])
    dup = '{"format": 1, ' + text[1:]  # a duplicate key: the strict reader refuses it
    with pytest.raises(SaveError, match="duplicate key 'format'"):
        type(g).from_json(dup)
    with pytest.raises(SaveError, match="a save is a JSON object.*not int"):
        type(g).from_json(7)


def _cli_error(capsys, argv: list[str]) -> str:
    with pytest.raises(SystemExit) as e:
        main(argv)
    msg = str(e.value.code) if not isinstance(e.value.code, int) else capsys.readouterr().err
    assert "Traceback" not in msg
    return msg


@pytest.mark.parametrize(
    ("game", "setting", "names", "takes"),
    [
        ("skirmish", "scenario.n_guards=four", "scenario.n_guards", "integer"),
        ("skirmish", "scenario.n_adversaries=1.5", "scenario.n_adversaries", "integer"),
        ("skirmish", "scenario.n_escorts=3", "scenario.n_escorts", "from 0 to 2"),
        ("skirmish", "scenario.escort_distance=far", "scenario.escort_distance", "integer"),
        ("skirmish", "scenario.guard_weapon=laser", "scenario.guard_weapon", "'rifle'"),
        ("skirmish", "adversary.min_hit=abc", "adversary.min_hit", "probability"),
        ("skirmish", "defender.fire=maybe", "defender.fire", "true or false"),
        ("skirmish", "scenario.turn_limit=abc", "turn_limit", "integer"),
        ("naval", "ijn.player=admiral", "ijn.player", "'scripted'"),
        ("aggressor", "west.player=zzz", "west.player", "'random'"),
        ("aggressor", "west.min_hit_value=abc", "west.min_hit_value", "number"),
        ("naval", "ijn.speed=fast", "ijn.speed", "'flank'"),
        ("ambush", "adversary.min_hit=2", "adversary.min_hit", "no such knob"),
    ],
)
def test_simulate_parameter_errors_name_the_parameter(capsys, game, setting, names, takes):
    msg = _cli_error(capsys, ["simulate", "--game", game, "-n", "1", "--set", setting])
    assert msg.startswith("hexplay: ") and names in msg and takes in msg, msg


@pytest.mark.parametrize(
    ("text", "takes"),
    [
        ("1.5..3", "two integers"),
        ("5..2", "lo <= hi"),
        ("3~1", "lo < hi"),
        ("x~2", "two numbers"),
        ("[]", "no values"),
    ],
)
def test_sweep_values_that_are_no_range_name_the_parameter(text: str, takes: str) -> None:
    with pytest.raises(ValueError, match=rf"'scenario\.n_guards'.*{takes}"):
        parse_values(text, "scenario.n_guards")


def test_sweep_values_still_read_ranges_lists_and_text() -> None:
    assert parse_values("2..4", "k") == IntRange(2, 4)
    assert parse_values("1,2,x", "k") == [1, 2, "x"]
    assert parse_values("../a.json", "scenario.file") == ["../a.json"]  # a path, not a range
    with pytest.raises(ValueError, match="'scenario.p'.*--sample"):
        expand_grid({"scenario.p": parse_values("0.1~0.5", "scenario.p")})


def test_worst_case_rung_games_error_names_the_option(capsys) -> None:
    msg = _cli_error(capsys, ["worst-case", "--game", "skirmish", "--rung-games", "20,many"])
    assert "--rung-games" in msg and "integers" in msg
