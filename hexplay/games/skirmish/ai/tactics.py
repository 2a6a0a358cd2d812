"""Tactic-parameterized SKIRMISH players: behaviour set by named knobs a sweep can vary.

Both players build on :class:`hexplay.games.skirmish.ai.base.Player`: they decide from their side's
view
(``game.view(side)``: own units, enemies seen, the ambush point), the public map and the odds a
human would see in the odds panel (``game.odds``), and act only through ``plot``/``place``/
``submit``, so every order is validated by the engine.

Adversary knobs (:data:`ADVERSARY_KNOBS`):

* ``workers`` — men assigned to barrier work (they head for the transporter's hex and work
  from turn 2); ``replace_workers`` — fit covering men take the place of disabled workers.
* ``shooters`` — covering shooters at stations (None: every man who is not a worker);
  the rest wait at their stations and join as replacements.
* ``station_range`` — preferred distance (hexes) of the shooters' stations from the
  transporter; ``station_cover`` — their preference: ``"trees"``, ``"slope"`` (a hex behind a
  slope hexside), ``"open"`` (clear fields of fire) or ``"any"``.
* ``worker_start`` — distance from the transporter at which the workers start.
* ``assault_turn`` — first turn the workers may head for the vault; ``wait_for_crew`` — they
  also wait (and fire) while a defender is seen alive in the transporter or its hex.
* ``fire_priority`` — ``"best_odds"`` (most likely to kill or wound), ``"nearest"``,
  ``"wounded"`` (finish wounded men first) or ``"threat"`` (defenders closest to the vault).
* ``min_hit`` — least P(kill or wound) worth a shot.

Defender knobs (:data:`DEFENDER_KNOBS`):

* ``escort_mode`` — ``"close"``: escorts drive toward the transporter and stop
  ``dismount_distance`` hexes from it; ``"hold"``: they stop where they are.
* ``dismount`` — men leave stopped escorts (else they fight from inside).
* ``foot_mode`` — dismounted guards ``"advance"`` toward the transporter until within
  ``engage_range`` hexes, or ``"hold"`` where they got out.
* ``transporter_crew`` — ``"stay"`` inside (fire from the cab) or ``"dismount"``.
* ``fire_priority`` — ``"workers"`` (men in the transporter's hex first), ``"best_odds"``,
  ``"nearest"`` or ``"wounded"``; ``fire`` — False: guards never fire (a sanity baseline).
* ``min_hit`` — least P(kill or wound) worth a shot.

:func:`make_players` builds the pair from a ``tactics`` dict ``{"adversary": {...},
"defender": {...}}``; unknown knobs or values raise ``ValueError`` naming them.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from functools import lru_cache
from typing import Any

import numpy as np

from ..terrain import Terrain
from .base import Player

ADVERSARY_KNOBS: dict[str, Any] = {
    "workers": 3,
    "replace_workers": True,
    "shooters": None,
    "station_range": 4,
    "station_cover": "trees",
    "worker_start": 2,
    "assault_turn": 1,
    "wait_for_crew": True,
    "fire_priority": "best_odds",
    "min_hit": 1 / 6,
}
"""The adversary's tactic knobs and their defaults (sweep keys ``adversary.<knob>``)."""
DEFENDER_KNOBS: dict[str, Any] = {
    "escort_mode": "close",
    "dismount_distance": 3,
    "dismount": True,
    "foot_mode": "advance",
    "engage_range": 3,
    "transporter_crew": "stay",
    "fire_priority": "workers",
    "fire": True,
    "min_hit": 1 / 6,
}
"""The defender's tactic knobs and their defaults (sweep keys ``defender.<knob>``)."""
CHOICES: dict[str, tuple[str, ...]] = {
    "adversary.station_cover": ("trees", "slope", "open", "any"),
    "adversary.fire_priority": ("best_odds", "nearest", "wounded", "threat"),
    "defender.escort_mode": ("close", "hold"),
    "defender.foot_mode": ("advance", "hold"),
    "defender.transporter_crew": ("stay", "dismount"),
    "defender.fire_priority": ("workers", "best_odds", "nearest", "wounded"),
}
DF_AP = 5
"""AP of one direct fire (Table II); a wounded man pays double."""
OVERKILL = 0.6
"""Each shot already aimed at a target multiplies its score by this (spreads the fire)."""
MAX_MV_HEXES = 60
"""Hexes a vehicle covers with 10 AP (1/6 AP a hex)."""
MAX_FIRE_RANGE = 30
"""Longest range with a non-zero attack strength (rifle, Table V); farther targets are skipped."""


def check_knobs(side: str, knobs: Mapping[str, Any] | None) -> dict[str, Any]:
    """Defaults filled in; ValueError on an unknown knob or value."""
    defaults = ADVERSARY_KNOBS if side == "adversary" else DEFENDER_KNOBS
    knobs = dict(knobs or {})
    bad = [k for k in knobs if k not in defaults]
    if bad:
        raise ValueError(f"unknown {side} tactic knob(s) {bad}; knobs are {sorted(defaults)}")
    out = {**defaults, **knobs}
    for k, v in out.items():
        allowed = CHOICES.get(f"{side}.{k}")
        if allowed is not None and v not in allowed:
            raise ValueError(f"{side}.{k} = {v!r}: choose one of {list(allowed)}")
    ints = ("workers", "station_range", "worker_start", "assault_turn")
    for k in (*ints, "dismount_distance", "engage_range"):
        if k in out and (type(out[k]) is not int or out[k] < 0):
            raise ValueError(f"{side}.{k} takes an integer >= 0, not {out[k]!r}")
    for k in ("replace_workers", "wait_for_crew", "dismount", "fire"):
        if k in out and not isinstance(out[k], bool):
            raise ValueError(f"{side}.{k} takes true or false, not {out[k]!r}")
    if out.get("shooters") is not None and (
        type(out["shooters"]) is not int or out["shooters"] < 0
    ):
        raise ValueError(f"{side}.shooters takes an integer >= 0 or null, not {out['shooters']!r}")
    mh = out["min_hit"]
    if isinstance(mh, bool) or not isinstance(mh, int | float) or not 0 <= mh <= 1:
        raise ValueError(f"{side}.min_hit takes a probability from 0 to 1, not {mh!r}")
    if side == "defender" and out["dismount_distance"] < 1:
        raise ValueError("defender.dismount_distance must be >= 1 (escorts cannot enter T's hex)")
    return out


# --- helpers shared by both players ------------------------------------------------------
def _own_men(view: dict[str, Any], side: str) -> list[dict[str, Any]]:
    return sorted(
        (
            u
            for u in view["units"].values()
            if u.get("kind") == "man" and u.get("side") == side and u.get("condition") != "K"
        ),
        key=lambda u: (len(u["id"]), u["id"]),
    )


def _enemy_men(view: dict[str, Any], side: str) -> list[dict[str, Any]]:
    return [
        u
        for u in view["units"].values()
        if u.get("kind") == "man"
        and u.get("side") != side
        and u.get("condition") != "K"
        and u.get("hex")
    ]


def tables_for(game) -> Terrain:
    """The per-map table the players share with the rules (:class:`Terrain`: distances,
    reachability, tree and slope masks, memo), built once per map."""
    return game.terrain


def _path_toward(
    game, start: str | None, goal: str, budget: Fraction, wounded: bool, stop_at: int = 0
) -> list[str]:
    """Affordable path (labels, start excluded) ending as close to ``goal`` as possible, but
    not closer than ``stop_at`` hexes (cheapest among equals); [] if no move gets closer."""
    if start is None or budget <= 0:
        return []
    tb = tables_for(game)
    dgoal = tb.dist_from(goal)
    here = int(dgoal[tb.index[start]])
    if here <= stop_at:
        return []
    reach = tb.reachable(start, budget / (2 if wounded else 1))
    ok = reach.reachable
    d = np.maximum(dgoal, stop_at)
    cost = reach.cost_units
    big = int(cost[ok].max()) + 1
    key = np.where(ok, d.astype(np.int64) * big + np.where(ok, cost, 0), np.iinfo(np.int64).max)
    best = int(np.argmin(key))
    if int(d[best]) >= here:
        return []
    return [tb.map.label(h) for h in reach.path_to(tb.map.hexes[best])[1:]]


@lru_cache(maxsize=64)
def _min_hit(value: Any) -> Fraction:
    """The ``min_hit`` knob as an exact fraction (a float like 0.15 read as 3/20)."""
    return Fraction(value).limit_denominator(1000)


def _best_shot(opts: list[dict[str, Any]], aimed: dict[str, int]) -> dict[str, Any]:
    """The option of best score, each shot already aimed at a target discounting it by
    ``OVERKILL``."""
    return max(
        opts, key=lambda o: (o["score"][0] * OVERKILL ** aimed.get(o["id"], 0), o["score"][1:])
    )


class TacticalPlayer(Player):
    """Shared fire selection; subclasses set ``side`` and plan the rest."""

    side_name = ""

    def __init__(self, seed: int = 0, **knobs: Any) -> None:
        super().__init__(self.side_name, seed)
        self.knobs = check_knobs(self.side_name, {})
        self.set_knobs(**knobs)

    def set_knobs(self, **knobs: Any) -> None:
        """Change some knobs (the rest kept; checked as :func:`check_knobs` does, a bad one
        changes nothing); takes effect from the next decision. The search player's hook
        (:func:`hexplay.ai.search.knob_variant`)."""
        self.knobs = check_knobs(self.side_name, {**self.knobs, **knobs})
        self.min_hit = _min_hit(self.knobs["min_hit"])
        self._min_hit_nd = (self.min_hit.numerator, self.min_hit.denominator)

    def _options(
        self, game, view: dict[str, Any], uid: str, targets: list[dict[str, Any]]
    ) -> list[dict[str, Any]]:
        """The odds-panel figures of every target worth a shot (out-of-range ones skipped).

        Each option also carries ``p`` = float(K + W/2), computed exactly with integers."""
        out: list[dict[str, Any]] = []
        here = view["units"].get(uid, {}).get("hex")
        if here is None:
            return out
        tb = tables_for(game)
        near = tb.dist_from(here)
        index = tb.index
        odds = game.odds
        mn, md = self._min_hit_nd
        for t in targets:
            if near[index[t["hex"]]] > MAX_FIRE_RANGE:
                continue
            tid = t["id"]
            o = odds(uid, tid, hexes_moved=0)
            if not o.get("possible"):
                continue
            k, w = o["K"], o["W"]
            kn, kd, wn, wd = k.numerator, k.denominator, w.numerator, w.denominator
            # K + W >= min_hit, exactly (denominators are positive)
            if (kn * wd + wn * kd) * md >= mn * kd * wd:
                out.append(
                    {
                        "id": tid,
                        "K": k,
                        "W": w,
                        "range": o["range"],
                        "unit": t,
                        # float(K + W/2): int/int true division is correctly rounded, so it
                        # equals float of the reduced Fraction
                        "p": (2 * kn * wd + wn * kd) / (2 * kd * wd),
                    }
                )
        return out

    def _score(self, o: dict[str, Any], view: dict[str, Any]) -> tuple:
        """Sort key of a shot option by the ``fire_priority`` knob; sides add their own."""
        p = o["p"]
        pr = self.knobs["fire_priority"]
        if pr == "nearest":
            return (1.0 / (1 + o["range"]), p)
        if pr == "wounded":
            return ((2.0 if o["unit"].get("condition") == "W" else 1.0) * p, -o["range"])
        side_key = self._side_score(pr, o, view)
        return side_key if side_key is not None else (p, -o["range"])

    def _side_score(self, pr: str, o: dict[str, Any], view: dict[str, Any]) -> tuple | None:
        return None

    def _fire(
        self,
        game,
        view: dict[str, Any],
        uid: str,
        targets: list[dict[str, Any]],
        shots: int,
        aimed: dict[str, int],
    ) -> int:
        """Plot up to ``shots`` DF tasks at the best-scored targets; returns how many."""
        if shots <= 0 or not targets:
            return 0
        opts = self._options(game, view, uid, targets)
        for o in opts:
            o["score"] = self._score(o, view)
        if not opts:
            return 0
        # the choices of the loop below if every shot is legal, plotted at once when they are
        picks: list[str] = []
        more = dict(aimed)
        for _ in range(shots):
            best = _best_shot(opts, more)
            picks.append(best["id"])
            more[best["id"]] = more.get(best["id"], 0) + 1
        if self.try_plot_tasks(game, uid, [{"code": "DF", "target": t} for t in picks]):
            aimed.update(more)
            return len(picks)
        done = 0
        for _ in range(shots):
            if not opts:
                break
            best = _best_shot(opts, aimed)
            if not self.try_plot(game, uid, "DF", target=best["id"]):
                opts.remove(best)
                continue
            aimed[best["id"]] = aimed.get(best["id"], 0) + 1
            done += 1
        return done

    def _plot_each(self, game, uid: str, tasks: list[dict[str, Any]]) -> None:
        """Plot each of ``tasks`` in order if legal, skipping the ones the rules refuse (all
        in one call when they are all legal)."""
        if len(tasks) > 1 and self.try_plot_tasks(game, uid, tasks):
            return
        for t in tasks:
            self.try_plot(game, uid, **t)

    def _shots(self, game, uid: str, wounded: bool, reserve: int = 0) -> int:
        # floor((left - reserve) / shot cost) in integers (left: an int or a Fraction)
        left = game.ap_left(self.side, uid)
        n, d = left.numerator, left.denominator
        return max(0, (n - reserve * d) // (d * DF_AP * (2 if wounded else 1)))


class TacticalAdversary(TacticalPlayer):
    """Barrier workers plus covering shooters at stations (see the module docstring)."""

    side_name = "adversary"

    def __init__(self, seed: int = 0, **knobs: Any) -> None:
        super().__init__(seed, **knobs)
        self.workers: list[str] = []
        self.shooters: list[str] = []
        self.stations: dict[str, str] = {}

    # --- set-up ---------------------------------------------------------------------------
    def setup(self, game) -> None:
        rng = self.rng
        if not game.route:
            names = sorted(k for k in game.map.places if k.lower().startswith("route"))
            game.choose_route(game.scenario.route or names[int(rng.integers(len(names)))])
        if game.ambush is None:
            n = len(game.route)
            lo, hi = n // 4, max(n // 4 + 1, 3 * n // 4)
            game.place_ambush(game.scenario.ambush or game.route[int(rng.integers(lo, hi))])
        view = game.view(self.side, events=False)
        men = [u["id"] for u in _own_men(view, self.side)]
        k = self.knobs
        nw = min(k["workers"], len(men))
        self.workers = men[:nw]
        rest = men[nw:]
        ns = len(rest) if k["shooters"] is None else min(int(k["shooters"]), len(rest))
        th = game.ambush
        fixed = game.scenario.adversary_start
        station_hexes = self._station_hexes(game, th, k["station_range"], k["station_cover"])
        worker_hexes = self._station_hexes(game, th, k["worker_start"], "trees")
        for i, uid in enumerate(self.workers):
            game.place(uid, fixed.get(uid, worker_hexes[i % len(worker_hexes)]))
        for i, uid in enumerate(rest):
            # shooters take the best stations; reserves the next ones
            h = station_hexes[i % len(station_hexes)]
            self.stations[uid] = h
            game.place(uid, fixed.get(uid, h))
        self.shooters = rest[:ns]

    def _station_hexes(self, game, th: str, rng_hexes: int, cover: str) -> list[str]:
        """Hexes about ``rng_hexes`` from the transporter that see it, best cover first (ties
        broken at random)."""
        tb = tables_for(game)
        blk = game.known_blockers(self.side)  # only vehicles the side may know of
        d = tb.dist_from(th)
        key = ("stations", th, rng_hexes, tuple(game.route), blk)
        cands = tb.memo.get(key)
        if cands is None:  # a pure function of the map and the key's facts
            cands = self._station_candidates(game, tb, th, rng_hexes, blk)
            tb.remember(key, cands)
        if cover == "trees":
            pref = tb.trees
        elif cover == "slope":
            pref = tb.slope_hex
        elif cover == "open":
            pref = ~tb.trees
        else:
            pref = np.ones(len(tb.labels), dtype=bool)
        noise = self.rng.random(len(cands))
        order = sorted(
            range(len(cands)),
            key=lambda j: (not pref[cands[j]], abs(int(d[cands[j]]) - rng_hexes), noise[j]),
        )
        return [tb.labels[cands[j]] for j in order]

    @staticmethod
    def _station_candidates(game, tb: Terrain, th: str, rng_hexes: int, blk) -> list[int]:
        """Hex indices off the route about ``rng_hexes`` from ``th`` that see it (any near
        hexes off the route if none does)."""
        terr = game.terrain
        d = tb.dist_from(th)
        lo, hi = max(1, rng_hexes - 1), rng_hexes + 1
        route = set(game.route)
        cands = [
            int(i)
            for i in np.flatnonzero((d >= lo) & (d <= hi))
            if tb.labels[i] not in route and terr.sees(tb.labels[i], th, blk)
        ]
        if not cands:
            cands = [
                int(i)
                for i in np.flatnonzero((d >= 1) & (d <= max(2, rng_hexes)))
                if tb.labels[i] not in route
            ]
        return cands

    # --- turns ----------------------------------------------------------------------------
    def _adopt_roles(self, view: dict[str, Any], men: dict[str, dict[str, Any]]) -> None:
        """Joining a game in progress (e.g. win-probability continuations): the fit men
        nearest the transporter are the workers, the others shooters at their current hexes."""
        th = view["ambush"]
        on_map = [u for u in men.values() if u.get("hex")]
        order = sorted(
            on_map,
            key=lambda u: (u["condition"] != "fit", self._tables.dist(u["hex"], th), u["id"]),
        )
        nw = self.knobs["workers"]
        self.workers = [u["id"] for u in order[:nw] if u["condition"] == "fit"]
        rest = [u for u in on_map if u["id"] not in self.workers]
        self.stations = {u["id"]: u["hex"] for u in rest}
        ns = len(rest) if self.knobs["shooters"] is None else int(self.knobs["shooters"])
        self.shooters = [u["id"] for u in rest[:ns]]

    def _side_score(self, pr: str, o: dict[str, Any], view: dict[str, Any]) -> tuple | None:
        if pr == "threat":
            h = o["unit"].get("hex")
            d = self._dist(h, view["ambush"]) if h else 99
            return (o["p"] / (1 + d), -o["range"])
        return None

    def _dist(self, a: str, b: str) -> int:
        return self._tables.dist(a, b)

    def shared(self) -> tuple[Any, ...]:
        """The map's tables (:func:`tables_for`), once the player has planned: a copy shares
        them."""
        tables = getattr(self, "_tables", None)
        return () if tables is None else (tables,)

    def plan(self, game, view: dict[str, Any]) -> None:
        side, k = self.side, self.knobs
        self._tables = tables_for(game)
        th = view["ambush"]
        turn = view["turn"]
        men = {u["id"]: u for u in _own_men(view, side)}
        if not (self.workers or self.stations):
            self._adopt_roles(view, men)
        targets = _enemy_men(view, side)
        if turn == 1:  # §4: on turn 1 only the transporter's occupants may be fired upon
            targets = [t for t in targets if t.get("vehicle") == "T"]
        workers = [w for w in self.workers if w in men and men[w]["condition"] == "fit"]
        if k["replace_workers"] and len(workers) < k["workers"]:
            spare = sorted(
                (
                    u
                    for uid, u in men.items()
                    if uid not in workers and u["condition"] == "fit" and u.get("hex")
                ),
                key=lambda u: (self._dist(u["hex"], th), u["id"]),
            )
            for u in spare[: k["workers"] - len(workers)]:
                workers.append(u["id"])
                if u["id"] not in self.workers:
                    self.workers.append(u["id"])
        aimed: dict[str, int] = {}
        crew = any(t.get("vehicle") == "T" or t.get("hex") == th for t in targets)
        hold = turn < k["assault_turn"] or (k["wait_for_crew"] and crew)
        for uid in workers:
            u = men[uid]
            here = u.get("on_foot_hex") or u.get("hex")
            if hold and here != th:
                self._fire(game, view, uid, targets, self._shots(game, uid, False), aimed)
                continue
            if here == th:
                if turn >= 2 and self.try_plot(game, uid, "BW"):
                    continue
                self._fire(game, view, uid, targets, self._shots(game, uid, False), aimed)
                continue
            left = game.ap_left(side, uid)
            path = _path_toward(game, here, th, left, False)
            if path and not self.try_plot(game, uid, "MP", path=path):
                self.try_plot(game, uid, "MP", path=path[:1])
        for uid, u in men.items():
            if uid in workers:
                continue
            wounded = u["condition"] == "W"
            here = u.get("on_foot_hex") or u.get("hex")
            rearm = not u.get("armed", True) and here == u.get("laid_at")
            reserve = 2 * (2 if wounded else 1) if rearm else 0
            fired = 0
            if uid in self.shooters:  # reserves hold fire: they only replace workers
                fired = self._fire(
                    game, view, uid, targets, self._shots(game, uid, wounded, reserve), aimed
                )
            if fired == 0 and not rearm:
                goal = self.stations.get(uid, th)
                left = game.ap_left(side, uid)
                path = _path_toward(game, here, goal, left, wounded)
                if path and not self.try_plot(game, uid, "MP", path=path):
                    self.try_plot(game, uid, "MP", path=path[:1])
            if rearm:
                self.try_plot(game, uid, "RA")


_AV, _SV, _TV = {"code": "AV"}, {"code": "SV"}, {"code": "TV"}


def _mv(hexes: int) -> dict[str, Any]:
    return {"code": "MV", "hexes": hexes}


class TacticalDefender(TacticalPlayer):
    """Escorts close in or hold, guards dismount and fight (see the module docstring)."""

    side_name = "defender"

    def _side_score(self, pr: str, o: dict[str, Any], view: dict[str, Any]) -> tuple | None:
        if pr == "workers":
            at_t = o["unit"].get("hex") == view["ambush"]
            return ((3.0 if at_t else 1.0) * o["p"], -o["range"])
        return None

    def _drive(self, game, vid: str, v: dict[str, Any], tpos: int) -> bool:
        """Plot the escort's driving; True if it will be stopped (and was) this turn."""
        k = self.knobs
        pos, heading, moving = v["pos"], v["heading"], v["moving"]
        sign = 1 if pos > tpos else -1
        dest = pos if k["escort_mode"] == "hold" else tpos + sign * k["dismount_distance"]
        need = dest - pos
        toward = (need > 0) - (need < 0)
        n = abs(need)
        if moving:
            if need == 0 or heading != toward:
                if not self.try_plot(game, vid, "SV"):
                    self.try_plot(game, vid, "MV", hexes=1)
                return False
            if n <= 48:
                self._plot_each(game, vid, [_mv(n), _SV])
            else:
                self._plot_each(game, vid, [_mv(MAX_MV_HEXES)])
            return False
        if need == 0:
            return True
        if heading == toward:
            if n <= 36:
                self._plot_each(game, vid, [_AV, _mv(n), _SV])
            else:
                self._plot_each(game, vid, [_AV, _mv(min(n, 48))])
        elif n <= 6:
            self._plot_each(game, vid, [_TV, _AV, _mv(n), _SV])
        else:
            self._plot_each(game, vid, [_TV, _AV, _mv(min(n, 18))])
        return False

    def plan(self, game, view: dict[str, Any]) -> None:
        side, k = self.side, self.knobs
        th = view["ambush"]
        units = view["units"]
        tpos = units["T"]["pos"]
        parked: dict[str, bool] = {}
        for vid, v in units.items():
            if v.get("kind") != "escort" or v.get("controller") != side:
                continue
            parked[vid] = self._drive(game, vid, v, tpos)
        men = _own_men(view, side)
        targets = _enemy_men(view, side) if k["fire"] and view["turn"] >= 2 else []
        aimed: dict[str, int] = {}
        for u in men:
            uid = u["id"]
            wounded = u["condition"] == "W"
            veh = u.get("vehicle")
            if veh:
                vu = units.get(veh, {})
                if vu.get("moving"):
                    continue  # personnel in a moving vehicle cannot fire; riders just ride
                get_out = (
                    (veh == "T" and k["transporter_crew"] == "dismount")
                    or (veh != "T" and k["dismount"] and parked.get(veh, False))
                ) and vu.get("hex") is not None
                reserve = (1 + 2) * (2 if wounded else 1) if get_out else 0
                self._fire(
                    game, view, uid, targets, self._shots(game, uid, wounded, reserve), aimed
                )
                if get_out and self.try_plot(game, uid, "EV"):
                    self._move(game, uid, vu.get("hex"), th, wounded)
                continue
            n = self._shots(game, uid, wounded)
            fired = self._fire(game, view, uid, targets, n, aimed)
            if fired == 0:
                self._move(game, uid, u.get("hex"), th, wounded)

    def _move(self, game, uid: str, here: str | None, th: str, wounded: bool) -> None:
        k = self.knobs
        if k["foot_mode"] != "advance" or here is None:
            return
        left = game.ap_left(self.side, uid)
        path = _path_toward(game, here, th, left, wounded, stop_at=k["engage_range"])
        if path and not self.try_plot(game, uid, "MP", path=path):
            self.try_plot(game, uid, "MP", path=path[:1])


def make_players(
    tactics: Mapping[str, Mapping[str, Any]] | None = None, seed: int = 0
) -> tuple[TacticalAdversary, TacticalDefender]:
    """The two tactic players; their own random streams derive from ``seed``."""
    tactics = dict(tactics or {})
    bad = [s for s in tactics if s not in ("adversary", "defender")]
    if bad:
        raise ValueError(f"tactics are keyed by side ('adversary', 'defender'), not {bad}")
    adv = TacticalAdversary(seed=_player_seed(seed, 0), **dict(tactics.get("adversary") or {}))
    dfd = TacticalDefender(seed=_player_seed(seed, 1), **dict(tactics.get("defender") or {}))
    return adv, dfd


def _player_seed(seed: int, side: int) -> int:
    """A player's seed: distinct from the game's dice stream and from the other side's."""
    return (int(seed) * 2 + side) * 7919 + 104729


def tactic(side: str, seed: int = 0, **knobs: Any) -> TacticalPlayer:
    """The tactic player for ``side`` with ``knobs`` (registry factory ``f(side, seed=0)``)."""
    if side == "adversary":
        return TacticalAdversary(seed, **knobs)
    if side == "defender":
        return TacticalDefender(seed, **knobs)
    raise ValueError(f"SKIRMISH sides are 'adversary' and 'defender', not {side!r}")
