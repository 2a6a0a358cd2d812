"""The kit's app checks: a game played on the board by simulated clicks; every side x every
named player played to the end in the app.

The shell's gestures, the same in every game: click an own unit (selected, its reach and
targets marked), click a hex of its reach (the move order, along the reach query's path), click
an enemy it can attack (the odds), click it again (the attack), End turn. Every click answers:
an order, a selection, an armed attack or the engine's reason by the board; a click that
answers nothing fails the check. A game's ``GameInfo.move_kinds`` and ``attack_kinds`` say
which orders the gestures give.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..engine import LegalOrder
from .kit import Kit, _check_end, _positions


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


def gesture(kit: Kit, app: Any, hex: str | None = None, unit: str | None = None) -> str:
    """One board click that must be answered (an order, a selection, an armed attack, or words
    by the board); returns the status text."""
    before = (_commands(app), app.selected_unit, app.armed, app.refusals)
    app.click_status.value = ""
    click(app, hex, unit)
    after = (_commands(app), app.selected_unit, app.armed, app.refusals)
    if after == before and not app.click_status.value:
        raise AssertionError(f"{kit.name}: a click on {hex} / {unit} answered nothing")
    return app.click_text


def move_by_clicks(kit: Kit, app: Any) -> None:
    """Select a unit of the side at the screen and move it on its reach, by two clicks."""
    side, game = app.plotting_side, app.game
    taken = {u.get("hex") for u in app.units_by_id.values()}
    for unit, u in app.units_by_id.items():
        if u.get("side") != side or not u.get("hex"):
            continue
        reach = app.orders.reach(unit)
        free = [h for h in reach if h not in taken]
        if not free:
            continue
        gesture(kit, app, u["hex"], unit)
        if app.selected_unit != unit:
            raise AssertionError(f"{kit.name}: clicking {unit} did not select it")
        before = _commands(app)
        text = gesture(kit, app, free[-1])
        if _commands(app) == before:
            raise AssertionError(f"{kit.name}: moving {unit} to {free[-1]}: {text}")
        kind = game.commands.commands[before].args.get("kind")
        kinds = game.info.move_kinds
        if kinds and kind is not None and kind not in kinds:
            raise AssertionError(f"{kit.name}: the move click gave {kind}, not one of {kinds}")
        return
    raise AssertionError(f"{kit.name}: no unit of {side} can move at the start")


def attack_by_clicks(kit: Kit, positions: int = 400) -> None:
    """Find, in random games, a position where the first side can attack an enemy it sees;
    open the app on it and attack: click the unit, the enemy (the odds), the enemy again."""
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
            unit = lo.unit
            if unit is None or unit not in app.units_by_id or not app.units_by_id[unit].get("hex"):
                continue
            _select(kit, app, unit)
            before = _commands(app)
            gesture(kit, app, hex, target)  # the odds (an attack armed), no order yet
            if _commands(app) != before or app.armed is None:
                raise AssertionError(f"{kit.name}: a click on {target} armed no attack")
            text = gesture(kit, app, hex, target)
            if _commands(app) != before + 1:
                raise AssertionError(f"{kit.name}: {lo.kind} of {lo.unit} at {target}: {text}")
            return
    raise AssertionError(
        f"{kit.name}: no position in {tried} of random play where {sides[0]} could attack"
    )


def _end_turn(kit: Kit, app: Any) -> None:
    """The human at the screen ends the plot (or turn) with nothing given; if the rules refuse
    that, with the game's default orders first (what the app's turn timer does)."""
    from ..widgets.game_app import _to_act

    g = app.game
    side = app.plotting_side
    before = (len(g.commands.commands), g.turn, _to_act(g))
    app.end_plot()
    if side in _to_act(g) and app.plotting_side == side and not app.over:
        for o in g.default_orders(side):
            app.give_order(o)
        app.end_plot()
    if (len(g.commands.commands), g.turn, _to_act(g)) == before:
        raise AssertionError(
            f"{kit.name}: the {side} cannot end its turn in the app (turn {g.turn}): "
            f"{app.controls.message_text}"
        )
    if "could not act" in app.controls.message_text:
        raise AssertionError(f"{kit.name}: turn {g.turn}: {app.controls.message_text}")


def play_app(kit: Kit, side: str, player: str, seed: int, max_ends: int = 3000) -> Any:
    """``GameApp(name, vs_computer=side, computer=player)`` played to the end: the computer
    plays ``side``, the human sides end every turn with nothing plotted (the adapter's
    default orders where the rules need some). Returns the finished game."""
    from ..widgets.game_app import GameApp

    app = GameApp(kit.name, seed=seed, vs_computer=side, computer=player, hot_seat=False)
    want = type(kit.player(player, side, seed))
    got = type(app.computers.get(side))
    if got is not want:
        raise AssertionError(
            f"{kit.name}: the app's computer {player!r} for {side} is a {got.__name__}, "
            f"the registry's is a {want.__name__}"
        )
    if player in kit.player_knobs:  # the same player with the kit's (small) budget
        app.computers[side] = kit.player(player, side, seed)
    for _ in range(max_ends):
        if app.over:
            return app.game
        try:
            _end_turn(kit, app)
        except AssertionError:
            raise
        except Exception as e:
            what = f"{type(e).__name__}: {e}"
            raise AssertionError(f"{kit.name}: turn {app.game.turn}: {what}") from e
    raise AssertionError(f"{kit.name}: no end after {max_ends} turns ended in the app")


def check_apps(kit: Kit) -> None:
    """Every side x every named player: the game's app, the computer playing that side with
    that player, played to the end (:func:`play_app`)."""
    entry = kit.entry
    for player in entry.player_names():
        for side in entry.info.sides:
            where = f"the app with {player!r} as {side}"
            try:
                g = play_app(kit, side, player, kit.seed)
            except AssertionError as e:
                raise AssertionError(f"{where}: {e}") from e
            _check_end(kit, g, where)
