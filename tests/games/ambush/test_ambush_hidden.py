"""AMBUSH's fog of war (as tests/test_skirmish_hidden.py for SKIRMISH): radio messages and the
response force are the convoy's knowledge; the cargo's whereabouts are known to the defender
only while he sees its carrier; every view stays plain JSON."""

from __future__ import annotations

import json

import pytest
from ambush_setups import fire_at_the_crew, rocket_beside_transporter

from hexplay.games.ambush.ai.players import scripted
from hexplay.games.ambush.game import AmbushGame, AmbushScenario
from hexplay.games.skirmish.ai.base import play

SECRET_EVENTS = {"radio", "response dispatched", "response arrived"}


def _played(name: str = "roadblock", seed: int = 1, turns: int = 30) -> AmbushGame:
    g = AmbushGame.new(name, seed=seed)
    return play(g, [scripted("adversary", seed), scripted("defender", seed)], max_turns=turns)


def _kinds(view) -> set[str]:
    return {e["kind"] for e in view["events"]}


def test_radio_and_response_are_the_convoys_knowledge() -> None:
    for seed in range(3):
        g = _played(seed=seed)
        adv, dfn = g.view("adversary"), g.view("defender")
        assert SECRET_EVENTS & _kinds(dfn) >= {"radio"}
        assert not SECRET_EVENTS & _kinds(adv)
        assert "radio" not in adv["ambush_rules"] and "response" not in adv["ambush_rules"]
        assert dfn["ambush_rules"]["response"] == g.response
        json.dumps(adv), json.dumps(dfn)  # plain JSON


def test_response_men_are_seen_only_by_line_of_sight() -> None:
    seen_any = hidden_any = False
    arrived = 0
    for seed in range(4):
        g = _played("stopped_convoy", seed=seed)
        rs = [m for m in g.men if m.startswith("R")]
        arrived += len(rs)
        adv = g.view("adversary")
        for r in rs:
            if r in g.seen["adversary"]:
                seen_any = True
                assert r in adv["units"]
            else:
                hidden_any = True
                assert r not in adv["units"]
        assert all(r in g.view("defender")["units"] for r in rs)
    assert arrived and (seen_any or hidden_any)


def test_the_defender_does_not_know_where_an_unseen_cargo_is() -> None:
    g = _played(turns=2)
    a = next(m for m in g.men.values() if m.side == "adversary" and m.alive and m.hex)
    g.cargo.update(state="carried", holder=a.id, hex=a.hex)
    g.seen["defender"].discard(a.id)
    c = g.view("defender")["ambush_rules"]["cargo"]
    assert c["state"] == "out" and c["hex"] is None and c["holder"] is None
    g.seen["defender"].add(a.id)
    c = g.view("defender")["ambush_rules"]["cargo"]
    assert c["hex"] == a.hex and c["holder"] == a.id
    g.cargo.update(state="dropped", holder=None)
    assert g.view("defender")["ambush_rules"]["cargo"]["hex"] is None
    assert g.view("adversary")["ambush_rules"]["cargo"]["state"] == "dropped"


@pytest.mark.parametrize("seen", [True, False])
def test_a_vehicle_hit_names_its_firer_only_to_a_side_that_saw_him(seen: bool) -> None:
    """As a SKIRMISH shot: the convoy learns what hit its vehicle and what it did, but who
    fired, with what and from how far only if it saw the firer at the start of the turn."""
    g = rocket_beside_transporter()
    fire_at_the_crew(g, seen)
    hit = next(e for e in g.log.events if e.kind == "vehicle hit")
    adv, dfn = hit.for_side("adversary"), hit.for_side("defender")
    assert adv["firer"] == "A1" and adv["weapon"] == "rocket_launcher" and "attack" in adv
    assert dfn["vehicle"] == "T" and dfn["die"] == adv["die"] and dfn["result"] == adv["result"]
    if seen:
        assert dfn == adv
    else:
        assert not {"firer", "weapon", "attack", "armour"} & set(dfn)
        assert "A1" not in json.dumps(g.view("defender")["events"])


@pytest.mark.parametrize("seen", [True, False])
def test_the_convoy_learns_who_loads_the_cargo_only_if_it_saw_him(seen: bool) -> None:
    from hexplay.games.skirmish import cargo
    from hexplay.games.skirmish.ui.events import describe_event

    g = AmbushGame.new(AmbushScenario(route="Route 4", ambush="1129", cargo_removal=True), seed=1)
    for side in ("adversary", "defender"):
        g.auto_setup(side, 1)
        g.submit(side)
    th = g.vehicle_hex(g.transporter)
    g.arrange(men={"A1": th})
    g.men["A1"].armed, g.men["A1"].laid_at = False, th
    (g.seen["defender"].add if seen else g.seen["defender"].discard)("A1")
    g.barrier = cargo.load_points(g)
    cargo.after_maintenance(g)
    ev = next(e for e in g.log.events if e.kind == "cargo loaded")
    assert ev.for_side("adversary")["man"] == "A1"
    dfn = ev.for_side("defender")
    assert dfn["hex"] == th and ("man" in dfn) == seen
    assert describe_event(dfn) == (
        f"A1 loads the cargo at {th}" if seen else f"the cargo is loaded at {th}"
    )
    assert (g.view("defender")["ambush_rules"]["cargo"]["holder"] == "A1") == seen
