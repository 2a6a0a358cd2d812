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
from collections.abc import Callable
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
def resample_plot(game: Any, side: str, rng: np.random.Generator, orders: int = 6) -> Any:
    """A copy in which the enemy's secret plot of this turn is drawn anew: the game is replayed
    to the start of the turn, every command of this turn is given again except the enemy's
    (commands name their side in ``args["side"]``, as the protocol's order, undo and submit
    do), and the enemy plots up to ``orders`` random legal orders instead, submitting if it had
    submitted. Only for simultaneous plots, before every plot is in (the enemy's plot is then
    secret, so ``view(side)`` cannot change); otherwise an unchanged copy."""
    from ..engine import IllegalOrder
    from ..engine.dice import fresh_like
    from ..engine.record import apply_commands
    from .random import random_completion

    if not game.info.simultaneous or game.over or game.phase == "setup" or not game.to_act():
        return rollout_copy(game)
    enemies = [s for s in game.sides if s != side]
    cmds = game.commands.to_list()
    start = game.commands.marks.get(game.turn, len(cmds))
    twin = type(game)._fresh(game.scenario_dict(), game.map, fresh_like(game.dice))
    apply_commands(twin, cmds[:start])
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
            if complete is not None and game.info.name == "ambush":
                complete(enemy)  # (AMBUSH's moving transporter: random plots rarely stop it)
            try:
                twin.submit(enemy)
            except IllegalOrder:
                return rollout_copy(game)
    return twin


# --- SKIRMISH (written from its public API: legal set-up orders, arrange, views) -------------
SAMPLER_TRIES = 6
"""Proposals a sampler tries before it gives up and returns an unchanged copy."""


def _unseen_enemy_men_on_foot(game: Any, side: str) -> list[str]:
    view = game.view(side, events=False)["units"]
    return sorted(
        m.id
        for m in game.men.values()
        if m.side != side
        and m.alive
        and m.hex is not None
        and m.laid_at is None
        and m.id not in view
    )


SKIRMISH_RADIUS = 8
"""Unseen enemy men are drawn among the hexes within this many hexes of the ambush point (the
transporter's hex, public to both sides): the tactic adversary stations its men 2-4 hexes
from it and the guards close on it, so the draw stays near the fight."""


def skirmish_resample(game: Any, side: str, rng: np.random.Generator) -> Any:
    """SKIRMISH's hidden-state sampler: the enemy men ``side`` cannot see stand elsewhere.

    * At the start of a planning phase (no plots yet): every unseen enemy man on foot is put
      (the referee's ``arrange``, logged, so the copy saves and replays) on a hex drawn among
      those within :data:`SKIRMISH_RADIUS` of the ambush point, kept if ``view(side)`` does
      not change (he is not seen there), else drawn again (:data:`SAMPLER_TRIES` draws; a man
      for whom every draw is seen stays where he is). The draws do not depend on where the
      men really are: two states ``side`` cannot tell apart give the same sample for the same
      ``rng`` (so a search over samples decides from the view only).
    * At set-up, the adversary's placements (secret from the convoy player) are replayed
      through the rules with other hexes: the same commands, the placements drawn anew.
    * With plots already given this turn the enemy's secret plot is drawn anew
      (:func:`resample_plot`; its men stay where they are, as a plot is tied to their hexes).

    Every proposal is kept only if ``view(side)`` is unchanged; after :data:`SAMPLER_TRIES`
    failures the copy is returned unchanged.

    Kept as they really are (not drawn from the view): every vehicle (route index, motion,
    heading, seats, spares) and so the unseen enemy men aboard and which unseen men are aboard
    at all, the men's wounds, the enemy's set-up of escorts and crews, and the fallbacks
    above (a man every draw shows stays where he is). Samples of two states that differ only
    in hidden vehicle facts differ (``tests/test_fog_fair.py``, an expected failure until
    vehicles are drawn too).
    """
    if game.phase == "planning" and not any(game.plots.orders.values()):
        return _arranged(game, side, rng)
    truth = game.view(side)
    for _ in range(SAMPLER_TRIES):
        if game.phase == "setup":
            twin = _replay_placements(game, side, rng)
        else:
            twin = resample_plot(game, side, rng)
        if twin is not None and twin.view(side) == truth:
            return twin
    return rollout_copy(game)


def _near_ambush(game: Any, side: str) -> list[str]:
    """Hexes within :data:`SKIRMISH_RADIUS` of the ambush point the side's view names
    (every hex if it names none)."""
    labels = list(game.map.hex_labels)
    amb = game.view(side, events=False).get("ambush")
    if not amb:
        return labels
    d = game.terrain.dist_from(amb)
    idx = game.terrain.index
    return [h for h in labels if int(d[idx[h]]) <= SKIRMISH_RADIUS]


_POOL_MEMO: dict[str, Any] = {}
"""The last state's pool of hidden hexes near the ambush point (a search samples one state
many times)."""


def _hidden_near(game: Any, side: str, truth: dict[str, Any]) -> list[str]:
    """Hexes near the ambush point out of every own unit's line of sight (of the vehicles the
    side knows) and holding no unit it knows of."""
    seen = {u.get("hex") for u in truth["units"].values()}
    eyes = sorted(
        {u["hex"] for u in truth["units"].values() if u.get("side") == side and u.get("hex")}
    )
    blk = game.known_blockers(side)
    sees_any = game.terrain.sees_any
    return [h for h in _near_ambush(game, side) if h not in seen and not sees_any(eyes, h, blk)]


MAN_TRIES = 12
"""Draws per unseen man, placing men one by one, before he is left where he is (the first
half near the ambush point, the rest anywhere on the map)."""


def _arranged(game: Any, side: str, rng: np.random.Generator) -> Any:
    """Unseen enemy men on foot put on hexes drawn near the ambush point (see
    :func:`skirmish_resample`): all at once if none of them is seen there, else man by man
    (a draw where he is seen is thrown away with its copy: a sighting leaves a last-known
    position behind)."""
    twin = rollout_copy(game)
    men = _unseen_enemy_men_on_foot(game, side)
    if not men:
        return twin
    truth = game.view(side)
    key = (id(game), side, len(game.commands.commands), game.turn)
    if _POOL_MEMO.get("key") == key and _POOL_MEMO.get("truth") == truth:
        near = _POOL_MEMO["near"]
    else:
        near = _hidden_near(game, side, truth)
        _POOL_MEMO.update(key=key, truth=truth, near=near)
    seen = {u.get("hex") for u in truth["units"].values()}
    eyes = sorted(
        {u["hex"] for u in truth["units"].values() if u.get("side") == side and u.get("hex")}
    )
    blk = game.known_blockers(side)
    sees_any = game.terrain.sees_any

    def hidden(h: str) -> bool:  # out of every own unit's line of sight (the view decides)
        return h not in seen and not sees_any(eyes, h, blk)

    anywhere: list[str] = []  # (made only if needed: a first LOS query per pair is dear)
    if near:
        trial = rollout_copy(twin)
        trial.arrange(
            men={m: near[int(j)] for m, j in zip(men, rng.integers(len(near), size=len(men)))}
        )
        if trial.view(side) == truth:
            return trial
    for m in men:  # man by man: each kept where he is not seen
        for t in range(MAN_TRIES):
            if not near or t >= MAN_TRIES // 2:
                anywhere = anywhere or [h for h in game.map.hex_labels if hidden(h)]
                pool = anywhere or near
            else:
                pool = near
            if not pool:
                break
            trial = rollout_copy(twin)
            trial.arrange(men={m: pool[int(rng.integers(len(pool)))]})
            if trial.view(side) == truth:
                twin = trial
                break
    return twin


def _replay_placements(game: Any, side: str, rng: np.random.Generator) -> Any | None:
    """The game replayed from its seed with the enemy's set-up placements of men on foot
    drawn anew among the hexes the rules list for them."""
    from ..engine import Order
    from ..engine.dice import fresh_like
    from ..engine.record import apply_commands

    enemy = next(s for s in game.sides if s != side)
    twin = type(game)._fresh(game.scenario_dict(), game.map, fresh_like(game.dice))
    changed = False
    for c in game.commands.to_list():
        a = c.get("args", {})
        unit = a.get("unit_id")
        where = a.get("where")
        on_foot = isinstance(where, str) and game.map.contains(where)
        if c["op"] == "place" and unit in game.men and game.men[unit].side == enemy and on_foot:
            need = next(
                (lo.need("where") for lo in twin.legal_orders(enemy, unit) if lo.kind == "place"),
                None,
            )
            if need is not None and len(need.options) > 1:
                h = need.options[int(rng.integers(len(need.options)))]
                twin.order(Order(enemy, "place", unit, {"where": h}))
                changed = True
                continue
        apply_commands(twin, [c])
    return twin if changed else None


SAMPLERS["skirmish"] = "hexplay.ai.samplers:skirmish_resample"
SAMPLERS["ambush"] = "hexplay.ai.samplers:skirmish_resample"  # (AMBUSH is SKIRMISH + options)


# --- the naval night action (from hexplay.rules.naval's state, drawn from the side's view) --
NAVAL_BAND = 3
"""Unspotted enemy ships are drawn among the sea hexes just beyond the side's spotting range:
from ``spotting_range + 1`` to ``spotting_range + NAVAL_BAND`` hexes of its nearest ship afloat
(the enemy it has lost sight of is likely still close)."""


def _naval_pool(game: Any, side: str) -> list[Any]:
    """Free sea hexes beyond spotting range of ``side``'s ships (:data:`NAVAL_BAND`), in a
    fixed order; all free sea hexes if the band is empty."""
    from ..rules.naval.game import waters_of

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
    from ..rules.naval.spotting import spotted_in_range

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


# --- AGGRESSOR (from hexplay.rules.aggressor's state, drawn from the side's view) -----------
def unobservable_hexes(game: Any, side: str) -> list[int]:
    """The hexes (indices) where ``side`` could not have seen an enemy unit this turn, from its
    own units only: farther than each own unit's full range (its type's, not its current one)
    plus the hexes it has moved this turn from the hex it began the turn on (every hex it
    entered is within ``moved`` of that hex), and farther than that range from where it is.
    Range-0 units observe nothing. A conservative superset of what the side observed (recon
    and prospecting fire, which reveal single hexes, are not subtracted)."""
    from ..rules.aggressor.units import UNIT_TYPES

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
      (:func:`~hexplay.rules.aggressor.setup.army_plan`) less the types of the enemy units the
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
    from ..rules.aggressor.setup import army_plan
    from ..rules.aggressor.units import UNIT_TYPES, Unit

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
    now (:func:`~hexplay.rules.aggressor.observation.observe`, nothing carried over), and its
    snapshot of them stamped this turn. The true ``known`` / ``carried`` / ``last_seen`` of the
    enemy came from where its units really stood, which the side does not know."""
    from ..rules.aggressor.observation import observe
    from ..rules.aggressor.views import known_enemies

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
    (:func:`~hexplay.rules.aggressor.setup.computer_setup`, the opponent model's army, rows
    from ``rng``) and submitted; an enemy that has not is shown placing nothing yet. The
    draw reads the view only (the true enemy set-up, even its army, plays no part)."""
    from ..engine import Order
    from ..engine.dice import fresh_like
    from ..engine.record import apply_commands
    from ..rules.aggressor.setup import computer_setup

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
