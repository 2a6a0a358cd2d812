"""What a side may know (views follow :data:`hexplay.engine.protocol.VIEW_KEYS`).

A side sees all of its own ships and plot, and of the enemy the ships spotted at this turn's
sight phase (rule (b)) or kept by rule (c), never the enemy plot. An unspotted enemy ship on
the map is a face-down counter (:func:`face_down`): the article, "Units not visible to the
enemy are maneuvered with both the ship counter and the speed/facing marker inverted; the
opposing player may not examine these counters": its position is known, not its identity,
class, course or speed. Spotted markers are public, so each ship's spotting status is shown with its
reason. The last resolved turn's events are shown as the side saw them (moves of unspotted enemy
ships left out, unspotted torpedo firers left out). Victory points are public (phase F).
When the game is over every ship and both plot charts are shown (``chart``; during play a
side reads its own chart with ``game.plot_chart(side)``).
"""

from __future__ import annotations

from typing import Any

from ...engine import REFEREE, jsonable
from .movement import FACINGS
from .ships import SIDES


def static_entry(g, s) -> dict[str, Any]:
    """What never changes about a ship in a game (its counter's printed figures)."""
    k = s.klass
    return {
        "side": s.side,
        "class": s.cls,
        "type": k.type,
        "code": k.code,
        "torpedo": k.torpedo_attack,
        "defense": s.defense,
        "troops": s.troops,
        "supply": s.supply,
        "turn_cost": k.turn_cost,
        "gun_range": list(k.gun_range),
        "torpedo_range": g.torpedo_range_of(s),
    }


def ship_entry(g, s, spotted: tuple[str | None, str] | None) -> dict[str, Any]:
    """A ship's counter in a view: a copy of its :func:`static_entry` (made once per game and
    ship; range lists copied too) with the ship's state now set after it (the same keys in
    the same order as ``{**static, ...}``, built faster)."""
    st = g._static.get(s.id)
    if st is None:
        st = g._static[s.id] = static_entry(g, s)
    e = st.copy()
    h = s.hex
    e["gun_range"] = list(st["gun_range"])
    e["torpedo_range"] = list(st["torpedo_range"])
    e["hex"] = None if h is None or s.status != "afloat" else g.label(h)
    e["status"] = s.status
    e["facing"] = FACINGS[s.facing]
    e["speed"] = s.speed
    e["top_speed"] = s.top_speed
    e["gunnery"] = s.gunnery
    e["p_hits"] = s.p_hits
    e["w_hits"] = s.w_hits
    e["salvos"] = s.salvos
    e["torpedo_ready"] = s.torpedo_ready
    e["spotted"] = None if spotted is None else spotted[0]
    e["spotted_why"] = None if spotted is None else spotted[1]
    return e


def ship_entry_plain(g, s, spotted: tuple[str | None, str] | None) -> dict[str, Any]:
    """:func:`ship_entry` as one dict display (the plain version)."""
    static = static_entry(g, s)
    return {
        **static,
        "hex": None if s.hex is None or s.status != "afloat" else g.label(s.hex),
        "status": s.status,
        "facing": FACINGS[s.facing],
        "speed": s.speed,
        "top_speed": s.top_speed,
        "gunnery": s.gunnery,
        "p_hits": s.p_hits,
        "w_hits": s.w_hits,
        "salvos": s.salvos,
        "torpedo_ready": s.torpedo_ready,
        "spotted": None if spotted is None else spotted[0],
        "spotted_why": None if spotted is None else spotted[1],
    }


FACE_DOWN = "?"
"""A face-down counter's id: ``?`` + its hex (``?4010``; ``?4010-2``, ``-3``... for more in
the same hex)."""


def face_down(g, side: str, shown: set[str]) -> dict[str, dict[str, Any]]:
    """The enemy ships on the map that ``side`` may not examine (not in ``shown``), face down:
    ``{"side", "hex", "face_down": True}`` and nothing else, listed in hex order under an alias
    made of the hex (so neither the order nor the id says which ship it is, and an id does not
    follow a ship from turn to turn: the side may follow the counters by their positions, as
    a player watches inverted counters move on the table)."""
    seen = sorted(
        (g.label(s.hex), s.side)
        for s in g.ships.values()
        if s.side != side and s.id not in shown and s.hex is not None and s.status == "afloat"
    )
    out: dict[str, dict[str, Any]] = {}
    for lab, sd in seen:
        alias, n = f"{FACE_DOWN}{lab}", 1
        while alias in out:
            n += 1
            alias = f"{FACE_DOWN}{lab}-{n}"
        out[alias] = {"side": sd, "hex": lab, "face_down": True}
    return out


def build_view(g, side: str) -> dict[str, Any]:
    referee = side == REFEREE
    over = g.over
    units: dict[str, Any] = {}
    known = set(g.known_enemies(side)) if not referee else set()
    for s in g.ships.values():
        own = s.side == side
        if not (referee or over or own or s.id in known):
            continue
        if not own and not referee and not over and s.status != "afloat":
            continue
        units[s.id] = ship_entry(g, s, g.spotting_status(s.id) if not over else None)
    if not (referee or over) and side in SIDES:
        units.update(face_down(g, side, set(units)))
    sides = SIDES if (referee or over) else (side,)
    plots = {
        sd: {k: {**p.to_dict(), **g.plotted(k)} for k, p in g.plots[sd].items()} for sd in sides
    }
    chart = g.plot_chart(side) if (over or referee) else []
    key = "referee" if referee else side
    last = g.history[-1] if g.history else None
    # (plain JSON: attack strengths may be Fractions, e.g. gunnery halved at extended range)
    seen = [] if last is None else [e[key] for e in last["events"] if e[key] is not None]
    events = jsonable(seen)
    v = g.victory()
    enemy_losses = {
        sd: sorted(s.id for s in g.ships.values() if s.side == sd and s.status == "sunk")
        for sd in SIDES
    }
    return {
        "game": "naval",
        "side": side,
        "turn": g.turn,
        "phase": g.phase,
        "to_act": list(g.to_act()),
        "over": over,
        "winner": g.end["winner"] if g.end else None,
        "units": units,
        "scenario": g.scenario.name,
        "turns": g.scenario.turns,
        "map": {"cols": g.map.cols, "rows": g.map.rows},
        "sea": {**g.sea_dict, "land": list(g.sea_dict["land"])},
        "spotting_range": g.scenario.spotting_range,
        "rules": {
            "usn_radar": g.scenario.usn_radar,
            "radar_range": g.scenario.radar_range,
            "usn_torpedo_range_4": g.scenario.usn_torpedo_range_4,
            "leave_loses_before": g.scenario.leave_loses_before,
        },
        "targets": {
            "gunnery": g.gunnery_targets(side) if not referee else [],
            "torpedo": g.torpedo_targets(side) if not referee else [],
        },
        "submitted": dict(g.submitted),
        "plots": plots,
        "chart": chart,
        "events": events,
        "sunk": enemy_losses,
        "vp": dict(v["vp"]),
        "ratio": v["ratio"],
        "level": v["level"],
    }
