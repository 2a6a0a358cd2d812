"""AGGRESSOR plans for the search player: the scripted commander with other armies and
deployments (set-up candidates that differ in kind, not in knobs).

A *plan* is a :class:`PlanPlayer`: :class:`~hexplay.games.aggressor.ai.players.ScriptedPlayer`'s
turns,
with its own set-up: the army (how many units of each of the six types; the digest lets each
side choose freely) and how deep behind the front each type stands. :func:`plan_setup` places
it from the side's view and the map only, as :func:`~hexplay.games.aggressor.setup.computer_setup`
does (with the computer's army and depths it gives the same placements: tested).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from hexplay.engine import Order

from ..setup import COMPUTER_ARMY, COMPUTER_DEPTH, computer_setup
from ..setup import army_plan as rules_army_plan
from .players import ScriptedPlayer

DEPTH: dict[str, int] = COMPUTER_DEPTH
"""Columns behind the front column (the one nearest the border) each type is first tried in:
:func:`~hexplay.games.aggressor.setup.computer_setup`'s table."""


def army_plan(army: dict[str, int], size: int) -> list[str]:
    """The unit types of an army of ``size`` from the mix ``army`` (the rules' ``army_plan``)."""
    return rules_army_plan(size, army)


def plan_setup(
    view: dict,
    m: Any,
    rng: np.random.Generator,
    army: dict[str, int] | None = None,
    depth: dict[str, int] | None = None,
) -> list[tuple[str, str]]:
    """(type, hex label) placements for the side of ``view`` (from the view and the map only):
    the army ``army`` (default :data:`COMPUTER_ARMY`), each type first tried ``depth[type]``
    columns behind the border-most column (default :data:`DEPTH`), rows in an order shuffled
    by ``rng``: :func:`~hexplay.games.aggressor.setup.computer_setup` with that army and depth."""
    return computer_setup(view, m, rng, army, depth)


class PlanPlayer(ScriptedPlayer):
    """The scripted commander with the set-up of a plan: ``army`` (type -> count) and
    ``depth`` (type -> columns behind the front); its turns are the scripted player's (with
    its ``knobs``)."""

    name = "plan"

    def __init__(
        self,
        side: str,
        seed: int = 0,
        army: dict[str, int] | None = None,
        depth: dict[str, int] | None = None,
        **knobs: float,
    ) -> None:
        super().__init__(side, seed, **knobs)
        self.army = dict(COMPUTER_ARMY if army is None else army)
        self.depth = {**DEPTH, **(depth or {})}

    def act(self, game: Any) -> None:
        if self.side not in game.to_act():
            return
        if game.phase != "setup":
            super().act(game)
            return
        view = game.view(self.side)
        for t, h in plan_setup(view, game.map, self.rng, self.army, self.depth):
            game.order(Order(self.side, "place", None, {"type": t, "hex": h}))
        game.submit(self.side)
