"""What the analysis needs to know of a game, found by its registry name.

An :class:`AnalysisSpec` says, for one registered game: the parameter prefixes of a sweep
point (``scenario.`` and one per side for its player's knobs), the side whose P(win) is
reported, the outcome columns kept from ``game.outcome()`` and those averaged per point, the
computer player each side gets by default, and optionally a fast runner and a scenario maker
for sweep parameters. A game's plugin record names its spec (``analysis="module:attr"``, kept
in the game's own package); a game without one gets :func:`default_spec` (first side's P(win),
every outcome column, the first named player of its entry).

A batch's or sweep's ``scenario.name`` names one of the game's registered scenarios (its
plugin record's ``scenarios``), for every game and every runner: the other ``scenario.*``
parameters apply over it (:func:`resolve_scenario_name`, applied by
:func:`~hexplay.analysis.batch.run_games` before the runner is called).

:class:`GameRunner` plays one game of any registered game by name with the registry's players:
``GameRunner("toy-race")(scenario_params, knobs, seed)`` -> one outcome row. It is a plain
picklable object, so a Dask worker that can import the game runs it. A side's knobs may name
its player (``red.player=greedy``); the other knobs go to the player's factory.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

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
    notes: str = ""
    """How the game's batches are played, where it matters (``hexplay games`` shows it)."""
    searches: Mapping[str, str] = field(default_factory=dict)
    """Side -> ``"module:function"``: the search of that side's best knobs against the other
    side's (``hexplay worst-case --side``; the first is the default) called as
    ``f(scenario_params, other_side_knobs, candidates=, games=, budget=, final_games=, seed=,
    scheduler=, n_workers=)`` and returning a result with ``table()``, ``label`` and
    ``best.knobs``. Empty: the game has none."""
    spaces: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    """Side -> its search space: knob name -> values (a list, or an
    :class:`~hexplay.analysis.grid.IntRange`), the knobs of that side's default player (a
    ``player`` knob may name another registered player). What
    :func:`hexplay.analysis.worstcase.best_response` searches; declared in the game's package."""
    protection: Mapping[str, Any] = field(default_factory=dict)
    """Scenario parameter -> its :class:`~hexplay.analysis.protection.Protection` (levels in
    order of more protection, which side it protects against): what "how much protection is
    enough" (:func:`hexplay.analysis.protection.enough_protection`) can ask of the game."""
    seeded_search: str | None = None
    """``"module:function"`` ``f(side, knobs, budget) -> knobs of a sweep point``: the knobs of
    ``side``'s search player seeded with a found knob set (its base policy); None: the game's
    search player cannot be seeded."""

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
    """The analysis description of the registered game ``name``: the one its plugin record
    names (``analysis=``), else :func:`default_spec`. An unknown name is a ``KeyError`` naming
    the registered games."""
    from ..registry import game_entry

    e = game_entry(name)
    if e.analysis is not None:
        return e.analysis_spec
    return default_spec(name)


def resolve_scenario_name(game: str, params: Mapping[str, Any] | None) -> dict[str, Any]:
    """Scenario parameters with ``params["name"]``, one of the registered game ``game``'s
    scenarios, replaced by that scenario's fields (the other parameters over them); the game's
    runner and scenario maker then take them as any parameters. Without ``name``, ``params``
    as they are. A name the game does not register is a ``ValueError`` listing those it does."""
    params = dict(params or {})
    if "name" not in params:
        return params
    return {**_named_scenario(game, params.pop("name")), **params}


def _named_scenario(game: str, scenario: Any) -> dict[str, Any]:
    from ..registry import game_entry

    entry = game_entry(game)
    names = entry.scenario_names()
    if scenario not in names:
        raise ValueError(f"scenario.name: {game} has no scenario {scenario!r}; it has {names}")
    base = entry.scenario(scenario)
    if not isinstance(base, Mapping):
        raise ValueError(f"scenario.name: {game}'s scenario {scenario!r} is not a scenario dict")
    return dict(base)


def make_player(name: str, player: str, side: str, seed: int, knobs: Mapping[str, Any]) -> Any:
    """The registered player ``player`` of game ``name`` for ``side``, with ``knobs``."""
    from ..registry import game_entry

    try:
        return game_entry(name).player(player, side, seed=seed, **knobs)
    except KeyError as e:  # no such player: said as the parameter that named it
        raise ValueError(f"{side}.player: {e.args[0]}") from None
    except TypeError as e:  # a knob the player's factory does not take
        if not knobs or "keyword argument" not in str(e):
            raise
        given = ", ".join(f"{side}.{k}" for k in knobs)
        raise ValueError(f"{given}: the {player} player of {name} takes no such knob") from None
    except ValueError as e:  # a knob's value: said with the side's prefix, as it was given
        msg = str(e)
        if any(msg.startswith(f"{side}.{k}") for k in knobs):
            raise
        named = next((k for k in knobs if msg.startswith(k)), None)
        raise ValueError(f"{side}.{msg}" if named else f"{side}.player={player}: {msg}") from None


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
