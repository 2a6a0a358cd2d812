"""TAG: the smallest game on the game API, for the table server's tests and load benchmark.

Two scouts on a strip of six hexes ("0101".."0601"). Each turn each side moves its scout one
hex (or stays); a scout sees the other only within one hex, so each side's view holds the enemy
only then, and its own plot only. Red wins by ending a turn on blue's hex; blue wins by lasting
``turn_limit`` turns. ``Tag`` plots simultaneously; ``TagTurns`` alternates (orders act at once).
One die roll per turn ("wind", shown to the referee only) keeps the dice in the record.
"""

from __future__ import annotations

from typing import Any

from hexplay.engine import (
    CommandLog,
    Dice,
    Game,
    GameInfo,
    IllegalOrder,
    LegalOrder,
    Need,
    Order,
    check_args,
)
from hexplay.hexgrid import OffsetLayout
from hexplay.maps import Map
from hexplay.registry import GameEntry, register

COLS = 6
LABELS = tuple(f"{c:02d}01" for c in range(1, COLS + 1))
START = {"R1": 0, "B1": COLS - 1}
SIDE_OF = {"R1": "red", "B1": "blue"}
UNIT_OF = {"red": "R1", "blue": "B1"}


def strip_map() -> Map:
    return Map(
        name="strip",
        layout=OffsetLayout(COLS, 1),
        terrain_names=("clear",),
        terrain=[[0] for _ in range(COLS)],
    )


class Tag(Game):
    info = GameInfo("tag", "Tag", ("red", "blue"), "simultaneous", "two scouts on a strip")
    FORMAT = "hexplay.tag.game/1"

    def __init__(self, scenario: dict[str, Any], map: Map, dice: Dice) -> None:
        self.scenario = {"turn_limit": int(scenario.get("turn_limit", 6))}
        self.map, self.dice = map, dice
        self.commands = CommandLog()
        self.pos = dict(START)
        self.plots: dict[str, list[dict[str, Any]]] = {s: [] for s in self.sides}
        self.done: set[str] = set()
        self._turn, self._phase, self.result = 0, "setup", None
        self.winds: list[int] = []

    @classmethod
    def new(cls, scenario: Any = None, seed: int = 0, **kw: Any) -> Tag:
        return cls._fresh(scenario or {}, strip_map(), Dice(seed))

    @classmethod
    def _fresh(cls, scenario: Any, map: Any, dice: Any) -> Tag:
        return cls(dict(scenario), map, dice)

    @property
    def turn(self) -> int:
        return self._turn

    @property
    def phase(self) -> str:
        return self._phase

    @property
    def over(self) -> bool:
        return self._phase == "over"

    def to_act(self) -> tuple[str, ...]:
        return () if self.over else tuple(s for s in self.sides if s not in self.done)

    def _options(self, unit: str) -> tuple[str, ...]:
        c = self.pos[unit]
        return tuple(LABELS[i] for i in (c - 1, c, c + 1) if 0 <= i < COLS)

    def legal_orders(self, side: str, unit: str | None = None) -> list[LegalOrder]:
        self._check_side(side)
        u = UNIT_OF[side]
        if side not in self.to_act() or self.phase == "setup" or unit not in (None, u):
            return []
        if self.plots[side]:
            return []
        need = Need("hex", "hex", self._options(u), "where to")
        return [LegalOrder(side, "MV", u, {}, (need,), f"{u} moves", "move")]

    def _order(self, order: Order) -> Any:
        check_args(order, ("hex",), "move")
        side, u = order.side, UNIT_OF[order.side]
        if side not in self.to_act() or self.phase == "setup":
            raise IllegalOrder("sequence of play", f"{side} may not order now")
        if order.kind != "MV" or order.unit != u:
            raise IllegalOrder("move", f"{side} orders only MV for {u}")
        if self.plots[side]:
            raise IllegalOrder("move", f"{u} already has an order")
        if order.args.get("hex") not in self._options(u):
            raise IllegalOrder("move", f"{u} moves one hex, not to {order.args.get('hex')!r}")
        entry = {"unit": u, "hex": order.args["hex"]}
        self.plots[side].append(entry)
        self._log("order", **order.to_dict())
        if not self.info.simultaneous:
            self._move(side)
        return entry

    def _move(self, side: str) -> None:
        for p in self.plots[side]:
            self.pos[p["unit"]] = LABELS.index(p["hex"])

    def undo(self, side: str, unit: str | None = None) -> Any:
        self._check_side(side)
        if not self.info.simultaneous:
            return super().undo(side, unit)
        if side not in self.to_act() or not self.plots[side]:
            raise IllegalOrder("plot", f"{side} has nothing to undo")
        self._log("undo", side=side)
        return self.plots[side].pop()

    def submit(self, side: str) -> None:
        self._check_side(side)
        if side not in self.to_act():
            raise IllegalOrder("sequence of play", f"{side} has nothing to submit")
        self._log("submit", side=side)
        self.done.add(side)
        if not self.info.simultaneous and self.phase != "setup":
            self.plots[side] = []
            self.done = {side}  # the other side's turn
            if side == self.sides[-1]:
                self._end_turn()

    def advance(self) -> list[dict[str, Any]]:
        if self.to_act() or self.over:
            raise IllegalOrder("sequence of play", "some side must still act")
        self._log("advance")
        if self.phase == "setup":
            self._phase, self._turn = "plot", 1
            self.commands.mark_turn(1)
        else:
            for s in self.sides:
                self._move(s)
                self.plots[s] = []
            self._end_turn()
        self.done = set() if self.info.simultaneous else set(self.sides[1:])
        return [{"turn": self.turn, "phase": self.phase}]

    def _end_turn(self) -> None:
        self.winds.append(self.dice.roll("wind", 6))
        if self.pos["R1"] == self.pos["B1"]:
            self._phase, self.result = "over", ("red", "caught")
        elif self._turn >= self.scenario["turn_limit"]:
            self._phase, self.result = "over", ("blue", "escaped")
        else:
            self._turn += 1
            self.commands.mark_turn(self._turn)

    def view(self, side: str) -> dict[str, Any]:
        self._check_side(side, referee=True)
        near = abs(self.pos["R1"] - self.pos["B1"]) <= 1
        units = {
            u: {"side": SIDE_OF[u], "hex": LABELS[c]}
            for u, c in self.pos.items()
            if side == "referee" or SIDE_OF[u] == side or near
        }
        v = {
            "game": "tag",
            "side": side,
            "turn": self.turn,
            "phase": self.phase,
            "to_act": list(self.to_act()),
            "over": self.over,
            "winner": self.result[0] if self.result else None,
            "units": units,
        }
        if side == "referee":
            v.update(plots={s: list(p) for s, p in self.plots.items()}, winds=list(self.winds))
        else:
            v["plot"] = list(self.plots[side])
        return v

    def outcome(self) -> dict[str, Any]:
        w, why = self.result or (None, "unfinished")
        return {"winner": w, "reason": why, "turns": self.turn}

    def snapshot(self) -> dict[str, Any]:
        return {
            "pos": dict(self.pos),
            "plots": {s: list(p) for s, p in self.plots.items()},
            "done": sorted(self.done),
            "turn": self._turn,
            "phase": self._phase,
            "winds": list(self.winds),
        }

    def scenario_dict(self) -> dict[str, Any]:
        return dict(self.scenario)


class TagTurns(Tag):
    info = GameInfo("tag-turns", "Tag (alternating)", ("red", "blue"), "alternating")
    FORMAT = "hexplay.tag-turns.game/1"


TAG = GameEntry("tag", "Tag", "serve_tiny:Tag")
TAG_TURNS = GameEntry("tag-turns", "Tag (alternating)", "serve_tiny:TagTurns")


def register_tag() -> None:
    """Put both TAG games in the registry (idempotent)."""
    register(TAG, replace=True)
    register(TAG_TURNS, replace=True)


register_tag()
