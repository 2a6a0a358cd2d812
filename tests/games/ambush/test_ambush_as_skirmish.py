"""With every AMBUSH option off, an AMBUSH game is a SKIRMISH game, move for move and die for
die: the SKIRMISH golden bot games, replayed through the AMBUSH ruleset, give the recorded
SKIRMISH digests once the save is written as SKIRMISH writes it (its format name, SKIRMISH's
scenario fields, the state without AMBUSH's ``ambush_rules`` -- all of them off)."""

from __future__ import annotations

import hashlib
import json

import pytest

from hexplay.engine import jsonable
from hexplay.games.ambush.ai.players import scripted
from hexplay.games.ambush.game import AmbushGame, AmbushScenario
from hexplay.games.skirmish import Scenario, SkirmishGame
from hexplay.games.skirmish.ai.base import play
from hexplay.games.skirmish.ai.players import RandomPlayer, ScriptedAdversary, ScriptedDefender
from hexplay.games.skirmish.game import FORMAT as SKIRMISH_FORMAT
from tests.games.skirmish.test_skirmish_golden import GOLDEN

OFF = {
    "ambush_rules": {
        "cargo": {"state": "vault", "holder": None, "hex": None},
        "radio": {"warned": ["E1", "E2"], "through": None},
        "response": {"arrival": None, "arrived": False},
        "roadblock": None,
        "vehicle_damage": {},
    }
}


def _as_skirmish_fingerprint(g: AmbushGame) -> str:
    """test_skirmish_golden's fingerprint of ``g`` with the save in SKIRMISH's form."""
    d = g.to_json()
    assert d["format"] == AmbushGame.FORMAT
    assert {k: d["state"].pop(k) for k in OFF} == OFF  # every AMBUSH feature stayed off
    d["format"] = SKIRMISH_FORMAT
    extra = set(AmbushScenario.FIELDS) - set(Scenario.FIELDS)
    d["scenario"] = {k: v for k, v in d["scenario"].items() if k not in extra}
    d["map"] = None
    parts = [
        json.dumps(d, sort_keys=True),
        json.dumps(jsonable(g.log.for_side("referee")), sort_keys=True),
        json.dumps(jsonable([e.to_dict() for e in g.log.events]), sort_keys=True),
        g.record_frame().to_csv(),
        g.dice_frame().to_csv(),
        json.dumps(jsonable(g.plot_history), sort_keys=True),
    ]
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()


def _game(key: str, ambush_players: bool = False) -> AmbushGame:
    kind, s = key.rsplit("-", 1)
    s = int(s)
    adv, dfn = (
        (scripted("adversary", s), scripted("defender", s))
        if ambush_players
        else (ScriptedAdversary(s), ScriptedDefender(s))
    )
    if kind == "scripted":
        return play(AmbushGame.new(AmbushScenario(), seed=s), [adv, dfn])
    if kind == "random":
        players = [RandomPlayer("adversary", s), RandomPlayer("defender", s)]
        return play(AmbushGame.new(AmbushScenario(), seed=100 + s), players, max_turns=6)
    return play(
        AmbushGame.new(AmbushScenario(), seed=200 + s),
        [adv, RandomPlayer("defender", s)],
        max_turns=8,
    )


@pytest.mark.parametrize("key", sorted(GOLDEN))
def test_skirmish_golden_games_through_ambush(key: str) -> None:
    assert _as_skirmish_fingerprint(_game(key)) == GOLDEN[key]


@pytest.mark.parametrize("key", ["scripted-0", "scripted-7", "mixed-1"])
def test_ambush_players_with_options_off_play_skirmish(key: str) -> None:
    """AMBUSH's players add nothing when the features are off."""
    assert _as_skirmish_fingerprint(_game(key, ambush_players=True)) == GOLDEN[key]


def test_options_off_scenario_is_skirmish_basic() -> None:
    sc = AmbushScenario()
    base = Scenario().to_dict()
    assert {k: v for k, v in sc.to_dict().items() if k in base} == base
    assert sc.resolved() is sc
    assert AmbushGame.new(seed=3).info.name == "ambush"
    assert (
        SkirmishGame.new(seed=3).view("referee")["units"]
        == AmbushGame.new(AmbushScenario(), seed=3).units
    )
