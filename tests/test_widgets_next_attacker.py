"""The shell's "Next after attack" option: an attack given by click (the odds, then the order)
that the unit may not give again selects the next own unit that may attack an enemy in sight
and has not this turn, so a line of units fires with two clicks each; a unit that may attack
so again keeps the selection; off, the selection stays."""

from __future__ import annotations

from naval_cases import game, plot_all, ship

from hexplay.widgets import GameApp


def _click(app: GameApp, unit: str) -> None:
    app._on_board_click({"hex": None, "unit": unit, "occupant": None})
    app.board.flush_after_answer()  # (the panels' work, after the page has the answer)


def _fire(app: GameApp, unit: str, target: str) -> None:
    """Select ``unit`` unless it is selected, then two clicks on ``target``: odds, order."""
    if app.selected_unit != unit:
        _click(app, unit)
    _click(app, target)
    assert app.armed is not None, app.click_text  # the odds first
    _click(app, target)
    assert app.armed is None


def _aggressor() -> tuple[GameApp, str]:
    """AGGRESSOR, turn 1: the west's air (W15, W16: strike) reaches the east's unit at @LA;
    an order acts at once, and a strike is the unit's one attack of the turn."""
    app = GameApp("aggressor", seed=1, vs_computer="east", hot_seat=False)
    side = app.plotting_side
    foe = next(
        u
        for u, v in sorted(app.units_by_id.items())
        if v.get("side") not in (side, None) and v.get("hex") == "@LA"
    )
    return app, foe


def test_an_attack_that_ends_the_units_attacks_selects_the_next_that_may_attack() -> None:
    app, foe = _aggressor()
    assert app.next_after_attack is True and app.next_box.value is True
    _click(app, "W15")
    _click(app, foe)
    odds_tab = app.tabs.selected_index  # the odds on screen
    assert app.armed is not None and odds_tab != app.tab_index["Plot"]
    _click(app, foe)  # the order: it acts at once
    assert app.armed is None
    assert not app._may_attack("W15", ("strike",))
    assert app.selected_unit == "W16" and app.board.selected == "W16"
    assert app.board.follow["unit"] == "W16"  # its reach and targets brought into view
    assert app.builder.unit == "W16"  # its orders on the Plot tab, the odds still on screen
    assert app.tabs.selected_index == odds_tab
    assert "next: W16" in app.click_text and "W15" in app.click_text  # the attack's words stay


def test_the_attack_button_moves_on_too() -> None:
    app, foe = _aggressor()
    _click(app, "W15")
    _click(app, foe)
    app.attack_armed()
    assert app.selected_unit == "W16"


def test_off_the_selection_stays_on_the_unit_that_attacked() -> None:
    app, foe = _aggressor()
    app.next_box.value = False  # the teacher unticks the box
    assert app.next_after_attack is False
    _fire(app, "W15", foe)
    assert app.selected_unit == "W15"
    assert "next:" not in app.click_text


def test_a_unit_that_may_attack_again_keeps_the_selection() -> None:
    # SKIRMISH, turn 1: A1 fires on a guard aboard the transporter (DF) and has the AP to
    # fire again or walk on: the selection stays with him
    app = GameApp("skirmish", seed=1, vs_computer="defender", hot_seat=False)
    _fire(app, "A1", "G1")
    assert app._may_attack("A1", ("DF",)) and app.selected_unit == "A1"
    assert [o.unit for o in app.orders_given[("adversary", 1)]] == ["A1"]


def test_a_ship_that_fired_its_guns_moves_on_whatever_torpedoes_it_has() -> None:
    # three Fletchers (guns and torpedoes) in sight of a Kagero after a turn held in place
    g = game(
        [
            ship("DD1", "Fletcher", "1010"),
            ship("DD2", "Fletcher", "1210"),
            ship("DD3", "Fletcher", "1410"),
            ship("IJ1", "Kagero", "1206", course="s"),
        ],
        seed=1,
    )
    plot_all(g, {})
    app = GameApp(g, vs_computer="ijn", hot_seat=False)
    _fire(app, "DD1", "IJ1")
    assert app._may_attack("DD1", ("torpedo",))  # its torpedoes may still go...
    assert not app._may_attack("DD1", ("gunnery",))  # ...but its guns have fired
    assert app.selected_unit == "DD2"
    _fire(app, "DD2", "IJ1")  # two clicks: the odds, the order
    assert app.selected_unit == "DD3"
    _fire(app, "DD3", "IJ1")
    assert app.selected_unit == "DD3"  # every ship has fired: nobody is left
    assert [o.kind for o in app.orders_given[("usn", 2)]] == ["gunnery"] * 3
