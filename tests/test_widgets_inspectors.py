"""Inspectors follow a GameApp from cells of their own (issue 31): driven by the app's Python
click API, their content changes with every click and turn, for every game, and shows only
the side at the screen's view."""

from __future__ import annotations

import pytest
from toy_games import shipped_games

from hexplay.widgets.game_app import GameApp
from hexplay.widgets.inspectors import (
    LosInspector,
    OddsInspector,
    RangesInspector,
    ViewTable,
    inspectors,
)

GAMES = shipped_games()


def _attack_pair(app: GameApp) -> tuple[str, str] | None:
    """An own unit and an enemy (by id) one of its attack orders lists (its id or hex)."""
    kinds = tuple(app.game.info.attack_kinds)
    side = app.plotting_side
    enemies = {i: u for i, u in app.units_by_id.items() if u.get("side") != side}
    for k, u in app.units_by_id.items():
        if u.get("side") != side:
            continue
        for lo in app.orders.engine_legal_orders(k):
            need = next((n for n in lo.needs if not n.optional), None)
            if lo.kind not in kinds or need is None:
                continue
            for t in need.options:
                for e, eu in enemies.items():
                    if e == t or eu.get("hex") == t:
                        return k, e
    return None


def _own_and_enemy(app: GameApp) -> tuple[str, str]:
    pair = _attack_pair(app)
    if pair is not None:
        return pair
    side = app.plotting_side
    own = next(i for i, u in app.units_by_id.items() if u.get("side") == side and u.get("hex"))
    enemy = next(i for i, u in app.units_by_id.items() if u.get("side") != side and u.get("hex"))
    return own, enemy


@pytest.mark.parametrize("game", GAMES)
def test_a_click_changes_every_inspector(game):
    app = GameApp(game)
    odds, los, ranges, table = inspectors(app)
    before = (odds.text, ranges.text)
    own, enemy = _own_and_enemy(app)
    app.click_unit(own)
    assert app.selected_unit == own
    assert own in ranges.text and ranges.text != before[1]
    assert f"{own} selected" in odds.text
    app.click_unit(enemy)  # a look at the enemy: the odds of the attack (or the game's panel)
    assert app.order_odds is not None and app.order_odds["unit"] == own
    assert odds.text != before[0] and own in odds.text
    assert "from" in los.text and "clear" in los.text  # drawn, or the map's trace to it
    app.click_unit(own)  # a new selection drops the look
    assert app.order_odds is None and "click an enemy" in odds.text
    assert not table.frame.empty


def test_odds_of_an_armed_attack_show_the_games_panel():
    app = GameApp("skirmish")
    odds = OddsInspector(app)
    own, enemy = _attack_pair(app)
    app.click_unit(own)
    app.click_unit(enemy)
    assert app.armed is not None
    assert app.order_odds["order"] == app.armed.label() and app.order_odds["panel"]
    panel = app.tabs.children[app.tab_index[app.order_odds["panel"]]]
    assert panel in odds.children  # the game's own odds panel, shown in the cell too
    app.attack_armed()  # given: nothing armed any more (the game may still show its odds)
    assert app.armed is None
    assert app.order_odds is None or app.order_odds["order"] is None
    assert "A1 DF" not in odds.text


def test_los_follows_the_board_and_the_hovered_hex():
    app = GameApp("skirmish")
    los = LosInspector(app)
    own, enemy = _attack_pair(app)
    app.click_unit(own)
    app.click_unit(enemy)
    assert app.los_trace == app.board.overlays["los"]
    assert app.los_trace["from"] in los.text
    app.click_unit(own)
    app.board.clear_overlays("los")
    assert app.los_trace is None
    app.follow_hover()
    assert app.board.send_hover
    here = app.units_by_id[own]["hex"]
    far = next(u["hex"] for u in app.units_by_id.values() if u.get("hex") not in (None, here))
    app.board._handle_custom_msg({"type": "hover", "hex": far}, [])
    assert app.hovered == far
    assert far in los.text and "pointer" in los.text


@pytest.mark.parametrize("game", GAMES)
def test_view_table_is_the_sides_view_and_follows_turns(game):
    app = GameApp(game, vs_computer=GameApp(game).sides[-1])
    table = ViewTable(app)
    side = app.plotting_side
    assert set(table.frame.index) == set(app.view["units"])  # the side's view, not the state
    assert f"The {side}'s view" in table.head.value
    turn = app.game.turn
    seen = []
    app.observe(lambda c: seen.append(c["new"]), names="view")
    for _ in range(3):
        if app.game.turn != turn or app.over:
            break
        app.end_plot()
    assert app.game.turn != turn or app.over
    assert seen and f"turn {app.game.turn}" in table.head.value


@pytest.mark.parametrize("game", ["aggressor", "naval"])
def test_hidden_enemies_are_not_in_the_table(game):
    """Games whose sides start with unknown enemies: the table holds the side's view only."""
    app = GameApp(game)
    table = ViewTable(app)
    truth = set(app.game.view("referee")["units"])
    shown = set(table.frame.index)
    assert shown == set(app.game.view(app.plotting_side)["units"])
    assert shown != truth


def test_handover_blanks_the_inspectors():
    app = GameApp("skirmish", hot_seat=True)
    odds, los, ranges, table = inspectors(app)
    own, enemy = _attack_pair(app)
    app.click_unit(own)
    app.click_unit(enemy)
    app.end_plot()  # the other human's turn: a hand-over
    assert app.handover
    assert app.view == {} and app.selected_unit is None and app.order_odds is None
    assert "hand-over" in table.text and table.frame.empty
    assert "select a unit" in ranges.text and "select a unit" in odds.text


def test_events_follow_the_turn():
    app = GameApp("skirmish", vs_computer="defender")
    got = []
    app.observe(lambda c: got.append(c["new"]), names="events")
    app.end_plot()
    assert app.game.turn == 2
    assert app.events == app.summary.events


def test_ranges_show_the_marked_reach():
    app = GameApp("naval")
    r = RangesInspector(app)
    own = next(i for i, u in app.units_by_id.items() if u.get("side") == app.plotting_side)
    app.click_unit(own)
    reach = app.board.overlays.get("reachable") or {}
    assert reach and f"{len(reach)} hexes" in r.text


def test_closed_inspector_stops_following():
    app = GameApp("skirmish")
    odds = OddsInspector(app)
    odds.close()
    own, _ = _own_and_enemy(app)
    app.click_unit(own)  # no error from a closed widget
    assert app.selected_unit == own


def test_the_notebook_follows_every_game(tmp_path, monkeypatch):
    """notebooks/tutorial_live_inspection.ipynb: its last cell drives every game's app and
    prints what each inspector shows (a look at an enemy: odds and LOS)."""
    from pathlib import Path

    import nbformat
    from nbclient import NotebookClient

    path = Path(__file__).resolve().parents[1] / "notebooks" / "tutorial_live_inspection.ipynb"
    monkeypatch.setenv("IPYTHONDIR", str(tmp_path / "ipython"))
    nb = nbformat.read(path, as_version=4)
    NotebookClient(nb, timeout=300, resources={"metadata": {"path": str(tmp_path)}}).execute()
    out = "".join(o.get("text", "") for o in nb.cells[-1].outputs)
    blocks = {b.split(":", 1)[0]: b for b in out.split("\n") if b and not b.startswith(" ")}
    lines = out.split("\n")
    for game in GAMES:
        assert game in blocks
        i = lines.index(blocks[game])
        odds, los, ranges = lines[i + 1 : i + 4]
        assert "target" in odds  # the look at an enemy, in the odds inspector
        assert "from" in los and "clear" in los  # its line of sight
        assert "unit" in ranges and "in sight" in ranges


def test_a_look_elsewhere_does_not_name_the_armed_order():
    app = GameApp("skirmish")
    own, enemy = _attack_pair(app)
    app.click_unit(own)
    app.click_unit(enemy)
    assert app.order_odds["order"] == app.armed.label()
    here = app.units_by_id[own]["hex"]
    other = next(u["hex"] for u in app.units_by_id.values() if u.get("hex") not in (None, here))
    app.inspect(own, other)  # a shift-click's look at another hex: no odds shown for it
    assert app.order_odds["target"] == enemy  # still the armed attack's (the panel's)
    app.armed = app.armed.__class__(app.armed.side, app.armed.kind, own, {"target": "X9"})
    app.inspect(own, enemy)  # a look at an enemy the armed order does not name
    assert app.order_odds["target"] == enemy and app.order_odds["order"] is None


def test_the_observable_state_is_not_the_pages():
    """The traits are Python-side only: never sent to the page, never set by it."""
    app = GameApp("skirmish")
    state = ("selected_unit", "hovered", "view", "armed", "order_odds", "los_trace", "events")
    assert not set(state) & set(app.keys)
    assert not set(state) & set(app.get_state())
