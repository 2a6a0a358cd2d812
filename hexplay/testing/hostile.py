"""The kit's hostile-input check: scenarios and saves from a hostile hand.

Every field of the game's default scenario is replaced, one at a time, by values of the wrong
kind or out of any sane bound (strings for numbers and booleans, numbers for strings, lists,
objects, None, NaN, 10**30, -1, ...); a game must start from it or refuse it with a
:class:`~hexplay.engine.errors.ScenarioError` (a ``ValueError`` subclass naming the field),
never another exception, and never take a string or a float where it expects an integer or a
boolean. Then the game's save is truncated and tampered with (fields dropped, commands cut,
junk commands, a changed state, the wrong format): a
:class:`~hexplay.engine.errors.SaveError`, never another exception, and never a load of a save
whose state its commands do not reach. The values are fixed (not random), so a failure names a
case that fails again.
"""

from __future__ import annotations

import copy
import math
from typing import Any

from ..engine import SaveError, ScenarioError
from ..engine.protocol import Game
from .kit import Kit, _fail, _play

JUNK: tuple[Any, ...] = (
    "x",
    "",
    " 12 ",
    "yes",
    "false",
    1.5,
    math.nan,
    True,
    -1,
    10**30,
    None,
    [1, 2],
    {"junk": 1},
    [[[[[]]]]],
)
"""Values tried in place of every scenario field."""

STRICT_KINDS = (int, bool)
"""Fields whose default is of these kinds must not take a value of another kind (a string,
a float): ``"18"`` is not 18, ``"no"`` is not False."""


def _new(kit: Kit, scenario: Any) -> Any:
    return kit.entry.game_class.new(scenario, seed=kit.seed)


def check_scenarios(kit: Kit) -> None:
    """Junk in every scenario field: a game, or a ScenarioError; strict integers/booleans."""
    base = _new(kit, None).scenario_dict()
    if not isinstance(base, dict):
        _fail(kit, f"scenario_dict() is not a JSON object: {type(base).__name__}")
    for name, good in base.items():
        for junk in JUNK:
            if junk == good and type(junk) is type(good):
                continue
            d = copy.deepcopy(base)
            d[name] = junk
            try:
                g = _new(kit, d)
            except ScenarioError:
                continue
            except Exception as e:
                _fail(kit, f"scenario {name}={junk!r}: {type(e).__name__}: {e} (not ScenarioError)")
            else:
                took = g.scenario_dict().get(name, junk)
                if type(good) in STRICT_KINDS and type(took) is not type(good):
                    _fail(kit, f"scenario {name}={junk!r} taken as {took!r} (strict: refuse it)")
                if type(good) in STRICT_KINDS and not isinstance(junk, type(good)):
                    _fail(
                        kit, f"scenario {name}={junk!r} accepted where a {type(good).__name__} goes"
                    )


def _loads(kit: Kit, cls: type[Game], save: Any, what: str) -> None:
    try:
        cls.from_json(save)
    except SaveError:
        return
    except Exception as e:
        _fail(kit, f"save with {what}: {type(e).__name__}: {e} (not SaveError)")
    _fail(kit, f"save with {what} loaded")


def check_saves(kit: Kit) -> None:
    """Truncated and tampered saves: a SaveError every time, never another exception."""
    g = kit.new()
    _play(g, kit.randoms(g, kit.seed), turns=2)
    save = g.to_json()
    cls = type(g)
    for key in ("scenario", "map", "dice", "commands", "format"):
        d = copy.deepcopy(save)
        d.pop(key, None)
        _loads(kit, cls, d, f"no {key!r}")
    cmds = save.get("commands") or []
    if len(cmds) > 1 and "state" in save:
        d = copy.deepcopy(save)
        d["commands"] = cmds[: len(cmds) // 2]
        _loads(kit, cls, d, "half its commands (the state kept)")
    for junk in ([{"op": "no such op"}], [{"op": "order", "args": {"kind": None}}], [1], "x"):
        d = copy.deepcopy(save)
        d["commands"] = [*cmds, *junk] if isinstance(junk, list) else junk
        _loads(kit, cls, d, f"commands {junk!r}")
    if "state" in save:
        d = copy.deepcopy(save)
        d["state"] = {"tampered": True}
        _loads(kit, cls, d, "a changed state")
    d = copy.deepcopy(save)
    d["format"] = "hexplay.other.game/1"
    _loads(kit, cls, d, "another game's format")
    for bad in ("x", [save], 5):
        _loads(kit, cls, bad, f"a save that is {bad!r:.40}")
