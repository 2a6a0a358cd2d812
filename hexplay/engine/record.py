"""The record of a game, for every ruleset: save, load by replay, replay, rewind, copy.

A save is what a game *is*: its scenario, its map, its dice (seed, or forced values) and the
commands given, plus the state and dice state they lead to. Loading replays the commands
through the rules from the seed; a command outside the game's closed list
(:attr:`Game.COMMANDS <hexplay.engine.protocol.Game.COMMANDS>`), an order the rules refuse, or a
replayed state that differs from the stored one is refused with a :class:`SaveError` naming
where. No pickle, no eval: only plain JSON and the game's own intents.

Save layout (plain JSON)::

    {"format": "hexplay.<game>.game/1", "scenario": {...}, "map": {...} | "<bundled name>",
     "dice": {"kind": "seeded" | "forced", "seed": int, ["values": [...], "strict": bool]},
     "commands": [{"op": str, "args": {...}, "turn": int}, ...],
     "state": {...}, "dice_state": {...}}
"""

from __future__ import annotations

import copy
import os
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, TypeVar

from . import jsonio
from .dice import Dice, ForcedDice, fresh_like
from .errors import IllegalOrder, SaveError, ScenarioError
from .serial import jsonable, map_from_dict, map_to_dict

if TYPE_CHECKING:
    from .commands import Command, CommandLog


class Recorded(Protocol):
    """What the record reads of a game: names every game declares (the protocol's
    :class:`~hexplay.engine.protocol.Game`), written here so the record stands below the
    protocol instead of importing it."""

    FORMAT: ClassVar[str]
    COMMANDS: ClassVar[Mapping[str, str]]
    map: Any
    dice: Dice
    commands: CommandLog

    @property
    def turn(self) -> int: ...

    @property
    def over(self) -> bool: ...

    def snapshot(self) -> dict[str, Any]: ...

    def scenario_dict(self) -> dict[str, Any]: ...

    def shared(self) -> tuple[Any, ...]: ...

    @classmethod
    def _fresh(cls, scenario: Any, map: Any, dice: Any) -> Any: ...


R = TypeVar("R", bound=Recorded)
"""A recorded game's own type: what load, replay, rewind and copy give back."""


SAVE_KEYS = ("format", "scenario", "map", "dice", "commands", "state", "dice_state")


def dice_to_dict(dice: Dice) -> dict[str, Any]:
    d: dict[str, Any] = {"kind": dice.kind, "seed": dice.seed}
    if isinstance(dice, ForcedDice):
        d.update(values=list(dice.values), strict=dice.strict)
    return d


def dice_from_dict(d: Any) -> Dice:
    """Dice from a save's ``dice`` field; SaveError for a malformed one."""
    if not isinstance(d, Mapping):
        raise SaveError("dice", "must be an object with 'kind' and 'seed'")
    kind, seed = d.get("kind"), d.get("seed")
    if type(seed) is not int or seed < 0:
        raise SaveError("dice.seed", f"must be a non-negative integer, not {seed!r}")
    if kind == "seeded":
        return Dice(seed)
    if kind == "forced":
        values, strict = d.get("values"), d.get("strict", True)
        if not isinstance(values, list) or not all(type(v) is int and v >= 1 for v in values):
            raise SaveError("dice.values", "must be a list of positive integers")
        if not isinstance(strict, bool):
            raise SaveError("dice.strict", "must be true or false")
        return ForcedDice(values, seed, strict)
    raise SaveError("dice.kind", f"must be 'seeded' or 'forced', not {kind!r}")


def save(game: Recorded) -> dict[str, Any]:
    """The game as a plain-JSON save (see the module docstring)."""
    return jsonable(
        {
            "format": game.FORMAT,
            "scenario": game.scenario_dict(),
            "map": map_to_dict(game.map),
            "dice": dice_to_dict(game.dice),
            "commands": game.commands.to_list(),
            "state": game.snapshot(),
            "dice_state": game.dice.state(),
        }
    )


def _map_of(cls: type[Recorded], m: Any):
    if isinstance(m, str):
        from ..maps import load_map

        try:
            return load_map(m)
        except Exception as e:  # an unknown name is the save's fault
            raise SaveError("map", f"no bundled map {m!r}: {e}") from None
    if not isinstance(m, Mapping):
        raise SaveError("map", "must be a map object or a bundled map's name")
    try:
        return map_from_dict(m)
    except SaveError:
        raise
    except (KeyError, TypeError, ValueError) as e:
        raise SaveError("map", f"not a valid map: {e}") from None


def _check_map(cls: type[Recorded], scenario: Any, saved: Any, m: Any) -> None:
    """The save's map is one the game may play on, in every game alike:

    * a map bearing a bundled map's name must be that map (a save cannot move a tree of a
      bundled board; a custom map goes under another name);
    * a game whose scenario names no map makes its map of the scenario (a sea drawn from
      it): the save's map must be that one.

    A scenario's ``map`` naming anything else is a label: a game made with ``map=`` (a map
    drawn in code, a file that need not exist where the save is loaded) carries its map in
    the save, which is what is played.
    """
    from ..maps import bundled_maps, load_map

    name = saved.get("name") if isinstance(saved, Mapping) else saved
    if (
        isinstance(name, str)
        and name in bundled_maps()
        and map_to_dict(load_map(name)) != map_to_dict(m)
    ):
        raise SaveError("map", f"differs from the bundled map {name!r} it names")
    if isinstance(scenario, Mapping) and "map" not in scenario:
        try:
            expected = cls.new(scenario).map  # type: ignore[attr-defined]
        except Exception:  # (the game makes no map of its scenario alone: nothing to compare)
            return
        if map_to_dict(expected) != map_to_dict(m):
            raise SaveError("map", "not the map the save's scenario makes (the map was changed)")


def apply_commands(game: Recorded, commands: Any, start: int = 0) -> None:
    """Replay ``commands`` (plain dicts) on ``game`` through its closed command table."""
    if not isinstance(commands, list):
        raise SaveError("commands", "must be a list")
    table = type(game).COMMANDS
    for i, c in enumerate(commands, start):
        where = f"commands[{i}]"
        if not isinstance(c, Mapping):
            raise SaveError(where, "a command is an object with 'op' and 'args'")
        op, args = c.get("op"), c.get("args", {})
        if not isinstance(op, str) or op not in table:
            raise SaveError(f"{where}.op", f"{op!r} is not one of {sorted(table)}")
        if not isinstance(args, Mapping) or not all(isinstance(k, str) for k in args):
            raise SaveError(f"{where}.args", "must be an object with string keys")
        try:
            getattr(game, table[op])(**args)
        except IllegalOrder as e:
            raise SaveError(where, f"{op} refused by the rules: {e}") from None
        except TypeError as e:
            raise SaveError(f"{where}.args", f"wrong arguments for {op}: {e}") from None
        except ValueError as e:  # e.g. a forced die outside the roll's faces
            raise SaveError(where, f"{op} cannot be replayed: {e}") from None


def save_object(d: Any) -> Any:
    """A save as an object: a mapping as it is; JSON text (``str``/``bytes``) or a path object
    read by the strict reader (:mod:`hexplay.engine.jsonio`); anything else unchanged (for
    :func:`load` to refuse). Text that is not strict JSON is a :class:`SaveError`."""
    if isinstance(d, Mapping):
        return d
    try:
        if isinstance(d, os.PathLike):
            return jsonio.load_path(d)
        if isinstance(d, (str, bytes, bytearray)):
            return jsonio.loads(d)
    except jsonio.JSONInputError as e:
        raise SaveError("save", f"not strict JSON: {e}") from None
    return d


def load(cls: type[R], d: Any) -> R:
    """A game from a save (a dict, JSON text or a path object), by replaying its commands;
    SaveError names what is wrong."""
    d = save_object(d)
    if not isinstance(d, Mapping):
        what = type(d).__name__
        raise SaveError("save", f"a save is a JSON object (a dict or its JSON text), not {what}")
    if d.get("format") != cls.FORMAT:
        raise SaveError("format", f"not a {cls.FORMAT} save (got {d.get('format')!r})")
    unknown = set(d) - set(SAVE_KEYS)
    if unknown:
        raise SaveError("save", f"unknown fields {sorted(map(str, unknown))}")
    for k in ("scenario", "map", "dice", "commands"):
        if k not in d:
            raise SaveError(k, "missing")
    m = _map_of(cls, d["map"])
    dice = dice_from_dict(d["dice"])
    try:
        game: R = cls._fresh(d["scenario"], m, dice)
    except ScenarioError as e:  # the save's scenario is checked like any other input
        raise SaveError(f"scenario.{e.field}", e.message) from None
    except (ValueError, KeyError, TypeError) as e:  # a map the game cannot play on
        raise SaveError("map", f"not a map this game plays on: {e}") from None
    _check_map(cls, d["scenario"], d["map"], m)
    apply_commands(game, d["commands"])
    if "state" in d and jsonable(game.snapshot()) != d["state"]:
        raise SaveError("state", "replaying the saved commands does not reproduce the saved state")
    if "dice_state" in d and jsonable(game.dice.state()) != d["dice_state"]:
        raise SaveError(
            "dice_state", "replaying the saved commands does not reproduce the saved dice"
        )
    return game


def replay(game: R) -> R:
    """A new game replayed from the same scenario, map, seed and commands."""
    g: R = type(game)._fresh(game.scenario_dict(), game.map, fresh_like(game.dice))
    apply_commands(g, game.commands.to_list())
    return g


def replay_only(game: R, commands: Sequence[Command]) -> R:
    """A new game from ``game``'s scenario, map and seed given ``commands`` (some of its own,
    e.g. all but one taken back) through its command table; an order the rules refuse raises
    its own IllegalOrder (for the caller to name), nothing else is changed."""
    g: R = type(game)._fresh(game.scenario_dict(), game.map, fresh_like(game.dice))
    table = type(game).COMMANDS
    for c in commands:
        getattr(g, table[c.op])(**c.args)
    return g


def take_state(game: Recorded, twin: Recorded) -> None:
    """Make ``game`` (in place: widgets keep their reference) the game ``twin`` is, but for
    its command log and its dice, which ``game`` keeps: ``twin`` is a :func:`replay_only` of
    ``game``'s commands that rolls no die (set-up orders), so the dice are in the same state."""
    commands, dice = game.commands, game.dice
    game.__dict__.clear()
    game.__dict__.update(twin.__dict__)
    game.commands, game.dice = commands, dice


def rewind(game: R, turn: int) -> R:
    """Back to the start of turn ``turn`` (in place, by replaying a prefix); returns ``game``.
    The current turn with no command given in it yet is its own start."""
    if type(turn) is not int:
        raise IllegalOrder("rewind", f"a turn is an integer, not {turn!r}")
    log = game.commands
    if turn not in log.marks and turn == game.turn and not game.over:
        cmds = list(log.commands)
    else:
        try:
            cmds = log.upto(turn)
        except KeyError as e:
            raise IllegalOrder("rewind", str(e.args[0])) from None
    g = type(game)._fresh(game.scenario_dict(), game.map, fresh_like(game.dice))
    apply_commands(g, [c.to_dict() for c in cmds])
    game.__dict__.update(g.__dict__)
    return game


def copy_game(game: R) -> R:
    """An independent deep copy (for look-ahead); the map and the objects the game names in
    ``shared()`` (per-map tables) are shared, not copied."""
    shared = game.shared()
    memo = {id(o): o for o in shared}
    return copy.deepcopy(game, memo)
