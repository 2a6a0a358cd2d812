"""The naval game's scenario editing (its plugin record's ``editor=``): see :class:`NavalKind`
and :mod:`hexplay.widgets.scenario_kinds`."""

from __future__ import annotations

import copy
from fractions import Fraction
from typing import Any

from hexplay.engine import ScenarioError
from hexplay.maps import Map
from hexplay.movement import Movement
from hexplay.widgets.scenario_kinds import ScenarioKind

__all__ = ["SPEED", "NavalKind", "sea_of_map"]

SPEED = 5
"""Both bundled naval scenarios start the ships at speed 5 (Kula Gulf) or near it: the movement
overlay's speed."""


def sea_of_map(m: Map) -> dict[str, Any]:
    """The naval ``sea`` of a map of ``sea`` and ``land`` hexes (CCRR labels): its size and
    its land as column runs ``"CCRR..CCRR"``.  ValueError for a map the naval game cannot take.
    ``map_of_sea(Sea(**sea_of_map(m)))`` has ``m``'s size and terrain."""
    from ..scenarios import Sea

    extra = sorted(set(m.terrain_names) - {"sea", "land"})
    if extra:
        raise ValueError(f"the naval map has sea and land only, not {extra}")
    if m.label_style != "ccrr" or not m.layout.even_columns_low:
        raise ValueError("the naval map has CCRR labels, even columns low")
    land = m.terrain_mask("land").reshape(m.cols, m.rows)
    runs: list[str] = []
    for c in range(m.cols):
        r = 0
        while r < m.rows:
            if land[c, r]:
                s = r
                while r + 1 < m.rows and land[c, r + 1]:
                    r += 1
                a, b = f"{c + 1:02d}{s + 1:02d}", f"{c + 1:02d}{r + 1:02d}"
                runs.append(a if a == b else f"{a}..{b}")
            r += 1
    try:
        sea = Sea(cols=m.cols, rows=m.rows, land=runs, land_name=m.name)
    except Exception as e:  # pydantic's ValidationError: the size bounds
        raise ValueError(f"the naval sea is 4..99 hexes a side: {e.errors()[0]['msg']}") from None
    return sea.model_dump(mode="json")


class NavalKind(ScenarioKind):
    """The naval game's scenario editing: the roster is the scenario's ships; a drop sets the
    ship's ``hex``. The sea map is the scenario's ``sea`` (size and land hexes); an edited map
    of ``sea`` and ``land`` becomes it through :func:`sea_of_map`. The movement overlay is a
    ship's sea hexes within speed :data:`SPEED`."""

    roster_note = "drag a ship onto the map to set its start hex"
    reach_rule = "a ship's sea hexes within speed 5 (the scenarios' speed; land is never entered)"

    @property
    def model(self) -> Any:
        from ..scenarios import Scenario

        return Scenario

    def map_of(self, data: dict[str, Any], m: Map | None) -> Map:
        from ..scenarios import Sea, map_of_sea

        try:
            return map_of_sea(Sea.model_validate(data.get("sea")))
        except ScenarioError:
            raise
        except Exception as e:
            raise ScenarioError("sea", str(e)) from None

    def with_map(self, data: dict[str, Any], m: Map, ref: str) -> dict[str, Any]:
        try:
            sea = sea_of_map(m)
        except ValueError as e:
            raise ScenarioError("sea", str(e)) from None
        return dict(data, sea=sea)

    def new_game(self, data: dict[str, Any], m: Map | None, seed: int = 0) -> Any:
        from ..scenarios import load_scenario

        if m is not None:
            data = self.with_map(data, m, "")
        return self.entry.game_class.new(load_scenario(dict(data)), seed=seed)

    def roster(self, data: dict[str, Any]) -> list[dict[str, Any]]:
        ships = data.get("ships") if isinstance(data.get("ships"), list) else []
        return [
            {
                "id": str(s.get("id")),
                "label": str(s.get("id")),
                "side": s.get("side"),
                "hex": s.get("hex"),
                "course": s.get("course"),
            }
            for s in ships
            if isinstance(s, dict)
        ]

    def place(self, data: dict[str, Any], m: Map, unit: str, hex: str) -> dict[str, Any]:
        out = copy.deepcopy(data)
        for s in out.get("ships") or []:
            if isinstance(s, dict) and str(s.get("id")) == unit:
                s["hex"] = hex
                return out
        raise self._unknown(unit, data)

    def remove(self, data: dict[str, Any], unit: str) -> dict[str, Any]:
        out = copy.deepcopy(data)
        out["ships"] = [s for s in out.get("ships") or [] if str(s.get("id")) != unit]
        return out

    def glyph(self, r: dict[str, Any]) -> dict[str, Any]:
        from ..movement import FACINGS

        course = r.get("course")
        g: dict[str, Any] = {"glyph": {"kind": "ship"}}
        if course in FACINGS:
            g["facing"] = FACINGS.index(course)
        return g

    def reach(self, m: Map, start: str) -> dict[str, float]:
        reach = Movement(m, _SeaCost(), "ship").reachable(m.require(start), SPEED)
        return {k: float(v) for k, v in reach.costs().items()}

    def map_problems(self, m: Map, full: bool = True) -> list[str]:
        """The naval game builds its sea from a scenario's ``sea`` (size and land hexes), so a
        map it takes is one of ``sea`` and ``land`` (:func:`sea_of_map`)."""
        try:
            sea_of_map(m)
        except ValueError as e:
            return [str(e)]
        return []


class _SeaCost:
    """Ships enter sea hexes at one a hex and never enter land (the naval map's two terrains)."""

    def enter_cost(self, terrain, features, road, mover, road_hex=False):  # noqa: D102
        return None if terrain == "land" else Fraction(1)
