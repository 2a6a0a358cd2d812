"""A search-based computer player for any registered game: determinized Monte Carlo over whole
turns, with the game's fast players as the actions and the rollouts.

**Algorithm.** At each decision (one side's plot of a simultaneous turn, or its whole turn
under alternating turns) the player chooses which of a small set of *candidate policies* —
the game's fast players under different parameters (:attr:`SearchSettings.candidates`) —
gives this turn's orders. It scores every candidate by rollouts: a *world* is drawn that the
side cannot tell from the true state (the game's hidden-state sampler,
:mod:`hexplay.ai.samplers`, with fresh dice: the true dice stream is hidden information too),
the candidate plays this turn and the rest of the game (or :attr:`SearchBudget.horizon` turns,
then a heuristic), the enemy played by an opponent model. It is

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

**Why not search raw orders.** A plot or turn of a wargame is a joint order of many units
with paths and targets (thousands of combinations per unit), and a copy of a game mid-way
costs milliseconds to tens of them. A budget of about a second per decision affords tens of
rollouts, which a raw-order tree cannot use; a few whole-turn candidates it can rank. The
candidates come from the fast players, so the search is as strong as their variety.

**Fog-fairness.** The search reads the game only through ``view(side)`` and ``legal_orders``
*indirectly*: it hands the game to the game's sampler, whose draws should not depend on the
hidden state (two states the side cannot tell apart give the same sample for the same random
stream: ``tests/test_search.py`` checks it on the sampler's own twins), reopens the enemy's
secret plot of this turn (replaying the turn without the enemy's commands) and re-seeds the
dice from its own stream. The orders it gives on the real game are the chosen candidate's, a
fog-fair player. What a sampler keeps as it really is stays true in every world (each game's
sampler says what it draws anew and what it keeps; ``tests/test_fog_fair.py``).

**The set-up** is a decision too (``setup_iterations``): a game's set-up candidates
(:attr:`SearchSettings.setups`) are each rolled out to the end of the game and chosen by the
same sequential halving with common random numbers and no margin (no set-up is the default
one); with ``turns=False`` the chosen set-up's policy then plays every turn (*commits*).
Games whose candidates are whole plans that differ in kind commit to a plan across turns
(:attr:`SearchSettings.committed`), and opponent models may remember what the enemy saw
(:attr:`SearchSettings.memory`). Each game's settings module (its plugin record's ``search``
part) says what its candidates are and what they were measured to give.

**Budget.** :class:`SearchBudget`: ``iterations`` (rollouts per decision; the same seed and
budget give the same game) or ``seconds`` per decision (stops when the time is up; not
reproducible); ``setup_iterations`` for the set-up (0: the base policy sets up). The
registry's ``search`` player of a game starts from its settings' budget
(:attr:`SearchSettings.budget`).

**Cost.** A rollout starts from :func:`hexplay.ai.worlds.rollout_copy`, which shares the
records of the past instead of deep-copying them (mid-game ~1 ms instead of ~10-30 ms); the
samplers' worlds are made the same way. The enemy's secret plot of this turn is taken back by
the game's ``reopen_plot`` hook where it has one (in place on a rollout copy, equal to the
replay :func:`reopen_turn_replay`, which costs the whole game's orders again). Players hold
per-map memos that a copy must share (a player's ``__deepcopy__`` may share them: copying
them cost a decision most of its time, and more as the memos grew). What a decision costs is
measured, not stated by hand: ``benchmarks/search.py --json docs/evidence/search.json`` and
``benchmarks/search_budgets.py`` save each game's figures, the documentation's evidence page
shows them, each game's settings module cites them by name, and ``tests/test_search_figures.py``
checks every cost a docstring cites against them.
"""

from __future__ import annotations

import copy
import dataclasses
import math
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from .player import GamePlayer
from .samplers import hidden_sampler
from .worlds import rollout_copy

Policy = Any  # a GamePlayer: ``act(game)`` does its side's part now
Policies = Callable[[str, int], list[tuple[str, Policy]]]
"""``f(side, seed) -> [(label, player)]``: candidate policies of a side."""


@dataclass(frozen=True)
class SearchBudget:
    """How much the player searches per decision.

    ``iterations``: rollouts per decision (deterministic). ``seconds``: wall time per decision
    instead (when given, ``iterations`` is the most it may use). ``horizon``: turns a rollout
    plays before the position is scored by the game's heuristic (None: to the end of the
    game). ``max_turns``: a hard cap on any rollout's length (the heuristic scores it there).
    ``setup_iterations``: rollouts of the set-up decision, a choice among the game's set-up
    candidates (:attr:`SearchSettings.setups`; 0: the base policy sets up). ``turns``: False,
    no search after set-up: the policy chosen at set-up plays every turn (committed to its plan).
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


def knob_variant(player: Any, knobs: dict[str, Any]) -> Any:
    """A copy of the knob-driven player ``player`` (its memory and random stream: what it
    learnt at set-up, its last sightings) playing with ``knobs`` over its own (through the
    player's checked ``set_knobs`` hook)."""
    p = _copy_with(None, player)
    p.set_knobs(**knobs)
    return p


@dataclass(frozen=True)
class SearchSettings:
    """A game's settings of the search player: the ``search`` part of its plugin record
    (its ``SETTINGS``, in the game's own package). Every field is optional; a game without
    settings gets the defaults (its registered players as candidates, a draw's value for an
    unfinished rollout)."""

    candidates: Policies | None = None
    """Candidate policies of each turn, the base policy first; None: the game's registered
    players (not random, not search) and the first of them with another random stream."""

    opponents: Policies | None = None
    """The enemy's opponent models (the same form); None: the side's base policy only (the
    enemy is modelled as the game's default fast player; the decoupled selection then has
    one arm)."""

    variants: Callable[[str], list[dict[str, Any]]] | None = None
    """Knob sets of a side (the first: none) when the candidates are *variants of one
    player*: the candidates of each decision are made from the base policy as it stands (so
    they keep what it learnt at set-up) by :attr:`variant`, and the one played becomes the
    base, its knobs put back (with :attr:`committed`: kept). None: the candidates are fixed."""

    variant: Callable[[Any, dict[str, Any]], Any] = knob_variant
    """Makes a variant of the base policy with a knob set (:func:`knob_variant`)."""

    committed: Callable[[], dict[str, Any]] | None = None
    """The game's default knobs, when the search *commits to a plan*: each knob set of
    :attr:`variants` is a whole plan applied over them, the plan played last is the first
    candidate (the incumbent, which the margin protects) and stays the base for the next turn
    (a side that turns from one plan to another every turn does neither)."""

    memory: tuple[Callable[[dict[str, Any], Any], Any], Callable[[Any, Any], None]] | None = None
    """``(update, recall)`` when the opponent models remember what they saw:
    ``update(side's view, memory so far) -> memory`` brings the enemy's memory up to this turn
    from the side's own view, ``recall(model, memory)`` sets it into a model (which then plays
    the rollouts as the enemy's player would, knowing what it knows)."""

    setups: Policies | None = None
    """Set-up candidates: each one's set-up is rolled out to the end of the game and the best
    one sets up and plays on (an empty list: the base policy sets up)."""

    heuristic: Callable[[dict[str, Any], str], float] | None = None
    """Value in [0, 1] for a side of an unfinished rollout, from ``outcome()``; None: 0.5."""

    switch_margin: float | None = None
    """:attr:`SearchPlayer.SWITCH_MARGIN` for this game, where it is set."""

    seeded: Callable[..., Any] | None = None
    """``f(side, seed, base, **budget)``: the game's search player with another base policy,
    the knob set ``base`` of its fast player (a dict, or a found attack:
    ``"found:<file>[#k=v,...]"``, :func:`base_knobs`); the registry's ``search`` player takes
    ``base=`` when the game declares it. None: its search player takes no base."""

    budget: Mapping[str, Any] = field(default_factory=dict)
    """The registry's ``search`` player's budget (:class:`SearchBudget` fields; a caller's
    knobs override them): small, so that a decision takes a fraction of a second on one core
    and the registry-wide tests stay quick."""


DEFAULT_SETTINGS = SearchSettings()
"""The settings of a game whose plugin record declares none."""


def settings_of(game_name: str) -> SearchSettings:
    """The search settings of the registered game ``game_name`` (its record's ``search``
    part, else :data:`DEFAULT_SETTINGS`)."""
    from ..registry import game_entry

    return game_entry(game_name).part("search") or DEFAULT_SETTINGS


def knob_label(knobs: dict[str, Any]) -> str:
    """A candidate's name: its knobs, ``k=v`` joined by commas (none: ``default``)."""
    return ",".join(f"{k}={v}" for k, v in knobs.items()) or "default"


def _plan_label(knobs: dict[str, Any], defaults: dict[str, Any]) -> str:
    """A whole plan's name: its knobs that differ from the defaults."""
    return knob_label({k: v for k, v in knobs.items() if defaults.get(k) != v})


def _named_players(name: str, side: str, seed: int) -> list[tuple[str, Policy]]:
    """A game without candidates of its own: its registered players (not random, not search),
    the first being the base policy, then the same played with another random stream."""
    from ..registry import game_entry

    e = game_entry(name)
    named = [p for p in e.player_names() if p not in ("random", "search")] or ["random"]
    out = [(p, e.player(p, side, seed=seed)) for p in named]
    out += [(f"{p}#{k}", e.player(p, side, seed=seed + 7919 * k)) for p in named[:1] for k in (1,)]
    return out


def candidates(game_name: str, side: str, seed: int) -> list[tuple[str, Policy]]:
    """The candidate policies of ``side`` in game ``game_name``, the base first."""
    make = settings_of(game_name).candidates
    return make(side, seed) if make is not None else _named_players(game_name, side, seed)


def opponent_models(game_name: str, side: str, seed: int) -> list[tuple[str, Policy]]:
    """The opponent models of ``side`` (the enemy's player in rollouts)."""
    make = settings_of(game_name).opponents
    if make is not None:
        return make(side, seed)
    return candidates(game_name, side, seed)[:1]


# --- scoring a rollout -----------------------------------------------------------------------
def score(game: Any, side: str) -> float:
    """1 for a win of ``side``, 0 for a loss, 0.5 for a draw; an unfinished game by the game's
    heuristic (:attr:`SearchSettings.heuristic`)."""
    out = game.outcome()
    if game.over:
        w = out.get("winner")
        return 0.5 if w is None else float(w == side)
    h = settings_of(game.info.name).heuristic
    return 0.5 if h is None else float(h(out, side))


# --- worlds ----------------------------------------------------------------------------------
def reopen_turn(game: Any, side: str) -> Any:
    """A copy in which the enemies' orders of this turn (simultaneous plots, secret from
    ``side``) are not given: a :func:`rollout_copy` with each enemy's plot taken back by the
    game's hook ``reopen_plot(side)`` (in place, equal to the replay: tested for every game
    that has it), else replayed from the turn's start without their commands
    (:func:`reopen_turn_replay`). An unchanged copy (the search only samples worlds from it)
    when they have given none."""
    cmds = game.commands.commands
    start = game.commands.marks.get(game.turn, len(cmds))
    enemies = [s for s in game.sides if s != side]
    if not game.info.simultaneous or not any(c.args.get("side") in enemies for c in cmds[start:]):
        return rollout_copy(game)
    twin = rollout_copy(game)
    if all(twin.reopen_plot(s) for s in enemies):
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
    """Deep copies of ``objs`` (players) sharing the game's ``shared()`` objects and each
    player's own ``shared()`` (per-map tables they hold references to)."""
    memo: dict[int, Any] = {} if game is None else {id(o): o for o in game.shared()}
    for p in objs.values() if isinstance(objs, dict) else (objs,):
        for o in getattr(p, "shared", tuple)():  # (GamePlayer.shared; else nothing)
            memo[id(o)] = o
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
        self.setup_cpu_seconds = 0.0
        """Process (CPU) time of the set-up decision."""

    # the candidates are made when the game is known (its settings make them)
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
        settings = settings_of(game.info.name)
        self._remember(game, settings)
        variants = settings.variants if self._variants else None
        committed = settings.committed if self._variants else None
        make = settings.variant
        if variants is not None and committed is not None:  # the incumbent plan, then the rest
            knob_sets = variants
            base = self._policies[0][1]
            defaults = committed()
            plans = [{**defaults, **k} for k in knob_sets(self.side)]
            self._policies = [(_plan_label(base.knobs, defaults), make(base, {}))] + [
                (_plan_label(k, defaults), make(base, k)) for k in plans if k != base.knobs
            ]
        elif variants is not None:  # this decision's candidates: variants of the base as it is
            base = self._policies[0][1]
            self._policies = [(knob_label(k), make(base, k)) for k in variants(self.side)]
        k = self.decide(game)
        self.seconds.append(time.perf_counter() - t0)
        self.cpu_seconds.append(time.process_time() - c0)
        chosen = self._policies[k][1]
        chosen.act(game)
        if committed is not None:  # the plan played is the new base, its knobs kept
            self._policies[0] = (self._policies[k][0], chosen)
        elif variants is not None:  # the played variant, its knobs put back, is the new base
            self._policies[0] = (self._policies[0][0], make(chosen, base.knobs))

    def _remember(self, game: Any, settings: SearchSettings) -> None:
        """Bring the opponent models' memories up to this turn
        (:attr:`SearchSettings.memory`), from the side's own view."""
        hook = settings.memory
        if hook is None or self._opponents is None:
            return
        update, recall = hook
        view = game.view(self.side)
        for s, models in self._opponents.items():
            self._memory[s] = update(view, self._memory.get(s))
            for _name, model in models:
                recall(model, self._memory[s])

    def _setup_candidates(self, game: Any) -> list[tuple[str, Policy]]:
        """The set-up candidates (:attr:`SearchSettings.setups`; none if the game has
        none). A subclass may draw them otherwise (e.g. from another base policy)."""
        make = settings_of(game.info.name).setups
        return list(make(self.side, self._seed)) if make is not None else []

    def _setup(self, game: Any) -> None:
        """The set-up: by the base policy, or (``setup_iterations``) by the set-up candidate
        that scores best in rollouts of whole games; it then becomes the base policy."""
        assert self._policies is not None
        n_it = self.budget.setup_iterations
        setups = self._setup_candidates(game) if n_it else []
        if len(setups) < 2:
            self._policies[0][1].act(game)
            return
        t0, c0 = time.perf_counter(), time.process_time()
        turn_policies = self._policies
        self._policies = setups
        budget = self.budget  # set-ups are rolled out to the end of the game (no horizon)
        self.budget = dataclasses.replace(budget, horizon=None)
        try:
            k = self.decide(game, iterations=n_it, margin=0.0)
        finally:
            self.budget = budget
        self.setup_seconds = time.perf_counter() - t0
        self.setup_cpu_seconds = time.process_time() - c0
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
            own = settings_of(game.info.name).switch_margin
            margin = self.SWITCH_MARGIN if own is None else own
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
        assert self._opponents is not None  # set by the search before any pick
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


def search(side: str, seed: int = 0, **knobs: Any) -> SearchPlayer:
    """The search player for ``side`` (registry factory ``f(side, seed=0)``); knobs are
    :class:`SearchBudget`'s fields (``iterations``, ``seconds``, ``horizon``, ``max_turns``)."""
    return SearchPlayer(side, seed=seed, budget=SearchBudget(**knobs))


def search_for(settings: SearchSettings) -> Callable[..., SearchPlayer]:
    """A game's registry factory of the search player: :func:`search` with the budget of the
    game's ``settings`` (:attr:`SearchSettings.budget`), a caller's knobs over it; with
    ``base=`` (a knob set of the game's fast player, or ``"found:<file>[#k=v,...]"``), the
    game's search player seeded with that base policy (:attr:`SearchSettings.seeded`)."""

    def make(side: str, seed: int = 0, base: Any = None, **knobs: Any) -> SearchPlayer:
        budget = {**settings.budget, **knobs}
        if base is None:
            return search(side, seed=seed, **budget)
        if settings.seeded is None:
            raise ValueError("this game's search player takes no base policy (no 'seeded')")
        return settings.seeded(side, seed, base, **budget)

    return make


FOUND = "found:"
"""The prefix of a base policy read from a file of found knob sets."""


def found_knob_sets(
    path: Any, game: str, side: str, scenario: Mapping[str, Any] | None = None
) -> list[dict[str, Any]]:
    """The knob sets of ``game``'s ``side`` in a file of found knob sets (a JSON list of records
    with ``game``, ``side``, ``scenario`` and ``knobs``, as
    :func:`hexplay.analysis.worstcase.save_found` writes), newest first, without repeats, only
    those whose scenario has the values ``scenario`` (compared as text); none if the file is
    absent."""
    import json
    from pathlib import Path

    p = Path(path)
    if not p.exists():
        return []
    out, seen = [], set()
    for r in reversed(json.loads(p.read_text())):
        have = r.get("scenario") or {}
        if r.get("game") != game or r.get("side") != side:
            continue
        if not all(k in have and str(have[k]) == str(v) for k, v in (scenario or {}).items()):
            continue
        key = json.dumps(r["knobs"], sort_keys=True, default=str)
        if key not in seen:
            seen.add(key)
            out.append(dict(r["knobs"]))
    return out


def base_knobs(base: Any, game: str, side: str) -> dict[str, Any]:
    """The knob set of a base policy: ``base`` itself if it is a mapping, or from a file of
    found knob sets (:func:`found_knob_sets`) if it is ``"found:<file>"`` (the newest knob set
    of ``game``'s ``side`` kept there) or ``"found:<file>#k=v,..."`` (the newest whose
    scenario has those values, e.g. ``"found:docs/evidence/found.json#n_guards=6"``); a
    ``ValueError`` if there is none."""
    if isinstance(base, Mapping):
        return dict(base)
    if not isinstance(base, str) or not base.startswith(FOUND):
        raise ValueError(f"base is a knob set or {FOUND!r}<file>[#k=v,...], not {base!r}")
    path, _, where = base[len(FOUND) :].partition("#")
    scenario = {}
    for item in filter(None, where.split(",")):
        k, eq, v = item.partition("=")
        if not eq:
            raise ValueError(f"{base!r}: {item!r} is not k=v")
        scenario[k.strip()] = v.strip()
    sets = found_knob_sets(path, game, side, scenario)
    if not sets:
        raise ValueError(f"{base!r}: no knob set of {game}'s {side} there (where {scenario})")
    return sets[0]
