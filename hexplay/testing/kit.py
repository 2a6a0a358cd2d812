"""The kit's core, shared by the checks and the app check: the game under test and how the
checks play it (:class:`Kit`, the play loop, the positions a check visits)."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..engine.protocol import Game


class CheckSkipped(Exception):
    """A check that cannot apply to this game or this machine (the reason in its message)."""


PLAYER_KNOBS: dict[str, dict[str, Any]] = {
    "search": {"iterations": 1, "horizon": 1, "setup_iterations": 2},
}
"""Keyword arguments the kit gives players of these names (the smallest budgets that still run
a search player's search); override with ``check_game(..., player_knobs=...)``."""


@dataclass
class Kit:
    """What every check is given: the game's name and the kit's settings."""

    name: str
    seed: int = 0
    games: int = 2
    quick: bool = False
    player_knobs: Mapping[str, Mapping[str, Any]] = field(default_factory=lambda: PLAYER_KNOBS)

    @property
    def entry(self) -> Any:
        from ..registry import game_entry

        return game_entry(self.name)

    def new(self, seed: int | None = None) -> Game:
        return self.entry.new(seed=self.seed if seed is None else seed)

    def player(self, player: str, side: str, seed: int) -> Any:
        return self.entry.player(player, side, seed=seed, **self.player_knobs.get(player, {}))

    def randoms(self, game: Game, seed: int) -> dict[str, Any]:
        return {s: self.player("random", s, seed + i) for i, s in enumerate(game.sides)}

    def seeds(self) -> range:
        return range(self.seed, self.seed + max(1, self.games))

    def sampler(self, game: Game) -> Callable[..., Game] | None:
        """The game's hidden-state sampler ``f(game, side, rng)`` (the plugin's ``sampler``
        part), None if it declares none."""
        return self.entry.part("sampler")


# --- helpers ------------------------------------------------------------------------------------
def canon(game: Game) -> str:
    """The game's full state, dice and commands as one string (equal = the same game)."""
    return json.dumps(
        [game.snapshot(), game.dice.state(), game.commands.to_list()], sort_keys=True, default=str
    )


def _fail(kit: Kit, what: str) -> None:
    raise AssertionError(f"{kit.name}: {what}")


def _turns(game: Game, players: Mapping[str, Any], max_steps: int = 5000) -> Iterator[Game]:
    """Play ``game`` with ``players``, yielding it whenever a side is to act (a decision point)
    and once at the end."""
    steps = 0
    while not game.over:
        steps += 1
        if steps > max_steps:
            raise AssertionError(f"{game.info.name}: no end after {max_steps} steps of play")
        sides = game.to_act()
        if not sides:
            game.advance()
            continue
        yield game
        before = (len(game.commands.commands), sides)
        for side in sides:
            if side in game.to_act():
                players[side].act(game)
        if (len(game.commands.commands), game.to_act()) == before:
            raise AssertionError(f"{game.info.name}: players for {list(sides)} did not act")
    yield game


def _play(game: Game, players: Mapping[str, Any], turns: int | None = None) -> Game:
    """Play until the end, or until ``turns`` turns of play are done."""
    from ..ai.player import play

    play(game, players, max_turns=turns)
    return game


def _positions(kit: Kit, seed: int, every: int = 1) -> Iterator[Game]:
    """Decision points of a random game (``every`` n-th), the finished game last."""
    g = kit.new(seed)
    for i, pos in enumerate(_turns(g, kit.randoms(g, seed))):
        if pos.over or i % every == 0:
            yield pos


def _check_end(kit: Kit, g: Game, where: str) -> None:
    """A finished game: over, nobody to act, no legal order, a flat outcome row naming the
    winner."""
    if not g.over or g.to_act():
        _fail(kit, f"{where}: the game did not end")
    if any(g.legal_orders(s) for s in g.sides):
        _fail(kit, f"{where}: legal orders after the end")
    row = g.outcome()
    if not {"winner", "reason", "turns"} <= set(row):
        _fail(kit, f"{where}: outcome() lacks {sorted({'winner', 'reason', 'turns'} - set(row))}")
    if row["winner"] not in (None, *g.sides) or row["winner"] != g.winner:
        _fail(kit, f"{where}: outcome winner {row['winner']!r}")
    bad = {k: v for k, v in row.items() if not isinstance(v, (int, float, str, bool, type(None)))}
    if bad:
        _fail(kit, f"{where}: outcome() is not a flat row: {bad}")
