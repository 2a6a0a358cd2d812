"""AMBUSH: one test (or more) per new rule, its tables and its scenarios' validation."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hexplay.engine import ForcedDice, IllegalOrder, ScenarioError
from hexplay.games.ambush import tables as T
from hexplay.games.ambush.ai.players import scripted
from hexplay.games.ambush.game import AmbushGame, AmbushScenario, scenario_file, sweep_scenario
from hexplay.games.skirmish import cargo, morale, radio, response, transporter
from hexplay.games.skirmish.ai.base import play
from hexplay.games.skirmish.combat import barrier_points
from hexplay.games.skirmish.tables import ATTACK_STRENGTH, RANGE_BANDS

ROUTE = "Route 4"
BLOCK = "1129"  # route index 30


def _game(seed: int = 0, dice=None, **fields) -> AmbushGame:
    """A game in its first planning phase, route and ambush hex fixed by the scenario."""
    sc = AmbushScenario(route=ROUTE, ambush=fields.pop("ambush", BLOCK), **fields)
    g = AmbushGame.new(sc, seed=seed, dice=dice)
    for side in ("adversary", "defender"):
        g.auto_setup(side, seed)
        g.submit(side)
    assert g.phase == "planning"
    return g


# --- tables -------------------------------------------------------------------------------
def test_tables_load_with_a_reason_for_every_row() -> None:
    t = T.load_tables()
    for name, raw in t.raw.items():
        assert len(raw["why"]) > 10, name
        for v in raw.values():
            if isinstance(v, list) and v and isinstance(v[0], dict):
                assert all(len(r["why"]) > 10 for r in v), name
    assert len(t.weapons) == 14 and len(t.barriers) == 4


def test_skirmish_weapons_are_table_v_unchanged() -> None:
    w = T.tables().weapons
    for name, rows in ATTACK_STRENGTH.items():
        assert tuple(zip(w[name].fit, w[name].impaired)) == rows
        for i, (lo, _hi) in enumerate(RANGE_BANDS):
            assert w[name].attack(lo) == rows[i][0]
            assert w[name].attack(lo, impaired=True) == rows[i][1]


def test_a_bad_table_is_refused_naming_file_and_field() -> None:
    raw = dict(T._read("weapons"))
    raw["weapon"] = [dict(r) for r in raw["weapon"]]
    raw["weapon"][1]["fit"] = [1, 2, 3]
    with pytest.raises(T.TableError, match=r"weapons.toml: weapon\[1\].fit"):
        T._weapons(raw)
    raw["weapon"] = raw["weapon"][:-1]
    raw["weapon"][1]["fit"] = list(raw["weapon"][1]["impaired"])
    with pytest.raises(T.TableError, match="5 weapons of class other"):
        T._weapons(raw)


def test_default_armour_is_data_with_a_reason_used_by_the_game_and_on_the_page() -> None:
    from hexplay.games.ambush.docs import tables_markdown

    t = T.tables()
    assert dict(t.default_armour) == {"transporter": "armoured", "escort": "light"}
    g = _game()
    assert g.vehicle_armour == {
        "T": t.armour["armoured"],
        "E1": t.armour["light"],
        "E2": t.armour["light"],
    }
    assert _game(armour={"E1": "heavy"}).vehicle_armour["E1"] == t.armour["heavy"]
    md = tables_markdown()
    assert "transporter armoured, escort light" in md and t.raw["armour"]["default_why"] in md


def test_a_bad_default_armour_is_refused_naming_the_field(monkeypatch) -> None:
    read = T._read

    def bad(name: str):
        d = read(name)
        return (
            {**d, "default": {"transporter": "paper", "escort": "light"}} if name == "armour" else d
        )

    monkeypatch.setattr(T, "_read", bad)
    with pytest.raises(T.TableError, match="armour.toml: default"):
        T.load_tables()


def test_radio_and_response_look_ups() -> None:
    t = T.tables()
    assert t.cb_success(40) == 6 and t.cb_success(41) == 4 and t.cb_success(10**4) == 2
    assert t.long_range_success(20) == 5 and t.long_range_success(80) == 1
    for d in T.DENSITIES:
        assert len(t.arrival_faces(d)) == 6
    # denser population, sooner help (every face)
    lo, med, hi = (t.arrival_faces(d) for d in T.DENSITIES)
    assert all(a >= b >= c for a, b, c in zip(lo, med, hi))


# --- scenarios ----------------------------------------------------------------------------
@pytest.mark.parametrize(
    "fields, field",
    [
        ({"barrier": "paper"}, "barrier"),
        ({"convoy": "huge"}, "convoy"),
        ({"deterrent": "dog"}, "deterrent"),
        ({"transporter_approach": 0}, "transporter_approach"),
        ({"response_density": "rural"}, "response_density"),
        ({"escorts_notified": False}, "escorts_notified"),
        ({"radio": "yes"}, "radio"),
        ({"wheels": 6}, "wheels"),
    ],
)
def test_a_bad_scenario_names_its_field(fields, field) -> None:
    with pytest.raises(ScenarioError) as e:
        AmbushScenario.from_dict({"name": "x", **fields})
    assert e.value.field == field


def test_a_players_scenario_from_json() -> None:
    s = AmbushScenario.from_json(json.dumps({"name": "mine", "barrier": "vault", "radio": True}))
    assert s.resolved().barrier_points_required == 450
    with pytest.raises(ScenarioError) as e:
        AmbushScenario.from_json("{not json")
    assert e.value.field == "<root>"
    with pytest.raises(ScenarioError) as e:
        sweep_scenario({"base": "roadblock", "density": "low"})
    assert e.value.field == "density"


def test_barrier_type_and_transporter_set_the_points() -> None:
    for b, pts in T.tables().barriers.items():
        for conf, n in pts.items():
            s = AmbushScenario(barrier=b, transporter_config=conf).resolved()
            assert s.barrier_points_required == n


def test_sample_game_convoy() -> None:
    """The report's Figure 3: escorts 40 hexes ahead and behind, three men per vehicle."""
    s = scenario_file("sample_game").resolved()
    assert s.escort_offsets == {"E1": 40, "E2": -40}
    per = {}
    for vid, _seat in s.crew_plan().values():
        per[vid] = per.get(vid, 0) + 1
    assert per == {"T": 3, "E1": 3, "E2": 3}
    assert s.resolved() == s


@pytest.mark.parametrize("name", ["sample_game", "close_escort", "roadblock"])
def test_resolved_is_resolved_plain_and_a_changed_copy_is_not_handed_on(name) -> None:
    """resolved() (kept by the scenario's fields) = resolved_plain(); each call hands out
    its own copy (or the scenario itself when nothing changes, as resolved_plain), and a
    stored one changed since is worked out again."""
    s = scenario_file(name)
    a, b = s.resolved(), s.resolved()
    assert a == b == s.resolved_plain()
    if s.resolved_plain() is s:
        assert a is s and b is s
        return
    assert a is not b and a is not s
    a.turn_limit = 3  # (fields are assignable: a game's copy may change)
    assert s.resolved() == s.resolved_plain() and s.resolved().turn_limit == s.turn_limit
    s.turn_limit = 4
    assert s.resolved() == s.resolved_plain() and s.resolved().turn_limit == 4


# --- moving transporter -------------------------------------------------------------------
def test_the_convoy_starts_moving_before_the_roadblock() -> None:
    g = _game(moving_transporter=True, transporter_approach=12)
    t = g.transporter
    assert t.moving and t.pos == 30 - 12 and g.ambush == g.route[18]
    assert g.roadblock == BLOCK and g.roadblock_pos == 30
    assert g.vehicles["E1"].pos - t.pos == 10 and g.vehicles["E2"].pos - t.pos == -10


def test_no_vehicle_enters_the_roadblock_and_a_refused_order_changes_nothing() -> None:
    g = _game(moving_transporter=True, transporter_approach=12)
    before = g.snapshot()
    with pytest.raises(IllegalOrder) as e:
        g.plot("defender", "T", "MV", hexes=12)
    assert e.value.rule == "AMBUSH roadblock"
    assert g.snapshot() == before and not g.plotted("defender", "T")
    g.plot("defender", "T", "MV", hexes=11)  # to the hex before the block


def test_transporter_never_moves_without_the_option() -> None:
    g = _game()
    with pytest.raises(IllegalOrder, match="never moves"):
        g.plot("defender", "T", "TV")


def test_driver_hit_stops_short_of_the_roadblock() -> None:
    g = _game(moving_transporter=True, transporter_approach=1, roadblock=True)
    t = g.transporter
    assert t.pos == 29
    from hexplay.games.skirmish.resolve import _move_vehicle

    _move_vehicle(g, t, None, True, "G1", {"G1"}, g.log, "defender")
    assert t.pos == 29 and not t.moving


def test_the_ambush_point_follows_the_transporter_and_it_can_drive_out() -> None:
    g = _game(moving_transporter=True, transporter_approach=12, roadblock=False)
    g.plot("defender", "T", "MV", hexes=5)
    transporter.after_movement(g)  # (before the turn: nothing moved)
    assert g.ambush == g.route[18]
    g.transporter.pos = 23
    transporter.after_movement(g)
    assert g.ambush == g.route[23]
    g.transporter.pos = len(g.route) - 1
    assert transporter.escaped(g)
    g.vehicle_damage["T"] = ["immobilised"]
    assert not transporter.escaped(g)


# --- cargo removal ------------------------------------------------------------------------
def _at_vault(g, men: dict[str, str]):
    g.arrange(men=men)
    th = g.vehicle_hex(g.transporter)
    for mid in men:
        g.men[mid].hex = th
    return th


def test_loading_counts_barrier_points_beyond_the_barrier() -> None:
    g = _game(cargo_removal=True, barrier="light", deterrent="tie_down")
    assert g.cargo_load_points == 50 + 60
    assert cargo.load_points(g) == 100 + 110
    th = _at_vault(g, {"A1": "0101", "A2": "0101"})
    for mid in ("A1", "A2"):
        g.men[mid].armed, g.men[mid].laid_at = False, th
    g.barrier = 209
    cargo.after_maintenance(g)
    assert g.cargo["state"] == "vault" and cargo.loaded(g) == 109
    g.barrier = 210
    cargo.after_maintenance(g)
    assert g.cargo == {"state": "carried", "holder": "A1", "hex": th}


def _barrier_work_turns(g: AmbushGame, men: tuple[str, ...], turns: int) -> list[int]:
    """``men`` (at the transporter) plot BW for ``turns`` turns; the barrier after each."""
    out = []
    for _ in range(turns):
        _one_turn(g, [(mid, "BW", {}) for mid in men])
        out.append(g.barrier)
    return out


@pytest.mark.parametrize("arms", [{"A2": "breaching_charge"}, {}])
def test_a_breaching_charge_adds_its_points_once_when_its_man_works(arms) -> None:
    g = _game(adversary_arms=arms)
    th = g.vehicle_hex(g.transporter)
    g.arrange(men={"A1": th, "A2": th}, turn=2)
    two = barrier_points(2)  # Table IX: two workers
    charge = T.tables().charge_points if arms else 0
    assert _barrier_work_turns(g, ("A1", "A2"), 2) == [two + charge, 2 * two + charge]
    sets = [e.data for e in g.log.events if e.kind == "breaching charge"]
    assert sets == ([{"man": "A2", "points": charge, "total": two + charge}] if arms else [])
    assert g.charges_set == (["A2"] if arms else [])
    d = json.loads(json.dumps(g.to_json()))
    assert AmbushGame.from_json(d, referee=True).snapshot() == g.snapshot()


def _one_turn(g: AmbushGame, plots: list[tuple]) -> None:
    """Plot ``(man, code, kwargs)`` for the adversary (the convoy stands), resolve the turn."""
    for mid, code, kw in plots:
        g.plot("adversary", mid, code, **kw)
    for v in g.vehicles.values():
        if v.moving:
            g.plot("defender", v.id, "SV")
    g.submit("adversary")
    g.submit("defender")
    g.resolve_turn()


@pytest.mark.parametrize("spent", [True, False])
def test_a_charge_passed_on_by_weapon_exchange_works_once(spent: bool) -> None:
    """A spent charge stays spent in a friend's hands; an unspent one still works in them."""
    g = _game(adversary_arms={"A2": "breaching_charge"})
    th = g.vehicle_hex(g.transporter)
    g.arrange(men={"A1": th, "A2": th, "A3": th}, turn=2)
    if spent:
        _one_turn(g, [("A1", "BW", {}), ("A2", "BW", {})])  # A2 sets his charge
        _one_turn(g, [("A2", "RA", {})])  # and takes it up again (a spent one)
        assert g.charges_set == ["A2"] and g.men["A2"].armed
    g.arrange(wounds={"A2": 1})
    _one_turn(g, [("A3", "WE", {"target": "A2"})])
    assert g.men["A3"].long_gun == "breaching_charge" and g.men["A2"].long_gun != "breaching_charge"
    assert g.charges_set == (["A3"] if spent else [])
    before = g.barrier
    _one_turn(g, [("A1", "BW", {}), ("A3", "BW", {})])
    charge = 0 if spent else T.tables().charge_points
    assert g.barrier == before + barrier_points(2) + charge
    sets = [e.data["man"] for e in g.log.events if e.kind == "breaching charge"]
    assert sets == (["A2"] if spent else ["A3"])
    assert g.charges_set == ["A3"]
    d = json.loads(json.dumps(g.to_json()))
    assert AmbushGame.from_json(d, referee=True).snapshot() == g.snapshot()


def test_a_breaching_charge_is_not_set_by_a_man_who_does_no_barrier_work() -> None:
    g = _game(adversary_arms={"A2": "breaching_charge"})
    th = g.vehicle_hex(g.transporter)
    g.arrange(men={"A1": th, "A2": th}, turn=2)
    assert _barrier_work_turns(g, ("A1",), 1) == [barrier_points(1)]
    assert g.charges_set == []


def test_a_hit_carrier_drops_the_cargo_a_friend_picks_it_up_it_gets_away_at_the_edge() -> None:
    g = _game(cargo_removal=True)
    g.cargo.update(state="carried", holder="A1", hex=None)
    g.men["A1"].hex = "1010"
    g.men["A1"].wounds = 1
    cargo.after_combat(g)
    assert g.cargo == {"state": "dropped", "holder": None, "hex": "1010"}
    g.men["A2"].hex, g.men["A2"].vehicle = "1010", None
    cargo.after_movement(g)
    assert g.cargo["state"] == "carried" and g.cargo["holder"] == "A2"
    edge = sorted(cargo.edge_hexes(g))[0]
    g.men["A2"].hex = edge
    cargo.after_movement(g)
    assert g.cargo["state"] == "away"
    g._check_victory()
    assert g.winner == "adversary" and "cargo" in g.win_reason


def test_guards_recover_a_dropped_cargo() -> None:
    g = _game(cargo_removal=True)
    g.cargo.update(state="dropped", holder=None, hex="1010")
    for m in g.men.values():
        if m.side == "adversary":
            m.hex = "0101"
    g.arrange(men={"G1": "1010"})
    cargo.after_movement(g)
    assert g.cargo["state"] == "recovered"
    g._check_victory()
    assert g.winner == "defender"


def test_edge_hexes_are_the_map_border() -> None:
    g = _game()
    edge = cargo.edge_hexes(g)
    assert "0101" in edge and "1010" not in edge
    assert all(len(g.map.neighbors(h)) < 6 for h in edge)


def test_with_cargo_removal_an_open_vault_does_not_end_the_game() -> None:
    g = _game(cargo_removal=True)
    g.barrier = 250
    g._check_victory()
    assert g.winner is None
    g2 = _game()
    g2.barrier = 200
    g2._check_victory()
    assert g2.winner == "adversary"


# --- radio --------------------------------------------------------------------------------
def test_unwarned_escorts_only_drive() -> None:
    g = _game(radio=True, escorts_notified=False, escorts_moving=False)
    crew = next(iter(g.vehicles["E1"].seats.values()))
    before = g.snapshot()
    with pytest.raises(IllegalOrder) as e:
        g.plot("defender", crew, "EV")
    assert e.value.rule == "AMBUSH radio" and g.snapshot() == before
    with pytest.raises(IllegalOrder, match="only drives"):
        g.plot("defender", "E1", "TV")
    g.plot("defender", "E1", "AV")
    assert all(lo.unit != crew for lo in g.legal_orders("defender"))


def test_cb_and_long_range_success_by_range() -> None:
    # E1 at 10 hexes (CB 1-6), E2 at 10 (1-6); long range 30 km: 1-3
    g = _game(
        radio=True,
        radio_calls="automatic",
        escorts_notified=False,
        response_density="high",
        centre_km=30,
    )
    g.dice = ForcedDice([6, 6, 4, 3, 1])  # CB E1, CB E2, long range, long range, arrival
    radio.after_combat(g)
    assert g.radio["warned"] == ["E1", "E2"] and g.radio["through"] is None
    radio.after_combat(g)  # long range: die 3 <= 3
    assert g.radio["through"] == g.turn
    assert g.response["arrival"] == g.turn + 0 + T.tables().arrival_faces("high")[0]


def test_radio_needs_a_living_guard_aboard() -> None:
    g = _game(radio=True, radio_calls="automatic", escorts_notified=False)
    for m in g.men.values():
        if m.side == "defender":
            m.wounds = 2
    n = len(g.dice.rolls)
    radio.after_combat(g)
    assert len(g.dice.rolls) == n and g.radio["through"] is None


# --- response forces ----------------------------------------------------------------------
def test_response_arrival_is_turn_plus_delay_plus_the_density_draw() -> None:
    g = _game(response_density="low", responder_training="untrained")
    faces = T.tables().arrival_faces("low")
    die = g.dice.rolls[-1]
    assert die.purpose == "response"
    assert g.response["arrival"] == 1 + 3 + faces[die.value - 1]


def test_response_force_enters_as_defender_men_on_the_route() -> None:
    g = _game(response_density="high")
    g.response["arrival"] = g.turn
    response.end_turn(g)
    rs = [m for m in g.men.values() if m.id.startswith("R")]
    assert len(rs) == 6 and all(m.side == "defender" and m.hex == g.route[0] for m in rs)
    assert g.response["arrived"]
    assert {"R1", "R6"} <= set(g.own_units("defender"))


# --- weapons, automatic fire, vehicle damage, morale ---------------------------------------
def test_new_weapons_fire_through_the_skirmish_look_ups() -> None:
    from hexplay.games.skirmish.combat import attack_strength, weapon_can_harm

    t = T.tables()
    for w in t.weapons.values():
        for i, (lo, _hi) in enumerate(RANGE_BANDS):
            assert attack_strength(w.name, lo) == w.fit[i]
            assert attack_strength(w.name, lo, True) == w.impaired[i]
        assert weapon_can_harm(w.name, "vehicle") == w.harms_occupants
    with pytest.raises(ValueError):
        attack_strength("catapult", 1)


def test_a_man_fires_his_ambush_weapon() -> None:
    g = _game(adversary_arms={"A1": "machine_gun"})
    assert g.men["A1"].long_gun == "machine_gun"
    g.arrange(men={"A1": "1125"})
    tgt = next(m for m in g.men.values() if m.vehicle == "T")
    rows = g.plot("adversary", "A1", "DF", target=tgt.id)
    assert rows["weapon"] == "machine_gun"


def _bursts(dice, n_mates=2):
    g = _game(adversary_arms={"A1": "machine_gun"})
    g.arrange(men={"A1": "1125", "G1": "1128", "G2": "1128", "G3": "1128", "G4": "1128"})
    g.dice = ForcedDice(dice)
    from hexplay.games.skirmish.plotting import SidePlan
    from hexplay.games.skirmish.tasks import Task

    g.turns.turn = 2
    g.plot("adversary", "A1", "DF", target="G1")
    plans = {s: g.side_plan(s) for s in ("adversary", "defender")}
    assert isinstance(plans["adversary"], SidePlan) and Task
    combat = {"fired_upon": {"G1"}, "hit": set()}
    from hexplay.games.skirmish import autofire

    at = autofire.resolve_bursts(g, plans, combat, g.automatic, n_mates, 0.5)
    return g, at, combat


def test_a_burst_also_attacks_hex_mates_at_half_strength() -> None:
    g, at, combat = _bursts([1, 6])
    assert at == {"G2", "G3"}  # two more men (lowest ids), not G4
    ev = [e for e in g.log.events if e.kind == "fire" and e.data.get("burst")]
    assert len(ev) == 2
    rng = g.terrain.distance("1125", "1128")
    assert ev[0].data["attack"] == T.tables().weapons["machine_gun"].attack(rng) // 2
    from hexplay.games.skirmish.combat import combat_result

    for e, die in zip(ev, (1, 6)):
        d = e.data
        res = combat_result(d["attack"], d["defence"], die)
        assert d["die"] == die and d["result"] == ("miss" if res == "-" else res)
        man = g.men[d["target"]]
        assert man.wounds == {"K": 2, "W": 1, "-": 0}[res]
        assert (man.id in combat["hit"]) == (res != "-")
    assert g.men["G4"].wounds == 0


def test_antitank_fire_immobilises_and_penetrates() -> None:
    from hexplay.games.skirmish import vehicles

    g = _game(
        vehicle_damage=True,
        adversary_arms={"A1": "rocket_launcher"},
        moving_transporter=True,
        transporter_approach=3,
    )
    g.turns.turn = 2
    th = g.vehicle_hex(g.transporter)
    g.arrange(men={"A1": g.map.neighbor_labels(th)[0]})
    g.plot("adversary", "A1", "DF", target="G1")
    g.plot("defender", "T", "MV", hexes=1)
    plans = {s: g.side_plan(s) for s in ("adversary", "defender")}
    g.dice = ForcedDice([1, 5])  # a penetration (K at >= 1:1 on a 1), then barrier damaged
    combat = {"fired_upon": set(), "hit": set()}
    b = g.barrier
    vehicles.resolve_vehicle_hits(g, plans, combat, g.vehicle_armour)
    assert g.vehicle_damage["T"] == ["immobilised", "barrier_damaged"]
    assert not g.transporter.moving and "T" not in plans["defender"].vehicles
    assert g.barrier == b + T.tables().barrier_damage_points
    g.dice = ForcedDice([1, 1])
    vehicles.resolve_vehicle_hits(g, plans, combat, g.vehicle_armour)
    assert "crew_penetrated" in g.vehicle_damage["T"]
    assert all(m.wounds >= 1 for m in g.occupants("T"))


def test_a_moving_vehicle_immobilised_by_fire_stops_where_it_is_hit() -> None:
    """damage.toml's effect: no roll-on (as after a driver hit), its plotted MV cancelled."""
    g = _game(
        vehicle_damage=True,
        adversary_arms={"A1": "rocket_launcher"},
        moving_transporter=True,
        transporter_approach=12,
    )
    th = g.vehicle_hex(g.transporter)
    g.arrange(men={"A1": g.map.neighbor_labels(th)[0]}, turn=2)
    crew = next(m.id for m in g.occupants("T") if m.alive and m.seat != "D")
    g.plot("adversary", "A1", "DF", target=crew)
    g.plot("defender", "T", "MV", hexes=5)
    for v in g.vehicles.values():
        if v.moving and v.id != "T":
            g.plot("defender", v.id, "SV")
    g.dice = ForcedDice([6, 1, 5])  # the shot at the crewman misses; the hull: K, barrier
    pos = g.transporter.pos
    g.submit("adversary")
    g.submit("defender")
    g.resolve_turn()
    assert g.vehicle_damage["T"] == ["immobilised", "barrier_damaged"]
    assert g.transporter.pos == pos and not g.transporter.moving
    effect = next(r for r in T.tables().damage if r.name == "immobilised")["effect"]
    assert "stops where it is hit" in effect


def test_an_immobilised_vehicle_cannot_move() -> None:
    g = _game(vehicle_damage=True, moving_transporter=True)
    g.vehicle_damage["T"] = ["immobilised"]
    g.transporter.moving = False
    before = g.snapshot()
    with pytest.raises(IllegalOrder) as e:
        g.plot("defender", "T", "AV")
    assert e.value.rule == "AMBUSH vehicle damage" and g.snapshot() == before


def test_suppressed_men_have_five_ap_panicked_men_only_run() -> None:
    from hexplay.games.skirmish import morale

    g = _game(morale=True, adversary_arms={"A1": "machine_gun"})
    g.arrange(men={"A2": "1010", "A3": "1010"})
    g.dice = ForcedDice([3, 2])  # A2 missed: suppressed (3 <= 3); A3 wounded: panics (2 <= 2)
    g.men["A3"].wounds = 1
    morale.after_combat(g, {"A3": 0}, {"A2", "A3"})
    assert g.morale == {"suppressed": ["A2"], "panicked": ["A3"]}
    g.plot("adversary", "A2", "MP", path=["1011", "1012", "1013", "1014", "1015"][:2])
    with pytest.raises(IllegalOrder) as e:
        g.plot("adversary", "A2", "MP", path=["1013", "1014", "1015", "1016"])
    assert e.value.rule == "AMBUSH suppression"
    with pytest.raises(IllegalOrder) as e:
        g.plot("adversary", "A3", "RA")
    assert e.value.rule in ("AMBUSH panic", "§8 re-arm")
    g.plot("adversary", "A3", "MP", path=["1011"])
    assert g.view("adversary")["ambush_rules"]["morale"]["panicked"] == ["A3"]
    assert g.view("defender")["ambush_rules"]["morale"] == {"suppressed": [], "panicked": []}


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), turns=st.integers(1, 6), data=st.data())
def test_panic_candidates_equal_the_plain_rule(seed: int, turns: int, data) -> None:
    """morale.panic_candidates (the fast path) against panic_candidates_plain, on states of
    close_escort games (men on foot and aboard, some dead) and any men hit or killed."""
    g = _played_close_escort(seed, turns)
    ids = sorted(g.men)
    hit = set(data.draw(st.lists(st.sampled_from(ids), max_size=6)))
    killed = set(data.draw(st.lists(st.sampled_from(sorted(hit)), max_size=3))) if hit else set()
    assert morale.panic_candidates(g, hit, killed) == morale.panic_candidates_plain(g, hit, killed)


_CLOSE_ESCORT: dict = {}


def _played_close_escort(seed: int, turns: int) -> AmbushGame:
    """A close_escort game of the computer players after ``turns`` turns (one of 4 seeds)."""
    key = (seed % 4, turns)
    if key not in _CLOSE_ESCORT:
        g = AmbushGame.new("close_escort", seed=key[0])
        players = [scripted("adversary", key[0]), scripted("defender", key[0])]
        _CLOSE_ESCORT[key] = play(g, players, max_turns=turns)
    return _CLOSE_ESCORT[key]


def resolver_distribution(g, firer: str, target: str) -> dict[str, Fraction]:
    """The vehicle hit of ``firer``'s plotted DF at ``target`` as the resolver plays it, over
    all 36 pairs of (hit die, damage die): outcome -> exact chance (the worst new state, or
    "no effect"). ``g`` is in its planning phase with the DF plotted; it is not changed."""
    from hexplay.games.skirmish import vehicles

    got: dict[str, Fraction] = {}
    worst = ("crew_penetrated", "barrier_damaged", "immobilised")
    for d1 in range(1, 7):
        for d2 in range(1, 7):
            gc = g.copy()
            plans = {s: gc.side_plan(s) for s in ("adversary", "defender")}
            gc.dice = ForcedDice([d1, d2])
            vid = gc.men[target].vehicle
            before = set(gc.vehicle_damage.get(vid, ()))
            vehicles.resolve_vehicle_hits(gc, plans, {"hit": set()}, gc.vehicle_armour)
            new = set(gc.vehicle_damage.get(vid, ())) - before
            out = next((s for s in worst if s in new), "no effect")
            got[out] = got.get(out, Fraction(0)) + Fraction(1, 36)
    return got


@pytest.mark.parametrize("armour", ["soft", "light", "armoured", "heavy"])
@pytest.mark.parametrize("weapon,step", [("rocket_launcher", 1), ("light_antitank", 6)])
def test_vehicle_hit_odds_are_the_resolvers_distribution(armour, weapon, step) -> None:
    """``odds`` of an anti-tank shot at a man aboard gives the exact chance of each damage
    state against the vehicle's armour class, equal to what the resolver rolls."""
    g = _game(vehicle_damage=True, adversary_arms={"A1": weapon}, armour={"T": armour})
    th = g.vehicle_hex(g.transporter)
    crew = next(m.id for m in g.occupants("T") if m.alive)
    for far in (h for h in g.map.hex_labels if g.terrain.distance(h, th) == step):
        g.arrange(men={"A1": far}, turn=2)
        got = g.odds("A1", crew)
        if got["possible"]:
            break
    hit = got["vehicle_damage"]
    assert hit["vehicle"] == "T" and hit["armour"] == armour
    assert hit["defence"] == T.tables().armour[armour] and hit["range"] == step
    assert sum(hit["outcomes"].values()) == 1
    g.plot("adversary", "A1", "DF", target=crew, weapon=weapon)
    want = resolver_distribution(g, "A1", crew)
    assert {k: v for k, v in hit["outcomes"].items() if v} == want
    # no vehicle part for a weapon that cannot damage vehicles, nor with the option off
    g2 = _game(adversary_arms={"A1": weapon}, armour={"T": armour})
    g2.arrange(men={"A1": far}, turn=2)
    assert "vehicle_damage" not in g2.odds("A1", crew)
    assert "vehicle_damage" not in g.odds("A1", crew, weapon="pistol")


@pytest.mark.parametrize("kind,seed", [("scripted", 12), ("tactic", 19)])
def test_the_computer_adversary_sets_the_breaching_charge(kind: str, seed: int) -> None:
    """stopped_convoy's A2 carries a charge: the AMBUSH adversary walks him in once the side
    sees no guard near the transporter and he sets it (seeded games; it had never been set)."""
    from hexplay.games.ambush.ai import players

    f = getattr(players, kind)
    g = AmbushGame.new("stopped_convoy", seed=seed)
    play(g, [f("adversary", seed), f("defender", seed)])
    sets = [e.data for e in g.log.events if e.kind == "breaching charge"]
    assert [s["man"] for s in sets] == ["A2"] and sets[0]["points"] == T.tables().charge_points
    assert g.charges_set == ["A2"]
    assert g.view("adversary")["ambush_rules"]["charges_spent"] == ["A2"]
    assert "charges_spent" not in g.view("defender")["ambush_rules"]
