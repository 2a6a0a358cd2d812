"""AmbushGame: AMBUSH = SKIRMISH with options (NUREG/CR-1255's advanced game).

:class:`AmbushScenario` is SKIRMISH's :class:`~hexplay.games.skirmish.Scenario` plus AMBUSH's
switches and choices, each defaulting to *off*; with every option off an AMBUSH game is a
SKIRMISH game move for move and die for die (tested against the SKIRMISH golden games). The
features themselves are SKIRMISH modules switched on here (in :mod:`hexplay.games.skirmish`):
``transporter``, ``cargo``, ``getaway_car``, ``radio``, ``response``, ``breaching``. The
numbers come from :mod:`.tables`.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from importlib import resources
from pathlib import Path
from typing import Any, Literal

from pydantic import Field

from ...engine import Dice, GameInfo, IllegalOrder, ScenarioError, jsonable
from ...engine.jsonio import JSONInputError
from ...engine.jsonio import read as read_json
from ..skirmish import (
    autofire,
    breaching,
    cargo,
    getaway_car,
    morale,
    radio,
    response,
    transporter,
    vehicles,
)
from ..skirmish.game import COMMANDS, SkirmishGame, _load_map
from ..skirmish.game import OUTCOME_FIELDS as SKIRMISH_OUTCOME_FIELDS
from ..skirmish.orders import SETUP_ARGS, TASK_ARGS
from ..skirmish.scenario import ESCORT_MAX_DISTANCE, TRANSPORTER_ID, Scenario, fields_repr
from ..skirmish.state import ADVERSARY, DEFENDER, SIDES
from .tables import DENSITIES, tables

FORMAT = "hexplay.ambush.game/1"

INFO = GameInfo(
    "ambush",
    "AMBUSH",
    SIDES,
    "simultaneous",
    "SKIRMISH's advanced form (NUREG/CR-1255): the adversary must stop a moving transporter, "
    "break into its vault and get the cargo off the map while radios call up response forces.",
    order_kinds=(*SETUP_ARGS, *TASK_ARGS, radio.CALL),
    capabilities=frozenset({"setup", "undo", "hidden_state"}),
    move_kinds=("MP", "MV"),
    attack_kinds=("DF",),
)

OUTCOME_FIELDS = (
    *SKIRMISH_OUTCOME_FIELDS,
    "cargo",
    "cargo_away",
    "radio_through",
    "response_arrival",
    "response_arrived",
)
"""Columns of :meth:`AmbushGame.outcome`: SKIRMISH's, then the cargo's state, whether the
adversary got it away, the long-range message's turn and the response force's arrival."""

Density = Literal["low", "medium", "high"]

_GUARD_IDS = frozenset(f"G{i + 1}" for i in range(99))
"""The ids ``guard_arms`` may name (built once: every game's scenario check reads it)."""


def _LONG_ARMS(tab) -> list[str]:  # noqa: N802
    return sorted(set(tab.weapons) - {"pistol"})


class AmbushScenario(Scenario):
    """A SKIRMISH scenario plus AMBUSH's options (all off by default: SKIRMISH's basic game).

    * ``convoy``: a named convoy configuration (``convoys.toml``): escorts, their offsets and
      the men in each vehicle; it replaces ``escorts``/``escort_offsets``/``guard_weapons``/
      ``crews`` (guards alternate shotgun, rifle).
    * ``barrier`` + ``transporter_config``: a barrier type (``barriers.toml``); it sets
      ``barrier_points_required``. ``deterrent``: a device (``deterrents.toml``).
    * ``moving_transporter``, ``transporter_approach``, ``roadblock``: :mod:`.transporter`.
    * ``cargo_removal``: :mod:`.cargo` (victory by getting the cargo off the map);
      ``getaway``: also in the adversary's own vehicle at the road's end; ``getaway_car``:
      that vehicle entering by road (:mod:`.getaway_car`).
    * ``radio``, ``radio_calls``, ``escorts_notified``, ``centre_km``, ``responder_training``:
      :mod:`.radio` (``radio_calls`` "plotted": the convoy's men plot RC; "automatic": the
      rules call every turn, AMBUSH's first rule, kept for scenarios that ask for it).
    * ``response_density``: :mod:`.response` (None: no response force).
    * ``emphasis``: the one line saying which situation a standard scenario emphasises.
    """

    convoy: str | None = Field(None, description="Convoy configuration (convoys.toml).")
    barrier: str | None = Field(None, description="Cargo barrier type (barriers.toml).")
    transporter_config: Literal["standard", "armoured"] = Field(
        "standard", description="Transporter configuration (sets the barrier's points)."
    )
    deterrent: str = Field("none", description="Cargo-removal deterrent device.")
    moving_transporter: bool = Field(False, description="The convoy drives into the ambush.")
    transporter_approach: int = Field(
        30, description="Route hexes between the transporter's start and the ambush hex."
    )
    roadblock: bool = Field(True, description="The adversary blocks the road at the ambush hex.")
    cargo_removal: bool = Field(False, description="The cargo must be got off the map.")
    getaway: bool = Field(
        False, description="The cargo may leave in an adversary-held vehicle (cargo_removal)."
    )
    getaway_car: dict[str, Any] | None = Field(
        None,
        description="The adversary's own vehicle entering by road (getaway): "
        '{"vehicle": getaway.toml type, "men", "enters": "rear"/"front", "turn"}; null: none.',
    )
    radio: bool = Field(False, description="CB and long-range radio.")
    radio_calls: Literal["plotted", "automatic"] = Field(
        "plotted",
        description="Calls for help plotted by the convoy's men (RC), or made by the rules.",
    )
    escorts_notified: bool = Field(True, description="Escorts warned at the start (else by CB).")
    centre_km: int = Field(30, description="Range to the regional centre, km.")
    responder_training: Literal["trained", "untrained"] = Field(
        "trained", description="Responders' training (sets the delay)."
    )
    response_density: Density | None = Field(
        None, description="Population density for the response force; null: none."
    )
    adversary_arms: dict[str, str] = Field(
        default_factory=dict, description="Adversary id -> AMBUSH weapon replacing his long gun."
    )
    guard_arms: dict[str, str] = Field(
        default_factory=dict, description="Guard id -> AMBUSH weapon replacing his long gun."
    )
    vehicle_damage: bool = Field(False, description="Anti-tank fire damages vehicles.")
    armour: dict[str, str] = Field(
        default_factory=dict, description="Vehicle id -> armour class (armour.toml)."
    )
    morale: bool = Field(False, description="Suppression and panic.")
    emphasis: str = Field("", description="The situation this scenario emphasises.")

    def validate(self, map=None) -> AmbushScenario:
        super().validate(map)
        tab = tables()

        def need(cond: bool, fld: str, msg: str | Callable[[], str]) -> None:
            """ScenarioError(fld, msg) unless ``cond``; a callable ``msg`` is formatted only
            then (most messages list the tables' names: not worth building for a valid one)."""
            if not cond:
                raise ScenarioError(fld, msg if isinstance(msg, str) else msg())

        need(
            self.convoy is None or self.convoy in tab.convoys,
            "convoy",
            lambda: f"unknown convoy {self.convoy!r}; one of {sorted(tab.convoys)}",
        )
        need(
            self.barrier is None or self.barrier in tab.barriers,
            "barrier",
            lambda: f"unknown barrier {self.barrier!r}; one of {sorted(tab.barriers)}",
        )
        need(
            self.deterrent in tab.deterrents,
            "deterrent",
            lambda: f"unknown device {self.deterrent!r}; one of {sorted(tab.deterrents)}",
        )
        need(1 <= self.transporter_approach <= 500, "transporter_approach", "an integer 1..500")
        need(
            self.cargo_removal or not self.getaway,
            "getaway",
            "the getaway carries the cargo: it needs the cargo_removal option",
        )
        self._validate_car(tab, need)
        need(1 <= self.centre_km <= 10_000, "centre_km", "an integer 1..10000 (km)")
        need(
            self.response_density in (None, *DENSITIES),
            "response_density",
            f"one of {DENSITIES} or null",
        )
        need(
            self.escorts_notified or self.radio,
            "escorts_notified",
            "unwarned escorts need the radio option (CB) to be warned",
        )
        for fld, ids in (("adversary_arms", self.adversary_ids), ("guard_arms", None)):
            for man, w in getattr(self, fld).items():
                known = ids if ids is not None else _GUARD_IDS
                need(man in known, fld, f"{man!r} is not one of the men")
                need(
                    w in tab.weapons and w != "pistol",
                    fld,
                    lambda man=man, w=w: f"{man}: unknown long arm {w!r}; one of {_LONG_ARMS(tab)}",
                )
        for vid, a in self.armour.items():
            need(vid in self.vehicle_ids, "armour", f"{vid!r} is not a vehicle")
            need(
                a in tab.armour,
                "armour",
                lambda vid=vid, a=a: f"{vid}: unknown armour {a!r}; one of {sorted(tab.armour)}",
            )
        return self

    def _validate_car(self, tab, need) -> None:
        """``getaway_car``: each key checked, the error naming it (``getaway_car.turn``)."""
        car = self.getaway_car
        if car is None:
            return
        f = "getaway_car"
        need(isinstance(car, dict), f, "an object with vehicle, men, enters and turn, or null")
        need(self.getaway, f, "the getaway car carries the cargo: it needs the getaway option")
        keys = ("vehicle", "men", "enters", "turn")
        extra = sorted(set(car) - set(keys))
        need(not extra, f"{f}.{extra[0] if extra else ''}", f"not a key; the keys are {keys}")
        for k in keys:
            need(k in car, f"{f}.{k}", "missing")
        kind = tab.getaway_vehicles.get(car["vehicle"]) if type(car["vehicle"]) is str else None
        need(
            kind is not None,
            f"{f}.vehicle",
            lambda: f"unknown vehicle {car['vehicle']!r}; one of {sorted(tab.getaway_vehicles)}",
        )
        seats = kind["seats"]
        need(
            type(car["men"]) is int and 1 <= car["men"] <= seats - 1,
            f"{f}.men",
            f"an integer 1..{seats - 1} (a {car['vehicle']} has {seats} seats, one is the "
            "carrier's)",
        )
        need(car["enters"] in getaway_car.ENDS, f"{f}.enters", f"one of {getaway_car.ENDS}")
        lo = tab.getaway_enter_earliest
        need(
            type(car["turn"]) is int and lo <= car["turn"] <= self.turn_limit,
            f"{f}.turn",
            f"an integer {lo}..{self.turn_limit} (the turn limit)",
        )

    def resolved(self) -> AmbushScenario:
        """This scenario with the named choices applied (convoy, barrier); idempotent.

        Equals :meth:`resolved_plain` (a fresh instance, or ``self`` when nothing changes);
        the resolved scenarios of the last scenarios seen are kept by their fields' ``repr``
        (every game of a sweep or benchmark starts from the same one), each handed out as
        a copy and used only while it still holds the fields it was stored with."""
        key = (type(self), fields_repr(self))
        got = _RESOLVED.get(key)
        if got is not None and fields_repr(got[0]) == got[1]:
            return got[0].model_copy()
        out = self.resolved_plain()
        if out is not self:
            if len(_RESOLVED) >= 64:
                _RESOLVED.clear()
            _RESOLVED[key] = (out, fields_repr(out))
            return out.model_copy()
        return out

    def resolved_plain(self, d: dict[str, Any] | None = None) -> AmbushScenario:
        """:meth:`resolved` worked out again (``d``: this scenario's ``to_dict()``)."""
        tab = tables()
        d = self.to_dict() if d is None else d
        if self.convoy is not None:
            conf = tab.convoys[self.convoy]
            offsets = dict(conf["escorts"])
            men = dict(conf["men_per_vehicle"])
            d["escorts"] = list(offsets)
            d["escort_offsets"] = offsets
            d["escort_max_distance"] = max(ESCORT_MAX_DISTANCE, *map(abs, offsets.values()))
            crews: dict[str, list[str]] = {}
            for v in [TRANSPORTER_ID, *offsets]:
                for seat in ("D", "C", "S")[: men.get(v, 0)]:
                    crews[f"G{len(crews) + 1}"] = [v, seat]
            d["crews"] = crews
            d["guard_weapons"] = [("shotgun", "rifle")[i % 2] for i in range(len(crews))]
            d["commander_vehicle"] = next((v for v, s in crews.values() if s == "S"), "T")
        if self.barrier is not None:
            d["barrier_points_required"] = tab.barrier_points(self.barrier, self.transporter_config)
        return type(self).from_dict(d) if d != self.to_dict() else self

    @classmethod
    def from_dict(cls, d: Any) -> AmbushScenario:
        if not isinstance(d, dict):
            raise ScenarioError("<root>", "a scenario is a JSON object")
        for k in d:
            if not isinstance(k, str):
                raise ScenarioError(str(k), "field names are strings")
        return cls(**d).validate()

    @classmethod
    def from_json(cls, text_or_path) -> AmbushScenario:
        try:
            d = read_json(text_or_path)
        except JSONInputError as e:
            raise ScenarioError("<root>", str(e)) from None
        return cls.from_dict(d)


AmbushScenario.FIELDS = tuple(AmbushScenario.model_fields)
AmbushScenario.__dataclass_fields__ = dict(AmbushScenario.model_fields)  # (as Scenario's)
_RESOLVED: dict[tuple[type, str], tuple[AmbushScenario, str]] = {}
"""AmbushScenario.resolved's store: fields' repr -> (resolved scenario, its fields' repr then,
:func:`~hexplay.games.skirmish.scenario.fields_repr`)."""

STANDARD_SCENARIOS = (
    "roadblock",
    "running_fight",
    "close_escort",
    "delay_barrier",
    "rural_response",
    "stopped_convoy",
    "sample_game",
)
"""The bundled scenario files (``scenarios/<name>.json``): six standard ones, then the
report's sample game."""


DEFAULT_SCENARIO = "sample_game"
"""The bundled scenario (file name) every default AMBUSH game starts with: ``AmbushGame.new()``,
``hexplay.new_game("ambush")`` and the app (``GameApp("ambush")``,
:mod:`hexplay.games.ambush.ui.adapter`). The report's own sample game (its Figure 3), as SKIRMISH's
default is the report's basic game: the one game the report describes, and the one the issue
names beside the six standard scenarios (each of those emphasises one situation; pick one by
name)."""


def scenario_file(name: str) -> AmbushScenario:
    """A bundled scenario by file name (ScenarioError if there is none): a new object each
    call (a copy of the file's scenario, read and validated once per process)."""
    if name not in STANDARD_SCENARIOS:
        raise ScenarioError("name", f"no AMBUSH scenario {name!r}; one of {STANDARD_SCENARIOS}")
    return _read_scenario_file(name).model_copy(deep=True)


@functools.cache
def _read_scenario_file(name: str) -> AmbushScenario:
    """The bundled file ``scenarios/<name>.json`` read and validated (once: the package's
    files do not change while it runs; callers get copies, :func:`scenario_file`)."""
    p = resources.files(__package__).joinpath("scenarios").joinpath(f"{name}.json")
    return AmbushScenario.from_json(p.read_text("utf-8"))


SKIRMISH_NAME = "skirmish"
"""The named scenario with every option off (= SKIRMISH's basic game)."""


def _options_off() -> AmbushScenario:
    return AmbushScenario(name=SKIRMISH_NAME, description="Every option off.")


def named_scenarios() -> dict[str, dict[str, Any]]:
    """AMBUSH's named scenarios (for the registry): every option off (= SKIRMISH's basic
    game), the six standard scenarios and the report's sample game."""
    out = {SKIRMISH_NAME: _options_off().to_dict()}
    for n in STANDARD_SCENARIOS:
        s = scenario_file(n)
        out[s.name] = s.to_dict()
    return out


def sweep_scenario(params: Mapping[str, Any] | None = None) -> AmbushScenario:
    """A scenario from sweep parameters: ``base`` (a bundled scenario's file name, default
    ``"roadblock"``) or ``file`` (an AMBUSH scenario JSON file: ``hexplay simulate/sweep --game
    ambush --scenario FILE``), with the other parameters as field overrides (each validated by
    name). ``radio=False`` also warns the escorts at the start (no CB to warn them)."""
    p = dict(params or {})
    path = p.pop("file", None)
    if path and "base" in p:
        raise ScenarioError("file", "a sweep starts from a base scenario or a file, not both")
    base = (
        AmbushScenario.from_json(Path(path))
        if path
        else scenario_file(str(p.pop("base", "roadblock")))
    )
    d = base.to_dict()
    unknown = sorted(set(p) - set(AmbushScenario.FIELDS))
    if unknown:
        raise ScenarioError(unknown[0], "not an AMBUSH scenario field (or 'base')")
    d.update(p)
    if d.get("radio") is False:
        d["escorts_notified"] = True
    return AmbushScenario.from_dict(d)


class AmbushGame(SkirmishGame):
    """One game of AMBUSH. Create with :meth:`new`."""

    info = INFO
    SCENARIO = AmbushScenario
    FORMAT = FORMAT
    COMMANDS = {**COMMANDS, "radio_call": "radio_call", "cancel_call": "cancel_call"}
    """SKIRMISH's command ops plus the plotted radio call and its undo."""
    scenario: AmbushScenario

    def __init__(self, scenario: AmbushScenario, m, dice: Dice) -> None:
        if not isinstance(scenario, AmbushScenario):
            scenario = AmbushScenario.from_dict(scenario.to_dict())
        scenario = scenario.resolved()
        tab = self.ambush_tables = tables()
        self.cargo_load_points = (
            tab.cargo_load_points + tab.deterrents[scenario.deterrent]["load_points"]
        )
        self.cargo = cargo.new_state()
        self.getaway_car = getaway_car.new_state()
        self.response = response.new_state()
        self.vehicle_damage: dict[str, list[str]] = {}
        self.roadblock: str | None = None
        self.transporter_start: int | None = None
        self.radio = {"warned": list(scenario.escorts), "through": None}
        self.radio_calls: dict[str, str] = {}  # this turn's plotted calls: man -> target
        self._n_escorts = len(scenario.escorts)
        self.morale = morale.new_state()
        self.charges_set: list[str] = []  # men whose breaching charge is spent
        self._start_wounds: dict[str, int] = {}
        self.automatic = frozenset(w.name for w in tab.weapons.values() if w.cls == "automatic")
        super().__init__(scenario, m, dice)
        self.radio = radio.new_state(self)
        self._n_escorts = len(scenario.escorts)
        for man, w in {**scenario.adversary_arms, **scenario.guard_arms}.items():
            if man in self.men:
                self.men[man].long_gun = w
        self.vehicle_armour = {
            v: tab.armour[vehicles.armour_class(self, k)] for v, k in self.vehicles.items()
        }
        self.armed_automatic = any(m.long_gun in self.automatic for m in self.men.values())
        self.has_charges = any(m.long_gun == breaching.CHARGE for m in self.men.values())
        if scenario.response_density and not scenario.radio:
            response.dispatch(self)  # no radio: the centre is notified at the start

    @classmethod
    def new(cls, scenario=None, seed: int = 0, map=None, dice: Dice | None = None) -> AmbushGame:
        """A new game in its set-up phase (default: :data:`DEFAULT_SCENARIO`, the report's
        sample game; every option off is ``AmbushScenario()``); ``scenario`` may be an
        :class:`AmbushScenario`, a dict or a bundled scenario's name."""
        if scenario is None:
            scenario = scenario_file(DEFAULT_SCENARIO)
        elif isinstance(scenario, str):
            scenario = _by_name(scenario)
        elif isinstance(scenario, dict):
            scenario = AmbushScenario.from_dict(scenario)
        elif not isinstance(scenario, AmbushScenario):
            raise ScenarioError(
                "scenario",
                f"a scenario is a JSON object, a name or None, not {type(scenario).__name__}",
            )
        if map is None:
            map = _load_map(scenario.map)
        return cls(scenario, map, dice if dice is not None else Dice(seed))

    def shared(self) -> tuple:
        """What a copy shares: SKIRMISH's, and AMBUSH's (read-only) tables."""
        return (*super().shared(), self.ambush_tables)

    # --- set-up ---------------------------------------------------------------------------
    def place_ambush(self, hex: str) -> None:
        """Adversary: the ambush hex. With a moving transporter it is where the road is
        blocked (if ``roadblock``); the convoy starts ``transporter_approach`` hexes before."""
        super().place_ambush(hex)
        if self.scenario.moving_transporter:
            transporter.start_moving(self)
        self.transporter_start = self.transporter.pos

    # --- plots ----------------------------------------------------------------------------
    def side_plan(self, side, orders=None, changed=None, known=None):
        plan = super().side_plan(side, orders, changed, known)
        if self.radio_calls:
            radio.check_calls(self, side, plan)
        if len(self.radio["warned"]) < self._n_escorts:  # self.unwarned, inline (every plot)
            radio.check_plan(self, side, plan)
        if self.vehicle_damage:
            vehicles.check_plan(self, side, plan)
        m = self.morale
        if m["suppressed"] or m["panicked"]:  # self.morale_active, inline
            morale.check_plan(self, side, plan)
        return plan

    # --- the radio call (an AMBUSH task beside Table II's) -----------------------------------
    def legal_orders(self, side: str, unit: str | None = None):
        out = super().legal_orders(side, unit)
        if self.radio_calls is not None and self.scenario.radio:
            out.extend(radio.call_orders(self, side, unit))
        return out

    def order_kind_reasons(self, side: str, unit: str, legal=None) -> dict[str, str | None]:
        """SKIRMISH's reasons, and a man's radio call (RC): None or the radio rule's refusal
        (:func:`..skirmish.radio.check_call`, to the centre first, then each escort)."""
        legal = self.legal_orders(side, unit) if legal is None else legal
        out = super().order_kind_reasons(side, unit, legal)
        if unit not in self.men or self.phase == "setup" or not out:
            return out
        if any(lo.kind == radio.CALL and lo.unit == unit for lo in legal):
            out[radio.CALL] = None
            return out
        why = f"{radio.RULE}: no call to make"
        for to in (radio.CENTRE, *self.scenario.escorts):
            try:
                radio.check_call(self, side, unit, to)
            except IllegalOrder as e:
                why = f"{e.rule}: {e.message}"
                break
        out[radio.CALL] = why
        return out

    def _order(self, order):
        if order.kind.upper() == radio.CALL:
            extra = sorted(set(order.args) - {"target"})
            if extra:
                raise IllegalOrder(radio.RULE, f"RC takes target=; not {', '.join(extra)}")
            if order.unit is None:
                raise IllegalOrder("plot", "RC needs a unit (the man making the call)")
            return self.radio_call(order.side, order.unit, order.args.get("target"))
        return super()._order(order)

    def odds(
        self,
        firer_id: str,
        target_id: str,
        weapon: str | None = None,
        hexes_moved: int | None = None,
    ) -> dict[str, Any]:
        """SKIRMISH's odds of a shot; with ``vehicle_damage`` on and an anti-tank weapon at a
        man aboard a vehicle, also ``vehicle_damage``: the exact chances of each damage state
        of the hit on his vehicle (:func:`..skirmish.vehicles.hit_odds`, the resolver's
        tables)."""
        out = super().odds(firer_id, target_id, weapon, hexes_moved)
        if out.get("possible") and self.scenario.vehicle_damage:
            hit = vehicles.hit_odds(
                self, self.men[firer_id], self.men[target_id], str(out.get("weapon"))
            )
            if hit is not None:
                out = {**out, "vehicle_damage": hit}
        return out

    def plot(self, side, unit_id, code, target=None, path=None, hexes=0, weapon=None, seat=None):
        if isinstance(code, str) and code.upper() == radio.CALL:
            if path or hexes or weapon is not None or seat is not None:
                raise IllegalOrder(radio.RULE, "RC takes target= only")
            return self.radio_call(side, unit_id, target)
        return super().plot(side, unit_id, code, target, path, hexes, weapon, seat)

    def radio_call(self, side: str, unit_id: str, target: str) -> dict[str, Any]:
        """Plot a call for help by ``unit_id`` (a man in a convoy vehicle): ``target`` an
        unwarned escort (CB) or ``"centre"`` (long range); see :mod:`..skirmish.radio`."""
        self._check_side(side)
        radio.check_call(self, side, unit_id, target)
        self.radio_calls[unit_id] = target
        self._log("radio_call", side=side, unit_id=unit_id, target=target)
        return {
            "code": radio.CALL,
            "target": target,
            "ap": str(radio.call_cost(self, unit_id, target)),
        }

    def cancel_call(self, side: str, unit_id: str) -> dict[str, Any]:
        """Take back ``unit_id``'s plotted radio call."""
        self._check_side(side)
        self.turns.require("planning", "plotting")
        self.plots.check_open(side)
        if unit_id not in self.radio_calls or self.side_of(unit_id) != side:
            raise IllegalOrder(radio.RULE, f"{unit_id!r} has no radio call plotted")
        target = self.radio_calls.pop(unit_id)
        self._log("cancel_call", side=side, unit_id=unit_id)
        return {"code": radio.CALL, "target": target}

    def undo(self, side: str, unit: str | None = None) -> Any:
        """Take back the last plotted task or radio call (of ``unit``, if given)."""
        last = self._last_call_or_plot(side, unit)
        if last == "call":
            return self.cancel_call(side, unit or self._last_caller(side))
        return super().undo(side, unit)

    def _last_call_or_plot(self, side: str, unit: str | None) -> str | None:
        """ "call" if ``side``'s last action this turn (for ``unit``) still standing is a call."""
        if not self.radio_calls:
            return None
        stack: list[tuple[str, str]] = []
        start = self.commands.marks.get(self.turn, 0)
        for c in self.commands.commands[start:]:
            a = c.args
            if a.get("side") != side or (unit is not None and a.get("unit_id") != unit):
                continue
            if c.op in ("plot", "radio_call"):
                stack.append((c.op, a["unit_id"]))
            elif c.op in ("unplot", "cancel_call"):
                op = "plot" if c.op == "unplot" else "radio_call"
                k = max(i for i, x in enumerate(stack) if x == (op, a["unit_id"]))
                del stack[k]
        return "call" if stack and stack[-1][0] == "radio_call" else None

    def _last_caller(self, side: str) -> str:
        start = self.commands.marks.get(self.turn, 0)
        return next(
            c.args["unit_id"]
            for c in reversed(self.commands.commands[start:])
            if c.op == "radio_call" and c.args["unit_id"] in self.radio_calls
        )

    def ap_left(self, side: str, unit_id: str):
        left = super().ap_left(side, unit_id)
        if self.radio_calls and unit_id in self.radio_calls and self.phase == "planning":
            left -= radio.call_cost(self, unit_id, self.radio_calls[unit_id])
        return left

    def plotted_calls(self, side: str) -> dict[str, str]:
        """``side``'s radio calls plotted this turn (man -> target); secret like the plot."""
        return dict(self.radio_calls) if side in (DEFENDER, "referee") else {}

    @property
    def unwarned(self) -> bool:
        """Some escort is not warned yet (radio's plot check applies)."""
        return len(self.radio["warned"]) < self._n_escorts

    @property
    def morale_active(self) -> bool:
        """Some man is suppressed or panicked this turn (morale's plot check applies)."""
        m = self.morale
        return bool(m["suppressed"] or m["panicked"])

    # --- resolution hooks -----------------------------------------------------------------
    def _after_phase(self, phase: str, plans, combat) -> None:
        sc = self.scenario
        if phase == "combat":
            burst_at: set[str] = set()
            if self.armed_automatic:
                t = self.ambush_tables
                burst_at = autofire.resolve_bursts(
                    self,
                    plans,
                    combat,
                    self.automatic,
                    t.autofire_extra_targets,
                    t.autofire_factor,
                )
            if sc.vehicle_damage:
                vehicles.resolve_vehicle_hits(self, plans, combat, self.vehicle_armour)
            if sc.morale:
                auto = burst_at | {
                    t.target
                    for s in SIDES
                    for p in plans[s].men.values()
                    for t in p.fires
                    if t.weapon in self.automatic
                }
                morale.after_combat(self, self._start_wounds, auto)
            if sc.cargo_removal:
                cargo.after_combat(self)
            if sc.radio:
                radio.after_combat(self)
        elif phase == "movement":
            if sc.moving_transporter:
                transporter.after_movement(self)
            if sc.cargo_removal:
                cargo.after_movement(self)
        else:
            if self.has_charges:
                breaching.after_maintenance(self, combat["workers"])
            if sc.cargo_removal:
                cargo.after_maintenance(self)

    def weapons_exchanged(self, a, b) -> None:
        if self.charges_set:
            breaching.exchanged(self, a, b)

    def _end_turn(self) -> None:
        self.radio_calls.clear()
        if self.scenario.getaway_car is not None:
            getaway_car.end_turn(self)
        if self.scenario.response_density:
            response.end_turn(self)
        if self.scenario.morale:
            self._start_wounds = {m.id: m.wounds for m in self.men.values()}

    def _check_victory(self) -> None:
        sc = self.scenario
        if not (sc.cargo_removal or sc.moving_transporter):
            return super()._check_victory()
        if sc.cargo_removal:
            st = self.cargo["state"]
            if st == "away":
                self.winner, self.win_reason = ADVERSARY, "the cargo is got off the map"
                return
            if st == "recovered":
                self.winner, self.win_reason = DEFENDER, "the guards recovered the cargo"
                return
        elif self.barrier >= sc.barrier_points_required:
            self.winner, self.win_reason = (
                ADVERSARY,
                f"{self.barrier} barrier points: the vault is open",
            )
            return
        if sc.moving_transporter and transporter.escaped(self):
            self.winner, self.win_reason = DEFENDER, "the transporter drove out of the ambush"
            return
        adv = [m for m in self.men.values() if m.side == ADVERSARY]
        out = (lambda m: not m.alive) if sc.victory == "killed" else (lambda m: not m.fit)
        if all(out(m) for m in adv):
            self.winner = DEFENDER
            self.win_reason = "all adversaries " + (
                "killed" if sc.victory == "killed" else "killed or wounded"
            )
            return
        if sc.cargo_removal and self.turn >= sc.turn_limit:
            self.winner = DEFENDER
            self.win_reason = f"the cargo is still on the map after {sc.turn_limit} turns"

    # --- information ----------------------------------------------------------------------
    def features_view(self, side: str) -> dict[str, Any]:
        """AMBUSH's part of a view (see :mod:`hexplay.games.skirmish.views`' ``ambush_rules``)."""
        sc = self.scenario
        out: dict[str, Any] = {
            "roadblock": self.roadblock,
            "vehicle_damage": {k: list(v) for k, v in self.vehicle_damage.items()},
        }
        if sc.cargo_removal:
            out["cargo"] = cargo.view(self, side)
        if sc.radio:
            r = radio.view(self, side)
            if r is not None:
                out["radio"] = r
        if sc.response_density:
            r = response.view(self, side)
            if r is not None:
                out["response"] = r
        if sc.getaway_car is not None and side in (ADVERSARY, "referee"):
            out["getaway_car"] = getaway_car.view(self)  # the convoy learns of it by sight
        if self.has_charges and side in (ADVERSARY, "referee"):
            out["charges_spent"] = list(self.charges_set)  # (who holds one is his own affair)
        if sc.morale:  # each side knows its own men's state of mind
            out["morale"] = {
                k: [m for m in v if side == "referee" or self.men[m].side == side]
                for k, v in self.morale.items()
            }
        return out

    def view(self, side: str, events: bool = True) -> dict[str, Any]:
        v = super().view(side, events)
        v["ambush_rules"] = self.features_view(side)
        return v

    def state_dict(self) -> dict[str, Any]:
        d = super().state_dict()
        d["ambush_rules"] = jsonable(
            {
                "cargo": self.cargo,
                "radio": self.radio,
                "response": self.response,
                "roadblock": self.roadblock,
                "vehicle_damage": self.vehicle_damage,
                **({"morale": self.morale} if self.scenario.morale else {}),
                **({"charges_set": self.charges_set} if self.has_charges else {}),
                **({"getaway_car": self.getaway_car} if self.scenario.getaway_car else {}),
            }
        )
        return d

    def outcome(self) -> dict[str, Any]:
        row = super().outcome()
        row.update(
            cargo=self.cargo["state"] if self.scenario.cargo_removal else None,
            cargo_away=self.cargo["state"] == "away",
            radio_through=self.radio["through"],
            response_arrival=self.response["arrival"],
            response_arrived=self.response["arrived"],
        )
        return row

    def __repr__(self) -> str:
        return (
            f"AmbushGame({self.scenario.name!r}, turn={self.turn}, phase={self.phase!r}, "
            f"barrier={self.barrier}, cargo={self.cargo['state']!r}, winner={self.winner!r})"
        )


def _by_name(name: str) -> AmbushScenario:
    """The named scenario ``name`` (a key of :func:`named_scenarios`, else a bundled file's
    name), as a new object."""
    if name == SKIRMISH_NAME:
        return _options_off()
    for n in STANDARD_SCENARIOS:
        if _read_scenario_file(n).name == name:
            return scenario_file(n)
    if name in STANDARD_SCENARIOS:
        return scenario_file(name)
    raise ScenarioError("name", f"no AMBUSH scenario {name!r}; one of {list(named_scenarios())}")
