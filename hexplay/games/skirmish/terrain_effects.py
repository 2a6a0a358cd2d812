"""What each terrain type does, as data: line of sight (Table III), defence (Table IV) and
movement (Table VIII) for the terrain names a map uses.

A :class:`TerrainEffects` is one such set of tables.  :data:`SKIRMISH_TERRAIN` is SKIRMISH's,
built from :mod:`.tables` (open and trees); :func:`ambush_terrain` gives AMBUSH's for one terrain
density, read from ``hexplay/games/ambush/data/terrain.toml`` (every value with its reason).
:class:`~hexplay.games.skirmish.terrain.Terrain` precomputes a map's sight and movement from one
of these, and the resolver reads the defence rows from it, so a map's terrain types carry their
own effects.

Which tables a map gets (:func:`effects_for_map`): SKIRMISH's when every terrain name of the map
is a SKIRMISH one (so SKIRMISH games are unchanged), else AMBUSH's at the map's density
(:func:`density_of`: the map name's ``_sparse`` / ``_medium`` / ``_dense`` suffix, else medium).
A game may pass its own (an AMBUSH scenario's density).
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any, Final

from ...maps import BlockingModel, MapError
from .tables import (
    DEFENCE_STRENGTH,
    HEXSIDES,
    MOVEMENT_BANDS,
    MOVEMENT_COSTS,
    MOVERS,
    NOT_POSSIBLE,
    ROAD_MOVEMENT_COSTS,
    ROAD_SLOPE_TERRAIN,
)

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

__all__ = [
    "AMBUSH_TERRAIN_FILE",
    "DENSITIES",
    "SKIRMISH_TERRAIN",
    "TerrainEffects",
    "TerrainType",
    "ambush_terrain",
    "ambush_terrain_types",
    "density_of",
    "effects_for_map",
    "load_terrain_types",
]

AMBUSH_TERRAIN_FILE: Final = (
    Path(__file__).resolve().parent.parent / "ambush" / "data" / ("terrain.toml")
)
"""AMBUSH's terrain table (TOML; read by :func:`ambush_terrain_types`)."""

DENSITIES: Final = ("sparse", "medium", "dense")
"""The three terrain densities of AMBUSH maps (the TOML file must list exactly these)."""
DEFAULT_DENSITY: Final = "medium"
"""Density of a map whose name names none: medium, whose movement rates are SKIRMISH's."""

FOOT_COLUMNS: Final = 4
"""Table IV columns a man on foot can reach (0, 1-3, 4-6, 7-10 hexes): 10 AP, >= 1 AP a hex."""

NON_TERRAIN_ROWS: Final = ("slope", "vehicle")
"""Table IV rows that are not terrain types (fire across a slope hexside; a man in a vehicle)."""


@dataclass(frozen=True)
class TerrainType:
    """One terrain type's effects (a row of each of Tables III, IV and VIII)."""

    name: str
    blocks_sight: bool
    defence: tuple[int, ...]
    """Table IV for a man on foot: one value per column 0, 1-3, 4-6, 7-10."""
    move: Mapping[str, tuple[int, int] | None]
    """Density -> (regular hexside, slope hexside) AP to enter; None: impassable."""
    char: str = ""
    description: str = ""
    why: Mapping[str, str] = field(default_factory=dict)
    """Reason of each value: ``{"los": ..., "defence": ..., "move": ...}``."""


@dataclass(frozen=True, eq=False)
class TerrainEffects:
    """Tables III, IV and VIII for a set of terrain names (one game's terrain rules).

    ``name`` identifies the tables (maps cache one :class:`~.terrain.Terrain` per name).
    ``sight`` is the line-of-sight model, ``defence`` Table IV (terrain rows plus ``"slope"`` and
    ``"vehicle"``, each with a value per :data:`~.tables.MOVEMENT_BANDS` column), ``costs``
    Table VIII's cross-country rows, ``(hexside, terrain) -> AP`` (None: impassable).  It is a
    :class:`~hexplay.movement.CostModel` for men and vehicles.
    """

    name: str
    sight: BlockingModel
    defence: Mapping[str, tuple[int | None, ...]]
    costs: Mapping[tuple[str, str], Fraction | None]
    terrains: tuple[str, ...]
    types: Mapping[str, TerrainType] = field(default_factory=dict)
    _memo: dict = field(default_factory=dict, repr=False)

    # --- Table VIII ----------------------------------------------------------------------
    def enter_cost(
        self, terrain: str, features: frozenset[str], road: bool, mover: str, road_hex: bool
    ) -> Fraction | None:
        """AP to enter a hex (the :class:`~hexplay.movement.CostModel` of these tables).

        Vehicles: roads only (the step follows a road), at the road rate.  People: a road hex
        at the road rate whatever lies under it, but across a slope hexside at the slope rate
        of :data:`~.tables.ROAD_SLOPE_TERRAIN`; any other hex by its terrain and the hexside
        crossed.  Exactly :func:`~.combat.movement_cost` for SKIRMISH's terrain (tested).
        """
        slope = "slope" in features
        if mover == "vehicle":
            return ROAD_MOVEMENT_COSTS["vehicle"] if road else None
        if mover not in MOVERS:
            raise ValueError(f"unknown mover {mover!r}; expected one of {', '.join(MOVERS)}")
        if road_hex:
            if slope:
                return self.costs[("slope", ROAD_SLOPE_TERRAIN)]
            return ROAD_MOVEMENT_COSTS["person"]
        key = ("slope" if slope else "regular", terrain)
        if key not in self.costs:
            raise ValueError(f"terrain {terrain!r} has no movement rate in the {self.name} tables")
        return self.costs[key]

    # --- Table IV ------------------------------------------------------------------------
    def defence_row(self, terrain: str) -> str:
        """The Table IV row of a man on foot in ``terrain`` (the terrain's own row)."""
        if terrain not in self.defence or terrain in NON_TERRAIN_ROWS:
            raise ValueError(f"terrain {terrain!r} has no defence row in the {self.name} tables")
        return terrain

    def defence_strength(self, row: str, hexes_moved: int = 0) -> int:
        """Table IV: ``row`` (a terrain, ``"slope"`` or ``"vehicle"``) by hexes moved.

        ValueError for an unknown row, a negative move or a "not possible" cell (as
        :func:`~.combat.defence_strength`, which this equals on SKIRMISH's rows).
        """
        key = (row, hexes_moved)
        v = self._memo.get(key)
        if v is not None:
            return v
        if row not in self.defence:
            raise ValueError(
                f"unknown target terrain {row!r}; expected one of {', '.join(self.defence)}"
            )
        if type(hexes_moved) is not int or hexes_moved < 0:
            raise ValueError(f"hexes_moved must be a whole number >= 0, got {hexes_moved!r}")
        col = next(i for i, (_, hi) in enumerate(MOVEMENT_BANDS) if hi is None or hexes_moved <= hi)
        v = self.defence[row][col]
        if v is None:
            raise ValueError(
                f"not possible: a target in {row!r} cannot move {hexes_moved} hexes in a turn"
            )
        self._memo[key] = v
        return v

    # --- maps -----------------------------------------------------------------------------
    def check_map(self, m) -> None:
        """MapError naming any terrain of map ``m`` these tables do not know."""
        unknown = [t for t in m.terrain_names if t not in self.terrains]
        if unknown:
            raise MapError(
                f"map {m.name!r}: terrain {', '.join(map(repr, unknown))} has no effects in the "
                f"{self.name} terrain tables (known: {', '.join(self.terrains)})"
            )

    @property
    def cover_terrains(self) -> frozenset[str]:
        """Terrain types where a man standing still is better covered than in the open."""
        base = self.defence["open"][0] if "open" in self.defence else 1
        return frozenset(t for t in self.terrains if (self.defence[t][0] or 0) > base)


def _skirmish_terrain() -> TerrainEffects:
    from .sight import SKIRMISH_SIGHT

    return TerrainEffects(
        name="skirmish",
        sight=SKIRMISH_SIGHT,
        defence=DEFENCE_STRENGTH,
        costs=MOVEMENT_COSTS,
        terrains=("open", "trees"),
    )


SKIRMISH_TERRAIN: Final = _skirmish_terrain()
"""SKIRMISH's terrain tables (:mod:`.tables`: Table III via ``SKIRMISH_SIGHT``, Table IV,
Table VIII): open and trees."""


# ---------------------------------------------------------------------------------------------
# The TOML terrain table
# ---------------------------------------------------------------------------------------------


class TerrainDataError(ValueError):
    """A terrain table that cannot be used; the message names the file and the field."""


def _fail(source: str, where: str, msg: str) -> TerrainDataError:
    return TerrainDataError(f"{source}: {where}: {msg}")


def _whole(v: object) -> bool:
    return type(v) is int and v >= 1


def _parse_type(name: str, d: object, densities: tuple[str, ...], src: str) -> TerrainType:
    where = f"terrain.{name}"
    if not isinstance(d, dict):
        raise _fail(src, where, "expected a table")
    known = {"char", "description", "los", "los_why", "defence", "defence_why", "move", "move_why"}
    for k in d:
        if k not in known:
            raise _fail(src, f"{where}.{k}", f"unknown field (known: {', '.join(sorted(known))})")
    for k in ("los", "defence", "move", "los_why", "defence_why", "move_why"):
        if k not in d:
            raise _fail(src, f"{where}.{k}", "missing (every value needs its reason)")
    for k in ("los_why", "defence_why", "move_why", "char", "description"):
        if k in d and (not isinstance(d[k], str) or (k.endswith("why") and not d[k].strip())):
            raise _fail(src, f"{where}.{k}", "expected a non-empty string")
    if d["los"] not in ("clear", "blocks"):
        raise _fail(src, f"{where}.los", f"expected 'clear' or 'blocks', not {d['los']!r}")
    dfn = d["defence"]
    if (
        not isinstance(dfn, list)
        or len(dfn) != FOOT_COLUMNS
        or not all(_whole(v) for v in dfn)
        or dfn != sorted(dfn)
    ):
        raise _fail(
            src,
            f"{where}.defence",
            f"expected {FOOT_COLUMNS} whole numbers >= 1, not decreasing (columns 0, 1-3, 4-6, "
            f"7-10 hexes moved), not {dfn!r}",
        )
    mv = d["move"]
    if not isinstance(mv, dict) or sorted(mv) != sorted(densities):
        raise _fail(src, f"{where}.move", f"expected one entry per density {list(densities)}")
    move: dict[str, tuple[int, int] | None] = {}
    for dens in densities:
        v = mv[dens]
        if v == "impassable":
            move[dens] = None
        elif isinstance(v, list) and len(v) == 2 and all(_whole(x) for x in v) and v[0] <= v[1]:
            move[dens] = (v[0], v[1])
        else:
            raise _fail(
                src,
                f"{where}.move.{dens}",
                "expected [regular, slope] whole AP >= 1 (slope not cheaper) or 'impassable', "
                f"not {v!r}",
            )
    return TerrainType(
        name=name,
        blocks_sight=d["los"] == "blocks",
        defence=tuple(dfn),
        move=move,
        char=d.get("char", ""),
        description=d.get("description", ""),
        why={"los": d["los_why"], "defence": d["defence_why"], "move": d["move_why"]},
    )


def load_terrain_types(text: str, source: str = "terrain table") -> dict[str, TerrainType]:
    """Parse and check a terrain table (TOML text as in AMBUSH's ``terrain.toml``).

    SKIRMISH's types (open, trees), when present, must keep Tables III and IV exactly and
    Table VIII at medium density.  TerrainDataError names the field.
    """
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise TerrainDataError(f"{source}: not valid TOML: {e}") from None
    dens = data.get("densities")
    if dens != list(DENSITIES):
        raise _fail(source, "densities", f"expected {list(DENSITIES)}, not {dens!r}")
    for k in data:
        if k not in ("densities", "densities_why", "terrain"):
            raise _fail(source, k, "unknown field (known: densities, densities_why, terrain)")
    types_d = data.get("terrain")
    if not isinstance(types_d, dict) or not types_d:
        raise _fail(source, "terrain", "expected one [terrain.NAME] table per terrain type")
    out: dict[str, TerrainType] = {}
    for name, d in types_d.items():
        if name in NON_TERRAIN_ROWS:
            raise _fail(source, f"terrain.{name}", "is a Table IV row, not a terrain name")
        out[name] = _parse_type(name, d, DENSITIES, source)
    _check_skirmish_types(out, source)
    return out


def _check_skirmish_types(types: dict[str, TerrainType], source: str) -> None:
    from .sight import BLOCKING_TERRAIN

    for name in SKIRMISH_TERRAIN.terrains:
        t = types.get(name)
        if t is None:
            continue
        where = f"terrain.{name}"
        if t.blocks_sight != (name in BLOCKING_TERRAIN):
            raise _fail(source, f"{where}.los", "must be SKIRMISH Table III's")
        if t.defence != DEFENCE_STRENGTH[name][:FOOT_COLUMNS]:
            raise _fail(source, f"{where}.defence", "must be SKIRMISH Table IV's")
        medium = (MOVEMENT_COSTS[("regular", name)], MOVEMENT_COSTS[("slope", name)])
        if t.move["medium"] != medium:
            raise _fail(source, f"{where}.move.medium", "must be SKIRMISH Table VIII's")


@cache
def ambush_terrain_types() -> dict[str, TerrainType]:
    """AMBUSH's terrain types (:data:`AMBUSH_TERRAIN_FILE`), name -> :class:`TerrainType`."""
    text = AMBUSH_TERRAIN_FILE.read_text(encoding="utf-8")
    return load_terrain_types(text, source=AMBUSH_TERRAIN_FILE.name)


def effects_from_types(
    types: Mapping[str, TerrainType], density: str, name: str | None = None
) -> TerrainEffects:
    """The :class:`TerrainEffects` of ``types`` at ``density``.

    Sight: the types that block, slope hexsides, and SKIRMISH's end-hex and hexside-line rules.
    Defence: each type's row (the two "not possible" columns added) plus SKIRMISH's slope and
    vehicle rows.  Movement: each type's rates at ``density``.
    """
    from .sight import SKIRMISH_SIGHT

    if density not in DENSITIES:
        raise ValueError(f"unknown terrain density {density!r}; expected one of {DENSITIES}")
    sight = BlockingModel(
        blocking_terrain=frozenset(t.name for t in types.values() if t.blocks_sight),
        blocking_hexsides=SKIRMISH_SIGHT.blocking_hexsides,
        exempt_end_hexes=SKIRMISH_SIGHT.exempt_end_hexes,
        exempt_end_hexsides=SKIRMISH_SIGHT.exempt_end_hexsides,
        combine=SKIRMISH_SIGHT.combine,
        max_range=SKIRMISH_SIGHT.max_range,
    )
    tail = (NOT_POSSIBLE,) * (len(MOVEMENT_BANDS) - FOOT_COLUMNS)
    defence: dict[str, tuple[int | None, ...]] = {t.name: t.defence + tail for t in types.values()}
    for row in NON_TERRAIN_ROWS:
        defence[row] = DEFENCE_STRENGTH[row]
    costs: dict[tuple[str, str], Fraction | None] = {}
    for t in types.values():
        mv = t.move[density]
        for k, hexside in enumerate(HEXSIDES):
            costs[(hexside, t.name)] = None if mv is None else Fraction(mv[k])
    return TerrainEffects(
        name=name or f"ambush-{density}",
        sight=sight,
        defence=defence,
        costs=costs,
        terrains=tuple(types),
        types=dict(types),
    )


@cache
def ambush_terrain(density: str = DEFAULT_DENSITY) -> TerrainEffects:
    """AMBUSH's terrain tables at ``density`` (``"sparse"``, ``"medium"``, ``"dense"``)."""
    return effects_from_types(ambush_terrain_types(), density)


def density_of(m: Any) -> str:
    """A map's terrain density: its name's ``_sparse`` / ``_medium`` / ``_dense`` suffix, else
    :data:`DEFAULT_DENSITY` (a scenario may choose another)."""
    tail = str(getattr(m, "name", "")).rsplit("_", 1)[-1]
    return tail if tail in DENSITIES else DEFAULT_DENSITY


def effects_for_map(m: Any, density: str | None = None) -> TerrainEffects:
    """The terrain tables a map is played with when the game names none.

    SKIRMISH's when every terrain name of ``m`` is SKIRMISH's and no density is asked for (so
    SKIRMISH is unchanged), else AMBUSH's at ``density`` or :func:`density_of` the map.
    MapError if the map has a terrain name neither knows.
    """
    if density is None and all(t in SKIRMISH_TERRAIN.terrains for t in m.terrain_names):
        return SKIRMISH_TERRAIN
    eff = ambush_terrain(density or density_of(m))
    eff.check_map(m)
    return eff


def terrain_markdown(types: Mapping[str, TerrainType] | None = None) -> str:
    """AMBUSH's terrain table (Tables III, IV and VIII per density) with every reason, as a
    Markdown section of the "AMBUSH tables" page (rendered from the data the game plays by)."""
    types = ambush_terrain_types() if types is None else types

    def cell(x: object) -> str:
        return str(x).replace("|", "\\|").replace("\n", " ")

    def move(t: TerrainType, d: str) -> str:
        mv = t.move[d]
        return "impassable" if mv is None else f"{mv[0]} / {mv[1]}"

    head = ["terrain", "LOS", "defence 0 / 1-3 / 4-6 / 7-10", *DENSITIES]
    md = [
        f"## Terrain types (`{AMBUSH_TERRAIN_FILE.name}`)",
        "",
        "Line of sight (Table III: a hex of the type between observer and target blocks or is "
        "clear), defence of a man on foot by hexes plotted to move (Table IV) and AP to enter "
        "across a regular / slope hexside per terrain density (Table VIII). A hex carrying a "
        "road is entered at the road rate whatever lies under it; fire across a slope hexside "
        "gives the slope row; a man in a vehicle the vehicle row (both SKIRMISH's).",
        "",
        "| " + " | ".join(head) + " |",
        "|" + "---|" * len(head),
    ]
    for t in types.values():
        los = "blocks" if t.blocks_sight else "clear"
        row = [t.name, los, " / ".join(map(str, t.defence)), *(move(t, d) for d in DENSITIES)]
        md.append("| " + " | ".join(cell(x) for x in row) + " |")
    md.append("")
    for t in types.values():
        md.append(
            f"- **{t.name}** ({cell(t.description)}) LOS: {cell(t.why['los'])} "
            f"Defence: {cell(t.why['defence'])} Movement: {cell(t.why['move'])}"
        )
    return "\n".join([*md, ""])
