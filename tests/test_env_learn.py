"""The learned player: the numpy forward pass equals the trained torch network's, a smoke
training run (a few thousand steps: the CI's), and SKIRMISH's shipped learned adversary
playing whole games, in a batch and as a search player's base policy.

The training tests need the ``learn`` extra (torch, sb3-contrib); CI installs it
(scripts/test.sh), so they are not skipped there."""

from __future__ import annotations

import numpy as np
import pytest

import hexplay
from hexplay.ai import play
from hexplay.env.policy import NumpyPolicy, PolicyPlayer, adaptive_avg_pool, conv3x3


def test_numpy_conv_and_pool_equal_torch():
    """:func:`conv3x3` is torch's Conv2d(k=3, padding=1); :func:`adaptive_avg_pool` is
    AdaptiveAvgPool2d, on grids that do not divide evenly."""
    torch = pytest.importorskip("torch")
    rng = np.random.default_rng(0)
    x = rng.normal(size=(5, 13, 11)).astype(np.float32)
    conv = torch.nn.Conv2d(5, 4, 3, padding=1)
    want = conv(torch.as_tensor(x)[None])[0].detach().numpy()
    got = conv3x3(x, conv.weight.detach().numpy(), conv.bias.detach().numpy())
    assert np.allclose(got, want, atol=1e-5)
    want = torch.nn.AdaptiveAvgPool2d((4, 3))(torch.as_tensor(x)[None])[0].numpy()
    assert np.allclose(adaptive_avg_pool(x, (4, 3)), want, atol=1e-6)


def test_one_blas_thread_limits_blas_and_changes_no_logit():
    """The learned player's forward pass runs with numpy's BLAS on one thread (each product is
    small: threads only wait) and gives the logits of the unlimited pass."""
    from threadpoolctl import threadpool_info

    from hexplay.env.policy import one_blas_thread
    from hexplay.games.skirmish.ai.learned import POLICIES

    with one_blas_thread():
        blas = [i for i in threadpool_info() if i["user_api"] == "blas"]
        assert blas and all(i["num_threads"] == 1 for i in blas)
    policy = NumpyPolicy.load(POLICIES["adversary"])
    rng = np.random.default_rng(1)
    planes = rng.random((policy.w["conv0.w"].shape[1], 36, 30)).astype(np.float32)  # 22x36x30
    trunk = policy.w[f"{policy.convs[-1]}.w"].shape[0] * policy.pool[0] * policy.pool[1]
    glob = rng.random(policy.w["feat.w"].shape[1] - trunk)
    assert np.allclose(policy.logits(planes, glob), policy._logits(planes, glob), atol=1e-5)


@pytest.fixture(scope="module")
def smoke(tmp_path_factory):
    """A smoke training run of SKIRMISH's adversary with the shipped recipe's stages: one
    cloned expert game, one DAgger round of one game, 2048 PPO steps (seconds; the CI's run
    of the training script's recipe), the spatial head, the set-up decisions weighted, the
    weights of each stage and the cloning data written to a temporary folder."""
    from hexplay.env.learn import train
    from hexplay.games.skirmish.ai.learned import decision_weight, scripted_expert

    folder = tmp_path_factory.mktemp("smoke")
    weights, log = train(
        "skirmish",
        "adversary",
        steps=2048,
        expert=scripted_expert,
        expert_games=1,
        bc_epochs=2,
        dagger_rounds=1,
        dagger_games=1,
        dagger_epochs=1,
        every=2048,
        evaluate={"random": 1},
        keep_best=True,
        spatial=True,
        n_steps=512,
        batch_size=128,
        n_epochs=1,
        weigh=decision_weight,
        out=folder / "run.npz",
        samples_out=folder / "run.samples.npz",
    )
    return weights, log, folder


def test_smoke_training_runs_and_logs(smoke):
    weights, log, _ = smoke
    assert log.steps == [0, 0, 2048]
    assert log.stage == ["clone", "dagger 1", "ppo"]
    assert log.samples[0] > 0 and log.samples[1] > log.samples[0]
    assert len(log.win_rates["random"]) == 3 and 0 <= log.kept <= 2
    assert len(log.bc_loss) == 3 and all(np.isfinite(log.bc_loss))
    assert log.cpu_s[-1] > 0
    assert {"conv0.w", "feat.w", "action.w", "query.w", "spatial_index", "pool"} <= set(weights)


def test_numpy_policy_equals_the_trained_network(smoke):
    """The exported numpy forward pass gives the torch policy's logits on real observations
    (the weights put back into a new network by ``load_weights``: the export round-trips)."""
    import torch

    from hexplay.env.learn import SideEnv, export_policy, load_weights, make_model

    weights, _, _ = smoke
    env = SideEnv("skirmish", "adversary", seed=3)
    model = make_model(env, spatial=True)
    load_weights(model, weights)
    again = export_policy(model)
    assert all(np.array_equal(again[k], weights[k]) for k in weights)
    obs, _ = env.reset(seed=3)
    pol = NumpyPolicy(weights)
    for _ in range(5):
        t = {k: torch.as_tensor(v[None]) for k, v in obs.items()}
        with torch.no_grad():
            dist = model.policy.get_distribution(t)
        want = dist.distribution.logits[0].numpy()
        got = pol.logits(obs["planes"], obs["globals"])
        legal = np.flatnonzero(env.action_masks())
        want = want[legal] - want[legal].max()
        got = got[legal] - got[legal].max()
        assert np.allclose(got, want, atol=1e-3)
        obs, *_ = env.step(int(legal[0]))


def test_training_keeps_each_stage_and_all_its_data(smoke):
    """Each measurement's weights are written beside the output (a later worse round loses
    none: the kept file is one of them), and the cloning data of every stage so far, with
    the set-up decisions weighted ``SETUP_WEIGHT``."""
    from hexplay.env.learn import load_samples, stage_path
    from hexplay.games.skirmish.ai.learned import SETUP_WEIGHT

    weights, log, folder = smoke
    files = [stage_path(folder / "run.npz", s, n) for s, n in zip(log.stage, log.steps)]
    assert [f.name for f in files] == ["run.clone.npz", "run.dagger1.npz", "run.ppo2048.npz"]
    with np.load(files[log.kept]) as f:
        assert all(np.array_equal(f[k], weights[k]) for k in weights)
    with np.load(files[0]) as a, np.load(files[1]) as b:
        assert not np.array_equal(a["action.w"], b["action.w"])
    obs, masks, acts, wts = load_samples(folder / "run.samples.npz")
    assert len(acts) == len(wts) == len(masks) == len(obs["planes"]) == log.samples[1]
    assert sorted(set(wts.tolist())) == [1.0, SETUP_WEIGHT]
    assert wts[0] == SETUP_WEIGHT  # the expert game's route choice


def test_the_cloning_loss_weighs_each_sample():
    """``_bc_loss`` is the weighted mean of the samples' terms: a zero weight drops a sample,
    weights (3, 1) give (3 a + b) / 4, equal weights the plain mean."""
    import torch

    from hexplay.env.learn import SideEnv, _bc_loss, make_model

    torch.manual_seed(0)
    env = SideEnv("skirmish", "adversary", seed=4)
    model = make_model(env, seed=4)
    obs, _ = env.reset(seed=4)
    legal = np.flatnonzero(env.action_masks())
    assert len(legal) == 1  # the unit of the route choice: step to a head with a choice
    while len(legal) < 2:
        obs, *_ = env.step(int(legal[0]))
        legal = np.flatnonzero(env.action_masks())
    batch = {k: np.stack([v, v]) for k, v in obs.items()}
    masks = np.stack([env.action_masks().astype(np.int8)] * 2)
    acts = legal[:2].astype(np.int64)

    def loss(w=None, rows=slice(None)):
        o = {k: v[rows] for k, v in batch.items()}
        with torch.no_grad():
            return _bc_loss(model.policy, o, masks[rows], acts[rows], w).item()

    def one(i):
        return loss(rows=slice(i, i + 1))

    a, b = one(0), one(1)
    assert abs(a - b) > 1e-6  # the two targets differ, so the weights show
    assert loss(np.array([1.0, 0.0])) == pytest.approx(a, abs=1e-5)
    assert loss(np.array([3.0, 1.0])) == pytest.approx((3 * a + b) / 4, abs=1e-5)
    assert loss(np.array([2.0, 2.0])) == pytest.approx(loss(), abs=1e-6)
    assert loss() == pytest.approx((a + b) / 2, abs=1e-5)


def test_samples_round_trip_and_join_in_order(tmp_path):
    """``save_samples`` / ``load_samples`` give back the arrays (dtypes too); ``join_samples``
    concatenates runs in order, weights with their samples, and skips empty ones."""
    from hexplay.env.learn import join_samples, load_samples, save_samples

    rng = np.random.default_rng(0)

    def part(n, w):
        obs = {
            "planes": rng.random((n, 3, 4, 5)).astype(np.float16),
            "globals": rng.random((n, 6)).astype(np.float32),
        }
        masks = rng.integers(0, 3, (n, 9)).astype(np.int8)
        return obs, masks, rng.integers(0, 9, n), np.full(n, w, dtype=np.float32)

    a, b, empty = part(3, 1.0), part(2, 5.0), part(0, 1.0)
    save_samples(tmp_path / "a.npz", a)
    back = load_samples(tmp_path / "a.npz")
    for x, y in zip((*a[0].values(), *a[1:]), (*back[0].values(), *back[1:])):
        assert x.dtype == y.dtype and np.array_equal(x, y)
    obs, masks, acts, wts = join_samples([back, empty, b])
    assert np.array_equal(obs["planes"], np.concatenate([a[0]["planes"], b[0]["planes"]]))
    assert np.array_equal(masks, np.concatenate([a[1], b[1]]))
    assert np.array_equal(acts, np.concatenate([a[2], b[2]]))
    assert wts.tolist() == [1.0] * 3 + [5.0] * 2


def test_the_set_up_decisions_are_weighted():
    """``decision_weight`` is ``SETUP_WEIGHT`` for the adversary's set-up decisions only (not
    the defender's, not after set-up); in one expert game the set-up's samples (the route
    choice first, the ambush hex, the six placements' heads) carry it, the rest weigh 1."""
    from hexplay.env.learn import expert_samples
    from hexplay.games.skirmish.ai.learned import SETUP_WEIGHT, decision_weight, scripted_expert

    e = hexplay.game_entry("skirmish")
    g = e.new(None, seed=2)
    assert g.phase == "setup" and decision_weight(g, "adversary") == SETUP_WEIGHT > 1
    assert decision_weight(g, "defender") == 1.0
    play(g, {s: e.player("random", s, seed=2) for s in g.sides}, max_turns=1)
    assert g.phase != "setup" and decision_weight(g, "adversary") == 1.0
    obs, masks, acts, wts = expert_samples(
        "skirmish", "adversary", scripted_expert, "random", 1, seed=2, weigh=decision_weight
    )
    n = int((wts == SETUP_WEIGHT).sum())
    assert 8 <= n <= 30 and (wts[:n] == SETUP_WEIGHT).all()
    assert (wts[n:] == 1.0).all() and len(wts) > n


def test_dagger_drops_the_set_up_with_its_weight_zero():
    """``dagger_decision_weight`` is 0 at the adversary's set-up: DAgger's samples of a game
    with it hold no set-up decision, without it they do;
    the later decisions are the same."""
    from functools import partial

    from hexplay.env.learn import SideEnv, dagger_samples, export_policy, make_model
    from hexplay.games.skirmish.ai.learned import (
        dagger_decision_weight,
        decision_weight,
        scripted_expert,
    )

    e = hexplay.game_entry("skirmish")
    g = e.new(None, seed=2)
    assert dagger_decision_weight(g, "adversary") == 0.0
    assert dagger_decision_weight(g, "defender") == 1.0
    w = export_policy(make_model(SideEnv("skirmish", "adversary", seed=2), seed=2))
    expert = partial(scripted_expert, route="Route 4")
    args = ("skirmish", "adversary", expert, w, "random", 1, 2)
    _, _, _, with_setup = dagger_samples(*args, weigh=decision_weight)
    _, _, _, without = dagger_samples(*args, weigh=dagger_decision_weight)
    n = int((with_setup > 1).sum())
    assert n > 0 and (without == 1.0).all()
    assert len(without) == len(with_setup) - n


def test_dagger_labels_follow_the_policys_choices():
    """DAgger's label of a head is the expert's value given the policy's choices so far: its
    first order's unit (or END), else the kind / target of its order with that unit (and kind);
    none when the expert gives that unit no order."""
    from hexplay.env.codec import OrderCodec
    from hexplay.env.learn import _label, _units

    codec = OrderCodec.for_game(hexplay.game_entry("skirmish").new(None, seed=0))
    a = codec.action(1, 2, 40)  # kind 1, slot 2 (unit head 3), target 40
    b = codec.action(0, 4, 7)
    flats = [a, b, 0]
    assert _label(flats, (), codec) == 3
    assert _label(flats, (5,), codec) == 0 and _label(flats, (5, 0), codec) == 7
    assert _label(flats, (3, 1), codec) == 40
    assert _label(flats, (2,), codec) is None and _label(flats, (3, 0), codec) is None
    assert _label([0], (), codec) == 0
    assert _units(flats, codec) == {3, 5} and _units([0], codec) == {0}


def test_the_learned_adversary_plays_whole_games():
    """The registered player ``learned`` plays SKIRMISH's adversary to the end against the
    random and the scripted defender, with no torch at run time."""
    e = hexplay.game_entry("skirmish")
    assert "learned" in e.player_names()
    for opponent, seed in (("random", 1), ("scripted", 2)):
        g = e.new(None, seed=seed)
        p = e.player("learned", "adversary", seed=seed)
        assert isinstance(p, PolicyPlayer)
        play(g, {"adversary": p, "defender": e.player(opponent, "defender", seed=seed)})
        assert g.over and g.outcome()["winner"] in ("adversary", "defender", None)


def test_the_learned_adversary_keeps_to_its_repertoire():
    """The shipped policy names its repertoire (the scripted adversary's order kinds: no
    vehicle orders), and its games hold no order of another kind."""
    from hexplay.games.skirmish.ai.learned import policy

    kinds = policy("adversary").kinds
    assert kinds is not None and {"MP", "DF", "BW", "place"} <= kinds and "EV" not in kinds
    e = hexplay.game_entry("skirmish")
    g = e.new(None, seed=4)
    play(
        g,
        {
            "adversary": e.player("learned", "adversary", seed=4),
            "defender": e.player("random", "defender", seed=4),
        },
    )
    given = [
        c["args"]["code"] if c["op"] == "plot" else c["op"]
        for c in g.commands.to_list()
        if (c.get("args") or {}).get("side") == "adversary"
        or c["op"] in ("choose_route", "place_ambush")
    ]
    given = [k for k in given if k not in ("submit",)]
    assert given and set(given) <= kinds


def test_expert_kinds_and_training_in_a_repertoire():
    """:func:`expert_kinds` is the kinds of the expert's orders (the scripted adversary's set-up,
    fire, moves and barrier work; no vehicle orders), in the codec's order; a run given
    ``kinds`` writes them with its weights, and a run from them (``init``) keeps them."""
    pytest.importorskip("torch")
    from functools import partial

    from hexplay.env.codec import OrderCodec
    from hexplay.env.learn import expert_kinds, train
    from hexplay.games.skirmish.ai.learned import scripted_expert

    expert = partial(scripted_expert, route="Route 4")
    kinds = expert_kinds("skirmish", "adversary", expert, "random", 2, seed=0)
    codec = OrderCodec.for_game(hexplay.new_game("skirmish", seed=0))
    assert list(kinds) == [k for k in codec.kinds if k in kinds]
    assert {"choose_route", "place", "MP", "DF", "BW"} <= set(kinds) and "EV" not in kinds
    weights, log = train(
        "skirmish",
        "adversary",
        steps=0,
        expert=expert,
        expert_games=1,
        bc_epochs=1,
        evaluate={"random": 1},
        kinds=kinds,
    )
    assert tuple(weights["kinds"]) == kinds and NumpyPolicy(weights).kinds == set(kinds)
    again, _ = train("skirmish", "adversary", steps=0, init=weights, bc_epochs=0)
    assert tuple(again["kinds"]) == kinds


def test_the_learned_player_in_a_batch():
    pytest.importorskip("pandas")
    from hexplay.analysis import run_batch

    df = run_batch(
        2,
        tactics={"defender": {"player": "random"}},
        game="skirmish",
        runner="hexplay.games.skirmish.ai.learned:run_game",
    )
    assert len(df) == 2 and df["winner"].notna().all()


def test_the_learned_player_as_a_search_base_policy():
    """A search player whose base policy (first candidate) is the learned adversary makes
    its decisions by rollouts of it and plays a game to the end."""
    from hexplay.ai.search import SearchPlayer

    e = hexplay.game_entry("skirmish")
    base = e.player("learned", "adversary", seed=0)
    other = e.player("scripted", "adversary", seed=0)
    s = SearchPlayer(
        "adversary",
        seed=0,
        policies=[("learned", base), ("scripted", other)],
        iterations=2,
        horizon=1,
    )
    g = e.new(None, seed=5)
    play(g, {"adversary": s, "defender": e.player("random", "defender", seed=5)}, max_turns=3)
    assert s.last is not None


def test_the_learned_player_decides_from_its_view():
    """Twin states (the game's hidden-state sampler: the same view) give the same learned
    orders, at set-up and after some turns."""
    from hexplay.ai.samplers import hidden_sampler

    e = hexplay.game_entry("skirmish")
    checked = 0
    for seed, turns in ((1, 0), (2, 2), (3, 4)):
        g = e.new(None, seed=seed)
        players = {s: e.player("random", s, seed=seed) for s in g.sides}
        if turns:
            play(g, players, max_turns=turns)
        while not g.over and not g.to_act():
            g.advance()
        if g.over or "adversary" not in g.to_act():
            continue
        twin = hidden_sampler(g)(g, "adversary", np.random.default_rng(seed))
        assert twin.view("adversary") == g.view("adversary")
        given = []
        for game in (g.copy(), twin.copy()):
            n = len(game.commands.commands)
            e.player("learned", "adversary", seed=7).act(game)
            given.append(game.commands.to_list()[n:])
        assert given[0] == given[1]
        checked += 1
    assert checked >= 2


def test_fine_tuning_warms_the_value_net_alone_and_guards_with_cloning():
    """``warm_value`` trains the value network and leaves the policy's weights as they were;
    the ``CloneGuard`` (run before each rollout) moves the policy towards the expert's
    decisions: its cloning loss falls."""
    import torch

    from hexplay.env.learn import (
        CloneGuard,
        SideEnv,
        expert_samples,
        export_policy,
        make_model,
        warm_value,
    )
    from hexplay.games.skirmish.ai.learned import scripted_expert

    torch.manual_seed(0)
    env = SideEnv("skirmish", "adversary", seed=5)
    model = make_model(env, seed=5, n_steps=128, batch_size=64, n_epochs=1)
    before = export_policy(model)
    value = [q.detach().clone() for q in model.policy.value_net.parameters()]
    warm_value(model, 128)
    after = export_policy(model)
    assert all(np.array_equal(before[k], after[k]) for k in before)
    assert any(not torch.equal(a, q) for a, q in zip(value, model.policy.value_net.parameters()))
    assert all(q.requires_grad for q in model.policy.parameters())

    data = expert_samples("skirmish", "adversary", scripted_expert, "random", 1, seed=5)
    guard = CloneGuard(data, batches=4, lr=1e-3, batch=64, seed=0)
    guard.init_callback(model)
    for _ in range(6):
        guard.on_rollout_start()
    assert len(guard.losses) == 6 and guard.losses[-1] < guard.losses[0]
    assert any(not np.array_equal(after[k], v) for k, v in export_policy(model).items())


def test_scripted_expert_takes_the_route_it_is_given():
    """``scripted_expert(route=...)``: the expert's first decision at set-up chooses that route
    (the scripted player draws one otherwise); the game itself is left as it was."""
    from hexplay.env.codec import OrderCodec
    from hexplay.games.skirmish.ai.learned import scripted_expert

    g = hexplay.game_entry("skirmish").new(None, seed=3)
    codec = OrderCodec.for_game(g)
    routes = sorted(k for k in g.map.places if k.lower().startswith("route"))
    assert len(routes) > 1
    for route in routes:
        first = scripted_expert(g, "adversary", route=route)[0]
        order = codec.decode(first, "adversary", g.legal_orders("adversary"))
        assert order.kind == "choose_route" and order.args["name"] == route
    assert not g.route and len(g.commands.commands) == 0
