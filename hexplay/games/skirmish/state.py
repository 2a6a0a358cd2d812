"""The SKIRMISH game state: counters, route, ambush, barrier points, and queries on them.

Sides are ``"adversary"`` and ``"defender"``. Men's ids are ``A1..`` and ``G1..``; vehicles
``T`` (transporter) and the scenario's escorts.
"""

from __future__ import annotations

from typing import Any

from ...engine import IllegalOrder
from .scenario import TRANSPORTER_ID, Scenario
from .terrain import Terrain, terrain_for
from .units import CAR_KIND, Man, Vehicle

ADVERSARY, DEFENDER = "adversary", "defender"
SIDES = (ADVERSARY, DEFENDER)


def enemy_of(side: str) -> str:
    return DEFENDER if side == ADVERSARY else ADVERSARY


class SkirmishState:
    """Counters and map-derived queries; no rules are applied here."""

    scenario: Scenario
    map: Any
    terrain: Terrain
    transporter_moves: bool = False
    """AMBUSH's moving transporter (:mod:`.transporter`); in SKIRMISH it never moves."""
    roadblock_pos: int | None = None
    """Route index no vehicle may enter (AMBUSH's roadblock, :mod:`.transporter`); None: none."""

    def _init_state(self, scenario: Scenario, m) -> None:
        self.scenario = scenario
        self.map = m
        self.terrain = terrain_for(m)
        self.route_name: str | None = None
        self.route: tuple[str, ...] = ()
        self.ambush: str | None = None
        self.barrier = 0
        self.men: dict[str, Man] = {}
        for a, w in zip(scenario.adversary_ids, scenario.adversary_weapons):
            self.men[a] = Man(a, ADVERSARY, w)
        for g, w in zip(scenario.guard_ids, scenario.guard_weapons):
            self.men[g] = Man(g, DEFENDER, w)
        self.vehicles: dict[str, Vehicle] = {
            TRANSPORTER_ID: Vehicle(TRANSPORTER_ID, "transporter", spares=self._spares())
        }
        for e in scenario.escorts:
            self.vehicles[e] = Vehicle(e, "escort", spares=self._spares())
        self.seen: dict[str, set[str]] = {s: set() for s in SIDES}
        self._cache: dict = {}

    def _spares(self) -> dict[str, int]:
        return {g: int(self.scenario.spare_weapons.get(g, 0)) for g in ("rifle", "shotgun")}

    # --- queries ------------------------------------------------------------------------
    @property
    def transporter(self) -> Vehicle:
        return self.vehicles[TRANSPORTER_ID]

    def on_board(self, pos: int) -> bool:
        return 0 <= pos < len(self.route)

    def vehicle_hex(self, v: Vehicle | str) -> str | None:
        pos = (self.vehicles[v] if isinstance(v, str) else v).pos
        route = self.route
        return route[pos] if 0 <= pos < len(route) else None

    def man_hex(self, m: Man | str) -> str | None:
        m = self.men[m] if isinstance(m, str) else m
        if m.vehicle:
            pos = self.vehicles[m.vehicle].pos
            route = self.route
            return route[pos] if 0 <= pos < len(route) else None
        return m.hex

    def side_of(self, unit_id: str) -> str | None:
        if unit_id in self.men:
            return self.men[unit_id].side
        if unit_id in self.vehicles:
            return self.owner(self.vehicles[unit_id]) or DEFENDER
        return None

    def occupants(self, v: Vehicle | str) -> list[Man]:
        v = self.vehicles[v] if isinstance(v, str) else v
        return [self.men[i] for i in v.seats.values()]

    def controller(self, v: Vehicle) -> str | None:
        """Side of the living men aboard (None when nobody alive is aboard)."""
        men = self.men
        for i in v.seats.values():
            m = men[i]
            if m.alive:
                return m.side
        return None

    def owner(self, v: Vehicle) -> str | None:
        """Whose vehicle it is for what each side knows: :meth:`controller`, except that the
        adversary's own car (AMBUSH's getaway car) stays his with nobody aboard. Equals
        :meth:`controller` for every SKIRMISH vehicle."""
        c = self.controller(v)
        return ADVERSARY if c is None and v.kind == CAR_KIND else c

    def driver(self, v: Vehicle) -> Man | None:
        i = v.seats.get("D")
        return self.men[i] if i else None

    def blockers(self) -> frozenset[int]:
        """Hex indices of vehicles on the map (they block LOS, Table III); cached until
        vehicles move."""
        b = self._cache.get("blockers")
        if b is None:
            idx = self.terrain.index
            b = frozenset(idx[h] for v in self.vehicles.values() if (h := self.vehicle_hex(v)))
            self._cache["blockers"] = b
        return b

    def known_blockers(self, side: str) -> frozenset[int]:
        """:meth:`blockers` as ``side`` may know them (for its choices and players): the
        vehicles in its view. The transporter (the ambush point) is known to both sides; the
        defender knows where his own vehicles are unless adversaries hold them; any other
        vehicle only while the side sees it (at set-up the adversary knows only the
        transporter: the convoy places its escorts in secret)."""
        idx = self.terrain.index
        seen = self.seen.get(side, ())
        out = []
        for v in self.vehicles.values():
            h = self.vehicle_hex(v)
            if h is None:
                continue
            ctrl = self.owner(v)
            if (
                v.id == TRANSPORTER_ID
                or ctrl == side
                or v.id in seen
                or (side == DEFENDER and ctrl is None)
            ):
                out.append(idx[h])
        return frozenset(out)

    def clear_cache(self) -> None:
        """Forget everything cached about the current state (after counters moved)."""
        self._cache.clear()

    def weapons_exchanged(self, a, b) -> None:
        """Men ``a`` and ``b`` have just swapped long guns (§8 weapon exchange): nothing in
        SKIRMISH; AMBUSH passes a spent breaching charge's mark with the charge."""

    def vehicles_moved(self) -> None:
        """Forget the vehicle blockers (vehicles moved during resolution)."""
        self._cache.pop("blockers", None)

    def vehicle_label(self, v: Vehicle) -> str:
        """Position relative to the transporter, as the activity chart writes it (``T+12``)."""
        return "T" if v.id == TRANSPORTER_ID else self.route_label(v.pos)

    def route_label(self, pos: int) -> str:
        """A route index relative to the transporter (``T+23``, ``T`` at its own index)."""
        d = pos - self.transporter.pos
        return "T" if d == 0 else f"T{d:+d}"

    def unit(self, unit_id: str) -> Man | Vehicle:
        if unit_id in self.men:
            return self.men[unit_id]
        if unit_id in self.vehicles:
            return self.vehicles[unit_id]
        raise IllegalOrder("units", f"no unit {unit_id!r}")

    # --- snapshot -----------------------------------------------------------------------
    def state_dict(self) -> dict[str, Any]:
        return {
            "route": self.route_name,
            "ambush": self.ambush,
            "barrier_points": self.barrier,
            "men": {k: m.to_dict() for k, m in self.men.items()},
            "vehicles": {k: v.to_dict() for k, v in self.vehicles.items()},
        }
