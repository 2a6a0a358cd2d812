"""SKIRMISH's settings of the search player (:mod:`hexplay.ai.search`): the tactic player
(:func:`~hexplay.games.skirmish.ai.tactics.tactic`) under knob variants as the candidates of each
turn, and the adversary's set-ups drawn with other random streams as the set-up candidates.

**The set-up** is a decision too (``setup_iterations``): the adversary chooses among
set-ups of its base tactics with other random streams (:func:`setups`: each draws its own
route, ambush point and stations), each rolled out to the end of the game, by the same
sequential halving with common random numbers and no margin (no set-up is the default one).
Where the ambush is laid decides much of the game; which turn knobs fit it little: measured
at 4 guards (pilot, 100 games, seeds 10000-10099), the searched set-up raised the base
tactics' P(adversary win) from 0.63 to 0.75, and a turn search on top (16 rollouts a turn)
gave 0.77 on 60 games, within the noise for a turn search's cost; so the adversary's figure
uses the set-up search and then *commits* (``turns=False``: the chosen set-up's tactics play
every turn). On the benchmark's 400 games (seeds 0-399): 0.662 [0.615, 0.707]
(``search_skirmish_adversary_p_adversary``) against the tactic players' 0.403 [0.356, 0.451]
(``tactic_skirmish_p_adversary``), for 0.161 CPU s a set-up
(``search_skirmish_adversary_p_adversary.cpu_s_setup``). The convoy has no set-up to choose;
for it the turn search pays: on the same 400 games its base policy alone gave 0.253 [0.212,
0.297] (``search_skirmish_defender_committed_p_adversary``) and with 16 rollouts a turn 0.168
[0.134, 0.207] (``search_skirmish_defender_p_adversary``), for 0.051 CPU s a decision
(``search_skirmish_defender_p_adversary.cpu_s_decision``). Every figure cited so is saved by
``benchmarks/search.py --json docs/evidence/search.json`` (or ``benchmarks/search_budgets.py``)
and checked against the file by ``tests/test_search_figures.py``; the documentation's evidence
page shows the tables.

**The base policies** are the best knob sets found offline at 4 guards
(:data:`ADVERSARY_FOUND` by :func:`hexplay.games.skirmish.analysis.worstcase.worst_case`,
:data:`DEFENDER_FOUND` by :func:`~hexplay.games.skirmish.analysis.worstcase.best_defence`): a
rollout algorithm is only as good as its base policy, and these searches had thousands of
games where a decision has tens.
"""

from __future__ import annotations

from typing import Any

from hexplay.ai.search import (
    Policy,
    SearchBudget,
    SearchPlayer,
    SearchSettings,
    base_knobs,
    knob_label,
    knob_variant,
    search_for,
)

from .tactics import _player_seed, check_knobs, tactic

ADVERSARY_FOUND: dict[str, Any] = {
    "workers": 2,
    "replace_workers": True,
    "station_range": 5,
    "station_cover": "slope",
    "worker_start": 1,
    "assault_turn": 3,
    "wait_for_crew": True,
    "fire_priority": "nearest",
    "min_hit": 0.25,
}
"""The SKIRMISH adversary's base knobs: the best response found at 4 guards by
``hexplay worst-case --game skirmish --set scenario.n_guards=4 --candidates 24 --rung-games
20,40,80,160 --final-games 200 --seed 20000`` (24 attacks, successive halving on common seeds):
P(adversary win) 0.625 [0.556, 0.689] on 200 fresh games against the default tactics' 0.400
[0.335, 0.469] on the same games. (Search seeds 20000-20299 and 1020003-1020202: apart from
the benchmark's 0-399.) Two workers start next to the transporter while the rest wait on
slopes 5 hexes out and shoot at 1/4 or better, then the assault comes on turn 3."""
DEFENDER_FOUND: dict[str, Any] = {
    "escort_mode": "close",
    "dismount_distance": 5,
    "dismount": False,
    "foot_mode": "hold",
    "engage_range": 1,
    "transporter_crew": "stay",
    "fire_priority": "best_odds",
    "min_hit": 1 / 6,
}
"""The SKIRMISH defender's base knobs: the best defence found at 4 guards against the default
adversary tactics by :func:`hexplay.games.skirmish.analysis.worstcase.best_defence`
(``candidates=24,
games=(20, 40, 80, 160), final_games=200, seed=30000``): P(adversary win) 0.180 [0.133,
0.239] on 200 fresh games against the default defence's 0.370 [0.306, 0.439] on the same
games. The escorts close to 5 hexes and the guards fight from inside them (the three best
defences of the last rung all kept them mounted)."""
BASE_KNOBS = {"adversary": ADVERSARY_FOUND, "defender": DEFENDER_FOUND}
"""The tactic knobs of the search player's base policy by side (the turn variants below change
them; :func:`setups` draws its set-ups with them)."""

ADVERSARY_VARIANTS: list[dict[str, Any]] = [
    {},
    {"wait_for_crew": False},  # rush the vault while the crew still fights
    {"fire_priority": "threat"},  # shoot the guards closest to the vault
    {"fire_priority": "wounded"},
    {"fire_priority": "best_odds"},
    {"min_hit": 1 / 6},  # take longer shots too
    {"workers": 3},  # one more man on the barrier
    {"wait_for_crew": False, "fire_priority": "threat"},
]
"""SKIRMISH adversary candidates: the base policy's knobs first (:data:`BASE_KNOBS`), then
changes of the knobs that act turn by turn (roles and stations are set at set-up and kept)."""
DEFENDER_VARIANTS: list[dict[str, Any]] = [
    {},
    {"escort_mode": "hold"},  # escorts stop where they are
    {"dismount": True},  # the guards get out and hold
    {"fire_priority": "workers"},  # the men at the transporter first
    {"fire_priority": "nearest"},
    {"min_hit": 1 / 12},  # take long shots too
    {"transporter_crew": "dismount"},
    {"dismount": True, "foot_mode": "advance"},  # get out and close in
]
"""SKIRMISH defender candidates (the same form)."""


def candidates(side: str, seed: int) -> list[tuple[str, Policy]]:
    """The tactic player with the base knobs, then its knob variants (:func:`variants`)."""
    return [
        (knob_label(k), tactic(side, seed=seed, **{**BASE_KNOBS[side], **k}))
        for k in variants(side)
    ]


def variants(side: str) -> list[dict[str, Any]]:
    """The knob changes of ``side``'s candidates (the first: none)."""
    return ADVERSARY_VARIANTS if side == "adversary" else DEFENDER_VARIANTS


SETUP_SEEDS = 8
"""Set-up candidates per decision: the tactic player with this many random streams (each
draws its own route, ambush point and stations, or escort places)."""


def setups(side: str, seed: int, base: dict[str, Any] | None = None) -> list[tuple[str, Policy]]:
    """The set-up candidates: the adversary's tactic player (knobs ``base``, default
    :data:`BASE_KNOBS`) with :data:`SETUP_SEEDS` streams (the convoy's set-up is its crew
    plan, fixed by the scenario: none)."""
    if side != "adversary":
        return []
    knobs = BASE_KNOBS[side] if base is None else base
    out = []
    for j in range(SETUP_SEEDS):
        s = _player_seed(seed, 0 if side == "adversary" else 1) + 15485863 * j
        out.append((f"setup#{j}", tactic(side, seed=s, **knobs)))
    return out


def seeded(side: str, seed: int = 0, base: Any = None, **budget: Any) -> SearchPlayer:
    """The search player of ``side`` with the tactic knobs ``base`` as its base policy in place
    of :data:`BASE_KNOBS` (:class:`SeededSearchPlayer`): a knob set over the tactic player's
    defaults, or an attack found by a worst-case search, ``"found:<file>[#k=v,...]"``
    (:func:`hexplay.ai.search.base_knobs`), e.g. the attack found at 6 guards::

        found = "found:docs/evidence/found.json#n_guards=6"
        game_entry("skirmish").player("search", "adversary", base=found)

    With ``setup_iterations=0`` and ``iterations=1`` (or ``turns=False``) it plays that
    tactic player's decisions."""
    knobs = base_knobs({} if base is None else base, "skirmish", side)
    check_knobs(side, knobs)
    return SeededSearchPlayer(side, seed, knobs, **budget)


SETTINGS = SearchSettings(
    candidates=candidates,
    variants=variants,
    variant=knob_variant,
    setups=setups,
    seeded=seeded,
    budget={"iterations": 8, "setup_iterations": 16},
)
"""SKIRMISH's search settings. The registry's budget: 8 rollouts a turn and 16 of the set-up.
Measured at 4 guards (``benchmarks/search_budgets.py``, 12 games, seeds 70000-70011), the
defender's turn search played another candidate than its base policy in 6 %
(``search_budget_skirmish_defender_4_switch``) of its decisions with 2 or 4 rollouts (below ~8
rollouts a candidate seldom clears the switch margin: the search mostly plays its base
policy), 12 % (``search_budget_skirmish_defender_8_switch``) with 8 and 17 %
(``search_budget_skirmish_defender_16_switch``) with 16; 8 is the smallest budget where the
search changes decisions, at 0.032 CPU s a decision
(``search_budget_skirmish_defender_8_cpu_s``), against 0.019 with 4."""

player = search_for(SETTINGS)
"""The registry's ``search`` player."""


class SeededSearchPlayer(SearchPlayer):
    """The search player with another base policy: the tactic player with the knobs ``base``
    (e.g. an attack found by a worst-case search) in place of :data:`BASE_KNOBS`, for its turn
    candidates (``base`` under each variant) and its set-up candidates."""

    def __init__(self, side: str, seed: int, base: dict[str, Any], **budget: Any) -> None:
        super().__init__(side, seed=seed, budget=SearchBudget(**{**SETTINGS.budget, **budget}))
        self.base = dict(base)

    def _setup_policies(self, game: Any) -> None:
        if self._policies is None:
            self._policies = [
                (knob_label(k), tactic(self.side, seed=self._seed, **{**self.base, **k}))
                for k in variants(self.side)
            ]
        super()._setup_policies(game)

    def _setup_candidates(self, game: Any) -> list[tuple[str, Policy]]:
        return setups(self.side, self._seed, self.base)


def seeded_knobs(side: str, knobs: dict[str, Any], budget: dict[str, Any]) -> dict[str, Any]:
    """The sweep knobs of ``side``'s search player seeded with the tactic knobs ``knobs``
    (SKIRMISH's ``seeded_search``; played by
    :func:`hexplay.games.skirmish.ai.tactics.make_players`)."""
    return {"player": "search", "base": dict(knobs), **dict(budget)}
