"""What both environments share: one game of a registered name driven by actions.

:class:`GameDriver` starts games (``new_game(name, scenario, seed)``), holds the scenario's
:class:`~hexplay.env.codec.OrderCodec` and observation encoder (made once, so the spaces are
the same objects for the environment's life), turns an action of a side into an order or a
submit through the game API (factored: a unit, a kind and a target over up to three steps,
:mod:`.factored`; or flat: one integer per order, :mod:`.codec`), advances the game when no
side must act, and gives each side its observation (from ``view(side)`` only: planes and
globals, :mod:`.planes`, or the old vector, :mod:`.observe`), its action mask (from
``legal_orders(side)`` as the game's encoding offers them to a learner,
:func:`.planes.offered_orders`, of the side's repertoire if ``kinds`` limits it) and its
reward (from ``outcome()``).

A refused action (masked out, or refused by the rules) changes nothing; ``info["refused"]``
says so. Rewards: +1 to the winner, -1 to every other side, 0 for a draw, paid when the game
ends; nothing before.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

import numpy as np

from ..engine import IllegalOrder
from .codec import END, OrderCodec
from .factored import HEADS, FactoredCodec
from .observe import LIMIT, ViewEncoder, encoder_for
from .planes import Channel, PlaneEncoding, offered_orders, planes_for

DEFAULT_MAX_CYCLES = 100_000
"""Steps after which an episode is truncated (PettingZoo's ``max_cycles``)."""


ACTIONS = ("factored", "flat")
"""The action forms: three heads over up to three steps (default), or one flat integer."""

OBSERVATIONS = ("planes", "vector")
"""The observation forms: planes and globals (default), or the old flat vector."""


def _spaces(n: int, obs: dict[str, tuple[int, ...]]):
    from gymnasium import spaces

    parts: dict[str, spaces.Space[Any]] = {
        k: spaces.Box(-LIMIT, LIMIT, shape, np.float32) for k, shape in obs.items()
    }
    parts["action_mask"] = spaces.Box(0, 1, (n,), np.int8)
    return spaces.Dict(parts), spaces.Discrete(n)


def can_end(game: Any, side: str) -> bool:
    """END is legal: always for a side that need not act (a wait); at set-up only when the
    rules would accept the submit (tried on a copy); in play always."""
    if game.over or side not in game.to_act():
        return True
    if game.phase != "setup":
        return True
    try:
        game.copy().submit(side)
    except IllegalOrder:
        return False
    return True


class GameDriver:
    """One registered game behind integer actions (see the module docstring)."""

    def __init__(
        self,
        name: str,
        scenario: Any = None,
        seed: int = 0,
        actions: str = "factored",
        observation: str = "planes",
        kinds: Mapping[str, Collection[str]] | None = None,
    ) -> None:
        from ..registry import game_entry

        if actions not in ACTIONS or observation not in OBSERVATIONS:
            raise ValueError(f"actions must be one of {ACTIONS}, observation one of {OBSERVATIONS}")
        self.entry = game_entry(name)
        self.scenario = scenario
        self.seed = int(seed)
        self.actions = actions
        self.observation = observation
        self.game = self.entry.new(scenario, seed=self.seed)
        self.codec = OrderCodec.for_game(self.game)
        self.heads: FactoredCodec | None = (
            FactoredCodec(self.codec) if actions == "factored" else None
        )
        self.sides = tuple(self.game.info.sides)
        self.pending: dict[str, tuple[int, ...]] = {}
        self.kinds = {s: frozenset(k) for s, k in (kinds or {}).items()}
        """Each side's repertoire, if limited: the order kinds its actions offer."""
        self.encoder: ViewEncoder | PlaneEncoding
        shapes: dict[str, tuple[int, ...]]
        if observation == "vector":
            vector = encoder_for(self.game)
            self.encoder = vector
            shapes = {"observation": (vector.size,)}
        else:
            self.encoder = planes_for(self.game)
            self.channels, self.globals = self.env_channels()
            h, w = self.planes().shape[1:]
            shapes = {"planes": (len(self.channels), h, w), "globals": (len(self.globals),)}
        n = self.heads.n if self.heads is not None else self.codec.n
        obs, act = _spaces(n, shapes)
        self.observation_spaces = {s: obs for s in self.sides}
        self.action_spaces = {s: act for s in self.sides}
        self._legal: dict[str, list] = {}
        self._choices: dict[str, Any] = {}

    def planes(self) -> PlaneEncoding:
        """The plane encoding (observation ``"planes"``; the vector form has none)."""
        if isinstance(self.encoder, ViewEncoder):
            raise ValueError("the vector observation has no plane encoding")
        return self.encoder

    def factored(self) -> FactoredCodec:
        """The three heads (actions ``"factored"``; the flat form has none)."""
        if self.heads is None:
            raise ValueError("the flat action form has no heads")
        return self.heads

    def env_channels(self) -> tuple[tuple[Channel, ...], tuple[Channel, ...]]:
        """The observation's channels and globals: the game's encoding's, then (factored
        actions) what the side has chosen so far for the order it is giving."""
        enc = self.planes()
        ch, gl = tuple(enc.channels), tuple(enc.globals)
        if self.heads is None:
            return ch, gl
        return (
            (*ch, Channel("selected_unit", "1 on the hex of the unit chosen by the unit head")),
            (
                *gl,
                *(Channel(f"head_{h}", f"1 if this step chooses the {h} head") for h in HEADS),
                *(
                    Channel(f"selected_kind_{k}", f"1 if the kind head chose {k}")
                    for k in self.codec.kinds
                ),
            ),
        )

    def reset(self, seed: int | None) -> None:
        """A new game; ``seed`` None continues with the next seed."""
        self.seed = self.seed + 1 if seed is None else int(seed)
        self.game = self.entry.new(self.scenario, seed=self.seed)
        if not self.codec.same_layout(self.game):
            raise ValueError(f"{self.entry.name}: a new game changed the action layout")
        self.pending.clear()
        self.settle()

    # --- driving the game -----------------------------------------------------------------
    def settle(self) -> None:
        """Advance while no side must act (turn resolution, start of play)."""
        self._legal.clear()
        self._choices.clear()
        g = self.game
        while not g.over and not g.to_act():
            g.advance()
        acting = () if g.over else g.to_act()
        for side in [s for s in self.pending if s not in acting]:
            del self.pending[side]

    def legal(self, side: str) -> list:
        if side not in self._legal:
            self._legal[side] = offered_orders(self.game, side, kinds=self.kinds.get(side))
        return self._legal[side]

    def apply(self, side: str, action: Any) -> bool:
        """Carry out ``side``'s action; False if it was refused (nothing changed). END for a
        side that need not act is a wait (accepted). Factored: one head's value; the order
        is given when its last head is chosen."""
        g = self.game
        if side not in g.to_act():
            return int(action) == END and not self.pending.get(side)
        if self.heads is not None:
            return self._apply_head(side, int(action))
        return self._give(side, int(action))

    def _apply_head(self, side: str, value: int) -> bool:
        heads = self.factored()
        c = self.choices(side)
        pending = self.pending.get(side, ())
        if not 0 <= value < heads.n or value not in heads.options(c, pending):
            return False
        if not pending and value == END:
            return self._give(side, END)
        pending = heads.advance(c, (*pending, value))
        if len(pending) < 3:
            self.pending[side] = pending
            return True
        self.pending.pop(side, None)
        return self._give(side, heads.flat_action(pending))

    def _give(self, side: str, action: int) -> bool:
        """Give the flat ``action`` (an order, or END: submit) to the game."""
        g = self.game
        try:
            order = self.codec.decode(action, side, self.legal(side))
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

    def choices(self, side: str):
        """The legal (slot, kind, target) triples of ``side`` now (factored actions)."""
        if side not in self._choices:
            g = self.game
            acting = not g.over and side in g.to_act()
            legal = self.legal(side) if acting else []
            self._choices[side] = self.factored().choices(legal, self.can_end(side))
        return self._choices[side]

    def _forget(self, side: str, plotted: bool) -> None:
        """Drop the legal orders an action may have changed: a plotted order under
        simultaneous plots changes only its own side's (the plot is secret, and a side's legal
        orders follow from its view: the fog-fairness test holds every game to that); anything
        else, every side's."""
        if plotted and self.game.info.simultaneous and self.game.phase != "setup":
            self._legal.pop(side, None)
            self._choices.pop(side, None)
        else:
            self._legal.clear()
            self._choices.clear()

    # --- what a side gets -----------------------------------------------------------------
    def can_end(self, side: str) -> bool:
        """:func:`can_end` of the game now."""
        return can_end(self.game, side)

    def mask(self, side: str) -> np.ndarray:
        """The mask of ``side``'s next decision: the flat codec's, or the next head's (a
        pending choice the game no longer allows is dropped: the unit head again)."""
        g = self.game
        if self.heads is not None:
            c = self.choices(side)
            m = self.heads.mask(c, self.pending.get(side, ()))
            if not m.any() and self.pending.pop(side, ()):
                m = self.heads.mask(c, ())
            return m
        legal = self.legal(side) if not g.over and side in g.to_act() else []
        return self.codec.mask(legal, self.can_end(side))

    def observe(self, side: str) -> dict[str, np.ndarray]:
        view = self.game.view(side)
        if isinstance(self.encoder, ViewEncoder):
            return {"observation": self.encoder.encode(view), "action_mask": self.mask(side)}
        mask = self.mask(side)
        obs = self.encoder.encode(view)
        if self.heads is None:
            return {**obs, "action_mask": mask}
        return {**self.selection(side, view, obs), "action_mask": mask}

    def selection(self, side: str, view: dict, obs: dict[str, np.ndarray]) -> dict:
        """``obs`` with the selection channels (:meth:`env_channels`) of ``side``'s pending
        choice appended."""
        enc = obs["planes"]
        c, h, w = enc.shape
        planes = np.zeros((c + 1, h, w), dtype=np.float32)
        planes[:c] = enc
        k = len(obs["globals"])
        glob = np.zeros(k + 3 + len(self.codec.kinds), dtype=np.float32)
        glob[:k] = obs["globals"]
        pending = self.pending.get(side, ())
        glob[k + len(pending)] = 1.0
        if pending and 2 <= pending[0] <= len(self.codec.units) + 1:
            uid = self.codec.units[pending[0] - 2]
            f = self.planes().flat((view.get("units") or {}).get(uid, {}).get("hex"))
            if f is not None:
                planes[c].reshape(-1)[f] = 1.0
        if len(pending) > 1:
            glob[k + 3 + pending[1]] = 1.0
        return {"planes": planes, "globals": glob}

    def rewards(self) -> dict[str, float]:
        if not self.game.over:
            return dict.fromkeys(self.sides, 0.0)
        w = self.game.outcome().get("winner")
        if w is None:
            return dict.fromkeys(self.sides, 0.0)
        return {s: 1.0 if s == w else -1.0 for s in self.sides}

    def info(self, side: str, refused: bool = False) -> dict[str, Any]:
        g = self.game
        return {
            "to_act": side in g.to_act(),
            "phase": g.phase,
            "turn": g.turn,
            "refused": refused,
            "head": HEADS[len(self.pending.get(side, ()))] if self.heads is not None else None,
        }


class DriverEnv:
    """What both PettingZoo environments share: the :class:`GameDriver`, the agents, the
    spaces, the game, rendering (mixed in before ``AECEnv`` / ``ParallelEnv``)."""

    metadata: dict[str, Any]

    def _start(
        self,
        game: str,
        scenario: Any,
        max_cycles: int,
        render_mode: str | None,
        kind: str,
        actions: str = "factored",
        observation: str = "planes",
    ) -> None:
        self.driver = GameDriver(game, scenario, actions=actions, observation=observation)
        self.possible_agents = list(self.driver.sides)
        self.agents: list[str] = []
        self.max_cycles = max_cycles
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"hexplay_{game}_{kind}_v1"}
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
