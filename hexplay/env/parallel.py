"""A PettingZoo ``ParallelEnv`` over any registered game (made for simultaneous plots).

Every side is an agent; each ``step`` takes one action per agent. A side still plotting gives
one order (or END to submit its plot); a side that has submitted, or whose turn it is not
(alternating games), can only wait (END). When every side has submitted the turn resolves
inside the step. All agents end together when the game ends (``terminations``) or after
``max_cycles`` steps (``truncations``)."""

from __future__ import annotations

from typing import Any

from pettingzoo import ParallelEnv

from .core import DEFAULT_MAX_CYCLES, DriverEnv


class GameParallelEnv(DriverEnv, ParallelEnv):
    """``GameParallelEnv(name, scenario=None, max_cycles=...)`` for a registered game."""

    metadata = {"name": "hexplay_parallel_v0", "render_modes": ["ansi"]}

    def __init__(
        self,
        game: str,
        scenario: Any = None,
        max_cycles: int = DEFAULT_MAX_CYCLES,
        render_mode: str | None = None,
        actions: str = "factored",
        observation: str = "planes",
    ) -> None:
        self._start(game, scenario, max_cycles, render_mode, "parallel", actions, observation)

    def reset(self, seed: int | None = None, options: dict | None = None):
        self.driver.reset(seed)
        self.agents = list(self.possible_agents)
        self._steps = 0
        obs = {a: self.driver.observe(a) for a in self.agents}
        return obs, {a: self.driver.info(a) for a in self.agents}

    def step(self, actions: dict[str, Any]):
        d = self.driver
        refused = {a: not d.apply(a, actions[a]) for a in self.agents if a in actions}
        d.settle()
        self._steps += 1
        over = d.game.over
        cut = not over and self._steps >= self.max_cycles
        agents = self.agents
        obs = {a: d.observe(a) for a in agents}
        rewards = d.rewards()
        rewards = {a: rewards[a] for a in agents}
        terminations = dict.fromkeys(agents, over)
        truncations = dict.fromkeys(agents, cut)
        infos = {a: d.info(a, refused.get(a, False)) for a in agents}
        if over or cut:
            self.agents = []
        return obs, rewards, terminations, truncations, infos
