"""AGGRESSOR scenarios: the options of the original plus the project's, as one validated model.

A scenario is plain JSON; :func:`parse_scenario` accepts a dict, a :class:`Scenario` or None
(the standard game) and raises :class:`~hexplay.engine.ScenarioError` naming the field.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from ...engine import ScenarioError
from ...engine.jsonio import JSONInputError
from ...engine.jsonio import read as read_json

ARMY_SIZE = 18
"""Units per side (the original's 18)."""


class PlacedUnit(BaseModel):
    """A unit of a fixed position (``Scenario.position``): anywhere on the map, with its
    current range and strength (default: the type's maxima) and status."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    side: Literal["west", "east"]
    type: Literal["Airbase", "Missile", "Artillery", "Armor", "Infantry", "Support"]
    hex: str = Field(max_length=8)
    range: int | None = Field(default=None, ge=0, le=3)
    strength: int | None = Field(default=None, ge=1, le=3)
    emplaced: bool = False
    launched: bool = False


class Scenario(BaseModel):
    """Everything that varies between AGGRESSOR games.

    * ``obs``: the original's Observation option (off: every unit is visible to both sides).
    * ``partisans``: partisan contact and the partisans' freezing effect on/off.
    * ``partisans_spent``: [project option] a partisan group is used up when it acts (default:
      groups keep acting in every victim turn).
    * ``turn_limit``: [project option] rounds (both sides' turns) after which the game is a
      draw; None (the original: no limit) by default, in play and in the app; batches and
      sweeps of the game by name play :func:`batch_scenario` (the ``batch`` scenario's limit).
    * ``die_factor``: [project definition of the original's unexplained "dieFac"] the weight of
      the strength difference in the hit value (1 = the original's one per point; 0 = strength
      does not matter; 2 = it counts double).
    * ``first``: which side moves first ("random": rolled on the game's dice, the original).
    * ``computer``: which side the computer opponent plays (None = two players); the engine
      does not read it, an app does.
    * ``army_size``: units per side (18 in the original; smaller for tests and drills).
    * ``position``: [project option] a fixed position instead of the set-up (drills, worked
      examples, tests): the units (ids W01.. / E01.. in list order), with ``aggressor`` and
      ``cbr`` (hex labels) as the position's state; play starts at once.

    Strict, as every game's scenario: ``"no"`` is not a boolean, ``"18"`` not a number.
    """

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    name: str = Field(default="standard", min_length=1, max_length=40)
    map: str = Field(default="aggressor", min_length=1, max_length=200)
    obs: bool = True
    partisans: bool = True
    partisans_spent: bool = False
    turn_limit: int | None = Field(default=None, ge=1, le=10_000)
    die_factor: int = Field(default=1, ge=0, le=3)
    first: Literal["random", "west", "east"] = "random"
    computer: Literal["west", "east"] | None = "east"
    army_size: int = Field(default=ARMY_SIZE, ge=1, le=60)
    position: tuple[PlacedUnit, ...] | None = Field(default=None, max_length=120)
    aggressor: Literal["west", "east"] | None = None
    cbr: tuple[str, ...] = Field(default=(), max_length=120)

    @field_validator("position", "cbr", mode="before")
    @classmethod
    def _lists(cls, v: Any) -> Any:
        """A JSON list is the tuple these fields hold."""
        return tuple(v) if isinstance(v, list) else v


def parse_scenario(s: Any = None, **overrides: Any) -> Scenario:
    """A validated Scenario from None, a dict or a Scenario (plus field overrides)."""
    if s is None:
        d: dict[str, Any] = {}
    elif isinstance(s, Scenario):
        d = s.model_dump()
    elif isinstance(s, Mapping):
        d = dict(s)
    else:
        raise ScenarioError("scenario", f"must be a dict or None, not {type(s).__name__}")
    d.update(overrides)
    try:
        return Scenario.model_validate(d)
    except ValidationError as e:
        err = e.errors()[0]
        field = ".".join(str(p) for p in err.get("loc", ())) or "scenario"
        raise ScenarioError(field, err.get("msg", str(e))) from None


SCENARIOS: dict[str, dict[str, Any]] = {
    "standard": {},
    "no observation": {"name": "no observation", "obs": False},
    "batch": {"name": "batch", "turn_limit": 40},
    "hot seat": {"name": "hot seat", "computer": None},
}
"""Named scenarios (the registry lists them)."""


BATCH = "batch"
"""The named scenario batches and sweeps start from (:func:`batch_scenario`)."""


def scenarios() -> dict[str, dict[str, Any]]:
    return {k: dict(v) for k, v in SCENARIOS.items()}


def batch_scenario(params: Mapping[str, Any] | None = None) -> Scenario:
    """The scenario of a batch or sweep game (``hexplay simulate/sweep --game aggressor``,
    :func:`hexplay.analysis.run_batch`): ``base`` (a named scenario, default ``"batch"``: the
    standard game with a turn limit of ``SCENARIOS["batch"]["turn_limit"]`` rounds, so every
    game ends), then ``file`` (a scenario JSON file's fields), then the other parameters as
    scenario fields (``turn_limit=None``: the original's no limit)."""
    p = dict(params or {})
    base = str(p.pop("base", BATCH))
    if base not in SCENARIOS:
        raise ScenarioError("base", f"no scenario {base!r}; there are {sorted(SCENARIOS)}")
    d: dict[str, Any] = dict(SCENARIOS[base])
    path = p.pop("file", None)
    if path:
        try:
            loaded = read_json(Path(path))
        except JSONInputError as e:
            raise ScenarioError("file", str(e)) from None
        if not isinstance(loaded, Mapping):
            raise ScenarioError("file", f"{path} does not hold a scenario object")
        d.update(loaded)
    d.update(p)
    return parse_scenario(d)
