"""Computer players for the naval night action: the platform's random player and a scripted
one per side.

The scripted player decides from ``game.view(side)`` only (its ships, the enemy ships it may
see, the targets the rules allow, the public sea map and rules), plus the rules' own movement
functions applied to what it sees (face-down counters, unspotted enemy ships of which the view
gives the hex only, play no part in its plan):

* **Formation**: the first afloat ship leads; every other ship follows the ship ahead of it in
  the line (steering for the hex that ship held at the start of the turn), at the squadron's
  speed (the slowest ship still making 3 or more), so the column turns in succession.
* **Range**: the leader picks one of a few manoeuvres (turn 0-2 hexsides either way in the
  first hex or the last, or reverse course, the rest ahead) by a score: the USN keeps its guns'
  best band (6 hexes, 9 while enemy tubes are loaded); the IJN closes to its torpedoes'
  primary range while its tubes are loaded and opens the range otherwise. On a transport
  mission (troops aboard, Kula Gulf) the whole IJN squadron retires to the nearest map edge
  away from the enemy, out of spotting range where it can, torpedoing on the way; without
  troops (Horaniu) only damaged ships or ships with empty tubes retire, and never before the
  scenario allows leaving. Land and the map edge ahead are avoided, and so is *torpedo water*:
  end hexes within the primary torpedo range of an enemy ship with loaded tubes (enemies
  predicted by dead reckoning: speed hexes ahead).
* **Fire**: gunnery and torpedoes are given greedily, ship by ship, to the target where they add
  the most expected damage (hits weighted by the target's victory points, a torpedo sinking
  worth three hits), at predicted ranges; torpedo battles below 1-2 odds are not fired.

Its knobs (:data:`KNOBS`, :data:`PLAN_KNOBS`) change the ranges it keeps and its plan (run,
fight, break the line, flank speed, focus or hold fire): the search player's candidates
(:mod:`hexplay.games.naval.ai.plans`). With the defaults it is the player described above.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from hexplay.ai.player import GamePlayer
from hexplay.ai.random import RandomPlayer
from hexplay.engine import Order
from hexplay.hexgrid import DIRECTIONS, Hex, distance

from .. import crt
from .. import torpedo as torp
from ..movement import FACINGS, Waters
from ..scenarios import Sea, map_of_sea

_WATERS: dict[tuple, tuple[Any, Waters]] = {}
_HAZARDS: dict[int, dict] = {}
_MOVES: dict[int, dict] = {}
_EDGES: dict[int, dict] = {}
_HEX_OF: dict[int, dict[str, Hex]] = {}
"""Per-map memos (the maps live in ``_WATERS`` for the process, so their ids stay theirs)."""
VALUE = {"CL": 6, "DD": 3}
"""Victory points a sinking is worth (the scenario schedule) as the target weight."""
KNOBS: dict[str, int] = {"gun_band": 6, "threat_band": 9, "torpedo_offset": 0, "stand_off": 12}
"""The scripted player's range knobs and defaults (``NavalScripted(side, seed, **knobs)``):
the USN's preferred range to the nearest enemy (``threat_band`` while enemy tubes are loaded);
the IJN closes to its primary torpedo range plus ``torpedo_offset`` while its tubes are
loaded, and opens to ``stand_off`` hexes otherwise (the search player's variants change
them)."""
PLAN_KNOBS: dict[str, tuple[str, ...]] = {
    "mission": ("scripted", "fight", "run"),
    "formation": ("line", "loose"),
    "speed": ("squadron", "flank", "slow"),
    "fire": ("spread", "focus", "hold"),
}
"""The scripted player's plan knobs and their values, the first of each its default (the
plans of :mod:`hexplay.games.naval.ai.plans`, which says what each does and why):

* ``mission``: ``scripted`` (as above), ``fight`` (no ship retires while undamaged with loaded
  tubes), ``run`` (every ship retires now, when the scenario allows leaving);
* ``formation``: ``line`` (the column follows its leader), ``loose`` (every ship its own);
* ``speed``: ``squadron`` (as above), ``flank`` (toward top speed), ``slow`` (toward
  :data:`SLOW`);
* ``fire``: ``spread`` (the greedy plan), ``focus`` (every gun that reaches it on one
  target), ``hold`` (no gunnery: torpedoes only)."""
DEFAULT_PLAN: dict[str, str] = {k: v[0] for k, v in PLAN_KNOBS.items()}
SLOW = 3
"""The ``slow`` plan's speed (the scripted squadron's lowest: ships making 3 or more)."""


def _waters(sea: dict[str, Any]) -> tuple[Any, Waters]:
    """The sea map and its waters from a view's ``sea`` (made once per sea)."""
    key = (sea["cols"], sea["rows"], tuple(sea["land"]))
    if key not in _WATERS:
        m = map_of_sea(Sea.model_validate(sea))
        _WATERS[key] = (m, Waters(m))
    return _WATERS[key]


_EXP = {c: float(x) for c, x in crt.EXPECTED_HITS.items()}


def _exp_hits(col: str | None) -> float:
    return _EXP[col]


_TORP: dict[tuple, float] = {}
_GUN: dict[tuple, float] = {}


def _gun_value(half_points: int, defense: int) -> float:
    """Expected hits of a gunnery battle of ``half_points``/2 against ``defense``."""
    key = (half_points, defense)
    hit = _GUN.get(key)
    if hit is None:
        col = crt.column(Fraction(half_points, 2), defense) if half_points else None
        hit = _GUN[key] = _EXP[col]
    return hit


_TORP2: dict[tuple[int, int, int], float] = {}


def _torp_value2(half_points: int, speed: int, defense: int) -> float:
    """:func:`_torp_value` of ``half_points``/2 (0 for no attack), memoized by the integer
    key (no Fraction made once the key is known)."""
    key = (half_points, speed, defense)
    hit = _TORP2.get(key)
    if hit is None:
        hit = _TORP2[key] = (
            _torp_value(Fraction(half_points, 2), speed, defense) if half_points else 0.0
        )
    return hit


def _torp_value(total: Fraction, speed: int, defense: int) -> float:
    key = (total, speed, defense)
    if key not in _TORP:
        o = torp.attack_distribution(total, speed, defense)["outcome"]
        _TORP[key] = float(3 * o["S"] + 2 * (o["PW"] + o["2P"]) + o["P"] + o["W"])
    return _TORP[key]


class NavalScripted(GamePlayer):
    """A scripted commander for one side (see the module docstring)."""

    name = "scripted"

    def __init__(self, side: str, seed: int = 0, **knobs: Any) -> None:
        super().__init__(side, seed)
        self.knobs: dict[str, Any] = {**KNOBS, **DEFAULT_PLAN}
        self.set_knobs(**knobs)
        self.last_seen: dict[str, tuple[Hex, int, int, int]] = {}

    TRANSIENT = frozenset(
        ("m", "waters", "v", "_hazards", "_moves", "_edge_memo", "_edge_min", "predicted")
        + ("enemy", "pred_list", "threat", "transport", "exit_edges")
    )
    """Attributes :meth:`act` sets afresh from the view at every decision before reading them
    (the sea map, its per-map memos shared by the process, the view and what is made from
    it): nothing carries over from one decision to the next through them."""

    def __deepcopy__(self, memo: dict[int, Any]) -> NavalScripted:
        """Equal to a plain deep copy in every later decision (tested): the player's memory
        (knobs, last sightings, random stream) is deep-copied, the :data:`TRANSIENT`
        attributes are shared (the next :meth:`act` replaces them before reading them).
        A plain deep copy also copied the per-map memos, which grow through a process: the
        search player's variants and rollouts copied ~0.1 s of them per copy."""
        import copy

        new = object.__new__(type(self))
        memo[id(self)] = new
        for k, x in self.__dict__.items():
            new.__dict__[k] = x if k in self.TRANSIENT else copy.deepcopy(x, memo)
        return new

    def set_knobs(self, **knobs: Any) -> None:
        """Change some knobs (:data:`KNOBS`, :data:`PLAN_KNOBS`; the rest kept), from the
        next decision on (the search player's variants); an unknown knob or value raises
        ValueError and changes nothing."""
        bad = sorted(set(knobs) - set(KNOBS) - set(PLAN_KNOBS))
        if bad:
            raise ValueError(
                f"unknown naval scripted knob(s) {bad}; knobs are {[*KNOBS, *PLAN_KNOBS]}"
            )
        for k, v in knobs.items():
            if k in PLAN_KNOBS and v not in PLAN_KNOBS[k]:
                raise ValueError(f"{k} must be one of {list(PLAN_KNOBS[k])}, not {v!r}")
            if k in KNOBS and type(v) is not int:
                raise ValueError(f"{k} is a whole number of hexes, not {v!r}")
        self.knobs = {**self.knobs, **knobs}

    # --- helpers over the view --------------------------------------------------------------
    def act(self, game: Any) -> None:
        if self.side not in game.to_act():
            return
        v = game.view(self.side)
        m, waters = _waters(v["sea"])
        self.m, self.waters, self.v = m, waters, v
        self._hazards = _HAZARDS.setdefault(id(waters), {})
        self._moves = _MOVES.setdefault(id(waters), {})
        self._edge_memo = _EDGES.setdefault(id(waters), {})
        self._edge_min = _EDGES.setdefault((id(waters), "min"), {})
        hex_of = _HEX_OF.get(id(m))
        if hex_of is None:
            hex_of = _HEX_OF[id(m)] = dict(zip(m.hex_labels, m.hexes))
        turn = v["turn"]
        own: list[tuple[str, dict[str, Any], Hex, int]] = []
        enemies: list[tuple[str, dict[str, Any], Hex, int]] = []
        for uid, u in v["units"].items():
            if u["hex"] is None or u.get("face_down"):  # (an unspotted ship: where only)
                continue
            rec = (uid, u, hex_of[u["hex"]], FACINGS.index(u["facing"]))
            (own if u["side"] == self.side else enemies).append(rec)
        for uid, u, h, f in enemies:
            self.last_seen[uid] = (h, f, u["speed"], turn)
        for uid in list(self.last_seen):
            if uid in v["sunk"]["ijn"] or uid in v["sunk"]["usn"]:
                del self.last_seen[uid]
        if not own:
            game.submit(self.side)
            return
        self.predicted = {uid: self._ahead(h, f, u["speed"]) for uid, u, h, f in enemies}
        self.now = {uid: h for uid, _u, h, _f in enemies}
        """Where each enemy in sight is now: firing ranges are fixed before movement."""
        self.enemy = {uid: u for uid, u, _h, _f in enemies}
        self.pred_list = list(self.predicted.values())
        self.threat = [  # enemy ships with loaded tubes: their primary range is torpedo water
            (self.predicted[e], u["torpedo_range"][0])
            for e, u in self.enemy.items()
            if u["salvos"] > 0 and u["torpedo"] > 0
        ]
        # damaged ships (power hits) fall out of the line: the rest keep the squadron's speed
        moving = [o for o in own if o[1]["p_hits"] == 0] or own
        squad = min(o[1]["top_speed"] for o in moving)
        plans: dict[str, tuple[list[str], Hex, int]] = {}
        lead = moving[0]
        self._choose_edges(lead[2])
        self.transport = any(o[1]["troops"] for o in own)
        plans[lead[0]] = self._best(lead, turn, leader=True)
        prev = lead
        for o in own:
            if o is lead:
                continue
            if o in moving and not self._wants_exit(o[1], turn):
                plans[o[0]] = self._best(o, turn, leader=False, station=prev[2])
                prev = o
            else:
                plans[o[0]] = self._best(o, turn, leader=True)
        gunnery = self._fire(own, plans, "gunnery")
        torpedo = self._fire(own, plans, "torpedo")
        for uid, u, _h, _f in own:
            steps = plans[uid][0]
            speed = self._final_speed(u, squad)
            args: dict[str, Any] = {"steps": steps, "speed": speed}
            if uid in gunnery:
                args["gunnery"] = gunnery[uid]
            elif (
                v["rules"]["usn_radar"] and self.side == "usn" and u["gunnery"] > 0 and not enemies
            ):
                args["radar"] = True
            if uid in torpedo:
                args["torpedo"] = torpedo[uid]
            if len(args) == 2 and speed == u["speed"] and all(x == "A" for x in steps):
                continue  # holding course and speed is what the rules do with no plot
            if not self.try_order(game, Order(self.side, "plot", uid, args)):
                self.try_order(game, Order(self.side, "plot", uid, {"speed": u["speed"]}))
        game.submit(self.side)

    def _final_speed(self, u: dict[str, Any], squad: int) -> int:
        """A ship's final speed: toward the squadron's speed ``squad`` (the ``flank`` plan:
        its top speed; ``slow``: :data:`SLOW`), as fast as the rules allow (up 1, down 2 a
        turn), never above its top speed."""
        plan = self.knobs["speed"]
        if plan != "squadron":
            squad = u["top_speed"] if plan == "flank" else SLOW
        return min(u["top_speed"], max(u["speed"] - 2, min(u["speed"] + 1, squad)))

    def _ahead(self, h: Hex, f: int, n: int) -> Hex:
        d = DIRECTIONS[f]
        return Hex(h[0] + d[0] * n, h[1] + d[1] * n)

    def _manoeuvres(self, o) -> list[tuple[list[str], Hex, int, bool]]:
        """Turn 0-2 hexsides either way in the first hex or the last, the rest ahead (short
        of land), or reverse course: (steps, end hex, facing, left the map). They depend on
        the map and the ship's hex, facing, speed and turning cost only: memoized per map."""
        _uid, u, h, f = o
        key = (h, f, u["speed"], u["turn_cost"])
        hit = self._moves.get(key)
        if hit is None:
            hit = self._moves[key] = self._manoeuvres_plain(h, f, u["speed"], u["turn_cost"])
        return hit

    def _manoeuvres_plain(self, h, f, mp, tc, turns=(0, 1, -1, 2, -2)):
        land, sea = self.waters.land, self.waters.sea
        out = []
        for k in turns:
            if abs(k) * tc > mp:
                continue
            turn = ["R" if k > 0 else "L"] * abs(k)
            n = mp - abs(k) * tc
            for first in (True, False) if k else (True,):
                q, r = h
                fa = (f + k) % 6 if first else f
                steps = list(turn) if first else []
                exited = False
                for _ in range(n):
                    d = DIRECTIONS[fa]
                    nxt = (q + d[0], r + d[1])
                    if nxt in land:
                        break
                    steps.append("A")
                    if nxt not in sea:
                        exited = True
                        break
                    q, r = nxt
                if not first and not exited:
                    steps += turn
                    fa = (f + k) % 6
                out.append((tuple(steps), Hex(q, r), fa, exited))
        # reversing course: two hexsides, one hex ahead, one more, then ahead
        for k in (2, -2):
            t1, t2 = ("R", "R") if k > 0 else ("L", "L")
            if 3 * tc + 1 > mp:
                continue
            steps = [t1, t2]
            q, r = h
            fa = (f + k) % 6
            exited = False
            for i in range(mp - 3 * tc):
                d = DIRECTIONS[fa]
                nxt = (q + d[0], r + d[1])
                if nxt in land:
                    break
                steps.append("A")
                if nxt not in sea:
                    exited = True
                    break
                q, r = nxt
                if i == 0:
                    steps.append(t1)
                    fa = (fa + (1 if k > 0 else -1)) % 6
            out.append((tuple(steps), Hex(q, r), fa, exited))
        return out

    def _hazard(self, e: Hex, f: int, exiting_ok: bool) -> float:
        """Land or the map edge close ahead (memoized per map: it depends on nothing else)."""
        key = (e, f, exiting_ok)
        hit = self._hazards.get(key)
        if hit is not None:
            return hit
        pen = 0.0
        d = DIRECTIONS[f]
        for k in (1, 2, 3):
            x = (e[0] + d[0] * k, e[1] + d[1] * k)
            if x in self.waters.land:
                pen += 40.0 / k
            elif x not in self.waters.sea and not exiting_ok:
                pen += 30.0 / k
        self._hazards[key] = pen
        return pen

    def _wants_exit(self, u: dict[str, Any], turn: int) -> bool:
        rules = self.v["rules"]
        if rules["leave_loses_before"] is not None and turn < rules["leave_loses_before"]:
            return False
        mission = self.knobs["mission"]
        if mission == "run":
            return True
        if mission == "fight":  # only damaged ships and ships with empty tubes retire
            return bool(u["p_hits"] or (u["torpedo"] and u["salvos"] == 0))
        if self.side != "ijn":
            return False
        # the Tokyo Express: with troops aboard any ship the squadron's task is to get them
        # off the map, so every ship retires to the nearest edge away from the enemy, firing
        # torpedoes on the way; without troops (Horaniu) only damaged ships or ships with
        # empty tubes retire
        if self.transport:
            return True
        return bool(u["p_hits"] or (u["torpedo"] and u["salvos"] == 0))

    def _options(self, o) -> list[tuple]:
        """:meth:`_manoeuvres` with what each end is, whatever the enemy does: (steps, end q,
        end r, end hex, end facing, left the map, hazard staying, hazard exiting, edge
        distances n/s/w/e, turns in steps). Memoized per map like the manoeuvres; each value
        equals the call :meth:`_best_plain` makes (``_hazard``, ``_edges``)."""
        _uid, u, h, f = o
        key = (h, f, u["speed"], u["turn_cost"], "options")
        hit = self._moves.get(key)
        if hit is None:
            hit = self._moves[key] = [
                (
                    steps,
                    e[0],
                    e[1],
                    e,
                    fe,
                    exited,
                    self._hazard(e, fe, False),
                    self._hazard(e, fe, True),
                    self._edges(e),
                    sum(1 for s in steps if s != "A"),
                )
                for steps, e, fe, exited in self._manoeuvres(o)
            ]
        return hit

    def _best(self, o, turn: int, leader: bool, station: Hex | None = None):
        """Equal to :meth:`_best_plain` (the same scores in the same order of float
        operations, so the same choice): the per-map parts of each manoeuvre read from
        :meth:`_options`, the enemy distances in one loop."""
        uid, u, h, f = o
        if self.knobs["formation"] == "loose":  # (the plan: every ship for itself)
            leader, station = True, None
        wants_exit = self._wants_exit(u, turn)
        loaded = u["salvos"] > 0 and u["torpedo"] > 0 and u["torpedo_ready"] <= turn
        threat = self.threat
        preds = self.pred_list
        edges = self.exit_edges
        emin = self._edge_min  # (end, exit edges) -> _edge_distance, per map
        usn = self.side == "usn"
        k = self.knobs
        ideal = k["threat_band"] if threat else k["gun_band"]
        tr0 = u["torpedo_range"][0] + k["torpedo_offset"]
        spot2 = self.v["spotting_range"] + 2
        follower = not leader and station is not None
        search = None if (follower or preds or wants_exit) else self._search_point(turn)
        best, best_score = None, None
        for steps, eq, er, e, fe, exited, hz0, hz1, ed, nturns in self._options(o):
            if exited:
                score = 1000.0 if wants_exit else -1000.0
            elif follower:
                dq, dr = eq - station[0], er - station[1]
                score = -5.0 * (abs(dq) + abs(dr) + abs(dq + dr)) - (hz1 if wants_exit else hz0)
            else:
                score = -(hz1 if wants_exit else hz0)
                if wants_exit:  # the nearest edge away from the enemy
                    em = emin.get((e, edges))
                    if em is None:
                        em = emin[(e, edges)] = min(ed[k] for k in edges)
                    score -= 8.0 * em
                dmin = None
                for q, r in preds:
                    dq = eq - q
                    dr = er - r
                    d = (abs(dq) + abs(dr) + abs(dq + dr)) // 2
                    if dmin is None or d < dmin:
                        dmin = d
                if dmin is not None:
                    if usn:
                        score -= (dmin - ideal) ** 2
                    elif wants_exit:  # stay out of spotting range while running
                        score -= 4.0 * max(0, spot2 - dmin) ** 2
                    elif loaded:  # close to the torpedoes' primary range
                        score -= (dmin - tr0) ** 2
                    else:
                        score -= max(0, k["stand_off"] - dmin) ** 2
                elif not wants_exit:
                    if search is not None:
                        score -= 2.0 * distance(e, search)
                    else:
                        score -= 0.5 * nturns
                for (q, r2), r in threat:
                    dq = eq - q
                    dr = er - r2
                    d = (abs(dq) + abs(dr) + abs(dq + dr)) // 2
                    if d <= r:
                        score -= 4.0 * (r - d + 1)
            if best_score is None or score > best_score:
                best, best_score = (steps, e, fe), score
        if best is None:
            return ([], h, f)
        return best

    def _best_plain(self, o, turn: int, leader: bool, station: Hex | None = None):
        """The leader's or a follower's manoeuvre by its score (the plain version)."""
        uid, u, h, f = o
        if self.knobs["formation"] == "loose":
            leader, station = True, None
        wants_exit = self._wants_exit(u, turn)
        loaded = u["salvos"] > 0 and u["torpedo"] > 0 and u["torpedo_ready"] <= turn
        threat = self.threat
        preds = self.pred_list
        best, best_score = None, None
        for steps, e, fe, exited in self._manoeuvres(o):
            if exited:
                score = 1000.0 if wants_exit else -1000.0
            elif not leader and station is not None:
                dq, dr = e[0] - station[0], e[1] - station[1]
                score = -5.0 * (abs(dq) + abs(dr) + abs(dq + dr)) - self._hazard(e, fe, wants_exit)
            else:
                score = -self._hazard(e, fe, wants_exit)
                if wants_exit:  # the nearest edge away from the enemy
                    score -= 8.0 * self._edge_distance(e)
                eq, er = e
                dmin = min(
                    ((abs(eq - q) + abs(er - r) + abs(eq - q + er - r)) // 2 for q, r in preds),
                    default=None,
                )
                if dmin is not None:
                    if self.side == "usn":
                        k = self.knobs
                        ideal = k["threat_band"] if threat else k["gun_band"]
                        score -= (dmin - ideal) ** 2
                    elif wants_exit:  # stay out of spotting range while running
                        score -= 4.0 * max(0, self.v["spotting_range"] + 2 - dmin) ** 2
                    elif loaded:  # close to the torpedoes' primary range
                        score -= (dmin - u["torpedo_range"][0] - self.knobs["torpedo_offset"]) ** 2
                    else:
                        score -= max(0, self.knobs["stand_off"] - dmin) ** 2
                elif not wants_exit:
                    target = self._search_point(turn)
                    if target is not None:
                        score -= 2.0 * distance(e, target)
                    else:
                        score -= 0.5 * sum(1 for s in steps if s != "A")
                for (q, r2), r in threat:
                    d = (abs(eq - q) + abs(er - r2) + abs(eq - q + er - r2)) // 2
                    if d <= r:
                        score -= 4.0 * (r - d + 1)
            if best_score is None or score > best_score:
                best, best_score = (steps, e, fe), score
        if best is None:
            return ([], h, f)
        return best

    def _edges(self, e) -> dict[str, int]:
        """Distance to each map edge (memoized per map)."""
        hit = self._edge_memo.get(e)
        if hit is None:
            col, row = self.m.layout.to_offset(e)
            hit = {"n": row - 1, "s": self.m.rows - row, "w": col - 1, "e": self.m.cols - col}
            self._edge_memo[e] = hit
        return hit

    def _choose_edges(self, start: Hex) -> None:
        """Edges the squadron may run for: those the known enemy is no nearer to than we are
        (every edge while no enemy has been seen)."""
        own = self._edges(start)
        seen = [h for h, _f, _s, _t in self.last_seen.values()]
        if not seen:
            self.exit_edges = tuple(own)
            return
        ok = []
        for k, d in own.items():
            if min(self._edges(h)[k] for h in seen) > d + 2:
                ok.append(k)
        self.exit_edges = tuple(ok) or tuple(own)

    def _edge_distance(self, e) -> int:
        ed = self._edges(e)
        return min(ed[k] for k in self.exit_edges)

    def _search_point(self, turn: int) -> Hex | None:
        if not self.last_seen:
            return None
        uid = max(self.last_seen, key=lambda k: self.last_seen[k][3])
        h, f, s, t = self.last_seen[uid]
        return self._ahead(h, f, s * min(3, turn - t + 1))

    def _fire(self, own, plans, kind: str) -> dict[str, str]:
        """The fire plan of ``kind``: greedy (:meth:`_spread`), or for gunnery under the
        ``focus`` plan :meth:`_focus`, under ``hold`` none."""
        fire = self.knobs["fire"]
        if kind == "gunnery" and fire != "spread":
            return {} if fire == "hold" else self._focus(own, plans)
        return self._spread(own, plans, kind)

    def _focus(self, own, plans) -> dict[str, str]:
        """Gunnery on one target: the spotted target where the whole battery's guns that
        reach it add the most expected damage (weighted as :meth:`_spread` weighs it), then
        the ships that cannot reach it by :meth:`_spread`."""
        turn_targets = [t for t in self.v["targets"]["gunnery"] if t in self.enemy]
        shooters = [(uid, u, h) for uid, u, h, _f in own if u["gunnery"] > 0]
        best, best_gain, best_reach = None, 0.0, []
        for t in turn_targets:
            tu = self.enemy[t]
            half, reach = 0, []
            for uid, u, h in shooters:
                d = distance(h, self.now[t])  # the range now (Phase A), not after movement
                p, x = u["gun_range"]
                st2 = 2 * u["gunnery"] if d <= p else u["gunnery"] if d <= x else 0
                if st2:
                    half += st2
                    reach.append(uid)
            w = VALUE[tu["type"]] * (1 + 0.5 * (tu["p_hits"] + tu["w_hits"]))
            gain = _gun_value(half, tu["defense"]) * w
            if gain > best_gain:
                best, best_gain, best_reach = t, gain, reach
        if best is None:
            return {}
        out = dict.fromkeys(best_reach, best)
        out.update(self._spread([o for o in own if o[0] not in out], plans, "gunnery"))
        return out

    def _spread(self, own, plans, kind: str) -> dict[str, str]:
        """Greedy fire plan: each ship (strongest first) to the target where it adds the most
        expected damage at the range now (fixed before movement, as the rules fix it).
        Strengths are counted in half points (ints: extended range halves)."""
        v = self.v
        targets = v["targets"][kind]
        turn = v["turn"]
        if not targets:
            return {}
        total: dict[str, int] = {}  # half points per target
        out: dict[str, str] = {}
        shooters = []
        for uid, u, h, _f in own:
            if kind == "gunnery" and u["gunnery"] > 0:
                shooters.append((u["gunnery"], uid, h, u["gun_range"]))
            elif (
                kind == "torpedo"
                and u["torpedo"] > 0
                and u["salvos"] > 0
                and u["torpedo_ready"] <= turn
            ):
                shooters.append((u["torpedo"], uid, h, u["torpedo_range"]))
        shooters.sort(key=lambda x: (-x[0], x[1]))
        for strength, uid, h, (p, x) in shooters:
            best, gain_best = None, 0.0
            for t in targets:
                tu = self.enemy.get(t)
                if tu is None:
                    continue
                d = distance(h, self.now[t])  # the range now (Phase A), not after movement
                st2 = 2 * strength if d <= p else strength if d <= x else 0
                if not st2:
                    continue
                cur = total.get(t, 0)
                w = VALUE[tu["type"]] * (1 + 0.5 * (tu["p_hits"] + tu["w_hits"]))
                if kind == "gunnery":
                    g = _gun_value(cur + st2, tu["defense"]) - _gun_value(cur, tu["defense"])
                else:
                    g = _torp_value2(cur + st2, tu["speed"], tu["defense"]) - _torp_value2(
                        cur, tu["speed"], tu["defense"]
                    )
                if g * w > gain_best:
                    best, gain_best = (t, st2), g * w
            if best is not None:
                out[uid] = best[0]
                total[best[0]] = total.get(best[0], 0) + best[1]
        if kind == "torpedo":
            weak = {
                t
                for t, s2 in total.items()
                if crt.column(Fraction(s2, 2), torp.tev(self.enemy[t]["speed"])) in (None, "1-3")
            }
            out = {k: t for k, t in out.items() if t not in weak}
        return out


def scripted(side: str, seed: int = 0, **knobs: Any) -> NavalScripted:
    """Factory for the registry: the scripted naval player (``knobs``: :data:`KNOBS`,
    :data:`PLAN_KNOBS`)."""
    return NavalScripted(side, seed, **knobs)


def random_player(side: str, seed: int = 0) -> RandomPlayer:
    return RandomPlayer(side, seed)
