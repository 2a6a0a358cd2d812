"""AGGRESSOR's border hexes are clear ("border hexes are also positioned in clear terrain (in
the standard Sector module)"): the bundled map has @KD, @KI and @KN clear, so an attack there
has the clear hit value, and a map whose border holds rough terrain is refused."""

from __future__ import annotations

import dataclasses

import pytest

from hexplay.games.aggressor import AggressorGame
from hexplay.games.aggressor.board import Board
from hexplay.games.aggressor.combat import BASE_HIT_VALUE, hit_value
from hexplay.maps import load_map


def test_every_border_hex_is_clear():
    m = load_map("aggressor")
    border = m.place("border")
    assert len(border) == 15
    assert {m.terrain_at(h) for h in border} == {"clear"}
    b = AggressorGame.new(seed=1).board
    for label in ("@KD", "@KI", "@KN"):
        assert not b.rough[b.index_of[label]]


def test_an_attack_on_the_border_has_the_clear_hit_value():
    b = AggressorGame.new(seed=1).board
    rough = b.rough[b.index_of["@KI"]]
    # strength 3 on 2: the seed's 6 (5 with the border hex rough, as the map had it)
    assert hit_value(3, 2, rough_or_cbr=rough) == BASE_HIT_VALUE + 1 == 6


def test_a_map_with_a_rough_border_hex_is_refused():
    m = load_map("aggressor")
    i = m.index("@KI")
    terrain = m.terrain_flat().copy()
    terrain[i] = m.terrain_names.index("rough")
    bad = dataclasses.replace(m, terrain=terrain.reshape(m.terrain.shape))
    with pytest.raises(ValueError, match="border hexes are clear"):
        Board(bad)
