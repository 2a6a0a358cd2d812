"""NavalGame: the SMS night action on the platform's game API (:mod:`hexplay.engine.protocol`).

Each game-turn runs the article's phases A-F:

* A. sight determination (when the turn opens: rule (b) and the (c) candidates,
  :mod:`.spotting`);
* B. operation plot: both sides plot orders (``legal_orders`` / ``order`` / ``undo``) and
  ``submit``; plots are secret until the end of the game;
* C-E. ``advance()``: board movement, combat resolution (results placed), results applied
  (:mod:`hexplay.games.naval.resolve`);
* F. game-turn indication: reinforcements, victory points, the next sight phase.

Order kinds (per ship, in the plot): ``gunnery`` (target), ``radar`` (USN after 8/1/43: the
nearest enemy within 10 hexes), ``torpedo`` (target), ``ahead``, ``turn`` (side left/right),
``facing`` (turn in place to a facing), ``move`` (a path of hexes; turns implied, the fewest),
``speed`` (final speed), and ``plot`` (a ship's whole plot at once: ``steps``, ``speed``,
``gunnery``, ``torpedo``, ``radar``; all or nothing, the same checks; not listed by
``legal_orders`` since it is those orders together). Unplotted movement points are spent
ahead when the turn resolves; an unplotted final speed keeps the start speed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from ...engine import (
    CommandLog,
    Dice,
    Game,
    GameInfo,
    IllegalOrder,
    LegalOrder,
    Need,
    Order,
    ScenarioError,
    check_args,
    jsonable,
)
from ...engine.protocol import Reach
from ...hexgrid import Hex, distance
from . import crt, why_not
from . import torpedo as torp
from .classes import CLASSES
from .movement import (
    FACINGS,
    MAX_TURN_PER_HEX,
    Walk,
    Waters,
    complete_walk_memo,
    facing_index,
    legal_steps,
    reach_table,
    reachable,
    speed_legal,
    speed_options,
    steps_for_path,
    walk_memo,
)
from .plots import ShipPlot, chart_row
from .resolve import (
    apply_results,
    exit_ship,
    gun_strength,
    resolve_combat,
    torpedo_range,
    torpedo_strength,
)
from .scenarios import Scenario, load_scenario, scenarios, sea_map
from .ships import AFLOAT, EXITED, IJN, RESERVE, SIDES, SUNK, USN, Ship, enemy_of
from .spotting import REASONS, follow_on, spotted_for_turn, spotted_in_range
from .victory import level_memo, ratio, victory_points, winner_of
from .views import build_view

FORMAT = "hexplay.naval.game/1"
PLOT, OVER = "plot", "over"

ORDER_ARGS: dict[str, tuple[str, ...]] = {
    "gunnery": ("target",),
    "radar": (),
    "torpedo": ("target",),
    "ahead": (),
    "turn": ("side",),
    "facing": ("facing",),
    "move": ("path",),
    "speed": ("speed",),
    "plot": ("steps", "speed", "gunnery", "torpedo", "radar"),
}
"""Order kinds and the arguments each takes (strict)."""

_ARG_SETS = {k: frozenset(v) for k, v in ORDER_ARGS.items()}

_WATERS: dict[int, tuple[Any, Waters]] = {}


_LABELS: dict[int, tuple[Any, dict[Hex, str]]] = {}


def labels_of(m) -> dict[Hex, str]:
    """Hex -> label for every hex of the map (equal to ``m.label``; made once per map)."""
    hit = _LABELS.get(id(m))
    if hit is None or hit[0] is not m:
        hit = (m, dict(zip(m.hexes, m.hex_labels)))
        _LABELS[id(m)] = hit
    return hit[1]


def waters_of(m) -> Waters:
    """The map's sea/land sets, made once per map object."""
    hit = _WATERS.get(id(m))
    if hit is None or hit[0] is not m:
        hit = (m, Waters(m))
        _WATERS[id(m)] = hit
    return hit[1]


_SCALARS = (str, int, bool, float, type(None))


def _plain(v: Any) -> Any:
    """Equal to :func:`hexplay.engine.jsonable` on the values naval commands hold."""
    t = type(v)
    if t is dict:
        return {str(k): _plain(x) for k, x in v.items()}
    if t is list or t is tuple:
        return [_plain(x) for x in v]
    if t is str or t is int or t is bool or v is None or t is float:
        return v
    return jsonable(v)


def _flat(a: Mapping[str, Any]) -> bool:
    """True if every value of ``a`` is a scalar or a list/tuple of strings (equal to the
    ``all(...)`` test it replaced in :meth:`NavalGame._log`; one loop, no generators)."""
    for v in a.values():
        t = type(v)
        if t in _SCALARS:
            continue
        if t is not list and t is not tuple:
            return False
        for x in v:
            if type(x) is not str:
                return False
    return True


_BUNDLED: dict[str, Scenario] = {}


def _bundled() -> dict[str, Scenario]:
    """The bundled scenarios, validated once (games only read their scenario)."""
    if not _BUNDLED:
        _BUNDLED.update({k: load_scenario(v) for k, v in scenarios().items()})
    return _BUNDLED


class NavalGame(Game):
    """One SMS naval night action. Create with :meth:`new`."""

    info = GameInfo(
        "naval",
        "Naval night action (CA)",
        SIDES,
        "simultaneous",
        "SPI's CA with the Moves #11 simultaneous movement, torpedo procedure and night "
        "spotting; ship ratings and tables are hexplay's.",
        order_kinds=tuple(ORDER_ARGS),
        capabilities=frozenset({"undo", "hidden_state"}),
        move_kinds=("move",),
        attack_kinds=("gunnery", "torpedo"),
    )
    FORMAT = FORMAT

    def __init__(self, scenario: Scenario, m, dice: Dice) -> None:
        self.scenario = scenario
        self.map = m
        self.waters = waters_of(m)
        self.label = labels_of(m).__getitem__
        self.dice = dice
        self.commands = CommandLog()
        self.ships: dict[str, Ship] = {}
        for s in scenario.ships:
            k = s.cls
            self.ships[s.id] = Ship(
                id=s.id,
                side=s.side,
                cls=k,
                hex=m.hex(s.hex),
                facing=facing_index(s.course),
                speed=s.speed,
                status=AFLOAT if s.enter_turn <= 1 else RESERVE,
                salvos=1 if s.supply else 1 + CLASSES[k].reloads,
                troops=s.troops,
                supply=s.supply,
                enter_turn=s.enter_turn,
            )
        self._turn = 1
        self._phase = PLOT
        self.plots: dict[str, dict[str, ShipPlot]] = {s: {} for s in SIDES}
        self.submitted = dict.fromkeys(SIDES, False)
        self._undo: dict[str, list[tuple[str, ShipPlot | None]]] = {s: [] for s in SIDES}
        self.last_targets: list[str] = []
        self.spotted_b: dict[str, str] = {}
        self.follow_on: set[str] = set()
        self._chart_raw: list[tuple[int, list[tuple]]] = []
        self._chart_rows: list[dict[str, Any]] = []
        self.history: list[dict[str, Any]] = []
        self.end: dict[str, Any] | None = None
        self._paths: dict[tuple, Any] = {}
        self._known: dict[tuple, list[str]] = {}
        self._victory: tuple | None = None
        self._static: dict[str, dict[str, Any]] = {}
        self.sea_dict = scenario.sea.model_dump(mode="json")
        self.commands.mark_turn(1)
        self.dice.turn = 1
        self._sight()

    # --- construction ---------------------------------------------------------------------
    @classmethod
    def new(cls, scenario: Any = None, seed: int = 0, dice: Dice | None = None, **kw: Any):
        """A new game of ``scenario`` (a bundled name, a dict, JSON text or a Scenario;
        default Kula Gulf)."""
        if kw:
            raise TypeError(f"NavalGame.new takes no {sorted(kw)}")
        if scenario is None:
            scenario = "kula_gulf"
        if isinstance(scenario, str) and scenario in _bundled():
            sc = _bundled()[scenario]
        else:
            sc = load_scenario(scenario)
        return cls(sc, sea_map(sc), dice if dice is not None else Dice(seed))

    @classmethod
    def _fresh(cls, scenario: Any, map: Any, dice: Any) -> NavalGame:
        try:
            sc = load_scenario(scenario)
        except ScenarioError as e:
            from ...engine import SaveError

            raise SaveError("scenario", str(e)) from None
        return cls(sc, map, dice)

    def scenario_dict(self) -> dict[str, Any]:
        return self.scenario.to_dict()

    # --- clock ----------------------------------------------------------------------------
    @property
    def turn_limit(self) -> int | None:
        """The scenario's last turn (game-turns)."""
        return int(self.scenario.turns)

    def repeat_order(self, order: Order, given: Sequence[Order]) -> Order | None:
        """ "Same as last turn": a ship repeats last turn's manoeuvre from where it is now
        (:func:`hexplay.games.naval.repeat.repeat_order`); an attack is given as it was."""
        from .repeat import repeat_order

        return repeat_order(self, order, list(given))

    @property
    def turn(self) -> int:
        return self._turn

    @property
    def phase(self) -> str:
        return self._phase

    @property
    def over(self) -> bool:
        return self._phase == OVER

    def to_act(self) -> tuple[str, ...]:
        if self.over:
            return ()
        return tuple(s for s in SIDES if not self.submitted[s])

    # --- what a side knows ----------------------------------------------------------------
    def _sight(self) -> None:
        """Phase A: rule (b) and the (c) candidates."""
        self.spotted_b = spotted_in_range(self.ships.values(), self.scenario.spotting_range)
        self.follow_on = {
            t for t in follow_on(self.last_targets, self.spotted_b) if self.ships[t].afloat
        }

    def spotting_status(self, ship_id: str) -> tuple[str | None, str]:
        """(reason code or None, why) for a ship at this turn's plot."""
        if ship_id in self.spotted_b:
            return "b", f"{REASONS['b']} ({self.spotted_b[ship_id]})"
        if ship_id in self.follow_on:
            return "c", REASONS["c"]
        return None, "not spotted"

    def known_enemies(self, side: str) -> list[str]:
        """Enemy ships ``side`` may see now: spotted (b) or (c) candidates, on the map
        (fixed for the whole plot: made once per turn)."""
        key = (self._turn, side)
        hit = self._known.get(key)
        if hit is None:
            hit = self._known[key] = [
                s.id
                for s in self.ships.values()
                if s.side != side
                and s.afloat
                and (s.id in self.spotted_b or s.id in self.follow_on)
            ]
        return hit

    def gunnery_targets(self, side: str) -> list[str]:
        return self.known_enemies(side)

    def torpedo_targets(self, side: str) -> list[str]:
        return [t for t in self.known_enemies(side) if t in self.spotted_b]

    # --- plotting -------------------------------------------------------------------------
    def _plot_of(self, side: str, sid: str) -> ShipPlot:
        return self.plots[side].get(sid) or ShipPlot()

    def _walk(self, s: Ship, steps) -> Walk:
        return walk_memo(s.hex, s.facing, steps, s.speed, s.klass.turn_cost, self.waters)

    def plotted(self, ship_id: str) -> dict[str, Any]:
        """A ship's plotted path as the plot stands: points, cost, points left, hexes, end
        hex and facing, final speed (what an app shows while building a plot)."""
        s = self._ship(ship_id)
        p = self._plot_of(s.side, ship_id)
        w = self._walk(s, p.steps) if s.hex is not None else None
        if w is None:
            return {"ship": ship_id, "mp": 0, "cost": 0, "left": 0, "hexes": [], "end": None}
        final = p.speed if p.speed is not None else min(s.speed, s.top_speed)
        return {
            "ship": ship_id,
            "mp": s.speed,
            "cost": w.spent,
            "left": s.speed - w.spent,
            "steps": "".join(p.steps),
            "hexes": [self.label(h) for h in w.hexes],
            "end": None if w.exited else self.label(w.end),
            "facing": FACINGS[w.facing],
            "final_speed": final,
            "final": f"{final}/{FACINGS[w.facing]}",
            "left_map": w.exited,
            "speed_options": speed_options(s.speed, s.top_speed),
        }

    def reach(self, side: str, unit: str, legal: Any = None) -> Reach:
        """Hexes the side's ship ``unit`` can enter after its plotted steps within its points,
        each with the fewest MP and the hexes entered (one ``move`` order, its ``path``; the
        engine adds the turns); cached per (turn, ship, plotted steps)."""
        s = self.ships.get(unit) if isinstance(unit, str) else None
        out = Reach(unit=unit, kind="move", need="path", cost_unit="MP", map=self.map)
        if s is None or s.side != side or s.hex is None or s.status != "afloat" or self.over:
            return out
        steps = tuple(self._plot_of(side, unit).steps)
        key = ("reach", self.turn, unit, steps, s.hex, s.facing, s.speed)
        cache = self.__dict__.setdefault("_reach_cache", {})
        table = cache.get(key)
        if table is None:
            if len(cache) > 256:
                cache.clear()
            labels = self.__dict__.get("_labels_by_hex")
            if labels is None:
                labels = self._labels_by_hex = dict(zip(self.map.hexes, self.map.hex_labels))
            table = cache[key] = reach_table(
                s.hex, s.facing, steps, s.speed, s.klass.turn_cost, self.waters, labels
            )
        for lab, (cost, path) in table.items():
            out[lab] = {"path": list(path), "cost": cost, "args": {"path": list(path)}}
        out.total = float(s.speed)
        out.left = float(s.speed - self._walk(s, list(steps)).spent) if steps else float(s.speed)
        return out

    def path_cost(self, ship_id: str, steps) -> dict[str, Any]:
        """The cost and end of a candidate step list for a ship (not plotted); IllegalOrder
        if the rules refuse it."""
        s = self._ship(ship_id)
        w = self._walk(s, list(steps))
        return {
            "cost": w.spent,
            "left": s.speed - w.spent,
            "end": None if w.exited else self.label(w.end),
            "facing": FACINGS[w.facing],
            "left_map": w.exited,
        }

    def _ship(self, ship_id: Any) -> Ship:
        if not isinstance(ship_id, str) or ship_id not in self.ships:
            raise IllegalOrder("order", f"no ship {ship_id!r}")
        return self.ships[ship_id]

    def order_kind_reasons(self, side: str, unit: str, legal=None) -> dict[str, str | None]:
        """A ship's order kinds (the whole ``plot`` aside), each None or the plot check's
        refusal now (:mod:`.why_not`)."""
        return why_not.reasons(self, side, unit, legal)

    def legal_orders(self, side: str, unit: str | None = None) -> list[LegalOrder]:
        if self.over or side not in SIDES or self.submitted[side]:
            return []
        gun_t = tuple(self.gunnery_targets(side))
        torp_t = tuple(self.torpedo_targets(side))
        radar = self.scenario.usn_radar and side == USN
        out: list[LegalOrder] = []
        for s in self.ships.values():
            if s.side != side or not s.afloat or (unit is not None and s.id != unit):
                continue
            p = self._plot_of(side, s.id)
            sid = s.id
            if p.gunnery is None and not p.radar and s.gunnery > 0:
                if gun_t:
                    out.append(
                        self._lo(
                            side,
                            "gunnery",
                            sid,
                            "7.6 night spotting",
                            Need("target", "unit", gun_t, "spotted enemy ship"),
                        )
                    )
                if radar:
                    out.append(self._lo(side, "radar", sid, "special rule 2 (FCR)"))
            if p.torpedo is None and torp_t and s.torpedo_loaded(self._turn):
                out.append(
                    self._lo(
                        side,
                        "torpedo",
                        sid,
                        "torpedo combat procedure",
                        Need("target", "unit", torp_t, "spotted enemy ship"),
                    )
                )
            tc = s.klass.turn_cost
            w = self._walk(s, p.steps)
            steps = legal_steps(w, s.speed, tc, self.waters)
            if "A" in steps:
                out.append(self._lo(side, "ahead", sid, "6.0 movement"))
            if "L" in steps:
                out.append(
                    self._lo(
                        side,
                        "turn",
                        sid,
                        "6.0 movement",
                        Need("side", "choice", ("left", "right"), "turn one hexside"),
                    )
                )
                k = min(MAX_TURN_PER_HEX - w.turned_here, (s.speed - w.spent) // tc)
                faces = sorted({(w.facing + d) % 6 for d in range(-k, k + 1) if d})
                out.append(
                    self._lo(
                        side,
                        "facing",
                        sid,
                        "6.0 movement",
                        Need("facing", "choice", tuple(FACINGS[f] for f in faces)),
                    )
                )
            paths = self._move_options(s, p.steps, w)
            if paths:
                out.append(
                    self._lo(
                        side,
                        "move",
                        sid,
                        "6.0 movement",
                        Need(
                            "path",
                            "path",
                            tuple(x[0] for x in paths),
                            "hexes",
                            costs=tuple(x[1] for x in paths),
                        ),
                    )
                )
            if p.speed is None:
                out.append(
                    self._lo(
                        side,
                        "speed",
                        sid,
                        "6.0 acceleration/deceleration",
                        Need("speed", "int", tuple(speed_options(s.speed, s.top_speed))),
                    )
                )
        return out

    @staticmethod
    def _lo(side, kind, unit, rule, *needs: Need) -> LegalOrder:
        return LegalOrder(side, kind, unit, {}, tuple(needs), f"{unit} {kind}", rule)

    def _move_options(self, s: Ship, steps, w: Walk) -> list[tuple[tuple[str, ...], int]]:
        """One hex path per reachable end hex from the plotted steps, with its MP cost."""
        key = (self._turn, s.id, tuple(steps))
        hit = self._paths.get(key)
        if hit is not None:
            return hit
        if w.exited:
            self._paths[key] = []
            return []
        ends = reachable(s.hex, s.facing, steps, s.speed, s.klass.turn_cost, self.waters)
        n0 = len(w.hexes)
        best: dict[Hex, tuple[tuple[str, ...], int]] = {}
        for (h, _f), path in ends.items():
            wx = self._walk(s, path)
            hexes = wx.hexes[n0:]
            if not hexes:
                continue
            cost = wx.spent - w.spent
            if h not in best or cost < best[h][1]:
                best[h] = (tuple(self.label(x) for x in hexes), cost)
        out = [best[h] for h in sorted(best)]
        self._paths[key] = out
        return out

    def _order(self, order: Order) -> Any:
        if self.over:
            raise IllegalOrder("sequence of play", "the game is over")
        kind = order.kind
        if kind not in ORDER_ARGS:
            raise IllegalOrder(
                "order", f"unknown order kind {kind!r}; kinds are {list(ORDER_ARGS)}"
            )
        if not _ARG_SETS[kind].issuperset(order.args):
            check_args(order, ORDER_ARGS[kind])  # raises, naming the arguments
        side = order.side
        if self.submitted[side]:
            raise IllegalOrder("10.22 decisions final", f"the {side} plot is submitted")
        s = self._ship(order.unit)
        if s.side != side:
            raise IllegalOrder("order", f"{s.id} is not a {side} ship")
        if not s.afloat:
            raise IllegalOrder("order", f"{s.id} is {s.status}: it cannot act")
        old = self.plots[side].get(s.id)
        # a whole plot replaces every field, so it starts from a fresh plot, not a copy
        p = old.copy() if old is not None and kind != "plot" else ShipPlot()
        getattr(self, f"_plot_{kind}")(s, p, order.args)
        self.plots[side][s.id] = p
        self._undo[side].append((s.id, old))
        self._log("order", **order.to_dict())
        return p.to_dict()

    # each _plot_<kind> changes only the copy ``p`` (or raises)
    def _plot_gunnery(self, s: Ship, p: ShipPlot, a: Mapping[str, Any]) -> None:
        self._need(a, "target")
        if p.gunnery is not None or p.radar:
            raise IllegalOrder("10.12 attack codes", f"{s.id} already has a gunnery attack plotted")
        if s.gunnery <= 0:
            raise IllegalOrder("10.21 attack codes", f"{s.id} has no gunnery strength left")
        t = a["target"]
        if t not in self.gunnery_targets(s.side):
            raise IllegalOrder("7.61 night spotting", f"{t!r} is not a spotted enemy ship")
        p.gunnery = t

    def _plot_radar(self, s: Ship, p: ShipPlot, a: Mapping[str, Any]) -> None:
        if not (self.scenario.usn_radar and s.side == USN):
            raise IllegalOrder("special rule 2 (FCR)", "fire-control radar: USN after 8/1/43 only")
        if p.gunnery is not None or p.radar:
            raise IllegalOrder("10.12 attack codes", f"{s.id} already has a gunnery attack plotted")
        if s.gunnery <= 0:
            raise IllegalOrder("10.21 attack codes", f"{s.id} has no gunnery strength left")
        p.radar = True

    def _plot_torpedo(self, s: Ship, p: ShipPlot, a: Mapping[str, Any]) -> None:
        self._need(a, "target")
        if p.torpedo is not None:
            raise IllegalOrder("10.12 attack codes", f"{s.id} already has a torpedo attack plotted")
        if not s.torpedo_loaded(self._turn):
            why = (
                "no torpedoes"
                if not s.klass.torpedo_attack
                else (
                    "no salvo left" if s.salvos <= 0 else f"reloading until turn {s.torpedo_ready}"
                )
            )
            raise IllegalOrder("torpedo combat procedure", f"{s.id}: {why}")
        t = a["target"]
        if t not in self.torpedo_targets(s.side):
            raise IllegalOrder("7.61 night spotting", f"{t!r} is not a spotted enemy ship")
        p.torpedo = t

    def _plot_steps(self, s: Ship, p: ShipPlot, new: list[str]) -> None:
        self._walk(s, p.steps + new)  # raises naming the step
        p.steps = p.steps + new

    def _plot_ahead(self, s: Ship, p: ShipPlot, a: Mapping[str, Any]) -> None:
        self._plot_steps(s, p, ["A"])

    def _plot_turn(self, s: Ship, p: ShipPlot, a: Mapping[str, Any]) -> None:
        self._need(a, "side")
        if a["side"] not in ("left", "right"):
            raise IllegalOrder(
                "6.0 movement", f"turn side must be 'left' or 'right', not {a['side']!r}"
            )
        self._plot_steps(s, p, ["L" if a["side"] == "left" else "R"])

    def _plot_facing(self, s: Ship, p: ShipPlot, a: Mapping[str, Any]) -> None:
        self._need(a, "facing")
        try:
            f = facing_index(a["facing"])
        except ValueError as e:
            raise IllegalOrder("6.0 movement", str(e)) from None
        w = self._walk(s, p.steps)
        diff = (f - w.facing) % 6
        if diff == 0:
            raise IllegalOrder("6.0 movement", f"{s.id} already faces {FACINGS[f]}")
        self._plot_steps(s, p, ["R"] * diff if diff <= 3 else ["L"] * (6 - diff))

    def _plot_move(self, s: Ship, p: ShipPlot, a: Mapping[str, Any]) -> None:
        self._need(a, "path")
        path = a["path"]
        if not isinstance(path, (list, tuple)) or not path:
            raise IllegalOrder("6.0 movement", "a path is a non-empty list of hex labels")
        try:
            hexes = [self.map.require(x, "path") for x in path]
        except (ValueError, TypeError) as e:
            raise IllegalOrder("6.0 movement", str(e)) from None
        w = self._walk(s, p.steps)
        if w.exited:
            raise IllegalOrder("6.0 movement", f"{s.id} has left the map")
        steps = steps_for_path(w.end, w.facing, hexes, s.klass.turn_cost)
        if steps is None:
            raise IllegalOrder("6.0 movement", "each hex of a path must be next to the one before")
        self._plot_steps(s, p, steps)

    def _plot_speed(self, s: Ship, p: ShipPlot, a: Mapping[str, Any]) -> None:
        self._need(a, "speed")
        v = a["speed"]
        if p.speed is not None:
            raise IllegalOrder("10.14 final speed", f"{s.id}'s final speed is already plotted")
        if type(v) is not int or not speed_legal(s.speed, s.top_speed, v):
            opts = speed_options(s.speed, s.top_speed)
            raise IllegalOrder(
                "6.0 acceleration/deceleration",
                f"{s.id} at speed {s.speed} (top {s.top_speed}) may end at {opts}, not {v!r}",
            )
        p.speed = v

    def _plot_plot(self, s: Ship, p: ShipPlot, a: Mapping[str, Any]) -> None:
        fresh = ShipPlot()
        steps = a.get("steps", [])
        if not isinstance(steps, (list, tuple, str)):
            raise IllegalOrder("6.0 movement", "steps is a list of 'A', 'L', 'R'")
        self._plot_steps(s, fresh, list(steps))
        if a.get("speed") is not None:
            self._plot_speed(s, fresh, {"speed": a["speed"]})
        if a.get("gunnery") is not None:
            self._plot_gunnery(s, fresh, {"target": a["gunnery"]})
        radar = a.get("radar")  # None: not plotted, as for gunnery and torpedo
        if radar is not None and type(radar) is not bool:
            raise IllegalOrder("special rule 2 (FCR)", f"radar is true or false, not {radar!r}")
        if radar:
            self._plot_radar(s, fresh, {})
        if a.get("torpedo") is not None:
            self._plot_torpedo(s, fresh, {"target": a["torpedo"]})
        p.gunnery, p.radar, p.torpedo = fresh.gunnery, fresh.radar, fresh.torpedo
        p.steps, p.speed = fresh.steps, fresh.speed

    @staticmethod
    def _need(a: Mapping[str, Any], name: str) -> None:
        if name not in a:
            raise IllegalOrder("order", f"this order needs {name!r}")

    def undo(self, side: str, unit: str | None = None) -> Any:
        """Take back ``side``'s last plotted order (of ``unit``, if given)."""
        self._check_side(side)
        if self.over or self.submitted[side]:
            raise IllegalOrder("10.22 decisions final", f"the {side} plot is closed")
        stack = self._undo[side]
        idx = next(
            (i for i in range(len(stack) - 1, -1, -1) if unit is None or stack[i][0] == unit),
            None,
        )
        if idx is None:
            raise IllegalOrder("plot", f"nothing of {unit or side} to undo")
        sid, old = stack.pop(idx)
        # later orders of other ships are unaffected; the unit's later entries do not exist
        if old is None:
            self.plots[side].pop(sid, None)
        else:
            self.plots[side][sid] = old
        self._log("undo", side=side, unit=unit)
        return sid

    def submit(self, side: str) -> None:
        self._check_side(side)
        if self.over:
            raise IllegalOrder("sequence of play", "the game is over")
        if self.submitted[side]:
            raise IllegalOrder("10.22 decisions final", f"the {side} plot is already submitted")
        self.submitted[side] = True
        self._log("submit", side=side)

    def reopen_plot(self, side: str) -> bool:
        """Take ``side``'s plot of this turn back on this game, in place: its orders, undos
        and submission are forgotten, and so are their commands in the log. The game is then
        equal to replaying its commands without ``side``'s of this turn (the replay of
        :func:`hexplay.ai.search.reopen_turn`; tested): a plot changes only ``plots``, the
        undo stack and ``submitted``, and rolls no dice. Returns True (done: the protocol's
        hook, :meth:`hexplay.engine.protocol.Game.reopen_plot`).

        The rules give no such order (10.22: decisions are final once submitted): it is for
        look-ahead copies, the search player's worlds, where the other side's secret plot
        must be drawn anew (the replay it replaces cost a whole game's orders)."""
        self._check_side(side)
        if self.over:
            raise IllegalOrder("sequence of play", "the game is over")
        log = self.commands
        start = log.marks.get(self._turn, len(log.commands))
        log.commands = log.commands[:start] + [
            c for c in log.commands[start:] if c.args.get("side") != side
        ]
        self.plots[side] = {}
        self._undo[side] = []
        self.submitted[side] = False
        return True

    # --- resolution -----------------------------------------------------------------------
    def advance(self) -> list[dict[str, Any]]:
        if self.over:
            raise IllegalOrder("sequence of play", "the game is over")
        if not all(self.submitted.values()):
            raise IllegalOrder("sequence of play", f"plots still open: {list(self.to_act())}")
        self._log("advance")
        turn = self._turn
        self.dice.turn = turn
        # B completed: the plots as they stand, unplotted points spent ahead
        plots: dict[str, ShipPlot] = {}
        raw: list[tuple] = []
        walks: dict[str, Walk] = {}
        for s in self.ships.values():
            if not s.afloat:
                continue
            p = self._plot_of(s.side, s.id).copy()
            p.steps, w = complete_walk_memo(
                s.hex, s.facing, p.steps, s.speed, s.klass.turn_cost, self.waters
            )
            if p.speed is None:
                p.speed = min(s.speed, s.top_speed)
            plots[s.id] = p
            walks[s.id] = w
            raw.append((s.side, s.id, p, s.hex, w, p.speed))
        self._chart_raw.append((turn, raw))  # rows made when the chart is read
        gunners = [sid for sid, p in plots.items() if p.gunnery or p.radar]
        named = [p.gunnery for p in plots.values() if p.gunnery]
        spotted = spotted_for_turn(self.spotted_b, self.follow_on, gunners, named)
        events: list[dict[str, Any]] = []
        # A/B: firing ranges are fixed now, before movement ("Sight Determination Phase ...
        # firing ranges are determined for gunnery and torpedo combat")
        before = {sid: s.hex for sid, s in self.ships.items()}
        # C: board movement
        for sid, w in walks.items():
            s = self.ships[sid]
            start = s.hex
            s.facing = w.facing
            s.speed = plots[sid].speed
            if w.exited:
                exit_ship(s, turn)
            else:
                s.hex = w.end
            events.append(
                {
                    "phase": "C",
                    "kind": "move",
                    "ship": sid,
                    "side": s.side,
                    "from": self.label(start),
                    "hexes": list(map(self.label, w.hexes)),
                    "to": None if w.exited else self.label(w.end),
                    "final": f"{s.speed}/{FACINGS[s.facing]}",
                    "left_map": w.exited,
                }
            )
        # D: combat resolution, results placed
        pending, combat = resolve_combat(
            self.ships,
            plots,
            spotted,
            self.dice,
            turn,
            self.scenario.usn_torpedo_range_4,
            self.scenario.radar_range,
            before,
        )
        for e in combat:
            e["phase"] = "D"
        events += combat
        radar_hits = [e["target"] for e in combat if e["kind"] == "gunnery"]
        # E: results applied at once
        applied = apply_results(self.ships, pending, turn)
        for e in applied:
            e["phase"] = "E"
        events += applied
        # (c) next turn: this turn's gunnery targets that were spotted under (a) or (b)
        self.last_targets = sorted(
            t for t in set(radar_hits) if spotted.get(t) in ("a", "b") and self.ships[t].afloat
        )
        self.history.append(
            {
                "turn": turn,
                "spotted": dict(spotted),
                "events": [self._visibility(e, spotted) for e in events],
            }
        )
        # F: game-turn indication
        self._end_check(turn)
        if not self.over:
            self._turn = turn + 1
            for s in self.ships.values():
                if s.status == RESERVE and s.enter_turn == self._turn:
                    s.status = AFLOAT
            self.plots = {s: {} for s in SIDES}
            self.submitted = dict.fromkeys(SIDES, False)
            self._undo = {s: [] for s in SIDES}
            self._paths = {}
            self._known = {}
            self.commands.mark_turn(self._turn)
            self.dice.turn = self._turn
            self._sight()
        else:  # the plots now live in the chart, shown to both sides
            self.spotted_b, self.follow_on, self._known = {}, set(), {}
            self.plots = {s: {} for s in SIDES}
            self._undo = {s: [] for s in SIDES}
        return events

    @property
    def chart(self) -> list[dict[str, Any]]:
        """The SMS plot charts of the resolved turns: ``{"turn", "plots": {side: [rows]}}``
        (rows made from the resolved plots when first read)."""
        while len(self._chart_rows) < len(self._chart_raw):
            turn, raw = self._chart_raw[len(self._chart_rows)]
            rows: dict[str, list[dict[str, Any]]] = {s: [] for s in SIDES}
            for side, sid, p, start, w, speed in raw:
                rows[side].append(chart_row(sid, p, start, w, self.label, speed))
            self._chart_rows.append({"turn": turn, "plots": rows})
        return self._chart_rows

    def plot_chart(self, side: str) -> list[dict[str, Any]]:
        """``side``'s own plot chart, turn by turn; both sides' once the game is over (the
        charts are secret until the end)."""
        self._check_side(side, referee=True)
        sides = SIDES if (self.over or side == "referee") else (side,)
        return [{"turn": c["turn"], "plots": {s: c["plots"][s] for s in sides}} for c in self.chart]

    def _visibility(self, e: dict[str, Any], spotted: Mapping[str, str]) -> dict[str, Any]:
        """The event with what each side may see of it (None: nothing)."""
        see: dict[str, Any] = {}
        kind = e["kind"]
        for side in SIDES:
            if kind == "move":
                ok = e["side"] == side or e["ship"] in spotted
                see[side] = e if ok else None
            elif kind == "radar":
                see[side] = e if self.ships[e["ship"]].side == side else None
            else:
                ship = e.get("target") or e.get("ship")
                own_target = self.ships[ship].side == side
                if kind in ("gunnery", "torpedo"):
                    attackers = [
                        a
                        for a in e["attackers"]
                        if self.ships[a["ship"]].side == side or a["ship"] in spotted
                    ]
                    if own_target or ship in spotted:
                        see[side] = {**e, "attackers": attackers}
                    else:  # a radar or gun target the firing side cannot see
                        see[side] = {**e, "target": None, "attackers": attackers}
                else:  # damage
                    see[side] = e if own_target or ship in spotted else {**e, "ship": None}
        return {"referee": e, **see}

    def _end_check(self, turn: int) -> None:
        sc = self.scenario
        if sc.leave_loses_before is not None and turn < sc.leave_loses_before:
            left = {s.side for s in self.ships.values() if s.exit_turn == turn}
            if left:
                winner = None if len(left) == 2 else enemy_of(left.pop())
                self._finish(winner, f"left the map before turn {sc.leave_loses_before}")
                return
        if turn >= sc.turns:
            self._finish(None, "turn limit", by_points=True)
            return
        for side in SIDES:
            if not any(
                s.side == side and s.status in (AFLOAT, RESERVE) for s in self.ships.values()
            ):
                self._finish(None, f"no {side.upper()} ship left on the map", by_points=True)
                return

    def _finish(self, winner: str | None, reason: str, by_points: bool = False) -> None:
        self._phase = OVER
        pts = self.victory()
        if by_points:
            winner = winner_of(pts["level"])
        self.end = {"winner": winner, "reason": reason, "level": pts["level"]}

    # --- victory and outcome --------------------------------------------------------------
    def victory(self) -> dict[str, Any]:
        """Victory points per side, the ratio IJN/USN and the level of victory now (IJN
        ships DIW count as sunk only at the end). Made once per resolved turn."""
        key = (len(self._chart_raw), self._phase)
        if self._victory is not None and self._victory[0] == key:
            return self._victory[1]
        v = victory_points(self.ships.values(), self.scenario, at_end=self.over)
        vp = v["vp"]
        out = {
            "vp": vp,
            "ratio": ratio(vp[IJN], vp[USN]),
            "level": level_memo(vp[IJN], vp[USN], self.scenario.levels),
            "detail": v["detail"],
        }
        self._victory = (key, out)
        return out

    def outcome(self) -> dict[str, Any]:
        v = self.victory()
        sunk = [s.id for s in self.ships.values() if s.status == SUNK]
        end = self.end or {"winner": None, "reason": "unfinished", "level": v["level"]}
        return {
            "winner": end["winner"],
            "reason": end["reason"],
            "turns": len(self._chart_raw),
            "scenario": self.scenario.name,
            "vp_ijn": v["vp"][IJN],
            "vp_usn": v["vp"][USN],
            "ratio": v["ratio"],
            "level": end["level"] if self.over else v["level"],
            "sunk_ijn": sum(1 for x in sunk if self.ships[x].side == IJN),
            "sunk_usn": sum(1 for x in sunk if self.ships[x].side == USN),
            "ships_sunk": ",".join(sunk),
            "left_map": ",".join(s.id for s in self.ships.values() if s.status == EXITED),
        }

    # --- queries for an app -----------------------------------------------------------------
    def torpedo_range_of(self, s: Ship) -> list[int]:
        return list(torpedo_range(s, self.scenario.usn_torpedo_range_4))

    def events_seen(self, side: str, turn: int | None = None) -> list[dict[str, Any]]:
        """Events of resolved turns (all, or ``turn``'s) as ``side`` saw them."""
        self._check_side(side, referee=True)
        return [
            {"turn": h["turn"], **e[side]}
            for h in self.history
            if turn is None or h["turn"] == turn
            for e in h["events"]
            if e[side] is not None
        ]

    def ranges(self, ship_id: str) -> dict[str, Any]:
        """A ship's gun and torpedo ranges (primary, extended) as the rules apply them."""
        s = self._ship(ship_id)
        return {
            "gun": list(s.klass.gun_range),
            "torpedo": list(torpedo_range(s, self.scenario.usn_torpedo_range_4)),
            "radar": self.scenario.radar_range
            if self.scenario.usn_radar and s.side == USN
            else None,
            "spotting": self.scenario.spotting_range,
        }

    def attack_odds(
        self, side: str, kind: str, attackers: list[str], target: str
    ) -> dict[str, Any]:
        """The exact distribution of a planned gunnery or torpedo battle by ``side``'s ships
        on a spotted ``target``: each attacker's range (from its hex now to the target's hex
        now: ranges are fixed in Phases A and B, before movement), strength, the sum, CRT
        column and P/W/PW/miss; for torpedoes TEV (the target's speed now), torpedo hits and
        the Hit Chart outcomes up to sunk."""
        self._check_side(side)
        if kind not in ("gunnery", "torpedo"):
            raise IllegalOrder("order", "kind is 'gunnery' or 'torpedo'")
        allowed = self.gunnery_targets(side) if kind == "gunnery" else self.torpedo_targets(side)
        if target not in allowed:
            raise IllegalOrder("7.61 night spotting", f"{target!r} is not a spotted enemy ship")
        t = self.ships[target]
        parts, total = [], Fraction(0)
        for a in attackers:
            s = self._ship(a)
            if s.side != side or not s.afloat:
                raise IllegalOrder("order", f"{a} is not an afloat {side} ship")
            d = distance(s.hex, t.hex)
            st = (
                gun_strength(s, d)
                if kind == "gunnery"
                else torpedo_strength(s, d, self.scenario.usn_torpedo_range_4)
            )
            parts.append({"ship": a, "range": d, "strength": st})
            total += st
        if kind == "gunnery":
            col = crt.column(total, t.defense)
            return {
                "kind": kind,
                "target": target,
                "attackers": parts,
                "strength": total,
                "defense": t.defense,
                "column": col,
                "crt": crt.distribution(col),
            }
        dist = torp.attack_distribution(total, t.speed, t.defense)
        return {"kind": kind, "target": target, "attackers": parts, "strength": total, **dist}

    # --- information ------------------------------------------------------------------------
    def view(self, side: str) -> dict[str, Any]:
        self._check_side(side, referee=True)
        return build_view(self, side)

    def snapshot(self) -> dict[str, Any]:
        """The full state as plain JSON (a copy: later play does not change it)."""
        return jsonable(
            {
                "turn": self._turn,
                "phase": self._phase,
                "ships": {k: s.to_dict() for k, s in self.ships.items()},
                "plots": {
                    side: {k: p.to_dict() for k, p in v.items()} for side, v in self.plots.items()
                },
                "submitted": dict(self.submitted),
                "spotted_b": dict(self.spotted_b),
                "follow_on": sorted(self.follow_on),
                "last_targets": list(self.last_targets),
                "chart": self.chart,
                "history": self.history,
                "end": self.end,
            }
        )

    def _log(self, op: str, **args: Any) -> None:
        """As the protocol's ``_log`` (plain JSON args), in one pass for the shapes naval
        orders have: strings, numbers, booleans, None and lists/tuples of them, in dicts."""
        a = args.get("args") if op == "order" else None
        if a is not None and _flat(a):  # labels, ids, numbers: {"side", "kind", "unit", "args"}
            plain = {
                "side": args["side"],
                "kind": args["kind"],
                "unit": args["unit"],
                "args": {k: list(v) if type(v) in (list, tuple) else v for k, v in a.items()},
            }
        else:
            plain = _plain(args)
        self.commands.add(op, plain, self._turn)

    HISTORIES = ("_chart_raw", "history")
    """Append-only records of the past a rollout copy may share (:attr:`Game.HISTORIES`)."""

    def shared(self) -> tuple:
        return (self.map, self.waters, self.scenario)
