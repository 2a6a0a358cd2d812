"""Inputs checked at the edge: what SkirmishGame's intents accept, before any rule runs.

Every intent (plot, place, arrange, odds, ...) passes its arguments through these functions
first, so the rules inside see only valid values: hex labels exactly as the map writes them
(a label with spaces, a newline or non-ASCII digits is not one), unit ids and names as strings,
counts as integers. A bad value raises :class:`~hexplay.engine.IllegalOrder` naming the rule
and the argument; nothing has changed yet.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...engine import IllegalOrder


def hex_label(g, h: Any, rule: str, what: str = "hex") -> str:
    """The map's own label for ``h``: a label exactly as the map writes it, or an axial
    ``(q, r)`` pair on the map. Anything else is refused (never stored as typed)."""
    if type(h) is str:
        if h in g.terrain.index:
            return h
        raise IllegalOrder(
            rule, f"{what} {h!r} is not a hex of map {g.map.name!r} (labels like {_eg(g)!r})"
        )
    if (
        isinstance(h, tuple)
        and len(h) == 2
        and all(type(x) is int for x in h)
        and g.map.contains((h[0], h[1]))
    ):
        return g.map.label((h[0], h[1]))
    raise IllegalOrder(rule, f"{what} must be a hex label like {_eg(g)!r}, not {h!r}")


def _eg(g) -> str:
    labels = g.terrain.labels
    return labels[len(labels) // 2] if labels else "0101"


def path_labels(g, path: Any, rule: str = "§8 off-board") -> tuple[str, ...]:
    """An MP path (a list or tuple of hexes) as map labels; ``None`` is the empty path. A hex
    that is not on the map breaks §8 (a counter on the board can never leave it)."""
    if path is None:
        return ()
    if isinstance(path, (str, bytes)) or not isinstance(path, Sequence):
        raise IllegalOrder(rule, f"path must be a list of hex labels, not {path!r}")
    index = g.terrain.index
    if all(type(h) is str and h in index for h in path):  # (the common case, no copies)
        return tuple(path)
    return tuple(
        hex_label(g, h, rule, "path hex (a counter on the board never leaves it)") for h in path
    )


def text(v: Any, rule: str, what: str, optional: bool = True) -> str | None:
    """A string argument (an id, a code, a weapon, a seat); None only if ``optional``."""
    if v is None and optional:
        return None
    if type(v) is not str:
        raise IllegalOrder(rule, f"{what} must be a string, not {v!r}")
    return v


def count(v: Any, rule: str, what: str, lo: int = 0, hi: int | None = None) -> int:
    """An integer argument in ``lo..hi`` (None counts as 0; bools, floats, NaN refused)."""
    if v is None:
        v = 0
    if type(v) is not int:
        raise IllegalOrder(rule, f"{what} must be a whole number, not {v!r}")
    if v < lo or (hi is not None and v > hi):
        span = f"{lo}..{hi}" if hi is not None else f">= {lo}"
        raise IllegalOrder(rule, f"{what} must be {span}, not {v}")
    return v


def mapping(v: Any, rule: str, what: str) -> Mapping[str, Any]:
    """A dict argument with string keys (None is empty)."""
    if v is None:
        return {}
    if not isinstance(v, Mapping) or not all(type(k) is str for k in v):
        raise IllegalOrder(rule, f"{what} must be an object with string keys, not {v!r}")
    return v


def arrangement(g, men, vehicles, wounds, turn, barrier) -> tuple:
    """:meth:`SkirmishGame.arrange`'s arguments checked and canonical (labels, seats, counts):
    ``men`` id -> hex or [vehicle, seat]; ``vehicles`` id -> {hex|pos, moving, heading,
    spares (gun -> count), entered_board};
    ``wounds`` id -> 0..2; ``turn`` 1..turn limit; ``barrier`` >= 0."""
    from .scenario import VEHICLE_SEATS

    rule = "arrange"
    men_out: dict[str, Any] = {}
    for mid, where in mapping(men, rule, "men").items():
        if mid not in g.men:
            raise IllegalOrder(rule, f"no man {mid!r}")
        if isinstance(where, (list, tuple)) and len(where) == 2 and type(where[0]) is str:
            vid, seat = where
            if vid not in g.vehicles or seat not in VEHICLE_SEATS:
                raise IllegalOrder(rule, f"{mid}: [vehicle, seat] with a seat of {VEHICLE_SEATS}")
            men_out[mid] = [vid, seat]
        else:
            men_out[mid] = hex_label(g, where, rule, f"{mid}'s hex")
    veh_out: dict[str, dict[str, Any]] = {}
    for vid, spec in mapping(vehicles, rule, "vehicles").items():
        if vid not in g.vehicles:
            raise IllegalOrder(rule, f"no vehicle {vid!r}")
        spec = mapping(spec, rule, f"vehicles[{vid!r}]")
        bad = set(spec) - {"hex", "pos", "moving", "heading", "spares", "entered_board"}
        if bad:
            raise IllegalOrder(rule, f"vehicles[{vid!r}]: unknown keys {sorted(bad)}")
        s: dict[str, Any] = {}
        if "hex" in spec:
            s["hex"] = hex_label(g, spec["hex"], rule, f"{vid}'s hex")
        if "pos" in spec:
            s["pos"] = count(spec["pos"], rule, f"{vid}'s pos", lo=-10_000, hi=10_000)
        if "moving" in spec:
            if type(spec["moving"]) is not bool:
                raise IllegalOrder(rule, f"{vid}'s moving must be true or false")
            s["moving"] = spec["moving"]
        if "heading" in spec:
            if spec["heading"] not in (1, -1) or type(spec["heading"]) is not int:
                raise IllegalOrder(rule, f"{vid}'s heading must be 1 or -1")
            s["heading"] = spec["heading"]
        if "spares" in spec:
            spares = mapping(spec["spares"], rule, f"{vid}'s spares")
            if set(spares) - {"rifle", "shotgun"}:
                raise IllegalOrder(rule, f"{vid}'s spares: rifle and shotgun counts only")
            s["spares"] = {
                k: count(n, rule, f"{vid}'s {k} spares", 0, 99) for k, n in spares.items()
            }
        if "entered_board" in spec:
            if type(spec["entered_board"]) is not bool:
                raise IllegalOrder(rule, f"{vid}'s entered_board must be true or false")
            s["entered_board"] = spec["entered_board"]
        veh_out[vid] = s
    wounds_out = {}
    for mid, w in mapping(wounds, rule, "wounds").items():
        if mid not in g.men:
            raise IllegalOrder(rule, f"no man {mid!r}")
        wounds_out[mid] = count(w, rule, f"{mid}'s wounds", 0, 2)
    if turn is not None:
        turn = count(turn, rule, "turn", 1, g.scenario.turn_limit)
    if barrier is not None:
        barrier = count(barrier, rule, "barrier")
    return (
        men_out if men is not None else None,
        veh_out if vehicles is not None else None,
        wounds_out if wounds is not None else None,
        turn,
        barrier,
    )
