"""Training a player for one side of a game (extra ``hexplay[learn]``: torch, sb3-contrib).

The library is sb3-contrib's ``MaskablePPO`` (maintained with Stable-Baselines3; PPO with an
action mask, which is what the factored heads give at every step). It learns one side of a
game in :class:`SideEnv`, a single-agent ``gymnasium`` environment over
:class:`~hexplay.env.core.GameDriver` (planes, factored actions) where the other side is a
registered computer player acting on the game between the learner's steps.

:func:`train` runs the whole recipe: optionally behaviour cloning first (the network is fitted
to an expert's decisions, e.g. the game's scripted player, encoded as head values by
``expert(game, side)``, a game's own function), then ``MaskablePPO`` against the opponent,
with the win rates against each evaluation opponent logged as it goes; or it fine-tunes a
trained policy with PPO (:func:`warm_value` first, a :class:`CloneGuard` between updates).
:func:`export_policy`
writes the network as numpy arrays (``.npz``) for :class:`~hexplay.env.policy.NumpyPolicy`,
so playing needs no torch.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import gymnasium as gym
import numpy as np
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback
from stable_baselines3.common.torch_layers import BaseFeaturesExtractor
from torch import nn

from ..ai import play
from .codec import END
from .core import GameDriver

MAX_STEPS = 4000
"""Learner steps after which an episode is truncated (a side of a shipped game takes hundreds)."""


class SideEnv(gym.Env):
    """One side of a registered game against a registered player (see the module docstring).

    Observation: ``{"planes", "globals"}`` as :mod:`hexplay.env.planes` gives; action: one
    head's value (:mod:`hexplay.env.factored`); ``action_masks()`` the head's mask; reward
    +1 for a win, -1 for a loss, 0 for a draw, at the end. ``kinds``: the learner's
    repertoire (the order kinds its actions offer; all if None).
    """

    metadata = {"render_modes": []}

    def __init__(
        self,
        game: str,
        side: str,
        opponent: str = "random",
        seed: int = 0,
        kinds: Collection[str] | None = None,
    ) -> None:
        self.driver = GameDriver(game, seed=seed, kinds=None if kinds is None else {side: kinds})
        self.side = side
        self.opponent_name = opponent
        self.other = next(s for s in self.driver.sides if s != side)
        space = self.driver.observation_spaces[side]
        self.observation_space = gym.spaces.Dict({k: space[k] for k in ("planes", "globals")})
        self.action_space = self.driver.action_spaces[side]
        self._seed = seed
        self._steps = 0

    def _obs(self) -> dict[str, np.ndarray]:
        o = self.driver.observe(self.side)
        self._mask = o.pop("action_mask").astype(bool)
        return o

    def action_masks(self) -> np.ndarray:
        return self._mask

    def _run_others(self) -> None:
        """Let the opponent act and the game advance until the learner must act or it ends."""
        d = self.driver
        d.settle()
        g = d.game
        while not g.over and self.side not in g.to_act():
            if self.other in g.to_act():
                self.opponent.act(g)
            else:
                g.advance()
            d.settle()

    def reset(self, seed: int | None = None, options: dict | None = None):
        """A new game (``seed``: its seed; None: the next one); the side's first observation."""
        super().reset(seed=seed)
        self._seed = self._seed + 1 if seed is None else int(seed)
        self.driver.reset(self._seed)
        from ..registry import game_entry

        entry = game_entry(self.driver.entry.name)
        self.opponent = entry.player(self.opponent_name, self.other, seed=self._seed)
        self._steps = 0
        self._run_others()
        return self._obs(), {}

    def step(self, action: int):
        """Apply the side's ``action``, let the other sides play; the gymnasium step tuple
        (reward +1/-1 at a win/loss, 0 otherwise; truncated after ``MAX_STEPS``)."""
        d = self.driver
        d.apply(self.side, int(action))
        self._run_others()
        self._steps += 1
        g = d.game
        reward = 0.0
        if g.over:
            w = g.outcome().get("winner")
            reward = 0.0 if w is None else 1.0 if w == self.side else -1.0
        cut = not g.over and self._steps >= MAX_STEPS
        return self._obs(), reward, g.over, cut, {}


class PlanesExtractor(BaseFeaturesExtractor):
    """Two 3x3 convolutions over the planes, adaptive average pooling to ``pool``, then one
    layer over the pooled planes and the globals (the trunk :class:`NumpyPolicy` runs)."""

    def __init__(
        self,
        space: gym.spaces.Dict,
        channels: int = 16,
        pool: tuple[int, int] = (9, 6),
        features: int = 256,
    ) -> None:
        super().__init__(space, features)
        planes, glob = space["planes"], space["globals"]
        if not isinstance(planes, gym.spaces.Box) or not isinstance(glob, gym.spaces.Box):
            raise TypeError("PlanesExtractor needs Box spaces 'planes' and 'globals'")
        c = planes.shape[0]
        g = glob.shape[0]
        self.pool_size = pool
        self.conv0 = nn.Conv2d(c, channels, 3, padding=1)
        self.conv1 = nn.Conv2d(channels, channels, 3, padding=1)
        self.pool = nn.AdaptiveAvgPool2d(pool)
        self.feat = nn.Linear(channels * pool[0] * pool[1] + g, features)

    def forward(self, obs: Mapping[str, torch.Tensor]) -> torch.Tensor:
        x = torch.relu(self.conv0(obs["planes"]))
        x = torch.relu(self.conv1(x))
        self.spatial = x  # per-hex features for a SpatialActionNet (the same call's)
        x = self.pool(x).flatten(1)
        return torch.relu(self.feat(torch.cat([x, obs["globals"]], dim=1)))


class SpatialActionNet(nn.Module):
    """The action logits: a linear layer of the policy's latent, plus for each value naming a
    hex of the map (a target head's hex or path end) the dot product of the extractor's
    per-hex features there with a query (a linear layer of the latent): where to act is read
    off the map at full resolution, not from the pooled summary alone."""

    index: torch.Tensor

    def __init__(self, linear: nn.Linear, extractor: PlanesExtractor, index: np.ndarray) -> None:
        super().__init__()
        self.linear = linear
        self.extractor = extractor
        channels = extractor.conv1.out_channels
        self.query = nn.Linear(linear.in_features, channels)
        nn.init.zeros_(self.query.weight)
        nn.init.zeros_(self.query.bias)
        self.register_buffer("index", torch.as_tensor(np.asarray(index, dtype=np.int64)))

    def forward(self, latent: torch.Tensor) -> torch.Tensor:
        feats = self.extractor.spatial.flatten(2)  # (batch, channels, cells)
        q = self.query(latent)
        cells = torch.einsum("bc,bch->bh", q, feats)
        cells = torch.cat([cells, torch.zeros_like(cells[:, :1])], dim=1)  # index -1: none
        return self.linear(latent) + cells[:, self.index]


def spatial_index(env: SideEnv) -> np.ndarray:
    """For each action value: the grid cell (row * W + col) of the map hex it names as a
    target, or -1 (values past the map's hexes)."""
    d = env.driver
    enc, hexes = d.planes(), d.codec.hexes
    space = env.action_space
    if not isinstance(space, gym.spaces.Discrete):
        raise TypeError("a spatial index needs a Discrete action space")
    n = int(space.n)
    out = np.full(n, -1, dtype=np.int64)
    for v in range(min(n, len(hexes))):
        f = enc.flat(hexes[v])
        out[v] = -1 if f is None else f
    return out


def make_model(
    env: SideEnv,
    seed: int = 0,
    features: Mapping[str, Any] | None = None,
    spatial: bool = False,
    **ppo: Any,
) -> MaskablePPO:
    """The ``MaskablePPO`` model with :class:`PlanesExtractor` and one tanh layer per head
    (``spatial``: a :class:`SpatialActionNet` for the action logits)."""
    kw: dict[str, Any] = dict(
        n_steps=1024,
        batch_size=256,
        n_epochs=4,
        learning_rate=1e-4,
        gamma=0.995,
        clip_range=0.1,
        ent_coef=0.003,
        verbose=0,
    )
    kw.update(ppo)
    policy_kwargs = dict(
        features_extractor_class=PlanesExtractor,
        features_extractor_kwargs=dict(features or {}),
        net_arch=dict(pi=[128], vf=[128]),
        activation_fn=nn.Tanh,
    )
    model = MaskablePPO("MultiInputPolicy", env, seed=seed, policy_kwargs=policy_kwargs, **kw)
    if spatial:
        p = model.policy
        fe = p.pi_features_extractor
        if not isinstance(fe, PlanesExtractor) or not isinstance(p.action_net, nn.Linear):
            raise TypeError("a spatial action net needs a PlanesExtractor and a linear head")
        p.action_net = SpatialActionNet(p.action_net, fe, spatial_index(env))
        optimizer: Callable[..., torch.optim.Optimizer] = p.optimizer_class
        p.optimizer = optimizer(p.parameters(), lr=p.optimizer.defaults["lr"])
    return model


def export_policy(model: MaskablePPO, path: str | Path | None = None) -> dict[str, np.ndarray]:
    """The policy's weights as numpy arrays (written to ``path`` as ``.npz`` if given)."""
    p = model.policy
    fe = p.pi_features_extractor
    if not isinstance(fe, PlanesExtractor):
        raise TypeError("export_policy needs a model of make_model (a PlanesExtractor)")
    out: dict[str, np.ndarray] = {"pool": np.asarray(fe.pool_size, dtype=np.int64)}

    def put(name: str, layer: nn.Module) -> None:
        weight, bias = layer.weight, layer.bias
        if not isinstance(weight, torch.Tensor) or not isinstance(bias, torch.Tensor):
            raise TypeError(f"{name}: a layer with a weight and a bias")
        out[f"{name}.w"] = weight.detach().cpu().numpy().astype(np.float32)
        out[f"{name}.b"] = bias.detach().cpu().numpy().astype(np.float32)

    put("conv0", fe.conv0)
    put("conv1", fe.conv1)
    put("feat", fe.feat)
    linears = [m for m in p.mlp_extractor.policy_net if isinstance(m, nn.Linear)]
    for i, layer in enumerate(linears):
        put(f"pi{i}", layer)
    an = p.action_net
    if isinstance(an, SpatialActionNet):
        put("action", an.linear)
        put("query", an.query)
        out["spatial_index"] = an.index.cpu().numpy()
    else:
        put("action", an)
    if path is not None:
        save_arrays(path, out)
    return out


def save_arrays(path: str | Path, arrays: Mapping[str, np.ndarray]) -> None:
    """``np.savez_compressed(path, **arrays)`` (numpy's stubs check ``**`` arrays against its
    ``allow_pickle`` flag too, so they pass here as a mapping of Any)."""
    named: dict[str, Any] = dict(arrays)
    np.savez_compressed(path, **named)


# --- behaviour cloning -----------------------------------------------------------------------
Expert = Callable[[Any, str], list]
"""``expert(game, side)``: the expert's decisions for the side now, as a list of flat codec
actions (END for its submit) to give in order; a game's own function."""

Weigh = Callable[[Any, str], float]
"""``weigh(game, side)``: the cloning-loss weight of the side's decisions in this state (1 for
most; a game's own function, e.g. more for a set-up choice made once per game that decides
the rest)."""

Samples = tuple[dict[str, np.ndarray], np.ndarray, np.ndarray, np.ndarray]
"""Cloning data: observations (``planes``, ``globals``), masks (int8: 2 at each value the
expert would take, 1 at the other legal ones), the expert's values and each sample's weight."""


def _units(flats: list[int], codec: Any) -> set[int]:
    """The unit-head values of the expert's orders in ``flats`` (END if it gives none)."""
    units = {codec.split(f)[1] + 1 for f in flats if f != END}
    return units or {END}


def _sample(
    store: list[list],
    o: dict[str, np.ndarray],
    m: np.ndarray,
    v: int,
    good: set[int],
    weight: float = 1.0,
):
    """Keep one decision: its observation, its mask (int8: 2 for each value the expert would
    take here, ``good``, 1 for the other legal ones), the expert's value ``v`` and its loss
    ``weight`` (0: not kept)."""
    if weight == 0:
        return  # a decision the game says not to learn from
    mask = m.astype(np.int8)
    mask[[g for g in good | {v} if m[g]]] = 2
    for lst, x in zip(store, (o["planes"], o["globals"], mask, v, weight)):
        lst.append(x)


def _arrays(store: list[list]) -> Samples:
    planes, globs, masks, acts, weights = store
    obs = {"planes": np.asarray(planes, dtype=np.float16), "globals": np.asarray(globs)}
    return (
        obs,
        np.asarray(masks, dtype=np.int8),
        np.asarray(acts, dtype=np.int64),
        np.asarray(weights, dtype=np.float32),
    )


def save_samples(path: str | Path, data: Samples) -> None:
    """Cloning data as a plain ``.npz`` (``planes``, ``globals``, ``masks``, ``acts``,
    ``weights``): a later run carries it over (:func:`load_samples`)."""
    obs, masks, acts, weights = data
    save_arrays(path, {**obs, "masks": masks, "acts": acts, "weights": weights})


def load_samples(path: str | Path) -> Samples:
    """The cloning data :func:`save_samples` wrote."""
    with np.load(path) as f:
        obs = {"planes": f["planes"], "globals": f["globals"]}
        return obs, f["masks"], f["acts"], f["weights"]


def expert_samples(
    game: str,
    side: str,
    expert: Expert,
    opponent: str,
    games: int,
    seed: int = 0,
    weigh: Weigh | None = None,
    kinds: Collection[str] | None = None,
    seen: set[str] | None = None,
) -> Samples:
    """Observations, masks, head values and weights (``weigh``: 1 without) of the expert's
    decisions in ``games`` games (only the heads with more than one legal value: the others
    are taken by themselves), in the expert's order; a mask holds 2 at the expert's value, 1
    at the other legal ones. ``kinds``: the learner's repertoire (the masks offer only those
    kinds; an expert's order of another kind is left out). ``seen``: the kinds of the
    expert's orders are added to it (:func:`expert_kinds`)."""
    env = SideEnv(game, side, opponent, seed=seed, kinds=kinds)
    store: list[list] = [[], [], [], [], []]
    for i in range(games):
        obs, _ = env.reset(seed=seed + i)
        d = env.driver
        for _ in range(MAX_STEPS):
            if d.game.over:
                break
            flats = expert(d.game, side) or [END]
            for flat in flats:
                if d.game.over or side not in d.game.to_act():
                    break
                if flat == END:
                    values = [END]
                else:
                    k, s, t = d.codec.split(flat)
                    values = [s + 1, k, t]
                    if seen is not None:
                        seen.add(d.codec.kinds[k])
                d.pending.pop(side, None)
                while True:
                    o = d.observe(side)
                    head = len(d.pending.get(side, ()))
                    v = values[head]
                    m = o["action_mask"].astype(bool)
                    if not m[v]:
                        d.pending.pop(side, None)
                        break
                    if m.sum() > 1:
                        w = 1.0 if weigh is None else weigh(d.game, side)
                        _sample(store, o, m, v, {v}, w)
                    d.apply(side, v)
                    if not d.pending.get(side):
                        break
            if side in d.game.to_act() and not d.game.over:
                d.apply(side, END)
            env._run_others()
    return _arrays(store)


def expert_kinds(
    game: str, side: str, expert: Expert, opponent: str, games: int, seed: int = 0
) -> tuple[str, ...]:
    """The expert's repertoire: the kinds of the orders it gives in ``games`` games against
    ``opponent`` (seeds from ``seed``), in the codec's order. A learner limited to them
    (``train(kinds=...)``) is offered only what its teacher does."""
    seen: set[str] = set()
    expert_samples(game, side, expert, opponent, games, seed, seen=seen)
    codec = SideEnv(game, side, opponent, seed=seed).driver.codec
    return tuple(k for k in codec.kinds if k in seen)


def _bc_loss(
    p: Any,
    obs: dict[str, np.ndarray],
    masks: np.ndarray,
    acts: np.ndarray,
    weights: np.ndarray | None = None,
) -> torch.Tensor:
    """Minus the log-probability, under the masks (legal where > 0), of the values marked 2 in
    ``masks`` (and of ``acts``), averaged with ``weights`` (a weighted mean; None: equal):
    the cloning loss of one batch."""
    o = {k: torch.as_tensor(v.astype(np.float32)) for k, v in obs.items()}
    mk = torch.as_tensor(masks)
    dist = p.get_distribution(o, action_masks=(mk > 0).numpy())
    cat = dist.distribution
    if not isinstance(cat, torch.distributions.Categorical):
        raise TypeError("clone needs a categorical (Discrete) action distribution")
    logp = cat.logits  # log-probabilities (the masked ones ~ -1e8)
    good = (mk == 2) | nn.functional.one_hot(torch.as_tensor(acts), mk.shape[1]).bool()
    nll = -torch.logsumexp(logp.masked_fill(~good, -1e9), dim=1)
    if weights is None:
        return nll.mean()
    w = torch.as_tensor(np.asarray(weights, dtype=np.float32))
    return (nll * w).sum() / w.sum()


def clone(
    model: MaskablePPO,
    obs: dict[str, np.ndarray],
    masks: np.ndarray,
    acts: np.ndarray,
    epochs: int = 8,
    batch: int = 256,
    lr: float = 1e-3,
    seed: int = 0,
    weights: np.ndarray | None = None,
) -> list[float]:
    """Fit the policy to the expert's head values under the masks (legal where > 0):
    minus the log of the probability of the values marked 2 in the mask (and of ``acts``),
    each sample's term weighted by ``weights`` (None: equal); the loss of each epoch."""
    p = model.policy
    opt = torch.optim.Adam(p.parameters(), lr=lr)
    rng = np.random.default_rng(seed)
    n = len(acts)
    losses = []
    for _ in range(epochs):
        order = rng.permutation(n)
        total = 0.0
        for b in range(0, n, batch):
            idx = order[b : b + batch]
            w = None if weights is None else weights[idx]
            loss = _bc_loss(p, {k: v[idx] for k, v in obs.items()}, masks[idx], acts[idx], w)
            opt.zero_grad()
            loss.backward()
            opt.step()
            total += loss.item() * len(idx)
        losses.append(total / n)
    return losses


class CloneGuard(BaseCallback):
    """A behaviour-cloning guard for PPO started from an imitation policy: before each
    rollout (so after each PPO update), ``batches`` steps of the cloning loss on batches of
    the expert's decisions (step size ``lr``), so that the policy stays near the expert while
    PPO moves it towards winning; the mean loss of each guard is kept in ``losses``."""

    def __init__(
        self,
        data: Samples,
        batches: int,
        lr: float = 1e-4,
        batch: int = 256,
        seed: int = 0,
    ) -> None:
        super().__init__()
        self.data, self.batches, self.lr, self.batch = data, batches, lr, batch
        self.rng = np.random.default_rng(seed)
        self.losses: list[float] = []
        self.opt: torch.optim.Optimizer | None = None

    def _on_rollout_start(self) -> None:
        p = self.model.policy
        if self.opt is None:
            self.opt = torch.optim.Adam(p.parameters(), lr=self.lr)
        obs, masks, acts, weights = self.data
        total = 0.0
        for _ in range(self.batches):
            idx = self.rng.choice(len(acts), size=min(self.batch, len(acts)), replace=False)
            o = {k: v[idx] for k, v in obs.items()}
            loss = _bc_loss(p, o, masks[idx], acts[idx], weights[idx])
            self.opt.zero_grad()
            loss.backward()
            self.opt.step()
            total += loss.item()
        if self.batches:
            self.losses.append(total / self.batches)

    def _on_step(self) -> bool:
        return True


def warm_value(model: MaskablePPO, steps: int) -> None:
    """``steps`` PPO steps that fit the value network only (the policy network, and the trunk
    it shares with the value network, frozen): a policy loaded from other weights starts PPO
    with a value estimate of its own, not a random one whose errors would move the policy."""
    p = model.policy
    value = {id(q) for m in (p.mlp_extractor.value_net, p.value_net) for q in m.parameters()}
    frozen = [q for q in p.parameters() if id(q) not in value and q.requires_grad]
    for q in frozen:
        q.requires_grad_(False)
    try:
        model.learn(steps, reset_num_timesteps=False)
    finally:
        for q in frozen:
            q.requires_grad_(True)


def _label(flats: list[int], pending: tuple[int, ...], codec: Any) -> int | None:
    """The expert's value of the next head given ``pending`` (the policy's choices so far):
    its first decision's unit (or END), else the kind / target of its first decision with the
    pending unit (and kind); None if the expert gives no order that fits."""
    for flat in flats:
        if flat == END:
            if not pending:
                return END
            continue
        k, s, t = codec.split(flat)
        values = (s + 1, k, t)
        if values[: len(pending)] == tuple(pending):
            return values[len(pending)]
    return None


def dagger_samples(
    game: str,
    side: str,
    expert: Expert,
    weights: Mapping[str, np.ndarray],
    opponent: str,
    games: int,
    seed: int = 0,
    weigh: Weigh | None = None,
    kinds: Collection[str] | None = None,
) -> Samples:
    """DAgger's data: the policy (``weights``, greedy) plays ``games`` games and each state it
    decides in is labelled with the expert's value for that head (:func:`_label`; the
    expert asked again after each order the policy gives). The same arrays as
    :func:`expert_samples` (``weigh``: each sample's weight), but at the unit head every unit
    the expert gives an order to is marked 2 (the policy may take them in any order: the
    expert is asked again after each). ``kinds``: the learner's repertoire (the masks offer
    only those kinds)."""
    from .policy import NumpyPolicy

    pol = NumpyPolicy(weights)
    env = SideEnv(game, side, opponent, seed=seed, kinds=kinds)
    store: list[list] = [[], [], [], [], []]
    for i in range(games):
        env.reset(seed=seed + i)
        d = env.driver
        key: tuple[int, int] | None = None
        flats = [END]
        for _ in range(MAX_STEPS):
            g = d.game
            if g.over:
                break
            now = (g.turn, len(g.commands.commands))
            if now != key:
                key, flats = now, expert(g, side) or [END]
            o = d.observe(side)
            m = o["action_mask"].astype(bool)
            pending = d.pending.get(side, ())
            label = _label(flats, pending, d.codec)
            if label is not None and m[label] and m.sum() > 1:
                good = _units(flats, d.codec) if not pending else {label}
                _sample(store, o, m, label, good, 1.0 if weigh is None else weigh(g, side))
            logits = np.where(m, pol.logits(o["planes"], o["globals"]), -np.inf)
            if not d.apply(side, int(np.argmax(logits))):  # refused by the rules: submit
                d.pending.pop(side, None)
                d.apply(side, END)
            env._run_others()
    return _arrays(store)


# --- evaluation and the whole recipe ---------------------------------------------------------
def win_rate(
    game: str,
    side: str,
    weights: Mapping[str, np.ndarray],
    opponent: str,
    games: int,
    seed: int = 10_000,
) -> tuple[int, int]:
    """(wins, games) of the policy (greedy) against ``opponent``."""
    from ..registry import game_entry
    from .policy import NumpyPolicy, PolicyPlayer

    entry = game_entry(game)
    pol = NumpyPolicy(weights)
    wins = 0
    for i in range(games):
        g = entry.new(None, seed=seed + i)
        other = next(s for s in g.sides if s != side)
        players = {
            side: PolicyPlayer(side, pol, seed=seed + i),
            other: entry.player(opponent, other, seed=seed + i),
        }
        play(g, players)
        wins += g.outcome().get("winner") == side
    return wins, games


@dataclass
class Log:
    """What a training run records (saved beside the policy for the notebook): one entry of
    ``stage``, ``steps``, ``samples``, ``cpu_s`` and each win rate per measurement."""

    steps: list[int] = field(default_factory=list)
    cpu_s: list[float] = field(default_factory=list)
    win_rates: dict[str, list[float]] = field(default_factory=dict)
    bc_loss: list[float] = field(default_factory=list)
    stage: list[str] = field(default_factory=list)
    samples: list[int] = field(default_factory=list)
    kept: int = -1
    """The measurement whose weights were kept (``keep_best``), or -1: the last."""


def cpu_seconds() -> float:
    """This process's CPU time (user + system), every thread."""
    return time.process_time()


def load_weights(model: MaskablePPO, weights: Mapping[str, np.ndarray]) -> None:
    """Put exported ``weights`` (:func:`export_policy`) back into the model's policy network
    (the value network is left as it is)."""
    p = model.policy
    fe = p.pi_features_extractor
    if not isinstance(fe, PlanesExtractor):
        raise TypeError("load_weights needs a model of make_model (a PlanesExtractor)")
    if tuple(np.asarray(weights["pool"]).tolist()) != tuple(fe.pool_size):
        raise ValueError(f"weights pooled to {weights['pool']}, the model to {fe.pool_size}")
    layers: dict[str, nn.Module] = {"conv0": fe.conv0, "conv1": fe.conv1, "feat": fe.feat}
    linears = [m for m in p.mlp_extractor.policy_net if isinstance(m, nn.Linear)]
    layers.update({f"pi{i}": m for i, m in enumerate(linears)})
    an = p.action_net
    if isinstance(an, SpatialActionNet):
        layers.update({"action": an.linear, "query": an.query})
    else:
        layers["action"] = an
    with torch.no_grad():
        for name, layer in layers.items():
            for suffix, param in (("w", layer.weight), ("b", layer.bias)):
                if not isinstance(param, torch.Tensor):
                    raise TypeError(f"{name}: a layer with a weight and a bias")
                param.copy_(torch.as_tensor(np.asarray(weights[f"{name}.{suffix}"])))


def join_samples(parts: list[Samples]) -> Samples:
    """Samples of several :func:`expert_samples` / :func:`dagger_samples` calls (or runs:
    :func:`load_samples`) as one set, in order."""
    parts = [p for p in parts if len(p[2])]
    obs = {k: np.concatenate([p[0][k] for p in parts]) for k in parts[0][0]}
    masks, acts, weights = (np.concatenate([p[i] for p in parts]) for i in (1, 2, 3))
    return obs, masks, acts, weights


def train(
    game: str,
    side: str,
    opponent: str = "random",
    steps: int = 50_000,
    expert: Expert | None = None,
    expert_games: int = 0,
    evaluate: Mapping[str, int] | None = None,
    every: int = 10_000,
    seed: int = 0,
    out: str | Path | None = None,
    bc_epochs: int = 8,
    features: Mapping[str, Any] | None = None,
    dagger_rounds: int = 0,
    dagger_games: int = 0,
    dagger_epochs: int = 4,
    bc_lr: float = 1e-3,
    init: Mapping[str, np.ndarray] | None = None,
    keep_best: bool = False,
    eval_seed: int = 10_000,
    spatial: bool = False,
    value_warmup: int = 0,
    guard_batches: int = 0,
    guard_lr: float = 1e-4,
    weigh: Weigh | None = None,
    dagger_weigh: Weigh | None = None,
    samples: Samples | None = None,
    samples_out: str | Path | None = None,
    kinds: Collection[str] | None = None,
    **ppo: Any,
) -> tuple[dict[str, np.ndarray], Log]:
    """Train ``side`` of ``game``; return the exported weights and the log (see the module
    docstring). ``evaluate``: opponent name -> games, measured after cloning, after each
    DAgger round and every ``every`` PPO steps (games from ``eval_seed`` on: keep training
    seeds below it). ``init``: exported weights to start from. ``dagger_rounds`` rounds of
    ``dagger_games`` games each (:func:`dagger_samples`, the policy's states labelled by the
    expert), each followed by ``dagger_epochs`` epochs of cloning on every sample so far.
    ``keep_best``: return (and write) the measured weights with the best win rate against
    the first ``evaluate`` opponent (ties: the next opponent's, then the later), not the
    last. ``spatial``: target logits read off the map (:class:`SpatialActionNet`). Fine-tuning
    (``init``): ``value_warmup`` PPO steps fitting the value network alone first
    (:func:`warm_value`), and with ``guard_batches`` a :class:`CloneGuard` on the expert's
    decisions (``expert_games``, ``bc_epochs=0`` to gather them without cloning; step size
    ``guard_lr``) between PPO's updates. Training games use seeds from ``seed`` on (cloning,
    then DAgger; PPO's from ``seed``). ``weigh``: each decision's cloning-loss weight
    (:data:`Weigh`; ``dagger_weigh``: DAgger's, ``weigh`` if None; 0 drops a decision).
    ``samples``: cloning data of earlier runs (:func:`load_samples`), joined
    before this run's (cloned on with the expert's, carried into DAgger's); ``samples_out``:
    all the data so far written there after each stage (:func:`save_samples`). With ``out``,
    each measurement's weights are also written beside it (``<out>.<stage>.npz``: a later
    round that does worse loses none). ``kinds``: the learner's repertoire (its actions
    offer only orders of these kinds, in training and in play: the weights carry them as
    ``kinds``; None: every kind, or the ``kinds`` of ``init``)."""
    torch.manual_seed(seed)
    if kinds is None and init is not None and "kinds" in init:
        kinds = tuple(str(k) for k in np.asarray(init["kinds"]).tolist())
    env = SideEnv(game, side, opponent, seed=seed, kinds=kinds)
    model = make_model(env, seed=seed, features=features, spatial=spatial, **ppo)
    if init is not None:
        load_weights(model, init)
    log = Log()
    t0 = cpu_seconds()
    best: tuple[tuple[float, ...], dict[str, np.ndarray]] | None = None

    def exported() -> dict[str, np.ndarray]:
        w = export_policy(model)
        if kinds is not None:
            w["kinds"] = np.asarray(kinds, dtype=str)
        return w

    def measure(at: int, stage: str, samples: int) -> None:
        nonlocal best
        w = exported()
        if out is not None:  # before the games: a run stopped while measuring keeps it
            save_arrays(stage_path(out, stage, at), w)
        log.steps.append(at)
        log.stage.append(stage)
        log.samples.append(samples)
        rates = []
        for opp, n in (evaluate or {}).items():
            wins, games = win_rate(game, side, w, opp, n, seed=eval_seed)
            log.win_rates.setdefault(opp, []).append(wins / games)
            rates.append(wins / games)
        log.cpu_s.append(cpu_seconds() - t0)
        print(f"{stage} steps {at}: cpu {log.cpu_s[-1]:.0f} s, win rates {rates}", flush=True)
        if best is None or not keep_best or tuple(rates) >= best[0]:
            best = (tuple(rates), w)
            log.kept = len(log.steps) - 1 if keep_best else -1
        if out is not None:
            save_log(log, Path(out).with_suffix(".log.npz"))
            save_arrays(out, best[1])

    data: list[Samples] = [samples] if samples is not None and len(samples[2]) else []
    if expert is not None and expert_games:
        data.append(expert_samples(game, side, expert, opponent, expert_games, seed, weigh, kinds))
    if data:
        data = [join_samples(data)]
        obs, masks, acts, wts = data[0]
        log.bc_loss = clone(model, obs, masks, acts, bc_epochs, lr=bc_lr, seed=seed, weights=wts)
        print(f"{len(acts)} decisions, cloning loss {log.bc_loss}", flush=True)
        if samples_out is not None:
            save_samples(samples_out, data[0])
    measure(0, "clone", sum(len(d[2]) for d in data))
    first = seed + expert_games
    for r in range(dagger_rounds):
        if expert is None:
            break
        w = exported()
        s0 = first + r * dagger_games
        dw = weigh if dagger_weigh is None else dagger_weigh
        data.append(dagger_samples(game, side, expert, w, opponent, dagger_games, s0, dw, kinds))
        data = [join_samples(data)]
        obs, masks, acts, wts = data[0]
        loss = clone(
            model, obs, masks, acts, dagger_epochs, lr=bc_lr, seed=seed + r + 1, weights=wts
        )
        log.bc_loss += loss
        print(f"DAgger round {r + 1}: {len(acts)} decisions, loss {loss}", flush=True)
        if samples_out is not None:
            save_samples(samples_out, data[0])
        measure(0, f"dagger {r + 1}", len(acts))
    guard = None
    if guard_batches and data:
        guard = CloneGuard(join_samples(data), guard_batches, lr=guard_lr, seed=seed)
    del data
    if steps and value_warmup:
        warm_value(model, value_warmup)
        print(f"value warm-up {value_warmup} steps: cpu {cpu_seconds() - t0:.0f} s", flush=True)
    done = 0
    while done < steps:
        n = min(every, steps - done)
        model.learn(n, callback=guard, reset_num_timesteps=False)
        done += n
        if guard is not None and guard.losses:
            print(f"guard loss {guard.losses[-1]:.3f}", flush=True)
        measure(done, "ppo", log.samples[-1])
    assert best is not None
    if out is not None:
        save_arrays(out, best[1])
    return best[1], log


def stage_path(out: str | Path, stage: str, steps: int) -> Path:
    """Where :func:`train` writes one measurement's weights: ``<out>.<stage>.npz`` beside
    ``out`` (``run.clone.npz``, ``run.dagger2.npz``, ``run.ppo8192.npz``)."""
    name = stage.replace(" ", "") + (str(steps) if stage == "ppo" else "")
    return Path(str(out).removesuffix(".npz") + f".{name}.npz")


def save_log(log: Log, path: str | Path) -> None:
    """The log as ``.npz``: steps, cpu_s, bc_loss, stage, samples, kept and ``win_<opponent>``
    arrays."""
    arrays = {
        "steps": np.asarray(log.steps),
        "cpu_s": np.asarray(log.cpu_s),
        "bc_loss": np.asarray(log.bc_loss),
        "stage": np.asarray(log.stage, dtype=str),
        "samples": np.asarray(log.samples),
        "kept": np.asarray(log.kept),
    }
    arrays.update({f"win_{k}": np.asarray(v) for k, v in log.win_rates.items()})
    save_arrays(path, arrays)
