"""Samplers of hidden state: states a side cannot tell from the true one.

A sampler is ``f(game, side, rng) -> Game``: a new game (the original is not changed) whose
hidden information differs from ``game``'s where ``side`` cannot see it, while
``view(side)`` is exactly the same (and so are ``legal_orders(side)`` and ``to_act()``). It
may read the true state — it is the referee's tool — but what it returns must be consistent
with everything ``side`` knows. The fog-fairness test (``tests/test_fog_fair.py``) runs every
player on such pairs; search players (determinized or information-set search) use the same
samplers to draw the states they search.

The hook, for a game's authors: give the game class a method ``resample_hidden(side, rng)``
returning such a copy, or add ``name -> "module:function"`` to :data:`SAMPLERS` (for a sampler
written outside the game's package, from its public API).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

Sampler = Callable[[Any, str, np.random.Generator], Any]

SAMPLERS: dict[str, str] = {}
"""Samplers by game name, for games whose class has no ``resample_hidden`` method."""


def _method(game: Any, side: str, rng: np.random.Generator) -> Any:
    return game.resample_hidden(side, rng)


def hidden_sampler(game: Any) -> Sampler:
    """The sampler of ``game``'s kind (its ``resample_hidden`` method, else :data:`SAMPLERS`);
    LookupError if it has none."""
    if callable(getattr(game, "resample_hidden", None)):
        return _method
    ref = SAMPLERS.get(game.info.name)
    if ref is None:
        raise LookupError(
            f"{game.info.name} has no hidden-state sampler: give the game class "
            "resample_hidden(side, rng) or add it to hexplay.ai.samplers.SAMPLERS"
        )
    from ..registry import resolve

    return resolve(ref)


def has_sampler(game_class: Any, name: str) -> bool:
    return callable(getattr(game_class, "resample_hidden", None)) or name in SAMPLERS
