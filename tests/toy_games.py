"""Two tiny but complete games on the game API, to test the platform without the big games.

* :class:`RaceGame` (``"toy-race"``, simultaneous plots): each side places two tokens secretly
  on its home column, then every turn plots a move of one or two hexes (a ``path`` need) for
  each token; moves resolve together, two tokens entering one hex roll for it. A side sees
  enemy tokens within :data:`SIGHT` hexes of its own. The first side with a token on the far
  column wins.
* :class:`MinesGame` (``"toy-mines"``, alternating turns): each side secretly lays mines
  (a side-wide order with a ``hex`` need) and places tokens; then sides take turns in which
  every token may ``move`` one hex or ``fire`` at a seen adjacent enemy token (a ``unit`` need,
  with an optional ``aim`` choice). Entering an enemy mine hex may destroy the token. A side
  wins by destroying every enemy token or by reaching the enemy's home column.

Both log every intent for :mod:`hexplay.engine.record`, give side views holding only what the
side may know, and provide the optional hooks of the platform: ``info.order_kinds`` (the order kinds
``legal_orders`` may list, for :mod:`hexplay.env`) and ``resample_hidden(side, rng)`` (a copy
whose hidden state differs but whose ``view(side)`` is the same, for the fog-fairness test and
search players).

:func:`toys_registered` puts both in the registry for the length of a ``with`` block (the
``toys`` fixture of the test modules: other tests never see them), with a scripted player each;
:class:`CheatingRacer` is a player that reads the true hidden state (the fog test must catch
it). :func:`all_games` lists the registered games and the toys, for parametrizing.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any, ClassVar

import numpy as np

from hexplay.engine import (
    REFEREE,
    AlternatingTurns,
    CommandLog,
    Dice,
    Game,
    GameInfo,
    IllegalOrder,
    LegalOrder,
    Need,
    Order,
    PlotBook,
    ScenarioError,
    check_args,
)
from hexplay.hexgrid import OffsetLayout
from hexplay.maps import Map
from hexplay.registry import GameEntry, register

SIGHT = 2
"""A token sees enemy tokens up to this many hexes away (both games)."""
SIDES = ("red", "blue")


def toy_map(cols: int, rows: int) -> Map:
    """An all-open map of ``cols`` x ``rows`` hexes."""
    return Map(f"toy{cols}x{rows}", OffsetLayout(cols, rows), ("open",), np.zeros((cols, rows)))


def _check_int(d: Mapping[str, Any], key: str, lo: int, hi: int) -> int:
    v = d[key]
    if type(v) is not int or not lo <= v <= hi:
        raise ScenarioError(key, f"must be an integer {lo}..{hi}, not {v!r}")
    return v


class ToyGame(Game):
    """What both toy games share: a map, tokens per side, scenario checks, views, the record."""

    DEFAULTS: ClassVar[dict[str, Any]] = {"cols": 6, "rows": 5, "tokens": 2, "turn_limit": 12}
    LIMITS: ClassVar[dict[str, tuple[int, int]]] = {
        "cols": (4, 9),
        "rows": (3, 9),
        "tokens": (1, 3),
        "turn_limit": (1, 99),
    }

    def __init__(self, scenario: dict[str, Any], m: Map, dice: Dice) -> None:
        self.scenario = scenario
        self.map = m
        self.dice = dice
        self.commands = CommandLog()
        n = scenario["tokens"]
        self.pos: dict[str, str | None] = {
            f"{s[0].upper()}{i + 1}": None for s in SIDES for i in range(n)
        }
        self.alive: dict[str, bool] = dict.fromkeys(self.pos, True)
        self.setup_done = dict.fromkeys(SIDES, False)
        self._phase = "setup"
        self._turn = 0
        self.result: tuple[str | None, str] = (None, "")

    # --- scenario and construction --------------------------------------------------------
    @classmethod
    def check_scenario(cls, scenario: Any) -> dict[str, Any]:
        if scenario is None:
            return dict(cls.DEFAULTS)
        if not isinstance(scenario, Mapping):
            raise ScenarioError("scenario", "must be an object")
        unknown = set(scenario) - set(cls.DEFAULTS)
        if unknown:
            raise ScenarioError(sorted(map(str, unknown))[0], "unknown field")
        d = {**cls.DEFAULTS, **scenario}
        for k, (lo, hi) in cls.LIMITS.items():
            _check_int(d, k, lo, hi)
        return d

    @classmethod
    def new(cls, scenario: Any = None, seed: int = 0, **kw: Any) -> ToyGame:
        if kw:
            raise TypeError(f"unknown arguments {sorted(kw)}")
        d = cls.check_scenario(scenario)
        return cls(d, toy_map(d["cols"], d["rows"]), Dice(seed))

    @classmethod
    def _fresh(cls, scenario: Any, map: Any, dice: Any) -> ToyGame:
        d = cls.check_scenario(scenario)
        if (map.cols, map.rows) != (d["cols"], d["rows"]):
            raise ScenarioError("cols", "the map's size is not the scenario's")
        return cls(d, map, dice)

    def scenario_dict(self) -> dict[str, Any]:
        return dict(self.scenario)

    # --- clock ----------------------------------------------------------------------------
    @property
    def turn(self) -> int:
        return self._turn

    @property
    def phase(self) -> str:
        return self._phase

    @property
    def over(self) -> bool:
        return self._phase == "over"

    # --- geometry and sight ---------------------------------------------------------------
    def owner(self, unit: str) -> str:
        return SIDES[0] if unit[0] == "R" else SIDES[1]

    def tokens(self, side: str, alive: bool = True) -> list[str]:
        return [u for u in self.pos if self.owner(u) == side and (self.alive[u] or not alive)]

    def home(self, side: str) -> list[str]:
        """The side's home column (set-up hexes); the enemy's home column is its goal."""
        col = 1 if side == SIDES[0] else self.map.cols
        return [self.map.label(self.map.layout.to_hex(col, r)) for r in range(1, self.map.rows + 1)]

    def enemy(self, side: str) -> str:
        return SIDES[1 - SIDES.index(side)]

    def sees(self, side: str, unit: str) -> bool:
        """True if ``side`` may see ``unit`` now (own, or an enemy within SIGHT of its tokens)."""
        if side == REFEREE or self.owner(unit) == side:
            return True
        h = self.pos[unit]
        if h is None or not self.alive[unit] or self._phase == "setup":
            return False
        return any(
            self.pos[t] is not None and self.map.distance(self.pos[t], h) <= SIGHT
            for t in self.tokens(side)
        )

    def _unit_view(self, side: str, u: str) -> dict[str, Any]:
        return {"side": self.owner(u), "hex": self.pos[u], "alive": self.alive[u]}

    def view(self, side: str) -> dict[str, Any]:
        self._check_side(side, referee=True)
        units = {u: self._unit_view(side, u) for u in self.pos if self.sees(side, u)}
        return {
            "game": self.info.name,
            "side": side,
            "turn": self._turn,
            "phase": self._phase,
            "to_act": list(self.to_act()),
            "over": self.over,
            "winner": self.result[0],
            "units": units,
            **self._view_extra(side),
        }

    def _view_extra(self, side: str) -> dict[str, Any]:
        return {}

    def _finish(self, winner: str | None, reason: str) -> None:
        self.result = (winner, reason)
        self._phase = "over"

    def outcome(self) -> dict[str, Any]:
        return {
            "winner": self.result[0],
            "reason": self.result[1],
            "turns": self._turn,
            **{f"{s}_tokens": len(self.tokens(s)) for s in SIDES},
        }

    def _require_unit(self, o: Order) -> str:
        if o.unit not in self.pos or self.owner(o.unit) != o.side:
            raise IllegalOrder("order", f"{o.side} has no token {o.unit!r}")
        if not self.alive[o.unit]:
            raise IllegalOrder("order", f"{o.unit} is destroyed")
        return o.unit

    def _place(self, o: Order) -> None:
        check_args(o, ["hex"])
        u = self._require_unit(o)
        if self.pos[u] is not None:
            raise IllegalOrder("set-up", f"{u} is already placed")
        h = o.args.get("hex")
        taken = {self.pos[t] for t in self.tokens(o.side)}
        if h not in self.home(o.side) or h in taken:
            raise IllegalOrder("set-up", f"{u} must be placed on a free hex of its home column")
        self._log("order", **o.to_dict())
        self.pos[u] = h

    def _place_orders(self, side: str, unit: str | None) -> list[LegalOrder]:
        taken = {self.pos[t] for t in self.tokens(side)}
        free = tuple(h for h in self.home(side) if h not in taken)
        return [
            LegalOrder(
                side, "place", u, needs=(Need("hex", "hex", free, "home hex"),), rule="set-up"
            )
            for u in self.tokens(side)
            if self.pos[u] is None and unit in (None, u)
        ]

    def snapshot(self) -> dict[str, Any]:
        return {
            "phase": self._phase,
            "turn": self._turn,
            "pos": dict(self.pos),
            "alive": dict(self.alive),
            "setup_done": dict(self.setup_done),
            "result": list(self.result),
            **self._snapshot_extra(),
        }

    def _snapshot_extra(self) -> dict[str, Any]:
        return {}

    def _hidden_hexes(self, side: str, exclude: set[str]) -> list[str]:
        """Hexes where an enemy token could stand unseen by ``side`` (sorted labels)."""
        mine = [self.pos[t] for t in self.tokens(side) if self.pos[t] is not None]
        return sorted(
            h
            for h in self.map.hex_labels
            if h not in exclude and all(self.map.distance(h, t) > SIGHT for t in mine)
        )


class RaceGame(ToyGame):
    """Two tokens a side race across the map under simultaneous secret plots."""

    info = GameInfo(
        "toy-race",
        "Toy race",
        SIDES,
        "simultaneous",
        "simultaneous-plot test game",
        order_kinds=("place", "move"),
    )
    FORMAT = "hexplay.toy-race.game/1"
    MAX_STEP = 2
    """A move plots a path of one or two hexes."""

    def __init__(self, scenario: dict[str, Any], m: Map, dice: Dice) -> None:
        super().__init__(scenario, m, dice)
        self.plots: PlotBook[list[str]] = PlotBook(SIDES)
        self._plotted: dict[str, list[str]] = {s: [] for s in SIDES}  # units in plot order

    def to_act(self) -> tuple[str, ...]:
        if self._phase == "setup":
            return tuple(s for s in SIDES if not self.setup_done[s])
        if self._phase == "planning":
            return tuple(s for s in SIDES if not self.plots.submitted[s])
        return ()

    def _paths(self, side: str, unit: str) -> tuple[tuple[str, ...], ...]:
        """One shortest path (1..MAX_STEP hexes) to each hex reachable, own tokens' hexes
        excluded as ends (they may not be known to be free of enemies: those are ignored)."""
        start = self.pos[unit]
        own = {self.pos[t] for t in self.tokens(side)}
        paths: dict[str, tuple[str, ...]] = {}
        frontier = [(start, ())]
        for _ in range(self.MAX_STEP):
            nxt = []
            for h, p in frontier:
                for n in self.map.neighbor_labels(h):
                    if n == start or n in paths:
                        continue
                    paths[n] = (*p, n)
                    nxt.append((n, paths[n]))
            frontier = nxt
        return tuple(p for h, p in sorted(paths.items()) if h not in own)

    def legal_orders(self, side: str, unit: str | None = None) -> list[LegalOrder]:
        if side not in self.to_act():
            return []
        if self._phase == "setup":
            return self._place_orders(side, unit)
        out = []
        for u in self.tokens(side):
            if unit in (None, u) and not self.plots.unit_orders(side, u):
                paths = self._paths(side, u)
                need = Need("path", "path", paths, "route", costs=tuple(len(p) for p in paths))
                out.append(LegalOrder(side, "move", u, needs=(need,), rule="move"))
        return out

    def _order(self, o: Order) -> Any:
        if o.side not in self.to_act():
            raise IllegalOrder("sequence of play", f"{o.side} may not give orders now")
        if o.kind == "place" and self._phase == "setup":
            return self._place(o)
        if o.kind != "move" or self._phase != "planning":
            raise IllegalOrder("order", f"no {o.kind!r} order in the {self._phase} phase")
        check_args(o, ["path"])
        u = self._require_unit(o)
        if self.plots.unit_orders(o.side, u):
            raise IllegalOrder("move", f"{u} already has a plotted move")
        path = o.args.get("path")
        legal = {p[-1]: p for p in self._paths(o.side, u)}
        if (
            not isinstance(path, list | tuple)
            or not 1 <= len(path) <= self.MAX_STEP
            or not all(isinstance(h, str) and self.map.contains(h) for h in path)
            or path[-1] not in legal
            or any(self.map.distance(a, b) != 1 for a, b in zip([self.pos[u], *path], path))
        ):
            raise IllegalOrder("move", f"{u}: {path!r} is not a path of 1-2 adjacent hexes")
        self._log("order", **o.to_dict())
        self.plots.add(o.side, u, list(path))
        self._plotted[o.side].append(u)
        return {"unit": u, "path": list(path)}

    def undo(self, side: str, unit: str | None = None) -> Any:
        self._check_side(side)
        if self._phase != "planning" or side not in self.to_act():
            raise IllegalOrder("plot", f"{side} has no open plot")
        u = unit if unit is not None else (self._plotted[side] or [None])[-1]
        if u is None or not self.plots.unit_orders(side, u):
            raise IllegalOrder("plot", f"nothing plotted to undo for {unit or side}")
        self._log("undo", side=side, unit=unit)
        self.plots.pop(side, u)
        self._plotted[side].remove(u)
        return u

    def submit(self, side: str) -> None:
        self._check_side(side)
        if side not in self.to_act():
            raise IllegalOrder("sequence of play", f"{side} has nothing to submit")
        if self._phase == "setup":
            if any(self.pos[u] is None for u in self.tokens(side)):
                raise IllegalOrder("set-up", f"{side} must place every token first")
            self._log("submit", side=side)
            self.setup_done[side] = True
        else:
            self._log("submit", side=side)
            self.plots.submit(side)

    def advance(self) -> list[dict[str, Any]]:
        if self.over or self.to_act():
            raise IllegalOrder("sequence of play", f"waiting for {list(self.to_act())}")
        self._log("advance")
        if self._phase == "setup":
            self._phase, self._turn = "planning", 1
            return [{"kind": "start", "turn": 1}]
        events = self._resolve()
        reached = [
            s for s in SIDES if any(self.pos[t] in self.home(self.enemy(s)) for t in self.tokens(s))
        ]
        if len(reached) == 1:
            self._finish(reached[0], "reached the far column")
        elif reached:
            self._finish(None, "both reached the far column")
        elif self._turn >= self.scenario["turn_limit"]:
            self._finish(None, "turn limit")
        else:
            self._turn += 1
            self.plots.clear()
            self._plotted = {s: [] for s in SIDES}
        return events

    def _resolve(self) -> list[dict[str, Any]]:
        """Every plotted move at once. Tokens wanting the same hex roll a die each: the highest
        roll takes it, a tie leaves all where they were; a move ending on a token that stays
        is blocked (repeated until nothing changes)."""
        dest = {u: p[-1] for s in SIDES for u, [p] in self.plots.orders[s].items()}
        events: list[dict[str, Any]] = []
        by_hex: dict[str, list[str]] = {}
        for u, h in sorted(dest.items()):
            by_hex.setdefault(h, []).append(u)
        for h, us in sorted(by_hex.items()):
            if len(us) > 1:
                rolls = {u: self.dice.roll("contest", unit=u, hex=h) for u in us}
                top = max(rolls.values())
                winners = [u for u in us if rolls[u] == top]
                for u in us:
                    if len(winners) > 1 or u != winners[0]:
                        del dest[u]
                events.append({"kind": "contest", "hex": h, "rolls": rolls})
        changed = True
        while changed:
            changed = False
            staying = {self.pos[u] for u in self.pos if u not in dest}
            for u in sorted(dest):
                if dest[u] in staying:
                    del dest[u]
                    changed = True
        for u, h in sorted(dest.items()):
            self.pos[u] = h
            events.append({"kind": "move", "unit": u, "hex": h})
        return events

    def _view_extra(self, side: str) -> dict[str, Any]:
        plots = self.plots.visible(side) if self._phase == "planning" else {}
        return {"plots": {s: {u: p[0] for u, p in v.items()} for s, v in plots.items()}}

    def _snapshot_extra(self) -> dict[str, Any]:
        return {
            "plots": self.plots.to_dict(),
            "plotted": {s: list(v) for s, v in self._plotted.items()},
        }

    def resample_hidden(self, side: str, rng: np.random.Generator) -> RaceGame:
        """A copy in which every enemy token ``side`` cannot see stands on another hex it
        cannot see (not a goal or home hex), with its plotted move (if any) redrawn among
        the legal ones; ``view(side)`` is unchanged."""
        g = self.copy()
        foe = self.enemy(side)
        hidden = [u for u in g.tokens(foe) if not g.sees(side, u) and g.pos[u] is not None]
        taken = {g.pos[u] for u in g.pos if u not in hidden}
        edges = set(g.home(side)) | set(g.home(foe))
        for u in hidden:
            options = [h for h in g._hidden_hexes(side, taken | edges)]
            if options:
                g.pos[u] = options[int(rng.integers(len(options)))]
            taken.add(g.pos[u])
        if g._phase == "planning" and not g.plots.all_submitted:
            for u in hidden:
                if g.plots.orders[foe].get(u):
                    paths = g._paths(foe, u)
                    g.plots.orders[foe][u] = [list(paths[int(rng.integers(len(paths)))])]
        return g


class MinesGame(ToyGame):
    """Alternating turns of moving and firing over secretly laid mines."""

    info = GameInfo(
        "toy-mines",
        "Toy minefield",
        SIDES,
        "alternating",
        "alternating test game",
        order_kinds=("lay", "place", "move", "fire"),
    )
    FORMAT = "hexplay.toy-mines.game/1"
    DEFAULTS: ClassVar[dict[str, Any]] = {**ToyGame.DEFAULTS, "mines": 2, "turn_limit": 10}
    LIMITS: ClassVar[dict[str, tuple[int, int]]] = {**ToyGame.LIMITS, "mines": (0, 4)}
    MINE_KILLS = 4
    """A token entering an enemy mine is destroyed on a d6 roll of 1..4 (then the mine is gone)."""
    HIT = {"steady": 4, "snap": 5}
    """Fire hits on a d6 roll of at least this; ``aim`` is optional (the rules pick steady)."""

    def __init__(self, scenario: dict[str, Any], m: Map, dice: Dice) -> None:
        super().__init__(scenario, m, dice)
        self.turns = AlternatingTurns(SIDES, round_limit=scenario["turn_limit"])
        self.mines: dict[str, list[str]] = {s: [] for s in SIDES}
        self.revealed: list[str] = []  # hexes of mines that went off (known to both)
        self.cleared: dict[str, list[str]] = {s: [] for s in SIDES}  # hexes a side's tokens entered
        self.acted: list[str] = []

    def to_act(self) -> tuple[str, ...]:
        if self._phase == "setup":
            return tuple(s for s in SIDES if not self.setup_done[s])
        if self._phase == "play":
            return (self.turns.current,)
        return ()

    def _mine_hexes(self, side: str) -> tuple[str, ...]:
        homes = set(self.home(side)) | set(self.home(self.enemy(side)))
        return tuple(h for h in self.map.hex_labels if h not in homes and h not in self.mines[side])

    def legal_orders(self, side: str, unit: str | None = None) -> list[LegalOrder]:
        if side not in self.to_act():
            return []
        if self._phase == "setup":
            out = self._place_orders(side, unit)
            if unit is None and len(self.mines[side]) < self.scenario["mines"]:
                need = Need("hex", "hex", self._mine_hexes(side), "mine hex")
                out.insert(0, LegalOrder(side, "lay", None, needs=(need,), rule="set-up"))
            return out
        out = []
        for u in self.tokens(side):
            if unit not in (None, u) or u in self.acted:
                continue
            moves = self._moves(side, u)
            if moves:
                out.append(
                    LegalOrder(side, "move", u, needs=(Need("hex", "hex", moves),), rule="move")
                )
            targets = self._targets(side, u)
            if targets:
                needs = (
                    Need("target", "unit", targets, "enemy token"),
                    Need("aim", "choice", tuple(self.HIT), optional=True),
                )
                out.append(LegalOrder(side, "fire", u, needs=needs, rule="fire"))
        return out

    def _moves(self, side: str, u: str) -> tuple[str, ...]:
        block = {self.pos[t] for t in self.pos if self.alive[t] and self.sees(side, t)}
        return tuple(h for h in self.map.neighbor_labels(self.pos[u]) if h not in block)

    def _targets(self, side: str, u: str) -> tuple[str, ...]:
        return tuple(
            t
            for t in self.tokens(self.enemy(side))
            if self.sees(side, t) and self.map.distance(self.pos[t], self.pos[u]) == 1
        )

    def _order(self, o: Order) -> Any:
        if o.side not in self.to_act():
            raise IllegalOrder("sequence of play", f"{o.side} may not give orders now")
        if self._phase == "setup":
            if o.kind == "place":
                return self._place(o)
            if o.kind == "lay":
                return self._lay(o)
        elif o.kind in ("move", "fire"):
            u = self._require_unit(o)
            if u in self.acted:
                raise IllegalOrder("sequence of play", f"{u} has already acted this turn")
            return self._move(o, u) if o.kind == "move" else self._fire(o, u)
        raise IllegalOrder("order", f"no {o.kind!r} order in the {self._phase} phase")

    def _lay(self, o: Order) -> None:
        check_args(o, ["hex"])
        if o.unit is not None:
            raise IllegalOrder("set-up", "a mine is laid by the side, not by a token")
        if len(self.mines[o.side]) >= self.scenario["mines"]:
            raise IllegalOrder("set-up", f"{o.side} has laid all its mines")
        if o.args.get("hex") not in self._mine_hexes(o.side):
            raise IllegalOrder("set-up", f"no mine may be laid at {o.args.get('hex')!r}")
        self._log("order", **o.to_dict())
        self.mines[o.side].append(o.args["hex"])

    def _move(self, o: Order, u: str) -> list[dict[str, Any]]:
        check_args(o, ["hex"])
        h = o.args.get("hex")
        if h not in self._moves(o.side, u):
            raise IllegalOrder("move", f"{u} cannot move to {h!r}")
        self._log("order", **o.to_dict())
        self.acted.append(u)
        occupant = next((t for t in self.pos if self.alive[t] and self.pos[t] == h), None)
        if occupant is not None:  # an unseen enemy token: the move is stopped, both now seen
            return [{"kind": "bump", "unit": u, "hex": h, "by": occupant}]
        self.pos[u] = h
        if h not in self.cleared[o.side]:
            self.cleared[o.side].append(h)
        events = [{"kind": "move", "unit": u, "hex": h}]
        foe = self.enemy(o.side)
        if h in self.mines[foe]:
            roll = self.dice.roll("mine", unit=u, hex=h)
            self.mines[foe].remove(h)
            self.revealed.append(h)
            if roll <= self.MINE_KILLS:
                self.alive[u] = False
            events.append({"kind": "mine", "unit": u, "hex": h, "roll": roll, "killed": roll <= 4})
        self._check_victory()
        return events

    def _fire(self, o: Order, u: str) -> list[dict[str, Any]]:
        check_args(o, ["target", "aim"])
        t, aim = o.args.get("target"), o.args.get("aim", "steady")
        if t not in self._targets(o.side, u) or aim not in self.HIT:
            raise IllegalOrder("fire", f"{u} cannot fire at {t!r} with aim {aim!r}")
        self._log("order", **o.to_dict())
        self.acted.append(u)
        roll = self.dice.roll("fire", unit=u, target=t)
        if roll >= self.HIT[aim]:
            self.alive[t] = False
        self._check_victory()
        return [{"kind": "fire", "unit": u, "target": t, "roll": roll, "hit": not self.alive[t]}]

    def _check_victory(self) -> None:
        for s in SIDES:
            if not self.tokens(s):
                return self._finish(self.enemy(s), "every enemy token destroyed")
            if any(self.pos[t] in self.home(self.enemy(s)) for t in self.tokens(s)):
                return self._finish(s, "reached the enemy's home column")
        return None

    def submit(self, side: str) -> None:
        self._check_side(side)
        if side not in self.to_act():
            raise IllegalOrder("sequence of play", f"it is not {side}'s turn")
        if self._phase == "setup":
            if any(self.pos[u] is None for u in self.tokens(side)):
                raise IllegalOrder("set-up", f"{side} must place every token first")
            if len(self.mines[side]) < self.scenario["mines"]:
                raise IllegalOrder("set-up", f"{side} must lay its {self.scenario['mines']} mines")
            self._log("submit", side=side)
            self.setup_done[side] = True
            return
        self._log("submit", side=side)
        self.acted = []
        first = self.turns.round
        self.turns.end_turn()
        if self.turns.over:
            self._finish(None, "turn limit")
        elif self.turns.round != first:
            self._turn = self.turns.round

    def advance(self) -> list[dict[str, Any]]:
        if self.over or self.to_act() or self._phase != "setup":
            raise IllegalOrder("sequence of play", f"waiting for {list(self.to_act())}")
        self._log("advance")
        self._phase, self._turn = "play", 1
        return [{"kind": "start", "turn": 1}]

    def _view_extra(self, side: str) -> dict[str, Any]:
        if side == REFEREE:
            return {
                "mines": {s: list(v) for s, v in self.mines.items()},
                "revealed": list(self.revealed),
            }
        return {
            "mines": {side: list(self.mines[side])},
            "revealed": list(self.revealed),
            "cleared": list(self.cleared[side]),
            "acted": list(self.acted) if side in self.to_act() else [],
            "dead": sorted(u for u in self.pos if not self.alive[u]),
        }

    def _unit_view(self, side: str, u: str) -> dict[str, Any]:
        return {"side": self.owner(u), "hex": self.pos[u], "alive": self.alive[u]}

    def sees(self, side: str, unit: str) -> bool:
        if side != REFEREE and self.owner(unit) != side and not self.alive[unit]:
            return True  # a destroyed token is known to both (its hex is where it fell)
        return super().sees(side, unit)

    def _snapshot_extra(self) -> dict[str, Any]:
        return {
            "turns": self.turns.to_dict(),
            "mines": {s: list(v) for s, v in self.mines.items()},
            "revealed": list(self.revealed),
            "cleared": {s: list(v) for s, v in self.cleared.items()},
            "acted": list(self.acted),
        }

    def resample_hidden(self, side: str, rng: np.random.Generator) -> MinesGame:
        """A copy with the enemy's unrevealed mines and unseen tokens moved to other hexes
        consistent with what ``side`` knows (mines never on a hex its tokens entered or
        stand on); ``view(side)`` is unchanged."""
        g = self.copy()
        foe = self.enemy(side)
        known = set(g.cleared[side]) | {g.pos[t] for t in g.tokens(side)}
        spots = [h for h in g._mine_hexes(foe) if h not in known]
        spots += [h for h in g.mines[foe] if h not in spots]
        n = len(g.mines[foe])
        if spots and n:
            g.mines[foe] = [spots[i] for i in sorted(rng.choice(len(spots), n, replace=False))]
        hidden = [u for u in g.tokens(foe) if not g.sees(side, u) and g.pos[u] is not None]
        taken = {g.pos[u] for u in g.pos if u not in hidden and g.alive[u]}
        goal = set(g.home(side)) | set(g.home(foe))
        for u in hidden:
            options = g._hidden_hexes(side, taken | goal | set(g.mines[side]))
            if options:
                g.pos[u] = options[int(rng.integers(len(options)))]
            taken.add(g.pos[u])
        return g


# --- scripted players (decide from the view and legal_orders only) -----------------------


class GreedyPlayer:
    """Moves every token as far toward the enemy's home column as it may, fires when it can;
    places and lays at random. Reads only ``view(side)`` and ``legal_orders(side)``."""

    name = "greedy"

    def __init__(self, side: str, seed: int = 0) -> None:
        from hexplay.ai.random import RandomPlayer

        self.side = side
        self._random = RandomPlayer(side, seed)
        self.rng = np.random.default_rng(seed)

    def goal_col(self, view: dict[str, Any]) -> int:
        return 99 if self.side == SIDES[0] else 0

    def act(self, game: Any) -> None:
        if self.side not in game.to_act():
            return
        if game.phase == "setup":
            return self._random.act(game)
        view = game.view(self.side)
        self.plan(game, view, self._where_enemies(game, view))

    def _where_enemies(self, game: Any, view: dict[str, Any]) -> list[str]:
        return [u["hex"] for u in view["units"].values() if u["side"] != self.side and u["alive"]]

    def plan(self, game: Any, view: dict[str, Any], enemies: list[str]) -> None:
        sign = 1 if self.side == SIDES[0] else -1
        for unit in sorted(u for u, d in view["units"].items() if d["side"] == self.side):
            for choice in game.legal_orders(self.side, unit):
                need = choice.needs[0]
                if choice.kind == "fire":
                    value = need.options[0]
                else:

                    def score(opt: Any, need: Need = need) -> tuple[float, float]:
                        end = opt[-1] if need.kind == "path" else opt
                        near = min((game.map.distance(end, e) for e in enemies), default=0)
                        return (sign * int(end[:2]), -near + 0.01 * self.rng.random())

                    best = max(need.options, key=score)
                    value = list(best) if isinstance(best, tuple) else best
                try:
                    game.order(choice.complete(**{need.name: value}))
                except IllegalOrder:
                    continue
                break  # one order per token
            if self.side not in game.to_act():
                return
        game.submit(self.side)


class CheatingRacer(GreedyPlayer):
    """A deliberately unfair player: like :class:`GreedyPlayer`, but it steers by the enemy's
    *true* positions (read from the referee's view). The fog-fairness test must catch it."""

    name = "cheat"

    def _where_enemies(self, game: Any, view: dict[str, Any]) -> list[str]:
        truth = game.view(REFEREE)["units"]
        return [u["hex"] for u in truth.values() if u["side"] != self.side and u["hex"]]


TOY_ENTRIES = (
    GameEntry(
        "toy-race",
        "Toy race",
        "toy_games:RaceGame",
        players={"greedy": "toy_games:GreedyPlayer"},
        sampler="toy_games:RaceGame.resample_hidden",
    ),
    GameEntry(
        "toy-mines",
        "Toy minefield",
        "toy_games:MinesGame",
        players={"greedy": "toy_games:GreedyPlayer"},
        sampler="toy_games:MinesGame.resample_hidden",
    ),
)


TOY_NAMES = tuple(e.name for e in TOY_ENTRIES)


@contextmanager
def toys_registered() -> Iterator[tuple[GameEntry, ...]]:
    """Both toy games registered inside the block, taken out again after it. (The registry
    has no way to take a game out: this test helper restores its table itself.)"""
    from hexplay import registry

    saved = {n: registry._GAMES.get(n) for n in TOY_NAMES}
    for e in TOY_ENTRIES:
        register(e, replace=True)
    try:
        yield TOY_ENTRIES
    finally:
        for n, e in saved.items():
            if e is None:
                registry._GAMES.pop(n, None)
            else:
                registry._GAMES[n] = e


def shipped_games() -> list[str]:
    """The games hexplay ships (names, for parametrized tests): registered games whose entry
    path is in the package. Games other test modules register on import (the table's
    ``serve_tiny`` TAG games) are left out, so a module's parameters do not depend on which
    modules were collected before it."""
    import hexplay
    from hexplay.registry import game_entry

    return [g for g in hexplay.games() if game_entry(g).game.startswith("hexplay.")]


def all_games() -> list[str]:
    """:func:`shipped_games`, then the toys (names, for parametrized tests)."""
    return [*(g for g in shipped_games() if g not in TOY_NAMES), *TOY_NAMES]
