"""How each game's scenario is edited: its typed model (the form's schema), the map it plays on,
the units a designer places (the roster) and where a placement goes in the scenario, the
engine's own check, and the game it starts.

The scenario is always plain data (the dict its JSON file holds): placing a unit changes a
field of it (SKIRMISH ``adversary_start`` and ``ambush``, AGGRESSOR ``position``, naval
``ships[i].hex``), and the check is the engine's: the game is built from the data on the map and
asked for its first orders; whatever it raises is shown beside the field it names.

* SKIRMISH (and games built on its rules, e.g. AMBUSH): the roster is the adversaries ``A1..An``
  (their number is the length of ``adversary_weapons``) and the ambush point (dropped on a
  route hex it sets ``ambush`` and, if unset, ``route`` to the first route through that hex).
* AGGRESSOR: the roster is one chip per side and unit type; a drop adds a unit of that type to
  ``position`` (a fixed position: play starts at once); a placed unit (``W01``...) dragged
  again moves.  ``position`` null means the game's own set-up.
* Naval: the roster is the scenario's ships; a drop sets the ship's ``hex``.  The sea map is
  the scenario's ``sea`` (size and land hexes); an edited map of ``sea`` and ``land`` becomes
  it through :func:`sea_of_map`.
"""

from __future__ import annotations

import copy
from typing import Any

from ..engine import ScenarioError
from ..maps import Map

__all__ = ["KINDS", "ScenarioKind", "kind_of", "sea_of_map"]


def sea_of_map(m: Map) -> dict[str, Any]:
    """The naval ``sea`` of a map of ``sea`` and ``land`` hexes (CCRR labels): its size and
    its land as column runs ``"CCRR..CCRR"``.  ValueError for a map the naval game cannot take.
    ``map_of_sea(Sea(**sea_of_map(m)))`` has ``m``'s size and terrain."""
    from ..games.naval.scenarios import Sea

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


class ScenarioKind:
    """One game's scenario editing (see the module doc); subclasses per game."""

    game: str = ""
    roster_note = ""

    def __init__(self, game: str) -> None:
        from .. import registry

        self.game = game
        self.entry = registry.game_entry(game)

    # the typed model and its data ------------------------------------------------------------
    @property
    def model(self) -> Any:
        raise NotImplementedError

    def schema(self) -> dict[str, Any]:
        """The JSON Schema of the scenario (the form is generated from its properties)."""
        return self.model.model_json_schema()

    def default(self) -> dict[str, Any]:
        names = self.entry.scenario_names()
        return copy.deepcopy(self.entry.scenario(names[0])) if names else {}

    def named(self, name: str) -> dict[str, Any]:
        return copy.deepcopy(self.entry.scenario(name))

    # the map ---------------------------------------------------------------------------------
    def map_of(self, data: dict[str, Any], m: Map | None) -> Map:
        """The map ``data`` plays on (``m``, the editor's map, when given)."""
        raise NotImplementedError

    def with_map(self, data: dict[str, Any], m: Map, ref: str) -> dict[str, Any]:
        """``data`` playing on ``m`` (saved as ``ref``: a bundled name or a file path)."""
        out = dict(data)
        out["map"] = ref
        return out

    # the check and the game ------------------------------------------------------------------
    def new_game(self, data: dict[str, Any], m: Map | None, seed: int = 0) -> Any:
        raise NotImplementedError

    def check(self, data: dict[str, Any], m: Map | None, full: bool = True) -> None:
        """Raise :class:`ScenarioError` naming the field the engine refuses (else return): the
        game is built and asked for its first orders, and the scenario passes the check a
        save's loader makes (:meth:`load_check`); with ``full`` the game is also saved and
        loaded back (which rebuilds the map's tables: done before saving and starting)."""
        try:
            self.load_check(data)
            g = self.new_game(data, m)
            for side in g.to_act():
                g.legal_orders(side)
            if full:
                type(g).from_json(g.to_json())
        except ScenarioError:
            raise
        except Exception as e:  # the engine's own refusal (IllegalOrder, MapError...)
            raise ScenarioError(getattr(e, "field", None) or "map", str(e)) from None

    def load_check(self, data: dict[str, Any]) -> None:
        """The scenario check a save's loader makes without the map (default: none)."""

    # placing units ---------------------------------------------------------------------------
    def roster(self, data: dict[str, Any]) -> list[dict[str, Any]]:
        """``[{"id", "label", "side", "hex" (None: not placed)}]``."""
        raise NotImplementedError

    def place(self, data: dict[str, Any], m: Map, unit: str, hex: str) -> dict[str, Any]:
        """``data`` with roster unit ``unit`` at ``hex`` (a label of ``m``); ScenarioError if
        the unit is not on the roster."""
        raise NotImplementedError

    def remove(self, data: dict[str, Any], unit: str) -> dict[str, Any]:
        raise NotImplementedError

    def counters(self, data: dict[str, Any]) -> list[dict[str, Any]]:
        """The placed units as board counters."""
        out = []
        for r in self.roster(data):
            if r.get("hex"):
                out.append(
                    {"id": r["id"], "side": r["side"], "hex": r["hex"], "label": r["label"]}
                    | self.glyph(r)
                )
        return out

    def glyph(self, r: dict[str, Any]) -> dict[str, Any]:
        return {"glyph": {"kind": "man"}}

    def _unknown(self, unit: str, data: dict[str, Any]) -> ScenarioError:
        ids = [r["id"] for r in self.roster(data)]
        return ScenarioError("roster", f"{unit!r} is not on the roster ({', '.join(ids)})")


class SkirmishKind(ScenarioKind):
    roster_note = "drag the adversaries and the ambush point onto the map"
    AMBUSH = "ambush"

    @property
    def model(self) -> Any:
        if "_model" not in self.__dict__:
            self._model = type(self.entry.new(seed=0).scenario)
        return self._model

    def map_of(self, data: dict[str, Any], m: Map | None) -> Map:
        if m is not None:
            return m
        from ..maps import load_map

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


class AggressorKind(ScenarioKind):
    roster_note = (
        "drag a unit type onto the map to add it (a fixed position); drag a unit to move it"
    )

    @property
    def model(self) -> Any:
        from ..games.aggressor.scenario import Scenario

        return Scenario

    def default(self) -> dict[str, Any]:
        from ..games.aggressor.scenario import parse_scenario

        return parse_scenario(super().default()).model_dump(mode="json")

    def named(self, name: str) -> dict[str, Any]:
        from ..games.aggressor.scenario import parse_scenario

        return parse_scenario(super().named(name)).model_dump(mode="json")

    def map_of(self, data: dict[str, Any], m: Map | None) -> Map:
        if m is not None:
            return m
        from ..maps import load_map

        try:
            return load_map(data.get("map", "aggressor"))
        except Exception as e:
            raise ScenarioError("map", str(e)) from None

    def new_game(self, data: dict[str, Any], m: Map | None, seed: int = 0) -> Any:
        from ..games.aggressor.scenario import parse_scenario

        sc = parse_scenario(dict(data))
        return self.entry.game_class.new(sc, seed=seed, map=self.map_of(data, m))

    def _types(self) -> tuple[str, ...]:
        from ..games.aggressor.units import UNIT_TYPES

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
        from .counters import SIDC

        sidc = SIDC.get(r.get("type", ""))
        if not sidc:
            return {"glyph": {"kind": "text", "text": r["label"][:3]}}
        if r["side"] == "east":
            sidc = sidc[0] + "H" + sidc[2:]
        return {"glyph": {"kind": "sidc", "sidc": sidc}}


class NavalKind(ScenarioKind):
    roster_note = "drag a ship onto the map to set its start hex"

    @property
    def model(self) -> Any:
        from ..games.naval.scenarios import Scenario

        return Scenario

    def map_of(self, data: dict[str, Any], m: Map | None) -> Map:
        from ..games.naval.scenarios import Sea, map_of_sea

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
        from ..games.naval.scenarios import load_scenario

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
        from ..games.naval.movement import FACINGS

        course = r.get("course")
        g: dict[str, Any] = {"glyph": {"kind": "ship"}}
        if course in FACINGS:
            g["facing"] = FACINGS.index(course)
        return g


KINDS = {"aggressor": AggressorKind, "naval": NavalKind, "skirmish": SkirmishKind}


def kind_of(game: str) -> ScenarioKind:
    """The scenario editing of a registered game (games built on SKIRMISH's rules share it)."""
    if game in KINDS:
        return KINDS[game](game)
    from .design import _skirmish_like

    if _skirmish_like(game):
        return SkirmishKind(game)
    raise ValueError(f"no scenario editor for {game!r} yet (the editor knows {sorted(KINDS)})")
