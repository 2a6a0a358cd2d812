"""SKIRMISH scenarios: the basic scenario (digest §2) and every variation as a parameter.

A :class:`Scenario` is plain data, loads from and saves to JSON, and :meth:`Scenario.validate`
rejects bad ones with a :class:`~hexplay.engine.ScenarioError` naming the field.

Project decisions (the rules leave these open), each a named default below:

* :data:`DEFAULT_ADVERSARY_WEAPONS` / :data:`DEFAULT_GUARD_WEAPONS`: the rules say "a rifle or
  a shotgun" for each man without giving the mix; the basic scenario alternates rifle, shotgun.
* :data:`DEFAULT_COMMANDER_VEHICLE`: the convoy player chooses; the default puts the commander in
  the transporter's sleeper.
* :data:`DEFAULT_ESCORT_OFFSETS`: one escort 10 hexes ahead, one 10 behind (within the 20-hex
  limit); the convoy moves toward increasing route index ("ahead" = +).
* :data:`VEHICLE_SEATS`: driver D, co-driver C, sleeper S; a vehicle holds at most these three.
* :data:`DEFAULT_SPARE_WEAPONS`: each vehicle carries one spare rifle and one spare shotgun for
  weapon exchange (WE). [reconstructed] The rules let a defender leaving a vehicle "take a
  shotgun or a rifle" but give no count.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ...engine import ScenarioError
from ...engine.jsonio import JSONInputError
from ...engine.jsonio import read as read_json
from .tables import GAME_TURNS, VAULT_BARRIER_POINTS

LONG_GUNS = ("rifle", "shotgun")
VEHICLE_SEATS = ("D", "C", "S")
"""[decision] Driver D, co-driver C, sleeper S: a vehicle holds at most these three."""
ROUTES = ("Route 4", "Route 7")
VICTORY_VARIANTS = ("killed_or_wounded", "killed")
"""Defender's "all adversaries out" condition: the scenario card's "killed or wounded"
(default) or the introduction's "killed"."""

DEFAULT_ADVERSARY_WEAPONS = ("rifle", "shotgun", "rifle", "shotgun", "rifle", "shotgun")
"""[decision] The rules say "a rifle or a shotgun" for each adversary without giving the mix:
the basic scenario alternates rifle, shotgun."""
DEFAULT_GUARD_WEAPONS = ("shotgun", "rifle", "shotgun", "rifle", "shotgun", "rifle", "rifle")
"""[decision] The rules say "a rifle or a shotgun" for each guard without giving the mix: the
basic scenario alternates shotgun, rifle (the seventh guard, the commander, a rifle)."""
DEFAULT_COMMANDER_VEHICLE = "T"
"""[decision] The convoy player chooses the commander's vehicle; the default puts him in the
transporter's sleeper."""
DEFAULT_ESCORT_OFFSETS = {"E1": 10, "E2": -10}
"""[decision] One escort 10 hexes ahead, one 10 behind (within the 20-hex limit); the convoy
moves toward increasing route index ("ahead" = +)."""
DEFAULT_SPARE_WEAPONS = {"rifle": 1, "shotgun": 1}
"""[reconstructed] Each vehicle carries one spare rifle and one spare shotgun for weapon
exchange (WE): the rules let a defender leaving a vehicle "take a shotgun or a rifle" but give
no count."""
ESCORT_MAX_DISTANCE = 20
"""Escorts start up to 20 hexes (500 m) ahead of or behind the transporter."""
ESCORT_DISTANCE_BOUND = 100
"""The largest ``escort_max_distance`` a scenario may set (hexplay's bound: 2.5 km, more than
any route on the bundled maps; the defender's set-up lists two offsets a hex per escort, so
an unbounded limit made its legal orders endless)."""
BARRIER_POINTS_BOUND = 10_000
"""The most ``barrier_points_required`` may be (50 times the vault's 200: hexplay's bound)."""
WEAPON_COUNT_BOUND = 99
"""The most spare long guns per vehicle, and the largest rifle/shotgun limit a scenario
sets beyond them (hexplay's bound, as the 99 adversaries)."""
TRANSPORTER_ID = "T"

LongGun = Literal["rifle", "shotgun"]
"""A long gun: rifle or shotgun."""
Seat = Literal["D", "C", "S"]
"""A vehicle seat: driver, co-driver, sleeper."""
Victory = Literal["killed_or_wounded", "killed"]
"""The defender's "all adversaries out" condition (:data:`VICTORY_VARIANTS`)."""


def _error(e: ValidationError) -> ScenarioError:
    """The first problem pydantic found, as a ScenarioError naming the top-level field."""
    err = e.errors(include_url=False)[0]
    loc = [str(x) for x in err["loc"]]
    field = loc[0] if loc else "<root>"
    where = "".join(f"[{x!r}]" if not x.isdigit() else f"[{x}]" for x in loc[1:])
    if err["type"] == "extra_forbidden":
        return ScenarioError(field, "unknown field")
    value = err.get("input")
    shown = "" if isinstance(value, (dict, list)) else f" (found {value!r})"[:120]
    return ScenarioError(field, f"{where + ': ' if where else ''}{err['msg']}{shown}")


class Scenario(BaseModel):
    """Everything that varies between SKIRMISH games (defaults: the basic scenario).

    Typed with pydantic (strict: ``"false"`` is not a boolean, ``true`` is not a number, a
    list is not a mapping); a wrong type raises :class:`~hexplay.engine.ScenarioError`
    naming the field, on construction and on assignment.  :meth:`validate` adds the checks
    between fields and against a map.  :meth:`json_schema` is the JSON Schema of the file.

    * ``adversary_weapons``: one long gun per adversary (their number is its length); ids
      ``A1..An``.
    * ``guard_weapons``: one long gun per guard (ids ``G1..Gn``).
    * ``escorts``: escort vehicle ids; ``escort_offsets`` their default start offsets from
      the transporter along the route (+ ahead); ``escort_max_distance`` the limit.
    * ``crews``: guard id -> [vehicle id, seat]; empty means the default crews (D and C of the
      transporter then each escort, commander in S of ``commander_vehicle``).
    * ``max_rifles`` / ``max_shotguns``: limits on the defenders' total long guns (including
      vehicle spares); None = no limit.
    * ``route`` / ``ambush``: fixed at set-up if None; ``ambush`` is a hex label on the route.
    * ``adversary_start``: adversary id -> hex label (optional fixed placements).
    * ``barrier_points_required``, ``turn_limit``, ``victory``: victory conditions.
    * ``open_map``: the classic one-map game (both sides see everything).
    """

    model_config = ConfigDict(
        strict=True, extra="forbid", validate_assignment=True, validate_default=False
    )

    name: str = Field("basic", description="Scenario name.")
    map: str = Field("skirmish", description="Map: a bundled map's name or a map file.")
    adversary_weapons: list[LongGun] = Field(
        default_factory=lambda: list(DEFAULT_ADVERSARY_WEAPONS),
        description="One long gun per adversary (A1..An).",
    )
    guard_weapons: list[LongGun] = Field(
        default_factory=lambda: list(DEFAULT_GUARD_WEAPONS),
        description="One long gun per guard (G1..Gn).",
    )
    escorts: list[str] = Field(
        default_factory=lambda: ["E1", "E2"], description="Escort vehicle ids."
    )
    escort_offsets: dict[str, int] = Field(
        default_factory=lambda: dict(DEFAULT_ESCORT_OFFSETS),
        description="Escort id -> start offset from the transporter along the route (+ ahead).",
    )
    escort_max_distance: int = Field(
        ESCORT_MAX_DISTANCE, description="Largest |offset| of an escort from the transporter."
    )
    escorts_moving: bool = Field(True, description="Escorts start moving (else stopped).")
    commander_vehicle: str = Field(
        DEFAULT_COMMANDER_VEHICLE, description="Vehicle whose sleeper seat holds the commander."
    )
    crews: dict[str, list[str]] = Field(
        default_factory=dict,
        description="Guard id -> [vehicle id, seat D/C/S]; empty = the default crews.",
    )
    spare_weapons: dict[str, int] = Field(
        default_factory=lambda: dict(DEFAULT_SPARE_WEAPONS),
        description="Spare long guns per vehicle: 'rifle'/'shotgun' -> count.",
    )
    max_rifles: int | None = Field(None, description="Limit on the defenders' rifles.")
    max_shotguns: int | None = Field(None, description="Limit on the defenders' shotguns.")
    route: str | None = Field(None, description="The convoy's route; null: chosen at set-up.")
    ambush: str | None = Field(None, description="Ambush hex on the route; null: placed at set-up.")
    adversary_start: dict[str, str] = Field(
        default_factory=dict, description="Adversary id -> fixed start hex label."
    )
    barrier_points_required: int = Field(
        VAULT_BARRIER_POINTS, description="Barrier points the adversaries must breach."
    )
    turn_limit: int = Field(GAME_TURNS, description="Game turns (1..200).")
    victory: Victory = Field(
        "killed_or_wounded", description="Defender's 'all adversaries out' condition."
    )
    open_map: bool = Field(False, description="One map for both sides: no fog of war.")
    description: str = Field(
        "Basic scenario (NUREG/CR-1255 §2): 6 adversaries vs a 3-vehicle convoy.",
        description="Free text.",
    )

    #: Field names, in order (``dataclasses.fields``-like, for code that lists them).
    FIELDS: ClassVar[tuple[str, ...]]

    def __init__(self, **data: Any) -> None:
        try:
            super().__init__(**data)
        except ValidationError as e:
            raise _error(e) from None

    def __setattr__(self, name: str, value: Any) -> None:
        try:
            super().__setattr__(name, value)
        except ValidationError as e:
            raise _error(e) from None

    @classmethod
    def json_schema(cls) -> dict[str, Any]:
        """The JSON Schema of a scenario file (for editors and forms; issue 17)."""
        return cls.model_json_schema()

    # --- derived ------------------------------------------------------------------------
    @property
    def adversary_ids(self) -> list[str]:
        return [f"A{i + 1}" for i in range(len(self.adversary_weapons))]

    @property
    def guard_ids(self) -> list[str]:
        return [f"G{i + 1}" for i in range(len(self.guard_weapons))]

    @property
    def vehicle_ids(self) -> list[str]:
        return [TRANSPORTER_ID, *self.escorts]

    def default_crews(self) -> dict[str, list[str]]:
        """Guard -> [vehicle, seat]: D and C of T, E1, E2…, then S of the commander's vehicle."""
        slots = [[v, s] for v in self.vehicle_ids for s in ("D", "C")]
        slots.append([self.commander_vehicle, "S"])
        slots += [[v, "S"] for v in self.vehicle_ids if v != self.commander_vehicle]
        return {g: slots[i] for i, g in enumerate(self.guard_ids) if i < len(slots)}

    def crew_plan(self) -> dict[str, list[str]]:
        return {k: list(v) for k, v in (self.crews or self.default_crews()).items()}

    # --- validation ---------------------------------------------------------------------
    def validate(self, map=None) -> Scenario:
        """Raise ScenarioError naming the bad field; returns self. ``map`` checks hexes/routes."""

        def need(cond: bool, fld: str, msg: str) -> None:
            if not cond:
                raise ScenarioError(fld, msg)

        need(isinstance(self.name, str) and bool(self.name), "name", "must be a non-empty string")
        for fld in ("adversary_weapons", "guard_weapons"):
            v = getattr(self, fld)
            need(isinstance(v, list) and len(v) >= 1, fld, "must be a non-empty list")
            bad = [w for w in v if w not in LONG_GUNS]
            need(not bad, fld, f"unknown long guns {bad}; each is one of {list(LONG_GUNS)}")
        need(len(self.adversary_weapons) <= 99, "adversary_weapons", "at most 99 adversaries")
        need(isinstance(self.escorts, list), "escorts", "must be a list of vehicle ids")
        ids = self.vehicle_ids
        need(len(set(ids)) == len(ids), "escorts", f"vehicle ids must be unique: {ids}")
        need(all(isinstance(e, str) and e for e in self.escorts), "escorts", "ids are strings")
        need(
            isinstance(self.escort_max_distance, int)
            and 1 <= self.escort_max_distance <= ESCORT_DISTANCE_BOUND,
            "escort_max_distance",
            f"must be an integer 1..{ESCORT_DISTANCE_BOUND}",
        )
        for e, off in self.escort_offsets.items():
            need(e in self.escorts, "escort_offsets", f"{e!r} is not an escort")
            need(isinstance(off, int) and off != 0, "escort_offsets", f"{e}: non-zero integer")
            need(
                abs(off) <= self.escort_max_distance,
                "escort_offsets",
                f"{e} at T{off:+d} is more than {self.escort_max_distance} hexes from T",
            )
        need(
            self.commander_vehicle in ids,
            "commander_vehicle",
            f"{self.commander_vehicle!r} is not a vehicle ({ids})",
        )
        crews = self.crew_plan()
        need(
            set(crews) == set(self.guard_ids),
            "crews",
            f"every guard needs a seat: guards {self.guard_ids}, crews for {sorted(crews)}"
            + ("" if self.crews else " (too many guards for the vehicles' seats)"),
        )
        seen: set[tuple[str, str]] = set()
        for g, vs in crews.items():
            need(len(vs) == 2 and vs[0] in ids, "crews", f"{g}: [vehicle, seat], known vehicle")
            need(vs[1] in VEHICLE_SEATS, "crews", f"{g}: seat must be one of {VEHICLE_SEATS}")
            need(tuple(vs) not in seen, "crews", f"{g}: seat {vs[1]} of {vs[0]} taken twice")
            seen.add(tuple(vs))
        need(
            all(
                isinstance(n, int) and 0 <= n <= WEAPON_COUNT_BOUND
                for n in self.spare_weapons.values()
            )
            and set(self.spare_weapons) <= set(LONG_GUNS),
            "spare_weapons",
            f"maps 'rifle'/'shotgun' to counts 0..{WEAPON_COUNT_BOUND}",
        )
        nveh = len(ids)
        for gun, lim in (("rifle", self.max_rifles), ("shotgun", self.max_shotguns)):
            fld = f"max_{gun}s"
            if lim is None:
                continue
            need(
                isinstance(lim, int) and 0 <= lim <= WEAPON_COUNT_BOUND * (nveh + 1),
                fld,
                f"must be an integer 0..{WEAPON_COUNT_BOUND * (nveh + 1)} or null",
            )
            total = self.guard_weapons.count(gun) + nveh * self.spare_weapons.get(gun, 0)
            need(total <= lim, fld, f"defenders have {total} {gun}s (with spares), limit {lim}")
        need(
            isinstance(self.barrier_points_required, int)
            and 1 <= self.barrier_points_required <= BARRIER_POINTS_BOUND,
            "barrier_points_required",
            f"must be an integer 1..{BARRIER_POINTS_BOUND}",
        )
        need(
            isinstance(self.turn_limit, int) and 1 <= self.turn_limit <= 200,
            "turn_limit",
            "must be an integer 1..200",
        )
        need(self.victory in VICTORY_VARIANTS, "victory", f"must be one of {VICTORY_VARIANTS}")
        # another map's routes are its own: checked against it (_validate_on) when the game is made
        known = self.route is None or self.route in ROUTES or self.map != "skirmish"
        need(known or map is not None, "route", "unknown")
        for a in self.adversary_start:
            need(a in self.adversary_ids, "adversary_start", f"{a!r} is not an adversary")
        if map is not None:
            self._validate_on(map)
        return self

    def _validate_on(self, m) -> None:
        if self.route is not None and self.route not in m.places:
            raise ScenarioError("route", f"map {m.name!r} has no route {self.route!r}")
        if self.route is None and not any(is_chain(m, m.places[n]) for n in route_names(m)):
            raise ScenarioError(
                "route",
                f"map {m.name!r} has no route for the convoy: name a place 'Route ...', "
                "a chain of adjacent hexes",
            )
        if self.ambush is not None:
            if self.route is None:
                raise ScenarioError("ambush", "an ambush hex needs a route")
            try:
                h = m.require(self.ambush, "ambush")
            except ValueError as e:
                raise ScenarioError("ambush", str(e)) from None
            if h not in m.places[self.route]:
                raise ScenarioError("ambush", f"{self.ambush} is not on {self.route}")
        for a, lab in self.adversary_start.items():
            if not m.contains(lab):
                raise ScenarioError("adversary_start", f"{a}: {lab!r} is not on the map")

    # --- JSON ---------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return self.model_dump()

    @classmethod
    def from_dict(cls, d: Any) -> Scenario:
        """Build and validate; unknown fields and wrong types are refused by name."""
        if not isinstance(d, dict):
            raise ScenarioError("<root>", "a scenario is a JSON object")
        for k in d:
            if not isinstance(k, str):
                raise ScenarioError(str(k), "field names are strings")
        return cls(**d).validate()

    def to_json(self, path: str | Path | None = None) -> str:
        text = self.model_dump_json(indent=2)
        if path is not None:
            Path(path).write_text(text, encoding="utf-8")
        return text

    @classmethod
    def from_json(cls, text_or_path: str | Path) -> Scenario:
        """A scenario from JSON text or a file (strict: see :mod:`hexplay.engine.jsonio`)."""
        try:
            d = read_json(text_or_path)
        except JSONInputError as e:
            raise ScenarioError("<root>", str(e)) from None
        return cls.from_dict(d)


Scenario.FIELDS = tuple(Scenario.model_fields)
# Compatibility: code that lists fields by ``Scenario.__dataclass_fields__`` (the class was a
# dataclass; hexplay.games.skirmish.analysis.scenario_params still does) keeps working.  Switch
# such code to
# ``Scenario.FIELDS``; then delete this line.
Scenario.__dataclass_fields__ = dict(Scenario.model_fields)  # type: ignore[attr-defined]


def fields_repr(scenario: Scenario) -> str:
    """``repr(scenario.to_dict())``, from the fields as held (its test compares them): a
    key of what the scenario says, for the memos of a batch's games. Every field is a plain
    JSON value (strictly validated: strings, integers, booleans, None, lists and dicts of
    them), which ``model_dump`` copies as they are, in field order; reading them in place
    spares the copy (a tenth of AMBUSH's set-up of a game)."""
    return repr(scenario.__dict__)


_VALIDATED: dict[tuple[type, str], list[Any]] = {}
"""validated_on's store: (scenario type, repr of its fields) -> the map objects it passed on."""


def route_names(m) -> list[str]:
    """The map's routes: its places named "Route ..." (all its places if none is)."""
    places = sorted(m.places)
    return [k for k in places if k.lower().startswith("route")] or places


def is_chain(m, hexes) -> bool:
    """True if ``hexes`` (a place of ``m``) is a non-empty chain of adjacent hexes (a route)."""
    return bool(hexes) and all(m.distance(a, b) == 1 for a, b in zip(hexes, hexes[1:]))


def validated_on(scenario: Scenario, m) -> Scenario:
    """``scenario.validate(m)`` remembered: equals it (the same ScenarioError, else the
    scenario). Validation is a pure function of the scenario's type, its fields and the map
    (a map is static once played, as its per-map tables assume), so a scenario whose type and
    fields (``repr`` of ``to_dict()``, :func:`fields_repr`: a copy of a scenario gives the
    same) already passed on
    this same map object is not checked again: every game of a batch starts from the same
    one. The store is bounded (emptied at 64 scenarios) and holds the maps themselves."""
    key = (type(scenario), fields_repr(scenario))
    maps = _VALIDATED.get(key)
    if maps is not None and any(x is m for x in maps):
        return scenario
    scenario.validate(m)
    if maps is None:
        if len(_VALIDATED) >= 64:
            _VALIDATED.clear()
        maps = _VALIDATED[key] = []
    if len(maps) < 8:
        maps.append(m)
    return scenario
