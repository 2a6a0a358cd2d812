"""AGGRESSOR invariants over seeded full games (random and scripted players), checked command
by command on a replay: no stacking, bounds, eliminated units never act, zone of control and
the border rule, JSON round trip at every turn, replay and rewind identical, the acting side's
view holds no unobserved enemy; random illegal orders change nothing."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import hexplay
from hexplay.ai.player import play
from hexplay.engine import IllegalOrder, Order
from hexplay.engine.record import apply_commands
from hexplay.games.aggressor import AggressorGame, board_of
from hexplay.games.aggressor.movement import can_move
from hexplay.games.aggressor.units import UNIT_TYPES

ENTRY = hexplay.game_entry("aggressor")
SMALL = {"army_size": 8, "turn_limit": 8}


def full_game(seed: int, west: str, east: str, **options) -> AggressorGame:
    g = AggressorGame.new(seed=seed, **options)
    play(
        g, {"west": ENTRY.player(west, "west", seed), "east": ENTRY.player(east, "east", seed + 7)}
    )
    return g


def check_state(g: AggressorGame) -> None:
    alive = [u for u in g.units.values() if u.alive]
    hexes = [u.hex for u in alive]
    assert len(hexes) == len(set(hexes)), "stacking"
    assert g.at == {u.hex: u.id for u in alive}
    for u in alive:
        t = UNIT_TYPES[u.type]
        assert 0 <= u.rng <= t.range and 1 <= u.str <= t.strength, u
    for u in g.units.values():
        if not u.alive:
            assert u.str == 0 and u.hex not in g.at or g.at[u.hex] != u.id


def observable(g, side) -> set[str]:
    """Independent of the engine: enemies within the current range of a friendly unit."""
    b = g.board
    own = [u for u in g.units.values() if u.alive and u.side == side and u.rng > 0]
    return {
        e.id
        for e in g.units.values()
        if e.alive and e.side != side and any(b.dist[u.hex][e.hex] <= u.rng for u in own)
    }


def check_view(g: AggressorGame, at_turn_start: bool, identified_before: set[str]) -> set[str]:
    """The acting side's view: every enemy in it is really there; at the start of a turn it is
    one within observation range or identified in the side's previous turn; an unidentified
    one carries no type and no id. Returns the ids shown identified."""
    if g.over or g.phase == "setup":
        return set()
    side = g.current
    v = g.view(side)
    json.dumps(v)
    truth = {g.board.labels[u.hex]: u for u in g.units.values() if u.alive}
    allowed = observable(g, side) | identified_before
    shown = set()
    for k, e in v["units"].items():
        if e["side"] == side:
            continue
        u = truth.get(e["hex"])
        assert u is not None and u.side != side, f"{side} sees a ghost at {e['hex']}"
        if e["display"] in ("Unidentified", "Nuked"):
            assert k.startswith("?") and "type" not in e and "strength" not in e
        else:
            assert k == u.id and e["type"] == u.type
            shown.add(k)
        if at_turn_start and g.scenario.obs:
            assert u.id in allowed, f"{side} sees {u.id} it cannot observe"
    return shown


def check_move(g, o: Order, before: dict, stops: list[str] | None = None) -> None:
    """After a move: zone of control and the border rule ended it where they apply. A step on
    to an empty neighbour is then refused by that rule, and accepted (on a copy) once the stop
    is lifted if the unit has movement left (``stops`` collects the rules so checked)."""
    u = g.units[o.unit]
    if not u.alive or u.hex == before["hex"]:
        return
    b = g.board
    enemy = [e for e in g.units.values() if e.alive and e.side != u.side]
    zoc = any(b.dist[before["hex"]][e.hex] == 1 and b.dist[u.hex][e.hex] == 1 for e in enemy)
    border = g.aggressor is None and (
        b.enemy_territory(u.side, u.hex) or b.enemy_territory(u.side, u.start_hex)
    )
    if zoc or border:
        assert u.stopped, f"{u.id} not stopped (zoc={zoc}, border={border})"
        rule = "zone of control" if zoc else "border rule"
        empty = [j for j in b.adj[u.hex] if j not in g.at]
        if not empty:  # (surrounded: no step could be legal anyway)
            return
        step = Order(u.side, "move", u.id, {"to": b.labels[empty[0]]})
        c = g.copy()
        c.units[u.id].frozen = False  # (a partisan spot's freezing is refused first)
        with pytest.raises(IllegalOrder) as refused:
            c.order(step)
        assert refused.value.rule == rule, refused.value
        c.units[u.id].stopped = ""
        if can_move(c, c.units[u.id]):
            c.order(step)  # legal but for the stop
        if stops is not None:
            stops.append(rule)


def audit(g: AggressorGame, round_trip_every: int = 1) -> list[str]:
    """Replay ``g`` command by command, checking every invariant on the way; returns the stop
    rules whose refusal was checked."""
    stops: list[str] = []
    r = AggressorGame._fresh(g.scenario_dict(), g.map, type(g.dice)(g.dice.seed))
    starts: dict[int, dict] = {0: r.snapshot()}
    identified = {"west": set(), "east": set()}
    last_shown = {"west": set(), "east": set()}
    turn = r.turn
    for k, c in enumerate(g.commands.to_list()):
        before = None
        if c["op"] == "order" and c["args"]["unit"] in r.units and r.phase == "play":
            u = r.units[c["args"]["unit"]]
            assert u.alive, "an eliminated unit acted"
            before = {"hex": u.hex}
        apply_commands(r, [c], k)
        check_state(r)
        if before is not None and c["args"]["kind"] == "move":
            check_move(r, Order.from_dict(c["args"]), before, stops)
        if r.turn != turn:
            turn = r.turn
            starts[turn] = r.snapshot()
            if r.current:
                identified[r.current] = set(last_shown[r.current])
            if round_trip_every and turn % round_trip_every == 0:
                back = AggressorGame.from_json(json.loads(json.dumps(r.to_json())))
                assert back.snapshot() == r.snapshot()
            shown = check_view(r, True, identified.get(r.current, set()))
        else:
            shown = check_view(r, False, set())
        if r.current and not r.over:
            last_shown[r.current] = shown
    assert r.snapshot() == g.snapshot(), "replay differs"
    for t in sorted(starts)[:: max(1, len(starts) // 4)]:
        assert g.copy().rewind(t).snapshot() == starts[t]
    return stops


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10_000),
    players=st.sampled_from(
        [
            ("random", "random"),
            ("scripted", "random"),
            ("random", "scripted"),
            ("scripted", "scripted"),
        ]
    ),
    obs=st.booleans(),
)
def test_invariants_small_armies(seed, players, obs):
    g = full_game(seed, *players, obs=obs, **SMALL)
    assert g.over
    audit(g, round_trip_every=2)  # every turn: test_views_never_hold_unobserved_enemies


@pytest.mark.parametrize("seed", [1, 2])
def test_invariants_full_game(seed):
    g = full_game(seed, "scripted", "random", scenario=None, turn_limit=25)
    assert g.over
    audit(g, round_trip_every=5)


def test_the_stop_check_meets_both_rules():
    """audit()'s check of a stopped unit's next step runs: seeded games in which zone of
    control stops a unit and in which the border rule does."""
    seen: set[str] = set()
    for seed in (0, 3):
        seen |= set(audit(full_game(seed, "scripted", "random", **SMALL), round_trip_every=0))
    assert seen == {"zone of control", "border rule"}


KINDS = [
    "move",
    "attack",
    "fire",
    "strike",
    "recon",
    "launch",
    "decon",
    "replace",
    "supply",
    "contact",
    "place",
    "remove",
    "jump",
]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 1000), data=st.data())
def test_random_illegal_orders_change_nothing(seed, data):
    g = AggressorGame.new(seed=seed, army_size=6, turn_limit=8)
    players = {s: ENTRY.player("random", s, seed) for s in ("west", "east")}
    b = board_of(g.map)
    for _ in range(data.draw(st.integers(0, 6))):
        if g.over:
            break
        side = g.to_act()[0]
        players[side].act(g)
    for _ in range(15):
        side = data.draw(st.sampled_from(["west", "east", "north", 3]))
        unit = data.draw(st.sampled_from([None, "W01", "E01", "W06", "E03", "X9", 7]))
        kind = data.draw(st.sampled_from(KINDS))
        arg = data.draw(
            st.sampled_from(["to", "target", "support", "direction", "hex", "type", "speed"])
        )
        val = data.draw(
            st.one_of(
                st.sampled_from(b.labels),
                st.integers(-1, 8),
                st.sampled_from(["Armor", "@ZZ", "", None, ["@AA"], {"a": 1}]),
            )
        )
        snap, dice = g.snapshot(), json.dumps(g.dice.state())
        n = len(g.commands.commands)
        try:
            g.order({"side": side, "kind": kind, "unit": unit, "args": {arg: val}})
        except IllegalOrder:
            assert g.snapshot() == snap and json.dumps(g.dice.state()) == dice
            assert len(g.commands.commands) == n
    check_state(g)


def test_views_never_hold_unobserved_enemies_under_obs():
    g = full_game(5, "random", "scripted", army_size=10, turn_limit=10)
    audit(g, round_trip_every=1)  # and a JSON round trip at every turn


def test_scripted_player_is_fog_fair():
    """Two positions that give west the same view give the same west orders."""
    base = [
        {"side": "west", "type": "Armor", "hex": "@IF"},
        {"side": "west", "type": "Armor", "hex": "@IJ"},
        {"side": "west", "type": "Artillery", "hex": "@GJ"},
        {"side": "west", "type": "Airbase", "hex": "@CJ"},
        {"side": "east", "type": "Infantry", "hex": "@LJ"},
    ]
    orders = []
    for hidden in ("@UA", "@TO"):
        pos = base + [{"side": "east", "type": "Armor", "hex": hidden}]
        g = AggressorGame.new(position=pos, first="west", seed=4)
        v = g.view("west")
        ENTRY.player("scripted", "west", 9).act(g)
        orders.append(([c.to_dict()["args"] for c in g.commands.commands], v))
    assert orders[0][1] == orders[1][1]
    assert orders[0][0] == orders[1][0] and orders[0][0]


def test_replay_and_save_of_a_full_game_are_identical():
    g = full_game(11, "scripted", "scripted", turn_limit=20)
    s = json.dumps(g.to_json())
    back = AggressorGame.from_json(json.loads(s))
    assert back.snapshot() == g.snapshot() and back.outcome() == g.outcome()
    assert g.replay().snapshot() == g.snapshot()
    out = g.outcome()
    assert set(out) >= {
        "winner",
        "reason",
        "turns",
        "units_west",
        "units_east",
        "sectors_west",
        "sectors_east",
        "aggressor",
    }


@pytest.mark.parametrize("seed,obs", [(3, True), (4, False)])
def test_target_check_fast_path_equals_the_target_lists(seed, obs):
    from hexplay.games.aggressor.legal import target_legal, targets

    g = AggressorGame.new(seed=seed, obs=obs, turn_limit=30)
    players = {s: ENTRY.player("scripted", s, seed) for s in ("west", "east")}
    checked = 0
    while not g.over and g.turn < 16:
        side = g.to_act()[0]
        if g.phase == "play":
            for u in g.alive(side):
                for kind in ("fire", "strike", "recon", "launch", "move", "attack"):
                    listed = targets(g, u, kind)
                    for t in range(g.board.size):
                        assert target_legal(g, u, kind, t) == (t in listed), (u, kind, t)
                        checked += 1
        players[side].act(g)
    assert checked > 10_000


def test_events_tell_a_side_nothing_of_hidden_enemies():
    """Every event a side may read is about its own units, or public (turns, the aggressor, the
    end), or an attack report (attacker type, defender hex, form, result, Dug)."""
    from hexplay.engine import VIEW_KEYS

    g = full_game(8, "scripted", "random", turn_limit=30)
    public = {"turn", "first", "over", "aggressor"}
    report_keys = {
        "index",
        "turn",
        "phase",
        "kind",
        "side",
        "attacker",
        "target",
        "form",
        "result",
        "dug",
        "defender_type",
    }
    for side in ("west", "east"):
        v = g.view(side)
        assert set(VIEW_KEYS) <= set(v)
        seen_kinds = set()
        for e in g.log.events:
            d = e.for_side(side)
            if d is None:
                continue
            seen_kinds.add(d["kind"])
            if d["kind"] == "attack":
                assert set(d) <= report_keys
                if d["side"] != side:
                    assert "defender_type" not in d
            elif d["kind"] == "partisans":  # the spot and the frozen units: the victim's own
                assert all(g.units[k].side == side for k in d["frozen"])
            elif d["kind"] not in public:
                assert g.units[d["unit"]].side == side, d
        assert "attack" in seen_kinds and "move" in seen_kinds
