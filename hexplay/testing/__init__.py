"""The conformance kit: what a game must do to be a hexplay game, checked by running it.

Anyone writing a game runs it in their own tests::

    from hexplay.testing import check_game
    def test_my_game():
        check_game("duel")                 # every check; AssertionError naming what failed

or one test per check (each runnable alone, pytest-friendly)::

    import pytest, hexplay.testing as kit
    @pytest.mark.parametrize("check", kit.CHECKS)
    def test_conformance(check):
        kit.run_check(check, "duel")       # pytest.skip when a check cannot apply

The checks (:data:`CHECKS`) play the registered game ``name`` through the protocol only:

``declared``
    the GameInfo, FORMAT, COMMANDS and instance attributes the platform reads; declared
    capabilities hold; named scenarios start.
``order_kinds``
    ``info.order_kinds`` covers every kind ``legal_orders`` lists; ``order_kind_reasons``
    reports a kind possible exactly when the unit has a legal order of it (else a reason).
``playouts``
    every registered player, on each side, plays whole games to the end; outcomes are flat
    rows.
``refusals``
    junk kinds, junk arguments, a wrong side, an enemy's unit, junk values: an
    :class:`~hexplay.engine.errors.IllegalOrder`, and nothing changed (state, dice and
    commands the same before and after).
``record``
    save -> load equals the game and plays on like the uninterrupted one; replay;
    rewind(turn) is the game as it was at that turn's start; copy equals and is independent.
``views``
    plain JSON with :data:`~hexplay.engine.protocol.VIEW_KEYS`; a side's view does not change
    while another side plots in secret; twin states from the game's sampler give the same
    view and legal orders.
``fog``
    every registered player decides from its view: on twin states (same view) it gives the
    same orders for the same seed (needs the plugin's ``sampler``).
``env``
    PettingZoo's API and seed tests on :mod:`hexplay.env` (skipped without pettingzoo).
``scenarios``
    junk in every scenario field (wrong kinds, out of bounds, NaN, deep nesting): a game or
    a :class:`~hexplay.engine.errors.ScenarioError`, integers and booleans strict
    (:mod:`hexplay.testing.hostile`).
``saves``
    truncated and tampered saves: a :class:`~hexplay.engine.errors.SaveError` every time.
``displays``
    the game, each side's picture and a reach show in a notebook as well-formed HTML with an
    SVG board; a side's picture draws only units its view lists
    (:mod:`hexplay.testing.displays`).
``app``
    the board by clicks (:mod:`hexplay.testing.app`): select, move, attack, end turn.
``apps``
    every side x every named player: ``GameApp(name, vs_computer=side, computer=player)``
    played to the end, the human sides ending every turn with nothing plotted (the adapter's
    default orders where the rules need some); the app's computer is the registry's player.
``browser``
    hostile comm messages (no data, unknown methods, bad ``buffer_paths``, junk in every
    trait, junk custom messages) to every widget of the game's app: ignored with a warning,
    nothing changed (:mod:`hexplay.testing.browser`).

``games``: games played per check (and per player and side); ``quick``: fewer positions.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Mapping
from functools import partial
from typing import Any, get_args

import numpy as np

from ..engine import VIEW_KEYS, CommandLog, Dice, IllegalOrder, Order, SaveError
from ..engine.protocol import Capability, Game, GameInfo
from .browser import check_browser_messages
from .displays import check_displays
from .hostile import check_saves, check_scenarios
from .kit import (
    PLAYER_KNOBS,
    CheckSkipped,
    Kit,
    _check_end,
    _fail,
    _play,
    _positions,
    _turns,
    canon,
)

__all__ = [
    "CHECKS",
    "CheckSkipped",
    "Kit",
    "check_game",
    "run_check",
]


def _refused(kit: Kit, game: Game, what: str, call: Callable[[], Any]) -> None:
    """``call`` must raise IllegalOrder and leave the game unchanged (state, dice, commands:
    what its save holds)."""
    before = canon(game)
    try:
        call()
    except IllegalOrder:
        pass
    except Exception as e:
        _fail(kit, f"{what}: raised {type(e).__name__}({e}) instead of IllegalOrder")
    else:
        _fail(kit, f"{what}: accepted")
    if canon(game) != before:
        _fail(kit, f"{what}: refused, but the game changed")


# --- the checks ---------------------------------------------------------------------------------
def check_declared(kit: Kit) -> None:
    """The GameInfo and the attributes the platform reads; kinds and capabilities hold."""
    entry = kit.entry
    cls = entry.game_class
    info = cls.info
    if not isinstance(info, GameInfo):
        _fail(kit, f"info must be a GameInfo, not {type(info).__name__}")
    if info.name != kit.name:
        _fail(kit, f"info.name is {info.name!r}, registered as {kit.name!r}")
    if len(info.sides) < 2 or len(set(info.sides)) != len(info.sides):
        _fail(kit, f"info.sides must name two or more distinct sides, not {info.sides}")
    if "referee" in info.sides or not all(isinstance(s, str) for s in info.sides):
        _fail(kit, "sides are strings other than 'referee'")
    if info.turns not in ("simultaneous", "alternating"):
        _fail(kit, f"info.turns is {info.turns!r}")
    if not isinstance(getattr(cls, "FORMAT", None), str):
        _fail(kit, "the class needs FORMAT, the save format tag (a string)")
    for op, method in cls.COMMANDS.items():
        if not callable(getattr(cls, method, None)):
            _fail(kit, f"COMMANDS[{op!r}] names {method!r}, which the class has not")
    extra = set(info.move_kinds) | set(info.attack_kinds)
    if not extra <= set(info.order_kinds):
        _fail(kit, f"move/attack kinds {sorted(extra - set(info.order_kinds))} not order kinds")
    unknown = set(info.capabilities) - set(get_args(Capability))
    if unknown:
        _fail(kit, f"unknown capabilities {sorted(unknown)}")
    g = kit.new()
    from ..maps import Map

    for attr, kind in (("map", Map), ("dice", Dice), ("commands", CommandLog)):
        if not isinstance(getattr(g, attr, None), kind):
            _fail(kit, f"a new game's .{attr} must be a {kind.__name__}")
    if "setup" in info.capabilities and g.phase != "setup":
        _fail(kit, f"capability 'setup' declared, but a new game starts in phase {g.phase!r}")
    if not g.to_act() or set(g.to_act()) - set(info.sides):
        _fail(kit, f"a new game must have sides to act, not {g.to_act()}")
    for scenario in entry.scenario_names():
        s = entry.new(scenario, seed=kit.seed)
        if s.over:
            _fail(kit, f"scenario {scenario!r} starts over")
    if "undo" in info.capabilities:
        for seed in kit.seeds():
            if any(_undo_holds(kit, pos) for pos in _positions(kit, seed) if not pos.over):
                break
        else:
            _fail(kit, "capability 'undo' declared, but no order could be taken back")


def check_order_kinds(kit: Kit) -> None:
    """``info.order_kinds`` (the environments' action tables) lists every kind that
    ``legal_orders`` gives in random games; each legal order is the asking side's."""
    info = kit.entry.info
    if not info.order_kinds:
        _fail(kit, "info.order_kinds must list every kind legal_orders may give")
    kinds: set[str] = set()
    for seed in kit.seeds():
        for pos in _positions(kit, seed):
            for side in pos.to_act():
                for lo in pos.legal_orders(side):
                    kinds.add(lo.kind)
                    if lo.side != side:
                        _fail(kit, f"legal_orders({side!r}) lists an order of {lo.side!r}")
    if kinds - set(info.order_kinds):
        undeclared = sorted(kinds - set(info.order_kinds))
        _fail(kit, f"legal_orders lists kinds {undeclared} that info.order_kinds does not declare")
    for seed in kit.seeds():
        for i, pos in enumerate(_positions(kit, seed, every=3 if kit.quick else 1)):
            if i > (8 if kit.quick else 40):
                break
            for side in pos.to_act():
                _kind_reasons_at(kit, pos, side)


KIND_REASON_UNITS = 3
"""Units per side and position whose :meth:`Game.order_kind_reasons` the kit checks."""


def _kind_reasons_at(kit: Kit, g: Game, side: str) -> None:
    """``order_kind_reasons``: declared kinds only; a kind reported possible (None) has a
    legal order of the unit; a kind with a legal order is reported possible; a reason is words
    (the rule named: ``"rule: message"``)."""
    legal = g.legal_orders(side)
    units = list(dict.fromkeys(lo.unit for lo in legal if lo.unit is not None))
    for unit in units[:KIND_REASON_UNITS]:
        can = {lo.kind for lo in legal if lo.unit == unit}
        got = g.order_kind_reasons(side, unit)
        at = f"turn {g.turn} ({g.phase}): order_kind_reasons({side!r}, {unit!r})"
        if set(got) - set(g.info.order_kinds):
            _fail(kit, f"{at} names undeclared kinds {sorted(set(got) - set(g.info.order_kinds))}")
        for kind, why in got.items():
            if why is None and kind not in can:
                _fail(kit, f"{at}: {kind} reported possible, but legal_orders lists none")
            if why is not None and (not isinstance(why, str) or not why.strip()):
                _fail(kit, f"{at}: {kind}'s reason is {why!r}, not words")
        for kind in can:
            if kind not in got or got[kind] is not None:
                _fail(kit, f"{at}: {kind} has a legal order, but is reported {got.get(kind)!r}")


def _undo_holds(kit: Kit, game: Game) -> bool:
    """An order given then undone leaves the state as it was (True if one was tried)."""
    from ..ai.random import random_completion

    rng = np.random.default_rng(kit.seed)
    for side in game.to_act():
        for lo in game.legal_orders(side)[:5]:
            g = game.copy()
            before = json.dumps(g.snapshot(), sort_keys=True, default=str)
            o = random_completion(lo, rng)
            if o is None:
                continue
            try:
                g.order(o)
            except IllegalOrder:
                continue
            g.undo(side)
            if json.dumps(g.snapshot(), sort_keys=True, default=str) != before:
                _fail(kit, f"undo({side!r}) after {o.label()} did not restore the state")
            return True
    return False


def check_playouts(kit: Kit) -> None:
    """Every registered player, on each side (the others random), plays whole games."""
    entry = kit.entry
    for player in entry.player_names():
        for k, side in enumerate(entry.info.sides):
            for seed in kit.seeds() if not kit.quick else [kit.seed]:
                g = kit.new(seed)
                players = kit.randoms(g, seed + 100)
                players[side] = kit.player(player, side, seed + k)
                try:
                    for _ in _turns(g, players):
                        pass
                except AssertionError:
                    raise
                except Exception as e:
                    where = f"player {player!r} as {side} (seed {seed}, turn {g.turn})"
                    raise AssertionError(f"{kit.name}: {where}: {type(e).__name__}: {e}") from e
                _check_end(kit, g, f"player {player!r} as {side} (seed {seed})")


def check_refusals(kit: Kit) -> None:
    """Refused orders raise IllegalOrder and change nothing."""
    seen = 0
    for seed in kit.seeds():
        for i, g in enumerate(_positions(kit, seed, every=3 if kit.quick else 2)):
            if i > (4 if kit.quick else 10):
                break
            _refusals_at(kit, g)
            seen += 1
    if not seen:
        _fail(kit, "no position to check refusals at")


def _refusals_at(kit: Kit, g: Game) -> None:
    at = f"turn {g.turn} ({g.phase})"
    acting = g.to_act()
    if g.over:
        for side in g.sides:
            _refused(kit, g, f"{at}: submit after the end", partial(g.submit, side))
        return
    _refused(kit, g, f"{at}: a side named 'nobody'", lambda: g.submit("nobody"))
    _refused(kit, g, f"{at}: an order that is not an object", lambda: g.order(42))  # type: ignore[arg-type]
    for side in acting:
        legal = g.legal_orders(side)
        units = [lo.unit for lo in legal if lo.unit is not None]
        unit = units[0] if units else None
        _refused(
            kit,
            g,
            f"{at}: a junk kind",
            partial(g.order, Order(side, "no-such-kind", unit)),
        )
        for lo in legal[:3]:
            good = lo.orders()
            o = next(good, None)
            if o is None:
                continue
            junk = Order(o.side, o.kind, o.unit, {**o.args, "no_such_arg": 1})
            _refused(kit, g, f"{at}: {o.label()} with an unknown argument", partial(g.order, junk))
            for n in lo.needs:
                if n.optional:
                    continue
                for value in ("ZZ99", ["ZZ99"], 10**9):
                    bad = Order(o.side, o.kind, o.unit, {**o.args, n.name: value})
                    what = f"{at}: {o.kind} of {o.unit} with {n.name}={value!r}"
                    _refused(kit, g, what, partial(g.order, bad))
            for other in g.sides:
                if other == side:
                    continue
                wrong = Order(other, o.kind, o.unit, dict(o.args))
                if o.unit is not None or other not in acting:
                    what = f"{at}: {other} giving {side}'s order {o.label()}"
                    _refused(kit, g, what, partial(g.order, wrong))
    for side in g.sides:
        if side not in acting:
            _refused(kit, g, f"{at}: submit by {side}, not to act", partial(g.submit, side))
    if acting:
        _refused(kit, g, f"{at}: advance while {list(acting)} must act", g.advance)


def check_record(kit: Kit) -> None:
    """Save/load, replay, rewind and copy equal the uninterrupted game."""
    cls = kit.entry.game_class
    for seed in kit.seeds():
        g = kit.new(seed)
        starts: dict[int, str] = {}
        saved: list[tuple[int, dict[str, Any], Game]] = []
        for pos in _turns(g, kit.randoms(g, seed)):
            t = pos.turn
            if pos.phase != "setup" and t not in starts and not pos.over and t & (t - 1) == 0:
                starts[t] = canon(pos)  # turns 1, 2, 4, 8...: a few, early and late
                saved.append((t, json.loads(json.dumps(pos.to_json())), pos.copy()))
        end = canon(g)
        loaded = _load(kit, cls, g.to_json(), f"seed {seed}: the finished game's save")
        if canon(loaded) != end:
            _fail(kit, f"seed {seed}: from_json(to_json()) differs from the game")
        for side in (*g.sides, "referee"):
            if loaded.view(side) != g.view(side):
                _fail(kit, f"seed {seed}: the loaded game's view of {side} differs")
        try:
            replayed = g.replay()
        except SaveError as e:
            raise AssertionError(f"{kit.name}: seed {seed}: replay() refused: {e}") from e
        if canon(replayed) != end:
            _fail(kit, f"seed {seed}: replay() differs from the game")
        turns = sorted(starts)
        for t in _spread(turns, 2 if kit.quick else 4):
            if canon(g.copy().rewind(t)) != starts[t]:
                _fail(kit, f"seed {seed}: rewind({t}) is not the game as it was at turn {t}")
        _refused(kit, g, f"seed {seed}: rewind to a turn never reached", partial(g.rewind, 10**6))
        # a save loaded mid-game is the game then, and plays on like the uninterrupted one (a
        # copy taken then, which the game playing on did not change and which changes nothing)
        for t, save, then in _spread(saved[1:], 1):
            if canon(then) != starts[t]:
                _fail(kit, f"seed {seed}: a copy taken at turn {t} changed as the game went on")
            loaded = _load(kit, cls, save, f"seed {seed}: the turn-{t} save")
            if canon(loaded) != starts[t]:
                _fail(kit, f"seed {seed}: the turn-{t} save loads as another game")
            for other in (then, loaded):
                _play(other, kit.randoms(other, seed + 7))
            if canon(loaded) != canon(then):
                _fail(
                    kit,
                    f"seed {seed}: the turn-{t} save, loaded and played on, differs from "
                    "the uninterrupted game (a copy) played on alike",
                )
            if canon(g) != end:
                _fail(kit, f"seed {seed}: playing on a copy changed the game it was taken from")


def _load(kit: Kit, cls: type[Game], save: Any, what: str) -> Game:
    """``cls.from_json`` of ``save`` through plain JSON text; a refusal is a failure."""
    try:
        return cls.from_json(json.loads(json.dumps(save)))
    except SaveError as e:
        raise AssertionError(f"{kit.name}: {what} does not load: {e}") from e


def _spread(items: list, n: int) -> list:
    """At most ``n`` of ``items``, evenly spread, the first and the last among them."""
    if len(items) <= n:
        return list(items)
    if n == 1:
        return [items[len(items) // 2]]
    return [items[round(i * (len(items) - 1) / (n - 1))] for i in range(n)]


def _plain(value: Any) -> bool:
    try:
        return json.loads(json.dumps(value)) == value
    except (TypeError, ValueError):
        return False


def check_views(kit: Kit) -> None:
    """Views are plain JSON with VIEW_KEYS; plotting in secret changes no other side's view;
    twin states from the sampler give the same view."""
    from ..ai.random import random_completion

    simultaneous = kit.entry.info.simultaneous
    twins = 0
    for seed in kit.seeds():
        rng = np.random.default_rng(seed)
        for i, g in enumerate(_positions(kit, seed, every=2 if kit.quick else 1)):
            at = f"seed {seed}, turn {g.turn} ({g.phase})"
            for side in (*g.sides, "referee"):
                v = g.view(side)
                missing = set(VIEW_KEYS) - set(v)
                if missing:
                    _fail(kit, f"{at}: view({side!r}) lacks {sorted(missing)}")
                if not _plain(v):
                    _fail(kit, f"{at}: view({side!r}) is not plain JSON (tuples, numpy...)")
                if v["side"] != side or v["game"] != kit.name or v["over"] != g.over:
                    _fail(kit, f"{at}: view({side!r}) names side/game/over wrongly")
                if list(v["to_act"]) != list(g.to_act()):
                    _fail(kit, f"{at}: view({side!r})['to_act'] is not to_act()")
                for uid, u in v["units"].items():
                    if not isinstance(u, dict) or "side" not in u or "hex" not in u:
                        _fail(kit, f"{at}: view({side!r}) unit {uid!r} lacks side/hex")
            acting = g.to_act()
            if simultaneous and len(acting) > 1 and i % 2 == 0:
                a, others = acting[0], acting[1:]
                before = {s: g.view(s) for s in others}
                c = g.copy()
                for lo in c.legal_orders(a)[:6]:
                    o = random_completion(lo, rng)
                    if o is None:
                        continue
                    try:
                        c.order(o)
                    except IllegalOrder:
                        continue
                for s in others:
                    if c.view(s) != before[s]:
                        _fail(kit, f"{at}: {a} plotting in secret changed {s}'s view")
            sample = kit.sampler(g) if not g.over else None
            if sample is not None and i % 2 == 0:
                for side in acting:
                    twin = sample(g, side, np.random.default_rng(1000 * seed + i))
                    twins += 1
                    if twin.view(side) != g.view(side):
                        _fail(kit, f"{at}: the sampler's twin shows {side} another view")
                    if twin.legal_orders(side) != g.legal_orders(side):
                        _fail(kit, f"{at}: the sampler's twin gives {side} other legal orders")


STOPS = (0, 0.5, 1, 1.5, 2, 4)
"""Turns of random play before a decision is checked by ``fog`` (0: at the start; 0.5: once
the first side to act has acted; 1.5: the same in turn 2)."""


def check_fog(kit: Kit) -> None:
    """Every registered player decides from its view: twin states (same view, from the
    sampler) make it give the same orders for the same seed."""
    probe = kit.new()
    sample = kit.sampler(probe)
    if sample is None:
        raise CheckSkipped(f"{kit.name} declares no hidden-state sampler (GameEntry.sampler)")
    for player in kit.entry.player_names():
        bad = []
        for seed in kit.seeds():
            for stop in STOPS[::2] if kit.quick else STOPS:
                g = _decision_point(kit, seed, stop)
                if g.over:
                    continue
                for side in g.to_act():
                    twin = sample(g, side, np.random.default_rng(1000 * seed + 1))
                    a = _orders_given(kit, g.copy(), player, side)
                    b = _orders_given(kit, twin.copy(), player, side)
                    if not _same_while_unseen(g, twin, side, a, b):
                        bad.append((seed, stop, side))
        if bad:
            _fail(
                kit,
                f"player {player!r} gave other orders on states it cannot tell apart "
                f"(seed, turns played, side): {bad}",
            )


def _decision_point(kit: Kit, seed: int, stop: float) -> Game:
    g = kit.new(seed)
    players = kit.randoms(g, seed)
    if int(stop):
        _play(g, players, turns=int(stop))
    if stop != int(stop) and not g.over:
        players[g.to_act()[0]].act(g)
    while not g.over and not g.to_act():
        g.advance()
    return g


def _orders_given(kit: Kit, game: Game, player: str, side: str) -> list[dict[str, Any]]:
    n = len(game.commands.commands)
    kit.player(player, side, kit.seed + 7).act(game)
    return game.commands.to_list()[n:]


def _same_while_unseen(g: Game, twin: Game, side: str, a: list, b: list) -> bool:
    """Equal command lists, or equal up to an order whose effect (taken at once) showed the
    side a difference (what it reveals may rightly change the next orders)."""
    from ..engine.record import apply_commands

    if a == b:
        return True
    i = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
    ga, gb = g.copy(), twin.copy()
    apply_commands(ga, a[:i])
    apply_commands(gb, a[:i])
    return ga.view(side) != gb.view(side)


def check_env(kit: Kit) -> None:
    """PettingZoo's API and seed tests on ``hexplay.env`` (parallel and AEC)."""
    try:
        from pettingzoo.test import api_test, parallel_api_test, parallel_seed_test, seed_test
    except ImportError:
        raise CheckSkipped("pettingzoo is not installed (pip install hexplay[env])") from None
    from ..env import aec_env, parallel_env

    cycles = 20 if kit.quick else 60
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # PettingZoo's advice for masked, dict observations
        parallel_api_test(parallel_env(kit.name), num_cycles=cycles)
        api_test(aec_env(kit.name), num_cycles=cycles)
        parallel_seed_test(lambda: parallel_env(kit.name), num_cycles=cycles // 3)
        seed_test(lambda: aec_env(kit.name), num_cycles=cycles // 3)


def check_app(kit: Kit) -> None:
    """The board by clicks (see :mod:`hexplay.testing.app`)."""
    from .app import check_app as run

    run(kit)


def check_apps(kit: Kit) -> None:
    """Every side x every named player, played to the end in the app (see
    :func:`hexplay.testing.app.check_apps`)."""
    from .app import check_apps as run

    run(kit)


CHECKS: dict[str, Callable[[Kit], None]] = {
    "declared": check_declared,
    "order_kinds": check_order_kinds,
    "playouts": check_playouts,
    "refusals": check_refusals,
    "record": check_record,
    "views": check_views,
    "fog": check_fog,
    "env": check_env,
    "scenarios": check_scenarios,
    "saves": check_saves,
    "displays": check_displays,
    "app": check_app,
    "apps": check_apps,
    "browser": check_browser_messages,
}
"""The checks by name, in the order :func:`check_game` runs them."""


def run_check(
    check: str,
    name: str,
    *,
    seed: int = 0,
    games: int = 2,
    quick: bool = False,
    player_knobs: Mapping[str, Mapping[str, Any]] | None = None,
) -> None:
    """Run one check of :data:`CHECKS` on game ``name``; AssertionError names what failed.
    Under pytest a check that cannot apply is a skip (else :class:`CheckSkipped`)."""
    if check not in CHECKS:
        raise KeyError(f"no check {check!r}; the kit has {list(CHECKS)}")
    kit = Kit(name, seed, games, quick, player_knobs if player_knobs is not None else PLAYER_KNOBS)
    _ = kit.entry  # an unknown game: the registry's KeyError
    try:
        CHECKS[check](kit)
    except CheckSkipped as e:
        import sys

        if "pytest" in sys.modules:
            import pytest

            pytest.skip(f"{name}: {check}: {e}")
        raise


def check_game(
    name: str,
    *,
    seed: int = 0,
    games: int = 2,
    quick: bool = False,
    checks: tuple[str, ...] | None = None,
    player_knobs: Mapping[str, Mapping[str, Any]] | None = None,
) -> dict[str, str]:
    """Run every check (or ``checks``) on the registered game ``name``; returns
    ``{check: "ok (1.2 s)" | "skipped: why"}``. Raises one AssertionError listing every
    failed check (an error a check runs into counts as its failure)."""
    from ..registry import game_entry

    game_entry(name)  # an unknown game: the registry's KeyError, listing the games
    unknown = [c for c in checks or () if c not in CHECKS]
    if unknown:
        raise KeyError(f"no check {unknown[0]!r}; the kit has {list(CHECKS)}")
    report: dict[str, str] = {}
    failed: list[str] = []
    for check in checks or tuple(CHECKS):
        kit = Kit(name, seed, games, quick, player_knobs or PLAYER_KNOBS)
        t0 = time.perf_counter()
        try:
            CHECKS[check](kit)
            report[check] = f"ok ({time.perf_counter() - t0:.1f} s)"
        except CheckSkipped as e:
            report[check] = f"skipped: {e}"
        except Exception as e:  # an assertion, or an error the check ran into
            what = str(e) if isinstance(e, AssertionError) else f"{type(e).__name__}: {e}"
            failed.append(f"{check}: {what}")
            report[check] = f"FAILED: {what}"
    if failed:
        raise AssertionError(f"check_game({name!r}) failed:\n" + "\n".join(failed))
    return report
