"""SKIRMISH's learned player: a small policy network (sb3-contrib ``MaskablePPO``'s, trained by
:mod:`hexplay.env.learn`) for the adversary, shipped as numpy weights (``learned_adversary.npz``
beside this module) and played by :class:`~hexplay.env.policy.PolicyPlayer` with numpy alone.

:func:`player` is the registered ``"learned"`` factory. :func:`scripted_expert` gives the
scripted player's decisions as flat codec actions (the behaviour-cloning start of the
training: ``scripts/learn_skirmish.py``).

The shipped policy (``learned_adversary.log.npz`` holds its curves): five chained runs of
``scripts/learn_skirmish.py``, each starting from the last one's kept weights: cloning of the
scripted adversary kept to Route 4 and DAgger rounds (the policy plays, the scripted adversary
labels its states), 35.6 CPU minutes in all (the script's docstring gives each run). It plays
in the action space where a man gets no second move straight after a move
(:meth:`~hexplay.games.skirmish.env_encoding.SkirmishPlanes.offered`): the same network in the
old space walked its men to and fro (0.80 on 100 validation games; 0.93 with one move per
path). Its repertoire (``kinds`` in the file) is the scripted adversary's: the kinds of the
orders it gives in 100 games (``expert_kinds``): the set-up's, DF, MP, BW and RA, no vehicle
orders. Offered every kind, the network sent men into the transporter at the end of a turn
(EV) and out again at the next (EV, 1 AP): a man left with 9 AP cannot do barrier work (10 AP)
that turn. Kept to its teacher's kinds, the same weights won 0.915 of 1,300 validation games
against 0.886; after two DAgger rounds in that space, 0.926 of 1,000 of them. Measured by
``benchmarks/learn.py`` over 200 games (seeds 20000-20199, greedy, never used to choose it):
0.910 [0.862, 0.942] against the random defender (the scripted adversary on the same games:
0.915), 0.010 [0.003, 0.036] against the scripted defender. The policy shipped before it (run
4's, every kind offered) won 0.875 [0.822, 0.914] and 0.045 [0.024, 0.083] there.
"""

from __future__ import annotations

import contextlib
from functools import cache
from pathlib import Path
from typing import Any

from hexplay.engine import IllegalOrder, Order
from hexplay.env.codec import END, OrderCodec
from hexplay.env.policy import NumpyPolicy, PolicyPlayer

from ..orders import SETUP_ARGS

POLICIES = {"adversary": Path(__file__).with_name("learned_adversary.npz")}
"""The shipped policy of each side trained so far."""


@cache
def policy(side: str) -> NumpyPolicy:
    """The shipped policy of ``side`` (KeyError naming the sides that have one)."""
    if side not in POLICIES:
        raise KeyError(f"SKIRMISH has a learned policy for {sorted(POLICIES)} only, not {side!r}")
    return NumpyPolicy.load(POLICIES[side])


def player(side: str, seed: int = 0, greedy: bool = True, **_: Any) -> Any:
    """The learned player of ``side`` (greedy: the most likely value of each head). A side
    with no trained policy yet (the defender) is played by the scripted player, so that the
    name works for both sides in the app and in batches."""
    if side not in POLICIES:
        from .players import scripted

        return scripted(side, seed=seed)
    return PolicyPlayer(side, policy(side), seed=seed, greedy=greedy)


SETUP_WEIGHT = 20.0
"""The cloning-loss weight of each of the adversary's set-up decisions (:func:`decision_weight`:
its route, the ambush hex, each unit's placement). The set-up's observations are the same in
every game, so each of its ~15 head decisions is one sample per game among ~150 (cloning) to
~300 (DAgger), and a policy takes the same set-up in every game: a set-up fitted loosely is
lost to a later round, and with it every game (measured: a policy cloned on Route 4's games
that takes Route 7 wins 0.0 of 60 validation games; a DAgger round that stacked five of the
six units on one hex fell from 0.80 to 0.31 of 100). At 20 the set-up weighs about as much
as one game's other decisions."""


def decision_weight(game: Any, side: str) -> float:
    """The cloning-loss weight of ``side``'s decision in ``game`` now (``hexplay.env.learn``'s
    ``weigh``): :data:`SETUP_WEIGHT` for the adversary's set-up decisions, 1 otherwise."""
    return SETUP_WEIGHT if side == "adversary" and game.phase == "setup" else 1.0


def dagger_decision_weight(game: Any, side: str) -> float:
    """DAgger's weight of ``side``'s decision (``hexplay.env.learn.train``'s ``dagger_weigh``):
    0 for the adversary's set-up decisions (asked again in a set-up the policy began, the
    scripted adversary piles units on a few hexes: its own games' set-up is the one to copy),
    1 otherwise."""
    return 0.0 if side == "adversary" and game.phase == "setup" else 1.0


def order_of_command(side: str, cmd: dict) -> Order | None:
    """The order a set-up or plot command gives (None for submit and the rest)."""
    op, args = str(cmd.get("op") or ""), dict(cmd.get("args") or {})
    if op in SETUP_ARGS:
        unit = args.pop("unit_id", None)
        args.pop("side", None)
        return Order(side, op, unit, {k: v for k, v in args.items() if v is not None})
    if op == "plot":
        code, unit = args.pop("code"), args.pop("unit_id")
        args.pop("side", None)
        keep = {k: v for k, v in args.items() if v not in (None, [], 0)}
        return Order(side, code, unit, keep)
    return None


def scripted_expert(game: Any, side: str, route: str | None = None) -> list[int]:
    """The scripted player's orders for ``side`` now (played on a copy), as flat actions
    (END last for its submit); orders the codec cannot express are left out. ``route``: the
    adversary's route at set-up (the scripted player draws one at random otherwise)."""
    from hexplay.engine.record import apply_commands

    from .players import scripted

    c = game.copy()
    n = len(c.commands.commands)
    if route is not None and side == "adversary" and not c.route and side in c.to_act():
        c.choose_route(route)
    # a state it cannot finish (say a captured vehicle left moving): the orders given so far
    with contextlib.suppress(IllegalOrder):
        scripted(side, seed=game.turn).act(c)
    cmds = c.commands.to_list()[n:]
    replay = game.copy()
    codec = OrderCodec.for_game(game)
    out: list[int] = []
    for cmd in cmds:
        o = order_of_command(side, cmd)
        if o is not None:
            with contextlib.suppress(IllegalOrder):
                out.append(codec.encode(o, replay.legal_orders(side)))
        elif cmd.get("op") == "submit":
            out.append(END)
        try:
            apply_commands(replay, [cmd])
        except Exception:  # a command of the other side's making (resolution): stop here
            break
    return out


def run_game(scenario_params: Any, tactics: Any, seed: int, record: bool = False) -> dict[str, Any]:
    """A batch/sweep game runner (:mod:`hexplay.analysis.batch`) with the learned adversary:
    the defender is the tactic player with its knobs, or the registered player its
    ``player`` knob names (``{"defender": {"player": "random"}}``); the outcome row."""
    from hexplay.engine.plugin import resolve

    from ..analysis.runner import new_game, outcome, play_game
    from .tactics import make_players

    knobs = dict((tactics or {}).get("defender") or {})
    name = knobs.pop("player", None)
    game = new_game(scenario_params, seed)
    if name is None:
        defender = make_players({"defender": knobs}, seed)[1]
    else:
        entry = resolve("hexplay.games.skirmish.plugin:PLUGIN")
        defender = entry.player(name, "defender", seed=seed, **knobs)
    play_game(game, [player("adversary", seed=seed), defender])
    row = outcome(game)
    if record:
        row["record"] = game.to_json()
    return row
