"""Computer players: full unattended games, human-vs-computer flow, no peeking."""

from __future__ import annotations

import pytest

from hexplay.games.skirmish import SkirmishGame
from hexplay.games.skirmish.ai.base import play
from hexplay.games.skirmish.ai.players import RandomPlayer, ScriptedAdversary, ScriptedDefender
from hexplay.games.skirmish.analysis.bench import skirmish_games_per_s
from hexplay.games.skirmish.fixtures import practice_game


def test_bot_games_run_to_the_end():
    for seed in range(3):
        g = play(SkirmishGame.new(seed=seed), [ScriptedAdversary(seed), ScriptedDefender(seed)])
        assert g.over and g.winner in ("adversary", "defender") and g.turn <= 20


def test_human_against_the_computer():
    g = SkirmishGame.new(seed=4)
    bot = ScriptedDefender(4)
    g.choose_route("Route 7")
    g.place_ambush("2928")
    g.auto_setup("adversary")
    g.submit("adversary")
    bot.act(g)
    assert g.phase == "planning"
    while not g.over:
        for uid in g.own_units("adversary"):
            if "DF" in g.legal_tasks("adversary", uid):
                tgt = sorted(g.seen["adversary"] & {"G1", "G2", "G7"})
                for t in tgt:
                    try:
                        g.plot("adversary", uid, "DF", target=t)
                        break
                    except Exception:  # noqa: BLE001 - a human may try anything
                        continue
        g.submit("adversary")
        bot.act(g)
        g.resolve_turn()
    assert g.winner is not None


def test_scripted_defender_does_not_peek():
    # two games differing only in where an unseen adversary hides: same defender plot
    plots = []
    for hide in ("0304", "0303"):
        g = practice_game(seed=1)
        g.arrange(turn=2, men={"A6": hide})
        assert "A6" not in g.seen["defender"]
        ScriptedDefender(3).plan(g, g.view("defender", events=False))
        plots.append(g.view("defender")["plots"]["defender"])
    assert plots[0] == plots[1]


def test_random_players_finish():
    g = practice_game(seed=2, turn_limit=5)
    play(g, [RandomPlayer("adversary", 1), RandomPlayer("defender", 2)])
    assert g.over


def test_benchmark_function():
    assert skirmish_games_per_s(2, warmup=0) > 0


class _Limited:
    """A player that fails the test after ``n`` calls (so a play loop without end fails)."""

    def __init__(self, player, n: int = 200) -> None:
        self.player, self.side, self.n = player, player.side, n

    def act(self, game) -> None:
        self.n -= 1
        assert self.n >= 0, "the play loop kept asking"
        self.player.act(game)


@pytest.mark.parametrize("name", ["naval", "aggressor"])
def test_ai_play_plays_every_game_as_the_game_api_loop(name):
    """SKIRMISH's fast loop (``hexplay.games.skirmish.ai.base.play``) plays any other game by
    the game API's loop (it asked SKIRMISH's phases of them and never ended)."""
    import hexplay
    from hexplay.ai import play as play_game

    entry = hexplay.game_entry(name)
    a, b = entry.new(seed=1), entry.new(seed=1)
    players = lambda: [entry.player("scripted", s, seed=i) for i, s in enumerate(a.sides)]  # noqa: E731
    play(a, [_Limited(p) for p in players()], max_turns=2)
    play_game(b, players(), max_turns=2)
    assert a.turn > 1 and a.to_json() == b.to_json()


def test_ai_play_refuses_a_side_without_a_player():
    g = SkirmishGame.new(seed=1)
    with pytest.raises(RuntimeError, match="did not act"):
        play(g, [_Limited(ScriptedAdversary(seed=1))])
