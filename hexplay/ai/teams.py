"""Computer players for team play: one player per command, each deciding from its commander's
picture (:class:`~hexplay.engine.commanders.CommandSeat`), and the loop that plays a
commanded game to the end.

The side's set-up is its leader's (the leader's player places the whole side, then submits for
every command); in play each command's player gives its own units' orders and submits, and the
side's plot goes to the rules when every command has submitted. A command without a player is
left to the leader, who submits for it (the table's "silent command").
"""

from __future__ import annotations

import zlib
from collections.abc import Callable, Mapping
from typing import Any

from ..engine import Order
from ..engine.commanders import LEADER, CommandedGame, CommandSeat, seat
from .player import run_turns
from .random import STOP, RandomPlayer, random_completion


class SeatPlayers(dict):
    """Commander id -> player, made on first use by ``make(side, seed)`` with the seed
    ``seed + crc32(commander id)`` (so a command that appears only when the set-up ends
    gets its player then, the same in every run)."""

    def __init__(self, make: Callable[[str, int], Any], seed: int = 0) -> None:
        super().__init__()
        self.make, self.seed = make, seed

    def __missing__(self, who: str) -> Any:
        p = self[who] = self.make(who.partition("/")[0], self.seed + zlib.crc32(who.encode()))
        return p


def command_players(
    cg: CommandedGame, make: Callable[[str, int], Any], seed: int = 0
) -> SeatPlayers:
    """A player for every commander seat of ``cg`` (commands and leaders), made on first use:
    ``make(side, seed)`` -> a player (e.g. ``lambda s, k: entry.player("random", s,
    seed=k)``)."""
    out = SeatPlayers(make, seed)
    for who in cg.seats():
        out[who]  # noqa: B018 - made now, in seat order
    return out


def _player(players: Mapping[str, Any], who: str) -> Any:
    """``players[who]`` (made on first use by :class:`SeatPlayers`), or None: a silent seat."""
    try:
        return players[who]
    except KeyError:
        return None


def play_commanded(
    cg: CommandedGame, players: Mapping[str, Any], max_turns: int | None = None
) -> CommandedGame:
    """Let the players (commander id -> player) act until the game is over or ``max_turns``
    turns of play are done (as :func:`hexplay.ai.play`). A side in set-up is its leader's; in
    play each command's player acts through its own seat, then the leader submits for the
    commands that have no player or left their part undone."""
    g = cg.game

    def act(sides: tuple[str, ...]) -> None:
        for side in sides:
            if side not in g.to_act():
                continue
            leader = seat(side, LEADER)
            stage = (g.turn, g.phase)
            if g.phase == "setup" or not cg.commands_of(side):
                players[leader].act(CommandSeat(cg, leader))
            else:
                for name in cg.commands_of(side):
                    p = _player(players, seat(side, name))
                    if p is None or (g.turn, g.phase) != stage or name in cg.submitted(side):
                        continue
                    p.act(CommandSeat(cg, seat(side, name)))
            if side in g.to_act() and (g.turn, g.phase) == stage:
                cg.submit(leader)  # the leader submits for the silent commands

    run_turns(g, act, cg.advance, lambda: (len(g.commands.commands), len(cg.log)), max_turns)
    return cg


class EagerPlayer(RandomPlayer):
    """A player for one command (or any side) that decides from its view and legal orders
    only: each step it gives an attack order when one is legal (a kind of
    ``info.attack_kinds``, its target at random among the options); else, with probability
    ``p_close``, the move (``info.move_kinds``) that ends nearest an enemy its view shows (now
    or last known); else a random order with probability ``p_order``. Then it submits, and
    after a refused submit it orders first the units the refusal names.

    A commander's legal orders and view hold only the enemies in its picture: what it knows
    decides what it shoots at and where it goes (the team-play study's player)."""

    name = "eager"
    attempts = 100

    def __init__(
        self,
        side: str,
        seed: int = 0,
        max_orders: int = 30,
        p_order: float = 0.5,
        p_close: float = 0.7,
    ) -> None:
        super().__init__(side, seed)
        self.max_orders, self.p_order, self.p_close = max_orders, p_order, p_close

    def _targets(self, game: Any) -> list[str]:
        view = game.view(self.side)
        out = [u.get("hex") for u in view.get("units", {}).values() if u.get("side") != self.side]
        last = view.get("last_known") or {}
        out += [u.get("hex") for u in last.values() if isinstance(u, dict)]
        return [h for h in out if isinstance(h, str)]

    def _closing(self, game: Any, choices: list, targets: list[str]) -> Order | None:
        """The move order among ``choices`` that ends nearest one of ``targets``."""
        kinds = set(getattr(game.info, "move_kinds", ()) or ())
        best, best_d = None, None
        for c in choices:
            if c.kind not in kinds:
                continue
            req = [n for n in c.needs if not n.optional]
            if len(req) != 1 or req[0].kind not in ("path", "hex"):
                continue
            for opt in req[0].options:
                end = opt[-1] if req[0].kind == "path" and opt else opt
                try:
                    d = min(game.map.distance(end, t) for t in targets)
                except (ValueError, KeyError, TypeError):
                    continue
                if best_d is None or d < best_d:
                    best, best_d = (c, req[0].name, opt), d
        if best is None:
            return None
        c, name, opt = best
        return c.complete(**{name: list(opt) if isinstance(opt, tuple) else opt})

    def _stop_early(self, setup: bool, attempt: int) -> bool:
        return False

    def _pick(self, game: Any, choices: list[Any], setup: bool, refusal: str) -> Any:
        """An attack if one is legal; else (with ``p_close``) the move nearest a known enemy;
        else (with ``p_order``) a random order, or :data:`STOP`."""
        attack = set(getattr(game.info, "attack_kinds", ()) or ())
        fire = [c for c in choices if c.kind in attack]
        order = None
        if fire and not refusal:
            choices = fire
        elif not setup and not refusal and self.rng.random() < self.p_close:
            targets = self._targets(game)
            order = self._closing(game, choices, targets) if targets else None
        if order is None:
            if not setup and not refusal and not fire and self.rng.random() > self.p_order:
                return STOP
            c = choices[int(self.rng.integers(len(choices)))]
            order = random_completion(c, self.rng)
        return order
