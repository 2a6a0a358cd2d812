"""AGGRESSOR's hidden-state sampler (the registry's ``sampler`` part, see
:mod:`hexplay.ai.samplers`), from the game's state, drawn from the side's view."""

from __future__ import annotations

from typing import Any

import numpy as np

from hexplay.ai.samplers import SAMPLER_TRIES
from hexplay.ai.worlds import rollout_copy


def unobservable_hexes(game: Any, side: str) -> list[int]:
    """The hexes (indices) where ``side`` could not have seen an enemy unit this turn, from its
    own units only: farther than each own unit's full range (its type's, not its current one)
    plus the hexes it has moved this turn from the hex it began the turn on (every hex it
    entered is within ``moved`` of that hex), and farther than that range from where it is.
    Range-0 units observe nothing. A conservative superset of what the side observed (recon
    and prospecting fire, which reveal single hexes, are not subtracted)."""
    from ..units import UNIT_TYPES

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


HOME_WEIGHT = 4.0
"""How much likelier, per hex, an unseen enemy unit is drawn in its own territory (and on the
border) than in the side's: a prior (designed, not from the rules) for an army that sets up at
home and fights over the border; the draw never reads where the units really are."""


def kills_reported(game: Any, side: str) -> int:
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


def alive_sample(game: Any, side: str) -> list[Any]:
    """The enemy units (sorted by id) that are alive in ``side``'s samples: every enemy unit
    placed (each army has ``army_size``, which the view shows) less as many as its combat
    reports say it eliminated (:func:`kills_reported`), never who is really alive.

    Which ids count as the ones it eliminated: for the side to act, the enemy units it knows of
    this turn (``known``, rebuilt from the living at its observation phase) that are gone, i.e.
    killed by its own attacks this turn (in its own turn only its attacks eliminate enemy
    units, each reported to it; their hexes were known); its kills of earlier turns are the
    last ids (in id order, a canonical choice: ids are labels, an unseen unit's type and hex
    are drawn anyway) among the enemy units it does not know of now. For the side not to act
    (its view is its snapshot of its last turn), the last ids among those the snapshot does not
    name. An enemy unit really eliminated but not reported is thus revived in the sample."""
    enemies = sorted((u for u in game.units.values() if u.side != side), key=lambda u: u.id)
    kills = kills_reported(game, side)
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


def sample(game: Any, side: str, rng: np.random.Generator) -> Any:
    """AGGRESSOR's sampler: the enemy units whose type ``side``'s view does not show are drawn
    anew from the side's knowledge, never from where or what they really are, nor from which
    of them are really alive.

    - *Which are alive*: :func:`alive_sample`: the enemy's army less the units the
      side's own combat reports say it eliminated; a unit eliminated without the side being
      told (anti-aircraft, CBR, supply losses) is revived in the sample as any other unseen
      unit (drawn hex and type, full range and strength), and a unit alive but counted among
      the side's kills of earlier turns (by the canonical choice of ids) is taken off.
    - *Positions*: an enemy unit the view shows (an alias ``?hex``: unidentified, or "Nuked"
      in a CBR hex) keeps that hex. Each enemy unit the side does not know of is put on a hex
      drawn from ``rng`` among the free hexes it could not have observed this turn
      (:func:`unobservable_hexes`; not a CBR hex, not a hex of a unit the view shows),
      weighted :data:`HOME_WEIGHT` to 1 for the enemy's territory and the border.
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

    In the set-up the enemy's placements are hidden whole: see :func:`setup_sample`."""
    if game.phase == "setup":
        return setup_sample(game, side, rng)
    from ..setup import army_plan
    from ..units import UNIT_TYPES, Unit

    truth = game.view(side)
    legal = game.legal_orders(side)
    board = game.board
    known = game.known[side]
    shown = truth["units"]
    typed = [d["type"] for d in shown.values() if d["side"] != side and "type" in d]
    alive = alive_sample(game, side)
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
    w = np.array([1.0 if board.territory[h] == side else HOME_WEIGHT for h in free])
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
    from ..observation import observe
    from ..views import known_enemies

    enemy = twin.other(side)
    twin.carried[enemy] = set()
    twin.known[enemy], newly = observe(twin, enemy)
    twin.carried[enemy] = set(newly)
    seen = known_enemies(twin, enemy)
    for d in seen.values():
        d["last_seen"] = twin._turn
    twin.last_seen[enemy] = seen


def setup_sample(game: Any, side: str, rng: np.random.Generator) -> Any:
    """AGGRESSOR in the set-up: the enemy's set-up drawn anew. ``side`` sees only whether the
    enemy has submitted its set-up (none of its units, not even how many it has placed), so the
    twin is the game replayed with ``side``'s own set-up commands and, for an enemy that has
    submitted, an army placed by the computer's set-up
    (:func:`~hexplay.games.aggressor.setup.computer_setup`, the opponent model's army, rows
    from ``rng``) and submitted; an enemy that has not is shown placing nothing yet. The
    draw reads the view only (the true enemy set-up, even its army, plays no part)."""
    from hexplay.engine import Order
    from hexplay.engine.dice import fresh_like
    from hexplay.engine.record import apply_commands

    from ..setup import computer_setup

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
