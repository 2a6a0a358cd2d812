"""hexplay.env for every registered game: PettingZoo's own API and seed tests, the action
codec, observations from the side's view only, masked random play to the end."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
from pettingzoo.test import api_test, parallel_api_test, parallel_seed_test, seed_test  # noqa: E402
from toy_games import all_games, toys_registered  # noqa: E402

import hexplay  # noqa: E402
from hexplay.ai.samplers import hidden_sampler  # noqa: E402
from hexplay.env import END, aec_env, env, parallel_env  # noqa: E402
from hexplay.env.core import GameDriver  # noqa: E402


@pytest.fixture(autouse=True)
def toys():
    """The toy games are registered for each test of this module only."""
    with toys_registered():
        yield


GAMES = all_games()
TOYS = ["toy-race", "toy-mines"]
CYCLES = {"toy-race": 300, "toy-mines": 300}
"""Steps per PettingZoo check (a SKIRMISH step costs more: fewer)."""


ADVICE = (
    "Observation is not a NumPy array",  # a dict with "action_mask", as in PettingZoo classic
    "Observation space for each agent probably should be",  # the same
    "We recommend agents to be named",  # agents are the sides' names
)


"""The PettingZoo warnings allowed: advice that environments with action masks all get."""


def cycles(name: str) -> int:
    return CYCLES.get(name, 60)


def only_advice(caught) -> None:
    other = {str(w.message) for w in caught if not str(w.message).startswith(ADVICE)}
    assert not other, other


@pytest.mark.parametrize("name", GAMES)
def test_parallel_api(name):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        parallel_api_test(parallel_env(name), num_cycles=cycles(name))
    only_advice(caught)


@pytest.mark.parametrize("name", GAMES)
def test_aec_api(name):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(aec_env(name), num_cycles=cycles(name))
    only_advice(caught)


@pytest.mark.parametrize("name", GAMES)
def test_seeds(name):
    parallel_seed_test(lambda: parallel_env(name), num_cycles=cycles(name) // 3)
    seed_test(lambda: aec_env(name), num_cycles=cycles(name) // 3)


@pytest.mark.parametrize("name", GAMES)
def test_natural_kind_and_stable_spaces(name):
    """``env(name)``: a ParallelEnv for simultaneous plots, an AECEnv for alternating turns;
    the agents are the sides; spaces stay the same objects across resets."""
    from pettingzoo import AECEnv, ParallelEnv

    e = env(name)
    info = hexplay.game_entry(name).info
    kind = "Parallel" if info.simultaneous else "AEC"
    assert type(e).__name__ == f"Game{kind}Env"
    assert isinstance(e, ParallelEnv if info.simultaneous else AECEnv)
    assert tuple(e.possible_agents) == info.sides
    spaces = [e.action_space(s) for s in info.sides]
    e.reset(seed=1)
    e.reset(seed=2)
    assert [e.action_space(s) for s in info.sides] == spaces
    assert all(e.action_space(s) is sp for s, sp in zip(info.sides, spaces))


def _masked_play(name: str, seed: int, max_steps: int = 5000):
    e = parallel_env(name)
    obs, _ = e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    total = dict.fromkeys(e.possible_agents, 0.0)
    for _ in range(max_steps):
        acts = {}
        for a in e.agents:
            legal = np.flatnonzero(obs[a]["action_mask"])
            assert legal.size, "a live agent always has a legal action"
            acts[a] = int(rng.choice(legal))
        obs, rew, term, trunc, info = e.step(acts)
        for a, r in rew.items():
            total[a] += r
        if not e.agents:
            return e, total, term
    raise AssertionError("masked random play did not end")


@pytest.mark.parametrize("name", TOYS)
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_masked_random_play_ends_with_outcome_rewards(name, seed):
    e, total, term = _masked_play(name, seed)
    assert all(term.values())
    w = e.game.outcome()["winner"]
    expected = {s: (0.0 if w is None else 1.0 if s == w else -1.0) for s in e.possible_agents}
    assert total == expected


@pytest.mark.parametrize("name", GAMES)
def test_codec_round_trip_and_mask_match_legal_orders(name):
    d = GameDriver(name, seed=3, actions="flat")
    rng = np.random.default_rng(0)
    d.settle()
    checked = 0
    for _ in range(12):
        g = d.game
        if g.over:
            break
        side = g.to_act()[0]
        legal = d.legal(side)
        mask = d.mask(side)
        encoded = set()
        for choice in legal:
            for i, o in enumerate(choice.orders()):
                a = d.codec.encode(o, [choice])
                encoded.add(a)
                if i < 10:
                    back = d.codec.decode(a, side, legal)
                    assert (back.kind, back.unit, back.side) == (o.kind, o.unit, o.side)
                    assert d.codec.encode(back, legal) == a
                    checked += 1
        actions = set(np.flatnonzero(mask).tolist())
        assert encoded <= actions <= encoded | {END}
        for a in sorted(actions - {END})[:200]:  # a masked action means a legal order, and back
            assert d.codec.encode(d.codec.decode(a, side, legal), legal) == a
        actions = np.flatnonzero(mask)
        d.apply(side, int(rng.choice(actions)))
        d.settle()
    assert checked > 0


@pytest.mark.parametrize("name", TOYS)
def test_refused_action_changes_nothing(name):
    d = GameDriver(name, seed=1)
    d.settle()
    side = d.game.to_act()[0]
    mask = d.mask(side)
    bad = int(np.flatnonzero(mask == 0)[-1])
    before = d.game.to_json()
    assert d.apply(side, bad) is False
    assert d.game.to_json() == before
    e = parallel_env(name)
    e.reset(seed=1)
    _, _, _, _, info = e.step(dict.fromkeys(e.agents, bad))
    assert all(i["refused"] for i in info.values())


@pytest.mark.parametrize("name", GAMES)
def test_observation_comes_from_the_view_only(name):
    """Two games that give a side the same view give it the same observation and mask; the
    twins (the game's hidden-state sampler, at several points of a game) must really differ
    in hidden state somewhere, or the test compared a game with itself."""
    d = GameDriver(name, seed=5)
    d.settle()
    rng = np.random.default_rng(1)
    changed = []
    for step in range(1, 61):  # play into the game, where hidden information matters
        g = d.game
        if g.over:
            break
        side = g.to_act()[0]
        d.apply(side, int(rng.choice(np.flatnonzero(d.mask(side)))))
        d.settle()
        if step % 15 or d.game.over:
            continue
        sample = hidden_sampler(d.game)
        for side in d.game.sides:
            other = sample(d.game, side, np.random.default_rng(2))
            assert other.view(side) == d.game.view(side)
            changed += [(step, side)] * hidden_differs(other, d.game)
            twin = GameDriver(name, seed=5)
            twin.game = other
            same_observation(d, twin, side)
    assert changed, "no twin differed in hidden state: the test compared games with themselves"


def same_observation(d: GameDriver, twin: GameDriver, side: str) -> None:
    """Every array of the side's observation is equal in both drivers, at every head of the
    factored actions (the pending choice follows the same values in both)."""
    twin.pending = dict(d.pending)
    for _ in range(3):
        a, b = d.observe(side), twin.observe(side)
        assert a.keys() == b.keys() == {"planes", "globals", "action_mask"}
        for k in a:
            assert np.array_equal(a[k], b[k]), k
        legal = np.flatnonzero(a["action_mask"])
        if side not in d.game.to_act() or legal.size < 2 or d.game.over:
            break
        v = int(legal[-1])  # a unit or a kind or a target, never END (the lowest)
        if d.pending.get(side) is None and v == END:
            break
        da, db = d.game.copy(), twin.game.copy()
        d.game, twin.game = da, db
        d._legal.clear(), twin._legal.clear(), d._choices.clear(), twin._choices.clear()
        if not (d.apply(side, v) and twin.apply(side, v)) or not d.pending.get(side):
            break
    d.pending.clear(), twin.pending.clear()


def hidden_differs(a, b) -> bool:
    """The two games differ in state or in this turn's secret plots (hidden state a snapshot
    does not hold)."""
    plots = [getattr(getattr(g, "plots", None), "orders", None) for g in (a, b)]
    return a.snapshot() != b.snapshot() or plots[0] != plots[1]


@pytest.mark.parametrize("name", ["skirmish", "ambush"])
def test_observation_ignores_hidden_vehicles(name):
    """SKIRMISH/AMBUSH twins that differ in hidden vehicle facts (an unseen escort's place,
    motion and heading, who sits where inside, the convoy's secret driving:
    tests/vehicle_twins.py) give the side the same observation and mask."""
    from vehicle_twins import KINDS, convoy_first, vehicle_twin

    checked = 0
    for seed, turns in ((5, 0), (5, 1), (6, 3)):
        d = GameDriver(name, seed=seed)
        d.game = convoy_first(name, seed, turns)
        side = "adversary"
        for kind in KINDS:
            other = vehicle_twin(d.game, side, kind, np.random.default_rng(seed))
            if other is None:
                continue
            assert hidden_differs(other, d.game)
            twin = GameDriver(name, seed=seed)
            twin.game = other
            same_observation(d, twin, side)
            checked += 1
    assert checked >= 3


def test_skirmish_order_kinds_are_its_rules_tables():
    from hexplay.games.skirmish.orders import SETUP_ARGS, TASK_ARGS

    assert hexplay.game_entry("skirmish").info.order_kinds == (*SETUP_ARGS, *TASK_ARGS)


def test_order_kinds_are_the_declared_ones_only():
    """The codec reads ``GameInfo.order_kinds`` alone; a game declaring none is refused by a
    message naming the field."""
    import dataclasses

    from hexplay.env.codec import order_kinds

    g = hexplay.new_game("skirmish", seed=0)
    assert order_kinds(g) == g.info.order_kinds

    class Bare:
        info = dataclasses.replace(g.info, order_kinds=())

    with pytest.raises(ValueError, match="GameInfo.order_kinds"):
        order_kinds(Bare())


@pytest.mark.parametrize("name", GAMES)
def test_every_game_has_the_env_hooks(name):
    """Each registered game declares its order kinds (codec) and has a hidden-state sampler."""
    from hexplay.ai.samplers import has_sampler
    from hexplay.env.codec import order_kinds

    g = hexplay.new_game(name, seed=0)
    assert order_kinds(g)
    assert has_sampler(type(g), name)


@pytest.mark.parametrize("name", GAMES)
def test_cached_legal_orders_are_the_games(name):
    """The driver keeps a side's legal orders across the other side's secret plotting; what it
    masks is always what the game lists now (the orders its environment offers of them)."""
    from hexplay.env.planes import offered_orders

    e = parallel_env(name, actions="flat")
    obs, _ = e.reset(seed=4)
    rng = np.random.default_rng(4)
    d = e.driver
    for _ in range(40):
        if not e.agents:
            break
        acts = {a: int(rng.choice(np.flatnonzero(obs[a]["action_mask"]))) for a in e.agents}
        obs, *_ = e.step(acts)
        for a in e.agents:
            g = d.game
            fresh = offered_orders(g, a) if a in g.to_act() else []
            assert np.array_equal(obs[a]["action_mask"], d.codec.mask(fresh, d.can_end(a)))


class HalfPlanes:
    """A game's own encoding (for the next test): the default one's first half of planes."""

    def __init__(self, game) -> None:
        from hexplay.env import DefaultPlanes

        self.inner = DefaultPlanes(game)
        self.channels = self.inner.channels[: len(self.inner.channels) // 2]
        self.globals = self.inner.globals
        self.shape = (len(self.channels), *self.inner.shape[1:])

    def flat(self, label):
        return self.inner.flat(label)

    def encode(self, view):
        o = self.inner.encode(view)
        return {"planes": o["planes"][: len(self.channels)], "globals": o["globals"]}


def test_the_encoding_is_the_plugin_records_env_part():
    """``env=`` in a game's plugin record names its plane encoding; without it, the default
    one; the vector encoding is the same for every game."""
    import dataclasses

    from hexplay.env import DefaultPlanes, ViewEncoder, encoder_for, planes_for
    from hexplay.registry import game_entry, register

    g = hexplay.new_game("toy-race", seed=0)
    assert type(planes_for(g)) is DefaultPlanes
    assert type(encoder_for(g)) is ViewEncoder
    entry = game_entry("toy-race")
    register(dataclasses.replace(entry, env=f"{__name__}:HalfPlanes"), replace=True)
    try:
        enc = planes_for(g)
        assert isinstance(enc, HalfPlanes)
        obs, _ = parallel_env("toy-race").reset(seed=1)
        planes = next(iter(obs.values()))["planes"]
        assert planes.shape[0] == len(enc.channels) + 1  # and the selected-unit plane
    finally:
        register(entry, replace=True)
