"""SKIRMISH's optional rules' and AMBUSH's event kinds in words (radio messages, the response
force, the cargo, vehicle hits, morale, the breaching charge, the getaway car); every other kind
as the shell words it (:func:`hexplay.widgets.log.describe_event`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hexplay.widgets.log import describe_event as _shell_words


def describe_event(ev: Mapping[str, Any]) -> str:
    """One line for a SKIRMISH or AMBUSH event as a view holds it."""
    text = FEATURE_TEXT.get(str(ev.get("kind", "")))
    return text(ev) if text is not None else _shell_words(ev)


def _radio(d: Mapping[str, Any]) -> str:
    ok = "through" if d.get("through") else "not through"
    roll = f"die {d.get('die', '?')}, needs {d.get('need', '?')} or less"
    if d.get("link") == "CB":
        return f"CB radio to {d.get('to', '?')} ({d.get('range', '?')} hexes): {roll}: {ok}"
    return f"long-range radio to the regional centre ({d.get('km', '?')} km): {roll}: {ok}"


def _dispatched(d: Mapping[str, Any]) -> str:
    return (
        f"response force dispatched ({d.get('density', '?')} population density): arrives on "
        f"turn {d.get('arrival', '?')} (die {d.get('die', '?')}, delay {d.get('delay', 0)})"
    )


def _arrived(d: Mapping[str, Any]) -> str:
    men = ", ".join(map(str, d.get("men") or [])) or "?"
    return f"response force arrives at {d.get('hex', '?')}: {men}"


def _cargo(verb: str, done: str) -> Any:
    """Words for a cargo event: "A2 <verb> at X", or "the cargo is <done> at X" when the
    event does not name the man (the viewer did not see him)."""

    def text(d: Mapping[str, Any]) -> str:
        where = f" at {d['hex']}" if d.get("hex") else ""
        return f"{d['man']} {verb}{where}" if d.get("man") else f"the cargo is {done}{where}"

    return text


_DAMAGE_TEXT = {
    "immobilised": "immobilised",
    "crew_penetrated": "crew compartment penetrated",
    "barrier_damaged": "cargo barrier damaged",
}


def _vehicle_hit(d: Mapping[str, Any]) -> str:
    """An anti-tank hit on a vehicle; the firer, weapon and strengths only when the event holds
    them (the vehicle's side sees them only if it saw the firer, :mod:`.vehicles`)."""
    v = d.get("vehicle", "?")
    if d.get("firer"):
        line = f"{d['firer']} hits {v}" + (
            f" with a {_word(d['weapon'])}" if d.get("weapon") else ""
        )
        if d.get("attack") is not None:
            line += f" ({d['attack']} vs armour {d.get('armour', '?')})"
    else:
        line = f"{v} is hit by an unseen firer"
    res = d.get("result")
    if res == "K":
        what = f"penetrated, damage die {d.get('damage_die', '?')}: " + _DAMAGE_TEXT.get(
            str(d.get("damage")), _word(d.get("damage"))
        )
    elif res == "W":
        what = "immobilised"
    else:
        what = "no effect"
    return f"{line}: die {d.get('die', '?')}, {what}"


def _word(x: Any) -> str:
    """A table name in words (``rocket_launcher`` -> "rocket launcher")."""
    return str(x).replace("_", " ")


def _suppression(d: Mapping[str, Any]) -> str:
    man, die = d.get("man", "?"), d.get("die", "?")
    if d.get("suppressed"):
        return f"{man} is suppressed by automatic fire (die {die}): fewer AP next turn"
    return f"{man} keeps his head under automatic fire (die {die})"


def _panic(d: Mapping[str, Any]) -> str:
    man, die = d.get("man", "?"), d.get("die", "?")
    if d.get("panicked"):
        return f"{man} panics (die {die}): next turn he can only run for cover or get out"
    return f"{man} keeps calm (die {die})"


def _charge(d: Mapping[str, Any]) -> str:
    return (
        f"{d.get('man', '?')} sets a breaching charge: +{d.get('points', '?')} barrier points "
        f"(total {d.get('total', '?')})"
    )


def _car_entered(d: Mapping[str, Any]) -> str:
    men = ", ".join(map(str, d.get("men") or [])) or "nobody"
    kind = f"{_word(d['type'])} " if d.get("type") else ""
    return (
        f"the getaway car ({kind}{d.get('vehicle', '?')}) enters at {d.get('hex', '?')} with {men}"
    )


#: AMBUSH's event kinds (radio messages, the response force, the cargo, vehicle hits,
#: morale, the breaching charge, the getaway car) in words.
FEATURE_TEXT: dict[str, Any] = {
    "vehicle hit": _vehicle_hit,
    "suppression": _suppression,
    "panic": _panic,
    "breaching charge": _charge,
    "getaway car entered": _car_entered,
    "radio": _radio,
    "response dispatched": _dispatched,
    "response arrived": _arrived,
    "cargo loaded": _cargo("loads the cargo", "loaded"),
    "cargo picked up": _cargo("picks up the cargo", "picked up"),
    "cargo dropped": _cargo("drops the cargo", "dropped"),
    "cargo away": _cargo("gets the cargo off the map", "got off the map"),
    "cargo recovered": _cargo("recovers the cargo", "recovered"),
}
