"""The team game's after-action review: each commander's picture turn by turn beside the true
state, and the messages (hexplay.engine.commanders.CommandedGame.review,
hexplay.widgets.team_review)."""

from __future__ import annotations

import re

import hexplay
from hexplay.ai.teams import EagerPlayer, SeatPlayers, play_commanded
from hexplay.engine.commanders import CommandedGame
from hexplay.widgets.team_review import TeamReviewPanel, team_review_html


def _team_game(turns=4):
    e = hexplay.game_entry("ambush")
    g = e.new("sample game", seed=3)
    cg = CommandedGame(g, e.part("commands"), "convoy", "per_commander")
    players = SeatPlayers(lambda s, k: EagerPlayer(s, seed=k), 3)
    for side in g.sides:
        players[f"{side}/leader"] = e.player("scripted", side, seed=3)
    cg.message("defender/T", "defender/*", "ambush at the bend")
    play_commanded(cg, players, max_turns=turns)
    return cg


def test_review_has_each_turn_each_commanders_picture_and_the_messages():
    cg = _team_game()
    turns = cg.review()
    assert [t["turn"] for t in turns] == list(range(1, len(turns) + 1)) and len(turns) >= 3
    assert turns[0]["messages"][0]["text"] == "ambush at the bend"
    final = cg.picture("defender/E2")
    assert turns[-1]["pictures"]["defender/E2"]["units"] == final["units"]
    narrower = 0
    for t in turns:
        truth = t["truth"]["units"]
        for who, p in t["pictures"].items():
            side = who.partition("/")[0]
            assert set(p["units"]) <= set(truth)  # nothing a commander saw was not there
            side_enemies = {k for k, u in truth.items() if u.get("side") != side}
            seen = {k for k, u in p["units"].items() if u.get("side") != side}
            narrower += seen < side_enemies
    assert narrower


def test_review_page_and_panel_show_every_commander_turn_by_turn():
    cg = _team_game()
    page = team_review_html(cg)
    n = len(cg.review())
    assert len(re.findall(r"class='hexplay-team-turn'", page)) == n
    for who in ("defender/T", "defender/E1", "defender/E2"):
        assert page.count(f"data-commander='{who}'") == n
    assert "ambush at the bend" in page and "<script" not in page
    panel = TeamReviewPanel(cg)
    panel.commander.value = "defender/E1"
    panel.turn.value = 0
    assert "data-commander='defender/E1'" in panel.out.value
    assert "data-turn='1'" in panel.out.value
