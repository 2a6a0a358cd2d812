"""Counters as data: what the board draws for a unit, described in Python, validated here,
drawn by the one counter renderer in ``js/src/board.js``.

A game's UI adapter turns a side's view into :class:`Counter` s; the board's ``units`` trait
holds them in their plain (wire) form. Every part of a counter is optional except its id:

``glyph``
    what the counter shows in its centre: ``{"kind": "man" | "escort" | "transporter" |
    "vehicle" | "ship" | "sidc" | "text" | "none", "sidc": ..., "text": ...}``. ``"sidc"`` is an
    APP-6 / MIL-STD-2525C letter symbol code drawn by the bundled ``milsymbol`` library (e.g.
    :data:`SIDC` for six common unit types); ``"ship"`` is a hull drawn pointing along
    ``facing``; man, escort, transporter and vehicle are the board's own NATO-like figures.
``corners``
    short figures in the counter's corners (``tl``, ``tr``, ``bl``, ``br``), e.g. a battalion's
    range-strength ``{"bl": "3-3"}`` or a ship's speed.
``badges``
    codes from :data:`BADGES` (W, K, P, PW, spotted, dug in, unidentified, frozen, moving,
    reloads...) drawn as small marks along the counter's right edge; a game may add its own in
    its :class:`CounterStyle`.
``facing`` / ``speed``
    a ship's heading (hexside 0-5, 0 = up, clockwise) drawn as an arrow, and its speed.
``hidden``
    a face-down counter: the side's colour only (no glyph, label, corners or badges are
    accepted: :func:`validate_counter` drops them, so nothing about it reaches the browser).
``stale``
    a last-known position (drawn faded).
``selectable``
    False: an own unit the side may not select (a killed man); the shell's, never sent.

The style (side colours and legend entries, extra badges) is static: the board receives it
once in its ``counter_style`` trait.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, TypedDict

import traitlets

log = logging.getLogger("hexplay.widgets")

GLYPH_KINDS = ("man", "escort", "transporter", "vehicle", "ship", "sidc", "text", "none")
CORNERS = ("tl", "tr", "bl", "br")
#: The fields a hidden (face-down) counter keeps: where it is and whose it is (its glyph is
#: ``{"kind": "none"}``, ``stale`` marks a last-known position), nothing else.
HIDDEN_FIELDS = ("id", "side", "hex", "hidden", "stale", "glyph")
_SIDC = re.compile(r"^[A-Z0-9*\-]{10,20}$")
_TEXT_MAX = 40


class Glyph(TypedDict, total=False):
    kind: Literal["man", "escort", "transporter", "vehicle", "ship", "sidc", "text", "none"]
    sidc: str
    text: str


class Counter(TypedDict, total=False):
    """The plain form of one counter (what :func:`validate_counter` returns and checks)."""

    id: str
    side: str
    hex: str | None
    kind: str
    glyph: Glyph
    label: str
    corners: dict[str, str]
    badges: list[str]
    facing: int
    speed: int
    hidden: bool
    stale: bool
    status: str
    weapon: str
    occupants: list[str]
    in_vehicle: str
    seat: str
    moving: bool
    tip: str
    seen_turn: int
    position: str
    seats: dict[str, str]
    selectable: bool


#: Fields a counter may carry (those of :class:`Counter`); anything else is refused.
COUNTER_FIELDS = frozenset(Counter.__annotations__)


@dataclass(frozen=True)
class Badge:
    """A small mark on a counter: ``text`` (1-3 characters) on ``colour``, ``title`` in the
    tooltip and the legend."""

    code: str
    text: str
    colour: str
    title: str


#: The badges every game may use (a game adds its own through :class:`CounterStyle`).
BADGES: dict[str, Badge] = {
    b.code: b
    for b in (
        Badge("W", "W", "#e0a100", "wounded"),
        Badge("K", "K", "#222222", "killed"),
        Badge("P", "P", "#c0392b", "propulsion hit"),
        Badge("PW", "PW", "#8e44ad", "propulsion and weapon hits"),
        Badge("Wpn", "W", "#d35400", "weapon hit"),
        Badge("spotted", "S", "#f1c40f", "spotted"),
        Badge("dug", "D", "#7f6a3a", "dug in (emplaced)"),
        Badge("unidentified", "?", "#7f8c8d", "unidentified"),
        Badge("frozen", "F", "#3498db", "frozen by partisans"),
        Badge("moving", "›", "#16a085", "moving"),
        Badge("technical", "T", "#95a5a6", "technical"),
        Badge("nuked", "N", "#6c3483", "in a CBR hex"),
    )
}

#: APP-6 / MIL-STD-2525C letter SIDCs of six common unit types (friendly frame; the
#: adapter picks the affiliation letter per side with :func:`sidc_for`).
SIDC: dict[str, str] = {
    "Infantry": "SFGPUCI----",  # combat / infantry
    "Armor": "SFGPUCA----",  # combat / armour
    "Artillery": "SFGPUCF----",  # combat / field artillery
    "Missile": "SFGPUCM----",  # combat / missile (surface-to-surface)
    "Airbase": "SFGPIBA----",  # installation / airport, airbase
    "Support": "SFGPUS-----",  # combat service support
}


def sidc_for(unit_type: str, hostile: bool = False) -> str:
    """The SIDC of ``unit_type`` (a key of :data:`SIDC`) framed friendly or hostile."""
    code = SIDC[unit_type]
    return code[0] + ("H" if hostile else "F") + code[2:]


@dataclass(frozen=True)
class SideStyle:
    """How a side looks: counter colour and its legend text."""

    name: str
    colour: str
    label: str = ""


@dataclass(frozen=True)
class CounterStyle:
    """The static part of a game's counters: side colours/legend, extra badges, legend rows
    (``(colour, text)``) for the game's markings. Sent to the browser once."""

    sides: tuple[SideStyle, ...]
    badges: Mapping[str, Badge] = field(default_factory=dict)
    legend: tuple[tuple[str, str], ...] = ()

    def to_json(self) -> dict[str, Any]:
        badges = {**BADGES, **dict(self.badges)}
        return {
            "sides": {s.name: {"colour": s.colour, "label": s.label or s.name} for s in self.sides},
            "badges": {
                k: {"text": b.text, "colour": b.colour, "title": b.title} for k, b in badges.items()
            },
            "legend": [list(row) for row in self.legend],
        }

    def badge_codes(self) -> set[str]:
        return set(BADGES) | set(self.badges)


class CounterError(ValueError):
    """A counter description that the board cannot draw (names the field)."""


def _text(v: Any, name: str, max_len: int = _TEXT_MAX) -> str:
    if not isinstance(v, (str, int)) or isinstance(v, bool):
        raise CounterError(f"counter {name} must be text, not {type(v).__name__}")
    s = str(v)
    if len(s) > max_len:
        raise CounterError(f"counter {name} is longer than {max_len} characters: {s[:20]!r}...")
    return s


def _glyph(v: Any, kind: str | None) -> dict[str, str]:
    if v is None:
        return {"kind": kind if kind in GLYPH_KINDS else "man"}
    if not isinstance(v, Mapping):
        raise CounterError(f"counter glyph must be an object, not {type(v).__name__}")
    bad = set(v) - {"kind", "sidc", "text"}
    if bad:
        raise CounterError(f"counter glyph takes kind, sidc, text; not {sorted(bad)}")
    g = v.get("kind")
    if g not in GLYPH_KINDS:
        raise CounterError(f"glyph kind must be one of {GLYPH_KINDS}, not {g!r}")
    out = {"kind": g}
    if g == "sidc":
        sidc = v.get("sidc")
        if not isinstance(sidc, str) or not _SIDC.match(sidc):
            raise CounterError(f"a sidc glyph needs a letter SIDC (10-20 of A-Z0-9-*): {sidc!r}")
        out["sidc"] = sidc
    if "text" in v:
        out["text"] = _text(v["text"], "glyph text", 6)
    return out


def validate_counter(
    d: Mapping[str, Any],
    labels: Mapping[str, int] | None = None,
    badges: Iterable[str] | None = None,
) -> dict[str, Any]:
    """The canonical wire form of one counter; :class:`CounterError` naming the bad field.

    ``labels``: the map's labels (a hex must be exactly one of them, or None); ``badges``:
    the badge codes the game's style knows (default :data:`BADGES`).
    """
    if not isinstance(d, Mapping):
        raise CounterError(f"a counter is an object, not {type(d).__name__}")
    extra = set(d) - COUNTER_FIELDS
    if extra:
        raise CounterError(f"unknown counter fields {sorted(map(str, extra))}")
    uid = d.get("id")
    if not isinstance(uid, str) or not uid or len(uid) > _TEXT_MAX:
        raise CounterError(f"counter id must be a non-empty string, not {uid!r}")
    hx = d.get("hex")
    if hx is not None and (not isinstance(hx, str) or (labels is not None and hx not in labels)):
        raise CounterError(f"counter {uid}: hex {hx!r} is not a label of the map")
    kind = d.get("kind")
    if kind is not None:
        kind = _text(kind, "kind", 20)
    out: dict[str, Any] = {"id": uid, "side": _text(d.get("side", "") or "", "side"), "hex": hx}
    if d.get("hidden"):
        # face-down: colour only (and a stale flag); everything else, its kind included (the
        # board's tooltip shows a counter's kind), is dropped unseen
        out["hidden"] = True
        out["glyph"] = {"kind": "none"}
        if d.get("stale"):
            out["stale"] = True
        return out
    if kind is not None:
        out["kind"] = kind
    out["glyph"] = _glyph(d.get("glyph"), kind)
    for name in ("label", "status", "weapon", "seat", "in_vehicle", "tip", "position"):
        v = d.get(name)
        if v is not None:
            out[name] = _text(v, name, 200 if name == "tip" else _TEXT_MAX)
    corners = d.get("corners")
    if corners is not None:
        if not isinstance(corners, Mapping) or set(corners) - set(CORNERS):
            raise CounterError(f"counter {uid}: corners map {CORNERS} to short text")
        out["corners"] = {k: _text(v, f"corner {k}", 6) for k, v in corners.items()}
    bs = d.get("badges")
    if bs is not None:
        known = set(BADGES) if badges is None else set(badges)
        if not isinstance(bs, Sequence) or isinstance(bs, str):
            raise CounterError(f"counter {uid}: badges is a list of codes")
        for b in bs:
            if b not in known:
                raise CounterError(f"counter {uid}: unknown badge {b!r}; known {sorted(known)}")
        out["badges"] = list(dict.fromkeys(bs))
    for name, lo, hi in (("facing", 0, 5), ("speed", 0, 99), ("seen_turn", 0, 10_000)):
        v = d.get(name)
        if v is None:
            continue
        if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
            raise CounterError(f"counter {uid}: {name} must be an integer {lo}..{hi}, not {v!r}")
        out[name] = v
    for name in ("stale", "moving"):
        if d.get(name) is not None:
            if not isinstance(d[name], bool):
                raise CounterError(f"counter {uid}: {name} must be true or false")
            if d[name]:
                out[name] = True
    occ = d.get("occupants")
    if occ is not None:
        if not isinstance(occ, Sequence) or isinstance(occ, str):
            raise CounterError(f"counter {uid}: occupants is a list of unit ids")
        out["occupants"] = [_text(o, "occupant") for o in occ]
    seats = d.get("seats")
    if seats is not None:
        if not isinstance(seats, Mapping):
            raise CounterError(f"counter {uid}: seats maps seat names to unit ids")
        out["seats"] = {_text(k, "seat"): _text(v, "seat unit") for k, v in seats.items()}
    return out


def validate_counters(
    units: Iterable[Mapping[str, Any]],
    labels: Mapping[str, int] | None = None,
    badges: Iterable[str] | None = None,
) -> list[dict[str, Any]]:
    """:func:`validate_counter` for each, and ids unique."""
    known = None if badges is None else set(badges)
    out = [validate_counter(u, labels, known) for u in units]
    ids = [u["id"] for u in out]
    if len(set(ids)) != len(ids):
        dup = sorted({i for i in ids if ids.count(i) > 1})
        raise CounterError(f"counter ids must be unique: {dup}")
    return out


class Counters(traitlets.List):
    """A board trait holding validated counters (see :func:`validate_counter`).

    The owner's map labels (``_label_index``) and style badges (``_badge_codes``) are used
    when set, so a counter on a hex that is not on the map is refused with a TraitError."""

    info_text = "a list of counters (see hexplay.widgets.counters)"

    def __init__(self, **kw: Any) -> None:
        super().__init__(traitlets.Dict(), **kw)

    def validate(self, obj: Any, value: Any) -> list[dict[str, Any]]:
        if not isinstance(value, (list, tuple)):
            self.error(obj, value)
        try:
            return validate_counters(
                value,
                getattr(obj, "_label_index", None) or None,
                getattr(obj, "_badge_codes", None),
            )
        except CounterError as e:
            raise traitlets.TraitError(f"{type(obj).__name__}.units: {e}") from None
