"""AGGRESSOR computer players: a scripted commander and the platform's random player.

The scripted player decides from ``game.view(side, events=False, shared=True)`` (its view
without the event list: it learns from what its own orders return; its own units' entries
shared with the game's memo, which it never changes) and ``game.view_unit(side, unit,
shared=True)`` (one own unit of that view, after each step), the public map and its own seeded
stream only; the
rules judge every order it gives (a refused one changes nothing and is skipped), so it never
reads hidden state. Each turn:

1. Fire support: artillery fires at the known enemy it is likeliest to hit; a missile launches
   at the strongest known enemy it can reach; airbases strike a known enemy when the hit
   chance is good and the anti-aircraft risk small, else fly recon toward the enemy's side.
2. The front: armour and infantry, each fighting in the row band of sectors it stands in,
   attack an adjacent known enemy when the hit value is at least :data:`MIN_HIT_VALUE`,
   else advance toward the nearest known enemy in their objective sector (the centre sector of
   their band; the enemy's outer sector of the band once the centre is held and, as the
   aggressor, the side still lacks a sector in the enemy's column), and attack on arrival.
   They never step into a known CBR hex.
   Units that are already where they should be stay and dig in.
3. Housekeeping: damaged units draw supply from an adjacent Support unit or replace; rear
   units (airbases, missiles, support) stay in the home sectors to keep them uncontested.
"""

from __future__ import annotations

from typing import Any

from hexplay.ai.player import GamePlayer
from hexplay.ai.random import RandomPlayer
from hexplay.engine import IllegalOrder, Order

from ..board import WEST, board_of
from ..combat import BASE_HIT_VALUE, hit_value, p_hit
from ..features import aa_chance
from ..setup import computer_setup

MIN_HIT_VALUE = 3
"""Ground attacks are made at a hit value of 3 (30%) or better, or at any value by a unit that
has moved into contact this turn (it came to attack)."""
MIN_FIRE_HIT_VALUE = 3
"""Ranged fire costs the unit nothing but its feature: any target at 30% or better."""
MAX_AA_RISK = 12.0
"""Air strikes only when the anti-aircraft loss chance is at most 12%."""
FRONT = ("Armor", "Infantry")
REFRESH = frozenset(("discovered", "blocked", "cbr", "eliminated", "frozen", "over"))
"""Events after which a moving unit's side re-reads its whole view."""
LEARN = REFRESH | {"recon"}
"""Events after which the side re-reads its whole view before its next unit acts (with an
attack report that is not a miss: combat reports carry no ``kind``, so that case never comes)."""
ASSUMED_STRENGTH = 2
"""Strength assumed for an unidentified enemy."""
KEPT_ENTRY = frozenset(("attack", "fire", "launch", "decon", "replace", "supply", "contact"))
"""Order kinds after which the player does not re-read the acting unit's entry (when no event
taught the side anything): they leave the unit where it is and alive (only a move changes its
hex; only an air mission's anti-aircraft fire can eliminate it without the player hearing of an
elimination), and after them the unit's entry is read only for its hex (occupied hexes) and,
for a Support unit, its range and strength (supply): Support units are always re-read. So the
decisions are those made with the entry re-read after every order."""
KNOBS: dict[str, float] = {
    "min_hit_value": MIN_HIT_VALUE,
    "min_fire_hit_value": MIN_FIRE_HIT_VALUE,
    "max_aa_risk": MAX_AA_RISK,
}
"""The scripted player's knobs and their defaults (``ScriptedPlayer(side, seed, **knobs)``):
how good a ground attack, a ranged fire or air strike must be, and how much anti-aircraft risk
a strike may take (the search player's variants change them)."""


class ScriptedPlayer(GamePlayer):
    """Keeps a front in three row bands, concentrates on the sectors it needs, fires its
    artillery, missiles and air at what it sees, and digs in where it stands."""

    name = "scripted"
    _learnt = False
    _changed = False
    _enemy_memo: tuple = (None, {})
    _objective_memo: tuple = (None, {})
    _objective_facts: tuple = ()
    _base_memo: tuple = (None, {})
    _occupied_memo: tuple = (None, set())
    _own_memo: tuple = (None, {})
    _order_memo: tuple = (None, [])

    def __init__(self, side: str, seed: int = 0, **knobs: float) -> None:
        super().__init__(side, seed)
        self.knobs = dict(KNOBS)
        self.set_knobs(**knobs)

    def set_knobs(self, **knobs: float) -> None:
        """Change some knobs (the rest kept; an unknown one changes nothing), from the next
        decision on (the search player's variants)."""
        bad = sorted(set(knobs) - set(KNOBS))
        if bad:
            raise ValueError(f"unknown AGGRESSOR scripted knob(s) {bad}; knobs are {list(KNOBS)}")
        for k, v in knobs.items():
            if isinstance(v, bool) or not isinstance(v, int | float) or v < 0:
                raise ValueError(f"{k} takes a number >= 0, not {v!r}")
        self.knobs = {**self.knobs, **knobs}
        self.min_hit_value = self.knobs["min_hit_value"]
        self.min_fire_hit_value = self.knobs["min_fire_hit_value"]
        self.max_aa_risk = self.knobs["max_aa_risk"]

    def act(self, game: Any) -> None:
        if self.side not in game.to_act():
            return
        if game.phase == "setup":
            view = game.view(self.side)
            for t, h in computer_setup(view, game.map, self.rng):
                game.order(Order(self.side, "place", None, {"type": t, "hex": h}))
            game.submit(self.side)
            return
        self._turn(game)
        if self.side in game.to_act():  # (nobody is to act once the game is over)
            game.submit(self.side)

    # --- one turn ---------------------------------------------------------------------------
    def _turn(self, game: Any) -> None:
        side = self.side
        b = board_of(game.map)
        view = game.view(side, events=False, shared=True)
        self._index_view(b, view)
        order = self._order_memo[1]  # = unit_order(view, side), made by the same pass
        for uid in order:
            if game.over:  # = side not in game.to_act(): it is the side's turn until it
                return  # submits, unless the game is over (then nobody is to act)
            self._learnt = self._changed = False
            if self._unit(game, b, uid, view):
                if self._learnt:  # the side's knowledge changed: read the whole view again
                    view = game.view(side, events=False, shared=True)
                elif self._changed or view["units"][uid]["type"] == "Support":
                    # only this unit changed (else, see :data:`KEPT_ENTRY`, its kept entry is
                    # read no more: a unit acts once a turn)
                    me = game.view_unit(side, uid, shared=True)
                    if me is None:
                        view = game.view(side, events=False, shared=True)
                    else:
                        self._replace_own(b, view, uid, me)

    def _enemies(self, b, view) -> dict[int, dict]:
        """Hex index -> enemy entry of ``view``; equals :meth:`_enemies_plain`, remembered for
        the last view object read (the player replaces only its own units' entries in a view it
        keeps, so the enemies of one view object never change)."""
        memo_view, memo = self._enemy_memo
        if memo_view is view:
            return memo
        return self._index_view(b, view)

    def _index_view(self, b, view) -> dict[int, dict]:
        """Remember, for ``view``, its enemies by hex index, its occupied hex indices, its
        own units by hex label and the order they act in (= :meth:`_enemies_plain`,
        :meth:`_occupied_plain`, :meth:`_own_by_hex_plain` and :func:`unit_order`), made in
        one pass over its units; returns the enemies."""
        side, index_of = self.side, b.index_of
        enemies: dict[int, dict] = {}
        occ: set[int] = set()
        own: dict[str, dict] = {}
        rear: list[str] = []
        front: list[str] = []
        for k, u in view["units"].items():
            lab = u["hex"]
            j = index_of[lab]
            occ.add(j)
            if u["side"] == side:
                own[lab] = u
                if u["type"] in FRONT:
                    front.append(k)
                else:
                    rear.append(k)
            else:
                enemies[j] = u
        rear.sort()
        front.sort()
        self._enemy_memo = (view, enemies)
        self._occupied_memo = (view, occ)
        self._own_memo = (view, own)
        self._order_memo = (view, rear + front)
        return enemies

    def _enemies_plain(self, b, view) -> dict[int, dict]:
        return {b.index_of[u["hex"]]: u for u in view["units"].values() if u["side"] != self.side}

    def _replace_own(self, b, view, uid: str, me: dict) -> None:
        """Put the fresh entry ``me`` of own unit ``uid`` into the kept ``view``, keeping the
        remembered occupied hexes and own units by hex of that view up to date (so they
        still equal :meth:`_occupied_plain` and :meth:`_own_by_hex_plain` of it)."""
        old = view["units"][uid]
        view["units"][uid] = me
        memo_view, occ = self._occupied_memo
        if memo_view is view:
            occ.discard(b.index_of[old["hex"]])
            occ.add(b.index_of[me["hex"]])
        memo_view, own = self._own_memo
        if memo_view is view:
            if own.get(old["hex"]) is old:
                del own[old["hex"]]
            own[me["hex"]] = me

    def _occupied(self, b, view) -> set[int]:
        """Hex indices of every unit in ``view``: equals :meth:`_occupied_plain`, remembered
        for the last view object read and kept up to date in place as the player's units move
        in it (:meth:`_replace_own`, and :meth:`_advance` step by step). Callers that change
        it change it as the view is about to change."""
        memo_view, occ = self._occupied_memo
        if memo_view is view:
            return occ
        self._index_view(b, view)
        return self._occupied_memo[1]

    def _occupied_plain(self, b, view) -> set[int]:
        return {b.index_of[u["hex"]] for u in view["units"].values()}

    def _hit_bases(self, b, view) -> dict[int, int]:
        """Hex index -> the hit value of an attack at strength 0 on the known enemy there
        (``_attack_value(b, view, e, j, s) == bases[j] + die_factor * s``: the hit value is
        linear in the attacker's strength); equals :meth:`_hit_bases_plain`, remembered per
        view object like :meth:`_enemies`."""
        memo_view, memo = self._base_memo
        if memo_view is view:
            return memo
        cbr = view["cbr"]
        df = view["options"]["die_factor"]
        rough = b.rough
        bases = {}
        for j, e in self._enemies(b, view).items():  # = _attack_value(b, view, e, j, 0)
            cover = rough[j] or (bool(cbr) and e["hex"] in cbr)
            bases[j] = (
                BASE_HIT_VALUE
                - df * e.get("strength", ASSUMED_STRENGTH)
                - int(cover)
                - int(bool(e.get("emplaced", False)))
            )
        self._base_memo = (view, bases)
        return bases

    def _hit_bases_plain(self, b, view) -> dict[int, int]:
        return {j: self._attack_value(b, view, e, j, 0) for j, e in self._enemies(b, view).items()}

    def _attack_value(self, b, view, e: dict, j: int, strength: int) -> int:
        cbr = bool(view["cbr"]) and e["hex"] in view["cbr"]
        return hit_value(
            strength,
            e.get("strength", ASSUMED_STRENGTH),
            b.rough[j] or cbr,
            bool(e.get("emplaced", False)),
            False,
            view["options"]["die_factor"],
        )

    def _give(self, game, kind, uid, **args) -> bool:
        """Give an order if the rules accept it; notes whether its events taught the side
        anything (then the view is read again) and whether the unit's kept entry must be
        read again (:data:`KEPT_ENTRY`)."""
        try:
            events = game.order(order_of(self.side, kind, uid, args))
        except IllegalOrder:
            return False
        if kind not in KEPT_ENTRY:
            self._changed = True
        self._note(events)
        return True

    def _note(self, events) -> None:
        for e in events or ():
            k = e.get("kind")
            if k in LEARN or (k == "attack" and e.get("result") != "miss"):
                self._learnt = True

    def _unit(self, game, b, uid: str, view: dict) -> bool:
        """Act with one unit; True if it gave an order."""
        me = view["units"].get(uid)
        if me is None:  # eliminated earlier this turn (anti-aircraft, supply, CBR)
            return False
        if me["frozen"] or me["attacked"] or me["feature_used"]:
            return False
        enemies = self._enemies(b, view)
        t = me["type"]
        here = b.index_of[me["hex"]]
        in_cbr = me["in_cbr"]
        damaged = me["strength"] < me["max_strength"] or me["range"] < me["max_range"]
        if damaged and not in_cbr and enemies.keys().isdisjoint(b.adj[here]):
            own_at = self._own_by_hex(view)
            for j in b.adj[here]:
                o = own_at.get(b.labels[j])
                # a Support unit at strength 1 and range 0 would be eliminated by the loss
                usable = (
                    o is not None
                    and o is not me
                    and o["type"] == "Support"
                    and (o["range"] > 0 or o["strength"] > 1)
                )
                if usable and self._give(game, "supply", uid, support=b.labels[j]):
                    return True
            if t in ("Infantry", "Support") and self._give(game, "replace", uid):
                return True
        if not in_cbr:
            if t == "Artillery" and self._ranged(game, b, view, uid, me, enemies):
                return True
            if (
                t == "Missile"
                and not me["technical"]
                and self._launch(game, b, view, uid, me, enemies)
            ):
                return True
            if t == "Missile" and me["technical"]:
                for j in b.adj[here]:
                    if b.labels[j] in view["cbr"] and self._give(
                        game, "decon", uid, target=b.labels[j]
                    ):
                        return True
            if t == "Airbase" and self._air(game, b, view, uid, me, enemies):
                return True
        if t in FRONT:
            return self._advance(game, b, view, uid, me, enemies)
        if t == "Artillery":
            return self._follow(game, b, view, uid, me, enemies)
        return False

    def _own_by_hex(self, view) -> dict[str, dict]:
        """Hex label -> the side's own unit there: equals :meth:`_own_by_hex_plain`,
        remembered for the last view object read and kept up to date by
        :meth:`_replace_own`."""
        memo_view, own = self._own_memo
        if memo_view is view:  # (always, from _unit: its _enemies call indexed the view)
            return own
        own = self._own_by_hex_plain(view)
        self._own_memo = (view, own)
        return own

    def _own_by_hex_plain(self, view) -> dict[str, dict]:
        """Hex label -> the side's own unit there (own units never stack, so this equals
        :meth:`_own_at` at every hex)."""
        side = self.side
        return {u["hex"]: u for u in view["units"].values() if u["side"] == side}

    def _own_at(self, view, b, j):
        lab = b.labels[j]
        for u in view["units"].values():
            if u["hex"] == lab and u["side"] == self.side:
                return u
        return None

    # --- fire support --------------------------------------------------------------------------
    def _ranged(self, game, b, view, uid, me, enemies) -> bool:
        row = b.dist[b.index_of[me["hex"]]]
        reach = me["range"]
        bases = self._hit_bases(b, view)
        add = view["options"]["die_factor"] * me["strength"]
        least = self.min_fire_hit_value
        best_v, best_j = None, -1  # the first of the best, as before
        for j in enemies:
            if 2 <= row[j] <= reach:
                v = bases[j] + add
                if v >= least and (best_v is None or v > best_v):
                    best_v, best_j = v, j
        return best_j >= 0 and self._give(game, "fire", uid, target=b.labels[best_j])

    def _launch(self, game, b, view, uid, me, enemies) -> bool:
        here = b.index_of[me["hex"]]
        best = None
        for j, e in enemies.items():
            if not 2 <= b.dist[here][j] <= 8:
                continue
            s = e.get("strength", ASSUMED_STRENGTH)
            worth = s + e.get("range", 1)
            v = hit_value(
                4, s, b.rough[j], bool(e.get("emplaced")), False, view["options"]["die_factor"]
            )
            score = worth * p_hit(v)
            if best is None or score > best[0]:
                best = (score, j)
        return (
            best is not None
            and best[0] >= 2.0
            and self._give(game, "launch", uid, target=b.labels[best[1]])
        )

    def _air(self, game, b, view, uid, me, enemies) -> bool:
        here = b.index_of[me["hex"]]
        best = self._strike_target(b, view, here, me["strength"], enemies)
        if best is not None and self._give(game, "strike", uid, target=b.labels[best]):
            return True
        if view["options"]["obs"] and self.rng.random() < 0.5:
            # a line toward the enemy's centre, where the front needs to see
            col = 13 if self.side == WEST else 9
            row = b.offsets[here][1]
            return self._give(game, "recon", uid, target=b.labels[b.at_offset(col, row)])
        return False

    def _strike_target(self, b, view, here: int, strength: int, enemies) -> int | None:
        """The hex an airbase at ``here`` strikes: equals :meth:`_strike_target_plain`, with
        the anti-aircraft chance and the hit value inline (:func:`aa_chance` and
        :meth:`_hit_bases`) and the score compared only when the value qualifies."""
        row = b.dist[here]
        territory = b.territory
        side = self.side
        bases = self._hit_bases(b, view)
        add = view["options"]["die_factor"] * strength
        max_risk, least = self.max_aa_risk, self.min_fire_hit_value
        best_score, best_j = None, None
        for j, e in enemies.items():
            d = row[j]
            if d < 2:
                continue
            p = d // 2 if territory[j] == side else d
            p += e.get("strength", ASSUMED_STRENGTH) - strength
            # risk = aa_chance(...) = float(max(0, min(100, p))), an int clamped (p / 100 is
            # float(p) / 100: both are the correctly rounded quotient)
            if p > 100:
                p = 100
            elif p < 0:
                p = 0
            if p > max_risk:
                continue
            v = bases[j] + add
            if v >= least:
                # p_hit(v) - risk / 100 = max(1, min(10, v)) / 10 - p / 100
                score = (10 if v > 10 else 1 if v < 1 else v) / 10 - p / 100
                if best_score is None or score > best_score:
                    best_score, best_j = score, j
        return best_j

    def _strike_target_plain(self, b, view, here: int, strength: int, enemies) -> int | None:
        best = None
        for j, e in enemies.items():
            d = b.dist[here][j]
            if d < 2:
                continue
            risk = aa_chance(
                d, b.territory[j] == self.side, e.get("strength", ASSUMED_STRENGTH) - strength
            )
            if risk > self.max_aa_risk:
                continue
            v = self._attack_value(b, view, e, j, strength)
            if v >= self.min_fire_hit_value:
                score = p_hit(v) - risk / 100
                if best is None or score > best[0]:
                    best = (score, j)
        return None if best is None else best[1]

    # --- the front ------------------------------------------------------------------------------
    def _objective(self, b, view, me) -> int:
        """Equals :meth:`_objective_plain`, remembered per row band for the last view object
        read, and kept for a new view whose control list and aggressor are those the memo was
        made from (it reads only the unit's band and those two, which the player never changes
        in a view it keeps; control changes only at turn ends)."""
        band = b.sector[b.index_of[me["hex"]]] // 3
        memo_view, memo = self._objective_memo
        if memo_view is not view:
            facts = (view["control"], view["aggressor"])
            if self._objective_facts != facts:
                memo = {}
                self._objective_facts = facts
            self._objective_memo = (view, memo)
        k = memo.get(band)
        if k is None:
            k = memo[band] = self._objective_plain(b, view, me)
        return k

    def _objective_plain(self, b, view, me) -> int:
        """The sector (0-8) this unit should fight for."""
        band = b.sector[b.index_of[me["hex"]]] // 3
        centre = band * 3 + 1
        enemy_outer = band * 3 + (2 if self.side == WEST else 0)
        control = view["control"]
        mine = [k for k, s in enumerate(control) if s == self.side]
        need_enemy_col = view["aggressor"] == self.side and not any(
            k % 3 == enemy_outer % 3 for k in mine
        )
        centres_held = sum(1 for k in (1, 4, 7) if control[k] == self.side)
        if control[centre] == self.side and (need_enemy_col or centres_held == 3):
            return enemy_outer
        return centre

    def _best_attack(self, b, view, me, here, enemies):
        """(hit value, hex) of the best adjacent attack (the first of the best), or None:
        equals :meth:`_best_attack_plain` by :meth:`_hit_bases`."""
        best = None
        bases = self._hit_bases(b, view)
        add = view["options"]["die_factor"] * me["strength"]
        for j in b.adj[here]:
            if j in enemies:
                v = bases[j] + add
                if best is None or v > best[0]:
                    best = (v, j)
        return best

    def _best_attack_plain(self, b, view, me, here, enemies):
        best = None
        for j in b.adj[here]:
            e = enemies.get(j)
            if e is None:
                continue
            v = self._attack_value(b, view, e, j, me["strength"])
            if best is None or v > best[0]:
                best = (v, j)
        return best

    def _advance(self, game, b, view, uid, me, enemies) -> bool:
        acted = False
        occupied = self._occupied(b, view)
        for _ in range(8):
            here = b.index_of[me["hex"]]
            if not me["in_cbr"]:
                best = self._best_attack(b, view, me, here, enemies)
                good = best is not None and (best[0] >= self.min_hit_value or me["moved"])
                if good and self._give(game, "attack", uid, target=b.labels[best[1]]):
                    return True
            if me["moves_left"] <= 0:
                return acted
            goal = self._goal(b, view, me, enemies)
            if goal is None:
                return acted
            cur = b.dist[here][goal]
            if cur <= 1:
                return acted
            cbr = view_cbr(b, view)
            opts = [j for j in b.adj[here] if j not in occupied and j not in cbr]
            if not opts:
                return acted
            best = _nearest_step(b, opts, goal)
            if b.dist[best][goal] >= cur:
                return acted
            try:
                events = game.order(order_of(self.side, "move", uid, {"to": b.labels[best]}))
            except IllegalOrder:
                return acted
            acted = True
            self._changed = True
            self._note(events)
            if any(e["kind"] in REFRESH for e in events):  # the side learnt something
                view = game.view(self.side, events=False, shared=True)
                me = view["units"].get(uid)
                occupied = self._occupied(b, view)
                enemies = self._enemies(b, view)
            else:
                me = game.view_unit(self.side, uid, shared=True)
                if me is not None:  # where it is now (a failed range-0 try stays)
                    occupied.discard(here)
                    occupied.add(b.index_of[me["hex"]])
            if me is None:
                return True
        return acted

    def _goal(self, b, view, me, enemies) -> int | None:
        """The hex this front unit heads for: equals :meth:`_goal_plain`, the nearest enemy
        in its objective sector and the nearest within 2 found in one pass."""
        k = self._objective(b, view, me)
        here = b.index_of[me["hex"]]
        row, sector, n = b.dist[here], b.sector, b.size
        # each candidate as distance * n + index (index < n): ordered as (distance, index)
        none = best = near = 1 << 62
        for j in enemies:
            if sector[j] == k:
                key = row[j] * n + j
                if key < best:
                    best = key
            elif best == none and row[j] <= 2:
                key = row[j] * n + j
                if key < near:
                    near = key
        if best != none:
            return best % n
        if near != none:
            return near % n
        return self._goal_away(b, here, k)

    def _goal_plain(self, b, view, me, enemies) -> int | None:
        k = self._objective(b, view, me)
        here = b.index_of[me["hex"]]
        in_sector = [j for j in enemies if b.sector[j] == k]
        if in_sector:
            return min(in_sector, key=lambda j: (b.dist[here][j], j))
        near = [j for j in enemies if b.dist[here][j] <= 2]
        if near:
            return min(near, key=lambda j: (b.dist[here][j], j))
        return self._goal_away(b, here, k)

    def _goal_away(self, b, here: int, k: int) -> int | None:
        """With no enemy to head for: None in the objective sector, else its centre hex."""
        if b.sector[here] == k:
            return None  # hold and dig in
        band = k // 3
        row = 3 + 5 * band
        col = {0: 4, 1: 12 if self.side == WEST else 10, 2: 18}[k % 3]
        return b.at_offset(col, row)

    def _follow(self, game, b, view, uid, me, enemies) -> bool:
        """Artillery with no target moves up behind the front (to 3 hexes of an enemy)."""
        if me["moved"] or me["moves_left"] <= 0 or me["range"] == 0:
            return False
        here = b.index_of[me["hex"]]
        if enemies:  # = min(enemies, key=lambda j: (b.dist[here][j], j))
            row = b.dist[here]
            goal, gd = -1, None
            for j in enemies:
                d = row[j]
                if gd is None or d < gd or (d == gd and j < goal):
                    goal, gd = j, d
        else:
            goal = b.at_offset(11, b.offsets[here][1])
        if b.dist[here][goal] <= 3:
            return False
        occupied = self._occupied(b, view)
        opts = [j for j in b.adj[here] if j not in occupied]
        if not opts:
            return False
        best = min(opts, key=lambda j: (b.dist[j][goal], j))
        if b.dist[best][goal] < b.dist[here][goal]:
            return self._give(game, "move", uid, to=b.labels[best])
        return False


def unit_order(view: dict, side: str) -> list[str]:
    """The order the side's units act in: equals :func:`unit_order_plain` (fire support and
    the rear first, then the front, each by id), the two groups split in one pass over the
    view's units and each sorted by id."""
    rear: list[str] = []
    front: list[str] = []
    for k, u in view["units"].items():
        if u["side"] == side:
            if u["type"] in FRONT:
                front.append(k)
            else:
                rear.append(k)
    rear.sort()
    front.sort()
    return rear + front


def unit_order_plain(view: dict, side: str) -> list[str]:
    own = {k: u for k, u in view["units"].items() if u["side"] == side}
    return sorted(own, key=lambda k: (own[k]["type"] in FRONT, k))


def order_of(side: str, kind: str, unit: str | None, args: dict) -> Order:
    """Equals ``Order(side, kind, unit, args)``: the frozen dataclass given its whole field
    dict in one step instead of one ``object.__setattr__`` per field (the player gives
    hundreds a game; ``o.__dict__.update`` first makes the instance's dict, which costs more
    than the four calls)."""
    o = _new(Order)
    _set(o, "__dict__", {"side": side, "kind": kind, "unit": unit, "args": args})
    return o


_new, _set = object.__new__, object.__setattr__


def _nearest_step(b, opts: list[int], goal: int) -> int:
    """Equals ``min(opts, key=lambda j: (b.dist[j][goal], b.rough[j], j))`` (the step nearest
    the goal, clear terrain first, then the lowest index), compared without key tuples."""
    best = opts[0]
    bd, br = b.dist[best][goal], b.rough[best]
    for j in opts[1:]:
        d = b.dist[j][goal]
        if d < bd or (d == bd and (b.rough[j] < br or (b.rough[j] == br and j < best))):
            best, bd, br = j, d, b.rough[j]
    return best


def view_cbr(b, view) -> set[int]:
    """CBR hexes of a view (as indices)."""
    return {b.index_of[h] for h in view["cbr"]}


def scripted(side: str, seed: int = 0, **knobs: float) -> ScriptedPlayer:
    """Factory for the registry: the scripted AGGRESSOR player (``knobs``: :data:`KNOBS`)."""
    return ScriptedPlayer(side, seed, **knobs)


def random_player(side: str, seed: int = 0) -> RandomPlayer:
    """Factory for the registry: the platform's random player."""
    return RandomPlayer(side, seed)


__all__ = ["ScriptedPlayer", "random_player", "scripted"]
