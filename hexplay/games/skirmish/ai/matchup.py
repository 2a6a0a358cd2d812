"""The players of a SKIRMISH batch game: the tactic players, or a side's search player seeded
with tactic knobs (the "search adversary seeded with the worst attack" of
:func:`hexplay.analysis.protection.enough_protection`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .search import seeded
from .tactics import TacticalAdversary, TacticalDefender, _player_seed


def make_players(
    tactics: Mapping[str, Mapping[str, Any]] | None = None, seed: int = 0
) -> tuple[Any, Any]:
    """The two players of a batch game, their random streams from ``seed``: each side's tactic
    player with its knobs (:func:`hexplay.games.skirmish.ai.tactics.make_players`, the same
    players), or, with ``player="search"``, its search player seeded with the tactic knobs
    ``base`` (a knob set or ``"found:<file>[#k=v,...]"``; the side's other knobs: the search budget;
    :func:`hexplay.games.skirmish.ai.search.seeded_knobs`)."""
    tactics = dict(tactics or {})
    bad = [s for s in tactics if s not in ("adversary", "defender")]
    if bad:
        raise ValueError(f"tactics are keyed by side ('adversary', 'defender'), not {bad}")
    return tuple(
        _side_player(s, seed, dict(tactics.get(s) or {})) for s in ("adversary", "defender")
    )


def _side_player(side: str, seed: int, knobs: dict[str, Any]) -> Any:
    i = 0 if side == "adversary" else 1
    player = knobs.pop("player", "tactic")
    if player == "search":
        return seeded(side, _player_seed(seed, i), knobs.pop("base", None), **knobs)
    if player != "tactic":
        raise ValueError(
            f"{side}.player: SKIRMISH batches play 'tactic' or 'search', not {player!r}"
        )
    cls = TacticalAdversary if side == "adversary" else TacticalDefender
    return cls(seed=_player_seed(seed, i), **knobs)
