"""DUEL: two sides of squads on a small map with woods, written on hexplay's game protocol.

Red and blue take turns (``"alternating"``). In its turn a side gives each squad at most one
order, then ends the turn (``submit``):

* ``move`` along a path costing at most :data:`MOVE_POINTS` (open 1, woods 2); a path that
  runs into an unseen enemy squad stops in front of it;
* ``fire`` at an enemy squad the side sees within :data:`FIRE_RANGE` hexes: one die, a hit on
  4+ (5+ into woods); a squad hit twice is destroyed.

A side sees an enemy squad within :data:`SIGHT` hexes of one of its squads (1 hex when the enemy
is in woods): views hold only those. A side wins by destroying every enemy squad; after the
turn limit the side with more squads left wins (equal: a draw).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

import numpy as np

from hexplay.engine import (
    REFEREE,
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
)
from hexplay.hexgrid import OffsetLayout
from hexplay.maps import Map

SIDES = ("red", "blue")
MOVE_POINTS = 2
FIRE_RANGE = 2
SIGHT = 3
COLS, ROWS = 8, 6
WOODS = ("0303", "0304", "0403", "0505", "0604", "0602")


def duel_map() -> Map:
    """The 8 x 6 board: open ground with a few woods hexes (labels are column, row: CCRR)."""
    terrain = np.zeros((COLS, ROWS), int)
    for label in WOODS:
        terrain[int(label[:2]) - 1, int(label[2:]) - 1] = 1
    return Map("duel", OffsetLayout(COLS, ROWS), ("open", "woods"), terrain)


DEFAULTS: dict[str, int] = {"squads": 3, "turn_limit": 8}
LIMITS: dict[str, tuple[int, int]] = {"squads": (1, ROWS - 1), "turn_limit": (1, 50)}


def scenarios() -> dict[str, dict[str, int]]:
    """The named scenarios (what ``hexplay.new_game("duel", "<name>")`` accepts)."""
    return {"standard": dict(DEFAULTS), "skirmish line": {"squads": 5, "turn_limit": 12}}


def check_scenario(scenario: Any) -> dict[str, int]:
    """A validated scenario dict (None: the defaults); ScenarioError names a bad field."""
    if scenario is None:
        return dict(DEFAULTS)
    if not isinstance(scenario, Mapping):
        raise ScenarioError("scenario", "must be an object like {'squads': 3}")
    for key in scenario:
        if key not in DEFAULTS:
            raise ScenarioError(str(key), f"unknown field; the fields are {sorted(DEFAULTS)}")
    d = {**DEFAULTS, **scenario}
    for key, (lo, hi) in LIMITS.items():
        if type(d[key]) is not int or not lo <= d[key] <= hi:
            raise ScenarioError(key, f"must be an integer {lo}..{hi}, not {d[key]!r}")
    return d


class DuelGame(Game):
    """The rules of DUEL (see the module docstring)."""

    info: ClassVar[GameInfo] = GameInfo(
        name="duel",
        title="Duel",
        sides=SIDES,
        turns="alternating",
        description="Squads move and fire in turn on a small map; enemies are seen up close.",
        order_kinds=("move", "fire"),
        move_kinds=("move",),
        attack_kinds=("fire",),
        capabilities=frozenset({"hidden_state"}),
    )
    FORMAT: ClassVar[str] = "hexplay-duel.game/1"
    ORDER_KINDS = info.order_kinds  # read by hexplay.env before it reads info.order_kinds

    def __init__(self, scenario: dict[str, int], m: Map, dice: Dice) -> None:
        self.scenario = scenario
        # what the protocol declares: the board, the one seeded die, the log of commands
        self.map, self.dice, self.commands = m, dice, CommandLog()
        n = scenario["squads"]
        self.pos: dict[str, str | None] = {}
        for i in range(n):
            self.pos[f"R{i + 1}"] = m.label(m.layout.to_hex(1, i + 1))
            self.pos[f"B{i + 1}"] = m.label(m.layout.to_hex(COLS, ROWS - i))
        self.hits = dict.fromkeys(self.pos, 0)
        self.acted: list[str] = []
        self.current = SIDES[0]
        self._turn = 1
        self.result: tuple[str | None, str] | None = None

    # --- construction (the protocol's two constructors) ----------------------------------
    @classmethod
    def new(cls, scenario: Any = None, seed: int = 0, **kw: Any) -> DuelGame:
        if kw:
            raise TypeError(f"DuelGame.new takes no {sorted(kw)}")
        return cls(check_scenario(scenario), duel_map(), Dice(seed))

    @classmethod
    def _fresh(cls, scenario: Any, map: Any, dice: Any) -> DuelGame:
        if (map.cols, map.rows) != (COLS, ROWS):
            raise ScenarioError("map", f"DUEL is played on an {COLS} x {ROWS} map")
        return cls(check_scenario(scenario), map, dice)

    def scenario_dict(self) -> dict[str, Any]:
        return dict(self.scenario)

    # --- clock ---------------------------------------------------------------------------
    @property
    def turn(self) -> int:
        return self._turn

    @property
    def phase(self) -> str:
        return "over" if self.over else "play"

    @property
    def over(self) -> bool:
        return self.result is not None

    def to_act(self) -> tuple[str, ...]:
        return () if self.over else (self.current,)

    # --- what a side knows -----------------------------------------------------------------
    def side_of(self, unit: str) -> str:
        return SIDES[0] if unit.startswith("R") else SIDES[1]

    def squads(self, side: str) -> list[str]:
        """The side's squads still on the map."""
        return [u for u, h in self.pos.items() if h is not None and self.side_of(u) == side]

    def sees(self, side: str, unit: str) -> bool:
        """Whether ``side`` sees ``unit`` now (its own always; destroyed ones are public)."""
        h = self.pos[unit]
        if side == REFEREE or self.side_of(unit) == side or h is None:
            return True
        reach = 1 if self.map.terrain_at(h) == "woods" else SIGHT
        return any(self.map.distance(self.pos[s], h) <= reach for s in self.squads(side))

    def view(self, side: str) -> dict[str, Any]:
        self._check_side(side, referee=True)
        units = {
            u: {"side": self.side_of(u), "hex": h, "hits": self.hits[u], "alive": h is not None}
            for u, h in self.pos.items()
            if self.sees(side, u)
        }
        return {
            "game": self.info.name,
            "side": side,
            "turn": self._turn,
            "phase": self.phase,
            "to_act": list(self.to_act()),
            "over": self.over,
            "winner": self.result[0] if self.result else None,
            "units": units,
            "acted": list(self.acted) if side in (self.current, REFEREE) else [],
        }

    def outcome(self) -> dict[str, Any]:
        winner, reason = self.result or (None, "")
        return {
            "winner": winner,
            "reason": reason,
            "turns": self._turn,
            **{f"{s}_squads": len(self.squads(s)) for s in SIDES},
        }

    def snapshot(self) -> dict[str, Any]:
        return {
            "pos": dict(self.pos),
            "hits": dict(self.hits),
            "acted": list(self.acted),
            "current": self.current,
            "turn": self._turn,
            "result": list(self.result) if self.result else None,
        }

    # --- orders ------------------------------------------------------------------------------
    def paths(self, side: str, unit: str) -> dict[str, tuple[str, ...]]:
        """The cheapest path to each hex ``unit`` may move to, from what ``side`` sees (an
        unseen enemy does not block: the move will bump into it)."""
        blocked = {self.pos[u] for u in self.pos if self.pos[u] and self.sees(side, u)}
        best: dict[str, tuple[int, tuple[str, ...]]] = {self.pos[unit]: (0, ())}
        frontier = [self.pos[unit]]
        while frontier:
            nxt = []
            for h in frontier:
                cost, path = best[h]
                for n in sorted(self.map.neighbor_labels(h)):
                    c = cost + (2 if self.map.terrain_at(n) == "woods" else 1)
                    if n in blocked or c > MOVE_POINTS or (n in best and best[n][0] <= c):
                        continue
                    best[n] = (c, (*path, n))
                    nxt.append(n)
            frontier = nxt
        return {h: p for h, (c, p) in sorted(best.items()) if p}

    def targets(self, side: str, unit: str) -> list[str]:
        """Enemy squads ``side`` sees within range of ``unit``."""
        foe = SIDES[1 - SIDES.index(side)]
        return [
            t
            for t in self.squads(foe)
            if self.sees(side, t) and self.map.distance(self.pos[unit], self.pos[t]) <= FIRE_RANGE
        ]

    def legal_orders(self, side: str, unit: str | None = None) -> list[LegalOrder]:
        if side not in self.to_act():
            return []
        out = []
        for u in self.squads(side):
            if unit not in (None, u) or u in self.acted:
                continue
            paths = self.paths(side, u)
            if paths:
                ends = tuple(paths.values())
                costs = tuple(self._cost(p) for p in ends)
                need = Need("path", "path", ends, "where to", costs=costs)
                out.append(LegalOrder(side, "move", u, needs=(need,), label="move", rule="move"))
            targets = tuple(self.targets(side, u))
            if targets:
                need = Need("target", "unit", targets, "fire at")
                out.append(LegalOrder(side, "fire", u, needs=(need,), label="fire", rule="fire"))
        return out

    def _cost(self, path: Any) -> int:
        return sum(2 if self.map.terrain_at(h) == "woods" else 1 for h in path)

    def _order(self, o: Order) -> Any:
        if o.side not in self.to_act():
            raise IllegalOrder("sequence of play", f"it is not {o.side}'s turn")
        if o.kind not in self.info.order_kinds:
            raise IllegalOrder("order", f"no {o.kind!r} order; DUEL has {self.info.order_kinds}")
        if o.unit not in self.pos or self.side_of(o.unit) != o.side or self.pos[o.unit] is None:
            raise IllegalOrder("order", f"{o.side} has no squad {o.unit!r} on the map")
        if o.unit in self.acted:
            raise IllegalOrder("sequence of play", f"{o.unit} has already acted this turn")
        return self._move(o) if o.kind == "move" else self._fire(o)

    def _move(self, o: Order) -> list[dict[str, Any]]:
        check_args(o, ["path"], "move")
        path, u = o.args.get("path"), o.unit
        legal = self.paths(o.side, u)
        if (
            not isinstance(path, list)
            or not path
            or not all(isinstance(h, str) and h in legal for h in path)
            or any(self.map.distance(a, b) != 1 for a, b in zip([self.pos[u], *path], path))
            or self._cost(path) > MOVE_POINTS
        ):
            raise IllegalOrder("move", f"{u} cannot move along {path!r}")
        self._log("order", **o.to_dict())  # legal: log it, then carry it out
        self.acted.append(u)
        occupied = {h: t for t, h in self.pos.items() if h is not None}
        for h in path:
            if h in occupied:  # an unseen enemy squad: the move stops in front of it
                return [{"kind": "bump", "unit": u, "hex": self.pos[u], "by": occupied[h]}]
            self.pos[u] = h
        return [{"kind": "move", "unit": u, "hex": self.pos[u]}]

    def _fire(self, o: Order) -> list[dict[str, Any]]:
        check_args(o, ["target"], "fire")
        t, u = o.args.get("target"), o.unit
        if t not in self.targets(o.side, u):
            raise IllegalOrder("fire", f"{u} cannot fire at {t!r}")
        self._log("order", **o.to_dict())
        self.acted.append(u)
        need = 5 if self.map.terrain_at(self.pos[t]) == "woods" else 4
        roll = self.dice.roll("fire", unit=u, target=t)
        hit = roll >= need
        if hit:
            self.hits[t] += 1
            if self.hits[t] >= 2:
                self.pos[t] = None
                if not self.squads(self.side_of(t)):
                    self.result = (o.side, "destroyed every enemy squad")
        return [{"kind": "fire", "unit": u, "target": t, "roll": roll, "hit": hit}]

    def submit(self, side: str) -> None:
        self._check_side(side)
        if side not in self.to_act():
            raise IllegalOrder("sequence of play", f"it is not {side}'s turn")
        self._log("submit", side=side)
        self.acted = []
        if side == SIDES[0]:
            self.current = SIDES[1]
            return
        self.current = SIDES[0]
        if self._turn < self.scenario["turn_limit"]:
            self._turn += 1
            return
        left = {s: len(self.squads(s)) for s in SIDES}
        best = max(SIDES, key=left.__getitem__)
        tied = left[SIDES[0]] == left[SIDES[1]]
        self.result = (None if tied else best, "turn limit")

    def advance(self) -> list[dict[str, Any]]:
        raise IllegalOrder("sequence of play", "DUEL has nothing to resolve: sides end turns")


# --- the hidden-state sampler (for search players and the fog-fairness checks) --------------
def sample(game: DuelGame, side: str, rng: np.random.Generator) -> DuelGame:
    """A copy where every enemy squad ``side`` does not see stands on another hex it would not
    see either: ``view(side)`` and ``legal_orders(side)`` are unchanged."""
    g = game.copy()
    foe = SIDES[1 - SIDES.index(side)]
    for u in [t for t in g.squads(foe) if not g.sees(side, t)]:
        taken = {h for h in g.pos.values() if h is not None}
        g.pos[u] = None
        free = [h for h in g.map.hex_labels if h not in taken]
        hidden = []
        for h in free:
            g.pos[u] = h
            if not g.sees(side, u):
                hidden.append(h)
        g.pos[u] = hidden[int(rng.integers(len(hidden)))] if hidden else game.pos[u]
    return g


# --- a scripted player: it reads the side's view and legal orders only ----------------------
class CloserPlayer:
    """Fires whenever it can (at the most damaged target), else moves each squad toward the
    nearest enemy it sees (toward the enemy's edge when it sees none), then ends the turn."""

    name = "closer"

    def __init__(self, side: str, seed: int = 0) -> None:
        self.side, self.rng = side, np.random.default_rng(seed)

    def act(self, game: Game) -> None:
        if self.side not in game.to_act():
            return
        goal_col = COLS if self.side == SIDES[0] else 1
        mine = sorted(u for u, d in game.view(self.side)["units"].items() if d["side"] == self.side)
        for unit in mine:
            view = game.view(self.side)  # fresh: a move may have shown an enemy
            units = view["units"]
            enemies = [d["hex"] for d in units.values() if d["side"] != self.side and d["hex"]]
            choices = {c.kind: c for c in game.legal_orders(self.side, unit)}
            if "fire" in choices:
                need = choices["fire"].needs[0]
                target = max(need.options, key=lambda t: (units[t]["hits"], self.rng.random()))
                game.order(choices["fire"].complete(target=target))
            elif "move" in choices:

                def score(path: tuple[str, ...], enemies: list[str] = enemies) -> tuple[int, float]:
                    near = [game.map.distance(path[-1], e) for e in enemies]
                    col = int(path[-1][:2])
                    return (min(near) if near else abs(goal_col - col), self.rng.random())

                path = min(choices["move"].needs[0].options, key=score)
                game.order(choices["move"].complete(path=list(path)))
            if self.side not in game.to_act():  # the game is over
                return
        game.submit(self.side)
