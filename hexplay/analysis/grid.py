"""Sweep points: Cartesian grids and random samples of named parameters.

A *point* is a flat dict whose keys name where a value goes: ``scenario.<name>`` (a scenario
parameter, turned into a scenario by the game's scenario maker; ``scenario.name`` picks one of
its registered scenarios) and ``<side>.<knob>`` (a knob of that side's player; each game's sides
come from its analysis description). A key without a dot is taken as a scenario parameter.
:func:`split_point` turns a point into the ``(scenario_params, tactics)`` pair a game runner
takes.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np


@dataclass(frozen=True)
class IntRange:
    """Integers ``lo..hi`` inclusive: every one in a grid, uniform draws in a sample."""

    lo: int
    hi: int

    def values(self) -> list[int]:
        return list(range(self.lo, self.hi + 1))

    def draw(self, rng: np.random.Generator) -> int:
        return int(rng.integers(self.lo, self.hi + 1))


@dataclass(frozen=True)
class Uniform:
    """Real values uniform on ``[lo, hi)``: random samples only."""

    lo: float
    hi: float

    def values(self) -> list[float]:
        raise ValueError("a continuous Uniform range has no grid; use sample_points")

    def draw(self, rng: np.random.Generator) -> float:
        return float(rng.uniform(self.lo, self.hi))


Values = Sequence[Any] | IntRange | Uniform


def _values(name: str, v: Values) -> list[Any]:
    if isinstance(v, Uniform):
        raise ValueError(
            f"parameter {name!r}: lo~hi is a real range, for random samples only (--sample N)"
        )
    if isinstance(v, IntRange):
        return v.values()
    if isinstance(v, str | bytes) or not isinstance(v, Sequence):
        return [v]
    if len(v) == 0:
        raise ValueError(f"parameter {name!r} has no values")
    return list(v)


def expand_grid(spec: Mapping[str, Values]) -> list[dict[str, Any]]:
    """Cartesian product of the values of each key, in key order (last key varies fastest)."""
    names = list(spec)
    lists = [_values(k, spec[k]) for k in names]
    return [dict(zip(names, combo)) for combo in itertools.product(*lists)]


def sample_points(spec: Mapping[str, Values], n: int, seed: int = 0) -> list[dict[str, Any]]:
    """``n`` random points: each key drawn independently (lists uniformly, ranges uniformly)."""
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(int(n)):
        pt: dict[str, Any] = {}
        for k, v in spec.items():
            if isinstance(v, IntRange | Uniform):
                pt[k] = v.draw(rng)
            else:
                vals = _values(k, v)
                pt[k] = vals[int(rng.integers(len(vals)))]
        out.append(pt)
    return out


def split_point(
    point: Mapping[str, Any], sides: Sequence[str]
) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
    """``{"scenario.x": 1, "red.k": 2}`` -> ``({"x": 1}, {"red": {"k": 2}, ...})``.

    ``sides``: the game's sides, the prefixes of player knobs (a game's are in its
    :class:`~hexplay.analysis.games.AnalysisSpec`)."""
    scenario: dict[str, Any] = {}
    tactics: dict[str, dict[str, Any]] = {s: {} for s in sides}
    for key, value in point.items():
        head, dot, rest = key.partition(".")
        if not dot:
            scenario[key] = value
        elif head == "scenario":
            scenario[rest] = value
        elif head in tactics:
            tactics[head][rest] = value
        else:
            raise ValueError(
                f"parameter {key!r}: prefix must be scenario, {', '.join(sides[:-1])} or "
                f"{sides[-1]}"
            )
    return scenario, tactics


def join_point(scenario: Mapping[str, Any], tactics: Mapping[str, Mapping[str, Any]]) -> dict:
    """Inverse of :func:`split_point` (always with explicit prefixes)."""
    out = {f"scenario.{k}": v for k, v in scenario.items()}
    for side, knobs in tactics.items():
        out.update({f"{side}.{k}": v for k, v in knobs.items()})
    return out


def parse_value(text: str) -> Any:
    """A command-line value: JSON when it parses (numbers, true/false/null, lists), else text."""
    import json

    try:
        return json.loads(text)
    except ValueError:
        return text


_NUMBER = re.compile(r"\s*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*")


def parse_values(text: str, name: str = "") -> Values:
    """``"1,2,3"`` -> list; ``"2..5"`` -> :class:`IntRange`; ``"0.5~2"`` -> :class:`Uniform`;
    ``"[1,[2,3]]"`` (JSON list) -> that list; anything else -> a one-value list.

    A range of numbers that is no range (``"2..x"`` is text, but ``"1.5..3"``, ``"5..2"`` or
    ``"3~1"`` are mistakes) is a ValueError naming the parameter ``name`` and what it takes."""
    t = text.strip()
    where = f"parameter {name!r}" if name else "a parameter"
    if t.startswith("["):
        v = parse_value(t)
        if isinstance(v, list):
            if not v:
                raise ValueError(f"{where}: [] has no values; give at least one")
            return v
    if ".." in t:
        lo, _, hi = t.partition("..")
        try:
            r = IntRange(int(lo), int(hi))
        except ValueError:
            if _NUMBER.fullmatch(lo) and _NUMBER.fullmatch(hi):
                raise ValueError(
                    f"{where}: {t!r}: lo..hi takes two integers (e.g. 2..5); for real values "
                    "use lo~hi with --sample"
                ) from None
        else:
            if r.lo > r.hi:
                raise ValueError(f"{where}: {t!r}: lo..hi needs lo <= hi")
            return r
    if "~" in t:
        lo, _, hi = t.partition("~")
        try:
            u = Uniform(float(lo), float(hi))
        except ValueError:
            if _NUMBER.fullmatch(lo) or _NUMBER.fullmatch(hi):
                raise ValueError(f"{where}: {t!r}: lo~hi takes two numbers (e.g. 0.5~2)") from None
        else:
            if not u.lo < u.hi:
                raise ValueError(f"{where}: {t!r}: lo~hi needs lo < hi")
            return u
    return [parse_value(p) for p in t.split(",")]
