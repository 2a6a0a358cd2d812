"""SKIRMISH's scenario editing (its plugin record's ``editor=``; AMBUSH's too): see
:class:`SkirmishKind` and :mod:`hexplay.widgets.scenario_kinds`."""

from __future__ import annotations

import copy
from typing import Any

from hexplay.engine import ScenarioError
from hexplay.maps import Map
from hexplay.widgets.scenario_kinds import ScenarioKind

__all__ = ["SkirmishKind"]


class SkirmishKind(ScenarioKind):
    """SKIRMISH's scenario editing (and that of games built on its rules, e.g. AMBUSH): the
    roster is the adversaries ``A1..An`` (their number is the length of ``adversary_weapons``)
    and the ambush point (dropped on a route hex it sets ``ambush`` and, if unset, ``route`` to
    the first route through that hex); the movement overlay is a man's reach on foot."""

    roster_note = "drag the adversaries and the ambush point onto the map"
    reach_rule = "a man's reach on foot in one turn (10 AP, Table VIII: the game's own costs)"
    AMBUSH = "ambush"

    @property
    def model(self) -> Any:
        if "_model" not in self.__dict__:
            self._model = type(self.entry.new(seed=0).scenario)
        return self._model

    def map_of(self, data: dict[str, Any], m: Map | None) -> Map:
        if m is not None:
            return m
        from hexplay.maps import load_map

        ref = data.get("map", "skirmish")
        try:
            return load_map(ref)
        except Exception as e:
            raise ScenarioError("map", str(e)) from None

    def new_game(self, data: dict[str, Any], m: Map | None, seed: int = 0) -> Any:
        if not isinstance(data, dict):
            raise ScenarioError("<root>", "a scenario is a JSON object")
        # typed here, checked against its map by the game (a custom map's routes included)
        sc = self.model(**data)
        return self.entry.game_class.new(sc, seed=seed, map=self.map_of(data, m))

    def load_check(self, data: dict[str, Any]) -> None:
        # a save is loaded through Scenario.from_dict, which checks the route without the map:
        # a custom map's route must bear a name the game knows ("Route 4", "Route 7")
        self.model.from_dict(dict(data))

    def roster(self, data: dict[str, Any]) -> list[dict[str, Any]]:
        weapons = data.get("adversary_weapons")
        n = len(weapons) if isinstance(weapons, list) else 0
        start = data.get("adversary_start") if isinstance(data.get("adversary_start"), dict) else {}
        out = [
            {
                "id": f"A{i + 1}",
                "label": f"A{i + 1}",
                "side": "adversary",
                "hex": start.get(f"A{i + 1}"),
            }
            for i in range(min(n, 99))
        ]
        out.append(
            {
                "id": self.AMBUSH,
                "label": "ambush point",
                "side": "adversary",
                "hex": data.get("ambush"),
            }
        )
        return out

    def place(self, data: dict[str, Any], m: Map, unit: str, hex: str) -> dict[str, Any]:
        out = copy.deepcopy(data)
        if unit == self.AMBUSH:
            route = out.get("route")
            h = m.hex(hex)
            if route is None or h not in m.places.get(route, ()):
                # the map's routes are its places named "Route ..." (as the game reads them)
                routes = [
                    k for k, v in m.places.items() if h in v and k.lower().startswith("route")
                ]
                if routes:
                    out["route"] = routes[0]
            out["ambush"] = hex
            return out
        if unit not in {r["id"] for r in self.roster(data)}:
            raise self._unknown(unit, data)
        start = dict(out.get("adversary_start") or {})
        start[unit] = hex
        out["adversary_start"] = start
        return out

    def remove(self, data: dict[str, Any], unit: str) -> dict[str, Any]:
        out = copy.deepcopy(data)
        if unit == self.AMBUSH:
            out["ambush"] = None
        else:
            start = dict(out.get("adversary_start") or {})
            start.pop(unit, None)
            out["adversary_start"] = start
        return out

    def counters(self, data: dict[str, Any]) -> list[dict[str, Any]]:
        # the ambush point is a marking, not a counter
        return [c for c in super().counters(data) if c["id"] != self.AMBUSH]

    def highlight(self, data: dict[str, Any]) -> list[str] | None:
        amb = data.get("ambush")
        return [amb] if isinstance(amb, str) else None

    def reach(self, m: Map, start: str) -> dict[str, float]:
        from ..tables import AP_PER_TURN
        from ..terrain import terrain_for

        # the game's own per-map movement tables (so new terrain data comes with them)
        reach = terrain_for(m).movement.reachable(m.require(start), AP_PER_TURN)
        return {k: float(v) for k, v in reach.costs().items()}
