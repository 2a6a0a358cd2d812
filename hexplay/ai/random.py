"""A random player for every registered game: random complete orders from ``legal_orders``.

It reads nothing but ``game.legal_orders(side)`` (itself computed from what the side may know)
and its own seeded stream, so it is fog-fair by construction and works under both turn
structures and at set-up.
"""

from __future__ import annotations

from typing import Any

from ..engine import IllegalOrder, LegalOrder, Order
from .player import GamePlayer


def random_completion(choice: LegalOrder, rng: Any) -> Order | None:
    """``choice`` with a random legal value for each need it still has (None if a need has
    no option)."""
    values: dict[str, Any] = {}
    for n in choice.needs:
        if n.optional:
            continue
        if not n.options:
            return None
        v = n.options[int(rng.integers(len(n.options)))]
        values[n.name] = list(v) if isinstance(v, tuple) else v
    return choice.complete(**values)


STOP = object()
"""What :meth:`RandomPlayer._pick` returns to stop giving orders (then the submit)."""


class RandomPlayer(GamePlayer):
    """Gives up to ``max_orders`` random legal orders per set-up, plot or turn, then submits.

    Each step draws one of the side's legal orders (all kinds and units equally likely) and
    fills its needs at random; a refused order (possible when the listed options are only
    candidates) is skipped. With ``p_stop`` the player stops early at each step.
    """

    name = "random"

    def __init__(self, side: str, seed: int = 0, max_orders: int = 40, p_stop: float = 0.1):
        super().__init__(side, seed)
        self.max_orders = max_orders
        self.p_stop = p_stop

    #: Submits tried (each after one more order) before the player gives up.
    attempts = 200

    def act(self, game: Any) -> None:
        """Orders from :meth:`_pick` until it stops (or ``max_orders``), then the submit; after
        a refused submit, first the units the refusal names, one order, and submit again."""
        if self.side not in game.to_act():
            return
        setup = game.phase == "setup"
        refusal = ""  # the last refused submit's message
        for attempt in range(self.attempts):
            for _ in range(self.max_orders if not setup else 10_000):
                if self._stop_early(setup, attempt):
                    break
                choices = game.legal_orders(self.side)
                if not choices:
                    break
                if refusal:  # after a refused submit, first the units the refusal names
                    named = [c for c in choices if c.unit and c.unit in refusal]
                    choices = named or choices
                order = self._pick(game, choices, setup, refusal)
                if order is STOP:
                    break
                if order is None:
                    continue
                try:
                    game.order(order)
                except IllegalOrder:
                    continue
                if self.side not in game.to_act():  # the order ended the side's turn
                    return
                if attempt:  # a refused submit: one more order, then try again
                    break
            try:
                game.submit(self.side)
                return
            except IllegalOrder as e:
                if setup:
                    raise
                refusal = str(e)
        raise RuntimeError(f"{self.name} {self.side} player found no plot the rules accept")

    def _stop_early(self, setup: bool, attempt: int) -> bool:
        """Stop ordering now (before the next step's legal orders): with ``p_stop``."""
        return not setup and attempt == 0 and self.rng.random() < self.p_stop

    def _pick(self, game: Any, choices: list[Any], setup: bool, refusal: str) -> Any:
        """The next order among ``choices`` (None: skip this step; :data:`STOP`: stop
        ordering): one drawn at random, its needs filled at random."""
        choice = choices[int(self.rng.integers(len(choices)))]
        return random_completion(choice, self.rng)
