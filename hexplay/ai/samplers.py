"""Samplers of hidden state: states a side cannot tell from the true one.

A sampler is ``f(game, side, rng) -> Game``: a new game (the original is not changed) whose
hidden information differs from ``game``'s where ``side`` cannot see it, while
``view(side)`` is exactly the same (and so are ``legal_orders(side)`` and ``to_act()``). It
may read the true state — it is the referee's tool — but what it returns must be consistent
with everything ``side`` knows. The fog-fairness test (``tests/test_fog_fair.py``) runs every
player on such pairs; search players (determinized or information-set search) use the same
samplers to draw the states they search.

The hook, for a game's authors: the ``sampler`` part of the game's plugin record
(:class:`hexplay.engine.plugin.GameEntry`), ``"module:function"``, a ``sample`` function
in the game's own package. This module holds what samplers share: the
registry look-up, :func:`resample_plot` (the enemy's secret plot drawn anew), the number of
tries, and a one-entry memo for what a sampler derives from a view.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Hashable
from typing import Any

import numpy as np

from .worlds import rollout_copy

Sampler = Callable[[Any, str, np.random.Generator], Any]

SAMPLER_TRIES = 6
"""Proposals a sampler tries before it gives up and returns an unchanged copy."""


def hidden_sampler(game: Any) -> Sampler:
    """The sampler of ``game``'s kind: the ``sampler`` part of its registry entry; LookupError
    if it declares none."""
    from ..registry import game_entry

    sample = game_entry(game.info.name).part("sampler")
    if sample is None:
        raise LookupError(
            f"{game.info.name} has no hidden-state sampler: declare sampler='module:function' "
            "in its plugin record (hexplay.engine.plugin.GameEntry)"
        )
    return sample


def has_sampler(game_class: Any, name: str) -> bool:
    """Whether the registered game ``name`` declares a sampler (``game_class``: its class)."""
    from ..registry import game_entry

    return game_entry(name).sampler is not None


class LastMemo:
    """A one-entry memo: the value made for the last key (a search samples one state many
    times, so what a sampler derives from the view is made once per view)."""

    def __init__(self) -> None:
        self._key: Any = None
        self._value: Any = None

    def get(self, key: Hashable, make: Callable[[], Any]) -> Any:
        """The value for ``key``: the last one if ``key`` is the last key, else ``make()``."""
        if self._key != key:
            self._value = make()
            self._key = key
        return self._value


# --- a building block for simultaneous-plot games ---------------------------------------------
def resample_plot(
    game: Any,
    side: str,
    rng: np.random.Generator,
    orders: int = 6,
    start_state: Any = None,
    complete: Callable[[Any, str], None] | None = None,
) -> Any:
    """A copy in which the enemy's secret plot of this turn is drawn anew: the game is replayed
    to the start of the turn, every command of this turn is given again except the enemy's
    (commands name their side in ``args["side"]``, as the protocol's order, undo and submit
    do), and the enemy plots up to ``orders`` random legal orders instead, submitting if it had
    submitted. Only for simultaneous plots, before every plot is in (the enemy's plot is then
    secret, so ``view(side)`` cannot change); otherwise an unchanged copy. ``start_state``: the
    game at the start of the turn to give the commands to (else ``game`` replayed to it; with
    it, None if the enemy's drawn plot cannot be submitted). ``complete(twin, enemy)``: the
    game's own completion of the enemy's drawn plot before it is submitted (e.g. its moving
    vehicles stopped or moved as submitting requires: random plots rarely do it)."""
    from ..engine import IllegalOrder
    from ..engine.dice import fresh_like
    from ..engine.record import apply_commands
    from .random import random_completion

    if not game.info.simultaneous or game.over or game.phase == "setup" or not game.to_act():
        return rollout_copy(game)
    enemies = [s for s in game.sides if s != side]
    cmds = game.commands.to_list()
    start = game.commands.marks.get(game.turn, len(cmds))
    if start_state is None:
        twin = type(game)._fresh(game.scenario_dict(), game.map, fresh_like(game.dice))
        apply_commands(twin, cmds[:start])
    else:  # (a referee's arrangement at the start of the turn is part of start_state)
        twin = start_state
        while start < len(cmds) and cmds[start]["op"] == "arrange":
            start += 1
    apply_commands(twin, [c for c in cmds[start:] if c["args"].get("side") not in enemies])
    for enemy in enemies:
        for _ in range(int(rng.integers(orders + 1))):
            choices = twin.legal_orders(enemy)
            if not choices:
                break
            o = random_completion(choices[int(rng.integers(len(choices)))], rng)
            if o is not None:
                with contextlib.suppress(IllegalOrder):  # a candidate the rules refuse
                    twin.order(o)
        if enemy not in game.to_act():
            if complete is not None:
                complete(twin, enemy)
            try:
                twin.submit(enemy)
            except IllegalOrder:
                return rollout_copy(game) if start_state is None else None
    return twin
