"""Naval plans: the candidates of the search player (:mod:`hexplay.ai.search`) in the naval
night action — the scripted player (:mod:`hexplay.games.naval.ai.players`) under plans that differ
in kind.

A plan is a set of the scripted player's knobs: its range knobs
(:data:`~hexplay.games.naval.ai.players.KNOBS`)
and its plan knobs (:data:`~hexplay.games.naval.ai.players.PLAN_KNOBS`), each a different way to
fight:

* ``mission``: ``fight`` puts the IJN's transport mission off (no ship retires while it is
  undamaged with loaded tubes: torpedoes first); ``run`` sends every ship to the nearest edge
  away from the enemy now (when the scenario allows leaving). The game ends when a side has no
  ship left on the map, so a side ahead on points locks its lead in by running.
* ``formation``: ``loose`` breaks the line: every ship manoeuvres for range on its own.
* ``speed``: ``flank`` (toward top speed: a faster target is harder to torpedo, TEV being
  speed + 1) or ``slow``.
* ``fire``: ``focus`` (every gun that reaches it on the one target worth most) or ``hold``
  (torpedoes only: a ship firing guns is spotted, rule (a), so holding fire keeps a
  squadron beyond spotting range out of sight).
* the range knobs: close and fire (the USN's gun band 4), open the range (9), the IJN's
  torpedoes from closer or farther (``torpedo_offset``) and its stand-off while reloading.

:data:`PLANS` lists each side's candidates as changes of the default knobs (the first: none,
the scripted player itself). The search player commits to a plan across turns and leaves it
only when rollouts show another ahead (:attr:`hexplay.ai.search.SearchSettings.committed`).

:func:`enemy_memory` keeps what the enemy's scripted player remembers of the side's ships
(its ``last_seen``), from the side's own views only, for the opponent models of rollouts.
"""

from __future__ import annotations

from typing import Any

from .players import DEFAULT_PLAN, KNOBS

PLANS: dict[str, list[dict[str, Any]]] = {
    "ijn": [
        {},
        {"mission": "run"},  # get out now: the troops land, the points are kept
        {"mission": "run", "formation": "loose", "speed": "flank"},  # scatter and run
        {"mission": "run", "fire": "hold"},  # run unseen: no gun flashes
        {"mission": "fight"},  # torpedoes first, the transport mission put off
        {"mission": "fight", "speed": "flank"},
        {"mission": "fight", "formation": "loose"},
        {"fire": "focus"},  # the scripted mission, the guns on one target
        {"torpedo_offset": -3},  # close inside the primary torpedo range
        {"stand_off": 18},  # open the range wide while reloading
    ],
    "usn": [
        {},
        {"gun_band": 4, "threat_band": 6},  # close and fire
        {"gun_band": 9, "threat_band": 12},  # open the range: keep off the torpedoes
        {"speed": "flank"},
        {"fire": "focus"},  # concentrate on one target
        {"formation": "loose"},  # break the line
        {"formation": "loose", "fire": "focus"},
        {"mission": "run"},  # ahead on points: leave and keep them
    ],
}
"""Each side's candidate plans, as changes of the scripted player's default knobs (the first
none). Chosen by a pilot on seeds 50000-50039 of fixed plans against the scripted player (each
side, Kula Gulf and Horaniu): the plans that won there, and one of each kind."""

DEFAULTS: dict[str, Any] = {**KNOBS, **DEFAULT_PLAN}
"""The scripted player's knobs (every plan is these with its changes)."""


def plans(side: str) -> list[dict[str, Any]]:
    """``side``'s candidate plans (:data:`PLANS`: changes of :data:`DEFAULTS`)."""
    return [dict(p) for p in PLANS[side]]


def label(knobs: dict[str, Any]) -> str:
    """A plan's name: its knobs that differ from :data:`DEFAULTS` (``default``: none)."""
    return ",".join(f"{k}={v}" for k, v in knobs.items() if DEFAULTS.get(k) != v) or "default"


def enemy_memory(
    view: dict[str, Any], memory: dict[str, tuple[Any, int, int, int]]
) -> dict[str, tuple[Any, int, int, int]]:
    """What the enemy's scripted player remembers of ``view``'s side's ships after this
    turn's sight phase: ``memory`` (its ``last_seen`` as known before) updated with each own
    ship the enemy sees now (spotted under (b) or kept by (c): the spotting status is public
    and the enemy's view shows exactly those) at its hex, facing and speed; sunk ships
    dropped. Read from the side's own view only."""
    from hexplay.hexgrid import Hex

    from .players import _waters

    m, _w = _waters(view["sea"])
    side = view["side"]
    out = dict(memory)
    for uid, u in view["units"].items():
        if u["side"] != side or u["hex"] is None or u.get("spotted") not in ("b", "c"):
            continue
        h = m.hex(u["hex"])
        out[uid] = (Hex(h[0], h[1]), _facing(u["facing"]), u["speed"], view["turn"])
    for uid in list(out):
        if uid in view["sunk"]["ijn"] or uid in view["sunk"]["usn"]:
            del out[uid]
    return out


def _facing(name: str) -> int:
    from ..movement import FACINGS

    return FACINGS.index(name)
