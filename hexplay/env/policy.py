"""A small trained policy run with numpy alone, and the computer player that plays by it.

A policy file (``.npz``) holds the weights of the network :mod:`hexplay.env.learn` trains
(torch is needed to train, not to play): a convolution trunk over the observation planes,
adaptive average pooling to a fixed grid, a layer over the pooled planes and the globals, and
one logit per value of the factored action space (:mod:`hexplay.env.factored`); with a
``query`` layer (the spatial head) a value naming a hex adds that hex's trunk features dotted
with a query of the last layer (``spatial_index``: the value's grid cell). The player
drives a :class:`~hexplay.env.core.GameDriver`-like loop on the game it is given: it encodes
``view(side)`` (only) as the environment does, masks the logits with the head's legal values
(from the orders the environment offers, :func:`~hexplay.env.planes.offered_orders`, of the
policy's repertoire if its file names one: ``kinds``) and
takes the most likely value (or samples, ``greedy=False``), head after head, until it
submits.
"""

from __future__ import annotations

from collections.abc import Mapping
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any

import numpy as np

from ..ai.player import GamePlayer
from ..engine import IllegalOrder
from .codec import END, OrderCodec
from .factored import FactoredCodec
from .planes import offered_orders, planes_for

MAX_DECISIONS = 400
"""Decisions per set-up, plot or turn after which the player submits (a policy that keeps
choosing orders the rules refuse cannot stall a game)."""


_BLAS: Any = None  # a threadpoolctl.ThreadpoolController, made at the first use


def one_blas_thread() -> AbstractContextManager[Any]:
    """A context in which numpy's BLAS runs on one thread. The network's products are small
    (a convolution is a (32, 198) x (198, 1080) product): BLAS threads only wait for each
    other, and on a busy machine they wait for a core too. Measured on this project's 2-core
    machine under load: a convolution of 22x36x30 planes 14.9 ms with BLAS's threads, 0.24
    ms on one (the limit itself costs about 0.07 ms)."""
    global _BLAS
    if _BLAS is None:
        from threadpoolctl import ThreadpoolController

        _BLAS = ThreadpoolController()
    return _BLAS.limit(limits=1, user_api="blas")


def conv3x3(x: np.ndarray, w: np.ndarray, b: np.ndarray) -> np.ndarray:
    """A 3x3 convolution with zero padding 1 (torch's ``Conv2d(k=3, padding=1)``):
    ``x`` (C, H, W), ``w`` (O, C, 3, 3), ``b`` (O,) -> (O, H, W)."""
    c, h, wd = x.shape
    p = np.zeros((c, h + 2, wd + 2), dtype=np.float32)
    p[:, 1:-1, 1:-1] = x
    cols = np.empty((c, 3, 3, h, wd), dtype=np.float32)
    for i in range(3):
        for j in range(3):
            cols[:, i, j] = p[:, i : i + h, j : j + wd]
    out = w.reshape(w.shape[0], -1) @ cols.reshape(c * 9, h * wd)
    return (out + b[:, None]).reshape(w.shape[0], h, wd)


def adaptive_avg_pool(x: np.ndarray, out: tuple[int, int]) -> np.ndarray:
    """torch's ``AdaptiveAvgPool2d(out)`` on (C, H, W): bin i spans
    ``floor(i * H / n) .. ceil((i + 1) * H / n)``."""
    c, h, w = x.shape
    oh, ow = out
    res = np.empty((c, oh, ow), dtype=np.float32)
    for i in range(oh):
        r0, r1 = (i * h) // oh, -((-(i + 1) * h) // oh)
        for j in range(ow):
            c0, c1 = (j * w) // ow, -((-(j + 1) * w) // ow)
            res[:, i, j] = x[:, r0:r1, c0:c1].mean(axis=(1, 2))
    return res


class NumpyPolicy:
    """The trained network's forward pass (see the module docstring); ``weights`` as saved by
    :func:`hexplay.env.learn.export_policy`."""

    def __init__(self, weights: Mapping[str, np.ndarray]) -> None:
        self.w = {
            k: np.asarray(v, dtype=np.float32)
            for k, v in weights.items()
            if k not in ("spatial_index", "kinds")
        }
        kinds = weights.get("kinds")
        self.kinds: frozenset[str] | None = (
            None if kinds is None else frozenset(str(k) for k in np.asarray(kinds).tolist())
        )
        """The order kinds the policy plays (its repertoire, ``kinds`` in the file), or None:
        every kind the environment offers."""
        index = weights.get("spatial_index")
        self.index = None if index is None else np.asarray(index, dtype=np.int64)
        ph, pw = np.asarray(weights["pool"]).tolist()
        self.pool = (int(ph), int(pw))
        self.convs = sorted(
            {k.split(".")[0] for k in self.w if k.startswith("conv")}, key=lambda s: int(s[4:])
        )
        self.layers = sorted(
            {k.split(".")[0] for k in self.w if k.startswith("pi")}, key=lambda s: int(s[2:])
        )

    @classmethod
    def load(cls, path: str | Path) -> NumpyPolicy:
        with np.load(path) as f:
            return cls({k: f[k] for k in f.files})

    def logits(self, planes: np.ndarray, glob: np.ndarray) -> np.ndarray:
        """The network's output: one logit per value of every head (before masking)."""
        with one_blas_thread():
            return self._logits(planes, glob)

    def _logits(self, planes: np.ndarray, glob: np.ndarray) -> np.ndarray:
        x = planes.astype(np.float32)
        for name in self.convs:
            x = np.maximum(conv3x3(x, self.w[f"{name}.w"], self.w[f"{name}.b"]), 0.0)
        cells = x.reshape(x.shape[0], -1)
        x = adaptive_avg_pool(x, self.pool).reshape(-1)
        h = np.concatenate([x, glob.astype(np.float32)])
        h = np.maximum(self.w["feat.w"] @ h + self.w["feat.b"], 0.0)
        for name in self.layers:
            h = np.tanh(self.w[f"{name}.w"] @ h + self.w[f"{name}.b"])
        out = self.w["action.w"] @ h + self.w["action.b"]
        if self.index is not None:  # the spatial head: each hex's features against a query
            q = self.w["query.w"] @ h + self.w["query.b"]
            at = np.append(q @ cells, np.float32(0.0))
            out = out + at[self.index]
        return out


class PolicyPlayer(GamePlayer):
    """Plays one side by a :class:`NumpyPolicy` over the factored actions and planes.

    The encoding, codec and heads are made from the first game it plays (a scenario's
    layout); a game of another layout gets them anew.
    """

    name = "learned"

    def __init__(self, side: str, policy: NumpyPolicy, seed: int = 0, greedy: bool = True) -> None:
        super().__init__(side, seed)
        self.policy = policy
        self.greedy = greedy
        self._layout: Any = None

    def _setup(self, game: Any) -> None:
        key = (game.info.name, id(game.map), tuple(game.map.hex_labels[:1]))
        if (
            self._layout is not None
            and self._layout[0] == key
            and self._layout[1].same_layout(game)
        ):
            return
        codec = OrderCodec.for_game(game)
        self._layout = (key, codec, FactoredCodec(codec), planes_for(game))

    def observation(self, game: Any, pending: tuple[int, ...]) -> tuple[np.ndarray, np.ndarray]:
        """The planes and globals the environment gives this side with ``pending`` chosen
        (equal to :meth:`GameDriver.observe`'s: the same encoding and selection channels)."""
        _, codec, heads, enc = self._layout
        view = game.view(self.side)
        obs = enc.encode(view)
        c, h, w = obs["planes"].shape
        planes = np.zeros((c + 1, h, w), dtype=np.float32)
        planes[:c] = obs["planes"]
        k = len(obs["globals"])
        glob = np.zeros(k + 3 + len(codec.kinds), dtype=np.float32)
        glob[:k] = obs["globals"]
        glob[k + len(pending)] = 1.0
        if pending and 2 <= pending[0] <= len(codec.units) + 1:
            uid = codec.units[pending[0] - 2]
            f = enc.flat((view.get("units") or {}).get(uid, {}).get("hex"))
            if f is not None:
                planes[c].reshape(-1)[f] = 1.0
        if len(pending) > 1:
            glob[k + 3 + pending[1]] = 1.0
        return planes, glob

    def choose(self, game: Any, pending: tuple[int, ...], options: np.ndarray) -> int:
        planes, glob = self.observation(game, pending)
        logits = self.policy.logits(planes, glob)[options]
        if self.greedy:
            return int(options[int(np.argmax(logits))])
        p = np.exp(logits - logits.max())
        return int(options[int(self.rng.choice(len(options), p=p / p.sum()))])

    def act(self, game: Any) -> None:
        if self.side not in game.to_act():
            return
        self._setup(game)
        _, codec, heads, _ = self._layout
        from .core import can_end

        refused: set[int] = set()
        for _ in range(MAX_DECISIONS):
            if game.over or self.side not in game.to_act():
                return
            legal = offered_orders(game, self.side, kinds=self.policy.kinds)
            c = heads.without(heads.choices(legal, can_end(game, self.side)), refused)
            pending: tuple[int, ...] = ()
            while len(pending) < 3:
                opts = heads.options(c, pending)
                if not len(opts):
                    break
                v = self.choose(game, pending, opts)
                if not pending and v == END:
                    break
                pending = heads.advance(c, (*pending, v))
            if len(pending) < 3:
                if self._submit(game):
                    return
                continue
            flat = heads.flat_action(pending)
            try:
                game.order(codec.decode(flat, self.side, legal))
            except IllegalOrder:
                refused.add(flat)
                continue
            refused.clear()
        if not self._submit(game):
            from ..ai.random import RandomPlayer

            RandomPlayer(self.side, seed=int(self.rng.integers(1 << 30))).act(game)

    def _submit(self, game: Any) -> bool:
        try:
            game.submit(self.side)
        except IllegalOrder:
            return False
        return True
