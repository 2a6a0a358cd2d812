"""SkirmishGame: SKIRMISH on the game API (:class:`hexplay.engine.Game`).

The game is a pure function of (scenario, map, dice, commands): every state-changing call is
logged as a command (ops in :attr:`SkirmishGame.COMMANDS`), so a game saves as JSON through
:mod:`hexplay.engine.record` (scenario, map, dice seed or forced values, commands, plus a state
and dice state checked on load), replays exactly and rewinds to any turn.

Protocol mapping: set-up orders are ``choose_route`` / ``place_ambush`` / ``place``; planning
orders are Table II task codes (``kind="DF"``, ...) with the arguments of :data:`.orders.TASK_ARGS`;
:meth:`~SkirmishGame.advance` resolves the turn (:meth:`~SkirmishGame.resolve_turn`);
:meth:`~SkirmishGame.undo` takes back a plotted task (:meth:`~SkirmishGame.unplot`), or in
the set-up the side's last set-up order or a unit's placement (:meth:`~SkirmishGame.unplace`,
:mod:`.setup_undo`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

import numpy as np

from ...engine import (
    REFEREE,
    CommandLog,
    Dice,
    EventLog,
    Game,
    GameInfo,
    IllegalOrder,
    LastKnown,
    LegalOrder,
    Order,
    PlotBook,
    SaveError,
    ScenarioError,
    SimultaneousTurns,
    check_args,
    jsonable,
)
from ...engine.protocol import Reach, default_reach
from ...engine.record import load, replay_only, save_object, take_state
from . import inputs as _in
from . import setup as _setup
from . import setup_undo as _setup_undo
from . import why_not
from .arrange import arrange as _arrange
from .candidates import candidate_tasks
from .combat import attack_strength, weapon_can_harm
from .combat import odds as combat_odds
from .orders import SETUP_ARGS, TASK_ARGS, _is_default, check_task_args
from .orders import legal_orders as _legal_orders
from .plotting import SidePlan, best_weapon, check_complete, validate_side
from .record import chart_rows, position_facts, positions_from_facts, to_frame
from .resolve import (
    resolve_combat,
    resolve_maintenance,
    resolve_movement,
    shot_numbers,
    target_posture,
)
from .scenario import VEHICLE_SEATS, Scenario, validated_on
from .state import ADVERSARY, DEFENDER, SIDES, SkirmishState
from .tables import AP_PER_TURN
from .tasks import PHASE_NAMES, Task
from .views import build_view, update_sightings

FORMAT = "hexplay.skirmish.game/1"
PHASES = PHASE_NAMES

INFO = GameInfo(
    "skirmish",
    "SKIRMISH",
    SIDES,
    "simultaneous",
    "Convoy ambush (NUREG/CR-1255): adversaries stop an armoured transporter and break into "
    "its vault while the convoy's guards fight back; turns are plotted in secret.",
    order_kinds=(*SETUP_ARGS, *TASK_ARGS),
    capabilities=frozenset({"setup", "undo", "hidden_state"}),
    move_kinds=("MP", "MV"),
    attack_kinds=("DF",),
)

OUTCOME_FIELDS = (
    "winner",
    "reason",
    "turns",
    "barrier_points",
    "adversary_killed",
    "adversary_wounded",
    "defender_killed",
    "defender_wounded",
    "route",
    "ambush",
)
"""Columns of :meth:`SkirmishGame.outcome` (those hexplay.games.skirmish.analysis.runner
computes)."""

COMMANDS: dict[str, str] = {
    **Game.COMMANDS,
    "choose_route": "choose_route",
    "place_ambush": "place_ambush",
    "place": "place",
    "unplace": "unplace",
    "arrange": "arrange",
    "plot": "plot",
    "unplot": "unplot",
    "submit": "submit",
    "resolve_turn": "resolve_turn",
    "set_record_info": "set_record_info",
}
"""The closed table of command ops a SKIRMISH save may hold (op -> method replaying it):
exactly those the game logs, plus the protocol's."""


_MAPS: dict[str, Any] = {}


def _load_map(name: str):
    """A bundled map, loaded once per process (its sight and movement tables are shared)."""
    if name not in _MAPS:
        from ...maps import MapError, load_map

        try:
            _MAPS[name] = load_map(name)
        except MapError as e:  # the scenario's map field names no map
            raise ScenarioError("map", str(e)) from None
    return _MAPS[name]


def named_scenarios() -> dict[str, dict[str, Any]]:
    """SKIRMISH's named scenarios (for the registry): the basic scenario (digest §2) and the
    classic open-map game (both sides see everything, as on the original single board)."""
    basic = Scenario()
    return {
        "basic": basic.to_dict(),
        "open map": Scenario(
            name="open map",
            open_map=True,
            description="The classic one-map game: the basic scenario without fog of war.",
        ).to_dict(),
    }


def _man_ap_left(plan: SidePlan, man_id: str) -> Fraction:
    """A man's AP not yet used by his own tasks, riding or EP charges in ``plan``."""
    mp = plan.men.get(man_id)
    charge = plan.charges.get(man_id)
    if mp is None and charge is None:
        return AP_PER_TURN
    used = (mp.ap if mp else Fraction(0)) + (charge if charge is not None else Fraction(0))
    return AP_PER_TURN - used


MAX_HEXES = 1000
"""Largest ``hexes`` a plot takes (no route is this long: 10 AP move a vehicle 60 hexes);
larger counts are refused before any step is simulated."""

_TASK_FIELDS = frozenset(("code", "target", "path", "hexes", "weapon", "seat", "ap"))
"""Keys of a task dict for :meth:`SkirmishGame.plot_tasks` (``ap`` is worked out again)."""


def _row_of(t: Mapping) -> tuple:
    """A checked task dict's plot arguments after side and unit."""
    return (
        t["code"],
        t.get("target"),
        t.get("path"),
        t.get("hexes", 0),
        t.get("weapon"),
        t.get("seat"),
    )


def _task_row(t: Any) -> tuple:
    """A task dict of :meth:`SkirmishGame.plot_tasks` as plot's arguments after side and
    unit (its arguments checked against the code's: :func:`.orders.check_task_args`).

    Equals :func:`_task_row_plain` (the same row, or the same IllegalOrder: its test
    compares them): a dict whose keys are task fields (exact ``str``) and whose arguments
    the code does not take are all at their defaults is read at once; anything else goes the
    plain way."""
    if type(t) is dict and t.keys() <= _TASK_FIELDS and type(t.get("code")) is str:
        allowed = TASK_ARGS.get(t["code"].upper())  # (None: an unknown code, left to the rules)
        for k, v in t.items():
            if type(k) is not str or (
                allowed is not None
                and k not in allowed
                and k != "code"
                and k != "ap"
                and not _is_default(k, v)
            ):
                return _task_row_plain(t)  # (an argument the code does not take)
        return _row_of(t)
    return _task_row_plain(t)


def _task_row_plain(t: Any) -> tuple:
    """:func:`_task_row` checked step by step (the plain version; its errors)."""
    if not isinstance(t, Mapping) or not all(type(k) is str for k in t):
        raise IllegalOrder("plot", f"a task is a dict with string keys, not {t!r}")
    bad = set(t) - _TASK_FIELDS
    if bad or "code" not in t or type(t["code"]) is not str:
        raise IllegalOrder(
            "plot",
            f"a task is a dict with 'code' and any of {sorted(_TASK_FIELDS - {'code'})}"
            f"; got {sorted(t)}",
        )
    check_task_args(t["code"].upper(), {k: v for k, v in t.items() if k not in ("code", "ap")})
    return _row_of(t)


class SkirmishGame(SkirmishState, Game):
    """One game of SKIRMISH. Create with :meth:`new`."""

    info = INFO
    #: The scenario type a save's scenario is parsed into (AMBUSH: its own, with the options).
    SCENARIO: type[Scenario] = Scenario
    FORMAT = FORMAT
    COMMANDS = COMMANDS
    winner: str | None = None  # (an attribute here, set by the rules; the protocol's property)

    def __init__(self, scenario: Scenario, m, dice: Dice) -> None:
        validated_on(scenario, m)  # (= scenario.validate(m), remembered for a batch's games)
        self._init_state(scenario, m)
        self.dice = dice
        self.log = EventLog()
        self.commands = CommandLog()
        self.plots: PlotBook[Task] = PlotBook(SIDES)
        self.turns = SimultaneousTurns(SIDES, PHASES, scenario.turn_limit)
        self.last_known = LastKnown(SIDES)
        self.setup_done: dict[str, bool] = dict.fromkeys(SIDES, False)
        self.placed: set[str] = set()
        """Units placed by a ``place`` order this set-up (no longer open in legal_orders)."""
        self.winner: str | None = None
        self.win_reason: str | None = None
        self._chart: list[dict[str, Any]] = []
        # resolved turns whose chart rows are made when the chart is first read
        self._chart_todo: list[tuple] = []
        self.record_info: dict[str, Any] = {"date": None, "players": {}}
        self._plotted: list[tuple[int, dict[str, dict[str, tuple[Task, ...]]]]] = []
        if scenario.route:
            self.choose_route(scenario.route)
            if scenario.ambush:
                self.place_ambush(scenario.ambush)
        self.commands = CommandLog()  # scenario-fixed choices are not commands

    @classmethod
    def new(
        cls,
        scenario: Scenario | dict | None = None,
        seed: int = 0,
        map=None,
        dice: Dice | None = None,
    ) -> SkirmishGame:
        """A new game in its set-up phase (default: the basic scenario on the bundled map)."""
        if scenario is None:
            scenario = Scenario()
        elif isinstance(scenario, dict):
            scenario = Scenario.from_dict(scenario)
        elif not isinstance(scenario, Scenario):
            raise ScenarioError(
                "scenario", f"a scenario is a JSON object or None, not {type(scenario).__name__}"
            )
        if map is None:
            map = _load_map(scenario.map)
        return cls(scenario, map, dice if dice is not None else Dice(seed))

    @classmethod
    def _fresh(cls, scenario: Scenario | Mapping[str, Any], map, dice: Dice) -> SkirmishGame:
        """A game in its initial state (no commands) for :mod:`hexplay.engine.record`; a
        scenario that does not fit is a SaveError naming its field."""
        try:
            if not isinstance(scenario, cls.SCENARIO):
                if not isinstance(scenario, Mapping):
                    raise ScenarioError("scenario", "must be an object")
                scenario = cls.SCENARIO.from_dict(dict(scenario))
            return cls(scenario, map, dice)
        except ScenarioError as e:
            raise SaveError(f"scenario.{e.field}", e.message) from None
        except IllegalOrder as e:
            raise SaveError("scenario", str(e)) from None
        except (TypeError, AttributeError, KeyError, ValueError) as e:
            # (a field of the wrong type that the scenario's own checks let through)
            raise SaveError("scenario", f"not a valid {cls.info.title} scenario: {e!r}") from None

    HISTORIES = ("_plotted", "_chart", "_chart_todo")
    """Append-only records of the past a rollout copy may share (:attr:`Game.HISTORIES`)."""

    def shared(self) -> tuple:
        """What a copy shares instead of copying: the map and its per-map tables."""
        return (self.map, self.terrain)

    def scenario_dict(self) -> dict[str, Any]:
        return self.scenario.to_dict()

    # --- clock ----------------------------------------------------------------------------
    @property
    def turn(self) -> int:
        return self.turns.turn

    @property
    def phase(self) -> str:
        return self.turns.phase

    @property
    def over(self) -> bool:
        return self.turns.phase == "over"

    @property
    def turns_played(self) -> int:
        """Turns resolved so far."""
        return len(self._plotted)

    @property
    def plot_history(self) -> list[dict[str, Any]]:
        """Every resolved turn's plots: ``{"turn", "plots": {side: {unit: [task dicts]}}}``."""
        return [
            {
                "turn": turn,
                "plots": {
                    s: {u: [t.to_dict() for t in ts] for u, ts in p.items()}
                    for s, p in plots.items()
                },
            }
            for turn, plots in self._plotted
        ]

    @property
    def seed(self) -> int:
        return self.dice.seed

    @property
    def units(self) -> dict[str, dict[str, Any]]:
        """Every unit (referee knowledge) as plain dicts."""
        return self.view(REFEREE)["units"]

    def _log(self, op: str, **args: Any) -> None:
        self.commands.add(op, jsonable(args), self.turn)

    # --- protocol -------------------------------------------------------------------------
    def to_act(self) -> tuple[str, ...]:
        """Set-up: the sides whose set-up is open (the convoy's once the ambush hex is known:
        its escorts are placed relative to the transporter); planning: the sides whose plot
        is open; otherwise none."""
        if self.phase == "setup":
            return tuple(
                s
                for s in SIDES
                if not self.setup_done[s] and (s == ADVERSARY or self.ambush is not None)
            )
        if self.phase == "planning":
            return tuple(s for s in SIDES if not self.plots.submitted[s])
        return ()

    def legal_orders(self, side: str, unit: str | None = None) -> list[LegalOrder]:
        """Every order ``side`` could give now, with what each still needs (see
        :mod:`.orders`)."""
        return _legal_orders(self, side, unit)

    def order_kind_reasons(
        self, side: str, unit: str, legal: Sequence[LegalOrder] | None = None
    ) -> dict[str, str | None]:
        """The unit's Table II tasks (a man's or a vehicle's), each None or the rules' refusal
        of it now (:mod:`.why_not`); in set-up, its set-up orders."""
        return why_not.reasons(self, side, unit, legal)

    def reach(self, side: str, unit: str, legal: Sequence[LegalOrder] | None = None) -> Reach:
        """A man on foot: the MP need's cheapest paths (AP); a vehicle: the route hexes ahead
        of where its plot leaves it, one MV each (``args`` ``hexes``, 1/6 AP a hex)."""
        legal = self.legal_orders(side, unit) if legal is None else legal
        if unit in self.men:
            r = default_reach(self, side, unit, legal)
            r.kind, r.cost_unit, r.total = r.kind or "MP", "AP", float(AP_PER_TURN)
            if self.is_own(side, unit):
                r.left = float(self.ap_left(side, unit))
            return r
        out = Reach(unit=unit, kind="MV", cost_unit="AP", total=float(AP_PER_TURN), map=self.map)
        mv = next((lo for lo in legal if lo.kind == "MV"), None)
        if mv is None or not mv.needs or unit not in self.vehicles:
            return out
        vp = self.side_plan(side).vehicles.get(unit)  # (None: nothing plotted yet)
        v = self.vehicles[unit]
        pos, step = (v.pos, v.heading) if vp is None else (vp.end_pos, vp.end_heading)
        route, step = list(self.route), step or 1
        out.left = float(self.ap_left(side, unit))
        for n in mv.needs[0].options:
            idx = [pos + step * k for k in range(1, int(n) + 1)]
            if not 0 <= idx[-1] < len(route):
                continue
            path = [route[i] for i in idx if 0 <= i < len(route)]
            out[route[idx[-1]]] = {"path": path, "cost": Fraction(int(n), 6), "args": {"hexes": n}}
        return out

    def _order(self, order: Order) -> Any:
        """Set-up orders -> choose_route / place_ambush / place; task codes -> plot."""
        kind, side, a = order.kind, order.side, order.args
        if kind in SETUP_ARGS:
            check_args(order, SETUP_ARGS[kind], "§2 set-up")
            if kind == "place":
                if order.unit is None or "where" not in a:
                    raise IllegalOrder("§2 set-up", "place needs a unit and where=")
                man = self.men.get(order.unit)
                if man is not None and man.side == DEFENDER and a.get("seat") not in VEHICLE_SEATS:
                    # (legal_orders lists the seat as a need every guard's placement fills)
                    raise IllegalOrder(
                        "§2 crews",
                        f"a guard's place order names his seat {list(VEHICLE_SEATS)}, "
                        f"not {a.get('seat')!r}",
                    )
                return self.place(order.unit, a["where"], a.get("seat"), side)
            if order.unit is not None:
                raise IllegalOrder("§2 set-up", f"{kind} is a side-wide order (no unit)")
            if side != ADVERSARY:
                raise IllegalOrder("§2 set-up", f"the adversary makes the {kind} choice")
            if kind == "choose_route":
                return self.choose_route(a.get("name"))
            return self.place_ambush(a.get("hex"))
        code = kind.upper()
        if code not in TASK_ARGS:
            raise IllegalOrder(
                "Table II",
                f"unknown order kind {kind!r}: a task code ({', '.join(TASK_ARGS)}) or a set-up "
                f"order ({', '.join(SETUP_ARGS)})",
            )
        check_args(order, TASK_ARGS[code], "Table II")
        if order.unit is None:
            raise IllegalOrder("plot", f"{code} needs a unit")
        return self.plot(side, order.unit, code, **a)

    def undo(self, side: str, unit: str | None = None) -> Any:
        """Take back the last task plotted for ``unit`` (default: ``side``'s last plotted); in
        the set-up, ``side``'s last set-up order or ``unit``'s placement (:meth:`unplace`)."""
        self._check_side(side)
        if self.phase == "setup":
            return self.unplace(side, unit)
        if unit is None:
            unit = self._last_plotted(side)
            if unit is None:
                raise IllegalOrder("plot", f"the {side} plot has no task to undo")
        return self.unplot(side, unit)

    def _last_plotted(self, side: str) -> str | None:
        """The unit of ``side``'s last task still plotted this turn (from the command log)."""
        stack: list[str] = []
        start = self.commands.marks.get(self.turn, 0)
        for c in self.commands.commands[start:]:
            if c.args.get("side") != side:
                continue
            if c.op == "plot":
                stack.append(c.args["unit_id"])
            elif c.op == "unplot":
                u = c.args["unit_id"]
                k = len(stack) - 1 - stack[::-1].index(u)
                del stack[k]
        return stack[-1] if stack else None

    def advance(self) -> list[dict[str, Any]]:
        """Resolve the turn once both plots are in (:meth:`resolve_turn`)."""
        return self.resolve_turn()

    def outcome(self) -> dict[str, Any]:
        """One flat row of :data:`OUTCOME_FIELDS`: winner, reason, turns resolved, barrier
        points, each side's killed and wounded, route and ambush hex."""
        counts = {(s, c): 0 for s in SIDES for c in ("K", "W")}
        for m in self.men.values():
            c = m.condition
            if c != "fit":
                counts[(m.side, c)] += 1
        return {
            "winner": self.winner,
            "reason": self.win_reason,
            "turns": self.turns_played,
            "barrier_points": int(self.barrier),
            "adversary_killed": counts[(ADVERSARY, "K")],
            "adversary_wounded": counts[(ADVERSARY, "W")],
            "defender_killed": counts[(DEFENDER, "K")],
            "defender_wounded": counts[(DEFENDER, "W")],
            "route": self.route_name,
            "ambush": self.ambush,
        }

    # --- set-up ---------------------------------------------------------------------------
    def _setup_open(self, side: str) -> None:
        self.turns.require("setup", "set-up")
        if self.setup_done[side]:
            raise IllegalOrder("§2 set-up", f"the {side} set-up is submitted")

    def choose_route(self, name: str) -> None:
        """Adversary: the route (Route 4 or Route 7 on the bundled map)."""
        self._setup_open(ADVERSARY)
        _setup.choose_route(self, _in.text(name, "§2 route", "route name", optional=False))
        self._cache.clear()
        self._log("choose_route", name=name)

    def place_ambush(self, hex: str) -> None:
        """Adversary: the ambush hex on the route, where the transporter stands."""
        self._setup_open(ADVERSARY)
        _setup.place_ambush(self, _in.hex_label(self, hex, "§2 ambush", "ambush hex"))
        self._cache.clear()
        self._log("place_ambush", hex=self.ambush)

    def place(self, unit_id: str, where, seat: str | None = None, side: str | None = None) -> None:
        """Place a man on a hex (adversary), a guard in a vehicle, an escort at ``T±n``."""
        rule = "§2 set-up"
        unit_id = _in.text(unit_id, rule, "unit", optional=False)
        seat = _in.text(seat, rule, "seat")
        side = _in.text(side, rule, "side") or self.side_of(unit_id) or ADVERSARY
        self._check_side(side)
        self._setup_open(side)
        if isinstance(where, tuple):
            where = _in.hex_label(self, where, rule)
        _setup.place(self, side, unit_id, where, seat)
        self.placed.add(unit_id)
        self._cache.clear()
        self._log("place", unit_id=unit_id, where=where, seat=seat, side=side)

    def unplace(self, side: str, unit_id: str | None = None) -> dict[str, Any]:
        """Take back ``side``'s last set-up order (``unit_id``: that unit's last placement)
        before the side submits; the game is then the replay of the set-up orders still
        standing (see :mod:`.setup_undo`). Returns the order taken back (as a dict)."""
        rule = _setup_undo.RULE
        self._check_side(side)
        unit_id = _in.text(unit_id, rule, "unit")
        self._setup_open(side)
        cmds = _setup_undo.standing(self.commands.commands)
        drop = _setup_undo.taken_back(cmds, side, unit_id)
        first = cmds[drop[0]]
        if first.op != "place" and self.setup_done[DEFENDER]:
            raise IllegalOrder(
                rule, f"the convoy's set-up is submitted: {first.op} cannot be taken back"
            )
        gone = set(drop)
        try:
            twin = replay_only(self, [c for i, c in enumerate(cmds) if i not in gone])
        except IllegalOrder as e:
            raise IllegalOrder(
                e.rule,
                f"taking back {_setup_undo.describe(first)} leaves a later order illegal: "
                f"{e.message}",
            ) from None
        take_state(self, twin)
        self._log("unplace", side=side, unit_id=first.args.get("unit_id"))
        args = {k: v for k, v in first.args.items() if k not in ("side", "unit_id")}
        return Order(side, first.op, first.args.get("unit_id"), args).to_dict()

    def auto_setup(self, side: str, rng: np.random.Generator | int | None = None) -> None:
        """Default choices for every unplaced unit of ``side`` (recorded as placements)."""
        self._setup_open(side)
        if not isinstance(rng, np.random.Generator):
            rng = np.random.default_rng([self.seed if rng is None else int(rng), SIDES.index(side)])
        _setup.auto_setup(self, side, rng)

    def arrange(self, men=None, vehicles=None, wounds=None, turn=None, barrier=None) -> None:
        """Referee: move counters at the start of a planning phase (see :mod:`.arrange`).

        A referee command: saves holding one load only when the caller says they trust it
        (``from_json(d, referee=True)``), see :meth:`from_json`."""
        men, vehicles, wounds, turn, barrier = _in.arrangement(
            self, men, vehicles, wounds, turn, barrier
        )
        _arrange(self, men, vehicles, wounds, turn, barrier)
        self._log("arrange", men=men, vehicles=vehicles, wounds=wounds, turn=turn, barrier=barrier)

    # --- planning -------------------------------------------------------------------------
    def own_units(self, side: str) -> list[str]:
        """Units ``side`` may plot for now: its living men and the vehicles it controls."""
        men = [m.id for m in self.men.values() if m.side == side and m.alive]
        vehs = [v.id for v in self.vehicles.values() if self.controller(v) == side]
        return men + vehs

    def is_own(self, side: str, unit_id: str) -> bool:
        """``unit_id in self.own_units(side)``, without building the list."""
        m = self.men.get(unit_id)
        if m is not None:
            return m.side == side and m.alive
        v = self.vehicles.get(unit_id)
        return v is not None and self.controller(v) == side

    def orders_of(self, side: str) -> dict[str, list[Task]]:
        return {u: list(ts) for u, ts in self.plots.orders[side].items()}

    def side_plan(
        self, side: str, orders=None, changed: str | None = None, known: SidePlan | None = None
    ) -> SidePlan:
        """Validate a side's plot (its current one by default) and return the plans.

        ``known``: the validated plan of ``orders`` but for ``changed``'s (see validate_side).
        """
        if orders is None and ("side", side) in self._cache:
            return self._cache[("side", side)]
        cache = self._cache.setdefault(("plans", self.turn), {})
        current = orders is None
        plan = validate_side(
            self,
            side,
            self.orders_of(side) if current else orders,
            changed,
            cache.setdefault(side, {}),
            known,
        )
        if current:
            self._cache[("side", side)] = plan
        return plan

    def _check_side(self, side: str, referee: bool = False) -> None:
        if not isinstance(side, str) or side not in SIDES:
            raise IllegalOrder("plot", f"side must be 'adversary' or 'defender', not {side!r}")

    def plot(
        self,
        side: str,
        unit_id: str,
        code: str,
        target: str | None = None,
        path: Sequence | None = None,
        hexes: int = 0,
        weapon: str | None = None,
        seat: str | None = None,
    ) -> dict[str, Any]:
        """Add one task to a unit's plot; IllegalOrder (naming the rule) changes nothing.

        ``hexes``: MV's hexes, or the route steps toward the board of a man on foot off the
        map (MP; ``path`` then continues on the map once they reach it, see :mod:`.plotting`).
        """
        code = _in.text(code, "Table II", "task code", optional=False)
        check_task_args(
            code.upper(),
            {"target": target, "path": path, "hexes": hexes, "weapon": weapon, "seat": seat},
        )
        return self._plot(side, unit_id, [(code, target, path, hexes, weapon, seat)])[0]

    def plot_tasks(
        self, side: str, unit_id: str, tasks: Sequence[Mapping[str, Any]]
    ) -> list[dict[str, Any]]:
        """Add several tasks to a unit's plot at once, all or none: each task a dict of
        :meth:`plot`'s arguments (``{"code": "DF", "target": "X"}``, the form ``plotted``
        returns; its ``ap`` is worked out again). The command log records them as single plots,
        so a replay is the same."""
        if isinstance(tasks, (str, bytes, Mapping)) or not isinstance(tasks, Sequence):
            raise IllegalOrder("plot", f"tasks must be a list of task dicts, not {tasks!r}")
        rows = [_task_row(t) for t in tasks]
        if not rows:
            return []
        return self._plot(side, unit_id, rows)

    def plot_many(self, side: str, plots: Sequence[tuple[str, Mapping[str, Any]]]) -> None:
        """Plot a batch of tasks, for one or several units, all or none: ``plots`` is a list
        of ``(unit, task)`` pairs in plotting order, each task a dict of :meth:`plot`'s
        arguments with its ``code`` (the form of :meth:`plot_tasks`).

        Equals ``plot(side, unit, **task)`` for each pair in turn when every one of those
        plots would be accepted: the same plot, plans and command log (one ``plot`` command
        per task). Otherwise IllegalOrder (naming a broken rule) and nothing changed; a
        caller who wants the acceptable ones plots them one by one. For the computer players,
        whose plans are mostly accepted whole: the side's plot is checked once, not once per
        task.

        Why one check equals the checks one by one: each unit's tasks are checked in order
        from the start-of-turn state (:func:`.plotting.simulate_man`, ``simulate_vehicle``),
        and the rules across units only add up AP charged by vehicles and exchanges, which
        only grow as tasks are added, or need a driver for a vehicle with tasks, the same
        for every batch that holds them; so when the whole plot passes, the plot after each
        earlier task passes too. Seats are the exception (an entry may need the seat an exit
        in a later task frees): a batch with EV or EP is checked task by task, as
        :meth:`plot` does.
        """
        if isinstance(plots, (str, bytes, Mapping)) or not isinstance(plots, Sequence):
            raise IllegalOrder("plot", f"plots must be a list of (unit, task) pairs, not {plots!r}")
        self._check_side(side)
        self.turns.require("planning", "plotting")
        self.plots.check_open(side)
        staged: list[tuple[str, list[Task], list[tuple]]] = []
        for pair in plots:
            if not isinstance(pair, (tuple, list)) or len(pair) != 2:
                raise IllegalOrder("plot", f"a plot is a (unit, task) pair, not {pair!r}")
            unit_id = self._plotted_unit(side, pair[0])
            new, checked = self._task_values([_task_row(pair[1])])
            staged.append((unit_id, new, checked))
        if not staged:
            return
        current = self.plots.orders[side]
        orders = dict(current)
        plan = self._cache.get(("side", side))
        if any(t.code in ("EV", "EP") for _u, new, _c in staged for t in new):
            for unit_id, new, _c in staged:  # (seats change: as plot does, task by task)
                orders[unit_id] = [*orders.get(unit_id, ()), *new]
                plan = self.side_plan(side, orders, unit_id, plan)
                orders[unit_id] = (plan.men.get(unit_id) or plan.vehicles[unit_id]).tasks
        else:
            for unit_id, new, _c in staged:
                orders[unit_id] = [*orders.get(unit_id, ()), *new]
            if len({u for u, _n, _c in staged}) == 1:
                plan = self.side_plan(side, orders, staged[0][0], plan)
            else:
                plan = self.side_plan(side, orders)
        for unit_id in dict.fromkeys(u for u, _n, _c in staged):
            done = (plan.men.get(unit_id) or plan.vehicles[unit_id]).tasks
            self.plots.set_unit_orders(side, unit_id, done)
        self._cache[("side", side)] = plan
        for unit_id, new, checked in staged:
            self._log_plots(side, unit_id, checked, new)

    def _plotted_unit(self, side: str, unit_id: Any) -> str:
        """``unit_id`` checked as a unit ``side`` may plot for now."""
        unit_id = _in.text(unit_id, "plot", "unit", optional=False)
        owner = self.side_of(unit_id)
        if side == owner and not self.is_own(side, unit_id):
            if unit_id in self.men:
                raise IllegalOrder("Table VII", f"{unit_id} is dead: killed men do nothing")
            raise IllegalOrder("§8 vehicles", f"{unit_id} has no living {side} men aboard")
        if owner != side:
            raise IllegalOrder("plot", f"{unit_id!r} is not a {side} unit")
        return unit_id

    def _task_values(self, rows: list[tuple]) -> tuple[list[Task], list[tuple]]:
        """The tasks of ``rows`` (plot's arguments after side and unit), with the rows as
        checked: labels canonical, ids strings, counts integers."""
        new: list[Task] = []
        checked = []
        index = self.terrain.index
        for code, target, path, hexes, weapon, seat in rows:
            # labels canonical, ids strings, counts integers: the rules see only valid values
            if (
                (target is None or type(target) is str)
                and (weapon is None or type(weapon) is str)
                and (seat is None or type(seat) is str)
                and type(hexes) is int
                and -MAX_HEXES <= hexes <= MAX_HEXES
                and (
                    not path
                    or (
                        type(path) in (list, tuple)
                        and all(type(h) is str and h in index for h in path)
                    )
                )
            ):
                # the checks below, inlined for the common case (valid values as given)
                p, n = tuple(path) if path else (), hexes
            else:
                target = _in.text(target, "plot", "target")
                weapon = _in.text(weapon, "plot", "weapon")
                seat = _in.text(seat, "plot", "seat")
                p = _in.path_labels(self, path)
                # (a count below 1 is left to the rules: each task says what it needs)
                n = _in.count(hexes, "Table VIII", "hexes", -MAX_HEXES, MAX_HEXES)
            new.append(Task(code.upper(), target, p, n, weapon, seat))
            checked.append((code, target, p, n, weapon, seat))
        return new, checked

    def _log_plots(self, side: str, unit_id: str, rows: list[tuple], new: list[Task]) -> None:
        """One ``plot`` command per task of ``new`` (``rows``: their arguments as checked)."""
        turn = self.turn
        for (_c, target, _p, _h, weapon, seat), t in zip(rows, new, strict=True):
            args = {
                "side": side,
                "unit_id": unit_id,
                "code": t.code,
                "target": target,
                "path": list(t.path),
                "hexes": t.hexes,
                "weapon": weapon,
                "seat": seat,
            }
            # (checked above: already what jsonable() would make of it)
            self.commands.add("plot", args, turn)

    def _plot(self, side: str, unit_id: str, rows: list[tuple]) -> list[dict[str, Any]]:
        """Validate ``rows`` (plot's arguments after side and unit) as the unit's next tasks,
        then store and log them; IllegalOrder changes nothing."""
        self._check_side(side)
        self.turns.require("planning", "plotting")
        self.plots.check_open(side)
        unit_id = self._plotted_unit(side, unit_id)
        new, rows = self._task_values(rows)
        orders = dict(self.plots.orders[side])  # only this unit's list changes: copy that one
        orders[unit_id] = [*orders.get(unit_id, ()), *new]
        # the current plot's plans hold for every other unit: only this one is re-checked
        plan = self.side_plan(side, orders, unit_id, self._cache.get(("side", side)))
        done = (plan.men.get(unit_id) or plan.vehicles[unit_id]).tasks
        self.plots.set_unit_orders(side, unit_id, done)
        # the stored plot (validated tasks) validates to this same plan (see validate_side)
        self._cache[("side", side)] = plan
        self._log_plots(side, unit_id, rows, new)
        return [t.to_dict() for t in done[len(done) - len(new) :]]

    def unplot(self, side: str, unit_id: str) -> dict[str, Any]:
        """Undo the unit's last plotted task."""
        self._check_side(side)
        unit_id = _in.text(unit_id, "plot", "unit", optional=False)
        self.turns.require("planning", "plotting")
        orders = self.orders_of(side)
        if not orders.get(unit_id):
            raise IllegalOrder("plot", f"{unit_id} has no plotted task to undo")
        orders[unit_id].pop()
        if not orders[unit_id]:
            del orders[unit_id]
        self.side_plan(side, orders)
        t = self.plots.pop(side, unit_id)
        self._cache.pop(("side", side), None)
        self._log("unplot", side=side, unit_id=unit_id)
        return t.to_dict()

    def plotted(self, side: str, unit_id: str) -> list[dict[str, Any]]:
        return [t.to_dict() for t in self.plots.unit_orders(side, unit_id)]

    # --- what the app shell asks beside the turn (the protocol's) ----------------------------
    def default_setup(self, side: str, units: bool = True) -> None:
        """The rules' default set-up of ``side`` (:meth:`auto_setup`); ``units`` False: only
        the route and ambush hex, when the scenario leaves them open, are the rules' default
        choices (the player places his units: the order builder orders units only)."""
        if units:
            self.auto_setup(side)
            return
        if self.ambush is None:
            twin = self.copy()
            twin.auto_setup(side)
            if self.route_name is None:
                self.choose_route(twin.route_name)
            self.place_ambush(twin.ambush)

    @property
    def turn_limit(self) -> int | None:
        return int(self.scenario.turn_limit)

    def repeat_order(self, order: Order, given: Sequence[Order]) -> Order | None:
        """Same as last turn: a man on foot who walked keeps going in his direction
        (:func:`~hexplay.games.skirmish.legal.keep_going`: one MP for all of last turn's
        steps, from where he stands now; IllegalOrder when the way is blocked); every other
        order is given again as it was."""
        m = self.men.get(order.unit or "")
        if order.kind != "MP" or m is None or m.vehicle or m.hex is None:
            return order
        if any(o.unit == order.unit and o.kind == "MP" for o in given):
            return None  # his first MP already took all of last turn's steps
        from .legal import keep_going

        return keep_going(self, order.side, order.unit)

    def suggested_orders(self, side: str, unit: str) -> list[LegalOrder]:
        """A man on foot who walked last turn: "keep going" (:func:`~.legal.keep_going_order`)."""
        if unit not in self.men:
            return []
        from .legal import keep_going_order

        keep = keep_going_order(self, side, unit)
        return [keep] if keep is not None else []

    def default_orders(self, side: str) -> list[Order]:
        """Time up with a moving vehicle unplotted (§8: it must be stopped or moved): SV, the
        order that commits the player to no distance he did not choose."""
        view = self.view(side, events=False)
        plots = view.get("plot") or view.get("plots") or {}
        if side in plots and isinstance(plots[side], Mapping):
            plots = plots[side]
        out = []
        for uid, u in (view.get("units") or {}).items():
            if u.get("kind", "man") == "man" or not u.get("moving"):
                continue
            if u.get("controller", u.get("side")) != side:
                continue
            tasks = plots.get(uid, []) if isinstance(plots, Mapping) else []
            codes = {t.get("code") if isinstance(t, Mapping) else str(t) for t in tasks}
            if not codes & {"MV", "SV"}:
                out.append(Order(side, "SV", uid, {}))
        return out

    @staticmethod
    def shot_odds(event: Mapping[str, Any]) -> dict[str, float] | None:
        """P(K), P(W), P(miss) of a shot event from its attack and defence strengths (Table
        VI, :func:`~hexplay.games.skirmish.combat.combat_odds`: the resolver's own table)."""
        a, d = event.get("attack"), event.get("defence")
        if a is None or d is None:
            return None
        try:
            from .combat import combat_odds

            o = combat_odds(int(a), int(d))
        except Exception:
            return None
        return {k: float(v) for k, v in o.items()}

    def ap_left(self, side: str, unit_id: str) -> Fraction:
        """AP still free for a man (own tasks, riding and EP charges counted); for a vehicle, the
        least any man aboard has left."""
        if self.turns.phase != "planning":
            return AP_PER_TURN
        plan = self._cache.get(("side", side)) or self.side_plan(side)
        if unit_id in self.men:
            return _man_ap_left(plan, unit_id)
        men = self.men
        riders = [m for m, v in plan.riders.items() if v == unit_id and men[m].alive]
        return min((_man_ap_left(plan, r) for r in riders), default=AP_PER_TURN)

    def legal_tasks(self, side: str, unit_id: str) -> list[str]:
        """Task codes that could be added to the unit's plot now."""
        if self.phase != "planning" or self.plots.submitted.get(side, True):
            return []
        if unit_id not in self.own_units(side):
            return []
        orders = self.orders_of(side)
        plan = self.side_plan(side, orders)
        cur = plan.men.get(unit_id)
        codes: list[str] = []
        for t in candidate_tasks(self, side, unit_id, cur):
            if t.code in codes:
                continue
            trial = {u: list(ts) for u, ts in orders.items()}
            trial.setdefault(unit_id, []).append(t)
            try:
                self.side_plan(side, trial, unit_id)
            except IllegalOrder:
                continue
            codes.append(t.code)
        return codes

    def complete_plot(self, side: str) -> None:
        """Plot SV (else MV 1) for each of ``side``'s moving vehicles left without either, as
        submitting requires (§8); for samplers and helpers that plot random orders."""
        plan = self.side_plan(side)
        for v in self.vehicles.values():
            if not v.moving or self.controller(v) != side:
                continue
            vp = plan.vehicles.get(v.id)
            if vp is None or not any(t.code in ("MV", "SV") for t in vp.tasks):
                for code, n in (("SV", 0), ("MV", 1)):
                    try:
                        self.plot(side, v.id, code, hexes=n)
                        break
                    except IllegalOrder:
                        continue

    def check_submit(self, side: str) -> None:
        """The checks of :meth:`submit` (what it refuses), changing nothing."""
        self._check_side(side)
        if self.phase == "setup":
            self._setup_open(side)
            _setup.check_setup_done(self, side)
            return
        self.turns.require("planning", "submitting a plot")
        self.plots.check_open(side)
        check_complete(self, side, self.side_plan(side))

    def submit(self, side: str) -> None:
        """Lock a side's set-up or plot; plots stay secret until both sides have submitted."""
        self.check_submit(side)
        if self.phase == "setup":
            self.setup_done[side] = True
            self._log("submit", side=side)
            if all(self.setup_done.values()):
                self.turns.start()
                update_sightings(self)
                self.commands.mark_turn(1)
            return
        self.plots.submit(side)
        self._log("submit", side=side)

    # --- resolution -----------------------------------------------------------------------
    def resolve_turn(self, events: bool = True) -> list[dict[str, Any]]:
        """Combat -> movement -> maintenance -> record and victory; returns the turn's events
        (as the referee sees them; ``events=False``: an empty list, for a loop that does not
        read them: they stay in the log)."""
        self.turns.require("planning", "resolution")
        if not self.plots.all_submitted:
            waiting = [s for s, ok in self.plots.submitted.items() if not ok]
            raise IllegalOrder("§4 sequence of play", f"waiting for the {waiting} plot(s)")
        self._log("resolve_turn")
        first = len(self.log)
        turn = self.turn
        plans = {s: self.side_plan(s) for s in SIDES}
        start = position_facts(self)
        start_wounds = {m.id: m.wounds for m in self.men.values()}
        self.dice.turn = turn
        combat = budgets = None
        for phase in self.turns.run_phases():
            if phase == "combat":
                combat = resolve_combat(self, plans, self.log)
            elif phase == "movement":
                budgets = resolve_movement(self, plans, combat, start_wounds, self.log)
            else:
                resolve_maintenance(self, plans, combat, budgets, start_wounds, self.log)
            self._after_phase(phase, plans, combat)
        self._chart_todo.append((turn, start, plans, position_facts(self), self.barrier))
        self._plotted.append(
            (turn, {s: {u: tuple(ts) for u, ts in self.plots.orders[s].items()} for s in SIDES})
        )
        self._check_victory()
        self.turns.next_turn(self.winner is not None)
        if self.over and self.winner is None:
            self.winner, self.win_reason = (
                DEFENDER,
                (
                    f"{self.scenario.barrier_points_required} barrier points prevented for "
                    f"{self.scenario.turn_limit} turns"
                ),
            )
        if self.over:
            self.log.add(
                turn,
                "maintenance",
                "game over",
                {"winner": self.winner, "reason": self.win_reason},
                visible_to=SIDES,
            )
        self.plots.clear()
        self._cache.clear()
        self._end_turn()
        update_sightings(self)
        if not self.over:
            self.commands.mark_turn(self.turn)
        if not events:
            return []
        return [e.for_side(REFEREE) for e in self.log.since(first)]

    def _after_phase(self, phase: str, plans: dict[str, SidePlan], combat: Any) -> None:
        """Hook after each resolution phase (AMBUSH's features; nothing in SKIRMISH)."""

    def _end_turn(self) -> None:
        """Hook at the end of a resolved turn, before sightings (nothing in SKIRMISH)."""

    def _check_victory(self) -> None:
        sc = self.scenario
        if self.barrier >= sc.barrier_points_required:
            self.winner, self.win_reason = (
                ADVERSARY,
                (f"{self.barrier} barrier points: the vault is open"),
            )
            return
        adv = [m for m in self.men.values() if m.side == ADVERSARY]
        out = (lambda m: not m.alive) if sc.victory == "killed" else (lambda m: not m.fit)
        if all(out(m) for m in adv):
            self.winner = DEFENDER
            self.win_reason = "all adversaries " + (
                "killed" if sc.victory == "killed" else "killed or wounded"
            )

    # --- information ----------------------------------------------------------------------
    def view(self, side: str, events: bool = True) -> dict[str, Any]:
        """What ``side`` ("adversary", "defender" or "referee") may know, as plain JSON.

        ``events=False`` leaves out the event history (cheaper, for computer players).
        """
        return build_view(self, side, events)

    def odds(
        self,
        firer_id: str,
        target_id: str,
        weapon: str | None = None,
        hexes_moved: int | None = None,
    ) -> dict[str, Any]:
        """Exact K/W/miss distribution of a shot now, with the numbers behind it.

        ``hexes_moved`` is the target's plotted movement (default: its plot when both plots
        are known, else 0). ``possible`` is False with a ``reason`` when fire is impossible
        (a man never fires at himself or a friend). Ids must be strings, ``weapon`` a string
        or None, ``hexes_moved`` a whole number >= 0 or None (IllegalOrder otherwise).
        """
        if not (
            type(firer_id) is str
            and type(target_id) is str
            and (weapon is None or type(weapon) is str)
            and (hexes_moved is None or (type(hexes_moved) is int and hexes_moved >= 0))
        ):
            _in.text(firer_id, "odds", "firer", optional=False)
            _in.text(target_id, "odds", "target", optional=False)
            _in.text(weapon, "odds", "weapon")
            _in.count(hexes_moved, "odds", "hexes_moved", 0, MAX_HEXES)
        f, t = self.men.get(firer_id), self.men.get(target_id)
        if f is not None and t is not None and f.side == t.side:
            reason = "a man does not fire at himself" if f is t else "fire is at enemy men"
            return {
                "firer": firer_id,
                "target": target_id,
                "possible": False,
                "reason": f"Table III: {reason}",
            }
        # with the target's movement given, the answer is a pure function of the key's facts
        key = got = None
        if f is not None and t is not None and type(hexes_moved) is int:
            key, got = self.memoized_odds(f, t, weapon, hexes_moved)
            if got is not None:  # (the key holds only shots both men can take part in)
                return {"firer": firer_id, "target": target_id, **got}
        out: dict[str, Any] = {
            "firer": firer_id,
            "target": target_id,
            "possible": False,
            "reason": None,
        }
        if f is None or t is None:
            out["reason"] = self._no_man_reason(firer_id, target_id, f is None)
            return out
        fh, th = self.man_hex(f), self.man_hex(t)
        if not f.alive or not t.alive:
            out["reason"] = "Table VII: dead men neither fire nor need shooting"
            return out
        if fh is None or th is None:
            out["reason"] = "§8 off-board: a man off the map cannot fire or be fired at"
            return out
        if f.vehicle and self.vehicles[f.vehicle].moving:
            out["reason"] = "Table V: personnel in a moving vehicle cannot fire"
            return out
        rest: dict[str, Any] = {"possible": False, "reason": None}
        self._shot_odds(rest, f, t, fh, th, weapon, hexes_moved)
        out.update(rest)
        if key is not None:
            self.terrain.remember(key, rest)
        return out

    def _no_man_reason(self, firer_id: str, target_id: str, no_firer: bool) -> str:
        """Why :meth:`odds` has no shot when the firer or the target is not a man."""
        who = firer_id if no_firer else target_id
        if who in self.vehicles:
            if no_firer:
                return f"Table V: {who} is a vehicle: it has no weapon (the men aboard fire)"
            return f"Table V: fire is at men: {who} is a vehicle (click a man aboard)"
        return f"unknown man {who!r}"

    def shot_answer(self, f, t, weapon: str | None = None, hexes_moved: int = 0) -> dict:
        """:meth:`odds` of two men (``Man`` objects, enemies) with the target's movement given,
        without the ``firer``/``target`` keys: the memoized answer (a dict shared by every
        caller, not to be changed), else worked out once and memoized. Equals
        ``odds(f.id, t.id, weapon, hexes_moved)`` but for those two keys; the memo key is
        made once (:meth:`odds` on a miss would make it again), for computer players and the
        plot checks that ask for many shots."""
        key = self._odds_key(f, t, weapon, hexes_moved) if f.side != t.side else None
        if key is None:
            out = self.odds(f.id, t.id, weapon, hexes_moved)
            return {k: v for k, v in out.items() if k not in ("firer", "target")}
        got = self.terrain.memo.get(key)
        if got is None:
            got = {"possible": False, "reason": None}
            self._shot_odds(got, f, t, self.man_hex(f), self.man_hex(t), weapon, hexes_moved)
            self.terrain.remember(key, got)
        return got

    def shot_answers(self, f, targets) -> list[dict]:
        """``[shot_answer(f, t) for t in targets]`` (no weapon given, the target not moving):
        the firer's part of the memo key (:meth:`_odds_key`) made once for all the targets,
        for a computer player weighing one man's shots."""
        route = self.route
        n = len(route)
        fh = None
        if f.wounds < 2:
            if f.vehicle:
                v = self.vehicles[f.vehicle]
                if not v.moving and 0 <= v.pos < n:
                    fh = route[v.pos]
            else:
                fh = f.hex
        if fh is None:
            return [self.shot_answer(f, t) for t in targets]
        blockers = self._cache.get("blockers") or self.blockers()
        fire_blockers = self.terrain.fire_blockers
        memo = self.terrain.memo
        side, gun, armed, hurt = f.side, f.long_gun, f.armed, f.wounds == 1
        aboard = f.vehicle is not None
        out = []
        for t in targets:
            th = None
            if t.wounds < 2 and t.side != side:
                if t.vehicle:
                    pos = self.vehicles[t.vehicle].pos
                    th = route[pos] if 0 <= pos < n else None
                else:
                    th = t.hex
            if th is None:
                out.append(self.shot_answer(f, t))
                continue
            fb = fire_blockers(fh, th, blockers)
            key = ("odds", fh, th, fb, None, 0, gun, armed, hurt, aboard, bool(t.vehicle))
            got = memo.get(key)
            if got is None:
                got = {"possible": False, "reason": None}
                self._shot_odds(got, f, t, fh, th, None, 0)
                self.terrain.remember(key, got)
            out.append(got)
        return out

    def memoized_odds(self, f, t, weapon: str | None, hexes_moved: int) -> tuple:
        """(memo key, memoized answer or None) of :meth:`odds` for these men; the key is None
        when the shot is not memoized (see :meth:`_odds_key`)."""
        key = self._odds_key(f, t, weapon, hexes_moved)
        return key, (self.terrain.memo.get(key) if key is not None else None)

    def _odds_key(self, f, t, weapon: str | None, hexes_moved: int) -> tuple | None:
        """Memo key of :meth:`odds` for a shot both living men on the map can take part in
        (None otherwise: no memo)."""
        # (man_hex, alive and wounded inlined: this runs for every odds asked)
        fw, tw = f.wounds, t.wounds
        if fw >= 2 or tw >= 2:
            return None
        route = self.route
        n = len(route)
        if f.vehicle:
            v = self.vehicles[f.vehicle]
            if v.moving:
                return None
            fh = route[v.pos] if 0 <= v.pos < n else None
        else:
            fh = f.hex
        if t.vehicle:
            pos = self.vehicles[t.vehicle].pos
            th = route[pos] if 0 <= pos < n else None
        else:
            th = t.hex
        if fh is None or th is None:
            return None
        blockers = self._cache.get("blockers") or self.blockers()
        return (
            "odds",
            fh,
            th,
            self.terrain.fire_blockers(fh, th, blockers),
            weapon,
            hexes_moved,
            f.long_gun,
            f.armed,
            fw == 1,
            f.vehicle is not None,
            bool(t.vehicle),
        )

    def _shot_odds(self, out, f, t, fh, th, weapon, hexes_moved) -> None:
        """Fill in :meth:`odds`' answer for a shot both men can take part in: equals
        :meth:`_shot_odds_plain`.

        With the target's movement given, all of the answer but the line of sight is a pure
        function of the tables and of (weapon asked, firer's long gun, armed, impaired,
        target aboard, range, the target's Table IV row, hexes moved): it is worked out once
        per map (the terrain's memo) and copied in, not looked up in five tables each time.
        """
        if hexes_moved is None:
            self._shot_odds_plain(out, f, t, fh, th, weapon, hexes_moved)
            return
        terrain = self.terrain
        if not terrain.sees(fh, th, self.blockers()):
            out["reason"] = f"Table III: no line of sight from {fh} to {th}"
            return
        rng = terrain.distance(fh, th)
        row = target_posture(self, {}, fh, t)[0]
        impaired = f.wounded or f.vehicle is not None
        key = ("shot odds", weapon, f.long_gun, f.armed, impaired, bool(t.vehicle), rng, row)
        key += (hexes_moved,)
        got = terrain.memo.get(key)
        if got is None:
            # (every caller's ``out`` starts as this: updating it with the answer made on a
            # fresh one gives the same keys in the same order)
            got = {"possible": False, "reason": None}
            self._shot_odds_plain(got, f, t, fh, th, weapon, hexes_moved)
            terrain.remember(key, got)
        out.update(got)

    def _shot_odds_plain(self, out, f, t, fh, th, weapon, hexes_moved) -> None:
        """Fill in :meth:`odds`' answer for a shot both men can take part in (the plain
        version :meth:`_shot_odds` equals)."""
        if not self.terrain.sees(fh, th, self.blockers()):
            out["reason"] = f"Table III: no line of sight from {fh} to {th}"
            return
        rng = self.terrain.distance(fh, th)
        w = weapon or best_weapon(self, f, t, rng) or (f.long_gun if f.armed else "pistol")
        out["weapon"] = w
        if not weapon_can_harm(w, "vehicle" if t.vehicle else "open"):
            out["reason"] = f"Table V: a {w} cannot hurt a man inside a vehicle"
            return
        if hexes_moved is None:
            plans: dict[str, Any] = {}
            if self.plots.all_submitted and self.phase == "planning":
                plans = {s: self.side_plan(s) for s in SIDES}
            n = shot_numbers(self, plans, f, t, w)
            o = n.pop("odds")
        else:  # the numbers of shot_numbers with the target's movement given
            att = attack_strength(w, rng, f.wounded or f.vehicle is not None)
            row, _moved = target_posture(self, {}, fh, t)
            dfn = self.terrain.defence_strength(row, hexes_moved)
            o = combat_odds(att, dfn) if att else None
            n = {
                "range": rng,
                "attack": att,
                "defence": dfn,
                "terrain": row,
                "hexes_moved": hexes_moved,
            }
        out.update(n)
        if o is None:
            out["reason"] = f"Table V: a {w} at range {rng} has attack strength 0"
            return
        out.update(
            possible=True,
            ratio=o.ratio,
            column=o.column,
            column_label=o.column_label,
            K=o.kill,
            W=o.wound,
            miss=o.miss,
        )

    def plotted_odds(self, side: str, unit_id: str) -> list[dict[str, Any]]:
        """Odds of each shot in a unit's plot (the target's plotted movement once both plots
        are known, else assumed 0)."""
        return [
            self.odds(unit_id, t.target, weapon=t.weapon)
            for t in self.plots.unit_orders(side, unit_id)
            if t.code == "DF"
        ]

    # --- record ---------------------------------------------------------------------------
    @property
    def chart(self) -> list[dict[str, Any]]:
        """The activity chart's rows so far (made from each resolved turn's snapshots and
        validated plans, which never change afterwards, when first asked for)."""
        todo, self._chart_todo = self._chart_todo, []
        for turn, start, plans, end, barrier in todo:
            start, end = positions_from_facts(self, start), positions_from_facts(self, end)
            self._chart.extend(chart_rows(self, turn, start, plans, end, barrier))
        return self._chart

    def record(self) -> list[dict[str, Any]]:
        """Activity-chart rows: one per unit per resolved turn."""
        return [dict(r) for r in self.chart]

    def record_frame(self):
        """The activity chart as a pandas DataFrame (``.to_csv()`` for CSV)."""
        return to_frame(self.chart)

    def dice_frame(self):
        """Every die roll as a pandas DataFrame."""
        return to_frame([r.to_dict() for r in self.dice.rolls])

    def set_record_info(
        self, date: str | None = None, players: dict[str, str] | None = None
    ) -> None:
        """Date and players' names for the record (digest §10); a logged command, so saves keep
        them. ``players``: side (or subgroup) -> name; given values replace the earlier ones."""
        date = _in.text(date, "§10 record", "date")
        players = _in.mapping(players, "§10 record", "players")
        for v in players.values():
            _in.text(v, "§10 record", "a player's name", optional=False)
        if date is not None:
            self.record_info["date"] = date
        self.record_info["players"].update(players)
        self._log("set_record_info", date=date, players=players)

    def record_header(self) -> dict[str, Any]:
        return {
            "scenario": self.scenario.name,
            "date": self.record_info["date"],
            "players": dict(self.record_info["players"]),
            "route": self.route_name,
            "ambush": self.ambush,
            "seed": self.seed,
            "barrier_points": self.barrier,
            "winner": self.winner,
            "reason": self.win_reason,
            "turns": self.turns_played,
        }

    # --- persistence ----------------------------------------------------------------------
    def snapshot(self) -> dict[str, Any]:
        return jsonable(
            {**self.state_dict(), "turn": self.turn, "phase": self.phase, "winner": self.winner}
        )

    @classmethod
    def from_json(cls, d: Mapping[str, Any] | str | bytes, referee: bool = False) -> SkirmishGame:
        """Load a save (a dict or its JSON text) by replaying its commands through the rules
        (hexplay.engine.record): SaveError (naming the field or command) for anything that
        does not fit.

        Decision: a SKIRMISH save must hold the ``state`` and ``dice_state`` its commands
        lead to (every save this game writes does), so a changed scenario, map or dice that
        the commands still fit is caught too. ``arrange`` (moving, healing or wounding men
        by hand) is a referee command: a save holding one loads only with ``referee=True``,
        when the caller trusts where the save came from (a lesson, a worked example, a
        test), so a played game's save cannot heal men.
        """
        d = save_object(d)
        if isinstance(d, Mapping):
            for k in ("state", "dice_state"):
                if k not in d:
                    raise SaveError(k, "missing: a SKIRMISH save holds the state it leads to")
            cmds = d.get("commands")
            if isinstance(cmds, list) and not referee:
                for i, c in enumerate(cmds):
                    if isinstance(c, Mapping) and c.get("op") == "arrange":
                        raise SaveError(
                            f"commands[{i}].op",
                            "arrange is a referee command; load a referee-arranged game "
                            "with from_json(save, referee=True)",
                        )
        try:
            game = load(cls, d)
        except SaveError:
            raise
        except (TypeError, AttributeError, KeyError, IndexError, ValueError, RecursionError) as e:
            # the last line of defence: a value of a wrong type deep in a field the loaders
            # let through is still the save's fault, said as such (never a bare traceback)
            raise SaveError("save", f"malformed: {type(e).__name__}: {e}") from None
        assert isinstance(game, SkirmishGame)
        return game

    def __repr__(self) -> str:
        return (
            f"SkirmishGame({self.scenario.name!r}, turn={self.turn}, phase={self.phase!r}, "
            f"barrier={self.barrier}, winner={self.winner!r})"
        )
