"""Computer players per command (hexplay.ai.teams) and the team-play study
(hexplay.analysis.teams)."""

from __future__ import annotations

import json

import pytest

import hexplay
from hexplay.ai.teams import EagerPlayer, SeatPlayers, play_commanded
from hexplay.analysis.teams import condition_label, play_team_game, team_batch, team_summary
from hexplay.engine import IllegalOrder
from hexplay.engine.commanders import CommandedGame, CommandSeat


def test_a_commanders_seat_refuses_the_games_own_writes_and_a_leaders_are_logged():
    e = hexplay.game_entry("ambush")
    g = e.new("sample game", seed=1)
    cg = CommandedGame(g, e.part("commands"), "convoy", "per_commander")
    players = SeatPlayers(lambda s, k: EagerPlayer(s, seed=k), 1)
    for side in g.sides:  # the scripted players set up (and the adversary plays) with the
        players[f"{side}/leader"] = e.player("scripted", side, seed=2)  # game's own intents
    play_commanded(cg, players, max_turns=2)
    assert any(x["op"] == "game" and x["by"] == "adversary/leader" for x in cg.log)
    seat = CommandSeat(cg, "defender/E1")
    snap = json.dumps(g.snapshot(), sort_keys=True)
    n = len(g.commands.commands)
    leader = e.player("scripted", "defender", seed=3)
    assert "defender" in g.to_act()
    with pytest.raises(IllegalOrder):
        leader.act(seat)  # the scripted player plots by the game's own calls: refused
    assert json.dumps(g.snapshot(), sort_keys=True) == snap
    assert len(g.commands.commands) == n
    twin = CommandedGame.from_json(
        json.loads(json.dumps(cg.to_json())), e.game_class, e.part("commands")
    )
    assert twin.game.snapshot() == g.snapshot() and twin.orders_by() == cg.orders_by()


def test_eager_commanders_decide_from_their_pictures():
    """The same seeds, two pictures: the per-commander games differ from the shared ones."""
    rows = [
        play_team_game(
            "ambush",
            "sample game",
            seed=s,
            information=info,
            division="convoy",
            leader="scripted",
            options={"radios": "failed"},
        )  # fmt: skip
        for s in (1, 2)
        for info in ("shared", "per_commander")
    ]
    assert all(r["orders"] > 0 and r["winner"] in ("adversary", "defender") for r in rows)
    assert [r["orders"] for r in rows[0::2]] != [r["orders"] for r in rows[1::2]]


def test_team_batch_and_summary_give_p_with_wilson_intervals():
    conds = [
        {"information": "shared", "options": {"radios": "working"}},
        {"information": {"adversary": "shared", "defender": "per_commander"},
         "options": {"radios": "failed"}},
    ]  # fmt: skip
    games = team_batch(
        "ambush", conds, n=2, seed=3, scenario="sample game", division="convoy",
        leader="scripted",
    )  # fmt: skip
    assert len(games) == 4 and set(games["label"]) == {condition_label(c) for c in conds}
    assert list(games["seed"]) == [3, 4, 3, 4]  # common random numbers
    summ = team_summary(games, "adversary")
    assert list(summ["n"]) == [2, 2]
    for _, r in summ.iterrows():
        assert 0 <= r["lo"] <= r["p"] <= r["hi"] <= 1
    assert "radios=failed" in condition_label(conds[1])
