"""Hypothesis over seeded full naval games (random players): movement within the points,
facings and speeds in bounds, sunk ships never act, results applied simultaneously, JSON round
trip at every turn, replay identical, illegal plots refused unchanged, views without unspotted
enemy ships or enemy plots."""

from __future__ import annotations

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hexplay.ai.random import RandomPlayer
from hexplay.engine import IllegalOrder, Order
from hexplay.games.naval import NavalGame
from hexplay.games.naval.game import ORDER_ARGS
from hexplay.games.naval.movement import speed_options, walk

SCENARIOS = st.sampled_from(["kula_gulf", "horaniu"])
SETTINGS = settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _junk_order(g: NavalGame, rng: np.random.Generator) -> Order:
    side = ("ijn", "usn")[int(rng.integers(2))]
    kind = list(ORDER_ARGS)[int(rng.integers(len(ORDER_ARGS)))]
    unit = list(g.ships)[int(rng.integers(len(g.ships)))]
    junk = [None, 9, -1, "x", ["A"] * 9, ["9999"], "B", "left", list(g.ships)[0], 3, True]
    args = {}
    for name in ORDER_ARGS[kind]:
        if rng.random() < 0.8:
            args[name] = junk[int(rng.integers(len(junk)))]
    if rng.random() < 0.2:
        args["bogus"] = 1
    return Order(side, kind, unit, args)


def _check_view(g: NavalGame, side: str) -> None:
    v = g.view(side)
    known = set(g.known_enemies(side))
    down = []
    for uid, u in v["units"].items():
        if u.get("face_down"):  # an unspotted enemy ship: its side and hex, nothing else
            assert set(u) == {"side", "hex", "face_down"} and u["side"] != side
            assert uid.startswith("?" + u["hex"]) and uid not in g.ships
            down.append(u["hex"])
        elif u["side"] != side:
            assert uid in known and u["spotted"] in ("b", "c") and g.ships[uid].afloat
    hidden = [
        g.label(s.hex)
        for s in g.ships.values()
        if s.side != side and s.afloat and s.hex is not None and s.id not in known
    ]
    assert down == sorted(hidden)  # every one, in hex order
    assert set(v["plots"]) == {side}
    assert v["chart"] == [] and all(set(c["plots"]) == {side} for c in g.plot_chart(side))
    enemy = "usn" if side == "ijn" else "ijn"
    for e in v["events"]:
        if e["kind"] == "move" and e["side"] == enemy:
            assert e["ship"] in g.history[-1]["spotted"]


def _turn(g: NavalGame, players, rng) -> None:
    starts = {
        s.id: (s.hex, s.facing, s.speed, s.top_speed, s.klass.turn_cost)
        for s in g.ships.values()
        if s.afloat
    }
    for side in ("ijn", "usn"):
        _check_view(g, side)
    for _ in range(3):  # random illegal orders change nothing
        o = _junk_order(g, rng)
        before = (g.snapshot(), len(g.commands.commands))
        try:
            h = g.copy()
            h.order(o)
        except IllegalOrder:
            try:
                g.order(o)
            except IllegalOrder:
                pass
            else:
                raise AssertionError(f"{o} refused on a copy but taken")
            assert (g.snapshot(), len(g.commands.commands)) == before
    for side in g.to_act():
        players[side].act(g)
    sunk_before = {s.id for s in g.ships.values() if s.status == "sunk"}
    g.advance()
    h = g.history[-1]
    rows = {r["unit"]: r for c in g.chart[-1:] for rs in c["plots"].values() for r in rs}
    assert set(rows) == set(starts) and not (set(rows) & sunk_before)  # sunk never act
    for sid, (hx, f, sp, top, tc) in starts.items():
        w = walk(hx, f, list(rows[sid]["steps"]), sp, tc, g.waters)  # within the points
        assert w.spent <= sp
        s = g.ships[sid]
        assert 0 <= s.facing < 6 and 0 <= s.speed <= s.top_speed
        if s.status == "afloat":
            assert s.hex == w.end and s.facing == w.facing
            assert s.speed in speed_options(sp, top) or s.speed == s.top_speed
    phases = [e["referee"]["phase"] for e in h["events"]]
    assert phases == sorted(phases)  # C, then every D, then every E
    fired = {
        a["ship"]
        for e in h["events"]
        if e["referee"]["kind"] in ("gunnery", "torpedo")
        for a in e["referee"]["attackers"]
    }
    assert fired <= set(starts)  # ships sunk this turn still fired
    d = g.to_json()
    assert NavalGame.from_json(d).snapshot() == g.snapshot()  # JSON round trip every turn


@SETTINGS
@given(seed=st.integers(0, 10_000), scenario=SCENARIOS)
def test_random_games_keep_the_invariants(seed, scenario):
    g = NavalGame.new(scenario, seed=seed)
    players = {"ijn": RandomPlayer("ijn", seed + 1), "usn": RandomPlayer("usn", seed + 2)}
    rng = np.random.default_rng(seed)
    n = 0
    while not g.over and n < 8:
        _turn(g, players, rng)
        n += 1
    assert g.replay().snapshot() == g.snapshot()


@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_full_games_end_with_an_outcome(seed):
    g = NavalGame.new("kula_gulf", seed=seed)
    from hexplay.ai.player import play

    play(g, [RandomPlayer("ijn", seed), RandomPlayer("usn", seed + 1)])
    o = g.outcome()
    assert (
        g.over
        and o["turns"] <= 20
        and o["level"] in ("IJN major", "IJN minor", "Draw", "USN minor", "USN major")
    )
    assert o["vp_ijn"] >= 6
    v = g.view("ijn")
    assert set(v["chart"][0]["plots"]) == {"ijn", "usn"}  # both charts shown at the end
    assert g.replay().snapshot() == g.snapshot()
