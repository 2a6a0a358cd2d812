"""A guard's place order names his seat, as legal_orders lists it (a required need): an order
with seat None, "" or no seat is refused naming the rule and changes nothing (AMBUSH and
SKIRMISH alike)."""

from __future__ import annotations

import pytest

import hexplay
from hexplay.engine import IllegalOrder


def _defender_placing(name: str):
    g = hexplay.new_game(name, seed=3)
    entry = hexplay.game_entry(name)
    entry.player("scripted", "adversary", seed=3).act(g)
    lo = next(o for o in g.legal_orders("defender") if o.kind == "place" and o.need("seat"))
    assert not lo.need("seat").optional
    return g, lo


@pytest.mark.parametrize("name", ["ambush", "skirmish"])
@pytest.mark.parametrize("seat", [None, "", "missing", "Q", 1])
def test_a_guards_placement_needs_its_seat(name, seat):
    g, lo = _defender_placing(name)
    args = {**lo.args}
    if seat != "missing":
        args["seat"] = seat
    before = g.to_json()
    with pytest.raises(IllegalOrder, match="seat"):
        g.order({"side": "defender", "kind": "place", "unit": lo.unit, "args": args})
    assert g.to_json() == before
    g.order(lo.complete(seat=lo.need("seat").options[0]))  # the listed seat is taken
