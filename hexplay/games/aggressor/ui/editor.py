"""AGGRESSOR's scenario editing (its plugin record's ``editor=``): see :class:`AggressorKind`
and :mod:`hexplay.widgets.scenario_kinds`."""

from __future__ import annotations

import copy
from types import SimpleNamespace
from typing import Any

from hexplay.engine import ScenarioError
from hexplay.maps import Map
from hexplay.widgets.scenario_kinds import ScenarioKind

__all__ = ["RANGE", "AggressorKind"]

RANGE = 3
"""The largest AGGRESSOR range (``PlacedUnit.range`` <= 3): the movement overlay shows the most
a unit can move."""


class AggressorKind(ScenarioKind):
    """AGGRESSOR's scenario editing: the roster is one chip per side and unit type; a drop adds
    a unit of that type to ``position`` (a fixed position: play starts at once); a placed unit
    (``W01``...) dragged again moves. ``position`` null means the game's own set-up. The
    movement overlay is a range-:data:`RANGE` battalion's move (range halved in rough)."""

    roster_note = (
        "drag a unit type onto the map to add it (a fixed position); drag a unit to move it"
    )
    reach_rule = "a range-3 battalion's move in one turn (range halved in rough, as the game)"

    @property
    def model(self) -> Any:
        from ..scenario import Scenario

        return Scenario

    def default(self) -> dict[str, Any]:
        from ..scenario import parse_scenario

        return parse_scenario(super().default()).model_dump(mode="json")

    def named(self, name: str) -> dict[str, Any]:
        from ..scenario import parse_scenario

        return parse_scenario(super().named(name)).model_dump(mode="json")

    def map_of(self, data: dict[str, Any], m: Map | None) -> Map:
        if m is not None:
            return m
        from hexplay.maps import load_map

        try:
            return load_map(data.get("map", "aggressor"))
        except Exception as e:
            raise ScenarioError("map", str(e)) from None

    def new_game(self, data: dict[str, Any], m: Map | None, seed: int = 0) -> Any:
        from ..scenario import parse_scenario

        sc = parse_scenario(dict(data))
        return self.entry.game_class.new(sc, seed=seed, map=self.map_of(data, m))

    def _types(self) -> tuple[str, ...]:
        from ..units import UNIT_TYPES

        return tuple(UNIT_TYPES)

    def roster(self, data: dict[str, Any]) -> list[dict[str, Any]]:
        out = [
            {"id": f"new:{side}:{t}", "label": f"{side} {t}", "side": side, "hex": None}
            for side in ("west", "east")
            for t in self._types()
        ]
        pos = data.get("position") or []
        counts = {"west": 0, "east": 0}
        for p in pos if isinstance(pos, list) else []:
            if not isinstance(p, dict) or p.get("side") not in counts:
                continue
            counts[p["side"]] += 1
            uid = f"{p['side'][0].upper()}{counts[p['side']]:02d}"
            out.append(
                {
                    "id": uid,
                    "label": f"{uid} {p.get('type')}",
                    "side": p["side"],
                    "hex": p.get("hex"),
                    "type": p.get("type"),
                }
            )
        return out

    def _index_of(self, data: dict[str, Any], unit: str) -> int:
        counts = {"west": 0, "east": 0}
        for k, p in enumerate(data.get("position") or []):
            if isinstance(p, dict) and p.get("side") in counts:
                counts[p["side"]] += 1
                if f"{p['side'][0].upper()}{counts[p['side']]:02d}" == unit:
                    return k
        raise self._unknown(unit, data)

    def place(self, data: dict[str, Any], m: Map, unit: str, hex: str) -> dict[str, Any]:
        out = copy.deepcopy(data)
        pos = list(out.get("position") or [])
        if unit.startswith("new:"):
            _, side, t = (unit.split(":") + ["", ""])[:3]
            if side not in ("west", "east") or t not in self._types():
                raise self._unknown(unit, data)
            pos.append({"side": side, "type": t, "hex": hex})
        else:
            k = self._index_of(data, unit)
            pos[k] = dict(pos[k], hex=hex)
        out["position"] = pos
        return out

    def remove(self, data: dict[str, Any], unit: str) -> dict[str, Any]:
        out = copy.deepcopy(data)
        k = self._index_of(data, unit)
        pos = list(out.get("position") or [])
        del pos[k]
        out["position"] = pos or None
        return out

    def glyph(self, r: dict[str, Any]) -> dict[str, Any]:
        from hexplay.widgets.counters import SIDC

        sidc = SIDC.get(r.get("type", ""))
        if not sidc:
            return {"glyph": {"kind": "text", "text": r["label"][:3]}}
        if r["side"] == "east":
            sidc = sidc[0] + "H" + sidc[2:]
        return {"glyph": {"kind": "sidc", "sidc": sidc}}

    def reach(self, m: Map, start: str) -> dict[str, float]:
        """Hexes a range-:data:`RANGE` unit reaches with the game's own allowance rule
        (:func:`hexplay.games.aggressor.movement.allowance`), cost = hexes moved."""
        from ..movement import allowance

        first = m.index(m.require(start))
        rough = tuple(t == "rough" for t in (m.terrain_at(h) for h in m.hexes))
        board = SimpleNamespace(rough=rough)
        index = {h: i for i, h in enumerate(m.hexes)}
        best = {first: 0}
        frontier = [first]
        while frontier:
            nxt = []
            for i in frontier:
                moved = best[i]
                unit = SimpleNamespace(rng=RANGE, hex=i, moved=moved)
                if allowance(board, unit) < 1:
                    continue
                for n in m.neighbors(m.hexes[i]):
                    j = index[n]
                    if j not in best:
                        best[j] = moved + 1
                        nxt.append(j)
            frontier = nxt
        return {m.hex_labels[i]: float(c) for i, c in best.items()}
