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


@pytest.fixture(scope="module")
def smoke():
    """A smoke training run of SKIRMISH's adversary: one cloned expert game, 2048 PPO steps
    (seconds; the CI's run of the training script's recipe)."""
    from hexplay.env.learn import train
    from hexplay.games.skirmish.ai.learned import scripted_expert

    weights, log = train(
        "skirmish",
        "adversary",
        steps=2048,
        expert=scripted_expert,
        expert_games=1,
        every=2048,
        evaluate={"random": 1},
        n_steps=512,
        batch_size=128,
        n_epochs=1,
    )
    return weights, log


def test_smoke_training_runs_and_logs(smoke):
    weights, log = smoke
    assert log.steps == [0, 2048]
    assert len(log.win_rates["random"]) == 2
    assert log.bc_loss and all(np.isfinite(log.bc_loss))
    assert log.cpu_s[-1] > 0
    assert {"conv0.w", "feat.w", "action.w", "pool"} <= set(weights)


def test_numpy_policy_equals_the_trained_network(smoke):
    """The exported numpy forward pass gives the torch policy's logits on real observations."""
    import torch

    from hexplay.env.learn import SideEnv, make_model

    weights, _ = smoke
    env = SideEnv("skirmish", "adversary", seed=3)
    model = make_model(env)
    model.policy.load_state_dict(_state_of(model, weights))
    obs, _ = env.reset(seed=3)
    pol = NumpyPolicy(weights)
    for _ in range(5):
        t = {k: torch.as_tensor(v[None]) for k, v in obs.items()}
        with torch.no_grad():
            dist = model.policy.get_distribution(t)
        want = dist.distribution.logits[0].numpy()
        got = pol.logits(obs["planes"], obs["globals"])
        want = want - want.max()
        got = got - got.max()
        assert np.allclose(got, want, atol=1e-3)
        legal = np.flatnonzero(env.action_masks())
        obs, *_ = env.step(int(legal[0]))


def _state_of(model, weights):
    """The torch state dict of ``model`` with the exported ``weights`` put back."""
    import torch

    sd = model.policy.state_dict()
    names = {
        "conv0": "features_extractor.conv0",
        "conv1": "features_extractor.conv1",
        "feat": "features_extractor.feat",
        "pi0": "mlp_extractor.policy_net.0",
        "action": "action_net",
    }
    for short, long in names.items():
        for suffix, key in (("w", "weight"), ("b", "bias")):
            for prefix in ("", "pi_"):
                full = f"{long}.{key}".replace("features_extractor", f"{prefix}features_extractor")
                if full in sd:
                    sd[full] = torch.as_tensor(weights[f"{short}.{suffix}"])
    return sd


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
