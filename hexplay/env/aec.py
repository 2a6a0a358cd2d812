"""A PettingZoo ``AECEnv`` over any registered game (made for alternating turns).

The agent to act is the first side of ``game.to_act()``: under alternating turns the side whose
turn it is (each action an order applied at once, END ends the turn); under simultaneous plots
each side plots in turn until it submits (its plot stays secret: the next side observes only
its own view). Rewards come when the game ends."""

from __future__ import annotations

from typing import Any

from pettingzoo import AECEnv

from .core import DEFAULT_MAX_CYCLES, DriverEnv


class GameAECEnv(DriverEnv, AECEnv):
    """``GameAECEnv("toy-mines", scenario=None, max_cycles=...)``."""

    metadata = {"name": "hexplay_aec_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(
        self,
        game: str,
        scenario: Any = None,
        max_cycles: int = DEFAULT_MAX_CYCLES,
        render_mode: str | None = None,
        actions: str = "factored",
        observation: str = "planes",
    ) -> None:
        super().__init__()
        self._start(game, scenario, max_cycles, render_mode, "aec", actions, observation)

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        self.driver.reset(seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: self.driver.info(a) for a in self.agents}
        self._steps = 0
        self.agent_selection = self._next_agent()

    def _next_agent(self) -> str:
        sides = self.driver.game.to_act()
        return sides[0] if sides else self.agents[0]

    def observe(self, agent: str) -> dict[str, Any]:
        return self.driver.observe(agent)

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        d = self.driver
        self._cumulative_rewards[agent] = 0.0
        refused = not d.apply(agent, action)
        d.settle()
        self._steps += 1
        over = d.game.over
        cut = not over and self._steps >= self.max_cycles
        self.rewards = {a: r for a, r in d.rewards().items() if a in self.agents}
        for a in self.agents:
            self.terminations[a] = over
            self.truncations[a] = cut
            self.infos[a] = d.info(a, refused and a == agent)
        self.agent_selection = self._next_agent() if not (over or cut) else agent
        self._accumulate_rewards()
        if over or cut:
            self._deads_step_first()
