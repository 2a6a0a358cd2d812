"""What both environments share: one game of a registered name driven by actions.

:class:`GameDriver` starts games (``new_game(name, scenario, seed)``), holds the scenario's
:class:`~hexplay.env.codec.OrderCodec` and observation encoder (made once, so the spaces are
the same objects for the environment's life), turns an action of a side into an order or a
submit through the game API, advances the game when no side must act, and gives each side its
observation (from ``view(side)`` only), its action mask (from ``legal_orders(side)``) and its
reward (from ``outcome()``).

A refused action (masked out, or refused by the rules) changes nothing; ``info["refused"]``
says so. Rewards: +1 to the winner, -1 to every other side, 0 for a draw, paid when the game
ends; nothing before.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..engine import IllegalOrder
from .codec import END, OrderCodec
from .observe import LIMIT, encoder_for

DEFAULT_MAX_CYCLES = 100_000
"""Steps after which an episode is truncated (PettingZoo's ``max_cycles``)."""


def _spaces(codec: OrderCodec, encoder: Any):
    from gymnasium import spaces

    obs = spaces.Box(-LIMIT, LIMIT, (encoder.size,), np.float32)
    mask = spaces.Box(0, 1, (codec.n,), np.int8)
    return spaces.Dict({"observation": obs, "action_mask": mask}), spaces.Discrete(codec.n)


class GameDriver:
    """One registered game behind integer actions (see the module docstring)."""

    def __init__(self, name: str, scenario: Any = None, seed: int = 0) -> None:
        from ..registry import game_entry

        self.entry = game_entry(name)
        self.scenario = scenario
        self.seed = int(seed)
        self.game = self.entry.new(scenario, seed=self.seed)
        self.codec = OrderCodec.for_game(self.game)
        self.encoder = encoder_for(self.game)
        self.sides = tuple(self.game.info.sides)
        obs, act = _spaces(self.codec, self.encoder)
        self.observation_spaces = {s: obs for s in self.sides}
        self.action_spaces = {s: act for s in self.sides}
        self._legal: dict[str, list] = {}

    def reset(self, seed: int | None) -> None:
        """A new game; ``seed`` None continues with the next seed."""
        self.seed = self.seed + 1 if seed is None else int(seed)
        self.game = self.entry.new(self.scenario, seed=self.seed)
        if not self.codec.same_layout(self.game):
            raise ValueError(f"{self.entry.name}: a new game changed the action layout")
        self.settle()

    # --- driving the game -----------------------------------------------------------------
    def settle(self) -> None:
        """Advance while no side must act (turn resolution, start of play)."""
        self._legal.clear()
        g = self.game
        while not g.over and not g.to_act():
            g.advance()

    def legal(self, side: str) -> list:
        if side not in self._legal:
            self._legal[side] = self.game.legal_orders(side)
        return self._legal[side]

    def apply(self, side: str, action: Any) -> bool:
        """Carry out ``side``'s action; False if it was refused (nothing changed). END for a
        side that need not act is a wait (accepted)."""
        g = self.game
        if side not in g.to_act():
            return int(action) == END
        try:
            order = self.codec.decode(int(action), side, self.legal(side))
        except IllegalOrder:
            return False
        try:
            if order is None:
                g.submit(side)
            else:
                g.order(order)
        except IllegalOrder:
            return False
        finally:
            self._forget(side, plotted=order is not None)
        return True

    def _forget(self, side: str, plotted: bool) -> None:
        """Drop the legal orders an action may have changed: a plotted order under
        simultaneous plots changes only its own side's (the plot is secret, and a side's legal
        orders follow from its view: the fog-fairness test holds every game to that); anything
        else, every side's."""
        if plotted and self.game.info.simultaneous and self.game.phase != "setup":
            self._legal.pop(side, None)
        else:
            self._legal.clear()

    # --- what a side gets -----------------------------------------------------------------
    def can_end(self, side: str) -> bool:
        """END is legal: always for a side that need not act (a wait); at set-up only when
        the rules would accept the submit (tried on a copy); in play always."""
        g = self.game
        if g.over or side not in g.to_act():
            return True
        if g.phase != "setup":
            return True
        try:
            g.copy().submit(side)
        except IllegalOrder:
            return False
        return True

    def mask(self, side: str) -> np.ndarray:
        g = self.game
        legal = self.legal(side) if not g.over and side in g.to_act() else []
        return self.codec.mask(legal, self.can_end(side))

    def observe(self, side: str) -> dict[str, np.ndarray]:
        return {
            "observation": self.encoder.encode(self.game.view(side)),
            "action_mask": self.mask(side),
        }

    def rewards(self) -> dict[str, float]:
        if not self.game.over:
            return dict.fromkeys(self.sides, 0.0)
        w = self.game.outcome().get("winner")
        if w is None:
            return dict.fromkeys(self.sides, 0.0)
        return {s: 1.0 if s == w else -1.0 for s in self.sides}

    def info(self, side: str, refused: bool = False) -> dict[str, Any]:
        g = self.game
        return {"to_act": side in g.to_act(), "phase": g.phase, "turn": g.turn, "refused": refused}


class DriverEnv:
    """What both PettingZoo environments share: the :class:`GameDriver`, the agents, the
    spaces, the game, rendering (mixed in before ``AECEnv`` / ``ParallelEnv``)."""

    metadata: dict[str, Any]

    def _start(
        self, game: str, scenario: Any, max_cycles: int, render_mode: str | None, kind: str
    ) -> None:
        self.driver = GameDriver(game, scenario)
        self.possible_agents = list(self.driver.sides)
        self.agents: list[str] = []
        self.max_cycles = max_cycles
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"hexplay_{game}_{kind}_v0"}
        self._steps = 0

    def observation_space(self, agent: str):
        return self.driver.observation_spaces[agent]

    def action_space(self, agent: str):
        return self.driver.action_spaces[agent]

    @property
    def game(self):
        """The game being played (for inspection; agents see only their observations)."""
        return self.driver.game

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        g = self.driver.game
        return f"{g.info.name} turn {g.turn} {g.phase}: to act {list(g.to_act())}"

    def close(self) -> None:
        pass
