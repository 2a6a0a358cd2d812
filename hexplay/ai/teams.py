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

from ..engine.commanders import LEADER, CommandedGame, CommandSeat, seat


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


def play_commanded(
    cg: CommandedGame, players: Mapping[str, Any], max_turns: int | None = None
) -> CommandedGame:
    """Let the players (commander id -> player) act until the game is over or ``max_turns``
    turns of play are done (as :func:`hexplay.ai.play`). A side in set-up is its leader's; in
    play each command's player acts through its own seat, then the leader submits for the
    commands that have no player or left their part undone."""
    g = cg.game
    start = None
    while not g.over:
        if g.phase != "setup":
            start = g.turn if start is None else start
            if max_turns is not None and g.turn - start >= max_turns:
                break
        sides = g.to_act()
        if not sides:
            cg.advance()
            continue
        before = (len(g.commands.commands), sides, len(cg.log))
        for side in sides:
            if side not in g.to_act():
                continue
            leader = seat(side, LEADER)
            if g.phase == "setup" or not cg.commands_of(side):
                stage = (g.turn, g.phase)
                players[leader].act(CommandSeat(cg, leader))
                if side in g.to_act() and (g.turn, g.phase) == stage:
                    cg.submit(leader)
                continue
            stage = (g.turn, g.phase)
            for name in cg.commands_of(side):
                who = seat(side, name)
                try:
                    p = players[who]
                except KeyError:
                    p = None
                if p is None or (g.turn, g.phase) != stage or name in cg._done(side):
                    continue
                p.act(CommandSeat(cg, who))
            if side in g.to_act() and (g.turn, g.phase) == stage:
                cg.submit(leader)  # the leader submits for the silent commands
        if (len(g.commands.commands), g.to_act(), len(cg.log)) == before:
            raise RuntimeError(f"players for {list(sides)} did not act")
    return cg
