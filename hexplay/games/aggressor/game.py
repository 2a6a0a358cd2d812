"""AggressorGame: AGGRESSOR on the platform's game API (alternating turns, orders act at once).

Turn sequence at the start of each side's turn (digest A-F): emplacement of the *other* side's
units (same hex as at the start of their own turn); B) observation; F) the victory check for
the acting side (it reads only sector control, so it may come first or here: here the side's
view is fresh when the game ends); C) CBR effects (a unit in a CBR hex it did not voluntarily
enter on its last move loses a step); D) the opponent's partisans freeze the acting units
within 1 hex of each partisan spot; then E) unit activity until the side submits (ends its
turn). Sector control is
updated at the end of every turn. ``turn`` counts side turns (1, 2, ...; 0 is set-up); a round
is both sides' turns; ``turn_limit`` counts rounds.
"""

from __future__ import annotations

from typing import Any

from ...engine import (
    Command,
    CommandLog,
    Dice,
    Event,
    EventLog,
    Game,
    GameInfo,
    IllegalOrder,
    LegalOrder,
    Order,
    ScenarioError,
    check_args,
    jsonable,
)
from ...engine.protocol import Reach
from . import phases, queries, setup
from .board import EAST, KEY_DIRECTIONS, OTHER, SIDE_COLOURS, SIDES, WEST, board_of
from .features import RULES as FEATURE_RULES
from .legal import ORDER_PATHS, PLAY_KINDS, RULE_NAMES, kind_reasons, need_name, unit_orders
from .observation import Sighting, observation_phase
from .scenario import Scenario, parse_scenario
from .units import TECHNICAL, UNIT_TYPES, Unit
from .victory import INITIAL_CONTROL, sectors_held, update_control, wins_by_sectors
from .views import build_view, known_enemies, own_unit

FORMAT = "hexplay.aggressor.game/1"
NEEDS = {kind: need_name(kind) for kind in PLAY_KINDS}
"""Order kind -> the argument naming its hex (:func:`.legal.need_name`), or None."""
PLAY = "play"

_MAPS: dict[str, Any] = {}


def _load_map(name: str):
    if name not in _MAPS:
        from ...maps import MapError, load_map

        try:
            _MAPS[name] = load_map(name)
        except MapError as e:  # the scenario's map field names no map
            raise ScenarioError("map", str(e)) from None
    return _MAPS[name]


class AggressorGame(Game):
    """One game of AGGRESSOR. Create with :meth:`new` (or ``hexplay.new_game("aggressor")``)."""

    info = GameInfo(
        "aggressor",
        "AGGRESSOR",
        SIDES,
        "alternating",
        "Alternating-turn battalion wargame: observation, sectors, CBR missiles, partisans.",
        order_kinds=("place", "remove", *PLAY_KINDS),
        capabilities=frozenset({"setup", "undo", "hidden_state"}),
        move_kinds=("move",),
        attack_kinds=("attack", "fire", "launch", "strike"),
    )
    FORMAT = FORMAT
    SIDE_COLOURS = SIDE_COLOURS

    def __init__(self, scenario: Scenario, m, dice: Dice) -> None:
        self.scenario = scenario
        self.map = m
        self.board = board_of(m)
        self.dice = dice
        self.commands = CommandLog()
        self.log = EventLog()
        self.units: dict[str, Unit] = {}
        self.by_side: dict[str, list[Unit]] = {s: [] for s in SIDES}
        """Each side's units (alive or not) in placement order, as in ``units``: the side's
        scans (observation, views, turn starts) read only its own."""
        self.at: dict[int, str] = {}
        self._turn = 0
        self._over = False
        self.current: str | None = None
        self.first: str | None = None
        self.setup_done = dict.fromkeys(SIDES, False)
        self.aggressor: str | None = None
        self.cbr: set[int] = set()
        self.partisans = dict.fromkeys(SIDES, 0)
        self.spots: list[int] = []
        self.control: list[str | None] = list(INITIAL_CONTROL)
        self.known: dict[str, dict[str, Sighting]] = {s: {} for s in SIDES}
        self.carried: dict[str, set[str]] = {s: set() for s in SIDES}
        self.identified_now: dict[str, set[str]] = {s: set() for s in SIDES}
        self.observed_now: dict[str, set[str]] = {s: set() for s in SIDES}
        self.last_seen: dict[str, dict[str, dict]] = {s: {} for s in SIDES}
        self._winner: str | None = None
        self.reason: str | None = None
        self.options = scenario.model_dump(mode="json", exclude={"position"})
        """The options as views show them (a fixed position's units are not public)."""
        self.turn_events: dict[int, int] = {0: 0}
        """Index in the event log where each turn's events begin."""
        self.recent_memo: dict[str, list] = {}
        """Per side, the events its views list (see :func:`.views.recent_events`)."""
        self.own_memo: dict[str, tuple] = {}
        """Per unit, its last view entry and the facts it was made from (see
        :func:`.views.own_unit`)."""
        self.commands.mark_turn(0)
        if scenario.position is not None:
            setup.set_position(self, scenario)

    # --- construction ---------------------------------------------------------------------
    @classmethod
    def new(
        cls, scenario: Any = None, seed: int = 0, map=None, dice: Dice | None = None, **options: Any
    ) -> AggressorGame:
        """A new game in set-up; ``options`` override scenario fields (``obs=False``...)."""
        sc = parse_scenario(scenario, **options)
        return cls(
            sc,
            map if map is not None else _load_map(sc.map),
            dice if dice is not None else Dice(seed),
        )

    @classmethod
    def _fresh(cls, scenario: Any, map: Any, dice: Any) -> AggressorGame:
        return cls(parse_scenario(scenario), map, dice)

    def shared(self) -> tuple:
        return (self.map, self.board)

    # --- clock ----------------------------------------------------------------------------
    def default_setup(self, side: str, units: bool = True) -> None:
        """The computer's set-up of ``side`` (:func:`~.setup.computer_setup`, from the side's
        view), placed by logged orders; the game's seed and the side make it replayable."""
        if not units:
            return
        import numpy as np

        rng = np.random.default_rng([int(self.dice.seed), self.info.sides.index(side)])
        for t, h in setup.computer_setup(self.view(side), self.map, rng):
            self.order(Order(side, "place", None, {"type": t, "hex": h}))

    @property
    def turn_limit(self) -> int | None:
        """The scenario's last round (both sides' turns), None: played to a win."""
        return self.scenario.turn_limit

    @property
    def turn(self) -> int:
        return self._turn

    @property
    def round(self) -> int:
        return (self._turn + 1) // 2

    @property
    def phase(self) -> str:
        if self._over:
            return "over"
        return "setup" if self._turn == 0 else PLAY

    @property
    def over(self) -> bool:
        return self._over

    def to_act(self) -> tuple[str, ...]:
        if self._over:
            return ()
        if self._turn == 0:
            return tuple(s for s in SIDES if not self.setup_done[s])
        return (self.current,)

    # --- helpers the rule modules use -----------------------------------------------------
    @staticmethod
    def other(side: str) -> str:
        return OTHER[side]

    def alive(self, side: str) -> list[Unit]:
        """The side's alive units in placement order: equals :meth:`alive_plain`."""
        return [u for u in self.by_side[side] if u.alive]

    def alive_plain(self, side: str) -> list[Unit]:
        return [u for u in self.units.values() if u.alive and u.side == side]

    def placed(self, side: str) -> int:
        return len(self.by_side[side])

    def own_hexes(self, side: str) -> set[int]:
        return {u.hex for u in self.by_side[side] if u.alive}

    def known_at(self, side: str) -> dict[int, str]:
        """Hex -> id of every alive enemy the side knows of now."""
        units = self.units
        return {units[k].hex: k for k in self.known[side] if units[k].alive}

    def known_occupied(self, side: str) -> set[int]:
        return self.own_hexes(side) | set(self.known_at(side))

    def target_ok(self, u: Unit, j: int) -> bool:
        """Hex ``j`` holds an enemy ``u``'s side knows of, not found only by ``u``'s move."""
        o = self.at.get(j)
        if o is None:
            return False
        s = self.known[u.side].get(o)
        return s is not None and not s.found_only_by(u.id)

    def roll(self, purpose: str, sides: int = 10, **context: Any) -> int:
        return self.dice.roll(purpose, sides, **context)

    def event(self, kind: str, data: dict, visible: str, redacted: dict | None = None) -> dict:
        """Log an event (= ``self.log.add(turn, phase, kind, data, vis, redacted)``, the Event
        made here); returns it as a side it is visible to sees it (= ``e.for_side(vis[0])``)."""
        vis = SIDES if visible == "both" else (visible,)
        events = self.log.events
        index, turn = len(events), self._turn
        phase = "over" if self._over else "setup" if turn == 0 else PLAY  # = self.phase
        e = self.log.append(Event(index, turn, phase, kind, data, vis, redacted or {}))
        return {"index": e.seen[vis[0]] - 1, "turn": turn, "phase": phase, "kind": kind, **data}

    def report(
        self, u: Unit, form: str, target: int, res: dict, attacker_sees_type: bool = False
    ) -> dict:
        """The combat report to both sides: attacker type, defender hex, form, result, Dug."""
        data = {
            "side": u.side,
            "attacker": TECHNICAL if u.launched else u.type,  # = u.display_type
            "target": self.board.labels[target],
            "form": form,
            "result": res["result"],
            "dug": res["dug"],
        }
        full = {**data, "unit": u.id, "rolls": res["rolls"], "hit_value": res.get("hit_value")}
        if res["defender"] is not None:
            full["defender"] = res["defender"].id
        mine = data.copy()
        if attacker_sees_type and res["defender"] is not None:
            mine["defender_type"] = res.get("type")
        events = self.log.events  # = self.log.add(turn, phase, "attack", full, (), redacted)
        turn = self._turn
        phase = "over" if self._over else "setup" if turn == 0 else PLAY  # = self.phase
        red = {u.side: mine, OTHER[u.side]: data}
        self.log.append(Event(len(events), turn, phase, "attack", full, (), red))
        return mine

    def eliminate(self, u: Unit) -> None:
        u.alive = False
        u.str = 0
        if self.at.get(u.hex) == u.id:
            del self.at[u.hex]
        # the owner learns it here; the attacker from its report ("eliminated")
        self.event("eliminated", {"unit": u.id, "hex": self.board.labels[u.hex]}, u.side)
        if not any(v.alive for v in self.by_side[u.side]):
            self._finish(OTHER[u.side], f"every {u.side} unit is eliminated")

    def declare_aggressor(self, side: str, target: int) -> None:
        if self.aggressor is None and self.board.enemy_territory(side, target):
            self.aggressor = side
            self.event("aggressor", {"side": side}, "both")

    def _finish(self, winner: str | None, reason: str) -> None:
        if not self._over:
            self._over = True
            self._winner = winner
            self.reason = reason
            self.event("over", {"winner": winner, "reason": reason}, "both")

    # --- orders ---------------------------------------------------------------------------
    def order(self, order: Order | Any, /, **kw: Any) -> Any:
        """:meth:`Game.order`; an :class:`Order` of one of the two sides (what computer players
        give) goes straight to the rules, skipping the generic conversion and side check it
        would pass anyway."""
        if type(order) is Order and not kw and order.side in SIDES:
            return self._order(order)
        return super().order(order, **kw)

    def legal_orders(self, side: str, unit: str | None = None) -> list[LegalOrder]:
        if unit is not None and not isinstance(unit, str):
            raise IllegalOrder("order", f"'unit' is a unit id (string), not {unit!r}")
        if side not in SIDES or side not in self.to_act():
            return []
        if self._turn == 0:
            return self._setup_orders(side, unit)
        if unit is not None:
            u = self.units.get(unit)
            return unit_orders(self, u) if u is not None and u.alive and u.side == side else []
        out: list[LegalOrder] = []
        for u in self.by_side[side]:
            if u.alive:
                out.extend(unit_orders(self, u))
        return out

    def order_kind_reasons(self, side: str, unit: str, legal=None) -> dict[str, str | None]:
        """In play: every play kind of the unit, None or the rule's reason it is blocked
        (:func:`.legal.kind_reasons`, the order check's own); in set-up: its set-up orders."""
        u = self.units.get(unit) if isinstance(unit, str) else None
        if self._over or u is None:
            return {}
        if self._turn == 0:
            legal = self.legal_orders(side, unit) if legal is None else legal
            return {lo.kind: None for lo in legal if lo.unit == unit}
        if u.side != side:
            return {k: f"order: {unit} is not one of the {side}'s units" for k in PLAY_KINDS}
        if not u.alive:
            return {k: f"order: {u.id} has been eliminated" for k in PLAY_KINDS}
        if side != self.current:
            why = f"sequence of play: it is {self.current}'s turn, not {side}'s"
            return dict.fromkeys(PLAY_KINDS, why)
        return kind_reasons(self, u)

    def _setup_orders(self, side: str, unit: str | None) -> list[LegalOrder]:
        return setup.setup_orders(self, side, unit)

    def _order(self, o: Order) -> Any:
        if self._over:
            raise IllegalOrder("sequence of play", "the game is over")
        if self._turn == 0:
            return self._setup_order(o)
        if o.side != self.current:
            raise IllegalOrder("sequence of play", f"it is {self.current}'s turn, not {o.side}'s")
        kind = o.kind
        path = ORDER_PATHS.get(kind) if type(kind) is str else None  # = kind in PLAY_KINDS
        if path is None:
            raise IllegalOrder("order", f"kind must be one of {list(PLAY_KINDS)}, not {kind!r}")
        u = self.units.get(o.unit) if isinstance(o.unit, str) else None
        if u is None or u.side != o.side:
            raise IllegalOrder("order", f"{o.side} has no unit {o.unit!r}")
        if not u.alive:
            raise IllegalOrder("order", f"{u.id} has been eliminated")
        need, rule, path_blocked, target_ok, apply = path  # (the kind's functions, looked up once)
        args = o.args
        if kind == "move":
            if len(args) != 1 or "to" not in args:  # (the common case: exactly a "to")
                check_args(o, ("to", "direction"), "movement")
                args = self._move_target(u, args)
        elif args and (need is None or len(args) > 1 or need not in args):
            check_args(o, (need,) if need else (), rule)  # refuses the extra
        why = path_blocked(self, u)  # = blocked(self, u, kind)
        if why is not None:
            raise IllegalOrder(*why)
        t = None
        if need is not None:
            if need not in args:
                raise IllegalOrder(rule, f"{kind} needs {need!r} (a hex)")
            t = self.board.index(args[need], need, rule)
            if not target_ok(self, u, t):  # = target_legal(self, u, kind, t)
                raise IllegalOrder(rule, self._why_target(u, kind, t))
        # the arguments are checked plain values (labels, a key): logged as given
        # (= o.to_dict(), built here: the order as given, before any "direction" conversion)
        self.commands.commands.append(  # = self.commands.add("order", ..., self._turn)
            Command(
                "order",
                {"side": o.side, "kind": kind, "unit": o.unit, "args": dict(o.args)},
                self._turn,
            )
        )
        return apply(self, u, t)

    def _move_target(self, u: Unit, args: dict) -> dict:
        if ("to" in args) == ("direction" in args):
            raise IllegalOrder("movement", "move takes either 'to' (a hex) or 'direction' (1-6)")
        if "direction" in args:
            k = args["direction"]
            if type(k) is not int or k not in KEY_DIRECTIONS:
                raise IllegalOrder("movement", f"direction must be a key 1-6, not {k!r}")
            j = self.board.key_neighbour(u.hex, k)
            if j < 0:
                raise IllegalOrder(
                    "movement", f"key {k} leads off the map from {self.board.labels[u.hex]}"
                )
            return {"to": self.board.labels[j]}
        return args

    def _why_target(self, u: Unit, kind: str, t: int) -> str:
        b = self.board
        lab = b.labels[t]
        d = b.dist[u.hex][t]
        o = self.at.get(t)
        s = self.known[u.side].get(o) if o is not None else None
        if s is not None and s.found_only_by(u.id):
            return f"{u.id} found the unit at {lab} only by its own move: no attack from there"
        if kind in ("move", "attack", "decon", "supply") and d != 1:
            return f"{lab} is not adjacent to {u.id} at {b.labels[u.hex]}"
        if kind in ("fire", "strike", "recon", "launch") and d < 2:
            return f"{lab} is at distance {d}: ranged features need distance 2 or more"
        if kind == "move":
            return f"{lab} holds a unit (no stacking)"
        return f"{lab} is not a legal {kind} target for {u.id}"

    def undo(self, side: str, unit: str | None = None) -> Any:
        """In the set-up, take back ``side``'s last set-up order (:func:`.setup.undo`); in
        play, refused: orders take effect at once."""
        if self._turn != 0 or self._over:
            return super().undo(side, unit)
        self._check_side(side)
        return setup.undo(self, side, unit)

    def _setup_order(self, o: Order) -> Any:
        return setup.setup_order(self, o)

    def new_unit(self, side: str, t: str, i: int, **status: Any) -> Unit:
        """Add a unit of type ``t`` at hex ``i`` (id W01.. / E01.. in order of placement)."""
        uid = f"{side[0].upper()}{self._last_number(side) + 1:02d}"
        ut = UNIT_TYPES[t]
        status.setdefault("start_hex", i)
        u = Unit(
            uid, side, t, status.pop("rng", ut.range), status.pop("str", ut.strength), i, **status
        )
        self.units[uid] = u
        self.by_side[side].append(u)
        self.at[i] = uid
        return u

    def _last_number(self, side: str) -> int:
        """The highest number of the side's unit ids (0 for none): equals
        :meth:`_last_number_plain`. Each new id is the highest so far plus one and units are
        kept in placement order (removal keeps the order), so the side's last unit has it."""
        mine = self.by_side[side]
        return int(mine[-1].id[1:]) if mine else 0

    def _last_number_plain(self, side: str) -> int:
        return max((int(k[1:]) for k, u in self.units.items() if u.side == side), default=0)

    # --- turns ----------------------------------------------------------------------------
    def submit(self, side: str) -> None:
        self._check_side(side)
        if self._over:
            raise IllegalOrder("sequence of play", "the game is over")
        if self._turn == 0:
            if self.setup_done[side]:
                raise IllegalOrder("set-up", f"the {side} set-up is already submitted")
            n = self.placed(side)
            if n < self.scenario.army_size:
                raise IllegalOrder(
                    "set-up", f"{side} has placed {n} of its {self.scenario.army_size} units"
                )
            self._log("submit", side=side)
            self.setup_done[side] = True
            if all(self.setup_done.values()):
                self.start_play()
            return
        if side != self.current:
            raise IllegalOrder("sequence of play", f"it is {self.current}'s turn, not {side}'s")
        self.commands.add("submit", {"side": side}, self._turn)  # = _log("submit", side=side)
        self._end_turn()

    def advance(self) -> list[dict[str, Any]]:
        if self._over:
            return []
        raise IllegalOrder(
            "sequence of play",
            f"{' and '.join(self.to_act())} must act (AGGRESSOR turns "
            "alternate: submit ends a turn)",
        )

    def start_play(self) -> None:
        """Both set-ups are in: roll the first side and start its turn."""
        first = self.scenario.first
        if first == "random":
            first = WEST if self.roll("first side", 2) == 1 else EAST
        self.first = first
        self.event("first", {"side": first}, "both")
        self._start_turn(first)

    def _end_turn(self) -> None:
        side = self.current
        update_control(self)
        self.carried[side] = set(self.identified_now[side])
        seen = known_enemies(self, side)  # fresh dicts: marked in place
        for d in seen.values():
            d["last_seen"] = self._turn
        self.last_seen[side] = seen
        self.spots = []
        limit = self.scenario.turn_limit
        nxt = OTHER[side]
        if limit is not None and self._turn >= 2 * limit:
            if self._check_victory(nxt):
                return
            self._finish(None, f"turn limit: {limit} rounds")
            return
        self._start_turn(nxt)

    def _check_victory(self, side: str) -> bool:
        if wins_by_sectors(self.control, side, self.aggressor):
            n = len(sectors_held(self.control, side))
            self._finish(side, f"{side} controls {n} of the 9 sectors")
            return True
        return False

    def _start_turn(self, side: str) -> None:
        self._turn += 1
        self.dice.turn = self._turn
        self.current = side
        self.commands.mark_turn(self._turn)
        self.turn_events[self._turn] = len(self.log.events)
        self.event("turn", {"side": side, "turn": self._turn}, "both")
        other = OTHER[side]
        seen_by_other = self.observed_now[other]
        territory = self.board.territory
        for u in self.by_side[other]:
            if u.alive:
                u.emplaced = u.hex == u.start_hex
        for u in self.by_side[side]:
            if u.alive:
                u.moved = 0
                u.tried = u.immobile = u.attacked = u.feature = u.frozen = False
                u.stopped = ""
                u.start_hex = u.hex
                u.began_in_enemy = territory[u.hex] == other  # board.enemy_territory
                u.unseen = u.id not in seen_by_other
        self.identified_now[side] = set()
        self.observed_now[side] = set()
        self.known[side] = observation_phase(self, side)
        if self._check_victory(side):
            return
        phases.cbr_effects(self, side)
        if not self._over:
            phases.partisans(self, side)

    # --- information ----------------------------------------------------------------------
    def view(self, side: str, events: bool = True, shared: bool = False) -> dict[str, Any]:
        """What ``side`` (or ``"referee"``) may know now. ``events=False`` leaves out the
        recent events and reports (an empty list: cheaper, for computer players that learn
        from what their own orders return). ``shared=True``: the side's own units' entries
        are the game's remembered ones, not copies (equal; for readers that never change
        them, such as the scripted player: see :func:`.views.build_view`)."""
        if side not in SIDES:  # (a play side passes the check: the players' common case)
            self._check_side(side, referee=True)
        return build_view(self, side, events, shared)

    def view_unit(self, side: str, unit: str, shared: bool = False) -> dict[str, Any] | None:
        """One of ``side``'s own units as :meth:`view` shows it (None if not its alive unit):
        the cheap query a player makes after each of its unit's steps (``shared``: as in
        :meth:`view`)."""
        u = self.units.get(unit)
        if u is None or not u.alive or u.side != side:
            return None
        return own_unit(self, u, shared)

    @property
    def winner(self) -> str | None:
        return self._winner

    def outcome(self) -> dict[str, Any]:
        return {
            "winner": self._winner,
            "reason": self.reason or ("unfinished" if not self._over else ""),
            "turns": self._turn,
            "rounds": self.round,
            "first": self.first,
            "aggressor": self.aggressor,
            "units_west": len(self.alive(WEST)),
            "units_east": len(self.alive(EAST)),
            "sectors_west": len(sectors_held(self.control, WEST)),
            "sectors_east": len(sectors_held(self.control, EAST)),
            "partisans_west": self.partisans[WEST],
            "partisans_east": self.partisans[EAST],
            "cbr_hexes": len(self.cbr),
        }

    # --- persistence ----------------------------------------------------------------------
    def snapshot(self) -> dict[str, Any]:
        return jsonable(
            {
                "turn": self._turn,
                "over": self._over,
                "current": self.current,
                "first": self.first,
                "setup_done": self.setup_done,
                "aggressor": self.aggressor,
                "cbr": sorted(self.cbr),
                "partisans": self.partisans,
                "spots": self.spots,
                "control": self.control,
                "winner": self._winner,
                "reason": self.reason,
                "units": [u.to_dict() for u in self.units.values()],
                "known": {
                    s: {k: [v.identified, sorted(v.finders)] for k, v in kn.items()}
                    for s, kn in self.known.items()
                },
                "carried": {s: sorted(v) for s, v in self.carried.items()},
                "identified_now": {s: sorted(v) for s, v in self.identified_now.items()},
                "observed_now": {s: sorted(v) for s, v in self.observed_now.items()},
                "last_seen": self.last_seen,
            }
        )

    def scenario_dict(self) -> dict[str, Any]:
        return self.scenario.model_dump(mode="json")

    # --- conveniences for apps (from the side's knowledge only; see .queries) -----------------
    def reach(self, side: str, unit: str, legal: Any = None) -> Reach:
        """:func:`.queries.reach` as the protocol's :class:`Reach` (one ``move`` a step; its
        entries keep ``steps`` and ``stops``); KeyError for a unit not the side's."""
        from .views import moves_left

        r = queries.reach(self, side, unit)
        u = self.units[unit]
        left = float(moves_left(self, u))
        total = float(max(u.rng, left, 1))
        return Reach(r, unit=unit, kind="move", need="to", left=left, total=total, map=self.map)

    def attack_odds(self, side: str, unit: str, target: str, kind: str = "attack") -> dict:
        return queries.attack_odds(self, side, unit, target, kind)

    def air_line(self, side: str, unit: str, target: str, strike: bool = True) -> dict:
        return queries.air_line(self, side, unit, target, strike)

    def observed_hexes(self, side: str) -> dict[str, Any]:
        return queries.observed_hexes(self, side)

    def key_order(self, side: str, unit: str, key: int) -> Order:
        """The order the original's key 1-6 gives ``unit``: a move into that neighbour, an
        attack if it holds an enemy the side knows of, a supply request if it holds a friendly
        Support unit (key 0 is :meth:`feature_orders`). The rules judge the order as usual."""
        u = self.units.get(unit)
        if u is None or u.side != side or not u.alive:
            raise IllegalOrder("order", f"{side} has no unit {unit!r}")
        if type(key) is not int or key not in KEY_DIRECTIONS:
            raise IllegalOrder("order", f"move keys are 1-6, not {key!r} (0: feature_orders)")
        j = self.board.key_neighbour(u.hex, key)
        if j < 0:
            raise IllegalOrder("movement", f"key {key} leads off the map")
        lab = self.board.labels[j]
        o = self.at.get(j)
        if o is not None and self.units[o].side == side:
            if self.units[o].type == "Support":
                return Order(side, "supply", unit, {"support": lab})
        elif o is not None and o in self.known[side]:
            return Order(side, "attack", unit, {"target": lab})
        return Order(side, "move", unit, {"to": lab})

    def feature_orders(self, side: str, unit: str) -> list[LegalOrder]:
        """Key 0: the unit's special features legal now (an Airbase has recon and strike;
        each may still need a target), supply requests excepted (a move key reaches those)."""
        if side not in self.to_act() or self.phase != PLAY:
            return []
        return [
            lo
            for lo in self.legal_orders(side, unit)
            if lo.kind in FEATURE_RULES and lo.kind != "supply"
        ]


def blocked_rule(kind: str) -> str:
    return RULE_NAMES.get(kind, "order")


__all__ = ["FORMAT", "AggressorGame"]
