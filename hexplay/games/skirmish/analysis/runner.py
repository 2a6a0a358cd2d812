"""The default game runner: one full SKIRMISH game between the tactic players.

``run_game(scenario_params, tactics, seed)`` builds the scenario with
:func:`~hexplay.games.skirmish.analysis.scenario_params.make_scenario`, the players with
:func:`hexplay.games.skirmish.ai.matchup.make_players` (the tactic players; a side's
search player seeded with tactic knobs when its knobs say ``player="search"``), plays to the
end with :func:`hexplay.games.skirmish.ai.base.play` and
returns one row of outcome fields (:data:`OUTCOME_FIELDS`). Maps are loaded once per process and
shared by every game (their sight and movement tables are precomputed once).

It is SKIRMISH's fast runner: it gives the same row as the generic
``GameRunner("skirmish")`` (:mod:`hexplay.analysis.games`: the registry's game, the same
players, the game API's play loop), with the map shared and SKIRMISH's own play loop (a test
compares the two).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .scenario_params import make_scenario
from .spec import SPEC

__all__ = [
    "OUTCOME_FIELDS",
    "make_scenario",
    "new_game",
    "outcome",
    "play_game",
    "play_out",
    "run_game",
]

OUTCOME_FIELDS = SPEC.outcome
"""The outcome columns of a SKIRMISH row (its analysis description's)."""

_MAPS: dict[str, Any] = {}


def shared_map(name: str):
    """The bundled map ``name``, loaded once per process."""
    m = _MAPS.get(name)
    if m is None:
        from hexplay.maps import load_map

        m = _MAPS[name] = load_map(name)
    return m


def new_game(scenario_params: Mapping[str, Any] | None = None, seed: int = 0):
    """A new SKIRMISH game in set-up for the given sweep parameters (shared map)."""
    from ..game import SkirmishGame

    scenario = make_scenario(scenario_params)
    return SkirmishGame.new(scenario, seed=int(seed), map=shared_map(scenario.map))


def outcome(game) -> dict[str, Any]:
    """The outcome row of a finished (or stopped) game: ``game.outcome()``, the fields of
    :data:`OUTCOME_FIELDS`."""
    row = game.outcome()
    return {k: row[k] for k in OUTCOME_FIELDS}


def play_game(game, players) -> Any:
    """Let ``players`` finish ``game`` from whatever phase it is in; returns it."""
    from hexplay.games.skirmish.ai.base import play

    return play(game, list(players))


def play_out(game, tactics: Mapping[str, Mapping[str, Any]] | None = None, seed: int = 0):
    """Let the tactic players finish ``game`` (from whatever phase it is in); returns it."""
    from ..ai.matchup import make_players

    return play_game(game, make_players(tactics, seed))


def run_game(
    scenario_params: Mapping[str, Any] | None,
    tactics: Mapping[str, Mapping[str, Any]] | None,
    seed: int,
    record: bool = False,
) -> dict[str, Any]:
    """Play one full game; the outcome row (plus ``record``: the game's JSON save)."""
    game = play_out(new_game(scenario_params, seed), tactics, seed)
    row = outcome(game)
    if record:
        row["record"] = game.to_json()
    return row
