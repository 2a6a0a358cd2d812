"""Team-play studies: what a side's division into commands, per-commander pictures and its
reports cost it.

Each game of a study is a :class:`~hexplay.engine.commanders.CommandedGame` played by one
computer player per command (:func:`hexplay.ai.teams.play_commanded`; the side's set-up by a
player for its leader), under one *condition*: the information mode per side and the game's
team-play options (e.g. whether a side's radios work). :func:`team_batch` plays ``n`` games
per condition, game ``i`` with seed ``seed + i`` under every condition (common random
numbers: the conditions differ by the information, not the seeds); :func:`team_summary` gives
P(side wins) per condition with its Wilson interval.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from typing import Any

from .stats import wilson_interval


def condition_label(cond: Mapping[str, Any]) -> str:
    """A short label of a condition: ``information`` (one mode, or ``side=mode`` pairs) and
    its options as ``name=value``."""
    info = cond.get("information", "shared")
    bits = [f"{s}={m}" for s, m in sorted(info.items())] if isinstance(info, Mapping) else [info]
    bits += [f"{k}={v}" for k, v in sorted((cond.get("options") or {}).items())]
    return ", ".join(bits)


def play_team_game(
    game: str,
    scenario: Any = None,
    seed: int = 0,
    information: str | Mapping[str, str] = "shared",
    options: Mapping[str, Any] | None = None,
    player: str = "eager",
    leader: str = "random",
    division: str | None = None,
    max_turns: int | None = None,
) -> dict[str, Any]:
    """One commanded game of the registered ``game``: the outcome row plus ``seed``,
    ``orders`` (orders given by commanders) and ``seconds``. ``player``: each command's
    player (``"eager"``: :class:`~hexplay.ai.teams.EagerPlayer`, or a player of the game by
    name); ``leader``: the leaders' (who set the sides up)."""
    from ..ai.teams import EagerPlayer, SeatPlayers, play_commanded
    from ..engine.commanders import LEADER, CommandedGame
    from ..registry import game_entry

    entry = game_entry(game)
    t0 = time.perf_counter()
    g = entry.new(scenario, seed=seed)
    cg = CommandedGame(g, entry.part("commands"), division, information, options)

    def make(side: str, k: int) -> Any:
        return EagerPlayer(side, seed=k) if player == "eager" else entry.player(player, side, k)

    players = SeatPlayers(make, seed)
    for side in g.sides:
        players[f"{side}/{LEADER}"] = entry.player(leader, side, seed=seed + len(side))
    play_commanded(cg, players, max_turns=max_turns)
    out = dict(g.outcome())
    out["seed"] = seed
    out["orders"] = sum(1 for e in cg.log if e["op"] == "order" and not e["by"].endswith(LEADER))
    out["seconds"] = time.perf_counter() - t0
    return out


def team_batch(
    game: str,
    conditions: Sequence[Mapping[str, Any]],
    n: int,
    seed: int = 0,
    **kw: Any,
) -> Any:
    """A table (pandas) of ``n`` games per condition: one row per game with its condition's
    ``label``, ``information`` (as its label part) and options as columns; ``kw`` go to
    :func:`play_team_game` (``scenario``, ``player``, ``max_turns``...)."""
    import pandas as pd

    rows = []
    for cond in conditions:
        for i in range(n):
            r = play_team_game(
                game,
                seed=seed + i,
                information=cond.get("information", "shared"),
                options=cond.get("options"),
                **kw,
            )
            r["label"] = condition_label(cond)
            for k, v in (cond.get("options") or {}).items():
                r[k] = v
            info = cond.get("information", "shared")
            r["information"] = condition_label({"information": info})
            rows.append(r)
    return pd.DataFrame(rows)


def team_summary(games: Any, side: str) -> Any:
    """P(``side`` wins) per condition (``label``) with its 95% Wilson interval: columns
    ``label``, ``n``, ``wins``, ``p``, ``lo``, ``hi``, ``turns`` (mean)."""
    import pandas as pd

    out = []
    for label, grp in games.groupby("label", sort=False):
        k, n = int((grp["winner"] == side).sum()), len(grp)
        lo, hi = wilson_interval(k, n)
        out.append(
            {
                "label": label,
                "n": n,
                "wins": k,
                "p": k / n if n else float("nan"),
                "lo": lo,
                "hi": hi,
                "turns": float(grp["turns"].mean()),
            }
        )
    return pd.DataFrame(out)
