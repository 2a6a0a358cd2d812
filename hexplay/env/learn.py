"""Training a player for one side of a game (extra ``hexplay[learn]``: torch, sb3-contrib).

The library is sb3-contrib's ``MaskablePPO`` (maintained with Stable-Baselines3; PPO with an
action mask, which is what the factored heads give at every step). It learns one side of a
game in :class:`SideEnv`, a single-agent ``gymnasium`` environment over
:class:`~hexplay.env.core.GameDriver` (planes, factored actions) where the other side is a
registered computer player acting on the game between the learner's steps.

:func:`train` runs the whole recipe: optionally behaviour cloning first (the network is fitted
to an expert's decisions, e.g. the game's scripted player, encoded as head values by
``expert(game, side)``, a game's own function), then ``MaskablePPO`` against the opponent,
with the win rates against each evaluation opponent logged as it goes; :func:`export_policy`
writes the network as numpy arrays (``.npz``) for :class:`~hexplay.env.policy.NumpyPolicy`,
so playing needs no torch.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import gymnasium as gym
import numpy as np
import torch
from sb3_contrib import MaskablePPO
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
    +1 for a win, -1 for a loss, 0 for a draw, at the end.
    """

    metadata = {"render_modes": []}

    def __init__(self, game: str, side: str, opponent: str = "random", seed: int = 0) -> None:
        self.driver = GameDriver(game, seed=seed)
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
        x = self.pool(x).flatten(1)
        return torch.relu(self.feat(torch.cat([x, obs["globals"]], dim=1)))


def make_model(
    env: SideEnv, seed: int = 0, features: Mapping[str, Any] | None = None, **ppo: Any
) -> MaskablePPO:
    """The ``MaskablePPO`` model with :class:`PlanesExtractor` and one tanh layer per head."""
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
    return MaskablePPO("MultiInputPolicy", env, seed=seed, policy_kwargs=policy_kwargs, **kw)


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
    put("action", p.action_net)
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


def expert_samples(
    game: str, side: str, expert: Expert, opponent: str, games: int, seed: int = 0
) -> tuple[dict[str, np.ndarray], np.ndarray, np.ndarray]:
    """Observations, masks and head values of the expert's decisions in ``games`` games
    (only the heads with more than one legal value: the others are taken by themselves)."""
    env = SideEnv(game, side, opponent, seed=seed)
    planes, globs, masks, acts = [], [], [], []
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
                d.pending.pop(side, None)
                while True:
                    o = d.observe(side)
                    v = values[len(d.pending.get(side, ()))]
                    m = o["action_mask"].astype(bool)
                    if not m[v]:
                        d.pending.pop(side, None)
                        break
                    if m.sum() > 1:
                        planes.append(o["planes"])
                        globs.append(o["globals"])
                        masks.append(m)
                        acts.append(v)
                    d.apply(side, v)
                    if not d.pending.get(side):
                        break
            if side in d.game.to_act() and not d.game.over:
                d.apply(side, END)
            env._run_others()
    obs = {"planes": np.asarray(planes, dtype=np.float16), "globals": np.asarray(globs)}
    return obs, np.asarray(masks), np.asarray(acts)


def clone(
    model: MaskablePPO,
    obs: dict[str, np.ndarray],
    masks: np.ndarray,
    acts: np.ndarray,
    epochs: int = 8,
    batch: int = 256,
    lr: float = 1e-3,
    seed: int = 0,
) -> list[float]:
    """Fit the policy to the expert's head values (cross-entropy under the masks); the loss
    of each epoch."""
    p = model.policy
    # sb3 annotates the observations as one Tensor; a MultiInputPolicy takes a dict of them
    Evaluate = Callable[..., tuple[torch.Tensor, torch.Tensor, torch.Tensor | None]]
    evaluate: Evaluate = p.evaluate_actions
    opt = torch.optim.Adam(p.parameters(), lr=lr)
    rng = np.random.default_rng(seed)
    n = len(acts)
    losses = []
    for _ in range(epochs):
        order = rng.permutation(n)
        total = 0.0
        for b in range(0, n, batch):
            idx = order[b : b + batch]
            o = {k: torch.as_tensor(v[idx].astype(np.float32)) for k, v in obs.items()}
            _, logp, _ = evaluate(
                o, torch.as_tensor(acts[idx]), action_masks=torch.as_tensor(masks[idx])
            )
            loss = -logp.mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
            total += loss.item() * len(idx)
        losses.append(total / n)
    return losses


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
    """What a training run records (saved beside the policy for the notebook)."""

    steps: list[int] = field(default_factory=list)
    cpu_s: list[float] = field(default_factory=list)
    win_rates: dict[str, list[float]] = field(default_factory=dict)
    bc_loss: list[float] = field(default_factory=list)


def cpu_seconds() -> float:
    """This process's CPU time (user + system), every thread."""
    return time.process_time()


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
    **ppo: Any,
) -> tuple[dict[str, np.ndarray], Log]:
    """Train ``side`` of ``game``; return the exported weights and the log (see the module
    docstring). ``evaluate``: opponent name -> games, measured every ``every`` steps."""
    torch.manual_seed(seed)
    env = SideEnv(game, side, opponent, seed=seed)
    model = make_model(env, seed=seed, features=features, **ppo)
    log = Log()
    t0 = cpu_seconds()

    def measure(at: int) -> None:
        w = export_policy(model)
        log.steps.append(at)
        log.cpu_s.append(cpu_seconds() - t0)
        for opp, n in (evaluate or {}).items():
            wins, games = win_rate(game, side, w, opp, n)
            log.win_rates.setdefault(opp, []).append(wins / games)
        if out is not None:
            save_log(log, Path(out).with_suffix(".log.npz"))
            save_arrays(out, w)

    if expert is not None and expert_games:
        obs, masks, acts = expert_samples(game, side, expert, opponent, expert_games, seed)
        log.bc_loss = clone(model, obs, masks, acts, epochs=bc_epochs, seed=seed)
        print(f"cloned {len(acts)} decisions: loss {log.bc_loss}", flush=True)
    measure(0)
    done = 0
    while done < steps:
        n = min(every, steps - done)
        model.learn(n, reset_num_timesteps=False)
        done += n
        measure(done)
    return export_policy(model, out), log


def save_log(log: Log, path: str | Path) -> None:
    """The log as ``.npz``: steps, cpu_s, bc_loss and ``win_<opponent>`` arrays."""
    arrays = {
        "steps": np.asarray(log.steps),
        "cpu_s": np.asarray(log.cpu_s),
        "bc_loss": np.asarray(log.bc_loss),
    }
    arrays.update({f"win_{k}": np.asarray(v) for k, v in log.win_rates.items()})
    save_arrays(path, arrays)
