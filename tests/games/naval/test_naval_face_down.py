"""Unspotted ships are face down (issue 32, item 16). The article: "Units not visible to the
enemy are maneuvered with both the ship counter and the speed/facing marker inverted; the
opposing player may not examine these counters": the enemy knows where they are, not which
ships they are, nor their course or speed. In the view, on the board, in the players' and the
environment's inputs; and a side can plot nothing at them."""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pytest

from hexplay.engine import IllegalOrder, Order
from hexplay.env.observe import ViewEncoder
from hexplay.games.naval.ai.sampler import sample
from hexplay.games.naval.game import NavalGame
from hexplay.widgets.counters import HIDDEN_FIELDS
from hexplay.widgets.game_app import GameApp


def _hidden(g: NavalGame, side: str) -> list[Any]:
    """The enemy ships on the map ``side`` has not spotted (the referee's knowledge)."""
    known = set(g.known_enemies(side))
    return [
        s
        for s in g.ships.values()
        if s.side != side and s.afloat and s.hex is not None and s.id not in known
    ]


def _down(view: dict[str, Any]) -> dict[str, Any]:
    return {k: u for k, u in view["units"].items() if u.get("face_down")}


@pytest.fixture
def game() -> NavalGame:
    return NavalGame.new("kula_gulf", seed=4)


def test_unspotted_enemy_ships_are_face_down_at_their_hexes(game):
    for side in ("ijn", "usn"):
        hidden = _hidden(game, side)
        assert hidden  # nobody is spotted at the start
        down = _down(game.view(side))
        assert [u["hex"] for u in down.values()] == sorted(game.label(s.hex) for s in hidden)
        for alias, u in down.items():
            assert u == {"side": hidden[0].side, "hex": u["hex"], "face_down": True}
            assert alias == "?" + u["hex"]  # the hex, not the ship
        text = json.dumps(game.view(side))
        for s in hidden:
            assert f'"{s.id}"' not in text and s.cls not in text
    assert not _down(game.view("referee"))


def test_face_down_counters_say_nothing_of_which_ship_where_or_how_fast(game):
    """Unspotted ships trading hexes, turning and changing speed: the same view, to the byte
    (keys in the same order: the list order says nothing either)."""
    twin = game.copy()
    hidden = [twin.ships[s.id] for s in _hidden(game, "usn")]
    hexes = [s.hex for s in hidden]
    for s, h in zip(hidden, hexes[1:] + hexes[:1]):
        s.hex, s.facing, s.speed = h, (s.facing + 3) % 6, 0
    assert json.dumps(twin.view("usn")) == json.dumps(game.view("usn"))
    assert twin.legal_orders("usn") == game.legal_orders("usn")


def test_ships_sharing_a_hex_are_two_face_down_counters(game):
    a, b = _hidden(game, "usn")[:2]
    b.hex = a.hex
    lab = game.label(a.hex)
    down = _down(game.view("usn"))
    assert {f"?{lab}", f"?{lab}-2"} <= set(down)
    assert [u["hex"] for u in down.values()] == sorted(u["hex"] for u in down.values())


def test_a_side_can_plot_nothing_at_a_face_down_ship(game):
    """The targets are what they were before face-down counters: spotted ships only; an
    order naming a face-down counter (or the ship under it) is refused, nothing changed."""
    side = "usn"
    alias = next(iter(_down(game.view(side))))
    ship = _hidden(game, side)[0].id
    targets = set(game.known_enemies(side))
    for lo in game.legal_orders(side):
        for n in lo.needs:
            if n.kind == "unit":
                assert set(n.options) <= targets
    firer = next(s.id for s in game.ships.values() if s.side == side and s.afloat)
    before = (game.snapshot(), len(game.commands.commands))
    for target in (alias, ship):
        for kind in ("gunnery", "torpedo"):
            with pytest.raises(IllegalOrder):
                game.order(Order(side, "plot", firer, {kind: target}))
            with pytest.raises(IllegalOrder):
                game.attack_odds(side, kind, [firer], target)
    assert (game.snapshot(), len(game.commands.commands)) == before


def test_the_board_draws_them_face_down_and_a_click_on_one_orders_nothing(game):
    app = GameApp(game, vs_computer="ijn", hot_seat=False)
    down = [u for u in app.board.units if u.get("hidden")]
    assert len(down) == len(_hidden(game, "usn"))
    assert all(set(u) <= set(HIDDEN_FIELDS) and u["side"] == "ijn" for u in down)
    own = next(u for u in app.board.units if u["side"] == "usn")
    app.board.simulate_click(own["hex"], own["id"])
    assert app.selected_unit == own["id"]
    n = len(game.commands.commands)
    app.board.simulate_click(down[0]["hex"], down[0]["id"])
    app.board.simulate_click(down[0]["hex"], down[0]["id"])
    assert len(game.commands.commands) == n


def test_the_environment_observes_face_down_counters_by_hex_only(game):
    enc = ViewEncoder(game)
    obs = enc.encode(game.view("usn"))
    blocks = obs[enc.aliases :].reshape(len(enc.units), enc.per_alias)
    assert int(blocks[:, 0].sum()) == len(_hidden(game, "usn"))
    twin = game.copy()
    hidden = [twin.ships[s.id] for s in _hidden(game, "usn")]
    hexes = [s.hex for s in hidden]
    for s, h in zip(hidden, hexes[::-1]):
        s.hex, s.speed = h, 0
    assert np.array_equal(enc.encode(twin.view("usn")), obs)
    ref = enc.encode(game.view("referee"))
    assert not ref[enc.aliases :].any()  # the referee identifies every ship


def test_the_sampler_deals_the_face_down_ships_anew_on_their_hexes(game):
    rng = np.random.default_rng(0)
    hexes = sorted(game.label(s.hex) for s in _hidden(game, "usn"))
    moved = 0
    for _ in range(5):
        twin = sample(game, "usn", rng)
        assert twin.view("usn") == game.view("usn")
        assert sorted(twin.label(s.hex) for s in _hidden(twin, "usn")) == hexes
        moved += any(twin.ships[s.id].hex != s.hex for s in _hidden(game, "usn"))
    assert moved
