"""AMBUSH's tables, loaded from ``data/*.toml`` (one file per table) into named frozen data.

Every AMBUSH number is a design choice of ours (the report never published the draft rules);
each file gives every row a ``why``: a source, a physical argument or consistency with
SKIRMISH's tables. :func:`load_tables` validates the files (a wrong one is a
:class:`TableError` naming the file and field); :func:`tables` gives the loaded set.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from types import MappingProxyType
from typing import Any

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

from ..skirmish.combat import register_weapon
from ..skirmish.tables import ATTACK_STRENGTH, RANGE_BAND_LABELS, RANGE_BANDS

TABLE_FILES = (
    "weapons",
    "autofire",
    "armour",
    "damage",
    "barriers",
    "deterrents",
    "cargo",
    "convoys",
    "radio",
    "response",
    "morale",
    "getaway",
)
"""The data files, in the order the documentation lists them."""

WEAPON_CLASSES = ("rifle", "automatic", "anti_tank", "other")
WEAPON_CLASS_COUNTS = {"rifle": 3, "automatic": 3, "anti_tank": 3, "other": 5}
"""Table I: 3 rifle types, 3 automatic weapons, 3 anti-tank weapons, 5 others."""
TRANSPORTER_CONFIGS = ("standard", "armoured")
DENSITIES = ("low", "medium", "high")
CONVOY_KINDS = ("transporter", "escort")
"""The convoy's vehicle kinds (``armour.toml``'s ``default`` gives each its class)."""
RADIO_LINKS = ("CB", "long range")
"""The report's two radio systems: CB within the convoy, long range to a regional centre."""
DIE_FACES = 6


class TableError(ValueError):
    """A data file that does not fit its table: names the file and the field."""

    def __init__(self, file: str, field: str, message: str) -> None:
        super().__init__(f"{file}.toml: {field}: {message}")
        self.file, self.field = file, field


@dataclass(frozen=True)
class Weapon:
    """One weapon in Table V's shape: ``fit``/``impaired`` attack strength per range band."""

    name: str
    cls: str
    fit: tuple[int, ...]
    impaired: tuple[int, ...]
    harms_occupants: bool
    harms_vehicles: bool
    why: str

    def attack(self, rng: int, impaired: bool = False) -> int:
        """Attack strength at ``rng`` hexes (Table V's band look-up)."""
        for i, (lo, hi) in enumerate(RANGE_BANDS):
            if rng >= lo and (hi is None or rng <= hi):
                return (self.impaired if impaired else self.fit)[i]
        raise ValueError(f"range must be >= 0, got {rng}")


@dataclass(frozen=True)
class Row:
    """A named row of a table with its reason and its values (read-only mapping)."""

    name: str
    values: Mapping[str, Any]
    why: str

    def __getitem__(self, key: str) -> Any:
        return self.values[key]


@dataclass(frozen=True)
class Tables:
    """Every AMBUSH table (see the data files for each value's reason)."""

    weapons: Mapping[str, Weapon]
    armour: Mapping[str, int]
    default_armour: Mapping[str, str]
    damage: tuple[Row, ...]
    barrier_damage_points: int
    barriers: Mapping[str, Mapping[str, int]]
    charge_points: int
    deterrents: Mapping[str, Row]
    cargo_load_points: int
    convoys: Mapping[str, Row]
    cb: tuple[tuple[int, int], ...]
    long_range: tuple[tuple[int, int], ...]
    call_ap: Mapping[str, int]
    delays: Mapping[str, int]
    response: Mapping[str, Row]
    autofire_extra_targets: int
    autofire_factor: float
    suppress_die: int
    suppressed_ap: int
    panic_die: int
    getaway_vehicles: Mapping[str, Row]
    getaway_crew_weapon: str
    getaway_enter_earliest: int
    raw: Mapping[str, Any]

    def barrier_points(self, barrier: str, transporter: str = "standard") -> int:
        return self.barriers[barrier][transporter]

    def cb_success(self, hexes: int) -> int:
        """Highest die face that gets a CB call through over ``hexes`` hexes."""
        return next(s for top, s in self.cb if hexes <= top)

    def long_range_success(self, km: float) -> int:
        """Highest die face that gets a long-range call through over ``km`` km."""
        return next(s for top, s in self.long_range if km <= top)

    def arrival_faces(self, density: str) -> tuple[int, ...]:
        """The arrival table of ``density`` as six die faces (face i -> turns after the call)."""
        arr = self.response[density]["arrival"]
        return tuple(t for t, n in sorted(arr.items()) for _ in range(n))


def _read(name: str) -> dict[str, Any]:
    text = resources.files(__package__).joinpath("data").joinpath(f"{name}.toml").read_text("utf-8")
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise TableError(name, "<file>", str(e)) from None


def _need(cond: bool, file: str, field: str, msg: str) -> None:
    if not cond:
        raise TableError(file, field, msg)


def _rows(d: dict[str, Any], file: str, key: str) -> list[dict[str, Any]]:
    rows = d.get(key)
    if not isinstance(rows, list) or not rows:
        raise TableError(file, key, "a non-empty list of tables")
    for i, r in enumerate(rows):
        why = r.get("why")
        _need(isinstance(why, str) and len(why) > 10, file, f"{key}[{i}].why", "give the reason")
    return rows


def _int(v: Any, file: str, field: str, lo: int = 0, hi: int = 10**6) -> int:
    _need(type(v) is int and lo <= v <= hi, file, field, f"an integer {lo}..{hi}, not {v!r}")
    return v


def _weapons(d: dict[str, Any]) -> dict[str, Weapon]:
    f = "weapons"
    _need(
        d.get("bands") == list(RANGE_BAND_LABELS),
        f,
        "bands",
        f"must be Table V's {RANGE_BAND_LABELS}",
    )
    out: dict[str, Weapon] = {}
    for i, r in enumerate(_rows(d, f, "weapon")):
        at = f"weapon[{i}]"
        name = r.get("name")
        _need(isinstance(name, str) and name not in out, f, f"{at}.name", "unique name")
        _need(r.get("class") in WEAPON_CLASSES, f, f"{at}.class", f"one of {WEAPON_CLASSES}")
        cols = []
        for col in ("fit", "impaired"):
            v = r.get(col)
            _need(
                isinstance(v, list) and len(v) == len(RANGE_BANDS),
                f,
                f"{at}.{col}",
                f"{len(RANGE_BANDS)} values, one per band",
            )
            cols.append(tuple(_int(x, f, f"{at}.{col}", 0, 100) for x in v))
        _need(all(b <= a for a, b in zip(*cols)), f, f"{at}.impaired", "never above the fit value")
        for flag in ("harms_occupants", "harms_vehicles"):
            _need(type(r.get(flag)) is bool, f, f"{at}.{flag}", "true or false")
        out[name] = Weapon(
            name, r["class"], cols[0], cols[1], r["harms_occupants"], r["harms_vehicles"], r["why"]
        )
    for cls, n in WEAPON_CLASS_COUNTS.items():
        got = sum(w.cls == cls for w in out.values())
        _need(got == n, f, "weapon", f"Table I: {n} weapons of class {cls}, found {got}")
    for name, rows in ATTACK_STRENGTH.items():  # SKIRMISH's weapons stay exactly as they are
        w = out.get(name)
        _need(
            w is not None and tuple(zip(w.fit, w.impaired)) == tuple(rows),
            f,
            name,
            "must equal SKIRMISH's Table V",
        )
    return out


def _thresholds(d, f, key, top_key) -> tuple[tuple[int, int], ...]:
    rows = _rows(d, f, key)
    out = []
    for i, r in enumerate(rows):
        out.append((r[top_key], _int(r.get("success"), f, f"{key}[{i}].success", 0, DIE_FACES)))
    _need([t for t, _ in out] == sorted(t for t, _ in out), f, key, f"{top_key} must increase")
    return tuple(out)


def load_tables() -> Tables:
    """Read and validate every data file (TableError names the first bad field)."""
    raw = {n: _read(n) for n in TABLE_FILES}
    for n, d in raw.items():
        _need(isinstance(d.get("why"), str), n, "why", "every table says why it is so")
    weapons = _weapons(raw["weapons"])
    armour = {
        r["name"]: _int(r.get("defence"), "armour", r["name"], 1, 100)
        for r in _rows(raw["armour"], "armour", "armour")
    }
    default_armour = raw["armour"].get("default")
    _need(
        isinstance(default_armour, dict)
        and set(default_armour) == set(CONVOY_KINDS)
        and all(a in armour for a in default_armour.values()),
        "armour",
        "default",
        f"an armour class for each of {CONVOY_KINDS}",
    )
    _need(isinstance(raw["armour"].get("default_why"), str), "armour", "default_why", "give it")
    dmg = raw["damage"]
    damage = tuple(Row(r["name"], r, r["why"]) for r in _rows(dmg, "damage", "state"))
    for res in ("K", "W"):
        faces = sorted(x for r in damage if r["result"] == res for x in r["die"])
        _need(faces == list(range(1, 7)), "damage", res, "die faces 1..6 each once")
    bdp = next(r.values.get("barrier_damage_points") for r in damage if r.name == "barrier_damaged")
    b = raw["barriers"]
    barriers = {}
    for i, r in enumerate(_rows(b, "barriers", "barrier")):
        pts = r.get("points")
        _need(
            isinstance(pts, dict) and set(pts) == set(TRANSPORTER_CONFIGS),
            "barriers",
            f"barrier[{i}].points",
            f"points for each transporter {TRANSPORTER_CONFIGS}",
        )
        barriers[r["name"]] = MappingProxyType(
            {k: _int(v, "barriers", f"barrier[{i}].points.{k}", 1) for k, v in pts.items()}
        )
    _need(len(barriers) == 4, "barriers", "barrier", "Table I: four barrier types")
    rr = raw["radio"]
    delays = {
        r["training"]: _int(r["turns"], "radio", "delay", 0, 50)
        for r in _rows(rr, "radio", "delay")
    }
    call_ap = {
        r.get("link"): _int(r.get("ap"), "radio", f"call[{i}].ap", 1, 10)
        for i, r in enumerate(_rows(rr, "radio", "call"))
    }
    _need(set(call_ap) == set(RADIO_LINKS), "radio", "call", f"one row per link {RADIO_LINKS}")
    resp = {}
    for i, r in enumerate(_rows(raw["response"], "response", "density")):
        arr = r.get("arrival")
        _need(
            isinstance(arr, dict) and sum(arr.values()) == DIE_FACES,
            "response",
            f"density[{i}].arrival",
            "turn -> die faces, six faces in all",
        )
        resp[r["name"]] = Row(
            r["name"], {**r, "arrival": {int(k): v for k, v in arr.items()}}, r["why"]
        )
    _need(tuple(resp) == DENSITIES, "response", "density", f"the densities {DENSITIES}")
    af, mo, cg = raw["autofire"], raw["morale"], raw["cargo"]
    cars = {}
    for i, r in enumerate(_rows(raw["getaway"], "getaway", "vehicle")):
        _int(r.get("seats"), "getaway", f"vehicle[{i}].seats", 2, 3)  # the carrier's seat + 1
        _need(r.get("armour") in armour, "getaway", f"vehicle[{i}].armour", "an armour.toml class")
        cars[r["name"]] = Row(r["name"], r, r["why"])
    gw = raw["getaway"]
    _need(gw.get("crew_weapon") in weapons, "getaway", "crew_weapon", "a weapons.toml weapon")
    return Tables(
        weapons=MappingProxyType(weapons),
        armour=MappingProxyType(armour),
        default_armour=MappingProxyType(dict(default_armour)),
        damage=damage,
        barrier_damage_points=_int(bdp, "damage", "barrier_damage_points"),
        barriers=MappingProxyType(barriers),
        charge_points=_int(b.get("charge_points"), "barriers", "charge_points"),
        deterrents=MappingProxyType(
            {
                r["name"]: Row(r["name"], r, r["why"])
                for r in _rows(raw["deterrents"], "deterrents", "device")
            }
        ),
        cargo_load_points=_int(cg.get("load_points"), "cargo", "load_points", 1),
        convoys=MappingProxyType(
            {
                r["name"]: Row(r["name"], r, r["why"])
                for r in _rows(raw["convoys"], "convoys", "convoy")
            }
        ),
        cb=_thresholds(rr, "radio", "cb", "max_range"),
        long_range=_thresholds(rr, "radio", "long_range", "max_km"),
        call_ap=MappingProxyType(call_ap),
        delays=MappingProxyType(delays),
        response=MappingProxyType(resp),
        autofire_extra_targets=_int(af.get("extra_targets"), "autofire", "extra_targets", 0, 10),
        autofire_factor=float(af.get("extra_factor")),
        suppress_die=_int(mo.get("suppress_die"), "morale", "suppress_die", 0, 6),
        suppressed_ap=_int(mo.get("suppressed_ap"), "morale", "suppressed_ap", 0, 10),
        panic_die=_int(mo.get("panic_die"), "morale", "panic_die", 0, 6),
        getaway_vehicles=MappingProxyType(cars),
        getaway_crew_weapon=gw["crew_weapon"],
        getaway_enter_earliest=_int(gw.get("enter_earliest"), "getaway", "enter_earliest", 1, 50),
        raw=MappingProxyType(raw),
    )


@cache
def tables() -> Tables:
    """The loaded tables (read once per process); AMBUSH's new weapons are registered with
    SKIRMISH's combat look-ups (:func:`~hexplay.games.skirmish.combat.register_weapon`)."""
    t = load_tables()
    for w in t.weapons.values():
        if w.name not in ATTACK_STRENGTH:
            register_weapon(w.name, tuple(zip(w.fit, w.impaired)), w.harms_occupants)
    return t
