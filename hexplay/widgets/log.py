"""Results log (shots with die and result, moves, barrier points) and the record table."""

from __future__ import annotations

import html
from collections.abc import Callable, Iterable, Mapping, Sequence
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
    with ``kind``): shots, moves, vehicles, casualties, barrier work and the game's end in
    words, any other kind as ``kind: key value, ...`` (a game's adapter words its own:
    ``GameUI.describe_event``); an event that carries its own words (``text``) is that."""
    d, kind = ev, str(ev.get("kind", ""))
    if isinstance(ev.get("text"), str):
        return ev["text"]
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


def _result_class(ev: Mapping[str, Any]) -> str:
    res = str(ev.get("result", ""))
    return f"hexplay-{res}" if res in ("K", "W") else ""


class ResultsLog(W.VBox):
    """Newest-first table of events: turn, phase, what happened (die rolls and results)."""

    def __init__(
        self,
        max_rows: int = 300,
        describe: Callable[[Mapping[str, Any]], str] | None = None,
        **kwargs: Any,
    ) -> None:
        #: One line for an event (the game adapter's ``describe_event``).
        self.describe = describe or describe_event
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
        return [self.describe(e) for e in self.events]

    def _render(self) -> None:
        if not self.events:
            self.html.value = "<i>no events yet</i>"
            return
        rows = []
        for e in reversed(self.events[-self.max_rows :]):
            cls = _result_class(e)
            rows.append(
                f"<tr><td>{_e(e.get('turn', ''))}</td><td>{_e(e.get('phase', ''))}</td>"
                f"<td class='{cls}'>{_e(self.describe(e))}</td></tr>"
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
