"""A seat's page in Jupyter or Voila: a plain ipywidgets panel over a :class:`RemoteGame`.

It shows the seat's status line (turn, phase, each side plotting / submitted, the class timer),
the units the seat's view holds and its plot, and an order builder driven only by the table's
``legal_orders`` (one menu per need), with Order, Undo and Submit. Pushes from the table update
it (``RemoteGame.watch``). It is a plain fallback seat page for any registered game; the seat's
ordinary app is :class:`~hexplay.serve.seat_app.SeatApp` (what notebooks/seat.ipynb shows).
"""

from __future__ import annotations

import html
import json
import time
from typing import Any

import ipywidgets as W

from ..engine import IllegalOrder, LegalOrder
from .client import RemoteGame


def _option_label(need_kind: str, v: Any) -> str:
    if need_kind == "path" and isinstance(v, (list, tuple)):
        return f"to {v[-1]} ({len(v)} hexes)"
    return str(v)


class SeatPanel(W.VBox):
    """The seat's live page: status, units, plot, and the order builder."""

    def __init__(self, game: RemoteGame, watch: bool = True) -> None:
        self.game = game
        self.status = W.HTML()
        self.units = W.HTML()
        self.message = W.HTML()
        self.choice = W.Dropdown(description="order", layout=W.Layout(width="420px"))
        self.needs = W.VBox()
        self.order_b = W.Button(description="Order", button_style="primary")
        self.undo_b = W.Button(description="Undo")
        self.submit_b = W.Button(description="Submit", button_style="success")
        self._legal: list[LegalOrder] = []
        self._need_widgets: dict[str, W.Dropdown] = {}
        self.choice.observe(lambda _c: self._show_needs(), names="value")
        self.order_b.on_click(lambda _b: self.give_order())
        self.undo_b.on_click(lambda _b: self._intent(game.undo))
        self.submit_b.on_click(lambda _b: self._intent(game.submit))
        title = W.HTML(f"<h3>{html.escape(game.info.title)} · {html.escape(game.seat)}</h3>")
        buttons = W.HBox([self.order_b, self.undo_b, self.submit_b])
        builder = W.VBox([self.choice, self.needs, buttons, self.message])
        if game.seat == "referee":
            builder.layout.display = "none"  # the referee watches; the sides play
        super().__init__([title, self.status, builder, self.units])
        self.refresh()
        if watch:
            game.watch(lambda _state: self.refresh(fetch=False))

    # --- showing --------------------------------------------------------------------------
    def refresh(self, fetch: bool = True) -> None:
        state = self.game.refresh() if fetch else self.game.state
        st, view = state["status"], state["view"]
        sides = " · ".join(
            f"<b>{html.escape(s)}</b> {html.escape(v)}" for s, v in st["sides"].items()
        )
        timer = ""
        if st.get("deadline"):
            timer = f" · {max(0, round(st['deadline'] - time.time()))} s left"
        self.status.value = f"Turn {st['turn']} · {html.escape(st['phase'])} · {sides}{timer}"
        rows = "".join(
            f"<tr><td>{html.escape(u)}</td><td>{html.escape(str(d.get('side')))}</td>"
            f"<td>{html.escape(str(d.get('hex')))}</td></tr>"
            for u, d in view.get("units", {}).items()
        )
        plot = view.get("plot")
        plot_html = f"<pre>{html.escape(json.dumps(plot, indent=1))}</pre>" if plot else ""
        self.units.value = (
            f"<table><tr><th>unit</th><th>side</th><th>hex</th></tr>{rows}</table>{plot_html}"  # noqa: E501
        )
        self._load_legal()

    def _load_legal(self) -> None:
        acting = self.game.seat in self.game.to_act()
        self._legal = self.game.legal_orders() if acting and self.game.seat != "referee" else []
        self.choice.options = [(lo.label or lo.kind, i) for i, lo in enumerate(self._legal)]
        self.choice.value = 0 if self._legal else None
        for b in (self.order_b, self.undo_b, self.submit_b):
            b.disabled = not acting
        self._show_needs()

    def _show_needs(self) -> None:
        self._need_widgets = {}
        i = self.choice.value
        if i is None or i >= len(self._legal):
            self.needs.children = ()
            return
        for n in self._legal[i].needs:
            opts: list[tuple[str, int | None]] = [
                (_option_label(n.kind, v), k) for k, v in enumerate(n.options)
            ]
            if n.optional:
                opts = [("(the rules choose)", None), *opts]
            self._need_widgets[n.name] = W.Dropdown(options=opts, description=n.prompt or n.name)
        self.needs.children = tuple(self._need_widgets.values())

    # --- acting ---------------------------------------------------------------------------
    def give_order(self) -> None:
        i = self.choice.value
        if i is None or i >= len(self._legal):
            return
        lo = self._legal[i]
        values = {}
        for n in lo.needs:
            k = self._need_widgets[n.name].value
            if k is not None:
                v = n.options[k]
                values[n.name] = list(v) if isinstance(v, tuple) else v
        self._intent(lambda: self.game.order(lo.complete(**values)))

    def _intent(self, fn) -> None:
        try:
            fn()
            self.say("")
        except (IllegalOrder, PermissionError) as e:
            self.say(str(e), error=True)
        self.refresh(fetch=False)

    def say(self, text: str, error: bool = False) -> None:
        colour = "#b8322a" if error else "#2b5d2b"
        self.message.value = (
            f"<span style='color:{colour}'>{html.escape(text)}</span>" if text else ""
        )
