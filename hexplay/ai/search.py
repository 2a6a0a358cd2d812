"""A search-based computer player for any registered game: determinized Monte Carlo over whole
turns, with the game's fast players as the actions and the rollouts.

**Algorithm.** At each decision (one side's plot of a simultaneous turn, or its whole turn
under alternating turns) the player chooses which of a small set of *candidate policies* —
the game's fast players under different parameters (:data:`CANDIDATES`) — gives this turn's
orders. It scores every candidate by rollouts: a *world* is drawn that the side cannot tell
from the true state (the game's hidden-state sampler, :mod:`hexplay.ai.samplers`, with fresh
dice: the true dice stream is hidden information too), the candidate plays this turn and the
rest of the game (or :attr:`SearchBudget.horizon` turns, then a heuristic), the enemy played
by an opponent model. It is

* *determinized* (perfect-information Monte Carlo; Long, Sturtevant, Buro & Furtak, "Understanding
  the success of perfect information Monte Carlo sampling in game tree search", AAAI 2010;
  Cowling, Powley & Whitehouse, "Information set Monte Carlo tree search", IEEE TCIAIG 2012,
  whose single-observer ISMCTS this is with a tree of depth one): each iteration searches one
  sampled state, and the statistics of the choice are pooled over the samples;
* a *rollout algorithm* over base policies (Tesauro & Galperin, "On-line policy improvement
  using Monte-Carlo search", NIPS 1996; Bertsekas, Tsitsiklis & Wu, "Rollout algorithms for
  combinatorial optimization", 1997): the base policy (the side's default fast player) is
  always a candidate, so with enough rollouts the choice is at least as good as it, and
  choosing again every turn improves on every fixed candidate;
* selected by *sequential halving* (Karnin, Koren & Somekh, "Almost optimal exploration in
  multi-armed bandits", ICML 2013; at an MCTS root: Cazenave, "Sequential halving applied to
  trees", IEEE TCIAIG 2015) with *common random numbers*: in each round every surviving
  candidate plays the same sampled world with the same dice and the same opponent, so their
  comparison is paired (the variance of a difference of win rates is far smaller). The base
  policy is never dropped, and another candidate replaces it only with a lead of
  :attr:`SearchPlayer.SWITCH_MARGIN` (with tens of binary rollouts a chance lead is common,
  and switching policies at random costs more than it gains: measured, see the benchmarks);
* *decoupled* for simultaneous plots (Lanctot, Lisý & Winands, "Monte Carlo tree search in
  simultaneous move games with applications to Goofspiel", 2013; Tak, Winands & Björnsson,
  "Monte Carlo tree search variants for simultaneous move games", IEEE CIG 2014): the enemy's
  plot is secret, so the enemy chooses its own candidate, independently, by Exp3 (Auer et al.
  2002) over its opponent models with its own reward (one minus the side's); under alternating
  turns the enemy's models are drawn the same way for its later turns.

**Why not search raw orders.** A SKIRMISH plot is a joint order of a dozen units with paths
and targets (thousands of combinations per man); an AGGRESSOR turn is some 18 activations of
~37 orders each and a copy of the game costs ~50 ms. A budget of about a second per decision
affords tens of rollouts, which a raw-order tree cannot use; a few whole-turn candidates it can
rank. The candidates come from the fast players, so the search is as strong as their variety.

**Fog-fairness.** The search reads the game only through ``view(side)`` and ``legal_orders``
*indirectly*: it hands the game to the game's sampler, whose draws should not depend on the
hidden state (two states the side cannot tell apart give the same sample for the same random
stream: ``tests/test_search.py`` checks it on the sampler's own twins), reopens the enemy's
secret plot of this turn (replaying the turn without the enemy's commands) and re-seeds the
dice from its own stream. The orders it gives on the real game are the chosen candidate's, a
fog-fair player. What a sampler keeps as it really is stays true in every world: SKIRMISH's
draws the vehicles the side cannot see into and the unseen men aboard them too, but keeps the
men's wounds, dead men and AMBUSH's extra state (:func:`~hexplay.games.skirmish.ai.sampler.sample`
says what); samples of twins that differ only in hidden vehicle facts are the same
(``tests/test_fog_fair.py``).

**The set-up** is a decision too (``setup_iterations``): SKIRMISH's adversary chooses among
set-ups of its base tactics with other random streams (:data:`SETUPS`: each draws its own
route, ambush point and stations), each rolled out to the end of the game, by the same
sequential halving with common random numbers and no margin (no set-up is the default one).
Where the ambush is laid decides much of the game; which turn knobs fit it little: measured
at 4 guards (pilot, 100 games, seeds 10000-10099), the searched set-up raised the base
tactics' P(adversary win) from 0.63 to 0.75, and a turn search on top (16 rollouts a turn)
gave 0.77 on 60 games, within the noise for ~1 s a decision; so the adversary's figure uses
the set-up search and then *commits* (``turns=False``: the chosen set-up's tactics play every
turn). On the benchmark's 400 games (seeds 0-399): 0.662 [0.615, 0.707] against the tactic
players' 0.403 [0.356, 0.451] (``benchmarks/search.py``). The convoy has no set-up to choose;
for it the turn search pays: on the same 400 games its base policy alone gave 0.253 [0.212,
0.297] and with 16 rollouts a turn 0.168 [0.134, 0.207] (0.36 s a decision).

In AGGRESSOR the set-up is the army (:data:`AGGRESSOR_ARMIES`: 18 units of six types, chosen
freely): turn candidates that change the scripted player's knobs scored 0.525 [0.320, 0.721]
of 20 games against it (4 rollouts of 2 turns a decision), and no fixed knob set beat the
default beyond noise, while the army alone moved the score from 0.53 to 0.9 (pilots); so its
figure searches the set-up among the armies (rollouts of whole games against the scripted
player with the computer's army, the enemy's set-up drawn by the sampler) and commits
(``turns=False``): 0.892 [0.842, 0.928] of 200 games (seeds 0-199; ``benchmarks/search.py``)
against the scripted player's 0.477 against itself on the same games. The search finds what the
army gives, no more: all armour, fixed, scores 0.892 on those games too (measured after the
choice, for context); a turn search on top (4 rollouts of 2 turns) gave 0.867 of 30 pilot
games, no better, at ~2 s a decision.

**The naval game** searches over *plans* that differ in kind (:mod:`hexplay.games.naval.ai.plans`:
run for the edge, fight with torpedoes first, break the line, flank speed, focus or hold
fire, close or open the range), the scripted player under each; a rollout plays the game to
its end (one costs ~10 ms). The search *commits* to a plan (:data:`COMMITTED`): the plan
played last is the incumbent, kept unless another leads it by the margin on the same worlds.
The enemy's model remembers what the enemy saw of the side's ships (:data:`MODEL_MEMORY`,
from the side's own views), as the real scripted player does. On 96 games (seeds 0-95,
Kula Gulf and Horaniu, each side a quarter of them; 32 rollouts, 0.45 CPU s a decision) it
scored 0.797 [0.706, 0.865] against the scripted player, which scored 0.526 in its place
(``benchmarks/search.py``, ``search_naval_win_rate``). Most of the lead is Kula Gulf's IJN
(1.000 against 0.188): the scripted IJN fights on once its troop ships are off the map,
and the search finds that running on wins; in Horaniu it gains ~0.2 on each side.

**The base policies** are the best knob sets found offline at 4 guards
(:data:`ADVERSARY_FOUND` by :func:`hexplay.games.skirmish.analysis.worstcase.worst_case`,
:data:`DEFENDER_FOUND` by :func:`~hexplay.games.skirmish.analysis.worstcase.best_defence`): a
rollout
algorithm is only as good as its base policy, and these searches had thousands of games where
a decision has tens.

**Budget.** :class:`SearchBudget`: ``iterations`` (rollouts per decision; the same seed and
budget give the same game) or ``seconds`` per decision (stops when the time is up; not
reproducible); ``setup_iterations`` for the set-up (0: the base policy sets up).

**Cost.** A rollout starts from :func:`hexplay.ai.worlds.rollout_copy`, which shares the
records of the past instead of deep-copying them (SKIRMISH mid-game: ~1 ms instead of
~10-30 ms); the samplers' worlds are made the same way. The enemy's secret plot of this turn
is taken back by the game's ``reopen_plot`` hook where it has one (the naval game: in place
on a rollout copy, equal to the replay :func:`reopen_turn_replay`, which costs the whole
game's orders again). Players hold per-map memos that a copy must share (the naval scripted
player's ``__deepcopy__``: copying them cost a naval decision 0.2 s of 0.3 s, and more as
the memos grew).
"""

from __future__ import annotations

import copy
import dataclasses
import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from .player import GamePlayer
from .samplers import hidden_sampler
from .worlds import HISTORIES, rollout_copy  # noqa: F401  (re-exported)

Policy = Any  # a GamePlayer: ``act(game)`` does its side's part now


@dataclass(frozen=True)
class SearchBudget:
    """How much the player searches per decision.

    ``iterations``: rollouts per decision (deterministic). ``seconds``: wall time per decision
    instead (when given, ``iterations`` is the most it may use). ``horizon``: turns a rollout
    plays before the position is scored by the game's heuristic (None: to the end of the
    game). ``max_turns``: a hard cap on any rollout's length (the heuristic scores it there).
    ``setup_iterations``: rollouts of the set-up decision, a choice among the game's set-up
    candidates (:data:`SETUPS`; 0: the base policy sets up). ``turns``: False, no search
    after set-up: the policy chosen at set-up plays every turn (committed to its plan).
    """

    iterations: int = 16
    seconds: float | None = None
    horizon: int | None = None
    max_turns: int = 200
    setup_iterations: int = 0
    turns: bool = True

    def __post_init__(self) -> None:
        if not isinstance(self.iterations, int) or self.iterations < 1:
            raise ValueError(f"iterations must be an integer >= 1, not {self.iterations!r}")
        if self.seconds is not None and not self.seconds > 0:
            raise ValueError(f"seconds must be > 0, not {self.seconds!r}")
        if self.horizon is not None and (not isinstance(self.horizon, int) or self.horizon < 1):
            raise ValueError(f"horizon must be an integer >= 1 or None, not {self.horizon!r}")
        if not isinstance(self.setup_iterations, int) or self.setup_iterations < 0:
            raise ValueError(
                f"setup_iterations must be an integer >= 0, not {self.setup_iterations!r}"
            )


# --- candidate policies per game ------------------------------------------------------------
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
them; :data:`SETUPS` draws its set-ups with them)."""

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


def _tactic_variants(side: str, seed: int) -> list[tuple[str, Policy]]:
    """SKIRMISH: the tactic player with its default knobs, then its knob variants."""
    from ..games.skirmish.ai.tactics import tactic

    variants = ADVERSARY_VARIANTS if side == "adversary" else DEFENDER_VARIANTS
    return [(_label(k), tactic(side, seed=seed, **{**BASE_KNOBS[side], **k})) for k in variants]


def knob_variant(player: Any, knobs: dict[str, Any]) -> Any:
    """A copy of the knob-driven player ``player`` (its memory and random stream: SKIRMISH's
    roles and stations, the naval player's last sightings) playing with ``knobs`` over its own
    (through the player's checked ``set_knobs`` hook)."""
    p = _copy_with(None, player)
    p.set_knobs(**knobs)
    return p


tactic_variant = knob_variant  # (SKIRMISH's name for it)

AGGRESSOR_VARIANTS: list[dict[str, Any]] = [
    {},
    {"min_hit_value": 2},  # attack at 20 %: press the assault
    {"min_hit_value": 5},  # attack at 50 % only: hold and dig in more
    {"min_fire_hit_value": 2},  # artillery and air at poorer odds
    {"max_aa_risk": 30.0},  # strike through the anti-aircraft
    {"min_hit_value": 2, "min_fire_hit_value": 2},  # all out
]
"""AGGRESSOR candidates: the scripted player's knobs
(:data:`hexplay.games.aggressor.ai.players.KNOBS`) as
they stand, then more and less aggressive changes of them."""


def _naval_plans(side: str) -> list[dict[str, Any]]:
    from ..games.naval.ai.plans import plans

    return plans(side)


VARIANTS: dict[str, tuple[Callable[[str], list[dict[str, Any]]], Callable[..., Any]]] = {
    "skirmish": (
        lambda side: ADVERSARY_VARIANTS if side == "adversary" else DEFENDER_VARIANTS,
        knob_variant,
    ),
    "aggressor": (lambda side: AGGRESSOR_VARIANTS, knob_variant),
    "naval": (_naval_plans, knob_variant),
}
"""Games whose candidates are *variants of one player*: ``(knob sets of a side, make a variant
of the current player)``. The candidates of each decision are made from the base policy as it
stands (so they keep what it learnt at set-up: SKIRMISH's roles and stations), and the one
played becomes the base, its knobs put back (in a :data:`COMMITTED` game: kept)."""

COMMITTED: dict[str, Callable[[], dict[str, Any]]] = {
    "naval": lambda: dict(_naval_defaults()),
}
"""Games whose search *commits to a plan*: each knob set is a whole plan (applied over the
game's default knobs, given here), the plan played last is the first candidate (the
incumbent: the base policy that the margin protects), and the plan played stays the base
for the next turn. Naval plans differ in kind (run for the edge, fight, hold fire: see
:mod:`hexplay.games.naval.ai.plans`): a squadron that turns from one to another every turn does
neither; it changes its plan when the rollouts show another ahead."""


def _naval_defaults() -> dict[str, Any]:
    from ..games.naval.ai.plans import DEFAULTS

    return DEFAULTS


def _naval_memory(view: dict[str, Any], memory: Any) -> Any:
    from ..games.naval.ai.plans import enemy_memory

    return enemy_memory(view, memory or {})


def _naval_recall(model: Any, memory: Any) -> None:
    model.last_seen = dict(memory)


MODEL_MEMORY: dict[str, tuple[Callable[[dict[str, Any], Any], Any], Callable[[Any, Any], None]]] = {
    "naval": (_naval_memory, _naval_recall),
}
"""Games whose opponent models remember what they saw: ``(update, recall)``; ``update(side's
view, memory so far) -> memory`` brings the enemy's memory up to this turn from the side's
own view, ``recall(model, memory)`` sets it into a model (which then plays the rollouts as
the enemy's player would, knowing what it knows; :func:`hexplay.games.naval.ai.plans.enemy_memory`:
it knows). The naval scripted player steers for the last sighting of an enemy it has lost."""


def _scripted(game_name: str) -> Callable[[str, int], list[tuple[str, Policy]]]:
    """A game's scripted player as the base policy (its variants are made per decision)."""

    def make(side: str, seed: int) -> list[tuple[str, Policy]]:
        from ..registry import game_entry

        return [("default", game_entry(game_name).player("scripted", side, seed=seed))]

    return make


def _label(knobs: dict[str, Any]) -> str:
    return ",".join(f"{k}={v}" for k, v in knobs.items()) or "default"


def _plan_label(knobs: dict[str, Any], defaults: dict[str, Any]) -> str:
    """A whole plan's name: its knobs that differ from the defaults."""
    return _label({k: v for k, v in knobs.items() if defaults.get(k) != v})


def _named_players(name: str) -> Callable[[str, int], list[tuple[str, Policy]]]:
    """A game without a candidate table: its registered players (not random, not search),
    the first being the base policy, then the same played with another random stream."""

    def make(side: str, seed: int) -> list[tuple[str, Policy]]:
        from ..registry import game_entry

        e = game_entry(name)
        named = [p for p in e.player_names() if p not in ("random", "search")] or ["random"]
        out = [(p, e.player(p, side, seed=seed)) for p in named]
        out += [
            (f"{p}#{k}", e.player(p, side, seed=seed + 7919 * k)) for p in named[:1] for k in (1,)
        ]
        return out

    return make


CANDIDATES: dict[str, Callable[[str, int], list[tuple[str, Policy]]]] = {
    "skirmish": _tactic_variants,
    "aggressor": _scripted("aggressor"),
    "naval": _scripted("naval"),
}
"""Candidate policies by game (``f(side, seed) -> [(label, player)]``, the base first); a game
not listed gets :func:`_named_players` (its registry's players and reseeded copies). The
naval base policy is the scripted player with its default plan; its plans are its knob
variants (:data:`VARIANTS`)."""

OPPONENTS: dict[str, Callable[[str, int], list[tuple[str, Policy]]]] = {}
"""Opponent models by game (the same form); a game not listed gets its base policy only: the
enemy is modelled as the game's default fast player (the decoupled selection then has one arm)."""


SETUP_SEEDS = 8
"""Set-up candidates per decision: the tactic player with this many random streams (each
draws its own route, ambush point and stations, or escort places)."""


def _tactic_setups(side: str, seed: int) -> list[tuple[str, Policy]]:
    """SKIRMISH set-up candidates: the adversary's tactic player with :data:`SETUP_SEEDS`
    streams (the convoy's set-up is its crew plan, fixed by the scenario: none)."""
    from ..games.skirmish.ai.tactics import _player_seed, tactic

    if side != "adversary":
        return []
    out = []
    for j in range(SETUP_SEEDS):
        s = _player_seed(seed, 0 if side == "adversary" else 1) + 15485863 * j
        out.append((f"setup#{j}", tactic(side, seed=s, **BASE_KNOBS[side])))
    return out


AGGRESSOR_ARMIES: dict[str, dict[str, int]] = {
    "all armour": {"Armor": 18},
    "armour 15, air 3": {"Armor": 15, "Airbase": 3},
    "armour 16, artillery 2": {"Armor": 16, "Artillery": 2},
    "armour 17, support 1": {"Armor": 17, "Support": 1},
    "armour 14": {"Armor": 14, "Artillery": 2, "Airbase": 1, "Support": 1},
    "armour 10": {"Armor": 10, "Infantry": 2, "Artillery": 3, "Airbase": 2, "Support": 1},
    "armour 9, artillery 6": {"Armor": 9, "Artillery": 6, "Airbase": 2, "Support": 1},
    "computer": {
        "Armor": 7,
        "Infantry": 4,
        "Artillery": 3,
        "Airbase": 2,
        "Missile": 1,
        "Support": 1,
    },
}
"""AGGRESSOR set-up candidates: armies of 18 (the digest lets each side choose its units
freely), each placed by :func:`hexplay.games.aggressor.ai.plans.plan_setup` and played by the
scripted commander. Pilot (each army fixed, against the scripted player with the computer's
army, sides alternating; seeds 50000-50399, apart from the benchmark's): the computer's army
scores 0.527 of 200 games; armour 10: 0.667, armour 9 with 6 artillery 0.713, armour 14
0.88, all armour 0.91 and 0.90 (two sets of 200), armour 16 with 2 artillery 0.93, 17 with a
support unit 0.92, 15 with 3 airbases 0.94 (200 each), while more artillery (6 of 18: 0.47),
airbases (5: 0.41), missiles (3: 0.47), infantry (8: 0.24) or support (3: 0.43) than the
computer's all scored less. Armour (range 3, strength 3) is the strongest unit in the open and
the scripted front is seven of them: the army decides more than any turn knob (the knob
tournament found no knob set better than the default beyond noise). All armour comes first
(the set-up search never drops its first candidate); the computer's army last, as the check
that the search tells them apart."""


def _aggressor_setups(side: str, seed: int) -> list[tuple[str, Policy]]:
    """AGGRESSOR set-up candidates: the scripted commander with each army of
    :data:`AGGRESSOR_ARMIES` (its own random stream for the rows)."""
    from ..games.aggressor.ai.plans import PlanPlayer

    return [
        (name, PlanPlayer(side, seed=seed + 15485863 * j, army=army))
        for j, (name, army) in enumerate(AGGRESSOR_ARMIES.items())
    ]


SETUPS: dict[str, Callable[[str, int], list[tuple[str, Policy]]]] = {
    "skirmish": _tactic_setups,
    "aggressor": _aggressor_setups,
}
"""Set-up candidates by game (``f(side, seed) -> [(label, player)]``): each one's set-up is
rolled out to the end of the game and the best one sets up and plays on."""


def candidates(game_name: str, side: str, seed: int) -> list[tuple[str, Policy]]:
    make = CANDIDATES.get(game_name) or _named_players(game_name)
    return make(side, seed)


def opponent_models(game_name: str, side: str, seed: int) -> list[tuple[str, Policy]]:
    make = OPPONENTS.get(game_name)
    if make is not None:
        return make(side, seed)
    return candidates(game_name, side, seed)[:1]


# --- scoring a rollout -----------------------------------------------------------------------
def _aggressor_score(out: dict[str, Any], side: str) -> float:
    """AGGRESSOR unfinished: sectors held (the victory condition) and units left."""
    enemy = "east" if side == "west" else "west"
    d = (out.get(f"sectors_{side}", 0) - out.get(f"sectors_{enemy}", 0)) + 0.25 * (
        out.get(f"units_{side}", 0) - out.get(f"units_{enemy}", 0)
    )
    return 1 / (1 + math.exp(-d / 2))


def _naval_score(out: dict[str, Any], side: str) -> float:
    """Naval unfinished: the victory points (the scenario's victory schedule)."""
    enemy = "usn" if side == "ijn" else "ijn"
    d = out.get(f"vp_{side}", 0) - out.get(f"vp_{enemy}", 0)
    return 1 / (1 + math.exp(-d / 6))


HEURISTICS: dict[str, Callable[[dict[str, Any], str], float]] = {
    "aggressor": _aggressor_score,
    "naval": _naval_score,
}
"""Value in [0, 1] for ``side`` of an unfinished rollout, from ``outcome()``, by game (others:
0.5, a draw)."""


def score(game: Any, side: str) -> float:
    """1 for a win of ``side``, 0 for a loss, 0.5 for a draw; an unfinished game by the game's
    heuristic (:data:`HEURISTICS`)."""
    out = game.outcome()
    if game.over:
        w = out.get("winner")
        return 0.5 if w is None else float(w == side)
    h = HEURISTICS.get(game.info.name)
    return 0.5 if h is None else float(h(out, side))


# --- worlds ----------------------------------------------------------------------------------
def reopen_turn(game: Any, side: str) -> Any:
    """A copy in which the enemies' orders of this turn (simultaneous plots, secret from
    ``side``) are not given: replayed from the turn's start without their commands
    (:func:`reopen_turn_replay`), or, for a game with the hook ``reopen_plot(side)`` (which
    takes a side's plot of this turn back in place, equal to that replay: tested for every
    game that has it), a :func:`rollout_copy` with each enemy's plot taken back. An
    unchanged copy (the search only samples worlds from it) when they have given none."""
    cmds = game.commands.commands
    start = game.commands.marks.get(game.turn, len(cmds))
    enemies = [s for s in game.sides if s != side]
    if not game.info.simultaneous or not any(c.args.get("side") in enemies for c in cmds[start:]):
        return rollout_copy(game)
    if callable(getattr(game, "reopen_plot", None)):
        twin = rollout_copy(game)
        for s in enemies:
            twin.reopen_plot(s)
        return twin
    return reopen_turn_replay(game, side)


def reopen_turn_replay(game: Any, side: str) -> Any:
    """:func:`reopen_turn` by replay, for every game: a new game given the commands before
    this turn, then this turn's without the enemies' (for a long game, the whole game's
    orders again)."""
    from ..engine.dice import fresh_like
    from ..engine.record import apply_commands

    cmds = game.commands.to_list()
    start = game.commands.marks.get(game.turn, len(cmds))
    enemies = [s for s in game.sides if s != side]
    twin = type(game)._fresh(game.scenario_dict(), game.map, fresh_like(game.dice))
    apply_commands(twin, cmds[:start])
    apply_commands(twin, [c for c in cmds[start:] if c["args"].get("side") not in enemies])
    return twin


def reseed(game: Any, seed: int) -> None:
    """Give ``game`` (a throw-away world) a fresh dice stream: its past rolls are dropped, its
    future ones drawn from ``seed`` (the real game's future rolls are hidden information)."""
    state = np.random.PCG64(int(seed)).state
    game.dice.set_state({"bit_generator": state, "rolls": []})


def _copy_with(game: Any, objs: Any) -> Any:
    """Deep copies of ``objs`` sharing the game's per-map tables (players hold references)."""
    memo: dict[int, Any] = {}
    if game is not None:
        memo = {id(o): o for o in getattr(game, "_shared", lambda: (game.map,))()}
        if hasattr(game, "terrain"):
            memo[id(game.terrain)] = game.terrain
    for p in objs.values() if isinstance(objs, dict) else (objs,):
        tables = getattr(p, "_tables", None)  # a player's per-map table (SKIRMISH's terrain)
        if tables is not None:
            memo[id(tables)] = tables
    return copy.deepcopy(objs, memo)


# --- the player ------------------------------------------------------------------------------
class SearchPlayer(GamePlayer):
    """Chooses each turn's orders among candidate policies by determinized rollouts (see the
    module docstring). ``last`` holds the statistics of the latest decision."""

    name = "search"

    def __init__(
        self,
        side: str,
        seed: int = 0,
        budget: SearchBudget | None = None,
        policies: Sequence[tuple[str, Policy]] | None = None,
        opponents: dict[str, Sequence[tuple[str, Policy]]] | None = None,
        **budget_kw: Any,
    ) -> None:
        super().__init__(side, seed)
        self.budget = budget or SearchBudget(**budget_kw)
        self._policies = list(policies) if policies is not None else None
        self._variants = policies is None  # the game's variants table, unless policies given
        self._opponents = dict(opponents) if opponents is not None else None
        self._exp3: dict[str, np.ndarray] = {}
        self._memory: dict[str, Any] = {}
        self.decisions = 0
        self.last: dict[str, Any] = {}
        self.seconds: list[float] = []
        self.cpu_seconds: list[float] = []
        """Process (CPU) time of each turn's decision (:attr:`seconds`: wall time)."""
        self.setup_seconds = 0.0
        """Wall time of the set-up decision (:attr:`seconds`: of each turn's)."""

    # the candidates are made when the game is known (its name picks the table)
    def _setup_policies(self, game: Any) -> None:
        name = game.info.name
        if self._policies is None:
            self._policies = candidates(name, self.side, self._seed)
        if self._opponents is None:
            self._opponents = {
                s: opponent_models(name, s, self._seed + 104729 * (i + 1))
                for i, s in enumerate(game.sides)
                if s != self.side
            }

    @property
    def policies(self) -> list[tuple[str, Policy]]:
        return list(self._policies or [])

    def act(self, game: Any) -> None:
        if self.side not in game.to_act():
            return
        self._setup_policies(game)
        assert self._policies is not None
        if game.phase == "setup":
            self._setup(game)
            return
        if not self.budget.turns:  # committed: the set-up's choice plays on
            self._policies[0][1].act(game)
            return
        t0, c0 = time.perf_counter(), time.process_time()
        name = game.info.name
        self._remember(game)
        variants = VARIANTS.get(name) if self._variants else None
        committed = COMMITTED.get(name) if self._variants else None
        if variants is not None and committed is not None:  # the incumbent plan, then the rest
            knob_sets, make = variants
            base = self._policies[0][1]
            defaults = committed()
            plans = [{**defaults, **k} for k in knob_sets(self.side)]
            self._policies = [(_plan_label(base.knobs, defaults), make(base, {}))] + [
                (_plan_label(k, defaults), make(base, k)) for k in plans if k != base.knobs
            ]
        elif variants is not None:  # this decision's candidates: variants of the base as it is
            knob_sets, make = variants
            base = self._policies[0][1]
            self._policies = [(_label(k), make(base, k)) for k in knob_sets(self.side)]
        k = self.decide(game)
        self.seconds.append(time.perf_counter() - t0)
        self.cpu_seconds.append(time.process_time() - c0)
        chosen = self._policies[k][1]
        chosen.act(game)
        if committed is not None:  # the plan played is the new base, its knobs kept
            self._policies[0] = (self._policies[k][0], chosen)
        elif variants is not None:  # the played variant, its knobs put back, is the new base
            self._policies[0] = (self._policies[0][0], variants[1](chosen, base.knobs))

    def _remember(self, game: Any) -> None:
        """Bring the opponent models' memories up to this turn (:data:`MODEL_MEMORY`), from
        the side's own view."""
        hook = MODEL_MEMORY.get(game.info.name)
        if hook is None or self._opponents is None:
            return
        update, recall = hook
        view = game.view(self.side)
        for s, models in self._opponents.items():
            self._memory[s] = update(view, self._memory.get(s))
            for _name, model in models:
                recall(model, self._memory[s])

    def _setup(self, game: Any) -> None:
        """The set-up: by the base policy, or (``setup_iterations``) by the set-up candidate
        that scores best in rollouts of whole games; it then becomes the base policy."""
        assert self._policies is not None
        make = SETUPS.get(game.info.name)
        n_it = self.budget.setup_iterations
        if make is None or n_it == 0:
            self._policies[0][1].act(game)
            return
        setups = make(self.side, self._seed)
        if len(setups) < 2:
            self._policies[0][1].act(game)
            return
        t0 = time.perf_counter()
        turn_policies = self._policies
        self._policies = setups
        budget = self.budget  # set-ups are rolled out to the end of the game (no horizon)
        self.budget = dataclasses.replace(budget, horizon=None)
        try:
            k = self.decide(game, iterations=n_it, margin=0.0)
        finally:
            self.budget = budget
        self.setup_seconds = time.perf_counter() - t0
        chosen = self._policies[k]
        chosen[1].act(game)
        self._policies = [chosen, *turn_policies[1:]]

    # --- the search ------------------------------------------------------------------------
    def decide(self, game: Any, iterations: int | None = None, margin: float | None = None) -> int:
        """Index of the candidate policy chosen for this turn (statistics in :attr:`last`);
        ``iterations`` and ``margin`` default to the budget's and :attr:`SWITCH_MARGIN`."""
        assert self._policies is not None and self._opponents is not None
        self.decisions += 1
        rng = np.random.default_rng([self._seed, game.turn, self.decisions])
        n = len(self._policies)
        b = self.budget
        if iterations is not None:
            b = SearchBudget(
                iterations=iterations, horizon=b.horizon, max_turns=b.max_turns, seconds=None
            )
        if margin is None:
            margin = SWITCH_MARGINS.get(game.info.name, self.SWITCH_MARGIN)
        base = reopen_turn(game, self.side)
        sample = hidden_sampler(base)
        alive = list(range(min(n, b.iterations)))
        wins = np.zeros(n)
        plays = np.zeros(n)
        phases = max(1, math.ceil(math.log2(len(alive)))) if len(alive) > 1 else 1
        deadline = None if b.seconds is None else time.perf_counter() + b.seconds
        used = 0
        for phase in range(phases):
            left = b.iterations - used
            share = left // (phases - phase)
            rounds = max(1, share // len(alive))
            phase_end = (
                None
                if deadline is None
                else time.perf_counter() + (deadline - time.perf_counter()) / (phases - phase)
            )
            for _ in range(rounds):
                if used + len(alive) > b.iterations and used > 0:
                    break
                if phase_end is not None and time.perf_counter() > phase_end and plays.any():
                    break
                world = sample(base, self.side, rng)
                dice_seed = int(rng.integers(2**63))
                enemy = {s: self._exp3_pick(s, rng) for s in self._opponents}
                for k in alive:
                    v = self._rollout(world, k, enemy, dice_seed)
                    wins[k] += v
                    plays[k] += 1
                    used += 1
                    for s, j in enemy.items():
                        self._exp3_update(s, j, 1.0 - v)
            if len(alive) > 1 and phase < phases - 1:  # the base policy is never dropped
                mean = wins[alive] / np.maximum(plays[alive], 1)
                order = sorted(range(len(alive)), key=lambda i: (alive[i] != 0, -mean[i], alive[i]))
                alive = sorted(alive[i] for i in order[: max(1, math.ceil(len(alive) / 2))])
        mean = np.where(plays > 0, wins / np.maximum(plays, 1), -1.0)
        best = min(alive, key=lambda k: (-mean[k], k))
        if best != 0 and mean[best] - mean[0] < margin:
            best = 0  # (not enough evidence against the base policy: keep it)
        self.last = {
            "turn": game.turn,
            "chosen": self._policies[best][0],
            "rollouts": used,
            "values": {self._policies[k][0]: (float(mean[k]), int(plays[k])) for k in range(n)},
        }
        return best

    def _rollout(self, world: Any, k: int, enemy: dict[str, int], dice_seed: int) -> float:
        """Candidate ``k`` plays this turn and on, the enemy models ``enemy``, on a copy of
        ``world`` with dice from ``dice_seed``; the score for the side."""
        assert self._policies is not None and self._opponents is not None
        w = rollout_copy(world)
        reseed(w, dice_seed)
        players = {self.side: self._policies[k][1]}
        players.update({s: self._opponents[s][j][1] for s, j in enemy.items()})
        players = _copy_with(w, players)
        b = self.budget
        start = w.turn
        limit = b.max_turns if b.horizon is None else min(b.max_turns, b.horizon)
        while not w.over and w.turn - start < limit:
            sides = w.to_act()
            if not sides:
                w.advance()
                continue
            before = (len(w.commands.commands), sides)
            for s in sides:
                players[s].act(w)
            if (len(w.commands.commands), w.to_act()) == before:
                break  # a model that cannot act: score what there is
        return score(w, self.side)

    SWITCH_MARGIN = 0.2
    """A candidate replaces the base policy only if its mean score beats the base's by this
    much on the same worlds (rollouts are few and binary: a chance lead is not a reason to
    leave the policy that set the game up)."""

    # Exp3 over each enemy's opponent models (decoupled from the side's own choice)
    EXP3_GAMMA = 0.2
    """Exploration share of Exp3 (models are few and rollouts scarce: explore a fifth)."""

    def _exp3_pick(self, side: str, rng: np.random.Generator) -> int:
        m = len(self._opponents[side])
        w = self._exp3.setdefault(side, np.zeros(m))
        p = self._exp3_probs(w)
        return int(rng.choice(m, p=p))

    def _exp3_probs(self, w: np.ndarray) -> np.ndarray:
        m = len(w)
        e = np.exp(w - w.max())
        return (1 - self.EXP3_GAMMA) * e / e.sum() + self.EXP3_GAMMA / m

    def _exp3_update(self, side: str, j: int, reward: float) -> None:
        w = self._exp3[side]
        if len(w) < 2:
            return
        p = self._exp3_probs(w)[j]
        w[j] += self.EXP3_GAMMA * (reward / p) / len(w)


SWITCH_MARGINS: dict[str, float] = {"naval": 0.2}
""":attr:`SearchPlayer.SWITCH_MARGIN` by game, where it differs."""


def search(side: str, seed: int = 0, **knobs: Any) -> SearchPlayer:
    """The search player for ``side`` (registry factory ``f(side, seed=0)``); knobs are
    :class:`SearchBudget`'s fields (``iterations``, ``seconds``, ``horizon``, ``max_turns``)."""
    return SearchPlayer(side, seed=seed, budget=SearchBudget(**knobs))


def search_for(game_name: str) -> Callable[..., SearchPlayer]:
    """The registry factory of game ``game_name`` with that game's default budget
    (:data:`DEFAULT_BUDGETS`)."""

    def make(side: str, seed: int = 0, **knobs: Any) -> SearchPlayer:
        return search(side, seed=seed, **{**DEFAULT_BUDGETS.get(game_name, {}), **knobs})

    make.__name__ = f"search_{game_name}"
    return make


DEFAULT_BUDGETS: dict[str, dict[str, Any]] = {
    "skirmish": {"iterations": 4, "setup_iterations": 16},
    "aggressor": {"setup_iterations": 8, "turns": False},
    "naval": {"iterations": 2, "horizon": 2},
    "ambush": {"iterations": 4},
}
"""Budgets of the registry's ``search`` player by game: small, so that a decision takes a
fraction of a second on one core (SKIRMISH's set-up: about a second) and the registry-wide
tests stay quick; pass ``iterations=`` / ``seconds=`` for a stronger player (the strength figures of
``benchmarks/search.py`` use 16 iterations in SKIRMISH). AGGRESSOR and naval rollouts stop
after ``horizon`` turns (a copy of their state costs 25-50 ms) and are scored by
:data:`HEURISTICS`. AGGRESSOR's set-up (its army, :data:`AGGRESSOR_ARMIES`) is searched with 8
rollouts of whole games (a set-up copy is cheap: some 0.3 s of one core), then the chosen plan
plays every turn (``turns=False``): that is the measured strength (a turn search on top was no
better, see the module docstring), and it keeps the default player wholly fog-fair, since the
turn sampler still takes *which* enemy units are alive from the true state
(:func:`~hexplay.games.aggressor.ai.sampler.sample`); pass ``turns=True`` for the turn search."""

search_skirmish = search_for("skirmish")
search_aggressor = search_for("aggressor")
search_naval = search_for("naval")
search_ambush = search_for("ambush")
