"""One gesture per intent in every game, in the shell (issue 29, issue 30 items 1-2): by
simulated board clicks (the page's messages), for each shipped game and a toy game from
outside: select a unit (its reach and targets marked), move to a hex of its reach (the game's
reach query's path), attack (odds first, a second click or the one Attack button gives it), end
the turn; and every refused click (out of reach, an illegal target, not your unit, the wrong
phase) says why by the board, naming the rule: no silent refusal."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from toy_games import MinesGame, toys_registered

from hexplay.engine.protocol import reach_of
from hexplay.widgets.game_app import GameApp

OTHER = {"skirmish": "defender", "ambush": "defender", "aggressor": "east", "naval": "ijn"}


class KindsMines(MinesGame):
    """The toy minefield with its gesture kinds declared (a game from outside)."""

    info = replace(MinesGame.info, move_kinds=("move",), attack_kinds=("fire",))


@pytest.fixture
def toys():
    with toys_registered() as entries:
        yield entries


class Clicks:
    """Board clicks on an app, each checked to be answered: an order given, a selection, an
    attack armed, or words in the status line by the board (``silent`` counts the others)."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.silent = 0

    def __call__(self, hex: Any = None, unit: Any = None, occupant: Any = None) -> str:
        app = self.app
        before = (len(app.game.commands.commands), app.selected_unit, app.armed, app.refusals)
        app.click_status.value = ""
        app.board._handle_custom_msg(
            {"type": "click", "hex": hex, "unit": unit, "occupant": occupant}, []
        )
        after = (len(app.game.commands.commands), app.selected_unit, app.armed, app.refusals)
        if after == before and not app.click_status.value:
            self.silent += 1
        return app.click_text

    def unit(self, uid: str) -> str:
        return self(self.app.units_by_id[uid]["hex"], uid)

    def refused(self, hex: Any = None, unit: Any = None) -> str:
        """A click that must be refused: nothing changes, a reason ``rule: message`` shows."""
        app = self.app
        n, r = len(app.game.commands.commands), app.refusals
        text = self(hex, unit)
        assert len(app.game.commands.commands) == n, text
        assert app.refusals == r + 1 and ": " in text and text.split(": ")[0].strip(), text
        assert "hexplay-click-status" in app.click_status._dom_classes
        return text


def _kind(command: Any) -> str:
    """The order kind of a logged order command (SKIRMISH logs its plots by task code)."""
    return command.args.get("kind") or command.args.get("code")


def _own(app: Any, side: str | None = None) -> list[str]:
    side = side or app.plotting_side
    return [u for u, v in app.units_by_id.items() if v.get("side") == side and v.get("hex")]


def _foes(app: Any) -> list[str]:
    side = app.plotting_side
    return [u for u, v in app.units_by_id.items() if v.get("side") != side and v.get("hex")]


def _attack_pair(app: Any) -> tuple[str, str] | None:
    by_id = app.units_by_id
    for v in _own(app):
        for f in _foes(app):
            if app._attack_for(v, by_id[f]["hex"], f, None):
                return v, f
    return None


def _steer(app: Any, click: Clicks) -> None:
    """Each own unit that can move goes toward the nearest enemy (the test reads the truth to
    steer; the app never does)."""
    g, side = app.game, app.plotting_side
    truth = [
        v["hex"] for v in g.view("referee")["units"].values() if v["side"] != side and v["hex"]
    ]
    taken = {v.get("hex") for v in app.units_by_id.values()}
    for u in _own(app):
        r = app.builder.controller.reach(u)
        free = [h for h in r if h not in taken]
        if not free or not truth or u not in app.units_by_id:
            continue
        click.unit(u)
        best = min(free, key=lambda h: min(g.map.distance(h, e) for e in truth))
        n = len(g.commands.commands)
        click(best)
        if len(g.commands.commands) > n:
            taken.add(best)


def _attack(app: Any, click: Clicks, by_button: bool = False) -> None:
    """Odds first, then the second click (or the Attack button) gives the attack."""
    g = app.game
    pair = _attack_pair(app)
    assert pair is not None
    v, f = pair
    click.unit(v)
    n = len(g.commands.commands)
    words = click.unit(f)
    assert len(g.commands.commands) == n and "click it again" in words
    assert not app.builder.attack.disabled and app.armed is not None
    kind = app.armed.kind
    if by_button:
        app.builder.attack.click()
    else:
        click.unit(f)
    assert len(g.commands.commands) > n, app.click_text
    assert _kind(g.commands.commands[-1]) == kind in g.info.attack_kinds
    assert app.armed is None and app.builder.attack.disabled


def _select_and_move(app: Any, click: Clicks) -> str:
    g = app.game
    c = app.builder.controller
    u = next(x for x in _own(app) if c.reach(x))
    click.unit(u)
    assert app.selected_unit == u and app.board.overlays.get("reachable")
    r = reach_of(g, app.plotting_side, u)
    assert set(app.board.overlays["reachable"]) == set(r)
    if r.left is not None:  # the points bar in the reach query's own unit
        assert app.builder.ap.description == f"{r.cost_unit} left"
    taken = {v.get("hex") for v in app.units_by_id.values()}
    h = next(x for x in r if x not in taken)
    n = len(g.commands.commands)
    click(h)
    assert len(g.commands.commands) > n, app.click_text
    assert _kind(g.commands.commands[n]) == r.kind in g.info.move_kinds
    return u


def _refusals(app: Any, click: Clicks) -> None:
    g = app.game
    c = app.builder.controller
    # not your unit (nothing selected)
    app.selected_unit = None
    app.builder.set_unit(None)
    foe = _foes(app)[0]
    assert "is not one of the" in click.refused(app.units_by_id[foe]["hex"], foe)
    # out of reach
    u = next(x for x in _own(app) if c.reach(x))
    click.unit(u)
    r = c.reach(u)
    taken = {v.get("hex") for v in app.units_by_id.values()}
    here = app.units_by_id[u]["hex"]
    far = next(
        h for h in g.map.hex_labels if h not in r and h not in taken and g.map.distance(h, here) > 3
    )
    assert f"cannot reach {far}" in click.refused(far)


@pytest.mark.parametrize("name", ["skirmish", "ambush", "aggressor", "naval"])
def test_shipped_game_by_clicks_select_move_attack_end_turn(name):
    computer = None if name == "ambush" else OTHER[name]
    app = GameApp(name, seed=1, vs_computer=computer, hot_seat=False)
    g = app.game
    click = Clicks(app)
    for _ in range(12):  # (the naval game: steer toward the enemy until one is in range)
        if _attack_pair(app) or app.over:
            break
        _steer(app, click)
        app.end_plot()
    _refusals(app, click)
    _attack(app, click, by_button=name == "naval")
    _select_and_move(app, click)
    want = {"naval": "MP left", "aggressor": "hexes left"}.get(name, "AP left")
    assert app.builder.ap.description == want
    turn, side = g.turn, app.plotting_side
    if name == "ambush":  # two humans: the defender plots too (a moving vehicle: MV by click)
        app.controls.end_plot.click()
        assert app.plotting_side == "defender"
        for v in [u for u in _own(app) if app.view["units"][u].get("moving")]:
            click.unit(v)
            r = app.builder.controller.reach(v)
            click(next(iter(r)))
            assert app.game.plotted("defender", v)[-1]["code"] == "MV"
    app.controls.end_plot.click()
    assert g.turn > turn or app.plotting_side != side, app.controls.message_text
    assert click.silent == 0


def test_an_illegal_target_and_the_wrong_turn_are_refused_with_the_rule():
    """SKIRMISH: defenders fire from turn 2 (§4); a guard's click on a seen adversary on turn
    1 is no order and says so by the board."""
    app = GameApp("skirmish", seed=1, vs_computer="adversary", hot_seat=False)
    assert app.plotting_side == "defender" and app.game.turn == 1
    click = Clicks(app)
    guard = next(u for u in _own(app) if app.units_by_id[u].get("kind") == "man")
    click.unit(guard)
    foe = next(f for f in _foes(app) if app.units_by_id[f].get("kind") == "man")
    words = click.refused(app.units_by_id[foe]["hex"], foe)
    assert "turn" in words.lower(), words
    assert click.silent == 0


def test_any_registered_game_gets_a_working_app_and_new_game(toys):
    """No hand-written adapter: the plain GameUI gives counters, status and New game."""
    for name in ("toy-race", "toy-mines"):
        app = GameApp(name, vs_computer=None, hot_seat=False)
        assert app.game.info.name == name and app.ui.__class__.__name__ == "GameUI"
        assert app.roster.rows if hasattr(app.roster, "rows") else True
        app.controls.new_game.click()
        app.controls.new_game_yes.click()
        assert app.game.info.name == name and app.game.turn == 0


def test_toy_game_from_outside_by_clicks(toys):
    g = KindsMines.new(seed=3)
    app = GameApp(g, vs_computer=None, hot_seat=False)
    click = Clicks(app)
    # set-up: a side-wide order a hex completes (lay a mine), then each token placed
    for side in ("red", "blue"):
        assert app.plotting_side == side
        while lay := [lo for lo in g.legal_orders(side) if lo.kind == "lay"]:
            click(lay[0].needs[0].options[-1])
        for uid in [u for u, v in g.view(side)["units"].items() if v["side"] == side]:
            app.click_unit(uid)  # (a token to place: in the roster, no counter yet)
            assert app.selected_unit == uid
            if side == "red" and uid == "R1":  # the wrong phase: no move in the set-up
                assert "setup" in click.refused("0303")
            opts = next(lo for lo in g.legal_orders(side, uid) if lo.kind == "place")
            click(opts.needs[0].options[0])
        app.controls.end_plot.click()
    assert g.phase == "play"
    for _ in range(20):
        if _attack_pair(app) or g.over:
            break
        _steer(app, click)
        if not g.over and app.plotting_side in g.to_act():
            app.controls.end_plot.click()
    assert not g.over
    _refusals(app, click)
    _attack(app, click)
    app.controls.end_plot.click()
    assert click.silent == 0


@pytest.mark.parametrize("name", ["naval", "aggressor"])
def test_the_rules_card_speaks_the_games_own_kinds_and_cost_unit(name):
    app = GameApp(name, seed=1, vs_computer=OTHER[name], hot_seat=False)
    card = app.rules.value
    info = app.game.info
    assert all(k in card for k in (*info.move_kinds, *info.attack_kinds))
    assert "walks" not in card and "your man" not in card
    if name == "naval":
        assert "MP cost" in card and " AP" not in card


def test_no_shared_widget_names_a_game():
    """hexplay.widgets reaches games through the registry only (the editor's game kinds
    aside): no game's name in its code or docs."""
    import re
    from pathlib import Path

    import hexplay.widgets as w

    own = {"design.py", "scenario_kinds.py", "scenario_editor.py"}
    names = re.compile(r"skirmish|ambush|aggressor|naval", re.IGNORECASE)
    hits = [
        f"{p.name}:{i}"
        for p in Path(w.__file__).parent.glob("*.py")
        if p.name not in own
        for i, line in enumerate(p.read_text().splitlines(), 1)
        if names.search(line)
    ]
    assert hits == []


def test_a_far_hex_of_an_alternating_games_reach_is_walked_one_move_a_step():
    """AGGRESSOR's move takes one adjacent hex: a click two steps away gives one move per
    step of the reach path, each judged by the engine (its words for each in the status)."""
    app = GameApp("aggressor", seed=1, vs_computer="east", hot_seat=False)
    g = app.game
    click = Clicks(app)
    click.unit("W01")
    r = app.builder.controller.reach("W01")
    taken = {v["hex"] for v in app.units_by_id.values()}
    h = next(h for h, e in r.items() if e["steps"] == 2 and h not in taken)
    n = len(g.commands.commands)
    words = click(h)
    moves = [c.args for c in g.commands.commands[n:]]
    assert [m["args"]["to"] for m in moves] == r[h]["path"] and all(
        m["kind"] == "move" for m in moves
    )
    assert app.units_by_id["W01"]["hex"] == h and words.count("W01 move") == 2
    assert click.silent == 0


def test_the_default_reach_comes_from_the_move_kinds_legal_orders(toys):
    """A game from outside gets Game.reach for free: one entry per end hex of its move
    order's path (or hex) need, with that path, its cost and the order's args."""
    import json

    from toy_games import RaceGame

    class KindsRace(RaceGame):
        info = replace(RaceGame.info, move_kinds=("move",))

    g = KindsRace.new(seed=2)
    for side in g.to_act():  # each token placed once, then the set-up submitted
        for unit in [lo.unit for lo in g.legal_orders(side) if lo.kind == "place"]:
            lo = next(x for x in g.legal_orders(side, unit) if x.kind == "place")
            g.order(next(lo.orders()))
        g.submit(side)
    if not g.to_act():
        g.advance()
    assert g.phase != "setup"
    side = g.to_act()[0]
    unit = next(lo.unit for lo in g.legal_orders(side) if lo.kind == "move")
    (move,) = [lo for lo in g.legal_orders(side, unit) if lo.kind == "move"]
    need = move.need("path")
    r = g.reach(side, unit)
    assert r.kind == "move" and r.unit == unit and set(r) == {p[-1] for p in need.options}
    for path, cost in zip(need.options, need.costs):
        assert r.path(path[-1]) == list(path) and r.cost(path[-1]) == cost
        (o,) = r.move_order(side, path[-1])
        assert o.kind == "move" and o.args["path"] == list(path)
    assert json.loads(json.dumps(r)) == {h: {**e, "path": list(e["path"])} for h, e in r.items()}
    # a game that declares no move kinds reaches nowhere by a click
    assert reach_of(RaceGame.new(seed=2), side, unit) == {}
