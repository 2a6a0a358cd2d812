"""The shell is game-independent: an alternating-turn game with APP-6 unit symbols and a
simultaneous one with ships (facing, speed), both tiny protocol games written here, played
through :class:`GameApp` with their own small UI adapters — what AGGRESSOR's and the naval
game's adapters will provide."""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
import pytest

from hexplay.engine import IllegalOrder
from hexplay.engine.commands import CommandLog
from hexplay.engine.protocol import Game, GameInfo, LegalOrder, Need, Order
from hexplay.hexgrid import OffsetLayout
from hexplay.maps import Map
from hexplay.widgets.adapter import Context, GameUI
from hexplay.widgets.counters import CounterStyle, SideStyle, sidc_for
from hexplay.widgets.game_app import GameApp


def _map() -> Map:
    lay = OffsetLayout(8, 6)
    return Map("tiny", lay, ("open", "rough"), np.zeros((8, 6), dtype=int), {})


class TinyGame(Game):
    """Two sides, two units each; ``move`` one hex (alternating: at once; simultaneous:
    plotted, applied at advance); an enemy is seen within 2 hexes; six turns."""

    info: ClassVar[GameInfo] = GameInfo("tiny", "Tiny", ("East", "West"), "alternating")
    FORMAT = "hexplay.tiny/1"
    TYPES = ("Infantry", "Armor")

    def __init__(self) -> None:
        self.map = _map()
        self.commands = CommandLog()
        self._turn = 1
        self.units = {
            "E1": {"side": "East", "hex": "0101", "type": "Infantry", "facing": 2, "speed": 3},
            "E2": {"side": "East", "hex": "0102", "type": "Armor", "facing": 2, "speed": 4},
            "W1": {"side": "West", "hex": "0806", "type": "Infantry", "facing": 5, "speed": 2},
            "W2": {"side": "West", "hex": "0805", "type": "Armor", "facing": 5, "speed": 1},
        }
        self.done: dict[str, bool] = {s: False for s in self.info.sides}
        self.current = "East"
        self.plots: dict[str, dict[str, str]] = {s: {} for s in self.info.sides}

    @classmethod
    def new(cls, scenario: Any = None, seed: int = 0, **kw: Any) -> TinyGame:
        return cls()

    @classmethod
    def _fresh(cls, scenario: Any, map: Any, dice: Any) -> TinyGame:
        return cls()

    @property
    def turn(self) -> int:
        return self._turn

    @property
    def phase(self) -> str:
        return "over" if self.over else "play"

    @property
    def over(self) -> bool:
        return self._turn > 6

    def to_act(self) -> tuple[str, ...]:
        if self.over:
            return ()
        if self.info.simultaneous:
            return tuple(s for s in self.info.sides if not self.done[s])
        return (self.current,)

    def legal_orders(self, side: str, unit: str | None = None) -> list[LegalOrder]:
        if side not in self.to_act():
            return []
        out = []
        for uid, u in self.units.items():
            if u["side"] != side or (unit is not None and uid != unit):
                continue
            taken = {v["hex"] for v in self.units.values()}
            hexes = tuple(h for h in self.map.neighbor_labels(u["hex"]) if h not in taken)
            out.append(LegalOrder(side, "move", uid, {}, (Need("to", "hex", hexes, "hex"),)))
        return out

    def _order(self, order: Order) -> Any:
        lo = next((x for x in self.legal_orders(order.side, order.unit) if x.kind == "move"), None)
        if lo is None or not lo.needs[0].accepts(order.args.get("to")):
            raise IllegalOrder("move", f"{order.unit} cannot move to {order.args.get('to')}")
        if self.info.simultaneous:
            self.plots[order.side][order.unit] = order.args["to"]
        else:
            self.units[order.unit]["hex"] = order.args["to"]
        self._log("order", **order.to_dict())
        return []

    def submit(self, side: str) -> None:
        if side not in self.to_act():
            raise IllegalOrder("sequence", f"{side} is not to act")
        self._log("submit", side=side)
        if self.info.simultaneous:
            self.done[side] = True
        else:
            self.current = "West" if side == "East" else "East"
            if side == "West":
                self._turn += 1

    def advance(self) -> list[dict[str, Any]]:
        if self.to_act():
            raise IllegalOrder("sequence", "plots are still open")
        for plots in self.plots.values():
            for uid, hx in plots.items():
                self.units[uid]["hex"] = hx
        self.plots = {s: {} for s in self.info.sides}
        self.done = {s: False for s in self.info.sides}
        self._turn += 1
        return []

    def view(self, side: str) -> dict[str, Any]:
        units = {}
        for uid, u in self.units.items():
            if side == "referee" or u["side"] == side:
                units[uid] = dict(u)
                continue
            near = min(
                self.map.distance(u["hex"], v["hex"])
                for v in self.units.values()
                if v["side"] == side
            )
            if near <= 2:
                units[uid] = dict(u)  # identified
            elif near <= 4:  # seen, not identified: where, and whose, nothing more
                units["?" + u["hex"]] = {"side": u["side"], "hex": u["hex"], "unidentified": True}
        return {
            "game": "tiny",
            "side": side,
            "turn": self._turn,
            "phase": self.phase,
            "to_act": list(self.to_act()),
            "over": self.over,
            "winner": None,
            "units": units,
            "cbr": ["0404"],
            "plots": {side: self.plots.get(side, {})} if side != "referee" else self.plots,
        }

    def outcome(self) -> dict[str, Any]:
        return {"winner": None, "reason": "", "turns": self._turn}

    def snapshot(self) -> dict[str, Any]:
        return {"units": self.units}

    def scenario_dict(self) -> dict[str, Any]:
        return {}


class TinyShips(TinyGame):
    info: ClassVar[GameInfo] = GameInfo("tinyships", "Tiny ships", ("USN", "IJN"), "simultaneous")

    def __init__(self) -> None:
        super().__init__()
        for u, s in zip(self.units.values(), ("USN", "USN", "IJN", "IJN")):
            u["side"] = s
        self.done = {s: False for s in self.info.sides}
        self.plots = {s: {} for s in self.info.sides}


class TinyUI(GameUI):
    """An AGGRESSOR-like adapter: APP-6 symbols, range-strength corners, face-down
    unidentified enemies, CBR hexes and a border line."""

    game_class = TinyGame

    def style(self, game: Any) -> CounterStyle:
        a, b = game.info.sides
        return CounterStyle(
            (SideStyle(a, "#c0392b", f"{a} army"), SideStyle(b, "#2e86c1", f"{b} army")),
            legend=(("#7d3c98", "CBR hex"),),
        )

    def counters(self, view: Any, side: str, ctx: Context) -> list[dict[str, Any]]:
        out = []
        for uid, u in view["units"].items():
            if u.get("unidentified"):
                out.append({"id": uid, "side": u["side"], "hex": u["hex"], "hidden": True})
                continue
            hostile = side not in ("referee", u["side"])
            out.append(
                {
                    "id": uid,
                    "side": u["side"],
                    "hex": u["hex"],
                    "glyph": {"kind": "sidc", "sidc": sidc_for(u["type"], hostile)},
                    "corners": {"bl": "2-3"},
                    "badges": ["dug"] if u["type"] == "Infantry" else [],
                    "label": uid,
                }
            )
        return out

    def overlays(self, view: Any, side: str, ctx: Context) -> dict[str, Any]:
        west = [h for h in ctx.game.map.hex_labels if int(h[:2]) > 4]
        return {
            "markings": [{"name": "cbr", "hexes": view["cbr"], "colour": "#7d3c98"}],
            "regions": [{"name": "border", "regions": {"west": west}, "colour": "#222"}],
        }

    def status(self, view: Any, ctx: Context) -> str:
        return f"{len(view['units'])} units known"


class ShipsUI(TinyUI):
    game_class = TinyShips

    def counters(self, view: Any, side: str, ctx: Context) -> list[dict[str, Any]]:
        return [
            {
                "id": uid,
                "side": u["side"],
                "hex": u["hex"],
                "glyph": {"kind": "ship"},
                "facing": u["facing"],
                "speed": u["speed"],
                "badges": ["spotted"] if u["side"] != side else [],
                "label": uid,
            }
            for uid, u in view["units"].items()
            if not u.get("unidentified")
        ]

    def overlays(self, view: Any, side: str, ctx: Context) -> dict[str, Any]:
        return {}


def _click(app: Any, hex: Any = None, unit: Any = None) -> None:
    app.board._handle_custom_msg({"type": "click", "hex": hex, "unit": unit}, [])


def test_alternating_game_against_the_computer_through_the_shell():
    app = GameApp(TinyGame(), ui=TinyUI, vs_computer="West")
    g = app.game
    by_id = {u["id"]: u for u in app.board.units}
    assert by_id["E1"]["glyph"] == {"kind": "sidc", "sidc": "SFGPUCI----"}
    assert by_id["E1"]["corners"] == {"bl": "2-3"} and by_id["E1"]["badges"] == ["dug"]
    assert not {"W1", "W2"} & set(by_id)  # too far to be seen
    assert app.board.markings["markings"][0]["hexes"] == ["0404"]
    assert "markings" not in app.board.overlays  # sent once, not with every selection
    assert app.board.counter_style["sides"]["East"]["label"] == "East army"
    assert app.board.counter_style["legend"] == [["#7d3c98", "CBR hex"]]
    _click(app, "0101", "E1")
    assert app.builder.task_codes() == ["move"]
    app.builder.click_task("move")
    assert app.builder.pending["needs"] == "target"
    _click(app, "0603")  # not a neighbour: refused before the engine, nothing moves
    assert "not a legal to" in app.builder.error.value and g.units["E1"]["hex"] == "0101"
    app.builder.click_task("move")
    _click(app, "0201")
    assert g.units["E1"]["hex"] == "0201"  # alternating: at once
    assert app.units_by_id["E1"]["hex"] == "0201"
    app.end_plot()  # end of East's turn: the computer plays West and ends its turn
    assert g.turn == 2 and g.current == "East" and app.plotting_side == "East"
    assert not app.handover  # one human: no hand-over


def test_alternating_hot_seat_blanks_between_turns_and_hides_unidentified_types():
    app = GameApp(TinyGame(), ui=TinyUI, vs_computer=None, hot_seat=True)
    g = app.game
    g.units["W1"]["hex"] = "0404"  # 3-4 hexes from East: seen, not identified
    app.refresh()
    hidden = [u for u in app.board.units if u.get("hidden")]
    assert hidden and all(set(u) <= {"id", "side", "hex", "hidden", "glyph"} for u in hidden)
    assert "Infantry" not in str(app.board.units) and "W1" not in str(app.board.units)
    app.end_plot()
    assert app.handover and app.board.units == [] and app.plotting_side == "West"
    assert app.board.markings == {}
    app.take_over()
    assert {"W1", "W2"} <= {u["id"] for u in app.board.units}


def test_simultaneous_ships_show_facing_and_speed_and_resolve():
    app = GameApp(TinyShips(), ui=ShipsUI, vs_computer="IJN")
    g = app.game
    ship = next(u for u in app.board.units if u["id"] == "E1")
    assert ship["glyph"] == {"kind": "ship"} and ship["facing"] == 2 and ship["speed"] == 3
    _click(app, "0101", "E1")
    app.builder.click_task("move")
    _click(app, "0201")
    assert g.units["E1"]["hex"] == "0101" and g.plots["USN"] == {"E1": "0201"}  # plotted
    app.end_plot()
    assert g.turn == 2 and g.units["E1"]["hex"] == "0201"


@pytest.mark.parametrize("ui", [TinyUI, ShipsUI])
def test_shell_new_game_and_referee_view(ui):
    app = GameApp(ui.game_class(), ui=ui, vs_computer=None, referee=True, hot_seat=False)
    assert {"E1", "E2", "W1", "W2"} <= {u["id"] for u in app.board.units}
    app.new_game()
    assert app.game.turn == 1 and app.board.units
