"""The AMBUSH app: GameApp with the AMBUSH adapter (new terrain drawn, damage badges, radio
messages and response-force news in the log and the AMBUSH panel for the convoy side only, the
odds panel over AMBUSH's weapons) and the generic scenario picker."""

from __future__ import annotations

import contextlib
import json
from typing import Any

import numpy as np
import pytest
from ambush_setups import fire_at_the_crew, rocket_beside_transporter
from test_widgets_shell import Wire, _all_states, _known, _play_like_a_human, _secrets_in

import hexplay
from hexplay.ai.player import play
from hexplay.games.ambush.ui.adapter import (
    AMBUSH_POSTURES,
    DAMAGE_BADGES,
    DEFAULT_MAP,
    AmbushOddsPanel,
    AmbushUI,
    ambush_kill_grid,
    on_map,
)
from hexplay.games.skirmish.combat import odds
from hexplay.games.skirmish.terrain_effects import ambush_terrain
from hexplay.games.skirmish.ui.events import describe_event
from hexplay.widgets.board import TERRAIN_PALETTE
from hexplay.widgets.game_app import GameApp

ENTRY = hexplay.game_entry("ambush")


def _farmland_sample_game(seed: int) -> Any:
    """The report's sample game on the farmland map (every AMBUSH terrain type but rocks)."""
    return ENTRY.new(on_map(ENTRY.scenario("sample game"), DEFAULT_MAP), seed=seed)


@pytest.fixture(scope="module")
def played() -> Any:
    """The default AMBUSH game (the sample game on the farmland map) after three turns of the
    computer players: the long-range message is through and the response force dispatched."""
    g = _farmland_sample_game(seed=1)
    play(g, {s: ENTRY.player("tactic", s, seed=2) for s in ("adversary", "defender")}, max_turns=3)
    assert not g.over
    return g


def test_the_registry_names_the_ambush_adapter():
    assert ENTRY.ui == "hexplay.games.ambush.ui.adapter:AmbushUI"
    app = GameApp("ambush", vs_computer="adversary")
    assert isinstance(app.ui, AmbushUI)
    assert app.game.scenario.name == "sample game"
    assert app.game.map.name == (ENTRY.scenario("sample game").get("map") or DEFAULT_MAP)
    assert app.board.units


def test_the_app_and_the_engine_start_the_same_default_game():
    """One default: the app's new game is ``AmbushGame.new()``'s (scenario and map)."""
    from hexplay.games.ambush.game import DEFAULT_SCENARIO, AmbushGame

    app, g = GameApp("ambush", vs_computer="adversary"), AmbushGame.new(seed=0)
    assert app.game.scenario.to_dict() == g.scenario.to_dict()
    assert app.game.map.name == g.map.name and g.scenario.name == "sample game"
    assert hexplay.new_game("ambush").scenario.to_dict() == g.scenario.to_dict()
    assert DEFAULT_SCENARIO == "sample_game"


def test_the_new_terrain_is_drawn_in_its_own_colours():
    app = GameApp(_farmland_sample_game(seed=0), vs_computer="adversary")
    pal = app.board._map["palette"]
    names = set(app.game.map.terrain_names)
    assert {"brush", "orchard", "buildings", "water", "bridge"} <= names
    assert all(pal[n] == TERRAIN_PALETTE[n] for n in names)
    assert len({pal[n] for n in names}) == len(names)  # one colour per type
    for t in ("brush", "orchard", "buildings", "rocks", "bridge"):
        assert t in TERRAIN_PALETTE


def test_vehicle_damage_shows_as_badges_and_in_the_panel():
    app = GameApp("ambush", vs_computer="adversary")
    style = app.board.counter_style["badges"]
    assert set(DAMAGE_BADGES) <= set(style)
    app.game.vehicle_damage["T"] = ["immobilised", "barrier_damaged"]
    app.refresh()
    t = next(u for u in app.board.units if u["id"] == "T")
    assert {"immobilised", "barrier_damaged"} <= set(t["badges"])
    assert "immobilised" in app.ui.rules_panel.value and "cargo barrier damaged" in (
        app.ui.rules_panel.value
    )
    e1 = next((u for u in app.board.units if u["id"] == "E1"), None)
    assert e1 is None or not {"immobilised"} & set(e1.get("badges", []))


def test_the_roadblock_is_a_marking():
    app = GameApp("ambush", vs_computer="adversary")
    rb = app.game.view("defender")["ambush_rules"]["roadblock"]
    assert (
        rb
        and {"name": "roadblock", "hexes": [rb]}.items()
        <= app.board.markings["markings"][0].items()
    )


def test_radio_messages_and_the_response_force_for_the_convoy_side(played):
    app = GameApp(played, ui=AmbushUI, vs_computer="adversary")  # the defender at the screen
    lines = app.results.lines()
    assert any(x.startswith("long-range radio to the regional centre") for x in lines)
    assert any(x.startswith("response force dispatched") for x in lines)
    arrival = played.response["arrival"]
    assert f"arrives on turn {arrival}" in app.ui.rules_panel.value
    assert "long-range radio" in app.ui.rules_panel.value


def test_the_adversary_sees_no_radio_message_and_no_response_force(played):
    app = GameApp(played, ui=AmbushUI, vs_computer="defender")  # the adversary at the screen
    assert app.plotting_side == "adversary"
    assert not any("radio" in x or "response force" in x for x in app.results.lines())
    states = _all_states(app)
    for word in ("long-range radio", "response force", "regional centre", "arrives on turn"):
        assert word not in states
    assert '"radio"' not in states and "dispatched" not in states
    assert "AMBUSH" in json.dumps(app.tabs.get_state())  # the panel is there, holding less
    assert "cargo" in app.ui.rules_panel.value


def _stop_moving_vehicles(g: Any, side: str) -> None:
    from hexplay.engine.protocol import Order

    for lo in g.legal_orders(side):
        if lo.kind == "SV" and not lo.needs:
            with contextlib.suppress(Exception):  # (no AP left: the plot stays refused)
                g.order(Order(side, "SV", lo.unit, {}))


@pytest.mark.parametrize("vs", ["defender", "adversary"])
def test_wire_holds_nothing_the_side_at_the_screen_may_not_know(monkeypatch, vs):
    """As SKIRMISH's wire check (tests/test_widgets_shell.py): no unit the viewer may not know
    reaches the browser or a widget's state, nor (for the adversary) any radio or response
    force news, over a few turns of clicks and plots on an AMBUSH map."""
    wire = Wire(monkeypatch)
    sc = on_map(ENTRY.scenario("delay barrier"), "ambush_hills_medium")
    g = ENTRY.new(sc, seed=5)
    app = GameApp(g, ui=AmbushUI, vs_computer=vs, hot_seat=True)
    everyone = set(g.view("referee")["units"])
    rng = np.random.default_rng(3)
    for step in range(4):
        if g.over:
            break
        _play_like_a_human(app, rng)
        _stop_moving_vehicles(g, app.viewer)  # (a moving vehicle must be plotted, §8)
        app.end_plot()
        if g.over:
            break  # the game is over: the replay shows the referee's view to both, by design
        secrets = everyone - _known(g, app.viewer, everyone)
        sent, states = wire.take(), _all_states(app)
        assert _secrets_in(sent, secrets) == [], f"sent to the browser (step {step})"
        assert _secrets_in(states, secrets) == [], f"in a widget's state (step {step})"
        if app.viewer == "adversary":  # (the rules card and briefing name radios: public)
            for word in ("long-range radio", '"radio"', "response force", "dispatched"):
                assert word not in sent and word not in states, (word, step)
    assert g.turn > 1  # the game went on


# --- the odds panel ----------------------------------------------------------------------------
def test_the_odds_panel_lists_ambushs_weapons_and_terrain():
    from hexplay.games.ambush.tables import tables

    panel = AmbushOddsPanel()
    weapons = tables().weapons
    assert list(panel.weapon.options) == list(weapons) and len(weapons) == 14
    assert list(panel.heat.row) == [label for label, _r, _m in AMBUSH_POSTURES]
    rows = {r for _label, r, _m in AMBUSH_POSTURES}
    assert {"brush", "orchard", "buildings", "rocks"} <= rows
    for name in panel.weapon.options:
        panel.set_weapon(name)
        assert np.array_equal(np.asarray(panel.heat.color), ambush_kill_grid(name, False))
    panel.set_weapon("no such weapon")  # not listed: the panel keeps the last one
    assert panel.weapon.value == list(weapons)[-1]


def test_a_kill_grid_cell_is_tables_v_iv_and_vi():
    from hexplay.games.ambush.tables import tables

    eff = ambush_terrain("medium")
    for name, w in tables().weapons.items():
        grid = ambush_kill_grid(name, True)
        for i, (_label, row, moved) in enumerate(AMBUSH_POSTURES):
            for rng in (0, 3, 12):
                a = w.attack(rng, True)
                want = 0.0
                if a > 0 and (row != "vehicle" or w.harms_occupants):
                    want = float(odds(a, eff.defence_strength(row, moved)).kill)
                assert grid[i, rng] == want, (name, row, rng)


def test_the_odds_panel_shows_an_antitank_shots_vehicle_damage_as_the_resolver_rolls_it():
    """Clicking a man aboard the transporter (or the transporter itself) with an anti-tank
    gunner selected: the panel's chances of each damage state are the resolver's."""
    from tests.games.ambush.test_ambush_rules import resolver_distribution

    g = rocket_beside_transporter(armour={"T": "light"})
    app = GameApp(g, ui=AmbushUI, vs_computer="defender")
    crew = sorted(m.id for m in g.occupants("T") if m.alive)[0]
    assert crew in app.view["units"]  # the adversary sees him
    app.ui.inspect("A1", crew, app.context())
    panel = app.ui.odds
    g.plot("adversary", "A1", "DF", target=crew, weapon="rocket_launcher")
    want = resolver_distribution(g, "A1", crew)
    assert {k: v for k, v in panel.vehicle_current.items() if v} == want
    assert "vehicle T" in panel.text.value and "light armour" in panel.text.value
    for state, p in want.items():
        name = DAMAGE_BADGES[state].title if state in DAMAGE_BADGES else state
        assert f"{name} {p.numerator}/{p.denominator}" in panel.text.value
    panel.show(None)
    assert panel.vehicle_current == {} and "vehicle T" not in panel.text.value
    app.ui.inspect(
        "A1", "T", app.context()
    )  # the vehicle's counter: the first man aboard the side sees
    assert {k: v for k, v in panel.vehicle_current.items() if v} == want
    # a man the side does not see gets no odds at all (nothing of his vehicle's either)
    app.view["units"].pop(crew)
    app.ui.inspect("A1", crew, app.context())
    assert panel.vehicle_current == {} and "not in sight" in panel.text.value


# --- the log -------------------------------------------------------------------------------------
def test_ambush_events_in_words():
    cb = {"kind": "radio", "link": "CB", "to": "E1", "range": 12, "die": 2, "need": 4}
    assert describe_event({**cb, "through": True}) == (
        "CB radio to E1 (12 hexes): die 2, needs 4 or less: through"
    )
    lr = {"kind": "radio", "link": "long range", "km": 30, "die": 5, "need": 3, "through": False}
    assert describe_event(lr) == (
        "long-range radio to the regional centre (30 km): die 5, needs 3 or less: not through"
    )
    ev = {"kind": "response dispatched", "density": "low", "die": 4, "delay": 2, "arrival": 17}
    assert describe_event(ev) == (
        "response force dispatched (low population density): arrives on turn 17 (die 4, delay 2)"
    )
    ev = {"kind": "response arrived", "men": ["R1", "R2"], "hex": "2801"}
    assert describe_event(ev) == "response force arrives at 2801: R1, R2"
    ev = {"kind": "cargo loaded", "man": "A2", "hex": "1731"}
    assert describe_event(ev) == "A2 loads the cargo at 1731"
    assert describe_event({"kind": "cargo recovered", "hex": "1731"}) == (
        "the cargo is recovered at 1731"
    )


def test_vehicle_hits_morale_the_charge_and_the_getaway_car_in_words():
    """Each AMBUSH event kind has its own plain line (no raw ``kind: key value`` dump)."""
    hit = {"kind": "vehicle hit", "firer": "A1", "vehicle": "T", "weapon": "rocket_launcher"}
    hit.update(attack=25, armour=10, die=1, result="K", damage_die=5, damage="barrier_damaged")
    assert describe_event(hit) == (
        "A1 hits T with a rocket launcher (25 vs armour 10): die 1, penetrated, damage die 5: "
        "cargo barrier damaged"
    )
    unseen = {"kind": "vehicle hit", "vehicle": "E1", "die": 3, "result": "W"}
    assert describe_event(unseen) == "E1 is hit by an unseen firer: die 3, immobilised"
    assert describe_event({**unseen, "result": "miss"}).endswith("die 3, no effect")
    sup = {"kind": "suppression", "man": "G3", "die": 2, "suppressed": True}
    assert describe_event(sup) == ("G3 is suppressed by automatic fire (die 2): fewer AP next turn")
    assert describe_event({**sup, "die": 5, "suppressed": False}) == (
        "G3 keeps his head under automatic fire (die 5)"
    )
    pan = {"kind": "panic", "man": "G4", "die": 1, "panicked": True}
    assert describe_event(pan) == (
        "G4 panics (die 1): next turn he can only run for cover or get out"
    )
    assert describe_event({**pan, "die": 6, "panicked": False}) == "G4 keeps calm (die 6)"
    charge = {"kind": "breaching charge", "man": "A2", "points": 40, "total": 95}
    assert describe_event(charge) == ("A2 sets a breaching charge: +40 barrier points (total 95)")
    car = {"kind": "getaway car entered", "vehicle": "V", "type": "sedan", "men": ["A7"]}
    assert describe_event({**car, "hex": "0130"}) == (
        "the getaway car (sedan V) enters at 0130 with A7"
    )


def test_a_vehicle_hit_by_an_unseen_firer_is_worded_without_him():
    """The convoy's line of a hit whose firer it did not see names no firer or weapon."""
    g = rocket_beside_transporter()
    fire_at_the_crew(g, seen=False)
    ev = next(e for e in g.log.events if e.kind == "vehicle hit")
    own = describe_event({"kind": ev.kind, **ev.for_side("adversary")})
    theirs = describe_event({"kind": ev.kind, **ev.for_side("defender")})
    assert own.startswith("A1 hits T with a rocket launcher") and ":" in own
    assert theirs.startswith("T is hit by an unseen firer: die ")
    assert "A1" not in theirs and "rocket" not in theirs and "vehicle hit:" not in theirs


# --- the scenario picker --------------------------------------------------------------------------
def test_the_scenario_picker_lists_the_registry_scenarios_and_starts_the_chosen_one():
    app = GameApp("ambush", vs_computer="adversary", scenario="stopped convoy")
    picker = app.scenario_picker
    assert picker.layout.display != "none"
    assert list(picker.options) == ["default", *ENTRY.scenario_names()]
    assert app.game.scenario.name == "stopped convoy"
    picker.value = "delay barrier"
    app.new_game()
    assert app.game.scenario.name == "delay barrier"
    picker.value = "default"
    app.new_game()
    assert app.game.scenario.name == "sample game"


def test_the_picker_is_hidden_for_a_game_with_one_scenario_and_refuses_unknown_names():
    from hexplay.widgets.scenario_picker import ScenarioPicker

    p = ScenarioPicker("ambush")
    before = p.value
    p.set_state({"index": 999})
    assert p.value == before
    assert (
        ScenarioPicker("aggressor").layout.display == "none"
        or len(hexplay.game_entry("aggressor").scenario_names()) >= 2
    )
    skirmish = GameApp("skirmish", vs_computer="adversary", scenario="open map")
    assert skirmish.game.scenario.name == "open map"
