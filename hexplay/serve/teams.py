"""Team play at the table: a game whose sides are divided into commands, one seat each.

``Table.create(game, commands="vehicles")`` (``hexplay serve --new GAME --commands
vehicles``) wraps the game in a :class:`~hexplay.engine.commanders.CommandedGame` and gives
each command a seat (``"defender/E1"``), each side's leader one (``"defender/leader"``) and
the referee one; a seat's token opens that commander's picture, legal orders and writes only.

Intents of a commander's seat: the reads of any seat (``view`` and ``legal`` are the
commander's; ``query`` the side's named queries, refused in per-commander play when it names
an enemy the commander has no report of), ``order``/``undo``/``submit`` (a leader's submit
takes ``for``: a silent command), a leader's ``setup`` (the game's default set-up of its side)
and ``message`` (``to``, ``text``: to a commander of the side, or ``"<side>/*"``). The
referee's, besides the timer: ``move`` (``seat``, ``to``: the student at ``seat`` takes command
``to``: the two seats' tokens are swapped) and ``computer`` (``seat``, ``player``: a computer
player of the game by name plays that command from now on; null hands it back; a leader's
computer player sets the side up, and leaves the play to the commands).

The store keeps such a game as its creation's commands, then one ``"team"`` row per logged
intent of the commanded game (who gave it: :attr:`CommandedGame.log`), so a restart replays
them through a fresh wrapper; its ``start`` holds the division, mode and options, and the
table's meta ``computer:<game>`` the commands played by the computer.
"""

from __future__ import annotations

import json
import re
import secrets
import zlib
from collections.abc import Mapping
from typing import Any

from ..engine import REFEREE, IllegalOrder, jsonable
from ..engine.commanders import LEADER, MESSAGE_MAX, CommandedGame, CommandSeat, seat
from ..engine.record import load
from ..registry import game_entry
from . import queries
from .wire import extra_args, legal_to_dict, order_arg

TEAM_OP = "team"
"""The store's op of a commanded game's logged intent."""
TEAM_WRITE_ARGS: dict[str, tuple[str, ...]] = {
    "order": ("order",),
    "undo": ("unit",),
    "submit": ("for",),
    "setup": (),
    "message": ("to", "text"),
}
COMPUTER_TURNS = 200
"""Most computer intents in one go (a guard: a player that never submits stops here)."""


def make(game: Any, entry: Any, commands: Any, information: Any, options: Any) -> CommandedGame:
    """The commanded game (IllegalOrder for a division, mode or option the game lacks)."""
    spec = entry.part("commands")
    if spec is None:
        raise IllegalOrder("chain of command", f"{entry.name} declares no commands")
    if not isinstance(commands, str) or not (options is None or isinstance(options, Mapping)):
        raise IllegalOrder("chain of command", "'commands' is a division's name")
    return CommandedGame(game, spec, commands, information, options)


def start_of(team: CommandedGame) -> dict[str, Any]:
    """What a store's ``start`` keeps of the team: division name, mode, options."""
    return {
        "division": team.division_name,
        "information": team.information,
        "options": dict(team.options),
    }


def rebuild(
    name: str, start: Mapping[str, Any], rows: list[dict[str, Any]]
) -> tuple[CommandedGame, int]:
    """A stored commanded game: the creation's commands through the rules, then each team row
    through a new wrapper; with the count of the creation's rows (the team rows follow)."""
    entry = game_entry(name)
    team = dict(start["team"])
    base = [r for r in rows if r["op"] != TEAM_OP]
    g = load(
        entry.game_class, {**{k: v for k, v in start.items() if k != "team"}, "commands": base}
    )
    cg = CommandedGame(
        g, entry.part("commands"), team["division"], team["information"], team["options"]
    )
    for r in rows[len(base) :]:
        cg.apply(r["args"])
    return cg, len(base)


def rows(cg: CommandedGame, start: int) -> list[dict[str, Any]]:
    """The store rows of the log entries from ``start`` on."""
    return [
        {"op": TEAM_OP, "args": jsonable(e), "turn": int(e.get("turn", 0))} for e in cg.log[start:]
    ]


def side_of(s: str) -> str:
    return s.partition("/")[0]


def read(table: Any, slot: Any, who: str, op: str, args: Mapping[str, Any]) -> Any:
    """``view`` / ``legal`` / ``query`` for a commander's seat."""
    cg = slot.team
    side = side_of(who)
    asked = args.get("side", side)
    if asked != side:
        raise table._refuse(slot, who, op, "", f"{who} may not see {asked!r}'s {op}")
    if op == "view":
        return jsonable(cg.picture(who))
    if op == "legal":
        unit = args.get("unit")
        if unit is not None and not isinstance(unit, str):
            raise table.Error(400, "malformed", f"'unit' must be a unit id (string), not {unit!r}")
        return [legal_to_dict(lo) for lo in cg.legal_orders(who, unit)]
    # a query: the side's, unless it names an enemy the commander has no report of
    hidden = cg.hidden(who)
    if hidden and any(isinstance(v, str) and v in hidden for v in args.values()):
        raise table._refuse(slot, who, "query", "", f"{who} has no report of that unit")
    return None  # the table runs it for the side


def commanders_answer(slot: Any, who: str, args: Mapping[str, Any], answer: Any) -> Any:
    """A side's query answer as commander ``who`` may have it: ``order_kind_reasons`` says
    possible only what ``who`` may order, and a reason naming an enemy ``who`` has no report
    of gives way to the generic one (:func:`~hexplay.engine.protocol.default_kind_reasons`'s
    words); other answers as they are."""
    if args.get("q") != "order_kind_reasons" or not isinstance(answer, dict):
        return answer
    cg = slot.team
    unit = args.get("unit")
    can = {lo.kind for lo in cg.legal_orders(who, unit) if lo.unit == unit}
    hidden = cg.hidden(who)
    out: dict[str, str | None] = {}
    for kind, why in answer.items():
        if kind in can:
            out[kind] = None
        elif why is None or (hidden and set(re.findall(r"[\w-]+", why)) & hidden):
            out[kind] = f"orders: {unit} has no legal {kind} order {who} may give now"
        else:
            out[kind] = why
    return out


def write(table: Any, slot: Any, who: str, op: str, args: Mapping[str, Any], key: Any) -> None:
    """A commander's write, stored (with who gave it) before the reply."""
    cg = slot.team
    side = side_of(who)
    takes = TEAM_WRITE_ARGS.get(op)
    if takes is None:
        raise table.Error(400, "malformed", f"unknown intent {op!r}")
    bad = extra_args(op, args, takes)
    if bad:
        raise table.Error(400, "malformed", bad)
    n0 = len(cg.log)
    try:
        if op == "order":
            try:
                order = order_arg(args, side)
            except IllegalOrder as e:
                raise table.Error(400, "malformed", e.message, e.rule) from None
            if order.side != side:
                raise table._refuse(slot, who, op, "", f"{who} orders for {side} only")
            cg.order(order, by=who)
        elif op == "undo":
            unit = args.get("unit")
            if unit is not None and not isinstance(unit, str):
                raise table.Error(
                    400, "malformed", f"'unit' must be a unit id (string), not {unit!r}"
                )
            cg.undo(who, unit)
        elif op == "submit":
            fc = args.get("for")
            if fc is not None and not isinstance(fc, str):
                raise table.Error(400, "malformed", "'for' is a command's name")
            cg.submit(who, fc)
        elif op == "message":
            to, text = args.get("to"), args.get("text")
            if not isinstance(to, str) or not isinstance(text, str) or len(text) > MESSAGE_MAX:
                raise table.Error(
                    400,
                    "malformed",
                    f"'to' is a commander, 'text' at most {MESSAGE_MAX} characters",
                )
            cg.message(who, to, text)
        else:  # setup: the game's default set-up of the side, by its leader
            setup = queries.SETUPS.get(slot.name)
            _side, name = cg.parse(who)
            if setup is None or name != LEADER:
                raise table.Error(409, "rejected", "the default set-up is a leader's", "set-up")
            if cg.game.phase != "setup" or side not in cg.game.to_act():
                raise table.Error(409, "rejected", f"{side} is not setting up now", "set-up")
            setup(CommandSeat(cg, who), side)
        resolve(cg)
    except IllegalOrder as e:
        if len(cg.log) != n0:  # pragma: no cover - the wrapper changes nothing when refusing
            table._reload(slot)
        raise table.Error(409, "rejected", e.message, e.rule) from None
    commit(table, slot, n0, key)
    run_computers(table, slot)


def resolve(cg: CommandedGame) -> None:
    g = cg.game
    while not g.over and not g.to_act():
        cg.advance()


def commit(table: Any, slot: Any, n0: int, key: Any) -> None:
    """Store the log entries from ``n0`` on (one transaction), before anyone is told."""
    cg = slot.team
    new = rows(cg, n0)
    if not new:
        return
    try:
        table.store.append(slot.id, slot.team_rows + n0, new, key)
    except Exception:
        table._reload(slot)
        raise table.Error(500, "failed", "could not store the intent; nothing changed") from None
    table._settle(slot)


def run_computers(table: Any, slot: Any) -> None:
    """Let the computer players of ``slot`` act while one of their commands must (their
    intents stored as any other's)."""
    cg = slot.team
    if cg is None or not slot.computer:
        return
    g = cg.game
    entry = game_entry(slot.name)
    for _ in range(COMPUTER_TURNS):
        moved = False
        for who, name in sorted(slot.computer.items()):
            side, cmd = cg.parse(who)
            if g.over or side not in g.to_act():
                continue
            if cmd != LEADER and (g.phase == "setup" or cmd in cg.submitted(side)):
                continue
            if cmd == LEADER and g.phase != "setup" and cg.commands_of(side):
                continue  # in play a computer leader leaves the commands to their players
            n0 = len(cg.log)
            # seeded by the seat and the game's record so far: the same game plays the same
            player = entry.player(name, side, seed=zlib.crc32(who.encode()) + len(cg.log))
            try:
                player.act(CommandSeat(cg, who))
                if cmd == LEADER and side in g.to_act() and len(cg.log) == n0:
                    cg.submit(who)
                resolve(cg)
            except (IllegalOrder, RuntimeError):
                pass
            if len(cg.log) != n0:
                commit(table, slot, n0, None)
                moved = True
        if not moved:
            return


def referee_write(table: Any, slot: Any, op: str, args: Mapping[str, Any]) -> None:
    """The referee's ``move`` and ``computer`` (see the module docstring)."""
    cg = slot.team
    if cg is None:
        raise table.Error(409, "rejected", "this game has one player a side: no commands")
    if op == "move":
        a, b = args.get("seat"), args.get("to")
        if a not in slot.tokens or b not in slot.tokens or REFEREE in (a, b) or a == b:
            raise table.Error(
                400, "malformed", "'seat' and 'to' are two commanders' seats of this game"
            )
        tokens = dict(slot.tokens)
        tokens[a], tokens[b] = tokens[b], tokens[a]
        table.store.set_tokens(slot.id, {a: tokens[a], b: tokens[b]})
        slot.tokens = tokens
        for w in slot.watchers:  # the pages follow their token to its new seat
            w.seat = b if w.seat == a else a if w.seat == b else w.seat
            w.last = None
        return
    who, name = args.get("seat"), args.get("player")
    if who not in slot.tokens or who == REFEREE:
        raise table.Error(400, "malformed", "'seat' is a commander's seat of this game")
    if name is not None and name not in game_entry(slot.name).player_names():
        raise table.Error(
            400,
            "malformed",
            f"no player {name!r}; {slot.name} has {game_entry(slot.name).player_names()}",
        )
    if name is None:
        slot.computer.pop(who, None)
    else:
        slot.computer[who] = name
    table.store.set_meta(f"computer:{slot.id}", json.dumps(slot.computer))
    run_computers(table, slot)


def seat_state(slot: Any, who: str) -> dict[str, Any]:
    """The team part of a seat's state: every command's status (the referee), or the own
    side's (a commander), and who is played by the computer."""
    cg = slot.team
    st = cg.status()
    commands = st if who == REFEREE else {side_of(who): st[side_of(who)]}
    computer = {
        s: p for s, p in slot.computer.items() if who == REFEREE or side_of(s) == side_of(who)
    }
    return {
        "commander": who,
        "information": cg.information,
        "division": cg.division_name,
        "commands": commands,
        "computer": computer,
    }


def new_tokens(seats: list[str], nbytes: int) -> dict[str, str]:
    return {s: secrets.token_urlsafe(nbytes) for s in seats}


def leader(side: str) -> str:
    return seat(side, LEADER)
