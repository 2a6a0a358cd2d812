"""What the analysis needs to know of a game, found by its registry name.

An :class:`AnalysisSpec` says, for one registered game: the parameter prefixes of a sweep
point (``scenario.`` and one per side for its player's knobs), the side whose P(win) is
reported, the outcome columns kept from ``game.outcome()`` and those averaged per point, the
computer player each side gets by default, and optionally a fast runner and a scenario maker
for sweep parameters. A game's registry entry names its spec (``analysis="module:attr"``);
a game without one gets :func:`default_spec` (first side's P(win), every outcome column, the
first named player of its entry).

:class:`GameRunner` plays one game of any registered game by name with the registry's players:
``GameRunner("toy-race")(scenario_params, knobs, seed)`` -> one outcome row. It is a plain
picklable object, so a Dask worker that can import the game runs it. A side's knobs may name
its player (``red.player=greedy``); the other knobs go to the player's factory.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..games.skirmish.game import OUTCOME_FIELDS as SKIRMISH_OUTCOME

SEED_STRIDE = 7919
"""Side ``i``'s player gets seed ``seed + i * SEED_STRIDE`` (independent streams per side)."""


@dataclass(frozen=True)
class AnalysisSpec:
    """The analysis description of one game (see the module docstring)."""

    game: str
    sides: tuple[str, ...]
    win_side: str
    outcome: tuple[str, ...] = ()
    """Outcome columns kept, in order (empty: every column of ``outcome()``)."""
    means: tuple[str, ...] = ()
    """Numeric outcome columns averaged per sweep point and by
    :func:`~hexplay.analysis.winprob.win_probability`."""
    players: Mapping[str, str] = field(default_factory=dict)
    """Side -> the registered player it gets unless its knobs say ``player=``."""
    runner: str | None = None
    """A fast ``"module:function"`` runner; None: :class:`GameRunner` of the game."""
    scenario: str | None = None
    """``"module:function"`` turning sweep scenario parameters into a scenario; None: the
    parameters are the scenario dict (empty: the default scenario)."""
    make_players: str | None = None
    """``"module:function"`` ``f(knobs_by_side, seed) -> players`` (the game's own seeding);
    None: each side's registered player (see :class:`GameRunner`)."""
    title: str = ""

    @property
    def prefixes(self) -> tuple[str, ...]:
        return ("scenario", *self.sides)

    @property
    def p_column(self) -> str:
        """The summary column of the reported probability, e.g. ``p_adversary_win``."""
        return f"p_{self.win_side}_win"

    def game_runner(self) -> Any:
        """The runner a batch or sweep of this game uses by default."""
        return self.runner if self.runner else GameRunner(self.game)


SKIRMISH = AnalysisSpec(
    game="skirmish",
    sides=("adversary", "defender"),
    win_side="adversary",
    outcome=SKIRMISH_OUTCOME,
    means=(
        "turns",
        "barrier_points",
        "adversary_killed",
        "adversary_wounded",
        "defender_killed",
        "defender_wounded",
    ),
    players={"adversary": "tactic", "defender": "tactic"},
    runner="hexplay.games.skirmish.analysis.runner:run_game",
    scenario="hexplay.games.skirmish.analysis.scenario_params:make_scenario",
    make_players="hexplay.games.skirmish.ai.tactics:make_players",
    title="P(adversary wins)",
)
"""SKIRMISH: the 1980 report's question is the adversary's chance; its tactic players and its
sweepable scenario knobs (:mod:`hexplay.games.skirmish.analysis.scenario_params`)."""

AMBUSH = AnalysisSpec(
    game="ambush",
    sides=("adversary", "defender"),
    win_side="adversary",
    outcome=(
        "winner",
        "reason",
        "turns",
        "barrier_points",
        "adversary_killed",
        "adversary_wounded",
        "defender_killed",
        "defender_wounded",
        "ambush",
        "cargo",
        "cargo_away",
        "radio_through",
        "response_arrival",
        "response_arrived",
    ),
    means=(
        "turns",
        "barrier_points",
        "adversary_killed",
        "defender_killed",
        "cargo_away",
        "response_arrived",
    ),
    players={"adversary": "scripted", "defender": "scripted"},
    scenario="hexplay.games.ambush.game:sweep_scenario",
    title="P(adversary gets the cargo away)",
)
"""AMBUSH: the adversary wins only by getting the cargo off the map (with ``cargo_removal``),
so P(adversary wins) is P(cargo away). Sweep parameters: ``base`` (a bundled scenario's name,
default "roadblock") or ``file`` (``--scenario FILE``) and any AMBUSH scenario field, e.g.
``response_density``, ``barrier``, ``radio`` (:func:`hexplay.games.ambush.game.sweep_scenario`)."""

AGGRESSOR = AnalysisSpec(
    game="aggressor",
    sides=("west", "east"),
    win_side="west",
    means=(
        "turns",
        "units_west",
        "units_east",
        "sectors_west",
        "sectors_east",
        "partisans_west",
        "partisans_east",
        "cbr_hexes",
    ),
    players={"west": "scripted", "east": "scripted"},
    scenario="hexplay.games.aggressor.scenario:batch_scenario",
    title="P(west wins)",
)
"""AGGRESSOR: every outcome column kept; its own figures (units left, sectors controlled,
partisans, CBR hexes) averaged per sweep point. The original has no turn limit, so its batches
and sweeps play the ``batch`` scenario (a draw after its turn limit: every game ends) with the
sweep parameters as scenario fields over it
(:func:`hexplay.games.aggressor.scenario.batch_scenario`; ``base`` names another scenario,
``turn_limit=None`` lifts the limit). A game in play has none."""

NAVAL = AnalysisSpec(
    game="naval",
    sides=("ijn", "usn"),
    win_side="ijn",
    means=("turns", "vp_ijn", "vp_usn", "sunk_ijn", "sunk_usn"),
    players={"ijn": "scripted", "usn": "scripted"},
    scenario="hexplay.games.naval.scenarios:sweep_scenario",
    title="P(ijn wins)",
)
"""The naval night action: every outcome column kept; victory points and ships sunk a side
averaged per sweep point (not ``ratio``: None while the USN has no point). Sweep parameters:
``base`` (a bundled scenario's name, default "kula_gulf") or ``file`` (``--scenario FILE``) and
any top-level scenario field (:func:`hexplay.games.naval.scenarios.sweep_scenario`)."""

BUILTIN = {"skirmish": SKIRMISH, "ambush": AMBUSH, "aggressor": AGGRESSOR, "naval": NAVAL}
"""Specs of the games hexplay ships, used when a registry entry names none."""


def default_spec(name: str) -> AnalysisSpec:
    """A spec for a game whose entry names none: its sides, the first side's P(win), every
    outcome column, the first named computer player of its entry (else ``random``)."""
    from ..registry import game_entry

    e = game_entry(name)
    named = [p for p in e.player_names() if p != "random"]
    player = named[0] if named else "random"
    sides = tuple(e.info.sides)
    return AnalysisSpec(
        game=name,
        sides=sides,
        win_side=sides[0],
        means=("turns",),
        players=dict.fromkeys(sides, player),
        title=f"P({sides[0]} wins)",
    )


def spec_of(name: str) -> AnalysisSpec:
    """The analysis description of the registered game ``name``."""
    from ..registry import game_entry

    try:
        e = game_entry(name)
    except KeyError:
        if name in BUILTIN:  # (a shipped game's spec does not need its entry loaded)
            return BUILTIN[name]
        raise
    if e.analysis is not None:
        return e.analysis_spec
    return BUILTIN.get(name) or default_spec(name)


def make_player(name: str, player: str, side: str, seed: int, knobs: Mapping[str, Any]) -> Any:
    """The registered player ``player`` of game ``name`` for ``side``, with ``knobs``."""
    from ..registry import game_entry

    return game_entry(name).player(player, side, seed=seed, **knobs)


@dataclass(frozen=True)
class GameRunner:
    """Play one game of the registered game ``game`` (a batch/sweep game runner)."""

    game: str

    @property
    def key(self) -> str:
        """What a sweep checkpoint records of this runner."""
        return f"{__name__}:GameRunner({self.game})"

    def new(self, scenario_params: Mapping[str, Any] | None, seed: int) -> Any:
        from ..registry import game_entry, resolve

        spec = spec_of(self.game)
        params = dict(scenario_params or {})
        scenario = resolve(spec.scenario)(params) if spec.scenario else params or None
        return game_entry(self.game).new(scenario, seed=int(seed))

    def players(self, knobs: Mapping[str, Mapping[str, Any]] | None, seed: int) -> list[Any]:
        spec = spec_of(self.game)
        knobs = dict(knobs or {})
        if spec.make_players:
            from ..registry import resolve

            return list(resolve(spec.make_players)(knobs, int(seed)))
        unknown = set(knobs) - set(spec.sides)
        if unknown:
            raise ValueError(f"{self.game} has no side {sorted(unknown)}; sides {spec.sides}")
        out = []
        for i, side in enumerate(spec.sides):
            k = dict(knobs.get(side) or {})
            player = k.pop("player", spec.players.get(side, "random"))
            out.append(make_player(self.game, player, side, int(seed) + i * SEED_STRIDE, k))
        return out

    def __call__(
        self,
        scenario_params: Mapping[str, Any] | None,
        knobs: Mapping[str, Mapping[str, Any]] | None,
        seed: int,
        record: bool = False,
    ) -> dict[str, Any]:
        from ..ai.player import play

        game = play(self.new(scenario_params, seed), self.players(knobs, seed))
        row = outcome_row(spec_of(self.game), game.outcome())
        if record:
            row["record"] = game.to_json()
        return row


def outcome_row(spec: AnalysisSpec, outcome: Mapping[str, Any]) -> dict[str, Any]:
    """The spec's outcome columns of one ``outcome()`` row (all of them if it lists none)."""
    if not spec.outcome:
        return dict(outcome)
    return {k: outcome.get(k) for k in spec.outcome}
