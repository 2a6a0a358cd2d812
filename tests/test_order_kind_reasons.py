"""Game.order_kind_reasons: each order kind of a unit, None (it has a legal order of it now) or
the rules' reason it may not, naming the rule; the order builder's disabled buttons carry it;
a seat asks the table for it."""

from __future__ import annotations

import pytest

import hexplay
from hexplay.engine.protocol import default_kind_reasons


def _started(name: str, seed: int = 1):
    g = hexplay.new_game(name, seed=seed)
    while g.phase == "setup":
        for s in g.to_act():
            g.default_setup(s)
            g.submit(s)
    return g


def _possible_is_legal(g, side: str, unit: str) -> dict:
    got = g.order_kind_reasons(side, unit)
    legal = {lo.kind for lo in g.legal_orders(side, unit)}
    assert {k for k, v in got.items() if v is None} == legal
    assert set(got) <= set(g.info.order_kinds)
    return got


def test_skirmish_guard_may_not_fire_on_turn_1_and_says_the_rule():
    g = _started("skirmish")
    assert g.turn == 1
    got = _possible_is_legal(g, "defender", "G1")
    assert got["DF"] == "§4 turn 1: defenders may not fire before turn 2"
    assert got["MP"].startswith("Table VIII:") and "exit it (EV)" in got["MP"]  # aboard T
    assert got["BW"] == "§8 barrier work: only adversaries do barrier work"
    assert set(got) == {"DF", "MP", "EP", "EV", "BW", "RA", "WE"}  # a man's tasks only
    # a vehicle: its own tasks (Table II), a moving escort may not turn
    e1 = _possible_is_legal(g, "defender", "E1")
    assert set(e1) == {"AV", "MV", "SV", "TV"}
    assert e1["TV"] == "Table II: TV turns a stopped vehicle; E1 is moving"
    adv = _possible_is_legal(g, "adversary", "A1")
    assert adv["BW"] == "§8 barrier work: barrier work may not occur before turn 2"
    assert adv["EV"].startswith("§8 vehicles:")  # no vehicle here, not aboard one
    # an enemy's unit, a closed plot
    assert set(g.order_kind_reasons("adversary", "G1").values()) == {
        "orders: G1 is not one of the adversary's units"
    }
    for v in ("E1", "E2"):
        g.order({"side": "defender", "kind": "SV", "unit": v, "args": {}})
    g.submit("defender")
    closed = g.order_kind_reasons("defender", "G1")
    assert set(closed.values()) == {"sequence of play: the defender plot is closed"}


def test_skirmish_reasons_follow_the_plot():
    """Once the man's AP are spent, moving on is refused by the AP rule."""
    g = _started("skirmish")
    lo = next(lo for lo in g.legal_orders("adversary", "A1") if lo.kind == "MP")
    far = max(range(len(lo.needs[0].options)), key=lambda i: lo.needs[0].costs[i])
    g.order(lo.complete(path=list(lo.needs[0].options[far])))
    got = _possible_is_legal(g, "adversary", "A1")
    if got["MP"] is not None:
        assert "AP" in got["MP"]


def test_ambush_radio_call_reasons():
    g = _started("ambush")
    assert _possible_is_legal(g, "adversary", "A1")["RC"] == (
        "AMBUSH radio: only the convoy (defender) has the radios"
    )
    assert _possible_is_legal(g, "defender", "G1")["RC"] is None


def test_aggressor_reasons_name_the_rule():
    g = _started("aggressor")
    side = g.current
    kinds = {}
    for u in g.by_side[side]:
        kinds[u.type] = _possible_is_legal(g, side, u.id)
    armor = kinds["Armor"]
    assert armor["move"] is None
    assert (
        armor["fire"]
        == "indirect fire: indirect fire is for Artillery units; "
        + (armor["fire"].rsplit("; ", 1)[1])
    )
    assert armor["attack"] == "combat: no adjacent enemy to attack now"
    other = next(s for s in g.sides if s != side)
    u = g.by_side[other][0]
    assert set(g.order_kind_reasons(other, u.id).values()) == {
        f"sequence of play: it is {side}'s turn, not {other}'s"
    }


def test_naval_reasons_name_the_rule():
    g = hexplay.new_game("naval", seed=1)
    side = "usn"
    cl = next(s.id for s in g.ships.values() if s.side == side and not s.klass.torpedo_attack)
    got = _possible_is_legal(g, side, cl)
    assert got["torpedo"] == f"torpedo combat procedure: {cl}: no torpedoes"
    assert got["radar"].startswith("special rule 2 (FCR):")
    assert got["gunnery"] == "7.61 night spotting: no enemy ship spotted for gunnery now"
    assert "plot" not in got  # a whole plot is for programs, not the order builder
    lo = next(lo for lo in g.legal_orders(side, cl) if lo.kind == "speed")
    g.order(lo.complete(speed=lo.needs[0].options[0]))
    assert _possible_is_legal(g, side, cl)["speed"] == (
        f"10.14 final speed: {cl}'s final speed is already plotted"
    )


def test_naval_move_points_spent():
    g = hexplay.new_game("naval", seed=1)
    side = "ijn"
    ship = next(s for s in g.ships.values() if s.side == side)
    for _ in range(40):
        if not any(lo.kind == "ahead" for lo in g.legal_orders(side, ship.id)):
            break
        g.order({"side": side, "kind": "ahead", "unit": ship.id, "args": {}})
    got = _possible_is_legal(g, side, ship.id)
    assert got["ahead"] is not None and got["ahead"].startswith("6.0 movement")


@pytest.mark.parametrize("name", ["skirmish", "ambush", "aggressor", "naval", "duel"])
def test_every_unit_every_game(name):
    g = _started(name)
    for side in g.to_act():
        units = {lo.unit for lo in g.legal_orders(side) if lo.unit is not None}
        for u in sorted(units):
            got = _possible_is_legal(g, side, u)
            assert all(v is None or (isinstance(v, str) and ": " in v) for v in got.values())


def test_the_default_is_generic_and_covers_the_example_game():
    g = _started("duel")
    side = g.to_act()[0]
    u = next(lo.unit for lo in g.legal_orders(side) if lo.unit)
    got = g.order_kind_reasons(side, u)
    assert got == default_kind_reasons(g, side, u)
    assert set(got) == set(g.info.order_kinds)
    off = [k for k, v in got.items() if v is not None]
    for k in off:
        assert got[k] == f"orders: {u} has no legal {k} order now"
    other = next(s for s in g.sides if s != side)
    assert set(default_kind_reasons(g, other, u).values()) == {
        f"sequence of play: the {other} may not order now"
    }


def test_order_builder_shows_the_kinds_it_may_not_give_disabled_with_the_reason():
    from hexplay.widgets import GameApp

    app = GameApp("skirmish", seed=1, vs_computer="adversary")
    assert app.plotting_side == "defender" and app.game.turn == 1
    app.select("G1")
    b = app.builder
    off = {x.task_code: x for x in b.tasks.children if x.disabled}
    assert set(b.task_codes()) == {lo.kind for lo in app.game.legal_orders("defender", "G1")}
    assert "DF" in off and "DF" not in b.task_codes()
    df = off["DF"]
    assert df.tooltip == "DF not now: §4 turn 1: defenders may not fire before turn 2"
    assert "hexplay-task-off" in df._dom_classes and "hexplay-off-DF" in df._dom_classes
    assert "G1 may not now: DF, MP" in b.why_not.value  # the reasons in words, folded
    assert "defenders may not fire before turn 2" in b.why_not.value
    df.click()  # a disabled button does nothing
    assert not app.game.orders_of("defender").get("G1")
    b.click_task("DF")  # asked by code: the reason said
    assert "defenders may not fire before turn 2" in b.error.value
    # the same widgets when the unit is selected again (no new comms)
    before = list(b.tasks.children)
    app.select("G2")
    app.select("G1")
    assert list(b.tasks.children) == before


def test_a_seat_asks_the_table_for_the_reasons():
    from hexplay.serve import Table, TableError

    t = Table()
    slot = t.create("skirmish", seed=1)
    for _ in range(2):
        for side in slot.game.to_act():
            if slot.game.phase == "setup":
                t.handle(slot.id, slot.tokens[side], "setup")
                t.handle(slot.id, slot.tokens[side], "submit")

    def ask(seat, **args):
        return t.handle(slot.id, slot.tokens[seat], "query", {"q": "order_kind_reasons", **args})

    got = ask("defender", unit="G1")["result"]
    assert got == slot.game.order_kind_reasons("defender", "G1")
    for seat, args, status in (
        ("adversary", {"unit": "G1"}, 409),  # not his man: the rules' refusal
        ("adversary", {"unit": "G1", "side": "defender"}, 403),  # another side's data
        ("referee", {"unit": "G1"}, 400),  # the referee names a side
    ):
        with pytest.raises(TableError) as e:
            ask(seat, **args)
        assert e.value.status == status


def test_the_kit_catches_reasons_that_disagree_with_legal_orders(monkeypatch):
    from hexplay.testing import run_check

    g = _started("duel")
    cls = type(g)
    run_check("order_kinds", "duel", games=1)  # the default holds

    def all_possible(self, side, unit, legal=None):
        return dict.fromkeys(self.info.order_kinds)

    monkeypatch.setattr(cls, "order_kind_reasons", all_possible)
    with pytest.raises(AssertionError, match="reported possible, but legal_orders lists none"):
        run_check("order_kinds", "duel", games=1)

    def none_possible(self, side, unit, legal=None):
        return dict.fromkeys(self.info.order_kinds, "rule: never")

    monkeypatch.setattr(cls, "order_kind_reasons", none_possible)
    with pytest.raises(AssertionError, match="has a legal order, but is reported 'rule: never'"):
        run_check("order_kinds", "duel", games=1)


def test_a_commanders_seat_gets_the_generic_reasons_from_its_own_orders():
    """A commander's seat forwards other calls to the side's game: its reasons are the
    generic ones from its own legal orders (nothing of what only the side knows)."""
    from hexplay.engine.commanders import CommandSeat
    from hexplay.engine.protocol import kind_reasons_of

    class Seat:  # the seat's own class defines no order_kind_reasons
        info = hexplay.new_game("duel").info

        def __init__(self, g):
            self.g = g

        def __getattr__(self, attr):
            return getattr(self.g, attr)

    g = _started("duel")
    side = g.to_act()[0]
    u = next(lo.unit for lo in g.legal_orders(side) if lo.unit)
    assert kind_reasons_of(Seat(g), side, u) == default_kind_reasons(g, side, u)
    assert getattr(CommandSeat, "order_kind_reasons", None) is None
