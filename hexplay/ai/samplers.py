"""Samplers of hidden state: states a side cannot tell from the true one.

A sampler is ``f(game, side, rng) -> Game``: a new game (the original is not changed) whose
hidden information differs from ``game``'s where ``side`` cannot see it, while
``view(side)`` is exactly the same (and so are ``legal_orders(side)`` and ``to_act()``). It
may read the true state — it is the referee's tool — but what it returns must be consistent
with everything ``side`` knows. The fog-fairness test (``tests/test_fog_fair.py``) runs every
player on such pairs; search players (determinized or information-set search) use the same
samplers to draw the states they search.

The hook, for a game's authors: give the game class a method ``resample_hidden(side, rng)``
returning such a copy, or add ``name -> "module:function"`` to :data:`SAMPLERS` (for a sampler
written outside the game's package, from its public API).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Mapping
from typing import Any

import numpy as np

from .worlds import rollout_copy

Sampler = Callable[[Any, str, np.random.Generator], Any]

SAMPLERS: dict[str, str] = {}
"""Samplers by game name, for games whose class has no ``resample_hidden`` method."""


def _method(game: Any, side: str, rng: np.random.Generator) -> Any:
    return game.resample_hidden(side, rng)


def hidden_sampler(game: Any) -> Sampler:
    """The sampler of ``game``'s kind (its ``resample_hidden`` method, else :data:`SAMPLERS`);
    LookupError if it has none."""
    if callable(getattr(game, "resample_hidden", None)):
        return _method
    ref = SAMPLERS.get(game.info.name)
    if ref is None:
        raise LookupError(
            f"{game.info.name} has no hidden-state sampler: give the game class "
            "resample_hidden(side, rng) or add it to hexplay.ai.samplers.SAMPLERS"
        )
    from ..registry import resolve

    return resolve(ref)


def has_sampler(game_class: Any, name: str) -> bool:
    return callable(getattr(game_class, "resample_hidden", None)) or name in SAMPLERS


# --- a building block for simultaneous-plot games ---------------------------------------------
def resample_plot(
    game: Any, side: str, rng: np.random.Generator, orders: int = 6, start_state: Any = None
) -> Any:
    """A copy in which the enemy's secret plot of this turn is drawn anew: the game is replayed
    to the start of the turn, every command of this turn is given again except the enemy's
    (commands name their side in ``args["side"]``, as the protocol's order, undo and submit
    do), and the enemy plots up to ``orders`` random legal orders instead, submitting if it had
    submitted. Only for simultaneous plots, before every plot is in (the enemy's plot is then
    secret, so ``view(side)`` cannot change); otherwise an unchanged copy. ``start_state``: the
    game at the start of the turn to give the commands to (else ``game`` replayed to it; with
    it, None if the enemy's drawn plot cannot be submitted)."""
    from ..engine import IllegalOrder
    from ..engine.dice import fresh_like
    from ..engine.record import apply_commands
    from .random import random_completion

    if not game.info.simultaneous or game.over or game.phase == "setup" or not game.to_act():
        return rollout_copy(game)
    enemies = [s for s in game.sides if s != side]
    cmds = game.commands.to_list()
    start = game.commands.marks.get(game.turn, len(cmds))
    if start_state is None:
        twin = type(game)._fresh(game.scenario_dict(), game.map, fresh_like(game.dice))
        apply_commands(twin, cmds[:start])
    else:  # (a referee's arrangement at the start of the turn is part of start_state)
        twin = start_state
        while start < len(cmds) and cmds[start]["op"] == "arrange":
            start += 1
    apply_commands(twin, [c for c in cmds[start:] if c["args"].get("side") not in enemies])
    for enemy in enemies:
        for _ in range(int(rng.integers(orders + 1))):
            choices = twin.legal_orders(enemy)
            if not choices:
                break
            o = random_completion(choices[int(rng.integers(len(choices)))], rng)
            if o is not None:
                with contextlib.suppress(IllegalOrder):  # a candidate the rules refuse
                    twin.order(o)
        if enemy not in game.to_act():
            complete = getattr(twin, "complete_plot", None)
            if complete is not None and (game.info.name == "ambush" or start_state is not None):
                complete(enemy)  # (moving vehicles, drawn or AMBUSH's transporter: random
                # plots rarely stop them)
            try:
                twin.submit(enemy)
            except IllegalOrder:
                return rollout_copy(game) if start_state is None else None
    return twin


# --- SKIRMISH (written from its public API: legal set-up orders, arrange, views) -------------
SAMPLER_TRIES = 6
"""Proposals a sampler tries before it gives up and returns an unchanged copy."""


SKIRMISH_RADIUS = 8
"""Unseen enemy men on foot are drawn among the hidden hexes within this many hexes of the
ambush point (the transporter's hex, public to both sides): the tactic adversary stations its
men 2-4 hexes from it and the guards close on it, so the draw stays near the fight."""

OFF_ROUTE = 8
"""An unseen vehicle is drawn on its route's indices ``-OFF_ROUTE .. len(route)+OFF_ROUTE-1``
(off the map beyond either end, or on a route hex no own man can see)."""


def skirmish_resample(game: Any, side: str, rng: np.random.Generator) -> Any:
    """SKIRMISH's hidden-state sampler: what ``side`` cannot see, drawn from its view and
    ``rng`` only (two states ``side`` cannot tell apart give the same sample for the same
    ``rng``, so a search over samples decides from the view only).

    In a planning phase, at its start (the game replayed to it if plots were given since),
    one referee ``arrange`` (logged, so the copy saves and replays) draws
    (:func:`_skirmish_draw`):

    * every vehicle whose seats the view does not show: heading +1 (the convoy's direction)
      and the scenario's spare guns; one absent from the view also a route index
      (:data:`OFF_ROUTE`; on the map only on a route hex out of every own man's line of sight),
      ``entered_board`` (its index on the map) and, with a fit man in seat D, motion (even
      odds);
    * every living enemy man the view does not show (on foot on the map or in such a
      vehicle): aboard such an unseen vehicle (a free seat drawn) if the view's last-known
      entry of him says a vehicle, or, never seen, if he is a guard (guards start in
      vehicles), else on foot on a hidden hex near the ambush point (:data:`SKIRMISH_RADIUS`;
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
    from ..engine.dice import fresh_like
    from ..engine.record import apply_commands

    cmds = game.commands.to_list()
    start = game.commands.marks.get(game.turn, len(cmds))
    while start < len(cmds) and cmds[start]["op"] == "arrange":  # (a sample's own)
        start += 1
    if start >= len(cmds):
        out = _skirmish_draw(game, rollout_copy(game), side, rng)
        return rollout_copy(game) if out is None else out
    twin = type(game)._fresh(game.scenario_dict(), game.map, fresh_like(game.dice))
    apply_commands(twin, cmds[:start])
    truth = game.view(side)
    for _ in range(SAMPLER_TRIES):
        drawn = _skirmish_draw(game, twin, side, rng)
        if drawn is None:
            break
        out = resample_plot(game, side, rng, start_state=drawn)
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


_POOL_MEMO: dict[str, Any] = {}
"""The last view's hidden hexes (a search samples one state many times): keyed by the map,
route, ambush point and the units the view shows, all that decides them."""


def _skirmish_draw(game: Any, twin: Any, side: str, rng: np.random.Generator) -> Any | None:
    """``twin`` (``game`` at the start of its planning phase, no plots) with the hidden state
    drawn as :func:`skirmish_resample` says, from ``game.view(side)`` and ``rng``; None if even
    the off-map draw changes the view."""
    from ..games.skirmish.scenario import VEHICLE_SEATS
    from ..games.skirmish.state import DEFENDER
    from ..games.skirmish.units import CAR_KIND

    view = game.view(side, events=False)
    units = view["units"]
    route = list(view["route_hexes"])
    key = (view["map"], view["route"], view["ambush"], side, repr(units))
    if _POOL_MEMO.get("key") != key:  # hidden route hexes and hexes near the ambush point
        amb = view.get("ambush")
        labels = list(game.map.hex_labels)
        if amb:
            d, idx = game.terrain.dist_from(amb), game.terrain.index
            close = {h for h in labels if int(d[idx[h]]) <= SKIRMISH_RADIUS}
        else:
            close = set(labels)
        hidden = _hidden_hexes(game, side, units, [h for h in labels if h in close or h in route])
        near = [h for h in hidden if h in close]
        if not near:  # (anywhere hidden)
            near = _hidden_hexes(game, side, units, labels)
        _POOL_MEMO.update(key=key, hid=set(hidden), near=near)
    hid, near = _POOL_MEMO["hid"], _POOL_MEMO["near"]
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
    from ..engine import IllegalOrder
    from ..engine.dice import fresh_like
    from ..engine.errors import SaveError
    from ..engine.record import apply_commands

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
    from .random import random_completion

    units = sorted({lo.unit for lo in twin.legal_orders(enemy) if lo.kind == "place"})
    for j in rng.permutation(len(units)):
        choices = []
        for lo in twin.legal_orders(enemy, units[int(j)]):
            if lo.kind != "place":
                continue
            if len(lo.needs) == 1:  # (a placement's one open choice: a hex, offset or seat)
                need = lo.needs[0]
                choices.extend(lo.complete(**{need.name: o}) for o in need.options)
            else:
                choices.append(random_completion(lo, rng))
        choices = [o for o in choices if o is not None]
        if choices:
            twin.order(choices[int(rng.integers(len(choices)))])


SAMPLERS["skirmish"] = "hexplay.ai.samplers:skirmish_resample"
SAMPLERS["ambush"] = "hexplay.ai.samplers:skirmish_resample"  # (AMBUSH is SKIRMISH + options)


# --- the naval night action (from hexplay.games.naval's state, drawn from the side's view) --
NAVAL_BAND = 3
"""Unspotted enemy ships are drawn among the sea hexes just beyond the side's spotting range:
from ``spotting_range + 1`` to ``spotting_range + NAVAL_BAND`` hexes of its nearest ship afloat
(the enemy it has lost sight of is likely still close)."""


def _naval_pool(game: Any, side: str) -> list[Any]:
    """Free sea hexes beyond spotting range of ``side``'s ships (:data:`NAVAL_BAND`), in a
    fixed order; all free sea hexes if the band is empty."""
    from ..games.naval.game import waters_of

    r = game.scenario.spotting_range
    own = [s.hex for s in game.ships.values() if s.side == side and s.afloat and s.hex]
    units = game.view(side)["units"]
    known = {s.hex for s in game.ships.values() if s.hex and s.id in units}
    sea = sorted(waters_of(game.map).sea - known, key=lambda h: (h.q, h.r))
    if not own:
        return sea
    q = np.array([h.q for h in sea])[:, None]
    rr = np.array([h.r for h in sea])[:, None]
    oq = np.array([h.q for h in own])[None, :]
    orr = np.array([h.r for h in own])[None, :]
    d = ((np.abs(q - oq) + np.abs(rr - orr) + np.abs(q + rr - oq - orr)) // 2).min(axis=1)
    band = [h for h, x in zip(sea, d) if r < x <= r + NAVAL_BAND]
    return band or sea


def naval_resample(game: Any, side: str, rng: np.random.Generator) -> Any:
    """The naval game's sampler: the enemy ships ``side`` has not spotted sail elsewhere.

    Once orders are given this turn, the enemy's secret plot is drawn anew
    (:func:`resample_plot`). Otherwise each unspotted enemy ship afloat is put on a free sea
    hex drawn from :func:`_naval_pool` (just beyond spotting range; where it really is plays
    no part, so two states the side cannot tell apart give the same sample), and the copy is
    kept only if rule (b) spotting (ships within spotting range) comes out as before and
    ``view(side)`` is unchanged (:data:`SAMPLER_TRIES` draws, else an unchanged copy).
    """
    from ..games.naval.spotting import spotted_in_range

    cmds = game.commands.commands
    if len(cmds) > game.commands.marks.get(game.turn, len(cmds)):
        return resample_plot(game, side, rng)
    truth = game.view(side)
    hidden = sorted(
        s.id
        for s in game.ships.values()
        if s.side != side and s.afloat and s.hex is not None and s.id not in truth["units"]
    )
    if not hidden:
        return rollout_copy(game)
    pool = _naval_pool(game, side)
    for _ in range(SAMPLER_TRIES):
        twin = rollout_copy(game)
        picks = rng.choice(len(pool), size=min(len(hidden), len(pool)), replace=False)
        for sid, j in zip(hidden, picks):
            twin.ships[sid].hex = pool[int(j)]
        rule_b = spotted_in_range(twin.ships.values(), twin.scenario.spotting_range)
        if rule_b == game.spotted_b and twin.view(side) == truth:
            return twin
    return rollout_copy(game)


SAMPLERS["naval"] = "hexplay.ai.samplers:naval_resample"


# --- AGGRESSOR (from hexplay.games.aggressor's state, drawn from the side's view) -----------
def unobservable_hexes(game: Any, side: str) -> list[int]:
    """The hexes (indices) where ``side`` could not have seen an enemy unit this turn, from its
    own units only: farther than each own unit's full range (its type's, not its current one)
    plus the hexes it has moved this turn from the hex it began the turn on (every hex it
    entered is within ``moved`` of that hex), and farther than that range from where it is.
    Range-0 units observe nothing. A conservative superset of what the side observed (recon
    and prospecting fire, which reveal single hexes, are not subtracted)."""
    from ..games.aggressor.units import UNIT_TYPES

    dist = game.board.dist
    reach = []
    for u in game.units.values():
        if u.side != side or not u.alive:
            continue
        r = UNIT_TYPES[u.type].range
        if r <= 0:
            continue
        reach.append((dist[u.hex], r))
        if u.start_hex >= 0:
            reach.append((dist[u.start_hex], r + u.moved))
    return [h for h in range(game.board.size) if all(row[h] > r for row, r in reach)]


AGGRESSOR_HOME_WEIGHT = 4.0
"""How much likelier, per hex, an unseen enemy unit is drawn in its own territory (and on the
border) than in the side's: a prior (designed, not from the rules) for an army that sets up at
home and fights over the border; the draw never reads where the units really are."""


def aggressor_kills_reported(game: Any, side: str) -> int:
    """How many enemy units ``side`` has been told it eliminated: its own combat reports
    (``attack`` events as the attacker sees them) whose result is "eliminated". These are
    the only enemy eliminations it is told of: an enemy unit lost to anti-aircraft fire, a CBR
    hex or a supply transfer is reported to its owner only (``eliminate``'s event)."""
    n = 0
    for e in game.log.events:
        if e.kind == "attack":
            d = e.for_side(side)
            if d is not None and d.get("side") == side and d.get("result") == "eliminated":
                n += 1
    return n


def aggressor_alive_sample(game: Any, side: str) -> list[Any]:
    """The enemy units (sorted by id) that are alive in ``side``'s samples: every enemy unit
    placed (each army has ``army_size``, which the view shows) less as many as its combat
    reports say it eliminated (:func:`aggressor_kills_reported`), never who is really alive.

    Which ids count as the ones it eliminated: for the side to act, the enemy units it knows of
    this turn (``known``, rebuilt from the living at its observation phase) that are gone, i.e.
    killed by its own attacks this turn (in its own turn only its attacks eliminate enemy
    units, each reported to it; their hexes were known); its kills of earlier turns are the
    last ids (in id order, a canonical choice: ids are labels, an unseen unit's type and hex
    are drawn anyway) among the enemy units it does not know of now. For the side not to act
    (its view is its snapshot of its last turn), the last ids among those the snapshot does not
    name. An enemy unit really eliminated but not reported is thus revived in the sample."""
    enemies = sorted((u for u in game.units.values() if u.side != side), key=lambda u: u.id)
    kills = aggressor_kills_reported(game, side)
    if game.current == side:
        known = game.known[side]
        gone = {k for k in known if not game.units[k].alive}
        keep = set(known)
    else:
        shown = game.view(side)["units"]
        gone = set()
        keep = {k for k, d in shown.items() if d["side"] != side and "type" in d}
    rest = [u.id for u in enemies if u.id not in keep]
    more = max(0, min(kills - len(gone), len(rest)))
    dead = gone | set(rest[len(rest) - more :])
    return [u for u in enemies if u.id not in dead]


def aggressor_resample(game: Any, side: str, rng: np.random.Generator) -> Any:
    """AGGRESSOR's sampler: the enemy units whose type ``side``'s view does not show are drawn
    anew from the side's knowledge, never from where or what they really are, nor from which
    of them are really alive.

    - *Which are alive*: :func:`aggressor_alive_sample`: the enemy's army less the units the
      side's own combat reports say it eliminated; a unit eliminated without the side being
      told (anti-aircraft, CBR, supply losses) is revived in the sample as any other unseen
      unit (drawn hex and type, full range and strength), and a unit alive but counted among
      the side's kills of earlier turns (by the canonical choice of ids) is taken off.
    - *Positions*: an enemy unit the view shows (an alias ``?hex``: unidentified, or "Nuked"
      in a CBR hex) keeps that hex. Each enemy unit the side does not know of is put on a hex
      drawn from ``rng`` among the free hexes it could not have observed this turn
      (:func:`unobservable_hexes`; not a CBR hex, not a hex of a unit the view shows),
      weighted :data:`AGGRESSOR_HOME_WEIGHT` to 1 for the enemy's territory and the border.
    - *Types*: the prior is the scripted computer's army of the scenario's size
      (:func:`~hexplay.games.aggressor.setup.army_plan`) less the types of the enemy units the
      view identifies; the units drawn get types dealt at random from it (the army padded with
      the plan again should the identified units exceed it), at full range and strength, not
      launched.
    - *State*: every drawn unit is emplaced where it stands (``start_hex`` = its hex, which is
      always consistent with its not being identified: emplacement only hinders
      identification), counts as unseen by the side last turn (may ambush) and did not enter
      its CBR hex voluntarily.

    For a side that is not to act (its view is its snapshot of the end of its last turn) no
    enemy's hex now is known: every enemy unit is drawn, on any free hex but a CBR hex, and
    those it identified then (named by id in the snapshot) keep their type and the range,
    strength and launch the snapshot shows (not what they may have lost since, unseen).

    The sample is kept only if ``view(side)`` and ``legal_orders(side)`` are unchanged, else
    drawn again; after :data:`SAMPLER_TRIES` draws an unchanged copy. What is left of the true
    state: the ids of the enemy units the side knows of (as labels: an alias ``?hex`` is the
    engine's unit at that hex), and the enemy's own knowledge (``known``/``last_seen``/
    ``carried`` of the other side), per-turn flags of units it does not see and event log,
    which the side's rollouts do not read.

    In the set-up the enemy's placements are hidden whole: see :func:`aggressor_setup_resample`."""
    if game.phase == "setup":
        return aggressor_setup_resample(game, side, rng)
    from ..games.aggressor.setup import army_plan
    from ..games.aggressor.units import UNIT_TYPES, Unit

    truth = game.view(side)
    legal = game.legal_orders(side)
    board = game.board
    known = game.known[side]
    shown = truth["units"]
    typed = [d["type"] for d in shown.values() if d["side"] != side and "type" in d]
    alive = aggressor_alive_sample(game, side)
    living = {u.id for u in alive}
    hidden = [u for u in alive if not (u.id in shown and "type" in shown[u.id])]
    acting = game.current == side
    # the sample's alive enemy units that are drawn: those it does not know of (the acting
    # side), every one (the side not to act: no enemy's hex now is known)
    unseen = [u for u in alive if u.id not in known] if acting else alive
    killed = [  # really alive, but counted among the side's kills: taken off
        u for u in game.units.values() if u.side != side and u.alive and u.id not in living
    ]
    revived = [u for u in alive if not u.alive]  # really gone, not known to be
    named = [] if acting else [u.id for u in alive if u.id in shown and "type" in shown[u.id]]
    if not unseen and not hidden and not killed:  # (the side not to act: unseen is every unit)
        return rollout_copy(game)
    pool = army_plan(truth["army_size"])
    for t in typed:
        if t in pool:
            pool.remove(t)
    if len(pool) < len(hidden):
        pool += army_plan(len(hidden) - len(pool))
    if acting:
        taken = {board.index_of[d["hex"]] for d in shown.values()}
        out_of_sight: Any = unobservable_hexes(game, side)
    else:
        taken = {board.index_of[d["hex"]] for d in shown.values() if d["side"] == side}
        out_of_sight = range(board.size)
    free = [h for h in out_of_sight if h not in taken and h not in game.cbr]
    if len(free) < len(unseen):
        return rollout_copy(game)
    w = np.array([1.0 if board.territory[h] == side else AGGRESSOR_HOME_WEIGHT for h in free])
    fresh = {f: getattr(Unit, f) for f in ("moved", "tried", "immobile", "attacked")}
    fresh |= {f: getattr(Unit, f) for f in ("feature", "frozen", "stopped")}
    for _ in range(2 * SAMPLER_TRIES):
        hexes = rng.choice(len(free), len(unseen), replace=False, p=w / w.sum())
        types = rng.choice(len(pool), len(hidden), replace=False)
        twin = rollout_copy(game)
        for u in (*unseen, *killed):
            if u.alive and twin.at.get(u.hex) == u.id:
                del twin.at[u.hex]
        for u in killed:
            t = twin.units[u.id]
            t.alive, t.str = False, 0
        for u in revived:
            t = twin.units[u.id]
            t.alive = True
            for f, v in fresh.items():
                setattr(t, f, v)
        for u, k in zip(unseen, hexes):
            t = twin.units[u.id]
            t.hex = free[int(k)]
            twin.at[t.hex] = t.id
        for u in {*unseen, *hidden}:
            t = twin.units[u.id]
            t.start_hex, t.emplaced, t.cbr_entered = t.hex, True, -1
            t.began_in_enemy = board.territory[t.hex] == side
        for u, k in zip(hidden, types):
            t = twin.units[u.id]
            ut = UNIT_TYPES[pool[int(k)]]
            t.type, t.rng, t.str, t.launched, t.unseen = ut.name, ut.range, ut.strength, False, True
        for uid in named:  # as the snapshot shows them, not as they may be now
            t, d = twin.units[uid], shown[uid]
            t.rng, t.str, t.launched = d["range"], d["strength"], d["display"] != d["type"]
        for u in unseen:  # the enemy's per-turn flags of units the side does not see
            t = twin.units[u.id]
            for f, v in fresh.items():
                setattr(t, f, v)
        _enemy_knowledge_drawn(twin, side)
        if twin.view(side) == truth and twin.legal_orders(side) == legal:
            return twin
    return rollout_copy(game)


def _enemy_knowledge_drawn(twin: Any, side: str) -> None:
    """The enemy's knowledge of ``side``'s units in a sample made from the side's knowledge:
    what the enemy units, where the sample put them, observe and identify of the side's units
    now (:func:`~hexplay.games.aggressor.observation.observe`, nothing carried over), and its
    snapshot of them stamped this turn. The true ``known`` / ``carried`` / ``last_seen`` of the
    enemy came from where its units really stood, which the side does not know."""
    from ..games.aggressor.observation import observe
    from ..games.aggressor.views import known_enemies

    enemy = twin.other(side)
    twin.carried[enemy] = set()
    twin.known[enemy], newly = observe(twin, enemy)
    twin.carried[enemy] = set(newly)
    seen = known_enemies(twin, enemy)
    for d in seen.values():
        d["last_seen"] = twin._turn
    twin.last_seen[enemy] = seen


def aggressor_setup_resample(game: Any, side: str, rng: np.random.Generator) -> Any:
    """AGGRESSOR in the set-up: the enemy's set-up drawn anew. ``side`` sees only whether the
    enemy has submitted its set-up (none of its units, not even how many it has placed), so the
    twin is the game replayed with ``side``'s own set-up commands and, for an enemy that has
    submitted, an army placed by the computer's set-up
    (:func:`~hexplay.games.aggressor.setup.computer_setup`, the opponent model's army, rows
    from ``rng``) and submitted; an enemy that has not is shown placing nothing yet. The
    draw reads the view only (the true enemy set-up, even its army, plays no part)."""
    from ..engine import Order
    from ..engine.dice import fresh_like
    from ..engine.record import apply_commands
    from ..games.aggressor.setup import computer_setup

    done = game.view(side)["setup_done"]
    twin = type(game)._fresh(game.scenario_dict(), game.map, fresh_like(game.dice))
    for enemy in game.sides:
        if enemy != side and done.get(enemy):
            for t, h in computer_setup(twin.view(enemy), twin.map, rng):
                twin.order(Order(enemy, "place", None, {"type": t, "hex": h}))
            twin.submit(enemy)
    own = [c for c in game.commands.to_list() if c["args"].get("side") == side]
    apply_commands(twin, own)
    return twin


SAMPLERS["aggressor"] = "hexplay.ai.samplers:aggressor_resample"
