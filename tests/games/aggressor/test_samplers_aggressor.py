"""AGGRESSOR's turn sampler reads the side's knowledge only (issue #16: fog fairness).

The twin states here are built independently of the sampler: an enemy unit the side does not
know of is moved to another free hex out of the side's observation, which leaves
``view(side)`` and ``legal_orders(side)`` unchanged. The sampler, given the same ``rng``, must
then give the side the same sample in both states, and the search player at its smallest
searching budget the same orders. (tests/test_fog_fair.py's twins come from the sampler itself,
which is why they could not see a sampler that kept the unseen units' true hexes.)
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import hexplay
from hexplay.ai.player import play
from hexplay.ai.random import RandomPlayer
from hexplay.ai.search import SearchPlayer
from hexplay.ai.worlds import rollout_copy
from hexplay.games.aggressor.ai.sampler import sample as aggressor_resample
from hexplay.games.aggressor.ai.sampler import unobservable_hexes

FIELDS = ("hex", "type", "rng", "str", "launched", "emplaced")


def position(seed: int, turns: int) -> Any:
    """An AGGRESSOR game after ``turns`` side turns of random play, with a side to act."""
    g = hexplay.new_game("aggressor", seed=seed)
    players = {s: RandomPlayer(s, seed + i) for i, s in enumerate(g.sides)}
    play(g, players, max_turns=turns)
    while not g.over and not g.to_act():
        g.advance()
    return g


def moved_twin(g: Any, side: str, rng: np.random.Generator) -> Any | None:
    """``g`` with every enemy unit ``side`` does not know of moved to another free hex it
    cannot observe (drawn from ``rng``; None if there is no such unit or too few hexes); its
    view and legal orders are checked unchanged."""
    unknown = [
        u for u in g.units.values() if u.side != side and u.alive and u.id not in g.known[side]
    ]
    occupied = {u.hex for u in g.units.values() if u.alive}
    free = [h for h in unobservable_hexes(g, side) if h not in occupied and h not in g.cbr]
    if not unknown or len(free) < len(unknown):
        return None
    twin = rollout_copy(g)
    for u in unknown:
        del twin.at[u.hex]
    for u, j in zip(unknown, rng.choice(free, len(unknown), replace=False)):
        t = twin.units[u.id]
        emplaced = t.start_hex == t.hex
        t.hex = int(j)
        twin.at[t.hex] = t.id
        t.start_hex = t.hex if emplaced else -1
    assert twin.view(side) == g.view(side)
    assert twin.legal_orders(side) == g.legal_orders(side)
    return twin


def unseen_sample(g: Any, side: str) -> dict[str, tuple]:
    """What the sample says of the enemy units ``side`` does not see (by id)."""
    return {
        u.id: tuple(getattr(u, f) for f in FIELDS)
        for u in g.units.values()
        if u.side != side and u.alive and u.id not in g.known[side]
    }


CASES = [(seed, turns) for seed in range(3) for turns in (2, 3, 5)]


@pytest.mark.parametrize(("seed", "turns"), CASES)
def test_the_sample_does_not_follow_where_the_unseen_enemy_really_is(seed, turns):
    g = position(seed, turns)
    if g.over:
        pytest.skip("game over")
    side = g.to_act()[0]
    twin = moved_twin(g, side, np.random.default_rng(seed))
    assert twin is not None
    a = aggressor_resample(g, side, np.random.default_rng(7))
    b = aggressor_resample(twin, side, np.random.default_rng(7))
    assert a.view(side) == g.view(side)
    assert a.legal_orders(side) == g.legal_orders(side)
    assert unseen_sample(a, side) == unseen_sample(b, side)
    # and the sample does not keep the true hexes: some unseen unit is put elsewhere
    assert unseen_sample(a, side) != unseen_sample(g, side)


def search_decision(game: Any, side: str) -> tuple[list[dict], dict]:
    """(the commands, the search's statistics) of a fresh search player for ``side`` acting in
    ``game`` at its smallest searching budget (two rollouts, scored after its turn and the
    enemy's: one turn's rollouts, scored by sector control, rarely feel one unit's hex)."""
    n = len(game.commands.commands)
    sp = SearchPlayer(side, seed=3, iterations=2, horizon=2, setup_iterations=0, turns=True)
    sp.act(game)
    return game.commands.to_list()[n:], sp.last


@pytest.mark.parametrize(("seed", "turns"), CASES)
def test_the_turn_search_gives_the_same_orders_in_both_states(seed, turns):
    g = position(seed, turns)
    if g.over:
        pytest.skip("game over")
    side = g.to_act()[0]
    twin = moved_twin(g, side, np.random.default_rng(seed))
    assert twin is not None
    (a, stats_a), (b, stats_b) = search_decision(g.copy(), side), search_decision(twin.copy(), side)
    # the rollouts start from samples of the side's knowledge: the same in both states
    assert stats_a == stats_b
    if a != b:  # up to an order whose effect showed the side a difference (alternating turns)
        i = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
        from hexplay.engine.record import apply_commands

        ga, gb = g.copy(), twin.copy()
        apply_commands(ga, a[:i])
        apply_commands(gb, a[:i])
        assert ga.view(side) != gb.view(side), f"orders differ at {i} with the same view"


@pytest.mark.parametrize(("seed", "turns"), CASES[:6])
def test_no_hex_called_unobservable_is_observed_at_the_turn_start(seed, turns):
    from hexplay.games.aggressor.observation import observe_plain

    g = position(seed, turns)
    if g.over:
        pytest.skip("game over")
    side = g.to_act()[0]
    u = next(
        u for u in g.units.values() if u.side != side and u.alive and u.id not in g.known[side]
    )
    occupied = {v.hex for v in g.units.values() if v.alive}
    hexes = [h for h in unobservable_hexes(g, side) if h not in occupied]
    assert hexes
    for h in hexes:
        w = rollout_copy(g)
        t = w.units[u.id]
        del w.at[t.hex]
        t.hex, w.at[h] = h, t.id
        assert u.id not in observe_plain(w, side)[0], f"{u.id} at {h} would be observed"


@pytest.mark.parametrize(("seed", "turns"), CASES)
def test_the_types_dealt_come_from_the_prior_less_what_the_view_identifies(seed, turns):
    from collections import Counter

    from hexplay.games.aggressor.setup import army_plan

    g = position(seed, turns)
    if g.over:
        pytest.skip("game over")
    side = g.to_act()[0]
    view = g.view(side)["units"]
    typed = Counter(d["type"] for d in view.values() if d["side"] != side and "type" in d)
    prior = Counter(army_plan(g.scenario.army_size)) - typed
    for k in range(3):
        a = aggressor_resample(g, side, np.random.default_rng(k))
        dealt = Counter(
            u.type
            for u in a.units.values()
            if u.side != side and u.alive and not (u.id in view and "type" in view[u.id])
        )
        assert not dealt - prior, f"types outside the prior: {dealt - prior}"
        for u in a.units.values():
            if u.side != side and u.alive and u.id not in g.known[side]:
                assert a.at[u.hex] == u.id and u.hex not in g.cbr


@pytest.mark.parametrize(("seed", "turns"), CASES)
def test_for_the_side_not_to_act_no_enemy_hex_now_is_read(seed, turns):
    """Its view is its snapshot of its last turn: every enemy unit may stand elsewhere now."""
    g = position(seed, turns)
    if g.over:
        pytest.skip("game over")
    side = g.other(g.to_act()[0])
    enemies = [u for u in g.units.values() if u.side != side and u.alive]
    occupied = {u.hex for u in g.units.values() if u.alive}
    free = [h for h in range(g.board.size) if h not in occupied and h not in g.cbr]
    twin = rollout_copy(g)
    for u in enemies:
        del twin.at[u.hex]
    for u, j in zip(enemies, np.random.default_rng(seed).choice(free, len(enemies), False)):
        twin.units[u.id].hex = int(j)
        twin.at[int(j)] = u.id
    assert twin.view(side) == g.view(side)
    a = aggressor_resample(g, side, np.random.default_rng(7))
    b = aggressor_resample(twin, side, np.random.default_rng(7))
    assert a.view(side) == g.view(side)
    every = lambda w: {  # noqa: E731
        u.id: tuple(getattr(u, f) for f in FIELDS) for u in w.units.values() if u.side != side
    }
    assert every(a) == every(b)
    assert every(a) != every(g)


def quietly_killed_twin(g: Any, side: str, named: bool = False) -> Any | None:
    """``g`` with one enemy unit ``side`` does not know of (``named``: one its view names by
    id, for the side not to act, whose view is its snapshot of its last turn) eliminated the
    way an anti-aircraft, CBR or supply loss is: through ``eliminate``, whose event only its
    owner sees (None if there is no such unit, or it is the enemy's last); its view and legal
    orders are checked unchanged."""
    enemy, view = g.other(side), g.view(side)["units"]
    unknown = sorted(
        (
            u
            for u in g.units.values()
            if u.side == enemy
            and u.alive
            and ((u.id in view) if named else (u.id not in g.known[side]))
        ),
        key=lambda u: u.id,
    )
    if not unknown or len(g.alive(enemy)) < 2:
        return None
    twin = rollout_copy(g)
    twin.eliminate(twin.units[unknown[len(unknown) // 2].id])
    assert twin.view(side) == g.view(side)
    assert twin.legal_orders(side) == g.legal_orders(side)
    return twin


def enemy_sample(g: Any, side: str) -> dict[str, tuple]:
    """The sample's enemy units alive, by id: where they stand, their types and state."""
    return {
        u.id: tuple(getattr(u, f) for f in FIELDS)
        for u in g.units.values()
        if u.side != side and u.alive
    }


@pytest.mark.parametrize(("seed", "turns"), CASES)
@pytest.mark.parametrize("acting", [True, False])
def test_the_sample_does_not_follow_which_enemy_units_are_alive(seed, turns, acting):
    g = position(seed, turns)
    if g.over:
        pytest.skip("game over")
    side = g.to_act()[0] if acting else g.other(g.to_act()[0])
    twin = quietly_killed_twin(g, side)
    assert twin is not None
    for k in range(2):
        a = aggressor_resample(g, side, np.random.default_rng(k))
        b = aggressor_resample(twin, side, np.random.default_rng(k))
        assert a.view(side) == g.view(side) and b.view(side) == g.view(side)
        assert a.legal_orders(side) == g.legal_orders(side)
        assert enemy_sample(a, side) == enemy_sample(b, side)


@pytest.mark.parametrize("seed", range(4))
def test_for_the_side_not_to_act_a_unit_it_named_then_is_alive_as_it_saw_it(seed):
    """An enemy unit its snapshot names, eliminated since unreported: the sample is the same,
    that unit alive with the snapshot's range and strength."""
    g = position(seed, 2)
    while not g.over and not any(
        d["side"] != g.other(g.to_act()[0]) and "type" in d
        for d in g.view(g.other(g.to_act()[0]))["units"].values()
    ):  # play on until the side not to act named an enemy unit in its last turn
        play(g, {s: RandomPlayer(s, seed) for s in g.sides}, max_turns=1)
        while not g.over and not g.to_act():
            g.advance()
    if g.over:
        pytest.skip("game over")
    side = g.other(g.to_act()[0])
    twin = quietly_killed_twin(g, side, named=True)
    assert twin is not None
    view = g.view(side)["units"]
    for k in range(2):
        a = aggressor_resample(g, side, np.random.default_rng(k))
        b = aggressor_resample(twin, side, np.random.default_rng(k))
        assert enemy_sample(a, side) == enemy_sample(b, side)
        for uid, d in view.items():
            if d["side"] != side and "type" in d:
                u = b.units[uid]
                assert u.alive and (u.type, u.rng, u.str) == (d["type"], d["range"], d["strength"])


def scripted_position(seed: int, turns: int) -> Any:
    """An AGGRESSOR game after ``turns`` side turns of the scripted players (which fight:
    eliminations reported to the attacker), with a side to act."""
    from hexplay.games.aggressor.ai.players import scripted

    g = hexplay.new_game("aggressor", seed=seed)
    play(g, {s: scripted(s, seed + i) for i, s in enumerate(g.sides)}, max_turns=turns)
    while not g.over and not g.to_act():
        g.advance()
    return g


KILLS = [(seed, turns) for seed in range(4) for turns in (6, 10)]


@pytest.mark.parametrize(("seed", "turns"), KILLS)
def test_the_enemy_units_alive_are_its_army_less_the_kills_reported_to_the_side(seed, turns):
    from hexplay.games.aggressor.ai.sampler import kills_reported

    g = scripted_position(seed, turns)
    assert not g.over
    assert sum(kills_reported(g, s) for s in g.sides) > 0
    for side in g.sides:
        kills = kills_reported(g, side)
        # the side's own attacks that eliminated (the referee's record; a unit that falls in
        # its own contaminated hex is no report to the enemy)
        assert kills == sum(
            1
            for e in g.log.events
            if e.kind == "attack" and e.data["side"] == side and e.data["result"] == "eliminated"
        )
        view = g.view(side)["units"]
        a = aggressor_resample(g, side, np.random.default_rng(seed))
        assert a.view(side) == g.view(side)
        sample = enemy_sample(a, side)
        assert len(sample) == g.scenario.army_size - kills
        assert {k for k, d in view.items() if d["side"] != side and "type" in d} <= set(sample)
        assert all(a.at[h] == uid for uid, (h, *_) in sample.items())


@pytest.mark.parametrize(("seed", "turns"), KILLS)
@pytest.mark.parametrize("acting", [True, False])
def test_after_reported_kills_a_quiet_elimination_does_not_change_the_sample(seed, turns, acting):
    g = scripted_position(seed, turns)
    side = g.to_act()[0] if acting else g.other(g.to_act()[0])
    twin = quietly_killed_twin(g, side)
    assert twin is not None
    a = aggressor_resample(g, side, np.random.default_rng(seed))
    b = aggressor_resample(twin, side, np.random.default_rng(seed))
    assert a.view(side) == g.view(side) and b.view(side) == g.view(side)
    assert enemy_sample(a, side) == enemy_sample(b, side)


def enemy_knowledge(g: Any, side: str) -> tuple:
    """What the sample says the enemy knows of ``side``'s units: known, carried, last seen."""
    e = g.other(side)
    return (
        sorted((k, repr(v)) for k, v in g.known[e].items()),
        sorted(g.carried[e]),
        sorted((k, repr(v)) for k, v in g.last_seen[e].items()),
    )


@pytest.mark.parametrize(("seed", "turns"), CASES)
@pytest.mark.parametrize("acting", [True, False])
def test_the_sample_does_not_follow_what_the_enemy_really_knows(seed, turns, acting):
    """Twins that differ in the enemy's knowledge of the side's units (all of it forgotten in
    one: the side's view cannot show what the enemy knows) give the same sample, and the
    sample's enemy knowledge is drawn (not the true one where the true one is not empty)."""
    g = position(seed, turns)
    if g.over:
        pytest.skip("game over")
    side = g.to_act()[0] if acting else g.other(g.to_act()[0])
    e = g.other(side)
    twin = rollout_copy(g)
    twin.known[e], twin.carried[e], twin.last_seen[e] = {}, set(), {}
    assert twin.view(side) == g.view(side)
    assert twin.legal_orders(side) == g.legal_orders(side)
    for k in range(2):
        a = aggressor_resample(g, side, np.random.default_rng(k))
        b = aggressor_resample(twin, side, np.random.default_rng(k))
        assert a.view(side) == g.view(side)
        assert enemy_knowledge(a, side) == enemy_knowledge(b, side)
