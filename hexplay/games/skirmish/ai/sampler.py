"""SKIRMISH's hidden-state sampler (the registry's ``sampler`` part, see
:mod:`hexplay.ai.samplers`), written from the game's public API: legal set-up orders,
``arrange``, views."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from hexplay.ai.random import random_completion
from hexplay.ai.samplers import SAMPLER_TRIES, LastMemo, resample_plot
from hexplay.ai.worlds import rollout_copy
from hexplay.engine import Order

RADIUS = 8
"""Unseen enemy men on foot are drawn among the hidden hexes within this many hexes of the
ambush point (the transporter's hex, public to both sides): the tactic adversary stations its
men 2-4 hexes from it and the guards close on it, so the draw stays near the fight."""

OFF_ROUTE = 8
"""An unseen vehicle is drawn on its route's indices ``-OFF_ROUTE .. len(route)+OFF_ROUTE-1``
(off the map beyond either end, or on a route hex no own man can see)."""


def sample(game: Any, side: str, rng: np.random.Generator) -> Any:
    """SKIRMISH's hidden-state sampler: what ``side`` cannot see, drawn from its view and
    ``rng`` only (two states ``side`` cannot tell apart give the same sample for the same
    ``rng``, so a search over samples decides from the view only).

    In a planning phase, at its start (the game replayed to it if plots were given since),
    one referee ``arrange`` (logged, so the copy saves and replays) draws
    (:func:`_draw`):

    * every vehicle whose seats the view does not show: heading +1 (the convoy's direction)
      and the scenario's spare guns; one absent from the view also a route index
      (:data:`OFF_ROUTE`; on the map only on a route hex out of every own man's line of sight),
      ``entered_board`` (its index on the map) and, with a fit man in seat D, motion (even
      odds);
    * every living enemy man the view does not show (on foot on the map or in such a
      vehicle): aboard such an unseen vehicle (a free seat drawn) if the view's last-known
      entry of him says a vehicle, or, never seen, if he is a guard (guards start in
      vehicles), else on foot on a hidden hex near the ambush point (:data:`RADIUS`;
      anywhere hidden if none is); the enemy men the view shows in a vehicle whose seats it
      does not show get its free seats drawn among them (a fit one in seat D if it is shown
      moving).

    Hidden hexes are those no own unit sees past the vehicles the side knows of
    (``known_blockers``); a draw whose view differs (a drawn vehicle hides a unit the side
    sees) is drawn again, :data:`SAMPLER_TRIES` times; then every unseen vehicle is put off the
    map and the men drawn as before, whose view should not differ. Then the side's own
    commands of this turn are given again and, if the enemy had plotted, its plot is drawn
    anew (:func:`resample_plot`, its moving vehicles stopped or moved as submitting requires),
    the whole drawn again if that cannot be submitted (:data:`SAMPLER_TRIES` times).

    At set-up, the game is replayed from its seed without any of the enemy's secret ``place``
    commands (men on foot, escorts' route positions, guards' vehicles and seats), and every
    unit the enemy may place is placed by a draw among its legal placements at its submit (or
    after the last command if it has not submitted) (:func:`_replay_placements`); kept if
    ``view(side)`` is unchanged, else drawn again (:data:`SAMPLER_TRIES` times), then the
    rules' defaults (scenario offsets and crews, ``auto_setup``) in place of the draws.

    Kept as they really are: the men's wounds and weapons (so whether a drawn driver is fit),
    dead men and the seats they hold, men off the map on foot or with their long gun laid
    down, the getaway car's spare guns, the enemy's knowledge (its last-known positions),
    AMBUSH's extra state (cargo, radio, the getaway car's plan), and the whole state (an
    unchanged copy) when every draw fails: should the set-up draws and defaults all change the
    view or fail to replay, or a planning draw keep changing the view or leave an enemy plot
    that cannot be submitted (0 of 540 samples at the fog test's decision points of SKIRMISH,
    AMBUSH and its stopped convoy, seeds 0-3, both sides; at set-up, not measured)."""
    if game.phase == "planning":
        return _planning_sample(game, side, rng)
    if game.phase != "setup":
        return rollout_copy(game)
    truth = game.view(side)
    for draw in [True] * SAMPLER_TRIES + [False]:
        twin = _replay_placements(game, side, rng, draw=draw)
        if twin is not None and twin.view(side) == truth:
            return twin
    return rollout_copy(game)


def _planning_sample(game: Any, side: str, rng: np.random.Generator) -> Any:
    from hexplay.engine.dice import fresh_like
    from hexplay.engine.record import apply_commands

    cmds = game.commands.to_list()
    start = game.commands.marks.get(game.turn, len(cmds))
    while start < len(cmds) and cmds[start]["op"] == "arrange":  # (a sample's own)
        start += 1
    if start >= len(cmds):
        out = _draw(game, rollout_copy(game), side, rng)
        return rollout_copy(game) if out is None else out
    twin = type(game)._fresh(game.scenario_dict(), game.map, fresh_like(game.dice))
    apply_commands(twin, cmds[:start])
    truth = game.view(side)
    for _ in range(SAMPLER_TRIES):
        drawn = _draw(game, twin, side, rng)
        if drawn is None:
            break
        out = resample_plot(game, side, rng, start_state=drawn, complete=_complete)
        if out is not None and out.view(side) == truth:
            return out
    return rollout_copy(game)


def _hidden_hexes(game: Any, side: str, units: dict[str, Any], among: Any) -> list[str]:
    """The hexes of ``among`` out of every own unit's line of sight (past the vehicles the side
    knows of) and holding no unit it knows of, in their order."""
    seen = {u.get("hex") for u in units.values()}
    eyes = sorted({u["hex"] for u in units.values() if u.get("side") == side and u.get("hex")})
    blk = game.known_blockers(side)
    sees_any = game.terrain.sees_any
    return [h for h in among if h not in seen and not sees_any(eyes, h, blk)]


def _complete(twin: Any, enemy: str) -> None:
    """The enemy's drawn plot completed as submitting requires (its moving vehicles stopped or
    moved: random plots rarely do it)."""
    twin.complete_plot(enemy)


_POOLS = LastMemo()
"""The last view's hidden hexes (a search samples one state many times): keyed by the map,
route, ambush point and the units the view shows, all that decides them."""


def _draw(game: Any, twin: Any, side: str, rng: np.random.Generator) -> Any | None:
    """``twin`` (``game`` at the start of its planning phase, no plots) with the hidden state
    drawn as :func:`sample` says, from ``game.view(side)`` and ``rng``; None if even
    the off-map draw changes the view."""
    from ..scenario import VEHICLE_SEATS
    from ..state import DEFENDER
    from ..units import CAR_KIND

    view = game.view(side, events=False)
    units = view["units"]
    route = list(view["route_hexes"])
    key = (view["map"], view["route"], view["ambush"], side, repr(units))

    def pools() -> tuple[set[str], list[str]]:  # hidden route hexes, hexes near the ambush point
        amb = view.get("ambush")
        labels = list(game.map.hex_labels)
        if amb:
            d, idx = game.terrain.dist_from(amb), game.terrain.index
            close = {h for h in labels if int(d[idx[h]]) <= RADIUS}
        else:
            close = set(labels)
        hidden = _hidden_hexes(game, side, units, [h for h in labels if h in close or h in route])
        near = [h for h in hidden if h in close]
        if not near:  # (anywhere hidden)
            near = _hidden_hexes(game, side, units, labels)
        return set(hidden), near

    hid, near = _POOLS.get(key, pools)
    n = len(route)
    veiled = [v for v in sorted(twin.vehicles) if "seats" not in units.get(v, {})]
    damaged = getattr(twin, "vehicle_damage", {}) or {}
    unseen_v = [v for v in veiled if v not in units]  # (positions: not a damaged one's)
    placed_v = [v for v in unseen_v if v not in damaged]
    taken = {u["pos"] for u in units.values() if "pos" in u}
    taken |= {
        route.index(u["hex"]) for k, u in units.items() if k in twin.vehicles and u.get("hex")
    }
    taken.add(getattr(twin, "roadblock_pos", None))
    spots = [p for p in range(-OFF_ROUTE, n + OFF_ROUTE) if p not in taken]
    spots = [p for p in spots if not 0 <= p < n or route[p] in hid]
    off = [p for p in spots if not 0 <= p < n]
    last = view["last_known"]
    spares = {g: int(game.scenario.spare_weapons.get(g, 0)) for g in ("rifle", "shotgun")}
    redrawn = sorted(
        m.id
        for m in twin.men.values()
        if m.side != side
        and m.alive
        and m.id not in units
        and m.laid_at is None
        and m.route_pos is None
        and (m.vehicle in veiled if m.vehicle else m.hex is not None)
    )
    shown_aboard = sorted(
        m.id
        for m in twin.men.values()
        if m.side != side and m.alive and m.id in units and m.vehicle in veiled
    )
    moved = set(redrawn) | set(shown_aboard)
    fixed = {(m.vehicle, m.seat) for m in twin.men.values() if m.vehicle and m.id not in moved}

    def draw(pool: list[int]) -> dict[str, Any]:
        vehicles: dict[str, dict[str, Any]] = {}
        free = list(pool)
        for vid in veiled:
            spec: dict[str, Any] = {"heading": 1}
            if twin.vehicles[vid].kind != CAR_KIND:
                spec["spares"] = dict(spares)
            if vid in placed_v and free:
                p = free.pop(int(rng.integers(len(free))))
                spec |= {"pos": p, "entered_board": 0 <= p < n, "moving": False}
            vehicles[vid] = spec
        men: dict[str, Any] = {}
        for vid in veiled:  # the shown men keep their vehicle; their seats are drawn
            crew = [m for m in shown_aboard if twin.men[m].vehicle == vid]
            seats = [s for s in VEHICLE_SEATS if (vid, s) not in fixed]
            got = {m: seats[int(j)] for m, j in zip(crew, rng.permutation(len(seats)))}
            if units.get(vid, {}).get("moving"):  # a healthy driver, if any, drives it
                fit = [m for m in crew if units[m].get("condition") == "fit"]
                _healthy_driver(got, fit, seats)
            for m, seat in got.items():
                men[m] = [vid, seat]
        seats = [(v, s) for v in unseen_v for s in VEHICLE_SEATS if (v, s) not in fixed]
        for mid in redrawn:
            lk = last.get(mid)
            aboard = lk.get("vehicle") is not None if lk else twin.men[mid].side == DEFENDER
            if aboard and seats:
                men[mid] = list(seats.pop(int(rng.integers(len(seats)))))
            elif near:
                men[mid] = near[int(rng.integers(len(near)))]
            elif seats:
                men[mid] = list(seats.pop(int(rng.integers(len(seats)))))
        for vid in unseen_v:  # a vehicle moves only with a living driver
            driver = next((m for m, w in men.items() if w == [vid, "D"]), None)
            if driver is None and (vid, "D") in fixed:
                driver = twin.vehicles[vid].seats.get("D")
            if driver is not None and twin.men[driver].fit and "pos" in vehicles[vid]:
                vehicles[vid]["moving"] = bool(rng.integers(2))
        return {"men": men, "vehicles": vehicles}

    kept = {k: v for k, v in game.view(side).items() if k not in _PLOT_KEYS}
    for t in range(SAMPLER_TRIES + 1):
        out = rollout_copy(twin)
        out.arrange(**draw(spots if t < SAMPLER_TRIES else off))
        got = out.view(side)
        if all(got[k] == v for k, v in kept.items()):
            return out
    return None


def _healthy_driver(seats: dict[str, str], fit: list[str], free: list[str]) -> None:
    """Seat D (``seats``: man -> seat, drawn among ``free``) goes to the first of the ``fit``
    men unless a fit man holds it, if D is free: he swaps with whoever held it (a moving
    vehicle needs a healthy driver)."""
    holder = next((m for m, s in seats.items() if s == "D"), None)
    if "D" not in free or not fit or holder in fit:
        return
    first = fit[0]
    if holder is not None:
        seats[holder] = seats[first]
    seats[first] = "D"


_PLOT_KEYS = ("plots", "ap_left", "submitted", "to_act", "events")
"""View keys that change as this turn's plots are given (compared once they are given again)."""


def _secret_setup(c: Mapping[str, Any]) -> bool:
    """A placement command, or the taking back of one (``unplace`` of a unit; taking back the
    ambush hex, ``unit_id`` None, is public and given again)."""
    return c["op"] == "place" or (c["op"] == "unplace" and c["args"].get("unit_id") is not None)


def _replay_placements(game: Any, side: str, rng: np.random.Generator, draw: bool = True) -> Any:
    """The game replayed from its seed without the enemy's set-up ``place`` commands (all
    secret: men on foot, escorts' route positions, guards' vehicles and seats) and its
    ``unplace`` of them (:func:`_secret_setup`), which are then
    drawn anew (:func:`_draw_placements`) where the enemy submitted its set-up (else after the
    last command); ``draw=False``: the rules' defaults instead (the scenario's escort offsets
    and crews, ``auto_setup`` for men still unplaced at the submit). None if the replay is
    illegal (a drawn set-up that cannot be submitted)."""
    from hexplay.engine import IllegalOrder
    from hexplay.engine.dice import fresh_like
    from hexplay.engine.errors import SaveError
    from hexplay.engine.record import apply_commands

    enemy = next(s for s in game.sides if s != side)
    twin = type(game)._fresh(game.scenario_dict(), game.map, fresh_like(game.dice))
    drawn = False
    try:
        for c in game.commands.to_list():
            if c["args"].get("side") == enemy and not drawn and _secret_setup(c):
                continue  # (a placement, or one taken back: all are drawn anew)
            if c["args"].get("side") == enemy and c["op"] == "submit" and not drawn:
                drawn = True
                if draw:
                    _draw_placements(twin, enemy, rng)
                else:
                    twin.auto_setup(enemy, rng)
            apply_commands(twin, [c])
        if draw and not drawn:
            _draw_placements(twin, enemy, rng)
    except (IllegalOrder, SaveError):
        return None
    return twin


def _draw_placements(twin: Any, enemy: str, rng: np.random.Generator) -> None:
    """Each unit ``twin.legal_orders(enemy)`` lets the enemy place, in an order drawn from
    ``rng``, placed by one order drawn uniformly among its legal placements at that point
    (a unit placed is not offered again; the other units' places so far limit its options)."""
    units = sorted({lo.unit for lo in twin.legal_orders(enemy) if lo.kind == "place"})
    for j in rng.permutation(len(units)):
        made: list[Order | None] = []
        for lo in twin.legal_orders(enemy, units[int(j)]):
            if lo.kind != "place":
                continue
            if len(lo.needs) == 1:  # (a placement's one open choice: a hex, offset or seat)
                need = lo.needs[0]
                made.extend(lo.complete(**{need.name: o}) for o in need.options)
            else:
                made.append(random_completion(lo, rng))
        choices = [o for o in made if o is not None]
        if choices:
            twin.order(choices[int(rng.integers(len(choices)))])
