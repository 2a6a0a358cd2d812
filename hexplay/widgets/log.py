"""Results log (shots with die and result, moves, barrier points) and the record table."""

from __future__ import annotations

import html
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import ipywidgets as W

_TABLE_STYLE = (
    "<style>.hexplay-table{border-collapse:collapse;font-size:12px;width:100%}"
    ".hexplay-table th,.hexplay-table td{border-bottom:1px solid #ddd;padding:2px 6px;"
    "text-align:left;vertical-align:top}.hexplay-table th{background:#f2efe6;position:sticky;"
    "top:0}.hexplay-K{color:#b8322a;font-weight:700}.hexplay-W{color:#b07c00;font-weight:700}"
    "</style>"
)


def _e(x: Any) -> str:
    return html.escape("" if x is None else str(x))


_RESULT_TEXT = {
    "K": "KILLED",
    "W": "wounded",
    "miss": "miss",
    "spent": "no roll: the target is already killed this turn",
}


def _path(p: Any) -> str:
    return "-".join(map(str, p)) if isinstance(p, (list, tuple)) else str(p)


def describe_event(ev: Mapping[str, Any]) -> str:
    """One line of plain text for an event as a view holds it (``Event.for_side``: a flat dict
    with ``kind``); SKIRMISH's kinds in words, any other game's as ``kind: key value, ...``."""
    d, kind = ev, str(ev.get("kind", ""))
    if kind in FEATURE_TEXT:
        return FEATURE_TEXT[kind](d)
    if kind == "fire":
        line = f"{d.get('firer', '?')} fires at {d.get('target', '?')}"
        line += f" ({d['weapon']})" if d.get("weapon") else ""
        bits = [line]
        if d.get("attack") is not None:
            bits.append(f"{d['attack']}:{d.get('defence')} ({d.get('ratio', '')})")
        if d.get("die") is not None:
            bits.append(f"die {d['die']}")
        if d.get("result") is not None:
            bits.append(_RESULT_TEXT.get(str(d["result"]), str(d["result"])))
        return ", ".join(bits)
    if kind == "move":
        who = d.get("man")
        who = "an enemy out of sight" if who in (None, "?") else who
        return f"{who} moves {_path(d.get('path', ''))}"
    if kind == "vehicle":
        how = f"moves {d.get('hexes', 0)} hexes to" if d.get("moving") else "stands at"
        return f"{d.get('vehicle', '?')} {how} {d.get('at', '?')}"
    if kind == "exit":
        return f"{d.get('man', '?')} leaves {d.get('vehicle', '?')} at {d.get('hex', '?')}"
    if kind == "casualty":
        return f"{d.get('man', '?')} is {d.get('condition', '?')}"
    if kind == "barrier work":
        return (
            f"barrier work: {d.get('workers', '?')} worker(s), +{d.get('points', 0)} "
            f"(total {d.get('total', '?')})"
        )
    if kind == "game over":
        who = d.get("winner")
        return f"game over: {who} wins ({d.get('reason')})" if who else "game over: a draw"
    skip = {"index", "turn", "phase", "kind"}

    def word(k: str, v: Any) -> str:  # "moving False" reads as code: "not moving"
        if isinstance(v, bool):
            return k if v else f"not {k}"
        return f"{k} {_path(v)}"

    rest = ", ".join(word(k, v) for k, v in d.items() if k not in skip and v is not None)
    return f"{kind}: {rest}" if rest else kind


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


def _result_class(ev: Mapping[str, Any]) -> str:
    res = str(ev.get("result", ""))
    return f"hexplay-{res}" if res in ("K", "W") else ""


class ResultsLog(W.VBox):
    """Newest-first table of events: turn, phase, what happened (die rolls and results)."""

    def __init__(self, max_rows: int = 300, **kwargs: Any) -> None:
        self.max_rows = max_rows
        self.events: list[dict[str, Any]] = []
        self.html = W.HTML(layout=W.Layout(max_height="480px", overflow="auto"))
        super().__init__([self.html], **kwargs)
        self._render()

    def set_events(self, events: Iterable[Mapping[str, Any]]) -> None:
        self.events = [dict(e) for e in events]
        self._render()

    def add_events(self, events: Iterable[Mapping[str, Any]]) -> None:
        self.events.extend(dict(e) for e in events)
        self._render()

    def lines(self) -> list[str]:
        return [describe_event(e) for e in self.events]

    def _render(self) -> None:
        if not self.events:
            self.html.value = "<i>no events yet</i>"
            return
        rows = []
        for e in reversed(self.events[-self.max_rows :]):
            cls = _result_class(e)
            rows.append(
                f"<tr><td>{_e(e.get('turn', ''))}</td><td>{_e(e.get('phase', ''))}</td>"
                f"<td class='{cls}'>{_e(describe_event(e))}</td></tr>"
            )
        self.html.value = (
            _TABLE_STYLE + "<table class='hexplay-table'><tr><th>turn</th><th>phase</th>"
            "<th>event</th></tr>" + "".join(rows) + "</table>"
        )


def table_html(rows: Sequence[Mapping[str, Any]], columns: Sequence[str] | None = None) -> str:
    """A plain HTML table of dict rows (cells escaped; lists joined with "; ")."""
    if not rows:
        return "<i>empty</i>"
    cols = list(columns) if columns else list(dict.fromkeys(k for r in rows for k in r))

    def cell(v: Any) -> str:
        if isinstance(v, (list, tuple)):
            v = "; ".join(map(str, v))
        s = _e(v)
        return f"<span class='hexplay-{s}'>{s}</span>" if s in ("K", "W") else s

    head = "".join(f"<th>{_e(c)}</th>" for c in cols)
    body = "".join(
        "<tr>" + "".join(f"<td>{cell(r.get(c, ''))}</td>" for c in cols) + "</tr>" for r in rows
    )
    return _TABLE_STYLE + f"<table class='hexplay-table'><tr>{head}</tr>{body}</table>"


class RecordTable(W.VBox):
    """The game-turn record (activity chart) as a live table: one row per unit and turn."""

    def __init__(self, **kwargs: Any) -> None:
        self.rows: list[dict[str, Any]] = []
        self.columns: list[str] | None = None
        # scrolls both ways inside the panel (its right-hand columns were cut off)
        self.html = W.HTML(layout=W.Layout(max_height="320px", overflow="auto", width="100%"))
        self.summary = W.HTML()
        super().__init__([self.summary, self.html], **kwargs)
        self._render()

    def set_rows(
        self,
        rows: Iterable[Mapping[str, Any]],
        columns: Sequence[str] | None = None,
        summary: str = "",
    ) -> None:
        self.rows = [dict(r) for r in rows]
        self.columns = list(columns) if columns else None
        self.summary.value = _e(summary)
        self._render()

    def _render(self) -> None:
        self.html.value = table_html(self.rows, self.columns) if self.rows else "<i>no record</i>"
