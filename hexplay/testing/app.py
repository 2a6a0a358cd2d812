"""The kit's app smoke test: a game played on the board by simulated clicks.

Written against the shell's gestures as they are (click a unit to select it, press the order
kind's button, click the hexes of the path or the target, End turn); when the shell's gestures
change, this module is the one place to adjust. A game's ``GameInfo.move_kinds`` and
``attack_kinds`` say which orders the gestures give (a game that declares none: the kinds whose
order needs a path or hex, resp. a unit).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..engine import LegalOrder
from .kit import Kit, _positions


def click(app: Any, hex: str | None = None, unit: str | None = None) -> None:
    """A click on the board, as the browser sends it."""
    app.board._handle_custom_msg({"type": "click", "hex": hex, "unit": unit}, [])


def _key_need(lo: LegalOrder) -> Any:
    """The order's one required need, if it has exactly one with options."""
    req = [n for n in lo.needs if not n.optional]
    return req[0] if len(req) == 1 and req[0].options else None


def _occupants(view: Mapping[str, Any]) -> dict[str, tuple[str, str]]:
    """hex -> (unit id, side) of the units the view shows on the map."""
    return {u["hex"]: (uid, u["side"]) for uid, u in view["units"].items() if u.get("hex")}


def move_click(lo: LegalOrder, view: Mapping[str, Any], declared: tuple[str, ...]) -> Any:
    """The hexes to click for ``lo`` as a move (a path, or an empty hex), None if it is not
    one (``declared``: the game's move kinds; none declared: any kind)."""
    need = _key_need(lo)
    if need is None or (declared and lo.kind not in declared):
        return None
    if need.kind == "path":
        return list(need.options[0])
    if need.kind == "hex":
        taken = _occupants(view)
        return next(([h] for h in need.options if h not in taken), None)
    return None


def attack_click(lo: LegalOrder, view: Mapping[str, Any], declared: tuple[str, ...]) -> Any:
    """(hex, unit) to click for ``lo`` as an attack on an enemy the side sees, None if it is
    not one (``declared``: the game's attack kinds; none declared: any kind)."""
    need = _key_need(lo)
    if need is None or (declared and lo.kind not in declared):
        return None
    units = view["units"]
    if need.kind == "unit":
        for t in need.options:
            u = units.get(t)
            if u and u.get("hex") and u["side"] != view["side"]:
                return u["hex"], t
    if need.kind == "hex":
        taken = _occupants(view)
        for h in need.options:
            if h in taken and taken[h][1] != view["side"]:
                return h, taken[h][0]
    return None


def _open(kit: Kit, game: Any = None) -> Any:
    from ..widgets.game_app import GameApp

    sides = kit.entry.info.sides
    return GameApp(
        kit.name if game is None else game,
        seed=kit.seed,
        vs_computer=tuple(sides[1:]),
        hot_seat=False,
    )


def _commands(app: Any) -> int:
    return len(app.game.commands.commands)


def _select(kit: Kit, app: Any, unit: str) -> None:
    hex = app.units_by_id[unit]["hex"]
    click(app, hex, unit)
    if app.selected_unit != unit:
        raise AssertionError(f"{kit.name}: clicking {unit} at {hex} did not select it")


def check_app(kit: Kit) -> None:
    """Open ``GameApp(name)``; select a unit, move it, attack with one, end the turn, all by
    clicks; New game works."""
    app = _open(kit)
    if not app.board.units:
        raise AssertionError(f"{kit.name}: GameApp shows no counter")
    move_by_clicks(kit, app)
    before, turn = _commands(app), app.game.turn
    side = app.plotting_side
    try:
        app.end_plot()  # the computer plays the other sides
    except Exception as e:
        raise AssertionError(f"{kit.name}: End turn of {side}: {type(e).__name__}: {e}") from e
    if _commands(app) == before and app.game.turn == turn:
        raise AssertionError(f"{kit.name}: End turn of {side} did nothing")
    app.new_game()
    if not app.board.units or app.game.over:
        raise AssertionError(f"{kit.name}: New game did not start a game")
    attack_by_clicks(kit)


def move_by_clicks(kit: Kit, app: Any) -> None:
    """Select a unit of the side at the screen and move it, by clicks."""
    side, game = app.plotting_side, app.game
    view = game.view(side)
    for lo in game.legal_orders(side):
        hexes = move_click(lo, view, game.info.move_kinds)
        if lo.unit is None or lo.unit not in app.units_by_id or hexes is None:
            continue
        _select(kit, app, lo.unit)
        before = _commands(app)
        app.builder.click_task(lo.kind)
        for h in hexes:
            p = app.builder.pending
            if p is None or (p.get("path") and p["path"][-1] == hexes[-1]):
                break
            click(app, h)
        if app.builder.pending is not None:
            click(app, hexes[-1])  # the end hex again: the path is done
        if _commands(app) != before + 1:
            err = app.builder.error.value
            raise AssertionError(f"{kit.name}: {lo.kind} of {lo.unit} to {hexes} by clicks: {err}")
        return
    raise AssertionError(f"{kit.name}: no unit of {side} to move at the start")


def attack_by_clicks(kit: Kit, positions: int = 400) -> None:
    """Find, in random games, a position where the first side can attack an enemy it sees;
    open the app on it and attack by clicks."""
    sides = kit.entry.info.sides
    declared = kit.entry.info.attack_kinds
    tried = 0
    for seed in kit.seeds():
        for g in _positions(kit, seed):
            tried += 1
            if tried > positions:
                break
            if g.over or sides[0] not in g.to_act() or g.phase == "setup":
                continue
            view = g.view(sides[0])
            aims = [(lo, attack_click(lo, view, declared)) for lo in g.legal_orders(sides[0])]
            aims = [(lo, aim) for lo, aim in aims if aim is not None and lo.unit]
            if not aims:
                continue
            app = _open(kit, g.copy())
            if app.plotting_side != sides[0]:
                continue
            lo, (hex, target) = aims[0]
            _select(kit, app, lo.unit)
            before = _commands(app)
            app.builder.click_task(lo.kind)
            click(app, hex, target)
            if _commands(app) != before + 1:
                err = app.builder.error.value
                raise AssertionError(f"{kit.name}: {lo.kind} of {lo.unit} at {target}: {err}")
            return
    raise AssertionError(
        f"{kit.name}: no position in {tried} of random play where {sides[0]} could attack"
    )
