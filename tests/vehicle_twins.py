"""SKIRMISH/AMBUSH twins that differ in hidden *vehicle* facts (tests only).

What the rules hide about vehicles (``hexplay/games/skirmish/views.py``): a vehicle the side
does not hold fully (the convoy's to the adversary; to the defender, a vehicle adversaries
hold and the adversary's getaway car) is in its view only while one of its living men has a
line of sight to its hex (the transporter's position is known to both sides), and then only
as ``public_unit``: its hex, route label and whether it is moving, never its heading, seats
or spare guns. The men aboard are seen only when the vehicle's hex is in sight (the
transporter's too: knowing where it stands is not seeing inside it). A side's plot, vehicle
driving included, is secret until both have submitted (and under fog of war for good).

So a twin may change, where the side's view and legal orders stay the same (both checked):

* ``state`` (at the start of the turn, re-giving this turn's commands after): an unseen
  enemy vehicle's route index (on or off the map), ``moving`` and ``heading``; any enemy
  vehicle's ``heading`` and spare guns; which hidden seat each enemy man aboard a vehicle
  whose inside the side cannot see sits in (the living men permuted over their seats, so
  every vehicle keeps its seats filled and a living driver);
* ``plot``: the enemy's vehicle orders of this turn drawn anew from its legal orders (its
  men's orders kept);
* ``setup``: the enemy's secret set-up placements of vehicles and of men into seats drawn
  anew from the legal set-up orders.

These are perturbations of the true state (they start from it), not samples drawn from the
view alone, so they live here and not in :mod:`hexplay.ai.samplers`.
"""

from __future__ import annotations

import contextlib
from typing import Any

import numpy as np

import hexplay
from hexplay.ai.player import play
from hexplay.ai.random import RandomPlayer, random_completion
from hexplay.engine import IllegalOrder
from hexplay.engine.dice import fresh_like
from hexplay.engine.errors import SaveError
from hexplay.engine.record import apply_commands
from hexplay.games.skirmish.views import update_sightings

KINDS = ("state", "plot", "setup")


def _enemy(game: Any, side: str) -> str:
    return next(s for s in game.sides if s != side)


def veiled_vehicles(game: Any, side: str) -> list[str]:
    """Vehicles ``side`` does not know fully: absent from its view, or shown without seats."""
    units = game.view(side, events=False)["units"]
    return sorted(v for v in game.vehicles if "seats" not in units.get(v, {}))


def _replayed(game: Any, upto: int) -> Any:
    twin = type(game)._fresh(game.scenario_dict(), game.map, fresh_like(game.dice))
    apply_commands(twin, game.commands.to_list()[:upto])
    return twin


def _perturb_state(t: Any, side: str, units: dict[str, Any], rng: np.random.Generator) -> None:
    """Change hidden vehicle facts of ``t`` (a game at the start of a planning phase)."""
    veiled = [v for v in sorted(t.vehicles) if "seats" not in units.get(v, {})]
    n = len(t.route)
    damaged = getattr(t, "vehicle_damage", {})
    for vid in veiled:
        v = t.vehicles[vid]
        if vid not in units and vid not in damaged:  # unseen: anywhere on its road
            taken = {w.pos for w in t.vehicles.values() if w is not v}
            taken.add(getattr(t, "roadblock_pos", None))
            free = [p for p in range(-8, n + 8) if p not in taken]
            v.pos = int(free[int(rng.integers(len(free)))])
            driver = t.men.get(v.seats.get("D", ""))
            if driver is not None and driver.alive:  # (a vehicle moves only with a driver)
                v.moving = bool(rng.integers(2))
            v.entered_board = v.entered_board or t.on_board(v.pos)
        if rng.integers(2):
            v.heading = -v.heading
        for gun in v.spares:
            v.spares[gun] = int(rng.integers(3))
    hidden = [
        m
        for m in t.men.values()
        if m.vehicle in veiled and m.side != side and m.id not in units and m.alive
    ]
    slots = [(m.vehicle, m.seat) for m in hidden]
    for m in hidden:
        t.vehicles[m.vehicle].seats.pop(m.seat, None)
    for m, j in zip(hidden, rng.permutation(len(slots))):
        m.vehicle, m.seat = slots[int(j)]
        t.vehicles[m.vehicle].seats[m.seat] = m.id
    t.clear_cache()
    update_sightings(t)


def _state_twin(game: Any, side: str, rng: np.random.Generator) -> Any | None:
    if game.phase != "planning":
        return None
    cmds = game.commands.to_list()
    start = game.commands.marks.get(game.turn, len(cmds))
    t = _replayed(game, start)
    units = game.view(side, events=False)["units"]
    _perturb_state(t, side, units, rng)
    try:
        apply_commands(t, cmds[start:])
    except (IllegalOrder, SaveError):
        return None
    return t


def _plot_twin(game: Any, side: str, rng: np.random.Generator) -> Any | None:
    if game.phase != "planning":
        return None
    enemy = _enemy(game, side)
    cmds = game.commands.to_list()
    start = game.commands.marks.get(game.turn, len(cmds))
    mine = [
        c
        for c in cmds[start:]
        if c["args"].get("side") == enemy
        and (c["op"] == "submit" or c["args"].get("unit_id") in game.vehicles)
    ]
    if not any(c["op"] != "submit" for c in mine) and not game.plots.submitted[enemy]:
        return None
    t = _replayed(game, start)
    try:
        apply_commands(t, [c for c in cmds[start:] if c not in mine])
        for vid in sorted(t.vehicles):
            for _ in range(int(rng.integers(3))):
                choices = [
                    lo for lo in t.legal_orders(enemy, vid) if lo.kind in ("AV", "SV", "TV", "MV")
                ]
                if not choices:
                    break
                o = random_completion(choices[int(rng.integers(len(choices)))], rng)
                if o is not None:
                    with contextlib.suppress(IllegalOrder):
                        t.order(o)
        if game.plots.submitted[enemy]:
            t.complete_plot(enemy)
            t.submit(enemy)
    except (IllegalOrder, SaveError):
        return None
    return t


def _setup_twin(game: Any, side: str, rng: np.random.Generator) -> Any | None:
    if game.phase != "setup":
        return None
    enemy = _enemy(game, side)
    cmds = game.commands.to_list()
    redrawn = [
        c
        for c in cmds
        if c["args"].get("side") == enemy
        and (
            c["op"] == "submit"
            or (
                c["op"] == "place"
                and (
                    c["args"].get("unit_id") in game.vehicles
                    or c["args"].get("where") in game.vehicles
                )
            )
        )
    ]
    if not game.setup_done[enemy]:
        return None
    t = _replayed(game, 0)
    try:
        apply_commands(t, [c for c in cmds if c not in redrawn])
        for _ in range(12):
            choices = [lo for lo in t.legal_orders(enemy) if lo.kind == "place"]
            choices = [
                lo for lo in choices if lo.unit in t.vehicles or lo.args.get("where") in t.vehicles
            ]
            if not choices:
                break
            o = random_completion(choices[int(rng.integers(len(choices)))], rng)
            if o is not None:
                with contextlib.suppress(IllegalOrder):
                    t.order(o)
        t.submit(enemy)
    except (IllegalOrder, SaveError):
        return None
    return t


def vehicle_twin(game: Any, side: str, kind: str, rng: np.random.Generator) -> Any | None:
    """A twin of ``game`` of ``kind`` (:data:`KINDS`) whose hidden vehicle facts differ and
    whose ``view(side)`` and ``legal_orders(side)`` are the same; None if none was made."""
    make = {"state": _state_twin, "plot": _plot_twin, "setup": _setup_twin}[kind]
    truth, legal = game.view(side), game.legal_orders(side)
    for _ in range(8):
        t = make(game, side, rng)
        if t is None:
            return None
        if differs(game, t) and t.view(side) == truth and t.legal_orders(side) == legal:
            return t
    return None


def differs(a: Any, b: Any) -> bool:
    """The two games differ in state or in this turn's plots."""
    return a.snapshot() != b.snapshot() or a.plots.orders != b.plots.orders


def convoy_first(name: str, seed: int, turns: int, scenario: str | None = None) -> Any:
    """A game of ``name`` where the convoy has acted first and the adversary is to act: after
    ``turns`` turns of random play (0: at set-up, once the route and ambush point are chosen,
    the convoy has set up in secret), the convoy's random player has plotted and submitted
    (the fog test's decision points otherwise find the adversary acting first)."""
    g, players = _started(name, seed, scenario)
    rng = np.random.default_rng(seed)
    if turns:
        play(g, players, max_turns=turns)
    else:
        for kind in ("choose_route", "place_ambush"):  # (a scenario may fix either)
            lo = next((x for x in g.legal_orders("adversary") if x.kind == kind), None)
            if lo is not None:
                g.order(random_completion(lo, rng))
    _to_act(g)
    if not g.over and "defender" in g.to_act():
        players["defender"].act(g)
    return g


def adversary_first(name: str, seed: int, stop: float, scenario: str | None = None) -> Any:
    """``tests/test_fog_fair.py``'s decision point (``stop`` turns of random play; a half:
    the first side to act, the adversary, has acted) in ``scenario``."""
    g, players = _started(name, seed, scenario)
    if int(stop):
        play(g, players, max_turns=int(stop))
    if stop != int(stop) and not g.over:
        players[g.to_act()[0]].act(g)
    _to_act(g)
    return g


def _started(name: str, seed: int, scenario: str | None) -> tuple[Any, dict[str, Any]]:
    g = hexplay.new_game(name, scenario, seed=seed)
    return g, {s: RandomPlayer(s, seed + i) for i, s in enumerate(g.sides)}


def _to_act(g: Any) -> None:
    while not g.over and not g.to_act():
        g.advance()


def decision_points(name: str, seed: int, scenario: str | None = None) -> list[Any]:
    """Games with a side to act: the fog test's stops, then the convoy acting first."""
    out = [adversary_first(name, seed, s, scenario) for s in (0, 0.5, 1, 1.5, 2, 4)]
    out += [convoy_first(name, seed, t, scenario) for t in (0, 1, 3)]
    return [g for g in out if not g.over]
