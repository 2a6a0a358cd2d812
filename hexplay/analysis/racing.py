"""Racing noisy candidates with confidence bounds: which of several arms (attacks, defences)
has the highest win probability, with common random numbers and a game budget.

:func:`race` plays every surviving arm on the *same* games (game ``g`` of every arm uses the
same seed: common random numbers) in rungs of growing size, and after each rung drops an arm
only when the evidence says it is worse than the leader:

* **The test.** Two arms played on the same games differ only on their *discordant* games
  (one wins, the other loses). Given ``m`` discordant games, the arm's share ``c`` of them is
  binomial with ``q = P(arm wins | discordant)``, and the arm is worse than the leader exactly
  when ``q < 1/2`` (McNemar's paired comparison). An arm is dropped when the upper Wilson bound
  of ``q`` is below 1/2 at level ``delta / (arms x rungs)`` (a union bound over every test the
  race can make, so the chance that *any* dropped arm was in fact better than the leader it
  lost to is at most ``delta``). The test uses the pairing: with common seeds most games end
  alike for two similar arms, and a few discordant games decide, where the arms' own intervals
  would overlap for hundreds of games at P ~ 0.05 (the race of Maron & Moore, "Hoeffding
  races", NIPS 1994, with an exact paired test in place of Hoeffding's bound).
* **The budget.** ``budget`` caps the games of the whole race. When the next rung does not fit,
  the arms with the lowest estimates are dropped (successive halving, Karnin, Koren & Somekh,
  ICML 2013) until it does; those are marked ``"budget"`` and keep their upper bounds in the
  result, so a reader sees what was *not* excluded by evidence. Rungs go on (each doubling the
  last) until one arm is left or the budget is spent.

The arms' order is their priority: ties are broken toward the earlier arm, so a caller puts
the default and its warm starts (earlier winners) first. Nothing here knows a game: the caller
gives ``play(arms, start, n)``, the outcomes (1 a win, 0 a loss; 0.5 a draw counts half of a
discordance) of games ``start .. start + n - 1`` of each arm. The same ``play`` gives the same
race: the race itself draws no random number.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from statistics import NormalDist

import numpy as np

from .stats import wilson_interval

Play = Callable[[list[int], int, int], np.ndarray]
"""``play(arms, start, n)`` -> array ``(len(arms), n)`` of outcomes in [0, 1] of games
``start .. start + n - 1`` (the same seeds for every arm)."""

DELTA = 0.05
"""Default chance, over the whole race, that some arm dropped by the test was better than the
arm it lost to."""


@dataclass
class ArmRecord:
    """One arm's games in a race: its outcomes, and how and when it left (``fate``:
    ``"winner"``, ``"alive"`` at the end without being separated from the winner, ``"bound"``
    dropped by the test, ``"budget"`` dropped to fit the budget)."""

    arm: int
    outcomes: np.ndarray
    fate: str = "alive"
    rung: int | None = None
    """The rung after which it was dropped (None: never)."""
    beaten_by: int | None = None
    """The leader it was compared with when dropped."""
    gap_upper: float | None = None
    """Upper bound (at the race's level) of ``P(arm) - P(leader)`` when it was dropped: below 0
    when the test dropped it."""

    @property
    def games(self) -> int:
        return int(self.outcomes.size)

    @property
    def wins(self) -> float:
        return float(self.outcomes.sum())

    @property
    def p(self) -> float:
        return self.wins / self.games if self.games else float("nan")

    def interval(self, z: float) -> tuple[float, float]:
        return wilson_interval(self.wins, self.games, z)


@dataclass
class RaceResult:
    """What :func:`race` did: every arm's record, the winner, games spent, the level used."""

    arms: list[ArmRecord]
    winner: int
    games: int
    rungs: list[tuple[int, list[int]]] = field(default_factory=list)
    """``(games per arm, arms played)`` of each rung, in order."""
    z: float = 0.0
    """The one-sided normal quantile of each test (``delta / (arms x rungs)``)."""
    maximize: bool = True

    def record(self, arm: int) -> ArmRecord:
        return self.arms[arm]

    @property
    def dropped_by_bound(self) -> list[ArmRecord]:
        return [a for a in self.arms if a.fate == "bound"]

    @property
    def unresolved(self) -> list[ArmRecord]:
        """Arms not excluded by evidence: dropped to fit the budget, or alive at the end."""
        return [a for a in self.arms if a.fate in ("budget", "alive")]


def discordance_bound(a: np.ndarray, b: np.ndarray, z: float) -> tuple[float, float, int]:
    """The paired comparison of arm ``b`` with arm ``a`` on the same games: ``(q_upper,
    gap_upper, m)`` where ``m`` is the discordant mass (games where they differ; a draw against
    a win counts half), ``q_upper`` the upper Wilson bound (quantile ``z``) of ``b``'s share
    of it, and ``gap_upper = (2 q_upper - 1) m / n`` an upper bound of ``P(b) - P(a)`` given
    the discordant games seen (``n`` games)."""
    d = b - a
    m = float(np.abs(d).sum())
    n = d.size
    if m == 0:
        return 1.0, float("inf") if n == 0 else 0.0, 0
    c = float(np.clip(d, 0, None).sum())
    _, hi = wilson_interval(c, m, z)
    return hi, (2 * hi - 1) * m / n, int(round(m))


def race(
    n_arms: int,
    play: Play,
    *,
    rungs: Sequence[int] = (40, 80, 160),
    budget: int | None = None,
    delta: float = DELTA,
    maximize: bool = True,
) -> RaceResult:
    """Race ``n_arms`` arms (see the module docstring). ``rungs``: games per surviving arm of
    each rung (with a ``budget``, more rungs follow, each doubling the last, until one arm is
    left or the budget is spent). ``maximize``: the best arm has the highest win rate (False:
    the lowest, e.g. a defence judged by the adversary's wins)."""
    if n_arms < 1:
        raise ValueError("a race needs at least one arm")
    if not rungs or any(int(n) < 1 for n in rungs):
        raise ValueError("rungs: games per arm of each rung, each >= 1")
    if budget is not None and budget < 1:
        raise ValueError("budget: games of the whole race, >= 1")
    if not 0 < delta < 1:
        raise ValueError("delta must be in (0, 1)")
    schedule = [int(n) for n in rungs]
    if budget is not None:  # rungs doubling on until the budget could not pay one more
        while sum(schedule) < budget and len(schedule) < 32:
            schedule.append(schedule[-1] * 2)
    sign = 1.0 if maximize else -1.0
    tests = max(1, (n_arms - 1) * len(schedule))
    z = NormalDist().inv_cdf(1 - delta / tests)
    recs = [ArmRecord(i, np.zeros(0)) for i in range(n_arms)]
    alive = list(range(n_arms))
    spent = start = 0
    played: list[tuple[int, list[int]]] = []

    def value(i: int) -> tuple[float, int]:
        p = recs[i].p if recs[i].games else 0.0  # (no game yet: all equal, in arm order)
        return (-sign * p, i)  # best first; ties to the earlier arm

    for r, n in enumerate(schedule):
        if len(alive) == 1 and r > 0:
            break
        if budget is not None:
            while len(alive) > 1 and spent + len(alive) * n > budget:
                ranked = sorted(alive, key=value)
                keep = ranked[: max(1, len(ranked) // 2)]
                for i in ranked[len(keep) :]:
                    recs[i].fate, recs[i].rung = "budget", (r - 1 if r else None)
                    recs[i].beaten_by = keep[0]
                    _, recs[i].gap_upper, _ = _gap(recs[i], recs[keep[0]], z, sign)
                alive = sorted(keep)
            n = min(n, (budget - spent) // len(alive))
            if n < 1:
                break
        out = np.asarray(play(list(alive), start, n), dtype=float)
        if out.shape != (len(alive), n):
            raise ValueError(f"play gave shape {out.shape}, not {(len(alive), n)}")
        for row, i in zip(out, alive):
            recs[i].outcomes = np.concatenate([recs[i].outcomes, row])
        played.append((n, list(alive)))
        start += n
        spent += n * len(alive)
        leader = min(alive, key=value)
        for i in list(alive):
            if i == leader:
                continue
            q_hi, gap, _ = _gap(recs[i], recs[leader], z, sign)
            if q_hi < 0.5:
                recs[i].fate, recs[i].rung, recs[i].beaten_by = "bound", r, leader
                recs[i].gap_upper = gap
                alive.remove(i)
    winner = min(alive, key=value)
    recs[winner].fate = "winner"
    for i in alive:
        if i != winner:
            _, recs[i].gap_upper, _ = _gap(recs[i], recs[winner], z, sign)
            recs[i].beaten_by = winner
    return RaceResult(recs, winner, spent, played, z, maximize)


def _gap(arm: ArmRecord, leader: ArmRecord, z: float, sign: float) -> tuple[float, float, int]:
    """:func:`discordance_bound` of ``arm`` against ``leader`` on the games both played, in
    the race's direction (for a minimizing race, outcomes are turned round: the gap bounds
    how much *lower* the arm's P could be)."""
    n = min(arm.games, leader.games)
    a, b = leader.outcomes[:n], arm.outcomes[:n]
    if sign < 0:
        a, b = 1 - a, 1 - b
    return discordance_bound(a, b, z)


def bernoulli_play(p: Sequence[float], seed: int = 0, common: float = 0.8) -> Play:
    """A synthetic ``play`` for tests and benchmarks: arm ``i`` wins game ``g`` with chance
    ``p[i]``; with chance ``common`` a game's uniform draw is shared by every arm (common random
    numbers), else each arm draws its own. Game ``g`` draws from its own seed: any arm's
    outcomes do not depend on which arms are played with it."""
    chance = np.asarray(p, dtype=float)

    def play(arms: list[int], start: int, n: int) -> np.ndarray:
        out = np.zeros((len(arms), n))
        for j in range(n):
            rng = np.random.default_rng([seed, start + j])
            shared = rng.random()
            own = rng.random(len(chance))
            use_shared = rng.random(len(chance)) < common
            u = np.where(use_shared, shared, own)
            out[:, j] = (u < chance)[arms]
        return out

    return play


def halving(n_arms: int, play: Play, *, rungs: Sequence[int], maximize: bool = True) -> RaceResult:
    """Plain successive halving on common games (the search before the race, kept to compare
    with it): each rung plays ``rungs[i]`` new games of every surviving arm and keeps the
    better half (the last rung keeps one); dropped arms are marked ``"budget"``."""
    if n_arms < 1 or not rungs or any(int(n) < 1 for n in rungs):
        raise ValueError("halving needs at least one arm and rungs of >= 1 game")
    sign = 1.0 if maximize else -1.0
    recs = [ArmRecord(i, np.zeros(0)) for i in range(n_arms)]
    alive, start, spent, played = list(range(n_arms)), 0, 0, []
    for r, n in enumerate(int(x) for x in rungs):
        out = np.asarray(play(list(alive), start, n), dtype=float)
        for row, i in zip(out, alive):
            recs[i].outcomes = np.concatenate([recs[i].outcomes, row])
        played.append((n, list(alive)))
        start, spent = start + n, spent + n * len(alive)
        keep = max(1, len(alive) // 2) if r < len(rungs) - 1 else 1
        ranked = sorted(alive, key=lambda i: (-sign * recs[i].p, i))
        for i in ranked[keep:]:
            recs[i].fate, recs[i].rung, recs[i].beaten_by = "budget", r, ranked[0]
        alive = ranked[:keep]
    recs[alive[0]].fate = "winner"
    return RaceResult(recs, alive[0], spent, played, 0.0, maximize)
