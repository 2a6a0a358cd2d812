"""The naval game's settings of the search player (:mod:`hexplay.ai.search`): the scripted
player under plans (:mod:`hexplay.games.naval.ai.plans`), committed to across turns.

The search runs over *plans* that differ in kind (:mod:`hexplay.games.naval.ai.plans`:
run for the edge, fight with torpedoes first, break the line, flank speed, focus or hold
fire, close or open the range), the scripted player under each; a rollout plays the game to
its end (one costs ~10 ms). The search *commits* to a plan (``committed``): the plan
played last is the incumbent, kept unless another leads it by the margin on the same worlds.
The enemy's model remembers what the enemy saw of the side's ships (``memory``,
from the side's own views), as the real scripted player does. On 96 games (seeds 0-95,
Kula Gulf and Horaniu, each side a quarter of them; 32 rollouts, 0.163 CPU s a decision
(``search_naval_win_rate.cpu_s_decision``)) it scored 0.766 [0.672, 0.839]
(``search_naval_win_rate``) against the scripted player, which scored 0.526 in its place
(measured 2026-12-01 on the same games). Most of the lead is Kula Gulf's IJN: 1.000 [0.862,
1.000] (``search_naval_kula_gulf_ijn_win_rate``) where the scripted IJN scored 0.188: it
fights on once its troop ships are off the map, and the search finds that running on wins;
in Horaniu it scores 0.688 [0.488, 0.836] (``search_naval_horaniu_ijn_win_rate``) and 0.625
[0.427, 0.788] (``search_naval_horaniu_usn_win_rate``) where the scripted player scored
0.542 on each side. (Figures of ``benchmarks/search.py``, saved in
``docs/evidence/search.json``; ``tests/test_search_figures.py`` checks the text against it.)
"""

from __future__ import annotations

import math
from typing import Any

from hexplay.ai.search import Policy, SearchSettings, knob_variant, search_for

from .plans import DEFAULTS, enemy_memory, plans
from .players import scripted


def candidates(side: str, seed: int) -> list[tuple[str, Policy]]:
    """The scripted player with its default plan as the base policy (its plans are its knob
    variants, made per decision)."""
    return [("default", scripted(side, seed=seed))]


def remember(view: dict[str, Any], memory: Any) -> Any:
    """The enemy's memory of the side's ships brought up to this turn from the side's view
    (:func:`~hexplay.games.naval.ai.plans.enemy_memory`)."""
    return enemy_memory(view, memory or {})


def recall(model: Any, memory: Any) -> None:
    """The memory set into an opponent model: the scripted player steers for the last sighting
    of an enemy it has lost."""
    model.last_seen = dict(memory)


def heuristic(out: dict[str, Any], side: str) -> float:
    """An unfinished game's value for ``side``: the victory points (the scenario's victory
    schedule)."""
    enemy = "usn" if side == "ijn" else "ijn"
    d = out.get(f"vp_{side}", 0) - out.get(f"vp_{enemy}", 0)
    return 1 / (1 + math.exp(-d / 6))


SETTINGS = SearchSettings(
    candidates=candidates,
    variants=plans,
    variant=knob_variant,
    committed=lambda: dict(DEFAULTS),
    memory=(remember, recall),
    heuristic=heuristic,
    switch_margin=0.2,
    budget={"iterations": 2, "horizon": 2},
)
"""The naval game's search settings. The registry's budget: 2 rollouts a turn, each stopped
after 2 turns (a copy costs 25-50 ms) and scored by :func:`heuristic`."""

player = search_for(SETTINGS)
"""The registry's ``search`` player."""
