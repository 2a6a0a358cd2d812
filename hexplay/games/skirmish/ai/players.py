"""Scripted SKIRMISH players: an adversary that storms the vault and a convoy defender.

Adversary: on turn 1 riflemen fire at the transporter's occupants; every man heads for the
transporter's hex (firing first when a shot has at least a 1-in-3 chance to hit) and fit men
there do barrier work from turn 2. Defender: escorts stop (the one behind closes in first);
guards fire at the adversary most likely to be hit; shotgun guards leave the vehicles near the
transporter and close in on adversaries there. A random player plots random legal tasks.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

from hexplay.engine import IllegalOrder

from .base import Player

MIN_HIT = Fraction(1, 3)
ANY_HIT = Fraction(1, 6)


def _enemies(view: dict[str, Any], side: str) -> list[dict[str, Any]]:
    return [
        u
        for u in view["units"].values()
        if u.get("kind") == "man"
        and u["side"] != side
        and u.get("condition") != "K"
        and u.get("hex")
    ]


MAX_RANGE = 30
"""No weapon has a non-zero attack strength beyond 30 hexes (Table V)."""


def _shot_sixths(game, man: str, here: str, tid: str, th: str, blk=None):
    """(P(hit), P(K)*2 + P(W)) in sixths of a shot now, or False if it is impossible.

    Equals :func:`plain_shot_sixths` (the numbers of ``game.odds(man, tid, hexes_moved=0)``);
    the shot is read from (or put in) the one memo of the shot calculation, shared with the
    rules and the other players (:meth:`~hexplay.games.skirmish.SkirmishGame.shot_answer`),
    without building the odds panel's dict.
    """
    f, t = game.men[man], game.men[tid]
    if f.wounds >= 2 or t.wounds >= 2 or (f.vehicle and game.vehicles[f.vehicle].moving):
        return False  # dead men neither fire nor need shooting (Man.alive)
    if game.terrain.distance(here, th) > MAX_RANGE:
        return False  # (odds would say: attack strength 0)
    o = game.shot_answer(f, t)
    if not o["possible"]:
        return False
    k, w = o["K"], o["W"]
    k6 = k.numerator * 6 // k.denominator
    w6 = w.numerator * 6 // w.denominator
    return k6 + w6, 2 * k6 + w6


def _shots_sixths(game, man: str, here: str, targets) -> dict:
    """``{t["id"]: _shot_sixths(game, man, here, t["id"], t["hex"]) for t in targets}``
    (``here`` and ``t["hex"]``: the men's hexes, as the side's view gives them; the memo
    keys use the hexes the men stand on): one row of a :class:`ShotTable`.

    Each shot's sixths are a pure function of the map and of (firer's hex, target's hex,
    every vehicle's hex, the firer's long gun, armed, wounded and aboard, the target aboard):
    the memo key of :meth:`~hexplay.games.skirmish.SkirmishGame.shot_answers` is one with
    the vehicles narrowed to those that matter to the pair. So they are memoized under that
    key with the whole blocker set (made without narrowing anything), in the map's one memo;
    a miss reads the odds through ``shot_answers`` (one call for the firer's missing shots).
    """
    return ShotTable(game, targets).of(man)


class ShotTable:
    """The sixths of the shots a side's men could fire now at the targets of one view, for
    one planning call (while it lasts the state cannot change: plots move nobody).

    ``of(man)`` equals :func:`_shots_sixths` of the man at every target (the same memo keys,
    so the same values); each firer's row is worked out once and each target's hex and
    vehicle are read once per table, not once per firer (:func:`_best_shot` reads a row
    once per shot weighed, a dozen times a plan).
    """

    def __init__(self, game, targets) -> None:
        self.game = game
        men, vehicles, route = game.men, game.vehicles, game.route
        n = len(route)
        self.targets: list[tuple] = []  # (target, target id, hex or None, aboard)
        for t in targets:
            tm = men[t["id"]]
            th = None
            if tm.wounds < 2:
                if tm.vehicle:
                    pos = vehicles[tm.vehicle].pos
                    th = route[pos] if 0 <= pos < n else None
                else:
                    th = tm.hex
            self.targets.append((tm, tm.id, th, tm.vehicle is not None))
        self.rows: dict[str, dict] = {}

    def of(self, man: str) -> dict:
        """Target id -> (P(hit), P(K)*2 + P(W)) in sixths, or False (= :func:`_shots_sixths`)."""
        row = self.rows.get(man)
        if row is None:
            row = self.rows[man] = self._row(man)
        return row

    def _row(self, man: str) -> dict:
        game = self.game
        f = game.men[man]
        here = None
        if f.wounds < 2:
            if f.vehicle:
                v = game.vehicles[f.vehicle]
                n = len(game.route)
                if not v.moving and 0 <= v.pos < n:
                    here = game.route[v.pos]
            else:
                here = f.hex
        if here is None:
            return {tid: False for _tm, tid, _th, _a in self.targets}
        terrain = game.terrain
        memo = terrain.memo
        blk = game.blockers()
        facts = ("sixths", here, blk, f.long_gun, f.armed, f.wounds == 1, bool(f.vehicle))
        out: dict = {}
        ask = []
        for tm, tid, th, aboard in self.targets:
            if th is None:
                out[tid] = False
                continue
            key = (facts, th, aboard)
            got = memo.get(key)
            if got is None:
                out[tid] = None  # (keeps the targets' order)
                ask.append((tm, th, key))
            else:
                out[tid] = got
        if ask:
            _fill_sixths(game, f, here, ask, out)
        return out


def _fill_sixths(game, f, here: str, ask: list, out: dict) -> None:
    """Work out (through ``shot_answers``) and memoize the sixths of ``f``'s shots from
    ``here`` at the ``(target, hex, memo key)`` of ``ask``, into ``out``."""
    terrain = game.terrain
    dist = terrain.distance
    near = [tm for tm, th, _ in ask if dist(here, th) <= MAX_RANGE]
    answers = iter(game.shot_answers(f, near))
    for tm, th, key in ask:
        if dist(here, th) > MAX_RANGE:
            got = False  # (odds would say: attack strength 0)
        else:
            o = next(answers)
            if o["possible"]:
                k, w = o["K"], o["W"]
                k6 = k.numerator * 6 // k.denominator
                w6 = w.numerator * 6 // w.denominator
                got = (k6 + w6, 2 * k6 + w6)
            else:
                got = False
        out[tm.id] = got
        terrain.remember(key, got)


def _best_shot(game, man: str, targets, min_hit: Fraction, assigned=None, table=None):
    """(target id, score's numerator, its denominator) of the most promising shot (score:
    P(K)*2 + P(W) over 1 + twice the shots already assigned to the target, as an unreduced
    fraction), spreading fire over targets already assigned (a shot at a man already under
    fire is worth less: redundant fire is spent).

    ``table``: the plan's :class:`ShotTable` holding every target of ``targets`` (made for
    them if None). Scores are compared exactly in integer sixths.
    """
    if game.man_hex(man) is None:
        return None
    row = (table if table is not None else ShotTable(game, targets)).of(man)
    asg = assigned if assigned is not None else {}
    need = 6 * min_hit.numerator
    per = min_hit.denominator
    best = None  # (target id, 2K+W in sixths, divisor)
    for t in targets:
        tid = t["id"]
        sixths = row[tid]
        if sixths is False:
            continue
        hit6, s6 = sixths
        div = 1 + 2 * asg.get(tid, 0)
        if hit6 * per >= need and (best is None or s6 * best[2] > best[1] * div):
            best = (tid, s6, div)
    if best is None:
        return None
    if assigned is not None:
        assigned[best[0]] = assigned.get(best[0], 0) + 1
    return best[0], best[1], 6 * best[2]


def plain_shot_sixths(game, man: str, tid: str):
    """:func:`_shot_sixths` from ``game.odds`` alone (the plain version its test compares)."""
    o = game.odds(man, tid, hexes_moved=0)
    if not o["possible"]:
        return False
    k6 = int(o["K"] * 6)
    w6 = int(o["W"] * 6)
    return k6 + w6, 2 * k6 + w6


def _approach(game, man_id: str, goal: str, budget: Fraction, wounded: bool) -> list[str]:
    """Cheapest path toward ``goal`` affordable within ``budget`` AP."""
    m = game.men[man_id]
    if m.hex is None or m.hex == goal:
        return []
    t = game.terrain
    scale = 2 if wounded else 1
    key = ("approach", m.hex, goal, math.floor(budget), scale)
    got = t.memo.get(key)  # a pure function of the map
    if got is not None:
        return list(got)
    path = t.toward(m.hex, goal, budget, scale)
    t.remember(key, tuple(path), limit=100_000)
    return path


class ScriptedAdversary(Player):
    """Fight first, then rush the vault.

    While defenders that can see the transporter's surroundings stand within ``threat_range``
    of it (and there is time left), every man fires at the most promising target (spreading
    fire) and otherwise closes in to ``stand_off`` hexes. Then all go for the transporter's
    hex: fit men there do barrier work, the others shoot.
    """

    def __init__(
        self, seed: int = 0, stand_off: int = 3, threat_range: int = 12, rush_turns: int = 8
    ) -> None:
        super().__init__("adversary", seed)
        self.stand_off = stand_off
        self.threat_range = threat_range
        self.rush_turns = rush_turns

    def plan(self, game, view: dict[str, Any]) -> None:
        side = self.side
        th = view["ambush"]
        targets = _enemies(view, side)
        turn = view["turn"]
        dist = game.terrain.distance
        threats = [t for t in targets if dist(t["hex"], th) <= self.threat_range]
        late = turn > game.scenario.turn_limit - self.rush_turns
        fight = bool(threats) and not late
        assigned: dict[str, int] = {}
        tgt = [t for t in targets if t.get("vehicle") == "T"] if turn == 1 else targets
        table = ShotTable(game, tgt)
        for uid, u in view["units"].items():
            if u.get("side") != side or u.get("kind") != "man" or u["condition"] == "K":
                continue
            wounded = u["condition"] == "W"
            here = u.get("on_foot_hex")
            at_t = here == th
            if at_t and not wounded and turn >= 2 and self.try_plot(game, uid, "BW"):
                continue
            shot = _best_shot(game, uid, tgt, ANY_HIT if fight else MIN_HIT, assigned, table)
            if shot is not None:
                self.defer_plot(uid, "DF", target=shot[0])
                if fight:
                    again = _best_shot(game, uid, tgt, ANY_HIT, assigned, table)
                    if again is not None and wounded:
                        # (tried at once: a wounded man's fire costs double, so his second
                        # shot is refused but for a first one refused, and a refused batch
                        # is tried again task by task; with no AP left, as after a first
                        # shot plotted, any task is refused: not tried)
                        if self.ap_left(game, uid) > 0:
                            self.try_plot(game, uid, "DF", target=again[0])
                    elif again is not None:
                        self.defer_plot(uid, "DF", target=again[0])
            if not u.get("armed", True) and at_t:
                self.defer_plot(uid, "RA")
                continue
            if (wounded or fight) and shot is not None:
                continue
            if fight and here and dist(here, th) <= self.stand_off:
                continue
            path = _approach(game, uid, th, self.ap_left(game, uid), wounded)
            if fight:
                while path and dist(path[-1], th) < self.stand_off:
                    path.pop()
            if path:  # (tried in the side's batch; refused, its first step alone)
                self.defer_plot(uid, "MP", path=path, fallbacks=({"code": "MP", "path": path[:1]},))
        self.flush_plots(game)


class ScriptedDefender(Player):
    def __init__(self, seed: int = 0, close_in: int = 3) -> None:
        super().__init__("defender", seed)
        self.close_in = close_in

    def plan(self, game, view: dict[str, Any]) -> None:
        side = self.side
        targets = _enemies(view, side)
        tpos = game.transporter.pos
        for vid, u in view["units"].items():
            if u.get("kind") != "escort" or u.get("controller") != side:
                continue
            if u["moving"]:
                gap = tpos - u["pos"]
                if u["heading"] > 0 and gap > self.close_in:
                    self.defer_plot(vid, "MV", hexes=min(gap - self.close_in, 30))
                self.defer_plot(vid, "SV", fallbacks=({"code": "MV", "hexes": 1},))
        if view["turn"] < 2:
            self.flush_plots(game)
            return
        near_t = [
            t for t in targets if t["hex"] and game.terrain.distance(t["hex"], view["ambush"]) <= 3
        ]
        assigned: dict[str, int] = {}
        table = ShotTable(game, targets)
        for uid, u in view["units"].items():
            if u.get("side") != side or u.get("kind") != "man" or u["condition"] == "K":
                continue
            shot = _best_shot(game, uid, targets, ANY_HIT, assigned, table)
            if shot is not None:
                self.defer_plot(uid, "DF", target=shot[0])
            if u.get("vehicle") and u.get("long_gun") == "shotgun" and near_t and shot is None:
                if self.try_plot(game, uid, "EV"):
                    goal = near_t[0]["hex"]
                    left = self.ap_left(game, uid)
                    path = _approach(game, uid, goal, left, u["condition"] == "W")
                    if path:
                        self.defer_plot(uid, "MP", path=path)
            elif not u.get("vehicle") and near_t and shot is None:
                left = self.ap_left(game, uid)
                path = _approach(game, uid, near_t[0]["hex"], left, u["condition"] == "W")
                if path:
                    self.defer_plot(uid, "MP", path=path)
        self.flush_plots(game)


class RandomPlayer(Player):
    """Plots random legal tasks (for property tests): a few tries per unit."""

    def __init__(self, side: str, seed: int = 0, tries: int = 4) -> None:
        super().__init__(side, seed)
        self.tries = tries

    def plan(self, game, view: dict[str, Any]) -> None:
        from ..legal import candidate_tasks

        for uid in game.own_units(self.side):
            for _ in range(self.tries):
                cur = game.side_plan(self.side).men.get(uid)
                cands = list(candidate_tasks(game, self.side, uid, cur))
                if not cands:
                    break
                t = cands[int(self.rng.integers(len(cands)))]
                try:
                    game.plot(
                        self.side,
                        uid,
                        t.code,
                        target=t.target,
                        path=t.path,
                        hexes=t.hexes,
                        weapon=t.weapon,
                        seat=t.seat,
                    )
                except IllegalOrder:
                    continue
        for vid in game.own_units(self.side):
            moving = vid in game.vehicles and game.vehicles[vid].moving
            if moving and not self.try_plot(game, vid, "SV"):
                self.try_plot(game, vid, "MV", hexes=1)


def scripted(side: str, seed: int = 0) -> Player:
    """The scripted player for ``side`` (registry factory ``f(side, seed=0)``)."""
    if side == "adversary":
        return ScriptedAdversary(seed)
    if side == "defender":
        return ScriptedDefender(seed)
    raise ValueError(f"SKIRMISH sides are 'adversary' and 'defender', not {side!r}")
