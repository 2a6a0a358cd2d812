"""PettingZoo environments over the game API, for any registered game (extra ``hexplay[env]``).

::

    from . import parallel_env, aec_env
    env = parallel_env(name)                # a registered game's name (see hexplay.registry)
    obs, infos = env.reset(seed=1)
    mask = obs["adversary"]["action_mask"]  # legal actions now (action 0 = end plot / wait)

Agents are the game's sides. Observations are ``{"planes": float32 (C, H, W), "globals":
float32 (G,), "action_mask": int8}`` computed from the side's view only (:mod:`.planes`: each
game's channels come from its plugin record's ``env=`` encoding); actions are factored (a unit,
an order kind, a target: one head per step, one mask per head, :mod:`.factored`); rewards come
from the outcome (:mod:`.core`). ``actions="flat"`` gives one integer per order instead (the
flat ``Discrete`` codec, :mod:`.codec`, for libraries that need it) and
``observation="vector"`` the old flat vector (:mod:`.observe`).
:func:`env` picks the natural kind for a game's turn structure.
"""

from __future__ import annotations

from typing import Any

from .codec import END, OrderCodec, order_kinds, unit_table
from .factored import HEADS, FactoredCodec
from .observe import ViewEncoder, encoder_for
from .planes import Channel, DefaultPlanes, GridEncoding, PlaneEncoding, planes_for

__all__ = [
    "END",
    "HEADS",
    "Channel",
    "DefaultPlanes",
    "FactoredCodec",
    "GridEncoding",
    "OrderCodec",
    "PlaneEncoding",
    "ViewEncoder",
    "aec_env",
    "encoder_for",
    "env",
    "order_kinds",
    "parallel_env",
    "planes_for",
    "unit_table",
]


def parallel_env(game: str, scenario: Any = None, **kw: Any):
    """A :class:`~hexplay.env.parallel.GameParallelEnv` of a registered game."""
    from .parallel import GameParallelEnv

    return GameParallelEnv(game, scenario, **kw)


def aec_env(game: str, scenario: Any = None, **kw: Any):
    """A :class:`~hexplay.env.aec.GameAECEnv` of a registered game."""
    from .aec import GameAECEnv

    return GameAECEnv(game, scenario, **kw)


def env(game: str, scenario: Any = None, **kw: Any):
    """The natural environment of ``game``: parallel for simultaneous plots, AEC otherwise."""
    from ..registry import game_entry

    simultaneous = game_entry(game).info.simultaneous
    return (parallel_env if simultaneous else aec_env)(game, scenario, **kw)
