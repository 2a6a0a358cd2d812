"""The computer-player interface for every game, and the loop that plays a game to the end.

A player acts for one side and gives orders with ``game.order`` and ``game.submit`` (or a
game's own intents, e.g. a plot of a unit's tasks), so the rules check every order exactly as for a
human. What it may read, and nothing else of the game's state:

* ``game.view(side)`` and ``game.legal_orders(side)``;
* the public game: its map and per-map tables, scenario, rules tables, and what every view
  shows alike (a convoy's route, say);
* the side's own queries, the answers a human at the side's seat gets: its own plot and AP
  left, the line-of-sight blockers it knows of, the odds of its own units' shots at enemies
  in its view (an odds panel);
* fast paths that read the game's state directly, each behind a named function whose
  docstring says which of the above it equals, with a test against the plain version (a
  table of shot odds equal to the odds query, say);
* the search player's worlds: the game's hidden-state sampler (:mod:`hexplay.ai.samplers`,
  the referee's tool) reads the true state to draw them, so that player is only as fog-fair
  as its sampler (each sampler's docstring says what it draws anew and what it keeps).

``tests/test_fog_fair.py`` holds every registered player to this: two states that give the
side the same view and legal orders (the samplers' twins, and a game's own twins where its
tests add them) must give the same orders for the same seed.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Any

import numpy as np

from ..engine import IllegalOrder, Order


class GamePlayer:
    """A computer player for one side of any game: :meth:`act` does the side's part now."""

    name = "player"

    def __init__(self, side: str, seed: int = 0) -> None:
        self.side = side
        self._seed = seed
        self._rng: np.random.Generator | None = None

    @property
    def rng(self) -> np.random.Generator:
        """The player's own random stream (``default_rng(seed)``, made when first used)."""
        if self._rng is None:
            self._rng = np.random.default_rng(self._seed)
        return self._rng

    def act(self, game: Any) -> None:  # pragma: no cover - abstract
        """Give this side's orders for the current set-up, plot or turn, then submit."""
        raise NotImplementedError

    def shared(self) -> tuple[Any, ...]:
        """Objects a copy of the player shares instead of copying (per-map tables it holds);
        none by default."""
        return ()

    def try_order(self, game: Any, order: Order) -> bool:
        """Give ``order`` if legal; False (and nothing changed) if the rules refuse it."""
        try:
            game.order(order)
        except IllegalOrder:
            return False
        return True


def _by_side(players: Mapping[str, Any] | Sequence[Any]) -> dict[str, Any]:
    if isinstance(players, Mapping):
        return dict(players)
    return {p.side: p for p in players}


def run_turns(
    game: Any,
    act: Callable[[tuple[str, ...]], None],
    advance: Callable[[], object],
    progress: Callable[[], Hashable],
    max_turns: int | None = None,
) -> None:
    """The loop :func:`play` and :func:`hexplay.ai.teams.play_commanded` share: until the game
    is over (or ``max_turns`` turns of play are done; set-up is not counted), ``act(sides)``
    when ``game.to_act()`` names sides, else ``advance()``. An ``act`` after which neither
    ``progress()`` (e.g. the number of orders given) nor the sides to act changed is an error:
    a player that does nothing would loop for ever."""
    start = None  # the first turn of play seen (set-up is not a turn)
    while not game.over:
        if game.phase != "setup":
            start = game.turn if start is None else start
            if max_turns is not None and game.turn - start >= max_turns:
                break
        sides = tuple(game.to_act())
        if not sides:
            advance()
            continue
        before = progress()
        act(sides)
        if (progress(), tuple(game.to_act())) == (before, sides):
            raise RuntimeError(f"players for {list(sides)} did not act")


def play(game: Any, players: Mapping[str, Any] | Sequence[Any], max_turns: int | None = None):
    """Let the players act until the game is over (or ``max_turns`` turns of play are done:
    set-up is not counted; it stops when the turn after them begins).

    ``players``: one per side (a list of players, or side -> player). Works for both turn
    structures: the sides in ``game.to_act()`` act in that order; when no side must act the
    game advances. A player that leaves its side still to act without any effect is an error.
    """
    by_side = _by_side(players)

    def act(sides: tuple[str, ...]) -> None:
        for side in sides:
            if side not in by_side:
                raise KeyError(f"no player for side {side!r}")
            by_side[side].act(game)

    run_turns(game, act, game.advance, lambda: len(game.commands.commands), max_turns)
    return game
