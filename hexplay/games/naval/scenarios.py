"""The article's scenarios 11 (Kula Gulf) and 12 (Horaniu) as validated data (pydantic 2).

A :class:`Scenario` loads from and saves to plain JSON; :func:`load_scenario` turns any bad
field into a :class:`~hexplay.engine.ScenarioError` naming it (``ships.3.hex``). The sea map is
built from the scenario (:func:`sea_map`): its size and its land hexes.

Decisions where the listing is silent (hexplay's):

* Map: 54 x 40 hexes (CCRR labels) for both, enough sea around the listed hexes (columns
  28-46, rows 11-32) for 20 turns of manoeuvre.
* Land configuration "C" (Guadalcanal portion only), designed by hexplay: Guadalcanal's north
  coast running from the west edge at row 30 to the south edge at column 24, with a cape at
  columns 14-16 reaching row 29, and a small island (Savo-like) at 1016-1218 (:func:`land_c`).
* Kula Gulf's listing gives seven hexes for eight IJN ships: the second Shiratsuyu
  ("Shigura") has none; it is placed at 2928, abeam of its sister on the side toward the
  enemy, keeping one ship per hex as the rest of the column does.
* Horaniu's listing puts two Kagero in 4612; the second is placed at 4611, one hex ahead in the
  same column (line ahead, course north).
* The (t) destroyers are the second Fubuki (2830) and the second Mutsuki (2832), the hexes
  the listing marks. The 30-turn option's three Mutsuki (s) enter on turn 20 at 2540, 2640
  and 2740: on the south edge within 5 hexes of land (checked), speed 5, course north, one
  salvo each (the Tassafaronga rule: no reloads).
* Horaniu's "UN ships DIW at game end" is read as IJN (scenario 11's rule); its "point ratios
  as per table on Scenario 3" (not in the source) uses scenario 11's table; nobody starts with
  points. Its "leaves map before Game-Turn 10": any ship of a side leaving the map in turns
  1-9 loses the game for that side (both sides at once: a draw).
* The special rules "for scenarios after 8/1/43" (USN torpedo range 4, fire-control radar)
  apply to Horaniu (8/18/43), not to Kula Gulf (7/6/43).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Literal

import numpy as np
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from ...engine import ScenarioError, jsonio
from ...hexgrid import OffsetLayout, distance
from ...maps import Map
from ...maps.notation import Frame
from .classes import CLASSES
from .movement import FACINGS

Level = Literal["IJN major", "IJN minor", "Draw", "USN minor", "USN major"]
"""A level of victory."""

LEVELS_11: tuple[tuple[float, str], ...] = (
    (5.00, "IJN major"),
    (3.00, "IJN minor"),
    (1.50, "Draw"),
    (0.75, "USN minor"),
    (0.0, "USN major"),
)
"""Scenario 11's levels by ratio IJN/USN: 5.00 up, 3.00-4.99, 1.50-2.99, .75-1.49, .74 or
less (a ratio between two printed bounds falls to the lower level)."""

POINTS_11 = {"CL": {"sunk": 6, "diw": 4, "p": 2}, "DD": {"sunk": 3, "diw": 2, "p": 1}}
"""Scenario 11's schedule, per ship by its worst state: sunk, DIW, or a P hit (afloat and
under way). W hits score nothing."""


class ShipSetup(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    id: str = Field(min_length=1, max_length=12, pattern=r"^[A-Za-z0-9_-]+$")
    side: Literal["ijn", "usn"]
    cls: str
    hex: str = Field(pattern=r"^\d{4}$")
    speed: int = Field(ge=0, le=20)
    course: str
    troops: bool = False
    supply: bool = False
    enter_turn: int = Field(default=1, ge=1, le=100)
    note: str = Field(default="", max_length=200)

    @field_validator("cls")
    @classmethod
    def _known_class(cls, v: str) -> str:
        if v not in CLASSES:
            raise ValueError(f"unknown ship class {v!r}; hexplay rates {sorted(CLASSES)}")
        return v

    @field_validator("course")
    @classmethod
    def _course(cls, v: str) -> str:
        if v.lower() not in FACINGS:
            raise ValueError(f"course must be one of {list(FACINGS)}")
        return v.lower()


class Sea(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    cols: int = Field(ge=4, le=99)
    rows: int = Field(ge=4, le=99)
    land: list[str] = Field(default_factory=list, max_length=99 * 99)
    land_name: str = Field(default="", max_length=40)


class Scenario(BaseModel):
    """One scenario: sea, ships, length, spotting, special rules and victory.

    Strict (as every game's scenario): ``"yes"`` is not a boolean, ``"12"`` not a number;
    every number has a bound (turns 1-100, spotting and radar range 1-50 hexes, at most 60
    ships, points 0-100 a ship and 0-1000 at the start, victory bounds 0-1000 with at least
    one level)."""

    model_config = ConfigDict(extra="forbid", strict=True)

    name: str = Field(min_length=1, max_length=40)
    title: str = Field(max_length=120)
    date: str = Field(max_length=20)
    sea: Sea
    turns: int = Field(ge=1, le=100)
    spotting_range: int = Field(default=8, ge=1, le=50)
    ships: list[ShipSetup] = Field(min_length=2, max_length=60)
    ijn_start_points: int = Field(default=0, ge=0, le=1000)
    troop_point: int = Field(default=1, ge=0, le=100)
    points: dict[Literal["CL", "DD"], dict[Literal["sunk", "diw", "p"], int]] = Field(
        default_factory=lambda: {k: dict(v) for k, v in POINTS_11.items()}
    )
    levels: list[tuple[float, Level]] = Field(
        default_factory=lambda: list(LEVELS_11), min_length=1, max_length=10
    )
    ijn_diw_counts_sunk: bool = True
    leave_loses_before: int | None = Field(default=None, ge=1, le=100)
    usn_torpedo_range_4: bool = False
    usn_radar: bool = False
    radar_range: int = Field(default=10, ge=1, le=50)
    notes: str = Field(default="", max_length=2000)

    @field_validator("levels", mode="before")
    @classmethod
    def _pairs(cls, v: Any) -> Any:
        """A level is a ``[bound, name]`` pair in JSON: a two-item list is taken as a pair."""
        if isinstance(v, list):
            return [tuple(x) if isinstance(x, list) and len(x) == 2 else x for x in v]
        return v

    @field_validator("levels")
    @classmethod
    def _bounds(cls, v: list[tuple[float, str]]) -> list[tuple[float, str]]:
        """Each level's bound is a ratio 0..1000 (no NaN, no infinity)."""
        for bound, _name in v:
            if not 0 <= bound <= 1000:  # (NaN fails this too)
                raise ValueError(f"a level's bound is a ratio 0..1000, not {bound}")
        return v

    @field_validator("points")
    @classmethod
    def _points(cls, v: dict[str, dict[str, int]]) -> dict[str, dict[str, int]]:
        """A ship scores 0..100 points."""
        for kind, table in v.items():
            for state, n in table.items():
                if not 0 <= n <= 100:
                    raise ValueError(f"{kind} {state} scores 0..100 points, not {n}")
        return v

    def to_dict(self) -> dict[str, Any]:
        return self.model_dump(mode="json")


def _err_field(e: ValidationError) -> tuple[str, str]:
    err = e.errors()[0]
    return ".".join(str(x) for x in err["loc"]) or "scenario", err["msg"]


def load_scenario(data: Any) -> Scenario:
    """A validated scenario from a dict, a JSON string or a Scenario; ScenarioError names the
    first bad field. Hexes are checked against the sea map (on it, not land)."""
    if isinstance(data, Scenario):
        sc = data
    else:
        if isinstance(data, str):
            try:
                data = jsonio.loads(data)
            except jsonio.JSONInputError as e:
                raise ScenarioError("scenario", f"not JSON: {e}") from None
        if not isinstance(data, dict):
            raise ScenarioError(
                "scenario", f"a scenario is a JSON object, not {type(data).__name__}"
            )
        try:
            sc = Scenario.model_validate(data)
        except ValidationError as e:
            raise ScenarioError(*_err_field(e)) from None
    _check_against_map(sc)
    return sc


def _check_against_map(sc: Scenario) -> None:
    m = sea_map(sc)
    land = set(np.flatnonzero(m.terrain_flat() == 1).tolist())
    ids = set()
    for i, s in enumerate(sc.ships):
        where = f"ships.{i}"
        if s.id in ids:
            raise ScenarioError(f"{where}.id", f"ship id {s.id!r} is used twice")
        ids.add(s.id)
        k = CLASSES[s.cls]
        if k.side != s.side:
            raise ScenarioError(f"{where}.cls", f"{s.cls} is an {k.side.upper()} class")
        if not m.contains(s.hex):
            raise ScenarioError(f"{where}.hex", f"{s.hex} is not on the {m.cols}x{m.rows} map")
        if m.index(s.hex) in land:
            raise ScenarioError(f"{where}.hex", f"{s.hex} is land")
        if s.speed > k.top_speed:
            raise ScenarioError(f"{where}.speed", f"{s.cls} tops out at speed {k.top_speed}")
        if s.enter_turn > sc.turns:
            raise ScenarioError(f"{where}.enter_turn", f"the game lasts {sc.turns} turns")
    if {s.side for s in sc.ships} != {"ijn", "usn"}:
        raise ScenarioError("ships", "both sides need ships")


_MAPS: dict[str, Map] = {}


def sea_map(sc: Scenario) -> Map:
    """The scenario's sea map: terrain ``sea`` and ``land`` (cached by its JSON)."""
    return map_of_sea(sc.sea)


def map_of_sea(sea: Sea) -> Map:
    """The map of a :class:`Sea` (cached by its JSON): what :func:`sea_map` returns."""
    key = json.dumps(sea.model_dump(mode="json"), sort_keys=True)
    if key in _MAPS:
        return _MAPS[key]
    layout = OffsetLayout(sea.cols, sea.rows)
    frame = Frame(layout, "ccrr")
    terrain = np.zeros((sea.cols, sea.rows), dtype=np.int16)
    for i, tok in enumerate(sea.land):
        try:
            hexes = frame.hexes(tok)
        except ValueError as e:
            raise ScenarioError(f"sea.land.{i}", str(e)) from None
        for h in hexes:
            c, r = layout.to_offset(h)
            terrain[c - 1, r - 1] = 1
    m = Map(
        name=f"naval {sea.land_name or 'open sea'}",
        layout=layout,
        terrain_names=("sea", "land"),
        terrain=terrain,
        description=f"Sea map of {sea.cols} x {sea.rows} hexes (half a nautical mile)",
    )
    _MAPS[key] = m
    return m


MAP_COLS, MAP_ROWS = 54, 40


def land_c() -> list[str]:
    """Land configuration "C" (hexplay's design): Guadalcanal's north coast as column blocks
    (see the module docstring)."""
    out = []
    for col in range(1, 25):
        top = 30 + (col - 1) * 10 // 23  # the coast falls from row 30 to row 40
        if 14 <= col <= 16:
            top -= 3  # the cape
        out.append(f"{col:02d}{top:02d}..{col:02d}{MAP_ROWS:02d}")
    out += ["1016..1017", "1116..1118", "1217..1218"]  # the island
    return out


def _ship(id, side, cls, hex, speed, course, **kw) -> dict[str, Any]:
    return {"id": id, "side": side, "cls": cls, "hex": hex, "speed": speed, "course": course, **kw}


def kula_gulf(reinforcement: bool = False) -> dict[str, Any]:
    """Scenario 11, Kula Gulf, 7/6/43 (20 turns; 30 with the IJN reinforcement)."""
    ijn = [
        _ship("DD4a", "ijn", "Kagero", "2826", 5, "n"),
        _ship("DD4b", "ijn", "Kagero", "2827", 5, "n"),
        _ship("DD3a", "ijn", "Shiratsuyu", "2828", 5, "n"),
        _ship("DD3b", "ijn", "Shiratsuyu", "2928", 5, "n", note="no hex in the listing"),
        _ship("DD2a", "ijn", "Fubuki", "2829", 5, "n"),
        _ship("DD2b", "ijn", "Fubuki", "2830", 5, "n", troops=True),
        _ship("DD1a", "ijn", "Mutsuki", "2831", 5, "n"),
        _ship("DD1b", "ijn", "Mutsuki", "2832", 5, "n", troops=True),
    ]
    usn = [
        _ship("DD6a", "usn", "Fletcher", "3718", 5, "nw"),
        _ship("DD6b", "usn", "Fletcher", "3818", 5, "nw"),
        _ship("CL3a", "usn", "Brooklyn", "3919", 5, "nw"),
        _ship("CL3b", "usn", "Brooklyn", "4019", 5, "nw"),
        _ship("CL3c", "usn", "Brooklyn", "4120", 5, "nw"),
        _ship("DD6c", "usn", "Fletcher", "4220", 5, "nw"),
        _ship("DD6d", "usn", "Fletcher", "4321", 5, "nw"),
    ]
    extra = []
    if reinforcement:
        extra = [
            _ship(f"DD1{c}", "ijn", "Mutsuki", f"{col}40", 5, "n", supply=True, enter_turn=20)
            for c, col in zip("cde", (25, 26, 27))
        ]
    return {
        "name": "kula_gulf_30" if reinforcement else "kula_gulf",
        "title": "Scenario 11: Kula Gulf"
        + (" (30 turns, IJN reinforcement)" if reinforcement else ""),
        "date": "1943-07-06",
        "sea": {"cols": MAP_COLS, "rows": MAP_ROWS, "land": land_c(), "land_name": "C"},
        "turns": 30 if reinforcement else 20,
        "spotting_range": 8,
        "ships": ijn + usn + extra,
        "ijn_start_points": 6,
        "troop_point": 1,
        "notes": "IJN begins with 6 points: the supply (s) ships have unloaded.",
    }


def horaniu() -> dict[str, Any]:
    """Scenario 12, DD action off Horaniu, 8/18/43 (no land, 15 turns, spotting 16)."""
    ships = [
        _ship("DD4a", "ijn", "Kagero", "4612", 3, "n"),
        _ship("DD4b", "ijn", "Kagero", "4611", 3, "n", note="listed in 4612 with DD4a"),
        _ship("DD4c", "ijn", "Kagero", "4514", 3, "ne"),
        _ship("DD2a", "ijn", "Fubuki", "4316", 3, "n"),
        _ship("DD4d", "ijn", "Kagero", "4317", 3, "n"),
        _ship("DD6a", "usn", "Fletcher", "3726", 7, "nw"),
        _ship("DD6b", "usn", "Fletcher", "3826", 7, "nw"),
        _ship("DD6c", "usn", "Fletcher", "3927", 7, "nw"),
        _ship("DD6d", "usn", "Fletcher", "4027", 7, "nw"),
    ]
    return {
        "name": "horaniu",
        "title": "Scenario 12: DD action off Horaniu",
        "date": "1943-08-18",
        "sea": {"cols": MAP_COLS, "rows": MAP_ROWS, "land": [], "land_name": ""},
        "turns": 15,
        "spotting_range": 16,
        "ships": ships,
        "ijn_start_points": 0,
        "troop_point": 0,
        "leave_loses_before": 10,
        "usn_torpedo_range_4": True,
        "usn_radar": True,
    }


def scenarios() -> dict[str, dict[str, Any]]:
    """The bundled scenarios by name (plain dicts; what the registry lists)."""
    return {"kula_gulf": kula_gulf(), "kula_gulf_30": kula_gulf(True), "horaniu": horaniu()}


def sweep_scenario(params: Mapping[str, Any] | None = None) -> Scenario:
    """A scenario from batch or sweep parameters (``hexplay simulate/sweep --game naval``):
    ``base`` (a bundled scenario's name, default ``"kula_gulf"``) or ``file`` (a scenario JSON
    file: ``--scenario FILE``), with the other parameters as top-level scenario fields, the
    whole validated by :func:`load_scenario`."""
    p = dict(params or {})
    path = p.pop("file", None)
    if path and "base" in p:
        raise ScenarioError("file", "a sweep starts from a base scenario or a file, not both")
    if path:
        d = read_scenario(path).to_dict()
    else:
        base, bundled = str(p.pop("base", "kula_gulf")), scenarios()
        if base not in bundled:
            raise ScenarioError("base", f"no naval scenario {base!r}; there are {sorted(bundled)}")
        d = bundled[base]
    d.update(p)
    return load_scenario(d)


def save_scenario(sc: Scenario, path: str | Path) -> Path:
    p = Path(path)
    p.write_text(json.dumps(sc.to_dict(), indent=1), encoding="utf-8")
    return p


def read_scenario(path: str | Path) -> Scenario:
    """A scenario file, read by the strict JSON reader (:mod:`hexplay.engine.jsonio`: one
    value, UTF-8, bounded size and depth, no duplicate keys, no NaN)."""
    try:
        data = jsonio.load_path(path)
    except jsonio.JSONInputError as e:
        raise ScenarioError("scenario", str(e)) from None
    return load_scenario(data)


def within_of_land(m: Map, label: str) -> int:
    """Distance from a hex to the nearest land hex (for the reinforcement's entry check)."""
    h = m.hex(label)
    land = [x for x, t in zip(m.hexes, m.terrain_flat()) if t == 1]
    return min(distance(h, x) for x in land) if land else 10**6
