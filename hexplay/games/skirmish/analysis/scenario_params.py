"""Sweepable scenario parameters: convenient knobs mapped onto a SKIRMISH ``Scenario``.

:func:`make_scenario` starts from the basic scenario (or ``file``, a scenario JSON) and applies:

* ``n_adversaries``: number of adversaries (long guns alternate rifle, shotgun unless
  ``adversary_weapon`` is ``"rifle"`` or ``"shotgun"``);
* ``n_guards``: number of guards (at most the vehicles' seats), with ``guard_weapon`` likewise
  (``"mixed"`` = the basic scenario's alternation);
* ``escort_distance``: both escorts start this many hexes from the transporter, the first
  ahead (+) and the second behind (-); ``n_escorts``: 0, 1 or 2 escort vehicles;
* any :class:`~hexplay.games.skirmish.scenario.Scenario` field by name
  (``barrier_points_required``, ``turn_limit``, ``victory``, ``route``, ``ambush``,
  ``max_rifles``, ``open_map`` ...).

Unknown names raise ``ValueError`` naming them, so a typo in a sweep fails at once.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

MIXED = "mixed"
KNOBS = (
    "file",
    "n_adversaries",
    "adversary_weapon",
    "n_guards",
    "guard_weapon",
    "escort_distance",
    "n_escorts",
)


def _guns(n: int, kind: str, pattern: tuple[str, ...], name: str) -> list[str]:
    if kind == MIXED:
        return [pattern[i % len(pattern)] for i in range(n)]
    if kind not in ("rifle", "shotgun"):
        raise ValueError(f"scenario.{name} takes 'rifle', 'shotgun' or 'mixed', not {kind!r}")
    return [kind] * n


def _int(params: Mapping[str, Any], name: str, lo: int, hi: int | None = None) -> int:
    """The integer knob ``name`` (``lo`` to ``hi``); a ValueError naming it otherwise."""
    v = params[name]
    if isinstance(v, str) and v.strip().lstrip("-").isdigit():  # (numpy ints reach us as text)
        v = int(v)
    if type(v) is not int or v < lo or (hi is not None and v > hi):
        takes = f"an integer from {lo} to {hi}" if hi is not None else f"an integer >= {lo}"
        raise ValueError(f"scenario.{name} takes {takes}, not {v!r}")
    return v


def make_scenario(params: Mapping[str, Any] | None = None):
    """A validated ``Scenario`` from sweep parameters (see the module docstring); a fresh
    object on every call (validated once per distinct parameter set)."""
    from ..scenario import Scenario

    d = json.loads(_scenario_json(json.dumps(dict(params or {}), sort_keys=True, default=str)))
    return Scenario(**d)


@lru_cache(maxsize=256)
def _scenario_json(key: str) -> str:
    """The validated scenario of a parameter set, as JSON (each call makes fresh objects)."""
    return json.dumps(_scenario_dict(key))


def _scenario_dict(key: str) -> dict[str, Any]:
    from ..scenario import (
        DEFAULT_ADVERSARY_WEAPONS,
        DEFAULT_GUARD_WEAPONS,
        Scenario,
    )

    params = json.loads(key)
    fields = set(Scenario.__dataclass_fields__)
    unknown = [k for k in params if k not in fields and k not in KNOBS]
    if unknown:
        raise ValueError(
            f"unknown scenario parameter(s) {unknown}; knobs are {list(KNOBS)} and the "
            f"Scenario fields {sorted(fields)}"
        )
    base = Scenario.from_json(params["file"]).to_dict() if params.get("file") else {}
    d: dict[str, Any] = Scenario(**base).to_dict() if base else Scenario().to_dict()
    d.update({k: v for k, v in params.items() if k in fields})
    if "n_adversaries" in params or "adversary_weapon" in params:
        n = _int(params, "n_adversaries", 0) if "n_adversaries" in params else None
        n = len(d["adversary_weapons"]) if n is None else n
        kind = params.get("adversary_weapon", MIXED)
        d["adversary_weapons"] = _guns(n, kind, DEFAULT_ADVERSARY_WEAPONS, "adversary_weapon")
    if "n_guards" in params or "guard_weapon" in params:
        n = _int(params, "n_guards", 0) if "n_guards" in params else len(d["guard_weapons"])
        kind = params.get("guard_weapon", MIXED)
        d["guard_weapons"] = _guns(n, kind, DEFAULT_GUARD_WEAPONS, "guard_weapon")
    if "n_escorts" in params:
        k = _int(params, "n_escorts", 0, 2)
        d["escorts"] = ["E1", "E2"][:k]
        d["escort_offsets"] = {e: o for e, o in d["escort_offsets"].items() if e in d["escorts"]}
        if d["commander_vehicle"] not in ["T", *d["escorts"]]:
            d["commander_vehicle"] = "T"
    if "escort_distance" in params:
        dist = _int(params, "escort_distance", 0)
        signs = (1, -1)
        d["escort_offsets"] = {e: signs[i % 2] * dist for i, e in enumerate(d["escorts"])}
        d["escort_max_distance"] = max(d["escort_max_distance"], dist)
    return Scenario.from_dict(d).to_dict()
